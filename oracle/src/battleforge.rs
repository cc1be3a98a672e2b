//! BattleForge DRS and `collisionShape`: any bytes, every `Options`. The container and
//! payload readers must return `Err` or values whose every accessor, transform,
//! containment test and lint works, and agree with each other (the container read
//! alone, the payload read bare, STRICT and LENIENT). The round trips check that the
//! writers' files read back as the descriptions they were written from.

use zerocol::battleforge::{
    self, Aabb, Axis, BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CollisionShape,
    CylinderShape, Drs, Error, ErrorKind, FIXED_LEN, Field, LintKind, MAGIC, Measure, Node,
    NodeSpec, ORTHONORMAL_TOLERANCE, Options, ShapeKind, ShapeRef, SphereShape, Transform, VERSION,
    WriteError, raw,
};
use zerocol::generate::{
    CollisionShapeDescription, CollisionShapePayload, DrsDescription, DrsFile, DrsNode, Generated,
};

/// Every `Options` value: there is one, since BattleForge's LENIENT is its STRICT
/// (`differential` still reads the bytes both ways).
pub fn options() -> impl Iterator<Item = Options> {
    assert_eq!(Options::LENIENT, Options::STRICT);
    [Options::STRICT].into_iter()
}

/// Runs `bytes` through both readers under every `Options` value, and checks that
/// STRICT and LENIENT read the same.
pub fn bytes(bytes: &[u8]) {
    for options in options() {
        with(bytes, options);
    }
    differential(bytes);
    statics();
}

/// Whatever STRICT accepts, LENIENT accepts with equal values (and rejects alike).
fn differential(bytes: &[u8]) {
    let (strict, lenient) = (
        Drs::parse(bytes, Options::STRICT),
        Drs::parse(bytes, Options::LENIENT),
    );
    match (&strict, &lenient) {
        (Ok(s), Ok(l)) => {
            assert!(s.nodes().eq(l.nodes()));
            let (s, l) = (s.collision_shape(), l.collision_shape());
            assert_eq!(
                s.map(|(n, x)| (n, tables(&x))),
                l.map(|(n, x)| (n, tables(&x)))
            );
        }
        (Err(s), Err(l)) => assert_eq!(s, l),
        _ => panic!("STRICT read {strict:?}, LENIENT {lenient:?}"),
    }
    let (strict, lenient) = (
        CollisionShape::parse(bytes, Options::STRICT),
        CollisionShape::parse(bytes, Options::LENIENT),
    );
    match (&strict, &lenient) {
        (Ok(s), Ok(l)) => {
            assert_eq!(tables(s), tables(l));
            assert!(all_alike(s.lints(), l.lints()));
        }
        (Err(s), Err(l)) => assert_eq!(s, l),
        _ => panic!("STRICT read {strict:?}, LENIENT {lenient:?}"),
    }
}

/// The raw records and where they lie, comparable with `==` (raw floats compare
/// by their bytes).
type Tables<'a> = (
    u8,
    zerocol::wire::Table<'a, raw::BoxShape>,
    zerocol::wire::Table<'a, raw::SphereShape>,
    zerocol::wire::Table<'a, raw::CylinderShape>,
);

fn tables<'a>(s: &CollisionShape<'a>) -> Tables<'a> {
    (s.version(), s.boxes(), s.spheres(), s.cylinders())
}

/// [`alike`](super::common::alike), item by item (`==` first, `Debug` text only where
/// that fails): values with NaN in them are not `==`.
fn all_alike<T: core::fmt::Debug + PartialEq>(
    mut a: impl Iterator<Item = T>,
    mut b: impl Iterator<Item = T>,
) -> bool {
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if super::common::alike(&x, &y) => {}
            _ => return false,
        }
    }
}

/// What holds whatever the input: the constants and the identity.
fn statics() {
    assert_eq!(MAGIC.to_le_bytes(), [0x1E, 0xF1, 0x7C, 0xC5]);
    assert_eq!(COLLISION_SHAPE_NAME, b"collisionShape");
    assert_eq!(COLLISION_SHAPE_CLASS, 0x1002_9E32);
    assert_eq!((VERSION, FIXED_LEN), (1, 13));
    let id = Transform::IDENTITY;
    assert_eq!(id.orthonormality_error(), 0.0);
    assert_eq!(id.transposed(), id);
    let p = [1.5, -2.0, 0.25];
    assert_eq!((id.apply(p), id.to_local(p)), (p, p));
    for (i, axis) in Axis::ALL.into_iter().enumerate() {
        assert_eq!(axis.index(), i);
        assert_eq!(axis.of(p), p[i]);
        assert_eq!(id.axis(i)[i], 1.0);
        super::common::one_line(&axis);
    }
    assert_eq!(id.axis(3), [0.0; 3]);
    assert_eq!(Aabb::around([]), None);
    assert_eq!(Options::default(), Options::STRICT);
    for kind in [ShapeKind::Box, ShapeKind::Sphere, ShapeKind::Cylinder] {
        super::common::one_line(&kind);
    }
    for field in [
        Field::NodeInfoOffset,
        Field::NodeHierarchyOffset,
        Field::PayloadOffset,
        Field::PayloadSize,
        Field::NameLength,
    ] {
        super::common::one_line(&field);
    }
    super::common::one_line(&WriteError::TooLarge);
    super::common::one_line(&WriteError::BufferTooSmall {
        needed: 13,
        available: 12,
    });
}

