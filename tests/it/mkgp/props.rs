//! Property tests of the MKGP DX reader, as seeded loops over a small xorshift generator (no
//! dependencies, deterministic): random buffers and mutated valid files never panic through
//! `Course::parse` (strict and lenient), every error names an offset inside the file, and
//! every accepted course walks completely: all cells and records, the index, ground queries
//! (finite or none) and lints, with every record slice inside the buffer.
//!
//! A failing case prints its generator seed, iteration and bytes (hex) before the panic.
//! `ZEROCOL_PROP_SCALE=N` multiplies the number of cases (default 1); `ZEROCOL_PROP_SEED=N`
//! explores different ones.

use zerocol::mkgp::build::BuiltCourse;
use zerocol::mkgp::{
    Course, Error, ErrorKind, GridHeader, IndexError, LintKind, MAGIC, Options, SurfaceFlags,
    Triangle, TriangleWall, VERSION, Wall, raw,
};

use crate::support;
use crate::support::bytes::{i32_at, set_f32, set_i32};
use crate::support::mkgp::{HEADER, TRI, TRI_WALL, WALL};
use crate::support::rng::{Case, Rng, scale, seed};
use crate::support::within;

// ---------------------------------------------------------------- invariants

fn check_error(e: &Error, bytes: &[u8]) {
    assert!(
        e.offset() <= bytes.len(),
        "error offset {} past {}: {e}",
        e.offset(),
        bytes.len()
    );
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("byte {} (0x{:x}): ", e.offset(), e.offset())),
        "{shown}"
    );
    assert!(!e.kind().to_string().is_empty());
    // Each kind blames a field that fits its meaning.
    match e.kind() {
        ErrorKind::BadMagic { .. } | ErrorKind::Truncated { .. } => assert_eq!(e.offset(), 0),
        ErrorKind::UnsupportedVersion { .. } => assert_eq!(e.offset(), 4),
        ErrorKind::NonPositiveDimension { .. } => assert!([8, 12].contains(&e.offset())),
        ErrorKind::CellCountOverflow { .. } => assert_eq!(e.offset(), 8),
        ErrorKind::BadCellSize { .. } => assert!([0x10, 0x14].contains(&e.offset())),
        ErrorKind::CellPastEnd { .. } => assert!(e.offset() >= HEADER),
        ErrorKind::NegativeCount { count, .. } => {
            assert!(count < 0);
            assert_eq!(i32_at(bytes, e.offset()), count);
        }
        ErrorKind::RecordsPastEnd {
            count,
            end,
            file_len,
            ..
        } => {
            assert_eq!(i32_at(bytes, e.offset()), count);
            assert_eq!(file_len, bytes.len());
            assert!(end > bytes.len() as u64);
        }
        ErrorKind::TrailingBytes { len } => {
            assert!(len > 0);
            assert_eq!(e.offset() + len, bytes.len());
        }
        _ => {}
    }
}

/// Parses with both options; checks every error, walks every accepted course.
fn parse_both(bytes: &[u8], rng: &mut Rng) -> (Result<(), Error>, Result<(), Error>) {
    let strict = Course::parse(bytes, Options::STRICT);
    let lenient = Course::parse(bytes, Options::LENIENT);
    match (&strict, &lenient) {
        (Ok(s), Ok(l)) => {
            assert_eq!(s.secondary_offset(), l.secondary_offset());
            walk(s, bytes, rng);
        }
        (Err(e), Ok(l)) => {
            assert!(
                matches!(e.kind(), ErrorKind::UnsupportedVersion { .. }),
                "{e}"
            );
            assert_ne!(l.version(), VERSION);
            walk(l, bytes, rng);
        }
        (Err(s), Err(l)) => {
            check_error(s, bytes);
            check_error(l, bytes);
            if !matches!(s.kind(), ErrorKind::UnsupportedVersion { .. }) {
                // Debug text, as a NaN cell size makes the errors unequal under `==`.
                assert_eq!(format!("{s:?}"), format!("{l:?}"));
            }
        }
        (Ok(_), Err(e)) => panic!("strict accepts what lenient refuses: {e}"),
    }
    (strict.map(|_| ()), lenient.map(|_| ()))
}

