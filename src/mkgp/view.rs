//! The parsed course and its accessors: header, both grids, sequential and
//! indexed cell access, and the ground and wall queries. [`Course::parse`] lives
//! in `validate.rs`; the cell readers here serve both it and the iterators, so
//! the validating walk and the accessors cannot disagree.

use crate::wire;
use crate::wire::StorageTooSmall;
use core::iter::FusedIterator;

use zerocopy::FromBytes;

use super::error::{Error, ErrorKind, Grid, RecordKind};
use super::geometry::{cell_coord, cell_number};
use super::layout::{CELL_WALLS, HEADER_LEN};
use super::raw;
use super::records::{GridHeader, SurfaceFlags};

/// A validated MKGP DX course, borrowed from its file.
///
/// [`Course::parse`] walked both grids and accounted for every byte, so cells,
/// records and queries never fail and never read outside the file.
#[derive(Clone, Copy, Debug)]
pub struct Course<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) header: &'a raw::Header,
    pub(super) width: u32,
    pub(super) length: u32,
    /// File offset where the secondary grid starts.
    pub(super) secondary: usize,
}

impl<'a> Course<'a> {
    /// The whole file.
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The header as stored.
    pub const fn header(&self) -> &'a raw::Header {
        self.header
    }

    /// The header's values, decoded: the grid's size, its cells and its extent.
    pub fn grid(&self) -> GridHeader {
        self.header.decode()
    }

    /// The version word (only [`Options::accept_any_version`](super::Options::accept_any_version) lets another
    /// value than [`VERSION`](super::VERSION) through).
    pub fn version(&self) -> u32 {
        self.header.version.get()
    }

    /// W: cells along X.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// L: cells along Z.
    pub const fn length(&self) -> u32 {
        self.length
    }

    /// W × L, the number of cells in each grid (validated to fit an `i32`).
    pub const fn cell_count(&self) -> u32 {
        self.width.saturating_mul(self.length)
    }

    /// Primary-grid cells in file order.
    pub fn cells(&self) -> Cells<'a> {
        Cells {
            bytes: self.bytes,
            at: HEADER_LEN,
            next: 0,
            count: self.cell_count(),
            width: self.width,
        }
    }

    /// Secondary-grid (triangle wall) cells in file order.
    pub fn wall_cells(&self) -> WallCells<'a> {
        WallCells {
            bytes: self.bytes,
            at: self.secondary,
            next: 0,
            count: self.cell_count(),
            width: self.width,
        }
    }

    /// File offset of the secondary grid.
    pub const fn secondary_offset(&self) -> usize {
        self.secondary
    }

    /// The cell `(x, z)` that a world position falls in (see [`cell_coord`]: the
    /// grid starts at the AABB minimum), or `None` outside the grid.
    pub fn cell_of(&self, x: f32, z: f32) -> Option<(u32, u32)> {
        let [size_x, size_z] = raw::xz(&self.header.cell_size);
        let [min_x, min_z] = raw::xz(&self.header.min);
        Some((
            cell_coord(x, min_x, size_x, self.width)?,
            cell_coord(z, min_z, size_z, self.length)?,
        ))
    }

    /// Primary cell `(x, z)` found by walking the grid: O(cells). Build a
    /// [`CellIndex`] for O(1) access.
    pub fn cell(&self, x: u32, z: u32) -> Option<Cell<'a>> {
        let n = self.number(x, z)?;
        self.cells().nth(usize::try_from(n).ok()?)
    }

    /// The highest ground under a world position (see [`ground_in_cell`]),
    /// walking the grid to its cell: O(cells).
    pub fn ground_height(&self, x: f32, z: f32) -> Option<Ground<'a>> {
        let (cx, cz) = self.cell_of(x, z)?;
        ground_in_cell(&self.cell(cx, cz)?, x, z)
    }

    /// Records the position of every cell in `storage` (at least
    /// [`cell_count`](Self::cell_count) entries) for O(1) cell access, with no
    /// allocation.
    pub fn index<'i>(&self, storage: &'i mut [u32]) -> Result<CellIndex<'a, 'i>, IndexError> {
        let needed = self.cell_count();
        let available = storage.len();
        let slots = storage
            .get_mut(..usize::try_from(needed).unwrap_or(usize::MAX))
            .ok_or(IndexError::storage(needed, available))?;
        for (slot, cell) in slots.iter_mut().zip(self.cells()) {
            *slot = u32::try_from(cell.offset).map_err(|_| IndexError::FileTooLarge)?;
        }
        Ok(CellIndex {
            course: *self,
            offsets: slots,
        })
    }

    /// Records the position of every secondary (triangle wall) cell in
    /// `storage` (at least [`cell_count`](Self::cell_count) entries) for O(1)
    /// access, as [`Course::index`] does for the primary cells.
    pub fn wall_index<'i>(&self, storage: &'i mut [u32]) -> Result<WallIndex<'a, 'i>, IndexError> {
        let needed = self.cell_count();
        let available = storage.len();
        let slots = storage
            .get_mut(..usize::try_from(needed).unwrap_or(usize::MAX))
            .ok_or(IndexError::storage(needed, available))?;
        for (slot, cell) in slots.iter_mut().zip(self.wall_cells()) {
            *slot = u32::try_from(cell.offset).map_err(|_| IndexError::FileTooLarge)?;
        }
        Ok(WallIndex {
            course: *self,
            offsets: slots,
        })
    }

    /// Secondary cell `(x, z)` found by walking the grid: O(cells). Build a
    /// [`WallIndex`] for O(1) access.
    pub fn wall_cell(&self, x: u32, z: u32) -> Option<WallCell<'a>> {
        let n = self.number(x, z)?;
        self.wall_cells().nth(usize::try_from(n).ok()?)
    }

    /// The file-order number of cell `(x, z)`, if it exists.
    fn number(&self, x: u32, z: u32) -> Option<u64> {
        (x < self.width && z < self.length).then(|| cell_number(x, z, self.width))
    }
}

