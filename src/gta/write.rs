//! Writing GTA models and libraries into a caller buffer, in any version, from a
//! parsed [`Model`] or from a [`ModelRepr`] of decoded values.
//!
//! Every writer is a pair: [`required_len`] says how many bytes the output needs,
//! [`write()`] fills a buffer of at least that many. [`WriteOptions`] chooses the
//! version to write (a conversion when it differs from the source's), whether
//! to recompute the bounds, and what to do with face groups and shadow meshes;
//! [`losses`] says what a conversion drops.
//!
//! The layout is the one real files have (docs/formats/gta.md, "Writing"): the
//! sections in the order spheres, boxes, lines, vertices, faces, shadow vertices,
//! shadow faces; two zero bytes after a vertex array of odd length; face groups
//! just before the faces with their count last; offsets counted from just after
//! the FourCC, 0 for an empty section; flags 2, 8 and 16 set from the content; the
//! name NUL-padded. A model already in that layout is written back byte for byte.
//!
//! No allocation: face groups are generated in place, in the part of the output
//! buffer that receives the faces.

use core::fmt;

use zerocopy::byteorder::little_endian::{F32, I16, U16, U32};
use zerocopy::{FromBytes, IntoBytes};

use super::records::{
    Bounds, CollisionBox, Face, FaceGroup, FaceSurface, Line, Sphere, Surface, Vec3,
};
use super::{Flags, Model, Section, Version, content, raw, saturate_u32};
use crate::math::zip3;
use crate::wire::{self, Out, raw_vec3};

/// Why nothing was written: an [`InputError`] for a model the target version cannot
/// store, or one of the cases every writer shares.
pub type WriteError = wire::WriteError<InputError>;

/// A mesh of a model: the collision mesh or the COL3+ shadow mesh.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Mesh {
    /// The collision mesh (vertices and faces).
    Collision,
    /// The COL3+ shadow mesh.
    Shadow,
}

impl fmt::Display for Mesh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Collision => "",
            Self::Shadow => "shadow ",
        })
    }
}

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
    /// A face names a vertex the model does not have (a [`ModelRepr`] only: a
    /// parsed [`Model`] never does).
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
    /// A face group whose range is not `first <= last < faces` (a [`ModelRepr`]
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
    /// set [`WriteOptions::drop_shadow_mesh`] to write it without.
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
                 (drop it explicitly to convert)"
            ),
        }
    }
}

impl core::error::Error for InputError {}

/// What to do with face groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub enum FaceGroupMode {
    /// Write the source's groups (COL2+ targets; COLL has none).
    #[default]
    Keep,
    /// Generate them as the game's files have them (see [`face_group_ranges`]),
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
    /// [`InputErrorKind::ShadowMesh`] error). [`losses`] reports what was dropped.
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
/// what [`Model`] hands out, or what a tool builds.
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

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Model<'_> {}
    impl Sealed for super::ModelRepr<'_> {}
    impl<T: Sealed> Sealed for &T {}
}

/// What a writer reads a model from: a parsed [`Model`] or a [`ModelRepr`].
///
/// Each record comes out decoded, by index; `None` past the end.
pub trait Source: sealed::Sealed {
    /// The model's own version.
    fn version(&self) -> Version;
    /// The name, without NUL.
    fn name(&self) -> &[u8];
    /// SA's model id.
    fn model_id(&self) -> u16;
    /// Bounds.
    fn bounds(&self) -> Bounds;
    /// COL4's extra word (0 for other versions).
    fn col4_extra(&self) -> u32;
    /// Records in `section` (0 for triangle planes, which no writer writes).
    fn count(&self, section: Section) -> usize;
    /// Sphere `i`.
    fn sphere(&self, i: usize) -> Option<Sphere>;
    /// Box `i`.
    fn collision_box(&self, i: usize) -> Option<CollisionBox>;
    /// Line `i`.
    fn line(&self, i: usize) -> Option<Line>;
    /// Vertex `i` of `mesh`.
    fn vertex(&self, mesh: Mesh, i: usize) -> Option<Vec3>;
    /// Face `i` of `mesh`.
    fn face(&self, mesh: Mesh, i: usize) -> Option<Face>;
    /// Face group `i`.
    fn face_group(&self, i: usize) -> Option<FaceGroup>;
}

impl Source for Model<'_> {
    fn version(&self) -> Version {
        Model::version(self)
    }
    fn name(&self) -> &[u8] {
        Model::name(self)
    }
    fn model_id(&self) -> u16 {
        match Model::version(self) {
            Version::Coll => 0,
            _ => Model::model_id(self),
        }
    }
    fn bounds(&self) -> Bounds {
        Model::bounds(self)
    }
    fn col4_extra(&self) -> u32 {
        Model::col4_extra(self).unwrap_or(0)
    }
    fn count(&self, section: Section) -> usize {
        match section {
            Section::Spheres => self.spheres().len(),
            Section::Boxes => self.boxes().len(),
            Section::Lines => self.lines().len(),
            Section::Vertices => self.vertices().len(),
            Section::Faces => self.faces().len(),
            Section::FaceGroups => self.face_groups().len(),
            Section::ShadowVertices => self.shadow_vertices().len(),
            Section::ShadowFaces => self.shadow_faces().len(),
            Section::TrianglePlanes => 0,
        }
    }
    fn sphere(&self, i: usize) -> Option<Sphere> {
        self.spheres().get(i)
    }
    fn collision_box(&self, i: usize) -> Option<CollisionBox> {
        self.boxes().get(i)
    }
    fn line(&self, i: usize) -> Option<Line> {
        self.lines().get(i)
    }
    fn vertex(&self, mesh: Mesh, i: usize) -> Option<Vec3> {
        match mesh {
            Mesh::Collision => self.vertices().get(i),
            Mesh::Shadow => self.shadow_vertices().get(i),
        }
    }
    fn face(&self, mesh: Mesh, i: usize) -> Option<Face> {
        match mesh {
            Mesh::Collision => self.faces().get(i),
            Mesh::Shadow => self.shadow_faces().get(i),
        }
    }
    fn face_group(&self, i: usize) -> Option<FaceGroup> {
        self.face_groups().get(i)
    }
}

