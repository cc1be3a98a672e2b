//! Convex shapes given only by their support function (the farthest point in
//! a direction): a hull of a point list, with no hull built, and any other
//! convex shape (a cone, a margin around either).
//!
//! Both queries run GJK on the support function with a simplex of at most
//! four points on the stack, whose closest point to the origin is found by
//! trying every sub-simplex (15 at most) and keeping the nearest valid one:
//! - [`cast`]: Gino van den Bergen's GJK ray cast ("Ray Casting against
//!   General Convex Objects with Application to Continuous Collision
//!   Detection", 2004). The parameter only grows and never passes the
//!   surface, so when the iteration cap stops it first, the hit is at most a
//!   tolerance early.
//! - [`distance`]: GJK distance from a point to the shape, for sphere overlap.
//!
//! Tolerance: the loops stop when the squared distance is within
//! `TOLERANCE` (relative) of the simplex's scale, or after `MAX_ITERATIONS`.

use super::vec::{add, cross, dot, finite, inside_normal, normalize, scale, sub};

/// Relative tolerance of both loops.
pub(crate) const TOLERANCE: f32 = 1e-6;
/// Iteration cap of both loops.
pub(crate) const MAX_ITERATIONS: usize = 64;

/// The farthest of `points` along `direction` (the first of equals); `None`
/// for an empty list.
pub(crate) fn support_of_points(
    points: impl Iterator<Item = [f32; 3]>,
    direction: [f32; 3],
) -> Option<[f32; 3]> {
    let mut best: Option<([f32; 3], f32)> = None;
    for p in points {
        let d = dot(p, direction);
        if best.is_none_or(|(_, b)| d > b) {
            best = Some((p, d));
        }
    }
    best.map(|(p, _)| p)
}

/// `support` grown by a ball of `margin`: the support point moved `margin`
/// along the unit direction.
pub(crate) fn with_margin(p: [f32; 3], direction: [f32; 3], margin: f32) -> [f32; 3] {
    match normalize(direction) {
        Some(n) if margin > 0.0 => add(p, scale(n, margin)),
        _ => p,
    }
}

/// The closest point to the origin of the convex hull of `ys` (1 to 4
/// points) and the sub-simplex (bit mask) it lies on. `None` when no
/// sub-simplex gives a finite answer.
fn closest(ys: &[[f32; 3]]) -> Option<([f32; 3], u8)> {
    let n = ys.len().min(4);
    let full = (1u8 << n).wrapping_sub(1);
    let mut best: Option<([f32; 3], u8, f32)> = None;
    for mask in 1..=full {
        let mut q = [[0.0f32; 3]; 4];
        let mut k = 0usize;
        for (i, y) in ys.iter().enumerate() {
            if mask & (1u8 << i) != 0 {
                if let Some(slot) = q.get_mut(k) {
                    *slot = *y;
                }
                k = k.saturating_add(1);
            }
        }
        let Some(v) = affine_closest(&q, k) else {
            continue;
        };
        let d = dot(v, v);
        if d.is_finite() && best.is_none_or(|(_, _, b)| d < b) {
            best = Some((v, mask, d));
        }
    }
    best.map(|(v, m, _)| (v, m))
}

/// The closest point to the origin of the simplex `q[..k]` when it lies
/// inside it (all barycentric weights ≥ 0); `None` otherwise or when the
/// simplex is degenerate.
fn affine_closest(q: &[[f32; 3]; 4], k: usize) -> Option<[f32; 3]> {
    let [q0, q1, q2, q3] = *q;
    let (e1, e2, e3) = (sub(q1, q0), sub(q2, q0), sub(q3, q0));
    let scale2 = [q0, q1, q2, q3]
        .iter()
        .take(k)
        .fold(0.0f32, |m, p| m.max(dot(*p, *p)));
    let tiny = scale2 * scale2 * 1e-12;
    let lambdas: [f32; 3] = match k {
        1 => return Some(q0),
        2 => {
            let g = dot(e1, e1);
            if !(g > scale2 * 1e-12) {
                return None;
            }
            [-dot(e1, q0) / g, 0.0, 0.0]
        }
        3 => {
            // Through the plane's normal, not the Gram matrix: a thin triangle's
            // `|e1|²|e2|² − (e1·e2)²` cancels to a few bits, the cross product does not.
            let n = cross(e1, e2);
            let nn = dot(n, n);
            if !(nn > tiny && nn > 1e-8 * dot(e1, e1) * dot(e2, e2)) {
                return None;
            }
            let v = scale(n, dot(n, q0) / nn);
            let p = sub(v, q0);
            let (l1, l2) = (dot(n, cross(p, e2)) / nn, dot(n, cross(e1, p)) / nn);
            let l0 = 1.0 - l1 - l2;
            return (l0 >= 0.0 && l1 >= 0.0 && l2 >= 0.0 && finite(v)).then_some(v);
        }
        4 => {
            // The origin's coordinates in the tetrahedron's edge basis.
            let m = [e1, e2, e3];
            let det = triple(e1, e2, e3);
            // Flat (four points of a hull's face): its faces answer. The volume is
            // rounding when it is under 1e-4 of the edges' product.
            let edges = dot(e1, e1) * dot(e2, e2) * dot(e3, e3);
            if !(det.abs() > scale2 * libm::sqrtf(scale2) * 1e-9 && det * det > 1e-8 * edges) {
                return None;
            }
            let r = scale(q0, -1.0);
            let [a, b, c] = m;
            [
                triple(r, b, c) / det,
                triple(a, r, c) / det,
                triple(a, b, r) / det,
            ]
        }
        _ => return None,
    };
    let [l1, l2, l3] = lambdas;
    let l0 = 1.0 - l1 - l2 - l3;
    if !(l0 >= 0.0 && l1 >= 0.0 && l2 >= 0.0 && l3 >= 0.0) {
        return None;
    }
    let v = add(add(q0, scale(e1, l1)), add(scale(e2, l2), scale(e3, l3)));
    if k == 4 {
        return Some([0.0; 3]);
    }
    finite(v).then_some(v)
}

