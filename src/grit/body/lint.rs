//! What a Grit file does that the engine reads but likely did not mean, in
//! terms both encodings share: the kinds of [`LintKind`] and the checks both
//! make of a body's values. TCOL's reader reports them in its `Lint`, BCOL's in
//! `bcol::LintKind::Tcol`; the walks that find them are each format's own.

use core::fmt;

use super::records::ShapeKind;

/// Tolerance on `|q|² − 1` (quaternions) and `|n|² − 1` (plane normals) before
/// a lint: real files write about 6 digits, an error near 1e-6.
pub const UNIT_TOLERANCE: f32 = 1e-3;

/// A face whose edges from its first corner make an angle with a sine below
/// this (or that has a zero-length edge) has no area to speak of.
pub const DEGENERATE_SINE: f32 = 1e-6;

/// A size property of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Size {
    /// A sphere's or cone's radius.
    Radius,
    /// A cone's height.
    Height,
    /// `dimensions` along x.
    DimensionX,
    /// `dimensions` along y.
    DimensionY,
    /// `dimensions` along z.
    DimensionZ,
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Radius => "radius",
            Self::Height => "height",
            Self::DimensionX => "x dimension",
            Self::DimensionY => "y dimension",
            Self::DimensionZ => "z dimension",
        })
    }
}

/// Something the engine loads without complaint but that is probably not what
/// the author meant; or, where [`LintKind::is_tolerated`], something the engine
/// rejects that a lenient read ([`Options::LENIENT`]) let through.
///
/// [`Options::LENIENT`]: crate::grit::tcol::Options::LENIENT
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// A radius, height or dimension that is zero or negative (the engine does
    /// not range-check them).
    NonPositiveSize {
        /// The shape.
        shape: ShapeKind,
        /// Which size.
        size: Size,
        /// Its value.
        value: f32,
    },
    /// An orientation that is not a unit quaternion (beyond
    /// [`UNIT_TOLERANCE`]).
    NonUnitOrientation {
        /// The shape.
        shape: ShapeKind,
        /// `w² + x² + y² + z²`.
        length_squared: f32,
    },
    /// A plane normal that is not unit length (beyond [`UNIT_TOLERANCE`]).
    NonUnitNormal {
        /// `|n|²`.
        length_squared: f32,
    },
    /// A cylinder whose x and y dimensions differ: the engine uses x alone
    /// (radius = x / 2).
    CylinderXyDiffer {
        /// `dimensions` x.
        x: f32,
        /// `dimensions` y.
        y: f32,
    },
    /// A trimesh in a dynamic body: the engine ignores it.
    DynamicTrimesh,
    /// A face that names the same vertex twice.
    RepeatedIndex {
        /// The face, in file order.
        face: usize,
        /// Its indices.
        indices: [u32; 3],
    },
    /// A face with three distinct vertices but no area (coincident or
    /// collinear corners, see [`DEGENERATE_SINE`]).
    ZeroAreaFace {
        /// The face, in file order.
        face: usize,
        /// Its indices.
        indices: [u32; 3],
    },
    /// A face with the same three vertices as an earlier one (in any order).
    DuplicateFace {
        /// The face, in file order.
        face: usize,
        /// The first face with these vertices.
        first: usize,
    },
    /// A trimesh vertex no face uses.
    UnreferencedVertex {
        /// The vertex, in file order.
        vertex: usize,
    },
    /// Tolerated: no `attributes` block (the 2009 dialect, [`guide::grit`](crate::guide::grit)):
    /// the body is read as [`Attributes::STATIC`](super::records::Attributes::STATIC). At
    /// the keyword that opens the body.
    MissingAttributes,
    /// Tolerated: hex face flags (`0x7`) where a face's material belongs (the
    /// 2009 dialect): the flags' text is given as the material. At the first such
    /// face.
    HexFaceMaterial {
        /// How many faces have them.
        count: usize,
    },
    /// Tolerated: a `margin` in a static body's trimesh (the 2009 dialect). At
    /// the `margin` keyword.
    StaticTrimeshMargin,
}

impl LintKind {
    /// Whether the engine rejects what this reports, and only a lenient read
    /// let it through (the old dialect): what `Tcol::tolerated` lists.
    pub const fn is_tolerated(&self) -> bool {
        matches!(
            self,
            Self::MissingAttributes | Self::HexFaceMaterial { .. } | Self::StaticTrimeshMargin
        )
    }
}

