//! Mario Kart Arcade GP DX `COL` (`"format": "mkgp-col"`): `info`, `dump` and `check`.

mod dump;
mod info;

pub(crate) use dump::dump;
pub(crate) use info::info;
use std::format;
use std::string::{String, ToString};

use std::borrow::ToOwned;

use crate::tool::{Checked, Flags, Sample, Warning, options};

crate::tool::module_tool!(
    Mkgp,
    "`mkgp-col`: Mario Kart Arcade GP DX `COL` through [`Tool`](crate::tool::Tool).",
    ray,
    sample
);

/// What `--format mkgp-col` asks a file to be.
const NOUN: &str = "an MKGP course";

/// The MKGP DX course shown by `zerocol info` without a file, after the GTA sample.
const SAMPLE: Sample = Sample {
    label: "(embedded course sample)",
    bytes: include_bytes!("../../../samples/course.col"),
};

/// What an MKGP course looks like.
fn looks(_bytes: &[u8]) -> String {
    "a Mario Kart Arcade GP DX course (COL\\0)".to_owned()
}

/// `zerocol ray`: the nearest hit of `segment` (Y-up) over the course's ground
/// triangles (`"face"`) and triangle walls (`"wall"`), walking both grids through an
/// index; the index is the record's byte offset, the material the triangle's surface
/// flags or the triangle wall's flag, as a number.
pub(crate) fn ray(
    out: &mut dyn std::io::Write,
    bytes: &[u8],
    segment: zerocol::query::Segment,
    flags: Flags,
) -> std::io::Result<crate::tool::Verdict> {
    use zerocol::mkgp::{IndexedCourse, Surface};
    use zerocol::query::Query;
    let course = match Course::parse(bytes, options(flags.lenient)) {
        Ok(course) => course,
        Err(error) => return Ok(crate::tool::Verdict::Malformed(error.to_string())),
    };
    let n = usize::try_from(course.cell_count()).unwrap_or(usize::MAX);
    let (mut cells, mut walls) = (std::vec![0u32; n], std::vec![0u32; n]);
    let hit = match IndexedCourse::new(&course, &mut cells, &mut walls) {
        Ok(indexed) => indexed.cast(segment),
        Err(_) => course.cast(segment),
    };
    let hit = hit.map(|hit| {
        let material = match hit.material {
            Surface::Ground(flags) => i64::from(flags.0),
            Surface::Wall(flag) => i64::from(flag),
            // `Surface` is `#[non_exhaustive]`: a kind added later has no number here.
            _ => -1,
        };
        let zerocol::query::Hit {
            t,
            point,
            normal,
            primitive,
            index,
            ..
        } = hit;
        let hit = zerocol::query::Hit {
            t,
            point,
            normal,
            primitive,
            index,
            material,
        };
        crate::tool::RayHit::new(0, None, hit)
    });
    crate::tool::write_ray(out, hit)
}

use zerocol::mkgp::Course;

/// Record counts over a whole course.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    /// Triangle records (a triangle spanning several cells counts once per cell).
    triangles: usize,
    walls: usize,
    triangle_walls: usize,
    /// Primary cells with at least one triangle or wall.
    cells: usize,
    /// Secondary cells with at least one triangle wall.
    wall_cells: usize,
}

fn totals(course: &Course<'_>) -> Totals {
    let mut t = Totals::default();
    for cell in course.cells() {
        t.triangles = t.triangles.saturating_add(cell.triangles().len());
        t.walls = t.walls.saturating_add(cell.walls().len());
        if !cell.triangles().is_empty() || !cell.walls().is_empty() {
            t.cells = t.cells.saturating_add(1);
        }
    }
    for cell in course.wall_cells() {
        let n = cell.triangle_walls().len();
        t.triangle_walls = t.triangle_walls.saturating_add(n);
        if n > 0 {
            t.wall_cells = t.wall_cells.saturating_add(1);
        }
    }
    t
}

/// `zerocol check`: the text inside `ok (...)`, or the error for `error: ...`.
pub(crate) fn check(bytes: &[u8], flags: Flags) -> Result<Checked, String> {
    let lenient = flags.lenient;
    let course = Course::parse(bytes, options(lenient)).map_err(|error| error.to_string())?;
    let t = totals(&course);
    let warnings = course
        .lints()
        .map(|lint| Warning::at(lint.offset, lint))
        .collect();
    let summary = format!(
        "{}×{} grid, {} triangles, {} walls, {} triangle walls",
        course.width(),
        course.length(),
        t.triangles,
        t.walls,
        t.triangle_walls
    );
    Ok(Checked { summary, warnings })
}

/// `zerocol export`: the course as OBJ.
pub(crate) fn export(
    bytes: &[u8],
    flags: Flags,
    mtllib: &str,
) -> Result<crate::tool::Exported, crate::tool::Error> {
    let course = Course::parse(bytes, options(flags.lenient))
        .map_err(|e| crate::tool::Error::Malformed(e.to_string()))?;
    let warnings = course.tolerated().map(|lint| lint.to_string()).collect();
    crate::tool::exported(warnings, |obj, mtl| {
        zerocol::obj::mkgp(&course, obj, mtl, Some(mtllib))
    })
}
