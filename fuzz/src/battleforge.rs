//! BattleForge DRS and `collisionShape`: any bytes, every `Options`. The container and
//! payload readers must return `Err` or values whose every accessor, transform,
//! containment test and lint works.

use zerocol::battleforge::{CollisionShape, Drs, ErrorKind, Options};

/// Every `Options` value (there is one: BattleForge's LENIENT is its STRICT).
pub fn options() -> impl Iterator<Item = Options> {
    [Options::STRICT, Options::LENIENT].into_iter()
}

/// Runs `bytes` through both readers under every `Options`.
pub fn bytes(bytes: &[u8]) {
    for options in options() {
        with(bytes, options, [0.0; 3]);
    }
}

fn with(bytes: &[u8], options: Options, point: [f32; 3]) {
    let container = Drs::parse_container(bytes);
    match Drs::parse(bytes, options) {
        Ok(drs) => {
            assert!(container.is_ok());
            for node in drs.nodes() {
                let _ = (node.name(), node.class_id(), node.identifier());
                assert!(node.payload_offset() + node.payload().len() <= bytes.len());
            }
            if let Some((node, shapes)) = drs.collision_shape() {
                assert_eq!(shapes.len(), node.payload().len());
                exercise(&shapes, point, bytes.len());
            }
        }
        // The container's own error, or a sound container with a malformed
        // collisionShape node.
        Err(e) => match container {
            Err(first) => assert_eq!(first, e),
            Ok(_) => assert!(matches!(
                e.kind(),
                ErrorKind::ClassMismatch { .. }
                    | ErrorKind::NameMismatch { .. }
                    | ErrorKind::UnsupportedVersion { .. }
                    | ErrorKind::CountPastEnd { .. }
                    | ErrorKind::ShapesPastEnd { .. }
                    | ErrorKind::SizeMismatch { .. }
            )),
        },
    }
    if let Ok(shapes) = CollisionShape::parse(bytes, options) {
        assert_eq!(shapes.len(), bytes.len());
        exercise(&shapes, point, bytes.len());
    }
}

fn exercise(shapes: &CollisionShape<'_>, point: [f32; 3], len: usize) {
    for b in shapes.boxes() {
        let b = b.decode();
        let _ = (b.corners(), b.oriented(), b.aabb(), b.contains(point));
    }
    for s in shapes.spheres() {
        let s = s.decode();
        let _ = (s.world_center(), s.aabb(), s.contains(point));
    }
    for c in shapes.cylinders() {
        let c = c.decode();
        let _ = (c.base(), c.top(), c.aabb(), c.contains(point));
    }
    let _ = (shapes.contains(point), shapes.aabb());
    for lint in shapes.lints() {
        assert!(lint.offset < len);
        assert!(!lint.is_tolerated());
    }
    assert_eq!(shapes.tolerated().count(), 0);
}
