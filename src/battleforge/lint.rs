//! The format documentation's validation rules that a reader must not enforce:
//! reported, never rejected (docs/formats/battleforge.md: "report, don't reject").

use core::fmt;

use super::error::ShapeKind;
use super::shape::{CollisionShape, ShapeRef};

/// `|R · Rᵀ − I|` beyond this is reported as not orthonormal.
pub const ORTHONORMAL_TOLERANCE: f32 = 1e-3;

/// A dimension of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Dimension {
    /// Sphere or cylinder radius.
    Radius,
    /// Cylinder height.
    Height,
    /// Box extent along local X, Y or Z (`upper − lower`).
    Extent(u8),
}

/// A shape that breaks one of the documentation's rules.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lint {
    /// Which shape.
    pub shape: ShapeRef,
    /// What.
    pub kind: LintKind,
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
    NonPositiveDimension {
        /// Which.
        dimension: Dimension,
        /// The value.
        value: f32,
    },
    /// A box whose "lower" corner is above its "upper" one on an axis (importers
    /// sort corners, so such files exist; the shape is still read correctly).
    InvertedCorners {
        /// 0: X, 1: Y, 2: Z.
        axis: u8,
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
            LintKind::RotationNotOrthonormal { error } => {
                write!(
                    f,
                    "rotation is not orthonormal (largest |R·Rᵀ − I| entry {error})"
                )
            }
            LintKind::NonPositiveDimension { dimension, value } => {
                let what = match dimension {
                    Dimension::Radius => "radius",
                    Dimension::Height => "height",
                    Dimension::Extent(0) => "extent along X",
                    Dimension::Extent(1) => "extent along Y",
                    Dimension::Extent(_) => "extent along Z",
                };
                write!(f, "{what} {value} is not positive")
            }
            LintKind::InvertedCorners { axis } => {
                let axis = ["X", "Y", "Z"]
                    .get(usize::from(axis))
                    .copied()
                    .unwrap_or("?");
                write!(f, "lower corner is above the upper corner along {axis}")
            }
            LintKind::CenterNotAtPosition { center, position } => {
                write!(
                    f,
                    "stored centre {center:?} differs from the position {position:?}"
                )
            }
        }
    }
}

/// The lints of a payload, computed on demand without allocation: boxes, then
/// spheres, then cylinders, each shape's checks in a fixed order.
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    shape: CollisionShape<'a>,
    kind: u8,
    index: usize,
    check: usize,
}

impl<'a> Lints<'a> {
    pub(crate) const fn new(shape: CollisionShape<'a>) -> Self {
        Self {
            shape,
            kind: 0,
            index: 0,
            check: 0,
        }
    }

    /// Every check of one shape; `None` past the last shape of the kind.
    fn checks(&self) -> Option<(ShapeRef, [Option<LintKind>; 6])> {
        let positive = |dimension, value: f32| {
            (value.is_nan() || value <= 0.0)
                .then_some(LintKind::NonPositiveDimension { dimension, value })
        };
        let orthonormal = |error: f32| {
            (error.is_nan() || error > ORTHONORMAL_TOLERANCE)
                .then_some(LintKind::RotationNotOrthonormal { error })
        };
        let centred = |center: [f32; 3], position: [f32; 3]| {
            (center != position).then_some(LintKind::CenterNotAtPosition { center, position })
        };
        let index = u32::try_from(self.index).unwrap_or(u32::MAX);
        match self.kind {
            0 => {
                let b = self.shape.boxes().get(self.index)?.decode();
                let extent = |axis: u8| {
                    let i = usize::from(axis);
                    let (lo, hi) = (
                        b.lower.get(i).copied().unwrap_or(0.0),
                        b.upper.get(i).copied().unwrap_or(0.0),
                    );
                    let size = if lo > hi { lo - hi } else { hi - lo };
                    positive(Dimension::Extent(axis), size)
                        .or_else(|| (lo > hi).then_some(LintKind::InvertedCorners { axis }))
                };
                let checks = [
                    orthonormal(b.transform.orthonormality_error()),
                    extent(0),
                    extent(1),
                    extent(2),
                    None,
                    None,
                ];
                Some((
                    ShapeRef {
                        kind: ShapeKind::Box,
                        index,
                    },
                    checks,
                ))
            }
            1 => {
                let s = self.shape.spheres().get(self.index)?.decode();
                let checks = [
                    orthonormal(s.transform.orthonormality_error()),
                    positive(Dimension::Radius, s.radius),
                    centred(s.center, s.transform.position),
                    None,
                    None,
                    None,
                ];
                Some((
                    ShapeRef {
                        kind: ShapeKind::Sphere,
                        index,
                    },
                    checks,
                ))
            }
            _ => {
                let c = self.shape.cylinders().get(self.index)?.decode();
                let checks = [
                    orthonormal(c.transform.orthonormality_error()),
                    positive(Dimension::Radius, c.radius),
                    positive(Dimension::Height, c.height),
                    centred(c.center, c.transform.position),
                    None,
                    None,
                ];
                Some((
                    ShapeRef {
                        kind: ShapeKind::Cylinder,
                        index,
                    },
                    checks,
                ))
            }
        }
    }
}

impl Iterator for Lints<'_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        while self.kind < 3 {
            let Some((shape, checks)) = self.checks() else {
                self.kind = self.kind.saturating_add(1);
                self.index = 0;
                self.check = 0;
                continue;
            };
            while let Some(found) = checks.get(self.check) {
                self.check = self.check.saturating_add(1);
                if let Some(kind) = *found {
                    return Some(Lint { shape, kind });
                }
            }
            self.index = self.index.saturating_add(1);
            self.check = 0;
        }
        None
    }
}

impl core::iter::FusedIterator for Lints<'_> {}
