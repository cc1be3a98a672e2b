//! Collision queries on a course ([`crate::query`]): a segment walks the grid
//! cell by cell (a 2D DDA over XZ, the grid's plane; Y is up) and tests each
//! cell's ground triangles and triangle walls; a ball tests the cells its XZ
//! bounds cover.
//!
//! Three ways in, with the same answers:
//! - [`Course`]: each cell found by walking the file, O(cells) per cell
//!   visited;
//! - [`CellIndex`]: ground cells in O(1), wall cells by walking;
//! - [`IndexedCourse`]: both grids in O(1), from caller storage.
//!
//! The walk stops one cell after the cell where the nearest hit so far lies
//! (a cell's records are copies of the triangles touching it, so a triangle
//! is tested again in every cell it spans). Ground triangles are
//! [`Primitive::Face`], triangle walls [`Primitive::Wall`]; a hit's `index`
//! is the record's byte offset in the file (each cell holds its own copy of
//! a record), its material the triangle's [`SurfaceFlags`] or the triangle
//! wall's flag ([`Surface`]). The edge walls of the primary grid are line
//! segments without area and are never hit. An overlap reports each touching
//! record once, from the cell its contact point falls in.
//!
//! ```
//! use zerocol::mkgp::{Course, Options, Surface};
//! use zerocol::query::{Primitive, Query, Segment};
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/course.col");
//! let course = Course::parse(bytes, Options::STRICT)?;
//! let [x, z] = course.grid().min;
//! let down = Segment::new([x + 1.0, 1000.0, z + 1.0], [x + 1.0, -1000.0, z + 1.0]);
//! if let Some(hit) = course.cast(down) {
//!     assert_eq!(hit.primitive, Primitive::Face);
//!     assert!(matches!(hit.material, Surface::Ground(_)));
//!     let ground = course.ground_height(x + 1.0, z + 1.0).map(|g| g.height);
//!     assert!(ground.is_some_and(|h| (h - hit.point[1]).abs() < 1e-2));
//! }
//! # Ok::<(), zerocol::mkgp::Error>(())
//! ```

use super::raw;
use super::records::SurfaceFlags;
use super::view::{Cell, CellIndex, Course, IndexError, WallCell, WallIndex};
use crate::query::found::{contact, hit};
use crate::query::vec::finite;
use crate::query::{
    Ball, Contact, Contacts, Hit, Nearest, Primitive, Query, Segment, Vec3, segment_triangle,
    sphere_triangle,
};

/// What a query hit: a ground triangle's surface or a triangle wall's flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Surface {
    /// A ground triangle's surface flags.
    Ground(SurfaceFlags),
    /// A triangle wall's flag (its meaning is unknown).
    Wall(i32),
}

/// A course with both grids indexed in caller storage: every cell in O(1).
#[derive(Clone, Copy, Debug)]
pub struct IndexedCourse<'a, 'i> {
    cells: CellIndex<'a, 'i>,
    walls: WallIndex<'a, 'i>,
}

impl<'a, 'i> IndexedCourse<'a, 'i> {
    /// Indexes both grids: `cells` and `walls` each need at least
    /// [`Course::cell_count`] entries.
    pub fn new(
        course: &Course<'a>,
        cells: &'i mut [u32],
        walls: &'i mut [u32],
    ) -> Result<Self, IndexError> {
        Ok(Self {
            cells: course.index(cells)?,
            walls: course.wall_index(walls)?,
        })
    }
}

impl<'a, 'i> IndexedCourse<'a, 'i> {
    /// Both grids over storage that [`IndexedCourse::new`] (or [`Course::index`]
    /// and [`Course::wall_index`]) filled for the same course, in O(1): see
    /// [`CellIndex::from_storage`].
    pub fn from_storage(
        course: Course<'a>,
        cells: &'i [u32],
        walls: &'i [u32],
    ) -> Result<Self, IndexError> {
        Ok(Self {
            cells: CellIndex::from_storage(course, cells)?,
            walls: WallIndex::from_storage(course, walls)?,
        })
    }
}

/// Where a query finds a cell of either grid.
trait Source<'a> {
    fn course(&self) -> &Course<'a>;
    fn ground_cell(&self, x: u32, z: u32) -> Option<Cell<'a>>;
    fn wall_cell(&self, x: u32, z: u32) -> Option<WallCell<'a>>;
}

impl<'a> Source<'a> for Course<'a> {
    fn course(&self) -> &Course<'a> {
        self
    }
    fn ground_cell(&self, x: u32, z: u32) -> Option<Cell<'a>> {
        self.cell(x, z)
    }
    fn wall_cell(&self, x: u32, z: u32) -> Option<WallCell<'a>> {
        Course::wall_cell(self, x, z)
    }
}

impl<'a> Source<'a> for CellIndex<'a, '_> {
    fn course(&self) -> &Course<'a> {
        CellIndex::course(self)
    }
    fn ground_cell(&self, x: u32, z: u32) -> Option<Cell<'a>> {
        self.cell(x, z)
    }
    fn wall_cell(&self, x: u32, z: u32) -> Option<WallCell<'a>> {
        CellIndex::course(self).wall_cell(x, z)
    }
}

