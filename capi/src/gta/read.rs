//! Reading GTA `.col` buffers from C: checking a whole library, walking its models, and
//! the [`zc_gta_model`] view that every model accessor, writer and query takes.

use zerocol::gta::{self, Model, ModelParts, Models, Version};

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
        Err(e) => fail(
            err,
            zc_status::ZC_STATUS_MALFORMED,
            to_c(&e, zc_format::ZC_FORMAT_GTA_COL),
        ),
    }
}

/// A model's version, from its FourCC (`zc_gta_model.version`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_version {
    /// `COLL`: GTA III and Vice City (San Andreas reads it too).
    ZC_GTA_COLL = 1,
    /// `COL2`: San Andreas, PS2.
    ZC_GTA_COL2 = 2,
    /// `COL3`: San Andreas, PC and Xbox.
    ZC_GTA_COL3 = 3,
    /// `COL4`: San Andreas, later builds.
    ZC_GTA_COL4 = 4,
}

impl zc_gta_version {
    /// The C code of a library version.
    pub(crate) fn of(version: Version) -> Self {
        match version {
            Version::Coll => Self::ZC_GTA_COLL,
            Version::Col2 => Self::ZC_GTA_COL2,
            Version::Col3 => Self::ZC_GTA_COL3,
            Version::Col4 => Self::ZC_GTA_COL4,
        }
    }

    /// The library version a caller's `uint32_t` names.
    pub(crate) fn from_u32(version: u32) -> Result<Version, zc_status> {
        match version {
            1 => Ok(Version::Coll),
            2 => Ok(Version::Col2),
            3 => Ok(Version::Col3),
            4 => Ok(Version::Col4),
            _ => Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        }
    }
}

/// One validated model: a view that borrows the buffer it was read from and stays valid
/// while those bytes do, unchanged. Made by [`zc_gta_model_parse`],
/// [`zc_gta_models_next`] and the `.dff` reader; read its fields, and hand it to the
/// `zc_gta_model_*` accessors, writers and queries, which rebuild it in O(1).
///
/// Do not change its fields: a view whose `check` does not match them is refused with
/// `ZC_STATUS_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_gta_model {
    /// The buffer the model was read from (not the model's own first byte).
    pub buffer: *const u8,
    /// The buffer's length.
    pub buffer_len: usize,
    /// Offset of the model's FourCC in the buffer.
    pub offset: u64,
    /// Bytes the model occupies there.
    pub len: u64,
    /// The model's version (a `zc_gta_version`).
    pub version: u32,
    /// Vertices: COL2+ derives the count from the faces, as the engine does.
    pub vertex_count: u32,
    /// Shadow-mesh vertices (COL3+), derived from the shadow faces.
    pub shadow_vertex_count: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and a pointer only: any bits are a value (the check word and
// `Model::from_parts` decide whether it names a model).
unsafe impl boundary::Plain for zc_gta_model {}

impl zc_gta_model {
    /// The C view of `model`, read from `buffer`.
    pub(crate) fn of(buffer: &[u8], model: &Model<'_>) -> Self {
        let parts = model.parts();
        let mut view = Self {
            buffer: buffer.as_ptr(),
            buffer_len: buffer.len(),
            offset: u64::try_from(parts.offset).unwrap_or(u64::MAX),
            len: u64::try_from(parts.len).unwrap_or(u64::MAX),
            version: zc_gta_version::of(model.version()) as u32,
            vertex_count: parts.vertex_count,
            shadow_vertex_count: parts.shadow_vertex_count,
            check: 0,
        };
        view.check = view.seal();
        view
    }

    /// The check word of the other fields.
    fn seal(&self) -> u32 {
        boundary::seal(&[
            self.buffer as usize as u64,
            self.buffer_len as u64,
            self.offset,
            self.len,
            u64::from(self.version),
            u64::from(self.vertex_count),
            u64::from(self.shadow_vertex_count),
        ])
    }

    /// The caller's view at `ptr`, rebuilt as the library's model (O(1)), with the
    /// buffer it borrows. Inlined: a query's fixed cost (moving its result through
    /// memory cost a small model's cast 5 %).
    #[inline(always)]
    pub(crate) fn read<'a>(ptr: *const Self) -> Result<(&'a [u8], Model<'a>), zc_status> {
        let view = boundary::read(ptr)?;
        if view.check != view.seal() {
            return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
        }
        let buffer = boundary::bytes(view.buffer, view.buffer_len)?;
        let parts = ModelParts {
            offset: usize::try_from(view.offset)
                .map_err(|_| zc_status::ZC_STATUS_INVALID_ARGUMENT)?,
            len: usize::try_from(view.len).map_err(|_| zc_status::ZC_STATUS_INVALID_ARGUMENT)?,
            vertex_count: view.vertex_count,
            shadow_vertex_count: view.shadow_vertex_count,
        };
        let model =
            Model::from_parts(buffer, parts).ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)?;
        Ok((buffer, model))
    }
}

