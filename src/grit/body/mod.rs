//! The body both Grit encodings describe, and the types both hand out: its
//! attributes with defaults applied, its compound's shapes, its trimesh, and the
//! lazy lists ([`Vertices`], [`Faces`], [`Shapes`]) whose items come from TCOL
//! text or from BCOL records.
//!
//! This module imports neither format: TCOL (`grit/tcol/`) and BCOL
//! (`grit/bcol/`) both build on it, and each gives its own lazy lists their
//! reading (`body/lists.rs`).
//!
//! Stages, in import order: keyword → lists → records → lint → view → query.
//! `lists.rs` holds where each encoding's lazy lists stand and the vertex lists,
//! `records.rs` the decoded values (attributes, shapes, faces) and their
//! defaults, `view.rs` the face and shape lists and the [`Trimesh`] view.

mod keyword;
mod lint;
mod lists;
pub(crate) mod query;
mod records;
mod view;

pub use crate::query::StorageTooSmall;
pub use keyword::Keyword;
pub(crate) use lint::not_unit;
pub use lint::{DEGENERATE_SINE, LintKind, Size, UNIT_TOLERANCE};
pub use lists::{
    BinaryFaces, BinaryShapes, BinaryVertices, TextFaces, TextShapes, TextVertices, Vertices,
};
pub(crate) use lists::{MaterialReading, TextAt, list_iterator};
pub use query::{FaceIndex, FaceIndexParts, IndexedFace, VertexIndex};
pub use records::{
    Attributes, BoxLike, DEFAULT_ANGULAR_DAMPING, DEFAULT_ANGULAR_SLEEP_THRESHOLD,
    DEFAULT_CCD_MOTION_THRESHOLD, DEFAULT_CCD_SWEPT_SPHERE_RADIUS, DEFAULT_EDGE_DISTANCE_THRESHOLD,
    DEFAULT_LINEAR_DAMPING, DEFAULT_LINEAR_SLEEP_THRESHOLD, DEFAULT_MARGIN, DEFAULT_SHRINK, Face,
    IDENTITY_ORIENTATION, STATIC_TRIMESH_MARGIN, Shape, ShapeKind,
};
pub use view::{Faces, Shapes, ShapesParts, Trimesh};
