//! Oriented boxes: a [`Frame`] and half extents about its origin, tested in
//! the box's own space with the axis-aligned tests of `aabb`.

use super::aabb::{segment_box, sphere_box};
use super::frame::Frame;
use super::vec::Vec3;

/// Where `start + t·dir` enters the solid box of `half` extents centred on
/// the frame's origin: `(t, unit world normal facing the start)`; `t = 0`
/// when it starts inside. Negative half extents count as their absolute
/// value; a NaN one is never hit.
pub(crate) fn segment_obb(
    frame: &Frame,
    half: Vec3,
    start: Vec3,
    dir: Vec3,
) -> Option<(f32, Vec3)> {
    let half = half.map(f32::abs);
    frame.cast(start, dir, |s, d| segment_box(s, d, half.map(|h| -h), half))
}

/// A ball against the solid oriented box: `(depth, world point, unit world
/// normal)`, as [`sphere_box`] gives in the box's space.
pub(crate) fn sphere_obb(
    frame: &Frame,
    half: Vec3,
    center: Vec3,
    radius: f32,
) -> Option<(f32, Vec3, Vec3)> {
    let half = half.map(f32::abs);
    frame.touch(center, radius, |c, r| {
        sphere_box(c, r, half.map(|h| -h), half)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Vec3, b: Vec3) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
    }

    #[test]
    fn a_turned_box_is_hit_on_its_turned_face() {
        let h = core::f32::consts::FRAC_1_SQRT_2;
        // A quarter turn about Z: local X is world Y.
        let frame = Frame::from_quaternion([h, 0.0, 0.0, h], [10.0, 0.0, 0.0]).unwrap();
        let half = [2.0, 1.0, 1.0];
        // Along world X the box is 1 wide (local Y): faces at x = 9 and 11.
        let (t, n) = segment_obb(&frame, half, [0.0, 0.0, 0.0], [20.0, 0.0, 0.0]).unwrap();
        assert!((t - 9.0 / 20.0).abs() < 1e-6, "{t}");
        assert!(close(n, [-1.0, 0.0, 0.0]), "{n:?}");
        // Along world Y it is 2 wide: y = 1.5 is inside.
        let (t, n) = segment_obb(&frame, half, [10.0, 1.5, 0.0], [0.0, 5.0, 0.0]).unwrap();
        assert_eq!(t, 0.0);
        assert!(close(n, [0.0, -1.0, 0.0]), "{n:?}");
        assert_eq!(
            segment_obb(&frame, half, [10.0, 2.5, 0.0], [0.0, 5.0, 0.0]),
            None
        );
        assert_eq!(
            segment_obb(&frame, [f32::NAN; 3], [0.0; 3], [20.0, 0.0, 0.0]),
            None
        );
    }

    #[test]
    fn a_ball_touches_a_turned_box() {
        let h = core::f32::consts::FRAC_1_SQRT_2;
        let frame = Frame::from_quaternion([h, 0.0, 0.0, h], [10.0, 0.0, 0.0]).unwrap();
        let (depth, p, n) = sphere_obb(&frame, [2.0, 1.0, 1.0], [12.0, 0.0, 0.0], 1.5).unwrap();
        assert!((depth - 0.5).abs() < 1e-5, "{depth}");
        assert!(close(p, [11.0, 0.0, 0.0]), "{p:?}");
        assert!(close(n, [1.0, 0.0, 0.0]), "{n:?}");
        assert_eq!(
            sphere_obb(&frame, [2.0, 1.0, 1.0], [12.0, 0.0, 0.0], 0.5),
            None
        );
    }
}
