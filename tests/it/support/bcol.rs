//! Helpers shared by the BCOL tests (`grit::bcol_*`): value generators, a TCOL
//! text generator covering every shape kind, bit-exact views of bodies, the
//! header's field offsets, and the engine converter's two material offset bugs
//! applied to a correct file (docs/formats/grit.md).

use std::fmt::Write as _;

use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::{
    Attributes, Shape, ShapeKind, Shapes, Trimesh,
    tcol::{Options as TcolOptions, Tcol},
};

use super::bytes::{bits, set_u32_checked, u32_at_checked};
use super::rng::Rng;

// ---------------------------------------------------------------- generator

/// The BCOL tests' float values, drawn from [`Rng`].
pub trait Reals {
    /// Any finite float, edge cases now and then.
    fn real(&mut self) -> f32;
    fn non_negative(&mut self) -> f32;
    fn positive(&mut self) -> f32;
}

impl Reals for Rng {
    fn real(&mut self) -> f32 {
        match self.below(8) {
            0 => loop {
                let v = f32::from_bits(self.next() as u32);
                if v.is_finite() {
                    break v;
                }
            },
            1 => self.pick(&[
                0.0,
                -0.0,
                1.0,
                f32::MAX,
                f32::MIN,
                f32::MIN_POSITIVE,
                f32::from_bits(1),
                1e-7,
                16_777_217.0,
            ]),
            2 => self.below(1000) as f32,
            _ => (self.next() >> 40) as f32 / 1024.0 - 8192.0,
        }
    }
    fn non_negative(&mut self) -> f32 {
        self.real().abs()
    }
    fn positive(&mut self) -> f32 {
        loop {
            let v = self.non_negative();
            if v > 0.0 {
                break v;
            }
        }
    }
}

/// How materials are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Materials {
    /// From a small pool: many shared.
    Shared,
    /// A new name for every use.
    Distinct,
}

const POOL: [&str; 6] = [
    "/common/pmat/Stone",
    "Wood",
    "",
    "a\nb",
    "Ünïcødé ✓",
    "/common/pmat/PolishedWood",
];

struct Gen<'r> {
    rng: &'r mut Rng,
    materials: Materials,
    used: usize,
}

impl Gen<'_> {
    fn material(&mut self) -> String {
        self.used += 1;
        match self.materials {
            Materials::Shared => self.rng.pick(&POOL).to_string(),
            Materials::Distinct => format!("/m/{}-{}", self.used, "x".repeat(self.rng.below(5))),
        }
    }
    fn real(&mut self) -> String {
        format!("{:?}", self.rng.real())
    }
    fn reals(&mut self, n: usize) -> String {
        (0..n).map(|_| self.real()).collect::<Vec<_>>().join(" ")
    }
    fn non_negative(&mut self) -> String {
        format!("{:?}", self.rng.non_negative())
    }
}

/// What a generated body should contain.
#[derive(Clone, Copy, Debug)]
pub struct Recipe {
    pub is_static: bool,
    pub shapes: usize,
    /// `None`: no trimesh; `Some(faces)`.
    pub trimesh: Option<usize>,
    pub materials: Materials,
}

impl Recipe {
    pub fn random(rng: &mut Rng) -> Self {
        Recipe {
            is_static: rng.one_in(2),
            shapes: rng.below(9),
            trimesh: if rng.one_in(3) {
                None
            } else {
                Some(1 + rng.below(12))
            },
            materials: if rng.one_in(2) {
                Materials::Shared
            } else {
                Materials::Distinct
            },
        }
    }
}

