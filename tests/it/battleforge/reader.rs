//! BattleForge DRS / collisionShape reader: every field read back from written payloads and
//! containers, a container assembled byte by byte from docs/formats/battleforge.md, and every malformed
//! layout with its exact offset and error.

use zerocol::battleforge::{
    BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CollisionShape, CylinderShape, Drs,
    Error, ErrorKind, FIXED_LEN, Field, MAGIC, Node, NodeSpec, Options, ShapeKind, SphereShape,
    Transform, VERSION, WriteError, payload_required_len, required_len, write, write_payload,
};

use crate::support::battleforge as bf;
use crate::support::bytes::{bits, f32_at, f32s_at, i32_at, set_i32, set_u32};

// ---------------------------------------------------------------- helpers

/// Layout of `samples/collision.drs` (docs/formats/battleforge.md, as `write` lays it out).
const INFO: usize = 20;
const HIER: usize = INFO + 4 * 32; // 148
/// Hierarchy entries of the three nodes: root is `0, 0, 9, "root node"` (21 bytes).
const ENTRY: [usize; 3] = [HIER + 21, HIER + 21 + 20, HIER + 21 + 20 + 26]; // 169, 189, 215
const MESH_AT: usize = ENTRY[2] + 23; // 238
const SHAPE_AT: usize = MESH_AT + 40; // 278
const SHAPE_LEN: usize = 13 + 2 * 72 + 64 + 68; // 289
const TREE_AT: usize = SHAPE_AT + SHAPE_LEN; // 567
const FILE_LEN: usize = TREE_AT + 24; // 591

/// File offset of information entry `i` (0 is the root).
const fn info_at(i: usize) -> usize {
    INFO + 32 * i
}

fn sample_with(f: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut bytes = bf::sample_drs();
    f(&mut bytes);
    bytes
}

fn bits_transform(t: &Transform) -> ([[u32; 3]; 3], [u32; 3]) {
    (t.rotation.map(bits), bits(t.position))
}

#[track_caller]
fn assert_box_eq(actual: &BoxShape, expected: &BoxShape) {
    assert_eq!(
        bits_transform(&actual.transform),
        bits_transform(&expected.transform)
    );
    assert_eq!(bits(actual.lower), bits(expected.lower), "lower");
    assert_eq!(bits(actual.upper), bits(expected.upper), "upper");
}

#[track_caller]
fn assert_sphere_eq(actual: &SphereShape, expected: &SphereShape) {
    assert_eq!(
        bits_transform(&actual.transform),
        bits_transform(&expected.transform)
    );
    assert_eq!(actual.radius.to_bits(), expected.radius.to_bits(), "radius");
    assert_eq!(bits(actual.center), bits(expected.center), "center");
}

#[track_caller]
fn assert_cylinder_eq(actual: &CylinderShape, expected: &CylinderShape) {
    assert_eq!(
        bits_transform(&actual.transform),
        bits_transform(&expected.transform)
    );
    assert_eq!(bits(actual.center), bits(expected.center), "center");
    assert_eq!(actual.height.to_bits(), expected.height.to_bits(), "height");
    assert_eq!(actual.radius.to_bits(), expected.radius.to_bits(), "radius");
}

/// A value no other field of any shape `n` shares: `k` picks the field.
fn distinct(n: u32, k: u32) -> f32 {
    let v = (n * 32 + k) as f32 * 0.25 + 0.125;
    if k.is_multiple_of(2) { v } else { -v }
}

fn distinct_transform(n: u32) -> Transform {
    let f = |k| distinct(n, k);
    Transform {
        rotation: [[f(0), f(1), f(2)], [f(3), f(4), f(5)], [f(6), f(7), f(8)]],
        position: [f(9), f(10), f(11)],
    }
}

fn distinct_box(n: u32) -> BoxShape {
    let f = |k| distinct(n, k);
    BoxShape {
        transform: distinct_transform(n),
        lower: [f(12), f(13), f(14)],
        upper: [f(15), f(16), f(17)],
    }
}

fn distinct_sphere(n: u32) -> SphereShape {
    let f = |k| distinct(n, k);
    SphereShape {
        transform: distinct_transform(n),
        radius: f(12),
        center: [f(13), f(14), f(15)],
    }
}

fn distinct_cylinder(n: u32) -> CylinderShape {
    let f = |k| distinct(n, k);
    CylinderShape {
        transform: distinct_transform(n),
        center: [f(12), f(13), f(14)],
        height: f(15),
        radius: f(16),
    }
}

/// The 12 floats of a coordinate system read straight from the bytes at `at`.
fn transform_at(bytes: &[u8], at: usize) -> Transform {
    let f = |k: usize| f32_at(bytes, at + 4 * k);
    Transform {
        rotation: [[f(0), f(1), f(2)], [f(3), f(4), f(5)], [f(6), f(7), f(8)]],
        position: [f(9), f(10), f(11)],
    }
}

/// Parses a payload and checks every shape, both through the decoded values and through
/// the byte offsets docs/formats/battleforge.md gives (version u8, then counted packed records), and
/// that every record slice points into `payload` where the layout says.
#[track_caller]
fn assert_payload_reads_back(
    payload: &[u8],
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
) {
    let expected_len = 13 + 72 * boxes.len() + 64 * spheres.len() + 68 * cylinders.len();
    assert_eq!(payload.len(), expected_len);
    let shape = CollisionShape::parse(payload, Options::STRICT).unwrap();
    assert_eq!(shape.version(), VERSION);
    assert_eq!(shape.len(), expected_len);
    assert_eq!(
        shape.is_empty(),
        boxes.is_empty() && spheres.is_empty() && cylinders.is_empty()
    );
    assert_eq!(shape.boxes().len(), boxes.len());
    assert_eq!(shape.spheres().len(), spheres.len());
    assert_eq!(shape.cylinders().len(), cylinders.len());

    assert_eq!(payload[0], 1, "version byte");
    let base = payload.as_ptr() as usize;
    let mut at = 1;
    assert_eq!(i32_at(payload, at) as usize, boxes.len());
    at += 4;
    assert_eq!(shape.boxes().as_slice().as_ptr() as usize, base + at);
    for (i, (raw, want)) in shape.boxes().iter().zip(boxes).enumerate() {
        assert_box_eq(&raw.decode(), want);
        let from_bytes = BoxShape {
            transform: transform_at(payload, at),
            lower: f32s_at(payload, at + 48),
            upper: f32s_at(payload, at + 60),
        };
        assert_box_eq(&from_bytes, want);
        assert_eq!(at % 4, 1, "box {i} is not misaligned by the version byte");
        at += 72;
    }
    assert_eq!(i32_at(payload, at) as usize, spheres.len());
    at += 4;
    assert_eq!(shape.spheres().as_slice().as_ptr() as usize, base + at);
    for (raw, want) in shape.spheres().iter().zip(spheres) {
        assert_sphere_eq(&raw.decode(), want);
        let from_bytes = SphereShape {
            transform: transform_at(payload, at),
            radius: f32_at(payload, at + 48),
            center: f32s_at(payload, at + 52),
        };
        assert_sphere_eq(&from_bytes, want);
        at += 64;
    }
    assert_eq!(i32_at(payload, at) as usize, cylinders.len());
    at += 4;
    assert_eq!(shape.cylinders().as_slice().as_ptr() as usize, base + at);
    for (raw, want) in shape.cylinders().iter().zip(cylinders) {
        assert_cylinder_eq(&raw.decode(), want);
        let from_bytes = CylinderShape {
            transform: transform_at(payload, at),
            center: f32s_at(payload, at + 48),
            height: f32_at(payload, at + 60),
            radius: f32_at(payload, at + 64),
        };
        assert_cylinder_eq(&from_bytes, want);
        at += 68;
    }
    assert_eq!(at, payload.len());

    // Writing the decoded values again gives the same bytes.
    let decoded_boxes: Vec<BoxShape> = shape.boxes().iter().map(|b| b.decode()).collect();
    let decoded_spheres: Vec<SphereShape> = shape.spheres().iter().map(|s| s.decode()).collect();
    let decoded_cylinders: Vec<CylinderShape> =
        shape.cylinders().iter().map(|c| c.decode()).collect();
    assert_eq!(
        bf::payload(&decoded_boxes, &decoded_spheres, &decoded_cylinders),
        payload
    );
}

#[track_caller]
fn assert_error(e: Error, offset: usize, kind: ErrorKind) {
    assert_eq!((e.offset(), e.kind()), (offset, kind), "{e}");
    let shown = e.to_string();
    let prefix = format!("byte {offset} (0x{offset:x}): ");
    assert!(shown.starts_with(&prefix), "{shown:?} lacks {prefix:?}");
    assert_eq!(shown, format!("{prefix}{kind}"));
}

