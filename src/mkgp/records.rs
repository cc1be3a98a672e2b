//! Decoded MKGP DX values, each record's `decode` (raw → value) beside its
//! encoding `From<&T> for raw::T`.

use core::fmt;

use zerocopy::byteorder::little_endian::{F32, I32, U32};

use super::raw;

/// `[x, z]` on the ground plane.
pub type Xz = [f32; 2];
/// `[x, y, z]`, Y up.
pub type Vec3 = [f32; 3];

/// The version word the game requires: the bytes `16 08 12 20` read as a u32.
pub const VERSION: u32 = 0x2012_0816;
/// The magic, `COL\0`.
pub const MAGIC: [u8; 4] = *b"COL\0";

/// The grid described by the file header.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct GridHeader {
    /// The version word ([`VERSION`] in every file the game loads).
    pub version: u32,
    /// Cells along X (W), at least 1.
    pub width: u32,
    /// Cells along Z (L), at least 1.
    pub length: u32,
    /// Cell size along X and Z, finite and positive.
    pub cell_size: Xz,
    /// AABB minimum: the grid's origin.
    pub min: Xz,
    /// AABB maximum.
    pub max: Xz,
    /// The minimum negated, as stored.
    pub neg_min: Xz,
}

/// A ground triangle.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Triangle {
    /// XZ bounds, minimum.
    pub min: Xz,
    /// XZ bounds, maximum.
    pub max: Xz,
    /// The vertices.
    pub vertices: [Vec3; 3],
    /// Edge i runs from vertex i to vertex i + 1 (mod 3); the stored vectors are
    /// its direction ([`guide::mkgp`](crate::guide::mkgp) *hypothesis*; see `build::edge_direction`).
    pub edges: [Vec3; 3],
    /// Bit i: edge i is shared with another triangle (so no wall is generated).
    pub neighbours: u32,
    /// Surface type, sound variant and special effect.
    pub flags: SurfaceFlags,
    /// Unit normal.
    pub normal: Vec3,
    /// Plane offset: `dot(normal, p) + d = 0` on the plane; `d = -dot(centroid, normal)`.
    pub d: f32,
}

/// A wall: a triangle edge without a neighbour, with its bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Wall {
    /// Edge bounds, minimum.
    pub min: Vec3,
    /// Edge bounds, maximum.
    pub max: Vec3,
    /// First end of the edge.
    pub p1: Vec3,
    /// Second end of the edge.
    pub p2: Vec3,
}

/// A wall shaped as a triangle (secondary grid).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TriangleWall {
    /// Unknown; possibly a surface type.
    pub flag: i32,
    /// The vertices.
    pub vertices: [Vec3; 3],
}

/// Surface flags of a triangle: low 16 bits a one-hot surface type, bits 16–23 a
/// sound variant, bits 24–31 a special effect ([`guide::mkgp`](crate::guide::mkgp)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SurfaceFlags(pub u32);

impl SurfaceFlags {
    /// The low 16 bits: one bit set per surface type.
    pub const fn surface_bits(self) -> u16 {
        let [low, high, _, _] = self.0.to_le_bytes();
        u16::from_le_bytes([low, high])
    }

    /// Bits 16–23.
    pub const fn sound_variant(self) -> u8 {
        self.0.to_le_bytes()[2]
    }

    /// Bits 24–31.
    pub const fn special_effect(self) -> u8 {
        self.0.to_le_bytes()[3]
    }

    /// `true` when exactly one surface bit is set.
    pub const fn is_one_hot(self) -> bool {
        self.surface_bits().count_ones() == 1
    }

    /// The surface type, when exactly one known surface bit is set.
    pub const fn surface_type(self) -> Option<SurfaceType> {
        if self.is_one_hot() {
            SurfaceType::from_bit(self.surface_bits())
        } else {
            None
        }
    }
}

/// The known surface types (one bit each; 0x0002 and 0x0040 are unnamed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[allow(missing_docs)] // the names are the documentation
#[non_exhaustive]
pub enum SurfaceType {
    Default = 0x0001,
    MetalGrid = 0x0004,
    Dirt = 0x0008,
    Grass = 0x0010,
    Metal = 0x0020,
    Water = 0x0080,
    Wood = 0x0100,
    Carpet = 0x0200,
    JumpPad = 0x0400,
    Smooth = 0x0800,
    Asphalt = 0x1000,
    Glass = 0x2000,
    Sand = 0x4000,
    Cloud = 0x8000,
}

impl SurfaceType {
    /// Every named type.
    pub const ALL: [Self; 14] = [
        Self::Default,
        Self::MetalGrid,
        Self::Dirt,
        Self::Grass,
        Self::Metal,
        Self::Water,
        Self::Wood,
        Self::Carpet,
        Self::JumpPad,
        Self::Smooth,
        Self::Asphalt,
        Self::Glass,
        Self::Sand,
        Self::Cloud,
    ];

    /// The type whose bit is `bit`.
    pub const fn from_bit(bit: u16) -> Option<Self> {
        Some(match bit {
            0x0001 => Self::Default,
            0x0004 => Self::MetalGrid,
            0x0008 => Self::Dirt,
            0x0010 => Self::Grass,
            0x0020 => Self::Metal,
            0x0080 => Self::Water,
            0x0100 => Self::Wood,
            0x0200 => Self::Carpet,
            0x0400 => Self::JumpPad,
            0x0800 => Self::Smooth,
            0x1000 => Self::Asphalt,
            0x2000 => Self::Glass,
            0x4000 => Self::Sand,
            0x8000 => Self::Cloud,
            _ => return None,
        })
    }

