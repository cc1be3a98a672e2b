//! `zerocol put`: a GTA model put into a `.dff` (its collision replaced or added, the
//! rest copied byte for byte), or a file put into an IMG archive as an entry.

use std::io::Write;
use std::path::Path;

use crate::formats::gta::{latin1, read_library};
use crate::formats::img::{Named, directory_beside, named};
use crate::tool::options;
use zerocol::gta::{Model, Options};

use zerocol::img::{self, Placement, Version};

use crate::io::archive;
use crate::io::load::load;
use crate::io::{
    Failure, eprint_line, refuse_overwrite, report, write_output, write_output_with,
    write_pair_with,
};
use crate::status::{Interrupted, Status};

/// `zerocol put`: the `.dff` with the model put in, to OUTPUT.
pub(crate) fn put(
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
    match put_model(
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
            for (of_dff, warning) in &put.warnings {
                let label = if *of_dff {
                    &dff.label
                } else {
                    &model_file.label
                };
                report(label, &format!("warning: {warning}"));
            }
            write_output(output, &put.bytes, out)
        }
        Err(PutError::Malformed(message)) => {
            report(&dff.label, &message);
            Ok(Status::Malformed)
        }
        Err(PutError::Choice(message)) => {
            report(&model_file.label, &message);
            Ok(Status::Failed)
        }
    }
}

