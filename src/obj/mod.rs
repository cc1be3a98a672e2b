//! Wavefront OBJ export of every format, to look at a file in Blender or any 3D tool
//! ([`crate::guide::obj`]).
//!
//! Each format has one function that writes an OBJ document and its `.mtl` material
//! library to two [`core::fmt::Write`]s: [`gta`], [`mkgp`], [`battleforge`] and
//! [`grit`]. None allocates; a format with unbounded material names (Grit) keeps its
//! palette in an `arrayvec::ArrayVec`.
//!
//! What every export has in common:
//! - coordinates are written as the file stores them, in its own up axis (GTA and
//!   Grit: Z up; MKGP and BattleForge: Y up), which a `# up axis` comment states;
//!   a NaN or infinite coordinate is written as 0 and counted in
//!   [`Summary::non_finite`];
//! - every kind of shape is its own `o` object, which an importer tells apart by
//!   name (Blender keeps `o` objects and drops `g` groups): `MODEL/faces`,
//!   `MODEL/sphere/K`, `MODEL/box/K`, `MODEL/lines`, `MODEL/shadow` for a GTA model;
//!   `collisionShape/KIND/K` for a BattleForge shape; `compound/KIND/K` and
//!   `trimesh` for Grit; `floor`, `walls` and `triangle_walls` for an MKGP course
//!   (`K` counts from 0). The kind is the text after the last `/` but one for a
//!   numbered shape, after the last `/` otherwise, so a model name holding `/` still
//!   reads back;
//! - the surface is in the material name: every face or shape follows the
//!   `usemtl` of its material (a GTA surface material as the game names it, a Grit
//!   material name, an MKGP surface type, a BattleForge kind), and within a mesh
//!   object each material is one `g` group with its `usemtl`; the `.mtl` gives
//!   each material a colour that depends on the material alone, so it is the same
//!   in every file;
//! - one winding: every face is counter-clockwise seen from outside, so its
//!   normal `(b − a) × (c − a)` points out. GTA stores faces the other way round
//!   (the games' normal is `(c − a) × (b − a)`), so they are written `a c b`; MKGP
//!   floor triangles (normal up), Grit trimesh faces and every tessellated shape
//!   are written as they are;
//! - spheres, boxes, cylinders and cones are tessellated ([`SPHERE_VERTICES`],
//!   [`SPHERE_FACES`], ...);
//! - names are written with whitespace, control characters, `#` and `\` replaced by
//!   `_` ([`clean`]).
//!
//! ```
//! # let bytes: &[u8] = include_bytes!("../../samples/sample.col");
//! use zerocol::gta::{self, Options};
//!
//! let models: Vec<_> = gta::models(bytes, Options::STRICT).collect::<Result<_, _>>()?;
//! let (mut obj, mut mtl) = (String::new(), String::new());
//! let summary = zerocol::obj::gta(&models, None, &mut obj, &mut mtl, Some("sample.mtl"))?;
//! assert!(obj.starts_with("# zerocol"));
//! // Four models: 2 meshes, 3 spheres, 4 boxes and a shadow mesh, each an object.
//! assert_eq!(summary.objects, 10);
//! assert!(obj.contains("\no lamppost_sa/faces\n") && obj.contains("\no lamppost_sa/shadow\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod battleforge;
mod grit;
mod gta;
mod mkgp;

use core::fmt::{self, Write};
use core::hash::Hasher as _;

use hash32::{FnvHasher, Hasher as _};

pub use battleforge::battleforge;
pub use grit::{NAME_CAP, PALETTE_CAP, grit};
pub use gta::gta;
pub use mkgp::{WALL_HEIGHT, mkgp};

use crate::math::{add, dot};

/// What an export wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Summary {
    /// `o` statements.
    pub objects: u32,
    /// Materials in the `.mtl` (each used by at least one element).
    pub materials: u32,
    /// `v` statements.
    pub vertices: u64,
    /// `f` statements (triangles, quads and the polygons closing cylinders and cones).
    pub faces: u64,
    /// `l` statements (GTA's lines).
    pub lines: u64,
    /// `p` statements: the vertices of a shape drawn as points because no faces
    /// are made for it (a Grit hull of more than [`HULL_CAP`] points, or past the
    /// export's [`HULL_BUDGET`]).
    pub points: u64,
    /// Coordinates that were NaN or infinite, written as 0.
    pub non_finite: u64,
    /// Shapes written without faces: Grit hulls drawn as points (see
    /// [`points`](Self::points)) and Grit planes whose normal has no direction (not
    /// written).
    pub unshown: u32,
}

