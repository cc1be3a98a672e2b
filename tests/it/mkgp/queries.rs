//! MKGP DX ground-height queries, checked against a brute-force search over all triangles
//! on built courses, at random points and on cell borders; and the world-to-cell mapping.
//!
//! The brute force is the definition: the highest `Triangle::height_at` over every
//! triangle of the soup, the first in soup order winning a tie. The grid query only looks
//! at one cell, so it agrees only if every triangle over a point is stored in the cell
//! that point maps to, in soup order; the heights must be equal bit for bit.

use zerocol::mkgp::build::{BuiltCourse, CourseBuilder, SoupTriangle, triangle};
use zerocol::mkgp::{self, CellContents};
use zerocol::mkgp::{
    CellIndex, Course, GridHeader, LintKind, Options, SurfaceFlags, SurfaceType, Triangle,
    TriangleWall, VERSION, Vec3, cell_coord,
};

use crate::support;
use crate::support::mkgp::{soup, surface_flags};
use crate::support::rng::{Rng, scale, seed};

// ---------------------------------------------------------------- helpers

fn next_up(v: f32) -> f32 {
    if v.is_nan() || v == f32::INFINITY {
        v
    } else if v == 0.0 {
        f32::from_bits(1)
    } else if v > 0.0 {
        f32::from_bits(v.to_bits() + 1)
    } else {
        f32::from_bits(v.to_bits() - 1)
    }
}

fn next_down(v: f32) -> f32 {
    -next_up(-v)
}

/// The two triangles of a quad with corner heights `[y00, y10, y11, y01]` (x then z),
/// wound to face up.
fn quad(x: [f32; 2], z: [f32; 2], y: [f32; 4], f: SurfaceFlags) -> [SoupTriangle; 2] {
    let a = [x[0], y[0], z[0]];
    let b = [x[1], y[1], z[0]];
    let c = [x[1], y[2], z[1]];
    let e = [x[0], y[3], z[1]];
    [soup([a, e, c], f), soup([a, c, b], f)]
}

/// A course built from a soup, with the soup's triangle records for the brute force.
struct Subject {
    name: &'static str,
    soup: Vec<SoupTriangle>,
    records: Vec<Triangle>,
    built: BuiltCourse,
    bytes: Vec<u8>,
}

impl Subject {
    fn new(name: &'static str, builder: &CourseBuilder) -> Self {
        let built = builder.build().unwrap();
        let bytes = built.to_bytes().unwrap();
        let records = builder
            .triangles
            .iter()
            .map(|s| triangle(s.vertices, s.flags, 0))
            .collect();
        Subject {
            name,
            soup: builder.triangles.clone(),
            records,
            built,
            bytes,
        }
    }

    fn header(&self) -> GridHeader {
        self.built.header
    }
}

/// The highest surface over `(x, z)` among all triangles, and which triangle.
fn brute_force(records: &[Triangle], x: f32, z: f32) -> Option<(f32, usize)> {
    let mut best: Option<(f32, usize)> = None;
    for (i, t) in records.iter().enumerate() {
        if let Some(h) = t.height_at(x, z) {
            if best.is_none_or(|(b, _)| h > b) {
                best = Some((h, i));
            }
        }
    }
    best
}

#[derive(Default, Debug)]
struct Tally {
    points: usize,
    found: usize,
}

/// Queries one point through the index and the walk, and compares with the brute force.
#[track_caller]
fn check(s: &Subject, course: &Course, index: &CellIndex, x: f32, z: f32, tally: &mut Tally) {
    let expected = brute_force(&s.records, x, z);
    let fast = index.ground_height(x, z);
    let slow = course.ground_height(x, z);
    let name = s.name;
    match (expected, fast, slow) {
        (None, None, None) => {}
        (Some((h, i)), Some(a), Some(b)) => {
            assert!(h.is_finite(), "{name}: ({x}, {z})");
            assert_eq!(
                (a.height.to_bits(), b.height.to_bits()),
                (h.to_bits(), h.to_bits()),
                "{name}: ({x:?}, {z:?}): index {} walk {} brute force {h} (soup triangle {i})",
                a.height,
                b.height
            );
            assert_eq!(a.triangle.decode().vertices, s.soup[i].vertices, "{name}");
            assert!(std::ptr::eq(a.triangle, b.triangle), "{name}");
            assert_eq!(a.flags(), s.soup[i].flags, "{name}");
            tally.found += 1;
        }
        other => panic!("{name}: ({x:?}, {z:?}): brute force, index, walk: {other:?}"),
    }
    tally.points += 1;
}

