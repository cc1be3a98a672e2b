//! MKGP queries over a course: ground height, casts, ground and overlaps.

use zerocol::mkgp::{CellIndex, Surface};
use zerocol::query::{Ball, Contact, Query};

use crate::boundary;
use crate::convert::{put, wide};
use crate::error::zc_status;
use crate::mkgp::read::{Storage, indexed, triangle_of, zc_mkgp_course, zc_mkgp_triangle};
use crate::query::{overlap_into, zc_ball, zc_contact, zc_hit, zc_segment};

/// The ground under a point: the highest triangle surface of its cell.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_mkgp_height {
    /// Height (Y) of the surface at the point.
    pub height: f32,
    /// The triangle, decoded.
    pub triangle: zc_mkgp_triangle,
}

/// The highest ground triangle of the cell under world `(x, z)`, into `ground`:
/// `ZC_STATUS_NOT_FOUND` outside the grid or where no triangle covers the point.
/// `index`, `index_len` as for [`zc_mkgp_course_cell`] (the walk is O(cells)).
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_ground_height(
    course: *const zc_mkgp_course,
    index: *const u32,
    index_len: usize,
    x: f32,
    z: f32,
    ground: *mut zc_mkgp_height,
) -> zc_status {
    let course = match zc_mkgp_course::read(course) {
        Ok(course) => course,
        Err(status) => return status,
    };
    let found = match Storage::of(&course, index, index_len) {
        Ok(Some(storage)) => match CellIndex::from_storage(course, storage.cells) {
            Ok(cells) => cells.ground_height(x, z),
            Err(_) => return zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
        },
        Ok(None) => course.ground_height(x, z),
        Err(status) => return status,
    };
    match found {
        Some(g) => put(
            ground,
            zc_mkgp_height {
                height: g.height,
                triangle: triangle_of(course.bytes(), g.triangle),
            },
        ),
        None => zc_status::ZC_STATUS_NOT_FOUND,
    }
}

/// A query's material: a ground triangle's surface flags, or a triangle wall's flag
/// (its bits).
pub(crate) fn material(surface: &Surface) -> u32 {
    match *surface {
        Surface::Ground(flags) => flags.0,
        Surface::Wall(flag) => u32::from_ne_bytes(flag.to_ne_bytes()),
        _ => 0,
    }
}

/// The nearest hit of the segment at `segment` over the ground triangles
/// (`ZC_PRIMITIVE_FACE`) and triangle walls (`ZC_PRIMITIVE_WALL`), into `hit`: its
/// `index` is the record's file offset, its `material` the triangle's surface flags
/// or the triangle wall's flag. `ZC_STATUS_NOT_FOUND` when nothing is hit. `index`,
/// `index_len` as for [`zc_mkgp_course_cell`].
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_cast(
    course: *const zc_mkgp_course,
    index: *const u32,
    index_len: usize,
    segment: *const zc_segment,
    hit: *mut zc_hit,
) -> zc_status {
    let (course, segment) = match (zc_mkgp_course::read(course), boundary::read(segment)) {
        (Ok(course), Ok(segment)) => (course, segment.to_rust()),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    let found = match indexed(&course, index, index_len) {
        Ok(Some(indexed)) => indexed.cast(segment),
        Ok(None) => course.cast(segment),
        Err(status) => return status,
    };
    match found {
        Some(h) => put(hit, zc_hit::of(&h, material)),
        None => zc_status::ZC_STATUS_NOT_FOUND,
    }
}

/// Y-up ground: the nearest hit of the segment from `(x, y, z)` down to
/// `(x, y − depth, z)`, into `hit`, as [`zc_mkgp_cast`]. `ZC_STATUS_NOT_FOUND`
/// when nothing is hit, or for a negative or NaN `depth`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_ground(
    course: *const zc_mkgp_course,
    index: *const u32,
    index_len: usize,
    x: f32,
    y: f32,
    z: f32,
    depth: f32,
    hit: *mut zc_hit,
) -> zc_status {
    if depth.is_nan() || depth < 0.0 {
        return match zc_mkgp_course::read(course) {
            Ok(_) => zc_status::ZC_STATUS_NOT_FOUND,
            Err(status) => status,
        };
    }
    let segment = zc_segment {
        start: [x, y, z],
        end: [x, y - depth, z],
    };
    zc_mkgp_cast(course, index, index_len, &segment, hit)
}

/// Every record the ball at `ball` touches (ground triangles and triangle walls), each
/// once, into `contacts` (`cap` entries; NULL when `cap` is 0). `found` (not NULL)
/// receives how many there are, even when more than `cap` (or than
/// [`ZC_OVERLAP_MAX`], the most one call writes). `index`, `index_len` as for
/// [`zc_mkgp_course_cell`].
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_overlap(
    course: *const zc_mkgp_course,
    index: *const u32,
    index_len: usize,
    ball: *const zc_ball,
    contacts: *mut zc_contact,
    cap: usize,
    found: *mut u64,
) -> zc_status {
    let (course, ball, out) = match (
        zc_mkgp_course::read(course),
        boundary::read(ball),
        boundary::slice_mut(contacts, cap),
    ) {
        (Ok(course), Ok(ball), Ok(out)) => (course, ball.to_rust(), out),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    if found.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let gathered = overlap_into(out, EMPTY_CONTACT, material, |local| {
        Ok(match indexed(&course, index, index_len)? {
            Some(indexed) => indexed.overlap(ball, local),
            None => course.overlap(ball, local),
        })
    });
    match gathered {
        Ok(n) => put(found, wide(n)),
        Err(status) => status,
    }
}

/// A placeholder contact for the local buffer.
pub(crate) const EMPTY_CONTACT: Contact<Surface> = Contact {
    depth: 0.0,
    point: [0.0; 3],
    normal: [0.0; 3],
    primitive: zerocol::query::Primitive::Face,
    index: 0,
    material: Surface::Wall(0),
};

/// The ball type is used through `zc_ball::to_rust`.
const _: fn(zc_ball) -> Ball = zc_ball::to_rust;
