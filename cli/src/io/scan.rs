//! What `check` reads, each file once: the paths it was given and the folders it
//! walks, listed first ([`plan`]), then each file opened, stat'ed and read once
//! ([`given`], [`walked`]), as a collision file, an IMG archive, or a file a folder
//! walk skips.
//!
//! A folder walk takes a file's kind from the folder's listing where it can (no
//! stat for a file or a folder); a link is stat'ed (followed) before it is opened,
//! so that a link to a FIFO or a device is never opened. A file is read whole with
//! one read when its extension makes it count ([`recognise::EXTENSIONS`]), its
//! first [`HEAD_LEN`] bytes first otherwise (most files in a game's folders are
//! no collision files: only their first bytes are read).

use std::ffi::OsStr;
use std::fs::{File, Metadata};
use std::io;
use std::path::{Path, PathBuf};

use zerocol::img::MAGIC_V2;

use crate::formats::img::{self, Named, sibling};
use crate::io::archive::{self, ArchiveFile};
use crate::io::label;
use crate::io::load::{
    Input, cannot, load, not_regular, oversized, read_head, read_rest, too_large, verf, whole,
};
use crate::io::recognise::{HEAD_LEN, counts};

/// One path `check` visits, in the order it visits them.
pub(crate) enum Item {
    /// A path given on the command line that is no folder, and its metadata
    /// (`None` for `-`, standard input).
    Given {
        path: PathBuf,
        meta: Option<io::Result<Metadata>>,
    },
    /// An entry of a walked folder that is no folder, and whether the listing said
    /// it is a regular file (otherwise it is stat'ed: a link, or a listing that
    /// does not say).
    Walked { path: PathBuf, regular: bool },
    /// A folder that could not be listed: the whole message.
    Unlisted { folder: PathBuf, message: String },
}

/// The paths `check` visits for `paths`: each given path, or, for a folder, its
/// entries in the order of their names' bytes, folders depth first (links to
/// folders not followed).
pub(crate) fn plan(paths: &[PathBuf]) -> Vec<Item> {
    let mut items = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            items.push(Item::Given {
                path: path.clone(),
                meta: None,
            });
            continue;
        }
        let meta = std::fs::metadata(path);
        if meta.as_ref().is_ok_and(Metadata::is_dir) {
            walk(path, &mut items);
        } else {
            items.push(Item::Given {
                path: path.clone(),
                meta: Some(meta),
            });
        }
    }
    items
}

/// Lists `folder` into `items` (see [`plan`]).
fn walk(folder: &Path, items: &mut Vec<Item>) {
    let listed = std::fs::read_dir(folder).and_then(|entries| {
        entries
            .map(|entry| {
                entry.map(|entry| {
                    let kind = entry.file_type().ok();
                    (entry.path(), kind)
                })
            })
            .collect::<io::Result<Vec<_>>>()
    });
    let mut entries = match listed {
        Ok(entries) => entries,
        Err(error) => {
            items.push(Item::Unlisted {
                folder: folder.to_owned(),
                message: format!(
                    "zerocol: {}: cannot read the folder: {error}",
                    label(folder)
                ),
            });
            return;
        }
    };
    entries.sort_by(|(a, _), (b, _)| {
        let (a, b) = (a.file_name(), b.file_name());
        a.map(OsStr::as_encoded_bytes)
            .cmp(&b.map(OsStr::as_encoded_bytes))
    });
    for (path, kind) in entries {
        // The entry itself: a link is not followed to a folder.
        if kind.is_some_and(|kind| kind.is_dir()) {
            walk(&path, items);
        } else {
            let regular = kind.is_some_and(|kind| kind.is_file());
            items.push(Item::Walked { path, regular });
        }
    }
}

/// What `check` found at a path.
pub(crate) enum Found {
    /// A file read whole.
    File(Input),
    /// An IMG archive with its directory read, or the message why it could not be.
    Archive(Result<ArchiveFile, String>),
    /// A file in a walked folder that is no collision file.
    Skipped,
    /// A file in a walked folder that is an IMG archive with the magic `VERF`, which
    /// nothing reads ([`VERF_WHAT`](crate::formats::img::VERF_WHAT)).
    Verf,
    /// The message for a file that could not be read.
    Unreadable(String),
}

