//! Reading GTA IMG archives from C: the [`zc_img_directory`] and [`zc_img_archive`]
//! views, entries by index and by name, entry bytes (whole archive or streamed), the
//! GTA models of an entry (the lints are in `lint`).

use zerocol::gta;
use zerocol::img::{Archive, Directory, DirectoryParts, Entry, EntryError, Kind, Options, Version};

use crate::boundary::{self, Sealed};
use crate::convert::put;
use crate::error::{fail, zc_error, zc_mode, zc_status};
use crate::format::zc_format;
use crate::gta::read::zc_gta_model;

use super::error::to_c;

/// An archive's length that the caller does not know: pass it as `archive_len` to
/// [`zc_img_directory_parse`] to list a directory without checking where its entries
/// lie. A view's `archive_len` holds it when the length was not given.
pub const ZC_IMG_LEN_UNKNOWN: u64 = u64::MAX;

/// An archive's version (`zc_img_directory.version`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_img_version {
    /// GTA III and Vice City: a `.dir` and an `.img`.
    ZC_IMG_V1 = 1,
    /// San Andreas: one `VER2` file.
    ZC_IMG_V2 = 2,
}

impl zc_img_version {
    fn of(version: Version) -> Self {
        match version {
            Version::V1 => Self::ZC_IMG_V1,
            _ => Self::ZC_IMG_V2,
        }
    }

    fn from_u32(version: u32) -> Result<Version, zc_status> {
        match version {
            1 => Ok(Version::V1),
            2 => Ok(Version::V2),
            _ => Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        }
    }
}

/// What an entry holds, from its name's extension, compared case-insensitively as the
/// games do (`zc_img_entry.kind`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_img_kind {
    /// Any other extension, or none: the game skips the entry.
    ZC_IMG_KIND_OTHER = 0,
    /// `.dff`: a RenderWare model (may carry a GTA collision model).
    ZC_IMG_KIND_DFF = 1,
    /// `.txd`: a texture dictionary.
    ZC_IMG_KIND_TXD = 2,
    /// `.col`: a GTA collision library.
    ZC_IMG_KIND_COL = 3,
    /// `.ifp`: animations.
    ZC_IMG_KIND_IFP = 4,
    /// `.ipl`: a binary placement file (San Andreas).
    ZC_IMG_KIND_IPL = 5,
    /// `.dat`: path nodes (San Andreas).
    ZC_IMG_KIND_DAT = 6,
    /// `.rrr`: a vehicle recording (San Andreas).
    ZC_IMG_KIND_RRR = 7,
    /// `.scm`: a streamed script (San Andreas).
    ZC_IMG_KIND_SCM = 8,
}

impl zc_img_kind {
    fn of(kind: Kind) -> Self {
        match kind {
            Kind::Dff => Self::ZC_IMG_KIND_DFF,
            Kind::Txd => Self::ZC_IMG_KIND_TXD,
            Kind::Col => Self::ZC_IMG_KIND_COL,
            Kind::Ifp => Self::ZC_IMG_KIND_IFP,
            Kind::Ipl => Self::ZC_IMG_KIND_IPL,
            Kind::Dat => Self::ZC_IMG_KIND_DAT,
            Kind::Rrr => Self::ZC_IMG_KIND_RRR,
            Kind::Scm => Self::ZC_IMG_KIND_SCM,
            _ => Self::ZC_IMG_KIND_OTHER,
        }
    }
}

/// The library's options for a mode.
fn options(mode: u32) -> Result<Options, zc_status> {
    Ok(if zc_mode::from_u32(mode)?.is_lenient() {
        Options::LENIENT
    } else {
        Options::STRICT
    })
}

