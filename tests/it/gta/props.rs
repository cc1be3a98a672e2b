//! Property tests of the GTA reader, as seeded loops over a small xorshift generator (no
//! dependencies, deterministic): random buffers and mutated valid fixtures never panic, every
//! accepted model upholds the invariants the parser promises, and the walks are consistent
//! with each other.
//!
//! A failing case prints its generator seed, iteration and bytes (hex) before the panic.
//! `ZEROCOL_PROP_SCALE=N` multiplies the number of cases (default 1); `ZEROCOL_PROP_SEED=N`
//! explores different ones.

use zerocol::gta::{
    self, Decode, Error, ErrorKind, Lint, LintKind, Model, Options, RawBounds, Records, Recovered,
    Summary, Version,
};

use crate::support::bytes::{set_u16, set_u32, u32_at};
use crate::support::gta::{self as b, Face, ModelSpec, full_spec};
use crate::support::rng::{Case, Rng, scale, seed};

// ---------------------------------------------------------------------------------------------
// generator

// ---------------------------------------------------------------------------------------------
// invariants

const FOURCCS: [[u8; 4]; 4] = [*b"COLL", *b"COL2", *b"COL3", *b"COL4"];

fn is_fourcc(bytes: &[u8]) -> bool {
    bytes.get(..4).and_then(Version::from_fourcc).is_some()
}

/// Asserts that the records of `slice` lie inside `outer` (by address).
#[track_caller]
fn within<T>(slice: &[T], outer: &[u8], what: &str) {
    if slice.is_empty() {
        return;
    }
    let start = slice.as_ptr() as usize;
    let end = start + std::mem::size_of_val(slice);
    let (lo, hi) = (
        outer.as_ptr() as usize,
        outer.as_ptr() as usize + outer.len(),
    );
    assert!(
        lo <= start && end <= hi,
        "{what}: {start:#x}..{end:#x} outside {lo:#x}..{hi:#x}"
    );
}

/// Model-relative start of a non-empty slice.
fn start_in<T>(slice: &[T], model: &Model<'_>) -> usize {
    slice.as_ptr() as usize - model.bytes().as_ptr() as usize
}

fn records_within<V1, V2>(r: Records<'_, V1, V2>, m: &Model<'_>, what: &str) -> usize {
    let (len, start) = match r {
        Records::Coll(s) => {
            assert_eq!(
                m.version(),
                Version::Coll,
                "{what}: COLL records in a COL2+ model"
            );
            within(s, m.bytes(), what);
            (s.len(), (!s.is_empty()).then(|| start_in(s, m)))
        }
        Records::Col2(s) => {
            assert_ne!(
                m.version(),
                Version::Coll,
                "{what}: COL2+ records in a COLL model"
            );
            within(s, m.bytes(), what);
            (s.len(), (!s.is_empty()).then(|| start_in(s, m)))
        }
    };
    if let Some(start) = start {
        assert!(
            start >= m.version().header_len(),
            "{what} start inside the header"
        );
    }
    len
}

fn check_error(e: &Error, buf: &[u8]) {
    assert!(
        e.offset() <= buf.len(),
        "error offset {} past {}",
        e.offset(),
        buf.len()
    );
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("byte {} (0x{:x}): ", e.offset(), e.offset())),
        "{shown}"
    );
    assert!(shown.len() > 20, "{shown}");
    assert!(!e.kind().to_string().is_empty());
}

