//! The validated file and its views: attributes, shapes in stored order, the
//! trimesh, raw sections, and what a lenient read tolerated.
//!
//! Data and accessors only. [`Bcol::parse`] checks every bound once
//! (`validate.rs`, materials in `repair.rs`); [`Bcol::lints`] is in `lint.rs`.
//! The view keeps the validated slices, and its lists (`lists.rs`) decode records as they are
//! iterated, reading each material string where it lies.

use core::fmt;

use super::error::Section;
use super::layout::HEADER_LEN;
use super::raw;
use super::records;
use crate::grit::body::{
    Attributes, BinaryFaces, BinaryShapes, BinaryVertices, Faces, MaterialReading, Shapes, Trimesh,
    Vertices,
};
use crate::wire::Table;

/// A validated file's sections (each empty, at byte 132, when its count is 0).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sections<'a> {
    pub(crate) hulls: Table<'a, raw::Hull>,
    pub(crate) boxes: Table<'a, raw::BoxLike>,
    pub(crate) cylinders: Table<'a, raw::BoxLike>,
    pub(crate) cones: Table<'a, raw::Cone>,
    pub(crate) planes: Table<'a, raw::Plane>,
    pub(crate) spheres: Table<'a, raw::Sphere>,
    pub(crate) vertices: Table<'a, raw::Vertex>,
    pub(crate) faces: Table<'a, raw::Face>,
}

impl Sections<'_> {
    /// Where the last section ends (the end of the header when all are empty).
    pub(crate) fn end(&self) -> usize {
        [
            HEADER_LEN,
            self.hulls.end(),
            self.boxes.end(),
            self.cylinders.end(),
            self.cones.end(),
            self.planes.end(),
            self.spheres.end(),
            self.vertices.end(),
            self.faces.end(),
        ]
        .into_iter()
        .max()
        .unwrap_or(HEADER_LEN)
    }
}

/// A validated BCOL file, borrowed from its bytes.
///
/// [`Bcol::parse`] checked every section, hull vertex range, face index and
/// material string, so the views and iterators never fail.
#[derive(Clone, Copy)]
pub struct Bcol<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) header: &'a raw::Header,
    pub(crate) sections: Sections<'a>,
    pub(crate) table_start: usize,
    pub(crate) reading: MaterialReading,
    /// Hulls', then boxes' (what [`Bcol::tolerated`] lists).
    pub(crate) repairs: [Option<Repair>; 2],
}

/// A summary, not the bytes.
impl fmt::Debug for Bcol<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bcol")
            .field("len", &self.bytes.len())
            .field("attributes", &self.attributes())
            .field("shapes", &self.shape_counts())
            .field(
                "trimesh",
                &(self.sections.vertices.len(), self.sections.faces.len()),
            )
            .field("table_start", &self.table_start)
            .field("repairs", &self.repairs)
            .finish()
    }
}

