//! `.dff` files through `info`, `dump` and `check`, and `check`'s totals and `--json`.

use serde_json::json;

use crate::support::cli::{TempFile, code, dump_ok, sample, stderr, stdout, totals, zerocol};

const SAMPLE: &[u8] = include_bytes!("../../../samples/sample.col");
const VEHICLE: &[u8] = include_bytes!("../../../samples/vehicle.dff");

fn chunk(kind: u32, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for word in [kind, body.len() as u32, 0x1803_FFFF] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(body);
    out
}

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
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: byte 4 (0x4): the Clump declares 24 bytes, but the Extension at byte 36 right after it needs a size of 452: the Clump's size is short (lenient reading goes past it)\n",
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
            "{}: ok (dff, COL3 \"lamppost_sa\" at byte 60)\n{}",
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
               "summary": "dff, COL3 \"lamppost_sa\" at byte 60", "warnings": 0})
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
    assert!(lines[3]["warnings"].as_u64().is_some());
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
    let warnings = course["warnings"].as_u64().unwrap() as usize;
    assert!(
        stdout(&o).ends_with(&totals(3, 1, warnings)),
        "{}",
        stdout(&o)
    );
}
