//! Queries on a Grit body from C: a segment cast, the ground below a point and a
//! sphere overlap, against the compound's shapes and the trimesh (Z up, the body's
//! own space; `zerocol::grit`'s page says how each shape is tested).

use core::ffi::c_char;

use zerocol::grit::Face;
use zerocol::query::{self, Contact, FaceTree, Node, Query, Vec3};

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
/// It tests every shape and face. A TCOL trimesh reads each face's corners from the
/// text, a pass over the vertex list per corner (800 faces: about 0.1 s); for TCOL
/// meshes, and for many casts, use [`zc_grit_face_index_cast`].
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

/// The alignment [`zc_grit_face_index_cast`] requires of its storage (what `malloc`
/// returns on the targets zerocol builds for).
pub const ZC_GRIT_INDEX_ALIGN: usize = 16;

/// `n` rounded up to [`ZC_GRIT_INDEX_ALIGN`].
fn aligned(n: usize) -> Option<usize> {
    n.checked_next_multiple_of(ZC_GRIT_INDEX_ALIGN)
}

/// Where a face index's parts lie in its storage: the faces, then the vertices, then
/// the tree's nodes, each at a multiple of [`ZC_GRIT_INDEX_ALIGN`]; and the total.
struct Layout {
    vertices_at: usize,
    nodes_at: usize,
    len: usize,
    vertices: usize,
    faces: usize,
    nodes: usize,
}

fn layout(file: &File<'_>) -> Option<Layout> {
    let mesh = file.trimesh();
    let vertices = mesh.as_ref().map_or(0, |m| m.vertex_count());
    let faces = mesh.as_ref().map_or(0, |m| m.face_count());
    let nodes = FaceTree::nodes_for(faces);
    let vertices_at = aligned(faces.checked_mul(size_of::<Face<'_>>())?)?;
    let nodes_at = aligned(vertices_at.checked_add(vertices.checked_mul(size_of::<Vec3>())?)?)?;
    let len = nodes_at.checked_add(nodes.checked_mul(size_of::<Node>())?)?;
    Some(Layout {
        vertices_at,
        nodes_at,
        len,
        vertices,
        faces,
        nodes,
    })
}

/// Writes to `len` how many bytes of storage [`zc_grit_face_index_cast`] needs for
/// the body: its trimesh's faces and vertices decoded, and a tree over the faces
/// (`zerocol::query::FaceTree`, 112 bytes a node, about half the faces' count). It
/// differs between 32- and 64-bit targets.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_face_index_len(body: *const zc_grit_body, len: *mut usize) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let Some(layout) = layout(&file) else {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    };
    match boundary::write(len, layout.len) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

// SAFETY: a hit is integers, floats and a pointer (the caller's array may hold any
// bits).
unsafe impl boundary::Plain for zc_grit_hit {}

/// Casts `count` segments at the body through a face index (`zerocol::grit::FaceIndex`)
/// built once, for this call, into the caller's `storage` (`storage_len` bytes, at
/// least [`zc_grit_face_index_len`], aligned to [`ZC_GRIT_INDEX_ALIGN`]; overwritten
/// and free again when the call returns): one validation and one O(n log n) build,
/// then each cast visits the faces nearest boxes first, as the body's own cast would
/// answer. Batch the segments: each call builds the index again.
///
/// - `segments`: `count` segments (may be NULL when `count` is 0).
/// - `hits`: `count` hits; `hits[i]` is written when segment `i` hits something.
/// - `found`: `count` bytes; `found[i]` is 1 when segment `i` hit, 0 when it missed.
///
/// `ZC_STATUS_BUFFER_TOO_SMALL` when the storage is short (nothing written).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn zc_grit_face_index_cast(
    body: *const zc_grit_body,
    storage: *mut u8,
    storage_len: usize,
    segments: *const zc_segment,
    count: usize,
    hits: *mut zc_grit_hit,
    found: *mut u8,
) -> zc_status {
    let (buffer, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let (segments, hits, found) = match (
        boundary::slice(segments, count),
        boundary::slice_mut(hits, count),
        boundary::bytes_mut(found, count),
    ) {
        (Ok(s), Ok(h), Ok(f)) => (s, h, f),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    let Some(layout) = layout(&file) else {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    };
    if storage_len < layout.len {
        return zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
    }
    if storage.is_null() && layout.len > 0 {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    if !(storage as usize).is_multiple_of(ZC_GRIT_INDEX_ALIGN) {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    }
    // The three regions, inside `storage_len` and apart (by the layout's sums).
    let blank = Face::default();
    let parts = (
        boundary::init_slice_mut(storage.cast::<Face<'_>>(), layout.faces, blank),
        boundary::slice_mut(
            storage.wrapping_add(layout.vertices_at).cast::<Vec3>(),
            layout.vertices,
        ),
        boundary::init_slice_mut(
            storage.wrapping_add(layout.nodes_at).cast::<Node>(),
            layout.nodes,
            Node::EMPTY,
        ),
    );
    let (faces, vertices, nodes) = match parts {
        (Ok(f), Ok(v), Ok(n)) => (f, v, n),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    let index = match &file {
        File::Tcol(t) => t.face_index(vertices, faces, nodes),
        File::Bcol(b) => b.face_index(vertices, faces, nodes),
    };
    let Ok(index) = index else {
        return zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
    };
    for ((segment, hit), found) in segments.iter().zip(hits.iter_mut()).zip(found.iter_mut()) {
        *found = 0;
        if let Some(h) = index.cast(segment.to_rust()) {
            *hit = zc_grit_hit {
                hit: zc_hit::of(&h, |m| material_offset(buffer, m)),
                material: h.material.as_ptr().cast::<c_char>(),
                material_len: h.material.len(),
            };
            *found = 1;
        }
    }
    zc_status::ZC_STATUS_OK
}
