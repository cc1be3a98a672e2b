//! The MKGP course view ([`zc_mkgp_course`]) and its summary, the grid and its cells,
//! the records of a cell, and the cell index in caller storage.
//!
//! Sections, in order: the course → cells (and the index) → records.

use core::ffi::c_char;

use zerocol::mkgp::{
    self, Cell, CellIndex, Course, CourseParts, IndexedCourse, SurfaceFlags, SurfaceType, WallCell,
    WallIndex, raw,
};

use crate::boundary::{self, Sealed};
use crate::convert::{narrow, put, wide, wide32};
use crate::error::{fail, zc_error, zc_mode, zc_status};
use crate::mkgp::error::to_c;

/// The library's options for a mode.
pub(crate) fn options(mode: u32) -> Result<mkgp::Options, zc_status> {
    Ok(if zc_mode::from_u32(mode)?.is_lenient() {
        mkgp::Options::LENIENT
    } else {
        mkgp::Options::STRICT
    })
}

// ---------------------------------------------------------------------------------
// The course

/// A validated course: a view that borrows the buffer it was read from and stays valid
/// while those bytes do, unchanged. Made by [`zc_mkgp_parse`]; every `zc_mkgp_*`
/// accessor and query takes it and rebuilds the course in O(1).
///
/// Do not change its fields: a view whose `check` does not match them is refused with
/// `ZC_STATUS_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_mkgp_course {
    /// The file.
    pub buffer: *const u8,
    /// Its length.
    pub buffer_len: usize,
    /// File offset of the secondary (triangle wall) grid.
    pub secondary: u64,
    /// The version word (`0x20120816` unless read leniently).
    pub version: u32,
    /// W: cells along X.
    pub width: u32,
    /// L: cells along Z.
    pub length: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and a pointer only: any bits are a value (the check word and
// `Course::from_parts` decide whether it names a course).
unsafe impl boundary::Plain for zc_mkgp_course {}

boundary::sealed!(zc_mkgp_course, |v| [
    v.buffer as usize as u64,
    v.buffer_len as u64,
    v.secondary,
    u64::from(v.version),
    u64::from(v.width),
    u64::from(v.length),
]);

impl zc_mkgp_course {
    /// The C view of `course`.
    pub(crate) fn of(course: &Course<'_>) -> Self {
        let bytes = course.bytes();
        Self {
            buffer: bytes.as_ptr(),
            buffer_len: bytes.len(),
            secondary: wide(course.parts().secondary),
            version: course.version(),
            width: course.width(),
            length: course.length(),
            check: 0,
        }
        .sealed()
    }

    /// The view itself, checked, rebuilt as the library's course (O(1)).
    pub(crate) fn rebuild<'a>(&self) -> Result<Course<'a>, zc_status> {
        self.verify()?;
        let bytes = boundary::bytes(self.buffer, self.buffer_len)?;
        let parts = CourseParts {
            secondary: narrow(self.secondary)?,
        };
        let course =
            Course::from_parts(bytes, parts).ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)?;
        if course.width() != self.width || course.length() != self.length {
            return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
        }
        Ok(course)
    }

    /// The caller's view at `ptr`, rebuilt.
    pub(crate) fn read<'a>(ptr: *const Self) -> Result<Course<'a>, zc_status> {
        boundary::read(ptr)?.rebuild()
    }
}

/// Validates a whole course (`len` bytes at `bytes`): header, both grids and nothing
/// after them.
///
/// - `mode`: a `zc_mode` (lenient also takes another version word).
/// - `course`: written on `ZC_STATUS_OK`; borrows `bytes` for as long as it is used.
///   May be NULL (a check only).
/// - `err`: written on `ZC_STATUS_MALFORMED`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    course: *mut zc_mkgp_course,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match Course::parse(bytes, options) {
        Ok(c) => crate::convert::status(boundary::write_opt(course, zc_mkgp_course::of(&c))),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// The file header, decoded.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_mkgp_grid {
    /// The version word.
    pub version: u32,
    /// W: cells along X.
    pub width: u32,
    /// L: cells along Z.
    pub length: u32,
    /// Cell size along X and Z.
    pub cell_size: [f32; 2],
    /// AABB minimum (X, Z): the grid's origin.
    pub min: [f32; 2],
    /// AABB maximum (X, Z).
    pub max: [f32; 2],
    /// The minimum negated, as stored.
    pub neg_min: [f32; 2],
}

