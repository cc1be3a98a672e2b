//! The shared primitive tests, with values worked out by hand, and the face tree
//! against brute force.

use zerocol::query::{
    Contact, Contacts, Hit, Nearest, Primitive, segment_box, segment_may_touch_box, segment_sphere,
    segment_triangle, sphere_box, sphere_sphere, sphere_triangle,
};

use crate::support::rng::{Rng, scale, seed};

const FLOOR: [[f32; 3]; 3] = [[-1.0, -1.0, 0.0], [3.0, -1.0, 0.0], [-1.0, 3.0, 0.0]];

#[test]
fn triangles_are_two_sided_and_face_the_start() {
    let down = segment_triangle([0.0, 0.0, 4.0], [0.0, 0.0, -8.0], FLOOR);
    assert_eq!(down, Some((0.5, [0.0, 0.0, 1.0])));
    let up = segment_triangle([0.0, 0.0, -2.0], [0.0, 0.0, 8.0], FLOOR);
    assert_eq!(up, Some((0.25, [0.0, 0.0, -1.0])));
    // Reversed winding: same hit, same normal (it faces the start, not the winding).
    let [a, b, c] = FLOOR;
    assert_eq!(
        segment_triangle([0.0, 0.0, 4.0], [0.0, 0.0, -8.0], [a, c, b]),
        Some((0.5, [0.0, 0.0, 1.0]))
    );
}

#[test]
fn triangle_misses_and_degenerates() {
    // Stops short, starts past, passes beside.
    assert_eq!(
        segment_triangle([0.0, 0.0, 4.0], [0.0, 0.0, -3.0], FLOOR),
        None
    );
    assert_eq!(
        segment_triangle([0.0, 0.0, -1.0], [0.0, 0.0, -3.0], FLOOR),
        None
    );
    assert_eq!(
        segment_triangle([2.5, 2.5, 1.0], [0.0, 0.0, -2.0], FLOOR),
        None
    );
    // In the plane: never.
    assert_eq!(
        segment_triangle([-5.0, 0.0, 0.0], [10.0, 0.0, 0.0], FLOOR),
        None
    );
    // Zero-length, on the triangle: never.
    assert_eq!(segment_triangle([0.0, 0.0, 0.0], [0.0; 3], FLOOR), None);
    // Degenerate: collinear, repeated and NaN corners.
    let line = [[0.0, 0.0, 0.0], [1.0, 1.0, 0.0], [2.0, 2.0, 0.0]];
    assert_eq!(
        segment_triangle([1.0, 1.0, 1.0], [0.0, 0.0, -2.0], line),
        None
    );
    let point = [[0.0; 3]; 3];
    assert_eq!(
        segment_triangle([0.0, 0.0, 1.0], [0.0, 0.0, -2.0], point),
        None
    );
    let nan = [[f32::NAN, 0.0, 0.0], FLOOR[1], FLOOR[2]];
    assert_eq!(
        segment_triangle([0.0, 0.0, 1.0], [0.0, 0.0, -2.0], nan),
        None
    );
    // The corner and the edge count.
    assert_eq!(
        segment_triangle([-1.0, -1.0, 1.0], [0.0, 0.0, -2.0], FLOOR).map(|h| h.0),
        Some(0.5)
    );
    assert_eq!(
        segment_triangle([1.0, -1.0, 1.0], [0.0, 0.0, -2.0], FLOOR).map(|h| h.0),
        Some(0.5)
    );
}

#[test]
fn spheres_are_solid() {
    // From outside: enters at x = 1 (t = 4/10).
    assert_eq!(
        segment_sphere([-5.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 0.0, 0.0], 1.0),
        Some((0.4, [-1.0, 0.0, 0.0]))
    );
    // From inside: t = 0, normal against the direction.
    assert_eq!(
        segment_sphere([0.5, 0.0, 0.0], [0.0, 10.0, 0.0], [0.0, 0.0, 0.0], 1.0),
        Some((0.0, [0.0, -1.0, 0.0]))
    );
    // Zero-length inside: +Z; outside: nothing.
    assert_eq!(
        segment_sphere([0.5, 0.0, 0.0], [0.0; 3], [0.0; 3], 1.0),
        Some((0.0, [0.0, 0.0, 1.0]))
    );
    assert_eq!(
        segment_sphere([5.0, 0.0, 0.0], [0.0; 3], [0.0; 3], 1.0),
        None
    );
    // Pointing away, stopping short, and bad radii.
    assert_eq!(
        segment_sphere([5.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0; 3], 1.0),
        None
    );
    assert_eq!(
        segment_sphere([5.0, 0.0, 0.0], [-3.0, 0.0, 0.0], [0.0; 3], 1.0),
        None
    );
    // A long segment that passes 40 units beside: no false hit from cancellation
    // (the fuzzer's find: (h² − a·c) of two 1e24-sized terms).
    assert_eq!(
        segment_sphere(
            [-40.0, 0.0, -1.3e6],
            [80.0, 0.0, 1.3e6],
            [0.0, 0.0, 7.5],
            0.875
        ),
        None
    );
    // And one through the centre still enters at the near side.
    let (t, n) = segment_sphere([0.0, 0.0, -1.0e6], [0.0, 0.0, 2.0e6], [0.0; 3], 1.0).unwrap();
    assert!((t - 0.5).abs() < 1e-6 && n == [0.0, 0.0, -1.0], "{t} {n:?}");
    for r in [-1.0, f32::NAN, f32::INFINITY] {
        assert_eq!(
            segment_sphere([5.0, 0.0, 0.0], [-10.0, 0.0, 0.0], [0.0; 3], r),
            None
        );
    }
}

