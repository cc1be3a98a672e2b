//! BattleForge lints: the stable [`zc_battleforge_lint_kind`] codes and the
//! [`zc_battleforge_lints`] walk.

use core::ffi::c_char;

use zerocol::battleforge::{LintKind, Lints, LintsPosition, ShapeKind};

use crate::battleforge::read::{shape_code, zc_battleforge_shapes};
use crate::boundary::{self, Sealed};
use crate::convert::{put, wide};
use crate::error::{render, zc_status};

/// A lint's kind: `zc_battleforge_lint.kind`. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_battleforge_lint_kind {
    /// A kind this header does not name.
    ZC_BATTLEFORGE_LINT_OTHER = 0,
    /// The rotation is not orthonormal.
    ZC_BATTLEFORGE_LINT_ROTATION_NOT_ORTHONORMAL = 1,
    /// A radius, height or extent that is zero, negative or NaN.
    ZC_BATTLEFORGE_LINT_NON_POSITIVE_MEASURE = 2,
    /// A box whose "lower" corner is above its "upper" one on an axis.
    ZC_BATTLEFORGE_LINT_INVERTED_CORNERS = 3,
    /// A sphere's or cylinder's stored centre differs from its position.
    ZC_BATTLEFORGE_LINT_CENTER_NOT_AT_POSITION = 4,
}

/// The stable code of a lint kind.
pub(crate) fn lint_code(kind: &LintKind) -> zc_battleforge_lint_kind {
    use zc_battleforge_lint_kind as K;
    match kind {
        LintKind::RotationNotOrthonormal { .. } => K::ZC_BATTLEFORGE_LINT_ROTATION_NOT_ORTHONORMAL,
        LintKind::NonPositiveMeasure { .. } => K::ZC_BATTLEFORGE_LINT_NON_POSITIVE_MEASURE,
        LintKind::InvertedCorners { .. } => K::ZC_BATTLEFORGE_LINT_INVERTED_CORNERS,
        LintKind::CenterNotAtPosition { .. } => K::ZC_BATTLEFORGE_LINT_CENTER_NOT_AT_POSITION,
        _ => K::ZC_BATTLEFORGE_LINT_OTHER,
    }
}

/// One lint.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_battleforge_lint {
    /// Offset of the shape's record in the view's buffer.
    pub offset: u64,
    /// What (a `zc_battleforge_lint_kind`).
    pub kind: u32,
    /// 1 when a lenient read let this through (never, in this format).
    pub tolerated: u8,
    /// The shape's kind (a `zc_battleforge_shape_kind`).
    pub shape_kind: u32,
    /// Its index in that kind's array.
    pub shape_index: u32,
    /// The message's whole length in bytes (without the NUL), as `snprintf` returns
    /// it: `cap` or more means [`zc_battleforge_lints_next`] cut it to fit the buffer.
    pub message_len: u64,
}

/// A walk over a payload's lints: [`zc_battleforge_lints_begin`], then
/// [`zc_battleforge_lints_next`] until `ZC_STATUS_END`. O(1) per lint.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_battleforge_lints {
    /// The payload.
    pub shapes: zc_battleforge_shapes,
    /// Private: the shape kind being checked (0 box, 1 sphere, 2 cylinder).
    pub kind: u32,
    /// Private.
    pub index: u64,
    /// Private.
    pub check_done: u64,
    /// Private: 1 once ended.
    pub done: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, a pointer and a plain view only.
unsafe impl boundary::Plain for zc_battleforge_lints {}

boundary::sealed!(zc_battleforge_lints, |v| [
    u64::from(v.shapes.check),
    u64::from(v.kind),
    v.index,
    v.check_done,
    u64::from(v.done),
]);

impl zc_battleforge_lints {
    /// The walk at `lints`' position, sealed.
    pub(crate) fn at(shapes: zc_battleforge_shapes, lints: &Lints<'_>) -> Self {
        let p = lints.position();
        Self {
            shapes,
            kind: match p.kind {
                ShapeKind::Box => 0,
                ShapeKind::Sphere => 1,
                ShapeKind::Cylinder => 2,
            },
            index: wide(p.index),
            check_done: wide(p.check),
            done: u32::from(p.done),
            check: 0,
        }
        .sealed()
    }
}

/// Starts a walk over the payload's lints (boxes, then spheres, then cylinders), into
/// `iter`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_lints_begin(
    shapes: *const zc_battleforge_shapes,
    iter: *mut zc_battleforge_lints,
) -> zc_status {
    let view = match boundary::read(shapes) {
        Ok(view) => view,
        Err(status) => return status,
    };
    match view.rebuild() {
        Ok(s) => put(iter, zc_battleforge_lints::at(view, &s.lints())),
        Err(status) => status,
    }
}

/// The walk's next lint into `lint`, its message into `buf` (`cap` bytes,
/// NUL-terminated, cut as `snprintf` does; NULL when `cap` is 0): `ZC_STATUS_OK`, or
/// `ZC_STATUS_END` after the last.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_lints_next(
    iter: *mut zc_battleforge_lints,
    lint: *mut zc_battleforge_lint,
    buf: *mut c_char,
    cap: usize,
) -> zc_status {
    let walk = match crate::lint::resume(iter, lint, buf, cap, |w| w.done != 0) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    let s = match walk.shapes.rebuild() {
        Ok(s) => s,
        Err(status) => return status,
    };
    let kind = match walk.kind {
        0 => ShapeKind::Box,
        1 => ShapeKind::Sphere,
        _ => ShapeKind::Cylinder,
    };
    let mut lints = s.lints_from(LintsPosition {
        kind,
        index: usize::try_from(walk.index).unwrap_or(usize::MAX),
        check: usize::try_from(walk.check_done).unwrap_or(usize::MAX),
        done: false,
    });
    let Some(l) = lints.next() else {
        let ended = zc_battleforge_lints { done: 1, ..walk }.sealed();
        return crate::convert::then(zc_status::ZC_STATUS_END, boundary::write(iter, ended));
    };
    let len = render(&l, buf, cap);
    let out = zc_battleforge_lint {
        offset: wide(l.offset),
        kind: lint_code(&l.kind) as u32,
        tolerated: u8::from(l.is_tolerated()),
        shape_kind: shape_code(l.shape.kind) as u32,
        shape_index: l.shape.index,
        message_len: wide(len),
    };
    if let Err(status) = boundary::write(lint, out) {
        return status;
    }
    put(iter, zc_battleforge_lints::at(walk.shapes, &lints))
}
