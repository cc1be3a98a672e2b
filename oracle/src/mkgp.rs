//! MKGP DX `COL`: any bytes, every `Options`. The reader must return `Err` or a course
//! whose cells, records, index, queries and lints all work inside the buffer; what STRICT
//! accepts, LENIENT accepts with the same values. The round trips read back what
//! `zerocol::generate::{MkgpCourse, MkgpSoup}` wrote.

use zerocol::generate::{
    Generated, MkgpCourse, MkgpCourseDescription, MkgpSoup, MkgpSoupDescription,
};
use zerocol::mkgp::build::{self, BuildError, edge_direction};
use zerocol::mkgp::{
    self, Cell, CellIndex, Course, ErrorKind, IndexError, Lint, LintKind, Options, SurfaceFlags,
    SurfaceType, VERSION, WallCell, cell_coord, cell_number, ground_in_cell, raw,
};
use zerocol::wire::StorageTooSmall;
use zerocol::wire::WriteError;

use std::collections::HashMap;

use super::common::{Messages, inside, one_line, same};

/// Every `Options` value.
pub fn options() -> impl Iterator<Item = Options> {
    [Options::STRICT, Options::LENIENT].into_iter()
}

/// A grid larger than this gets no index check (the storage is a `Vec` of one `u32`
/// per cell; a parsed grid costs 12 bytes a cell, so only huge inputs reach it).
const MAX_INDEXED_CELLS: u32 = 1 << 22;
/// Cells whose centre, corners and edges are queried (spread over the grid).
const QUERIED_CELLS: u32 = 6;

/// Runs `bytes` through the reader under every `Options`.
pub fn bytes(bytes: &[u8]) {
    let strict = Course::parse(bytes, Options::STRICT);
    let lenient = Course::parse(bytes, Options::LENIENT);
    for result in [&strict, &lenient] {
        match result {
            Ok(course) => course_checks(bytes, course),
            Err(error) => error_checks(bytes, error),
        }
    }
    // Differential: STRICT accepts a subset of what LENIENT accepts, with equal values;
    // the two differ only on the version word.
    match (&strict, &lenient) {
        (Ok(s), Ok(l)) => same_course(s, l),
        (Ok(_), Err(e)) => panic!("LENIENT refuses what STRICT accepts: {e}"),
        (Err(s), Ok(l)) => {
            assert!(
                matches!(s.kind(), ErrorKind::UnsupportedVersion { found } if found == l.version()),
                "STRICT refuses with {s:?}, LENIENT accepts"
            );
            assert_eq!(s.offset(), 4);
        }
        (Err(s), Err(l)) => {
            if !matches!(s.kind(), ErrorKind::UnsupportedVersion { .. }) {
                // Debug, not ==: a NaN cell size is in both.
                assert_eq!(
                    format!("{s:?}"),
                    format!("{l:?}"),
                    "STRICT and LENIENT refuse differently"
                );
            }
        }
    }
}

fn error_checks(bytes: &[u8], error: &mkgp::Error) {
    one_line(error);
    one_line(&error.kind());
    assert!(error.offset() <= bytes.len(), "{error:?} past the end");
    match error.kind() {
        ErrorKind::Truncated { needed, available } => {
            assert_eq!((error.offset(), needed, available), (0, 0x30, bytes.len()));
        }
        ErrorKind::BadMagic { found } => {
            assert_eq!(error.offset(), 0);
            assert_ne!(found, mkgp::MAGIC);
        }
        ErrorKind::UnsupportedVersion { found } => assert_ne!(found, VERSION),
        ErrorKind::NonPositiveDimension { dimension, value } => {
            one_line(&dimension);
            assert!(value <= 0);
        }
        ErrorKind::CellCountOverflow { width, length } => {
            assert!(width.checked_mul(length).is_none());
        }
        ErrorKind::BadCellSize { dimension, value } => {
            one_line(&dimension);
            assert!(!(value > 0.0 && value.is_finite()));
        }
        ErrorKind::CellPastEnd { grid, .. } => one_line(&grid),
        ErrorKind::NegativeCount {
            grid,
            records,
            count,
            ..
        } => {
            one_line(&grid);
            one_line(&records);
            assert!(count < 0);
        }
        ErrorKind::RecordsPastEnd {
            grid,
            records,
            end,
            file_len,
            ..
        } => {
            one_line(&grid);
            one_line(&records);
            assert_eq!(file_len, bytes.len());
            assert!(end > file_len as u64);
        }
        ErrorKind::TrailingBytes { len } => {
            assert!(len > 0);
            assert_eq!(error.offset() + len, bytes.len());
        }
        other => panic!("a kind this check does not know: {other:?}"),
    }
}

