//! Walking a damaged `.col` library from C ([`zc_gta_recover_begin`],
//! [`zc_gta_recover_next`]): the models that parse, and the stretches skipped between
//! them with the error that made each one.

use zerocol::gta::{self, Recovered};

use crate::boundary::{self, Sealed};
use crate::convert::{put, wide};
use crate::error::{zc_error, zc_status};
use crate::format::zc_format;
use crate::gta::error::to_c;
use crate::gta::read::{options, walk_place, zc_gta_model};

/// What a recovery step found (`zc_gta_recovered.kind`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_recovered_kind {
    /// A model that parsed: `zc_gta_recovered.model`.
    ZC_GTA_RECOVERED_MODEL = 1,
    /// Bytes that did not parse: `offset`, `len` and `error`.
    ZC_GTA_RECOVERED_SKIPPED = 2,
}

/// One step of a recovery.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct zc_gta_recovered {
    /// A `zc_gta_recovered_kind`.
    pub kind: u32,
    /// The model (valid for `ZC_GTA_RECOVERED_MODEL`; zero-filled otherwise).
    pub model: zc_gta_model,
    /// Where the stretch starts (the model's offset, for a model).
    pub offset: u64,
    /// Its bytes, up to the next FourCC or the end (the model's length, for a model).
    pub len: u64,
    /// Why the bytes at `offset` did not parse (zero-filled for a model).
    pub error: zc_error,
}

/// A recovery walk over a damaged library: after a broken model it resynchronises on
/// the next FourCC. Start it with [`zc_gta_recover_begin`], then call
/// [`zc_gta_recover_next`] until `ZC_STATUS_END`. It borrows the buffer. Its work is
/// linear in the buffer, as the library's `gta::recover` says.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_gta_recover {
    /// The buffer walked.
    pub buffer: *const u8,
    /// Its length.
    pub buffer_len: usize,
    /// Where the next step starts.
    pub position: u64,
    /// Private: work failed attempts may still cost.
    pub budget: u64,
    /// The walk's `zc_mode`.
    pub mode: u32,
    /// 0 while walking, 1 once ended.
    pub state: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and a pointer only.
unsafe impl boundary::Plain for zc_gta_recover {}

boundary::sealed!(zc_gta_recover, |v| [
    v.buffer as usize as u64,
    v.buffer_len as u64,
    v.position,
    v.budget,
    u64::from(v.mode),
    u64::from(v.state),
]);

/// Starts a recovery over the `len` bytes at `bytes` in `mode` (a `zc_mode`), into
/// `iter`. Nothing is read yet.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_recover_begin(
    bytes: *const u8,
    len: usize,
    mode: u32,
    iter: *mut zc_gta_recover,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    let walk = gta::recover(bytes, options);
    let view = zc_gta_recover {
        buffer: bytes.as_ptr(),
        buffer_len: bytes.len(),
        position: wide(walk.position()),
        budget: walk.budget(),
        mode,
        state: 0,
        check: 0,
    };
    put(iter, view.sealed())
}

/// The recovery's next step into `out`: a model, or a skipped stretch with its error
/// (format `ZC_FORMAT_GTA_COL`); `ZC_STATUS_END` once the buffer is walked (nothing
/// written).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_recover_next(
    iter: *mut zc_gta_recover,
    out: *mut zc_gta_recovered,
) -> zc_status {
    let walk = match boundary::read_sealed(iter.cast_const()) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    if walk.state != 0 {
        return zc_status::ZC_STATUS_END;
    }
    if out.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let (bytes, options, position) =
        match walk_place(walk.buffer, walk.buffer_len, walk.mode, walk.position) {
            Ok(place) => place,
            Err(status) => return status,
        };
    let mut recover = gta::Recover::resume(bytes, position, walk.budget, options);
    let next = recover.next();
    let (state, status) = match next {
        Some(found) => {
            let step = match found {
                Recovered::Model(m) => zc_gta_recovered {
                    kind: zc_gta_recovered_kind::ZC_GTA_RECOVERED_MODEL as u32,
                    model: zc_gta_model::of(bytes, &m),
                    offset: wide(m.offset()),
                    len: wide(m.len()),
                    error: zc_error::NONE,
                },
                Recovered::Skipped(s) => zc_gta_recovered {
                    kind: zc_gta_recovered_kind::ZC_GTA_RECOVERED_SKIPPED as u32,
                    model: crate::gta::dff::NO_MODEL,
                    offset: wide(s.offset),
                    len: wide(s.len),
                    error: to_c(&s.error, zc_format::ZC_FORMAT_GTA_COL),
                },
            };
            match boundary::write(out, step) {
                Ok(()) => (0, zc_status::ZC_STATUS_OK),
                Err(status) => return status,
            }
        }
        None => (1, zc_status::ZC_STATUS_END),
    };
    let advanced = zc_gta_recover {
        position: wide(recover.position()),
        budget: recover.budget(),
        state,
        ..walk
    };
    crate::convert::then(status, boundary::write(iter, advanced.sealed()))
}
