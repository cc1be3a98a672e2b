//! [`Source`]: what a writer reads a model from, a parsed [`Model`] or a
//! [`ModelRepr`], each record decoded and by index; and [`Mesh`], which of a
//! model's two meshes.

use core::fmt;

use super::options::ModelRepr;
use crate::gta::records::{Bounds, CollisionBox, Face, FaceGroup, Line, Sphere, Vec3};
use crate::gta::{Model, Section, Version};

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
