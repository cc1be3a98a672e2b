//! The validated file: [`Tcol`], its attributes, its compound and its trimesh.
//!
//! Data and accessors only: [`Tcol::parse`] (`validate.rs`) builds it, [`Tcol::lints`]
//! (`lint.rs`) and [`Tcol::mesh_lints`] (`mesh.rs`) check it. The parser keeps only where each list starts and how many items it
//! holds; the lists lex the already-validated text again as they go
//! (`tcol/lists.rs`), so a 1 MB trimesh needs no buffer.

use core::fmt;

use super::Position;
use super::lexer::Lexer;
use crate::grit::body::{
    Attributes, Faces, LintKind, Shapes, TextFaces, TextShapes, TextVertices, Trimesh, Vertices,
};

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

    pub(crate) fn trimesh_span(&self) -> Option<TrimeshSpan<'a>> {
        self.trimesh
    }
}

/// The old dialect's rules a lenient read let through, in the order they are
/// reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tolerance {
    MissingAttributes,
    HexFaceMaterial,
    StaticTrimeshMargin,
}

impl Tolerance {
    pub(crate) const ALL: [Self; 3] = [
        Self::MissingAttributes,
        Self::HexFaceMaterial,
        Self::StaticTrimeshMargin,
    ];

    pub(crate) const fn kind(self, count: usize) -> LintKind {
        match self {
            Self::MissingAttributes => LintKind::MissingAttributes,
            Self::HexFaceMaterial => LintKind::HexFaceMaterial { count },
            Self::StaticTrimeshMargin => LintKind::StaticTrimeshMargin,
        }
    }
}

/// What a lenient read let through, as the parser notes it: for each rule,
/// where it first occurred and how often.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tolerances {
    pub(crate) entries: [Option<(Position, usize)>; 3],
}

impl Tolerances {
    pub(crate) fn note(&mut self, tolerance: Tolerance, position: Position) {
        if let Some(slot) = self.entries.get_mut(tolerance as usize) {
            match slot {
                Some((_, count)) => *count = count.saturating_add(1),
                None => *slot = Some((position, 1)),
            }
        }
    }
}