/// Every accessor of an accepted model, every record decoded, every promise checked.
fn check_model(m: &Model<'_>, buf: &[u8], options: Options) {
    let bytes = m.bytes();
    // The model is the buffer's bytes at its offset.
    assert_eq!(bytes.as_ptr() as usize, buf.as_ptr() as usize + m.offset());
    within(bytes, buf, "model");
    assert_eq!(m.len(), bytes.len());
    assert!(!m.is_empty());
    assert_eq!(bytes[..4], m.version().fourcc());
    assert_eq!(m.header().fourcc, m.version().fourcc());
    assert_eq!(m.size(), u32_at(bytes, 4));
    assert!(m.size() >= 24);
    assert_eq!(m.declared_len(), u64::from(m.size()) + 8);
    assert!(m.len() >= m.version().header_len());
    if m.is_truncated() {
        assert!(options.allow_size_past_end);
        assert!((m.len() as u64) < m.declared_len());
        assert_eq!(
            m.offset() + m.len(),
            buf.len(),
            "a truncated model runs to the buffer end"
        );
    } else {
        assert_eq!(m.len() as u64, m.declared_len());
    }
    if m.unparsed_tail() > 0 {
        assert!(options.allow_coll_slack && m.version() == Version::Coll);
        assert!(m.unparsed_tail() < m.len());
    }
    if m.version() == Version::Coll {
        // COLL sections run back to back from byte 72 and end where the model ends, unless
        // slack was accepted (and reported).
        let parsed = 72
            + 5 * 4
            + 20 * m.spheres().len()
            + 24 * m.lines().len()
            + 28 * m.boxes().len()
            + 12 * m.vertices().len()
            + 16 * m.faces().len();
        assert_eq!(
            parsed + m.unparsed_tail(),
            m.len(),
            "COLL sections vs model length"
        );
    }

    // Header views.
    within(std::slice::from_ref(m.header()), bytes, "header");
    within(m.name_block(), bytes, "name block");
    assert_eq!(start_in(m.name_block(), m), 8);
    let name = m.name();
    let max_name = if m.version() == Version::Coll { 24 } else { 22 };
    assert!(name.len() <= max_name && !name.contains(&0));
    assert_eq!(&m.name_block()[..name.len()], name);
    if name.len() < max_name {
        assert_eq!(m.name_block()[name.len()], 0);
    }
    let _ = (m.model_id(), m.bounds(), m.flags().bits());
    match m.raw_bounds() {
        RawBounds::Coll(rb) => {
            assert_eq!(m.version(), Version::Coll);
            within(std::slice::from_ref(rb), bytes, "bounds");
            // Compared as text: NaN is a possible value.
            assert_eq!(format!("{:?}", rb.decode()), format!("{:?}", m.bounds()));
        }
        RawBounds::Col2(rb) => {
            assert_ne!(m.version(), Version::Coll);
            within(std::slice::from_ref(rb), bytes, "bounds");
            assert_eq!(start_in(std::slice::from_ref(rb), m), 32);
        }
    }
    match m.version() {
        Version::Coll => {
            assert!(m.header_v2().is_none() && m.shadow_header().is_none());
            assert_eq!(m.flags().bits(), 0);
            assert!(m.face_groups().is_empty() && m.shadow_faces().is_empty());
            assert!(m.shadow_vertices().is_empty());
        }
        v => {
            let h = m.header_v2().expect("COL2+ header");
            within(std::slice::from_ref(h), bytes, "COL2+ header");
            assert_eq!(start_in(std::slice::from_ref(h), m), 72);
            assert_eq!(m.spheres().len(), usize::from(h.sphere_count.get()));
            assert_eq!(m.boxes().len(), usize::from(h.box_count.get()));
            assert_eq!(m.faces().len(), usize::from(h.face_count.get()));
            assert_eq!(m.lines().len(), usize::from(h.line_count));
            assert_eq!(m.flags().bits(), h.flags.get());
            assert_eq!(m.shadow_header().is_some(), v >= Version::Col3);
            assert_eq!(m.col4_extra().is_some(), v == Version::Col4);
            if let Some(s) = m.shadow_header() {
                within(std::slice::from_ref(s), bytes, "shadow header");
                assert_eq!(m.shadow_faces().len() as u64, u64::from(s.face_count.get()));
            }
            if !m.face_groups().is_empty() {
                assert!(m.flags().has_face_groups());
            }
        }
    }

    // Sections: inside the model, past the header, every record decodable.
    records_within(m.spheres(), m, "spheres");
    records_within(m.lines(), m, "lines");
    let vertex_count = records_within(m.vertices(), m, "vertices");
    let face_count = records_within(m.faces(), m, "faces");
    for (slice_len, start, what) in [
        (
            m.boxes().len(),
            m.boxes().as_slice().as_ptr() as usize,
            "boxes",
        ),
        (
            m.face_groups().len(),
            m.face_groups().as_slice().as_ptr() as usize,
            "face groups",
        ),
        (
            m.shadow_vertices().len(),
            m.shadow_vertices().as_slice().as_ptr() as usize,
            "shadow vertices",
        ),
        (
            m.shadow_faces().len(),
            m.shadow_faces().as_slice().as_ptr() as usize,
            "shadow faces",
        ),
    ] {
        if slice_len > 0 {
            assert!(
                start >= bytes.as_ptr() as usize + m.version().header_len(),
                "{what}"
            );
        }
    }
    within(m.boxes().as_slice(), bytes, "boxes");
    within(m.face_groups().as_slice(), bytes, "face groups");
    within(m.shadow_vertices().as_slice(), bytes, "shadow vertices");
    within(m.shadow_faces().as_slice(), bytes, "shadow faces");

    assert_eq!(m.spheres().iter().count(), m.spheres().len());
    assert_eq!(m.spheres().iter().rev().count(), m.spheres().len());
    assert_eq!(m.lines().iter().len(), m.lines().len());
    for l in m.lines() {
        assert_eq!(l.radii.is_none(), m.version() == Version::Coll);
    }
    let _: Vec<_> = m.boxes().iter().collect();
    assert_eq!(m.vertices().iter().count(), vertex_count);
    assert_eq!(m.vertices().get(vertex_count), None);

    // Every face names an existing vertex; COL2+ vertex counts are max index + 1.
    let mut max_index = None;
    for (i, f) in m.faces().iter().enumerate() {
        assert_eq!(m.faces().get(i), Some(f));
        for index in f.indices {
            assert!(
                (index as usize) < vertex_count,
                "face {i} index {index} >= {vertex_count}"
            );
            max_index = max_index.max(Some(index));
        }
    }
    assert_eq!(m.faces().iter().rev().count(), face_count);
    if m.version() != Version::Coll {
        assert_eq!(vertex_count, max_index.map_or(0, |i| i as usize + 1));
    }
    let shadow_vertices = m.shadow_vertices().len();
    let mut shadow_max = None;
    for f in m.shadow_faces() {
        for index in f.indices {
            assert!(
                (index as usize) < shadow_vertices,
                "shadow index {index} >= {shadow_vertices}"
            );
            shadow_max = shadow_max.max(Some(index));
        }
    }
    assert_eq!(shadow_vertices, shadow_max.map_or(0, |i| i as usize + 1));
    for d in m.shadow_vertices() {
        assert!(d.iter().all(|c| (-256.0..256.0).contains(c)));
    }
    // Every face group names existing faces.
    for g in m.face_groups() {
        assert!(
            g.first <= g.last && usize::from(g.last) < face_count,
            "{g:?} of {face_count}"
        );
        assert!(m.faces().get(*g.faces().end()).is_some());
    }

    // Lints terminate, print, point inside the model, and only report lenient
    // acceptances in lenient modes.
    let lints: Vec<Lint> = m.lints().take(64).collect();
    assert!(lints.len() <= 14, "{lints:?}");
    for lint in &lints {
        assert!(!lint.to_string().is_empty());
        assert!(
            (m.offset()..m.offset() + m.len()).contains(&lint.offset),
            "{lint:?} outside the model at {} of {} bytes",
            m.offset(),
            m.len()
        );
        match lint.kind {
            LintKind::SizePastEnd { .. } => assert!(m.is_truncated()),
            LintKind::UnparsedTail { bytes } => assert_eq!(bytes, m.unparsed_tail()),
            _ => {}
        }
    }
    assert_eq!(
        lints
            .iter()
            .any(|l| matches!(l.kind, LintKind::SizePastEnd { .. })),
        m.is_truncated()
    );
    let tolerated: Vec<Lint> = lints.iter().copied().filter(Lint::is_tolerated).collect();
    assert_eq!(m.tolerated().collect::<Vec<_>>(), tolerated);
}

