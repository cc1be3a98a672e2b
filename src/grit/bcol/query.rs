//! Collision queries on a [`Bcol`] ([`crate::query`]): its compound's shapes
//! and its trimesh, tested as the body module describes for TCOL and BCOL
//! alike (`grit/body/query.rs`, and [`crate::grit`]'s page).
//!
//! ```
//! use zerocol::grit::{bcol, tcol};
//! use zerocol::query::{Primitive, Query, Segment};
//!
//! let text = b"TCOL1.0\nattributes { static; }\n\
//!     compound { sphere { material \"/common/Stone\"; centre 0 0 1; radius 1; } }";
//! let body = tcol::Tcol::parse(text, tcol::Options::STRICT)?;
//! let mut bytes = [0u8; 256];
//! let len = bcol::write(&body.attributes(), body.shapes(), body.trimesh(), &mut bytes)?;
//! let file = bcol::Bcol::parse(&bytes[..len], bcol::Options::STRICT)?;
//! let hit = file.cast(Segment::new([0.0, 0.0, 10.0], [0.0, 0.0, 0.0])).unwrap();
//! assert_eq!((hit.t, hit.primitive, hit.material), (0.8, Primitive::Sphere, "/common/Stone"));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use super::view::Bcol;
use crate::grit::body::IndexedFace;
use crate::grit::body::query;
use crate::grit::body::query::{FaceIndex, VertexIndex};
use crate::query::StorageTooSmall;
use crate::query::{Ball, Contact, Hit, Node, Query, Segment, Vec3};

impl<'a> Query for Bcol<'a> {
    type Material = &'a str;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&&'a str) -> bool,
    ) -> Option<Hit<&'a str>> {
        query::cast(self.shapes(), self.trimesh(), None, &segment, keep)
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<&'a str>]) -> usize {
        query::overlap(self.shapes(), self.trimesh(), None, ball, out)
    }
}

impl<'a> Bcol<'a> {
    /// The body with its trimesh vertices decoded into `storage` (at least the
    /// trimesh's vertex count), for queries that read each face's corners in
    /// O(1); it answers as the Bcol itself does.
    pub fn vertex_index<'s>(
        &self,
        storage: &'s mut [Vec3],
    ) -> Result<VertexIndex<'a, 's>, StorageTooSmall> {
        VertexIndex::new(self.shapes(), self.trimesh(), storage)
    }

    /// The body with its trimesh decoded into `vertices` and `faces` (at least
    /// the trimesh's vertex and face counts) and a
    /// [`FaceTree`](crate::query::FaceTree) over its faces in `nodes` (at least
    /// [`FaceTree::nodes_for`](crate::query::FaceTree::nodes_for) the face
    /// count), for many casts at one body; it answers as the Bcol itself does.
    pub fn face_index<'s>(
        &self,
        vertices: &'s mut [Vec3],
        faces: &'s mut [IndexedFace],
        nodes: &'s mut [Node],
    ) -> Result<FaceIndex<'a, 's>, StorageTooSmall> {
        FaceIndex::new(
            self.bytes,
            self.shapes(),
            self.trimesh(),
            vertices,
            faces,
            nodes,
        )
    }
}
