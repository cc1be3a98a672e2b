//! Reading Grit TCOL and BCOL from C: one [`zc_grit_body`] view over either flavour,
//! the summary figures, the attributes, shapes, hull vertices, trimesh and lints.
//!
//! A body view holds the buffer, its flavour and mode, and its counts. Each call that
//! takes it validates the buffer again (one pass over the file, O(n), as a query over
//! the body costs anyway) and checks the counts still match; so the list accessors
//! fill a caller array from an index (`first`), and a caller reads a whole list in one
//! call or a few, never item by item.

use core::ffi::c_char;

use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::tcol::{self, Tcol};
use zerocol::grit::{
    self, Attributes, Flavour, LintKind, Shape, ShapeKind, Shapes, Trimesh, bcol::LintKind as BLint,
};

use crate::boundary;
use crate::error::{ZC_MESSAGE_CAP, fail, zc_error, zc_mode, zc_status};
use crate::format::zc_format;
use crate::grit::error::{bcol_to_c, tcol_to_c};

/// The flavour of Grit collision the `len` bytes at `bytes` start with, from their
/// first four bytes as the engine decides: `ZC_FORMAT_TCOL`, `ZC_FORMAT_BCOL`, or
/// `ZC_FORMAT_NONE` (also for NULL with a nonzero `len`). A `zc_format`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_sniff(bytes: *const u8, len: usize) -> u32 {
    let format = match boundary::bytes(bytes, len).map(grit::sniff) {
        Ok(Some(Flavour::Tcol)) => zc_format::ZC_FORMAT_TCOL,
        Ok(Some(Flavour::Bcol)) => zc_format::ZC_FORMAT_BCOL,
        _ => zc_format::ZC_FORMAT_NONE,
    };
    format as u32
}

/// A validated file of either flavour.
#[derive(Clone, Copy)]
pub(crate) enum File<'a> {
    Tcol(Tcol<'a>),
    Bcol(Bcol<'a>),
}

impl<'a> File<'a> {
    pub(crate) fn attributes(&self) -> Attributes {
        match self {
            Self::Tcol(t) => t.attributes(),
            Self::Bcol(b) => b.attributes(),
        }
    }

    pub(crate) fn shapes(&self) -> Shapes<'a> {
        match self {
            Self::Tcol(t) => t.shapes(),
            Self::Bcol(b) => b.shapes(),
        }
    }

    pub(crate) fn trimesh(&self) -> Option<Trimesh<'a>> {
        match self {
            Self::Tcol(t) => t.trimesh(),
            Self::Bcol(b) => b.trimesh(),
        }
    }

    fn has_compound(&self) -> bool {
        match self {
            Self::Tcol(t) => t.has_compound(),
            Self::Bcol(b) => b.shape_count() > 0,
        }
    }

    fn format(&self) -> zc_format {
        match self {
            Self::Tcol(_) => zc_format::ZC_FORMAT_TCOL,
            Self::Bcol(_) => zc_format::ZC_FORMAT_BCOL,
        }
    }

    /// Every lint, in the library's order, as C records, to `visit`.
    fn lints(&self, mut visit: impl FnMut(zc_grit_lint)) {
        match self {
            Self::Tcol(t) => t.lints().for_each(|l| visit(tcol_lint(&l))),
            Self::Bcol(b) => b.lints().for_each(|l| visit(bcol_lint(&l))),
        }
    }
}

/// Why a read failed: the library's error, and whether a lenient read succeeds.
pub(crate) enum Failure {
    Tcol(tcol::Error, bool),
    Bcol(bcol::Error, bool),
}

impl Failure {
    /// The C error.
    fn to_c(&self) -> zc_error {
        match self {
            Self::Tcol(e, readable) => tcol_to_c(e, *readable),
            Self::Bcol(e, readable) => bcol_to_c(e, *readable),
        }
    }
}

/// The TCOL options of a mode.
fn tcol_options(lenient: bool) -> tcol::Options {
    if lenient {
        tcol::Options::LENIENT
    } else {
        tcol::Options::STRICT
    }
}

/// The BCOL options of a mode.
fn bcol_options(lenient: bool) -> bcol::Options {
    if lenient {
        bcol::Options::LENIENT
    } else {
        bcol::Options::STRICT
    }
}

/// Parses `bytes` as `format` (TCOL or BCOL) in `lenient` mode.
fn parse(bytes: &[u8], format: zc_format, lenient: bool) -> Result<File<'_>, Failure> {
    if format == zc_format::ZC_FORMAT_BCOL {
        match Bcol::parse(bytes, bcol_options(lenient)) {
            Ok(b) => Ok(File::Bcol(b)),
            Err(e) => {
                let readable = !lenient && Bcol::parse(bytes, bcol_options(true)).is_ok();
                Err(Failure::Bcol(e, readable))
            }
        }
    } else {
        match Tcol::parse(bytes, tcol_options(lenient)) {
            Ok(t) => Ok(File::Tcol(t)),
            Err(e) => {
                let readable = !lenient && Tcol::parse(bytes, tcol_options(true)).is_ok();
                Err(Failure::Tcol(e, readable))
            }
        }
    }
}