/// A segment longer than `f32::MAX` (seed 17 of the BattleForge property test at
/// scale 10: its end at (-17.7, MAX, -MAX)) enters a sphere 7.8 along it, at
/// t = 1.6179945e-38 (f64). Its length overflowed to infinity, and the cast said
/// t = 0: that it started inside.
#[test]
fn a_segment_longer_than_f32_max_enters_a_sphere_along_it() {
    let start = [-1.1875496, -14.853496, 14.942495];
    let end = [-17.676117, f32::MAX, -f32::MAX];
    let dir: [f32; 3] = std::array::from_fn(|i| end[i] - start[i]);
    let centre = [-3.3046937, -7.591107, 8.809145];
    let (t, n) = segment_sphere(start, dir, centre, 2.821695).unwrap();
    assert!((f64::from(t) / 1.61799446e-38 - 1.0).abs() < 1e-5, "{t:e}");
    let point: [f32; 3] = std::array::from_fn(|i| start[i] + dir[i] * t);
    assert!(
        (point[1] + 9.347746).abs() < 1e-4 && (point[2] - 9.436746).abs() < 1e-4,
        "{point:?}"
    );
    assert!(
        n.iter().zip(dir).map(|(a, b)| a * b.signum()).sum::<f32>() < 0.0,
        "{n:?}"
    );
}

#[test]
fn boxes_are_solid() {
    let (min, max) = ([0.0, 0.0, 0.0], [2.0, 2.0, 2.0]);
    assert_eq!(
        segment_box([1.0, 1.0, 10.0], [0.0, 0.0, -20.0], min, max),
        Some((0.4, [0.0, 0.0, 1.0]))
    );
    assert_eq!(
        segment_box([-2.0, 1.0, 1.0], [8.0, 0.0, 0.0], min, max),
        Some((0.25, [-1.0, 0.0, 0.0]))
    );
    assert_eq!(
        segment_box([1.0, 1.0, 1.0], [0.0, 5.0, 0.0], min, max),
        Some((0.0, [0.0, -1.0, 0.0]))
    );
    assert_eq!(
        segment_box([3.0, 1.0, 1.0], [0.0, 5.0, 0.0], min, max),
        None
    );
    assert_eq!(segment_box([3.0, 1.0, 1.0], [0.0; 3], min, max), None);
    // A start a subnormal outside, moving away fast: `(lo − s) / d` rounds to
    // -0.0, which once passed for a touch at the start (a BattleForge fuzz find).
    let tiny = f32::from_bits(1 << 10);
    assert_eq!(
        segment_box([1.0, -tiny, 1.0], [0.0, -f32::MAX, 0.0], min, max),
        None
    );
    // Moving towards the box from a subnormal outside, the entry rounds up to the
    // least positive `t`, never to the `t = 0` of a start inside.
    assert_eq!(
        segment_box([1.0, -tiny, 1.0], [0.0, f32::MAX, 0.0], min, max),
        Some((f32::from_bits(1), [0.0, -1.0, 0.0]))
    );
    // Entry and exit both underflow to 0, on the axis entered or on another: still
    // a hit, at the least positive `t`, through the face entered.
    let least = f32::from_bits(1);
    for (start, dir, lo, hi) in [
        (
            [0.0, 0.5, 0.5],
            [1e37, 0.0, 0.0],
            [1e-9, 0.0, 0.0],
            [2e-9, 1.0, 1.0],
        ),
        (
            [0.0; 3],
            [3e38, 0.0, 0.0],
            [1e-8, -1.0, -1.0],
            [1e-7, 1.0, 1.0],
        ),
        (
            [0.0; 3],
            [1e30, 0.0, 0.0],
            [least, -1.0, -1.0],
            [f32::from_bits(2), 1.0, 1.0],
        ),
        (
            [0.0; 3],
            [1e30, 1e30, 0.0],
            [least, -1.0, -1.0],
            [1.0, f32::from_bits(4), 1.0],
        ),
    ] {
        assert_eq!(
            segment_box(start, dir, lo, hi),
            Some((least, [-1.0, 0.0, 0.0])),
            "{start:?} {dir:?}"
        );
        assert!(segment_may_touch_box(start, dir, lo, hi, 0.0));
    }
    // The same for a sphere: from just outside, an entry that rounds to 0 is the
    // least positive `t`.
    assert_eq!(
        segment_sphere(
            [0.0, 0.0, 1.0f32.next_up()],
            [0.0, 0.0, -3e38],
            [0.0; 3],
            1.0
        ),
        Some((least, [0.0, 0.0, 1.0]))
    );
    // A subnormal move into a box a subnormal away: the cull with no margin keeps
    // what the exact test hits.
    let (start, dir) = ([0.0, 0.5, 0.5], [f32::from_bits(2), 0.0, 0.0]);
    let (lo, hi) = ([least, 0.0, 0.0], [1.0; 3]);
    assert_eq!(
        segment_box(start, dir, lo, hi),
        Some((0.5, [-1.0, 0.0, 0.0]))
    );
    assert!(segment_may_touch_box(start, dir, lo, hi, 0.0));
    // min > max on an axis, NaN corners: never.
    assert_eq!(
        segment_box([1.0, 1.0, 10.0], [0.0, 0.0, -20.0], max, min),
        None
    );
    assert_eq!(
        segment_box([1.0, 1.0, 10.0], [0.0, 0.0, -20.0], [f32::NAN; 3], max),
        None
    );
}

