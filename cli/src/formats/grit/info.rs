//! `zerocol info` for Grit TCOL and BCOL: the text's lines or the binary layout, the
//! attributes, each shape on one line, the trimesh's counts and bounds, the materials
//! used, the lints and (with `--lenient`) what was tolerated or repaired.

use std::borrow::ToOwned;
use std::collections::BTreeMap;
use std::format;
use std::io::{self, Write};
use std::string::{String, ToString};
use std::vec::Vec;

use zerocol::grit::bcol::{Bcol, HEADER_LEN, Section};
use zerocol::grit::{Attributes, BoxLike, Flavour, Shape, Shapes, Trimesh};

use super::{Body, File, contents, count, motion, name, read};
use crate::tool::Verdict;

/// Lints printed before a "… N more" line.
const MAX_LINTS: usize = 20;
/// Materials printed before a "… N more" line.
const MAX_MATERIALS: usize = 20;

/// Prints a summary of a TCOL or BCOL file. A malformed file prints its first line
/// only; the error is the library's message, which starts with `line L, column C`
/// (TCOL) or the byte offset (BCOL).
pub(crate) fn info(
    out: &mut impl Write,
    label: &str,
    bytes: &[u8],
    flavour: Flavour,
    lenient: bool,
) -> io::Result<Verdict> {
    let mode = if lenient { "lenient" } else { "strict" };
    writeln!(
        out,
        "{label}: {}, {} bytes ({mode})",
        name(flavour),
        bytes.len()
    )?;
    let body = match read(bytes, flavour, lenient) {
        Ok(body) => body,
        Err(error) => return Ok(Verdict::Malformed(error)),
    };
    match &body.file {
        File::Tcol(_) => writeln!(out, "  text: {}", line_ends(bytes))?,
        File::Bcol(file) => write_layout(out, file)?,
    }
    write_body(out, &body, lenient)?;
    Ok(Verdict::Ok)
}

/// How many lines and which line ends.
fn line_ends(bytes: &[u8]) -> String {
    let lf = bytes.iter().filter(|&&b| b == b'\n').count();
    let crlf = bytes.windows(2).filter(|w| *w == b"\r\n").count();
    let lines = if bytes.last() == Some(&b'\n') || bytes.is_empty() {
        lf
    } else {
        lf.saturating_add(1)
    };
    let ends = match (crlf, lf) {
        (_, 0) => "no line ends".to_owned(),
        (0, _) => "LF line ends".to_owned(),
        (c, l) if c == l => "CRLF line ends".to_owned(),
        (c, l) => format!("mixed line ends ({c} CRLF, {} LF)", l.saturating_sub(c)),
    };
    format!("{lines} lines, {ends}")
}

/// Where each section of a BCOL file lies, and its string table.
fn write_layout(out: &mut impl Write, file: &Bcol<'_>) -> io::Result<()> {
    let h = file.header();
    writeln!(
        out,
        "  header: {HEADER_LEN} bytes, mass field {:?}, inertia_provided {}",
        h.mass.get(),
        h.inertia_provided.get()
    )?;
    let hull_vertices = (0..file.hulls().len())
        .map(|i| file.hull_vertices(i).len())
        .fold(0usize, usize::saturating_add);
    let sections = [
        (Section::Hulls, file.hulls().len()),
        (Section::Boxes, file.boxes().len()),
        (Section::Cylinders, file.cylinders().len()),
        (Section::Cones, file.cones().len()),
        (Section::Planes, file.planes().len()),
        (Section::Spheres, file.spheres().len()),
        (Section::Vertices, file.trimesh_vertices().len()),
        (Section::Faces, file.trimesh_faces().len()),
    ];
    for (section, n) in sections {
        if n == 0 {
            writeln!(out, "  {section}: 0")?;
        } else {
            let at = file.section_offset(section);
            writeln!(out, "  {section}: {n} at byte {at} (0x{at:x})")?;
        }
    }
    writeln!(out, "  hull vertices: {hull_vertices}")?;
    let table = file.string_table();
    let at = file.string_table_offset();
    writeln!(
        out,
        "  string table at byte {at} (0x{at:x}): {} bytes, {} strings",
        table.len(),
        table.iter().filter(|&&b| b == 0).count()
    )
}

