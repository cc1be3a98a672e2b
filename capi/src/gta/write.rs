//! GTA writers in C: a model or a whole `.col` library converted to a version (with
//! its bounds recomputed and its face groups kept, generated or removed), what a
//! conversion drops, and a model put into a `.dff`.
//!
//! Every writer is a pair: `_len` says how many bytes the output needs, the writer
//! fills a buffer of at least that many (and says how many it needs when the buffer
//! is short). The output never overlaps the input: an output range that does is
//! `ZC_STATUS_INVALID_ARGUMENT`.

use zerocol::gta::dff::{self, Dff};
use zerocol::gta::{self as w, FaceGroupMode, InputErrorKind, Losses, WriteOptions};
use zerocol::gta::{self, Model};
use zerocol::wire;

use crate::boundary;
use crate::convert::put;
use crate::error::{fail, zc_error, zc_status};
use crate::format::zc_format;
use crate::gta::error::{dff_to_c, to_c};
use crate::gta::read::{options, zc_gta_model, zc_gta_version};

/// What to do with face groups (`zc_gta_write_options.face_groups`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_face_groups {
    /// Write the source's groups (COL2+ targets; COLL has none).
    ZC_GTA_FACE_GROUPS_KEEP = 0,
    /// Generate them as the game's files have them, reordering the faces so each
    /// group's range is contiguous.
    ZC_GTA_FACE_GROUPS_GENERATE = 1,
    /// Write none.
    ZC_GTA_FACE_GROUPS_REMOVE = 2,
}

/// How to write. A zero-filled struct writes each model as it is (its own version,
/// its bounds and face groups kept); a NULL options pointer means the same.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_gta_write_options {
    /// The version to write (a `zc_gta_version`), or 0 to keep each model's own.
    pub version: u32,
    /// 1: recompute the bounds (and the boxes of kept face groups) from the content,
    /// as written; 0: keep them.
    pub recompute_bounds: u32,
    /// A `zc_gta_face_groups`.
    pub face_groups: u32,
    /// 1: write a model with a shadow mesh as COLL or COL2 without it (`losses`
    /// counts what was dropped); 0: refuse it (`ZC_GTA_WRITE_ERROR_SHADOW_MESH`).
    pub drop_shadow_mesh: u32,
}

// SAFETY: integers only.
unsafe impl boundary::Plain for zc_gta_write_options {}

/// A C boolean field: 0 or 1.
fn flag(value: u32) -> Result<bool, zc_status> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
    }
}

impl zc_gta_write_options {
    /// The library's options from the caller's (NULL: as is).
    fn read(ptr: *const Self) -> Result<WriteOptions, zc_status> {
        if ptr.is_null() {
            return Ok(WriteOptions::AS_IS);
        }
        let c = boundary::read(ptr)?;
        let mut options = WriteOptions::AS_IS;
        options.version = match c.version {
            0 => None,
            v => Some(zc_gta_version::from_u32(v)?),
        };
        options.recompute_bounds = flag(c.recompute_bounds)?;
        options.face_groups = match c.face_groups {
            0 => FaceGroupMode::Keep,
            1 => FaceGroupMode::Generate,
            2 => FaceGroupMode::Remove,
            _ => return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        };
        options.drop_shadow_mesh = flag(c.drop_shadow_mesh)?;
        Ok(options)
    }
}

/// What a conversion drops, model by model or summed over a library; all zero when
/// nothing is lost.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_gta_losses {
    /// Shadow faces dropped (`drop_shadow_mesh`).
    pub shadow_faces: u64,
    /// Face groups dropped (COLL has none, or `ZC_GTA_FACE_GROUPS_REMOVE`).
    pub face_groups: u64,
    /// COL2+ lines whose non-zero end radii COLL cannot store.
    pub line_radii: u64,
    /// COLL faces whose surface bytes 1 and 2 (flag, brightness) are non-zero, which a
    /// COL2+ face does not store.
    pub face_surfaces: u64,
    /// COLL vertices after the largest face index, which COL2+ cannot store.
    pub unused_vertices: u64,
    /// Vertex coordinates moved by rounding to the nearest 1/128 (COLL to COL2+).
    pub rounded_vertices: u64,
    /// Models whose non-zero COL4 extra word was dropped.
    pub col4_extra: u64,
}

