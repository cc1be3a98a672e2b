//! GTA IMG archives: the `VER2` archives of San Andreas and the `.dir` + `.img`
//! pairs of GTA III and Vice City, from which the games stream every `.col` and
//! `.dff` sector by sector ([`crate::guide::img`]).
//!
//! ```
//! use zerocol::img::{self, Archive, Change, Kind, Options, Source};
//!
//! # let col: &[u8] = include_bytes!("../../samples/sample.col");
//! // Build a v2 archive in a caller's buffer.
//! let sources = [Source { name: b"sample.col", data: col }, Source { name: b"readme.txt", data: b"hi" }];
//! let mut buffer = vec![0; img::required_len(sources)?];
//! img::write(sources, &mut buffer)?;
//!
//! let archive = Archive::parse(&buffer, Options::STRICT)?; // every entry inside the archive
//! for entry in archive.entries() {
//!     let (name, sectors) = (entry.entry.name, entry.entry.sectors);
//!     if entry.entry.kind == Kind::Col {
//!         for model in entry.models(zerocol::gta::Options::STRICT) {
//!             // An error names the entry, the byte inside it and in the archive.
//!             let model = model.map_err(|e| e.error)?;
//!             let _ = (name, sectors, model.name());
//!         }
//!     }
//! }
//! for lint in archive.directory().lints() {
//!     println!("{lint}"); // entry 1: its name has no extension San Andreas load, …
//! }
//! // Replace an entry: the others come out byte for byte.
//! let changes = [Change::Put { name: b"readme.txt", data: b"hello" }];
//! let mut edited = vec![0; img::required_len(archive.edited(&changes))?];
//! img::write(archive.edited(&changes), &mut edited)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is checked
//! [`Directory::parse`] (v2) and [`Directory::parse_v1`] check the directory: the
//! `VER2` magic and that the declared entries lie inside the buffer (v2), whole
//! 32-byte entries (v1), every name NUL-terminated within its 24 bytes, and,
//! given the archive's length, every entry's sectors inside the archive, in `u64`
//! arithmetic that cannot overflow. [`Archive::parse`] and [`Archive::parse_v1`]
//! do so over a whole archive in memory; a [`Directory`] alone lists an archive,
//! or checks each entry from a caller buffer holding just its sectors
//! ([`Directory::entry_data`]), as the PS2 streamed them.
//!
//! [`Options::LENIENT`] reads what the games read: an entry whose name has no
//! extension the game loads and whose sectors lie past the end is skipped (a
//! damaged directory's leftovers), a name without NUL is cut at 23 bytes, a
//! partial v1 entry and a partial last sector are ignored; each is reported by a
//! [tolerated](LintKind::is_tolerated) lint. [`Directory::lints`] reports
//! duplicate names, overlapping entries, names the game skips, zero sizes and
//! unused sectors.
//!
//! The view re-walks validated bytes: a [`Directory`] holds the buffer and the
//! count, and decodes each entry when asked.

// # Stages (a note for developers, kept out of the API docs)
// The files import in one direction, in this order: `raw` → `layout` →
// `records` → `error` → `view` → `validate` → `models` (entries' GTA models) →
// `lint` → `write`.
mod error;
mod layout;
mod lint;
mod models;
pub mod raw;
mod records;
mod validate;
mod view;
mod write;

pub use error::{EntryError, Error, ErrorKind};
pub use layout::{ENTRY_LEN, HEADER_V2_LEN, NAME_LEN, SECTOR};
pub use lint::{Lint, LintKind, LintPosition, Lints};
pub use models::EntryModels;
pub use records::{Entry, Kind};
pub use view::{Archive, ArchiveEntries, Directory, DirectoryParts, Entries, EntryData};
pub use write::{
    Change, Edited, InputError, Placement, Source, WriteError, data_sector, directory_len,
    required_len, v1_required_len, write, write_directory, write_v1,
};

/// The magic of a v2 archive.
pub const MAGIC_V2: &[u8; 4] = b"VER2";

/// The magic of the archives some mod loaders write in place of [`MAGIC_V2`]: the
/// games do not read them, and neither does this crate (a caller can name them).
pub const MAGIC_VERF: &[u8; 4] = b"VERF";

/// The extension (the games compare it ignoring ASCII case) of an archive's data: the
/// whole v2 archive, or a v1 archive's entries.
pub const EXTENSION: &str = "img";

/// The extension of a v1 archive's directory, beside its data file of the same stem
/// (`gta3.dir` and `gta3.img`): a v1 archive has no header, and its `.img` starts with
/// its first entry.
pub const DIR_EXTENSION: &str = "dir";

/// The archive's version: which games load it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Version {
    /// GTA III and Vice City: a `.dir` and an `.img`.
    V1,
    /// San Andreas: one `VER2` file.
    V2,
}

/// How strictly to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Options {
    /// Skip an entry whose name has no extension the game loads and whose sectors
    /// lie past the archive's end, as the game does (reported as
    /// [`LintKind::Skipped`]).
    pub skip_unloaded_past_end: bool,
    /// Read a name without NUL in its 24 bytes cut at 23, as Vice City does
    /// ([`LintKind::NameNotTerminated`]).
    pub allow_unterminated_names: bool,
    /// Ignore bytes after the last whole entry of a v1 `.dir`
    /// ([`LintKind::PartialEntry`]).
    pub allow_partial_entry: bool,
    /// Let the last entry end in a partial sector at the archive's end (its bytes
    /// end with the file).
    pub allow_partial_last_sector: bool,
}

impl Options {
    /// Every rule of the format page enforced.
    pub const STRICT: Self = Self {
        skip_unloaded_past_end: false,
        allow_unterminated_names: false,
        allow_partial_entry: false,
        allow_partial_last_sector: false,
    };
    /// What the games read.
    pub const LENIENT: Self = Self {
        skip_unloaded_past_end: true,
        allow_unterminated_names: true,
        allow_partial_entry: true,
        allow_partial_last_sector: true,
    };
}
