//! Grit bodies: [`TcolFile`] (canonical TCOL text, from the TCOL printer) and
//! [`BcolFile`] (BCOL, from [`bcol::write`](crate::grit::bcol::write)), both
//! written from one owned description, a [`GritBody`].
//!
//! Both writers take the same input (attributes, shapes, an optional trimesh),
//! so both files describe themselves with the same type. A body is drawn valid
//! for TCOL by construction (finite values, non-negative margins, dampings and
//! masses, materials without `"` or NUL, face indices modulo the vertex count,
//! a static body's trimesh margin 0 and a dynamic body's default edge
//! threshold); a [`BcolFile`] holds what BCOL reads back of it
//! ([`GritBody::bcol_reading`]).
//!
//! The writers take views ([`Shape`], [`Trimesh`]), which borrow a parsed file;
//! to get views of an owned body, the generator writes it as plain TCOL text
//! (every property spelled out, every number to nine significant digits, which
//! read back to the same `f32`) and parses that with [`Options::STRICT`]. The
//! file itself is then written by the project's writer from those views.

use std::string::String;
use std::vec::Vec;

use core::fmt::Write as _;

use arbitrary::{Arbitrary, Unstructured};

mod draw;

use super::Generated;
use crate::grit::bcol::{self, STORED_ORDER};
use crate::grit::{
    Attributes, BoxLike, DEFAULT_ANGULAR_DAMPING, DEFAULT_ANGULAR_SLEEP_THRESHOLD,
    DEFAULT_CCD_MOTION_THRESHOLD, DEFAULT_CCD_SWEPT_SPHERE_RADIUS, DEFAULT_LINEAR_DAMPING,
    DEFAULT_LINEAR_SLEEP_THRESHOLD, DEFAULT_SHRINK, Shape, ShapeKind, Trimesh,
    tcol::{Options, Tcol},
};
use draw::{non_negative, or_default, real, shape, trimesh, vec3};

/// Most shapes a drawn body has.
const MAX_SHAPES: usize = 24;
/// Most vertices a drawn hull has.
const MAX_HULL_VERTICES: usize = 16;
/// Most trimesh vertices a drawn body has.
const MAX_TRIMESH_VERTICES: usize = 64;
/// Most trimesh faces a drawn body has.
const MAX_FACES: usize = 96;

/// An owned shape of a body's compound: [`Shape`] with owned strings and
/// vertices.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GritShape {
    /// Convex hull of its vertices.
    Hull {
        /// Physical material.
        material: String,
        /// Collision margin.
        margin: f32,
        /// How far the engine moves the faces inwards (BCOL has none: 0).
        shrink: f32,
        /// The vertices.
        vertices: Vec<[f32; 3]>,
    },
    /// Box.
    Box(GritBoxLike),
    /// Z-aligned cylinder.
    Cylinder(GritBoxLike),
    /// Cone pointing to +Z.
    Cone {
        /// Physical material.
        material: String,
        /// Collision margin.
        margin: f32,
        /// Centre.
        centre: [f32; 3],
        /// Orientation, `w x y z`.
        orientation: [f32; 4],
        /// Base radius.
        radius: f32,
        /// Height.
        height: f32,
    },
    /// Infinite plane `normal · x = distance`.
    Plane {
        /// Physical material.
        material: String,
        /// Normal as written.
        normal: [f32; 3],
        /// Distance from the origin along the normal.
        distance: f32,
    },
    /// Sphere.
    Sphere {
        /// Physical material.
        material: String,
        /// Centre.
        centre: [f32; 3],
        /// Radius.
        radius: f32,
    },
}

/// What an owned box and cylinder hold: [`BoxLike`] with an owned material.
#[derive(Clone, Debug, PartialEq)]
pub struct GritBoxLike {
    /// Physical material.
    pub material: String,
    /// Collision margin.
    pub margin: f32,
    /// Centre.
    pub centre: [f32; 3],
    /// Orientation, `w x y z`.
    pub orientation: [f32; 4],
    /// Full extents along local x, y, z.
    pub dimensions: [f32; 3],
}

/// An owned trimesh face.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GritFace {
    /// Vertex indices, each below the vertex count.
    pub indices: [u32; 3],
    /// Physical material.
    pub material: String,
}

