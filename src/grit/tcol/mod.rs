//! TCOL text: the engine's lexer and parser, the [`Tcol`] view and its text
//! lists, lints, and the canonical printer (docs/formats/grit.md). The public
//! items are re-exported at `zerocol::grit`.
//!
//! Stages, in import order: token → error → lexer → number → view → items →
//! validate → lists → lint → mesh → print. `token.rs` holds the token types,
//! `items.rs` the list-item reader (the common vertex and face lines in one
//! pass), `validate.rs` the parser ([`Tcol::parse`]), `lists.rs` the lazy lists
//! that read the validated text again, `mesh.rs` the mesh-wide lints.

mod error;
mod items;
pub mod lexer;
mod lint;
mod lists;
mod mesh;
mod number;
mod print;
mod token;
mod validate;
mod view;

use core::fmt;

pub use error::{Error, ErrorKind, Expected};
pub use lint::{Lint, Lints, Tolerated};
pub use mesh::{MeshLints, ScratchTooSmall};
pub use print::{Place, PrintError, Problem, Unprintable, WriteError, print, required_len, write};
pub use view::Tcol;

/// A place in TCOL text: 1-based line, 1-based column counted in bytes (a tab,
/// CR or VT is one column; only LF starts a line), and the byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Position {
    /// Line, from 1.
    pub line: u32,
    /// Column in bytes, from 1.
    pub column: u32,
    /// Byte offset, from 0.
    pub offset: usize,
}

impl Position {
    /// The first byte of the text.
    pub const START: Self = Self {
        line: 1,
        column: 1,
        offset: 0,
    };
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// How strictly to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Options {
    /// Also read the 2009 dialect the old format page shows: no attributes
    /// block, hex face flags instead of materials, a static body's trimesh
    /// margin. Reported by [`Tcol::tolerated`].
    pub accept_old_dialects: bool,
}

impl Options {
    /// What the engine accepts (and nothing it gets wrong).
    pub const STRICT: Self = Self {
        accept_old_dialects: false,
    };
    /// Also the old dialects.
    pub const LENIENT: Self = Self {
        accept_old_dialects: true,
    };
}
