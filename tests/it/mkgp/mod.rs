//! Mario Kart Arcade GP DX `COL` (docs/formats/mkgp.md).

mod props;
mod queries;
mod reader;
mod writer;
