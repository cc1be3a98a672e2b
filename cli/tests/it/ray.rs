//! `zerocol ray`: the JSON of docs/dump.md with real values, `--model`, the nearest
//! hit over every model, usage errors, other formats, and hostile files.

use serde_json::{Value, json};
use zerocol::gta::{self, Options};
use zerocol::query::{Query, Segment};

use crate::support::cli::{TempFile, code, sample, stderr, stdout, zerocol};
use crate::support::rng::Rng;

fn ray(args: &[&str]) -> Value {
    let o = zerocol(&[&["ray"], args].concat());
    assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 1, "{text}");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn straight_down_through_the_sample_hits_the_lamppost_top() {
    let col = sample("sample.col");
    // The lamppost's mesh (a cube to z = 7.25) is nearer than the bollard's (to 5.25).
    let v = ray(&[&col, "0,0,100", "0,0,-100"]);
    let hit = &v["hit"];
    assert_eq!(hit["model"], 1);
    assert_eq!(hit["name"], "lamppost_sa");
    assert_eq!(hit["primitive"], "face");
    assert_eq!(hit["material"], 16);
    assert_eq!(hit["normal"], json!([0.0, 0.0, 1.0]));
    let t = hit["t"].as_f64().unwrap() as f32;
    // (100 − 7.25) / 200, to float rounding.
    assert!((t - 0.46375).abs() < 1e-6, "{t}");
    let z = hit["point"][2].as_f64().unwrap() as f32;
    assert!((z - 7.25).abs() < 1e-4, "{z}");
    // --model picks the bollard, by index and by name (any case): its box (top at
    // z 6.375) over its sphere (top at 3.5 + 2.75 = 6.25) and its cube (5.25).
    for pick in ["0", "BOLLARD_iii"] {
        let v = ray(&["--model", pick, &col, "1.25,-2,100", "1.25,-2,-100"]);
        assert_eq!(v["hit"]["model"], 0);
        assert_eq!(v["hit"]["name"], "bollard_iii");
        assert_eq!(v["hit"]["primitive"], "box");
        assert_eq!(v["hit"]["index"], 0);
        assert_eq!(v["hit"]["material"], 9);
        assert_eq!(v["hit"]["normal"], json!([0.0, 0.0, 1.0]));
        let t = v["hit"]["t"].as_f64().unwrap();
        assert!((t - (100.0 - 6.375) / 200.0).abs() < 1e-6, "{t}");
        let z = v["hit"]["point"][2].as_f64().unwrap();
        assert!((z - 6.375).abs() < 1e-4, "{z}");
    }
}

