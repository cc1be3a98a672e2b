//! `zerocol repair`: an IMG archive rewritten as the game reads it.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::commands::put::open_to_rewrite;
use crate::io::archive::{self, Data, Item};
use crate::io::report;
use crate::status::{Interrupted, Status};

/// `zerocol repair ARCHIVE OUTPUT`: the archive the game reads, to OUTPUT (a III/VC
/// archive: OUTPUT names the new `.img`, its `.dir` goes beside it). ARCHIVE is read
/// as the game reads it: every entry the game reads is copied byte for byte (its
/// whole sectors), in directory order; every entry it skips (a name without an
/// extension the game loads, leftovers past the archive's end among them, or a
/// name seen before) is dropped, each named in a warning. The new directory is
/// packed: each entry follows the last, sector-aligned.
pub(crate) fn repair(
    path: &Path,
    output: &Path,
    max_size: u64,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    let inputs = archive::files(path);
    let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    let (archive, dir_output) = match open_to_rewrite(path, &inputs, output, max_size) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    let version = archive.version;
    // Leniently: leftovers past the end are what the game skips, not a failure.
    let directory = match archive.directory(true) {
        Ok(directory) => directory,
        Err(error) => {
            report(&archive.label, &error);
            return Ok(Status::Malformed);
        }
    };
    let (read, skipped) = archive.game_entries(&directory);
    for one in &skipped {
        report(
            &archive.label,
            &format!("warning: dropped {}", archive.skip_text(version, one)),
        );
    }
    let items: Vec<Item<'_>> = read
        .iter()
        .map(|&entry| Item {
            name: entry.name,
            data: Data::Entry(entry),
        })
        .collect();
    match archive.write_new(&directory, &items, output, &dir_output, out) {
        Ok(Ok(Status::Ok)) => {
            report(
                &archive.label,
                &format!(
                    "kept {} of {} declared, dropped {}",
                    read.len(),
                    crate::io::counted(directory.declared(), "entry"),
                    skipped.len()
                ),
            );
            Ok(Status::Ok)
        }
        Ok(status) => status,
        // The game reads no entry whose name the writer refuses (an empty name has
        // no extension): an entry too large for its size field.
        Err((index, error)) => {
            match read.get(index) {
                Some(entry) => report(
                    &archive.entry_place(entry.index),
                    &format!(
                        "entry {} {:?} cannot be written: {error}",
                        entry.index,
                        String::from_utf8_lossy(entry.name)
                    ),
                ),
                None => report(&archive.label, &error),
            }
            Ok(Status::Failed)
        }
    }
}
