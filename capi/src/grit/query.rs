//! Queries on a Grit body from C: a segment cast, the ground below a point and a
//! sphere overlap, against the compound's shapes and the trimesh (Z up, the body's
//! own space; `zerocol::grit`'s page says how each shape is tested).

use core::ffi::c_char;

use zerocol::query::{self, Contact, Query};

use crate::boundary;
use crate::error::zc_status;
use crate::grit::view::{File, zc_grit_body};
use crate::query::{zc_ball, zc_contact, zc_hit, zc_segment};

/// Contacts one overlap call reports at most (the count returned is every contact).
pub const ZC_GRIT_OVERLAP_MAX: usize = 64;

/// A hit on a Grit body, with its material string.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_grit_hit {
    /// The hit: `hit.index` is the shape's place in the compound or the face's in the
    /// trimesh (by `hit.primitive`); `hit.material` is the material's byte offset in
    /// the body's buffer (`UINT32_MAX` when it does not fit or is not in the buffer).
    pub hit: zc_hit,
    /// The material, UTF-8, not NUL-terminated, `material_len` bytes.
    pub material: *const c_char,
    /// The material's length.
    pub material_len: usize,
}

/// A contact on a Grit body, with its material string.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_grit_contact {
    /// The contact, `material` as in [`zc_grit_hit`].
    pub contact: zc_contact,
    /// The material, UTF-8, not NUL-terminated, `material_len` bytes.
    pub material: *const c_char,
    /// The material's length.
    pub material_len: usize,
}

// SAFETY: integers, floats and a pointer only (the caller's array may hold any bits).
unsafe impl boundary::Plain for zc_grit_contact {}

/// The byte offset of `material` in `buffer`, or `u32::MAX`.
fn material_offset(buffer: &[u8], material: &str) -> u32 {
    let start = buffer.as_ptr() as usize;
    let at = material.as_ptr() as usize;
    at.checked_sub(start)
        .filter(|&off| off <= buffer.len())
        .and_then(|off| u32::try_from(off).ok())
        .unwrap_or(u32::MAX)
}

/// Casts with the file's query.
fn cast<'a>(file: &File<'a>, segment: query::Segment) -> Option<query::Hit<&'a str>> {
    match file {
        File::Tcol(t) => t.cast(segment),
        File::Bcol(b) => b.cast(segment),
    }
}

/// Writes a hit, or says it missed.
fn hit_out(buffer: &[u8], hit: Option<query::Hit<&str>>, out: *mut zc_grit_hit) -> zc_status {
    let Some(hit) = hit else {
        return zc_status::ZC_STATUS_NOT_FOUND;
    };
    let c = zc_grit_hit {
        hit: zc_hit::of(&hit, |m| material_offset(buffer, m)),
        material: hit.material.as_ptr().cast::<c_char>(),
        material_len: hit.material.len(),
    };
    match boundary::write(out, c) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// The nearest hit of `segment` on the body's shapes and trimesh, into `out`:
/// `ZC_STATUS_OK`, or `ZC_STATUS_NOT_FOUND` when it hits nothing (`out` not written).
/// It tests every shape and face (a TCOL trimesh reads each face's corners from the
/// text).
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_cast(
    body: *const zc_grit_body,
    segment: *const zc_segment,
    out: *mut zc_grit_hit,
) -> zc_status {
    let ((buffer, file), segment) = match (zc_grit_body::read(body), boundary::read(segment)) {
        (Ok(read), Ok(segment)) => (read, segment),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if out.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    hit_out(buffer, cast(&file, segment.to_rust()), out)
}

/// The highest surface below the point `(x, y, z)` within `depth`: the nearest hit
/// of the segment from the point down to `(x, y, z - depth)`, into `out`;
/// `ZC_STATUS_NOT_FOUND` when there is none, or `depth` is negative or NaN.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_ground(
    body: *const zc_grit_body,
    x: f32,
    y: f32,
    z: f32,
    depth: f32,
    out: *mut zc_grit_hit,
) -> zc_status {
    let (buffer, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let point = [x, y, z];
    if out.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let hit = match &file {
        File::Tcol(t) => query::ground(t, point, depth),
        File::Bcol(b) => query::ground(b, point, depth),
    };
    hit_out(buffer, hit, out)
}

/// Every shape and face `ball` touches: the first of them (shapes first, then faces,
/// each in order) into `out`, at most `cap` and at most [`ZC_GRIT_OVERLAP_MAX`]
/// (`out` may be NULL when `cap` is 0), and how many there are in all to `found`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_overlap(
    body: *const zc_grit_body,
    ball: *const zc_ball,
    out: *mut zc_grit_contact,
    cap: usize,
    found: *mut usize,
) -> zc_status {
    let ((buffer, file), ball) = match (zc_grit_body::read(body), boundary::read(ball)) {
        (Ok(read), Ok(ball)) => (read, ball),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if found.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let out = match boundary::slice_mut(out, cap) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let blank = Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0; 3],
        primitive: query::Primitive::Sphere,
        index: 0,
        material: "",
    };
    let mut contacts = [blank; ZC_GRIT_OVERLAP_MAX];
    let ball = ball.to_rust();
    let n = match &file {
        File::Tcol(t) => t.overlap(ball, &mut contacts),
        File::Bcol(b) => b.overlap(ball, &mut contacts),
    };
    for (slot, c) in out.iter_mut().zip(contacts.iter().take(n)) {
        *slot = zc_grit_contact {
            contact: zc_contact::of(c, |m| material_offset(buffer, m)),
            material: c.material.as_ptr().cast::<c_char>(),
            material_len: c.material.len(),
        };
    }
    match boundary::write(found, n) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}
