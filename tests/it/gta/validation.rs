//! One test per validation rule of the GTA reader: each starts from a valid built model,
//! breaks exactly one field, and asserts the exact error offset and `ErrorKind`. Then each
//! `Lint`, with a model that triggers it (and a clean model that triggers none).

use zerocol::gta::{
    self, ErrorKind, Game, Lint, LintKind, Model, Options, Recovered, Section, Version,
};

use crate::support::bytes::{set_u16, set_u32, u16_at, u32_at};
use crate::support::gta::{self as b, Built, Cuboid, Face, FaceGroup, Line, ModelSpec, Sphere};

/// Asserts that `bytes` (one model, FourCC at 0) fails with `kind` at `offset`: through
/// `Model::parse`, `models`, `check` and `recover`, alone and behind a valid 2-aligned model
/// (offsets are absolute, so they shift by that model's length).
#[track_caller]
fn expect_err(bytes: &[u8], options: Options, offset: usize, kind: ErrorKind) {
    let err = Model::parse(bytes, options).unwrap_err();
    assert_eq!((err.offset(), err.kind()), (offset, kind), "Model::parse");
    let shown = err.to_string();
    assert!(
        shown.starts_with(&format!("byte {offset} (0x{offset:x}): ")),
        "{shown}"
    );
    assert_eq!(shown.split_once(": ").unwrap().1, kind.to_string());
    assert!(!kind.to_string().is_empty());

    // The walks only parse where a FourCC is (they end on anything else).
    if bytes.get(..4).and_then(Version::from_fourcc).is_none() {
        return;
    }
    // A valid model of 2 mod 4 bytes first: every offset moves by its length.
    let prefix = two_aligned_prefix();
    for (lead, buf) in [
        (0, bytes.to_vec()),
        (prefix.len(), b::concat(&[&prefix, bytes])),
    ] {
        let mut walk = gta::models(&buf, options);
        if lead > 0 {
            assert_eq!(walk.next().unwrap().unwrap().len(), lead);
        }
        let err = walk.next().unwrap().unwrap_err();
        assert_eq!(
            (err.offset(), err.kind()),
            (lead + offset, kind),
            "models, lead {lead}"
        );
        assert!(walk.next().is_none() && walk.end().is_none());
        let err = gta::check(&buf, options).unwrap_err();
        assert_eq!(
            (err.offset(), err.kind()),
            (lead + offset, kind),
            "check, lead {lead}"
        );
        // The header walk reports the framing errors itself; the rest come from
        // `Header::parse` on the header it yields, at the same offset.
        let mut heads = gta::headers(&buf, options);
        if lead > 0 {
            assert_eq!(heads.next().unwrap().unwrap().len(), lead);
        }
        let err = match heads.next().unwrap() {
            Err(err) => {
                assert!(is_framing(kind), "headers failed on {kind:?}");
                assert!(heads.next().is_none() && heads.end().is_none());
                err
            }
            Ok(head) => {
                assert!(!is_framing(kind), "headers accepted {kind:?}");
                assert_eq!(head.offset(), lead);
                head.parse(options).unwrap_err()
            }
        };
        assert_eq!(
            (err.offset(), err.kind()),
            (lead + offset, kind),
            "headers, lead {lead}"
        );
        let skipped: Vec<_> = gta::recover(&buf, options)
            .filter_map(|r| match r {
                Recovered::Skipped(s) => Some(s),
                Recovered::Model(_) => None,
            })
            .collect();
        assert_eq!(skipped[0].offset, lead);
        assert_eq!(
            (skipped[0].error.offset(), skipped[0].error.kind()),
            (lead + offset, kind)
        );
    }
}

/// An error from the walk itself (after the last model), for a buffer of models.
#[track_caller]
fn expect_walk_err(buf: &[u8], options: Options, models: usize, offset: usize, kind: ErrorKind) {
    let mut walk = gta::models(buf, options);
    for _ in 0..models {
        walk.next().unwrap().unwrap();
    }
    let err = walk.next().unwrap().unwrap_err();
    assert_eq!((err.offset(), err.kind()), (offset, kind));
    assert!(
        err.to_string()
            .starts_with(&format!("byte {offset} (0x{offset:x}): "))
    );
    assert!(walk.next().is_none() && walk.end().is_none());
    let err = gta::check(buf, options).unwrap_err();
    assert_eq!((err.offset(), err.kind()), (offset, kind));
    let mut heads = gta::headers(buf, options);
    for _ in 0..models {
        heads.next().unwrap().unwrap();
    }
    let err = heads.next().unwrap().unwrap_err();
    assert_eq!((err.offset(), err.kind()), (offset, kind), "headers");
    assert!(heads.next().is_none() && heads.end().is_none());
}

/// The errors [`gta::headers`] reports itself: those of the framing.
fn is_framing(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::Truncated { .. }
            | ErrorKind::BadMagic { .. }
            | ErrorKind::SizeTooSmall { .. }
            | ErrorKind::HeaderPastModelEnd { .. }
            | ErrorKind::SizePastEnd { .. }
            | ErrorKind::NonZeroPadding { .. }
    )
}

/// A valid COL2 model whose length is 2 mod 4 (no vertex padding).
fn two_aligned_prefix() -> Vec<u8> {
    let mut spec = ModelSpec::new(b"COL2", "prefix");
    spec.vertices = vec![[0.5, 1.0, 1.5]];
    spec.faces = vec![Face {
        indices: [0, 0, 0],
        surface: [1, 0, 0, 2],
    }];
    spec.vertex_padding = false;
    let bytes = spec.build().bytes;
    assert_eq!(bytes.len() % 4, 2);
    bytes
}

fn full(fourcc: &[u8; 4]) -> Built {
    b::full_spec(fourcc, 7).build()
}

fn patched(built: &Built, f: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut bytes = built.bytes.clone();
    f(&mut bytes);
    bytes
}

fn with_u32(built: &Built, at: usize, v: u32) -> Vec<u8> {
    patched(built, |bytes| set_u32(bytes, at, v))
}

fn with_u16(built: &Built, at: usize, v: u16) -> Vec<u8> {
    patched(built, |bytes| set_u16(bytes, at, v))
}

const COL2_PLUS: [&[u8; 4]; 3] = [b"COL2", b"COL3", b"COL4"];
const ALL: [&[u8; 4]; 4] = [b"COLL", b"COL2", b"COL3", b"COL4"];

/// Header end on the offset scale (relative to the model start + 4).
fn header_end(fourcc: &[u8; 4]) -> u32 {
    Version::from_fourcc(fourcc).unwrap().header_len() as u32 - 4
}

/// `size + 4`: the model end on the offset scale.
fn limit(built: &Built) -> usize {
    built.bytes.len() - 4
}

/// An offset field of a full model, relative value.
fn rel(built: &Built, at: usize) -> u32 {
    u32_at(&built.bytes, at)
}

// ---------------------------------------------------------------------------------------------
// framing

#[test]
fn truncated() {
    expect_err(
        &[],
        Options::STRICT,
        0,
        ErrorKind::Truncated {
            needed: 8,
            available: 0,
        },
    );
    expect_err(
        b"COL3\x01\x02\x03",
        Options::STRICT,
        0,
        ErrorKind::Truncated {
            needed: 8,
            available: 7,
        },
    );
    // In a walk: a FourCC with fewer than 8 bytes after it.
    let good = full(b"COLL").bytes;
    let buf = b::concat(&[&good, b"COLL\x01\x00"]);
    expect_walk_err(
        &buf,
        Options::STRICT,
        1,
        good.len(),
        ErrorKind::Truncated {
            needed: 8,
            available: 6,
        },
    );
    expect_walk_err(
        &buf,
        Options::LENIENT,
        1,
        good.len(),
        ErrorKind::Truncated {
            needed: 8,
            available: 6,
        },
    );

    // Lenient mode keeps a model whose size overruns the buffer, but its fixed header must be
    // there. Strict mode blames the size first.
    for fourcc in ALL {
        let built = full(fourcc);
        let needed = Version::from_fourcc(fourcc).unwrap().header_len();
        let size = built.bytes.len() as u32 - 8;
        for cut in [8, 31, 32, 71, 72, needed - 1] {
            if cut >= needed {
                continue;
            }
            let bytes = &built.bytes[..cut];
            expect_err(
                bytes,
                Options::LENIENT,
                0,
                ErrorKind::Truncated {
                    needed,
                    available: cut,
                },
            );
            expect_err(
                bytes,
                Options::STRICT,
                4,
                ErrorKind::SizePastEnd {
                    size,
                    available: cut,
                },
            );
        }
    }
}

#[test]
fn unknown_fourcc() {
    // Model::parse on a body with an unknown FourCC.
    for bad in [b"COL5", b"COL1", b"coll", b"Col3", b"\0COL"] {
        let bytes = patched(&full(b"COL3"), |bytes| bytes[..4].copy_from_slice(bad));
        expect_err(
            &bytes,
            Options::STRICT,
            0,
            ErrorKind::BadMagic { found: *bad },
        );
        expect_err(
            &bytes,
            Options::LENIENT,
            0,
            ErrorKind::BadMagic { found: *bad },
        );
        // The strict walk reports it where the model was expected; the lenient one stops there.
        // A zero first byte reads as padding, so the first non-zero byte is blamed.
        let (at, kind) = match bad {
            [0, c, ..] => (1, ErrorKind::NonZeroPadding { found: *c }),
            _ => (0, ErrorKind::BadMagic { found: *bad }),
        };
        expect_walk_err(&bytes, Options::STRICT, 0, at, kind);
        let end = gta::check(&bytes, Options::LENIENT).unwrap().end;
        assert_eq!(
            (end.offset, end.trailing_bytes, end.trailing_is_padding),
            (0, bytes.len(), false)
        );
    }

    // Strict walk: trailing garbage where the next model would be, after one. The
    // game stops reading there, and so does a lenient walk: the message says so.
    let good = full(b"COL2").bytes;
    let n = good.len();
    let buf = b::concat(&[&good, b"JUNK", &b::zeros(10)]);
    expect_walk_err(
        &buf,
        Options::STRICT,
        1,
        n,
        ErrorKind::UnknownFourCc { found: *b"JUNK" },
    );
    let err = gta::check(&buf, Options::STRICT).unwrap_err();
    assert!(err.is_lenient_readable());
    assert_eq!(
        err.to_string(),
        format!(
            "byte {n} (0x{n:x}): expected another model's FourCC (COLL, COL2, COL3, COL4) or \
             zero padding after the last model, found \"JUNK\" (the game stops reading there)"
        )
    );
    assert_eq!(gta::check(&buf, Options::LENIENT).unwrap().models, 1);
    // Fewer than four bytes left: the rest is zero-filled.
    let buf = b::concat(&[&good, b"AB"]);
    expect_walk_err(
        &buf,
        Options::STRICT,
        1,
        n,
        ErrorKind::UnknownFourCc {
            found: [b'A', b'B', 0, 0],
        },
    );
    // Non-printable bytes are shown as hex.
    let buf = b::concat(&[&good, &[0xFF, 0, 1, 2, 3]]);
    expect_walk_err(
        &buf,
        Options::STRICT,
        1,
        n,
        ErrorKind::UnknownFourCc {
            found: [0xFF, 0, 1, 2],
        },
    );
    let shown = gta::check(&buf, Options::STRICT).unwrap_err().to_string();
    assert!(
        shown.contains("found bytes ff 00 01 02 (the game stops reading there"),
        "{shown}"
    );
    // After a zero byte it is padding that went wrong: the non-zero byte is blamed
    // where it is, even among the first four.
    let buf = b::concat(&[&good, &[0, 0, 0, 7], &b::zeros(8)]);
    expect_walk_err(
        &buf,
        Options::STRICT,
        1,
        n + 3,
        ErrorKind::NonZeroPadding { found: 7 },
    );
    // A FourCC one byte late (after a single zero) is not a model: padding with a
    // non-zero byte, the "C".
    let buf = b::concat(&[&good, &[0], &full(b"COLL").bytes]);
    expect_walk_err(
        &buf,
        Options::STRICT,
        1,
        n + 1,
        ErrorKind::NonZeroPadding { found: b'C' },
    );
    // recover() steps over the one bad byte and finds the model right after it.
    let items: Vec<_> = gta::recover(&buf, Options::STRICT)
        .map(|r| match r {
            Recovered::Model(m) => (m.offset(), m.len(), None),
            Recovered::Skipped(s) => (s.offset, s.len, Some(s.error.kind())),
        })
        .collect();
    let unknown = ErrorKind::NonZeroPadding { found: b'C' };
    assert_eq!(
        items,
        [
            (0, n, None),
            (n, 1, Some(unknown)),
            (n + 1, full(b"COLL").bytes.len(), None)
        ]
    );
}

