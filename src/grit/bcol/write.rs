//! Writing BCOL files into a caller buffer, from the same views a [`Tcol`] or
//! a [`Bcol`](super::Bcol) gives: TCOL → BCOL needs no allocation.
//!
//! The layout is the engine converter's (docs/formats/grit.md): header, hulls, boxes,
//! cylinders, cones, planes, spheres, hull vertices, trimesh vertices, trimesh
//! faces, then the NUL-terminated strings, each written once, in order of first
//! use. Unlike the engine's converter, every material offset is relative to its
//! own record, as the engine reads it.
//!
//! Shapes are grouped by kind (the format has one array per kind), keeping
//! their order within a kind: the writer walks the shapes once per kind.
//! Strings are deduplicated by searching the table already written (after
//! checking the last string used): O(uses × table length) at worst, and
//! nothing to allocate.
//!
//! [`Tcol`]: crate::grit::tcol::Tcol

use core::fmt;
use core::mem::size_of;

use zerocopy::byteorder::little_endian::{F32, U32};
use zerocopy::{Immutable, IntoBytes};

use super::layout::{HEADER_LEN, MAGIC, STORED_ORDER};
use super::raw;
use crate::grit::body::{
    Attributes, DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN, STATIC_TRIMESH_MARGIN, Shape,
    ShapeKind, Shapes, Trimesh,
};
use crate::wire;

/// Why nothing (or not everything) was written: a body BCOL cannot store
/// ([`Unwritable`]), a count or offset beyond its 32-bit fields, or a buffer
/// shorter than the file.
pub type WriteError = wire::WriteError<Unwritable>;

/// What in a body BCOL cannot store: the reasons [`WriteError::Invalid`](crate::wire::WriteError::Invalid)
/// gives.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Unwritable {
    /// A hull with a non-zero `shrink`: BCOL has no such field (the engine's
    /// converter moves the hull's faces inwards first; this writer does not
    /// guess at that geometry).
    Shrink {
        /// The shape, in the order given.
        shape: usize,
        /// Its shrink.
        shrink: f32,
    },
    /// `is_static` disagrees with the mass: BCOL stores only the mass, and a
    /// mass of 0 means static.
    StaticMismatch {
        /// `is_static` as given.
        is_static: bool,
        /// The mass as given.
        mass: f32,
    },
    /// A material with a NUL byte, which would end its string early.
    NulInMaterial,
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Shrink { shape, shrink } => write!(
                f,
                "shape {shape} is a hull with shrink {shrink}, which BCOL cannot store"
            ),
            Self::StaticMismatch { is_static, mass } => write!(
                f,
                "a {} body with mass {mass}: BCOL says static by a mass of 0",
                if is_static { "static" } else { "dynamic" }
            ),
            Self::NulInMaterial => f.write_str("a material name holds a NUL byte"),
        }
    }
}

impl core::error::Error for Unwritable {}

/// Where everything goes.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// Shapes of each kind, in [`STORED_ORDER`].
    counts: [usize; 6],
    /// Where each kind's records start.
    starts: [usize; 6],
    hull_vertices_start: usize,
    vertices: usize,
    vertices_start: usize,
    faces: usize,
    faces_start: usize,
    /// End of the records: where the strings start.
    table_start: usize,
    /// Upper bound of the file: every material use counted in full.
    bound: usize,
}

fn add(a: usize, b: usize) -> Result<usize, WriteError> {
    a.checked_add(b).ok_or(WriteError::TooLarge)
}

fn mul(a: usize, b: usize) -> Result<usize, WriteError> {
    a.checked_mul(b).ok_or(WriteError::TooLarge)
}

fn u32_of(n: usize) -> Result<U32, WriteError> {
    u32::try_from(n)
        .map(U32::new)
        .map_err(|_| WriteError::TooLarge)
}

fn slot(kind: ShapeKind) -> usize {
    STORED_ORDER.iter().position(|&k| k == kind).unwrap_or(0)
}

