//! MKGP DX cases on `samples/course.col`: a 32 × 24 m patch on a 4 × 3 grid of 8 m
//! cells (80 stored triangles, 42 walls, one triangle wall stored in three cells):
//! grass and dirt verges, an asphalt start with a bump, a jump-pad ramp and a
//! wooden platform (see `tests/it/support/mkgp.rs`, which builds it).

use zerocol::mkgp::{
    self, Course, Dimension, ErrorKind, Grid, IndexError, LintKind, Options, RecordKind,
    SurfaceFlags, SurfaceType,
};

use super::{
    Case, Digest, Outcome, Placed, displays_as, le32, lef32, lei32, near, near3, patched, resized,
};

/// The shipped sample course.
pub const COURSE: &[u8; LEN] = include_bytes!("../../samples/course.col");
/// Its length.
pub const LEN: usize = 12008;

/// The course at each address modulo 4 (in flash on a target).
pub static AT0: Placed<0, LEN> = Placed::new(COURSE);
/// One byte past an aligned address.
pub static AT1: Placed<1, LEN> = Placed::new(COURSE);
/// Two bytes past.
pub static AT2: Placed<2, LEN> = Placed::new(COURSE);
/// Three bytes past.
pub static AT3: Placed<3, LEN> = Placed::new(COURSE);

/// The course at every alignment.
pub fn placements() -> [&'static [u8]; 4] {
    [AT0.bytes(), AT1.bytes(), AT2.bytes(), AT3.bytes()]
}

const HEADER: usize = 0x30;
/// The first secondary (triangle wall) cell.
const SECONDARY: usize = 11792;
/// `(file offset, triangles, walls)` of each primary cell, in file order.
const CELLS: [(usize, usize, usize); 12] = [
    (48, 8, 4),
    (1208, 12, 5),
    (2880, 8, 6),
    (4168, 4, 5),
    (4944, 4, 1),
    (5464, 6, 0),
    (6144, 4, 0),
    (6600, 2, 1),
    (6896, 8, 4),
    (8056, 12, 5),
    (9728, 8, 6),
    (11016, 4, 5),
];

// Malformed variants: header faults need only the header and a little more.
/// `COLX`.
pub static BAD_MAGIC: [u8; HEADER] = patched(&resized(COURSE), 3, b"X");
/// W = 0.
pub static ZERO_WIDTH: [u8; HEADER] = patched(&resized(COURSE), 8, &lei32(0));
/// L = -1.
pub static NEGATIVE_LENGTH: [u8; HEADER] = patched(&resized(COURSE), 12, &lei32(-1));
/// W = L = 65536.
pub static CELL_COUNT_OVERFLOW: [u8; HEADER] = patched(
    &patched(&resized(COURSE), 8, &lei32(0x1_0000)),
    12,
    &lei32(0x1_0000),
);
/// A cell width of 0.
pub static ZERO_CELL_SIZE: [u8; HEADER] = patched(&resized(COURSE), 16, &lef32(0.0));
/// An infinite cell length.
pub static INFINITE_CELL_SIZE: [u8; HEADER] = patched(&resized(COURSE), 20, &lef32(f32::INFINITY));
/// Cell 0 with -1 triangles.
pub static NEGATIVE_TRIANGLES: [u8; HEADER + 8] = patched(&resized(COURSE), HEADER, &lei32(-1));
/// Cell 0 with no triangles and -1 walls.
pub static NEGATIVE_WALLS: [u8; HEADER + 8] = patched(
    &patched(&resized(COURSE), HEADER, &lei32(0)),
    HEADER + 4,
    &lei32(-1),
);

