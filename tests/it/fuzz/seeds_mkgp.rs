//! mkgp: the seeds the project's writers make for the `mkgp` target, every error kind
//! produced by a committed file, and the round-trip replays.

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Unstructured};
use zerocol::generate::{MkgpCourse, MkgpSoup};
use zerocol::mkgp::build::{CourseBuilder, SoupTriangle, triangle};
use zerocol::mkgp::{
    CellContents, ErrorKind, GridHeader, SurfaceFlags, SurfaceType, Triangle, TriangleWall,
    VERSION, Vec3, Wall, required_len, write,
};

use crate::support::rng::{Rng, scale};

/// Writes a grid of `width × length` cells: `cells` and `wall_cells` name the cells
/// (file order) that hold something; every other cell is empty.
fn written(
    header: GridHeader,
    cells: &[(usize, Vec<Triangle>, Vec<Wall>)],
    wall_cells: &[(usize, Vec<TriangleWall>)],
) -> Vec<u8> {
    let count = (header.width * header.length) as usize;
    let mut contents = vec![CellContents::default(); count];
    for (i, triangles, walls) in cells {
        contents[*i] = CellContents { triangles, walls };
    }
    let mut walls: Vec<&[TriangleWall]> = vec![&[]; count];
    for (i, w) in wall_cells {
        walls[*i] = w;
    }
    let mut out = vec![0; required_len(&contents, &walls).unwrap()];
    let n = write(&header, &contents, &walls, &mut out).unwrap();
    assert_eq!(n, out.len());
    out
}

/// A header of `width × length` cells of 8 × 8 from the origin.
fn header(width: u32, length: u32) -> GridHeader {
    GridHeader {
        version: VERSION,
        width,
        length,
        cell_size: [8.0, 8.0],
        min: [0.0, 0.0],
        max: [8.0 * width as f32, 8.0 * length as f32],
        neg_min: [-0.0, -0.0],
    }
}

fn flags(surface: SurfaceType, sound: u8, effect: u8) -> SurfaceFlags {
    let [low, high] = surface.bit().to_le_bytes();
    SurfaceFlags(u32::from_le_bytes([low, high, sound, effect]))
}

/// An upward-facing triangle on the cell `(x, z)` of an 8 × 8 grid from the origin.
fn ground(x: u32, z: u32, y: f32, flags: SurfaceFlags) -> Triangle {
    let (x0, z0) = (x as f32 * 8.0 + 1.0, z as f32 * 8.0 + 1.0);
    triangle(
        [[x0, y, z0], [x0, y, z0 + 6.0], [x0 + 6.0, y, z0]],
        flags,
        0,
    )
}

fn wall(p1: Vec3, p2: Vec3) -> Wall {
    Wall {
        min: [p1[0].min(p2[0]), p1[1].min(p2[1]), p1[2].min(p2[2])],
        max: [p1[0].max(p2[0]), p1[1].max(p2[1]), p1[2].max(p2[2])],
        p1,
        p2,
    }
}

/// A quad `x0..x1 × z0..z1` at height `y` as two upward-facing soup triangles.
fn quad(x: [f32; 2], z: [f32; 2], y: [f32; 2], flags: SurfaceFlags) -> [SoupTriangle; 2] {
    let a = [x[0], y[0], z[0]];
    let b = [x[1], y[1], z[0]];
    let c = [x[1], y[1], z[1]];
    let e = [x[0], y[0], z[1]];
    [
        SoupTriangle {
            vertices: [a, e, c],
            flags,
        },
        SoupTriangle {
            vertices: [a, c, b],
            flags,
        },
    ]
}

fn built(builder: &CourseBuilder) -> Vec<u8> {
    builder.build().unwrap().to_bytes().unwrap()
}

