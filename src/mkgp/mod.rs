//! Mario Kart Arcade GP DX course collision (`COL\0`): a grid of cells, each
//! holding the ground triangles and walls that touch it ([`crate::guide::mkgp`]).
//!
//! The arcade game loads the file as one blob and looks triangles up by cell as
//! the karts drive; [`Course`] does the same with no allocation:
//!
//! ```
//! use zerocol::mkgp::{Course, Options};
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/course.col");
//! let course = Course::parse(bytes, Options::STRICT)?;
//! let mut storage = [0u32; 64]; // at least W × L entries: no allocation
//! let [min_x, min_z] = course.grid().min;
//! // O(1) with an index in caller storage; without one, a walk over the cells.
//! let ground = match course.index(&mut storage) {
//!     Ok(index) => index.ground_height(min_x + 1.0, min_z + 1.0),
//!     Err(_too_small) => course.ground_height(min_x + 1.0, min_z + 1.0),
//! };
//! if let Some(ground) = ground {
//!     let _surface = ground.flags().surface_type();
//!     assert!(ground.height.is_finite());
//! }
//! # Ok::<(), zerocol::mkgp::Error>(())
//! ```
//!
//! # Layout and working rules
//! A 0x30-byte header, then W × L primary cells (`T i32, C i32`, T triangles of
//! 0x70 bytes, C walls of 0x40), then W × L secondary cells (`U i32`, U triangle
//! walls of 0x38). The file must end right after the secondary grid: a file that
//! stops after the primary grid, or has bytes after the secondary grid, is
//! rejected ([`guide::mkgp`](crate::guide::mkgp) *working assumption*, until a real file says otherwise).
//! Cells are in file order `index = z × W + x` (*hypothesis*, decided in
//! [`cell_number`] alone); world positions map to cells from the AABB minimum
//! ([`cell_coord`]).
//!
//! # What is checked
//! Magic and version word (the lenient option accepts and reports another
//! version), W and L ≥ 1 with W × L within an `i32`, finite positive cell sizes,
//! every count ≥ 0 and every cell's records inside the file, and no byte left
//! over. Geometry is never rejected; [`Course::lints`] reports inconsistencies.

// # Stages (a note for developers, kept out of the API docs)
// The files import in one direction, in this order (each file only from those
// before it): `raw` (on-disk structs) → `layout` (header length and field
// offsets, asserted against `raw`) → `records` (decoded values: `decode` and its
// encoding side by side) → `error` → `geometry` (cell numbering and triangle
// tests, computed from the records) → `view` ([`Course`], its cells and
// queries) → `validate` ([`Course::parse`]) → `lint` ([`Course::lints`]) →
// `write` → `build` (`CourseBuilder`, with `std`) → `query` (segment casts and
// sphere overlaps, [`crate::query::Query`]).
mod error;
mod geometry;
mod layout;
mod lint;
mod query;
pub mod raw;
mod records;
mod validate;
mod view;
mod write;

#[cfg(feature = "std")]
pub mod build;

#[cfg(feature = "std")]
pub use build::{BuildError, BuiltCourse, CourseBuilder, SoupTriangle};
pub use error::{Dimension, Error, ErrorKind, Grid, RecordKind};
pub use geometry::{cell_coord, cell_number};
pub use lint::{Lint, LintKind, Lints, LintsPosition, NORMAL_TOLERANCE, PLANE_TOLERANCE};
pub use query::{IndexedCourse, Surface};
pub use records::{
    GridHeader, MAGIC, SurfaceFlags, SurfaceType, Triangle, TriangleWall, VERSION, Vec3, Wall, Xz,
};
pub use view::{
    Cell, CellIndex, Cells, Course, CourseParts, Ground, IndexError, WallCell, WallCells,
    WallIndex, ground_in_cell,
};
pub use write::{CellContents, InputError, WriteError, required_len, write};

/// How strictly to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Options {
    /// Accept a version word other than `0x20120816` (the game refuses such a
    /// file); reported as [`LintKind::UnexpectedVersion`].
    pub accept_any_version: bool,
}

impl Options {
    /// What the game accepts.
    pub const STRICT: Self = Self {
        accept_any_version: false,
    };
    /// Also accepts other version words.
    pub const LENIENT: Self = Self {
        accept_any_version: true,
    };
}
