//! The fuzz targets' own checks (the `zerocol-oracle` crate, `oracle/`), replayed on
//! the regressions in `tests/regressions/<format>/` and the seeds in
//! `fuzz/seeds/<target>/`. A crash a fuzzer found stays fixed because its file runs
//! here on every `cargo test`, on every target CI tests (big-endian ones included).
//! The `any` target's corpus (`fuzz/corpus/any/`) replays in the tool's tests
//! (`cli/tests/it/fuzz.rs`). The rest of the campaign's corpus (`fuzz/corpus/`, thousands of files) is
//! replayed by `fuzz/run replay` through the optimized targets instead: here,
//! unoptimized and under qemu-user, it would take minutes.
//!
//! `kinds` proves every error kind of every format is produced by at least one of the
//! committed seeds or regression files.

use std::fs;
use std::path::{Path, PathBuf};

use zerocol_oracle::{battleforge, grit, gta, img, mkgp, obj, query};

mod kinds;

// Per format: the seeds its writers make, its error-kind list, its round-trip replays.
mod seeds_battleforge;
mod seeds_grit;
mod seeds_gta;
mod seeds_img;
mod seeds_mkgp;

/// Seed files by name, with their bytes.
type Seeds = Vec<(String, Vec<u8>)>;

/// Every raw-bytes target and the seeds the project's writers make for it.
fn seed_sets() -> Vec<(&'static str, Seeds)> {
    vec![
        ("gta", seeds_gta::seeds()),
        ("mkgp", seeds_mkgp::seeds()),
        ("battleforge", seeds_battleforge::seeds()),
        ("grit", seeds_grit::seeds()),
        ("img", seeds_img::seeds()),
        ("roundtrip_dff", dff_seeds()),
        ("query", query_seeds()),
    ]
}

/// Query blocks (`zerocol_oracle::query::Params`) that the seeds and the replays of
/// GTA's inputs use: a segment down through the bounds' centre, one from far away
/// across, one of zero length; a ball at the centre, one off it, one with NaN.
fn query_params() -> Vec<query::Params> {
    use zerocol::query::{Ball, Segment};
    let ball = |center, radius| Ball { center, radius };
    vec![
        query::Params {
            mode: 3,
            segment: Segment::new([0.0, 0.0, 50.0], [0.0, 0.0, -50.0]),
            ball: ball([0.0; 3], 1.5),
        },
        query::Params {
            mode: 3,
            segment: Segment::new([-40.0, -30.0, -20.0], [40.0, 30.0, 20.0]),
            ball: ball([0.5, 0.25, 1.0], 0.75),
        },
        query::Params {
            mode: 0,
            segment: Segment::new([0.25, 0.5, 0.75], [0.25, 0.5, 0.75]),
            ball: ball([f32::NAN, 0.0, 0.0], 1.0),
        },
    ]
}

