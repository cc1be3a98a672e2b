//! battleforge: the seeds the project's writers make for the `battleforge` target, every error kind
//! produced by a committed file, and the round-trip replays.

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Unstructured};
use zerocol::battleforge::{
    BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CollisionShape, CylinderShape, Drs,
    ErrorKind, NodeSpec, SphereShape, Transform,
};
use zerocol::generate::{CollisionShapePayload, DrsFile};

use super::super::support::battleforge as bf;
use super::super::support::rng::Rng;

/// A quarter turn about X (local +Y → world +Z).
const ROT_X90: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]];

fn at(position: [f32; 3], rotation: [[f32; 3]; 3]) -> Transform {
    Transform { rotation, position }
}

fn a_box(i: usize) -> BoxShape {
    let f = i as f32;
    BoxShape {
        transform: at(
            [f, 0.5 * f, -f],
            [bf::ROT_Y90, ROT_X90, Transform::IDENTITY.rotation][i % 3],
        ),
        lower: [-1.0 - f, 0.0, -0.5],
        upper: [1.0, 2.0 + 0.25 * f, 0.5],
    }
}

fn a_sphere(i: usize) -> SphereShape {
    let p = [i as f32, 4.0, -(i as f32)];
    SphereShape {
        transform: at(p, Transform::IDENTITY.rotation),
        radius: 0.5 + i as f32,
        center: p,
    }
}

fn a_cylinder(i: usize) -> CylinderShape {
    let p = [-(i as f32), 1.0, 2.0 * i as f32];
    CylinderShape {
        transform: at(p, [bf::ROT_Z_NEG90, Transform::IDENTITY.rotation][i % 2]),
        center: p,
        height: 3.0 + i as f32,
        radius: 1.0,
    }
}

/// One shape breaking each rule: a sheared rotation, a NaN radius, a zero height,
/// inverted corners, a zero extent, a centre away from the position.
fn linted() -> (Vec<BoxShape>, Vec<SphereShape>, Vec<CylinderShape>) {
    let mut sheared = a_box(0);
    sheared.transform.rotation[0][1] = 0.5;
    let mut inverted = a_box(1);
    inverted.lower[0] = 3.0;
    inverted.upper[2] = inverted.lower[2];
    let mut nan = a_sphere(0);
    nan.radius = f32::NAN;
    nan.center = [9.0, 9.0, 9.0];
    let mut flat = a_cylinder(0);
    flat.height = 0.0;
    flat.radius = -1.0;
    flat.center[1] += 1.0;
    (vec![sheared, inverted], vec![nan], vec![flat])
}

fn node<'a>(name: &'a [u8], class_id: i32, identifier: i32, payload: &'a [u8]) -> NodeSpec<'a> {
    NodeSpec {
        name,
        class_id,
        identifier,
        payload,
    }
}

