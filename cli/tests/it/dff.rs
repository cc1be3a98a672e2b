//! `.dff` files through `info`, `dump` and `check`, and `check`'s totals and `--json`.

use serde_json::json;

use crate::support::bytes::rw_chunk as chunk;
use crate::support::cli::{TempFile, code, dump_ok, sample, stderr, stdout, totals, zerocol};

const SAMPLE: &[u8] = include_bytes!("../../../samples/sample.col");
const VEHICLE: &[u8] = include_bytes!("../../../samples/vehicle.dff");

#[test]
fn info_names_the_clump_the_chunk_and_the_model() {
    let o = zerocol(&["info", &sample("vehicle.dff")]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..3],
        [
            format!("{}: dff, 464 bytes (strict)", sample("vehicle.dff")),
            "Clump at byte 0 (0x0), 452 bytes; collision chunk 0x0253f2fa at byte 48 (0x30), 404 bytes".to_owned(),
            "model 0 at byte 60 (0x3c): COL3 \"lamppost_sa\"".to_owned(),
        ]
    );
    // The model's lines are the `.col` reader's for the same model.
    let col = stdout(&zerocol(&["info", &sample("sample.col")]));
    let lamppost: Vec<&str> = col
        .lines()
        .skip_while(|l| !l.contains("\"lamppost_sa\""))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(lines[3..], lamppost[..]);
}

#[test]
fn dump_is_the_gta_col_document_with_a_dff_object() {
    let dff = dump_ok(&[&sample("vehicle.dff")]);
    let col = dump_ok(&[&sample("sample.col")]);
    assert_eq!(dff["format"], "gta-col");
    assert_eq!(dff["trailing_bytes"], 0);
    assert_eq!(
        dff["dff"],
        json!({"clump_offset": 0, "chunk_offset": 48, "chunk_type": 0x0253_F2FA, "headerless": false})
    );
    let mut model = col["models"][1].clone();
    model["offset"] = json!(60);
    assert_eq!(dff["models"], json!([model]));
}

#[test]
fn a_headerless_payload_is_read_as_coll_with_an_empty_name() {
    // The sample's COLL model without its first 32 bytes.
    let payload = &SAMPLE[32..428];
    let mut body = chunk(0x01, &[0; 12]);
    body.extend(chunk(0x03, &chunk(0x0253_F2FA, payload)));
    let file = TempFile::new("rc.dff", &chunk(0x10, &body));
    let dff = dump_ok(&[file.path()]);
    assert_eq!(dff["dff"]["headerless"], true);
    assert_eq!(dff["dff"]["chunk_offset"], 48);
    let model = &dff["models"][0];
    assert_eq!(model["offset"], 60);
    assert_eq!(model["name"], "");
    assert_eq!(model["version"], 1);
    assert_eq!(model["size"], payload.len() + 24);
    let col = dump_ok(&[&sample("sample.col")]);
    for field in ["bounds", "spheres", "boxes", "vertices", "faces"] {
        assert_eq!(model[field], col["models"][0][field], "{field}");
    }
    let o = zerocol(&["info", file.path()]);
    assert!(stdout(&o).contains(
        "headerless payload (PS2: no FourCC, size or name) at byte 60 (0x3c), read as a COLL model with an empty name\nmodel 0 at byte 60 (0x3c): COLL \"\"\n"
    ), "{}", stdout(&o));
    let o = zerocol(&["check", file.path()]);
    assert_eq!(
        stdout(&o),
        format!(
            "{}: ok (dff, COLL \"\" at byte 60 (headerless))\n{}",
            file.path(),
            totals(1, 0, 0)
        )
    );
}