/// One validated Grit body, TCOL or BCOL: a view that borrows the buffer it was read
/// from and stays valid while those bytes do, unchanged. Made by [`zc_grit_parse`],
/// [`zc_tcol_parse`] and [`zc_bcol_parse`]; read its fields, and hand it to the
/// `zc_grit_*` accessors and queries. Each of them validates the buffer again (O(n):
/// a 505 KB TCOL file takes about 5 ms), so they fill caller arrays in batches. The
/// material pointers they hand out point into the buffer (or at a static empty
/// string) and stay valid while it does.
///
/// Do not change its fields: a view whose `check` does not match them, or whose
/// buffer no longer reads as it did, is refused with `ZC_STATUS_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_grit_body {
    /// The buffer the body was read from.
    pub buffer: *const u8,
    /// The buffer's length.
    pub buffer_len: usize,
    /// `ZC_FORMAT_TCOL` or `ZC_FORMAT_BCOL` (a `zc_format`).
    pub format: u32,
    /// The read's mode (a `zc_mode`).
    pub mode: u32,
    /// 1 when the file has a compound (TCOL: a `compound` block, perhaps empty;
    /// BCOL: any shape).
    pub has_compound: u32,
    /// 1 when the file has a trimesh.
    pub has_trimesh: u32,
    /// Shapes in the compound.
    pub shape_count: u64,
    /// Trimesh vertices (0 without a trimesh).
    pub vertex_count: u64,
    /// Trimesh faces (0 without a trimesh).
    pub face_count: u64,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and a pointer only: any bits are a value (the check word and a
// fresh validation decide whether it names a body).
unsafe impl boundary::Plain for zc_grit_body {}

/// A count as a C `uint64_t`.
fn wide(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

impl zc_grit_body {
    /// The C view of `file`, read from `buffer` in `mode`.
    fn of(buffer: &[u8], mode: u32, file: &File<'_>) -> Self {
        let trimesh = file.trimesh();
        let mut view = Self {
            buffer: buffer.as_ptr(),
            buffer_len: buffer.len(),
            format: file.format() as u32,
            mode,
            has_compound: u32::from(file.has_compound()),
            has_trimesh: u32::from(trimesh.is_some()),
            shape_count: wide(file.shapes().len()),
            vertex_count: wide(trimesh.as_ref().map_or(0, Trimesh::vertex_count)),
            face_count: wide(trimesh.as_ref().map_or(0, Trimesh::face_count)),
            check: 0,
        };
        view.check = view.seal();
        view
    }

    /// The check word of the other fields.
    pub(crate) fn seal(&self) -> u32 {
        boundary::seal(&[
            self.buffer as usize as u64,
            self.buffer_len as u64,
            u64::from(self.format),
            u64::from(self.mode),
            u64::from(self.has_compound),
            u64::from(self.has_trimesh),
            self.shape_count,
            self.vertex_count,
            self.face_count,
        ])
    }

    /// The caller's view at `ptr`, validated again, with the buffer it borrows.
    pub(crate) fn read<'a>(ptr: *const Self) -> Result<(&'a [u8], File<'a>), zc_status> {
        let view = boundary::read(ptr)?;
        if view.check != view.seal() {
            return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
        }
        let format = match view.format {
            4 => zc_format::ZC_FORMAT_TCOL,
            5 => zc_format::ZC_FORMAT_BCOL,
            _ => return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        };
        let lenient = zc_mode::from_u32(view.mode)?.is_lenient();
        let buffer = boundary::bytes(view.buffer, view.buffer_len)?;
        let file =
            parse(buffer, format, lenient).map_err(|_| zc_status::ZC_STATUS_INVALID_ARGUMENT)?;
        // The same bytes read the same: a changed buffer is refused.
        let again = Self::of(buffer, view.mode, &file);
        if again.check != view.check {
            return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
        }
        Ok((buffer, file))
    }
}

/// Parses `len` bytes at `bytes` as `format` and writes the view.
fn parse_into(
    bytes: *const u8,
    len: usize,
    mode: u32,
    format: Option<zc_format>,
    body: *mut zc_grit_body,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, lenient) = match (boundary::bytes(bytes, len), zc_mode::from_u32(mode)) {
        (Ok(bytes), Ok(mode)) => (bytes, mode.is_lenient()),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if body.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let format = format.unwrap_or(match grit::sniff(bytes) {
        Some(Flavour::Bcol) => zc_format::ZC_FORMAT_BCOL,
        _ => zc_format::ZC_FORMAT_TCOL,
    });
    match parse(bytes, format, lenient) {
        Ok(file) => match boundary::write(body, zc_grit_body::of(bytes, mode, &file)) {
            Ok(()) => zc_status::ZC_STATUS_OK,
            Err(status) => status,
        },
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, e.to_c()),
    }
}

