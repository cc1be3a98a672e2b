//! `zerocol extract`: entries of an IMG archive written out byte for byte.

use std::path::Path;

use crate::io::archive;
use crate::io::{eprint_line, label, report, write_output};
use crate::status::Status;

/// `zerocol extract ARCHIVE FOLDER [NAME...]`: every entry (or those named) into
/// FOLDER, each written atomically. A named entry that is not in the archive is an
/// error (after the others are written). With `--lenient`, only the entries the
/// game reads are extracted, and each skipped one is named in a warning.
pub(crate) fn extract(
    path: &Path,
    folder: &Path,
    names: &[String],
    lenient: bool,
    max_size: u64,
) -> Status {
    let archive = match archive::open(path, max_size) {
        Ok(archive) => archive,
        Err(message) => {
            eprint_line(&message);
            return Status::Failed;
        }
    };
    let directory = match archive.directory(lenient) {
        Ok(directory) => directory,
        Err(error) => {
            report(&archive.label, &error);
            return Status::Malformed;
        }
    };
    if let Err(error) = std::fs::create_dir_all(folder) {
        eprint_line(&format!(
            "zerocol: {}: cannot create the folder: {error}",
            label(folder)
        ));
        return Status::Failed;
    }
    let mut status = Status::Ok;
    let mut found = vec![false; names.len()];
    let mut buffer = Vec::new();
    // Nothing goes to stdout: `-` is never an output here.
    let mut sink = std::io::sink();
    // Lenient: the entries the game reads, each skipped one named; strict: all.
    let entries: Vec<_> = if lenient {
        let (read, skipped) = archive.game_entries(&directory);
        archive.warn_skipped(directory.version(), &skipped);
        read
    } else {
        directory.entries().collect()
    };
    for entry in entries {
        let wanted = names.is_empty()
            || names.iter().enumerate().any(|(i, name)| {
                let hit = name.as_bytes().eq_ignore_ascii_case(entry.name);
                if hit {
                    if let Some(slot) = found.get_mut(i) {
                        *slot = true;
                    }
                }
                hit
            });
        if !wanted {
            continue;
        }
        let entry_label = archive.entry_label(&entry);
        let Some(file_name) = std::str::from_utf8(entry.name).ok().filter(|n| {
            !n.is_empty()
                && *n != "."
                && *n != ".."
                && !n.contains(['/', '\\'])
                && !n.chars().any(char::is_control)
        }) else {
            let skips = if entry.kind.is_loaded_by(directory.version()) {
                ""
            } else {
                "; the game skips it, and so does --lenient"
            };
            eprint_line(&format!(
                "zerocol: {entry_label}: not extracted: its name is not a plain file name{skips}"
            ));
            status = status.max(Status::Failed);
            continue;
        };
        match archive.read(&directory, &entry, &mut buffer) {
            Ok(data) => {
                let target = folder.join(file_name);
                let written = write_output(&target, data.bytes, &mut sink);
                status = status.max(written.map_or(Status::Failed, |s| s));
            }
            Err(error) => {
                eprint_line(&format!("zerocol: {entry_label}: cannot read: {error}"));
                status = status.max(Status::Failed);
            }
        }
    }
    for (name, found) in names.iter().zip(found) {
        if !found {
            eprint_line(&format!(
                "zerocol: {}: no entry named {name:?} (names are compared ignoring case; `zerocol list` lists them)",
                archive.label
            ));
            status = status.max(Status::Failed);
        }
    }
    status
}