/// Vertices of a tessellated sphere: two poles and 5 rings of [`SEGMENTS`].
pub const SPHERE_VERTICES: u64 = 62;
/// Faces of a tessellated sphere: a triangle fan at each pole, quads between rings.
pub const SPHERE_FACES: u64 = 72;
/// Vertices of a box.
pub const BOX_VERTICES: u64 = 8;
/// Faces of a box (quads).
pub const BOX_FACES: u64 = 6;
/// Vertices of a cylinder: a ring of [`SEGMENTS`] at each end.
pub const CYLINDER_VERTICES: u64 = 24;
/// Faces of a cylinder: [`SEGMENTS`] side quads and a polygon at each end.
pub const CYLINDER_FACES: u64 = 14;
/// Vertices of a cone: the apex and a ring of [`SEGMENTS`].
pub const CONE_VERTICES: u64 = 13;
/// Faces of a cone: [`SEGMENTS`] side triangles and the base polygon.
pub const CONE_FACES: u64 = 13;
/// How many sides a circle is drawn with.
pub const SEGMENTS: usize = 12;
/// The most vertices of a convex hull whose faces are computed (by testing every
/// triangle of its vertices); a larger hull is drawn as points.
pub const HULL_CAP: usize = 64;
/// Point-against-plane tests one export may spend on hulls (`n³ / 6` triangles of
/// `n` points each for a hull of `n`): about a second's work. Hulls past it are drawn
/// as points, and counted as [`Summary::unshown`].
pub const HULL_BUDGET: u64 = 1 << 26;

/// `cos` and `sin` of `k × 30°`, `k = 0..12`: circles without `libm`.
const CIRCLE: [(f32, f32); SEGMENTS] = {
    const H: f32 = 0.866_025_4; // √3 / 2
    [
        (1.0, 0.0),
        (H, 0.5),
        (0.5, H),
        (0.0, 1.0),
        (-0.5, H),
        (-H, 0.5),
        (-1.0, 0.0),
        (-H, -0.5),
        (-0.5, -H),
        (0.0, -1.0),
        (0.5, -H),
        (H, -0.5),
    ]
};

/// A colour for a material key: the hue is the key's Fibonacci hash (the top
/// bits of key × 2³² / φ), so keys next to each other look different, and a key
/// always gets the same colour.
pub fn colour(key: u32) -> [f32; 3] {
    // key × 0.618… in turns, to 1/65536.
    let turns = key.wrapping_mul(0x9E37_79B9) >> 16;
    #[allow(clippy::cast_precision_loss)] // below 2^16: exact
    let hue = turns as f32 / 65_536.0 * 6.0;
    let (saturation, value) = (0.55, 0.9);
    // HSV to RGB, the sector by comparisons (no float-to-int casts).
    let (sector, f) = {
        let mut sector = 0u8;
        let mut start = 0.0f32;
        while sector < 5 && hue >= start + 1.0 {
            sector = sector.saturating_add(1);
            start += 1.0;
        }
        (sector, hue - start)
    };
    let p = value * (1.0 - saturation);
    let q = value * (1.0 - saturation * f);
    let t = value * (1.0 - saturation * (1.0 - f));
    match sector {
        0 => [value, t, p],
        1 => [q, value, p],
        2 => [p, value, t],
        3 => [p, q, value],
        4 => [t, p, value],
        _ => [value, p, q],
    }
}

/// FNV-1a of a name's UTF-8 bytes: the colour key of a material known only by name.
pub fn name_key(name: &str) -> u32 {
    let mut hash = FnvHasher::default();
    hash.write(name.as_bytes());
    hash.finish32()
}

/// [`name_key`] of a name as it is written (see [`Clean`]): names written alike get
/// one colour.
pub(crate) fn written_key(name: impl fmt::Display) -> u32 {
    struct Hash(FnvHasher);
    impl Write for Hash {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    let mut hash = Hash(FnvHasher::default());
    // Hashing never fails; a failing `Display` leaves a key all the same.
    let _ = write!(Clean(&mut hash), "{name}");
    hash.0.finish32()
}

/// Writes names with whitespace, control characters, `#` (which would end the
/// statement or start a comment) and `\` (which would continue the line) replaced
/// by `_`.
struct Clean<'w, W: ?Sized>(&'w mut W);

