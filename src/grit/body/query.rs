//! Collision queries on a Grit body, shared by [`Tcol`](crate::grit::tcol::Tcol)
//! and [`Bcol`](crate::grit::bcol::Bcol) ([`crate::query`]): the compound's
//! shapes at their positions and orientations, and the trimesh.
//!
//! How each shape is tested (Z-up, the body's own space):
//! - **sphere**: exact.
//! - **box**, **cylinder**: exact, at their dimensions: their margin grows
//!   inwards (Bullet keeps it inside the box and the cylinder), so it moves
//!   no surface. The cylinder is Z-aligned, radius `dimensions[0] / 2`,
//!   height `dimensions[2]` centred on `centre`.
//! - **cone**: apex at `+height / 2`, base at `−height / 2` (Bullet's
//!   `btConeShapeZ`), grown by its margin (it grows outwards); tested by GJK
//!   on its support function.
//! - **hull**: the convex hull of its vertices as written, grown by
//!   `margin − shrink` when that is positive (the engine moves the faces in
//!   by `shrink` and the margin grows them back out: the same faces, with
//!   edges rounded by the margin rather than by the difference). Tested by
//!   GJK on the vertices' support function, with no hull built
//!   (`query/hull.rs` gives the tolerance).
//! - **plane**: the half-space below `n̂ · x = distance`, `n̂` the normal as
//!   written scaled to unit length (Bullet's `btStaticPlaneShape`).
//! - **trimesh**: every face, two-sided; its margin is not a surface.
//!
//! Orientations are quaternions `w x y z`, normalised as Bullet's matrix
//! does; a zero or non-finite one places its shape nowhere (never hit).
//! Indices: a shape's place in the compound ([`Shapes`] order), a face's
//! place in the trimesh. The material is the shape's or face's material
//! string. A TCOL trimesh reads each face's vertices from the text, so a
//! cast over a large TCOL mesh costs a pass over the vertex list per face
//! corner, unless a [`VertexIndex`] has decoded them into caller storage
//! (`Tcol::vertex_index`); BCOL reads them in place.

use super::lists::Vertices;
use super::records::{BoxLike, Face, Shape};
use super::view::{Shapes, ShapesParts, Trimesh};
use crate::query::cone::Cone;
use crate::query::cylinder::{segment_cylinder, sphere_cylinder};
use crate::query::found::{contact, hit};
use crate::query::frame::Frame;
use crate::query::hull::{self, support_of_points, with_margin};
use crate::query::obb::{segment_obb, sphere_obb};
use crate::query::plane::{segment_plane, sphere_plane};
use crate::query::{
    Ball, Contact, Contacts, FaceTree, Hit, Nearest, Node, Primitive, Segment, StorageTooSmall,
    Vec3, segment_sphere, segment_triangle_normal, segment_triangle_t, sphere_sphere,
    sphere_triangle,
};
use crate::wire;

/// Vertex `i` of a list: in place for BCOL, read from the text for TCOL.
fn vertex(vertices: &Vertices<'_>, i: u32) -> Option<Vec3> {
    let i = usize::try_from(i).ok()?;
    match vertices {
        Vertices::Binary(b) => b.records.as_slice().get(i).map(wire::vec3),
        Vertices::Text(t) => t.clone().nth(i),
    }
}

/// A box's or cylinder's frame, if its orientation places it.
fn frame_of(b: &BoxLike<'_>) -> Option<Frame> {
    Frame::from_quaternion(b.orientation, b.centre)
}

/// A hull's support, before its margin; a NaN point for an empty hull (which
/// the GJK queries then reject).
fn hull_support(vertices: &Vertices<'_>, d: Vec3) -> Vec3 {
    support_of_points(vertices.clone(), d).unwrap_or([f32::NAN; 3])
}

/// What the engine grows a hull by: `margin − shrink`, at least 0.
fn hull_margin(margin: f32, shrink: f32) -> f32 {
    let m = margin - shrink;
    if m > 0.0 { m } else { 0.0 }
}

/// A cone shape's fields as the cone the queries test.
fn cone(radius: f32, height: f32, margin: f32) -> Cone {
    Cone {
        radius,
        height,
        margin,
    }
}