#[test]
fn non_zero_padding() {
    let good = full(b"COL3").bytes;
    let n = good.len();
    // Positions 1 to 3 included: padding starts with a zero, so the non-zero byte
    // itself is blamed, not the place a FourCC would be.
    for at in [1, 2, 3, 4, 57, 2046] {
        let mut pad = b::zeros(2047);
        pad[at] = 0x7F;
        let buf = b::concat(&[&good, &pad]);
        expect_walk_err(
            &buf,
            Options::STRICT,
            1,
            n + at,
            ErrorKind::NonZeroPadding { found: 0x7F },
        );
        let shown = gta::check(&buf, Options::STRICT).unwrap_err().to_string();
        assert!(
            shown.ends_with("found byte 0x7f (the game stops reading there)"),
            "{shown}"
        );
    }
    // Only the first non-zero byte is reported.
    let mut pad = b::zeros(64);
    pad[9] = 1;
    pad[10] = 2;
    let buf = b::concat(&[&good, &pad]);
    expect_walk_err(
        &buf,
        Options::STRICT,
        1,
        n + 9,
        ErrorKind::NonZeroPadding { found: 1 },
    );
}

#[test]
fn size_too_small() {
    for fourcc in ALL {
        let built = full(fourcc);
        for size in [0, 1, 8, 23] {
            let bytes = with_u32(&built, 4, size);
            expect_err(&bytes, Options::STRICT, 4, ErrorKind::SizeTooSmall { size });
            expect_err(
                &bytes,
                Options::LENIENT,
                4,
                ErrorKind::SizeTooSmall { size },
            );
        }
    }
    let err = Model::parse(&with_u32(&full(b"COLL"), 4, 23), Options::STRICT).unwrap_err();
    assert_eq!(
        err.to_string(),
        "byte 4 (0x4): expected a model size of at least 24 (the name block), found 23"
    );
}

#[test]
fn size_past_end() {
    for fourcc in ALL {
        let built = full(fourcc);
        let len = built.bytes.len();
        let size = len as u32 - 8;
        for bad in [size + 1, size + 4, 0x8000_0000, 0xFFFF_FFFF] {
            let bytes = with_u32(&built, 4, bad);
            expect_err(
                &bytes,
                Options::STRICT,
                4,
                ErrorKind::SizePastEnd {
                    size: bad,
                    available: len,
                },
            );
        }
        // The buffer one byte short of the declared size.
        expect_err(
            &built.bytes[..len - 1],
            Options::STRICT,
            4,
            ErrorKind::SizePastEnd {
                size,
                available: len - 1,
            },
        );
    }
}

#[test]
fn header_past_model_end() {
    for (fourcc, version, needed) in [
        (b"COLL", Version::Coll, 72),
        (b"COL2", Version::Col2, 108),
        (b"COL3", Version::Col3, 120),
        (b"COL4", Version::Col4, 124),
    ] {
        let built = full(fourcc);
        for size in [24, needed as u32 - 9] {
            let bytes = with_u32(&built, 4, size);
            let kind = ErrorKind::HeaderPastModelEnd {
                version,
                needed,
                size,
            };
            expect_err(&bytes, Options::STRICT, 4, kind);
            expect_err(&bytes, Options::LENIENT, 4, kind);
        }
    }
    // The smallest size that holds the header is fine for COL2+ (an empty model).
    for fourcc in COL2_PLUS {
        let bytes = ModelSpec::new(fourcc, "h").build().bytes;
        assert_eq!(
            bytes.len(),
            Version::from_fourcc(fourcc).unwrap().header_len()
        );
        Model::parse(&bytes, Options::STRICT).unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// COLL sections

/// (section, count field, record size) of a COLL layout.
fn coll_sections(built: &Built) -> [(Section, usize, usize); 5] {
    let l = &built.layout;
    [
        (Section::Spheres, l.sphere_count, 20),
        (Section::Lines, l.line_count, 24),
        (Section::Boxes, l.box_count, 28),
        (Section::Vertices, l.vertex_count.unwrap(), 12),
        (Section::Faces, l.face_count, 16),
    ]
}

#[test]
fn count_past_model_end() {
    let built = full(b"COLL");
    for (section, field, _) in coll_sections(&built) {
        // The model ends exactly where the count would start, or halfway through it.
        for cut in [field, field + 2] {
            let mut bytes = built.bytes[..cut].to_vec();
            set_u32(&mut bytes, 4, cut as u32 - 8);
            expect_err(
                &bytes,
                Options::STRICT,
                field,
                ErrorKind::CountPastModelEnd {
                    section,
                    limit: cut - 4,
                },
            );
            expect_err(
                &bytes,
                Options::LENIENT,
                field,
                ErrorKind::CountPastModelEnd {
                    section,
                    limit: cut - 4,
                },
            );
        }
    }
    // A COLL model of exactly its 72-byte fixed part has no room for the first count.
    let bytes = with_u32(&built, 4, 64);
    expect_err(
        &bytes,
        Options::STRICT,
        72,
        ErrorKind::CountPastModelEnd {
            section: Section::Spheres,
            limit: 68,
        },
    );
}

#[test]
fn section_past_model_end_coll() {
    let built = full(b"COLL");
    let limit = limit(&built);
    for (section, field, record_len) in coll_sections(&built) {
        for count in [0xFFFF_FFFF, 0x8000_0000, 0x1000_0000] {
            let bytes = with_u32(&built, field, count);
            // The records start after the count field: on the offset scale (model
            // start + 4), at the count field's model-relative position.
            expect_err(
                &bytes,
                Options::STRICT,
                field,
                ErrorKind::SectionPastModelEnd {
                    section,
                    record_len: record_len as u8,
                    count,
                    start: field,
                    limit,
                },
            );
        }
    }
    // The last section one record too long.
    let faces = built.layout.face_count;
    let bytes = with_u32(&built, faces, 5);
    expect_err(
        &bytes,
        Options::STRICT,
        faces,
        ErrorKind::SectionPastModelEnd {
            section: Section::Faces,
            record_len: 16,
            count: 5,
            start: faces,
            limit,
        },
    );
    // The box count of the corrupted real library: 133 boxes in a model far too small.
    let boxes = built.layout.box_count;
    let bytes = with_u32(&built, boxes, 133);
    expect_err(
        &bytes,
        Options::LENIENT,
        boxes,
        ErrorKind::SectionPastModelEnd {
            section: Section::Boxes,
            record_len: 28,
            count: 133,
            start: boxes,
            limit,
        },
    );
}

#[test]
fn face_index_out_of_range() {
    let built = full(b"COLL");
    let faces = built.layout.faces;
    // Face 2, third index: equal to the vertex count.
    let bytes = with_u32(&built, faces + 2 * 16 + 8, 5);
    expect_err(
        &bytes,
        Options::STRICT,
        faces + 2 * 16 + 8,
        ErrorKind::FaceIndexOutOfRange {
            section: Section::Faces,
            face: 2,
            index: 5,
            vertex_count: 5,
        },
    );
    // Face 0, first index: u32::MAX.
    let bytes = with_u32(&built, faces, u32::MAX);
    expect_err(
        &bytes,
        Options::LENIENT,
        faces,
        ErrorKind::FaceIndexOutOfRange {
            section: Section::Faces,
            face: 0,
            index: u32::MAX,
            vertex_count: 5,
        },
    );
    // Face 3, second index.
    let bytes = with_u32(&built, faces + 3 * 16 + 4, 1000);
    expect_err(
        &bytes,
        Options::STRICT,
        faces + 3 * 16 + 4,
        ErrorKind::FaceIndexOutOfRange {
            section: Section::Faces,
            face: 3,
            index: 1000,
            vertex_count: 5,
        },
    );
    // Faces without any vertex.
    let mut spec = ModelSpec::new(b"COLL", "novert");
    spec.faces = vec![Face {
        indices: [0, 0, 0],
        surface: [0; 4],
    }];
    let built = spec.build();
    expect_err(
        &built.bytes,
        Options::STRICT,
        built.layout.faces,
        ErrorKind::FaceIndexOutOfRange {
            section: Section::Faces,
            face: 0,
            index: 0,
            vertex_count: 0,
        },
    );
    // The largest valid index is fine.
    let built = full(b"COLL");
    let bytes = with_u32(&built, built.layout.faces + 8, 4);
    Model::parse(&bytes, Options::STRICT).unwrap();
}

#[test]
fn size_mismatch() {
    let built = full(b"COLL");
    let len = built.bytes.len();
    // Four bytes after the last section, inside the declared size.
    let mut bytes = b::concat(&[&built.bytes, &[0; 4]]);
    set_u32(&mut bytes, 4, len as u32 - 4);
    let kind = ErrorKind::SizeMismatch {
        parsed_len: len,
        size: len as u32 - 4,
    };
    expect_err(&bytes, Options::STRICT, 4, kind);
    assert_eq!(
        Model::parse(&bytes, Options::STRICT)
            .unwrap_err()
            .to_string(),
        format!(
            "byte 4 (0x4): expected the sections to end at the model size ({} bytes), they end \
             at {} (the game reads this and skips the bytes left)",
            len + 4,
            len
        )
    );
    // One face fewer than stored: the sections end 16 bytes early.
    let bytes = with_u32(&built, built.layout.face_count, 3);
    expect_err(
        &bytes,
        Options::STRICT,
        4,
        ErrorKind::SizeMismatch {
            parsed_len: len - 16,
            size: len as u32 - 8,
        },
    );
    // An empty COLL model (sections end at byte 92) declaring 16 more bytes.
    let mut bytes = ModelSpec::new(b"COLL", "empty").build().bytes;
    assert_eq!(bytes.len(), 92);
    bytes.extend_from_slice(&[0; 16]);
    set_u32(&mut bytes, 4, 100);
    expect_err(
        &bytes,
        Options::STRICT,
        4,
        ErrorKind::SizeMismatch {
            parsed_len: 92,
            size: 100,
        },
    );
}

// ---------------------------------------------------------------------------------------------
// COL2+ sections

/// (section, offset field, stored count, record size) of a full COL2+ model.
fn col2_sections(fourcc: &[u8; 4]) -> Vec<(Section, usize, u32, u64)> {
    let mut v = vec![
        (Section::Spheres, 84, 3, 20),
        (Section::Boxes, 88, 2, 28),
        (Section::Lines, 92, 2, 32),
        (Section::Vertices, 96, 5, 6),
        (Section::Faces, 100, 4, 8),
    ];
    if fourcc != b"COL2" {
        v.push((Section::ShadowVertices, 112, 3, 6));
        v.push((Section::ShadowFaces, 116, 2, 8));
    }
    v
}

#[test]
fn section_past_model_end_col2_offsets() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let limit = limit(&built);
        let mut sections = col2_sections(fourcc);
        sections.push((Section::TrianglePlanes, 104, 0, 1));
        for (section, field, count, stride) in sections {
            // Offsets that wrap a u32 once a count is added.
            for offset in [0xFFFF_FFF0u32, 0xFFFF_FFFF, 0x8000_0000, limit as u32 + 1] {
                let bytes = with_u32(&built, field, offset);
                expect_err(
                    &bytes,
                    Options::STRICT,
                    field,
                    ErrorKind::SectionPastModelEnd {
                        section,
                        record_len: stride as u8,
                        count,
                        start: offset as usize,
                        limit,
                    },
                );
                expect_err(
                    &bytes,
                    Options::LENIENT,
                    field,
                    ErrorKind::SectionPastModelEnd {
                        section,
                        record_len: stride as u8,
                        count,
                        start: offset as usize,
                        limit,
                    },
                );
            }
        }
        // The last section moved one byte later runs one byte past the end.
        let last = if fourcc == b"COL2" { 100 } else { 116 };
        let (section, count) = if fourcc == b"COL2" {
            (Section::Faces, 4)
        } else {
            (Section::ShadowFaces, 2)
        };
        let offset = rel(&built, last) + 1;
        let bytes = with_u32(&built, last, offset);
        expect_err(
            &bytes,
            Options::STRICT,
            last,
            ErrorKind::SectionPastModelEnd {
                section,
                record_len: 8,
                count,
                start: offset as usize,
                limit,
            },
        );
        // Triangle planes: any offset from the header end to the model end is accepted.
        for ok in [header_end(fourcc), limit as u32] {
            Model::parse(&with_u32(&built, 104, ok), Options::STRICT).unwrap();
        }
    }
}

