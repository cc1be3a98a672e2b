//! Property tests of the BattleForge DRS / collisionShape reader, as seeded loops over a small
//! xorshift generator (no dependencies, deterministic): random buffers, mutated and truncated
//! written files and payloads never panic through `Drs::parse`, `Drs::parse_container` and
//! `CollisionShape::parse` (strict and lenient alike); acceptance agrees exactly with an independent model of
//! docs/formats/battleforge.md written here in wide integers; every error blames a field that holds what
//! the error says; every accepted file walks completely (nodes, payloads inside the buffer,
//! every shape decoded, containment, boxes, lints).
//!
//! A failing case prints its generator seed, iteration and bytes (hex) before the panic.
//! `ZEROCOL_PROP_SCALE=N` multiplies the number of cases (default 1); `ZEROCOL_PROP_SEED=N`
//! explores different ones.

use zerocol::battleforge::{
    BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CollisionShape, CylinderShape, Drs,
    Error, ErrorKind, Field, MAGIC, NodeSpec, Options, ShapeKind, SphereShape, Transform,
};

use crate::support::battleforge as bf;
use crate::support::bytes::{i32_at, set_i32, u32_at};
use crate::support::rng::{Case, Rng, scale, seed};
use crate::support::within;

// ---------------------------------------------------------------- generator

/// Transforms and field values, drawn from the shared [`Rng`].
trait Values {
    fn vec3(&mut self) -> [f32; 3];
    fn transform(&mut self) -> Transform;
    fn extreme(&mut self, file_len: usize) -> i32;
}

impl Values for Rng {
    fn vec3(&mut self) -> [f32; 3] {
        [self.float(), self.float(), self.float()]
    }
    fn transform(&mut self) -> Transform {
        Transform {
            rotation: [self.vec3(), self.vec3(), self.vec3()],
            position: self.vec3(),
        }
    }
    /// An i32 worth trying in an offset, size, length, index or count field.
    fn extreme(&mut self, file_len: usize) -> i32 {
        let len = file_len as i32;
        self.pick(&[
            0,
            1,
            2,
            3,
            4,
            -1,
            -2,
            i32::MIN,
            i32::MAX,
            i32::MAX - 3,
            0x4000_0000,
            0x0800_0000,
            len,
            len - 1,
            len + 1,
            len - 4,
            len / 2,
            13,
            20,
            72,
        ])
    }
}

// ---------------------------------------------------------------- the model

/// An i32 read at a wide offset, if all four bytes are in the file.
fn field(bytes: &[u8], at: i128) -> Option<i128> {
    let at = usize::try_from(at).ok()?;
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(i128::from(i32::from_le_bytes(b.try_into().unwrap())))
}

/// A node as docs/formats/battleforge.md describes it: where its entry, name and payload are.
#[derive(Debug, PartialEq)]
struct ModelNode {
    entry: usize,
    name: (usize, usize),
    info_index: u32,
    class_id: i32,
    payload: (usize, usize),
}

/// Every rule of docs/formats/battleforge.md for the container, in wide integers, in no particular
/// order: the file is valid iff this returns `Some`.
fn model_drs(b: &[u8]) -> Option<Vec<ModelNode>> {
    let len = b.len() as i128;
    if len < 20 || field(b, 0)? != i128::from(MAGIC) {
        return None;
    }
    let count = i128::from(u32_at(b, 16));
    if count == 0 {
        return None;
    }
    let info = field(b, 8)?;
    if info < 0 || info + 32 * count > len {
        return None;
    }
    for i in 1..count {
        let at = info + 32 * i;
        let (offset, size) = (field(b, at + 8)?, field(b, at + 12)?);
        if offset < 0 || size < 0 || offset + size > len {
            return None;
        }
    }
    let hierarchy = field(b, 12)?;
    if hierarchy < 0 {
        return None;
    }
    let root_len = field(b, hierarchy + 8)?;
    if root_len < 0 || hierarchy + 12 + root_len > len {
        return None;
    }
    let mut at = hierarchy + 12 + root_len;
    let mut nodes = Vec::new();
    for _ in 1..count {
        let index = field(b, at)?;
        if index < 1 || index >= count {
            return None;
        }
        let name_len = field(b, at + 4)?;
        if name_len < 0 || at + 12 + name_len > len {
            return None;
        }
        let info_at = info + 32 * index;
        let (offset, size) = (field(b, info_at + 8)?, field(b, info_at + 12)?);
        nodes.push(ModelNode {
            entry: at as usize,
            name: ((at + 8) as usize, (at + 8 + name_len) as usize),
            info_index: index as u32,
            class_id: field(b, info_at)? as i32,
            payload: (offset as usize, (offset + size) as usize),
        });
        at += 12 + name_len;
    }
    Some(nodes)
}