/// Every accessor of an accepted course: nothing panics, every slice lies in the buffer
/// where the layout puts it, every query answer is finite or none.
fn walk(course: &Course<'_>, bytes: &[u8], rng: &mut Rng) {
    assert_eq!(course.bytes().as_ptr(), bytes.as_ptr());
    assert_eq!(course.bytes().len(), bytes.len());
    let h = course.grid();
    assert_eq!(i32_at(bytes, 8), h.width as i32);
    assert_eq!(i32_at(bytes, 12), h.length as i32);
    assert!(h.width >= 1 && h.length >= 1);
    assert!(u64::from(h.width) * u64::from(h.length) <= i32::MAX as u64);
    assert_eq!(course.cell_count(), h.width * h.length);
    for size in h.cell_size {
        assert!(size > 0.0 && size.is_finite());
    }
    let n = course.cell_count();
    // Each cell takes at least 12 bytes: the walk is bounded by the file.
    assert!(HEADER + 12 * n as usize <= bytes.len());

    let mut at = HEADER;
    let mut triangles = 0usize;
    let mut cells = course.cells();
    assert_eq!(cells.len(), n as usize);
    for i in 0..n {
        let cell = cells.next().unwrap();
        assert_eq!(cell.index(), i);
        assert_eq!((cell.x(), cell.z()), (i % h.width, i / h.width));
        assert_eq!(cell.offset(), at);
        at += 8;
        let t = cell.triangles();
        assert_eq!(t.len() as i32, i32_at(bytes, cell.offset()));
        if !t.is_empty() {
            assert_eq!(within(t, bytes), at);
        }
        at += TRI * t.len();
        let w = cell.walls();
        assert_eq!(w.len() as i32, i32_at(bytes, cell.offset() + 4));
        if !w.is_empty() {
            assert_eq!(within(w, bytes), at);
        }
        at += WALL * w.len();
        for raw in t {
            let d: Triangle = raw.decode();
            let _ = (d.flags.surface_type(), d.flags.is_one_hot());
            let [lo, hi] = [d.min, d.max];
            for (x, z) in [(lo[0], lo[1]), (hi[0], hi[1]), (rng.float(), rng.float())] {
                if let Some(y) = d.height_at(x, z) {
                    assert!(y.is_finite());
                }
                if let Some(y) = d.plane_height(x, z) {
                    assert!(y.is_finite());
                }
            }
        }
        for raw in w {
            let _: Wall = raw.decode();
        }
        triangles += t.len();
    }
    assert!(cells.next().is_none());
    assert_eq!(course.secondary_offset(), at);
    let mut wall_cells = course.wall_cells();
    assert_eq!(wall_cells.len(), n as usize);
    for i in 0..n {
        let cell = wall_cells.next().unwrap();
        assert_eq!(cell.index(), i);
        assert_eq!((cell.x(), cell.z()), (i % h.width, i / h.width));
        assert_eq!(cell.offset(), at);
        at += 4;
        let u = cell.triangle_walls();
        assert_eq!(u.len() as i32, i32_at(bytes, cell.offset()));
        if !u.is_empty() {
            assert_eq!(within(u, bytes), at);
        }
        at += TRI_WALL * u.len();
        for raw in u {
            let _: TriangleWall = raw.decode();
        }
    }
    assert!(wall_cells.next().is_none());
    assert_eq!(at, bytes.len(), "the walk accounts for every byte");

    // The index: too little storage is refused, enough gives the walked cells.
    let mut small = vec![0; n as usize - 1];
    assert_eq!(
        course.index(&mut small).unwrap_err(),
        IndexError::StorageTooSmall(zerocol::wire::StorageTooSmall {
            needed: n as usize,
            available: n as usize - 1
        })
    );
    let mut storage = vec![0; n as usize + rng.below(3)];
    let index = course.index(&mut storage).unwrap();
    let probes: Vec<(u32, u32)> = if n <= 32 {
        (0..n).map(|i| (i % h.width, i / h.width)).collect()
    } else {
        (0..16)
            .map(|_| {
                (
                    rng.below(h.width as usize) as u32,
                    rng.below(h.length as usize) as u32,
                )
            })
            .collect()
    };
    for (x, z) in probes {
        let (a, b) = (index.cell(x, z).unwrap(), course.cell(x, z).unwrap());
        assert_eq!((a.offset(), a.index()), (b.offset(), b.index()));
        assert_eq!((a.x(), a.z()), (x, z));
        assert_eq!(a.triangles().as_ptr(), b.triangles().as_ptr());
        assert_eq!(a.walls().len(), b.walls().len());
    }
    assert!(index.cell(h.width, 0).is_none());
    assert!(index.cell(0, h.length).is_none());
    assert!(course.cell(h.width, h.length).is_none());

    // Ground queries: inside the AABB (when it is finite), on the grid's corners, and at
    // any float at all.
    let [min_x, min_z] = h.min;
    let [max_x, max_z] = h.max;
    let mut points = vec![
        (min_x, min_z),
        (max_x, max_z),
        (f32::NAN, min_z),
        (min_x, f32::INFINITY),
    ];
    for _ in 0..12 {
        points.push((rng.float(), rng.float()));
        if min_x.is_finite() && max_x.is_finite() && min_z.is_finite() && max_z.is_finite() {
            points.push((rng.range(min_x, max_x), rng.range(min_z, max_z)));
        }
    }
    for (x, z) in points {
        let fast = index.ground_height(x, z);
        let slow = course.ground_height(x, z);
        assert_eq!(
            fast.map(|g| (g.height.to_bits(), g.triangle as *const raw::Triangle)),
            slow.map(|g| (g.height.to_bits(), g.triangle as *const raw::Triangle))
        );
        if let Some(g) = fast {
            assert!(g.height.is_finite(), "({x}, {z}): {}", g.height);
            within(std::slice::from_ref(g.triangle), bytes);
            let _ = g.flags().surface_type();
        }
        match course.cell_of(x, z) {
            Some((cx, cz)) => assert!(cx < h.width && cz < h.length),
            None => assert!(fast.is_none()),
        }
    }

    // Lints, all of them: each names a header field or a stored triangle.
    let mut lints = 0;
    for lint in course.lints() {
        lints += 1;
        let _ = lint.to_string();
        match lint.cell {
            None => {
                assert!([4, 0x28].contains(&lint.offset), "{lint}");
                assert!(matches!(
                    lint.kind,
                    LintKind::UnexpectedVersion { .. } | LintKind::NegatedMinMismatch { .. }
                ));
            }
            Some(cell) => {
                assert!(cell < n);
                assert!(lint.offset >= HEADER + 8);
                assert!(lint.offset + TRI <= course.secondary_offset());
            }
        }
    }
    assert!(
        lints <= 2 + 6 * triangles,
        "{lints} lints, {triangles} triangles"
    );
}