impl Source for ModelRepr<'_> {
    fn version(&self) -> Version {
        self.version
    }
    fn name(&self) -> &[u8] {
        self.name
    }
    fn model_id(&self) -> u16 {
        self.model_id
    }
    fn bounds(&self) -> Bounds {
        self.bounds
    }
    fn col4_extra(&self) -> u32 {
        self.col4_extra
    }
    fn count(&self, section: Section) -> usize {
        match section {
            Section::Spheres => self.spheres.len(),
            Section::Boxes => self.boxes.len(),
            Section::Lines => self.lines.len(),
            Section::Vertices => self.vertices.len(),
            Section::Faces => self.faces.len(),
            Section::FaceGroups => self.face_groups.len(),
            Section::ShadowVertices => self.shadow_vertices.len(),
            Section::ShadowFaces => self.shadow_faces.len(),
            Section::TrianglePlanes => 0,
        }
    }
    fn sphere(&self, i: usize) -> Option<Sphere> {
        self.spheres.get(i).copied()
    }
    fn collision_box(&self, i: usize) -> Option<CollisionBox> {
        self.boxes.get(i).copied()
    }
    fn line(&self, i: usize) -> Option<Line> {
        self.lines.get(i).copied()
    }
    fn vertex(&self, mesh: Mesh, i: usize) -> Option<Vec3> {
        match mesh {
            Mesh::Collision => self.vertices.get(i).copied(),
            Mesh::Shadow => self.shadow_vertices.get(i).copied(),
        }
    }
    fn face(&self, mesh: Mesh, i: usize) -> Option<Face> {
        match mesh {
            Mesh::Collision => self.faces.get(i).copied(),
            Mesh::Shadow => self.shadow_faces.get(i).copied(),
        }
    }
    fn face_group(&self, i: usize) -> Option<FaceGroup> {
        self.face_groups.get(i).copied()
    }
}

impl<T: Source> Source for &T {
    fn version(&self) -> Version {
        (**self).version()
    }
    fn name(&self) -> &[u8] {
        (**self).name()
    }
    fn model_id(&self) -> u16 {
        (**self).model_id()
    }
    fn bounds(&self) -> Bounds {
        (**self).bounds()
    }
    fn col4_extra(&self) -> u32 {
        (**self).col4_extra()
    }
    fn count(&self, section: Section) -> usize {
        (**self).count(section)
    }
    fn sphere(&self, i: usize) -> Option<Sphere> {
        (**self).sphere(i)
    }
    fn collision_box(&self, i: usize) -> Option<CollisionBox> {
        (**self).collision_box(i)
    }
    fn line(&self, i: usize) -> Option<Line> {
        (**self).line(i)
    }
    fn vertex(&self, mesh: Mesh, i: usize) -> Option<Vec3> {
        (**self).vertex(mesh, i)
    }
    fn face(&self, mesh: Mesh, i: usize) -> Option<Face> {
        (**self).face(mesh, i)
    }
    fn face_group(&self, i: usize) -> Option<FaceGroup> {
        (**self).face_group(i)
    }
}

/// Meshes of more than this many faces get face groups when they are generated
/// (real files have them from about 80 faces on).
pub const FACE_GROUP_MIN_FACES: usize = 80;
/// A generated group is split in two while it holds more than this many faces, so
/// groups hold 25 to 50 faces (real files: about 30).
pub const FACE_GROUP_MAX_FACES: usize = 50;

/// The ranges of the face groups generated for a mesh of `faces` faces, in order:
/// none for 80 faces or fewer; otherwise the faces are halved (the first half
/// rounded down) while a range holds more than 50. The ranges are contiguous and
/// cover every face; which faces fall in which range is decided by [`write()`],
/// which splits each range at the median of its faces' centres along the longest
/// axis of their box.
pub fn face_group_ranges(faces: usize) -> FaceGroupRanges {
    let mut ranges = FaceGroupRanges::default();
    if faces > FACE_GROUP_MIN_FACES {
        if let Ok(faces) = u32::try_from(faces) {
            // A stack of pending ranges: one per level of a tree of depth < 32.
            let _ = ranges.stack.push((0, faces));
        }
    }
    ranges
}

/// The face-group ranges of [`face_group_ranges`], and the splits that produce
/// them: a depth-first walk of the halving tree with a bounded stack, no recursion.
#[derive(Clone, Debug, Default)]
pub struct FaceGroupRanges {
    stack: heapless::Vec<(u32, u32), 40>,
}

/// A step of the halving walk: a range split in two at `mid`, or a finished group.
#[derive(Clone, Copy, Debug)]
enum Node {
    Split { start: u32, mid: u32, end: u32 },
    Group { start: u32, end: u32 },
}

