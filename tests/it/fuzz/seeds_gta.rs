//! gta: the seeds the project's writers make for the `gta` target, every error kind
//! produced by a committed file, and the round-trip replays.
//!
//! GTA has no writer yet (a later issue brings it): the seeds come from the test-only
//! builder (`tests/it/support/gta.rs`), and there is no generator, so no round trip to
//! replay. When the writer lands, its round-trip replay goes here.

use std::collections::BTreeSet;

use zerocol::gta::{ErrorKind, Model};

use super::super::support::bytes::{set_u16, set_u32};
use super::super::support::gta::{
    self as b, Built, Cuboid, Face, FaceGroup, Line, ModelSpec, Sphere, concat, full_spec, zeros,
};

/// The seeds of `fuzz/seeds/gta/`, by file name.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |name: &str, bytes: Vec<u8>| seeds.push((name.to_string(), bytes));

    // The shipped sample: COLL, COL3 with face groups and shadow mesh, COL2 boxes, an
    // empty COL3.
    add(
        "valid-sample.col",
        include_bytes!("../../../samples/sample.col").to_vec(),
    );
    // Every section of every version, odd vertex counts (the 2 pad bytes), face groups,
    // shadow meshes, the COL4 word, junk after the name's NUL.
    for (name, fourcc) in [
        ("valid-coll-full.col", b"COLL"),
        ("valid-col2-full.col", b"COL2"),
        ("valid-col3-full-shadow.col", b"COL3"),
        ("valid-col4-full.col", b"COL4"),
    ] {
        add(name, full(fourcc).bytes);
    }
    // Odd vertex counts without the pad bytes.
    for (name, fourcc) in [
        ("valid-col2-odd-vertices-unpadded.col", b"COL2"),
        ("valid-col3-odd-vertices-unpadded.col", b"COL3"),
    ] {
        let mut spec = full_spec(fourcc, 5);
        spec.vertex_padding = false;
        add(name, spec.build().bytes);
    }
    // Empty sections: a model of each version with none.
    let empties: Vec<Vec<u8>> = [b"COLL", b"COL2", b"COL3", b"COL4"]
        .iter()
        .map(|fourcc| ModelSpec::new(fourcc, "empty").build().bytes)
        .collect();
    add("valid-empty-models.col", concat(&refs(&empties)));
    // One section at a time.
    add("valid-col3-shadow-only.col", shadow_only().build().bytes);
    add(
        "valid-col2-spheres-only.col",
        spheres_only(b"COL2", 2).build().bytes,
    );
    add(
        "valid-col2-face-groups.col",
        face_groups(b"COL2").build().bytes,
    );
    add(
        "valid-col4-face-groups.col",
        face_groups(b"COL4").build().bytes,
    );
    let mut lines = ModelSpec::new(b"COL3", "lines");
    lines.lines = (0..3).map(|i| line(i as f32)).collect();
    add("valid-col3-lines-only.col", lines.build().bytes);
    // A multi-model library of every version, then sector padding to 2,048 bytes.
    let library: Vec<Vec<u8>> = [b"COL3", b"COLL", b"COL2", b"COL4", b"COL3", b"COLL"]
        .iter()
        .enumerate()
        .map(|(i, fourcc)| full_spec(fourcc, 20 + i as u32).build().bytes)
        .collect();
    let mut library = concat(&refs(&library));
    library.resize(library.len().next_multiple_of(2048), 0);
    add("valid-library-padded.col", library);
    // Lints: a COLL model over every buffer and the triangle cap, with vertices outside
    // the fixed-point range; too many spheres and boxes.
    add("lint-coll-large.col", coll_large().build().bytes);
    add(
        "lint-col2-many-spheres-boxes.col",
        many_spheres_boxes(b"COL2").build().bytes,
    );
    add(
        "lint-coll-many-spheres-boxes.col",
        many_spheres_boxes(b"COLL").build().bytes,
    );

    // Files only LENIENT reads, one per rule, and two rules at once.
    let sample = b::sample_file();
    add(
        "lenient-junk-after-models.col",
        concat(&[&sample, b"JUNK tail"]),
    );
    add(
        "lenient-size-past-end.col",
        size_past_end(&full(b"COL3").bytes),
    );
    add(
        "lenient-size-past-end-coll.col",
        size_past_end(&full(b"COLL").bytes),
    );
    let slack = coll_slack(&full(b"COLL"));
    add(
        "lenient-coll-slack.col",
        concat(&[&slack, &full(b"COL2").bytes]),
    );
    // Two rules at once: slack, then junk after the last model.
    add(
        "lenient-coll-slack-then-junk.col",
        concat(&[&slack, &full(b"COL2").bytes, b"\0\0\x01junk"]),
    );
    // A COLL model whose size runs past the buffer, and whose sections end before the
    // bytes that are there: both size rules.
    let coll = full(b"COLL");
    let mut both = concat(&[&coll.bytes, &[0x5A; 10]]);
    set_u32(&mut both, 4, coll.bytes.len() as u32 + 100 - 8);
    add("lenient-coll-slack-past-end.col", concat(&[&sample, &both]));

    // One broken file per error kind (the name says which).
    let coll = full(b"COLL");
    let col2 = full(b"COL2");
    let col3 = full(b"COL3");
    add("err-truncated.col", coll.bytes[..6].to_vec());
    add("err-truncated-header.col", truncated_header());
    add("err-bad-magic.col", concat(&[b"JUNK", &coll.bytes]));
    add(
        "err-unknown-fourcc.col",
        concat(&[&sample, b"JUNK", &coll.bytes]),
    );
    let mut padding = concat(&[&sample, &zeros(10)]);
    padding.extend_from_slice(&[0x7f, 0, 0]);
    add("err-non-zero-padding.col", padding);
    add("err-size-too-small.col", with_u32(&coll, 4, 16));
    let cut = &col2.bytes[..col2.bytes.len() - 10];
    add("err-size-past-end.col", cut.to_vec());
    add("err-header-past-model-end.col", with_u32(&col3, 4, 100));
    let field = coll.layout.box_count;
    let mut count_past = coll.bytes[..field + 2].to_vec();
    set_u32(&mut count_past, 4, field as u32 + 2 - 8);
    add("err-count-past-model-end.col", count_past);
    add(
        "err-section-past-model-end.col",
        with_u32(&coll, coll.layout.box_count, 133),
    );
    add(
        "err-section-past-model-end-col2.col",
        with_u16(&col2, 72, 1000),
    );
    add("err-offset-in-header.col", with_u32(&col3, 88, 100));
    add("err-missing-offset.col", with_u32(&col2, 84, 0));
    add(
        "err-face-index-out-of-range.col",
        with_u32(&coll, coll.layout.faces + 4, 99),
    );
    let mut mismatch = concat(&[&coll.bytes, &zeros(4)]);
    set_u32(&mut mismatch, 4, coll.bytes.len() as u32 - 4);
    add("err-size-mismatch.col", mismatch);
    add(
        "err-vertices-overlap.col",
        with_u16(&col2, col2.layout.faces + 4, 5),
    );
    add(
        "err-vertices-overlap-shadow.col",
        with_u16(&col3, col3.layout.shadow_faces + 8, 3),
    );
    add(
        "err-face-groups-outside-model.col",
        with_u32(&col3, col3.layout.face_group_count, u32::MAX),
    );
    add(
        "err-face-group-range.col",
        with_u16(&col2, col2.layout.face_groups + 26, 4),
    );
    // A damaged library: recover() skips the broken model and reads on.
    let damaged = concat(&[
        &full(b"COL3").bytes,
        &with_u32(&coll, coll.layout.box_count, 133),
        &full(b"COL2").bytes,
    ]);
    add("err-damaged-library.col", damaged);
    seeds
}