fn with(bytes: &[u8], options: Options) {
    let container = Drs::parse_container(bytes);
    if let Ok(c) = &container {
        assert!(c.collision_shape().is_none());
        container_checks(bytes, c);
    }
    match Drs::parse(bytes, options) {
        Ok(drs) => {
            // The same container as `parse_container` read.
            let c = container.expect("parse accepted what parse_container refused");
            assert!(drs.nodes().eq(c.nodes()));
            assert!(core::ptr::eq(drs.header(), c.header()));
            assert_eq!(drs.infos(), c.infos());
            assert_eq!(
                (drs.node_count(), drs.root_name()),
                (c.node_count(), c.root_name())
            );
            assert_eq!(drs.bytes(), bytes);
            match drs.collision_shape() {
                Some((node, shapes)) => {
                    assert_eq!(drs.node(COLLISION_SHAPE_NAME), Some(node));
                    assert_eq!(node.class_id(), COLLISION_SHAPE_CLASS);
                    assert_eq!(
                        drs.nodes_with_class(COLLISION_SHAPE_CLASS).next(),
                        Some(node)
                    );
                    assert_eq!(shapes.len(), node.payload().len());
                    let start = node.payload_offset();
                    exercise(bytes, &shapes, start, start + node.payload().len());
                    // The payload read bare: the same records, offsets shifted.
                    let bare = CollisionShape::parse(node.payload(), options)
                        .expect("the bare payload of a parsed node");
                    assert_eq!(bare.boxes().as_slice(), shapes.boxes().as_slice());
                    assert_eq!(bare.spheres().as_slice(), shapes.spheres().as_slice());
                    assert_eq!(bare.cylinders().as_slice(), shapes.cylinders().as_slice());
                    assert_eq!(bare.boxes().start() + start, shapes.boxes().start());
                    assert_eq!(bare.cylinders().end() + start, shapes.cylinders().end());
                    let shifted = bare.lints().map(|mut l| {
                        l.offset += start;
                        l
                    });
                    assert!(all_alike(shifted, shapes.lints()));
                    rewrite(node.payload(), &shapes);
                }
                None => assert_eq!(drs.node(COLLISION_SHAPE_NAME), None),
            }
        }
        Err(e) => {
            error_checks(bytes, &e);
            match &container {
                // The container's own error.
                Err(first) => assert_eq!(*first, e),
                // A sound container with a malformed collisionShape node.
                Ok(c) => shape_error(c, &e, options),
            }
        }
    }
    match CollisionShape::parse(bytes, options) {
        Ok(shapes) => {
            assert_eq!(shapes.len(), bytes.len());
            exercise(bytes, &shapes, 0, bytes.len());
            rewrite(bytes, &shapes);
        }
        Err(e) => {
            error_checks(bytes, &e);
            assert!(matches!(
                e.kind(),
                ErrorKind::UnsupportedVersion { .. }
                    | ErrorKind::CountPastEnd { .. }
                    | ErrorKind::ShapesPastEnd { .. }
                    | ErrorKind::SizeMismatch { .. }
            ));
        }
    }
}

/// Writing a payload's decoded shapes gives its bytes back, bit for bit (NaN
/// payloads included), in exactly `payload_required_len` bytes.
fn rewrite(payload: &[u8], shapes: &CollisionShape<'_>) {
    let d = describe(shapes);
    let len = battleforge::payload_required_len(&d.boxes, &d.spheres, &d.cylinders);
    assert_eq!(len, Ok(payload.len()));
    let mut out = vec![0u8; payload.len()];
    let written = battleforge::write_payload(&d.boxes, &d.spheres, &d.cylinders, &mut out);
    assert_eq!(written, Ok(payload.len()));
    assert!(out == payload, "the decoded shapes write other bytes");
}

/// The error of `Drs::parse` on a container `parse_container` accepted: about the
/// node named `collisionShape`, which exists.
fn shape_error(c: &Drs<'_>, e: &Error, options: Options) {
    let node = c
        .node(COLLISION_SHAPE_NAME)
        .expect("a collisionShape error without a collisionShape node");
    match e.kind() {
        ErrorKind::ClassMismatch {
            info_index,
            class_id,
        } => {
            assert_eq!((info_index, class_id), (node.info_index(), node.class_id()));
            assert_ne!(class_id, COLLISION_SHAPE_CLASS);
            assert_eq!(e.offset(), node.entry_offset());
        }
        ErrorKind::NameMismatch { info_index } => {
            let first = c.nodes_with_class(COLLISION_SHAPE_CLASS).next().unwrap();
            assert_eq!(first.info_index(), info_index);
            assert_ne!(first.name(), COLLISION_SHAPE_NAME);
            assert_eq!(e.offset(), first.entry_offset());
        }
        kind => {
            // The payload's own error: the bare payload fails alike, offsets shifted.
            let bare = CollisionShape::parse(node.payload(), options).unwrap_err();
            assert_eq!(bare.kind(), kind);
            assert_eq!(bare.offset() + node.payload_offset(), e.offset());
        }
    }
}

