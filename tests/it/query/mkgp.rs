//! MKGP: the grid walk (through `Course`, `CellIndex` and `IndexedCourse`) against a
//! brute force over every triangle and triangle wall record of the course, on random
//! soups and the sample course. The same test function on the same record gives the
//! same `t` bit for bit, so the nearest `t` must be equal exactly.

use zerocol::mkgp::build::{BuiltCourse, CourseBuilder, SoupTriangle};
use zerocol::mkgp::{Course, IndexedCourse, Options, Surface, SurfaceFlags, TriangleWall};
use zerocol::query::{Ball, Contact, Primitive, Query, Segment, segment_triangle, sphere_triangle};

use super::{check_hit_shape, segment};
use crate::support::mkgp::sample_course;
use crate::support::rng::{Rng, scale, seed};

/// A record as the brute force sees it: vertices, primitive, material.
type Record = ([[f32; 3]; 3], Primitive, Surface);
/// What a hit may be: primitive, material, normal.
type Candidate = (Primitive, Surface, [f32; 3]);

/// Every record of the built course.
fn records(built: &BuiltCourse) -> Vec<Record> {
    let mut out = Vec::new();
    for (triangles, _) in &built.cells {
        for t in triangles {
            out.push((t.vertices, Primitive::Face, Surface::Ground(t.flags)));
        }
    }
    for walls in &built.wall_cells {
        for w in walls {
            out.push((w.vertices, Primitive::Wall, Surface::Wall(w.flag)));
        }
    }
    out
}

/// The nearest `t` over every record, and every (primitive, material, normal) there.
fn brute_force(
    records: &[Record],
    s: &Segment,
    keep: &dyn Fn(&Surface) -> bool,
) -> Option<(f32, Vec<Candidate>)> {
    let mut best: Option<(f32, Vec<_>)> = None;
    for (tri, primitive, material) in records {
        if !keep(material) {
            continue;
        }
        let Some((t, n)) = segment_triangle(s.start, s.direction(), *tri) else {
            continue;
        };
        match &mut best {
            Some((b, list)) if t == *b => list.push((*primitive, *material, n)),
            Some((b, _)) if t > *b => {}
            _ => best = Some((t, vec![(*primitive, *material, n)])),
        }
    }
    best
}

fn random_soup(rng: &mut Rng) -> CourseBuilder {
    let cell = [rng.range(3.0, 12.0), rng.range(3.0, 12.0)];
    let mut b = CourseBuilder::new(cell);
    let spread = rng.range(5.0, 40.0);
    let v = |rng: &mut Rng| {
        [
            rng.range(-spread, spread),
            rng.range(-5.0, 5.0),
            rng.range(-spread, spread),
        ]
    };
    for _ in 0..1 + rng.below(40) {
        let a = v(rng);
        let size = rng.range(0.5, 15.0);
        let near = |rng: &mut Rng| {
            [
                a[0] + rng.range(-size, size),
                a[1] + rng.range(-2.0, 2.0),
                a[2] + rng.range(-size, size),
            ]
        };
        let (p, q) = (near(rng), near(rng));
        let flags = SurfaceFlags(1 << rng.below(16) | (rng.below(4) as u32) << 16);
        b.triangles.push(SoupTriangle {
            vertices: [a, p, q],
            flags,
        });
    }
    for _ in 0..rng.below(6) {
        let a = v(rng);
        let b2 = [
            a[0] + rng.range(-8.0, 8.0),
            a[1],
            a[2] + rng.range(-8.0, 8.0),
        ];
        let c = [a[0], a[1] + rng.range(1.0, 6.0), a[2]];
        b.triangle_walls.push(TriangleWall {
            flag: rng.below(8) as i32,
            vertices: [a, b2, c],
        });
    }
    b
}

struct Tally {
    hits: usize,
    misses: usize,
}

