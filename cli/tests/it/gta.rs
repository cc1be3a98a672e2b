//! The `zerocol` command-line tool, run as a process: exit codes, stdout, stderr,
//! and the `gta-col` JSON of docs/dump.md checked against the builder's own values.

use std::process::{Command, Stdio};

use serde_json::Value;

use crate::support::bytes::{set_u32, u32_at};
use crate::support::cli::{
    TempFile, ZEROCOL, assert_quiet_on_closed_pipe, code, dump_bytes, dump_ok, keys, missing_path,
    stderr, stdout, totals, u64_of, unknown_format, verdicts, zerocol,
};
use crate::support::gta::{self as builder, Line, ModelSpec, Sphere, V3};
use crate::support::hostile::{Commands, never_panic};

// ---------------------------------------------------------------------------------------------
// helpers

fn f32_of(v: &Value) -> f32 {
    v.as_f64()
        .unwrap_or_else(|| panic!("expected a number, found {v}")) as f32
}

fn v3_of(v: &Value) -> V3 {
    let a = v
        .as_array()
        .unwrap_or_else(|| panic!("expected an array, found {v}"));
    assert_eq!(a.len(), 3, "{v}");
    [f32_of(&a[0]), f32_of(&a[1]), f32_of(&a[2])]
}

fn bytes_of(v: &Value) -> Vec<u8> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|b| u8::try_from(u64_of(b)).unwrap())
        .collect()
}

fn coll_with_vertices(vertices: Vec<V3>) -> Vec<u8> {
    let mut spec = ModelSpec::new(b"COLL", "verts");
    spec.vertices = vertices;
    spec.build().bytes
}

// ---------------------------------------------------------------------------------------------
// the sample, as specified