/// Checks the subject at seeded random points inside and around the AABB, along every
/// cell border line and at every corner, and at the vertices, edge midpoints and centroid
/// of every triangle (and one ulp either side of each vertex).
fn check_subject(s: &Subject, seed: u64) -> Tally {
    let course = Course::parse(&s.bytes, Options::STRICT).unwrap();
    // Built records are consistent; only a degenerate triangle's zero normal is reported.
    for lint in course.lints() {
        assert_eq!(
            lint.kind,
            LintKind::NormalNotUnit {
                length_squared: 0.0
            },
            "{}",
            s.name
        );
    }
    let mut storage = vec![0; course.cell_count() as usize];
    let index = course.index(&mut storage).unwrap();
    let h = s.header();
    let [min_x, min_z] = h.min;
    let [max_x, max_z] = h.max;
    let [size_x, size_z] = h.cell_size;
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();

    // Random points inside, then in a margin of 10 % around the AABB.
    for _ in 0..400 * scale() {
        let (x, z) = (rng.range(min_x, max_x), rng.range(min_z, max_z));
        check(s, &course, &index, x, z, &mut tally);
    }
    let (mx, mz) = ((max_x - min_x) * 0.1, (max_z - min_z) * 0.1);
    for _ in 0..200 * scale() {
        let (x, z) = (
            rng.range(min_x - mx, max_x + mx),
            rng.range(min_z - mz, max_z + mz),
        );
        check(s, &course, &index, x, z, &mut tally);
    }

    // Border lines (min + i × size, exactly as computed here, and the far border max).
    let xs: Vec<f32> = (0..=h.width)
        .map(|i| min_x + i as f32 * size_x)
        .chain([max_x])
        .collect();
    let zs: Vec<f32> = (0..=h.length)
        .map(|j| min_z + j as f32 * size_z)
        .chain([max_z])
        .collect();
    for &x in &xs {
        for &z in &zs {
            for (x, z) in [
                (x, z),
                (next_up(x), z),
                (next_down(x), z),
                (x, next_up(z)),
                (x, next_down(z)),
            ] {
                check(s, &course, &index, x, z, &mut tally);
            }
        }
        for _ in 0..40 {
            let z = rng.range(min_z, max_z);
            for x in [x, next_up(x), next_down(x)] {
                check(s, &course, &index, x, z, &mut tally);
            }
        }
    }
    for &z in &zs {
        for _ in 0..40 {
            let x = rng.range(min_x, max_x);
            for z in [z, next_up(z), next_down(z)] {
                check(s, &course, &index, x, z, &mut tally);
            }
        }
    }

    // On every triangle.
    for t in &s.soup {
        let [a, b, c] = t.vertices;
        let mid = |p: Vec3, q: Vec3| [(p[0] + q[0]) / 2.0, (p[2] + q[2]) / 2.0];
        let centroid = [(a[0] + b[0] + c[0]) / 3.0, (a[2] + b[2] + c[2]) / 3.0];
        for [x, z] in [mid(a, b), mid(b, c), mid(c, a), centroid] {
            check(s, &course, &index, x, z, &mut tally);
        }
        for v in [a, b, c] {
            for x in [v[0], next_up(v[0]), next_down(v[0])] {
                for z in [v[2], next_up(v[2]), next_down(v[2])] {
                    check(s, &course, &index, x, z, &mut tally);
                }
            }
        }
    }
    tally
}

// ---------------------------------------------------------------- courses

