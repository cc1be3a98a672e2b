//! BattleForge cases on `samples/collision.drs`: a DRS container with a root and
//! three nodes (`CGeoMesh`, `collisionShape`, `CGeoOBBTree`), whose collision shape
//! holds two boxes (one turned a quarter about Y), a sphere and a cylinder lying
//! along world X.

use zerocol::battleforge::{
    self as bf, CollisionShape, Drs, ErrorKind, Field, LintKind, Measure, Options, ShapeKind,
    ShapeRef, Transform,
};

use super::{Case, Digest, Outcome, Placed, displays_as, lef32, lei32, near3, patched};

/// The shipped sample container.
pub const DRS: &[u8; LEN] = include_bytes!("../../samples/collision.drs");
/// Its length.
pub const LEN: usize = 591;

/// The container at each address modulo 4 (in flash on a target).
pub static AT0: Placed<0, LEN> = Placed::new(DRS);
/// One byte past an aligned address.
pub static AT1: Placed<1, LEN> = Placed::new(DRS);
/// Two bytes past.
pub static AT2: Placed<2, LEN> = Placed::new(DRS);
/// Three bytes past.
pub static AT3: Placed<3, LEN> = Placed::new(DRS);

/// The container at every alignment.
pub fn placements() -> [&'static [u8]; 4] {
    [AT0.bytes(), AT1.bytes(), AT2.bytes(), AT3.bytes()]
}

/// The node information table: 32-byte entries, the root's first.
const INFOS: usize = 20;
const fn info(i: usize) -> usize {
    INFOS + 32 * i
}
/// The hierarchy: the root (id, unknown, name length, "root node"), then one entry
/// per node (info index, name length, name, zero word).
const HIERARCHY: usize = 148;
const ENTRIES: [usize; 3] = [169, 189, 215];
/// The collisionShape payload: version, box count, 2 boxes of 72 bytes, sphere
/// count, 1 sphere of 64, cylinder count, 1 cylinder of 68.
const PAYLOAD: usize = 278;
const PAYLOAD_LEN: usize = 289;
const SPHERE: usize = PAYLOAD + 1 + 4 + 2 * 72 + 4;

/// Class ids of the three nodes.
const CGEOMESH: i32 = 0x05FC_BAF8;
const CGEOOBBTREE: i32 = 0x1C94_13A0;

/// Not the magic.
pub static BAD_MAGIC: [u8; LEN] = patched(DRS, 0, &[0x1F]);
/// No node at all.
pub static NO_NODES: [u8; LEN] = patched(DRS, 16, &lei32(0));
/// A negative information table offset.
pub static NEGATIVE_INFO_OFFSET: [u8; LEN] = patched(DRS, 8, &lei32(-1));
/// 100 nodes claimed.
pub static TABLE_PAST_END: [u8; LEN] = patched(DRS, 16, &lei32(100));
/// CGeoMesh's payload size negative.
pub static NEGATIVE_PAYLOAD_SIZE: [u8; LEN] = patched(DRS, info(1) + 12, &lei32(-5));
/// The collisionShape payload running 1000 bytes.
pub static PAYLOAD_PAST_END: [u8; LEN] = patched(DRS, info(2) + 12, &lei32(1000));
/// The first entry naming information entry 4 of 4.
pub static INFO_INDEX: [u8; LEN] = patched(DRS, ENTRIES[0], &lei32(4));
/// The last entry's name running 1000 bytes.
pub static NAME_PAST_END: [u8; LEN] = patched(DRS, ENTRIES[2] + 4, &lei32(1000));
/// The last entry's name length negative.
pub static NEGATIVE_NAME: [u8; LEN] = patched(DRS, ENTRIES[2] + 4, &lei32(-1));
/// `collisionShapf`.
pub static NO_COLLISION_SHAPE: [u8; LEN] = patched(DRS, ENTRIES[1] + 8 + 13, b"f");
/// The collisionShape node with another class id.
pub static CLASS_MISMATCH: [u8; LEN] = patched(DRS, info(2), &lei32(0x1234));
/// CGeoMesh with the collisionShape class id.
pub static CLASS_ON_OTHER: [u8; LEN] = patched(DRS, info(1), &lei32(bf::COLLISION_SHAPE_CLASS));
/// Payload version 2.
pub static VERSION_2: [u8; LEN] = patched(DRS, PAYLOAD, &[2]);
/// The payload one byte longer than its shapes.
pub static PAYLOAD_TOO_LONG: [u8; LEN] = patched(DRS, info(2) + 12, &lei32(PAYLOAD_LEN as i32 + 1));
/// Five boxes claimed.
pub static TOO_MANY_BOXES: [u8; LEN] = patched(DRS, PAYLOAD + 1, &lei32(5));
/// A sphere of radius -1.5 (read, and reported by a lint).
pub static NEGATIVE_RADIUS: [u8; LEN] = patched(DRS, SPHERE + 48, &lef32(-1.5));

