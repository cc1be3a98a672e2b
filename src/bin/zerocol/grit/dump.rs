//! The `tcol` / `bcol` JSON of `docs/dump.md`.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks. Values have their defaults applied,
//! shapes are in file order (BCOL: stored order, kind by kind), hull vertices are as
//! written (no shrink applied). One document for both encodings: a BCOL file's hulls
//! have a shrink of 0 (its converter applied it), and its mass of 0 is a static body.

use serde::Serialize;
use zerocol::grit::{Attributes, BoxLike, Flavour, Shape, Trimesh};

use super::{name, read};

type Vec3 = [f32; 3];

/// The whole document.
#[derive(Serialize, Debug)]
pub struct Dump {
    format: &'static str,
    attributes: AttributesJson,
    /// `[]` both for an empty compound block and for none.
    compound: Vec<ShapeJson>,
    trimesh: Option<TrimeshJson>,
    /// What the engine loads but the author likely did not mean (an addition to
    /// `docs/dump.md`).
    lints: Vec<String>,
    /// `--lenient` only: what the lenient rules let through.
    #[serde(skip_serializing_if = "Option::is_none")]
    warnings: Option<Vec<String>>,
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

/// One compound shape, tagged by `"shape"`.
#[derive(Serialize, Debug)]
#[serde(tag = "shape", rename_all = "lowercase")]
enum ShapeJson {
    Hull {
        material: String,
        margin: f32,
        shrink: f32,
        vertices: Vec<Vec3>,
    },
    Box(BoxJson),
    Cylinder(BoxJson),
    Cone {
        material: String,
        margin: f32,
        centre: Vec3,
        orientation: [f32; 4],
        radius: f32,
        height: f32,
    },
    Plane {
        material: String,
        normal: Vec3,
        distance: f32,
    },
    Sphere {
        material: String,
        centre: Vec3,
        radius: f32,
    },
}

/// A box's or a cylinder's fields, after its `"shape"` tag.
#[derive(Serialize, Debug)]
struct BoxJson {
    material: String,
    margin: f32,
    centre: Vec3,
    orientation: [f32; 4],
    dimensions: Vec3,
}

impl From<BoxLike<'_>> for BoxJson {
    fn from(b: BoxLike<'_>) -> Self {
        Self {
            material: b.material.to_owned(),
            margin: b.margin,
            centre: b.centre,
            orientation: b.orientation,
            dimensions: b.dimensions,
        }
    }
}

#[derive(Serialize, Debug)]
struct TrimeshJson {
    margin: f32,
    edge_distance_threshold: f32,
    vertices: Vec<Vec3>,
    faces: Vec<FaceJson>,
}

#[derive(Serialize, Debug)]
struct FaceJson {
    indices: [u32; 3],
    material: String,
}

/// Reads a TCOL or BCOL file; the error message is the library's, which starts with
/// `line L, column C` for TCOL and with the byte offset for BCOL.
pub fn dump(bytes: &[u8], flavour: Flavour, lenient: bool) -> Result<Dump, String> {
    let body = read(bytes, flavour, lenient)?;
    Ok(Dump {
        format: name(flavour),
        attributes: attributes_json(&body.attributes),
        compound: body.shapes.iter().cloned().map(shape_json).collect(),
        trimesh: body.trimesh.as_ref().map(trimesh_json),
        lints: body.lints(),
        warnings: lenient.then(|| body.warnings()),
    })
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

fn shape_json(shape: Shape<'_>) -> ShapeJson {
    match shape {
        Shape::Hull {
            material,
            margin,
            shrink,
            vertices,
        } => ShapeJson::Hull {
            material: material.to_owned(),
            margin,
            shrink,
            vertices: vertices.collect(),
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
            material: material.to_owned(),
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
            material: material.to_owned(),
            normal,
            distance,
        },
        Shape::Sphere {
            material,
            centre,
            radius,
        } => ShapeJson::Sphere {
            material: material.to_owned(),
            centre,
            radius,
        },
    }
}

fn trimesh_json(mesh: &Trimesh<'_>) -> TrimeshJson {
    TrimeshJson {
        margin: mesh.margin,
        edge_distance_threshold: mesh.edge_distance_threshold,
        vertices: mesh.vertices().collect(),
        faces: mesh
            .faces()
            .map(|face| FaceJson {
                indices: face.indices,
                material: face.material.to_owned(),
            })
            .collect(),
    }
}
