//! Reading GTA `.col` buffers from C: checking a whole library, walking its models, and
//! the [`zc_gta_model`] view that every model accessor, writer and query takes.

use zerocol::gta::{self, Model, ModelParts, Models, Version};

use crate::boundary::{self, Sealed};
use crate::convert::{put, wide, wide32};
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

/// A stored walk's buffer, options and position (`zc_gta_models`, `zc_gta_recover`):
/// what a walk's `_next` resumes from.
pub(crate) fn walk_place<'a>(
    buffer: *const u8,
    buffer_len: usize,
    mode: u32,
    position: u64,
) -> Result<(&'a [u8], gta::Options, usize), zc_status> {
    let bytes = boundary::bytes(buffer, buffer_len)?;
    let options = options(mode)?;
    let position = crate::convert::narrow(position)?;
    Ok((bytes, options, position))
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
                models: wide(s.models),
                end: wide(s.end.offset),
                trailing: wide(s.end.trailing_bytes),
                trailing_is_padding: u8::from(s.end.trailing_is_padding),
            };
            crate::convert::status(boundary::write_opt(summary, out))
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

boundary::sealed!(zc_gta_model, |v| [
    v.buffer as usize as u64,
    v.buffer_len as u64,
    v.offset,
    v.len,
    u64::from(v.version),
    u64::from(v.vertex_count),
    u64::from(v.shadow_vertex_count),
]);

impl zc_gta_model {
    /// The C view of `model`, read from `buffer`.
    pub(crate) fn of(buffer: &[u8], model: &Model<'_>) -> Self {
        let parts = model.parts();
        Self {
            buffer: buffer.as_ptr(),
            buffer_len: buffer.len(),
            offset: wide(parts.offset),
            len: wide(parts.len),
            version: zc_gta_version::of(model.version()) as u32,
            vertex_count: parts.vertex_count,
            shadow_vertex_count: parts.shadow_vertex_count,
            check: 0,
        }
        .sealed()
    }

    /// The caller's view at `ptr`, rebuilt as the library's model (O(1)), with the
    /// buffer it borrows. Inlined: a query's fixed cost (moving its result through
    /// memory cost a small model's cast 5 %).
    #[inline(always)]
    pub(crate) fn read<'a>(ptr: *const Self) -> Result<(&'a [u8], Model<'a>), zc_status> {
        let view = boundary::read(ptr)?;
        view.verify()?;
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
        Ok(m) => crate::convert::status(boundary::write(model, zc_gta_model::of(bytes, &m))),
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

boundary::sealed!(zc_gta_models, |v| [
    v.buffer as usize as u64,
    v.buffer_len as u64,
    v.position,
    u64::from(v.mode),
    u64::from(v.state),
    v.index,
]);

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
    crate::convert::status(boundary::write(iter, walk.sealed()))
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
    let (bytes, options, position) =
        match walk_place(walk.buffer, walk.buffer_len, walk.mode, walk.position) {
            Ok(place) => place,
            Err(status) => return status,
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
        position: wide(models.position()),
        state,
        index,
        ..walk
    };
    crate::convert::then(status, boundary::write(iter, advanced.sealed()))
}

/// A game, for materials and lints (`zc_gta_lint.game`, `zc_gta_model_info.material_game`,
/// the `game` of [`zc_gta_material_name`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_game {
    /// None (a lint of a lenient rule, which concerns no game), or one this header does
    /// not name.
    ZC_GTA_GAME_NONE = 0,
    /// GTA III and Vice City.
    ZC_GTA_GAME_III_VC = 1,
    /// GTA San Andreas.
    ZC_GTA_GAME_SA = 2,
    /// All three games.
    ZC_GTA_GAME_ALL = 3,
}

impl zc_gta_game {
    /// The C code of a library game.
    pub(crate) fn of(game: gta::Game) -> Self {
        match game {
            gta::Game::IiiVc => Self::ZC_GTA_GAME_III_VC,
            gta::Game::Sa => Self::ZC_GTA_GAME_SA,
            gta::Game::All => Self::ZC_GTA_GAME_ALL,
            _ => Self::ZC_GTA_GAME_NONE,
        }
    }

    /// The library game a caller's `uint32_t` names.
    pub(crate) fn from_u32(game: u32) -> Result<gta::Game, zc_status> {
        match game {
            1 => Ok(gta::Game::IiiVc),
            2 => Ok(gta::Game::Sa),
            3 => Ok(gta::Game::All),
            _ => Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        }
    }
}

/// A model's bounds: a box and a sphere.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_gta_bounds {
    /// The box's minimum corner.
    pub min: [f32; 3],
    /// The box's maximum corner.
    pub max: [f32; 3],
    /// The sphere's centre.
    pub center: [f32; 3],
    /// The sphere's radius.
    pub radius: f32,
}