#[test]
fn contacts_carry_depth_point_and_normal() {
    // Ball of radius 2 at z = 1 over the floor: depth 1, point below, normal up.
    assert_eq!(
        sphere_triangle([0.0, 0.0, 1.0], 2.0, FLOOR),
        Some((1.0, [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]))
    );
    assert_eq!(sphere_triangle([0.0, 0.0, 3.0], 2.0, FLOOR), None);
    // Past the corner (-1, -1): nearest point is the corner.
    let (depth, point, _) = sphere_triangle([-2.0, -1.0, 0.0], 1.5, FLOOR).unwrap();
    assert_eq!((depth, point), (0.5, [-1.0, -1.0, 0.0]));
    assert_eq!(
        sphere_sphere([3.0, 0.0, 0.0], 1.0, [0.0; 3], 2.5),
        Some((0.5, [2.5, 0.0, 0.0], [1.0, 0.0, 0.0]))
    );
    assert_eq!(sphere_sphere([3.0, 0.0, 0.0], 0.4, [0.0; 3], 2.5), None);
    let (min, max) = ([0.0; 3], [2.0, 2.0, 2.0]);
    assert_eq!(
        sphere_box([1.0, 1.0, 2.5], 1.0, min, max),
        Some((0.5, [1.0, 1.0, 2.0], [0.0, 0.0, 1.0]))
    );
    // Centre inside, nearest the x = 0 face (0.25 away).
    assert_eq!(
        sphere_box([0.25, 1.0, 1.0], 1.0, min, max),
        Some((1.25, [0.0, 1.0, 1.0], [-1.0, 0.0, 0.0]))
    );
    assert_eq!(sphere_box([4.0, 1.0, 1.0], 1.0, min, max), None);
}

fn hit(t: f32, primitive: Primitive, index: usize) -> Hit<u8> {
    Hit {
        t,
        point: [0.0; 3],
        normal: [0.0, 0.0, 1.0],
        primitive,
        index,
        material: 0,
    }
}

#[test]
fn nearest_keeps_the_smallest_t_and_breaks_ties_by_kind_then_index() {
    let mut n = Nearest::new();
    assert!(n.offer(hit(0.5, Primitive::Face, 7)));
    assert!(!n.offer(hit(f32::NAN, Primitive::Sphere, 0)));
    assert!(!n.offer(hit(-0.1, Primitive::Sphere, 0)));
    assert!(!n.offer(hit(1.5, Primitive::Sphere, 0)));
    assert!(!n.offer(hit(0.5, Primitive::Face, 9)));
    assert!(n.offer(hit(0.5, Primitive::Face, 3)));
    assert!(n.offer(hit(0.5, Primitive::Box, 8)));
    assert!(!n.offer(hit(0.6, Primitive::Sphere, 0)));
    assert_eq!(n.limit(), 0.5);
    let best = n.into_hit().unwrap();
    assert_eq!((best.primitive, best.index), (Primitive::Box, 8));
}

