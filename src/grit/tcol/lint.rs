//! What the engine accepts but likely did not mean (lints, never rejections),
//! and what the lenient option accepted that the engine does not (tolerated
//! lints), for a TCOL file. The kinds are shared with BCOL (`body/lint.rs`).

use core::fmt;

use super::Position;
use super::view::{Tcol, Tolerance, Tolerances, TrimeshSpan};
use crate::grit::body::{LintKind, Shape, ShapeKind, Size, TextFaces, TextShapes, not_unit};

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
        Shape::Box(b) | Shape::Cylinder(b) => {
            let [x, y, z] = b.dimensions;
            size(Size::DimensionX, x);
            size(Size::DimensionY, y);
            size(Size::DimensionZ, z);
            if kind == ShapeKind::Cylinder && x != y {
                extra = Some(LintKind::CylinderXyDiffer { x, y });
            }
            orientation = Some(b.orientation);
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
/// what a lenient read tolerated, each shape in file order, then the trimesh.
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    tolerated: Tolerated,
    shapes: TextShapes<'a>,
    shape_index: usize,
    pending: [Option<LintKind>; SHAPE_LINTS],
    pending_at: Option<(Position, usize)>,
    trimesh: Option<TrimeshSpan<'a>>,
    is_static: bool,
    faces: Option<TextFaces<'a>>,
    face_index: usize,
}

impl<'a> Tcol<'a> {
    /// What [`Options::LENIENT`](super::Options::LENIENT) accepted that the engine rejects, one lint per
    /// rule of the old dialect, where it first occurred (each kind
    /// [`is_tolerated`](crate::grit::LintKind::is_tolerated)); empty for a strict
    /// read and for every file the engine loads. [`Tcol::lints`] lists them too.
    pub const fn tolerated(&self) -> Tolerated {
        Tolerated::new(self.tolerances)
    }

    /// What the engine loads but likely does not mean, computed as iterated:
    /// first what a lenient read tolerated ([`Tcol::tolerated`]), then checks
    /// that need no storage: sizes, quaternions, normals, cylinders, a dynamic
    /// body's trimesh, faces that repeat a vertex.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(self)
    }
}

impl<'a> Lints<'a> {
    fn new(tcol: &Tcol<'a>) -> Self {
        Self {
            tolerated: tcol.tolerated(),
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
        if let Some(lint) = self.tolerated.next() {
            return Some(lint);
        }
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
                self.faces = Some(TextFaces::of(t.faces, t.vertices.count));
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

/// The lints of what a lenient read let through ([`Tcol::tolerated`]): one per
/// rule of the old dialect that occurred, at its first occurrence, each kind
/// [`is_tolerated`](LintKind::is_tolerated).
#[derive(Clone, Debug)]
pub struct Tolerated {
    tolerances: Tolerances,
    next: usize,
}

impl Tolerated {
    const fn new(tolerances: Tolerances) -> Self {
        Self {
            tolerances,
            next: 0,
        }
    }
}

impl Iterator for Tolerated {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        loop {
            let tolerance = *Tolerance::ALL.get(self.next)?;
            let entry = self.tolerances.entries.get(self.next).copied().flatten();
            self.next = self.next.saturating_add(1);
            if let Some((position, count)) = entry {
                return Some(Lint {
                    position,
                    shape: None,
                    kind: tolerance.kind(count),
                });
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self
            .tolerances
            .entries
            .get(self.next..)
            .unwrap_or_default()
            .iter()
            .flatten()
            .count();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Tolerated {}
impl core::iter::FusedIterator for Tolerated {}
