//! The `collision-shape` JSON of `docs/dump.md`.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks. Rotations are the 9 floats as stored
//! (row-major).

use serde::Serialize;
use zerocol::battleforge::{Aabb, Drs, Node, raw};

use super::{latin1, read};
use crate::tool::{Flags, options};

type Vec3 = [f32; 3];

/// The whole document.
#[derive(Serialize, Debug)]
pub struct Dump {
    format: &'static str,
    /// The `collisionShape` node's payload; `null` for a bare payload.
    node: Option<NodeRefJson>,
    version: u8,
    boxes: Vec<BoxJson>,
    spheres: Vec<SphereJson>,
    cylinders: Vec<CylinderJson>,
    /// Every non-root node of the container in hierarchy order; `null` for a bare
    /// payload (an addition to `docs/dump.md`).
    nodes: Option<Vec<NodeJson>>,
    /// The world box around every shape, `null` without shapes (an addition).
    aabb: Option<AabbJson>,
    /// What the format's documentation asks for but readers must not enforce
    /// (an addition).
    lints: Vec<String>,
    /// `--lenient` only: the lints that report what the lenient read let through;
    /// always empty, as this format has no lenient rules (`Options::LENIENT` is
    /// `Options::STRICT`).
    #[serde(skip_serializing_if = "Option::is_none")]
    warnings: Option<Vec<String>>,
}

#[derive(Serialize, Debug)]
struct NodeRefJson {
    offset: usize,
    size: usize,
    /// Its entry in the node information table (an addition).
    info_index: u32,
}

#[derive(Serialize, Debug)]
struct NodeJson {
    name: String,
    class_id: i32,
    identifier: i32,
    /// Index of its node information entry (1 .. count − 1).
    info_index: u32,
    /// Payload offset and size.
    offset: usize,
    size: usize,
    /// File offset of its node hierarchy entry.
    hierarchy_offset: usize,
}

#[derive(Serialize, Debug)]
struct AabbJson {
    min: Vec3,
    max: Vec3,
}

#[derive(Serialize, Debug)]
struct BoxJson {
    rotation: [f32; 9],
    position: Vec3,
    lower: Vec3,
    upper: Vec3,
    /// World box around its corners (an addition).
    aabb: AabbJson,
}

#[derive(Serialize, Debug)]
struct SphereJson {
    rotation: [f32; 9],
    position: Vec3,
    radius: f32,
    center: Vec3,
    /// World box around it (an addition).
    aabb: AabbJson,
}

#[derive(Serialize, Debug)]
struct CylinderJson {
    rotation: [f32; 9],
    position: Vec3,
    center: Vec3,
    height: f32,
    radius: f32,
    /// World box around it (an addition).
    aabb: AabbJson,
}

/// Reads the file (a DRS container by its magic, else a bare payload); the error
/// message is the library's, which starts with the byte offset.
pub fn dump(bytes: &[u8], flags: Flags) -> Result<Dump, String> {
    let lenient = flags.lenient;
    let read = read(bytes, options(lenient))?;
    let s = read.shape;
    Ok(Dump {
        format: "collision-shape",
        node: read.container.map(|(_, node)| NodeRefJson {
            offset: node.payload_offset(),
            size: node.payload().len(),
            info_index: node.info_index(),
        }),
        version: s.version(),
        boxes: s.boxes().iter().map(box_json).collect(),
        spheres: s.spheres().iter().map(sphere_json).collect(),
        cylinders: s.cylinders().iter().map(cylinder_json).collect(),
        nodes: read.container.map(|(drs, _)| nodes_json(&drs)),
        aabb: s.aabb().map(aabb_json),
        lints: s.lints().map(|lint| lint.to_string()).collect(),
        warnings: lenient.then(|| s.tolerated().map(|lint| lint.to_string()).collect()),
    })
}

fn nodes_json(drs: &Drs<'_>) -> Vec<NodeJson> {
    drs.nodes().map(|n| node_json(&n)).collect()
}

fn node_json(n: &Node<'_>) -> NodeJson {
    NodeJson {
        name: latin1(n.name()),
        class_id: n.class_id(),
        identifier: n.identifier(),
        info_index: n.info_index(),
        offset: n.payload_offset(),
        size: n.payload().len(),
        hierarchy_offset: n.entry_offset(),
    }
}

fn aabb_json(b: Aabb) -> AabbJson {
    AabbJson {
        min: b.min,
        max: b.max,
    }
}

/// The 9 rotation floats in stored (row-major) order.
fn rotation(r: [[f32; 3]; 3]) -> [f32; 9] {
    let [[a, b, c], [d, e, f], [g, h, i]] = r;
    [a, b, c, d, e, f, g, h, i]
}

fn box_json(b: &raw::BoxShape) -> BoxJson {
    let b = b.decode();
    BoxJson {
        rotation: rotation(b.transform.rotation),
        position: b.transform.position,
        lower: b.lower,
        upper: b.upper,
        aabb: aabb_json(b.aabb()),
    }
}

fn sphere_json(s: &raw::SphereShape) -> SphereJson {
    let s = s.decode();
    SphereJson {
        rotation: rotation(s.transform.rotation),
        position: s.transform.position,
        radius: s.radius,
        center: s.center,
        aabb: aabb_json(s.aabb()),
    }
}

fn cylinder_json(c: &raw::CylinderShape) -> CylinderJson {
    let c = c.decode();
    CylinderJson {
        rotation: rotation(c.transform.rotation),
        position: c.transform.position,
        center: c.center,
        height: c.height,
        radius: c.radius,
        aabb: aabb_json(c.aabb()),
    }
}
