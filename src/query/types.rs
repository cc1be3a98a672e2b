//! Stage `types` (after `vec`): the query shapes and results every format shares,
//! the [`Query`] trait and [`ground`].

use super::vec::Vec3;

/// From `start` (t = 0) to `end` (t = 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// The point at `t = 0`.
    pub start: Vec3,
    /// The point at `t = 1`.
    pub end: Vec3,
}

impl Segment {
    /// The segment from `start` to `end`.
    pub const fn new(start: Vec3, end: Vec3) -> Self {
        Self { start, end }
    }

    /// `end − start`.
    pub fn direction(&self) -> Vec3 {
        super::vec::sub(self.end, self.start)
    }

    /// The point at `t` (`start + t·(end − start)`).
    pub fn at(&self, t: f32) -> Vec3 {
        super::vec::at(self.start, self.direction(), t)
    }
}

/// A query sphere.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball {
    /// Centre.
    pub center: Vec3,
    /// Radius.
    pub radius: f32,
}

/// The kind of primitive a query met. Ties in `t` go to the kind listed first, then
/// to the lower index, so a result never depends on the order primitives are tested.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Primitive {
    /// A solid sphere.
    Sphere,
    /// A solid box (axis-aligned in GTA, oriented elsewhere).
    Box,
    /// A triangle of the mesh.
    Face,
    /// A triangle of GTA's shadow mesh.
    ShadowFace,
    /// An MKGP triangle wall.
    Wall,
    /// A solid cylinder.
    Cylinder,
    /// A solid cone.
    Cone,
    /// A plane (a half-space).
    Plane,
    /// A solid convex hull.
    Hull,
    /// A solid capsule.
    Capsule,
}

impl Primitive {
    /// The lower-case name the CLI's JSON uses: `"sphere"`, `"box"`, `"face"`,
    /// `"shadow_face"`, `"wall"`, `"cylinder"`, `"cone"`, `"plane"`, `"hull"`,
    /// `"capsule"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Sphere => "sphere",
            Self::Box => "box",
            Self::Face => "face",
            Self::ShadowFace => "shadow_face",
            Self::Wall => "wall",
            Self::Cylinder => "cylinder",
            Self::Cone => "cone",
            Self::Plane => "plane",
            Self::Hull => "hull",
            Self::Capsule => "capsule",
        }
    }
}

/// Where a segment first meets a primitive.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit<M> {
    /// In `[0, 1]`, never NaN: the hit is at `start + t·(end − start)`.
    pub t: f32,
    /// The point hit.
    pub point: Vec3,
    /// Unit normal of the surface hit, facing the segment's start (for a solid hit
    /// from inside at `t = 0`: against the segment's direction; +Z for a zero-length
    /// segment).
    pub normal: Vec3,
    /// What was hit.
    pub primitive: Primitive,
    /// Its index in the view's table of that kind.
    pub index: usize,
    /// Its surface or material.
    pub material: M,
}

/// A primitive a ball touches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact<M> {
    /// How far the ball must move along `normal` to stop touching (0 when it just
    /// touches).
    pub depth: f32,
    /// The point of the primitive's surface nearest the ball's centre.
    pub point: Vec3,
    /// Unit direction that moves the ball out of the primitive.
    pub normal: Vec3,
    /// What the ball touches.
    pub primitive: Primitive,
    /// Its index in the view's table of that kind.
    pub index: usize,
    /// Its surface or material.
    pub material: M,
}

/// Segment casts and sphere overlaps, straight from a parsed view.
pub trait Query {
    /// What a hit reports of the surface (each format says what).
    type Material: Copy;

    /// The nearest hit along `segment` whose material `keep` accepts. `keep`
    /// decides from the material alone: a view calls it for some of the
    /// primitives it tests, in an order of its own (an index may test faces
    /// before solids, and skips what cannot be nearer), so it should hold no
    /// state that changes its answer.
    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&Self::Material) -> bool,
    ) -> Option<Hit<Self::Material>>;

    /// The nearest hit along `segment`.
    fn cast(&self, segment: Segment) -> Option<Hit<Self::Material>> {
        self.cast_filtered(segment, &mut |_| true)
    }

    /// Every primitive `ball` touches, into `out`; returns the number found, even
    /// when more than fit (`out` then holds the first `out.len()`).
    fn overlap(&self, ball: Ball, out: &mut [Contact<Self::Material>]) -> usize;
}

/// Z-up ground: the highest surface below `point` within `depth` (GTA's
/// `ProcessVerticalLine`): the nearest hit of the segment from `point` down to
/// `point − (0, 0, depth)`. `None` for a negative or NaN `depth`.
pub fn ground<Q: Query + ?Sized>(q: &Q, point: Vec3, depth: f32) -> Option<Hit<Q::Material>> {
    if !(depth >= 0.0) {
        return None;
    }
    let [x, y, z] = point;
    q.cast(Segment::new(point, [x, y, z - depth]))
}