/// An owned trimesh: [`Trimesh`] with its lists collected.
#[derive(Clone, Debug, PartialEq)]
pub struct GritTrimesh {
    /// Collision margin (0 for a static body).
    pub margin: f32,
    /// Edge distance threshold (the default for a dynamic body).
    pub edge_distance_threshold: f32,
    /// The vertices.
    pub vertices: Vec<[f32; 3]>,
    /// The faces.
    pub faces: Vec<GritFace>,
}

/// An owned Grit body: what [`TcolFile`] and [`BcolFile`] are written from,
/// and what their parsers must read back.
///
/// `PartialEq` compares floats as values (`-0.0 == 0.0`); compare the `Debug`
/// text as well to tell the zeros apart.
///
/// ```
/// use zerocol::generate::{GritBody, GritShape, TcolFile, Generated};
/// use zerocol::grit::Attributes;
/// use zerocol::grit::tcol::{Options, Tcol};
///
/// let body = GritBody {
///     attributes: Attributes::STATIC,
///     shapes: vec![GritShape::Sphere { material: "Stone".into(), centre: [0.0; 3], radius: 1.0 }],
///     trimesh: None,
/// };
/// let file = TcolFile::new(body.clone()).ok_or("the printer refused it")?;
/// let tcol = Tcol::parse(file.bytes(), Options::STRICT)?;
/// assert_eq!(GritBody::from_views(tcol.attributes(), tcol.shapes(), tcol.trimesh()), body);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GritBody {
    /// The attributes, defaults applied.
    pub attributes: Attributes,
    /// The compound's shapes, in order.
    pub shapes: Vec<GritShape>,
    /// The trimesh, if any.
    pub trimesh: Option<GritTrimesh>,
}

impl GritShape {
    /// The owned copy of a view's shape.
    pub fn from_view(shape: &Shape<'_>) -> Self {
        let boxed = |b: BoxLike<'_>| GritBoxLike {
            material: b.material.into(),
            margin: b.margin,
            centre: b.centre,
            orientation: b.orientation,
            dimensions: b.dimensions,
        };
        match shape.clone() {
            Shape::Hull {
                material,
                margin,
                shrink,
                vertices,
            } => Self::Hull {
                material: material.into(),
                margin,
                shrink,
                vertices: vertices.collect(),
            },
            Shape::Box(b) => Self::Box(boxed(b)),
            Shape::Cylinder(b) => Self::Cylinder(boxed(b)),
            Shape::Cone {
                material,
                margin,
                centre,
                orientation,
                radius,
                height,
            } => Self::Cone {
                material: material.into(),
                margin,
                centre,
                orientation,
                radius,
                height,
            },
            Shape::Plane {
                material,
                normal,
                distance,
            } => Self::Plane {
                material: material.into(),
                normal,
                distance,
            },
            Shape::Sphere {
                material,
                centre,
                radius,
            } => Self::Sphere {
                material: material.into(),
                centre,
                radius,
            },
        }
    }

    /// Which kind.
    pub const fn kind(&self) -> ShapeKind {
        match self {
            Self::Hull { .. } => ShapeKind::Hull,
            Self::Box(_) => ShapeKind::Box,
            Self::Cylinder(_) => ShapeKind::Cylinder,
            Self::Cone { .. } => ShapeKind::Cone,
            Self::Plane { .. } => ShapeKind::Plane,
            Self::Sphere { .. } => ShapeKind::Sphere,
        }
    }
}

impl GritTrimesh {
    /// The owned copy of a view's trimesh.
    pub fn from_view(trimesh: &Trimesh<'_>) -> Self {
        Self {
            margin: trimesh.margin,
            edge_distance_threshold: trimesh.edge_distance_threshold,
            vertices: trimesh.vertices().collect(),
            faces: trimesh
                .faces()
                .map(|f| GritFace {
                    indices: f.indices,
                    material: f.material.into(),
                })
                .collect(),
        }
    }
}

