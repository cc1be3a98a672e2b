//! Stage `aabb` (after `ball`): segment–solid axis-aligned box (slab test) and
//! sphere–box.

use super::triangle::ON_BOX;
#[cfg(doc)]
use super::triangle::segment_triangle_t;
use super::vec::{Vec3, dot, entry_from_outside, finite, inside_normal, normalize, sub};

/// A box whose corners are numbers with `min <= max` on every axis.
fn valid(min: Vec3, max: Vec3) -> bool {
    finite(min) && finite(max) && min.iter().zip(max.iter()).all(|(lo, hi)| lo <= hi)
}

/// `p` lies in the closed box.
pub fn contains(min: Vec3, max: Vec3, p: Vec3) -> bool {
    (0..3).all(|i| match (min.get(i), max.get(i), p.get(i)) {
        (Some(lo), Some(hi), Some(x)) => lo <= x && x <= hi,
        _ => false,
    })
}

/// Where the segment `start + t·dir`, `t` in `[0, 1]`, enters the solid box
/// `min..=max`: `(t, unit normal facing the start)`, the normal along the axis of
/// the face entered. A segment that starts inside (or on) the box hits it at
/// `t = 0`. A box with a non-finite corner or `min > max` on an axis is never hit.
pub fn segment_box(start: Vec3, dir: Vec3, min: Vec3, max: Vec3) -> Option<(f32, Vec3)> {
    if !(valid(min, max) && finite(start) && finite(dir)) {
        return None;
    }
    if contains(min, max, start) {
        return Some((0.0, inside_normal(dir)));
    }
    let (enter, axis, exit) = slabs(start, dir, min, max)?;
    if !(enter <= exit && (0.0..=1.0).contains(&enter)) {
        return None;
    }
    let mut normal = [0.0; 3];
    if let (Some(n), Some(d)) = (normal.get_mut(axis), dir.get(axis)) {
        *n = if *d > 0.0 { -1.0 } else { 1.0 };
    }
    // The start is outside (tested above).
    Some((entry_from_outside(enter), normal))
}

/// The slab test: the `t` where the line enters the box, the axis it enters
/// through, and the `t` where it leaves, clamped to `[0, 1]`; `None` when it misses
/// an axis's slab altogether, or starts outside one moving away. The axis is the
/// one entered last, so an axis the start is outside of (its entry at least 0)
/// wins over one it is inside (its entry at most 0), even when a tiny entry
/// underflows to 0.
fn slabs(start: Vec3, dir: Vec3, min: Vec3, max: Vec3) -> Option<(f32, usize, f32)> {
    let (mut enter, mut axis, mut exit) = (f32::NEG_INFINITY, 0usize, 1.0f32);
    for i in 0..3 {
        let (&s, &d, &lo, &hi) = (start.get(i)?, dir.get(i)?, min.get(i)?, max.get(i)?);
        if d == 0.0 {
            if s < lo || s > hi {
                return None;
            }
            continue;
        }
        // Outside the slab and moving away: a miss, decided by signs. The
        // quotients below would say so too, but one of them can round to 0 (a
        // start a subnormal outside, a huge `d`) and pass for a touch at the start.
        if (s < lo && d < 0.0) || (s > hi && d > 0.0) {
            return None;
        }
        let (mut near, mut far) = ((lo - s) / d, (hi - s) / d);
        if near > far {
            core::mem::swap(&mut near, &mut far);
        }
        // `lo − s` is finite or infinite, `d` finite and non-zero: never NaN.
        if near > enter {
            enter = near;
            axis = i;
        }
        if far < exit {
            exit = far;
        }
    }
    // The start is outside some slab (a caller tests it first) that it moves
    // into, so some axis was entered at a `t` of at least 0.
    Some((enter.max(0.0), axis, exit))
}

/// The box `min..=max` grown by `margin` on every side, for a cull: a NaN corner
/// coordinate (or margin) leaves that side unbounded, so a cull never drops more than
/// a finite box says.
pub(crate) fn grown(min: Vec3, max: Vec3, margin: f32) -> (Vec3, Vec3) {
    let side = |v: Vec3, by: f32, unbounded: f32| {
        v.map(|x| {
            let y = x + by;
            if y.is_nan() { unbounded } else { y }
        })
    };
    (
        side(min, -margin, f32::NEG_INFINITY),
        side(max, margin, f32::INFINITY),
    )
}