/// Everything after the header line, shared by both encodings.
fn write_body(out: &mut impl Write, body: &Body<'_>, lenient: bool) -> io::Result<()> {
    writeln!(
        out,
        "  body: {}, {}",
        motion(&body.attributes),
        contents(body)
    )?;
    write_attributes(out, &body.attributes)?;
    if body.has_compound {
        writeln!(out, "  compound: {}", kinds(body.shapes()))?;
    } else {
        writeln!(out, "  compound: none")?;
    }
    for (i, shape) in body.shapes().enumerate() {
        writeln!(out, "  shape {i}: {}", describe(&shape))?;
    }
    match &body.trimesh {
        Some(mesh) => write_trimesh(out, mesh)?,
        None => writeln!(out, "  trimesh: none")?,
    }
    write_materials(out, body)?;
    write_list(out, "lints", "warning", &body.lints(), MAX_LINTS)?;
    if lenient {
        let title = match body.file {
            File::Tcol(_) => "tolerated",
            File::Bcol(_) => "repaired",
        };
        write_list(out, title, title, &body.warnings(), usize::MAX)?;
    }
    Ok(())
}

fn write_attributes(out: &mut impl Write, a: &Attributes) -> io::Result<()> {
    match a.inertia {
        Some(inertia) => writeln!(out, "  inertia: {inertia:?}")?,
        None => writeln!(out, "  inertia: computed by the engine")?,
    }
    writeln!(
        out,
        "  damping: linear {:?}, angular {:?}; sleep thresholds: linear {:?}, angular {:?}",
        a.linear_damping, a.angular_damping, a.linear_sleep_threshold, a.angular_sleep_threshold
    )?;
    writeln!(
        out,
        "  ccd: motion threshold {:?}, swept sphere radius {:?}",
        a.ccd_motion_threshold, a.ccd_swept_sphere_radius
    )
}

/// `4 shapes (1 hull, 2 boxes, …)`, kinds in first-seen order.
fn kinds(shapes: Shapes<'_>) -> String {
    let total = shapes.len();
    let mut counts: Vec<(String, usize)> = Vec::new();
    for shape in shapes {
        let kind = shape.kind().to_string();
        match counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n = n.saturating_add(1),
            None => counts.push((kind, 1)),
        }
    }
    if counts.is_empty() {
        return "0 shapes (an empty block)".to_owned();
    }
    let list: Vec<String> = counts.iter().map(|(k, n)| count(*n, k)).collect();
    format!("{} ({})", count(total, "shape"), list.join(", "))
}

/// One line for a shape: its kind, material and every value.
fn describe(shape: &Shape<'_>) -> String {
    match shape {
        Shape::Hull {
            material,
            margin,
            shrink,
            vertices,
        } => {
            let count = vertices.len();
            let bounds = match bounds(vertices.clone()) {
                Some((min, max)) => format!("; bounds min {min:?}, max {max:?}"),
                None => String::new(),
            };
            format!(
                "hull, material {material:?}, margin {margin:?}, shrink {shrink:?}, {count} vertices{bounds}"
            )
        }
        Shape::Box(b) => box_like("box", b),
        Shape::Cylinder(b) => {
            let [x, _, z] = b.dimensions;
            format!(
                "{} (radius {:?}, height {z:?} along local Z)",
                box_like("cylinder", b),
                x / 2.0
            )
        }
        Shape::Cone {
            material,
            margin,
            centre,
            orientation,
            radius,
            height,
        } => format!(
            "cone, material {material:?}, margin {margin:?}, centre {centre:?}, orientation {orientation:?} (w x y z), radius {radius:?}, height {height:?}"
        ),
        Shape::Plane {
            material,
            normal,
            distance,
        } => format!("plane, material {material:?}, normal {normal:?}, distance {distance:?}"),
        Shape::Sphere {
            material,
            centre,
            radius,
        } => format!("sphere, material {material:?}, centre {centre:?}, radius {radius:?}"),
        // The library's shapes are `#[non_exhaustive]`.
        _ => "a shape this version of zerocol does not describe".to_owned(),
    }
}