impl<W: Write + ?Sized> Write for Clean<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        s.chars().try_for_each(|c| self.0.write_char(clean(c)))
    }
}

/// How a character of a name is written: whitespace, control characters, `#` and
/// `\` as `_`, any other as it is.
pub fn clean(c: char) -> char {
    if c.is_whitespace() || c.is_control() || c == '#' || c == '\\' {
        '_'
    } else {
        c
    }
}

/// The `.mtl` side of an export: one `newmtl` per material, each with a diffuse
/// colour.
pub(crate) struct Mtl<'w, W: ?Sized> {
    out: &'w mut W,
    count: u32,
}

impl<'w, W: Write + ?Sized> Mtl<'w, W> {
    /// Starts the material library with a comment naming what it is for.
    pub(crate) fn new(out: &'w mut W, what: &str) -> Result<Self, fmt::Error> {
        writeln!(out, "# zerocol: materials of {what}")?;
        Ok(Self { out, count: 0 })
    }

    /// A material, its colour from [`colour`]`(key)`.
    pub(crate) fn material(&mut self, name: impl fmt::Display, key: u32) -> fmt::Result {
        let [r, g, b] = colour(key);
        self.out.write_str("\nnewmtl ")?;
        write!(Clean(&mut *self.out), "{name}")?;
        writeln!(self.out, "\nKd {r} {g} {b}\nKa 0 0 0\nd 1")?;
        self.count = self.count.saturating_add(1);
        Ok(())
    }
}

/// The OBJ side of an export: counts what it writes, numbers vertices, and
/// tessellates shapes.
pub(crate) struct Obj<'w, W: ?Sized> {
    out: &'w mut W,
    summary: Summary,
    /// Point tests the hulls may still take ([`HULL_BUDGET`]).
    hull_budget: u64,
}

impl<'w, W: Write + ?Sized> Obj<'w, W> {
    /// Starts the document: what it holds, its up axis, and its material library.
    pub(crate) fn new(
        out: &'w mut W,
        what: &str,
        up: char,
        mtllib: Option<&str>,
    ) -> Result<Self, fmt::Error> {
        writeln!(out, "# zerocol: {what}\n# up axis: {up}")?;
        if let Some(mtllib) = mtllib.filter(|m| !m.is_empty()) {
            out.write_str("mtllib ")?;
            write!(Clean(&mut *out), "{mtllib}")?;
            out.write_char('\n')?;
        }
        Ok(Self {
            out,
            summary: Summary::default(),
            hull_budget: HULL_BUDGET,
        })
    }

    /// Takes `cost` point tests from the export's hull budget, or says there are
    /// not that many left.
    pub(crate) fn spend(&mut self, cost: u64) -> bool {
        match self.hull_budget.checked_sub(cost) {
            Some(left) => {
                self.hull_budget = left;
                true
            }
            None => false,
        }
    }

    /// What was written, with the material count of the `.mtl`.
    pub(crate) fn finish<M: Write + ?Sized>(self, mtl: &Mtl<'_, M>) -> Summary {
        Summary {
            materials: mtl.count,
            ..self.summary
        }
    }

    /// Counts a shape that gets no faces.
    pub(crate) fn unshown(&mut self) {
        self.summary.unshown = self.summary.unshown.saturating_add(1);
    }

    /// `o NAME`.
    pub(crate) fn object(&mut self, name: impl fmt::Display) -> fmt::Result {
        self.out.write_str("o ")?;
        write!(Clean(&mut *self.out), "{name}")?;
        self.out.write_char('\n')?;
        self.summary.objects = self.summary.objects.saturating_add(1);
        Ok(())
    }

    /// `g NAME` and `usemtl NAME`: what follows is of this material.
    pub(crate) fn material(&mut self, name: impl fmt::Display) -> fmt::Result {
        self.out.write_str("g ")?;
        write!(Clean(&mut *self.out), "{name}")?;
        self.out.write_str("\nusemtl ")?;
        write!(Clean(&mut *self.out), "{name}")?;
        self.out.write_char('\n')
    }

