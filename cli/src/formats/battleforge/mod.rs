//! BattleForge `collisionShape` (`"format": "collision-shape"`): `info`, `dump` and
//! `check`, for DRS model files and for bare payloads.
//!
//! A file that starts with the DRS magic (`1E F1 7C C5`) is read as a DRS container and
//! the node named `collisionShape` is taken from it, so forcing `--format
//! collision-shape` never breaks a container. Any other file only gets here when
//! forced, and is then read as a bare payload: sniffing cannot recognise one, since it
//! starts with a version byte.

mod dump;
mod info;

pub(crate) use dump::dump;
pub(crate) use info::info;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use std::borrow::ToOwned;

use crate::tool::{Checked, Flags, Sample, Warning, options};

crate::tool::module_tool!(
    BattleForge,
    "`collision-shape`: BattleForge `collisionShape` through [`Tool`](crate::tool::Tool).",
    ray,
    sample
);

/// What `--format collision-shape` asks a file to be.
const NOUN: &str = "a BattleForge collisionShape";

/// The BattleForge DRS model shown by `zerocol info` without a file, after the MKGP
/// course.
const SAMPLE: Sample = Sample {
    label: "(embedded DRS sample)",
    bytes: include_bytes!("../../../samples/collision.drs"),
};

/// What a BattleForge file looks like.
fn looks(_bytes: &[u8]) -> String {
    "a BattleForge DRS model".to_owned()
}

/// `zerocol ray`: the nearest hit of `segment` (Y-up) over the collision shape's
/// spheres, boxes and cylinders, through their transforms; the index counts within
/// each kind's array and the material is `null` (the format has none).
pub(crate) fn ray(
    out: &mut dyn std::io::Write,
    bytes: &[u8],
    segment: zerocol::query::Segment,
    flags: Flags,
) -> std::io::Result<crate::tool::Verdict> {
    use zerocol::query::Query;
    let read = match read(bytes, options(flags.lenient)) {
        Ok(read) => read,
        Err(error) => return Ok(crate::tool::Verdict::Malformed(error)),
    };
    let hit = read.shape.cast(segment);
    crate::tool::write_ray(out, hit.map(|hit| crate::tool::RayHit::new(0, None, hit)))
}

use zerocol::battleforge::{CollisionShape, Drs, Error, ErrorKind, MAGIC, Node, Options};

/// What was read from a file.
struct Read<'a> {
    /// The container and the `collisionShape` node; `None` for a bare payload.
    container: Option<(Drs<'a>, Node<'a>)>,
    shape: CollisionShape<'a>,
}

/// `true` when `bytes` start with the DRS magic.
pub(crate) fn is_drs(bytes: &[u8]) -> bool {
    bytes.get(..4) == Some(&MAGIC.to_le_bytes()[..])
}

/// Reads a DRS file (by its magic) or a bare payload; the error message starts with
/// the byte offset.
fn read(bytes: &[u8], options: Options) -> Result<Read<'_>, String> {
    if is_drs(bytes) {
        let drs = Drs::parse(bytes, options).map_err(|e| e.to_string())?;
        let (node, shape) = drs.collision_shape().ok_or_else(|| missing(&drs))?;
        Ok(Read {
            container: Some((drs, node)),
            shape,
        })
    } else {
        let shape = CollisionShape::parse(bytes, options).map_err(|e| bare_error(&e))?;
        Ok(Read {
            container: None,
            shape,
        })
    }
}

/// The message for a container without a `collisionShape` node (which the library
/// reads, with no collision shape), blamed on the node hierarchy.
fn missing(drs: &Drs<'_>) -> String {
    let at = drs.header().node_hierarchy_offset.get();
    format!(
        "byte {at} (0x{at:x}): expected a node named \"collisionShape\" in the node hierarchy, found none"
    )
}

/// The library's message, with a hint when the first byte is not a version: the
/// file was only read as a bare payload because it lacks the DRS magic.
fn bare_error(error: &Error) -> String {
    match error.kind() {
        ErrorKind::UnsupportedVersion { .. } if error.offset() == 0 => format!(
            "{error} (read as a bare payload: the file does not start with the DRS magic 1e f1 7c c5)"
        ),
        _ => error.to_string(),
    }
}

/// `zerocol check`: the text inside `ok (...)`, or the error for `error: ...`.
pub(crate) fn check(bytes: &[u8], flags: Flags) -> Result<Checked, String> {
    let lenient = flags.lenient;
    let read = read(bytes, options(lenient))?;
    let what = if read.container.is_some() {
        "collisionShape"
    } else {
        "bare collisionShape payload"
    };
    let s = read.shape;
    let summary = format!(
        "{what}: {}, {}, {}",
        crate::io::counted(s.boxes().len(), "box"),
        crate::io::counted(s.spheres().len(), "sphere"),
        crate::io::counted(s.cylinders().len(), "cylinder")
    );
    Ok(Checked {
        summary,
        warnings: s
            .lints()
            .map(|lint| Warning::at(lint.offset, lint))
            .collect(),
    })
}

/// `zerocol export`: the collision shapes as OBJ.
pub(crate) fn export(
    bytes: &[u8],
    flags: Flags,
    mtllib: &str,
) -> Result<crate::tool::Exported, crate::tool::Error> {
    let read = read(bytes, options(flags.lenient)).map_err(crate::tool::Error::Malformed)?;
    crate::tool::exported(Vec::new(), |obj, mtl| {
        zerocol::obj::battleforge(&read.shape, obj, mtl, Some(mtllib))
    })
}

/// Bytes decoded as Latin-1: every byte is the code point of the same value.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().copied().map(char::from).collect()
}