// Faults that need a whole valid course around them use a tiny one (a 1 × 1 grid
// with no record: 60 bytes) rather than 12 KB copies of the sample, which would not
// all fit the Cortex-M0's flash.
/// Length of [`TINY`].
pub const TINY_LEN: usize = HEADER + 8 + 4;
/// A valid 1 × 1 course with no triangle, wall or triangle wall.
pub static TINY: [u8; TINY_LEN] = tiny();
/// [`TINY`] with another version word.
pub static WRONG_VERSION: [u8; TINY_LEN] = patched(&tiny(), 4, &le32(0x2012_0817));
/// [`TINY`]'s one triangle-wall cell with -2 triangle walls.
pub static NEGATIVE_TRIANGLE_WALLS: [u8; TINY_LEN] = patched(&tiny(), HEADER + 8, &lei32(-2));
/// Four bytes after [`TINY`]'s secondary grid.
pub static TRAILING: [u8; TINY_LEN + 4] = resized(&tiny());

/// [`TINY`]: the header (1 × 1 cells of 8 m from the origin), one empty primary
/// cell, one empty secondary cell.
const fn tiny() -> [u8; TINY_LEN] {
    let mut t = [0u8; TINY_LEN];
    t = patched(&t, 0, &mkgp::MAGIC);
    t = patched(&t, 4, &le32(mkgp::VERSION));
    t = patched(&t, 8, &lei32(1));
    t = patched(&t, 12, &lei32(1));
    t = patched(&t, 16, &lef32(8.0));
    t = patched(&t, 20, &lef32(8.0));
    t = patched(&t, 32, &lef32(8.0));
    t = patched(&t, 36, &lef32(8.0));
    t = patched(&t, 40, &lef32(-0.0));
    patched(&t, 44, &lef32(-0.0))
}

/// Validation alone, measured for `.text` and stack in `targets/`.
pub const VALIDATE: &[Case] = cases!["mkgp": validate];

/// Validation, then the walk of every accessor: what a firmware using the reader
/// runs, measured for `.text` and stack in `targets/`.
pub const PROBE: &[Case] = cases!["mkgp": validate, walk_at_every_alignment];

/// Every case.
pub const CASES: &[Case] = cases![
    "mkgp":
    validate,
    walk_at_every_alignment,
    header_fields,
    cells_in_file_order,
    triangle_and_wall_fields,
    surface_flags,
    ground_queries,
    cell_index,
    grid_geometry,
    tiny_course,
    version_strict_and_lenient,
    header_errors,
    cell_errors,
    error_display,
];

/// Walks every cell of both grids and every accessor, folding every value into a
/// digest; also what the size and stack probes run.
pub fn digest(bytes: &[u8]) -> Result<Digest, mkgp::Error> {
    let course = Course::parse(bytes, Options::STRICT)?;
    let mut d = Digest::new();
    let h = course.grid();
    d.u32(h.version);
    d.u32(h.width);
    d.u32(h.length);
    d.f32s(&h.cell_size);
    d.f32s(&h.min);
    d.f32s(&h.max);
    d.f32s(&h.neg_min);
    for cell in course.cells() {
        d.record();
        d.u32(cell.index());
        d.u32(cell.x() << 16 | cell.z());
        for t in cell.triangles() {
            d.record();
            let t = t.decode();
            d.f32s(&t.min);
            d.f32s(&t.max);
            for v in t.vertices.iter().chain(&t.edges) {
                d.f32s(v);
            }
            d.u32(t.neighbours);
            d.u32(t.flags.0);
            d.f32s(&t.normal);
            d.f32(t.d);
        }
        for w in cell.walls() {
            d.record();
            let w = w.decode();
            for v in [w.min, w.max, w.p1, w.p2] {
                d.f32s(&v);
            }
        }
    }
    for cell in course.wall_cells() {
        d.record();
        d.u32(cell.index());
        for t in cell.triangle_walls() {
            d.record();
            let t = t.decode();
            d.u32(t.flag as u32);
            for v in t.vertices {
                d.f32s(&v);
            }
        }
    }
    for _ in course.lints() {
        d.record();
    }
    Ok(d)
}

