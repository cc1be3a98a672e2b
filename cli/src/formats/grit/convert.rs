//! `zerocol convert`: TCOL text to BCOL binary and back, through the library's
//! writer ([`bcol::write`]) and canonical printer ([`zerocol::grit::tcol::print`]).
//!
//! Converting to the input's own encoding is allowed too: TCOL to TCOL prints the
//! canonical form, BCOL to BCOL rewrites the file (with `--lenient`, Grit's
//! converter's material offsets come out repaired).

use std::format;
use std::string::{String, ToString};
use std::vec;
use std::vec::Vec;
use zerocol::grit::bcol;
use zerocol::grit::{Flavour, Shapes};

use super::{Body, read};
use crate::tool::Converted;

/// The other encoding than the input's: what `convert` writes without `--to`.
pub(crate) const fn other_than(flavour: Flavour) -> Flavour {
    match flavour {
        Flavour::Tcol => Flavour::Bcol,
        Flavour::Bcol => Flavour::Tcol,
    }
}

/// Reads `bytes` as `flavour` and writes them as `target`. The error is the whole
/// message after the input's label: the reader's (`line L, column C: …` or
/// `byte N (0x…): …`) for a malformed input; `cannot write BCOL: …` or `cannot print
/// TCOL: …` for a body the target cannot hold (a hull's shrink in BCOL, NaN in TCOL, …).
pub(crate) fn convert(
    bytes: &[u8],
    flavour: Flavour,
    target: Flavour,
    lenient: bool,
) -> Result<Converted, String> {
    let body = read(bytes, flavour, lenient)?;
    let shapes = body.shapes();
    let out = match target {
        Flavour::Bcol => {
            to_bcol(&body, shapes).map_err(|error| format!("cannot write BCOL: {error}"))?
        }
        Flavour::Tcol => {
            let mut text = String::new();
            // Its message starts "cannot print TCOL: ".
            zerocol::grit::tcol::print(&body.attributes, shapes, body.trimesh.clone(), &mut text)
                .map_err(|error| error.to_string())?;
            text.into_bytes()
        }
    };
    Ok(Converted {
        bytes: out,
        warnings: body.warnings(),
    })
}

/// The BCOL file of a body: sized by [`bcol::required_len`], written, cut to length.
fn to_bcol(body: &Body<'_>, shapes: Shapes<'_>) -> Result<Vec<u8>, bcol::WriteError> {
    let len = bcol::required_len(&body.attributes, shapes.clone(), body.trimesh.clone())?;
    let mut buffer = vec![0u8; len];
    let len = bcol::write(&body.attributes, shapes, body.trimesh.clone(), &mut buffer)?;
    buffer.truncate(len);
    Ok(buffer)
}
