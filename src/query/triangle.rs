//! Stage `triangle` (after `collect`): segment–triangle and sphere–triangle.
//!
//! Triangles are two-sided; a degenerate triangle (zero or non-finite area) is never
//! hit and never touched, and neither is one that the segment only grazes in its plane.

use super::vec::{Vec3, add, at, cross, dot, finite, neg, normalize, scale, sub};

/// The unit normal `(b − a) × (c − a)`, or `None` for a degenerate triangle.
pub fn triangle_normal([a, b, c]: [Vec3; 3]) -> Option<Vec3> {
    if !(finite(a) && finite(b) && finite(c)) {
        return None;
    }
    normalize(cross(sub(b, a), sub(c, a)))
}

/// Where the segment `start + t·dir`, `t` in `[0, 1]`, crosses triangle `abc`:
/// `(t, unit normal facing the start)`. Edges and corners count (a segment through
/// an edge shared by two faces hits both). The hit's point lies in the triangle's
/// box, to within 2^-17 of the largest coordinate at play: a segment that slides
/// along the triangle's plane is no hit, even where rounding would make one.
pub fn segment_triangle(start: Vec3, dir: Vec3, tri: [Vec3; 3]) -> Option<(f32, Vec3)> {
    let t = segment_triangle_t(start, dir, tri, 1.0)?;
    Some((t, segment_triangle_normal(dir, tri)?))
}

/// The `t` of [`segment_triangle`] before its normal, for a hit no farther than
/// `limit` (at most 1; the nearest hit's so far): `Some` for a degenerate triangle
/// too, which [`segment_triangle_normal`] then turns down. A cast that keeps only
/// the nearest hit asks for the normal of that one alone.
// Inlined on hosts, where passing the corners through memory stalls on store
// forwarding; called on the M0, where each copy would cost code.
#[cfg_attr(not(target_os = "none"), inline(always))]
pub(crate) fn segment_triangle_t(
    start: Vec3,
    dir: Vec3,
    [a, b, c]: [Vec3; 3],
    limit: f32,
) -> Option<f32> {
    // Möller–Trumbore.
    let e1 = sub(b, a);
    let e2 = sub(c, a);
    let p = cross(dir, e2);
    let det = dot(e1, p);
    let s = sub(start, a);
    let q = cross(s, e1);
    let (u_num, v_num, t_num) = (dot(s, p), dot(dir, q), dot(e2, q));
    // Rejections before the division, each only where the quotient below is sure to
    // fall outside its range (a relative 1e-4 beyond 1; below 0 by more than 2^-60
    // of `det`, so that no quotient that rounds to -0 is turned down; `t` beyond
    // `limit` the same way): they change no result, and NaN passes them to the
    // exact tests. One branch for all of them
    // (`&`, not `&&`): most faces are missed, and a branch per test mispredicts.
    let sign = if det > 0.0 { 1.0 } else { -1.0 };
    let size = det.abs();
    let (below, above) = (-(size * TINY), size * ABOVE);
    let (u, v, t) = (sign * u_num, sign * v_num, sign * t_num);
    let near = (det != 0.0)
        & det.is_finite()
        & !(u < below)
        & !(u > above)
        & !(v < below)
        & !(sign * (u_num + v_num) > above)
        & !(t < below)
        & !(t > size * (ABOVE * limit + TINY));
    if !near {
        return None;
    }
    let inv = 1.0 / det;
    let u = u_num * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let v = v_num * inv;
    if !(v >= 0.0 && u + v <= 1.0) {
        return None;
    }
    let t = t_num * inv;
    if !(0.0..=1.0).contains(&t) || t > limit {
        return None;
    }
    // The point at `t` must lie in the triangle's box, within a relative 2^-17 of
    // the largest coordinate at play. A segment that slides along the triangle's
    // plane leaves the quotients above to rounding, and they may then name a point
    // far from the triangle: that is no hit. The culls of the formats' queries
    // grow their boxes by more than this (a relative 1e-5), so they never drop a
    // hit this test accepts.
    let point = at(start, dir, t);
    let size = [a, b, c, start, dir]
        .iter()
        .flatten()
        .fold(0.0f32, |m, x| m.max(x.abs()));
    let slack = size * ON_BOX;
    let on_box = (0..3).all(|i| match (a.get(i), b.get(i), c.get(i), point.get(i)) {
        (Some(&x), Some(&y), Some(&z), Some(&p)) => {
            x.min(y).min(z) - slack <= p && p <= x.max(y).max(z) + slack
        }
        _ => false,
    });
    on_box.then_some(t)
}

/// 2^-17: how far, relative to the largest coordinate, a hit's point may lie
/// outside its triangle's box (rounding). GTA's cast with nothing built rejects
/// COL2+ faces before this test by the same box check (`gta::query::FixedCull`):
/// a change here is a change there.
pub(crate) const ON_BOX: f32 = 7.629_394_5e-6;

/// 2^-60: how far below 0 a numerator must lie, relative to the determinant, for
/// its quotient to be negative after rounding.
const TINY: f32 = 8.673_617e-19;
/// How far above the determinant a numerator must lie for its quotient to exceed 1
/// after rounding.
const ABOVE: f32 = 1.0001;

/// The unit normal of triangle `abc` facing away from `dir` (the normal of a
/// [`segment_triangle`] hit), or `None` for a degenerate triangle.
pub(crate) fn segment_triangle_normal(dir: Vec3, tri: [Vec3; 3]) -> Option<Vec3> {
    let normal = triangle_normal(tri)?;
    Some(if dot(normal, dir) > 0.0 {
        neg(normal)
    } else {
        normal
    })
}

/// The point of triangle `abc` nearest `p` (Ericson, "Real-Time Collision
/// Detection", 5.1.5).
pub fn closest_on_triangle(p: Vec3, [a, b, c]: [Vec3; 3]) -> Vec3 {
    let ab = sub(b, a);
    let ac = sub(c, a);
    let ap = sub(p, a);
    let d1 = dot(ab, ap);
    let d2 = dot(ac, ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = sub(p, b);
    let d3 = dot(ab, bp);
    let d4 = dot(ac, bp);
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return at(a, ab, d1 / (d1 - d3));
    }
    let cp = sub(p, c);
    let d5 = dot(ab, cp);
    let d6 = dot(ac, cp);
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return at(a, ac, d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return at(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    add(a, add(scale(ab, vb * denom), scale(ac, vc * denom)))
}

/// A sphere (`center`, `radius`) against triangle `abc`: `(depth, point, normal)`
/// when they touch. `point` is the triangle's point nearest the centre, `normal`
/// the unit direction from it to the centre (the triangle's normal, facing
/// either way, when the centre lies on the triangle), `depth = radius − distance`.
pub fn sphere_triangle(center: Vec3, radius: f32, tri: [Vec3; 3]) -> Option<(f32, Vec3, Vec3)> {
    let plane = triangle_normal(tri)?;
    if !(radius >= 0.0 && radius.is_finite() && finite(center)) {
        return None;
    }
    let point = closest_on_triangle(center, tri);
    let away = sub(center, point);
    let dist = libm::sqrtf(dot(away, away));
    if !(dist <= radius) {
        return None;
    }
    let normal = normalize(away).unwrap_or(plane);
    Some((radius - dist, point, normal))
}
