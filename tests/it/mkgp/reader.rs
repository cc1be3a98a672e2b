//! MKGP DX reader: every field read back from written grids, every malformed layout with its
//! exact offset and error, the cell iterators and index, every lint, and the surface flags
//! (docs/formats/mkgp.md).

use zerocol::mkgp::build::{BuiltCourse, CourseBuilder, SoupTriangle};
use zerocol::mkgp::{self, CellContents};
use zerocol::mkgp::{
    Course, Dimension, Error, ErrorKind, Grid, GridHeader, IndexError, Lint, LintKind, MAGIC,
    Options, RecordKind, SurfaceFlags, SurfaceType, Triangle, TriangleWall, VERSION, Vec3, Wall,
    raw,
};
use zerocopy::IntoBytes;

use crate::support;
use crate::support::bytes::{
    bits, i32_at, push_f32s, push_i32, push_u32, set_f32, set_i32, set_u32,
};
use crate::support::mkgp::{HEADER, TRI, TRI_WALL, WALL};

// ---------------------------------------------------------------- helpers

/// Writes a grid held in a `BuiltCourse` through `mkgp::write` itself.
fn write_grid(grid: &BuiltCourse) -> Vec<u8> {
    let cells: Vec<CellContents<'_>> = grid
        .cells
        .iter()
        .map(|(triangles, walls)| CellContents { triangles, walls })
        .collect();
    let wall_cells: Vec<&[TriangleWall]> = grid.wall_cells.iter().map(Vec::as_slice).collect();
    let len = mkgp::required_len(&cells, &wall_cells).unwrap();
    let mut out = vec![0xA5; len + 7];
    assert_eq!(
        mkgp::write(&grid.header, &cells, &wall_cells, &mut out),
        Ok(len)
    );
    out.truncate(len);
    out
}

fn header(width: u32, length: u32) -> GridHeader {
    GridHeader {
        version: VERSION,
        width,
        length,
        cell_size: [2.5, 3.75],
        min: [-12.5, 7.25],
        max: [-12.5 + 2.5 * width as f32, 7.25 + 3.75 * length as f32],
        neg_min: [12.5, -7.25],
    }
}

/// A triangle whose every float (and integer) differs from every other field's and from
/// those of every other `n`.
fn distinct_triangle(n: u32) -> Triangle {
    let f = |k: u32| {
        let v = (n * 64 + k) as f32 + 0.25;
        if k.is_multiple_of(2) { v } else { -v }
    };
    Triangle {
        min: [f(0), f(1)],
        max: [f(2), f(3)],
        vertices: [
            [f(4), f(5), f(6)],
            [f(7), f(8), f(9)],
            [f(10), f(11), f(12)],
        ],
        edges: [
            [f(13), f(14), f(15)],
            [f(16), f(17), f(18)],
            [f(19), f(20), f(21)],
        ],
        neighbours: 0x1000 + n * 3 + 1,
        flags: SurfaceFlags(0x0300_0000 + n * 5 + 2),
        normal: [f(22), f(23), f(24)],
        d: f(25),
    }
}

fn distinct_wall(n: u32) -> Wall {
    let f = |k: u32| -((n * 32 + k) as f32) - 0.5;
    Wall {
        min: [f(0), f(1), f(2)],
        max: [f(3), f(4), f(5)],
        p1: [f(6), f(7), f(8)],
        p2: [f(9), f(10), f(11)],
    }
}

fn distinct_triangle_wall(n: u32) -> TriangleWall {
    let f = |k: u32| (n * 16 + k) as f32 * 1.5 + 1000.0;
    TriangleWall {
        flag: -(n as i32) * 7 - 3,
        vertices: [[f(0), f(1), f(2)], [f(3), f(4), f(5)], [f(6), f(7), f(8)]],
    }
}

/// A W × L grid of distinct records; `shape(i)` gives cell i's (triangles, walls, triangle
/// walls) counts.
fn distinct_grid(width: u32, length: u32, shape: impl Fn(u32) -> (u32, u32, u32)) -> BuiltCourse {
    let (mut t, mut w, mut u) = (0, 0, 0);
    let mut cells = Vec::new();
    let mut wall_cells = Vec::new();
    for i in 0..width * length {
        let (nt, nw, nu) = shape(i);
        cells.push((
            (0..nt)
                .map(|_| {
                    t += 1;
                    distinct_triangle(t)
                })
                .collect(),
            (0..nw)
                .map(|_| {
                    w += 1;
                    distinct_wall(w)
                })
                .collect(),
        ));
        wall_cells.push(
            (0..nu)
                .map(|_| {
                    u += 1;
                    distinct_triangle_wall(u)
                })
                .collect(),
        );
    }
    BuiltCourse {
        header: header(width, length),
        cells,
        wall_cells,
    }
}

#[track_caller]
fn assert_triangle_eq(actual: &Triangle, expected: &Triangle) {
    assert_eq!(bits(actual.min), bits(expected.min), "min");
    assert_eq!(bits(actual.max), bits(expected.max), "max");
    for i in 0..3 {
        assert_eq!(
            bits(actual.vertices[i]),
            bits(expected.vertices[i]),
            "vertex {i}"
        );
        assert_eq!(bits(actual.edges[i]), bits(expected.edges[i]), "edge {i}");
    }
    assert_eq!(actual.neighbours, expected.neighbours, "neighbours");
    assert_eq!(actual.flags, expected.flags, "flags");
    assert_eq!(bits(actual.normal), bits(expected.normal), "normal");
    assert_eq!(actual.d.to_bits(), expected.d.to_bits(), "d");
}

#[track_caller]
fn assert_header_eq(actual: &GridHeader, expected: &GridHeader) {
    assert_eq!(actual.version, expected.version);
    assert_eq!(actual.width, expected.width);
    assert_eq!(actual.length, expected.length);
    assert_eq!(bits(actual.cell_size), bits(expected.cell_size));
    assert_eq!(bits(actual.min), bits(expected.min));
    assert_eq!(bits(actual.max), bits(expected.max));
    assert_eq!(bits(actual.neg_min), bits(expected.neg_min));
}

fn address<T>(slice: &[T]) -> usize {
    slice.as_ptr() as usize
}

/// Parses `bytes` and checks every value against `expected`, field by field, with each
/// record slice pointing into `bytes` at the offset the layout gives.
#[track_caller]
fn assert_reads_back(bytes: &[u8], expected: &BuiltCourse) {
    let course = Course::parse(bytes, Options::STRICT).unwrap();
    let base = address(bytes);
    assert_eq!(address(course.bytes()), base);
    assert_eq!(course.bytes().len(), bytes.len());
    assert_header_eq(&course.grid(), &expected.header);
    assert_eq!(course.version(), expected.header.version);
    let (w, l) = (expected.header.width, expected.header.length);
    assert_eq!((course.width(), course.length()), (w, l));
    assert_eq!(course.cell_count(), w * l);
    assert_eq!(course.header().as_bytes(), &bytes[..HEADER]);
    assert_header_eq(&course.header().decode(), &expected.header);
    assert_eq!(
        raw::Header::from(&expected.header).as_bytes(),
        &bytes[..HEADER]
    );

    let mut at = HEADER;
    assert_eq!(course.cells().len(), expected.cells.len());
    let mut seen = 0;
    for (i, (cell, (triangles, walls))) in course.cells().zip(&expected.cells).enumerate() {
        let i = i as u32;
        assert_eq!(cell.index(), i);
        assert_eq!((cell.x(), cell.z()), (i % w, i / w), "cell {i}");
        assert_eq!(cell.offset(), at, "cell {i}");
        assert_eq!(i32_at(bytes, at), triangles.len() as i32);
        assert_eq!(i32_at(bytes, at + 4), walls.len() as i32);
        at += 8;
        assert_eq!(cell.triangles().len(), triangles.len(), "cell {i}");
        assert_eq!(address(cell.triangles()), base + at);
        for (raw, t) in cell.triangles().iter().zip(triangles) {
            assert_triangle_eq(&raw.decode(), t);
            assert_eq!(raw.as_bytes(), raw::Triangle::from(t).as_bytes());
        }
        at += TRI * triangles.len();
        assert_eq!(cell.walls().len(), walls.len(), "cell {i}");
        assert_eq!(address(cell.walls()), base + at);
        for (raw, wall) in cell.walls().iter().zip(walls) {
            let got = raw.decode();
            assert_eq!(bits(got.min), bits(wall.min));
            assert_eq!(bits(got.max), bits(wall.max));
            assert_eq!(bits(got.p1), bits(wall.p1));
            assert_eq!(bits(got.p2), bits(wall.p2));
            assert_eq!(
                [raw.min_pad, raw.max_pad, raw.p1_pad, raw.p2_pad].map(|p| p.get().to_bits()),
                [0; 4]
            );
        }
        at += WALL * walls.len();
        seen += 1;
    }
    assert_eq!(seen, expected.cells.len());
    assert_eq!(course.secondary_offset(), at);

    assert_eq!(course.wall_cells().len(), expected.wall_cells.len());
    let mut seen = 0;
    for (i, (cell, walls)) in course.wall_cells().zip(&expected.wall_cells).enumerate() {
        let i = i as u32;
        assert_eq!(cell.index(), i);
        assert_eq!((cell.x(), cell.z()), (i % w, i / w), "wall cell {i}");
        assert_eq!(cell.offset(), at, "wall cell {i}");
        assert_eq!(i32_at(bytes, at), walls.len() as i32);
        at += 4;
        assert_eq!(cell.triangle_walls().len(), walls.len());
        assert_eq!(address(cell.triangle_walls()), base + at);
        for (raw, wall) in cell.triangle_walls().iter().zip(walls) {
            let got = raw.decode();
            assert_eq!(got.flag, wall.flag);
            for k in 0..3 {
                assert_eq!(bits(got.vertices[k]), bits(wall.vertices[k]));
            }
            assert_eq!(raw.zero.map(|z| z.get().to_bits()), [0; 4]);
        }
        at += TRI_WALL * walls.len();
        seen += 1;
    }
    assert_eq!(seen, expected.wall_cells.len());
    assert_eq!(at, bytes.len());
}