/// A jittered heightfield of 13 × 11 quads (286 triangles) over -50..47 × -20..43 on
/// 10 × 9.5 cells: a 10 × 7 grid.
fn terrain(seed: u64) -> CourseBuilder {
    let mut rng = Rng::new(seed);
    let (nx, nz) = (14, 12);
    let mut points = vec![[0.0f32; 3]; nx * nz];
    for j in 0..nz {
        for i in 0..nx {
            let mut x = -50.0 + 97.0 * i as f32 / (nx - 1) as f32;
            let mut z = -20.0 + 63.0 * j as f32 / (nz - 1) as f32;
            if i > 0 && i < nx - 1 {
                x += rng.range(-2.0, 2.0);
            }
            if j > 0 && j < nz - 1 {
                z += rng.range(-1.5, 1.5);
            }
            points[j * nx + i] = [x, rng.range(-5.0, 5.0), z];
        }
    }
    let mut b = CourseBuilder::new([10.0, 9.5]);
    for j in 0..nz - 1 {
        for i in 0..nx - 1 {
            let p = |di: usize, dj: usize| points[(j + dj) * nx + i + di];
            let f = surface_flags(SurfaceType::ALL[rng.below(14)]);
            // Alternate the diagonal.
            if (i + j) % 2 == 0 {
                b.triangles.push(soup([p(0, 0), p(0, 1), p(1, 1)], f));
                b.triangles.push(soup([p(0, 0), p(1, 1), p(1, 0)], f));
            } else {
                b.triangles.push(soup([p(0, 0), p(0, 1), p(1, 0)], f));
                b.triangles.push(soup([p(1, 0), p(0, 1), p(1, 1)], f));
            }
        }
    }
    b
}

/// A flat road, a bridge over it with its ramp, a downward-facing ceiling, and random
/// triangles strewn across, all overlapping.
fn layers(seed: u64) -> CourseBuilder {
    let mut rng = Rng::new(seed);
    let mut b = CourseBuilder::new([6.0, 4.5]);
    let asphalt = surface_flags(SurfaceType::Asphalt);
    for k in 0..5 {
        let x0 = k as f32 * 8.0;
        b.triangles
            .extend(quad([x0, x0 + 8.0], [10.0, 20.0], [0.0; 4], asphalt));
    }
    let wood = surface_flags(SurfaceType::Wood);
    for k in 0..6 {
        let z0 = k as f32 * 5.0;
        b.triangles
            .extend(quad([15.0, 25.0], [z0, z0 + 5.0], [5.0; 4], wood));
    }
    // Ramp up to the bridge from z -10 (height 0) to z 0 (height 5).
    b.triangles.extend(quad(
        [15.0, 25.0],
        [-10.0, 0.0],
        [0.0, 0.0, 5.0, 5.0],
        surface_flags(SurfaceType::JumpPad),
    ));
    // A ceiling over the road, wound to face down.
    let [t0, t1] = quad(
        [30.0, 35.0],
        [12.0, 18.0],
        [4.0; 4],
        surface_flags(SurfaceType::Metal),
    );
    for t in [t0, t1] {
        let [a, c, e] = t.vertices;
        b.triangles.push(soup([a, e, c], t.flags));
    }
    for _ in 0..60 {
        let v = || [0.0f32; 3];
        let mut vs = [v(), v(), v()];
        let (cx, cz) = (rng.range(-10.0, 40.0), rng.range(-10.0, 30.0));
        for p in &mut vs {
            *p = [
                cx + rng.range(-6.0, 6.0),
                rng.range(-3.0, 9.0),
                cz + rng.range(-6.0, 6.0),
            ];
        }
        b.triangles
            .push(soup(vs, surface_flags(SurfaceType::ALL[rng.below(14)])));
    }
    b
}

/// Vertical triangles (no XZ area) and degenerate ones (repeated or collinear vertices)
/// over flat ground.
fn vertical_and_degenerate(with_ground: bool) -> CourseBuilder {
    let mut b = CourseBuilder::new([5.0, 5.0]);
    let f = surface_flags(SurfaceType::Glass);
    if with_ground {
        b.triangles
            .extend(quad([0.0, 20.0], [0.0, 20.0], [1.0, 1.5, 2.0, 0.5], f));
    }
    b.triangles.extend(odd_triangles().map(|v| soup(v, f)));
    b
}