/// Two reads of the same bytes agree on every value.
fn same_course(s: &Course<'_>, l: &Course<'_>) {
    same(&s.grid(), &l.grid());
    assert_eq!(s.secondary_offset(), l.secondary_offset());
    assert!(std::ptr::eq(s.header(), l.header()));
    for (a, b) in s.cells().zip(l.cells()) {
        assert_eq!(cell_key(&a), cell_key(&b));
    }
    for (a, b) in s.wall_cells().zip(l.wall_cells()) {
        assert_eq!(wall_cell_key(&a), wall_cell_key(&b));
    }
    let lints = |c: &Course<'_>| c.lints().collect::<Vec<_>>();
    same(&lints(s), &lints(l));
    assert_eq!(
        s.tolerated().count(),
        0,
        "a strict read tolerated something"
    );
}

/// What identifies a cell: position, offset and the address and length of its records.
fn cell_key(c: &Cell<'_>) -> (u32, u32, u32, usize, usize, usize, usize, usize) {
    (
        c.index(),
        c.x(),
        c.z(),
        c.offset(),
        c.triangles().as_ptr() as usize,
        c.triangles().len(),
        c.walls().as_ptr() as usize,
        c.walls().len(),
    )
}

fn wall_cell_key(c: &WallCell<'_>) -> (u32, u32, u32, usize, usize, usize) {
    (
        c.index(),
        c.x(),
        c.z(),
        c.offset(),
        c.triangle_walls().as_ptr() as usize,
        c.triangle_walls().len(),
    )
}

fn course_checks(bytes: &[u8], course: &Course<'_>) {
    assert!(std::ptr::eq(course.bytes(), bytes));
    let header = course.header();
    inside(bytes, (header as *const raw::Header).cast(), 0x30);
    let grid = course.grid();
    assert_eq!(grid.version, course.version());
    assert_eq!(grid.version, header.version.get());
    assert_eq!(grid.width, course.width());
    assert_eq!(grid.length, course.length());
    assert_eq!(i64::from(grid.width), i64::from(header.width.get()));
    assert_eq!(i64::from(grid.length), i64::from(header.length.get()));
    assert!(grid.width >= 1 && grid.length >= 1);
    assert!(grid.cell_size.iter().all(|s| s.is_finite() && *s > 0.0));
    assert_eq!(
        u64::from(course.cell_count()),
        u64::from(grid.width) * u64::from(grid.length)
    );
    assert!(u64::from(course.cell_count()) * 12 + 0x30 <= bytes.len() as u64);

    // Primary grid: contiguous cells in file order, counts from iterating equal the
    // parsed count, every record inside the buffer, every record decoded.
    let cells = course.cells();
    assert_eq!(cells.len(), course.cell_count() as usize);
    assert_eq!(cells.size_hint(), (cells.len(), Some(cells.len())));
    let mut at = 0x30;
    let mut n = 0u32;
    let mut records = 0usize;
    for cell in course.cells() {
        assert_eq!(cell.index(), n);
        assert_eq!((cell.x(), cell.z()), (n % grid.width, n / grid.width));
        assert_eq!(
            cell_number(cell.x(), cell.z(), grid.width),
            u64::from(cell.index())
        );
        assert_eq!(cell.offset(), at);
        inside(bytes, bytes[at..].as_ptr(), 8);
        let (t, w) = (cell.triangles(), cell.walls());
        inside(bytes, t.as_ptr().cast(), size_of_val(t));
        inside(bytes, w.as_ptr().cast(), size_of_val(w));
        assert_eq!(t.as_ptr() as usize, bytes[at + 8..].as_ptr() as usize);
        assert_eq!(w.as_ptr() as usize, t.as_ptr() as usize + size_of_val(t));
        at += 8 + size_of_val(t) + size_of_val(w);
        for triangle in t {
            triangle_checks(triangle);
        }
        for wall in w {
            let decoded = wall.decode();
            let again = raw::Wall::from(&decoded);
            same(&again.decode(), &decoded);
        }
        records += t.len() + w.len();
        n += 1;
    }
    assert_eq!(n, course.cell_count());
    assert_eq!(at, course.secondary_offset());
    let mut n = 0u32;
    for cell in course.wall_cells() {
        assert_eq!(cell.index(), n);
        assert_eq!((cell.x(), cell.z()), (n % grid.width, n / grid.width));
        assert_eq!(cell.offset(), at);
        let tw = cell.triangle_walls();
        inside(bytes, tw.as_ptr().cast(), size_of_val(tw));
        assert_eq!(tw.as_ptr() as usize, bytes[at + 4..].as_ptr() as usize);
        at += 4 + size_of_val(tw);
        for wall in tw {
            let decoded = wall.decode();
            let again = raw::TriangleWall::from(&decoded);
            same(&again.decode(), &decoded);
        }
        records += tw.len();
        n += 1;
    }
    assert_eq!(n, course.cell_count());
    assert_eq!(at, bytes.len(), "the cells do not account for every byte");
    assert!(records * 0x38 <= bytes.len());
    assert_eq!(course.wall_cells().len(), course.cell_count() as usize);

    lint_checks(bytes, course);
    query_checks(course);
}