fn put_i32(bytes: &mut [u8], at: usize, value: i32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

/// The seeds of `fuzz/seeds/battleforge/`, by file name.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |name: &str, bytes: Vec<u8>| seeds.push((name.to_string(), bytes));

    // Bare payloads, as write_payload makes them.
    let empty = bf::payload(&[], &[], &[]);
    add("valid-payload-empty.bin", empty.clone());
    add("valid-payload-box.bin", bf::payload(&[a_box(1)], &[], &[]));
    add(
        "valid-payload-sphere.bin",
        bf::payload(&[], &[a_sphere(1)], &[]),
    );
    add(
        "valid-payload-cylinder.bin",
        bf::payload(&[], &[], &[a_cylinder(1)]),
    );
    let many_boxes: Vec<_> = (0..24).map(a_box).collect();
    let many_spheres: Vec<_> = (0..24).map(a_sphere).collect();
    let many_cylinders: Vec<_> = (0..24).map(a_cylinder).collect();
    let many = bf::payload(&many_boxes, &many_spheres, &many_cylinders);
    add("valid-payload-many.bin", many.clone());
    let (lb, ls, lc) = linted();
    let lints = bf::payload(&lb, &ls, &lc);
    add("valid-payload-lints.bin", lints.clone());
    let sample_payload = bf::sample_payload();
    add("valid-payload-sample.bin", sample_payload.clone());

    // DRS containers, as write makes them.
    let sample = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/collision.drs"
    ))
    .expect("samples/collision.drs");
    add("valid-sample-collision.drs", sample.clone());
    add("valid-root-only.drs", bf::drs(&[]));
    add(
        "valid-shape-empty.drs",
        bf::drs(&[node(COLLISION_SHAPE_NAME, COLLISION_SHAPE_CLASS, 1, &empty)]),
    );
    add(
        "valid-shape-lints.drs",
        bf::drs(&[node(COLLISION_SHAPE_NAME, COLLISION_SHAPE_CLASS, 1, &lints)]),
    );
    let (mesh, tree) = (bf::mesh_payload(), bf::obb_tree_payload());
    add(
        "valid-other-classes.drs",
        bf::drs(&[
            node(b"CGeoMesh", bf::MESH_CLASS, 3, &mesh),
            node(b"CGeoOBBTree", bf::OBB_TREE_CLASS, 4, &tree),
            node(b"", 0, -1, &[]),
        ]),
    );
    // Several nodes; after the collisionShape node, another of its name and one of
    // its class (the reader takes the first of each).
    add(
        "valid-several-nodes.drs",
        bf::drs(&[
            node(b"CGeoMesh", bf::MESH_CLASS, 10, &mesh),
            node(b"CGeoMesh", bf::MESH_CLASS, 11, &mesh),
            node(COLLISION_SHAPE_NAME, COLLISION_SHAPE_CLASS, 12, &many),
            node(COLLISION_SHAPE_NAME, bf::MESH_CLASS, 13, &tree),
            node(b"shape copy", COLLISION_SHAPE_CLASS, 14, &empty),
            node(b"CGeoOBBTree", bf::OBB_TREE_CLASS, 15, &tree),
        ]),
    );

    // One broken file per error kind: the sample with one field forged.
    let drs = Drs::parse(&sample, zerocol::battleforge::Options::STRICT).unwrap();
    let (shape_node, _) = drs.collision_shape().unwrap();
    let first = drs.nodes().next().unwrap();
    let info_at = |i: u32| drs.infos().offset_of(i as usize).unwrap();
    let hier = drs.header().node_hierarchy_offset.get() as usize;
    let forged = |edit: &dyn Fn(&mut Vec<u8>)| {
        let mut b = sample.clone();
        edit(&mut b);
        b
    };
    add("err-truncated.drs", sample[..19].to_vec());
    add("err-bad-magic.drs", forged(&|b| b[0] = b'D'));
    add("err-no-nodes.drs", forged(&|b| put_i32(b, 16, 0)));
    add(
        "err-negative-hierarchy-offset.drs",
        forged(&|b| put_i32(b, 12, -12)),
    );
    add(
        "err-node-table-past-end.drs",
        forged(&|b| put_i32(b, 16, 1000)),
    );
    add(
        "err-hierarchy-past-end.drs",
        forged(&|b| put_i32(b, hier + 8, i32::MAX)),
    );
    let entry = first.entry_offset();
    add(
        "err-info-index-out-of-range.drs",
        forged(&|b| put_i32(b, entry, 0)),
    );
    let size_at = info_at(first.info_index()) + 12;
    add(
        "err-payload-past-end.drs",
        forged(&|b| put_i32(b, size_at, 100_000)),
    );
    let class_at = info_at(shape_node.info_index());
    add(
        "err-class-mismatch.drs",
        forged(&|b| put_i32(b, class_at, bf::MESH_CLASS)),
    );
    let first_class_at = info_at(first.info_index());
    add(
        "err-name-mismatch.drs",
        forged(&|b| put_i32(b, first_class_at, COLLISION_SHAPE_CLASS)),
    );
    let version_at = shape_node.payload_offset();
    add(
        "err-unsupported-version.drs",
        forged(&|b| b[version_at] = 2),
    );
    add("err-count-past-end.bin", vec![1, 0, 0, 0, 0, 0, 0]);
    add("err-shapes-past-end.bin", {
        let mut b = empty.clone();
        put_i32(&mut b, 5, 3);
        b
    });
    add("err-size-mismatch.bin", {
        let mut b = sample_payload.clone();
        b.push(0);
        b
    });
    add("err-size-mismatch-empty.drs", {
        let payload_at = info_at(shape_node.info_index()) + 12;
        forged(&|b| put_i32(b, payload_at, 0))
    });
    seeds
}

