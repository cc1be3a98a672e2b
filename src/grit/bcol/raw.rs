//! On-disk records of Grit `BCOL` files ([`guide::grit`](crate::guide::grit)), as the engine's
//! `bcol_parser.h` declares them.
//!
//! All little-endian and packed: every struct is `#[repr(C)]` over alignment-1
//! field types and is read in place at any address. Every struct is a multiple
//! of 4 bytes; sizes are asserted against the format. Offsets are `u32` byte
//! counts relative to the struct that holds them (the header's to the file).
//!
//! ```
//! use zerocol::grit::bcol::{self, Bcol, raw};
//! use zerocol::grit::tcol::{self, Tcol};
//!
//! # let text: &[u8] = include_bytes!("../../../samples/body.tcol");
//! let tcol = Tcol::parse(text, tcol::Options::STRICT)?;
//! let mut out = vec![0u8; bcol::required_len(&tcol.attributes(), tcol.shapes(), tcol.trimesh())?];
//! let len = bcol::write(&tcol.attributes(), tcol.shapes(), tcol.trimesh(), &mut out)?;
//! let body = Bcol::parse(&out[..len], bcol::Options::STRICT)?;
//! let header: &raw::Header = body.header(); // the 132-byte header, in place
//! assert_eq!(&header.magic, b"BCOL1.0\n");
//! assert_eq!(usize::try_from(header.hulls.count.get())?, body.hulls().len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// Field names follow docs/formats/grit.md; each struct's doc gives its layout.
#![allow(missing_docs)]

use crate::wire::on_disk;
pub use crate::wire::{RawVec3, vec3};
use zerocopy::byteorder::little_endian::{F32, U32};

/// A quaternion as stored: `w x y z`.
pub type RawQuat = [F32; 4];

/// Reads a [`RawQuat`], `w x y z`.
#[inline]
pub fn quat(q: &RawQuat) -> [f32; 4] {
    q.map(|c| c.get())
}

/// Stores a quaternion, `w x y z`, as a [`RawQuat`].
#[inline]
pub fn raw_quat(q: [f32; 4]) -> RawQuat {
    q.map(F32::new)
}

on_disk! {
    /// Where a section is: how many records, and the byte offset of the first
    /// from the start of the file.
    pub struct Span {
        pub count: U32,
        pub offset: U32,
    } = 8;
}

on_disk! {
    /// The 132-byte header.
    ///
    /// ```text
    ///   0  magic "BCOL1.0\n"           52  hulls      (count, offset)
    ///   8  mass (0: static)            60  boxes
    ///  12  inertia_provided u32        68  cylinders
    ///  16  inertia x y z               76  cones
    ///  28  linear_damping              84  planes
    ///  32  angular_damping             92  spheres
    ///  36  linear_sleep_threshold     100  capsules (always 0)
    ///  40  angular_sleep_threshold    108  trimesh margin
    ///  44  ccd_motion_threshold       112  edge_distance_threshold
    ///  48  ccd_swept_sphere_radius    116  trimesh vertices (count, offset)
    ///                                 124  trimesh faces    (count, offset)
    /// ```
    pub struct Header {
        pub magic: [u8; 8],
        pub mass: F32,
        pub inertia_provided: U32,
        pub inertia: RawVec3,
        pub linear_damping: F32,
        pub angular_damping: F32,
        pub linear_sleep_threshold: F32,
        pub angular_sleep_threshold: F32,
        pub ccd_motion_threshold: F32,
        pub ccd_swept_sphere_radius: F32,
        pub hulls: Span,
        pub boxes: Span,
        pub cylinders: Span,
        pub cones: Span,
        pub planes: Span,
        pub spheres: Span,
        pub capsules: Span,
        pub trimesh_margin: F32,
        pub edge_distance_threshold: F32,
        pub vertices: Span,
        pub faces: Span,
    } = 132;
}

on_disk! {
    /// A convex hull, 16 bytes: `material` and `vertex_offset` are relative to
    /// the start of this struct (the engine's own converter gets `material`
    /// wrong, see [`Options::repair_material_offsets`](super::Options)).
    pub struct Hull {
        pub material: U32,
        pub margin: F32,
        pub vertex_count: U32,
        pub vertex_offset: U32,
    } = 16;
}