/// A cull for casts that test every face of a mesh with nothing built, in two
/// steps, each turning a face down only where [`segment_triangle_t`] would
/// (Möller–Trumbore: ~50 float operations and a division):
/// 1. The box of the segment's part up to `limit`: a face whose corners all
///    lie beyond it on some axis, by more than the test's own slack, is turned
///    down for a few compares. GTA's COL2+ faces have the same step on their
///    raw fixed-point corners (`gta::query::FixedCull`).
/// 2. The slab test of [`FaceTree`](super::FaceTree)'s walk on the face's box,
///    grown by the tree's [`margin`]: a face the tree's walk would not visit is
///    turned down, by the tree's own argument (its leaves' boxes are the faces'
///    boxes; `content` is at least the tree's magnitude, which only grows the
///    margin). A segment with a non-finite coordinate hits no face (the test's
///    determinant or quotients are not finite), so there the answer is free.
///
/// Step 1 turns down only faces the test turns down, whatever the segment: the
/// test accepts a `t` only in `[0, limit]` (the nearest hit's so far, at most
/// this cull's `limit`), and only if on every axis `min - slack <= p <= max +
/// slack` in f32, where `p` is the axis of `at(start, dir, t)`, `min` and `max`
/// the least and greatest corner, and `slack = size · ON_BOX`, `size` the
/// largest magnitude among the corners, `start` and `dir`.
/// - `p = start + dir·t` lies between `start` and `end = start + dir·limit`
///   (computed as `at` computes it): rounding is monotone, so `t ↦ dir·t` and
///   `x ↦ start + x` stay monotone, and `dir·0` is ±0, which leaves `start` as
///   it is. A NaN `end` or `start` leaves the axis unbounded.
/// - `content` is at least every corner's magnitude, so `size <= S =
///   max(content, |start|, |dir|)` and `slack <= s = S · ON_BOX` (monotone).
/// - If `min - s > hi` in f32 (`hi` the larger of `start` and `end`), then
///   `min - slack >= min - s > hi >= p` (monotone again): turned down.
///   Likewise `max + s < lo`.
/// - A face with a non-finite corner, whose least and greatest corner here may
///   skip it, is one the test turns down anyway (its determinant is not finite).
///
/// The faces it keeps go through the test in index order, as before: the same
/// `Hit`, bit for bit (`tests::face_cull_rejects_only_misses`, and the fuzz
/// target `grit`, which compares a `Bcol`'s casts with its `VertexIndex`'s).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaceCull {
    /// Per axis, the least and greatest coordinate of the segment's part up to
    /// `limit` (−∞ and +∞ for an axis without bounds).
    lo: Vec3,
    hi: Vec3,
    /// `S · ON_BOX` (see above).
    slack: f32,
    /// Step 2's slab test.
    segment: SegmentCull,
    /// The bounds hold for every hit at `t <= limit`.
    pub(crate) limit: f32,
}

impl FaceCull {
    /// The box of the segment `start + t·dir`, `t` in `[0, limit]`, for faces
    /// whose corners' magnitudes are at most `content`.
    pub(crate) fn new(start: Vec3, dir: Vec3, limit: f32, content: f32) -> Self {
        // The segment's largest magnitude, and `S` (see above).
        let query = start
            .iter()
            .chain(&dir)
            .fold(0.0f32, |m, x| if x.abs() > m { x.abs() } else { m });
        let size = if query > content { query } else { content };
        let mut lo = [f32::NEG_INFINITY; 3];
        let mut hi = [f32::INFINITY; 3];
        for (((l, h), s), d) in lo.iter_mut().zip(&mut hi).zip(start).zip(dir) {
            // As `at` computes the point at `limit`.
            let end = s + d * limit;
            if !(end.is_nan() || s.is_nan()) {
                (*l, *h) = if end < s { (end, s) } else { (s, end) };
            }
        }
        let segment = SegmentCull::new(start, dir, margin(content, query));
        Self {
            lo,
            hi,
            slack: size * ON_BOX,
            segment,
            limit,
        }
    }

