//! `zerocol` on BattleForge DRS model files and bare `collisionShape` payloads, run as a
//! process.
//!
//! The files are assembled here, byte by byte with `to_le_bytes`, from docs/formats/battleforge.md alone: no
//! library type, writer or raw struct takes part, so `zerocol dump` is checked field by field
//! against files it has never seen, filled with deterministic pseudo-random values (a seeded
//! xorshift) in every field, with extra non-collision nodes in varying order, hierarchy order
//! differing from the information table's, and payloads back to back, unaligned.

use serde_json::Value;

use crate::support::bytes::{push_f32, push_f32s, push_i32, set_i32, set_u32};
use crate::support::cli::{
    Fields, TempFile, array, assert_f32, assert_floats, assert_quiet_on_closed_pipe, code,
    dump_bytes, dump_fails_at, keys, sample, stderr, stdout, totals, u64_of, unknown_format,
    verdicts, zerocol,
};
use crate::support::hostile::{Commands, never_panic};
use crate::support::rng::Rng;

// ---------------------------------------------------------------------------------------------
// an independent generator, straight from docs/formats/battleforge.md

/// `magic i32 = -981667554`: the bytes 1E F1 7C C5.
const MAGIC: i32 = -981_667_554;
const COLLISION_SHAPE_CLASS: i32 = 268_607_026;
const COLLISION_SHAPE: &[u8] = b"collisionShape";
const ROOT_NAME: &[u8] = b"root node";
const HEADER: usize = 20;
const INFO_ENTRY: usize = 32;
/// Root hierarchy entry: identifier, unknown, length, then the name.
const ROOT_ENTRY: usize = 12 + ROOT_NAME.len();
const BOX: usize = 72;
const SPHERE: usize = 64;
const CYLINDER: usize = 68;
/// Version byte and three counts.
const FIXED: usize = 13;

/// A coordinate system: 9 rotation floats row-major, then the position.
#[derive(Clone, Debug)]
struct Frame {
    rotation: [f32; 9],
    position: [f32; 3],
}

impl Frame {
    fn random(rng: &mut Rng) -> Self {
        let mut rotation = [0.0; 9];
        rotation.iter_mut().for_each(|r| *r = rng.f32());
        Frame {
            rotation,
            position: rng.v3(),
        }
    }