/// Offsets inside the buffer (or at its very end, where a missing field would
/// start), one-line messages, and the kind's own facts.
fn error_checks(bytes: &[u8], e: &Error) {
    assert!(
        e.offset() <= bytes.len(),
        "{e}: offset past the {}-byte buffer",
        bytes.len()
    );
    super::common::one_line(e);
    let kind = e.kind();
    super::common::one_line(&kind);
    let len = bytes.len();
    match kind {
        ErrorKind::Truncated { needed, available } => {
            assert_eq!((e.offset(), needed, available), (0, 20, len));
        }
        ErrorKind::BadMagic { found } => {
            assert_eq!(e.offset(), 0);
            assert_ne!(found, MAGIC.to_le_bytes());
        }
        ErrorKind::NoNodes => assert_eq!(e.offset(), 16),
        ErrorKind::Negative { value, .. } => assert!(value < 0),
        ErrorKind::NodeTablePastEnd { end, file_len, .. }
        | ErrorKind::HierarchyPastEnd { end, file_len, .. }
        | ErrorKind::PayloadPastEnd { end, file_len, .. } => {
            assert_eq!(file_len, len);
            assert!(end > len as u64);
        }
        ErrorKind::InfoIndexOutOfRange { index, count, .. } => {
            assert!(index < 1 || index as u32 >= count);
        }
        ErrorKind::UnsupportedVersion { found } => assert_ne!(found, VERSION),
        ErrorKind::ShapesPastEnd { end, size, .. } => assert!(end > size as u64),
        ErrorKind::SizeMismatch { expected, size } => assert_ne!(expected, size as u64),
        ErrorKind::ClassMismatch { .. }
        | ErrorKind::NameMismatch { .. }
        | ErrorKind::CountPastEnd { .. } => {}
        _ => {}
    }
}

/// Every accessor of a parsed container: counts, the information table, each node
/// and the queries by name and class.
fn container_checks(bytes: &[u8], drs: &Drs<'_>) {
    assert_eq!(drs.bytes(), bytes);
    assert_eq!(drs.header().magic.get(), MAGIC);
    assert_eq!(drs.header().node_count.get(), drs.node_count());
    assert!(drs.node_count() >= 1);
    super::common::inside(bytes, drs.root_name().as_ptr(), drs.root_name().len());
    let infos = drs.infos();
    assert_eq!(infos.len(), drs.node_count() as usize);
    assert_eq!(infos.iter().count(), infos.len());
    assert!(infos.iter().rev().eq(infos.as_slice().iter().rev()));
    assert_eq!(infos.end(), infos.start() + 32 * infos.len());
    assert!(infos.end() <= bytes.len());
    super::common::inside(bytes, infos.as_slice().as_ptr().cast(), 32 * infos.len());
    assert_eq!(infos.offset_of(infos.len()), None);
    assert_eq!(infos.get(infos.len()), None);

    let mut nodes = drs.nodes();
    let mut walked: Vec<Node<'_>> = Vec::new();
    loop {
        let left = drs.node_count() as usize - 1 - walked.len();
        assert_eq!(nodes.size_hint(), (left, Some(left)));
        assert_eq!(nodes.len(), left);
        if walked.len() == 1 {
            // A clone goes on from where the original is.
            assert!(nodes.clone().eq(drs.nodes().skip(1)));
        }
        let Some(node) = nodes.next() else { break };
        node_checks(bytes, drs, &node);
        walked.push(node);
    }
    assert_eq!(walked.len(), drs.node_count() as usize - 1);
    assert_eq!(nodes.next(), None, "Nodes is fused");
    let mut last_entry = 0;
    for node in &walked {
        assert!(node.entry_offset() > last_entry);
        last_entry = node.entry_offset();
    }
    // The queries by name and class against walks, for a few nodes (each is a walk).
    let n = walked.len();
    let mut picks = vec![0, 1, 2, n / 2, n.saturating_sub(1)];
    picks.dedup();
    for node in picks.into_iter().filter_map(|i| walked.get(i)) {
        let first = walked.iter().find(|n| n.name() == node.name());
        assert_eq!(drs.node(node.name()).as_ref(), first);
        let of_class = walked.iter().filter(|n| n.class_id() == node.class_id());
        assert!(drs.nodes_with_class(node.class_id()).eq(of_class.copied()));
    }
    let missing = b"\0no such node\0";
    if walked.iter().all(|n| n.name() != missing) {
        assert_eq!(drs.node(missing), None);
    }
}

