//! GTA lints from C: what a well-formed model does that the games may fail on, and
//! what a lenient read let through ([`zc_gta_lints_begin`], [`zc_gta_lints_next`]).

use core::ffi::c_char;
use core::fmt::{self, Write as _};

use zerocol::gta::{self, LintKind, Section};

use crate::boundary::{self, Sealed};
use crate::convert::{put, wide};
use crate::error::{copy_out, zc_status};
use crate::gta::read::{zc_gta_game, zc_gta_model};

/// What a lint says (`zc_gta_lint.kind`). The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_lint_kind {
    /// A kind this header does not name (a newer library's).
    ZC_GTA_LINT_OTHER = 0,
    /// The model's size exceeds a buffer the game copies it into unchecked (at the
    /// size field). `count`: the size; `limit`: the buffer.
    ZC_GTA_LINT_MODEL_TOO_LARGE = 1,
    /// More spheres or boxes than the game's collision test holds (at the count
    /// field; `count`: the records), or more faces than it holds in one region that
    /// one object may touch (at the first face there, `first`; `count`: the faces
    /// there; the message says where). `limit`: the cap.
    ZC_GTA_LINT_TOO_MANY = 2,
    /// A COLL count above 32767, which III/VC read as signed 16-bit. `count`.
    ZC_GTA_LINT_COUNT_OVER_INT16 = 3,
    /// COLL vertices outside SA's 1/128 fixed-point range (at the first).
    /// `first`, `count`.
    ZC_GTA_LINT_VERTEX_OUTSIDE_FIXED_POINT = 4,
    /// Content outside the stored bounds (at the bounds). `section` and `first`: the
    /// first record outside; `count`: records outside; `limit`: the farthest, in
    /// 1/128 steps.
    ZC_GTA_LINT_OUTSIDE_BOUNDS = 5,
    /// A face group's box misses vertices of its faces (at the group). `first`: the
    /// group; `count`: its faces outside.
    ZC_GTA_LINT_FACE_GROUP_BOX = 6,
    /// Tolerated: the declared size overruns the buffer (at the size field).
    /// `count`: bytes the buffer held from the model start.
    ZC_GTA_LINT_SIZE_PAST_END = 7,
    /// Tolerated: a COLL model's sections end before its declared size (at the first
    /// skipped byte). `count`: bytes skipped.
    ZC_GTA_LINT_UNPARSED_TAIL = 8,
}

/// A section of a model, as lints name it (`zc_gta_lint.section`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_section {
    /// None: the lint names no section.
    ZC_GTA_SECTION_NONE = 0,
    /// Spheres.
    ZC_GTA_SECTION_SPHERES = 1,
    /// Boxes.
    ZC_GTA_SECTION_BOXES = 2,
    /// Lines.
    ZC_GTA_SECTION_LINES = 3,
    /// Vertices.
    ZC_GTA_SECTION_VERTICES = 4,
    /// Faces.
    ZC_GTA_SECTION_FACES = 5,
    /// Face groups.
    ZC_GTA_SECTION_FACE_GROUPS = 6,
    /// Shadow-mesh vertices.
    ZC_GTA_SECTION_SHADOW_VERTICES = 7,
    /// Shadow-mesh faces.
    ZC_GTA_SECTION_SHADOW_FACES = 8,
    /// Triangle planes.
    ZC_GTA_SECTION_TRIANGLE_PLANES = 9,
}

impl zc_gta_section {
    /// The C code of a library section.
    fn of(section: Section) -> Self {
        match section {
            Section::Spheres => Self::ZC_GTA_SECTION_SPHERES,
            Section::Boxes => Self::ZC_GTA_SECTION_BOXES,
            Section::Lines => Self::ZC_GTA_SECTION_LINES,
            Section::Vertices => Self::ZC_GTA_SECTION_VERTICES,
            Section::Faces => Self::ZC_GTA_SECTION_FACES,
            Section::FaceGroups => Self::ZC_GTA_SECTION_FACE_GROUPS,
            Section::ShadowVertices => Self::ZC_GTA_SECTION_SHADOW_VERTICES,
            Section::ShadowFaces => Self::ZC_GTA_SECTION_SHADOW_FACES,
            Section::TrianglePlanes => Self::ZC_GTA_SECTION_TRIANGLE_PLANES,
        }
    }
}