/// The payload rules: version 1, then three counted arrays filling it exactly. Returns the
/// three counts.
fn model_payload(p: &[u8]) -> Option<[usize; 3]> {
    if p.first() != Some(&1) {
        return None;
    }
    let mut at = 1i128;
    let mut counts = [0; 3];
    for (k, record) in [72i128, 64, 68].into_iter().enumerate() {
        let count = i128::from(u32::from_le_bytes(
            p.get(at as usize..at as usize + 4)?.try_into().unwrap(),
        ));
        at += 4 + count * record;
        if at > p.len() as i128 {
            return None;
        }
        counts[k] = count as usize;
    }
    (at == p.len() as i128).then_some(counts)
}

/// The node lookup: the first node named collisionShape, with the class id, and the first
/// node with the class id named collisionShape; its payload valid.
fn model_collision_shape(b: &[u8], nodes: &[ModelNode]) -> Option<(usize, [usize; 3])> {
    let i = nodes
        .iter()
        .position(|n| &b[n.name.0..n.name.1] == COLLISION_SHAPE_NAME)?;
    if nodes[i].class_id != COLLISION_SHAPE_CLASS {
        return None;
    }
    let first = nodes
        .iter()
        .find(|n| n.class_id == COLLISION_SHAPE_CLASS)
        .unwrap();
    if &b[first.name.0..first.name.1] != COLLISION_SHAPE_NAME {
        return None;
    }
    let (start, end) = nodes[i].payload;
    Some((i, model_payload(&b[start..end])?))
}

// ---------------------------------------------------------------- invariants

/// Checks that a container error blames a field holding what it says.
fn check_drs_error(e: &Error, b: &[u8]) {
    let shown = e.to_string();
    let prefix = format!("byte {} (0x{:x}): ", e.offset(), e.offset());
    assert!(shown.starts_with(&prefix), "{shown}");
    assert!(shown.len() > prefix.len());
    let len = b.len();
    match e.kind() {
        ErrorKind::Truncated { needed, available } => {
            assert_eq!((e.offset(), needed, available), (0, 20, len));
            assert!(len < 20);
        }
        ErrorKind::BadMagic { found } => {
            assert_eq!(e.offset(), 0);
            let head = &b[..len.min(4)];
            assert_eq!(&found[..head.len()], head);
            assert!(found[head.len()..].iter().all(|&z| z == 0));
            assert!(!MAGIC.to_le_bytes().starts_with(head));
        }
        ErrorKind::NoNodes => {
            assert_eq!(e.offset(), 16);
            assert_eq!(u32_at(b, 16), 0);
        }
        ErrorKind::Negative { field, value } => {
            assert!(value < 0);
            assert_eq!(i32_at(b, e.offset()), value);
            // Tables may overlap the header: only the header fields have fixed places.
            let info_field = |k: usize| {
                let info = i32_at(b, 8) as usize;
                (1..u32_at(b, 16) as usize).any(|i| info + 32 * i + k == e.offset())
            };
            match field {
                Field::NodeInfoOffset => assert_eq!(e.offset(), 8),
                Field::NodeHierarchyOffset => assert_eq!(e.offset(), 12),
                Field::PayloadOffset => assert!(info_field(8)),
                Field::PayloadSize => assert!(info_field(12)),
                Field::NameLength => {}
                _ => unreachable!("a new field: {field:?}"),
            }
        }
        ErrorKind::NodeTablePastEnd {
            count,
            end,
            file_len,
        } => {
            assert_eq!(e.offset(), 8);
            assert_eq!(count, u32_at(b, 16));
            assert_eq!(file_len, len);
            assert_eq!(end, i32_at(b, 8) as u64 + 32 * u64::from(count));
            assert!(end > len as u64);
        }
        ErrorKind::HierarchyPastEnd { end, file_len, .. } => {
            assert_eq!(file_len, len);
            assert!(end > len as u64);
            assert!(end > e.offset() as u64);
        }
        ErrorKind::InfoIndexOutOfRange { index, count, .. } => {
            assert_eq!(i32_at(b, e.offset()), index);
            assert_eq!(count, u32_at(b, 16));
            assert!(index < 1 || index as i64 >= i64::from(count));
        }
        ErrorKind::PayloadPastEnd {
            info_index,
            end,
            file_len,
        } => {
            assert_eq!(file_len, len);
            assert!(end > len as u64);
            let offset = i32_at(b, e.offset());
            let size = i32_at(b, e.offset() + 4);
            assert_eq!(end, offset as u64 + size as u64);
            assert_eq!(
                e.offset(),
                i32_at(b, 8) as usize + 32 * info_index as usize + 8
            );
        }
        other => panic!("{other:?} from Drs::parse"),
    }
}