    /// Whether [`segment_triangle_t`] surely turns the face `tri` down for a limit
    /// no greater than this cull's: step 1, then step 2.
    #[inline(always)]
    pub(crate) fn rejects(&self, tri: [Vec3; 3]) -> bool {
        let (min, max) = face_box(tri);
        let beyond =
            (0..3).any(
                |i| match (min.get(i), max.get(i), self.lo.get(i), self.hi.get(i)) {
                    (Some(&min), Some(&max), Some(&lo), Some(&hi)) => {
                        (min - self.slack > hi) | (max + self.slack < lo)
                    }
                    _ => false,
                },
            );
        beyond || self.misses(min, max)
    }

    /// Step 2: the slab test on the face's box `min..=max`.
    #[inline(always)]
    fn misses(&self, min: Vec3, max: Vec3) -> bool {
        self.segment
            .enter(min, max)
            .is_none_or(|t| !(t <= self.limit))
    }
}

/// A face's box: its least and greatest corner on each axis.
#[inline(always)]
fn face_box([a, b, c]: [Vec3; 3]) -> (Vec3, Vec3) {
    let least = |x: f32, y: f32| if y < x { y } else { x };
    let most = |x: f32, y: f32| if y > x { y } else { x };
    let min = [0, 1, 2].map(|i| match (a.get(i), b.get(i), c.get(i)) {
        (Some(&x), Some(&y), Some(&z)) => least(least(x, y), z),
        _ => f32::NAN,
    });
    let max = [0, 1, 2].map(|i| match (a.get(i), b.get(i), c.get(i)) {
        (Some(&x), Some(&y), Some(&z)) => most(most(x, y), z),
        _ => f32::NAN,
    });
    (min, max)
}

/// The largest magnitude among the coordinates `coords` (NaN skipped): the
/// `content` of [`FaceCull::new`]. On the bits, as integers: a magnitude's bits
/// order as the magnitudes do, and NaN's lie above infinity's (taken as 0 here).
pub(crate) fn content(coords: impl Iterator<Item = f32>) -> f32 {
    const INFINITY: i32 = 0x7F80_0000;
    let greatest = coords.fold(0i32, |m, x| {
        let bits = x.abs().to_bits().cast_signed();
        let bits = if bits > INFINITY { 0 } else { bits };
        if bits > m { bits } else { m }
    });
    f32::from_bits(greatest.cast_unsigned())
}

/// The cull margin: relative to the content's and the query's magnitudes, as the
/// games' culls are grown (`gta/query.rs`), plus the smallest normal `f32`, so that
/// content at the origin keeps a margin. [`FaceTree`](super::FaceTree)'s walk and
/// [`FaceCull`] grow boxes by it.
pub(crate) fn margin(content: f32, query: f32) -> f32 {
    1e-5 * (content + query) + f32::MIN_POSITIVE
}

/// Whether the segment `start + t·dir`, `t` in `[0, 1]`, may touch the box
/// `min..=max` grown by `margin` on every side: a conservative cull (rounding never
/// makes it miss a primitive inside the box). Unlike [`segment_box`] it accepts any
/// box: one with `min > max` on an axis is missed; a NaN corner coordinate (or
/// margin) leaves that side unbounded. A margin below `f32::MIN_POSITIVE`, 0
/// included, counts as `f32::MIN_POSITIVE`: the cull takes a subnormal `dir`
/// coordinate for no move at all, which that margin covers.
pub fn segment_may_touch_box(start: Vec3, dir: Vec3, min: Vec3, max: Vec3, margin: f32) -> bool {
    if !(finite(start) && finite(dir)) {
        return false;
    }
    let margin = if margin < f32::MIN_POSITIVE {
        f32::MIN_POSITIVE
    } else {
        margin
    };
    let (lo, hi) = grown(min, max, margin);
    SegmentCull::new(start, dir, 0.0).enter(lo, hi).is_some()
}