/// What a [`Course`] is made of besides its bytes: for callers that cannot keep the
/// borrow (the C API keeps it in a C struct) and rebuild the course with
/// [`Course::from_parts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CourseParts {
    /// File offset of the secondary grid ([`Course::secondary_offset`]).
    pub secondary: usize,
}

impl<'a> Course<'a> {
    /// The parts [`Course::from_parts`] rebuilds this course from, with its bytes.
    pub const fn parts(&self) -> CourseParts {
        CourseParts {
            secondary: self.secondary,
        }
    }

    /// Rebuilds a course in O(1) from the bytes it was parsed from and its
    /// [`parts`](Course::parts), without walking the grids again.
    ///
    /// `None` when the header does not hold (magic, W and L at least 1 and W × L
    /// within an `i32`, finite positive cell sizes) or the secondary offset is
    /// outside the file. Parts that did not come from [`Course::parts`] over the same
    /// unchanged bytes give a course whose accessors never panic or read outside
    /// `bytes`, but whose cells are unspecified.
    pub fn from_parts(bytes: &'a [u8], parts: CourseParts) -> Option<Self> {
        let (header, _) = raw::Header::ref_from_prefix(bytes).ok()?;
        if header.magic != super::records::MAGIC {
            return None;
        }
        let dimension = |v: i32| u32::try_from(v).ok().filter(|&v| v > 0);
        let width = dimension(header.width.get())?;
        let length = dimension(header.length.get())?;
        header.width.get().checked_mul(header.length.get())?;
        let sizes = raw::xz(&header.cell_size);
        if !sizes.iter().all(|v| *v > 0.0 && v.is_finite()) {
            return None;
        }
        if !(HEADER_LEN..=bytes.len()).contains(&parts.secondary) {
            return None;
        }
        Some(Self {
            bytes,
            header,
            width,
            length,
            secondary: parts.secondary,
        })
    }

