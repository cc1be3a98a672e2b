//! World transforms and derived geometry of collision shapes (Y-up).
//!
//! **Convention.** A `CMatCoordinateSystem` stores 9 floats read as the rows of
//! a 3×3 matrix `R`, then a position `p`. A local point `l` lies in the world at
//! `R · l + p` (`l` a column vector). A reader that assumes the other convention
//! (`l` a row vector, `l · R + p`) gets the same result from
//! [`Transform::transposed`].

use super::error::ShapeKind;
use super::records::{Axis, BoxShape, CylinderShape, SphereShape, Transform};
use super::view::{CollisionShape, ShapeRef};
use crate::math::{add, dot, sub, zip3};

/// A world-space axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Aabb {
    /// Minimum corner.
    pub min: [f32; 3],
    /// Maximum corner.
    pub max: [f32; 3],
}

impl Aabb {
    /// The smallest box around `points` (`None` for no points).
    pub fn around(points: impl IntoIterator<Item = [f32; 3]>) -> Option<Self> {
        points.into_iter().map(Self::point).reduce(Self::union)
    }

    /// The box around one point.
    const fn point(p: [f32; 3]) -> Self {
        Self { min: p, max: p }
    }

    /// The box around `first` and every point of `rest`.
    fn spanning(first: [f32; 3], rest: &[[f32; 3]]) -> Self {
        rest.iter()
            .fold(Self::point(first), |b, &p| b.union(Self::point(p)))
    }

    /// The smallest box around both. A NaN coordinate in either box is NaN in the
    /// union: a point that is not a number has no box, and dropping it (as `f32::min`
    /// and `f32::max` do) would give a finite box that does not hold it. A shape whose
    /// values overflow to NaN (a cylinder of infinite height on a rotation with a zero
    /// column has a NaN top) so gets a box that says so.
    pub fn union(self, other: Self) -> Self {
        Self {
            min: zip3(self.min, other.min, |a, b| nan_or(a, b, f32::min)),
            max: zip3(self.max, other.max, |a, b| nan_or(a, b, f32::max)),
        }
    }
}

/// `f(a, b)`, or whichever of `a` and `b` is NaN.
fn nan_or(a: f32, b: f32, f: impl Fn(f32, f32) -> f32) -> f32 {
    if a.is_nan() {
        a
    } else if b.is_nan() {
        b
    } else {
        f(a, b)
    }
}

impl Transform {
    /// No rotation, at the origin.
    pub const IDENTITY: Self = Self {
        rotation: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        position: [0.0; 3],
    };

    /// `R · local + position`.
    pub fn apply(&self, local: [f32; 3]) -> [f32; 3] {
        let [r0, r1, r2] = self.rotation;
        add(
            [dot(r0, local), dot(r1, local), dot(r2, local)],
            self.position,
        )
    }

    /// `Rᵀ · (world − position)`: the inverse of [`apply`](Self::apply) when `R`
    /// is orthonormal.
    pub fn to_local(&self, world: [f32; 3]) -> [f32; 3] {
        let d = sub(world, self.position);
        let t = self.transposed().rotation;
        let [t0, t1, t2] = t;
        [dot(t0, d), dot(t1, d), dot(t2, d)]
    }

    /// The same transform with `R` transposed: what a reader using the row-vector
    /// convention (`local · R + position`) computes with [`apply`](Self::apply).
    pub fn transposed(&self) -> Self {
        let [[a, b, c], [d, e, f], [g, h, i]] = self.rotation;
        Self {
            rotation: [[a, d, g], [b, e, h], [c, f, i]],
            position: self.position,
        }
    }

    /// The image of a local axis (0: X, 1: Y, 2: Z): column `axis` of `R`.
    pub fn axis(&self, axis: usize) -> [f32; 3] {
        let [r0, r1, r2] = self.rotation;
        let pick = |row: [f32; 3]| row.get(axis).copied().unwrap_or(0.0);
        [pick(r0), pick(r1), pick(r2)]
    }

    /// The largest entry of `|R · Rᵀ − I|`: 0 for an exact rotation.
    pub fn orthonormality_error(&self) -> f32 {
        let rows = self.rotation;
        let mut worst = 0.0f32;
        for (i, a) in rows.iter().enumerate() {
            for (j, b) in rows.iter().enumerate() {
                let target = if i == j { 1.0 } else { 0.0 };
                let e = dot(*a, *b) - target;
                let e = if e < 0.0 { -e } else { e };
                // NaN is the worst error of all.
                worst = if e.is_nan() || e > worst { e } else { worst };
            }
        }
        worst
    }
}

/// `lower` and `upper` sorted per axis (importers sort corners; files may not).
fn sorted(lower: [f32; 3], upper: [f32; 3]) -> ([f32; 3], [f32; 3]) {
    (zip3(lower, upper, f32::min), zip3(lower, upper, f32::max))
}