fn odd_triangles() -> [[Vec3; 3]; 8] {
    [
        // Vertical, along the diagonal, along x = 2, along z = 15, and a slanted one.
        [[5.0, 0.0, 5.0], [5.0, 3.0, 5.0], [15.0, 0.0, 15.0]],
        [[2.0, 0.0, 0.0], [2.0, 4.0, 10.0], [2.0, 0.0, 10.0]],
        [[0.0, -1.0, 15.0], [20.0, 6.0, 15.0], [10.0, 9.0, 15.0]],
        [[0.0, 0.0, 0.0], [10.0, 0.0, 3.0], [5.0, 4.0, 1.5]],
        // Two vertices equal.
        [[3.0, 1.0, 3.0], [3.0, 1.0, 3.0], [8.0, 1.0, 9.0]],
        // Collinear in 3D.
        [[0.0, 0.0, 0.0], [10.0, 1.0, 10.0], [20.0, 2.0, 20.0]],
        // A point.
        [[7.0, 7.0, 7.0], [7.0, 7.0, 7.0], [7.0, 7.0, 7.0]],
        // Vertical along a cell border (x = 10).
        [[10.0, 0.0, 0.0], [10.0, 8.0, 20.0], [10.0, 3.0, 10.0]],
    ]
}

/// Triangles whose edges lie exactly on cell borders (4 × 4 cells), a thin one along a
/// border line, and one reaching the far border.
fn borders() -> CourseBuilder {
    let mut b = CourseBuilder::new([4.0, 4.0]);
    let height = |x: f32, z: f32| ((x * 3.0 + z * 7.0) % 5.0) * 0.5;
    for j in 0..4 {
        for i in 0..4 {
            let (x0, z0) = (i as f32 * 4.0, j as f32 * 4.0);
            let (x1, z1) = (x0 + 4.0, z0 + 4.0);
            b.triangles.extend(quad(
                [x0, x1],
                [z0, z1],
                [
                    height(x0, z0),
                    height(x1, z0),
                    height(x1, z1),
                    height(x0, z1),
                ],
                surface_flags(SurfaceType::ALL[(i + j) % 14]),
            ));
        }
    }
    let dirt = surface_flags(SurfaceType::Dirt);
    // Thin, along x = 4 and z = 8, above the ground.
    b.triangles.push(soup(
        [[4.0, 6.0, 0.0], [4.0, 6.0, 12.0], [4.5, 6.0, 6.0]],
        dirt,
    ));
    b.triangles.push(soup(
        [[0.0, 7.0, 8.0], [8.0, 7.0, 8.5], [16.0, 7.0, 8.0]],
        dirt,
    ));
    // A right triangle with its legs on borders and its corner at the far corner.
    b.triangles.push(soup(
        [[16.0, 3.0, 16.0], [16.0, 3.0, 8.0], [8.0, 3.0, 16.0]],
        dirt,
    ));
    // Big, sloped, over everything from border to border.
    b.triangles.push(soup(
        [[0.0, 2.0, 0.0], [0.0, 4.0, 16.0], [16.0, 3.0, 0.0]],
        surface_flags(SurfaceType::Cloud),
    ));
    b
}

// ---------------------------------------------------------------- brute force

#[test]
fn sample_course_matches_the_brute_force() {
    let s = Subject::new("sample", &support::mkgp::sample_builder());
    let tally = check_subject(&s, seed(1));
    assert!(tally.found > tally.points / 2, "{tally:?}");
}

#[test]
fn terrain_matches_the_brute_force() {
    for seed in [seed(2), seed(3)] {
        let s = Subject::new("terrain", &terrain(seed));
        assert_eq!(s.soup.len(), 286);
        let h = s.header();
        assert_eq!((h.width, h.length), (10, 7));
        assert_eq!((h.min, h.max), ([-50.0, -20.0], [47.0, 43.0]));
        let tally = check_subject(&s, seed);
        assert!(tally.found > tally.points / 2, "{tally:?}");
        assert!(tally.found < tally.points, "{tally:?}");
    }
}

