//! What the engine accepts but likely did not mean (lints, never rejections),
//! and what the lenient option accepted that the engine does not (tolerances).

use core::fmt;

use super::Position;
use super::body::{Shape, ShapeKind, Tcol, TextFaces, TextShapes, TextVertices, TrimeshSpan};

/// Tolerance on `|q|² − 1` (quaternions) and `|n|² − 1` (plane normals) before
/// a lint: real files write about 6 digits, an error near 1e-6.
pub const UNIT_TOLERANCE: f32 = 1e-3;

/// A face whose edges from its first corner make an angle with a sine below
/// this (or that has a zero-length edge) has no area to speak of.
pub const DEGENERATE_SINE: f32 = 1e-6;

/// A size property of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Size {
    /// A sphere's or cone's radius.
    Radius,
    /// A cone's height.
    Height,
    /// `dimensions` along x.
    DimensionX,
    /// `dimensions` along y.
    DimensionY,
    /// `dimensions` along z.
    DimensionZ,
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Radius => "radius",
            Self::Height => "height",
            Self::DimensionX => "x dimension",
            Self::DimensionY => "y dimension",
            Self::DimensionZ => "z dimension",
        })
    }
}

/// Something the engine loads without complaint but that is probably not what
/// the author meant.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// A radius, height or dimension that is zero or negative (the engine does
    /// not range-check them).
    NonPositiveSize {
        /// The shape.
        shape: ShapeKind,
        /// Which size.
        size: Size,
        /// Its value.
        value: f32,
    },
    /// An orientation that is not a unit quaternion (beyond
    /// [`UNIT_TOLERANCE`]).
    NonUnitOrientation {
        /// The shape.
        shape: ShapeKind,
        /// `w² + x² + y² + z²`.
        length_squared: f32,
    },
    /// A plane normal that is not unit length (beyond [`UNIT_TOLERANCE`]).
    NonUnitNormal {
        /// `|n|²`.
        length_squared: f32,
    },
    /// A cylinder whose x and y dimensions differ: the engine uses x alone
    /// (radius = x / 2).
    CylinderXyDiffer {
        /// `dimensions` x.
        x: f32,
        /// `dimensions` y.
        y: f32,
    },
    /// A trimesh in a dynamic body: the engine ignores it.
    DynamicTrimesh,
    /// A face that names the same vertex twice.
    RepeatedIndex {
        /// The face, in file order.
        face: usize,
        /// Its indices.
        indices: [u32; 3],
    },
    /// A face with three distinct vertices but no area (coincident or
    /// collinear corners, see [`DEGENERATE_SINE`]).
    ZeroAreaFace {
        /// The face, in file order.
        face: usize,
        /// Its indices.
        indices: [u32; 3],
    },
    /// A face with the same three vertices as an earlier one (in any order).
    DuplicateFace {
        /// The face, in file order.
        face: usize,
        /// The first face with these vertices.
        first: usize,
    },
    /// A trimesh vertex no face uses.
    UnreferencedVertex {
        /// The vertex, in file order.
        vertex: usize,
    },
}

/// A lint and where: the shape's keyword, the face's first index, the vertex's
/// first coordinate, or the `trimesh` keyword.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lint {
    /// Where.
    pub position: Position,
    /// The shape, in file order, for a shape lint.
    pub shape: Option<usize>,
    /// What.
    pub kind: LintKind,
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.position)?;
        if let Some(shape) = self.shape {
            write!(f, ", shape {shape}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl fmt::Display for LintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NonPositiveSize { shape, size, value } => {
                write!(f, "{shape} {size} is {value}, not above 0")
            }
            Self::NonUnitOrientation {
                shape,
                length_squared,
            } => write!(
                f,
                "{shape} orientation is not a unit quaternion (squared length {length_squared})"
            ),
            Self::NonUnitNormal { length_squared } => write!(
                f,
                "plane normal is not unit length (squared length {length_squared})"
            ),
            Self::CylinderXyDiffer { x, y } => write!(
                f,
                "cylinder x and y dimensions differ ({x} and {y}): the engine uses x"
            ),
            Self::DynamicTrimesh => f.write_str("trimesh in a dynamic body: the engine ignores it"),
            Self::RepeatedIndex { face, indices } => {
                write!(f, "face {face} {indices:?} repeats a vertex")
            }
            Self::ZeroAreaFace { face, indices } => {
                write!(f, "face {face} {indices:?} has no area")
            }
            Self::DuplicateFace { face, first } => {
                write!(f, "face {face} has the same vertices as face {first}")
            }
            Self::UnreferencedVertex { vertex } => {
                write!(f, "vertex {vertex} is used by no face")
            }
        }
    }
}

