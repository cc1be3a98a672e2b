//! grit: the seeds the project's writers make for the `grit` target, every error kind
//! produced by a committed file, and the round-trip replays.
//!
//! Seeds: TCOL bodies of every shape kind printed by the canonical printer
//! (`TcolFile`), the same bodies written by `bcol::write` (`BcolFile`), the shipped
//! `samples/body.tcol` and its BCOL, the TCOL conformance files
//! (`tests/fixtures/tcol/`), every old dialect the lenient option reads, BCOL files
//! with Grit's converter's material offsets (what LENIENT repairs) and with values TCOL
//! cannot hold, and one broken file per TCOL and BCOL `ErrorKind`.

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Unstructured};
use zerocol::generate::{
    BcolFile, Generated, GritBody, GritBoxLike, GritFace, GritShape, GritTrimesh, TcolFile,
};
use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::{self, Attributes, IDENTITY_ORIENTATION, tcol::Tcol};

use super::grit::{bcol_options, round_trip_bcol, round_trip_tcol, tcol_options};
use crate::support::bcol::{at, grit_box_bug, grit_hull_bug};
use crate::support::bytes::{set_f32, set_u32, u32_at};
use crate::support::rng::{Rng, scale, seed};

fn boxed(material: &str, dimensions: [f32; 3], orientation: [f32; 4]) -> GritBoxLike {
    GritBoxLike {
        material: material.into(),
        margin: 0.04,
        centre: [0.0, 0.0, 0.5],
        orientation,
        dimensions,
    }
}

/// One shape of every kind, with materials shared and not.
fn every_shape() -> Vec<GritShape> {
    vec![
        GritShape::Sphere {
            material: "/common/Rubber".into(),
            centre: [0.0, 0.0, -0.05],
            radius: 0.1,
        },
        GritShape::Hull {
            material: "../shared/Plastic".into(),
            margin: 0.04,
            shrink: 0.0,
            vertices: vec![
                [0.3, 0.3, 0.6],
                [-0.3, 0.3, 0.6],
                [0.3, -0.3, 0.6],
                [0.0, 0.0, 1.2],
            ],
        },
        GritShape::Box(boxed(
            "/common/props/Wood",
            [1.2, 0.8, 0.1],
            [0.965_925_8, 0.0, 0.0, 0.258_819],
        )),
        GritShape::Cylinder(GritBoxLike {
            margin: 0.02,
            ..boxed("Metal", [0.2, 0.2, 0.5], IDENTITY_ORIENTATION)
        }),
        GritShape::Cone {
            material: "Metal".into(),
            margin: 0.0,
            centre: [1.0, 2.0, 3.0],
            orientation: IDENTITY_ORIENTATION,
            radius: 0.5,
            height: 2.0,
        },
        GritShape::Plane {
            material: "/common/Stone".into(),
            normal: [0.0, 0.0, 1.0],
            distance: -1.5,
        },
    ]
}

/// A trimesh of two triangles and what the mesh lints report: a repeated index, a
/// duplicate face, a zero-area face, an unused vertex.
fn trimesh(margin: f32, edge_distance_threshold: f32) -> GritTrimesh {
    let face = |indices, material: &str| GritFace {
        indices,
        material: material.into(),
    };
    GritTrimesh {
        margin,
        edge_distance_threshold,
        vertices: vec![
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [1.0, 1.0, 0.0],
            [2.0, 2.0, 0.0],
            [9.0, 9.0, 9.0],
        ],
        faces: vec![
            face([0, 1, 2], "/common/Stone"),
            face([1, 3, 2], "/common/Stone"),
            face([2, 1, 0], "Grass"),
            face([0, 3, 4], "Grass"),
            face([0, 0, 1], "Metal"),
        ],
    }
}

fn dynamic() -> Attributes {
    Attributes {
        is_static: false,
        mass: 30.0,
        inertia: Some([1.25, 1.5, 0.875]),
        linear_damping: 0.25,
        angular_sleep_threshold: 0.6,
        ..Attributes::STATIC
    }
}