/// Checks a payload error; `base` is where the payload starts in `b`.
fn check_payload_error(e: &Error, b: &[u8], base: usize, size: usize) {
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("byte {} (0x{:x}): ", e.offset(), e.offset())),
        "{shown}"
    );
    let rel = e.offset() - base;
    match e.kind() {
        ErrorKind::UnsupportedVersion { found } => {
            assert_eq!(rel, 0);
            assert_eq!(b[base], found);
            assert_ne!(found, 1);
        }
        ErrorKind::CountPastEnd { shape: _, size: s } => {
            assert_eq!(s, size);
            assert!(rel + 4 > size);
        }
        ErrorKind::ShapesPastEnd {
            shape,
            count,
            end,
            size: s,
        } => {
            assert_eq!(s, size);
            assert_eq!(u32_at(b, e.offset()), count);
            let record = match shape {
                ShapeKind::Box => 72,
                ShapeKind::Sphere => 64,
                ShapeKind::Cylinder => 68,
            };
            assert_eq!(end, (rel + 4) as u64 + u64::from(count) * record);
            assert!(end > size as u64);
        }
        ErrorKind::SizeMismatch { expected, size: s } => {
            assert_eq!(s, size);
            assert!(expected != size as u64);
            if size > 0 {
                assert_eq!(rel as u64, expected);
            }
        }
        other => panic!("{other:?} from a payload"),
    }
}

