//! Stage `content` (after `records`): what a model's bounds must enclose: the one
//! definition that the bounds lint
//! ([`LintKind::OutsideBounds`](super::LintKind::OutsideBounds)) checks and the writer's
//! recomputed bounds ([`WriteOptions::recompute_bounds`]) measure, so that recomputing
//! always clears the lint ([`guide::gta`](crate::guide::gta), "What the bounds enclose").
//!
//! The games test a model's bounding box and sphere before its spheres, boxes, lines
//! and faces (re3 and gta-reversed, `CCollision::ProcessColModels`,
//! `ProcessLineOfSight`, `ProcessVerticalLine`): those are the content. The COL3+
//! shadow mesh is not: only SA's stencil shadows read it, and they never test it
//! against the bounds. A face counts through the vertices it names (vertices no face
//! names are never tested).
//!
//! [`WriteOptions::recompute_bounds`]: super::write::WriteOptions::recompute_bounds

use super::records::{Bounds, CollisionBox, Face, Line, Sphere, Vec3};
use super::{Section, Version};
use crate::math::{sqrt_up, zip3};

/// COL2+ content is quantised: vertices are 1/128 fixed point, so a difference of
/// one step (1/128) between the stored bounds and the content is within the
/// format's precision and never a lint.
pub const BOUNDS_TOLERANCE: f32 = 1.0 / super::FIXED_POINT_SCALE;
/// COLL stores floats: a difference of at most this much, plus
/// [`COLL_BOUNDS_TOLERANCE_RELATIVE`] times the larger magnitude compared, is
/// within the precision tools write bounds with (rounded through text or doubles)
/// and never a lint.
pub const COLL_BOUNDS_TOLERANCE: f32 = 0.001;
/// The relative part of the COLL tolerance: 1e-5, about 84 float steps
/// ([`COLL_BOUNDS_TOLERANCE`]).
pub const COLL_BOUNDS_TOLERANCE_RELATIVE: f32 = 1e-5;

/// How far content may lie outside bounds of `version` before it counts, when the
/// values compared are at most `magnitude` in absolute value.
pub(crate) fn tolerance(version: Version, magnitude: f32) -> f32 {
    match version {
        Version::Coll => COLL_BOUNDS_TOLERANCE + COLL_BOUNDS_TOLERANCE_RELATIVE * magnitude.abs(),
        _ => BOUNDS_TOLERANCE,
    }
}

/// One thing the bounds must enclose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Shape {
    /// A collision sphere.
    Ball {
        /// Centre.
        center: Vec3,
        /// Radius.
        radius: f32,
    },
    /// A collision box, `min` to `max`.
    Block {
        /// Minimum corner.
        min: Vec3,
        /// Maximum corner.
        max: Vec3,
    },
    /// A line, end to end.
    Segment(Vec3, Vec3),
    /// A face: its three vertices.
    Triangle([Vec3; 3]),
}

impl Shape {
    /// The smallest and largest coordinate of the shape on each axis.
    #[inline]
    pub(crate) fn extent(&self) -> (Vec3, Vec3) {
        match *self {
            Self::Ball { center, radius } => {
                (center.map(|c| c - radius), center.map(|c| c + radius))
            }
            Self::Block { min, max } => (min, max),
            Self::Segment(a, b) => (zip3(a, b, f32::min), zip3(a, b, f32::max)),
            Self::Triangle([a, b, c]) => (
                zip3(zip3(a, b, f32::min), c, f32::min),
                zip3(zip3(a, b, f32::max), c, f32::max),
            ),
        }
    }

    /// How far from `from` the shape reaches: a sphere around `from` of this radius
    /// holds it (each square root rounded up).
    pub(crate) fn reach(&self, from: Vec3) -> f32 {
        let point = |p: Vec3| sqrt_up(distance2(p, from));
        match *self {
            Self::Ball { center, radius } => point(center) + radius,
            Self::Block { min, max } => point(farthest_corner(min, max, from)),
            Self::Segment(a, b) => point(a).max(point(b)),
            Self::Triangle([a, b, c]) => point(a).max(point(b)).max(point(c)),
        }
    }