    fn at(position: [f32; 3]) -> Self {
        Frame {
            rotation: [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
            position,
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        let start = out.len();
        self.rotation.iter().for_each(|&r| push_f32(out, r));
        push_f32s(out, &self.position);
        assert_eq!(out.len() - start, 48);
    }
}

#[derive(Clone, Debug)]
struct BoxV {
    frame: Frame,
    lower: [f32; 3],
    upper: [f32; 3],
}

/// Radius before centre.
#[derive(Clone, Debug)]
struct SphereV {
    frame: Frame,
    radius: f32,
    center: [f32; 3],
}

/// Centre before height and radius.
#[derive(Clone, Debug)]
struct CylinderV {
    frame: Frame,
    center: [f32; 3],
    height: f32,
    radius: f32,
}

/// A payload's values.
#[derive(Clone, Debug, Default)]
struct Shapes {
    boxes: Vec<BoxV>,
    spheres: Vec<SphereV>,
    cylinders: Vec<CylinderV>,
}

impl Shapes {
    /// 0 to 4 shapes of each kind, pseudo-random values everywhere.
    fn random(rng: &mut Rng) -> Self {
        let boxes = (0..rng.below(5))
            .map(|_| BoxV {
                frame: Frame::random(rng),
                lower: rng.v3(),
                upper: rng.v3(),
            })
            .collect();
        let spheres = (0..rng.below(5))
            .map(|_| SphereV {
                frame: Frame::random(rng),
                radius: rng.f32(),
                center: rng.v3(),
            })
            .collect();
        let cylinders = (0..rng.below(5))
            .map(|_| CylinderV {
                frame: Frame::random(rng),
                center: rng.v3(),
                height: rng.f32(),
                radius: rng.f32(),
            })
            .collect();
        Shapes {
            boxes,
            spheres,
            cylinders,
        }
    }

    fn counts(&self) -> [u32; 3] {
        [
            self.boxes.len() as u32,
            self.spheres.len() as u32,
            self.cylinders.len() as u32,
        ]
    }

    /// `13 + 72 B + 64 S + 68 C`.
    fn len(&self) -> usize {
        FIXED
            + BOX * self.boxes.len()
            + SPHERE * self.spheres.len()
            + CYLINDER * self.cylinders.len()
    }

    /// The packed payload: version 1, then each count and its records.
    fn bytes(&self) -> Vec<u8> {
        let mut out = vec![1u8];
        out.extend_from_slice(&(self.boxes.len() as u32).to_le_bytes());
        for b in &self.boxes {
            let start = out.len();
            b.frame.write(&mut out);
            push_f32s(&mut out, &b.lower);
            push_f32s(&mut out, &b.upper);
            assert_eq!(out.len() - start, BOX);
        }
        out.extend_from_slice(&(self.spheres.len() as u32).to_le_bytes());
        for s in &self.spheres {
            let start = out.len();
            s.frame.write(&mut out);
            push_f32(&mut out, s.radius);
            push_f32s(&mut out, &s.center);
            assert_eq!(out.len() - start, SPHERE);
        }
        out.extend_from_slice(&(self.cylinders.len() as u32).to_le_bytes());
        for c in &self.cylinders {
            let start = out.len();
            c.frame.write(&mut out);
            push_f32s(&mut out, &c.center);
            push_f32(&mut out, c.height);
            push_f32(&mut out, c.radius);
            assert_eq!(out.len() - start, CYLINDER);
        }
        assert_eq!(out.len(), self.len());
        out
    }
}

/// Where a reader following docs/formats/battleforge.md must stop in a version-1 payload of `size` bytes
/// whose stored counts are `counts` (an offset from the payload start), or `None` when the
/// size invariant holds. A count or records that do not fit are blamed on the count field; a
/// payload longer than its counts say, on where its shapes end; an empty one, on its start.
fn payload_error_at(counts: [u32; 3], size: usize) -> Option<usize> {
    let size = size as u64;
    if size == 0 {
        return Some(0);
    }
    let mut pos = 1u64;
    for (count, record) in counts.iter().zip([BOX, SPHERE, CYLINDER]) {
        if pos + 4 > size {
            return Some(pos as usize);
        }
        let end = pos + 4 + u64::from(*count) * record as u64;
        if end > size {
            return Some(pos as usize);
        }
        pos = end;
    }
    (pos != size).then_some(pos as usize)
}

/// A node: its hierarchy name, its information entry and its payload.
#[derive(Clone, Debug)]
struct NodeV {
    name: Vec<u8>,
    class_id: i32,
    identifier: i32,
    spare: [u8; 16],
    payload: Vec<u8>,
}

impl NodeV {
    fn new(name: &[u8], class_id: i32, identifier: i32, payload: Vec<u8>) -> Self {
        NodeV {
            name: name.to_vec(),
            class_id,
            identifier,
            spare: [0; 16],
            payload,
        }
    }

    /// A node of another class (CGeoMesh, CGeoOBBTree, ...): never the collisionShape class
    /// or name, any bytes in its name (Latin-1), spare bytes and payload.
    fn random_other(rng: &mut Rng) -> Self {
        let names: [&[u8]; 5] = [
            b"CGeoMesh",
            b"CGeoOBBTree",
            b"CSkSkinInfo",
            b"CDspJointMap",
            b"CGeoPrimitiveContainer",
        ];
        let name = if rng.below(3) == 0 {
            (0..rng.below(16)).map(|_| rng.byte()).collect()
        } else {
            names[rng.below(5)].to_vec()
        };
        let class_id = loop {
            let c = rng.i32();
            if c != COLLISION_SHAPE_CLASS {
                break c;
            }
        };
        let mut spare = [0u8; 16];
        spare.iter_mut().for_each(|b| *b = rng.byte());
        NodeV {
            name,
            class_id,
            identifier: rng.i32(),
            spare,
            payload: (0..rng.below(48)).map(|_| rng.byte()).collect(),
        }
    }
}

/// A DRS file's values.
#[derive(Clone, Debug)]
struct Drs {
    /// In information table order: `nodes[k]` is entry `k + 1`.
    nodes: Vec<NodeV>,
    /// Hierarchy order, as indices into `nodes`.
    hierarchy: Vec<usize>,
    /// Payload order in the file, as indices into `nodes`.
    payload_order: Vec<usize>,
    /// Payloads right after the header, then the information table, then the hierarchy
    /// (offsets are absolute: nothing fixes the order).
    tables_last: bool,
}

/// Where everything landed.
#[derive(Clone, Debug)]
struct Layout {
    info_offset: usize,
    hierarchy_offset: usize,
    /// Per node (index into `nodes`): its information entry.
    info_at: Vec<usize>,
    /// Per node: its hierarchy entry.
    entry_at: Vec<usize>,
    /// Per node: its payload.
    payload_at: Vec<usize>,
    len: usize,
}

impl Drs {
    /// Nodes in this order everywhere, standard layout (header, tables, payloads).
    fn simple(nodes: Vec<NodeV>) -> Self {
        let order: Vec<usize> = (0..nodes.len()).collect();
        Drs {
            nodes,
            hierarchy: order.clone(),
            payload_order: order,
            tables_last: false,
        }
    }

    /// The collisionShape node with `shapes` among 0 to 5 other nodes, every order
    /// shuffled. Returns the file and the collisionShape node's index in `nodes`.
    fn random(rng: &mut Rng, shapes: &Shapes) -> (Self, usize) {
        let others = rng.below(6);
        let mut nodes: Vec<NodeV> = (0..others).map(|_| NodeV::random_other(rng)).collect();
        let cs = rng.below(others + 1);
        let mut spare = [0u8; 16];
        spare.iter_mut().for_each(|b| *b = rng.byte());
        nodes.insert(
            cs,
            NodeV {
                name: COLLISION_SHAPE.to_vec(),
                class_id: COLLISION_SHAPE_CLASS,
                identifier: rng.i32(),
                spare,
                payload: shapes.bytes(),
            },
        );
        let mut hierarchy: Vec<usize> = (0..nodes.len()).collect();
        rng.shuffle(&mut hierarchy);
        let mut payload_order: Vec<usize> = (0..nodes.len()).collect();
        rng.shuffle(&mut payload_order);
        let drs = Drs {
            nodes,
            hierarchy,
            payload_order,
            tables_last: rng.below(3) == 0,
        };
        (drs, cs)
    }

    fn layout(&self) -> Layout {
        let n = self.nodes.len();
        let info_len = INFO_ENTRY * (n + 1);
        let hierarchy_len =
            ROOT_ENTRY + self.nodes.iter().map(|v| 12 + v.name.len()).sum::<usize>();
        let payloads_len: usize = self.nodes.iter().map(|v| v.payload.len()).sum();
        let (info_offset, hierarchy_offset, payloads) = if self.tables_last {
            let info = HEADER + payloads_len;
            (info, info + info_len, HEADER)
        } else {
            (HEADER, HEADER + info_len, HEADER + info_len + hierarchy_len)
        };
        let info_at = (0..n).map(|k| info_offset + INFO_ENTRY * (k + 1)).collect();
        let mut entry_at = vec![0; n];
        let mut at = hierarchy_offset + ROOT_ENTRY;
        for &k in &self.hierarchy {
            entry_at[k] = at;
            at += 12 + self.nodes[k].name.len();
        }
        let mut payload_at = vec![0; n];
        let mut at = payloads;
        for &k in &self.payload_order {
            payload_at[k] = at;
            at += self.nodes[k].payload.len();
        }
        Layout {
            info_offset,
            hierarchy_offset,
            info_at,
            entry_at,
            payload_at,
            len: HEADER + info_len + hierarchy_len + payloads_len,
        }
    }

    fn build(&self) -> (Vec<u8>, Layout) {
        let layout = self.layout();
        let n = self.nodes.len();
        let mut out = vec![0u8; layout.len];
        let mut written = 0;
        let mut put = |at: usize, bytes: &[u8]| {
            out[at..at + bytes.len()].copy_from_slice(bytes);
            written += bytes.len();
        };

        let mut header = Vec::new();
        push_i32(&mut header, MAGIC);
        push_i32(&mut header, 1);
        push_i32(&mut header, layout.info_offset as i32);
        push_i32(&mut header, layout.hierarchy_offset as i32);
        header.extend_from_slice(&(n as u32 + 1).to_le_bytes());
        assert_eq!(header.len(), HEADER);
        put(0, &header);

        // Information table: the root entry, then one per node.
        let mut info = vec![0u8; 16];
        for v in [-1, 1, n as i32, 0] {
            push_i32(&mut info, v);
        }
        for (k, node) in self.nodes.iter().enumerate() {
            for v in [
                node.class_id,
                node.identifier,
                layout.payload_at[k] as i32,
                node.payload.len() as i32,
            ] {
                push_i32(&mut info, v);
            }
            info.extend_from_slice(&node.spare);
        }
        assert_eq!(info.len(), INFO_ENTRY * (n + 1));
        put(layout.info_offset, &info);

        // Hierarchy: the root, then `info index, length, name, zero` per node.
        let mut hierarchy = Vec::new();
        for v in [0, 0, ROOT_NAME.len() as i32] {
            push_i32(&mut hierarchy, v);
        }
        hierarchy.extend_from_slice(ROOT_NAME);
        for &k in &self.hierarchy {
            assert_eq!(
                layout.hierarchy_offset + hierarchy.len(),
                layout.entry_at[k]
            );
            push_i32(&mut hierarchy, k as i32 + 1);
            push_i32(&mut hierarchy, self.nodes[k].name.len() as i32);
            hierarchy.extend_from_slice(&self.nodes[k].name);
            push_i32(&mut hierarchy, 0);
        }
        put(layout.hierarchy_offset, &hierarchy);

        for (k, node) in self.nodes.iter().enumerate() {
            put(layout.payload_at[k], &node.payload);
        }
        // Every byte written once: the parts tile the file.
        assert_eq!(written, layout.len);
        (out, layout)
    }

    fn bytes(&self) -> Vec<u8> {
        self.build().0
    }
}

/// A CGeoMesh-like node, the collisionShape node, a CGeoOBBTree-like node.
fn three_nodes(shapes: &Shapes) -> Drs {
    Drs::simple(vec![
        NodeV::new(b"CGeoMesh", -1, 7, (0..10).collect()),
        NodeV::new(COLLISION_SHAPE, COLLISION_SHAPE_CLASS, 8, shapes.bytes()),
        NodeV::new(b"CGeoOBBTree", 479_466_400, 9, vec![0xAB; 5]),
    ])
}

/// One shape of each kind with exact, readable world bounds.
fn readable_shapes() -> Shapes {
    Shapes {
        boxes: vec![BoxV {
            frame: Frame::at([1.0, 2.0, 3.0]),
            lower: [-1.0, -2.0, -3.0],
            upper: [1.0, 2.0, 3.0],
        }],
        spheres: vec![SphereV {
            frame: Frame::at([0.0, 4.5, 0.0]),
            radius: 1.5,
            center: [0.0, 4.5, 0.0],
        }],
        cylinders: vec![CylinderV {
            // A quarter turn about Z: local +Y points along world -X.
            frame: Frame {
                rotation: [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0],
                position: [10.0, 0.0, 0.0],
            },
            center: [10.0, 0.0, 0.0],
            height: 4.0,
            radius: 1.0,
        }],
    }
}

// ---------------------------------------------------------------------------------------------
// running zerocol

/// Runs `check` on every file in one process and compares each verdict: `Some(offset)` for
/// "error: byte offset", `None` for ok.
fn check_verdicts(files: &[(TempFile, Option<usize>)], extra: &[&str]) {
    let paths: Vec<&str> = files.iter().map(|(f, _)| f.path()).collect();
    let o = zerocol(&[&["check"], extra, &paths[..]].concat());
    let expect_fail = files.iter().any(|(_, e)| e.is_some());
    assert_eq!(code(&o), i32::from(expect_fail), "{}", stderr(&o));
    // Ok verdicts on stdout, errors on stderr, each in file order.
    let (out, err) = (stdout(&o), stderr(&o));
    let oks = verdicts(&out);
    let (mut oks, mut errors) = (oks.lines(), err.lines());
    for (file, expected) in files {
        let (line, prefix) = match expected {
            Some(n) => (
                errors.next(),
                format!("{}: error: byte {n} (0x{n:x}): ", file.path()),
            ),
            None => (oks.next(), format!("{}: ok (", file.path())),
        };
        let line = line.unwrap_or_default();
        assert!(
            line.starts_with(&prefix),
            "expected {prefix:?}, found {line:?}"
        );
    }
    assert_eq!((oks.next(), errors.next()), (None, None));
}

// ---------------------------------------------------------------------------------------------
// comparing the JSON with the generator's values

fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// A world box: `{min, max}`, three numbers (or `null`) each. Its values are the library's
/// geometry, checked exactly on readable shapes below.
fn assert_aabb_shape(v: &Value, ctx: &str) {
    assert_eq!(keys(v), ["max", "min"], "{ctx}");
    for corner in [&v["min"], &v["max"]] {
        let a = array(corner);
        assert_eq!(a.len(), 3, "{ctx}: {v}");
        assert!(a.iter().all(|x| x.is_number() || x.is_null()), "{ctx}: {v}");
    }
}

fn assert_frame(j: &Value, frame: &Frame, ctx: &str) {
    assert_floats(&j["rotation"], &frame.rotation, &format!("{ctx}.rotation"));
    assert_floats(&j["position"], &frame.position, &format!("{ctx}.position"));
}

/// `version`, `boxes`, `spheres`, `cylinders`, `aabb` and `lints` against the values.
fn assert_shapes_match(json: &Value, shapes: &Shapes) {
    assert_eq!(u64_of(&json["version"]), 1);
    let boxes = array(&json["boxes"]);
    assert_eq!(boxes.len(), shapes.boxes.len());
    for (i, (j, b)) in boxes.iter().zip(&shapes.boxes).enumerate() {
        let ctx = format!("boxes[{i}]");
        assert_eq!(
            keys(j),
            ["aabb", "lower", "position", "rotation", "upper"],
            "{ctx}"
        );
        assert_frame(j, &b.frame, &ctx);
        assert_floats(&j["lower"], &b.lower, &format!("{ctx}.lower"));
        assert_floats(&j["upper"], &b.upper, &format!("{ctx}.upper"));
        assert_aabb_shape(&j["aabb"], &ctx);
    }
    let spheres = array(&json["spheres"]);
    assert_eq!(spheres.len(), shapes.spheres.len());
    for (i, (j, s)) in spheres.iter().zip(&shapes.spheres).enumerate() {
        let ctx = format!("spheres[{i}]");
        assert_eq!(
            keys(j),
            ["aabb", "center", "position", "radius", "rotation"],
            "{ctx}"
        );
        assert_frame(j, &s.frame, &ctx);
        assert_f32(&j["radius"], s.radius, &format!("{ctx}.radius"));
        assert_floats(&j["center"], &s.center, &format!("{ctx}.center"));
        assert_aabb_shape(&j["aabb"], &ctx);
    }
    let cylinders = array(&json["cylinders"]);
    assert_eq!(cylinders.len(), shapes.cylinders.len());
    for (i, (j, c)) in cylinders.iter().zip(&shapes.cylinders).enumerate() {
        let ctx = format!("cylinders[{i}]");
        assert_eq!(
            keys(j),
            ["aabb", "center", "height", "position", "radius", "rotation"],
            "{ctx}"
        );
        assert_frame(j, &c.frame, &ctx);
        assert_floats(&j["center"], &c.center, &format!("{ctx}.center"));
        assert_f32(&j["height"], c.height, &format!("{ctx}.height"));
        assert_f32(&j["radius"], c.radius, &format!("{ctx}.radius"));
        assert_aabb_shape(&j["aabb"], &ctx);
    }
    let empty = shapes.boxes.is_empty() && shapes.spheres.is_empty() && shapes.cylinders.is_empty();
    if empty {
        assert!(json["aabb"].is_null(), "{}", json["aabb"]);
    } else {
        assert_aabb_shape(&json["aabb"], "aabb");
    }
    assert!(array(&json["lints"]).iter().all(Value::is_string));
}

const TOP_KEYS: [&str; 9] = [
    "aabb",
    "boxes",
    "cylinders",
    "format",
    "lints",
    "node",
    "nodes",
    "spheres",
    "version",
];

/// Every field of a DRS file's dump against the generator's values and layout.
fn assert_drs_dump_matches(json: &Value, drs: &Drs, layout: &Layout, cs: usize, shapes: &Shapes) {
    assert_eq!(keys(json), TOP_KEYS);
    assert_eq!(json["format"], "collision-shape");
    let node = &json["node"];
    assert_eq!(keys(node), ["info_index", "offset", "size"]);
    assert_eq!(u64_of(&node["offset"]), layout.payload_at[cs] as u64);
    assert_eq!(u64_of(&node["size"]), shapes.len() as u64);
    assert_eq!(u64_of(&node["info_index"]), cs as u64 + 1);
    assert_shapes_match(json, shapes);

    let nodes = array(&json["nodes"]);
    assert_eq!(nodes.len(), drs.nodes.len());
    for (i, (j, &k)) in nodes.iter().zip(&drs.hierarchy).enumerate() {
        let ctx = format!("nodes[{i}]");
        let v = &drs.nodes[k];
        assert_eq!(
            keys(j),
            [
                "class_id",
                "hierarchy_offset",
                "identifier",
                "info_index",
                "name",
                "offset",
                "size"
            ],
            "{ctx}"
        );
        assert_eq!(j["name"].as_str(), Some(latin1(&v.name).as_str()), "{ctx}");
        assert_eq!(j["class_id"].as_i64(), Some(i64::from(v.class_id)), "{ctx}");
        assert_eq!(
            j["identifier"].as_i64(),
            Some(i64::from(v.identifier)),
            "{ctx}"
        );
        assert_eq!(u64_of(&j["info_index"]), k as u64 + 1, "{ctx}");
        assert_eq!(u64_of(&j["offset"]), layout.payload_at[k] as u64, "{ctx}");
        assert_eq!(u64_of(&j["size"]), v.payload.len() as u64, "{ctx}");
        assert_eq!(
            u64_of(&j["hierarchy_offset"]),
            layout.entry_at[k] as u64,
            "{ctx}"
        );
    }
}

/// Every field of a bare payload's dump against the generator's values.
fn assert_bare_dump_matches(json: &Value, shapes: &Shapes) {
    assert_eq!(keys(json), TOP_KEYS);
    assert_eq!(json["format"], "collision-shape");
    assert!(json["node"].is_null(), "{}", json["node"]);
    assert!(json["nodes"].is_null(), "{}", json["nodes"]);
    assert_shapes_match(json, shapes);
}

// ---------------------------------------------------------------------------------------------
// dump: field by field

#[test]
fn dump_matches_independently_generated_drs_files_field_by_field() {
    let (mut boxes, mut spheres, mut cylinders, mut non_finite) = (0, 0, 0, 0);
    let (mut empty, mut tables_last, mut reordered, mut others) = (0, 0, 0, 0);
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed);
        let shapes = Shapes::random(&mut rng);
        let (drs, cs) = Drs::random(&mut rng, &shapes);
        let (bytes, layout) = drs.build();
        let json = dump_bytes(&bytes, &[]);
        assert_drs_dump_matches(&json, &drs, &layout, cs, &shapes);

        boxes += shapes.boxes.len();
        spheres += shapes.spheres.len();
        cylinders += shapes.cylinders.len();
        non_finite += shapes
            .boxes
            .iter()
            .flat_map(|b| b.frame.rotation.iter().chain(&b.lower))
            .filter(|v| !v.is_finite())
            .count();
        empty += usize::from(shapes.len() == FIXED);
        tables_last += usize::from(drs.tables_last);
        reordered += usize::from(drs.hierarchy != drs.payload_order);
        others += drs.nodes.len() - 1;
    }
    // The suite really covered what it claims to.
    assert!(boxes >= 60 && spheres >= 60 && cylinders >= 60);
    assert!(non_finite > 0, "no NaN or infinity was generated");
    assert!(empty >= 1, "no empty payload");
    assert!(tables_last >= 5 && reordered >= 20 && others >= 60);
}

