//! Stage `write`: building archives into caller buffers. [`required_len`] then
//! [`write()`] build a v2 archive, [`v1_required_len`] then [`write_v1`] a v1 `.dir`
//! and `.img` pair; [`Archive::edited`] turns an archive and a list of
//! [`Change`]s into the entries to write, the untouched ones byte for byte.
//!
//! Entries are laid out in order, each at a sector boundary, its last sector
//! zero-padded: in v2 the data starts at the first sector after the directory, in
//! v1 at sector 0. For a caller that streams the data (an archive larger than
//! memory), [`directory_len`] and [`write_directory`] write the directory alone
//! and [`data_sector`] says where the first entry's data goes; each entry then
//! follows the previous one, padded to whole sectors.

use core::fmt;

use zerocopy::IntoBytes;
use zerocopy::byteorder::little_endian::U32;

use super::layout::{ENTRY_LEN, HEADER_V2_LEN, NAME_LEN, SECTOR, SECTOR_U64};
use super::raw;
use super::records::{Entry, Kind};
use super::view::{Archive, ArchiveEntries};
use super::{MAGIC_V2, Version};
use crate::wire::{self, Out};

/// Why an archive cannot be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum InputError {
    /// A name is empty, holds a NUL, or is longer than 23 bytes (it needs its NUL
    /// within 24).
    BadName {
        /// The entry, in the order given.
        entry: usize,
        /// The name's length.
        len: usize,
    },
    /// An entry larger than a v2 size field holds (65,535 sectors, 128 MiB).
    EntryTooLarge {
        /// The entry, in the order given.
        entry: usize,
        /// Its sectors.
        sectors: u64,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::BadName { entry, len } => write!(
                f,
                "expected entry {entry}'s name to have 1 to 23 bytes and no NUL, found {len} bytes"
            ),
            Self::EntryTooLarge { entry, sectors } => write!(
                f,
                "expected entry {entry} to fit a v2 size field (65535 sectors), it has {sectors}"
            ),
        }
    }
}

/// Why a writer wrote nothing.
pub type WriteError = wire::WriteError<InputError>;

/// An entry to write: its name and its bytes (padded to whole sectors by the writer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source<'a> {
    /// 1 to 23 bytes, no NUL.
    pub name: &'a [u8],
    /// The entry's bytes.
    pub data: &'a [u8],
}

/// An entry to place in a directory: its name and its length in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement<'a> {
    /// 1 to 23 bytes, no NUL.
    pub name: &'a [u8],
    /// The entry's length in bytes.
    pub len: u64,
}

impl<'a> From<Source<'a>> for Placement<'a> {
    fn from(source: Source<'a>) -> Self {
        Self {
            name: source.name,
            len: wire::wide(source.data.len()),
        }
    }
}

/// Bytes of the directory of `count` entries (v2: with its header; v1: the `.dir`).
pub fn directory_len(version: Version, count: usize) -> Result<usize, WriteError> {
    let header = match version {
        Version::V1 => 0,
        Version::V2 => HEADER_V2_LEN,
    };
    count
        .checked_mul(ENTRY_LEN)
        .and_then(|n| n.checked_add(header))
        .ok_or(WriteError::TooLarge)
}

/// The sector where the first entry's data goes: after the directory's sectors in
/// v2, 0 in v1.
pub fn data_sector(version: Version, count: usize) -> Result<u64, WriteError> {
    Ok(match version {
        Version::V1 => 0,
        Version::V2 => wire::wide(directory_len(version, count)?).div_ceil(SECTOR_U64),
    })
}

fn check_name(entry: usize, name: &[u8]) -> Result<(), WriteError> {
    if name.is_empty() || name.len() >= NAME_LEN || name.contains(&0) {
        return Err(WriteError::Invalid(InputError::BadName {
            entry,
            len: name.len(),
        }));
    }
    Ok(())
}

/// Refuses what no buffer makes writable, before any buffer is looked at: a bad name,
/// or an entry of more sectors than its field holds (v2: 16 bits; v1: 32). So a
/// writer's [`WriteError::BufferTooSmall`] means that a buffer of `needed` bytes
/// takes the write (the C API's length-then-write contract).
fn check_placements<'a>(
    version: Version,
    entries: impl IntoIterator<Item = Placement<'a>>,
) -> Result<(), WriteError> {
    let max = match version {
        Version::V2 => u64::from(u16::MAX),
        _ => u64::from(u32::MAX),
    };
    for (entry, placement) in entries.into_iter().enumerate() {
        check_name(entry, placement.name)?;
        let sectors = placement.len.div_ceil(SECTOR_U64);
        if sectors > max {
            return Err(WriteError::Invalid(InputError::EntryTooLarge {
                entry,
                sectors,
            }));
        }
    }
    Ok(())
}