/// `zerocol put ARCHIVE FILE OUTPUT`: FILE replaces the entry of its name (or
/// `--name`) or is added; the new archive is streamed to OUTPUT, every other entry
/// copied byte for byte, read entry by entry from ARCHIVE. A III/VC archive's new
/// `.img` goes to OUTPUT and its `.dir` beside it, written as a pair.
pub(crate) fn put_entry(
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
    let archive = match archive::open(archive_path, max_size) {
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

/// Why `put` wrote nothing: a file it cannot read (exit 1), or a model it will
/// not choose for the user (exit 2). The message is the whole line after the label.
enum PutError {
    /// The `.dff` or the model file is malformed, or the model does not fit.
    Malformed(String),
    /// Which model to put is not clear, or `--model` names none.
    Choice(String),
}

/// What `put` wrote, and which model it took when it chose by name.
struct Put {
    /// The new `.dff`.
    pub bytes: Vec<u8>,
    /// The line that says which model was taken and why, when there was a choice.
    pub chosen: Option<String>,
    /// What the reads let through and what the output changes beyond the model,
    /// each with whether it is about the `.dff` (`true`) or the model file.
    pub warnings: Vec<(bool, String)>,
}

/// How many model names a refusal lists.
const LISTED: usize = 32;

/// `zerocol put`: `dff` with its collision replaced by (or given) a model of
/// `col`, copied as it is (convert it first to change its version or its
/// materials). `wanted` is `--model`: a name (ignoring case; an exact name wins
/// over an index) or a 0-based index. Without it: the only model, or the one
/// named like the `.dff` (`dff_stem`, its file name, or the name of the collision
/// model inside it, ignoring case); otherwise a refusal listing the names.
fn put_model(
    dff: &[u8],
    dff_stem: Option<&str>,
    col: &[u8],
    wanted: Option<&str>,
    lenient: bool,
) -> Result<Put, PutError> {
    let options: Options = options(lenient);
    let target = zerocol::gta::dff::Dff::parse(dff, options)
        .map_err(|e| PutError::Malformed(format!("the .dff: {e}")))?;
    let library = read_library(col, lenient, false)
        .map_err(|e| PutError::Malformed(format!("the model file: {e}")))?;
    let models: Vec<Model<'_>> = library.models.iter().map(|&(m, _)| m).collect();
    let inside = match target.collision().map(|c| c.payload()) {
        Some(zerocol::gta::dff::Payload::Model(model)) if !model.name().is_empty() => {
            Some(latin1(model.name()))
        }
        _ => None,
    };
    let (index, chosen) = match wanted {
        Some(wanted) => (by_choice(&models, wanted)?, None),
        None => by_dff(&models, dff_stem, inside.as_deref())?,
    };
    let model = models
        .get(index)
        .ok_or_else(|| PutError::Choice(format!("no model {index}")))?;
    let malformed = |e: zerocol::gta::dff::WriteError| {
        PutError::Malformed(format!("cannot write the .dff: {e}"))
    };
    let len = target.replace_len(model.len()).map_err(malformed)?;
    let mut bytes = vec![0; len];
    target.replace(model, &mut bytes).map_err(malformed)?;
    let mut warnings = Vec::new();
    if target.has_short_clump() {
        let clump = target.clump();
        let short = target.children_end().saturating_sub(clump.end());
        let fixed = zerocol::gta::dff::Dff::parse(&bytes, Options::STRICT).is_ok();
        warnings.push((
            true,
            format!(
                "the Clump at byte {} declares {} bytes and ends at byte {}, {short} bytes \
                 before the chunks it holds end (read past it){}",
                clump.offset(),
                clump.size(),
                clump.end(),
                if fixed {
                    "; its size is fixed in the output"
                } else {
                    ""
                }
            ),
        ));
    }
    // Only the model put in is written: what the read let through in the others,
    // and the bytes after the last, do not reach the output.
    let name = latin1(model.name());
    warnings.extend(
        model
            .tolerated()
            .map(|lint| (false, format!("{name:?}: {lint}"))),
    );
    Ok(Put {
        bytes,
        chosen,
        warnings,
    })
}

/// `--model NAME|INDEX`: the model named so (ignoring case), else the one at that
/// index.
fn by_choice(models: &[Model<'_>], wanted: &str) -> Result<usize, PutError> {
    let named: Vec<usize> = indices(models, |name| name.eq_ignore_ascii_case(wanted));
    match (named.as_slice(), wanted.parse::<usize>()) {
        ([one], _) => Ok(*one),
        ([], Ok(index)) if index < models.len() => Ok(index),
        ([], Ok(index)) => Err(PutError::Choice(format!(
            "--model {index}: the model file holds {}, 0 to {}",
            crate::io::counted(models.len(), "model"),
            models.len().saturating_sub(1)
        ))),
        ([], Err(_)) => Err(PutError::Choice(format!(
            "--model {wanted:?}: no model has that name; give --model NAME|INDEX, one of {}",
            listing(models)
        ))),
        (several, _) => Err(PutError::Choice(format!(
            "--model {wanted:?}: {} models have that name (at {}): give --model INDEX",
            several.len(),
            several
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// No `--model`: the only model, or the one named like the `.dff` (its file name
/// or its collision model's name); the line that says so.
fn by_dff(
    models: &[Model<'_>],
    stem: Option<&str>,
    inside: Option<&str>,
) -> Result<(usize, Option<String>), PutError> {
    if models.len() == 1 {
        return Ok((0, None));
    }
    let like =
        |name: &str, other: Option<&str>| other.is_some_and(|o| name.eq_ignore_ascii_case(o));
    let matching = indices(models, |name| like(name, stem) || like(name, inside));
    let why = |i: usize| {
        let name = models.get(i).map(|m| latin1(m.name())).unwrap_or_default();
        match (like(&name, stem), like(&name, inside)) {
            (true, true) => "the .dff's file name and the collision model inside it",
            (true, false) => "the .dff's file name",
            _ => "the collision model inside the .dff",
        }
    };
    let described = |i: usize| {
        let name = models.get(i).map(|m| latin1(m.name())).unwrap_or_default();
        format!("{i} {name:?}")
    };
    let looked_for = [("file name", stem), ("collision model", inside)]
        .iter()
        .filter_map(|(what, name)| name.map(|n| format!("{what} {n:?}")))
        .collect::<Vec<_>>()
        .join(", ");
    match matching.as_slice() {
        [one] => Ok((
            *one,
            Some(format!(
                "took model {}, named like {} (--model NAME|INDEX takes another)",
                described(*one),
                why(*one)
            )),
        )),
        [] => Err(PutError::Choice(format!(
            "the model file holds {} models and none is named like the .dff ({}): give --model \
             NAME|INDEX, one of {}",
            models.len(),
            if looked_for.is_empty() {
                "which has no name to go by".to_owned()
            } else {
                looked_for
            },
            listing(models)
        ))),
        several => Err(PutError::Choice(format!(
            "{} models are named like the .dff: {}: give --model NAME|INDEX",
            several.len(),
            several
                .iter()
                .map(|&i| format!("{} (like {})", described(i), why(i)))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The indices of the models whose (Latin-1) name passes `test`.
fn indices(models: &[Model<'_>], test: impl Fn(&str) -> bool) -> Vec<usize> {
    models
        .iter()
        .enumerate()
        .filter(|(_, m)| test(&latin1(m.name())))
        .map(|(i, _)| i)
        .collect()
}

/// `0 "bollard_iii", 1 "lamppost_sa", ...`: the first [`LISTED`] models, then how
/// many more.
fn listing(models: &[Model<'_>]) -> String {
    let mut list = models
        .iter()
        .take(LISTED)
        .enumerate()
        .map(|(i, m)| format!("{i} {:?}", latin1(m.name())))
        .collect::<Vec<_>>()
        .join(", ");
    if models.len() > LISTED {
        list.push_str(&format!(
            " and {} more (`zerocol info` lists them)",
            models.len().saturating_sub(LISTED)
        ));
    }
    list
}
