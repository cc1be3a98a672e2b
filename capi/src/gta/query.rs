//! GTA queries in C: segment casts (line of sight), the ground below a point and ball
//! overlaps on a model, as the games test them; the same through a face index built
//! in caller storage (no culls, faster on big meshes); and a cast over every model of
//! a `.col` library.
//!
//! **Materials.** A GTA hit's or contact's `material` is the surface's material id
//! (`0..=255`, the first byte of the surface: `zc_gta_material_mask` bit numbering) in
//! the low 8 bits; the other bits are 0. **No hit** is `ZC_STATUS_NOT_FOUND`, with
//! the hit not written.

use zerocol::gta::{FaceIndex, Model};
use zerocol::query::{Contact, FaceTree, Primitive, Query, Segment, ground};

use crate::boundary::{self, Sealed};
use crate::error::{fail, zc_error, zc_status};
use crate::format::zc_format;
use crate::gta::error::to_c;
use crate::gta::read::{options, zc_gta_model};
use crate::query::{ZC_OVERLAP_MAX, zc_ball, zc_contact, zc_hit, zc_segment};

/// A set of material ids (0..=255): bit `m % 8` of `bits[m / 8]` is material `m`.
/// The filtered casts skip the surfaces whose material is in the set, as the games
/// skip see-through and shoot-through surfaces.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_gta_material_mask {
    /// 256 bits, one per material id.
    pub bits: [u8; 32],
}

// SAFETY: bytes only.
unsafe impl boundary::Plain for zc_gta_material_mask {}

impl zc_gta_material_mask {
    /// Whether material `m` is in the set.
    #[inline]
    fn has(&self, m: u8) -> bool {
        let byte = self.bits.get(usize::from(m >> 3)).copied().unwrap_or(0);
        (byte >> (m & 7)) & 1 == 1
    }
}

/// `uint32_t` words in one node of a face index's storage.
pub const ZC_GTA_FACE_INDEX_NODE_WORDS: usize = 28;
const _: () = assert!(ZC_GTA_FACE_INDEX_NODE_WORDS == boundary::NODE_WORDS);

/// A GTA material as `zc_hit.material`.
#[inline]
fn material(m: &u8) -> u32 {
    u32::from(*m)
}

/// Writes `hit` (or reports none) and returns the status.
#[inline]
fn answer(hit: Option<zerocol::query::Hit<u8>>, out: *mut zc_hit) -> zc_status {
    match hit {
        Some(h) => crate::convert::status(boundary::write(out, zc_hit::of(&h, material))),
        None => zc_status::ZC_STATUS_NOT_FOUND,
    }
}

/// The caller's segment.
#[inline]
fn segment(ptr: *const zc_segment) -> Result<Segment, zc_status> {
    Ok(boundary::read(ptr)?.to_rust())
}

/// Casts `segment` at `q`, skipping the materials in `skip` (NULL: none).
#[inline]
fn cast<Q: Query<Material = u8>>(
    q: &Q,
    segment: Segment,
    skip: *const zc_gta_material_mask,
    hit: *mut zc_hit,
) -> zc_status {
    if hit.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    if skip.is_null() {
        return answer(q.cast(segment), hit);
    }
    match boundary::read(skip) {
        Ok(mask) => answer(q.cast_filtered(segment, &mut |m| !mask.has(*m)), hit),
        Err(s) => s,
    }
}

/// The ground below a point in `q`.
fn ground_of<Q: Query<Material = u8>>(
    q: &Q,
    x: f32,
    y: f32,
    z: f32,
    depth: f32,
    hit: *mut zc_hit,
) -> zc_status {
    if hit.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    answer(ground(q, [x, y, z], depth), hit)
}

