//! GTA collision inside a RenderWare `.dff` from C: [`zc_gta_dff_parse`] walks the
//! chunks to the collision plugin and reads the model there as a [`zc_gta_model`];
//! a PS2 headerless payload is framed into caller scratch ([`zc_gta_dff_frame`]).

use zerocol::gta::dff::{Dff, FRAME_LEN, Payload};

use crate::boundary::{self, Sealed};
use crate::convert::{put, wide};
use crate::error::{fail, zc_error, zc_status};
use crate::gta::error::dff_to_c;
use crate::gta::read::{options, zc_gta_model};

/// Bytes [`zc_gta_dff_frame`] puts before a headerless payload (a COLL header with an
/// empty name): the scratch it needs is `payload_len + ZC_GTA_DFF_FRAME_LEN`.
pub const ZC_GTA_DFF_FRAME_LEN: usize = 32;

// The header spells the number; the library's says what it is.
const _: () = assert!(ZC_GTA_DFF_FRAME_LEN == FRAME_LEN);

/// What the collision chunk of a `.dff` holds (`zc_gta_dff.payload`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_dff_payload {
    /// No collision chunk in the Clump's Extension: the `.dff` holds no model.
    ZC_GTA_DFF_NONE = 0,
    /// A whole GTA model, FourCC first, parsed: `zc_gta_dff.model`.
    ZC_GTA_DFF_MODEL = 1,
    /// A PS2 COLL body without FourCC, size or name, not yet read: frame it with
    /// [`zc_gta_dff_frame`].
    ZC_GTA_DFF_HEADERLESS = 2,
}

/// A `.dff` whose chunks down to the collision plugin were checked: a view that
/// borrows the buffer, as a model does. Made by [`zc_gta_dff_parse`]; do not change
/// its fields (`ZC_STATUS_INVALID_ARGUMENT`). Offsets count in the `.dff`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_gta_dff {
    /// The `.dff` buffer.
    pub buffer: *const u8,
    /// Its length.
    pub buffer_len: usize,
    /// Offset of the Clump's chunk header.
    pub clump_offset: u64,
    /// Where the Clump's last child ends (past its declared end for a short Clump
    /// read leniently).
    pub children_end: u64,
    /// Offset of the Clump's Extension's header (valid when `has_extension`).
    pub extension_offset: u64,
    /// Offset of the collision chunk's header (valid when `payload` is not NONE).
    pub collision_offset: u64,
    /// Where the payload starts: the model's FourCC, or a headerless payload's bounds.
    pub payload_offset: u64,
    /// The payload's bytes: the model's length, or the whole headerless body.
    pub payload_len: u64,
    /// The Clump's size field.
    pub clump_size: u32,
    /// The Extension's size field.
    pub extension_size: u32,
    /// The collision chunk's size field.
    pub collision_size: u32,
    /// What the collision chunk holds (a `zc_gta_dff_payload`).
    pub payload: u32,
    /// The read's `zc_mode`.
    pub mode: u32,
    /// 1 when the Clump has an Extension.
    pub has_extension: u8,
    /// 1 when a chunk of the Clump lies past its declared end (lenient only).
    pub short_clump: u8,
    /// The model, when `payload` is `ZC_GTA_DFF_MODEL` (zero-filled otherwise, which
    /// every accessor refuses).
    pub model: zc_gta_model,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, a pointer and a plain model view.
unsafe impl boundary::Plain for zc_gta_dff {}

boundary::sealed!(zc_gta_dff, |v| [
    v.buffer as usize as u64,
    v.buffer_len as u64,
    v.clump_offset,
    v.children_end,
    v.extension_offset,
    v.collision_offset,
    v.payload_offset,
    v.payload_len,
    u64::from(v.clump_size),
    u64::from(v.extension_size),
    u64::from(v.collision_size),
    u64::from(v.payload),
    u64::from(v.mode),
    u64::from(v.has_extension),
    u64::from(v.short_clump),
    u64::from(v.model.check),
]);

impl zc_gta_dff {
    /// The caller's view at `ptr`, checked.
    fn read(ptr: *const Self) -> Result<Self, zc_status> {
        let view = boundary::read(ptr)?;
        view.verify()?;
        Ok(view)
    }
}

/// A zero-filled model view: what `zc_gta_dff.model` holds without a parsed model.
pub(crate) const NO_MODEL: zc_gta_model = zc_gta_model {
    buffer: core::ptr::null(),
    buffer_len: 0,
    offset: 0,
    len: 0,
    version: 0,
    vertex_count: 0,
    shadow_vertex_count: 0,
    check: 0,
};

