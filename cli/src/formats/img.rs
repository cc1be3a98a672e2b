//! GTA IMG archives as the tool meets them: which paths are archives (the library's
//! [`MAGIC_V2`], [`EXTENSION`] and [`DIR_EXTENSION`]), a v1 pair's other file, and
//! what the tool says of an archive given where a collision file was expected. The
//! archives themselves are read by [`io::archive`](crate::io::archive), and by the
//! `list`, `extract`, `check` and `put` commands.

use std::borrow::ToOwned;
use std::format;
use std::path::{Path, PathBuf};
use std::string::String;

use zerocol::img::{DIR_EXTENSION, EXTENSION, MAGIC_V2, MAGIC_VERF};

/// What to do with an archive.
pub(crate) const ARCHIVE_ADVICE: &str = "read archives with `zerocol list`, `check` and `extract`";

/// What an archive with the magic `VERF` is, whatever its name: the tool's word for
/// it in every command, with [`VERF_ADVICE`].
pub(crate) const VERF_WHAT: &str =
    "an IMG archive with the magic VERF (written by some mod loaders)";

/// Why zerocol reads nothing of a `VERF` archive.
pub(crate) const VERF_ADVICE: &str =
    "the games do not read it, and neither does zerocol; the mod loader that wrote it reads it";

/// Whether `head` (a file's first bytes) starts with the `VERF` magic.
pub(crate) fn is_verf(head: &[u8]) -> bool {
    head.starts_with(MAGIC_VERF)
}

/// What a path's extension says it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    /// `.img`: a v2 archive, or a v1 archive's data.
    Data,
    /// `.dir`: a v1 archive's directory.
    Directory,
    /// Any other name.
    Other,
}

/// What `path`'s extension (ignoring ASCII case) says it is.
pub(crate) fn named(path: &Path) -> Named {
    match path.extension() {
        Some(e) if e.eq_ignore_ascii_case(EXTENSION) => Named::Data,
        Some(e) if e.eq_ignore_ascii_case(DIR_EXTENSION) => Named::Directory,
        _ => Named::Other,
    }
}

pub(crate) use crate::io::archive::sibling;

/// The paths where a v1 pair's other file is looked for, in order: `NAME.dir`
/// then `NAME.DIR` for `other` [`Named::Directory`], `NAME.img` then `NAME.IMG`
/// for [`Named::Data`] (none for [`Named::Other`]).
pub(crate) fn candidates(path: &Path, other: Named) -> Vec<PathBuf> {
    let extension = match other {
        Named::Data => EXTENSION,
        Named::Directory => DIR_EXTENSION,
        Named::Other => return Vec::new(),
    };
    [
        extension.to_ascii_lowercase(),
        extension.to_ascii_uppercase(),
    ]
    .into_iter()
    .map(|ext| path.with_extension(ext))
    .collect()
}

/// The paths of the other file of a v1 pair `path` may belong to, by its name:
/// the [`candidates`] for the `.dir` of an `.img` and the `.img` of a `.dir`.
pub(crate) fn partners(path: &Path) -> Vec<PathBuf> {
    match named(path) {
        Named::Data => candidates(path, Named::Directory),
        Named::Directory => candidates(path, Named::Data),
        Named::Other => Vec::new(),
    }
}

/// A v1 pair's directory for the data file `output`: its extension in upper case
/// when `output`'s is (`GTA3.IMG` gets `GTA3.DIR`).
pub(crate) fn directory_beside(output: &Path) -> PathBuf {
    let upper = output
        .extension()
        .is_some_and(|e| e.to_string_lossy().chars().all(|c| c.is_ascii_uppercase()));
    output.with_extension(if upper {
        DIR_EXTENSION.to_ascii_uppercase()
    } else {
        DIR_EXTENSION.to_owned()
    })
}

/// Whether `path` (whose first bytes are `head`) is an IMG archive: an `.img`
/// starting with `VER2`, an `.img` with its `.dir` beside it, or (when
/// `dir_counts`) a `.dir`.
pub(crate) fn is_archive(path: &Path, head: &[u8], dir_counts: bool) -> bool {
    match named(path) {
        Named::Data => head.starts_with(MAGIC_V2) || sibling(path, Named::Directory).is_some(),
        Named::Directory => dir_counts,
        Named::Other => head.starts_with(MAGIC_V2),
    }
}

/// The message for a file whose name says it is a GTA IMG archive or directory
/// (`.img` without the `VER2` magic, `.dir`), or that starts with `VERF` whatever its
/// name ([`VERF_WHAT`]), read without `--format`: a III/VC
/// archive has no header, and starts with its first entry, so its bytes would sniff
/// as that entry's format.
pub(crate) fn archive_by_name(name: &Path, bytes: &[u8]) -> Option<String> {
    if is_verf(bytes) {
        return Some(format!("{VERF_WHAT}: {VERF_ADVICE}"));
    }
    match named(name) {
        Named::Data if !bytes.starts_with(MAGIC_V2) => Some(format!(
            "byte 0: no VER2 magic in a file named .img: a GTA III/VC IMG archive (these have \
             no header; the .dir beside it lists the entries): {ARCHIVE_ADVICE}"
        )),
        Named::Directory => Some(format!(
            "a GTA III/VC IMG directory (by its name: the list of entries of the .img beside \
             it): {ARCHIVE_ADVICE}"
        )),
        _ => None,
    }
}

/// What a v2 archive is, from its first bytes (with its entry count when they hold
/// it), or `None` for other bytes.
pub(crate) fn v2_archive(bytes: &[u8]) -> Option<String> {
    if !bytes.starts_with(MAGIC_V2) {
        return None;
    }
    let entries = bytes
        .get(4..8)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_le_bytes);
    Some(match entries {
        Some(n) => format!("a GTA San Andreas IMG archive (VER2, {n} entries)"),
        None => "a GTA San Andreas IMG archive (VER2)".to_owned(),
    })
}