/// The seeds of `fuzz/seeds/mkgp/`, by file name.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |name: &str, bytes: Vec<u8>| seeds.push((name.to_string(), bytes));
    use SurfaceType::*;

    // Valid files, from the writer cell by cell.
    let empty = written(header(1, 1), &[], &[]);
    add("valid-1x1-empty.col", empty.clone());
    let one = written(
        header(1, 1),
        &[(0, vec![ground(0, 0, 0.0, flags(Asphalt, 0, 0))], vec![])],
        &[],
    );
    add("valid-1x1-triangle.col", one.clone());
    let walls = written(
        header(3, 2),
        &[
            (
                0,
                vec![ground(0, 0, 0.0, flags(Grass, 1, 0))],
                vec![wall([1.0, 0.0, 1.0], [1.0, 0.0, 7.0])],
            ),
            (
                4,
                vec![
                    ground(1, 1, 2.0, flags(Dirt, 0, 2)),
                    ground(1, 1, 3.0, flags(Wood, 2, 0)),
                ],
                vec![
                    wall([9.0, 2.0, 9.0], [15.0, 2.0, 9.0]),
                    wall([9.0, 3.0, 9.0], [9.0, 3.0, 15.0]),
                ],
            ),
        ],
        &[
            (
                2,
                vec![TriangleWall {
                    flag: i32::from(Metal.bit()),
                    vertices: [[16.0, 0.0, 0.0], [24.0, 0.0, 0.0], [20.0, 4.0, 0.0]],
                }],
            ),
            (
                5,
                vec![
                    TriangleWall {
                        flag: 0,
                        vertices: [[24.0, 0.0, 8.0], [24.0, 0.0, 16.0], [24.0, 5.0, 12.0]],
                    },
                    TriangleWall {
                        flag: -1,
                        vertices: [[16.0, 0.0, 16.0], [24.0, 0.0, 16.0], [20.0, 5.0, 16.0]],
                    },
                ],
            ),
        ],
    );
    add("valid-3x2-walls-triangle-walls.col", walls.clone());

    // Every surface flag kind: each named type, the two unnamed bits, none, several,
    // and sound variants and effects up to 0xFF; one triangle per cell of a 20 × 1 grid.
    let mut kinds: Vec<SurfaceFlags> = SurfaceType::ALL
        .iter()
        .enumerate()
        .map(|(i, &s)| flags(s, i as u8 % 4, i as u8 % 5))
        .collect();
    kinds.extend([
        SurfaceFlags(0x0002),
        SurfaceFlags(0x0040),
        SurfaceFlags(0),
        SurfaceFlags(0x1001),
        SurfaceFlags(0xFFFF_FFFF),
        flags(Asphalt, 0xFF, 0xFF),
    ]);
    let cells: Vec<_> = kinds
        .iter()
        .enumerate()
        .map(|(i, &f)| (i, vec![ground(i as u32, 0, i as f32 * 0.5, f)], vec![]))
        .collect();
    add(
        "valid-20x1-surface-flags.col",
        written(header(kinds.len() as u32, 1), &cells, &[]),
    );

    // Every lint kind, one triangle each (in a 2 × 1 grid; the last one is stored in
    // a cell its bounds do not reach).
    let good = ground(0, 0, 1.0, flags(Sand, 0, 0));
    let bad = |f: fn(&mut Triangle)| {
        let mut t = good;
        f(&mut t);
        t
    };
    let lints = vec![
        good,
        bad(|t| t.normal = [0.0, 2.0, 0.0]),
        bad(|t| t.d = 5.0),
        bad(|t| t.max = [100.0, 100.0]),
        bad(|t| t.neighbours = 0xF0),
        bad(|t| t.flags = SurfaceFlags(0x0003)),
    ];
    let mut lint_header = header(2, 1);
    lint_header.neg_min = [1.0, 0.0];
    add(
        "valid-2x1-lints.col",
        written(
            lint_header,
            &[(0, lints, vec![]), (1, vec![good], vec![])],
            &[],
        ),
    );

    // Built from soups: a ramp and a platform at two cell sizes (4 × 3, a single cell),
    // with shared and open edges; then two patches at opposite corners of a 16 × 24
    // grid (past 256 cells, mostly empty).
    let mut soup = CourseBuilder::new([8.0, 8.0]);
    for (i, x) in [0.0f32, 8.0, 16.0, 24.0].windows(2).enumerate() {
        let f = [
            flags(Asphalt, 0, 0),
            flags(JumpPad, 0, 3),
            flags(Cloud, 1, 0),
        ][i];
        soup.triangles.extend(quad(
            [x[0], x[1]],
            [0.0, 24.0],
            [i as f32, i as f32 + 1.0],
            f,
        ));
    }
    soup.triangles.extend(quad(
        [24.0, 32.0],
        [4.0, 20.0],
        [3.0, 3.0],
        flags(Wood, 0, 0),
    ));
    soup.triangle_walls.push(TriangleWall {
        flag: i32::from(Glass.bit()),
        vertices: [[32.0, 3.0, 4.0], [32.0, 3.0, 20.0], [32.0, 6.0, 12.0]],
    });
    add("valid-4x3-soup.col", built(&soup));
    soup.cell_size = [64.0, 64.0];
    add("valid-1x1-soup.col", built(&soup));
    let mut corners = CourseBuilder::new([2.0, 1.0]);
    corners.triangles.extend(quad(
        [0.0, 2.0],
        [0.0, 1.0],
        [0.0, 0.0],
        flags(Carpet, 0, 0),
    ));
    corners.triangles.extend(quad(
        [30.0, 32.0],
        [23.0, 24.0],
        [1.0, 2.0],
        flags(Smooth, 0, 0),
    ));
    add("valid-16x24-soup.col", built(&corners));
    add(
        "valid-sample-course.col",
        include_bytes!("../../../samples/course.col").to_vec(),
    );

    // Versions only the lenient option accepts (STRICT: UnsupportedVersion).
    for (name, version) in [
        ("lenient-version-0.col", 0u32),
        ("lenient-version-20120817.col", 0x2012_0817),
        ("lenient-version-ffffffff.col", u32::MAX),
    ] {
        let mut bytes = one.clone();
        bytes[4..8].copy_from_slice(&version.to_le_bytes());
        add(name, bytes);
    }

    // Broken files: one field forged in a valid file, one per error kind.
    let forged = |base: &[u8], at: usize, value: &[u8]| {
        let mut bytes = base.to_vec();
        bytes[at..at + value.len()].copy_from_slice(value);
        bytes
    };
    add("err-truncated.col", one[..0x20].to_vec());
    add("err-bad-magic.col", forged(&one, 0, b"LOC\0"));
    add("err-zero-width.col", forged(&one, 8, &0i32.to_le_bytes()));
    add(
        "err-negative-length.col",
        forged(&one, 12, &(-3i32).to_le_bytes()),
    );
    let mut overflow = forged(&one, 8, &0x1_0000i32.to_le_bytes());
    overflow[12..16].copy_from_slice(&0x1_0000i32.to_le_bytes());
    add("err-cell-count-overflow.col", overflow);
    add(
        "err-cell-size-nan.col",
        forged(&one, 0x10, &f32::NAN.to_le_bytes()),
    );
    add(
        "err-cell-size-zero.col",
        forged(&one, 0x14, &0f32.to_le_bytes()),
    );
    // A 3 × 2 grid cut inside the primary grid, and after it (no secondary grid).
    add(
        "err-primary-cell-past-end.col",
        walls[..0x30 + 8 + 0x70 + 0x40].to_vec(),
    );
    let primary_end = {
        let course = zerocol::mkgp::Course::parse(&walls, zerocol::mkgp::Options::STRICT).unwrap();
        course.secondary_offset()
    };
    add(
        "err-secondary-cell-past-end.col",
        walls[..primary_end].to_vec(),
    );
    add(
        "err-negative-triangles.col",
        forged(&one, 0x30, &(-1i32).to_le_bytes()),
    );
    add(
        "err-negative-walls.col",
        forged(&one, 0x34, &i32::MIN.to_le_bytes()),
    );
    add(
        "err-negative-triangle-walls.col",
        forged(&empty, 0x38, &(-2i32).to_le_bytes()),
    );
    add(
        "err-triangles-past-end.col",
        forged(&one, 0x30, &2i32.to_le_bytes()),
    );
    add(
        "err-walls-past-end.col",
        forged(&one, 0x34, &i32::MAX.to_le_bytes()),
    );
    add(
        "err-triangle-walls-past-end.col",
        forged(&empty, 0x38, &1i32.to_le_bytes()),
    );
    let mut trailing = one.clone();
    trailing.push(0);
    add("err-trailing-byte.col", trailing);
    seeds
}

