//! The DRS container and its nodes, the [`zc_battleforge_shapes`] view of a payload,
//! and each shape with its transform and world bounds.
//!
//! Sections, in order: the container → the shapes view → shapes.

use zerocol::battleforge::{self, CollisionShape, Drs, DrsParts, Node, ShapeKind};

use crate::battleforge::error::{is_drs, to_c};
use crate::boundary::{self, Sealed};
use crate::convert::{narrow, put, wide, wide32};
use crate::error::{fail, zc_error, zc_mode, zc_status};

/// The library's options for a mode (both are the same in this format).
pub(crate) fn options(mode: u32) -> Result<battleforge::Options, zc_status> {
    Ok(if zc_mode::from_u32(mode)?.is_lenient() {
        battleforge::Options::LENIENT
    } else {
        battleforge::Options::STRICT
    })
}

// ---------------------------------------------------------------------------------
// The container

/// A validated DRS container: a view that borrows the file and stays valid while its
/// bytes do, unchanged. Made by [`zc_battleforge_drs_parse`]; do not change its fields
/// (`ZC_STATUS_INVALID_ARGUMENT` when its `check` does not match them).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_battleforge_drs {
    /// The file.
    pub buffer: *const u8,
    /// Its length.
    pub buffer_len: usize,
    /// The header's model count.
    pub model_count: i32,
    /// Nodes, the root included.
    pub node_count: u32,
    /// File offset of the node information table.
    pub node_info_offset: u64,
    /// File offset of the node hierarchy.
    pub node_hierarchy_offset: u64,
    /// The root's name (no NUL; "root node" in every known file), in the file.
    pub root_name: *const u8,
    /// Its length.
    pub root_name_len: usize,
    /// 1 when a node is named `collisionShape` (then `collision_shape_node` is its
    /// information index).
    pub has_collision_shape: u8,
    /// The `collisionShape` node's information index.
    pub collision_shape_node: u32,
    /// Private: file offset of the first non-root hierarchy entry.
    pub first_entry: u64,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and pointers only: any bits are a value (the check word and
// `Drs::from_parts` decide whether it names a container).
unsafe impl boundary::Plain for zc_battleforge_drs {}

boundary::sealed!(zc_battleforge_drs, |v| [
    v.buffer as usize as u64,
    v.buffer_len as u64,
    u64::from(u32::from_ne_bytes(v.model_count.to_ne_bytes())),
    u64::from(v.node_count),
    v.node_info_offset,
    v.node_hierarchy_offset,
    v.root_name as usize as u64,
    v.root_name_len as u64,
    u64::from(v.has_collision_shape),
    u64::from(v.collision_shape_node),
    v.first_entry,
]);

impl zc_battleforge_drs {
    /// The C view of `drs`.
    pub(crate) fn of(drs: &Drs<'_>) -> Self {
        let h = drs.header();
        let parts = drs.parts();
        let node = drs.collision_shape().map(|(node, _)| node.info_index());
        Self {
            buffer: drs.bytes().as_ptr(),
            buffer_len: drs.bytes().len(),
            model_count: h.model_count.get(),
            node_count: drs.node_count(),
            node_info_offset: u64::try_from(h.node_info_offset.get()).unwrap_or(0),
            node_hierarchy_offset: u64::try_from(h.node_hierarchy_offset.get()).unwrap_or(0),
            root_name: drs.root_name().as_ptr(),
            root_name_len: drs.root_name().len(),
            has_collision_shape: u8::from(node.is_some()),
            collision_shape_node: node.unwrap_or(0),
            first_entry: wide(parts.first_entry),
            check: 0,
        }
        .sealed()
    }

    /// The view, checked, rebuilt as the library's container in O(1).
    pub(crate) fn rebuild<'a>(&self) -> Result<Drs<'a>, zc_status> {
        self.verify()?;
        let bytes = boundary::bytes(self.buffer, self.buffer_len)?;
        let parts = DrsParts {
            first_entry: narrow(self.first_entry)?,
            root_name: (self.root_name as usize).wrapping_sub(self.buffer as usize),
            root_name_len: self.root_name_len,
        };
        Drs::from_parts(bytes, parts).ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)
    }
}

