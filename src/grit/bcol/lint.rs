//! What the engine loads from a BCOL file but likely does not mean: the checks
//! TCOL makes ([`crate::grit::LintKind`]) and a few only binary files need;
//! and what a lenient read tolerated (Grit's converter's material offsets).

use core::fmt;

use super::error::Section;
use super::raw::{self, at};
use super::view::{Bcol, Repair};
use crate::grit::body::{
    BinaryFaces, BinaryShapes, Keyword, LintKind as TcolLintKind, Shape, ShapeKind, Size, not_unit,
};

/// Something the engine loads without complaint but that is probably not what
/// the author meant.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// A check TCOL makes too: a non-positive size, a quaternion or normal
    /// not of unit length, cylinder x ≠ y, a trimesh in a dynamic body, a face
    /// that repeats a vertex.
    Tcol(TcolLintKind),
    /// Trimesh vertices but no faces: the engine builds no trimesh.
    VerticesWithoutFaces {
        /// How many vertices.
        vertices: usize,
    },
    /// `inertia_provided` neither 0 nor 1 (the engine reads any non-zero value
    /// as "provided").
    InertiaFlag {
        /// The value stored.
        value: u32,
    },
    /// A NaN or infinite value (TCOL cannot write one).
    NonFinite {
        /// The property.
        property: Keyword,
    },
    /// A negative value where TCOL accepts none (mass, dampings, margins,
    /// `edge_distance_threshold`): such a body cannot be written as TCOL.
    Negative {
        /// The property.
        property: Keyword,
        /// The value.
        value: f32,
    },
    /// Tolerated: material offsets stored as Grit's converter wrongly writes
    /// them ([`guide::grit`](crate::guide::grit)), which
    /// [`Options::LENIENT`](super::Options::LENIENT) read that way: hulls'
    /// relative to their vertex offset, boxes' 16 bytes per hull too far. At the
    /// first such material field.
    GritMaterialOffsets {
        /// [`Section::Hulls`] or [`Section::Boxes`].
        section: Section,
        /// How many of the section's offsets were read differently from how
        /// they are stored.
        count: usize,
    },
}

impl LintKind {
    /// Whether a strict read rejects what this reports, and only a lenient
    /// read let it through: what [`Bcol::tolerated`] lists.
    pub const fn is_tolerated(&self) -> bool {
        match self {
            Self::GritMaterialOffsets { .. } => true,
            Self::Tcol(kind) => kind.is_tolerated(),
            _ => false,
        }
    }
}

impl fmt::Display for LintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Tcol(kind) => kind.fmt(f),
            Self::VerticesWithoutFaces { vertices } => write!(
                f,
                "{vertices} trimesh vertices but no faces: the engine builds a trimesh only from \
                 faces, so there is none; add the faces or drop the vertices"
            ),
            Self::InertiaFlag { value } => write!(
                f,
                "inertia_provided is {value}, neither 0 nor 1: the engine takes any value but 0 \
                 as provided and uses the stored inertia; store 1, or 0 to have it computed"
            ),
            Self::NonFinite { property } => write!(
                f,
                "{property} is not finite: the engine uses it unchecked, and TCOL cannot write \
                 it; store a finite value"
            ),
            Self::Negative { property, value } => write!(
                f,
                "{property} is {value}, below 0: the engine uses it unchecked, but its TCOL \
                 parser rejects it, so TCOL cannot say this; store 0 or more"
            ),
            Self::GritMaterialOffsets { section, count } => {
                write!(
                    f,
                    "repaired {count} material offset{} of the {section} (",
                    if count == 1 { "" } else { "s" },
                )?;
                f.write_str(if section == Section::Hulls {
                    "stored relative to the vertex offset"
                } else {
                    "stored 16 bytes per hull too far"
                })?;
                let them = if count == 1 { "it" } else { "them" };
                write!(
                    f,
                    " by Grit's converter, so the engine reads {them} from the wrong bytes); \
                     `convert --lenient --to bcol` writes {them} right"
                )
            }
        }
    }
}

