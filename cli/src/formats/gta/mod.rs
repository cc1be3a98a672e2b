//! GTA `.col` (`"format": "gta-col"`): `info`, `dump`, `check`, `convert`,
//! `export` and `ray`.

mod convert;
mod dump;
mod info;
mod ray;

pub(crate) use crate::tool::{FaceGroups, Settings};
pub(crate) use convert::{convert, convert_models, read_library};
pub(crate) use dump::{DffJson, Dump, dump};
pub(crate) use info::{info, write_model};
pub(crate) use ray::ray;
use std::borrow::ToOwned;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use zerocol::gta::Model;

use crate::tool::{Checked, Error, Exported, Flags, Sample, Warning, options};

crate::tool::module_tool!(
    Gta,
    "`gta-col`: GTA `.col` through [`Tool`](crate::tool::Tool).",
    convert,
    ray,
    models,
    sample,
    recoverable
);

/// What `--format gta-col` asks a file to be.
const NOUN: &str = "a GTA .col library";

/// The GTA sample shown by `zerocol info` without a file, first.
const SAMPLE: Sample = Sample {
    label: "(embedded sample)",
    bytes: include_bytes!("../../../samples/sample.col"),
};

/// What a GTA `.col` looks like: its first model's FourCC.
fn looks(bytes: &[u8]) -> String {
    let fourcc = bytes
        .get(..4)
        .map(String::from_utf8_lossy)
        .unwrap_or_default();
    format!("a GTA {fourcc} collision library")
}

/// `zerocol check`: the model count and lints, or the error for `error: ...`. A
/// file with no model is malformed, also with `--lenient`.
pub(crate) fn check(bytes: &[u8], flags: Flags) -> Result<Checked, String> {
    let walked = walk(bytes, flags.lenient, flags.recover)?;
    let mut warnings = Vec::new();
    for (index, model) in walked.models.iter().enumerate() {
        let name = latin1(model.name());
        warnings.extend(lint_lines(model, |at| at).map(|(at, line, risky)| Warning {
            offset: Some(at),
            model: Some(index),
            text: format!("model {index} {name:?}: {line}"),
            risky,
        }));
    }
    if !walked.skipped.is_empty() {
        // Read past the damage, the file is still malformed: each range is said.
        return Err(format!(
            "{}: {}",
            recovered(walked.skipped.len(), walked.models.len()),
            walked.skipped_lines().collect::<Vec<_>>().join("; ")
        ));
    }
    let models = walked.models.len();
    let end = walked.end;
    let trailing = end.map_or(0, |end| end.trailing_bytes);
    if let Some(end) = end.filter(|end| !end.trailing_is_padding) {
        // The text of `dump --lenient`'s warning.
        warnings.push(Warning::at(
            end.offset,
            format_args!(
                "stopped at byte {}: {} trailing bytes that are not a model were ignored",
                end.offset, end.trailing_bytes
            ),
        ));
    }
    Ok(Checked {
        summary: format!(
            "{}, {}",
            crate::io::counted(models, "model"),
            crate::io::counted(trailing, "trailing byte")
        ),
        warnings,
    })
}

/// A model's lints as `info` prints them, with their offsets, which `offset` maps
/// to the file's (a `.dff`'s headerless payload is read from a copy), and whether
/// the game may crash on them ([`zerocol::gta::LintKind::may_crash`]).
pub(crate) fn lint_lines<'m>(
    model: &Model<'m>,
    offset: impl Fn(usize) -> usize + 'm,
) -> impl Iterator<Item = (usize, String, bool)> + 'm {
    model.lints().map(move |mut lint| {
        lint.offset = offset(lint.offset);
        (lint.offset, lint.to_string(), lint.kind.may_crash())
    })
}

/// `zerocol export`: every model of the library as OBJ, or those `--model` picks
/// (none picked: a usage error that lists them).
pub(crate) fn export(bytes: &[u8], flags: Flags, mtllib: &str) -> Result<Exported, Error> {
    // `export` has no `--recover`.
    let library = read_library(bytes, flags.lenient, false).map_err(Error::Malformed)?;
    let all: Vec<_> = library.models.iter().map(|&(model, _)| model).collect();
    let models = picked(&all, flags.model)?;
    // What the read let through and left out; with `--model`, of the models picked.
    let warnings = if flags.model.is_some() {
        tolerated(&models)
    } else {
        library.warnings
    };
    let mut exported = crate::tool::exported(warnings, |obj, mtl| {
        zerocol::obj::gta(&models, flags.game, obj, mtl, Some(mtllib))
    })?;
    exported.models = Some((models.len(), all.len()));
    Ok(exported)
}

/// The models `--model` picks out of `models` (all of them without it), or the
/// usage error that lists what the file holds.
pub(crate) fn picked<'m>(
    models: &[Model<'m>],
    wanted: Option<&str>,
) -> Result<Vec<Model<'m>>, Error> {
    let Some(pick) = wanted.map(Pick::new) else {
        return Ok(models.to_vec());
    };
    let found: Vec<_> = (0..)
        .zip(models)
        .filter(|&(index, m)| pick.matches(index, m.name()))
        .map(|(_, m)| *m)
        .collect();
    if found.is_empty() {
        let names: Vec<String> = models.iter().map(|m| latin1(m.name())).collect();
        return Err(Error::Usage(pick.none_of(&names)));
    }
    Ok(found)
}

