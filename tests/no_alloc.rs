//! The library never allocates: every public path, measured with a counting global
//! allocator.
//!
//! Each test prepares its inputs first (files read, buffers and output `Vec`s sized),
//! then runs library code alone inside [`Audit::check`], which counts the heap
//! allocations (and reallocations) the calling thread makes meanwhile. Results are
//! consumed without allocating: into a [`Sink`], a `core::fmt::Write` that hashes
//! and counts what it is given, and into plain counts checked afterwards (so a
//! measured walk cannot be optimised away or silently skip its work).
//!
//! The count is per thread (a `const`-initialised `thread_local!` `Cell`, which
//! never allocates or registers a destructor), so the test harness's other threads
//! do not disturb it.
//!
//! To find where an allocation comes from, run with `ZEROCOL_ALLOC_TRAP=1`: the
//! first allocation inside a measured closure prints a backtrace to stderr and
//! aborts the process.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::hint::black_box;
use std::io::Write as _;
use std::path::Path;

use zerocol::battleforge::{
    self, Aabb, BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CollisionShape,
    CylinderShape, Drs, NodeSpec, SphereShape,
};
use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::tcol::lexer::{Lexer, TokenKind};
use zerocol::grit::{self, Shape, Trimesh, tcol::Tcol};
use zerocol::gta::dff::{self, Dff, Payload};
use zerocol::gta::{self, Decode, Game, Model, Records, Recovered, Version};
use zerocol::gta::{self as gta_write, FaceGroupMode, ModelRepr, WriteOptions};
use zerocol::mkgp::{self, CellContents, Course};
use zerocol::{Format, obj, sniff};

// ---------------------------------------------------------------------------
// The counting allocator.

struct Counting;

thread_local! {
    /// Allocations and reallocations made by this thread.
    static COUNT: Cell<usize> = const { Cell::new(0) };
    /// When set, the next allocation of this thread prints a backtrace and aborts.
    static TRAP: Cell<bool> = const { Cell::new(false) };
}

fn counted() {
    // `try_with`: during thread teardown the slot may be gone; never panic here.
    let _ = COUNT.try_with(|c| c.set(c.get().wrapping_add(1)));
    if TRAP.try_with(|t| t.replace(false)).unwrap_or(false) {
        // The trap is disarmed first, so the backtrace's own allocations pass.
        let trace = std::backtrace::Backtrace::force_capture();
        // Straight to the process's stderr: the test harness's capture is lost on abort.
        let _ = writeln!(
            std::io::stderr(),
            "heap allocation inside a measured closure:\n{trace}"
        );
        std::process::abort();
    }
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged;
// the counting touches only a thread-local `Cell` and never unwinds.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        counted();
        // SAFETY: forwarded as is; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        counted();
        // SAFETY: forwarded as is.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        counted();
        // SAFETY: forwarded as is; `ptr` came from `System` through this allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is; `ptr` came from `System` through this allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn count() -> usize {
    COUNT.with(Cell::get)
}

/// Runs `f` and returns its result and the heap allocations this thread made
/// meanwhile.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    // Read before measuring: reading the environment allocates.
    let trap = std::env::var_os("ZEROCOL_ALLOC_TRAP").is_some();
    let before = count();
    TRAP.with(|t| t.set(trap));
    let out = black_box(f());
    TRAP.with(|t| t.set(false));
    let after = count();
    (out, after.wrapping_sub(before))
}

/// The paths a test measured, and those that allocated.
#[derive(Default)]
struct Audit {
    checked: Vec<&'static str>,
    failed: Vec<(&'static str, usize)>,
}

impl Audit {
    /// Runs `f`, a path of the library, and records whether it allocated.
    fn check<T>(&mut self, path: &'static str, f: impl FnOnce() -> T) -> T {
        // Room for the bookkeeping first, so that it never happens mid-measure.
        self.checked.reserve(1);
        self.failed.reserve(1);
        let (out, n) = allocations(f);
        self.checked.push(path);
        if n > 0 {
            self.failed.push((path, n));
        }
        out
    }

    /// Fails the test, naming every path that allocated.
    fn finish(self) {
        assert!(!self.checked.is_empty(), "nothing was measured");
        let report: Vec<String> = self
            .failed
            .iter()
            .map(|(path, n)| format!("{path}: {n} heap allocation(s)"))
            .collect();
        assert!(
            report.is_empty(),
            "paths that allocated (of {} measured):\n{}",
            self.checked.len(),
            report.join("\n")
        );
    }
}

/// A `fmt::Write` that keeps nothing: it counts the bytes and hashes them.
#[derive(Clone, Copy, Debug, Default)]
struct Sink {
    len: usize,
    hash: u64,
}

impl fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.eat(s.as_bytes());
        Ok(())
    }
}

