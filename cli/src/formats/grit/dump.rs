//! The `tcol` / `bcol` JSON of `docs/dump.md`, streamed.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks. Values have their defaults applied,
//! shapes are in file order (BCOL: stored order, kind by kind), hull vertices are as
//! written (no shrink applied). One document for both encodings: a BCOL file's hulls
//! have a shrink of 0 (its converter applied it), and its mass of 0 is a static body.

use std::format;
use std::io::{self, Write};
use std::string::ToString;
use std::vec;

use serde::Serialize;
use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use zerocol::grit::{Attributes, BoxLike, Flavour, Shape, Trimesh};

use super::{Body, File, name, read};
use crate::tool::{Seq, Verdict, write_dump};

type Vec3 = [f32; 3];

/// The whole document, its arrays serialized straight from the parsed views.
struct Dump<'a> {
    body: Body<'a>,
    lenient: bool,
}

impl Serialize for Dump<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let body = &self.body;
        let mut doc = serializer.serialize_struct("Dump", 6)?;
        doc.serialize_field("format", name(body.flavour()))?;
        doc.serialize_field("attributes", &attributes_json(&body.attributes))?;
        // `[]` both for an empty compound block and for none.
        doc.serialize_field("compound", &Seq(|| body.shapes().map(shape_json)))?;
        doc.serialize_field("trimesh", &body.trimesh.as_ref().map(TrimeshJson))?;
        // What the engine loads but the author likely did not mean (an addition to
        // `docs/dump.md`).
        doc.serialize_field("lints", &LintsJson(body))?;
        if self.lenient {
            // What the lenient rules let through.
            doc.serialize_field("warnings", &WarningsJson(body))?;
        }
        doc.end()
    }
}

/// [`Body::lints`], each formatted as it is written.
struct LintsJson<'b, 'a>(&'b Body<'a>);

impl Serialize for LintsJson<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0.file {
            File::Tcol(tcol) => {
                let mut seq = serializer.serialize_seq(None)?;
                for lint in tcol.lints().filter(|l| !l.kind.is_tolerated()) {
                    seq.serialize_element(&lint.to_string())?;
                }
                let mut scratch = vec![[0u32; 4]; tcol.mesh_scratch_len()];
                match tcol.mesh_lints(&mut scratch) {
                    Ok(mesh) => {
                        for lint in mesh {
                            seq.serialize_element(&lint.to_string())?;
                        }
                    }
                    // Unreachable: the scratch has the length asked for.
                    Err(error) => {
                        seq.serialize_element(&format!("mesh checks skipped: {error}"))?;
                    }
                }
                seq.end()
            }
            File::Bcol(file) => serializer.collect_seq(
                file.lints()
                    .filter(|l| !l.kind.is_tolerated())
                    .map(|l| l.to_string()),
            ),
        }
    }
}

/// [`Body::warnings`], each formatted as it is written.
struct WarningsJson<'b, 'a>(&'b Body<'a>);

impl Serialize for WarningsJson<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0.file {
            File::Tcol(tcol) => serializer.collect_seq(tcol.tolerated().map(|l| l.to_string())),
            File::Bcol(file) => serializer.collect_seq(file.tolerated().map(|l| l.to_string())),
        }
    }
}

#[derive(Serialize, Debug)]
struct AttributesJson {
    #[serde(rename = "static")]
    is_static: bool,
    mass: f32,
    inertia: Option<Vec3>,
    linear_damping: f32,
    angular_damping: f32,
    linear_sleep_threshold: f32,
    angular_sleep_threshold: f32,
    ccd_motion_threshold: f32,
    ccd_swept_sphere_radius: f32,
}