/// A segment prepared for many box culls: `1 / dir` computed once, so that each
/// box costs multiplications, not divisions. The culls' one slab test.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SegmentCull {
    /// The start moved by the margin towards each box's low side, and towards its
    /// high side: a box grown by the margin is tested as the box itself.
    low: Vec3,
    high: Vec3,
    /// `1 / dir` per axis.
    inv: Vec3,
    /// Whether the segment moves along each axis: a zero or subnormal `dir`
    /// coordinate (whose inverse is infinite) moves it less than any margin the
    /// culls use, so that axis is tested at the start alone.
    moving: [bool; 3],
}

impl SegmentCull {
    /// `start` and `dir` finite (a caller checks), boxes grown by `margin` (at
    /// least 0).
    pub(crate) fn new(start: Vec3, dir: Vec3, margin: f32) -> Self {
        let inv = dir.map(|d| 1.0 / d);
        Self {
            low: start.map(|s| s + margin),
            high: start.map(|s| s - margin),
            inv,
            moving: inv.map(f32::is_finite),
        }
    }

    /// Where the segment may enter the box `min..=max` grown by the margin: a `t`
    /// in `[0, 1]`, or `None` when it misses. Corners may be infinite; a box with
    /// `min > max` (or NaN) on an axis is missed.
    #[inline(always)]
    pub(crate) fn enter(&self, min: Vec3, max: Vec3) -> Option<f32> {
        let (mut enter, mut exit) = (0.0f32, 1.0f32);
        let axes = min
            .into_iter()
            .zip(max)
            .zip(self.low.into_iter().zip(self.high))
            .zip(self.inv.into_iter().zip(self.moving));
        for (((lo, hi), (from_lo, from_hi)), (inv, moving)) in axes {
            if !(lo <= hi) {
                return None;
            }
            if moving {
                // Finite `inv`, and `lo − from_lo` never NaN: `lo <= hi` keeps
                // `lo` off +∞ unless `hi` is too, and the start is finite.
                let t1 = (lo - from_lo) * inv;
                let t2 = (hi - from_hi) * inv;
                let (near, far) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
                enter = if near > enter { near } else { enter };
                exit = if far < exit { far } else { exit };
            } else if from_lo < lo || from_hi > hi {
                return None;
            }
        }
        (enter <= exit).then_some(enter)
    }

    /// [`Self::enter`] for a segment that moves along every axis ([`Self::moving`])
    /// and a box with no NaN corner coordinate: the same answer, with every axis
    /// computed and no early exit (no NaN arises: `inv` is finite and non-zero,
    /// and `lo <= hi` keeps `lo` off +∞ unless `hi` is too), in straight-line
    /// code the compiler keeps in registers.
    #[inline(always)]
    pub(crate) fn enter_moving(&self, min: Vec3, max: Vec3) -> Option<f32> {
        let [l0, l1, l2] = min;
        let [h0, h1, h2] = max;
        let [a0, a1, a2] = self.low;
        let [b0, b1, b2] = self.high;
        let [i0, i1, i2] = self.inv;
        let ordered = (l0 <= h0) & (l1 <= h1) & (l2 <= h2);
        let axis = |enter: f32, exit: f32, t1: f32, t2: f32| {
            let (near, far) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
            (
                if near > enter { near } else { enter },
                if far < exit { far } else { exit },
            )
        };
        let (enter, exit) = axis(0.0, 1.0, (l0 - a0) * i0, (h0 - b0) * i0);
        let (enter, exit) = axis(enter, exit, (l1 - a1) * i1, (h1 - b1) * i1);
        let (enter, exit) = axis(enter, exit, (l2 - a2) * i2, (h2 - b2) * i2);
        (ordered & (enter <= exit)).then_some(enter)
    }

    /// The start moved towards low sides, towards high sides, and `1 / dir`: for
    /// a test of many boxes at once.
    pub(crate) const fn parts(&self) -> (Vec3, Vec3, Vec3) {
        (self.low, self.high, self.inv)
    }

    /// Whether the segment moves along every axis: a test of many boxes at once
    /// may then skip [`Self::enter`]'s checks ([`Self::parts`]).
    pub(crate) fn moving(&self) -> bool {
        self.moving.iter().all(|&m| m)
    }
}