/// The bodies both writers write, by name.
fn bodies() -> Vec<(&'static str, GritBody)> {
    let doubtful = vec![
        GritShape::Box(boxed("a", [0.0, -1.0, 1.0], [2.0, 0.0, 0.0, 0.0])),
        GritShape::Cylinder(boxed("b", [1.0, 2.0, -0.0], [0.5, 0.5, 0.5, 0.0])),
        GritShape::Cone {
            material: "c".into(),
            margin: 0.0,
            centre: [0.0; 3],
            orientation: [0.0; 4],
            radius: -1.0,
            height: 0.0,
        },
        GritShape::Plane {
            material: "d'".into(),
            normal: [0.0, 0.0, 2.0],
            distance: 0.0,
        },
        GritShape::Sphere {
            material: String::new(),
            centre: [0.0; 3],
            radius: -0.0,
        },
        GritShape::Hull {
            material: "e".into(),
            margin: 0.0,
            shrink: 0.0,
            vertices: vec![],
        },
    ];
    vec![
        (
            "dynamic-every-shape-trimesh",
            GritBody {
                attributes: dynamic(),
                shapes: every_shape(),
                trimesh: Some(trimesh(0.1, grit::DEFAULT_EDGE_DISTANCE_THRESHOLD)),
            },
        ),
        (
            "static-every-shape-trimesh",
            GritBody {
                attributes: Attributes::STATIC,
                shapes: every_shape(),
                trimesh: Some(trimesh(0.0, 0.25)),
            },
        ),
        (
            "static-trimesh-only",
            GritBody {
                attributes: Attributes {
                    ccd_motion_threshold: 1.0,
                    ccd_swept_sphere_radius: 0.2,
                    linear_sleep_threshold: -1.0,
                    ..Attributes::STATIC
                },
                shapes: vec![],
                trimesh: Some(trimesh(0.0, grit::DEFAULT_EDGE_DISTANCE_THRESHOLD)),
            },
        ),
        (
            "static-empty-compound",
            GritBody {
                attributes: Attributes::STATIC,
                shapes: vec![],
                trimesh: None,
            },
        ),
        (
            "dynamic-doubtful-values",
            GritBody {
                attributes: Attributes {
                    mass: 1e-45,
                    angular_damping: 0.0,
                    ..dynamic()
                },
                shapes: doubtful,
                trimesh: Some(GritTrimesh {
                    vertices: vec![[1e30, -3.402_823_5e38, 1e-40]],
                    faces: vec![],
                    ..trimesh(0.04, grit::DEFAULT_EDGE_DISTANCE_THRESHOLD)
                }),
            },
        ),
    ]
}