/// Reads the `len` bytes at `bytes` as Grit collision of the flavour [`zc_grit_sniff`]
/// names; a buffer that starts with neither magic is read as TCOL (whose error is then
/// a bad header at line 1, column 1).
///
/// - `mode`: a `zc_mode` (lenient: TCOL's 2009 dialect, BCOL's repaired material
///   offsets; both reported as tolerated lints).
/// - `body`: written on `ZC_STATUS_OK`; borrows `bytes`.
/// - `err`: written on `ZC_STATUS_MALFORMED` (TCOL: with `line` and `column`); may be
///   NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    body: *mut zc_grit_body,
    err: *mut zc_error,
) -> zc_status {
    parse_into(bytes, len, mode, None, body, err)
}

/// Reads the `len` bytes at `bytes` as TCOL text; as [`zc_grit_parse`] otherwise.
/// The error's `line` and `column` (1-based, the column in bytes) and `offset` say
/// where the text is at fault.
#[unsafe(no_mangle)]
pub extern "C" fn zc_tcol_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    body: *mut zc_grit_body,
    err: *mut zc_error,
) -> zc_status {
    parse_into(bytes, len, mode, Some(zc_format::ZC_FORMAT_TCOL), body, err)
}

/// Reads the `len` bytes at `bytes` as a BCOL file; as [`zc_grit_parse`] otherwise.
#[unsafe(no_mangle)]
pub extern "C" fn zc_bcol_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    body: *mut zc_grit_body,
    err: *mut zc_error,
) -> zc_status {
    parse_into(bytes, len, mode, Some(zc_format::ZC_FORMAT_BCOL), body, err)
}

/// A body's attributes, defaults applied.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_grit_attributes {
    /// 1 for a static body (it never moves; `mass` is 0).
    pub is_static: u8,
    /// 1 when the file gives the inertia; 0: the engine computes it (`inertia` is 0).
    pub has_inertia: u8,
    /// Kilograms.
    pub mass: f32,
    /// Inertia about the local axes, when `has_inertia`.
    pub inertia: [f32; 3],
    /// Proportion of linear speed lost per second.
    pub linear_damping: f32,
    /// Proportion of angular speed lost per second.
    pub angular_damping: f32,
    /// Linear speed below which the body may sleep.
    pub linear_sleep_threshold: f32,
    /// Angular speed below which the body may sleep.
    pub angular_sleep_threshold: f32,
    /// Speed above which continuous collision detection starts (0: never).
    pub ccd_motion_threshold: f32,
    /// Radius of the sphere swept for continuous collision detection.
    pub ccd_swept_sphere_radius: f32,
}

fn attributes(a: &Attributes) -> zc_grit_attributes {
    zc_grit_attributes {
        is_static: u8::from(a.is_static),
        has_inertia: u8::from(a.inertia.is_some()),
        mass: a.mass,
        inertia: a.inertia.unwrap_or([0.0; 3]),
        linear_damping: a.linear_damping,
        angular_damping: a.angular_damping,
        linear_sleep_threshold: a.linear_sleep_threshold,
        angular_sleep_threshold: a.angular_sleep_threshold,
        ccd_motion_threshold: a.ccd_motion_threshold,
        ccd_swept_sphere_radius: a.ccd_swept_sphere_radius,
    }
}

/// Writes the body's attributes to `out`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_body_attributes(
    body: *const zc_grit_body,
    out: *mut zc_grit_attributes,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    match boundary::write(out, attributes(&file.attributes())) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// The figures `zerocol info` shows for a TCOL or BCOL file.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_grit_summary {
    /// `ZC_FORMAT_TCOL` or `ZC_FORMAT_BCOL` (a `zc_format`).
    pub format: u32,
    /// 1 for a static body.
    pub is_static: u8,
    /// 1 when the file has a compound.
    pub has_compound: u8,
    /// 1 when the file has a trimesh.
    pub has_trimesh: u8,
    /// Kilograms (0 for a static body).
    pub mass: f32,
    /// Shapes in the compound.
    pub shapes: u64,
    /// Hulls among them.
    pub hulls: u64,
    /// Boxes.
    pub boxes: u64,
    /// Cylinders.
    pub cylinders: u64,
    /// Cones.
    pub cones: u64,
    /// Planes.
    pub planes: u64,
    /// Spheres.
    pub spheres: u64,
    /// Every hull's vertices together.
    pub hull_vertices: u64,
    /// Trimesh vertices.
    pub vertices: u64,
    /// Trimesh faces.
    pub faces: u64,
    /// The trimesh's margin (0 without one).
    pub trimesh_margin: f32,
    /// The trimesh's edge distance threshold (0 without one).
    pub edge_distance_threshold: f32,
    /// The least corner of the box around the trimesh's vertices (0 without any).
    pub bounds_min: [f32; 3],
    /// The greatest corner.
    pub bounds_max: [f32; 3],
    /// Lints ([`zc_grit_lints`]), the tolerated ones included.
    pub lints: u64,
    /// Of those, what a lenient read tolerated (TCOL) or repaired (BCOL).
    pub tolerated: u64,
    /// TCOL: lines of text (0 for BCOL).
    pub lines: u64,
    /// BCOL: where the string table starts (0 for TCOL).
    pub string_table_offset: u64,
    /// BCOL: the string table's length in bytes (0 for TCOL).
    pub string_table_len: u64,
}