/// A triangle decodes and encodes back to the same bytes; its queries never return a
/// non-finite height; its flags' parts are the bits they are made of.
fn triangle_checks(triangle: &raw::Triangle) {
    let t = triangle.decode();
    // Bitwise (the raw fields compare as bytes): no NaN payload or -0.0 is lost.
    assert_eq!(raw::Triangle::from(&t), *triangle);
    flags_checks(t.flags);
    let [a, b, c] = t.vertices;
    let centre = [(a[0] + b[0] + c[0]) / 3.0, (a[2] + b[2] + c[2]) / 3.0];
    for [x, z] in [[a[0], a[2]], [b[0], b[2]], centre, t.min, t.max] {
        if let Some(h) = t.height_at(x, z) {
            assert!(h.is_finite());
            assert!(t.contains_xz(x, z));
            assert_eq!(Some(h), t.plane_height(x, z));
        }
        if let Some(h) = t.plane_height(x, z) {
            assert!(h.is_finite());
        }
    }
}

fn flags_checks(flags: SurfaceFlags) {
    let [low, high, sound, effect] = flags.0.to_le_bytes();
    assert_eq!(flags.surface_bits(), u16::from_le_bytes([low, high]));
    assert_eq!(flags.sound_variant(), sound);
    assert_eq!(flags.special_effect(), effect);
    assert_eq!(flags.is_one_hot(), flags.surface_bits().count_ones() == 1);
    if let Some(surface) = flags.surface_type() {
        assert!(flags.is_one_hot());
        assert_eq!(surface.bit(), flags.surface_bits());
        assert_eq!(SurfaceType::from_bit(surface.bit()), Some(surface));
        assert!(SurfaceType::ALL.contains(&surface));
        assert!(!surface.name().is_empty());
        one_line(&surface);
    } else {
        assert!(SurfaceType::from_bit(flags.surface_bits()).is_none() || !flags.is_one_hot());
    }
}

fn lint_checks(bytes: &[u8], course: &Course<'_>) {
    let cells: Vec<Cell<'_>> = course.cells().collect();
    let mut tolerated = 0usize;
    let mut messages = Messages::default();
    let mut lints = course.lints();
    for lint in lints.by_ref() {
        messages.check_with_kind(&lint.kind, &lint);
        assert_eq!(lint.is_tolerated(), lint.kind.is_tolerated());
        assert_eq!(
            lint.is_tolerated(),
            matches!(lint.kind, LintKind::UnexpectedVersion { .. })
        );
        match lint.cell {
            // A header lint: the version word or the negated minimum.
            None => {
                assert!(lint.offset == 4 || lint.offset == 0x28, "{lint:?}");
                assert!(matches!(
                    lint.kind,
                    LintKind::UnexpectedVersion { .. } | LintKind::NegatedMinMismatch { .. }
                ));
                if let LintKind::UnexpectedVersion { found } = lint.kind {
                    assert_eq!((found, lint.offset), (course.version(), 4));
                    assert_ne!(found, VERSION);
                }
                if let LintKind::NegatedMinMismatch { min, neg_min } = lint.kind {
                    let g = course.grid();
                    assert_eq!(
                        (
                            min.map(f32::to_bits),
                            neg_min.map(f32::to_bits),
                            lint.offset
                        ),
                        (g.min.map(f32::to_bits), g.neg_min.map(f32::to_bits), 0x28)
                    );
                }
            }
            // A triangle lint: the offset is a triangle of that cell.
            Some(index) => {
                assert!(index < course.cell_count());
                assert!(lint.offset + 0x70 <= bytes.len(), "{lint:?}");
                let cell = cells[index as usize];
                let first = cell.offset() + 8;
                assert!(lint.offset >= first);
                assert_eq!((lint.offset - first) % 0x70, 0);
                assert!((lint.offset - first) / 0x70 < cell.triangles().len());
                match lint.kind {
                    LintKind::TriangleOutsideCell { x, z } => {
                        assert_eq!((x, z), (cell.x(), cell.z()));
                    }
                    LintKind::NormalNotUnit { length_squared } => {
                        let error = (length_squared - 1.0).abs();
                        assert!(error.is_nan() || error > mkgp::NORMAL_TOLERANCE);
                    }
                    LintKind::PlaneOffsetMismatch { d, expected } => {
                        assert!(d.to_bits() != expected.to_bits() || !d.is_finite());
                    }
                    LintKind::NeighbourBitsBeyondEdges { neighbours } => {
                        assert_ne!(neighbours & !0b111, 0);
                    }
                    LintKind::SurfaceTypeNotOneHot { flags } => {
                        assert!(!SurfaceFlags(flags).is_one_hot());
                    }
                    LintKind::BoundsMismatch { .. } => {}
                    other => panic!("a header lint on a triangle: {other:?}"),
                }
            }
        }
        tolerated += usize::from(lint.is_tolerated());
    }
    assert_eq!(lints.next(), None::<Lint>, "Lints is fused");
    assert_eq!(course.tolerated().count(), tolerated);
    assert_eq!(tolerated, usize::from(course.version() != VERSION));
}

