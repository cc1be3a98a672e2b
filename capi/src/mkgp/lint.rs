//! MKGP lints: the stable [`zc_mkgp_lint_kind`] codes and the [`zc_mkgp_lints`] walk.

use core::ffi::c_char;

use zerocol::mkgp::{LintKind, Lints, LintsPosition};

use crate::boundary::{self, Sealed};
use crate::convert::{narrow, put, wide};
use crate::error::{render, zc_status};
use crate::mkgp::read::zc_mkgp_course;

/// A lint's kind: `zc_mkgp_lint.kind`. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_mkgp_lint_kind {
    /// A kind this header does not name.
    ZC_MKGP_LINT_OTHER = 0,
    /// The version word is not `0x20120816` (tolerated: a lenient read).
    ZC_MKGP_LINT_UNEXPECTED_VERSION = 1,
    /// The stored negated minimum is not the negation of the minimum.
    ZC_MKGP_LINT_NEGATED_MIN_MISMATCH = 2,
    /// A normal is not unit length.
    ZC_MKGP_LINT_NORMAL_NOT_UNIT = 3,
    /// `d` is not `−dot(centroid, normal)`.
    ZC_MKGP_LINT_PLANE_OFFSET_MISMATCH = 4,
    /// The stored XZ bounds are not the vertices'.
    ZC_MKGP_LINT_BOUNDS_MISMATCH = 5,
    /// Neighbour bits beyond the three edges.
    ZC_MKGP_LINT_NEIGHBOUR_BITS_BEYOND_EDGES = 6,
    /// The surface bits are not exactly one bit.
    ZC_MKGP_LINT_SURFACE_TYPE_NOT_ONE_HOT = 7,
    /// The triangle's bounds do not reach the cell it is stored in.
    ZC_MKGP_LINT_TRIANGLE_OUTSIDE_CELL = 8,
}

/// The stable code of a lint kind.
pub(crate) fn lint_code(kind: &LintKind) -> zc_mkgp_lint_kind {
    use zc_mkgp_lint_kind as K;
    match kind {
        LintKind::UnexpectedVersion { .. } => K::ZC_MKGP_LINT_UNEXPECTED_VERSION,
        LintKind::NegatedMinMismatch { .. } => K::ZC_MKGP_LINT_NEGATED_MIN_MISMATCH,
        LintKind::NormalNotUnit { .. } => K::ZC_MKGP_LINT_NORMAL_NOT_UNIT,
        LintKind::PlaneOffsetMismatch { .. } => K::ZC_MKGP_LINT_PLANE_OFFSET_MISMATCH,
        LintKind::BoundsMismatch { .. } => K::ZC_MKGP_LINT_BOUNDS_MISMATCH,
        LintKind::NeighbourBitsBeyondEdges { .. } => K::ZC_MKGP_LINT_NEIGHBOUR_BITS_BEYOND_EDGES,
        LintKind::SurfaceTypeNotOneHot { .. } => K::ZC_MKGP_LINT_SURFACE_TYPE_NOT_ONE_HOT,
        LintKind::TriangleOutsideCell { .. } => K::ZC_MKGP_LINT_TRIANGLE_OUTSIDE_CELL,
        _ => K::ZC_MKGP_LINT_OTHER,
    }
}

/// One lint.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_mkgp_lint {
    /// File offset of the header field or triangle concerned.
    pub offset: u64,
    /// What (a `zc_mkgp_lint_kind`).
    pub kind: u32,
    /// 1 when a lenient read let this through (the game refuses the file).
    pub tolerated: u8,
    /// 1 when `cell` names the primary cell (a triangle lint).
    pub has_cell: u8,
    /// The primary cell, in file order, when `has_cell`.
    pub cell: u32,
    /// The message's whole length in bytes (without the NUL), as `snprintf` returns
    /// it: `cap` or more means [`zc_mkgp_lints_next`] cut it to fit the buffer. A
    /// message longer than `ZC_MESSAGE_CAP` ends in `...`.
    pub message_len: u64,
}