/// The course's header into `grid` (O(1)).
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_course_grid(
    course: *const zc_mkgp_course,
    grid: *mut zc_mkgp_grid,
) -> zc_status {
    let course = match zc_mkgp_course::read(course) {
        Ok(course) => course,
        Err(status) => return status,
    };
    let g = course.grid();
    put(
        grid,
        zc_mkgp_grid {
            version: g.version,
            width: g.width,
            length: g.length,
            cell_size: g.cell_size,
            min: g.min,
            max: g.max,
            neg_min: g.neg_min,
        },
    )
}

/// The figures `zerocol info` shows for a course.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_mkgp_summary {
    /// W × L: cells in each grid.
    pub cell_count: u32,
    /// File offset of the secondary grid.
    pub secondary: u64,
    /// Ground triangle records, over all cells.
    pub triangles: u64,
    /// Wall records.
    pub walls: u64,
    /// Triangle wall records.
    pub triangle_walls: u64,
    /// Primary cells with triangles or walls.
    pub cells_used: u64,
    /// Secondary cells with triangle walls.
    pub wall_cells_used: u64,
    /// Triangle records per one-hot surface bit: `surfaces[i]` counts the flags whose
    /// low 16 bits are exactly `1 << i` (the named types and the unnamed 0x0002 and
    /// 0x0040).
    pub surfaces: [u64; 16],
    /// Triangle records whose surface bits are not exactly one bit.
    pub surfaces_not_one_hot: u64,
    /// Lints, and how many of them are tolerated (a lenient read let them through).
    pub lints: u64,
    /// Tolerated lints.
    pub tolerated: u64,
}

/// The course's totals into `summary`: a walk over every cell and every lint, O(file).
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_course_summary(
    course: *const zc_mkgp_course,
    summary: *mut zc_mkgp_summary,
) -> zc_status {
    let course = match zc_mkgp_course::read(course) {
        Ok(course) => course,
        Err(status) => return status,
    };
    let mut s = zc_mkgp_summary {
        cell_count: course.cell_count(),
        secondary: wide(course.secondary_offset()),
        ..zc_mkgp_summary::default()
    };
    for cell in course.cells() {
        let (t, w) = (cell.triangles(), cell.walls());
        s.triangles = s.triangles.saturating_add(wide(t.len()));
        s.walls = s.walls.saturating_add(wide(w.len()));
        if !t.is_empty() || !w.is_empty() {
            s.cells_used = s.cells_used.saturating_add(1);
        }
        for triangle in t {
            let bits = SurfaceFlags(triangle.flags.get()).surface_bits();
            let slot = if bits.count_ones() == 1 {
                s.surfaces
                    .get_mut(usize::try_from(bits.trailing_zeros()).unwrap_or(16))
            } else {
                None
            };
            match slot {
                Some(n) => *n = n.saturating_add(1),
                None => s.surfaces_not_one_hot = s.surfaces_not_one_hot.saturating_add(1),
            }
        }
    }
    for cell in course.wall_cells() {
        let u = cell.triangle_walls();
        s.triangle_walls = s.triangle_walls.saturating_add(wide(u.len()));
        if !u.is_empty() {
            s.wall_cells_used = s.wall_cells_used.saturating_add(1);
        }
    }
    for lint in course.lints() {
        s.lints = s.lints.saturating_add(1);
        if lint.is_tolerated() {
            s.tolerated = s.tolerated.saturating_add(1);
        }
    }
    put(summary, s)
}