/// Query points from the parsed grid: the centre, corners and edge midpoints of
/// half a dozen cells spread over it, the grid's far corner, and points outside it.
fn query_points(course: &Course<'_>) -> Vec<(f32, f32)> {
    let g = course.grid();
    let [sx, sz] = g.cell_size;
    let [ox, oz] = g.min;
    let mut points = Vec::new();
    let count = course.cell_count();
    let step = (count / QUERIED_CELLS).max(1);
    for n in (0..count).step_by(step as usize).chain([count - 1]) {
        let (x, z) = ((n % g.width) as f32, (n / g.width) as f32);
        // The centre, two opposite corners (each shared with three other cells) and
        // two edge midpoints: every way a point can sit on a cell's boundary.
        for (fx, fz) in [(0.5, 0.5), (0.0, 0.0), (1.0, 1.0), (0.5, 0.0), (1.0, 0.5)] {
            points.push((ox + (x + fx) * sx, oz + (z + fz) * sz));
        }
    }
    let far = (ox + g.width as f32 * sx, oz + g.length as f32 * sz);
    points.push(far);
    points.push((ox - sx, oz));
    points.push((ox, oz - sz));
    points.push((far.0 + sx, far.1 + sz));
    points.push(g.max.into());
    points.push((f32::NAN, oz));
    points
}

fn query_checks(course: &Course<'_>) {
    let points = query_points(course);
    let mut storage = index_storage(course);
    let index: Option<CellIndex<'_, '_>> = if storage.is_empty() {
        None
    } else {
        Some(
            course
                .index(&mut storage)
                .expect("storage of W × L entries"),
        )
    };
    if let Some(index) = &index {
        index_checks(course, index);
    }
    walk_checks(course);
    for (x, z) in points {
        point_checks(course, index.as_ref(), x, z);
    }
    cast_checks(course, index.as_ref());
}

/// Casts keep the rules, and answer the same without an index, through the
/// `CellIndex` and through an `IndexedCourse`; a hit is a record of the course, and
/// no record anywhere is hit nearer (the walk looks only in the cells the segment
/// crosses, so a record binned away from where it lies may be missed, never invented).
fn cast_checks(course: &Course<'_>, index: Option<&CellIndex<'_, '_>>) {
    let g = course.grid();
    let segments = crate::common::query_segments(
        course.bytes(),
        [g.min[0], -50.0, g.min[1]],
        [g.max[0], 50.0, g.max[1]],
    );
    casts(course, index, &segments);
}

/// The `query` target's checks on a course: [`cast_checks`] with its segments.
pub fn query_target(course: &Course<'_>, segments: &[zerocol::query::Segment]) {
    let mut storage = vec![0u32; course.cell_count().min(MAX_INDEXED_CELLS) as usize];
    let index = course.index(&mut storage).ok();
    casts(course, index.as_ref(), segments);
}

fn casts(
    course: &Course<'_>,
    index: Option<&CellIndex<'_, '_>>,
    segments: &[zerocol::query::Segment],
) {
    use zerocol::mkgp::{IndexedCourse, Surface};
    use zerocol::query::segment_triangle;
    // Without an index each visited cell is a walk over the file.
    let walk = course.cell_count() <= 1 << 12;
    let direct = walk.then(|| crate::common::query_checks(course, segments));
    let Some(index) = index else { return };
    let through_cells = crate::common::query_checks(index, segments);
    let n = course.cell_count() as usize;
    let (mut a, mut b) = (vec![0u32; n], vec![0u32; n]);
    let indexed = IndexedCourse::new(course, &mut a, &mut b).expect("storage of W × L entries");
    let through_both = crate::common::query_checks(&indexed, segments);
    assert_eq!(through_cells, through_both);
    if let Some(direct) = direct {
        assert_eq!(direct, through_both);
    }
    for (s, hit) in segments.iter().zip(&through_both) {
        let mut nearest: Option<f32> = None;
        let mut found = false;
        let mut offer = |tri: [[f32; 3]; 3], surface: Surface| {
            if let Some((t, _)) = segment_triangle(s.start, s.direction(), tri) {
                nearest = Some(nearest.map_or(t, |b: f32| b.min(t)));
                found |= hit.is_some_and(|h| h.t == t && h.material == surface);
            }
        };
        for cell in course.cells() {
            for t in cell.triangles() {
                let t = t.decode();
                offer(t.vertices, Surface::Ground(t.flags));
            }
        }
        for cell in course.wall_cells() {
            for w in cell.triangle_walls() {
                let w = w.decode();
                offer(w.vertices, Surface::Wall(w.flag));
            }
        }
        if let Some(h) = hit {
            assert!(found, "{s:?}: {h:?} is no record's hit");
            assert!(nearest.is_some_and(|t| t <= h.t), "{s:?}: {h:?}");
        }
    }
}