/// A valid TCOL file for the recipe, in no particular shape order (kinds are
/// interleaved), every optional property sometimes given.
pub fn tcol_text(rng: &mut Rng, recipe: Recipe) -> String {
    let mut g = Gen {
        rng,
        materials: recipe.materials,
        used: 0,
    };
    let mut t = String::from("TCOL1.0\nattributes {");
    if recipe.is_static {
        t += " static;";
    } else {
        let _ = write!(t, " mass {:?};", g.rng.positive());
    }
    if g.rng.one_in(2) {
        let _ = write!(t, " inertia {};", g.reals(3));
    }
    for name in ["linear_damping", "angular_damping"] {
        if g.rng.one_in(2) {
            let _ = write!(t, " {name} {};", g.non_negative());
        }
    }
    for name in [
        "linear_sleep_threshold",
        "angular_sleep_threshold",
        "ccd_motion_threshold",
        "ccd_swept_sphere_radius",
    ] {
        if g.rng.one_in(2) {
            let _ = write!(t, " {name} {};", g.real());
        }
    }
    t += " }\n";
    if recipe.shapes > 0 || recipe.trimesh.is_none() || g.rng.one_in(2) {
        t += "compound {\n";
        for _ in 0..recipe.shapes {
            t += &shape_text(&mut g);
        }
        t += "}\n";
    }
    if let Some(faces) = recipe.trimesh {
        t += "trimesh {";
        if g.rng.one_in(2) {
            let name = if recipe.is_static {
                "edge_distance_threshold"
            } else {
                "margin"
            };
            let _ = write!(t, " {name} {};", g.non_negative());
        }
        let vertices = 3 + g.rng.below(6);
        t += " vertexes {";
        for _ in 0..vertices {
            let _ = write!(t, " {};", g.reals(3));
        }
        t += " } faces {";
        for _ in 0..faces {
            let [a, b, c] = [0; 3].map(|_| g.rng.below(vertices));
            let m = g.material();
            let _ = write!(t, " {a} {b} {c} \"{m}\";");
        }
        t += " } }\n";
    }
    t
}

fn shape_text(g: &mut Gen<'_>) -> String {
    let mut t = String::new();
    let margin = |g: &mut Gen<'_>, t: &mut String| {
        if g.rng.one_in(2) {
            let _ = write!(t, " margin {};", g.non_negative());
        }
    };
    let orientation = |g: &mut Gen<'_>, t: &mut String| {
        if g.rng.one_in(2) {
            let _ = write!(t, " orientation {};", g.reals(4));
        }
    };
    match g.rng.below(6) {
        0 => {
            let m = g.material();
            let _ = write!(t, "hull {{ material \"{m}\";");
            margin(g, &mut t);
            if g.rng.one_in(3) {
                t += " shrink 0;";
            }
            t += " vertexes {";
            for _ in 0..g.rng.below(6) {
                let _ = write!(t, " {};", g.reals(3));
            }
            t += " } }\n";
        }
        k @ (1 | 2) => {
            let m = g.material();
            let name = if k == 1 { "box" } else { "cylinder" };
            let _ = write!(t, "{name} {{ material \"{m}\";");
            margin(g, &mut t);
            let _ = write!(t, " centre {};", g.reals(3));
            orientation(g, &mut t);
            let _ = writeln!(t, " dimensions {}; }}", g.reals(3));
        }
        3 => {
            let m = g.material();
            let _ = write!(t, "cone {{ material \"{m}\";");
            margin(g, &mut t);
            let _ = write!(
                t,
                " centre {}; radius {}; height {};",
                g.reals(3),
                g.real(),
                g.real()
            );
            orientation(g, &mut t);
            t += " }\n";
        }
        4 => {
            let m = g.material();
            let _ = writeln!(
                t,
                "plane {{ material \"{m}\"; normal {}; distance {}; }}",
                g.reals(3),
                g.real()
            );
        }
        _ => {
            let m = g.material();
            let _ = writeln!(
                t,
                "sphere {{ material \"{m}\"; centre {}; radius {}; }}",
                g.reals(3),
                g.real()
            );
        }
    }
    t
}

// ---------------------------------------------------------------- writing