/// The container is rejected, strictly and leniently alike (this format has no
/// lenient rules).
#[track_caller]
fn expect_parse_err(bytes: &[u8], offset: usize, kind: ErrorKind) {
    assert_error(
        Drs::parse(bytes, Options::STRICT).unwrap_err(),
        offset,
        kind,
    );
    assert_error(
        Drs::parse(bytes, Options::LENIENT).unwrap_err(),
        offset,
        kind,
    );
}

/// The container alone is sound, its collisionShape node is not: `Drs::parse`
/// fails there, `Drs::parse_container` reads every node.
#[track_caller]
fn expect_shape_err(bytes: &[u8], offset: usize, kind: ErrorKind) {
    expect_parse_err(bytes, offset, kind);
    let container = Drs::parse_container(bytes).unwrap();
    assert!(container.collision_shape().is_none());
    assert_eq!(container.nodes().len(), container.node_count() as usize - 1);
}

/// A bare payload is rejected, strictly and leniently alike.
#[track_caller]
fn expect_payload_err(payload: &[u8], offset: usize, kind: ErrorKind) {
    for options in [Options::STRICT, Options::LENIENT] {
        assert_error(
            CollisionShape::parse(payload, options).unwrap_err(),
            offset,
            kind,
        );
    }
}

// ---------------------------------------------------------------- the sample

#[test]
fn sample_drs_file_matches_its_builder() {
    let built = bf::sample_drs();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/collision.drs");
    if std::env::var_os("ZEROCOL_BLESS").is_some() {
        std::fs::write(path, &built).unwrap();
    }
    let shipped = std::fs::read(path).unwrap();
    assert_eq!(
        shipped, built,
        "samples/collision.drs is stale: rerun with ZEROCOL_BLESS=1"
    );
}

#[test]
fn sample_layout_is_the_one_the_tests_assume() {
    let bytes = bf::sample_drs();
    assert_eq!(bytes.len(), FILE_LEN);
    assert_eq!(bytes[..4], [0x1E, 0xF1, 0x7C, 0xC5]);
    assert_eq!(
        [4, 8, 12, 16].map(|at| i32_at(&bytes, at)),
        [1, INFO as i32, HIER as i32, 4]
    );
    // Root information entry: 16 zero bytes, -1, 1, count − 1, 0.
    assert_eq!(bytes[INFO..INFO + 16], [0; 16]);
    assert_eq!(
        [16, 20, 24, 28].map(|k| i32_at(&bytes, INFO + k)),
        [-1, 1, 3, 0]
    );
    let payloads = [(MESH_AT, 40), (SHAPE_AT, SHAPE_LEN), (TREE_AT, 24)];
    for (i, (offset, size)) in payloads.into_iter().enumerate() {
        let at = info_at(i + 1);
        assert_eq!(i32_at(&bytes, at + 4), bf::IDENTIFIERS[i]);
        assert_eq!(i32_at(&bytes, at + 8), offset as i32);
        assert_eq!(i32_at(&bytes, at + 12), size as i32);
        assert_eq!(bytes[at + 16..at + 32], [0; 16]);
        assert_eq!(i32_at(&bytes, ENTRY[i]), i as i32 + 1);
        let name = bf::NAMES[i];
        assert_eq!(i32_at(&bytes, ENTRY[i] + 4), name.len() as i32);
        assert_eq!(&bytes[ENTRY[i] + 8..ENTRY[i] + 8 + name.len()], name);
        assert_eq!(i32_at(&bytes, ENTRY[i] + 8 + name.len()), 0);
    }
    assert_eq!([0, 4, 8].map(|k| i32_at(&bytes, HIER + k)), [0, 0, 9]);
    assert_eq!(&bytes[HIER + 12..HIER + 21], b"root node");
    assert_eq!(
        [0, 1, 2].map(|i| i32_at(&bytes, info_at(i + 1))),
        [bf::MESH_CLASS, COLLISION_SHAPE_CLASS, bf::OBB_TREE_CLASS]
    );
    assert_eq!(bytes[SHAPE_AT], 1);
}

#[test]
fn sample_reads_back() {
    let bytes = bf::sample_drs();
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(drs.bytes().as_ptr(), bytes.as_ptr());
    assert_eq!(drs.bytes().len(), FILE_LEN);
    assert_eq!(drs.node_count(), 4);
    assert_eq!(drs.root_name(), b"root node");
    assert_eq!(
        drs.root_name().as_ptr() as usize,
        bytes.as_ptr() as usize + HIER + 12
    );
    let header = drs.header();
    assert_eq!(header.magic.get(), MAGIC);
    assert_eq!(header.model_count.get(), 1);
    assert_eq!(header.node_info_offset.get(), INFO as i32);
    assert_eq!(header.node_hierarchy_offset.get(), HIER as i32);
    assert_eq!(header.node_count.get(), 4);
    assert_eq!(drs.infos().len(), 4);
    assert_eq!(
        drs.infos().as_slice().as_ptr() as usize,
        bytes.as_ptr() as usize + INFO
    );
    assert_eq!(drs.infos().start(), INFO);

    let (node, shapes) = drs.collision_shape().unwrap();
    assert_eq!(node.name(), COLLISION_SHAPE_NAME);
    assert_eq!(node.info_index(), 2);
    assert_eq!(node.class_id(), COLLISION_SHAPE_CLASS);
    assert_eq!(node.identifier(), bf::IDENTIFIERS[1]);
    assert_eq!(node.entry_offset(), ENTRY[1]);
    assert_eq!(node.payload_offset(), SHAPE_AT);
    assert_eq!(node.payload(), &bytes[SHAPE_AT..TREE_AT]);
    assert_eq!(
        shapes.boxes().as_slice().as_ptr() as usize,
        bytes.as_ptr() as usize + SHAPE_AT + 5
    );
    // The tables know their records' file offsets.
    assert_eq!(shapes.boxes().offset_of(1), Some(SHAPE_AT + 5 + 72));
    assert_eq!(shapes.spheres().start(), SHAPE_AT + 5 + 2 * 72 + 4);
    assert_eq!(
        shapes.cylinders().start(),
        SHAPE_AT + 5 + 2 * 72 + 4 + 64 + 4
    );
    assert_payload_reads_back(
        node.payload(),
        &bf::sample_boxes(),
        &bf::sample_spheres(),
        &bf::sample_cylinders(),
    );
    assert_eq!(shapes.lints().count(), 0);
}

// ---------------------------------------------------------------- round trips: payloads

#[test]
fn payload_round_trips_every_count_combination() {
    let mut n = 0;
    for nb in 0..3 {
        for ns in 0..3 {
            for nc in 0..3 {
                let boxes: Vec<BoxShape> = (0..nb)
                    .map(|_| {
                        n += 1;
                        distinct_box(n)
                    })
                    .collect();
                let spheres: Vec<SphereShape> = (0..ns)
                    .map(|_| {
                        n += 1;
                        distinct_sphere(n)
                    })
                    .collect();
                let cylinders: Vec<CylinderShape> = (0..nc)
                    .map(|_| {
                        n += 1;
                        distinct_cylinder(n)
                    })
                    .collect();
                let payload = bf::payload(&boxes, &spheres, &cylinders);
                assert_payload_reads_back(&payload, &boxes, &spheres, &cylinders);
            }
        }
    }
}

#[test]
fn payload_round_trips_at_every_alignment() {
    let boxes = [distinct_box(1), distinct_box(2)];
    let spheres = [distinct_sphere(3)];
    let cylinders = [distinct_cylinder(4), distinct_cylinder(5)];
    let payload = bf::payload(&boxes, &spheres, &cylinders);
    for shift in 0..8 {
        let mut buf = vec![0xEE; shift];
        buf.extend_from_slice(&payload);
        assert_payload_reads_back(&buf[shift..], &boxes, &spheres, &cylinders);
    }
}

