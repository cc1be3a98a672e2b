//! The views both encodings hand out over decoded records: the lazy face and
//! shape lists, and the trimesh (margin, edge threshold, vertices and faces).

use core::iter::FusedIterator;

use super::lists::{
    BinaryFaces, BinaryShapes, MaterialReading, TextAt, TextFaces, TextShapes, Vertices,
    either_list,
};
#[cfg(doc)]
use super::records::{DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN, STATIC_TRIMESH_MARGIN};
use super::records::{Face, Shape};

either_list! {
    /// Trimesh faces, decoded as they are iterated.
    Faces(TextFaces, BinaryFaces) -> Face<'a>
}

either_list! {
    /// The compound's shapes in file order (BCOL: stored order), decoded as they
    /// are iterated.
    Shapes(TextShapes, BinaryShapes) -> Shape<'a>
}

/// Where a [`Shapes`] list stands, as plain words, for callers that cannot keep
/// the borrow (the C API keeps them in a C struct): [`Shapes::parts`], and
/// [`Shapes::from_parts`] rebuilds the list in O(1) over the same bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapesParts {
    /// 0: text (offset, line, line start, remaining); 1: binary (kind, index,
    /// remaining, the material reading's two flags in the last word).
    pub words: [u64; 5],
}

/// A `usize` as a word.
fn word(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// A word as a `usize` (saturated: a list past the bytes reads nothing).
fn size(w: u64) -> usize {
    usize::try_from(w).unwrap_or(usize::MAX)
}

impl<'a> Shapes<'a> {
    /// What [`Shapes::from_parts`] rebuilds the list from, with the body's bytes
    /// (`Tcol::text`, `Bcol::bytes`).
    pub fn parts(&self) -> ShapesParts {
        let words = match self {
            Self::Text(t) => [
                0,
                word(t.at.offset),
                u64::from(t.at.line),
                word(t.at.line_start),
                word(t.remaining),
            ],
            Self::Binary(b) => [
                1,
                word(b.kind),
                word(b.index),
                word(b.remaining),
                u64::from(b.reading.grit_hulls) | (u64::from(b.reading.grit_boxes) << 1),
            ],
        };
        ShapesParts { words }
    }

    /// Rebuilds a list in O(1) from the bytes the body was read from and its
    /// [`parts`](Shapes::parts), without validating the file again. Parts or bytes
    /// that did not come from [`Shapes::parts`] over the same unchanged bytes give
    /// a list that never panics or reads outside `bytes` (release builds), but
    /// whose items are unspecified; debug builds assert.
    pub fn from_parts(bytes: &'a [u8], parts: ShapesParts) -> Self {
        let [tag, a, b, c, d] = parts.words;
        if tag == 0 {
            Self::Text(TextShapes {
                at: TextAt {
                    text: bytes,
                    offset: size(a),
                    line: u32::try_from(b).unwrap_or(u32::MAX),
                    line_start: size(c),
                },
                remaining: size(d),
            })
        } else {
            Self::Binary(BinaryShapes {
                bytes,
                kind: size(a),
                index: size(b),
                remaining: size(c),
                reading: MaterialReading {
                    grit_hulls: d & 1 != 0,
                    grit_boxes: d & 2 != 0,
                },
            })
        }
    }
}

/// Equal when the faces still to come are equal.
impl PartialEq for Faces<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.clone().eq(other.clone())
    }
}

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
