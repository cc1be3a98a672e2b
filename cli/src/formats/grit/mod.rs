//! Grit engine collision files (`"format": "tcol"` and `"bcol"`, docs/formats/grit.md):
//! `info`, `dump`, `check` and `convert`.
//!
//! TCOL text is read by [`Tcol::parse`], BCOL binary by [`Bcol::parse`]; both hand out
//! the same views (attributes, shapes, trimesh), gathered once in a `Body` so that
//! the JSON and the summary are one code for both. `--lenient` means the old TCOL
//! dialect for text and the repair of Grit's converter's material offsets for BCOL.

mod convert;
mod dump;
mod info;

pub(crate) use convert::convert;
pub(crate) use dump::dump;
pub(crate) use info::info;
use std::borrow::ToOwned;
use std::format;
use std::string::{String, ToString};
use std::vec;
use std::vec::Vec;

use crate::tool::{Checked, Warning};
use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::{
    Attributes, Flavour, Shapes, Trimesh,
    tcol::{Options, Tcol},
};

/// The TCOL options for `--lenient` (also the 2009 dialect) or strict reading.
fn tcol_options(lenient: bool) -> Options {
    crate::tool::options(lenient)
}

/// The BCOL options for `--lenient` (repair Grit's material offsets) or strict reading.
fn bcol_options(lenient: bool) -> bcol::Options {
    crate::tool::options(lenient)
}

/// The `"format"` name of a flavour.
pub(crate) const fn name(flavour: Flavour) -> &'static str {
    match flavour {
        Flavour::Tcol => "tcol",
        Flavour::Bcol => "bcol",
    }
}

/// What was read, for the layout lines of `info`.
enum File<'a> {
    Tcol(Tcol<'a>),
    Bcol(Bcol<'a>),
}

/// A body read from a file, whatever its encoding.
struct Body<'a> {
    file: File<'a>,
    attributes: Attributes,
    /// Whether the file has a compound block (TCOL, perhaps empty) or any shape (BCOL).
    has_compound: bool,
    trimesh: Option<Trimesh<'a>>,
}

impl<'a> Body<'a> {
    /// The compound's shapes in file order (BCOL: stored order), decoded as they
    /// are iterated.
    fn shapes(&self) -> Shapes<'a> {
        match &self.file {
            File::Tcol(tcol) => tcol.shapes(),
            File::Bcol(file) => file.shapes(),
        }
    }

    fn flavour(&self) -> Flavour {
        match self.file {
            File::Tcol(_) => Flavour::Tcol,
            File::Bcol(_) => Flavour::Bcol,
        }
    }

    /// The library's lints, formatted (TCOL: per shape and face, then mesh-wide),
    /// without what `--lenient` tolerated: [`Body::warnings`] lists that.
    fn lints(&self) -> Vec<String> {
        texts(self.located_lints())
    }

    /// [`Body::lints`] with their byte offsets (TCOL: of the line and column).
    fn located_lints(&self) -> Vec<Warning> {
        match &self.file {
            File::Tcol(tcol) => {
                let mut lints: Vec<Warning> = tcol
                    .lints()
                    .filter(|l| !l.kind.is_tolerated())
                    .map(|l| Warning::at(l.position.offset, l))
                    .collect();
                let mut scratch = vec![[0u32; 4]; tcol.mesh_scratch_len()];
                match tcol.mesh_lints(&mut scratch) {
                    Ok(mesh) => lints.extend(mesh.map(|l| Warning::at(l.position.offset, l))),
                    // Unreachable: the scratch has the length asked for.
                    Err(error) => lints.push(Warning {
                        offset: None,
                        model: None,
                        text: format!("mesh checks skipped: {error}"),
                        risky: false,
                    }),
                }
                lints
            }
            File::Bcol(file) => file
                .lints()
                .filter(|l| !l.kind.is_tolerated())
                .map(|l| Warning::at(l.offset, l))
                .collect(),
        }
    }

    /// What `--lenient` let through: TCOL's tolerated old dialect, BCOL's repairs
    /// (both empty for a strict read).
    fn warnings(&self) -> Vec<String> {
        texts(self.located_warnings())
    }

    /// [`Body::warnings`] with their byte offsets (TCOL: of the line and column).
    fn located_warnings(&self) -> Vec<Warning> {
        match &self.file {
            File::Tcol(tcol) => tcol
                .tolerated()
                .map(|l| Warning::at(l.position.offset, l))
                .collect(),
            File::Bcol(file) => file.tolerated().map(|l| Warning::at(l.offset, l)).collect(),
        }
    }

    /// `tcol: dynamic, mass 30, 4 shapes, no trimesh`.
    fn summary(&self) -> String {
        format!(
            "{}: {}, {}",
            name(self.flavour()),
            motion(&self.attributes),
            contents(self)
        )
    }
}