    /// The primary cell whose count fields are at `offset` ([`Cell::offset`]) and
    /// whose file-order number is `index`, read in O(1); `None` when its records do
    /// not fit the file or `index` is not a cell. An offset that is not a cell's
    /// gives unspecified (bounded) records.
    pub fn cell_at_offset(&self, offset: usize, index: u32) -> Option<Cell<'a>> {
        if index >= self.cell_count() {
            return None;
        }
        let (mut cell, _) = read_cell(self.bytes, offset, index).ok()?;
        cell.x = index.checked_rem(self.width)?;
        cell.z = index.checked_div(self.width)?;
        Some(cell)
    }

    /// The secondary cell at `offset` ([`WallCell::offset`]) numbered `index`, read in
    /// O(1), as [`Course::cell_at_offset`].
    pub fn wall_cell_at_offset(&self, offset: usize, index: u32) -> Option<WallCell<'a>> {
        if index >= self.cell_count() {
            return None;
        }
        let (mut cell, _) = read_wall_cell(self.bytes, offset, index).ok()?;
        cell.x = index.checked_rem(self.width)?;
        cell.z = index.checked_div(self.width)?;
        Some(cell)
    }

    /// The primary cells from cell number `next`, whose count fields are at `at`.
    pub(super) fn cells_from(&self, at: usize, next: u32) -> Cells<'a> {
        Cells {
            bytes: self.bytes,
            at,
            next,
            count: self.cell_count(),
            width: self.width,
        }
    }
}

/// Why a [`CellIndex`] could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum IndexError {
    /// The storage has fewer entries than the grid has cells (W × L).
    StorageTooSmall(StorageTooSmall),
    /// A cell lies beyond 4 GiB, past what a `u32` offset can hold.
    FileTooLarge,
}

impl IndexError {
    /// `needed` entries (W × L), `available` given.
    fn storage(needed: u32, available: usize) -> Self {
        Self::StorageTooSmall(StorageTooSmall {
            needed: usize::try_from(needed).unwrap_or(usize::MAX),
            available,
        })
    }
}

impl core::fmt::Display for IndexError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::StorageTooSmall(e) => write!(f, "cell index: {e}"),
            Self::FileTooLarge => f.write_str("cell offsets past 4 GiB do not fit the index"),
        }
    }
}

impl core::error::Error for IndexError {}

/// O(1) access to the cells of a [`Course`], through offsets kept in caller storage.
#[derive(Clone, Copy, Debug)]
pub struct CellIndex<'a, 'i> {
    course: Course<'a>,
    offsets: &'i [u32],
}

impl<'a, 'i> CellIndex<'a, 'i> {
    /// An index over storage that [`Course::index`] filled for the same course, in
    /// O(1) (the storage is not read again here). `offsets` needs at least
    /// [`Course::cell_count`] entries; offsets that [`Course::index`] did not write
    /// give unspecified (bounded) cells, never a panic.
    pub fn from_storage(course: Course<'a>, offsets: &'i [u32]) -> Result<Self, IndexError> {
        let needed = course.cell_count();
        let offsets = offsets
            .get(..usize::try_from(needed).unwrap_or(usize::MAX))
            .ok_or(IndexError::storage(needed, offsets.len()))?;
        Ok(Self { course, offsets })
    }
}

impl<'a> CellIndex<'a, '_> {
    /// The course.
    pub const fn course(&self) -> &Course<'a> {
        &self.course
    }

    /// Primary cell `(x, z)`.
    pub fn cell(&self, x: u32, z: u32) -> Option<Cell<'a>> {
        let n = self.course.number(x, z)?;
        let offset = *self.offsets.get(usize::try_from(n).ok()?)?;
        let index = u32::try_from(n).ok()?;
        let at = usize::try_from(offset).ok();
        let read = at.and_then(|at| read_cell(self.course.bytes, at, index).ok());
        let (mut cell, _) = wire::validated(read)?;
        cell.x = x;
        cell.z = z;
        Some(cell)
    }

    /// The primary cell a world position falls in.
    pub fn cell_at(&self, x: f32, z: f32) -> Option<Cell<'a>> {
        let (cx, cz) = self.course.cell_of(x, z)?;
        self.cell(cx, cz)
    }

    /// The highest ground under a world position (see [`ground_in_cell`]).
    pub fn ground_height(&self, x: f32, z: f32) -> Option<Ground<'a>> {
        ground_in_cell(&self.cell_at(x, z)?, x, z)
    }
}

/// O(1) access to the secondary (triangle wall) cells of a [`Course`],
/// through offsets kept in caller storage.
#[derive(Clone, Copy, Debug)]
pub struct WallIndex<'a, 'i> {
    course: Course<'a>,
    offsets: &'i [u32],
}

