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
    Ball, Contact, Contacts, FaceTree, Hit, Nearest, Node, ON_BOX, Primitive, Query, Segment,
    StorageTooSmall, Vec3, ball_may_touch_box, segment_box, segment_sphere,
    segment_triangle_normal, segment_triangle_t, sphere_box, sphere_sphere, sphere_triangle,
};

use super::Version;
use super::content::tolerance;
use super::raw;
use super::records::{Boxes, Decode, FIXED_POINT_SCALE, Face, Records, Spheres};
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
    /// 1e-5 of the magnitudes at play (the box's and the query's) and by
    /// [`SOLID_FLOOR`]: no later than the exact test's `t`, whose point lies in
    /// the box to within its rounding (relative to those magnitudes) or, where
    /// the test's squares underflow, within about 5e-23. Not a cull of the
    /// games': it only spares exact tests that would miss. A box with a NaN, or
    /// with `min` above `max` by more than the growth, is missed, as the exact
    /// tests miss it too. `None` for a ball.
    #[inline]
    fn enter_solid(self, min: Vec3, max: Vec3) -> Option<f32> {
        match self {
            Self::Segment { cull, size } => {
                let content = min
                    .iter()
                    .chain(&max)
                    .fold(0.0f32, |m, x| if x.abs() > m { x.abs() } else { m });
                let grow = 1e-5 * (content + size) + SOLID_FLOOR;
                cull.enter(min.map(|x| x - grow), max.map(|x| x + grow))
            }
            Self::Ball { .. } => None,
        }
    }
}

/// The least growth of a solid's cull box ([`Cull::enter_solid`]). Below about
/// 1e-19 the sphere test's squares (`m·m`, `q·q`) are subnormal or underflow to
/// 0, which misplaces its point by up to about 5e-23 whatever the magnitudes (a
/// segment 1e-23 beside a sphere of radius 0 hits it): the floor covers that
/// with a wide margin and is far below any real model's scale.
const SOLID_FLOOR: f32 = 1e-18;

/// Whether a cast tests every sphere and box exactly, with no box cull first: on
/// bare-metal targets (the Cortex-M0 has no FPU), where the cull's soft-float
/// arithmetic costs more than the exact tests it spares on the sample's models
/// (targets/README.md, the instructions of one segment cast, measured when this
/// was chosen: 103,634 with the cull against 100,905 without).
const SOLIDS_UNCULLED: bool = cfg!(target_os = "none");

/// Whether a group's (or the bounds') box cull takes [`Cull::enter_group`]'s
/// straight-line path: not on bare-metal targets, where its soft-float code
/// made the Cortex-M0's segment cast longer (targets/README.md; measured when
/// this was chosen: 100,988 instructions against 100,905), the answers being
/// the same.
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

/// Whether a cast with nothing built turns COL2+ faces down by their raw
/// fixed-point corners first ([`FixedCull`]): not on bare-metal targets, which
/// keep the scalar loop (their `.text` and instruction counts unchanged).
const FACES_CULLED: bool = !cfg!(target_os = "none");

/// Vertex records whose coordinates are COL2+ fixed point (`raw / 128`).
trait FixedVertex {
    /// The raw `x, y, z`, packed for [`FixedCull::rejects`]: each plus 32768
    /// (so, from 0 to 65535), in 21-bit fields from bit 0, 21 and 42.
    fn packed(&self) -> u64;
}

/// Packs raw fixed-point `x, y, z` as [`FixedVertex::packed`] says.
#[inline(always)]
fn pack([x, y, z]: [i16; 3]) -> u64 {
    let field = |v: i16| u64::from(v.cast_unsigned() ^ 0x8000);
    field(x) | field(y) << 21 | field(z) << 42
}

/// The top bit (2^16) of each of [`pack`]'s fields, where
/// [`FixedCull::rejects`] reads its answers.
const GUARDS: u64 = 1 << 16 | 1 << 37 | 1 << 58;

impl FixedVertex for raw::VertexV2 {
    #[inline(always)]
    fn packed(&self) -> u64 {
        let [x, y, z] = self.position;
        pack([x.get(), y.get(), z.get()])
    }
}