/// Writes the body's summary figures to `out`: one pass over the shapes, the
/// trimesh's vertices and the lints.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_body_summary(
    body: *const zc_grit_body,
    out: *mut zc_grit_summary,
) -> zc_status {
    let (buffer, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let a = file.attributes();
    let trimesh = file.trimesh();
    let mut s = zc_grit_summary {
        format: file.format() as u32,
        is_static: u8::from(a.is_static),
        has_compound: u8::from(file.has_compound()),
        has_trimesh: u8::from(trimesh.is_some()),
        mass: a.mass,
        ..zc_grit_summary::default()
    };
    for shape in file.shapes() {
        s.shapes = s.shapes.saturating_add(1);
        let slot = match shape.kind() {
            ShapeKind::Hull => &mut s.hulls,
            ShapeKind::Box => &mut s.boxes,
            ShapeKind::Cylinder => &mut s.cylinders,
            ShapeKind::Cone => &mut s.cones,
            ShapeKind::Plane => &mut s.planes,
            _ => &mut s.spheres,
        };
        *slot = slot.saturating_add(1);
        if let Shape::Hull { vertices, .. } = shape {
            s.hull_vertices = s.hull_vertices.saturating_add(wide(vertices.len()));
        }
    }
    if let Some(mesh) = &trimesh {
        s.vertices = wide(mesh.vertex_count());
        s.faces = wide(mesh.face_count());
        s.trimesh_margin = mesh.margin;
        s.edge_distance_threshold = mesh.edge_distance_threshold;
        let mut first = true;
        for v in mesh.vertices() {
            for ((lo, hi), x) in s.bounds_min.iter_mut().zip(s.bounds_max.iter_mut()).zip(v) {
                if first {
                    (*lo, *hi) = (x, x);
                } else {
                    *lo = lo.min(x);
                    *hi = hi.max(x);
                }
            }
            first = false;
        }
    }
    file.lints(|l| {
        s.lints = s.lints.saturating_add(1);
        s.tolerated = s.tolerated.saturating_add(u64::from(l.tolerated));
    });
    match &file {
        File::Tcol(_) => {
            let lf = buffer.iter().filter(|&&b| b == b'\n').count();
            let open = !buffer.is_empty() && buffer.last() != Some(&b'\n');
            s.lines = wide(lf.saturating_add(usize::from(open)));
        }
        File::Bcol(b) => {
            s.string_table_offset = wide(b.string_table_offset());
            s.string_table_len = wide(b.string_table().len());
        }
    }
    match boundary::write(out, s) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// A kind of compound shape (`zc_grit_shape.kind`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_grit_shape_kind {
    /// A kind this header does not name.
    ZC_GRIT_SHAPE_OTHER = 0,
    /// The convex hull of its vertices.
    ZC_GRIT_SHAPE_HULL = 1,
    /// A box.
    ZC_GRIT_SHAPE_BOX = 2,
    /// A Z-aligned cylinder.
    ZC_GRIT_SHAPE_CYLINDER = 3,
    /// A cone pointing to +Z.
    ZC_GRIT_SHAPE_CONE = 4,
    /// An infinite plane `normal · x = distance`.
    ZC_GRIT_SHAPE_PLANE = 5,
    /// A sphere.
    ZC_GRIT_SHAPE_SPHERE = 6,
}

/// One shape of the compound, defaults applied, in the body's own space (Z up;
/// orientations are quaternions `w x y z`). Fields a kind does not have are 0, and
/// `orientation` is the identity.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_grit_shape {
    /// Its kind (a `zc_grit_shape_kind`).
    pub kind: u32,
    /// Its physical material, UTF-8, not NUL-terminated: `material_len` bytes in the
    /// body's buffer (relative to the file's directory unless it starts with `/`).
    pub material: *const c_char,
    /// The material's length in bytes.
    pub material_len: usize,
    /// Collision margin (hull, box, cylinder, cone).
    pub margin: f32,
    /// Hull: how far the engine moves its faces inwards.
    pub shrink: f32,
    /// Centre (box, cylinder, cone, sphere).
    pub centre: [f32; 3],
    /// Orientation, `w x y z` (box, cylinder, cone).
    pub orientation: [f32; 4],
    /// Full extents along local x, y, z (box, cylinder).
    pub dimensions: [f32; 3],
    /// Radius (sphere, cone; cylinder: `dimensions[0] / 2`).
    pub radius: f32,
    /// Height (cone; cylinder: `dimensions[2]`).
    pub height: f32,
    /// Plane: the normal as written.
    pub normal: [f32; 3],
    /// Plane: the distance from the origin along the normal.
    pub distance: f32,
    /// Hull: the index of its first vertex among all hulls' vertices
    /// ([`zc_grit_hull_vertices`]).
    pub hull_vertex_first: u64,
    /// Hull: how many vertices.
    pub hull_vertex_count: u64,
}