impl<'a, 'i> WallIndex<'a, 'i> {
    /// An index over storage that [`Course::wall_index`] filled for the same
    /// course, in O(1), as [`CellIndex::from_storage`].
    pub fn from_storage(course: Course<'a>, offsets: &'i [u32]) -> Result<Self, IndexError> {
        let needed = course.cell_count();
        let offsets = offsets
            .get(..usize::try_from(needed).unwrap_or(usize::MAX))
            .ok_or(IndexError::storage(needed, offsets.len()))?;
        Ok(Self { course, offsets })
    }
}

impl<'a> WallIndex<'a, '_> {
    /// The course.
    pub const fn course(&self) -> &Course<'a> {
        &self.course
    }

    /// Secondary cell `(x, z)`.
    pub fn cell(&self, x: u32, z: u32) -> Option<WallCell<'a>> {
        let n = self.course.number(x, z)?;
        let offset = *self.offsets.get(usize::try_from(n).ok()?)?;
        let index = u32::try_from(n).ok()?;
        let at = usize::try_from(offset).ok()?;
        let (mut cell, _) = read_wall_cell(self.course.bytes, at, index).ok()?;
        cell.x = x;
        cell.z = z;
        Some(cell)
    }
}

/// The ground found under a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ground<'a> {
    /// Height (Y) of the surface at the point.
    pub height: f32,
    /// The triangle it belongs to.
    pub triangle: &'a raw::Triangle,
}

impl Ground<'_> {
    /// The surface flags of the triangle.
    pub fn flags(&self) -> SurfaceFlags {
        SurfaceFlags(self.triangle.flags.get())
    }
}

/// The highest triangle surface of `cell` above `(x, z)`: among the triangles
/// whose XZ projection contains the point (edges included), the greatest height
/// of the stored plane. Vertical and degenerate triangles have no height and are
/// skipped, so no NaN or infinity is ever returned.
pub fn ground_in_cell<'a>(cell: &Cell<'a>, x: f32, z: f32) -> Option<Ground<'a>> {
    let mut best: Option<Ground<'a>> = None;
    for triangle in cell.triangles() {
        if let Some(height) = triangle.decode().height_at(x, z) {
            if best.is_none_or(|b| height > b.height) {
                best = Some(Ground { height, triangle });
            }
        }
    }
    best
}

/// A primary-grid cell: its ground triangles and walls.
#[derive(Clone, Copy, Debug)]
pub struct Cell<'a> {
    index: u32,
    x: u32,
    z: u32,
    offset: usize,
    triangles: &'a [raw::Triangle],
    walls: &'a [raw::Wall],
}

impl<'a> Cell<'a> {
    /// Position in file order (`z × W + x`).
    pub const fn index(&self) -> u32 {
        self.index
    }

    /// Column (along X).
    pub const fn x(&self) -> u32 {
        self.x
    }

    /// Row (along Z).
    pub const fn z(&self) -> u32 {
        self.z
    }

    /// File offset of the cell's count fields.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The cell's triangles (decode each with `raw::Triangle::decode`).
    pub const fn triangles(&self) -> &'a [raw::Triangle] {
        self.triangles
    }

    /// The cell's walls.
    pub const fn walls(&self) -> &'a [raw::Wall] {
        self.walls
    }
}

/// A secondary-grid cell: its triangle walls.
#[derive(Clone, Copy, Debug)]
pub struct WallCell<'a> {
    index: u32,
    x: u32,
    z: u32,
    offset: usize,
    triangle_walls: &'a [raw::TriangleWall],
}

impl<'a> WallCell<'a> {
    /// Position in file order (`z × W + x`, as in the primary grid).
    pub const fn index(&self) -> u32 {
        self.index
    }

    /// Column (along X).
    pub const fn x(&self) -> u32 {
        self.x
    }

    /// Row (along Z).
    pub const fn z(&self) -> u32 {
        self.z
    }

    /// File offset of the cell's count field.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The cell's triangle walls.
    pub const fn triangle_walls(&self) -> &'a [raw::TriangleWall] {
        self.triangle_walls
    }
}

/// Iterator over the primary cells, in file order.
#[derive(Clone, Debug)]
pub struct Cells<'a> {
    bytes: &'a [u8],
    at: usize,
    next: u32,
    count: u32,
    width: u32,
}

