//! Stage `query` (after `write`): [`Query`] for [`Model`] (spheres, boxes and the
//! collision mesh) and for its [`ShadowMesh`], the way the games test them, and for
//! a [`FaceIndex`], which drops none of it.
//!
//! A cast follows `CCollision::ProcessLineOfSight` (re3, gta-reversed), and an
//! overlap `ProcessColModels`: the model's bounding box first, then its spheres, its
//! boxes, and its faces; with face groups, each group's box, then the group's faces
//! `first..=last` (a cast takes the groups nearest first and skips those it enters
//! past the nearest hit so far: the same answer, sooner). Lines are never tested
//! (the games test them only against other models, as suspension). The material is
//! the [`Surface`](super::Surface)'s material id, a `u8` (faces store no other
//! surface byte in COL2+).
//!
//! The boxes are culls, grown by the format's precision (the tolerance the
//! [`OutsideBounds`](super::LintKind::OutsideBounds) and
//! [`FaceGroupBox`](super::LintKind::FaceGroupBox) lints allow) and by a rounding
//! margin: on a model without those lints (COL4, which no game loads, gets none:
//! check it yourself), every query equals a brute-force test of every sphere, box
//! and face. Where the lints fire, a query misses what the games
//! miss: content outside the bounds, for a query that misses the bounds' box; faces
//! outside their group's box, for a query that misses it; and, in a model with face
//! groups, faces in no group. A NaN coordinate of a cull box leaves that side
//! unbounded (the lints do not flag it, so the cull drops nothing for it).

use crate::query::aabb::{SegmentCull, grown};
use crate::query::vec::{at, finite, sub};
use crate::query::{
    Ball, Contact, Contacts, FaceTree, Hit, Nearest, Node, Primitive, Query, Segment,
    StorageTooSmall, Vec3, ball_may_touch_box, segment_box, segment_sphere,
    segment_triangle_normal, segment_triangle_t, sphere_box, sphere_sphere, sphere_triangle,
};

use super::Version;
use super::content::tolerance;
use super::raw;
use super::records::{Boxes, Decode, Face, Records, Spheres};
use super::view::Model;

/// A model's COL3+ shadow mesh as a [`Query`]: its faces hit as
/// [`Primitive::ShadowFace`], without the model's bounds (only SA's stencil shadows
/// read the shadow mesh, and they never test it against the bounds). Empty before
/// COL3.
///
/// ```
/// use zerocol::gta::{self, Options};
/// use zerocol::query::{Query, Segment};
/// # let bytes: &[u8] = include_bytes!("../../samples/sample.col");
/// let model = gta::models(bytes, Options::STRICT).next().unwrap()?;
/// let down = Segment::new([0.0, 0.0, 1000.0], [0.0, 0.0, -1000.0]);
/// if let Some(hit) = model.shadow_mesh().cast(down) {
///     assert_eq!(hit.primitive, zerocol::query::Primitive::ShadowFace);
/// }
/// # Ok::<(), gta::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ShadowMesh<'a> {
    model: Model<'a>,
}

impl<'a> Model<'a> {
    /// The model's shadow mesh, for queries.
    pub const fn shadow_mesh(&self) -> ShadowMesh<'a> {
        ShadowMesh { model: *self }
    }
}

impl<'a> ShadowMesh<'a> {
    /// The model the mesh belongs to.
    pub const fn model(&self) -> Model<'a> {
        self.model
    }
}

/// The largest magnitude among `vs`' coordinates (NaN ignored).
fn magnitude(vs: &[Vec3]) -> f32 {
    vs.iter()
        .flatten()
        .map(|x| x.abs())
        .fold(0.0, |m: f32, x| if x > m { x } else { m })
}

/// How far a cull box is grown: the format's precision for content of
/// `box_magnitude`, plus a relative margin for rounding in the tests, which also
/// grows with the query's own coordinates.
fn margin(version: Version, box_magnitude: f32, query_magnitude: f32) -> f32 {
    tolerance(version, box_magnitude) + 1e-5 * (box_magnitude + query_magnitude)
}