/// Where `start + t·dir` meets a shape: `(t, normal)`, the normal not
/// necessarily unit.
fn segment_shape(shape: &Shape<'_>, start: Vec3, dir: Vec3) -> Option<(f32, Vec3)> {
    match shape {
        Shape::Sphere { centre, radius, .. } => segment_sphere(start, dir, *centre, *radius),
        Shape::Box(b) => segment_obb(&frame_of(b)?, b.dimensions.map(|x| x * 0.5), start, dir),
        Shape::Cylinder(b) => {
            let [dx, _, dz] = b.dimensions;
            frame_of(b)?.cast(start, dir, |s, d| {
                segment_cylinder(s, d, dx * 0.5, dz * 0.5)
            })
        }
        Shape::Cone {
            margin,
            centre,
            orientation,
            radius,
            height,
            ..
        } => {
            let cone = cone(*radius, *height, *margin);
            Frame::from_quaternion(*orientation, *centre)?
                .cast(start, dir, |s, d| cone.segment(s, d))
        }
        Shape::Plane {
            normal, distance, ..
        } => segment_plane(start, dir, *normal, *distance),
        Shape::Hull {
            margin,
            shrink,
            vertices,
            ..
        } => {
            let m = hull_margin(*margin, *shrink);
            hull::segment(|d| with_margin(hull_support(vertices, d), d, m), start, dir)
        }
    }
}

/// A ball against a shape: `(depth, point, normal)`.
fn sphere_shape(shape: &Shape<'_>, centre: Vec3, r: f32) -> Option<(f32, Vec3, Vec3)> {
    match shape {
        Shape::Sphere {
            centre: c, radius, ..
        } => sphere_sphere(centre, r, *c, *radius),
        Shape::Box(b) => sphere_obb(&frame_of(b)?, b.dimensions.map(|x| x * 0.5), centre, r),
        Shape::Cylinder(b) => {
            let [dx, _, dz] = b.dimensions;
            frame_of(b)?.touch(centre, r, |c, r| sphere_cylinder(c, r, dx * 0.5, dz * 0.5))
        }
        Shape::Cone {
            margin,
            centre: c,
            orientation,
            radius,
            height,
            ..
        } => {
            let cone = cone(*radius, *height, *margin);
            Frame::from_quaternion(*orientation, *c)?.touch(centre, r, |p, r| cone.sphere(p, r))
        }
        Shape::Plane {
            normal, distance, ..
        } => sphere_plane(centre, r, *normal, *distance),
        Shape::Hull {
            margin,
            shrink,
            vertices,
            ..
        } => {
            let m = hull_margin(*margin, *shrink);
            hull::touch(|d| hull_support(vertices, d), m, centre, r)
        }
    }
}

/// The primitive a shape is.
fn primitive(shape: &Shape<'_>) -> Primitive {
    match shape {
        Shape::Sphere { .. } => Primitive::Sphere,
        Shape::Box(_) => Primitive::Box,
        Shape::Cylinder(_) => Primitive::Cylinder,
        Shape::Cone { .. } => Primitive::Cone,
        Shape::Plane { .. } => Primitive::Plane,
        Shape::Hull { .. } => Primitive::Hull,
    }
}

/// A face's corners, through `lookup`.
fn corners(lookup: &dyn Fn(u32) -> Option<Vec3>, indices: [u32; 3]) -> Option<[Vec3; 3]> {
    let [a, b, c] = indices;
    Some([lookup(a)?, lookup(b)?, lookup(c)?])
}

/// Where a query reads the trimesh's vertices: from the file, or from a
/// [`VertexIndex`]'s storage.
fn lookup_in<'v>(
    vertices: &'v Vertices<'_>,
    decoded: Option<&'v [Vec3]>,
) -> impl Fn(u32) -> Option<Vec3> + 'v {
    move |i| match decoded {
        Some(slice) => slice.get(usize::try_from(i).ok()?).copied(),
        None => vertex(vertices, i),
    }
}

/// Casts against one face (its corners and material), into `nearest`: the `t`
/// first, then the material (read only then: `None` skips the face, as it would
/// before the test, which has no effect of its own), the filter and the normal,
/// only for a hit no farther than the nearest so far.
#[inline(always)]
pub(crate) fn cast_face<'a>(
    tri: Option<[Vec3; 3]>,
    material: impl FnOnce() -> Option<&'a str>,
    index: usize,
    segment: &Segment,
    keep: &mut dyn FnMut(&&'a str) -> bool,
    nearest: &mut Nearest<&'a str>,
) {
    let (start, dir) = (segment.start, segment.direction());
    let Some(tri) = tri else {
        return;
    };
    let Some(t) = segment_triangle_t(start, dir, tri, nearest.limit()) else {
        return;
    };
    let Some(material) = material() else {
        return;
    };
    if !keep(&material) {
        return;
    }
    let found = segment_triangle_normal(dir, tri).map(|normal| (t, normal));
    if let Some(h) = found.and_then(|f| hit(segment, f, Primitive::Face, index, material)) {
        nearest.offer(h);
    }
}