/// A checked archive directory: a view that borrows the directory's bytes (the v2
/// archive's first bytes, or the v1 `.dir`) and stays valid while they do, unchanged.
/// Made by [`zc_img_directory_parse`], [`zc_img_directory_parse_v1`], and inside a
/// [`zc_img_archive`]; the `zc_img_directory_*` calls rebuild it in O(1).
///
/// Do not change its fields: a view whose `check` does not match them is refused with
/// `ZC_STATUS_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_directory {
    /// The directory's bytes (v2: from the archive's first byte).
    pub bytes: *const u8,
    /// Their length.
    pub bytes_len: usize,
    /// The archive's length in bytes, or `ZC_IMG_LEN_UNKNOWN` when it was not given
    /// (then entries were not checked to lie inside it).
    pub archive_len: u64,
    /// The archive's version (a `zc_img_version`).
    pub version: u32,
    /// The `zc_mode` it was read in.
    pub mode: u32,
    /// Entries declared, those a lenient read skips included (`zc_img_entry.skipped`).
    pub count: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and a pointer only: any bits are a value (the check word and
// `Directory::from_parts` decide whether it names a directory).
unsafe impl boundary::Plain for zc_img_directory {}

boundary::sealed!(zc_img_directory, |v| [
    v.bytes as usize as u64,
    v.bytes_len as u64,
    v.archive_len,
    u64::from(v.version),
    u64::from(v.mode),
    u64::from(v.count),
]);

impl zc_img_directory {
    /// The C view of `directory`, read from `bytes` in `mode`.
    fn of(bytes: &[u8], directory: &Directory<'_>, mode: u32) -> Self {
        let parts = directory.parts();
        Self {
            bytes: bytes.as_ptr(),
            bytes_len: bytes.len(),
            archive_len: parts.archive_len.unwrap_or(ZC_IMG_LEN_UNKNOWN),
            version: zc_img_version::of(parts.version) as u32,
            mode,
            count: parts.count,
            check: 0,
        }
        .sealed()
    }

    /// The library's directory of a checked view (O(1)).
    pub(crate) fn rebuild<'a>(&self) -> Result<Directory<'a>, zc_status> {
        self.verify()?;
        let bytes = boundary::bytes(self.bytes, self.bytes_len)?;
        let parts = DirectoryParts {
            version: zc_img_version::from_u32(self.version)?,
            count: self.count,
            archive_len: (self.archive_len != ZC_IMG_LEN_UNKNOWN).then_some(self.archive_len),
            options: options(self.mode)?,
        };
        Directory::from_parts(bytes, parts).ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)
    }

    /// The caller's view at `ptr`, rebuilt.
    fn read<'a>(ptr: *const Self) -> Result<Directory<'a>, zc_status> {
        boundary::read(ptr)?.rebuild()
    }
}

/// A checked archive held whole in memory: its directory and the archive's bytes (the
/// v2 file, or the v1 `.img`), borrowed for as long as the view is used. Made by
/// [`zc_img_parse`] and [`zc_img_parse_v1`]. Its `directory` is a view of its own:
/// hand `&archive.directory` to the `zc_img_directory_*` calls.
///
/// Do not change its fields: a view whose `check` does not match them is refused with
/// `ZC_STATUS_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_archive {
    /// The directory (v2: over the same bytes as `data`).
    pub directory: zc_img_directory,
    /// The archive's bytes.
    pub data: *const u8,
    /// Their length (the directory's `archive_len`).
    pub data_len: usize,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: a plain struct, integers and pointers only.
unsafe impl boundary::Plain for zc_img_archive {}

boundary::sealed!(zc_img_archive, |v| [
    u64::from(v.directory.check),
    v.data as usize as u64,
    v.data_len as u64,
]);

impl zc_img_archive {
    pub(crate) fn of(archive: &Archive<'_>, directory_bytes: &[u8], mode: u32) -> Self {
        let data = archive.bytes();
        Self {
            directory: zc_img_directory::of(directory_bytes, &archive.directory(), mode),
            data: data.as_ptr(),
            data_len: data.len(),
            check: 0,
        }
        .sealed()
    }

    /// The caller's view at `ptr`, rebuilt as the library's archive (O(1)).
    pub(crate) fn read<'a>(ptr: *const Self) -> Result<Archive<'a>, zc_status> {
        let view = boundary::read(ptr)?;
        view.verify()?;
        let directory = view.directory.rebuild()?;
        let data = boundary::bytes(view.data, view.data_len)?;
        Archive::from_parts(directory, data).ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)
    }
}