/// Reads a file; the error message is the library's, which starts with
/// `line L, column C` for TCOL and with the byte offset for BCOL (the commands add
/// that `--lenient` reads it, where it does).
fn read(bytes: &[u8], flavour: Flavour, lenient: bool) -> Result<Body<'_>, String> {
    read_with(bytes, flavour, lenient)
}

fn read_with(bytes: &[u8], flavour: Flavour, lenient: bool) -> Result<Body<'_>, String> {
    match flavour {
        Flavour::Tcol => {
            let tcol = Tcol::parse(bytes, tcol_options(lenient)).map_err(|e| e.to_string())?;
            Ok(Body {
                attributes: tcol.attributes(),
                has_compound: tcol.has_compound(),
                trimesh: tcol.trimesh(),
                file: File::Tcol(tcol),
            })
        }
        Flavour::Bcol => {
            let file = Bcol::parse(bytes, bcol_options(lenient)).map_err(|e| e.to_string())?;
            Ok(Body {
                attributes: file.attributes(),
                has_compound: file.shape_count() > 0,
                trimesh: file.trimesh(),
                file: File::Bcol(file),
            })
        }
    }
}

/// The texts of warnings.
fn texts(warnings: Vec<Warning>) -> Vec<String> {
    warnings.into_iter().map(|w| w.text).collect()
}

/// `static` or `dynamic, mass M`, as `check` and `info` say it.
fn motion(a: &Attributes) -> String {
    if a.is_static {
        "static".to_owned()
    } else {
        format!("dynamic, mass {}", a.mass)
    }
}

/// `N shapes, no trimesh` or `…, trimesh of V vertices and F faces`.
fn contents(body: &Body<'_>) -> String {
    let shapes = count(body.shapes().len(), "shape");
    match &body.trimesh {
        None => format!("{shapes}, no trimesh"),
        Some(mesh) => format!(
            "{shapes}, trimesh of {} and {}",
            count(mesh.vertex_count(), "vertex"),
            count(mesh.face_count(), "face")
        ),
    }
}

/// `1 shape`, `2 shapes`, `1 vertex`, `3 vertices`, `2 boxes`.
fn count(n: usize, noun: &str) -> String {
    match (n, noun) {
        (1, _) => format!("1 {noun}"),
        (_, "vertex") => format!("{n} vertices"),
        (_, "box") => format!("{n} boxes"),
        _ => format!("{n} {noun}s"),
    }
}

/// `zerocol check`: the text inside `ok (...)`, or the error for `error: ...`
/// (starting with `line L, column C` for TCOL, the byte offset for BCOL).
pub(crate) fn check(bytes: &[u8], flavour: Flavour, lenient: bool) -> Result<Checked, String> {
    read(bytes, flavour, lenient).map(|body| Checked {
        summary: body.summary(),
        warnings: [body.located_lints(), body.located_warnings()].concat(),
    })
}

/// `tcol` and `bcol`: Grit collision files through [`Tool`](crate::tool::Tool), one
/// value per encoding.
pub(crate) struct Grit(pub Flavour);

/// The Grit TCOL body shown by `zerocol info` without a file, after the DRS model.
const SAMPLE: crate::tool::Sample = crate::tool::Sample {
    label: "(embedded TCOL sample)",
    bytes: include_bytes!("../../../samples/body.tcol"),
};