#[test]
fn contacts_count_past_the_slice() {
    let c = Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0, 0.0, 1.0],
        primitive: Primitive::Sphere,
        index: 0,
        material: 0u8,
    };
    let mut out = [c; 2];
    let mut contacts = Contacts::new(&mut out);
    for index in 1..=5 {
        contacts.push(Contact { index, ..c });
    }
    assert_eq!(contacts.found(), 5);
    assert_eq!(out.map(|c| c.index), [1, 2]);
}

/// A `FaceTree` over a large soup (grid terrain, long slivers, faces stacked on one
/// centre, degenerate and NaN faces) visits every face the triangle test hits and
/// every face a ball touches, and a cast through it finds the brute force's nearest
/// hit: the quarter splits, the median selection and its runs of equal keys.
#[test]
fn face_tree_finds_what_brute_force_finds() {
    use zerocol::query::{FaceTree, Node};
    let mut rng = Rng::new(seed(0x7_4EE0));
    for round in 0..scale() {
        let mut tris: Vec<[[f32; 3]; 3]> = Vec::new();
        let n = 40 + round % 7;
        for y in 0..n {
            for x in 0..n {
                let h = |rng: &mut Rng| rng.range(-1.0, 1.0);
                let (x, y) = (x as f32, y as f32);
                let p = [
                    [x, y, h(&mut rng)],
                    [x + 1.0, y, h(&mut rng)],
                    [x, y + 1.0, h(&mut rng)],
                ];
                tris.push(p);
            }
        }
        // Stacked on one centre: equal keys for the selection.
        for _ in 0..300 {
            let r = rng.range(0.1, 3.0);
            tris.push([
                [10.0 - r, 10.0, 0.0],
                [10.0 + r, 10.0, 0.0],
                [10.0, 10.0, r],
            ]);
        }
        for _ in 0..50 {
            let a = [
                rng.range(0.0, 40.0),
                rng.range(0.0, 40.0),
                rng.range(-5.0, 5.0),
            ];
            let b = [
                rng.range(0.0, 40.0),
                rng.range(0.0, 40.0),
                rng.range(-5.0, 5.0),
            ];
            tris.push([a, b, [a[0] + 0.01, a[1], a[2]]]);
        }
        tris.push([[1.0, 1.0, 0.0]; 3]);
        tris.push([[f32::NAN, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]);
        tris.push([[f32::INFINITY, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]);
        rng.shuffle(&mut tris);
        let mut storage = vec![Node::EMPTY; FaceTree::nodes_for(tris.len())];
        let tree = FaceTree::build(tris.len(), |i| tris.get(i).copied(), &mut storage).unwrap();
        for _ in 0..300 {
            let p = |rng: &mut Rng| {
                [
                    rng.range(-5.0, 50.0),
                    rng.range(-5.0, 50.0),
                    rng.range(-6.0, 6.0),
                ]
            };
            let (start, end) = (p(&mut rng), p(&mut rng));
            let dir = [end[0] - start[0], end[1] - start[1], end[2] - start[2]];
            // Brute force: the nearest (t, index).
            let want = tris
                .iter()
                .enumerate()
                .filter_map(|(i, &t)| segment_triangle(start, dir, t).map(|h| (h.0, i)))
                .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let mut got: Option<(f32, usize)> = None;
            let mut visited = vec![false; tris.len()];
            tree.segment(start, dir, |i| {
                assert!(!visited[i], "face {i} visited twice");
                visited[i] = true;
                if let Some((t, _)) = segment_triangle(start, dir, tris[i]) {
                    if got.is_none_or(|g| (t, i) < g) {
                        got = Some((t, i));
                    }
                }
                got.map_or(1.0, |g| g.0)
            });
            assert_eq!(got, want, "round {round}: {start:?} → {end:?}");
            // Without the early stop every hit face is visited.
            let mut all = vec![false; tris.len()];
            tree.segment(start, dir, |i| {
                all[i] = true;
                1.0
            });
            for (i, &t) in tris.iter().enumerate() {
                if segment_triangle(start, dir, t).is_some() {
                    assert!(all[i], "face {i} is hit but not visited");
                }
            }
            let center = p(&mut rng);
            let radius = rng.range(0.0, 4.0);
            let mut touched = vec![false; tris.len()];
            tree.ball(center, radius, |i| touched[i] = true);
            for (i, &t) in tris.iter().enumerate() {
                if sphere_triangle(center, radius, t).is_some() {
                    assert!(touched[i], "face {i} is touched but not visited");
                }
            }
        }
        assert_eq!(FaceTree::nodes_for(0), 0);
        let mut none: [Node; 0] = [];
        let empty = FaceTree::build(0, |_| None, &mut none).unwrap();
        empty.segment([0.0; 3], [1.0; 3], |_| {
            panic!("an empty tree visits nothing")
        });
    }
}