/// The overlap of `ball` with `q`, into the caller's contacts.
fn overlap_of<Q: Query<Material = u8>>(
    q: &Q,
    ball: *const zc_ball,
    contacts: *mut zc_contact,
    cap: usize,
    found: *mut usize,
) -> zc_status {
    let (ball, out) = match (boundary::read(ball), boundary::slice_mut(contacts, cap)) {
        (Ok(b), Ok(o)) => (b, o),
        (Err(s), _) | (_, Err(s)) => return s,
    };
    if found.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let blank = Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0; 3],
        primitive: Primitive::Sphere,
        index: 0,
        material: 0u8,
    };
    let mut gathered = [blank; ZC_OVERLAP_MAX];
    let room = gathered
        .get_mut(..cap.min(ZC_OVERLAP_MAX))
        .unwrap_or_default();
    let n = q.overlap(ball.to_rust(), room);
    for (dst, src) in out.iter_mut().zip(room.iter().take(n)) {
        *dst = zc_contact::of(src, material);
    }
    crate::convert::status(boundary::write(found, n))
}

/// Rebuilds the caller's model view (O(1)).
#[inline]
fn model_of<'a>(model: *const zc_gta_model) -> Result<Model<'a>, zc_status> {
    Ok(zc_gta_model::read(model)?.1)
}

/// The nearest hit of `segment` in `model` (its spheres, boxes and faces, culled by
/// its bounds and face groups as the games do), into `hit`: `ZC_STATUS_OK`, or
/// `ZC_STATUS_NOT_FOUND` (nothing hit, or a segment with a NaN or infinite
/// coordinate; `hit` not written). Borrows the model's bytes for the call.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_cast(
    model: *const zc_gta_model,
    segment: *const zc_segment,
    hit: *mut zc_hit,
) -> zc_status {
    match (model_of(model), self::segment(segment)) {
        (Ok(m), Ok(s)) => cast(&m, s, core::ptr::null(), hit),
        (Err(s), _) | (_, Err(s)) => s,
    }
}

/// As [`zc_gta_model_cast`], skipping every surface whose material is in `skip`
/// (NULL: none skipped).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_cast_filtered(
    model: *const zc_gta_model,
    segment: *const zc_segment,
    skip: *const zc_gta_material_mask,
    hit: *mut zc_hit,
) -> zc_status {
    match (model_of(model), self::segment(segment)) {
        (Ok(m), Ok(s)) => cast(&m, s, skip, hit),
        (Err(s), _) | (_, Err(s)) => s,
    }
}

/// The ground (Z up) below `(x, y, z)` in `model`, within `depth`: the nearest hit of
/// the segment down to `z - depth`, into `hit`. `ZC_STATUS_NOT_FOUND` when there is
/// none (or `depth` is negative or NaN).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_ground(
    model: *const zc_gta_model,
    x: f32,
    y: f32,
    z: f32,
    depth: f32,
    hit: *mut zc_hit,
) -> zc_status {
    match model_of(model) {
        Ok(m) => ground_of(&m, x, y, z, depth, hit),
        Err(s) => s,
    }
}

/// Every sphere, box and face of `model` that `ball` touches, in table order: the
/// first `min(found, cap, ZC_OVERLAP_MAX)` into `contacts` (may be NULL when
/// `cap` is 0), and the total into `found`, even when more than that. A ball with a
/// NaN or infinite coordinate or a negative radius touches nothing.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_overlap(
    model: *const zc_gta_model,
    ball: *const zc_ball,
    contacts: *mut zc_contact,
    cap: usize,
    found: *mut usize,
) -> zc_status {
    match model_of(model) {
        Ok(m) => overlap_of(&m, ball, contacts, cap, found),
        Err(s) => s,
    }
}