/// Validation alone (`Course::parse`): the least a firmware using the reader runs.
pub fn validate() -> Outcome {
    let course = ok!(Course::parse(AT1.bytes(), Options::STRICT));
    ensure_eq!(course.cell_count(), 12);
    Ok(())
}

/// The same course and values at every address modulo 4.
pub fn walk_at_every_alignment() -> Outcome {
    let expected = ok!(digest(COURSE));
    // 12 + 12 cells, 80 triangles, 42 walls, 3 triangle walls, no lint.
    ensure_eq!(expected.records, 24 + 80 + 42 + 3);
    for (shift, bytes) in placements().into_iter().enumerate() {
        ensure_eq!(bytes.as_ptr() as usize % 4, shift);
        ensure_eq!(ok!(digest(bytes)), expected);
    }
    Ok(())
}

/// The header, decoded and raw.
pub fn header_fields() -> Outcome {
    let c = ok!(Course::parse(AT1.bytes(), Options::STRICT));
    ensure_eq!(c.bytes().len(), LEN);
    ensure_eq!(c.version(), mkgp::VERSION);
    ensure_eq!(c.version(), 0x2012_0816);
    ensure_eq!((c.width(), c.length(), c.cell_count()), (4, 3, 12));
    let h = c.grid();
    ensure_eq!((h.version, h.width, h.length), (0x2012_0816, 4, 3));
    ensure_eq!(h.cell_size, [8.0, 8.0]);
    ensure_eq!((h.min, h.max), ([0.0, 0.0], [32.0, 24.0]));
    // Stored as -0.0: the negation of the minimum, to the bit.
    ensure_eq!(h.neg_min.map(f32::to_bits), [(-0.0f32).to_bits(); 2]);
    let raw = c.header();
    ensure_eq!(raw.magic, mkgp::MAGIC);
    ensure_eq!(raw.magic, *b"COL\0");
    ensure_eq!((raw.width.get(), raw.length.get()), (4, 3));
    ensure_eq!(c.secondary_offset(), SECONDARY);
    ensure_eq!(c.lints().count(), 0);
    Ok(())
}

/// Both grids in file order (`index = z × W + x`) with their offsets and counts.
pub fn cells_in_file_order() -> Outcome {
    for bytes in placements() {
        let c = ok!(Course::parse(bytes, Options::STRICT));
        ensure_eq!(c.cells().len(), 12);
        let mut n = 0u32;
        for (cell, (offset, triangles, walls)) in c.cells().zip(CELLS) {
            ensure_eq!(cell.index(), n);
            ensure_eq!((cell.x(), cell.z()), (n % 4, n / 4));
            ensure_eq!(cell.offset(), offset);
            ensure_eq!(
                (cell.triangles().len(), cell.walls().len()),
                (triangles, walls)
            );
            let again = ok!(c.cell(n % 4, n / 4));
            ensure_eq!(again.offset(), offset);
            n += 1;
        }
        ensure_eq!(n, 12);
        ensure!(c.cell(4, 0).is_none() && c.cell(0, 3).is_none());
        ensure_eq!(c.wall_cells().len(), 12);
        let mut offset = SECONDARY;
        for (i, cell) in c.wall_cells().enumerate() {
            ensure_eq!(cell.index() as usize, i);
            ensure_eq!((cell.x(), cell.z()), (i as u32 % 4, i as u32 / 4));
            ensure_eq!(cell.offset(), offset);
            // The closing triangle wall, at x = 32, is stored in the last column.
            let expected = usize::from(cell.x() == 3);
            ensure_eq!(cell.triangle_walls().len(), expected);
            offset += 4 + 0x38 * expected;
        }
        ensure_eq!(offset, LEN);
    }
    Ok(())
}