#[test]
fn dump_matches_independently_generated_bare_payloads_field_by_field() {
    let mut total = 0;
    for seed in 100..160u64 {
        let shapes = Shapes::random(&mut Rng::new(seed));
        let json = dump_bytes(&shapes.bytes(), &["--format", "collision-shape"]);
        assert_bare_dump_matches(&json, &shapes);
        total += shapes.counts().iter().sum::<u32>();
    }
    assert!(total >= 200, "{total}");
}

#[test]
fn dump_lenient_has_the_same_fields_plus_empty_warnings() {
    let mut rng = Rng::new(7);
    let shapes = Shapes::random(&mut rng);
    let (drs, cs) = Drs::random(&mut rng, &shapes);
    let (bytes, layout) = drs.build();
    let mut json = dump_bytes(&bytes, &["--lenient"]);
    assert_eq!(json["warnings"], serde_json::json!([]));
    json.as_object_mut().unwrap().remove("warnings");
    assert_drs_dump_matches(&json, &drs, &layout, cs, &shapes);
}

#[test]
fn dump_of_readable_shapes_has_exact_world_bounds_and_no_lints() {
    let shapes = readable_shapes();
    let drs = three_nodes(&shapes);
    let (bytes, layout) = drs.build();
    let json = dump_bytes(&bytes, &[]);
    assert_drs_dump_matches(&json, &drs, &layout, 1, &shapes);
    let aabb = |v: &Value| (v["min"].clone(), v["max"].clone());
    let pair = |min: [f32; 3], max: [f32; 3]| (serde_json::json!(min), serde_json::json!(max));
    assert_eq!(
        aabb(&json["boxes"][0]["aabb"]),
        pair([0.0, 0.0, 0.0], [2.0, 4.0, 6.0])
    );
    assert_eq!(
        aabb(&json["spheres"][0]["aabb"]),
        pair([-1.5, 3.0, -1.5], [1.5, 6.0, 1.5])
    );
    // Base at x = 10, top 4 along world -X, radius 1 across Y and Z.
    assert_eq!(
        aabb(&json["cylinders"][0]["aabb"]),
        pair([6.0, -1.0, -1.0], [10.0, 1.0, 1.0])
    );
    assert_eq!(
        aabb(&json["aabb"]),
        pair([-1.5, -1.0, -1.5], [10.0, 6.0, 6.0])
    );
    assert_eq!(json["lints"], serde_json::json!([]));
    // The exact document, additions included.
    let expected_node =
        serde_json::json!({"offset": layout.payload_at[1], "size": 217, "info_index": 2});
    assert_eq!(json["node"], expected_node);
    assert_eq!(
        json["boxes"][0]["rotation"],
        serde_json::json!([1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0])
    );
    assert_eq!(
        json["cylinders"][0]["rotation"],
        serde_json::json!([0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0])
    );
}