    /// Whether the shape surely lies within `radius` of `center` as [`Shape::reach`]
    /// measures it (its reach at most `radius`), decided without a square root:
    /// `radius²` reaching each point's squared distance is enough, since
    /// [`sqrt_up`] gives the smallest float whose square reaches its argument.
    /// `false` means "not known" (always for spheres, whose reach needs the root).
    #[inline]
    fn surely_within(&self, center: Vec3, radius: f32) -> bool {
        if radius.is_nan() || radius < 0.0 {
            return false;
        }
        let r2 = radius * radius;
        let inside = |p: Vec3| distance2(p, center) <= r2;
        match *self {
            Self::Ball { .. } => false,
            Self::Block { min, max } => inside(farthest_corner(min, max, center)),
            Self::Segment(a, b) => inside(a) && inside(b),
            Self::Triangle([a, b, c]) => inside(a) && inside(b) && inside(c),
        }
    }

    /// Whether every coordinate of the shape lies within `min .. max` (`false` for a
    /// NaN coordinate, which [`Shape::past_box`] then weighs).
    #[inline]
    fn surely_in_box(&self, min: Vec3, max: Vec3) -> bool {
        let ([x0, y0, z0], [x1, y1, z1]) = (min, max);
        let inside =
            |[x, y, z]: Vec3| x >= x0 && x <= x1 && y >= y0 && y <= y1 && z >= z0 && z <= z1;
        match *self {
            Self::Triangle([a, b, c]) => inside(a) && inside(b) && inside(c),
            Self::Segment(a, b) => inside(a) && inside(b),
            Self::Block { min, max } => inside(min) && inside(max),
            Self::Ball { .. } => {
                let (lo, hi) = self.extent();
                inside(lo) && inside(hi)
            }
        }
    }

    /// How far the shape reaches past the box `min .. max` on one axis, counting only
    /// differences above the [`tolerance`] of `version`; 0 when it lies within. NaN
    /// coordinates count as within (the reader keeps them; nothing can be said of
    /// them).
    #[inline]
    pub(crate) fn past_box(&self, min: Vec3, max: Vec3, version: Version) -> f32 {
        // Inside on every axis: nothing past (the common case, without the tolerance).
        if self.surely_in_box(min, max) {
            return 0.0;
        }
        let (lo, hi) = self.extent();
        let mut worst = 0.0f32;
        for (((&min, &max), &lo), &hi) in min.iter().zip(&max).zip(&lo).zip(&hi) {
            worst = worst
                .max(past(min - lo, min.abs().max(lo.abs()), version))
                .max(past(hi - max, max.abs().max(hi.abs()), version));
        }
        worst
    }

    /// How far the shape reaches past `bounds`: past the box on one axis, or past
    /// the sphere, as [`Shape::past_box`] counts it.
    #[inline]
    pub(crate) fn beyond(&self, bounds: &Bounds, version: Version) -> f32 {
        let past_sphere = if self.surely_within(bounds.center, bounds.radius) {
            // Reach - radius <= 0, below any tolerance: what `past` gives.
            0.0
        } else {
            let reach = self.reach(bounds.center);
            let magnitude = reach.abs().max(bounds.radius.abs());
            past(reach - bounds.radius, magnitude, version)
        };
        self.past_box(bounds.min, bounds.max, version)
            .max(past_sphere)
    }
}

/// `by` when it exceeds the [`tolerance`] for values of `magnitude`, else 0 (NaN
/// included).
#[inline]
fn past(by: f32, magnitude: f32, version: Version) -> f32 {
    if by > tolerance(version, magnitude) {
        by
    } else {
        0.0
    }
}

/// A model's content, as read or as a writer is about to write it.
pub(crate) trait Content {
    /// Records of `section`: spheres, boxes, lines and faces are asked for.
    fn count(&self, section: Section) -> usize;
    /// Sphere `i`.
    fn sphere(&self, i: usize) -> Option<Sphere>;
    /// Box `i`.
    fn collision_box(&self, i: usize) -> Option<CollisionBox>;
    /// Line `i`.
    fn line(&self, i: usize) -> Option<Line>;
    /// Face `i` of the collision mesh.
    fn face(&self, i: usize) -> Option<Face>;
    /// Vertex `i` of the collision mesh.
    fn vertex(&self, i: usize) -> Option<Vec3>;