/// The culls of one query: whether it may touch a box of the model.
#[derive(Clone, Copy)]
enum Cull {
    /// A segment, prepared for slab tests.
    Segment { cull: SegmentCull, size: f32 },
    /// A ball.
    Ball { ball: Ball, size: f32 },
}

impl Cull {
    /// `start` and `dir` finite.
    fn segment(start: Vec3, dir: Vec3) -> Self {
        let size = magnitude(&[start, dir]);
        Self::Segment {
            cull: SegmentCull::new(start, dir, 0.0),
            size,
        }
    }

    fn ball(ball: Ball) -> Self {
        let size = magnitude(&[ball.center]) + ball.radius.abs();
        Self::Ball { ball, size }
    }

    /// The query may touch the box `min..=max` (of content in `version`).
    #[inline]
    fn may_touch(self, version: Version, min: Vec3, max: Vec3) -> bool {
        match self {
            Self::Segment { cull, .. } => {
                self.enter_group(cull.moving(), version, min, max).is_some()
            }
            Self::Ball { ball, size } => {
                let grow_by = margin(version, magnitude(&[min, max]), size);
                ball_may_touch_box(ball.center, ball.radius, min, max, grow_by)
            }
        }
    }

    /// Where a segment may enter the box `min..=max` (of content in `version`),
    /// grown as [`Self::may_touch`] grows it: no later than any hit inside it.
    /// `None` when it misses, and for a ball.
    #[inline]
    fn enter(self, version: Version, min: Vec3, max: Vec3) -> Option<f32> {
        match self {
            Self::Segment { cull, size } => {
                let (lo, hi) = grown(min, max, margin(version, magnitude(&[min, max]), size));
                cull.enter(lo, hi)
            }
            Self::Ball { .. } => None,
        }
    }
}

impl Cull {
    /// [`Self::enter`] for a face group's box, in fewer instructions where it can:
    /// for a segment moving along every axis (`moving`, [`SegmentCull::moving`],
    /// computed once per cast) and a box with finite corners, the same magnitude,
    /// margin and grown box (no side can turn NaN: finite corners and a finite
    /// margin) through [`SegmentCull::enter_moving`]; else [`Self::enter`]
    /// itself. The same `t`, or `None`, in every case.
    #[inline(always)]
    fn enter_group(self, moving: bool, version: Version, min: Vec3, max: Vec3) -> Option<f32> {
        match self {
            Self::Segment { cull, size } if GROUPS_FAST && moving && finite(min) && finite(max) => {
                // The largest magnitude, as `magnitude` folds it (no NaN here: the
                // order does not matter).
                let big = |a: f32, b: f32| if b > a { b } else { a };
                let [a0, a1, a2] = min.map(f32::abs);
                let [b0, b1, b2] = max.map(f32::abs);
                let content = big(big(big(0.0, a0), big(a1, a2)), big(big(b0, b1), b2));
                let grow = margin(version, content, size);
                if !grow.is_finite() {
                    return self.enter(version, min, max);
                }
                cull.enter_moving(min.map(|x| x - grow), max.map(|x| x + grow))
            }
            _ => self.enter(version, min, max),
        }
    }

    /// Where a segment may enter the box `min..=max` of a sphere or box, grown by
    /// 1e-5 of the magnitudes at play (the box's and the query's): no later than
    /// the exact test's `t`, whose point lies in the box to within its rounding.
    /// Not a cull of the games': it only spares exact tests that would miss. A
    /// box with a NaN or `min > max` is missed, as the exact tests miss it too.
    /// `None` for a ball.
    #[inline]
    fn enter_solid(self, min: Vec3, max: Vec3) -> Option<f32> {
        match self {
            Self::Segment { cull, size } => {
                let content = min
                    .iter()
                    .chain(&max)
                    .fold(0.0f32, |m, x| if x.abs() > m { x.abs() } else { m });
                let grow = 1e-5 * (content + size) + f32::MIN_POSITIVE;
                cull.enter(min.map(|x| x - grow), max.map(|x| x + grow))
            }
            Self::Ball { .. } => None,
        }
    }
}

