//! MKGP errors: the stable [`zc_mkgp_error_kind`] codes and `mkgp::Error` as a
//! `zc_error`.

use zerocol::mkgp::{self, ErrorKind};

use crate::error::zc_error;
use crate::format::zc_format;

/// What was wrong with an MKGP `COL` buffer: `zc_error.kind` when `zc_error.format` is
/// `ZC_FORMAT_MKGP_COL`. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_mkgp_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_MKGP_ERROR_OTHER = 0,
    /// The buffer is shorter than the 0x30-byte header.
    ZC_MKGP_ERROR_TRUNCATED = 1,
    /// The buffer does not start with `COL\0`.
    ZC_MKGP_ERROR_BAD_MAGIC = 2,
    /// The version word is not `0x20120816` (strict only).
    ZC_MKGP_ERROR_UNSUPPORTED_VERSION = 3,
    /// W or L is zero or negative.
    ZC_MKGP_ERROR_NON_POSITIVE_DIMENSION = 4,
    /// W × L does not fit a 32-bit signed integer.
    ZC_MKGP_ERROR_CELL_COUNT_OVERFLOW = 5,
    /// A cell size is zero, negative or not finite.
    ZC_MKGP_ERROR_BAD_CELL_SIZE = 6,
    /// A cell's count field lies past the end of the file.
    ZC_MKGP_ERROR_CELL_PAST_END = 7,
    /// A count is negative.
    ZC_MKGP_ERROR_NEGATIVE_COUNT = 8,
    /// A cell's records run past the end of the file.
    ZC_MKGP_ERROR_RECORDS_PAST_END = 9,
    /// Bytes after the secondary grid.
    ZC_MKGP_ERROR_TRAILING_BYTES = 10,
}

/// The stable code of an MKGP error kind.
pub(crate) fn kind_code(kind: &ErrorKind) -> zc_mkgp_error_kind {
    use zc_mkgp_error_kind as K;
    match kind {
        ErrorKind::Truncated { .. } => K::ZC_MKGP_ERROR_TRUNCATED,
        ErrorKind::BadMagic { .. } => K::ZC_MKGP_ERROR_BAD_MAGIC,
        ErrorKind::UnsupportedVersion { .. } => K::ZC_MKGP_ERROR_UNSUPPORTED_VERSION,
        ErrorKind::NonPositiveDimension { .. } => K::ZC_MKGP_ERROR_NON_POSITIVE_DIMENSION,
        ErrorKind::CellCountOverflow { .. } => K::ZC_MKGP_ERROR_CELL_COUNT_OVERFLOW,
        ErrorKind::BadCellSize { .. } => K::ZC_MKGP_ERROR_BAD_CELL_SIZE,
        ErrorKind::CellPastEnd { .. } => K::ZC_MKGP_ERROR_CELL_PAST_END,
        ErrorKind::NegativeCount { .. } => K::ZC_MKGP_ERROR_NEGATIVE_COUNT,
        ErrorKind::RecordsPastEnd { .. } => K::ZC_MKGP_ERROR_RECORDS_PAST_END,
        ErrorKind::TrailingBytes { .. } => K::ZC_MKGP_ERROR_TRAILING_BYTES,
        _ => K::ZC_MKGP_ERROR_OTHER,
    }
}

/// An `mkgp::Error` as a `zc_error`.
pub(crate) fn to_c(error: &mkgp::Error) -> zc_error {
    let kind = error.kind();
    let mut c = zc_error::new(
        zc_format::ZC_FORMAT_MKGP_COL,
        kind_code(&kind) as u32,
        error.offset(),
        error,
    );
    c.lenient_readable = u8::from(matches!(kind, ErrorKind::UnsupportedVersion { .. }));
    c
}