/// `a · (b × c)`.
fn triple(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> f32 {
    dot(a, cross(b, c))
}

/// A simplex of shape points, at most four.
#[derive(Clone, Copy)]
struct Simplex {
    points: [[f32; 3]; 4],
    len: usize,
}

impl Simplex {
    const EMPTY: Self = Self {
        points: [[0.0; 3]; 4],
        len: 0,
    };

    /// `x − p` for every point.
    fn relative(&self, x: [f32; 3]) -> ([[f32; 3]; 4], usize) {
        (self.points.map(|p| sub(x, p)), self.len)
    }

    fn push(&mut self, p: [f32; 3]) {
        if let Some(slot) = self.points.get_mut(self.len) {
            *slot = p;
            self.len = self.len.saturating_add(1);
        }
    }

    /// Keep only the points of `mask`.
    fn keep(&mut self, mask: u8) {
        let mut kept = Self::EMPTY;
        for (i, p) in self.points.iter().take(self.len).enumerate() {
            if mask & (1u8 << i) != 0 {
                kept.push(*p);
            }
        }
        *self = kept;
    }

    /// The closest point to the origin of `x − simplex`, keeping only the
    /// points it needs.
    fn reduce(&mut self, x: [f32; 3]) -> Option<[f32; 3]> {
        let (ys, len) = self.relative(x);
        let (v, mask) = closest(ys.get(..len)?)?;
        self.keep(mask);
        Some(v)
    }

    /// The largest squared length of `x − p`.
    fn scale2(&self, x: [f32; 3]) -> f32 {
        let (ys, len) = self.relative(x);
        ys.iter().take(len).fold(0.0f32, |m, y| m.max(dot(*y, *y)))
    }
}

/// Where a segment first meets a convex shape: `t` in `[0, 1]` and the
/// outward normal there (not normalised); `t = 0` with no normal
/// (`[0, 0, 0]`) when it starts inside. `None` when it misses, when any
/// input is not finite, or when the support function returns a non-finite
/// point.
pub(crate) fn cast(
    support: impl Fn([f32; 3]) -> [f32; 3],
    start: [f32; 3],
    end: [f32; 3],
) -> Option<([f32; 3], f32)> {
    let r = sub(end, start);
    if !(finite(start) && finite(r)) {
        return None;
    }
    let mut lambda = 0.0f32;
    let mut x = start;
    let mut normal = [0.0f32; 3];
    let first = support(r);
    if !finite(first) {
        return None;
    }
    let mut v = sub(x, first);
    let mut simplex = Simplex::EMPTY;
    for _ in 0..MAX_ITERATIONS {
        let vv = dot(v, v);
        if !(vv > TOLERANCE * TOLERANCE * simplex.scale2(x).max(f32::MIN_POSITIVE)) {
            break;
        }
        let p = support(v);
        if !finite(p) {
            return None;
        }
        let w = sub(x, p);
        let vw = dot(v, w);
        if vw > 0.0 {
            let vr = dot(v, r);
            if vr >= 0.0 {
                return None;
            }
            lambda -= vw / vr;
            if !(lambda <= 1.0) {
                return None;
            }
            x = add(start, scale(r, lambda));
            normal = v;
        } else if vv - vw <= TOLERANCE * vv {
            break; // no progress left: converged
        }
        if simplex.len >= 4 {
            break;
        }
        simplex.push(p);
        match simplex.reduce(x) {
            Some(next) => v = next,
            None => break,
        }
    }
    (lambda.is_finite() && (0.0..=1.0).contains(&lambda)).then_some((normal, lambda))
}

/// The closest point of a convex shape to `x` and the distance to it; a
/// distance of 0 when `x` is inside (the point is then `x`). `None` when an
/// input or a support point is not finite.
pub(crate) fn distance(
    support: impl Fn([f32; 3]) -> [f32; 3],
    x: [f32; 3],
) -> Option<([f32; 3], f32)> {
    if !finite(x) {
        return None;
    }
    let first = support([1.0, 0.0, 0.0]);
    if !finite(first) {
        return None;
    }
    let mut v = sub(x, first);
    let mut simplex = Simplex::EMPTY;
    simplex.push(first);
    for _ in 0..MAX_ITERATIONS {
        let vv = dot(v, v);
        if !(vv > TOLERANCE * TOLERANCE * simplex.scale2(x).max(f32::MIN_POSITIVE)) {
            return Some((x, 0.0));
        }
        let p = support(v);
        if !finite(p) {
            return None;
        }
        let vw = dot(v, sub(x, p));
        if vv - vw <= TOLERANCE * vv || simplex.len >= 4 {
            break;
        }
        simplex.push(p);
        match simplex.reduce(x) {
            Some(next) => v = next,
            None => break,
        }
    }
    let d = libm::sqrtf(dot(v, v));
    d.is_finite().then_some((sub(x, v), d))
}

/// [`cast`] of `start + t·dir`, as the shape tests give it: `(t, normal
/// facing the start)`, not normalised, with the inside normal (against the
/// direction, +Z for a zero-length segment) when it starts inside.
pub(crate) fn segment(
    support: impl Fn([f32; 3]) -> [f32; 3],
    start: [f32; 3],
    dir: [f32; 3],
) -> Option<(f32, [f32; 3])> {
    let (n, t) = cast(support, start, add(start, dir))?;
    let n = if t == 0.0 || n == [0.0; 3] {
        inside_normal(dir)
    } else {
        n
    };
    finite(n).then_some((t, n))
}

/// A ball (`center`, `radius`) against a convex shape (its support before
/// the margin, and the margin that grows it): `(depth, point, normal)` when
/// they touch, the normal not normalised.
///
/// Outside the shape before its margin, exact within the GJK tolerance: the
/// point is the grown shape's point nearest the centre and the normal runs
/// from it to the centre. With the centre inside, the depth is an estimate:
/// the least way out over 26 directions (towards a cube's faces, edges and
/// corners), never less than the true depth; the normal is that direction,
/// and the point the shape's point nearest the centre's image on the plane
/// that supports the shape in that direction.
pub(crate) fn touch(
    core: impl Fn([f32; 3]) -> [f32; 3],
    margin: f32,
    center: [f32; 3],
    radius: f32,
) -> Option<(f32, [f32; 3], [f32; 3])> {
    if !(radius >= 0.0 && radius.is_finite() && margin >= 0.0 && margin.is_finite()) {
        return None;
    }
    let (q, d) = distance(&core, center)?;
    if d > 0.0 {
        let depth = radius + margin - d;
        let n = sub(center, q);
        let point = add(q, scale(n, margin / d));
        return (depth >= 0.0 && depth.is_finite() && finite(point)).then_some((depth, point, n));
    }
    let mut best: Option<(f32, [f32; 3])> = None;
    for code in 0u8..27 {
        let c = |k: u8| f32::from(k % 3) - 1.0;
        let raw = [c(code), c(code / 3), c(code / 9)];
        let Some(u) = normalize(raw) else { continue };
        let out = dot(core(u), u) - dot(center, u);
        if out.is_finite() && best.is_none_or(|(b, _)| out < b) {
            best = Some((out, u));
        }
    }
    let (out, u) = best?;
    let out = out.max(0.0);
    let depth = radius + margin + out;
    // The shape's point nearest the centre's image on that supporting plane.
    let on_plane = add(center, scale(u, out));
    let q = distance(&core, on_plane).map_or(on_plane, |(q, _)| q);
    let point = add(q, scale(u, margin));
    (depth.is_finite() && finite(point)).then_some((depth, point, u))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CUBE: [[f32; 3]; 8] = [
        [-1.0, -1.0, -1.0],
        [1.0, -1.0, -1.0],
        [-1.0, 1.0, -1.0],
        [1.0, 1.0, -1.0],
        [-1.0, -1.0, 1.0],
        [1.0, -1.0, 1.0],
        [-1.0, 1.0, 1.0],
        [1.0, 1.0, 1.0],
    ];

    fn cube(d: [f32; 3]) -> [f32; 3] {
        support_of_points(CUBE.into_iter(), d).unwrap()
    }

    #[test]
    fn cast_hits_a_hull_face() {
        let (n, t) = cast(cube, [-3.0, 0.2, 0.3], [3.0, 0.2, 0.3]).unwrap();
        assert!((t - 2.0 / 6.0).abs() < 1e-5, "{t}");
        let n = normalize(n).unwrap();
        assert!((n[0] + 1.0).abs() < 1e-4, "{n:?}");
        // Diagonal, onto an edge region.
        let (_, t) = cast(cube, [3.0, 3.0, 0.0], [0.0, 0.0, 0.0]).unwrap();
        assert!((t - 2.0 / 3.0).abs() < 1e-5, "{t}");
    }

    #[test]
    fn cast_misses_and_starts_inside() {
        assert_eq!(cast(cube, [-3.0, 2.0, 0.0], [3.0, 2.0, 0.0]), None);
        assert_eq!(cast(cube, [-3.0, 0.0, 0.0], [-2.0, 0.0, 0.0]), None);
        assert_eq!(
            cast(cube, [0.5, 0.0, 0.0], [3.0, 0.0, 0.0]),
            Some(([0.0; 3], 0.0))
        );
        assert_eq!(
            cast(cube, [0.5, 0.0, 0.0], [0.5, 0.0, 0.0]),
            Some(([0.0; 3], 0.0))
        );
        assert_eq!(cast(cube, [f32::NAN, 0.0, 0.0], [0.5, 0.0, 0.0]), None);
        assert_eq!(
            cast(cube, [-f32::MAX, 0.0, 0.0], [f32::MAX, 0.0, 0.0]),
            None
        );
    }

    #[test]
    fn cast_with_a_margin_is_the_rounded_hull() {
        let round = |d| with_margin(cube(d), d, 0.5);
        let (_, t) = cast(round, [-3.0, 0.0, 0.0], [3.0, 0.0, 0.0]).unwrap();
        assert!((t - 1.5 / 6.0).abs() < 1e-4, "{t}");
    }

    /// A box's eight corners and its centre (rounded to f32), and a segment
    /// passing it by (a slab test in f64: it leaves the box's Y slab at
    /// t = 0.0383 before it enters the X slab at 0.0714). Four corners of one
    /// face make a flat tetrahedron whose rounded volume once passed for a
    /// solid one holding the origin, and the cast "hit" at t = 0.0714.
    #[test]
    fn a_flat_tetrahedron_holds_nothing() {
        let box_points = [
            [1.9477639, 0.32781792, -6.02465],
            [1.0900459, 2.5379765, -4.2290397],
            [3.6178043, -2.7078485, -1.490412],
            [2.7600865, -0.49768996, 0.30519843],
            [2.9699092, 0.78285, -6.0964813],
            [2.1121914, 2.9930086, -4.300871],
            [4.63995, -2.2528164, -1.5622431],
            [3.7822318, -0.042657852, 0.23336744],
            [2.8649979, 0.14258003, -2.8956413],
        ];
        let s = |d| support_of_points(box_points.into_iter(), d).unwrap();
        let (start, end) = (
            [2.1542053, 1.0447407, -1.0091763],
            [2.6261425, -9.922745, 0.47865295],
        );
        assert_eq!(cast(s, start, end), None);
    }

    #[test]
    fn distance_to_a_hull() {
        let (p, d) = distance(cube, [3.0, 0.5, 0.0]).unwrap();
        assert!((d - 2.0).abs() < 1e-5, "{d}");
        assert!((p[0] - 1.0).abs() < 1e-5 && (p[1] - 0.5).abs() < 1e-5);
        let (_, d) = distance(cube, [2.0, 2.0, 2.0]).unwrap();
        assert!((d - 3.0f32.sqrt()).abs() < 1e-5, "{d}");
        assert_eq!(
            distance(cube, [0.1, 0.2, 0.3]),
            Some(([0.1, 0.2, 0.3], 0.0))
        );
        assert_eq!(distance(cube, [f32::INFINITY, 0.0, 0.0]), None);
    }

    #[test]
    fn a_flat_hull_and_a_single_point() {
        let flat = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let s = |d| support_of_points(flat.into_iter(), d).unwrap();
        let (_, t) = cast(s, [0.2, 0.2, 1.0], [0.2, 0.2, -1.0]).unwrap();
        assert!((t - 0.5).abs() < 1e-5, "{t}");
        let one = |_| [1.0, 1.0, 1.0];
        assert_eq!(cast(one, [0.0; 3], [2.0, 2.0, 2.1]), None);
        let (_, d) = distance(one, [1.0, 1.0, 3.0]).unwrap();
        assert_eq!(d, 2.0);
        assert_eq!(support_of_points([].into_iter(), [1.0, 0.0, 0.0]), None);
    }
}
