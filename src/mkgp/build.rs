//! Building a whole grid from a triangle soup (needs `std`).
//!
//! The game's own tool is lost; what it must have done follows from the format
//! ([`guide::mkgp`](crate::guide::mkgp)): the grid covers the XZ bounds of the geometry, a triangle is
//! stored in every cell it touches, an edge's neighbour bit says another triangle
//! shares it, and every edge without a neighbour becomes a wall.
//!
//! A square of road, two triangles wound so that their normals point up (+Y), in
//! cells of 4 × 4, written and read back:
//!
//! ```
//! use zerocol::mkgp::{CourseBuilder, Course, Options, SoupTriangle, SurfaceFlags, SurfaceType};
//!
//! let road = SurfaceFlags(u32::from(SurfaceType::Default.bit()));
//! let mut soup = CourseBuilder::new([4.0, 4.0]);
//! soup.triangles.push(SoupTriangle {
//!     vertices: [[0.0, 0.0, 0.0], [0.0, 0.0, 8.0], [8.0, 0.0, 8.0]],
//!     flags: road,
//! });
//! soup.triangles.push(SoupTriangle {
//!     vertices: [[0.0, 0.0, 0.0], [8.0, 0.0, 8.0], [8.0, 0.0, 0.0]],
//!     flags: road,
//! });
//! let built = soup.build()?;
//! // The XZ bounds 0..8 in cells of 4: two cells each way.
//! assert_eq!((built.header.width, built.header.length), (2, 2));
//!
//! let bytes = built.to_bytes()?;
//! let course = Course::parse(&bytes, Options::STRICT)?;
//! let ground = course.ground_height(3.0, 5.0).expect("the road is under (3, 5)");
//! assert_eq!(ground.height, 0.0);
//! assert_eq!(ground.flags().surface_type(), Some(SurfaceType::Default));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::collections::HashMap;
use std::vec::Vec;

use super::records::{GridHeader, SurfaceFlags, Triangle, TriangleWall, VERSION, Vec3, Wall, Xz};
use super::write::{self, CellContents, WriteError};
use super::{cell_coord, cell_number};
use crate::math::{cross, dot, sub};

/// The most cells [`CourseBuilder::build`] makes (W × L).
///
/// Every cell costs at least 12 bytes on disk (`T`, `C` and `U` counts), so this
/// is a 200 MB file of empty cells, far beyond any arcade course; the limit turns
/// a mistaken tiny cell size into an error rather than an allocation failure.
pub const MAX_CELLS: u64 = 1 << 24;

const ZERO: Vec3 = [0.0; 3];

fn is_finite(v: Vec3) -> bool {
    v.iter().all(|c| c.is_finite())
}

/// `a − b`, halving both first when the plain difference overflows (the
/// direction is all the callers need).
fn difference(a: Vec3, b: Vec3) -> Vec3 {
    let d = sub(a, b);
    if is_finite(d) {
        d
    } else {
        sub(a.map(|c| c * 0.5), b.map(|c| c * 0.5))
    }
}

/// `v` divided by its largest magnitude component (zero stays zero), so that
/// squares and products of it cannot overflow.
fn rescale(v: Vec3) -> Vec3 {
    let m = v.iter().fold(0.0_f32, |m, c| m.max(c.abs()));
    if m > 0.0 && m.is_finite() {
        v.map(|c| c / m)
    } else {
        v
    }
}

/// `v / |v|`; the zero vector for a zero-length or non-finite `v`, so no NaN
/// ever reaches a file.
fn normalise(v: Vec3) -> Vec3 {
    if !is_finite(v) {
        return ZERO;
    }
    let divide = |v: Vec3| {
        let len = dot(v, v).sqrt();
        (len > 0.0 && len.is_finite()).then(|| v.map(|c| c / len))
    };
    // Plain division first (bit-for-bit the textbook result for ordinary
    // coordinates); rescaled when the squared length overflows or underflows.
    let unit = match divide(v) {
        Some(unit) => Some(unit),
        None => divide(rescale(v)),
    };
    unit.filter(|u| is_finite(*u)).unwrap_or(ZERO)
}

/// Edge i's stored vector: the normalised direction from vertex i to vertex
/// i + 1 ([`guide::mkgp`](crate::guide::mkgp) *hypothesis*: "normalised edges or in-plane edge
/// normals" — this function is the one place that decides). Zero-length edge →
/// `[0, 0, 0]` (as is a non-finite one).
pub fn edge_direction(from: Vec3, to: Vec3) -> Vec3 {
    normalise(difference(to, from))
}

