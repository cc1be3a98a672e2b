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
    sample
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
    let mut walk = zerocol::gta::models(bytes, options(flags.lenient));
    let mut models = 0usize;
    let mut warnings = Vec::new();
    for model in walk.by_ref() {
        let model = model.map_err(|error| error.to_string())?;
        let name = latin1(model.name());
        let index = models;
        warnings.extend(lint_lines(&model, |at| at).map(|(at, line)| Warning {
            offset: Some(at),
            model: Some(index),
            text: format!("model {index} {name:?}: {line}"),
        }));
        models = models.saturating_add(1);
    }
    let end = walk.end();
    if models == 0 {
        return Err(no_model(bytes));
    }
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
/// to the file's (a `.dff`'s headerless payload is read from a copy).
pub(crate) fn lint_lines<'m>(
    model: &Model<'m>,
    offset: impl Fn(usize) -> usize + 'm,
) -> impl Iterator<Item = (usize, String)> + 'm {
    model.lints().map(move |mut lint| {
        lint.offset = offset(lint.offset);
        (lint.offset, lint.to_string())
    })
}

/// `zerocol export`: every model of the library as OBJ, or those `--model` picks
/// (none picked: a usage error that lists them).
pub(crate) fn export(bytes: &[u8], flags: Flags, mtllib: &str) -> Result<Exported, Error> {
    let all: Vec<_> = read_library(bytes, flags.lenient)
        .map_err(Error::Malformed)?
        .into_iter()
        .map(|(model, _)| model)
        .collect();
    let models = picked(&all, flags.model)?;
    let warnings = tolerated(&models);
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