/// The body as BCOL, through `required_len` and `write` (the length checked
/// against the bound).
pub fn to_bcol(
    attributes: &Attributes,
    shapes: Shapes<'_>,
    trimesh: Option<Trimesh<'_>>,
) -> Vec<u8> {
    let bound =
        bcol::required_len(attributes, shapes.clone(), trimesh.clone()).expect("required_len");
    let mut out = vec![0xAA; bound];
    let len = bcol::write(attributes, shapes, trimesh, &mut out).expect("write");
    assert!(len <= bound, "{len} > {bound}");
    out.truncate(len);
    out
}

pub fn tcol_to_bcol(tcol: &Tcol<'_>) -> Vec<u8> {
    to_bcol(&tcol.attributes(), tcol.shapes(), tcol.trimesh())
}

pub fn bcol_to_bcol(file: &Bcol<'_>) -> Vec<u8> {
    to_bcol(&file.attributes(), file.shapes(), file.trimesh())
}

pub fn parse_tcol(text: &[u8]) -> Tcol<'_> {
    Tcol::parse(text, TcolOptions::STRICT)
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(text)))
}

// ---------------------------------------------------------------- bit-exact views

/// Attributes with every float as its bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeBits {
    pub is_static: bool,
    pub mass: u32,
    pub inertia: Option<[u32; 3]>,
    pub rest: [u32; 6],
}

pub fn attribute_bits(a: &Attributes) -> AttributeBits {
    AttributeBits {
        is_static: a.is_static,
        mass: a.mass.to_bits(),
        inertia: a.inertia.map(bits),
        rest: bits([
            a.linear_damping,
            a.angular_damping,
            a.linear_sleep_threshold,
            a.angular_sleep_threshold,
            a.ccd_motion_threshold,
            a.ccd_swept_sphere_radius,
        ]),
    }
}

/// A shape with every float as its bits, in field order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeBits {
    pub kind: ShapeKind,
    pub material: String,
    pub fields: Vec<u32>,
    pub vertices: Vec<[u32; 3]>,
}

pub fn shape_bits(shape: &Shape<'_>) -> ShapeBits {
    let (fields, vertices): (Vec<f32>, Vec<[u32; 3]>) = match shape.clone() {
        Shape::Hull {
            margin,
            shrink,
            vertices,
            ..
        } => (vec![margin, shrink], vertices.map(bits).collect()),
        Shape::Box(b) | Shape::Cylinder(b) => {
            let mut f = vec![b.margin];
            f.extend(b.centre);
            f.extend(b.orientation);
            f.extend(b.dimensions);
            (f, vec![])
        }
        Shape::Cone {
            margin,
            centre,
            orientation,
            radius,
            height,
            ..
        } => {
            let mut f = vec![margin];
            f.extend(centre);
            f.extend(orientation);
            f.extend([radius, height]);
            (f, vec![])
        }
        Shape::Plane {
            normal, distance, ..
        } => {
            let mut f = normal.to_vec();
            f.push(distance);
            (f, vec![])
        }
        Shape::Sphere { centre, radius, .. } => {
            let mut f = centre.to_vec();
            f.push(radius);
            (f, vec![])
        }
        _ => unreachable!("a new shape kind: {shape:?}"),
    };
    ShapeBits {
        kind: shape.kind(),
        material: shape.material().to_string(),
        fields: fields.into_iter().map(f32::to_bits).collect(),
        vertices,
    }
}

/// Shapes grouped by kind in BCOL stored order, each kind in its given order.
pub fn by_kind<'a>(shapes: impl Iterator<Item = Shape<'a>>) -> Vec<ShapeBits> {
    let mut all: Vec<ShapeBits> = shapes.map(|s| shape_bits(&s)).collect();
    all.sort_by_key(|s| bcol::STORED_ORDER.iter().position(|&k| k == s.kind));
    all
}

/// A trimesh with every float as its bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrimeshBits {
    pub margin: u32,
    pub edge_distance_threshold: u32,
    pub vertices: Vec<[u32; 3]>,
    pub faces: Vec<([u32; 3], String)>,
}

