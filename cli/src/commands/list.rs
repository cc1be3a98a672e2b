//! `zerocol list`: an IMG archive's entries and its warnings, from its directory.

use std::io::Write;
use std::path::Path;

use zerocol::img::{Entry, Version};

use crate::io::archive;
use crate::io::{eprint_line, report};
use crate::status::{Interrupted, Status};

/// `zerocol list ARCHIVE`: one line per entry (index, name, type, size and offset
/// in bytes), then `warning:` lines. With `--lenient`, only the entries the game
/// reads are listed; the warnings name those it skips.
pub(crate) fn list(
    path: &Path,
    lenient: bool,
    max_size: u64,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    let archive = match archive::open(path, max_size) {
        Ok(archive) => archive,
        Err(message) => {
            eprint_line(&message);
            return Ok(Status::Failed);
        }
    };
    let directory = match archive.directory(lenient) {
        Ok(directory) => directory,
        Err(error) => {
            report(&archive.label, &error);
            return Ok(Status::Malformed);
        }
    };
    // Lenient: the entries the game reads (the lints name the others), in a `Vec`
    // bounded by the directory's own limit; strict: all, streamed.
    let game = lenient.then(|| archive.game_entries(&directory).0);
    let count = game
        .as_ref()
        .map_or_else(|| directory.entries().count(), Vec::len);
    let write = |out: &mut dyn Write| -> std::io::Result<()> {
        writeln!(
            out,
            "{}: {} IMG archive, {}",
            archive.label,
            match directory.version() {
                Version::V1 => "GTA III/VC (v1)",
                _ => "San Andreas (v2)",
            },
            crate::io::counted(count, "entry")
        )?;
        writeln!(
            out,
            "{:>6}  {:<24} {:<5} {:>12} {:>14}",
            "index", "name", "type", "size", "offset"
        )?;
        let entries: Box<dyn Iterator<Item = Entry<'_>>> = match &game {
            Some(read) => Box::new(read.iter().copied()),
            None => Box::new(directory.entries()),
        };
        for entry in entries {
            writeln!(
                out,
                "{:>6}  {:<24} {:<5} {:>12} {:>14}",
                entry.index,
                String::from_utf8_lossy(entry.name)
                    .escape_debug()
                    .to_string(),
                entry.kind.name(),
                entry.len(),
                entry.byte_range().start
            )?;
        }
        let mut scratch = vec![0u32; directory.lint_scratch_len()];
        for lint in directory.lints_with(&mut scratch) {
            writeln!(
                out,
                "  warning: byte {}: {}",
                lint.offset,
                archive::lint_text(&lint)
            )?;
        }
        Ok(())
    };
    write(out)
        .map(|()| Status::Ok)
        .map_err(|error| Interrupted {
            status: Status::Ok,
            error,
        })
}