/// Checks one dumped model against the spec it was built from.
fn assert_model_matches(json: &Value, spec: &ModelSpec, offset: usize, len: usize) {
    let name = String::from_utf8_lossy(&spec.name_block[..])
        .trim_end_matches('\0')
        .to_owned();
    let ctx = format!("model {name:?} at {offset}");
    let coll = spec.version() == 1;
    assert_eq!(
        keys(json),
        [
            "bounds",
            "boxes",
            "face_groups",
            "faces",
            "flags",
            "lines",
            "lints",
            "model_id",
            "name",
            "offset",
            "shadow_faces",
            "shadow_vertices",
            "size",
            "spheres",
            "version",
            "vertices"
        ],
        "{ctx}"
    );
    assert_eq!(u64_of(&json["offset"]), offset as u64, "{ctx}");
    assert_eq!(u64_of(&json["version"]), u64::from(spec.version()), "{ctx}");
    assert_eq!(u64_of(&json["size"]), (len - 8) as u64, "{ctx}");
    let name_len = if coll { 24 } else { 22 };
    let name_bytes: Vec<u8> = spec.name_block[..name_len]
        .iter()
        .copied()
        .take_while(|&b| b != 0)
        .collect();
    assert_eq!(
        json["name"],
        String::from_utf8(name_bytes).unwrap(),
        "{ctx}"
    );
    let model_id = u16::from_le_bytes([spec.name_block[22], spec.name_block[23]]);
    assert_eq!(u64_of(&json["model_id"]), u64::from(model_id), "{ctx}");
    let flags = if coll {
        0
    } else {
        spec.flags.unwrap_or_else(|| spec.computed_flags())
    };
    assert_eq!(u64_of(&json["flags"]), u64::from(flags), "{ctx}");

    let b = &json["bounds"];
    assert_eq!(keys(b), ["center", "max", "min", "radius"], "{ctx}");
    assert_eq!(v3_of(&b["min"]), spec.bounds.min, "{ctx}");
    assert_eq!(v3_of(&b["max"]), spec.bounds.max, "{ctx}");
    assert_eq!(v3_of(&b["center"]), spec.bounds.center, "{ctx}");
    assert_eq!(f32_of(&b["radius"]), spec.bounds.radius, "{ctx}");

    let spheres = json["spheres"].as_array().unwrap();
    assert_eq!(spheres.len(), spec.spheres.len(), "{ctx}");
    for (j, s) in spheres.iter().zip(&spec.spheres) {
        assert_eq!(keys(j), ["center", "radius", "surface"], "{ctx}");
        assert_eq!(v3_of(&j["center"]), s.center, "{ctx}");
        assert_eq!(f32_of(&j["radius"]), s.radius, "{ctx}");
        assert_eq!(bytes_of(&j["surface"]), s.surface, "{ctx}");
    }

    let boxes = json["boxes"].as_array().unwrap();
    assert_eq!(boxes.len(), spec.boxes.len(), "{ctx}");
    for (j, c) in boxes.iter().zip(&spec.boxes) {
        assert_eq!(keys(j), ["max", "min", "surface"], "{ctx}");
        assert_eq!(v3_of(&j["min"]), c.min, "{ctx}");
        assert_eq!(v3_of(&j["max"]), c.max, "{ctx}");
        assert_eq!(bytes_of(&j["surface"]), c.surface, "{ctx}");
    }

    let lines = json["lines"].as_array().unwrap();
    assert_eq!(lines.len(), spec.lines.len(), "{ctx}");
    for (j, l) in lines.iter().zip(&spec.lines) {
        assert_eq!(v3_of(&j["start"]), l.start, "{ctx}");
        assert_eq!(v3_of(&j["end"]), l.end, "{ctx}");
        if coll {
            assert_eq!(keys(j), ["end", "start"], "{ctx}");
        } else {
            assert_eq!(
                keys(j),
                ["end", "end_radius", "start", "start_radius"],
                "{ctx}"
            );
            assert_eq!(f32_of(&j["start_radius"]), l.start_radius, "{ctx}");
            assert_eq!(f32_of(&j["end_radius"]), l.end_radius, "{ctx}");
        }
    }

    let vertices: Vec<V3> = json["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(v3_of)
        .collect();
    assert_eq!(vertices, spec.vertices, "{ctx}");

    let faces = json["faces"].as_array().unwrap();
    assert_eq!(faces.len(), spec.faces.len(), "{ctx}");
    for (j, f) in faces.iter().zip(&spec.faces) {
        assert_eq!(keys(j), ["indices", "surface"], "{ctx}");
        let indices: Vec<u64> = j["indices"]
            .as_array()
            .unwrap()
            .iter()
            .map(u64_of)
            .collect();
        assert_eq!(indices, f.indices.map(u64::from), "{ctx}");
        let surface = bytes_of(&j["surface"]);
        if coll {
            assert_eq!(surface, f.surface, "{ctx}");
        } else {
            assert_eq!(surface, [f.surface[0], f.surface[3]], "{ctx}");
        }
    }

    let groups = json["face_groups"].as_array().unwrap();
    assert_eq!(groups.len(), spec.face_groups.len(), "{ctx}");
    for (j, g) in groups.iter().zip(&spec.face_groups) {
        assert_eq!(keys(j), ["first", "last", "max", "min"], "{ctx}");
        assert_eq!(v3_of(&j["min"]), g.min, "{ctx}");
        assert_eq!(v3_of(&j["max"]), g.max, "{ctx}");
        assert_eq!(u64_of(&j["first"]), u64::from(g.first), "{ctx}");
        assert_eq!(u64_of(&j["last"]), u64::from(g.last), "{ctx}");
    }

    let shadow_vertices: Vec<V3> = json["shadow_vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(v3_of)
        .collect();
    assert_eq!(shadow_vertices, spec.shadow_vertices, "{ctx}");
    let shadow_faces = json["shadow_faces"].as_array().unwrap();
    assert_eq!(shadow_faces.len(), spec.shadow_faces.len(), "{ctx}");
    for (j, f) in shadow_faces.iter().zip(&spec.shadow_faces) {
        assert_eq!(keys(j), ["indices", "surface"], "{ctx}");
        let indices: Vec<u64> = j["indices"]
            .as_array()
            .unwrap()
            .iter()
            .map(u64_of)
            .collect();
        assert_eq!(indices, f.indices.map(u64::from), "{ctx}");
        assert_eq!(
            bytes_of(&j["surface"]),
            [f.surface[0], f.surface[3]],
            "{ctx}"
        );
    }
}

/// Checks a whole dump against specs laid back to back.
fn assert_dump_matches(json: &Value, specs: &[ModelSpec], trailing_bytes: u64) {
    assert_eq!(json["format"], "gta-col");
    assert_eq!(u64_of(&json["trailing_bytes"]), trailing_bytes);
    let models = json["models"].as_array().unwrap();
    assert_eq!(models.len(), specs.len());
    let mut offset = 0;
    for (json, spec) in models.iter().zip(specs) {
        let len = spec.build().bytes.len();
        assert_model_matches(json, spec, offset, len);
        offset += len;
    }
}

// ---------------------------------------------------------------------------------------------
// info

#[test]
fn info_without_a_file_describes_the_embedded_sample() {
    let o = zerocol(&["info"]);
    assert_eq!(code(&o), 0, "stderr: {}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("(embedded sample): gta-col, 1116 bytes"),
        "{out}"
    );
    for (i, (name, version, at)) in [
        ("bollard_iii", "COLL", 0),
        ("lamppost_sa", "COL3", 428),
        ("crate_ps2", "COL2", 832),
        ("empty_col3", "COL3", 996),
    ]
    .into_iter()
    .enumerate()
    {
        let line = format!("model {i} at byte {at} (0x{at:x}): {version} \"{name}\"");
        assert!(out.contains(&line), "missing {line:?} in\n{out}");
    }
    assert!(out.contains("model id: 1294"), "{out}");
    // COLL has no model id: its size line says none.
    assert!(
        out.contains("COLL \"bollard_iii\"\n  size: 420 (428 bytes in the file)\n"),
        "{out}"
    );
    assert!(
        out.contains("flags: 0x1a (not-empty, face-groups, shadow-mesh)"),
        "{out}"
    );
    assert!(
        out.contains(
            "spheres 2, boxes 1, lines 0, vertices 8, faces 12, face groups 1, shadow vertices 4, shadow faces 2"
        ),
        "{out}"
    );
    assert!(
        out.contains("bounds: min [-3.5, -2.75, -0.375], max [3.25, 5.5, 8.875]"),
        "{out}"
    );
    // The MKGP course sample follows (`mkgp` checks it).
    let gta = out
        .split("\n\n(embedded course sample): mkgp-col")
        .next()
        .unwrap();
    assert!(
        gta.ends_with("4 models; end at byte 1116 (0x45c): no trailing bytes"),
        "{out}"
    );
    assert!(!gta.contains("warning:"), "{out}");
}

#[test]
fn info_prints_lints_and_padding() {
    let mut spec = ModelSpec::new(b"COLL", "many_spheres");
    spec.spheres = vec![
        Sphere {
            center: [0.0; 3],
            radius: 1.0,
            surface: [0; 4]
        };
        129
    ];
    let mut bytes = spec.build().bytes;
    bytes.extend([0u8; 100]);
    let file = TempFile::new("lints.col", &bytes);
    let o = zerocol(&["info", file.path()]);
    assert_eq!(code(&o), 0, "stderr: {}", stderr(&o));
    let out = stdout(&o);
    assert!(
        // At the sphere count, model byte 72.
        out.contains(
            "  warning: byte 72 (0x48): 129 spheres in one model: in GTA III/VC/SA a colliding \
             model's spheres go into 128-entry arrays without a check, overwriting memory past \
             them (a likely crash); use at most 128, merging spheres or using boxes or faces\n"
        ),
        "{out}"
    );
    assert_eq!(out.matches("warning:").count(), 1, "{out}");
    assert!(out.contains("100 trailing bytes of zero padding"), "{out}");
}

#[test]
fn info_recover_lists_skipped_ranges_and_later_models() {
    let sample = builder::sample_file();
    // Break the second model's size (< 24): the walk must resync on the third.
    let mut bytes = sample.clone();
    set_u32(&mut bytes, 428 + 4, 3);
    let file = TempFile::new("damaged.col", &bytes);

    let strict = zerocol(&["info", file.path()]);
    assert_eq!(code(&strict), 1);
    let err = stderr(&strict);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("byte 432 (0x1b0): expected a model size of at least 24"),
        "{err}"
    );
    assert!(stdout(&strict).contains("\"bollard_iii\""));
    assert!(!stdout(&strict).contains("\"crate_ps2\""));

    let o = zerocol(&["info", "--recover", file.path()]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(
        out.contains("skipped bytes 428..832 (404 bytes): byte 432 (0x1b0): expected a model size of at least 24"),
        "{out}"
    );
    assert!(
        out.contains("model 1 at byte 832 (0x340): COL2 \"crate_ps2\""),
        "{out}"
    );
    assert!(
        out.contains("model 2 at byte 996 (0x3e4): COL3 \"empty_col3\""),
        "{out}"
    );
    assert!(out.contains("3 models; end at byte 1116"), "{out}");
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
}

// ---------------------------------------------------------------------------------------------
// dump

#[test]
fn dump_of_the_sample_matches_the_builder() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../samples/sample.col");
    let json = dump_ok(&[path]);
    assert_dump_matches(&json, &builder::sample_specs(), 0);
    assert!(
        json.get("warnings").is_none(),
        "no warnings without --lenient"
    );
    for model in json["models"].as_array().unwrap() {
        assert_eq!(model["lints"], serde_json::json!([]));
    }
    // Spot checks in plain numbers, in case the helpers above are wrong.
    let lamp = &json["models"][1];
    assert_eq!(lamp["faces"][0]["surface"], serde_json::json!([16, 0x7E]));
    assert_eq!(
        lamp["shadow_faces"][1]["surface"],
        serde_json::json!([18, 0x9A])
    );
    assert_eq!(
        lamp["shadow_faces"][1]["indices"],
        serde_json::json!([0, 2, 3])
    );
    assert_eq!(
        lamp["shadow_vertices"][0],
        serde_json::json!([-2.5, -1.25, 0.0625])
    );
    assert_eq!(
        json["models"][0]["faces"][0]["surface"],
        serde_json::json!([12, 3, 99, 0x5C])
    );
    assert_eq!(json["models"][2]["faces"], serde_json::json!([]));
}

#[test]
fn dump_is_pretty_printed_with_two_spaces() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../samples/sample.col");
    let o = zerocol(&["dump", path]);
    let out = stdout(&o);
    assert!(
        out.starts_with("{\n  \"format\": \"gta-col\",\n  \"models\": [\n    {\n"),
        "{out}"
    );
    assert!(out.ends_with("}\n"));
}

