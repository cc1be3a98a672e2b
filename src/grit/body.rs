//! The validated file and its views: attributes with defaults applied, shapes in
//! file order, the trimesh, and lazy vertex, face and shape iterators.
//!
//! [`Tcol::parse`] keeps only where each list starts and how many items it
//! holds; the iterators lex the already-validated text again as they go, so a
//! 1 MB trimesh needs no buffer.

use core::fmt;
use core::iter::FusedIterator;

use super::bcol::{BinaryFaces, BinaryShapes, BinaryVertices};
use super::error::Error;
use super::lexer::{Keyword, Lexer};
use super::lint::{Lints, MeshLints, ScratchTooSmall, Tolerated};
use super::{Options, Position, parse};

/// Margin of hulls, boxes, cylinders, cones and a dynamic body's trimesh when
/// none is given.
pub const DEFAULT_MARGIN: f32 = 0.04;
/// Margin of a static body's trimesh (it cannot be given).
pub const STATIC_TRIMESH_MARGIN: f32 = 0.0;
/// A trimesh's `edge_distance_threshold` when none is given (a dynamic body's
/// trimesh cannot give one).
pub const DEFAULT_EDGE_DISTANCE_THRESHOLD: f32 = 0.001;
/// `linear_damping` when none is given.
pub const DEFAULT_LINEAR_DAMPING: f32 = 0.5;
/// `angular_damping` when none is given.
pub const DEFAULT_ANGULAR_DAMPING: f32 = 0.5;
/// `linear_sleep_threshold` when none is given.
pub const DEFAULT_LINEAR_SLEEP_THRESHOLD: f32 = 1.0;
/// `angular_sleep_threshold` when none is given.
pub const DEFAULT_ANGULAR_SLEEP_THRESHOLD: f32 = 0.8;
/// `ccd_motion_threshold` when none is given (0: continuous collision off).
pub const DEFAULT_CCD_MOTION_THRESHOLD: f32 = 0.0;
/// `ccd_swept_sphere_radius` when none is given.
pub const DEFAULT_CCD_SWEPT_SPHERE_RADIUS: f32 = 0.0;
/// A hull's `shrink` when none is given.
pub const DEFAULT_SHRINK: f32 = 0.0;
/// The identity quaternion, `w x y z`: orientation when none is given.
pub const IDENTITY_ORIENTATION: [f32; 4] = [1.0, 0.0, 0.0, 0.0];

/// The body as a whole, defaults applied (docs/formats/grit.md).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Attributes {
    /// `static`: the body never moves.
    pub is_static: bool,
    /// Kilograms; 0 for a static body, above 0 otherwise.
    pub mass: f32,
    /// Inertia about the local axes; `None`: the engine computes it.
    pub inertia: Option<[f32; 3]>,
    /// Proportion of linear speed lost per second.
    pub linear_damping: f32,
    /// Proportion of angular speed lost per second.
    pub angular_damping: f32,
    /// Linear speed below which the body may sleep.
    pub linear_sleep_threshold: f32,
    /// Angular speed below which the body may sleep.
    pub angular_sleep_threshold: f32,
    /// Speed above which continuous collision detection starts (0: never).
    pub ccd_motion_threshold: f32,
    /// Radius of the sphere swept for continuous collision detection.
    pub ccd_swept_sphere_radius: f32,
}

impl Attributes {
    /// A static body with every default: what [`Options::LENIENT`] assumes for a
    /// file without an attributes block (the old dialect; *choice*: such files
    /// are world geometry, which does not move).
    pub const STATIC: Self = Self {
        is_static: true,
        mass: 0.0,
        inertia: None,
        linear_damping: DEFAULT_LINEAR_DAMPING,
        angular_damping: DEFAULT_ANGULAR_DAMPING,
        linear_sleep_threshold: DEFAULT_LINEAR_SLEEP_THRESHOLD,
        angular_sleep_threshold: DEFAULT_ANGULAR_SLEEP_THRESHOLD,
        ccd_motion_threshold: DEFAULT_CCD_MOTION_THRESHOLD,
        ccd_swept_sphere_radius: DEFAULT_CCD_SWEPT_SPHERE_RADIUS,
    };
}

