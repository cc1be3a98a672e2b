//! Stage `vec` (first): the vector arithmetic the primitive tests share, on top of
//! the crate's `math` (which `core` lacks without `std`).

pub(crate) use crate::math::{add, cross, dot, sub};

/// A point or direction: `x, y, z` in the view's own space.
pub type Vec3 = [f32; 3];

/// `v · s`.
pub(crate) fn scale(v: Vec3, s: f32) -> Vec3 {
    let [x, y, z] = v;
    [x * s, y * s, z * s]
}

/// `start + t · dir`: the point at `t` along a segment.
pub(crate) fn at(start: Vec3, dir: Vec3, t: f32) -> Vec3 {
    add(start, scale(dir, t))
}

/// Euclidean length.
pub(crate) fn length(v: Vec3) -> f32 {
    libm::sqrtf(dot(v, v))
}

/// `v` scaled to unit length; `None` when its length is zero, infinite or NaN.
/// A finite vector whose squared length overflows (or underflows) is scaled by
/// its largest component first, so it still has a direction.
pub(crate) fn normalize(v: Vec3) -> Option<Vec3> {
    let len = length(v);
    if len > 0.0 && len.is_finite() && dot(v, v) >= f32::MIN_POSITIVE {
        return Some(scale(v, 1.0 / len));
    }
    let big = v.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if !(big > 0.0 && big.is_finite()) {
        return None;
    }
    let u = scale(v, 1.0 / big);
    let len = length(u);
    (len > 0.0 && len.is_finite()).then(|| scale(u, 1.0 / len))
}

/// `-v`.
pub(crate) fn neg(v: Vec3) -> Vec3 {
    scale(v, -1.0)
}

/// Every coordinate is a number, not infinite.
pub(crate) fn finite(v: Vec3) -> bool {
    v.iter().all(|x| x.is_finite())
}

/// The normal of a solid hit from inside at `t = 0`: against the segment's
/// direction, or +Z for a zero-length segment.
pub(crate) fn inside_normal(dir: Vec3) -> Vec3 {
    normalize(neg(dir)).unwrap_or([0.0, 0.0, 1.0])
}