pub fn trimesh_bits(t: Option<Trimesh<'_>>) -> Option<TrimeshBits> {
    t.map(|t| {
        let vertices: Vec<_> = t.vertices().map(bits).collect();
        let faces: Vec<_> = t
            .faces()
            .map(|f| (f.indices, f.material.to_string()))
            .collect();
        assert_eq!(vertices.len(), t.vertex_count());
        assert_eq!(faces.len(), t.face_count());
        TrimeshBits {
            margin: t.margin.to_bits(),
            edge_distance_threshold: t.edge_distance_threshold.to_bits(),
            vertices,
            faces,
        }
    })
}

/// The BCOL reading of a TCOL body: shapes grouped by kind, and no trimesh
/// when it has no faces (the engine builds none).
pub fn expected_from_tcol(tcol: &Tcol<'_>) -> (AttributeBits, Vec<ShapeBits>, Option<TrimeshBits>) {
    let trimesh = trimesh_bits(tcol.trimesh()).filter(|t| !t.faces.is_empty());
    (
        attribute_bits(&tcol.attributes()),
        by_kind(tcol.shapes()),
        trimesh,
    )
}

pub fn views_of_bcol(file: &Bcol<'_>) -> (AttributeBits, Vec<ShapeBits>, Option<TrimeshBits>) {
    (
        attribute_bits(&file.attributes()),
        file.shapes().map(|s| shape_bits(&s)).collect(),
        trimesh_bits(file.trimesh()),
    )
}

// ---------------------------------------------------------------- raw fields

/// Header byte offsets (docs/formats/grit.md).
pub mod at {
    pub const MASS: usize = 8;
    pub const INERTIA_PROVIDED: usize = 12;
    pub const INERTIA: usize = 16;
    pub const LINEAR_DAMPING: usize = 28;
    pub const ANGULAR_DAMPING: usize = 32;
    pub const LINEAR_SLEEP: usize = 36;
    pub const ANGULAR_SLEEP: usize = 40;
    pub const CCD_MOTION: usize = 44;
    pub const CCD_RADIUS: usize = 48;
    pub const HULLS: usize = 52;
    pub const BOXES: usize = 60;
    pub const CYLINDERS: usize = 68;
    pub const CONES: usize = 76;
    pub const PLANES: usize = 84;
    pub const SPHERES: usize = 92;
    pub const CAPSULES: usize = 100;
    pub const TRIMESH_MARGIN: usize = 108;
    pub const EDGE_DISTANCE: usize = 112;
    pub const VERTICES: usize = 116;
    pub const FACES: usize = 124;
}

/// Rewrites a correct file's hull material offsets as Grit's converter
/// stores them: `stored = absolute − vertex_offset`. (Stops quietly at the end
/// of a damaged file.)
pub fn grit_hull_bug(bytes: &mut [u8]) {
    let _ = (|| {
        let (count, offset) = (
            u32_at_checked(bytes, at::HULLS)?,
            u32_at_checked(bytes, at::HULLS + 4)?,
        );
        for i in 0..count as usize {
            let hull = (offset as usize).checked_add(16usize.checked_mul(i)?)?;
            let absolute = (hull as u32).wrapping_add(u32_at_checked(bytes, hull)?);
            let vertex_offset = u32_at_checked(bytes, hull.checked_add(12)?)?;
            set_u32_checked(bytes, hull, absolute.wrapping_sub(vertex_offset))?;
        }
        Some(())
    })();
}

/// Rewrites a correct file's box material offsets as Grit's converter stores
/// them: measured from the first hull instead of each box, 16 × hulls too far.
pub fn grit_box_bug(bytes: &mut [u8]) {
    let _ = (|| {
        let hulls = u32_at_checked(bytes, at::HULLS)?;
        let (count, offset) = (
            u32_at_checked(bytes, at::BOXES)?,
            u32_at_checked(bytes, at::BOXES + 4)?,
        );
        for i in 0..count as usize {
            let record = (offset as usize).checked_add(48usize.checked_mul(i)?)?;
            let stored = u32_at_checked(bytes, record)?;
            set_u32_checked(bytes, record, stored.wrapping_add(hulls.wrapping_mul(16)))?;
        }
        Some(())
    })();
}