/// A kind of compound shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShapeKind {
    /// Convex hull of its vertices.
    Hull,
    /// Box.
    Box,
    /// Z-aligned cylinder.
    Cylinder,
    /// Cone pointing to +Z.
    Cone,
    /// Infinite plane `n·x = d`.
    Plane,
    /// Sphere.
    Sphere,
}

impl ShapeKind {
    /// The keyword that opens it.
    pub const fn keyword(self) -> Keyword {
        match self {
            Self::Hull => Keyword::Hull,
            Self::Box => Keyword::Box,
            Self::Cylinder => Keyword::Cylinder,
            Self::Cone => Keyword::Cone,
            Self::Plane => Keyword::Plane,
            Self::Sphere => Keyword::Sphere,
        }
    }

    /// The shape a keyword opens, if any.
    pub const fn from_keyword(keyword: Keyword) -> Option<Self> {
        Some(match keyword {
            Keyword::Hull => Self::Hull,
            Keyword::Box => Self::Box,
            Keyword::Cylinder => Self::Cylinder,
            Keyword::Cone => Self::Cone,
            Keyword::Plane => Self::Plane,
            Keyword::Sphere => Self::Sphere,
            _ => return None,
        })
    }
}

impl fmt::Display for ShapeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword().as_str())
    }
}

/// One shape of the compound, defaults applied. Z is up; orientations are
/// quaternions `w x y z`.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape<'a> {
    /// Convex hull of its vertices. The margin grows outwards.
    Hull {
        /// Physical material (relative to the file's directory unless it starts
        /// with `/`).
        material: &'a str,
        /// Collision margin.
        margin: f32,
        /// Distance the engine moves the hull's faces inwards (the vertices here
        /// are as written, not shrunk).
        shrink: f32,
        /// The vertices as written.
        vertices: Vertices<'a>,
    },
    /// Box. The margin grows inwards.
    Box {
        /// Physical material.
        material: &'a str,
        /// Collision margin.
        margin: f32,
        /// Centre.
        centre: [f32; 3],
        /// Orientation, `w x y z`.
        orientation: [f32; 4],
        /// Full extents along local x, y, z.
        dimensions: [f32; 3],
    },
    /// Z-aligned cylinder: radius `dimensions[0] / 2` (the engine ignores
    /// `dimensions[1]`), height `dimensions[2]`. The margin grows inwards.
    Cylinder {
        /// Physical material.
        material: &'a str,
        /// Collision margin.
        margin: f32,
        /// Centre.
        centre: [f32; 3],
        /// Orientation, `w x y z`.
        orientation: [f32; 4],
        /// Full extents along local x, y, z.
        dimensions: [f32; 3],
    },
    /// Cone pointing to +Z. The margin grows outwards.
    Cone {
        /// Physical material.
        material: &'a str,
        /// Collision margin.
        margin: f32,
        /// Centre.
        centre: [f32; 3],
        /// Orientation, `w x y z`.
        orientation: [f32; 4],
        /// Base radius.
        radius: f32,
        /// Height.
        height: f32,
    },
    /// Infinite plane `normal · x = distance`.
    Plane {
        /// Physical material.
        material: &'a str,
        /// Normal as written (not normalised).
        normal: [f32; 3],
        /// Distance from the origin along the normal.
        distance: f32,
    },
    /// Sphere (no margin).
    Sphere {
        /// Physical material.
        material: &'a str,
        /// Centre.
        centre: [f32; 3],
        /// Radius.
        radius: f32,
    },
}

impl<'a> Shape<'a> {
    /// Which kind.
    pub const fn kind(&self) -> ShapeKind {
        match self {
            Self::Hull { .. } => ShapeKind::Hull,
            Self::Box { .. } => ShapeKind::Box,
            Self::Cylinder { .. } => ShapeKind::Cylinder,
            Self::Cone { .. } => ShapeKind::Cone,
            Self::Plane { .. } => ShapeKind::Plane,
            Self::Sphere { .. } => ShapeKind::Sphere,
        }
    }