impl Cells<'_> {
    /// Where the next cell's count fields are, and its number.
    pub(super) const fn position(&self) -> (usize, u32) {
        (self.at, self.next)
    }
}

impl<'a> Iterator for Cells<'a> {
    type Item = Cell<'a>;

    fn next(&mut self) -> Option<Cell<'a>> {
        if self.next >= self.count {
            return None;
        }
        let Some((mut cell, end)) = wire::validated(read_cell(self.bytes, self.at, self.next).ok())
        else {
            self.next = self.count;
            return None;
        };
        cell.x = self.next.checked_rem(self.width).unwrap_or(0);
        cell.z = self.next.checked_div(self.width).unwrap_or(0);
        self.at = end;
        self.next = self.next.saturating_add(1);
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.count.saturating_sub(self.next)).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cells<'_> {}
impl FusedIterator for Cells<'_> {}

/// Iterator over the secondary (triangle wall) cells, in file order.
#[derive(Clone, Debug)]
pub struct WallCells<'a> {
    bytes: &'a [u8],
    at: usize,
    next: u32,
    count: u32,
    width: u32,
}

impl<'a> Iterator for WallCells<'a> {
    type Item = WallCell<'a>;

    fn next(&mut self) -> Option<WallCell<'a>> {
        if self.next >= self.count {
            return None;
        }
        let Some((mut cell, end)) =
            wire::validated(read_wall_cell(self.bytes, self.at, self.next).ok())
        else {
            self.next = self.count;
            return None;
        };
        cell.x = self.next.checked_rem(self.width).unwrap_or(0);
        cell.z = self.next.checked_div(self.width).unwrap_or(0);
        self.at = end;
        self.next = self.next.saturating_add(1);
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.count.saturating_sub(self.next)).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

impl ExactSizeIterator for WallCells<'_> {}
impl FusedIterator for WallCells<'_> {}

/// Reads the primary cell at `at`; returns it and where the next cell starts.
/// Both the validating walk and the iterators use it, so they cannot disagree.
pub(super) fn read_cell(bytes: &[u8], at: usize, index: u32) -> Result<(Cell<'_>, usize), Error> {
    let grid = Grid::Primary;
    let (header, _) = bytes
        .get(at..)
        .and_then(|rest| raw::CellHeader::ref_from_prefix(rest).ok())
        .ok_or(Error::new(at, ErrorKind::CellPastEnd { grid, cell: index }))?;
    let header = header.decode();
    let records_at = at.saturating_add(size_of::<raw::CellHeader>());
    let (triangles, walls_at) = records::<raw::Triangle>(
        bytes,
        records_at,
        at,
        grid,
        index,
        RecordKind::Triangles,
        header.triangles,
    )?;
    let (walls, end) = records::<raw::Wall>(
        bytes,
        walls_at,
        at.saturating_add(CELL_WALLS),
        grid,
        index,
        RecordKind::Walls,
        header.walls,
    )?;
    Ok((
        Cell {
            index,
            x: 0,
            z: 0,
            offset: at,
            triangles,
            walls,
        },
        end,
    ))
}

/// Reads the secondary cell at `at`; returns it and where the next cell starts.
pub(super) fn read_wall_cell(
    bytes: &[u8],
    at: usize,
    index: u32,
) -> Result<(WallCell<'_>, usize), Error> {
    let grid = Grid::Secondary;
    let (header, _) = bytes
        .get(at..)
        .and_then(|rest| raw::WallCellHeader::ref_from_prefix(rest).ok())
        .ok_or(Error::new(at, ErrorKind::CellPastEnd { grid, cell: index }))?;
    let header = header.decode();
    let (triangle_walls, end) = records::<raw::TriangleWall>(
        bytes,
        at.saturating_add(size_of::<raw::WallCellHeader>()),
        at,
        grid,
        index,
        RecordKind::TriangleWalls,
        header.triangle_walls,
    )?;
    Ok((
        WallCell {
            index,
            x: 0,
            z: 0,
            offset: at,
            triangle_walls,
        },
        end,
    ))
}