/// Index storage sized from the parsed grid (empty when the grid is too large to
/// index here); one entry short is refused.
fn index_storage(course: &Course<'_>) -> Vec<u32> {
    let count = course.cell_count();
    let storage = if count <= MAX_INDEXED_CELLS {
        vec![0u32; count as usize]
    } else {
        Vec::new()
    };
    let short = &mut vec![0u32; storage.len().saturating_sub(1)];
    if !storage.is_empty() {
        match course.index(short) {
            Err(e @ IndexError::StorageTooSmall(StorageTooSmall { needed, available })) => {
                assert_eq!((needed, available), (count as usize, short.len()));
                one_line(&e);
            }
            other => panic!("a short index storage gave {other:?}"),
        }
        let e = IndexError::FileTooLarge;
        one_line(&e);
    }
    storage
}

/// Every cell through the index is the cell in file order.
fn index_checks(course: &Course<'_>, index: &CellIndex<'_, '_>) {
    let g = course.grid();
    assert!(std::ptr::eq(index.course().bytes(), course.bytes()));
    for cell in course.cells() {
        let found = index.cell(cell.x(), cell.z()).expect("a cell of the grid");
        assert_eq!(cell_key(&found), cell_key(&cell));
    }
    assert!(index.cell(g.width, 0).is_none());
    assert!(index.cell(0, g.length).is_none());
}

/// A few cells by walking, the rest are covered by the index; none past the grid.
fn walk_checks(course: &Course<'_>) {
    let g = course.grid();
    let count = course.cell_count();
    let step = (count / QUERIED_CELLS).max(1);
    for n in (0..count).step_by(step as usize) {
        let (x, z) = (n % g.width, n / g.width);
        let cell = course.cell(x, z).expect("a cell of the grid");
        assert_eq!((cell.index(), cell.x(), cell.z()), (n, x, z));
    }
    assert!(course.cell(g.width, 0).is_none());
    assert!(course.cell(0, g.length).is_none());
    assert!(course.cell(u32::MAX, u32::MAX).is_none());
}

/// The cell and ground at a point, walked and (when there is one) through the index.
fn point_checks(course: &Course<'_>, index: Option<&CellIndex<'_, '_>>, x: f32, z: f32) {
    let g = course.grid();
    let at = course.cell_of(x, z);
    let expected = cell_coord(x, g.min[0], g.cell_size[0], g.width).zip(cell_coord(
        z,
        g.min[1],
        g.cell_size[1],
        g.length,
    ));
    assert_eq!(at, expected);
    if let Some((cx, cz)) = at {
        assert!(cx < g.width && cz < g.length);
    }
    let slow = course.ground_height(x, z);
    let walked = at.and_then(|(cx, cz)| course.cell(cx, cz));
    let in_cell = walked.as_ref().and_then(|c| ground_in_cell(c, x, z));
    assert_eq!(ground_key(&slow), ground_key(&in_cell));
    if let Some(g) = &slow {
        assert!(g.height.is_finite());
        flags_checks(g.flags());
        let cell = walked.as_ref().unwrap();
        assert!(cell.triangles().iter().any(|t| std::ptr::eq(t, g.triangle)));
    }
    if let Some(index) = index {
        let fast_cell = index.cell_at(x, z);
        assert_eq!(
            fast_cell.as_ref().map(cell_key),
            walked.as_ref().map(cell_key)
        );
        let fast = index.ground_height(x, z);
        assert_eq!(ground_key(&slow), ground_key(&fast));
    }
}

fn ground_key(g: &Option<mkgp::Ground<'_>>) -> Option<(u32, usize)> {
    g.as_ref().map(|g| {
        (
            g.height.to_bits(),
            g.triangle as *const raw::Triangle as usize,
        )
    })
}

// ---------------------------------------------------------------------------------
// Round trips.