/// Every field of a triangle, a wall and a triangle wall.
pub fn triangle_and_wall_fields() -> Outcome {
    let c = ok!(Course::parse(AT2.bytes(), Options::STRICT));
    let cell = ok!(c.cells().next());
    let t = ok!(cell.triangles().first()).decode();
    ensure_eq!((t.min, t.max), ([0.0, 0.0], [6.0, 6.0]));
    ensure_eq!(
        t.vertices,
        [[0.0, 0.0, 0.0], [0.0, 0.0, 6.0], [6.0, 0.0, 6.0]]
    );
    let r = core::f32::consts::FRAC_1_SQRT_2;
    ensure!(near3(t.edges[0], [0.0, 0.0, 1.0], 1e-6));
    ensure!(near3(t.edges[1], [1.0, 0.0, 0.0], 1e-6));
    ensure!(near3(t.edges[2], [-r, 0.0, -r], 1e-6));
    ensure_eq!((t.neighbours, t.flags), (6, SurfaceFlags(0x10)));
    ensure_eq!(t.normal, [0.0, 1.0, 0.0]);
    ensure_eq!(t.d, 0.0);
    // The raw record, read in place.
    let raw = ok!(cell.triangles().first());
    ensure_eq!(raw.neighbours.get(), 6);
    ensure_eq!(raw.vertices[2][0].get(), 6.0);

    // The bump: a sloped triangle, its plane `dot(normal, p) + d = 0`.
    let t = ok!(ok!(c.cell(1, 1)).triangles().get(2)).decode();
    ensure_eq!(t.vertices[0], [10.0, 0.5, 6.0]);
    ensure!(near3(t.normal, [0.124_034_73, 0.992_277_86, 0.0], 1e-6));
    let centroid_dot = t.vertices.iter().fold(0.0, |acc, v| {
        acc + (v[0] * t.normal[0] + v[1] * t.normal[1] + v[2] * t.normal[2]) / 3.0
    });
    ensure!(near(t.d, -centroid_dot, 1e-5));
    ensure!(near(t.d, -1.736_486_2, 1e-5));

    let w = ok!(cell.walls().first()).decode();
    ensure_eq!((w.min, w.max), ([0.0; 3], [0.0, 0.0, 6.0]));
    ensure_eq!((w.p1, w.p2), ([0.0; 3], [0.0, 0.0, 6.0]));
    let w = ok!(cell.walls().get(3)).decode();
    ensure_eq!((w.min, w.max), ([6.0, 0.0, 0.0], [10.0, 0.5, 0.0]));
    ensure_eq!((w.p1, w.p2), ([10.0, 0.5, 0.0], [6.0, 0.0, 0.0]));

    let wall_cell = ok!(c.wall_cells().nth(7));
    let raw = ok!(wall_cell.triangle_walls().first());
    ensure_eq!(raw.zero.map(|z| z.get()), [0.0; 4]);
    let tw = raw.decode();
    ensure_eq!(tw.flag, i32::from(SurfaceType::Metal.bit()));
    ensure_eq!(
        tw.vertices,
        [[32.0, 3.0, 6.0], [32.0, 3.0, 18.0], [32.0, 6.0, 12.0]]
    );
    Ok(())
}

/// Surface flags: one-hot type, sound variant, special effect.
pub fn surface_flags() -> Outcome {
    let f = SurfaceFlags(0x0300_0400);
    ensure_eq!(f.surface_bits(), 0x0400);
    ensure_eq!((f.sound_variant(), f.special_effect()), (0, 3));
    ensure!(f.is_one_hot());
    ensure_eq!(f.surface_type(), Some(SurfaceType::JumpPad));
    ensure_eq!(
        SurfaceFlags(0x0001_0100).surface_type(),
        Some(SurfaceType::Wood)
    );
    ensure_eq!(SurfaceFlags(0x0001_0100).sound_variant(), 1);
    ensure_eq!(SurfaceFlags(0x0011).surface_type(), None);
    ensure_eq!(SurfaceFlags(0x0002).surface_type(), None);
    for t in SurfaceType::ALL {
        ensure_eq!(SurfaceType::from_bit(t.bit()), Some(t));
    }
    ensure_eq!(SurfaceType::Asphalt.name(), "asphalt");
    ensure!(displays_as::<16>(&SurfaceType::JumpPad, "jump pad"));
    Ok(())
}