impl GritBody {
    /// The owned copy of a body's views (from a [`Tcol`] or a
    /// [`Bcol`](crate::grit::bcol::Bcol)).
    pub fn from_views<'a>(
        attributes: Attributes,
        shapes: impl IntoIterator<Item = Shape<'a>>,
        trimesh: Option<Trimesh<'_>>,
    ) -> Self {
        Self {
            attributes,
            shapes: shapes
                .into_iter()
                .map(|s| GritShape::from_view(&s))
                .collect(),
            trimesh: trimesh.as_ref().map(GritTrimesh::from_view),
        }
    }

    /// What a BCOL file written from this body reads back as: the shapes
    /// grouped by kind in [`STORED_ORDER`] (each kind in its order), a hull's
    /// shrink as 0 (BCOL has none; the writer refuses any other than ±0), and
    /// no trimesh unless it has faces (the reader, as the engine, builds one
    /// only then).
    pub fn bcol_reading(&self) -> Self {
        let mut shapes = self.shapes.clone();
        shapes.sort_by_key(|s| STORED_ORDER.iter().position(|&k| k == s.kind()));
        for shape in &mut shapes {
            if let GritShape::Hull { shrink, .. } = shape {
                *shrink = DEFAULT_SHRINK;
            }
        }
        Self {
            attributes: self.attributes,
            shapes,
            trimesh: self.trimesh.clone().filter(|t| !t.faces.is_empty()),
        }
    }

    /// The body as plain TCOL text, every property spelled out: what the
    /// generator parses to get views for the writers.
    fn source(&self) -> Option<String> {
        let mut s = String::from("TCOL1.0\nattributes {\n");
        let a = &self.attributes;
        if a.is_static {
            s.push_str("static;\n");
        } else {
            reals(&mut s, "mass", &[a.mass])?;
        }
        if let Some(inertia) = a.inertia {
            reals(&mut s, "inertia", &inertia)?;
        }
        reals(&mut s, "linear_damping", &[a.linear_damping])?;
        reals(&mut s, "angular_damping", &[a.angular_damping])?;
        reals(
            &mut s,
            "linear_sleep_threshold",
            &[a.linear_sleep_threshold],
        )?;
        reals(
            &mut s,
            "angular_sleep_threshold",
            &[a.angular_sleep_threshold],
        )?;
        reals(&mut s, "ccd_motion_threshold", &[a.ccd_motion_threshold])?;
        reals(
            &mut s,
            "ccd_swept_sphere_radius",
            &[a.ccd_swept_sphere_radius],
        )?;
        s.push_str("}\ncompound {\n");
        for shape in &self.shapes {
            let (keyword, material) = match shape {
                GritShape::Hull { material, .. } => ("hull", material),
                GritShape::Box(b) => ("box", &b.material),
                GritShape::Cylinder(b) => ("cylinder", &b.material),
                GritShape::Cone { material, .. } => ("cone", material),
                GritShape::Plane { material, .. } => ("plane", material),
                GritShape::Sphere { material, .. } => ("sphere", material),
            };
            s.push_str(keyword);
            s.push_str(" {\n");
            string(&mut s, "material", material)?;
            match shape {
                GritShape::Hull {
                    margin,
                    shrink,
                    vertices,
                    ..
                } => {
                    reals(&mut s, "margin", &[*margin])?;
                    reals(&mut s, "shrink", &[*shrink])?;
                    vertex_list(&mut s, vertices)?;
                }
                GritShape::Box(b) | GritShape::Cylinder(b) => {
                    reals(&mut s, "margin", &[b.margin])?;
                    reals(&mut s, "centre", &b.centre)?;
                    reals(&mut s, "orientation", &b.orientation)?;
                    reals(&mut s, "dimensions", &b.dimensions)?;
                }
                GritShape::Cone {
                    margin,
                    centre,
                    orientation,
                    radius,
                    height,
                    ..
                } => {
                    reals(&mut s, "margin", &[*margin])?;
                    reals(&mut s, "centre", centre)?;
                    reals(&mut s, "orientation", orientation)?;
                    reals(&mut s, "radius", &[*radius])?;
                    reals(&mut s, "height", &[*height])?;
                }
                GritShape::Plane {
                    normal, distance, ..
                } => {
                    reals(&mut s, "normal", normal)?;
                    reals(&mut s, "distance", &[*distance])?;
                }
                GritShape::Sphere { centre, radius, .. } => {
                    reals(&mut s, "centre", centre)?;
                    reals(&mut s, "radius", &[*radius])?;
                }
            }
            s.push_str("}\n");
        }
        s.push_str("}\n");
        if let Some(t) = &self.trimesh {
            s.push_str("trimesh {\n");
            if a.is_static {
                reals(
                    &mut s,
                    "edge_distance_threshold",
                    &[t.edge_distance_threshold],
                )?;
            } else {
                reals(&mut s, "margin", &[t.margin])?;
            }
            vertex_list(&mut s, &t.vertices)?;
            s.push_str("faces {\n");
            for face in &t.faces {
                let [a, b, c] = face.indices;
                write!(s, "{a} {b} {c} ").ok()?;
                quoted(&mut s, &face.material)?;
                s.push_str(";\n");
            }
            s.push_str("}\n}\n");
        }
        Some(s)
    }

    /// Draws a body valid for TCOL (see the module docs).
    fn draw(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let is_static = u.ratio(1u8, 3u8)?;
        let mass = if is_static {
            0.0
        } else {
            let m = non_negative(u)?;
            if m == 0.0 { 1.0 } else { m }
        };
        let inertia = if u.ratio(1u8, 4u8)? {
            Some(vec3(u)?)
        } else {
            None
        };
        let attributes = Attributes {
            is_static,
            mass,
            inertia,
            linear_damping: or_default(u, DEFAULT_LINEAR_DAMPING, non_negative)?,
            angular_damping: or_default(u, DEFAULT_ANGULAR_DAMPING, non_negative)?,
            linear_sleep_threshold: or_default(u, DEFAULT_LINEAR_SLEEP_THRESHOLD, real)?,
            angular_sleep_threshold: or_default(u, DEFAULT_ANGULAR_SLEEP_THRESHOLD, real)?,
            ccd_motion_threshold: or_default(u, DEFAULT_CCD_MOTION_THRESHOLD, real)?,
            ccd_swept_sphere_radius: or_default(u, DEFAULT_CCD_SWEPT_SPHERE_RADIUS, real)?,
        };
        let n = u.int_in_range(0..=MAX_SHAPES)?;
        let mut shapes = Vec::with_capacity(n);
        for _ in 0..n {
            shapes.push(shape(u)?);
        }
        let trimesh = if u.ratio(1u8, 3u8)? {
            Some(trimesh(u, is_static)?)
        } else {
            None
        };
        Ok(Self {
            attributes,
            shapes,
            trimesh,
        })
    }
}

