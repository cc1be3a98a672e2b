//! `zerocol info` for MKGP DX `COL`: the header, record totals, a map of the grid,
//! the surface types used and the lints.

use std::borrow::ToOwned;
use std::collections::BTreeMap;
use std::format;
use std::io::{self, Write};
use std::string::{String, ToString};
use std::vec::Vec;

use zerocol::mkgp::{Course, SurfaceFlags, VERSION};

use super::totals;
use crate::tool::Verdict;
use crate::tool::options;
use crate::tool::{Flags, write_lints};

/// Grids of at most this many cells each way get a table of per-cell counts.
const TABLE_MAX: u32 = 16;
/// Grids of at most this many cells along X get a one-character-per-cell map.
const MAP_MAX_WIDTH: u32 = 160;
/// Rows printed before a "… N more rows" line.
const MAP_MAX_ROWS: usize = 200;

/// Prints a summary of the course. A malformed file prints its first line only;
/// the error is the library's message, which starts with the byte offset.
pub(crate) fn info(
    out: &mut impl Write,
    label: &str,
    bytes: &[u8],
    flags: Flags,
) -> io::Result<Verdict> {
    let lenient = flags.lenient;
    let mode = if lenient { "lenient" } else { "strict" };
    writeln!(out, "{label}: mkgp-col, {} bytes ({mode})", bytes.len())?;
    let course = match Course::parse(bytes, options(lenient)) {
        Ok(course) => course,
        Err(error) => return Ok(Verdict::Malformed(error.to_string())),
    };
    let h = course.grid();
    let refused = if h.version == VERSION {
        ""
    } else {
        " (not 0x20120816: the game refuses this file)"
    };
    writeln!(out, "  version: 0x{:08x}{refused}", h.version)?;
    let [size_x, size_z] = h.cell_size;
    writeln!(
        out,
        "  grid: {} × {} cells (W × L), each {size_x:?} × {size_z:?} (X × Z)",
        h.width, h.length
    )?;
    writeln!(
        out,
        "  AABB: min {:?}, max {:?}, negated min {:?}",
        h.min, h.max, h.neg_min
    )?;
    let at = course.secondary_offset();
    writeln!(
        out,
        "  secondary (triangle wall) grid at byte {at} (0x{at:x})"
    )?;
    let t = totals(&course);
    writeln!(
        out,
        "  triangles {}, walls {}, triangle walls {}",
        t.triangles, t.walls, t.triangle_walls
    )?;
    let cells = course.cell_count();
    writeln!(
        out,
        "  non-empty cells: {} of {cells} with triangles or walls, {} of {cells} with triangle walls",
        t.cells, t.wall_cells
    )?;
    write_surfaces(out, &course)?;
    write_grid(out, &course)?;
    write_lints(out, course.lints())?;
    Ok(Verdict::Ok)
}

/// Triangle records per surface type, in bit order; flags that are not exactly
/// one known type are listed by their low 16 bits.
fn write_surfaces(out: &mut impl Write, course: &Course<'_>) -> io::Result<()> {
    let mut counts: BTreeMap<u16, usize> = BTreeMap::new();
    for cell in course.cells() {
        for triangle in cell.triangles() {
            let bits = triangle.decode().flags.surface_bits();
            let n = counts.entry(bits).or_insert(0);
            *n = n.saturating_add(1);
        }
    }
    if counts.is_empty() {
        return writeln!(out, "  surface types: none (no triangles)");
    }
    let list: Vec<String> = counts
        .iter()
        .map(
            |(&bits, n)| match SurfaceFlags(u32::from(bits)).surface_type() {
                Some(surface) => format!("{surface} {n}"),
                None => format!("0x{bits:04x} (not one known type) {n}"),
            },
        )
        .collect();
    writeln!(out, "  surface types: {}", list.join(", "))
}

/// Per-cell counts in file order: triangles, walls, triangle walls.
fn cell_counts(course: &Course<'_>) -> Vec<[usize; 3]> {
    course
        .cells()
        .zip(course.wall_cells())
        .map(|(cell, walls)| {
            [
                cell.triangles().len(),
                cell.walls().len(),
                walls.triangle_walls().len(),
            ]
        })
        .collect()
}

/// A table of per-cell counts for small grids, a one-character map for wider
/// ones, nothing past [`MAP_MAX_WIDTH`].
fn write_grid(out: &mut impl Write, course: &Course<'_>) -> io::Result<()> {
    let (width, length) = (course.width(), course.length());
    if width > MAP_MAX_WIDTH {
        return writeln!(
            out,
            "  map omitted: the grid is wider than {MAP_MAX_WIDTH} cells"
        );
    }
    let counts = cell_counts(course);
    let row_len = usize::try_from(width).unwrap_or(1).max(1);
    let label_width = length.saturating_sub(1).to_string().len();
    let table = width <= TABLE_MAX && length <= TABLE_MAX;
    let cells: Vec<String> = counts
        .iter()
        .map(|&[t, c, u]| {
            if table {
                if t == 0 && c == 0 && u == 0 {
                    ".".to_owned()
                } else {
                    format!("{t}/{c}/{u}")
                }
            } else {
                String::from(map_char(t, c, u))
            }
        })
        .collect();
    if table {
        writeln!(
            out,
            "  cells (triangles/walls/triangle walls, . empty; row z = 0 first, x left to right):"
        )?;
    } else {
        writeln!(
            out,
            "  map (triangles per cell: . empty, - walls only, 1-9, * 10 or more; row z = 0 first):"
        )?;
    }
    let column = cells.iter().map(String::len).max().unwrap_or(1);
    let mut rows = cells.chunks(row_len);
    for (z, row) in rows.by_ref().take(MAP_MAX_ROWS).enumerate() {
        let line: Vec<String> = row
            .iter()
            .map(|cell| {
                if table {
                    format!("{cell:>column$}")
                } else {
                    cell.clone()
                }
            })
            .collect();
        let separator = if table { " " } else { "" };
        writeln!(out, "    z {z:>label_width$}: {}", line.join(separator))?;
    }
    let more = rows.count();
    if more > 0 {
        writeln!(out, "    … {more} more rows")?;
    }
    Ok(())
}

/// One character for a cell of the map.
fn map_char(triangles: usize, walls: usize, triangle_walls: usize) -> char {
    match triangles {
        0 if walls == 0 && triangle_walls == 0 => '.',
        0 => '-',
        1..=9 => u32::try_from(triangles)
            .ok()
            .and_then(|n| char::from_digit(n, 10))
            .unwrap_or('*'),
        _ => '*',
    }
}