/// Casts against every shape, into `nearest`.
pub(crate) fn cast_shapes<'a>(
    shapes: Shapes<'a>,
    segment: &Segment,
    keep: &mut dyn FnMut(&&'a str) -> bool,
    nearest: &mut Nearest<&'a str>,
) {
    let (start, dir) = (segment.start, segment.direction());
    for (i, shape) in shapes.enumerate() {
        let material = shape.material();
        if !keep(&material) {
            continue;
        }
        let found = segment_shape(&shape, start, dir);
        if let Some(h) = found.and_then(|f| hit(segment, f, primitive(&shape), i, material)) {
            nearest.offer(h);
        }
    }
}

/// The nearest hit of a segment on a body's shapes and trimesh.
pub(crate) fn cast<'a>(
    shapes: Shapes<'a>,
    trimesh: Option<Trimesh<'a>>,
    decoded: Option<&[Vec3]>,
    segment: &Segment,
    keep: &mut dyn FnMut(&&'a str) -> bool,
) -> Option<Hit<&'a str>> {
    let mut nearest = Nearest::new();
    cast_shapes(shapes, segment, keep, &mut nearest);
    if let Some(mesh) = trimesh {
        cast_mesh(&mesh, decoded, segment, keep, &mut nearest);
    }
    nearest.into_hit()
}

/// Casts against every face of a trimesh, in order, into `nearest`.
pub(crate) fn cast_mesh<'a>(
    mesh: &Trimesh<'a>,
    decoded: Option<&[Vec3]>,
    segment: &Segment,
    keep: &mut dyn FnMut(&&'a str) -> bool,
    nearest: &mut Nearest<&'a str>,
) {
    let vertices = mesh.vertices();
    let lookup = lookup_in(&vertices, decoded);
    for (i, face) in mesh.faces().enumerate() {
        let tri = corners(&lookup, face.indices);
        cast_face(tri, || Some(face.material), i, segment, keep, nearest);
    }
}

/// Every shape a ball touches, into `contacts`.
fn overlap_shapes<'a>(shapes: Shapes<'a>, ball: Ball, contacts: &mut Contacts<'_, &'a str>) {
    for (i, shape) in shapes.enumerate() {
        let found = sphere_shape(&shape, ball.center, ball.radius);
        if let Some(c) = found.and_then(|f| contact(f, primitive(&shape), i, shape.material())) {
            contacts.push(c);
        }
    }
}

/// Every shape and face a ball touches, into `out`; how many.
pub(crate) fn overlap<'a>(
    shapes: Shapes<'a>,
    trimesh: Option<Trimesh<'a>>,
    decoded: Option<&[Vec3]>,
    ball: Ball,
    out: &mut [Contact<&'a str>],
) -> usize {
    let mut contacts = Contacts::new(out);
    overlap_shapes(shapes, ball, &mut contacts);
    if let Some(mesh) = trimesh {
        let vertices = mesh.vertices();
        let lookup = lookup_in(&vertices, decoded);
        for (i, face) in mesh.faces().enumerate() {
            let found = corners(&lookup, face.indices)
                .and_then(|t| sphere_triangle(ball.center, ball.radius, t));
            if let Some(c) = found.and_then(|f| contact(f, Primitive::Face, i, face.material)) {
                contacts.push(c);
            }
        }
    }
    contacts.found()
}

/// A body's trimesh vertices decoded once into caller storage, so that a
/// query reads each face's corners in O(1): what a TCOL trimesh needs
/// (without it, each corner is a pass over the vertex text). It answers
/// every query as the file's own view does.
#[derive(Clone, Debug)]
pub struct VertexIndex<'a, 's> {
    shapes: Shapes<'a>,
    trimesh: Option<Trimesh<'a>>,
    vertices: &'s [Vec3],
}