/// `box, material …, dimensions […]`: what a box and a cylinder both say.
fn box_like(kind: &str, b: &BoxLike<'_>) -> String {
    let BoxLike {
        material,
        margin,
        centre,
        orientation,
        dimensions,
    } = b;
    format!(
        "{kind}, material {material:?}, margin {margin:?}, centre {centre:?}, orientation {orientation:?} (w x y z), dimensions {dimensions:?}"
    )
}

/// The box around some points; `None` without any.
fn bounds(points: impl Iterator<Item = [f32; 3]>) -> Option<([f32; 3], [f32; 3])> {
    points.fold(None, |acc, p| {
        let (mut min, mut max) = acc.unwrap_or((p, p));
        for ((lo, hi), v) in min.iter_mut().zip(max.iter_mut()).zip(p) {
            *lo = lo.min(v);
            *hi = hi.max(v);
        }
        Some((min, max))
    })
}

fn write_trimesh(out: &mut impl Write, mesh: &Trimesh<'_>) -> io::Result<()> {
    writeln!(
        out,
        "  trimesh: {} vertices, {} faces, margin {:?}, edge distance threshold {:?}",
        mesh.vertex_count(),
        mesh.face_count(),
        mesh.margin,
        mesh.edge_distance_threshold
    )?;
    match bounds(mesh.vertices()) {
        Some((min, max)) => writeln!(out, "  trimesh bounds: min {min:?}, max {max:?}"),
        None => writeln!(out, "  trimesh bounds: none (no vertices)"),
    }
}

/// Each material with the shapes and faces that use it, in name order, and
/// whether the engine resolves it against the file's directory.
fn write_materials(out: &mut impl Write, body: &Body<'_>) -> io::Result<()> {
    let mut uses: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for shape in body.shapes() {
        let (shapes, _) = uses.entry(shape.material()).or_default();
        *shapes = shapes.saturating_add(1);
    }
    if let Some(mesh) = &body.trimesh {
        for face in mesh.faces() {
            let (_, faces) = uses.entry(face.material).or_default();
            *faces = faces.saturating_add(1);
        }
    }
    if uses.is_empty() {
        return writeln!(out, "  materials: none");
    }
    writeln!(out, "  materials: {}", uses.len())?;
    for (name, (shapes, faces)) in uses.iter().take(MAX_MATERIALS) {
        let mut users = Vec::new();
        if *shapes > 0 {
            users.push(format!(
                "{shapes} shape{}",
                if *shapes == 1 { "" } else { "s" }
            ));
        }
        if *faces > 0 {
            users.push(format!(
                "{faces} face{}",
                if *faces == 1 { "" } else { "s" }
            ));
        }
        let relative = if name.starts_with('/') {
            ""
        } else {
            ", relative to the file's directory"
        };
        writeln!(out, "  material {name:?}: {}{relative}", users.join(", "))?;
    }
    if uses.len() > MAX_MATERIALS {
        writeln!(
            out,
            "  … {} more materials (zerocol dump lists every use)",
            uses.len().saturating_sub(MAX_MATERIALS)
        )?;
    }
    Ok(())
}

/// `TITLE: none`, or `TITLE: N` and one `PREFIX: item` line each, at most `max`.
fn write_list(
    out: &mut impl Write,
    title: &str,
    prefix: &str,
    items: &[String],
    max: usize,
) -> io::Result<()> {
    if items.is_empty() {
        return writeln!(out, "  {title}: none");
    }
    writeln!(out, "  {title}: {}", items.len())?;
    for item in items.iter().take(max) {
        writeln!(out, "  {prefix}: {item}")?;
    }
    if items.len() > max {
        writeln!(
            out,
            "  … {} more (zerocol dump lists them all)",
            items.len().saturating_sub(max)
        )?;
    }
    Ok(())
}
