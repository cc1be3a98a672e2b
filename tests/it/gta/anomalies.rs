//! The real-world anomalies of docs/formats/gta.md ("Known real-world anomalies"), one test each,
//! plus the lenient options that exist for them.

use zerocol::gta::{
    self, End, ErrorKind, Lint, LintKind, Model, Options, Recovered, Section, Skipped, Summary,
    Version,
};

use crate::support::bytes::{set_u32, u32_at};
use crate::support::gta::{self as b, Built, Face, ModelSpec, full_spec};

fn full(fourcc: &[u8; 4], base: u32) -> Built {
    full_spec(fourcc, base).build()
}

/// A `recover` item as a comparable value: `Ok((offset, len))` for a model.
type Item = Result<(usize, usize), Skipped>;

/// What `recover` yields, and where it ended.
fn recovered(buf: &[u8], options: Options) -> (Vec<Item>, Option<End>) {
    let mut rec = gta::recover(buf, options);
    let items = rec
        .by_ref()
        .map(|r| match r {
            Recovered::Model(m) => Ok((m.offset(), m.len())),
            Recovered::Skipped(s) => Err(s),
        })
        .collect();
    (items, rec.end())
}

fn offsets(buf: &[u8], options: Options) -> Vec<usize> {
    gta::models(buf, options)
        .map(|m| m.unwrap().offset())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// trailing sector padding

#[test]
fn trailing_zero_sector_padding() {
    let file = b::sample_file();
    for pad in [1, 2, 3, 4, 5, 2047] {
        let buf = b::concat(&[&file, &b::zeros(pad)]);
        let end = End {
            offset: file.len(),
            trailing_bytes: pad,
            trailing_is_padding: true,
        };
        for options in [Options::STRICT, Options::LENIENT] {
            assert_eq!(gta::check(&buf, options), Ok(Summary { models: 4, end }));
            let mut walk = gta::models(&buf, options);
            assert_eq!(walk.by_ref().count(), 4);
            assert_eq!(walk.end(), Some(end));
            let (items, rec_end) = recovered(&buf, options);
            assert_eq!(items.len(), 4);
            assert!(items.iter().all(Result::is_ok));
            assert_eq!(rec_end, Some(end));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// last model's size 4 bytes larger than what remains

#[test]
fn last_size_four_bytes_past_end() {
    for fourcc in [b"COLL", b"COL2", b"COL3", b"COL4"] {
        let first = full(b"COL3", 1).bytes;
        let last_spec = full_spec(fourcc, 2);
        let last = last_spec.build().bytes;
        let size = last.len() as u32 - 8 + 4;
        let mut buf = b::concat(&[&first, &last]);
        set_u32(&mut buf, first.len() + 4, size);

        // Strict: the size field of the last model is at fault.
        let mut walk = gta::models(&buf, Options::STRICT);
        assert_eq!(walk.next().unwrap().unwrap().offset(), 0);
        let err = walk.next().unwrap().unwrap_err();
        assert_eq!(err.offset(), first.len() + 4);
        assert_eq!(
            err.kind(),
            ErrorKind::SizePastEnd {
                size,
                available: last.len()
            }
        );
        assert_eq!(gta::check(&buf, Options::STRICT).unwrap_err(), err);

        // Lenient (or only `allow_size_past_end`): accepted, flagged, every record intact.
        let mut only = Options::STRICT;
        only.allow_size_past_end = true;
        // The header walk frames the model as `models` does; parsing that header
        // strictly still fails at the size field.
        let heads: Vec<_> = gta::headers(&buf, only).map(Result::unwrap).collect();
        assert_eq!(heads.len(), 2);
        assert!(heads[1].is_truncated() && !heads[0].is_truncated());
        assert_eq!(heads[1].len(), last.len());
        assert_eq!(heads[1].declared_len(), last.len() as u64 + 4);
        assert_eq!(heads[1].parse(Options::STRICT).unwrap_err(), err);
        assert_eq!(heads[1].parse(only).unwrap().bytes(), &buf[first.len()..]);
        assert_eq!(
            gta::headers(&buf, Options::STRICT)
                .nth(1)
                .unwrap()
                .unwrap_err(),
            err
        );
        for options in [Options::LENIENT, only] {
            let models: Vec<Model<'_>> = gta::models(&buf, options).map(Result::unwrap).collect();
            assert_eq!(models.len(), 2);
            let m = models[1];
            assert_eq!(m.offset(), first.len());
            assert_eq!(m.len(), last.len());
            assert_eq!(m.bytes(), &buf[first.len()..]);
            assert_eq!(&m.bytes()[8..], &last[8..]);
            assert_eq!(m.size(), size);
            assert_eq!(m.declared_len(), last.len() as u64 + 4);
            assert!(m.is_truncated());
            assert!(!models[0].is_truncated());
            assert_eq!(m.unparsed_tail(), 0);
            assert_eq!(
                m.lints().collect::<Vec<_>>(),
                [Lint {
                    // The size field of the second model.
                    offset: first.len() + 4,
                    kind: LintKind::SizePastEnd {
                        declared_len: last.len() as u64 + 4,
                        available: last.len()
                    }
                }]
            );
            // Same records as the intact model.
            let intact = Model::parse(&last, Options::STRICT).unwrap();
            assert_eq!(
                m.faces().iter().collect::<Vec<_>>(),
                intact.faces().iter().collect::<Vec<_>>()
            );
            assert_eq!(
                m.vertices().iter().collect::<Vec<_>>(),
                intact.vertices().iter().collect::<Vec<_>>()
            );
            assert_eq!(m.spheres().len(), 3);
            assert_eq!(
                m.shadow_faces().as_slice(),
                intact.shadow_faces().as_slice()
            );
            let end = End {
                offset: buf.len(),
                trailing_bytes: 0,
                trailing_is_padding: true,
            };
            assert_eq!(gta::check(&buf, options), Ok(Summary { models: 2, end }));
        }
    }
}

/// A size that overruns the buffer is only forgiven when the sections are all there: a model
/// whose last section really is cut is rejected even in lenient mode.
#[test]
fn size_past_end_with_a_cut_section_is_rejected_even_lenient() {
    // COLL: the last 4 bytes of the faces are missing.
    let built = full(b"COLL", 3);
    let len = built.bytes.len();
    let cut = &built.bytes[..len - 4];
    let face_count = built.layout.face_count;
    for options in [Options::STRICT, Options::LENIENT] {
        let err = Model::parse(cut, options).unwrap_err();
        if options == Options::STRICT {
            assert_eq!(err.offset(), 4);
            assert_eq!(
                err.kind(),
                ErrorKind::SizePastEnd {
                    size: len as u32 - 8,
                    available: len - 4
                }
            );
        } else {
            assert_eq!(err.offset(), face_count);
            assert_eq!(
                err.kind(),
                ErrorKind::SectionPastModelEnd {
                    section: Section::Faces,
                    record_len: 16,
                    count: 4,
                    start: face_count,
                    limit: len - 8,
                }
            );
        }
    }
    // COL3: the shadow faces end 4 bytes past the buffer.
    let built = full(b"COL3", 3);
    let len = built.bytes.len();
    let err = Model::parse(&built.bytes[..len - 4], Options::LENIENT).unwrap_err();
    assert_eq!(err.offset(), 116);
    assert_eq!(
        err.kind(),
        ErrorKind::SectionPastModelEnd {
            section: Section::ShadowFaces,
            record_len: 8,
            count: 2,
            start: len - 4 - 2 * 8,
            limit: len - 8,
        }
    );
    // As the last model of a file, after a good one.
    let first = full(b"COLL", 4).bytes;
    let buf = b::concat(&[&first, &built.bytes[..len - 4]]);
    let err = gta::check(&buf, Options::LENIENT).unwrap_err();
    assert_eq!(err.offset(), first.len() + 116);
}

// ---------------------------------------------------------------------------------------------
// the corrupted library

/// A 732-byte COLL model (10 spheres, 4 lines, 2 boxes, 8 vertices, 12 faces) with its box
/// count overwritten by 133, as in the damaged real library.
fn box_count_133() -> (Vec<u8>, usize) {
    let mut spec = ModelSpec::new(b"COLL", "damaged");
    let mut q = b::Seq::new(50);
    for _ in 0..10 {
        spec.spheres.push(b::Sphere {
            center: q.v3(),
            radius: q.f(),
            surface: q.surface(),
        });
    }
    for _ in 0..4 {
        spec.lines.push(b::Line {
            start: q.v3(),
            start_radius: 0.0,
            end: q.v3(),
            end_radius: 0.0,
        });
    }
    for _ in 0..2 {
        spec.boxes.push(b::Cuboid {
            min: q.v3(),
            max: q.v3(),
            surface: q.surface(),
        });
    }
    spec.vertices = b::cube_vertices([-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]);
    spec.faces = b::cube_faces([1, 2, 3, 4]);
    let built = spec.build();
    assert_eq!(built.bytes.len(), 732);
    let at = built.layout.box_count;
    assert_eq!(at, 376);
    let mut bytes = built.bytes;
    set_u32(&mut bytes, at, 133);
    (bytes, at)
}

/// A model whose size is one byte larger than its content: the next FourCC sits one byte
/// before where the size says the next model starts.
fn one_byte_short(fourcc: &[u8; 4], base: u32) -> Vec<u8> {
    let mut bytes = full(fourcc, base).bytes;
    let size = u32_at(&bytes, 4);
    set_u32(&mut bytes, 4, size + 1);
    bytes
}

#[test]
fn corrupted_library() {
    let a = full(b"COLL", 10).bytes;
    let (x, box_count_at) = box_count_133();
    let bb = full(b"COL3", 20).bytes;
    let c = one_byte_short(b"COLL", 30);
    let d = full(b"COL2", 40).bytes;
    let e = b::sample_models()[1].bytes.clone();
    let buf = b::concat(&[&a, &x, &bb, &c, &d, &e]);
    let at_x = a.len();
    let at_b = at_x + x.len();
    let at_c = at_b + bb.len();
    let at_d = at_c + c.len();
    let at_e = at_d + d.len();

    // Strict walk: the first good model, then the box count.
    let mut walk = gta::models(&buf, Options::STRICT);
    assert_eq!(walk.next().unwrap().unwrap().offset(), 0);
    let box_err = walk.next().unwrap().unwrap_err();
    assert_eq!(box_err.offset(), at_x + box_count_at);
    // 133 boxes from model byte 380, 376 on the offset scale (minus 4).
    assert_eq!(
        box_err.kind(),
        ErrorKind::SectionPastModelEnd {
            section: Section::Boxes,
            record_len: 28,
            count: 133,
            start: 376,
            limit: 728,
        }
    );
    assert!(walk.next().is_none());
    assert_eq!(walk.end(), None);
    assert_eq!(gta::check(&buf, Options::STRICT), Err(box_err));

    // recover: every good model, and the two damaged stretches with exact extents.
    let (items, end) = recovered(&buf, Options::STRICT);
    assert_eq!(items.len(), 6);
    assert_eq!(items[0], Ok((0, a.len())));
    assert_eq!(
        items[1],
        Err(Skipped {
            offset: at_x,
            len: 732,
            error: box_err
        })
    );
    assert_eq!(items[2], Ok((at_b, bb.len())));
    let Err(skipped_c) = items[3] else {
        panic!("{:?}", items[3])
    };
    assert_eq!((skipped_c.offset, skipped_c.len), (at_c, c.len()));
    assert_eq!(skipped_c.error.offset(), at_c + 4);
    assert_eq!(
        skipped_c.error.kind(),
        ErrorKind::SizeMismatch {
            parsed_len: c.len(),
            size: c.len() as u32 + 1 - 8,
        }
    );
    assert_eq!(items[4], Ok((at_d, d.len())));
    assert_eq!(items[5], Ok((at_e, e.len())));
    assert_eq!(
        end,
        Some(End {
            offset: buf.len(),
            trailing_bytes: 0,
            trailing_is_padding: true
        })
    );
    // The models recover() keeps decode exactly as they do alone.
    let kept: Vec<_> = gta::recover(&buf, Options::STRICT)
        .filter_map(|r| match r {
            Recovered::Model(m) => Some(m),
            Recovered::Skipped(_) => None,
        })
        .collect();
    assert_eq!(kept[3].name(), b"lamppost_sa");
    assert_eq!(kept[2].faces().len(), 4);
    assert_eq!(kept[2].version(), Version::Col2);
}

/// The game's way through the same library: the one-byte-short COLL model is read with its
/// slack, then the walk lands one byte into the next FourCC and stops there.
#[test]
fn corrupted_library_lenient_stops_like_the_game() {
    let a = full(b"COLL", 10).bytes;
    let c = one_byte_short(b"COLL", 30);
    let d = full(b"COL2", 40).bytes;
    let buf = b::concat(&[&a, &c, &d]);
    let models: Vec<_> = gta::models(&buf, Options::LENIENT)
        .map(Result::unwrap)
        .collect();
    assert_eq!(models.len(), 2);
    let m = models[1];
    assert_eq!((m.offset(), m.len()), (a.len(), c.len() + 1));
    assert_eq!(m.unparsed_tail(), 1);
    assert_eq!(
        m.lints().collect::<Vec<_>>(),
        [Lint {
            // The skipped byte is the last of the model.
            offset: a.len() + c.len(),
            kind: LintKind::UnparsedTail { bytes: 1 }
        }]
    );
    let at = a.len() + c.len() + 1;
    let end = End {
        offset: at,
        trailing_bytes: buf.len() - at,
        trailing_is_padding: false,
    };
    assert_eq!(
        gta::check(&buf, Options::LENIENT),
        Ok(Summary { models: 2, end })
    );
}

/// A COL2+ model one byte short parses (its sections are found by offset), so the damage
/// shows at the next FourCC, which the walk meets one byte late.
#[test]
fn one_byte_short_col3_shifts_the_next_fourcc() {
    let a = one_byte_short(b"COL3", 5);
    let d = full(b"COL2", 6).bytes;
    let e = full(b"COLL", 7).bytes;
    let buf = b::concat(&[&a, &d, &e]);
    let mut walk = gta::models(&buf, Options::STRICT);
    assert_eq!(walk.next().unwrap().unwrap().len(), a.len() + 1);
    let err = walk.next().unwrap().unwrap_err();
    let size = u32_at(&d, 4).to_le_bytes();
    assert_eq!(err.offset(), a.len() + 1);
    assert_eq!(
        err.kind(),
        ErrorKind::UnknownFourCc {
            found: [b'O', b'L', b'2', size[0]]
        }
    );
    // The game stops there, and says a lenient read does too.
    assert!(err.is_lenient_readable());
    assert!(err.to_string().ends_with("(the game stops reading there)"));
    // recover() skips to the next FourCC after the damage: the shifted model is lost, the
    // one after it is found again.
    let (items, end) = recovered(&buf, Options::STRICT);
    assert_eq!(items.len(), 3);
    assert_eq!(items[0], Ok((0, a.len() + 1)));
    assert_eq!(
        items[1],
        Err(Skipped {
            offset: a.len() + 1,
            len: d.len() - 1,
            error: err
        })
    );
    assert_eq!(items[2], Ok((a.len() + d.len(), e.len())));
    assert_eq!(end.unwrap().offset, buf.len());
}

// ---------------------------------------------------------------------------------------------
// 2-aligned faces and models

#[test]
fn faces_at_two_aligned_offsets() {
    for fourcc in [b"COL2", b"COL3", b"COL4"] {
        let mut spec = ModelSpec::new(fourcc, "unpadded");
        let mut q = b::Seq::new(60);
        spec.vertices = (0..3).map(|_| q.v3()).collect();
        spec.faces = vec![
            Face {
                indices: [0, 1, 2],
                surface: [7, 0, 0, 0x21],
            },
            Face {
                indices: [2, 1, 0],
                surface: [8, 0, 0, 0x43],
            },
        ];
        if spec.version() >= 3 {
            spec.shadow_vertices = (0..3).map(|_| q.v3()).collect();
            spec.shadow_faces = vec![Face {
                indices: [1, 2, 0],
                surface: [9, 0, 0, 0x65],
            }];
        }
        spec.vertex_padding = false;
        let built = spec.build();
        let l = &built.layout;
        assert_eq!(l.faces % 4, 2, "faces at a 2-aligned model offset");
        assert_eq!(l.faces, l.vertices + 18);
        if spec.version() >= 3 {
            assert_eq!(l.shadow_faces % 4, 0);
            assert_eq!(l.shadow_faces, l.shadow_vertices + 18);
        }
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        assert_eq!(m.vertices().iter().collect::<Vec<_>>(), spec.vertices);
        let faces: Vec<_> = m
            .faces()
            .iter()
            .map(|f| (f.indices, f.surface.material(), f.surface.light()))
            .collect();
        assert_eq!(faces, [([0, 1, 2], 7, 0x21), ([2, 1, 0], 8, 0x43)]);
        let sv: Vec<_> = m.shadow_vertices().iter().collect();
        assert_eq!(sv, spec.shadow_vertices);
        assert_eq!(m.lints().count(), 0);
    }
}

#[test]
fn models_at_two_aligned_positions() {
    let mut spec = ModelSpec::new(b"COL3", "odd");
    spec.vertices = vec![[1.0, 2.0, 3.0]];
    spec.faces = vec![Face {
        indices: [0, 0, 0],
        surface: [1, 0, 0, 2],
    }];
    spec.vertex_padding = false;
    let odd = spec.build().bytes;
    assert_eq!(odd.len() % 4, 2);
    let second = full(b"COLL", 8).bytes;
    let third = full(b"COL2", 9).bytes;
    let buf = b::concat(&[&odd, &second, &odd, &third]);
    let want = [
        0,
        odd.len(),
        odd.len() + second.len(),
        2 * odd.len() + second.len(),
    ];
    assert_eq!(offsets(&buf, Options::STRICT), want);
    assert_eq!(want.map(|o| o % 4), [0, 2, 2, 0]);
    // The whole file at an odd address as well: records are read through alignment-1 types.
    let mut shifted = vec![0xEE];
    shifted.extend_from_slice(&buf);
    let walk: Vec<_> = gta::models(&shifted[1..], Options::STRICT)
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        walk[1].faces().iter().collect::<Vec<_>>(),
        Model::parse(&second, Options::STRICT)
            .unwrap()
            .faces()
            .iter()
            .collect::<Vec<_>>()
    );
    assert_eq!(
        walk[3].vertices().get(4),
        full_spec(b"COL2", 9).vertices.get(4).copied()
    );
}

// ---------------------------------------------------------------------------------------------
// mixed versions, empty models

#[test]
fn mixed_versions_in_one_file() {
    for pair in [
        [b"COLL", b"COL3"],
        [b"COL2", b"COL3"],
        [b"COL3", b"COLL"],
        [b"COL4", b"COL2"],
    ] {
        let first = full_spec(pair[0], 70);
        let second = full_spec(pair[1], 71);
        let (x, y) = (first.build().bytes, second.build().bytes);
        let buf = b::concat(&[&x, &y, &x]);
        let models: Vec<_> = gta::models(&buf, Options::STRICT)
            .map(Result::unwrap)
            .collect();
        let versions: Vec<_> = models.iter().map(|m| m.version().fourcc()).collect();
        assert_eq!(versions, [*pair[0], *pair[1], *pair[0]]);
        assert_eq!(
            models[1].vertices().iter().collect::<Vec<_>>(),
            second.vertices
        );
        assert_eq!(
            models[2].vertices().iter().collect::<Vec<_>>(),
            first.vertices
        );
        assert_eq!(models[1].offset(), x.len());
        assert_eq!(gta::check(&buf, Options::STRICT).unwrap().models, 3);
    }
}

#[test]
fn empty_models() {
    for (fourcc, len) in [
        (b"COLL", 92),
        (b"COL2", 108),
        (b"COL3", 120),
        (b"COL4", 124),
    ] {
        let mut spec = ModelSpec::new(fourcc, "empty");
        spec.bounds = b::Bounds {
            radius: 1.5,
            center: [0.25, 0.5, 0.75],
            min: [-1.0; 3],
            max: [2.0; 3],
        };
        let built = spec.build();
        assert_eq!(built.bytes.len(), len);
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        assert_eq!(m.size(), len as u32 - 8);
        assert_eq!(
            m.bounds(),
            gta::Bounds {
                min: [-1.0; 3],
                max: [2.0; 3],
                center: [0.25, 0.5, 0.75],
                radius: 1.5
            }
        );
        assert!(m.spheres().is_empty() && m.lines().is_empty() && m.boxes().is_empty());
        assert!(m.vertices().is_empty() && m.faces().is_empty() && m.face_groups().is_empty());
        assert!(m.shadow_vertices().is_empty() && m.shadow_faces().is_empty());
        assert_eq!(m.spheres().iter().next(), None);
        assert_eq!(m.flags().bits(), 0);
        assert!(!m.flags().not_empty());
        assert_eq!(m.lints().count(), 0);
        // COL2+ has the header of section offsets, COL3+ the shadow header: all zero.
        if fourcc == b"COLL" {
            assert!(m.header_v2().is_none(), "COLL has no COL2+ header");
        } else {
            let h = m.header_v2().expect("COL2+ header");
            let offsets = [
                h.sphere_offset.get(),
                h.box_offset.get(),
                h.line_offset.get(),
                h.vertex_offset.get(),
                h.face_offset.get(),
                h.triangle_plane_offset.get(),
            ];
            assert_eq!(offsets, [0; 6]);
        }
        if fourcc == b"COLL" || fourcc == b"COL2" {
            assert!(m.shadow_header().is_none(), "no shadow header before COL3");
        } else {
            let s = m.shadow_header().expect("COL3+ shadow header");
            assert_eq!(
                [
                    s.face_count.get(),
                    s.vertex_offset.get(),
                    s.face_offset.get()
                ],
                [0; 3]
            );
        }
    }
    // Several empty models in a row, with padding.
    let parts: Vec<Vec<u8>> = [b"COL3", b"COLL", b"COL3"]
        .iter()
        .map(|f| ModelSpec::new(f, "e").build().bytes)
        .collect();
    let buf = b::concat(&[&parts[0], &parts[1], &parts[2], &[0; 9]]);
    assert_eq!(offsets(&buf, Options::STRICT), [0, 120, 212]);
}

// ---------------------------------------------------------------------------------------------
// names

#[test]
fn names_of_exactly_22_characters() {
    let name = b"abcdefghijklmnopqrstuv";
    assert_eq!(name.len(), 22);
    for fourcc in [b"COL2", b"COL3", b"COL4"] {
        let mut spec = ModelSpec::new(fourcc, "").with_model_id(0x4241); // "AB": non-zero ASCII
        spec.name_block[..22].copy_from_slice(name);
        let bytes = spec.build().bytes;
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!(m.name(), name);
        assert_eq!(m.model_id(), 0x4241);
        assert_eq!(&m.name_block()[..22], name);
        assert_eq!(&m.name_block()[22..], b"AB");
    }
    // III/VC read all 24 bytes: the "model id" bytes are part of a COLL name.
    let mut spec = ModelSpec::new(b"COLL", "").with_model_id(0x4241);
    spec.name_block[..22].copy_from_slice(name);
    let bytes = spec.build().bytes;
    let m = Model::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(m.name(), b"abcdefghijklmnopqrstuvAB");
    assert_eq!(m.model_id(), 0x4241);
    // 23 characters and a NUL.
    let spec = ModelSpec::new(b"COLL", "abcdefghijklmnopqrstuvw");
    let bytes = spec.build().bytes;
    let m = Model::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(m.name(), b"abcdefghijklmnopqrstuvw");
    // The same 23 characters in COL3: the name stops at 22, the 23rd byte is the model id's.
    let spec = ModelSpec::new(b"COL3", "abcdefghijklmnopqrstuvw");
    let bytes = spec.build().bytes;
    let m = Model::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(m.name(), name);
    assert_eq!(m.model_id(), u16::from(b'w'));
}

#[test]
fn junk_after_the_nul() {
    for fourcc in [b"COLL", b"COL2", b"COL3", b"COL4"] {
        let mut spec = ModelSpec::new(fourcc, "");
        spec.name_block = *b"lamp\0\xffjunk\x01\x02 more junk!!";
        let bytes = spec.build().bytes;
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!(m.name(), b"lamp");
        assert_eq!(m.name_block(), b"lamp\0\xffjunk\x01\x02 more junk!!");
        assert_eq!(m.model_id(), u16::from_le_bytes(*b"!!"));
        // A NUL first: an empty name.
        spec.name_block[0] = 0;
        let bytes = spec.build().bytes;
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!(m.name(), b"");
    }
}

/// One widely used library gives all its models the same (bogus) id: it is exposed, not used.
#[test]
fn shared_bogus_model_id() {
    let parts: Vec<Vec<u8>> = ["a", "b", "c"]
        .iter()
        .map(|n| {
            ModelSpec::new(b"COL3", n)
                .with_model_id(12868)
                .build()
                .bytes
        })
        .collect();
    let buf = b::concat(&parts.iter().map(Vec::as_slice).collect::<Vec<_>>());
    let ids: Vec<_> = gta::models(&buf, Options::STRICT)
        .map(|m| m.unwrap().model_id())
        .collect();
    assert_eq!(ids, [12868; 3]);
}

// ---------------------------------------------------------------------------------------------
// other genuine oddities

/// Five genuine III models store more vertices than their faces use.
#[test]
fn coll_unused_trailing_vertices() {
    let mut spec = full_spec(b"COLL", 80);
    let mut q = b::Seq::new(300);
    spec.vertices.extend((0..3).map(|_| q.v3()));
    spec.bounds = spec.fitted_bounds();
    let bytes = spec.build().bytes;
    let m = Model::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(m.vertices().len(), 8);
    let max_index = m.faces().iter().flat_map(|f| f.indices).max().unwrap();
    assert_eq!(max_index, 4);
    assert_eq!(m.vertices().iter().collect::<Vec<_>>(), spec.vertices);
    assert_eq!(m.lints().count(), 0);
}

/// Nothing validates bounds: one genuine model has min > max on an axis.
#[test]
fn bounds_min_above_max() {
    for fourcc in [b"COLL", b"COL3"] {
        let mut spec = ModelSpec::new(fourcc, "inverted");
        spec.bounds = b::Bounds {
            radius: -1.0,
            center: [9.0; 3],
            min: [1.0, 5.0, 0.0],
            max: [2.0, -5.0, 0.0],
        };
        let bytes = spec.build().bytes;
        let m = Model::parse(&bytes, Options::STRICT).unwrap();
        assert_eq!(m.bounds().min, [1.0, 5.0, 0.0]);
        assert_eq!(m.bounds().max, [2.0, -5.0, 0.0]);
        assert_eq!(m.bounds().radius, -1.0);
    }
}

/// Models with only a shadow mesh plus spheres and boxes are common.
#[test]
fn shadow_mesh_without_collision_mesh() {
    let mut spec = full_spec(b"COL3", 90);
    spec.vertices.clear();
    spec.faces.clear();
    spec.face_groups.clear();
    let built = spec.build();
    assert_eq!(u32_at(&built.bytes, 96), 0);
    assert_eq!(u32_at(&built.bytes, 100), 0);
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert!(m.faces().is_empty() && m.vertices().is_empty());
    assert_eq!(m.shadow_faces().len(), 2);
    assert_eq!(m.shadow_vertices().len(), 3);
    assert_eq!(m.spheres().len(), 3);
    assert_eq!(m.boxes().len(), 2);
    assert_eq!(m.flags().bits(), 2 | 16);
}

// ---------------------------------------------------------------------------------------------
// lenient options

#[test]
fn stop_at_unknown_fourcc_with_junk_after_the_last_model() {
    let file = b::sample_file();
    for junk in [
        &b"JUNK"[..],
        b"\x01",
        b"\0\0\0\0\0\x09 tail",
        b"COLX and more",
    ] {
        let buf = b::concat(&[&file, junk]);
        let end = End {
            offset: file.len(),
            trailing_bytes: junk.len(),
            trailing_is_padding: false,
        };
        assert_eq!(
            gta::check(&buf, Options::LENIENT),
            Ok(Summary { models: 4, end })
        );
        let mut only = Options::STRICT;
        only.stop_at_unknown_fourcc = true;
        assert_eq!(gta::check(&buf, only), Ok(Summary { models: 4, end }));
        // Strict: an error at the junk (a bad FourCC, or non-zero padding past 4 zero bytes).
        let err = gta::check(&buf, Options::STRICT).unwrap_err();
        let first_non_zero = junk.iter().position(|&x| x != 0).unwrap();
        if first_non_zero < 4 {
            assert_eq!(err.offset(), file.len());
            assert!(
                matches!(err.kind(), ErrorKind::UnknownFourCc { .. }),
                "{err}"
            );
        } else {
            assert_eq!(err.offset(), file.len() + first_non_zero);
            assert_eq!(
                err.kind(),
                ErrorKind::NonZeroPadding {
                    found: junk[first_non_zero]
                }
            );
        }
    }
    // The game stops at the first unknown FourCC: a valid model after junk is not read.
    let junk_then_model = b::concat(&[&file, b"JUNK", &full(b"COLL", 1).bytes]);
    assert_eq!(
        gta::check(&junk_then_model, Options::LENIENT)
            .unwrap()
            .models,
        4
    );
    // ...but recover() finds it.
    let (items, _) = recovered(&junk_then_model, Options::STRICT);
    assert_eq!(items.len(), 6);
    assert_eq!(items[4].unwrap_err().len, 4);
    assert_eq!(items[5], Ok((file.len() + 4, full(b"COLL", 1).bytes.len())));
}

#[test]
fn allow_coll_slack() {
    let built = full(b"COLL", 11);
    let n = built.bytes.len();
    let mut slack = b::concat(&[&built.bytes, &[0xAB; 6]]);
    set_u32(&mut slack, 4, n as u32 - 8 + 6);
    let next = full(b"COL3", 12).bytes;
    let buf = b::concat(&[&slack, &next]);

    let err = gta::check(&buf, Options::STRICT).unwrap_err();
    assert_eq!(err.offset(), 4);
    assert_eq!(
        err.kind(),
        ErrorKind::SizeMismatch {
            parsed_len: n,
            size: n as u32 + 6 - 8
        }
    );
    let mut only = Options::STRICT;
    only.allow_coll_slack = true;
    for options in [only, Options::LENIENT] {
        let models: Vec<_> = gta::models(&buf, options).map(Result::unwrap).collect();
        assert_eq!(models.len(), 2);
        assert_eq!(models[0].len(), n + 6);
        assert_eq!(models[0].unparsed_tail(), 6);
        assert!(!models[0].is_truncated());
        assert_eq!(
            models[0].lints().collect::<Vec<_>>(),
            [Lint {
                offset: n,
                kind: LintKind::UnparsedTail { bytes: 6 }
            }]
        );
        assert_eq!(models[1].offset(), n + 6);
        assert_eq!(models[1].version(), Version::Col3);
    }
}

/// A size past the buffer's end only excuses the bytes that are missing: COLL sections that end
/// before the bytes that *are* there leave slack, which needs `allow_coll_slack` (and is
/// reported) like any other.
#[test]
fn size_past_end_does_not_hide_coll_slack() {
    let built = full(b"COLL", 13);
    let n = built.bytes.len();
    // The model, 10 bytes of junk, and a size 100 bytes past all of it.
    let mut buf = b::concat(&[&built.bytes, &[0x5A; 10]]);
    let size = n as u32 + 100 - 8;
    set_u32(&mut buf, 4, size);

    let mut only = Options::STRICT;
    only.allow_size_past_end = true;
    let err = Model::parse(&buf, only).unwrap_err();
    assert_eq!(err.offset(), 4);
    assert_eq!(
        err.kind(),
        ErrorKind::SizeMismatch {
            parsed_len: n,
            size
        }
    );

    let m = Model::parse(&buf, Options::LENIENT).unwrap();
    assert_eq!(m.len(), n + 10);
    assert!(m.is_truncated());
    assert_eq!(m.unparsed_tail(), 10);
    assert_eq!(
        m.lints().collect::<Vec<_>>(),
        [
            Lint {
                offset: 4,
                kind: LintKind::SizePastEnd {
                    declared_len: u64::from(size) + 8,
                    available: n + 10
                }
            },
            Lint {
                offset: n,
                kind: LintKind::UnparsedTail { bytes: 10 }
            },
        ]
    );

    // A whole model swallowed by a corrupt size is reported, not silently absorbed.
    let next = full(b"COL3", 14).bytes;
    let mut buf = b::concat(&[&built.bytes, &next]);
    set_u32(&mut buf, 4, 0x10_0000);
    assert_eq!(
        gta::check(&buf, only).unwrap_err().kind(),
        ErrorKind::SizeMismatch {
            parsed_len: n,
            size: 0x10_0000,
        }
    );
    let m = Model::parse(&buf, Options::LENIENT).unwrap();
    assert_eq!(m.unparsed_tail(), next.len());
}
