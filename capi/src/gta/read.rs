//! Reading GTA `.col` buffers from C: checking a whole library.

use zerocol::gta;

use crate::boundary;
use crate::error::{fail, zc_error, zc_mode, zc_status};
use crate::format::zc_format;
use crate::gta::error::to_c;

/// The figures of a checked `.col` library.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_gta_summary {
    /// Models read.
    pub models: u64,
    /// Where the models end: the offset just past the last one.
    pub end: u64,
    /// Bytes after the models that the walk did not read (zero padding in strict mode;
    /// in lenient mode also whatever follows an unknown FourCC).
    pub trailing: u64,
    /// 1 when every trailing byte is zero.
    pub trailing_is_padding: u8,
}

/// The library's options for a mode.
pub(crate) fn options(mode: u32) -> Result<gta::Options, zc_status> {
    Ok(if zc_mode::from_u32(mode)?.is_lenient() {
        gta::Options::LENIENT
    } else {
        gta::Options::STRICT
    })
}

/// Validates a whole `.col` buffer (`len` bytes at `bytes`, borrowed for the call):
/// every model, then the bytes after the last.
///
/// - `mode`: a `zc_mode`.
/// - `summary`: written on `ZC_STATUS_OK`; may be NULL.
/// - `err`: written on `ZC_STATUS_MALFORMED`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_check(
    bytes: *const u8,
    len: usize,
    mode: u32,
    summary: *mut zc_gta_summary,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match gta::check(bytes, options) {
        Ok(s) => {
            let out = zc_gta_summary {
                models: u64::try_from(s.models).unwrap_or(u64::MAX),
                end: u64::try_from(s.end.offset).unwrap_or(u64::MAX),
                trailing: u64::try_from(s.end.trailing_bytes).unwrap_or(u64::MAX),
                trailing_is_padding: u8::from(s.end.trailing_is_padding),
            };
            match boundary::write_opt(summary, out) {
                Ok(()) => zc_status::ZC_STATUS_OK,
                Err(status) => status,
            }
        }
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e, zc_format::ZC_FORMAT_GTA_COL)),
    }
}