// ---------------------------------------------------------------- valid files

/// A structurally valid random file: a W × L grid (1..=4 each way) of 0..=2 records per
/// list, with arbitrary bytes in every record and header float.
fn random_valid(rng: &mut Rng) -> Vec<u8> {
    let (w, l) = (1 + rng.below(4), 1 + rng.below(4));
    let mut out = Vec::new();
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(w as i32).to_le_bytes());
    out.extend_from_slice(&(l as i32).to_le_bytes());
    for _ in 0..2 {
        let size = rng.float().abs();
        let size = if size > 0.0 && size.is_finite() {
            size
        } else {
            8.0
        };
        out.extend_from_slice(&size.to_le_bytes());
    }
    for _ in 0..6 {
        out.extend_from_slice(&rng.float().to_le_bytes());
    }
    let record = |out: &mut Vec<u8>, len: usize, rng: &mut Rng| {
        if rng.one_in(3) {
            out.extend(rng.bytes(len));
        } else {
            for _ in 0..len / 4 {
                out.extend_from_slice(&rng.float().to_le_bytes());
            }
        }
    };
    for _ in 0..w * l {
        let (t, c) = (rng.below(3), rng.below(3));
        out.extend_from_slice(&(t as i32).to_le_bytes());
        out.extend_from_slice(&(c as i32).to_le_bytes());
        for _ in 0..t {
            record(&mut out, TRI, rng);
        }
        for _ in 0..c {
            record(&mut out, WALL, rng);
        }
    }
    for _ in 0..w * l {
        let u = rng.below(3);
        out.extend_from_slice(&(u as i32).to_le_bytes());
        for _ in 0..u {
            record(&mut out, TRI_WALL, rng);
        }
    }
    out
}

