//! Consistency checks of a course's stored geometry: reported, never rejected.

use core::fmt;

use super::geometry::cell_coord;
use super::raw;
use super::records::{Triangle, VERSION, Xz};
use super::view::{Cell, Cells, Course};

/// Tolerance on `|normal|² − 1` before a normal is reported as not unit length.
pub const NORMAL_TOLERANCE: f32 = 1e-3;
/// Relative tolerance on `d` against `−dot(centroid, normal)`.
pub const PLANE_TOLERANCE: f32 = 1e-3;

/// Something in a course that the format implies but the file does not hold to.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lint {
    /// File offset of the header field or triangle concerned.
    pub offset: usize,
    /// The primary cell (file order), for a triangle lint.
    pub cell: Option<u32>,
    /// What.
    pub kind: LintKind,
}

/// The checks.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// The version word is not `0x20120816`: the game would refuse the file
    /// (accepted by [`Options::LENIENT`](super::Options::LENIENT)).
    UnexpectedVersion {
        /// The word found.
        found: u32,
    },
    /// The stored negated minimum is not the negation of the minimum.
    NegatedMinMismatch {
        /// The minimum.
        min: Xz,
        /// The stored negated minimum.
        neg_min: Xz,
    },
    /// The normal is not unit length (beyond [`NORMAL_TOLERANCE`] on its square).
    NormalNotUnit {
        /// `|normal|²`.
        length_squared: f32,
    },
    /// `d` is not `−dot(centroid, normal)` (beyond [`PLANE_TOLERANCE`], relative).
    PlaneOffsetMismatch {
        /// Stored.
        d: f32,
        /// Computed from the vertices.
        expected: f32,
    },
    /// The stored XZ bounds are not those of the vertices.
    BoundsMismatch {
        /// Stored minimum.
        min: Xz,
        /// Stored maximum.
        max: Xz,
        /// Vertex minimum.
        expected_min: Xz,
        /// Vertex maximum.
        expected_max: Xz,
    },
    /// Neighbour bits set beyond the three edges.
    NeighbourBitsBeyondEdges {
        /// The stored bits.
        neighbours: u32,
    },
    /// The surface type bits are not exactly one bit.
    SurfaceTypeNotOneHot {
        /// The stored flags.
        flags: u32,
    },
    /// The triangle's stored bounds do not reach the cell it is stored in.
    TriangleOutsideCell {
        /// Cell column.
        x: u32,
        /// Cell row.
        z: u32,
    },
}

impl<'a> Course<'a> {
    /// Engine-independent consistency checks of the stored geometry; never errors.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }

    /// The lints from `position` ([`Lints::position`] of a walk over the same
    /// course) on, in O(1): for callers that keep a walk where a borrow cannot live.
    /// A position that no walk reported gives unspecified lints, never a panic.
    pub fn lints_from(&self, position: LintsPosition) -> Lints<'a> {
        let mut lints = Lints::new(*self);
        lints.header_check = position.header.min(2);
        if position.in_cell {
            lints.cell = self.cell_at_offset(position.cell_offset, position.cell);
            let end = lints.cell.map_or(position.cell_offset, |cell| {
                cell.offset()
                    .saturating_add(size_of::<raw::CellHeader>())
                    .saturating_add(size_of_val(cell.triangles()))
                    .saturating_add(size_of_val(cell.walls()))
            });
            lints.cells = self.cells_from(end, position.cell.saturating_add(1));
            if lints.cell.is_none() {
                lints.cells = self.cells_from(end, self.cell_count());
            }
        } else {
            lints.cells = self.cells_from(position.cell_offset, position.cell);
        }
        lints.triangle = position.triangle;
        lints.check = position.check;
        lints
    }

    /// What [`Options::LENIENT`](super::Options::LENIENT) let through that the game refuses: the lints
    /// whose [`is_tolerated`](Lint::is_tolerated) is true (none after a
    /// strict read).
    pub fn tolerated(&self) -> impl Iterator<Item = Lint> + use<'a> {
        self.lints().filter(Lint::is_tolerated)
    }
}

impl LintKind {
    /// `true` for what [`Options::LENIENT`](super::Options::LENIENT) let through
    /// (the file is outside what the game loads), `false` for geometry checks.
    pub const fn is_tolerated(&self) -> bool {
        matches!(self, Self::UnexpectedVersion { .. })
    }
}

