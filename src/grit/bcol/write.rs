//! Writing BCOL files into a caller buffer, from the same views a [`Tcol`] or
//! a [`Bcol`](super::Bcol) gives: TCOL → BCOL needs no allocation.
//!
//! The layout is the engine converter's ([`guide::grit`](crate::guide::grit)): header, hulls, boxes,
//! cylinders, cones, planes, spheres, hull vertices, trimesh vertices, trimesh
//! faces, then the NUL-terminated strings, each written once, in order of first
//! use. Unlike the engine's converter, every material offset is relative to its
//! own record, as the engine reads it.
//!
//! The records go front to back through `wire::Out`, each
//! encoded by its `From` in `records.rs` and given its material offset here.
//! Shapes are grouped by kind (the format has one array per kind), keeping
//! their order within a kind: the writer walks the shapes once per kind, then
//! the hulls again for their vertices.
//! Strings are deduplicated by searching the table already written (after
//! checking the last string used): O(uses × table length) at worst, and
//! nothing to allocate.
//!
//! [`Tcol`]: crate::grit::tcol::Tcol

use core::fmt;
use core::mem::size_of;

use zerocopy::IntoBytes;
use zerocopy::byteorder::little_endian::{F32, U32};

use super::layout::{HEADER_LEN, STORED_ORDER};
use super::raw;
use super::records::ShapeRecord;
use crate::grit::body::{
    Attributes, DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN, STATIC_TRIMESH_MARGIN, Shape,
    ShapeKind, Shapes, Trimesh,
};
use crate::wire::{self, Out};

/// Why nothing (or not everything) was written: a body BCOL cannot store
/// ([`InputError`]), a count or offset beyond its 32-bit fields, or a buffer
/// shorter than the file.
pub type WriteError = wire::WriteError<InputError>;

/// What in a body BCOL cannot store: the reasons [`WriteError::Invalid`](crate::wire::WriteError::Invalid)
/// gives.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum InputError {
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

impl fmt::Display for InputError {
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

impl core::error::Error for InputError {}

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
        return Err(WriteError::Invalid(InputError::StaticMismatch {
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
                return Err(WriteError::Invalid(InputError::Shrink {
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

/// The string table being written: `start..end` of the output, which is
/// everything after the records (`table`, from byte `start` of the file).
struct Strings {
    start: usize,
    end: usize,
    /// The last string interned (its offset): consecutive faces usually
    /// share a material.
    last: Option<usize>,
    bound: usize,
    /// The whole output's length.
    available: usize,
}

/// The string at `at` in `table` equals `s`.
fn string_is(table: &[u8], at: usize, s: &[u8]) -> bool {
    table
        .get(at..)
        .and_then(|rest| rest.get(..s.len().checked_add(1)?))
        .is_some_and(|t| t.last() == Some(&0) && t.get(..s.len()) == Some(s))
}

impl Strings {
    /// The file offset of `s`, written into `table` now unless already there.
    fn intern(&mut self, table: &mut [u8], s: &str) -> Result<usize, WriteError> {
        let s = s.as_bytes();
        if s.contains(&0) {
            return Err(WriteError::Invalid(InputError::NulInMaterial));
        }
        let start = self.start;
        let is = |table: &[u8], at: usize| string_is(table, at.saturating_sub(start), s);
        if let Some(at) = self.last.filter(|&at| is(table, at)) {
            return Ok(at);
        }
        let mut at = start;
        while at < self.end {
            if is(table, at) {
                self.last = Some(at);
                return Ok(at);
            }
            let len = table
                .get(at.saturating_sub(start)..self.end.saturating_sub(start))
                .and_then(|t| t.iter().position(|&b| b == 0))
                .unwrap_or(usize::MAX);
            at = at.saturating_add(len).saturating_add(1);
        }
        let at = self.end;
        let end = add(add(at, s.len())?, 1)?;
        let too_small = WriteError::BufferTooSmall {
            needed: self.bound,
            available: self.available,
        };
        let dst = table
            .get_mut(at.saturating_sub(start)..end.saturating_sub(start))
            .ok_or(too_small)?;
        let (text, nul) = dst.split_at_mut(s.len());
        text.copy_from_slice(s);
        nul.fill(0);
        self.end = end;
        self.last = Some(at);
        Ok(at)
    }

    /// The material field of a record at `record`: relative to the record.
    fn field(&mut self, table: &mut [u8], record: usize, s: &str) -> Result<U32, WriteError> {
        let at = self.intern(table, s)?;
        u32_of(at.checked_sub(record).ok_or(WriteError::TooLarge)?)
    }
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
    let available = out.len();
    let too_small = WriteError::BufferTooSmall {
        needed: plan.bound,
        available,
    };
    // The records, front to back, then the strings after them, where each
    // record's material field says (written as the records name them).
    let (records, table) = out
        .split_at_mut_checked(plan.table_start)
        .ok_or(too_small)?;
    let mut w = Out::new(records, plan.table_start)?;
    let mut strings = Strings {
        start: plan.table_start,
        end: plan.table_start,
        last: None,
        bound: plan.bound,
        available,
    };
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
        ..raw::Header::from(attributes)
    };
    w.put(header.as_bytes())?;

    let mut hull_vertex = plan.hull_vertices_start;
    for ((kind, start), count) in STORED_ORDER.into_iter().zip(plan.starts).zip(plan.counts) {
        if count == 0 {
            continue;
        }
        let mut at = start;
        for shape in shapes.clone().filter(|s| s.kind() == kind) {
            let mut record = ShapeRecord::from(&shape);
            record.set_material(strings.field(table, at, shape.material())?);
            if let (ShapeRecord::Hull(hull), Shape::Hull { vertices, .. }) = (&mut record, &shape) {
                hull.vertex_count = u32_of(vertices.len())?;
                hull.vertex_offset =
                    u32_of(hull_vertex.checked_sub(at).ok_or(WriteError::TooLarge)?)?;
                hull_vertex = add(hull_vertex, mul(vertices.len(), size_of::<raw::Vertex>())?)?;
            }
            w.put(record.as_bytes())?;
            at = add(at, record_len(kind))?;
        }
    }
    // The hulls' vertices, after every shape record.
    let hulls = plan.counts.get(slot(ShapeKind::Hull)).copied().unwrap_or(0);
    for shape in shapes.filter(|s| s.kind() == ShapeKind::Hull).take(hulls) {
        if let Shape::Hull { vertices, .. } = shape {
            for v in vertices {
                w.put(raw::Vertex::from(&v).as_bytes())?;
            }
        }
    }

    if let Some(t) = &trimesh {
        for v in t.vertices() {
            w.put(raw::Vertex::from(&v).as_bytes())?;
        }
        let mut at = plan.faces_start;
        for face in t.faces() {
            let record = raw::Face {
                material: strings.field(table, at, face.material)?,
                ..raw::Face::from(&face)
            };
            w.put(record.as_bytes())?;
            at = add(at, size_of::<raw::Face>())?;
        }
    }
    Ok(strings.end)
}
