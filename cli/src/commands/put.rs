//! `zerocol put`: a GTA model put into a `.dff` (its collision replaced or added, the
//! rest copied byte for byte), or a file put into an IMG archive as an entry.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::commands::open::explain;
use crate::formats::dff::replace;
use crate::formats::gta::{latin1, read_library};
use crate::formats::img::{Named, directory_beside, named};
use crate::tool::{Flags, options};
use zerocol::gta::{Model, Options};

use zerocol::img::{self, Entry, Version};

use crate::io::archive::{self, ArchiveFile, Data, Item};
use crate::io::load::load;
use crate::io::recognise;
use crate::io::{eprint_line, refuse_overwrite, report, write_output};
use crate::status::{Interrupted, Status};
use zerocol::Format;

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
    let flags = Flags {
        lenient,
        ..Flags::default()
    };
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
            let message = explain(Format::Dff, None, &dff.bytes, flags, false, message);
            report(&dff.label, &message);
            Ok(Status::Malformed)
        }
        Err(PutError::ModelFile(message)) => {
            let message = explain(
                Format::GtaCol,
                None,
                &model_file.bytes,
                flags,
                false,
                message,
            );
            // A file zerocol knows holds no collision (a VERF archive, a TXD) says so.
            let unsniffed = recognise::sniff(&model_file.bytes).is_none();
            let message = match recognise::mismatch(Format::GtaCol, &model_file.bytes) {
                Some(what) if unsniffed => format!("{message} ({what})"),
                _ => message,
            };
            report(&model_file.label, &message);
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
/// `.img` goes to OUTPUT and its `.dir` beside it, written as a pair. With
/// `--lenient`, the entries the game skips are left out, each named in a warning.
pub(crate) fn put_entry(
    archive_path: &Path,
    file: &Path,
    output: &Path,
    name: Option<&str>,
    lenient: bool,
    max_size: u64,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    let mut inputs = archive::files(archive_path);
    inputs.push(file.to_owned());
    let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    let (archive, dir_output) = match open_to_rewrite(archive_path, &inputs, output, max_size) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    let version = archive.version;
    let input = match load(file, max_size) {
        Ok(input) => input,
        Err(message) => {
            eprint_line(&message);
            return Ok(Status::Failed);
        }
    };
    let (entry_name, by_option): (String, bool) = match name {
        Some(name) => (name.to_owned(), true),
        None => (
            file.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            false,
        ),
    };
    let directory = match archive.directory(lenient) {
        Ok(directory) => directory,
        Err(error) => {
            report(&archive.label, &error);
            return Ok(Status::Malformed);
        }
    };
    // Lenient: what the game reads (the skipped entries named); strict: every entry.
    let entries: Vec<Entry<'_>> = if lenient {
        let (read, skipped) = archive.game_entries(&directory);
        archive.warn_skipped(version, &skipped);
        read
    } else {
        directory.entries().collect()
    };
    let is_named = |e: &Entry<'_>| e.name.eq_ignore_ascii_case(entry_name.as_bytes());
    let existing = entries.iter().find(|e| is_named(e)).copied();
    // The new directory: the entries in order, FILE in place of the named one
    // (every entry of that name), or at the end.
    let mut items: Vec<Item<'_>> = entries
        .iter()
        .map(|e| Item {
            name: e.name,
            data: if is_named(e) {
                Data::Bytes(&input.bytes)
            } else {
                Data::Entry(*e)
            },
        })
        .collect();
    if existing.is_none() {
        items.push(Item {
            name: entry_name.as_bytes(),
            data: Data::Bytes(&input.bytes),
        });
    }
    let said = match existing {
        Some(entry) => format!(
            "replacing entry {} {:?}",
            entry.index,
            String::from_utf8_lossy(entry.name)
        ),
        None => format!(
            "adding entry {} {entry_name:?}",
            items.len().saturating_sub(1)
        ),
    };
    let written = archive.write_new(&directory, &items, output, &dir_output, out);
    match written {
        Ok(status) => {
            if matches!(status, Ok(Status::Ok)) {
                report(&archive.label, &said);
            }
            status
        }
        Err((index, error)) => {
            match items.get(index).map(|i| i.data) {
                // FILE's bytes, under FILE's name or --name.
                Some(Data::Bytes(_)) => {
                    report(&input.label, &refused_file(&entry_name, by_option, error))
                }
                Some(Data::Entry(entry)) => {
                    // Only an entry the game does not load is one it skips.
                    let skips = if entry.kind.is_loaded_by(version) {
                        ""
                    } else {
                        "; the game skips it, and --lenient leaves it out (as `zerocol repair` \
                         does)"
                    };
                    report(
                        &archive.entry_place(entry.index),
                        &format!(
                            "entry {} {:?} cannot be written: {error}{skips}",
                            entry.index,
                            String::from_utf8_lossy(entry.name)
                        ),
                    );
                }
                None => report(&archive.label, &error),
            }
            Ok(Status::Failed)
        }
    }
}

