//! The lazy lists of a body: a hull's or a trimesh's vertices, a trimesh's faces
//! and a compound's shapes, each decoded as it is iterated, from TCOL text or
//! from BCOL records.
//!
//! A list type here holds only where the list stands in the validated buffer and
//! how many items are left. The format that hands a list out also reads it:
//! `tcol/lists.rs` gives the text lists their `next_positioned` and
//! `bcol/lists.rs` the BCOL ones theirs, and [`list_iterator!`] turns that into
//! `Iterator`. So `body` imports neither format, and neither format the other.
//! The vertex lists are here (a hull holds one); [`Faces`](super::Faces) and
//! [`Shapes`](super::Shapes), whose items are records, are in `view.rs`.

use core::fmt;
use core::iter::FusedIterator;

use crate::wire::{self, RawVec3};

/// `Iterator` (exact-size and fused) for a list with a `remaining` count and a
/// `next_positioned` that reads the next item and where it is.
macro_rules! list_iterator {
    ($list:ident, $item:ty) => {
        impl<'a> Iterator for $list<'a> {
            type Item = $item;

            fn next(&mut self) -> Option<$item> {
                self.next_positioned().map(|(_, item)| item)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                (self.remaining, Some(self.remaining))
            }
        }

        impl ExactSizeIterator for $list<'_> {}
        impl core::iter::FusedIterator for $list<'_> {}
    };
}
pub(crate) use list_iterator;

/// Where a list of TCOL text stands: the lexer's place in the validated text
/// (`tcol::lexer::Lexer::resume` starts a lexer there).
#[derive(Clone, Copy)]
pub(crate) struct TextAt<'a> {
    pub(crate) text: &'a [u8],
    pub(crate) offset: usize,
    pub(crate) line: u32,
    pub(crate) line_start: usize,
}

/// The place, not the text (which may be megabytes).
impl fmt::Debug for TextAt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TextAt")
            .field("offset", &self.offset)
            .field("line", &self.line)
            .field("text_len", &self.text.len())
            .finish()
    }
}

/// Vertices read from validated TCOL text.
#[derive(Clone, Debug)]
pub struct TextVertices<'a> {
    pub(crate) at: TextAt<'a>,
    pub(crate) remaining: usize,
}

/// Faces read from validated TCOL text.
#[derive(Clone, Debug)]
pub struct TextFaces<'a> {
    pub(crate) at: TextAt<'a>,
    pub(crate) remaining: usize,
    /// Every index is below it (checked at parse time).
    pub(crate) vertex_count: usize,
    /// The last face's material: faces run in long stretches of one material,
    /// and a string equal to it needs no UTF-8 check.
    pub(crate) material: &'a str,
}

/// Shapes read from validated TCOL text.
#[derive(Clone, Debug)]
pub struct TextShapes<'a> {
    pub(crate) at: TextAt<'a>,
    pub(crate) remaining: usize,
}

/// Vertices read from a validated BCOL file.
#[derive(Clone, Debug)]
pub struct BinaryVertices<'a> {
    pub(crate) records: core::slice::Iter<'a, RawVec3>,
}

impl Iterator for BinaryVertices<'_> {
    type Item = [f32; 3];

    fn next(&mut self) -> Option<[f32; 3]> {
        self.records.next().map(wire::vec3)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.records.size_hint()
    }
}

impl ExactSizeIterator for BinaryVertices<'_> {}
impl FusedIterator for BinaryVertices<'_> {}

/// Trimesh faces read from a validated BCOL file.
#[derive(Clone)]
pub struct BinaryFaces<'a> {
    pub(crate) bytes: &'a [u8],
    /// Byte offset of the next face record.
    pub(crate) next: usize,
    pub(crate) remaining: usize,
    /// The last face's material target and string: faces run in long stretches
    /// of one material, read once for the stretch.
    pub(crate) last: Option<(u64, &'a str)>,
}

impl fmt::Debug for BinaryFaces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BinaryFaces")
            .field("next", &self.next)
            .field("remaining", &self.remaining)
            .finish()
    }
}

/// How BCOL reads a file's hull and box material offsets, as its parser decided
/// (`bcol/repair.rs`): as stored, or as Grit's converter wrote them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MaterialReading {
    /// Hull materials relative to the hull's vertex offset.
    pub(crate) grit_hulls: bool,
    /// Box materials 16 bytes per hull too far.
    pub(crate) grit_boxes: bool,
}

/// Shapes read from a validated BCOL file, in stored order.
#[derive(Clone)]
pub struct BinaryShapes<'a> {
    pub(crate) bytes: &'a [u8],
    /// The next shape's kind, as its place in stored order.
    pub(crate) kind: usize,
    /// The next shape's index among its kind.
    pub(crate) index: usize,
    pub(crate) remaining: usize,
    pub(crate) reading: MaterialReading,
}

impl fmt::Debug for BinaryShapes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BinaryShapes")
            .field("remaining", &self.remaining)
            .finish()
    }
}

/// An enum of a text list and a binary one: `Iterator` by whichever it holds,
/// and, where the items compare, equal when the items still to come are.
macro_rules! either_list {
    ($(#[$meta:meta])* $name:ident($text:ident, $binary:ident) -> $item:ty) => {
        $(#[$meta])*
        #[derive(Clone, Debug)]
        #[non_exhaustive]
        pub enum $name<'a> {
            /// From TCOL text.
            Text($text<'a>),
            /// From a BCOL file.
            Binary($binary<'a>),
        }

        impl<'a> Iterator for $name<'a> {
            type Item = $item;

            fn next(&mut self) -> Option<$item> {
                match self {
                    Self::Text(list) => list.next(),
                    Self::Binary(list) => list.next(),
                }
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                match self {
                    Self::Text(list) => list.size_hint(),
                    Self::Binary(list) => list.size_hint(),
                }
            }
        }

        impl ExactSizeIterator for $name<'_> {}
        impl FusedIterator for $name<'_> {}
    };
}

pub(crate) use either_list;

either_list! {
    /// Vertices, decoded as they are iterated, for hulls and trimeshes alike.
    Vertices(TextVertices, BinaryVertices) -> [f32; 3]
}

/// Equal when the vertices still to come are equal.
impl PartialEq for Vertices<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.clone().eq(other.clone())
    }
}