impl<'a> Bcol<'a> {
    /// The whole file.
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The header as stored.
    pub const fn header(&self) -> &'a raw::Header {
        self.header
    }

    /// The body's attributes: static when the mass is 0 (as the engine
    /// decides; the mass is then given as +0), the inertia when
    /// `inertia_provided` is not 0.
    pub fn attributes(&self) -> Attributes {
        records::decode_attributes(self.header)
    }

    /// How many shapes the compound holds (every kind together).
    pub fn shape_count(&self) -> usize {
        self.shape_counts()
            .iter()
            .fold(0usize, |a, &n| a.saturating_add(n))
    }

    /// Hulls, boxes, cylinders, cones, planes and spheres, in section order.
    fn shape_counts(&self) -> [usize; 6] {
        [
            self.sections.hulls.len(),
            self.sections.boxes.len(),
            self.sections.cylinders.len(),
            self.sections.cones.len(),
            self.sections.planes.len(),
            self.sections.spheres.len(),
        ]
    }

    /// The compound's shapes in stored order: hulls, boxes, cylinders, cones,
    /// planes, spheres. Hulls have no shrink in BCOL ([`DEFAULT_SHRINK`](crate::grit::DEFAULT_SHRINK)).
    pub fn shapes(&self) -> Shapes<'a> {
        Shapes::Binary(self.binary_shapes())
    }

    pub(crate) fn binary_shapes(&self) -> BinaryShapes<'a> {
        BinaryShapes {
            bytes: self.bytes,
            kind: 0,
            index: 0,
            remaining: self.shape_count(),
            reading: self.reading,
        }
    }

    /// The trimesh, present when the face count is not 0: the engine builds
    /// one only then, and its own BCOL-to-TCOL printer prints one only then.
    /// Vertices without faces stay reachable through
    /// [`Bcol::trimesh_vertices`] and are reported by [`Bcol::lints`].
    pub fn trimesh(&self) -> Option<Trimesh<'a>> {
        (!self.sections.faces.is_empty()).then(|| {
            Trimesh::new(
                self.header.trimesh_margin.get(),
                self.header.edge_distance_threshold.get(),
                Vertices::Binary(BinaryVertices::of(self.sections.vertices.as_slice())),
                Faces::Binary(self.binary_faces()),
            )
        })
    }

    /// The hull records (an empty table at byte 132 when there are none, as
    /// for every section).
    pub const fn hulls(&self) -> Table<'a, raw::Hull> {
        self.sections.hulls
    }

    /// The box records.
    pub const fn boxes(&self) -> Table<'a, raw::BoxLike> {
        self.sections.boxes
    }

    /// The cylinder records.
    pub const fn cylinders(&self) -> Table<'a, raw::BoxLike> {
        self.sections.cylinders
    }

    /// The cone records.
    pub const fn cones(&self) -> Table<'a, raw::Cone> {
        self.sections.cones
    }

    /// The plane records.
    pub const fn planes(&self) -> Table<'a, raw::Plane> {
        self.sections.planes
    }

    /// The sphere records.
    pub const fn spheres(&self) -> Table<'a, raw::Sphere> {
        self.sections.spheres
    }

    /// The trimesh vertex records (present even when there are no faces).
    pub const fn trimesh_vertices(&self) -> Table<'a, raw::Vertex> {
        self.sections.vertices
    }

    /// The trimesh face records.
    pub const fn trimesh_faces(&self) -> Table<'a, raw::Face> {
        self.sections.faces
    }

    /// Byte offset of a non-empty section's first record (for an empty one:
    /// 132, the end of the header, whatever its stored offset).
    pub const fn section_offset(&self, section: Section) -> usize {
        match section {
            Section::Hulls => self.sections.hulls.start(),
            Section::Boxes => self.sections.boxes.start(),
            Section::Cylinders => self.sections.cylinders.start(),
            Section::Cones => self.sections.cones.start(),
            Section::Planes => self.sections.planes.start(),
            Section::Spheres => self.sections.spheres.start(),
            Section::Capsules => HEADER_LEN,
            Section::Vertices => self.sections.vertices.start(),
            Section::Faces => self.sections.faces.start(),
        }
    }

    /// Byte offset of the string table: the end of the last section.
    pub const fn string_table_offset(&self) -> usize {
        self.table_start
    }

    /// The string table: every byte after the last section.
    pub fn string_table(&self) -> &'a [u8] {
        self.bytes.get(self.table_start..).unwrap_or_default()
    }

    pub(crate) const fn binary_faces(&self) -> BinaryFaces<'a> {
        BinaryFaces {
            bytes: self.bytes,
            next: self.sections.faces.start(),
            remaining: self.sections.faces.len(),
            last: None,
        }
    }
}

/// Material offsets a lenient read took the way Grit's converter wrote
/// them, for one section: reported as a tolerated lint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Repair {
    /// [`Section::Hulls`] or [`Section::Boxes`].
    pub(crate) section: Section,
    /// How many material offsets were read differently from how they are stored.
    pub(crate) count: usize,
    /// Byte offset of the first such material field.
    pub(crate) first: usize,
}