/// A lint and where: the byte offset of the field (or record) at fault, and
/// the shape's index in stored order for a shape lint.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lint {
    /// Byte offset in the file.
    pub offset: usize,
    /// The shape, in stored order (hulls first), for a shape lint.
    pub shape: Option<usize>,
    /// What.
    pub kind: LintKind,
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}", self.offset)?;
        if let Some(shape) = self.shape {
            write!(f, ", shape {shape}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

/// The lints of what a lenient read tolerated ([`Bcol::tolerated`]): the
/// hulls' repaired material offsets, then the boxes'.
#[derive(Clone, Debug)]
pub struct Tolerated {
    repairs: core::array::IntoIter<Option<Repair>, 2>,
}

impl Tolerated {
    fn new(repairs: [Option<Repair>; 2]) -> Self {
        Self {
            repairs: repairs.into_iter(),
        }
    }
}

impl Iterator for Tolerated {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        let repair = self.repairs.by_ref().flatten().next()?;
        Some(Lint {
            offset: repair.first,
            shape: None,
            kind: LintKind::GritMaterialOffsets {
                section: repair.section,
                count: repair.count,
            },
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.repairs.as_slice().iter().flatten().count();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Tolerated {}
impl core::iter::FusedIterator for Tolerated {}

/// Most lints one item (the header, a shape) raises.
const PENDING: usize = 16;

/// Lints of one item, in the order they were found.
#[derive(Clone, Copy, Debug)]
struct Pending {
    lints: [Option<Lint>; PENDING],
    next: usize,
    len: usize,
    shape: Option<usize>,
}

impl Pending {
    const fn new(shape: Option<usize>) -> Self {
        Self {
            lints: [None; PENDING],
            next: 0,
            len: 0,
            shape,
        }
    }

    fn push(&mut self, offset: usize, kind: LintKind) {
        if let Some(slot) = self.lints.get_mut(self.len) {
            *slot = Some(Lint {
                offset,
                shape: self.shape,
                kind,
            });
            self.len = self.len.saturating_add(1);
        }
    }

    fn pop(&mut self) -> Option<Lint> {
        let lint = self.lints.get_mut(self.next)?.take()?;
        self.next = self.next.saturating_add(1);
        Some(lint)
    }

    /// NaN or infinite components.
    fn finite(&mut self, offset: usize, property: Keyword, values: &[f32]) -> bool {
        let finite = values.iter().all(|v| v.is_finite());
        if !finite {
            self.push(offset, LintKind::NonFinite { property });
        }
        finite
    }

    /// Non-finite or negative.
    fn non_negative(&mut self, offset: usize, property: Keyword, value: f32) {
        if self.finite(offset, property, &[value]) && value < 0.0 {
            self.push(offset, LintKind::Negative { property, value });
        }
    }
}

fn header_lints(file: &Bcol<'_>) -> Pending {
    let h = file.header();
    let mut out = Pending::new(None);
    out.non_negative(at::MASS, Keyword::Mass, h.mass.get());
    let flag = h.inertia_provided.get();
    if flag > 1 {
        out.push(at::INERTIA_PROVIDED, LintKind::InertiaFlag { value: flag });
    }
    if flag != 0 {
        out.finite(at::INERTIA, Keyword::Inertia, &raw::vec3(&h.inertia));
    }
    out.non_negative(
        at::LINEAR_DAMPING,
        Keyword::LinearDamping,
        h.linear_damping.get(),
    );
    out.non_negative(
        at::ANGULAR_DAMPING,
        Keyword::AngularDamping,
        h.angular_damping.get(),
    );
    for (offset, property, value) in [
        (
            at::LINEAR_SLEEP,
            Keyword::LinearSleepThreshold,
            h.linear_sleep_threshold.get(),
        ),
        (
            at::ANGULAR_SLEEP,
            Keyword::AngularSleepThreshold,
            h.angular_sleep_threshold.get(),
        ),
        (
            at::CCD_MOTION,
            Keyword::CcdMotionThreshold,
            h.ccd_motion_threshold.get(),
        ),
        (
            at::CCD_RADIUS,
            Keyword::CcdSweptSphereRadius,
            h.ccd_swept_sphere_radius.get(),
        ),
    ] {
        out.finite(offset, property, &[value]);
    }
    out
}

/// Field offsets within a record.
const MARGIN: usize = 4;

fn shape_lints(record: usize, index: usize, shape: &Shape<'_>) -> Pending {
    let mut out = Pending::new(Some(index));
    let field = |o: usize| record.saturating_add(o);
    let kind = shape.kind();
    if let Some(margin) = shape.margin() {
        out.non_negative(field(MARGIN), Keyword::Margin, margin);
    }
    let mut sizes: [Option<(Size, f32)>; 3] = [None; 3];
    let mut extra = None;
    let mut orientation = None;
    match *shape {
        Shape::Hull { .. } => {}
        Shape::Box(b) | Shape::Cylinder(b) => {
            out.finite(field(8), Keyword::Centre, &b.centre);
            if out.finite(field(20), Keyword::Dimensions, &b.dimensions) {
                let [x, y, z] = b.dimensions;
                sizes = [
                    Some((Size::DimensionX, x)),
                    Some((Size::DimensionY, y)),
                    Some((Size::DimensionZ, z)),
                ];
                if kind == ShapeKind::Cylinder && x != y {
                    extra = Some(TcolLintKind::CylinderXyDiffer { x, y });
                }
            }
            if out.finite(field(32), Keyword::Orientation, &b.orientation) {
                orientation = Some((field(32), b.orientation));
            }
        }
        Shape::Cone {
            centre,
            radius,
            height,
            orientation: q,
            ..
        } => {
            out.finite(field(8), Keyword::Centre, &centre);
            if out.finite(field(20), Keyword::Radius, &[radius])
                & out.finite(field(24), Keyword::Height, &[height])
            {
                sizes = [
                    Some((Size::Radius, radius)),
                    Some((Size::Height, height)),
                    None,
                ];
            }
            if out.finite(field(28), Keyword::Orientation, &q) {
                orientation = Some((field(28), q));
            }
        }
        Shape::Plane {
            normal, distance, ..
        } => {
            if out.finite(field(4), Keyword::Normal, &normal) {
                extra = not_unit(&normal)
                    .map(|length_squared| TcolLintKind::NonUnitNormal { length_squared });
            }
            out.finite(field(16), Keyword::Distance, &[distance]);
        }
        Shape::Sphere { centre, radius, .. } => {
            out.finite(field(4), Keyword::Centre, &centre);
            if out.finite(field(16), Keyword::Radius, &[radius]) {
                sizes = [Some((Size::Radius, radius)), None, None];
            }
        }
    }
    for (size, value) in sizes.into_iter().flatten() {
        if value <= 0.0 {
            out.push(
                record,
                LintKind::Tcol(TcolLintKind::NonPositiveSize {
                    shape: kind,
                    size,
                    value,
                }),
            );
        }
    }
    if let Some(kind) = extra {
        out.push(record, LintKind::Tcol(kind));
    }
    if let Some((offset, q)) = orientation {
        if let Some(length_squared) = not_unit(&q) {
            out.push(
                offset,
                LintKind::Tcol(TcolLintKind::NonUnitOrientation {
                    shape: kind,
                    length_squared,
                }),
            );
        }
    }
    out
}

/// Where the walk is.
#[derive(Clone, Debug)]
enum Stage<'a> {
    Header,
    Shapes,
    /// Vertices of a hull: its shape index, its hull index, the next vertex.
    HullVertices(usize, usize, usize),
    Trimesh,
    Vertices(usize),
    Faces(BinaryFaces<'a>, usize),
    Done,
}

impl<'a> Bcol<'a> {
    /// The material offsets [`Options::LENIENT`](super::Options::LENIENT) read as Grit's converter
    /// wrote them, one lint per section (hulls, then boxes) at its first such
    /// field, each [`LintKind::GritMaterialOffsets`]; empty for a strict read
    /// and for files with correct offsets. The file is never modified: the
    /// views apply the reading as they decode. [`Bcol::lints`] lists them too.
    ///
    /// [`LintKind::GritMaterialOffsets`]: super::LintKind::GritMaterialOffsets
    pub fn tolerated(&self) -> Tolerated {
        Tolerated::new(self.repairs)
    }

    /// What the engine loads but likely does not mean, computed as iterated:
    /// first what a lenient read tolerated ([`Bcol::tolerated`]), then the
    /// header, each shape, the trimesh.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }
}

/// The lints of a file, computed as they are iterated: what a lenient read
/// tolerated, the header, each shape in stored order (a hull followed by its
/// vertices), then the trimesh, its vertices and its faces.
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    tolerated: Tolerated,
    file: Bcol<'a>,
    shapes: BinaryShapes<'a>,
    shape_index: usize,
    stage: Stage<'a>,
    pending: Pending,
}

impl<'a> Lints<'a> {
    fn new(file: Bcol<'a>) -> Self {
        Self {
            tolerated: file.tolerated(),
            shapes: file.binary_shapes(),
            file,
            shape_index: 0,
            stage: Stage::Header,
            pending: Pending::new(None),
        }
    }

    /// Lints of the next item, or `false` at the end.
    fn advance(&mut self) -> bool {
        let file = self.file;
        match self.stage {
            Stage::Header => {
                self.pending = header_lints(&file);
                self.stage = Stage::Shapes;
            }
            Stage::Shapes => match self.shapes.next_positioned() {
                Some((record, shape)) => {
                    let index = self.shape_index;
                    self.shape_index = self.shape_index.saturating_add(1);
                    self.pending = shape_lints(record, index, &shape);
                    if shape.kind() == ShapeKind::Hull {
                        // Hulls come first: the shape index is the hull index.
                        self.stage = Stage::HullVertices(index, index, 0);
                    }
                }
                None => self.stage = Stage::Trimesh,
            },
            Stage::HullVertices(shape, hull, vertex) => {
                let vertices = file.hull_vertices(hull);
                match vertices.get(vertex) {
                    Some(v) => {
                        self.pending = Pending::new(Some(shape));
                        self.pending.finite(
                            vertices.at(vertex),
                            Keyword::Vertexes,
                            &raw::vec3(&v.position),
                        );
                        self.stage = Stage::HullVertices(shape, hull, vertex.saturating_add(1));
                    }
                    None => self.stage = Stage::Shapes,
                }
            }
            Stage::Trimesh => {
                let mut out = Pending::new(None);
                let h = file.header();
                if file.trimesh_faces().is_empty() {
                    if !file.trimesh_vertices().is_empty() {
                        out.push(
                            at::VERTICES,
                            LintKind::VerticesWithoutFaces {
                                vertices: file.trimesh_vertices().len(),
                            },
                        );
                    }
                } else {
                    if !file.attributes().is_static {
                        out.push(at::FACES, LintKind::Tcol(TcolLintKind::DynamicTrimesh));
                    }
                    out.non_negative(at::TRIMESH_MARGIN, Keyword::Margin, h.trimesh_margin.get());
                    out.non_negative(
                        at::EDGE_DISTANCE,
                        Keyword::EdgeDistanceThreshold,
                        h.edge_distance_threshold.get(),
                    );
                }
                self.pending = out;
                self.stage = Stage::Vertices(0);
            }
            Stage::Vertices(i) => match file.trimesh_vertices().get(i) {
                Some(v) => {
                    self.pending = Pending::new(None);
                    self.pending.finite(
                        file.trimesh_vertices().at(i),
                        Keyword::Vertexes,
                        &raw::vec3(&v.position),
                    );
                    self.stage = Stage::Vertices(i.saturating_add(1));
                }
                None => self.stage = Stage::Faces(file.binary_faces(), 0),
            },
            Stage::Faces(ref mut faces, ref mut index) => match faces.next_positioned() {
                Some((offset, face)) => {
                    let face_index = *index;
                    *index = index.saturating_add(1);
                    let [a, b, c] = face.indices;
                    let mut out = Pending::new(None);
                    if a == b || b == c || a == c {
                        out.push(
                            offset,
                            LintKind::Tcol(TcolLintKind::RepeatedIndex {
                                face: face_index,
                                indices: face.indices,
                            }),
                        );
                    }
                    self.pending = out;
                }
                None => self.stage = Stage::Done,
            },
            Stage::Done => return false,
        }
        true
    }
}

impl Iterator for Lints<'_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        if let Some(lint) = self.tolerated.next() {
            return Some(lint);
        }
        loop {
            if let Some(lint) = self.pending.pop() {
                return Some(lint);
            }
            if !self.advance() {
                return None;
            }
        }
    }
}

impl core::iter::FusedIterator for Lints<'_> {}