fn node_checks(bytes: &[u8], drs: &Drs<'_>, node: &Node<'_>) {
    let i = node.info_index();
    assert!(i >= 1 && i < drs.node_count());
    let info = drs.infos().get(i as usize).unwrap();
    assert!(core::ptr::eq(info, node.info()));
    assert_eq!(
        drs.infos().offset_of(i as usize),
        Some(drs.infos().start() + 32 * i as usize)
    );
    assert_eq!(node.class_id(), info.class_id.get());
    assert_eq!(node.identifier(), info.identifier.get());
    assert_eq!(node.payload_offset(), info.offset.get() as usize);
    assert_eq!(node.payload().len(), info.size.get() as usize);
    assert!(node.entry_offset() < bytes.len());
    super::common::inside(bytes, node.name().as_ptr(), node.name().len());
    super::common::inside(bytes, node.payload().as_ptr(), node.payload().len());
    assert_eq!(
        bytes.get(node.payload_offset()..node.payload_offset() + node.payload().len()),
        Some(node.payload())
    );
    super::common::debug(&node);
}

/// Every table, shape, transform, AABB, containment query and lint of a parsed
/// payload lying at `start..end` of `bytes`.
fn exercise(bytes: &[u8], shapes: &CollisionShape<'_>, start: usize, end: usize) {
    let (lo, hi) = shapes
        .aabb()
        .map_or(([-1.0; 3], [1.0; 3]), |a| (a.min, a.max));
    let segments = crate::common::query_segments(bytes, lo, hi);
    for (s, hit) in segments
        .iter()
        .zip(crate::common::query_checks(shapes, &segments))
    {
        // A box hit from inside is inside by the view's own point test, to the bit.
        if let Some(h) = hit.filter(|h| h.t == 0.0 && h.primitive == zerocol::query::Primitive::Box)
        {
            let b = shapes
                .boxes()
                .get(h.index)
                .expect("a box of the shape")
                .decode();
            assert!(b.contains(s.start), "{s:?}: {h:?}");
        }
    }
    assert_eq!(shapes.version(), VERSION);
    assert_eq!(end - start, shapes.len());
    let (b, s, c) = (shapes.boxes(), shapes.spheres(), shapes.cylinders());
    // The tables lie back to back after their counts, and end where the payload does.
    assert_eq!(b.start(), start + 5);
    assert_eq!(s.start(), b.end() + 4);
    assert_eq!(c.start(), s.end() + 4);
    assert_eq!(c.end(), end);
    table(bytes, b, 72);
    table(bytes, s, 64);
    table(bytes, c, 68);
    assert_eq!(
        shapes.is_empty(),
        b.is_empty() && s.is_empty() && c.is_empty()
    );
    assert_eq!(
        shapes.len(),
        13 + 72 * b.len() + 64 * s.len() + 68 * c.len()
    );

    let boxes: Vec<BoxShape> = b
        .iter()
        .map(|r| round_trip_record(r, raw::BoxShape::decode))
        .collect();
    let spheres: Vec<SphereShape> = s
        .iter()
        .map(|r| round_trip_record(r, raw::SphereShape::decode))
        .collect();
    let cylinders: Vec<CylinderShape> = c
        .iter()
        .map(|r| round_trip_record(r, raw::CylinderShape::decode))
        .collect();

    let mut aabbs = Vec::new();
    let mut points = Vec::new();
    for shape in &boxes {
        transform(&shape.transform);
        aabbs.push(box_checks(shape, &mut points));
    }
    for shape in &spheres {
        transform(&shape.transform);
        aabbs.push(sphere_checks(shape, &mut points));
    }
    for shape in &cylinders {
        transform(&shape.transform);
        aabbs.push(cylinder_checks(shape, &mut points));
    }
    whole_box(shapes, &aabbs);

    containment(shapes, &boxes, &spheres, &cylinders, points);

    lints(shapes, &boxes, &spheres, &cylinders, bytes.len());
}

/// The whole box is the union of the shapes' boxes, in the same order.
fn whole_box(shapes: &CollisionShape<'_>, aabbs: &[Aabb]) {
    let whole = shapes.aabb();
    let walked = aabbs.iter().copied().reduce(Aabb::union);
    assert_eq!(whole.is_some(), walked.is_some());
    if let (Some(whole), Some(walked)) = (whole, walked) {
        assert!(same_aabb(whole, walked), "{whole:?} != {walked:?}");
    }
    if let Some(whole) = whole {
        for a in aabbs {
            let u = a.union(whole);
            assert!(same3(u.min, whole.min) && same3(u.max, whole.max));
            // A union with itself changes nothing.
            assert!(same_aabb(a.union(*a), *a));
        }
    }
}

/// Containment: the first sphere, else the first box, else the first cylinder, at
/// `points` (each with whether it lies inside a shape) and at a point far from all.
fn containment(
    shapes: &CollisionShape<'_>,
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
    mut points: Vec<([f32; 3], bool)>,
) {
    if let Some(far) = far_point(boxes, spheres, cylinders) {
        points.push((far, false));
    }
    for (point, inside) in points {
        let expected = spheres
            .iter()
            .position(|x| x.contains(point))
            .map(|i| (ShapeKind::Sphere, i))
            .or_else(|| {
                boxes
                    .iter()
                    .position(|x| x.contains(point))
                    .map(|i| (ShapeKind::Box, i))
            })
            .or_else(|| {
                cylinders
                    .iter()
                    .position(|x| x.contains(point))
                    .map(|i| (ShapeKind::Cylinder, i))
            })
            .map(|(kind, index)| ShapeRef {
                kind,
                index: index as u32,
            });
        let hit = shapes.contains(point);
        assert_eq!(hit, expected, "{point:?}");
        assert_eq!(
            hit.is_some(),
            inside,
            "{point:?}: expected inside: {inside}"
        );
    }
}