#[test]
fn section_past_model_end_col2_counts() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let limit = limit(&built);
        let l = &built.layout;
        for (section, count_field, offset_field, count, stride) in [
            (Section::Spheres, l.sphere_count, 84, 0xFFFFu32, 20u64),
            (Section::Boxes, l.box_count, 88, 0xFFFF, 28),
            (Section::Faces, l.face_count, 100, 0xFFFF, 8),
        ] {
            let bytes = with_u16(&built, count_field, count as u16);
            expect_err(
                &bytes,
                Options::STRICT,
                offset_field,
                ErrorKind::SectionPastModelEnd {
                    section,
                    record_len: stride as u8,
                    count,
                    start: rel(&built, offset_field) as usize,
                    limit,
                },
            );
        }
        if fourcc == b"COL2" {
            // The faces are the last COL2 section: one more runs 8 bytes past the end.
            let bytes = with_u16(&built, l.face_count, 5);
            expect_err(
                &bytes,
                Options::STRICT,
                100,
                ErrorKind::SectionPastModelEnd {
                    section: Section::Faces,
                    record_len: 8,
                    count: 5,
                    start: rel(&built, 100) as usize,
                    limit,
                },
            );
        }
        // The line count is one byte.
        let bytes = patched(&built, |bytes| bytes[78] = 255);
        expect_err(
            &bytes,
            Options::STRICT,
            92,
            ErrorKind::SectionPastModelEnd {
                section: Section::Lines,
                record_len: 32,
                count: 255,
                start: rel(&built, 92) as usize,
                limit,
            },
        );
        if fourcc != b"COL2" {
            // The shadow face count is a u32: no overflow in `offset + count * 8`.
            for count in [0xFFFF_FFFFu32, 0x8000_0000, 0x2000_0000] {
                let bytes = with_u32(&built, 108, count);
                expect_err(
                    &bytes,
                    Options::STRICT,
                    116,
                    ErrorKind::SectionPastModelEnd {
                        section: Section::ShadowFaces,
                        record_len: 8,
                        count,
                        start: rel(&built, 116) as usize,
                        limit,
                    },
                );
            }
        }
    }
}

/// The derived vertex count (largest face index + 1) runs past the model end.
#[test]
fn section_past_model_end_derived_vertices() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let limit = limit(&built);
        // Vertices moved to 28 bytes before the end: 5 vertices need 30.
        let offset = limit as u32 - 28;
        let bytes = with_u32(&built, 96, offset);
        expect_err(
            &bytes,
            Options::STRICT,
            96,
            ErrorKind::SectionPastModelEnd {
                section: Section::Vertices,
                record_len: 6,
                count: 5,
                start: offset as usize,
                limit,
            },
        );
        // A face index of 0xFFFF derives 65,536 vertices.
        let bytes = with_u16(&built, built.layout.faces + 2, 0xFFFF);
        expect_err(
            &bytes,
            Options::STRICT,
            96,
            ErrorKind::SectionPastModelEnd {
                section: Section::Vertices,
                record_len: 6,
                count: 65536,
                start: rel(&built, 96) as usize,
                limit,
            },
        );
        if fourcc != b"COL2" {
            let bytes = with_u16(&built, built.layout.shadow_faces + 8 + 4, 0xFFFF);
            expect_err(
                &bytes,
                Options::STRICT,
                112,
                ErrorKind::SectionPastModelEnd {
                    section: Section::ShadowVertices,
                    record_len: 6,
                    count: 65536,
                    start: rel(&built, 112) as usize,
                    limit,
                },
            );
        }
    }
}

#[test]
fn offset_in_header() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let header_end = header_end(fourcc);
        let mut sections: Vec<_> = col2_sections(fourcc)
            .into_iter()
            .map(|(s, field, ..)| (s, field))
            .collect();
        sections.push((Section::TrianglePlanes, 104));
        for (section, field) in sections {
            for offset in [1, 4, 68, header_end - 1] {
                let bytes = with_u32(&built, field, offset);
                expect_err(
                    &bytes,
                    Options::STRICT,
                    field,
                    ErrorKind::OffsetInHeader {
                        section,
                        offset,
                        header_end,
                    },
                );
                expect_err(
                    &bytes,
                    Options::LENIENT,
                    field,
                    ErrorKind::OffsetInHeader {
                        section,
                        offset,
                        header_end,
                    },
                );
            }
        }
    }
    // 104 is past the COL2 header but inside the COL3 header; 116 inside the COL4 header.
    let bytes = with_u32(&full(b"COL3"), 84, 104);
    expect_err(
        &bytes,
        Options::STRICT,
        84,
        ErrorKind::OffsetInHeader {
            section: Section::Spheres,
            offset: 104,
            header_end: 116,
        },
    );
    let bytes = with_u32(&full(b"COL4"), 88, 116);
    expect_err(
        &bytes,
        Options::STRICT,
        88,
        ErrorKind::OffsetInHeader {
            section: Section::Boxes,
            offset: 116,
            header_end: 120,
        },
    );
    let shown = Model::parse(&bytes, Options::STRICT)
        .unwrap_err()
        .to_string();
    assert_eq!(
        shown,
        "byte 88 (0x58): expected the boxes offset to be at least 120 (the header end), found 116"
    );
}

#[test]
fn missing_offset() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        for (section, field, count, _) in col2_sections(fourcc) {
            let bytes = with_u32(&built, field, 0);
            expect_err(
                &bytes,
                Options::STRICT,
                field,
                ErrorKind::MissingOffset { section, count },
            );
            expect_err(
                &bytes,
                Options::LENIENT,
                field,
                ErrorKind::MissingOffset { section, count },
            );
        }
    }
    // Shadow faces with offset 0.
    let built = full(b"COL3");
    let shown = Model::parse(&with_u32(&built, 116, 0), Options::STRICT)
        .unwrap_err()
        .to_string();
    assert_eq!(
        shown,
        "byte 116 (0x74): expected an offset for the 2 shadow faces, found 0 (absent)"
    );

    // Offset 0 with count 0 is simply "absent"; so is a non-zero offset with count 0.
    for fourcc in COL2_PLUS {
        let mut spec = ModelSpec::new(fourcc, "absent");
        spec.spheres.push(Sphere {
            center: [1.0; 3],
            radius: 2.0,
            surface: [1, 2, 3, 4],
        });
        let built = spec.build();
        assert_eq!(u32_at(&built.bytes, 88), 0);
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        assert!(m.boxes().is_empty());
        let bytes = with_u32(&built, 88, header_end(fourcc));
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert!(m.boxes().is_empty());
    }
    // Shadow vertices without shadow faces: offset 0 is fine.
    let mut spec = b::full_spec(b"COL3", 7);
    spec.shadow_faces.clear();
    let built = spec.build();
    let bytes = with_u32(&built, 112, 0);
    let m = Model::parse(&bytes, Options::STRICT).unwrap();
    assert!(m.shadow_vertices().is_empty() && m.shadow_faces().is_empty());
}

/// The error for a derived vertex array of `count` vertices at `start` that runs
/// into `other`, which spans `other_start..other_end` (offset scale).
fn overlap(
    section: Section,
    count: u32,
    start: u32,
    other: Section,
    other_start: u32,
    other_end: u32,
) -> ErrorKind {
    ErrorKind::VerticesOverlap {
        section,
        count,
        start,
        other,
        other_start,
        other_end,
    }
}

