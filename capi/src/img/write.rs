//! Writing GTA IMG archives from C into caller buffers: v2 ([`zc_img_write`]), v1
//! ([`zc_img_write_v1`]), a directory alone ([`zc_img_write_directory`]) and an edited
//! archive ([`zc_img_write_edited`]), each after its `_required_len`.

use zerocol::img::{self, Change, Placement, Source, Version, WriteError};

use crate::boundary;
use crate::convert::put;
use crate::error::{fail, zc_error, zc_status};
use crate::format::zc_format;

use super::error::{write_kind_code, zc_img_write_error_kind};
use super::read::zc_img_archive;

/// An entry to write: its name and its bytes (padded to whole sectors by the writer).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_source {
    /// The name's bytes: 1 to 23, no NUL (not NUL-terminated: `name_len` says).
    pub name: *const u8,
    /// The name's length.
    pub name_len: usize,
    /// The entry's bytes (NULL when `len` is 0).
    pub data: *const u8,
    /// Their length.
    pub len: usize,
}

// SAFETY: pointers and integers only.
unsafe impl boundary::Plain for zc_img_source {}

/// An entry to place in a directory written alone: its name and its length in bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_placement {
    /// The name's bytes: 1 to 23, no NUL.
    pub name: *const u8,
    /// The name's length.
    pub name_len: usize,
    /// The entry's length in bytes.
    pub len: u64,
}

// SAFETY: pointers and integers only.
unsafe impl boundary::Plain for zc_img_placement {}

/// A change to an archive ([`zc_img_write_edited`]).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_change {
    /// The name of the entries changed (compared case-insensitively), or of the entry
    /// added.
    pub name: *const u8,
    /// The name's length.
    pub name_len: usize,
    /// The new bytes (ignored by a removal).
    pub data: *const u8,
    /// Their length.
    pub len: usize,
    /// 0: put (replace the entries named `name` with `data`, or add an entry at the end
    /// where none has the name); 1: remove the entries named `name`. Other values are
    /// `ZC_STATUS_INVALID_ARGUMENT`.
    pub remove: u32,
}

// SAFETY: pointers and integers only.
unsafe impl boundary::Plain for zc_img_change {}

/// The most changes [`zc_img_write_edited`] takes in one call (more are
/// `ZC_STATUS_INVALID_ARGUMENT`; apply them in several passes).
pub const ZC_IMG_MAX_CHANGES: usize = 32;

/// The caller's sources, every pointer checked first.
fn sources<'a>(
    ptr: *const zc_img_source,
    count: usize,
) -> Result<impl Iterator<Item = Source<'a>> + Clone, zc_status> {
    let list: &'a [zc_img_source] = boundary::slice(ptr, count)?;
    for s in list {
        boundary::bytes(s.name, s.name_len)?;
        boundary::bytes(s.data, s.len)?;
    }
    Ok(list.iter().map(|s| Source {
        name: boundary::bytes(s.name, s.name_len).unwrap_or_default(),
        data: boundary::bytes(s.data, s.len).unwrap_or_default(),
    }))
}

/// A writer's refusal as a status, with the error (`err`) or the needed length
/// (`needed`).
fn refuse(e: &WriteError, needed: *mut usize, err: *mut zc_error) -> zc_status {
    let kind = match e {
        WriteError::BufferTooSmall { needed: n, .. } => {
            return match boundary::write_opt(needed, *n) {
                Ok(()) => zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
                Err(status) => status,
            };
        }
        WriteError::Invalid(kind) => write_kind_code(kind),
        WriteError::TooLarge => zc_img_write_error_kind::ZC_IMG_WRITE_ERROR_TOO_LARGE,
        _ => zc_img_write_error_kind::ZC_IMG_WRITE_ERROR_OTHER,
    };
    fail(
        err,
        zc_status::ZC_STATUS_UNWRITABLE,
        zc_error::new(zc_format::ZC_FORMAT_IMG, kind as u32, 0, e),
    )
}

