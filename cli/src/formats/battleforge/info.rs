//! `zerocol info` for BattleForge `collisionShape`: the DRS container (header and
//! every node), then the shapes one per line, their bounds and the lints.

use std::io::{self, Write};
use std::string::ToString;

use zerocol::battleforge::{CollisionShape, Drs, Node};

use super::{bare_error, is_drs, latin1, missing};
use crate::tool::Verdict;
use crate::tool::options;
use crate::tool::{Flags, write_lints};

/// Prints a summary of a DRS file or a bare payload. A malformed container prints
/// its first line only; a container whose `collisionShape` node is missing or
/// malformed prints its nodes first. The error is the library's message, which
/// starts with the byte offset.
pub(crate) fn info(
    out: &mut impl Write,
    label: &str,
    bytes: &[u8],
    flags: Flags,
) -> io::Result<Verdict> {
    let lenient = flags.lenient;
    let mode = if lenient { "lenient" } else { "strict" };
    let len = bytes.len();
    if !is_drs(bytes) {
        writeln!(
            out,
            "{label}: collision-shape, bare payload, {len} bytes ({mode})"
        )?;
        let shape = match CollisionShape::parse(bytes, options(lenient)) {
            Ok(shape) => shape,
            Err(error) => return Ok(Verdict::Malformed(bare_error(&error))),
        };
        writeln!(
            out,
            "  collisionShape: bare payload of {len} bytes, version {}",
            shape.version()
        )?;
        write_shapes(out, &shape)?;
        return Ok(Verdict::Ok);
    }
    writeln!(
        out,
        "{label}: collision-shape, DRS container, {len} bytes ({mode})"
    )?;
    let drs = match Drs::parse(bytes, options(lenient)) {
        Ok(drs) => drs,
        Err(error) => {
            // A sound container whose collisionShape node is malformed: its nodes
            // first, then the error.
            if let Ok(container) = Drs::parse_container(bytes) {
                write_container(out, &container)?;
            }
            return Ok(Verdict::Malformed(error.to_string()));
        }
    };
    write_container(out, &drs)?;
    let Some((node, shape)) = drs.collision_shape() else {
        return Ok(Verdict::Malformed(missing(&drs)));
    };
    let at = node.payload_offset();
    writeln!(
        out,
        "  collisionShape: node {}, payload at byte {at} (0x{at:x}), {} bytes, version {}",
        node.info_index(),
        node.payload().len(),
        shape.version()
    )?;
    write_shapes(out, &shape)?;
    Ok(Verdict::Ok)
}

/// The header, the root and every node in hierarchy order.
fn write_container(out: &mut impl Write, drs: &Drs<'_>) -> io::Result<()> {
    let h = drs.header();
    let (info, hierarchy) = (h.node_info_offset.get(), h.node_hierarchy_offset.get());
    writeln!(
        out,
        "  header: model count {}, node count {} (root included)",
        h.model_count.get(),
        drs.node_count()
    )?;
    writeln!(
        out,
        "  node information table at byte {info} (0x{info:x}), node hierarchy at byte {hierarchy} (0x{hierarchy:x})"
    )?;
    writeln!(out, "  root: {:?}", latin1(drs.root_name()))?;
    for node in drs.nodes() {
        write_node(out, &node)?;
    }
    Ok(())
}

fn write_node(out: &mut impl Write, n: &Node<'_>) -> io::Result<()> {
    let class = n.class_id();
    let at = n.payload_offset();
    writeln!(
        out,
        "  node {} {:?}: class id {class} (0x{class:08x}), identifier {}, payload at byte {at} (0x{at:x}), {} bytes",
        n.info_index(),
        latin1(n.name()),
        n.identifier(),
        n.payload().len()
    )
}

/// Counts, one line per shape, the bounds of the whole set and the lints.
fn write_shapes(out: &mut impl Write, s: &CollisionShape<'_>) -> io::Result<()> {
    writeln!(
        out,
        "  boxes {}, spheres {}, cylinders {}",
        s.boxes().len(),
        s.spheres().len(),
        s.cylinders().len()
    )?;
    for (i, b) in s.boxes().iter().enumerate() {
        let b = b.decode();
        let size = sub(b.upper, b.lower);
        let a = b.aabb();
        writeln!(
            out,
            "  box {i}: position {:?}, lower {:?}, upper {:?} (size {size:?}); AABB min {:?}, max {:?}",
            b.transform.position, b.lower, b.upper, a.min, a.max
        )?;
    }
    for (i, sphere) in s.spheres().iter().enumerate() {
        let sphere = sphere.decode();
        let a = sphere.aabb();
        writeln!(
            out,
            "  sphere {i}: position {:?}, radius {:?}; AABB min {:?}, max {:?}",
            sphere.world_center(),
            sphere.radius,
            a.min,
            a.max
        )?;
    }
    for (i, c) in s.cylinders().iter().enumerate() {
        let c = c.decode();
        let a = c.aabb();
        writeln!(
            out,
            "  cylinder {i}: base {:?}, radius {:?}, height {:?} along local +Y; AABB min {:?}, max {:?}",
            c.base(),
            c.radius,
            c.height,
            a.min,
            a.max
        )?;
    }
    match s.aabb() {
        Some(a) => writeln!(
            out,
            "  AABB of all shapes: min {:?}, max {:?}",
            a.min, a.max
        )?,
        None => writeln!(out, "  AABB of all shapes: none (no shapes)")?,
    }
    write_lints(out, s.lints())
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    let ([a0, a1, a2], [b0, b1, b2]) = (a, b);
    [a0 - b0, a1 - b1, a2 - b2]
}