#[test]
fn payload_round_trips_special_floats_bit_for_bit() {
    let specials = [
        -0.0f32,
        f32::from_bits(1),           // smallest subnormal
        f32::from_bits(0x807F_FFFF), // largest negative subnormal
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::from_bits(0x7FC0_1234), // quiet NaN with a payload
        f32::from_bits(0xFF80_0001), // signalling NaN, negative
        f32::MAX,
        f32::MIN_POSITIVE,
    ];
    let f = |k: usize| specials[k % specials.len()];
    let t = |k: usize| Transform {
        rotation: [
            [f(k), f(k + 1), f(k + 2)],
            [f(k + 3), f(k + 4), f(k + 5)],
            [f(k + 6), f(k + 7), f(k + 8)],
        ],
        position: [f(k + 1), f(k + 3), f(k + 5)],
    };
    let boxes = [BoxShape {
        transform: t(0),
        lower: [f(2), f(4), f(6)],
        upper: [f(7), f(8), f(0)],
    }];
    let spheres = [SphereShape {
        transform: t(1),
        radius: f(5),
        center: [f(6), f(3), f(1)],
    }];
    let cylinders = [CylinderShape {
        transform: t(2),
        center: [f(5), f(6), f(7)],
        height: f(8),
        radius: f(0),
    }];
    let payload = bf::payload(&boxes, &spheres, &cylinders);
    assert_payload_reads_back(&payload, &boxes, &spheres, &cylinders);
}

#[test]
fn payload_required_len_and_write_errors() {
    let boxes = [distinct_box(1)];
    let spheres = [distinct_sphere(2), distinct_sphere(3)];
    let cylinders = [distinct_cylinder(4)];
    assert_eq!(payload_required_len(&[], &[], &[]), Ok(13));
    assert_eq!(FIXED_LEN, 13);
    assert_eq!(
        payload_required_len(&boxes, &spheres, &cylinders),
        Ok(13 + 72 + 128 + 68)
    );
    let mut short = vec![0u8; 13 + 72 + 128 + 68 - 1];
    assert_eq!(short.len(), 280);
    assert_eq!(
        write_payload(&boxes, &spheres, &cylinders, &mut short),
        Err(WriteError::BufferTooSmall {
            needed: 281,
            available: 280
        })
    );
    assert!(
        short.iter().all(|&b| b == 0),
        "nothing is written on failure"
    );
    let mut empty = [0u8; 13];
    assert_eq!(write_payload(&[], &[], &[], &mut empty), Ok(13));
    assert_eq!(empty, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        WriteError::BufferTooSmall {
            needed: 280,
            available: 3
        }
        .to_string(),
        "the output needs 280 bytes, the buffer has 3"
    );
}

// ---------------------------------------------------------------- round trips: containers

/// Nodes with every field distinct, of several classes, with names of odd lengths (the
/// empty name included) and empty payloads among them.
fn varied_nodes() -> (Vec<Vec<u8>>, Vec<Vec<u8>>, Vec<i32>) {
    let names: Vec<Vec<u8>> = vec![
        b"CGeoMesh".to_vec(),
        b"".to_vec(),
        b"collisionShape".to_vec(),
        b"CGeoOBBTree".to_vec(),
        b"CollisionShape".to_vec(), // the capital C is another name
        vec![0xFF, 0x00, b'x'],     // no NUL termination is assumed
        b"CGeoMesh".to_vec(),       // a second node with an earlier name
    ];
    let payloads: Vec<Vec<u8>> = vec![
        (0..37).map(|i| i as u8 * 3 + 1).collect(),
        Vec::new(),
        bf::payload(&[distinct_box(1)], &[], &[distinct_cylinder(2)]),
        (0..24).map(|i| 200 - i as u8).collect(),
        vec![9; 5],
        Vec::new(),
        vec![0xAB],
    ];
    let classes = vec![
        bf::MESH_CLASS,
        -7,
        COLLISION_SHAPE_CLASS,
        bf::OBB_TREE_CLASS,
        i32::MIN,
        i32::MAX,
        bf::MESH_CLASS,
    ];
    (names, payloads, classes)
}

fn specs<'s>(names: &'s [Vec<u8>], payloads: &'s [Vec<u8>], classes: &[i32]) -> Vec<NodeSpec<'s>> {
    names
        .iter()
        .zip(payloads)
        .zip(classes)
        .enumerate()
        .map(|(i, ((name, payload), &class_id))| NodeSpec {
            name,
            class_id,
            identifier: 1000 - 37 * i as i32,
            payload,
        })
        .collect()
}

#[track_caller]
fn assert_node_eq(bytes: &[u8], node: &Node<'_>, spec: &NodeSpec<'_>, index: u32) {
    assert_eq!(node.name(), spec.name);
    assert_eq!(node.info_index(), index);
    assert_eq!(node.class_id(), spec.class_id);
    assert_eq!(node.identifier(), spec.identifier);
    assert_eq!(node.payload(), spec.payload);
    let info = node.info();
    assert_eq!(info.class_id.get(), spec.class_id);
    assert_eq!(info.identifier.get(), spec.identifier);
    assert_eq!(info.offset.get() as usize, node.payload_offset());
    assert_eq!(info.size.get() as usize, spec.payload.len());
    assert_eq!(info.spare, [0; 16]);
    let base = bytes.as_ptr() as usize;
    assert_eq!(
        node.payload().as_ptr() as usize,
        base + node.payload_offset()
    );
    assert_eq!(info as *const _ as usize, base + 20 + 32 * index as usize);
    // The hierarchy entry at entry_offset: info index, name length, name.
    let at = node.entry_offset();
    assert_eq!(i32_at(bytes, at), index as i32);
    assert_eq!(i32_at(bytes, at + 4) as usize, spec.name.len());
    assert_eq!(node.name().as_ptr() as usize, base + at + 8);
}

#[test]
fn container_round_trips() {
    let (names, payloads, classes) = varied_nodes();
    let nodes = specs(&names, &payloads, &classes);
    let bytes = bf::drs(&nodes);
    let hierarchy = 20 + 32 * (nodes.len() + 1);
    let hierarchy_len = 21 + names.iter().map(|n| 12 + n.len()).sum::<usize>();
    let mut payload_at = hierarchy + hierarchy_len;
    assert_eq!(
        bytes.len(),
        payload_at + payloads.iter().map(Vec::len).sum::<usize>()
    );
    assert_eq!(required_len(&nodes), Ok(bytes.len()));

    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(drs.node_count(), 8);
    assert_eq!(drs.root_name(), b"root node");
    assert_eq!(drs.infos().len(), 8);
    let root = &drs.infos().as_slice()[0];
    assert_eq!(
        (
            root.class_id.get(),
            root.identifier.get(),
            root.offset.get(),
            root.size.get()
        ),
        (0, 0, 0, 0)
    );
    let spare: Vec<i32> = root
        .spare
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(spare, [-1, 1, 7, 0]);

    let mut entry_at = hierarchy + 21;
    let walked: Vec<Node<'_>> = drs.nodes().collect();
    assert_eq!(walked.len(), 7);
    assert_eq!(drs.nodes().len(), 7);
    for (i, (node, spec)) in walked.iter().zip(&nodes).enumerate() {
        assert_node_eq(&bytes, node, spec, i as u32 + 1);
        assert_eq!(node.entry_offset(), entry_at);
        assert_eq!(node.payload_offset(), payload_at);
        assert_eq!(drs.infos().as_slice()[i + 1], *node.info());
        entry_at += 12 + spec.name.len();
        payload_at += spec.payload.len();
    }

    // Lookups by name find the first node of that name.
    assert_eq!(drs.node(b"CGeoMesh"), Some(walked[0]));
    assert_eq!(drs.node(b""), Some(walked[1]));
    assert_eq!(drs.node(b"collisionShape"), Some(walked[2]));
    assert_eq!(drs.node(b"CollisionShape"), Some(walked[4]));
    assert_eq!(drs.node(&[0xFF, 0x00, b'x']), Some(walked[5]));
    assert_eq!(drs.node(&[0xFF, 0x00]), None);
    assert_eq!(drs.node(b"collisionShape\0"), None);
    assert_eq!(drs.node(b"root node"), None, "the root is not a node");
    // Lookups by class, in hierarchy order.
    let by_class = |class| -> Vec<u32> {
        drs.nodes_with_class(class)
            .map(|n| n.info_index())
            .collect()
    };
    assert_eq!(by_class(bf::MESH_CLASS), [1, 7]);
    assert_eq!(by_class(COLLISION_SHAPE_CLASS), [3]);
    assert_eq!(by_class(i32::MIN), [5]);
    assert_eq!(by_class(-7), [2]);
    assert_eq!(by_class(0), [] as [u32; 0]);

    let (node, shapes) = drs.collision_shape().unwrap();
    assert_eq!(node, walked[2]);
    assert_eq!(shapes.boxes().len(), 1);
    assert_eq!(shapes.spheres().len(), 0);
    assert_eq!(shapes.cylinders().len(), 1);
    assert_box_eq(&shapes.boxes().as_slice()[0].decode(), &distinct_box(1));
    assert_cylinder_eq(
        &shapes.cylinders().as_slice()[0].decode(),
        &distinct_cylinder(2),
    );
}