/// A known surface type's name, as a static NUL-terminated string (`"asphalt"`, ...),
/// from its bit (`zc_mkgp_triangle.surface_type`); `NULL` for a value that names none.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_surface_name(bit: u32) -> *const c_char {
    let name: &'static core::ffi::CStr =
        match u16::try_from(bit).ok().and_then(SurfaceType::from_bit) {
            Some(SurfaceType::Default) => c"default",
            Some(SurfaceType::MetalGrid) => c"metal grid",
            Some(SurfaceType::Dirt) => c"dirt",
            Some(SurfaceType::Grass) => c"grass",
            Some(SurfaceType::Metal) => c"metal",
            Some(SurfaceType::Water) => c"water",
            Some(SurfaceType::Wood) => c"wood",
            Some(SurfaceType::Carpet) => c"carpet",
            Some(SurfaceType::JumpPad) => c"jump pad",
            Some(SurfaceType::Smooth) => c"smooth",
            Some(SurfaceType::Asphalt) => c"asphalt",
            Some(SurfaceType::Glass) => c"glass",
            Some(SurfaceType::Sand) => c"sand",
            Some(SurfaceType::Cloud) => c"cloud",
            _ => return core::ptr::null(),
        };
    name.as_ptr()
}

/// The cell `(x, z)` a world position falls in (the grid starts at the AABB minimum):
/// `ZC_STATUS_NOT_FOUND` outside the grid. `x_out` and `z_out` are written on
/// `ZC_STATUS_OK`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_cell_of(
    course: *const zc_mkgp_course,
    x: f32,
    z: f32,
    x_out: *mut u32,
    z_out: *mut u32,
) -> zc_status {
    let course = match zc_mkgp_course::read(course) {
        Ok(course) => course,
        Err(status) => return status,
    };
    if x_out.is_null() || z_out.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let Some((cx, cz)) = course.cell_of(x, z) else {
        return zc_status::ZC_STATUS_NOT_FOUND;
    };
    match (boundary::write(x_out, cx), boundary::write(z_out, cz)) {
        (Ok(()), Ok(())) => zc_status::ZC_STATUS_OK,
        (Err(status), _) | (_, Err(status)) => status,
    }
}

// ---------------------------------------------------------------------------------
// Cells

/// One cell of both grids: its primary records (triangles, walls) and its secondary
/// ones (triangle walls). A view that carries its course; made by [`zc_mkgp_course_cell`],
/// [`zc_mkgp_course_cell_at`] and [`zc_mkgp_cells_next`]; do not change its fields.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_mkgp_cell {
    /// The course.
    pub course: zc_mkgp_course,
    /// File-order number (`z × W + x`).
    pub index: u32,
    /// Column (along X).
    pub x: u32,
    /// Row (along Z).
    pub z: u32,
    /// Ground triangles.
    pub triangle_count: u32,
    /// Walls.
    pub wall_count: u32,
    /// Triangle walls (secondary grid).
    pub triangle_wall_count: u32,
    /// File offset of the primary cell's count fields.
    pub offset: u64,
    /// File offset of the secondary cell's count field.
    pub wall_offset: u64,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, a pointer and a plain view only.
unsafe impl boundary::Plain for zc_mkgp_cell {}

boundary::sealed!(zc_mkgp_cell, |v| [
    u64::from(v.course.check),
    u64::from(v.index),
    u64::from(v.x),
    u64::from(v.z),
    u64::from(v.triangle_count),
    u64::from(v.wall_count),
    u64::from(v.triangle_wall_count),
    v.offset,
    v.wall_offset,
]);