/// A text file of the fixtures or samples.
fn read(path: &str) -> Vec<u8> {
    std::fs::read(super::root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// BCOL written by `bcol::write` from a TCOL text's views.
fn tcol_to_bcol(text: &[u8]) -> Vec<u8> {
    let tcol = Tcol::parse(text, grit::tcol::Options::LENIENT).expect("a TCOL seed parses");
    crate::support::bcol::tcol_to_bcol(&tcol)
}

/// The old dialects the lenient option reads (each a strict error).
const DIALECTS: [(&str, &str); 4] = [
    (
        "dialect-no-attributes.tcol",
        "TCOL1.0\ncompound { box { material \"m\"; centre 0 0 0; dimensions 1 1 1; } }\n\
         trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"m\"; } }\n",
    ),
    (
        "dialect-hex-faces.tcol",
        "TCOL1.0\nattributes { static; }\ntrimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; 1 1 0; }\n\
         faces { 0 1 2 0x7; 1 3 2 0xFf; 2 3 1 \"m\"; } }\n",
    ),
    (
        "dialect-static-trimesh-margin.tcol",
        "TCOL1.0\nattributes { static; }\ntrimesh { margin 0.1; edge_distance_threshold 0.5;\n\
         vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"m\"; } }\n",
    ),
    (
        "dialect-all-three.tcol",
        "TCOL1.0 // no attributes, a zero margin, hex flags, synonyms, comments\n\
         /* compound */ trimesh { margin -0.0; vertices { 0 0 0; 1 0 0; 0 1 0; }\n\
         faces { 0 1 2 0x1; 0 2 1 0x2 } }",
    ),
];

/// One broken TCOL text per `ErrorKind`, by kind name.
const TCOL_ERRORS: [(&str, &[u8]); 14] = [
    ("BadHeader", b"TCOL1.1 attributes { static; } compound { }"),
    ("NulByte", b"TCOL1.0 attributes { static; }\0 compound { }"),
    ("Unexpected", b"TCOL1.0 attributes { static; } compound { capsule { } }"),
    (
        "InvalidUtf8",
        b"TCOL1.0 attributes { static; } compound { sphere { material \"a\xff\"; centre 0 0 0; radius 1; } }",
    ),
    ("NumberOutOfRange", b"TCOL1.0 attributes { mass 1e39; } compound { }"),
    ("Negative", b"TCOL1.0 attributes { mass 1; linear_damping -0.5; } compound { }"),
    ("ZeroMass", b"TCOL1.0 attributes { mass 0.0; } compound { }"),
    ("StaticWithMass", b"TCOL1.0 attributes { static; mass 2; } compound { }"),
    ("NeitherStaticNorMass", b"TCOL1.0 attributes { inertia 1 1 1; } compound { }"),
    ("Duplicate", b"TCOL1.0 attributes { static; ccd_motion_threshold 1; ccd_motion_threshold 2; } compound { }"),
    (
        "ShrinkAfterVertexes",
        b"TCOL1.0 attributes { static; } compound { hull { material \"m\"; vertexes { 0 0 0; }; shrink 0.1; } }",
    ),
    (
        "SecondVertexList",
        b"TCOL1.0 attributes { static; } compound { hull { material \"m\"; vertexes { 0 0 0; }; vertexes { } } }",
    ),
    ("MissingProperty", b"TCOL1.0 attributes { static; } compound { box { material \"m\"; centre 0 0 0; } }"),
    (
        "IndexOutOfRange",
        b"TCOL1.0 attributes { static; } trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 3 \"m\"; } }",
    ),
];

/// A valid BCOL file with two hulls and two boxes among other shapes, and where its
/// records are: the base of the broken BCOL seeds.
fn base_bcol() -> Vec<u8> {
    let body = GritBody {
        attributes: dynamic(),
        shapes: {
            let mut s = every_shape();
            s.push(s[1].clone());
            s.push(GritShape::Box(boxed(
                "/common/Concrete",
                [1.0; 3],
                IDENTITY_ORIENTATION,
            )));
            s
        },
        trimesh: Some(trimesh(0.04, grit::DEFAULT_EDGE_DISTANCE_THRESHOLD)),
    };
    BcolFile::new(body).expect("writable").bytes().to_vec()
}

/// The base file with `forge` applied.
fn forged(forge: impl FnOnce(&mut Vec<u8>, &Bcol<'_>)) -> Vec<u8> {
    let base = base_bcol();
    let file = Bcol::parse(&base, bcol::Options::STRICT).expect("the base parses");
    let mut bytes = base.clone();
    forge(&mut bytes, &file);
    bytes
}

/// One broken BCOL file per `ErrorKind`, by kind name.
fn bcol_errors() -> Vec<(&'static str, Vec<u8>)> {
    let base = base_bcol();
    vec![
        ("Truncated", base[..100].to_vec()),
        ("BadMagic", {
            let mut b = base.clone();
            b[6] = b'1';
            b
        }),
        (
            "SectionOutOfBounds",
            forged(|b, _| set_u32(b, at::SPHERES + 4, u32::MAX - 3)),
        ),
        (
            "HullVerticesOutOfBounds",
            forged(|b, f| {
                let hull = f.hulls().start();
                set_u32(b, hull + 12, 0x7000_0000);
            }),
        ),
        ("Capsules", forged(|b, _| set_u32(b, at::CAPSULES, 1))),
        (
            "MaterialOutsideTable",
            forged(|b, f| set_u32(b, f.spheres().start(), 4)),
        ),
        (
            "MaterialInsideString",
            forged(|b, f| {
                let at = f.planes().start();
                let stored = u32_at(b, at);
                set_u32(b, at, stored + 2);
            }),
        ),
        (
            "MaterialUnterminated",
            forged(|b, _| {
                b.pop();
            }),
        ),
        (
            "MaterialInvalidUtf8",
            forged(|b, f| {
                let table = f.string_table_offset();
                b[table + 1] = 0xFF;
            }),
        ),
        ("GritMaterialOffsets", forged(|b, _| grit_hull_bug(b))),
        (
            "FaceIndexOutOfRange",
            forged(|b, f| {
                let face = f.trimesh_faces().start();
                set_u32(b, face + 8, f.trimesh_vertices().len() as u32);
            }),
        ),
    ]
}

/// The seeds of `fuzz/seeds/grit/`, by file name.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    for (name, body) in bodies() {
        if let Some(file) = TcolFile::new(body.clone()) {
            out.push((format!("valid-{name}.tcol"), file.bytes().to_vec()));
        }
        if let Some(file) = BcolFile::new(body) {
            out.push((format!("valid-{name}.bcol"), file.bytes().to_vec()));
        }
    }
    // A hull's shrink: TCOL only (BCOL has none).
    let mut shrink = GritBody {
        attributes: dynamic(),
        shapes: every_shape(),
        trimesh: None,
    };
    if let GritShape::Hull { shrink: s, .. } = &mut shrink.shapes[1] {
        *s = 0.01;
    }
    out.push((
        "valid-hull-shrink.tcol".into(),
        TcolFile::new(shrink).expect("printable").bytes().to_vec(),
    ));

    // The shipped sample, as it is and as BCOL.
    let sample = read("samples/body.tcol");
    out.push(("sample-body.bcol".into(), tcol_to_bcol(&sample)));
    out.push(("sample-body.tcol".into(), sample));

    // The conformance files, as they are.
    for (path, bytes) in super::files_in(&super::root().join("tests/fixtures/tcol")) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".tcol") {
            out.push((format!("conformance-{name}"), bytes));
        }
    }

    // The old dialects, as TCOL, and their BCOL.
    for (name, text) in DIALECTS {
        out.push((name.into(), text.as_bytes().to_vec()));
        out.push((
            name.replace(".tcol", ".bcol"),
            tcol_to_bcol(text.as_bytes()),
        ));
    }

    // Grit's converter's material offsets: strict rejects them, lenient repairs.
    out.push((
        "grit-hull-offsets.bcol".into(),
        forged(|b, _| grit_hull_bug(b)),
    ));
    out.push((
        "grit-box-offsets.bcol".into(),
        forged(|b, _| grit_box_bug(b)),
    ));
    out.push((
        "grit-both-offsets.bcol".into(),
        forged(|b, _| {
            grit_hull_bug(b);
            grit_box_bug(b);
        }),
    ));

    // Values TCOL cannot hold, and what BCOL alone lints.
    out.push((
        "valid-untextable.bcol".into(),
        forged(|b, f| {
            set_f32(b, at::MASS, f32::NAN);
            set_u32(b, at::INERTIA_PROVIDED, 2);
            set_f32(b, at::LINEAR_DAMPING, -1.0);
            set_f32(b, at::TRIMESH_MARGIN, f32::INFINITY);
            set_f32(b, at::EDGE_DISTANCE, -0.5);
            let sphere = f.spheres().start();
            set_f32(b, sphere + 16, f32::NEG_INFINITY);
            let hull = f.hulls().start();
            set_f32(b, hull + 4, -0.25);
        }),
    ));
    out.push((
        "valid-vertices-without-faces.bcol".into(),
        forged(|b, _| set_u32(b, at::FACES, 0)),
    ));
    out.push((
        "valid-quote-in-material.bcol".into(),
        forged(|b, f| {
            let table = f.string_table_offset();
            b[table] = b'"';
        }),
    ));

    for (kind, text) in TCOL_ERRORS {
        out.push((format!("err-tcol-{kind}.tcol"), text.to_vec()));
    }
    for (kind, bytes) in bcol_errors() {
        out.push((format!("err-bcol-{kind}.bcol"), bytes));
    }
    out
}

