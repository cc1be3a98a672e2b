//! The checks behind zerocol's fuzz targets, one module per format.
//!
//! Every target in `fuzz_targets/` is one line that calls a function here, so the same
//! checks run under libFuzzer, in `cargo test` (which includes these files to replay
//! `tests/regressions/` and `fuzz/seeds/`), and in anyone's campaign. The modules use
//! nothing but `zerocol` and `std`, and reach each other only through `super::`.
//!
//! - `bytes(data)` functions take a file as it is on disk, and run it under every
//!   `Options` value of their format: real files are seeds as they are.
//! - `round_trip(file)` functions take a `zerocol::generate` value (a description and
//!   the bytes the project's writer made of it) and check that the parser reads the
//!   description back.

#![forbid(unsafe_code)]

pub mod battleforge;
pub mod common;
pub mod grit;
pub mod gta;
pub mod mkgp;
pub mod obj;