#[test]
fn a_short_clump_is_malformed_unless_lenient() {
    let mut short = VEHICLE.to_vec();
    short[4..8].copy_from_slice(&24u32.to_le_bytes());
    let file = TempFile::new("short.dff", &short);
    let o = zerocol(&["dump", file.path()]);
    assert_eq!(code(&o), 1);
    // The library's `Display` (tests/it/gta/dff.rs checks its text), after `zerocol: FILE: `.
    let error = zerocol::gta::dff::Dff::parse(&short, zerocol::gta::Options::STRICT)
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("byte 4 (0x4): "), "{error}");
    // The tool adds that a lenient read takes it.
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: {error}; --lenient reads it (dff, COL3 \"lamppost_sa\" at byte 60)\n",
            file.path()
        )
    );
    let json = dump_ok(&["--lenient", file.path()]);
    assert_eq!(json["models"][0]["name"], "lamppost_sa");
    assert_eq!(
        json["warnings"],
        json!([
            "the Clump at byte 0 declares 24 bytes and ends at byte 36, before chunks it holds (read past it)"
        ])
    );
    let o = zerocol(&["check", "--lenient", file.path()]);
    assert_eq!(
        stdout(&o),
        format!(
            "{}: ok (dff, COL3 \"lamppost_sa\" at byte 60)\n  \
             warning: the Clump at byte 0 declares 24 bytes and ends at byte 36, before chunks it holds (read past it)\n{}",
            file.path(),
            totals(1, 0, 1)
        )
    );
}

#[test]
fn a_dff_without_collision_is_ok_and_says_so() {
    let body = chunk(0x01, &[0; 12]);
    let file = TempFile::new("plain.dff", &chunk(0x10, &body));
    let json = dump_ok(&[file.path()]);
    assert_eq!(
        json,
        json!({"format": "gta-col", "models": [], "trailing_bytes": 0,
               "dff": {"clump_offset": 0, "chunk_offset": null, "chunk_type": null, "headerless": false}})
    );
    let o = zerocol(&["check", file.path()]);
    assert_eq!(
        stdout(&o),
        format!(
            "{}: ok (dff, no collision model)\n{}",
            file.path(),
            totals(1, 0, 0)
        )
    );
    let o = zerocol(&["info", file.path()]);
    assert!(stdout(&o).ends_with("; no collision chunk (0x0253f2fa) in its Extension\n"));
}

#[test]
fn check_json_prints_one_object_per_file() {
    let bad = TempFile::new("bad.col", &SAMPLE[..700]);
    let missing = format!("{}/no-such-file.col", std::env::temp_dir().display());
    let o = zerocol(&[
        "check",
        "--json",
        &sample("vehicle.dff"),
        bad.path(),
        &missing,
        &sample("course.col"),
    ]);
    assert_eq!(code(&o), 2);
    assert_eq!(stderr(&o), "");
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0],
        json!({"file": sample("vehicle.dff"), "format": "dff", "status": "ok",
               "summary": "dff, COL3 \"lamppost_sa\" at byte 60", "warnings": []})
    );
    assert_eq!(lines[1]["status"], "malformed");
    assert_eq!(lines[1]["format"], "gta-col");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("byte 432 (0x1b0): "),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2]["status"], "unreadable");
    assert_eq!(lines[2]["format"], serde_json::Value::Null);
    assert!(lines[2]["error"].as_str().unwrap().contains("cannot read"));
    assert_eq!(lines[3]["format"], "mkgp-col");
    assert!(lines[3]["warnings"].is_array());
}

#[test]
fn check_totals_count_files_verdicts_and_warnings() {
    let bad = TempFile::new("bad.col", &SAMPLE[..700]);
    let o = zerocol(&[
        "check",
        &sample("sample.col"),
        bad.path(),
        &sample("vehicle.dff"),
        &sample("course.col"),
    ]);
    assert_eq!(code(&o), 1);
    let course = zerocol(&["check", "--json", &sample("course.col")]);
    let course: serde_json::Value = serde_json::from_slice(&course.stdout).unwrap();
    let warnings = course["warnings"].as_array().unwrap().len();
    assert!(
        stdout(&o).ends_with(&totals(3, 1, warnings)),
        "{}",
        stdout(&o)
    );
}

