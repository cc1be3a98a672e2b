//! What the tool's test modules share: running the `zerocol` binary ([`cli`]), on
//! hostile bytes too ([`hostile`]), and the library tests' builders and byte helpers
//! (`tests/it/support/` at the repository's root, compiled here too).
// Each test crate uses a part of the shared helpers.
#![allow(dead_code)]

/// The repository's root, above this crate: the shared helpers find its fixtures there.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

#[path = "../../../../tests/it/support/bcol.rs"]
pub mod bcol;
#[path = "../../../../tests/it/support/bytes.rs"]
pub mod bytes;
pub mod cli;
#[path = "../../../../tests/it/support/gta.rs"]
pub mod gta;
pub mod hostile;
#[path = "../../../../tests/it/support/mkgp.rs"]
pub mod mkgp;
// The size knob `scale` goes unused here: the tool's tests run fixed counts.
#[allow(unused_imports)]
#[path = "../../../../tests/it/support/rng.rs"]
pub mod rng;
#[path = "../../../../tests/it/support/tcol.rs"]
pub mod tcol;