/// Ground heights and surfaces across the course, with no index.
const GROUND: [(f32, f32, f32, SurfaceType, u8, u8); 5] = [
    // x, z, height, surface, sound, effect
    (1.0, 1.0, 0.0, SurfaceType::Grass, 0, 0),
    (12.0, 12.0, 0.25, SurfaceType::Asphalt, 2, 0),
    (18.0, 12.0, 1.5, SurfaceType::JumpPad, 0, 3),
    (27.0, 12.0, 3.0, SurfaceType::Wood, 1, 0),
    (31.9, 23.9, 0.0, SurfaceType::Dirt, 0, 4),
];

/// Ground height queries through the course.
pub fn ground_queries() -> Outcome {
    let c = ok!(Course::parse(AT3.bytes(), Options::STRICT));
    for (x, z, height, surface, sound, effect) in GROUND {
        let g = ok!(c.ground_height(x, z));
        ensure!(near(g.height, height, 1e-4));
        let flags = g.flags();
        ensure_eq!(flags.surface_type(), Some(surface));
        ensure_eq!(
            (flags.sound_variant(), flags.special_effect()),
            (sound, effect)
        );
        let t = g.triangle.decode();
        ensure!(t.contains_xz(x, z));
        ensure!(near(ok!(t.height_at(x, z)), g.height, 1e-5));
        let (cx, cz) = ok!(c.cell_of(x, z));
        let cell = ok!(c.cell(cx, cz));
        let again = ok!(mkgp::ground_in_cell(&cell, x, z));
        ensure_eq!(again.height, g.height);
    }
    ensure!(c.ground_height(-1.0, 0.0).is_none());
    ensure!(c.ground_height(16.0, 24.5).is_none());
    ensure!(c.ground_height(f32::NAN, 1.0).is_none());
    Ok(())
}

/// The O(1) cell index in caller storage gives what the walk gives.
pub fn cell_index() -> Outcome {
    let c = ok!(Course::parse(AT0.bytes(), Options::STRICT));
    let mut small = [0u32; 11];
    ensure_eq!(
        c.index(&mut small).err(),
        Some(IndexError::StorageTooSmall(
            zerocol::wire::StorageTooSmall {
                needed: 12,
                available: 11
            }
        ))
    );
    let mut storage = [0u32; 12];
    let index = ok!(c.index(&mut storage));
    ensure_eq!(index.course().cell_count(), 12);
    for (x, z, ..) in GROUND {
        let via_index = ok!(index.ground_height(x, z));
        let via_walk = ok!(c.ground_height(x, z));
        ensure_eq!(via_index, via_walk);
        ensure!(core::ptr::eq(via_index.triangle, via_walk.triangle));
    }
    for (n, (offset, triangles, _)) in CELLS.into_iter().enumerate() {
        let cell = ok!(index.cell(n as u32 % 4, n as u32 / 4));
        ensure_eq!((cell.offset(), cell.triangles().len()), (offset, triangles));
    }
    ensure_eq!(ok!(index.cell_at(31.0, 23.0)).index(), 11);
    ensure!(index.cell(4, 2).is_none() && index.cell_at(-0.5, 3.0).is_none());
    ensure!(index.ground_height(40.0, 3.0).is_none());
    Ok(())
}

/// World position to cell, and cell to file order.
pub fn grid_geometry() -> Outcome {
    let c = ok!(Course::parse(AT0.bytes(), Options::STRICT));
    ensure_eq!(c.cell_of(0.0, 0.0), Some((0, 0)));
    // A border belongs to the higher cell, the far border to the last.
    ensure_eq!(c.cell_of(8.0, 16.0), Some((1, 2)));
    ensure_eq!(c.cell_of(32.0, 24.0), Some((3, 2)));
    ensure_eq!(c.cell_of(-0.001, 1.0), None);
    ensure_eq!(c.cell_of(1.0, 24.5), None);
    ensure_eq!(mkgp::cell_coord(7.99, 0.0, 8.0, 4), Some(0));
    ensure_eq!(mkgp::cell_coord(f32::NAN, 0.0, 8.0, 4), None);
    ensure_eq!(mkgp::cell_number(3, 2, 4), 11);
    Ok(())
}