impl zc_mkgp_cell {
    /// The view of a cell of `course`.
    pub(crate) fn of(course: &Course<'_>, cell: &Cell<'_>, wall: &WallCell<'_>) -> Self {
        Self {
            course: zc_mkgp_course::of(course),
            index: cell.index(),
            x: cell.x(),
            z: cell.z(),
            triangle_count: wide32(cell.triangles().len()),
            wall_count: wide32(cell.walls().len()),
            triangle_wall_count: wide32(wall.triangle_walls().len()),
            offset: wide(cell.offset()),
            wall_offset: wide(wall.offset()),
            check: 0,
        }
        .sealed()
    }

    /// The caller's cell at `ptr`, rebuilt in O(1): its course and both grids' cells.
    pub(crate) fn read<'a>(
        ptr: *const Self,
    ) -> Result<(Course<'a>, Cell<'a>, WallCell<'a>), zc_status> {
        let view = boundary::read(ptr)?;
        view.verify()?;
        let course = view.course.rebuild()?;
        let cell = course.cell_at_offset(narrow(view.offset)?, view.index);
        let wall = course.wall_cell_at_offset(narrow(view.wall_offset)?, view.index);
        match (cell, wall) {
            (Some(cell), Some(wall)) => Ok((course, cell, wall)),
            _ => Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        }
    }
}

/// The caller's index storage over both grids (from [`zc_mkgp_index_build`]), or
/// `None` when `len` is 0 (walk the grids).
#[derive(Clone, Copy)]
pub(crate) struct Storage<'i> {
    pub(crate) cells: &'i [u32],
    pub(crate) walls: &'i [u32],
}

impl<'i> Storage<'i> {
    /// The caller's storage for `course`: `ZC_STATUS_BUFFER_TOO_SMALL` when nonzero
    /// but short of `2 × W × L` entries.
    pub(crate) fn of(
        course: &Course<'_>,
        index: *const u32,
        len: usize,
    ) -> Result<Option<Self>, zc_status> {
        let storage: &'i [u32] = boundary::slice(index, len)?;
        if len == 0 {
            return Ok(None);
        }
        let n = usize::try_from(course.cell_count())
            .map_err(|_| zc_status::ZC_STATUS_BUFFER_TOO_SMALL)?;
        let (cells, rest) = storage
            .split_at_checked(n)
            .ok_or(zc_status::ZC_STATUS_BUFFER_TOO_SMALL)?;
        let walls = rest.get(..n).ok_or(zc_status::ZC_STATUS_BUFFER_TOO_SMALL)?;
        Ok(Some(Self { cells, walls }))
    }

    /// Both grids indexed, in O(1).
    pub(crate) fn indexed<'a>(
        self,
        course: &Course<'a>,
    ) -> Result<IndexedCourse<'a, 'i>, zc_status> {
        IndexedCourse::from_storage(*course, self.cells, self.walls)
            .map_err(|_| zc_status::ZC_STATUS_BUFFER_TOO_SMALL)
    }

    /// Cell `(x, z)` of both grids, in O(1).
    pub(crate) fn cell<'a>(
        self,
        course: &Course<'a>,
        x: u32,
        z: u32,
    ) -> Result<Option<(Cell<'a>, WallCell<'a>)>, zc_status> {
        let too_small = |_| zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
        let cells = CellIndex::from_storage(*course, self.cells).map_err(too_small)?;
        let walls = WallIndex::from_storage(*course, self.walls).map_err(too_small)?;
        Ok(cells.cell(x, z).zip(walls.cell(x, z)))
    }
}

/// The course's indexed form, when the caller gave storage.
pub(crate) fn indexed<'a, 'i>(
    course: &Course<'a>,
    index: *const u32,
    len: usize,
) -> Result<Option<IndexedCourse<'a, 'i>>, zc_status> {
    match Storage::of(course, index, len)? {
        Some(storage) => storage.indexed(course).map(Some),
        None => Ok(None),
    }
}

/// Entries of index storage [`zc_mkgp_index_build`] needs: `2 × W × L` (the primary
/// grid's cell offsets, then the secondary grid's). 0 for a view that is not valid.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_index_len(course: *const zc_mkgp_course) -> u64 {
    zc_mkgp_course::read(course).map_or(0, |c| u64::from(c.cell_count()).saturating_mul(2))
}