/// Where the point of any face hit at `t <= limit` may lie, as bounds on the
/// raw fixed-point corners of a COL2+ face: a face whose raw corners all lie
/// above `above` on some axis, or all below `below`, is one
/// [`segment_triangle_t`] turns down, so the cast skips it before decoding its
/// corners to floats (a few integer compares against Möller–Trumbore's ~50
/// float operations).
///
/// It turns down only faces the scalar test turns down, whatever the segment:
/// that test accepts a `t` only in `[0, limit]` (the nearest hit's so far, at
/// most this cull's `limit`), and only if on every axis `min - slack <= p <=
/// max + slack` in f32, where `p` is the axis of `at(start, dir, t)`, `min` and
/// `max` the least and greatest corner (exact: `raw / 128` is exact), and
/// `slack = size · ON_BOX`, `size` the largest magnitude among the corners,
/// `start` and `dir`.
/// 1. `p = start + dir·t` lies between `start` and `end = start + dir·limit`
///    (computed as `at` computes it): rounding is monotone, so `t ↦ dir·t` and
///    `x ↦ start + x` stay monotone, and `dir·0` is ±0, which leaves `start`
///    as it is. A NaN `end` leaves the axis unbounded (no rejection).
/// 2. A COL2+ corner's magnitude is at most 256, so `size <= S = max(256,
///    |start|, |dir|)` and `slack <= s = S · ON_BOX` (monotone again).
/// 3. For a raw least corner `m >= k`, `m/128 - slack >= k/128 - s` after
///    rounding; so if `k/128 - s > hi` (f32, `hi` the larger of `start` and
///    `end`), then `min - slack > p`: turned down. `above` is `k - 1` for a `k`
///    for which that very f32 expression was checked ([`FixedCull::above`]),
///    `i16::MAX` (never) where no `k` in range passes the check. Likewise
///    `below`, with `max + slack < lo`.
///
/// The faces it keeps go through the scalar test in index order, as before,
/// and a face it turns down would have been turned down: the same `Hit`, bit
/// for bit (`tests::fixed_cull_rejects_only_misses` checks it against
/// [`segment_triangle_t`] on ordinary, degenerate, extreme and non-finite input).
#[derive(Clone, Copy, Debug)]
struct FixedCull {
    /// Per axis (a field of [`pack`]), `65535 - (above + 32768)`, where `above`
    /// is the raw value all three corners must lie above to turn the face down
    /// (`i16::MAX` for an axis without a bound, never): a packed corner plus
    /// this has a field's guard bit (2^16) set exactly where it lies above.
    above: u64,
    /// Per axis, `65535 + (below + 32768)`, where `below` is the raw value all
    /// three corners must lie below (`i16::MIN`: never): this minus a packed
    /// corner has a guard bit set exactly where the corner lies below. No
    /// field carries or borrows into the next: each stays in 0..2^17.
    below: u64,
    /// The bounds hold for every hit at `t <= limit`.
    limit: f32,
    /// Every face is turned down: on some axis the segment's part up to
    /// `limit` lies beyond the fixed-point range, slack included.
    none: bool,
}

impl FixedCull {
    /// The bounds for the segment `start + t·dir`, `t` in `[0, limit]`.
    fn new(start: Vec3, dir: Vec3, limit: f32) -> Self {
        let size = start
            .iter()
            .chain(&dir)
            .fold(256.0f32, |m, x| m.max(x.abs()));
        let slack = size * ON_BOX;
        let [(a0, b0), (a1, b1), (a2, b2)] = [0, 1, 2].map(|axis| {
            let (s, d) = (
                start.get(axis).copied().unwrap_or(f32::NAN),
                dir.get(axis).copied().unwrap_or(f32::NAN),
            );
            // As `at` computes the point at `limit`.
            let end = s + d * limit;
            if end.is_nan() || s.is_nan() {
                return (NEVER_ABOVE, NEVER_BELOW);
            }
            let (lo, hi) = if end < s { (end, s) } else { (s, end) };
            (Self::above(hi, slack), Self::below(lo, slack))
        });
        // The clamped bound plus 32768: 0 to 65535.
        let biased = |r: i32| {
            let r = r.clamp(NEVER_BELOW, NEVER_ABOVE).wrapping_sub(NEVER_BELOW);
            u64::try_from(r).unwrap_or(0)
        };
        let fields = |[x, y, z]: [u64; 3]| x | y << 21 | z << 42;
        Self {
            above: fields([a0, a1, a2].map(|r| 0xFFFF ^ biased(r))),
            below: fields([b0, b1, b2].map(|r| biased(r).wrapping_add(0xFFFF))),
            limit,
            none: a0.min(a1).min(a2) < NEVER_BELOW || b0.max(b1).max(b2) > NEVER_ABOVE,
        }
    }