/// Writes the directory of `entries`, laid out one after the other from
/// [`data_sector`], into `out` ([`directory_len`] bytes); returns the bytes
/// written, and the sector just past the last entry (the archive's length in
/// sectors). A bad name or an entry too large is refused before `out`'s size is
/// checked.
pub fn write_directory<'a, I>(
    version: Version,
    entries: I,
    out: &mut [u8],
) -> Result<(usize, u64), WriteError>
where
    I: IntoIterator<Item = Placement<'a>> + Clone,
{
    check_placements(version, entries.clone())?;
    let count = entries.clone().into_iter().count();
    let needed = directory_len(version, count)?;
    let mut out = Out::new(out, needed)?;
    if version == Version::V2 {
        let header = raw::HeaderV2 {
            magic: *MAGIC_V2,
            count: U32::new(u32::try_from(count).map_err(|_| WriteError::TooLarge)?),
        };
        out.put(header.as_bytes())?;
    }
    let mut sector = data_sector(version, count)?;
    for (i, placement) in entries.into_iter().enumerate() {
        check_name(i, placement.name)?;
        let sectors = placement.len.div_ceil(SECTOR_U64);
        let too_large = || WriteError::Invalid(InputError::EntryTooLarge { entry: i, sectors });
        let entry = Entry {
            index: u32::try_from(i).map_err(|_| WriteError::TooLarge)?,
            record_offset: 0,
            name: placement.name,
            kind: Kind::of(placement.name),
            sector: u32::try_from(sector).map_err(|_| WriteError::TooLarge)?,
            sectors: u32::try_from(sectors).map_err(|_| too_large())?,
        };
        match version {
            Version::V1 => out.put(raw::EntryV1::from(&entry).as_bytes())?,
            Version::V2 => {
                if sectors > u64::from(u16::MAX) {
                    return Err(too_large());
                }
                out.put(raw::EntryV2::from(&entry).as_bytes())?;
            }
        }
        sector = sector.checked_add(sectors).ok_or(WriteError::TooLarge)?;
    }
    Ok((out.written(), sector))
}

/// Bytes of the entries' data: each padded to whole sectors.
fn data_len<'a>(sources: impl IntoIterator<Item = Source<'a>>) -> Result<usize, WriteError> {
    sources.into_iter().try_fold(0usize, |sum, s| {
        s.data
            .len()
            .div_ceil(SECTOR)
            .checked_mul(SECTOR)
            .and_then(|n| sum.checked_add(n))
            .ok_or(WriteError::TooLarge)
    })
}

/// Bytes of the v2 archive of `sources`.
pub fn required_len<'a, I>(sources: I) -> Result<usize, WriteError>
where
    I: IntoIterator<Item = Source<'a>> + Clone,
{
    let count = sources.clone().into_iter().count();
    let start = usize::try_from(data_sector(Version::V2, count)?)
        .ok()
        .and_then(|s| s.checked_mul(SECTOR))
        .ok_or(WriteError::TooLarge)?;
    start
        .checked_add(data_len(sources)?)
        .ok_or(WriteError::TooLarge)
}

/// Writes the entries' data, each padded with zeros to whole sectors.
fn write_data<'a>(
    sources: impl IntoIterator<Item = Source<'a>>,
    out: &mut Out<'_>,
) -> Result<(), WriteError> {
    for source in sources {
        out.put(source.data)?;
        let pad = source.data.len().div_ceil(SECTOR).saturating_mul(SECTOR);
        out.take(pad.saturating_sub(source.data.len()))?.fill(0);
    }
    Ok(())
}

/// Writes the v2 archive of `sources` into `out` (at least [`required_len`]
/// bytes); returns the bytes written. A bad name or an entry too large is refused
/// before `out`'s size is checked: [`WriteError::BufferTooSmall`] means that
/// `needed` bytes take the write.
pub fn write<'a, I>(sources: I, out: &mut [u8]) -> Result<usize, WriteError>
where
    I: IntoIterator<Item = Source<'a>> + Clone,
    I::IntoIter: Clone,
{
    let needed = required_len(sources.clone())?;
    check_placements(
        Version::V2,
        sources.clone().into_iter().map(Placement::from),
    )?;
    let mut out = Out::new(out, needed)?;
    let count = sources.clone().into_iter().count();
    let start = usize::try_from(data_sector(Version::V2, count)?)
        .ok()
        .and_then(|s| s.checked_mul(SECTOR))
        .ok_or(WriteError::TooLarge)?;
    let head = out.take(start)?;
    let placements = sources
        .clone()
        .into_iter()
        .map(Placement::from as fn(Source<'a>) -> Placement<'a>);
    let (written, _) = write_directory(Version::V2, placements, head)?;
    head.get_mut(written..).unwrap_or_default().fill(0);
    write_data(sources, &mut out)?;
    Ok(out.written())
}

/// Bytes of the v1 `.dir` and `.img` of `sources`.
pub fn v1_required_len<'a, I>(sources: I) -> Result<(usize, usize), WriteError>
where
    I: IntoIterator<Item = Source<'a>> + Clone,
{
    let count = sources.clone().into_iter().count();
    Ok((directory_len(Version::V1, count)?, data_len(sources)?))
}

/// Writes the v1 `.dir` and `.img` of `sources`; returns the bytes written to each.
/// A bad name is refused before the buffers' sizes are checked.
pub fn write_v1<'a, I>(
    sources: I,
    dir: &mut [u8],
    img: &mut [u8],
) -> Result<(usize, usize), WriteError>
where
    I: IntoIterator<Item = Source<'a>> + Clone,
    I::IntoIter: Clone,
{
    let (dir_len, img_len) = v1_required_len(sources.clone())?;
    check_placements(
        Version::V1,
        sources.clone().into_iter().map(Placement::from),
    )?;
    let placements = sources
        .clone()
        .into_iter()
        .map(Placement::from as fn(Source<'a>) -> Placement<'a>);
    let dir = wire::output(dir, dir_len)?;
    let mut img = Out::new(img, img_len)?;
    let (dir_written, _) = write_directory(Version::V1, placements, dir)?;
    write_data(sources, &mut img)?;
    Ok((dir_written, img.written()))
}

/// A change to an archive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Change<'a> {
    /// Replace the entries named `name` (case-insensitively) with `data`, or add
    /// an entry at the end where none has the name.
    Put {
        /// The name.
        name: &'a [u8],
        /// The new bytes.
        data: &'a [u8],
    },
    /// Remove the entries named `name` (case-insensitively).
    Remove {
        /// The name.
        name: &'a [u8],
    },
}