impl FaceGroupRanges {
    /// The next split or group, depth first, left half first.
    fn next_node(&mut self) -> Option<Node> {
        let (start, end) = self.stack.pop()?;
        let len = end.saturating_sub(start);
        if len as usize <= FACE_GROUP_MAX_FACES {
            return Some(Node::Group { start, end });
        }
        let mid = start.saturating_add(len / 2);
        // Two pushes after one pop: the stack grows by one per level, and a
        // range of at most 2^32 faces is halved at most 32 times.
        let pushed = self.stack.push((mid, end)).is_ok() && self.stack.push((start, mid)).is_ok();
        wire::validated(pushed.then_some(()))?;
        Some(Node::Split { start, mid, end })
    }
}

impl Iterator for FaceGroupRanges {
    /// A group's faces, `start..end` (exclusive end; the stored `last` is `end - 1`).
    type Item = core::ops::Range<u32>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Node::Group { start, end } = self.next_node()? {
                return Some(start..end);
            }
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
        let entries = [
            (self.shadow_faces, "shadow faces dropped"),
            (self.face_groups, "face groups dropped"),
            (self.line_radii, "line radii dropped"),
            (
                self.face_surfaces,
                "face surface bytes (flag, brightness) dropped",
            ),
            (self.unused_vertices, "unused vertices dropped"),
            (self.rounded_vertices, "vertices rounded to 1/128"),
            (self.col4_extra, "COL4 extra words dropped"),
        ];
        let mut first = true;
        for (n, what) in entries {
            if n > 0 {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "{n} {what}")?;
                first = false;
            }
        }
        if first {
            f.write_str("nothing")?;
        }
        Ok(())
    }
}

/// Bytes [`write()`] needs for `source` under `options`.
pub fn required_len(source: &impl Source, options: &WriteOptions) -> Result<usize, WriteError> {
    Ok(Plan::new(source, options, 0)?.len)
}

/// Writes `source` under `options` into `out` (at least [`required_len`] bytes);
/// returns the bytes written.
pub fn write(
    source: &impl Source,
    options: &WriteOptions,
    out: &mut [u8],
) -> Result<usize, WriteError> {
    let plan = Plan::new(source, options, 0)?;
    let mut w = Out::new(out, plan.len)?;
    plan.write(source, &mut w)?;
    Ok(w.written())
}

/// What writing `source` under `options` loses (see [`Losses`]); an error where
/// [`write()`] would fail.
pub fn losses(source: &impl Source, options: &WriteOptions) -> Result<Losses, WriteError> {
    let plan = Plan::new(source, options, 0)?;
    Ok(plan.losses(source))
}

/// Bytes [`write_library`] needs for `models`, in order, under `options`.
pub fn library_required_len<S: Source>(
    models: impl IntoIterator<Item = S>,
    options: &WriteOptions,
) -> Result<usize, WriteError> {
    let mut total = 0usize;
    for (i, model) in models.into_iter().enumerate() {
        let plan = Plan::new(&model, options, i)?;
        total = total.checked_add(plan.len).ok_or(WriteError::TooLarge)?;
    }
    Ok(total)
}

/// Writes `models` back to back, a `.col` library, into `out` (at least
/// [`library_required_len`] bytes); returns the bytes written. Errors name the
/// model by its position.
pub fn write_library<S: Source>(
    models: impl IntoIterator<Item = S> + Clone,
    options: &WriteOptions,
    out: &mut [u8],
) -> Result<usize, WriteError> {
    let needed = library_required_len(models.clone(), options)?;
    let mut w = Out::new(out, needed)?;
    for (i, model) in models.into_iter().enumerate() {
        Plan::new(&model, options, i)?.write(&model, &mut w)?;
    }
    Ok(w.written())
}

/// What a library conversion loses, summed over its models.
pub fn library_losses<S: Source>(
    models: impl IntoIterator<Item = S>,
    options: &WriteOptions,
) -> Result<Losses, WriteError> {
    let mut total = Losses::default();
    for (i, model) in models.into_iter().enumerate() {
        total = total.combined(Plan::new(&model, options, i)?.losses(&model));
    }
    Ok(total)
}

/// A vertex coordinate in 8.7 fixed point, rounded to the nearest 1/128 with
/// halves away from zero; `None` outside -256 .. 255.99 or not finite.
pub fn to_fixed_point(value: f32) -> Option<i16> {
    // Scaling by a power of two is exact (or overflows to infinity, refused here).
    let steps = value * super::FIXED_POINT_SCALE;
    if !(steps > -32_768.5 && steps < 32_767.5) {
        return None;
    }
    // |steps| < 2^15: the cast truncates toward zero exactly, and the fraction
    // left is exact too.
    #[expect(clippy::cast_possible_truncation, reason = "in range, checked above")]
    let whole = steps as i32;
    #[expect(
        clippy::cast_precision_loss,
        reason = "|whole| < 2^15 is exact in an f32"
    )]
    let fraction = steps - whole as f32;
    let rounded = if fraction >= 0.5 {
        whole.checked_add(1)?
    } else if fraction <= -0.5 {
        whole.checked_sub(1)?
    } else {
        whole
    };
    i16::try_from(rounded).ok()
}

/// `value` as a COL2+ vertex would read back: rounded to the nearest 1/128.
fn rounded(value: Vec3) -> Option<Vec3> {
    let [x, y, z] = value;
    Some([
        super::records::fixed_point(to_fixed_point(x)?),
        super::records::fixed_point(to_fixed_point(y)?),
        super::records::fixed_point(to_fixed_point(z)?),
    ])
}

