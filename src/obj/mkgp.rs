//! An MKGP course as OBJ: the floor triangles grouped by surface type, the walls
//! extruded upwards, and the secondary grid's triangle walls.

use core::fmt::{self, Write};

use super::{Mtl, Obj, Summary};
use crate::math::add;
use crate::mkgp::{Course, SurfaceType};

/// How far walls are extruded up (+Y), in the course's units: walls are edges,
/// with no height of their own.
pub const WALL_HEIGHT: f32 = 1.0;

/// A floor material: a named surface type, or `other` for surface flags whose
/// low 16 bits are not one of them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Floor {
    Type(SurfaceType),
    Other,
}

impl Floor {
    /// Every floor material, in the order they are written.
    fn all() -> impl Iterator<Item = Self> {
        SurfaceType::ALL
            .into_iter()
            .map(Self::Type)
            .chain([Self::Other])
    }

    /// The colour key: the type's bit, 0 for `other`.
    fn key(self) -> u32 {
        match self {
            Self::Type(t) => u32::from(t.bit()),
            Self::Other => 0,
        }
    }

    /// A bit of its own, to gather which materials occur in one pass: the type's
    /// bit, the one above them for `other`.
    fn mask(self) -> u32 {
        match self {
            Self::Type(t) => u32::from(t.bit()),
            Self::Other => 0x1_0000,
        }
    }
}

impl fmt::Display for Floor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // `metal grid` → `metal_grid` (names hold no spaces).
            Self::Type(t) => t.name().split(' ').enumerate().try_for_each(|(i, word)| {
                if i > 0 {
                    f.write_char('_')?;
                }
                f.write_str(word)
            }),
            Self::Other => f.write_str("other"),
        }
    }
}

/// The key of a wall material (above every surface bit).
const WALL_KEY: u32 = 0x1_0000;
/// The key of a triangle wall material.
const TRIANGLE_WALL_KEY: u32 = 0x2_0000;

/// Writes `course` as OBJ to `obj` and its materials to `mtl`; `mtllib` is the
/// name the OBJ gives its material library.
///
/// Three objects: `floor` (every triangle of every cell, a group per surface type;
/// a triangle stored in several cells is written once per cell, as the file
/// stores it), `walls` (each wall a quad from its two ends up [`WALL_HEIGHT`]) and
/// `triangle_walls` (the secondary grid), each left out when empty. The only
/// error is one of the writers'.
pub fn mkgp<O, M>(
    course: &Course<'_>,
    obj: &mut O,
    mtl: &mut M,
    mtllib: Option<&str>,
) -> Result<Summary, fmt::Error>
where
    O: Write + ?Sized,
    M: Write + ?Sized,
{
    let floor_of =
        |flags: crate::mkgp::SurfaceFlags| flags.surface_type().map_or(Floor::Other, Floor::Type);
    let triangles = || {
        course.cells().flat_map(|cell| {
            cell.triangles()
                .iter()
                .map(crate::mkgp::raw::Triangle::decode)
        })
    };
    let walls = || course.cells().flat_map(|cell| cell.walls().iter());
    let triangle_walls = || {
        course
            .wall_cells()
            .flat_map(|cell| cell.triangle_walls().iter())
    };
    // The floor materials that occur, in one walk of the grid.
    let present = triangles().fold(0u32, |mask, t| mask | floor_of(t.flags).mask());
    let floors = || Floor::all().filter(move |f| present & f.mask() != 0);

    let mut mtl = Mtl::new(mtl, "a Mario Kart Arcade GP DX course")?;
    for floor in floors() {
        mtl.material(floor, floor.key())?;
    }
    let has_walls = walls().next().is_some();
    if has_walls {
        mtl.material("wall", WALL_KEY)?;
    }
    let has_triangle_walls = triangle_walls().next().is_some();
    if has_triangle_walls {
        mtl.material("triangle_wall", TRIANGLE_WALL_KEY)?;
    }

    let mut out = Obj::new(obj, "a Mario Kart Arcade GP DX course", 'Y', mtllib)?;
    if present != 0 {
        out.object("floor")?;
        for floor in floors() {
            out.material(floor)?;
            for t in triangles().filter(|t| floor_of(t.flags) == floor) {
                out.triangle(t.vertices)?;
            }
        }
    }
    if has_walls {
        out.object("walls")?;
        out.material("wall")?;
        let up = [0.0, WALL_HEIGHT, 0.0];
        for wall in walls() {
            let w = wall.decode();
            out.quad([w.p1, w.p2, add(w.p2, up), add(w.p1, up)])?;
        }
    }
    if has_triangle_walls {
        out.object("triangle_walls")?;
        out.material("triangle_wall")?;
        for wall in triangle_walls() {
            out.triangle(wall.decode().vertices)?;
        }
    }
    Ok(out.finish(&mtl))
}
