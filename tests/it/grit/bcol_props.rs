//! Property tests of the BCOL reader and writer, as seeded loops: random bytes
//! and mutations of written files (including files carrying Grit's converter
//! bugs) never panic through `Bcol::parse` (strict and repair); every accepted
//! file's iterators run to their stated counts with every index in range and
//! every material borrowed from the string table; its lints run to the end;
//! and it rewrites to a file that reads back to the same views.
//!
//! `ZEROCOL_PROP_SCALE=N` multiplies the number of cases; `ZEROCOL_PROP_SEED=N`
//! explores other ones. A failing case prints its seed, iteration and bytes.

use zerocol::grit::Shape;
use zerocol::grit::bcol::{self, Bcol, ErrorKind, HEADER_LEN, LintKind, MAGIC, Options};

use crate::support;
use crate::support::bcol::{
    Recipe, grit_box_bug, grit_hull_bug, parse_tcol, tcol_text, tcol_to_bcol, views_of_bcol,
};
use crate::support::bytes::u32_at;
use crate::support::rng::{Case, Rng, scale, seed};

#[track_caller]
fn inside(s: &str, table: &[u8]) {
    let r = table.as_ptr_range();
    let p = s.as_ptr();
    assert!(
        r.start <= p && p.wrapping_add(s.len()) < r.end,
        "material outside the string table"
    );
    // NUL-terminated where it lies.
    let at = p as usize - r.start as usize;
    assert_eq!(table[at + s.len()], 0);
    assert!(at == 0 || table[at - 1] == 0, "material inside a string");
}

/// Every view of an accepted file, to its end.
fn walk(file: &Bcol<'_>, bytes: &[u8], options: Options) {
    if !options.repair_material_offsets {
        assert_eq!(file.tolerated().count(), 0);
    }
    for r in file.tolerated() {
        let LintKind::GritMaterialOffsets { count, .. } = r.kind else {
            panic!("{r}: not a repair");
        };
        assert!(count > 0 && r.offset >= HEADER_LEN && r.offset < bytes.len());
        assert!(r.kind.is_tolerated());
        let _ = r.to_string();
    }
    // lints() lists the same first, and nothing else it lists is tolerated.
    let lints: Vec<_> = file.lints().collect();
    let tolerated: Vec<_> = file.tolerated().collect();
    assert_eq!(lints[..tolerated.len()], tolerated[..]);
    assert!(
        lints[tolerated.len()..]
            .iter()
            .all(|l| !l.kind.is_tolerated())
    );
    let table = file.string_table();
    assert_eq!(table.len(), bytes.len() - file.string_table_offset());
    let a = file.attributes();
    assert_eq!(a.is_static, a.mass == 0.0);
    let mut shapes = file.shapes();
    assert_eq!(shapes.len(), file.shape_count());
    let mut n = 0;
    for shape in shapes.by_ref() {
        n += 1;
        inside(shape.material(), table);
        if let Shape::Hull {
            vertices, shrink, ..
        } = shape
        {
            assert_eq!(shrink, 0.0);
            let stated = vertices.len();
            assert_eq!(vertices.count(), stated);
        }
    }
    assert_eq!(n, file.shape_count());
    assert_eq!(shapes.next(), None);
    for i in 0..file.hulls().len() + 1 {
        let _ = file.hull_vertices(i);
    }
    match file.trimesh() {
        Some(t) => {
            assert!(!file.trimesh_faces().is_empty());
            assert_eq!(t.vertices().count(), t.vertex_count());
            let mut faces = 0;
            for face in t.faces() {
                faces += 1;
                assert!(
                    face.indices
                        .iter()
                        .all(|&i| (i as usize) < t.vertex_count())
                );
                inside(face.material, table);
            }
            assert_eq!(faces, t.face_count());
        }
        None => assert!(file.trimesh_faces().is_empty()),
    }
    for lint in file.lints() {
        assert!(lint.offset < bytes.len(), "{lint}");
        let _ = lint.to_string();
    }
    let _ = format!("{file:?}");
    // Any accepted file rewrites to a correct file with the same views.
    let again = support::bcol::bcol_to_bcol(file);
    let reread = Bcol::parse(&again, Options::STRICT).expect("a rewrite reads back");
    let (a1, s1, t1) = views_of_bcol(file);
    let (a2, s2, t2) = views_of_bcol(&reread);
    assert_eq!((a1, s1, t1), (a2, s2, t2));
}

fn parse_both(name: &str, seed: u64, iteration: usize, bytes: &[u8]) -> usize {
    let _case = Case {
        name,
        seed,
        iteration,
        bytes,
    };
    let mut ok = 0;
    for options in [Options::STRICT, Options::LENIENT] {
        match Bcol::parse(bytes, options) {
            Ok(file) => {
                ok += 1;
                walk(&file, bytes, options);
            }
            Err(e) => {
                let _ = e.to_string();
                assert!(e.offset() <= bytes.len().max(HEADER_LEN), "{e}");
            }
        }
    }
    ok
}

/// A small valid file from the generator.
fn valid(rng: &mut Rng) -> Vec<u8> {
    let mut recipe = Recipe::random(rng);
    recipe.shapes = rng.below(6);
    if let Some(f) = recipe.trimesh.as_mut() {
        *f = 1 + rng.below(4);
    }
    let text = tcol_text(rng, recipe);
    tcol_to_bcol(&parse_tcol(text.as_bytes()))
}

