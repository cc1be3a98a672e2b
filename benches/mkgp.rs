//! The MKGP DX reader against the game's own loader (a copy of the file) and
//! against a plain allocating decoder, then the ground queries.
//!
//! `cargo bench --bench mkgp`. The course is a 64 × 64 grid of 8 m cells over a
//! heightfield, written by the crate's writer (`data::mkgp::course`), queried at
//! seeded random points.

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::{BytesCount, ItemsCount};
use zerocol::mkgp::{self, Course, Options};

mod data;

use data::bits;

static COURSE: LazyLock<Vec<u8>> = LazyLock::new(data::mkgp::course);

/// Seeded points over the whole grid (the tests' generator, `data::Rng`), as `(x, z)`.
static POINTS: LazyLock<Vec<(f32, f32)>> = LazyLock::new(|| {
    let mut rng = data::Rng::new(0x2545_F491_4F6C_DD1D);
    let size = data::mkgp::CELLS as f32 * data::mkgp::CELL;
    let [min_x, min_z] = data::mkgp::MIN;
    (0..10_000)
        .map(|_| (min_x + rng.range(0.0, size), min_z + rng.range(0.0, size)))
        .collect()
});

/// Points for the query that walks the grid to its cell, O(cells) each.
const WALK_POINTS: usize = 100;

fn main() {
    let file = &*COURSE;
    let course = Course::parse(file, Options::STRICT).unwrap();
    let (mut triangles, mut walls, mut triangle_walls, mut most) = (0, 0, 0, 0);
    for cell in course.cells() {
        triangles += cell.triangles().len();
        walls += cell.walls().len();
        most = most.max(cell.triangles().len());
    }
    for cell in course.wall_cells() {
        triangle_walls += cell.triangle_walls().len();
    }
    let lints = course.lints().count();
    assert_eq!(lints, 0, "the generator must write what the builder would");
    let q = data::mkgp::QUADS;
    println!(
        "course: {} bytes, {} × {} cells of {} m, {} soup triangles ({q} × {q} quads of {} m), \
         {triangles} stored ({:.1} a cell, at most {most}; {:.0} % of the bytes), {walls} walls, \
         {triangle_walls} triangle walls, {lints} lints",
        file.len(),
        course.width(),
        course.length(),
        data::mkgp::CELL,
        2 * q * q,
        data::mkgp::QUAD,
        triangles as f64 / course.cell_count() as f64,
        (triangles * size_of::<mkgp::raw::Triangle>()) as f64 * 100.0 / file.len() as f64,
    );
    assert_eq!(
        plain::fold(&plain::decode(file).unwrap()),
        fold_course(&course),
        "the plain decoder reads what the library reads"
    );
    divan::main();
}

fn bytes() -> BytesCount {
    BytesCount::of_slice(&**COURSE)
}

/// The floor: the game loaded the file as one blob.
#[divan::bench]
fn memcpy(b: Bencher) {
    data::memcpy(b, &COURSE);
}

/// `Course::parse`: both grids walked, every count and record bounds-checked.
/// Its cost follows the 2 × 4,096 cells, not the bytes.
#[divan::bench]
fn parse(b: Bencher) {
    b.counter(bytes())
        .bench(|| Course::parse(black_box(&COURSE), Options::STRICT).unwrap());
}

fn fold_triangle(t: &mkgp::Triangle) -> u32 {
    bits(&t.min)
        ^ bits(&t.max)
        ^ bits(t.vertices.as_flattened())
        ^ bits(t.edges.as_flattened())
        ^ bits(&t.normal)
        ^ t.d.to_bits()
        ^ t.neighbours
        ^ t.flags.0
}

fn fold_wall(w: &mkgp::Wall) -> u32 {
    bits(&w.min) ^ bits(&w.max) ^ bits(&w.p1) ^ bits(&w.p2)
}

fn fold_triangle_wall(w: &mkgp::TriangleWall) -> u32 {
    w.flag as u32 ^ bits(w.vertices.as_flattened())
}

/// Every record of both grids decoded through the public accessors, every
/// field folded.
fn fold_course(course: &Course<'_>) -> u32 {
    let mut n = 0u32;
    for cell in course.cells() {
        n ^= cell.index();
        for t in cell.triangles() {
            n ^= fold_triangle(&t.decode());
        }
        for w in cell.walls() {
            n ^= fold_wall(&w.decode());
        }
    }
    for cell in course.wall_cells() {
        for w in cell.triangle_walls() {
            n ^= fold_triangle_wall(&w.decode());
        }
    }
    n
}