/// A table's records against its slice, both ways, and where they lie.
fn table<T: PartialEq + core::fmt::Debug>(
    bytes: &[u8],
    t: zerocol::wire::Table<'_, T>,
    size: usize,
) {
    assert_eq!(size_of::<T>(), size);
    assert_eq!(t.iter().count(), t.len());
    assert_eq!(t.as_slice().len(), t.len());
    assert!(t.iter().eq(t.as_slice()));
    assert!(t.iter().rev().eq(t.as_slice().iter().rev()));
    assert!((&t).into_iter().eq(t.into_iter()));
    assert_eq!(t.is_empty(), t.as_slice().is_empty());
    assert_eq!(t.end(), t.start() + size * t.len());
    assert!(t.end() <= bytes.len());
    super::common::inside(bytes, t.as_slice().as_ptr().cast(), size * t.len());
    if !t.is_empty() {
        assert_eq!(
            t.as_slice().as_ptr() as usize - bytes.as_ptr() as usize,
            t.start()
        );
    }
    for i in [0, t.len() / 2, t.len().saturating_sub(1)] {
        if i < t.len() {
            assert_eq!(t.get(i), t.as_slice().get(i));
            assert_eq!(t.offset_of(i), Some(t.start() + size * i));
        }
    }
    assert_eq!(t.get(t.len()), None);
    assert_eq!(t.offset_of(t.len()), None);
}

/// Decodes a record and checks that encoding the values gives the record back.
fn round_trip_record<R, V>(record: &R, decode: fn(&R) -> V) -> V
where
    R: for<'v> From<&'v V> + PartialEq + core::fmt::Debug,
{
    let value = decode(record);
    assert_eq!(&R::from(&value), record);
    value
}

fn bits(v: [f32; 3]) -> [u32; 3] {
    v.map(f32::to_bits)
}

/// Equal, or NaN alike.
fn same(a: f32, b: f32) -> bool {
    a == b || (a.is_nan() && b.is_nan())
}

fn same3(a: [f32; 3], b: [f32; 3]) -> bool {
    (0..3).all(|i| same(a[i], b[i]))
}

/// Equal corners, NaN alike (`f32::min` and `max` may pick either zero of 0 and -0).
fn same_aabb(a: Aabb, b: Aabb) -> bool {
    same3(a.min, b.min) && same3(a.max, b.max)
}

fn finite3(v: [f32; 3]) -> bool {
    v.iter().all(|x| x.is_finite())
}

fn finite_t(t: &Transform) -> bool {
    t.rotation.iter().all(|r| finite3(*r)) && finite3(t.position)
}

/// Every method of a transform, and what holds of them for any values.
fn transform(t: &Transform) {
    let tt = t.transposed();
    assert_eq!(tt.position.map(f32::to_bits), t.position.map(f32::to_bits));
    assert_eq!(
        tt.transposed().rotation.map(bits),
        t.rotation.map(bits),
        "transposing twice"
    );
    for axis in 0..3 {
        let column = t.axis(axis);
        for (row, value) in column.iter().enumerate() {
            assert_eq!(value.to_bits(), t.rotation[row][axis].to_bits());
            assert_eq!(tt.rotation[axis][row].to_bits(), value.to_bits());
        }
    }
    assert_eq!(t.axis(3), [0.0; 3]);
    let e = t.orthonormality_error();
    assert!(e.is_nan() || e >= 0.0);
    // The position is the image of the origin, and goes back to it, when finite.
    if finite_t(t) {
        assert_eq!(t.apply([0.0; 3]), t.position);
        let back = t.to_local(t.position);
        assert!(back.iter().all(|v| *v == 0.0), "{back:?}");
    }
    let _ = (tt.apply(t.position), t.to_local([1.0, 2.0, 3.0]));
}

/// A rotation whose entries are 0 or ±1, one non-zero per row and column: applying it
/// and its transpose is exact for finite values.
fn signed_permutation(t: &Transform) -> bool {
    let r = t.rotation;
    let unit = |v: f32| v == 1.0 || v == -1.0;
    let ok = |v: f32| v == 0.0 || unit(v);
    r.iter()
        .all(|row| row.iter().all(|v| ok(*v)) && row.iter().filter(|v| unit(**v)).count() == 1)
        && (0..3).all(|c| r.iter().filter(|row| unit(row[c])).count() == 1)
}

