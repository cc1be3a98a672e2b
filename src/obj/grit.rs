//! A Grit body (TCOL or BCOL) as OBJ: each shape of the compound an object, and the
//! trimesh, a group per material.

use core::fmt::{self, Write};

use arrayvec::ArrayVec as Vec;

use super::{HULL_CAP, Mtl, Obj, Summary, scale, unit, written_key};
use crate::grit::{Shape, Trimesh};
use crate::math::{add, cross, dot, sub};

/// The most distinct materials named in the `.mtl`; faces and shapes of any
/// further material go to the material `other_materials`.
pub const PALETTE_CAP: usize = 64;

/// The material of names past [`PALETTE_CAP`].
const OTHER: &str = "other_materials";

/// Half the side of the square a plane is drawn as, in metres.
const PLANE_HALF_SIZE: f32 = 50.0;

/// The material a name is written as: its palette entry, or `other_materials`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Material<'a> {
    Named(&'a str),
    Other,
}

/// Material names are written up to this many characters: names alike up to
/// there are one material (and comparing them stays cheap).
pub const NAME_CAP: usize = 256;

impl fmt::Display for Material<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        written(*self).try_for_each(|c| f.write_char(c))
    }
}

/// The characters a material's name is written as: cleaned (see
/// [`super::clean`]), at most [`NAME_CAP`] of them, `unnamed` for an empty name.
fn written(material: Material<'_>) -> impl Iterator<Item = char> + '_ {
    let name = match material {
        Material::Named("") => "unnamed",
        Material::Named(name) => name,
        Material::Other => OTHER,
    };
    name.chars().take(NAME_CAP).map(super::clean)
}

/// Whether two names are written alike: the same string (BCOL files share one
/// copy of each), or the same characters once written.
fn alike(a: &str, b: &str) -> bool {
    core::ptr::eq(a, b) || written(Material::Named(a)).eq(written(Material::Named(b)))
}

/// The distinct material names in order of appearance, up to [`PALETTE_CAP`].
/// Names that are written alike (`a b` and `a_b`) are one material.
struct Palette<'a> {
    names: Vec<&'a str, PALETTE_CAP>,
    overflow: bool,
}

impl<'a> Palette<'a> {
    /// The palette entry written like `name`.
    fn find(&self, name: &str) -> Option<&'a str> {
        self.names.iter().copied().find(|&n| alike(n, name))
    }

    fn insert(&mut self, name: &'a str) {
        if self.find(name).is_none() && self.names.try_push(name).is_err() {
            self.overflow = true;
        }
    }

    /// Whether `name` is written as `material`: one comparison for a named
    /// material, a search of the palette for `other_materials`.
    fn is(&self, name: &str, material: Material<'_>) -> bool {
        match material {
            Material::Named(entry) => {
                alike(entry, name) || (alike(entry, OTHER) && self.find(name).is_none())
            }
            Material::Other => self.find(name).is_none(),
        }
    }

    /// The materials to write: the entries, then `other_materials` for the names
    /// past [`PALETTE_CAP`] (unless an entry is written that way: then those
    /// names are written as it, and [`is`](Self::is) puts them there).
    fn iter(&self) -> impl Iterator<Item = Material<'a>> + '_ {
        let other = (self.overflow && self.find(OTHER).is_none()).then_some(Material::Other);
        self.names.iter().map(|&n| Material::Named(n)).chain(other)
    }
}