/// Whether a cast tests every sphere and box exactly, with no box cull first: on
/// bare-metal targets (the Cortex-M0 has no FPU), where the cull's soft-float
/// arithmetic costs more than the exact tests it spares on the sample's models
/// (targets/README.md, the instructions of one segment cast: 103,634 with the
/// cull against 100,905 without).
const SOLIDS_UNCULLED: bool = cfg!(target_os = "none");

/// Whether a group's (or the bounds') box cull takes [`Cull::enter_group`]'s
/// straight-line path: not on bare-metal targets, where its soft-float code
/// made the Cortex-M0's segment cast longer (targets/README.md: 100,988
/// instructions against 100,905), the answers being the same.
const GROUPS_FAST: bool = !cfg!(target_os = "none");

/// How many face groups a cast sorts by where it enters them; a model with more
/// groups entered is cast through them in stored order.
const SORTED_GROUPS: usize = 32;

/// A face's three corners, decoded from one version's vertex records (the
/// origin for an index the parser would have rejected).
#[inline(always)]
fn face_corners<V: Decode<Output = Vec3>>(vertices: &[V], face: &Face) -> [Vec3; 3] {
    face.indices.map(|i| {
        usize::try_from(i)
            .ok()
            .and_then(|i| vertices.get(i))
            .map(Decode::decode)
            .unwrap_or_default()
    })
}

/// A face's three corners, from either version's vertex records.
fn corners<VA, VB>(vertices: &Records<'_, VA, VB>, face: &Face) -> [Vec3; 3]
where
    VA: Decode<Output = Vec3>,
    VB: Decode<Output = Vec3>,
{
    match vertices {
        Records::Coll(v) => face_corners(v, face),
        Records::Col2(v) => face_corners(v, face),
    }
}

/// Casts against face `index` (decoded straight from the record slices), into
/// `nearest`: the `t` first, and the normal only for a hit nearer than the nearest
/// so far. The segment is `start + t·dir`, its direction computed once per cast
/// by the caller.
#[inline(always)]
fn cast_face<V, F>(
    vertices: &[V],
    faces: &[F],
    kind: Primitive,
    index: usize,
    (start, dir): (Vec3, Vec3),
    keep: &mut dyn FnMut(&u8) -> bool,
    nearest: &mut Nearest<u8>,
) where
    V: Decode<Output = Vec3>,
    F: Decode<Output = Face>,
{
    let Some(face) = faces.get(index).map(Decode::decode) else {
        return;
    };
    let tri = face_corners(vertices, &face);
    // `t` is in `[0, limit]`, never NaN.
    let Some(t) = segment_triangle_t(start, dir, tri, nearest.limit()) else {
        return;
    };
    let Some(normal) = segment_triangle_normal(dir, tri) else {
        return;
    };
    let material = face.surface.material();
    if keep(&material) {
        nearest.offer(Hit {
            t,
            point: at(start, dir, t),
            normal,
            primitive: kind,
            index,
            material,
        });
    }
}

/// Casts against each face of `indices`, into `nearest`.
fn cast_faces<V, F>(
    vertices: &[V],
    faces: &[F],
    kind: Primitive,
    indices: impl Iterator<Item = usize>,
    segment: &Segment,
    keep: &mut dyn FnMut(&u8) -> bool,
    nearest: &mut Nearest<u8>,
) where
    V: Decode<Output = Vec3>,
    F: Decode<Output = Face>,
{
    let line = (segment.start, segment.direction());
    for index in indices {
        cast_face(vertices, faces, kind, index, line, keep, nearest);
    }
}

/// Casts against the faces `tree` visits, nearest boxes first, into `nearest`.
fn cast_tree<V, F>(
    vertices: &[V],
    faces: &[F],
    tree: &FaceTree<'_>,
    segment: &Segment,
    keep: &mut dyn FnMut(&u8) -> bool,
    nearest: &mut Nearest<u8>,
) where
    V: Decode<Output = Vec3>,
    F: Decode<Output = Face>,
{
    let line = (segment.start, segment.direction());
    tree.segment(line.0, line.1, |index| {
        cast_face(vertices, faces, Primitive::Face, index, line, keep, nearest);
        nearest.limit()
    });
}

/// A triangle mesh: its vertices and faces, and the kind its faces are reported as.
#[derive(Clone, Copy, Debug)]
struct Mesh<'a, VA, VB, FA, FB> {
    vertices: Records<'a, VA, VB>,
    faces: Records<'a, FA, FB>,
    kind: Primitive,
}

