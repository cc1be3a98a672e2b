//! TCOL → BCOL → views, and TCOL → BCOL → TCOL text → views, compared field by
//! field with bit-exact floats and materials, on every accepted conformance
//! file (`tests/fixtures/tcol/`) and on generated bodies (every shape kind,
//! static and dynamic, with and without a trimesh, shared and distinct
//! materials). Shapes are compared grouped by kind: BCOL stores one array per
//! kind, in the order hulls, boxes, cylinders, cones, planes, spheres.

use zerocol::grit::bcol::{Bcol, Options};
use zerocol::grit::{Flavour, sniff, tcol::Tcol};

use crate::support::bcol::{
    Materials, Recipe, bcol_to_bcol, by_kind, expected_from_tcol, parse_tcol, tcol_text,
    tcol_to_bcol, views_of_bcol,
};
use crate::support::rng::{Rng, scale, seed};
use crate::support::tcol;

/// TCOL → BCOL: the BCOL views equal the TCOL views (grouped by kind); the
/// BCOL rewritten from its own views is the same bytes; and the BCOL printed
/// as TCOL reads back to the same views.
#[track_caller]
fn round_trip(text: &[u8]) {
    let tcol = parse_tcol(text);
    let bytes = tcol_to_bcol(&tcol);
    assert_eq!(sniff(&bytes), Some(Flavour::Bcol));
    let file = Bcol::parse(&bytes, Options::STRICT)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(text)));
    assert_eq!(file.tolerated().count(), 0);
    let expected = expected_from_tcol(&tcol);
    assert_eq!(
        views_of_bcol(&file),
        expected,
        "{}",
        String::from_utf8_lossy(text)
    );
    assert_eq!(file.shape_count(), tcol.shape_count());
    // Repair mode reads a correct file the same way.
    let repaired = Bcol::parse(&bytes, Options::LENIENT).unwrap();
    assert_eq!(views_of_bcol(&repaired), expected);
    assert_eq!(repaired.tolerated().count(), 0);
    // BCOL → BCOL is stable.
    assert_eq!(bcol_to_bcol(&file), bytes);
    // BCOL → TCOL text → the same body.
    let mut printed = String::new();
    zerocol::grit::tcol::print(
        &file.attributes(),
        file.shapes(),
        file.trimesh(),
        &mut printed,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sniff(printed.as_bytes()), Some(Flavour::Tcol));
    let again = parse_tcol(printed.as_bytes());
    assert_eq!(expected_from_tcol(&again), expected, "{printed}");
    // And that text → BCOL gives the same bytes again.
    assert_eq!(tcol_to_bcol(&again), bytes);
}

/// The accepted conformance files, with their bytes.
fn fixtures() -> Vec<(String, Vec<u8>)> {
    tcol::verdicts()
        .into_iter()
        .filter(|v| v.accept)
        .map(|v| {
            let bytes = tcol::read(&v.file);
            (v.file, bytes)
        })
        .collect()
}

#[test]
fn every_accepted_conformance_file_round_trips() {
    let files = fixtures();
    assert_eq!(files.len(), 14);
    for (name, text) in files {
        eprintln!("{name}");
        round_trip(&text);
    }
}

#[test]
fn generated_bodies_of_every_kind_round_trip() {
    let base = seed(0xB0C0_1001);
    let mut rng = Rng::new(base);
    for iteration in 0..400 * scale() {
        let recipe = Recipe::random(&mut rng);
        let text = tcol_text(&mut rng, recipe);
        let check = std::panic::catch_unwind(|| round_trip(text.as_bytes()));
        if check.is_err() {
            panic!("seed {base} iteration {iteration} {recipe:?}:\n{text}");
        }
    }
}

#[test]
fn each_combination_round_trips() {
    let mut rng = Rng::new(seed(77));
    for is_static in [true, false] {
        for trimesh in [None, Some(1), Some(40)] {
            for materials in [Materials::Shared, Materials::Distinct] {
                for shapes in [0, 1, 6, 30] {
                    let recipe = Recipe {
                        is_static,
                        shapes,
                        trimesh,
                        materials,
                    };
                    let text = tcol_text(&mut rng, recipe);
                    round_trip(text.as_bytes());
                }
            }
        }
    }
}

#[test]
fn every_shape_kind_is_written_and_read_back() {
    let text = "TCOL1.0 attributes { mass 7; inertia 1 2 3; ccd_motion_threshold 0.5; }
        compound {
            sphere { material \"/common/pmat/Stone\"; centre 1 2 3; radius 0.5; }
            plane { material \"floor\"; normal 0 0 1; distance -1e-3; }
            cone { material \"floor\"; margin 0.1; centre 0 0 1; radius 2; height 3; orientation 0 0 0 1; }
            cylinder { material \"Ünïcødé ✓\"; centre 4 5 6; orientation 0.5 0.5 0.5 0.5; dimensions 1 1 2; }
            box { material \"\"; margin 0; centre -0 -0 -0; dimensions 3.4028235e38 1e-45 1; }
            hull { material \"/common/pmat/Stone\"; margin 0.01; shrink 0; vertexes { 0 0 0; 1e10 -1e-10 16777217; } }
            hull { material \"empty\"; vertexes { } }
        }";
    round_trip(text.as_bytes());
    let tcol = Tcol::parse_str(text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let bytes = tcol_to_bcol(&tcol);
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    let kinds: Vec<_> = file.shapes().map(|s| s.kind().to_string()).collect();
    assert_eq!(
        kinds,
        ["hull", "hull", "box", "cylinder", "cone", "plane", "sphere"]
    );
    assert_eq!(by_kind(file.shapes()), by_kind(tcol.shapes()));
    // -0 stays -0, the smallest subnormal stays itself.
    let shapes: Vec<_> = file.shapes().collect();
    if let zerocol::grit::Shape::Box(b) = shapes[2] {
        assert_eq!(b.centre.map(f32::to_bits), [0x8000_0000; 3]);
        assert_eq!(b.dimensions[1].to_bits(), 1);
    } else {
        panic!("{:?}", shapes[2]);
    }
}

#[test]
fn a_trimesh_without_faces_is_not_a_trimesh_in_bcol() {
    // The engine builds a trimesh only when there are faces; the vertices
    // are written but read back as no trimesh (documented, linted).
    for text in [
        &b"TCOL1.0 attributes { static; } trimesh { vertexes { } faces { } }"[..],
        b"TCOL1.0 attributes { static; } trimesh { edge_distance_threshold 0.5; vertexes { 0 0 0; } faces { } }",
    ] {
        let tcol = parse_tcol(text);
        assert!(tcol.trimesh().is_some());
        let bytes = tcol_to_bcol(&tcol);
        let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
        assert!(file.trimesh().is_none());
        assert_eq!(file.trimesh_vertices().len(), tcol.trimesh().unwrap().vertex_count());
        assert_eq!(views_of_bcol(&file), expected_from_tcol(&tcol));
    }
}