    /// `v x y z`; returns its 1-based number.
    pub(crate) fn vertex(&mut self, v: [f32; 3]) -> Result<u64, fmt::Error> {
        let [x, y, z] = v.map(|c| {
            if c.is_finite() {
                c
            } else {
                self.summary.non_finite = self.summary.non_finite.saturating_add(1);
                0.0
            }
        });
        writeln!(self.out, "v {x} {y} {z}")?;
        self.summary.vertices = self.summary.vertices.saturating_add(1);
        Ok(self.summary.vertices)
    }

    /// The number the next vertex will get, less one: add a 0-based index to it.
    pub(crate) const fn base(&self) -> u64 {
        self.summary.vertices
    }

    /// `f a b c ...` of 1-based vertex numbers.
    pub(crate) fn face(&mut self, numbers: impl IntoIterator<Item = u64>) -> fmt::Result {
        self.out.write_char('f')?;
        for n in numbers {
            write!(self.out, " {n}")?;
        }
        self.out.write_char('\n')?;
        self.summary.faces = self.summary.faces.saturating_add(1);
        Ok(())
    }

    /// `l a b` of 1-based vertex numbers.
    pub(crate) fn line(&mut self, a: u64, b: u64) -> fmt::Result {
        writeln!(self.out, "l {a} {b}")?;
        self.summary.lines = self.summary.lines.saturating_add(1);
        Ok(())
    }

    /// `p n` of a 1-based vertex number.
    pub(crate) fn point(&mut self, n: u64) -> fmt::Result {
        writeln!(self.out, "p {n}")?;
        self.summary.points = self.summary.points.saturating_add(1);
        Ok(())
    }

    /// Writes `points` as vertices and returns the number before the first.
    fn vertices(&mut self, points: impl IntoIterator<Item = [f32; 3]>) -> Result<u64, fmt::Error> {
        let base = self.base();
        for p in points {
            self.vertex(p)?;
        }
        Ok(base)
    }

    /// A face of the vertices written after vertex number `base`, by 0-based
    /// index (vertex number `base + i + 1`).
    fn face_at(&mut self, base: u64, indices: impl IntoIterator<Item = usize>) -> fmt::Result {
        self.face(indices.into_iter().map(|i| {
            base.saturating_add(u64::try_from(i).unwrap_or(u64::MAX))
                .saturating_add(1)
        }))
    }

    /// A triangle of three new vertices.
    pub(crate) fn triangle(&mut self, corners: [[f32; 3]; 3]) -> fmt::Result {
        let base = self.vertices(corners)?;
        self.face_at(base, 0..3)
    }

    /// A quad of four new vertices, in the order given.
    pub(crate) fn quad(&mut self, corners: [[f32; 3]; 4]) -> fmt::Result {
        let base = self.vertices(corners)?;
        self.face_at(base, 0..4)
    }

    /// A UV sphere ([`SPHERE_VERTICES`], [`SPHERE_FACES`]).
    pub(crate) fn sphere(&mut self, center: [f32; 3], radius: f32) -> fmt::Result {
        // Rings at polar angles 30°, 60°, ... 150°: the circle table's entries
        // 1..=5 give (sin, cos) of the latitude, that is (cos, sin) of the polar angle
        // read the other way round.
        let point = |(c, s): (f32, f32), (cos_polar, sin_polar): (f32, f32)| {
            add(
                center,
                scale([sin_polar * c, sin_polar * s, cos_polar], radius),
            )
        };
        let rings = CIRCLE
            .iter()
            .skip(1)
            .take(5)
            .flat_map(|&polar| CIRCLE.iter().map(move |&direction| point(direction, polar)));
        let poles = (
            point((1.0, 0.0), (1.0, 0.0)),
            point((1.0, 0.0), (-1.0, 0.0)),
        );
        let base = self.vertices(core::iter::once(poles.0).chain(rings).chain([poles.1]))?;
        let n = SEGMENTS;
        // Within the sphere: the top pole is 0, ring r starts at 1 + r × n, the
        // bottom pole is 1 + 5n.
        let ring = |r: usize, j: usize| r.saturating_mul(n).saturating_add(j % n).saturating_add(1);
        let bottom = ring(5, 0);
        for j in 0..n {
            let next = j.saturating_add(1);
            self.face_at(base, [0, ring(0, j), ring(0, next)])?;
            for r in 0..4usize {
                let below = r.saturating_add(1);
                self.face_at(
                    base,
                    [ring(r, j), ring(below, j), ring(below, next), ring(r, next)],
                )?;
            }
            self.face_at(base, [ring(4, j), bottom, ring(4, next)])?;
        }
        Ok(())
    }