/// Reads the `len` bytes at `bytes` as a `.dff` in `mode` (a `zc_mode`): the chunks to
/// the Clump, its Extension, the collision plugin there, and the model it holds
/// (strict: bytes after the model in its chunk must be zero).
///
/// - `dff`: written on `ZC_STATUS_OK`; borrows `bytes`. A `.dff` with no collision
///   reads fine (`payload` is `ZC_GTA_DFF_NONE`).
/// - `err`: written on `ZC_STATUS_MALFORMED` (format `ZC_FORMAT_DFF`, kind a
///   `zc_gta_error_kind`, offset in the `.dff`); may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_dff_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    dff: *mut zc_gta_dff,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if dff.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let parsed = match Dff::parse(bytes, options) {
        Ok(parsed) => parsed,
        Err(e) => return fail(err, zc_status::ZC_STATUS_MALFORMED, dff_to_c(&e)),
    };
    let clump = parsed.clump();
    let extension = parsed.extension();
    let collision = parsed.collision();
    let (payload, payload_offset, payload_len, model) = match collision.map(|c| c.payload()) {
        Some(Payload::Model(m)) => (
            zc_gta_dff_payload::ZC_GTA_DFF_MODEL,
            m.offset(),
            m.len(),
            zc_gta_model::of(bytes, &m),
        ),
        Some(Payload::Headerless(h)) => (
            zc_gta_dff_payload::ZC_GTA_DFF_HEADERLESS,
            h.offset(),
            h.bytes().len(),
            NO_MODEL,
        ),
        _ => (zc_gta_dff_payload::ZC_GTA_DFF_NONE, 0, 0, NO_MODEL),
    };
    let view = zc_gta_dff {
        buffer: bytes.as_ptr(),
        buffer_len: bytes.len(),
        clump_offset: wide(clump.offset()),
        children_end: wide(parsed.children_end()),
        extension_offset: extension.map_or(0, |e| wide(e.offset())),
        collision_offset: collision.map_or(0, |c| wide(c.chunk().offset())),
        payload_offset: wide(payload_offset),
        payload_len: wide(payload_len),
        clump_size: clump.size(),
        extension_size: extension.map_or(0, |e| e.size()),
        collision_size: collision.map_or(0, |c| c.chunk().size()),
        payload: payload as u32,
        mode,
        has_extension: u8::from(extension.is_some()),
        short_clump: u8::from(parsed.has_short_clump()),
        model,
        check: 0,
    }
    .sealed();
    put(dff, view)
}

/// The model the `.dff`'s collision chunk holds, into `model` (borrowing the `.dff`
/// buffer; its offsets count in the `.dff`): `ZC_STATUS_NOT_FOUND` when the `.dff`
/// holds none, or holds a headerless payload ([`zc_gta_dff_frame`] reads that).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_dff_model(dff: *const zc_gta_dff, model: *mut zc_gta_model) -> zc_status {
    let view = match zc_gta_dff::read(dff) {
        Ok(view) => view,
        Err(status) => return status,
    };
    if model.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    if view.payload != zc_gta_dff_payload::ZC_GTA_DFF_MODEL as u32 {
        return zc_status::ZC_STATUS_NOT_FOUND;
    }
    put(model, view.model)
}

/// Frames the `.dff`'s headerless PS2 payload into the caller's `scratch` of `cap`
/// bytes (behind a 32-byte COLL header with an empty name and model id 0) and reads it
/// as a COLL model in the `.dff`'s mode, into `model`: a view that borrows `scratch`
/// (not the `.dff`), valid while `scratch` is, unchanged. Its offsets count in
/// `scratch` (the payload starts at `ZC_GTA_DFF_FRAME_LEN`); an error's offset is in
/// the `.dff`.
///
/// - `required` (may be NULL): written with the scratch needed,
///   `payload_len + ZC_GTA_DFF_FRAME_LEN`, on `ZC_STATUS_OK` and on
///   `ZC_STATUS_BUFFER_TOO_SMALL` (nothing else written then; `scratch` may be NULL
///   when `cap` is 0, to ask).
/// - `ZC_STATUS_NOT_FOUND` when the payload is not headerless;
///   `ZC_STATUS_MALFORMED` with `err` (may be NULL) when the framed model is not valid.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_dff_frame(
    dff: *const zc_gta_dff,
    scratch: *mut u8,
    cap: usize,
    required: *mut usize,
    model: *mut zc_gta_model,
    err: *mut zc_error,
) -> zc_status {
    let view = match zc_gta_dff::read(dff) {
        Ok(view) => view,
        Err(status) => return status,
    };
    if view.payload != zc_gta_dff_payload::ZC_GTA_DFF_HEADERLESS as u32 {
        return zc_status::ZC_STATUS_NOT_FOUND;
    }
    let (bytes, options) = match (
        boundary::bytes(view.buffer, view.buffer_len),
        options(view.mode),
    ) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    // The chunk walk again (a headerless payload is not parsed, so this is cheap):
    // the library's headerless view cannot be rebuilt from the C fields.
    let headerless = match Dff::parse(bytes, options).map(|d| d.collision().map(|c| c.payload())) {
        Ok(Some(Payload::Headerless(h))) => h,
        Ok(_) => return zc_status::ZC_STATUS_INVALID_ARGUMENT,
        Err(e) => return fail(err, zc_status::ZC_STATUS_MALFORMED, dff_to_c(&e)),
    };
    let needed = headerless.framed_len();
    if cap < needed {
        return match boundary::write_opt(required, needed) {
            Ok(()) => zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
            Err(status) => status,
        };
    }
    if model.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let scratch = match boundary::bytes_mut(scratch, cap) {
        Ok(scratch) => scratch,
        Err(status) => return status,
    };
    match headerless.frame(scratch, options) {
        Ok(m) => {
            // The framed model starts at scratch byte 0: its bytes are its buffer.
            let framed = zc_gta_model::of(m.bytes(), &m);
            match boundary::write_opt(required, needed) {
                Ok(()) => put(model, framed),
                Err(status) => status,
            }
        }
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, dff_to_c(&e)),
    }
}
