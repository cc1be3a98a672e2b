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

/// A solid's entry `t` (in `[0, 1]`) for a segment that starts outside it: the
/// exact entry is past the start, so one that rounded to 0 (a start a subnormal
/// outside, a huge direction) becomes the least positive `t`, and `t = 0` always
/// means a start inside (or on) the solid.
pub(crate) fn entry_from_outside(t: f32) -> f32 {
    t.max(f32::from_bits(1))
}

/// Euclidean length.
pub(crate) fn length(v: Vec3) -> f32 {
    libm::sqrtf(dot(v, v))
}

/// `v` scaled to unit length; `None` when it is zero or has an infinite or NaN
/// coordinate. Scaled by its largest coordinate first, so that neither a tiny nor a
/// huge vector loses its length to underflow or overflow.
pub(crate) fn normalize(v: Vec3) -> Option<Vec3> {
    let largest = v
        .iter()
        .fold(0.0f32, |m, x| if x.abs() > m { x.abs() } else { m });
    if !(largest > 0.0 && largest.is_finite() && finite(v)) {
        return None;
    }
    let w = v.map(|x| x / largest);
    let len = length(w);
    Some(w.map(|x| x / len))
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