/// Parses a v2 (`VER2`) archive held whole in the `len` bytes at `bytes`: the
/// directory, and every entry's sectors inside the buffer.
///
/// - `mode`: a `zc_mode`.
/// - `archive`: written on `ZC_STATUS_OK`; borrows `bytes`.
/// - `err`: written on `ZC_STATUS_MALFORMED` (format `ZC_FORMAT_IMG`, a
///   `zc_img_error_kind`, the offset in `bytes`); may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    archive: *mut zc_img_archive,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, opts) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(opts)) => (bytes, opts),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if archive.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match Archive::parse(bytes, opts) {
        Ok(a) => put(archive, zc_img_archive::of(&a, bytes, mode)),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// Parses a v1 (GTA III, Vice City) archive: its `.dir` (`dir_len` bytes at `dir`)
/// and its `.img` (`img_len` bytes at `img`), every entry's sectors inside the `.img`.
///
/// - `mode`: a `zc_mode`.
/// - `archive`: written on `ZC_STATUS_OK`; borrows both buffers.
/// - `err`: written on `ZC_STATUS_MALFORMED`, its offset in the `.dir`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_parse_v1(
    dir: *const u8,
    dir_len: usize,
    img: *const u8,
    img_len: usize,
    mode: u32,
    archive: *mut zc_img_archive,
    err: *mut zc_error,
) -> zc_status {
    let (dir, img, opts) = match (
        boundary::bytes(dir, dir_len),
        boundary::bytes(img, img_len),
        options(mode),
    ) {
        (Ok(dir), Ok(img), Ok(opts)) => (dir, img, opts),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    if archive.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match Archive::parse_v1(dir, img, opts) {
        Ok(a) => put(archive, zc_img_archive::of(&a, dir, mode)),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// Bytes of a v2 archive's directory (header and entries), from the archive's first
/// 8 bytes (`len` bytes at `header`): how much to read before
/// [`zc_img_directory_parse`] when streaming.
///
/// - `needed`: written on `ZC_STATUS_OK`.
/// - `err`: written on `ZC_STATUS_MALFORMED` (no `VER2`, fewer than 8 bytes, or a
///   directory longer than the address space); may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_directory_v2_len(
    header: *const u8,
    len: usize,
    needed: *mut usize,
    err: *mut zc_error,
) -> zc_status {
    let header = match boundary::bytes(header, len) {
        Ok(header) => header,
        Err(status) => return status,
    };
    if needed.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match Directory::v2_len(header) {
        Ok(n) => put(needed, n),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// Parses a v2 (`VER2`) directory from the archive's first bytes (`len` bytes at
/// `bytes`: at least [`zc_img_directory_v2_len`] of them; the whole archive will do),
/// as the PS2 streamed it.
///
/// - `archive_len`: the archive's length in bytes, to check every entry's sectors lie
///   inside it; `ZC_IMG_LEN_UNKNOWN` to only list the entries.
/// - `mode`: a `zc_mode`.
/// - `directory`: written on `ZC_STATUS_OK`; borrows `bytes`.
/// - `err`: written on `ZC_STATUS_MALFORMED`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_directory_parse(
    bytes: *const u8,
    len: usize,
    archive_len: u64,
    mode: u32,
    directory: *mut zc_img_directory,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, opts) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(opts)) => (bytes, opts),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if directory.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let known = (archive_len != ZC_IMG_LEN_UNKNOWN).then_some(archive_len);
    match Directory::parse(bytes, known, opts) {
        Ok(d) => put(directory, zc_img_directory::of(bytes, &d, mode)),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// Parses a v1 `.dir` (`len` bytes at `dir`): 32-byte entries, no header.
///
/// - `img_len`: the `.img`'s length in bytes, to check every entry's sectors lie inside
///   it; `ZC_IMG_LEN_UNKNOWN` to only list the entries.
/// - `mode`: a `zc_mode`.
/// - `directory`: written on `ZC_STATUS_OK`; borrows `dir`.
/// - `err`: written on `ZC_STATUS_MALFORMED`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_directory_parse_v1(
    dir: *const u8,
    len: usize,
    img_len: u64,
    mode: u32,
    directory: *mut zc_img_directory,
    err: *mut zc_error,
) -> zc_status {
    let (dir, opts) = match (boundary::bytes(dir, len), options(mode)) {
        (Ok(dir), Ok(opts)) => (dir, opts),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if directory.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let known = (img_len != ZC_IMG_LEN_UNKNOWN).then_some(img_len);
    match Directory::parse_v1(dir, known, opts) {
        Ok(d) => put(directory, zc_img_directory::of(dir, &d, mode)),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// One directory entry, decoded (plain data; its `name` borrows the directory's
/// bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_entry {
    /// The name's bytes before its NUL, in the directory's bytes (not NUL-terminated:
    /// use `name_len`). At most 23 bytes.
    pub name: *const u8,
    /// The name's length.
    pub name_len: usize,
    /// Position in the directory (0-based, counting skipped entries too).
    pub index: u32,
    /// What it holds, from its extension (a `zc_img_kind`).
    pub kind: u32,
    /// First sector in the archive.
    pub sector: u32,
    /// Sectors of the entry.
    pub sectors: u32,
    /// First byte in the archive (`sector × 2048`).
    pub offset: u64,
    /// Bytes of the entry (`sectors × 2048`).
    pub size: u64,
    /// Byte offset of the entry's 32-byte record in the directory's bytes.
    pub record_offset: u64,
    /// 1 when a lenient read skips the entry, as the game does (a name the game does
    /// not load and sectors past the archive's end): it has no bytes.
    pub skipped: u8,
}

fn entry_of(directory: &Directory<'_>, entry: &Entry<'_>) -> zc_img_entry {
    zc_img_entry {
        name: entry.name.as_ptr(),
        name_len: entry.name.len(),
        index: entry.index,
        kind: zc_img_kind::of(entry.kind) as u32,
        sector: entry.sector,
        sectors: entry.sectors,
        offset: entry.byte_range().start,
        size: entry.len(),
        record_offset: crate::convert::wide(entry.record_offset),
        skipped: u8::from(directory.is_skipped(entry)),
    }
}

/// Entry `index` of the directory as declared (`index < directory->count`), into
/// `entry`: `ZC_STATUS_OUT_OF_RANGE` past the end. O(1).
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_directory_entry(
    directory: *const zc_img_directory,
    index: u32,
    entry: *mut zc_img_entry,
) -> zc_status {
    let d = match zc_img_directory::read(directory) {
        Ok(d) => d,
        Err(status) => return status,
    };
    match d.get(index) {
        Some(e) => put(entry, entry_of(&d, &e)),
        None if entry.is_null() => zc_status::ZC_STATUS_NULL_ARGUMENT,
        None => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}

/// The first entry the game reads named `name` (`name_len` bytes, no NUL needed),
/// compared case-insensitively (ASCII), as the games do; entries a lenient read skips
/// are not found. Into `entry`; `ZC_STATUS_NOT_FOUND` when none. O(entries).
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_directory_find(
    directory: *const zc_img_directory,
    name: *const u8,
    name_len: usize,
    entry: *mut zc_img_entry,
) -> zc_status {
    let (d, name) = match (
        zc_img_directory::read(directory),
        boundary::bytes(name, name_len),
    ) {
        (Ok(d), Ok(name)) => (d, name),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match d.find(name) {
        Some(e) => put(entry, entry_of(&d, &e)),
        None if entry.is_null() => zc_status::ZC_STATUS_NULL_ARGUMENT,
        None => zc_status::ZC_STATUS_NOT_FOUND,
    }
}

/// Entry `index`'s bytes, from the caller's `len` bytes at `sectors` holding its
/// sectors from its first on (as the PS2 streamed an entry into its buffer): the first
/// `entry.size` bytes of them (fewer where a lenient read let the archive end in a
/// partial sector). `*bytes` and `*bytes_len` are written on `ZC_STATUS_OK`; `*bytes`
/// points into `sectors`.
///
/// `ZC_STATUS_OUT_OF_RANGE` past the end; `ZC_STATUS_NOT_FOUND` for an entry a lenient
/// read skips; `ZC_STATUS_BUFFER_TOO_SMALL` when `len` is shorter than the entry.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_directory_entry_data(
    directory: *const zc_img_directory,
    index: u32,
    sectors: *const u8,
    len: usize,
    bytes: *mut *const u8,
    bytes_len: *mut usize,
) -> zc_status {
    let (d, sectors) = match (
        zc_img_directory::read(directory),
        boundary::bytes(sectors, len),
    ) {
        (Ok(d), Ok(sectors)) => (d, sectors),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match entry_bytes(&d, index, sectors) {
        Ok(data) => out_bytes(data, bytes, bytes_len),
        Err(status) => status,
    }
}

/// Entry `index`'s bytes in `sectors` (which start at the entry's first sector).
fn entry_bytes<'a>(
    d: &Directory<'a>,
    index: u32,
    sectors: &'a [u8],
) -> Result<&'a [u8], zc_status> {
    let e = d.get(index).ok_or(zc_status::ZC_STATUS_OUT_OF_RANGE)?;
    if d.is_skipped(&e) {
        return Err(zc_status::ZC_STATUS_NOT_FOUND);
    }
    d.entry_data(&e, sectors)
        .map(|data| data.bytes)
        .ok_or(zc_status::ZC_STATUS_BUFFER_TOO_SMALL)
}

/// Entry `index`'s bytes in the archive.
fn archive_entry_bytes<'a>(archive: &Archive<'a>, index: u32) -> Result<&'a [u8], zc_status> {
    let d = archive.directory();
    let e = d.get(index).ok_or(zc_status::ZC_STATUS_OUT_OF_RANGE)?;
    if d.is_skipped(&e) {
        return Err(zc_status::ZC_STATUS_NOT_FOUND);
    }
    archive
        .data(&e)
        .map(|data| data.bytes)
        .ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)
}

/// Writes a slice's pointer and length to the caller's two outputs.
fn out_bytes(data: &[u8], bytes: *mut *const u8, bytes_len: *mut usize) -> zc_status {
    if bytes.is_null() || bytes_len.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match boundary::write(bytes, data.as_ptr()) {
        Ok(()) => put(bytes_len, data.len()),
        Err(status) => status,
    }
}

/// Entry `index`'s bytes in the archive (zero-copy: `*bytes` points into the archive's
/// data), written on `ZC_STATUS_OK`. `ZC_STATUS_OUT_OF_RANGE` past the end;
/// `ZC_STATUS_NOT_FOUND` for an entry a lenient read skips. O(1).
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_archive_entry_data(
    archive: *const zc_img_archive,
    index: u32,
    bytes: *mut *const u8,
    bytes_len: *mut usize,
) -> zc_status {
    let archive = match zc_img_archive::read(archive) {
        Ok(archive) => archive,
        Err(status) => return status,
    };
    match archive_entry_bytes(&archive, index) {
        Ok(entry) => out_bytes(entry, bytes, bytes_len),
        Err(status) => status,
    }
}

/// A walk over the GTA models of a `.col` entry: start it with
/// [`zc_img_entry_models_begin`], then call [`zc_img_entry_models_next`] until it
/// returns `ZC_STATUS_END` or `ZC_STATUS_MALFORMED`. It borrows the entry's bytes and
/// the directory's (for the name).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_models {
    /// The entry's bytes (the models' `zc_gta_model.buffer`).
    pub entry_bytes: *const u8,
    /// Their length.
    pub entry_len: usize,
    /// The entry's name, in the directory's bytes.
    pub name: *const u8,
    /// Its length.
    pub name_len: usize,
    /// The entry's first byte in the archive: an error's `offset` minus this is the
    /// byte inside the entry.
    pub entry_offset: u64,
    /// Where the next model starts in the entry.
    pub position: u64,
    /// The entry's index.
    pub entry: u32,
    /// The walk's `zc_mode` (the GTA reader's).
    pub mode: u32,
    /// 0 while walking, 1 once ended (`ZC_STATUS_END` returned), 2 after an error.
    pub state: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and pointers only.
unsafe impl boundary::Plain for zc_img_models {}

boundary::sealed!(zc_img_models, |v| [
    v.entry_bytes as usize as u64,
    v.entry_len as u64,
    v.name as usize as u64,
    v.name_len as u64,
    v.entry_offset,
    v.position,
    u64::from(v.entry),
    u64::from(v.mode),
    u64::from(v.state),
]);

/// Starts a walk over the GTA models of entry `index`, whose bytes are the caller's
/// `len` bytes at `sectors` (from the entry's first sector: what
/// [`zc_img_archive_entry_data`] or [`zc_img_directory_entry_data`] hands out, or a
/// streamed buffer), read in `mode` (a `zc_mode`). Writes `iter`; no model is read yet.
/// Statuses as [`zc_img_directory_entry_data`].
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_entry_models_begin(
    directory: *const zc_img_directory,
    index: u32,
    sectors: *const u8,
    len: usize,
    mode: u32,
    iter: *mut zc_img_models,
) -> zc_status {
    let (d, sectors) = match (
        zc_img_directory::read(directory),
        boundary::bytes(sectors, len),
    ) {
        (Ok(d), Ok(sectors)) => (d, sectors),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if let Err(status) = crate::gta::read::options(mode) {
        return status;
    }
    let (data, e) = match (entry_bytes(&d, index, sectors), d.get(index)) {
        (Ok(data), Some(e)) => (data, e),
        (Err(status), _) => return status,
        (_, None) => return zc_status::ZC_STATUS_OUT_OF_RANGE,
    };
    let walk = zc_img_models {
        entry_bytes: data.as_ptr(),
        entry_len: data.len(),
        name: e.name.as_ptr(),
        name_len: e.name.len(),
        entry_offset: e.byte_range().start,
        position: 0,
        entry: index,
        mode,
        state: 0,
        check: 0,
    };
    put(iter, walk.sealed())
}

/// The walk's next model, into `model` (a view over the entry's bytes):
/// `ZC_STATUS_OK`; `ZC_STATUS_END` after the last one; `ZC_STATUS_MALFORMED` with
/// `err` (may be NULL) at the first error, after which the walk stays ended. The
/// error's format is `ZC_FORMAT_GTA_COL` with a `zc_gta_error_kind`, its `offset` in
/// the archive (the entry's `entry_offset` plus the byte inside the entry), its message
/// naming the entry and both offsets.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_entry_models_next(
    iter: *mut zc_img_models,
    model: *mut zc_gta_model,
    err: *mut zc_error,
) -> zc_status {
    let walk = match boundary::read_sealed(iter.cast_const()) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    if walk.state != 0 {
        return zc_status::ZC_STATUS_END;
    }
    if model.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let (bytes, name, opts, position) = match (
        boundary::bytes(walk.entry_bytes, walk.entry_len),
        boundary::bytes(walk.name, walk.name_len),
        crate::gta::read::options(walk.mode),
        usize::try_from(walk.position),
    ) {
        (Ok(bytes), Ok(name), Ok(opts), Ok(position)) => (bytes, name, opts, position),
        (Err(status), _, _, _) | (_, Err(status), _, _) | (_, _, Err(status), _) => {
            return status;
        }
        (_, _, _, Err(_)) => return zc_status::ZC_STATUS_INVALID_ARGUMENT,
    };
    let mut models = gta::Models::resume(bytes, position, opts);
    let (state, status) = match models.next() {
        Some(Ok(m)) => match boundary::write(model, zc_gta_model::of(bytes, &m)) {
            Ok(()) => (0, zc_status::ZC_STATUS_OK),
            Err(status) => return status,
        },
        Some(Err(e)) => {
            let error = EntryError {
                entry: walk.entry,
                name,
                entry_offset: walk.entry_offset,
                error: e,
            };
            let mut c = zc_error::new(
                zc_format::ZC_FORMAT_GTA_COL,
                crate::gta::error::kind_code(&e.kind()) as u32,
                0,
                &error,
            );
            c.offset = error.archive_offset();
            c.lenient_readable = u8::from(e.is_lenient_readable());
            (2, fail(err, zc_status::ZC_STATUS_MALFORMED, c))
        }
        None => (1, zc_status::ZC_STATUS_END),
    };
    let advanced = zc_img_models {
        position: crate::convert::wide(models.position()),
        state,
        ..walk
    };
    crate::convert::then(status, boundary::write(iter, advanced.sealed()))
}

/// The entry kind's short lower-case name (`"dff"`, `"col"`, ..., `"other"`), as a
/// static NUL-terminated string; `"other"` for an unknown value.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_kind_name(kind: u32) -> *const core::ffi::c_char {
    let name: &'static core::ffi::CStr = match kind {
        1 => c"dff",
        2 => c"txd",
        3 => c"col",
        4 => c"ifp",
        5 => c"ipl",
        6 => c"dat",
        7 => c"rrr",
        8 => c"scm",
        _ => c"other",
    };
    name.as_ptr()
}
