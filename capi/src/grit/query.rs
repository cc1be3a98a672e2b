//! Queries on a Grit body from C: a segment cast, the ground below a point and a
//! sphere overlap, against the compound's shapes and the trimesh (Z up, the body's
//! own space; `zerocol::grit`'s page says how each shape is tested).

use core::ffi::c_char;

use zerocol::grit::{FaceIndex, FaceIndexParts, IndexedFace, ShapesParts};
use zerocol::query::{self, Contact, FaceTree, Query, Vec3};

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
/// meshes, and for many casts, build a face index ([`zc_grit_face_index_build`]).
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
    let ball = ball.to_rust();
    match &file {
        File::Tcol(t) => overlap_out(buffer, t, ball, out, cap, found),
        File::Bcol(b) => overlap_out(buffer, b, ball, out, cap, found),
    }
}

/// The overlap of `ball` with `q`, into the caller's contacts and count.
fn overlap_out<'a, Q: Query<Material = &'a str>>(
    buffer: &[u8],
    q: &Q,
    ball: query::Ball,
    out: *mut zc_grit_contact,
    cap: usize,
    found: *mut usize,
) -> zc_status {
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
    let n = q.overlap(ball, &mut contacts);
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

// SAFETY: a hit is integers, floats and a pointer (the caller's array may hold any
// bits).
unsafe impl boundary::Plain for zc_grit_hit {}

/// `uint32_t` words in one node of a face index's storage.
pub const ZC_GRIT_FACE_INDEX_NODE_WORDS: usize = 28;
const _: () = assert!(ZC_GRIT_FACE_INDEX_NODE_WORDS == boundary::NODE_WORDS);

/// `uint32_t` words of one face in a face index's storage.
pub const ZC_GRIT_FACE_INDEX_FACE_WORDS: usize = 5;
const _: () = assert!(ZC_GRIT_FACE_INDEX_FACE_WORDS * 4 == size_of::<IndexedFace>());

/// `uint32_t` words of one vertex in a face index's storage.
const VERTEX_WORDS: usize = 3;
const _: () = assert!(VERTEX_WORDS * 4 == size_of::<Vec3>());

/// Where a face index's parts lie in its `uint32_t` storage, in words: the tree's
/// nodes (with the build's scratch after them), the faces, the vertices; and the
/// total.
struct Layout {
    faces_at: usize,
    vertices_at: usize,
    words: usize,
}

impl Layout {
    fn of(faces: usize, vertices: usize) -> Option<Self> {
        let faces_at = FaceTree::nodes_for(faces).checked_mul(boundary::NODE_WORDS)?;
        let vertices_at =
            faces_at.checked_add(faces.checked_mul(ZC_GRIT_FACE_INDEX_FACE_WORDS)?)?;
        let words = vertices_at.checked_add(vertices.checked_mul(VERTEX_WORDS)?)?;
        Some(Self {
            faces_at,
            vertices_at,
            words,
        })
    }
}

/// The trimesh's face and vertex counts of a body view (0 without a trimesh).
fn counts(body: &zc_grit_body) -> Option<(usize, usize)> {
    Some((
        usize::try_from(body.face_count).ok()?,
        usize::try_from(body.vertex_count).ok()?,
    ))
}

/// A body with its trimesh decoded into the caller's storage and a tree over its
/// faces, made by [`zc_grit_face_index_build`]: it answers every query as
/// [`zc_grit_cast`], [`zc_grit_ground`] and [`zc_grit_overlap`] do (the same hits
/// and contacts, in the same order), but is rebuilt in O(1) by every query (the
/// body is not validated again) and a cast visits only the faces near the segment.
/// It borrows the body's bytes and the storage: the bytes must stay unchanged while
/// it is used (changed bytes give unspecified answers, and debug builds of the
/// library assert); storage changed after the build (any bits) gives unspecified
/// answers, but never a crash, a hang or a read outside it.
///
/// Do not change its fields: a view whose `check` does not match them is refused
/// with `ZC_STATUS_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_grit_face_index {
    /// The body indexed.
    pub body: zc_grit_body,
    /// The caller's storage: the tree's nodes first.
    pub storage: *const u32,
    /// Nodes of the tree (`ZC_GRIT_FACE_INDEX_NODE_WORDS` words each), from
    /// `storage`.
    pub nodes: usize,
    /// Word offset of the faces in `storage` (`body.face_count` of them,
    /// `ZC_GRIT_FACE_INDEX_FACE_WORDS` words each).
    pub faces_at: usize,
    /// Word offset of the vertices in `storage` (`body.vertex_count` of them, 3
    /// floats each).
    pub vertices_at: usize,
    /// Private: where the compound's shapes start in the body's bytes.
    pub shapes: [u64; 5],
    /// Private: the largest magnitude of a face's coordinates.
    pub magnitude: f32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, floats, a pointer and a plain struct only.
unsafe impl boundary::Plain for zc_grit_face_index {}

impl zc_grit_face_index {
    /// The check word of the other fields.
    fn seal(&self) -> u32 {
        let [a, b, c, d, e] = self.shapes;
        boundary::seal(&[
            u64::from(self.body.check),
            self.storage as usize as u64,
            self.nodes as u64,
            self.faces_at as u64,
            self.vertices_at as u64,
            a,
            b,
            c,
            d,
            e,
            u64::from(self.magnitude.to_bits()),
        ])
    }

    /// The caller's index at `ptr`, rebuilt in O(1), with the body's bytes.
    fn read<'a>(ptr: *const Self) -> Result<(&'a [u8], FaceIndex<'a, 'a>), zc_status> {
        let view = boundary::read(ptr)?;
        if view.check != view.seal() || view.body.check != view.body.seal() {
            return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
        }
        let (faces, vertices) = counts(&view.body).ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)?;
        let buffer = boundary::bytes(view.body.buffer, view.body.buffer_len)?;
        let words = view
            .nodes
            .checked_mul(boundary::NODE_WORDS)
            .ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)?;
        let parts = (
            boundary::nodes(view.storage, words),
            boundary::slice(
                view.storage
                    .wrapping_add(view.faces_at)
                    .cast::<IndexedFace>(),
                faces,
            ),
            boundary::slice(
                view.storage.wrapping_add(view.vertices_at).cast::<Vec3>(),
                vertices,
            ),
        );
        let (nodes, faces, vertices) = match parts {
            (Ok(n), Ok(f), Ok(v)) => (n, f, v),
            (Err(s), _, _) | (_, Err(s), _) | (_, _, Err(s)) => return Err(s),
        };
        let parts = FaceIndexParts {
            shapes: ShapesParts { words: view.shapes },
            vertices,
            faces,
            tree: FaceTree::from_parts(nodes, view.magnitude),
        };
        Ok((buffer, FaceIndex::from_parts(buffer, parts)))
    }
}