/// A box's corners, oriented box and AABB; pushes points the box must contain.
fn box_checks(b: &BoxShape, points: &mut Vec<([f32; 3], bool)>) -> Aabb {
    let corners = b.corners();
    for (i, corner) in corners.iter().enumerate() {
        let pick = |bit: usize, axis: usize| {
            if i & bit != 0 {
                b.upper[axis]
            } else {
                b.lower[axis]
            }
        };
        let local = [pick(1, 0), pick(2, 1), pick(4, 2)];
        assert!(same3(*corner, b.transform.apply(local)));
    }
    let aabb = b.aabb();
    let around = Aabb::around(corners).unwrap();
    assert!(same_aabb(aabb, around), "{aabb:?} != {around:?}");
    // The oriented box: the sorted corners' middle in the world, half the sizes,
    // and the columns of the rotation.
    let o = b.oriented();
    let (lo, hi) = (
        [0, 1, 2].map(|i| b.lower[i].min(b.upper[i])),
        [0, 1, 2].map(|i| b.lower[i].max(b.upper[i])),
    );
    let mid = [0, 1, 2].map(|i| (lo[i] + hi[i]) * 0.5);
    assert!(same3(o.center, b.transform.apply(mid)), "{o:?}");
    assert!(same3(
        o.half_extents,
        [0, 1, 2].map(|i| (hi[i] - lo[i]) * 0.5)
    ));
    for (i, axis) in o.axes.iter().enumerate() {
        assert!(same3(*axis, b.transform.axis(i)));
    }
    for axis in Axis::ALL {
        let (l, u) = (axis.of(b.lower), axis.of(b.upper));
        let h = axis.of(o.half_extents);
        assert!(h.is_nan() || h >= 0.0, "half extent {h}");
        if l.is_finite() && u.is_finite() && (u - l).is_finite() {
            assert!(!h.is_nan());
        }
    }
    if finite_t(&b.transform) && finite3(b.lower) && finite3(b.upper) {
        // A corner that overflowed makes its coordinates of the box NaN (no box along
        // that axis); every other coordinate holds every finite corner.
        for corner in corners.into_iter().filter(|c| finite3(*c)) {
            assert!(
                corner
                    .iter()
                    .zip(aabb.min)
                    .all(|(c, m)| m.is_nan() || m <= *c)
            );
            assert!(
                corner
                    .iter()
                    .zip(aabb.max)
                    .all(|(c, m)| m.is_nan() || *c <= m)
            );
        }
        // A point whose local coordinates come back exactly lies inside when they
        // lie between the corners; under a quarter turn at the origin they always do.
        let exact = signed_permutation(&b.transform) && b.transform.position == [0.0; 3];
        for local in [lo, hi, mid, [lo[0], hi[1], lo[2]]] {
            if !(0..3).all(|i| lo[i] <= local[i] && local[i] <= hi[i]) {
                continue;
            }
            let world = b.transform.apply(local);
            if exact {
                assert_eq!(b.transform.to_local(world), local);
            }
            if finite3(world) && b.transform.to_local(world) == local {
                assert!(b.contains(world), "{b:?} lacks {world:?} (local {local:?})");
                points.push((world, true));
            }
        }
    }
    let _ = b.contains(o.center);
    aabb
}

fn sphere_checks(s: &SphereShape, points: &mut Vec<([f32; 3], bool)>) -> Aabb {
    let c = s.world_center();
    assert_eq!(bits(c), bits(s.transform.position));
    let aabb = s.aabb();
    let r = s.radius;
    if finite3(c) && !r.is_nan() {
        assert!(s.contains(c), "{s:?} lacks its centre");
        points.push((c, true));
        if r >= 0.0 && r.is_finite() {
            assert!((0..3).all(|i| aabb.min[i] <= c[i] && c[i] <= aabb.max[i]));
            // Half a radius off the centre along an axis: inside, whatever the rounding.
            for axis in 0..3 {
                let mut p = c;
                p[axis] += r * 0.5;
                if p[axis].is_finite() {
                    assert!(s.contains(p), "{s:?} lacks {p:?}");
                    points.push((p, true));
                }
            }
        }
    }
    aabb
}

fn cylinder_checks(c: &CylinderShape, points: &mut Vec<([f32; 3], bool)>) -> Aabb {
    let t = &c.transform;
    assert_eq!(bits(c.base()), bits(t.position));
    assert!(same3(c.top(), t.apply([0.0, c.height, 0.0])));
    let aabb = c.aabb();
    let (h, r) = (c.height, c.radius);
    if finite_t(t) && !r.is_nan() && !h.is_nan() {
        let base = c.base();
        // The base centre is local (0, 0, 0) exactly.
        assert_eq!(c.contains(base), h >= 0.0, "{c:?}: base");
        if h >= 0.0 {
            points.push((base, true));
        }
        if r >= 0.0 && finite3(aabb.min) && finite3(aabb.max) {
            for p in [base, c.top()] {
                assert!(
                    (0..3).all(|i| aabb.min[i] <= p[i] && p[i] <= aabb.max[i]),
                    "{c:?}"
                );
            }
        }
        for y in [h, h * 0.5] {
            let world = t.apply([0.0, y, 0.0]);
            let back = t.to_local(world);
            if h >= 0.0 && finite3(world) && back == [0.0, y, 0.0] {
                assert!(c.contains(world), "{c:?} lacks {world:?}");
                points.push((world, true));
            }
        }
    }
    aabb
}

