//! Test-only BattleForge DRS model: the bytes behind `samples/collision.drs`.
//!
//! Three nodes in hierarchy order, as a static building model would have them:
//!
//! 1. `CGeoMesh` (a stand-in class id, 40 opaque bytes),
//! 2. `collisionShape` ([`COLLISION_SHAPE_CLASS`]): two boxes, one sphere, one cylinder,
//! 3. `CGeoOBBTree` (a stand-in class id, 24 opaque bytes).
//!
//! The shapes (Y-up, `world = R · local + position`, every value exact in f32):
//!
//! ```text
//!  box 0       identity, at the origin, local -2..2 × 0..3 × -1.5..1.5      (the house)
//!  box 1       90° about Y, at (6, 0, 0), local -1..1 × 0..2 × -0.5..0.5     (a shed, along Z)
//!              world 5.5..6.5 × 0..2 × -1..1
//!  sphere 0    identity, at (0, 4.5, 0), radius 1.5, centre copied         (the dome)
//!  cylinder 0  -90° about Z (local +Y → world +X), base (-7, 1, 0), height 4, radius 1
//!              (a log lying from x -7 to -3), world -7..-3 × 0..2 × -1..1, centre copied
//! ```

use zerocol::battleforge::{
    BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CylinderShape, NodeSpec, SphereShape,
    Transform, payload_required_len, required_len, write, write_payload,
};

use super::bytes::{push_f32s, push_u32};

/// Stand-in class id of the `CGeoMesh` node (any id but the collision one).
pub const MESH_CLASS: i32 = 100_449_016;
/// Stand-in class id of the `CGeoOBBTree` node.
pub const OBB_TREE_CLASS: i32 = 479_466_400;
/// Identifiers of the three nodes, in order.
pub const IDENTIFIERS: [i32; 3] = [7, 8, 9];
/// Names of the three nodes, in order.
pub const NAMES: [&[u8]; 3] = [b"CGeoMesh", COLLISION_SHAPE_NAME, b"CGeoOBBTree"];

/// 90° about Y: local +X → world -Z, local +Z → world +X.
pub const ROT_Y90: [[f32; 3]; 3] = [[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]];
/// -90° about Z: local +Y → world +X, local +X → world -Y.
pub const ROT_Z_NEG90: [[f32; 3]; 3] = [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]];

/// The two boxes of the sample.
pub fn sample_boxes() -> [BoxShape; 2] {
    [
        BoxShape {
            transform: Transform::IDENTITY,
            lower: [-2.0, 0.0, -1.5],
            upper: [2.0, 3.0, 1.5],
        },
        BoxShape {
            transform: Transform {
                rotation: ROT_Y90,
                position: [6.0, 0.0, 0.0],
            },
            lower: [-1.0, 0.0, -0.5],
            upper: [1.0, 2.0, 0.5],
        },
    ]
}

/// The sphere of the sample.
pub fn sample_spheres() -> [SphereShape; 1] {
    [SphereShape {
        transform: Transform {
            rotation: Transform::IDENTITY.rotation,
            position: [0.0, 4.5, 0.0],
        },
        radius: 1.5,
        center: [0.0, 4.5, 0.0],
    }]
}

/// The cylinder of the sample.
pub fn sample_cylinders() -> [CylinderShape; 1] {
    [CylinderShape {
        transform: Transform {
            rotation: ROT_Z_NEG90,
            position: [-7.0, 1.0, 0.0],
        },
        center: [-7.0, 1.0, 0.0],
        height: 4.0,
        radius: 1.0,
    }]
}

/// A payload written by `write_payload`, exactly `payload_required_len` bytes.
pub fn payload(
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
) -> Vec<u8> {
    let len = payload_required_len(boxes, spheres, cylinders).unwrap();
    let mut out = vec![0xA5; len + 5];
    assert_eq!(write_payload(boxes, spheres, cylinders, &mut out), Ok(len));
    assert!(
        out[len..].iter().all(|&b| b == 0xA5),
        "wrote past its length"
    );
    out.truncate(len);
    out
}

/// A DRS container written by `write`, exactly `required_len` bytes.
pub fn drs(nodes: &[NodeSpec<'_>]) -> Vec<u8> {
    let len = required_len(nodes).unwrap();
    let mut out = vec![0x5A; len + 5];
    assert_eq!(write(nodes, &mut out), Ok(len));
    assert!(
        out[len..].iter().all(|&b| b == 0x5A),
        "wrote past its length"
    );
    out.truncate(len);
    out
}

/// The collisionShape payload of the sample.
pub fn sample_payload() -> Vec<u8> {
    payload(&sample_boxes(), &sample_spheres(), &sample_cylinders())
}

/// Opaque `CGeoMesh` bytes (40): counts and a few floats, never decoded.
pub fn mesh_payload() -> Vec<u8> {
    let mut out = Vec::new();
    for v in [3u32, 4, 0x0001_0002] {
        push_u32(&mut out, v);
    }
    push_f32s(&mut out, &[-2.0, 0.0, -1.5, 2.0, 3.0, 1.5, 0.25]);
    assert_eq!(out.len(), 40);
    out
}

/// Opaque `CGeoOBBTree` bytes (24).
pub fn obb_tree_payload() -> Vec<u8> {
    let mut out = Vec::new();
    for v in [1u32, 0, 12, 0xFFFF_FFFF, 2, 0x00C0_FFEE] {
        push_u32(&mut out, v);
    }
    assert_eq!(out.len(), 24);
    out
}

/// The sample file: mesh, collisionShape, OBB tree.
pub fn sample_drs() -> Vec<u8> {
    let (mesh, shape, tree) = (mesh_payload(), sample_payload(), obb_tree_payload());
    drs(&[
        NodeSpec {
            name: NAMES[0],
            class_id: MESH_CLASS,
            identifier: IDENTIFIERS[0],
            payload: &mesh,
        },
        NodeSpec {
            name: NAMES[1],
            class_id: COLLISION_SHAPE_CLASS,
            identifier: IDENTIFIERS[1],
            payload: &shape,
        },
        NodeSpec {
            name: NAMES[2],
            class_id: OBB_TREE_CLASS,
            identifier: IDENTIFIERS[2],
            payload: &tree,
        },
    ])
}