impl zc_gta_losses {
    /// The C figures of the library's losses.
    fn of(l: &Losses) -> Self {
        let n = crate::convert::wide;
        Self {
            shadow_faces: n(l.shadow_faces),
            face_groups: n(l.face_groups),
            line_radii: n(l.line_radii),
            face_surfaces: n(l.face_surfaces),
            unused_vertices: n(l.unused_vertices),
            rounded_vertices: n(l.rounded_vertices),
            col4_extra: n(l.col4_extra),
        }
    }
}

/// Why a writer refused its input: `zc_error.kind` after `ZC_STATUS_UNWRITABLE`
/// (`zc_error.format` is `ZC_FORMAT_GTA_COL`, or `ZC_FORMAT_DFF` for the `.dff`
/// writer). The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_write_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_GTA_WRITE_ERROR_OTHER = 0,
    /// The name is longer than the target's name field (24 bytes COLL, 22 COL2+).
    ZC_GTA_WRITE_ERROR_NAME_TOO_LONG = 1,
    /// More records than the target's count field holds.
    ZC_GTA_WRITE_ERROR_TOO_MANY = 2,
    /// A vertex coordinate outside -256 .. 255.99 (or not finite): COL2+ fixed
    /// point cannot hold it.
    ZC_GTA_WRITE_ERROR_VERTEX_OUT_OF_RANGE = 3,
    /// A face index above 65,535, which a COL2+ face cannot hold.
    ZC_GTA_WRITE_ERROR_INDEX_TOO_LARGE = 4,
    /// A face names a vertex the model does not have.
    ZC_GTA_WRITE_ERROR_INDEX_OUT_OF_RANGE = 5,
    /// A face group's range is not `first <= last < faces`.
    ZC_GTA_WRITE_ERROR_FACE_GROUP_RANGE = 6,
    /// A shadow mesh, which COLL and COL2 cannot hold (set `drop_shadow_mesh`).
    ZC_GTA_WRITE_ERROR_SHADOW_MESH = 7,
    /// A count, size or offset does not fit the format's fields, or the output would
    /// be longer than memory can address.
    ZC_GTA_WRITE_ERROR_TOO_LARGE = 8,
}

/// The stable code of a writer's input error.
fn input_code(kind: &InputErrorKind) -> zc_gta_write_error_kind {
    use zc_gta_write_error_kind as K;
    match kind {
        InputErrorKind::NameTooLong { .. } => K::ZC_GTA_WRITE_ERROR_NAME_TOO_LONG,
        InputErrorKind::TooMany { .. } => K::ZC_GTA_WRITE_ERROR_TOO_MANY,
        InputErrorKind::VertexOutOfRange { .. } => K::ZC_GTA_WRITE_ERROR_VERTEX_OUT_OF_RANGE,
        InputErrorKind::IndexTooLarge { .. } => K::ZC_GTA_WRITE_ERROR_INDEX_TOO_LARGE,
        InputErrorKind::IndexOutOfRange { .. } => K::ZC_GTA_WRITE_ERROR_INDEX_OUT_OF_RANGE,
        InputErrorKind::FaceGroupRange { .. } => K::ZC_GTA_WRITE_ERROR_FACE_GROUP_RANGE,
        InputErrorKind::ShadowMesh { .. } => K::ZC_GTA_WRITE_ERROR_SHADOW_MESH,
        _ => K::ZC_GTA_WRITE_ERROR_OTHER,
    }
}