    /// `raw / 128` in f32 (exact: `|raw| < 2^24`).
    #[inline(always)]
    fn value(raw: i32) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "|raw| <= 32772 < 2^24: exact")]
        let value = raw as f32;
        value / FIXED_POINT_SCALE
    }

    /// An `r` such that every raw `m > r` has `m/128 - slack > hi` in f32 (so
    /// does every greater `m`: rounding is monotone), checked with that very
    /// expression; [`NEVER_ABOVE`] where the estimate's two candidates fail the
    /// check, or `hi` lies beyond the fixed-point range (or is NaN). Below
    /// [`NEVER_BELOW`]: every face.
    #[inline(always)]
    fn above(hi: f32, slack: f32) -> i32 {
        let estimate = (hi + slack) * FIXED_POINT_SCALE;
        if estimate.is_nan() || estimate >= 32_767.0 {
            return NEVER_ABOVE;
        }
        #[expect(
            clippy::cast_possible_truncation,
            reason = "in -32770..32767: truncated toward zero, exactly"
        )]
        let k = estimate.max(-32_770.0) as i32;
        let (k1, k2) = (k.wrapping_add(1), k.wrapping_add(2));
        if Self::value(k1) - slack > hi {
            k
        } else if Self::value(k2) - slack > hi {
            k1
        } else {
            NEVER_ABOVE
        }
    }

    /// An `r` such that every raw `m < r` has `m/128 + slack < lo` in f32; as
    /// [`Self::above`], mirrored.
    #[inline(always)]
    fn below(lo: f32, slack: f32) -> i32 {
        let estimate = (lo - slack) * FIXED_POINT_SCALE;
        if estimate.is_nan() || estimate <= -32_768.0 {
            return NEVER_BELOW;
        }
        #[expect(
            clippy::cast_possible_truncation,
            reason = "in -32768..32770: truncated toward zero, exactly"
        )]
        let k = estimate.min(32_770.0) as i32;
        let (k1, k2) = (k.wrapping_sub(1), k.wrapping_sub(2));
        if Self::value(k1) + slack < lo {
            k
        } else if Self::value(k2) + slack < lo {
            k1
        } else {
            NEVER_BELOW
        }
    }

    /// Whether the face with corners `tri` ([`pack`]ed) is
    /// sure to be turned down by the scalar test (see the type's docs).
    #[inline(always)]
    fn rejects(&self, [a, b, c]: [u64; 3]) -> bool {
        let (above, below) = (self.above, self.below);
        let all_above = a.wrapping_add(above) & b.wrapping_add(above) & c.wrapping_add(above);
        let all_below = below.wrapping_sub(a) & below.wrapping_sub(b) & below.wrapping_sub(c);
        (all_above | all_below) & GUARDS != 0
    }
}

/// [`FixedCull::above`] for an axis that bounds nothing from above.
const NEVER_ABOVE: i32 = i16::MAX as i32;
/// [`FixedCull::below`] for an axis that bounds nothing from below.
const NEVER_BELOW: i32 = i16::MIN as i32;

