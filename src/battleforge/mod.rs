//! BattleForge (2009) DRS model containers and their `collisionShape` node: the
//! boxes, spheres and cylinders the game uses for cheap hit tests, selection and
//! placement (docs/formats/battleforge.md).
//!
//! ```
//! use zerocol::battleforge::Drs;
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/collision.drs");
//! let drs = Drs::parse(bytes)?;                    // header, tables, names, payload bounds
//! let (node, shapes) = drs.collision_shape()?;     // found by name, class id cross-checked
//! assert_eq!(node.name(), b"collisionShape");
//! for sphere in shapes.spheres() {
//!     let s = sphere.decode();
//!     let _world = s.world_center();
//! }
//! let _hit = shapes.contains([0.0, 1.0, 0.0]);     // spheres, then boxes, then cylinders
//! for other in drs.nodes() {                       // every node's raw payload
//!     let _ = (other.name(), other.class_id(), other.payload());
//! }
//! # Ok::<(), zerocol::battleforge::Error>(())
//! ```
//!
//! # What is checked
//! DRS: the magic, a node count of at least 1, non-negative offsets, sizes and
//! name lengths, the information table, every hierarchy entry and name, every
//! info index (1 .. count − 1) and every payload inside the file. A name length
//! of 2^31 − 1 is a number compared with what is left, never an allocation.
//! Payload: version 1, and the exact size invariant
//! `13 + 72 × boxes + 64 × spheres + 68 × cylinders == node size`, computed without
//! overflow. Rotations, dimensions and corner order are reported by
//! [`CollisionShape::lints`], never rejected.
//!
//! Geometry is Y-up; see [`Transform`] for the matrix convention.

mod drs;
mod error;
mod geometry;
mod lint;
pub mod raw;
mod shape;
pub mod write;

pub use drs::{COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, Drs, MAGIC, Node, Nodes};
pub use error::{Error, ErrorKind, Field, ShapeKind};
pub use geometry::{Aabb, OrientedBox, Transform};
pub use lint::{Dimension, Lint, LintKind, Lints, ORTHONORMAL_TOLERANCE};
pub use shape::{
    BoxShape, CollisionShape, CylinderShape, FIXED_LEN, ShapeRef, SphereShape, VERSION,
};
pub use write::{NodeSpec, WriteError, drs_len, payload_len, write_drs, write_payload};