#[test]
fn dump_counts_zero_padding_as_trailing_bytes() {
    let mut bytes = builder::sample_file();
    bytes.extend(vec![0u8; 2000]);
    let json = dump_bytes(&bytes, &[]);
    assert_dump_matches(&json, &builder::sample_specs(), 2000);
}

#[test]
fn dump_prints_non_finite_floats_as_null() {
    let mut spec = ModelSpec::new(b"COLL", "nan");
    spec.vertices = vec![
        [f32::NAN, f32::INFINITY, 1.5],
        [f32::NEG_INFINITY, -0.0, 2.0],
    ];
    spec.bounds.radius = f32::NAN;
    let json = dump_bytes(&spec.build().bytes, &[]);
    let model = &json["models"][0];
    assert_eq!(
        model["vertices"],
        serde_json::json!([[null, null, 1.5], [null, -0.0, 2.0]])
    );
    assert_eq!(model["bounds"]["radius"], Value::Null);
    // The library flags vertices that COL2+ cannot store (no face names them, so
    // they are not content the bounds must hold).
    let lints = model["lints"].as_array().unwrap();
    assert_eq!(lints.len(), 1, "{lints:?}");
    assert!(
        lints[0].as_str().unwrap().contains("2 vertices (first #0)"),
        "{lints:?}"
    );
}