/// Every kind, named: a new kind must be named here (the wildcard is for
/// `#[non_exhaustive]`, which a crate outside zerocol cannot match exhaustively).
fn name(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Truncated { .. } => "Truncated",
        ErrorKind::BadMagic { .. } => "BadMagic",
        ErrorKind::NoNodes => "NoNodes",
        ErrorKind::Negative { .. } => "Negative",
        ErrorKind::NodeTablePastEnd { .. } => "NodeTablePastEnd",
        ErrorKind::HierarchyPastEnd { .. } => "HierarchyPastEnd",
        ErrorKind::InfoIndexOutOfRange { .. } => "InfoIndexOutOfRange",
        ErrorKind::PayloadPastEnd { .. } => "PayloadPastEnd",
        ErrorKind::ClassMismatch { .. } => "ClassMismatch",
        ErrorKind::NameMismatch { .. } => "NameMismatch",
        ErrorKind::UnsupportedVersion { .. } => "UnsupportedVersion",
        ErrorKind::CountPastEnd { .. } => "CountPastEnd",
        ErrorKind::ShapesPastEnd { .. } => "ShapesPastEnd",
        ErrorKind::SizeMismatch { .. } => "SizeMismatch",
        other => panic!("name the new kind {other:?} here and in ALL"),
    }
}

const ALL: &[&str] = &[
    "Truncated",
    "BadMagic",
    "NoNodes",
    "Negative",
    "NodeTablePastEnd",
    "HierarchyPastEnd",
    "InfoIndexOutOfRange",
    "PayloadPastEnd",
    "ClassMismatch",
    "NameMismatch",
    "UnsupportedVersion",
    "CountPastEnd",
    "ShapesPastEnd",
    "SizeMismatch",
];

/// Kinds no file can produce, and why: none.
const UNREACHABLE: &[(&str, &str)] = &[];

#[test]
fn every_error_kind_is_produced() {
    let mut produced = BTreeSet::new();
    for (_, bytes) in super::committed("battleforge", "battleforge") {
        for options in super::battleforge::options() {
            if let Err(e) = Drs::parse(&bytes, options) {
                produced.insert(name(&e.kind()));
            }
            if let Err(e) = CollisionShape::parse(&bytes, options) {
                produced.insert(name(&e.kind()));
            }
        }
    }
    super::kinds::assert_covered("battleforge", ALL, UNREACHABLE, &produced);
}

/// Draws `count` generator values from seeded byte strings of many lengths, runs
/// `check` on each, and returns the share of draws that gave a file.
fn replay<T: for<'a> Arbitrary<'a>>(seed: u64, count: usize, check: fn(&T)) -> f64 {
    let mut rng = Rng::new(super::super::support::rng::seed(seed));
    let mut valid = 0;
    for _ in 0..count {
        let len = rng.below(4096);
        let bytes = rng.bytes(len);
        if let Ok(value) = T::arbitrary(&mut Unstructured::new(&bytes)) {
            check(&value);
            valid += 1;
        }
    }
    valid as f64 / count as f64
}

#[test]
fn payload_round_trips() {
    let n = 60 * super::super::support::rng::scale();
    let yield_ =
        replay::<CollisionShapePayload>(0xBF_0001, n, super::battleforge::round_trip_payload);
    eprintln!("yield {yield_}");
    assert!(yield_ >= 0.9, "yield {yield_}");
}

#[test]
fn drs_round_trips() {
    let n = 60 * super::super::support::rng::scale();
    let yield_ = replay::<DrsFile>(0xBF_0002, n, super::battleforge::round_trip_drs);
    eprintln!("yield {yield_}");
    assert!(yield_ >= 0.9, "yield {yield_}");
}
