//! Decoded values of the DRS container's records (header, information entries,
//! hierarchy entries) and of the `collisionShape` records, each `decode` (raw → value)
//! beside its encoding `From<&T> for raw::T`.

use core::fmt;

use zerocopy::byteorder::little_endian::{I32, U32};

use super::raw;

/// A shape's local axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Axis {
    /// Local X.
    X,
    /// Local Y (up).
    Y,
    /// Local Z.
    Z,
}

impl Axis {
    /// X, Y and Z, in the order a `[f32; 3]` stores them.
    pub const ALL: [Self; 3] = [Self::X, Self::Y, Self::Z];

    /// Its position in a `[f32; 3]`: 0, 1 or 2.
    pub const fn index(self) -> usize {
        match self {
            Self::X => 0,
            Self::Y => 1,
            Self::Z => 2,
        }
    }

    /// The component of `v` along this axis.
    pub const fn of(self, v: [f32; 3]) -> f32 {
        let [x, y, z] = v;
        match self {
            Self::X => x,
            Self::Y => y,
            Self::Z => z,
        }
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::X => "X",
            Self::Y => "Y",
            Self::Z => "Z",
        })
    }
}

/// A rotation and a position: local to world, `world = R · local + position`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Transform {
    /// `R`, row by row, as stored.
    pub rotation: [[f32; 3]; 3],
    /// The local origin in the world.
    pub position: [f32; 3],
}

/// A box: a transform and two corners in local space.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BoxShape {
    /// Local to world.
    pub transform: Transform,
    /// The "lower left" corner as stored (importers sort corners, so it may be
    /// above `upper` on an axis).
    pub lower: [f32; 3],
    /// The opposite corner.
    pub upper: [f32; 3],
}

/// A sphere.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SphereShape {
    /// Local to world (the rotation is irrelevant to a sphere).
    pub transform: Transform,
    /// Radius.
    pub radius: f32,
    /// As stored; writers copy the position here ([`guide::battleforge`](crate::guide::battleforge)), so the sphere
    /// sits at the transform's position and this field is reported, not used.
    pub center: [f32; 3],
}

/// A cylinder: its base at the transform's position, extending `height` along
/// local +Y ([`guide::battleforge`](crate::guide::battleforge): Y-up).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CylinderShape {
    /// Local to world.
    pub transform: Transform,
    /// As stored; writers copy the position here, so it is reported, not used.
    pub center: [f32; 3],
    /// Extent along local +Y from the base.
    pub height: f32,
    /// Radius.
    pub radius: f32,
}

impl raw::CoordinateSystem {
    /// The transform's values.
    pub fn decode(&self) -> Transform {
        let r = self.rotation.map(|v| v.get());
        let [a, b, c, d, e, f, g, h, i] = r;
        Transform {
            rotation: [[a, b, c], [d, e, f], [g, h, i]],
            position: raw::vec3(&self.position),
        }
    }
}

impl From<&Transform> for raw::CoordinateSystem {
    fn from(t: &Transform) -> Self {
        let [[a, b, c], [d, e, f], [g, h, i]] = t.rotation;
        Self {
            rotation: [a, b, c, d, e, f, g, h, i].map(zerocopy::byteorder::little_endian::F32::new),
            position: raw::raw_vec3(t.position),
        }
    }
}

impl raw::BoxShape {
    /// The box's values.
    pub fn decode(&self) -> BoxShape {
        BoxShape {
            transform: self.coordinate_system.decode(),
            lower: raw::vec3(&self.lower),
            upper: raw::vec3(&self.upper),
        }
    }
}

impl From<&BoxShape> for raw::BoxShape {
    fn from(b: &BoxShape) -> Self {
        Self {
            coordinate_system: (&b.transform).into(),
            lower: raw::raw_vec3(b.lower),
            upper: raw::raw_vec3(b.upper),
        }
    }
}

impl raw::SphereShape {
    /// The sphere's values.
    pub fn decode(&self) -> SphereShape {
        SphereShape {
            transform: self.coordinate_system.decode(),
            radius: self.radius.get(),
            center: raw::vec3(&self.center),
        }
    }
}

impl From<&SphereShape> for raw::SphereShape {
    fn from(s: &SphereShape) -> Self {
        Self {
            coordinate_system: (&s.transform).into(),
            radius: zerocopy::byteorder::little_endian::F32::new(s.radius),
            center: raw::raw_vec3(s.center),
        }
    }
}