    /// The physical material.
    pub const fn material(&self) -> &'a str {
        match *self {
            Self::Hull { material, .. }
            | Self::Box { material, .. }
            | Self::Cylinder { material, .. }
            | Self::Cone { material, .. }
            | Self::Plane { material, .. }
            | Self::Sphere { material, .. } => material,
        }
    }

    /// The collision margin; `None` for planes and spheres, which have none.
    pub const fn margin(&self) -> Option<f32> {
        match *self {
            Self::Hull { margin, .. }
            | Self::Box { margin, .. }
            | Self::Cylinder { margin, .. }
            | Self::Cone { margin, .. } => Some(margin),
            Self::Plane { .. } | Self::Sphere { .. } => None,
        }
    }
}

/// A trimesh face: three vertex indices, each below the vertex count (checked
/// at parse time), and its material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Face<'a> {
    /// Vertex indices, in the file's winding.
    pub indices: [u32; 3],
    /// Physical material. In the old dialect that [`Options::LENIENT`] accepts,
    /// the hex flags as written (`0x7`).
    pub material: &'a str,
}

/// A list of items still to read from validated text: a lexer just inside its
/// `{`, and how many items follow.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ListSpan<'a> {
    pub(crate) lex: Lexer<'a>,
    pub(crate) count: usize,
}

/// Vertices, decoded as they are iterated, for hulls and trimeshes alike.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Vertices<'a> {
    /// From TCOL text.
    Text(TextVertices<'a>),
    /// From a BCOL file.
    Binary(BinaryVertices<'a>),
}

/// Vertices read from validated TCOL text.
#[derive(Clone, Debug)]
pub struct TextVertices<'a> {
    lex: Lexer<'a>,
    remaining: usize,
}

impl<'a> TextVertices<'a> {
    pub(crate) const fn new(span: ListSpan<'a>) -> Self {
        Self {
            lex: span.lex,
            remaining: span.count,
        }
    }

    /// The next vertex and where it starts.
    pub(crate) fn next_positioned(&mut self) -> Option<(Position, [f32; 3])> {
        if self.remaining == 0 {
            return None;
        }
        match parse::vertex_item(&mut self.lex) {
            Ok(Some(item)) => {
                self.remaining = self.remaining.saturating_sub(1);
                Some((item.position, item.value))
            }
            // Unreachable after validation; end rather than fail.
            _ => {
                self.remaining = 0;
                None
            }
        }
    }
}

impl Iterator for TextVertices<'_> {
    type Item = [f32; 3];

    fn next(&mut self) -> Option<[f32; 3]> {
        self.next_positioned().map(|(_, v)| v)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for TextVertices<'_> {}
impl FusedIterator for TextVertices<'_> {}

impl Iterator for Vertices<'_> {
    type Item = [f32; 3];

    fn next(&mut self) -> Option<[f32; 3]> {
        match self {
            Self::Text(v) => v.next(),
            Self::Binary(v) => v.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Self::Text(v) => v.size_hint(),
            Self::Binary(v) => v.size_hint(),
        }
    }
}

impl ExactSizeIterator for Vertices<'_> {}
impl FusedIterator for Vertices<'_> {}

/// Equal when the vertices still to come are equal.
impl PartialEq for Vertices<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.clone().eq(other.clone())
    }
}

/// Trimesh faces, decoded as they are iterated.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Faces<'a> {
    /// From TCOL text.
    Text(TextFaces<'a>),
    /// From a BCOL file.
    Binary(BinaryFaces<'a>),
}

/// Faces read from validated TCOL text.
#[derive(Clone, Debug)]
pub struct TextFaces<'a> {
    lex: Lexer<'a>,
    remaining: usize,
    vertex_count: usize,
}

impl<'a> TextFaces<'a> {
    pub(crate) const fn new(span: ListSpan<'a>, vertex_count: usize) -> Self {
        Self {
            lex: span.lex,
            remaining: span.count,
            vertex_count,
        }
    }

    /// The next face and where it starts.
    pub(crate) fn next_positioned(&mut self) -> Option<(Position, Face<'a>)> {
        if self.remaining == 0 {
            return None;
        }
        match parse::face_item(&mut self.lex, self.vertex_count, true) {
            Ok(Some(item)) => {
                self.remaining = self.remaining.saturating_sub(1);
                Some((item.position, item.value))
            }
            _ => {
                self.remaining = 0;
                None
            }
        }
    }
}

impl<'a> Iterator for TextFaces<'a> {
    type Item = Face<'a>;

