//! The `collision-shape` JSON of `docs/dump.md`.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks. Rotations are the 9 floats as stored
//! (row-major).

use std::io::{self, Write};
use std::string::{String, ToString};

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use zerocol::battleforge::{Aabb, Node, raw};

use super::{Read, latin1, read};
use crate::tool::{Flags, Seq, Verdict, options, write_dump};

type Vec3 = [f32; 3];

/// The whole document, its arrays serialized straight from the parsed views.
struct Dump<'a> {
    read: Read<'a>,
    lenient: bool,
}

impl Serialize for Dump<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = &self.read.shape;
        let container = self.read.container;
        let mut doc = serializer.serialize_struct("Dump", 10)?;
        doc.serialize_field("format", "collision-shape")?;
        // The `collisionShape` node's payload; `null` for a bare payload.
        doc.serialize_field(
            "node",
            &container.map(|(_, node)| NodeRefJson {
                offset: node.payload_offset(),
                size: node.payload().len(),
                info_index: node.info_index(),
            }),
        )?;
        doc.serialize_field("version", &s.version())?;
        doc.serialize_field("boxes", &Seq(|| s.boxes().iter().map(box_json)))?;
        doc.serialize_field("spheres", &Seq(|| s.spheres().iter().map(sphere_json)))?;
        doc.serialize_field(
            "cylinders",
            &Seq(|| s.cylinders().iter().map(cylinder_json)),
        )?;
        // Every non-root node of the container in hierarchy order; `null` for a bare
        // payload (an addition to `docs/dump.md`).
        doc.serialize_field(
            "nodes",
            &container.map(|(drs, _)| Seq(move || drs.nodes().map(|n| node_json(&n)))),
        )?;
        // The world box around every shape, `null` without shapes (an addition).
        doc.serialize_field("aabb", &s.aabb().map(aabb_json))?;
        // What the format's documentation asks for but readers must not enforce (an
        // addition).
        doc.serialize_field("lints", &Seq(|| s.lints().map(|lint| lint.to_string())))?;
        if self.lenient {
            // The lints that report what the lenient read let through; always empty,
            // as this format has no lenient rules (`Options::LENIENT` is
            // `Options::STRICT`).
            doc.serialize_field(
                "warnings",
                &Seq(|| s.tolerated().map(|lint| lint.to_string())),
            )?;
        }
        doc.end()
    }
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

/// `zerocol dump`: the file (a DRS container by its magic, else a bare payload) as
/// JSON on `out`; a malformed file writes nothing, and its message is the
/// library's, which starts with the byte offset.
pub(crate) fn dump(out: &mut dyn Write, bytes: &[u8], flags: Flags) -> io::Result<Verdict> {
    let lenient = flags.lenient;
    let read = read(bytes, options(lenient));
    write_dump(out, read.map(|read| Dump { read, lenient }))
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
