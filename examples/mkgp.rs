//! Summarises a Mario Kart Arcade GP DX course (`COL\0`): the grid, its record
//! counts, the first ground triangle, the ground under the grid's centre, and lints.
//!
//! `cargo run --example mkgp -- FILE` (defaults to the shipped `samples/course.col`).

use std::error::Error;
use std::path::PathBuf;
use std::process::ExitCode;

use zerocol::mkgp::{Course, Options};

/// Lints printed in full; the rest are counted.
const SHOWN_LINTS: usize = 5;

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
        None => include_bytes!("../samples/course.col").to_vec(),
    };
    let label = path.map_or("samples/course.col".into(), |p| p.display().to_string());
    let course = Course::parse(&bytes, Options::STRICT)?;
    let (h, len) = (course.grid(), bytes.len());
    println!("{label}: {len} bytes, version 0x{:08x}", h.version);
    let ([w, l], [sx, sz]) = ([h.width, h.length], h.cell_size);
    println!(
        "grid: {w} x {l} cells of {sx} x {sz}, from {:?} to {:?}",
        h.min, h.max
    );

    let triangles: usize = course.cells().map(|c| c.triangles().len()).sum();
    let walls: usize = course.cells().map(|c| c.walls().len()).sum();
    let tri_walls: usize = course.wall_cells().map(|c| c.triangle_walls().len()).sum();
    println!("records: {triangles} stored triangles, {walls} walls, {tri_walls} triangle walls");
    if let Some(busiest) = course.cells().max_by_key(|c| c.triangles().len()) {
        let (x, z, n) = (busiest.x(), busiest.z(), busiest.triangles().len());
        println!("busiest cell: ({x}, {z}) with {n} triangles");
    }
    if let Some(first) = course.cells().find_map(|c| c.triangles().first()) {
        let t = first.decode();
        let surface = t.flags.surface_type().map_or("unknown", |s| s.name());
        let (vertices, normal) = (t.vertices, t.normal);
        println!("first triangle: {vertices:?}, normal {normal:?}, surface {surface}");
    }

    // O(1) ground queries need W x L entries of caller storage.
    let mut storage = vec![0u32; usize::try_from(course.cell_count())?];
    let index = course.index(&mut storage)?;
    let (x, z) = (
        f32::midpoint(h.min[0], h.max[0]),
        f32::midpoint(h.min[1], h.max[1]),
    );
    match index.ground_height(x, z) {
        Some(g) => println!("ground at ({x}, {z}): height {}", g.height),
        None => println!("ground at ({x}, {z}): none"),
    }

    for lint in course.lints().take(SHOWN_LINTS) {
        println!("warning: {lint}");
    }
    match course.lints().count() {
        n if n > SHOWN_LINTS => println!("lints: {n} (the first {SHOWN_LINTS} shown)"),
        n => println!("lints: {n}"),
    }
    Ok(())
}
