//! The writer's errors: [`WriteError`], and [`InputError`] for a model the target
//! version cannot store.

use core::fmt;

use super::source::Mesh;
use crate::gta::Section;
use crate::wire;

/// Why nothing was written: an [`InputError`] for a model the target version cannot
/// store, or one of the cases every writer shares.
pub type WriteError = wire::WriteError<InputError>;

/// A model's name as an error carries it: up to 24 bytes, by value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Name {
    bytes: [u8; 24],
    len: u8,
}

impl Name {
    /// The first 24 bytes of `name`.
    pub fn new(name: &[u8]) -> Self {
        let mut bytes = [0; 24];
        let mut len = 0u8;
        for (slot, &b) in bytes.iter_mut().zip(name) {
            *slot = b;
            len = len.saturating_add(1);
        }
        Self { bytes, len }
    }

    /// The name's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or(&[])
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Name {
    /// In quotes; bytes outside printable ASCII as `\xNN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for &b in self.as_bytes() {
            if b.is_ascii_graphic() || b == b' ' {
                fmt::Write::write_char(f, char::from(b))?;
            } else {
                write!(f, "\\x{b:02x}")?;
            }
        }
        f.write_str("\"")
    }
}

/// A model the target version cannot store: which model (its position in the
/// library, 0 for a single model, and its name) and what.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct InputError {
    /// The model's position in the library (0 when writing one model).
    pub model: usize,
    /// The model's name.
    pub name: Name,
    /// What it holds that the target cannot store.
    pub kind: InputErrorKind,
}

/// What a model holds that the target version cannot store.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum InputErrorKind {
    /// The name is longer than the target's name field (24 bytes for COLL, 22 for
    /// COL2+, whose last two bytes hold the model id).
    NameTooLong {
        /// Bytes in the name.
        len: usize,
        /// Bytes the target stores.
        max: usize,
    },
    /// More records than the target's count field holds (COL2+: 65,535 spheres,
    /// boxes and faces, 255 lines).
    TooMany {
        /// The section.
        section: Section,
        /// Records in the model.
        count: usize,
        /// The most the field holds.
        max: u32,
    },
    /// A vertex coordinate outside -256 .. 255.99 (or not finite), which COL2+
    /// 8.7 fixed point cannot hold.
    VertexOutOfRange {
        /// Which mesh.
        mesh: Mesh,
        /// The vertex.
        vertex: u32,
        /// The axis: 0, 1, 2 for x, y, z.
        axis: u8,
        /// The coordinate.
        value: f32,
    },
    /// A face index above 65,535, which a COL2+ face cannot hold.
    IndexTooLarge {
        /// Which mesh.
        mesh: Mesh,
        /// The face.
        face: u32,
        /// The index.
        index: u32,
    },
    /// A face names a vertex the model does not have (a [`ModelRepr`](super::ModelRepr) only: a
    /// parsed [`Model`](crate::gta::Model) never does).
    IndexOutOfRange {
        /// Which mesh.
        mesh: Mesh,
        /// The face.
        face: u32,
        /// The index.
        index: u32,
        /// Vertices in the mesh.
        vertices: usize,
    },
    /// A face group whose range is not `first <= last < faces` (a [`ModelRepr`](super::ModelRepr)
    /// only).
    FaceGroupRange {
        /// The group.
        group: u32,
        /// Its first face.
        first: u16,
        /// Its last face (inclusive).
        last: u16,
        /// Faces in the model.
        faces: usize,
    },
    /// The model has a shadow mesh and the target version (COLL, COL2) has none:
    /// set [`WriteOptions::drop_shadow_mesh`](super::WriteOptions::drop_shadow_mesh) to write it without.
    ShadowMesh {
        /// Shadow faces in the model.
        faces: usize,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "model {} {}: {}", self.model, self.name, self.kind)
    }
}

impl fmt::Display for InputErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NameTooLong { len, max } => {
                write!(f, "the name has {len} bytes, the target stores {max}")
            }
            Self::TooMany {
                section,
                count,
                max,
            } => write!(
                f,
                "{count} {section}: the target's count field holds at most {max}"
            ),
            Self::VertexOutOfRange {
                mesh,
                vertex,
                axis,
                value,
            } => {
                let axis = match axis {
                    0 => 'x',
                    1 => 'y',
                    _ => 'z',
                };
                write!(
                    f,
                    "{mesh}vertex {vertex}: {axis} = {value} lies outside -256 .. 255.99, \
                     which COL2+ fixed point cannot hold"
                )
            }
            Self::IndexTooLarge { mesh, face, index } => write!(
                f,
                "{mesh}face {face}: vertex index {index} is past 65535, which a COL2+ face cannot hold"
            ),
            Self::IndexOutOfRange {
                mesh,
                face,
                index,
                vertices,
            } => write!(
                f,
                "{mesh}face {face}: vertex index {index}, but the {mesh}mesh has {vertices} vertices"
            ),
            Self::FaceGroupRange {
                group,
                first,
                last,
                faces,
            } => write!(
                f,
                "face group {group}: faces {first}..={last}, expected first <= last < {faces}"
            ),
            Self::ShadowMesh { faces } => write!(
                f,
                "a shadow mesh of {faces} faces, which COLL and COL2 cannot hold \
                 (`WriteOptions::drop_shadow_mesh` drops it)"
            ),
        }
    }
}

impl core::error::Error for InputError {}