/// Whether Bullet's division by `length_squared` (a quaternion's, in
/// `btMatrix3x3::setRotation`) or by its root (a plane normal's, in
/// `btVector3::normalized`) gives a non-finite result.
fn divides_by_nothing(length_squared: f32) -> bool {
    length_squared == 0.0 || !length_squared.is_finite()
}

impl fmt::Display for LintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NonPositiveSize { shape, size, value } => write!(
                f,
                "{shape} {size} is {value}, not above 0: the engine hands it to Bullet unchecked, \
                 and what Bullet then does is not documented; give a size above 0"
            ),
            Self::NonUnitOrientation {
                shape,
                length_squared,
            } => {
                write!(
                    f,
                    "{shape} orientation is not a unit quaternion (squared length \
                     {length_squared}): "
                )?;
                f.write_str(if divides_by_nothing(length_squared) {
                    "Bullet divides by its squared length, so the rotation is not finite; write a \
                     unit quaternion (w x y z)"
                } else {
                    "Bullet divides by its squared length, so the shape turns as by the \
                     normalised quaternion; write it normalised"
                })
            }
            Self::NonUnitNormal { length_squared } => {
                write!(
                    f,
                    "plane normal is not unit length (squared length {length_squared}): "
                )?;
                f.write_str(if divides_by_nothing(length_squared) {
                    "Bullet divides by its length, so the plane is not finite; write a unit normal"
                } else {
                    "Bullet makes it unit length and keeps the distance, so the plane lies at \
                     n/|n| · x = d; write a unit normal"
                })
            }
            Self::CylinderXyDiffer { x, y } => write!(
                f,
                "cylinder x and y dimensions differ ({x} and {y}): the engine builds a Z \
                 cylinder of radius x / 2 and ignores y; make y equal to x"
            ),
            Self::DynamicTrimesh => f.write_str(
                "trimesh in a dynamic body: the engine skips it (\"Dynamic trimesh not \
                 supported\"), so only the compound collides; make the body static, or use hulls",
            ),
            Self::RepeatedIndex { face, indices } => write!(
                f,
                "face {face} {indices:?} repeats a vertex: the engine hands it to Bullet, where a \
                 face without area has nothing to collide with; remove it"
            ),
            Self::ZeroAreaFace { face, indices } => write!(
                f,
                "face {face} {indices:?} has no area: the engine hands it to Bullet, where it has \
                 nothing to collide with; remove it"
            ),
            Self::DuplicateFace { face, first } => write!(
                f,
                "face {face} has the same vertices as face {first}: the engine loads both, and the \
                 copy adds nothing to collide with; remove it"
            ),
            Self::UnreferencedVertex { vertex } => write!(
                f,
                "vertex {vertex} is used by no face: the engine loads it and never uses it; \
                 remove it"
            ),
            Self::MissingAttributes => f.write_str(
                "no attributes block (the 2009 format description allows this, Grit's parser \
                 rejects it): read as a static body with default attributes; add \
                 `attributes { static; }`",
            ),
            Self::HexFaceMaterial { count } => {
                f.write_str(
                    "hex face flags instead of a material (the 2009 format description's and Grit's \
                     early parser's form, its parser today rejects it): kept as the material name",
                )?;
                if count > 1 {
                    write!(f, " ({count} times)")?;
                }
                f.write_str("; write a material string")
            }
            Self::StaticTrimeshMargin => f.write_str(
                "margin in a static body's trimesh (the 2009 format description allows this, \
                 Grit's parser rejects it): read as given; remove it (a static trimesh's margin \
                 is 0)",
            ),
        }
    }
}

fn abs(v: f64) -> f64 {
    if v < 0.0 { -v } else { v }
}

fn squared_length(v: &[f32]) -> f64 {
    v.iter().map(|&c| f64::from(c) * f64::from(c)).sum()
}

/// `|v|²` (as f32, like the values) when it is not 1 within [`UNIT_TOLERANCE`].
pub(crate) fn not_unit(v: &[f32]) -> Option<f32> {
    (abs(squared_length(v) - 1.0) > f64::from(UNIT_TOLERANCE))
        .then(|| v.iter().map(|&c| c * c).sum())
}
