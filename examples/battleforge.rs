//! Summarises a BattleForge DRS container and its `collisionShape` node (or a bare
//! `collisionShape` payload): nodes, shape counts, world bounds, the first shape of
//! each kind, and lints.
//!
//! `cargo run --example battleforge -- FILE` (defaults to the shipped
//! `samples/collision.drs`).

use std::error::Error;
use std::path::PathBuf;
use std::process::ExitCode;

use zerocol::battleforge::{CollisionShape, Drs, MAGIC, Options};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}"); // a parse error names the byte offset at fault
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let path = std::env::args_os().nth(1).map(PathBuf::from);
    let bytes = match &path {
        Some(p) => std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?,
        None => include_bytes!("../samples/collision.drs").to_vec(),
    };
    let label = path.map_or("samples/collision.drs".into(), |p| p.display().to_string());
    println!("{label}: {} bytes", bytes.len());
    // Anything that does not start with the DRS magic is read as a bare payload.
    let shapes = if bytes.starts_with(&MAGIC.to_le_bytes()) {
        let drs = Drs::parse(&bytes, Options::STRICT)?;
        let root = String::from_utf8_lossy(drs.root_name());
        println!("DRS: {} nodes, root {root:?}", drs.node_count());
        for node in drs.nodes() {
            let name = String::from_utf8_lossy(node.name());
            let (class, len, at) = (node.class_id(), node.payload().len(), node.payload_offset());
            println!("  node {name:<16} class 0x{class:08x}, {len} bytes at {at}");
        }
        // Parsing checked the collisionShape node; a DRS may also have none.
        drs.collision_shape()
            .ok_or("no node named collisionShape")?
            .1
    } else {
        println!("bare collisionShape payload");
        CollisionShape::parse(&bytes, Options::STRICT)?
    };

    let (b, s, c) = (shapes.boxes(), shapes.spheres(), shapes.cylinders());
    let (nb, ns, nc) = (b.len(), s.len(), c.len());
    println!("shapes: boxes {nb}, spheres {ns}, cylinders {nc}");
    if let Some(aabb) = shapes.aabb() {
        println!("world bounds: {:?} to {:?}", aabb.min, aabb.max);
        let centre = [0, 1, 2].map(|i| f32::midpoint(aabb.min[i], aabb.max[i]));
        match shapes.contains(centre) {
            Some(hit) => {
                let kind = format!("{:?}", hit.kind).to_lowercase();
                println!("centre {centre:?}: inside {kind} {}", hit.index);
            }
            None => println!("centre {centre:?}: outside every shape"),
        }
    }
    if let Some(oriented) = b.get(0).map(|r| r.decode().oriented()) {
        let (centre, half) = (oriented.center, oriented.half_extents);
        println!("box 0: centre {centre:?}, half extents {half:?}");
    }
    if let Some(sphere) = s.get(0).map(|r| r.decode()) {
        let (centre, radius) = (sphere.world_center(), sphere.radius);
        println!("sphere 0: centre {centre:?}, radius {radius}");
    }
    if let Some(cylinder) = c.get(0).map(|r| r.decode()) {
        let (base, top, radius) = (cylinder.base(), cylinder.top(), cylinder.radius);
        println!("cylinder 0: base {base:?}, top {top:?}, radius {radius}");
    }
    let lints = shapes
        .lints()
        .inspect(|lint| println!("warning: byte {}: {lint}", lint.offset))
        .count();
    println!("lints: {lints}");
    Ok(())
}