#[track_caller]
fn parse_err(bytes: &[u8]) -> Error {
    match Course::parse(bytes, Options::STRICT) {
        Ok(_) => panic!("a malformed file parsed"),
        Err(e) => e,
    }
}

#[track_caller]
fn assert_err(bytes: &[u8], offset: usize, kind: ErrorKind) {
    let e = parse_err(bytes);
    assert_eq!((e.offset(), e.kind()), (offset, kind), "{e}");
    // Strictness only concerns the version word: the lenient reader agrees.
    assert_eq!(Course::parse(bytes, Options::LENIENT).unwrap_err(), e);
    assert_display_prefix(&e);
}

#[track_caller]
fn assert_display_prefix(e: &Error) {
    let text = e.to_string();
    let prefix = format!("byte {} (0x{:x}): ", e.offset(), e.offset());
    assert!(text.starts_with(&prefix), "{text:?} lacks {prefix:?}");
    assert!(text.len() > prefix.len());
}

/// A hand-made 0x30-byte header.
fn raw_header(version: u32, width: i32, length: i32, cell_size: [f32; 2]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&MAGIC);
    push_u32(&mut out, version);
    push_i32(&mut out, width);
    push_i32(&mut out, length);
    push_f32s(
        &mut out,
        &[cell_size[0], cell_size[1], 0.0, 0.0, 10.0, 10.0, -0.0, -0.0],
    );
    assert_eq!(out.len(), HEADER);
    out
}

/// The base file of the malformed-layout tests: a 2 × 1 grid. Primary cell 0: one
/// triangle, one wall; cell 1: no triangle, two walls. Secondary cell 0: one triangle
/// wall; cell 1: none.
fn base() -> Vec<u8> {
    let grid = BuiltCourse {
        header: GridHeader {
            version: VERSION,
            width: 2,
            length: 1,
            cell_size: [5.0, 10.0],
            min: [0.0, 0.0],
            max: [10.0, 10.0],
            neg_min: [-0.0, -0.0],
        },
        cells: vec![
            (vec![distinct_triangle(1)], vec![distinct_wall(1)]),
            (vec![], vec![distinct_wall(2), distinct_wall(3)]),
        ],
        wall_cells: vec![vec![distinct_triangle_wall(1)], vec![]],
    };
    write_grid(&grid)
}

// Offsets in `base()`.
const CELL0: usize = 0x30;
const CELL1: usize = CELL0 + 8 + TRI + WALL; // 0xE8
const SECONDARY0: usize = CELL1 + 8 + 2 * WALL; // 0x170
const SECONDARY1: usize = SECONDARY0 + 4 + TRI_WALL; // 0x1AC
const END: usize = SECONDARY1 + 4; // 0x1B0

#[test]
fn base_layout_is_as_the_tests_assume() {
    let bytes = base();
    assert_eq!(
        (CELL1, SECONDARY0, SECONDARY1, END),
        (0xE8, 0x170, 0x1AC, 0x1B0)
    );
    assert_eq!(bytes.len(), END);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let offsets: Vec<usize> = course.cells().map(|c| c.offset()).collect();
    assert_eq!(offsets, [CELL0, CELL1]);
    let offsets: Vec<usize> = course.wall_cells().map(|c| c.offset()).collect();
    assert_eq!(offsets, [SECONDARY0, SECONDARY1]);
    assert_eq!(course.secondary_offset(), SECONDARY0);
}

// ---------------------------------------------------------------- round trips

#[test]
fn round_trip_one_by_one() {
    let grid = distinct_grid(1, 1, |_| (2, 3, 2));
    assert_reads_back(&write_grid(&grid), &grid);
    // And the emptiest file: one empty cell in each grid.
    let empty = distinct_grid(1, 1, |_| (0, 0, 0));
    let bytes = write_grid(&empty);
    assert_eq!(bytes.len(), HEADER + 8 + 4);
    assert_reads_back(&bytes, &empty);
}

#[test]
fn round_trip_three_by_two_with_empty_and_wall_only_cells() {
    // Cells: empty, walls only, triangles only, both, one of each, empty.
    let shapes = [
        (0, 0, 1),
        (0, 2, 0),
        (3, 0, 0),
        (1, 1, 2),
        (2, 2, 0),
        (0, 0, 0),
    ];
    let grid = distinct_grid(3, 2, |i| shapes[i as usize]);
    assert_reads_back(&write_grid(&grid), &grid);
}

#[test]
fn round_trip_five_by_four() {
    let grid = distinct_grid(5, 4, |i| (i % 3, (i / 2) % 3, (i * 7) % 4));
    let bytes = write_grid(&grid);
    assert_reads_back(&bytes, &grid);
    // Each cell distinct, so a cell read from the wrong place would show.
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let cell = course.cell(3, 2).unwrap();
    assert_eq!(cell.index(), 13);
    assert_triangle_eq(&cell.triangles()[0].decode(), &grid.cells[13].0[0]);
}

#[test]
fn round_trip_one_row_and_one_column() {
    for (w, l) in [(7, 1), (1, 6)] {
        let grid = distinct_grid(w, l, |i| (i % 2, (i + 1) % 2, i % 3));
        assert_reads_back(&write_grid(&grid), &grid);
    }
}

#[test]
fn round_trip_keeps_every_float_bit_pattern() {
    // Geometry is never rejected: NaN payloads, infinities, −0.0 and subnormals read back.
    let nan = f32::from_bits(0x7FC0_1234);
    let odd = [
        nan,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
        f32::from_bits(1),
        f32::MAX,
        f32::MIN,
        -f32::from_bits(0x7FA0_0001),
    ];
    let mut t = distinct_triangle(9);
    t.min = [odd[0], odd[1]];
    t.max = [odd[2], odd[3]];
    t.vertices[1] = [odd[4], odd[5], odd[6]];
    t.normal = [odd[7], odd[0], odd[3]];
    t.d = odd[7];
    t.neighbours = u32::MAX;
    t.flags = SurfaceFlags(u32::MAX);
    let mut w = distinct_wall(9);
    w.p2 = [odd[0], odd[3], odd[7]];
    let mut tw = distinct_triangle_wall(9);
    tw.flag = i32::MIN;
    tw.vertices[2] = [odd[1], odd[2], odd[0]];
    let mut grid = distinct_grid(2, 1, |_| (0, 0, 0));
    grid.header.min = [odd[3], odd[4]];
    grid.header.max = [odd[5], odd[6]];
    grid.header.neg_min = [odd[0], odd[7]];
    grid.header.cell_size = [f32::from_bits(1), f32::MAX];
    grid.cells[1] = (vec![t], vec![w]);
    grid.wall_cells[0] = vec![tw];
    assert_reads_back(&write_grid(&grid), &grid);
}