/// The smallest course: one cell, no record.
pub fn tiny_course() -> Outcome {
    let c = ok!(Course::parse(&TINY, Options::STRICT));
    ensure_eq!((c.width(), c.length(), c.cell_count()), (1, 1, 1));
    ensure_eq!(c.secondary_offset(), HEADER + 8);
    let cell = ok!(c.cells().next());
    ensure!(cell.triangles().is_empty() && cell.walls().is_empty());
    ensure!(ok!(c.wall_cells().next()).triangle_walls().is_empty());
    ensure_eq!(c.cell_of(4.0, 4.0), Some((0, 0)));
    ensure!(c.ground_height(4.0, 4.0).is_none());
    ensure_eq!(c.lints().count(), 0);
    Ok(())
}

/// A version word the game refuses: an error when strict, a lint when lenient.
pub fn version_strict_and_lenient() -> Outcome {
    let e = err!(Course::parse(&WRONG_VERSION, Options::STRICT));
    ensure_eq!(e.offset(), 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::UnsupportedVersion { found: 0x2012_0817 }
    );
    let c = ok!(Course::parse(&WRONG_VERSION, Options::LENIENT));
    ensure_eq!(c.version(), 0x2012_0817);
    let mut lints = c.lints();
    let lint = ok!(lints.next());
    ensure_eq!((lint.offset, lint.cell), (4, None));
    ensure_eq!(
        lint.kind,
        LintKind::UnexpectedVersion { found: 0x2012_0817 }
    );
    ensure!(lint.kind.is_tolerated());
    ensure!(lints.next().is_none());
    Ok(())
}

/// Malformed headers.
pub fn header_errors() -> Outcome {
    let e = err!(Course::parse(ok!(COURSE.get(..0x20)), Options::LENIENT));
    ensure_eq!(e.offset(), 0);
    ensure_eq!(
        e.kind(),
        ErrorKind::Truncated {
            needed: 0x30,
            available: 0x20
        }
    );
    let e = err!(Course::parse(&BAD_MAGIC, Options::LENIENT));
    ensure_eq!(e.offset(), 0);
    ensure_eq!(e.kind(), ErrorKind::BadMagic { found: *b"COLX" });
    // A GTA library is not a course.
    let e = err!(Course::parse(&super::gta::SAMPLE[..], Options::STRICT));
    ensure_eq!(e.kind(), ErrorKind::BadMagic { found: *b"COLL" });
    let e = err!(Course::parse(&ZERO_WIDTH, Options::STRICT));
    ensure_eq!(e.offset(), 8);
    ensure_eq!(
        e.kind(),
        ErrorKind::NonPositiveDimension {
            dimension: Dimension::Width,
            value: 0
        }
    );
    let e = err!(Course::parse(&NEGATIVE_LENGTH, Options::STRICT));
    ensure_eq!(e.offset(), 12);
    ensure_eq!(
        e.kind(),
        ErrorKind::NonPositiveDimension {
            dimension: Dimension::Length,
            value: -1
        }
    );
    let e = err!(Course::parse(&CELL_COUNT_OVERFLOW, Options::STRICT));
    ensure_eq!(e.offset(), 8);
    ensure_eq!(
        e.kind(),
        ErrorKind::CellCountOverflow {
            width: 0x1_0000,
            length: 0x1_0000
        }
    );
    let e = err!(Course::parse(&ZERO_CELL_SIZE, Options::STRICT));
    ensure_eq!(e.offset(), 16);
    ensure_eq!(
        e.kind(),
        ErrorKind::BadCellSize {
            dimension: Dimension::Width,
            value: 0.0
        }
    );
    let e = err!(Course::parse(&INFINITE_CELL_SIZE, Options::STRICT));
    ensure_eq!(e.offset(), 20);
    ensure_eq!(
        e.kind(),
        ErrorKind::BadCellSize {
            dimension: Dimension::Length,
            value: f32::INFINITY
        }
    );
    Ok(())
}