impl<VA, VB, FA, FB> Mesh<'_, VA, VB, FA, FB>
where
    VA: Decode<Output = Vec3>,
    VB: Decode<Output = Vec3>,
    FA: Decode<Output = Face>,
    FB: Decode<Output = Face>,
{
    /// Casts against each face of `indices`, into `nearest`.
    fn cast_faces(
        &self,
        indices: impl Iterator<Item = usize>,
        segment: &Segment,
        keep: &mut dyn FnMut(&u8) -> bool,
        nearest: &mut Nearest<u8>,
    ) {
        // One version's records throughout (a model's sections share its version):
        // the match is made once, not per face and corner.
        match (self.vertices, self.faces) {
            (Records::Coll(v), Records::Coll(f)) => {
                cast_faces(v, f, self.kind, indices, segment, keep, nearest);
            }
            (Records::Col2(v), Records::Col2(f)) => {
                cast_faces(v, f, self.kind, indices, segment, keep, nearest);
            }
            // Never: a model's vertices and faces are read by the same version.
            (Records::Coll(_), Records::Col2(_)) | (Records::Col2(_), Records::Coll(_)) => {}
        }
    }

    /// Casts against the faces `tree` visits, into `nearest`.
    fn cast_tree(
        &self,
        tree: &FaceTree<'_>,
        segment: &Segment,
        keep: &mut dyn FnMut(&u8) -> bool,
        nearest: &mut Nearest<u8>,
    ) {
        match (self.vertices, self.faces) {
            (Records::Coll(v), Records::Coll(f)) => cast_tree(v, f, tree, segment, keep, nearest),
            (Records::Col2(v), Records::Col2(f)) => cast_tree(v, f, tree, segment, keep, nearest),
            // Never: a model's vertices and faces are read by the same version.
            (Records::Coll(_), Records::Col2(_)) | (Records::Col2(_), Records::Coll(_)) => {}
        }
    }

    /// Ball against face `index`: its contact, if they touch.
    fn face_contact(&self, index: usize, ball: Ball) -> Option<Contact<u8>> {
        let face = self.faces.get(index)?;
        let tri = corners(&self.vertices, &face);
        let (depth, point, normal) = sphere_triangle(ball.center, ball.radius, tri)?;
        Some(Contact {
            depth,
            point,
            normal,
            primitive: self.kind,
            index,
            material: face.surface.material(),
        })
    }

    /// Ball against face `index`, into `out`.
    fn overlap_face(&self, index: usize, ball: Ball, out: &mut Contacts<'_, u8>) {
        if let Some(contact) = self.face_contact(index, ball) {
            out.push(contact);
        }
    }
}

