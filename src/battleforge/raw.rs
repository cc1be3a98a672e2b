//! On-disk records of BattleForge DRS containers and `collisionShape` payloads
//! ([`guide::battleforge`](crate::guide::battleforge)).
//!
//! Little-endian and packed: the payload's leading version byte misaligns every
//! float after it, and nodes sit back to back, so every struct is `#[repr(C)]`
//! over alignment-1 types and is read in place.
//!
//! ```
//! use zerocol::battleforge::{Drs, Options, raw};
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/collision.drs");
//! let drs = Drs::parse(bytes, Options::STRICT)?;
//! let (_, shapes) = drs.collision_shape().expect("the sample has one");
//! for sphere in shapes.spheres().iter() {
//!     let sphere: &raw::SphereShape = sphere; // 64 bytes, in place
//!     assert!(sphere.radius.get() >= 0.0);
//! }
//! assert_eq!(core::mem::size_of::<raw::SphereShape>(), 64);
//! # Ok::<(), zerocol::battleforge::Error>(())
//! ```

// Field names follow docs/formats/battleforge.md; each struct's doc gives its layout.
#![allow(missing_docs)]

use crate::wire::on_disk;
pub use crate::wire::{RawVec3, raw_vec3, vec3};
use zerocopy::byteorder::little_endian::{F32, I32, U32};

on_disk! {
    /// The 20-byte DRS header.
    pub struct DrsHeader {
        /// -981667554, the bytes `1E F1 7C C5`.
        pub magic: I32,
        /// 1 in every known file.
        pub model_count: I32,
        /// Absolute offset of the node information table.
        pub node_info_offset: I32,
        /// Absolute offset of the node hierarchy.
        pub node_hierarchy_offset: I32,
        /// Nodes, the root included.
        pub node_count: U32,
    } = 20;
}

on_disk! {
    /// One 32-byte entry of the node information table. The root entry (index 0)
    /// has the same size: 16 zero bytes, then -1, 1, count − 1, 0.
    pub struct NodeInfo {
        /// The class id (collisionShape: 0x10029E32).
        pub class_id: I32,
        pub identifier: I32,
        /// Absolute offset of the node's payload.
        pub offset: I32,
        /// Payload length in bytes.
        pub size: I32,
        pub spare: [u8; 16],
    } = 32;
}

on_disk! {
    /// A `CMatCoordinateSystem`: a 3×3 rotation, row-major, then a position.
    pub struct CoordinateSystem {
        pub rotation: [F32; 9],
        pub position: RawVec3,
    } = 48;
}

on_disk! {
    /// A box: coordinate system, then its lower and upper corners in local space.
    pub struct BoxShape {
        pub coordinate_system: CoordinateSystem,
        pub lower: RawVec3,
        pub upper: RawVec3,
    } = 72;
}

on_disk! {
    /// A sphere: coordinate system, then radius before centre.
    pub struct SphereShape {
        pub coordinate_system: CoordinateSystem,
        pub radius: F32,
        pub center: RawVec3,
    } = 64;
}

on_disk! {
    /// A cylinder: coordinate system, then centre before height and radius.
    pub struct CylinderShape {
        pub coordinate_system: CoordinateSystem,
        pub center: RawVec3,
        pub height: F32,
        pub radius: F32,
    } = 68;
}

on_disk! {
    /// The fixed 12 bytes before the root's name in the node hierarchy.
    pub struct RootEntry {
        /// 0 in every known file.
        pub identifier: I32,
        /// 0 in every known file.
        pub unknown: I32,
        /// Bytes of the name that follows (no NUL).
        pub name_length: I32,
    } = 12;
}

on_disk! {
    /// The 8 bytes before a non-root node's name in the hierarchy. The name and a
    /// zero [`I32`] ([`EntryTail`]) follow, so an entry's fixed part is 12 bytes.
    pub struct EntryHead {
        /// The node's entry in the information table (1 .. count − 1).
        pub info_index: I32,
        /// Bytes of the name that follows (no NUL).
        pub name_length: I32,
    } = 8;
}

on_disk! {
    /// The zero word after a non-root node's name in the hierarchy.
    pub struct EntryTail {
        /// 0 in every known file (not checked: nothing reads it).
        pub zero: I32,
    } = 4;
}
