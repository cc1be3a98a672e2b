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

use super::raw;
use super::repair::{Rule, material_at, target};
use super::view::Bcol;
use crate::grit::body::query;
use crate::grit::body::query::{FaceIndex, VertexIndex};
use crate::grit::body::{BinaryFaces, Faces, IndexedFace, Vertices};
use crate::query::{Ball, Contact, Hit, Nearest, Node, Query, Segment, Vec3};
use crate::query::{FaceCull, StorageTooSmall, content};
use crate::wire::{self, RawVec3};
use zerocopy::byteorder::little_endian::{F32, U32};
use zerocopy::{FromBytes, IntoBytes};

impl<'a> Query for Bcol<'a> {
    type Material = &'a str;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&&'a str) -> bool,
    ) -> Option<Hit<&'a str>> {
        let mut nearest = Nearest::new();
        query::cast_shapes(self.shapes(), &segment, keep, &mut nearest);
        if let Some(mesh) = self.trimesh() {
            match (mesh.vertices(), mesh.faces()) {
                (Vertices::Binary(vertices), Faces::Binary(faces)) => {
                    let vertices = vertices.records.as_slice();
                    cast_records(self.bytes, vertices, &faces, &segment, keep, &mut nearest);
                }
                // Never: a Bcol's lists are binary.
                _ => query::cast_mesh(&mesh, None, &segment, keep, &mut nearest),
            }
        }
        nearest.into_hit()
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<&'a str>]) -> usize {
        query::overlap(self.shapes(), self.trimesh(), None, ball, out)
    }
}

/// Casts against every face of a trimesh, in order, into `nearest`, as
/// [`query::cast_mesh`] does, reading the records in place: a face's corners
/// first, turned down by [`FaceCull`] where the test surely would, and its
/// material only for a hit.
fn cast_records<'a>(
    bytes: &'a [u8],
    vertices: &[RawVec3],
    faces: &BinaryFaces<'a>,
    segment: &Segment,
    keep: &mut dyn FnMut(&&'a str) -> bool,
    nearest: &mut Nearest<&'a str>,
) {
    let (first, records) = faces.records();
    let (start, dir) = (segment.start, segment.direction());
    // One flat pass over the coordinates (`[F32; 3]` has no padding).
    let coords = wire::validated(<[F32]>::ref_from_bytes(vertices.as_bytes()).ok());
    let coords = coords.unwrap_or_default();
    let magnitude = content(coords.iter().map(|x| x.get()));
    let mut cull = FaceCull::new(start, dir, nearest.limit(), magnitude);
    let corner = |i: &U32| vertices.get(usize::try_from(i.get()).ok()?);
    for (i, face) in records.iter().enumerate() {
        let [a, b, c] = &face.indices;
        let (Some(a), Some(b), Some(c)) = (corner(a), corner(b), corner(c)) else {
            continue;
        };
        let tri = [a, b, c].map(wire::vec3);
        if cull.rejects(tri) {
            continue;
        }
        let material = || {
            let at = i
                .checked_mul(size_of::<raw::Face>())
                .and_then(|offset| first.checked_add(offset))?;
            Some(material_at(bytes, target(Rule::Record, at, face, 0)))
        };
        query::cast_face(Some(tri), material, i, segment, keep, nearest);
        if nearest.limit() < cull.limit {
            cull = FaceCull::new(start, dir, nearest.limit(), magnitude);
        }
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