/// Whether the ball (`center`, `radius`) may touch the box `min..=max` grown by
/// `margin`: the cull of [`segment_may_touch_box`] for a ball.
pub fn ball_may_touch_box(center: Vec3, radius: f32, min: Vec3, max: Vec3, margin: f32) -> bool {
    let (lo, hi) = grown(min, max, margin);
    if !(finite(center) && radius >= 0.0 && radius.is_finite()) {
        return false;
    }
    if (0..3).any(|i| matches!((lo.get(i), hi.get(i)), (Some(l), Some(h)) if l > h)) {
        return false;
    }
    let nearest = [0, 1, 2].map(|i| match (center.get(i), lo.get(i), hi.get(i)) {
        (Some(&c), Some(&l), Some(&h)) => c.max(l).min(h),
        _ => 0.0,
    });
    let away = sub(center, nearest);
    // `away` is finite: the nearest point lies between the centre and a finite side.
    libm::sqrtf(dot(away, away)) <= radius
}

/// A ball (`center`, `radius`) against the solid box `min..=max`:
/// `(depth, point, normal)` when they touch. Outside the box, `point` is the box's
/// point nearest the centre and `normal` points from it to the centre; with the
/// centre inside, `point` is on the nearest face and `normal` is that face's
/// outward normal, and `depth` counts the distance to that face too.
pub fn sphere_box(center: Vec3, radius: f32, min: Vec3, max: Vec3) -> Option<(f32, Vec3, Vec3)> {
    if !(valid(min, max) && finite(center) && radius >= 0.0 && radius.is_finite()) {
        return None;
    }
    if contains(min, max, center) {
        // The nearest face: axis, side and distance.
        let mut best = (f32::INFINITY, 0usize, 1.0f32);
        for i in 0..3 {
            let (&c, &lo, &hi) = (center.get(i)?, min.get(i)?, max.get(i)?);
            for (gap, side) in [(c - lo, -1.0), (hi - c, 1.0)] {
                if gap < best.0 {
                    best = (gap, i, side);
                }
            }
        }
        let (gap, axis, side) = best;
        let (mut point, mut normal) = (center, [0.0; 3]);
        if let (Some(p), Some(n), Some(&lo), Some(&hi)) = (
            point.get_mut(axis),
            normal.get_mut(axis),
            min.get(axis),
            max.get(axis),
        ) {
            *p = if side > 0.0 { hi } else { lo };
            *n = side;
        }
        return Some((radius + gap, point, normal));
    }
    let point = [0, 1, 2].map(|i| match (center.get(i), min.get(i), max.get(i)) {
        (Some(&c), Some(&lo), Some(&hi)) => c.max(lo).min(hi),
        _ => 0.0,
    });
    let away = sub(center, point);
    let dist = libm::sqrtf(dot(away, away));
    if !(dist <= radius) {
        return None;
    }
    let normal = normalize(away)?;
    Some((radius - dist, point, normal))
}

#[cfg(test)]
mod tests {
    use super::{FaceCull, content};
    use crate::query::segment_triangle_t;
    use crate::test_rng::{Rng, scale};

