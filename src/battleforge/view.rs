//! The parsed view of a `collisionShape` payload (version byte, then counted
//! arrays of boxes, spheres and cylinders; [`guide::battleforge`](crate::guide::battleforge)) and its
//! accessors. [`CollisionShape::parse`] lives in `validate.rs`.

use super::error::ShapeKind;
use super::layout::FIXED_LEN_BYTES;
use super::raw;
use crate::wire::Table;

/// The only payload version known.
pub const VERSION: u8 = 1;

/// A validated `collisionShape` payload, borrowed from its buffer.
///
/// Its tables know where each record lies in the buffer given to the parser (for a
/// payload inside a DRS container, the file), and so do its lints.
#[derive(Clone, Copy, Debug)]
pub struct CollisionShape<'a> {
    pub(super) version: u8,
    pub(super) boxes: Table<'a, raw::BoxShape>,
    pub(super) spheres: Table<'a, raw::SphereShape>,
    pub(super) cylinders: Table<'a, raw::CylinderShape>,
}

impl<'a> CollisionShape<'a> {
    /// The version byte (always [`VERSION`] once parsed).
    pub const fn version(&self) -> u8 {
        self.version
    }

    /// The boxes as stored.
    pub const fn boxes(&self) -> Table<'a, raw::BoxShape> {
        self.boxes
    }

    /// The spheres as stored.
    pub const fn spheres(&self) -> Table<'a, raw::SphereShape> {
        self.spheres
    }

    /// The cylinders as stored.
    pub const fn cylinders(&self) -> Table<'a, raw::CylinderShape> {
        self.cylinders
    }

    /// `13 + 72 B + 64 S + 68 C`: the payload's length.
    pub fn len(&self) -> usize {
        usize::from(FIXED_LEN_BYTES)
            .saturating_add(size_of_val(self.boxes.as_slice()))
            .saturating_add(size_of_val(self.spheres.as_slice()))
            .saturating_add(size_of_val(self.cylinders.as_slice()))
    }

    /// `true` when there are no shapes at all.
    pub const fn is_empty(&self) -> bool {
        self.boxes.is_empty() && self.spheres.is_empty() && self.cylinders.is_empty()
    }
}

/// Which shape: its kind and its position in that kind's array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ShapeRef {
    /// Box, sphere or cylinder.
    pub kind: ShapeKind,
    /// Index in its array.
    pub index: u32,
}