#[test]
fn dump_prints_floats_in_shortest_round_trip_form() {
    let values = [0.1f32, 1.0 / 3.0, 16_777_217.0, 1e-45, f32::MAX];
    let bytes = coll_with_vertices(vec![
        [values[0], values[1], values[2]],
        [values[3], values[4], 0.2],
    ]);
    let file = TempFile::new("floats.col", &bytes);
    let o = zerocol(&["dump", file.path()]);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert!(out.contains("\n          0.1,\n"), "{out}");
    assert!(out.contains("\n          0.2\n"), "{out}");
    assert!(!out.contains("0.1000000"), "f32 widened to f64: {out}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let v = &json["models"][0]["vertices"];
    // Read back as f64, the shortest f32 form is the literal itself.
    assert_eq!(v[0][0].as_f64(), Some(0.1));
    assert_eq!(v[1][2].as_f64(), Some(0.2));
    // And every value reads back to the same f32.
    let read: Vec<f32> = [&v[0][0], &v[0][1], &v[0][2], &v[1][0], &v[1][1]]
        .into_iter()
        .map(f32_of)
        .collect();
    assert_eq!(read, values);
}

#[test]
fn dump_lines_have_radii_from_col2_on() {
    let line = Line {
        start: [1.0, 2.0, 3.0],
        start_radius: 0.5,
        end: [4.0, 5.0, 6.0],
        end_radius: 0.25,
    };
    let mut coll = ModelSpec::new(b"COLL", "coll_line");
    coll.lines.push(line.clone());
    let mut col3 = ModelSpec::new(b"COL3", "col3_line");
    col3.lines.push(line.clone());
    let mut col4 = ModelSpec::new(b"COL4", "col4_line");
    col4.lines.push(line);
    let mut specs = [coll, col3, col4];
    // Bounds around the line, as the builder writes them for zero bounds.
    for spec in &mut specs {
        spec.bounds = spec.fitted_bounds();
    }
    let parts: Vec<Vec<u8>> = specs.iter().map(|s| s.build().bytes).collect();
    let bytes = builder::concat(&parts.iter().map(Vec::as_slice).collect::<Vec<_>>());
    let json = dump_bytes(&bytes, &[]);
    assert_dump_matches(&json, &specs, 0);
    assert_eq!(
        json["models"][0]["lines"][0],
        serde_json::json!({"start": [1.0, 2.0, 3.0], "end": [4.0, 5.0, 6.0]})
    );
    assert_eq!(
        json["models"][1]["lines"][0],
        serde_json::json!({"start": [1.0, 2.0, 3.0], "start_radius": 0.5, "end": [4.0, 5.0, 6.0], "end_radius": 0.25})
    );
    assert_eq!(json["models"][2]["version"], 4);
}

#[test]
fn dump_of_every_section_of_every_version_matches_the_builder() {
    let specs: Vec<ModelSpec> = [b"COLL", b"COL2", b"COL3", b"COL4"]
        .iter()
        .zip(1..)
        .map(|(f, base)| builder::full_spec(f, base * 100))
        .collect();
    let parts: Vec<Vec<u8>> = specs.iter().map(|s| s.build().bytes).collect();
    let mut bytes = builder::concat(&parts.iter().map(Vec::as_slice).collect::<Vec<_>>());
    bytes.extend(builder::zeros(6));
    let json = dump_bytes(&bytes, &[]);
    assert_dump_matches(&json, &specs, 6);
    for (model, spec) in json["models"].as_array().unwrap().iter().zip(&specs) {
        // The fixture fills every section its version has.
        for section in ["spheres", "boxes", "lines", "vertices", "faces"] {
            assert!(!model[section].as_array().unwrap().is_empty(), "{section}");
        }
        assert_eq!(
            model["face_groups"].as_array().unwrap().is_empty(),
            spec.version() < 2
        );
        assert_eq!(
            model["shadow_faces"].as_array().unwrap().is_empty(),
            spec.version() < 3
        );
    }
}

#[test]
fn dump_decodes_names_as_latin1() {
    let mut spec = ModelSpec::new(b"COL2", "");
    spec.name_block[..5].copy_from_slice(b"caf\xe9\xff");
    // Junk after the NUL is not part of the name.
    spec.name_block[6..9].copy_from_slice(b"zzz");
    let json = dump_bytes(&spec.build().bytes, &[]);
    assert_eq!(json["models"][0]["name"], "caf\u{e9}\u{ff}");
}

#[test]
fn dump_of_a_malformed_file_prints_nothing_on_stdout() {
    let bytes = &builder::sample_file()[..700];
    let file = TempFile::new("truncated.col", bytes);
    let o = zerocol(&["dump", file.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(o.stdout, b"");
    // The library's `Display` after `zerocol: FILE: ` (tests/it/gta checks its text).
    let error = strict_error(bytes);
    assert!(error.starts_with("byte 432 (0x1b0): "), "{error}");
    assert_eq!(stderr(&o), format!("zerocol: {}: {error}\n", file.path()));
}

/// The library's error for `bytes`, read strictly, as the CLI must print it.
fn strict_error(bytes: &[u8]) -> String {
    zerocol::gta::check(bytes, zerocol::gta::Options::STRICT)
        .unwrap_err()
        .to_string()
}

#[test]
fn unknown_format_is_malformed() {
    let file = TempFile::new("hello.txt", b"hello, world\n");
    for command in ["dump", "info"] {
        let o = zerocol(&[command, file.path()]);
        assert_eq!(code(&o), 1, "{command}");
        assert_eq!(o.stdout, b"", "{command}");
        assert_eq!(
            stderr(&o),
            format!(
                "zerocol: {}: {}\n",
                file.path(),
                unknown_format(b"hello, world\n")
            ),
            "{command}"
        );
    }
    let empty = TempFile::new("empty.col", b"");
    assert_eq!(code(&zerocol(&["dump", empty.path()])), 1);
}

#[test]
fn format_gta_col_forces_the_format() {
    // All padding: no FourCC to sniff, and no model when forced: malformed either
    // way, lenient too.
    let file = TempFile::new("padding.col", &[0u8; 2000]);
    assert_eq!(code(&zerocol(&["dump", file.path()])), 1);
    for lenient in [&[][..], &["--lenient"]] {
        for command in ["dump", "check", "info"] {
            let o = zerocol(
                &[
                    &[command][..],
                    lenient,
                    &["--format", "gta-col", file.path()],
                ]
                .concat(),
            );
            assert_eq!(code(&o), 1, "{command} {lenient:?}");
            assert!(
                stderr(&o).ends_with(": no model: the file holds zero bytes only\n"),
                "{}",
                stderr(&o)
            );
        }
    }
    // Random bytes read leniently are no model either.
    let random = TempFile::new("random.bin", b"\x01\x02\x03\x04 random bytes");
    let o = zerocol(&["check", "--lenient", "--format", "gta-col", random.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: byte 0 (0x0): no model: expected a FourCC (COLL, COL2, COL3 or COL4), found bytes 01 02 03 04\n",
            random.path()
        )
    );
    assert_eq!(stdout(&o), totals(0, 1, 0));
    // An empty file.
    let empty = TempFile::new("empty.col", b"");
    let o = zerocol(&["dump", "--format", "gta-col", empty.path()]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).ends_with(": the file is empty: no model\n"));
}

#[test]
fn format_names_that_are_unknown_are_usage_errors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../samples/sample.col");
    // (`collision-shape` is implemented: `formats::battleforge`; `tcol` and `bcol`:
    // `formats::grit`. Every docs/dump.md name has a reader: none is "not implemented".)
    for name in ["nonsense", "TCOL", ""] {
        for command in ["dump", "info", "check"] {
            let o = zerocol(&[command, "--format", name, path]);
            assert_eq!(code(&o), 2, "{command} --format {name:?}");
            assert_eq!(o.stdout, b"");
        }
    }
    let err = stderr(&zerocol(&["dump", "--format", "nonsense", path]));
    assert!(err.contains("unknown format name"), "{err}");
    // A GTA file forced to a Grit format is malformed there, not a usage error.
    for name in ["tcol", "bcol"] {
        let o = zerocol(&["dump", "--format", name, path]);
        assert_eq!(code(&o), 1, "--format {name}");
        assert_eq!(o.stdout, b"");
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(code(&zerocol(&[])), 2);
    assert_eq!(code(&zerocol(&["dump"])), 2);
    assert_eq!(code(&zerocol(&["check"])), 2);
    assert_eq!(code(&zerocol(&["frobnicate"])), 2);
    assert_eq!(code(&zerocol(&["info", "--bogus"])), 2);
    assert_eq!(code(&zerocol(&["--help"])), 0);
}

#[test]
fn missing_file_is_an_io_error() {
    let missing = missing_path();
    for command in ["dump", "info"] {
        let o = zerocol(&[command, &missing]);
        assert_eq!(code(&o), 2, "{command}");
        assert_eq!(o.stdout, b"", "{command}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("zerocol: {missing}: ")), "{err}");
    }
}

#[test]
fn lenient_accepts_a_size_4_bytes_too_large() {
    let mut bytes = builder::sample_file();
    // The last model (empty_col3 at 996) declares 4 bytes more than the file holds.
    let size = u32_at(&bytes, 996 + 4);
    set_u32(&mut bytes, 996 + 4, size + 4);
    let file = TempFile::new("size-past-end.col", &bytes);

    let strict = zerocol(&["dump", file.path()]);
    assert_eq!(code(&strict), 1);
    assert_eq!(strict.stdout, b"");
    let error = strict_error(&bytes);
    assert!(error.starts_with("byte 1000 (0x3e8): "), "{error}");
    assert_eq!(
        stderr(&strict),
        format!(
            "zerocol: {}: {error}; --lenient reads it (4 models, 0 trailing bytes)\n",
            file.path()
        )
    );

    let json = dump_ok(&["--lenient", file.path()]);
    assert_eq!(json["models"].as_array().unwrap().len(), 4);
    assert_eq!(json["models"][3]["size"], 116);
    assert_eq!(json["trailing_bytes"], 0);
    let warnings = json["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let warning = warnings[0].as_str().unwrap();
    assert!(
        warning.starts_with("model at byte 996 (0x3e4): model declares 124 bytes"),
        "{warning}"
    );
    assert_eq!(
        json["models"][3]["lints"][0].as_str().unwrap(),
        &warning["model at byte 996 (0x3e4): ".len()..]
    );

    let check = zerocol(&["check", "--lenient", file.path()]);
    assert_eq!(code(&check), 0);
    assert_eq!(
        verdicts(&stdout(&check)),
        format!("{}: ok (4 models, 0 trailing bytes)\n", file.path())
    );
}

#[test]
fn lenient_stops_at_trailing_bytes_that_are_not_a_model() {
    let mut bytes = builder::sample_file();
    bytes.extend(b"junk");
    let file = TempFile::new("junk.col", &bytes);
    let strict = zerocol(&["dump", file.path()]);
    assert_eq!(code(&strict), 1);
    let error = strict_error(&bytes);
    assert!(error.starts_with("byte 1116 (0x45c): "), "{error}");
    assert_eq!(
        stderr(&strict),
        format!(
            "zerocol: {}: {error}; --lenient reads it (4 models, 4 trailing bytes)\n",
            file.path()
        )
    );

    let json = dump_ok(&["--lenient", file.path()]);
    assert_dump_matches(&json, &builder::sample_specs(), 4);
    assert_eq!(
        json["warnings"],
        serde_json::json!([
            "stopped at byte 1116: 4 trailing bytes that are not a model were ignored"
        ])
    );
    let info = zerocol(&["info", "--lenient", file.path()]);
    assert_eq!(code(&info), 0);
    assert!(
        stdout(&info).contains("4 trailing bytes that are not a model"),
        "{}",
        stdout(&info)
    );
}

#[test]
fn lenient_without_anything_to_report_has_empty_warnings() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../samples/sample.col");
    let json = dump_ok(&["--lenient", path]);
    assert_eq!(json["warnings"], serde_json::json!([]));
    assert_dump_matches(&json, &builder::sample_specs(), 0);
}

#[test]
fn stdin_is_read_for_a_dash() {
    let mut child = Command::new(ZEROCOL)
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&builder::sample_file())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(code(&o), 0);
    assert_eq!(
        verdicts(&stdout(&o)),
        "(stdin): ok (4 models, 0 trailing bytes)\n"
    );
}

// ---------------------------------------------------------------------------------------------
// check

#[test]
fn check_reports_every_file_in_order() {
    let good = TempFile::new("good.col", &builder::sample_file());
    let mut padded = builder::sample_file();
    padded.extend([0u8; 12]);
    let padded = TempFile::new("padded.col", &padded);
    let bad = TempFile::new("bad.col", &builder::sample_file()[..700]);
    let o = zerocol(&["check", good.path(), bad.path(), padded.path()]);
    assert_eq!(code(&o), 1);
    // Good files on stdout, in order; the error on stderr, one line.
    assert_eq!(
        verdicts(&stdout(&o)),
        format!(
            "{}: ok (4 models, 0 trailing bytes)\n\
             {}: ok (4 models, 12 trailing bytes)\n",
            good.path(),
            padded.path()
        )
    );
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: {}\n",
            bad.path(),
            strict_error(&builder::sample_file()[..700])
        )
    );
}