// SAFETY: integers, floats and a pointer only (the caller's array may hold any bits).
unsafe impl boundary::Plain for zc_grit_shape {}

/// The C record of `shape`, whose hull vertices (if a hull) start at `first`.
fn shape(shape: &Shape<'_>, first: u64) -> zc_grit_shape {
    let material = shape.material();
    let mut c = zc_grit_shape {
        kind: zc_grit_shape_kind::ZC_GRIT_SHAPE_OTHER as u32,
        material: material.as_ptr().cast::<c_char>(),
        material_len: material.len(),
        margin: shape.margin().unwrap_or(0.0),
        shrink: 0.0,
        centre: [0.0; 3],
        orientation: grit::IDENTITY_ORIENTATION,
        dimensions: [0.0; 3],
        radius: 0.0,
        height: 0.0,
        normal: [0.0; 3],
        distance: 0.0,
        hull_vertex_first: 0,
        hull_vertex_count: 0,
    };
    use zc_grit_shape_kind as K;
    match shape {
        Shape::Hull {
            shrink, vertices, ..
        } => {
            c.kind = K::ZC_GRIT_SHAPE_HULL as u32;
            c.shrink = *shrink;
            c.hull_vertex_first = first;
            c.hull_vertex_count = wide(vertices.len());
        }
        Shape::Box(b) | Shape::Cylinder(b) => {
            c.kind = if shape.kind() == ShapeKind::Box {
                K::ZC_GRIT_SHAPE_BOX
            } else {
                let [x, _, z] = b.dimensions;
                c.radius = x * 0.5;
                c.height = z;
                K::ZC_GRIT_SHAPE_CYLINDER
            } as u32;
            c.centre = b.centre;
            c.orientation = b.orientation;
            c.dimensions = b.dimensions;
        }
        Shape::Cone {
            centre,
            orientation,
            radius,
            height,
            ..
        } => {
            c.kind = K::ZC_GRIT_SHAPE_CONE as u32;
            c.centre = *centre;
            c.orientation = *orientation;
            c.radius = *radius;
            c.height = *height;
        }
        Shape::Plane {
            normal, distance, ..
        } => {
            c.kind = K::ZC_GRIT_SHAPE_PLANE as u32;
            c.normal = *normal;
            c.distance = *distance;
        }
        Shape::Sphere { centre, radius, .. } => {
            c.kind = K::ZC_GRIT_SHAPE_SPHERE as u32;
            c.centre = *centre;
            c.radius = *radius;
        }
        _ => {}
    }
    c
}

/// Copies the items of `items` from index `first` into `out` (as many as fit) and
/// writes how many to `written`: `ZC_STATUS_OUT_OF_RANGE` when `first` is past the
/// end (`first` equal to the count is the empty rest).
fn fill<T, U: boundary::Plain>(
    items: impl Iterator<Item = T>,
    total: usize,
    first: u64,
    out: *mut U,
    cap: usize,
    written: *mut usize,
    mut map: impl FnMut(T) -> U,
) -> zc_status {
    let first = match usize::try_from(first) {
        Ok(first) if first <= total => first,
        _ => return zc_status::ZC_STATUS_OUT_OF_RANGE,
    };
    if written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let out = match boundary::slice_mut(out, cap) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let mut n = 0usize;
    for (slot, item) in out.iter_mut().zip(items.skip(first)) {
        *slot = map(item);
        n = n.saturating_add(1);
    }
    match boundary::write(written, n) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// Writes the compound's shapes from index `first` (file order; BCOL: stored order)
/// into `out`, at most `cap` of them (`out` may be NULL when `cap` is 0), and how
/// many to `written`. `ZC_STATUS_OUT_OF_RANGE` when `first` is past
/// `zc_grit_body.shape_count`. Materials point into the body's buffer.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_shapes(
    body: *const zc_grit_body,
    first: u64,
    out: *mut zc_grit_shape,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let shapes = file.shapes();
    let total = shapes.len();
    let mut hull_first = 0u64;
    let records = shapes.map(|s| {
        let c = shape(&s, hull_first);
        hull_first = hull_first.saturating_add(c.hull_vertex_count);
        c
    });
    fill(records, total, first, out, cap, written, |c| c)
}

/// Writes the hulls' vertices, every hull's in shape order, from index `first`
/// (`zc_grit_shape.hull_vertex_first` says where each hull's start) into `out`, at
/// most `cap`, and how many to `written`; `ZC_STATUS_OUT_OF_RANGE` past
/// `zc_grit_summary.hull_vertices`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_hull_vertices(
    body: *const zc_grit_body,
    first: u64,
    out: *mut [f32; 3],
    cap: usize,
    written: *mut usize,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let hulls = || {
        file.shapes().filter_map(|s| match s {
            Shape::Hull { vertices, .. } => Some(vertices),
            _ => None,
        })
    };
    let total = hulls().map(|v| v.len()).fold(0usize, usize::saturating_add);
    fill(hulls().flatten(), total, first, out, cap, written, |v| v)
}