/// Reads the one model at the start of the `len` bytes at `bytes` (bytes after it are
/// ignored; `zc_gta_models_next` walks a whole library).
///
/// - `mode`: a `zc_mode`.
/// - `model`: written on `ZC_STATUS_OK`; borrows `bytes`.
/// - `err`: written on `ZC_STATUS_MALFORMED`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    model: *mut zc_gta_model,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match Model::parse(bytes, options) {
        Ok(m) => match boundary::write(model, zc_gta_model::of(bytes, &m)) {
            Ok(()) => zc_status::ZC_STATUS_OK,
            Err(status) => status,
        },
        Err(e) => fail(
            err,
            zc_status::ZC_STATUS_MALFORMED,
            to_c(&e, zc_format::ZC_FORMAT_GTA_COL),
        ),
    }
}

/// A walk over the models of a `.col` library: start it with [`zc_gta_models_begin`],
/// then call [`zc_gta_models_next`] until it returns `ZC_STATUS_END` or
/// `ZC_STATUS_MALFORMED`. It borrows the buffer, as a model does.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_gta_models {
    /// The buffer walked.
    pub buffer: *const u8,
    /// Its length.
    pub buffer_len: usize,
    /// Where the next model starts.
    pub position: u64,
    /// The walk's `zc_mode`.
    pub mode: u32,
    /// 0 while walking, 1 once ended (`ZC_STATUS_END` returned), 2 after an error.
    pub state: u32,
    /// Models yielded so far.
    pub index: u64,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and a pointer only.
unsafe impl boundary::Plain for zc_gta_models {}

impl zc_gta_models {
    /// The check word of the other fields.
    fn seal(&self) -> u32 {
        boundary::seal(&[
            self.buffer as usize as u64,
            self.buffer_len as u64,
            self.position,
            u64::from(self.mode),
            u64::from(self.state),
            self.index,
        ])
    }

    /// This walk with its check word set.
    fn sealed(mut self) -> Self {
        self.check = self.seal();
        self
    }
}

/// Starts a walk over the models of the `len` bytes at `bytes` in `mode` (a `zc_mode`),
/// writing it to `iter`. No model is read yet.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_models_begin(
    bytes: *const u8,
    len: usize,
    mode: u32,
    iter: *mut zc_gta_models,
) -> zc_status {
    let (bytes, _) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    let walk = zc_gta_models {
        buffer: bytes.as_ptr(),
        buffer_len: bytes.len(),
        position: 0,
        mode,
        state: 0,
        index: 0,
        check: 0,
    };
    match boundary::write(iter, walk.sealed()) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// The walk's next model, into `model`: `ZC_STATUS_OK`; `ZC_STATUS_END` after the last
/// one (the bytes after it were checked: zero padding in strict mode);
/// `ZC_STATUS_MALFORMED` with `err` (may be NULL) at the first error, after which the
/// walk stays ended. Each model costs its own validation: a whole walk checks what
/// [`zc_gta_check`] checks.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_models_next(
    iter: *mut zc_gta_models,
    model: *mut zc_gta_model,
    err: *mut zc_error,
) -> zc_status {
    let walk = match boundary::read(iter.cast_const()) {
        Ok(walk) if walk.check == walk.seal() => walk,
        Ok(_) => return zc_status::ZC_STATUS_INVALID_ARGUMENT,
        Err(status) => return status,
    };
    if walk.state != 0 {
        return zc_status::ZC_STATUS_END;
    }
    if model.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let (bytes, options, position) = match (
        boundary::bytes(walk.buffer, walk.buffer_len),
        options(walk.mode),
        usize::try_from(walk.position),
    ) {
        (Ok(bytes), Ok(options), Ok(position)) => (bytes, options, position),
        (Err(status), _, _) | (_, Err(status), _) => return status,
        (_, _, Err(_)) => return zc_status::ZC_STATUS_INVALID_ARGUMENT,
    };
    let mut models = Models::resume(bytes, position, options);
    let next = models.next();
    let (state, index, status) = match &next {
        Some(Ok(m)) => match boundary::write(model, zc_gta_model::of(bytes, m)) {
            Ok(()) => (0, walk.index.saturating_add(1), zc_status::ZC_STATUS_OK),
            Err(status) => return status,
        },
        Some(Err(e)) => (
            2,
            walk.index,
            fail(
                err,
                zc_status::ZC_STATUS_MALFORMED,
                to_c(e, zc_format::ZC_FORMAT_GTA_COL),
            ),
        ),
        None => (1, walk.index, zc_status::ZC_STATUS_END),
    };
    let advanced = zc_gta_models {
        position: u64::try_from(models.position()).unwrap_or(u64::MAX),
        state,
        index,
        ..walk
    };
    match boundary::write(iter, advanced.sealed()) {
        Ok(()) => status,
        Err(bad) => bad,
    }
}
