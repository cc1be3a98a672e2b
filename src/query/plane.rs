//! Planes as half-spaces: `n̂ · x = d`, solid below (`n̂ · x <= d`), with `n̂`
//! the normal as written scaled to unit length (as Bullet's
//! `btStaticPlaneShape` does; `d` is kept).

use super::vec::Vec3;
use super::vec::{dot, finite, inside_normal, normalize, scale, sub};

/// Where `start + t·dir` enters the solid half-space: `(t, unit normal)`;
/// `t = 0` when it starts inside or on the plane. A plane whose normal has no
/// length, or any non-finite value, is never hit.
pub(crate) fn segment_plane(start: Vec3, dir: Vec3, normal: Vec3, d: f32) -> Option<(f32, Vec3)> {
    let n = normalize(normal)?;
    if !(finite(start) && finite(dir) && d.is_finite()) {
        return None;
    }
    let above = dot(n, start) - d;
    if !above.is_finite() {
        return None;
    }
    if above <= 0.0 {
        return Some((0.0, inside_normal(dir)));
    }
    let rate = dot(n, dir);
    if !(rate < 0.0) {
        return None;
    }
    let t = -above / rate;
    (t.is_finite() && t <= 1.0).then_some((t, n))
}

/// A ball against the solid half-space: `(depth, point, unit normal)` when
/// it touches; the point is the centre's projection on the plane.
pub(crate) fn sphere_plane(
    center: Vec3,
    radius: f32,
    normal: Vec3,
    d: f32,
) -> Option<(f32, Vec3, Vec3)> {
    let n = normalize(normal)?;
    if !(finite(center) && radius >= 0.0 && radius.is_finite() && d.is_finite()) {
        return None;
    }
    let above = dot(n, center) - d;
    let depth = radius - above;
    (depth >= 0.0 && depth.is_finite()).then(|| (depth, sub(center, scale(n, above)), n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_enters_the_half_space() {
        // z = 2 as 0 0 5 / 10: the normal is scaled, d kept.
        assert_eq!(
            segment_plane([0.0, 0.0, 6.0], [0.0, 0.0, -8.0], [0.0, 0.0, 5.0], 2.0),
            Some((0.5, [0.0, 0.0, 1.0]))
        );
        assert_eq!(
            segment_plane([0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], 2.0),
            Some((0.0, [-1.0, 0.0, 0.0]))
        );
        assert_eq!(
            segment_plane([0.0, 0.0, 6.0], [0.0, 0.0, -3.0], [0.0, 0.0, 1.0], 2.0),
            None
        );
        assert_eq!(
            segment_plane([0.0, 0.0, 6.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], 2.0),
            None
        );
        assert_eq!(
            segment_plane([0.0, 0.0, 6.0], [0.0, 0.0, -8.0], [0.0; 3], 2.0),
            None
        );
        assert_eq!(
            segment_plane([0.0, 0.0, f32::NAN], [0.0, 0.0, -8.0], [0.0, 0.0, 1.0], 2.0),
            None
        );
    }

    #[test]
    fn a_ball_touches_the_half_space() {
        assert_eq!(
            sphere_plane([1.0, 2.0, 3.0], 2.0, [0.0, 0.0, 2.0], 2.0),
            Some((1.0, [1.0, 2.0, 2.0], [0.0, 0.0, 1.0]))
        );
        assert_eq!(
            sphere_plane([1.0, 2.0, 0.0], 1.0, [0.0, 0.0, 1.0], 2.0),
            Some((3.0, [1.0, 2.0, 2.0], [0.0, 0.0, 1.0]))
        );
        assert_eq!(
            sphere_plane([1.0, 2.0, 5.0], 1.0, [0.0, 0.0, 1.0], 2.0),
            None
        );
    }
}