/// Everything a write decides before the first byte: the target version, what
/// each section holds, and the length. [`required_len`] and [`write()`] both start
/// here, so they cannot disagree.
#[derive(Clone, Copy, Debug)]
struct Plan {
    version: Version,
    spheres: usize,
    boxes: usize,
    lines: usize,
    /// Vertices written: COLL's stored count, or COL2+'s largest index + 1.
    vertices: usize,
    faces: usize,
    /// Face groups written (kept or generated).
    groups: usize,
    generate_groups: bool,
    shadow_vertices: usize,
    shadow_faces: usize,
    bounds: Bounds,
    recompute_bounds: bool,
    len: usize,
}

impl Plan {
    fn new(source: &impl Source, options: &WriteOptions, model: usize) -> Result<Self, WriteError> {
        let version = options.version.unwrap_or_else(|| source.version());
        let invalid = |kind| {
            WriteError::Invalid(InputError {
                model,
                name: Name::new(source.name()),
                kind,
            })
        };
        let coll = version == Version::Coll;

        let name_max = if coll { 24 } else { 22 };
        let name_len = source.name().len();
        if name_len > name_max {
            return Err(invalid(InputErrorKind::NameTooLong {
                len: name_len,
                max: name_max,
            }));
        }

        // Counts against the target's fields (COLL's are all u32).
        let limit = |section: Section, max: u32| -> Result<usize, WriteError> {
            let count = source.count(section);
            let max = if coll { u32::MAX } else { max };
            if u32::try_from(count).map_or(true, |count| count > max) {
                return Err(invalid(InputErrorKind::TooMany {
                    section,
                    count,
                    max,
                }));
            }
            Ok(count)
        };
        let spheres = limit(Section::Spheres, u16::MAX.into())?;
        let boxes = limit(Section::Boxes, u16::MAX.into())?;
        let lines = limit(Section::Lines, u8::MAX.into())?;
        let faces = limit(Section::Faces, u16::MAX.into())?;
        let mut shadow_faces = limit(Section::ShadowFaces, u32::MAX)?;
        if shadow_faces > 0 && !version.has_shadow_mesh() {
            if !options.drop_shadow_mesh {
                return Err(invalid(InputErrorKind::ShadowMesh {
                    faces: shadow_faces,
                }));
            }
            shadow_faces = 0;
        }

        let vertices = mesh_vertices(source, Mesh::Collision, faces, coll).map_err(invalid)?;
        let shadow_vertices =
            mesh_vertices(source, Mesh::Shadow, shadow_faces, false).map_err(invalid)?;

        let (groups, generate_groups) = match options.face_groups {
            _ if coll || faces == 0 => (0, false),
            FaceGroupMode::Remove => (0, false),
            FaceGroupMode::Generate => {
                // None for 80 faces or fewer: then nothing is generated, not even
                // the count word.
                let groups = face_group_ranges(faces).count();
                (groups, groups > 0)
            }
            FaceGroupMode::Keep => {
                let groups = source.count(Section::FaceGroups);
                for i in 0..groups {
                    let group = wire::validated(source.face_group(i)).unwrap_or(FaceGroup {
                        min: [0.0; 3],
                        max: [0.0; 3],
                        first: 1,
                        last: 0,
                    });
                    if group.first > group.last || usize::from(group.last) >= faces {
                        return Err(invalid(InputErrorKind::FaceGroupRange {
                            group: saturate_u32(i),
                            first: group.first,
                            last: group.last,
                            faces,
                        }));
                    }
                }
                (groups, false)
            }
        };
        if u32::try_from(groups).is_err() {
            return Err(WriteError::TooLarge);
        }

        let mut plan = Self {
            version,
            spheres,
            boxes,
            lines,
            vertices,
            faces,
            groups,
            generate_groups,
            shadow_vertices,
            shadow_faces,
            bounds: source.bounds(),
            recompute_bounds: options.recompute_bounds,
            len: 0,
        };
        if options.recompute_bounds {
            plan.bounds = plan.measure(source);
        }
        plan.len = plan.layout().end.ok_or(WriteError::TooLarge)?;
        // The size field counts the bytes after itself.
        if u32::try_from(plan.len.saturating_sub(8)).is_err() {
            return Err(WriteError::TooLarge);
        }
        Ok(plan)
    }

    fn coll(&self) -> bool {
        self.version == Version::Coll
    }

    /// The vertex of `mesh` as the target stores it.
    fn vertex(&self, source: &impl Source, mesh: Mesh, i: usize) -> Vec3 {
        let v = wire::validated(source.vertex(mesh, i)).unwrap_or([0.0; 3]);
        if self.coll() {
            v
        } else {
            wire::validated(rounded(v)).unwrap_or([0.0; 3])
        }
    }

    /// Bounds of the content as written, by the one definition of what the bounds
    /// enclose (docs/formats/gta.md, "What the bounds enclose"): the box around the
    /// spheres, boxes, lines and faces (not the shadow mesh), the centre halfway,
    /// and the radius the smallest that reaches all of them from it. All zero for
    /// an empty model. The bounds lint checks the same definition, so it never
    /// fires on what this writes.
    fn measure(&self, source: &impl Source) -> Bounds {
        content::enclosing(&Written { plan: self, source })
    }