/// Reads a course back into the description it was written from.
pub fn describe(course: &Course<'_>) -> MkgpCourseDescription {
    MkgpCourseDescription {
        header: course.grid(),
        cells: course
            .cells()
            .map(|c| {
                (
                    c.triangles().iter().map(raw::Triangle::decode).collect(),
                    c.walls().iter().map(raw::Wall::decode).collect(),
                )
            })
            .collect(),
        wall_cells: course
            .wall_cells()
            .map(|c| {
                c.triangle_walls()
                    .iter()
                    .map(raw::TriangleWall::decode)
                    .collect()
            })
            .collect(),
    }
}

/// Writes `description` again, into a buffer of exactly `required_len` bytes and
/// into one a byte short.
fn rewrite(description: &MkgpCourseDescription) -> Vec<u8> {
    let cells: Vec<mkgp::CellContents<'_>> = description
        .cells
        .iter()
        .map(|(triangles, walls)| mkgp::CellContents { triangles, walls })
        .collect();
    let wall_cells: Vec<&[mkgp::TriangleWall]> =
        description.wall_cells.iter().map(Vec::as_slice).collect();
    let len = mkgp::required_len(&cells, &wall_cells).unwrap();
    let mut out = vec![0u8; len];
    let written = mkgp::write(&description.header, &cells, &wall_cells, &mut out).unwrap();
    assert_eq!(written, len, "write() wrote other than required_len()");
    let mut short = vec![0u8; len - 1];
    let e = mkgp::write(&description.header, &cells, &wall_cells, &mut short);
    assert_eq!(
        e,
        Err(WriteError::BufferTooSmall {
            needed: len,
            available: len - 1
        })
    );
    one_line(&e.unwrap_err());
    // One cell missing from either grid is refused, naming the counts.
    let e = mkgp::write(&description.header, &cells[1..], &wall_cells, &mut out).unwrap_err();
    let expected = u64::from(description.header.width) * u64::from(description.header.length);
    let found = cells.len() - 1;
    assert_eq!(
        e,
        WriteError::Invalid(mkgp::InputError::CellCount { expected, found })
    );
    one_line(&e);
    let e = mkgp::write(&description.header, &cells, &wall_cells[1..], &mut out).unwrap_err();
    assert_eq!(
        e,
        WriteError::Invalid(mkgp::InputError::WallCellCount { expected, found })
    );
    one_line(&e);
    out
}

/// A course written cell by cell reads back as its description, under both options,
/// and rewriting what was read gives the same bytes.
pub fn round_trip_course(file: &MkgpCourse) {
    let bytes = file.bytes();
    let course = Course::parse(bytes, Options::STRICT).expect("a generated course parses");
    let description = describe(&course);
    assert_eq!(&description, file.description());
    assert_eq!(rewrite(&description), bytes);
    let lenient = Course::parse(bytes, Options::LENIENT).expect("LENIENT reads it too");
    assert_eq!(describe(&lenient), description);
    assert_eq!(course.tolerated().count(), 0);
    written(bytes, &course, &lenient);
}

/// What `bytes` checks of a file, for one the writer made: the whole-view checks once,
/// under STRICT (a written file is valid, so LENIENT reads it the same, which
/// `same_course` compares; the `mkgp` target runs every option on every input).
fn written(bytes: &[u8], strict: &Course<'_>, lenient: &Course<'_>) {
    course_checks(bytes, strict);
    same_course(strict, lenient);
}

/// What the builder promises (`CourseBuilder::build`'s docs): the header from the
/// soup's bounds, every triangle (as `build::triangle` makes it, with the neighbour
/// bits of the edges it shares) in exactly the cells its bounds touch in soup order,
/// every open edge a wall in the cells its bounds touch, every triangle wall in the
/// secondary cells it touches, and a point inside a triangle finds ground at least
/// as high.
pub fn round_trip_soup(file: &MkgpSoup) {
    let soup = file.description();
    let bytes = file.bytes();
    let course = Course::parse(bytes, Options::STRICT).expect("a built course parses");
    let g = course.grid();
    let min = soup_header(soup, &g);
    let (records, neighbours) = soup_records(soup);
    soup_cells(&course, soup, min, &records, &neighbours);
    soup_lints(&course);
    soup_ground(&course, &records);
    // Building again gives the same bytes.
    let built = soup.builder().build().unwrap();
    assert_eq!(built.to_bytes().unwrap(), bytes);
    assert_eq!(built.header, g);
    soup_refusals(soup);
    let lenient = Course::parse(bytes, Options::LENIENT).expect("LENIENT reads it too");
    written(bytes, &course, &lenient);
}