/// A built course whose triangles make sense, over a few cells.
fn small_built() -> BuiltCourse {
    let mut b = zerocol::mkgp::CourseBuilder::new([4.0, 3.0]);
    let f = SurfaceFlags(0x0001_0010);
    b.triangles
        .extend(support::mkgp::quad([0.0, 6.0], [0.0, 5.0], |x| x * 0.25, f));
    b.triangles
        .extend(support::mkgp::quad([6.0, 9.0], [0.0, 5.0], |x| x * 0.25, f));
    b.triangle_walls.push(TriangleWall {
        flag: 3,
        vertices: [[9.0, 0.0, 0.0], [9.0, 2.0, 0.0], [9.0, 0.0, 5.0]],
    });
    b.build().unwrap()
}

/// The valid files mutated below.
fn valid_files() -> Vec<Vec<u8>> {
    let one_by_one = {
        let header = GridHeader {
            version: VERSION,
            width: 1,
            length: 1,
            cell_size: [1.0, 1.0],
            min: [0.0, 0.0],
            max: [1.0, 1.0],
            neg_min: [0.0, 0.0],
        };
        BuiltCourse {
            header,
            cells: vec![(vec![], vec![])],
            wall_cells: vec![vec![]],
        }
    };
    let mut files = vec![
        one_by_one.to_bytes().unwrap(),
        small_built().to_bytes().unwrap(),
        support::mkgp::sample_course().to_bytes().unwrap(),
    ];
    let mut rng = Rng::new(seed(0xF11E));
    for _ in 0..3 {
        files.push(random_valid(&mut rng));
    }
    for f in &files {
        Course::parse(f, Options::STRICT).unwrap();
    }
    files
}

/// Offsets of every count field of a valid file.
fn count_fields(bytes: &[u8]) -> Vec<usize> {
    let course = Course::parse(bytes, Options::STRICT).unwrap();
    let mut fields = Vec::new();
    for cell in course.cells() {
        fields.push(cell.offset());
        fields.push(cell.offset() + 4);
    }
    fields.extend(course.wall_cells().map(|c| c.offset()));
    fields
}

// ---------------------------------------------------------------- random buffers

#[test]
fn random_bytes_never_panic() {
    let s = seed(1);
    let mut rng = Rng::new(s);
    for iteration in 0..20_000 * scale() {
        let len = rng.below(160);
        let bytes = rng.bytes(len);
        let _case = Case {
            name: "random bytes",
            seed: s,
            iteration,
            bytes: &bytes,
        };
        let (strict, _) = parse_both(&bytes, &mut rng);
        assert!(strict.is_err() || bytes.starts_with(&MAGIC));
    }
}