impl<'a> Model<'a> {
    /// The collision mesh.
    fn mesh(&self) -> Mesh<'a, raw::VertexV1, raw::VertexV2, raw::FaceV1, raw::FaceV2> {
        Mesh {
            vertices: self.vertices(),
            faces: self.faces(),
            kind: Primitive::Face,
        }
    }

    /// Calls `each` with every face a query under `cull` may touch: with face
    /// groups, the faces of each group whose box it may touch; without, all.
    fn candidate_faces(&self, cull: Cull, mut each: impl FnMut(usize)) {
        let groups = self.face_groups();
        if groups.is_empty() {
            (0..self.faces().len()).for_each(each);
            return;
        }
        for group in groups {
            if cull.may_touch(self.version(), group.min, group.max) {
                group.faces().for_each(&mut each);
            }
        }
    }
}

/// A model's spheres and boxes.
#[derive(Clone, Copy, Debug)]
struct Solids<'a> {
    spheres: Spheres<'a>,
    boxes: Boxes<'a>,
}

impl<'a> Model<'a> {
    /// The model's spheres and boxes.
    fn solids(&self) -> Solids<'a> {
        Solids {
            spheres: self.spheres(),
            boxes: self.boxes(),
        }
    }
}

impl Model<'_> {
    /// Casts against the faces of each face group whose box the segment enters no
    /// later than the nearest hit so far, nearest group first: a hit inside a
    /// group lies no nearer than where the segment enters its grown box, so a
    /// group entered past the nearest hit holds no nearer one (and `Nearest`
    /// breaks ties by index, whatever the order).
    fn cast_groups(
        &self,
        cull: Cull,
        segment: &Segment,
        keep: &mut dyn FnMut(&u8) -> bool,
        nearest: &mut Nearest<u8>,
    ) {
        let (version, mesh) = (self.version(), self.mesh());
        // The groups entered, sorted by where (insertion sort: a few groups).
        let mut entered: arrayvec::ArrayVec<(f32, u16, u16), SORTED_GROUPS> =
            arrayvec::ArrayVec::new();
        let moving = matches!(cull, Cull::Segment { cull, .. } if cull.moving());
        for group in self.face_groups() {
            let Some(t) = cull.enter_group(moving, version, group.min, group.max) else {
                continue;
            };
            if entered.try_push((t, group.first, group.last)).is_err() {
                // Too many to sort: every group in stored order.
                for group in self.face_groups() {
                    if cull
                        .enter_group(moving, version, group.min, group.max)
                        .is_some_and(|t| t <= nearest.limit())
                    {
                        mesh.cast_faces(group.faces(), segment, keep, nearest);
                    }
                }
                return;
            }
            let mut k = entered.len().saturating_sub(1);
            while let Some(p) = k.checked_sub(1) {
                match entered.get_mut(p..=k) {
                    Some(pair) if pair.first().is_some_and(|prev| prev.0 > t) => pair.reverse(),
                    _ => break,
                }
                k = p;
            }
        }
        for &(t, first, last) in &entered {
            if t > nearest.limit() {
                break;
            }
            let faces = usize::from(first)..=usize::from(last);
            mesh.cast_faces(faces, segment, keep, nearest);
        }
    }
}