#[test]
fn vertices_overlap() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let l = &built.layout;
        let voff = rel(&built, 96);
        let groups = (l.face_groups as u32 - 4, l.faces as u32 - 4);
        // Face 0's third index raised to 5: 6 vertices (36 bytes) in a 32-byte gap before the
        // face groups.
        let bytes = with_u16(&built, l.faces + 4, 5);
        let kind = overlap(
            Section::Vertices,
            6,
            voff,
            Section::FaceGroups,
            groups.0,
            groups.1,
        );
        expect_err(&bytes, Options::STRICT, 96, kind);
        // Without face groups, the next section is the faces (after the 2 pad bytes).
        let mut spec = b::full_spec(fourcc, 7);
        spec.face_groups.clear();
        let built2 = spec.build();
        let bytes = with_u16(&built2, built2.layout.faces + 4, 5);
        let faces = built2.layout.faces as u32 - 4;
        let faces_end = faces + 8 * spec.faces.len() as u32;
        let kind = overlap(Section::Vertices, 6, voff, Section::Faces, faces, faces_end);
        expect_err(&bytes, Options::STRICT, 96, kind);
        // Without vertex padding the gap is exactly 6 × count: still fine.
        let mut spec = b::full_spec(fourcc, 7);
        spec.vertex_padding = false;
        Model::parse(&spec.build().bytes, Options::STRICT).unwrap();
        // The boundary: vertices moved 2 bytes later end exactly at the next section (the pad
        // bytes are used up); 4 bytes later, they overlap it by 2.
        assert_eq!(voff + 32, groups.0);
        let moved = with_u32(&built, 96, voff + 2);
        let m = Model::parse(&moved, Options::STRICT).unwrap();
        assert_eq!(m.vertices().len(), 5);
        let bytes = with_u32(&built, 96, voff + 4);
        let kind = overlap(
            Section::Vertices,
            5,
            voff + 4,
            Section::FaceGroups,
            groups.0,
            groups.1,
        );
        expect_err(&bytes, Options::STRICT, 96, kind);

        if fourcc != b"COL2" {
            // Shadow face 1's first index raised to 3: 4 shadow vertices (24 bytes) in 20.
            let svoff = rel(&built, 112);
            let bytes = with_u16(&built, l.shadow_faces + 8, 3);
            let shadow_faces = l.shadow_faces as u32 - 4;
            let shadow_end = shadow_faces + 8 * rel(&built, 108);
            let kind = overlap(
                Section::ShadowVertices,
                4,
                svoff,
                Section::ShadowFaces,
                shadow_faces,
                shadow_end,
            );
            expect_err(&bytes, Options::STRICT, 112, kind);
            // Shadow vertices sharing the main vertex array.
            let bytes = with_u32(&built, 112, voff);
            let kind = overlap(
                Section::Vertices,
                5,
                voff,
                Section::ShadowVertices,
                voff,
                voff + 18,
            );
            expect_err(&bytes, Options::STRICT, 96, kind);
        }
    }
    let built = full(b"COL3");
    let (spheres, boxes) = (rel(&built, 84), rel(&built, 88));
    // Vertices moved to 6 bytes before the boxes start inside the spheres.
    let bytes = with_u32(&built, 96, boxes - 6);
    let kind = overlap(
        Section::Vertices,
        5,
        boxes - 6,
        Section::Spheres,
        spheres,
        boxes,
    );
    expect_err(&bytes, Options::STRICT, 96, kind);
    // Vertices starting exactly where the spheres start.
    let bytes = with_u32(&built, 96, spheres);
    let kind = overlap(
        Section::Vertices,
        5,
        spheres,
        Section::Spheres,
        spheres,
        boxes,
    );
    expect_err(&bytes, Options::STRICT, 96, kind);
    // Vertices starting inside the faces (2 bytes in): the faces are earlier, not "next".
    let faces = rel(&built, 100);
    let faces_end = faces + 8 * u32::from(u16_at(&built.bytes, 76));
    let bytes = with_u32(&built, 96, faces + 2);
    let kind = overlap(
        Section::Vertices,
        5,
        faces + 2,
        Section::Faces,
        faces,
        faces_end,
    );
    expect_err(&bytes, Options::STRICT, 96, kind);
}

/// A face-group count word that counts no groups is still the face groups' byte
/// range: a vertex array may not run into it.
#[test]
fn vertices_overlap_an_empty_face_group_count() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let l = &built.layout;
        let voff = rel(&built, 96);
        let mut bytes = with_u32(&built, l.face_group_count, 0);
        // As many vertices as end at or before the faces: the last ones sit in
        // the count word (the old group records before it are junk now).
        let n = (l.faces - l.vertices) / 6;
        assert!(l.vertices + 6 * n > l.face_group_count);
        set_u16(&mut bytes, l.faces, n as u16 - 1);
        let kind = overlap(
            Section::Vertices,
            n as u32,
            voff,
            Section::FaceGroups,
            l.face_group_count as u32 - 4,
            l.faces as u32 - 4,
        );
        expect_err(&bytes, Options::STRICT, 96, kind);
        expect_err(&bytes, Options::LENIENT, 96, kind);
        // One vertex fewer ends before the count word: accepted, no face groups.
        assert!(l.vertices + 6 * (n - 1) <= l.face_group_count);
        set_u16(&mut bytes, l.faces, n as u16 - 2);
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!((m.vertices().len(), m.face_groups().len()), (n - 1, 0));
    }
}

#[test]
fn face_groups_outside_model() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let count_at = built.layout.face_group_count;
        let faces_offset = rel(&built, 100);
        let body = faces_offset - 4 - header_end(fourcc);
        for count in [0xFFFF_FFFF, 0x8000_0000, body / 28 + 1] {
            let bytes = with_u32(&built, count_at, count);
            expect_err(
                &bytes,
                Options::STRICT,
                100,
                ErrorKind::FaceGroupsOutsideModel {
                    count,
                    faces_offset,
                },
            );
        }
    }
    // Faces right after the header: the group count would sit inside the header.
    let mut spec = ModelSpec::new(b"COL2", "fg");
    spec.vertices = vec![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]];
    spec.faces = vec![Face {
        indices: [0, 1, 2],
        surface: [5, 0, 0, 6],
    }];
    let built = spec.build();
    assert_eq!((built.layout.vertices, built.layout.faces), (108, 128));
    let mut bytes = built.bytes[..108].to_vec();
    bytes.extend_from_slice(&built.bytes[128..136]); // faces at 108
    bytes.extend_from_slice(&built.bytes[108..128]); // vertices (and padding) at 116
    set_u32(&mut bytes, 100, 104);
    set_u32(&mut bytes, 96, 112);
    // Without flag 8 the reordered model is valid...
    let m = Model::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(m.vertices().get(2), Some([7.0, 8.0, 9.0]));
    // ...with it, the count would be at offset 100, inside the header.
    set_u32(&mut bytes, 80, 2 | 8);
    expect_err(
        &bytes,
        Options::STRICT,
        100,
        ErrorKind::FaceGroupsOutsideModel {
            count: 0,
            faces_offset: 104,
        },
    );
}

#[test]
fn face_group_range() {
    for fourcc in COL2_PLUS {
        let built = full(fourcc);
        let g = built.layout.face_groups;
        // Group 1: first > last.
        let bytes = patched(&built, |bytes| {
            set_u16(bytes, g + 28 + 24, 3);
            set_u16(bytes, g + 28 + 26, 2);
        });
        expect_err(
            &bytes,
            Options::STRICT,
            g + 28 + 24,
            ErrorKind::FaceGroupRange {
                group: 1,
                first: 3,
                last: 2,
                faces: 4,
            },
        );
        // Group 0: last == face count.
        let bytes = with_u16(&built, g + 26, 4);
        expect_err(
            &bytes,
            Options::LENIENT,
            g + 24,
            ErrorKind::FaceGroupRange {
                group: 0,
                first: 0,
                last: 4,
                faces: 4,
            },
        );
        // Group 1: both at u16::MAX.
        let bytes = patched(&built, |bytes| {
            set_u16(bytes, g + 28 + 24, u16::MAX);
            set_u16(bytes, g + 28 + 26, u16::MAX);
        });
        expect_err(
            &bytes,
            Options::STRICT,
            g + 28 + 24,
            ErrorKind::FaceGroupRange {
                group: 1,
                first: u16::MAX,
                last: u16::MAX,
                faces: 4,
            },
        );
        // Single-face groups and the last face are fine.
        let bytes = patched(&built, |bytes| {
            set_u16(bytes, g + 24, 3);
            set_u16(bytes, g + 26, 3);
        });
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!(m.face_groups().as_slice()[0].first.get(), 3);
    }
}

