//! BCOL records decoded into the body's values, and encoded back, side by
//! side: each record's `decode` (raw → value, given its material string, which
//! `lists.rs` finds) beside its `From<&value> for raw::…`.
//!
//! An encoded record's material offset is 0 (and a hull's vertex count and
//! offset, and a header's sections, are 0): they say where other things are in
//! the file, which only the writer knows (`write.rs` fills them in).

use zerocopy::IntoBytes;
use zerocopy::byteorder::little_endian::{F32, U32};

use super::layout::MAGIC;
use super::raw::{self, quat, raw_quat, vec3};
use crate::grit::body::{Attributes, BoxLike, DEFAULT_SHRINK, Face, Shape, ShapeKind, Vertices};
use crate::wire::raw_vec3;

/// The body's attributes: static when the mass is 0 (as the engine decides;
/// the mass is then given as +0), the inertia when `inertia_provided` is not 0.
pub(crate) fn decode_attributes(h: &raw::Header) -> Attributes {
    let mass = h.mass.get();
    let is_static = mass == 0.0;
    Attributes {
        is_static,
        mass: if is_static { 0.0 } else { mass },
        inertia: (h.inertia_provided.get() != 0).then(|| vec3(&h.inertia)),
        linear_damping: h.linear_damping.get(),
        angular_damping: h.angular_damping.get(),
        linear_sleep_threshold: h.linear_sleep_threshold.get(),
        angular_sleep_threshold: h.angular_sleep_threshold.get(),
        ccd_motion_threshold: h.ccd_motion_threshold.get(),
        ccd_swept_sphere_radius: h.ccd_swept_sphere_radius.get(),
    }
}

/// The magic and the attributes; every section empty at offset 0, no trimesh
/// margin or edge threshold.
impl From<&Attributes> for raw::Header {
    fn from(a: &Attributes) -> Self {
        let empty = raw::Span {
            count: U32::ZERO,
            offset: U32::ZERO,
        };
        Self {
            magic: MAGIC,
            mass: F32::new(a.mass),
            inertia_provided: U32::new(u32::from(a.inertia.is_some())),
            inertia: raw_vec3(a.inertia.unwrap_or_default()),
            linear_damping: F32::new(a.linear_damping),
            angular_damping: F32::new(a.angular_damping),
            linear_sleep_threshold: F32::new(a.linear_sleep_threshold),
            angular_sleep_threshold: F32::new(a.angular_sleep_threshold),
            ccd_motion_threshold: F32::new(a.ccd_motion_threshold),
            ccd_swept_sphere_radius: F32::new(a.ccd_swept_sphere_radius),
            hulls: empty,
            boxes: empty,
            cylinders: empty,
            cones: empty,
            planes: empty,
            spheres: empty,
            capsules: empty,
            trimesh_margin: F32::ZERO,
            edge_distance_threshold: F32::ZERO,
            vertices: empty,
            faces: empty,
        }
    }
}

/// A hull with these (already found) vertices; BCOL stores no shrink.
pub(crate) fn decode_hull<'a>(
    h: &raw::Hull,
    material: &'a str,
    vertices: Vertices<'a>,
) -> Shape<'a> {
    Shape::Hull {
        material,
        margin: h.margin.get(),
        shrink: DEFAULT_SHRINK,
        vertices,
    }
}

/// A box or a cylinder (`kind`).
pub(crate) fn decode_box_like<'a>(
    kind: ShapeKind,
    b: &raw::BoxLike,
    material: &'a str,
) -> Shape<'a> {
    Shape::from_box_like(
        kind,
        BoxLike {
            material,
            margin: b.margin.get(),
            centre: vec3(&b.centre),
            orientation: quat(&b.orientation),
            dimensions: vec3(&b.dimensions),
        },
    )
}