/// Writes a Grit body as OBJ to `obj` and its materials to `mtl`: `shapes` and
/// `trimesh` as [`Tcol`](crate::grit::tcol::Tcol) and [`Bcol`](crate::grit::bcol::Bcol)
/// hand them out ([`Shapes`](crate::grit::Shapes), or any iterator of shapes); `mtllib` is the name the OBJ gives its material library.
///
/// An object per shape of the compound, `compound/KIND/K` (`KIND` one of `box`,
/// `cylinder`, `cone`, `sphere`, `plane`, `hull`; `K` its index in the compound,
/// from 0) under the `usemtl` of its material, and `trimesh` (left out when
/// empty) with a group per material; a material name is written as given
/// (`unnamed` when empty). Trimesh faces are written in the file's order, which
/// Bullet reads counter-clockwise (its normal is `(b − a) × (c − a)`), as OBJ does.
/// Shapes are placed by their centre and orientation: boxes, cylinders (local Z,
/// radius `dimensions[0] / 2`) and cones (apex towards local +Z) centred on the
/// centre; spheres; planes (`n̂ · x = distance`, the normal normalised as Bullet
/// does) as a square of 100 m around the point of the plane nearest the origin;
/// hulls by the convex hull of their distinct points (of up to [`HULL_CAP`], within
/// the export's [`HULL_BUDGET`](super::HULL_BUDGET); others as points). Material
/// names are written up to [`NAME_CAP`] characters. The only error is one of the
/// writers'.
pub fn grit<'a, O, M>(
    shapes: impl Iterator<Item = Shape<'a>> + Clone,
    trimesh: Option<Trimesh<'a>>,
    obj: &mut O,
    mtl: &mut M,
    mtllib: Option<&str>,
) -> Result<Summary, fmt::Error>
where
    O: Write + ?Sized,
    M: Write + ?Sized,
{
    let mut palette = Palette {
        names: Vec::new(),
        overflow: false,
    };
    for shape in shapes.clone().filter(|s| !flat(s)) {
        palette.insert(shape.material());
    }
    if let Some(mesh) = &trimesh {
        for face in mesh.faces() {
            palette.insert(face.material);
        }
    }
    let mut mtl = Mtl::new(mtl, "a Grit collision body")?;
    for material in palette.iter() {
        mtl.material(material, written_key(material))?;
    }
    let mut out = Obj::new(obj, "a Grit collision body", 'Z', mtllib)?;
    for (k, shape) in shapes.enumerate() {
        if flat(&shape) {
            out.unshown();
            continue;
        }
        out.object(format_args!("compound/{}/{k}", kind(&shape)))?;
        let material = palette
            .iter()
            .find(|&m| palette.is(shape.material(), m))
            .unwrap_or(Material::Other);
        out.material(material)?;
        write_shape(&mut out, &shape)?;
    }
    if let Some(mesh) = trimesh.filter(|m| m.vertex_count() > 0 || m.face_count() > 0) {
        out.object("trimesh")?;
        let base = out.base();
        for v in mesh.vertices() {
            out.vertex(v)?;
        }
        let number = |i: u32| base.saturating_add(u64::from(i)).saturating_add(1);
        for material in palette.iter() {
            let mut mine = mesh
                .faces()
                .filter(|f| palette.is(f.material, material))
                .peekable();
            if mine.peek().is_none() {
                continue;
            }
            out.material(material)?;
            for face in mine {
                out.face(face.indices.map(number))?;
            }
        }
    }
    Ok(out.finish(&mtl))
}

/// A plane whose normal has no direction: it is not written.
fn flat(shape: &Shape<'_>) -> bool {
    matches!(*shape, Shape::Plane { normal, .. } if unit(normal).is_none())
}