/// Face groups are only read with flag 8 and faces: without the flag the count before the
/// faces is not looked at.
#[test]
fn face_groups_need_flag_8() {
    let mut spec = b::full_spec(b"COL3", 7);
    spec.flags = Some(2 | 16);
    let built = spec.build();
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert!(m.face_groups().is_empty());
    assert!(!m.flags().has_face_groups());
    // Garbage in the (unused) count is then harmless.
    let bytes = with_u32(&built, built.layout.face_group_count, u32::MAX);
    Model::parse(&bytes, Options::STRICT).unwrap();

    // Flag 8 without faces (face offset 0): there is nothing to group and no count to read.
    for fourcc in COL2_PLUS {
        let mut spec = ModelSpec::new(fourcc, "flag8");
        spec.spheres.push(Sphere {
            center: [1.0; 3],
            radius: 2.0,
            surface: [1, 2, 3, 4],
        });
        spec.flags = Some(2 | 8);
        let bytes = spec.build().bytes;
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert!(m.flags().has_face_groups());
        assert!(m.face_groups().is_empty() && m.faces().is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// lints

/// The lints of `bytes` (one model, FourCC at 0), after checking what every lint
/// promises: the iterator is fused, `Display` is the offset then the kind, the
/// tolerated ones are exactly `Model::tolerated`, and offsets are absolute (behind a
/// valid 2-aligned model they move by its length).
#[track_caller]
fn lints_of(bytes: &[u8], options: Options) -> Vec<Lint> {
    let m = Model::parse(bytes, options).unwrap();
    let mut lints = m.lints();
    let all: Vec<Lint> = lints.by_ref().collect();
    assert_eq!(lints.next(), None, "fused");
    for lint in &all {
        let offset = lint.offset;
        assert_eq!(
            lint.to_string(),
            format!("byte {offset} (0x{offset:x}): {}", lint.kind)
        );
        assert!(!lint.kind.to_string().is_empty());
        assert_eq!(lint.is_tolerated(), lint.kind.is_tolerated());
    }
    let tolerated: Vec<Lint> = all.iter().copied().filter(Lint::is_tolerated).collect();
    assert_eq!(m.tolerated().collect::<Vec<_>>(), tolerated);

    let prefix = two_aligned_prefix();
    let buf = b::concat(&[&prefix, bytes]);
    let mut walk = gta::models(&buf, options);
    assert_eq!(walk.next().unwrap().unwrap().lints().count(), 0);
    let shifted: Vec<Lint> = walk.next().unwrap().unwrap().lints().collect();
    let moved: Vec<Lint> = all
        .iter()
        .map(|lint| Lint {
            offset: lint.offset + prefix.len(),
            ..*lint
        })
        .collect();
    assert_eq!(shifted, moved, "behind a {}-byte model", prefix.len());
    all
}

/// A lint at `offset`.
fn at(offset: usize, kind: LintKind) -> Lint {
    Lint { offset, kind }
}

fn zero_line() -> Line {
    Line {
        start: [0.0; 3],
        start_radius: 0.0,
        end: [0.0; 3],
        end_radius: 0.0,
    }
}

/// A COLL model with `n` lines: size 84 + 24 n, no other limit touched.
fn coll_with_lines(n: usize) -> Built {
    let mut spec = ModelSpec::new(b"COLL", "big");
    spec.lines = vec![zero_line(); n];
    spec.build()
}

/// An empty COL3 model stretched with zero bytes to `size`.
fn col3_of_size(size: u32) -> Vec<u8> {
    let mut bytes = ModelSpec::new(b"COL3", "big").build().bytes;
    bytes.resize(size as usize + 8, 0);
    set_u32(&mut bytes, 4, size);
    bytes
}

/// The size field of a model at the start of the buffer.
const SIZE_FIELD: usize = 4;

#[test]
fn clean_models_have_no_lints() {
    for fourcc in ALL {
        assert_eq!(lints_of(&full(fourcc).bytes, Options::STRICT), []);
        assert_eq!(
            lints_of(&ModelSpec::new(fourcc, "e").build().bytes, Options::LENIENT),
            []
        );
    }
    for built in b::sample_models() {
        assert_eq!(lints_of(&built.bytes, Options::STRICT), []);
    }
    // Right at every cap: still clean.
    assert_eq!(lints_of(&col3_of_size(32 * 1024), Options::STRICT), []);
    let mut spec = ModelSpec::new(b"COLL", "caps");
    spec.spheres = vec![
        Sphere {
            center: [0.0; 3],
            radius: 1.0,
            surface: [0; 4]
        };
        128
    ];
    spec.boxes = vec![
        Cuboid {
            min: [0.0; 3],
            max: [1.0; 3],
            surface: [0; 4]
        };
        32
    ];
    spec.vertices = vec![[-256.0, 255.99, 0.0]];
    spec.faces = vec![
        Face {
            indices: [0, 0, 0],
            surface: [0; 4]
        };
        600
    ];
    assert_eq!(lints_of(&spec.build().bytes, Options::STRICT), []);
    let mut spec = ModelSpec::new(b"COL3", "caps");
    spec.boxes = vec![
        Cuboid {
            min: [0.0; 3],
            max: [1.0; 3],
            surface: [0; 4]
        };
        64
    ];
    assert_eq!(lints_of(&spec.build().bytes, Options::STRICT), []);
}

/// The exported limits are the thresholds the lint tests below pin down (and that
/// docs/formats/gta.md lists).
#[test]
fn exported_limits_are_the_lint_thresholds() {
    assert_eq!(
        [
            gta::III_VC_MODEL_BUFFER,
            gta::SA_MODEL_BUFFER,
            gta::SPHERE_CAP,
            gta::III_VC_BOX_CAP,
            gta::SA_BOX_CAP,
            gta::TRIANGLE_CAP,
            gta::III_VC_COUNT_CAP,
        ],
        [55_000, 32_768, 128, 32, 64, 600, 32_767]
    );
}

/// At the size field.
#[test]
fn lint_model_too_large() {
    let too_large =
        |game, size, buffer| at(SIZE_FIELD, LintKind::ModelTooLarge { game, size, buffer });
    // SA: 32 KiB, any version.
    let bytes = col3_of_size(32 * 1024 + 1);
    assert_eq!(
        lints_of(&bytes, Options::STRICT),
        [too_large(Game::Sa, 32769, 32768)]
    );
    let built = coll_with_lines(2288);
    assert_eq!(built.bytes.len() - 8, 54_996);
    assert_eq!(built.layout.size_field, SIZE_FIELD);
    assert_eq!(
        lints_of(&built.bytes, Options::STRICT),
        [too_large(Game::Sa, 54_996, 32768)]
    );
    // III/VC: 55,000 bytes, COLL only (and SA's limit is then exceeded too).
    let bytes = coll_with_lines(2289).bytes;
    assert_eq!(
        lints_of(&bytes, Options::STRICT),
        [
            too_large(Game::IiiVc, 55_020, 55_000),
            too_large(Game::Sa, 55_020, 32768),
        ]
    );
    let bytes = col3_of_size(60_000);
    assert_eq!(
        lints_of(&bytes, Options::STRICT),
        [too_large(Game::Sa, 60_000, 32768)]
    );
    // No game loads COL4: no game's buffer applies.
    let mut bytes = col3_of_size(60_000);
    bytes[..4].copy_from_slice(b"COL4");
    assert_eq!(
        Model::parse(&bytes, Options::STRICT).unwrap().version(),
        Version::Col4
    );
    assert_eq!(lints_of(&bytes, Options::STRICT), []);
    let lint = too_large(Game::IiiVc, 55_020, 55_000);
    assert_eq!(
        lint.kind.to_string(),
        "model size 55020 exceeds the 55000-byte buffer GTA III/VC copy each model into, \
         unchecked: loading it overwrites memory (a likely crash); split the model"
    );
    assert_eq!(lint.to_string(), format!("byte 4 (0x4): {}", lint.kind));
    assert_eq!(
        too_large(Game::Sa, 40_000, 32768).kind.to_string(),
        "model size 40000 exceeds the 32768-byte buffer GTA SA copies each model into, \
         unchecked, when it loads the file through a COLFILE line of its .dat files: loaded so, \
         it overwrites memory (a likely crash); streamed from an IMG archive, it is read in place \
         and harmless; split the model, or stream the file from an IMG archive"
    );
}

/// At the sphere count: COLL's count word, COL2+'s header field (model byte 72).
#[test]
fn lint_too_many_spheres() {
    // The games that load each version: all three for COLL, SA for COL2+, none for
    // COL4.
    for (fourcc, count_field, game) in [
        (b"COLL", 72, Some(Game::All)),
        (b"COL3", 72, Some(Game::Sa)),
        (b"COL4", 72, None),
    ] {
        let mut spec = ModelSpec::new(fourcc, "spheres");
        spec.spheres = vec![
            Sphere {
                center: [0.0; 3],
                radius: 1.0,
                surface: [0; 4]
            };
            129
        ];
        let built = spec.build();
        assert_eq!(built.layout.sphere_count, count_field);
        let want: Vec<Lint> = game
            .map(|game| {
                at(
                    count_field,
                    LintKind::TooMany {
                        game,
                        section: Section::Spheres,
                        count: 129,
                        cap: 128,
                    },
                )
            })
            .into_iter()
            .collect();
        assert_eq!(lints_of(&built.bytes, Options::STRICT), want);
    }
    let kind = |game| LintKind::TooMany {
        game,
        section: Section::Spheres,
        count: 129,
        cap: 128,
    };
    assert_eq!(
        kind(Game::All).to_string(),
        "129 spheres in one model: in GTA III/VC/SA a colliding model's spheres go into \
         128-entry arrays without a check, overwriting memory past them (a likely crash); use \
         at most 128, merging spheres or using boxes or faces"
    );
    assert!(
        kind(Game::Sa)
            .to_string()
            .contains(": in GTA SA a colliding")
    );
}

/// At the box count: COLL's count word (after the sphere and line counts), COL2+'s
/// header field (model byte 74).
#[test]
fn lint_too_many_boxes() {
    let boxes = |fourcc: &[u8; 4], n, count_field| {
        let mut spec = ModelSpec::new(fourcc, "boxes");
        spec.boxes = vec![
            Cuboid {
                min: [0.0; 3],
                max: [1.0; 3],
                surface: [0; 4]
            };
            n
        ];
        let built = spec.build();
        assert_eq!(built.layout.box_count, count_field);
        lints_of(&built.bytes, Options::STRICT)
    };
    let iii = |count, offset| {
        at(
            offset,
            LintKind::TooMany {
                game: Game::IiiVc,
                section: Section::Boxes,
                count,
                cap: 32,
            },
        )
    };
    let sa = |count, offset| {
        at(
            offset,
            LintKind::TooMany {
                game: Game::Sa,
                section: Section::Boxes,
                count,
                cap: 64,
            },
        )
    };
    // COLL: sphere count at 72, line count at 76, box count at 80.
    assert_eq!(boxes(b"COLL", 33, 80), [iii(33, 80)]);
    assert_eq!(boxes(b"COLL", 65, 80), [iii(65, 80), sa(65, 80)]);
    // III/VC cannot load COL2+, so only SA's cap applies.
    assert_eq!(boxes(b"COL3", 33, 74), []);
    assert_eq!(boxes(b"COL2", 65, 74), [sa(65, 74)]);
    // No game loads COL4.
    assert_eq!(boxes(b"COL4", 65, 74), []);
    assert_eq!(
        iii(33, 80).kind.to_string(),
        "33 boxes in one model: GTA III/VC collect the boxes that touch another object's \
         bounding sphere into a 32-entry array without a check, overwriting memory past it (a \
         likely crash); use at most 32, or faces"
    );
    assert_eq!(
        sa(65, 74).kind.to_string(),
        "65 boxes in one model: GTA SA tests at most 64 of them that touch another object's \
         bounding sphere and ignores the rest (that object can pass through); use at most 64, or \
         faces"
    );
}

/// At the first crowded face. 601 faces on one point: a sphere of radius 50 there
/// touches them all. Face groups do not lift the cap: the games collect the faces
/// that touch the other object's bounding sphere, grouped or not.
#[test]
fn lint_too_many_faces() {
    // The region: three 50-unit cells from the faces' box (the point (1, 2, 3)).
    let kind = |game| LintKind::CrowdedFaces {
        game,
        count: 601,
        cap: 600,
        first: 0,
        centre: [76, 77, 78],
        size: [150, 150, 150],
    };
    // COLL: counts at 72, 76, 80 and the vertex count at 84, one 12-byte vertex.
    for (fourcc, count_field, game) in [(b"COLL", 100, Game::All), (b"COL3", 76, Game::Sa)] {
        let mut spec = ModelSpec::new(fourcc, "faces");
        spec.vertices = vec![[1.0, 2.0, 3.0]];
        spec.faces = vec![
            Face {
                indices: [0, 0, 0],
                surface: [0; 4]
            };
            601
        ];
        let built = spec.build();
        assert_eq!(built.layout.face_count, count_field);
        let first_face = built.layout.faces;
        assert_eq!(
            lints_of(&built.bytes, Options::STRICT),
            [at(first_face, kind(game))]
        );
        // 600 faces are within the cap.
        let mut fewer = spec.clone();
        fewer.faces.truncate(600);
        assert_eq!(lints_of(&fewer.build().bytes, Options::STRICT), []);
        if fourcc != b"COLL" {
            spec.face_groups = vec![FaceGroup {
                min: [0.0; 3],
                max: [1.0; 3],
                first: 0,
                last: 600,
            }];
            // A box that holds the faces, or the group lint says it does not.
            let built = spec.build();
            assert_eq!(
                lints_of(&built.bytes, Options::STRICT),
                [
                    at(built.layout.faces, kind(game)),
                    at(
                        built.layout.face_groups,
                        LintKind::FaceGroupBox {
                            group: 0,
                            faces: 601
                        }
                    )
                ]
            );
            spec.fit_face_groups();
            let built = spec.build();
            assert_eq!(
                lints_of(&built.bytes, Options::STRICT),
                [at(built.layout.faces, kind(game))]
            );
            // No game loads COL4.
            spec.fourcc = *b"COL4";
            assert_eq!(lints_of(&spec.build().bytes, Options::STRICT), []);
        }
    }
    assert_eq!(
        kind(Game::Sa).to_string(),
        "601 faces (first #0) meet the 150x150x150 box around (76, 77, 78), where one object \
         of radius up to 50 may touch more than 600: GTA SA tests at most 600 faces that touch \
         another object's bounding sphere and ignores the rest (that object can pass through); \
         use fewer, larger faces there, or split the model"
    );
    assert_eq!(
        kind(Game::All).to_string(),
        "601 faces (first #0) meet the 150x150x150 box around (76, 77, 78), where one object \
         of radius up to 50 may touch more than 600: GTA III/VC collect the faces that touch \
         another object's bounding sphere into a 600-entry array without a check, writing past \
         it (a likely crash), and GTA SA ignores those past 600 (that object can pass \
         through); use fewer, larger faces there, or split the model"
    );
}

/// Clusters of small triangles, each `(corner, faces)`, written by the library's own
/// writer (bounds recomputed).
fn clustered_faces(version: Version, clusters: &[([f32; 3], usize)]) -> Vec<u8> {
    use zerocol::gta::FaceSurface;
    use zerocol::gta::{ModelRepr, WriteOptions};
    let surface = FaceSurface::Compact {
        material: 0,
        light: 0,
    };
    let mut vertices = Vec::new();
    let mut faces = Vec::new();
    for &([x, y, z], count) in clusters {
        for i in 0..count {
            // A 1-unit triangle, stepped a quarter unit up per face.
            let z = z + i as f32 / 4.0;
            let v = u32::try_from(vertices.len()).unwrap();
            vertices.extend([[x, y, z], [x + 1.0, y, z], [x, y + 1.0, z]]);
            faces.push(zerocol::gta::Face {
                indices: [v, v + 1, v + 2],
                surface,
            });
        }
    }
    let repr = ModelRepr {
        vertices: &vertices,
        faces: &faces,
        ..ModelRepr::new(version, b"crowd")
    };
    let mut options = WriteOptions::AS_IS;
    options.recompute_bounds = true;
    let mut out = vec![0; gta::required_len(&repr, &options).unwrap()];
    let written = gta::write(&repr, &options, &mut out).unwrap();
    out.truncate(written);
    out
}

/// 700 faces spread in seven clusters 200 units apart: no sphere of radius 50
/// touches more than 100 of them, and the lint stays quiet; the same 700 faces in
/// one cluster get it, saying where.
#[test]
fn lint_crowded_faces_only_where_crowded() {
    let spread = [
        [-200.0, -200.0, 0.0],
        [0.0, -200.0, 0.0],
        [200.0, -200.0, 0.0],
        [-200.0, 0.0, 0.0],
        [0.0, 0.0, 0.0],
        [200.0, 0.0, 0.0],
        [-200.0, 200.0, 0.0],
    ];
    for version in [Version::Coll, Version::Col3] {
        let spread = spread.map(|corner| (corner, 100));
        let bytes = clustered_faces(version, &spread);
        let model = Model::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!(model.faces().len(), 700);
        // A COLL model of 700 faces exceeds SA's .dat buffer, a lint that depends on
        // how the file is loaded (and ranks last).
        let always = |model: &Model<'_>| {
            let lints: Vec<_> = model.lints().collect();
            let split = lints
                .iter()
                .position(|l| l.kind.depends_on_loading())
                .unwrap_or(lints.len());
            assert!(lints[split..].iter().all(|l| l.kind.depends_on_loading()));
            assert_eq!(lints.len() - split, usize::from(version == Version::Coll));
            lints[..split].to_vec()
        };
        assert_eq!(always(&model), []);
        // Two clusters of 350 faces 100 units apart (a 101 x 1 x 88 box): a sphere of
        // radius 50 at (50.5, 0.5, 43) touches all 700.
        let bytes = clustered_faces(version, &[([0.0; 3], 350), ([100.0, 0.0, 0.0], 350)]);
        let model = Model::parse(&bytes, Options::STRICT).unwrap();
        let lints = always(&model);
        assert_eq!(lints.len(), 1, "{lints:?}");
        assert_eq!(
            lints[0].kind,
            LintKind::CrowdedFaces {
                game: Game::loading(version).unwrap(),
                count: 700,
                cap: 600,
                first: 0,
                centre: [75, 75, 75],
                size: [150, 150, 150],
            }
        );
    }
    // 601 faces around (30, -40, 10) and one 1,000 units away in a COLL model: the
    // grid widens to 1,001 / 8 = 125.125-unit cells on x (50 on y and z), and the
    // region is three cells from the cluster's corner, holding its faces.
    let bytes = clustered_faces(
        Version::Coll,
        &[([30.0, -40.0, 10.0], 601), ([1030.0, -40.0, 10.0], 1)],
    );
    let model = Model::parse(&bytes, Options::STRICT).unwrap();
    let lints: Vec<_> = model.lints().collect();
    assert_eq!(
        lints[0],
        Lint {
            // After the counts and the 1,806 12-byte vertices, the face count.
            offset: model.offset() + 88 + 12 * 1806 + 4,
            kind: LintKind::CrowdedFaces {
                game: Game::All,
                count: 601,
                cap: 600,
                first: 0,
                centre: [218, 35, 85],
                size: [376, 150, 150],
            }
        }
    );
    // The far cluster lies outside SA's fixed-point range, which is another lint.
    assert!(
        matches!(
            lints[1].kind,
            LintKind::VertexOutsideFixedPoint {
                first: 1803,
                count: 3
            }
        ),
        "{lints:?}"
    );
    assert_eq!(lints.len(), 2, "{lints:?}");
    // Negative coordinates round to the nearest whole unit too: (-300.7, -0.3, -1000)
    // plus 75 on each axis.
    let bytes = clustered_faces(Version::Coll, &[([-300.7, -0.3, -1000.0], 601)]);
    let model = Model::parse(&bytes, Options::STRICT).unwrap();
    let lints: Vec<_> = model.lints().collect();
    assert_eq!(
        lints[0].kind,
        LintKind::CrowdedFaces {
            game: Game::All,
            count: 601,
            cap: 600,
            first: 0,
            centre: [-226, 75, -925],
            size: [150, 150, 150],
        }
    );
    assert_eq!(lints[0].offset, model.offset() + 88 + 12 * 1803 + 4);
}
/// At the COLL count word.
#[test]
fn lint_count_over_int16() {
    let too_large = |size| {
        [
            at(
                SIZE_FIELD,
                LintKind::ModelTooLarge {
                    game: Game::IiiVc,
                    size,
                    buffer: 55_000,
                },
            ),
            at(
                SIZE_FIELD,
                LintKind::ModelTooLarge {
                    game: Game::Sa,
                    size,
                    buffer: 32768,
                },
            ),
        ]
    };
    // 32,768 records always exceed both model buffers too.
    let built = coll_with_lines(32_768);
    // The line count follows the sphere count and its (no) spheres.
    assert_eq!(built.layout.line_count, 76);
    // SA's buffer, which depends on how the file is loaded, ranks last.
    let [iii, sa] = too_large(84 + 24 * 32_768);
    let want = [
        iii,
        at(
            76,
            LintKind::CountOverInt16 {
                section: Section::Lines,
                count: 32_768,
            },
        ),
        sa,
    ];
    assert_eq!(lints_of(&built.bytes, Options::STRICT), want);
    // 32,767 is the largest count III/VC read as positive.
    let bytes = coll_with_lines(32_767).bytes;
    assert_eq!(
        lints_of(&bytes, Options::STRICT),
        too_large(84 + 24 * 32_767)
    );
    let mut spec = ModelSpec::new(b"COLL", "verts");
    spec.vertices = vec![[0.5, 0.5, 0.5]; 40_000];
    let built = spec.build();
    assert_eq!(built.layout.vertex_count, Some(84));
    // SA's buffer, which depends on how the file is loaded, ranks last.
    let [iii, sa] = too_large(84 + 12 * 40_000);
    let want = [
        iii,
        at(
            84,
            LintKind::CountOverInt16 {
                section: Section::Vertices,
                count: 40_000,
            },
        ),
        sa,
    ];
    assert_eq!(lints_of(&built.bytes, Options::STRICT), want);
}

/// At the first vertex out of range.
#[test]
fn lint_vertex_outside_fixed_point() {
    let mut spec = ModelSpec::new(b"COLL", "far");
    spec.vertices = vec![
        [0.0, 0.0, 0.0],
        [-256.0, 255.99, 0.0], // well inside
        // The last values that round into an i16: one f32 step inside ±half a fixed-point step
        // past the ends (32,767.498 and -32,768.496 steps).
        [
            65535.0 / 256.0 - 128.0 * f32::EPSILON,
            -65537.0 / 256.0 + 256.0 * f32::EPSILON,
            0.0,
        ],
        [256.0, 0.0, 0.0], // first out of range
        [1.0, 2.0, 3.0],
        [0.0, -256.01, 0.0],
        [0.0, 0.0, f32::NAN],
        [f32::INFINITY, 0.0, 0.0],
        // Exactly half a step out: 32,767.5 and -32,768.5 steps round out of an i16.
        [65535.0 / 256.0, 0.0, 0.0],
        [0.0, 0.0, -65537.0 / 256.0],
        [0.0, 0.0, 0.0],
    ];
    let built = spec.build();
    // The vertices start after their count word at 84: vertex 3 is at 88 + 3 × 12.
    assert_eq!(built.layout.vertices, 88);
    assert_eq!(
        lints_of(&built.bytes, Options::STRICT),
        [
            at(
                88 + 3 * 12,
                LintKind::VertexOutsideFixedPoint { first: 3, count: 6 }
            ),
            // No face names them: outside the stored bounds, they are not content
            // the bounds must hold.
        ]
    );
}

/// At the size field.
#[test]
fn lint_size_past_end() {
    for fourcc in ALL {
        let built = full(fourcc);
        let len = built.bytes.len();
        let bytes = with_u32(&built, 4, len as u32 - 8 + 4);
        let lint = at(
            SIZE_FIELD,
            LintKind::SizePastEnd {
                declared_len: len as u64 + 4,
                available: len,
            },
        );
        assert!(lint.is_tolerated());
        assert_eq!(lints_of(&bytes, Options::LENIENT), [lint]);
        let m = Model::parse(&bytes, Options::LENIENT).unwrap();
        assert_eq!(m.tolerated().collect::<Vec<_>>(), [lint]);
    }
}

/// At the first skipped byte.
#[test]
fn lint_unparsed_tail() {
    let built = full(b"COLL");
    let mut bytes = b::concat(&[&built.bytes, &[0xAA; 6]]);
    let size = bytes.len() as u32 - 8;
    set_u32(&mut bytes, 4, size);
    let lint = at(built.bytes.len(), LintKind::UnparsedTail { bytes: 6 });
    assert!(lint.is_tolerated());
    assert_eq!(lints_of(&bytes, Options::LENIENT), [lint]);
    let mut options = Options::STRICT;
    options.allow_coll_slack = true;
    assert_eq!(lints_of(&bytes, options), [lint]);
    let m = Model::parse(&bytes, options).unwrap();
    assert_eq!(m.tolerated().collect::<Vec<_>>(), [lint]);
}

/// Only what a lenient rule let through is tolerated; engine limits never are, and a
/// model with both lists the tolerated ones alone.
#[test]
fn only_lenient_acceptances_are_tolerated() {
    // 2,289 lines: over both buffers; then 6 bytes of slack.
    let built = coll_with_lines(2289);
    let mut bytes = b::concat(&[&built.bytes, &[0; 6]]);
    let size = bytes.len() as u32 - 8;
    set_u32(&mut bytes, 4, size);
    let lints = lints_of(&bytes, Options::LENIENT);
    let tail = at(built.bytes.len(), LintKind::UnparsedTail { bytes: 6 });
    assert_eq!(lints.len(), 3, "{lints:?}");
    assert_eq!(lints[0], tail);
    assert!(
        lints[1..].iter().all(|lint| !lint.is_tolerated()),
        "{lints:?}"
    );
    let m = Model::parse(&bytes, Options::LENIENT).unwrap();
    assert_eq!(m.tolerated().collect::<Vec<_>>(), [tail]);
    // Strict reading lets nothing through.
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert_eq!(m.lints().count(), 2);
    assert_eq!(m.tolerated().count(), 0);
}

/// Errors store what the file says (start, count, record length, size) and their
/// messages compute the ends from it, exactly, past `u32::MAX` too.
#[test]
fn messages_compute_ends() {
    let kind = ErrorKind::SectionPastModelEnd {
        section: Section::Spheres,
        record_len: 20,
        count: 0xFFFF_FFFF,
        start: 116,
        limit: 400,
    };
    assert_eq!(
        kind.to_string(),
        "expected the 4294967295 spheres from offset 116 to end by the model end at offset 400, they end at 85899346016"
    );
    let kind = ErrorKind::VerticesOverlap {
        section: Section::Vertices,
        count: 65536,
        start: 0xFFFF_FFF0,
        other: Section::Faces,
        other_start: 0xFFFF_FFF8,
        other_end: u32::MAX,
    };
    assert_eq!(
        kind.to_string(),
        "expected the 65536 vertices (largest face index + 1) at offsets 4294967280..4295360496 to stay clear of the faces at 4294967288..4294967295"
    );
    let kind = ErrorKind::HeaderPastModelEnd {
        version: Version::Col3,
        needed: 120,
        size: 100,
    };
    assert_eq!(
        kind.to_string(),
        "expected a size of at least 112 for the 120-byte COL3 header, found 100"
    );
    let kind = ErrorKind::SizeMismatch {
        parsed_len: 92,
        size: u32::MAX,
    };
    assert_eq!(
        kind.to_string(),
        "expected the sections to end at the model size (4294967303 bytes), they end at 92 \
         (the game reads this and skips the bytes left)"
    );
}

/// Content outside the stored bounds, section by section, at the bounds (byte 32):
/// spheres, boxes, lines and faces (through their vertices), never the shadow mesh;
/// one fixed-point step (1/128) outside is tolerated, two are not.
#[test]
fn lint_outside_bounds_names_each_section() {
    let bounds = b::Bounds {
        radius: 2.0,
        center: [0.0; 3],
        min: [-1.0; 3],
        max: [1.0; 3],
    };
    let step = 1.0 / 128.0;
    let base = || {
        let mut spec = ModelSpec::new(b"COL3", "fit").with_bounds(bounds.clone());
        spec.vertices = vec![[0.0; 3], [1.0 + step, 0.0, 0.0], [0.0, -1.0, 1.0]];
        spec.faces = vec![Face {
            indices: [0, 1, 2],
            surface: [0; 4],
        }];
        spec
    };
    // Inside, within one step: no lint.
    assert_eq!(lints_of(&base().build().bytes, Options::STRICT), []);
    let outside = |section, first, count, steps| {
        at(
            32,
            LintKind::OutsideBounds {
                game: Game::Sa,
                section,
                first,
                count,
                steps,
            },
        )
    };
    let mut spec = base();
    spec.vertices[2] = [0.0, -1.0 - 2.0 * step, 0.0];
    assert_eq!(
        lints_of(&spec.build().bytes, Options::STRICT),
        [outside(Section::Faces, 0, 1, 2)]
    );
    let mut spec = base();
    spec.spheres.push(Sphere {
        center: [0.5, 0.0, 0.0],
        radius: 0.75,
        surface: [0; 4],
    });
    assert_eq!(
        lints_of(&spec.build().bytes, Options::STRICT),
        [outside(Section::Spheres, 0, 1, 32)]
    );
    let mut spec = base();
    spec.boxes.push(Cuboid {
        min: [0.0; 3],
        max: [0.5; 3],
        surface: [0; 4],
    });
    spec.boxes.push(Cuboid {
        min: [-3.0, 0.0, 0.0],
        max: [0.0; 3],
        surface: [0; 4],
    });
    assert_eq!(
        lints_of(&spec.build().bytes, Options::STRICT),
        [outside(Section::Boxes, 1, 1, 256)]
    );
    let mut spec = base();
    spec.lines.push(Line {
        start: [0.0; 3],
        start_radius: 0.0,
        end: [0.0, 0.0, 1.25],
        end_radius: 0.0,
    });
    let lints = lints_of(&spec.build().bytes, Options::STRICT);
    assert_eq!(lints, [outside(Section::Lines, 0, 1, 32)]);
    assert_eq!(
        lints[0].to_string(),
        "byte 32 (0x20): 1 records lie outside the stored bounds (first: lines #0; up to 0.25 \
         past them): GTA SA test the bounds before the spheres, boxes and faces, so collisions \
         there can be missed; recompute the bounds (`convert --recompute-bounds`)"
    );
    // The shadow mesh is not tested against the bounds (only SA's stencil shadows
    // read it): far outside, it is no lint.
    let mut spec = base();
    spec.shadow_vertices = vec![[0.0; 3], [0.0; 3], [0.0, 0.0, 100.0]];
    spec.shadow_faces = vec![Face {
        indices: [0, 1, 2],
        surface: [0; 4],
    }];
    assert_eq!(lints_of(&spec.build().bytes, Options::STRICT), []);
    // Unused vertices (no face names them) are not tested either.
    let mut spec = base();
    spec.vertices.push([50.0, 0.0, 0.0]);
    let m = spec.build();
    assert_eq!(
        Model::parse(&m.bytes, Options::STRICT)
            .unwrap()
            .vertices()
            .len(),
        3
    );
    let mut spec = ModelSpec::new(b"COLL", "spare").with_bounds(bounds.clone());
    spec.vertices = vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [50.0, 0.0, 0.0]];
    spec.faces = vec![Face {
        indices: [0, 1, 2],
        surface: [0; 4],
    }];
    assert_eq!(lints_of(&spec.build().bytes, Options::STRICT), []);
    // Several sections: the first is named, all are counted.
    let mut spec = base();
    spec.vertices[0] = [5.0, 0.0, 0.0];
    spec.boxes.push(Cuboid {
        min: [0.0; 3],
        max: [2.0; 3],
        surface: [0; 4],
    });
    assert_eq!(
        lints_of(&spec.build().bytes, Options::STRICT),
        [outside(Section::Boxes, 0, 2, 512)]
    );
}

/// The bounding sphere must hold the content too: the games test it before the
/// content (`ProcessColModels`). Inside the box but past the sphere is a lint.
#[test]
fn lint_outside_bounds_checks_the_sphere() {
    let bounds = b::Bounds {
        radius: 1.0,
        center: [0.0; 3],
        min: [-1.0; 3],
        max: [1.0; 3],
    };
    let mut spec = ModelSpec::new(b"COL2", "corner").with_bounds(bounds);
    // A box corner at distance √3 from the centre: 0.732 past the radius, 94 steps.
    spec.boxes.push(Cuboid {
        min: [0.0; 3],
        max: [1.0; 3],
        surface: [0; 4],
    });
    let lint = at(
        32,
        LintKind::OutsideBounds {
            game: Game::Sa,
            section: Section::Boxes,
            first: 0,
            count: 1,
            steps: 94,
        },
    );
    assert_eq!(lints_of(&spec.build().bytes, Options::STRICT), [lint]);
    // A radius one step short of √3 is within the tolerance; two steps are not.
    let sqrt3 = 3.0f32.sqrt();
    for (radius, lints) in [(sqrt3 - 1.0 / 128.0, 0), (sqrt3 - 2.0 / 128.0, 1)] {
        spec.bounds.radius = radius;
        assert_eq!(
            lints_of(&spec.build().bytes, Options::STRICT).len(),
            lints,
            "radius {radius}"
        );
    }
}

/// Differences within the format's precision never warn: one 1/128 step for COL2+
/// (its vertices are fixed point); for COLL floats, 0.001 plus 1e-5 of the larger
/// magnitude compared. A point off by less than that is no lint; off by more is.
#[test]
fn lint_outside_bounds_tolerates_the_format_precision() {
    assert_eq!(gta::BOUNDS_TOLERANCE, 1.0 / 128.0);
    assert_eq!(
        (
            gta::COLL_BOUNDS_TOLERANCE,
            gta::COLL_BOUNDS_TOLERANCE_RELATIVE
        ),
        (0.001, 1e-5)
    );
    // One face whose vertex 2 lies past max x by `by`, at x = `max`.
    let lints = |fourcc: &[u8; 4], max: f32, by: f32| {
        let bounds = b::Bounds {
            radius: 4.0 * max,
            center: [0.0; 3],
            min: [-max; 3],
            max: [max; 3],
        };
        let mut spec = ModelSpec::new(fourcc, "tol").with_bounds(bounds);
        spec.vertices = vec![[0.0; 3], [0.0, 1.0, 0.0], [max + by, 0.0, 0.0]];
        spec.faces = vec![Face {
            indices: [0, 1, 2],
            surface: [0; 4],
        }];
        lints_of(&spec.build().bytes, Options::STRICT)
            .iter()
            .filter(|lint| matches!(lint.kind, LintKind::OutsideBounds { .. }))
            .count()
    };
    // COL2+: one step is within, two are not (the vertices are on the 1/128 grid).
    for fourcc in [b"COL2", b"COL3"] {
        assert_eq!(lints(fourcc, 8.0, 1.0 / 128.0), 0);
        assert_eq!(lints(fourcc, 8.0, 2.0 / 128.0), 1);
    }
    // COLL near the origin: 0.001 (plus 1e-5 of 2) is the tolerance.
    assert_eq!(lints(b"COLL", 2.0, 0.0009), 0);
    assert_eq!(lints(b"COLL", 2.0, 0.0011), 1);
    // COLL far out: at 1,000 units the relative part adds 0.01.
    assert_eq!(lints(b"COLL", 1000.0, 0.0105), 0);
    assert_eq!(lints(b"COLL", 1000.0, 0.0125), 1);
    // The off-by-one-step COL2+ case would warn in COLL: its floats are exact.
    assert_eq!(lints(b"COLL", 8.0, 1.0 / 128.0), 1);
}

/// A face group whose box misses a vertex of one of its faces, at the group.
#[test]
fn lint_face_group_box_that_misses_its_faces() {
    let mut spec = ModelSpec::new(b"COL2", "groups");
    spec.vertices = vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 4.0]];
    spec.faces = vec![
        Face {
            indices: [0, 1, 2],
            surface: [0; 4],
        },
        Face {
            indices: [0, 1, 3],
            surface: [0; 4],
        },
    ];
    spec.face_groups = vec![
        FaceGroup {
            min: [0.0; 3],
            max: [1.0; 3],
            first: 0,
            last: 0,
        },
        FaceGroup {
            min: [0.0; 3],
            max: [1.0, 1.0, 3.5],
            first: 1,
            last: 1,
        },
    ];
    let built = spec.build();
    let lints = lints_of(&built.bytes, Options::STRICT);
    // Group records are 28 bytes: group 1 follows group 0.
    assert_eq!(
        lints,
        [at(
            built.layout.face_groups + 28,
            LintKind::FaceGroupBox { group: 1, faces: 1 }
        )]
    );
    assert_eq!(
        lints[0].kind.to_string(),
        "face group 1's box misses a vertex of 1 of its faces: GTA SA skips the group's faces \
         when another object misses the box, so it can pass through them; recompute the boxes \
         (`convert --recompute-bounds`)"
    );
    spec.face_groups[1].max = [1.0, 1.0, 4.0];
    assert_eq!(lints_of(&spec.build().bytes, Options::STRICT), []);
}