/// Validates a DRS container (`len` bytes at `bytes`) and, when a node is named
/// `collisionShape`, that node and its payload (as [`zc_battleforge_parse`] does).
///
/// - `mode`: a `zc_mode` (both read the same in this format).
/// - `drs`: written on `ZC_STATUS_OK`; borrows `bytes`.
/// - `err`: written on `ZC_STATUS_MALFORMED`; may be NULL.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_drs_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    drs: *mut zc_battleforge_drs,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match Drs::parse(bytes, options) {
        Ok(d) => put(drs, zc_battleforge_drs::of(&d)),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// A node of a container: its name, information entry and payload, borrowed from the
/// file.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_battleforge_node {
    /// The hierarchy name (no NUL), in the file.
    pub name: *const u8,
    /// Its length.
    pub name_len: usize,
    /// The payload, in the file.
    pub payload: *const u8,
    /// Its length.
    pub payload_len: usize,
    /// Index of its information entry (1 .. count − 1).
    pub info_index: u32,
    /// The class id.
    pub class_id: i32,
    /// The identifier.
    pub identifier: i32,
    /// File offset of its hierarchy entry.
    pub entry_offset: u64,
    /// File offset of its payload.
    pub payload_offset: u64,
}

impl zc_battleforge_node {
    /// The C form of `node`.
    pub(crate) fn of(node: &Node<'_>) -> Self {
        Self {
            name: node.name().as_ptr(),
            name_len: node.name().len(),
            payload: node.payload().as_ptr(),
            payload_len: node.payload().len(),
            info_index: node.info_index(),
            class_id: node.class_id(),
            identifier: node.identifier(),
            entry_offset: wide(node.entry_offset()),
            payload_offset: wide(node.payload_offset()),
        }
    }
}

/// A walk over a container's non-root nodes in hierarchy order:
/// [`zc_battleforge_nodes_begin`], then [`zc_battleforge_nodes_next`] until
/// `ZC_STATUS_END`. O(1) per node.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_battleforge_nodes {
    /// The container.
    pub drs: zc_battleforge_drs,
    /// File offset of the next hierarchy entry.
    pub position: u64,
    /// The next node's number (1 for the first).
    pub next: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers, pointers and a plain view only.
unsafe impl boundary::Plain for zc_battleforge_nodes {}

boundary::sealed!(zc_battleforge_nodes, |v| [
    u64::from(v.drs.check),
    v.position,
    u64::from(v.next),
]);

/// Starts a walk over the container's nodes, into `iter`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_nodes_begin(
    drs: *const zc_battleforge_drs,
    iter: *mut zc_battleforge_nodes,
) -> zc_status {
    let view = match boundary::read(drs) {
        Ok(view) => view,
        Err(status) => return status,
    };
    let d = match view.rebuild() {
        Ok(d) => d,
        Err(status) => return status,
    };
    let (position, next) = d.nodes().position();
    let walk = zc_battleforge_nodes {
        drs: view,
        position: wide(position),
        next,
        check: 0,
    };
    put(iter, walk.sealed())
}