/// The walk, `check` and `Model::parse` agree; returns the models' (offset, len) and the
/// outcome.
fn check_walk(buf: &[u8], options: Options) -> (Vec<(usize, usize)>, Result<Summary, Error>) {
    let mut walk = gta::models(buf, options);
    let mut pos = 0;
    let mut models = Vec::new();
    let mut error = None;
    for item in walk.by_ref() {
        assert!(error.is_none(), "an item after an error");
        match item {
            Ok(m) => {
                assert_eq!(m.offset(), pos);
                check_model(&m, buf, options);
                // The same model, parsed on its own.
                let alone = Model::parse(&buf[pos..], options).expect("parses alone");
                assert_eq!((alone.offset(), alone.len()), (0, m.len()));
                models.push((pos, m.len()));
                pos += m.len();
            }
            Err(e) => {
                check_error(&e, buf);
                assert!(e.offset() >= pos);
                if is_fourcc(&buf[pos..]) {
                    // A model error: the same, relative, when parsed on its own.
                    let alone = Model::parse(&buf[pos..], options).unwrap_err();
                    assert_eq!((alone.offset() + pos, alone.kind()), (e.offset(), e.kind()));
                } else {
                    assert!(!options.stop_at_unknown_fourcc);
                    assert!(matches!(
                        e.kind(),
                        ErrorKind::BadMagic { .. }
                            | ErrorKind::UnknownFourCc { .. }
                            | ErrorKind::NonZeroPadding { .. }
                    ));
                }
                error = Some(e);
            }
        }
        assert!(
            models.len() <= buf.len() / 32 + 1,
            "more models than bytes allow"
        );
    }
    assert!(walk.next().is_none(), "fused");
    let outcome = match error {
        Some(e) => {
            assert_eq!(walk.end(), None);
            Err(e)
        }
        None => {
            let end = walk.end().expect("an end after a clean walk");
            assert_eq!(end.offset, pos);
            assert_eq!(end.offset + end.trailing_bytes, buf.len());
            assert_eq!(end.trailing_is_padding, buf[pos..].iter().all(|&x| x == 0));
            if !options.stop_at_unknown_fourcc {
                assert!(end.trailing_is_padding);
            }
            assert!(!is_fourcc(&buf[pos..]), "the walk ended at a FourCC");
            Ok(Summary {
                models: models.len(),
                end,
            })
        }
    };
    assert_eq!(gta::check(buf, options), outcome);
    (models, outcome)
}