/// Writes to `words` how many `uint32_t` words of storage
/// [`zc_grit_face_index_build`] needs for the body: a tree over its trimesh's faces
/// (`ZC_GRIT_FACE_INDEX_NODE_WORDS` a node, about half the faces' count), the faces
/// (`ZC_GRIT_FACE_INDEX_FACE_WORDS` each) and the vertices (3 each), about 19 words
/// a face and 3 a vertex; the same on every target.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_face_index_words(
    body: *const zc_grit_body,
    words: *mut usize,
) -> zc_status {
    let view = match (boundary::read(body), zc_grit_body::read(body)) {
        (Ok(v), Ok(_)) => v,
        (Err(status), _) | (_, Err(status)) => return status,
    };
    let Some(layout) = counts(&view).and_then(|(f, v)| Layout::of(f, v)) else {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    };
    match boundary::write(words, layout.words) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// Builds the face index of `body` in the caller's `words` words at `storage` (at
/// least what [`zc_grit_face_index_words`] says; 4-byte aligned; not overlapping the
/// body's bytes; may be NULL when that is 0), O(n log n) in the faces after one
/// validation of the body, and writes its view to `index`.
/// `ZC_STATUS_BUFFER_TOO_SMALL` when the storage is short (nothing built, `index`
/// not written). The index borrows the body's bytes and the storage.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_face_index_build(
    body: *const zc_grit_body,
    storage: *mut u32,
    words: usize,
    index: *mut zc_grit_face_index,
) -> zc_status {
    let (view, (buffer, file)) = match (boundary::read(body), zc_grit_body::read(body)) {
        (Ok(v), Ok(read)) => (v, read),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if index.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let Some((faces, vertices)) = counts(&view) else {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    };
    let Some(layout) = Layout::of(faces, vertices) else {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    };
    if words < layout.words {
        return zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
    }
    // The storage as bytes first, for the overlap check.
    if let Err(s) =
        boundary::bytes_mut_apart(storage.cast::<u8>(), words.saturating_mul(4), &[buffer])
    {
        return s;
    }
    // The three regions, inside `words` and apart (by the layout's sums).
    let parts = (
        boundary::nodes_mut(storage, layout.faces_at),
        boundary::slice_mut(
            storage.wrapping_add(layout.faces_at).cast::<IndexedFace>(),
            faces,
        ),
        boundary::slice_mut(
            storage.wrapping_add(layout.vertices_at).cast::<Vec3>(),
            vertices,
        ),
    );
    let (nodes, faces, vertices) = match parts {
        (Ok(n), Ok(f), Ok(v)) => (n, f, v),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    let built = match &file {
        File::Tcol(t) => t.face_index(vertices, faces, nodes),
        File::Bcol(b) => b.face_index(vertices, faces, nodes),
    };
    let Ok(built) = built else {
        return zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
    };
    let parts = built.parts();
    let (tree, magnitude) = parts.tree.parts();
    let mut out = zc_grit_face_index {
        body: view,
        storage: storage.cast_const(),
        nodes: tree.len(),
        faces_at: layout.faces_at,
        vertices_at: layout.vertices_at,
        shapes: parts.shapes.words,
        magnitude,
        check: 0,
    };
    out.check = out.seal();
    match boundary::write(index, out) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// As [`zc_grit_cast`], through the index: O(1) to rebuild, and only the faces near
/// the segment are tested.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_face_index_cast(
    index: *const zc_grit_face_index,
    segment: *const zc_segment,
    out: *mut zc_grit_hit,
) -> zc_status {
    let ((buffer, index), segment) =
        match (zc_grit_face_index::read(index), boundary::read(segment)) {
            (Ok(read), Ok(segment)) => (read, segment),
            (Err(status), _) | (_, Err(status)) => return status,
        };
    if out.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    hit_out(buffer, index.cast(segment.to_rust()), out)
}

/// As [`zc_grit_ground`], through the index.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_face_index_ground(
    index: *const zc_grit_face_index,
    x: f32,
    y: f32,
    z: f32,
    depth: f32,
    out: *mut zc_grit_hit,
) -> zc_status {
    let (buffer, index) = match zc_grit_face_index::read(index) {
        Ok(read) => read,
        Err(status) => return status,
    };
    if out.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    hit_out(buffer, query::ground(&index, [x, y, z], depth), out)
}

/// As [`zc_grit_overlap`], through the index (the same contacts in the same order).
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_face_index_overlap(
    index: *const zc_grit_face_index,
    ball: *const zc_ball,
    out: *mut zc_grit_contact,
    cap: usize,
    found: *mut usize,
) -> zc_status {
    let ((buffer, index), ball) = match (zc_grit_face_index::read(index), boundary::read(ball)) {
        (Ok(read), Ok(ball)) => (read, ball),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    overlap_out(buffer, &index, ball.to_rust(), out, cap, found)
}
