//! Hits and contacts built from what a shape test found, for the formats'
//! queries: the point recomputed from the segment, normals made unit, and
//! anything not finite dropped.

use super::types::{Contact, Hit, Primitive, Segment};
use super::vec::Vec3;
use super::vec::{finite, normalize};

/// The hit at `t` of `segment`, with `normal` made unit; `None` when `t` is
/// outside `[0, 1]` or anything is not finite.
pub(crate) fn hit<M>(
    segment: &Segment,
    found: (f32, Vec3),
    primitive: Primitive,
    index: usize,
    material: M,
) -> Option<Hit<M>> {
    let (t, normal) = found;
    let normal = normalize(normal)?;
    let point = segment.at(t);
    ((0.0..=1.0).contains(&t) && finite(point)).then_some(Hit {
        t,
        point,
        normal,
        primitive,
        index,
        material,
    })
}

/// The contact of a `(depth, point, normal)` found, with `normal` made unit;
/// `None` when anything is not finite or the depth is negative.
pub(crate) fn contact<M>(
    found: (f32, Vec3, Vec3),
    primitive: Primitive,
    index: usize,
    material: M,
) -> Option<Contact<M>> {
    let (depth, point, normal) = found;
    let normal = normalize(normal)?;
    (depth >= 0.0 && depth.is_finite() && finite(point)).then_some(Contact {
        depth,
        point,
        normal,
        primitive,
        index,
        material,
    })
}
