//! Mario Kart Arcade GP DX `COL` files: a grid written cell by cell
//! ([`MkgpCourse`]), and a triangle soup built into a grid ([`MkgpSoup`]).

use std::vec::Vec;

use arbitrary::{Arbitrary, Result, Unstructured};

use super::Generated;
use crate::mkgp::build::{self, CourseBuilder, SoupTriangle};
use crate::mkgp::{
    CellContents, GridHeader, SurfaceFlags, SurfaceType, Triangle, TriangleWall, VERSION, Vec3,
    Wall, Xz,
};

/// The most cells along an axis a [`MkgpCourse`] draws (so at most 24 × 24 = 576
/// cells, past the 256 a small fixed index storage would hold).
const MAX_AXIS: u32 = 24;
/// The most records of each kind a [`MkgpCourse`] draws, spread over its cells.
const MAX_RECORDS: usize = 96;
/// The most soup triangles (and, separately, triangle walls) a [`MkgpSoup`] draws.
const MAX_SOUP: usize = 64;
/// Soup vertices are drawn from a pool of at most this many points, so that
/// triangles share edges (and get neighbour bits) often.
const MAX_POOL: usize = 24;

/// A finite float: mostly small values on a quarter grid, now and then any finite
/// bit pattern (never NaN or infinite, so descriptions compare with `==`).
fn finite(u: &mut Unstructured<'_>) -> Result<f32> {
    Ok(match u.int_in_range(0..=7u8)? {
        0 => {
            let v = f32::from_bits(u.arbitrary()?);
            if v.is_finite() { v } else { 0.0 }
        }
        _ => f32::from(u.int_in_range(-256..=256i16)?) * 0.25,
    })
}

fn vec3(u: &mut Unstructured<'_>) -> Result<Vec3> {
    Ok([finite(u)?, finite(u)?, finite(u)?])
}

/// Surface flags: mostly one named surface type with a small sound variant and
/// effect, now and then any 32 bits (zero, several or unnamed surface bits).
fn flags(u: &mut Unstructured<'_>) -> Result<SurfaceFlags> {
    if u.ratio(1u8, 6)? {
        return Ok(SurfaceFlags(u.arbitrary()?));
    }
    let surface = *u.choose(&SurfaceType::ALL)?;
    let sound = u.int_in_range(0..=3u8)?;
    let effect = u.int_in_range(0..=4u8)?;
    let [low, high] = surface.bit().to_le_bytes();
    Ok(SurfaceFlags(u32::from_le_bytes([low, high, sound, effect])))
}

/// A cell size: a power of two from 1/4 to 64 mostly, any finite positive float
/// now and then.
fn cell_size(u: &mut Unstructured<'_>) -> Result<f32> {
    if u.ratio(1u8, 8)? {
        let v = f32::from_bits(u.arbitrary::<u32>()? & 0x7FFF_FFFF);
        if v.is_finite() && v > 0.0 {
            return Ok(v);
        }
    }
    Ok(f32::from(u.int_in_range(-2..=6i8)?).exp2())
}

/// The description of a file written cell by cell with [`crate::mkgp::write`].
///
/// Every value is stored as given (the writer does not check geometry), so the
/// parser must read back exactly these values. All floats are finite.
#[derive(Clone, Debug, PartialEq)]
pub struct MkgpCourseDescription {
    /// The header: `version` is [`VERSION`], `width` × `length` is the cell count
    /// of both grids, `cell_size` is finite and positive (the working rules of
    /// [`guide::mkgp`](crate::guide::mkgp)); `min`, `max` and `neg_min` are any finite values.
    pub header: GridHeader,
    /// Primary grid, `width × length` cells in file order (`z × W + x`): each
    /// cell's ground triangles and walls.
    pub cells: Vec<(Vec<Triangle>, Vec<Wall>)>,
    /// Secondary grid, `width × length` cells in file order: triangle walls.
    pub wall_cells: Vec<Vec<TriangleWall>>,
}

/// A valid MKGP DX `COL` file written cell by cell from arbitrary records.
///
/// Grids of 1 to 24 cells along each axis, up to 96 records of each kind spread
/// over the cells; a triangle is half the time a consistent one (from
/// [`build::triangle`]) and otherwise any finite values, so the lints see both.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use zerocol::generate::{Generated, MkgpCourse};
/// use zerocol::mkgp::{Course, Options};
///
/// let mut u = Unstructured::new(&[3u8; 256]);
/// let file = MkgpCourse::arbitrary(&mut u)?;
/// let course = Course::parse(file.bytes(), Options::STRICT)?;
/// assert_eq!(course.grid(), file.description().header);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MkgpCourse {
    description: MkgpCourseDescription,
    bytes: Vec<u8>,
}