/// A point far outside every shape, when every shape is plain enough for "far" to be
/// sure: finite values below 1e6, rotations within the lint's tolerance.
fn far_point(
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
) -> Option<[f32; 3]> {
    const LIMIT: f32 = 1e6;
    let small = |v: f32| v.is_finite() && v.abs() < LIMIT;
    let plain = |t: &Transform| {
        t.rotation
            .iter()
            .flatten()
            .chain(&t.position)
            .all(|v| small(*v))
            && t.orthonormality_error() <= ORTHONORMAL_TOLERANCE
    };
    let mut reach = 0.0f32;
    let mut grow = |v: f32| reach = reach.max(v.abs());
    let positions = boxes.iter().map(|b| b.transform.position);
    let positions = positions.chain(spheres.iter().map(|s| s.transform.position));
    let positions = positions.chain(cylinders.iter().map(|c| c.transform.position));
    positions.flatten().for_each(&mut grow);
    for b in boxes {
        if !plain(&b.transform) || !b.lower.iter().chain(&b.upper).all(|v| small(*v)) {
            return None;
        }
        b.corners().iter().flatten().for_each(|v| grow(*v));
    }
    for s in spheres {
        if !plain(&s.transform) || !small(s.radius) {
            return None;
        }
        s.world_center()
            .iter()
            .for_each(|v| grow(v.abs() + s.radius.abs()));
    }
    for c in cylinders {
        if !plain(&c.transform) || !small(c.radius) || !small(c.height) {
            return None;
        }
        let r = 2.0 * c.radius.abs();
        c.base()
            .iter()
            .chain(&c.top())
            .for_each(|v| grow(v.abs() + r));
    }
    Some([3.0 * reach + 1.0; 3])
}

/// The lints, against the rules computed here, and where they point.
fn lints(
    shapes: &CollisionShape<'_>,
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
    len: usize,
) {
    let expected = expected_lints(shapes, boxes, spheres, cylinders);
    assert!(all_alike(shapes.lints(), expected.into_iter()));
    let mut lints = shapes.lints();
    if lints.next().is_some() {
        // A clone goes on from where the original is.
        assert_eq!(lints.clone().count(), shapes.lints().count() - 1);
    }
    let mut lints = shapes.lints();
    let mut messages = super::common::Messages::default();
    for lint in lints.by_ref() {
        assert!(lint.offset < len);
        assert!(!lint.is_tolerated());
        assert!(!lint.kind.is_tolerated());
        messages.check(&lint.kind, &lint);
    }
    assert_eq!(lints.next(), None, "Lints is fused");
    assert_eq!(shapes.tolerated().count(), 0);
}

/// The lints the rules give, shape by shape in file order.
fn expected_lints(
    shapes: &CollisionShape<'_>,
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
) -> Vec<battleforge::Lint> {
    let mut expected = Vec::new();
    for (i, b) in boxes.iter().enumerate() {
        let mut checks = vec![lint_orthonormal(&b.transform)];
        for axis in Axis::ALL {
            let (lo, hi) = (axis.of(b.lower), axis.of(b.upper));
            let size = if lo > hi { lo - hi } else { hi - lo };
            checks.push(
                lint_positive(Measure::Extent(axis), size)
                    .or_else(|| (lo > hi).then_some(LintKind::InvertedCorners { axis })),
            );
        }
        push_lints(
            &mut expected,
            ShapeKind::Box,
            i,
            shapes.boxes().offset_of(i),
            checks,
        );
    }
    for (i, s) in spheres.iter().enumerate() {
        let checks = vec![
            lint_orthonormal(&s.transform),
            lint_positive(Measure::Radius, s.radius),
            lint_centred(s.center, s.transform.position),
        ];
        push_lints(
            &mut expected,
            ShapeKind::Sphere,
            i,
            shapes.spheres().offset_of(i),
            checks,
        );
    }
    for (i, c) in cylinders.iter().enumerate() {
        let checks = vec![
            lint_orthonormal(&c.transform),
            lint_positive(Measure::Radius, c.radius),
            lint_positive(Measure::Height, c.height),
            lint_centred(c.center, c.transform.position),
        ];
        push_lints(
            &mut expected,
            ShapeKind::Cylinder,
            i,
            shapes.cylinders().offset_of(i),
            checks,
        );
    }
    expected
}

fn lint_orthonormal(t: &Transform) -> Option<LintKind> {
    let error = t.orthonormality_error();
    (error.is_nan() || error > ORTHONORMAL_TOLERANCE)
        .then_some(LintKind::RotationNotOrthonormal { error })
}

fn lint_positive(measure: Measure, value: f32) -> Option<LintKind> {
    (value.is_nan() || value <= 0.0).then_some(LintKind::NonPositiveMeasure { measure, value })
}

fn lint_centred(center: [f32; 3], position: [f32; 3]) -> Option<LintKind> {
    (center != position).then_some(LintKind::CenterNotAtPosition { center, position })
}