/// The name of an error kind. `ErrorKind` is `#[non_exhaustive]`, so a crate outside
/// zerocol must have a `_` arm: a new kind panics here when a file produces it, and
/// fails `every_error_kind_is_produced` until it is named.
fn name(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Truncated { .. } => "Truncated",
        ErrorKind::BadMagic { .. } => "BadMagic",
        ErrorKind::UnsupportedVersion { .. } => "UnsupportedVersion",
        ErrorKind::NonPositiveDimension { .. } => "NonPositiveDimension",
        ErrorKind::CellCountOverflow { .. } => "CellCountOverflow",
        ErrorKind::BadCellSize { .. } => "BadCellSize",
        ErrorKind::CellPastEnd { .. } => "CellPastEnd",
        ErrorKind::NegativeCount { .. } => "NegativeCount",
        ErrorKind::RecordsPastEnd { .. } => "RecordsPastEnd",
        ErrorKind::TrailingBytes { .. } => "TrailingBytes",
        other => panic!("an error kind this test does not name: {other:?}"),
    }
}

const ALL: &[&str] = &[
    "Truncated",
    "BadMagic",
    "UnsupportedVersion",
    "NonPositiveDimension",
    "CellCountOverflow",
    "BadCellSize",
    "CellPastEnd",
    "NegativeCount",
    "RecordsPastEnd",
    "TrailingBytes",
];