#[test]
fn check_unknown_format_is_a_verdict() {
    let good = TempFile::new("good.col", &builder::sample_file());
    let text = TempFile::new("text.txt", b"not a collision file");
    let o = zerocol(&["check", text.path(), good.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        format!(
            "{}: ok (4 models, 0 trailing bytes)\n{}",
            good.path(),
            totals(1, 1, 0)
        )
    );
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: {}\n",
            text.path(),
            unknown_format(b"not a collision file")
        )
    );
}

#[test]
fn check_io_errors_go_to_stderr_and_win() {
    let good = TempFile::new("good.col", &builder::sample_file());
    let bad = TempFile::new("bad.col", b"COLLxxxx");
    let missing = missing_path();
    let o = zerocol(&["check", good.path(), &missing, good.path()]);
    assert_eq!(code(&o), 2);
    let out = stdout(&o);
    assert_eq!(verdicts(&out).lines().count(), 2);
    assert!(out.ends_with("total: 3 files, 2 ok, 0 malformed, 0 warnings, 1 unreadable\n"));
    assert!(
        verdicts(&out)
            .lines()
            .all(|l| l.ends_with(": ok (4 models, 0 trailing bytes)"))
    );
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&missing), "{err}");

    // Malformed and missing: 2 wins over 1.
    let o = zerocol(&["check", bad.path(), &missing]);
    assert_eq!(code(&o), 2);
    assert_eq!(verdicts(&stdout(&o)), "");
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with(&format!("{}: error: byte ", bad.path())),
        "{err}"
    );
    assert!(lines[1].contains(&missing), "{err}");
}

// ---------------------------------------------------------------------------------------------
// never a panic

