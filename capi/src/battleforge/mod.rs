//! BattleForge `collisionShape` (`zerocol::battleforge`) in C: the DRS container and
//! its nodes, the [`zc_battleforge_shapes`] view of a payload (in a container or
//! bare), each shape decoded with its transform and world bounds, lints and queries.
//!
//! Files, in import order: `error` (kind codes) → `read` (the container, the shapes
//! view, shapes) → `lint` (lints) → `query` (containment, casts, ground, overlaps).

mod error;
mod lint;
mod query;
mod read;

pub use error::*;
pub use lint::*;
pub use query::*;
pub use read::*;