fn record_len(kind: ShapeKind) -> usize {
    match kind {
        ShapeKind::Hull => size_of::<raw::Hull>(),
        ShapeKind::Box | ShapeKind::Cylinder => size_of::<raw::BoxLike>(),
        ShapeKind::Cone => size_of::<raw::Cone>(),
        ShapeKind::Plane => size_of::<raw::Plane>(),
        ShapeKind::Sphere => size_of::<raw::Sphere>(),
    }
}

fn plan(
    attributes: &Attributes,
    shapes: &Shapes<'_>,
    trimesh: Option<&Trimesh<'_>>,
) -> Result<Plan, WriteError> {
    if attributes.is_static != (attributes.mass == 0.0) {
        return Err(WriteError::Invalid(Unwritable::StaticMismatch {
            is_static: attributes.is_static,
            mass: attributes.mass,
        }));
    }
    let mut counts = [0usize; 6];
    let mut hull_vertices = 0usize;
    let mut strings = 0usize;
    for (i, shape) in shapes.clone().enumerate() {
        if let Some(n) = counts.get_mut(slot(shape.kind())) {
            *n = add(*n, 1)?;
        }
        if let Shape::Hull {
            shrink, vertices, ..
        } = &shape
        {
            if *shrink != 0.0 {
                return Err(WriteError::Invalid(Unwritable::Shrink {
                    shape: i,
                    shrink: *shrink,
                }));
            }
            hull_vertices = add(hull_vertices, vertices.len())?;
        }
        strings = add(strings, add(shape.material().len(), 1)?)?;
    }
    let (vertices, faces) = trimesh.map_or((0, 0), |t| (t.vertex_count(), t.face_count()));
    if let Some(t) = trimesh {
        for face in t.faces() {
            strings = add(strings, add(face.material.len(), 1)?)?;
        }
    }
    let mut starts = [0usize; 6];
    let mut at = HEADER_LEN;
    for ((start, &count), kind) in starts.iter_mut().zip(&counts).zip(STORED_ORDER) {
        *start = at;
        at = add(at, mul(count, record_len(kind))?)?;
    }
    let hull_vertices_start = at;
    at = add(at, mul(hull_vertices, size_of::<raw::Vertex>())?)?;
    let vertices_start = at;
    at = add(at, mul(vertices, size_of::<raw::Vertex>())?)?;
    let faces_start = at;
    at = add(at, mul(faces, size_of::<raw::Face>())?)?;
    // Every offset and count is a u32.
    u32_of(at)?;
    for n in counts {
        u32_of(n)?;
    }
    Ok(Plan {
        counts,
        starts,
        hull_vertices_start,
        vertices,
        vertices_start,
        faces,
        faces_start,
        table_start: at,
        bound: add(at, strings)?,
    })
}

/// Bytes [`write()`] needs at most for this body: the records exactly, plus
/// every material use counted in full (the written table holds each string
/// once, so the file may be shorter; [`write()`] returns its length).
///
/// Walks the shapes and the trimesh faces once.
pub fn required_len(
    attributes: &Attributes,
    shapes: Shapes<'_>,
    trimesh: Option<Trimesh<'_>>,
) -> Result<usize, WriteError> {
    plan(attributes, &shapes, trimesh.as_ref()).map(|p| p.bound)
}

/// The string table being written: `start..end` of the output.
struct Strings {
    start: usize,
    end: usize,
    /// The last string interned (its offset): consecutive faces usually
    /// share a material.
    last: Option<usize>,
    bound: usize,
}

/// The string at `at` in `table` equals `s`.
fn string_is(table: &[u8], at: usize, s: &[u8]) -> bool {
    table
        .get(at..)
        .and_then(|rest| rest.get(..s.len().checked_add(1)?))
        .is_some_and(|t| t.last() == Some(&0) && t.get(..s.len()) == Some(s))
}