    /// Where each section goes, model-relative.
    fn layout(&self) -> Layout {
        let mut at = Position(Some(self.version.header_len()));
        if self.coll() {
            // Each section is its u32 count, then its records; COLL has no offsets.
            for (count, stride) in [
                (self.spheres, size_of::<raw::SphereV1>()),
                (self.lines, size_of::<raw::LineV1>()),
                (self.boxes, size_of::<raw::CollisionBox>()),
                (self.vertices, size_of::<raw::VertexV1>()),
                (self.faces, size_of::<raw::FaceV1>()),
            ] {
                at.skip(4);
                at.section(count, stride);
            }
            return Layout {
                end: at.0,
                ..Layout::default()
            };
        }
        let spheres = at.section(self.spheres, size_of::<raw::SphereV2>());
        let boxes = at.section(self.boxes, size_of::<raw::CollisionBox>());
        let lines = at.section(self.lines, size_of::<raw::LineV2>());
        let vertices = at.section(self.vertices, size_of::<raw::VertexV2>());
        at.pad(self.vertices);
        if self.groups > 0 {
            at.section(self.groups, size_of::<raw::FaceGroup>());
            at.skip(4);
        }
        let faces = at.section(self.faces, size_of::<raw::FaceV2>());
        let shadow_vertices = at.section(self.shadow_vertices, size_of::<raw::VertexV2>());
        at.pad(self.shadow_vertices);
        let shadow_faces = at.section(self.shadow_faces, size_of::<raw::FaceV2>());
        Layout {
            spheres,
            boxes,
            lines,
            vertices,
            faces,
            shadow_vertices,
            shadow_faces,
            end: at.0,
        }
    }

    fn losses(&self, source: &impl Source) -> Losses {
        let coll_source = source.version() == Version::Coll;
        let mut losses = Losses {
            shadow_faces: source
                .count(Section::ShadowFaces)
                .saturating_sub(self.shadow_faces),
            face_groups: if self.generate_groups {
                0
            } else {
                source
                    .count(Section::FaceGroups)
                    .saturating_sub(self.groups)
            },
            unused_vertices: source
                .count(Section::Vertices)
                .saturating_sub(self.vertices),
            col4_extra: usize::from(self.version != Version::Col4 && source.col4_extra() != 0),
            ..Losses::default()
        };
        if self.coll() {
            losses.line_radii = (0..self.lines)
                .filter_map(|i| source.line(i)?.radii)
                .filter(|r| *r != [0.0; 2])
                .count();
        } else if coll_source {
            losses.face_surfaces = (0..self.faces)
                .filter_map(|i| source.face(Mesh::Collision, i))
                .filter(|f| matches!(f.surface, FaceSurface::Full(s) if s.flag != 0 || s.brightness != 0))
                .count();
            losses.rounded_vertices = (0..self.vertices)
                .filter(|&i| {
                    source
                        .vertex(Mesh::Collision, i)
                        .is_some_and(|v| rounded(v) != Some(v))
                })
                .count();
        }
        losses
    }

    /// Writes the model; `w` has room for `self.len` bytes.
    fn write(&self, source: &impl Source, w: &mut Out<'_>) -> Result<(), WriteError> {
        let layout = self.layout();
        let size = u32::try_from(self.len.saturating_sub(8)).map_err(|_| WriteError::TooLarge)?;
        w.put(&self.version.fourcc())?;
        w.put(&size.to_le_bytes())?;
        let mut name = [0u8; 24];
        for (slot, &b) in name.iter_mut().zip(source.name()) {
            *slot = b;
        }
        if !self.coll() {
            let [.., id_lo, id_hi] = &mut name;
            [*id_lo, *id_hi] = source.model_id().to_le_bytes();
        }
        w.put(&name)?;
        let b = &self.bounds;
        if self.coll() {
            w.put(
                raw::BoundsV1 {
                    radius: F32::new(b.radius),
                    center: raw_vec3(b.center),
                    min: raw_vec3(b.min),
                    max: raw_vec3(b.max),
                }
                .as_bytes(),
            )?;
            return self.write_coll(source, w);
        }
        w.put(
            raw::BoundsV2 {
                min: raw_vec3(b.min),
                max: raw_vec3(b.max),
                center: raw_vec3(b.center),
                radius: F32::new(b.radius),
            }
            .as_bytes(),
        )?;
        self.write_col2(source, &layout, w)
    }

    fn write_coll(&self, source: &impl Source, w: &mut Out<'_>) -> Result<(), WriteError> {
        let count = |n: usize| u32::try_from(n).map_err(|_| WriteError::TooLarge);
        w.put(&count(self.spheres)?.to_le_bytes())?;
        for i in 0..self.spheres {
            let s = wire::validated(source.sphere(i)).ok_or(WriteError::TooLarge)?;
            w.put(
                raw::SphereV1 {
                    radius: F32::new(s.radius),
                    center: raw_vec3(s.center),
                    surface: raw_surface(s.surface),
                }
                .as_bytes(),
            )?;
        }
        w.put(&count(self.lines)?.to_le_bytes())?;
        for i in 0..self.lines {
            let l = wire::validated(source.line(i)).ok_or(WriteError::TooLarge)?;
            w.put(
                raw::LineV1 {
                    start: raw_vec3(l.start),
                    end: raw_vec3(l.end),
                }
                .as_bytes(),
            )?;
        }
        w.put(&count(self.boxes)?.to_le_bytes())?;
        self.write_boxes(source, w)?;
        w.put(&count(self.vertices)?.to_le_bytes())?;
        for i in 0..self.vertices {
            let v = self.vertex(source, Mesh::Collision, i);
            w.put(
                raw::VertexV1 {
                    position: raw_vec3(v),
                }
                .as_bytes(),
            )?;
        }
        w.put(&count(self.faces)?.to_le_bytes())?;
        for i in 0..self.faces {
            let f = wire::validated(source.face(Mesh::Collision, i)).ok_or(WriteError::TooLarge)?;
            let surface = match f.surface {
                FaceSurface::Full(s) => s,
                FaceSurface::Compact { material, light } => Surface {
                    material,
                    light,
                    ..Surface::default()
                },
            };
            w.put(
                raw::FaceV1 {
                    indices: f.indices.map(U32::new),
                    surface: raw_surface(surface),
                }
                .as_bytes(),
            )?;
        }
        Ok(())
    }