/// Reads a path given on the command line, whose metadata (followed) is `meta`
/// (`None`: standard input): an IMG archive when `archives` (no `--format`), by its
/// name (a `.dir`, an `.img` with its `.dir` beside it) or its first bytes (`VER2`);
/// otherwise a file of at most `max_size` bytes, refused from its metadata, never
/// opened, if it is larger or no regular file.
pub(crate) fn given(
    path: &Path,
    meta: Option<io::Result<Metadata>>,
    archives: bool,
    max_size: u64,
) -> Found {
    let meta = match meta {
        None => return load(path, max_size).map_or_else(Found::Unreadable, Found::File),
        Some(Err(error)) => return Found::Unreadable(cannot(path, &error)),
        Some(Ok(meta)) => meta,
    };
    if !meta.is_file() {
        return Found::Unreadable(not_regular(path, &meta));
    }
    let len = meta.len();
    if archives && named_archive(path) {
        return Found::Archive(archive::open(path, max_size));
    }
    if !archives && len > max_size {
        return Found::Unreadable(oversized(path, len, max_size));
    }
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(error) => return Found::Unreadable(cannot(path, &error)),
    };
    let mut bytes = Vec::new();
    // A file larger than the limit can only be an archive: its first bytes say.
    let read = if len > max_size {
        read_head(&mut file, len, &mut bytes)
    } else {
        read_rest(&mut file, len, max_size, &mut bytes)
    };
    if let Err(error) = read {
        return Found::Unreadable(cannot(path, &error));
    }
    if archives && bytes.starts_with(MAGIC_V2) {
        return Found::Archive(archive::open_data(path, file, len, max_size));
    }
    // What it is before its size: a VERF archive is named as one.
    if len > max_size && crate::formats::img::is_verf(&bytes) {
        return Found::Unreadable(verf(path));
    }
    if len > max_size {
        return Found::Unreadable(too_large(path, len, max_size));
    }
    whole(path, bytes, max_size).map_or_else(Found::Unreadable, Found::File)
}

/// Reads an entry of a walked folder (`regular`: its listing says it is a regular
/// file, not stat'ed then). It counts if it is an IMG archive (an `.img` with its
/// `.dir` beside it, or a file starting with `VER2`; never a `.dir`) or a collision
/// file ([`counts`]); anything else, a link to a folder, a FIFO or a device
/// included, is skipped, but for an `.img` without `VER2` whose `.dir` is there
/// and unusable, which is unreadable (the `.dir` named). A file that cannot be read is said only if its name
/// makes it count.
pub(crate) fn walked(path: &Path, regular: bool, max_size: u64) -> Found {
    if img::named(path) == Named::Directory {
        return Found::Skipped;
    }
    // An error before the first bytes are read is said if the name counts.
    let failed = |error: io::Error| {
        if counts(path, &[]) {
            Found::Unreadable(cannot(path, &error))
        } else {
            Found::Skipped
        }
    };
    let len = if regular {
        None
    } else {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => Some(meta.len()),
            Ok(_) => return Found::Skipped,
            Err(error) => return failed(error),
        }
    };
    if named_archive(path) {
        return Found::Archive(archive::open(path, max_size));
    }
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(error) => return failed(error),
    };
    // A regular file's length from the file opened: its one stat.
    let len = match len {
        Some(len) => len,
        None => match file.metadata() {
            Ok(meta) => meta.len(),
            Err(error) => return failed(error),
        },
    };
    let mut bytes = Vec::new();
    // A file that counts by its name is read whole; others, first their head.
    let whole_now = counts(path, &[]) && len <= max_size;
    let read = if whole_now {
        read_rest(&mut file, len, max_size, &mut bytes)
    } else {
        read_head(&mut file, len, &mut bytes)
    };
    if let Err(error) = read {
        return failed(error);
    }
    if bytes.starts_with(MAGIC_V2) {
        return Found::Archive(archive::open_data(path, file, len, max_size));
    }
    if crate::formats::img::is_verf(&bytes) {
        return Found::Verf;
    }
    // An `.img` whose `.dir` is there but unusable (a dangling link, a folder, a
    // FIFO, unreadable) is a broken archive, said; one with no `.dir` at all may
    // be anything (a disk image), skipped.
    if img::named(path) == Named::Data
        && (img::candidates(path, Named::Directory)
            .iter()
            .any(|dir| std::fs::symlink_metadata(dir).is_ok())
            || !archive::case_matches(path, Named::Directory).is_empty())
    {
        if let Some(why) = archive::unusable_directory(path) {
            return Found::Unreadable(format!(
                "zerocol: {}: cannot read: {}",
                label(path),
                archive::no_directory(&why)
            ));
        }
    }
    if !counts(path, bytes.get(..HEAD_LEN).unwrap_or(&bytes)) {
        return Found::Skipped;
    }
    if len > max_size {
        return Found::Unreadable(too_large(path, len, max_size));
    }
    if !whole_now {
        if let Err(error) = read_rest(&mut file, len, max_size, &mut bytes) {
            return Found::Unreadable(cannot(path, &error));
        }
    }
    whole(path, bytes, max_size).map_or_else(Found::Unreadable, Found::File)
}

/// Whether a regular file's name makes it an IMG archive without reading it: a
/// `.dir`, or an `.img` with its `.dir` beside it.
fn named_archive(path: &Path) -> bool {
    match img::named(path) {
        Named::Directory => true,
        Named::Data => sibling(path, Named::Directory).is_some(),
        Named::Other => false,
    }
}

/// Whether [`given`] or [`walked`] takes the file at `path` for an archive by its
/// name alone (`archives`: no `--format`, for a given path): an `.img` (which may
/// be one), or a given `.dir`. Those are what the progress bar counts the entries
/// of before the run; the others (`VER2` under another name) are found as read.
pub(crate) fn archive_by_name(item: &Item, archives: bool) -> Option<&Path> {
    match item {
        Item::Given {
            path,
            meta: Some(_),
        } if archives => (img::named(path) != Named::Other).then_some(path.as_path()),
        Item::Walked { path, .. } => (img::named(path) == Named::Data).then_some(path.as_path()),
        Item::Given { .. } | Item::Unlisted { .. } => None,
    }
}