/// [`cast_faces`] for COL2+ records, each face turned down first where
/// [`FixedCull`] says the scalar test would (the bounds recomputed whenever
/// the nearest hit moves nearer); the faces left are cast in index order, as
/// [`cast_faces`] casts them.
fn cast_fixed_faces<V, F>(
    vertices: &[V],
    faces: &[F],
    kind: Primitive,
    indices: impl Iterator<Item = usize>,
    segment: &Segment,
    keep: &mut dyn FnMut(&u8) -> bool,
    nearest: &mut Nearest<u8>,
) where
    V: Decode<Output = Vec3> + FixedVertex,
    F: Decode<Output = Face>,
{
    let line = (segment.start, segment.direction());
    let mut cull = FixedCull::new(line.0, line.1, nearest.limit());
    for index in indices {
        if cull.none {
            return;
        }
        let Some(face) = faces.get(index).map(Decode::decode) else {
            continue;
        };
        let packed = face.indices.map(|i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| vertices.get(i))
                .map_or(pack([0; 3]), FixedVertex::packed)
        });
        if cull.rejects(packed) {
            continue;
        }
        cast_face(vertices, faces, kind, index, line, keep, nearest);
        if nearest.limit() < cull.limit {
            cull = FixedCull::new(line.0, line.1, nearest.limit());
        }
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
    VB: Decode<Output = Vec3> + FixedVertex,
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
            (Records::Col2(v), Records::Col2(f)) if FACES_CULLED => {
                cast_fixed_faces(v, f, self.kind, indices, segment, keep, nearest);
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
    /// so far, into `nearest`. A solid's hit lies in its grown box, so a box
    /// entered past the nearest hit holds no nearer one; one entered at that very `t`
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
    use super::{Cull, FixedCull, Version};
    use crate::gta::{Model, Options};
    use crate::query::{Node, Primitive, Query, Segment, segment_sphere, segment_triangle_t};
    use crate::test_rng::{Rng, scale};

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

    /// A COLL model with one sphere (`center`, `radius`), bounds `-1..=1`.
    fn coll_sphere(center: [f32; 3], radius: f32) -> std::vec::Vec<u8> {
        let mut w = std::vec::Vec::new();
        w.extend_from_slice(b"COLL");
        w.extend_from_slice(&0u32.to_le_bytes());
        w.extend_from_slice(&[b'x'; 1]);
        w.extend_from_slice(&[0u8; 23]);
        let f = |w: &mut std::vec::Vec<u8>, v: f32| w.extend_from_slice(&v.to_le_bytes());
        f(&mut w, 2.0);
        for v in [0.0, 0.0, 0.0, -1.0, -1.0, -1.0, 1.0, 1.0, 1.0] {
            f(&mut w, v);
        }
        w.extend_from_slice(&1u32.to_le_bytes());
        f(&mut w, radius);
        for v in center {
            f(&mut w, v);
        }
        w.extend_from_slice(&[7, 0, 0, 0]);
        for _ in 0..4 {
            w.extend_from_slice(&0u32.to_le_bytes());
        }
        let size = u32::try_from(w.len() - 8).unwrap();
        w[4..8].copy_from_slice(&size.to_le_bytes());
        w
    }

    /// The solids' box cull keeps the hits of the exact sphere test where its
    /// squares underflow: a tiny segment passing 1e-23 beside a sphere of radius
    /// 0 (`q·q` is 0), and one starting 1e-23 from it (`m·m` is 0, inside), through
    /// the model and through its index.
    #[test]
    fn solid_cull_keeps_underflowing_sphere_hits() {
        let bytes = coll_sphere([0.0; 3], 0.0);
        let model = Model::parse(&bytes, Options::LENIENT).unwrap();
        for (start, end, t) in [
            ([-1e-22, 1e-23, 0.0], [1e-22, 1e-23, 0.0], 0.5),
            ([1e-23, 0.0, 0.0], [2e-23, 0.0, 0.0], 0.0),
        ] {
            let segment = Segment::new(start, end);
            let exact = segment_sphere(start, segment.direction(), [0.0; 3], 0.0);
            assert_eq!(exact.map(|e| e.0), Some(t), "{start:?}");
            let mut storage = [Node::default(); 4];
            let index = model.face_index(&mut storage).unwrap();
            for hit in [model.cast(segment), index.cast(segment)] {
                assert_eq!(
                    hit.map(|h| (h.primitive, h.index, h.t)),
                    Some((Primitive::Sphere, 0, t)),
                    "{start:?}"
                );
            }
        }
    }

    /// [`FixedCull`] turns a face down only where [`segment_triangle_t`] turns it
    /// down, at the cull's limit or any smaller one: on ordinary, degenerate
    /// (repeated and collinear corners), extreme (corners at the fixed-point
    /// range's ends) and tiny triangles, against ordinary, huge, tiny and
    /// non-finite segments, many of them through a triangle's corner or edge
    /// (a hit on its box's boundary). It also turns down most far faces.
    #[test]
    fn fixed_cull_rejects_only_misses() {
        let mut rng = Rng::new(0xF1CE);
        let special = [
            0.0,
            -0.0,
            1e-40,
            -1e-40,
            1e-30,
            -1e30,
            3e38,
            f32::MAX,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        let raw = |rng: &mut Rng| (rng.u32() >> 16) as u16 as i16;
        let (mut rejected, mut hits, mut edge_hits, mut far, mut far_rejected) = (0, 0, 0, 0, 0);
        for round in 0..100_000 * scale() {
            // The triangle, raw.
            let base = [0; 3].map(|_| raw(&mut rng));
            let spread = [1, 2, 200, 40_000][round % 4];
            let near = |rng: &mut Rng| {
                base.map(|x| {
                    let d = rng.below(2 * spread + 1) as i32 - spread as i32;
                    (i32::from(x) + d).clamp(-32_768, 32_767) as i16
                })
            };
            let a = near(&mut rng);
            let mut b = near(&mut rng);
            let mut c = near(&mut rng);
            match rng.below(8) {
                0 => c = a,
                1 => (b, c) = (a, a),
                // Collinear (clamped: then merely thin).
                2 => {
                    c = [0, 1, 2].map(|i| {
                        (2 * i32::from(b[i]) - i32::from(a[i])).clamp(-32_768, 32_767) as i16
                    })
                }
                3 => {
                    let ends = [i16::MIN, i16::MAX];
                    b = [0; 3].map(|_| rng.pick(&ends));
                    c = [0; 3].map(|_| rng.pick(&ends));
                }
                _ => {}
            }
            let tri = [a, b, c].map(|v| v.map(|x| f32::from(x) / 128.0));
            // The segment: through a corner, an edge or the inside, or anywhere.
            let (w0, w1) = match rng.below(4) {
                0 => (1.0, 0.0),
                1 => (0.0, rng.range(0.0, 1.0)),
                2 => (0.5, 0.5),
                _ => (rng.range(0.0, 0.5), rng.range(0.0, 0.5)),
            };
            let on = [0, 1, 2]
                .map(|i| tri[0][i] + w0 * (tri[1][i] - tri[0][i]) + w1 * (tri[2][i] - tri[0][i]));
            let length = rng.pick(&[1e-6, 1e-3, 1.0, 30.0, 600.0, 1e30]);
            let mut offset = || [0; 3].map(|_| rng.range(-1.0, 1.0) * length);
            let (back, ahead) = (offset(), offset());
            let mut start = [0, 1, 2].map(|i| on[i] + back[i]);
            let mut end = [0, 1, 2].map(|i| on[i] - back[i] * rng.range(0.0, 2.0));
            match rng.below(10) {
                0 => end = [0, 1, 2].map(|i| on[i] + ahead[i]),
                1 => start = [0; 3].map(|_| rng.range(-300.0, 300.0)),
                // A short segment anywhere: mostly far from the triangle.
                2 => {
                    start = [0; 3].map(|_| rng.range(-260.0, 260.0));
                    end = start.map(|x| x + rng.range(-1.0, 1.0));
                }
                3 => {
                    let i = rng.below(3);
                    let value = rng.pick(&special);
                    if rng.one_in(2) {
                        start[i] = value;
                    } else {
                        end[i] = value;
                    }
                }
                _ => {}
            }
            let dir = [0, 1, 2].map(|i| end[i] - start[i]);
            let limit = match rng.below(3) {
                0 => 1.0,
                1 => rng.range(0.0, 1.0),
                _ => segment_triangle_t(start, dir, tri, 1.0).unwrap_or(0.5),
            };
            let cull = FixedCull::new(start, dir, limit);
            let out = cull.none || cull.rejects([a, b, c].map(super::pack));
            for limit in [limit, limit * rng.range(0.0, 1.0), 0.0] {
                let scalar = segment_triangle_t(start, dir, tri, limit);
                assert!(
                    !(out && scalar.is_some()),
                    "{start:?} {dir:?} {tri:?} {limit} {cull:?}"
                );
                hits += usize::from(scalar.is_some());
                edge_hits += usize::from(scalar.is_some() && w0 + w1 == 1.0);
            }
            rejected += usize::from(out);
            // A segment of at most 1 whose start lies 3 or more from the
            // triangle's box on an axis: a far face.
            let gap = (0..3).map(|i| {
                let lo = tri.iter().map(|v| v[i]).fold(f32::INFINITY, f32::min);
                let hi = tri.iter().map(|v| v[i]).fold(f32::NEG_INFINITY, f32::max);
                (lo - start[i]).max(start[i] - hi)
            });
            if gap.fold(0.0f32, f32::max) >= 3.0 && dir.iter().all(|d| d.abs() <= 1.0) {
                far += 1;
                far_rejected += usize::from(out);
            }
        }
        let n = 100_000 * scale();
        assert!(hits > n / 10, "{hits}");
        assert!(edge_hits > n / 50, "{edge_hits}");
        assert!(rejected > n / 10, "{rejected}");
        assert!(
            far > n / 50 && far_rejected == far,
            "{far_rejected} of {far}"
        );
    }
}