#[test]
fn round_trip_of_built_courses() {
    let sample = support::mkgp::sample_course();
    let bytes = sample.to_bytes().unwrap();
    assert_reads_back(&bytes, &sample);
    // The shipped sample file is the same course.
    let shipped = include_bytes!("../../../samples/course.col");
    assert_reads_back(shipped, &sample);

    // A second soup: a fan of triangles around the origin over non-square cells.
    let mut builder = CourseBuilder::new([3.0, 5.0]);
    let centre = [0.0, 2.0, 0.0];
    let ring: Vec<Vec3> = (0..8)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / 8.0;
            [10.0 * a.cos(), k as f32 * 0.25, 10.0 * a.sin()]
        })
        .collect();
    for k in 0..8 {
        builder.triangles.push(SoupTriangle {
            vertices: [centre, ring[(k + 1) % 8], ring[k]],
            flags: SurfaceFlags(u32::from(SurfaceType::ALL[k].bit()) | (k as u32) << 16),
        });
    }
    builder.triangle_walls.push(TriangleWall {
        flag: 5,
        vertices: [[10.0, 0.0, 0.0], [10.0, 3.0, 0.0], [7.0, 3.0, 7.0]],
    });
    let built = builder.build().unwrap();
    assert_eq!((built.header.width, built.header.length), (7, 4));
    assert!(built.cells.iter().any(|(_, w)| !w.is_empty()));
    assert_reads_back(&built.to_bytes().unwrap(), &built);
}

#[test]
fn nonzero_pads_are_read_but_not_decoded() {
    let mut bytes = base();
    // Wall pads of cell 0's wall, and the four zero floats of the triangle wall.
    let wall = CELL0 + 8 + TRI;
    for (k, pad) in [0x0C, 0x1C, 0x2C, 0x3C].into_iter().enumerate() {
        set_f32(&mut bytes, wall + pad, k as f32 + 1.0);
    }
    let tw = SECONDARY0 + 4;
    for k in 0..4 {
        set_f32(&mut bytes, tw + 0x28 + 4 * k, -(k as f32) - 1.0);
    }
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let raw = &course.cells().next().unwrap().walls()[0];
    assert_eq!(
        [raw.min_pad, raw.max_pad, raw.p1_pad, raw.p2_pad].map(|p| p.get()),
        [1.0, 2.0, 3.0, 4.0]
    );
    assert_eq!(raw.decode(), distinct_wall(1));
    let raw = &course.wall_cells().next().unwrap().triangle_walls()[0];
    assert_eq!(raw.zero.map(|z| z.get()), [-1.0, -2.0, -3.0, -4.0]);
    assert_eq!(raw.decode(), distinct_triangle_wall(1));
    // Pads are not checked: the lints are those of the file with zero pads.
    let clean: Vec<Lint> = Course::parse(&base(), Options::STRICT)
        .unwrap()
        .lints()
        .collect();
    assert_eq!(course.lints().collect::<Vec<_>>(), clean);
}

#[test]
fn header_decode_and_encode_at_the_i32_edges() {
    // W and L above i32::MAX do not fit the file's i32: the encoding stores i32::MAX
    // (write() refuses such a header first); a negative stored W or L decodes as 0.
    let mut h = raw::Header::from(&header(u32::MAX, 1 << 31));
    assert_eq!(h.magic, MAGIC);
    assert_eq!((h.width.get(), h.length.get()), (i32::MAX, i32::MAX));
    assert_eq!(h.decode().width, i32::MAX as u32);
    h.width.set(-1);
    h.length.set(i32::MIN);
    let g = h.decode();
    assert_eq!((g.width, g.length, g.version), (0, 0, VERSION));
    assert_eq!(g.cell_size, [2.5, 3.75]);
    assert_eq!(g.neg_min, [12.5, -7.25]);
}

// ---------------------------------------------------------------- malformed headers

#[test]
fn bad_magic() {
    let mut bytes = base();
    bytes[3] = b'X';
    assert_err(&bytes, 0, ErrorKind::BadMagic { found: *b"COLX" });
    bytes[..4].copy_from_slice(b"col\0");
    assert_err(&bytes, 0, ErrorKind::BadMagic { found: *b"col\0" });
    // A GTA file is not a course.
    let gta = include_bytes!("../../../samples/sample.col");
    let e = parse_err(gta);
    assert_eq!(e.offset(), 0);
    assert!(matches!(e.kind(), ErrorKind::BadMagic { .. }));
}

#[test]
fn bad_magic_in_a_file_shorter_than_four_bytes() {
    for (bytes, found) in [
        (&b"X"[..], [b'X', 0, 0, 0]),
        (b"CX", [b'C', b'X', 0, 0]),
        (b"COX", [b'C', b'O', b'X', 0]),
        (b"\0\0\0", [0; 4]),
        (b"OL", [b'O', b'L', 0, 0]),
    ] {
        assert_err(bytes, 0, ErrorKind::BadMagic { found });
    }
}

#[test]
fn a_file_shorter_than_the_magic_that_matches_it_is_truncated() {
    for len in 0..4 {
        assert_err(
            &MAGIC[..len],
            0,
            ErrorKind::Truncated {
                needed: 0x30,
                available: len,
            },
        );
    }
}

#[test]
fn wrong_version_is_an_error_at_byte_4_unless_lenient() {
    let mut bytes = base();
    set_u32(&mut bytes, 4, 0x2012_0817);
    let e = parse_err(&bytes);
    assert_eq!(e.offset(), 4);
    assert_eq!(
        e.kind(),
        ErrorKind::UnsupportedVersion { found: 0x2012_0817 }
    );
    assert_display_prefix(&e);

    let course = Course::parse(&bytes, Options::LENIENT).unwrap();
    assert_eq!(course.version(), 0x2012_0817);
    assert_eq!(course.grid().version, 0x2012_0817);
    let lints: Vec<Lint> = course.lints().collect();
    assert_eq!(
        lints[0],
        Lint {
            offset: 4,
            cell: None,
            kind: LintKind::UnexpectedVersion { found: 0x2012_0817 },
        }
    );
    assert!(lints[0].kind.is_tolerated());
    // The rest of the file reads as before, with the same (geometry) lints.
    let good = base();
    let strict = Course::parse(&good, Options::STRICT).unwrap();
    assert_eq!(lints[1..], strict.lints().collect::<Vec<_>>());
    assert!(lints[1..].iter().all(|l| !l.kind.is_tolerated()));
    // tolerated() lists exactly the version lint; a strict read tolerates nothing.
    assert_eq!(course.tolerated().collect::<Vec<_>>(), [lints[0]]);
    assert!(lints[0].is_tolerated());
    assert_eq!(strict.tolerated().count(), 0);
    assert!(
        strict.lints().count() > 0,
        "the sample has geometry lints to skip"
    );
    assert_eq!(course.secondary_offset(), strict.secondary_offset());
    assert_eq!(course.cells().count(), 2);

    // Byte order matters: the word is 16 08 12 20, not 20 12 08 16.
    bytes[4..8].copy_from_slice(&[0x20, 0x12, 0x08, 0x16]);
    assert_eq!(
        parse_err(&bytes).kind(),
        ErrorKind::UnsupportedVersion { found: 0x1608_1220 }
    );
    bytes[4..8].copy_from_slice(&[0x16, 0x08, 0x12, 0x20]);
    assert!(Course::parse(&bytes, Options::STRICT).is_ok());
    assert_eq!(Options::default(), Options::STRICT);
}

#[test]
fn truncated_header() {
    let bytes = base();
    for len in 4..HEADER {
        assert_err(
            &bytes[..len],
            0,
            ErrorKind::Truncated {
                needed: 0x30,
                available: len,
            },
        );
    }
    // A wrong version in a truncated header: the truncation is reported first.
    let mut short = bytes[..0x20].to_vec();
    set_u32(&mut short, 4, 1);
    assert_eq!(
        parse_err(&short).kind(),
        ErrorKind::Truncated {
            needed: 0x30,
            available: 0x20
        }
    );
}

#[test]
fn non_positive_width() {
    for value in [0, -1, -2, i32::MIN] {
        let mut bytes = base();
        set_i32(&mut bytes, 8, value);
        assert_err(
            &bytes,
            8,
            ErrorKind::NonPositiveDimension {
                dimension: Dimension::Width,
                value,
            },
        );
    }
}