#[test]
fn nodes_iterator_counts_down_and_stays_done() {
    let bytes = bf::sample_drs();
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    let mut nodes = drs.nodes();
    assert_eq!(nodes.size_hint(), (3, Some(3)));
    assert_eq!(nodes.next().unwrap().name(), b"CGeoMesh");
    assert_eq!(nodes.len(), 2);
    let rest = nodes.clone();
    assert_eq!(nodes.next().unwrap().name(), b"collisionShape");
    assert_eq!(nodes.next().unwrap().name(), b"CGeoOBBTree");
    assert_eq!(nodes.len(), 0);
    assert_eq!(nodes.next(), None);
    assert_eq!(nodes.next(), None);
    let names: Vec<&[u8]> = rest.map(|n| n.name()).collect();
    assert_eq!(names, [&b"collisionShape"[..], b"CGeoOBBTree"]);
}

#[test]
fn container_without_nodes() {
    let bytes = bf::drs(&[]);
    assert_eq!(bytes.len(), 20 + 32 + 21);
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(drs.node_count(), 1);
    assert_eq!(drs.nodes().count(), 0);
    assert_eq!(drs.infos().len(), 1);
    assert_eq!(drs.root_name(), b"root node");
    assert_eq!(drs.header().node_hierarchy_offset.get(), 52);
    assert!(drs.collision_shape().is_none());
}

#[test]
fn write_errors() {
    let payload = [0u8; 3];
    let one = [NodeSpec {
        name: b"n",
        class_id: 1,
        identifier: 2,
        payload: &payload,
    }];
    let needed = 20 + 64 + 21 + 13 + 3;
    assert_eq!(required_len(&one), Ok(needed));
    let mut out = vec![0u8; needed - 1];
    assert_eq!(
        write(&one, &mut out),
        Err(WriteError::BufferTooSmall {
            needed,
            available: needed - 1
        })
    );
    // Offsets and sizes are signed 32-bit: 2048 nodes of 1 MiB cannot be addressed.
    // (required_len only adds lengths, so one shared slice is enough.)
    let mib = vec![0u8; 1 << 20];
    let many: Vec<NodeSpec<'_>> = (0..2048)
        .map(|i| NodeSpec {
            name: b"big",
            class_id: 1,
            identifier: i,
            payload: &mib,
        })
        .collect();
    assert_eq!(required_len(&many), Err(WriteError::TooLarge));
    assert_eq!(write(&many, &mut out), Err(WriteError::TooLarge));
    // One node short of the limit still fits in the length computation.
    assert!(required_len(&many[..2047]).is_ok());
}

// ---------------------------------------------------------------- hand-assembled container

