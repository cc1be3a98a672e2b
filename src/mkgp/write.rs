//! Writing MKGP DX `COL` files into a caller buffer.
//!
//! No allocation: the caller asks [`required_len`] for the size, provides the
//! buffer, and [`write()`] fills it front to back. Every record goes out through
//! the `zerocopy` structs of [`super::raw`], so the bytes are exactly the
//! little-endian layout of [`guide::mkgp`](crate::guide::mkgp) on any host.

use core::fmt;
use core::mem::size_of;

use zerocopy::IntoBytes;

use super::error::RecordKind;
use super::raw;
use super::records::{CellHeader, GridHeader, Triangle, TriangleWall, Wall, WallCellHeader};
use crate::wire::Out;

/// One primary-grid cell to write.
#[derive(Clone, Copy, Debug, Default)]
pub struct CellContents<'s> {
    /// The cell's ground triangles (T records of 0x70 bytes).
    pub triangles: &'s [Triangle],
    /// The cell's walls (C records of 0x40 bytes).
    pub walls: &'s [Wall],
}

/// Why nothing was written: [`InputError`] for cells the format cannot hold, or
/// one of the cases every writer shares.
pub type WriteError = crate::wire::WriteError<InputError>;

/// What in the input an MKGP DX file cannot store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum InputError {
    /// W or L is 0 or above `i32::MAX`: both are stored as `i32` and the working
    /// rules of [`guide::mkgp`](crate::guide::mkgp) require at least one cell each way.
    GridSize {
        /// W, as given in the header.
        width: u32,
        /// L, as given in the header.
        length: u32,
    },
    /// The primary grid must have exactly W × L cells.
    CellCount {
        /// W × L.
        expected: u64,
        /// Cells given.
        found: usize,
    },
    /// The secondary (triangle wall) grid must have exactly W × L cells too
    /// ([`guide::mkgp`](crate::guide::mkgp) working rule).
    WallCellCount {
        /// W × L.
        expected: u64,
        /// Cells given.
        found: usize,
    },
    /// A cell holds more records than its `i32` count can say.
    TooManyRecords {
        /// The cell's position in file order within its grid.
        cell: usize,
        /// Which count.
        kind: RecordKind,
        /// Records given.
        count: usize,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::GridSize { width, length } => write!(
                f,
                "grid of {width} × {length} cells: width and length must be 1..=2147483647"
            ),
            Self::CellCount { expected, found } => write!(
                f,
                "expected {expected} primary-grid cells (width × length), given {found}"
            ),
            Self::WallCellCount { expected, found } => write!(
                f,
                "expected {expected} triangle-wall cells (width × length), given {found}"
            ),
            Self::TooManyRecords { cell, kind, count } => write!(
                f,
                "cell {cell} has {count} {kind}, more than an i32 count can hold"
            ),
        }
    }
}

impl core::error::Error for InputError {}

/// The largest W, L or record count: all are stored as `i32`.
const MAX_I32: u32 = i32::MAX.unsigned_abs();

/// A cell's record count as the `i32` the file stores.
fn count(len: usize, cell: usize, kind: RecordKind) -> Result<i32, WriteError> {
    i32::try_from(len).map_err(|_| {
        WriteError::Invalid(InputError::TooManyRecords {
            cell,
            kind,
            count: len,
        })
    })
}

/// `total + header + len × record`, or [`WriteError::TooLarge`].
fn grow(total: usize, header: usize, len: usize, record: usize) -> Result<usize, WriteError> {
    len.checked_mul(record)
        .and_then(|records| records.checked_add(header))
        .and_then(|cell| total.checked_add(cell))
        .ok_or(WriteError::TooLarge)
}