impl<'a> Change<'a> {
    const fn name(&self) -> &'a [u8] {
        match self {
            Self::Put { name, .. } | Self::Remove { name } => name,
        }
    }
}

impl<'a> Archive<'a> {
    /// The entries of this archive with `changes` applied, to give to [`write()`]
    /// or [`write_v1`]: in directory order, each untouched entry with its bytes
    /// as they are (whole sectors, byte for byte); an entry named by a
    /// [`Change::Put`] with the new bytes, one named by a [`Change::Remove`]
    /// left out (the first change naming an entry applies); then the puts that
    /// named no entry, as new entries. Entries a lenient read skipped are left out.
    pub fn edited<'c>(&self, changes: &'c [Change<'a>]) -> Edited<'a, 'c> {
        Edited {
            archive: *self,
            entries: self.entries(),
            changes,
            added: 0,
        }
    }
}

/// The entries of an edited archive; see [`Archive::edited`].
#[derive(Clone, Debug)]
pub struct Edited<'a, 'c> {
    archive: Archive<'a>,
    entries: ArchiveEntries<'a>,
    changes: &'c [Change<'a>],
    added: usize,
}

impl<'a> Iterator for Edited<'a, '_> {
    type Item = Source<'a>;

    fn next(&mut self) -> Option<Source<'a>> {
        for data in self.entries.by_ref() {
            let name = data.entry.name;
            match self
                .changes
                .iter()
                .find(|c| c.name().eq_ignore_ascii_case(name))
            {
                Some(Change::Remove { .. }) => continue,
                Some(Change::Put { data: new, .. }) => return Some(Source { name, data: new }),
                None => {
                    return Some(Source {
                        name,
                        data: data.bytes,
                    });
                }
            }
        }
        while let Some(change) = self.changes.get(self.added) {
            self.added = self.added.saturating_add(1);
            if let Change::Put { name, data } = *change {
                let first = self
                    .changes
                    .iter()
                    .position(|c| c.name().eq_ignore_ascii_case(name));
                let is_first = first == Some(self.added.saturating_sub(1));
                if is_first && self.archive.directory.find(name).is_none() {
                    return Some(Source { name, data });
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source no buffer makes writable is refused as such, whatever the buffer: a
    /// short one never reports `BufferTooSmall` for it (the fuzz target `capi` asked
    /// `zc_img_write_edited` for the length, then got `UNWRITABLE` with it).
    #[test]
    fn refusals_come_before_the_buffer_size() {
        let bad = [Source {
            name: b"a_name_of_24_bytes_.col!",
            data: b"",
        }];
        let refused = WriteError::Invalid(InputError::BadName { entry: 0, len: 24 });
        assert_eq!(write(bad, &mut []), Err(refused));
        assert_eq!(write_v1(bad, &mut [], &mut []), Err(refused));
        let placement = [Placement::from(bad[0])];
        assert_eq!(
            write_directory(Version::V2, placement, &mut []),
            Err(refused)
        );
        let huge = [Placement {
            name: b"big.col",
            len: (u64::from(u16::MAX) + 1) * SECTOR_U64,
        }];
        assert_eq!(
            write_directory(Version::V2, huge, &mut []),
            Err(WriteError::Invalid(InputError::EntryTooLarge {
                entry: 0,
                sectors: u64::from(u16::MAX) + 1,
            }))
        );
        // A good source with a short buffer is still `BufferTooSmall`.
        let good = [Source {
            name: b"a.col",
            data: b"x",
        }];
        assert!(matches!(
            write(good, &mut []),
            Err(WriteError::BufferTooSmall { .. })
        ));
    }
}