    fn write_boxes(&self, source: &impl Source, w: &mut Out<'_>) -> Result<(), WriteError> {
        for i in 0..self.boxes {
            let b = wire::validated(source.collision_box(i)).ok_or(WriteError::TooLarge)?;
            w.put(
                raw::CollisionBox {
                    min: raw_vec3(b.min),
                    max: raw_vec3(b.max),
                    surface: raw_surface(b.surface),
                }
                .as_bytes(),
            )?;
        }
        Ok(())
    }

    fn write_col2(
        &self,
        source: &impl Source,
        layout: &Layout,
        w: &mut Out<'_>,
    ) -> Result<(), WriteError> {
        let small = |n: usize| u16::try_from(n).map_err(|_| WriteError::TooLarge);
        let mut flags = 0;
        if self.spheres > 0 || self.boxes > 0 || self.faces > 0 || self.shadow_faces > 0 {
            flags |= Flags::NOT_EMPTY;
        }
        if self.groups > 0 {
            flags |= Flags::FACE_GROUPS;
        }
        if self.shadow_faces > 0 {
            flags |= Flags::SHADOW_MESH;
        }
        w.put(
            raw::HeaderV2 {
                sphere_count: U16::new(small(self.spheres)?),
                box_count: U16::new(small(self.boxes)?),
                face_count: U16::new(small(self.faces)?),
                line_count: u8::try_from(self.lines).map_err(|_| WriteError::TooLarge)?,
                padding: 0,
                flags: U32::new(flags),
                sphere_offset: offset(layout.spheres)?,
                box_offset: offset(layout.boxes)?,
                line_offset: offset(layout.lines)?,
                vertex_offset: offset(layout.vertices)?,
                face_offset: offset(layout.faces)?,
                triangle_plane_offset: U32::ZERO,
            }
            .as_bytes(),
        )?;
        if self.version.has_shadow_mesh() {
            let shadow = self.shadow_faces > 0;
            w.put(
                raw::ShadowHeader {
                    face_count: U32::new(
                        u32::try_from(self.shadow_faces).map_err(|_| WriteError::TooLarge)?,
                    ),
                    vertex_offset: offset(layout.shadow_vertices.filter(|_| shadow))?,
                    face_offset: offset(layout.shadow_faces)?,
                }
                .as_bytes(),
            )?;
        }
        if self.version == Version::Col4 {
            w.put(&source.col4_extra().to_le_bytes())?;
        }
        for i in 0..self.spheres {
            let s = wire::validated(source.sphere(i)).ok_or(WriteError::TooLarge)?;
            w.put(
                raw::SphereV2 {
                    center: raw_vec3(s.center),
                    radius: F32::new(s.radius),
                    surface: raw_surface(s.surface),
                }
                .as_bytes(),
            )?;
        }
        self.write_boxes(source, w)?;
        for i in 0..self.lines {
            let l = wire::validated(source.line(i)).ok_or(WriteError::TooLarge)?;
            let [start_radius, end_radius] = l.radii.unwrap_or([0.0; 2]);
            w.put(
                raw::LineV2 {
                    start: raw_vec3(l.start),
                    start_radius: F32::new(start_radius),
                    end: raw_vec3(l.end),
                    end_radius: F32::new(end_radius),
                }
                .as_bytes(),
            )?;
        }
        self.write_fixed_vertices(source, Mesh::Collision, self.vertices, w)?;
        if self.generate_groups {
            self.write_generated_groups(source, w)?;
        } else {
            if self.groups > 0 {
                for i in 0..self.groups {
                    let g = wire::validated(source.face_group(i)).ok_or(WriteError::TooLarge)?;
                    let (min, max) = if self.bounds_recomputed() {
                        self.faces_box(
                            source,
                            usize::from(g.first)..usize::from(g.last).saturating_add(1),
                        )
                    } else {
                        (g.min, g.max)
                    };
                    w.put(
                        raw::FaceGroup {
                            min: raw_vec3(min),
                            max: raw_vec3(max),
                            first: U16::new(g.first),
                            last: U16::new(g.last),
                        }
                        .as_bytes(),
                    )?;
                }
                w.put(
                    &u32::try_from(self.groups)
                        .map_err(|_| WriteError::TooLarge)?
                        .to_le_bytes(),
                )?;
            }
            for i in 0..self.faces {
                let f =
                    wire::validated(source.face(Mesh::Collision, i)).ok_or(WriteError::TooLarge)?;
                w.put(compact_face(&f)?.as_bytes())?;
            }
        }
        self.write_fixed_vertices(source, Mesh::Shadow, self.shadow_vertices, w)?;
        for i in 0..self.shadow_faces {
            let f = wire::validated(source.face(Mesh::Shadow, i)).ok_or(WriteError::TooLarge)?;
            w.put(compact_face(&f)?.as_bytes())?;
        }
        Ok(())
    }

    fn bounds_recomputed(&self) -> bool {
        self.recompute_bounds
    }