/// The seeds' models all come from one base, so that the files stay small and distinct.
fn full(fourcc: &[u8; 4]) -> Built {
    full_spec(fourcc, 9).build()
}

fn refs(parts: &[Vec<u8>]) -> Vec<&[u8]> {
    parts.iter().map(Vec::as_slice).collect()
}

fn with_u32(built: &Built, at: usize, v: u32) -> Vec<u8> {
    let mut bytes = built.bytes.clone();
    set_u32(&mut bytes, at, v);
    bytes
}

fn with_u16(built: &Built, at: usize, v: u16) -> Vec<u8> {
    let mut bytes = built.bytes.clone();
    set_u16(&mut bytes, at, v);
    bytes
}

fn line(x: f32) -> Line {
    Line {
        start: [x, 1.0, 2.0],
        start_radius: 0.5,
        end: [x, -1.0, 2.0],
        end_radius: 0.25,
    }
}

fn face(indices: [u32; 3], material: u8) -> Face {
    Face {
        indices,
        surface: [material, 0, 0, 0x31],
    }
}

/// A COL3 model with a shadow mesh and nothing else.
fn shadow_only() -> ModelSpec {
    let mut spec = ModelSpec::new(b"COL3", "shadow_only");
    spec.shadow_vertices = b::cube_vertices([-1.0, -1.0, 0.0], [1.0, 1.0, 0.5]);
    spec.shadow_faces = b::cube_faces([3, 0, 0, 0x44]);
    spec
}