/// A file whose dump is far larger than a pipe buffer.
fn big_file() -> TempFile {
    let vertices = (0..30_000).map(|i| [i as f32, 0.5, -0.25]).collect();
    TempFile::new("big.col", &coll_with_vertices(vertices))
}

#[test]
fn closed_stdout_is_not_a_panic() {
    let big = big_file();
    assert_quiet_on_closed_pipe(&["dump", big.path()]);
    assert_quiet_on_closed_pipe(&["info", big.path()]);
    // 5,000 verdict lines: far more than a pipe buffer.
    let small = TempFile::new("small.col", &builder::sample_file());
    let mut args = vec!["check"];
    args.extend(std::iter::repeat_n(small.path(), 5000));
    assert_quiet_on_closed_pipe(&args);
}

#[test]
fn hostile_bytes_never_panic() {
    let sample = builder::sample_file();
    let mut inputs: Vec<Vec<u8>> = vec![
        b"COLL".to_vec(),
        b"COL3\xff\xff\xff\xff".to_vec(),
        vec![0xff; 64],
    ];
    // Every truncation and single-byte corruption of the sample.
    for cut in (0..sample.len()).step_by(7) {
        inputs.push(sample[..cut].to_vec());
        let mut flipped = sample.clone();
        flipped[cut] ^= 0xA5;
        inputs.push(flipped);
    }
    never_panic(
        &inputs,
        &Commands {
            name: "hostile.col",
            checks: &[&["check", "--lenient"]],
            each: &[
                &["dump"],
                &["dump", "--lenient"],
                &["info", "--recover"],
                &["info", "--lenient"],
            ],
            step: 5,
        },
    );
}

// ---------------------------------------------------------------------------------------------
// convert --for: surface materials between the games' tables

use crate::support::cli::sample;

/// The sample's COL3 lamppost with a sphere of SA's ROCK_DRY (35), a box of an id
/// past SA's table (200) and two faces and a shadow face of CARPET (71): surfaces
/// III/VC lack. Its other records keep the sample's GRASS_MEDIUM_DRY (13) and
/// GOLFGRASS_SMOOTH (16), and STEEP_CLIFF (18) for the other shadow face.
fn lamppost_with_unmapped_materials() -> Vec<u8> {
    let mut lamp = builder::sample_specs().swap_remove(1);
    lamp.spheres[1].surface[0] = 35;
    lamp.boxes[0].surface[0] = 200;
    lamp.faces[0].surface[0] = 71;
    lamp.faces[1].surface[0] = 71;
    lamp.shadow_faces[0].surface[0] = 71;
    lamp.build().bytes
}

/// The material ids of a dumped model: spheres, boxes, faces.
fn materials(model: &Value) -> [Vec<u64>; 3] {
    ["spheres", "boxes", "faces"].map(|section| {
        model[section]
            .as_array()
            .unwrap()
            .iter()
            .map(|record| u64_of(&record["surface"][0]))
            .collect()
    })
}

/// A dump with every material id set to 0, to compare the rest.
fn without_materials(mut json: Value) -> Value {
    for model in json["models"].as_array_mut().unwrap() {
        for section in ["spheres", "boxes", "faces", "shadow_faces"] {
            for record in model[section].as_array_mut().unwrap() {
                record["surface"][0] = Value::from(0);
            }
        }
    }
    json
}

#[test]
fn convert_to_coll_from_col3_needs_for_and_maps_sa_materials_for_iii_vc() {
    let input = TempFile::new("lamp.col", &lamppost_with_unmapped_materials());
    let out = TempFile::path_only("lamp-iii.col");
    let args = |extra: &[&'static str]| {
        let mut args = vec!["convert", "--to", "coll", "--drop-shadow-mesh"];
        args.extend_from_slice(extra);
        args
    };
    // No --for: refused before anything is written.
    let o = zerocol(&[&args(&[])[..], &[input.path(), out.path()]].concat());
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: model 0 \"lamppost_sa\" is COL3 with SA's material ids, written as COLL, \
             which III/VC and SA read with different material tables: give --for iii-vc (maps \
             SA's ids to III/VC's equivalents, with a warning for each without one) or --for sa \
             (keeps SA's ids)\n",
            input.path()
        )
    );
    assert!(!std::path::Path::new(out.path()).exists());
    // --for iii-vc: GRASS_MEDIUM_DRY (13) and GOLFGRASS_SMOOTH (16) become GRASS (2),
    // the others DEFAULT (0), each said once with what used it (not the dropped
    // shadow face).
    let o = zerocol(&[&args(&["--for", "iii-vc"])[..], &[input.path(), out.path()]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let label = input.path();
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {label}: warning: model 0 \"lamppost_sa\": SA material 35 ROCK_DRY (1 sphere) has no III/VC equivalent: written as 0 DEFAULT\n\
             zerocol: {label}: warning: model 0 \"lamppost_sa\": SA material 71 CARPET (2 faces) has no III/VC equivalent: written as 0 DEFAULT\n\
             zerocol: {label}: warning: model 0 \"lamppost_sa\": material 200 (1 box) is past SA's table of 179 surfaces: written as 0 DEFAULT\n\
             zerocol: {label}: warning: model 0 \"lamppost_sa\": 2 shadow faces dropped, 1 face group dropped\n\
             zerocol: {label}: warning: model 0 \"lamppost_sa\": its model id 1294 is dropped: COLL has none (the games find a COLL model's object by its name)\n"
        )
    );
    let iii_vc = dump_ok(&[out.path()]);
    assert_eq!(iii_vc["models"][0]["version"], 1);
    assert_eq!(
        materials(&iii_vc["models"][0]),
        [
            vec![2, 0],
            vec![0],
            vec![0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
        ]
    );
    // zerocol's own info now names them as III/VC will read them.
    let o = zerocol(&["info", out.path()]);
    assert!(
        stdout(&o).contains("materials (III/VC names): 0 DEFAULT ×4, 2 GRASS ×11\n"),
        "{}",
        stdout(&o)
    );
    // --for sa: SA reads COLL materials with its own table, so the ids stay.
    let kept = TempFile::path_only("lamp-sa.col");
    let o = zerocol(&[&args(&["--for", "sa"])[..], &[input.path(), kept.path()]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {label}: warning: model 0 \"lamppost_sa\": 2 shadow faces dropped, 1 face group dropped\n\
             zerocol: {label}: warning: model 0 \"lamppost_sa\": its model id 1294 is dropped: COLL has none (the games find a COLL model's object by its name)\n"
        )
    );
    let sa = dump_ok(&[kept.path()]);
    assert_eq!(
        materials(&sa["models"][0]),
        [
            vec![13, 35],
            vec![200],
            vec![71, 71, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16]
        ]
    );
    // Nothing but the material ids differs between the two.
    assert_eq!(out.read().len(), kept.read().len());
    assert_eq!(without_materials(iii_vc), without_materials(sa));
}

