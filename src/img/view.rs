//! Stage `view`: the parsed [`Directory`] and [`Archive`], the entries they hand
//! out and each entry's bytes ([`EntryData`]); data types and accessors only (the
//! parsers are in `validate`).

use core::iter::FusedIterator;

use super::layout::{ENTRY_LEN, SECTOR_U64};
use super::raw;
use super::records::{self, Entry};
use super::{Options, Version};
use crate::wire::{self, validated};

/// A checked directory: the entries of a v2 archive (read from its first bytes)
/// or of a v1 `.dir`, without the data.
///
/// Alone, it lists the archive; with the archive's length given to the parser, it
/// also knows every entry lies inside, and [`Directory::entry_data`] checks a
/// caller's buffer holding one entry's sectors, as the PS2 streamed them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Directory<'a> {
    pub(super) version: Version,
    /// The directory buffer (v2: from the archive's first byte).
    pub(super) bytes: &'a [u8],
    /// Where the entries start in `bytes`.
    pub(super) start: usize,
    /// Entries declared (v1: whole entries in the `.dir`).
    pub(super) count: u32,
    /// The archive's length in bytes, when known.
    pub(super) archive_len: Option<u64>,
    pub(super) options: Options,
}

impl<'a> Directory<'a> {
    /// The archive's version.
    pub const fn version(&self) -> Version {
        self.version
    }

    /// The options it was parsed with.
    pub const fn options(&self) -> Options {
        self.options
    }

    /// Entries the directory declares, those a lenient read skips included.
    pub const fn declared(&self) -> u32 {
        self.count
    }

    /// The archive's length in bytes, when it was given to the parser.
    pub const fn archive_len(&self) -> Option<u64> {
        self.archive_len
    }

    /// Bytes of the directory (v2: the header and the entries).
    pub fn len(&self) -> usize {
        wire::span_end(wire::wide(self.start), u64::from(self.count), ENTRY_LEN)
            .try_into()
            .unwrap_or(usize::MAX)
    }

    /// Whether the directory declares no entry.
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Entry `index` as declared, whether or not a lenient read skips it
    /// ([`Directory::is_skipped`]); `None` past the end.
    pub fn get(&self, index: u32) -> Option<Entry<'a>> {
        if index >= self.count {
            return None;
        }
        let at = usize::try_from(index)
            .ok()?
            .checked_mul(ENTRY_LEN)?
            .checked_add(self.start)?;
        match self.version {
            Version::V1 => validated(wire::records_at::<raw::EntryV1>(self.bytes, at, 1))
                .and_then(|r| r.first())
                .map(|r| records::decode(r, index, at)),
            Version::V2 => validated(wire::records_at::<raw::EntryV2>(self.bytes, at, 1))
                .and_then(|r| r.first())
                .map(|r| records::decode(r, index, at)),
        }
    }

    /// The entries the game reads, in directory order: every declared entry, less
    /// those a lenient read skips (a name the game does not load and sectors past
    /// the archive's end).
    pub fn entries(&self) -> Entries<'a> {
        Entries {
            directory: *self,
            next: 0,
        }
    }

    /// The first entry named `name` (compared case-insensitively, as the game
    /// does; the first wins, as in the game).
    pub fn find(&self, name: &[u8]) -> Option<Entry<'a>> {
        self.entries().find(|e| e.name.eq_ignore_ascii_case(name))
    }

    /// Whether a lenient read skips `entry`: its name has no extension the game
    /// loads and its sectors lie past the archive's end. Never for a strict read.
    pub fn is_skipped(&self, entry: &Entry<'_>) -> bool {
        self.options.skip_unloaded_past_end
            && !entry.kind.is_loaded_by(self.version)
            && self.past_end(entry)
    }

    /// The end of the entries' sectors, in bytes (strict: whole sectors inside the
    /// archive; lenient: the last sector may be partial).
    pub(super) fn limit_sectors(&self) -> Option<u64> {
        let len = self.archive_len?;
        let whole = len / SECTOR_U64;
        Some(
            if self.options.allow_partial_last_sector && len % SECTOR_U64 != 0 {
                whole.saturating_add(1)
            } else {
                whole
            },
        )
    }

    pub(super) fn past_end(&self, entry: &Entry<'_>) -> bool {
        self.limit_sectors()
            .is_some_and(|limit| entry.end_sector() > limit)
    }

    /// `entry`'s bytes from a buffer holding its sectors (from its first sector
    /// on, as the PS2 streamed an entry into its buffer): the first
    /// [`Entry::len`] bytes of `sectors`, clamped at the archive's end where a
    /// lenient read let the last sector be partial. `None` where `sectors` is
    /// shorter than that, or `entry` is not of this directory.
    pub fn entry_data<'b>(&self, entry: &Entry<'b>, sectors: &'b [u8]) -> Option<EntryData<'b>> {
        if self.get(entry.index).is_none_or(|own| own != *entry) || self.is_skipped(entry) {
            return None;
        }
        let len = self.data_len(entry)?;
        Some(EntryData {
            entry: *entry,
            bytes: sectors.get(..len)?,
        })
    }

    /// Where `entry`'s data starts: its first sector, clamped at the archive's end
    /// (a lenient read lets an empty entry start past a partial last sector).
    pub(super) fn data_start(&self, entry: &Entry<'_>) -> u64 {
        let start = entry.byte_range().start;
        match self.archive_len {
            Some(len) => start.min(len),
            None => start,
        }
    }

    /// Bytes of `entry`'s data: its sectors, clamped at the archive's end.
    pub(super) fn data_len(&self, entry: &Entry<'_>) -> Option<usize> {
        let range = entry.byte_range();
        let end = match self.archive_len {
            Some(len) => range.end.min(len),
            None => range.end,
        };
        usize::try_from(end.saturating_sub(range.start)).ok()
    }
}