fn abs(v: f64) -> f64 {
    if v < 0.0 { -v } else { v }
}

fn squared_length(v: &[f32]) -> f64 {
    v.iter().map(|&c| f64::from(c) * f64::from(c)).sum()
}

/// `|v|²` (as f32, like the values) when it is not 1 within [`UNIT_TOLERANCE`].
pub(crate) fn not_unit(v: &[f32]) -> Option<f32> {
    (abs(squared_length(v) - 1.0) > f64::from(UNIT_TOLERANCE))
        .then(|| v.iter().map(|&c| c * c).sum())
}

/// Most lints one shape can raise: a cylinder's three dimensions, x ≠ y, and
/// its orientation.
const SHAPE_LINTS: usize = 5;

fn shape_lints(shape: &Shape<'_>) -> [Option<LintKind>; SHAPE_LINTS] {
    let mut out = [None; SHAPE_LINTS];
    let mut slots = out.iter_mut();
    let mut push = |kind| {
        if let Some(slot) = slots.next() {
            *slot = Some(kind);
        }
    };
    let kind = shape.kind();
    let mut size = |size, value: f32| {
        if value <= 0.0 {
            push(LintKind::NonPositiveSize {
                shape: kind,
                size,
                value,
            });
        }
    };
    let mut orientation = None;
    let mut extra = None;
    match *shape {
        Shape::Hull { .. } => {}
        Shape::Box {
            dimensions: [x, y, z],
            orientation: q,
            ..
        }
        | Shape::Cylinder {
            dimensions: [x, y, z],
            orientation: q,
            ..
        } => {
            size(Size::DimensionX, x);
            size(Size::DimensionY, y);
            size(Size::DimensionZ, z);
            if kind == ShapeKind::Cylinder && x != y {
                extra = Some(LintKind::CylinderXyDiffer { x, y });
            }
            orientation = Some(q);
        }
        Shape::Cone {
            radius,
            height,
            orientation: q,
            ..
        } => {
            size(Size::Radius, radius);
            size(Size::Height, height);
            orientation = Some(q);
        }
        Shape::Sphere { radius, .. } => size(Size::Radius, radius),
        Shape::Plane { normal, .. } => {
            extra =
                not_unit(&normal).map(|length_squared| LintKind::NonUnitNormal { length_squared });
        }
    }
    if let Some(kind) = extra {
        push(kind);
    }
    if let Some(length_squared) = orientation.and_then(|q| not_unit(&q)) {
        push(LintKind::NonUnitOrientation {
            shape: kind,
            length_squared,
        });
    }
    out
}

/// The lints of a file that need no storage, computed as they are iterated:
/// each shape in file order, then the trimesh.
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    shapes: TextShapes<'a>,
    shape_index: usize,
    pending: [Option<LintKind>; SHAPE_LINTS],
    pending_at: Option<(Position, usize)>,
    trimesh: Option<TrimeshSpan<'a>>,
    is_static: bool,
    faces: Option<TextFaces<'a>>,
    face_index: usize,
}

impl<'a> Lints<'a> {
    pub(crate) fn new(tcol: &Tcol<'a>) -> Self {
        Self {
            shapes: tcol.text_shapes(),
            shape_index: 0,
            pending: [None; SHAPE_LINTS],
            pending_at: None,
            trimesh: tcol.trimesh_span(),
            is_static: tcol.attributes().is_static,
            faces: None,
            face_index: 0,
        }
    }
}

impl Iterator for Lints<'_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        loop {
            if let Some((position, shape)) = self.pending_at {
                if let Some(kind) = self.pending.iter_mut().find_map(Option::take) {
                    return Some(Lint {
                        position,
                        shape: Some(shape),
                        kind,
                    });
                }
                self.pending_at = None;
            }
            if let Some((position, shape)) = self.shapes.next_positioned() {
                self.pending = shape_lints(&shape);
                self.pending_at = Some((position, self.shape_index));
                self.shape_index = self.shape_index.saturating_add(1);
                continue;
            }
            if let Some(t) = self.trimesh.take() {
                self.faces = Some(TextFaces::new(t.faces, t.vertices.count));
                if !self.is_static {
                    return Some(Lint {
                        position: t.position,
                        shape: None,
                        kind: LintKind::DynamicTrimesh,
                    });
                }
                continue;
            }
            let (position, face) = self.faces.as_mut()?.next_positioned()?;
            let index = self.face_index;
            self.face_index = self.face_index.saturating_add(1);
            let [a, b, c] = face.indices;
            if a == b || b == c || a == c {
                return Some(Lint {
                    position,
                    shape: None,
                    kind: LintKind::RepeatedIndex {
                        face: index,
                        indices: face.indices,
                    },
                });
            }
        }
    }
}