impl<'a, 's> VertexIndex<'a, 's> {
    /// Decodes the trimesh's vertices into `storage` (at least
    /// [`Trimesh::vertex_count`] entries; none without a trimesh).
    pub(crate) fn new(
        shapes: Shapes<'a>,
        trimesh: Option<Trimesh<'a>>,
        storage: &'s mut [Vec3],
    ) -> Result<Self, StorageTooSmall> {
        let needed = trimesh.as_ref().map_or(0, Trimesh::vertex_count);
        let available = storage.len();
        let slots = storage
            .get_mut(..needed)
            .ok_or(StorageTooSmall { needed, available })?;
        if let Some(mesh) = &trimesh {
            for (slot, v) in slots.iter_mut().zip(mesh.vertices()) {
                *slot = v;
            }
        }
        Ok(Self {
            shapes,
            trimesh,
            vertices: slots,
        })
    }
}

impl<'a> crate::query::Query for VertexIndex<'a, '_> {
    type Material = &'a str;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&&'a str) -> bool,
    ) -> Option<Hit<&'a str>> {
        cast(
            self.shapes.clone(),
            self.trimesh.clone(),
            Some(self.vertices),
            &segment,
            keep,
        )
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<&'a str>]) -> usize {
        overlap(
            self.shapes.clone(),
            self.trimesh.clone(),
            Some(self.vertices),
            ball,
            out,
        )
    }
}

/// A trimesh face as a [`FaceIndex`] stores it: plain `u32`s (any bits are a
/// value, so a C caller's `uint32_t` storage can hold it, 5 words a face): the
/// vertex indices, and the material as a byte range of the body's bytes. The
/// default (indices 0, an empty material) fills storage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct IndexedFace {
    /// Vertex indices, in the file's winding.
    pub indices: [u32; 3],
    /// The material's byte offset in the body's bytes.
    pub material_at: u32,
    /// The material's length in bytes.
    pub material_len: u32,
}

impl IndexedFace {
    /// `face` with its material located in `bytes` (where it lies, even empty, so
    /// that it reads back as the same slice); `None` when the material is neither
    /// empty nor inside `bytes` (or past 4 GiB).
    fn of(face: &Face<'_>, bytes: &[u8]) -> Option<Self> {
        let len = face.material.len();
        let start = (face.material.as_ptr() as usize).checked_sub(bytes.as_ptr() as usize);
        let (at, len) = match start.filter(|&at| at.checked_add(len) <= Some(bytes.len())) {
            Some(at) => (at, len),
            // An empty material from elsewhere (a default): any empty range.
            None if len == 0 => (0, 0),
            None => return None,
        };
        Some(Self {
            indices: face.indices,
            material_at: u32::try_from(at).ok()?,
            material_len: u32::try_from(len).ok()?,
        })
    }

    /// The material, read back from `bytes` (`None` outside them or not UTF-8:
    /// storage changed since the build).
    fn material<'a>(&self, bytes: &'a [u8]) -> Option<&'a str> {
        let at = usize::try_from(self.material_at).ok()?;
        let end = at.checked_add(usize::try_from(self.material_len).ok()?)?;
        core::str::from_utf8(bytes.get(at..end)?).ok()
    }
}

/// A body with its trimesh decoded into caller storage and a [`FaceTree`] over
/// its faces, for a runtime that casts many segments at one body: `Tcol::face_index`
/// and `Bcol::face_index`. It answers every query as the file's own view does
/// (which tests every face): a cast visits the faces nearest boxes first, and an
/// overlap lists its contacts in the same order (past the end of a full slice,
/// each face contact found costs a pass over the slice).
///
/// Its storage is plain data ([`Vec3`], [`IndexedFace`], [`Node`]): a caller that
/// cannot keep the borrow keeps [`FaceIndex::parts`] and rebuilds it in O(1) with
/// [`FaceIndex::from_parts`].
#[derive(Clone, Debug)]
pub struct FaceIndex<'a, 's> {
    bytes: &'a [u8],
    shapes: Shapes<'a>,
    vertices: &'s [Vec3],
    faces: &'s [IndexedFace],
    tree: FaceTree<'s>,
}

/// What [`FaceIndex::from_parts`] rebuilds an index from, with the body's bytes.
#[derive(Clone, Copy, Debug)]
pub struct FaceIndexParts<'s> {
    /// The compound's shapes.
    pub shapes: ShapesParts,
    /// The decoded vertices (the storage's first `vertex_count`).
    pub vertices: &'s [Vec3],
    /// The decoded faces (the storage's first `face_count`).
    pub faces: &'s [IndexedFace],
    /// The tree over the faces.
    pub tree: FaceTree<'s>,
}

