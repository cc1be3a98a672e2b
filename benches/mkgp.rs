//! MKGP DX course: validation throughput, index build and ground queries.
//!
//! `cargo bench --features std --bench mkgp`. A heightfield of 200 × 200 quads
//! (80,000 triangles, 1 m apart) on a 25 × 25 grid of 8 m cells, built with the
//! crate's own `CourseBuilder`, then queried at 100,000 seeded random points.

use std::hint::black_box;
use std::time::{Duration, Instant};

use zerocol::mkgp::build::{CourseBuilder, SoupTriangle};
use zerocol::mkgp::{Course, Options, SurfaceFlags};

fn height(x: usize, z: usize) -> f32 {
    ((x * 7 + z * 13) % 17) as f32 * 0.125
}

fn terrain() -> Vec<u8> {
    let mut builder = CourseBuilder::new([8.0, 8.0]);
    let n = 200;
    for z in 0..n {
        for x in 0..n {
            let v =
                |dx: usize, dz: usize| [(x + dx) as f32, height(x + dx, z + dz), (z + dz) as f32];
            let flags = SurfaceFlags(0x1000);
            builder.triangles.push(SoupTriangle {
                vertices: [v(0, 0), v(0, 1), v(1, 1)],
                flags,
            });
            builder.triangles.push(SoupTriangle {
                vertices: [v(0, 0), v(1, 1), v(1, 0)],
                flags,
            });
        }
    }
    builder.build().unwrap().to_bytes().unwrap()
}

fn best_of(mut f: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
    }
    best
}

fn main() {
    let file = terrain();
    let mb = file.len() as f64 / 1e6;
    let course = Course::parse(&file, Options::STRICT).unwrap();
    let cells = course.cell_count() as usize;
    let triangles: usize = course.cells().map(|c| c.triangles().len()).sum();

    let parse = best_of(|| {
        black_box(Course::parse(black_box(&file), Options::STRICT).unwrap());
    });
    let mut storage = vec![0u32; cells];
    let index_time = best_of(|| {
        black_box(course.index(&mut storage).unwrap());
    });
    let index = course.index(&mut storage).unwrap();

    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let points: Vec<(f32, f32)> = (0..100_000)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let x = (seed % 200_000) as f32 / 1000.0;
            let z = ((seed >> 32) % 200_000) as f32 / 1000.0;
            (x, z)
        })
        .collect();
    let queries = best_of(|| {
        let mut hits = 0u32;
        for &(x, z) in &points {
            hits += index.ground_height(black_box(x), black_box(z)).is_some() as u32;
        }
        black_box(hits);
    });
    let walk_points = &points[..100];
    let walk = best_of(|| {
        for &(x, z) in walk_points {
            black_box(course.ground_height(black_box(x), black_box(z)));
        }
    });

    println!("course: {cells} cells, {triangles} stored triangles (80000 in the soup), {mb:.2} MB");
    // Validation reads the cell counts and bounds-checks the records without
    // touching their bytes: its cost follows the cells, not the megabytes.
    println!(
        "Course::parse (validate both grids):  {:>8.1} µs  ({:.1} ns per cell)",
        parse.as_secs_f64() * 1e6,
        parse.as_secs_f64() * 1e9 / (2 * cells) as f64
    );
    println!(
        "index into caller storage:            {:>8.1} µs",
        index_time.as_secs_f64() * 1e6
    );
    println!(
        "CellIndex::ground_height:             {:>8.0} ns/query",
        queries.as_secs_f64() * 1e9 / points.len() as f64
    );
    println!(
        "Course::ground_height (walks cells):  {:>8.0} ns/query",
        walk.as_secs_f64() * 1e9 / walk_points.len() as f64
    );
}
