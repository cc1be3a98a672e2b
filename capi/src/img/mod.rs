//! GTA IMG archives (`zerocol::img`): the directory (v2 `VER2` and the v1 `.dir`), its
//! entries and lints, entry bytes and their GTA models, the streaming view, and the
//! writers.
//!
//! Files, in import order: `error` (kind codes) → `read` (views and accessors) →
//! `lint` (lints) → `write` (the writers).

mod error;
mod lint;
mod read;
mod write;

pub use error::*;
pub use lint::*;
pub use read::*;
pub use write::*;