/// A trimesh's figures.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_grit_trimesh {
    /// Collision margin.
    pub margin: f32,
    /// Bullet's edge distance threshold.
    pub edge_distance_threshold: f32,
    /// Vertices.
    pub vertex_count: u64,
    /// Faces.
    pub face_count: u64,
}

/// Writes the body's trimesh figures to `out`; `ZC_STATUS_NOT_FOUND` when the body
/// has no trimesh.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_body_trimesh(
    body: *const zc_grit_body,
    out: *mut zc_grit_trimesh,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let Some(mesh) = file.trimesh() else {
        return zc_status::ZC_STATUS_NOT_FOUND;
    };
    let c = zc_grit_trimesh {
        margin: mesh.margin,
        edge_distance_threshold: mesh.edge_distance_threshold,
        vertex_count: wide(mesh.vertex_count()),
        face_count: wide(mesh.face_count()),
    };
    match boundary::write(out, c) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// Writes the trimesh's vertices from index `first` into `out`, at most `cap`, and
/// how many to `written`; `ZC_STATUS_OUT_OF_RANGE` past `zc_grit_body.vertex_count`
/// (a body without a trimesh has none).
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_vertices(
    body: *const zc_grit_body,
    first: u64,
    out: *mut [f32; 3],
    cap: usize,
    written: *mut usize,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let mesh = file.trimesh();
    let total = mesh.as_ref().map_or(0, Trimesh::vertex_count);
    let items = mesh.iter().flat_map(Trimesh::vertices);
    fill(items, total, first, out, cap, written, |v| v)
}

/// A trimesh face.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_grit_face {
    /// Vertex indices, in the file's winding, each below the vertex count.
    pub indices: [u32; 3],
    /// Its physical material, UTF-8, not NUL-terminated, `material_len` bytes (in
    /// the body's buffer, or a static empty string). In TCOL's 2009 dialect, the hex
    /// flags as written (`0x7`).
    pub material: *const c_char,
    /// The material's length in bytes.
    pub material_len: usize,
}

// SAFETY: integers and a pointer only.
unsafe impl boundary::Plain for zc_grit_face {}

/// Writes the trimesh's faces from index `first` into `out`, at most `cap`, and how
/// many to `written`; `ZC_STATUS_OUT_OF_RANGE` past `zc_grit_body.face_count`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_faces(
    body: *const zc_grit_body,
    first: u64,
    out: *mut zc_grit_face,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let mesh = file.trimesh();
    let total = mesh.as_ref().map_or(0, Trimesh::face_count);
    let items = mesh.iter().flat_map(Trimesh::faces);
    fill(items, total, first, out, cap, written, |f| zc_grit_face {
        indices: f.indices,
        material: f.material.as_ptr().cast::<c_char>(),
        material_len: f.material.len(),
    })
}

/// What a lint reports (`zc_grit_lint.kind`). The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_grit_lint_kind {
    /// A kind this header does not name.
    ZC_GRIT_LINT_OTHER = 0,
    /// A radius, height or dimension that is zero or negative.
    ZC_GRIT_LINT_NON_POSITIVE_SIZE = 1,
    /// An orientation that is not a unit quaternion.
    ZC_GRIT_LINT_NON_UNIT_ORIENTATION = 2,
    /// A plane normal that is not unit length.
    ZC_GRIT_LINT_NON_UNIT_NORMAL = 3,
    /// A cylinder whose x and y dimensions differ.
    ZC_GRIT_LINT_CYLINDER_XY_DIFFER = 4,
    /// A trimesh in a dynamic body (the engine ignores it).
    ZC_GRIT_LINT_DYNAMIC_TRIMESH = 5,
    /// A face that names the same vertex twice.
    ZC_GRIT_LINT_REPEATED_INDEX = 6,
    /// A face with three distinct vertices but no area (mesh lint).
    ZC_GRIT_LINT_ZERO_AREA_FACE = 7,
    /// A face with the same vertices as an earlier one (mesh lint).
    ZC_GRIT_LINT_DUPLICATE_FACE = 8,
    /// A trimesh vertex no face uses (mesh lint).
    ZC_GRIT_LINT_UNREFERENCED_VERTEX = 9,
    /// Tolerated (TCOL): no `attributes` block.
    ZC_GRIT_LINT_MISSING_ATTRIBUTES = 10,
    /// Tolerated (TCOL): hex face flags where a material belongs.
    ZC_GRIT_LINT_HEX_FACE_MATERIAL = 11,
    /// Tolerated (TCOL): a `margin` in a static body's trimesh.
    ZC_GRIT_LINT_STATIC_TRIMESH_MARGIN = 12,
    /// BCOL: trimesh vertices but no faces.
    ZC_GRIT_LINT_VERTICES_WITHOUT_FACES = 13,
    /// BCOL: `inertia_provided` neither 0 nor 1.
    ZC_GRIT_LINT_INERTIA_FLAG = 14,
    /// BCOL: a NaN or infinite value.
    ZC_GRIT_LINT_NON_FINITE = 15,
    /// BCOL: a negative value TCOL cannot write.
    ZC_GRIT_LINT_NEGATIVE = 16,
    /// Tolerated (BCOL): material offsets as Grit's converter wrongly writes them.
    ZC_GRIT_LINT_GRIT_MATERIAL_OFFSETS = 17,
}

