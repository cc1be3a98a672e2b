//! Stage `aabb` (after `ball`): segment–solid axis-aligned box (slab test) and
//! sphere–box.

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
