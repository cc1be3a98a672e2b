//! On-disk records of GTA `.col` models, exactly as the games lay them out.
//!
//! Every struct is `#[repr(C)]` over alignment-1 little-endian field types, so a
//! reference to one can be taken at any byte position of any buffer, on any CPU
//! (models start at 2-aligned positions in real files, and the Cortex-M0 faults on
//! unaligned word loads). Sizes are asserted at compile time against [`guide::gta`](crate::guide::gta).
//!
//! These types are the raw material; [`super::Model`] hands out slices of them and
//! each has a `decode` method that returns plain native values.
//!
//! ```
//! use zerocol::gta::{self, Options, Records, raw};
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/sample.col");
//! let mut walk = gta::models(bytes, Options::STRICT);
//! let coll = walk.next().expect("a first model")?;
//! // A section is a slice of these records, read where they lie.
//! let Records::Coll(faces) = coll.faces() else { unreachable!("a COLL model") };
//! let face: &raw::FaceV1 = &faces[0];
//! assert!(face.indices.iter().all(|i| i.get() < 8)); // bollard_iii has 8 vertices
//! let col3 = walk.next().expect("a second model")?;
//! let Records::Col2(faces) = col3.faces() else { unreachable!("a COL3 model") };
//! assert_eq!(core::mem::size_of_val(faces), 12 * core::mem::size_of::<raw::FaceV2>());
//! assert_eq!(core::mem::size_of::<raw::FaceV2>(), 8);
//! # Ok::<(), gta::Error>(())
//! ```

// Stage `raw` (imports no other stage) of the format's stages (mod.rs).

// Field names follow the tables of docs/formats/gta.md; each struct's doc gives its layout.
#![allow(missing_docs)]

use crate::wire::on_disk;
pub use crate::wire::{RawVec3, vec3};
use zerocopy::byteorder::little_endian::{F32, I16, U16, U32};

on_disk! {
    /// The first 32 bytes of every model, whatever its version.
    pub struct ModelHeader {
        /// `COLL`, `COL2`, `COL3` or `COL4`.
        pub fourcc: [u8; 4],
        /// Bytes after this field: the model occupies `size + 8` bytes.
        pub size: U32,
        /// III/VC read all 24 bytes as the name; SA reads 22 and then the model id.
        pub name: [u8; 22],
        /// SA's model id hint. Junk in COLL files, often bogus elsewhere: never trust it.
        pub model_id: U16,
    } = 32;
}

on_disk! {
    /// COLL bounds (model bytes 32..72): radius first.
    pub struct BoundsV1 {
        pub radius: F32,
        pub center: RawVec3,
        pub min: RawVec3,
        pub max: RawVec3,
    } = 40;
}

on_disk! {
    /// COL2+ bounds (model bytes 32..72): box first, radius last.
    pub struct BoundsV2 {
        pub min: RawVec3,
        pub max: RawVec3,
        pub center: RawVec3,
        pub radius: F32,
    } = 40;
}

on_disk! {
    /// Surface properties of spheres, boxes and COLL faces.
    pub struct Surface {
        /// Material id (sound, particles, friction).
        pub material: u8,
        /// The "piece": a car-part id on vehicles.
        pub flag: u8,
        /// SA reads the light of COL2/3 spheres and boxes from this byte.
        pub brightness: u8,
        /// Day light in the low nibble, night light in the high nibble.
        pub light: u8,
    } = 4;
}

on_disk! {
    /// COLL sphere: radius before centre.
    pub struct SphereV1 {
        pub radius: F32,
        pub center: RawVec3,
        pub surface: Surface,
    } = 20;
}

on_disk! {
    /// COL2+ sphere: centre before radius (swapped against COLL).
    pub struct SphereV2 {
        pub center: RawVec3,
        pub radius: F32,
        pub surface: Surface,
    } = 20;
}

on_disk! {
    /// Axis-aligned box, the same in every version.
    pub struct CollisionBox {
        pub min: RawVec3,
        pub max: RawVec3,
        pub surface: Surface,
    } = 28;
}

on_disk! {
    /// COLL line (the seed's "unknown" section).
    pub struct LineV1 {
        pub start: RawVec3,
        pub end: RawVec3,
    } = 24;
}

on_disk! {
    /// COL2+ line ("wheel" / suspension line), each end with a radius.
    pub struct LineV2 {
        pub start: RawVec3,
        pub start_radius: F32,
        pub end: RawVec3,
        pub end_radius: F32,
    } = 32;
}

on_disk! {
    /// COLL vertex: plain floats.
    pub struct VertexV1 {
        pub position: RawVec3,
    } = 12;
}

on_disk! {
    /// COL2+ vertex: signed 8.7 fixed point, value = raw / 128.
    pub struct VertexV2 {
        pub position: [I16; 3],
    } = 6;
}

on_disk! {
    /// COLL face: 32-bit indices and a full surface.
    pub struct FaceV1 {
        pub indices: [U32; 3],
        pub surface: Surface,
    } = 16;
}

on_disk! {
    /// COL2+ face (also the shadow-mesh face): 16-bit indices, material and light.
    pub struct FaceV2 {
        pub indices: [U16; 3],
        pub material: u8,
        pub light: u8,
    } = 8;
}

on_disk! {
    /// COL2+ face group: a box around the faces `first..=last` (inclusive).
    pub struct FaceGroup {
        pub min: RawVec3,
        pub max: RawVec3,
        pub first: U16,
        pub last: U16,
    } = 28;
}

on_disk! {
    /// COL2+ header at model byte 72. Offsets count from the model start + 4.
    pub struct HeaderV2 {
        pub sphere_count: U16,
        pub box_count: U16,
        pub face_count: U16,
        /// Also called "wheels".
        pub line_count: u8,
        pub padding: u8,
        pub flags: U32,
        pub sphere_offset: U32,
        pub box_offset: U32,
        pub line_offset: U32,
        pub vertex_offset: U32,
        pub face_offset: U32,
        /// Zero in every real file; its record count is unknown.
        pub triangle_plane_offset: U32,
    } = 36;
}

on_disk! {
    /// COL3+ shadow-mesh fields at model byte 108.
    pub struct ShadowHeader {
        pub face_count: U32,
        pub vertex_offset: U32,
        pub face_offset: U32,
    } = 12;
}