    fn next(&mut self) -> Option<Face<'a>> {
        self.next_positioned().map(|(_, f)| f)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for TextFaces<'_> {}
impl FusedIterator for TextFaces<'_> {}

impl<'a> Iterator for Faces<'a> {
    type Item = Face<'a>;

    fn next(&mut self) -> Option<Face<'a>> {
        match self {
            Self::Text(f) => f.next(),
            Self::Binary(f) => f.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Self::Text(f) => f.size_hint(),
            Self::Binary(f) => f.size_hint(),
        }
    }
}

impl ExactSizeIterator for Faces<'_> {}
impl FusedIterator for Faces<'_> {}

/// Equal when the faces still to come are equal.
impl PartialEq for Faces<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.clone().eq(other.clone())
    }
}

/// The compound's shapes in file order (BCOL: stored order), decoded as they
/// are iterated.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Shapes<'a> {
    /// From TCOL text.
    Text(TextShapes<'a>),
    /// From a BCOL file, in stored order.
    Binary(BinaryShapes<'a>),
}

/// Shapes read from validated TCOL text.
#[derive(Clone, Debug)]
pub struct TextShapes<'a> {
    lex: Lexer<'a>,
    remaining: usize,
}

impl<'a> TextShapes<'a> {
    /// The next shape and where its keyword is.
    pub(crate) fn next_positioned(&mut self) -> Option<(Position, Shape<'a>)> {
        if self.remaining == 0 {
            return None;
        }
        let shape = self
            .lex
            .next_token()
            .and_then(|t| parse::shape(&mut self.lex, t).map(|s| (t.position, s)));
        match shape {
            Ok(shape) => {
                self.remaining = self.remaining.saturating_sub(1);
                Some(shape)
            }
            Err(_) => {
                self.remaining = 0;
                None
            }
        }
    }
}

impl<'a> Iterator for TextShapes<'a> {
    type Item = Shape<'a>;

    fn next(&mut self) -> Option<Shape<'a>> {
        self.next_positioned().map(|(_, s)| s)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for TextShapes<'_> {}
impl FusedIterator for TextShapes<'_> {}

impl<'a> Iterator for Shapes<'a> {
    type Item = Shape<'a>;

    fn next(&mut self) -> Option<Shape<'a>> {
        match self {
            Self::Text(s) => s.next(),
            Self::Binary(s) => s.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Self::Text(s) => s.size_hint(),
            Self::Binary(s) => s.size_hint(),
        }
    }
}

impl ExactSizeIterator for Shapes<'_> {}
impl FusedIterator for Shapes<'_> {}

/// A triangle mesh: vertices, and faces that index them.
#[derive(Clone, Debug, PartialEq)]
pub struct Trimesh<'a> {
    /// Collision margin ([`STATIC_TRIMESH_MARGIN`] for a static body,
    /// [`DEFAULT_MARGIN`] unless given for a dynamic one).
    pub margin: f32,
    /// Bullet's edge distance threshold for internal-edge smoothing
    /// ([`DEFAULT_EDGE_DISTANCE_THRESHOLD`] unless a static body gives one).
    pub edge_distance_threshold: f32,
    vertices: Vertices<'a>,
    faces: Faces<'a>,
}

impl<'a> Trimesh<'a> {
    /// A trimesh of these lists (face indices must be below the vertex count).
    pub(crate) const fn new(
        margin: f32,
        edge_distance_threshold: f32,
        vertices: Vertices<'a>,
        faces: Faces<'a>,
    ) -> Self {
        Self {
            margin,
            edge_distance_threshold,
            vertices,
            faces,
        }
    }

    /// The vertices, in file order.
    pub fn vertices(&self) -> Vertices<'a> {
        self.vertices.clone()
    }

    /// The faces, in file order; every index is below [`Self::vertex_count`].
    pub fn faces(&self) -> Faces<'a> {
        self.faces.clone()
    }

    /// How many vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// How many faces.
    pub fn face_count(&self) -> usize {
        self.faces.len()
    }
}

/// Where the trimesh's parts are, found at parse time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TrimeshSpan<'a> {
    pub(crate) position: Position,
    pub(crate) margin: f32,
    pub(crate) edge_distance_threshold: f32,
    pub(crate) vertices: ListSpan<'a>,
    pub(crate) faces: ListSpan<'a>,
}