/// `query`'s seeds: each model of the sample library, and the whole library, behind
/// each query block.
fn query_seeds() -> Seeds {
    let sample = fs::read(root().join("samples/sample.col")).unwrap();
    let mut files: Vec<Vec<u8>> = zerocol::gta::models(&sample, zerocol::gta::Options::STRICT)
        .map(|m| m.unwrap().bytes().to_vec())
        .collect();
    files.push(sample.clone());
    let mut seeds = Seeds::new();
    for (p, params) in query_params().into_iter().enumerate() {
        for (i, file) in files.iter().enumerate() {
            let mut input = params.to_bytes().to_vec();
            input.extend_from_slice(file);
            seeds.push((format!("sample-{i}-query-{p}.bin"), input));
        }
    }
    // The other formats' samples, each behind a segment that hits it (the target
    // casts on every format that reads the bytes).
    use zerocol::query::{Ball, Segment};
    type Case = (&'static str, [f32; 3], [f32; 3], [f32; 3]);
    let others: [Case; 3] = [
        (
            "course.col",
            [20.0, 5.0, 12.0],
            [40.0, 5.0, 12.0],
            [5.0, 1.0, 5.0],
        ),
        (
            "collision.drs",
            [-5.0, 10.0, 0.0],
            [-5.0, -10.0, 0.0],
            [0.0, 4.5, 0.0],
        ),
        (
            "body.tcol",
            [0.0, 0.0, 50.0],
            [0.0, 0.0, -50.0],
            [0.0, 0.0, 0.25],
        ),
    ];
    for (name, start, end, center) in others {
        let params = query::Params {
            mode: 0,
            segment: Segment::new(start, end),
            ball: Ball {
                center,
                radius: 1.0,
            },
        };
        let mut input = params.to_bytes().to_vec();
        input.extend_from_slice(&fs::read(root().join("samples").join(name)).unwrap());
        seeds.push((format!("{name}-query.bin"), input));
    }
    seeds
}

/// `roundtrip_dff`'s seeds (see `zerocol_oracle::gta::split_dff_input`): each model
/// of the sample library glued to the sample `.dff`, one to a `.dff` whose payload is
/// headerless, and one to a Clump without an Extension.
fn dff_seeds() -> Seeds {
    let chunk = crate::support::bytes::rw_chunk;
    let glue = |model: &[u8], dff: &[u8]| {
        let mut out = (model.len() as u16).to_le_bytes().to_vec();
        out.extend_from_slice(model);
        out.extend_from_slice(dff);
        out
    };
    let sample = fs::read(root().join("samples/sample.col")).unwrap();
    let vehicle = fs::read(root().join("samples/vehicle.dff")).unwrap();
    let models: Vec<Vec<u8>> = zerocol::gta::models(&sample, zerocol::gta::Options::STRICT)
        .map(|m| m.unwrap().bytes().to_vec())
        .collect();
    let mut seeds: Seeds = models
        .iter()
        .enumerate()
        .map(|(i, m)| (format!("sample-model-{i}.bin"), glue(m, &vehicle)))
        .collect();
    let strukt = chunk(0x01, &[0; 12]);
    let headerless = chunk(
        0x10,
        &[
            strukt.clone(),
            chunk(0x03, &chunk(0x0253_F2FA, &models[0][32..])),
        ]
        .concat(),
    );
    seeds.push(("headerless.bin".into(), glue(&models[2], &headerless)));
    seeds.push((
        "no-extension.bin".into(),
        glue(&models[0], &chunk(0x10, &strukt)),
    ));
    seeds
}

/// `fuzz/seeds/<target>/` holds exactly what the writers make today. Run with
/// `ZEROCOL_WRITE_SEEDS=1` to write them after changing a writer or a seed.
#[test]
fn seeds_are_current() {
    let write = std::env::var_os("ZEROCOL_WRITE_SEEDS").is_some();
    for (target, seeds) in seed_sets() {
        let dir = root().join("fuzz/seeds").join(target);
        assert!(!seeds.is_empty(), "{target}: no seeds");
        if write {
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            for (name, bytes) in &seeds {
                fs::write(dir.join(name), bytes).unwrap();
            }
        }
        let mut expected: Vec<(PathBuf, Vec<u8>)> = seeds
            .into_iter()
            .map(|(name, bytes)| (dir.join(name), bytes))
            .collect();
        expected.sort();
        let committed = files_in(&dir);
        let names = |files: &[(PathBuf, Vec<u8>)]| -> Vec<PathBuf> {
            files.iter().map(|(p, _)| p.clone()).collect()
        };
        assert_eq!(
            names(&committed),
            names(&expected),
            "{target}: the seed files differ from what the writers make (ZEROCOL_WRITE_SEEDS=1 rewrites them)"
        );
        for ((path, got), (_, want)) in committed.iter().zip(&expected) {
            assert!(
                got == want,
                "{}: differs from what the writers make (ZEROCOL_WRITE_SEEDS=1 rewrites it)",
                path.display()
            );
        }
    }
}

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file in `dir` (none if it does not exist), sorted, with its bytes; dotfiles
/// (`.gitkeep`) skipped.
pub fn files_in(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.is_file())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let bytes = fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, bytes)
        })
        .collect()
}

/// The committed files a raw-bytes target replays here: its regressions and seeds.
pub fn committed(format: &str, target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = files_in(&root().join("tests/regressions").join(format));
    files.extend(files_in(&root().join("fuzz/seeds").join(target)));
    files
}

/// Runs `check` on every committed file of `target`, naming the file that fails.
fn replay(format: &str, target: &str, check: fn(&[u8])) -> usize {
    let files = committed(format, target);
    for (path, bytes) in &files {
        let result = std::panic::catch_unwind(|| check(bytes));
        if let Err(panic) = result {
            eprintln!("replaying {}", path.display());
            std::panic::resume_unwind(panic);
        }
    }
    files.len()
}

#[test]
fn gta_inputs_replay() {
    assert!(replay("gta", "gta", gta::bytes) > 0);
}

/// `query`'s seeds, every committed GTA input as `query` reads it (its regressions
/// live with GTA's), and each of those inputs as a file behind each of the seeds'
/// query blocks.
#[test]
fn query_inputs_replay() {
    assert!(replay("gta", "query", query::bytes) > 0);
    let params = query_params();
    let files = committed("gta", "gta");
    assert!(!files.is_empty());
    for (path, bytes) in &files {
        for &p in &params {
            let result = std::panic::catch_unwind(|| query::file(bytes, p));
            if let Err(panic) = result {
                eprintln!("replaying {} with {p:?}", path.display());
                std::panic::resume_unwind(panic);
            }
        }
    }
}

#[test]
fn mkgp_inputs_replay() {
    assert!(replay("mkgp", "mkgp", mkgp::bytes) > 0);
}

#[test]
fn battleforge_inputs_replay() {
    assert!(replay("battleforge", "battleforge", battleforge::bytes) > 0);
}

#[test]
fn grit_inputs_replay() {
    assert!(replay("grit", "grit", grit::bytes) > 0);
}