/// Decodes and queries every shape of an accepted payload, which lies at byte `at` of
/// the parsed buffer.
fn walk_shapes(shapes: &CollisionShape<'_>, outer: &[u8], at: usize, rng: &mut Rng) {
    within(shapes.boxes().as_slice(), outer);
    within(shapes.spheres().as_slice(), outer);
    within(shapes.cylinders().as_slice(), outer);
    assert_eq!(shapes.version(), 1);
    assert_eq!(
        shapes.len(),
        13 + 72 * shapes.boxes().len()
            + 64 * shapes.spheres().len()
            + 68 * shapes.cylinders().len()
    );
    let mut points = vec![[0.0; 3], rng.vec3()];
    for b in shapes.boxes() {
        let b = b.decode();
        let _ = (b.corners(), b.oriented(), b.aabb());
        points.push(b.transform.position);
        points.push(b.transform.apply(b.lower));
        let _ = b.contains(b.transform.position);
        let _ = (b.transform.orthonormality_error(), b.transform.transposed());
    }
    for s in shapes.spheres() {
        let s = s.decode();
        let _ = (s.aabb(), s.contains(s.center));
        let c = s.world_center();
        assert_eq!(c.map(f32::to_bits), s.transform.position.map(f32::to_bits));
        points.push(c);
    }
    for c in shapes.cylinders() {
        let c = c.decode();
        let _ = (c.base(), c.top(), c.aabb(), c.contains(c.top()));
        points.push(c.base());
    }
    for p in points {
        if let Some(hit) = shapes.contains(p) {
            let n = match hit.kind {
                ShapeKind::Box => shapes.boxes().len(),
                ShapeKind::Sphere => shapes.spheres().len(),
                ShapeKind::Cylinder => shapes.cylinders().len(),
            };
            assert!((hit.index as usize) < n);
        }
    }
    assert_eq!(shapes.aabb().is_some(), !shapes.is_empty());
    // Each lint is at its shape's record, as the layout places it from `at`, the
    // payload's offset in the parsed buffer; none is tolerated (no lenient rules).
    let (nb, ns) = (shapes.boxes().len(), shapes.spheres().len());
    for lint in shapes.lints() {
        assert!(!lint.to_string().is_empty());
        assert!(!lint.is_tolerated());
        let i = lint.shape.index as usize;
        let record = match lint.shape.kind {
            ShapeKind::Box => 5 + 72 * i,
            ShapeKind::Sphere => 5 + 72 * nb + 4 + 64 * i,
            ShapeKind::Cylinder => 5 + 72 * nb + 4 + 64 * ns + 4 + 68 * i,
        };
        assert_eq!(lint.offset, at + record, "{lint:?}");
    }
    assert_eq!(shapes.tolerated().count(), 0);
}

/// Parses a container, checks it against the model, checks errors, walks what is accepted.
/// Returns how far it got: 0 rejected, 1 a sound container without a usable collisionShape
/// (none, or a malformed one), 2 both.
fn check_drs(b: &[u8], rng: &mut Rng) -> usize {
    let model = model_drs(b);
    let parsed = Drs::parse(b, Options::STRICT);
    // Lenient reading is strict reading: the same verdict, the same error.
    let lenient = Drs::parse(b, Options::LENIENT);
    assert_eq!(lenient.is_ok(), parsed.is_ok());
    assert_eq!(lenient.err(), parsed.as_ref().err().copied());
    let drs = match Drs::parse_container(b) {
        Err(e) => {
            assert!(model.is_none(), "rejected a valid file: {e}");
            check_drs_error(&e, b);
            // The whole parse fails at the same place.
            assert_eq!(parsed.err(), Some(e));
            return 0;
        }
        Ok(drs) => drs,
    };
    assert!(drs.collision_shape().is_none());
    let model = model.expect("accepted a file the model rejects");
    assert_eq!(drs.node_count() as usize, model.len() + 1);
    assert_eq!(drs.infos().len(), model.len() + 1);
    within(drs.infos().as_slice(), b);
    within(drs.root_name(), b);
    let nodes: Vec<_> = drs.nodes().collect();
    assert_eq!(nodes.len(), model.len());
    for (node, m) in nodes.iter().zip(&model) {
        assert_eq!(node.entry_offset(), m.entry);
        assert_eq!(within(node.name(), b), m.name.0);
        assert_eq!(node.name().len(), m.name.1 - m.name.0);
        assert_eq!(node.info_index(), m.info_index);
        assert_eq!(node.class_id(), m.class_id);
        assert_eq!(node.info().class_id.get(), m.class_id);
        let _ = node.identifier();
        assert_eq!(within(node.payload(), b), m.payload.0);
        assert_eq!(node.payload_offset(), m.payload.0);
        assert_eq!(node.payload().len(), m.payload.1 - m.payload.0);
        assert_eq!(drs.node(node.name()).unwrap().name(), node.name());
    }
    let with_class = drs.nodes_with_class(COLLISION_SHAPE_CLASS).count();
    assert_eq!(
        with_class,
        model
            .iter()
            .filter(|m| m.class_id == COLLISION_SHAPE_CLASS)
            .count()
    );
    let named = model
        .iter()
        .any(|m| &b[m.name.0..m.name.1] == COLLISION_SHAPE_NAME);
    let expected = model_collision_shape(b, &model);
    match parsed {
        Ok(whole) => {
            // The same container, and the node only where one is named collisionShape.
            assert_eq!(whole.nodes().collect::<Vec<_>>(), nodes);
            let Some((node, shapes)) = whole.collision_shape() else {
                assert!(!named, "a collisionShape node, unread");
                assert!(drs.node(COLLISION_SHAPE_NAME).is_none());
                return 1;
            };
            let (i, counts) = expected.expect("found a collisionShape the model rejects");
            assert_eq!(node, nodes[i]);
            assert_eq!(
                [
                    shapes.boxes().len(),
                    shapes.spheres().len(),
                    shapes.cylinders().len()
                ],
                counts
            );
            assert_eq!(shapes.len(), node.payload().len());
            walk_shapes(&shapes, node.payload(), node.payload_offset(), rng);
            2
        }
        Err(e) => {
            assert!(named, "no node is named collisionShape, yet: {e}");
            assert!(expected.is_none(), "rejected a valid collisionShape: {e}");
            match e.kind() {
                ErrorKind::ClassMismatch {
                    info_index,
                    class_id,
                } => {
                    let node = nodes
                        .iter()
                        .find(|n| n.entry_offset() == e.offset())
                        .unwrap();
                    assert_eq!((node.info_index(), node.class_id()), (info_index, class_id));
                    assert_eq!(node.name(), COLLISION_SHAPE_NAME);
                    assert_ne!(class_id, COLLISION_SHAPE_CLASS);
                }
                ErrorKind::NameMismatch { info_index } => {
                    let node = nodes
                        .iter()
                        .find(|n| n.entry_offset() == e.offset())
                        .unwrap();
                    assert_eq!(node.info_index(), info_index);
                    assert_ne!(node.name(), COLLISION_SHAPE_NAME);
                    assert_eq!(node.class_id(), COLLISION_SHAPE_CLASS);
                }
                _ => {
                    let node = drs.node(COLLISION_SHAPE_NAME).unwrap();
                    check_payload_error(&e, b, node.payload_offset(), node.payload().len());
                }
            }
            1
        }
    }
}

