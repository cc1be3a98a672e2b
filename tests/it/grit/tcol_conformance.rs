//! The engine's verdicts on the shared TCOL conformance files (copied to
//! `tests/fixtures/tcol/`, docs/formats/grit.md): every file is accepted or rejected as
//! `EXPECTED.tsv` says, at the line and column the engine reports where it gives
//! one, strict and lenient alike (except the old-dialect files lenient accepts).

use std::fs;

use zerocol::grit::{
    Keyword, LintKind,
    tcol::{ErrorKind, Expected, Options, Tcol, TokenKind},
};

use crate::support::tcol;

#[test]
fn every_file_is_listed_and_every_row_has_a_file() {
    let cases = tcol::verdicts();
    assert_eq!(cases.len(), 34);
    let mut on_disk: Vec<String> = fs::read_dir(tcol::dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".tcol"))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = cases.iter().map(|c| c.file.clone()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

#[test]
fn strict_verdicts_lines_and_columns_match_the_engine() {
    let mut failures = Vec::new();
    for case in tcol::verdicts() {
        let bytes = tcol::read(&case.file);
        let got = Tcol::parse(&bytes, Options::STRICT);
        match (case.accept, &got) {
            (true, Ok(tcol)) => assert_eq!(tcol.tolerated().len(), 0, "{}", case.file),
            (false, Err(e)) => {
                let at = (e.line(), e.column());
                match case.at {
                    Some(expected) if expected != at => failures.push(format!(
                        "{}: error at {at:?}, engine says {expected:?}: {e}",
                        case.file
                    )),
                    // No position given: the file start (bad header) or the token.
                    _ => {}
                }
            }
            (true, Err(e)) => failures.push(format!("{}: rejected: {e}", case.file)),
            (false, Ok(_)) => failures.push(format!("{}: accepted", case.file)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lenient_changes_only_the_old_dialect_files() {
    for case in tcol::verdicts() {
        let bytes = tcol::read(&case.file);
        let strict = Tcol::parse(&bytes, Options::STRICT);
        let lenient = Tcol::parse(&bytes, Options::LENIENT);
        match case.file.as_str() {
            "s06_old_hex_face_material.tcol" => {
                let t = lenient.unwrap();
                let tol = t
                    .tolerated()
                    .find(|l| matches!(l.kind, LintKind::HexFaceMaterial { .. }))
                    .unwrap();
                assert_eq!(
                    (tol.position.line, tol.position.column, tol.kind),
                    (3, 53, LintKind::HexFaceMaterial { count: 1 })
                );
                let face = t.trimesh().unwrap().faces().next().unwrap();
                assert_eq!((face.indices, face.material), ([0, 1, 2], "0x7"));
            }
            "s08_static_trimesh_with_margin.tcol" => {
                let t = lenient.unwrap();
                assert_eq!(t.trimesh().unwrap().margin, 0.1);
                let tol = t
                    .tolerated()
                    .find(|l| l.kind == LintKind::StaticTrimeshMargin)
                    .unwrap();
                assert_eq!((tol.position.line, tol.position.column), (3, 11));
            }
            "s23_no_attributes_block.tcol" => {
                let t = lenient.unwrap();
                assert!(t.attributes().is_static);
                let tol = t
                    .tolerated()
                    .find(|l| l.kind == LintKind::MissingAttributes)
                    .unwrap();
                assert_eq!((tol.position.line, tol.position.column), (2, 1));
            }
            _ => match (strict, lenient) {
                (Ok(_), Ok(l)) => assert_eq!(l.tolerated().len(), 0, "{}", case.file),
                (Err(s), Err(l)) => assert_eq!(s, l, "{}", case.file),
                (s, l) => panic!("{}: strict {s:?}, lenient {l:?}", case.file),
            },
        }
    }
}

fn error_of(file: &str) -> zerocol::grit::tcol::Error {
    let bytes = tcol::read(file);
    Tcol::parse(&bytes, Options::STRICT).unwrap_err()
}

fn unexpected(found: TokenKind, expected: Expected) -> ErrorKind {
    ErrorKind::Unexpected { found, expected }
}

#[test]
fn rejections_say_what_was_found_and_expected() {
    use Keyword as K;
    use TokenKind as T;
    let table = [
        (
            "s06_old_hex_face_material.tcol",
            unexpected(T::Hex, Expected::FaceMaterial),
        ),
        (
            "s07_friction_attribute.tcol",
            unexpected(T::Keyword(K::Friction), Expected::Attribute),
        ),
        (
            "s08_static_trimesh_with_margin.tcol",
            unexpected(T::Keyword(K::Margin), Expected::StaticTrimeshHead),
        ),
        (
            "s09_dynamic_trimesh_edge_threshold.tcol",
            unexpected(
                T::Keyword(K::EdgeDistanceThreshold),
                Expected::DynamicTrimeshHead,
            ),
        ),
        ("s10_mass_zero.tcol", ErrorKind::ZeroMass),
        ("s11_static_and_mass.tcol", ErrorKind::StaticWithMass),
        ("s13_leading_space.tcol", ErrorKind::BadHeader),
        (
            "s14_face_index_out_of_range.tcol",
            ErrorKind::IndexOutOfRange {
                index: Some(3),
                vertex_count: 3,
            },
        ),
        (
            "s15_negative_face_index.tcol",
            unexpected(T::Float, Expected::Natural),
        ),
        (
            "s19_nan_literal.tcol",
            unexpected(T::Unknown(b'n'), Expected::Number),
        ),
        (
            "s21_capsule.tcol",
            unexpected(T::Keyword(K::Capsule), Expected::Shape),
        ),
        (
            "s22_nested_compound.tcol",
            unexpected(T::Keyword(K::Compound), Expected::Shape),
        ),
        (
            "s23_no_attributes_block.tcol",
            unexpected(T::Keyword(K::Compound), Expected::Keyword(K::Attributes)),
        ),
        (
            "s24_sphere_margin.tcol",
            unexpected(T::Keyword(K::Margin), Expected::RightBrace),
        ),
        (
            "s25_plane_wrong_order.tcol",
            unexpected(T::Keyword(K::Distance), Expected::Keyword(K::Normal)),
        ),
        (
            "s26_shrink_after_vertexes.tcol",
            unexpected(T::Keyword(K::Shrink), Expected::SemicolonOrRightBrace),
        ),
        ("s27_leading_zero_number.tcol", ErrorKind::ZeroMass),
        (
            "s28_compound_then_garbage.tcol",
            unexpected(T::Keyword(K::Compound), Expected::TrimeshOrEndOfFile),
        ),
        (
            "s33_face_index_u32_wraparound.tcol",
            ErrorKind::IndexOutOfRange {
                index: Some(4_294_967_298),
                vertex_count: 3,
            },
        ),
        (
            "s34_face_index_int_overflow_negative.tcol",
            ErrorKind::IndexOutOfRange {
                index: Some(2_147_483_648),
                vertex_count: 3,
            },
        ),
    ];
    for (file, kind) in table {
        let e = error_of(file);
        assert_eq!(e.kind(), kind, "{file}: {e}");
        assert!(!e.to_string().is_empty());
    }
    // Positions the engine leaves blank: the header at 1:1, an index at its token.
    let e = error_of("s13_leading_space.tcol");
    assert_eq!((e.line(), e.column(), e.offset()), (1, 1, 0));
    let e = error_of("s33_face_index_u32_wraparound.tcol");
    assert_eq!((e.line(), e.column()), (3, 57));
    let e = error_of("s34_face_index_int_overflow_negative.tcol");
    assert_eq!((e.line(), e.column()), (3, 57));
    assert_eq!(
        e.to_string(),
        "line 3, column 57: expected the index of a vertex (below 3), found 2147483648"
    );
}