/// Bytes of the v2 archive of the `count` sources at `sources` (borrowed for the call),
/// into `len`. `ZC_STATUS_UNWRITABLE` with `err` (may be NULL) when the size overflows.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_required_len(
    sources: *const zc_img_source,
    count: usize,
    len: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let list = match self::sources(sources, count) {
        Ok(list) => list,
        Err(status) => return status,
    };
    if len.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match img::required_len(list) {
        Ok(n) => put(len, n),
        Err(e) => refuse(&e, core::ptr::null_mut(), err),
    }
}

/// Writes the v2 (`VER2`) archive of the `count` sources at `sources` into the `cap`
/// bytes at `out`: the directory, then each entry at a sector boundary, zero-padded to
/// whole sectors.
///
/// - `written`: on `ZC_STATUS_OK`, the bytes written ([`zc_img_required_len`]); on
///   `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to `out`), the bytes needed.
/// - `err`: on `ZC_STATUS_UNWRITABLE` (a bad name, an entry too large), a
///   `zc_img_write_error_kind`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_write(
    sources: *const zc_img_source,
    count: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let (list, buf) = match (self::sources(sources, count), boundary::bytes_mut(out, cap)) {
        (Ok(list), Ok(buf)) => (list, buf),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match img::write(list, buf) {
        Ok(n) => put(written, n),
        Err(e) => refuse(&e, written, err),
    }
}

/// Bytes of the v1 `.dir` (`dir_len`) and `.img` (`img_len`) of the `count` sources at
/// `sources`. `ZC_STATUS_UNWRITABLE` with `err` (may be NULL) when a size overflows.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_v1_required_len(
    sources: *const zc_img_source,
    count: usize,
    dir_len: *mut usize,
    img_len: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let list = match self::sources(sources, count) {
        Ok(list) => list,
        Err(status) => return status,
    };
    if dir_len.is_null() || img_len.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match img::v1_required_len(list) {
        Ok((d, i)) => match boundary::write(dir_len, d) {
            Ok(()) => put(img_len, i),
            Err(status) => status,
        },
        Err(e) => refuse(&e, core::ptr::null_mut(), err),
    }
}

/// Writes the v1 (GTA III, Vice City) `.dir` into the `dir_cap` bytes at `dir` and the
/// `.img` into the `img_cap` bytes at `img`, of the `count` sources at `sources`.
///
/// - `dir_written`, `img_written`: on `ZC_STATUS_OK`, the bytes written to each. On
///   `ZC_STATUS_BUFFER_TOO_SMALL` nothing is written to the buffers nor to these:
///   [`zc_img_v1_required_len`] says what both need.
/// - `err`: on `ZC_STATUS_UNWRITABLE`, a `zc_img_write_error_kind`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_write_v1(
    sources: *const zc_img_source,
    count: usize,
    dir: *mut u8,
    dir_cap: usize,
    img: *mut u8,
    img_cap: usize,
    dir_written: *mut usize,
    img_written: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let (list, dir, img) = match (
        self::sources(sources, count),
        boundary::bytes_mut(dir, dir_cap),
        boundary::bytes_mut(img, img_cap),
    ) {
        (Ok(list), Ok(dir), Ok(img)) => (list, dir, img),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    if dir_written.is_null() || img_written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match img::write_v1(list, dir, img) {
        Ok((d, i)) => match boundary::write(dir_written, d) {
            Ok(()) => put(img_written, i),
            Err(status) => status,
        },
        Err(e) => refuse(&e, core::ptr::null_mut(), err),
    }
}