impl<'a> Source<'a> for IndexedCourse<'a, '_> {
    fn course(&self) -> &Course<'a> {
        self.cells.course()
    }
    fn ground_cell(&self, x: u32, z: u32) -> Option<Cell<'a>> {
        self.cells.cell(x, z)
    }
    fn wall_cell(&self, x: u32, z: u32) -> Option<WallCell<'a>> {
        self.walls.cell(x, z)
    }
}

/// The grid's placement: origin, cell size and counts along X and Z.
#[derive(Clone, Copy)]
struct Axes {
    min: [f32; 2],
    size: [f32; 2],
    count: [u32; 2],
}

impl Axes {
    fn of(course: &Course<'_>) -> Self {
        let g = course.grid();
        Self {
            min: g.min,
            size: g.cell_size,
            count: [course.width(), course.length()],
        }
    }

    /// The far border along one axis.
    fn max(&self, axis: usize) -> f32 {
        let (min, size, count) = self.get(axis);
        min + size * count as f32
    }

    fn get(&self, axis: usize) -> (f32, f32, u32) {
        let [mx, mz] = self.min;
        let [sx, sz] = self.size;
        let [cx, cz] = self.count;
        if axis == 0 {
            (mx, sx, cx)
        } else {
            (mz, sz, cz)
        }
    }

    /// The cell a coordinate falls in, clamped into the grid.
    fn cell(&self, axis: usize, v: f32) -> u32 {
        let (min, size, count) = self.get(axis);
        let f = libm::floorf((v - min) / size);
        let last = count.saturating_sub(1);
        if f.is_nan() || f < 0.0 {
            0
        } else if f >= last as f32 {
            last
        } else {
            // 0 <= f < last <= u32::MAX: the truncation is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let c = f as u32;
            c
        }
    }

    /// The `t` where `p + t·d` crosses the border of cell `c` it moves
    /// towards along one axis (infinite when it does not move along it).
    fn next_border(&self, axis: usize, c: u32, p: f32, d: f32) -> f32 {
        let (min, size, _) = self.get(axis);
        let border = if d > 0.0 {
            min + size * (c as f32 + 1.0)
        } else {
            min + size * c as f32
        };
        if d == 0.0 {
            f32::INFINITY
        } else {
            let t = (border - p) / d;
            if t.is_nan() { f32::INFINITY } else { t }
        }
    }
}

/// The part `[t0, t1]` of `start + t·dir` over the grid's XZ rectangle.
fn clip(axes: &Axes, start: Vec3, dir: Vec3) -> Option<(f32, f32)> {
    let ([sx, _, sz], [dx, _, dz]) = (start, dir);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (axis, p, d) in [(0, sx, dx), (1, sz, dz)] {
        let (lo, hi) = (axes.get(axis).0, axes.max(axis));
        if d == 0.0 {
            if !(lo <= p && p <= hi) {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo - p) / d, (hi - p) / d);
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        t0 = t0.max(a);
        t1 = t1.min(b);
    }
    (t0 <= t1).then_some((t0, t1))
}

/// Byte offset of record `i` of a slice starting after a header.
fn record_offset(cell_offset: usize, header: usize, size: usize, i: usize) -> usize {
    cell_offset
        .saturating_add(header)
        .saturating_add(i.saturating_mul(size))
}

/// Offers every hit of one cell (both grids) to `nearest`.
fn visit<'a, S: Source<'a>>(
    source: &S,
    (x, z): (u32, u32),
    segment: &Segment,
    keep: &mut dyn FnMut(&Surface) -> bool,
    nearest: &mut Nearest<Surface>,
) {
    let (start, dir) = (segment.start, segment.direction());
    if let Some(cell) = source.ground_cell(x, z) {
        for (i, t) in cell.triangles().iter().enumerate() {
            let t = t.decode();
            let material = Surface::Ground(t.flags);
            if !keep(&material) {
                continue;
            }
            let at = record_offset(
                cell.offset(),
                size_of::<raw::CellHeader>(),
                size_of::<raw::Triangle>(),
                i,
            );
            let found = segment_triangle(start, dir, t.vertices);
            if let Some(h) = found.and_then(|f| hit(segment, f, Primitive::Face, at, material)) {
                nearest.offer(h);
            }
        }
    }
    if let Some(cell) = source.wall_cell(x, z) {
        for (i, w) in cell.triangle_walls().iter().enumerate() {
            let w = w.decode();
            let material = Surface::Wall(w.flag);
            if !keep(&material) {
                continue;
            }
            let at = record_offset(
                cell.offset(),
                size_of::<raw::WallCellHeader>(),
                size_of::<raw::TriangleWall>(),
                i,
            );
            let found = segment_triangle(start, dir, w.vertices);
            if let Some(h) = found.and_then(|f| hit(segment, f, Primitive::Wall, at, material)) {
                nearest.offer(h);
            }
        }
    }
}

