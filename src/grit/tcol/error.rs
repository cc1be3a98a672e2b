//! Why TCOL text was rejected, and where: the engine's own rules, with its
//! positions ([`guide::grit`](crate::guide::grit)).

use core::fmt;

use super::Position;
use super::token::TokenKind;
use crate::grit::body::{Keyword, ShapeKind};

/// Malformed TCOL text: where (1-based line and byte column, and byte offset) and
/// what was found there against what was expected.
///
/// The position is the start of the offending token, just past the last byte
/// when the text ended too early, and 1:1 when the text does not start with
/// `TCOL1.0`: where the engine reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Error {
    position: Position,
    kind: ErrorKind,
}

impl Error {
    pub(crate) const fn new(position: Position, kind: ErrorKind) -> Self {
        Self { position, kind }
    }

    /// Line, 1-based.
    pub const fn line(&self) -> u32 {
        self.position.line
    }

    /// Column, 1-based, in bytes (a tab is one column).
    pub const fn column(&self) -> u32 {
        self.position.column
    }

    /// Byte offset in the text.
    pub const fn offset(&self) -> usize {
        self.position.offset
    }

    /// Line, column and offset together.
    pub const fn position(&self) -> Position {
        self.position
    }

    /// What was wrong.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }
}

/// What the parser wanted where it failed: one token, or one of the sets the
/// engine's messages name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Expected {
    /// This keyword.
    Keyword(Keyword),
    /// `{`.
    LeftBrace,
    /// `}`.
    RightBrace,
    /// `;`.
    Semicolon,
    /// `;` or `}`, after an item of a list.
    SemicolonOrRightBrace,
    /// The end of the file (after a trimesh).
    EndOfFile,
    /// A quoted string (a shape's material).
    String,
    /// A quoted string, a face's material (where the old dialect has hex flags).
    FaceMaterial,
    /// A number.
    Number,
    /// A non-negative integer without sign or point (a face index).
    Natural,
    /// An attribute or `}`.
    Attribute,
    /// A shape (`hull`, `box`, `cylinder`, `cone`, `plane`, `sphere`) or `}`.
    Shape,
    /// A property of this kind of shape, or `}`.
    Property(ShapeKind),
    /// Three numbers (a vertex) or `}`.
    Vertex,
    /// A face (an integer) or `}`.
    Face,
    /// `edge_distance_threshold` or `vertexes`, at the head of a static body's
    /// trimesh.
    StaticTrimeshHead,
    /// `margin` or `vertexes`, at the head of a dynamic body's trimesh.
    DynamicTrimeshHead,
    /// `compound` or `trimesh`, after the attributes.
    Body,
    /// `trimesh` or the end of the file, after a compound.
    TrimeshOrEndOfFile,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Keyword(k) => write!(f, "`{k}`"),
            Self::LeftBrace => f.write_str("`{`"),
            Self::RightBrace => f.write_str("`}`"),
            Self::Semicolon => f.write_str("`;`"),
            Self::SemicolonOrRightBrace => f.write_str("`;` or `}`"),
            Self::EndOfFile => f.write_str("the end of the file"),
            Self::String => f.write_str("a quoted string"),
            Self::FaceMaterial => f.write_str("a quoted string (the face's material)"),
            Self::Number => f.write_str("a number"),
            Self::Natural => f.write_str("a non-negative integer"),
            Self::Attribute => f.write_str(
                "`static`, `mass`, `inertia`, `linear_damping`, `angular_damping`, \
                 `linear_sleep_threshold`, `angular_sleep_threshold`, \
                 `ccd_motion_threshold`, `ccd_swept_sphere_radius` or `}`",
            ),
            Self::Shape => {
                f.write_str("`hull`, `box`, `cylinder`, `cone`, `plane`, `sphere` or `}`")
            }
            Self::Property(shape) => {
                f.write_str(match shape {
                    ShapeKind::Hull => "`margin`, `material`, `shrink`, `vertexes`",
                    ShapeKind::Box | ShapeKind::Cylinder => {
                        "`margin`, `material`, `centre`, `orientation`, `dimensions`"
                    }
                    ShapeKind::Cone => {
                        "`margin`, `material`, `centre`, `orientation`, `radius`, `height`"
                    }
                    ShapeKind::Plane => "`material`, `normal`, `distance`",
                    ShapeKind::Sphere => "`material`, `centre`, `radius`",
                })?;
                write!(f, " or `}}` in a {shape}")
            }
            Self::Vertex => f.write_str("three numbers (a vertex) or `}`"),
            Self::Face => f.write_str("three vertex indices and a material (a face) or `}`"),
            Self::StaticTrimeshHead => f.write_str(
                "`edge_distance_threshold` or `vertexes` (a static body's trimesh has no margin)",
            ),
            Self::DynamicTrimeshHead => f.write_str(
                "`margin` or `vertexes` (a dynamic body's trimesh has no edge_distance_threshold)",
            ),
            Self::Body => f.write_str("`compound` or `trimesh`"),
            Self::TrimeshOrEndOfFile => f.write_str("`trimesh` or the end of the file"),
        }
    }
}