#[test]
fn convert_writes_gta_versions_and_says_what_was_lost() {
    let out = TempFile::new("out.col", b"");
    // No --to: a rewrite, byte for byte for a file in the usual layout.
    let o = zerocol(&["convert", &sample("sample.col"), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(std::fs::read(out.path()).unwrap(), SAMPLE);
    // To COL3 (for SA, the COLL model's III/VC materials mapped): the COLL model's
    // faces lose their flag and brightness bytes.
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
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: warning: model 0 \"bollard_iii\": 12 face surfaces' bytes (flag, brightness) dropped\n",
            sample("sample.col")
        )
    );
    let json = dump_ok(&[out.path()]);
    let versions: Vec<_> = json["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["version"].clone())
        .collect();
    assert_eq!(versions, [json!(3), json!(3), json!(3), json!(3)]);
    // To COLL (for SA: ids kept): the shadow mesh needs --drop-shadow-mesh.
    let o = zerocol(&[
        "convert",
        "--to",
        "coll",
        "--for",
        "sa",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("cannot write model 1 \"lamppost_sa\" (at byte 428): "),
        "{}",
        stderr(&o)
    );
    let o = zerocol(&[
        "convert",
        "--to",
        "coll",
        "--for",
        "sa",
        "--drop-shadow-mesh",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("model 1 \"lamppost_sa\": 2 shadow faces dropped, 1 face group dropped"),
        "{}",
        stderr(&o)
    );
    // --recompute-bounds: the lamppost's stored bounds become its content's.
    let o = zerocol(&[
        "convert",
        "--recompute-bounds",
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let json = dump_ok(&[out.path()]);
    let model = &json["models"][0];
    let min = model["bounds"]["min"].as_array().unwrap();
    let vertex_min = (0..3)
        .map(|axis| {
            model["vertices"]
                .as_array()
                .unwrap()
                .iter()
                .chain(
                    model["spheres"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| &s["center"]),
                )
                .map(|v| v[axis].as_f64().unwrap())
                .fold(f64::INFINITY, f64::min)
        })
        .collect::<Vec<_>>();
    assert!(
        min.iter()
            .zip(&vertex_min)
            .all(|(m, v)| m.as_f64().unwrap() <= *v)
    );
    // A .dff's model, written as a .col.
    let o = zerocol(&["convert", &sample("vehicle.dff"), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(std::fs::read(out.path()).unwrap(), &SAMPLE[428..832]);
}

#[test]
fn convert_generates_face_groups_for_coll_meshes_of_more_than_80_faces() {
    // A COLL model with 81 faces over a strip of vertices.
    let vertices: Vec<[f32; 3]> = (0..83)
        .map(|i| [i as f32 * 0.5, (i % 2) as f32, 0.0])
        .collect();
    let mut model = Vec::new();
    model.extend_from_slice(&[0; 40]); // bounds
    model.extend_from_slice(&0u32.to_le_bytes()); // spheres
    model.extend_from_slice(&0u32.to_le_bytes()); // lines
    model.extend_from_slice(&0u32.to_le_bytes()); // boxes
    model.extend_from_slice(&(vertices.len() as u32).to_le_bytes());
    for v in &vertices {
        for c in v {
            model.extend_from_slice(&c.to_le_bytes());
        }
    }
    model.extend_from_slice(&81u32.to_le_bytes());
    for i in 0..81u32 {
        for index in [i, i + 1, i + 2] {
            model.extend_from_slice(&index.to_le_bytes());
        }
        model.extend_from_slice(&[1, 0, 0, 0]);
    }
    let mut file = b"COLL".to_vec();
    file.extend_from_slice(&(model.len() as u32 + 24).to_le_bytes());
    file.extend_from_slice(b"strip\0");
    file.extend_from_slice(&[0; 18]);
    file.extend_from_slice(&model);
    let input = TempFile::new("strip.col", &file);
    let out = TempFile::new("strip3.col", b"");
    let o = zerocol(&[
        "convert",
        "--to",
        "col3",
        "--for",
        "sa",
        input.path(),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let json = dump_ok(&[out.path()]);
    let groups = json["models"][0]["face_groups"].as_array().unwrap();
    // 81 faces: split once, into 40 and 41.
    let ranges: Vec<(u64, u64)> = groups
        .iter()
        .map(|g| (g["first"].as_u64().unwrap(), g["last"].as_u64().unwrap()))
        .collect();
    assert_eq!(ranges.len(), 2, "{ranges:?}");
    assert_eq!(ranges.iter().map(|(a, b)| b - a + 1).sum::<u64>(), 81);
    // --face-groups remove keeps them out.
    let o = zerocol(&[
        "convert",
        "--to",
        "col3",
        "--for",
        "sa",
        "--face-groups",
        "remove",
        input.path(),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        dump_ok(&[out.path()])["models"][0]["face_groups"],
        json!([])
    );
}

#[test]
fn put_replaces_the_collision_of_a_dff() {
    let out = TempFile::new("out.dff", b"");
    // The sample library's lamppost is named like the vehicle's collision model.
    let o = zerocol(&[
        "put",
        &sample("vehicle.dff"),
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: took model 1 \"lamppost_sa\", named like the collision model inside the .dff (--model NAME|INDEX takes another)\n",
            sample("sample.col")
        )
    );
    let json = dump_ok(&[out.path()]);
    assert_eq!(json["models"][0]["name"], "lamppost_sa");
    assert_eq!(json["dff"]["chunk_offset"], 48);
    // The same model, the same bytes: the .dff comes back as it was.
    assert_eq!(out.read(), VEHICLE);
    let o = zerocol(&[
        "put",
        "--model",
        "CRATE_PS2",
        &sample("vehicle.dff"),
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert_eq!(dump_ok(&[out.path()])["models"][0]["name"], "crate_ps2");
    let o = zerocol(&[
        "put",
        &sample("vehicle.dff"),
        &sample("sample.col"),
        &sample("vehicle.dff"),
    ]);
    assert_eq!(code(&o), 2);
}

#[test]
fn put_takes_model_by_name_or_index() {
    let out = TempFile::new("out.dff", b"");
    let put = |model: &str, library: &str| {
        zerocol(&[
            "put",
            "--model",
            model,
            &sample("vehicle.dff"),
            library,
            out.path(),
        ])
    };
    // --model 2: the third model.
    let o = put("2", &sample("sample.col"));
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(dump_ok(&[out.path()])["models"][0]["name"], "crate_ps2");
    // --model NAME, ignoring case.
    let o = put("Empty_COL3", &sample("sample.col"));
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(dump_ok(&[out.path()])["models"][0]["name"], "empty_col3");
    // Past the last index, or no such name: nothing written, exit 2.
    std::fs::remove_file(out.path()).unwrap();
    let o = put("4", &sample("sample.col"));
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: --model 4: the model file holds 4 models, 0 to 3\n",
            sample("sample.col")
        )
    );
    let o = put("nothing", &sample("sample.col"));
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: --model \"nothing\": no model has that name; give --model NAME|INDEX, one of 0 \"bollard_iii\", 1 \"lamppost_sa\", 2 \"crate_ps2\", 3 \"empty_col3\"\n",
            sample("sample.col")
        )
    );
    assert!(!std::path::Path::new(out.path()).exists());
    // A model named with digits is taken by its name before an index: "1" is model 2
    // here, and --model 1 takes it, not model 1 "lamppost_sa".
    let mut digits = SAMPLE.to_vec();
    let at = 832 + 8; // crate_ps2's name
    digits[at..at + 9].copy_from_slice(b"1\0\0\0\0\0\0\0\0");
    let library = TempFile::new("digits.col", &digits);
    let o = put("1", library.path());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let json = dump_ok(&[out.path()]);
    assert_eq!(json["models"][0]["name"], "1");
    assert_eq!(json["models"][0]["version"], 2);
}

#[test]
fn put_chooses_by_the_dff_name_or_refuses_with_the_names() {
    // A library without the lamppost: bollard_iii, crate_ps2, empty_col3.
    let three = [&SAMPLE[..428], &SAMPLE[832..]].concat();
    let library = TempFile::new("three.col", &three);
    let out = TempFile::path_only("out.dff");
    // vehicle.dff (its model "lamppost_sa"): no model is named like it.
    let o = zerocol(&["put", &sample("vehicle.dff"), library.path(), out.path()]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: the model file holds 3 models and none is named like the .dff (file name \"vehicle\", collision model \"lamppost_sa\"): give --model NAME|INDEX, one of 0 \"bollard_iii\", 1 \"crate_ps2\", 2 \"empty_col3\"\n",
            library.path()
        )
    );
    assert!(!std::path::Path::new(out.path()).exists());
    // A .dff named CRATE_PS2.dff: the crate, by its file name, ignoring case.
    let dir = std::env::temp_dir().join(format!("zerocol-cli-{}-put", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let named = TempFile(dir.join("CRATE_PS2.dff"));
    std::fs::write(&named.0, VEHICLE).unwrap();
    let o = zerocol(&["put", named.path(), library.path(), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: took model 1 \"crate_ps2\", named like the .dff's file name (--model NAME|INDEX takes another)\n",
            library.path()
        )
    );
    assert_eq!(dump_ok(&[out.path()])["models"][0]["name"], "crate_ps2");
    // With the lamppost back in the library, the file name and the model inside
    // name two models: put refuses rather than pick one.
    let o = zerocol(&["put", named.path(), &sample("sample.col"), out.path()]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: 2 models are named like the .dff: 1 \"lamppost_sa\" (like the collision model inside the .dff), 2 \"crate_ps2\" (like the .dff's file name): give --model NAME|INDEX\n",
            sample("sample.col")
        )
    );
    drop(named);
    let _ = std::fs::remove_dir(&dir);
    // A library of one model: that model, without a word.
    let one = TempFile::new("one.col", &SAMPLE[..428]);
    let o = zerocol(&["put", &sample("vehicle.dff"), one.path(), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert_eq!(dump_ok(&[out.path()])["models"][0]["name"], "bollard_iii");
}

/// `convert --recompute-bounds` clears the bounds lint it is the advice of: on the
/// vehicle sample, whose shadow mesh reaches past its collision content (the games
/// never test the shadow mesh against the bounds), `info` and `dump` then show no
/// warning, whatever version is written.
#[test]
fn convert_recompute_bounds_of_the_vehicle_leaves_no_bounds_warning() {
    for (to, extra) in [
        ("col3", None),
        ("col2", Some("--drop-shadow-mesh")),
        ("coll", Some("--drop-shadow-mesh")),
    ] {
        // SA's ids kept: COLL is read by SA too.
        let extra = extra.map(|e| [e, "--for", "sa"]);
        let out = TempFile::path_only(&format!("fixed-{to}.col"));
        let vehicle = sample("vehicle.dff");
        let mut args = vec!["convert", "--to", to, "--recompute-bounds"];
        args.extend(extra.into_iter().flatten());
        args.extend([vehicle.as_str(), out.path()]);
        let o = zerocol(&args);
        assert_eq!(code(&o), 0, "{to}: {}", stderr(&o));
        let o = zerocol(&["info", out.path()]);
        assert_eq!(code(&o), 0, "{to}: {}", stderr(&o));
        let info = stdout(&o);
        assert_eq!(info.matches("warning:").count(), 0, "{to}: {info}");
        let json = dump_ok(&[out.path()]);
        assert_eq!(json["models"][0]["lints"], json!([]), "{to}");
        if to == "col3" {
            // The shadow mesh is outside the recomputed box: not content.
            let min_x = json["models"][0]["bounds"]["min"][0].as_f64().unwrap();
            let shadow = json["models"][0]["shadow_vertices"].as_array().unwrap();
            assert!(
                shadow.iter().any(|v| v[0].as_f64().unwrap() < min_x),
                "{json}"
            );
        }
    }
}

#[test]
fn convert_into_a_dff_converts_its_collision_and_keeps_every_other_byte() {
    let out = TempFile::path_only("fixed.dff");
    let col = TempFile::path_only("fixed.col");
    let vehicle = sample("vehicle.dff");
    let o = zerocol(&["convert", "--recompute-bounds", &vehicle, out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let o = zerocol(&["convert", "--recompute-bounds", &vehicle, col.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // The .dff's model is the one written as a .col, bounds recomputed.
    let json = dump_ok(&[out.path()]);
    assert_eq!(json["models"][0]["lints"], json!([]));
    let mut alone = dump_ok(&[col.path()])["models"][0].clone();
    alone["offset"] = json!(60);
    assert_eq!(json["models"][0], alone);
    let fixed = out.read();
    let model = col.read();
    assert_eq!(fixed.len(), VEHICLE.len());
    assert_eq!(&fixed[60..60 + model.len()], &model[..]);
    assert_ne!(&VEHICLE[60..60 + model.len()], &model[..]);
    // Every other byte kept: putting the old model back gives the file back.
    let back = TempFile::path_only("back.dff");
    let o = zerocol(&[
        "put",
        "--model",
        "lamppost_sa",
        out.path(),
        &sample("sample.col"),
        back.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(back.read(), VEHICLE);
    // A .col into a file named .dff is refused, naming `put`; nothing is written.
    let wrong = TempFile::path_only("wrong.dff");
    let o = zerocol(&["convert", &sample("sample.col"), wrong.path()]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: convert writes a .dff only from a .dff (the same .dff, its collision \
             converted), not from gta-col: `zerocol put DFF {} {}` puts a GTA model into a .dff, \
             or give OUTPUT a .col name\n",
            wrong.path(),
            sample("sample.col"),
            wrong.path()
        )
    );
    assert!(!std::path::Path::new(wrong.path()).exists());
}

#[test]
fn lenient_convert_and_put_say_that_they_read_past_a_short_clump() {
    let mut short = VEHICLE.to_vec();
    short[4..8].copy_from_slice(&24u32.to_le_bytes());
    let file = TempFile::new("short.dff", &short);
    let read = "the Clump at byte 0 declares 24 bytes and ends at byte 36, before chunks it holds (read past it)";
    let short = &short[..];
    // Into a .col: the model only.
    let col = TempFile::path_only("short.col");
    let o = zerocol(&["convert", "--lenient", file.path(), col.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!("zerocol: {}: warning: {read}\n", file.path())
    );
    // Into a .dff: the same file back, the Clump as short as it was (it ends before
    // the collision chunk, whose size alone follows the model).
    let out = TempFile::path_only("fixed.dff");
    let o = zerocol(&["convert", "--lenient", file.path(), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!("zerocol: {}: warning: {read}\n", file.path())
    );
    assert_eq!(out.read(), short);
    // put says the same, under the .dff's name.
    let o = zerocol(&[
        "put",
        "--lenient",
        "--model",
        "lamppost_sa",
        file.path(),
        &sample("sample.col"),
        out.path(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: warning: the Clump at byte 0 declares 24 bytes and ends at byte 36, {} \
             bytes before the chunks it holds end (read past it)\n",
            file.path(),
            VEHICLE.len() - 36
        )
    );
    assert_eq!(out.read(), short);
    // A Clump that ends inside the collision chunk ends with the new model: fixed,
    // and said.
    let mut inside = VEHICLE.to_vec();
    inside[4..8].copy_from_slice(&88u32.to_le_bytes());
    let file = TempFile::new("inside.dff", &inside);
    let o = zerocol(&["convert", "--lenient", file.path(), out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {0}: warning: the Clump at byte 0 declares 88 bytes and ends at byte 100, \
             before chunks it holds (read past it)\nzerocol: {0}: warning: the Clump at byte 0, \
             364 bytes short of the chunks it holds, has its size fixed in the output\n",
            file.path()
        )
    );
    assert_eq!(out.read(), VEHICLE);
}
