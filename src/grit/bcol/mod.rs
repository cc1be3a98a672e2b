//! Grit engine collision files: `BCOL` binary ([`crate::guide::grit`]).
//!
//! BCOL holds the same body as TCOL text, laid out for the engine to map and
//! read in place: a 132-byte header (attributes and one `(count, offset)` per
//! section), one array per shape kind, the hull and trimesh vertices, the
//! trimesh faces, then NUL-terminated material names. [`Bcol::parse`] checks
//! every bound once and hands out the same views as [`Tcol`]
//! ([`Attributes`], [`Shapes`], [`Trimesh`]), so code written for one reads
//! both; [`write()`] turns either back into BCOL with no allocation:
//!
//! ```
//! use zerocol::grit::{Shape, bcol::{self, Bcol, Options}, tcol::{Options as TcolOptions, Tcol}};
//!
//! let text = b"TCOL1.0 attributes { static; } compound { sphere { material \"/common/Stone\"; \
//!     centre 0 0 1; radius 0.5; } } trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"Stone\"; } }";
//! let tcol = Tcol::parse(text, TcolOptions::STRICT)?;
//! let len = bcol::required_len(&tcol.attributes(), tcol.shapes(), tcol.trimesh())?;
//! let mut buffer = vec![0u8; len];
//! let len = bcol::write(&tcol.attributes(), tcol.shapes(), tcol.trimesh(), &mut buffer)?;
//!
//! let file = Bcol::parse(&buffer[..len], Options::STRICT)?;
//! assert!(file.attributes().is_static); // a mass of 0
//! for shape in file.shapes() {          // hulls, boxes, cylinders, cones, planes, spheres
//!     if let Shape::Sphere { material, radius, .. } = shape {
//!         assert_eq!((material, radius), ("/common/Stone", 0.5));
//!     }
//! }
//! assert_eq!(file.trimesh().map(|t| t.face_count()), Some(1));
//! assert_eq!(file.tolerated().count(), 0); // nothing needed the lenient reading
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is checked
//! The 8 bytes `BCOL1.0\n`; a header of 132 bytes; no capsules ([`guide::grit`](crate::guide::grit): the
//! count is always 0; no capsule layout exists and the engine never reads
//! them, so a non-zero count is an error, not something to skip); every
//! non-empty section between the end of the header and the end of the file,
//! with `count × size` computed in 64 bits (an empty section's offset is never
//! read, by the engine or here); each hull's vertices likewise; every face
//! index below the trimesh vertex count; and every material offset (relative
//! to its own record) pointing at the first byte of a NUL-terminated UTF-8
//! string in the string table, which is every byte after the last section.
//! Sections may come in any order and need not touch.
//!
//! # Grit's converter bugs
//! The engine's own TCOL → BCOL converter stores hull materials relative to
//! the hull's vertex offset (`absolute = stored + vertex_offset`) and, when
//! there are hulls, box materials 16 bytes per hull too far (it measures boxes
//! from the start of the hulls), some pointing outside the file. The engine
//! loads such files without a check. [`Options::STRICT`] rejects them with
//! [`ErrorKind::GritMaterialOffsets`]; [`Options::LENIENT`] reads them and
//! [`Bcol::tolerated`] says which offsets it read differently (lints of kind
//! [`LintKind::GritMaterialOffsets`], which [`Bcol::lints`] lists too). The
//! file is never modified.
//!
//! Detection weighs every material of the file at once. Besides validity
//! (each offset names a string as above), it uses the order the converter
//! (and [`write()`]) lays strings out in: by first use in stored order, each
//! right after the last. The offsets are read
//! 1. as stored, when that names every string and the order is that one;
//! 2. else by the converter's bugs (both; the hulls' alone; the boxes' alone,
//!    when there are hulls), the first that names every string in that order;
//! 3. else as stored, when that names every string in some other order (a
//!    file from another writer);
//! 4. else by the first reading of the bugs that names every string;
//! 5. else the file is malformed, with the first error of the stored reading.
//!
//! So a converter file whose wrong offsets happen to land on other strings is
//! still recognised by the order, and a file with correct offsets is never
//! "repaired". One case stays ambiguous, and is read as stored: wrong
//! offsets that themselves follow the order (with one hull whose vertex
//! offset equals its own offset, the hull bug adds nothing, and a box string
//! exactly 16 bytes long sends the box to the next string). Such a file is a
//! valid file as stored; nothing in its bytes says otherwise.
//!
//! Cost: every material use is read where it lies (as the iterators read it
//! again), once for the stored reading and at most three more times when
//! that reading fails or is out of order.
//!
//! # Semantics
//! A mass of 0 is a static body (as the engine decides). Shapes come in stored
//! order, kind by kind; hulls have no shrink (the converter applies it to the
//! vertices). The trimesh is present when there are faces, as in the engine,
//! which builds a trimesh only then; [`Bcol::lints`] reports vertices without
//! faces.
//!
//! [`Tcol`]: crate::grit::tcol::Tcol
//! [`Attributes`]: crate::grit::Attributes
//! [`Shapes`]: crate::grit::Shapes
//! [`Trimesh`]: crate::grit::Trimesh

// # Stages (a note for developers, kept out of the API docs)
// In import order: raw → layout → records → error → view → repair → validate →
// lists → lint → write → query. `raw.rs` holds the on-disk structs, `layout.rs` the
// magic, header length and section order, `records.rs` each record's decode
// beside its encoding (`From<&value> for raw::…`), `view.rs` the [`Bcol`] view (data and
// accessors), `repair.rs` the material offsets and the converter-bug repair,
// `validate.rs` [`Bcol::parse`], `lists.rs` the lazy lists, `lint.rs`
// [`Bcol::lints`], `write.rs` the writer, `query.rs` the collision queries
// ([`crate::query::Query`]).
mod error;
mod layout;
mod lint;
mod lists;
mod query;
pub mod raw;
mod records;
mod repair;
mod validate;
mod view;
mod write;

pub use crate::grit::body::{BinaryFaces, BinaryShapes, BinaryVertices};
pub use error::{Error, ErrorKind, Section};
pub use layout::{HEADER_LEN, MAGIC, STORED_ORDER};
pub use lint::{Lint, LintKind, Lints, Tolerated};
pub use repair::GRIT_BOX_SHIFT_PER_HULL;
pub use view::Bcol;
pub use write::{InputError, WriteError, required_len, write};

/// How to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Options {
    /// Read the material offsets the engine's own converter writes wrongly
    /// (hulls, and boxes when there are hulls), and report them in
    /// [`Bcol::tolerated`].
    pub repair_material_offsets: bool,
}

impl Options {
    /// Offsets as stored; files with the converter's bugs are errors.
    pub const STRICT: Self = Self {
        repair_material_offsets: false,
    };
    /// Also repairs the converter's material offsets, where only one reading of
    /// them points at valid strings, and lists each repair in
    /// [`Bcol::tolerated`].
    pub const LENIENT: Self = Self {
        repair_material_offsets: true,
    };
}