#[test]
fn non_positive_length() {
    for value in [0, -1, -7, i32::MIN] {
        let mut bytes = base();
        set_i32(&mut bytes, 12, value);
        assert_err(
            &bytes,
            12,
            ErrorKind::NonPositiveDimension {
                dimension: Dimension::Length,
                value,
            },
        );
    }
}

#[test]
fn header_checks_run_in_field_order() {
    // Version before W, W before L, L before the cell sizes.
    let mut bytes = raw_header(1, 0, -3, [f32::NAN, 0.0]);
    assert_eq!(parse_err(&bytes).offset(), 4);
    assert_eq!(
        Course::parse(&bytes, Options::LENIENT)
            .unwrap_err()
            .offset(),
        8
    );
    set_i32(&mut bytes, 8, 1);
    assert_eq!(
        Course::parse(&bytes, Options::LENIENT).unwrap_err().kind(),
        ErrorKind::NonPositiveDimension {
            dimension: Dimension::Length,
            value: -3
        }
    );
    set_i32(&mut bytes, 12, 1);
    assert_eq!(
        Course::parse(&bytes, Options::LENIENT)
            .unwrap_err()
            .offset(),
        0x10
    );
    set_f32(&mut bytes, 0x10, 1.0);
    assert_eq!(
        Course::parse(&bytes, Options::LENIENT).unwrap_err().kind(),
        ErrorKind::BadCellSize {
            dimension: Dimension::Length,
            value: 0.0
        }
    );
    // An overflowing W × L is checked before the cell sizes.
    let bytes = raw_header(VERSION, i32::MAX, 2, [0.0, 0.0]);
    assert_eq!(parse_err(&bytes).offset(), 8);
}

#[test]
fn cell_count_overflowing_an_i32() {
    for (width, length) in [
        (65_536, 32_768),
        (46_341, 46_341),
        (i32::MAX, 2),
        (2, i32::MAX),
        (i32::MAX, i32::MAX),
    ] {
        let mut bytes = base();
        set_i32(&mut bytes, 8, width);
        set_i32(&mut bytes, 12, length);
        assert_err(&bytes, 8, ErrorKind::CellCountOverflow { width, length });
    }
    // Just inside: 46340² and i32::MAX × 1 fit, and fail only at the first missing cell.
    for (width, length) in [(46_340, 46_340), (i32::MAX, 1), (1, i32::MAX)] {
        let bytes = raw_header(VERSION, width, length, [1.0, 1.0]);
        assert_err(
            &bytes,
            0x30,
            ErrorKind::CellPastEnd {
                grid: Grid::Primary,
                cell: 0,
            },
        );
    }
}

#[test]
fn bad_cell_sizes() {
    let values = [
        0.0,
        -0.0,
        -1.0,
        -f32::from_bits(1),
        f32::NAN,
        -f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MIN,
    ];
    for (at, dimension) in [(0x10, Dimension::Width), (0x14, Dimension::Length)] {
        for value in values {
            let mut bytes = base();
            set_f32(&mut bytes, at, value);
            let e = parse_err(&bytes);
            assert_eq!(e.offset(), at, "{value}");
            assert_display_prefix(&e);
            match e.kind() {
                ErrorKind::BadCellSize {
                    dimension: d,
                    value: v,
                } => {
                    assert_eq!(d, dimension);
                    assert_eq!(v.to_bits(), value.to_bits());
                }
                other => panic!("{other:?}"),
            }
        }
    }
    // The smallest subnormal and the largest float are finite and positive: accepted.
    for value in [f32::from_bits(1), f32::MAX] {
        let mut bytes = base();
        set_f32(&mut bytes, 0x10, value);
        set_f32(&mut bytes, 0x14, value);
        let course = Course::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!(course.grid().cell_size, [value, value]);
    }
}

// ---------------------------------------------------------------- malformed grids

#[test]
fn negative_triangle_count_blames_its_field() {
    for (at, cell, count) in [(CELL0, 0, -1), (CELL1, 1, i32::MIN)] {
        let mut bytes = base();
        set_i32(&mut bytes, at, count);
        assert_err(
            &bytes,
            at,
            ErrorKind::NegativeCount {
                grid: Grid::Primary,
                cell,
                records: RecordKind::Triangles,
                count,
            },
        );
    }
}

#[test]
fn negative_wall_count_blames_its_field() {
    for (at, cell, count) in [(CELL0 + 4, 0, -1), (CELL1 + 4, 1, i32::MIN)] {
        let mut bytes = base();
        set_i32(&mut bytes, at, count);
        assert_err(
            &bytes,
            at,
            ErrorKind::NegativeCount {
                grid: Grid::Primary,
                cell,
                records: RecordKind::Walls,
                count,
            },
        );
    }
}

#[test]
fn negative_triangle_wall_count_blames_its_field() {
    for (at, cell, count) in [(SECONDARY0, 0, -1), (SECONDARY1, 1, i32::MIN)] {
        let mut bytes = base();
        set_i32(&mut bytes, at, count);
        assert_err(
            &bytes,
            at,
            ErrorKind::NegativeCount {
                grid: Grid::Secondary,
                cell,
                records: RecordKind::TriangleWalls,
                count,
            },
        );
    }
}

#[test]
fn triangles_past_the_end() {
    // In the base file, a count far beyond the file.
    let mut bytes = base();
    set_i32(&mut bytes, CELL1, i32::MAX);
    assert_err(
        &bytes,
        CELL1,
        ErrorKind::RecordsPastEnd {
            grid: Grid::Primary,
            cell: 1,
            records: RecordKind::Triangles,
            count: i32::MAX,
            end: (CELL1 + 8) as u64 + i32::MAX as u64 * 0x70,
            file_len: END,
        },
    );
    // A 1 × 1 file whose one triangle stops a byte short.
    let mut bytes = raw_header(VERSION, 1, 1, [10.0, 10.0]);
    push_i32(&mut bytes, 1);
    push_i32(&mut bytes, 0);
    bytes.extend_from_slice(&[0; TRI - 1]);
    assert_err(
        &bytes,
        0x30,
        ErrorKind::RecordsPastEnd {
            grid: Grid::Primary,
            cell: 0,
            records: RecordKind::Triangles,
            count: 1,
            end: 0x38 + 0x70,
            file_len: 0x38 + 0x6F,
        },
    );
}

#[test]
fn walls_past_the_end() {
    // One triangle present, its wall only partly.
    let mut bytes = raw_header(VERSION, 1, 1, [10.0, 10.0]);
    push_i32(&mut bytes, 1);
    push_i32(&mut bytes, 2);
    bytes.extend_from_slice(&[0; TRI + WALL + 10]);
    assert_err(
        &bytes,
        0x34,
        ErrorKind::RecordsPastEnd {
            grid: Grid::Primary,
            cell: 0,
            records: RecordKind::Walls,
            count: 2,
            end: 0x38 + 0x70 + 0x80,
            file_len: 0x38 + 0x70 + 0x40 + 10,
        },
    );
    // In the base file, cell 1's wall count past everything.
    let mut bytes = base();
    set_i32(&mut bytes, CELL1 + 4, 1000);
    assert_err(
        &bytes,
        CELL1 + 4,
        ErrorKind::RecordsPastEnd {
            grid: Grid::Primary,
            cell: 1,
            records: RecordKind::Walls,
            count: 1000,
            end: (CELL1 + 8 + 1000 * WALL) as u64,
            file_len: END,
        },
    );
}

#[test]
fn triangle_walls_past_the_end() {
    let mut bytes = raw_header(VERSION, 1, 1, [10.0, 10.0]);
    push_i32(&mut bytes, 0);
    push_i32(&mut bytes, 0);
    push_i32(&mut bytes, 2);
    bytes.extend_from_slice(&[0; TRI_WALL]);
    assert_err(
        &bytes,
        0x38,
        ErrorKind::RecordsPastEnd {
            grid: Grid::Secondary,
            cell: 0,
            records: RecordKind::TriangleWalls,
            count: 2,
            end: 0x3C + 2 * 0x38,
            file_len: 0x3C + 0x38,
        },
    );
    let mut bytes = base();
    set_i32(&mut bytes, SECONDARY1, 1);
    assert_err(
        &bytes,
        SECONDARY1,
        ErrorKind::RecordsPastEnd {
            grid: Grid::Secondary,
            cell: 1,
            records: RecordKind::TriangleWalls,
            count: 1,
            end: (END + TRI_WALL) as u64,
            file_len: END,
        },
    );
}