/// Every kind is produced by a committed file.
const UNREACHABLE: &[(&str, &str)] = &[];

#[test]
fn every_error_kind_is_produced() {
    let mut produced = BTreeSet::new();
    for (_, bytes) in super::committed("mkgp", "mkgp") {
        for options in super::mkgp::options() {
            if let Err(e) = zerocol::mkgp::Course::parse(&bytes, options) {
                produced.insert(name(&e.kind()));
            }
        }
    }
    super::kinds::assert_covered("mkgp", ALL, UNREACHABLE, &produced);
}

/// Draws `n` values of `T` from deterministic byte strings, runs `check` on each valid
/// one, and returns how many were valid.
fn replay<T: for<'a> Arbitrary<'a>>(seed: u64, n: usize, check: fn(&T)) -> usize {
    let mut rng = Rng::new(seed);
    let mut valid = 0;
    for _ in 0..n {
        let len = rng.below(4096);
        let bytes = rng.bytes(len);
        if let Ok(value) = T::arbitrary(&mut Unstructured::new(&bytes)) {
            check(&value);
            valid += 1;
        }
    }
    valid
}

#[test]
fn course_round_trips() {
    let n = 30 * scale();
    let valid = replay::<MkgpCourse>(0x6d6b_6770, n, super::mkgp::round_trip_course);
    eprintln!("MkgpCourse yield: {valid} / {n}");
    assert!(valid * 10 >= n * 9, "yield {valid} / {n}");
}

#[test]
fn soup_round_trips() {
    let n = 30 * scale();
    let valid = replay::<MkgpSoup>(0x736f_7570, n, super::mkgp::round_trip_soup);
    eprintln!("MkgpSoup yield: {valid} / {n}");
    assert!(valid * 10 >= n * 9, "yield {valid} / {n}");
}