#[test]
fn convert_from_coll_to_col2_plus_maps_iii_vc_materials_for_sa() {
    let out = TempFile::path_only("sa.col");
    // The sample's COLL bollard (III/VC's CAR 6, GARAGE_DOOR 9, SCAFFOLD_POLE 12) as
    // COL3, which only SA reads: --for sa is needed.
    let o = zerocol(&["convert", "--to", "col3", &sample("sample.col"), out.path()]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: model 0 \"bollard_iii\" is COLL with III/VC's material ids, written as \
             COL3, which only SA reads, with its own material table: give --for sa to map the ids \
             to SA's (or --from sa if they are SA's already)\n",
            sample("sample.col")
        )
    );
    assert!(!std::path::Path::new(out.path()).exists());
    // --for iii-vc cannot be COL3.
    let o = zerocol(&[
        "convert",
        "--to",
        "col3",
        "--for",
        "iii-vc",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).ends_with(
            "model 0 \"bollard_iii\" is COLL with III/VC's material ids, written as COL3: \
             --for iii-vc, but III and VC read only COLL (add --to coll)\n"
        ),
        "{}",
        stderr(&o)
    );
    // --for sa: CAR 63, GARAGE_DOOR 50, SCAFFOLD_POLE 52 in SA's table; the SA
    // models' ids stay as they are.
    let o = zerocol(&[
        "convert",
        "--to",
        "col3",
        "--for",
        "sa",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let json = dump_ok(&[out.path()]);
    assert_eq!(
        materials(&json["models"][0]),
        [vec![63], vec![50], vec![52; 12]]
    );
    assert_eq!(
        materials(&json["models"][1]),
        [vec![13, 14], vec![15], vec![16; 12]]
    );
    // --from sa: the COLL model's ids are SA's already, and stay.
    let o = zerocol(&[
        "convert",
        "--to",
        "col3",
        "--from",
        "sa",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let json = dump_ok(&[out.path()]);
    assert_eq!(
        materials(&json["models"][0]),
        [vec![6], vec![9], vec![12; 12]]
    );
}

#[test]
fn convert_maps_materials_in_place_and_keeps_every_other_byte() {
    // The sample rewritten as it is, its ids read as III/VC's and written for SA:
    // the same layout, byte for byte, but for the material ids.
    let out = TempFile::path_only("mapped.col");
    let o = zerocol(&[
        "convert",
        "--from",
        "iii-vc",
        "--for",
        "sa",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let sample_bytes = std::fs::read(sample("sample.col")).unwrap();
    let mapped = out.read();
    assert_eq!(mapped.len(), sample_bytes.len());
    let differing: Vec<(u8, u8)> = sample_bytes
        .iter()
        .zip(&mapped)
        .filter(|(a, b)| a != b)
        .map(|(&a, &b)| (a, b))
        .collect();
    // III/VC 6 CAR, 9 GARAGE_DOOR, 12 SCAFFOLD_POLE ×12 (bollard); 13 LAMP_POST,
    // 14 FIRE_HYDRANT, 15 GIRDER, 16 METAL_CHAIN_FENCE ×12, shadow 17 PED,
    // 18 SAND (lamppost); 19 WATER, 20 WOOD_CRATES (crate).
    let mut expected = vec![(6, 63), (9, 50)];
    expected.extend([(12, 52); 12]);
    expected.extend([(13, 53), (14, 57), (15, 56)]);
    expected.extend([(16, 55); 12]);
    expected.extend([(17, 62), (18, 29), (19, 39), (20, 42)]);
    assert_eq!(differing, expected);
    // Without --for nothing is mapped: the rewrite is the sample.
    let o = zerocol(&[
        "convert",
        "--from",
        "iii-vc",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let o = zerocol(&["convert", &sample("sample.col"), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(out.read(), sample_bytes);
}

#[test]
fn convert_counts_every_record_of_an_unmapped_material_in_the_warning() {
    // The lamppost kept as COL3, its ids said to be III/VC's: 35, 71 and 200 lie
    // past III/VC's 35 surfaces; the shadow mesh stays and is counted.
    let input = TempFile::new("lamp.col", &lamppost_with_unmapped_materials());
    let out = TempFile::path_only("lamp-sa.col");
    let o = zerocol(&[
        "convert",
        "--from",
        "iii-vc",
        "--for",
        "sa",
        input.path(),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let label = input.path();
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {label}: warning: model 0 \"lamppost_sa\": material 35 (1 sphere) is past III/VC's table of 35 surfaces: written as 0 DEFAULT\n\
             zerocol: {label}: warning: model 0 \"lamppost_sa\": material 71 (2 faces, 1 shadow face) is past III/VC's table of 35 surfaces: written as 0 DEFAULT\n\
             zerocol: {label}: warning: model 0 \"lamppost_sa\": material 200 (1 box) is past III/VC's table of 35 surfaces: written as 0 DEFAULT\n"
        )
    );
    let json = dump_ok(&[out.path()]);
    let model = &json["models"][0];
    // III/VC's LAMP_POST (13) is SA's 53, METAL_CHAIN_FENCE (16) SA's 55.
    assert_eq!(
        materials(model),
        [
            vec![53, 0],
            vec![0],
            vec![0, 0, 55, 55, 55, 55, 55, 55, 55, 55, 55, 55]
        ]
    );
    // The shadow faces: 71 became 0, III/VC's SAND (18) SA's SAND_MEDIUM (29).
    let shadow: Vec<u64> = model["shadow_faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| u64_of(&f["surface"][0]))
        .collect();
    assert_eq!(shadow, [0, 29]);
}

#[test]
fn a_shadow_mesh_refusal_names_the_flag_that_drops_it() {
    let out = TempFile::path_only("coll.col");
    let o = zerocol(&[
        "convert",
        "--to",
        "coll",
        "--for",
        "iii-vc",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot write model 1 \"lamppost_sa\" (at byte 428): a shadow mesh of 2 \
             faces, which COLL and COL2 cannot hold (--drop-shadow-mesh drops it)\n",
            sample("sample.col")
        )
    );
    assert!(!std::path::Path::new(out.path()).exists());
}

#[test]
fn what_many_models_lose_is_one_warning_each_kind() {
    // Five copies of the sample's COL3 lamppost (bytes 428..832), written as COLL.
    let sample_bytes = std::fs::read(sample("sample.col")).unwrap();
    let lamppost = &sample_bytes[428..832];
    let library: Vec<u8> = lamppost.repeat(5);
    let input = TempFile::new("five.col", &library);
    let out = TempFile::path_only("five-coll.col");
    let o = zerocol(&[
        "convert",
        "--to",
        "coll",
        "--for",
        "iii-vc",
        "--drop-shadow-mesh",
        input.path(),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let first =
        "model 0 \"lamppost_sa\", model 1 \"lamppost_sa\", model 2 \"lamppost_sa\", and 2 more";
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {label}: warning: 5 models: 10 shadow faces dropped, 5 face groups dropped \
             ({first})\n\
             zerocol: {label}: warning: 5 models: their model ids are dropped: COLL has none (the \
             games find a COLL model's object by its name) ({first})\n",
            label = input.path()
        )
    );
}

#[test]
fn convert_says_what_it_leaves_out_after_the_last_model_and_export_what_lenient_let_through() {
    let mut junk = builder::sample_file();
    junk.extend(b"junk");
    let mut padded = builder::sample_file();
    padded.resize(2048, 0);
    for (name, bytes, lenient, warning) in [
        (
            "junk.col",
            &junk,
            true,
            "4 trailing bytes at byte 1116, not a model, left out of the output",
        ),
        (
            "padded.col",
            &padded,
            false,
            "932 bytes of zero padding at byte 1116, after the last model, left out of the output",
        ),
    ] {
        let file = TempFile::new(name, bytes);
        let out = TempFile::path_only(&format!("out-{name}"));
        let mut args = vec!["convert"];
        if lenient {
            args.push("--lenient");
        }
        args.extend([file.path(), out.path()]);
        let o = zerocol(&args);
        assert_eq!(code(&o), 0, "{name}: {}", stderr(&o));
        assert_eq!(
            stderr(&o),
            format!("zerocol: {}: warning: {warning}\n", file.path()),
            "{name}"
        );
        assert_eq!(out.read(), builder::sample_file(), "{name}");
        let obj = TempFile::path_only(&format!("out-{name}.obj"));
        args[0] = "export";
        *args.last_mut().unwrap() = obj.path();
        let o = zerocol(&args);
        assert_eq!(code(&o), 0, "{name}: {}", stderr(&o));
        // The OBJ says what the lenient read let through; zero padding, which the
        // games skip too, is no news there.
        let expected = if lenient {
            format!("zerocol: {}: warning: {warning}\n", file.path())
        } else {
            String::new()
        };
        assert_eq!(stderr(&o), expected, "{name}");
        let _ = std::fs::remove_file(obj.path().replace(".obj", ".mtl"));
    }
}

#[test]
fn strict_errors_name_lenient_and_recover_only_where_they_read_the_file() {
    let whole = builder::sample_file();
    // Cut 20 bytes short: nothing reads it, and nothing is offered.
    let cut = TempFile::new("cut.col", &whole[..whole.len() - 20]);
    // Strict: the last model's size runs past the end; lenient: its header does.
    for (args, said) in [
        (vec!["check", "-q"], "only 100 remain"),
        (vec!["dump"], "only 100 remain"),
        (vec!["check", "-q", "--lenient"], "header, found only 100"),
    ] {
        let mut args = args.clone();
        args.push(cut.path());
        let o = zerocol(&args);
        assert_eq!(code(&o), 1, "{args:?}");
        let err = stderr(&o) + &stdout(&o);
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(
            !err.contains("--lenient") && !err.contains("--recover"),
            "{err}"
        );
    }
    // The second model's FourCC damaged: a lenient read stops there (1 model); a
    // recovering one reads the 3 others.
    let mut damaged = whole.clone();
    damaged[428] = b'A';
    let file = TempFile::new("damaged.col", &damaged);
    let o = zerocol(&["dump", file.path()]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).ends_with(
            "found \"AOL3\" (the game stops reading there); --lenient reads it (1 model, 688 \
             trailing bytes); --recover \
             steps over the damage and reads 3 models\n"
        ),
        "{}",
        stderr(&o)
    );
    let o = zerocol(&["dump", "--lenient", file.path()]);
    assert_eq!(code(&o), 0);
    // check --recover: every model's verdict, the file still malformed, each range said.
    let o = zerocol(&["check", "--recover", file.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: 1 damaged byte range skipped, 3 models recovered: skipped bytes \
             428..832 (404 bytes): byte 428 (0x1ac): expected another model's FourCC (COLL, COL2, \
             COL3, COL4) or zero padding after the last model, found \"AOL3\" (the game stops \
             reading there)\n",
            file.path()
        )
    );
    // dump --recover: the 3 models, the range a warning; exit 0.
    let json = dump_ok(&["--recover", file.path()]);
    let names: Vec<&str> = json["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(json["warnings"].as_array().unwrap().len(), 1);
    assert!(
        json["warnings"][0]
            .as_str()
            .unwrap()
            .starts_with("skipped bytes 428..832 (404 bytes): byte 428 (0x1ac): "),
        "{json}"
    );
    // convert --recover: a library of the 3, which reads strictly, and the warning.
    let out = TempFile::path_only("recovered.col");
    let o = zerocol(&["convert", "--recover", file.path(), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(&format!(
            "zerocol: {}: warning: skipped bytes 428..832 (404 bytes): ",
            file.path()
        )),
        "{}",
        stderr(&o)
    );
    let back = dump_ok(&[out.path()]);
    let back_names: Vec<&str> = back["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(back_names, names);
}