impl core::iter::FusedIterator for Lints<'_> {}

/// The caller's scratch for [`Tcol::mesh_lints`] is too small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ScratchTooSmall {
    /// Entries needed: [`Tcol::mesh_scratch_len`].
    pub needed: usize,
    /// Entries given.
    pub provided: usize,
}

impl fmt::Display for ScratchTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "mesh checks need {} scratch entries, {} given",
            self.needed, self.provided
        )
    }
}

impl core::error::Error for ScratchTooSmall {}

fn position_of(v: &[u32; 4]) -> [f64; 3] {
    let [x, y, z, _] = *v;
    [x, y, z].map(|bits| f64::from(f32::from_bits(bits)))
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    let ([ax, ay, az], [bx, by, bz]) = (a, b);
    [ax - bx, ay - by, az - bz]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    let ([ax, ay, az], [bx, by, bz]) = (a, b);
    ax * bx + ay * by + az * bz
}

/// Whether a triangle's corners are coincident or collinear (see
/// [`DEGENERATE_SINE`]).
fn zero_area(p: [[f64; 3]; 3]) -> bool {
    let [p0, p1, p2] = p;
    let e1 = sub(p1, p0);
    let e2 = sub(p2, p0);
    let ([ax, ay, az], [bx, by, bz]) = (e1, e2);
    let cross = [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx];
    let sine = f64::from(DEGENERATE_SINE);
    dot(cross, cross) <= sine * sine * dot(e1, e1) * dot(e2, e2)
}

/// Mesh-wide lints of the trimesh, computed as they are iterated with the
/// caller's scratch: each face in file order (zero area, duplicate), then each
/// unreferenced vertex.
///
/// The scratch holds one entry per vertex (its coordinates' bits and a
/// "used" flag) and one per face (its sorted indices and its number), sorted
/// so a duplicate is found by binary search: O((V + F) log F), no allocation.
#[derive(Clone, Debug)]
pub struct MeshLints<'a, 's> {
    vertex_table: &'s [[u32; 4]],
    sorted_faces: &'s [[u32; 4]],
    faces: Option<TextFaces<'a>>,
    vertices: Option<TextVertices<'a>>,
    face_index: usize,
    vertex_index: usize,
    queued: Option<Lint>,
}

impl<'a, 's> MeshLints<'a, 's> {
    pub(crate) fn new(
        tcol: &Tcol<'a>,
        scratch: &'s mut [[u32; 4]],
    ) -> Result<Self, ScratchTooSmall> {
        let Some(t) = tcol.trimesh_span() else {
            return Ok(Self {
                vertex_table: &[],
                sorted_faces: &[],
                faces: None,
                vertices: None,
                face_index: 0,
                vertex_index: 0,
                queued: None,
            });
        };
        let too_small = ScratchTooSmall {
            needed: tcol.mesh_scratch_len(),
            provided: scratch.len(),
        };
        let (vertex_table, rest) = scratch
            .split_at_mut_checked(t.vertices.count)
            .ok_or(too_small)?;
        let sorted_faces = rest.get_mut(..t.faces.count).ok_or(too_small)?;
        for (slot, [x, y, z]) in vertex_table.iter_mut().zip(TextVertices::new(t.vertices)) {
            *slot = [x.to_bits(), y.to_bits(), z.to_bits(), 0];
        }
        let faces = TextFaces::new(t.faces, t.vertices.count);
        for (number, (slot, face)) in sorted_faces.iter_mut().zip(faces).enumerate() {
            for i in face.indices {
                if let Some([_, _, _, used]) = usize::try_from(i)
                    .ok()
                    .and_then(|i| vertex_table.get_mut(i))
                {
                    *used = 1;
                }
            }
            let mut key = face.indices;
            key.sort_unstable();
            let [a, b, c] = key;
            *slot = [a, b, c, u32::try_from(number).unwrap_or(u32::MAX)];
        }
        sorted_faces.sort_unstable();
        Ok(Self {
            vertex_table,
            sorted_faces,
            faces: Some(TextFaces::new(t.faces, t.vertices.count)),
            vertices: Some(TextVertices::new(t.vertices)),
            face_index: 0,
            vertex_index: 0,
            queued: None,
        })
    }