#[test]
fn random_bytes_after_the_magic_never_panic() {
    let s = seed(2);
    let mut rng = Rng::new(s);
    for iteration in 0..20_000 * scale() {
        let mut bytes = MAGIC.to_vec();
        if rng.one_in(2) {
            bytes.extend_from_slice(&VERSION.to_le_bytes());
        }
        let len = rng.below(200);
        bytes.extend(rng.bytes(len));
        let _case = Case {
            name: "magic + random",
            seed: s,
            iteration,
            bytes: &bytes,
        };
        let _ = parse_both(&bytes, &mut rng);
    }
}

#[test]
fn random_bytes_after_a_valid_header_never_panic() {
    let s = seed(3);
    let mut rng = Rng::new(s);
    let (mut accepted, mut refused) = (0, 0);
    for iteration in 0..20_000 * scale() {
        let (w, l) = (1 + rng.below(3) as i32, 1 + rng.below(3) as i32);
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&w.to_le_bytes());
        bytes.extend_from_slice(&l.to_le_bytes());
        for v in [
            4.0f32,
            4.0,
            rng.float(),
            rng.float(),
            rng.float(),
            rng.float(),
        ] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&rng.float().to_le_bytes());
        bytes.extend_from_slice(&rng.float().to_le_bytes());
        assert_eq!(bytes.len(), HEADER);
        // Random tails, or the right structure with now and then a wild count, a cut or
        // extra bytes, so that some files are whole.
        if rng.one_in(3) {
            let len = rng.below(300);
            bytes.extend(rng.bytes(len));
        } else {
            let count = |bytes: &mut Vec<u8>, record: usize, rng: &mut Rng| {
                let n = if rng.one_in(16) {
                    rng.u32() as i32
                } else {
                    rng.below(3) as i32
                };
                bytes.extend_from_slice(&n.to_le_bytes());
                let n = usize::try_from(n).unwrap_or(0).min(3);
                bytes.extend(rng.bytes(n * record));
            };
            for _ in 0..w * l {
                count(&mut bytes, TRI, &mut rng);
                count(&mut bytes, WALL, &mut rng);
            }
            for _ in 0..w * l {
                count(&mut bytes, TRI_WALL, &mut rng);
            }
            if rng.one_in(8) {
                let cut = rng.below(bytes.len());
                bytes.truncate(cut);
            } else if rng.one_in(8) {
                let n = 1 + rng.below(8);
                bytes.extend(rng.bytes(n));
            }
        }
        let _case = Case {
            name: "header + random",
            seed: s,
            iteration,
            bytes: &bytes,
        };
        match parse_both(&bytes, &mut rng).0 {
            Ok(()) => accepted += 1,
            Err(_) => refused += 1,
        }
    }
    assert!(
        accepted > 50 && refused > 50,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn random_valid_files_are_accepted_and_walk_completely() {
    let s = seed(4);
    let mut rng = Rng::new(s);
    for iteration in 0..2_000 * scale() {
        let bytes = random_valid(&mut rng);
        let _case = Case {
            name: "random valid",
            seed: s,
            iteration,
            bytes: &bytes,
        };
        let (strict, lenient) = parse_both(&bytes, &mut rng);
        assert_eq!(strict, Ok(()));
        assert_eq!(lenient, Ok(()));
    }
}

// ---------------------------------------------------------------- mutations

#[test]
fn byte_flips_never_panic() {
    let s = seed(5);
    let mut rng = Rng::new(s);
    let files = valid_files();
    let mut accepted = 0;
    for iteration in 0..3_000 * scale() {
        let mut bytes = files[iteration % files.len()].clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            if rng.one_in(2) {
                bytes[at] ^= 1 << rng.below(8);
            } else {
                bytes[at] = rng.byte();
            }
        }
        let _case = Case {
            name: "byte flips",
            seed: s,
            iteration,
            bytes: &bytes,
        };
        if parse_both(&bytes, &mut rng).1.is_ok() {
            accepted += 1;
        }
    }
    // Most flips land in geometry, which is never rejected.
    assert!(accepted > 1000, "{accepted}");
}