/// Unit normal of the plane through `v`: `normalise((v1 − v0) × (v2 − v0))`,
/// zero for a degenerate triangle.
fn unit_normal([v0, v1, v2]: [Vec3; 3]) -> Vec3 {
    let (a, b) = (difference(v1, v0), difference(v2, v0));
    let n = cross(a, b);
    if is_finite(n) {
        normalise(n)
    } else {
        // Huge coordinates: the direction of the cross product does not change
        // when its operands are scaled.
        normalise(cross(rescale(a), rescale(b)))
    }
}

/// Mean of the three vertices, without overflowing for huge coordinates.
fn centroid([v0, v1, v2]: [Vec3; 3]) -> Vec3 {
    let mut c = ZERO;
    for (((out, a), b), d) in c.iter_mut().zip(v0).zip(v1).zip(v2) {
        let plain = (a + b + d) / 3.0;
        *out = if plain.is_finite() {
            plain
        } else {
            a / 3.0 + b / 3.0 + d / 3.0
        };
    }
    c
}

/// The three edges, edge i running from vertex i to vertex i + 1 (mod 3).
fn edges([v0, v1, v2]: [Vec3; 3]) -> [(Vec3, Vec3); 3] {
    [(v0, v1), (v1, v2), (v2, v0)]
}

/// Neighbour bit of edge i.
const EDGE_BITS: [u32; 3] = [1, 2, 4];

/// A complete triangle record from its vertices: XZ min/max, the three edge
/// directions ([`edge_direction`]), unit normal = `normalise((v1 − v0) × (v2 −
/// v0))` (zero vector for a degenerate triangle, never NaN), `d =
/// −dot(centroid, normal)` (so `dot(normal, p) + d = 0` on the plane, the
/// equation [`Triangle::plane_height`] solves), with the given neighbour bits
/// and flags.
///
/// The normal points up (+Y) when the vertices run anticlockwise seen from
/// above in the right-handed frame (Y up): `(0,0,0), (0,0,1), (1,0,0)` faces +Y.
pub fn triangle(vertices: [Vec3; 3], flags: SurfaceFlags, neighbours: u32) -> Triangle {
    let [v0, v1, v2] = vertices;
    let [x0, _, z0] = v0;
    let [x1, _, z1] = v1;
    let [x2, _, z2] = v2;
    let edges = edges(vertices).map(|(from, to)| edge_direction(from, to));
    let normal = unit_normal(vertices);
    let d = -dot(centroid(vertices), normal);
    Triangle {
        min: [x0.min(x1).min(x2), z0.min(z1).min(z2)],
        max: [x0.max(x1).max(x2), z0.max(z1).max(z2)],
        vertices,
        edges,
        neighbours,
        flags,
        normal,
        d: if d.is_finite() { d } else { 0.0 },
    }
}

/// One triangle of the soup a course is built from.
#[derive(Clone, Debug, PartialEq)]
pub struct SoupTriangle {
    /// The vertices; see [`triangle`] for the winding that makes the normal
    /// point up.
    pub vertices: [Vec3; 3],
    /// Surface type, sound variant and special effect.
    pub flags: SurfaceFlags,
}

/// A triangle soup and a cell size, to be built into a grid.
#[derive(Clone, Debug)]
pub struct CourseBuilder {
    /// Cell size along X and Z (finite and positive).
    pub cell_size: Xz,
    /// The ground, in the order triangles are stored within each cell.
    pub triangles: Vec<SoupTriangle>,
    /// Walls shaped as triangles, for the secondary grid.
    pub triangle_walls: Vec<TriangleWall>,
}

/// A built grid, before it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltCourse {
    /// The header [`BuiltCourse::to_bytes`] writes.
    pub header: GridHeader,
    /// Primary grid, W × L cells in file order (`z × W + x`): triangles and walls.
    pub cells: Vec<(Vec<Triangle>, Vec<Wall>)>,
    /// Secondary grid, W × L cells in the same order.
    pub wall_cells: Vec<Vec<TriangleWall>>,
}

