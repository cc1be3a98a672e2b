//! The `gta-col` JSON of `docs/dump.md`, streamed.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks.
//!
//! The library is walked once to check it (so that a malformed file prints nothing),
//! then again as the JSON is written: each model's records go from the file's bytes
//! to the writer as they are serialized, and no model is kept.

use std::format;
use std::io::{self, Write};
use std::string::{String, ToString};
use std::vec::Vec;

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use zerocol::gta::{self, End, FaceSurface, Model, Vec3};

use super::latin1;
use crate::tool::{Flags, Seq, Verdict, write_dump};

/// The whole document: `format`, `models`, `trailing_bytes`, then `warnings`
/// (`--lenient` only) and `dff` (a `.dff` only).
pub(crate) struct Dump<'a> {
    source: Source<'a>,
    lenient: bool,
}

/// Where the models come from.
enum Source<'a> {
    /// A checked library: the models its one walk read (a model is a few words),
    /// and where they ended.
    Library {
        models: Vec<Model<'a>>,
        end: End,
        /// `--recover`: the damaged byte ranges stepped over, as warnings too.
        skipped: Option<Vec<String>>,
    },
    /// A `.dff`: its one model (if any) at its offset in the `.dff`, what reading
    /// the `.dff` let through, and where the model was found.
    Dff {
        model: Option<(Model<'a>, usize)>,
        warnings: Vec<String>,
        dff: DffJson,
    },
}

/// The `"dff"` object: the Clump and collision chunk a model was read from.
#[derive(Serialize, Debug)]
pub(crate) struct DffJson {
    /// Offset of the Clump's chunk header.
    pub clump_offset: usize,
    /// Offset of the collision chunk's header (`null` without one).
    pub chunk_offset: Option<usize>,
    /// Its chunk type (`null` without one).
    pub chunk_type: Option<u32>,
    /// A PS2 payload with no FourCC, size or name (read as COLL).
    pub headerless: bool,
}

impl<'a> Dump<'a> {
    /// The document of a `.dff`: its one model (if any) at `offset` in the `.dff`.
    pub(crate) const fn of_dff(
        model: Option<(Model<'a>, usize)>,
        dff: DffJson,
        warnings: Vec<String>,
        lenient: bool,
    ) -> Self {
        Self {
            source: Source::Dff {
                model,
                warnings,
                dff,
            },
            lenient,
        }
    }
}

impl Serialize for Dump<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut doc = serializer.serialize_struct("Dump", 5)?;
        doc.serialize_field("format", "gta-col")?;
        match &self.source {
            Source::Library {
                models,
                end,
                skipped,
            } => {
                doc.serialize_field(
                    "models",
                    &Seq(|| models.iter().map(|&m| ModelJson::at(m, m.offset()))),
                )?;
                doc.serialize_field("trailing_bytes", &end.trailing_bytes)?;
                if self.lenient || skipped.is_some() {
                    let trailing = (!end.trailing_is_padding).then(|| {
                        format!(
                            "stopped at byte {}: {} trailing bytes that are not a model were ignored",
                            end.offset, end.trailing_bytes
                        )
                    });
                    let warnings = || {
                        models
                            .iter()
                            .flat_map(|&m| tolerated(m, m.offset()))
                            .chain(trailing.clone())
                            .chain(skipped.iter().flatten().cloned())
                    };
                    doc.serialize_field("warnings", &Seq(warnings))?;
                }
            }
            Source::Dff {
                model,
                warnings,
                dff,
            } => {
                let model = *model;
                doc.serialize_field(
                    "models",
                    &Seq(|| model.map(|(model, at)| ModelJson::at(model, at))),
                )?;
                doc.serialize_field("trailing_bytes", &0usize)?;
                if self.lenient {
                    let warnings = || {
                        warnings
                            .iter()
                            .cloned()
                            .chain(model.into_iter().flat_map(|(m, at)| tolerated(m, at)))
                    };
                    doc.serialize_field("warnings", &Seq(warnings))?;
                }
                doc.serialize_field("dff", dff)?;
            }
        }
        doc.end()
    }
}

/// The lenient warnings for a model's tolerated lints, the model being at `at`.
fn tolerated(model: Model<'_>, at: usize) -> impl Iterator<Item = String> + use<'_> {
    // The JSON keeps its text from before lints had an offset: the kind alone.
    model
        .tolerated()
        .map(move |lint| format!("model at byte {at} (0x{at:x}): {}", lint.kind))
}

/// One model, its records serialized straight from its bytes.
struct ModelJson<'a> {
    model: Model<'a>,
    /// Its `offset` (in a `.dff`: where it starts there).
    offset: usize,
}

impl<'a> ModelJson<'a> {
    const fn at(model: Model<'a>, offset: usize) -> Self {
        Self { model, offset }
    }
}

