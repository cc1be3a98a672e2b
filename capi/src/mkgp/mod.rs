//! Mario Kart Arcade GP DX course collision (`zerocol::mkgp`) in C: parsing, the
//! [`zc_mkgp_course`] view, its grid, cells and records, the cell index in caller
//! storage, lints and queries.
//!
//! Files, in import order: `error` (kind codes) → `read` (the course view, its summary,
//! cells, records and the cell index) → `lint` (lints) → `query` (ground, casts,
//! overlaps).

mod error;
mod lint;
mod query;
mod read;

pub use error::*;
pub use lint::*;
pub use query::*;
pub use read::*;