/// Fills the caller's `storage` (`len` entries of `uint32_t`, at least
/// [`zc_mkgp_index_len`]) with the offset of every cell of both grids, in one walk over
/// the file; afterwards every function that takes `index, index_len` finds a cell in
/// O(1). The storage must stay unchanged while it is used.
///
/// `ZC_STATUS_BUFFER_TOO_SMALL` when `len` is short (nothing written);
/// `ZC_STATUS_OUT_OF_RANGE` when a cell lies past 4 GiB.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_index_build(
    course: *const zc_mkgp_course,
    storage: *mut u32,
    len: usize,
) -> zc_status {
    let course = match zc_mkgp_course::read(course) {
        Ok(course) => course,
        Err(status) => return status,
    };
    let storage = match boundary::slice_mut(storage, len) {
        Ok(storage) => storage,
        Err(status) => return status,
    };
    let Ok(n) = usize::try_from(course.cell_count()) else {
        return zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
    };
    let Some((cells, rest)) = storage.split_at_mut_checked(n) else {
        return zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
    };
    let Some(walls) = rest.get_mut(..n) else {
        return zc_status::ZC_STATUS_BUFFER_TOO_SMALL;
    };
    match (course.index(cells), course.wall_index(walls)) {
        (Ok(_), Ok(_)) => zc_status::ZC_STATUS_OK,
        (Err(mkgp::IndexError::StorageTooSmall(_)), _)
        | (_, Err(mkgp::IndexError::StorageTooSmall(_))) => zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
        _ => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}

/// Cell `(x, z)` of both grids into `cell`: `ZC_STATUS_OUT_OF_RANGE` outside
/// `W × L`.
///
/// - `index`, `index_len`: storage [`zc_mkgp_index_build`] filled for this course
///   (O(1)), or NULL and 0 (a walk over the grids, O(cells));
///   `ZC_STATUS_BUFFER_TOO_SMALL` when `index_len` is nonzero but short.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_course_cell(
    course: *const zc_mkgp_course,
    index: *const u32,
    index_len: usize,
    x: u32,
    z: u32,
    cell: *mut zc_mkgp_cell,
) -> zc_status {
    let course = match zc_mkgp_course::read(course) {
        Ok(course) => course,
        Err(status) => return status,
    };
    let found = match Storage::of(&course, index, index_len) {
        Ok(Some(storage)) => match storage.cell(&course, x, z) {
            Ok(found) => found,
            Err(status) => return status,
        },
        Ok(None) => course.cell(x, z).zip(course.wall_cell(x, z)),
        Err(status) => return status,
    };
    match found {
        Some((c, w)) => put(cell, zc_mkgp_cell::of(&course, &c, &w)),
        None => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}

/// The cell a world position `(x, z)` falls in, into `cell`: `ZC_STATUS_NOT_FOUND`
/// outside the grid. `index`, `index_len` as for [`zc_mkgp_course_cell`].
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_course_cell_at(
    course: *const zc_mkgp_course,
    index: *const u32,
    index_len: usize,
    x: f32,
    z: f32,
    cell: *mut zc_mkgp_cell,
) -> zc_status {
    let c = match zc_mkgp_course::read(course) {
        Ok(c) => c,
        Err(status) => return status,
    };
    match c.cell_of(x, z) {
        Some((cx, cz)) => zc_mkgp_course_cell(course, index, index_len, cx, cz, cell),
        None => zc_status::ZC_STATUS_NOT_FOUND,
    }
}

/// A walk over the cells of both grids in file order: [`zc_mkgp_cells_begin`], then
/// [`zc_mkgp_cells_next`] until `ZC_STATUS_END`. O(1) per cell.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_mkgp_cells {
    /// The course.
    pub course: zc_mkgp_course,
    /// The next cell's number.
    pub next: u32,
    /// File offset of the next primary cell.
    pub offset: u64,
    /// File offset of the next secondary cell.
    pub wall_offset: u64,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, a pointer and a plain view only.
unsafe impl boundary::Plain for zc_mkgp_cells {}

boundary::sealed!(zc_mkgp_cells, |v| [
    u64::from(v.course.check),
    u64::from(v.next),
    v.offset,
    v.wall_offset,
]);

/// Starts a walk over the course's cells, into `iter`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_cells_begin(
    course: *const zc_mkgp_course,
    iter: *mut zc_mkgp_cells,
) -> zc_status {
    let c = match zc_mkgp_course::read(course) {
        Ok(c) => c,
        Err(status) => return status,
    };
    let first = c.cells().next().map_or(0, |cell| wide(cell.offset()));
    let walk = zc_mkgp_cells {
        course: zc_mkgp_course::of(&c),
        next: 0,
        offset: first,
        wall_offset: wide(c.secondary_offset()),
        check: 0,
    };
    put(iter, walk.sealed())
}