/// The nearest hit of `segment` over every model of the `.col` library of `len`
/// bytes at `bytes` (read in `mode`, a `zc_mode`), each model culled as in
/// [`zc_gta_model_cast`]; a tie goes to the earlier model. Each call walks (and
/// validates) the whole library: to cast many segments, keep the models
/// (`zc_gta_models_next`) and cast at each.
///
/// - `hit`: the hit, on `ZC_STATUS_OK`. `ZC_STATUS_NOT_FOUND` when nothing is hit.
/// - `model`: the model hit (a view borrowing `bytes`), on `ZC_STATUS_OK`; may be NULL.
/// - `model_index`: its position in the library, on `ZC_STATUS_OK`; may be NULL.
/// - `err`: on `ZC_STATUS_MALFORMED` (the library); may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_library_cast(
    bytes: *const u8,
    len: usize,
    mode: u32,
    segment: *const zc_segment,
    hit: *mut zc_hit,
    model: *mut zc_gta_model,
    model_index: *mut u64,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, mode, segment) = match (
        boundary::bytes(bytes, len),
        options(mode),
        self::segment(segment),
    ) {
        (Ok(b), Ok(m), Ok(s)) => (b, m, s),
        (Err(s), _, _) | (_, Err(s), _) | (_, _, Err(s)) => return s,
    };
    if hit.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let mut best: Option<(zerocol::query::Hit<u8>, Model<'_>, usize)> = None;
    for (i, next) in zerocol::gta::models(bytes, mode).enumerate() {
        let m = match next {
            Ok(m) => m,
            Err(e) => {
                return fail(
                    err,
                    zc_status::ZC_STATUS_MALFORMED,
                    to_c(&e, zc_format::ZC_FORMAT_GTA_COL),
                );
            }
        };
        if let Some(h) = m.cast(segment) {
            if best.as_ref().is_none_or(|(b, _, _)| h.t < b.t) {
                best = Some((h, m, i));
            }
        }
    }
    let Some((h, m, i)) = best else {
        return zc_status::ZC_STATUS_NOT_FOUND;
    };
    let written = boundary::write(hit, zc_hit::of(&h, material))
        .and_then(|()| boundary::write_opt(model, zc_gta_model::of(bytes, &m)))
        .and_then(|()| boundary::write_opt(model_index, crate::convert::wide(i)));
    crate::convert::status(written)
}

/// A model with a tree over its faces in the caller's storage, made by
/// [`zc_gta_face_index_build`]: it answers as a test of every sphere, box and face
/// would, with none of the games' culls (neither the bounds nor the face groups drop
/// anything), and casts at a big mesh visit only the faces near the segment. It
/// borrows the model's bytes and the storage, which must stay unchanged while it is
/// used; rebuilt in O(1) by every query.
///
/// Do not change its fields: a view whose `check` does not match them is refused with
/// `ZC_STATUS_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_gta_face_index {
    /// The model indexed.
    pub model: zc_gta_model,
    /// The tree's nodes in the caller's storage (its first words).
    pub nodes: *const u32,
    /// Words of storage the tree's nodes take (a multiple of
    /// `ZC_GTA_FACE_INDEX_NODE_WORDS`; the build's scratch after them is free).
    pub words: usize,
    /// Private: the largest magnitude of a face's coordinates.
    pub magnitude: f32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, floats, pointers and a plain struct only.
unsafe impl boundary::Plain for zc_gta_face_index {}

boundary::sealed!(zc_gta_face_index, |v| [
    u64::from(v.model.check),
    v.nodes as usize as u64,
    v.words as u64,
    u64::from(v.magnitude.to_bits()),
]);

impl zc_gta_face_index {
    /// The caller's index at `ptr`, rebuilt in O(1).
    #[inline]
    fn read<'a>(ptr: *const Self) -> Result<FaceIndex<'a, 'a>, zc_status> {
        let view = boundary::read(ptr)?;
        view.verify()?;
        let model = model_of(&view.model)?;
        let nodes = boundary::nodes(view.nodes, view.words)?;
        Ok(FaceIndex::from_parts(
            model,
            FaceTree::from_parts(nodes, view.magnitude),
        ))
    }
}