fn tcol_name(kind: &grit::tcol::ErrorKind) -> &'static str {
    use grit::tcol::ErrorKind as K;
    match kind {
        K::BadHeader => "BadHeader",
        K::NulByte => "NulByte",
        K::Unexpected { .. } => "Unexpected",
        K::InvalidUtf8 => "InvalidUtf8",
        K::NumberOutOfRange => "NumberOutOfRange",
        K::Negative { .. } => "Negative",
        K::ZeroMass => "ZeroMass",
        K::StaticWithMass => "StaticWithMass",
        K::NeitherStaticNorMass => "NeitherStaticNorMass",
        K::Duplicate { .. } => "Duplicate",
        K::ShrinkAfterVertexes => "ShrinkAfterVertexes",
        K::SecondVertexList => "SecondVertexList",
        K::MissingProperty { .. } => "MissingProperty",
        K::IndexOutOfRange { .. } => "IndexOutOfRange",
        // `ErrorKind` is `#[non_exhaustive]`: outside the crate a match needs this arm,
        // so a new kind is caught here at run time (below), not at compile time.
        _ => "unnamed",
    }
}

const TCOL_KINDS: [&str; 14] = [
    "BadHeader",
    "NulByte",
    "Unexpected",
    "InvalidUtf8",
    "NumberOutOfRange",
    "Negative",
    "ZeroMass",
    "StaticWithMass",
    "NeitherStaticNorMass",
    "Duplicate",
    "ShrinkAfterVertexes",
    "SecondVertexList",
    "MissingProperty",
    "IndexOutOfRange",
];