/// Why a soup could not be built into a grid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum BuildError {
    /// A cell size is zero, negative or not finite.
    InvalidCellSize {
        /// The cell size given.
        cell_size: Xz,
    },
    /// The soup has no triangles: there is no ground to put a grid over.
    NoTriangles,
    /// A triangle has a NaN or infinite coordinate.
    NonFiniteVertex {
        /// Position of the triangle in [`CourseBuilder::triangles`].
        triangle: usize,
    },
    /// A triangle wall has a NaN or infinite coordinate.
    NonFiniteTriangleWall {
        /// Position of the wall in [`CourseBuilder::triangle_walls`].
        triangle_wall: usize,
    },
    /// The grid would need more than `i32::MAX` cells along an axis or more
    /// than [`MAX_CELLS`] in all.
    GridTooLarge {
        /// Cells needed along X (may be infinite).
        width: f32,
        /// Cells needed along Z (may be infinite).
        length: f32,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::InvalidCellSize { cell_size: [x, z] } => {
                write!(f, "cell size {x} × {z}: both must be finite and positive")
            }
            Self::NoTriangles => f.write_str("no triangles to build a grid over"),
            Self::NonFiniteVertex { triangle } => {
                write!(f, "triangle {triangle} has a non-finite coordinate")
            }
            Self::NonFiniteTriangleWall { triangle_wall } => {
                write!(
                    f,
                    "triangle wall {triangle_wall} has a non-finite coordinate"
                )
            }
            Self::GridTooLarge { width, length } => write!(
                f,
                "the grid would need {width} × {length} cells (at most 2147483647 \
                 along an axis and {MAX_CELLS} in all)"
            ),
        }
    }
}

impl core::error::Error for BuildError {}

/// An edge as its two endpoints' bit patterns, lower pattern first, so that an
/// edge and its reverse meet in the map. `-0.0` is keyed as `0.0`, so equal
/// coordinates always give equal keys.
type EdgeKey = [[u32; 3]; 2];

fn edge_key(a: Vec3, b: Vec3) -> EdgeKey {
    let bits = |v: Vec3| v.map(|c| if c == 0.0 { 0 } else { c.to_bits() });
    let (a, b) = (bits(a), bits(b));
    if a <= b { [a, b] } else { [b, a] }
}

/// The first triangle seen with an edge, and whether a different one has it too.
struct EdgeOwner {
    first: usize,
    shared: bool,
}

/// Every edge of the soup, hashed once: O(n) rather than comparing all pairs.
fn shared_edges(triangles: &[SoupTriangle]) -> HashMap<EdgeKey, EdgeOwner> {
    let mut map: HashMap<EdgeKey, EdgeOwner> = HashMap::new();
    for (i, t) in triangles.iter().enumerate() {
        for (a, b) in edges(t.vertices) {
            map.entry(edge_key(a, b))
                .and_modify(|owner| owner.shared |= owner.first != i)
                .or_insert(EdgeOwner {
                    first: i,
                    shared: false,
                });
        }
    }
    map
}

/// The grid's placement, for binning.
struct Grid {
    origin: Xz,
    size: Xz,
    width: u32,
    length: u32,
}

impl Grid {
    /// First and last cell along one axis that `lo..=hi` touches, through the
    /// same [`cell_coord`] the reader's queries use, so a point on the geometry
    /// always looks in a cell that holds it.
    fn span(lo: f32, hi: f32, origin: f32, size: f32, count: u32) -> (u32, u32) {
        // Both bounds lie inside the AABB the grid was sized from, so
        // `cell_coord` maps them; the fallbacks (whole axis) would only ever
        // widen the span, never lose a cell.
        let first = cell_coord(lo, origin, size, count).unwrap_or(0);
        let last = cell_coord(hi, origin, size, count).unwrap_or(count.saturating_sub(1));
        (first, last)
    }

    /// File positions of every cell the XZ box `min..=max` touches.
    fn cells(&self, min: Xz, max: Xz) -> impl Iterator<Item = usize> + use<> {
        let [ox, oz] = self.origin;
        let [sx, sz] = self.size;
        let [x_lo, z_lo] = min;
        let [x_hi, z_hi] = max;
        let (x0, x1) = Self::span(x_lo, x_hi, ox, sx, self.width);
        let (z0, z1) = Self::span(z_lo, z_hi, oz, sz, self.length);
        let width = self.width;
        (z0..=z1).flat_map(move |z| {
            (x0..=x1).filter_map(move |x| usize::try_from(cell_number(x, z, width)).ok())
        })
    }
}

