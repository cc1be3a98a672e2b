//! Why an MKGP DX `COL` buffer was rejected, and where.

use core::fmt;

use crate::wire::write_truncated;

/// A malformed MKGP DX collision file: the byte offset at fault and what was
/// expected there.
pub type Error = crate::wire::Error<ErrorKind>;

/// Which of the two grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Grid {
    /// Cells of triangles and walls, right after the header.
    Primary,
    /// Cells of triangle walls, after the primary grid.
    Secondary,
}

/// A kind of record in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RecordKind {
    /// 0x70-byte ground triangles.
    Triangles,
    /// 0x40-byte walls.
    Walls,
    /// 0x38-byte triangle walls.
    TriangleWalls,
}

/// A header field that holds a grid dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Dimension {
    /// W, cells along X.
    Width,
    /// L, cells along Z.
    Length,
}

crate::wire::error_kind! {
    /// What was wrong with the bytes at [`Error::offset`].
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum ErrorKind, magic [u8; 4] {
        /// The version word is not `0x20120816`, which the game requires (accepted,
        /// and reported, by [`Options::LENIENT`](super::Options::LENIENT)).
        UnsupportedVersion {
            /// The word found.
            found: u32,
        },
        /// W or L is zero or negative.
        NonPositiveDimension {
            /// Which.
            dimension: Dimension,
            /// The value stored.
            value: i32,
        },
        /// W × L does not fit a 32-bit signed integer, as the game computes it.
        CellCountOverflow {
            /// W.
            width: i32,
            /// L.
            length: i32,
        },
        /// A cell size is zero, negative or not finite.
        BadCellSize {
            /// Which (width: X, length: Z).
            dimension: Dimension,
            /// The value stored.
            value: f32,
        },
        /// A cell's count field lies past the end of the file.
        CellPastEnd {
            /// Which grid.
            grid: Grid,
            /// The cell, in file order.
            cell: u32,
        },
        /// A count is negative.
        NegativeCount {
            /// Which grid.
            grid: Grid,
            /// The cell, in file order.
            cell: u32,
            /// What the count counts.
            records: RecordKind,
            /// The value stored.
            count: i32,
        },
        /// A cell's records run past the end of the file.
        RecordsPastEnd {
            /// Which grid.
            grid: Grid,
            /// The cell, in file order.
            cell: u32,
            /// The records.
            records: RecordKind,
            /// How many.
            count: i32,
            /// Where they would end.
            end: u64,
            /// The file's length.
            file_len: usize,
        },
        /// Bytes after the secondary grid that no structure explains (the error
        /// offset is where they start).
        TrailingBytes {
            /// How many.
            len: usize,
        },
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Primary => "primary",
            Self::Secondary => "secondary (triangle wall)",
        })
    }
}

impl fmt::Display for RecordKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Triangles => "triangles",
            Self::Walls => "walls",
            Self::TriangleWalls => "triangle walls",
        })
    }
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Width => "width (W)",
            Self::Length => "length (L)",
        })
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Truncated { needed, available } => {
                write_truncated(f, "header", needed, available)
            }
            Self::BadMagic { found } => {
                f.write_str("expected the magic \"COL\\0\", found ")?;
                crate::wire::write_magic(f, &found)
            }
            Self::UnsupportedVersion { found } => write!(
                f,
                "expected the version word 0x20120816 (bytes 16 08 12 20), found 0x{found:08x} \
                 (the game refuses this file)"
            ),
            Self::NonPositiveDimension { dimension, value } => {
                write!(
                    f,
                    "expected a grid {dimension} of at least 1, found {value}"
                )
            }
            Self::CellCountOverflow { width, length } => write!(
                f,
                "grid of {width} × {length} cells overflows a 32-bit cell count"
            ),
            Self::BadCellSize { dimension, value } => write!(
                f,
                "expected a finite, positive cell size along the {dimension}, found {value}"
            ),
            Self::CellPastEnd { grid, cell } => {
                write!(f, "file ends before cell {cell} of the {grid} grid")
            }
            Self::NegativeCount {
                grid,
                cell,
                records,
                count,
            } => write!(
                f,
                "expected a count of {records} of at least 0 in cell {cell} of the {grid} grid, found {count}"
            ),
            Self::RecordsPastEnd {
                grid,
                cell,
                records,
                count,
                end,
                file_len,
            } => write!(
                f,
                "{count} {records} of cell {cell} of the {grid} grid end at byte {end}, past the end of the {file_len}-byte file"
            ),
            Self::TrailingBytes { len } => write!(
                f,
                "expected the file to end after the secondary grid, found {len} more bytes"
            ),
        }
    }
}