impl zc_gta_bounds {
    /// The C bounds of library bounds.
    fn of(b: &gta::Bounds) -> Self {
        Self {
            min: b.min,
            max: b.max,
            center: b.center,
            radius: b.radius,
        }
    }
}

/// A model's header fields and section counts ([`zc_gta_model_describe`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_gta_model_info {
    /// The version (a `zc_gta_version`).
    pub version: u32,
    /// The game whose material table the model's surfaces name (a `zc_gta_game`):
    /// III/VC for COLL, SA for COL2+.
    pub material_game: u32,
    /// The u16 at model byte 30: San Andreas's model id (junk in COLL files; never
    /// trust it).
    pub model_id: u16,
    /// 1 when the declared size overruns the buffer and a lenient read accepted it.
    pub truncated: u8,
    /// 1 for COL4, whose header has one extra word (`col4_extra`).
    pub has_col4_extra: u8,
    /// The size field as stored (bytes after the size field).
    pub size: u32,
    /// COL2+ header flags (0 for COLL): 2 not empty, 8 face groups, 16 shadow mesh.
    pub flags: u32,
    /// COL4's extra header word; 0 before COL4.
    pub col4_extra: u32,
    /// `size + 8`: the length the model declares.
    pub declared_len: u64,
    /// COLL: bytes between the last section and the declared end that a lenient read
    /// skipped (0 otherwise).
    pub unparsed_tail: u64,
    /// The stored bounds.
    pub bounds: zc_gta_bounds,
    /// Spheres.
    pub spheres: u32,
    /// Boxes.
    pub boxes: u32,
    /// Lines (COLL's unused section; COL2+ suspension lines).
    pub lines: u32,
    /// Vertices (COL2+: the largest face index + 1).
    pub vertices: u32,
    /// Faces.
    pub faces: u32,
    /// COL2+ face groups.
    pub face_groups: u32,
    /// COL3+ shadow-mesh vertices.
    pub shadow_vertices: u32,
    /// COL3+ shadow-mesh faces.
    pub shadow_faces: u32,
}

/// Writes the header fields, bounds and section counts of `model` to `info`: O(1).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_describe(
    model: *const zc_gta_model,
    info: *mut zc_gta_model_info,
) -> zc_status {
    let m = match zc_gta_model::read(model) {
        Ok((_, m)) => m,
        Err(status) => return status,
    };
    let extra = m.col4_extra();
    put(
        info,
        zc_gta_model_info {
            version: zc_gta_version::of(m.version()) as u32,
            material_game: zc_gta_game::of(gta::Game::of_version(m.version())) as u32,
            model_id: m.model_id(),
            truncated: u8::from(m.is_truncated()),
            has_col4_extra: u8::from(extra.is_some()),
            size: m.size(),
            flags: m.flags().bits(),
            col4_extra: extra.unwrap_or(0),
            declared_len: m.declared_len(),
            unparsed_tail: wide(m.unparsed_tail()),
            bounds: zc_gta_bounds::of(&m.bounds()),
            spheres: wide32(m.spheres().len()),
            boxes: wide32(m.boxes().len()),
            lines: wide32(m.lines().len()),
            vertices: wide32(m.vertices().len()),
            faces: wide32(m.faces().len()),
            face_groups: wide32(m.face_groups().len()),
            shadow_vertices: wide32(m.shadow_vertices().len()),
            shadow_faces: wide32(m.shadow_faces().len()),
        },
    )
}

/// The model's name, zero-copy: `*name` points into the buffer the model borrows (not
/// NUL-terminated; the bytes before the first NUL of the name block, up to 24 for COLL
/// and 22 for COL2+, Latin-1 in practice) and `*len` is its length (may be 0).
/// Both outputs are written on success; neither may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_name(
    model: *const zc_gta_model,
    name: *mut *const u8,
    len: *mut usize,
) -> zc_status {
    let m = match zc_gta_model::read(model) {
        Ok((_, m)) => m,
        Err(status) => return status,
    };
    if name.is_null() || len.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let text = m.name();
    match boundary::write(name, text.as_ptr()) {
        Ok(()) => put(len, text.len()),
        Err(status) => status,
    }
}

/// A surface as COLL stores it (COL2+ faces keep only material and light).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct zc_gta_surface {
    /// The material id ([`zc_gta_material_name`]).
    pub material: u8,
    /// The flag byte.
    pub flag: u8,
    /// The brightness byte.
    pub brightness: u8,
    /// The light byte: day light in the low 4 bits, night light in the high 4
    /// ([`zc_gta_day_night`]).
    pub light: u8,
}