/// What a [`Directory`] is made of besides its bytes: for callers that cannot keep
/// the borrow (the C API keeps these in a C struct) and rebuild the directory with
/// [`Directory::from_parts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DirectoryParts {
    /// The archive's version.
    pub version: Version,
    /// Entries declared ([`Directory::declared`]).
    pub count: u32,
    /// The archive's length in bytes, when it was given to the parser.
    pub archive_len: Option<u64>,
    /// The options it was parsed with.
    pub options: Options,
}

impl<'a> Directory<'a> {
    /// The parts [`Directory::from_parts`] rebuilds this directory from, with its
    /// bytes.
    pub const fn parts(&self) -> DirectoryParts {
        DirectoryParts {
            version: self.version,
            count: self.count,
            archive_len: self.archive_len,
            options: self.options,
        }
    }

    /// Rebuilds a directory in O(1) from the bytes it was parsed from and its
    /// [`parts`](Directory::parts), without checking its entries again.
    ///
    /// `None` when the parts do not fit `bytes`: a v2 buffer without the `VER2`
    /// magic, another count than its count field, or too short for the entries; a
    /// v1 `.dir` whose whole entries are not `count` (or with a partial entry the
    /// options do not allow). Parts that did not come from [`Directory::parts`] over
    /// the same unchanged bytes give a directory that never panics or reads outside
    /// `bytes`, but whose entries were not checked (names, sectors).
    pub fn from_parts(bytes: &'a [u8], parts: DirectoryParts) -> Option<Self> {
        let start = match parts.version {
            Version::V1 => {
                let whole = bytes.len() / ENTRY_LEN;
                let partial = !bytes.len().is_multiple_of(ENTRY_LEN);
                if u32::try_from(whole).ok()? != parts.count
                    || (partial && !parts.options.allow_partial_entry)
                {
                    return None;
                }
                0
            }
            Version::V2 => {
                let header = bytes.get(..super::layout::HEADER_V2_LEN)?;
                let (magic, count) = header.split_at_checked(4)?;
                let count = u32::from_le_bytes(count.try_into().ok()?);
                if magic != super::MAGIC_V2.as_slice() || count != parts.count {
                    return None;
                }
                super::layout::HEADER_V2_LEN
            }
        };
        let directory = Self {
            version: parts.version,
            bytes,
            start,
            count: parts.count,
            archive_len: parts.archive_len,
            options: parts.options,
        };
        (wire::wide(directory.len()) <= wire::wide(bytes.len())).then_some(directory)
    }
}