#[test]
fn cell_header_past_the_end_of_the_primary_grid() {
    let bytes = base();
    // Cut anywhere in cell 1's 8-byte header.
    for len in CELL1..CELL1 + 8 {
        assert_err(
            &bytes[..len],
            CELL1,
            ErrorKind::CellPastEnd {
                grid: Grid::Primary,
                cell: 1,
            },
        );
    }
    // A header and nothing else.
    assert_err(
        &bytes[..HEADER],
        HEADER,
        ErrorKind::CellPastEnd {
            grid: Grid::Primary,
            cell: 0,
        },
    );
}

#[test]
fn a_file_that_stops_after_the_primary_grid() {
    let bytes = base();
    assert_err(
        &bytes[..SECONDARY0],
        SECONDARY0,
        ErrorKind::CellPastEnd {
            grid: Grid::Secondary,
            cell: 0,
        },
    );
    // Stopping inside the secondary grid names the first missing cell.
    for len in SECONDARY1..END {
        assert_err(
            &bytes[..len],
            SECONDARY1,
            ErrorKind::CellPastEnd {
                grid: Grid::Secondary,
                cell: 1,
            },
        );
    }
    // A 1 × 1 file with only a primary cell.
    let mut bytes = raw_header(VERSION, 1, 1, [10.0, 10.0]);
    bytes.extend_from_slice(&[0; 8]);
    assert_err(
        &bytes,
        0x38,
        ErrorKind::CellPastEnd {
            grid: Grid::Secondary,
            cell: 0,
        },
    );
}

#[test]
fn trailing_bytes() {
    let mut bytes = base();
    bytes.push(0);
    assert_err(&bytes, END, ErrorKind::TrailingBytes { len: 1 });
    // Many, even ones that look like another grid of empty cells.
    let mut bytes = base();
    bytes.extend_from_slice(&[0; 12]);
    assert_err(&bytes, END, ErrorKind::TrailingBytes { len: 12 });
    let mut bytes = base();
    bytes.extend((0..5000).map(|i| i as u8));
    assert_err(&bytes, END, ErrorKind::TrailingBytes { len: 5000 });
}

#[test]
fn a_huge_grid_in_a_tiny_file_fails_at_the_first_missing_cell() {
    // 46340² cells claimed, one empty cell present.
    let mut bytes = raw_header(VERSION, 46_340, 46_340, [1.0, 1.0]);
    bytes.extend_from_slice(&[0; 8]);
    assert_err(
        &bytes,
        0x38,
        ErrorKind::CellPastEnd {
            grid: Grid::Primary,
            cell: 1,
        },
    );
    // i32::MAX cells and a megabyte of empty ones: a million cells walked, then the end.
    let mut bytes = raw_header(VERSION, i32::MAX, 1, [1.0, 1.0]);
    bytes.resize(HEADER + (1 << 20), 0);
    assert_err(
        &bytes,
        HEADER + (1 << 20),
        ErrorKind::CellPastEnd {
            grid: Grid::Primary,
            cell: 1 << 17,
        },
    );
    // A grid whose primary cells are all there, but not its secondary ones.
    let cells = 1 << 12;
    let mut bytes = raw_header(VERSION, 64, 64, [1.0, 1.0]);
    bytes.resize(HEADER + 8 * cells + 4 * (cells - 1), 0);
    assert_err(
        &bytes,
        bytes.len(),
        ErrorKind::CellPastEnd {
            grid: Grid::Secondary,
            cell: cells as u32 - 1,
        },
    );
    // With the last one it parses.
    bytes.extend_from_slice(&[0; 4]);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(course.cell_count(), 4096);
    assert!(course.cells().all(|c| c.triangles().is_empty()));
}

// ---------------------------------------------------------------- display

#[test]
fn errors_display_their_offset_then_what_was_wrong() {
    let mut bytes = base();
    set_u32(&mut bytes, 4, 0x2012_0817);
    assert_eq!(
        parse_err(&bytes).to_string(),
        "byte 4 (0x4): expected the version word 0x20120816 (bytes 16 08 12 20), found 0x20120817 \
         (the game refuses this file)"
    );
    assert_eq!(
        parse_err(&base()[..SECONDARY0]).to_string(),
        "byte 368 (0x170): file ends before cell 0 of the secondary (triangle wall) grid"
    );
    let mut bytes = base();
    set_i32(&mut bytes, CELL1 + 4, -2);
    assert_eq!(
        parse_err(&bytes).to_string(),
        "byte 236 (0xec): expected a count of walls of at least 0 in cell 1 of the primary grid, found -2"
    );
    let mut bytes = base();
    set_i32(&mut bytes, 12, 0);
    assert_eq!(
        parse_err(&bytes).to_string(),
        "byte 12 (0xc): expected a grid length (L) of at least 1, found 0"
    );
    let mut bytes = base();
    bytes.extend_from_slice(&[1, 2, 3]);
    assert_eq!(
        parse_err(&bytes).to_string(),
        "byte 432 (0x1b0): expected the file to end after the secondary grid, found 3 more bytes"
    );
    assert_eq!(
        parse_err(&base()[..10]).to_string(),
        "byte 0 (0x0): expected a 48-byte header, found only 10 bytes"
    );
    let mut bytes = base();
    set_i32(&mut bytes, 8, 65_536);
    set_i32(&mut bytes, 12, 32_768);
    assert_eq!(
        parse_err(&bytes).to_string(),
        "byte 8 (0x8): grid of 65536 × 32768 cells overflows a 32-bit cell count"
    );
    let e = parse_err(b"ABCD");
    assert!(e.to_string().starts_with("byte 0 (0x0): "), "{e}");
    assert!(e.to_string().contains("\"ABCD\""), "{e}");
    // Usable as a `std::error::Error`.
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert_eq!(boxed.to_string(), e.to_string());
}

// ---------------------------------------------------------------- iterators

#[test]
fn cells_iterate_in_file_order_with_exact_size() {
    let grid = distinct_grid(5, 4, |i| (i % 2, i % 3, i % 4));
    let bytes = write_grid(&grid);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let mut cells = course.cells();
    let mut previous = None;
    for i in 0..20u32 {
        assert_eq!(cells.len(), (20 - i) as usize);
        assert_eq!(
            cells.size_hint(),
            ((20 - i) as usize, Some((20 - i) as usize))
        );
        let cell = cells.next().unwrap();
        assert_eq!(cell.index(), i);
        assert_eq!((cell.x(), cell.z()), (i % 5, i / 5));
        if let Some(p) = previous {
            assert!(cell.offset() > p);
        }
        previous = Some(cell.offset());
        assert_eq!(cell.triangles().len(), (i % 2) as usize);
        assert_eq!(cell.walls().len(), (i % 3) as usize);
    }
    assert_eq!(cells.len(), 0);
    assert!(cells.next().is_none());
    assert!(cells.next().is_none(), "fused");
    // Adapters agree with the walk.
    assert_eq!(course.cells().count(), 20);
    assert_eq!(course.cells().nth(7).unwrap().index(), 7);
    assert_eq!(course.cells().last().unwrap().index(), 19);
    let clone = course.cells().skip(3);
    assert_eq!(clone.len(), 17);
}

#[test]
fn wall_cells_iterate_in_file_order_with_exact_size() {
    let grid = distinct_grid(3, 4, |i| (1, 0, i % 3));
    let bytes = write_grid(&grid);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let mut cells = course.wall_cells();
    let mut at = course.secondary_offset();
    for i in 0..12u32 {
        assert_eq!(cells.len(), (12 - i) as usize);
        let cell = cells.next().unwrap();
        assert_eq!(cell.index(), i);
        assert_eq!((cell.x(), cell.z()), (i % 3, i / 3));
        assert_eq!(cell.offset(), at);
        assert_eq!(cell.triangle_walls().len(), (i % 3) as usize);
        at += 4 + TRI_WALL * (i % 3) as usize;
    }
    assert_eq!(at, bytes.len());
    assert_eq!(cells.len(), 0);
    assert!(cells.next().is_none());
    assert!(cells.next().is_none(), "fused");
}