/// Every error only strict reading gives, because the game reads the file, says what
/// the game does where that does not depend on the rest of the file, keeps its byte
/// offset, and is one the lenient read (`Options::LENIENT`) gets past; no other error
/// says what the game does.
#[test]
fn strict_only_errors_say_what_the_game_does() {
    let good = full(b"COL2").bytes;
    let n = good.len();
    let coll = full(b"COLL");
    let len = coll.bytes.len();
    // Junk after the last model; non-zero padding; COLL slack; a size past the end.
    let junk = b::concat(&[&good, b"JUNK"]);
    let mut padding = b::concat(&[&good, &b::zeros(5)]);
    padding[n + 3] = 9;
    let mut slack = b::concat(&[&coll.bytes, &[0; 4]]);
    set_u32(&mut slack, 4, len as u32 - 4);
    let mut past_end = b::concat(&[&good, &coll.bytes]);
    set_u32(&mut past_end, n + 4, len as u32 - 8 + 4);
    let note_stop = " (the game stops reading there)";
    let cases: [(&[u8], usize, &str); 4] = [
        (&junk, n, note_stop),
        (&padding, n + 3, note_stop),
        (&slack, 4, " (the game reads this and skips the bytes left)"),
        (
            &past_end,
            n + 4,
            // Whether the game reads it depends on the rest of the file: no note.
            " remain",
        ),
    ];
    for (bytes, offset, note) in cases {
        let err = gta::check(bytes, Options::STRICT).unwrap_err();
        assert_eq!(err.offset(), offset, "{err}");
        assert!(err.is_lenient_readable() && err.kind().is_lenient_readable());
        let shown = err.to_string();
        assert!(
            shown.starts_with(&format!("byte {offset} (0x{offset:x}): ")) && shown.ends_with(note),
            "{shown}"
        );
        assert!(gta::check(bytes, Options::LENIENT).is_ok(), "{shown}");
    }
    // What the game cannot read is not: no lenient note.
    let mut overrun = coll.bytes.clone();
    set_u32(&mut overrun, coll.layout.box_count, 133);
    let not_a_col = b::concat(&[b"JUNK", &good]);
    for bytes in [&overrun[..], &not_a_col[..]] {
        let err = gta::check(bytes, Options::STRICT).unwrap_err();
        assert!(!err.is_lenient_readable(), "{err}");
        assert!(!err.to_string().contains("(the game"), "{err}");
        assert!(gta::check(bytes, Options::LENIENT).is_err() || bytes == not_a_col);
    }
    // A buffer that starts with something else holds no model: lenient reading finds
    // none either, and the strict message does not send the reader there.
    assert_eq!(gta::check(&not_a_col, Options::LENIENT).unwrap().models, 0);
}

