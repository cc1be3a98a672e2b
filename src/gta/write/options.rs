//! How to write ([`WriteOptions`], [`FaceGroupMode`]), a model to write from decoded
//! values ([`ModelRepr`]), and what a conversion drops ([`Losses`]).

use core::fmt;

use crate::gta::Version;
use crate::gta::records::{Bounds, CollisionBox, Face, FaceGroup, Line, Sphere, Vec3};

/// What to do with face groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub enum FaceGroupMode {
    /// Write the source's groups (COL2+ targets; COLL has none).
    #[default]
    Keep,
    /// Generate them as the game's files have them (see [`face_group_ranges`](super::face_group_ranges)),
    /// reordering the faces so each group's range is contiguous.
    Generate,
    /// Write none.
    Remove,
}

/// How to write: the version, and what to change on the way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct WriteOptions {
    /// The version to write; `None` keeps each model's own.
    pub version: Option<Version>,
    /// Recompute the bounds (min, max, centre, radius) and the boxes of kept face
    /// groups from the content, as written (vertices after rounding to 1/128).
    pub recompute_bounds: bool,
    /// Keep, generate or remove face groups.
    pub face_groups: FaceGroupMode,
    /// Write a model with a shadow mesh as COLL or COL2, without it (otherwise an
    /// [`InputErrorKind::ShadowMesh`](super::InputErrorKind::ShadowMesh) error). [`losses`](fn@super::losses) reports what was dropped.
    pub drop_shadow_mesh: bool,
}

impl WriteOptions {
    /// Each model in its own version, as it is.
    pub const AS_IS: Self = Self {
        version: None,
        recompute_bounds: false,
        face_groups: FaceGroupMode::Keep,
        drop_shadow_mesh: false,
    };

    /// Every model converted to `version`, otherwise as it is.
    pub const fn to(version: Version) -> Self {
        Self {
            version: Some(version),
            ..Self::AS_IS
        }
    }
}

/// A model to write, made of borrowed slices of decoded values (no allocation):
/// what [`Model`](crate::gta::Model) hands out, or what a tool builds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelRepr<'s> {
    /// The version (the target's, unless [`WriteOptions::version`] says otherwise).
    pub version: Version,
    /// The name, without NUL: up to 24 bytes for COLL, 22 for COL2+.
    pub name: &'s [u8],
    /// SA's model id (COL2+ bytes 30..32); COLL has none and writes zeros there.
    pub model_id: u16,
    /// Bounds.
    pub bounds: Bounds,
    /// Spheres.
    pub spheres: &'s [Sphere],
    /// Boxes.
    pub boxes: &'s [CollisionBox],
    /// Lines (COL2+ radii are written as 0 when `None`).
    pub lines: &'s [Line],
    /// Mesh vertices. COL2+ writes those up to the largest face index.
    pub vertices: &'s [Vec3],
    /// Mesh faces.
    pub faces: &'s [Face],
    /// Face groups (COL2+).
    pub face_groups: &'s [FaceGroup],
    /// Shadow-mesh vertices (COL3+).
    pub shadow_vertices: &'s [Vec3],
    /// Shadow-mesh faces (COL3+).
    pub shadow_faces: &'s [Face],
    /// COL4's extra header word.
    pub col4_extra: u32,
}

impl<'s> ModelRepr<'s> {
    /// An empty model of `version` named `name`.
    pub const fn new(version: Version, name: &'s [u8]) -> Self {
        Self {
            version,
            name,
            model_id: 0,
            bounds: Bounds {
                min: [0.0; 3],
                max: [0.0; 3],
                center: [0.0; 3],
                radius: 0.0,
            },
            spheres: &[],
            boxes: &[],
            lines: &[],
            vertices: &[],
            faces: &[],
            face_groups: &[],
            shadow_vertices: &[],
            shadow_faces: &[],
            col4_extra: 0,
        }
    }
}

/// What a conversion drops, model by model or summed over a library; all zero when
/// nothing is lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub struct Losses {
    /// Shadow faces dropped ([`WriteOptions::drop_shadow_mesh`]).
    pub shadow_faces: usize,
    /// Face groups dropped (COLL has none, or [`FaceGroupMode::Remove`]).
    pub face_groups: usize,
    /// COL2+ lines whose non-zero end radii COLL cannot store.
    pub line_radii: usize,
    /// COLL faces whose surface bytes 1 and 2 (flag, brightness) are non-zero,
    /// which a COL2+ face does not store (it keeps material and light).
    pub face_surfaces: usize,
    /// COLL vertices after the largest face index, which COL2+ cannot store (its
    /// vertex count is derived from the faces).
    pub unused_vertices: usize,
    /// Vertex coordinates moved by rounding to the nearest 1/128 (COLL to COL2+).
    pub rounded_vertices: usize,
    /// Models whose non-zero COL4 extra word was dropped.
    pub col4_extra: usize,
}

impl Losses {
    /// `true` when nothing is lost.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The sum of two reports (each count saturating).
    #[must_use]
    pub fn combined(self, other: Self) -> Self {
        Self {
            shadow_faces: self.shadow_faces.saturating_add(other.shadow_faces),
            face_groups: self.face_groups.saturating_add(other.face_groups),
            line_radii: self.line_radii.saturating_add(other.line_radii),
            face_surfaces: self.face_surfaces.saturating_add(other.face_surfaces),
            unused_vertices: self.unused_vertices.saturating_add(other.unused_vertices),
            rounded_vertices: self.rounded_vertices.saturating_add(other.rounded_vertices),
            col4_extra: self.col4_extra.saturating_add(other.col4_extra),
        }
    }
}

impl fmt::Display for Losses {
    /// The non-zero entries, comma-separated ("nothing" when empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // (count, singular, plural)
        let entries = [
            (
                self.shadow_faces,
                "shadow face dropped",
                "shadow faces dropped",
            ),
            (
                self.face_groups,
                "face group dropped",
                "face groups dropped",
            ),
            (self.line_radii, "line radius dropped", "line radii dropped"),
            (
                self.face_surfaces,
                "face surface's bytes (flag, brightness) dropped",
                "face surfaces' bytes (flag, brightness) dropped",
            ),
            (
                self.unused_vertices,
                "unused vertex dropped",
                "unused vertices dropped",
            ),
            (
                self.rounded_vertices,
                "vertex rounded to 1/128",
                "vertices rounded to 1/128",
            ),
            (
                self.col4_extra,
                "COL4 extra word dropped",
                "COL4 extra words dropped",
            ),
        ];
        let mut first = true;
        for (n, one, many) in entries {
            if n > 0 {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "{n} {}", if n == 1 { one } else { many })?;
                first = false;
            }
        }
        if first {
            f.write_str("nothing")?;
        }
        Ok(())
    }
}