/// One compound shape, tagged by `"shape"`; a hull's vertices `V` are serialized
/// as they are decoded.
#[derive(Serialize, Debug)]
#[serde(tag = "shape", rename_all = "lowercase")]
enum ShapeJson<'a, V> {
    /// A shape the library reads and this tool does not name yet.
    Unknown,
    Hull {
        material: &'a str,
        margin: f32,
        shrink: f32,
        vertices: V,
    },
    Box(BoxJson<'a>),
    Cylinder(BoxJson<'a>),
    Cone {
        material: &'a str,
        margin: f32,
        centre: Vec3,
        orientation: [f32; 4],
        radius: f32,
        height: f32,
    },
    Plane {
        material: &'a str,
        normal: Vec3,
        distance: f32,
    },
    Sphere {
        material: &'a str,
        centre: Vec3,
        radius: f32,
    },
}

/// A box's or a cylinder's fields, after its `"shape"` tag.
#[derive(Serialize, Debug)]
struct BoxJson<'a> {
    material: &'a str,
    margin: f32,
    centre: Vec3,
    orientation: [f32; 4],
    dimensions: Vec3,
}

impl<'a> From<BoxLike<'a>> for BoxJson<'a> {
    fn from(b: BoxLike<'a>) -> Self {
        Self {
            material: b.material,
            margin: b.margin,
            centre: b.centre,
            orientation: b.orientation,
            dimensions: b.dimensions,
        }
    }
}

/// A trimesh: its values, then its vertices and faces as they are decoded.
struct TrimeshJson<'b, 'a>(&'b Trimesh<'a>);

impl Serialize for TrimeshJson<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mesh = self.0;
        let mut json = serializer.serialize_struct("TrimeshJson", 4)?;
        json.serialize_field("margin", &mesh.margin)?;
        json.serialize_field("edge_distance_threshold", &mesh.edge_distance_threshold)?;
        json.serialize_field("vertices", &Seq(|| mesh.vertices()))?;
        json.serialize_field(
            "faces",
            &Seq(|| {
                mesh.faces().map(|face| FaceJson {
                    indices: face.indices,
                    material: face.material,
                })
            }),
        )?;
        json.end()
    }
}

#[derive(Serialize, Debug)]
struct FaceJson<'a> {
    indices: [u32; 3],
    material: &'a str,
}

/// `zerocol dump`: a TCOL or BCOL file as JSON on `out`; a malformed file writes
/// nothing, and its message is the library's, which starts with `line L, column C`
/// for TCOL and with the byte offset for BCOL.
pub(crate) fn dump(
    out: &mut dyn Write,
    bytes: &[u8],
    flavour: Flavour,
    lenient: bool,
) -> io::Result<Verdict> {
    let body = read(bytes, flavour, lenient);
    write_dump(out, body.map(|body| Dump { body, lenient }))
}

fn attributes_json(a: &Attributes) -> AttributesJson {
    AttributesJson {
        is_static: a.is_static,
        mass: a.mass,
        inertia: a.inertia,
        linear_damping: a.linear_damping,
        angular_damping: a.angular_damping,
        linear_sleep_threshold: a.linear_sleep_threshold,
        angular_sleep_threshold: a.angular_sleep_threshold,
        ccd_motion_threshold: a.ccd_motion_threshold,
        ccd_swept_sphere_radius: a.ccd_swept_sphere_radius,
    }
}

fn shape_json(shape: Shape<'_>) -> ShapeJson<'_, impl Serialize> {
    match shape {
        Shape::Hull {
            material,
            margin,
            shrink,
            vertices,
        } => ShapeJson::Hull {
            material,
            margin,
            shrink,
            vertices: Seq(move || vertices.clone()),
        },
        Shape::Box(b) => ShapeJson::Box(b.into()),
        Shape::Cylinder(b) => ShapeJson::Cylinder(b.into()),
        Shape::Cone {
            material,
            margin,
            centre,
            orientation,
            radius,
            height,
        } => ShapeJson::Cone {
            material,
            margin,
            centre,
            orientation,
            radius,
            height,
        },
        Shape::Plane {
            material,
            normal,
            distance,
        } => ShapeJson::Plane {
            material,
            normal,
            distance,
        },
        Shape::Sphere {
            material,
            centre,
            radius,
        } => ShapeJson::Sphere {
            material,
            centre,
            radius,
        },
        // The library's shapes are `#[non_exhaustive]`: one it adds later reads as
        // `unknown` until this tool names it.
        _ => ShapeJson::Unknown,
    }
}