impl MkgpCourse {
    /// Writes `description` with [`crate::mkgp::required_len`] and
    /// [`crate::mkgp::write`], or `None` when the writer refuses it.
    pub fn new(description: MkgpCourseDescription) -> Option<Self> {
        let cells: Vec<CellContents<'_>> = description
            .cells
            .iter()
            .map(|(triangles, walls)| CellContents { triangles, walls })
            .collect();
        let wall_cells: Vec<&[TriangleWall]> =
            description.wall_cells.iter().map(Vec::as_slice).collect();
        let len = crate::mkgp::required_len(&cells, &wall_cells).ok()?;
        let mut bytes = std::vec![0u8; len];
        let written =
            crate::mkgp::write(&description.header, &cells, &wall_cells, &mut bytes).ok()?;
        bytes.truncate(written);
        Some(Self { description, bytes })
    }
}

fn course_triangle(u: &mut Unstructured<'_>) -> Result<Triangle> {
    let vertices = [vec3(u)?, vec3(u)?, vec3(u)?];
    let flags = flags(u)?;
    if u.arbitrary()? {
        let neighbours = u.int_in_range(0..=7u32)?;
        return Ok(build::triangle(vertices, flags, neighbours));
    }
    Ok(Triangle {
        min: [finite(u)?, finite(u)?],
        max: [finite(u)?, finite(u)?],
        vertices,
        edges: [vec3(u)?, vec3(u)?, vec3(u)?],
        neighbours: u.arbitrary()?,
        flags,
        normal: vec3(u)?,
        d: finite(u)?,
    })
}

fn wall(u: &mut Unstructured<'_>) -> Result<Wall> {
    Ok(Wall {
        min: vec3(u)?,
        max: vec3(u)?,
        p1: vec3(u)?,
        p2: vec3(u)?,
    })
}

fn triangle_wall(u: &mut Unstructured<'_>) -> Result<TriangleWall> {
    Ok(TriangleWall {
        flag: if u.arbitrary()? {
            i32::from(u.choose(&SurfaceType::ALL)?.bit())
        } else {
            u.arbitrary()?
        },
        vertices: [vec3(u)?, vec3(u)?, vec3(u)?],
    })
}

/// Draws up to `MAX_RECORDS` records and puts each in a drawn cell (of `count`).
fn spread<T>(
    u: &mut Unstructured<'_>,
    count: usize,
    mut record: impl FnMut(&mut Unstructured<'_>) -> Result<T>,
    mut put: impl FnMut(usize, T),
) -> Result<()> {
    let n = u.int_in_range(0..=MAX_RECORDS)?;
    for _ in 0..n {
        let cell = u.choose_index(count)?;
        put(cell, record(u)?);
    }
    Ok(())
}

impl<'a> Arbitrary<'a> for MkgpCourse {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        // Mostly small grids, now and then up to MAX_AXIS along each axis.
        let axis_max = if u.ratio(1u8, 4)? { MAX_AXIS } else { 4 };
        let width = u.int_in_range(1..=axis_max)?;
        let length = u.int_in_range(1..=axis_max)?;
        let count = width
            .checked_mul(length)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or(arbitrary::Error::IncorrectFormat)?;
        let min = [finite(u)?, finite(u)?];
        let header = GridHeader {
            version: VERSION,
            width,
            length,
            cell_size: [cell_size(u)?, cell_size(u)?],
            min,
            max: [finite(u)?, finite(u)?],
            // The negated minimum, as the game's files store it, or any value.
            neg_min: if u.ratio(1u8, 8)? {
                [finite(u)?, finite(u)?]
            } else {
                min.map(|c| -c)
            },
        };
        let mut cells: Vec<(Vec<Triangle>, Vec<Wall>)> = std::vec![Default::default(); count];
        let mut wall_cells: Vec<Vec<TriangleWall>> = std::vec![Vec::new(); count];
        spread(u, count, course_triangle, |i, t| {
            if let Some((triangles, _)) = cells.get_mut(i) {
                triangles.push(t);
            }
        })?;
        spread(u, count, wall, |i, w| {
            if let Some((_, walls)) = cells.get_mut(i) {
                walls.push(w);
            }
        })?;
        spread(u, count, triangle_wall, |i, w| {
            if let Some(walls) = wall_cells.get_mut(i) {
                walls.push(w);
            }
        })?;
        Self::new(MkgpCourseDescription {
            header,
            cells,
            wall_cells,
        })
        .ok_or(arbitrary::Error::IncorrectFormat)
    }
}