/// Reports a writer's error: `ZC_STATUS_BUFFER_TOO_SMALL` with the bytes needed in
/// `needed` (may be NULL), or `ZC_STATUS_UNWRITABLE` with `err` (may be NULL) of
/// `format`, at `offset` (where the model at fault starts in the input, when
/// `model_offset` finds it).
fn refuse<K: core::fmt::Display>(
    error: &wire::WriteError<K>,
    kind: impl FnOnce(&K) -> zc_gta_write_error_kind,
    format: zc_format,
    offset: usize,
    needed: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    match error {
        wire::WriteError::BufferTooSmall { needed: n, .. } => {
            match boundary::write_opt(needed, *n) {
                Ok(()) => zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
                Err(status) => status,
            }
        }
        wire::WriteError::Invalid(k) => fail(
            err,
            zc_status::ZC_STATUS_UNWRITABLE,
            zc_error::new(format, kind(k) as u32, offset, error),
        ),
        _ => fail(
            err,
            zc_status::ZC_STATUS_UNWRITABLE,
            zc_error::new(
                format,
                zc_gta_write_error_kind::ZC_GTA_WRITE_ERROR_TOO_LARGE as u32,
                offset,
                error,
            ),
        ),
    }
}

/// The caller's output buffer, refused when it overlaps `input`.
fn output<'o>(out: *mut u8, cap: usize, input: &[u8]) -> Result<&'o mut [u8], zc_status> {
    boundary::bytes_mut_apart(out, cap, &[input])
}

/// The `.col` writer's error for the model `model` reads.
fn model_refuse(
    model: &Model<'_>,
    error: &w::WriteError,
    needed: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    refuse(
        error,
        |e| input_code(&e.kind),
        zc_format::ZC_FORMAT_GTA_COL,
        model.offset(),
        needed,
        err,
    )
}

/// The bytes [`zc_gta_model_write`] needs for `model` under `options` (NULL: as is),
/// into `required`. `ZC_STATUS_UNWRITABLE` with `err` (may be NULL) when the target
/// version cannot store the model.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_write_len(
    model: *const zc_gta_model,
    options: *const zc_gta_write_options,
    required: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let ((_, m), opts) = match (
        zc_gta_model::read(model),
        zc_gta_write_options::read(options),
    ) {
        (Ok(m), Ok(o)) => (m, o),
        (Err(s), _) | (_, Err(s)) => return s,
    };
    if required.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match w::required_len(&m, &opts) {
        Ok(len) => put(required, len),
        Err(e) => model_refuse(&m, &e, core::ptr::null_mut(), err),
    }
}

/// Writes `model` under `options` (NULL: as is) into the `cap` bytes at `out`, which
/// must not overlap the model's buffer.
///
/// - `written`: on `ZC_STATUS_OK` the bytes written; on `ZC_STATUS_BUFFER_TOO_SMALL`
///   (nothing written) the bytes needed. May be NULL.
/// - `err`: on `ZC_STATUS_UNWRITABLE`, what the target version cannot store; may be
///   NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_write(
    model: *const zc_gta_model,
    options: *const zc_gta_write_options,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let ((buffer, m), opts) = match (
        zc_gta_model::read(model),
        zc_gta_write_options::read(options),
    ) {
        (Ok(m), Ok(o)) => (m, o),
        (Err(s), _) | (_, Err(s)) => return s,
    };
    let out = match output(out, cap, buffer) {
        Ok(out) => out,
        Err(s) => return s,
    };
    match w::write(&m, &opts, out) {
        Ok(n) => crate::convert::status(boundary::write_opt(written, n)),
        Err(e) => model_refuse(&m, &e, written, err),
    }
}

/// What writing `model` under `options` (NULL: as is) drops, into `losses`.
/// `ZC_STATUS_UNWRITABLE` with `err` (may be NULL) where [`zc_gta_model_write`]
/// would refuse.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_losses(
    model: *const zc_gta_model,
    options: *const zc_gta_write_options,
    losses: *mut zc_gta_losses,
    err: *mut zc_error,
) -> zc_status {
    let ((_, m), opts) = match (
        zc_gta_model::read(model),
        zc_gta_write_options::read(options),
    ) {
        (Ok(m), Ok(o)) => (m, o),
        (Err(s), _) | (_, Err(s)) => return s,
    };
    if losses.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match w::losses(&m, &opts) {
        Ok(l) => put(losses, zc_gta_losses::of(&l)),
        Err(e) => model_refuse(&m, &e, core::ptr::null_mut(), err),
    }
}