/// Validate, then decode every triangle, wall and triangle wall.
#[divan::bench]
fn decode_all(b: Bencher) {
    b.counter(bytes()).bench(|| {
        let course = Course::parse(black_box(&COURSE), Options::STRICT).unwrap();
        fold_course(&course)
    });
}

/// The baseline decoder: what a plain Rust reader does, every cell read into
/// `Vec`s of decoded records with checked reads (docs/formats/mkgp.md's layout).
#[divan::bench]
fn allocating_decoder(b: Bencher) {
    b.counter(bytes())
        .bench(|| plain::fold(&plain::decode(black_box(&COURSE)).unwrap()));
}

/// `Course::index`: every cell's offset into caller storage (a walk of the
/// primary grid).
#[divan::bench]
fn course_index(b: Bencher) {
    let course = Course::parse(&COURSE, Options::STRICT).unwrap();
    let mut storage = vec![0u32; course.cell_count() as usize];
    b.counter(ItemsCount::new(course.cell_count()))
        .bench_local(|| {
            black_box(course.index(black_box(&mut storage)).unwrap());
        });
}

/// `CellIndex::ground_height` at 10,000 seeded points: O(1) to the cell, then
/// every triangle of the cell tested.
#[divan::bench]
fn cell_index_ground_height(b: Bencher) {
    let course = Course::parse(&COURSE, Options::STRICT).unwrap();
    let mut storage = vec![0u32; course.cell_count() as usize];
    let index = course.index(&mut storage).unwrap();
    let points = &*POINTS;
    b.counter(ItemsCount::new(points.len())).bench_local(|| {
        let mut hits = 0u32;
        for &(x, z) in points {
            hits += u32::from(index.ground_height(black_box(x), black_box(z)).is_some());
        }
        hits
    });
}

/// `Course::ground_height` at 100 seeded points: no index, each query walks the
/// primary grid up to its cell.
#[divan::bench]
fn course_ground_height(b: Bencher) {
    let course = Course::parse(&COURSE, Options::STRICT).unwrap();
    let points = &POINTS[..WALK_POINTS];
    b.counter(ItemsCount::new(points.len())).bench_local(|| {
        let mut hits = 0u32;
        for &(x, z) in points {
            hits += u32::from(course.ground_height(black_box(x), black_box(z)).is_some());
        }
        hits
    });
}

/// Seeded segments across the grid: from 50 m above a random point to 50 m below
/// another within 40 m (the DDA crosses several cells), as `(start, end)`.
fn segments(n: usize) -> Vec<zerocol::query::Segment> {
    let mut rng = data::Rng::new(0x9E37_79B9_7F4A_7C15);
    let points = &*POINTS;
    (0..n)
        .map(|i| {
            let (x, z) = points[i % points.len()];
            let (dx, dz) = (rng.range(-40.0, 40.0), rng.range(-40.0, 40.0));
            zerocol::query::Segment::new([x, 50.0, z], [x + dx, -50.0, z + dz])
        })
        .collect()
}

/// `IndexedCourse::cast` over 10,000 seeded segments: the grid walked cell by cell,
/// both grids indexed in caller storage.
#[divan::bench]
fn indexed_cast(b: Bencher) {
    use zerocol::query::Query;
    let course = Course::parse(&COURSE, Options::STRICT).unwrap();
    let n = course.cell_count() as usize;
    let (mut cells, mut walls) = (vec![0u32; n], vec![0u32; n]);
    let index = zerocol::mkgp::IndexedCourse::new(&course, &mut cells, &mut walls).unwrap();
    let segments = segments(10_000);
    b.counter(ItemsCount::new(segments.len())).bench_local(|| {
        let mut hits = 0u32;
        for s in &segments {
            hits += u32::from(index.cast(black_box(*s)).is_some());
        }
        hits
    });
}

