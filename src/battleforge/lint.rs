//! The format documentation's validation rules that a reader must not enforce:
//! reported, never rejected ([`guide::battleforge`](crate::guide::battleforge): "report, don't reject").

use core::fmt;

use super::error::ShapeKind;
use super::raw;
use super::records::Axis;
use super::view::{CollisionShape, ShapeRef};
use crate::wire::Table;

/// `|R · Rᵀ − I|` beyond this is reported as not orthonormal.
pub const ORTHONORMAL_TOLERANCE: f32 = 1e-3;

/// A measure of a shape that must be positive: a radius, a height or a box extent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Measure {
    /// Sphere or cylinder radius.
    Radius,
    /// Cylinder height.
    Height,
    /// Box extent along a local axis (`upper − lower`).
    Extent(Axis),
}

/// A shape that breaks one of the documentation's rules, and where it is.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lint {
    /// Byte offset of the shape's record in the buffer given to the parser (for a
    /// payload inside a DRS container, the file).
    pub offset: usize,
    /// Which shape.
    pub shape: ShapeRef,
    /// What.
    pub kind: LintKind,
}

impl Lint {
    /// Whether a lenient read let this through (see [`LintKind::is_tolerated`]).
    pub const fn is_tolerated(&self) -> bool {
        self.kind.is_tolerated()
    }
}

/// The rules.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// The rotation is not orthonormal.
    RotationNotOrthonormal {
        /// The largest entry of `|R · Rᵀ − I|`.
        error: f32,
    },
    /// A radius, height or extent that is zero, negative or NaN.
    NonPositiveMeasure {
        /// Which.
        measure: Measure,
        /// The value.
        value: f32,
    },
    /// A box whose "lower" corner is above its "upper" one on an axis (importers
    /// sort corners, so such files exist; the shape is still read correctly).
    InvertedCorners {
        /// The axis.
        axis: Axis,
    },
    /// A sphere's or cylinder's stored centre differs from its position, which
    /// writers copy into it; the position is what this crate uses.
    CenterNotAtPosition {
        /// The stored centre.
        center: [f32; 3],
        /// The position.
        position: [f32; 3],
    },
}

impl<'a> CollisionShape<'a> {
    /// Checks the format's documentation asks for but readers must not enforce.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }

    /// The lints that report what [`Options::LENIENT`](super::Options::LENIENT) let
    /// through: none, as this format has no lenient rules (see [`Options`](super::Options)).
    pub fn tolerated(&self) -> impl Iterator<Item = Lint> + use<'a> {
        self.lints().filter(Lint::is_tolerated)
    }
}

impl LintKind {
    /// Whether this reports something only [`Options::LENIENT`](super::Options::LENIENT)
    /// accepts: never, as every lint here is about a file that strict reading
    /// accepts too (this format has no lenient rules).
    pub const fn is_tolerated(&self) -> bool {
        match self {
            Self::RotationNotOrthonormal { .. }
            | Self::NonPositiveMeasure { .. }
            | Self::InvertedCorners { .. }
            | Self::CenterNotAtPosition { .. } => false,
        }
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ShapeRef { kind, index } = self.shape;
        let name = match kind {
            ShapeKind::Box => "box",
            ShapeKind::Sphere => "sphere",
            ShapeKind::Cylinder => "cylinder",
        };
        write!(f, "{name} {index}: ")?;
        match self.kind {
            LintKind::RotationNotOrthonormal { error } => write!(
                f,
                "rotation is not orthonormal (largest |R·Rᵀ − I| entry {error}): how the game \
                 uses it is not documented (the format notes want it orthonormal to keep the \
                 shape well-formed); store a pure rotation and put any scale into the sizes"
            ),
            LintKind::NonPositiveMeasure { measure, value } => {
                match measure {
                    Measure::Radius => f.write_str("radius")?,
                    Measure::Height => f.write_str("height")?,
                    Measure::Extent(axis) => write!(f, "extent along {axis}")?,
                }
                write!(
                    f,
                    " {value} is not positive: the format notes say zero or negative sizes break \
                     the game's hit tests; give it a size above 0"
                )
            }
            LintKind::InvertedCorners { axis } => write!(
                f,
                "lower corner is above the upper corner along {axis}: how the game reads that is \
                 not documented (importers, and zerocol, sort the corners); swap them"
            ),
            LintKind::CenterNotAtPosition { center, position } => write!(
                f,
                "stored centre {center:?} differs from the position {position:?}: which one the \
                 game uses is not documented (writers copy the position into the centre, zerocol \
                 uses the position); store the position as the centre"
            ),
        }
    }
}

/// Where a [`Lints`] walk is: [`Lints::position`], resumed by
/// [`CollisionShape::lints_from`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LintsPosition {
    /// The kind of shape being checked.
    pub kind: ShapeKind,
    /// Its index in that kind's array.
    pub index: usize,
    /// Checks of that shape done.
    pub check: usize,
    /// Past the last cylinder.
    pub done: bool,
}