#[test]
fn overlapping_layers_match_the_brute_force() {
    let s = Subject::new("layers", &layers(seed(4)));
    let tally = check_subject(&s, seed(4));
    assert!(tally.found > tally.points / 3, "{tally:?}");
    // The bridge is above the road where they cross, the road alone elsewhere.
    let course = Course::parse(&s.bytes, Options::STRICT).unwrap();
    let mut storage = vec![0; course.cell_count() as usize];
    let index = course.index(&mut storage).unwrap();
    for (x, z) in [(18.0, 12.0), (22.5, 17.5), (20.0, 10.0)] {
        let g = index.ground_height(x, z).unwrap();
        assert!(g.height >= 5.0, "({x}, {z}): {}", g.height);
    }
    // Under the ceiling the highest surface is the ceiling at 4 (or a strewn triangle).
    let g = index.ground_height(32.0, 15.0).unwrap();
    assert!(g.height >= 4.0);
}

#[test]
fn vertical_and_degenerate_triangles_match_the_brute_force() {
    let s = Subject::new("vertical over ground", &vertical_and_degenerate(true));
    let tally = check_subject(&s, seed(5));
    assert!(tally.found > tally.points / 2, "{tally:?}");
    // Only the ground answers.
    let course = Course::parse(&s.bytes, Options::STRICT).unwrap();
    let mut rng = Rng::new(55);
    for _ in 0..1000 {
        let (x, z) = (rng.range(0.0, 20.0), rng.range(0.0, 20.0));
        let g = course.ground_height(x, z).unwrap();
        assert!(g.triangle.decode().normal[1] > 0.5, "({x}, {z})");
        assert!((0.5..=2.0).contains(&g.height), "({x}, {z}): {}", g.height);
    }
}

#[test]
fn vertical_and_degenerate_triangles_never_yield_a_height() {
    let mut rng = Rng::new(6);
    for v in odd_triangles() {
        let t = triangle(v, SurfaceFlags(1), 0);
        assert_eq!(t.normal[1], 0.0, "{v:?}");
        let mut points: Vec<[f32; 2]> = (0..500)
            .map(|_| [rng.range(-1.0, 21.0), rng.range(-1.0, 21.0)])
            .collect();
        for [a, b] in [[0, 1], [1, 2], [2, 0]] {
            points.push([v[a][0], v[a][2]]);
            points.push([(v[a][0] + v[b][0]) / 2.0, (v[a][2] + v[b][2]) / 2.0]);
        }
        for [x, z] in points {
            assert!(!t.contains_xz(x, z), "{v:?} at ({x}, {z})");
            assert_eq!(t.height_at(x, z), None);
            assert_eq!(t.plane_height(x, z), None);
        }
    }
    // A course of nothing else has no ground anywhere.
    let s = Subject::new("vertical only", &vertical_and_degenerate(false));
    let tally = check_subject(&s, seed(7));
    assert_eq!(tally.found, 0, "{tally:?}");
    assert!(tally.points > 1000);
}

#[test]
fn triangles_along_cell_borders_match_the_brute_force() {
    let s = Subject::new("borders", &borders());
    let h = s.header();
    assert_eq!((h.width, h.length), (4, 4));
    let tally = check_subject(&s, seed(8));
    assert!(tally.found > tally.points / 2, "{tally:?}");
    // Every lattice point, on every border and corner, finds ground.
    let course = Course::parse(&s.bytes, Options::STRICT).unwrap();
    for j in 0..=16 {
        for i in 0..=16 {
            let (x, z) = (i as f32, j as f32);
            let g = course.ground_height(x, z).unwrap();
            assert!(g.height.is_finite());
            let expected = brute_force(&s.records, x, z).unwrap().0;
            assert_eq!(g.height.to_bits(), expected.to_bits());
        }
    }
}

#[test]
fn a_ground_query_outside_the_grid_finds_nothing() {
    let s = Subject::new("sample", &support::mkgp::sample_builder());
    let course = Course::parse(&s.bytes, Options::STRICT).unwrap();
    let mut storage = vec![0; 12];
    let index = course.index(&mut storage).unwrap();
    for (x, z) in [
        (-0.001, 5.0),
        (next_up(32.0), 5.0),
        (5.0, next_down(0.0)),
        (5.0, 24.001),
        (f32::NAN, 5.0),
        (5.0, f32::NAN),
        (f32::INFINITY, 5.0),
        (5.0, f32::NEG_INFINITY),
    ] {
        assert!(index.ground_height(x, z).is_none(), "({x}, {z})");
        assert!(course.ground_height(x, z).is_none(), "({x}, {z})");
        assert!(course.cell_of(x, z).is_none(), "({x}, {z})");
    }
    // The corners themselves have ground.
    for (x, z) in [(0.0, 0.0), (32.0, 0.0), (0.0, 24.0), (32.0, 24.0)] {
        assert!(index.ground_height(x, z).is_some(), "({x}, {z})");
    }
}

