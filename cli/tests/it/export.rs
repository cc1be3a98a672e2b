//! `zerocol export`: every sample to OBJ and `.mtl`, what it says, what it refuses;
//! and the material names `info` shows.

use crate::support::cli::{TempFile, code, sample, stderr, stdout, unknown_format, zerocol};

/// The OBJ and `.mtl` paths of an export, removed when dropped.
struct Outputs {
    obj: TempFile,
    mtl: TempFile,
}

fn outputs(stem: &str) -> Outputs {
    let obj = TempFile::path_only(&format!("{stem}.obj"));
    let mtl = TempFile(obj.0.with_extension("mtl"));
    Outputs { obj, mtl }
}

/// `zerocol export ARGS INPUT OUT`, expecting success: its stdout line and the two
/// files' text.
fn export_ok(input: &str, extra: &[&str]) -> (String, String, String) {
    let out = outputs("export");
    let o = zerocol(&[&["export"], extra, &[input, out.obj.path()]].concat());
    assert_eq!(code(&o), 0, "{input}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "{input}");
    let text = |f: &TempFile| String::from_utf8(f.read()).unwrap();
    (stdout(&o), text(&out.obj), text(&out.mtl))
}

/// What the library writes for a sample, as the tool's line would count it, after
/// `models` (what it says of the models, if the format has them).
fn counts_line(out: &Outputs, models: &str, s: zerocol::obj::Summary) -> String {
    format!(
        "{}: {models}objects {}, vertices {}, faces {}, lines {}, materials {} (in {})\n",
        out.obj.path(),
        s.objects,
        s.vertices,
        s.faces,
        s.lines,
        s.materials,
        out.mtl.path()
    )
}

#[test]
fn export_writes_the_library_output_and_a_mtl_beside_it() {
    let bytes = std::fs::read(sample("sample.col")).unwrap();
    let models: Vec<_> = zerocol::gta::models(&bytes, zerocol::gta::Options::STRICT)
        .collect::<Result<_, _>>()
        .unwrap();
    let out = outputs("library");
    let mtllib = out.mtl.0.file_name().unwrap().to_str().unwrap().to_owned();
    let (mut obj, mut mtl) = (String::new(), String::new());
    let summary = zerocol::obj::gta(&models, None, &mut obj, &mut mtl, Some(&mtllib)).unwrap();
    let o = zerocol(&["export", &sample("sample.col"), out.obj.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // Four models, each at its own origin: the line says so.
    assert_eq!(
        stdout(&o),
        counts_line(
            &out,
            "4 models (each at its own origin; --model NAME|INDEX exports one), ",
            summary
        )
    );
    assert_eq!(out.obj.read(), obj.as_bytes());
    assert_eq!(out.mtl.read(), mtl.as_bytes());
    assert!(obj.contains(&format!("\nmtllib {mtllib}\n")));
    assert_eq!(
        (
            summary.objects,
            summary.vertices,
            summary.faces,
            summary.materials
        ),
        (10, 238, 266, 11)
    );
}

#[test]
fn export_reads_every_sample_format() {
    for (file, objects, materials) in [
        ("sample.col", "objects 10,", "materials 11"),
        ("vehicle.dff", "objects 5,", "materials 6"),
        ("course.col", "objects 3,", "materials 7"),
        ("collision.drs", "objects 4,", "materials 3"),
        ("body.tcol", "objects 4,", "materials 4"),
    ] {
        let (line, obj, mtl) = export_ok(&sample(file), &[]);
        assert!(line.contains(&format!(" {objects} ")), "{file}: {line}");
        assert!(
            line.contains(&format!(", {materials} (in ")),
            "{file}: {line}"
        );
        assert!(obj.starts_with("# zerocol: "), "{file}");
        assert_eq!(
            mtl.matches("\nnewmtl ").count(),
            materials
                .trim_start_matches("materials ")
                .parse::<usize>()
                .unwrap(),
            "{file}"
        );
        {
            // The export target's reader checks the syntax, the indices and the counts.
            let s = |key: &str| -> u64 {
                line.split(&format!("{key} "))
                    .nth(1)
                    .unwrap()
                    .split([',', ' '])
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            let summary = zerocol::obj::Summary {
                objects: s("objects") as u32,
                materials: s("materials") as u32,
                vertices: s("vertices"),
                faces: s("faces"),
                lines: s("lines"),
                ..Default::default()
            };
            zerocol_oracle::obj::read(&obj, &mtl, &summary);
        }
    }
    // A Grit BCOL file, made by convert, exports as its TCOL does.
    let bcol = TempFile::path_only("body.bcol");
    assert_eq!(
        code(&zerocol(&["convert", &sample("body.tcol"), bcol.path()])),
        0
    );
    let (from_bcol, _, _) = export_ok(bcol.path(), &[]);
    let (from_tcol, _, _) = export_ok(&sample("body.tcol"), &[]);
    let counts = |line: &str| {
        line.split_once(": ")
            .unwrap()
            .1
            .split(" (in")
            .next()
            .unwrap()
            .to_owned()
    };
    assert_eq!(counts(&from_bcol), counts(&from_tcol));
}

#[test]
fn export_game_chooses_the_material_names() {
    let (_, _, default) = export_ok(&sample("sample.col"), &[]);
    let (_, _, sa) = export_ok(&sample("sample.col"), &["--game", "sa"]);
    let (_, _, iii) = export_ok(&sample("sample.col"), &["--game", "iii-vc"]);
    // The COLL model's materials 6, 9 and 12 by III/VC's names, then SA's.
    for name in ["CAR", "GARAGE_DOOR", "SCAFFOLD_POLE", "GRASS_MEDIUM_DRY"] {
        assert!(default.contains(&format!("newmtl {name}\n")), "{name}");
    }
    for name in [
        "GRAVEL",
        "GRASS_SHORT_LUSH",
        "GRASS_SHORT_DRY",
        "GRASS_MEDIUM_DRY",
    ] {
        assert!(sa.contains(&format!("newmtl {name}\n")), "{name}");
    }
    // Every model by III/VC's names, the COL2 crate's 19 too.
    assert!(iii.contains("newmtl WATER\n") && iii.contains("newmtl CAR\n"));
    assert!(!iii.contains("GRASS"));
}

#[test]
fn export_refuses_what_it_cannot_write() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["-"],
            "zerocol: standard output: cannot hold what export writes, two files",
        ),
        (&["out.mtl"], "export writes two files"),
        (&[], "refusing to overwrite the input file"),
    ];
    for (output, message) in cases {
        let input = TempFile::new("in.col", &std::fs::read(sample("sample.col")).unwrap());
        let output = output.first().copied().unwrap_or(input.path());
        let o = zerocol(&["export", input.path(), output]);
        assert_eq!(code(&o), 2, "{output}");
        assert!(stderr(&o).contains(message), "{output}: {}", stderr(&o));
        assert_eq!(stdout(&o), "");
    }
    // The .mtl beside the output would be the input.
    let input = TempFile::new("clash.mtl", b"COLL");
    let obj = input.0.with_extension("obj");
    let o = zerocol(&["export", input.path(), obj.to_str().unwrap()]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("refusing to overwrite the input file"));
    assert!(!obj.exists());
}

#[test]
fn export_of_a_malformed_file_writes_nothing() {
    let mut bytes = std::fs::read(sample("sample.col")).unwrap();
    bytes.truncate(500);
    let input = TempFile::new("cut.col", &bytes);
    let out = outputs("cut");
    let o = zerocol(&["export", input.path(), out.obj.path()]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).starts_with(&format!(
            "zerocol: {}: byte 432 (0x1b0): expected the model to end inside the buffer",
            input.path()
        )),
        "{}",
        stderr(&o)
    );
    assert!(!out.obj.0.exists() && !out.mtl.0.exists());

    let unknown = TempFile::new("unknown.bin", b"\x01\x02\x03\x04rest");
    let o = zerocol(&["export", unknown.path(), out.obj.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: {}\n",
            unknown.path(),
            unknown_format(b"\x01\x02\x03\x04")
        )
    );

    // A Clump without collision has nothing to export.
    let clump =
        crate::support::bytes::rw_chunk(0x10, &crate::support::bytes::rw_chunk(0x01, &[0; 12]));
    let dff = TempFile::new("empty.dff", &clump);
    let o = zerocol(&["export", dff.path(), out.obj.path()]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).ends_with(
            ": the .dff holds no collision model: the Clump at byte 0 (to byte 36) has no \
             Extension, where the collision chunk (type 0x253F2FA) would be\n"
        ),
        "{}",
        stderr(&o)
    );
    // An Extension without the collision chunk: where it was looked for.
    let mut body = crate::support::bytes::rw_chunk(0x01, &[0; 12]);
    body.extend(crate::support::bytes::rw_chunk(0x03, &[]));
    let dff = TempFile::new(
        "empty-extension.dff",
        &crate::support::bytes::rw_chunk(0x10, &body),
    );
    let o = zerocol(&["export", dff.path(), out.obj.path()]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).ends_with(
            ": the .dff holds no collision model: the Clump's Extension at byte 36 (0 bytes, \
             to byte 48) has no collision chunk (type 0x253F2FA)\n"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn export_warns_of_coordinates_it_cannot_write() {
    let mut spec = crate::support::gta::ModelSpec::new(b"COLL", "nan");
    spec.vertices = vec![[f32::NAN, 0.0, 0.0], [0.0; 3], [1.0; 3]];
    spec.faces = vec![crate::support::gta::Face {
        indices: [0, 1, 2],
        surface: [0; 4],
    }];
    let input = TempFile::new("nan.col", &spec.build().bytes);
    let out = outputs("nan");
    let o = zerocol(&["export", input.path(), out.obj.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: warning: 1 NaN or infinite coordinate written as 0\n",
            input.path()
        )
    );
}

#[test]
fn info_names_each_models_materials() {
    let info = |extra: &[&str]| {
        let o = zerocol(&[&["info"], extra, &[&sample("sample.col")]].concat());
        assert_eq!(code(&o), 0);
        stdout(&o)
            .lines()
            .filter(|l| l.starts_with("  materials"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        info(&[]),
        [
            "  materials (III/VC names): 6 CAR ×1, 9 GARAGE_DOOR ×1, 12 SCAFFOLD_POLE ×12",
            "  materials (SA names): 13 GRASS_MEDIUM_DRY ×1, 14 GRASS_LONG_DRY ×1, 15 GOLFGRASS_ROUGH ×1, 16 GOLFGRASS_SMOOTH ×12",
            "  materials (SA names): 19 FLOWERBED ×1, 20 MEADOW ×1",
        ]
    );
    assert_eq!(
        info(&["--game", "sa"])[0],
        "  materials (SA names): 6 GRAVEL ×1, 9 GRASS_SHORT_LUSH ×1, 12 GRASS_SHORT_DRY ×12"
    );
    assert_eq!(
        info(&["--game", "iii-vc"])[2],
        "  materials (III/VC names): 19 WATER ×1, 20 WOOD_CRATES ×1"
    );
    // A .dff's model too.
    let o = zerocol(&["info", &sample("vehicle.dff")]);
    assert!(stdout(&o).contains("\n  materials (SA names): 13 GRASS_MEDIUM_DRY ×1,"));
}

#[test]
fn export_names_the_mtl_as_the_obj_can_and_leaves_no_half_pair() {
    // Spaces and `#` cannot be in an OBJ's `mtllib` name: the .mtl is written cleaned.
    let dir = TempFile::path_only("dir");
    std::fs::create_dir(&dir.0).unwrap();
    let obj = dir.0.join("my model#1.obj");
    let o = zerocol(&["export", &sample("sample.col"), obj.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mtl = dir.0.join("my_model_1.mtl");
    assert!(stdout(&o).ends_with(&format!("(in {})\n", mtl.display())));
    let text = std::fs::read_to_string(&obj).unwrap();
    assert!(text.contains("\nmtllib my_model_1.mtl\n"));
    assert!(mtl.is_file());
    std::fs::remove_file(&obj).unwrap();
    std::fs::remove_file(&mtl).unwrap();
    // A .mtl that cannot be written takes its OBJ with it.
    let obj = dir.0.join("blocked.obj");
    std::fs::create_dir(dir.0.join("blocked.mtl")).unwrap();
    let o = zerocol(&["export", &sample("sample.col"), obj.to_str().unwrap()]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("blocked.mtl: cannot write"),
        "{}",
        stderr(&o)
    );
    assert!(!obj.exists());
    std::fs::remove_dir_all(&dir.0).unwrap();
}

#[test]
fn export_model_writes_that_model_alone() {
    let bytes = std::fs::read(sample("sample.col")).unwrap();
    let models: Vec<_> = zerocol::gta::models(&bytes, zerocol::gta::Options::STRICT)
        .collect::<Result<_, _>>()
        .unwrap();
    // By index and by name (ignoring case), the same model: lamppost_sa, model 1.
    for pick in ["1", "LAMPPOST_SA"] {
        let out = outputs("one");
        let mtllib = out.mtl.0.file_name().unwrap().to_str().unwrap().to_owned();
        let (mut obj, mut mtl) = (String::new(), String::new());
        let summary =
            zerocol::obj::gta(&models[1..2], None, &mut obj, &mut mtl, Some(&mtllib)).unwrap();
        let o = zerocol(&[
            "export",
            "--model",
            pick,
            &sample("sample.col"),
            out.obj.path(),
        ]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert_eq!(stdout(&o), counts_line(&out, "1 model of 4, ", summary));
        let text = String::from_utf8(out.obj.read()).unwrap();
        assert_eq!(text, obj);
        let objects: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("o ")).collect();
        assert_eq!(
            objects,
            [
                "lamppost_sa/faces",
                "lamppost_sa/sphere/0",
                "lamppost_sa/sphere/1",
                "lamppost_sa/box/0",
                "lamppost_sa/shadow"
            ]
        );
        assert_eq!(
            (summary.objects, summary.vertices, summary.faces),
            (5, 144, 164)
        );
    }
}

#[test]
fn export_model_refuses_a_model_the_file_does_not_hold() {
    let out = outputs("none");
    let o = zerocol(&[
        "export",
        "--model",
        "nope",
        &sample("sample.col"),
        out.obj.path(),
    ]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: no model named \"nope\" (ignoring case): the file holds 4 models: \"bollard_iii\", \"lamppost_sa\", \"crate_ps2\", \"empty_col3\"\n",
            sample("sample.col")
        )
    );
    assert!(!out.obj.0.exists() && !out.mtl.0.exists());
    let o = zerocol(&[
        "export",
        "--model",
        "4",
        &sample("sample.col"),
        out.obj.path(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).ends_with(": no model 4: the file holds 4 models, numbered from 0 to 3\n"));
    // A .dff holds one model, numbered 0.
    let o = zerocol(&[
        "export",
        "--model",
        "1",
        &sample("vehicle.dff"),
        out.obj.path(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).ends_with(": no model 1: the file holds 1 model, numbered from 0 to 0\n"));
    // A format without models.
    let o = zerocol(&[
        "export",
        "--model",
        "0",
        &sample("body.tcol"),
        out.obj.path(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).ends_with(
        ": --model picks a model of a GTA .col library or a .dff; this is a tcol file, which has no models\n"
    ));
    assert!(!out.obj.0.exists() && !out.mtl.0.exists());
}