/// The entries of a [`Directory`] the game reads; see [`Directory::entries`].
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    directory: Directory<'a>,
    next: u32,
}

impl<'a> Iterator for Entries<'a> {
    type Item = Entry<'a>;

    fn next(&mut self) -> Option<Entry<'a>> {
        while self.next < self.directory.count {
            let entry = self.directory.get(self.next)?;
            self.next = self.next.saturating_add(1);
            if !self.directory.is_skipped(&entry) {
                return Some(entry);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.directory.count.saturating_sub(self.next)).ok();
        (0, left)
    }
}

impl FusedIterator for Entries<'_> {}

/// A whole archive: its [`Directory`] and the archive's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Archive<'a> {
    pub(super) directory: Directory<'a>,
    /// The archive: the whole v2 file, or the v1 `.img`.
    pub(super) data: &'a [u8],
}

impl<'a> Archive<'a> {
    /// The archive of `directory` and the archive's bytes `data`, in O(1): `None`
    /// unless the directory was parsed with `data`'s length as the archive's
    /// ([`Directory::archive_len`]), as [`Archive::parse`] and
    /// [`Archive::parse_v1`] do. With a [`Directory::from_parts`], this rebuilds
    /// an archive kept where a borrow cannot live.
    pub fn from_parts(directory: Directory<'a>, data: &'a [u8]) -> Option<Self> {
        (directory.archive_len == Some(wire::wide(data.len()))).then_some(Self { directory, data })
    }

    /// The directory.
    pub const fn directory(&self) -> Directory<'a> {
        self.directory
    }

    /// The archive's version.
    pub const fn version(&self) -> Version {
        self.directory.version
    }

    /// The archive's bytes (the v2 file, or the v1 `.img`).
    pub const fn bytes(&self) -> &'a [u8] {
        self.data
    }

    /// The entries the game reads, each with its bytes, in directory order.
    pub fn entries(&self) -> ArchiveEntries<'a> {
        ArchiveEntries {
            entries: self.directory.entries(),
            data: self.data,
            directory: self.directory,
        }
    }

    /// The first entry named `name`, case-insensitively, with its bytes.
    pub fn find(&self, name: &[u8]) -> Option<EntryData<'a>> {
        self.entries()
            .find(|e| e.entry.name.eq_ignore_ascii_case(name))
    }

    /// `entry`'s bytes; `None` when `entry` is not one this archive reads.
    pub fn data(&self, entry: &Entry<'a>) -> Option<EntryData<'a>> {
        let start = self.directory.data_start(entry);
        let sectors = self.data.get(usize::try_from(start).ok()?..)?;
        self.directory.entry_data(entry, sectors)
    }
}

/// The entries of an [`Archive`] with their bytes; see [`Archive::entries`].
#[derive(Clone, Debug)]
pub struct ArchiveEntries<'a> {
    entries: Entries<'a>,
    data: &'a [u8],
    directory: Directory<'a>,
}

impl<'a> Iterator for ArchiveEntries<'a> {
    type Item = EntryData<'a>;

    fn next(&mut self) -> Option<EntryData<'a>> {
        let entry = self.entries.next()?;
        let start = usize::try_from(self.directory.data_start(&entry)).ok();
        let len = self.directory.data_len(&entry);
        let bytes = start
            .zip(len)
            .and_then(|(start, len)| self.data.get(start..start.checked_add(len)?));
        Some(EntryData {
            entry,
            bytes: validated(bytes).unwrap_or_default(),
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.entries.size_hint()
    }
}

impl FusedIterator for ArchiveEntries<'_> {}

/// An entry and its bytes (whole sectors, zero-padded by writers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryData<'a> {
    /// The directory entry.
    pub entry: Entry<'a>,
    /// Its bytes.
    pub bytes: &'a [u8],
}