/// The stable code of a lint kind both flavours share.
fn lint_code(kind: &LintKind) -> zc_grit_lint_kind {
    use zc_grit_lint_kind as K;
    match kind {
        LintKind::NonPositiveSize { .. } => K::ZC_GRIT_LINT_NON_POSITIVE_SIZE,
        LintKind::NonUnitOrientation { .. } => K::ZC_GRIT_LINT_NON_UNIT_ORIENTATION,
        LintKind::NonUnitNormal { .. } => K::ZC_GRIT_LINT_NON_UNIT_NORMAL,
        LintKind::CylinderXyDiffer { .. } => K::ZC_GRIT_LINT_CYLINDER_XY_DIFFER,
        LintKind::DynamicTrimesh => K::ZC_GRIT_LINT_DYNAMIC_TRIMESH,
        LintKind::RepeatedIndex { .. } => K::ZC_GRIT_LINT_REPEATED_INDEX,
        LintKind::ZeroAreaFace { .. } => K::ZC_GRIT_LINT_ZERO_AREA_FACE,
        LintKind::DuplicateFace { .. } => K::ZC_GRIT_LINT_DUPLICATE_FACE,
        LintKind::UnreferencedVertex { .. } => K::ZC_GRIT_LINT_UNREFERENCED_VERTEX,
        LintKind::MissingAttributes => K::ZC_GRIT_LINT_MISSING_ATTRIBUTES,
        LintKind::HexFaceMaterial { .. } => K::ZC_GRIT_LINT_HEX_FACE_MATERIAL,
        LintKind::StaticTrimeshMargin => K::ZC_GRIT_LINT_STATIC_TRIMESH_MARGIN,
        _ => K::ZC_GRIT_LINT_OTHER,
    }
}

/// The stable code of a BCOL lint kind.
fn bcol_lint_code(kind: &BLint) -> zc_grit_lint_kind {
    use zc_grit_lint_kind as K;
    match kind {
        BLint::Tcol(kind) => lint_code(kind),
        BLint::VerticesWithoutFaces { .. } => K::ZC_GRIT_LINT_VERTICES_WITHOUT_FACES,
        BLint::InertiaFlag { .. } => K::ZC_GRIT_LINT_INERTIA_FLAG,
        BLint::NonFinite { .. } => K::ZC_GRIT_LINT_NON_FINITE,
        BLint::Negative { .. } => K::ZC_GRIT_LINT_NEGATIVE,
        BLint::GritMaterialOffsets { .. } => K::ZC_GRIT_LINT_GRIT_MATERIAL_OFFSETS,
        _ => K::ZC_GRIT_LINT_OTHER,
    }
}

/// Something the engine loads but that is probably not what the author meant, or
/// (`tolerated`) what only a lenient read let through.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct zc_grit_lint {
    /// The byte offset at fault.
    pub offset: u64,
    /// TCOL: the 1-based line at fault; 0 for BCOL.
    pub line: u32,
    /// TCOL: the 1-based column (in bytes); 0 for BCOL.
    pub column: u32,
    /// What (a `zc_grit_lint_kind`).
    pub kind: u32,
    /// 1 when a strict read rejects it and only a lenient read let it through.
    pub tolerated: u8,
    /// The shape it concerns (file order; BCOL: stored order), or `UINT64_MAX`.
    pub shape: u64,
    /// Private: the length of `message`. Use [`zc_grit_lint_message`].
    pub message_len: u16,
    /// Private: the message's bytes. Use [`zc_grit_lint_message`].
    pub message: [u8; ZC_MESSAGE_CAP],
}

// SAFETY: integers and byte arrays only.
unsafe impl boundary::Plain for zc_grit_lint {}

/// A lint record of `format`, with `kind`'s message.
fn lint_record(
    format: zc_format,
    offset: usize,
    shape: Option<usize>,
    code: zc_grit_lint_kind,
    tolerated: bool,
    message: &dyn core::fmt::Display,
) -> zc_grit_lint {
    let text = zc_error::new(format, 0, offset, message);
    zc_grit_lint {
        offset: wide(offset),
        line: 0,
        column: 0,
        kind: code as u32,
        tolerated: u8::from(tolerated),
        shape: shape.map_or(u64::MAX, wide),
        message_len: text.message_len,
        message: text.message,
    }
}

pub(crate) fn tcol_lint(l: &tcol::Lint) -> zc_grit_lint {
    let mut c = lint_record(
        zc_format::ZC_FORMAT_TCOL,
        l.position.offset,
        l.shape,
        lint_code(&l.kind),
        l.kind.is_tolerated(),
        &l.kind,
    );
    c.line = l.position.line;
    c.column = l.position.column;
    c
}