/// Why FILE cannot become the entry `name`: its name (from FILE's name, or
/// `--name`), or its size.
fn refused_file(name: &str, by_option: bool, error: img::InputError) -> String {
    match error {
        img::InputError::BadName { len, .. } if by_option => format!(
            "--name {name:?}: expected an entry name of 1 to 23 bytes and no NUL, found {len} bytes"
        ),
        img::InputError::BadName { len, .. } => format!(
            "cannot be the entry {name:?} (its file name): expected an entry name of 1 to 23 \
             bytes and no NUL, found {len} bytes; --name NAME names the entry"
        ),
        img::InputError::EntryTooLarge { sectors, .. } => format!(
            "too large for an entry: {sectors} sectors, more than a San Andreas size field holds \
             (65535 sectors, 128 MiB)"
        ),
        other => other.to_string(),
    }
}

/// The archive at `path`, opened to be written anew to OUTPUT, and the path of the
/// `.dir` written beside OUTPUT for a III/VC archive (OUTPUT names the new `.img`);
/// refused, with its message said, when OUTPUT (or that `.dir`) would overwrite one
/// of `inputs` or the archive does not open.
pub(crate) fn open_to_rewrite(
    path: &Path,
    inputs: &[&Path],
    output: &Path,
    max_size: u64,
) -> Result<(ArchiveFile, PathBuf), Status> {
    if refuse_overwrite(inputs, output) {
        return Err(Status::Failed);
    }
    let archive = archive::open(path, max_size).map_err(|message| {
        eprint_line(&message);
        Status::Failed
    })?;
    let dir_output = directory_beside(output);
    if archive.version == Version::V1 && !v1_output(output, inputs, &dir_output) {
        return Err(Status::Failed);
    }
    Ok((archive, dir_output))
}

/// Whether OUTPUT can take a III/VC archive: an `.img` (its `.dir` is written
/// beside it) that overwrites no input; otherwise the message, naming OUTPUT.
fn v1_output(output: &Path, inputs: &[&Path], dir_output: &Path) -> bool {
    if output.as_os_str() == "-" {
        eprint_line(
            "zerocol: standard output: cannot hold a GTA III/VC archive, which is a .dir and an \
             .img: name OUTPUT NAME.img (its .dir is written beside it)",
        );
        return false;
    }
    if named(output) != Named::Data {
        report(
            &crate::io::label(output),
            &"cannot be a GTA III/VC archive, which is a .dir and an .img: name OUTPUT NAME.img \
              (its .dir is written beside it)",
        );
        return false;
    }
    !refuse_overwrite(inputs, dir_output)
}

/// Why `put` wrote nothing: a file it cannot read (exit 1), or a model it will
/// not choose for the user (exit 2). The message is the whole line after the label.
enum PutError {
    /// The `.dff` is malformed, or the model does not fit it.
    Malformed(String),
    /// The model file is malformed.
    ModelFile(String),
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
    let library =
        read_library(col, lenient, false).map_err(|e| PutError::ModelFile(e.to_string()))?;
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
    let (bytes, fixed) = replace(&target, model).map_err(PutError::Malformed)?;
    let mut warnings = Vec::new();
    if target.has_short_clump() {
        let clump = target.clump();
        let short = target.children_end().saturating_sub(clump.end());
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