/// The `img` target's seeds and regressions, and its corpus (`fuzz/corpus/img/`,
/// small enough to replay here).
#[test]
fn img_inputs_replay() {
    assert!(replay("img", "img", img::bytes) > 0);
    for (path, bytes) in files_in(&root().join("fuzz/corpus/img")) {
        let result = std::panic::catch_unwind(|| img::bytes(&bytes));
        if let Err(panic) = result {
            eprintln!("replaying {}", path.display());
            std::panic::resume_unwind(panic);
        }
    }
}

/// `export`'s check on every committed input of every format, and on the samples.
#[test]
fn export_inputs_replay() {
    let mut total = 0;
    for format in ["gta", "mkgp", "battleforge", "grit"] {
        total += replay(format, format, obj::bytes);
    }
    assert!(total > 0);
    for (path, bytes) in files_in(&root().join("samples")) {
        let result = std::panic::catch_unwind(|| obj::bytes(&bytes));
        if let Err(panic) = result {
            eprintln!("exporting {}", path.display());
            std::panic::resume_unwind(panic);
        }
    }
}

/// `roundtrip_gta`'s check on every committed GTA input under every combination of
/// write options, and on the fuzzer's own finds (`tests/regressions/gta/roundtrip-*`,
/// options and bytes as `arbitrary` encoded them).
#[test]
#[cfg(feature = "arbitrary")]
fn gta_inputs_round_trip_under_every_write_option() {
    use arbitrary::{Arbitrary, Unstructured};
    use zerocol::gta::Version;
    use zerocol::gta::{FaceGroupMode, WriteOptions};

    let files = committed("gta", "gta");
    for (path, bytes) in &files {
        for version in [
            None,
            Some(Version::Coll),
            Some(Version::Col2),
            Some(Version::Col3),
            Some(Version::Col4),
        ] {
            for face_groups in [
                FaceGroupMode::Keep,
                FaceGroupMode::Generate,
                FaceGroupMode::Remove,
            ] {
                for bits in 0..4 {
                    let mut options = WriteOptions::AS_IS;
                    options.version = version;
                    options.face_groups = face_groups;
                    options.recompute_bounds = bits & 1 != 0;
                    options.drop_shadow_mesh = bits & 2 != 0;
                    let result = std::panic::catch_unwind(|| gta::round_trip(bytes, options));
                    if let Err(panic) = result {
                        eprintln!("round trip of {} under {options:?}", path.display());
                        std::panic::resume_unwind(panic);
                    }
                }
            }
        }
    }
    let mut finds = 0;
    for (path, bytes) in &files {
        let is_find = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("roundtrip-"));
        if is_find {
            let (options, data) =
                <(WriteOptions, &[u8])>::arbitrary_take_rest(Unstructured::new(bytes)).unwrap();
            gta::round_trip(data, options);
            finds += 1;
        }
    }
    assert!(finds > 0);
}

/// `roundtrip_dff`'s check on `.dff` files of every shape the reader knows (the
/// sample; a UV dictionary first; no Extension; no collision; a headerless payload;
/// short Clumps) with every model of the sample library and of the committed GTA
/// inputs put in.
#[test]
fn dff_shapes_round_trip_every_committed_model() {
    let chunk = crate::support::bytes::rw_chunk;
    let vehicle = fs::read(root().join("samples/vehicle.dff")).unwrap();
    let sample = fs::read(root().join("samples/sample.col")).unwrap();
    let strukt = chunk(0x01, &[0; 12]);
    let mut dffs = vec![vehicle.clone()];
    let mut uv = chunk(0x2B, &[1, 2, 3, 4]);
    uv.extend_from_slice(&vehicle);
    dffs.push(uv);
    dffs.push(chunk(0x10, &strukt));
    dffs.push(chunk(
        0x10,
        &[strukt.clone(), chunk(0x03, &chunk(0x0253_F2F8, &[9; 5]))].concat(),
    ));
    dffs.push(chunk(
        0x10,
        &[
            strukt.clone(),
            chunk(0x03, &chunk(0x0253_F2FA, &sample[32..428])),
        ]
        .concat(),
    ));
    let mut short = vehicle.clone();
    short[4..8].copy_from_slice(&24u32.to_le_bytes());
    dffs.push(short);
    let mut straddling = vehicle.clone();
    straddling[4..8].copy_from_slice(&100u32.to_le_bytes());
    dffs.push(straddling);
    let mut cols: Vec<Vec<u8>> = zerocol::gta::models(&sample, zerocol::gta::Options::STRICT)
        .map(|m| m.unwrap().bytes().to_vec())
        .collect();
    cols.extend(committed("gta", "gta").into_iter().map(|(_, bytes)| bytes));
    for dff in &dffs {
        for col in &cols {
            gta::dff_round_trip(dff, col);
        }
    }
    // The fuzzer's finds, in its input form.
    let mut finds = 0;
    for (path, bytes) in committed("gta", "gta") {
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("dff-"))
        {
            let (col, dff) = gta::split_dff_input(&bytes);
            gta::dff_round_trip(dff, col);
            finds += 1;
        }
    }
    assert_eq!(finds, 2);
}