/// A shape's kind, as its object's name gives it.
const fn kind(shape: &Shape<'_>) -> &'static str {
    match shape {
        Shape::Box(_) => "box",
        Shape::Cylinder(_) => "cylinder",
        Shape::Cone { .. } => "cone",
        Shape::Sphere { .. } => "sphere",
        Shape::Plane { .. } => "plane",
        Shape::Hull { .. } => "hull",
    }
}

/// `v` rotated by the quaternion `w x y z` (normalised first; one without a
/// direction is the identity).
fn rotate(q: [f32; 4], v: [f32; 3]) -> [f32; 3] {
    let [w, x, y, z] = q;
    let length = libm::sqrtf(w * w + x * x + y * y + z * z);
    if !(length > 0.0 && length.is_finite()) {
        return v;
    }
    let (w, u) = (w / length, scale([x, y, z], 1.0 / length));
    // v + 2w (u × v) + 2 u × (u × v)
    let t = scale(cross(u, v), 2.0);
    add(add(v, scale(t, w)), cross(u, t))
}

fn write_shape<W: Write + ?Sized>(out: &mut Obj<'_, W>, shape: &Shape<'_>) -> fmt::Result {
    match *shape {
        Shape::Box(b) => {
            let half = scale(b.dimensions, 0.5);
            let place = |p| add(rotate(b.orientation, p), b.centre);
            out.cuboid(scale(half, -1.0), half, place)
        }
        Shape::Cylinder(b) => {
            let [width, _, height] = b.dimensions;
            let place = |p| add(rotate(b.orientation, p), b.centre);
            out.cylinder(width * 0.5, height * -0.5, height * 0.5, place)
        }
        Shape::Cone {
            centre,
            orientation,
            radius,
            height,
            ..
        } => {
            let place = |p| add(rotate(orientation, p), centre);
            out.cone(radius, height * -0.5, height * 0.5, place)
        }
        Shape::Sphere { centre, radius, .. } => out.sphere(centre, radius),
        Shape::Plane {
            normal, distance, ..
        } => {
            let Some(n) = unit(normal) else {
                out.unshown();
                return Ok(());
            };
            // `n̂ · x = distance` with the normal normalised, as Bullet's plane
            // shape takes it: the point nearest the origin is n̂ × distance.
            let centre = scale(n, distance);
            let [x, y, z] = n.map(f32::abs);
            let helper = if x <= y && x <= z {
                [1.0, 0.0, 0.0]
            } else if y <= z {
                [0.0, 1.0, 0.0]
            } else {
                [0.0, 0.0, 1.0]
            };
            let Some(t1) = unit(cross(n, helper)) else {
                out.unshown();
                return Ok(());
            };
            let t2 = cross(n, t1);
            let corner = |a: f32, b: f32| {
                add(
                    centre,
                    add(
                        scale(t1, a * PLANE_HALF_SIZE),
                        scale(t2, b * PLANE_HALF_SIZE),
                    ),
                )
            };
            out.quad([
                corner(-1.0, -1.0),
                corner(1.0, -1.0),
                corner(1.0, 1.0),
                corner(-1.0, 1.0),
            ])
        }
        Shape::Hull { ref vertices, .. } => {
            // The distinct points (a repeated one would make repeated faces).
            let mut points: Vec<[f32; 3], HULL_CAP> = Vec::new();
            let mut full = false;
            for v in vertices.clone() {
                let bits = v.map(f32::to_bits);
                if points.iter().all(|p| p.map(f32::to_bits) != bits) {
                    full |= points.try_push(v).is_err();
                }
            }
            // C(n, 3) triangles, each tested against up to n points.
            let n = u64::try_from(points.len()).unwrap_or(u64::MAX);
            let cost = n.saturating_mul(n).saturating_mul(n).saturating_mul(n) / 6;
            if full || !out.spend(cost) {
                out.unshown();
                let base = out.base();
                let mut number = base;
                for v in vertices.clone() {
                    number = out.vertex(v)?;
                }
                let count = number.saturating_sub(base);
                for i in 1..=count {
                    out.point(base.saturating_add(i))?;
                }
                return Ok(());
            }
            hull(out, &points)
        }
    }
}

/// The convex hull of `points` by brute force: every triangle of them with no
/// point in front of it is a face (outwards), and of the triangles of a face
/// with more than three coplanar points, only the fan from its lowest-numbered
/// point between neighbouring points, so no face is covered twice.
fn hull<W: Write + ?Sized>(out: &mut Obj<'_, W>, points: &[[f32; 3]]) -> fmt::Result {
    let base = out.base();
    for &p in points {
        out.vertex(p)?;
    }
    // A tolerance for "in the plane": relative to the hull's size (the largest
    // side of its box).
    let (lo, hi) = points.iter().fold(
        ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]),
        |(lo, hi), &p| {
            (
                crate::math::zip3(lo, p, f32::min),
                crate::math::zip3(hi, p, f32::max),
            )
        },
    );
    let [x, y, z] = sub(hi, lo);
    let tolerance = x.max(y).max(z) * 1e-5;
    let number = |i: usize| {
        base.saturating_add(u64::try_from(i).unwrap_or(u64::MAX))
            .saturating_add(1)
    };
    for (i, &a) in points.iter().enumerate() {
        for (j, &b) in points.iter().enumerate().skip(i.saturating_add(1)) {
            for (k, &c) in points.iter().enumerate().skip(j.saturating_add(1)) {
                let Some(normal) = unit(cross(sub(b, a), sub(c, a))) else {
                    continue;
                };
                let side = |p: [f32; 3]| dot(normal, sub(p, a));
                // Most triangles have points on both sides: stop at the second side.
                let (mut front, mut behind) = (false, false);
                for &p in points {
                    let d = side(p);
                    front |= d > tolerance;
                    behind |= d < -tolerance;
                    if front && behind {
                        break;
                    }
                }
                let lowest = || !points.iter().take(i).any(|&p| side(p).abs() <= tolerance);
                if (front && behind) || !lowest() {
                    continue;
                }
                // Outwards: the side with no points (either, for a flat hull).
                let (normal, b, c, jb, kc) = if front {
                    (scale(normal, -1.0), c, b, k, j)
                } else {
                    (normal, b, c, j, k)
                };
                // A coplanar point strictly between the rays a→b and a→c makes
                // this triangle one the fan does not use.
                let between = points.iter().enumerate().any(|(m, &q)| {
                    m != i
                        && m != jb
                        && m != kc
                        && side(q).abs() <= tolerance
                        && dot(cross(sub(b, a), sub(q, a)), normal) > 0.0
                        && dot(cross(sub(q, a), sub(c, a)), normal) > 0.0
                });
                if !between {
                    out.face([number(i), number(jb), number(kc)])?;
                }
            }
        }
    }
    Ok(())
}
