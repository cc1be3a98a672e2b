//! On-disk records of Mario Kart Arcade GP DX `COL` files ([`guide::mkgp`](crate::guide::mkgp)).
//!
//! All little-endian, none aligned: every struct is `#[repr(C)]` over alignment-1
//! field types and is read in place. Sizes are asserted against the format.
//!
//! ```
//! use zerocol::mkgp::{Course, Options, raw};
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/course.col");
//! let course = Course::parse(bytes, Options::STRICT)?;
//! let header: &raw::Header = course.header(); // the file's first 0x30 bytes, in place
//! assert_eq!(&header.magic, b"COL\0");
//! assert_eq!(header.width.get(), i32::try_from(course.grid().width).unwrap());
//! for cell in course.cells() {
//!     let triangles: &[raw::Triangle] = cell.triangles();
//!     assert!(triangles.len() <= usize::try_from(i32::MAX).unwrap());
//! }
//! # Ok::<(), zerocol::mkgp::Error>(())
//! ```

// Field names follow docs/formats/mkgp.md; each struct's doc gives its layout.
#![allow(missing_docs)]

use crate::wire::on_disk;
pub use crate::wire::{RawVec3, raw_vec3, vec3};
use zerocopy::byteorder::little_endian::{F32, I32, U32};

/// Two little-endian floats on the ground plane, `x, z`.
pub type RawXz = [F32; 2];

/// Reads a [`RawXz`].
#[inline]
pub fn xz(v: &RawXz) -> [f32; 2] {
    let [x, z] = v;
    [x.get(), z.get()]
}

/// Writes a [`RawXz`].
#[inline]
pub fn raw_xz(v: [f32; 2]) -> RawXz {
    v.map(F32::new)
}

on_disk! {
    /// The 0x30-byte file header.
    pub struct Header {
        /// `COL\0`.
        pub magic: [u8; 4],
        /// Bytes `16 08 12 20`: the game refuses a file without them.
        pub version: U32,
        /// Cells along X (W).
        pub width: I32,
        /// Cells along Z (L).
        pub length: I32,
        /// Cell size along X, then along Z (the seed calls the second "Y").
        pub cell_size: RawXz,
        /// AABB minimum, XZ.
        pub min: RawXz,
        /// AABB maximum, XZ.
        pub max: RawXz,
        /// The AABB minimum negated; redundant, its use is unknown.
        pub neg_min: RawXz,
    } = 0x30;
}

on_disk! {
    /// Header of a primary-grid cell: T triangles then C walls follow.
    pub struct CellHeader {
        pub triangles: I32,
        pub walls: I32,
    } = 8;
}

on_disk! {
    /// A ground triangle (0x70 bytes). Triangles spanning several cells are
    /// stored once per cell.
    pub struct Triangle {
        /// XZ bounds of the triangle (0x00, 0x08).
        pub min: RawXz,
        pub max: RawXz,
        /// The three vertices (0x10).
        pub vertices: [RawVec3; 3],
        /// The three edge directions (0x34): unit vectors from vertex i to vertex i + 1
        /// (a hypothesis; the builder decides it in `build::edge_direction`).
        pub edges: [RawVec3; 3],
        /// Bit i set: edge i (vertex i to vertex i + 1) has a neighbour (0x58).
        pub neighbours: U32,
        /// Surface flags (0x5C); see [`super::SurfaceFlags`].
        pub flags: U32,
        /// Unit normal (0x60).
        pub normal: RawVec3,
        /// `-dot(centroid, normal)` (0x6C), so the plane is `dot(normal, p) + d = 0`.
        pub d: F32,
    } = 0x70;
}

on_disk! {
    /// A wall (0x40 bytes): four `vec3 + pad` rows, generated from triangle edges
    /// without a neighbour. Position 2 is at 0x30 (the seed's "0x20 twice" is a typo).
    pub struct Wall {
        pub min: RawVec3,
        pub min_pad: F32,
        pub max: RawVec3,
        pub max_pad: F32,
        pub p1: RawVec3,
        pub p1_pad: F32,
        pub p2: RawVec3,
        pub p2_pad: F32,
    } = 0x40;
}

on_disk! {
    /// Header of a secondary-grid cell: U triangle walls follow.
    pub struct WallCellHeader {
        pub triangle_walls: I32,
    } = 4;
}

on_disk! {
    /// A wall shaped as a triangle (0x38 bytes), in the secondary grid.
    pub struct TriangleWall {
        /// Possibly a surface type.
        pub flag: I32,
        pub vertices: [RawVec3; 3],
        /// Four floats, zero in every known file.
        pub zero: [F32; 4],
    } = 0x38;
}