    /// The type's bit.
    pub const fn bit(self) -> u16 {
        self as u16
    }

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Default => "default",
            Self::MetalGrid => "metal grid",
            Self::Dirt => "dirt",
            Self::Grass => "grass",
            Self::Metal => "metal",
            Self::Water => "water",
            Self::Wood => "wood",
            Self::Carpet => "carpet",
            Self::JumpPad => "jump pad",
            Self::Smooth => "smooth",
            Self::Asphalt => "asphalt",
            Self::Glass => "glass",
            Self::Sand => "sand",
            Self::Cloud => "cloud",
        }
    }
}

impl fmt::Display for SurfaceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl raw::Header {
    /// The header's values. W or L below zero decode as 0 (a parsed course's are
    /// at least 1, so [`Course::grid`](super::Course::grid) is exactly this).
    pub fn decode(&self) -> GridHeader {
        let count = |v: I32| u32::try_from(v.get()).unwrap_or(0);
        GridHeader {
            version: self.version.get(),
            width: count(self.width),
            length: count(self.length),
            cell_size: raw::xz(&self.cell_size),
            min: raw::xz(&self.min),
            max: raw::xz(&self.max),
            neg_min: raw::xz(&self.neg_min),
        }
    }
}

impl From<&GridHeader> for raw::Header {
    /// The magic, then the values as given. W or L above `i32::MAX` would not fit
    /// and are stored as `i32::MAX`; [`write()`](super::write()) refuses such a
    /// header before it gets here.
    fn from(h: &GridHeader) -> Self {
        let count = |v: u32| I32::new(i32::try_from(v).unwrap_or(i32::MAX));
        Self {
            magic: MAGIC,
            version: U32::new(h.version),
            width: count(h.width),
            length: count(h.length),
            cell_size: raw::raw_xz(h.cell_size),
            min: raw::raw_xz(h.min),
            max: raw::raw_xz(h.max),
            neg_min: raw::raw_xz(h.neg_min),
        }
    }
}

impl raw::Triangle {
    /// The triangle's values.
    pub fn decode(&self) -> Triangle {
        Triangle {
            min: raw::xz(&self.min),
            max: raw::xz(&self.max),
            vertices: self.vertices.each_ref().map(raw::vec3),
            edges: self.edges.each_ref().map(raw::vec3),
            neighbours: self.neighbours.get(),
            flags: SurfaceFlags(self.flags.get()),
            normal: raw::vec3(&self.normal),
            d: self.d.get(),
        }
    }
}

impl From<&Triangle> for raw::Triangle {
    fn from(t: &Triangle) -> Self {
        Self {
            min: raw::raw_xz(t.min),
            max: raw::raw_xz(t.max),
            vertices: t.vertices.map(raw::raw_vec3),
            edges: t.edges.map(raw::raw_vec3),
            neighbours: U32::new(t.neighbours),
            flags: U32::new(t.flags.0),
            normal: raw::raw_vec3(t.normal),
            d: F32::new(t.d),
        }
    }
}

impl raw::Wall {
    /// The wall's values (the pad floats are left out).
    pub fn decode(&self) -> Wall {
        Wall {
            min: raw::vec3(&self.min),
            max: raw::vec3(&self.max),
            p1: raw::vec3(&self.p1),
            p2: raw::vec3(&self.p2),
        }
    }
}

impl From<&Wall> for raw::Wall {
    /// Pads are written as zero, as in every known file.
    fn from(w: &Wall) -> Self {
        let zero = F32::new(0.0);
        Self {
            min: raw::raw_vec3(w.min),
            min_pad: zero,
            max: raw::raw_vec3(w.max),
            max_pad: zero,
            p1: raw::raw_vec3(w.p1),
            p1_pad: zero,
            p2: raw::raw_vec3(w.p2),
            p2_pad: zero,
        }
    }
}

impl raw::TriangleWall {
    /// The triangle wall's values (the four zero floats are left out).
    pub fn decode(&self) -> TriangleWall {
        TriangleWall {
            flag: self.flag.get(),
            vertices: self.vertices.each_ref().map(raw::vec3),
        }
    }
}

impl From<&TriangleWall> for raw::TriangleWall {
    /// The four trailing floats are written as zero, as in every known file.
    fn from(w: &TriangleWall) -> Self {
        Self {
            flag: I32::new(w.flag),
            vertices: w.vertices.map(raw::raw_vec3),
            zero: [F32::new(0.0); 4],
        }
    }
}

/// A primary-grid cell's record counts, as stored (`i32`; a negative count is an
/// error the parser reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellHeader {
    pub(crate) triangles: i32,
    pub(crate) walls: i32,
}

impl raw::CellHeader {
    /// The cell's counts.
    pub(crate) fn decode(&self) -> CellHeader {
        CellHeader {
            triangles: self.triangles.get(),
            walls: self.walls.get(),
        }
    }
}

impl From<&CellHeader> for raw::CellHeader {
    fn from(c: &CellHeader) -> Self {
        Self {
            triangles: I32::new(c.triangles),
            walls: I32::new(c.walls),
        }
    }
}

/// A secondary-grid cell's triangle-wall count, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WallCellHeader {
    pub(crate) triangle_walls: i32,
}

impl raw::WallCellHeader {
    /// The cell's count.
    pub(crate) fn decode(&self) -> WallCellHeader {
        WallCellHeader {
            triangle_walls: self.triangle_walls.get(),
        }
    }
}

impl From<&WallCellHeader> for raw::WallCellHeader {
    fn from(c: &WallCellHeader) -> Self {
        Self {
            triangle_walls: I32::new(c.triangle_walls),
        }
    }
}