/// The lints `checks` found on one shape, each at the shape's offset.
fn push_lints(
    expected: &mut Vec<battleforge::Lint>,
    kind: ShapeKind,
    index: usize,
    offset: Option<usize>,
    checks: Vec<Option<LintKind>>,
) {
    for k in checks.into_iter().flatten() {
        expected.push(battleforge::Lint {
            offset: offset.unwrap(),
            shape: ShapeRef {
                kind,
                index: index as u32,
            },
            kind: k,
        });
    }
}

// ------------------------------------------------------------------ round trips

/// Reads a parsed payload's shapes back as a description.
fn describe(shapes: &CollisionShape<'_>) -> CollisionShapeDescription {
    CollisionShapeDescription {
        boxes: shapes.boxes().iter().map(raw::BoxShape::decode).collect(),
        spheres: shapes
            .spheres()
            .iter()
            .map(raw::SphereShape::decode)
            .collect(),
        cylinders: shapes
            .cylinders()
            .iter()
            .map(raw::CylinderShape::decode)
            .collect(),
    }
}

/// A generated bare payload reads back as its description, is exactly
/// `payload_required_len` bytes, and is not written into a buffer one byte short.
pub fn round_trip_payload(file: &CollisionShapePayload) {
    let d = file.description();
    let bytes = file.bytes();
    let shapes = CollisionShape::parse(bytes, Options::STRICT).expect("a generated payload parses");
    assert_eq!(&describe(&shapes), d);
    let len = battleforge::payload_required_len(&d.boxes, &d.spheres, &d.cylinders).unwrap();
    assert_eq!(len, bytes.len());
    assert_eq!(shapes.len(), len);
    let mut out = vec![0u8; len];
    assert_eq!(
        battleforge::write_payload(&d.boxes, &d.spheres, &d.cylinders, &mut out),
        Ok(len)
    );
    assert_eq!(out, bytes);
    let short = battleforge::write_payload(&d.boxes, &d.spheres, &d.cylinders, &mut out[..len - 1]);
    assert_eq!(
        short,
        Err(WriteError::BufferTooSmall {
            needed: len,
            available: len - 1
        })
    );
    // A payload is no DRS container; the raw checks hold of it too.
    bytes_payload_only(bytes);
}

/// The raw-bytes checks a bare payload goes through (it is never a container: its
/// first byte is 1, the magic's 0x1E).
fn bytes_payload_only(bytes: &[u8]) {
    assert!(Drs::parse_container(bytes).is_err());
    for options in options() {
        let shapes = CollisionShape::parse(bytes, options).unwrap();
        exercise(bytes, &shapes, 0, bytes.len());
    }
}

/// A generated DRS file reads back as its description, is exactly `required_len`
/// bytes, and is not written into a buffer one byte short.
pub fn round_trip_drs(file: &DrsFile) {
    let d = file.description();
    let bytes = file.bytes();
    let drs = Drs::parse(bytes, Options::STRICT).expect("a generated DRS file parses");
    let (node, shapes) = drs
        .collision_shape()
        .expect("a generated file has a collision shape");
    assert_eq!(drs.root_name(), b"root node");
    let mut others = Vec::new();
    for (i, n) in drs.nodes().enumerate() {
        assert_eq!(n.info_index() as usize, i + 1);
        if n == node {
            continue;
        }
        others.push(DrsNode {
            name: n.name().to_vec(),
            class_id: n.class_id(),
            identifier: n.identifier(),
            payload: n.payload().to_vec(),
        });
    }
    let read = DrsDescription {
        others,
        collision_at: node.info_index() as usize - 1,
        collision_identifier: node.identifier(),
        shapes: describe(&shapes),
    };
    assert_eq!(&read, d);

    // The writer again: `required_len` is what it writes, and one byte less is refused.
    let payload = node.payload();
    let mut specs: Vec<NodeSpec<'_>> = d
        .others
        .iter()
        .map(|n| NodeSpec {
            name: &n.name,
            class_id: n.class_id,
            identifier: n.identifier,
            payload: &n.payload,
        })
        .collect();
    specs.insert(
        d.collision_at,
        NodeSpec {
            name: COLLISION_SHAPE_NAME,
            class_id: COLLISION_SHAPE_CLASS,
            identifier: d.collision_identifier,
            payload,
        },
    );
    let len = battleforge::required_len(&specs).unwrap();
    assert_eq!(len, bytes.len());
    let mut out = vec![0u8; len];
    assert_eq!(battleforge::write(&specs, &mut out), Ok(len));
    assert_eq!(out, bytes);
    assert_eq!(
        battleforge::write(&specs, &mut out[..len - 1]),
        Err(WriteError::BufferTooSmall {
            needed: len,
            available: len - 1
        })
    );
    let s = &d.shapes;
    assert_eq!(
        battleforge::payload_required_len(&s.boxes, &s.spheres, &s.cylinders),
        Ok(payload.len())
    );
    bytes_drs_only(bytes);
}

fn bytes_drs_only(bytes: &[u8]) {
    for options in options() {
        with(bytes, options);
    }
}