/// Writes a directory alone (`version`: a `zc_img_version`; v2 with its header) of the
/// `count` placements at `placements`, laid out one after the other from the first
/// data sector (v2: after the directory's sectors; v1: 0), into the `cap` bytes at
/// `out`: for a caller that streams the entries' data itself, each padded to whole
/// sectors.
///
/// - `written`: on `ZC_STATUS_OK`, the directory's bytes; on
///   `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to `out`), the bytes needed.
/// - `first_sector`: on `ZC_STATUS_OK`, the sector where the first entry's data goes;
///   may be NULL.
/// - `end_sector`: on `ZC_STATUS_OK`, the sector just past the last entry (the
///   archive's length in sectors); may be NULL.
/// - `err`: on `ZC_STATUS_UNWRITABLE`, a `zc_img_write_error_kind`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_write_directory(
    version: u32,
    placements: *const zc_img_placement,
    count: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
    first_sector: *mut u64,
    end_sector: *mut u64,
    err: *mut zc_error,
) -> zc_status {
    let version = match version {
        1 => Version::V1,
        2 => Version::V2,
        _ => return zc_status::ZC_STATUS_INVALID_ARGUMENT,
    };
    let (list, buf) = match (
        boundary::slice(placements, count),
        boundary::bytes_mut(out, cap),
    ) {
        (Ok(list), Ok(buf)) => (list, buf),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    for p in list {
        if let Err(status) = boundary::bytes(p.name, p.name_len) {
            return status;
        }
    }
    if written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let items = list.iter().map(|p| Placement {
        name: boundary::bytes(p.name, p.name_len).unwrap_or_default(),
        len: p.len,
    });
    let first = match img::data_sector(version, count) {
        Ok(first) => first,
        Err(e) => return refuse(&e, written, err),
    };
    match img::write_directory(version, items, buf) {
        Ok((n, end)) => {
            let outs = boundary::write_opt(first_sector, first)
                .and_then(|()| boundary::write_opt(end_sector, end));
            match outs {
                Ok(()) => put(written, n),
                Err(status) => status,
            }
        }
        Err(e) => refuse(&e, written, err),
    }
}

/// The caller's changes, copied into `store`.
fn changes<'a>(
    ptr: *const zc_img_change,
    count: usize,
    store: &mut [Change<'a>; ZC_IMG_MAX_CHANGES],
) -> Result<usize, zc_status> {
    let list: &'a [zc_img_change] = boundary::slice(ptr, count)?;
    if list.len() > ZC_IMG_MAX_CHANGES {
        return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
    }
    for (slot, c) in store.iter_mut().zip(list) {
        let name = boundary::bytes(c.name, c.name_len)?;
        *slot = match c.remove {
            0 => Change::Put {
                name,
                data: boundary::bytes(c.data, c.len)?,
            },
            1 => Change::Remove { name },
            _ => return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        };
    }
    Ok(list.len())
}

/// Writes the v2 archive of `archive` (a v1 or v2 view) with the `count` changes at
/// `changes` applied (at most [`ZC_IMG_MAX_CHANGES`]): in directory order, each
/// untouched entry byte for byte, an entry named by a put with its new bytes, one
/// named by a removal left out (the first change naming an entry applies), then the
/// puts that named no entry, as new entries. Entries a lenient read skipped are left
/// out. `out` may be NULL with `cap` 0 to learn the length.
///
/// - `written`: on `ZC_STATUS_OK`, the bytes written; on `ZC_STATUS_BUFFER_TOO_SMALL`
///   (nothing written to `out`), the bytes needed.
/// - `err`: on `ZC_STATUS_UNWRITABLE`, a `zc_img_write_error_kind`; may be NULL.
///
/// `out` must not overlap the archive's bytes.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_write_edited(
    archive: *const zc_img_archive,
    changes: *const zc_img_change,
    count: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let mut store = [Change::Remove { name: b"" }; ZC_IMG_MAX_CHANGES];
    let (archive, n, buf) = match (
        zc_img_archive::read(archive),
        self::changes(changes, count, &mut store),
        boundary::bytes_mut(out, cap),
    ) {
        (Ok(archive), Ok(n), Ok(buf)) => (archive, n, buf),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    if written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let list = store.get(..n).unwrap_or_default();
    let edited = archive.edited(list);
    match img::write(edited, buf) {
        Ok(n) => put(written, n),
        Err(e) => refuse(&e, written, err),
    }
}
