//! `zerocol extract`: entries of an IMG archive written out byte for byte.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use zerocol::img::Entry;

use crate::io::archive::{self, Skip};
use crate::io::{create_folder, eprint_line, report, targets_free, write_extracted};
use crate::status::Status;

/// How `extract` reads and writes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flags {
    /// Only the entries the game reads.
    pub lenient: bool,
    /// Replace existing files (never a link, nor the archive).
    pub force: bool,
}

/// `zerocol extract ARCHIVE FOLDER [NAME...]`: every entry (or those named) into
/// FOLDER, each written atomically. A named entry that is not in the archive is an
/// error (after the others are written). With `--lenient`, only the entries the
/// game reads are extracted, and each skipped one is named in a warning. A later
/// entry of a name seen before (ignoring case) is not extracted: the game keeps
/// the first, and so does extract, with a warning. Before anything is written,
/// every target is checked: the archive (or its `.dir`/`.img`) under an entry's
/// name, a link, or an existing file without `--force` refuses the whole run.
pub(crate) fn extract(
    path: &Path,
    folder: &Path,
    names: &[String],
    flags: Flags,
    max_size: u64,
) -> Status {
    let archive = match archive::open(path, max_size) {
        Ok(archive) => archive,
        Err(message) => {
            eprint_line(&message);
            return Status::Failed;
        }
    };
    let directory = match archive.directory(flags.lenient) {
        Ok(directory) => directory,
        Err(error) => {
            report(&archive.label, &error);
            return Status::Malformed;
        }
    };
    let mut status = Status::Ok;
    let mut found = vec![false; names.len()];
    // Lenient: the entries the game reads, each skipped one named; strict: all.
    let (entries, skipped): (Vec<_>, Vec<_>) = if flags.lenient {
        let (read, skipped) = archive.game_entries(&directory);
        archive.warn_skipped(directory.version(), &skipped);
        (read, skipped)
    } else {
        (directory.entries().collect(), Vec::new())
    };
    // The entries to write, each with its target; the first of each name.
    let mut chosen: Vec<(Entry<'_>, PathBuf)> = Vec::new();
    let mut first_of: HashMap<Vec<u8>, u32> = HashMap::new();
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
                "; the others are extracted: name them (extract ARCHIVE FOLDER NAME...) to \
                 leave it out"
            } else {
                "; the game skips it, and so does --lenient"
            };
            eprint_line(&format!(
                "zerocol: {entry_label}: not extracted: its name is not a plain file name{skips}"
            ));
            status = status.max(Status::Failed);
            continue;
        };
        let key = entry.name.to_ascii_lowercase();
        if let Some(&first) = first_of.get(&key) {
            // It would replace the file this run wrote for the first.
            report(
                &archive.label,
                &format!(
                    "warning: entry {} {file_name:?} not extracted: the name of entry {first} \
                     again (ignoring case); the game keeps entry {first}, which is extracted",
                    entry.index
                ),
            );
            continue;
        }
        first_of.insert(key, entry.index);
        chosen.push((entry, folder.join(file_name)));
    }
    if let Err(message) = create_folder(folder) {
        eprint_line(&message);
        return Status::Failed;
    }
    let targets: Vec<&Path> = chosen.iter().map(|(_, target)| target.as_path()).collect();
    if !targets_free(path, folder, &targets, flags.force) {
        return Status::Failed;
    }
    let mut buffer = Vec::new();
    for (entry, target) in &chosen {
        match archive.read(&directory, entry, &mut buffer) {
            Ok(data) => {
                status = status.max(write_extracted(target, data.bytes, flags.force));
            }
            Err(error) => {
                let entry_label = archive.entry_label(entry);
                eprint_line(&format!("zerocol: {entry_label}: cannot read: {error}"));
                status = status.max(Status::Failed);
            }
        }
    }
    for (name, found) in names.iter().zip(found) {
        if found {
            continue;
        }
        // An entry --lenient left out is in the archive: say so, and why.
        let left_out = skipped.iter().find(|s| {
            s.why == Skip::Unloaded && name.as_bytes().eq_ignore_ascii_case(s.entry.name)
        });
        match left_out {
            Some(one) => eprint_line(&format!(
                "zerocol: {}: not extracted: {}, and so does --lenient (without --lenient, \
                 extract takes it)",
                archive.label,
                archive.skip_text(directory.version(), one)
            )),
            None => eprint_line(&format!(
                "zerocol: {}: no entry named {name:?} (names are compared ignoring case; `zerocol list` lists them)",
                archive.label
            )),
        }
        status = status.max(Status::Failed);
    }
    status
}
