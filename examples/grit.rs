//! Summarises a Grit collision file, `TCOL` text or `BCOL` binary: attributes,
//! shapes, trimesh and lints. A TCOL file is also converted to BCOL in memory and
//! read back, so the shipped sample shows both readers.
//!
//! `cargo run --example grit -- FILE` (`.tcol`, `.gcol` or `.bcol`; defaults to
//! the shipped `samples/body.tcol`).

use std::error::Error;
use std::fmt::Display;
use std::path::PathBuf;
use std::process::ExitCode;

use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::{
    Attributes, Flavour, Shapes, Trimesh, sniff,
    tcol::{Options, Tcol},
};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}"); // TCOL: line and column; BCOL: byte offset
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let path = std::env::args_os().nth(1).map(PathBuf::from);
    let bytes = match &path {
        Some(p) => std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?,
        None => include_bytes!("../samples/body.tcol").to_vec(),
    };
    let label = path.map_or("samples/body.tcol".into(), |p| p.display().to_string());
    match sniff(&bytes) {
        Some(Flavour::Tcol) => {
            let tcol = Tcol::parse(&bytes, Options::STRICT)?;
            let (a, s, t) = (tcol.attributes(), tcol.shapes(), tcol.trimesh());
            summarise(&format!("{label} (TCOL)"), &a, s.clone(), t.clone());
            report(tcol.lints());
            // The writer fills a caller buffer of at least its upper bound.
            let mut out = vec![0; bcol::required_len(&a, s.clone(), t.clone())?];
            let len = bcol::write(&a, s, t, &mut out)?;
            out.truncate(len);
            read_bcol(&format!("{label} converted"), &out)
        }
        Some(Flavour::Bcol) => read_bcol(&label, &bytes),
        None => Err(format!("{label}: neither TCOL nor BCOL").into()),
    }
}

fn read_bcol(label: &str, bytes: &[u8]) -> Result<(), Box<dyn Error>> {
    // LENIENT also reads the material offsets Grit's own converter writes wrongly.
    let file = Bcol::parse(bytes, bcol::Options::LENIENT)?;
    let label = format!("{label} (BCOL, {} bytes)", bytes.len());
    summarise(&label, &file.attributes(), file.shapes(), file.trimesh());
    report(file.lints()); // what LENIENT repaired comes first (`file.tolerated()` alone)
    Ok(())
}

/// TCOL and BCOL hand out the same views, so one function prints both.
fn summarise(label: &str, body: &Attributes, shapes: Shapes<'_>, trimesh: Option<Trimesh<'_>>) {
    if body.is_static {
        println!("{label}: static body");
    } else {
        let inertia = body
            .inertia
            .map_or("computed by the engine".into(), |i| format!("{i:?}"));
        println!("{label}: mass {} kg, inertia {inertia}", body.mass);
    }
    for (i, shape) in shapes.enumerate() {
        let (kind, material) = (shape.kind(), shape.material());
        match shape.margin() {
            Some(margin) => println!("  shape {i}: {kind} {material:?}, margin {margin}"),
            None => println!("  shape {i}: {kind} {material:?}"),
        }
    }
    if let Some(mesh) = trimesh {
        let (v, f) = (mesh.vertex_count(), mesh.face_count());
        println!("  trimesh: vertices {v}, faces {f}, margin {}", mesh.margin);
    }
}

fn report<L: Display>(lints: impl Iterator<Item = L>) {
    let count = lints.inspect(|lint| println!("  warning: {lint}")).count();
    println!("  lints: {count}");
}