    /// Calls `visit` with each face's index and triangle, in order, skipping a face
    /// whose vertices cannot be read: [`face`] for every index, unless the content
    /// has a quicker walk.
    fn triangles(&self, mut visit: impl FnMut(usize, Shape))
    where
        Self: Sized,
    {
        for i in 0..self.count(Section::Faces) {
            if let Some(triangle) = face(self, i) {
                visit(i, triangle);
            }
        }
    }
}

/// Calls `visit` with every shape the bounds must enclose, section by section:
/// spheres, boxes, lines, then faces, each with its section and index. A face
/// whose vertices cannot be read is skipped (the reader rejects such models).
pub(crate) fn shapes(content: &impl Content, mut visit: impl FnMut(Section, usize, Shape)) {
    for i in 0..content.count(Section::Spheres) {
        if let Some(s) = content.sphere(i) {
            let (center, radius) = (s.center, s.radius);
            visit(Section::Spheres, i, Shape::Ball { center, radius });
        }
    }
    for i in 0..content.count(Section::Boxes) {
        if let Some(b) = content.collision_box(i) {
            let (min, max) = (b.min, b.max);
            visit(Section::Boxes, i, Shape::Block { min, max });
        }
    }
    for i in 0..content.count(Section::Lines) {
        if let Some(l) = content.line(i) {
            visit(Section::Lines, i, Shape::Segment(l.start, l.end));
        }
    }
    content.triangles(|i, triangle| visit(Section::Faces, i, triangle));
}

/// Face `i` of `content` as the triangle of its vertices, if they can be read.
pub(crate) fn face(content: &impl Content, i: usize) -> Option<Shape> {
    let corners = content.face(i)?.indices.map(|v| content.vertex(v as usize));
    match corners {
        [Some(a), Some(b), Some(c)] => Some(Shape::Triangle([a, b, c])),
        _ => None,
    }
}

/// The bounds of `content`: the box around every shape, the centre halfway, and
/// the radius the smallest that reaches every shape from it. All zero when there is
/// no content.
pub(crate) fn enclosing(content: &impl Content) -> Bounds {
    let mut bbox: Option<(Vec3, Vec3)> = None;
    shapes(content, |_, _, shape| {
        let (lo, hi) = shape.extent();
        bbox = Some(match bbox {
            None => (lo, hi),
            Some((min, max)) => (zip3(min, lo, f32::min), zip3(max, hi, f32::max)),
        });
    });
    let Some((min, max)) = bbox else {
        return Bounds::default();
    };
    let center = zip3(min, max, |lo, hi| lo + (hi - lo) * 0.5);
    let mut radius = 0.0f32;
    shapes(content, |_, _, shape| {
        let reach = shape.reach(center);
        if reach > radius {
            radius = reach;
        }
    });
    Bounds {
        min: min.map(canonical),
        max: max.map(canonical),
        center: center.map(canonical),
        radius: canonical(radius),
    }
}

/// `value`, with every NaN made the one quiet NaN [`f32::NAN`]: which NaN payload an
/// operation on NaNs returns is the compiler's choice (it may swap the operands of
/// `min`, `max` and `+`), so without this the bytes written for content with NaN
/// coordinates would differ between builds.
fn canonical(value: f32) -> f32 {
    if value.is_nan() { f32::NAN } else { value }
}

/// The box around `faces` of `content` (each through its vertices); `None` when
/// none can be read.
pub(crate) fn faces_box(
    content: &impl Content,
    faces: impl IntoIterator<Item = usize>,
) -> Option<(Vec3, Vec3)> {
    let mut bbox: Option<(Vec3, Vec3)> = None;
    for (lo, hi) in faces
        .into_iter()
        .filter_map(|i| face(content, i))
        .map(|t| t.extent())
    {
        bbox = Some(match bbox {
            None => (lo, hi),
            Some((min, max)) => (zip3(min, lo, f32::min), zip3(max, hi, f32::max)),
        });
    }
    bbox.map(|(min, max)| (min.map(canonical), max.map(canonical)))
}