/// The walk's next node into `node`: `ZC_STATUS_OK`, or `ZC_STATUS_END` after the last.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_nodes_next(
    iter: *mut zc_battleforge_nodes,
    node: *mut zc_battleforge_node,
) -> zc_status {
    let walk = match boundary::read_sealed(iter.cast_const()) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    let (d, position) = match (walk.drs.rebuild(), narrow(walk.position)) {
        (Ok(d), Ok(position)) => (d, position),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if node.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let mut nodes = d.nodes_from(position, walk.next);
    let Some(n) = nodes.next() else {
        return zc_status::ZC_STATUS_END;
    };
    if let Err(status) = boundary::write(node, zc_battleforge_node::of(&n)) {
        return status;
    }
    let (position, next) = nodes.position();
    let advanced = zc_battleforge_nodes {
        position: wide(position),
        next,
        ..walk
    };
    put(iter, advanced.sealed())
}

// ---------------------------------------------------------------------------------
// The shapes view

/// A validated `collisionShape` payload: a view that borrows the buffer it was read
/// from (the DRS file, or the bare payload) and stays valid while those bytes do,
/// unchanged. Made by [`zc_battleforge_parse`] and [`zc_battleforge_parse_payload`];
/// every shape accessor, query and lint walk rebuilds it in O(1). Do not change its
/// fields (`ZC_STATUS_INVALID_ARGUMENT` when its `check` does not match them).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_battleforge_shapes {
    /// The buffer read (the whole DRS file, or the bare payload).
    pub buffer: *const u8,
    /// Its length.
    pub buffer_len: usize,
    /// Offset of the payload in the buffer (0 for a bare payload); shape and lint
    /// offsets count from the buffer's start.
    pub payload_offset: u64,
    /// The payload's length: `13 + 72 B + 64 S + 68 C`.
    pub payload_len: u64,
    /// The payload version (1).
    pub version: u32,
    /// Boxes.
    pub box_count: u32,
    /// Spheres.
    pub sphere_count: u32,
    /// Cylinders.
    pub cylinder_count: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: integers and a pointer only.
unsafe impl boundary::Plain for zc_battleforge_shapes {}

boundary::sealed!(zc_battleforge_shapes, |v| [
    v.buffer as usize as u64,
    v.buffer_len as u64,
    v.payload_offset,
    v.payload_len,
    u64::from(v.version),
    u64::from(v.box_count),
    u64::from(v.sphere_count),
    u64::from(v.cylinder_count),
]);

impl zc_battleforge_shapes {
    /// The C view of `shape`, whose payload lies at `offset` of `buffer`.
    pub(crate) fn of(buffer: &[u8], offset: usize, shape: &CollisionShape<'_>) -> Self {
        Self {
            buffer: buffer.as_ptr(),
            buffer_len: buffer.len(),
            payload_offset: wide(offset),
            payload_len: wide(shape.len()),
            version: u32::from(shape.version()),
            box_count: wide32(shape.boxes().len()),
            sphere_count: wide32(shape.spheres().len()),
            cylinder_count: wide32(shape.cylinders().len()),
            check: 0,
        }
        .sealed()
    }

    /// The view, checked, rebuilt as the library's payload in O(1).
    pub(crate) fn rebuild<'a>(&self) -> Result<CollisionShape<'a>, zc_status> {
        self.verify()?;
        let bytes = boundary::bytes(self.buffer, self.buffer_len)?;
        let (offset, len) = (narrow(self.payload_offset)?, narrow(self.payload_len)?);
        CollisionShape::parse_in(bytes, offset, len, battleforge::Options::STRICT)
            .map_err(|_| zc_status::ZC_STATUS_INVALID_ARGUMENT)
    }

    /// The caller's view at `ptr`, rebuilt.
    pub(crate) fn read<'a>(ptr: *const Self) -> Result<CollisionShape<'a>, zc_status> {
        boundary::read(ptr)?.rebuild()
    }
}

/// Reads the collision shapes of the `len` bytes at `bytes`: a DRS container when they
/// start with its magic (the whole container is validated, then its `collisionShape`
/// node), a bare payload otherwise.
///
/// - `mode`: a `zc_mode` (both read the same in this format).
/// - `shapes`: written on `ZC_STATUS_OK`; borrows `bytes`.
/// - `err`: written on `ZC_STATUS_MALFORMED`; may be NULL.
///
/// `ZC_STATUS_NOT_FOUND`: a valid container without a `collisionShape` node.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_parse(
    bytes: *const u8,
    len: usize,
    mode: u32,
    shapes: *mut zc_battleforge_shapes,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if !is_drs(bytes) {
        return zc_battleforge_parse_payload(bytes.as_ptr(), bytes.len(), mode, shapes, err);
    }
    match Drs::parse(bytes, options) {
        Ok(d) => match d.collision_shape() {
            Some((node, shape)) => put(
                shapes,
                zc_battleforge_shapes::of(bytes, node.payload_offset(), &shape),
            ),
            None => zc_status::ZC_STATUS_NOT_FOUND,
        },
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

/// Reads the `len` bytes at `bytes` as a bare `collisionShape` payload (no container),
/// as [`zc_battleforge_parse`] does.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_parse_payload(
    bytes: *const u8,
    len: usize,
    mode: u32,
    shapes: *mut zc_battleforge_shapes,
    err: *mut zc_error,
) -> zc_status {
    let (bytes, options) = match (boundary::bytes(bytes, len), options(mode)) {
        (Ok(bytes), Ok(options)) => (bytes, options),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    match CollisionShape::parse(bytes, options) {
        Ok(shape) => put(shapes, zc_battleforge_shapes::of(bytes, 0, &shape)),
        Err(e) => fail(err, zc_status::ZC_STATUS_MALFORMED, to_c(&e)),
    }
}

// ---------------------------------------------------------------------------------
// Shapes

/// A world-space axis-aligned box.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_battleforge_aabb {
    /// Minimum corner.
    pub min: [f32; 3],
    /// Maximum corner.
    pub max: [f32; 3],
}

impl zc_battleforge_aabb {
    /// The C form of a library box.
    pub(crate) fn of(a: battleforge::Aabb) -> Self {
        Self {
            min: a.min,
            max: a.max,
        }
    }
}

/// A shape's transform as stored: `world = R · local + position` (see the library's
/// `Transform` for the convention).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_battleforge_transform {
    /// The rotation matrix, as stored (rows).
    pub rotation: [[f32; 3]; 3],
    /// The position.
    pub position: [f32; 3],
}