#[test]
fn random_bytes_never_panic() {
    let base = seed(0xBC01_0001);
    let mut rng = Rng::new(base);
    for iteration in 0..3000 * scale() {
        let len = rng.below(400);
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.byte()).collect();
        if rng.below(4) != 0 {
            // Mostly past the magic, so the header and sections get read.
            let n = MAGIC.len().min(bytes.len());
            bytes[..n].copy_from_slice(&MAGIC[..n]);
        }
        if bytes.len() >= HEADER_LEN && rng.one_in(2) {
            // Small counts and offsets inside the file now and then.
            for field in (52..132).step_by(4) {
                if rng.one_in(2) {
                    let v = if field % 8 == 4 {
                        rng.below(3) as u32
                    } else {
                        rng.below(len + 1) as u32
                    };
                    bytes[field..field + 4].copy_from_slice(&v.to_le_bytes());
                }
            }
            bytes[100..104].fill(0);
        }
        parse_both("random", base, iteration, &bytes);
    }
}

/// One random change to a valid file.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    match rng.below(7) {
        0 => {
            let i = rng.below(bytes.len());
            bytes[i] ^= 1 << rng.below(8);
        }
        1 => {
            let i = rng.below(bytes.len());
            bytes[i] = rng.byte();
        }
        2 if bytes.len() >= 4 => {
            // A u32 field (4-aligned: every struct is a multiple of 4) set to an edge value.
            let i = rng.below(bytes.len() / 4) * 4;
            let len = bytes.len() as u32;
            let v = rng.pick(&[
                0,
                1,
                12,
                16,
                131,
                132,
                len - 1,
                len,
                len + 1,
                u32::MAX,
                1 << 31,
            ]);
            let v = v.wrapping_add(rng.below(3) as u32);
            bytes[i..i + 4].copy_from_slice(&v.to_le_bytes());
        }
        3 => {
            let n = rng.below(bytes.len() + 1);
            bytes.truncate(n);
        }
        4 => {
            let extra = rng.below(40);
            bytes.extend((0..extra).map(|_| rng.byte()));
        }
        5 => grit_hull_bug(bytes),
        _ => grit_box_bug(bytes),
    }
}

#[test]
fn mutations_of_written_files_never_panic() {
    let base = seed(0xBC01_0002);
    let mut rng = Rng::new(base);
    let mut accepted = 0;
    for iteration in 0..1500 * scale() {
        let mut bytes = valid(&mut rng);
        for _ in 0..1 + rng.below(3) {
            if bytes.is_empty() {
                break;
            }
            mutate(&mut rng, &mut bytes);
        }
        accepted += parse_both("mutation", base, iteration, &bytes);
    }
    // The mutations leave many files valid: the walk really runs.
    assert!(accepted > 300 * scale(), "{accepted}");
}

#[test]
fn files_with_grit_bugs_are_repaired_to_their_original_views() {
    let base = seed(0xBC01_0003);
    let mut rng = Rng::new(base);
    let (mut repaired, mut ambiguous) = (0, 0);
    for iteration in 0..600 * scale() {
        let good = valid(&mut rng);
        let original = Bcol::parse(&good, Options::STRICT).unwrap();
        let mut bad = good.clone();
        grit_hull_bug(&mut bad);
        grit_box_bug(&mut bad);
        let _case = Case {
            name: "grit bugs",
            seed: base,
            iteration,
            bytes: &bad,
        };
        let hulls = u32_at(&good, 52);
        if bad == good {
            // No hulls (the converter's offsets are right then), or one hull
            // whose vertex offset equals its own offset (the bug adds 0).
            assert!(hulls <= 1);
        } else {
            let file = Bcol::parse(&bad, Options::LENIENT).expect("repairable");
            if file.tolerated().count() == 0 {
                // The converter's offsets happen to name strings in the
                // canonical order as stored (each shifted box offset lands
                // on the next string): a valid file, read as stored.
                assert!(Bcol::parse(&bad, Options::STRICT).is_ok());
                ambiguous += 1;
            } else {
                assert_eq!(views_of_bcol(&file), views_of_bcol(&original));
                assert_eq!(support::bcol::bcol_to_bcol(&file), good);
                let e = Bcol::parse(&bad, Options::STRICT)
                    .expect_err("strict accepted a converter file");
                assert!(
                    matches!(e.kind(), ErrorKind::GritMaterialOffsets { .. }),
                    "{e}"
                );
                let first = file.tolerated().next().expect("a repair").offset;
                assert_eq!(e.offset(), first);
                repaired += 1;
            }
        }
        parse_both("grit bugs", base, iteration, &bad);
    }
    assert!(repaired > 50 * scale(), "{repaired}");
    assert!(ambiguous * 50 < repaired, "{ambiguous} of {repaired}");
}

#[test]
fn required_len_bounds_every_written_file() {
    let base = seed(0xBC01_0004);
    let mut rng = Rng::new(base);
    for _ in 0..300 * scale() {
        let recipe = Recipe::random(&mut rng);
        let text = tcol_text(&mut rng, recipe);
        let tcol = parse_tcol(text.as_bytes());
        let bound = bcol::required_len(&tcol.attributes(), tcol.shapes(), tcol.trimesh()).unwrap();
        let mut out = vec![0; bound + 8];
        let len = bcol::write(&tcol.attributes(), tcol.shapes(), tcol.trimesh(), &mut out).unwrap();
        assert!(len <= bound);
        // Every byte up to the length was written: the same with another fill.
        let mut other = vec![0xFF; bound];
        assert_eq!(
            bcol::write(
                &tcol.attributes(),
                tcol.shapes(),
                tcol.trimesh(),
                &mut other
            ),
            Ok(len)
        );
        assert_eq!(out[..len], other[..len]);
        // One byte short of the file is too small.
        assert!(
            bcol::write(
                &tcol.attributes(),
                tcol.shapes(),
                tcol.trimesh(),
                &mut out[..len - 1]
            )
            .is_err()
        );
    }
}