/// `Course::cast` over 100 seeded segments: no index, each cell visited found by
/// walking both grids.
#[divan::bench]
fn course_cast(b: Bencher) {
    use zerocol::query::Query;
    let course = Course::parse(&COURSE, Options::STRICT).unwrap();
    let segments = segments(WALK_POINTS);
    b.counter(ItemsCount::new(segments.len())).bench_local(|| {
        let mut hits = 0u32;
        for s in &segments {
            hits += u32::from(course.cast(black_box(*s)).is_some());
        }
        hits
    });
}

mod plain {
    //! A straightforward allocating MKGP DX decoder, as a baseline.

    use crate::data::read::{count_at, floats, u32_at};

    pub struct Triangle {
        pub min: [f32; 2],
        pub max: [f32; 2],
        pub vertices: [f32; 9],
        pub edges: [f32; 9],
        pub neighbours: u32,
        pub flags: u32,
        pub normal: [f32; 3],
        pub d: f32,
    }

    pub struct Wall {
        pub min: [f32; 3],
        pub max: [f32; 3],
        pub p1: [f32; 3],
        pub p2: [f32; 3],
    }

    pub struct TriangleWall {
        pub flag: i32,
        pub vertices: [f32; 9],
    }

    pub struct Cell {
        pub triangles: Vec<Triangle>,
        pub walls: Vec<Wall>,
    }

    pub struct Course {
        pub cells: Vec<Cell>,
        pub wall_cells: Vec<Vec<TriangleWall>>,
    }

    /// Every field folded as `fold_course` folds what it reads.
    pub fn fold(course: &Course) -> u32 {
        use super::bits;
        let mut n = 0u32;
        for (i, cell) in course.cells.iter().enumerate() {
            n ^= i as u32;
            for t in &cell.triangles {
                n ^= bits(&t.min) ^ bits(&t.max) ^ bits(&t.vertices) ^ bits(&t.edges);
                n ^= bits(&t.normal) ^ t.d.to_bits() ^ t.neighbours ^ t.flags;
            }
            for w in &cell.walls {
                n ^= bits(&w.min) ^ bits(&w.max) ^ bits(&w.p1) ^ bits(&w.p2);
            }
        }
        for cell in &course.wall_cells {
            for w in cell {
                n ^= w.flag as u32 ^ bits(&w.vertices);
            }
        }
        n
    }

    /// The header, W × L primary cells, W × L secondary cells.
    pub fn decode(file: &[u8]) -> Option<Course> {
        if file.get(..4)? != b"COL\0" || u32_at(file, 4)? != 0x2012_0816 {
            return None;
        }
        let cells = count_at(file, 8)?.checked_mul(count_at(file, 12)?)?;
        let mut pos = 0x30;
        let mut course = Course {
            cells: Vec::with_capacity(cells),
            wall_cells: Vec::with_capacity(cells),
        };
        for _ in 0..cells {
            let (triangles, walls) = (count_at(file, pos)?, count_at(file, pos + 4)?);
            pos += 8;
            let mut cell = Cell {
                triangles: Vec::with_capacity(triangles),
                walls: Vec::with_capacity(walls),
            };
            for _ in 0..triangles {
                let [min_x, min_z, max_x, max_z] = floats(file, pos)?;
                cell.triangles.push(Triangle {
                    min: [min_x, min_z],
                    max: [max_x, max_z],
                    vertices: floats(file, pos + 0x10)?,
                    edges: floats(file, pos + 0x34)?,
                    neighbours: u32_at(file, pos + 0x58)?,
                    flags: u32_at(file, pos + 0x5C)?,
                    normal: floats(file, pos + 0x60)?,
                    d: f32::from_bits(u32_at(file, pos + 0x6C)?),
                });
                pos += 0x70;
            }
            for _ in 0..walls {
                cell.walls.push(Wall {
                    min: floats(file, pos)?,
                    max: floats(file, pos + 0x10)?,
                    p1: floats(file, pos + 0x20)?,
                    p2: floats(file, pos + 0x30)?,
                });
                pos += 0x40;
            }
            course.cells.push(cell);
        }
        for _ in 0..cells {
            let n = count_at(file, pos)?;
            pos += 4;
            let mut walls = Vec::with_capacity(n);
            for _ in 0..n {
                walls.push(TriangleWall {
                    flag: u32_at(file, pos)? as i32,
                    vertices: floats(file, pos + 4)?,
                });
                pos += 0x38;
            }
            course.wall_cells.push(walls);
        }
        (pos == file.len()).then_some(course)
    }
}