fn spheres_only(fourcc: &[u8; 4], n: usize) -> ModelSpec {
    let mut spec = ModelSpec::new(fourcc, "spheres");
    spec.spheres = (0..n)
        .map(|i| Sphere {
            center: [i as f32, 0.5, -0.5],
            radius: 1.5,
            surface: [i as u8, 1, 2, 0x21],
        })
        .collect();
    spec
}

/// A mesh of two cubes, each its own face group.
fn face_groups(fourcc: &[u8; 4]) -> ModelSpec {
    let mut spec = ModelSpec::new(fourcc, "groups");
    let (a, b) = (
        ([-2.0, -2.0, 0.0], [-1.0, -1.0, 1.0]),
        ([1.0, 1.0, 0.0], [2.0, 2.0, 1.0]),
    );
    spec.vertices = b::cube_vertices(a.0, a.1);
    spec.vertices.extend(b::cube_vertices(b.0, b.1));
    spec.faces = b::cube_faces([7, 0, 0, 0x12]);
    spec.faces
        .extend(b::cube_faces([8, 0, 0, 0x13]).into_iter().map(|mut f| {
            f.indices = f.indices.map(|i| i + 8);
            f
        }));
    spec.face_groups = vec![
        FaceGroup {
            min: a.0,
            max: a.1,
            first: 0,
            last: 11,
        },
        FaceGroup {
            min: b.0,
            max: b.1,
            first: 12,
            last: 23,
        },
    ];
    spec
}

/// A COLL model of more than 55,000 bytes (over both games' buffers) whose 3,450 faces
/// (no face groups) pass the triangle cap, with two vertices outside the fixed-point
/// range.
fn coll_large() -> ModelSpec {
    let mut spec = ModelSpec::new(b"COLL", "large");
    spec.vertices = b::cube_vertices([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]);
    spec.vertices.push([300.0, 0.0, 0.0]);
    spec.vertices.push([0.0, f32::NAN, 0.0]);
    spec.faces = (0..3450u32)
        .map(|i| face([i % 10, (i + 1) % 10, (i + 2) % 10], i as u8))
        .collect();
    spec
}

/// 129 spheres and 65 boxes: over every game's caps.
fn many_spheres_boxes(fourcc: &[u8; 4]) -> ModelSpec {
    let mut spec = spheres_only(fourcc, 129);
    spec.boxes = (0..65)
        .map(|i| Cuboid {
            min: [i as f32, 0.0, 0.0],
            max: [i as f32 + 0.5, 1.0, 1.0],
            surface: [i as u8, 0, 3, 0x52],
        })
        .collect();
    spec
}

/// The sample, then `model` with a size 4 bytes past the buffer's end (as in a real
/// file).
fn size_past_end(model: &[u8]) -> Vec<u8> {
    let sample = b::sample_file();
    let mut bytes = concat(&[&sample, model]);
    set_u32(&mut bytes, sample.len() + 4, model.len() as u32 - 8 + 4);
    bytes
}

/// A COLL model with 6 bytes after its last section, inside its size.
fn coll_slack(built: &Built) -> Vec<u8> {
    let n = built.bytes.len();
    let mut bytes = concat(&[&built.bytes, &[0xAB; 6]]);
    set_u32(&mut bytes, 4, n as u32 - 8 + 6);
    bytes
}

/// A COL3 model whose size runs past the buffer, which ends inside the fixed header:
/// `Truncated` under `allow_size_past_end` (`SizePastEnd` otherwise).
fn truncated_header() -> Vec<u8> {
    full(b"COL3").bytes[..100].to_vec()
}