on_disk! {
    /// A box or a cylinder, 48 bytes: `material` relative to this struct
    /// (wrong for boxes in files from the engine's converter when hulls exist).
    pub struct BoxLike {
        pub material: U32,
        pub margin: F32,
        pub centre: RawVec3,
        pub dimensions: RawVec3,
        pub orientation: RawQuat,
    } = 48;
}

on_disk! {
    /// A cone pointing to +Z, 44 bytes.
    pub struct Cone {
        pub material: U32,
        pub margin: F32,
        pub centre: RawVec3,
        pub radius: F32,
        pub height: F32,
        pub orientation: RawQuat,
    } = 44;
}

on_disk! {
    /// A plane `normal · x = distance`, 20 bytes.
    pub struct Plane {
        pub material: U32,
        pub normal: RawVec3,
        pub distance: F32,
    } = 20;
}

on_disk! {
    /// A sphere, 20 bytes.
    pub struct Sphere {
        pub material: U32,
        pub centre: RawVec3,
        pub radius: F32,
    } = 20;
}

on_disk! {
    /// A vertex of a hull or of the trimesh, 12 bytes.
    pub struct Vertex {
        pub position: RawVec3,
    } = 12;
}

on_disk! {
    /// A trimesh face, 16 bytes: `material` relative to this struct, then
    /// three vertex indices.
    pub struct Face {
        pub material: U32,
        pub indices: [U32; 3],
    } = 16;
}

/// Byte offsets of the header fields, for error and lint reports.
pub(crate) mod at {
    pub(crate) const MASS: usize = 8;
    pub(crate) const INERTIA_PROVIDED: usize = 12;
    pub(crate) const INERTIA: usize = 16;
    pub(crate) const LINEAR_DAMPING: usize = 28;
    pub(crate) const ANGULAR_DAMPING: usize = 32;
    pub(crate) const LINEAR_SLEEP: usize = 36;
    pub(crate) const ANGULAR_SLEEP: usize = 40;
    pub(crate) const CCD_MOTION: usize = 44;
    pub(crate) const CCD_RADIUS: usize = 48;
    pub(crate) const HULLS: usize = 52;
    pub(crate) const BOXES: usize = 60;
    pub(crate) const CYLINDERS: usize = 68;
    pub(crate) const CONES: usize = 76;
    pub(crate) const PLANES: usize = 84;
    pub(crate) const SPHERES: usize = 92;
    pub(crate) const CAPSULES: usize = 100;
    pub(crate) const TRIMESH_MARGIN: usize = 108;
    pub(crate) const EDGE_DISTANCE: usize = 112;
    pub(crate) const VERTICES: usize = 116;
    pub(crate) const FACES: usize = 124;
}

const _: () = {
    use core::mem::offset_of;
    assert!(offset_of!(Header, mass) == at::MASS);
    assert!(offset_of!(Header, inertia_provided) == at::INERTIA_PROVIDED);
    assert!(offset_of!(Header, inertia) == at::INERTIA);
    assert!(offset_of!(Header, linear_damping) == at::LINEAR_DAMPING);
    assert!(offset_of!(Header, angular_damping) == at::ANGULAR_DAMPING);
    assert!(offset_of!(Header, linear_sleep_threshold) == at::LINEAR_SLEEP);
    assert!(offset_of!(Header, angular_sleep_threshold) == at::ANGULAR_SLEEP);
    assert!(offset_of!(Header, ccd_motion_threshold) == at::CCD_MOTION);
    assert!(offset_of!(Header, ccd_swept_sphere_radius) == at::CCD_RADIUS);
    assert!(offset_of!(Header, hulls) == at::HULLS);
    assert!(offset_of!(Header, boxes) == at::BOXES);
    assert!(offset_of!(Header, cylinders) == at::CYLINDERS);
    assert!(offset_of!(Header, cones) == at::CONES);
    assert!(offset_of!(Header, planes) == at::PLANES);
    assert!(offset_of!(Header, spheres) == at::SPHERES);
    assert!(offset_of!(Header, capsules) == at::CAPSULES);
    assert!(offset_of!(Header, trimesh_margin) == at::TRIMESH_MARGIN);
    assert!(offset_of!(Header, edge_distance_threshold) == at::EDGE_DISTANCE);
    assert!(offset_of!(Header, vertices) == at::VERTICES);
    assert!(offset_of!(Header, faces) == at::FACES);
};