/// The corner of the box `min .. max` farthest from `from`, axis by axis.
#[inline]
fn farthest_corner(min: Vec3, max: Vec3, from: Vec3) -> Vec3 {
    let pick = |lo: f32, hi: f32, c: f32| {
        if (lo - c).abs() > (hi - c).abs() {
            lo
        } else {
            hi
        }
    };
    let ([lx, ly, lz], [hx, hy, hz], [cx, cy, cz]) = (min, max, from);
    [pick(lx, hx, cx), pick(ly, hy, cy), pick(lz, hz, cz)]
}

/// Face `i` of `model` as the triangle of its vertices, with the sections found
/// once: for walks over many faces by index (face groups).
pub(crate) fn model_faces<'a>(model: &super::Model<'a>) -> impl Fn(usize) -> Option<Shape> + 'a {
    let (faces, vertices) = (model.faces(), model.vertices());
    move |i| match faces.get(i)?.indices.map(|v| vertices.get(v as usize)) {
        [Some(a), Some(b), Some(c)] => Some(Shape::Triangle([a, b, c])),
        _ => None,
    }
}

#[inline]
fn distance2(a: Vec3, b: Vec3) -> f32 {
    let [x, y, z] = zip3(a, b, |p, q| p - q);
    x * x + y * y + z * z
}

impl Content for super::Model<'_> {
    fn count(&self, section: Section) -> usize {
        match section {
            Section::Spheres => self.spheres().len(),
            Section::Boxes => self.boxes().len(),
            Section::Lines => self.lines().len(),
            Section::Faces => self.faces().len(),
            _ => 0,
        }
    }
    fn sphere(&self, i: usize) -> Option<Sphere> {
        self.spheres().get(i)
    }
    fn collision_box(&self, i: usize) -> Option<CollisionBox> {
        self.boxes().get(i)
    }
    fn line(&self, i: usize) -> Option<Line> {
        self.lines().get(i)
    }
    fn face(&self, i: usize) -> Option<Face> {
        self.faces().get(i)
    }
    fn vertex(&self, i: usize) -> Option<Vec3> {
        self.vertices().get(i)
    }
    // The sections found once, not once a face.
    fn triangles(&self, mut visit: impl FnMut(usize, Shape)) {
        let vertices = self.vertices();
        for (i, f) in self.faces().iter().enumerate() {
            if let [Some(a), Some(b), Some(c)] = f.indices.map(|v| vertices.get(v as usize)) {
                visit(i, Shape::Triangle([a, b, c]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spheres only: the content a test needs.
    struct Balls<'a>(&'a [([f32; 3], f32)]);

    impl Content for Balls<'_> {
        fn count(&self, section: Section) -> usize {
            if section == Section::Spheres {
                self.0.len()
            } else {
                0
            }
        }
        fn sphere(&self, i: usize) -> Option<Sphere> {
            self.0.get(i).map(|&(center, radius)| Sphere {
                center,
                radius,
                surface: Default::default(),
            })
        }
        fn collision_box(&self, _: usize) -> Option<CollisionBox> {
            None
        }
        fn line(&self, _: usize) -> Option<Line> {
            None
        }
        fn face(&self, _: usize) -> Option<Face> {
            None
        }
        fn vertex(&self, _: usize) -> Option<Vec3> {
            None
        }
    }

    #[test]
    fn enclosing_measures_spheres() {
        let b = enclosing(&Balls(&[([0.0, 0.0, 0.0], 1.0), ([4.0, 0.0, 0.0], 1.0)]));
        assert_eq!((b.min, b.max), ([-1.0, -1.0, -1.0], [5.0, 1.0, 1.0]));
        assert_eq!((b.center, b.radius), ([2.0, 0.0, 0.0], 3.0));
    }

    #[test]
    fn enclosing_writes_one_nan() {
        // Two NaNs with other payloads and signs: whichever `min` keeps, the bounds
        // hold the bits of `f32::NAN`.
        let (a, b) = (f32::from_bits(0xffff_0003), f32::from_bits(0x7fa0_0001));
        let bounds = enclosing(&Balls(&[([a, 0.0, 0.0], 1.0), ([b, 0.0, 0.0], 1.0)]));
        for v in [bounds.min[0], bounds.max[0], bounds.center[0]] {
            assert_eq!(v.to_bits(), f32::NAN.to_bits());
        }
        assert_eq!(bounds.min[1], -1.0);
    }
}
