//! The `mkgp-col` JSON of `docs/dump.md`, streamed.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks. Pad floats are not printed.
//!
//! The course is parsed (and so checked) whole first; then its cells, their records
//! and the lints go from the file's bytes to the writer as they are serialized.

use std::io::{self, Write};
use std::string::ToString;

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use zerocol::mkgp::{Cell, Course, Vec3, WallCell, Xz};

use crate::tool::{Flags, Seq, Verdict, options, write_dump};

/// The whole document.
struct Dump<'a> {
    course: Course<'a>,
    lenient: bool,
}

impl Serialize for Dump<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let course = &self.course;
        let h = course.grid();
        let mut doc = serializer.serialize_struct("Dump", 7)?;
        doc.serialize_field("format", "mkgp-col")?;
        // The u32 after the magic.
        doc.serialize_field("version", &h.version)?;
        doc.serialize_field(
            "grid",
            &GridJson {
                width: h.width,
                length: h.length,
                cell_size: h.cell_size,
                min: h.min,
                max: h.max,
                neg_min: h.neg_min,
                secondary_offset: course.secondary_offset(),
            },
        )?;
        // W × L entries each, file order.
        doc.serialize_field("cells", &Seq(|| course.cells().map(CellJson)))?;
        doc.serialize_field("wall_cells", &Seq(|| course.wall_cells().map(WallCellJson)))?;
        // Every consistency check the geometry fails (an addition to `docs/dump.md`).
        doc.serialize_field(
            "lints",
            &Seq(|| course.lints().map(|lint| lint.to_string())),
        )?;
        if self.lenient {
            // What `--lenient` let through also becomes a warning.
            doc.serialize_field(
                "warnings",
                &Seq(|| course.tolerated().map(|lint| lint.to_string())),
            )?;
        }
        doc.end()
    }
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

/// A primary cell: `index`, then its column and row (`index = z × W + x`) and the
/// file offset of its counts (additions to `docs/dump.md`), then its records.
struct CellJson<'a>(Cell<'a>);

impl Serialize for CellJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cell = &self.0;
        let mut json = serializer.serialize_struct("CellJson", 6)?;
        json.serialize_field("index", &cell.index())?;
        json.serialize_field("x", &cell.x())?;
        json.serialize_field("z", &cell.z())?;
        json.serialize_field("offset", &cell.offset())?;
        json.serialize_field(
            "triangles",
            &Seq(|| {
                cell.triangles().iter().map(|t| {
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
            }),
        )?;
        json.serialize_field(
            "walls",
            &Seq(|| {
                cell.walls().iter().map(|w| {
                    let w = w.decode();
                    WallJson {
                        min: w.min,
                        max: w.max,
                        p1: w.p1,
                        p2: w.p2,
                    }
                })
            }),
        )?;
        json.end()
    }
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

/// A secondary cell: `index`, the file offset of its count (an addition to
/// `docs/dump.md`), its triangle walls.
struct WallCellJson<'a>(WallCell<'a>);

impl Serialize for WallCellJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cell = &self.0;
        let mut json = serializer.serialize_struct("WallCellJson", 3)?;
        json.serialize_field("index", &cell.index())?;
        json.serialize_field("offset", &cell.offset())?;
        json.serialize_field(
            "triangle_walls",
            &Seq(|| {
                cell.triangle_walls().iter().map(|w| {
                    let w = w.decode();
                    TriangleWallJson {
                        flag: w.flag,
                        vertices: w.vertices,
                    }
                })
            }),
        )?;
        json.end()
    }
}

#[derive(Serialize, Debug)]
struct TriangleWallJson {
    flag: i32,
    vertices: [Vec3; 3],
}

/// `zerocol dump`: the whole course as JSON on `out`; a malformed course writes
/// nothing, and its message is the library's, which starts with the byte offset.
pub(crate) fn dump(out: &mut dyn Write, bytes: &[u8], flags: Flags) -> io::Result<Verdict> {
    let lenient = flags.lenient;
    let course = Course::parse(bytes, options(lenient)).map_err(|error| error.to_string());
    write_dump(out, course.map(|course| Dump { course, lenient }))
}
