//! Grit engine collision (`zerocol::grit`): TCOL text and BCOL binary, read into one
//! [`zc_grit_body`] view: sniffing, parsing with errors, the summary, the attributes,
//! shapes, hull vertices, trimesh, lints, and the queries.
//!
//! Files, in import order: `error` (kind codes) → `view` (the body view and its
//! accessors) → `query` (casts, ground, overlaps).

pub(crate) mod error;
pub(crate) mod query;
pub(crate) mod view;

pub use error::*;
pub use query::*;
pub use view::*;