/// One lint.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct zc_gta_lint {
    /// Byte offset of the field the lint is about, in the buffer the model borrows
    /// (for a framed headerless `.dff` payload: in the scratch).
    pub offset: u64,
    /// What (a `zc_gta_lint_kind`).
    pub kind: u32,
    /// The game it concerns (a `zc_gta_game`; `ZC_GTA_GAME_NONE` for a tolerated
    /// lint, which concerns none).
    pub game: u32,
    /// The section it names (a `zc_gta_section`; `ZC_GTA_SECTION_NONE` when none).
    pub section: u32,
    /// 1 when a lenient rule let the model through (the model is outside the strict
    /// format), 0 for an engine limit.
    pub tolerated: u8,
    /// 1 when the game may write past a buffer on it, a likely crash, however the
    /// file is loaded (`LintKind::may_crash`: the file is risky to ship), 0 otherwise.
    pub may_crash: u8,
    /// The first record concerned, as the kind says (0 when none).
    pub first: u32,
    /// A count, as the kind says.
    pub count: u64,
    /// The game's limit, as the kind says (0 when none).
    pub limit: u32,
    /// The message's full length in bytes (without the NUL), as written (cut) into
    /// the caller's buffer by [`zc_gta_lints_next`].
    pub message_len: u64,
}

impl zc_gta_lint {
    /// The C lint of a library lint (its message length set by the caller).
    fn of(lint: &gta::Lint) -> Self {
        use zc_gta_lint_kind as K;
        let mut c = Self {
            offset: wide(lint.offset),
            tolerated: u8::from(lint.is_tolerated()),
            may_crash: u8::from(lint.kind.may_crash()),
            ..Self::default()
        };
        let game = |g: gta::Game| zc_gta_game::of(g) as u32;
        let section = |s: Section| zc_gta_section::of(s) as u32;
        match lint.kind {
            LintKind::ModelTooLarge {
                game: g,
                size,
                buffer,
            } => {
                c.kind = K::ZC_GTA_LINT_MODEL_TOO_LARGE as u32;
                c.game = game(g);
                c.count = u64::from(size);
                c.limit = buffer;
            }
            LintKind::TooMany {
                game: g,
                section: s,
                count,
                cap,
            } => {
                c.kind = K::ZC_GTA_LINT_TOO_MANY as u32;
                c.game = game(g);
                c.section = section(s);
                c.count = u64::from(count);
                c.limit = cap;
            }
            // Faces crowded where one object may touch more than the cap: a
            // `ZC_GTA_LINT_TOO_MANY` of faces, `first` the first face there and
            // `count` the faces there (the message says where).
            LintKind::CrowdedFaces {
                game: g,
                count,
                cap,
                first,
                ..
            } => {
                c.kind = K::ZC_GTA_LINT_TOO_MANY as u32;
                c.game = game(g);
                c.section = section(Section::Faces);
                c.first = first;
                c.count = u64::from(count);
                c.limit = cap;
            }
            LintKind::CountOverInt16 { section: s, count } => {
                c.kind = K::ZC_GTA_LINT_COUNT_OVER_INT16 as u32;
                c.game = game(gta::Game::IiiVc);
                c.section = section(s);
                c.count = u64::from(count);
                c.limit = gta::III_VC_COUNT_CAP;
            }
            LintKind::VertexOutsideFixedPoint { first, count } => {
                c.kind = K::ZC_GTA_LINT_VERTEX_OUTSIDE_FIXED_POINT as u32;
                c.game = game(gta::Game::Sa);
                c.section = section(Section::Vertices);
                c.first = first;
                c.count = u64::from(count);
            }
            LintKind::OutsideBounds {
                game: g,
                section: s,
                first,
                count,
                steps,
            } => {
                c.kind = K::ZC_GTA_LINT_OUTSIDE_BOUNDS as u32;
                c.game = game(g);
                c.section = section(s);
                c.first = first;
                c.count = u64::from(count);
                c.limit = steps;
            }
            LintKind::FaceGroupBox { group, faces } => {
                c.kind = K::ZC_GTA_LINT_FACE_GROUP_BOX as u32;
                c.game = game(gta::Game::Sa);
                c.section = section(Section::FaceGroups);
                c.first = group;
                c.count = u64::from(faces);
            }
            LintKind::SizePastEnd { available, .. } => {
                c.kind = K::ZC_GTA_LINT_SIZE_PAST_END as u32;
                c.count = wide(available);
            }
            LintKind::UnparsedTail { bytes } => {
                c.kind = K::ZC_GTA_LINT_UNPARSED_TAIL as u32;
                c.count = wide(bytes);
            }
            _ => {}
        }
        c
    }
}