/// The walk's next cell, into `cell`: `ZC_STATUS_OK`, or `ZC_STATUS_END` after the
/// last one.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_cells_next(
    iter: *mut zc_mkgp_cells,
    cell: *mut zc_mkgp_cell,
) -> zc_status {
    let walk = match boundary::read_sealed(iter.cast_const()) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    let course = match walk.course.rebuild() {
        Ok(course) => course,
        Err(status) => return status,
    };
    if walk.next >= course.cell_count() {
        return zc_status::ZC_STATUS_END;
    }
    if cell.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let (offset, wall_offset) = match (narrow(walk.offset), narrow(walk.wall_offset)) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return zc_status::ZC_STATUS_INVALID_ARGUMENT,
    };
    let (Some(c), Some(w)) = (
        course.cell_at_offset(offset, walk.next),
        course.wall_cell_at_offset(wall_offset, walk.next),
    ) else {
        return zc_status::ZC_STATUS_INVALID_ARGUMENT;
    };
    let end = offset
        .saturating_add(size_of::<raw::CellHeader>())
        .saturating_add(size_of_val(c.triangles()))
        .saturating_add(size_of_val(c.walls()));
    let wall_end = wall_offset
        .saturating_add(size_of::<raw::WallCellHeader>())
        .saturating_add(size_of_val(w.triangle_walls()));
    if let Err(status) = boundary::write(cell, zc_mkgp_cell::of(&course, &c, &w)) {
        return status;
    }
    let advanced = zc_mkgp_cells {
        next: walk.next.saturating_add(1),
        offset: wide(end),
        wall_offset: wide(wall_end),
        ..walk
    };
    put(iter, advanced.sealed())
}

// ---------------------------------------------------------------------------------
// Records

/// A ground triangle, every field decoded, its surface flags split.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_mkgp_triangle {
    /// File offset of the record (the hit index of a query).
    pub offset: u64,
    /// XZ bounds, minimum.
    pub min: [f32; 2],
    /// XZ bounds, maximum.
    pub max: [f32; 2],
    /// The vertices (X, Y, Z; Y up).
    pub vertices: [[f32; 3]; 3],
    /// The stored edge directions (edge i from vertex i to i + 1).
    pub edges: [[f32; 3]; 3],
    /// Bit i: edge i is shared with another triangle.
    pub neighbours: u32,
    /// The surface flags as stored.
    pub flags: u32,
    /// Their low 16 bits: one bit per surface type.
    pub surface_bits: u32,
    /// Bits 16–23.
    pub sound_variant: u32,
    /// Bits 24–31.
    pub special_effect: u32,
    /// The one known surface type's bit ([`zc_mkgp_surface_name`]), 0 when the bits are
    /// not exactly one known type.
    pub surface_type: u32,
    /// The stored unit normal.
    pub normal: [f32; 3],
    /// The plane offset `d`: `dot(normal, p) + d = 0`.
    pub d: f32,
}

