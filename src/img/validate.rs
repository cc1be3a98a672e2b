//! Stage `validate`: the parsers. [`Directory::parse`] and [`Directory::parse_v1`]
//! check a directory (and, given the archive's length, every entry's sectors);
//! [`Archive::parse`] and [`Archive::parse_v1`] do so over the whole archive.

use super::error::{Error, ErrorKind};
use super::layout::{ENTRY_LEN, FIELD_COUNT, FIELD_NAME, FIELD_OFFSET, HEADER_V2_LEN};
use super::raw;
use super::records::{self, RawEntry};
use super::view::{Archive, Directory};
use super::{MAGIC_V2, Options, Version};
use crate::wire::{self, Cursor};

impl<'a> Directory<'a> {
    /// Bytes of a v2 archive's directory (header and entries) from its first 8
    /// bytes: how much to read before [`Directory::parse`].
    pub fn v2_len(header: &[u8]) -> Result<usize, Error> {
        let header = wire::header::<raw::HeaderV2, 4, ErrorKind>(header, MAGIC_V2)?;
        let end = wire::span_end(
            wire::wide(HEADER_V2_LEN),
            u64::from(header.count.get()),
            ENTRY_LEN,
        );
        usize::try_from(end).map_err(|_| {
            Error::new(
                FIELD_COUNT,
                ErrorKind::DirectoryPastEnd {
                    count: header.count.get(),
                    end,
                    len: usize::MAX,
                },
            )
        })
    }

    /// Parses a v2 (`VER2`) directory from the archive's first bytes (at least
    /// [`Directory::v2_len`] of them; the whole archive will do). With
    /// `archive_len`, the archive's length in bytes, every entry's sectors are
    /// checked to lie inside it.
    pub fn parse(
        bytes: &'a [u8],
        archive_len: Option<u64>,
        options: Options,
    ) -> Result<Self, Error> {
        let header = wire::header::<raw::HeaderV2, 4, ErrorKind>(bytes, MAGIC_V2)?;
        let count = header.count.get();
        let end = wire::span_end(wire::wide(HEADER_V2_LEN), u64::from(count), ENTRY_LEN);
        let past_end = Error::new(
            FIELD_COUNT,
            ErrorKind::DirectoryPastEnd {
                count,
                end,
                len: bytes.len(),
            },
        );
        let entries = usize::try_from(count).map_err(|_| past_end)?;
        let table = Cursor::at(bytes, HEADER_V2_LEN)
            .table::<raw::EntryV2>(entries)
            .ok_or(past_end)?;
        let directory = Self {
            version: Version::V2,
            bytes,
            start: HEADER_V2_LEN,
            count,
            archive_len,
            options,
        };
        directory.check(table.iter().zip(0..count), table.start())?;
        Ok(directory)
    }

    /// Parses a v1 (GTA III, Vice City) `.dir`: 32-byte entries, no header. With
    /// `img_len`, the `.img`'s length in bytes, every entry's sectors are checked to
    /// lie inside it.
    pub fn parse_v1(dir: &'a [u8], img_len: Option<u64>, options: Options) -> Result<Self, Error> {
        let whole = dir.len() / ENTRY_LEN;
        let partial = dir.len() % ENTRY_LEN;
        let count = u32::try_from(whole).map_err(|_| {
            Error::new(
                0,
                ErrorKind::DirectoryPastEnd {
                    count: u32::MAX,
                    end: wire::wide(dir.len()),
                    len: dir.len(),
                },
            )
        })?;
        if partial != 0 && !options.allow_partial_entry {
            let at = whole.saturating_mul(ENTRY_LEN);
            return Err(Error::new(at, ErrorKind::PartialEntry { bytes: partial }));
        }
        let table = Cursor::at(dir, 0)
            .table::<raw::EntryV1>(whole)
            .ok_or_else(|| {
                // Cannot happen: `whole` entries fit by construction.
                Error::new(0, ErrorKind::PartialEntry { bytes: partial })
            })?;
        let directory = Self {
            version: Version::V1,
            bytes: dir,
            start: 0,
            count,
            archive_len: img_len,
            options,
        };
        directory.check(table.iter().zip(0..count), 0)?;
        Ok(directory)
    }

    /// Checks every entry: its name's NUL, and (with the archive's length) its
    /// sectors, unless a lenient read skips it.
    fn check<'r, R: RawEntry + 'r>(
        &self,
        entries: impl Iterator<Item = (&'r R, u32)>,
        start: usize,
    ) -> Result<(), Error> {
        let mut at = start;
        for (raw, index) in entries {
            let entry = records::decode(raw, index, at);
            let (_, terminated) = records::name_bytes(raw.name_field());
            if !terminated && !self.options.allow_unterminated_names {
                return Err(Error::new(
                    at.saturating_add(FIELD_NAME),
                    ErrorKind::NameNotTerminated { entry: index },
                ));
            }
            if let Some(limit) = self
                .limit_sectors()
                .filter(|_| self.past_end(&entry) && !self.is_skipped(&entry))
            {
                return Err(Error::new(
                    at.saturating_add(FIELD_OFFSET),
                    ErrorKind::EntryPastEnd {
                        entry: index,
                        end_sector: entry.end_sector(),
                        archive_sectors: limit,
                        game_skips: !entry.kind.is_loaded_by(self.version),
                    },
                ));
            }
            at = at.saturating_add(ENTRY_LEN);
        }
        Ok(())
    }
}

impl<'a> Archive<'a> {
    /// Parses a v2 (`VER2`) archive held whole in `bytes`: the directory, and
    /// every entry's sectors inside `bytes`.
    pub fn parse(bytes: &'a [u8], options: Options) -> Result<Self, Error> {
        let directory = Directory::parse(bytes, Some(wire::wide(bytes.len())), options)?;
        Ok(Self {
            directory,
            data: bytes,
        })
    }

    /// Parses a v1 archive: its `.dir`, and every entry's sectors inside `img`.
    /// Error offsets are in the `.dir`.
    pub fn parse_v1(dir: &'a [u8], img: &'a [u8], options: Options) -> Result<Self, Error> {
        let directory = Directory::parse_v1(dir, Some(wire::wide(img.len())), options)?;
        Ok(Self {
            directory,
            data: img,
        })
    }
}
