//! The views both encodings hand out over decoded records: the lazy face and
//! shape lists, and the trimesh (margin, edge threshold, vertices and faces).

use core::iter::FusedIterator;

use super::lists::{BinaryFaces, BinaryShapes, TextFaces, TextShapes, Vertices, either_list};
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