impl zc_gta_surface {
    /// The C surface of a library surface.
    fn of(s: gta::Surface) -> Self {
        Self {
            material: s.material,
            flag: s.flag,
            brightness: s.brightness,
            light: s.light,
        }
    }
}

/// A collision sphere.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_gta_sphere {
    /// Its centre.
    pub center: [f32; 3],
    /// Its radius.
    pub radius: f32,
    /// Its surface.
    pub surface: zc_gta_surface,
}

/// An axis-aligned collision box.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_gta_box {
    /// The minimum corner.
    pub min: [f32; 3],
    /// The maximum corner.
    pub max: [f32; 3],
    /// Its surface.
    pub surface: zc_gta_surface,
}

/// A line (COLL's unused section; COL2+ suspension lines, with radii).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_gta_line {
    /// Where it starts.
    pub start: [f32; 3],
    /// Where it ends.
    pub end: [f32; 3],
    /// COL2+: the radii at the start and end (0 for COLL).
    pub radii: [f32; 2],
    /// 1 when `radii` is stored (COL2+).
    pub has_radii: u8,
}

/// A triangle of the mesh or of the shadow mesh.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct zc_gta_face {
    /// Its vertices' indices, each below the vertex count (checked when parsed).
    pub indices: [u32; 3],
    /// Its surface: COL2+ faces store only material and light (flag and brightness 0).
    pub surface: zc_gta_surface,
    /// 1 for a COL2+ face (material and light only), 0 for a COLL face.
    pub compact: u8,
    /// Day light, the low 4 bits of `surface.light`.
    pub day: u8,
    /// Night light, the high 4 bits of `surface.light`.
    pub night: u8,
}

impl zc_gta_face {
    /// The C face of a library face.
    fn of(f: &gta::Face) -> Self {
        let (surface, compact) = match f.surface {
            gta::FaceSurface::Full(s) => (zc_gta_surface::of(s), 0),
            gta::FaceSurface::Compact { material, light } => (
                zc_gta_surface {
                    material,
                    light,
                    ..zc_gta_surface::default()
                },
                1,
            ),
        };
        let (day, night) = gta::day_night(surface.light);
        Self {
            indices: f.indices,
            surface,
            compact,
            day,
            night,
        }
    }
}

/// A COL2+ face group: a box and the faces it holds (`first ..= last`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_gta_face_group {
    /// The box's minimum corner.
    pub min: [f32; 3],
    /// The box's maximum corner.
    pub max: [f32; 3],
    /// The first face (index into the faces).
    pub first: u16,
    /// The last face, inclusive.
    pub last: u16,
}

/// Reads the model at `model`, decodes its item `index` with `get` and writes it to
/// `out`: `ZC_STATUS_OUT_OF_RANGE` past the end.
fn item<T>(
    model: *const zc_gta_model,
    index: usize,
    out: *mut T,
    get: impl FnOnce(&Model<'_>, usize) -> Option<T>,
) -> zc_status {
    let m = match zc_gta_model::read(model) {
        Ok((_, m)) => m,
        Err(status) => return status,
    };
    if out.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match get(&m, index) {
        Some(value) => put(out, value),
        None => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}

/// Sphere `index` of `model`, decoded, into `out` (O(1)); `ZC_STATUS_OUT_OF_RANGE` at
/// or past `zc_gta_model_info.spheres`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_sphere(
    model: *const zc_gta_model,
    index: usize,
    out: *mut zc_gta_sphere,
) -> zc_status {
    item(model, index, out, |m, i| {
        m.spheres().get(i).map(|s| zc_gta_sphere {
            center: s.center,
            radius: s.radius,
            surface: zc_gta_surface::of(s.surface),
        })
    })
}

/// Box `index` of `model`, decoded, into `out` (O(1)); `ZC_STATUS_OUT_OF_RANGE` past
/// the end.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_box(
    model: *const zc_gta_model,
    index: usize,
    out: *mut zc_gta_box,
) -> zc_status {
    item(model, index, out, |m, i| {
        m.boxes().get(i).map(|b| zc_gta_box {
            min: b.min,
            max: b.max,
            surface: zc_gta_surface::of(b.surface),
        })
    })
}

/// Line `index` of `model`, decoded, into `out` (O(1)); `ZC_STATUS_OUT_OF_RANGE` past
/// the end.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_line(
    model: *const zc_gta_model,
    index: usize,
    out: *mut zc_gta_line,
) -> zc_status {
    item(model, index, out, |m, i| {
        m.lines().get(i).map(|l| zc_gta_line {
            start: l.start,
            end: l.end,
            radii: l.radii.unwrap_or([0.0; 2]),
            has_radii: u8::from(l.radii.is_some()),
        })
    })
}