/// Cells cut short, negative counts, records past the end, bytes left over.
pub fn cell_errors() -> Outcome {
    let e = err!(Course::parse(
        ok!(COURSE.get(..HEADER + 2)),
        Options::STRICT
    ));
    ensure_eq!(e.offset(), HEADER);
    ensure_eq!(
        e.kind(),
        ErrorKind::CellPastEnd {
            grid: Grid::Primary,
            cell: 0
        }
    );
    let e = err!(Course::parse(&NEGATIVE_TRIANGLES, Options::STRICT));
    ensure_eq!(e.offset(), HEADER);
    ensure_eq!(
        e.kind(),
        ErrorKind::NegativeCount {
            grid: Grid::Primary,
            cell: 0,
            records: RecordKind::Triangles,
            count: -1
        }
    );
    let e = err!(Course::parse(&NEGATIVE_WALLS, Options::STRICT));
    ensure_eq!(e.offset(), HEADER + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::NegativeCount {
            grid: Grid::Primary,
            cell: 0,
            records: RecordKind::Walls,
            count: -1
        }
    );
    let e = err!(Course::parse(ok!(COURSE.get(..1000)), Options::STRICT));
    ensure_eq!(e.offset(), HEADER + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::RecordsPastEnd {
            grid: Grid::Primary,
            cell: 0,
            records: RecordKind::Walls,
            count: 4,
            end: 1208,
            file_len: 1000
        }
    );
    let e = err!(Course::parse(
        ok!(COURSE.get(..SECONDARY + 2)),
        Options::STRICT
    ));
    ensure_eq!(e.offset(), SECONDARY);
    ensure_eq!(
        e.kind(),
        ErrorKind::CellPastEnd {
            grid: Grid::Secondary,
            cell: 0
        }
    );
    let e = err!(Course::parse(&NEGATIVE_TRIANGLE_WALLS, Options::STRICT));
    ensure_eq!(e.offset(), HEADER + 8);
    ensure_eq!(
        e.kind(),
        ErrorKind::NegativeCount {
            grid: Grid::Secondary,
            cell: 0,
            records: RecordKind::TriangleWalls,
            count: -2
        }
    );
    let e = err!(Course::parse(&TRAILING, Options::LENIENT));
    ensure_eq!(e.offset(), TINY_LEN);
    ensure_eq!(e.kind(), ErrorKind::TrailingBytes { len: 4 });
    // Bytes after the sample's secondary grid: the whole file is read first.
    let e = err!(Course::parse(
        ok!(COURSE.get(..SECONDARY + 4 + 1)),
        Options::STRICT
    ));
    ensure_eq!(e.offset(), SECONDARY + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::CellPastEnd {
            grid: Grid::Secondary,
            cell: 1
        }
    );
    Ok(())
}

/// An error's `Display` text.
pub fn error_display() -> Outcome {
    let e = err!(Course::parse(&NEGATIVE_TRIANGLE_WALLS, Options::STRICT));
    ensure!(displays_as::<160>(
        &e,
        "byte 56 (0x38): expected a count of triangle walls of at least 0 in cell 0 of the secondary (triangle wall) grid, found -2"
    ));
    let e = err!(Course::parse(&BAD_MAGIC, Options::STRICT));
    ensure!(displays_as::<64>(
        &e,
        "byte 0 (0x0): expected the magic \"COL\\0\", found \"COLX\""
    ));
    Ok(())
}
