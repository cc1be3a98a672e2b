//! Solid cylinders in their own space: axis Z, centred on the origin,
//! `radius` and half height `half`. A [`Frame`](super::frame::Frame) places
//! them; a format whose cylinders stand on their base along another axis
//! moves its frame's origin and permutes axes first.

use super::vec::Vec3;
use super::vec::{entry_from_outside, finite, inside_normal};

fn valid(radius: f32, half: f32) -> bool {
    radius >= 0.0 && radius.is_finite() && half >= 0.0 && half.is_finite()
}

/// Where `start + t·dir` enters the solid cylinder: `(t, normal facing the
/// start)`, the normal not normalised (`(x, y, 0)` on the side, `±Z` on a
/// cap); `t = 0` when it starts inside or on it. A negative or non-finite
/// radius or half height is never hit.
pub(crate) fn segment_cylinder(
    start: Vec3,
    dir: Vec3,
    radius: f32,
    half: f32,
) -> Option<(f32, Vec3)> {
    if !(valid(radius, half) && finite(start) && finite(dir)) {
        return None;
    }
    let ([sx, sy, sz], [dx, dy, dz]) = (start, dir);
    let r2 = radius * radius;
    let radial = sx * sx + sy * sy - r2;
    if radial <= 0.0 && sz.abs() <= half {
        return Some((0.0, inside_normal(dir)));
    }
    let mut best: Option<(f32, Vec3)> = None;
    let mut offer = |t: f32, n: Vec3| {
        if (0.0..=1.0).contains(&t) && best.is_none_or(|(b, _)| t < b) {
            best = Some((t, n));
        }
    };
    // A cap, entered from outside its plane.
    for (cap, sign) in [(half, 1.0f32), (-half, -1.0f32)] {
        if (sz - cap) * sign > 0.0 && dz * sign < 0.0 {
            let t = (cap - sz) / dz;
            let (x, y) = (sx + t * dx, sy + t * dy);
            if x * x + y * y <= r2 {
                offer(t, [0.0, 0.0, sign]);
            }
        }
    }
    // The side, entered from outside the infinite cylinder, moving towards the
    // axis. `b² − a·radial` is `a·r² − (s × d)²` (Lagrange's identity), which
    // does not cancel on a graze; and the nearer root is `radial / (−b + √disc)`,
    // which does not cancel when it is near 0.
    let a = dx * dx + dy * dy;
    let b = sx * dx + sy * dy;
    let cross = sx * dy - sy * dx;
    let disc = a * r2 - cross * cross;
    if radial > 0.0 && a > 0.0 && b < 0.0 && disc >= 0.0 && disc.is_finite() {
        let t = radial / (libm::sqrtf(disc) - b);
        let z = sz + t * dz;
        if z.abs() <= half {
            offer(t, [sx + t * dx, sy + t * dy, 0.0]);
        }
    }
    // The start is outside (tested above).
    best.filter(|(t, n)| t.is_finite() && finite(*n))
        .map(|(t, n)| (entry_from_outside(t), n))
}

