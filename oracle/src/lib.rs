//! The checks behind zerocol's fuzz targets (the oracles), one module per format.
//!
//! Every target in `fuzz/fuzz_targets/` is one line that calls a function here, so the
//! same checks run under libFuzzer, in `cargo test` (whose `tests/it/fuzz/` replays
//! `tests/regressions/` and `fuzz/seeds/` through this crate, a dev-dependency), and in
//! anyone's campaign. The modules use nothing but `zerocol` and `std`.
//!
//! The checks draw `zerocol::generate` values, so everything here needs the
//! `arbitrary` feature (zerocol's own `arbitrary` turns it on for its tests); without
//! it the crate is empty, and `cargo test` without features builds the library without
//! `arbitrary` too.
//!
//! The `cli` feature adds `cli`, the `any` target's checks of the `zerocol` tool's
//! commands (the `zerocol-cli` crate; its tests turn it on).
//!
//! - `bytes(data)` functions take a file as it is on disk, and run it under every
//!   `Options` value of their format: real files are seeds as they are.
//! - `round_trip(file)` functions take a `zerocol::generate` value (a description and
//!   the bytes the project's writer made of it) and check that the parser reads the
//!   description back.

#![forbid(unsafe_code)]
#![cfg(feature = "arbitrary")]

pub mod battleforge;
#[cfg(feature = "cli")]
pub mod cli;
pub mod common;
pub mod grit;
pub mod gta;
pub mod img;
pub mod mkgp;
pub mod obj;
pub mod query;