/// Every lint says, in one line, what the game does and what to do, and names only
/// the games that load the version (`Game::loading`).
#[test]
fn every_lint_says_what_the_game_does_and_what_to_do() {
    assert_eq!(Game::loading(Version::Coll), Some(Game::All));
    assert_eq!(Game::loading(Version::Col2), Some(Game::Sa));
    assert_eq!(Game::loading(Version::Col3), Some(Game::Sa));
    assert_eq!(Game::loading(Version::Col4), None);
    let texts = [
        (
            LintKind::CountOverInt16 {
                section: Section::Faces,
                count: 40_000,
            },
            "40000 faces: GTA III/VC read this count as the signed 16-bit number -25536, so the \
             section comes out empty or short and the rest of the model is misread; use at most \
             32767 (split the model)",
        ),
        (
            LintKind::CountOverInt16 {
                section: Section::Spheres,
                count: 65_541,
            },
            "65541 spheres: GTA III/VC read this count as the signed 16-bit number 5, so the \
             section comes out empty or short and the rest of the model is misread; use at most \
             32767 (split the model)",
        ),
        (
            LintKind::OutsideBounds {
                game: Game::All,
                section: Section::Faces,
                first: 3,
                count: 2,
                steps: 96,
            },
            "2 records lie outside the stored bounds (first: faces #3; up to 0.75 past them): GTA \
             III/VC/SA test the bounds before the spheres, boxes and faces, so collisions there \
             can be missed; recompute the bounds (`convert --recompute-bounds`)",
        ),
        (
            LintKind::SizePastEnd {
                declared_len: 408,
                available: 404,
            },
            "model declares 408 bytes but the file holds only 404: the game reads past the end \
             of the file, which is harmless here as every section lies inside; rewrite the model \
             (`convert`) to fix its size",
        ),
        (
            LintKind::UnparsedTail { bytes: 6 },
            "6 bytes lie between the last section and the model's declared end: the game skips \
             them; rewrite the model (`convert`) to drop them",
        ),
    ];
    for (kind, text) in texts {
        assert_eq!(kind.to_string(), text);
    }
    // Every kind the reader produces: one line, a consequence and a remedy.
    let every = [
        LintKind::ModelTooLarge {
            game: Game::IiiVc,
            size: 60_000,
            buffer: 55_000,
        },
        LintKind::ModelTooLarge {
            game: Game::Sa,
            size: 60_000,
            buffer: 32_768,
        },
        LintKind::TooMany {
            game: Game::All,
            section: Section::Spheres,
            count: 129,
            cap: 128,
        },
        LintKind::TooMany {
            game: Game::IiiVc,
            section: Section::Boxes,
            count: 33,
            cap: 32,
        },
        LintKind::TooMany {
            game: Game::Sa,
            section: Section::Boxes,
            count: 65,
            cap: 64,
        },
        LintKind::CrowdedFaces {
            game: Game::All,
            count: 601,
            cap: 600,
            first: 0,
            centre: [0; 3],
            size: [150; 3],
        },
        LintKind::CrowdedFaces {
            game: Game::Sa,
            count: 601,
            cap: 600,
            first: 0,
            centre: [0; 3],
            size: [150; 3],
        },
        LintKind::CountOverInt16 {
            section: Section::Boxes,
            count: 32_768,
        },
        LintKind::VertexOutsideFixedPoint { first: 0, count: 1 },
        LintKind::OutsideBounds {
            game: Game::Sa,
            section: Section::Spheres,
            first: 0,
            count: 1,
            steps: 2,
        },
        LintKind::FaceGroupBox { group: 0, faces: 1 },
        LintKind::SizePastEnd {
            declared_len: 100,
            available: 96,
        },
        LintKind::UnparsedTail { bytes: 2 },
    ];
    for kind in every {
        let text = kind.to_string();
        assert_eq!(text.lines().count(), 1, "{text}");
        let (what, rest) = text.split_once(": ").unwrap();
        assert!(!what.is_empty() && rest.contains("; "), "{text}");
        let remedy = rest.rsplit_once("; ").unwrap().1;
        assert!(
            ["use ", "split ", "keep ", "recompute ", "rewrite "]
                .iter()
                .any(|verb| remedy.starts_with(verb)),
            "{text}"
        );
        // A lint about SA alone never names III/VC, and the other way round.
        match kind {
            LintKind::ModelTooLarge { game: Game::Sa, .. }
            | LintKind::TooMany { game: Game::Sa, .. }
            | LintKind::CrowdedFaces { game: Game::Sa, .. }
            | LintKind::OutsideBounds { game: Game::Sa, .. }
            | LintKind::FaceGroupBox { .. }
            | LintKind::VertexOutsideFixedPoint { .. } => {
                assert!(!text.contains("III"), "{text}")
            }
            LintKind::TooMany {
                game: Game::IiiVc, ..
            }
            | LintKind::CountOverInt16 { .. } => assert!(!text.contains("SA"), "{text}"),
            _ => {}
        }
    }
}