/// A walk over a course's lints: [`zc_mkgp_lints_begin`], then [`zc_mkgp_lints_next`]
/// until `ZC_STATUS_END`. O(1) per lint (plus the triangles without one).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_mkgp_lints {
    /// The course.
    pub course: zc_mkgp_course,
    /// Private: where the walk is.
    pub header: u32,
    /// Private.
    pub cell: u32,
    /// Private.
    pub cell_offset: u64,
    /// Private.
    pub in_cell: u32,
    /// Private.
    pub check_done: u32,
    /// Private.
    pub triangle: u64,
    /// Private: 1 once ended.
    pub done: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, a pointer and a plain view only.
unsafe impl boundary::Plain for zc_mkgp_lints {}

boundary::sealed!(zc_mkgp_lints, |v| [
    u64::from(v.course.check),
    u64::from(v.header),
    u64::from(v.cell),
    v.cell_offset,
    u64::from(v.in_cell),
    u64::from(v.check_done),
    v.triangle,
    u64::from(v.done),
]);

impl zc_mkgp_lints {
    /// The walk at `lints`' position, sealed.
    pub(crate) fn at(course: zc_mkgp_course, lints: &Lints<'_>, done: bool) -> Self {
        let p = lints.position();
        Self {
            course,
            header: u32::from(p.header),
            cell: p.cell,
            cell_offset: wide(p.cell_offset),
            in_cell: u32::from(p.in_cell),
            check_done: u32::from(p.check),
            triangle: wide(p.triangle),
            done: u32::from(done),
            check: 0,
        }
        .sealed()
    }
}

/// Starts a walk over the course's lints (the header's, then each triangle's in file
/// order), into `iter`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_lints_begin(
    course: *const zc_mkgp_course,
    iter: *mut zc_mkgp_lints,
) -> zc_status {
    let c = match zc_mkgp_course::read(course) {
        Ok(c) => c,
        Err(status) => return status,
    };
    put(
        iter,
        zc_mkgp_lints::at(zc_mkgp_course::of(&c), &c.lints(), false),
    )
}

/// The walk's next lint into `lint`, its message into `buf` (`cap` bytes,
/// NUL-terminated, cut as `snprintf` does; NULL when `cap` is 0): `ZC_STATUS_OK`, or
/// `ZC_STATUS_END` after the last.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_lints_next(
    iter: *mut zc_mkgp_lints,
    lint: *mut zc_mkgp_lint,
    buf: *mut c_char,
    cap: usize,
) -> zc_status {
    let walk = match crate::lint::resume(iter, lint, buf, cap, |w| w.done != 0) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    let course = match walk.course.rebuild() {
        Ok(course) => course,
        Err(status) => return status,
    };
    let position = LintsPosition {
        header: u8::try_from(walk.header).unwrap_or(u8::MAX),
        cell: walk.cell,
        cell_offset: match narrow(walk.cell_offset) {
            Ok(at) => at,
            Err(status) => return status,
        },
        in_cell: walk.in_cell != 0,
        triangle: usize::try_from(walk.triangle).unwrap_or(usize::MAX),
        check: u8::try_from(walk.check_done).unwrap_or(u8::MAX),
    };
    let mut lints = course.lints_from(position);
    let next = lints.next();
    let status = match &next {
        Some(l) => {
            let len = render(l, buf, cap);
            let out = zc_mkgp_lint {
                offset: wide(l.offset),
                kind: lint_code(&l.kind) as u32,
                tolerated: u8::from(l.is_tolerated()),
                has_cell: u8::from(l.cell.is_some()),
                cell: l.cell.unwrap_or(0),
                message_len: wide(len),
            };
            put(lint, out)
        }
        None => zc_status::ZC_STATUS_END,
    };
    if status != zc_status::ZC_STATUS_OK && status != zc_status::ZC_STATUS_END {
        return status;
    }
    crate::convert::then(
        status,
        boundary::write(iter, zc_mkgp_lints::at(walk.course, &lints, next.is_none())),
    )
}