/// Validation alone, measured for `.text` and stack in `targets/`.
pub const VALIDATE: &[Case] = cases!["battleforge": validate];

/// Validation, then the walk of every accessor: what a firmware using the reader
/// runs, measured for `.text` and stack in `targets/`.
pub const PROBE: &[Case] = cases!["battleforge": validate, walk_at_every_alignment];

/// Every case.
pub const CASES: &[Case] = cases![
    "battleforge":
    validate,
    walk_at_every_alignment,
    container_and_nodes,
    shapes_decoded,
    shape_queries,
    bare_payload,
    lints,
    container_errors,
    hierarchy_errors,
    collision_shape_errors,
    payload_errors,
    error_display,
];

/// Reads the container, every node and every shape, folding every value into a
/// digest; also what the size and stack probes run.
pub fn digest(bytes: &[u8]) -> Result<Digest, bf::Error> {
    let drs = Drs::parse(bytes, Options::STRICT)?;
    let mut d = Digest::new();
    d.u32(drs.node_count());
    d.bytes(drs.root_name());
    for node in drs.nodes() {
        d.record();
        d.bytes(node.name());
        d.u32(node.info_index());
        d.u32(node.class_id() as u32);
        d.u32(node.identifier() as u32);
        d.u32(node.payload_offset() as u32);
        d.bytes(node.payload());
    }
    // A container without the node digests its nodes alone.
    let Some((_, shapes)) = drs.collision_shape() else {
        return Ok(d);
    };
    for b in shapes.boxes() {
        d.record();
        let b = b.decode();
        transform(&mut d, &b.transform);
        d.f32s(&b.lower);
        d.f32s(&b.upper);
    }
    for s in shapes.spheres() {
        d.record();
        let s = s.decode();
        transform(&mut d, &s.transform);
        d.f32(s.radius);
        d.f32s(&s.center);
    }
    for c in shapes.cylinders() {
        d.record();
        let c = c.decode();
        transform(&mut d, &c.transform);
        d.f32s(&c.center);
        d.f32(c.height);
        d.f32(c.radius);
    }
    for _ in shapes.lints() {
        d.record();
    }
    Ok(d)
}

fn transform(d: &mut Digest, t: &Transform) {
    for row in t.rotation {
        d.f32s(&row);
    }
    d.f32s(&t.position);
}

/// Validation alone (`Drs::parse`: the container and its collisionShape node): the
/// least a firmware using the reader runs.
pub fn validate() -> Outcome {
    let drs = ok!(Drs::parse(AT1.bytes(), Options::STRICT));
    let (_, shapes) = ok!(drs.collision_shape());
    ensure_eq!(shapes.len(), PAYLOAD_LEN);
    Ok(())
}

/// The same container and values at every address modulo 4.
pub fn walk_at_every_alignment() -> Outcome {
    let expected = ok!(digest(DRS));
    // 3 nodes, 2 boxes, 1 sphere, 1 cylinder, no lint.
    ensure_eq!(expected.records, 3 + 4);
    for (shift, bytes) in placements().into_iter().enumerate() {
        ensure_eq!(bytes.as_ptr() as usize % 4, shift);
        ensure_eq!(ok!(digest(bytes)), expected);
    }
    Ok(())
}

