//! Grit engine collision files: `TCOL` text and `BCOL` binary
//! ([`crate::guide::grit`]).
//!
//! A Grit collision file describes one physical body: its attributes (static
//! or a mass, damping, sleep and CCD thresholds), then a compound of primitive
//! shapes, a triangle mesh, or both. It comes as `TCOL` text ([`tcol`]:
//! [`tcol::Tcol::parse`], lints, the canonical printer) or as `BCOL` binary
//! ([`bcol`]: [`bcol::Bcol::parse`], lints, the writer); [`sniff`] tells them
//! apart. Both readers hand out the same views ([`Attributes`], [`Shapes`],
//! [`Trimesh`] and their lazy lists), so code written for one reads both:
//!
//! ```
//! use zerocol::grit::Shape;
//! use zerocol::grit::tcol::{Options, Tcol};
//!
//! let text = b"TCOL1.0\r\nattributes { mass 30; }\r\n\
//!     compound { sphere { material \"/common/PolishedWood\"; centre 0 0 .88; radius 0.16; } }\r\n\
//!     trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"Stone\"; } }";
//! let tcol = Tcol::parse(text, Options::STRICT)?;
//! assert_eq!(tcol.attributes().mass, 30.0);
//! assert_eq!(tcol.attributes().linear_damping, 0.5); // default applied
//! for shape in tcol.shapes() {
//!     if let Shape::Sphere { material, centre, radius } = shape {
//!         assert_eq!((material, centre, radius), ("/common/PolishedWood", [0.0, 0.0, 0.88], 0.16));
//!     }
//! }
//! assert!(tcol.trimesh().is_some()); // this file has one
//! if let Some(mesh) = tcol.trimesh() {
//!     assert_eq!(mesh.margin, 0.04); // a dynamic body's default
//!     for face in mesh.faces() {      // lazy: re-read from the validated text
//!         assert!(face.indices.iter().all(|&i| (i as usize) < mesh.vertex_count()));
//!     }
//! }
//! for lint in tcol.lints() {
//!     println!("warning: {lint}"); // here: a dynamic body's trimesh is ignored
//! }
//! # Ok::<(), zerocol::grit::tcol::Error>(())
//! ```
//!
//! # Layout
//! The shared views live in one module that imports neither format (its
//! stages, in import order: keyword → lists → records → lint → view); they
//! are re-exported here, with [`Flavour`] and [`sniff`]. Each format's
//! reader, lints and writer are in its own module: [`tcol`], [`bcol`].
//!
//! # Queries
//! [`tcol::Tcol`], [`bcol::Bcol`], and a [`VertexIndex`] or [`FaceIndex`] of
//! either implement [`crate::query::Query`] (Z-up): segment casts and sphere
//! overlaps against the compound's shapes at their positions and orientations
//! (margins as Bullet grows them; hulls by GJK on their points, no hull built) and
//! the trimesh, with the material string as the material ([`guide::query`](crate::guide::query)). A
//! [`FaceIndex`] decodes the trimesh into caller storage and builds a
//! [`FaceTree`](crate::query::FaceTree) over it, for many casts at one body.

pub mod bcol;
mod body;
pub mod tcol;

pub use body::{
    Attributes, BoxLike, DEFAULT_ANGULAR_DAMPING, DEFAULT_ANGULAR_SLEEP_THRESHOLD,
    DEFAULT_CCD_MOTION_THRESHOLD, DEFAULT_CCD_SWEPT_SPHERE_RADIUS, DEFAULT_EDGE_DISTANCE_THRESHOLD,
    DEFAULT_LINEAR_DAMPING, DEFAULT_LINEAR_SLEEP_THRESHOLD, DEFAULT_MARGIN, DEFAULT_SHRINK,
    DEGENERATE_SINE, Face, FaceIndex, FaceIndexParts, Faces, IDENTITY_ORIENTATION, IndexedFace,
    Keyword, LintKind, STATIC_TRIMESH_MARGIN, Shape, ShapeKind, Shapes, ShapesParts, Size,
    StorageTooSmall, TextFaces, TextShapes, TextVertices, Trimesh, UNIT_TOLERANCE, VertexIndex,
    Vertices,
};

/// Which kind of Grit collision file a `.gcol` (or any) buffer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Flavour {
    /// `TCOL` text: read with [`tcol::Tcol::parse`].
    Tcol,
    /// `BCOL` binary: read with [`bcol::Bcol::parse`].
    Bcol,
}

/// Which kind of Grit collision file `bytes` hold, from their first four bytes
/// alone, as the engine decides ([`guide::grit`](crate::guide::grit)): `TCOL` text or `BCOL` binary;
/// `None` for anything else. The full headers (`TCOL1.0`, `BCOL1.0\n`) are
/// checked by the parsers.
pub fn sniff(bytes: &[u8]) -> Option<Flavour> {
    match bytes.get(..4)? {
        b"TCOL" => Some(Flavour::Tcol),
        b"BCOL" => Some(Flavour::Bcol),
        _ => None,
    }
}