/// A point one ulp past a vertex, on the extension of one edge: the edge tests round it
/// onto both edges at that vertex, but it lies outside the triangle (and outside the
/// cells the triangle is stored in).
#[test]
fn a_point_just_past_a_vertex_is_outside() {
    let t = triangle(
        [[16.0, 3.0, 16.0], [16.0, 3.0, 8.0], [8.0, 3.0, 16.0]],
        SurfaceFlags(1),
        0,
    );
    assert!(t.contains_xz(8.0, 16.0));
    assert_eq!(t.height_at(8.0, 16.0), Some(3.0));
    for (x, z) in [
        (next_down(8.0), 16.0),
        (8.0, next_up(16.0)),
        (next_up(16.0), 8.0),
        (16.0, next_down(8.0)),
        (next_up(16.0), next_up(16.0)),
    ] {
        assert!(!t.contains_xz(x, z), "({x}, {z})");
        assert_eq!(t.height_at(x, z), None);
    }
    // Inside, next to the same vertex.
    assert!(t.contains_xz(next_up(8.0), 16.0));
    assert!(t.contains_xz(8.0 + 0.5, next_down(16.0)));
}

// ---------------------------------------------------------------- stored planes

/// A 1 × 1 grid over 0..10 × 0..10 holding `triangles` (written directly, so the normal
/// and `d` are whatever the test says).
fn hand_written(triangles: &[Triangle]) -> Vec<u8> {
    let header = GridHeader {
        version: VERSION,
        width: 1,
        length: 1,
        cell_size: [10.0, 10.0],
        min: [0.0, 0.0],
        max: [10.0, 10.0],
        neg_min: [0.0, 0.0],
    };
    let cells = [CellContents {
        triangles,
        walls: &[],
    }];
    let wall_cells: [&[TriangleWall]; 1] = [&[]];
    let mut out = vec![0; mkgp::required_len(&cells, &wall_cells).unwrap()];
    mkgp::write(&header, &cells, &wall_cells, &mut out).unwrap();
    out
}

/// The triangle (0, 0), (0, 10), (10, 0) in XZ with a stored plane of our choosing.
fn with_plane(normal: Vec3, d: f32) -> Triangle {
    let mut t = triangle(
        [[0.0, 1.0, 0.0], [0.0, 1.0, 10.0], [10.0, 1.0, 0.0]],
        SurfaceFlags(1),
        0,
    );
    t.normal = normal;
    t.d = d;
    t
}