/// A library's bytes and options, checked whole: `Err` is the status to return
/// (after writing `err` for a malformed library).
fn library<'a>(
    bytes: *const u8,
    len: usize,
    mode: u32,
    options: *const zc_gta_write_options,
    err: *mut zc_error,
) -> Result<(&'a [u8], gta::Options, WriteOptions), zc_status> {
    let bytes = boundary::bytes(bytes, len)?;
    let mode = self::options(mode)?;
    let opts = zc_gta_write_options::read(options)?;
    match gta::check(bytes, mode) {
        Ok(_) => Ok((bytes, mode, opts)),
        Err(e) => Err(fail(
            err,
            zc_status::ZC_STATUS_MALFORMED,
            to_c(&e, zc_format::ZC_FORMAT_GTA_COL),
        )),
    }
}

/// The models of a checked library.
fn models(bytes: &[u8], mode: gta::Options) -> impl Iterator<Item = Model<'_>> + Clone + use<'_> {
    gta::models(bytes, mode).map_while(Result::ok)
}

/// The library writer's error: the model at fault named by its offset in the input.
fn library_refuse(
    bytes: &[u8],
    mode: gta::Options,
    error: &w::WriteError,
    needed: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let offset = match error {
        wire::WriteError::Invalid(e) => models(bytes, mode).nth(e.model).map_or(0, |m| m.offset()),
        _ => 0,
    };
    refuse(
        error,
        |e| input_code(&e.kind),
        zc_format::ZC_FORMAT_GTA_COL,
        offset,
        needed,
        err,
    )
}

/// The bytes [`zc_gta_library_write`] needs for the `.col` library of `len` bytes at
/// `bytes` (read in `mode`, a `zc_mode`) under `options` (NULL: as is), into
/// `required`. `ZC_STATUS_MALFORMED` or `ZC_STATUS_UNWRITABLE` with `err` (may be
/// NULL).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_library_write_len(
    bytes: *const u8,
    len: usize,
    mode: u32,
    options: *const zc_gta_write_options,
    required: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, mode, opts) = match library(bytes, len, mode, options, err) {
        Ok(l) => l,
        Err(s) => return s,
    };
    if required.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match w::library_required_len(models(bytes, mode), &opts) {
        Ok(n) => put(required, n),
        Err(e) => library_refuse(bytes, mode, &e, core::ptr::null_mut(), err),
    }
}

/// Writes every model of the `.col` library at `bytes` (read in `mode`) under
/// `options` (NULL: as is), back to back, into the `cap` bytes at `out`, which must
/// not overlap `bytes`. Bytes after the last model (padding) are not written.
///
/// - `written`: on `ZC_STATUS_OK` the bytes written; on `ZC_STATUS_BUFFER_TOO_SMALL`
///   (nothing written) the bytes needed. May be NULL.
/// - `err`: on `ZC_STATUS_MALFORMED` (the input) or `ZC_STATUS_UNWRITABLE` (a model
///   the target cannot store; `offset` is where that model starts); may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_library_write(
    bytes: *const u8,
    len: usize,
    mode: u32,
    options: *const zc_gta_write_options,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, mode, opts) = match library(bytes, len, mode, options, err) {
        Ok(l) => l,
        Err(s) => return s,
    };
    let out = match output(out, cap, bytes) {
        Ok(out) => out,
        Err(s) => return s,
    };
    match w::write_library(models(bytes, mode), &opts, out) {
        Ok(n) => crate::convert::status(boundary::write_opt(written, n)),
        Err(e) => library_refuse(bytes, mode, &e, written, err),
    }
}

