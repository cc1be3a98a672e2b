//! GTA `.col` and `.dff` (`zerocol::gta`): checking, the models and their sections,
//! lints, `.dff` collision, recovery, writers and queries.
//!
//! Files, in import order: `error` (kind codes) → `read` (views and accessors) →
//! `write` (the writers) → `query` (casts, ground, overlaps, the face index).

pub mod error;
pub mod query;
pub mod read;
pub mod write;

pub use error::*;
pub use query::*;
pub use read::*;
pub use write::*;
