//! Grit engine collision files: `TCOL` text ([`crate::guide::grit`]): the
//! engine's lexer and parser, the [`Tcol`] view and its text lists, lints, and
//! the canonical printer ([`guide::grit`](crate::guide::grit)).
//!
//! [`Tcol::parse`] validates the whole file once, as the engine's own parser
//! does, then hands out views that borrow the text (the views shared with BCOL,
//! in [`crate::grit`]):
//!
//! ```
//! use zerocol::grit::Shape;
//! use zerocol::grit::tcol::{Options, Tcol};
//!
//! let text = b"TCOL1.0\r\nattributes { mass 30; }\r\n\
//!     compound { sphere { material \"/common/PolishedWood\"; centre 0 0 .88; radius 0.16; } }\r\n\
//!     trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"Stone\"; } }";
//! let tcol = Tcol::parse(text, Options::STRICT)?;
//! assert_eq!(tcol.attributes().mass, 30.0);
//! assert_eq!(tcol.attributes().linear_damping, 0.5); // default applied
//! for shape in tcol.shapes() {
//!     if let Shape::Sphere { material, centre, radius } = shape {
//!         assert_eq!((material, centre, radius), ("/common/PolishedWood", [0.0, 0.0, 0.88], 0.16));
//!     }
//! }
//! assert!(tcol.trimesh().is_some()); // this file has one
//! if let Some(mesh) = tcol.trimesh() {
//!     assert_eq!(mesh.margin, 0.04); // a dynamic body's default
//!     for face in mesh.faces() {      // lazy: re-read from the validated text
//!         assert!(face.indices.iter().all(|&i| (i as usize) < mesh.vertex_count()));
//!     }
//! }
//! for lint in tcol.lints() {
//!     println!("warning: {lint}"); // here: a dynamic body's trimesh is ignored
//! }
//! # Ok::<(), zerocol::grit::tcol::Error>(())
//! ```
//!
//! # The engine's rules
//! The lexer ([`lexer`]) is the engine's `tcol_lexer.qx`: longest match,
//! keywords need no delimiter (`mass30`), `center`/`vertices` are synonyms,
//! NATURAL (`0|[1-9][0-9]*`) is not FLOAT (`007` is three NATURALs, `1.2.3` is
//! `1.2` `.3`), a `//` inside `/* */` swallows the `*/` on its line, and an
//! unterminated `/*` ends the file. The parser is `tcol_parser.cpp`: the
//! attributes block is required, each attribute at most once, exactly one of
//! `static` and `mass` (above 0); shapes are not separated by `;`; planes and
//! spheres take their properties in a fixed order; a static body's trimesh may
//! give `edge_distance_threshold`, a dynamic one's `margin`; every face index
//! names a vertex. Errors carry the engine's positions (1-based line and byte
//! column of the offending token).
//!
//! Margin, shrink, mass, the dampings and `edge_distance_threshold` are read by
//! the engine's `parse_positive_real`, which rejects negative values; radii,
//! dimensions, quaternions and normals are not checked by the engine and are
//! accepted here too, with [`Tcol::lints`] reporting doubtful ones.
//!
//! # Where this reader is stricter than the engine
//! Numbers are the written values, rounded once to f32 (the engine reads an
//! integer-written first vertex coordinate as 0 and wraps integers at 32 bits);
//! a number beyond f32 is an error; a face index beyond the vertex count is an
//! error even when `atoi` would wrap it into range; a NUL byte is an error at
//! its position (the engine silently stops there); material names must be
//! UTF-8. Tokens and comments may be of any length (the engine aborts past
//! 64 KiB).
//!
//! # Old dialects
//! [`Options::LENIENT`] also reads the 2009 dialect: a file without attributes
//! (read as [`Attributes::STATIC`](crate::grit::Attributes::STATIC)), hex face flags in place of a material, a
//! `margin` in a static body's trimesh. [`Tcol::tolerated`] reports each.

// # Stages (a note for developers, kept out of the API docs)
// In import order: token → error → lexer → number → view → items →
// validate → lists → lint → mesh → print → query. `token.rs` holds the token types,
// `items.rs` the list-item reader (the common vertex and face lines in one
// pass), `validate.rs` the parser ([`Tcol::parse`]), `lists.rs` the lazy lists
// that read the validated text again, `mesh.rs` the mesh-wide lints, `query.rs`
// the collision queries ([`crate::query::Query`]).
mod error;
mod items;
pub mod lexer;
mod lint;
mod lists;
mod mesh;
mod number;
mod print;
mod query;
mod token;
mod validate;
mod view;

use core::fmt;

pub use crate::wire::StorageTooSmall;
pub use error::{Error, ErrorKind, Expected};
pub use lint::{Lint, Lints, Tolerated};
pub use mesh::MeshLints;
pub use print::{InputError, Place, PrintError, Problem, WriteError, print, required_len, write};
pub use token::TokenKind;
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