impl zc_battleforge_transform {
    /// The C form of a library transform.
    pub(crate) fn of(t: &battleforge::Transform) -> Self {
        Self {
            rotation: t.rotation,
            position: t.position,
        }
    }
}

/// A box, decoded, with what the library computes from it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_battleforge_box {
    /// Offset of the record in the view's buffer.
    pub offset: u64,
    /// Its transform as stored.
    pub transform: zc_battleforge_transform,
    /// The "lower" corner, local.
    pub lower: [f32; 3],
    /// The "upper" corner, local.
    pub upper: [f32; 3],
    /// The oriented box's world centre.
    pub center: [f32; 3],
    /// Its half extents along its local axes.
    pub half_extents: [f32; 3],
    /// Its local axes in the world (the columns of the rotation).
    pub axes: [[f32; 3]; 3],
    /// The world box around its corners.
    pub aabb: zc_battleforge_aabb,
}

/// A sphere, decoded.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_battleforge_sphere {
    /// Offset of the record in the view's buffer.
    pub offset: u64,
    /// Its transform as stored.
    pub transform: zc_battleforge_transform,
    /// The radius.
    pub radius: f32,
    /// The stored centre (a copy writers make of the position).
    pub center: [f32; 3],
    /// The world centre the library uses: the transform's position.
    pub world_center: [f32; 3],
    /// The world box around it.
    pub aabb: zc_battleforge_aabb,
}

/// A cylinder, decoded.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct zc_battleforge_cylinder {
    /// Offset of the record in the view's buffer.
    pub offset: u64,
    /// Its transform as stored.
    pub transform: zc_battleforge_transform,
    /// The stored centre.
    pub center: [f32; 3],
    /// Height along local +Y.
    pub height: f32,
    /// Radius.
    pub radius: f32,
    /// The centre of the base disc (the transform's position).
    pub base: [f32; 3],
    /// The centre of the top disc.
    pub top: [f32; 3],
    /// The world box around it.
    pub aabb: zc_battleforge_aabb,
}

/// Box `i` of the payload into `out` (O(1)): `ZC_STATUS_OUT_OF_RANGE` past
/// `box_count`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_shapes_box(
    shapes: *const zc_battleforge_shapes,
    i: u32,
    out: *mut zc_battleforge_box,
) -> zc_status {
    let s = match zc_battleforge_shapes::read(shapes) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let i = usize::try_from(i).unwrap_or(usize::MAX);
    let (Some(raw), Some(offset)) = (s.boxes().get(i), s.boxes().offset_of(i)) else {
        return zc_status::ZC_STATUS_OUT_OF_RANGE;
    };
    let b = raw.decode();
    let o = b.oriented();
    put(
        out,
        zc_battleforge_box {
            offset: wide(offset),
            transform: zc_battleforge_transform::of(&b.transform),
            lower: b.lower,
            upper: b.upper,
            center: o.center,
            half_extents: o.half_extents,
            axes: o.axes,
            aabb: zc_battleforge_aabb::of(b.aabb()),
        },
    )
}

/// Sphere `i` of the payload into `out` (O(1)): `ZC_STATUS_OUT_OF_RANGE` past
/// `sphere_count`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_shapes_sphere(
    shapes: *const zc_battleforge_shapes,
    i: u32,
    out: *mut zc_battleforge_sphere,
) -> zc_status {
    let s = match zc_battleforge_shapes::read(shapes) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let i = usize::try_from(i).unwrap_or(usize::MAX);
    let (Some(raw), Some(offset)) = (s.spheres().get(i), s.spheres().offset_of(i)) else {
        return zc_status::ZC_STATUS_OUT_OF_RANGE;
    };
    let d = raw.decode();
    put(
        out,
        zc_battleforge_sphere {
            offset: wide(offset),
            transform: zc_battleforge_transform::of(&d.transform),
            radius: d.radius,
            center: d.center,
            world_center: d.world_center(),
            aabb: zc_battleforge_aabb::of(d.aabb()),
        },
    )
}

