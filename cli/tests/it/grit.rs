//! `zerocol` on Grit TCOL text and BCOL binary files, run as a process.
//!
//! The expected values are written here, by hand, from the files' text and docs/formats/grit.md
//! (defaults applied, shapes in file order); the BCOL files are assembled byte by byte with
//! `to_le_bytes` from docs/formats/grit.md alone, never through the library's writer.

use std::io::Write as _;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::support::bytes::{push_f32, push_f32s, push_u32, set_u32};
use crate::support::cli::{
    TempFile, ZEROCOL, assert_quiet_on_closed_pipe, code, dump_bytes, dump_ok, sample, stderr,
    stdout, unknown_format, verdicts, zerocol,
};
use crate::support::hostile::{Commands, never_panic};
use crate::support::rng::Rng;
use crate::support::tcol;

// ---------------------------------------------------------------------------------------------
// helpers

/// A conformance file's path, as an argument.
fn fixture(name: &str) -> String {
    tcol::path(name).to_str().unwrap().to_owned()
}

fn dump_text(text: &str, extra: &[&str]) -> Value {
    dump_bytes(text.as_bytes(), extra)
}

/// Fields docs/dump.md does not name that zerocol adds; any other extra key is an error.
const ADDITIONS: [&str; 2] = ["lints", "warnings"];

/// `actual` holds every field of `expected` with the same value and nothing more than
/// [`ADDITIONS`]. Numbers compare as the f32 they print (bit for bit, so `-0` is not `0`);
/// an integer expected where an integer is printed compares exactly.
fn assert_matches(actual: &Value, expected: &Value, at: &str) {
    match expected {
        Value::Object(fields) => {
            let object = actual
                .as_object()
                .unwrap_or_else(|| panic!("{at}: expected an object, found {actual}"));
            for (key, value) in fields {
                let found = object
                    .get(key)
                    .unwrap_or_else(|| panic!("{at}: missing {key:?} in {actual}"));
                assert_matches(found, value, &format!("{at}.{key}"));
            }
            for key in object.keys() {
                assert!(
                    fields.contains_key(key) || ADDITIONS.contains(&key.as_str()),
                    "{at}: unexpected field {key:?}"
                );
            }
        }
        Value::Array(items) => {
            let array = actual
                .as_array()
                .unwrap_or_else(|| panic!("{at}: expected an array, found {actual}"));
            assert_eq!(array.len(), items.len(), "{at}: length of {actual}");
            for (i, (a, e)) in array.iter().zip(items).enumerate() {
                assert_matches(a, e, &format!("{at}[{i}]"));
            }
        }
        Value::Number(n) => {
            if let (Some(e), Some(a)) = (n.as_u64(), actual.as_u64()) {
                assert_eq!(a, e, "{at}");
                return;
            }
            let a = actual
                .as_f64()
                .unwrap_or_else(|| panic!("{at}: expected a number, found {actual}"));
            let e = n.as_f64().unwrap();
            assert_eq!(
                (a as f32).to_bits(),
                (e as f32).to_bits(),
                "{at}: {a} is not {e} as f32"
            );
        }
        _ => assert_eq!(actual, expected, "{at}"),
    }
}

/// How serde_json prints an f32 field (shortest round-trip, always with a `.` or `e`).
fn json_f32(v: f32) -> String {
    serde_json::to_string(&v).unwrap()
}

/// The defaults of docs/formats/grit.md for a static body.
fn static_attributes() -> Value {
    json!({
        "static": true, "mass": 0.0, "inertia": null,
        "linear_damping": 0.5, "angular_damping": 0.5,
        "linear_sleep_threshold": 1.0, "angular_sleep_threshold": 0.8,
        "ccd_motion_threshold": 0.0, "ccd_swept_sphere_radius": 0.0
    })
}

/// The defaults of docs/formats/grit.md for a dynamic body of this mass.
fn dynamic_attributes(mass: f64) -> Value {
    let mut a = static_attributes();
    a["static"] = json!(false);
    a["mass"] = json!(mass);
    a
}

const IDENTITY: [f64; 4] = [1.0, 0.0, 0.0, 0.0];

/// The accepted conformance fixtures, from EXPECTED.tsv.
fn accepted_fixtures() -> Vec<String> {
    tcol::verdicts()
        .into_iter()
        .filter(|r| r.accept)
        .map(|r| r.file)
        .collect()
}

// ---------------------------------------------------------------------------------------------
// dump of TCOL: every field, defaults applied, file order

/// samples/body.tcol, value by value from its text.
fn body_sample_json() -> Value {
    json!({
        "format": "tcol",
        "attributes": {
            "static": false, "mass": 30.0, "inertia": [1.25, 1.5, 0.875],
            "linear_damping": 0.25, "angular_damping": 0.5,
            "linear_sleep_threshold": 1.0, "angular_sleep_threshold": 0.6,
            "ccd_motion_threshold": 0.0, "ccd_swept_sphere_radius": 0.0
        },
        "compound": [
            { "shape": "hull", "material": "../shared/Plastic", "margin": 0.04, "shrink": 0.0,
              "vertices": [[0.3, 0.3, 0.6], [-0.3, 0.3, 0.6], [0.3, -0.3, 0.6],
                           [-0.3, -0.3, 0.6], [0.0, 0.0, 1.2]] },
            { "shape": "box", "material": "/common/props/Wood", "margin": 0.04,
              "centre": [0.0, 0.0, 0.55], "orientation": [0.9659258, 0.0, 0.0, 0.258819],
              "dimensions": [1.2, 0.8, 0.1] },
            { "shape": "cylinder", "material": "Metal", "margin": 0.02,
              "centre": [0.0, 0.0, 0.25], "orientation": IDENTITY,
              "dimensions": [0.2, 0.2, 0.5] },
            { "shape": "sphere", "material": "Rubber", "centre": [0.0, 0.0, -0.05], "radius": 0.1 }
        ],
        "trimesh": null
    })
}

#[test]
fn dump_of_the_body_sample_gives_every_field() {
    let json = dump_ok(&[&sample("body.tcol")]);
    assert_matches(&json, &body_sample_json(), "body.tcol");
    assert_eq!(json["lints"], json!([]), "the sample has no lints");
    assert!(
        json.get("warnings").is_none(),
        "warnings only with --lenient"
    );
    // The sample is what real files look like: CRLF, comments, an exponent float.
    let text = std::fs::read(sample("body.tcol")).unwrap();
    assert!(text.starts_with(b"TCOL1.0\r\n"));
    let lf = text.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(text.windows(2).filter(|w| w == b"\r\n").count(), lf);
    assert!(text.windows(2).any(|w| w == b"//") && text.windows(2).any(|w| w == b"/*"));
}