/// Size in bytes of the file [`write()`] makes from these cells: the 0x30 header,
/// each primary cell `8 + T × 0x70 + C × 0x40`, each secondary cell `4 + U × 0x38`.
pub fn required_len(
    cells: &[CellContents<'_>],
    wall_cells: &[&[TriangleWall]],
) -> Result<usize, WriteError> {
    let mut total = size_of::<raw::Header>();
    for (i, cell) in cells.iter().enumerate() {
        count(cell.triangles.len(), i, RecordKind::Triangles)?;
        count(cell.walls.len(), i, RecordKind::Walls)?;
        total = grow(
            total,
            size_of::<raw::CellHeader>(),
            cell.triangles.len(),
            size_of::<raw::Triangle>(),
        )?;
        total = grow(total, 0, cell.walls.len(), size_of::<raw::Wall>())?;
    }
    for (i, walls) in wall_cells.iter().enumerate() {
        count(walls.len(), i, RecordKind::TriangleWalls)?;
        total = grow(
            total,
            size_of::<raw::WallCellHeader>(),
            walls.len(),
            size_of::<raw::TriangleWall>(),
        )?;
    }
    Ok(total)
}

/// Writes header (magic `COL\0`, `header.version`, W, L, cell size, min, max,
/// neg_min as given), then W×L primary cells (`T i32, C i32`, T×0x70 triangles,
/// C×0x40 walls, pads zero), then W×L secondary cells (`U i32`, U×0x38 triangle
/// walls, the four trailing floats zero). Returns bytes written.
///
/// Cells are in file order, `index = z × W + x` (see
/// [`cell_number`](super::cell_number)). Only the first
/// [`required_len`] bytes of `out` are touched.
pub fn write(
    header: &GridHeader,
    cells: &[CellContents<'_>],
    wall_cells: &[&[TriangleWall]],
    out: &mut [u8],
) -> Result<usize, WriteError> {
    let (width, length) = (header.width, header.length);
    let grid_size = WriteError::Invalid(InputError::GridSize { width, length });
    if !(1..=MAX_I32).contains(&width) || !(1..=MAX_I32).contains(&length) {
        return Err(grid_size);
    }
    // Both are at most 2^31 − 1, so the product fits a u64.
    let expected = u64::from(width)
        .checked_mul(u64::from(length))
        .ok_or(grid_size)?;
    if u64::try_from(cells.len()).ok() != Some(expected) {
        return Err(WriteError::Invalid(InputError::CellCount {
            expected,
            found: cells.len(),
        }));
    }
    if u64::try_from(wall_cells.len()).ok() != Some(expected) {
        return Err(WriteError::Invalid(InputError::WallCellCount {
            expected,
            found: wall_cells.len(),
        }));
    }
    let mut cursor = Out::new(out, required_len(cells, wall_cells)?)?;

    // W and L fit an i32 (checked above), so the header stores them as given.
    cursor.put(raw::Header::from(header).as_bytes())?;
    for (i, cell) in cells.iter().enumerate() {
        let counts = CellHeader {
            triangles: count(cell.triangles.len(), i, RecordKind::Triangles)?,
            walls: count(cell.walls.len(), i, RecordKind::Walls)?,
        };
        cursor.put(raw::CellHeader::from(&counts).as_bytes())?;
        for triangle in cell.triangles {
            cursor.put(raw::Triangle::from(triangle).as_bytes())?;
        }
        for wall in cell.walls {
            cursor.put(raw::Wall::from(wall).as_bytes())?;
        }
    }
    for (i, walls) in wall_cells.iter().enumerate() {
        let counts = WallCellHeader {
            triangle_walls: count(walls.len(), i, RecordKind::TriangleWalls)?,
        };
        cursor.put(raw::WallCellHeader::from(&counts).as_bytes())?;
        for wall in *walls {
            cursor.put(raw::TriangleWall::from(wall).as_bytes())?;
        }
    }
    Ok(cursor.written())
}

#[cfg(test)]
mod tests {
    //! The two errors no real slice can reach on a 64-bit host (a slice of more
    //! than `i32::MAX` records of 0x38+ bytes does not fit in memory).
    extern crate std;
    use std::string::ToString;

    use super::*;

    #[test]
    fn counts_above_i32_max_are_refused() {
        let too_many = usize::try_from(i32::MAX).unwrap() + 1;
        assert_eq!(
            count(too_many, 7, RecordKind::Walls),
            Err(WriteError::Invalid(InputError::TooManyRecords {
                cell: 7,
                kind: RecordKind::Walls,
                count: too_many
            }))
        );
        assert_eq!(count(too_many - 1, 0, RecordKind::Triangles), Ok(i32::MAX));
    }

    #[test]
    fn lengths_past_usize_max_are_refused() {
        assert_eq!(grow(usize::MAX, 1, 0, 0x70), Err(WriteError::TooLarge));
        assert_eq!(grow(0, 8, usize::MAX / 2, 0x70), Err(WriteError::TooLarge));
        assert_eq!(grow(usize::MAX - 8, 8, 0, 0x70), Ok(usize::MAX));
        assert_eq!(grow(0x30, 8, 2, 0x70), Ok(0x30 + 8 + 0xE0));
    }

    #[test]
    fn errors_display() {
        let e = WriteError::Invalid(InputError::TooManyRecords {
            cell: 3,
            kind: RecordKind::TriangleWalls,
            count: 5,
        });
        assert_eq!(
            e.to_string(),
            "cell 3 has 5 triangle walls, more than an i32 count can hold"
        );
    }
}