/// `recover` terminates, tiles the buffer without gaps or overlaps, and agrees with a clean walk.
fn check_recover(
    buf: &[u8],
    options: Options,
    walk: &(Vec<(usize, usize)>, Result<Summary, Error>),
) {
    let mut rec = gta::recover(buf, options);
    let mut pos = 0;
    let mut steps = 0;
    let mut models = Vec::new();
    let mut skipped = 0;
    for item in rec.by_ref() {
        steps += 1;
        assert!(steps <= buf.len() + 1, "recover does not terminate");
        match item {
            Recovered::Model(m) => {
                assert_eq!(m.offset(), pos);
                check_model(&m, buf, options);
                models.push((pos, m.len()));
                pos += m.len();
            }
            Recovered::Skipped(s) => {
                assert_eq!(s.offset, pos);
                assert!(s.len >= 1);
                check_error(&s.error, buf);
                assert!(s.error.offset() >= s.offset);
                // The skip ends at the first FourCC after the damage, or the buffer end.
                assert!(
                    (s.offset + 1..s.offset + s.len).all(|p| !is_fourcc(&buf[p..])),
                    "skipped over a FourCC"
                );
                pos += s.len;
                assert!(
                    pos == buf.len() || is_fourcc(&buf[pos..]),
                    "resumed off a FourCC"
                );
                skipped += 1;
            }
        }
        assert!(pos <= buf.len(), "recover covers more than the buffer");
    }
    assert!(rec.next().is_none(), "fused");
    let end = rec.end().expect("recover always ends");
    assert_eq!(end.offset, pos);
    assert_eq!(end.offset + end.trailing_bytes, buf.len());
    match &walk.1 {
        Ok(summary) => {
            assert_eq!(skipped, 0);
            assert_eq!(models, walk.0);
            assert_eq!(end, summary.end);
        }
        Err(_) => {
            assert!(skipped >= 1);
            // Up to the first error, recover and the walk see the same models.
            assert_eq!(models[..walk.0.len()], walk.0[..]);
        }
    }
}