/// What writing the library at `bytes` (read in `mode`) under `options` (NULL: as
/// is) drops, summed over its models, into `losses`. Errors as
/// [`zc_gta_library_write_len`].
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_library_losses(
    bytes: *const u8,
    len: usize,
    mode: u32,
    options: *const zc_gta_write_options,
    losses: *mut zc_gta_losses,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, mode, opts) = match library(bytes, len, mode, options, err) {
        Ok(l) => l,
        Err(s) => return s,
    };
    if losses.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match w::library_losses(models(bytes, mode), &opts) {
        Ok(l) => put(losses, zc_gta_losses::of(&l)),
        Err(e) => library_refuse(bytes, mode, &e, core::ptr::null_mut(), err),
    }
}

/// The `.dff` at `bytes` and the model, checked: `Err` is the status to return.
/// Returns the `.dff`, its bytes, the model's buffer and the model.
#[allow(clippy::type_complexity)]
fn dff_and_model<'a>(
    bytes: *const u8,
    len: usize,
    mode: u32,
    model: *const zc_gta_model,
    err: *mut zc_error,
) -> Result<(Dff<'a>, &'a [u8], &'a [u8], Model<'a>), zc_status> {
    let bytes = boundary::bytes(bytes, len)?;
    let mode = options(mode)?;
    let (buffer, m) = zc_gta_model::read(model)?;
    match Dff::parse(bytes, mode) {
        Ok(d) => Ok((d, bytes, buffer, m)),
        Err(e) => Err(fail(err, zc_status::ZC_STATUS_MALFORMED, dff_to_c(&e))),
    }
}

/// The `.dff` writer's refusal (a size past a 32-bit field).
fn dff_refuse(error: &dff::WriteError, needed: *mut usize, err: *mut zc_error) -> zc_status {
    refuse(
        error,
        |_| zc_gta_write_error_kind::ZC_GTA_WRITE_ERROR_OTHER,
        zc_format::ZC_FORMAT_DFF,
        0,
        needed,
        err,
    )
}

/// The bytes [`zc_gta_dff_replace`] writes for the `.dff` of `len` bytes at `bytes`
/// (read in `mode`, a `zc_mode`) with `model` as its collision, into `required`.
/// `ZC_STATUS_MALFORMED` (the `.dff`) or `ZC_STATUS_UNWRITABLE` (a size past a
/// 32-bit field) with `err` (may be NULL).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_dff_replace_len(
    bytes: *const u8,
    len: usize,
    mode: u32,
    model: *const zc_gta_model,
    required: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let (d, _, _, m) = match dff_and_model(bytes, len, mode, model, err) {
        Ok(x) => x,
        Err(s) => return s,
    };
    if required.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match d.replace_len(m.len()) {
        Ok(n) => put(required, n),
        Err(e) => dff_refuse(&e, core::ptr::null_mut(), err),
    }
}

/// Writes the `.dff` at `bytes` (read in `mode`) into the `cap` bytes at `out` with
/// `model`'s bytes as its collision (the collision chunk replaced, or one added),
/// every other byte copied and the enclosing chunks' sizes adjusted. `out` must
/// overlap neither the `.dff` nor the model's buffer. Write a model in another
/// version first with [`zc_gta_model_write`], then read it back with
/// `zc_gta_model_parse`.
///
/// - `written`: on `ZC_STATUS_OK` the bytes written; on `ZC_STATUS_BUFFER_TOO_SMALL`
///   (nothing written) the bytes needed. May be NULL.
/// - `err`: as [`zc_gta_dff_replace_len`]; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_dff_replace(
    bytes: *const u8,
    len: usize,
    mode: u32,
    model: *const zc_gta_model,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let (d, dff_bytes, buffer, m) = match dff_and_model(bytes, len, mode, model, err) {
        Ok(x) => x,
        Err(s) => return s,
    };
    let out = match boundary::bytes_mut_apart(out, cap, &[dff_bytes, buffer]) {
        Ok(out) => out,
        Err(s) => return s,
    };
    match d.replace(&m, out) {
        Ok(n) => crate::convert::status(boundary::write_opt(written, n)),
        Err(e) => dff_refuse(&e, written, err),
    }
}