#[test]
fn bad_stored_planes_never_give_nan_or_infinity() {
    let nan = f32::NAN;
    let inf = f32::INFINITY;
    let tiny = f32::from_bits((127 - 100) << 23); // 2^-100
    let huge = f32::from_bits((127 + 100) << 23); // 2^100
    // (normal, d, height at (2, 2)).
    let cases: [(Vec3, f32, Option<f32>); 14] = [
        ([0.0, 0.0, 1.0], 5.0, None),
        ([1.0, 0.0, 0.0], 0.0, None),
        ([0.0, -0.0, 0.0], 1.0, None),
        ([nan, nan, nan], 0.0, None),
        ([0.0, nan, 0.0], 0.0, None),
        ([nan, 1.0, 0.0], 0.0, None),
        ([0.0, 1.0, 0.0], nan, None),
        ([0.0, 1.0, 0.0], inf, None),
        ([0.0, 1.0, 0.0], -inf, None),
        ([0.0, 1e-30, 0.0], 1e10, None),
        ([f32::MAX, 1.0, f32::MAX], 0.0, None),
        ([inf, 1.0, 0.0], 0.0, None),
        ([0.0, tiny, 0.0], 1.0, Some(-huge)),
        ([1.0, 1.0, 0.0], f32::MAX, Some(-f32::MAX)),
    ];
    let mut rng = Rng::new(9);
    let mut points: Vec<[f32; 2]> = (0..300)
        .map(|_| [rng.range(-1.0, 11.0), rng.range(-1.0, 11.0)])
        .collect();
    points.extend([[0.0, 0.0], [0.0, 10.0], [10.0, 0.0], [5.0, 5.0], [2.0, 2.0]]);
    let sane = with_plane([0.0, 1.0, 0.0], -1.0);
    for (normal, d, at_2_2) in cases {
        let t = with_plane(normal, d);
        assert_eq!(t.height_at(2.0, 2.0), at_2_2, "{normal:?} {d}");
        for triangles in [vec![t], vec![t, sane], vec![sane, t]] {
            let bytes = hand_written(&triangles);
            let course = Course::parse(&bytes, Options::STRICT).unwrap();
            let mut storage = [0];
            let index = course.index(&mut storage).unwrap();
            for &[x, z] in &points {
                let fast = index.ground_height(x, z);
                let slow = course.ground_height(x, z);
                assert_eq!(
                    fast.map(|g| g.height.to_bits()),
                    slow.map(|g| g.height.to_bits())
                );
                let expected = triangles
                    .iter()
                    .filter_map(|t| t.height_at(x, z))
                    .fold(None, |m: Option<f32>, h| Some(m.map_or(h, |m| m.max(h))));
                assert_eq!(
                    fast.map(|g| g.height),
                    expected,
                    "{normal:?} {d} ({x}, {z})"
                );
                if let Some(g) = fast {
                    assert!(g.height.is_finite(), "{normal:?} {d} ({x}, {z})");
                }
            }
            let g = index.ground_height(2.0, 2.0);
            let expected = if triangles.len() == 1 {
                at_2_2
            } else {
                Some(at_2_2.map_or(1.0, |h| h.max(1.0)))
            };
            assert_eq!(g.map(|g| g.height), expected, "{normal:?} {d}");
        }
    }
}

#[test]
fn every_weird_plane_together_still_gives_the_sane_height() {
    let nan = f32::NAN;
    let weird = [
        with_plane([0.0, 0.0, 1.0], 5.0),
        with_plane([nan, nan, nan], 0.0),
        with_plane([0.0, 1e-30, 0.0], 1e10),
        with_plane([0.0, 1.0, 0.0], f32::INFINITY),
        with_plane([0.0, -0.0, 0.0], 3.0),
    ];
    let mut triangles = weird.to_vec();
    triangles.insert(2, with_plane([0.0, 1.0, 0.0], -1.0));
    let bytes = hand_written(&triangles);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let mut storage = [0];
    let index = course.index(&mut storage).unwrap();
    for (x, z) in [(1.0, 1.0), (0.0, 0.0), (5.0, 5.0), (0.0, 10.0), (3.0, 6.5)] {
        let g = index.ground_height(x, z).unwrap();
        assert_eq!(g.height, 1.0, "({x}, {z})");
        assert_eq!(g.triangle.decode().d, -1.0);
    }
    // Outside the triangle but inside the cell: nothing.
    assert!(index.ground_height(9.0, 9.0).is_none());
    assert!(course.ground_height(9.0, 9.0).is_none());
}

// ---------------------------------------------------------------- cell mapping