impl Solids<'_> {
    /// Casts against each sphere and box whose box (grown for rounding:
    /// [`Cull::enter_solid`]) the segment enters no later than the nearest hit
    /// so far, into `nearest`. A solid's hit lies in its box, so a box entered
    /// past the nearest hit holds no nearer one; one entered at that very `t`
    /// is tested, as a solid wins the tie with a face. The answer is the same in
    /// any order (`Nearest`): a `FaceIndex` casts its faces first, whose hit
    /// then spares the solids' exact tests (a normalisation, divisions); a
    /// model casts the solids first, whose hit then spares face groups.
    fn cast_solids(
        &self,
        cull: Cull,
        segment: &Segment,
        keep: &mut dyn FnMut(&u8) -> bool,
        nearest: &mut Nearest<u8>,
    ) {
        let (start, dir) = (segment.start, segment.direction());
        let mut offer =
            |nearest: &mut Nearest<u8>, t: f32, normal: Vec3, primitive, index, material: u8| {
                if t <= nearest.limit() && keep(&material) {
                    nearest.offer(Hit {
                        t,
                        point: segment.at(t),
                        normal,
                        primitive,
                        index,
                        material,
                    });
                }
            };
        for (index, s) in self.spheres.iter().enumerate() {
            let (c, r) = (s.center, s.radius);
            let (min, max) = (c.map(|x| x - r), c.map(|x| x + r));
            if !(SOLIDS_UNCULLED
                || cull
                    .enter_solid(min, max)
                    .is_some_and(|t| t <= nearest.limit()))
            {
                continue;
            }
            if let Some((t, normal)) = segment_sphere(start, dir, c, r) {
                offer(
                    nearest,
                    t,
                    normal,
                    Primitive::Sphere,
                    index,
                    s.surface.material,
                );
            }
        }
        for (index, b) in self.boxes.iter().enumerate() {
            if !(SOLIDS_UNCULLED
                || cull
                    .enter_solid(b.min, b.max)
                    .is_some_and(|t| t <= nearest.limit()))
            {
                continue;
            }
            if let Some((t, normal)) = segment_box(start, dir, b.min, b.max) {
                offer(
                    nearest,
                    t,
                    normal,
                    Primitive::Box,
                    index,
                    b.surface.material,
                );
            }
        }
    }

    /// Every sphere and box the ball touches, into `out`.
    fn overlap_solids(&self, ball: Ball, out: &mut Contacts<'_, u8>) {
        for (index, s) in self.spheres.iter().enumerate() {
            if let Some((depth, point, normal)) =
                sphere_sphere(ball.center, ball.radius, s.center, s.radius)
            {
                out.push(Contact {
                    depth,
                    point,
                    normal,
                    primitive: Primitive::Sphere,
                    index,
                    material: s.surface.material,
                });
            }
        }
        for (index, b) in self.boxes.iter().enumerate() {
            if let Some((depth, point, normal)) = sphere_box(ball.center, ball.radius, b.min, b.max)
            {
                out.push(Contact {
                    depth,
                    point,
                    normal,
                    primitive: Primitive::Box,
                    index,
                    material: b.surface.material,
                });
            }
        }
    }
}

impl Query for Model<'_> {
    /// The surface's material id.
    type Material = u8;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&u8) -> bool,
    ) -> Option<Hit<u8>> {
        let (start, dir) = (segment.start, segment.direction());
        if !(finite(start) && finite(dir)) {
            return None;
        }
        let cull = Cull::segment(start, dir);
        let bounds = self.bounds();
        if !cull.may_touch(self.version(), bounds.min, bounds.max) {
            return None;
        }
        let mut nearest = Nearest::new();
        self.solids()
            .cast_solids(cull, &segment, keep, &mut nearest);
        if self.face_groups().is_empty() {
            let mesh = self.mesh();
            mesh.cast_faces(0..mesh.faces.len(), &segment, keep, &mut nearest);
        } else {
            self.cast_groups(cull, &segment, keep, &mut nearest);
        }
        nearest.into_hit()
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<u8>]) -> usize {
        let mut out = Contacts::new(out);
        if !(finite(ball.center) && ball.radius >= 0.0 && ball.radius.is_finite()) {
            return 0;
        }
        let cull = Cull::ball(ball);
        let bounds = self.bounds();
        if !cull.may_touch(self.version(), bounds.min, bounds.max) {
            return 0;
        }
        self.solids().overlap_solids(ball, &mut out);
        let mesh = self.mesh();
        self.candidate_faces(cull, |index| mesh.overlap_face(index, ball, &mut out));
        out.found()
    }
}

impl<'a> ShadowMesh<'a> {
    /// The shadow mesh's vertices and faces.
    fn mesh(&self) -> Mesh<'a, raw::VertexV2, raw::VertexV2, raw::FaceV2, raw::FaceV2> {
        Mesh {
            vertices: self.model.shadow_vertices(),
            faces: self.model.shadow_faces(),
            kind: Primitive::ShadowFace,
        }
    }
}