/// Parses a bare payload, checks it against the model, walks it.
fn check_payload(p: &[u8], rng: &mut Rng) {
    let model = model_payload(p);
    // Lenient reading is strict reading.
    assert_eq!(
        CollisionShape::parse(p, Options::LENIENT).err(),
        CollisionShape::parse(p, Options::STRICT).err()
    );
    match CollisionShape::parse(p, Options::STRICT) {
        Ok(shapes) => {
            let counts = model.expect("accepted a payload the model rejects");
            assert_eq!(
                [
                    shapes.boxes().len(),
                    shapes.spheres().len(),
                    shapes.cylinders().len()
                ],
                counts
            );
            assert_eq!(shapes.len(), p.len());
            walk_shapes(&shapes, p, 0, rng);
        }
        Err(e) => {
            assert!(model.is_none(), "rejected a valid payload: {e}");
            check_payload_error(&e, p, 0, p.len());
        }
    }
}

// ---------------------------------------------------------------- inputs

fn random_box(rng: &mut Rng) -> BoxShape {
    BoxShape {
        transform: rng.transform(),
        lower: rng.vec3(),
        upper: rng.vec3(),
    }
}

fn random_sphere(rng: &mut Rng) -> SphereShape {
    SphereShape {
        transform: rng.transform(),
        radius: rng.float(),
        center: rng.vec3(),
    }
}

fn random_cylinder(rng: &mut Rng) -> CylinderShape {
    CylinderShape {
        transform: rng.transform(),
        center: rng.vec3(),
        height: rng.float(),
        radius: rng.float(),
    }
}

/// Random shapes, sometimes none of a kind.
fn random_shapes(rng: &mut Rng) -> (Vec<BoxShape>, Vec<SphereShape>, Vec<CylinderShape>) {
    let nb = rng.below(4);
    let ns = rng.below(4);
    let nc = rng.below(4);
    (
        (0..nb).map(|_| random_box(rng)).collect(),
        (0..ns).map(|_| random_sphere(rng)).collect(),
        (0..nc).map(|_| random_cylinder(rng)).collect(),
    )
}