/// A wall: a triangle edge without a neighbour.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_mkgp_wall {
    /// File offset of the record.
    pub offset: u64,
    /// Edge bounds, minimum.
    pub min: [f32; 3],
    /// Edge bounds, maximum.
    pub max: [f32; 3],
    /// First end.
    pub p1: [f32; 3],
    /// Second end.
    pub p2: [f32; 3],
}

/// A triangle wall (secondary grid).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_mkgp_triangle_wall {
    /// File offset of the record (the hit index of a query).
    pub offset: u64,
    /// The flag (meaning unknown).
    pub flag: i32,
    /// The vertices.
    pub vertices: [[f32; 3]; 3],
}

/// The split surface flags of a triangle: `flags`, its parts and its type.
pub(crate) fn triangle_of(bytes: &[u8], t: &raw::Triangle) -> zc_mkgp_triangle {
    let d = t.decode();
    zc_mkgp_triangle {
        offset: boundary::offset_in(bytes, t),
        min: d.min,
        max: d.max,
        vertices: d.vertices,
        edges: d.edges,
        neighbours: d.neighbours,
        flags: d.flags.0,
        surface_bits: u32::from(d.flags.surface_bits()),
        sound_variant: u32::from(d.flags.sound_variant()),
        special_effect: u32::from(d.flags.special_effect()),
        surface_type: d.flags.surface_type().map_or(0, |s| u32::from(s.bit())),
        normal: d.normal,
        d: d.d,
    }
}

/// Triangle `i` of `cell` into `out` (O(1)): `ZC_STATUS_OUT_OF_RANGE` past
/// `cell.triangle_count`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_cell_triangle(
    cell: *const zc_mkgp_cell,
    i: u32,
    out: *mut zc_mkgp_triangle,
) -> zc_status {
    let (course, cell, _) = match zc_mkgp_cell::read(cell) {
        Ok(found) => found,
        Err(status) => return status,
    };
    match usize::try_from(i)
        .ok()
        .and_then(|i| cell.triangles().get(i))
    {
        Some(t) => put(out, triangle_of(course.bytes(), t)),
        None => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}

/// Wall `i` of `cell` into `out` (O(1)): `ZC_STATUS_OUT_OF_RANGE` past
/// `cell.wall_count`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_cell_wall(
    cell: *const zc_mkgp_cell,
    i: u32,
    out: *mut zc_mkgp_wall,
) -> zc_status {
    let (course, cell, _) = match zc_mkgp_cell::read(cell) {
        Ok(found) => found,
        Err(status) => return status,
    };
    match usize::try_from(i).ok().and_then(|i| cell.walls().get(i)) {
        Some(w) => {
            let d = w.decode();
            put(
                out,
                zc_mkgp_wall {
                    offset: boundary::offset_in(course.bytes(), w),
                    min: d.min,
                    max: d.max,
                    p1: d.p1,
                    p2: d.p2,
                },
            )
        }
        None => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}

/// Triangle wall `i` of `cell` into `out` (O(1)): `ZC_STATUS_OUT_OF_RANGE` past
/// `cell.triangle_wall_count`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_mkgp_cell_triangle_wall(
    cell: *const zc_mkgp_cell,
    i: u32,
    out: *mut zc_mkgp_triangle_wall,
) -> zc_status {
    let (course, _, wall) = match zc_mkgp_cell::read(cell) {
        Ok(found) => found,
        Err(status) => return status,
    };
    match usize::try_from(i)
        .ok()
        .and_then(|i| wall.triangle_walls().get(i))
    {
        Some(w) => {
            let d = w.decode();
            put(
                out,
                zc_mkgp_triangle_wall {
                    offset: boundary::offset_in(course.bytes(), w),
                    flag: d.flag,
                    vertices: d.vertices,
                },
            )
        }
        None => zc_status::ZC_STATUS_OUT_OF_RANGE,
    }
}