impl Query for ShadowMesh<'_> {
    /// The shadow face's material id.
    type Material = u8;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&u8) -> bool,
    ) -> Option<Hit<u8>> {
        if !(finite(segment.start) && finite(sub(segment.end, segment.start))) {
            return None;
        }
        let mesh = self.mesh();
        let mut nearest = Nearest::new();
        mesh.cast_faces(0..mesh.faces.len(), &segment, keep, &mut nearest);
        nearest.into_hit()
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<u8>]) -> usize {
        let mut out = Contacts::new(out);
        let mesh = self.mesh();
        for index in 0..mesh.faces.len() {
            mesh.overlap_face(index, ball, &mut out);
        }
        out.found()
    }
}

/// A model with a [`FaceTree`] over its collision mesh in caller storage
/// ([`Model::face_index`]), for a runtime that casts many segments at one model.
/// It answers as a test of every sphere, box and face would, with none of the
/// games' culls: neither the bounds nor the face groups drop anything, so content
/// the [`OutsideBounds`](super::LintKind::OutsideBounds) and
/// [`FaceGroupBox`](super::LintKind::FaceGroupBox) lints flag is found too. Casts
/// visit the faces nearest boxes first; an overlap lists its contacts in table
/// order, as the model's own does (past the end of a full slice, each face contact
/// found costs a pass over the slice).
///
/// ```
/// use zerocol::gta::{self, Options};
/// use zerocol::query::{FaceTree, Node, Query, Segment};
/// # let bytes: &[u8] = include_bytes!("../../samples/sample.col");
/// let model = gta::models(bytes, Options::STRICT).next().unwrap()?;
/// let mut storage = vec![Node::EMPTY; FaceTree::nodes_for(model.faces().len())];
/// let index = model.face_index(&mut storage)?;
/// let down = Segment::new([0.0, 0.0, 1000.0], [0.0, 0.0, -1000.0]);
/// assert_eq!(index.cast(down).map(|h| h.t), model.cast(down).map(|h| h.t));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FaceIndex<'a, 's> {
    model: Model<'a>,
    tree: FaceTree<'s>,
    /// The model's record slices, taken once by [`Model::face_index`] rather
    /// than re-sliced from the header on every query; `None` from
    /// [`FaceIndex::from_parts`] (a `const fn`, which cannot slice), whose
    /// queries slice them as the model's own do.
    sections: Option<Sections<'a>>,
}

/// The record slices a [`FaceIndex`] queries.
#[derive(Clone, Copy, Debug)]
struct Sections<'a> {
    mesh: Mesh<'a, raw::VertexV1, raw::VertexV2, raw::FaceV1, raw::FaceV2>,
    solids: Solids<'a>,
}

impl<'a> Model<'a> {
    /// The record slices a [`FaceIndex`] queries.
    fn sections(&self) -> Sections<'a> {
        Sections {
            mesh: self.mesh(),
            solids: self.solids(),
        }
    }
}

impl<'a> Model<'a> {
    /// Builds a [`FaceIndex`] over the model's faces into `storage`, which must
    /// hold at least [`FaceTree::nodes_for`]`(self.faces().len())` nodes (32 bytes
    /// each). O(n log n) in the faces.
    pub fn face_index<'s>(
        &self,
        storage: &'s mut [Node],
    ) -> Result<FaceIndex<'a, 's>, StorageTooSmall> {
        let sections = self.sections();
        let (vertices, faces) = (sections.mesh.vertices, sections.mesh.faces);
        let tree = FaceTree::build(
            faces.len(),
            |i| faces.get(i).map(|face| corners(&vertices, &face)),
            storage,
        )?;
        Ok(FaceIndex {
            model: *self,
            tree,
            sections: Some(sections),
        })
    }
}

