//! `zerocol put`: a GTA model put into a `.dff`.

use std::io::Write;
use std::path::Path;

use crate::formats::gta;
use crate::formats::img::{Named, directory_beside, named};

use zerocol::img::{self, Placement, Version};

use crate::io::archive;
use crate::io::{
    Failure, eprint_line, load, refuse_overwrite, report, write_output, write_output_with,
    write_pair_with,
};
use crate::status::{Interrupted, Status};

/// `zerocol put`: the `.dff` with the model put in, to OUTPUT.
pub fn put(
    dff: &Path,
    model_file: &Path,
    output: &Path,
    name: Option<&str>,
    lenient: bool,
    max_size: u64,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    if refuse_overwrite(&[dff, model_file], output) {
        return Ok(Status::Failed);
    }
    let dff_path = dff;
    let (dff, model_file) = match (load(dff, max_size), load(model_file, max_size)) {
        (Ok(dff), Ok(model_file)) => (dff, model_file),
        (Err(message), _) | (_, Err(message)) => {
            eprint_line(&message);
            return Ok(Status::Failed);
        }
    };
    let stem = (dff_path.as_os_str() != "-")
        .then(|| dff_path.file_stem().map(|s| s.to_string_lossy()))
        .flatten();
    match gta::put(
        &dff.bytes,
        stem.as_deref(),
        &model_file.bytes,
        name,
        lenient,
    ) {
        Ok(put) => {
            if let Some(chosen) = &put.chosen {
                report(&model_file.label, chosen);
            }
            write_output(output, &put.bytes, out)
        }
        Err(gta::PutError::Malformed(message)) => {
            report(&dff.label, &message);
            Ok(Status::Malformed)
        }
        Err(gta::PutError::Choice(message)) => {
            report(&model_file.label, &message);
            Ok(Status::Failed)
        }
    }
}

/// `zerocol put ARCHIVE FILE OUTPUT`: FILE replaces the entry of its name (or
/// `--name`) or is added; the new archive is streamed to OUTPUT, every other entry
/// copied byte for byte, read entry by entry from ARCHIVE. A III/VC archive's new
/// `.img` goes to OUTPUT and its `.dir` beside it, written as a pair.
pub fn put_entry(
    archive_path: &Path,
    file: &Path,
    output: &Path,
    name: Option<&str>,
    lenient: bool,
    max_size: u64,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    if refuse_overwrite(&[archive_path, file], output) {
        return Ok(Status::Failed);
    }
    let archive = match archive::open(archive_path) {
        Ok(archive) => archive,
        Err(message) => {
            eprint_line(&message);
            return Ok(Status::Failed);
        }
    };
    let version = archive.version;
    // A III/VC archive is two files: OUTPUT is the new .img, its .dir goes beside it.
    let dir_output = directory_beside(output);
    if version == Version::V1 {
        let named_img = named(output) == Named::Data;
        if output.as_os_str() == "-" || !named_img {
            report(
                &archive.label,
                &"a GTA III/VC archive is a .dir and an .img: name OUTPUT NAME.img (its .dir is written beside it), not standard output",
            );
            return Ok(Status::Failed);
        }
        if refuse_overwrite(&[archive_path, file], &dir_output) {
            return Ok(Status::Failed);
        }
    }
    let input = match load(file, max_size) {
        Ok(input) => input,
        Err(message) => {
            eprint_line(&message);
            return Ok(Status::Failed);
        }
    };
    let entry_name: String = match name {
        Some(name) => name.to_owned(),
        None => file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let directory = match archive.directory(lenient) {
        Ok(directory) => directory,
        Err(error) => {
            report(&archive.label, &error);
            return Ok(Status::Malformed);
        }
    };
    let existing = directory.find(entry_name.as_bytes());
    // The new directory: the entries in order, FILE in place of the named one
    // (every entry of that name), or at the end.
    let new_len = crate::io::len_u64(input.bytes.len());
    let mut placements: Vec<Placement<'_>> = directory
        .entries()
        .map(|e| Placement {
            name: e.name,
            len: if e.name.eq_ignore_ascii_case(entry_name.as_bytes()) {
                new_len
            } else {
                archive.data_len(&e)
            },
        })
        .collect();
    if existing.is_none() {
        placements.push(Placement {
            name: entry_name.as_bytes(),
            len: new_len,
        });
    }
    let dir_len = match img::directory_len(version, placements.len()) {
        Ok(n) => n,
        Err(error) => {
            report(&archive.label, &error);
            return Ok(Status::Failed);
        }
    };
    let mut dir = vec![0; dir_len];
    if let Err(error) = img::write_directory(version, placements.iter().copied(), &mut dir) {
        report(&input.label, &error);
        return Ok(Status::Failed);
    }
    match existing {
        Some(entry) => report(
            &archive.label,
            &format!(
                "replacing entry {} {:?}",
                entry.index,
                String::from_utf8_lossy(entry.name)
            ),
        ),
        None => report(
            &archive.label,
            &format!(
                "adding entry {} {entry_name:?}",
                placements.len().saturating_sub(1)
            ),
        ),
    }
    let zeros = [0u8; img::SECTOR];
    let pad = |w: &mut dyn Write, len: u64| -> std::io::Result<()> {
        let rest = usize::try_from(len.next_multiple_of(img::SECTOR as u64).saturating_sub(len))
            .unwrap_or(0);
        w.write_all(zeros.get(..rest).unwrap_or_default())
    };
    let fill = |w: &mut dyn Write| {
        if version == Version::V2 {
            w.write_all(&dir).map_err(Failure::Write)?;
            let head = crate::io::len_u64(dir_len);
            pad(w, head).map_err(Failure::Write)?;
        }
        let mut buffer = Vec::new();
        for entry in directory.entries() {
            if entry.name.eq_ignore_ascii_case(entry_name.as_bytes()) {
                w.write_all(&input.bytes).map_err(Failure::Write)?;
                pad(w, new_len).map_err(Failure::Write)?;
                continue;
            }
            let data = archive
                .read(&directory, &entry, &mut buffer)
                .map_err(|error| {
                    Failure::Message(format!(
                        "zerocol: {}: cannot read: {error}",
                        archive.entry_label(&entry)
                    ))
                })?;
            w.write_all(data.bytes).map_err(Failure::Write)?;
            pad(w, crate::io::len_u64(data.bytes.len())).map_err(Failure::Write)?;
        }
        if existing.is_none() {
            w.write_all(&input.bytes).map_err(Failure::Write)?;
            pad(w, new_len).map_err(Failure::Write)?;
        }
        Ok(())
    };
    match version {
        Version::V1 => Ok(write_pair_with(output, fill, (&dir_output, &dir))),
        _ => write_output_with(output, out, fill),
    }
}