/// A ball against the solid cylinder: `(depth, point, normal)` when it
/// touches. Outside, the point is the cylinder's point nearest the centre and
/// the normal runs from it to the centre; with the centre inside, the point
/// is on the nearest of side and caps, the normal is its outward normal, and
/// the depth counts the distance to it too. The normal is not normalised.
pub(crate) fn sphere_cylinder(
    center: Vec3,
    ball: f32,
    radius: f32,
    half: f32,
) -> Option<(f32, Vec3, Vec3)> {
    if !(valid(radius, half) && finite(center) && ball >= 0.0 && ball.is_finite()) {
        return None;
    }
    let [x, y, z] = center;
    let rho = libm::sqrtf(x * x + y * y);
    let inside = rho <= radius && z.abs() <= half;
    if inside {
        let side = radius - rho;
        let (top, bottom) = (half - z, z + half);
        let (depth, point, normal) = if side <= top && side <= bottom {
            let (ux, uy) = if rho > 0.0 {
                (x / rho, y / rho)
            } else {
                (1.0, 0.0)
            };
            (side, [ux * radius, uy * radius, z], [ux, uy, 0.0])
        } else if top <= bottom {
            (top, [x, y, half], [0.0, 0.0, 1.0])
        } else {
            (bottom, [x, y, -half], [0.0, 0.0, -1.0])
        };
        let depth = ball + depth;
        return (depth.is_finite() && finite(point)).then_some((depth, point, normal));
    }
    let k = if rho > radius { radius / rho } else { 1.0 };
    let q = [x * k, y * k, z.clamp(-half, half)];
    let [qx, qy, qz] = q;
    let n = [x - qx, y - qy, z - qz];
    let d = libm::sqrtf(n.iter().map(|v| v * v).sum::<f32>());
    let depth = ball - d;
    (depth >= 0.0 && depth.is_finite() && d > 0.0 && finite(q)).then_some((depth, q, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_that_underflows_is_past_the_start() {
        // A start just above the top cap, moving in at -3e38 a unit of t: the
        // entry rounds to 0, reported as the least positive t.
        let above = [0.0, 0.0, 1.0f32.next_up()];
        assert_eq!(
            segment_cylinder(above, [0.0, 0.0, -3e38], 1.0, 1.0),
            Some((f32::from_bits(1), [0.0, 0.0, 1.0]))
        );
        // From inside, 0.
        assert_eq!(
            segment_cylinder([0.0; 3], [0.0, 0.0, -3e38], 1.0, 2.0).map(|h| h.0),
            Some(0.0)
        );
    }

    #[test]
    fn the_side_and_the_caps_are_hit() {
        let (t, n) = segment_cylinder([-4.0, 0.0, 0.5], [8.0, 0.0, 0.0], 1.0, 2.0).unwrap();
        assert_eq!((t, n), (3.0 / 8.0, [-1.0, 0.0, 0.0]));
        let (t, n) = segment_cylinder([0.5, 0.0, 6.0], [0.0, 0.0, -8.0], 1.0, 2.0).unwrap();
        assert_eq!((t, n), (0.5, [0.0, 0.0, 1.0]));
        let (t, n) = segment_cylinder([0.5, 0.0, -6.0], [0.0, 0.0, 8.0], 1.0, 2.0).unwrap();
        assert_eq!((t, n), (0.5, [0.0, 0.0, -1.0]));
        // Past the top, beside the cap, and inside.
        assert_eq!(
            segment_cylinder([-4.0, 0.0, 2.5], [8.0, 0.0, 0.0], 1.0, 2.0),
            None
        );
        assert_eq!(
            segment_cylinder([1.5, 0.0, 6.0], [0.0, 0.0, -8.0], 1.0, 2.0),
            None
        );
        assert_eq!(
            segment_cylinder([0.0; 3], [0.0; 3], 1.0, 2.0),
            Some((0.0, [0.0, 0.0, 1.0]))
        );
        assert_eq!(
            segment_cylinder([0.0; 3], [1.0, 0.0, 0.0], f32::NAN, 2.0),
            None
        );
        assert_eq!(
            segment_cylinder([-4.0, 0.0, 0.0], [f32::INFINITY, 0.0, 0.0], 1.0, 2.0),
            None
        );
    }

    #[test]
    fn a_ball_touches_side_cap_and_inside() {
        let (d, p, n) = sphere_cylinder([3.0, 0.0, 0.0], 2.5, 1.0, 2.0).unwrap();
        assert_eq!((d, p, n), (0.5, [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]));
        let (d, p, _) = sphere_cylinder([0.0, 0.0, 3.0], 1.5, 1.0, 2.0).unwrap();
        assert_eq!((d, p), (0.5, [0.0, 0.0, 2.0]));
        let (d, p, n) = sphere_cylinder([0.0, 0.0, 1.5], 1.0, 1.0, 2.0).unwrap();
        assert_eq!((d, p, n), (1.5, [0.0, 0.0, 2.0], [0.0, 0.0, 1.0]));
        assert_eq!(sphere_cylinder([3.0, 0.0, 0.0], 1.5, 1.0, 2.0), None);
    }
}