#[test]
fn extreme_counts_never_panic() {
    let s = seed(6);
    let mut rng = Rng::new(s);
    const EXTREMES: [i32; 9] = [
        i32::MIN,
        i32::MIN + 1,
        -2,
        -1,
        0,
        1,
        2,
        i32::MAX - 1,
        i32::MAX,
    ];
    for (f, file) in valid_files().iter().enumerate() {
        let fields = count_fields(file);
        // Every count field, every extreme value.
        for (k, &at) in fields.iter().enumerate() {
            for (e, value) in EXTREMES.into_iter().enumerate() {
                let mut bytes = file.clone();
                set_i32(&mut bytes, at, value);
                let _case = Case {
                    name: "extreme count",
                    seed: s,
                    iteration: (f * 1000 + k) * 16 + e,
                    bytes: &bytes,
                };
                let (strict, _) = parse_both(&bytes, &mut rng);
                if value < 0 {
                    let e = strict.unwrap_err();
                    assert_eq!(e.offset(), at);
                    assert!(
                        matches!(e.kind(), ErrorKind::NegativeCount { count, .. } if count == value)
                    );
                } else if value > 1_000_000 {
                    let e = strict.unwrap_err();
                    assert_eq!(e.offset(), at);
                    assert!(matches!(e.kind(), ErrorKind::RecordsPastEnd { .. }), "{e}");
                }
            }
        }
        // Several at once.
        for iteration in 0..200 * scale() {
            let mut bytes = file.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.pick(&fields);
                let value = if rng.one_in(3) {
                    rng.u32() as i32
                } else {
                    rng.pick(&EXTREMES)
                };
                set_i32(&mut bytes, at, value);
            }
            let _case = Case {
                name: "extreme counts",
                seed: s,
                iteration,
                bytes: &bytes,
            };
            let _ = parse_both(&bytes, &mut rng);
        }
    }
}

#[test]
fn extreme_dimensions_never_panic() {
    let s = seed(7);
    let mut rng = Rng::new(s);
    const VALUES: [i32; 13] = [
        i32::MIN,
        -46_341,
        -1,
        0,
        1,
        2,
        3,
        4,
        46_340,
        46_341,
        65_536,
        i32::MAX - 1,
        i32::MAX,
    ];
    for (f, file) in valid_files().iter().enumerate() {
        let (w0, l0) = (i32_at(file, 8), i32_at(file, 12));
        for w in VALUES {
            for l in VALUES {
                let mut bytes = file.clone();
                set_i32(&mut bytes, 8, w);
                set_i32(&mut bytes, 12, l);
                let _case = Case {
                    name: "extreme W × L",
                    seed: s,
                    iteration: f,
                    bytes: &bytes,
                };
                let (strict, _) = parse_both(&bytes, &mut rng);
                if (w, l) == (w0, l0) {
                    assert!(strict.is_ok());
                } else if w <= 0 || l <= 0 {
                    assert_eq!(strict.unwrap_err().offset(), if w <= 0 { 8 } else { 12 });
                } else if w.checked_mul(l).is_none() {
                    let e = strict.unwrap_err();
                    assert_eq!(
                        e.kind(),
                        ErrorKind::CellCountOverflow {
                            width: w,
                            length: l
                        }
                    );
                } else if w * l == w0 * l0 {
                    // The same number of cells, arranged otherwise: the same layout.
                    assert!(strict.is_ok());
                } else if w * l > w0 * l0 * 4 {
                    // Far more cells than the file holds.
                    assert!(strict.is_err());
                }
            }
        }
        // Cell sizes and header floats set to anything: the sizes are checked, the
        // rest never rejected.
        for iteration in 0..100 * scale() {
            let mut bytes = file.clone();
            let at = rng.pick(&[0x10, 0x14, 0x18, 0x1C, 0x20, 0x24, 0x28, 0x2C]);
            let v = rng.float();
            set_f32(&mut bytes, at, v);
            let _case = Case {
                name: "header floats",
                seed: s,
                iteration,
                bytes: &bytes,
            };
            let (strict, _) = parse_both(&bytes, &mut rng);
            let ok = at >= 0x18 || (v > 0.0 && v.is_finite());
            assert_eq!(strict.is_ok(), ok, "{v} at {at:#x}");
        }
    }
}