/// Writes `keyword` and reals to nine significant digits (which read back
/// to the same `f32`), `None` for a value TCOL cannot hold.
fn reals(s: &mut String, keyword: &str, values: &[f32]) -> Option<()> {
    s.push_str(keyword);
    for v in values {
        if !v.is_finite() {
            return None;
        }
        write!(s, " {v:.8e}").ok()?;
    }
    s.push_str(";\n");
    Some(())
}

fn quoted(s: &mut String, text: &str) -> Option<()> {
    if text.contains(['"', '\0']) {
        return None;
    }
    s.push('"');
    s.push_str(text);
    s.push('"');
    Some(())
}

fn string(s: &mut String, keyword: &str, text: &str) -> Option<()> {
    s.push_str(keyword);
    s.push(' ');
    quoted(s, text)?;
    s.push_str(";\n");
    Some(())
}

fn vertex_list(s: &mut String, vertices: &[[f32; 3]]) -> Option<()> {
    s.push_str("vertexes {\n");
    for v in vertices {
        for c in v {
            if !c.is_finite() {
                return None;
            }
            write!(s, "{c:.8e} ").ok()?;
        }
        s.push_str(";\n");
    }
    s.push_str("}\n");
    Some(())
}

/// A canonical TCOL file, printed by [`grit::tcol::print`](crate::grit::tcol::print) from a
/// [`GritBody`] it holds: [`Tcol::parse`] with [`Options::STRICT`] reads the
/// description back, bit for bit.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use zerocol::generate::{Generated, GritBody, TcolFile};
/// use zerocol::grit::tcol::{Options, Tcol};
///
/// # let fuzzer_bytes = [7u8; 512];
/// let file = TcolFile::arbitrary(&mut Unstructured::new(&fuzzer_bytes))?;
/// let tcol = Tcol::parse(file.bytes(), Options::STRICT)?;
/// let read = GritBody::from_views(tcol.attributes(), tcol.shapes(), tcol.trimesh());
/// assert_eq!(&read, file.description());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TcolFile {
    description: GritBody,
    bytes: Vec<u8>,
}

