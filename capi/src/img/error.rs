//! IMG errors in C: [`zc_img_error_kind`] and [`zc_img_write_error_kind`] codes and the
//! conversion of the library's errors.

use zerocol::img::{self, ErrorKind, InputError};

use crate::error::zc_error;
use crate::format::zc_format;

/// What was wrong with an archive's directory: `zc_error.kind` when `zc_error.format` is
/// `ZC_FORMAT_IMG` and a reader failed. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_img_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_IMG_ERROR_OTHER = 0,
    /// The buffer ends inside the v2 header.
    ZC_IMG_ERROR_TRUNCATED = 1,
    /// No `VER2` magic.
    ZC_IMG_ERROR_BAD_MAGIC = 2,
    /// The directory's entries run past the end of the buffer (v2: at the count field).
    ZC_IMG_ERROR_DIRECTORY_PAST_END = 3,
    /// A v1 `.dir` that is not a whole number of 32-byte entries (strict only).
    ZC_IMG_ERROR_PARTIAL_ENTRY = 4,
    /// An entry's sectors run past the end of the archive (at its offset field).
    ZC_IMG_ERROR_ENTRY_PAST_END = 5,
    /// A 24-byte name without NUL (strict only).
    ZC_IMG_ERROR_NAME_NOT_TERMINATED = 6,
}

/// The stable code of an IMG error kind.
pub(crate) fn kind_code(kind: &ErrorKind) -> zc_img_error_kind {
    use zc_img_error_kind as K;
    match kind {
        ErrorKind::Truncated { .. } => K::ZC_IMG_ERROR_TRUNCATED,
        ErrorKind::BadMagic { .. } => K::ZC_IMG_ERROR_BAD_MAGIC,
        ErrorKind::DirectoryPastEnd { .. } => K::ZC_IMG_ERROR_DIRECTORY_PAST_END,
        ErrorKind::PartialEntry { .. } => K::ZC_IMG_ERROR_PARTIAL_ENTRY,
        ErrorKind::EntryPastEnd { .. } => K::ZC_IMG_ERROR_ENTRY_PAST_END,
        ErrorKind::NameNotTerminated { .. } => K::ZC_IMG_ERROR_NAME_NOT_TERMINATED,
        _ => K::ZC_IMG_ERROR_OTHER,
    }
}

/// An `img::Error` as a `zc_error` (its offset in the directory buffer: the v2
/// archive, or the v1 `.dir`).
pub(crate) fn to_c(error: &img::Error) -> zc_error {
    let kind = error.kind();
    let mut c = zc_error::new(
        zc_format::ZC_FORMAT_IMG,
        kind_code(&kind) as u32,
        error.offset(),
        error,
    );
    c.lenient_readable = u8::from(kind.is_lenient_readable());
    c
}

/// Why an archive writer refused its entries: `zc_error.kind` when a `zc_img_write*`
/// call returned `ZC_STATUS_UNWRITABLE`. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_img_write_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_IMG_WRITE_ERROR_OTHER = 0,
    /// A name is empty, holds a NUL, or has more than 23 bytes.
    ZC_IMG_WRITE_ERROR_BAD_NAME = 1,
    /// An entry larger than a v2 size field holds (65,535 sectors, 128 MiB).
    ZC_IMG_WRITE_ERROR_ENTRY_TOO_LARGE = 2,
    /// The archive's size or an entry's sector overflows the format's fields or the
    /// address space.
    ZC_IMG_WRITE_ERROR_TOO_LARGE = 3,
}

/// The stable code of an IMG write error kind.
pub(crate) fn write_kind_code(kind: &InputError) -> zc_img_write_error_kind {
    use zc_img_write_error_kind as K;
    match kind {
        InputError::BadName { .. } => K::ZC_IMG_WRITE_ERROR_BAD_NAME,
        InputError::EntryTooLarge { .. } => K::ZC_IMG_WRITE_ERROR_ENTRY_TOO_LARGE,
        _ => K::ZC_IMG_WRITE_ERROR_OTHER,
    }
}
