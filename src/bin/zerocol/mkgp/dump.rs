//! The `mkgp-col` JSON of `docs/dump.md`.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks. Pad floats are not printed.

use serde::Serialize;
use zerocol::mkgp::{Cell, Course, Vec3, WallCell, Xz};

use crate::tool::{Flags, options};

/// The whole document.
#[derive(Serialize, Debug)]
pub struct Dump {
    format: &'static str,
    /// The u32 after the magic.
    version: u32,
    grid: GridJson,
    /// W × L entries, file order.
    cells: Vec<CellJson>,
    /// W × L entries, file order.
    wall_cells: Vec<WallCellJson>,
    /// Every consistency check the geometry fails (an addition to `docs/dump.md`).
    lints: Vec<String>,
    /// `--lenient` only: what the lenient rules let through.
    #[serde(skip_serializing_if = "Option::is_none")]
    warnings: Option<Vec<String>>,
}

#[derive(Serialize, Debug)]
struct GridJson {
    width: u32,
    length: u32,
    cell_size: Xz,
    min: Xz,
    max: Xz,
    neg_min: Xz,
    /// File offset of the secondary (triangle wall) grid (an addition to `docs/dump.md`).
    secondary_offset: usize,
}

#[derive(Serialize, Debug)]
struct CellJson {
    index: u32,
    /// Column and row (`index = z × W + x`) and the file offset of the cell's
    /// counts (additions to `docs/dump.md`).
    x: u32,
    z: u32,
    offset: usize,
    triangles: Vec<TriangleJson>,
    walls: Vec<WallJson>,
}

#[derive(Serialize, Debug)]
struct TriangleJson {
    min: Xz,
    max: Xz,
    vertices: [Vec3; 3],
    edges: [Vec3; 3],
    neighbours: u32,
    flags: u32,
    normal: Vec3,
    d: f32,
}

#[derive(Serialize, Debug)]
struct WallJson {
    min: Vec3,
    max: Vec3,
    p1: Vec3,
    p2: Vec3,
}

#[derive(Serialize, Debug)]
struct WallCellJson {
    index: u32,
    /// File offset of the cell's count (an addition to `docs/dump.md`).
    offset: usize,
    triangle_walls: Vec<TriangleWallJson>,
}

#[derive(Serialize, Debug)]
struct TriangleWallJson {
    flag: i32,
    vertices: [Vec3; 3],
}

/// Reads the whole course; the error message is the library's, which starts with
/// the byte offset.
pub fn dump(bytes: &[u8], flags: Flags) -> Result<Dump, String> {
    let lenient = flags.lenient;
    let course = Course::parse(bytes, options(lenient)).map_err(|error| error.to_string())?;
    let h = course.grid();
    let mut lints = Vec::new();
    let mut warnings = Vec::new();
    for lint in course.lints() {
        // What `--lenient` let through also becomes a warning.
        if lint.is_tolerated() {
            warnings.push(lint.to_string());
        }
        lints.push(lint.to_string());
    }
    Ok(Dump {
        format: "mkgp-col",
        version: h.version,
        grid: GridJson {
            width: h.width,
            length: h.length,
            cell_size: h.cell_size,
            min: h.min,
            max: h.max,
            neg_min: h.neg_min,
            secondary_offset: course.secondary_offset(),
        },
        cells: course.cells().map(|c| cell_json(&c)).collect(),
        wall_cells: course.wall_cells().map(|c| wall_cell_json(&c)).collect(),
        lints,
        warnings: lenient.then_some(warnings),
    })
}

fn cell_json(cell: &Cell<'_>) -> CellJson {
    CellJson {
        index: cell.index(),
        x: cell.x(),
        z: cell.z(),
        offset: cell.offset(),
        triangles: cell
            .triangles()
            .iter()
            .map(|t| {
                let t = t.decode();
                TriangleJson {
                    min: t.min,
                    max: t.max,
                    vertices: t.vertices,
                    edges: t.edges,
                    neighbours: t.neighbours,
                    flags: t.flags.0,
                    normal: t.normal,
                    d: t.d,
                }
            })
            .collect(),
        walls: cell
            .walls()
            .iter()
            .map(|w| {
                let w = w.decode();
                WallJson {
                    min: w.min,
                    max: w.max,
                    p1: w.p1,
                    p2: w.p2,
                }
            })
            .collect(),
    }
}

fn wall_cell_json(cell: &WallCell<'_>) -> WallCellJson {
    WallCellJson {
        index: cell.index(),
        offset: cell.offset(),
        triangle_walls: cell
            .triangle_walls()
            .iter()
            .map(|w| {
                let w = w.decode();
                TriangleWallJson {
                    flag: w.flag,
                    vertices: w.vertices,
                }
            })
            .collect(),
    }
}