/// A container assembled straight from docs/formats/battleforge.md with `to_le_bytes`, in a layout
/// `write` never produces: payloads first (at odd offsets, with junk between), the
/// hierarchy next (listing the nodes in another order than the information table), the
/// information table last.
#[test]
fn hand_assembled_container() {
    let mut f: Vec<u8> = Vec::new();
    // Header; the two offsets are patched below.
    f.extend_from_slice(&(-981_667_554i32).to_le_bytes());
    f.extend_from_slice(&1i32.to_le_bytes());
    f.extend_from_slice(&0i32.to_le_bytes());
    f.extend_from_slice(&0i32.to_le_bytes());
    f.extend_from_slice(&3u32.to_le_bytes());
    f.extend_from_slice(&[0xCC; 3]);

    // The OBB tree's payload: 7 opaque bytes.
    let tree_at = f.len();
    f.extend_from_slice(&[1, 2, 3, 4, 5, 6, 7]);

    // The collisionShape payload: version 1, one sphere, one cylinder.
    let shape_at = f.len();
    f.push(1);
    f.extend_from_slice(&0u32.to_le_bytes()); // boxes
    f.extend_from_slice(&1u32.to_le_bytes()); // spheres
    let sphere_rotation = [0.0f32, 0.0, 1.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.0];
    for v in sphere_rotation {
        f.extend_from_slice(&v.to_le_bytes());
    }
    for v in [3.5f32, -2.25, 10.0] {
        f.extend_from_slice(&v.to_le_bytes()); // position
    }
    f.extend_from_slice(&0.75f32.to_le_bytes()); // radius first
    for v in [3.5f32, -2.25, 10.0] {
        f.extend_from_slice(&v.to_le_bytes()); // then centre
    }
    f.extend_from_slice(&1u32.to_le_bytes()); // cylinders
    for v in [1.0f32, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0] {
        f.extend_from_slice(&v.to_le_bytes());
    }
    for v in [-1.5f32, 0.0, 4.0] {
        f.extend_from_slice(&v.to_le_bytes()); // position
    }
    for v in [-1.5f32, 0.0, 4.0] {
        f.extend_from_slice(&v.to_le_bytes()); // centre first
    }
    f.extend_from_slice(&6.0f32.to_le_bytes()); // then height
    f.extend_from_slice(&0.5f32.to_le_bytes()); // then radius
    let shape_len = f.len() - shape_at;
    assert_eq!(shape_len, 13 + 64 + 68);
    f.push(0xCC);

    // Hierarchy: root, then collisionShape (info index 2), then CGeoOBBTree (info index 1).
    let hierarchy_at = f.len();
    f.extend_from_slice(&0i32.to_le_bytes());
    f.extend_from_slice(&0i32.to_le_bytes());
    f.extend_from_slice(&9i32.to_le_bytes());
    f.extend_from_slice(b"root node");
    let shape_entry = f.len();
    f.extend_from_slice(&2i32.to_le_bytes());
    f.extend_from_slice(&14i32.to_le_bytes());
    f.extend_from_slice(b"collisionShape");
    f.extend_from_slice(&0i32.to_le_bytes());
    let tree_entry = f.len();
    f.extend_from_slice(&1i32.to_le_bytes());
    f.extend_from_slice(&11i32.to_le_bytes());
    f.extend_from_slice(b"CGeoOBBTree");
    f.extend_from_slice(&0i32.to_le_bytes());

    // Information table: root, then the tree (1), then the shape (2).
    let info_at = f.len();
    f.extend_from_slice(&[0; 16]);
    for v in [-1i32, 1, 2, 0] {
        f.extend_from_slice(&v.to_le_bytes());
    }
    for v in [0x1C94_13A0i32, 55, tree_at as i32, 7] {
        f.extend_from_slice(&v.to_le_bytes());
    }
    f.extend_from_slice(&[0; 16]);
    for v in [268_607_026i32, 56, shape_at as i32, shape_len as i32] {
        f.extend_from_slice(&v.to_le_bytes());
    }
    f.extend_from_slice(&[0; 16]);
    f[8..12].copy_from_slice(&(info_at as i32).to_le_bytes());
    f[12..16].copy_from_slice(&(hierarchy_at as i32).to_le_bytes());

    let drs = Drs::parse(&f, Options::STRICT).unwrap();
    assert_eq!(drs.node_count(), 3);
    assert_eq!(drs.root_name(), b"root node");
    let nodes: Vec<Node<'_>> = drs.nodes().collect();
    assert_eq!(nodes.len(), 2);
    let (shape_node, tree_node) = (nodes[0], nodes[1]);
    assert_eq!(shape_node.name(), b"collisionShape");
    assert_eq!(shape_node.info_index(), 2);
    assert_eq!(shape_node.class_id(), COLLISION_SHAPE_CLASS);
    assert_eq!(shape_node.identifier(), 56);
    assert_eq!(shape_node.entry_offset(), shape_entry);
    assert_eq!(shape_node.payload_offset(), shape_at);
    assert_eq!(shape_node.payload(), &f[shape_at..shape_at + shape_len]);
    assert_eq!(tree_node.name(), b"CGeoOBBTree");
    assert_eq!(tree_node.info_index(), 1);
    assert_eq!(tree_node.class_id(), 0x1C94_13A0);
    assert_eq!(tree_node.identifier(), 55);
    assert_eq!(tree_node.entry_offset(), tree_entry);
    assert_eq!(tree_node.payload_offset(), tree_at);
    assert_eq!(tree_node.payload(), &[1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(drs.node(b"CGeoOBBTree"), Some(tree_node));
    assert_eq!(
        drs.nodes_with_class(COLLISION_SHAPE_CLASS)
            .collect::<Vec<_>>(),
        [shape_node]
    );

    let (node, shapes) = drs.collision_shape().unwrap();
    assert_eq!(node, shape_node);
    assert_eq!(shapes.len(), shape_len);
    assert!(shapes.boxes().is_empty());
    assert_sphere_eq(
        &shapes.spheres().as_slice()[0].decode(),
        &SphereShape {
            transform: Transform {
                rotation: [[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]],
                position: [3.5, -2.25, 10.0],
            },
            radius: 0.75,
            center: [3.5, -2.25, 10.0],
        },
    );
    assert_cylinder_eq(
        &shapes.cylinders().as_slice()[0].decode(),
        &CylinderShape {
            transform: Transform {
                rotation: Transform::IDENTITY.rotation,
                position: [-1.5, 0.0, 4.0],
            },
            center: [-1.5, 0.0, 4.0],
            height: 6.0,
            radius: 0.5,
        },
    );
    assert_eq!(shapes.lints().count(), 0);
}

// ---------------------------------------------------------------- options

#[test]
fn lenient_is_strict() {
    // Nothing this format rejects reads one way only (docs/formats/battleforge.md), so the
    // two modes are one; `expect_parse_err` and `expect_payload_err` run both on every
    // malformed input below.
    assert_eq!(Options::default(), Options::STRICT);
    assert_eq!(Options::LENIENT, Options::STRICT);
    // Bytes after the counted arrays, the one candidate, stay an error in both modes:
    // `payload_one_byte_long`.
}

// ---------------------------------------------------------------- header

#[test]
fn truncated_header() {
    let bytes = bf::sample_drs();
    for len in 0..20 {
        expect_parse_err(
            &bytes[..len],
            0,
            ErrorKind::Truncated {
                needed: 20,
                available: len,
            },
        );
    }
    // Fewer than 4 bytes that start the magic are a truncated file (above); bytes that
    // do not are a bad magic, zero-filled, as in every format (wire::header).
    expect_parse_err(
        &[],
        0,
        ErrorKind::Truncated {
            needed: 20,
            available: 0,
        },
    );
    for len in 1..4 {
        let mut found = [0; 4];
        found[..len].fill(0x42);
        expect_parse_err(&[0x42; 3][..len], 0, ErrorKind::BadMagic { found });
    }
    expect_parse_err(
        &[0x1E, 0xF1, 0x00],
        0,
        ErrorKind::BadMagic {
            found: [0x1E, 0xF1, 0x00, 0x00],
        },
    );
    assert_eq!(
        Drs::parse(&bytes[..7], Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 0 (0x0): expected a 20-byte DRS header, found only 7 bytes"
    );
}

#[test]
fn bad_magic() {
    let bytes = sample_with(|b| b[3] = 0xC4);
    let found = [0x1E, 0xF1, 0x7C, 0xC4];
    expect_parse_err(&bytes, 0, ErrorKind::BadMagic { found });
    // A short file with the wrong magic is blamed on the magic, not the length.
    expect_parse_err(&bytes[..4], 0, ErrorKind::BadMagic { found });
    expect_parse_err(&bytes[..19], 0, ErrorKind::BadMagic { found });
    // The magic big-endian is wrong too.
    let mut swapped = bf::sample_drs();
    swapped[..4].copy_from_slice(&MAGIC.to_be_bytes());
    expect_parse_err(
        &swapped,
        0,
        ErrorKind::BadMagic {
            found: MAGIC.to_be_bytes(),
        },
    );
    assert_eq!(
        Drs::parse(&[0; 20], Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 0 (0x0): expected the DRS magic -981667554 (bytes 1e f1 7c c5), found bytes \
         00 00 00 00"
    );
    // Printable bytes are shown as text.
    let mut coll = bf::sample_drs();
    coll[..4].copy_from_slice(b"COLL");
    assert_eq!(
        Drs::parse(&coll, Options::STRICT).unwrap_err().to_string(),
        "byte 0 (0x0): expected the DRS magic -981667554 (bytes 1e f1 7c c5), found \"COLL\""
    );
}

#[test]
fn node_count_zero() {
    let bytes = sample_with(|b| set_u32(b, 16, 0));
    expect_parse_err(&bytes, 16, ErrorKind::NoNodes);
    // Just a header with a zero count is the same error.
    expect_parse_err(&bytes[..20], 16, ErrorKind::NoNodes);
}

#[test]
fn model_count_is_not_checked() {
    // docs/formats/battleforge.md gives 1 for every known file, but nothing depends on it.
    let bytes = sample_with(|b| set_i32(b, 4, -5));
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(drs.header().model_count.get(), -5);
    assert!(drs.collision_shape().is_some());
}

#[test]
fn negative_table_offsets() {
    for value in [-1, -20, i32::MIN] {
        let bytes = sample_with(|b| set_i32(b, 8, value));
        expect_parse_err(
            &bytes,
            8,
            ErrorKind::Negative {
                field: Field::NodeInfoOffset,
                value,
            },
        );
        let bytes = sample_with(|b| set_i32(b, 12, value));
        expect_parse_err(
            &bytes,
            12,
            ErrorKind::Negative {
                field: Field::NodeHierarchyOffset,
                value,
            },
        );
    }
    let bytes = sample_with(|b| set_i32(b, 12, -1));
    assert_eq!(
        Drs::parse(&bytes, Options::STRICT).unwrap_err().to_string(),
        "byte 12 (0xc): expected a node hierarchy offset of at least 0, found -1"
    );
}

// ---------------------------------------------------------------- information table

#[test]
fn info_table_past_end() {
    let table = |count: u32, offset: usize, file_len: usize| ErrorKind::NodeTablePastEnd {
        count,
        end: offset as u64 + 32 * u64::from(count),
        file_len,
    };
    // The table's last byte one past the end.
    let at = FILE_LEN - 127;
    let bytes = sample_with(|b| set_i32(b, 8, at as i32));
    expect_parse_err(&bytes, 8, table(4, at, FILE_LEN));
    for offset in [FILE_LEN, i32::MAX as usize] {
        let bytes = sample_with(|b| set_i32(b, 8, offset as i32));
        expect_parse_err(&bytes, 8, table(4, offset, FILE_LEN));
    }
    for count in [19, 0xFFFF, 0x0800_0000, 0xFFFF_FFFF] {
        let bytes = sample_with(|b| set_u32(b, 16, count));
        expect_parse_err(&bytes, 8, table(count, INFO, FILE_LEN));
    }
    // A header alone with a count of 1 has no room for the root entry.
    let bytes = bf::sample_drs();
    let mut header = bytes[..20].to_vec();
    set_u32(&mut header, 16, 1);
    expect_parse_err(&header, 8, table(1, INFO, 20));
    assert_eq!(
        Drs::parse(
            &sample_with(|b| set_u32(b, 16, 0xFFFF_FFFF)),
            Options::STRICT
        )
        .unwrap_err()
        .to_string(),
        "byte 8 (0x8): expected the node information table (4294967295 entries of 32 bytes) \
         inside the file, it ends at 137438953460, past the 591-byte file"
    );
}

#[test]
fn info_table_exactly_at_the_end_is_fine() {
    // The same nodes, with the table moved to the very end of the file.
    let mut bytes = bf::sample_drs();
    let table = bytes[INFO..HIER].to_vec();
    let at = bytes.len();
    bytes.extend_from_slice(&table);
    set_i32(&mut bytes, 8, at as i32);
    bytes[INFO..HIER].fill(0xEE);
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(
        drs.infos().as_slice().as_ptr() as usize,
        bytes.as_ptr() as usize + at
    );
    assert_eq!(drs.collision_shape().unwrap().0.payload_offset(), SHAPE_AT);
}

#[test]
fn negative_payload_offset_and_size() {
    for node in 1..=3 {
        let at = info_at(node);
        for value in [-1, i32::MIN] {
            let bytes = sample_with(|b| set_i32(b, at + 8, value));
            expect_parse_err(
                &bytes,
                at + 8,
                ErrorKind::Negative {
                    field: Field::PayloadOffset,
                    value,
                },
            );
            let bytes = sample_with(|b| set_i32(b, at + 12, value));
            expect_parse_err(
                &bytes,
                at + 12,
                ErrorKind::Negative {
                    field: Field::PayloadSize,
                    value,
                },
            );
        }
    }
}

#[test]
fn payload_past_end() {
    let past = |info_index: u32, end: u64| ErrorKind::PayloadPastEnd {
        info_index,
        end,
        file_len: FILE_LEN,
    };
    // The OBB tree one byte longer than the file.
    let bytes = sample_with(|b| set_i32(b, info_at(3) + 12, 25));
    expect_parse_err(&bytes, info_at(3) + 8, past(3, FILE_LEN as u64 + 1));
    // The collisionShape moved so it ends one byte past the end.
    let moved = FILE_LEN - SHAPE_LEN + 1;
    let bytes = sample_with(|b| set_i32(b, info_at(2) + 8, moved as i32));
    expect_parse_err(&bytes, info_at(2) + 8, past(2, FILE_LEN as u64 + 1));
    // Both fields at their largest: the end does not wrap.
    let bytes = sample_with(|b| {
        set_i32(b, info_at(1) + 8, i32::MAX);
        set_i32(b, info_at(1) + 12, i32::MAX);
    });
    expect_parse_err(&bytes, info_at(1) + 8, past(1, 2 * i32::MAX as u64));
    // An empty payload right at the end is inside the file; one byte further is not.
    let bytes = sample_with(|b| {
        set_i32(b, info_at(1) + 8, FILE_LEN as i32);
        set_i32(b, info_at(1) + 12, 0);
    });
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    let mesh = drs.node(b"CGeoMesh").unwrap();
    assert_eq!(mesh.payload(), b"");
    assert_eq!(mesh.payload_offset(), FILE_LEN);
    let bytes = sample_with(|b| {
        set_i32(b, info_at(1) + 8, FILE_LEN as i32 + 1);
        set_i32(b, info_at(1) + 12, 0);
    });
    expect_parse_err(&bytes, info_at(1) + 8, past(1, FILE_LEN as u64 + 1));
    // Truncating the file by one byte cuts the last payload.
    let bytes = bf::sample_drs();
    assert_error(
        Drs::parse(&bytes[..FILE_LEN - 1], Options::STRICT).unwrap_err(),
        info_at(3) + 8,
        ErrorKind::PayloadPastEnd {
            info_index: 3,
            end: FILE_LEN as u64,
            file_len: FILE_LEN - 1,
        },
    );
}

#[test]
fn payloads_may_overlap_and_share_bytes() {
    // Nothing in docs/formats/battleforge.md forbids two entries sharing bytes: both read the same slice.
    let bytes = sample_with(|b| {
        set_i32(b, info_at(3) + 8, SHAPE_AT as i32);
        set_i32(b, info_at(3) + 12, SHAPE_LEN as i32);
    });
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    let tree = drs.node(b"CGeoOBBTree").unwrap();
    let (shape, _) = drs.collision_shape().unwrap();
    assert_eq!(tree.payload().as_ptr(), shape.payload().as_ptr());
    assert_eq!(tree.payload().len(), SHAPE_LEN);
}

#[test]
fn root_information_entry_is_not_checked() {
    // The root has no payload: its fields are whatever the file says.
    let bytes = sample_with(|b| {
        b[INFO..INFO + 32].fill(0xFF);
    });
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(drs.infos().as_slice()[0].offset.get(), -1);
    assert!(drs.collision_shape().is_some());
}

// ---------------------------------------------------------------- hierarchy

#[test]
fn root_hierarchy_entry_past_end() {
    // The root's three fixed words do not fit: the header's hierarchy offset (byte
    // 12) is at fault, not a position past the file.
    for hierarchy in [FILE_LEN - 11, FILE_LEN - 8, FILE_LEN, i32::MAX as usize] {
        let bytes = sample_with(|b| set_i32(b, 12, hierarchy as i32));
        expect_parse_err(
            &bytes,
            12,
            ErrorKind::HierarchyPastEnd {
                entry: 0,
                end: hierarchy as u64 + 12,
                file_len: FILE_LEN,
            },
        );
    }
    // The root's name one byte longer than what is left.
    let left = FILE_LEN - (HIER + 12);
    let bytes = sample_with(|b| set_i32(b, HIER + 8, left as i32 + 1));
    expect_parse_err(
        &bytes,
        HIER + 8,
        ErrorKind::HierarchyPastEnd {
            entry: 0,
            end: FILE_LEN as u64 + 1,
            file_len: FILE_LEN,
        },
    );
}

#[test]
fn root_name_length_negative() {
    let bytes = sample_with(|b| set_i32(b, HIER + 8, -1));
    expect_parse_err(
        &bytes,
        HIER + 8,
        ErrorKind::Negative {
            field: Field::NameLength,
            value: -1,
        },
    );
}

#[test]
fn root_name_may_be_anything() {
    // docs/formats/battleforge.md names it "root node" in every known file; it is not checked.
    let bytes = sample_with(|b| b[HIER + 12..HIER + 21].copy_from_slice(b"ROOT-NODE"));
    assert_eq!(
        Drs::parse(&bytes, Options::STRICT).unwrap().root_name(),
        b"ROOT-NODE"
    );
}

#[test]
fn huge_name_length() {
    for (i, &entry) in ENTRY.iter().enumerate() {
        let entry_no = i as u32 + 1;
        let bytes = sample_with(|b| set_i32(b, entry + 4, i32::MAX));
        expect_parse_err(
            &bytes,
            entry + 4,
            ErrorKind::HierarchyPastEnd {
                entry: entry_no,
                end: (entry + 8) as u64 + i32::MAX as u64,
                file_len: FILE_LEN,
            },
        );
        for value in [-1, i32::MIN] {
            let bytes = sample_with(|b| set_i32(b, entry + 4, value));
            expect_parse_err(
                &bytes,
                entry + 4,
                ErrorKind::Negative {
                    field: Field::NameLength,
                    value,
                },
            );
        }
    }
    let bytes = sample_with(|b| set_i32(b, HIER + 8, i32::MAX));
    expect_parse_err(
        &bytes,
        HIER + 8,
        ErrorKind::HierarchyPastEnd {
            entry: 0,
            end: (HIER + 12) as u64 + i32::MAX as u64,
            file_len: FILE_LEN,
        },
    );
    assert_eq!(
        Drs::parse(
            &sample_with(|b| set_i32(b, ENTRY[1] + 4, i32::MAX)),
            Options::STRICT
        )
        .unwrap_err()
        .to_string(),
        "byte 193 (0xc1): expected node hierarchy entry 2 inside the file, it ends at \
         2147483844, past the 591-byte file"
    );
}

#[test]
fn name_lengths_shift_the_following_entries() {
    // A name one byte longer swallows the next entry's first byte: the walk then reads a
    // different info index, and that is the error reported.
    let bytes = sample_with(|b| set_i32(b, ENTRY[0] + 4, 9));
    // Entry 2 now starts one byte later: its index field reads 00 00 00 0e (the last three
    // bytes of its index 2, then its name length 14): 0x0E00_0000.
    let index = i32::from_le_bytes([0x00, 0x00, 0x00, 0x0E]);
    expect_parse_err(
        &bytes,
        ENTRY[1] + 1,
        ErrorKind::InfoIndexOutOfRange {
            entry: 2,
            index,
            count: 4,
        },
    );
}

#[test]
fn info_index_out_of_range() {
    for (i, &entry) in ENTRY.iter().enumerate() {
        for index in [0, 4, 5, -1, i32::MIN, i32::MAX] {
            let bytes = sample_with(|b| set_i32(b, entry, index));
            expect_parse_err(
                &bytes,
                entry,
                ErrorKind::InfoIndexOutOfRange {
                    entry: i as u32 + 1,
                    index,
                    count: 4,
                },
            );
        }
    }
    assert_eq!(
        Drs::parse(&sample_with(|b| set_i32(b, ENTRY[2], 0)), Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 215 (0xd7): expected node hierarchy entry 3 to name an information entry from \
         1 to 3, found 0"
    );
}

#[test]
fn info_indices_may_repeat_and_reorder() {
    // Both the mesh and the tree entry name information entry 3: both read it.
    let bytes = sample_with(|b| {
        set_i32(b, ENTRY[0], 3);
    });
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    let nodes: Vec<Node<'_>> = drs.nodes().collect();
    assert_eq!(nodes[0].name(), b"CGeoMesh");
    assert_eq!(nodes[0].info_index(), 3);
    assert_eq!(nodes[0].class_id(), bf::OBB_TREE_CLASS);
    assert_eq!(nodes[0].payload_offset(), TREE_AT);
    assert_eq!(nodes[0].payload(), nodes[2].payload());
    assert!(drs.collision_shape().is_some());
}

/// A container whose hierarchy is the last thing in the file (payloads, then the
/// information table, then the hierarchy), so every cut inside the hierarchy blames it.
fn hierarchy_last() -> (Vec<u8>, usize, Vec<(usize, usize)>) {
    let names: [&[u8]; 3] = [b"CGeoMesh", b"collisionShape", b""];
    let shape = bf::sample_payload();
    let payloads: [&[u8]; 3] = [b"mesh", &shape, b"x"];
    let mut f = Vec::new();
    f.extend_from_slice(&MAGIC.to_le_bytes());
    f.extend_from_slice(&1i32.to_le_bytes());
    f.extend_from_slice(&0i32.to_le_bytes());
    f.extend_from_slice(&0i32.to_le_bytes());
    f.extend_from_slice(&4u32.to_le_bytes());
    let mut offsets = Vec::new();
    for p in payloads {
        offsets.push(f.len());
        f.extend_from_slice(p);
    }
    let info = f.len();
    f.extend_from_slice(&[0; 16]);
    for v in [-1i32, 1, 3, 0] {
        f.extend_from_slice(&v.to_le_bytes());
    }
    let classes = [bf::MESH_CLASS, COLLISION_SHAPE_CLASS, bf::OBB_TREE_CLASS];
    for i in 0..3 {
        for v in [
            classes[i],
            i as i32,
            offsets[i] as i32,
            payloads[i].len() as i32,
        ] {
            f.extend_from_slice(&v.to_le_bytes());
        }
        f.extend_from_slice(&[0; 16]);
    }
    let hierarchy = f.len();
    f.extend_from_slice(&[0; 8]);
    f.extend_from_slice(&9i32.to_le_bytes());
    f.extend_from_slice(b"root node");
    let mut entries = Vec::new();
    for (i, name) in names.iter().enumerate() {
        entries.push((f.len(), name.len()));
        f.extend_from_slice(&(i as i32 + 1).to_le_bytes());
        f.extend_from_slice(&(name.len() as i32).to_le_bytes());
        f.extend_from_slice(name);
        f.extend_from_slice(&0i32.to_le_bytes());
    }
    f[8..12].copy_from_slice(&(info as i32).to_le_bytes());
    f[12..16].copy_from_slice(&(hierarchy as i32).to_le_bytes());
    (f, hierarchy, entries)
}

#[test]
fn hierarchy_entry_past_end_at_every_cut() {
    let (bytes, hierarchy, entries) = hierarchy_last();
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(drs.nodes().count(), 3);
    assert_eq!(drs.node(b"").unwrap().payload(), b"x");
    assert!(drs.collision_shape().is_some());
    for cut in hierarchy..bytes.len() {
        let past = |at: usize, entry: u32, end: usize| {
            (
                at,
                ErrorKind::HierarchyPastEnd {
                    entry,
                    end: end as u64,
                    file_len: cut,
                },
            )
        };
        // Where each field of the entry being cut ends, in file order.
        let (at, kind) = if cut < hierarchy + 12 {
            past(12, 0, hierarchy + 12)
        } else if cut < hierarchy + 21 {
            past(hierarchy + 8, 0, hierarchy + 21)
        } else {
            let (i, &(entry, name_len)) = entries
                .iter()
                .enumerate()
                .rev()
                .find(|(_, (entry, _))| *entry <= cut)
                .unwrap();
            let entry_no = i as u32 + 1;
            if cut < entry + 4 {
                past(entry, entry_no, entry + 12)
            } else if cut < entry + 8 {
                past(entry + 4, entry_no, entry + 8)
            } else if cut < entry + 8 + name_len {
                past(entry + 4, entry_no, entry + 8 + name_len)
            } else {
                // The trailing zero word.
                past(entry, entry_no, entry + 12 + name_len)
            }
        };
        assert_error(
            Drs::parse(&bytes[..cut], Options::STRICT).unwrap_err(),
            at,
            kind,
        );
    }
}

#[test]
fn trailing_zero_word_is_not_checked() {
    // docs/formats/battleforge.md calls it "zero i32"; nothing reads it, so any value is accepted.
    let bytes = sample_with(|b| set_i32(b, ENTRY[1] + 22, -123));
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(drs.collision_shape().unwrap().0.entry_offset(), ENTRY[1]);
}

// ---------------------------------------------------------------- finding the node

/// The container parses, strictly and leniently, with every node and no
/// collisionShape.
#[track_caller]
fn expect_no_collision_shape(bytes: &[u8]) {
    for options in [Options::STRICT, Options::LENIENT] {
        let drs = Drs::parse(bytes, options).unwrap();
        assert!(drs.collision_shape().is_none());
        assert_eq!(drs.nodes().count(), 3);
        assert!(drs.node(COLLISION_SHAPE_NAME).is_none());
    }
}

#[test]
fn missing_collision_shape_node() {
    // The capital C of the docs' type name is not the node's name.
    let bytes = sample_with(|b| b[ENTRY[1] + 8] = b'C');
    expect_no_collision_shape(&bytes);
    // A near miss keeps its class id: with no node of that name, the node is missing (the
    // class id alone does not find it).
    let bytes = sample_with(|b| b[ENTRY[1] + 21] = b'x');
    assert_eq!(
        Drs::parse(&bytes, Options::STRICT)
            .unwrap()
            .node(b"collisionShapx")
            .unwrap()
            .class_id(),
        COLLISION_SHAPE_CLASS
    );
    expect_no_collision_shape(&bytes);
}

#[test]
fn named_node_with_another_class() {
    let bytes = sample_with(|b| set_i32(b, info_at(2), bf::MESH_CLASS));
    expect_shape_err(
        &bytes,
        ENTRY[1],
        ErrorKind::ClassMismatch {
            info_index: 2,
            class_id: bf::MESH_CLASS,
        },
    );
    // A hierarchy entry named collisionShape pointing at the mesh's entry.
    let bytes = sample_with(|b| set_i32(b, ENTRY[1], 1));
    expect_shape_err(
        &bytes,
        ENTRY[1],
        ErrorKind::ClassMismatch {
            info_index: 1,
            class_id: bf::MESH_CLASS,
        },
    );
    assert_eq!(
        Drs::parse(&sample_with(|b| set_i32(b, info_at(2), 1)), Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 189 (0xbd): expected node 2 to pair the name \"collisionShape\" with class id \
         268607026 (0x10029e32), found class id 1 (0x00000001)"
    );
}

#[test]
fn first_node_with_the_class_has_another_name() {
    let bytes = sample_with(|b| set_i32(b, info_at(1), COLLISION_SHAPE_CLASS));
    expect_shape_err(&bytes, ENTRY[0], ErrorKind::NameMismatch { info_index: 1 });
    assert_eq!(
        Drs::parse(&bytes, Options::STRICT).unwrap_err().to_string(),
        format!(
            "byte {0} (0x{0:x}): expected node 1, which has the collisionShape class id \
             268607026 (0x10029e32), to be named \"collisionShape\"",
            ENTRY[0]
        )
    );
}

#[test]
fn later_node_with_the_class_is_not_consulted() {
    // collision_shape cross-checks the named node and the *first* node with the class id;
    // a later node with the class id and another name is left alone (documented).
    let bytes = sample_with(|b| set_i32(b, info_at(3), COLLISION_SHAPE_CLASS));
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    let (node, shapes) = drs.collision_shape().unwrap();
    assert_eq!(node.info_index(), 2);
    assert_eq!(shapes.boxes().len(), 2);
    assert_eq!(drs.nodes_with_class(COLLISION_SHAPE_CLASS).count(), 2);
}

#[test]
fn first_of_two_collision_shape_nodes_is_used() {
    // Two nodes named collisionShape, both with the class id: the first one wins.
    let first = bf::payload(&[], &bf::sample_spheres(), &[]);
    let second = bf::sample_payload();
    let bytes = bf::drs(&[
        NodeSpec {
            name: COLLISION_SHAPE_NAME,
            class_id: COLLISION_SHAPE_CLASS,
            identifier: 1,
            payload: &first,
        },
        NodeSpec {
            name: COLLISION_SHAPE_NAME,
            class_id: COLLISION_SHAPE_CLASS,
            identifier: 2,
            payload: &second,
        },
    ]);
    let drs = Drs::parse(&bytes, Options::STRICT).unwrap();
    let (node, shapes) = drs.collision_shape().unwrap();
    assert_eq!(node.identifier(), 1);
    assert_eq!(shapes.spheres().len(), 1);
    assert_eq!(shapes.boxes().len(), 0);
}

// ---------------------------------------------------------------- the payload in a container

#[test]
fn payload_version_wrong() {
    for version in [0u8, 2, 0xFF] {
        let bytes = sample_with(|b| b[SHAPE_AT] = version);
        expect_shape_err(
            &bytes,
            SHAPE_AT,
            ErrorKind::UnsupportedVersion { found: version },
        );
        let mut payload = bf::sample_payload();
        payload[0] = version;
        expect_payload_err(
            &payload,
            0,
            ErrorKind::UnsupportedVersion { found: version },
        );
        // The version is checked before anything else: a bare version byte too.
        expect_payload_err(
            &[version],
            0,
            ErrorKind::UnsupportedVersion { found: version },
        );
    }
    assert_eq!(
        CollisionShape::parse(&[2], Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 0 (0x0): expected collisionShape version 1, found version 2"
    );
}

#[test]
fn payload_one_byte_short() {
    // The node size one less: the cylinder runs past the payload, blamed on its count.
    let bytes = sample_with(|b| set_i32(b, info_at(2) + 12, SHAPE_LEN as i32 - 1));
    let cylinder_count = SHAPE_AT + 1 + 4 + 144 + 4 + 64;
    expect_shape_err(
        &bytes,
        cylinder_count,
        ErrorKind::ShapesPastEnd {
            shape: ShapeKind::Cylinder,
            count: 1,
            end: SHAPE_LEN as u64,
            size: SHAPE_LEN - 1,
        },
    );
    let payload = bf::sample_payload();
    expect_payload_err(
        &payload[..SHAPE_LEN - 1],
        cylinder_count - SHAPE_AT,
        ErrorKind::ShapesPastEnd {
            shape: ShapeKind::Cylinder,
            count: 1,
            end: SHAPE_LEN as u64,
            size: SHAPE_LEN - 1,
        },
    );
}

#[test]
fn payload_one_byte_long() {
    // The node size one more (the tree's first byte joins it): the exact invariant fails at
    // the first byte past the shapes.
    let bytes = sample_with(|b| set_i32(b, info_at(2) + 12, SHAPE_LEN as i32 + 1));
    expect_shape_err(
        &bytes,
        TREE_AT,
        ErrorKind::SizeMismatch {
            expected: SHAPE_LEN as u64,
            size: SHAPE_LEN + 1,
        },
    );
    let mut payload = bf::sample_payload();
    payload.push(0);
    expect_payload_err(
        &payload,
        SHAPE_LEN,
        ErrorKind::SizeMismatch {
            expected: SHAPE_LEN as u64,
            size: SHAPE_LEN + 1,
        },
    );
    // An empty set with a stray byte.
    let mut empty = bf::payload(&[], &[], &[]);
    empty.push(0);
    expect_payload_err(
        &empty,
        13,
        ErrorKind::SizeMismatch {
            expected: 13,
            size: 14,
        },
    );
    assert_eq!(
        CollisionShape::parse(&empty, Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 13 (0xd): expected a payload of exactly 13 + 72 × boxes + 64 × spheres + 68 × \
         cylinders = 13 bytes, found 14"
    );
}

#[test]
fn payload_empty() {
    let bytes = sample_with(|b| set_i32(b, info_at(2) + 12, 0));
    expect_shape_err(
        &bytes,
        SHAPE_AT,
        ErrorKind::SizeMismatch {
            expected: 13,
            size: 0,
        },
    );
    expect_payload_err(
        &[],
        0,
        ErrorKind::SizeMismatch {
            expected: 13,
            size: 0,
        },
    );
}

#[test]
fn payload_counts_whose_byte_totals_overflow() {
    let counts = [
        (ShapeKind::Box, 1usize, 72u64),
        (ShapeKind::Sphere, 1 + 4 + 144, 64),
        (ShapeKind::Cylinder, 1 + 4 + 144 + 4 + 64, 68),
    ];
    for (shape, count_at, record) in counts {
        for count in [u32::MAX, 0x8000_0000, 0x0400_0000, 0x038E_38E4] {
            let ends = (count_at + 4) as u64 + u64::from(count) * record;
            let bytes = sample_with(|b| set_u32(b, SHAPE_AT + count_at, count));
            expect_shape_err(
                &bytes,
                SHAPE_AT + count_at,
                ErrorKind::ShapesPastEnd {
                    shape,
                    count,
                    end: ends,
                    size: SHAPE_LEN,
                },
            );
            let mut payload = bf::sample_payload();
            set_u32(&mut payload, count_at, count);
            expect_payload_err(
                &payload,
                count_at,
                ErrorKind::ShapesPastEnd {
                    shape,
                    count,
                    end: ends,
                    size: SHAPE_LEN,
                },
            );
        }
    }
    let mut payload = bf::sample_payload();
    set_u32(&mut payload, 1, u32::MAX);
    assert_eq!(
        CollisionShape::parse(&payload, Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 1 (0x1): expected the 4294967295 boxes inside the 289-byte payload, they would \
         end at 309237645245"
    );
}

#[test]
fn payload_counts_too_small_leave_bytes_over() {
    // One box fewer: the second box's bytes are read as the sphere count and beyond.
    let mut payload = bf::sample_payload();
    set_u32(&mut payload, 1, 1);
    // Offset 77 now holds the second box's first rotation float (0.0) as the sphere count,
    // then 0.0 (cylinder count) -> 13 + 72 bytes used, the rest is surplus.
    expect_payload_err(
        &payload,
        85,
        ErrorKind::SizeMismatch {
            expected: 85,
            size: SHAPE_LEN,
        },
    );
}

#[test]
fn payload_count_field_past_end() {
    let payload = bf::sample_payload();
    for (len, shape) in [
        (1, ShapeKind::Box),
        (4, ShapeKind::Box),
        (149, ShapeKind::Sphere),
        (152, ShapeKind::Sphere),
        (217, ShapeKind::Cylinder),
        (220, ShapeKind::Cylinder),
    ] {
        let count_at = match shape {
            ShapeKind::Box => 1,
            ShapeKind::Sphere => 149,
            ShapeKind::Cylinder => 217,
        };
        expect_payload_err(
            &payload[..len],
            count_at,
            ErrorKind::CountPastEnd { shape, size: len },
        );
        let bytes = sample_with(|b| set_i32(b, info_at(2) + 12, len as i32));
        expect_shape_err(
            &bytes,
            SHAPE_AT + count_at,
            ErrorKind::CountPastEnd { shape, size: len },
        );
    }
    assert_eq!(
        CollisionShape::parse(&payload[..3], Options::STRICT)
            .unwrap_err()
            .to_string(),
        "byte 1 (0x1): expected the count of boxes inside the 3-byte payload, it ends first"
    );
}

#[test]
fn payload_truncated_at_every_length() {
    // Every prefix of the sample payload is rejected, with the error the layout predicts.
    let payload = bf::sample_payload();
    for len in 0..SHAPE_LEN {
        let (offset, kind) = match len {
            0 => (
                0,
                ErrorKind::SizeMismatch {
                    expected: 13,
                    size: 0,
                },
            ),
            1..=4 => (
                1,
                ErrorKind::CountPastEnd {
                    shape: ShapeKind::Box,
                    size: len,
                },
            ),
            5..=148 => (
                1,
                ErrorKind::ShapesPastEnd {
                    shape: ShapeKind::Box,
                    count: 2,
                    end: 149,
                    size: len,
                },
            ),
            149..=152 => (
                149,
                ErrorKind::CountPastEnd {
                    shape: ShapeKind::Sphere,
                    size: len,
                },
            ),
            153..=216 => (
                149,
                ErrorKind::ShapesPastEnd {
                    shape: ShapeKind::Sphere,
                    count: 1,
                    end: 217,
                    size: len,
                },
            ),
            217..=220 => (
                217,
                ErrorKind::CountPastEnd {
                    shape: ShapeKind::Cylinder,
                    size: len,
                },
            ),
            _ => (
                217,
                ErrorKind::ShapesPastEnd {
                    shape: ShapeKind::Cylinder,
                    count: 1,
                    end: 289,
                    size: len,
                },
            ),
        };
        expect_payload_err(&payload[..len], offset, kind);
    }
    assert!(CollisionShape::parse(&payload, Options::STRICT).is_ok());
}

#[test]
fn every_error_display_names_its_offset_in_decimal_and_hex() {
    let bytes = sample_with(|b| set_i32(b, ENTRY[2], 9));
    let e = Drs::parse(&bytes, Options::STRICT).unwrap_err();
    assert_eq!(e.offset(), 215);
    assert!(e.to_string().starts_with("byte 215 (0xd7): "));
    let bytes = sample_with(|b| b[SHAPE_AT] = 7);
    let e = Drs::parse(&bytes, Options::STRICT).unwrap_err();
    assert!(e.to_string().starts_with("byte 278 (0x116): "), "{e}");
    // The error is a std error with no source.
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert!(boxed.source().is_none());
}