impl Lint {
    /// Whether a lenient read let this through ([`LintKind::is_tolerated`]).
    pub const fn is_tolerated(&self) -> bool {
        self.kind.is_tolerated()
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {} (0x{:x})", self.offset, self.offset)?;
        if let Some(cell) = self.cell {
            write!(f, ", cell {cell}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl fmt::Display for LintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::UnexpectedVersion { found } => write!(
                f,
                "version word 0x{found:08x} is not 0x20120816: the game refuses this file; \
                 store 0x20120816 (bytes 16 08 12 20)"
            ),
            Self::NegatedMinMismatch { min, neg_min } => write!(
                f,
                "negated minimum {neg_min:?} is not the negation of the minimum {min:?}: \
                 the game's use of this field is not documented; store the minimum negated"
            ),
            Self::NormalNotUnit { length_squared } => write!(
                f,
                "triangle normal is not unit length (squared length {length_squared}): how the \
                 game uses it is not documented (it tells road from wall by a triangle's angle); \
                 recompute it from the vertices"
            ),
            Self::PlaneOffsetMismatch { d, expected } => write!(
                f,
                "triangle d = {d}, but -dot(centroid, normal) = {expected}: how the game uses d \
                 is not documented; recompute it from the vertices"
            ),
            Self::BoundsMismatch {
                min,
                max,
                expected_min,
                expected_max,
            } => write!(
                f,
                "triangle bounds {min:?}..{max:?} differ from its vertices' \
                 {expected_min:?}..{expected_max:?}: how the game uses them is not documented; \
                 recompute them from the vertices"
            ),
            Self::NeighbourBitsBeyondEdges { neighbours } => write!(
                f,
                "neighbour bits 0x{neighbours:x} go beyond the three edges: what the game does \
                 with the extra bits is not documented (walls come from the edges without a \
                 neighbour); clear them"
            ),
            Self::SurfaceTypeNotOneHot { flags } => write!(
                f,
                "surface flags 0x{flags:08x}: the low 16 bits are not exactly one surface type, \
                 and how the game reads that is not documented; set exactly one of them"
            ),
            Self::TriangleOutsideCell { x, z } => write!(
                f,
                "triangle bounds do not reach the cell ({x}, {z}) it is stored in: how the game \
                 looks triangles up is not documented (a triangle belongs to the cells it \
                 touches); store it only in those"
            ),
        }
    }
}

fn abs(v: f32) -> f32 {
    if v < 0.0 { -v } else { v }
}

/// `true` when `error` exceeds `tolerance` either way, or is NaN.
fn beyond(error: f32, tolerance: f32) -> bool {
    error.is_nan() || abs(error) > tolerance
}

/// Where a [`Lints`] walk is: [`Lints::position`], resumed by [`Course::lints_from`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LintsPosition {
    /// Header checks done (0 to 2).
    pub header: u8,
    /// The primary cell being checked (`in_cell`) or read next, in file order.
    pub cell: u32,
    /// Its file offset.
    pub cell_offset: usize,
    /// Whether the walk is inside `cell`.
    pub in_cell: bool,
    /// The triangle of `cell` being checked.
    pub triangle: usize,
    /// Checks of that triangle done.
    pub check: u8,
}

impl Lints<'_> {
    /// Where the walk is, for [`Course::lints_from`].
    pub fn position(&self) -> LintsPosition {
        let (cell, cell_offset, in_cell) = match self.cell {
            Some(cell) => (cell.index(), cell.offset(), true),
            None => {
                let (at, next) = self.cells.position();
                (next, at, false)
            }
        };
        LintsPosition {
            header: self.header_check,
            cell,
            cell_offset,
            in_cell,
            triangle: self.triangle,
            check: self.check,
        }
    }
}

/// Number of per-triangle checks in [`Lints::triangle_check`].
const TRIANGLE_CHECKS: u8 = 6;

/// The lints of a course, computed on demand without allocation: the header
/// first, then each triangle in file order.
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    course: Course<'a>,
    header_check: u8,
    cells: Cells<'a>,
    cell: Option<Cell<'a>>,
    triangle: usize,
    check: u8,
}

impl<'a> Lints<'a> {
    pub(crate) fn new(course: Course<'a>) -> Self {
        Self {
            course,
            header_check: 0,
            cells: course.cells(),
            cell: None,
            triangle: 0,
            check: 0,
        }
    }

    fn header_check(&self, n: u8) -> Option<Lint> {
        let h = self.course.grid();
        let kind = match n {
            0 => (h.version != VERSION).then_some(LintKind::UnexpectedVersion { found: h.version }),
            _ => {
                let [mx, mz] = h.min;
                let [nx, nz] = h.neg_min;
                (nx != -mx || nz != -mz).then_some(LintKind::NegatedMinMismatch {
                    min: h.min,
                    neg_min: h.neg_min,
                })
            }
        }?;
        let offset = if n == 0 { 4 } else { 0x28 };
        Some(Lint {
            offset,
            cell: None,
            kind,
        })
    }