/// A box with inverted corners, a sphere with a negative radius away from its stored centre,
/// a cylinder with a scaled rotation and no height.
fn linted_shapes() -> Shapes {
    Shapes {
        boxes: vec![BoxV {
            frame: Frame::at([0.0; 3]),
            lower: [1.0, 0.0, 0.0],
            upper: [-1.0, 1.0, 1.0],
        }],
        spheres: vec![SphereV {
            frame: Frame::at([1.0, 0.0, 0.0]),
            radius: -1.0,
            center: [0.0; 3],
        }],
        cylinders: vec![CylinderV {
            frame: Frame {
                rotation: [2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 2.0],
                position: [0.0; 3],
            },
            center: [0.0; 3],
            height: 0.0,
            radius: 1.0,
        }],
    }
}

const LINTS: [&str; 5] = [
    "box 0: lower corner is above the upper corner along X: how the game reads that is not \
     documented (importers, and zerocol, sort the corners); swap them",
    "sphere 0: radius -1 is not positive: the format notes say zero or negative sizes break the \
     game's hit tests; give it a size above 0",
    "sphere 0: stored centre [0.0, 0.0, 0.0] differs from the position [1.0, 0.0, 0.0]: which one \
     the game uses is not documented (writers copy the position into the centre, zerocol uses \
     the position); store the position as the centre",
    "cylinder 0: rotation is not orthonormal (largest |R·Rᵀ − I| entry 3): how the game uses it \
     is not documented (the format notes want it orthonormal to keep the shape well-formed); \
     store a pure rotation and put any scale into the sizes",
    "cylinder 0: height 0 is not positive: the format notes say zero or negative sizes break the \
     game's hit tests; give it a size above 0",
];