/// What a lenient read let through, a line each (`MODEL: LINT`).
pub(crate) fn tolerated(models: &[zerocol::gta::Model<'_>]) -> Vec<String> {
    models
        .iter()
        .flat_map(|m| {
            let name = latin1(m.name());
            m.tolerated().map(move |lint| format!("{name:?}: {lint}"))
        })
        .collect()
}

/// A library's models as a strict, lenient or recovering walk reads them.
pub(crate) struct Walked<'a> {
    /// The models read, in file order.
    pub models: Vec<zerocol::gta::Model<'a>>,
    /// Where they ended (`None` when a recovering walk ran out of budget).
    pub end: Option<zerocol::gta::End>,
    /// The damaged byte ranges stepped over (`--recover` only).
    pub skipped: Vec<zerocol::gta::Skipped>,
}

impl Walked<'_> {
    /// `--recover`'s warnings: a line per damaged byte range stepped over.
    pub(crate) fn skipped_lines(&self) -> impl Iterator<Item = String> + '_ {
        self.skipped.iter().map(skipped_line)
    }
}

/// `--recover`'s line for a damaged byte range it stepped over.
pub(crate) fn skipped_line(s: &zerocol::gta::Skipped) -> String {
    format!(
        "skipped bytes {}..{} ({}): {}",
        s.offset,
        s.offset.saturating_add(s.len),
        crate::io::counted(s.len, "byte"),
        s.error
    )
}

/// `--recover`'s verdict on a damaged library: what it skipped and what it read.
pub(crate) fn recovered(skipped: usize, models: usize) -> String {
    format!(
        "{} skipped, {} recovered",
        crate::io::counted(skipped, "damaged byte range"),
        crate::io::counted(models, "model")
    )
}

/// Walks every model of `bytes`: to the first error, or (`recover`) over damage.
/// A library with no model (and, recovering, no damage either) is malformed.
pub(crate) fn walk(bytes: &[u8], lenient: bool, recover: bool) -> Result<Walked<'_>, String> {
    let options = options(lenient);
    let mut walked = Walked {
        models: Vec::new(),
        end: None,
        skipped: Vec::new(),
    };
    if recover {
        let mut walk = zerocol::gta::recover(bytes, options);
        for item in walk.by_ref() {
            match item {
                zerocol::gta::Recovered::Model(model) => walked.models.push(model),
                zerocol::gta::Recovered::Skipped(skipped) => walked.skipped.push(skipped),
            }
        }
        walked.end = walk.end();
        if walked.models.is_empty() && !walked.skipped.is_empty() {
            return Err(format!(
                "{} skipped and no model recovered",
                crate::io::counted(walked.skipped.len(), "damaged byte range")
            ));
        }
    } else {
        let mut walk = zerocol::gta::models(bytes, options);
        for model in walk.by_ref() {
            walked
                .models
                .push(model.map_err(|error| error.to_string())?);
        }
        walked.end = walk.end();
    }
    if walked.models.is_empty() {
        return Err(no_model(bytes));
    }
    Ok(walked)
}

/// How many models `--recover` reads of a library a strict or lenient walk stops
/// in, when it steps over damage and reads more than that walk.
pub(crate) fn recoverable(bytes: &[u8], lenient: bool) -> Option<usize> {
    let stopped = zerocol::gta::models(bytes, options(lenient))
        .take_while(Result::is_ok)
        .count();
    let walked = walk(bytes, lenient, true).ok()?;
    (!walked.skipped.is_empty() && walked.models.len() > stopped).then_some(walked.models.len())
}

/// The message for a buffer that holds no model: empty, zero padding only, or
/// (lenient) bytes that are not a FourCC.
pub(crate) fn no_model(bytes: &[u8]) -> String {
    match bytes.get(..4) {
        None if bytes.is_empty() => "the file is empty: no model".to_owned(),
        Some(first) if first.iter().any(|&b| b != 0) => format!(
            "byte 0 (0x0): no model: expected a FourCC (COLL, COL2, COL3 or COL4), found bytes {}",
            first
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        _ => "no model: the file holds zero bytes only".to_owned(),
    }
}

/// `info --model`: which model to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick<'a> {
    /// A value of digits only: the 0-based index, as `info` numbers the models.
    Index(usize),
    /// Anything else: the name, ignoring ASCII case (as `put --model` takes it).
    Name(&'a str),
}

impl<'a> Pick<'a> {
    /// What `--model VALUE` asks for.
    pub(crate) fn new(value: &'a str) -> Self {
        match value.parse() {
            Ok(index) if value.bytes().all(|b| b.is_ascii_digit()) => Self::Index(index),
            _ => Self::Name(value),
        }
    }

    /// Whether model `index`, named `name` (Latin-1), is the one asked for.
    pub(crate) fn matches(self, index: usize, name: &[u8]) -> bool {
        match self {
            Self::Index(wanted) => index == wanted,
            Self::Name(wanted) => latin1(name).eq_ignore_ascii_case(wanted),
        }
    }

    /// The usage error for a file whose models (`names`, in order) hold none asked
    /// for.
    pub(crate) fn none_of(self, names: &[String]) -> String {
        const SHOWN: usize = 8;
        let count = names.len();
        let holds = crate::io::counted(count, "model");
        match self {
            Self::Index(wanted) => format!(
                "no model {wanted}: the file holds {holds}, numbered from 0 to {}",
                count.saturating_sub(1)
            ),
            Self::Name(wanted) => {
                let mut list: Vec<String> =
                    names.iter().take(SHOWN).map(|n| format!("{n:?}")).collect();
                if count > SHOWN {
                    list.push(format!("… {} more", count.saturating_sub(SHOWN)));
                }
                format!(
                    "no model named {wanted:?} (ignoring case): the file holds {holds}: {}",
                    list.join(", ")
                )
            }
        }
    }
}

/// Bytes decoded as Latin-1: every byte is the code point of the same value.
pub(crate) fn latin1(bytes: &[u8]) -> String {
    bytes.iter().copied().map(char::from).collect()
}
