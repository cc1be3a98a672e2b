//! GTA `.col` and `.dff` (`zerocol::gta`): checking, the models and their sections,
//! lints, `.dff` collision, recovery, writers and queries.
//!
//! Files, in import order: `error` (kind codes) → `read` (views and accessors) →
//! `lint` (lints) → `dff` (collision inside a `.dff`) → `recover` (damaged libraries)
//! → `write` (the writers) → `query` (casts, ground, overlaps, the face index).

pub mod dff;
pub mod error;
pub mod lint;
pub mod query;
pub mod read;
pub mod recover;
pub mod write;

pub use dff::*;
pub use error::*;
pub use lint::*;
pub use query::*;
pub use read::*;
pub use recover::*;
pub use write::*;