#[test]
fn course_cell_finds_each_cell_by_column_and_row() {
    let grid = distinct_grid(3, 2, |i| (i % 2 + 1, 0, 0));
    let bytes = write_grid(&grid);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    for cell in course.cells() {
        let found = course.cell(cell.x(), cell.z()).unwrap();
        assert_eq!(found.offset(), cell.offset());
        assert_eq!(found.index(), cell.x() + 3 * cell.z());
        assert_eq!((found.x(), found.z()), (cell.x(), cell.z()));
        assert_triangle_eq(
            &found.triangles()[0].decode(),
            &grid.cells[found.index() as usize].0[0],
        );
    }
    for (x, z) in [
        (3, 0),
        (0, 2),
        (3, 2),
        (u32::MAX, 0),
        (0, u32::MAX),
        (u32::MAX, u32::MAX),
    ] {
        assert!(course.cell(x, z).is_none(), "({x}, {z})");
    }
}

// ---------------------------------------------------------------- index

#[test]
fn index_needs_storage_for_every_cell() {
    let grid = distinct_grid(3, 2, |_| (1, 1, 1));
    let bytes = write_grid(&grid);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    for size in [0, 1, 5] {
        let mut storage = vec![0; size];
        let e = course.index(&mut storage).unwrap_err();
        assert_eq!(
            e,
            IndexError::StorageTooSmall(zerocol::wire::StorageTooSmall {
                needed: 6,
                available: size
            })
        );
        assert_eq!(
            e.to_string(),
            format!("cell index: expected caller storage of at least 6 entries, found {size}")
        );
    }
}

#[test]
fn index_cells_are_the_walked_cells() {
    let grid = distinct_grid(5, 4, |i| (i % 3, (i + 1) % 2, i % 2));
    let bytes = write_grid(&grid);
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    for size in [20, 21, 64] {
        let mut storage = vec![u32::MAX; size];
        {
            let index = course.index(&mut storage).unwrap();
            assert_eq!(index.course().cell_count(), 20);
            for z in 0..4 {
                for x in 0..5 {
                    let a = index.cell(x, z).unwrap();
                    let b = course.cell(x, z).unwrap();
                    assert_eq!((a.index(), a.x(), a.z()), (b.index(), b.x(), b.z()));
                    assert_eq!((a.x(), a.z()), (x, z));
                    assert_eq!(a.offset(), b.offset());
                    assert_eq!(address(a.triangles()), address(b.triangles()));
                    assert_eq!(a.triangles().len(), b.triangles().len());
                    assert_eq!(address(a.walls()), address(b.walls()));
                    assert_eq!(a.walls().len(), b.walls().len());
                    for (t, e) in a.triangles().iter().zip(&grid.cells[a.index() as usize].0) {
                        assert_triangle_eq(&t.decode(), e);
                    }
                }
            }
            for (x, z) in [(5, 0), (0, 4), (5, 4), (u32::MAX, 3), (2, u32::MAX)] {
                assert!(index.cell(x, z).is_none(), "({x}, {z})");
            }
            // World positions: the grid starts at min (-12.5, 7.25), cells 2.5 × 3.75.
            let cell = index
                .cell_at(-12.5 + 2.5 * 3.0 + 0.1, 7.25 + 3.75 * 2.0)
                .unwrap();
            assert_eq!((cell.x(), cell.z()), (3, 2));
            assert!(index.cell_at(-12.6, 8.0).is_none());
            assert!(index.cell_at(f32::NAN, 8.0).is_none());
        }
        // The storage holds each cell's offset, and nothing past W × L is touched.
        let offsets: Vec<u32> = course.cells().map(|c| c.offset() as u32).collect();
        assert_eq!(&storage[..20], &offsets[..]);
        assert!(storage[20..].iter().all(|&s| s == u32::MAX));
    }
}

// ---------------------------------------------------------------- lints

/// A flat 2 × 2 grid at height 2 over 0..20 × 0..20, cells of 10: two triangles per
/// quad of 10 × 10, wound to face up.
fn flat_builder() -> CourseBuilder {
    let mut b = CourseBuilder::new([10.0, 10.0]);
    for (x0, z0) in [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (10.0, 10.0)] {
        b.triangles.extend(support::mkgp::quad(
            [x0, x0 + 10.0],
            [z0, z0 + 10.0],
            |_| 2.0,
            SurfaceFlags(u32::from(SurfaceType::Asphalt.bit())),
        ));
    }
    b
}

/// File offset of triangle `j` of primary cell `cell` in a built course's file, from
/// the layout: the header, then each earlier cell's counts and records.
fn triangle_offset(built: &BuiltCourse, cell: u32, j: usize) -> usize {
    let before: usize = built.cells[..cell as usize]
        .iter()
        .map(|(t, w)| 8 + TRI * t.len() + WALL * w.len())
        .sum();
    HEADER + before + 8 + j * TRI
}

fn lints_of(built: &BuiltCourse) -> (Vec<u8>, Vec<Lint>) {
    let bytes = built.to_bytes().unwrap();
    let lints = Course::parse(&bytes, Options::LENIENT)
        .unwrap()
        .lints()
        .collect();
    (bytes, lints)
}

#[test]
fn built_courses_have_no_lints() {
    for built in [
        support::mkgp::sample_course(),
        flat_builder().build().unwrap(),
    ] {
        let (_, lints) = lints_of(&built);
        assert_eq!(lints, []);
    }
    // Nor does a grid of empty cells with a consistent header.
    let empty = distinct_grid(2, 2, |_| (0, 0, 0));
    let bytes = write_grid(&empty);
    assert_eq!(
        Course::parse(&bytes, Options::STRICT)
            .unwrap()
            .lints()
            .count(),
        0
    );
}

/// Edits triangle `j` of cell `cell` of the flat course and returns the file, the
/// triangle's offset and the lints.
fn one_edit(cell: u32, j: usize, edit: impl FnOnce(&mut Triangle)) -> (usize, Vec<Lint>) {
    let mut built = flat_builder().build().unwrap();
    edit(&mut built.cells[cell as usize].0[j]);
    let (_, lints) = lints_of(&built);
    (triangle_offset(&built, cell, j), lints)
}

#[test]
fn lint_normal_not_unit() {
    // Normal and d scaled together: the plane is the same, only the length is off.
    let (offset, lints) = one_edit(3, 1, |t| {
        assert_eq!(t.normal, [0.0, 1.0, 0.0]);
        assert_eq!(t.d, -2.0);
        t.normal = [0.0, 2.0, 0.0];
        t.d = -4.0;
    });
    assert_eq!(
        lints,
        [Lint {
            offset,
            cell: Some(3),
            kind: LintKind::NormalNotUnit {
                length_squared: 4.0
            },
        }]
    );
    assert!(!lints[0].kind.is_tolerated());
    // Within the tolerance: no lint.
    let (_, lints) = one_edit(0, 0, |t| t.normal = [0.0, 1.0004, 0.0]);
    assert!(
        lints
            .iter()
            .all(|l| !matches!(l.kind, LintKind::NormalNotUnit { .. })),
        "{lints:?}"
    );
    // A NaN normal is not unit length either.
    let (offset, lints) = one_edit(0, 0, |t| t.normal = [f32::NAN, 1.0, 0.0]);
    assert_eq!(lints[0].offset, offset);
    assert!(
        matches!(lints[0].kind, LintKind::NormalNotUnit { length_squared } if length_squared.is_nan())
    );
}

#[test]
fn lint_plane_offset_mismatch() {
    let (offset, lints) = one_edit(1, 0, |t| t.d = -2.5);
    assert_eq!(
        lints,
        [Lint {
            offset,
            cell: Some(1),
            kind: LintKind::PlaneOffsetMismatch {
                d: -2.5,
                expected: -2.0
            },
        }]
    );
}

#[test]
fn lint_bounds_mismatch() {
    let (offset, lints) = one_edit(0, 1, |t| {
        assert_eq!((t.min, t.max), ([0.0, 0.0], [10.0, 10.0]));
        t.min = [-0.5, 0.0];
    });
    assert_eq!(
        lints,
        [Lint {
            offset,
            cell: Some(0),
            kind: LintKind::BoundsMismatch {
                min: [-0.5, 0.0],
                max: [10.0, 10.0],
                expected_min: [0.0, 0.0],
                expected_max: [10.0, 10.0],
            },
        }]
    );
}