fn random_options(rng: &mut Rng) -> Options {
    let mut o = Options::STRICT;
    o.stop_at_unknown_fourcc = rng.one_in(2);
    o.allow_size_past_end = rng.one_in(2);
    o.allow_coll_slack = rng.one_in(2);
    o
}

/// Everything, with strict, lenient and one random mix of options.
fn exercise(buf: &[u8], rng: &mut Rng) {
    let strict = check_walk(buf, Options::STRICT);
    check_recover(buf, Options::STRICT, &strict);
    let lenient = check_walk(buf, Options::LENIENT);
    check_recover(buf, Options::LENIENT, &lenient);
    let mixed = random_options(rng);
    let walk = check_walk(buf, mixed);
    check_recover(buf, mixed, &walk);
    // What strict accepts, every other mode accepts the same way.
    if strict.1.is_ok() {
        assert_eq!(lenient.0, strict.0);
        assert_eq!(lenient.1, strict.1);
        assert_eq!(walk.0, strict.0);
        assert_eq!(walk.1, strict.1);
    }
    // Model::parse anywhere.
    for _ in 0..3 {
        let at = rng.below(buf.len() + 1);
        for options in [Options::STRICT, Options::LENIENT] {
            match Model::parse(&buf[at..], options) {
                Ok(m) => check_model(&m, &buf[at..], options),
                Err(e) => check_error(&e, &buf[at..]),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// fixtures and mutations

/// Valid models and files of every version, with the byte positions worth forging.
fn fixtures() -> Vec<(Vec<u8>, Vec<usize>)> {
    let mut specs: Vec<ModelSpec> = Vec::new();
    for (i, fourcc) in [b"COLL", b"COL2", b"COL3", b"COL4"].into_iter().enumerate() {
        specs.push(full_spec(fourcc, i as u32 * 90));
        let mut unpadded = full_spec(fourcc, i as u32 * 90 + 45);
        unpadded.vertex_padding = false;
        specs.push(unpadded);
        specs.push(ModelSpec::new(fourcc, "empty"));
        let mut mesh = ModelSpec::new(fourcc, "mesh");
        mesh.vertices = b::cube_vertices([-1.0, -2.0, -3.0], [1.0, 2.0, 3.0]);
        mesh.faces = b::cube_faces([1, 2, 3, 4]);
        if fourcc != b"COLL" {
            mesh.face_groups = vec![
                b::FaceGroup {
                    min: [0.0; 3],
                    max: [1.0; 3],
                    first: 0,
                    last: 5,
                },
                b::FaceGroup {
                    min: [0.0; 3],
                    max: [1.0; 3],
                    first: 6,
                    last: 11,
                },
            ];
        }
        specs.push(mesh);
    }
    let mut extra = full_spec(b"COLL", 7);
    extra.vertices.push([9.0, 9.0, 9.0]); // an unused trailing vertex
    specs.push(extra);
    let mut shadow_only = full_spec(b"COL3", 8);
    shadow_only.faces = vec![Face {
        indices: [0, 0, 0],
        surface: [0; 4],
    }];
    shadow_only.face_groups.clear();
    specs.push(shadow_only);

    let mut out: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    let mut builts: Vec<b::Built> = specs.iter().map(ModelSpec::build).collect();
    builts.extend(b::sample_models());
    for built in &builts {
        out.push((
            built.bytes.clone(),
            interesting(&built.bytes, 0, &built.layout),
        ));
    }
    // Files of several models, with padding.
    let sample = b::sample_file();
    let mut positions = Vec::new();
    let mut at = 0;
    for built in b::sample_models() {
        positions.extend(interesting(&built.bytes, at, &built.layout));
        at += built.bytes.len();
    }
    out.push((sample.clone(), positions.clone()));
    let mut padded = sample.clone();
    padded.extend_from_slice(&[0; 37]);
    out.push((padded, positions));
    for pair in builts.chunks(3) {
        let mut buf = Vec::new();
        let mut positions = Vec::new();
        for built in pair {
            positions.extend(interesting(&built.bytes, buf.len(), &built.layout));
            buf.extend_from_slice(&built.bytes);
        }
        out.push((buf, positions));
    }
    out
}

/// Absolute positions of the fields of a model at `at`: size, counts, offsets, flags, the
/// face-group count, and the first fields of each section.
fn interesting(bytes: &[u8], at: usize, l: &b::Layout) -> Vec<usize> {
    let mut p = vec![
        4, 72, 74, 76, 78, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116, 120,
    ];
    p.extend([
        l.sphere_count,
        l.line_count,
        l.box_count,
        l.vertex_count.unwrap_or(0),
        l.face_count,
        l.face_group_count,
        l.face_groups + 24,
        l.faces,
        l.faces + 2,
        l.faces + 4,
        l.shadow_faces,
        l.spheres,
        l.boxes,
        l.lines,
        l.vertices,
        l.shadow_vertices,
    ]);
    p.retain(|&x| x > 0 && x + 2 <= bytes.len());
    p.iter().map(|x| x + at).collect()
}

fn extreme_u32(rng: &mut Rng, len: usize, at: usize) -> u32 {
    let len = len as u32;
    match rng.below(16) {
        0 => 0,
        1 => 1,
        2 => 0xFFFF_FFFF,
        3 => 0x8000_0000,
        4 => 0x7FFF_FFFF,
        5 => 0xFFFF_FFF0,
        6 => len,
        7 => len.wrapping_sub(4),
        8 => len.wrapping_sub(8),
        9 => len.wrapping_add(4),
        10 => len.wrapping_sub(at as u32),
        11 => rng.pick(&[
            23, 24, 63, 64, 99, 100, 103, 104, 111, 112, 115, 116, 119, 120,
        ]),
        12 => rng.below(len as usize + 16) as u32,
        13 => 0x0924_9249, // × 28 wraps a u32
        14 => 0x1555_5556, // × 12 wraps a u32
        _ => rng.u32(),
    }
}

fn extreme_u16(rng: &mut Rng) -> u16 {
    let random = rng.u32() as u16;
    rng.pick(&[
        0, 1, 2, 3, 4, 5, 7, 8, 11, 12, 255, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF, random,
    ])
}

fn mutate(buf: &mut Vec<u8>, positions: &[usize], rng: &mut Rng) {
    let pos = |rng: &mut Rng, buf: &Vec<u8>, width: usize| -> Option<usize> {
        let candidates: Vec<usize> = positions
            .iter()
            .copied()
            .filter(|&p| p + width <= buf.len())
            .collect();
        if !candidates.is_empty() && !rng.one_in(4) {
            Some(rng.pick(&candidates))
        } else if buf.len() >= width {
            Some(rng.below(buf.len() - width + 1))
        } else {
            None
        }
    };
    match rng.below(10) {
        0 => {
            if let Some(at) = pos(rng, buf, 1) {
                let flip = rng.byte() | 1;
                buf[at] ^= flip;
            }
        }
        1..=3 => {
            if let Some(at) = pos(rng, buf, 4) {
                let v = extreme_u32(rng, buf.len(), at);
                set_u32(buf, at, v);
            }
        }
        4..=5 => {
            if let Some(at) = pos(rng, buf, 2) {
                let v = extreme_u16(rng);
                set_u16(buf, at, v);
            }
        }
        6 => {
            let cut = rng.below(buf.len() + 1);
            buf.truncate(cut);
        }
        7 => {
            // Duplicate a range (possibly the whole buffer) somewhere.
            if !buf.is_empty() {
                let start = rng.below(buf.len());
                let end = start + 1 + rng.below(buf.len() - start);
                let copy = buf[start..end].to_vec();
                let at = rng.below(buf.len() + 1);
                buf.splice(at..at, copy);
            }
        }
        8 => {
            // Delete or insert a few bytes (shifts every later field).
            let at = rng.below(buf.len() + 1);
            if rng.one_in(2) && at < buf.len() {
                let n = 1 + rng.below((buf.len() - at).min(8));
                buf.drain(at..at + n);
            } else {
                let n = 1 + rng.below(8);
                let fill: Vec<u8> = (0..n).map(|_| rng.byte()).collect();
                buf.splice(at..at, fill);
            }
        }
        _ => {
            // Append padding, junk, or a FourCC with a random size.
            match rng.below(3) {
                0 => buf.extend(std::iter::repeat_n(0, rng.below(2048))),
                1 => buf.extend((0..rng.below(16)).map(|_| rng.byte())),
                _ => {
                    buf.extend_from_slice(&FOURCCS[rng.below(4)]);
                    let size = extreme_u32(rng, 0, 0);
                    buf.extend_from_slice(&size.to_le_bytes());
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// the properties

/// (a) Random buffers of 0..2048 bytes never panic, whatever the options.
#[test]
fn random_buffers_never_panic() {
    let seed = seed(0x5EED_0001);
    let mut rng = Rng::new(seed);
    for iteration in 0..1200 * scale() {
        let len = rng.below(2048);
        let mut buf: Vec<u8> = match rng.below(3) {
            0 => (0..len).map(|_| rng.byte()).collect(),
            // Sparse: mostly zeros (counts, offsets and padding look plausible).
            1 => (0..len)
                .map(|_| if rng.one_in(6) { rng.byte() } else { 0 })
                .collect(),
            _ => (0..len).map(|_| rng.below(4) as u8).collect(),
        };
        // Plant FourCCs with plausible sizes.
        for _ in 0..rng.below(4) {
            if buf.len() >= 8 {
                let at = if rng.one_in(2) {
                    0
                } else {
                    rng.below(buf.len() - 7)
                };
                buf[at..at + 4].copy_from_slice(&FOURCCS[rng.below(4)]);
                let size = if rng.one_in(2) {
                    (buf.len() - at).saturating_sub(8 + rng.below(8)) as u32
                } else {
                    extreme_u32(&mut rng, buf.len(), at)
                };
                set_u32(&mut buf, at + 4, size);
            }
        }
        let _case = Case {
            name: "random buffer",
            seed,
            iteration,
            bytes: &buf,
        };
        exercise(&buf, &mut rng);
    }
}

/// (b) Mutations of valid fixtures of every version never panic, and (c) every model that
/// still parses keeps every promise.
#[test]
fn mutated_fixtures_never_panic() {
    let seed = seed(0x5EED_0002);
    let mut rng = Rng::new(seed);
    let fixtures = fixtures();
    // Unmutated, everything is accepted strictly.
    for (buf, _) in &fixtures {
        gta::check(buf, Options::STRICT).unwrap();
        exercise(buf, &mut rng);
    }
    let mut accepted = 0;
    let mut rejected = 0;
    for iteration in 0..2_000 * scale() {
        let (base, positions) = rng.pick_ref(&fixtures);
        let mut buf = base.clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut buf, positions, &mut rng);
        }
        let _case = Case {
            name: "mutated fixture",
            seed,
            iteration,
            bytes: &buf,
        };
        exercise(&buf, &mut rng);
        match gta::check(&buf, Options::STRICT) {
            Ok(_) => accepted += 1,
            Err(_) => rejected += 1,
        }
    }
    // The mutations reach both sides of the parser.
    assert!(
        accepted > 80 * scale() && rejected > 400 * scale(),
        "accepted {accepted}, rejected {rejected}"
    );
}

/// Single-field forgeries of every interesting position with every extreme value: each one is
/// either accepted (and upholds every invariant) or rejected with an in-range offset.
#[test]
fn every_field_with_every_extreme_value() {
    let seed = seed(0x5EED_0003);
    let mut rng = Rng::new(seed);
    let values = [
        0u32,
        1,
        0xFFFF,
        0x1_0000,
        0x7FFF_FFFF,
        0x8000_0000,
        0xFFFF_FFF0,
        0xFFFF_FFFF,
    ];
    for (iteration, fourcc) in [b"COLL", b"COL2", b"COL3", b"COL4"].into_iter().enumerate() {
        let built = full_spec(fourcc, 11).build();
        let len = built.bytes.len() as u32;
        let positions = interesting(&built.bytes, 0, &built.layout);
        for &at in &positions {
            let mut all = values.to_vec();
            all.extend([len, len - 4, len - 8, len + 4, len - at as u32]);
            for v in all {
                for width in [2, 4] {
                    let mut buf = built.bytes.clone();
                    if width == 2 || at + 4 > buf.len() {
                        set_u16(&mut buf, at, v as u16);
                    } else {
                        set_u32(&mut buf, at, v);
                    }
                    let _case = Case {
                        name: "forged field",
                        seed,
                        iteration,
                        bytes: &buf,
                    };
                    exercise(&buf, &mut rng);
                }
            }
        }
    }
}

/// (d) `recover` always terminates and never covers more than the buffer, even on buffers
/// dense with FourCCs.
#[test]
fn recover_terminates_on_fourcc_soup() {
    let seed = seed(0x5EED_0004);
    let mut rng = Rng::new(seed);
    for iteration in 0..1200 * scale() {
        let mut buf = Vec::new();
        while buf.len() < rng.below(1024) + 8 {
            match rng.below(4) {
                0 => buf.extend_from_slice(&FOURCCS[rng.below(4)]),
                1 => buf.extend_from_slice(&extreme_u32(&mut rng, 64, 0).to_le_bytes()),
                2 => buf.extend_from_slice(b"COLCOLLCOL3OL"),
                _ => buf.push(rng.byte()),
            }
        }
        let _case = Case {
            name: "fourcc soup",
            seed,
            iteration,
            bytes: &buf,
        };
        for options in [Options::STRICT, Options::LENIENT, random_options(&mut rng)] {
            let walk = check_walk(&buf, options);
            check_recover(&buf, options, &walk);
            let total: usize = gta::recover(&buf, options)
                .map(|r| match r {
                    Recovered::Model(m) => m.len(),
                    Recovered::Skipped(s) => s.len,
                })
                .sum();
            assert!(total <= buf.len());
        }
    }
}

/// The reviewer's quadratic case: COL3 headers every 120 bytes, each declaring a
/// shadow-face array over the rest of the file and no shadow-vertex offset, so
/// each fails only after scanning the rest. Recovery must stop trying once failed
/// attempts have cost `RECOVERY_BUDGET` times the buffer, and report the rest as
/// one stretch: a bounded number of items instead of one per header.
#[test]
fn recover_work_is_bounded_on_nested_candidates() {
    const HEADERS: usize = 4000;
    let len = HEADERS * 120;
    let mut buf = vec![0u8; len];
    for k in 0..HEADERS {
        let at = k * 120;
        let size = (len - at - 8) as u32;
        buf[at..at + 4].copy_from_slice(b"COL3");
        set_u32(&mut buf, at + 4, size);
        set_u32(&mut buf, at + 108, (size + 4 - 116) / 8); // shadow faces
        set_u32(&mut buf, at + 112, 0); // shadow vertices: absent
        set_u32(&mut buf, at + 116, 116); // shadow faces right after the header
    }
    let first = Model::parse(&buf, Options::STRICT).unwrap_err();
    assert_eq!(first.offset(), 112);
    assert!(matches!(
        first.kind(),
        ErrorKind::MissingOffset {
            section: gta::Section::ShadowVertices,
            ..
        }
    ));

    let items: Vec<Recovered<'_>> = gta::recover(&buf, Options::STRICT).collect();
    // Attempt k costs len − 120k, so the budget of 16 × len (+ 64 KiB) runs out
    // after about 17 attempts; without it there would be 4,000.
    assert!(
        items.len() > 10 && items.len() < 40,
        "{} items",
        items.len()
    );
    let mut covered = 0;
    for item in &items {
        match item {
            Recovered::Skipped(s) => {
                assert_eq!(s.offset, covered);
                covered += s.len;
            }
            Recovered::Model(m) => panic!("no model should parse, got one at {}", m.offset()),
        }
    }
    assert_eq!(covered, len, "the last stretch reaches the end");
}