/// Header, information table and hierarchy.
pub fn container_and_nodes() -> Outcome {
    for bytes in placements() {
        let drs = ok!(Drs::parse(bytes, Options::STRICT));
        ensure_eq!(drs.bytes().len(), LEN);
        let h = drs.header();
        ensure_eq!(h.magic.get(), bf::MAGIC);
        ensure_eq!(
            (
                h.model_count.get(),
                h.node_info_offset.get(),
                h.node_hierarchy_offset.get()
            ),
            (1, INFOS as i32, HIERARCHY as i32)
        );
        ensure_eq!(drs.node_count(), 4);
        ensure_eq!(drs.root_name(), b"root node");
        ensure_eq!(drs.infos().len(), 4);
        let nodes: [(&[u8], i32, i32, usize, usize); 3] = [
            (b"CGeoMesh", CGEOMESH, 7, 238, 40),
            (
                bf::COLLISION_SHAPE_NAME,
                bf::COLLISION_SHAPE_CLASS,
                8,
                PAYLOAD,
                PAYLOAD_LEN,
            ),
            (b"CGeoOBBTree", CGEOOBBTREE, 9, 567, 24),
        ];
        ensure_eq!(drs.nodes().len(), 3);
        let mut n = 0;
        for (node, (name, class, id, offset, len)) in drs.nodes().zip(nodes) {
            ensure_eq!(node.name(), name);
            ensure_eq!(node.info_index(), n + 1);
            ensure_eq!((node.class_id(), node.identifier()), (class, id));
            ensure_eq!(node.info().class_id.get(), class);
            ensure_eq!(node.entry_offset(), ENTRIES[n as usize]);
            ensure_eq!((node.payload_offset(), node.payload().len()), (offset, len));
            ensure_eq!(node.payload(), &DRS[offset..offset + len]);
            n += 1;
        }
        ensure_eq!(n, 3);
        ensure_eq!(ok!(drs.node(b"CGeoOBBTree")).identifier(), 9);
        ensure!(drs.node(b"collision").is_none());
        ensure_eq!(drs.nodes_with_class(CGEOMESH).count(), 1);
        ensure_eq!(drs.nodes_with_class(0).count(), 0);
    }
    Ok(())
}