/// `count` records of `T` at `at`; errors blame the count field at `field`.
fn records<T: wire::Record>(
    bytes: &[u8],
    at: usize,
    field: usize,
    grid: Grid,
    cell: u32,
    records: RecordKind,
    count: i32,
) -> Result<(&[T], usize), Error> {
    let n = usize::try_from(count).map_err(|_| {
        Error::new(
            field,
            ErrorKind::NegativeCount {
                grid,
                cell,
                records,
                count,
            },
        )
    })?;
    let past_end = Error::new(
        field,
        ErrorKind::RecordsPastEnd {
            grid,
            cell,
            records,
            count,
            end: wire::span_end(wire::wide(at), wire::wide(n), size_of::<T>()),
            file_len: bytes.len(),
        },
    );
    let slice = wire::records_at::<T>(bytes, at, n).ok_or(past_end)?;
    Ok((slice, at.saturating_add(size_of_val(slice))))
}

#[cfg(test)]
mod parts_tests {
    //! The O(1) rebuilds the C API relies on give what the parsed course gives.
    extern crate std;
    use std::vec::Vec;

    use super::super::{IndexedCourse, Options};
    use super::*;
    use crate::query::{Query, Segment};

    const SAMPLE: &[u8] = include_bytes!("../../samples/course.col");

    #[test]
    fn from_parts_rebuilds_the_course_and_its_cells() {
        let course = Course::parse(SAMPLE, Options::STRICT).unwrap();
        let again = Course::from_parts(SAMPLE, course.parts()).unwrap();
        assert_eq!(again.secondary_offset(), course.secondary_offset());
        assert_eq!(
            (again.width(), again.length()),
            (course.width(), course.length())
        );
        for (cell, wall) in course.cells().zip(course.wall_cells()) {
            let c = again.cell_at_offset(cell.offset(), cell.index()).unwrap();
            assert_eq!(
                (c.x(), c.z(), c.triangles(), c.walls()),
                (cell.x(), cell.z(), cell.triangles(), cell.walls())
            );
            let w = again
                .wall_cell_at_offset(wall.offset(), wall.index())
                .unwrap();
            assert_eq!(w.triangle_walls(), wall.triangle_walls());
        }
        assert!(again.cell_at_offset(48, course.cell_count()).is_none());
        // Parts that do not fit are refused; a short file has no header.
        let bad = CourseParts {
            secondary: SAMPLE.len() + 1,
        };
        assert!(Course::from_parts(SAMPLE, bad).is_none());
        assert!(Course::from_parts(SAMPLE.get(..20).unwrap(), course.parts()).is_none());
    }

    #[test]
    fn an_index_over_filled_storage_answers_as_the_walk() {
        let course = Course::parse(SAMPLE, Options::STRICT).unwrap();
        let n = usize::try_from(course.cell_count()).unwrap();
        let (mut cells, mut walls) = (std::vec![0u32; n], std::vec![0u32; n]);
        IndexedCourse::new(&course, &mut cells, &mut walls).unwrap();
        let indexed = IndexedCourse::from_storage(course, &cells, &walls).unwrap();
        let down = Segment::new([1.0, 1000.0, 1.0], [1.0, -1000.0, 1.0]);
        assert_eq!(indexed.cast(down), course.cast(down));
        let index = CellIndex::from_storage(course, &cells).unwrap();
        assert_eq!(
            index.ground_height(9.0, 17.0),
            course.ground_height(9.0, 17.0)
        );
        assert!(CellIndex::from_storage(course, cells.get(..n - 1).unwrap()).is_err());
        assert!(WallIndex::from_storage(course, &[]).is_err());
    }

    #[test]
    fn lints_resume_from_every_position() {
        // A lenient read of another version, with one normal spoiled: lints from the
        // header and from a triangle.
        let mut bytes = SAMPLE.to_vec();
        bytes[4] = 0x17;
        let normal_y = 48 + 8 + 0x64;
        bytes[normal_y..normal_y + 4].copy_from_slice(&2.0f32.to_le_bytes());
        let course = Course::parse(&bytes, Options::LENIENT).unwrap();
        let all: Vec<_> = course.lints().collect();
        assert!(all.len() >= 2);
        let mut walk = course.lints();
        for (i, _) in all.iter().enumerate() {
            let resumed: Vec<_> = course.lints_from(walk.position()).collect();
            assert_eq!(resumed, all[i..]);
            walk.next();
        }
        assert_eq!(course.lints_from(walk.position()).count(), 0);
    }
}