    /// [`FaceCull`] turns a face down only where [`segment_triangle_t`] turns it
    /// down, at the cull's limit or any smaller one: on ordinary, degenerate
    /// (repeated and collinear corners), huge, tiny and non-finite triangles,
    /// against ordinary, huge, tiny and non-finite segments, many of them
    /// through a triangle's corner or edge (a hit on its box's boundary), with
    /// the content's magnitude exact or larger (other faces of the mesh). It
    /// also turns down most far faces, and most faces its first step keeps.
    #[test]
    fn face_cull_rejects_only_misses() {
        let mut rng = Rng::new(0xFACE);
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
        let n = 100_000 * scale();
        let (mut rejected, mut hits, mut edge_hits, mut far, mut far_rejected) = (0, 0, 0, 0, 0);
        let (mut in_box, mut in_box_rejected) = (0, 0);
        for round in 0..n {
            let unit = [1e-30, 1e-3, 1.0, 300.0, 1e6, 1e30][round % 6];
            let base = [0; 3].map(|_| rng.range(-1.0, 1.0) * unit);
            let spread = [1e-6, 1e-2, 1.0, 50.0][rng.below(4)] * unit;
            let mut near = || base.map(|x| x + rng.range(-1.0, 1.0) * spread);
            let a = near();
            let mut b = near();
            let mut c = near();
            match rng.below(10) {
                0 => c = a,
                1 => (b, c) = (a, a),
                2 => c = [0, 1, 2].map(|i| 2.0 * b[i] - a[i]),
                3 => c[rng.below(3)] = rng.pick(&special),
                _ => {}
            }
            let tri = [a, b, c];
            let (w0, w1) = match rng.below(4) {
                0 => (1.0, 0.0),
                1 => (0.0, rng.range(0.0, 1.0)),
                2 => (0.5, 0.5),
                _ => (rng.range(0.0, 0.5), rng.range(0.0, 0.5)),
            };
            let on = [0, 1, 2].map(|i| a[i] + w0 * (b[i] - a[i]) + w1 * (c[i] - a[i]));
            let length = rng.pick(&[1e-6, 1e-3, 1.0, 30.0, 600.0, 1e30]) * unit.max(1.0);
            let mut offset = || [0; 3].map(|_| rng.range(-1.0, 1.0) * length);
            let (back, ahead) = (offset(), offset());
            let mut start = [0, 1, 2].map(|i| on[i] + back[i]);
            let mut end = [0, 1, 2].map(|i| on[i] - back[i] * rng.range(0.0, 2.0));
            match rng.below(10) {
                0 => end = [0, 1, 2].map(|i| on[i] + ahead[i]),
                // A short segment near the triangle: often beside it.
                1 | 2 => {
                    start = [0, 1, 2].map(|i| base[i] + rng.range(-3.0, 3.0) * spread);
                    end = start.map(|x| x + rng.range(-1.0, 1.0) * spread);
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
            let exact = content(tri.iter().flatten().copied());
            let magnitude = if rng.one_in(2) {
                exact
            } else {
                exact * rng.range(1.0, 100.0)
            };
            let cull = FaceCull::new(start, dir, limit, magnitude);
            let out = cull.rejects(tri);
            for limit in [limit, limit * rng.range(0.0, 1.0), 0.0] {
                let scalar = segment_triangle_t(start, dir, tri, limit);
                assert!(
                    !(out && scalar.is_some()),
                    "{start:?} {dir:?} {tri:?} {limit} {magnitude} {cull:?}"
                );
                hits += usize::from(scalar.is_some());
                edge_hits += usize::from(scalar.is_some() && w0 + w1 == 1.0);
            }
            rejected += usize::from(out);
            let finite = |v: &[f32; 3]| v.iter().all(|x| x.is_finite());
            if tri.iter().all(finite) && finite(&start) && finite(&dir) {
                // Far: the segment's box misses the triangle's by far more than
                // the test's slack.
                let gap = (0..3).map(|i| {
                    let lo = tri.iter().map(|v| v[i]).fold(f32::INFINITY, f32::min);
                    let hi = tri.iter().map(|v| v[i]).fold(f32::NEG_INFINITY, f32::max);
                    let (s0, s1) = (start[i].min(end[i]), start[i].max(end[i]));
                    (lo - s1).max(s0 - hi)
                });
                let size = tri
                    .iter()
                    .chain([&start, &dir])
                    .flatten()
                    .fold(magnitude, |m, x| m.max(x.abs()));
                if gap.fold(f32::NEG_INFINITY, f32::max) >= 1e-3 * size {
                    far += 1;
                    far_rejected += usize::from(out);
                } else if segment_triangle_t(start, dir, tri, limit).is_none() {
                    // Boxes that meet, the face missed: step 2's part.
                    in_box += 1;
                    in_box_rejected += usize::from(out);
                }
            }
        }
        assert!(hits > n / 40, "{hits}");
        assert!(edge_hits > n / 100, "{edge_hits}");
        assert!(rejected > n / 3, "{rejected}");
        assert!(
            far > n / 20 && far_rejected == far,
            "{far_rejected} of {far}"
        );
        assert!(
            in_box > n / 5 && in_box_rejected > in_box / 2,
            "{in_box_rejected} of {in_box}"
        );
    }
}