/// `Recover::resume` and `Lints::resume` continue exactly where the iterators were: a
/// walk rebuilt at every step from its position (and budget) yields what one walk
/// does, over every GTA corpus file, strict and lenient.
#[test]
fn resumed_recovery_and_lints_match_one_walk() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/gta");
    let mut files = 0;
    let mut lints_seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        files += 1;
        for options in [Options::STRICT, Options::LENIENT] {
            let key = |r: &Recovered<'_>| match r {
                Recovered::Model(m) => (m.offset(), m.len(), None),
                Recovered::Skipped(s) => (s.offset, s.len, Some(s.error)),
            };
            let whole: Vec<_> = gta::recover(&bytes, options).map(|r| key(&r)).collect();
            let mut stepped = Vec::new();
            let mut walk = gta::recover(&bytes, options);
            loop {
                let (position, budget) = (walk.position(), walk.budget());
                walk = gta::Recover::resume(&bytes, position, budget, options);
                let Some(item) = walk.next() else { break };
                if let Recovered::Model(m) = item {
                    for all in [m.lints(), m.tolerated()] {
                        let expected: Vec<Lint> = all.clone().collect();
                        let mut got = Vec::new();
                        let mut lints = all.clone();
                        while let Some(lint) = all.clone().resume(lints.position()).next() {
                            let mut once = all.clone().resume(lints.position());
                            assert_eq!(once.next(), Some(lint));
                            lints = once;
                            got.push(lint);
                        }
                        assert_eq!(got, expected);
                        assert_eq!(all.clone().resume(usize::MAX).next(), None);
                        lints_seen += got.len();
                    }
                }
                stepped.push(key(&item));
            }
            assert_eq!(stepped, whole);
        }
    }
    assert!(
        files > 100 && lints_seen > 0,
        "{files} files, {lints_seen} lints"
    );
}