impl Strings {
    /// The file offset of `s`, written now unless already there.
    fn intern(&mut self, out: &mut [u8], s: &str) -> Result<usize, WriteError> {
        let s = s.as_bytes();
        if s.contains(&0) {
            return Err(WriteError::Invalid(Unwritable::NulInMaterial));
        }
        if let Some(at) = self.last.filter(|&at| string_is(out, at, s)) {
            return Ok(at);
        }
        let mut at = self.start;
        while at < self.end {
            if string_is(out, at, s) {
                self.last = Some(at);
                return Ok(at);
            }
            let len = out
                .get(at..self.end)
                .and_then(|t| t.iter().position(|&b| b == 0))
                .unwrap_or(usize::MAX);
            at = at.saturating_add(len).saturating_add(1);
        }
        let at = self.end;
        let end = add(add(at, s.len())?, 1)?;
        let too_small = WriteError::BufferTooSmall {
            needed: self.bound,
            available: out.len(),
        };
        let dst = out.get_mut(at..end).ok_or(too_small)?;
        let (text, nul) = dst.split_at_mut(s.len());
        text.copy_from_slice(s);
        nul.fill(0);
        self.end = end;
        self.last = Some(at);
        Ok(at)
    }

    /// The material field of a record at `record`: relative to the record.
    fn field(&mut self, out: &mut [u8], record: usize, s: &str) -> Result<U32, WriteError> {
        let at = self.intern(out, s)?;
        u32_of(at.checked_sub(record).ok_or(WriteError::TooLarge)?)
    }
}

fn put<T: IntoBytes + Immutable>(out: &mut [u8], at: usize, value: &T) -> Result<(), WriteError> {
    let available = out.len();
    out.get_mut(at..)
        .and_then(|o| value.write_to_prefix(o).ok())
        .ok_or(WriteError::BufferTooSmall {
            needed: at.saturating_add(size_of::<T>()),
            available,
        })
}

fn vec3(v: [f32; 3]) -> raw::RawVec3 {
    v.map(F32::new)
}

fn quat(q: [f32; 4]) -> raw::RawQuat {
    q.map(F32::new)
}

fn span(count: usize, offset: usize) -> Result<raw::Span, WriteError> {
    Ok(raw::Span {
        count: u32_of(count)?,
        offset: u32_of(offset)?,
    })
}