#[test]
fn dump_is_pretty_printed_in_document_order() {
    let o = zerocol(&["dump", &sample("body.tcol")]);
    let out = stdout(&o);
    assert!(
        out.starts_with("{\n  \"format\": \"tcol\",\n  \"attributes\": {\n    \"static\": false,\n    \"mass\": 30.0,\n"),
        "{out}"
    );
    let order = [
        "\"format\"",
        "\"attributes\"",
        "\"compound\"",
        "\"trimesh\"",
    ];
    let at: Vec<usize> = order.iter().map(|k| out.find(k).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{out}");
    // Inside a shape, "shape" comes first.
    assert!(
        out.contains("{\n      \"shape\": \"box\",\n      \"material\": "),
        "{out}"
    );
    assert!(out.ends_with("}\n"));
}

/// Every shape kind, out of the usual order, with CRLF, exponent floats in every form,
/// relative and absolute materials, tabs, comments and a static trimesh.
const EVERY_SHAPE: &str = "TCOL1.0\r\n\
// written by hand\r\n\
attributes {\r\n\tstatic;\r\n\tlinear_damping 2.5E-1;\r\n\tccd_motion_threshold 1e+1;\r\n\
\tccd_swept_sphere_radius 5e-2;\r\n\tangular_damping 0;\r\n}\r\n\
compound {\r\n\
\tplane { material \"/common/pmat/Stone\"; normal 0 0 1; distance -1.5e0; }\r\n\
\tcone { material \"Grass\"; height 2; radius .5; centre 1 2 3; orientation 0.6 0.8 0 0; }\r\n\
\thull { margin 0.01; material \"../rock/Rock\"; shrink 0.002; vertexes { -3.39536e-005 0 0; 1 0 0; 0 1 0; 0 0 1E2; } }\r\n\
\tsphere { material \"Metal\"; centre 1.5 -2 +3; radius 7.5e-1 }\r\n\
\tbox { material \"a/b\"; centre 0 0 0; dimensions 1 2 3; }\r\n\
\tcylinder { dimensions 2 2 4; material \"c\"; centre -0 0 0; margin 0; orientation 1 0 0 0; }\r\n\
}\r\n\
trimesh {\r\n\tedge_distance_threshold 2e-3;\r\n\
\tvertexes { 0 0 0; 10 0 0; 0 10 0; 10 10 1.5e-1; }\r\n\
\tfaces { 0 1 2 \"/common/pmat/Stone\"; 2 1 3 \"Mud\"; }\r\n}\r\n";

#[test]
fn dump_of_every_shape_kind_keeps_file_order_and_exact_values() {
    let json = dump_text(EVERY_SHAPE, &[]);
    let mut attributes = static_attributes();
    attributes["linear_damping"] = json!(0.25);
    attributes["angular_damping"] = json!(0.0);
    attributes["ccd_motion_threshold"] = json!(10.0);
    attributes["ccd_swept_sphere_radius"] = json!(0.05);
    let expected = json!({
        "format": "tcol",
        "attributes": attributes,
        "compound": [
            { "shape": "plane", "material": "/common/pmat/Stone", "normal": [0.0, 0.0, 1.0],
              "distance": -1.5 },
            { "shape": "cone", "material": "Grass", "margin": 0.04, "centre": [1.0, 2.0, 3.0],
              "orientation": [0.6, 0.8, 0.0, 0.0], "radius": 0.5, "height": 2.0 },
            { "shape": "hull", "material": "../rock/Rock", "margin": 0.01, "shrink": 0.002,
              "vertices": [[-3.39536e-5, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0],
                           [0.0, 0.0, 100.0]] },
            { "shape": "sphere", "material": "Metal", "centre": [1.5, -2.0, 3.0], "radius": 0.75 },
            { "shape": "box", "material": "a/b", "margin": 0.04, "centre": [0.0, 0.0, 0.0],
              "orientation": IDENTITY, "dimensions": [1.0, 2.0, 3.0] },
            { "shape": "cylinder", "material": "c", "margin": 0.0, "centre": [-0.0, 0.0, 0.0],
              "orientation": IDENTITY, "dimensions": [2.0, 2.0, 4.0] }
        ],
        "trimesh": {
            "margin": 0.0, "edge_distance_threshold": 0.002,
            "vertices": [[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 10.0, 0.0], [10.0, 10.0, 0.15]],
            "faces": [ { "indices": [0, 1, 2], "material": "/common/pmat/Stone" },
                       { "indices": [2, 1, 3], "material": "Mud" } ]
        }
    });
    assert_matches(&json, &expected, "every shape");
    assert_eq!(json["lints"], json!([]));
    // The same file with LF line ends reads the same.
    let lf = dump_text(&EVERY_SHAPE.replace("\r\n", "\n"), &[]);
    assert_eq!(lf, json);
    // Face indices are JSON integers.
    assert!(json["trimesh"]["faces"][1]["indices"][2].is_u64());
}

#[test]
fn dump_of_a_dynamic_trimesh_prints_the_default_edge_distance_threshold() {
    let json = dump_text(
        "TCOL1.0 attributes { mass 12.5; inertia 1 2 3; } \
         trimesh { margin 0.25; vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"m\"; } }",
        &[],
    );
    let mut attributes = dynamic_attributes(12.5);
    attributes["inertia"] = json!([1.0, 2.0, 3.0]);
    let expected = json!({
        "format": "tcol", "attributes": attributes, "compound": [],
        "trimesh": { "margin": 0.25, "edge_distance_threshold": 0.001,
                     "vertices": [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
                     "faces": [ { "indices": [0, 1, 2], "material": "m" } ] }
    });
    assert_matches(&json, &expected, "dynamic trimesh");
    // The engine ignores it: a lint.
    let lints = json["lints"].as_array().unwrap();
    assert_eq!(lints.len(), 1, "{lints:?}");
    assert!(
        lints[0]
            .as_str()
            .unwrap()
            .contains("trimesh in a dynamic body"),
        "{lints:?}"
    );
    // Without a margin, the default 0.04.
    let json = dump_text(
        "TCOL1.0 attributes { mass 1; } compound { } \
         trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"m\"; } }",
        &[],
    );
    assert_matches(&json["trimesh"]["margin"], &json!(0.04), "margin");
    assert_matches(
        &json["trimesh"]["edge_distance_threshold"],
        &json!(0.001),
        "edt",
    );
}

#[test]
fn compound_is_an_empty_array_whether_empty_or_absent() {
    let expected = json!({ "format": "tcol", "attributes": static_attributes(),
                           "compound": [], "trimesh": null });
    let empty = dump_ok(&[&fixture("s17_empty_compound_only.tcol")]);
    assert_matches(&empty, &expected, "s17");
    let absent = dump_ok(&[&fixture(
        "s32_missing_trailing_newline_eof_after_brace.tcol",
    )]);
    assert_eq!(absent["compound"], json!([]));
    assert_matches(
        &absent["trimesh"],
        &json!({ "margin": 0.0, "edge_distance_threshold": 0.001,
                 "vertices": [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
                 "faces": [ { "indices": [0, 1, 2], "material": "" } ] }),
        "s32",
    );
}

#[test]
fn dump_of_conformance_fixtures_gives_the_written_values() {
    let cases: Vec<(&str, Value)> = vec![
        (
            "s01_plane_no_final_semi.tcol",
            json!([{ "shape": "plane", "material": "/common/pmat/Stone",
                     "normal": [0.0, 0.0, 1.0], "distance": 0.0 }]),
        ),
        (
            "s03_synonyms_center_vertices.tcol",
            json!([
                { "shape": "hull", "material": "m", "margin": 0.04, "shrink": 0.0,
                  "vertices": [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] },
                { "shape": "box", "material": "m", "margin": 0.04, "centre": [0.0, 0.0, 0.0],
                  "orientation": IDENTITY, "dimensions": [1.0, 1.0, 1.0] }
            ]),
        ),
        (
            // `1.2.3 4` is 1.2, .3 and 4.
            "s05_double_dot_number.tcol",
            json!([{ "shape": "hull", "material": "m", "margin": 0.04, "shrink": 0.0,
                     "vertices": [[1.2, 0.3, 4.0], [0.0, 0.0, 0.0], [1.0, 1.0, 1.0],
                                  [0.0, 1.0, 0.0]] }]),
        ),
        (
            // A repeated box property: the last one wins.
            "s16_duplicate_box_props.tcol",
            json!([{ "shape": "box", "material": "b", "margin": 0.2, "centre": [1.0, 1.0, 1.0],
                     "orientation": IDENTITY, "dimensions": [1.0, 1.0, 1.0] }]),
        ),
        (
            // A string spans lines, CR LF kept.
            "s20_string_with_newline_and_crlf.tcol",
            json!([{ "shape": "sphere", "material": "a\r\nb", "centre": [0.0, 0.0, 0.0],
                     "radius": 1.0 }]),
        ),
        (
            "s29_exponent_forms.tcol",
            json!([{ "shape": "sphere", "material": "m", "centre": [-3.39536e-5, 1.0, -0.0],
                     "radius": 1.0 }]),
        ),
        (
            "s31_cylinder_unequal_xy.tcol",
            json!([{ "shape": "cylinder", "material": "m", "margin": 0.04,
                     "centre": [0.0, 0.0, 0.0], "orientation": [2.0, 0.0, 0.0, 0.0],
                     "dimensions": [0.5, 2.0, 3.0] }]),
        ),
    ];
    for (file, compound) in cases {
        let json = dump_ok(&[&fixture(file)]);
        assert_matches(&json["compound"], &compound, file);
    }
    let s29 = dump_ok(&[&fixture("s29_exponent_forms.tcol")]);
    let mut attributes = dynamic_attributes(100.0);
    attributes["linear_damping"] = json!(0.5);
    attributes["angular_damping"] = json!(5.0);
    assert_matches(&s29["attributes"], &attributes, "s29");
    let s18 = dump_ok(&[&fixture("s18_negative_radius_and_sleep.tcol")]);
    let mut attributes = dynamic_attributes(1.0);
    attributes["linear_sleep_threshold"] = json!(-1.0);
    attributes["inertia"] = json!([-1.0, -2.0, -3.0]);
    assert_matches(&s18["attributes"], &attributes, "s18");
    // The engine does not range-check a radius or a cylinder's x and y: lints.
    assert_eq!(
        s18["lints"].as_array().unwrap().len(),
        1,
        "{}",
        s18["lints"]
    );
    let s31 = dump_ok(&[&fixture("s31_cylinder_unequal_xy.tcol")]);
    let lints: Vec<&str> = s31["lints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        lints
            .iter()
            .any(|l| l.contains("x and y dimensions differ")),
        "{lints:?}"
    );
    assert!(
        lints
            .iter()
            .all(|l| l.starts_with("line 3, column 12, shape 0: ")),
        "{lints:?}"
    );
}

#[test]
fn every_accepted_fixture_dumps_and_checks() {
    for file in accepted_fixtures() {
        let json = dump_ok(&[&fixture(&file)]);
        assert_eq!(json["format"], "tcol", "{file}");
        let o = zerocol(&["check", &fixture(&file)]);
        assert_eq!(code(&o), 0, "{file}: {}", stderr(&o));
        assert!(
            stdout(&o).starts_with(&format!("{}: ok (tcol: ", fixture(&file))),
            "{}",
            stdout(&o)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// malformed TCOL: exit 1, line and column

/// The library's tests (tests/it/grit/tcol_conformance.rs, tcol_parse.rs) check every malformed
/// fixture's line and column and every error's text; here one fixture shows how an error reaches
/// the user: `zerocol: FILE: ` (dump, info) or `FILE: error: ` (check) before the library's
/// `Display`, on stderr, exit 1; `info` prints its first line before it.
#[test]
fn malformed_fixtures_fail_at_the_engines_line_and_column() {
    let path = fixture("s14_face_index_out_of_range.tcol");
    let bytes = std::fs::read(&path).unwrap();
    let error = zerocol::grit::tcol::Tcol::parse(&bytes, zerocol::grit::tcol::Options::STRICT)
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("line 3, column 57: "), "{error}");
    let o = zerocol(&["dump", &path]);
    assert_eq!(code(&o), 1);
    assert_eq!(o.stdout, b"");
    assert_eq!(stderr(&o), format!("zerocol: {path}: {error}\n"));
    let check = zerocol(&["check", &path]);
    assert_eq!(code(&check), 1);
    assert_eq!(verdicts(&stdout(&check)), "");
    assert_eq!(stderr(&check), format!("{path}: error: {error}\n"));
    let info = zerocol(&["info", &path]);
    assert_eq!(code(&info), 1);
    assert!(
        stdout(&info).starts_with(&format!("{path}: tcol, ")),
        "{}",
        stdout(&info)
    );
    assert_eq!(stdout(&info).lines().count(), 1, "{}", stdout(&info));
    assert_eq!(stderr(&info), stderr(&o));
    // Text with a space before `TCOL1.0` is no TCOL: the CLI says why.
    let err = stderr(&zerocol(&["dump", &fixture("s13_leading_space.tcol")]));
    assert!(
        err.contains("unknown format (TCOL text must start with `TCOL1.0` at its first byte"),
        "{err}"
    );
}

#[test]
fn format_tcol_forces_the_reader_which_wants_the_header_at_1_1() {
    let gta = sample("sample.col");
    let o = zerocol(&["dump", "--format", "tcol", &gta]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {gta}: line 1, column 1: expected the file to start with `TCOL1.0` \
             (this looks like a GTA COLL collision library, not Grit TCOL text; drop --format or use --format gta-col)\n"
        )
    );
    // Forced on a leading-space file: the engine's 1:1.
    let o = zerocol(&[
        "check",
        "--format",
        "tcol",
        &fixture("s13_leading_space.tcol"),
    ]);
    assert!(
        stderr(&o).contains(": error: line 1, column 1: expected the file to start"),
        "{}",
        stderr(&o)
    );
    // And forcing it on TCOL text changes nothing.
    let json = dump_ok(&["--format", "tcol", &sample("body.tcol")]);
    assert_matches(&json, &body_sample_json(), "forced");
}

// ---------------------------------------------------------------------------------------------
// --lenient: the old dialect, reported in "warnings"

#[test]
fn lenient_reads_the_old_dialect_and_reports_it() {
    // Strict reading refuses each, and its one message names `--lenient` (the tool
    // adds it after the library's text).
    for (file, message) in [
        (
            "s23_no_attributes_block.tcol",
            "line 2, column 1: expected `attributes`, found `compound` (the 2009 format \
             description allows this, as a static body; Grit's parser rejects it)",
        ),
        (
            "s06_old_hex_face_material.tcol",
            "line 3, column 59: expected a quoted string (the face's material), found a hex flag \
             (the 2009 format description and Grit's early parser have hex face flags, as the material name; its parser today rejects them)",
        ),
        (
            "s08_static_trimesh_with_margin.tcol",
            "line 3, column 11: expected `edge_distance_threshold` or `vertexes` (a static \
             body's trimesh has no margin), found `margin` (the 2009 format description allows this, Grit's parser rejects it)",
        ),
    ] {
        let path = fixture(file);
        let o = zerocol(&["dump", &path]);
        assert_eq!(code(&o), 1, "{file}: strict refuses it");
        assert_eq!(
            stderr(&o),
            format!(
                "zerocol: {path}: {message}; --lenient reads it ({})\n",
                lenient_summary(&path)
            )
        );
    }
    let json = dump_ok(&["--lenient", &fixture("s23_no_attributes_block.tcol")]);
    assert_matches(&json["attributes"], &static_attributes(), "s23");
    let warnings = json["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .starts_with("line 2, column 1: no attributes block"),
        "{warnings:?}"
    );
    let json = dump_ok(&["--lenient", &fixture("s06_old_hex_face_material.tcol")]);
    let warnings = json["warnings"].as_array().unwrap();
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .starts_with("line 3, column 53: hex face flags"),
        "{warnings:?}"
    );
    assert_eq!(json["trimesh"]["faces"][0]["material"], "0x7");
    // check and info accept it too; info lists what was tolerated.
    let o = zerocol(&[
        "check",
        "--lenient",
        &fixture("s06_old_hex_face_material.tcol"),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = zerocol(&[
        "info",
        "--lenient",
        &fixture("s23_no_attributes_block.tcol"),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains("\n  tolerated: 1\n  tolerated: line 2, column 1: no attributes block"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn lenient_without_anything_to_report_has_empty_warnings() {
    let json = dump_ok(&["--lenient", &sample("body.tcol")]);
    assert_eq!(json["warnings"], json!([]));
    let mut strict = json.clone();
    strict.as_object_mut().unwrap().remove("warnings");
    assert_eq!(strict, dump_ok(&[&sample("body.tcol")]));
}

// ---------------------------------------------------------------------------------------------
// info

#[test]
fn info_of_the_sample_lists_attributes_shapes_materials_and_no_lints() {
    let path = sample("body.tcol");
    let o = zerocol(&["info", &path]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let expected = [
        format!("{path}: tcol, 901 bytes (strict)"),
        "  text: 44 lines, CRLF line ends".to_owned(),
        "  body: dynamic, mass 30, 4 shapes, no trimesh".to_owned(),
        "  inertia: [1.25, 1.5, 0.875]".to_owned(),
        "  damping: linear 0.25, angular 0.5; sleep thresholds: linear 1.0, angular 0.6".to_owned(),
        "  ccd: motion threshold 0.0, swept sphere radius 0.0".to_owned(),
        "  compound: 4 shapes (1 hull, 1 box, 1 cylinder, 1 sphere)".to_owned(),
        "  shape 0: hull, material \"../shared/Plastic\", margin 0.04, shrink 0.0, 5 vertices; bounds min [-0.3, -0.3, 0.6], max [0.3, 0.3, 1.2]".to_owned(),
        "  shape 1: box, material \"/common/props/Wood\", margin 0.04, centre [0.0, 0.0, 0.55], orientation [0.9659258, 0.0, 0.0, 0.258819] (w x y z), dimensions [1.2, 0.8, 0.1]".to_owned(),
        "  shape 2: cylinder, material \"Metal\", margin 0.02, centre [0.0, 0.0, 0.25], orientation [1.0, 0.0, 0.0, 0.0] (w x y z), dimensions [0.2, 0.2, 0.5] (radius 0.1, height 0.5 along local Z)".to_owned(),
        "  shape 3: sphere, material \"Rubber\", centre [0.0, 0.0, -0.05], radius 0.1".to_owned(),
        "  trimesh: none".to_owned(),
        "  materials: 4".to_owned(),
        "  material \"../shared/Plastic\": 1 shape, relative to the file's directory".to_owned(),
        "  material \"/common/props/Wood\": 1 shape".to_owned(),
        "  material \"Metal\": 1 shape, relative to the file's directory".to_owned(),
        "  material \"Rubber\": 1 shape, relative to the file's directory".to_owned(),
        "  lints: none".to_owned(),
    ];
    assert_eq!(out, expected.join("\n") + "\n");
}

#[test]
fn info_of_a_trimesh_gives_counts_bounds_material_uses_and_lints() {
    let text = "TCOL1.0\nattributes { static; }\ncompound { sphere { material \"Mud\"; centre 0 0 0; radius 0; } }\n\
        trimesh { vertexes { 0 0 0; 4 0 0; 0 4 -1; 4 4 2; 9 9 9; }\n\
        faces { 0 1 2 \"Mud\"; 2 1 3 \"/common/Stone\"; 1 2 0 \"Mud\"; } }\n";
    let file = TempFile::new("mesh.tcol", text.as_bytes());
    let o = zerocol(&["info", file.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    for line in [
        "  text: 5 lines, LF line ends",
        "  body: static, 1 shape, trimesh of 5 vertices and 3 faces",
        "  trimesh: 5 vertices, 3 faces, margin 0.0, edge distance threshold 0.001",
        "  trimesh bounds: min [0.0, 0.0, -1.0], max [9.0, 9.0, 9.0]",
        "  materials: 2",
        "  material \"/common/Stone\": 1 face",
        "  material \"Mud\": 1 shape, 2 faces, relative to the file's directory",
        "  lints: 3",
        "  warning: line 3, column 12, shape 0: sphere radius is 0, not above 0: the engine \
         hands it to Bullet unchecked, and what Bullet then does is not documented; give a size \
         above 0",
        "  warning: line 5, column 45: face 2 has the same vertices as face 0: the engine loads \
         both, and the copy adds nothing to collide with; remove it",
        "  warning: line 4, column 51: vertex 4 is used by no face: the engine loads it and never \
         uses it; remove it",
    ] {
        assert!(
            out.contains(&format!("{line}\n")),
            "missing {line:?} in\n{out}"
        );
    }
    let check = zerocol(&["check", file.path()]);
    assert_eq!(
        verdicts(&stdout(&check)),
        format!(
            "{}: ok (tcol: static, 1 shape, trimesh of 5 vertices and 3 faces)\n",
            file.path()
        )
    );
}

#[test]
fn info_without_a_file_names_every_sample_and_ends_with_the_tcol_body() {
    let o = zerocol(&["info"]);
    assert_eq!(code(&o), 0, "stderr: {}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    let heads: Vec<usize> = [
        "(embedded sample): gta-col, ",
        "\n\n(embedded course sample): mkgp-col, ",
        "\n\n(embedded DRS sample): collision-shape, ",
        "\n\n(embedded TCOL sample): tcol, ",
    ]
    .iter()
    .map(|head| {
        out.find(head)
            .unwrap_or_else(|| panic!("{head:?} in\n{out}"))
    })
    .collect();
    assert_eq!(heads[0], 0);
    assert!(heads.windows(2).all(|w| w[0] < w[1]), "{out}");
    // The embedded body is samples/body.tcol: the same summary as reading it.
    let body = &out[heads[3] + 2..];
    let from_file = stdout(&zerocol(&["info", &sample("body.tcol")]));
    assert_eq!(
        body.replace("(embedded TCOL sample)", &sample("body.tcol")),
        from_file
    );
    assert!(body.contains("\n  lints: none\n"), "{body}");
    // `--format tcol` picks it alone; there is no BCOL sample.
    assert_eq!(stdout(&zerocol(&["info", "--format", "tcol"])), body);
    let o = zerocol(&["info", "--format", "bcol"]);
    assert_eq!(code(&o), 2);
    assert_eq!(o.stdout, b"");
    assert!(
        stderr(&o).contains("no embedded bcol sample"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        verdicts(&stdout(&zerocol(&["check", &sample("body.tcol")]))),
        format!(
            "{}: ok (tcol: dynamic, mass 30, 4 shapes, no trimesh)\n",
            sample("body.tcol")
        )
    );
}

// ---------------------------------------------------------------------------------------------
// check on a mix of formats; sniffing by the first bytes only

#[test]
fn check_gives_tcol_verdicts_among_the_other_formats() {
    let gcol = TempFile::new("text.gcol", &std::fs::read(sample("body.tcol")).unwrap());
    let bad = TempFile::new("bad.tcol", b"TCOL1.0\nattributes { mass 0; }\n");
    let (gta, course, drs, body) = (
        sample("sample.col"),
        sample("course.col"),
        sample("collision.drs"),
        sample("body.tcol"),
    );
    let o = zerocol(&["check", &gta, &body, bad.path(), &course, gcol.path(), &drs]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let out = verdicts(&stdout(&o)).to_owned();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], format!("{gta}: ok (4 models, 0 trailing bytes)"));
    assert_eq!(
        lines[1],
        format!("{body}: ok (tcol: dynamic, mass 30, 4 shapes, no trimesh)")
    );
    assert!(lines[2].starts_with(&format!("{course}: ok (")), "{out}");
    assert_eq!(
        lines[3],
        format!(
            "{}: ok (tcol: dynamic, mass 30, 4 shapes, no trimesh)",
            gcol.path()
        )
    );
    assert!(
        lines[4].starts_with(&format!("{drs}: ok (collisionShape: ")),
        "{out}"
    );
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: line 2, column 19: expected a mass above 0, found 0 (a body that does not move is `static`)\n",
            bad.path()
        )
    );
}

#[test]
fn stdin_is_read_for_a_dash() {
    let mut child = Command::new(ZEROCOL)
        .args(["dump", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(sample("body.tcol")).unwrap())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let json: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_matches(&json, &body_sample_json(), "stdin");
}

// ---------------------------------------------------------------------------------------------
// a real-sized terrain: ~1 MB, CRLF, exponent floats

/// A static terrain like the largest real file (8,333 vertices, 15,791 faces, about
/// 1 MB): a height field of `n × n` vertices, two faces per cell, CRLF, heights written
/// with exponents, three materials.
/// A terrain's text, its vertices and its faces.
type Terrain = (String, Vec<[f32; 3]>, Vec<([u32; 3], &'static str)>);

fn terrain(n: u32) -> Terrain {
    let materials = [
        "/common/pmat/TerrainGrass",
        "TerrainMud",
        "../rock/pmat/Rock",
    ];
    let mut vertices = Vec::new();
    let mut text = String::from(
        "TCOL1.0\r\n\r\n// terrain\r\nattributes {\r\n\tstatic;\r\n}\r\n\r\ntrimesh {\r\n\tvertexes {\r\n",
    );
    for y in 0..n {
        for x in 0..n {
            let h = ((x * 7 + y * 13) % 101) as f32 * 1.25e-3 - 2.0e-2;
            let v = [x as f32 * 2.53125 - 100.0, y as f32 * 2.53125 - 100.0, h];
            text.push_str(&format!("\t\t{:?} {:?} {:e};\r\n", v[0], v[1], v[2]));
            vertices.push(v);
        }
    }
    text.push_str("\t}\r\n\tfaces {\r\n");
    let mut faces = Vec::new();
    for y in 0..n - 1 {
        for x in 0..n - 1 {
            let i = y * n + x;
            let m = materials[((x / 8 + y / 8) % 3) as usize];
            for f in [[i, i + 1, i + n], [i + 1, i + n + 1, i + n]] {
                text.push_str(&format!("\t\t{} {} {} \"{m}\";\r\n", f[0], f[1], f[2]));
                faces.push((f, m));
            }
        }
    }
    text.push_str("\t}\r\n}\r\n");
    (text, vertices, faces)
}

#[test]
fn a_one_megabyte_crlf_terrain_checks_and_dumps() {
    let (text, vertices, faces) = terrain(96);
    assert!(text.len() > 950_000, "{}", text.len());
    let file = TempFile::new("terrain.tcol", text.as_bytes());
    let o = zerocol(&["check", file.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        verdicts(&stdout(&o)),
        format!(
            "{}: ok (tcol: static, 0 shapes, trimesh of 9216 vertices and 18050 faces)\n",
            file.path()
        )
    );
    let json = dump_ok(&[file.path()]);
    let mesh = &json["trimesh"];
    let got = mesh["vertices"].as_array().unwrap();
    assert_eq!(got.len(), vertices.len());
    for (i, (g, v)) in got.iter().zip(&vertices).enumerate() {
        let g: Vec<f32> = g
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_f64().unwrap() as f32)
            .collect();
        // The text holds `{:e}` of the f32: it reads back to the same f32.
        assert_eq!(g, v.to_vec(), "vertex {i}");
    }
    let got = mesh["faces"].as_array().unwrap();
    assert_eq!(got.len(), faces.len());
    for (i, (g, (indices, material))) in got.iter().zip(&faces).enumerate() {
        assert_eq!(g["indices"], json!(indices), "face {i}");
        assert_eq!(g["material"], *material, "face {i}");
    }
    assert_eq!(json["lints"], json!([]));
    let top = vertices.iter().map(|v| v[2]).fold(f32::MIN, f32::max);
    let info = stdout(&zerocol(&["info", file.path()]));
    assert!(info.contains("  text: "), "{info}");
    assert!(info.contains(", CRLF line ends\n"), "{info}");
    assert!(
        info.contains(&format!(
            "  trimesh bounds: min [-100.0, -100.0, -0.02], max [140.46875, 140.46875, {top:?}]\n"
        )),
        "{info}"
    );
}

// ---------------------------------------------------------------------------------------------
// BCOL, assembled byte by byte from docs/formats/grit.md (not through the library's writer)

/// The values the BCOL files are filled with, drawn from the shared [`Rng`].
trait Fields {
    /// Any f32: mostly ordinary values, also arbitrary bit patterns (NaNs with any payload
    /// among them), signed zeros, extremes and, rarely, NaN and infinities.
    fn f32(&mut self) -> f32;
    fn v3(&mut self) -> [f32; 3];
    fn v4(&mut self) -> [f32; 4];
    fn material(&mut self) -> &'static str;
}

impl Fields for Rng {
    fn f32(&mut self) -> f32 {
        match self.below(16) {
            0..=2 => f32::from_bits(self.u32()),
            3 => self.pick(&[
                0.0,
                -0.0,
                f32::MIN_POSITIVE,
                f32::from_bits(1),
                f32::MAX,
                f32::MIN,
                0.1,
            ]),
            4 => self.pick(&[f32::NAN, f32::INFINITY, f32::NEG_INFINITY]),
            5..=7 => (self.below(4001) as f32 - 2000.0) / 8.0,
            _ => (self.u32() as f32 / u32::MAX as f32 - 0.5) * 4096.0,
        }
    }

    fn v3(&mut self) -> [f32; 3] {
        [self.f32(), self.f32(), self.f32()]
    }

    fn v4(&mut self) -> [f32; 4] {
        [self.f32(), self.f32(), self.f32(), self.f32()]
    }

    fn material(&mut self) -> &'static str {
        self.pick(&[
            "/common/pmat/Stone",
            "Grass",
            "../rock/Rock",
            "",
            "with space",
            "Gravière",
            "a\r\nb",
        ])
    }
}

const BCOL_HEADER: usize = 132;
const HULL: usize = 16;
const BOX: usize = 48;
const CONE: usize = 44;
const PLANE: usize = 20;
const SPHERE: usize = 20;
const VERTEX: usize = 12;
const FACE: usize = 16;

#[derive(Clone, Debug)]
struct HullV {
    material: &'static str,
    margin: f32,
    vertices: Vec<[f32; 3]>,
}

/// A box or a cylinder.
#[derive(Clone, Debug)]
struct BoxV {
    material: &'static str,
    margin: f32,
    centre: [f32; 3],
    dimensions: [f32; 3],
    orientation: [f32; 4],
}

#[derive(Clone, Debug)]
struct ConeV {
    material: &'static str,
    margin: f32,
    centre: [f32; 3],
    radius: f32,
    height: f32,
    orientation: [f32; 4],
}

#[derive(Clone, Debug)]
struct PlaneV {
    material: &'static str,
    normal: [f32; 3],
    distance: f32,
}

#[derive(Clone, Debug)]
struct SphereV {
    material: &'static str,
    centre: [f32; 3],
    radius: f32,
}

/// Every value of a BCOL file.
#[derive(Clone, Debug)]
struct BcolV {
    mass: f32,
    inertia_provided: u32,
    inertia: [f32; 3],
    /// Linear and angular damping, linear and angular sleep thresholds, CCD motion
    /// threshold and swept sphere radius.
    tuning: [f32; 6],
    hulls: Vec<HullV>,
    boxes: Vec<BoxV>,
    cylinders: Vec<BoxV>,
    cones: Vec<ConeV>,
    planes: Vec<PlaneV>,
    spheres: Vec<SphereV>,
    trimesh_margin: f32,
    edge_distance_threshold: f32,
    vertices: Vec<[f32; 3]>,
    faces: Vec<([u32; 3], &'static str)>,
    /// Material offsets as Grit's own converter writes them: hulls relative to their
    /// vertex offset, boxes 16 bytes per hull too far.
    grit_offsets: bool,
}

/// Where the records go.
#[derive(Debug)]
struct BcolLayout {
    hulls: usize,
    boxes: usize,
    cylinders: usize,
    cones: usize,
    planes: usize,
    spheres: usize,
    hull_vertices: usize,
    vertices: usize,
    faces: usize,
    table: usize,
    len: usize,
}

impl BcolV {
    /// A small dynamic body with every kind of shape, a trimesh and shared materials.
    fn every_kind() -> Self {
        BcolV {
            mass: 30.0,
            inertia_provided: 1,
            inertia: [1.25, 1.5, 0.875],
            tuning: [0.25, 0.5, 1.0, 0.6, 0.0, 0.05],
            hulls: vec![
                HullV {
                    material: "../shared/Plastic",
                    margin: 0.04,
                    vertices: vec![[0.3, 0.3, 0.6], [-0.3, 0.3, 0.6], [0.0, 0.0, 1.2]],
                },
                HullV {
                    material: "/common/pmat/Stone",
                    margin: 0.01,
                    vertices: vec![
                        [1.0, 0.0, 0.0],
                        [0.0, 1.0, 0.0],
                        [0.0, 0.0, 1.0],
                        [-3.39536e-5, 0.0, 0.0],
                    ],
                },
            ],
            boxes: vec![BoxV {
                material: "/common/props/Wood",
                margin: 0.04,
                centre: [0.0, 0.0, 0.55],
                dimensions: [1.2, 0.8, 0.1],
                orientation: [0.9659258, 0.0, 0.0, 0.258819],
            }],
            cylinders: vec![BoxV {
                material: "Metal",
                margin: 0.02,
                centre: [0.0, 0.0, 0.25],
                dimensions: [0.2, 0.2, 0.5],
                orientation: [1.0, 0.0, 0.0, 0.0],
            }],
            cones: vec![ConeV {
                material: "Grass",
                margin: 0.04,
                centre: [1.0, 2.0, 3.0],
                radius: 0.5,
                height: 2.0,
                orientation: [0.6, 0.8, 0.0, 0.0],
            }],
            planes: vec![PlaneV {
                material: "/common/pmat/Stone",
                normal: [0.0, 0.0, 1.0],
                distance: -1.5,
            }],
            spheres: vec![
                SphereV {
                    material: "Rubber",
                    centre: [0.0, 0.0, -0.05],
                    radius: 0.1,
                },
                SphereV {
                    material: "Metal",
                    centre: [1.5, -2.0, 3.0],
                    radius: 0.75,
                },
            ],
            trimesh_margin: 0.04,
            edge_distance_threshold: 0.001,
            vertices: vec![
                [0.0, 0.0, 0.0],
                [10.0, 0.0, 0.0],
                [0.0, 10.0, 0.0],
                [10.0, 10.0, 0.15],
            ],
            faces: vec![([0, 1, 2], "/common/pmat/Stone"), ([2, 1, 3], "Mud")],
            grit_offsets: false,
        }
    }

    /// Pseudo-random values in every field, 0 to 3 records of each kind.
    fn random(seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let r = &mut rng;
        let n = |r: &mut Rng| r.below(4);
        let hulls = (0..n(r))
            .map(|_| HullV {
                material: r.material(),
                margin: r.f32(),
                vertices: (0..r.below(6)).map(|_| r.v3()).collect(),
            })
            .collect();
        let boxes = |r: &mut Rng| -> Vec<BoxV> {
            (0..n(r))
                .map(|_| BoxV {
                    material: r.material(),
                    margin: r.f32(),
                    centre: r.v3(),
                    dimensions: r.v3(),
                    orientation: r.v4(),
                })
                .collect()
        };
        let (boxes, cylinders) = (boxes(r), boxes(r));
        let cones = (0..n(r))
            .map(|_| ConeV {
                material: r.material(),
                margin: r.f32(),
                centre: r.v3(),
                radius: r.f32(),
                height: r.f32(),
                orientation: r.v4(),
            })
            .collect();
        let planes = (0..n(r))
            .map(|_| PlaneV {
                material: r.material(),
                normal: r.v3(),
                distance: r.f32(),
            })
            .collect();
        let spheres = (0..n(r))
            .map(|_| SphereV {
                material: r.material(),
                centre: r.v3(),
                radius: r.f32(),
            })
            .collect();
        let vertices: Vec<[f32; 3]> = (0..r.below(7)).map(|_| r.v3()).collect();
        let faces = if vertices.is_empty() {
            Vec::new()
        } else {
            let v = vertices.len();
            (0..r.below(6))
                .map(|_| ([0; 3].map(|_| r.below(v) as u32), r.material()))
                .collect()
        };
        BcolV {
            mass: match r.below(4) {
                0 => 0.0,
                1 => -0.0,
                _ => r.f32(),
            },
            inertia_provided: r.pick(&[0, 1, 7]),
            inertia: r.v3(),
            tuning: [r.f32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32()],
            hulls,
            boxes,
            cylinders,
            cones,
            planes,
            spheres,
            trimesh_margin: r.f32(),
            edge_distance_threshold: r.f32(),
            vertices,
            faces,
            grit_offsets: false,
        }
    }

    fn layout(&self) -> BcolLayout {
        let hulls = BCOL_HEADER;
        let boxes = hulls + HULL * self.hulls.len();
        let cylinders = boxes + BOX * self.boxes.len();
        let cones = cylinders + BOX * self.cylinders.len();
        let planes = cones + CONE * self.cones.len();
        let spheres = planes + PLANE * self.planes.len();
        let hull_vertices = spheres + SPHERE * self.spheres.len();
        let vertices =
            hull_vertices + VERTEX * self.hulls.iter().map(|h| h.vertices.len()).sum::<usize>();
        let faces = vertices + VERTEX * self.vertices.len();
        let table = faces + FACE * self.faces.len();
        let len = table + self.strings().iter().map(|s| s.len() + 1).sum::<usize>();
        BcolLayout {
            hulls,
            boxes,
            cylinders,
            cones,
            planes,
            spheres,
            hull_vertices,
            vertices,
            faces,
            table,
            len,
        }
    }

    /// Every material once, in reverse name order (not in order of first use, as the
    /// library's writer does).
    fn strings(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = self
            .hulls
            .iter()
            .map(|h| h.material)
            .chain(self.boxes.iter().map(|b| b.material))
            .chain(self.cylinders.iter().map(|b| b.material))
            .chain(self.cones.iter().map(|c| c.material))
            .chain(self.planes.iter().map(|p| p.material))
            .chain(self.spheres.iter().map(|s| s.material))
            .chain(self.faces.iter().map(|f| f.1))
            .collect();
        all.sort_unstable();
        all.dedup();
        all.reverse();
        all
    }

    fn bytes(&self) -> Vec<u8> {
        let l = self.layout();
        let strings = self.strings();
        let mut string_at = std::collections::HashMap::new();
        let mut at = l.table;
        for s in &strings {
            string_at.insert(*s, at);
            at += s.len() + 1;
        }
        // A material field: relative to its own record.
        let material = |record: usize, s: &str| (string_at[s] as i64 - record as i64) as u32;
        let mut out = Vec::with_capacity(l.len);
        out.extend_from_slice(b"BCOL1.0\n");
        push_f32(&mut out, self.mass);
        push_u32(&mut out, self.inertia_provided);
        push_f32s(&mut out, &self.inertia);
        push_f32s(&mut out, &self.tuning);
        // An empty section's offset is never read: leave a value that would fail.
        let span = |out: &mut Vec<u8>, count: usize, offset: usize| {
            push_u32(out, count as u32);
            push_u32(
                out,
                if count == 0 {
                    0xFFFF_FF00
                } else {
                    offset as u32
                },
            );
        };
        span(&mut out, self.hulls.len(), l.hulls);
        span(&mut out, self.boxes.len(), l.boxes);
        span(&mut out, self.cylinders.len(), l.cylinders);
        span(&mut out, self.cones.len(), l.cones);
        span(&mut out, self.planes.len(), l.planes);
        span(&mut out, self.spheres.len(), l.spheres);
        span(&mut out, 0, 0); // capsules
        push_f32(&mut out, self.trimesh_margin);
        push_f32(&mut out, self.edge_distance_threshold);
        span(&mut out, self.vertices.len(), l.vertices);
        span(&mut out, self.faces.len(), l.faces);
        assert_eq!(out.len(), BCOL_HEADER);
        let mut vertices_at = l.hull_vertices;
        for h in &self.hulls {
            let record = out.len();
            let vertex_offset = (vertices_at - record) as u32;
            let m = if self.grit_offsets {
                (string_at[h.material] as i64 - vertex_offset as i64) as u32
            } else {
                material(record, h.material)
            };
            push_u32(&mut out, m);
            push_f32(&mut out, h.margin);
            push_u32(&mut out, h.vertices.len() as u32);
            push_u32(&mut out, vertex_offset);
            vertices_at += VERTEX * h.vertices.len();
        }
        let hull_shift = 16 * self.hulls.len() as u32;
        for (boxes, grit) in [(&self.boxes, self.grit_offsets), (&self.cylinders, false)] {
            for b in boxes {
                let record = out.len();
                let m = material(record, b.material);
                push_u32(&mut out, if grit { m.wrapping_add(hull_shift) } else { m });
                push_f32(&mut out, b.margin);
                push_f32s(&mut out, &b.centre);
                push_f32s(&mut out, &b.dimensions);
                push_f32s(&mut out, &b.orientation);
            }
        }
        for c in &self.cones {
            let m = material(out.len(), c.material);
            push_u32(&mut out, m);
            push_f32(&mut out, c.margin);
            push_f32s(&mut out, &c.centre);
            push_f32(&mut out, c.radius);
            push_f32(&mut out, c.height);
            push_f32s(&mut out, &c.orientation);
        }
        for p in &self.planes {
            let m = material(out.len(), p.material);
            push_u32(&mut out, m);
            push_f32s(&mut out, &p.normal);
            push_f32(&mut out, p.distance);
        }
        for s in &self.spheres {
            let m = material(out.len(), s.material);
            push_u32(&mut out, m);
            push_f32s(&mut out, &s.centre);
            push_f32(&mut out, s.radius);
        }
        assert_eq!(out.len(), l.hull_vertices);
        for h in &self.hulls {
            h.vertices.iter().for_each(|v| push_f32s(&mut out, v));
        }
        assert_eq!(out.len(), l.vertices);
        self.vertices.iter().for_each(|v| push_f32s(&mut out, v));
        for (indices, m) in &self.faces {
            let m = material(out.len(), m);
            push_u32(&mut out, m);
            indices.iter().for_each(|&i| push_u32(&mut out, i));
        }
        assert_eq!(out.len(), l.table);
        for s in &strings {
            out.extend_from_slice(s.as_bytes());
            out.push(0);
        }
        assert_eq!(out.len(), l.len);
        out
    }

    /// The docs/dump.md document, from these values: a mass of 0 (either sign) is static,
    /// shapes in stored order, hulls without shrink, the trimesh only with faces.
    fn expected(&self) -> Value {
        let is_static = self.mass == 0.0;
        let [ld, ad, ls, as_, cm, cr] = self.tuning;
        let boxes = |kind: &str, boxes: &[BoxV]| -> Vec<Value> {
            boxes
                .iter()
                .map(|b| {
                    json!({ "shape": kind, "material": b.material, "margin": b.margin,
                            "centre": b.centre, "orientation": b.orientation,
                            "dimensions": b.dimensions })
                })
                .collect()
        };
        let mut compound: Vec<Value> = self
            .hulls
            .iter()
            .map(|h| {
                json!({ "shape": "hull", "material": h.material, "margin": h.margin,
                        "shrink": 0.0, "vertices": h.vertices })
            })
            .collect();
        compound.extend(boxes("box", &self.boxes));
        compound.extend(boxes("cylinder", &self.cylinders));
        compound.extend(self.cones.iter().map(|c| {
            json!({ "shape": "cone", "material": c.material, "margin": c.margin,
                    "centre": c.centre, "orientation": c.orientation, "radius": c.radius,
                    "height": c.height })
        }));
        compound.extend(self.planes.iter().map(|p| {
            json!({ "shape": "plane", "material": p.material, "normal": p.normal,
                    "distance": p.distance })
        }));
        compound.extend(self.spheres.iter().map(|s| {
            json!({ "shape": "sphere", "material": s.material, "centre": s.centre,
                    "radius": s.radius })
        }));
        let trimesh = if self.faces.is_empty() {
            Value::Null
        } else {
            json!({
                "margin": self.trimesh_margin,
                "edge_distance_threshold": self.edge_distance_threshold,
                "vertices": self.vertices,
                "faces": self.faces.iter()
                    .map(|(i, m)| json!({ "indices": i, "material": m }))
                    .collect::<Vec<_>>()
            })
        };
        json!({
            "format": "bcol",
            "attributes": {
                "static": is_static,
                "mass": if is_static { 0.0 } else { self.mass },
                "inertia": if self.inertia_provided != 0 { json!(self.inertia) } else { Value::Null },
                "linear_damping": ld, "angular_damping": ad,
                "linear_sleep_threshold": ls, "angular_sleep_threshold": as_,
                "ccd_motion_threshold": cm, "ccd_swept_sphere_radius": cr
            },
            "compound": compound,
            "trimesh": trimesh
        })
    }
}

#[test]
fn bcol_builder_follows_formats_md() {
    // Spot checks of the layout against docs/formats/grit.md, by absolute offset.
    let v = BcolV::every_kind();
    let b = v.bytes();
    let u32_at = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    let f32_at = |at: usize| f32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    assert_eq!(&b[..8], b"BCOL1.0\n");
    assert_eq!(f32_at(8), 30.0);
    assert_eq!(u32_at(12), 1);
    assert_eq!(f32_at(24), 0.875);
    assert_eq!(f32_at(48), 0.05); // ccd_swept_sphere_radius
    assert_eq!((u32_at(52), u32_at(56)), (2, 132)); // hulls
    assert_eq!((u32_at(60), u32_at(64)), (1, 132 + 32)); // boxes
    assert_eq!(u32_at(100), 0); // capsules
    assert_eq!(f32_at(108), 0.04);
    assert_eq!(f32_at(112), 0.001);
    assert_eq!(u32_at(116), 4);
    assert_eq!(u32_at(124), 2);
    // The second hull's vertices follow the first's 3, relative to its record.
    let l = v.layout();
    assert_eq!(148 + u32_at(148 + 12) as usize, l.hull_vertices + 36);
    // The box's material, relative to its record, names "/common/props/Wood".
    let target = l.boxes + u32_at(l.boxes) as usize;
    assert_eq!(&b[target..target + 19], b"/common/props/Wood\0");
}

#[test]
fn dump_of_a_bcol_assembled_byte_by_byte_gives_every_field() {
    let v = BcolV::every_kind();
    let file = TempFile::new("every.bcol", &v.bytes());
    let json = dump_ok(&[file.path()]);
    assert_matches(&json, &v.expected(), "every.bcol");
    // The engine ignores a dynamic body's trimesh: the one lint, at the face count.
    assert_eq!(
        json["lints"],
        json!([
            "byte 124: trimesh in a dynamic body: the engine skips it (\"Dynamic trimesh not \
             supported\"), so only the compound collides; make the body static, or use hulls"
        ])
    );
    assert!(json.get("warnings").is_none());
    // Spelled out once, for the reader: a dynamic body, stored order.
    assert_eq!(json["attributes"]["static"], false);
    let kinds: Vec<&str> = json["compound"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["shape"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "hull", "hull", "box", "cylinder", "cone", "plane", "sphere", "sphere"
        ]
    );
    assert_matches(
        &json["trimesh"]["faces"][1],
        &json!({ "indices": [2, 1, 3], "material": "Mud" }),
        "face",
    );
    // The name does not matter, only the first bytes: `.gcol` or even `.tcol`.
    for name in ["every.gcol", "every.tcol"] {
        let other = TempFile::new(name, &v.bytes());
        assert_eq!(dump_ok(&[other.path()]), json);
    }
}

#[test]
fn dump_of_random_bcol_files_matches_field_by_field() {
    for seed in 0..60 {
        let v = BcolV::random(seed);
        let file = TempFile::new("random.bcol", &v.bytes());
        let json = dump_ok(&[file.path()]);
        assert_matches(&json, &v.expected(), &format!("seed {seed}"));
        // --lenient reads the same, with nothing repaired.
        let lenient = dump_ok(&["--lenient", file.path()]);
        assert_eq!(lenient["warnings"], json!([]), "seed {seed}");
        assert_matches(&lenient, &v.expected(), &format!("seed {seed}, lenient"));
    }
}

/// Every number with a point or an exponent in `json` text is the shortest form of
/// its f32 (what serde_json prints for an f32: ryu), never an f64's longer digits.
fn assert_shortest_f32_forms(json: &str) {
    let mut token = String::new();
    let mut in_string = false;
    for c in json.chars().chain(std::iter::once(' ')) {
        if c == '"' {
            in_string = !in_string;
        }
        if !in_string && (c.is_ascii_digit() || "-+.eE".contains(c)) {
            token.push(c);
            continue;
        }
        // (`true` and `false` leave a lone `e`: not a number.)
        let number = token.starts_with(|c: char| c == '-' || c.is_ascii_digit());
        if number && token.contains(['.', 'e', 'E']) {
            let v: f32 = token.parse().unwrap_or_else(|e| panic!("{token:?}: {e}"));
            assert_eq!(json_f32(v), token, "not the shortest f32 form");
        }
        token.clear();
    }
}

#[test]
fn floats_are_printed_in_shortest_f32_form() {
    for seed in 100..130 {
        let file = TempFile::new("random.bcol", &BcolV::random(seed).bytes());
        let o = zerocol(&["dump", file.path()]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert_shortest_f32_forms(&stdout(&o));
    }
    let o = zerocol(&["dump", &sample("body.tcol")]);
    assert_shortest_f32_forms(&stdout(&o));
    assert!(
        stdout(&o).contains("\n        0.9659258,\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_static_bcol_has_mass_0_and_the_trimesh_needs_faces() {
    let mut v = BcolV::every_kind();
    v.mass = -0.0;
    v.inertia_provided = 0;
    v.trimesh_margin = 0.0;
    v.edge_distance_threshold = 0.002;
    let json = dump_bytes(&v.bytes(), &[]);
    assert_matches(&json["attributes"], &static_attributes_with(&v), "static");
    assert_eq!(json["attributes"]["mass"].to_string(), "0.0");
    assert_eq!(json["attributes"]["inertia"], Value::Null);
    assert_matches(
        &json["trimesh"]["edge_distance_threshold"],
        &json!(0.002),
        "edt",
    );
    // Vertices without faces: no trimesh, and a lint.
    v.faces.clear();
    let json = dump_bytes(&v.bytes(), &[]);
    assert_eq!(json["trimesh"], Value::Null);
    let lints = json["lints"].as_array().unwrap();
    assert!(
        lints.iter().any(|l| l
            .as_str()
            .unwrap()
            .contains("4 trimesh vertices but no faces")),
        "{lints:?}"
    );
}

fn static_attributes_with(v: &BcolV) -> Value {
    let [ld, ad, ls, as_, cm, cr] = v.tuning;
    json!({ "static": true, "mass": 0.0, "inertia": null,
            "linear_damping": ld, "angular_damping": ad,
            "linear_sleep_threshold": ls, "angular_sleep_threshold": as_,
            "ccd_motion_threshold": cm, "ccd_swept_sphere_radius": cr })
}

#[test]
fn non_finite_bcol_values_are_null() {
    let mut v = BcolV::every_kind();
    v.spheres[0].radius = f32::NAN;
    v.planes[0].normal = [f32::INFINITY, f32::NEG_INFINITY, 0.0];
    let o = zerocol(&["dump", TempFile::new("nan.bcol", &v.bytes()).path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["compound"][6]["radius"], Value::Null);
    assert_eq!(json["compound"][5]["normal"], json!([null, null, 0.0]));
    assert!(!out.contains("NaN") && !out.contains("inf"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// malformed BCOL: exit 1, byte offset

/// `zerocol dump` fails at `offset`; `check` says the same; the message is returned.
fn bcol_fails_at(bytes: &[u8], offset: usize) -> String {
    let file = TempFile::new("bad.bcol", bytes);
    let o = zerocol(&["dump", file.path()]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(o.stdout, b"");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    let head = format!("zerocol: {}: byte {offset} (0x{offset:x}): ", file.path());
    assert!(err.starts_with(&head), "expected {head:?}, found {err:?}");
    let check = zerocol(&["check", file.path()]);
    assert_eq!(code(&check), 1);
    assert_eq!(
        stderr(&check),
        format!(
            "{}: error: {}",
            file.path(),
            &err["zerocol: ".len() + file.path().len() + 2..]
        )
    );
    let info = zerocol(&["info", file.path()]);
    assert_eq!(code(&info), 1);
    assert_eq!(stdout(&info).lines().count(), 1, "{}", stdout(&info));
    err
}

/// The library's tests (tests/it/grit/bcol_reader.rs) check every error's offset and text; here
/// one file shows that `dump`, `check` and `info` print the library's `Display`, exit 1.
#[test]
fn malformed_bcol_files_fail_at_a_byte_offset() {
    let v = BcolV::every_kind();
    let mut bad = v.bytes();
    let at = v.layout().faces + FACE + 8;
    set_u32(&mut bad, at, 4);
    let error = zerocol::grit::bcol::Bcol::parse(&bad, zerocol::grit::bcol::Options::STRICT)
        .unwrap_err()
        .to_string();
    // `bcol_fails_at` checks the `zerocol: FILE: byte N (0xN): ` head and the other commands.
    let err = bcol_fails_at(&bad, at);
    assert!(err.ends_with(&format!(": {error}\n")), "{err} vs {error}");
    assert!(
        error.starts_with(&format!("byte {at} (0x{at:x}): ")),
        "{error}"
    );
}

#[test]
fn lenient_repairs_grits_material_offsets_and_says_so() {
    let mut v = BcolV::every_kind();
    v.grit_offsets = true;
    let bytes = v.bytes();
    let err = bcol_fails_at(&bytes, v.layout().hulls);
    assert!(
        err.trim_end().contains(
            ": found the material offsets of the hulls stored as Grit's converter wrongly writes \
             them (relative to the vertex offset, first at hull 0) (the engine loads this file \
             but reads these materials from the wrong bytes); --lenient reads it (bcol: "
        ),
        "{err}"
    );
    let json = dump_bytes(&bytes, &["--lenient"]);
    let mut fixed = v.clone();
    fixed.grit_offsets = false;
    assert_matches(&json, &fixed.expected(), "repaired");
    let warnings: Vec<&str> = json["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].starts_with("byte 132: repaired 2 material offsets of the hulls"),
        "{warnings:?}"
    );
    assert!(
        warnings[1].contains("repaired 1 material offset of the boxes"),
        "{warnings:?}"
    );
    let file = TempFile::new("grit.bcol", &bytes);
    let check = zerocol(&["check", "--lenient", file.path()]);
    assert_eq!(code(&check), 0, "{}", stderr(&check));
    let info = stdout(&zerocol(&["info", "--lenient", file.path()]));
    assert!(
        info.contains("\n  repaired: 2\n  repaired: byte 132: "),
        "{info}"
    );
    // convert --lenient --to bcol rewrites it with correct offsets.
    let out = TempFile::path_only("fixed.bcol");
    let o = zerocol(&[
        "convert",
        "--lenient",
        "--to",
        "bcol",
        file.path(),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o).lines().count(),
        2,
        "the repairs are warnings: {}",
        stderr(&o)
    );
    assert!(stderr(&o).starts_with(&format!(
        "zerocol: {}: warning: byte 132: repaired",
        file.path()
    )));
    assert_matches(&dump_ok(&[out.path()]), &fixed.expected(), "rewritten");
}

#[test]
fn format_bcol_forces_the_binary_reader() {
    let o = zerocol(&["check", "--format", "bcol", &sample("body.tcol")]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: byte 0 (0x0): expected the file to start with \"BCOL1.0\\n\", found 54 43 4f 4c 31 2e 30 0d \
             (this looks like Grit TCOL text, not a Grit BCOL file; drop --format or use --format tcol)\n",
            sample("body.tcol")
        )
    );
}

#[test]
fn info_of_a_bcol_shows_its_layout_then_the_same_body_as_tcol() {
    let v = BcolV::every_kind();
    let l = v.layout();
    let file = TempFile::new("every.bcol", &v.bytes());
    let o = zerocol(&["info", file.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let head = [
        format!("{}: bcol, {} bytes (strict)", file.path(), l.len),
        "  header: 132 bytes, mass field 30.0, inertia_provided 1".to_owned(),
        "  hulls: 2 at byte 132 (0x84)".to_owned(),
        format!("  boxes: 1 at byte {0} (0x{0:x})", l.boxes),
        format!("  cylinders: 1 at byte {0} (0x{0:x})", l.cylinders),
        format!("  cones: 1 at byte {0} (0x{0:x})", l.cones),
        format!("  planes: 1 at byte {0} (0x{0:x})", l.planes),
        format!("  spheres: 2 at byte {0} (0x{0:x})", l.spheres),
        format!("  trimesh vertices: 4 at byte {0} (0x{0:x})", l.vertices),
        format!("  trimesh faces: 2 at byte {0} (0x{0:x})", l.faces),
        "  hull vertices: 7".to_owned(),
        format!(
            "  string table at byte {0} (0x{0:x}): {1} bytes, 7 strings",
            l.table,
            l.len - l.table
        ),
        "  body: dynamic, mass 30, 8 shapes, trimesh of 4 vertices and 2 faces".to_owned(),
    ]
    .join("\n");
    assert!(out.starts_with(&head), "{out}");
    assert!(out.contains("\n  shape 4: cone, material \"Grass\", margin 0.04, centre [1.0, 2.0, 3.0], orientation [0.6, 0.8, 0.0, 0.0] (w x y z), radius 0.5, height 2.0\n"), "{out}");
    assert!(
        out.contains("\n  material \"/common/pmat/Stone\": 2 shapes, 1 face\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "\n  compound: 8 shapes (2 hulls, 1 box, 1 cylinder, 1 cone, 1 plane, 2 spheres)\n"
        ),
        "{out}"
    );
    // The same body as TCOL: everything from the body line to the lints is the same.
    let tcol = TempFile::path_only("every.tcol");
    assert_eq!(code(&zerocol(&["convert", file.path(), tcol.path()])), 0);
    let text = stdout(&zerocol(&["info", tcol.path()]));
    let body =
        |s: &str| s[s.find("\n  body: ").unwrap()..s.find("\n  lints: ").unwrap()].to_owned();
    assert_eq!(body(&out), body(&text));
    assert!(
        out.ends_with(
            "\n  lints: 1\n  warning: byte 124: trimesh in a dynamic body: the engine skips it \
             (\"Dynamic trimesh not supported\"), so only the compound collides; make the body \
             static, or use hulls\n"
        ),
        "{out}"
    );
}

// ---------------------------------------------------------------------------------------------
// convert: TCOL -> BCOL -> TCOL

/// A dump without "format", with lint positions (`line L, column C` or `byte N`) cut
/// off: what must survive a conversion.
fn comparable(mut json: Value) -> Value {
    let object = json.as_object_mut().unwrap();
    object.remove("format");
    // Every dump has a `lints` array (docs/dump.md): one missing must not pass unnoticed.
    let lints = object
        .get_mut("lints")
        .and_then(Value::as_array_mut)
        .expect("a dump has a lints array");
    for lint in lints.iter_mut() {
        let text = lint.as_str().unwrap();
        let rest = if let Some(rest) = text.strip_prefix("byte ") {
            rest.trim_start_matches(|c: char| c.is_ascii_digit())
        } else {
            let (_, rest) = text.split_once(", column ").unwrap();
            rest.trim_start_matches(|c: char| c.is_ascii_digit())
        };
        *lint = json!(rest);
    }
    json
}

fn convert_ok(args: &[&str]) {
    let o = zerocol(&[&["convert"], args].concat());
    assert_eq!(code(&o), 0, "convert {args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "convert {args:?}");
    assert_eq!(o.stdout, b"", "convert {args:?}");
}

#[test]
fn tcol_to_bcol_to_tcol_round_trips_the_fixtures_and_the_sample() {
    let mut files: Vec<String> = accepted_fixtures().iter().map(|f| fixture(f)).collect();
    files.push(sample("body.tcol"));
    let every = TempFile::new(
        "every_kind_sorted.tcol",
        EVERY_SHAPE_STORED_ORDER.as_bytes(),
    );
    files.push(every.path().to_owned());
    for path in &files {
        let original = dump_ok(&[path]);
        let bcol = TempFile::path_only("round.bcol");
        let back = TempFile::path_only("round.tcol");
        convert_ok(&[path, bcol.path()]);
        assert!(bcol.read().starts_with(b"BCOL1.0\n"), "{path}");
        convert_ok(&[bcol.path(), back.path()]);
        let binary = dump_ok(&[bcol.path()]);
        let text = dump_ok(&[back.path()]);
        assert_eq!(binary["format"], "bcol");
        assert_eq!(text["format"], "tcol");
        assert_eq!(
            comparable(text.clone()),
            comparable(original.clone()),
            "{path}: TCOL → BCOL → TCOL"
        );
        assert_eq!(
            comparable(binary),
            comparable(original),
            "{path}: TCOL → BCOL"
        );
        // A fixed point: the printed TCOL converts to the same BCOL bytes and prints
        // the same text again.
        let bcol2 = TempFile::path_only("again.bcol");
        let back2 = TempFile::path_only("again.tcol");
        convert_ok(&[back.path(), bcol2.path()]);
        assert_eq!(bcol2.read(), bcol.read(), "{path}");
        convert_ok(&[bcol2.path(), back2.path()]);
        assert_eq!(back2.read(), back.read(), "{path}");
    }
}

/// EVERY_SHAPE with its shapes in BCOL's stored order (hull, box, cylinder, cone,
/// plane, sphere), so that a round trip keeps their order.
const EVERY_SHAPE_STORED_ORDER: &str = "TCOL1.0\r\n\
attributes {\r\n\tstatic;\r\n\tlinear_damping 2.5E-1;\r\n\tccd_motion_threshold 1e+1;\r\n}\r\n\
compound {\r\n\
\thull { margin 0.01; material \"../rock/Rock\"; vertexes { -3.39536e-005 0 0; 1 0 0; 0 1 0; 0 0 1E2; } }\r\n\
\tbox { material \"a/b\"; centre 0 0 0; dimensions 1 2 3; }\r\n\
\tcylinder { dimensions 2 2 4; material \"c\"; centre -0 0 0; margin 0; orientation 1 0 0 0; }\r\n\
\tcone { material \"Grass\"; height 2; radius .5; centre 1 2 3; orientation 0.6 0.8 0 0; }\r\n\
\tplane { material \"/common/pmat/Stone\"; normal 0 0 1; distance -1.5e0; }\r\n\
\tsphere { material \"Metal\"; centre 1.5 -2 +3; radius 7.5e-1 }\r\n\
}\r\n\
trimesh {\r\n\tedge_distance_threshold 2e-3;\r\n\
\tvertexes { 0 0 0; 10 0 0; 0 10 0; 10 10 1.5e-1; }\r\n\
\tfaces { 0 1 2 \"/common/pmat/Stone\"; 2 1 3 \"Mud\"; }\r\n}\r\n";

#[test]
fn bcol_groups_shapes_by_kind_keeping_their_order_within_a_kind() {
    let text = "TCOL1.0 attributes { mass 2; } compound { \
        sphere { material \"s1\"; centre 0 0 0; radius 1; } \
        box { material \"b1\"; centre 0 0 0; dimensions 1 1 1; } \
        sphere { material \"s2\"; centre 0 0 0; radius 2; } \
        hull { material \"h1\"; vertexes { 0 0 0; 1 0 0; 0 1 0; 0 0 1; } } }";
    let input = TempFile::new("mixed.tcol", text.as_bytes());
    let bcol = TempFile::path_only("mixed.bcol");
    convert_ok(&[input.path(), bcol.path()]);
    let json = dump_ok(&[bcol.path()]);
    let materials: Vec<&str> = json["compound"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["material"].as_str().unwrap())
        .collect();
    assert_eq!(materials, ["h1", "b1", "s1", "s2"]);
}

#[test]
fn convert_writes_stdout_for_a_dash_and_reads_stdin() {
    let body = sample("body.tcol");
    let file = TempFile::path_only("body.bcol");
    convert_ok(&[&body, file.path()]);
    let o = zerocol(&["convert", &body, "-"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(o.stdout, file.read());
    // From stdin, explicit target.
    let mut child = Command::new(ZEROCOL)
        .args(["convert", "--to", "tcol", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&file.read()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let printed = TempFile::new("printed.tcol", &o.stdout);
    assert!(o.stdout.starts_with(b"TCOL1.0\n"));
    assert_eq!(
        comparable(dump_ok(&[printed.path()])),
        comparable(dump_ok(&[&body]))
    );
}

#[test]
fn convert_to_the_same_encoding_rewrites_it() {
    // TCOL to TCOL: the canonical form (LF, no comments), the same values.
    let out = TempFile::path_only("canonical.tcol");
    convert_ok(&["--to", "tcol", &sample("body.tcol"), out.path()]);
    let text = out.read();
    assert!(!text.contains(&b'\r') && !text.windows(2).any(|w| w == b"//"));
    assert_eq!(
        comparable(dump_ok(&[out.path()])),
        comparable(dump_ok(&[&sample("body.tcol")]))
    );
    // BCOL to BCOL: the same values.
    let v = BcolV::every_kind();
    let input = TempFile::new("in.bcol", &v.bytes());
    let out = TempFile::path_only("out.bcol");
    convert_ok(&["--to", "bcol", input.path(), out.path()]);
    assert_matches(&dump_ok(&[out.path()]), &v.expected(), "rewritten");
}

#[test]
fn convert_refuses_what_it_cannot_do() {
    let body = sample("body.tcol");
    // Overwriting the input, by the same or another spelling of its path: exit 2, untouched.
    let input = TempFile::new("self.tcol", &std::fs::read(&body).unwrap());
    let before = input.read();
    let dir = input.0.parent().unwrap().to_str().unwrap().to_owned();
    let name = input.0.file_name().unwrap().to_str().unwrap().to_owned();
    for output in [input.path().to_owned(), format!("{dir}/./{name}")] {
        let o = zerocol(&["convert", input.path(), &output]);
        assert_eq!(code(&o), 2, "{}", stderr(&o));
        assert!(
            stderr(&o).contains("refusing to overwrite the input file"),
            "{}",
            stderr(&o)
        );
        assert_eq!(input.read(), before);
    }
    // Malformed input: exit 1 with the reader's position, no output file.
    let out = TempFile::path_only("never.bcol");
    let o = zerocol(&["convert", &fixture("s10_mass_zero.tcol"), out.path()]);
    assert_eq!(code(&o), 1);
    let mass = std::fs::read(fixture("s10_mass_zero.tcol")).unwrap();
    let error = zerocol::grit::tcol::Tcol::parse(&mass, zerocol::grit::tcol::Options::STRICT)
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("line 2, column 19: "), "{error}");
    assert_eq!(
        stderr(&o),
        format!("zerocol: {}: {error}\n", fixture("s10_mass_zero.tcol"))
    );
    assert!(!out.0.exists());
    let bad = TempFile::new("bad.bcol", &BcolV::every_kind().bytes()[..100]);
    let o = zerocol(&["convert", bad.path(), out.path()]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains(": byte 0 (0x0): "), "{}", stderr(&o));
    assert!(!out.0.exists());
    // A hull's shrink has no place in BCOL; NaN has none in TCOL: exit 1.
    let shrink = TempFile::new(
        "shrink.tcol",
        b"TCOL1.0 attributes { static; } compound { hull { material \"m\"; shrink 0.01; vertexes { 0 0 0; 1 0 0; 0 1 0; 0 0 1; } } }",
    );
    let o = zerocol(&["convert", shrink.path(), out.path()]);
    assert_eq!(code(&o), 1);
    // Named by the hull's place in the text: line 1, column 43.
    assert!(
        stderr(&o)
            .contains(": line 1, column 43: cannot write BCOL: shape 0 is a hull with shrink 0.01"),
        "{}",
        stderr(&o)
    );
    assert!(!out.0.exists());
    let mut nan = BcolV::every_kind();
    nan.spheres[1].radius = f32::NAN;
    let nan_bytes = nan.bytes();
    let nan = TempFile::new("nan.bcol", &nan_bytes);
    let out_tcol = TempFile::path_only("never.tcol");
    let o = zerocol(&["convert", nan.path(), out_tcol.path()]);
    assert_eq!(code(&o), 1);
    // Named by the sphere's record: the second of the spheres' table.
    let file =
        zerocol::grit::bcol::Bcol::parse(&nan_bytes, zerocol::grit::bcol::Options::STRICT).unwrap();
    let record = file.spheres().start() + 20;
    assert!(
        stderr(&o).contains(&format!(
            ": byte {record} (0x{record:x}): cannot print TCOL: "
        )),
        "{}",
        stderr(&o)
    );
    assert!(!out_tcol.0.exists());
    // Another format: a usage error; an unknown one: malformed.
    let o = zerocol(&["convert", &sample("course.col"), out.path()]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).ends_with(
            "convert writes GTA .col and .dff models as coll, col2, col3 or col4, and Grit \
             tcol and bcol files as tcol or bcol: not mkgp-col as its default\n"
        ),
        "{}",
        stderr(&o)
    );
    let o = zerocol(&["convert", "--to", "col3", &sample("body.tcol"), out.path()]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).ends_with(": not tcol as col3\n"),
        "{}",
        stderr(&o)
    );
    let text = TempFile::new("hello.txt", b"hello");
    let o = zerocol(&["convert", text.path(), out.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!("zerocol: {}: {}\n", text.path(), unknown_format(b"hello"))
    );
    // Usage and I/O errors.
    assert_eq!(code(&zerocol(&["convert", &body])), 2);
    assert_eq!(
        code(&zerocol(&["convert", "--to", "obj", &body, out.path()])),
        2
    );
    let o = zerocol(&[
        "convert",
        &body,
        &format!("{dir}/no-such-dir-{}/x.bcol", std::process::id()),
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    let o = zerocol(&[
        "convert",
        &format!("{dir}/no-such-file-{}.tcol", std::process::id()),
        out.path(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    assert!(!out.0.exists());
}

#[test]
fn lenient_convert_reports_the_old_dialect_on_stderr() {
    let path = fixture("s23_no_attributes_block.tcol");
    let out = TempFile::path_only("old.bcol");
    assert_eq!(code(&zerocol(&["convert", &path, out.path()])), 1);
    let o = zerocol(&["convert", "--lenient", &path, out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {path}: warning: line 2, column 1: no attributes block (the 2009 format \
             description allows this, Grit's parser rejects it): read as a static body with \
             default attributes; add `attributes {{ static; }}`\n"
        )
    );
    assert_matches(
        &dump_ok(&[out.path()])["attributes"],
        &static_attributes(),
        "old",
    );
}

// ---------------------------------------------------------------------------------------------
// check on every format

#[test]
fn check_gives_verdicts_for_every_format_in_order() {
    let v = BcolV::every_kind();
    let bcol = TempFile::new("every.gcol", &v.bytes());
    let mut broken = v.bytes();
    set_u32(&mut broken, 100, 3);
    let broken = TempFile::new("broken.bcol", &broken);
    let bad_tcol = fixture("s21_capsule.tcol");
    let (gta, course, drs, body) = (
        sample("sample.col"),
        sample("course.col"),
        sample("collision.drs"),
        sample("body.tcol"),
    );
    let o = zerocol(&[
        "check",
        &gta,
        bcol.path(),
        &course,
        &bad_tcol,
        &drs,
        broken.path(),
        &body,
    ]);
    assert_eq!(code(&o), 1);
    let out = verdicts(&stdout(&o)).to_owned();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[0].starts_with(&format!("{gta}: ok (4 models")),
        "{out}"
    );
    assert_eq!(
        lines[1],
        format!(
            "{}: ok (bcol: dynamic, mass 30, 8 shapes, trimesh of 4 vertices and 2 faces)",
            bcol.path()
        )
    );
    assert!(lines[2].starts_with(&format!("{course}: ok (")), "{out}");
    assert!(
        lines[3].starts_with(&format!("{drs}: ok (collisionShape")),
        "{out}"
    );
    assert_eq!(
        lines[4],
        format!("{body}: ok (tcol: dynamic, mass 30, 4 shapes, no trimesh)")
    );
    let err = stderr(&o);
    let errors: Vec<&str> = err.lines().collect();
    assert_eq!(errors.len(), 2, "{err}");
    assert!(
        errors[0].starts_with(&format!("{bad_tcol}: error: line 3, column 12: ")),
        "{err}"
    );
    assert!(
        errors[1].starts_with(&format!(
            "{}: error: byte 100 (0x64): expected no capsules",
            broken.path()
        )),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------------
// never a panic

#[test]
fn closed_stdout_is_not_a_panic() {
    let (text, _, _) = terrain(96);
    let big = TempFile::new("big.tcol", text.as_bytes());
    assert_quiet_on_closed_pipe(&["dump", big.path()]);
    assert_quiet_on_closed_pipe(&["info", big.path()]);
    assert_quiet_on_closed_pipe(&["convert", big.path(), "-"]);
    let bcol = TempFile::path_only("big.bcol");
    convert_ok(&[big.path(), bcol.path()]);
    assert_quiet_on_closed_pipe(&["convert", bcol.path(), "-"]);
    assert_quiet_on_closed_pipe(&["dump", bcol.path()]);
    let body = sample("body.tcol");
    let mut args = vec!["check"];
    args.extend(std::iter::repeat_n(body.as_str(), 5000));
    assert_quiet_on_closed_pipe(&args);
}

#[test]
fn hostile_tcol_bytes_never_panic() {
    let body = std::fs::read(sample("body.tcol")).unwrap();
    let every = EVERY_SHAPE.as_bytes().to_vec();
    let mut inputs: Vec<Vec<u8>> = vec![
        b"TCOL".to_vec(),
        b"TCOL1.0".to_vec(),
        b"TCOL1.0 attributes { static; } compound { { { {".to_vec(),
        b"TCOL1.0 /*".to_vec(),
        b"TCOL1.0 \"".to_vec(),
        [&b"TCOL1.0 attributes { static; } compound { sphere { material \""[..], &[0xff, 0xfe], b"\"; centre 0 0 0; radius 1; } }"].concat(),
        b"TCOL1.0 attributes { mass 1e39; }".to_vec(),
        b"TCOL1.0 attributes { static; } trimesh { vertexes { 0 0 0; } faces { 0 0 99999999999999999999999 \"m\"; } }".to_vec(),
    ];
    for source in [&body, &every] {
        for cut in (0..source.len()).step_by(5) {
            inputs.push(source[..cut].to_vec());
            let mut flipped = source.clone();
            flipped[cut] ^= 0x21;
            inputs.push(flipped);
        }
    }
    never_panic(
        &inputs,
        &Commands {
            name: "hostile.tcol",
            checks: &[&["check"], &["check", "--lenient"]],
            each: &[
                &["dump"],
                &["dump", "--lenient"],
                &["info"],
                &["info", "--lenient"],
            ],
            step: 7,
        },
    );
}

#[test]
fn hostile_bcol_bytes_never_panic() {
    let mut inputs: Vec<Vec<u8>> = vec![b"BCOL".to_vec(), b"BCOL1.0\n".to_vec()];
    for seed in [1, 2, 3] {
        let bytes = BcolV::random(seed).bytes();
        for cut in (0..bytes.len()).step_by(3) {
            inputs.push(bytes[..cut].to_vec());
            let mut flipped = bytes.clone();
            flipped[cut] ^= 0x5A;
            inputs.push(flipped);
            let mut huge = bytes.clone();
            let at = cut & !3;
            if at + 4 <= huge.len() {
                set_u32(&mut huge, at, 0xFFFF_FFF0);
                inputs.push(huge);
            }
        }
    }
    let files = never_panic(
        &inputs,
        &Commands {
            name: "hostile.bcol",
            checks: &[&["check"], &["check", "--lenient"]],
            each: &[&["dump"], &["dump", "--lenient"], &["info", "--lenient"]],
            step: 11,
        },
    );
    for file in files.iter().step_by(11) {
        let out = TempFile::path_only("hostile.out");
        let o = zerocol(&["convert", "--lenient", file.path(), out.path()]);
        assert!(matches!(code(&o), 0 | 1), "convert: {}", stderr(&o));
    }
}

/// What `check --lenient` says inside `ok (...)` of a file: what a strict error's
/// hint says the lenient read takes.
fn lenient_summary(path: &str) -> String {
    let o = zerocol(&["check", "--lenient", path]);
    let out = stdout(&o);
    let first = out.lines().next().unwrap();
    let summary = first.split_once(": ok (").unwrap().1;
    summary.strip_suffix(')').unwrap().to_owned()
}
