//! GTA `.col` and `.dff` (`zerocol::gta`): checking, the models and their sections,
//! lints, `.dff` collision, recovery, writers and queries.
//!
//! Files, in import order: `error` (kind codes) → `read` (views and accessors) →
//! `write` (the writers) → `query` (casts, ground, overlaps, the face index).

pub mod error;
pub mod read;

pub use error::*;
pub use read::*;