#[test]
fn lint_neighbour_bits_beyond_edges() {
    let (offset, lints) = one_edit(2, 0, |t| t.neighbours |= 0x8);
    assert_eq!(lints.len(), 1, "{lints:?}");
    assert_eq!((lints[0].offset, lints[0].cell), (offset, Some(2)));
    let LintKind::NeighbourBitsBeyondEdges { neighbours } = lints[0].kind else {
        panic!("{lints:?}");
    };
    assert_eq!(neighbours & 0x8, 0x8);
    assert!(neighbours & 0b111 != 0, "the quad's diagonal is shared");
    // All three edge bits are fine.
    let (_, lints) = one_edit(2, 0, |t| t.neighbours = 0b111);
    assert_eq!(lints, []);
}

#[test]
fn lint_surface_type_not_one_hot() {
    for flags in [0x0000_0000, 0x0000_0003, 0x0102_1001, 0x0000_FFFF] {
        let (offset, lints) = one_edit(3, 0, |t| t.flags = SurfaceFlags(flags));
        assert_eq!(
            lints,
            [Lint {
                offset,
                cell: Some(3),
                kind: LintKind::SurfaceTypeNotOneHot { flags },
            }]
        );
    }
    // One bit, even an unnamed one, is one-hot; the high bits do not count.
    for flags in [0x0000_0002, 0x0000_0040, 0xFFFF_8000] {
        let (_, lints) = one_edit(3, 0, |t| t.flags = SurfaceFlags(flags));
        assert_eq!(lints, [], "{flags:#x}");
    }
}

#[test]
fn lint_triangle_outside_cell() {
    // A triangle over x 0..5, z 0..5 (cell (0, 0) only), stored in cell (1, 1) as well.
    let mut builder = CourseBuilder::new([10.0, 10.0]);
    builder.triangles.push(SoupTriangle {
        vertices: [[0.0, 2.0, 0.0], [0.0, 2.0, 5.0], [5.0, 2.0, 0.0]],
        flags: SurfaceFlags(1),
    });
    let small = builder.build().unwrap().cells[0].0[0];
    let mut built = flat_builder().build().unwrap();
    built.cells[0].0.push(small);
    built.cells[3].0.insert(0, small);
    let (_, lints) = lints_of(&built);
    assert_eq!(
        lints,
        [Lint {
            offset: triangle_offset(&built, 3, 0),
            cell: Some(3),
            kind: LintKind::TriangleOutsideCell { x: 1, z: 1 },
        }]
    );

    // Bounds that end exactly on a cell's border reach it (the builder bins them there).
    let mut built = flat_builder().build().unwrap();
    let corner = built.cells[0].0[0];
    assert_eq!((corner.min, corner.max), ([0.0, 0.0], [10.0, 10.0]));
    built.cells[3].0.insert(0, corner);
    assert_eq!(lints_of(&built).1, []);
    // Bounds partly outside the grid reach the edge cells.
    let mut wide = small;
    wide.vertices = [[-50.0, 2.0, 15.0], [-50.0, 2.0, 60.0], [15.0, 2.0, 15.0]];
    wide.min = [-50.0, 15.0];
    wide.max = [15.0, 60.0];
    wide.d = -2.0;
    let mut built = flat_builder().build().unwrap();
    built.cells[3].0.push(wide);
    built.cells[2].0.push(wide);
    assert_eq!(lints_of(&built).1, []);
    built.cells[1].0.push(wide);
    let (_, lints) = lints_of(&built);
    let j = built.cells[1].0.len() - 1;
    assert_eq!(
        lints,
        [Lint {
            offset: triangle_offset(&built, 1, j),
            cell: Some(1),
            kind: LintKind::TriangleOutsideCell { x: 1, z: 0 },
        }]
    );
}

#[test]
fn lint_negated_min_mismatch() {
    let mut built = flat_builder().build().unwrap();
    assert_eq!(built.header.min, [0.0, 0.0]);
    built.header.neg_min = [0.0, 1.0];
    let (_, lints) = lints_of(&built);
    assert_eq!(
        lints,
        [Lint {
            offset: 0x28,
            cell: None,
            kind: LintKind::NegatedMinMismatch {
                min: [0.0, 0.0],
                neg_min: [0.0, 1.0],
            },
        }]
    );
    // −0.0 is the negation of 0.0.
    built.header.neg_min = [-0.0, 0.0];
    assert_eq!(lints_of(&built).1, []);
}

#[test]
fn lint_unexpected_version_under_lenient() {
    let mut built = flat_builder().build().unwrap();
    built.header.version = 0x1111_2222;
    let (bytes, lints) = lints_of(&built);
    assert_eq!(
        lints,
        [Lint {
            offset: 4,
            cell: None,
            kind: LintKind::UnexpectedVersion { found: 0x1111_2222 },
        }]
    );
    assert_eq!(
        parse_err(&bytes).kind(),
        ErrorKind::UnsupportedVersion { found: 0x1111_2222 }
    );
}

#[test]
fn lints_come_header_first_then_each_check_of_each_triangle_in_file_order() {
    let mut built = flat_builder().build().unwrap();
    built.header.version = 7;
    built.header.neg_min = [1.0, 1.0];
    // Every check fails on cell 3's second triangle.
    let t = &mut built.cells[3].0[1];
    t.normal = [0.0, 3.0, 0.0];
    t.d = 100.0;
    t.min = [0.0, 0.0];
    t.max = [1.0, 1.0];
    t.neighbours = 0xF0;
    t.flags = SurfaceFlags(0);
    // And one check on cell 1's first.
    built.cells[1].0[0].flags = SurfaceFlags(0x0005);
    let (bytes, lints) = lints_of(&built);
    let at3 = triangle_offset(&built, 3, 1);
    let at1 = triangle_offset(&built, 1, 0);
    let kinds: Vec<(usize, Option<u32>, std::mem::Discriminant<LintKind>)> = lints
        .iter()
        .map(|l| (l.offset, l.cell, std::mem::discriminant(&l.kind)))
        .collect();
    let d = std::mem::discriminant::<LintKind>;
    assert_eq!(
        kinds,
        [
            (4, None, d(&LintKind::UnexpectedVersion { found: 0 })),
            (
                0x28,
                None,
                d(&LintKind::NegatedMinMismatch {
                    min: [0.0; 2],
                    neg_min: [0.0; 2]
                })
            ),
            (
                at1,
                Some(1),
                d(&LintKind::SurfaceTypeNotOneHot { flags: 0 })
            ),
            (
                at3,
                Some(3),
                d(&LintKind::NormalNotUnit {
                    length_squared: 0.0
                })
            ),
            (
                at3,
                Some(3),
                d(&LintKind::PlaneOffsetMismatch {
                    d: 0.0,
                    expected: 0.0
                })
            ),
            (
                at3,
                Some(3),
                d(&LintKind::BoundsMismatch {
                    min: [0.0; 2],
                    max: [0.0; 2],
                    expected_min: [0.0; 2],
                    expected_max: [0.0; 2]
                })
            ),
            (
                at3,
                Some(3),
                d(&LintKind::NeighbourBitsBeyondEdges { neighbours: 0 })
            ),
            (
                at3,
                Some(3),
                d(&LintKind::SurfaceTypeNotOneHot { flags: 0 })
            ),
            (
                at3,
                Some(3),
                d(&LintKind::TriangleOutsideCell { x: 0, z: 0 })
            ),
        ]
    );
    assert_eq!(lints[8].kind, LintKind::TriangleOutsideCell { x: 1, z: 1 });
    assert_eq!(
        lints[3].kind,
        LintKind::NormalNotUnit {
            length_squared: 9.0
        }
    );
    // Fused, and a fresh walk gives the same list.
    let course = Course::parse(&bytes, Options::LENIENT).unwrap();
    let mut walk = course.lints();
    assert_eq!(walk.by_ref().collect::<Vec<_>>(), lints);
    assert!(walk.next().is_none());
    // Display: offset, cell, then the kind.
    assert_eq!(
        lints[2].to_string(),
        format!(
            "byte {at1} (0x{at1:x}), cell 1: surface flags 0x00000005: the low 16 bits are not \
             exactly one surface type, and how the game reads that is not documented; set exactly \
             one of them"
        )
    );
    assert_eq!(
        lints[0].to_string(),
        "byte 4 (0x4): version word 0x00000007 is not 0x20120816: the game refuses this file; \
         store 0x20120816 (bytes 16 08 12 20)"
    );
}