/// Writes the body into `out` and returns the file's length (at most
/// [`required_len`]). Every material offset is relative to its own record;
/// strings are written once each. Without a trimesh, the header gets the
/// default margin (0 static, 0.04 dynamic) and edge distance threshold.
///
/// On error the buffer's contents are unspecified.
pub fn write(
    attributes: &Attributes,
    shapes: Shapes<'_>,
    trimesh: Option<Trimesh<'_>>,
    out: &mut [u8],
) -> Result<usize, WriteError> {
    let plan = plan(attributes, &shapes, trimesh.as_ref())?;
    if out.len() < plan.table_start {
        return Err(WriteError::BufferTooSmall {
            needed: plan.bound,
            available: out.len(),
        });
    }
    let section = |kind| {
        let i = slot(kind);
        span(
            plan.counts.get(i).copied().unwrap_or(0),
            plan.starts.get(i).copied().unwrap_or(HEADER_LEN),
        )
    };
    let (margin, edge_distance_threshold) = trimesh.as_ref().map_or(
        (
            if attributes.is_static {
                STATIC_TRIMESH_MARGIN
            } else {
                DEFAULT_MARGIN
            },
            DEFAULT_EDGE_DISTANCE_THRESHOLD,
        ),
        |t| (t.margin, t.edge_distance_threshold),
    );
    let header = raw::Header {
        magic: MAGIC,
        mass: F32::new(attributes.mass),
        inertia_provided: U32::new(u32::from(attributes.inertia.is_some())),
        inertia: vec3(attributes.inertia.unwrap_or_default()),
        linear_damping: F32::new(attributes.linear_damping),
        angular_damping: F32::new(attributes.angular_damping),
        linear_sleep_threshold: F32::new(attributes.linear_sleep_threshold),
        angular_sleep_threshold: F32::new(attributes.angular_sleep_threshold),
        ccd_motion_threshold: F32::new(attributes.ccd_motion_threshold),
        ccd_swept_sphere_radius: F32::new(attributes.ccd_swept_sphere_radius),
        hulls: section(ShapeKind::Hull)?,
        boxes: section(ShapeKind::Box)?,
        cylinders: section(ShapeKind::Cylinder)?,
        cones: section(ShapeKind::Cone)?,
        planes: section(ShapeKind::Plane)?,
        spheres: section(ShapeKind::Sphere)?,
        capsules: span(0, 0)?,
        trimesh_margin: F32::new(margin),
        edge_distance_threshold: F32::new(edge_distance_threshold),
        vertices: span(plan.vertices, plan.vertices_start)?,
        faces: span(plan.faces, plan.faces_start)?,
    };
    put(out, 0, &header)?;

    let mut strings = Strings {
        start: plan.table_start,
        end: plan.table_start,
        last: None,
        bound: plan.bound,
    };
    let mut hull_vertex = plan.hull_vertices_start;
    for ((kind, start), count) in STORED_ORDER.into_iter().zip(plan.starts).zip(plan.counts) {
        if count == 0 {
            continue;
        }
        let mut at = start;
        for shape in shapes.clone().filter(|s| s.kind() == kind) {
            let material = strings.field(out, at, shape.material())?;
            match shape {
                Shape::Hull {
                    margin, vertices, ..
                } => {
                    let record = raw::Hull {
                        material,
                        margin: F32::new(margin),
                        vertex_count: u32_of(vertices.len())?,
                        vertex_offset: u32_of(
                            hull_vertex.checked_sub(at).ok_or(WriteError::TooLarge)?,
                        )?,
                    };
                    put(out, at, &record)?;
                    for v in vertices {
                        put(out, hull_vertex, &raw::Vertex { position: vec3(v) })?;
                        hull_vertex = add(hull_vertex, size_of::<raw::Vertex>())?;
                    }
                }
                Shape::Box(b) | Shape::Cylinder(b) => put(
                    out,
                    at,
                    &raw::BoxLike {
                        material,
                        margin: F32::new(b.margin),
                        centre: vec3(b.centre),
                        dimensions: vec3(b.dimensions),
                        orientation: quat(b.orientation),
                    },
                )?,
                Shape::Cone {
                    margin,
                    centre,
                    orientation,
                    radius,
                    height,
                    ..
                } => put(
                    out,
                    at,
                    &raw::Cone {
                        material,
                        margin: F32::new(margin),
                        centre: vec3(centre),
                        radius: F32::new(radius),
                        height: F32::new(height),
                        orientation: quat(orientation),
                    },
                )?,
                Shape::Plane {
                    normal, distance, ..
                } => put(
                    out,
                    at,
                    &raw::Plane {
                        material,
                        normal: vec3(normal),
                        distance: F32::new(distance),
                    },
                )?,
                Shape::Sphere { centre, radius, .. } => put(
                    out,
                    at,
                    &raw::Sphere {
                        material,
                        centre: vec3(centre),
                        radius: F32::new(radius),
                    },
                )?,
            }
            at = add(at, record_len(kind))?;
        }
    }

    if let Some(t) = &trimesh {
        let mut at = plan.vertices_start;
        for v in t.vertices() {
            put(out, at, &raw::Vertex { position: vec3(v) })?;
            at = add(at, size_of::<raw::Vertex>())?;
        }
        let mut at = plan.faces_start;
        for face in t.faces() {
            let record = raw::Face {
                material: strings.field(out, at, face.material)?,
                indices: face.indices.map(U32::new),
            };
            put(out, at, &record)?;
            at = add(at, size_of::<raw::Face>())?;
        }
    }
    Ok(strings.end)
}