/// What was wrong at [`Error::position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text does not start with the 7 bytes `TCOL1.0`.
    BadHeader,
    /// A NUL byte: the engine silently stops reading at one, so the rest of the
    /// file would be lost.
    NulByte,
    /// A token the grammar does not allow here.
    Unexpected {
        /// The token found.
        found: TokenKind,
        /// What the grammar allows.
        expected: Expected,
    },
    /// A quoted string (a material name) that is not UTF-8; the position is the
    /// first byte that is not.
    InvalidUtf8,
    /// A number beyond the f32 range (the engine would store infinity).
    NumberOutOfRange,
    /// A negative value for a property the engine reads as non-negative (its
    /// "positive float": margin, shrink, mass, the dampings,
    /// edge_distance_threshold).
    Negative {
        /// The property.
        property: Keyword,
    },
    /// `mass 0` (a body that does not move is `static`).
    ZeroMass,
    /// Both `static` and `mass` (at whichever came second).
    StaticWithMass,
    /// Neither `static` nor `mass` (at the `}` closing the attributes).
    NeitherStaticNorMass,
    /// An attribute, `edge_distance_threshold` or `margin` given twice (at the
    /// second); shape properties may repeat, the last one wins.
    Duplicate {
        /// The keyword.
        property: Keyword,
    },
    /// A hull's `shrink` after its vertex list (the engine shrinks the vertices
    /// as it reads them).
    ShrinkAfterVertexes,
    /// A hull with a second vertex list.
    SecondVertexList,
    /// A shape without a property it requires (at the `}` closing it).
    MissingProperty {
        /// The shape.
        shape: ShapeKind,
        /// The property.
        property: Keyword,
    },
    /// A face index that names no vertex.
    IndexOutOfRange {
        /// The index, `None` when it does not fit 64 bits.
        index: Option<u64>,
        /// The trimesh's vertex count.
        vertex_count: usize,
    },
}

/// What a message adds when [`Options::LENIENT`](super::Options::LENIENT) reads
/// the token found where a strict read expected another: the old dialect
/// ([`guide::grit`](crate::guide::grit)), which Grit's parser rejects.
fn old_dialect(found: TokenKind, expected: Expected) -> Option<&'static str> {
    match (found, expected) {
        (
            TokenKind::Keyword(Keyword::Compound | Keyword::Trimesh),
            Expected::Keyword(Keyword::Attributes),
        ) => Some(
            " (the 2009 format description allows this, as a static body; Grit's parser \
             rejects it)",
        ),
        (TokenKind::Hex, Expected::FaceMaterial) => Some(
            " (the 2009 format description and Grit's early parser have hex face flags, as \
             the material name; its parser today rejects them)",
        ),
        (TokenKind::Keyword(Keyword::Margin), Expected::StaticTrimeshHead) => {
            Some(" (the 2009 format description allows this, Grit's parser rejects it)")
        }
        _ => None,
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.kind)
    }
}

impl core::error::Error for Error {}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::BadHeader => f.write_str("expected the file to start with `TCOL1.0`"),
            Self::NulByte => f.write_str("found a NUL byte, where the engine stops reading"),
            Self::Unexpected { found, expected } => {
                write!(f, "expected {expected}, found {found}")?;
                f.write_str(old_dialect(found, expected).unwrap_or_default())
            }
            Self::InvalidUtf8 => f.write_str("expected UTF-8 in a quoted string"),
            Self::NumberOutOfRange => {
                f.write_str("expected a number within the f32 range, found one beyond it")
            }
            Self::Negative { property } => write!(
                f,
                "expected a {property} of at least 0, found a negative number"
            ),
            Self::ZeroMass => f.write_str(
                "expected a mass above 0, found 0 (a body that does not move is `static`)",
            ),
            Self::StaticWithMass => f.write_str("found both `static` and `mass`: give one"),
            Self::NeitherStaticNorMass => {
                f.write_str("expected `static` or `mass` in the attributes")
            }
            Self::Duplicate { property } => write!(f, "found a second `{property}`"),
            Self::ShrinkAfterVertexes => {
                f.write_str("found `shrink` after the hull's vertexes: give it before them")
            }
            Self::SecondVertexList => f.write_str("found a second vertex list in a hull"),
            Self::MissingProperty { shape, property } => {
                write!(f, "expected `{property}` in the {shape}")
            }
            Self::IndexOutOfRange {
                index,
                vertex_count,
            } => {
                write!(
                    f,
                    "expected the index of a vertex (below {vertex_count}), found "
                )?;
                match index {
                    Some(i) => write!(f, "{i}"),
                    None => f.write_str("an index beyond 64 bits"),
                }
            }
        }
    }
}