#[test]
fn a_dff_casts_against_its_model() {
    // The sample .dff holds the lamppost: the same face as in the library, as model 0.
    let dff = sample("vehicle.dff");
    let v = ray(&[&dff, "0,0,100", "0,0,-100"]);
    let hit = &v["hit"];
    assert_eq!(
        (hit["model"].as_u64(), hit["index"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(
        (hit["name"].as_str(), hit["primitive"].as_str()),
        (Some("lamppost_sa"), Some("face"))
    );
    assert_eq!(hit["material"], 16);
    let t = hit["t"].as_f64().unwrap() as f32;
    assert!((t - 0.46375).abs() < 1e-6, "{t}");
    assert_eq!(
        ray(&["--model", "0", &dff, "50,50,50", "60,50,50"]),
        json!({"hit": null})
    );
    let o = zerocol(&["ray", "--model", "1", &dff, "0,0,1", "0,0,0"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
}

#[test]
fn a_miss_is_null_and_negative_coordinates_parse() {
    let col = sample("sample.col");
    assert_eq!(
        ray(&[&col, "-50,-50,-50", "-60,-50,-50"]),
        json!({"hit": null})
    );
    // Zero-length, inside the crate's box (model 2, box 0 from -1.25,-2.5,0).
    let v = ray(&["--model", "crate_ps2", &col, "-1,-2,0.5", "-1,-2,0.5"]);
    assert_eq!(v["hit"]["primitive"], "box");
    assert_eq!(v["hit"]["t"], 0.0);
    assert_eq!(v["hit"]["normal"], json!([0.0, 0.0, 1.0]));
    // NaN and infinity hit nothing.
    assert_eq!(ray(&[&col, "NaN,0,0", "0,0,0"]), json!({"hit": null}));
    assert_eq!(ray(&[&col, "0,0,inf", "0,0,0"]), json!({"hit": null}));
}

#[test]
fn the_cli_agrees_with_the_library_over_random_segments() {
    let col = sample("sample.col");
    let bytes = std::fs::read(&col).unwrap();
    let models: Vec<_> = gta::models(&bytes, Options::STRICT)
        .map(Result::unwrap)
        .collect();
    let mut rng = Rng::new(0x5EED_0A11);
    let mut hits = 0;
    for _ in 0..40 {
        let p = |rng: &mut Rng| [0; 3].map(|_| rng.range(-8.0, 10.0));
        let (start, end) = (p(&mut rng), p(&mut rng));
        let text = |v: [f32; 3]| format!("{},{},{}", v[0], v[1], v[2]);
        let v = ray(&[&col, &text(start), &text(end)]);
        let segment = Segment::new(start, end);
        let mut best: Option<(usize, zerocol::query::Hit<u8>)> = None;
        for (i, m) in models.iter().enumerate() {
            if let Some(h) = m.cast(segment) {
                if best.as_ref().is_none_or(|(_, b)| h.t < b.t) {
                    best = Some((i, h));
                }
            }
        }
        match best {
            None => assert_eq!(v, json!({"hit": null})),
            Some((i, h)) => {
                hits += 1;
                assert_eq!(v["hit"]["model"], i);
                assert_eq!(v["hit"]["primitive"], h.primitive.name());
                assert_eq!(v["hit"]["index"], h.index);
                assert_eq!(v["hit"]["material"], h.material);
                assert_eq!(v["hit"]["t"].as_f64().unwrap() as f32, h.t);
                let point: Vec<f32> = (0..3)
                    .map(|a| v["hit"]["point"][a].as_f64().unwrap() as f32)
                    .collect();
                assert_eq!(point, h.point);
            }
        }
    }
    assert!(hits >= 5, "{hits}");
}

#[test]
fn usage_errors_say_what_was_expected() {
    let col = sample("sample.col");
    let o = zerocol(&["ray", &col, "1,2", "0,0,0"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("expected three numbers separated by commas (X,Y,Z), found 2 parts"),
        "{}",
        stderr(&o)
    );
    let o = zerocol(&["ray", &col, "1,2,x", "0,0,0"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("Z: expected a number, found \"x\""),
        "{}",
        stderr(&o)
    );
    let o = zerocol(&["ray", "--model", "9", &col, "0,0,1", "0,0,0"]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!("zerocol: {col}: no model 9: the file holds 4 models, numbered from 0 to 3\n")
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn mkgp_battleforge_and_grit_samples_answer_with_their_own_shapes() {
    // MKGP (Y-up): the metal triangle wall closing the platform at x 32, then the
    // ground at y 0 (grass: surface flags 16).
    let col = sample("course.col");
    let wall = &ray(&[&col, "20,5,12", "40,5,12"])["hit"];
    assert_eq!(
        (&wall["primitive"], &wall["material"], &wall["t"]),
        (&json!("wall"), &json!(32), &json!(0.6))
    );
    assert_eq!(wall["point"], json!([32.0, 5.0, 12.0]));
    assert_eq!(wall["normal"], json!([-1.0, 0.0, 0.0]));
    let ground = &ray(&[&col, "5,50,5", "5,-50,5"])["hit"];
    assert_eq!(
        (&ground["primitive"], &ground["material"], &ground["t"]),
        (&json!("face"), &json!(16), &json!(0.5))
    );
    assert!(ground.get("name").is_none());
    // BattleForge: the sphere (centre y 4.5, radius 1.5) from above, then the
    // cylinder lying along X (base at x -7, radius 1) from above and from its end.
    let drs = sample("collision.drs");
    let sphere = &ray(&[&drs, "0,10,0", "0,-10,0"])["hit"];
    assert_eq!(
        (
            &sphere["primitive"],
            &sphere["index"],
            &sphere["t"],
            &sphere["material"]
        ),
        (&json!("sphere"), &json!(0), &json!(0.2), &Value::Null)
    );
    let side = &ray(&[&drs, "-5,10,0", "-5,-10,0"])["hit"];
    assert_eq!(
        (&side["primitive"], &side["t"]),
        (&json!("cylinder"), &json!(0.4))
    );
    assert_eq!(side["point"], json!([-5.0, 2.0, 0.0]));
    let end = &ray(&[&drs, "-8,1,0", "0,1,0"])["hit"];
    assert_eq!(
        (&end["t"], &end["normal"]),
        (&json!(0.125), &json!([-1.0, 0.0, 0.0]))
    );
    // Grit (Z-up): the cylinder (radius 0.1 about the Z axis) from the side, with its
    // material string; the hull's top (z 1.2, grown by its 0.04 margin) from above.
    let tcol = sample("body.tcol");
    let cyl = &ray(&[&tcol, "10,0,0.5", "-10,0,0.5"])["hit"];
    assert_eq!(
        (&cyl["primitive"], &cyl["index"], &cyl["material"]),
        (&json!("cylinder"), &json!(2), &json!("Metal"))
    );
    let x = cyl["point"][0].as_f64().unwrap();
    assert!((x - 0.1).abs() < 1e-6, "{x}");
    let top = &ray(&[&tcol, "0,0,50", "0,0,-50"])["hit"];
    assert_eq!(
        (&top["primitive"], &top["material"]),
        (&json!("hull"), &json!("../shared/Plastic"))
    );
    let z = top["point"][2].as_f64().unwrap();
    assert!((z - 1.24).abs() < 1e-4, "{z}");
    assert_eq!(ray(&[&tcol, "5,5,5", "6,6,6"]), json!({"hit": null}));
}

#[test]
fn hostile_files_end_in_json_or_one_error_line() {
    let bytes = std::fs::read(sample("sample.col")).unwrap();
    let mut rng = Rng::new(0xBAD_0A11);
    for i in 0..30 {
        let mut b = bytes.clone();
        if i % 3 == 0 {
            b.truncate(rng.below(b.len()));
        } else {
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(b.len());
                b[at] = rng.byte();
            }
        }
        let file = TempFile::new("hostile.col", &b);
        for args in [["0,0,100", "0,0,-100"], ["-5,-5,1", "5,5,2"]] {
            let o = zerocol(&["ray", "--lenient", file.path(), args[0], args[1]]);
            assert!(matches!(code(&o), 0 | 1), "{}", stderr(&o));
            assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
            if code(&o) == 0 {
                serde_json::from_str::<Value>(&stdout(&o)).unwrap();
            } else {
                assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
                assert_eq!(stdout(&o), "");
            }
        }
    }
}
