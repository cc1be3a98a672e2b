//! Any bytes: the DRS container and collisionShape readers must return `Err` or
//! values whose every accessor, transform, containment test and lint works.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zerocol::battleforge::{CollisionShape, Drs};

fuzz_target!(|input: ([f32; 3], &[u8])| {
    let (point, bytes) = input;
    if let Ok(drs) = Drs::parse(bytes) {
        for node in drs.nodes() {
            let _ = (node.name(), node.class_id(), node.identifier());
            assert!(node.payload_offset() + node.payload().len() <= bytes.len());
        }
        if let Ok((_, shapes)) = drs.collision_shape() {
            exercise(&shapes, point);
        }
    }
    if let Ok(shapes) = CollisionShape::parse(bytes) {
        assert_eq!(shapes.len(), bytes.len());
        exercise(&shapes, point);
    }
});

fn exercise(shapes: &CollisionShape<'_>, point: [f32; 3]) {
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
        let _ = lint;
    }
}
