//! Grit engine collision files: `TCOL` text ([`crate::guide::grit`]).
//!
//! A TCOL file describes one physical body: its attributes (static or a mass,
//! damping, sleep and CCD thresholds), then a compound of primitive shapes, a
//! triangle mesh, or both. [`Tcol::parse`] validates the whole file once, as the
//! engine's own parser does, then hands out views that borrow the text:
//!
//! ```
//! use zerocol::grit::{Options, Shape, Tcol};
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
//! # Ok::<(), zerocol::grit::Error>(())
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
//! (read as [`Attributes::STATIC`]), hex face flags in place of a material, a
//! `margin` in a static body's trimesh. [`Tcol::tolerated`] reports each.
//!
//! # Layout
//! Both encodings describe the same body and hand out the same views
//! ([`Attributes`], [`Shape`], [`Trimesh`] and their lazy lists): those live in
//! one shared module that imports neither format; TCOL's reader, lints and
//! printer are re-exported here, BCOL's are in [`bcol`].

pub mod bcol;
mod body;
mod tcol;

pub use body::{
    Attributes, BoxLike, DEFAULT_ANGULAR_DAMPING, DEFAULT_ANGULAR_SLEEP_THRESHOLD,
    DEFAULT_CCD_MOTION_THRESHOLD, DEFAULT_CCD_SWEPT_SPHERE_RADIUS, DEFAULT_EDGE_DISTANCE_THRESHOLD,
    DEFAULT_LINEAR_DAMPING, DEFAULT_LINEAR_SLEEP_THRESHOLD, DEFAULT_MARGIN, DEFAULT_SHRINK,
    DEGENERATE_SINE, Face, Faces, IDENTITY_ORIENTATION, LintKind, STATIC_TRIMESH_MARGIN, Shape,
    ShapeKind, Shapes, Size, TextFaces, TextShapes, TextVertices, Trimesh, UNIT_TOLERANCE,
    Vertices,
};
pub use tcol::lexer::{self, Keyword, TokenKind};
pub use tcol::{
    Error, ErrorKind, Expected, Lint, Lints, MeshLints, Options, Place, Position, PrintError,
    Problem, ScratchTooSmall, Tcol, Tolerated, Unprintable, WriteError, print, required_len, write,
};

/// Which kind of Grit collision file a `.gcol` (or any) buffer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Flavour {
    /// `TCOL` text: read with [`Tcol::parse`].
    Tcol,
    /// `BCOL` binary: read with [`bcol::Bcol::parse`].
    Bcol,
}

/// Which kind of Grit collision file `bytes` hold, from their first four bytes
/// alone, as the engine decides (docs/formats/grit.md): `TCOL` text or `BCOL` binary;
/// `None` for anything else. The full headers (`TCOL1.0`, `BCOL1.0\n`) are
/// checked by the parsers.
pub fn sniff(bytes: &[u8]) -> Option<Flavour> {
    match bytes.get(..4)? {
        b"TCOL" => Some(Flavour::Tcol),
        b"BCOL" => Some(Flavour::Bcol),
        _ => None,
    }
}