/// Where the compound's shapes are, found at parse time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CompoundSpan<'a> {
    pub(crate) shapes: ListSpan<'a>,
}

/// A validated TCOL file, borrowed from its text.
///
/// [`Tcol::parse`] read the whole file once and checked every rule, every
/// number and every face index, so the views and iterators never fail.
#[derive(Clone, Copy)]
pub struct Tcol<'a> {
    pub(crate) text: &'a [u8],
    pub(crate) attributes: Attributes,
    pub(crate) compound: Option<CompoundSpan<'a>>,
    pub(crate) trimesh: Option<TrimeshSpan<'a>>,
    pub(crate) tolerated: Tolerated,
}

/// A summary, not the text (which may be megabytes).
impl fmt::Debug for Tcol<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tcol")
            .field("text_len", &self.text.len())
            .field("attributes", &self.attributes)
            .field("compound", &self.compound.map(|c| c.shapes.count))
            .field(
                "trimesh",
                &self.trimesh.map(|t| (t.vertices.count, t.faces.count)),
            )
            .field("tolerated", &self.tolerated)
            .finish()
    }
}

impl<'a> Tcol<'a> {
    /// Validates a whole file, as the engine's parser does (docs/formats/grit.md), and
    /// also rejects what the engine gets wrong: NUL bytes, face indices beyond
    /// 32 bits, numbers beyond f32.
    pub fn parse(text: &'a [u8], options: Options) -> Result<Self, Error> {
        parse::file(text, options)
    }

    /// [`Tcol::parse`] for text already known to be UTF-8.
    pub fn parse_str(text: &'a str, options: Options) -> Result<Self, Error> {
        Self::parse(text.as_bytes(), options)
    }

    /// The whole text.
    pub const fn text(&self) -> &'a [u8] {
        self.text
    }

    /// The body's attributes, defaults applied.
    pub const fn attributes(&self) -> Attributes {
        self.attributes
    }

    /// Whether the file has a `compound` block (perhaps empty).
    pub const fn has_compound(&self) -> bool {
        self.compound.is_some()
    }

    /// How many shapes the compound holds (0 without one).
    pub const fn shape_count(&self) -> usize {
        match self.compound {
            Some(c) => c.shapes.count,
            None => 0,
        }
    }

    /// The compound's shapes, in file order.
    pub fn shapes(&self) -> Shapes<'a> {
        Shapes::Text(self.text_shapes())
    }

    pub(crate) fn text_shapes(&self) -> TextShapes<'a> {
        match self.compound {
            Some(c) => TextShapes {
                lex: c.shapes.lex,
                remaining: c.shapes.count,
            },
            None => TextShapes {
                lex: Lexer::new(&[]),
                remaining: 0,
            },
        }
    }

    /// The trimesh, if the file has one.
    pub fn trimesh(&self) -> Option<Trimesh<'a>> {
        self.trimesh.map(|t| {
            Trimesh::new(
                t.margin,
                t.edge_distance_threshold,
                Vertices::Text(TextVertices::new(t.vertices)),
                Faces::Text(TextFaces::new(t.faces, t.vertices.count)),
            )
        })
    }

    /// What [`Options::LENIENT`] accepted that the engine rejects (empty for a
    /// strict read).
    pub const fn tolerated(&self) -> Tolerated {
        self.tolerated
    }

    /// Checks that need no storage: sizes, quaternions, normals, cylinders, a
    /// dynamic body's trimesh, faces that repeat a vertex.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(self)
    }

    /// Entries of scratch [`Tcol::mesh_lints`] needs: one per trimesh vertex and
    /// one per face.
    pub fn mesh_scratch_len(&self) -> usize {
        self.trimesh
            .map_or(0, |t| t.vertices.count.saturating_add(t.faces.count))
    }

    /// Checks of the trimesh as a whole, with caller storage (no allocation):
    /// zero-area faces, duplicate faces, unreferenced vertices.
    pub fn mesh_lints<'s>(
        &self,
        scratch: &'s mut [[u32; 4]],
    ) -> Result<MeshLints<'a, 's>, ScratchTooSmall> {
        MeshLints::new(self, scratch)
    }

    pub(crate) fn trimesh_span(&self) -> Option<TrimeshSpan<'a>> {
        self.trimesh
    }
}
