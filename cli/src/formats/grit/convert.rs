//! `zerocol convert`: TCOL text to BCOL binary and back, through the library's
//! writer ([`bcol::write`]) and canonical printer ([`zerocol::grit::tcol::print`]).
//!
//! Converting to the input's own encoding is allowed too: TCOL to TCOL prints the
//! canonical form, BCOL to BCOL rewrites the file (with `--lenient`, Grit's
//! converter's material offsets come out repaired).

use std::borrow::ToOwned;
use std::format;
use std::string::{String, ToString};
use std::vec;
use std::vec::Vec;
use zerocol::grit::bcol;
use zerocol::grit::tcol::{Place, PrintError};
use zerocol::grit::{Flavour, Keyword, Shapes};

use super::{Body, File, read};
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
        Flavour::Bcol => to_bcol(&body, shapes).map_err(|error| {
            let place = match error {
                bcol::WriteError::Invalid(bcol::InputError::Shrink { shape, .. }) => {
                    shape_place(&body, shape)
                }
                _ => None,
            };
            at(place, &format!("cannot write BCOL: {error}"))
        })?,
        Flavour::Tcol => {
            let mut text = String::new();
            // Its message starts "cannot print TCOL: ".
            zerocol::grit::tcol::print(&body.attributes, shapes, body.trimesh.clone(), &mut text)
                .map_err(|error| {
                let place = match error {
                    PrintError::Invalid { at, .. } => print_place(&body, at),
                    _ => None,
                };
                at(place, &error.to_string())
            })?;
            text.into_bytes()
        }
    };
    Ok(Converted {
        bytes: out,
        warnings: body.warnings(),
    })
}

/// `PLACE: MESSAGE`, or the message alone where the place is not known.
fn at(place: Option<String>, message: &str) -> String {
    match place {
        Some(place) => format!("{place}: {message}"),
        None => message.to_owned(),
    }
}

/// Where the input holds shape `index` (from 0, in the order the body gives its
/// shapes): its keyword's line and column in TCOL, its record's byte in BCOL.
fn shape_place(body: &Body<'_>, index: usize) -> Option<String> {
    match body.shapes() {
        Shapes::Text(mut shapes) => {
            let position = (0..=index)
                .filter_map(|_| shapes.next_positioned())
                .nth(index)?
                .0;
            Some(position.to_string())
        }
        Shapes::Binary(mut shapes) => {
            let offset = (0..=index)
                .filter_map(|_| shapes.next_positioned())
                .nth(index)?
                .0;
            Some(byte(offset))
        }
        _ => None,
    }
}

/// `byte N (0xN)`, as the BCOL reader's errors say a place.
fn byte(offset: usize) -> String {
    format!("byte {offset} (0x{offset:x})")
}

/// Where a BCOL input holds the value the TCOL printer refused (a TCOL input's
/// shapes too; its other values are printed as read, so they do not fail).
fn print_place(body: &Body<'_>, place: Place) -> Option<String> {
    let record = |start: usize, index: usize, len: usize| {
        index
            .checked_mul(len)
            .and_then(|n| n.checked_add(start))
            .map(byte)
    };
    match (place, &body.file) {
        (Place::Shape { index, .. } | Place::HullVertex { shape: index, .. }, _) => {
            shape_place(body, index)
        }
        (Place::Face(i), File::Bcol(file)) => record(
            file.trimesh_faces().start(),
            i,
            size_of::<bcol::raw::Face>(),
        ),
        (Place::TrimeshVertex(i), File::Bcol(file)) => record(
            file.trimesh_vertices().start(),
            i,
            size_of::<bcol::raw::Vertex>(),
        ),
        (Place::Attribute(keyword) | Place::Trimesh(keyword), File::Bcol(_)) => {
            header_field(keyword).map(byte)
        }
        _ => None,
    }
}

/// Where BCOL's header holds an attribute or a trimesh setting.
fn header_field(keyword: Keyword) -> Option<usize> {
    use core::mem::offset_of;
    use zerocol::grit::bcol::raw::Header;
    Some(match keyword {
        Keyword::Mass => offset_of!(Header, mass),
        Keyword::Inertia => offset_of!(Header, inertia),
        Keyword::LinearDamping => offset_of!(Header, linear_damping),
        Keyword::AngularDamping => offset_of!(Header, angular_damping),
        Keyword::LinearSleepThreshold => offset_of!(Header, linear_sleep_threshold),
        Keyword::AngularSleepThreshold => offset_of!(Header, angular_sleep_threshold),
        Keyword::CcdMotionThreshold => offset_of!(Header, ccd_motion_threshold),
        Keyword::CcdSweptSphereRadius => offset_of!(Header, ccd_swept_sphere_radius),
        Keyword::Margin => offset_of!(Header, trimesh_margin),
        Keyword::EdgeDistanceThreshold => offset_of!(Header, edge_distance_threshold),
        _ => return None,
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