    /// A COL2+ vertex array, then 2 zero bytes when its length is odd, so the next
    /// section is 4-aligned.
    fn write_fixed_vertices(
        &self,
        source: &impl Source,
        mesh: Mesh,
        count: usize,
        w: &mut Out<'_>,
    ) -> Result<(), WriteError> {
        for i in 0..count {
            let v = wire::validated(source.vertex(mesh, i)).unwrap_or([0.0; 3]);
            let fixed = v.map(|c| wire::validated(to_fixed_point(c)).unwrap_or(0));
            w.put(
                raw::VertexV2 {
                    position: fixed.map(I16::new),
                }
                .as_bytes(),
            )?;
        }
        if count % 2 == 1 {
            w.put(&[0; 2])?;
        }
        Ok(())
    }

    /// Generated face groups, their count, and the faces reordered to match
    /// ([`face_group_ranges`]). The output's face slots serve as scratch: each
    /// first holds the index of the source face it will receive, the slots of each
    /// range are split at the median of their faces' centres along the longest axis
    /// of the centres' box, and then each slot receives its face.
    fn write_generated_groups(
        &self,
        source: &impl Source,
        w: &mut Out<'_>,
    ) -> Result<(), WriteError> {
        let groups = w.take(self.groups.saturating_mul(size_of::<raw::FaceGroup>()))?;
        w.put(
            &u32::try_from(self.groups)
                .map_err(|_| WriteError::TooLarge)?
                .to_le_bytes(),
        )?;
        let faces = w.take(self.faces.saturating_mul(size_of::<raw::FaceV2>()))?;
        let slots = wire::validated(<[raw::FaceV2]>::mut_from_bytes(faces).ok())
            .ok_or(WriteError::TooLarge)?;
        for (i, slot) in slots.iter_mut().enumerate() {
            let index = u16::try_from(i).map_err(|_| WriteError::TooLarge)?;
            *slot = raw::FaceV2 {
                indices: [U16::new(index), U16::ZERO, U16::ZERO],
                material: 0,
                light: 0,
            };
        }
        let source_face = |slot: &raw::FaceV2| {
            let [index, ..] = slot.indices;
            usize::from(index.get())
        };
        let centre = |slot: &raw::FaceV2| self.face_centre(source, source_face(slot));

        let mut walk = face_group_ranges(self.faces);
        while let Some(node) = walk.next_node() {
            let Node::Split { start, mid, end } = node else {
                continue;
            };
            let (Ok(start), Ok(mid), Ok(end)) = (
                usize::try_from(start),
                usize::try_from(mid),
                usize::try_from(end),
            ) else {
                continue;
            };
            let Some(range) = wire::validated(slots.get_mut(start..end)) else {
                continue;
            };
            let mut bbox = Aabb::EMPTY;
            for slot in range.iter() {
                bbox.add(centre(slot));
            }
            let axis = bbox.longest_axis();
            let nth = mid.saturating_sub(start);
            if nth < range.len() {
                range.select_nth_unstable_by(nth, |a, b| {
                    component(centre(a), axis).total_cmp(&component(centre(b), axis))
                });
            }
        }

        let records = wire::validated(<[raw::FaceGroup]>::mut_from_bytes(groups).ok())
            .ok_or(WriteError::TooLarge)?;
        for (record, range) in records.iter_mut().zip(face_group_ranges(self.faces)) {
            let (Ok(start), Ok(end)) = (usize::try_from(range.start), usize::try_from(range.end))
            else {
                continue;
            };
            let members = slots.get(start..end).unwrap_or(&[]);
            let (min, max) = self.faces_box(source, members.iter().map(source_face));
            *record = raw::FaceGroup {
                min: raw_vec3(min),
                max: raw_vec3(max),
                first: U16::new(u16::try_from(range.start).map_err(|_| WriteError::TooLarge)?),
                last: U16::new(
                    u16::try_from(range.end.saturating_sub(1)).map_err(|_| WriteError::TooLarge)?,
                ),
            };
        }

        for slot in slots.iter_mut() {
            let face = wire::validated(source.face(Mesh::Collision, source_face(slot)))
                .ok_or(WriteError::TooLarge)?;
            *slot = compact_face(&face)?;
        }
        Ok(())
    }

    /// The sum of a face's three vertices as written (three times its centre).
    fn face_centre(&self, source: &impl Source, face: usize) -> Vec3 {
        let Some(face) = wire::validated(source.face(Mesh::Collision, face)) else {
            return [0.0; 3];
        };
        let [a, b, c] = face
            .indices
            .map(|i| self.vertex(source, Mesh::Collision, i as usize));
        zip3(zip3(a, b, |x, y| x + y), c, |x, y| x + y)
    }

    /// The box around the vertices of `faces`, as written; all zero for none.
    fn faces_box(&self, source: &impl Source, faces: impl Iterator<Item = usize>) -> (Vec3, Vec3) {
        content::faces_box(&Written { plan: self, source }, faces).unwrap_or(([0.0; 3], [0.0; 3]))
    }
}

/// A model as a [`Plan`] writes it: its sections' counts and its vertices in the
/// target version (COL2+ rounded to 1/128), for [`content`]'s measures.
struct Written<'p, S> {
    plan: &'p Plan,
    source: &'p S,
}

impl<S: Source> content::Content for Written<'_, S> {
    fn count(&self, section: Section) -> usize {
        match section {
            Section::Spheres => self.plan.spheres,
            Section::Boxes => self.plan.boxes,
            Section::Lines => self.plan.lines,
            Section::Faces => self.plan.faces,
            _ => 0,
        }
    }
    fn sphere(&self, i: usize) -> Option<Sphere> {
        wire::validated(self.source.sphere(i))
    }
    fn collision_box(&self, i: usize) -> Option<CollisionBox> {
        wire::validated(self.source.collision_box(i))
    }
    fn line(&self, i: usize) -> Option<Line> {
        wire::validated(self.source.line(i))
    }
    fn face(&self, i: usize) -> Option<Face> {
        wire::validated(self.source.face(Mesh::Collision, i))
    }
    fn vertex(&self, i: usize) -> Option<Vec3> {
        Some(self.plan.vertex(self.source, Mesh::Collision, i))
    }
}