/// The `uint32_t` words of storage [`zc_gta_face_index_build`] needs for `model`'s
/// faces, into `words` (`ZC_GTA_FACE_INDEX_NODE_WORDS` per node: about 9 words a
/// face).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_face_index_words(
    model: *const zc_gta_model,
    words: *mut usize,
) -> zc_status {
    let m = match model_of(model) {
        Ok(m) => m,
        Err(s) => return s,
    };
    match FaceTree::nodes_for(m.faces().len()).checked_mul(boundary::NODE_WORDS) {
        Some(n) => crate::convert::status(boundary::write(words, n)),
        None => zc_status::ZC_STATUS_INVALID_ARGUMENT,
    }
}

/// Builds the face index of `model` in the caller's `words` words at `storage` (at
/// least what [`zc_gta_face_index_words`] says; 4-byte aligned; not overlapping the
/// model's bytes), O(n log n) in the faces, and writes its view to `index`.
/// `ZC_STATUS_BUFFER_TOO_SMALL` when the storage is short (nothing built). The index
/// borrows the model's bytes and the storage.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_face_index_build(
    model: *const zc_gta_model,
    storage: *mut u32,
    words: usize,
    index: *mut zc_gta_face_index,
) -> zc_status {
    let (view, (buffer, m)) = match (boundary::read(model), zc_gta_model::read(model)) {
        (Ok(v), Ok(m)) => (v, m),
        (Err(s), _) | (_, Err(s)) => return s,
    };
    if index.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    // The storage as bytes first, for the overlap check.
    let bytes = words.saturating_mul(4);
    if let Err(s) = boundary::bytes_mut_apart(storage.cast::<u8>(), bytes, &[buffer]) {
        return s;
    }
    let whole = words
        .checked_div(boundary::NODE_WORDS)
        .and_then(|n| n.checked_mul(boundary::NODE_WORDS))
        .unwrap_or(0);
    let nodes = match boundary::nodes_mut(storage, whole) {
        Ok(n) => n,
        Err(s) => return s,
    };
    let built = match m.face_index(nodes) {
        Ok(i) => i,
        Err(_) => return zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
    };
    let (tree, magnitude) = built.tree().parts();
    let out = zc_gta_face_index {
        model: view,
        nodes: tree.as_ptr().cast::<u32>(),
        words: tree.len().saturating_mul(boundary::NODE_WORDS),
        magnitude,
        check: 0,
    }
    .sealed();
    crate::convert::status(boundary::write(index, out))
}

/// As [`zc_gta_model_cast`], through the index (no culls).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_face_index_cast(
    index: *const zc_gta_face_index,
    segment: *const zc_segment,
    hit: *mut zc_hit,
) -> zc_status {
    match (zc_gta_face_index::read(index), self::segment(segment)) {
        (Ok(i), Ok(s)) => cast(&i, s, core::ptr::null(), hit),
        (Err(s), _) | (_, Err(s)) => s,
    }
}

/// As [`zc_gta_model_cast_filtered`], through the index (no culls).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_face_index_cast_filtered(
    index: *const zc_gta_face_index,
    segment: *const zc_segment,
    skip: *const zc_gta_material_mask,
    hit: *mut zc_hit,
) -> zc_status {
    match (zc_gta_face_index::read(index), self::segment(segment)) {
        (Ok(i), Ok(s)) => cast(&i, s, skip, hit),
        (Err(s), _) | (_, Err(s)) => s,
    }
}

/// As [`zc_gta_model_ground`], through the index (no culls).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_face_index_ground(
    index: *const zc_gta_face_index,
    x: f32,
    y: f32,
    z: f32,
    depth: f32,
    hit: *mut zc_hit,
) -> zc_status {
    match zc_gta_face_index::read(index) {
        Ok(i) => ground_of(&i, x, y, z, depth, hit),
        Err(s) => s,
    }
}

/// As [`zc_gta_model_overlap`], through the index (no culls).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_face_index_overlap(
    index: *const zc_gta_face_index,
    ball: *const zc_ball,
    contacts: *mut zc_contact,
    cap: usize,
    found: *mut usize,
) -> zc_status {
    match zc_gta_face_index::read(index) {
        Ok(i) => overlap_of(&i, ball, contacts, cap, found),
        Err(s) => s,
    }
}