impl BoxShape {
    /// The eight corners in the world, in the order of the bits of their index
    /// (bit 0: X from `upper`, bit 1: Y, bit 2: Z).
    pub fn corners(&self) -> [[f32; 3]; 8] {
        let ([lx, ly, lz], [ux, uy, uz]) = (self.lower, self.upper);
        [0u8, 1, 2, 3, 4, 5, 6, 7].map(|bits| {
            let pick = |bit: u8, l: f32, u: f32| if bits & bit != 0 { u } else { l };
            self.transform
                .apply([pick(1, lx, ux), pick(2, ly, uy), pick(4, lz, uz)])
        })
    }

    /// The oriented box: its world centre, half extents along its local axes, and
    /// those axes in the world (the columns of `R`).
    pub fn oriented(&self) -> OrientedBox {
        let (lo, hi) = sorted(self.lower, self.upper);
        OrientedBox {
            center: self.transform.apply(zip3(lo, hi, |a, b| (a + b) * 0.5)),
            half_extents: zip3(lo, hi, |a, b| (b - a) * 0.5),
            axes: [
                self.transform.axis(0),
                self.transform.axis(1),
                self.transform.axis(2),
            ],
        }
    }

    /// The world box around its corners.
    pub fn aabb(&self) -> Aabb {
        let [first, rest @ ..] = self.corners();
        Aabb::spanning(first, &rest)
    }

    /// `true` when the world point lies inside (faces included).
    pub fn contains(&self, point: [f32; 3]) -> bool {
        let local = self.transform.to_local(point);
        let (lo, hi) = sorted(self.lower, self.upper);
        Axis::ALL
            .iter()
            .all(|a| a.of(lo) <= a.of(local) && a.of(local) <= a.of(hi))
    }
}

/// A box in the world with its own axes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OrientedBox {
    /// World centre.
    pub center: [f32; 3],
    /// Half the size along each local axis.
    pub half_extents: [f32; 3],
    /// The local X, Y and Z axes in the world.
    pub axes: [[f32; 3]; 3],
}

impl SphereShape {
    /// The world centre: the transform's position (the stored `center` is a copy
    /// writers make of it, [`guide::battleforge`](crate::guide::battleforge)).
    pub const fn world_center(&self) -> [f32; 3] {
        self.transform.position
    }

    /// The world box around the sphere.
    pub fn aabb(&self) -> Aabb {
        let c = self.world_center();
        let r = [self.radius; 3];
        Aabb {
            min: sub(c, r),
            max: add(c, r),
        }
    }

    /// `true` when the world point lies inside (surface included).
    pub fn contains(&self, point: [f32; 3]) -> bool {
        let d = sub(point, self.world_center());
        dot(d, d) <= self.radius * self.radius
    }
}

impl CylinderShape {
    /// The centre of the base disc: the transform's position.
    pub const fn base(&self) -> [f32; 3] {
        self.transform.position
    }

    /// The centre of the top disc: `height` along local +Y from the base.
    pub fn top(&self) -> [f32; 3] {
        self.transform.apply([0.0, self.height, 0.0])
    }

    /// The world box around the cylinder: both disc centres, each widened by the
    /// disc's extent along each world axis (`radius × |column of X or Z|` combined).
    pub fn aabb(&self) -> Aabb {
        let (x, z) = (self.transform.axis(0), self.transform.axis(2));
        let extent = zip3(x, z, |a, b| self.radius * libm::sqrtf(a * a + b * b));
        let (base, top) = (self.base(), self.top());
        let discs = [
            sub(base, extent),
            add(base, extent),
            sub(top, extent),
            add(top, extent),
        ];
        let [first, rest @ ..] = discs;
        Aabb::spanning(first, &rest)
    }

    /// `true` when the world point lies inside (surface included).
    pub fn contains(&self, point: [f32; 3]) -> bool {
        let [x, y, z] = self.transform.to_local(point);
        0.0 <= y && y <= self.height && x * x + z * z <= self.radius * self.radius
    }
}

impl CollisionShape<'_> {
    /// The first shape containing `point`, testing in the cost order the format's
    /// documentation gives: spheres (cheapest), then boxes, then cylinders.
    pub fn contains(&self, point: [f32; 3]) -> Option<ShapeRef> {
        let hit = |kind, index: usize| ShapeRef {
            kind,
            index: u32::try_from(index).unwrap_or(u32::MAX),
        };
        if let Some(i) = self
            .spheres()
            .iter()
            .position(|s| s.decode().contains(point))
        {
            return Some(hit(ShapeKind::Sphere, i));
        }
        if let Some(i) = self.boxes().iter().position(|b| b.decode().contains(point)) {
            return Some(hit(ShapeKind::Box, i));
        }
        self.cylinders()
            .iter()
            .position(|c| c.decode().contains(point))
            .map(|i| hit(ShapeKind::Cylinder, i))
    }

    /// The world-space box around every shape; `None` without shapes.
    pub fn aabb(&self) -> Option<Aabb> {
        let boxes = self.boxes().iter().map(|b| b.decode().aabb());
        let spheres = self.spheres().iter().map(|s| s.decode().aabb());
        let cylinders = self.cylinders().iter().map(|c| c.decode().aabb());
        boxes.chain(spheres).chain(cylinders).reduce(Aabb::union)
    }
}