    fn triangle_check(&self, cell: &Cell<'_>, t: &Triangle, n: u8) -> Option<LintKind> {
        let [a, b, c] = t.vertices;
        match n {
            0 => {
                let length_squared = t.normal.iter().map(|v| v * v).sum::<f32>();
                beyond(length_squared - 1.0, NORMAL_TOLERANCE)
                    .then_some(LintKind::NormalNotUnit { length_squared })
            }
            1 => {
                let centroid = [
                    (a[0] + b[0] + c[0]) / 3.0,
                    (a[1] + b[1] + c[1]) / 3.0,
                    (a[2] + b[2] + c[2]) / 3.0,
                ];
                let expected = -centroid
                    .iter()
                    .zip(&t.normal)
                    .map(|(p, n)| p * n)
                    .sum::<f32>();
                let scale = 1.0 + centroid.iter().map(|v| abs(*v)).fold(0.0, f32::max);
                beyond(t.d - expected, PLANE_TOLERANCE * scale)
                    .then_some(LintKind::PlaneOffsetMismatch { d: t.d, expected })
            }
            2 => {
                let ([ax, _, az], [bx, _, bz], [cx, _, cz]) = (a, b, c);
                let expected_min = [ax.min(bx).min(cx), az.min(bz).min(cz)];
                let expected_max = [ax.max(bx).max(cx), az.max(bz).max(cz)];
                (t.min != expected_min || t.max != expected_max).then_some(
                    LintKind::BoundsMismatch {
                        min: t.min,
                        max: t.max,
                        expected_min,
                        expected_max,
                    },
                )
            }
            3 => (t.neighbours & !0b111 != 0).then_some(LintKind::NeighbourBitsBeyondEdges {
                neighbours: t.neighbours,
            }),
            4 => (!t.flags.is_one_hot())
                .then_some(LintKind::SurfaceTypeNotOneHot { flags: t.flags.0 }),
            _ => (!self.reaches(cell, t)).then_some(LintKind::TriangleOutsideCell {
                x: cell.x(),
                z: cell.z(),
            }),
        }
    }

    /// Whether the triangle's bounds, mapped to cells as the builder bins them
    /// (with [`cell_coord`], clamped to the grid), include `cell`.
    fn reaches(&self, cell: &Cell<'_>, t: &Triangle) -> bool {
        let h = self.course.grid();
        let span = |lo: f32, hi: f32, origin: f32, size: f32, count: u32, at: u32| {
            let far = origin + size * count as f32;
            let first = if lo < origin {
                Some(0)
            } else {
                cell_coord(lo, origin, size, count)
            };
            let last = if hi > far {
                Some(count.saturating_sub(1))
            } else {
                cell_coord(hi, origin, size, count)
            };
            matches!((first, last), (Some(f), Some(l)) if f <= at && at <= l)
        };
        let [size_x, size_z] = h.cell_size;
        let [min_x, min_z] = h.min;
        span(t.min[0], t.max[0], min_x, size_x, h.width, cell.x())
            && span(t.min[1], t.max[1], min_z, size_z, h.length, cell.z())
    }
}

impl Iterator for Lints<'_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        while self.header_check < 2 {
            let n = self.header_check;
            self.header_check = self.header_check.saturating_add(1);
            if let Some(lint) = self.header_check(n) {
                return Some(lint);
            }
        }
        loop {
            let cell = match self.cell {
                Some(cell) => cell,
                None => {
                    let cell = self.cells.next()?;
                    self.cell = Some(cell);
                    self.triangle = 0;
                    self.check = 0;
                    cell
                }
            };
            let Some(raw) = cell.triangles().get(self.triangle) else {
                self.cell = None;
                continue;
            };
            let triangle = raw.decode();
            while self.check < TRIANGLE_CHECKS {
                let n = self.check;
                self.check = self.check.saturating_add(1);
                if let Some(kind) = self.triangle_check(&cell, &triangle, n) {
                    let offset = cell
                        .offset()
                        .saturating_add(size_of::<raw::CellHeader>())
                        .saturating_add(self.triangle.saturating_mul(size_of::<raw::Triangle>()));
                    return Some(Lint {
                        offset,
                        cell: Some(cell.index()),
                        kind,
                    });
                }
            }
            self.triangle = self.triangle.saturating_add(1);
            self.check = 0;
        }
    }
}

impl core::iter::FusedIterator for Lints<'_> {}