#[test]
fn cell_coord_maps_borders_to_the_higher_cell_and_the_far_border_to_the_last() {
    // origin 0, size 1, four cells.
    for (value, cell) in [
        (0.0, Some(0)),
        (-0.0, Some(0)),
        (0.5, Some(0)),
        (next_down(1.0), Some(0)),
        (1.0, Some(1)),
        (2.0, Some(2)),
        (3.0, Some(3)),
        (3.999, Some(3)),
        (4.0, Some(3)),
        (next_up(4.0), None),
        (next_down(0.0), None),
        (-1.0, None),
        (f32::NAN, None),
        (f32::INFINITY, None),
        (f32::NEG_INFINITY, None),
    ] {
        assert_eq!(cell_coord(value, 0.0, 1.0, 4), cell, "{value}");
    }
    // A negative origin and a fractional size.
    for (value, cell) in [
        (-10.0, Some(0)),
        (-7.5, Some(1)),
        (-5.0, Some(2)),
        (-2.5, Some(3)),
        (0.0, Some(3)),
        (next_down(-7.5), Some(0)),
        (0.001, None),
        (-10.5, None),
    ] {
        assert_eq!(cell_coord(value, -10.0, 2.5, 4), cell, "{value}");
    }
    // One cell: both borders map to it.
    assert_eq!(cell_coord(3.0, 3.0, 0.5, 1), Some(0));
    assert_eq!(cell_coord(3.5, 3.0, 0.5, 1), Some(0));
    assert_eq!(cell_coord(3.6, 3.0, 0.5, 1), None);
    // Huge counts.
    assert_eq!(
        cell_coord(1_073_741_824.0, 0.0, 1.0, 1 << 30),
        Some((1 << 30) - 1)
    );
    assert_eq!(cell_coord(536_870_912.0, 0.0, 1.0, 1 << 30), Some(1 << 29));
    assert_eq!(
        cell_coord(2_147_483_648.0, 0.0, 1.0, i32::MAX as u32),
        Some(i32::MAX as u32 - 1)
    );
    // Below the origin by less than size × 2^-149: the quotient underflows to −0.0,
    // but the value is still outside.
    assert_eq!(cell_coord(-f32::from_bits(1), 0.0, 8.0, 3), None);
    assert_eq!(cell_coord(next_down(-10.0), -10.0, 2.5, 4), None);
    // NaN or infinite origin and size map nothing.
    assert_eq!(cell_coord(1.0, f32::NAN, 1.0, 4), None);
    assert_eq!(cell_coord(1.0, f32::NEG_INFINITY, 1.0, 4), None);
    assert_eq!(cell_coord(1.0, f32::INFINITY, 1.0, 4), None);
    assert_eq!(cell_coord(1.0, 0.0, f32::NAN, 4), None);
}

#[test]
fn cell_of_maps_border_points_to_the_higher_cell() {
    // The terrain: min (-50, -20), cells 10 × 9.5, a 10 × 7 grid; every border exact.
    let s = Subject::new("terrain", &terrain(2));
    let course = Course::parse(&s.bytes, Options::STRICT).unwrap();
    for i in 0..=10u32 {
        for j in 0..=7u32 {
            let (x, z) = (-50.0 + i as f32 * 10.0, -20.0 + j as f32 * 9.5);
            let expected = (i.min(9), j.min(6));
            assert_eq!(course.cell_of(x, z), Some(expected), "({x}, {z})");
            if i > 0 && j > 0 {
                assert_eq!(course.cell_of(x - 1e-3, z - 1e-3), Some((i - 1, j - 1)));
            }
            // One ulp below a border may round onto it, never past it.
            if i > 0 && j > 0 {
                let (below_x, below_z) = course.cell_of(next_down(x), next_down(z)).unwrap();
                assert!(below_x <= expected.0 && below_x + 1 >= expected.0);
                assert!(below_z <= expected.1 && below_z + 1 >= expected.1);
            }
        }
    }
    // The far border is min + W × size (50 and 46.5), not max (47, 43): past it is outside.
    assert_eq!(course.cell_of(47.0, 43.0), Some((9, 6)));
    assert_eq!(course.cell_of(49.0, 0.0), Some((9, 2)));
    assert_eq!(course.cell_of(50.0, 0.0), Some((9, 2)));
    assert_eq!(course.cell_of(0.0, 46.5), Some((5, 6)));
    // (The far border is a rounded quotient: a value within rounding of it may still
    // map to the last cell, so "past" here is past by more than that.)
    assert_eq!(course.cell_of(50.001, 0.0), None);
    assert_eq!(course.cell_of(0.0, 46.501), None);
    for (x, z) in [
        (next_down(-50.0), 0.0),
        (0.0, next_down(-20.0)),
        (f32::NAN, 0.0),
        (0.0, f32::NAN),
        (f32::NAN, f32::NAN),
        (f32::INFINITY, 0.0),
        (0.0, f32::NEG_INFINITY),
    ] {
        assert_eq!(course.cell_of(x, z), None, "({x}, {z})");
    }
}
