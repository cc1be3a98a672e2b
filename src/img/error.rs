//! Stage `error`: why an archive's directory was rejected, and where; and the
//! error of a model read from an entry (the entry, and the byte inside it).

use core::fmt;

use crate::gta;

/// A malformed archive directory: the byte offset of the field at fault (in the
/// directory buffer: the v2 archive, or the v1 `.dir`) and what was expected there.
pub type Error = crate::wire::Error<ErrorKind>;

crate::wire::error_kind! {
    /// What was wrong with the bytes at [`Error::offset`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ErrorKind, magic [u8; 4] {
        /// The directory's entries run past the end of the buffer (v2: at the
        /// count field).
        DirectoryPastEnd {
            /// Entries declared.
            count: u32,
            /// Where they would end.
            end: u64,
            /// The buffer's length.
            len: usize,
        },
        /// A v1 `.dir` whose length is not a whole number of 32-byte entries
        /// (at the partial entry). The game reads the whole entries and stops.
        PartialEntry {
            /// Bytes of the partial entry.
            bytes: usize,
        },
        /// An entry's sectors run past the end of the archive (at its offset field).
        EntryPastEnd {
            /// The entry's index.
            entry: u32,
            /// One sector past the entry.
            end_sector: u64,
            /// Sectors in the archive (a partial last sector counts).
            archive_sectors: u64,
            /// Whether the game skips the entry anyway, its name having no
            /// extension the game loads.
            game_skips: bool,
        },
        /// A 24-byte name field without NUL (at the name). Vice City cuts such a name
        /// at 23 bytes.
        NameNotTerminated {
            /// The entry's index.
            entry: u32,
        },
    }
}

impl ErrorKind {
    /// Whether the game reads the archive anyway, and so does
    /// [`Options::LENIENT`](super::Options::LENIENT) (the CLI's `--lenient`), which
    /// reports it as a [tolerated](super::LintKind::is_tolerated) lint.
    pub const fn is_lenient_readable(&self) -> bool {
        match self {
            Self::PartialEntry { .. } | Self::NameNotTerminated { .. } => true,
            Self::EntryPastEnd { game_skips, .. } => *game_skips,
            Self::Truncated { .. } | Self::BadMagic { .. } | Self::DirectoryPastEnd { .. } => false,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Truncated { needed, available } => {
                crate::wire::write_truncated(f, "VER2 header", needed, available)
            }
            Self::BadMagic { found } => {
                f.write_str("expected the magic \"VER2\", found ")?;
                crate::wire::write_magic(f, &found)
            }
            Self::DirectoryPastEnd { count, end, len } => write!(
                f,
                "expected the directory's {count} entries of 32 bytes inside the buffer, they end at {end}, past its {len} bytes"
            ),
            Self::PartialEntry { bytes } => write!(
                f,
                "expected the .dir to hold whole 32-byte entries, found {bytes} bytes after the last (the game reads the whole entries and ignores them)"
            ),
            Self::EntryPastEnd {
                entry,
                end_sector,
                archive_sectors,
                game_skips,
            } => {
                write!(
                    f,
                    "expected entry {entry}'s sectors inside the archive's {archive_sectors} sectors, they end at sector {end_sector}"
                )?;
                if game_skips {
                    f.write_str(
                        " (its name has no extension the game loads, so the game skips it)",
                    )?;
                }
                Ok(())
            }
            Self::NameNotTerminated { entry } => write!(
                f,
                "expected entry {entry}'s name to end with a NUL within its 24 bytes (the game cuts it at 23 bytes)"
            ),
        }
    }
}

/// A model inside an entry that failed to read: the entry (index and name), where
/// the entry starts in the archive, and the reader's error, whose offset counts
/// from the entry's first byte.
///
/// `K` is the reader's error kind: [`gta::ErrorKind`] for `.col` entries,
/// [`gta::dff::ErrorKind`] for `.dff` entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryError<'a, K = gta::ErrorKind> {
    /// The entry's index in the directory.
    pub entry: u32,
    /// The entry's name.
    pub name: &'a [u8],
    /// The entry's first byte in the archive.
    pub entry_offset: u64,
    /// The GTA reader's error, its offset inside the entry.
    pub error: crate::wire::Error<K>,
}

impl<K: Copy> EntryError<'_, K> {
    /// The byte at fault in the archive: the entry's start plus the error's offset.
    pub fn archive_offset(&self) -> u64 {
        self.entry_offset
            .saturating_add(crate::wire::wide(self.error.offset()))
    }
}

impl<K: Copy + fmt::Display> fmt::Display for EntryError<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "entry {} \"", self.entry)?;
        for chunk in self.name.utf8_chunks() {
            f.write_str(chunk.valid())?;
            if !chunk.invalid().is_empty() {
                f.write_str("\u{fffd}")?;
            }
        }
        write!(
            f,
            "\": byte {} of the entry (archive byte {}): {}",
            self.error.offset(),
            self.archive_offset(),
            self.error.kind()
        )
    }
}

impl<K: Copy + fmt::Display + fmt::Debug> core::error::Error for EntryError<'_, K> {}