impl TcolFile {
    /// Prints `body` as canonical TCOL; `None` when TCOL cannot hold it (a
    /// value the printer refuses, such as NaN, a negative margin or a `"` in a
    /// material).
    pub fn new(body: GritBody) -> Option<Self> {
        let source = body.source()?;
        let tcol = Tcol::parse_str(&source, Options::STRICT).ok()?;
        let mut text = String::new();
        tcol.print(&mut text).ok()?;
        Some(Self {
            description: body,
            bytes: text.into_bytes(),
        })
    }
}

impl<'a> Arbitrary<'a> for TcolFile {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Self::new(GritBody::draw(u)?).ok_or(arbitrary::Error::IncorrectFormat)
    }
}

impl Generated for TcolFile {
    type Description = GritBody;

    fn description(&self) -> &GritBody {
        &self.description
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// A BCOL file, written by [`bcol::write`] from a [`GritBody`] it holds (as
/// BCOL reads it back: [`GritBody::bcol_reading`]):
/// [`Bcol::parse`](crate::grit::bcol::Bcol::parse) with
/// [`Options::STRICT`](bcol::Options::STRICT) reads the description back, bit
/// for bit.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use zerocol::generate::{BcolFile, Generated, GritBody};
/// use zerocol::grit::bcol::{Bcol, Options};
///
/// # let fuzzer_bytes = [7u8; 512];
/// let file = BcolFile::arbitrary(&mut Unstructured::new(&fuzzer_bytes))?;
/// let bcol = Bcol::parse(file.bytes(), Options::STRICT)?;
/// let read = GritBody::from_views(bcol.attributes(), bcol.shapes(), bcol.trimesh());
/// assert_eq!(&read, file.description());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BcolFile {
    description: GritBody,
    bytes: Vec<u8>,
}

impl BcolFile {
    /// Writes `body` as BCOL; `None` when the writer refuses it (a hull with a
    /// shrink other than ±0) or TCOL text cannot hold it (the generator reaches
    /// the writer through TCOL views: no NaN, negative margin or `"` in a
    /// material). The description is [`GritBody::bcol_reading`] of `body`.
    pub fn new(body: GritBody) -> Option<Self> {
        let shrinks = body
            .shapes
            .iter()
            .any(|s| matches!(s, GritShape::Hull { shrink, .. } if *shrink != 0.0));
        if shrinks {
            return None;
        }
        // What the reader gives back, written as such: a trimesh without faces is left
        // out, so the header holds the writer's defaults, as when the file is written
        // again from its views.
        let body = body.bcol_reading();
        let source = body.source()?;
        let tcol = Tcol::parse_str(&source, Options::STRICT).ok()?;
        let (attributes, shapes, trimesh) = (tcol.attributes(), tcol.shapes(), tcol.trimesh());
        let bound = bcol::required_len(&attributes, shapes.clone(), trimesh.clone()).ok()?;
        let mut bytes = std::vec![0; bound];
        let len = bcol::write(&attributes, shapes, trimesh, &mut bytes).ok()?;
        bytes.truncate(len);
        Some(Self {
            description: body,
            bytes,
        })
    }
}

impl<'a> Arbitrary<'a> for BcolFile {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut body = GritBody::draw(u)?;
        for shape in &mut body.shapes {
            if let GritShape::Hull { shrink, .. } = shape {
                if *shrink != 0.0 {
                    *shrink = DEFAULT_SHRINK;
                }
            }
        }
        Self::new(body).ok_or(arbitrary::Error::IncorrectFormat)
    }
}

impl Generated for BcolFile {
    type Description = GritBody;

    fn description(&self) -> &GritBody {
        &self.description
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}