    fn corner(&self, i: u32) -> [f64; 3] {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.vertex_table.get(i))
            .map_or([0.0; 3], position_of)
    }

    /// The lints of one face: zero area, then duplicate.
    fn face_lints(&self, index: usize, indices: [u32; 3]) -> [Option<LintKind>; 2] {
        let [a, b, c] = indices;
        let distinct = a != b && b != c && a != c;
        let flat = (distinct && zero_area([self.corner(a), self.corner(b), self.corner(c)]))
            .then_some(LintKind::ZeroAreaFace {
                face: index,
                indices,
            });
        let mut key = indices;
        key.sort_unstable();
        let first = self
            .sorted_faces
            .partition_point(|&[x, y, z, _]| [x, y, z] < key);
        let duplicate = match self.sorted_faces.get(first) {
            Some(&[x, y, z, number])
                if [x, y, z] == key && usize::try_from(number).is_ok_and(|n| n != index) =>
            {
                Some(LintKind::DuplicateFace {
                    face: index,
                    first: usize::try_from(number).unwrap_or(usize::MAX),
                })
            }
            _ => None,
        };
        [flat, duplicate]
    }
}

impl Iterator for MeshLints<'_, '_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        if let Some(lint) = self.queued.take() {
            return Some(lint);
        }
        while let Some((position, face)) = self.faces.as_mut().and_then(TextFaces::next_positioned)
        {
            let index = self.face_index;
            self.face_index = self.face_index.saturating_add(1);
            let lint = |kind| Lint {
                position,
                shape: None,
                kind,
            };
            match self.face_lints(index, face.indices) {
                [Some(a), b] => {
                    self.queued = b.map(lint);
                    return Some(lint(a));
                }
                [None, Some(b)] => return Some(lint(b)),
                [None, None] => {}
            }
        }
        self.faces = None;
        loop {
            let (position, _) = self.vertices.as_mut()?.next_positioned()?;
            let vertex = self.vertex_index;
            self.vertex_index = self.vertex_index.saturating_add(1);
            if let Some([_, _, _, 0]) = self.vertex_table.get(vertex) {
                return Some(Lint {
                    position,
                    shape: None,
                    kind: LintKind::UnreferencedVertex { vertex },
                });
            }
        }
    }
}

impl core::iter::FusedIterator for MeshLints<'_, '_> {}

/// A rule of the old dialect (the 2009 page, docs/formats/grit.md seed 003) that
/// [`Options::LENIENT`](super::Options::LENIENT) accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ToleranceKind {
    /// No `attributes` block: the body is read as [`Attributes::STATIC`](super::Attributes::STATIC).
    MissingAttributes,
    /// Hex face flags (`0x7`) where a face's material belongs: the flags' text
    /// is given as the material.
    HexFaceMaterial,
    /// A `margin` in a static body's trimesh.
    StaticTrimeshMargin,
}

impl ToleranceKind {
    const fn slot(self) -> usize {
        match self {
            Self::MissingAttributes => 0,
            Self::HexFaceMaterial => 1,
            Self::StaticTrimeshMargin => 2,
        }
    }
}

impl fmt::Display for ToleranceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::MissingAttributes => {
                "no attributes block (old dialect): read as a static body with default attributes"
            }
            Self::HexFaceMaterial => {
                "hex face flags instead of a material (old dialect): kept as the material name"
            }
            Self::StaticTrimeshMargin => "margin in a static body's trimesh (old dialect)",
        })
    }
}

/// One kind of tolerated rule: where it first occurred and how often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tolerance {
    /// What.
    pub kind: ToleranceKind,
    /// The first occurrence.
    pub position: Position,
    /// How many occurrences.
    pub count: usize,
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.kind)?;
        if self.count > 1 {
            write!(f, " ({} times)", self.count)?;
        }
        Ok(())
    }
}

/// What a lenient read accepted that the engine rejects; empty for a strict
/// read and for files the engine loads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Tolerated {
    entries: [Option<Tolerance>; 3],
}

impl Tolerated {
    pub(crate) fn note(&mut self, kind: ToleranceKind, position: Position) {
        if let Some(slot) = self.entries.get_mut(kind.slot()) {
            match slot {
                Some(t) => t.count = t.count.saturating_add(1),
                None => {
                    *slot = Some(Tolerance {
                        kind,
                        position,
                        count: 1,
                    });
                }
            }
        }
    }

    /// Nothing was tolerated.
    pub fn is_empty(&self) -> bool {
        self.entries.iter().all(Option::is_none)
    }

    /// One kind, if it occurred.
    pub fn get(&self, kind: ToleranceKind) -> Option<Tolerance> {
        self.entries.get(kind.slot()).copied().flatten()
    }

    /// Each kind that occurred.
    pub fn iter(&self) -> impl Iterator<Item = Tolerance> + '_ {
        self.entries.iter().flatten().copied()
    }
}