/// A written container with a few nodes, a collisionShape among them most of the time.
fn random_drs(rng: &mut Rng) -> Vec<u8> {
    let (boxes, spheres, cylinders) = random_shapes(rng);
    let shape = bf::payload(&boxes, &spheres, &cylinders);
    let n = rng.below(5);
    let names: Vec<Vec<u8>> = (0..n)
        .map(|_| {
            if rng.one_in(3) {
                b"CGeoMesh".to_vec()
            } else {
                let len = rng.below(6);
                rng.bytes(len)
            }
        })
        .collect();
    let payloads: Vec<Vec<u8>> = (0..n)
        .map(|_| {
            let len = rng.below(20);
            rng.bytes(len)
        })
        .collect();
    let classes: Vec<i32> = (0..n)
        .map(|_| {
            if rng.one_in(8) {
                COLLISION_SHAPE_CLASS
            } else {
                rng.u32() as i32
            }
        })
        .collect();
    let mut nodes: Vec<NodeSpec<'_>> = (0..n)
        .map(|i| NodeSpec {
            name: &names[i],
            class_id: classes[i],
            identifier: rng.u32() as i32,
            payload: &payloads[i],
        })
        .collect();
    if !rng.one_in(6) {
        let at = rng.below(n + 1);
        nodes.insert(
            at,
            NodeSpec {
                name: COLLISION_SHAPE_NAME,
                class_id: COLLISION_SHAPE_CLASS,
                identifier: 1,
                payload: &shape,
            },
        );
    }
    bf::drs(&nodes)
}

/// File offsets of every i32 field of a written container (header, information table,
/// hierarchy) and of its collisionShape counts.
fn i32_fields(b: &[u8]) -> Vec<usize> {
    let mut at = vec![4, 8, 12, 16];
    let model = model_drs(b).unwrap();
    let info = i32_at(b, 8) as usize;
    for i in 0..=model.len() {
        at.extend([0, 4, 8, 12, 16, 20, 24, 28].map(|k| info + 32 * i + k));
    }
    let hierarchy = i32_at(b, 12) as usize;
    at.extend([hierarchy, hierarchy + 4, hierarchy + 8]);
    for m in &model {
        at.extend([m.entry, m.entry + 4, m.name.1]);
    }
    if let Some((i, [nb, ns, _])) = model_collision_shape(b, &model) {
        let p = model[i].payload.0;
        at.extend([p + 1, p + 5 + 72 * nb, p + 9 + 72 * nb + 64 * ns]);
    }
    at
}

// ---------------------------------------------------------------- properties

#[test]
fn random_bytes_never_panic() {
    let seed = seed(0xB0F0_0001);
    let mut rng = Rng::new(seed);
    for iteration in 0..3000 * scale() {
        let len = rng.below(200);
        let mut bytes = rng.bytes(len);
        // Half the time past the magic, with small counts and in-file offsets.
        if len >= 20 && rng.one_in(2) {
            set_i32(&mut bytes, 0, MAGIC);
            set_i32(&mut bytes, 8, rng.below(len) as i32);
            set_i32(&mut bytes, 12, rng.below(len) as i32);
            set_i32(&mut bytes, 16, 1 + rng.below(4) as i32);
        }
        let _case = Case {
            name: "random bytes",
            seed,
            iteration,
            bytes: &bytes,
        };
        check_drs(&bytes, &mut rng);
        check_payload(&bytes, &mut rng);
        let mut versioned = bytes.clone();
        if let Some(first) = versioned.first_mut() {
            *first = 1;
        }
        check_payload(&versioned, &mut rng);
    }
}