/// The nearest hit along a segment, walking the grid cell by cell.
fn cast<'a, S: Source<'a>>(
    source: &S,
    segment: &Segment,
    keep: &mut dyn FnMut(&Surface) -> bool,
) -> Option<Hit<Surface>> {
    let axes = Axes::of(source.course());
    let (start, dir) = (segment.start, segment.direction());
    if !(finite(start) && finite(dir)) {
        return None;
    }
    let (t0, t1) = clip(&axes, start, dir)?;
    let ([sx, _, sz], [dx, _, dz]) = (start, dir);
    let first = segment.at(t0);
    let [fx, _, fz] = first;
    let (mut cx, mut cz) = (axes.cell(0, fx), axes.cell(1, fz));
    let mut nearest = Nearest::new();
    // Where the cell before the current one was entered: once the nearest
    // hit lies before it, no later cell can hold a nearer one (one cell of
    // slack for rounding at the borders).
    let mut before = f32::NEG_INFINITY;
    let mut entered = t0;
    let [w, l] = axes.count;
    let steps = w.saturating_add(l).saturating_add(2);
    for _ in 0..steps {
        if nearest.get().is_some() && nearest.limit() < before {
            break;
        }
        visit(source, (cx, cz), segment, keep, &mut nearest);
        let (nx, nz) = (
            axes.next_border(0, cx, sx, dx),
            axes.next_border(1, cz, sz, dz),
        );
        let next = nx.min(nz);
        if next.is_nan() || next > t1 {
            break;
        }
        let moved = if nx <= nz {
            step(cx, dx, w).map(|c| cx = c)
        } else {
            step(cz, dz, l).map(|c| cz = c)
        };
        if moved.is_none() {
            break;
        }
        before = entered;
        entered = next;
    }
    nearest.into_hit()
}

/// The next cell along one axis, if there is one.
fn step(c: u32, d: f32, count: u32) -> Option<u32> {
    let next = if d > 0.0 {
        c.checked_add(1)?
    } else {
        c.checked_sub(1)?
    };
    (next < count).then_some(next)
}

/// Every record a ball touches, each once.
fn overlap<'a, S: Source<'a>>(source: &S, ball: Ball, out: &mut [Contact<Surface>]) -> usize {
    let mut contacts = Contacts::new(out);
    let axes = Axes::of(source.course());
    let (c, r) = (ball.center, ball.radius);
    if !(finite(c) && r >= 0.0 && r.is_finite()) {
        return 0;
    }
    let [x, _, z] = c;
    let (x0, x1) = (axes.cell(0, x - r), axes.cell(0, x + r));
    let (z0, z1) = (axes.cell(1, z - r), axes.cell(1, z + r));
    // Outside the grid altogether: nothing.
    let reaches = |axis: usize, v: f32| axes.get(axis).0 <= v + r && v - r <= axes.max(axis);
    if !(reaches(0, x) && reaches(1, z)) {
        return 0;
    }
    let home = |p: Vec3| {
        let [px, _, pz] = p;
        (axes.cell(0, px), axes.cell(1, pz))
    };
    for cz in z0..=z1 {
        for cx in x0..=x1 {
            if let Some(cell) = source.ground_cell(cx, cz) {
                for (i, t) in cell.triangles().iter().enumerate() {
                    let t = t.decode();
                    let at = record_offset(
                        cell.offset(),
                        size_of::<raw::CellHeader>(),
                        size_of::<raw::Triangle>(),
                        i,
                    );
                    let found = sphere_triangle(c, r, t.vertices)
                        .filter(|&(_, p, _)| home(p) == (cx, cz))
                        .and_then(|f| contact(f, Primitive::Face, at, Surface::Ground(t.flags)));
                    if let Some(found) = found {
                        contacts.push(found);
                    }
                }
            }
            if let Some(cell) = source.wall_cell(cx, cz) {
                for (i, w) in cell.triangle_walls().iter().enumerate() {
                    let w = w.decode();
                    let at = record_offset(
                        cell.offset(),
                        size_of::<raw::WallCellHeader>(),
                        size_of::<raw::TriangleWall>(),
                        i,
                    );
                    let found = sphere_triangle(c, r, w.vertices)
                        .filter(|&(_, p, _)| home(p) == (cx, cz))
                        .and_then(|f| contact(f, Primitive::Wall, at, Surface::Wall(w.flag)));
                    if let Some(found) = found {
                        contacts.push(found);
                    }
                }
            }
        }
    }
    contacts.found()
}

impl Query for Course<'_> {
    type Material = Surface;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&Surface) -> bool,
    ) -> Option<Hit<Surface>> {
        cast(self, &segment, keep)
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<Surface>]) -> usize {
        overlap(self, ball, out)
    }
}

impl Query for CellIndex<'_, '_> {
    type Material = Surface;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&Surface) -> bool,
    ) -> Option<Hit<Surface>> {
        cast(self, &segment, keep)
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<Surface>]) -> usize {
        overlap(self, ball, out)
    }
}

impl Query for IndexedCourse<'_, '_> {
    type Material = Surface;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&Surface) -> bool,
    ) -> Option<Hit<Surface>> {
        cast(self, &segment, keep)
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<Surface>]) -> usize {
        overlap(self, ball, out)
    }
}