    /// A box from local corners `lo` and `hi` mapped by `map` ([`BOX_VERTICES`],
    /// [`BOX_FACES`]).
    pub(crate) fn cuboid(
        &mut self,
        lo: [f32; 3],
        hi: [f32; 3],
        map: impl Fn([f32; 3]) -> [f32; 3],
    ) -> fmt::Result {
        // Corners sorted, so that faces point outwards whichever way they are given.
        let (lo, hi) = (
            crate::math::zip3(lo, hi, f32::min),
            crate::math::zip3(lo, hi, f32::max),
        );
        // Corner i takes X from `hi` when bit 0 is set, Y bit 1, Z bit 2.
        let ([lx, ly, lz], [hx, hy, hz]) = (lo, hi);
        let corner = |i: u8| {
            let pick = |bit: u8, l: f32, h: f32| if i & bit == 0 { l } else { h };
            map([pick(1, lx, hx), pick(2, ly, hy), pick(4, lz, hz)])
        };
        let base = self.vertices((0..8).map(corner))?;
        for quad in [
            [0, 4, 6, 2],
            [1, 3, 7, 5],
            [0, 1, 5, 4],
            [2, 6, 7, 3],
            [0, 2, 3, 1],
            [4, 5, 7, 6],
        ] {
            self.face_at(base, quad)?;
        }
        Ok(())
    }

    /// A cylinder of `radius` around local Z from `z0` to `z1`, mapped by `map`
    /// ([`CYLINDER_VERTICES`], [`CYLINDER_FACES`]).
    pub(crate) fn cylinder(
        &mut self,
        radius: f32,
        z0: f32,
        z1: f32,
        map: impl Fn([f32; 3]) -> [f32; 3],
    ) -> fmt::Result {
        // The ends sorted, so that faces point outwards either way (a negative
        // radius turns the rings half round: no reflection).
        let (z0, z1) = (z0.min(z1), z0.max(z1));
        let ring = |z: f32| CIRCLE.map(|(c, s)| map([radius * c, radius * s, z]));
        let base = self.vertices(ring(z0).into_iter().chain(ring(z1)))?;
        // Within the cylinder: the bottom ring is 0..n, the top ring n..2n.
        let n = SEGMENTS;
        let (bottom, top) = (|j: usize| j % n, |j: usize| (j % n).saturating_add(n));
        for j in 0..n {
            let next = j.saturating_add(1);
            self.face_at(base, [bottom(j), bottom(next), top(next), top(j)])?;
        }
        self.face_at(base, (0..n).map(top))?;
        self.face_at(base, (0..n).rev().map(bottom))
    }

    /// A cone of base `radius` around local Z, its base at `z0` and its apex at
    /// `z1`, mapped by `map` ([`CONE_VERTICES`], [`CONE_FACES`]).
    pub(crate) fn cone(
        &mut self,
        radius: f32,
        z0: f32,
        z1: f32,
        map: impl Fn([f32; 3]) -> [f32; 3],
    ) -> fmt::Result {
        let ring = CIRCLE.map(|(c, s)| map([radius * c, radius * s, z0]));
        let base = self.vertices(ring.into_iter().chain([map([0.0, 0.0, z1])]))?;
        // Within the cone: the base ring is 0..n, the apex n. An apex below the
        // base (a negative height) turns the cone over: wind the other way.
        let n = SEGMENTS;
        let ring = |j: usize| j % n;
        let flip = z1 < z0;
        for j in 0..n {
            let (a, b) = (ring(j), ring(j.saturating_add(1)));
            let (a, b) = if flip { (b, a) } else { (a, b) };
            self.face_at(base, [a, b, n])?;
        }
        if flip {
            self.face_at(base, (0..n).map(ring))
        } else {
            self.face_at(base, (0..n).rev().map(ring))
        }
    }
}

/// `a` scaled by `k`.
pub(crate) fn scale(a: [f32; 3], k: f32) -> [f32; 3] {
    a.map(|x| x * k)
}

/// `a` scaled to length 1, or `None` when it has no direction (zero, NaN).
pub(crate) fn unit(a: [f32; 3]) -> Option<[f32; 3]> {
    let length = libm::sqrtf(dot(a, a));
    (length > 0.0 && length.is_finite()).then(|| scale(a, 1.0 / length))
}
