//! Where things are in a BCOL file: the magic, the header's length (from
//! [`raw::Header`], whose field offsets `raw.rs` asserts) and the order the
//! shape sections are stored in.

use core::mem::size_of;

use super::raw;
use crate::grit::body::ShapeKind;

/// Bytes in the header.
pub const HEADER_LEN: usize = size_of::<raw::Header>();

/// The 8 bytes every file starts with. The engine itself only looks at the
/// first four (`BCOL`); this reader wants the version and newline too.
pub const MAGIC: [u8; 8] = *b"BCOL1.0\n";

/// Shape kinds in BCOL stored order.
pub const STORED_ORDER: [ShapeKind; 6] = [
    ShapeKind::Hull,
    ShapeKind::Box,
    ShapeKind::Cylinder,
    ShapeKind::Cone,
    ShapeKind::Plane,
    ShapeKind::Sphere,
];