/// Each kind's name. `ErrorKind` is `#[non_exhaustive]`, so outside the crate the match
/// needs a last arm: it panics, so a file producing a kind not named here fails the test.
fn name(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Truncated { .. } => "Truncated",
        ErrorKind::BadMagic { .. } => "BadMagic",
        ErrorKind::NonZeroPadding { .. } => "NonZeroPadding",
        ErrorKind::UnknownFourCc { .. } => "UnknownFourCc",
        ErrorKind::SizeTooSmall { .. } => "SizeTooSmall",
        ErrorKind::SizePastEnd { .. } => "SizePastEnd",
        ErrorKind::HeaderPastModelEnd { .. } => "HeaderPastModelEnd",
        ErrorKind::CountPastModelEnd { .. } => "CountPastModelEnd",
        ErrorKind::SectionPastModelEnd { .. } => "SectionPastModelEnd",
        ErrorKind::OffsetInHeader { .. } => "OffsetInHeader",
        ErrorKind::MissingOffset { .. } => "MissingOffset",
        ErrorKind::FaceIndexOutOfRange { .. } => "FaceIndexOutOfRange",
        ErrorKind::SizeMismatch { .. } => "SizeMismatch",
        ErrorKind::VerticesOverlap { .. } => "VerticesOverlap",
        ErrorKind::FaceGroupsOutsideModel { .. } => "FaceGroupsOutsideModel",
        ErrorKind::FaceGroupRange { .. } => "FaceGroupRange",
        other => panic!("name {other:?} here and in ALL"),
    }
}

const ALL: &[&str] = &[
    "Truncated",
    "BadMagic",
    "NonZeroPadding",
    "UnknownFourCc",
    "SizeTooSmall",
    "SizePastEnd",
    "HeaderPastModelEnd",
    "CountPastModelEnd",
    "SectionPastModelEnd",
    "OffsetInHeader",
    "MissingOffset",
    "FaceIndexOutOfRange",
    "SizeMismatch",
    "VerticesOverlap",
    "FaceGroupsOutsideModel",
    "FaceGroupRange",
];

/// Every kind is produced by a committed file.
const UNREACHABLE: &[(&str, &str)] = &[];

#[test]
fn every_error_kind_is_produced() {
    let mut produced = BTreeSet::new();
    for (_, bytes) in super::committed("gta", "gta") {
        for options in super::gta::options() {
            let mut walk = zerocol::gta::models(&bytes, options);
            for item in walk.by_ref() {
                if let Err(e) = item {
                    produced.insert(name(&e.kind()));
                }
            }
            if let Err(e) = Model::parse(&bytes, options) {
                produced.insert(name(&e.kind()));
            }
        }
    }
    super::kinds::assert_covered("gta", ALL, UNREACHABLE, &produced);
}

/// Each seed is what its name says: `valid-` files pass STRICT, `lenient-` files only
/// LENIENT, `err-` files fail STRICT, and `lint-` files pass STRICT with lints.
#[test]
fn seeds_are_what_their_names_say() {
    use zerocol::gta::{Options, check, models};
    for (name, bytes) in seeds() {
        let strict = check(&bytes, Options::STRICT);
        let lenient = check(&bytes, Options::LENIENT);
        let lints = models(&bytes, Options::STRICT)
            .filter_map(Result::ok)
            .map(|m| m.lints().count())
            .sum::<usize>();
        match name.split('-').next().unwrap() {
            "valid" => assert!(strict.is_ok() && lints == 0, "{name}: {strict:?}"),
            "lint" => assert!(strict.is_ok() && lints > 0, "{name}: {strict:?}"),
            "lenient" => {
                assert!(strict.is_err() && lenient.is_ok(), "{name}: {lenient:?}");
                // Exactly the rules the name says are needed: the `Options` that
                // accept the file are those with all of them.
                let mut needed = Options::STRICT;
                needed.stop_at_unknown_fourcc = name.contains("junk");
                needed.allow_size_past_end = name.contains("past-end");
                needed.allow_coll_slack = name.contains("slack");
                for options in super::gta::options() {
                    let has = |rule: bool, set: bool| set || !rule;
                    let enough = has(
                        needed.stop_at_unknown_fourcc,
                        options.stop_at_unknown_fourcc,
                    ) && has(needed.allow_size_past_end, options.allow_size_past_end)
                        && has(needed.allow_coll_slack, options.allow_coll_slack);
                    let accepted = check(&bytes, options).is_ok();
                    assert_eq!(accepted, enough, "{name} under {options:?}");
                }
            }
            "err" => assert!(strict.is_err(), "{name}"),
            other => panic!("{name}: unknown prefix {other}"),
        }
    }
}
