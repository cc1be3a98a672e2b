//! Where things lie in a course file: the header's length and field offsets and
//! the cell headers' fields, each number asserted against the structs of
//! [`raw`](super::raw).

use core::mem::{offset_of, size_of};

use super::raw;

/// Bytes of the file header: where the primary grid starts.
pub(super) const HEADER_LEN: usize = 0x30;

/// Offset of a primary cell's wall count (C) inside its cell header.
pub(super) const CELL_WALLS: usize = 4;

/// Byte offsets of the header fields, blamed in errors.
pub(super) mod field {
    /// The version word.
    pub(in super::super) const VERSION: usize = 4;
    /// W.
    pub(in super::super) const WIDTH: usize = 8;
    /// L.
    pub(in super::super) const LENGTH: usize = 12;
    /// The cell size along X.
    pub(in super::super) const CELL_SIZE_X: usize = 0x10;
    /// The cell size along Z.
    pub(in super::super) const CELL_SIZE_Z: usize = 0x14;
}

const _: () = {
    assert!(size_of::<raw::Header>() == HEADER_LEN);
    assert!(offset_of!(raw::Header, version) == field::VERSION);
    assert!(offset_of!(raw::Header, width) == field::WIDTH);
    assert!(offset_of!(raw::Header, length) == field::LENGTH);
    assert!(offset_of!(raw::Header, cell_size) == field::CELL_SIZE_X);
    let cell_size_z = offset_of!(raw::Header, cell_size).saturating_add(size_of::<f32>());
    assert!(cell_size_z == field::CELL_SIZE_Z);
    assert!(offset_of!(raw::CellHeader, walls) == CELL_WALLS);
};
