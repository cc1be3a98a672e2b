//! The validated file: [`Tcol`], its attributes, its compound and its trimesh.
//!
//! [`Tcol::parse`] keeps only where each list starts and how many items it
//! holds; the lists lex the already-validated text again as they go
//! (`tcol/lists.rs`), so a 1 MB trimesh needs no buffer.

use core::fmt;

use super::error::Error;
use super::lexer::Lexer;
use super::lint::{Lints, Tolerances, Tolerated};
use super::mesh::{MeshLints, ScratchTooSmall};
use super::{Options, Position, parse};
use crate::grit::body::Vertices;
use crate::grit::body::{Attributes, Faces, Shapes, TextFaces, TextShapes, TextVertices, Trimesh};

/// A list of items still to read from validated text: a lexer just inside its
/// `{`, and how many items follow.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ListSpan<'a> {
    pub(crate) lex: Lexer<'a>,
    pub(crate) count: usize,
}

/// Where the trimesh's parts are, found at parse time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TrimeshSpan<'a> {
    pub(crate) position: Position,
    pub(crate) margin: f32,
    pub(crate) edge_distance_threshold: f32,
    pub(crate) vertices: ListSpan<'a>,
    pub(crate) faces: ListSpan<'a>,
}

/// Where the compound's shapes are, found at parse time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CompoundSpan<'a> {
    pub(crate) shapes: ListSpan<'a>,
}

/// A validated TCOL file, borrowed from its text.
///
/// [`Tcol::parse`] read the whole file once and checked every rule, every
/// number and every face index, so the views and iterators never fail.
#[derive(Clone, Copy)]
pub struct Tcol<'a> {
    pub(crate) text: &'a [u8],
    pub(crate) attributes: Attributes,
    pub(crate) compound: Option<CompoundSpan<'a>>,
    pub(crate) trimesh: Option<TrimeshSpan<'a>>,
    pub(crate) tolerances: Tolerances,
}

/// A summary, not the text (which may be megabytes).
impl fmt::Debug for Tcol<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tcol")
            .field("text_len", &self.text.len())
            .field("attributes", &self.attributes)
            .field("compound", &self.compound.map(|c| c.shapes.count))
            .field(
                "trimesh",
                &self.trimesh.map(|t| (t.vertices.count, t.faces.count)),
            )
            .field("tolerances", &self.tolerances)
            .finish()
    }
}

impl<'a> Tcol<'a> {
    /// Validates a whole file, as the engine's parser does (docs/formats/grit.md), and
    /// also rejects what the engine gets wrong: NUL bytes, face indices beyond
    /// 32 bits, numbers beyond f32.
    pub fn parse(text: &'a [u8], options: Options) -> Result<Self, Error> {
        parse::file(text, options)
    }

    /// [`Tcol::parse`] for text already known to be UTF-8.
    pub fn parse_str(text: &'a str, options: Options) -> Result<Self, Error> {
        Self::parse(text.as_bytes(), options)
    }

    /// The whole text.
    pub const fn text(&self) -> &'a [u8] {
        self.text
    }

    /// The body's attributes, defaults applied.
    pub const fn attributes(&self) -> Attributes {
        self.attributes
    }

    /// Whether the file has a `compound` block (perhaps empty).
    pub const fn has_compound(&self) -> bool {
        self.compound.is_some()
    }

    /// How many shapes the compound holds (0 without one).
    pub const fn shape_count(&self) -> usize {
        match self.compound {
            Some(c) => c.shapes.count,
            None => 0,
        }
    }

    /// The compound's shapes, in file order.
    pub fn shapes(&self) -> Shapes<'a> {
        Shapes::Text(self.text_shapes())
    }

    pub(crate) fn text_shapes(&self) -> TextShapes<'a> {
        match self.compound {
            Some(c) => TextShapes::of(c.shapes),
            None => TextShapes::of(ListSpan {
                lex: Lexer::new(&[]),
                count: 0,
            }),
        }
    }

    /// The trimesh, if the file has one.
    pub fn trimesh(&self) -> Option<Trimesh<'a>> {
        self.trimesh.map(|t| {
            Trimesh::new(
                t.margin,
                t.edge_distance_threshold,
                Vertices::Text(TextVertices::of(t.vertices)),
                Faces::Text(TextFaces::of(t.faces, t.vertices.count)),
            )
        })
    }

    /// What [`Options::LENIENT`] accepted that the engine rejects, one lint per
    /// rule of the old dialect, where it first occurred (each kind
    /// [`is_tolerated`](crate::grit::LintKind::is_tolerated)); empty for a strict
    /// read and for every file the engine loads. [`Tcol::lints`] lists them too.
    pub const fn tolerated(&self) -> Tolerated {
        Tolerated::new(self.tolerances)
    }

    /// What the engine loads but likely does not mean, computed as iterated:
    /// first what a lenient read tolerated ([`Tcol::tolerated`]), then checks
    /// that need no storage: sizes, quaternions, normals, cylinders, a dynamic
    /// body's trimesh, faces that repeat a vertex.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(self)
    }

    /// Entries of scratch [`Tcol::mesh_lints`] needs: one per trimesh vertex and
    /// one per face.
    pub fn mesh_scratch_len(&self) -> usize {
        self.trimesh
            .map_or(0, |t| t.vertices.count.saturating_add(t.faces.count))
    }

    /// Checks of the trimesh as a whole, with caller storage (no allocation):
    /// zero-area faces, duplicate faces, unreferenced vertices.
    pub fn mesh_lints<'s>(
        &self,
        scratch: &'s mut [[u32; 4]],
    ) -> Result<MeshLints<'a, 's>, ScratchTooSmall> {
        MeshLints::new(self, scratch)
    }

    pub(crate) fn trimesh_span(&self) -> Option<TrimeshSpan<'a>> {
        self.trimesh
    }
}