#[test]
fn written_containers_round_trip_and_mutations_never_panic() {
    let seed = seed(0xB0F0_0002);
    let mut rng = Rng::new(seed);
    let mut outcomes = [0usize; 3];
    for iteration in 0..600 * scale() {
        let original = random_drs(&mut rng);
        let _case = Case {
            name: "written",
            seed,
            iteration,
            bytes: &original,
        };
        assert!(check_drs(&original, &mut rng) >= 1);
        let fields = i32_fields(&original);
        for _ in 0..8 {
            let mut bytes = original.clone();
            match rng.below(4) {
                0 => {
                    for _ in 0..1 + rng.below(3) {
                        let at = rng.below(bytes.len());
                        bytes[at] = rng.byte();
                    }
                }
                1 => {
                    let at = rng.pick(&fields);
                    let v = rng.extreme(bytes.len());
                    set_i32(&mut bytes, at, v);
                }
                2 => {
                    for _ in 0..2 {
                        let at = rng.pick(&fields);
                        let v = rng.extreme(bytes.len());
                        set_i32(&mut bytes, at, v);
                    }
                }
                _ => {
                    let cut = rng.below(bytes.len());
                    bytes.truncate(cut);
                }
            }
            let _case = Case {
                name: "written, mutated",
                seed,
                iteration,
                bytes: &bytes,
            };
            outcomes[check_drs(&bytes, &mut rng)] += 1;
        }
    }
    // Every outcome happens often: the mutations reach past the first checks.
    assert!(outcomes.iter().all(|&n| n > 300), "{outcomes:?}");
}

#[test]
fn sample_with_every_field_at_every_extreme() {
    let sample = bf::sample_drs();
    let mut rng = Rng::new(seed(0xB0F0_0003));
    let fields = i32_fields(&sample);
    assert_eq!(fields.len(), 4 + 4 * 8 + 3 + 3 * 3 + 3);
    let len = sample.len() as i32;
    let values = [
        0,
        1,
        2,
        3,
        4,
        5,
        -1,
        -2,
        i32::MIN,
        i32::MAX,
        i32::MAX - 3,
        0x4000_0000,
        len,
        len - 1,
        len + 1,
        len - 4,
        0xFFFF,
    ];
    let mut rejected = 0;
    for (iteration, &at) in fields.iter().enumerate() {
        for v in values {
            let mut bytes = sample.clone();
            set_i32(&mut bytes, at, v);
            let _case = Case {
                name: "sample field",
                seed: at as u64,
                iteration,
                bytes: &bytes,
            };
            check_drs(&bytes, &mut rng);
            let ok = Drs::parse(&bytes, Options::STRICT)
                .ok()
                .is_some_and(|d| d.collision_shape().is_some());
            rejected += usize::from(!ok);
        }
    }
    // Many fields are not checked (identifiers, spare bytes, the root entry, the trailing
    // zero words, other nodes' class ids), but a good share of the extremes break something:
    // the loop is not vacuous.
    assert!(rejected > fields.len() * values.len() / 4, "{rejected}");
}

#[test]
fn sample_byte_flips_never_panic() {
    let sample = bf::sample_drs();
    let seed = seed(0xB0F0_0004);
    let mut rng = Rng::new(seed);
    // Every byte, every bit.
    for at in 0..sample.len() {
        for bit in 0..8 {
            let mut bytes = sample.clone();
            bytes[at] ^= 1 << bit;
            let _case = Case {
                name: "sample bit flip",
                seed,
                iteration: at * 8 + bit,
                bytes: &bytes,
            };
            check_drs(&bytes, &mut rng);
        }
    }
}

#[test]
fn truncations_at_every_length() {
    let seed = seed(0xB0F0_0005);
    let mut rng = Rng::new(seed);
    let mut files = vec![bf::sample_drs()];
    for _ in 0..6 {
        files.push(random_drs(&mut rng));
    }
    for (iteration, file) in files.iter().enumerate() {
        for len in 0..=file.len() {
            let bytes = &file[..len];
            let _case = Case {
                name: "truncated",
                seed,
                iteration,
                bytes,
            };
            check_drs(bytes, &mut rng);
            if len < file.len() {
                // A cut file never parses whole: the last payload or entry is gone.
                let whole =
                    Drs::parse(bytes, Options::STRICT).is_ok_and(|d| d.collision_shape().is_some());
                assert!(!whole);
            }
        }
        // With junk after it, a file still parses (nothing says where it ends).
        let mut longer = file.clone();
        longer.extend(rng.bytes(7));
        check_drs(&longer, &mut rng);
        assert!(Drs::parse(&longer, Options::STRICT).is_ok());
    }
    let payload = bf::sample_payload();
    for len in 0..=payload.len() + 3 {
        let mut p = payload.clone();
        p.resize(len, 0);
        let _case = Case {
            name: "payload truncated",
            seed,
            iteration: len,
            bytes: &p,
        };
        check_payload(&p, &mut rng);
        assert_eq!(
            CollisionShape::parse(&p, Options::STRICT).is_ok(),
            len == payload.len()
        );
    }
}

