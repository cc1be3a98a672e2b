//! GTA III / VC / SA `.col` (docs/formats/gta.md).

mod anomalies;
mod dff;
mod fields;
mod hand_written;
mod materials;
mod props;
mod sample;
mod validation;
mod write;