#[test]
fn every_truncation_is_an_error_inside_the_file() {
    let s = seed(8);
    let mut rng = Rng::new(s);
    for file in valid_files() {
        // Every length of the small files; a sample of lengths for the big ones.
        let cuts: Vec<usize> = if file.len() <= 2_000 {
            (0..file.len()).collect()
        } else {
            (0..HEADER + 64)
                .chain((0..400).map(|_| rng.below(file.len())))
                .chain(file.len() - 64..file.len())
                .collect()
        };
        for cut in cuts {
            let bytes = &file[..cut];
            let _case = Case {
                name: "truncation",
                seed: s,
                iteration: cut,
                bytes,
            };
            let (strict, lenient) = parse_both(bytes, &mut rng);
            let e = strict.unwrap_err();
            assert_eq!(lenient.unwrap_err(), e);
            assert!(e.offset() <= cut, "{e}");
            assert!(
                matches!(
                    e.kind(),
                    ErrorKind::Truncated { .. }
                        | ErrorKind::CellPastEnd { .. }
                        | ErrorKind::RecordsPastEnd { .. }
                ),
                "{cut}: {e}"
            );
        }
    }
}

#[test]
fn appended_bytes_are_trailing_bytes() {
    let s = seed(9);
    let mut rng = Rng::new(s);
    for (f, file) in valid_files().iter().enumerate() {
        for iteration in 0..50 * scale() {
            let mut bytes = file.clone();
            let most = if rng.one_in(4) { 5000 } else { 16 };
            let n = 1 + rng.below(most);
            bytes.extend(rng.bytes(n));
            let _case = Case {
                name: "appended",
                seed: s,
                iteration: f * 1000 + iteration,
                bytes: &bytes,
            };
            let (strict, lenient) = parse_both(&bytes, &mut rng);
            for e in [strict.unwrap_err(), lenient.unwrap_err()] {
                assert_eq!(e.offset(), file.len());
                assert_eq!(e.kind(), ErrorKind::TrailingBytes { len: n });
            }
        }
    }
}

#[test]
fn geometry_floats_set_to_anything_are_accepted_and_queries_stay_finite() {
    let s = seed(10);
    let mut rng = Rng::new(s);
    for (f, file) in valid_files().iter().enumerate() {
        let course = Course::parse(file, Options::STRICT).unwrap();
        // Every float of every triangle, wall and triangle wall (not the counts).
        let mut floats = Vec::new();
        for cell in course.cells() {
            let base = cell.offset() + 8;
            for k in 0..cell.triangles().len() {
                let t = base + k * TRI;
                floats.extend((0..0x58).step_by(4).map(|o| t + o));
                floats.extend((0x60..0x70).step_by(4).map(|o| t + o));
            }
            let base = base + cell.triangles().len() * TRI;
            floats.extend((0..cell.walls().len() * WALL).step_by(4).map(|o| base + o));
        }
        for cell in course.wall_cells() {
            let base = cell.offset() + 4;
            for k in 0..cell.triangle_walls().len() {
                floats.extend((4..TRI_WALL).step_by(4).map(|o| base + k * TRI_WALL + o));
            }
        }
        if floats.is_empty() {
            continue;
        }
        for iteration in 0..150 * scale() {
            let mut bytes = file.clone();
            for _ in 0..1 + rng.below(8) {
                let at = rng.pick(&floats);
                set_f32(&mut bytes, at, rng.float());
            }
            let _case = Case {
                name: "geometry floats",
                seed: s,
                iteration: f * 1000 + iteration,
                bytes: &bytes,
            };
            let (strict, _) = parse_both(&bytes, &mut rng);
            assert_eq!(strict, Ok(()));
        }
    }
}
