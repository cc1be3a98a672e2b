//! GTA IMG archives (docs/formats/img.md): archives built by the crate's writer from
//! the shipped samples, and hand-made directories for the checks and lints.

mod archive;
mod damage;
mod lints;