impl Sink {
    fn eat(&mut self, bytes: &[u8]) {
        self.len = self.len.wrapping_add(bytes.len());
        for &b in bytes {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }

    fn dbg(&mut self, value: &impl fmt::Debug) {
        let _ = write!(self, "{value:?}");
    }

    fn show(&mut self, value: &impl fmt::Display) {
        let _ = write!(self, "{value}");
    }
}

// ---------------------------------------------------------------------------
// Inputs.

fn read(path: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every TCOL conformance fixture, name and text.
fn tcol_fixtures() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tcol");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "tcol"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    assert!(files.len() >= 30, "the TCOL fixtures are missing");
    files
}

/// Every shape kind and a trimesh, for the paths `samples/body.tcol` (hull, box,
/// cylinder, sphere, no trimesh) does not reach.
const EVERY_SHAPE: &str = "TCOL1.0
attributes { mass 7; inertia 1 2 3; ccd_motion_threshold 0.5; ccd_swept_sphere_radius 0.1; }
compound {
    hull { material \"/common/Stone\"; margin 0.01; vertexes { 0 0 0; 1 0 0; 0 1 0; 0 0 1; } }
    box { material \"/common/Wood\"; margin 0.03; centre 0 0 0.5; orientation 0.7071068 0 0 0.7071068; dimensions 1 2 3; }
    cylinder { material \"Metal\"; centre 4 5 6; dimensions 1 2 2; }
    cone { material \"floor\"; margin 0.1; centre 0 0 1; radius 2; height 3; orientation 0 0 0 1; }
    plane { material \"floor\"; normal 0 0 2; distance -1; }
    sphere { material \"Rubber\"; centre 1 2 3; radius -0.5; }
}
trimesh {
    margin 0.05;
    vertexes { 0 0 0; 1 0 0; 0 1 0; 1 1 0; 5 5 5; 2 0 0; }
    faces { 0 1 2 \"Stone\"; 1 3 2 \"Grass\"; 2 1 0 \"Stone\"; 0 0 1 \"Stone\"; 0 1 5 \"Stone\"; }
}
";

/// A hull with a shrink, which TCOL holds and BCOL does not.
const SHRINK: &str = "TCOL1.0 attributes { static; }
compound { hull { material \"\"; margin 0.01; shrink 0.02; vertexes { 0 0 0; 1 0 0; 0 1 0; 0 0 1; } } }";

/// A RenderWare chunk: type, size, library stamp, then `body`.
fn rw_chunk(kind: u32, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for word in [kind, body.len() as u32, 0x1803_FFFF] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(body);
    out
}

/// A `.dff` whose Clump's Extension holds a collision chunk with `payload`.
fn dff_with(payload: &[u8]) -> Vec<u8> {
    let mut body = rw_chunk(0x01, &[0; 12]);
    body.extend(rw_chunk(
        dff::EXTENSION,
        &rw_chunk(dff::COLLISION_PLUGIN, payload),
    ));
    rw_chunk(dff::CLUMP, &body)
}

/// A BCOL written from a TCOL text by the library (outside any measurement).
fn bcol_of(text: &[u8]) -> Vec<u8> {
    let tcol = Tcol::parse(text, grit::tcol::Options::STRICT).unwrap();
    let len = bcol::required_len(&tcol.attributes(), tcol.shapes(), tcol.trimesh()).unwrap();
    let mut out = vec![0; len];
    let n = bcol::write(&tcol.attributes(), tcol.shapes(), tcol.trimesh(), &mut out).unwrap();
    out.truncate(n);
    out
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

fn set_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

/// A correct BCOL rewritten with the material offsets Grit's own converter
/// stores: hulls' relative to their vertex offset, boxes' 16 bytes per hull too far.
fn with_converter_bugs(good: &[u8]) -> Vec<u8> {
    let file = Bcol::parse(good, bcol::Options::STRICT).unwrap();
    let hulls = file.hulls();
    let boxes = file.boxes();
    assert!(!hulls.is_empty() && !boxes.is_empty());
    let mut bytes = good.to_vec();
    for (i, hull) in hulls.iter().enumerate() {
        let at = hulls.offset_of(i).unwrap();
        let absolute = (at as u32).wrapping_add(hull.material.get());
        set_u32(
            &mut bytes,
            at,
            absolute.wrapping_sub(hull.vertex_offset.get()),
        );
    }
    for i in 0..boxes.len() {
        let at = boxes.offset_of(i).unwrap();
        let stored = u32_at(&bytes, at);
        set_u32(&mut bytes, at, stored.wrapping_add(16 * hulls.len() as u32));
    }
    bytes
}

// ---------------------------------------------------------------------------
// Walks: every accessor of a view, consumed into a sink.

fn walk_records<V1, V2, T>(records: Records<'_, V1, V2>, s: &mut Sink) -> usize
where
    V1: Decode<Output = T> + fmt::Debug,
    V2: Decode<Output = T> + fmt::Debug,
    T: fmt::Debug,
{
    s.dbg(&(records.len(), records.is_empty(), records.get(0)));
    s.dbg(&records.get(records.len()));
    let mut n = 0;
    for record in records.iter() {
        s.dbg(&record);
        n += 1;
    }
    for record in records.iter().rev() {
        s.dbg(&record);
    }
    s.dbg(&records.iter().len());
    for record in records {
        s.dbg(&record);
    }
    // The raw records, decoded by hand.
    match records {
        Records::Coll(raw) => raw.iter().for_each(|r| {
            s.dbg(r);
            s.dbg(&r.decode());
        }),
        Records::Col2(raw) => raw.iter().for_each(|r| {
            s.dbg(r);
            s.dbg(&r.decode());
        }),
    }
    n
}

fn walk_gta_header(h: &gta::Header<'_>, s: &mut Sink) {
    s.dbg(&(h.offset(), h.version(), h.len(), h.is_empty(), h.size()));
    s.dbg(&(h.declared_len(), h.is_truncated(), h.raw(), h.model_id()));
    s.eat(h.bytes());
    s.eat(h.name());
    s.eat(h.name_block());
    s.dbg(&h.bounds());
    s.dbg(&h.raw_bounds());
}

fn walk_version(v: Version, s: &mut Sink) {
    s.show(&v);
    s.dbg(&(v.fourcc(), v.number(), v.header_len(), v.has_shadow_mesh()));
    s.dbg(&Version::from_fourcc(v.fourcc()));
}

/// Every accessor of a model; returns the records decoded.
fn walk_model(m: &Model<'_>, s: &mut Sink) -> usize {
    walk_gta_header(&m.as_header(), s);
    walk_version(m.version(), s);
    s.dbg(&(
        m.offset(),
        m.len(),
        m.is_empty(),
        m.size(),
        m.declared_len(),
    ));
    s.dbg(&(m.is_truncated(), m.header(), m.model_id(), m.bounds()));
    s.eat(m.bytes());
    s.eat(m.name());
    s.eat(m.name_block());
    match m.raw_bounds() {
        gta::RawBounds::Coll(b) => s.dbg(&(b, b.decode())),
        gta::RawBounds::Col2(b) => s.dbg(&(b, b.decode())),
    }
    let flags = m.flags();
    s.dbg(&(
        flags,
        flags.bits(),
        flags.not_empty(),
        flags.has_face_groups(),
    ));
    s.dbg(&flags.has_shadow_mesh());
    s.dbg(&(m.header_v2(), m.shadow_header(), m.col4_extra()));
    let mut n = 0;
    n += walk_records(m.spheres(), s);
    n += walk_records(m.boxes(), s);
    n += walk_records(m.lines(), s);
    n += walk_records(m.vertices(), s);
    n += walk_records(m.faces(), s);
    n += walk_records(m.face_groups(), s);
    n += walk_records(m.shadow_vertices(), s);
    n += walk_records(m.shadow_faces(), s);
    s.dbg(&(m.boxes().as_slice(), m.face_groups().as_slice()));
    s.dbg(&(m.shadow_vertices().as_slice(), m.shadow_faces().as_slice()));
    let game = Game::of_version(m.version());
    s.show(&game);
    for sphere in m.spheres() {
        s.dbg(&(
            sphere.surface.to_bytes(),
            gta::day_night(sphere.surface.light),
        ));
        s.dbg(&gta::material_name(game, sphere.surface.material));
    }
    for face in m.faces() {
        let (material, light) = (face.surface.material(), face.surface.light());
        s.dbg(&(gta::day_night(light), gta::material_name(game, material)));
        for i in face.indices {
            s.dbg(&m.vertices().get(i as usize));
        }
    }
    for group in m.face_groups() {
        s.dbg(&group.faces());
    }
    s.dbg(&(gta::material_count(game), m.unparsed_tail()));
    for lint in m.lints() {
        s.show(&lint);
        s.show(&lint.kind);
        s.dbg(&(lint, lint.is_tolerated(), lint.kind.is_tolerated()));
    }
    for lint in m.tolerated() {
        s.show(&lint);
    }
    n
}

fn walk_shapes<'a>(shapes: impl Iterator<Item = Shape<'a>>, s: &mut Sink) -> usize {
    let mut n = 0;
    for shape in shapes {
        n += 1;
        let kind = shape.kind();
        s.show(&kind);
        s.dbg(&(kind, kind.keyword(), kind.keyword().as_str()));
        s.dbg(&grit::ShapeKind::from_keyword(kind.keyword()));
        s.dbg(&(shape.material(), shape.margin(), shape.box_like()));
        if let Shape::Hull { vertices, .. } = &shape {
            s.dbg(&vertices.len());
            for v in vertices.clone() {
                s.dbg(&v);
            }
        }
        s.dbg(&shape);
    }
    n
}

/// Every vertex and face of a trimesh; returns the faces.
fn walk_trimesh(t: &Trimesh<'_>, s: &mut Sink) -> usize {
    s.dbg(&(t.margin, t.edge_distance_threshold));
    s.dbg(&(t.vertex_count(), t.face_count()));
    for v in t.vertices() {
        s.dbg(&v);
    }
    let mut n = 0;
    for face in t.faces() {
        s.dbg(&(face.indices, face.material));
        n += 1;
    }
    s.dbg(&(t.vertices() == t.vertices(), t.faces() == t.faces()));
    s.dbg(t);
    n
}

/// Every accessor of a TCOL; returns the shapes and trimesh faces walked.
fn walk_tcol(t: &Tcol<'_>, s: &mut Sink) -> usize {
    s.eat(t.text());
    s.dbg(&(t.attributes(), t.has_compound(), t.shape_count()));
    let mut n = walk_shapes(t.shapes(), s);
    s.dbg(&t.shapes().len());
    if let Some(mesh) = t.trimesh() {
        n += walk_trimesh(&mesh, s);
    }
    for lint in t.tolerated() {
        s.show(&lint);
    }
    for lint in t.lints() {
        s.show(&lint);
        s.show(&lint.kind);
        s.dbg(&(lint, lint.kind.is_tolerated()));
    }
    s.dbg(&t.mesh_scratch_len());
    s.dbg(t);
    n
}

/// Every accessor of a BCOL; returns the shapes and trimesh faces walked.
fn walk_bcol(b: &Bcol<'_>, s: &mut Sink) -> usize {
    s.eat(b.bytes());
    s.dbg(&(b.header(), b.attributes(), b.shape_count()));
    let mut n = walk_shapes(b.shapes(), s);
    if let Some(mesh) = b.trimesh() {
        n += walk_trimesh(&mesh, s);
    }
    for (i, hull) in b.hulls().iter().enumerate() {
        s.dbg(hull);
        s.dbg(&b.hulls().offset_of(i));
        for v in b.hull_vertices(i) {
            s.dbg(&(v, zerocol::wire::vec3(&v.position)));
        }
    }
    for r in b.boxes().iter().chain(b.cylinders().iter()) {
        s.dbg(&(r, bcol::raw::quat(&r.orientation)));
    }
    s.dbg(&(
        b.cones().as_slice(),
        b.planes().as_slice(),
        b.spheres().as_slice(),
    ));
    s.dbg(&(
        b.trimesh_vertices().as_slice(),
        b.trimesh_faces().as_slice(),
    ));
    for section in [
        bcol::Section::Hulls,
        bcol::Section::Boxes,
        bcol::Section::Cylinders,
        bcol::Section::Cones,
        bcol::Section::Planes,
        bcol::Section::Spheres,
        bcol::Section::Capsules,
        bcol::Section::Vertices,
        bcol::Section::Faces,
    ] {
        s.show(&section);
        s.dbg(&(b.section_offset(section), section.record_len()));
    }
    s.dbg(&(b.string_table_offset(), bcol::STORED_ORDER));
    s.eat(b.string_table());
    for lint in b.tolerated() {
        s.show(&lint);
    }
    for lint in b.lints() {
        s.show(&lint);
        s.show(&lint.kind);
        s.dbg(&(lint, lint.kind.is_tolerated()));
    }
    s.dbg(b);
    n
}

fn walk_transform(t: &battleforge::Transform, s: &mut Sink) {
    let p = [0.5, -1.0, 2.0];
    s.dbg(&(t.apply(p), t.to_local(p), t.transposed()));
    s.dbg(&(t.axis(0), t.axis(1), t.axis(2), t.orthonormality_error()));
}

/// Every shape of a collision shape with its world transform; returns the shapes.
fn walk_collision_shape(shape: &CollisionShape<'_>, s: &mut Sink) -> usize {
    s.dbg(&(shape.version(), shape.len(), shape.is_empty(), shape.aabb()));
    let mut n = 0;
    let mut aabb: Option<Aabb> = None;
    let mut grow = |b: Aabb| aabb = Some(aabb.map_or(b, |a| a.union(b)));
    for (i, raw) in shape.boxes().iter().enumerate() {
        let b = raw.decode();
        walk_transform(&b.transform, s);
        s.dbg(&(
            raw,
            shape.boxes().offset_of(i),
            raw.coordinate_system.decode(),
        ));
        s.dbg(&(b.corners(), b.oriented(), b.aabb()));
        s.dbg(&(b.contains(b.transform.position), b.contains([1e9; 3])));
        s.dbg(&Aabb::around(b.corners()));
        grow(b.aabb());
        n += 1;
    }
    for raw in shape.spheres() {
        let sphere = raw.decode();
        walk_transform(&sphere.transform, s);
        s.dbg(&(sphere, sphere.world_center(), sphere.aabb()));
        s.dbg(&sphere.contains(sphere.world_center()));
        grow(sphere.aabb());
        n += 1;
    }
    for raw in shape.cylinders() {
        let c = raw.decode();
        walk_transform(&c.transform, s);
        s.dbg(&(c, c.base(), c.top(), c.aabb(), c.contains(c.base())));
        grow(c.aabb());
        n += 1;
    }
    s.dbg(&aabb);
    for point in [[0.0, 1.0, 0.0], [0.0; 3], [1e9; 3]] {
        s.dbg(&shape.contains(point));
    }
    for lint in shape.lints() {
        s.show(&lint);
        s.dbg(&(lint, lint.is_tolerated(), lint.kind.is_tolerated()));
    }
    for lint in shape.tolerated() {
        s.show(&lint);
    }
    for axis in battleforge::Axis::ALL {
        s.show(&axis);
        s.dbg(&(axis.index(), axis.of([1.0, 2.0, 3.0])));
    }
    n
}

/// Every accessor of a DRS; returns the nodes and shapes walked.
fn walk_drs(drs: &Drs<'_>, s: &mut Sink) -> usize {
    s.eat(drs.bytes());
    s.eat(drs.root_name());
    s.dbg(&(drs.header(), drs.node_count()));
    for (i, info) in drs.infos().iter().enumerate() {
        s.dbg(&(info, drs.infos().offset_of(i)));
    }
    let mut n = 0;
    for node in drs.nodes() {
        s.eat(node.name());
        s.eat(node.payload());
        s.dbg(&(
            node.info_index(),
            node.info(),
            node.class_id(),
            node.identifier(),
        ));
        s.dbg(&(node.entry_offset(), node.payload_offset()));
        n += 1;
    }
    s.dbg(&drs.nodes().len());
    s.dbg(&drs.node(COLLISION_SHAPE_NAME).map(|n| n.payload_offset()));
    s.dbg(&drs.node(b"no such node").is_none());
    n += drs.nodes_with_class(COLLISION_SHAPE_CLASS).count();
    if let Some((node, shape)) = drs.collision_shape() {
        s.eat(node.name());
        n += walk_collision_shape(&shape, s);
    }
    n
}

/// Every accessor of a course, the lookups and the index; returns the records seen.
fn walk_course(c: &Course<'_>, storage: &mut [u32], s: &mut Sink) -> usize {
    s.eat(c.bytes());
    s.dbg(&(c.header(), c.grid(), c.version(), c.width(), c.length()));
    s.dbg(&(c.cell_count(), c.secondary_offset()));
    let grid = c.grid();
    let [size_x, size_z] = grid.cell_size;
    let [min_x, min_z] = grid.min;
    let mut n = 0;
    for cell in c.cells() {
        s.dbg(&(cell.index(), cell.x(), cell.z(), cell.offset()));
        let (cx, cz) = (
            min_x + (cell.x() as f32 + 0.5) * size_x,
            min_z + (cell.z() as f32 + 0.5) * size_z,
        );
        for raw in cell.triangles() {
            let t = raw.decode();
            let [a, b, c3] = t.vertices;
            let (x, z) = ((a[0] + b[0] + c3[0]) / 3.0, (a[2] + b[2] + c3[2]) / 3.0);
            s.dbg(&(
                raw,
                t.contains_xz(x, z),
                t.plane_height(x, z),
                t.height_at(x, z),
            ));
            let flags = t.flags;
            s.dbg(&(
                flags.surface_bits(),
                flags.sound_variant(),
                flags.special_effect(),
            ));
            s.dbg(&(flags.is_one_hot(), flags.surface_type()));
            if let Some(kind) = flags.surface_type() {
                s.show(&kind);
                s.dbg(&(
                    kind.bit(),
                    kind.name(),
                    mkgp::SurfaceType::from_bit(kind.bit()),
                ));
            }
            s.dbg(&mkgp::raw::Triangle::from(&t));
            n += 1;
        }
        for raw in cell.walls() {
            let w = raw.decode();
            s.dbg(&(raw, w, mkgp::raw::Wall::from(&w)));
            n += 1;
        }
        s.dbg(&mkgp::ground_in_cell(&cell, cx, cz));
        s.dbg(&c.cell_of(cx, cz));
        s.dbg(&c.ground_height(cx, cz).map(|g| (g.height, g.flags())));
        s.dbg(&mkgp::cell_coord(cx, min_x, size_x, c.width()));
        s.dbg(&mkgp::cell_number(cell.x(), cell.z(), c.width()));
    }
    s.dbg(&c.cells().len());
    for cell in c.wall_cells() {
        s.dbg(&(cell.index(), cell.x(), cell.z(), cell.offset()));
        for raw in cell.triangle_walls() {
            let w = raw.decode();
            s.dbg(&(raw, w, mkgp::raw::TriangleWall::from(&w)));
            n += 1;
        }
    }
    s.dbg(&c.wall_cells().len());
    s.dbg(&c.cell(0, 0).map(|cell| cell.offset()));
    s.dbg(&c.cell(c.width(), 0).is_none());
    s.dbg(&c.cell_of(f32::NAN, 0.0));
    match c.index(storage) {
        Ok(index) => {
            s.dbg(&index.course().cell_count());
            for z in 0..c.length() {
                for x in 0..c.width() {
                    let cell = index.cell(x, z);
                    s.dbg(&cell.map(|cell| cell.offset()));
                    let (px, pz) = (
                        min_x + (x as f32 + 0.5) * size_x,
                        min_z + (z as f32 + 0.5) * size_z,
                    );
                    s.dbg(&index.cell_at(px, pz).map(|cell| cell.index()));
                    s.dbg(&index.ground_height(px, pz));
                    n += 1;
                }
            }
        }
        Err(e) => s.show(&e),
    }
    for lint in c.lints() {
        s.show(&lint);
        s.show(&lint.kind);
        s.dbg(&(lint, lint.is_tolerated(), lint.kind.is_tolerated()));
    }
    for lint in c.tolerated() {
        s.show(&lint);
    }
    n
}

// ---------------------------------------------------------------------------
// The tests.

#[test]
fn the_counter_counts() {
    let (v, n) = allocations(|| vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(n >= 1, "a Vec allocated and the counter saw {n}");
    let mut v = vec![1u8];
    let (_, n) = allocations(|| v.reserve(1000));
    assert!(n >= 1, "a reallocation counts too");
    let (sum, n) = allocations(|| (0..100u32).sum::<u32>());
    assert_eq!((sum, n), (4950, 0));
    // A failing path is named.
    let mut audit = Audit::default();
    audit.check("deliberate", || vec![0u8; 3]);
    let failure = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| audit.finish()));
    assert!(failure.is_err(), "an allocating path fails the audit");
}

#[test]
fn sniff_tells_every_sample_apart_without_allocating() {
    let inputs = [
        read("samples/sample.col"),
        read("samples/vehicle.dff"),
        read("samples/course.col"),
        read("samples/collision.drs"),
        read("samples/body.tcol"),
        bcol_of(&read("samples/body.tcol")),
        b"hello".to_vec(),
        Vec::new(),
    ];
    let mut audit = Audit::default();
    let found = audit.check("sniff", || {
        let mut s = Sink::default();
        let mut found = [None; 8];
        for (slot, bytes) in found.iter_mut().zip(&inputs) {
            *slot = sniff(bytes);
            s.dbg(&grit::sniff(bytes));
        }
        for format in Format::ALL {
            s.dbg(&(format, format.name(), format.grit()));
            s.dbg(&Format::from_name(format.name()));
        }
        s.dbg(&Format::from_name("nothing"));
        (found, s)
    });
    audit.finish();
    assert_eq!(
        found.0,
        [
            Some(Format::GtaCol),
            Some(Format::Dff),
            Some(Format::MkgpCol),
            Some(Format::CollisionShape),
            Some(Format::Tcol),
            Some(Format::Bcol),
            None,
            None,
        ]
    );
}

#[test]
fn gta_reading_walking_and_recovering_never_allocate() {
    let bytes = read("samples/sample.col");
    // Damage: bytes flipped in the middle, and a model whose size runs past the end.
    let mut flipped = bytes.clone();
    let mid = flipped.len() / 2;
    for b in &mut flipped[mid - 8..mid + 8] {
        *b ^= 0xFF;
    }
    let starts: Vec<usize> = gta::headers(&bytes, gta::Options::STRICT)
        .map(|h| h.unwrap().offset())
        .collect();
    assert_eq!(starts.len(), 4);
    let mut oversized = bytes.clone();
    set_u32(&mut oversized, starts[1] + 4, 0x7FFF_FFF0);
    let mut unknown = bytes.clone();
    for b in &mut unknown[starts[2]..starts[2] + 4] {
        *b ^= 0xFF;
    }
    // Sector padding and junk after the last model.
    let mut padded = bytes.clone();
    padded.extend_from_slice(&[0; 100]);
    let mut junk = bytes.clone();
    junk.extend_from_slice(b"JUNK and more");
    let damaged = [&oversized[..], &unknown[..], &junk[..]];
    let all = [&bytes[..], &padded, &flipped, &oversized, &unknown, &junk];

    let mut audit = Audit::default();
    let mut s = Sink::default();
    for options in [gta::Options::STRICT, gta::Options::LENIENT] {
        let models = audit.check("gta::models (every model, every accessor)", || {
            let mut walk = gta::models(&bytes, options);
            let (mut models, mut records) = (0, 0);
            for model in walk.by_ref() {
                records += walk_model(&model.unwrap(), &mut s);
                models += 1;
            }
            s.dbg(&walk.end());
            (models, records)
        });
        assert_eq!(models.0, 4);
        assert!(models.1 > 0);
        for buffer in all {
            audit.check("gta::models (damaged buffers)", || {
                let mut walk = gta::models(buffer, options);
                for model in walk.by_ref() {
                    match model {
                        Ok(model) => {
                            walk_model(&model, &mut s);
                        }
                        Err(e) => {
                            s.show(&e);
                            s.show(&e.kind());
                            s.dbg(&(e, e.offset()));
                        }
                    }
                }
                s.dbg(&walk.end());
            });
            audit.check("gta::check", || match gta::check(buffer, options) {
                Ok(summary) => s.dbg(&summary),
                Err(e) => s.show(&e),
            });
            audit.check("gta::headers (every header, parsed)", || {
                let mut walk = gta::headers(buffer, options);
                for header in walk.by_ref() {
                    match header {
                        Ok(h) => {
                            walk_gta_header(&h, &mut s);
                            match h.parse(options) {
                                Ok(m) => {
                                    walk_model(&m, &mut s);
                                }
                                Err(e) => s.show(&e),
                            }
                        }
                        Err(e) => s.show(&e),
                    }
                }
                s.dbg(&walk.end());
            });
        }
        for buffer in all {
            let seen = audit.check("gta::recover", || {
                let mut walk = gta::recover(buffer, options);
                let (mut models, mut skipped) = (0, 0);
                for item in walk.by_ref() {
                    match item {
                        Recovered::Model(m) => {
                            walk_model(&m, &mut s);
                            models += 1;
                        }
                        Recovered::Skipped(skip) => {
                            s.dbg(&(skip.offset, skip.len, skip));
                            s.show(&skip.error);
                            skipped += 1;
                        }
                    }
                }
                s.dbg(&walk.end());
                (models, skipped)
            });
            assert!(seen.0 >= 1, "recover finds models");
        }
        for buffer in damaged {
            let skipped = audit.check("gta::recover (damaged)", || {
                gta::recover(buffer, options)
                    .filter(|r| matches!(r, Recovered::Skipped(_)))
                    .count()
            });
            if options == gta::Options::STRICT {
                assert!(skipped >= 1, "the damage is skipped");
            }
        }
        let model_bytes = &bytes[starts[1]..starts[2]];
        audit.check("gta::Model::parse", || {
            match Model::parse(model_bytes, options) {
                Ok(m) => {
                    walk_model(&m, &mut s);
                }
                Err(e) => s.show(&e),
            }
        });
    }
    audit.check("gta: versions, sections, flags, materials", || {
        for v in [Version::Coll, Version::Col2, Version::Col3, Version::Col4] {
            walk_version(v, &mut s);
        }
        for section in [
            gta::Section::Spheres,
            gta::Section::Boxes,
            gta::Section::Lines,
            gta::Section::Vertices,
            gta::Section::Faces,
            gta::Section::FaceGroups,
            gta::Section::ShadowVertices,
            gta::Section::ShadowFaces,
            gta::Section::TrianglePlanes,
        ] {
            s.show(&section);
        }
        for game in [Game::IiiVc, Game::Sa, Game::All] {
            s.show(&game);
            for id in 0..=255 {
                s.dbg(&gta::material_name(game, id));
            }
        }
        s.dbg(&gta::Flags(0xFF).has_shadow_mesh());
    });
    audit.finish();
    assert!(s.len > 0);
}

#[test]
fn gta_writers_never_allocate() {
    let bytes = read("samples/sample.col");
    let models: Vec<Model<'_>> = gta::models(&bytes, gta::Options::STRICT)
        .map(Result::unwrap)
        .collect();
    // A `ModelRepr` of each model, its decoded records in Vecs made here.
    struct Decoded {
        spheres: Vec<gta::Sphere>,
        boxes: Vec<gta::CollisionBox>,
        lines: Vec<gta::Line>,
        vertices: Vec<gta::Vec3>,
        faces: Vec<gta::Face>,
        face_groups: Vec<gta::FaceGroup>,
        shadow_vertices: Vec<gta::Vec3>,
        shadow_faces: Vec<gta::Face>,
    }
    let decoded: Vec<Decoded> = models
        .iter()
        .map(|m| Decoded {
            spheres: m.spheres().iter().collect(),
            boxes: m.boxes().iter().collect(),
            lines: m.lines().iter().collect(),
            vertices: m.vertices().iter().collect(),
            faces: m.faces().iter().collect(),
            face_groups: m.face_groups().iter().collect(),
            shadow_vertices: m.shadow_vertices().iter().collect(),
            shadow_faces: m.shadow_faces().iter().collect(),
        })
        .collect();
    let reprs: Vec<ModelRepr<'_>> = models
        .iter()
        .zip(&decoded)
        .map(|(m, d)| ModelRepr {
            version: m.version(),
            name: m.name(),
            model_id: m.model_id(),
            bounds: m.bounds(),
            spheres: &d.spheres,
            boxes: &d.boxes,
            lines: &d.lines,
            vertices: &d.vertices,
            faces: &d.faces,
            face_groups: &d.face_groups,
            shadow_vertices: &d.shadow_vertices,
            shadow_faces: &d.shadow_faces,
            col4_extra: m.col4_extra().unwrap_or(0),
        })
        .collect();
    let mut option_list = vec![WriteOptions::AS_IS];
    for v in [Version::Coll, Version::Col2, Version::Col3, Version::Col4] {
        let mut o = WriteOptions::to(v);
        option_list.push(o);
        o.drop_shadow_mesh = true;
        option_list.push(o);
        o.recompute_bounds = true;
        option_list.push(o);
        o.face_groups = FaceGroupMode::Generate;
        option_list.push(o);
        o.face_groups = FaceGroupMode::Remove;
        option_list.push(o);
    }
    let mut out = vec![0u8; 1 << 16];
    let mut small = [0u8; 16];
    // Many faces, for generated face groups: a COLL model of 200 faces.
    let grid: Vec<gta::Vec3> = (0..=20)
        .flat_map(|i| (0..=10).map(move |j| [i as f32, j as f32, (i * j) as f32 * 0.01]))
        .collect();
    let many_faces: Vec<gta::Face> = (0..20u32)
        .flat_map(|i| (0..10u32).map(move |j| (i, j)))
        .map(|(i, j)| gta::Face {
            indices: [i * 11 + j, (i + 1) * 11 + j, i * 11 + j + 1],
            surface: gta::FaceSurface::Compact {
                material: (i % 5) as u8,
                light: 0x21,
            },
        })
        .collect();
    let big = ModelRepr {
        vertices: &grid,
        faces: &many_faces,
        ..ModelRepr::new(Version::Col3, b"big")
    };

    let mut audit = Audit::default();
    let mut s = Sink::default();
    let written = audit.check("gta::write (each model, every option set)", || {
        let (mut ok, mut total) = (0, 0);
        for options in &option_list {
            for model in &models {
                s.dbg(&gta_write::required_len(model, options));
                match gta_write::losses(model, options) {
                    Ok(losses) => {
                        s.show(&losses);
                        s.dbg(&(losses.is_empty(), losses.combined(losses)));
                    }
                    Err(e) => s.show(&e),
                }
                match gta_write::write(model, options, &mut out) {
                    Ok(n) => {
                        ok += 1;
                        total += n;
                        match Model::parse(&out[..n], gta::Options::STRICT) {
                            Ok(back) => {
                                walk_model(&back, &mut s);
                            }
                            Err(e) => s.show(&e),
                        }
                    }
                    Err(e) => {
                        s.show(&e);
                        s.dbg(&e);
                    }
                }
            }
        }
        (ok, total)
    });
    assert!(
        written.0 >= models.len() * 10,
        "writes that succeeded: {written:?}"
    );
    let written = audit.check("gta::write (ModelRepr sources)", || {
        let mut ok = 0;
        for options in &option_list {
            for repr in reprs.iter().chain([&big]) {
                s.dbg(&gta_write::required_len(repr, options));
                s.dbg(&gta_write::losses(repr, options));
                if let Ok(n) = gta_write::write(repr, options, &mut out) {
                    s.eat(&out[..n]);
                    ok += 1;
                }
            }
        }
        ok
    });
    assert!(written >= reprs.len() * 10);
    let library = audit.check("gta::write_library", || {
        let mut ok = 0;
        for options in &option_list {
            let walk = gta::models(&bytes, gta::Options::STRICT).map_while(Result::ok);
            s.dbg(&gta_write::library_required_len(walk.clone(), options));
            s.dbg(&gta_write::library_losses(walk.clone(), options));
            match gta_write::write_library(walk, options, &mut out) {
                Ok(n) => {
                    ok += 1;
                    s.dbg(&gta::check(&out[..n], gta::Options::STRICT));
                }
                Err(e) => s.show(&e),
            }
            // From a slice of models and of representations.
            s.dbg(&gta_write::write_library(models.iter(), options, &mut out));
            s.dbg(&gta_write::write_library(reprs.iter(), options, &mut out));
            s.dbg(&gta_write::library_required_len(reprs.iter(), options));
        }
        ok
    });
    assert!(library >= 5);
    audit.check("gta::write errors (buffer too small)", || {
        for model in &models {
            match gta_write::write(model, &WriteOptions::AS_IS, &mut small) {
                Ok(n) => s.dbg(&n),
                Err(e) => s.show(&e),
            }
        }
        s.dbg(&gta_write::write_library(
            models.iter(),
            &WriteOptions::AS_IS,
            &mut small,
        ));
    });
    audit.check("gta::write helpers", || {
        for faces in [0, 80, 81, 200, 5000, usize::MAX] {
            for range in gta_write::face_group_ranges(faces).take(1000) {
                s.dbg(&range);
            }
        }
        for v in [0.0, 1.0 / 128.0, -256.0, 255.99, 300.0, f32::NAN] {
            s.dbg(&gta_write::to_fixed_point(v));
        }
        let name = gta_write::Name::new(b"a name\0with a NUL");
        s.show(&name);
        s.dbg(&name);
        s.eat(name.as_bytes());
        s.show(&gta_write::Mesh::Shadow);
        s.show(&gta_write::Losses::default());
    });
    audit.finish();
}

#[test]
fn dff_reading_and_replacing_never_allocate() {
    let vehicle = read("samples/vehicle.dff");
    let col = read("samples/sample.col");
    let models: Vec<Model<'_>> = gta::models(&col, gta::Options::STRICT)
        .map(Result::unwrap)
        .collect();
    assert_eq!(models[0].version(), Version::Coll);
    // A PS2 payload: a COLL model without FourCC, size or name.
    let headerless = dff_with(&models[0].bytes()[32..]);
    let broken_headerless = dff_with(&models[0].bytes()[32..models[0].len() - 4]);
    // A Clump with no collision, and one without an Extension.
    let no_collision = dff_with(&[]);
    let bare = rw_chunk(dff::CLUMP, &rw_chunk(0x01, &[0; 12]));
    let cut = &vehicle[..100];
    let mut scratch = vec![0u8; 4096];
    let mut out = vec![0u8; 1 << 16];
    let inputs = [
        &vehicle[..],
        &headerless,
        &broken_headerless,
        &no_collision,
        &bare,
        cut,
        &vehicle[..5],
    ];

    let mut audit = Audit::default();
    let mut s = Sink::default();
    let (mut parsed, mut framed, mut replaced) = (0, 0, 0);
    for options in [gta::Options::STRICT, gta::Options::LENIENT] {
        for bytes in inputs {
            audit.check("gta::dff::Dff::parse and accessors", || {
                let dff = match Dff::parse(bytes, options) {
                    Ok(dff) => dff,
                    Err(e) => {
                        s.show(&e);
                        s.dbg(&(e.offset(), e.kind()));
                        return;
                    }
                };
                parsed += 1;
                s.eat(dff.bytes());
                let clump = dff.clump();
                s.dbg(&(clump, clump.offset(), clump.kind(), clump.size()));
                s.dbg(&(clump.body_start(), clump.end(), dff.extension()));
                s.dbg(&(dff.children_end(), dff.has_short_clump()));
                if let Some(collision) = dff.collision() {
                    s.dbg(&(collision.chunk(), collision.is_headerless()));
                    match collision.payload() {
                        Payload::Model(m) => {
                            walk_model(&m, &mut s);
                        }
                        Payload::Headerless(h) => {
                            s.eat(h.bytes());
                            s.dbg(&(h.offset(), h.framed_len(), dff::FRAME_LEN));
                            match h.frame(&mut scratch, options) {
                                Ok(m) => {
                                    walk_model(&m, &mut s);
                                    framed += 1;
                                }
                                Err(e) => s.show(&e),
                            }
                            match h.frame(&mut scratch[..8], options) {
                                Ok(m) => s.dbg(&m),
                                Err(e) => s.show(&e),
                            }
                        }
                        _ => unreachable!("a new payload kind"),
                    }
                }
            });
            audit.check("gta::dff::Dff::replace", || {
                let Ok(dff) = Dff::parse(bytes, options) else {
                    return;
                };
                for model in &models {
                    s.dbg(&dff.replace_len(model.len()));
                    match dff.replace(model, &mut out) {
                        Ok(n) => match Dff::parse(&out[..n], gta::Options::LENIENT) {
                            Ok(back) => {
                                s.dbg(&back.collision().map(|c| c.chunk()));
                                replaced += 1;
                            }
                            Err(e) => s.show(&e),
                        },
                        Err(e) => s.show(&e),
                    }
                    match dff.replace(model, &mut out[..10]) {
                        Ok(n) => s.dbg(&n),
                        Err(e) => s.show(&e),
                    }
                }
            });
        }
    }
    audit.finish();
    assert!(parsed >= 8, "dff files parsed: {parsed}");
    assert_eq!(framed, 2, "headerless payloads framed (strict and lenient)");
    assert!(replaced >= 8 * models.len(), "models put back: {replaced}");
}

#[test]
fn mkgp_reading_lookups_and_writing_never_allocate() {
    let bytes = read("samples/course.col");
    let course = Course::parse(&bytes, mkgp::Options::STRICT).unwrap();
    let cells = course.cell_count() as usize;
    let mut storage = vec![0u32; cells];
    let mut too_small = vec![0u32; cells - 1];
    // Another version word: only the lenient reading accepts it.
    let mut other_version = bytes.clone();
    set_u32(&mut other_version, 4, 0x1234_5678);
    // The course's cells, decoded, for the writer.
    let triangles: Vec<Vec<mkgp::Triangle>> = course
        .cells()
        .map(|c| c.triangles().iter().map(|t| t.decode()).collect())
        .collect();
    let walls: Vec<Vec<mkgp::Wall>> = course
        .cells()
        .map(|c| c.walls().iter().map(|w| w.decode()).collect())
        .collect();
    let contents: Vec<CellContents<'_>> = triangles
        .iter()
        .zip(&walls)
        .map(|(triangles, walls)| CellContents { triangles, walls })
        .collect();
    let wall_lists: Vec<Vec<mkgp::TriangleWall>> = course
        .wall_cells()
        .map(|c| c.triangle_walls().iter().map(|w| w.decode()).collect())
        .collect();
    let wall_cells: Vec<&[mkgp::TriangleWall]> = wall_lists.iter().map(Vec::as_slice).collect();
    let header = course.grid();
    let mut out = vec![0u8; bytes.len() + 64];

    let mut audit = Audit::default();
    let mut s = Sink::default();
    for options in [mkgp::Options::STRICT, mkgp::Options::LENIENT] {
        for buffer in [&bytes, &other_version] {
            let seen = audit.check(
                "mkgp::Course::parse, cells, walls, ground height, index",
                || match Course::parse(buffer, options) {
                    Ok(c) => walk_course(&c, &mut storage, &mut s),
                    Err(e) => {
                        s.show(&e);
                        s.dbg(&(e.offset(), e.kind()));
                        0
                    }
                },
            );
            if options == mkgp::Options::LENIENT || buffer == &bytes {
                assert!(seen > cells, "records walked: {seen}");
            }
        }
    }
    audit.check("mkgp::Course::index (storage too small)", || {
        match course.index(&mut too_small) {
            Ok(index) => s.dbg(&index.cell(0, 0).map(|c| c.offset())),
            Err(e) => {
                s.show(&e);
                s.dbg(&e);
            }
        }
    });
    let n = audit.check("mkgp::write", || {
        s.dbg(&mkgp::required_len(&contents, &wall_cells));
        match mkgp::write(&header, &contents, &wall_cells, &mut out) {
            Ok(n) => {
                s.dbg(&Course::parse(&out[..n], mkgp::Options::STRICT).map(|c| c.grid()));
                n
            }
            Err(e) => {
                s.show(&e);
                0
            }
        }
    });
    assert_eq!(n, bytes.len());
    assert_eq!(out[..n], bytes[..], "the course writes back as it was");
    audit.check("mkgp::write errors", || {
        // Too few cells, and too small a buffer.
        match mkgp::write(&header, &contents[1..], &wall_cells, &mut out) {
            Ok(n) => s.dbg(&n),
            Err(e) => s.show(&e),
        }
        match mkgp::write(&header, &contents, &wall_cells[1..], &mut out) {
            Ok(n) => s.dbg(&n),
            Err(e) => s.show(&e),
        }
        match mkgp::write(&header, &contents, &wall_cells, &mut out[..100]) {
            Ok(n) => s.dbg(&n),
            Err(e) => s.show(&e),
        }
        let mut empty = header;
        empty.width = 0;
        match mkgp::write(&empty, &contents, &wall_cells, &mut out) {
            Ok(n) => s.dbg(&n),
            Err(e) => s.show(&e),
        }
    });
    audit.finish();
}

#[test]
fn battleforge_reading_shapes_and_writing_never_allocate() {
    let bytes = read("samples/collision.drs");
    let drs = Drs::parse(&bytes, battleforge::Options::STRICT).unwrap();
    let (node, shape) = drs.collision_shape().unwrap();
    let payload = node.payload();
    let boxes: Vec<BoxShape> = shape.boxes().iter().map(|b| b.decode()).collect();
    let spheres: Vec<SphereShape> = shape.spheres().iter().map(|b| b.decode()).collect();
    let cylinders: Vec<CylinderShape> = shape.cylinders().iter().map(|b| b.decode()).collect();
    let mut payload_out = vec![0u8; payload.len() + 16];
    let mut out = vec![0u8; bytes.len() + 256];
    let other = b"some other payload";

    let mut audit = Audit::default();
    let mut s = Sink::default();
    for options in [battleforge::Options::STRICT, battleforge::Options::LENIENT] {
        let seen = audit.check(
            "battleforge::Drs::parse, nodes, collision shape, transforms",
            || match Drs::parse(&bytes, options) {
                Ok(drs) => walk_drs(&drs, &mut s),
                Err(e) => {
                    s.show(&e);
                    0
                }
            },
        );
        assert!(seen >= 2, "nodes and shapes walked: {seen}");
        audit.check(
            "battleforge::Drs::parse_container",
            || match Drs::parse_container(&bytes) {
                Ok(drs) => {
                    s.dbg(&drs.collision_shape().is_none());
                    walk_drs(&drs, &mut s);
                }
                Err(e) => s.show(&e),
            },
        );
        let shapes =
            audit.check(
                "battleforge::CollisionShape::parse",
                || match CollisionShape::parse(payload, options) {
                    Ok(shape) => walk_collision_shape(&shape, &mut s),
                    Err(e) => {
                        s.show(&e);
                        0
                    }
                },
            );
        assert_eq!(shapes, boxes.len() + spheres.len() + cylinders.len());
    }
    let len = audit.check("battleforge::write_payload", || {
        s.dbg(&battleforge::payload_required_len(
            &boxes, &spheres, &cylinders,
        ));
        match battleforge::write_payload(&boxes, &spheres, &cylinders, &mut payload_out) {
            Ok(n) => n,
            Err(e) => {
                s.show(&e);
                0
            }
        }
    });
    assert_eq!(payload_out[..len], payload[..]);
    let written_payload = payload_out[..len].to_vec();
    let nodes = [
        NodeSpec {
            name: b"mesh",
            class_id: 7,
            identifier: 1,
            payload: other,
        },
        NodeSpec {
            name: COLLISION_SHAPE_NAME,
            class_id: COLLISION_SHAPE_CLASS,
            identifier: 2,
            payload: &written_payload,
        },
    ];
    let n = audit.check("battleforge::write (DRS container)", || {
        s.dbg(&battleforge::required_len(&nodes));
        match battleforge::write(&nodes, &mut out) {
            Ok(n) => {
                match Drs::parse(&out[..n], battleforge::Options::STRICT) {
                    Ok(drs) => {
                        walk_drs(&drs, &mut s);
                    }
                    Err(e) => s.show(&e),
                }
                n
            }
            Err(e) => {
                s.show(&e);
                0
            }
        }
    });
    assert!(n > 0);
    audit.check("battleforge::write errors", || {
        match battleforge::write(&nodes, &mut out[..10]) {
            Ok(n) => s.dbg(&n),
            Err(e) => s.show(&e),
        }
        match battleforge::write_payload(&boxes, &spheres, &cylinders, &mut payload_out[..4]) {
            Ok(n) => s.dbg(&n),
            Err(e) => s.show(&e),
        }
    });
    audit.finish();
}

#[test]
fn grit_tcol_reading_lints_and_printing_never_allocate() {
    let body = read("samples/body.tcol");
    let mut texts = vec![("samples/body.tcol".to_owned(), body.clone())];
    texts.push(("EVERY_SHAPE".to_owned(), EVERY_SHAPE.as_bytes().to_vec()));
    texts.push(("SHRINK".to_owned(), SHRINK.as_bytes().to_vec()));
    texts.extend(tcol_fixtures());
    let mut scratch = vec![[0u32; 4]; 4096];
    let mut out = vec![0u8; 1 << 16];
    let mut bcol_out = vec![0u8; 1 << 16];

    let mut audit = Audit::default();
    let mut s = Sink::default();
    let (mut accepted, mut walked, mut mesh_lints, mut printed, mut converted) = (0, 0, 0, 0, 0);
    for (name, text) in &texts {
        for options in [grit::tcol::Options::STRICT, grit::tcol::Options::LENIENT] {
            let result =
                audit.check(
                    "grit::tcol::Tcol::parse, shapes, trimesh, lints",
                    || match Tcol::parse(text, options) {
                        Ok(tcol) => Some(walk_tcol(&tcol, &mut s)),
                        Err(e) => {
                            s.show(&e);
                            s.show(&e.kind());
                            s.show(&e.position());
                            s.dbg(&(e.line(), e.column(), e.offset(), e));
                            None
                        }
                    },
                );
            if let Some(n) = result {
                accepted += 1;
                walked += n;
            }
            audit.check("grit::tcol::Tcol::parse_str", || {
                if let Ok(text) = std::str::from_utf8(text) {
                    s.dbg(&Tcol::parse_str(text, options).map(|t| t.shape_count()));
                }
            });
            audit.check("grit::tcol::Tcol::mesh_lints (caller scratch)", || {
                let Ok(tcol) = Tcol::parse(text, options) else {
                    return;
                };
                match tcol.mesh_lints(&mut scratch) {
                    Ok(lints) => {
                        for lint in lints {
                            s.show(&lint);
                            mesh_lints += 1;
                        }
                    }
                    Err(e) => s.show(&e),
                }
                if tcol.mesh_scratch_len() > 0 {
                    match tcol.mesh_lints(&mut []) {
                        Ok(lints) => s.dbg(&lints.count()),
                        Err(e) => {
                            s.show(&e);
                            s.dbg(&e);
                        }
                    }
                }
            });
            audit.check(
                "grit::tcol::print, required_len, write (TCOL printer)",
                || {
                    let Ok(tcol) = Tcol::parse(text, options) else {
                        return;
                    };
                    match tcol.print(&mut s) {
                        Ok(()) => {}
                        Err(e) => s.show(&e),
                    }
                    s.dbg(&tcol.required_len());
                    match tcol.write(&mut out) {
                        Ok(n) => {
                            s.dbg(&Tcol::parse(&out[..n], grit::tcol::Options::STRICT).is_ok());
                            printed += 1;
                        }
                        Err(e) => s.show(&e),
                    }
                    match tcol.write(&mut out[..8]) {
                        Ok(n) => s.dbg(&n),
                        Err(e) => s.show(&e),
                    }
                    let attributes = tcol.attributes();
                    let mut printed = Sink::default();
                    s.dbg(&grit::tcol::print(
                        &attributes,
                        tcol.shapes(),
                        tcol.trimesh(),
                        &mut printed,
                    ));
                    s.dbg(&printed);
                    s.dbg(&grit::tcol::required_len(
                        &attributes,
                        tcol.shapes(),
                        tcol.trimesh(),
                    ));
                    s.dbg(&grit::tcol::write(
                        &attributes,
                        tcol.shapes(),
                        tcol.trimesh(),
                        &mut out,
                    ));
                },
            );
            audit.check("grit::bcol::write (from TCOL)", || {
                let Ok(tcol) = Tcol::parse(text, options) else {
                    return;
                };
                let attributes = tcol.attributes();
                s.dbg(&bcol::required_len(
                    &attributes,
                    tcol.shapes(),
                    tcol.trimesh(),
                ));
                match bcol::write(&attributes, tcol.shapes(), tcol.trimesh(), &mut bcol_out) {
                    Ok(n) => match Bcol::parse(&bcol_out[..n], bcol::Options::STRICT) {
                        Ok(b) => {
                            walk_bcol(&b, &mut s);
                            converted += 1;
                        }
                        Err(e) => s.show(&e),
                    },
                    Err(e) => s.show(&e),
                }
            });
            audit.check("grit::tcol::lexer::Lexer (every token)", || {
                let mut lexer = Lexer::new(text);
                s.dbg(&lexer);
                s.eat(lexer.text());
                for _ in 0..100_000 {
                    s.show(&lexer.position());
                    match lexer.next_token() {
                        Ok(token) => {
                            s.show(&token.kind);
                            s.dbg(&token);
                            s.eat(token.bytes(text));
                            if token.kind == TokenKind::EndOfFile {
                                break;
                            }
                        }
                        Err(e) => {
                            s.show(&e);
                            break;
                        }
                    }
                }
            });
        }
        let _ = name;
    }
    audit.finish();
    assert!(accepted >= 30, "TCOL files accepted: {accepted}");
    assert!(walked >= 15, "shapes and faces walked: {walked}");
    assert!(mesh_lints >= 3, "trimesh lints found: {mesh_lints}");
    assert!(printed >= 30, "TCOL files printed: {printed}");
    assert!(converted >= 25, "TCOL files converted to BCOL: {converted}");
}

#[test]
fn grit_bcol_reading_repairing_and_writing_never_allocate() {
    let from_body = bcol_of(&read("samples/body.tcol"));
    let every_shape = bcol_of(EVERY_SHAPE.as_bytes());
    let bugged = with_converter_bugs(&every_shape);
    let bugged_body = with_converter_bugs(&from_body);
    let cut = every_shape[..60].to_vec();
    let inputs = [&from_body, &every_shape, &bugged, &bugged_body, &cut];
    let mut out = vec![0u8; 1 << 16];
    let mut text = vec![0u8; 1 << 16];

    let mut audit = Audit::default();
    let mut s = Sink::default();
    let mut results = Vec::with_capacity(2 * inputs.len());
    for options in [bcol::Options::STRICT, bcol::Options::LENIENT] {
        for bytes in inputs {
            let seen =
                audit.check(
                    "grit::bcol::Bcol::parse, shapes, trimesh, lints",
                    || match Bcol::parse(bytes, options) {
                        Ok(b) => Some((walk_bcol(&b, &mut s), b.tolerated().count())),
                        Err(e) => {
                            s.show(&e);
                            s.show(&e.kind());
                            s.dbg(&(e.offset(), e));
                            None
                        }
                    },
                );
            results.push(seen);
            audit.check("grit::bcol::write (from BCOL)", || {
                let Ok(b) = Bcol::parse(bytes, options) else {
                    return;
                };
                let attributes = b.attributes();
                s.dbg(&bcol::required_len(&attributes, b.shapes(), b.trimesh()));
                match bcol::write(&attributes, b.shapes(), b.trimesh(), &mut out) {
                    Ok(n) => s.eat(&out[..n]),
                    Err(e) => s.show(&e),
                }
                match bcol::write(&attributes, b.shapes(), b.trimesh(), &mut out[..10]) {
                    Ok(n) => s.dbg(&n),
                    Err(e) => s.show(&e),
                }
            });
            audit.check("grit::tcol::print (BCOL as TCOL text)", || {
                let Ok(b) = Bcol::parse(bytes, options) else {
                    return;
                };
                let attributes = b.attributes();
                let mut printed = Sink::default();
                s.dbg(&grit::tcol::print(
                    &attributes,
                    b.shapes(),
                    b.trimesh(),
                    &mut printed,
                ));
                s.dbg(&printed);
                s.dbg(&grit::tcol::required_len(
                    &attributes,
                    b.shapes(),
                    b.trimesh(),
                ));
                match grit::tcol::write(&attributes, b.shapes(), b.trimesh(), &mut text) {
                    Ok(n) => s.dbg(&Tcol::parse(&text[..n], grit::tcol::Options::STRICT).is_ok()),
                    Err(e) => s.show(&e),
                }
            });
        }
    }
    audit.finish();
    let n = inputs.len();
    // Strict: the good files read, the bugged ones and the cut one do not.
    assert!(results[0].is_some() && results[1].is_some());
    assert!(results[2].is_none() && results[3].is_none() && results[4].is_none());
    // Lenient: the bugged files are repaired, and say so.
    assert!(results[n + 2].is_some_and(|(_, tolerated)| tolerated > 0));
    assert!(results[n + 3].is_some_and(|(_, tolerated)| tolerated > 0));
    assert!(results[n + 1].is_some_and(|(walked, _)| walked >= 6 + 5));
}

#[test]
fn obj_export_never_allocates() {
    let col = read("samples/sample.col");
    let models: Vec<Model<'_>> = gta::models(&col, gta::Options::STRICT)
        .map(Result::unwrap)
        .collect();
    let course_bytes = read("samples/course.col");
    let course = Course::parse(&course_bytes, mkgp::Options::STRICT).unwrap();
    let drs_bytes = read("samples/collision.drs");
    let drs = Drs::parse(&drs_bytes, battleforge::Options::STRICT).unwrap();
    let (_, shape) = drs.collision_shape().unwrap();
    let body = read("samples/body.tcol");
    let tcol_body = Tcol::parse(&body, grit::tcol::Options::STRICT).unwrap();
    let tcol_all = Tcol::parse(EVERY_SHAPE.as_bytes(), grit::tcol::Options::STRICT).unwrap();
    let bcol_bytes = bcol_of(EVERY_SHAPE.as_bytes());
    let bcol_all = Bcol::parse(&bcol_bytes, bcol::Options::STRICT).unwrap();

    let mut audit = Audit::default();
    let (mut o, mut m) = (Sink::default(), Sink::default());
    let mut s = Sink::default();
    for game in [None, Some(Game::IiiVc), Some(Game::Sa), Some(Game::All)] {
        let summary = audit.check("obj::gta", || {
            obj::gta(&models, game, &mut o, &mut m, Some("sample.mtl"))
        });
        assert_eq!(summary.unwrap().objects, 10);
    }
    audit.check("obj::gta (no mtllib, no models)", || {
        s.dbg(&obj::gta(&models, None, &mut o, &mut m, None));
        s.dbg(&obj::gta(&[], None, &mut o, &mut m, None));
    });
    let summary = audit.check("obj::mkgp", || {
        obj::mkgp(&course, &mut o, &mut m, Some("course.mtl"))
    });
    assert!(summary.unwrap().faces > 0);
    let summary = audit.check("obj::battleforge", || {
        obj::battleforge(&shape, &mut o, &mut m, Some("shape.mtl"))
    });
    assert!(summary.unwrap().faces > 0);
    for (tcol, what) in [(&tcol_body, "body"), (&tcol_all, "every shape")] {
        let summary = audit.check("obj::grit (TCOL)", || {
            obj::grit(
                tcol.shapes(),
                tcol.trimesh(),
                &mut o,
                &mut m,
                Some("body.mtl"),
            )
        });
        assert!(summary.unwrap().faces > 0, "{what}");
    }
    let summary = audit.check("obj::grit (BCOL)", || {
        obj::grit(
            bcol_all.shapes(),
            bcol_all.trimesh(),
            &mut o,
            &mut m,
            Some("body.mtl"),
        )
    });
    assert!(summary.unwrap().faces > 0);
    audit.check("obj helpers", || {
        for key in 0..100 {
            s.dbg(&obj::colour(key));
        }
        s.dbg(&obj::name_key("/common/Stone"));
        for c in ['a', ' ', '#', '\\', '\n', 'é'] {
            s.dbg(&obj::clean(c));
        }
    });
    audit.finish();
    assert!(o.len > 0 && m.len > 0);
}

#[test]
fn error_display_never_allocates() {
    let col = read("samples/sample.col");
    let vehicle = read("samples/vehicle.dff");
    let course = read("samples/course.col");
    let drs = read("samples/collision.drs");
    let body = read("samples/body.tcol");
    let bcol_bytes = bcol_of(&body);

    let mut audit = Audit::default();
    let mut s = Sink::default();
    // The first `len` bytes, and never the whole buffer.
    fn cut(bytes: &[u8], len: usize) -> &[u8] {
        &bytes[..len.min(bytes.len() - 1)]
    }
    let shown = audit.check("error Display (truncated buffers of every format)", || {
        let mut errors = 0;
        let mut show = |e: &dyn fmt::Display, s: &mut Sink| {
            s.show(&e);
            errors += 1;
        };
        for len in [0, 3, 7, 40, 100, 500] {
            if let Err(e) = Model::parse(cut(&col, len), gta::Options::STRICT) {
                show(&e, &mut s);
                s.show(&e.kind());
            }
            if let Err(e) = gta::check(cut(&col, len + 600), gta::Options::STRICT) {
                show(&e, &mut s);
            }
            if let Err(e) = Dff::parse(cut(&vehicle, len), gta::Options::STRICT) {
                show(&e, &mut s);
                s.show(&e.kind());
            }
            if let Err(e) = Course::parse(cut(&course, len), mkgp::Options::STRICT) {
                show(&e, &mut s);
                s.show(&e.kind());
            }
            if let Err(e) = Drs::parse(cut(&drs, len), battleforge::Options::STRICT) {
                show(&e, &mut s);
                s.show(&e.kind());
            }
            if let Err(e) = CollisionShape::parse(cut(&drs, len), battleforge::Options::STRICT) {
                show(&e, &mut s);
            }
            if let Err(e) = Tcol::parse(cut(&body, len), grit::tcol::Options::STRICT) {
                show(&e, &mut s);
                s.show(&e.kind());
            }
            if let Err(e) = Bcol::parse(cut(&bcol_bytes, len), bcol::Options::STRICT) {
                show(&e, &mut s);
                s.show(&e.kind());
            }
        }
        errors
    });
    assert!(shown >= 40, "errors shown: {shown}");
    audit.finish();
    assert!(s.len > 0);
}

#[test]
fn img_reading_linting_and_writing_never_allocate() {
    use zerocol::img::{self, Archive, Change, Directory, Options, Source};
    let col = read("samples/sample.col");
    let dff = read("samples/vehicle.dff");
    let sources = [
        Source {
            name: b"sample.col",
            data: &col,
        },
        Source {
            name: b"vehicle.dff",
            data: &dff,
        },
        Source {
            name: b"A.COL",
            data: &col,
        },
        Source {
            name: b"notes",
            data: b"x",
        },
    ];
    let mut v2 = vec![0; img::required_len(sources).unwrap()];
    let (dir_len, img_len) = img::v1_required_len(sources).unwrap();
    let (mut dir, mut data) = (vec![0; dir_len], vec![0; img_len]);
    let mut audit = Audit::default();
    let mut s = Sink::default();
    audit.check("img::write", || img::write(sources, &mut v2).unwrap());
    audit.check("img::write_v1", || {
        img::write_v1(sources, &mut dir, &mut data).unwrap()
    });
    let changes = [
        Change::Put {
            name: b"notes",
            data: b"y",
        },
        Change::Remove { name: b"a.col" },
    ];
    let archive = Archive::parse(&v2, Options::STRICT).unwrap();
    let mut edited = vec![0; img::required_len(archive.edited(&changes)).unwrap()];
    let entries = audit.check("img::Archive (parse, entries, models, dff, lints)", || {
        let mut n = 0;
        for options in [Options::STRICT, Options::LENIENT] {
            let archive = Archive::parse(&v2, options).unwrap();
            for entry in archive.entries() {
                s.dbg(&entry.entry);
                s.dbg(&entry.sniff());
                for model in entry.models(gta::Options::STRICT) {
                    s.dbg(&model.map(|m| m.name()));
                }
                let _ = black_box(entry.dff(gta::Options::STRICT).is_ok());
                n += 1;
            }
            for lint in archive.directory().lints() {
                s.show(&lint);
            }
            let v1 = Archive::parse_v1(&dir, &data, options).unwrap();
            n += v1.entries().count();
            let head = Directory::v2_len(&v2).unwrap();
            let streaming = Directory::parse(&v2[..head], Some(v2.len() as u64), options).unwrap();
            for entry in streaming.entries() {
                let range = entry.byte_range();
                let sectors = &v2[range.start as usize..range.end as usize];
                s.dbg(&streaming.entry_data(&entry, sectors));
            }
            s.show(&Archive::parse(b"VERF", options).unwrap_err());
        }
        n
    });
    assert_eq!(entries, 16);
    audit.check("img::Archive::edited + img::write", || {
        img::write(archive.edited(&changes), &mut edited).unwrap()
    });
    assert!(s.len > 0);
    audit.finish();
}