/// A walk over a model's lints: start it with [`zc_gta_lints_begin`], then call
/// [`zc_gta_lints_next`] until `ZC_STATUS_END`. It borrows what the model borrows.
/// A whole walk costs what the library's `Model::lints` does, never more: a pass
/// per limit over the model, and, for a model of more than 600 faces, up to 819
/// passes over its faces for the crowded-faces check (bounded whatever the input).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_gta_lints {
    /// The model.
    pub model: zc_gta_model,
    /// Private: where the next check starts.
    pub position: u32,
    /// 1: only the tolerated lints (`Model::tolerated`); 0: all (`Model::lints`).
    pub tolerated_only: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: a plain model view and integers.
unsafe impl boundary::Plain for zc_gta_lints {}

boundary::sealed!(zc_gta_lints, |v| [
    u64::from(v.model.check),
    u64::from(v.position),
    u64::from(v.tolerated_only),
]);

/// Starts a walk over the lints of `model` into `iter`: all of them when
/// `tolerated_only` is 0, only those of lenient rules (never any for a model read
/// strictly) when it is 1; any other value is `ZC_STATUS_INVALID_ARGUMENT`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_lints_begin(
    model: *const zc_gta_model,
    tolerated_only: u32,
    iter: *mut zc_gta_lints,
) -> zc_status {
    if tolerated_only > 1 {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    }
    if let Err(status) = zc_gta_model::read(model) {
        return status;
    }
    let view = match boundary::read(model) {
        Ok(view) => view,
        Err(status) => return status,
    };
    let walk = zc_gta_lints {
        model: view,
        position: 0,
        tolerated_only,
        check: 0,
    };
    put(iter, walk.sealed())
}

/// The walk's next lint into `lint`, with its message (`"byte N (0xN): ..."`, what the
/// library's `Display` says) copied into `buf` of `cap` bytes, NUL-terminated and cut
/// to `cap - 1` (`buf` may be NULL when `cap` is 0; `lint.message_len` is the full
/// length): `ZC_STATUS_OK`, or `ZC_STATUS_END` after the last (nothing written).
#[unsafe(no_mangle)]
pub extern "C" fn zc_gta_lints_next(
    iter: *mut zc_gta_lints,
    lint: *mut zc_gta_lint,
    buf: *mut c_char,
    cap: usize,
) -> zc_status {
    let walk = match boundary::read_sealed(iter.cast_const()) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    let m = match zc_gta_model::read(&walk.model) {
        Ok((_, m)) => m,
        Err(status) => return status,
    };
    if lint.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    if let Err(status) = boundary::bytes_mut(buf.cast::<u8>(), cap) {
        return status;
    }
    let all = if walk.tolerated_only == 1 {
        m.tolerated()
    } else {
        m.lints()
    };
    let position = usize::try_from(walk.position).unwrap_or(usize::MAX);
    let mut lints = all.resume(position);
    let next = lints.next();
    let advanced = zc_gta_lints {
        position: crate::convert::wide32(lints.position()),
        ..walk
    };
    let status = match next {
        Some(found) => {
            let mut text = Rendered {
                buf: [0; RENDER_CAP],
                len: 0,
            };
            // `Rendered` never fails: it cuts instead.
            let _ = write!(text, "{found}");
            let shown = text.buf.get(..text.len).unwrap_or(&[]);
            let full = copy_out(shown, buf, cap);
            let c = zc_gta_lint {
                message_len: wide(full),
                ..zc_gta_lint::of(&found)
            };
            match boundary::write(lint, c) {
                Ok(()) => zc_status::ZC_STATUS_OK,
                Err(status) => return status,
            }
        }
        None => zc_status::ZC_STATUS_END,
    };
    crate::convert::then(status, boundary::write(iter, advanced.sealed()))
}

/// Room for a lint's message (the longest is under 500 bytes).
const RENDER_CAP: usize = 1024;

/// A message rendered on the stack, cut at [`RENDER_CAP`] bytes.
struct Rendered {
    buf: [u8; RENDER_CAP],
    len: usize,
}

impl fmt::Write for Rendered {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = RENDER_CAP.saturating_sub(self.len);
        let take = s.len().min(room);
        let end = self.len.saturating_add(take);
        if let (Some(dst), Some(src)) = (self.buf.get_mut(self.len..end), s.as_bytes().get(..take))
        {
            dst.copy_from_slice(src);
            self.len = end;
        }
        Ok(())
    }
}
