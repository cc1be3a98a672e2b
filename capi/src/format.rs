//! Which format a buffer holds: [`zc_sniff`] and the [`zc_format`] codes.

use core::ffi::c_char;

use zerocol::Format;

use crate::boundary;

/// A format zerocol reads. `zc_error.format` and [`zc_sniff`] use these values.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_format {
    /// None that zerocol recognises.
    ZC_FORMAT_NONE = 0,
    /// GTA III / Vice City / San Andreas `.col` (COLL, COL2, COL3, COL4).
    ZC_FORMAT_GTA_COL = 1,
    /// Mario Kart Arcade GP DX course collision (`COL\0`).
    ZC_FORMAT_MKGP_COL = 2,
    /// BattleForge `collisionShape`, in a DRS container (a bare payload has no magic).
    ZC_FORMAT_COLLISION_SHAPE = 3,
    /// Grit engine TCOL text.
    ZC_FORMAT_TCOL = 4,
    /// Grit engine BCOL binary.
    ZC_FORMAT_BCOL = 5,
    /// A RenderWare `.dff` that may carry a GTA collision model.
    ZC_FORMAT_DFF = 6,
    /// A GTA IMG archive: `VER2` (San Andreas) by its magic; a III/VC `.dir` has none.
    ZC_FORMAT_IMG = 7,
}

impl zc_format {
    /// The C code of a library format.
    pub(crate) fn of(format: Format) -> Self {
        match format {
            Format::GtaCol => Self::ZC_FORMAT_GTA_COL,
            Format::MkgpCol => Self::ZC_FORMAT_MKGP_COL,
            Format::CollisionShape => Self::ZC_FORMAT_COLLISION_SHAPE,
            Format::Tcol => Self::ZC_FORMAT_TCOL,
            Format::Bcol => Self::ZC_FORMAT_BCOL,
            Format::Dff => Self::ZC_FORMAT_DFF,
            _ => Self::ZC_FORMAT_NONE,
        }
    }
}

/// The format whose magic bytes start the `len` bytes at `bytes`: a `zc_format`
/// (`ZC_FORMAT_NONE` when none matches, or when `bytes` is NULL with a nonzero `len`).
///
/// Only the first bytes decide, never a name. A bare BattleForge payload and a III/VC
/// `.dir` have no magic and are `ZC_FORMAT_NONE`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_sniff(bytes: *const u8, len: usize) -> u32 {
    let Ok(bytes) = boundary::bytes(bytes, len) else {
        return zc_format::ZC_FORMAT_NONE as u32;
    };
    let format = match zerocol::sniff(bytes) {
        Some(format) => zc_format::of(format),
        None if bytes.starts_with(zerocol::img::MAGIC_V2) => zc_format::ZC_FORMAT_IMG,
        None => zc_format::ZC_FORMAT_NONE,
    };
    format as u32
}

/// A format's name, as a static NUL-terminated string: the `"format"` of zerocol's JSON
/// and the tool's `--format` name (`"gta-col"`, `"mkgp-col"`, `"collision-shape"`,
/// `"tcol"`, `"bcol"`, `"dff"`, `"img"`); `"none"` for `ZC_FORMAT_NONE` or an unknown
/// value.
#[unsafe(no_mangle)]
pub extern "C" fn zc_format_name(format: u32) -> *const c_char {
    let name: &'static core::ffi::CStr = match format {
        1 => c"gta-col",
        2 => c"mkgp-col",
        3 => c"collision-shape",
        4 => c"tcol",
        5 => c"bcol",
        6 => c"dff",
        7 => c"img",
        _ => c"none",
    };
    name.as_ptr()
}
