//! BattleForge queries over a shapes view: containment, casts, ground and overlaps.

use zerocol::query::{Contact, Primitive, Query};

use crate::battleforge::read::zc_battleforge_shapes;
use crate::boundary;
use crate::convert::{put, wide};
use crate::error::zc_status;
use crate::query::{overlap_into, zc_ball, zc_contact, zc_hit, zc_segment};

/// The nearest hit of the segment at `segment` over every shape, into `hit`: its
/// `primitive` is `ZC_PRIMITIVE_SPHERE`, `_BOX` or `_CYLINDER`, its `index` the shape's
/// index in that kind's array, its `material` 0. `ZC_STATUS_NOT_FOUND` when nothing is
/// hit.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_cast(
    shapes: *const zc_battleforge_shapes,
    segment: *const zc_segment,
    hit: *mut zc_hit,
) -> zc_status {
    let (s, segment) = match (zc_battleforge_shapes::read(shapes), boundary::read(segment)) {
        (Ok(s), Ok(segment)) => (s, segment.to_rust()),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match s.cast(segment) {
        Some(h) => put(hit, zc_hit::of(&h, |()| 0)),
        None => zc_status::ZC_STATUS_NOT_FOUND,
    }
}

/// Y-up ground: the nearest hit of the segment from `(x, y, z)` down to
/// `(x, y − depth, z)`, as [`zc_battleforge_cast`]. `ZC_STATUS_NOT_FOUND` when nothing
/// is hit, or for a negative or NaN `depth`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_ground(
    shapes: *const zc_battleforge_shapes,
    x: f32,
    y: f32,
    z: f32,
    depth: f32,
    hit: *mut zc_hit,
) -> zc_status {
    if depth.is_nan() || depth < 0.0 {
        return match zc_battleforge_shapes::read(shapes) {
            Ok(_) => zc_status::ZC_STATUS_NOT_FOUND,
            Err(status) => status,
        };
    }
    let segment = zc_segment {
        start: [x, y, z],
        end: [x, y - depth, z],
    };
    zc_battleforge_cast(shapes, &segment, hit)
}

/// A placeholder contact for the local buffer.
pub(crate) const EMPTY_CONTACT: Contact<()> = Contact {
    depth: 0.0,
    point: [0.0; 3],
    normal: [0.0; 3],
    primitive: Primitive::Sphere,
    index: 0,
    material: (),
};

/// Every shape the ball at `ball` touches, into `contacts` (`cap` entries; NULL when
/// `cap` is 0). `found` (not NULL) receives how many there are, even when more than
/// `cap` (or than `ZC_OVERLAP_MAX`, the most one call writes).
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_overlap(
    shapes: *const zc_battleforge_shapes,
    ball: *const zc_ball,
    contacts: *mut zc_contact,
    cap: usize,
    found: *mut u64,
) -> zc_status {
    let (s, ball, out) = match (
        zc_battleforge_shapes::read(shapes),
        boundary::read(ball),
        boundary::slice_mut(contacts, cap),
    ) {
        (Ok(s), Ok(ball), Ok(out)) => (s, ball.to_rust(), out),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    if found.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match overlap_into(
        out,
        EMPTY_CONTACT,
        |()| 0,
        |local| Ok(s.overlap(ball, local)),
    ) {
        Ok(n) => put(found, wide(n)),
        Err(status) => status,
    }
}