impl From<&BoxLike<'_>> for raw::BoxLike {
    fn from(b: &BoxLike<'_>) -> Self {
        Self {
            material: U32::ZERO,
            margin: F32::new(b.margin),
            centre: raw_vec3(b.centre),
            dimensions: raw_vec3(b.dimensions),
            orientation: raw_quat(b.orientation),
        }
    }
}

pub(crate) fn decode_cone<'a>(c: &raw::Cone, material: &'a str) -> Shape<'a> {
    Shape::Cone {
        material,
        margin: c.margin.get(),
        centre: vec3(&c.centre),
        orientation: quat(&c.orientation),
        radius: c.radius.get(),
        height: c.height.get(),
    }
}

pub(crate) fn decode_plane<'a>(p: &raw::Plane, material: &'a str) -> Shape<'a> {
    Shape::Plane {
        material,
        normal: vec3(&p.normal),
        distance: p.distance.get(),
    }
}

pub(crate) fn decode_sphere<'a>(s: &raw::Sphere, material: &'a str) -> Shape<'a> {
    Shape::Sphere {
        material,
        centre: vec3(&s.centre),
        radius: s.radius.get(),
    }
}

/// A shape's record, of the kind's section.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ShapeRecord {
    Hull(raw::Hull),
    BoxLike(raw::BoxLike),
    Cone(raw::Cone),
    Plane(raw::Plane),
    Sphere(raw::Sphere),
}

impl ShapeRecord {
    /// Sets the material offset (relative to the record).
    pub(crate) fn set_material(&mut self, material: U32) {
        match self {
            Self::Hull(r) => r.material = material,
            Self::BoxLike(r) => r.material = material,
            Self::Cone(r) => r.material = material,
            Self::Plane(r) => r.material = material,
            Self::Sphere(r) => r.material = material,
        }
    }

    /// The record's bytes.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        match self {
            Self::Hull(r) => r.as_bytes(),
            Self::BoxLike(r) => r.as_bytes(),
            Self::Cone(r) => r.as_bytes(),
            Self::Plane(r) => r.as_bytes(),
            Self::Sphere(r) => r.as_bytes(),
        }
    }
}

/// A hull's shrink is not stored (the writer refuses a non-zero one).
impl From<&Shape<'_>> for ShapeRecord {
    fn from(shape: &Shape<'_>) -> Self {
        match *shape {
            Shape::Hull { margin, .. } => Self::Hull(raw::Hull {
                material: U32::ZERO,
                margin: F32::new(margin),
                vertex_count: U32::ZERO,
                vertex_offset: U32::ZERO,
            }),
            Shape::Box(ref b) | Shape::Cylinder(ref b) => Self::BoxLike(raw::BoxLike::from(b)),
            Shape::Cone {
                margin,
                centre,
                orientation,
                radius,
                height,
                ..
            } => Self::Cone(raw::Cone {
                material: U32::ZERO,
                margin: F32::new(margin),
                centre: raw_vec3(centre),
                radius: F32::new(radius),
                height: F32::new(height),
                orientation: raw_quat(orientation),
            }),
            Shape::Plane {
                normal, distance, ..
            } => Self::Plane(raw::Plane {
                material: U32::ZERO,
                normal: raw_vec3(normal),
                distance: F32::new(distance),
            }),
            Shape::Sphere { centre, radius, .. } => Self::Sphere(raw::Sphere {
                material: U32::ZERO,
                centre: raw_vec3(centre),
                radius: F32::new(radius),
            }),
        }
    }
}

/// A trimesh vertex.
impl From<&[f32; 3]> for raw::Vertex {
    fn from(v: &[f32; 3]) -> Self {
        Self {
            position: raw_vec3(*v),
        }
    }
}

pub(crate) fn decode_face<'a>(f: &raw::Face, material: &'a str) -> Face<'a> {
    Face {
        indices: f.indices.map(|i| i.get()),
        material,
    }
}

impl From<&Face<'_>> for raw::Face {
    fn from(f: &Face<'_>) -> Self {
        Self {
            material: U32::ZERO,
            indices: f.indices.map(U32::new),
        }
    }
}
