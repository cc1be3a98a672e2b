//! Stage `ball` (after `triangle`): segment–solid sphere and sphere–sphere.

use super::vec::{
    Vec3, add, at, dot, entry_from_outside, finite, inside_normal, normalize, scale, sub,
};

/// Where the segment `start + t·dir`, `t` in `[0, 1]`, enters the solid sphere
/// (`center`, `radius`): `(t, unit normal facing the start)`. A segment that starts
/// inside (or on) the sphere hits it at `t = 0`. A sphere with a negative or
/// non-finite radius is never hit.
pub fn segment_sphere(start: Vec3, dir: Vec3, center: Vec3, radius: f32) -> Option<(f32, Vec3)> {
    if !(radius >= 0.0 && radius.is_finite() && finite(center) && finite(start) && finite(dir)) {
        return None;
    }
    let m = sub(start, center);
    let r2 = radius * radius;
    if dot(m, m) - r2 <= 0.0 {
        return Some((0.0, inside_normal(dir)));
    }
    // Along the unit direction `u` (`None`: a zero-length segment, outside): the
    // closest approach `q` is measured as a vector, not as the difference of two
    // huge squares, so a long segment does not cancel its way into a false hit
    // ("Precision Improvements for Ray/Sphere Intersection", Ray Tracing Gems).
    let u = normalize(dir)?;
    let len = dot(dir, u);
    let b = dot(m, u);
    // Moving away from the centre, outside.
    if !(b < 0.0) {
        return None;
    }
    let q = sub(m, scale(u, b));
    let gap = r2 - dot(q, q);
    if !(gap >= 0.0) {
        return None;
    }
    let along = -b - libm::sqrtf(gap);
    // A segment longer than `f32::MAX` (ends near ±MAX) has no length in f32: its
    // `t` is then measured in units of its largest coordinate, not as 0.
    let t = if len.is_finite() {
        along / len
    } else {
        let largest = dir.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        (along / largest) / dot(scale(dir, 1.0 / largest), u)
    };
    if !(0.0..=1.0).contains(&t) {
        return None;
    }
    // The start is outside (tested above).
    let t = entry_from_outside(t);
    let point = at(start, dir, t);
    let normal = normalize(sub(point, center)).unwrap_or_else(|| inside_normal(dir));
    Some((t, normal))
}

/// A ball (`center`, `radius`) against the solid sphere (`other`, `other_radius`):
/// `(depth, point, normal)` when they touch. `normal` is the unit direction from
/// the sphere's centre to the ball's (+Z when they coincide), `point` the sphere's
/// surface point along it, `depth = radius + other_radius − distance`.
pub fn sphere_sphere(
    center: Vec3,
    radius: f32,
    other: Vec3,
    other_radius: f32,
) -> Option<(f32, Vec3, Vec3)> {
    let ok = |c: Vec3, r: f32| r >= 0.0 && r.is_finite() && finite(c);
    if !(ok(center, radius) && ok(other, other_radius)) {
        return None;
    }
    let away = sub(center, other);
    let dist = libm::sqrtf(dot(away, away));
    let reach = radius + other_radius;
    if !(dist <= reach) {
        return None;
    }
    let normal = normalize(away).unwrap_or([0.0, 0.0, 1.0]);
    Some((
        reach - dist,
        add(other, scale(normal, other_radius)),
        normal,
    ))
}