/// Every shape, decoded, and its raw record.
pub fn shapes_decoded() -> Outcome {
    let drs = ok!(Drs::parse(AT1.bytes(), Options::STRICT));
    let (node, s) = ok!(drs.collision_shape());
    ensure_eq!(node.name(), bf::COLLISION_SHAPE_NAME);
    ensure_eq!(
        (s.version(), s.len(), s.is_empty()),
        (bf::VERSION, PAYLOAD_LEN, false)
    );
    ensure_eq!(
        (s.boxes().len(), s.spheres().len(), s.cylinders().len()),
        (2, 1, 1)
    );

    let b = ok!(s.boxes().get(0)).decode();
    ensure_eq!(b.transform, Transform::IDENTITY);
    ensure_eq!((b.lower, b.upper), ([-2.0, 0.0, -1.5], [2.0, 3.0, 1.5]));
    let b = ok!(s.boxes().get(1)).decode();
    ensure_eq!(
        b.transform.rotation,
        [[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]]
    );
    ensure_eq!(b.transform.position, [6.0, 0.0, 0.0]);
    ensure_eq!((b.lower, b.upper), ([-1.0, 0.0, -0.5], [1.0, 2.0, 0.5]));
    let raw = ok!(s.boxes().get(1));
    ensure_eq!(raw.coordinate_system.position[0].get(), 6.0);
    ensure_eq!(raw.upper[1].get(), 2.0);

    let sphere = ok!(s.spheres().get(0)).decode();
    ensure_eq!(sphere.transform.rotation, Transform::IDENTITY.rotation);
    ensure_eq!(sphere.transform.position, [0.0, 4.5, 0.0]);
    ensure_eq!((sphere.radius, sphere.center), (1.5, [0.0, 4.5, 0.0]));
    ensure_eq!(sphere.world_center(), [0.0, 4.5, 0.0]);

    let c = ok!(s.cylinders().get(0)).decode();
    ensure_eq!(
        c.transform.rotation,
        [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    );
    ensure_eq!(
        (c.transform.position, c.center),
        ([-7.0, 1.0, 0.0], [-7.0, 1.0, 0.0])
    );
    ensure_eq!((c.height, c.radius), (4.0, 1.0));
    Ok(())
}

/// World-space geometry: transforms, boxes, containment.
pub fn shape_queries() -> Outcome {
    let drs = ok!(Drs::parse(AT2.bytes(), Options::STRICT));
    let (_, s) = ok!(drs.collision_shape());
    let aabb = ok!(s.aabb());
    ensure_eq!((aabb.min, aabb.max), ([-7.0, 0.0, -1.5], [6.5, 6.0, 1.5]));

    // The turned box: local X runs along world -Z, local Z along world X.
    let b = ok!(s.boxes().get(1)).decode();
    ensure_eq!(b.transform.apply([1.0, 0.0, 0.0]), [6.0, 0.0, -1.0]);
    ensure_eq!(b.transform.to_local([6.5, 2.0, 0.0]), [0.0, 2.0, 0.5]);
    ensure_eq!(b.transform.axis(2), [1.0, 0.0, 0.0]);
    ensure_eq!(b.transform.orthonormality_error(), 0.0);
    let turned = b.aabb();
    ensure_eq!(
        (turned.min, turned.max),
        ([5.5, 0.0, -1.0], [6.5, 2.0, 1.0])
    );
    let o = b.oriented();
    ensure_eq!(
        (o.center, o.half_extents),
        ([6.0, 1.0, 0.0], [1.0, 1.0, 0.5])
    );
    ensure_eq!(o.axes[0], [0.0, 0.0, -1.0]);
    ensure_eq!(b.corners()[7], [6.5, 2.0, -1.0]);

    let c = ok!(s.cylinders().get(0)).decode();
    ensure_eq!((c.base(), c.top()), ([-7.0, 1.0, 0.0], [-3.0, 1.0, 0.0]));
    let cyl = c.aabb();
    ensure!(near3(cyl.min, [-7.0, 0.0, -1.0], 1e-6));
    ensure!(near3(cyl.max, [-3.0, 2.0, 1.0], 1e-6));

    let hit = |kind, index| Some(ShapeRef { kind, index });
    ensure_eq!(s.contains([0.0, 4.5, 0.0]), hit(ShapeKind::Sphere, 0));
    ensure_eq!(s.contains([0.0, 1.0, 0.0]), hit(ShapeKind::Box, 0));
    ensure_eq!(s.contains([6.0, 1.0, 0.9]), hit(ShapeKind::Box, 1));
    // Inside box 1 only if it were not turned.
    ensure_eq!(s.contains([6.9, 1.0, 0.0]), None);
    ensure_eq!(s.contains([-5.0, 1.5, 0.0]), hit(ShapeKind::Cylinder, 0));
    // Inside the cylinder only if it stood along world Y.
    ensure_eq!(s.contains([-7.0, 3.0, 0.0]), None);
    ensure_eq!(s.contains([100.0, 0.0, 0.0]), None);
    Ok(())
}

/// A bare `collisionShape` payload: offsets count from its start.
pub fn bare_payload() -> Outcome {
    let payload = ok!(AT3.bytes().get(PAYLOAD..PAYLOAD + PAYLOAD_LEN));
    let s = ok!(CollisionShape::parse(payload, Options::STRICT));
    ensure_eq!(
        (s.boxes().len(), s.spheres().len(), s.cylinders().len()),
        (2, 1, 1)
    );
    let e = err!(CollisionShape::parse(
        ok!(payload.get(..3)),
        Options::STRICT
    ));
    ensure_eq!(e.offset(), 1);
    ensure_eq!(
        e.kind(),
        ErrorKind::CountPastEnd {
            shape: ShapeKind::Box,
            size: 3
        }
    );
    let e = err!(CollisionShape::parse(&[], Options::STRICT));
    ensure_eq!(e.offset(), 0);
    ensure_eq!(
        e.kind(),
        ErrorKind::SizeMismatch {
            expected: bf::FIXED_LEN,
            size: 0
        }
    );
    // No shapes at all: a valid, empty payload.
    let empty = [bf::VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let s = ok!(CollisionShape::parse(&empty, Options::STRICT));
    ensure!(s.is_empty() && s.aabb().is_none());
    ensure_eq!(s.contains([0.0; 3]), None);
    Ok(())
}

/// Shapes the format's documentation disallows are read, and reported.
pub fn lints() -> Outcome {
    let (_, s) = ok!(ok!(Drs::parse(&NEGATIVE_RADIUS, Options::STRICT)).collision_shape());
    let mut lints = s.lints();
    let lint = ok!(lints.next());
    // The sphere's record, as a file offset.
    ensure_eq!(lint.offset, SPHERE);
    ensure!(!lint.is_tolerated() && s.tolerated().next().is_none());
    ensure_eq!(
        lint.shape,
        ShapeRef {
            kind: ShapeKind::Sphere,
            index: 0
        }
    );
    ensure_eq!(
        lint.kind,
        LintKind::NonPositiveMeasure {
            measure: Measure::Radius,
            value: -1.5
        }
    );
    ensure!(lints.next().is_none());
    ensure_eq!(ok!(s.spheres().get(0)).decode().radius, -1.5);
    Ok(())
}

/// Malformed headers and information tables.
pub fn container_errors() -> Outcome {
    let e = err!(Drs::parse(ok!(DRS.get(..10)), Options::STRICT));
    ensure_eq!(e.offset(), 0);
    ensure_eq!(
        e.kind(),
        ErrorKind::Truncated {
            needed: 20,
            available: 10
        }
    );
    let e = err!(Drs::parse(&BAD_MAGIC, Options::STRICT));
    ensure_eq!(e.offset(), 0);
    ensure_eq!(
        e.kind(),
        ErrorKind::BadMagic {
            found: (bf::MAGIC + 1).to_le_bytes()
        }
    );
    let e = err!(Drs::parse(&super::gta::SAMPLE[..], Options::STRICT));
    ensure_eq!(e.kind(), ErrorKind::BadMagic { found: *b"COLL" });
    let e = err!(Drs::parse(&NO_NODES, Options::STRICT));
    ensure_eq!((e.offset(), e.kind()), (16, ErrorKind::NoNodes));
    let e = err!(Drs::parse(&NEGATIVE_INFO_OFFSET, Options::STRICT));
    ensure_eq!(e.offset(), 8);
    ensure_eq!(
        e.kind(),
        ErrorKind::Negative {
            field: Field::NodeInfoOffset,
            value: -1
        }
    );
    let e = err!(Drs::parse(&TABLE_PAST_END, Options::STRICT));
    ensure_eq!(e.offset(), 8);
    ensure_eq!(
        e.kind(),
        ErrorKind::NodeTablePastEnd {
            count: 100,
            end: 20 + 32 * 100,
            file_len: LEN
        }
    );
    let e = err!(Drs::parse(&NEGATIVE_PAYLOAD_SIZE, Options::STRICT));
    ensure_eq!(e.offset(), info(1) + 12);
    ensure_eq!(
        e.kind(),
        ErrorKind::Negative {
            field: Field::PayloadSize,
            value: -5
        }
    );
    let e = err!(Drs::parse(&PAYLOAD_PAST_END, Options::STRICT));
    ensure_eq!(e.offset(), info(2) + 8);
    ensure_eq!(
        e.kind(),
        ErrorKind::PayloadPastEnd {
            info_index: 2,
            end: PAYLOAD as u64 + 1000,
            file_len: LEN
        }
    );
    Ok(())
}

/// Malformed hierarchy entries.
pub fn hierarchy_errors() -> Outcome {
    let e = err!(Drs::parse(&INFO_INDEX, Options::STRICT));
    ensure_eq!(e.offset(), ENTRIES[0]);
    ensure_eq!(
        e.kind(),
        ErrorKind::InfoIndexOutOfRange {
            entry: 1,
            index: 4,
            count: 4
        }
    );
    let e = err!(Drs::parse(&NAME_PAST_END, Options::STRICT));
    ensure_eq!(e.offset(), ENTRIES[2] + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::HierarchyPastEnd {
            entry: 3,
            end: (ENTRIES[2] + 8 + 1000) as u64,
            file_len: LEN
        }
    );
    let e = err!(Drs::parse(&NEGATIVE_NAME, Options::STRICT));
    ensure_eq!(e.offset(), ENTRIES[2] + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::Negative {
            field: Field::NameLength,
            value: -1
        }
    );
    Ok(())
}

/// Finding the collisionShape node: by name, cross-checked with the class id.
pub fn collision_shape_errors() -> Outcome {
    // No node named collisionShape: a container without one.
    let drs = ok!(Drs::parse(&NO_COLLISION_SHAPE, Options::STRICT));
    ensure_eq!(ok!(drs.nodes().nth(1)).name(), b"collisionShapf");
    ensure!(drs.collision_shape().is_none());
    let e = err!(Drs::parse(&CLASS_MISMATCH, Options::STRICT));
    ensure_eq!(e.offset(), ENTRIES[1]);
    ensure_eq!(
        e.kind(),
        ErrorKind::ClassMismatch {
            info_index: 2,
            class_id: 0x1234
        }
    );
    let e = err!(Drs::parse(&CLASS_ON_OTHER, Options::STRICT));
    ensure_eq!(e.offset(), ENTRIES[0]);
    ensure_eq!(e.kind(), ErrorKind::NameMismatch { info_index: 1 });
    // The container alone still reads, without its collisionShape node.
    let drs = ok!(Drs::parse_container(&CLASS_ON_OTHER));
    ensure_eq!(drs.nodes().len(), 3);
    ensure!(drs.collision_shape().is_none());
    Ok(())
}

/// Malformed payloads inside the container: offsets are file offsets.
pub fn payload_errors() -> Outcome {
    let e = err!(Drs::parse(&VERSION_2, Options::STRICT));
    ensure_eq!(e.offset(), PAYLOAD);
    ensure_eq!(e.kind(), ErrorKind::UnsupportedVersion { found: 2 });
    // Bytes after the counted arrays: rejected by lenient reading too, as a
    // variant layout would show them.
    for options in [Options::STRICT, Options::LENIENT] {
        let e = err!(Drs::parse(&PAYLOAD_TOO_LONG, options));
        ensure_eq!(e.offset(), PAYLOAD + PAYLOAD_LEN);
        ensure_eq!(
            e.kind(),
            ErrorKind::SizeMismatch {
                expected: PAYLOAD_LEN as u64,
                size: PAYLOAD_LEN + 1
            }
        );
    }
    let e = err!(Drs::parse(&TOO_MANY_BOXES, Options::STRICT));
    ensure_eq!(e.offset(), PAYLOAD + 1);
    ensure_eq!(
        e.kind(),
        ErrorKind::ShapesPastEnd {
            shape: ShapeKind::Box,
            count: 5,
            end: 5 + 5 * 72,
            size: PAYLOAD_LEN
        }
    );
    Ok(())
}

/// An error's `Display` text.
pub fn error_display() -> Outcome {
    let e = err!(Drs::parse(&VERSION_2, Options::STRICT));
    ensure!(displays_as::<80>(
        &e,
        "byte 278 (0x116): expected collisionShape version 1, found version 2"
    ));
    ensure!(displays_as::<16>(&ShapeKind::Cylinder, "cylinders"));
    Ok(())
}