#[test]
fn payloads_round_trip_and_mutations_never_panic() {
    let seed = seed(0xB0F0_0006);
    let mut rng = Rng::new(seed);
    for iteration in 0..1500 * scale() {
        let (boxes, spheres, cylinders) = random_shapes(&mut rng);
        let payload = bf::payload(&boxes, &spheres, &cylinders);
        let _case = Case {
            name: "payload",
            seed,
            iteration,
            bytes: &payload,
        };
        // Round trip, bit for bit, at a random alignment.
        let shift = rng.below(4);
        let mut buf = vec![0; shift];
        buf.extend_from_slice(&payload);
        let shapes = CollisionShape::parse(&buf[shift..], Options::STRICT).unwrap();
        let bits = |t: &Transform| {
            (
                t.rotation.map(|r| r.map(f32::to_bits)),
                t.position.map(f32::to_bits),
            )
        };
        for (raw, b) in shapes.boxes().iter().zip(&boxes) {
            let d = raw.decode();
            assert_eq!(bits(&d.transform), bits(&b.transform));
            assert_eq!(d.lower.map(f32::to_bits), b.lower.map(f32::to_bits));
            assert_eq!(d.upper.map(f32::to_bits), b.upper.map(f32::to_bits));
        }
        for (raw, s) in shapes.spheres().iter().zip(&spheres) {
            let d = raw.decode();
            assert_eq!(bits(&d.transform), bits(&s.transform));
            assert_eq!(d.radius.to_bits(), s.radius.to_bits());
            assert_eq!(d.center.map(f32::to_bits), s.center.map(f32::to_bits));
        }
        for (raw, c) in shapes.cylinders().iter().zip(&cylinders) {
            let d = raw.decode();
            assert_eq!(bits(&d.transform), bits(&c.transform));
            assert_eq!(d.center.map(f32::to_bits), c.center.map(f32::to_bits));
            assert_eq!(d.height.to_bits(), c.height.to_bits());
            assert_eq!(d.radius.to_bits(), c.radius.to_bits());
        }
        assert_eq!(
            [
                shapes.boxes().len(),
                shapes.spheres().len(),
                shapes.cylinders().len()
            ],
            [boxes.len(), spheres.len(), cylinders.len()]
        );
        check_payload(&payload, &mut rng);

        // Mutations: bytes, counts at extremes, length changes.
        let counts = [
            1,
            5 + 72 * boxes.len(),
            9 + 72 * boxes.len() + 64 * spheres.len(),
        ];
        for _ in 0..4 {
            let mut p = payload.clone();
            match rng.below(4) {
                0 => {
                    let at = rng.below(p.len());
                    p[at] = rng.byte();
                }
                1 => {
                    let at = rng.pick(&counts);
                    let v = rng.pick(&[0u32, 1, 2, 3, u32::MAX, 0x8000_0000, 0x0400_0000]);
                    p[at..at + 4].copy_from_slice(&v.to_le_bytes());
                }
                2 => {
                    let cut = rng.below(p.len());
                    p.truncate(cut);
                }
                _ => {
                    let extra = 1 + rng.below(80);
                    p.extend(rng.bytes(extra));
                }
            }
            let _case = Case {
                name: "payload, mutated",
                seed,
                iteration,
                bytes: &p,
            };
            check_payload(&p, &mut rng);
        }
    }
}