/// The header: the soup's XZ bounds and the cells covering them. Returns the bounds'
/// minimum.
fn soup_header(soup: &MkgpSoupDescription, g: &mkgp::GridHeader) -> [f32; 2] {
    let vertices = soup
        .triangles
        .iter()
        .flat_map(|t| t.vertices)
        .chain(soup.triangle_walls.iter().flat_map(|w| w.vertices));
    let (mut min, mut max) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
    for [x, _, z] in vertices {
        min = [min[0].min(x), min[1].min(z)];
        max = [max[0].max(x), max[1].max(z)];
    }
    assert_eq!(g.version, VERSION);
    assert_eq!(g.cell_size, soup.cell_size);
    assert_eq!((g.min, g.max), (min, max));
    assert_eq!(g.neg_min, [-min[0], -min[1]]);
    let along = |lo: f32, hi: f32, size: f32| ((hi - lo) / size).ceil().max(1.0) as u32;
    assert_eq!(g.width, along(min[0], max[0], soup.cell_size[0]));
    assert_eq!(g.length, along(min[1], max[1], soup.cell_size[1]));
    min
}

/// The triangle records the builder makes, and their neighbour bits: an edge is
/// shared when another triangle has the same two points, in either order (points
/// compared as `==` does: the builder refuses non-finite vertices, and `+ 0.0` makes
/// −0.0 and 0.0 one key).
fn soup_records(soup: &MkgpSoupDescription) -> (Vec<mkgp::Triangle>, Vec<u32>) {
    // Per edge: the first triangle that has it, and whether another one does too.
    let mut owners: HashMap<([u32; 3], [u32; 3]), (usize, bool)> = HashMap::new();
    for (i, t) in soup.triangles.iter().enumerate() {
        assert!(t.vertices.iter().flatten().all(|c| c.is_finite()));
        for edge in edges(t.vertices) {
            owners
                .entry(edge_key(edge))
                .and_modify(|(first, shared)| *shared |= *first != i)
                .or_insert((i, false));
        }
    }
    let neighbours: Vec<u32> = soup
        .triangles
        .iter()
        .map(|t| {
            let mut bits = 0;
            for (e, edge) in edges(t.vertices).into_iter().enumerate() {
                if owners[&edge_key(edge)].1 {
                    bits |= 1 << e;
                }
            }
            bits
        })
        .collect();
    let records: Vec<mkgp::Triangle> = soup
        .triangles
        .iter()
        .zip(&neighbours)
        .map(|(t, &n)| build::triangle(t.vertices, t.flags, n))
        .collect();
    for (record, t) in records.iter().zip(&soup.triangles) {
        for (e, (a, b)) in edges(t.vertices).into_iter().enumerate() {
            assert_eq!(
                record.edges[e].map(f32::to_bits),
                edge_direction(a, b).map(f32::to_bits)
            );
        }
    }
    (records, neighbours)
}

/// A triangle's edges, in the order of its neighbour bits.
fn edges(v: [mkgp::Vec3; 3]) -> [(mkgp::Vec3, mkgp::Vec3); 3] {
    [(v[0], v[1]), (v[1], v[2]), (v[2], v[0])]
}

/// An edge as a key that is the same in either direction.
fn edge_key((a, b): (mkgp::Vec3, mkgp::Vec3)) -> ([u32; 3], [u32; 3]) {
    let point = |p: mkgp::Vec3| p.map(|c| (c + 0.0).to_bits());
    let (a, b) = (point(a), point(b));
    if a <= b { (a, b) } else { (b, a) }
}