/// Cylinder `i` of the payload into `out` (O(1)): `ZC_STATUS_OUT_OF_RANGE` past
/// `cylinder_count`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_shapes_cylinder(
    shapes: *const zc_battleforge_shapes,
    i: u32,
    out: *mut zc_battleforge_cylinder,
) -> zc_status {
    let s = match zc_battleforge_shapes::read(shapes) {
        Ok(s) => s,
        Err(status) => return status,
    };
    let i = usize::try_from(i).unwrap_or(usize::MAX);
    let (Some(raw), Some(offset)) = (s.cylinders().get(i), s.cylinders().offset_of(i)) else {
        return zc_status::ZC_STATUS_OUT_OF_RANGE;
    };
    let d = raw.decode();
    put(
        out,
        zc_battleforge_cylinder {
            offset: wide(offset),
            transform: zc_battleforge_transform::of(&d.transform),
            center: d.center,
            height: d.height,
            radius: d.radius,
            base: d.base(),
            top: d.top(),
            aabb: zc_battleforge_aabb::of(d.aabb()),
        },
    )
}

/// The world box around every shape into `aabb` (O(shapes)): `ZC_STATUS_NOT_FOUND`
/// without shapes.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_shapes_aabb(
    shapes: *const zc_battleforge_shapes,
    aabb: *mut zc_battleforge_aabb,
) -> zc_status {
    match zc_battleforge_shapes::read(shapes) {
        Ok(s) => match s.aabb() {
            Some(a) => put(aabb, zc_battleforge_aabb::of(a)),
            None => zc_status::ZC_STATUS_NOT_FOUND,
        },
        Err(status) => status,
    }
}

/// A kind of shape (`zc_battleforge_lint.shape_kind`, [`zc_battleforge_contains`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_battleforge_shape_kind {
    /// A kind this header does not name.
    ZC_BATTLEFORGE_SHAPE_OTHER = 0,
    /// A box.
    ZC_BATTLEFORGE_SHAPE_BOX = 1,
    /// A sphere.
    ZC_BATTLEFORGE_SHAPE_SPHERE = 2,
    /// A cylinder.
    ZC_BATTLEFORGE_SHAPE_CYLINDER = 3,
}

/// The C code of a shape kind.
pub(crate) fn shape_code(kind: ShapeKind) -> zc_battleforge_shape_kind {
    match kind {
        ShapeKind::Box => zc_battleforge_shape_kind::ZC_BATTLEFORGE_SHAPE_BOX,
        ShapeKind::Sphere => zc_battleforge_shape_kind::ZC_BATTLEFORGE_SHAPE_SPHERE,
        ShapeKind::Cylinder => zc_battleforge_shape_kind::ZC_BATTLEFORGE_SHAPE_CYLINDER,
    }
}

/// The first shape containing the world point `(x, y, z)` (spheres, then boxes, then
/// cylinders): its kind (a `zc_battleforge_shape_kind`) into `kind` and its index into
/// `index`. `ZC_STATUS_NOT_FOUND` when none does.
#[unsafe(no_mangle)]
pub extern "C" fn zc_battleforge_contains(
    shapes: *const zc_battleforge_shapes,
    x: f32,
    y: f32,
    z: f32,
    kind: *mut u32,
    index: *mut u32,
) -> zc_status {
    let s = match zc_battleforge_shapes::read(shapes) {
        Ok(s) => s,
        Err(status) => return status,
    };
    if kind.is_null() || index.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    match s.contains([x, y, z]) {
        Some(r) => match (
            boundary::write(kind, shape_code(r.kind) as u32),
            boundary::write(index, r.index),
        ) {
            (Ok(()), Ok(())) => zc_status::ZC_STATUS_OK,
            (Err(status), _) | (_, Err(status)) => status,
        },
        None => zc_status::ZC_STATUS_NOT_FOUND,
    }
}