impl<'a> CollisionShape<'a> {
    /// The lints from `position` ([`Lints::position`] of a walk over the same
    /// payload) on, in O(1). A position no walk reported gives unspecified lints,
    /// never a panic.
    pub const fn lints_from(&self, position: LintsPosition) -> Lints<'a> {
        Lints {
            shape: *self,
            kind: position.kind,
            index: position.index,
            check: position.check,
            done: position.done,
        }
    }
}

impl Lints<'_> {
    /// Where the walk is, for [`CollisionShape::lints_from`].
    pub const fn position(&self) -> LintsPosition {
        LintsPosition {
            kind: self.kind,
            index: self.index,
            check: self.check,
            done: self.done,
        }
    }
}

/// Every check of one shape, in order (`None`: passed, or no such check).
type Checks = [Option<LintKind>; 4];

/// The lints of a payload, computed on demand without allocation: boxes, then
/// spheres, then cylinders, each shape's checks in a fixed order.
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    shape: CollisionShape<'a>,
    kind: ShapeKind,
    index: usize,
    check: usize,
    /// Past the last cylinder.
    done: bool,
}

impl<'a> Lints<'a> {
    pub(crate) const fn new(shape: CollisionShape<'a>) -> Self {
        Self {
            shape,
            kind: ShapeKind::Box,
            index: 0,
            check: 0,
            done: false,
        }
    }

    /// The checks of the current shape and where its record lies; `None` past the
    /// last shape of the kind.
    fn checks(&self) -> Option<(usize, Checks)> {
        let i = self.index;
        match self.kind {
            ShapeKind::Box => at(self.shape.boxes(), i, box_checks),
            ShapeKind::Sphere => at(self.shape.spheres(), i, sphere_checks),
            ShapeKind::Cylinder => at(self.shape.cylinders(), i, cylinder_checks),
        }
    }
}

/// Record `i` of `table`, checked, with its offset.
fn at<T>(table: Table<'_, T>, i: usize, checks: fn(&T) -> Checks) -> Option<(usize, Checks)> {
    Some((table.at(i), checks(table.get(i)?)))
}

fn positive(measure: Measure, value: f32) -> Option<LintKind> {
    (value.is_nan() || value <= 0.0).then_some(LintKind::NonPositiveMeasure { measure, value })
}

fn orthonormal(error: f32) -> Option<LintKind> {
    (error.is_nan() || error > ORTHONORMAL_TOLERANCE)
        .then_some(LintKind::RotationNotOrthonormal { error })
}

fn centred(center: [f32; 3], position: [f32; 3]) -> Option<LintKind> {
    (center != position).then_some(LintKind::CenterNotAtPosition { center, position })
}

fn box_checks(b: &raw::BoxShape) -> Checks {
    let b = b.decode();
    let extent = |axis: Axis| {
        let (lo, hi) = (axis.of(b.lower), axis.of(b.upper));
        let size = if lo > hi { lo - hi } else { hi - lo };
        positive(Measure::Extent(axis), size)
            .or_else(|| (lo > hi).then_some(LintKind::InvertedCorners { axis }))
    };
    let [x, y, z] = Axis::ALL.map(extent);
    [orthonormal(b.transform.orthonormality_error()), x, y, z]
}

fn sphere_checks(s: &raw::SphereShape) -> Checks {
    let s = s.decode();
    [
        orthonormal(s.transform.orthonormality_error()),
        positive(Measure::Radius, s.radius),
        centred(s.center, s.transform.position),
        None,
    ]
}

fn cylinder_checks(c: &raw::CylinderShape) -> Checks {
    let c = c.decode();
    [
        orthonormal(c.transform.orthonormality_error()),
        positive(Measure::Radius, c.radius),
        positive(Measure::Height, c.height),
        centred(c.center, c.transform.position),
    ]
}

impl Iterator for Lints<'_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        while !self.done {
            let Some((offset, checks)) = self.checks() else {
                match self.kind {
                    ShapeKind::Box => self.kind = ShapeKind::Sphere,
                    ShapeKind::Sphere => self.kind = ShapeKind::Cylinder,
                    ShapeKind::Cylinder => self.done = true,
                }
                self.index = 0;
                self.check = 0;
                continue;
            };
            let shape = ShapeRef {
                kind: self.kind,
                index: u32::try_from(self.index).unwrap_or(u32::MAX),
            };
            while let Some(found) = checks.get(self.check) {
                self.check = self.check.saturating_add(1);
                if let Some(kind) = *found {
                    return Some(Lint {
                        offset,
                        shape,
                        kind,
                    });
                }
            }
            self.index = self.index.saturating_add(1);
            self.check = 0;
        }
        None
    }
}

impl core::iter::FusedIterator for Lints<'_> {}