impl Serialize for ModelJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let m = &self.model;
        let bounds = m.bounds();
        let mut json = serializer.serialize_struct("ModelJson", 16)?;
        json.serialize_field("offset", &self.offset)?;
        json.serialize_field("version", &m.version().number())?;
        json.serialize_field("size", &m.size())?;
        json.serialize_field("name", &latin1(m.name()))?;
        json.serialize_field("model_id", &m.model_id())?;
        json.serialize_field(
            "bounds",
            &BoundsJson {
                min: bounds.min,
                max: bounds.max,
                center: bounds.center,
                radius: bounds.radius,
            },
        )?;
        json.serialize_field("flags", &m.flags().bits())?;
        json.serialize_field(
            "spheres",
            &Seq(|| {
                m.spheres().iter().map(|s| SphereJson {
                    center: s.center,
                    radius: s.radius,
                    surface: s.surface.to_bytes(),
                })
            }),
        )?;
        json.serialize_field(
            "boxes",
            &Seq(|| {
                m.boxes().iter().map(|b| BoxJson {
                    min: b.min,
                    max: b.max,
                    surface: b.surface.to_bytes(),
                })
            }),
        )?;
        json.serialize_field(
            "lines",
            &Seq(|| {
                m.lines().iter().map(|l| LineJson {
                    start: l.start,
                    end: l.end,
                    start_radius: l.radii.map(|[start, _]| start),
                    end_radius: l.radii.map(|[_, end]| end),
                })
            }),
        )?;
        json.serialize_field("vertices", &Seq(|| m.vertices().iter()))?;
        json.serialize_field("faces", &Seq(|| m.faces().iter().map(face_json)))?;
        json.serialize_field(
            "face_groups",
            &Seq(|| {
                m.face_groups().iter().map(|g| FaceGroupJson {
                    min: g.min,
                    max: g.max,
                    first: g.first,
                    last: g.last,
                })
            }),
        )?;
        json.serialize_field("shadow_vertices", &Seq(|| m.shadow_vertices().iter()))?;
        json.serialize_field(
            "shadow_faces",
            &Seq(|| m.shadow_faces().iter().map(face_json)),
        )?;
        // Engine limits the model exceeds (an addition to `docs/dump.md`).
        json.serialize_field(
            "lints",
            &Seq(|| m.lints().map(|lint| lint.kind.to_string())),
        )?;
        json.end()
    }
}

#[derive(Serialize, Debug)]
struct BoundsJson {
    min: Vec3,
    max: Vec3,
    center: Vec3,
    radius: f32,
}

#[derive(Serialize, Debug)]
struct SphereJson {
    center: Vec3,
    radius: f32,
    surface: [u8; 4],
}

#[derive(Serialize, Debug)]
struct BoxJson {
    min: Vec3,
    max: Vec3,
    surface: [u8; 4],
}

/// COLL lines have no radii; COL2+ lines print both.
#[derive(Serialize, Debug)]
struct LineJson {
    start: Vec3,
    end: Vec3,
    #[serde(skip_serializing_if = "Option::is_none")]
    start_radius: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_radius: Option<f32>,
}

#[derive(Serialize, Debug)]
struct FaceJson {
    indices: [u32; 3],
    surface: SurfaceJson,
}

/// COLL faces: `[material, flag, brightness, light]`; COL2+: `[material, light]`.
#[derive(Serialize, Debug)]
#[serde(untagged)]
enum SurfaceJson {
    Full([u8; 4]),
    Compact([u8; 2]),
}

#[derive(Serialize, Debug)]
struct FaceGroupJson {
    min: Vec3,
    max: Vec3,
    first: u16,
    last: u16,
}

/// `zerocol dump`: every model of `bytes` as JSON on `out`. The library is
/// checked whole first, so that a malformed one writes nothing; the error message
/// is the library's, which starts with the byte offset.
pub(crate) fn dump(out: &mut dyn Write, bytes: &[u8], flags: Flags) -> io::Result<Verdict> {
    write_dump(out, check(bytes, flags.lenient, flags.recover))
}

/// The document of a library whose every model reads (or, `recover`, of the models
/// read around the damage, each damaged range a warning), or the first error.
fn check(bytes: &[u8], lenient: bool, recover: bool) -> Result<Dump<'_>, String> {
    let walked = super::walk(bytes, lenient, recover)?;
    let skipped = recover.then(|| walked.skipped_lines().collect());
    // A walk that yielded no error has recorded its end.
    let end = walked.end.unwrap_or(End {
        offset: bytes.len(),
        trailing_bytes: 0,
        trailing_is_padding: true,
    });
    Ok(Dump {
        source: Source::Library {
            models: walked.models,
            end,
            skipped,
        },
        lenient,
    })
}

fn face_json(face: gta::Face) -> FaceJson {
    FaceJson {
        indices: face.indices,
        surface: match face.surface {
            FaceSurface::Full(s) => SurfaceJson::Full(s.to_bytes()),
            FaceSurface::Compact { material, light } => SurfaceJson::Compact([material, light]),
        },
    }
}