/// Cells needed to cover `min..=max` along one axis: `max(1, ceil((max − min) /
/// size))`, computed as `cell_coord` computes `t`, so `max` maps to the last cell.
fn cells_along(min: f32, max: f32, size: f32) -> f32 {
    ((max - min) / size).ceil().max(1.0)
}

/// `n` as a count, when it is at most `i32::MAX` (W and L are stored as i32).
fn axis_count(n: f32) -> Option<u32> {
    // 2^31 is exact in f32.
    if n.is_nan() || n >= 2_147_483_648.0 {
        return None;
    }
    // `n` is a whole number in 1..2^31 here, so the conversion is exact.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let count = n as u32;
    Some(count)
}

impl CourseBuilder {
    /// An empty soup with the given cell size.
    pub fn new(cell_size: Xz) -> Self {
        Self {
            cell_size,
            triangles: Vec::new(),
            triangle_walls: Vec::new(),
        }
    }

    /// Builds the grid ([`guide::mkgp`](crate::guide::mkgp)):
    /// - the AABB is the XZ bounds of every vertex (triangles and triangle
    ///   walls), `neg_min = −min`, `version = VERSION`;
    /// - `W = max(1, ceil((max.x − min.x) / cell.x))`, `L` likewise along Z;
    /// - each triangle is stored in every cell its XZ bounds touch (found with
    ///   [`cell_coord`] on its min and max), in soup order within a cell;
    /// - neighbour bit i is set when edge i (vertex i → i + 1) has the same two
    ///   endpoints, exactly and in either direction, as an edge of another triangle;
    /// - every edge without a neighbour becomes a wall (min/max of its ends, p1 the
    ///   start, p2 the end), stored in every cell its XZ bounds touch, in triangle
    ///   then edge order;
    /// - triangle walls go in every secondary cell their XZ bounds touch.
    pub fn build(&self) -> Result<BuiltCourse, BuildError> {
        let cell_size = self.cell_size;
        let [sx, sz] = cell_size;
        if !(sx.is_finite() && sx > 0.0 && sz.is_finite() && sz > 0.0) {
            return Err(BuildError::InvalidCellSize { cell_size });
        }
        if self.triangles.is_empty() {
            return Err(BuildError::NoTriangles);
        }

        let mut min = [f32::INFINITY; 2];
        let mut max = [f32::NEG_INFINITY; 2];
        let mut include = |[x, _, z]: Vec3| {
            let [min_x, min_z] = &mut min;
            let [max_x, max_z] = &mut max;
            *min_x = min_x.min(x);
            *min_z = min_z.min(z);
            *max_x = max_x.max(x);
            *max_z = max_z.max(z);
        };
        for (triangle, t) in self.triangles.iter().enumerate() {
            if !t.vertices.iter().all(|v| is_finite(*v)) {
                return Err(BuildError::NonFiniteVertex { triangle });
            }
            t.vertices.iter().copied().for_each(&mut include);
        }
        for (triangle_wall, w) in self.triangle_walls.iter().enumerate() {
            if !w.vertices.iter().all(|v| is_finite(*v)) {
                return Err(BuildError::NonFiniteTriangleWall { triangle_wall });
            }
            w.vertices.iter().copied().for_each(&mut include);
        }

        let [min_x, min_z] = min;
        let [max_x, max_z] = max;
        let (w, l) = (cells_along(min_x, max_x, sx), cells_along(min_z, max_z, sz));
        let too_large = BuildError::GridTooLarge {
            width: w,
            length: l,
        };
        let (width, length) = axis_count(w).zip(axis_count(l)).ok_or(too_large)?;
        let count = u64::from(width)
            .checked_mul(u64::from(length))
            .filter(|&n| n <= MAX_CELLS)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or(too_large)?;

        let grid = Grid {
            origin: min,
            size: cell_size,
            width,
            length,
        };
        let shared = shared_edges(&self.triangles);

        // Two passes over the same placements: the first counts what each cell
        // gets, so that the second fills vectors of exactly that capacity (one
        // allocation per non-empty vector rather than one per doubling).
        let mut counts: Vec<[usize; 3]> = Vec::new();
        counts.resize(count, [0; 3]);
        self.place(&grid, &shared, |index, item| {
            let slot = match item {
                Placed::Triangle(_) => 0,
                Placed::Wall(_) => 1,
                Placed::TriangleWall(_) => 2,
            };
            if let Some(n) = counts.get_mut(index).and_then(|c| c.get_mut(slot)) {
                *n = n.saturating_add(1);
            }
        });
        // The counts go as the vectors are made: they are not held through the fill.
        let (mut cells, mut wall_cells): (Vec<_>, Vec<_>) = counts
            .into_iter()
            .map(|[triangles, walls, triangle_walls]| {
                (
                    (Vec::with_capacity(triangles), Vec::with_capacity(walls)),
                    Vec::with_capacity(triangle_walls),
                )
            })
            .unzip();
        self.place(&grid, &shared, |index, item| match item {
            Placed::Triangle(t) => {
                if let Some((triangles, _)) = cells.get_mut(index) {
                    triangles.push(t);
                }
            }
            Placed::Wall(w) => {
                if let Some((_, walls)) = cells.get_mut(index) {
                    walls.push(w);
                }
            }
            Placed::TriangleWall(w) => {
                if let Some(walls) = wall_cells.get_mut(index) {
                    walls.push(w);
                }
            }
        });

        Ok(BuiltCourse {
            header: GridHeader {
                version: VERSION,
                width,
                length,
                cell_size,
                min,
                max,
                neg_min: min.map(|c| -c),
            },
            cells,
            wall_cells,
        })
    }
}

