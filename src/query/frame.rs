//! A rigid frame: a rotation and a translation, to carry segments and points
//! into a shape's local space and normals back out.
//!
//! A segment's parameter `t` survives the change of space (the map is
//! affine), so a shape is cast in its own space and the hit's `t` is the
//! world's.

use super::vec::{add, dot, finite, normalize, sub};

/// Local to world: `world = R · local + origin`, with `R` a rotation given
/// row by row. World to local is `Rᵀ · (world − origin)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Frame {
    /// `R`, row by row.
    pub(crate) rows: [[f32; 3]; 3],
    /// The local origin in the world.
    pub(crate) origin: [f32; 3],
}

impl Frame {
    /// A frame of a rotation matrix (rows) and an origin, taken as they are.
    pub(crate) const fn new(rows: [[f32; 3]; 3], origin: [f32; 3]) -> Self {
        Self { rows, origin }
    }

    /// The rotation of the quaternion `w x y z` and an origin. The quaternion
    /// need not be of unit length: as Bullet's `btMatrix3x3::setRotation`,
    /// the matrix divides by its squared length. `None` when that length is 0
    /// or any value is not finite.
    pub(crate) fn from_quaternion(q: [f32; 4], origin: [f32; 3]) -> Option<Self> {
        let [w, x, y, z] = q;
        let d = w * w + x * x + y * y + z * z;
        let s = 2.0 / d;
        if !(d > 0.0
            && d.is_finite()
            && s.is_finite()
            && q.iter().all(|v| v.is_finite())
            && finite(origin))
        {
            return None;
        }
        let (xs, ys, zs) = (x * s, y * s, z * s);
        let (wx, wy, wz) = (w * xs, w * ys, w * zs);
        let (xx, xy, xz) = (x * xs, x * ys, x * zs);
        let (yy, yz, zz) = (y * ys, y * zs, z * zs);
        let rows = [
            [1.0 - (yy + zz), xy - wz, xz + wy],
            [xy + wz, 1.0 - (xx + zz), yz - wx],
            [xz - wy, yz + wx, 1.0 - (xx + yy)],
        ];
        Some(Self { rows, origin })
    }

    /// `R · v`: a local direction in the world.
    pub(crate) fn vector_to_world(&self, v: [f32; 3]) -> [f32; 3] {
        let [r0, r1, r2] = self.rows;
        [dot(r0, v), dot(r1, v), dot(r2, v)]
    }

    /// `Rᵀ · v`: a world direction in local space.
    pub(crate) fn vector_to_local(&self, v: [f32; 3]) -> [f32; 3] {
        let [[a, b, c], [d, e, f], [g, h, i]] = self.rows;
        [dot([a, d, g], v), dot([b, e, h], v), dot([c, f, i], v)]
    }

    /// A local point in the world.
    pub(crate) fn point_to_world(&self, p: [f32; 3]) -> [f32; 3] {
        add(self.vector_to_world(p), self.origin)
    }

    /// A world point in local space.
    pub(crate) fn point_to_local(&self, p: [f32; 3]) -> [f32; 3] {
        self.vector_to_local(sub(p, self.origin))
    }

    /// A local normal in the world, of unit length; `None` when it has none
    /// (a degenerate rotation).
    pub(crate) fn normal_to_world(&self, n: [f32; 3]) -> Option<[f32; 3]> {
        normalize(self.vector_to_world(n))
    }

    /// A segment cast (`start + t·dir`) against a shape given in local space by
    /// `local`: the same `t`, the normal back in the world.
    pub(crate) fn cast(
        &self,
        start: [f32; 3],
        dir: [f32; 3],
        local: impl FnOnce([f32; 3], [f32; 3]) -> Option<(f32, [f32; 3])>,
    ) -> Option<(f32, [f32; 3])> {
        let (t, n) = local(self.point_to_local(start), self.vector_to_local(dir))?;
        Some((t, self.normal_to_world(n)?))
    }

    /// A ball (`center`, `radius`) against a shape given in local space by
    /// `local`: `(depth, point, normal)` with the point and normal back in the
    /// world. Distances are kept only by a rotation: the frame's rows should be
    /// orthonormal.
    pub(crate) fn touch(
        &self,
        center: [f32; 3],
        radius: f32,
        local: impl FnOnce([f32; 3], f32) -> Option<(f32, [f32; 3], [f32; 3])>,
    ) -> Option<(f32, [f32; 3], [f32; 3])> {
        let (depth, p, n) = local(self.point_to_local(center), radius)?;
        Some((depth, self.point_to_world(p), self.normal_to_world(n)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: [f32; 3], b: [f32; 3]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
    }

    #[test]
    fn quaternion_quarter_turn_about_z() {
        let h = core::f32::consts::FRAC_1_SQRT_2;
        let f = Frame::from_quaternion([h, 0.0, 0.0, h], [1.0, 2.0, 3.0]).unwrap();
        assert!(close(f.vector_to_world([1.0, 0.0, 0.0]), [0.0, 1.0, 0.0]));
        assert!(close(f.point_to_world([1.0, 0.0, 0.0]), [1.0, 3.0, 3.0]));
        assert!(close(f.point_to_local([1.0, 3.0, 3.0]), [1.0, 0.0, 0.0]));
        // Not unit: the same rotation.
        let g = Frame::from_quaternion([2.0 * h, 0.0, 0.0, 2.0 * h], [0.0; 3]).unwrap();
        assert!(close(g.vector_to_world([0.0, 1.0, 0.0]), [-1.0, 0.0, 0.0]));
    }

    #[test]
    fn degenerate_quaternions_have_no_frame() {
        assert_eq!(Frame::from_quaternion([0.0; 4], [0.0; 3]), None);
        assert_eq!(
            Frame::from_quaternion([f32::NAN, 0.0, 0.0, 0.0], [0.0; 3]),
            None
        );
        assert_eq!(
            Frame::from_quaternion([1.0, 0.0, 0.0, 0.0], [f32::INFINITY, 0.0, 0.0]),
            None
        );
        assert_eq!(
            Frame::from_quaternion([1e30, 1e30, 0.0, 0.0], [0.0; 3]),
            None
        );
    }

    #[test]
    fn normals_come_back_unit_or_not_at_all() {
        let f = Frame::new(
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            [5.0, 0.0, 0.0],
        );
        assert_eq!(f.normal_to_world([0.0, 0.0, 3.0]), Some([0.0, 0.0, 1.0]));
        assert_eq!(f.normal_to_world([0.0; 3]), None);
    }
}