impl raw::CylinderShape {
    /// The cylinder's values.
    pub fn decode(&self) -> CylinderShape {
        CylinderShape {
            transform: self.coordinate_system.decode(),
            center: raw::vec3(&self.center),
            height: self.height.get(),
            radius: self.radius.get(),
        }
    }
}

impl From<&CylinderShape> for raw::CylinderShape {
    fn from(c: &CylinderShape) -> Self {
        Self {
            coordinate_system: (&c.transform).into(),
            center: raw::raw_vec3(c.center),
            height: zerocopy::byteorder::little_endian::F32::new(c.height),
            radius: zerocopy::byteorder::little_endian::F32::new(c.radius),
        }
    }
}

/// The DRS header's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DrsHeader {
    pub(crate) magic: i32,
    pub(crate) model_count: i32,
    pub(crate) node_info_offset: i32,
    pub(crate) node_hierarchy_offset: i32,
    pub(crate) node_count: u32,
}

impl raw::DrsHeader {
    /// The header's values.
    pub(crate) fn decode(&self) -> DrsHeader {
        DrsHeader {
            magic: self.magic.get(),
            model_count: self.model_count.get(),
            node_info_offset: self.node_info_offset.get(),
            node_hierarchy_offset: self.node_hierarchy_offset.get(),
            node_count: self.node_count.get(),
        }
    }
}

impl From<&DrsHeader> for raw::DrsHeader {
    fn from(h: &DrsHeader) -> Self {
        Self {
            magic: I32::new(h.magic),
            model_count: I32::new(h.model_count),
            node_info_offset: I32::new(h.node_info_offset),
            node_hierarchy_offset: I32::new(h.node_hierarchy_offset),
            node_count: U32::new(h.node_count),
        }
    }
}

/// A node information entry's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeInfo {
    pub(crate) class_id: i32,
    pub(crate) identifier: i32,
    pub(crate) offset: i32,
    pub(crate) size: i32,
    pub(crate) spare: [u8; 16],
}

impl NodeInfo {
    /// The root's entry (index 0): 16 zero bytes, then `-1, 1, count − 1, 0`.
    pub(crate) fn root(nodes: i32) -> Self {
        let mut spare = [0u8; 16];
        for (word, v) in spare.chunks_exact_mut(4).zip([-1, 1, nodes, 0]) {
            word.copy_from_slice(&i32::to_le_bytes(v));
        }
        Self {
            class_id: 0,
            identifier: 0,
            offset: 0,
            size: 0,
            spare,
        }
    }
}

impl raw::NodeInfo {
    /// The entry's values.
    pub(crate) fn decode(&self) -> NodeInfo {
        NodeInfo {
            class_id: self.class_id.get(),
            identifier: self.identifier.get(),
            offset: self.offset.get(),
            size: self.size.get(),
            spare: self.spare,
        }
    }
}

impl From<&NodeInfo> for raw::NodeInfo {
    fn from(i: &NodeInfo) -> Self {
        Self {
            class_id: I32::new(i.class_id),
            identifier: I32::new(i.identifier),
            offset: I32::new(i.offset),
            size: I32::new(i.size),
            spare: i.spare,
        }
    }
}

/// The values of the root's fixed hierarchy part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RootEntry {
    pub(crate) identifier: i32,
    pub(crate) unknown: i32,
    pub(crate) name_length: i32,
}

impl raw::RootEntry {
    /// The root entry's values.
    pub(crate) fn decode(&self) -> RootEntry {
        RootEntry {
            identifier: self.identifier.get(),
            unknown: self.unknown.get(),
            name_length: self.name_length.get(),
        }
    }
}

impl From<&RootEntry> for raw::RootEntry {
    fn from(r: &RootEntry) -> Self {
        Self {
            identifier: I32::new(r.identifier),
            unknown: I32::new(r.unknown),
            name_length: I32::new(r.name_length),
        }
    }
}

/// The values before a non-root node's name in the hierarchy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EntryHead {
    pub(crate) info_index: i32,
    pub(crate) name_length: i32,
}

impl raw::EntryHead {
    /// The entry head's values.
    pub(crate) fn decode(&self) -> EntryHead {
        EntryHead {
            info_index: self.info_index.get(),
            name_length: self.name_length.get(),
        }
    }
}

impl From<&EntryHead> for raw::EntryHead {
    fn from(e: &EntryHead) -> Self {
        Self {
            info_index: I32::new(e.info_index),
            name_length: I32::new(e.name_length),
        }
    }
}