/// One record for one cell, as [`CourseBuilder::place`] hands them out.
enum Placed {
    Triangle(Triangle),
    Wall(Wall),
    TriangleWall(TriangleWall),
}

impl CourseBuilder {
    /// Hands `put` every record with the file position of each cell it goes in,
    /// in the order the cells store them: triangles and their open edges' walls
    /// in soup order (a triangle, then its walls), then the triangle walls.
    fn place(
        &self,
        grid: &Grid,
        shared: &HashMap<EdgeKey, EdgeOwner>,
        mut put: impl FnMut(usize, Placed),
    ) {
        for t in &self.triangles {
            let open = edges(t.vertices).map(|(a, b)| {
                !shared
                    .get(&edge_key(a, b))
                    .is_some_and(|owner| owner.shared)
            });
            let neighbours = open
                .iter()
                .zip(EDGE_BITS)
                .filter(|(open, _)| !**open)
                .fold(0, |bits, (_, bit)| bits | bit);
            let record = triangle(t.vertices, t.flags, neighbours);
            for index in grid.cells(record.min, record.max) {
                put(index, Placed::Triangle(record));
            }
            for ((p1, p2), _) in edges(t.vertices)
                .into_iter()
                .zip(open)
                .filter(|(_, open)| *open)
            {
                let wall = Wall {
                    min: componentwise(p1, p2, f32::min),
                    max: componentwise(p1, p2, f32::max),
                    p1,
                    p2,
                };
                let [min_x, _, min_z] = wall.min;
                let [max_x, _, max_z] = wall.max;
                for index in grid.cells([min_x, min_z], [max_x, max_z]) {
                    put(index, Placed::Wall(wall));
                }
            }
        }
        for w in &self.triangle_walls {
            let [[x0, _, z0], [x1, _, z1], [x2, _, z2]] = w.vertices;
            let lo = [x0.min(x1).min(x2), z0.min(z1).min(z2)];
            let hi = [x0.max(x1).max(x2), z0.max(z1).max(z2)];
            for index in grid.cells(lo, hi) {
                put(index, Placed::TriangleWall(*w));
            }
        }
    }
}

fn componentwise(a: Vec3, b: Vec3, f: fn(f32, f32) -> f32) -> Vec3 {
    let [ax, ay, az] = a;
    let [bx, by, bz] = b;
    [f(ax, bx), f(ay, by), f(az, bz)]
}

impl BuiltCourse {
    /// The file's bytes, through [`write::required_len`] and [`write::write`].
    ///
    /// Fails only when the fields were edited into an inconsistent grid (cell
    /// counts other than W × L, W or L zero); a course straight from
    /// [`CourseBuilder::build`] always writes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        let cells: Vec<CellContents<'_>> = self
            .cells
            .iter()
            .map(|(triangles, walls)| CellContents { triangles, walls })
            .collect();
        let wall_cells: Vec<&[TriangleWall]> = self.wall_cells.iter().map(Vec::as_slice).collect();
        let len = write::required_len(&cells, &wall_cells)?;
        let mut out = std::vec![0_u8; len];
        let written = write::write(&self.header, &cells, &wall_cells, &mut out)?;
        out.truncate(written);
        Ok(out)
    }
}