#[test]
fn dump_reports_lints_and_still_reads_the_shapes() {
    let shapes = linted_shapes();
    let json = dump_bytes(&shapes.bytes(), &["--format", "collision-shape"]);
    assert_bare_dump_matches(&json, &shapes);
    assert_eq!(json["lints"], serde_json::json!(LINTS));
}

#[test]
fn dump_of_an_empty_payload_has_empty_arrays_and_null_bounds() {
    let shapes = Shapes::default();
    assert_eq!(shapes.bytes(), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    let json = dump_bytes(&shapes.bytes(), &["--format", "collision-shape"]);
    assert_eq!(
        json,
        serde_json::json!({
            "format": "collision-shape", "node": null, "version": 1,
            "boxes": [], "spheres": [], "cylinders": [],
            "nodes": null, "aabb": null, "lints": []
        })
    );
}

#[test]
fn dump_prints_non_finite_floats_as_null_and_keeps_negative_zero() {
    let mut shapes = readable_shapes();
    shapes.spheres[0].radius = f32::NAN;
    shapes.boxes[0].lower = [f32::INFINITY, -0.0, f32::NEG_INFINITY];
    shapes.cylinders[0].height = f32::from_bits(0x7FC0_1234);
    let json = dump_bytes(&shapes.bytes(), &["--format", "collision-shape"]);
    assert_bare_dump_matches(&json, &shapes);
    assert!(json["spheres"][0]["radius"].is_null());
    assert_eq!(
        json["boxes"][0]["lower"],
        serde_json::json!([null, -0.0, null])
    );
    // Shortest round-trip form: 0.1f32 prints as 0.1, not 0.10000000149011612.
    let mut shapes = readable_shapes();
    shapes.spheres[0].radius = 0.1;
    let file = TempFile::new("tenth.bin", &shapes.bytes());
    let o = zerocol(&["dump", "--format", "collision-shape", file.path()]);
    assert!(stdout(&o).contains("\"radius\": 0.1,"), "{}", stdout(&o));
}

// ---------------------------------------------------------------------------------------------
// --format collision-shape

#[test]
fn format_collision_shape_reads_a_drs_as_a_container() {
    let mut rng = Rng::new(5);
    let shapes = Shapes::random(&mut rng);
    let (drs, cs) = Drs::random(&mut rng, &shapes);
    let (bytes, layout) = drs.build();
    let sniffed = dump_bytes(&bytes, &[]);
    let forced = dump_bytes(&bytes, &["--format", "collision-shape"]);
    assert_eq!(sniffed, forced);
    assert_drs_dump_matches(&forced, &drs, &layout, cs, &shapes);
    let file = TempFile::new("forced.drs", &bytes);
    for command in ["info", "check"] {
        let plain = zerocol(&[command, file.path()]);
        let forced = zerocol(&[command, "--format", "collision-shape", file.path()]);
        assert_eq!(code(&forced), 0, "{}", stderr(&forced));
        assert_eq!(plain.stdout, forced.stdout, "{command}");
    }
}

#[test]
fn a_bare_payload_needs_format_collision_shape() {
    let shapes = readable_shapes();
    let file = TempFile::new("bare.bin", &shapes.bytes());
    let hint = "unknown format (a bare collisionShape payload needs --format collision-shape)";
    for command in ["dump", "info"] {
        let o = zerocol(&[command, file.path()]);
        assert_eq!(code(&o), 1, "{command}");
        assert_eq!(o.stdout, b"", "{command}");
        assert_eq!(
            stderr(&o),
            format!("zerocol: {}: {hint}\n", file.path()),
            "{command}"
        );
    }
    let o = zerocol(&["check", file.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(stderr(&o), format!("{}: error: {hint}\n", file.path()));

    let o = zerocol(&["check", "--format", "collision-shape", file.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        verdicts(&stdout(&o)),
        format!(
            "{}: ok (bare collisionShape payload: 1 box, 1 sphere, 1 cylinder)\n",
            file.path()
        )
    );
    let json = dump_bytes(&shapes.bytes(), &["--format", "collision-shape"]);
    assert_bare_dump_matches(&json, &shapes);
}

#[test]
fn bad_magic_is_an_unknown_format_unless_forced() {
    let bytes = three_nodes(&readable_shapes()).bytes();
    for (at, value) in [(0, 0x1Fu8), (3, 0xC4), (1, 0x00)] {
        let mut bad = bytes.clone();
        bad[at] = value;
        let file = TempFile::new("magic.drs", &bad);
        for command in ["dump", "info"] {
            let o = zerocol(&[command, file.path()]);
            assert_eq!(code(&o), 1, "{command}");
            assert_eq!(o.stdout, b"", "{command}");
            assert_eq!(
                stderr(&o),
                format!("zerocol: {}: {}\n", file.path(), unknown_format(&bad))
            );
        }
        // Forced, the file is a bare payload whose first byte is no version.
        let message = dump_fails_at(&bad, &["--format", "collision-shape"], 0);
        assert!(
            message.starts_with(&format!(
                "expected collisionShape version 1, found version {}",
                bad[0]
            )),
            "{message}"
        );
        assert!(message.contains("DRS magic"), "{message}");
    }
}

// ---------------------------------------------------------------------------------------------
// malformed DRS containers: exit 1, nothing on stdout, the exact offset

#[test]
fn every_truncation_names_the_right_offset() {
    for tables_last in [false, true] {
        let mut drs = three_nodes(&readable_shapes());
        drs.tables_last = tables_last;
        let (bytes, layout) = drs.build();
        let table_end = layout.info_offset + INFO_ENTRY * (drs.nodes.len() + 1);
        let expected = |cut: usize| -> Option<usize> {
            if cut < HEADER {
                return Some(0);
            }
            if cut < table_end {
                return Some(8);
            }
            // Payloads are checked in information table order, before the hierarchy.
            for (k, node) in drs.nodes.iter().enumerate() {
                if layout.payload_at[k] + node.payload.len() > cut {
                    return Some(layout.info_at[k] + 8);
                }
            }
            let h = layout.hierarchy_offset;
            // The root's three fixed words cut: the header's hierarchy offset is at
            // fault; its name cut: the name length field.
            if cut < h + 12 {
                return Some(12);
            }
            if cut < h + ROOT_ENTRY {
                return Some(h + 8);
            }
            for &k in &drs.hierarchy {
                let at = layout.entry_at[k];
                let name = drs.nodes[k].name.len();
                if cut < at + 4 {
                    return Some(at);
                }
                if cut < at + 8 + name {
                    return Some(at + 4);
                }
                if cut < at + 12 + name {
                    return Some(at);
                }
            }
            assert_eq!(cut, bytes.len());
            None
        };
        let files: Vec<(TempFile, Option<usize>)> = (4..=bytes.len())
            .map(|cut| (TempFile::new("cut.drs", &bytes[..cut]), expected(cut)))
            .collect();
        check_verdicts(&files, &[]);
    }
}

#[test]
fn a_missing_collision_shape_node_is_blamed_on_the_hierarchy() {
    // Same length, another name: "collisionshape".
    let mut drs = three_nodes(&readable_shapes());
    drs.nodes[1].name = b"collisionshape".to_vec();
    let (bytes, layout) = drs.build();
    let message = dump_fails_at(&bytes, &[], layout.hierarchy_offset);
    assert_eq!(
        message,
        "expected a node named \"collisionShape\" in the node hierarchy, found none"
    );
    // Only other nodes; and no node at all.
    let drs = Drs::simple(vec![
        NodeV::new(b"CGeoMesh", 5, 1, vec![1, 2, 3]),
        NodeV::new(b"CGeoOBBTree", 6, 2, vec![]),
    ]);
    let (bytes, layout) = drs.build();
    dump_fails_at(&bytes, &[], layout.hierarchy_offset);
    let (bytes, layout) = Drs::simple(vec![]).build();
    assert_eq!(bytes.len(), HEADER + INFO_ENTRY + ROOT_ENTRY);
    dump_fails_at(&bytes, &[], layout.hierarchy_offset);
    // And `info` shows the container before the error.
    let file = TempFile::new("missing.drs", &bytes);
    let o = zerocol(&["info", file.path()]);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).contains("  root: \"root node\"\n"),
        "{}",
        stdout(&o)
    );
    assert_eq!(stderr(&o).lines().count(), 1);
}

// ---------------------------------------------------------------------------------------------
// malformed payloads, in a DRS and bare

#[test]
fn a_wrong_version_is_malformed_at_the_payload_start() {
    // One representative error per reading: the library's tests (tests/it/battleforge/reader.rs)
    // check every error kind's offset and text; the CLI prints the library's `Display` after
    // `zerocol: FILE: ` (dump) or `FILE: error: ` (check), exit 1, and adds a hint only to a
    // bare payload whose first byte is no version.
    let shapes = readable_shapes();
    let drs = three_nodes(&shapes);
    let (bytes, layout) = drs.build();
    for version in [0u8, 2, 0xFF] {
        let mut bad = bytes.clone();
        bad[layout.payload_at[1]] = version;
        let error = zerocol::battleforge::Drs::parse(&bad, zerocol::battleforge::Options::STRICT)
            .unwrap_err()
            .to_string();
        let at = layout.payload_at[1];
        assert!(
            error.starts_with(&format!("byte {at} (0x{at:x}): ")),
            "{error}"
        );
        let file = TempFile::new("version.drs", &bad);
        let o = zerocol(&["dump", file.path()]);
        assert_eq!(code(&o), 1);
        assert_eq!(o.stdout, b"");
        assert_eq!(stderr(&o), format!("zerocol: {}: {error}\n", file.path()));
        let o = zerocol(&["check", file.path()]);
        assert_eq!(code(&o), 1);
        assert_eq!(stderr(&o), format!("{}: error: {error}\n", file.path()));
        assert_eq!(stdout(&o), totals(0, 1, 0));

        let mut bare = shapes.bytes();
        bare[0] = version;
        let error = zerocol::battleforge::CollisionShape::parse(
            &bare,
            zerocol::battleforge::Options::STRICT,
        )
        .unwrap_err()
        .to_string();
        let file = TempFile::new("version.bin", &bare);
        let o = zerocol(&["dump", "--format", "collision-shape", file.path()]);
        assert_eq!(code(&o), 1);
        assert_eq!(o.stdout, b"");
        assert_eq!(
            stderr(&o),
            format!(
                "zerocol: {}: {error} (read as a bare payload: the file does not start with the \
                 DRS magic 1e f1 7c c5)\n",
                file.path()
            )
        );
    }
}

#[test]
fn a_broken_size_invariant_is_malformed_either_way() {
    // Every node size from 0 to 3 bytes too many, the collisionShape node last and first.
    for seed in 0..6u64 {
        let mut rng = Rng::new(seed + 500);
        let shapes = Shapes::random(&mut rng);
        let counts = shapes.counts();
        let real = shapes.len();
        for cs_first in [false, true] {
            let mut drs = three_nodes(&shapes);
            if cs_first {
                drs.payload_order = vec![1, 0, 2];
            } else {
                drs.payload_order = vec![0, 2, 1];
            }
            let (mut bytes, layout) = drs.build();
            bytes.extend_from_slice(&[0; 3]);
            let files: Vec<(TempFile, Option<usize>)> = (0..=real + 3)
                .map(|size| {
                    let mut bad = bytes.clone();
                    set_i32(&mut bad, layout.info_at[1] + 12, size as i32);
                    let expected =
                        payload_error_at(counts, size).map(|at| layout.payload_at[1] + at);
                    (TempFile::new("size.drs", &bad), expected)
                })
                .collect();
            assert_eq!(files.iter().filter(|(_, e)| e.is_none()).count(), 1);
            check_verdicts(&files, &[]);
        }
        // Bare: every cut and a few bytes too many.
        let bare = [shapes.bytes(), vec![0; 3]].concat();
        let files: Vec<(TempFile, Option<usize>)> = (0..=real + 3)
            .map(|size| {
                (
                    TempFile::new("size.bin", &bare[..size]),
                    payload_error_at(counts, size),
                )
            })
            .collect();
        check_verdicts(&files, &["--format", "collision-shape"]);
    }
    // The messages: too long gives both numbers; too short blames the count.
    let shapes = readable_shapes();
    let bare = [shapes.bytes(), vec![0]].concat();
    let message = dump_fails_at(&bare, &["--format", "collision-shape"], 217);
    assert!(message.contains("= 217 bytes, found 218"), "{message}");
    let message = dump_fails_at(
        &bare[..216],
        &["--format", "collision-shape"],
        1 + 4 + 72 + 4 + 64,
    );
    assert!(message.contains("the 1 cylinders"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// check

#[test]
fn check_gives_drs_verdicts_among_gta_and_mkgp_files() {
    let shapes = readable_shapes();
    let good = TempFile::new("good.drs", &three_nodes(&shapes).bytes());
    let mut rng = Rng::new(33);
    let random_shapes = Shapes::random(&mut rng);
    let (random, _) = Drs::random(&mut rng, &random_shapes);
    let random_file = TempFile::new("random.drs", &random.bytes());
    let mut broken = three_nodes(&shapes);
    broken.nodes[1].class_id = 1;
    let (broken_bytes, broken_layout) = broken.build();
    let broken_file = TempFile::new("broken.drs", &broken_bytes);
    let bare = TempFile::new("bare.bin", &shapes.bytes());
    let (gta, course, drs) = (
        sample("sample.col"),
        sample("course.col"),
        sample("collision.drs"),
    );
    let o = zerocol(&[
        "check",
        &gta,
        good.path(),
        broken_file.path(),
        &course,
        random_file.path(),
        bare.path(),
        &drs,
    ]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let [b, s, c] = random_shapes.counts();
    let e = broken_layout.entry_at[1];
    let expected_out = format!(
        "{gta}: ok (4 models, 0 trailing bytes)\n\
         {}: ok (collisionShape: 1 box, 1 sphere, 1 cylinder)\n\
         {course}: ok (4×3 grid, 80 triangles, 42 walls, 3 triangle walls)\n\
         {}: ok (collisionShape: {}, {}, {})\n\
         {drs}: ok (collisionShape: ",
        good.path(),
        random_file.path(),
        plural(b, "box", "boxes"),
        plural(s, "sphere", "spheres"),
        plural(c, "cylinder", "cylinders"),
    );
    let out = verdicts(&stdout(&o)).to_owned();
    assert!(out.starts_with(&expected_out), "{out}");
    assert_eq!(out.lines().count(), 5, "{out}");
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: byte {e} (0x{e:x}): expected node 2 to pair the name \"collisionShape\" with class id 268607026 (0x10029e32), found class id 1 (0x00000001)\n\
             {}: error: unknown format (a bare collisionShape payload needs --format collision-shape)\n",
            broken_file.path(),
            bare.path()
        )
    );
    // All good: exit 0.
    let o = zerocol(&["check", &gta, good.path(), &course, &drs]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // Forced, the GTA and MKGP files are bare payloads that fail at their first byte.
    let o = zerocol(&["check", "--format", "collision-shape", &gta, &course, &drs]);
    assert_eq!(code(&o), 1);
    assert_eq!(verdicts(&stdout(&o)).lines().count(), 1, "{}", stdout(&o));
    for file in [&gta, &course] {
        assert!(
            stderr(&o).contains(&format!(
                "{file}: error: byte 0 (0x0): expected collisionShape version 1"
            )),
            "{}",
            stderr(&o)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// info

#[test]
fn info_lists_the_container_and_every_shape() {
    let drs = three_nodes(&readable_shapes());
    let (bytes, layout) = drs.build();
    let file = TempFile::new("three.drs", &bytes);
    let o = zerocol(&["info", file.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let [p0, p1, p2] = [0, 1, 2].map(|k| layout.payload_at[k]);
    let expected = format!(
        "{}: collision-shape, DRS container, {} bytes (strict)\n\
         \x20 header: model count 1, node count 4 (root included)\n\
         \x20 node information table at byte 20 (0x14), node hierarchy at byte 148 (0x94)\n\
         \x20 root: \"root node\"\n\
         \x20 node 1 \"CGeoMesh\": class id -1 (0xffffffff), identifier 7, payload at byte {p0} (0x{p0:x}), 10 bytes\n\
         \x20 node 2 \"collisionShape\": class id 268607026 (0x10029e32), identifier 8, payload at byte {p1} (0x{p1:x}), 217 bytes\n\
         \x20 node 3 \"CGeoOBBTree\": class id 479466400 (0x1c9413a0), identifier 9, payload at byte {p2} (0x{p2:x}), 5 bytes\n\
         \x20 collisionShape: node 2, payload at byte {p1} (0x{p1:x}), 217 bytes, version 1\n\
         \x20 boxes 1, spheres 1, cylinders 1\n\
         \x20 box 0: position [1.0, 2.0, 3.0], lower [-1.0, -2.0, -3.0], upper [1.0, 2.0, 3.0] (size [2.0, 4.0, 6.0]); AABB min [0.0, 0.0, 0.0], max [2.0, 4.0, 6.0]\n\
         \x20 sphere 0: position [0.0, 4.5, 0.0], radius 1.5; AABB min [-1.5, 3.0, -1.5], max [1.5, 6.0, 1.5]\n\
         \x20 cylinder 0: base [10.0, 0.0, 0.0], radius 1.0, height 4.0 along local +Y; AABB min [6.0, -1.0, -1.0], max [10.0, 1.0, 1.0]\n\
         \x20 AABB of all shapes: min [-1.5, -1.0, -1.5], max [10.0, 6.0, 6.0]\n\
         \x20 lints: none\n",
        file.path(),
        bytes.len()
    );
    assert_eq!(stdout(&o), expected);
    // The same summary lenient, but for the mode.
    let lenient = stdout(&zerocol(&["info", "--lenient", file.path()]));
    assert_eq!(lenient, expected.replacen("(strict)", "(lenient)", 1));
}

#[test]
fn info_of_a_bare_payload_is_the_same_minus_the_container() {
    let shapes = linted_shapes();
    let file = TempFile::new("bare.bin", &shapes.bytes());
    let o = zerocol(&["info", "--format", "collision-shape", file.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let head = format!(
        "{}: collision-shape, bare payload, 217 bytes (strict)\n\
         \x20 collisionShape: bare payload of 217 bytes, version 1\n\
         \x20 boxes 1, spheres 1, cylinders 1\n",
        file.path()
    );
    assert!(out.starts_with(&head), "{out}");
    let warnings: String = LINTS.iter().map(|l| format!("  warning: {l}\n")).collect();
    assert!(out.ends_with(&format!("  lints: 5\n{warnings}")), "{out}");
    assert!(!out.contains("node"), "{out}");
}

#[test]
fn info_caps_the_lint_list() {
    let mut shapes = linted_shapes();
    shapes.spheres = vec![shapes.spheres[0].clone(); 15];
    let file = TempFile::new("many.bin", &shapes.bytes());
    let out = stdout(&zerocol(&[
        "info",
        "--format",
        "collision-shape",
        file.path(),
    ]));
    // 1 box lint, 2 per sphere, 2 cylinder lints.
    assert!(out.contains("  lints: 33\n"), "{out}");
    assert_eq!(out.matches("  warning: ").count(), 20, "{out}");
    assert!(
        out.ends_with("  … 13 more (zerocol dump lists them all)\n"),
        "{out}"
    );
}

#[test]
fn info_of_a_malformed_payload_prints_the_container_then_one_error() {
    let drs = three_nodes(&readable_shapes());
    let (mut bytes, layout) = drs.build();
    bytes[layout.payload_at[1]] = 9;
    let file = TempFile::new("v9.drs", &bytes);
    let o = zerocol(&["info", file.path()]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.contains("  node 3 \"CGeoOBBTree\""), "{out}");
    assert!(!out.contains("boxes"), "{out}");
    let at = layout.payload_at[1];
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: byte {at} (0x{at:x}): expected collisionShape version 1, found version 9\n",
            file.path()
        )
    );
    // A container that does not parse prints its first line only.
    let mut bad = bytes.clone();
    set_u32(&mut bad, 16, 0);
    let file = TempFile::new("zero.drs", &bad);
    let o = zerocol(&["info", file.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o).lines().count(), 1, "{}", stdout(&o));
}

#[test]
fn info_without_a_file_names_all_three_samples() {
    let o = zerocol(&["info"]);
    assert_eq!(code(&o), 0, "stderr: {}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    let heads: Vec<usize> = [
        "(embedded sample): gta-col, ",
        "\n\n(embedded course sample): mkgp-col, ",
        "\n\n(embedded DRS sample): collision-shape, DRS container, ",
    ]
    .iter()
    .map(|head| {
        out.find(head)
            .unwrap_or_else(|| panic!("{head:?} in\n{out}"))
    })
    .collect();
    assert_eq!(heads[0], 0, "{out}");
    assert!(heads[0] < heads[1] && heads[1] < heads[2], "{out}");
    // The Grit TCOL sample follows (`grit` checks it).
    let tcol = out
        .find("\n\n(embedded TCOL sample): tcol, ")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(heads[2] < tcol, "{out}");
    // The embedded DRS is samples/collision.drs: the same summary as reading it.
    let drs = &out[heads[2] + 2..tcol + 1];
    let from_file = stdout(&zerocol(&["info", &sample("collision.drs")]));
    assert_eq!(
        drs.replace("(embedded DRS sample)", &sample("collision.drs")),
        from_file
    );
    assert!(
        drs.contains("  node 2 \"collisionShape\": class id 268607026"),
        "{drs}"
    );
    // `--format collision-shape` picks it alone.
    let only = stdout(&zerocol(&["info", "--format", "collision-shape"]));
    assert_eq!(only, drs);
}

// ---------------------------------------------------------------------------------------------
// never a panic

#[test]
fn closed_stdout_is_not_a_panic() {
    // 3,000 shapes: a dump and a summary far larger than a pipe buffer.
    let mut shapes = readable_shapes();
    shapes.boxes = vec![shapes.boxes[0].clone(); 1000];
    shapes.spheres = vec![shapes.spheres[0].clone(); 1000];
    shapes.cylinders = vec![shapes.cylinders[0].clone(); 1000];
    let big = TempFile::new("big.drs", &three_nodes(&shapes).bytes());
    assert_quiet_on_closed_pipe(&["dump", big.path()]);
    assert_quiet_on_closed_pipe(&["info", big.path()]);
    let bare = TempFile::new("big.bin", &shapes.bytes());
    assert_quiet_on_closed_pipe(&["dump", "--format", "collision-shape", bare.path()]);
    assert_quiet_on_closed_pipe(&["info", "--format", "collision-shape", bare.path()]);
    // 5,000 verdict lines.
    let small = TempFile::new("small.drs", &three_nodes(&readable_shapes()).bytes());
    let mut args = vec!["check"];
    args.extend(std::iter::repeat_n(small.path(), 5000));
    assert_quiet_on_closed_pipe(&args);
}

#[test]
fn hostile_drs_bytes_never_panic() {
    let mut rng = Rng::new(99);
    let shapes = Shapes::random(&mut rng);
    let (drs, _) = Drs::random(&mut rng, &shapes);
    let bytes = drs.bytes();
    let mut inputs: Vec<Vec<u8>> = vec![
        MAGIC.to_le_bytes().to_vec(),
        [&MAGIC.to_le_bytes()[..], &[0xFF; 40]].concat(),
        [&MAGIC.to_le_bytes()[..], &[0x7F; 40]].concat(),
    ];
    for at in (4..bytes.len()).step_by(3) {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0xA5;
        inputs.push(flipped);
        let mut maxed = bytes.clone();
        maxed[at] = 0x7F;
        inputs.push(maxed);
    }
    never_panic(
        &inputs,
        &Commands {
            name: "hostile.drs",
            checks: &[
                &["check"],
                &["check", "--lenient", "--format", "collision-shape"],
            ],
            each: &[&["dump"], &["info"], &["info", "--lenient"]],
            step: 7,
        },
    );
    // Bare payloads: every byte flipped.
    let bare = shapes.bytes();
    let inputs: Vec<Vec<u8>> = (0..bare.len())
        .map(|at| {
            let mut flipped = bare.clone();
            flipped[at] ^= 0x5A;
            flipped
        })
        .collect();
    never_panic(
        &inputs,
        &Commands {
            name: "hostile.bin",
            checks: &[&["check", "--format", "collision-shape"]],
            each: &[],
            step: 1,
        },
    );
}

/// `1 box`, `2 boxes`: the counts of `check`'s summary.
fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
