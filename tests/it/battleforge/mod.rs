//! BattleForge DRS and `collisionShape` (docs/formats/battleforge.md).

mod geometry;
mod props;
mod reader;