/// Vertex `index` of `model` (COL2+ fixed point decoded), as 3 floats into `out`
/// (O(1)); `ZC_STATUS_OUT_OF_RANGE` past the end.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_vertex(
    model: *const zc_gta_model,
    index: usize,
    out: *mut f32,
) -> zc_status {
    vertex(model, index, out, |m, i| m.vertices().get(i))
}

/// Shadow-mesh vertex `index` of `model` (COL3+), as 3 floats into `out` (O(1));
/// `ZC_STATUS_OUT_OF_RANGE` past the end.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_shadow_vertex(
    model: *const zc_gta_model,
    index: usize,
    out: *mut f32,
) -> zc_status {
    vertex(model, index, out, |m, i| m.shadow_vertices().get(i))
}

/// A vertex into the caller's 3 floats.
fn vertex(
    model: *const zc_gta_model,
    index: usize,
    out: *mut f32,
    get: impl FnOnce(&Model<'_>, usize) -> Option<[f32; 3]>,
) -> zc_status {
    let m = match zc_gta_model::read(model) {
        Ok((_, m)) => m,
        Err(status) => return status,
    };
    let out = match boundary::slice_mut(out, 3) {
        Ok(out) => out,
        Err(status) => return status,
    };
    match get(&m, index) {
        Some(v) => {
            out.copy_from_slice(&v);
            zc_status::ZC_STATUS_OK
        }
        None => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}

/// Face `index` of `model`, decoded, into `out` (O(1)); `ZC_STATUS_OUT_OF_RANGE` past
/// the end.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_face(
    model: *const zc_gta_model,
    index: usize,
    out: *mut zc_gta_face,
) -> zc_status {
    item(model, index, out, |m, i| {
        m.faces().get(i).map(|f| zc_gta_face::of(&f))
    })
}

/// Shadow-mesh face `index` of `model` (COL3+), decoded, into `out` (O(1));
/// `ZC_STATUS_OUT_OF_RANGE` past the end.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_shadow_face(
    model: *const zc_gta_model,
    index: usize,
    out: *mut zc_gta_face,
) -> zc_status {
    item(model, index, out, |m, i| {
        m.shadow_faces().get(i).map(|f| zc_gta_face::of(&f))
    })
}

/// Face group `index` of `model` (COL2+), decoded, into `out` (O(1));
/// `ZC_STATUS_OUT_OF_RANGE` past the end.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_model_face_group(
    model: *const zc_gta_model,
    index: usize,
    out: *mut zc_gta_face_group,
) -> zc_status {
    item(model, index, out, |m, i| {
        m.face_groups().get(i).map(|g| zc_gta_face_group {
            min: g.min,
            max: g.max,
            first: g.first,
            last: g.last,
        })
    })
}

/// The name of material `id` in `game`'s table (a `zc_gta_game`: III/VC's 35 or SA's
/// 179 names, as `"GRASS"`), copied into `buf` of `cap` bytes, NUL-terminated and cut
/// to `cap - 1` (`buf` may be NULL when `cap` is 0); `len` (may be NULL) gets the
/// name's full length, as `snprintf` returns it.
///
/// `ZC_STATUS_NOT_FOUND` for an id past the table, or for `ZC_GTA_GAME_ALL` (no one
/// table); `ZC_STATUS_INVALID_ARGUMENT` for an unknown game.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_material_name(
    game: u32,
    id: u32,
    buf: *mut core::ffi::c_char,
    cap: usize,
    len: *mut usize,
) -> zc_status {
    let game = match zc_gta_game::from_u32(game) {
        Ok(game) => game,
        Err(status) => return status,
    };
    if boundary::bytes_mut(buf.cast::<u8>(), cap).is_err() {
        return if buf.is_null() {
            zc_status::ZC_STATUS_NULL_ARGUMENT
        } else {
            zc_status::ZC_STATUS_INVALID_ARGUMENT
        };
    }
    let name = u8::try_from(id)
        .ok()
        .and_then(|id| gta::material_name(game, id));
    let Some(name) = name else {
        return zc_status::ZC_STATUS_NOT_FOUND;
    };
    let full = crate::error::copy_out(name.as_bytes(), buf, cap);
    crate::convert::status(boundary::write_opt(len, full))
}

/// Splits a light byte into day light (low 4 bits) and night light (high 4 bits);
/// either output may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_day_night(light: u8, day: *mut u8, night: *mut u8) -> zc_status {
    let (d, n) = gta::day_night(light);
    match (boundary::write_opt(day, d), boundary::write_opt(night, n)) {
        (Ok(()), Ok(())) => zc_status::ZC_STATUS_OK,
        (Err(status), _) | (_, Err(status)) => status,
    }
}