fn bcol_name(kind: &bcol::ErrorKind) -> &'static str {
    use bcol::ErrorKind as K;
    match kind {
        K::Truncated { .. } => "Truncated",
        K::BadMagic { .. } => "BadMagic",
        K::SectionOutOfBounds { .. } => "SectionOutOfBounds",
        K::HullVerticesOutOfBounds { .. } => "HullVerticesOutOfBounds",
        K::Capsules { .. } => "Capsules",
        K::MaterialOutsideTable { .. } => "MaterialOutsideTable",
        K::MaterialInsideString { .. } => "MaterialInsideString",
        K::MaterialUnterminated { .. } => "MaterialUnterminated",
        K::MaterialInvalidUtf8 { .. } => "MaterialInvalidUtf8",
        K::GritMaterialOffsets { .. } => "GritMaterialOffsets",
        K::FaceIndexOutOfRange { .. } => "FaceIndexOutOfRange",
        // `#[non_exhaustive]`, as above.
        _ => "unnamed",
    }
}

const BCOL_KINDS: [&str; 11] = [
    "Truncated",
    "BadMagic",
    "SectionOutOfBounds",
    "HullVerticesOutOfBounds",
    "Capsules",
    "MaterialOutsideTable",
    "MaterialInsideString",
    "MaterialUnterminated",
    "MaterialInvalidUtf8",
    "GritMaterialOffsets",
    "FaceIndexOutOfRange",
];

/// Every TCOL and BCOL error kind comes from a committed file, under some `Options`.
#[test]
fn every_error_kind_is_produced() {
    let mut tcol = BTreeSet::new();
    let mut bcol = BTreeSet::new();
    for (_, bytes) in super::committed("grit", "grit") {
        for options in tcol_options() {
            if let Err(e) = Tcol::parse(&bytes, options) {
                tcol.insert(tcol_name(&e.kind()));
            }
        }
        for options in bcol_options() {
            if let Err(e) = Bcol::parse(&bytes, options) {
                bcol.insert(bcol_name(&e.kind()));
            }
        }
    }
    assert!(
        !tcol.contains("unnamed"),
        "a TCOL ErrorKind has no name here"
    );
    assert!(
        !bcol.contains("unnamed"),
        "a BCOL ErrorKind has no name here"
    );
    super::kinds::assert_covered("grit TCOL", &TCOL_KINDS, &[], &tcol);
    super::kinds::assert_covered("grit BCOL", &BCOL_KINDS, &[], &bcol);
}