impl<'a, 's> FaceIndex<'a, 's> {
    /// The model the index belongs to.
    pub const fn model(&self) -> Model<'a> {
        self.model
    }

    /// The tree over the model's faces.
    pub const fn tree(&self) -> FaceTree<'s> {
        self.tree
    }

    /// Rebuilds an index in O(1) from its [`model`](FaceIndex::model) and
    /// [`tree`](FaceIndex::tree) (made by [`Model::face_index`], e.g. rebuilt with
    /// [`Model::from_parts`] and [`FaceTree::from_parts`]). A tree built over another
    /// model's faces gives answers that are unspecified, never a panic or a read
    /// outside the model.
    pub const fn from_parts(model: Model<'a>, tree: FaceTree<'s>) -> Self {
        Self {
            model,
            tree,
            sections: None,
        }
    }

    /// The record slices queries read: kept, or sliced now.
    fn sections(&self) -> Sections<'a> {
        match self.sections {
            Some(sections) => sections,
            None => self.model.sections(),
        }
    }
}

impl Query for FaceIndex<'_, '_> {
    /// The surface's material id.
    type Material = u8;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&u8) -> bool,
    ) -> Option<Hit<u8>> {
        let (start, dir) = (segment.start, segment.direction());
        if !(finite(start) && finite(dir)) {
            return None;
        }
        let mut nearest = Nearest::new();
        let Sections { mesh, solids } = self.sections();
        mesh.cast_tree(&self.tree, &segment, keep, &mut nearest);
        solids.cast_solids(Cull::segment(start, dir), &segment, keep, &mut nearest);
        nearest.into_hit()
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<u8>]) -> usize {
        let mut out = Contacts::new(out);
        if !(finite(ball.center) && ball.radius >= 0.0 && ball.radius.is_finite()) {
            return 0;
        }
        let Sections { mesh, solids } = self.sections();
        solids.overlap_solids(ball, &mut out);
        let from = out.found();
        self.tree.ball(ball.center, ball.radius, |index| {
            if let Some(contact) = mesh.face_contact(index, ball) {
                out.push_unordered(from, contact);
            }
        });
        out.sort_from(from);
        out.found()
    }
}

#[cfg(test)]
mod tests {
    use super::{Cull, Version};
    use crate::test_rng::Rng;

    /// [`Cull::enter_group`] gives [`Cull::enter`]'s answer bit for bit, on
    /// ordinary, inverted, huge, tiny and non-finite boxes and segments.
    #[test]
    fn enter_group_is_enter() {
        let special = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            1e-40,
            -1e-40,
            3e38,
            -3e38,
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        let mut rng = Rng::new(40);
        let value = |rng: &mut Rng, finite: bool| {
            if rng.one_in(4) {
                let x = rng.pick(&special);
                if !finite || x.is_finite() { x } else { 2.0 }
            } else {
                rng.range(-100.0, 100.0)
            }
        };
        for _ in 0..200_000 * crate::test_rng::scale() {
            let start = [0; 3].map(|_| value(&mut rng, true));
            let dir = [0; 3].map(|_| value(&mut rng, true));
            let min = [0; 3].map(|_| value(&mut rng, false));
            let mut max = [0; 3].map(|_| value(&mut rng, false));
            if rng.one_in(2) {
                for (hi, lo) in max.iter_mut().zip(min) {
                    *hi = lo + rng.range(0.0, 10.0);
                }
            }
            let version = rng.pick(&[Version::Coll, Version::Col3]);
            let cull = Cull::segment(start, dir);
            let moving = matches!(cull, Cull::Segment { cull, .. } if cull.moving());
            let fast = cull
                .enter_group(moving, version, min, max)
                .map(f32::to_bits);
            let slow = cull.enter(version, min, max).map(f32::to_bits);
            assert_eq!(fast, slow, "{start:?} {dir:?} {min:?} {max:?} {version:?}");
        }
    }
}