impl<'a, 's> FaceIndex<'a, 's> {
    /// Decodes the trimesh into `vertices` and `faces` (at least its vertex and
    /// face counts) and builds the tree into `nodes` (at least
    /// [`FaceTree::nodes_for`] the face count); none needed without a trimesh.
    /// `bytes` are the body's, which hold every material.
    pub(crate) fn new(
        bytes: &'a [u8],
        shapes: Shapes<'a>,
        trimesh: Option<Trimesh<'a>>,
        vertices: &'s mut [Vec3],
        faces: &'s mut [IndexedFace],
        nodes: &'s mut [Node],
    ) -> Result<Self, StorageTooSmall> {
        let index = VertexIndex::new(shapes.clone(), trimesh.clone(), vertices)?;
        let count = trimesh.as_ref().map_or(0, Trimesh::face_count);
        let available = faces.len();
        let faces = faces.get_mut(..count).ok_or(StorageTooSmall {
            needed: count,
            available,
        })?;
        if let Some(mesh) = &trimesh {
            for (slot, face) in faces.iter_mut().zip(mesh.faces()) {
                // Every material of a validated body is in its bytes.
                *slot = wire::validated(IndexedFace::of(&face, bytes)).unwrap_or_default();
            }
        }
        let decoded = index.vertices;
        let corner = |i: u32| decoded.get(usize::try_from(i).ok()?).copied();
        let faces: &'s [IndexedFace] = faces;
        let tree = FaceTree::build(
            count,
            |i| {
                let [a, b, c] = faces.get(i)?.indices;
                Some([corner(a)?, corner(b)?, corner(c)?])
            },
            nodes,
        )?;
        Ok(Self {
            bytes,
            shapes,
            vertices: decoded,
            faces,
            tree,
        })
    }

    /// What [`FaceIndex::from_parts`] rebuilds the index from (with the body's
    /// bytes): plain words and slices of the caller's storage.
    pub fn parts(&self) -> FaceIndexParts<'s> {
        FaceIndexParts {
            shapes: self.shapes.parts(),
            vertices: self.vertices,
            faces: self.faces,
            tree: self.tree,
        }
    }

    /// Rebuilds an index in O(1) from the body's bytes (`Tcol::text`,
    /// `Bcol::bytes`) and its [`parts`](FaceIndex::parts). Storage changed since
    /// the build (faces, vertices, nodes: any bits) gives an index whose queries
    /// never panic, never read outside it and end (the tree visits each node at
    /// most once), with unspecified answers. The bytes must be the body's,
    /// unchanged: other bytes give unspecified shapes, and debug builds assert
    /// ([`Shapes::from_parts`]).
    pub fn from_parts(bytes: &'a [u8], parts: FaceIndexParts<'s>) -> Self {
        Self {
            bytes,
            shapes: Shapes::from_parts(bytes, parts.shapes),
            vertices: parts.vertices,
            faces: parts.faces,
            tree: parts.tree,
        }
    }

    /// A face's corners, from the decoded vertices.
    fn corners(&self, face: &IndexedFace) -> Option<[Vec3; 3]> {
        let corner = |i: u32| self.vertices.get(usize::try_from(i).ok()?).copied();
        let [a, b, c] = face.indices;
        Some([corner(a)?, corner(b)?, corner(c)?])
    }
}

impl<'a> crate::query::Query for FaceIndex<'a, '_> {
    type Material = &'a str;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&&'a str) -> bool,
    ) -> Option<Hit<&'a str>> {
        let mut nearest = Nearest::new();
        cast_shapes(self.shapes.clone(), &segment, keep, &mut nearest);
        self.tree.segment(segment.start, segment.direction(), |i| {
            if let Some(face) = self.faces.get(i) {
                cast_face(
                    self.corners(face),
                    || face.material(self.bytes),
                    i,
                    &segment,
                    keep,
                    &mut nearest,
                );
            }
            nearest.limit()
        });
        nearest.into_hit()
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<&'a str>]) -> usize {
        let mut contacts = Contacts::new(out);
        overlap_shapes(self.shapes.clone(), ball, &mut contacts);
        let from = contacts.found();
        self.tree.ball(ball.center, ball.radius, |i| {
            let Some(face) = self.faces.get(i) else {
                return;
            };
            let found = self
                .corners(face)
                .and_then(|t| sphere_triangle(ball.center, ball.radius, t));
            let material = || face.material(self.bytes);
            if let Some(c) = found.and_then(|f| contact(f, Primitive::Face, i, material()?)) {
                contacts.push_unordered(from, c);
            }
        });
        contacts.sort_from(from);
        contacts.found()
    }
}