#[track_caller]
fn check_course(built: &BuiltCourse, rng: &mut Rng, segments: usize, tally: &mut Tally) {
    let bytes = built.to_bytes().unwrap();
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let n = course.cell_count() as usize;
    let (mut a, mut b, mut c) = (vec![0u32; n], vec![0u32; n], vec![0u32; n]);
    let cells = course.index(&mut a).unwrap();
    let indexed = IndexedCourse::new(&course, &mut b, &mut c).unwrap();
    let records = records(built);
    let g = course.grid();
    let (lo, hi) = (
        [g.min[0] - 5.0, -10.0, g.min[1] - 5.0],
        [g.max[0] + 5.0, 10.0, g.max[1] + 5.0],
    );
    for i in 0..segments {
        let s = segment(rng, lo, hi);
        // Every fourth cast skips one surface kind, as a see-through filter would.
        let skip = SurfaceFlags(1 << (i % 16));
        let keep = |m: &Surface| i % 4 != 0 || *m != Surface::Ground(skip);
        let expected = brute_force(&records, &s, &keep);
        let got = [
            course.cast_filtered(s, &mut |m| keep(m)),
            cells.cast_filtered(s, &mut |m| keep(m)),
            indexed.cast_filtered(s, &mut |m| keep(m)),
        ];
        assert_eq!(got[0], got[1], "{s:?}");
        assert_eq!(got[0], got[2], "{s:?}");
        match (expected, got[0]) {
            (None, None) => tally.misses += 1,
            (Some((t, list)), Some(hit)) => {
                tally.hits += 1;
                assert_eq!(hit.t, t, "{s:?}");
                check_hit_shape(&s, hit.t, hit.point, hit.normal);
                assert!(
                    list.contains(&(hit.primitive, hit.material, hit.normal)),
                    "{s:?}: {hit:?} not among {list:?}"
                );
            }
            (e, g) => panic!("{s:?}: brute force {e:?}, walk {g:?}"),
        }
        // Overlap: every record the ball touches, once, through all three.
        let ball = Ball {
            center: s.start,
            radius: rng.range(0.0, 6.0),
        };
        let mut out = [Contact {
            depth: 0.0,
            point: [0.0; 3],
            normal: [0.0; 3],
            primitive: Primitive::Face,
            index: 0,
            material: Surface::Wall(0),
        }; 4];
        let found = [
            course.overlap(ball, &mut out),
            cells.overlap(ball, &mut out),
            indexed.overlap(ball, &mut out),
        ];
        let distinct: std::collections::HashSet<_> = records
            .iter()
            .filter(|(tri, ..)| sphere_triangle(ball.center, ball.radius, *tri).is_some())
            .map(|(tri, p, m)| (tri.map(|v| v.map(f32::to_bits)), *p, *m))
            .collect();
        if super::finite(s.start) {
            assert_eq!(found, [distinct.len(); 3], "{ball:?}");
        }
        for c in out.iter().take(found[2].min(4)) {
            assert!(c.depth >= 0.0 && c.depth <= ball.radius + 1e-3, "{c:?}");
        }
    }
}

#[test]
fn the_grid_walk_finds_what_brute_force_finds() {
    let base = seed(0x5eed_3201);
    let mut rng = Rng::new(base);
    let mut tally = Tally { hits: 0, misses: 0 };
    let mut courses = 0;
    for _ in 0..8 * scale() {
        let Ok(built) = random_soup(&mut rng).build() else {
            continue;
        };
        courses += 1;
        check_course(&built, &mut rng, 100, &mut tally);
    }
    assert!(courses >= 6 * scale(), "{courses}");
    assert!(
        tally.hits > 40 * scale() && tally.misses > 40 * scale(),
        "{} hits {} misses",
        tally.hits,
        tally.misses
    );
}

#[test]
fn the_sample_course_casts_as_brute_force_and_ground_height_agree() {
    let built = sample_course();
    let mut rng = Rng::new(seed(0x5eed_3202));
    let mut tally = Tally { hits: 0, misses: 0 };
    check_course(&built, &mut rng, 2000, &mut tally);
    assert!(tally.hits > 500, "{}", tally.hits);
    // Straight down onto the bump's ridge at x 10: the ground is 0.5 high.
    let bytes = built.to_bytes().unwrap();
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let hit = course
        .cast(Segment::new([10.0, 100.0, 12.0], [10.0, -100.0, 12.0]))
        .unwrap();
    assert_eq!(hit.point[1], 0.5);
    assert!(hit.normal[1] > 0.9, "{hit:?}");
    assert_eq!(
        (hit.primitive, hit.t),
        (Primitive::Face, (100.0 - 0.5) / 200.0)
    );
    assert_eq!(course.ground_height(10.0, 12.0).unwrap().height, 0.5);
    // The metal triangle wall closing the platform at x 32, hit from the west.
    let wall = course
        .cast(Segment::new([20.0, 5.0, 12.0], [40.0, 5.0, 12.0]))
        .unwrap();
    assert_eq!(
        (wall.primitive, wall.point[0], wall.normal),
        (Primitive::Wall, 32.0, [-1.0, 0.0, 0.0])
    );
}