fn bcol_lint(l: &bcol::Lint) -> zc_grit_lint {
    lint_record(
        zc_format::ZC_FORMAT_BCOL,
        l.offset,
        l.shape,
        bcol_lint_code(&l.kind),
        l.kind.is_tolerated(),
        &l.kind,
    )
}

/// Writes the lint's message (UTF-8, what the library's `Display` of its kind says)
/// into `buf`, NUL-terminated, cut to `cap - 1` bytes; `buf` may be NULL when `cap`
/// is 0. Returns the message's length without the NUL, as `snprintf` does. A NULL
/// `lint` is the empty message.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_lint_message(
    lint: *const zc_grit_lint,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    let mut error = zc_error::NONE;
    if let Ok(lint) = boundary::read(lint) {
        error.message_len = lint.message_len;
        error.message = lint.message;
    }
    crate::error::zc_error_message(&error, buf, cap)
}

/// Writes the body's lints from index `first` into `out`, at most `cap` (`out` may
/// be NULL when `cap` is 0), and how many to `written`; `total` (may be NULL) gets
/// how many lints there are. Tolerated ones come first, then each shape's, then the
/// trimesh's (TCOL and BCOL alike); the mesh-wide lints that need scratch storage are
/// [`zc_tcol_mesh_lints`]. `ZC_STATUS_OUT_OF_RANGE` when `first` is past the total.
/// One pass over the file per call.
#[unsafe(no_mangle)]
pub extern "C" fn zc_grit_lints(
    body: *const zc_grit_body,
    first: u64,
    out: *mut zc_grit_lint,
    cap: usize,
    written: *mut usize,
    total: *mut u64,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    if written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let out = match boundary::slice_mut(out, cap) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let mut index = 0u64;
    let mut n = 0usize;
    let mut slots = out.iter_mut();
    file.lints(|l| {
        if index >= first {
            if let Some(slot) = slots.next() {
                *slot = l;
                n = n.saturating_add(1);
            }
        }
        index = index.saturating_add(1);
    });
    if first > index {
        return zc_status::ZC_STATUS_OUT_OF_RANGE;
    }
    match (
        boundary::write(written, n),
        boundary::write_opt(total, index),
    ) {
        (Ok(()), Ok(())) => zc_status::ZC_STATUS_OK,
        (Err(status), _) | (_, Err(status)) => status,
    }
}

/// Writes to `len` how many scratch entries (`uint32_t[4]` each) the mesh-wide lints
/// of the body's trimesh need ([`zc_tcol_mesh_lints`]): its vertex count plus its
/// face count for TCOL; 0 for BCOL and for a body without a trimesh.
#[unsafe(no_mangle)]
pub extern "C" fn zc_tcol_mesh_scratch_len(
    body: *const zc_grit_body,
    len: *mut usize,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let needed = match &file {
        File::Tcol(t) => t.mesh_scratch_len(),
        File::Bcol(_) => 0,
    };
    match boundary::write(len, needed) {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// The mesh-wide lints of a TCOL trimesh (zero-area faces, duplicate faces,
/// unreferenced vertices), computed with the caller's `scratch` (`scratch_len`
/// entries, at least [`zc_tcol_mesh_scratch_len`]; overwritten, and free again when
/// the call returns): written from index `first` into `out`, at most `cap`, with how
/// many to `written` and the total to `total` (may be NULL), as [`zc_grit_lints`].
/// `ZC_STATUS_BUFFER_TOO_SMALL` when the scratch is short; a BCOL body has none.
/// O(n log n) per call.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn zc_tcol_mesh_lints(
    body: *const zc_grit_body,
    scratch: *mut [u32; 4],
    scratch_len: usize,
    first: u64,
    out: *mut zc_grit_lint,
    cap: usize,
    written: *mut usize,
    total: *mut u64,
) -> zc_status {
    let (_, file) = match zc_grit_body::read(body) {
        Ok(read) => read,
        Err(status) => return status,
    };
    if written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let (scratch, out) = match (
        boundary::slice_mut(scratch, scratch_len),
        boundary::slice_mut(out, cap),
    ) {
        (Ok(scratch), Ok(out)) => (scratch, out),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    let lints = match &file {
        File::Tcol(t) => match t.mesh_lints(scratch) {
            Ok(lints) => Some(lints),
            Err(_) => return zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
        },
        File::Bcol(_) => None,
    };
    let mut index = 0u64;
    let mut n = 0usize;
    let mut slots = out.iter_mut();
    for l in lints.into_iter().flatten() {
        if index >= first {
            if let Some(slot) = slots.next() {
                *slot = tcol_lint(&l);
                n = n.saturating_add(1);
            }
        }
        index = index.saturating_add(1);
    }
    if first > index {
        return zc_status::ZC_STATUS_OUT_OF_RANGE;
    }
    match (
        boundary::write(written, n),
        boundary::write_opt(total, index),
    ) {
        (Ok(()), Ok(())) => zc_status::ZC_STATUS_OK,
        (Err(status), _) | (_, Err(status)) => status,
    }
}
