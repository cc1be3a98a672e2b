//! zerocol's integration tests, as one test crate (one binary to build and link):
//! a module per format, a module per tool test, and the helpers they share in
//! `support`. `cargo test --test it FILTER` runs some of them, e.g.
//! `cargo test --test it gta::validation::`.
//!
//! The shared target cases (`tests/cases/`) run from their own crate,
//! `tests/target_cases.rs`, which Miri runs alone.

mod support;

mod battleforge;
mod grit;
mod gta;
mod img;
// The MKGP writer and builder, which these tests use throughout, need `std`.
#[cfg(feature = "std")]
mod mkgp;

// The fuzz targets' checks on every committed seed, regression and corpus file; the
// round-trip checks draw `zerocol::generate` values, which need `arbitrary`.
#[cfg(feature = "arbitrary")]
mod fuzz;

// OBJ export, read back by the `export` fuzz target's reader.
#[cfg(feature = "arbitrary")]
mod obj;
mod query;