/// What each cell should hold, in soup order: every record is put in each cell its
/// XZ bounds touch (the work is the size of the expected file, not cells × records).
fn soup_cells(
    course: &Course<'_>,
    soup: &MkgpSoupDescription,
    min: [f32; 2],
    records: &[mkgp::Triangle],
    neighbours: &[u32],
) {
    let g = course.grid();
    // Which cells a box touches, as the reader maps points.
    let span = |lo: f32, hi: f32, axis: usize, count: u32| {
        let first = cell_coord(lo, min[axis], soup.cell_size[axis], count).unwrap();
        let last = cell_coord(hi, min[axis], soup.cell_size[axis], count).unwrap();
        first..=last
    };
    let place = |lo: [f32; 2], hi: [f32; 2], into: &mut HashMap<(u32, u32), Vec<usize>>, i| {
        for z in span(lo[1], hi[1], 1, g.length) {
            for x in span(lo[0], hi[0], 0, g.width) {
                into.entry((x, z)).or_default().push(i);
            }
        }
    };
    let mut triangles_at = HashMap::new();
    for (i, r) in records.iter().enumerate() {
        place(r.min, r.max, &mut triangles_at, i);
    }
    let walls = open_edge_walls(soup, neighbours);
    let mut walls_at = HashMap::new();
    for (i, w) in walls.iter().enumerate() {
        place([w.min[0], w.min[2]], [w.max[0], w.max[2]], &mut walls_at, i);
    }
    let mut triangle_walls_at = HashMap::new();
    for (i, w) in soup.triangle_walls.iter().enumerate() {
        let [a, b, c] = w.vertices;
        let lo = [a[0].min(b[0]).min(c[0]), a[2].min(b[2]).min(c[2])];
        let hi = [a[0].max(b[0]).max(c[0]), a[2].max(b[2]).max(c[2])];
        place(lo, hi, &mut triangle_walls_at, i);
    }
    let none = Vec::new();

    for cell in course.cells() {
        let at = (cell.x(), cell.z());
        // As records, which compare bit for bit: a degenerate triangle's normal is NaN,
        // which `==` on decoded values never equals.
        let expected: Vec<raw::Triangle> = triangles_at
            .get(&at)
            .unwrap_or(&none)
            .iter()
            .map(|&i| raw::Triangle::from(&records[i]))
            .collect();
        let found = cell.triangles();
        assert_eq!(found, expected.as_slice(), "triangles of cell {at:?}");
        let expected: Vec<mkgp::Wall> = walls_at
            .get(&at)
            .unwrap_or(&none)
            .iter()
            .map(|&i| walls[i])
            .collect();
        let found: Vec<mkgp::Wall> = cell.walls().iter().map(|w| w.decode()).collect();
        assert_eq!(found, expected, "walls of cell {at:?}");
    }
    for cell in course.wall_cells() {
        let at = (cell.x(), cell.z());
        let expected: Vec<mkgp::TriangleWall> = triangle_walls_at
            .get(&at)
            .unwrap_or(&none)
            .iter()
            .map(|&i| soup.triangle_walls[i])
            .collect();
        let found: Vec<mkgp::TriangleWall> =
            cell.triangle_walls().iter().map(|w| w.decode()).collect();
        assert_eq!(found, expected, "triangle walls of cell {at:?}");
    }
}

/// The walls the builder puts on open edges: each edge no other triangle shares.
fn open_edge_walls(soup: &MkgpSoupDescription, neighbours: &[u32]) -> Vec<mkgp::Wall> {
    soup.triangles
        .iter()
        .zip(neighbours)
        .flat_map(|(t, &n)| {
            edges(t.vertices)
                .into_iter()
                .enumerate()
                .filter(move |(e, _)| n & (1 << e) == 0)
                .map(|(_, (p1, p2))| mkgp::Wall {
                    min: [p1[0].min(p2[0]), p1[1].min(p2[1]), p1[2].min(p2[2])],
                    max: [p1[0].max(p2[0]), p1[1].max(p2[1]), p1[2].max(p2[2])],
                    p1,
                    p2,
                })
        })
        .collect()
}

/// No lint about what the builder computes (bounds, cells, the header).
fn soup_lints(course: &Course<'_>) {
    for lint in course.lints() {
        assert!(
            !matches!(
                lint.kind,
                LintKind::UnexpectedVersion { .. }
                    | LintKind::NegatedMinMismatch { .. }
                    | LintKind::BoundsMismatch { .. }
                    | LintKind::NeighbourBitsBeyondEdges { .. }
                    | LintKind::TriangleOutsideCell { .. }
            ),
            "the builder made {lint}"
        );
    }
}

/// A point on a triangle finds ground at least as high, with or without an index.
fn soup_ground(course: &Course<'_>, records: &[mkgp::Triangle]) {
    let mut storage = vec![0u32; course.cell_count() as usize];
    let index = course.index(&mut storage).unwrap();
    for record in records {
        let [a, b, c] = record.vertices;
        let (x, z) = ((a[0] + b[0] + c[0]) / 3.0, (a[2] + b[2] + c[2]) / 3.0);
        let Some(height) = record.height_at(x, z) else {
            continue;
        };
        let ground = index.ground_height(x, z).expect("ground under a triangle");
        assert!(ground.height >= height, "{} below {height}", ground.height);
        assert_eq!(
            ground_key(&Some(ground)),
            ground_key(&course.ground_height(x, z))
        );
    }
}

/// What the builder refuses, it names.
fn soup_refusals(soup: &MkgpSoupDescription) {
    let mut builder = soup.builder();
    builder.cell_size = [soup.cell_size[0], -soup.cell_size[1]];
    let e = builder.build().unwrap_err();
    assert_eq!(
        e,
        BuildError::InvalidCellSize {
            cell_size: builder.cell_size
        }
    );
    one_line(&e);
    let mut builder = soup.builder();
    let last = soup.triangles.len();
    builder.triangles.push(mkgp::SoupTriangle {
        vertices: [[0.0, f32::NAN, 0.0]; 3],
        flags: SurfaceFlags(1),
    });
    let e = builder.build().unwrap_err();
    assert_eq!(e, BuildError::NonFiniteVertex { triangle: last });
    one_line(&e);
    builder.triangles.clear();
    let e = builder.build().unwrap_err();
    assert_eq!(e, BuildError::NoTriangles);
    one_line(&e);
}