/// Each broken seed fails with its own kind (under STRICT), each dialect seed reads only
/// leniently, and lenient reads repair the converter's offsets.
#[test]
fn seeds_say_what_they_are() {
    for (kind, text) in TCOL_ERRORS {
        let e = Tcol::parse(text, grit::tcol::Options::STRICT).expect_err(kind);
        assert_eq!(tcol_name(&e.kind()), kind, "{e}");
    }
    for (kind, bytes) in bcol_errors() {
        let e = Bcol::parse(&bytes, bcol::Options::STRICT).expect_err(kind);
        assert_eq!(bcol_name(&e.kind()), kind, "{e}");
    }
    for (name, text) in DIALECTS {
        assert!(
            Tcol::parse(text.as_bytes(), grit::tcol::Options::STRICT).is_err(),
            "{name}"
        );
        let tcol = Tcol::parse(text.as_bytes(), grit::tcol::Options::LENIENT).expect(name);
        assert!(tcol.tolerated().count() > 0, "{name}");
    }
    let seeds = seeds();
    for name in [
        "grit-hull-offsets.bcol",
        "grit-box-offsets.bcol",
        "grit-both-offsets.bcol",
    ] {
        let (_, bytes) = seeds.iter().find(|(n, _)| n == name).unwrap();
        assert!(Bcol::parse(bytes, bcol::Options::STRICT).is_err(), "{name}");
        let file = Bcol::parse(bytes, bcol::Options::LENIENT).expect(name);
        assert!(file.tolerated().count() > 0, "{name}");
    }
    let total: usize = seeds.iter().map(|(_, b)| b.len()).sum();
    assert!(total < 200_000, "{total} bytes of seeds");
}

/// The generators' files from seeded random bytes: every round trip holds, and at
/// least 90 % of draws are files. (A tenth of the old draws by default, the slowest
/// test: `ZEROCOL_PROP_SCALE=10` runs them all.)
#[test]
fn round_trips_replay() {
    let base = seed(0x6772_6974);
    let mut rng = Rng::new(base);
    let draws = 20 * scale();
    let (mut tcol, mut bcol) = (0, 0);
    for _ in 0..draws {
        let len = rng.below(4096);
        let bytes = rng.bytes(len);
        if let Ok(file) = TcolFile::arbitrary(&mut Unstructured::new(&bytes)) {
            round_trip_tcol(&file);
            tcol += 1;
        }
        if let Ok(file) = BcolFile::arbitrary(&mut Unstructured::new(&bytes)) {
            round_trip_bcol(&file);
            bcol += 1;
        }
    }
    eprintln!("grit yield: TCOL {tcol}/{draws}, BCOL {bcol}/{draws}");
    assert!(tcol * 10 >= draws * 9, "TCOL yield {tcol}/{draws}");
    assert!(bcol * 10 >= draws * 9, "BCOL yield {bcol}/{draws}");
}

/// What `roundtrip_bcol` found (crash-3b2d64e5, a check too strict, not a reader bug):
/// Grit's converter writes both material bugs when there are hulls, and the detection
/// tries both first; so a file with the hulls' bug alone, whose hull string is 16 bytes
/// with its NUL, reads as "both bugs, and the box uses the hull's string": as valid a
/// reading in the converter's string order as the true one. Only the box's material
/// differs; the fuzz check now allows that for one bug alone.
#[test]
fn hull_bug_alone_with_a_16_byte_string_reads_as_both_bugs() {
    let hull = "Ünïcødé ✓";
    assert_eq!(hull.len() + 1, 16);
    let body = GritBody {
        attributes: Attributes::STATIC,
        shapes: vec![
            GritShape::Hull {
                material: hull.into(),
                margin: 0.04,
                shrink: 0.0,
                vertices: vec![],
            },
            GritShape::Box(boxed(
                "/common/PolishedWood",
                [1.0; 3],
                IDENTITY_ORIENTATION,
            )),
        ],
        trimesh: None,
    };
    let file = BcolFile::new(body).expect("writable");
    let mut bytes = file.bytes().to_vec();
    grit_hull_bug(&mut bytes);
    let read = Bcol::parse(&bytes, bcol::Options::LENIENT).expect("LENIENT reads it");
    let materials: Vec<_> = read.shapes().map(|s| s.material()).collect();
    assert_eq!(materials, [hull, hull]);
    // Both bugs, as the converter writes them: read back as written.
    let mut both = file.bytes().to_vec();
    grit_hull_bug(&mut both);
    grit_box_bug(&mut both);
    let read = Bcol::parse(&both, bcol::Options::LENIENT).expect("LENIENT reads it");
    let materials: Vec<_> = read.shapes().map(|s| s.material()).collect();
    assert_eq!(materials, [hull, "/common/PolishedWood"]);
}