/// Every lint kind says what the game does (or that it is not documented) and what to
/// do, in one line (docs/formats/mkgp.md, "What the game does with each lint").
#[test]
fn every_lint_kind_says_what_the_game_does_and_what_to_do() {
    let cases = [
        (
            LintKind::UnexpectedVersion { found: 7 },
            "version word 0x00000007 is not 0x20120816: the game refuses this file; store \
             0x20120816 (bytes 16 08 12 20)",
        ),
        (
            LintKind::NegatedMinMismatch {
                min: [1.0, -2.0],
                neg_min: [1.0, 2.0],
            },
            "negated minimum [1.0, 2.0] is not the negation of the minimum [1.0, -2.0]: the \
             game's use of this field is not documented; store the minimum negated",
        ),
        (
            LintKind::NormalNotUnit {
                length_squared: 4.0,
            },
            "triangle normal is not unit length (squared length 4): how the game uses it is not \
             documented (it tells road from wall by a triangle's angle); recompute it from the \
             vertices",
        ),
        (
            LintKind::PlaneOffsetMismatch {
                d: 1.5,
                expected: -2.0,
            },
            "triangle d = 1.5, but -dot(centroid, normal) = -2: how the game uses d is not \
             documented; recompute it from the vertices",
        ),
        (
            LintKind::BoundsMismatch {
                min: [0.0, 0.0],
                max: [1.0, 1.0],
                expected_min: [0.0, -1.0],
                expected_max: [1.0, 1.0],
            },
            "triangle bounds [0.0, 0.0]..[1.0, 1.0] differ from its vertices' [0.0, -1.0]..[1.0, \
             1.0]: how the game uses them is not documented; recompute them from the vertices",
        ),
        (
            LintKind::NeighbourBitsBeyondEdges { neighbours: 0x9 },
            "neighbour bits 0x9 go beyond the three edges: what the game does with the extra bits \
             is not documented (walls come from the edges without a neighbour); clear them",
        ),
        (
            LintKind::SurfaceTypeNotOneHot { flags: 0 },
            "surface flags 0x00000000: the low 16 bits are not exactly one surface type, and how \
             the game reads that is not documented; set exactly one of them",
        ),
        (
            LintKind::TriangleOutsideCell { x: 2, z: 3 },
            "triangle bounds do not reach the cell (2, 3) it is stored in: how the game looks \
             triangles up is not documented (a triangle belongs to the cells it touches); store \
             it only in those",
        ),
    ];
    for (kind, text) in cases {
        assert_eq!(kind.to_string(), text);
        assert!(!text.contains('\n'), "{text}");
    }
    // Behind the offset (and the cell, for a triangle).
    let lint = Lint {
        offset: 0x1a0,
        cell: Some(1),
        kind: LintKind::NeighbourBitsBeyondEdges { neighbours: 0x8 },
    };
    assert_eq!(
        lint.to_string(),
        "byte 416 (0x1a0), cell 1: neighbour bits 0x8 go beyond the three edges: what the game \
         does with the extra bits is not documented (walls come from the edges without a \
         neighbour); clear them"
    );
}

// ---------------------------------------------------------------- surface flags

#[test]
fn every_named_surface_type_decodes() {
    let expected = [
        (0x0001, SurfaceType::Default, "default"),
        (0x0004, SurfaceType::MetalGrid, "metal grid"),
        (0x0008, SurfaceType::Dirt, "dirt"),
        (0x0010, SurfaceType::Grass, "grass"),
        (0x0020, SurfaceType::Metal, "metal"),
        (0x0080, SurfaceType::Water, "water"),
        (0x0100, SurfaceType::Wood, "wood"),
        (0x0200, SurfaceType::Carpet, "carpet"),
        (0x0400, SurfaceType::JumpPad, "jump pad"),
        (0x0800, SurfaceType::Smooth, "smooth"),
        (0x1000, SurfaceType::Asphalt, "asphalt"),
        (0x2000, SurfaceType::Glass, "glass"),
        (0x4000, SurfaceType::Sand, "sand"),
        (0x8000, SurfaceType::Cloud, "cloud"),
    ];
    assert_eq!(SurfaceType::ALL.len(), expected.len());
    for ((bit, ty, name), all) in expected.into_iter().zip(SurfaceType::ALL) {
        assert_eq!(all, ty);
        assert_eq!(ty.bit(), bit);
        assert_eq!(ty.name(), name);
        assert_eq!(ty.to_string(), name);
        assert_eq!(SurfaceType::from_bit(bit), Some(ty));
        for (sound, effect) in [(0u8, 0u8), (1, 0), (0, 1), (0xAB, 0xCD), (0xFF, 0xFF)] {
            let flags =
                SurfaceFlags(u32::from(bit) | u32::from(sound) << 16 | u32::from(effect) << 24);
            assert_eq!(flags.surface_bits(), bit);
            assert_eq!(flags.sound_variant(), sound);
            assert_eq!(flags.special_effect(), effect);
            assert!(flags.is_one_hot());
            assert_eq!(flags.surface_type(), Some(ty));
        }
    }
}

#[test]
fn unnamed_and_non_one_hot_surface_bits() {
    for bit in [0x0002, 0x0040] {
        let flags = SurfaceFlags(bit | 0x0506_0000);
        assert!(flags.is_one_hot());
        assert_eq!(flags.surface_type(), None);
        assert_eq!(SurfaceType::from_bit(bit as u16), None);
        assert_eq!((flags.sound_variant(), flags.special_effect()), (6, 5));
    }
    for bits in [0x0000, 0x0003, 0x0011, 0x1001, 0x8001, 0xFFFF, 0x0006] {
        let flags = SurfaceFlags(bits);
        assert!(!flags.is_one_hot(), "{bits:#x}");
        assert_eq!(flags.surface_type(), None, "{bits:#x}");
        assert_eq!(flags.surface_bits(), bits as u16);
        assert_eq!(SurfaceType::from_bit(bits as u16), None, "{bits:#x}");
    }
    // The high bits never leak into the surface bits.
    let flags = SurfaceFlags(0xFFFF_0000);
    assert_eq!(flags.surface_bits(), 0);
    assert_eq!(
        (flags.sound_variant(), flags.special_effect()),
        (0xFF, 0xFF)
    );
    assert_eq!(flags.surface_type(), None);
    assert_eq!(SurfaceFlags::default(), SurfaceFlags(0));
}

#[test]
fn surface_flags_read_from_a_file() {
    let sample = support::mkgp::sample_course();
    let bytes = sample.to_bytes().unwrap();
    let course = Course::parse(&bytes, Options::STRICT).unwrap();
    let mut storage = [0; 12];
    let index = course.index(&mut storage).unwrap();
    // The start line (x 0..6, track z 6..18): asphalt, special effect 1.
    let ground = index.ground_height(3.0, 12.0).unwrap();
    assert_eq!(ground.height, 0.0);
    assert_eq!(ground.flags(), SurfaceFlags(0x0100_1000));
    assert_eq!(ground.flags().surface_type(), Some(SurfaceType::Asphalt));
    assert_eq!(ground.flags().special_effect(), 1);
    // The ramp: jump pad, boost effect 3, halfway up at x 18.
    let ground = index.ground_height(18.0, 12.0).unwrap();
    assert_eq!(ground.flags().surface_type(), Some(SurfaceType::JumpPad));
    assert_eq!(ground.flags().special_effect(), 3);
    assert!((ground.height - 1.5).abs() < 1e-5, "{}", ground.height);
    // The platform: wood, sound variant 1.
    let ground = index.ground_height(27.0, 12.0).unwrap();
    assert_eq!(ground.flags().surface_type(), Some(SurfaceType::Wood));
    assert_eq!(ground.flags().sound_variant(), 1);
    assert!((ground.height - 3.0).abs() < 1e-5);
    // The bump's grass verge: sound variant 1.
    let ground = index.ground_height(8.0, 3.0).unwrap();
    assert_eq!(ground.flags(), SurfaceFlags(0x0001_0010));
    // The dirt verge past x 14: dust effect 4.
    let ground = index.ground_height(20.0, 21.0).unwrap();
    assert_eq!(ground.flags(), SurfaceFlags(0x0400_0008));
    // The triangle wall's flag is the metal bit.
    let tw: Vec<TriangleWall> = course
        .wall_cells()
        .flat_map(|c| c.triangle_walls().iter().map(|w| w.decode()))
        .collect();
    assert_eq!(tw.len(), 3);
    assert!(tw.iter().all(|w| w.flag == 0x20));
}