impl Generated for MkgpCourse {
    type Description = MkgpCourseDescription;

    fn description(&self) -> &MkgpCourseDescription {
        &self.description
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// The description of a course built from a triangle soup by [`CourseBuilder`]:
/// the builder's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct MkgpSoupDescription {
    /// Cell size along X and Z, finite and positive.
    pub cell_size: Xz,
    /// The ground (at least one triangle), all coordinates finite; vertices are
    /// drawn from a small pool of points, so many edges are shared.
    pub triangles: Vec<SoupTriangle>,
    /// Walls shaped as triangles, all coordinates finite.
    pub triangle_walls: Vec<TriangleWall>,
}

impl MkgpSoupDescription {
    /// The builder these inputs describe.
    pub fn builder(&self) -> CourseBuilder {
        CourseBuilder {
            cell_size: self.cell_size,
            triangles: self.triangles.clone(),
            triangle_walls: self.triangle_walls.clone(),
        }
    }
}

/// A valid MKGP DX `COL` file built by [`CourseBuilder`] from an arbitrary
/// triangle soup.
///
/// Up to 64 triangles (and 64 triangle walls) over a pool of up to 24 points
/// within ±32 units, on cells of 1 to 64 units (so at most a 64 × 64 grid):
/// shared edges, open edges (walls), degenerate and vertical triangles all occur.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use zerocol::generate::{Generated, MkgpSoup};
/// use zerocol::mkgp::{Course, Options};
///
/// let mut u = Unstructured::new(&[5u8; 256]);
/// let file = MkgpSoup::arbitrary(&mut u)?;
/// let course = Course::parse(file.bytes(), Options::STRICT)?;
/// assert_eq!(course.grid().cell_size, file.description().cell_size);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MkgpSoup {
    description: MkgpSoupDescription,
    bytes: Vec<u8>,
}

impl MkgpSoup {
    /// Builds `description` with [`CourseBuilder::build`] and writes it, or
    /// `None` when the builder refuses it (no triangles, a grid too large, ...).
    pub fn new(description: MkgpSoupDescription) -> Option<Self> {
        let bytes = description.builder().build().ok()?.to_bytes().ok()?;
        Some(Self { description, bytes })
    }
}

/// A soup coordinate: a quarter-unit grid within ±32, now and then any value in
/// that range.
fn coordinate(u: &mut Unstructured<'_>) -> Result<f32> {
    if u.ratio(1u8, 8)? {
        let t = f32::from(u.arbitrary::<u16>()?) / f32::from(u16::MAX);
        return Ok(t * 64.0 - 32.0);
    }
    Ok(f32::from(u.int_in_range(-128..=128i16)?) * 0.25)
}

impl<'a> Arbitrary<'a> for MkgpSoup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        // Cells of 1 .. 64 units; coarse more often (and when the input runs out, which
        // makes every draw its minimum), so most grids stay small.
        let size = |u: &mut Unstructured<'_>| -> Result<f32> {
            let fine = u.int_in_range(0..=6i8)?.min(u.int_in_range(0..=6i8)?);
            Ok(f32::from(6i8.saturating_sub(fine)).exp2())
        };
        let cell_size = [size(u)?, size(u)?];
        let pool_len = u.int_in_range(3..=MAX_POOL)?;
        let mut pool = Vec::with_capacity(pool_len);
        for _ in 0..pool_len {
            pool.push([coordinate(u)?, coordinate(u)?, coordinate(u)?]);
        }
        let point = |u: &mut Unstructured<'_>| -> Result<Vec3> { Ok(*u.choose(&pool)?) };
        let n = u.int_in_range(1..=MAX_SOUP)?;
        let mut triangles = Vec::with_capacity(n);
        for _ in 0..n {
            triangles.push(SoupTriangle {
                vertices: [point(u)?, point(u)?, point(u)?],
                flags: flags(u)?,
            });
        }
        let walls = if u.ratio(1u8, 2)? {
            u.int_in_range(0..=MAX_SOUP)?
        } else {
            0
        };
        let mut triangle_walls = Vec::with_capacity(walls);
        for _ in 0..walls {
            triangle_walls.push(TriangleWall {
                flag: i32::from(u.choose(&SurfaceType::ALL)?.bit()),
                vertices: [point(u)?, point(u)?, point(u)?],
            });
        }
        Self::new(MkgpSoupDescription {
            cell_size,
            triangles,
            triangle_walls,
        })
        .ok_or(arbitrary::Error::IncorrectFormat)
    }
}

impl Generated for MkgpSoup {
    type Description = MkgpSoupDescription;

    fn description(&self) -> &MkgpSoupDescription {
        &self.description
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}