impl crate::tool::Tool for Grit {
    fn noun(&self) -> &'static str {
        match self.0 {
            Flavour::Tcol => "Grit TCOL text",
            Flavour::Bcol => "a Grit BCOL file",
        }
    }

    fn looks(&self, _bytes: &[u8]) -> String {
        self.noun().to_owned()
    }

    fn sample(&self) -> Option<crate::tool::Sample> {
        (self.0 == Flavour::Tcol).then_some(SAMPLE)
    }

    fn info(
        &self,
        mut out: &mut dyn std::io::Write,
        label: &str,
        bytes: &[u8],
        flags: crate::tool::Flags,
    ) -> Result<(), crate::tool::Error> {
        crate::tool::Verdict::result(info(&mut out, label, bytes, self.0, flags.lenient))
    }

    fn dump(
        &self,
        out: &mut dyn std::io::Write,
        bytes: &[u8],
        flags: crate::tool::Flags,
    ) -> Result<(), crate::tool::Error> {
        crate::tool::Verdict::result(dump(out, bytes, self.0, flags.lenient))
    }

    fn check(
        &self,
        bytes: &[u8],
        flags: crate::tool::Flags,
    ) -> Result<Checked, crate::tool::Error> {
        check(bytes, self.0, flags.lenient).map_err(crate::tool::Error::Malformed)
    }

    fn export(
        &self,
        bytes: &[u8],
        flags: crate::tool::Flags,
        mtllib: &str,
    ) -> Result<crate::tool::Exported, crate::tool::Error> {
        export(bytes, self.0, flags.lenient, mtllib)
    }

    fn convert(
        &self,
        bytes: &[u8],
        conversion: crate::tool::Conversion,
    ) -> Result<crate::tool::Converted, crate::tool::Error> {
        use crate::tool::Error;
        let target = match conversion.to {
            None => convert::other_than(self.0),
            Some(to) => to.grit().ok_or(Error::Unsupported)?,
        };
        convert(bytes, self.0, target, conversion.lenient).map_err(Error::Malformed)
    }
    fn ray(
        &self,
        out: &mut dyn std::io::Write,
        bytes: &[u8],
        segment: zerocol::query::Segment,
        flags: crate::tool::Flags,
    ) -> Result<(), crate::tool::Error> {
        crate::tool::Verdict::result(ray(out, bytes, self.0, segment, flags.lenient))
    }
}

/// `zerocol ray`: the nearest hit of `segment` (Z-up) over the body's shapes (index:
/// the place in the compound) and trimesh faces; the material is the material string.
pub(crate) fn ray(
    out: &mut dyn std::io::Write,
    bytes: &[u8],
    flavour: Flavour,
    segment: zerocol::query::Segment,
    lenient: bool,
) -> std::io::Result<crate::tool::Verdict> {
    use zerocol::query::Query;
    let body = match read(bytes, flavour, lenient) {
        Ok(body) => body,
        Err(error) => return Ok(crate::tool::Verdict::Malformed(error)),
    };
    // TCOL's trimesh vertices decoded once: each face's corners in O(1).
    let mut storage = vec![[0.0f32; 3]; body.trimesh.as_ref().map_or(0, |t| t.vertex_count())];
    let hit = match &body.file {
        File::Tcol(tcol) => match tcol.vertex_index(&mut storage) {
            Ok(index) => index.cast(segment),
            Err(_) => tcol.cast(segment),
        },
        File::Bcol(file) => file.cast(segment),
    };
    crate::tool::write_ray(out, hit.map(|hit| crate::tool::RayHit::new(0, None, hit)))
}

/// `zerocol export`: the body's shapes and trimesh as OBJ.
pub(crate) fn export(
    bytes: &[u8],
    flavour: Flavour,
    lenient: bool,
    mtllib: &str,
) -> Result<crate::tool::Exported, crate::tool::Error> {
    let body = read(bytes, flavour, lenient).map_err(crate::tool::Error::Malformed)?;
    let warnings = body.warnings();
    crate::tool::exported(warnings, |obj, mtl| {
        zerocol::obj::grit(body.shapes(), body.trimesh.clone(), obj, mtl, Some(mtllib))
    })
}
