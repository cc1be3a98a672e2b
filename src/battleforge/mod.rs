//! BattleForge (2009) DRS model containers and their `collisionShape` node: the
//! boxes, spheres and cylinders the game uses for cheap hit tests, selection and
//! placement ([`crate::guide::battleforge`]).
//!
//! ```
//! use zerocol::battleforge::{Drs, Options};
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/collision.drs");
//! let drs = Drs::parse(bytes, Options::STRICT)?;   // container, then the collisionShape node
//! let Some((node, shapes)) = drs.collision_shape() else {
//!     return Ok(());                                // a DRS without a collision shape
//! };
//! assert_eq!(node.name(), b"collisionShape");
//! for sphere in shapes.spheres() {
//!     let s = sphere.decode();
//!     let _world = s.world_center();
//! }
//! let _hit = shapes.contains([0.0, 1.0, 0.0]);     // spheres, then boxes, then cylinders
//! for lint in shapes.lints() {                      // offsets are file offsets
//!     let _ = (lint.offset, lint.shape, lint.kind);
//! }
//! for other in drs.nodes() {                       // every node's raw payload
//!     let _ = (other.name(), other.class_id(), other.payload());
//! }
//! # Ok::<(), zerocol::battleforge::Error>(())
//! ```
//!
//! # What is checked
//! [`Drs::parse`] checks the container: the magic, a node count of at least 1,
//! non-negative offsets, sizes and name lengths, the information table, every
//! hierarchy entry and name, every info index (1 .. count − 1) and every payload
//! inside the file. A name length of 2^31 − 1 is a number compared with what is
//! left, never an allocation. Then, when a node is named `collisionShape`, its
//! class id both ways (the named node has the class id, and the first node with
//! the class id has the name) and its payload: version 1, and the exact size
//! invariant `13 + 72 × boxes + 64 × spheres + 68 × cylinders == node size`,
//! computed without overflow. A file without such a node parses, and
//! [`Drs::collision_shape`] is `None`. Rotations, dimensions and corner order are
//! reported by [`CollisionShape::lints`], never rejected.
//!
//! Geometry is Y-up; see [`Transform`] for the matrix convention.

// # Stages (a note for developers, kept out of the API docs)
// The files import in one direction, in this order (each file only from those
// before it): `raw` (on-disk structs) → `layout` (offsets and sizes, asserted
// against `raw`) → `records` (decoded values: `decode` and
// its encoding side by side) → `error` → `view` ([`CollisionShape`] and its
// accessors) → `geometry` (transforms, boxes and point tests computed from the
// records and the view) → `validate` ([`CollisionShape::parse`]) → `drs` (the
// container, [`Drs::parse`]) → `lint` ([`CollisionShape::lints`]) → `write` → `query` (segment casts and
// sphere overlaps, [`crate::query::Query`]).
mod drs;
mod error;
mod geometry;
mod layout;
mod lint;
mod query;
pub mod raw;
mod records;
mod validate;
mod view;
mod write;

pub use drs::{COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, Drs, DrsParts, MAGIC, Node, Nodes};
pub use error::{Error, ErrorKind, Field, ShapeKind};
pub use geometry::{Aabb, OrientedBox};
pub use layout::FIXED_LEN;
pub use lint::{Lint, LintKind, Lints, LintsPosition, Measure, ORTHONORMAL_TOLERANCE};
pub use records::{Axis, BoxShape, CylinderShape, SphereShape, Transform};
pub use view::{CollisionShape, ShapeRef, VERSION};
pub use write::{NodeSpec, WriteError, payload_required_len, required_len, write, write_payload};

/// How strictly to read.
///
/// Both modes are the same: nothing this format rejects still reads one way only.
/// The one candidate, payload bytes after the counted arrays, is how a variant
/// layout shows ([`guide::battleforge`](crate::guide::battleforge): "some files have a different
/// layout"), and reading past it as padding would misread such a file silently.
/// So [`Options::LENIENT`] accepts exactly what [`Options::STRICT`] accepts, and no
/// lint is ever [tolerated](LintKind::is_tolerated).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Options {}

impl Options {
    /// Every rule of [`guide::battleforge`](crate::guide::battleforge) enforced.
    pub const STRICT: Self = Self {};
    /// The same as [`Options::STRICT`]: this format has no lenient rules.
    pub const LENIENT: Self = Self::STRICT;
}