/// Checks every face index of `mesh` and returns how many vertices to write: the
/// stored count for COLL, the largest index + 1 for COL2+ (whose every written
/// vertex must fit fixed point).
fn mesh_vertices(
    source: &impl Source,
    mesh: Mesh,
    faces: usize,
    coll: bool,
) -> Result<usize, InputErrorKind> {
    let available = source.count(match mesh {
        Mesh::Collision => Section::Vertices,
        Mesh::Shadow => Section::ShadowVertices,
    });
    let mut used = 0usize;
    for i in 0..faces {
        let Some(face) = source.face(mesh, i) else {
            continue;
        };
        for index in face.indices {
            let face = saturate_u32(i);
            let at = usize::try_from(index).unwrap_or(usize::MAX);
            if at >= available {
                return Err(InputErrorKind::IndexOutOfRange {
                    mesh,
                    face,
                    index,
                    vertices: available,
                });
            }
            if !coll && index > u16::MAX.into() {
                return Err(InputErrorKind::IndexTooLarge { mesh, face, index });
            }
            used = used.max(at.saturating_add(1));
        }
    }
    if coll {
        return Ok(available);
    }
    for i in 0..used {
        let Some(v) = source.vertex(mesh, i) else {
            continue;
        };
        for (axis, value) in (0u8..).zip(v) {
            if to_fixed_point(value).is_none() {
                return Err(InputErrorKind::VertexOutOfRange {
                    mesh,
                    vertex: saturate_u32(i),
                    axis,
                    value,
                });
            }
        }
    }
    Ok(used)
}

/// Where each COL2+ section of a planned model starts (model-relative; `None` for
/// an empty section, and for every COLL section), and where the model ends (`None`
/// past `usize::MAX`).
#[derive(Clone, Copy, Debug, Default)]
struct Layout {
    spheres: Option<usize>,
    boxes: Option<usize>,
    lines: Option<usize>,
    vertices: Option<usize>,
    faces: Option<usize>,
    shadow_vertices: Option<usize>,
    shadow_faces: Option<usize>,
    end: Option<usize>,
}

/// A position in a model being laid out; `None` once past `usize::MAX`.
#[derive(Clone, Copy, Debug)]
struct Position(Option<usize>);

impl Position {
    fn skip(&mut self, n: usize) {
        self.0 = self.0.and_then(|at| at.checked_add(n));
    }

    /// Moves past `count` records of `stride` bytes; where they start, if any.
    fn section(&mut self, count: usize, stride: usize) -> Option<usize> {
        let start = self.0.filter(|_| count > 0);
        match count.checked_mul(stride) {
            Some(n) => self.skip(n),
            None => self.0 = None,
        }
        start
    }

    /// The 2 zero bytes after a COL2+ vertex array of odd length.
    fn pad(&mut self, vertices: usize) {
        if vertices % 2 == 1 {
            self.skip(2);
        }
    }
}

/// A COL2+ header offset for a section at model byte `at` (offsets count from
/// just after the FourCC); 0 for an empty section.
fn offset(at: Option<usize>) -> Result<U32, WriteError> {
    let Some(at) = at else {
        return Ok(U32::ZERO);
    };
    let offset = at
        .checked_sub(super::layout::OFFSET_ORIGIN)
        .ok_or(WriteError::TooLarge)?;
    Ok(U32::new(
        u32::try_from(offset).map_err(|_| WriteError::TooLarge)?,
    ))
}

fn raw_surface(s: Surface) -> raw::Surface {
    raw::Surface {
        material: s.material,
        flag: s.flag,
        brightness: s.brightness,
        light: s.light,
    }
}

/// A face as COL2+ stores it: 16-bit indices, material and light (byte 3 of a
/// COLL surface, as SA reads it).
fn compact_face(face: &Face) -> Result<raw::FaceV2, WriteError> {
    let [a, b, c] = face.indices;
    let index = |i: u32| {
        u16::try_from(i)
            .map(U16::new)
            .map_err(|_| WriteError::TooLarge)
    };
    Ok(raw::FaceV2 {
        indices: [index(a)?, index(b)?, index(c)?],
        material: face.surface.material(),
        light: face.surface.light(),
    })
}

/// A box grown point by point.
#[derive(Clone, Copy, Debug)]
struct Aabb {
    min: Vec3,
    max: Vec3,
    any: bool,
}

impl Aabb {
    const EMPTY: Self = Self {
        min: [0.0; 3],
        max: [0.0; 3],
        any: false,
    };

    fn add(&mut self, p: Vec3) {
        if self.any {
            self.min = zip3(self.min, p, f32::min);
            self.max = zip3(self.max, p, f32::max);
        } else {
            *self = Self {
                min: p,
                max: p,
                any: true,
            };
        }
    }

    /// 0, 1 or 2: the axis along which the box is longest (the first of equals).
    fn longest_axis(&self) -> usize {
        let [x, y, z] = zip3(self.max, self.min, |hi, lo| hi - lo);
        if x >= y && x >= z {
            0
        } else if y >= z {
            1
        } else {
            2
        }
    }
}

fn component(v: Vec3, axis: usize) -> f32 {
    v.get(axis).copied().unwrap_or(0.0)
}
