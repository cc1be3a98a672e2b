//! Zero-copy, `no_std`, panic-free readers for game collision files.
//!
//! The file is loaded into memory once and read where it lies, as the consoles and
//! arcade boards did: no copying, no allocation, no `std`. Each format has a module:
//!
//! | module | format | facts |
//! |---|---|---|
//! | [`gta`] | GTA III / Vice City / San Andreas `.col` (COLL, COL2, COL3, COL4) | [`guide::gta`] |
//! | [`mkgp`] | Mario Kart Arcade GP DX course collision (`COL\0`) | [`guide::mkgp`] |
//! | [`battleforge`] | BattleForge DRS containers and their `collisionShape` node | [`guide::battleforge`] |
//! | [`grit`] | Grit engine `TCOL` text and ([`grit::bcol`]) its binary twin `BCOL` | [`guide::grit`] |
//! | [`img`] | GTA IMG archives (`VER2`, and the `.dir` + `.img` pairs of III and VC) | [`guide::img`] |
//!
//! And what they share:
//!
//! | module | what it holds | guide |
//! |---|---|---|
//! | [`query`] | segment casts, sphere overlaps and the ground below a point, on every format's view | [`guide::query`] |
//! | [`obj`] | Wavefront OBJ export of every format, to look at a file in Blender | [`guide::obj`] |
//! | [`wire`] | the byte layer: errors with their offsets, tables of on-disk records | |
//! | [`generate`] | (feature `arbitrary`) valid files from a fuzzer's bytes, for fuzzing your own loader | [`guide::fuzzing`] |
//! | [`guide`] | the format pages, the JSON of `dump`, the OBJ output, the C API, benchmarks | |
//!
//! The [`guide`] holds the format pages (every offset, rule and limit the readers
//! follow, and the sources they were checked against) and the CLI's JSON and OBJ.
//!
//! The `zerocol` command-line tool is its own crate, `zerocol-cli`
//! (`cargo install zerocol-cli`).
//!
//! [`sniff`] tells the formats apart by their first bytes, and [`wire`] is the byte
//! layer they share: the [`wire::Error`] every binary format reports (a byte offset
//! and what was expected there) and the [`wire::Table`] of on-disk records.
//!
//! ```
//! use zerocol::{Format, gta, sniff};
//!
//! # let bytes: &[u8] = include_bytes!("../samples/sample.col");
//! assert_eq!(sniff(bytes), Some(Format::GtaCol));
//! for model in gta::models(bytes, gta::Options::STRICT) {
//!     let model = model?; // a gta::Error names the byte offset at fault
//!     for face in model.faces() {
//!         // After parsing, every index names a vertex: no lookup can fail.
//!         assert!(face.indices.iter().all(|&i| model.vertices().get(i as usize).is_some()));
//!     }
//! }
//! # Ok::<(), gta::Error>(())
//! ```
//!
//! # The contract
//! Parsing checks every bound once, with overflow-proof arithmetic. After a parse
//! function returns `Ok`, no accessor of the value it returned can panic, fail, or
//! read outside the buffer: accessors return plain values, slices and iterators,
//! never `Result`. A hostile buffer can only ever produce an `Err` that names the
//! byte offset (or, for TCOL text, the line and column) at fault and what was
//! expected there.
//!
//! How the crate keeps that promise:
//! - `#![forbid(unsafe_code)]`; every on-disk struct is a `#[repr(C)]` of
//!   alignment-1 little-endian fields read through [`zerocopy`], so records are
//!   read in place at any address, on little- and big-endian CPUs alike, and on
//!   cores that fault on unaligned loads;
//! - no `unwrap`, `expect`, slice indexing or unchecked integer arithmetic in
//!   library code (enforced by clippy's `indexing_slicing`,
//!   `arithmetic_side_effects`, `unwrap_used`, `expect_used` and `panic` lints);
//! - a view keeps what its parser validated in one of two ways, and each module says
//!   which:
//!   - **stored slices**: the view holds the tables it hands out, so an accessor
//!     never re-reads a bound (BattleForge's `CollisionShape`, MKGP's `Cell`, BCOL);
//!   - **re-walking validated bytes**: the view holds the buffer and a few counts and
//!     re-derives a section on each call (GTA's `Model`, which must fit a Cortex-M0's
//!     budget; MKGP's `Cells` and the DRS `Nodes` iterators; TCOL's text iterators,
//!     which re-read what the parser accepted, through the same item readers).
//!
//!   In the second way, every branch that "cannot happen after validation" goes
//!   through one internal helper that `debug_assert!`s: tests and fuzzers run with
//!   debug assertions, so a parser and an accessor that disagree fail loudly there,
//!   while a release build returns an empty slice and still never panics.
//!
//! # One shape for every format
//! A fifth format is added the way the four are built:
//! - **Parse**: `X::parse(bytes, Options) -> Result<X, Error>`. Every format has
//!   `Options::STRICT` (what the game or engine accepts; the `Default`) and
//!   `Options::LENIENT` (also what still reads one way only). Each thing a lenient
//!   read let through is reported as a lint whose `is_tolerated()` is true, and the
//!   view lists them with `tolerated()`.
//! - **Errors**: binary formats report a [`wire::Error`] (a byte offset and the
//!   format's `ErrorKind`), TCOL a line and column. A file too short for its fixed
//!   header is `ErrorKind::Truncated { needed, available }`, one that starts with
//!   the wrong bytes `ErrorKind::BadMagic { found }` (the bytes found), one of
//!   another version `ErrorKind::UnsupportedVersion { found }`.
//! - **Lints**: what a file does that the game reads but likely did not mean is
//!   a `Lint { offset, kind, .. }` (TCOL: `position`) from the view's `lints()`;
//!   `LintKind` says what, `Lint` says where.
//! - **Views**: sections come out as [`wire::Table`]s, which know the byte offset
//!   of each record (GTA's [`gta::Records`] decode COLL's and COL2+'s two layouts
//!   and hold the records alone, to fit the Cortex-M0 budget); `header()` is the
//!   raw on-disk header, and decoded values have their own accessors; `decode()`
//!   turns a raw record into native values.
//! - **Writers**: `required_len(..)` then `write(.., out: &mut [u8])` into a
//!   caller's buffer, failing with a [`wire::WriteError`].
//!
//! # Features
//! None by default.
//! - `std`: items that need the standard library (the readers never do).
//! - `defmt`: `defmt::Format` for every public error, lint and summary type.
//! - `arbitrary`: `arbitrary::Arbitrary` for option values, and [`generate`]'s
//!   valid files of every format for fuzzing other loaders (implies `std`).

#![no_std]
// docs.rs (`[package.metadata.docs.rs]`) marks each item that a feature enables.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::cast_possible_truncation
    )
)]

// The unit tests use `std` too (the property loops' size knob, `test_rng::scale`).
#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod battleforge;
#[cfg(test)]
mod error_types;
mod format;
#[cfg(feature = "arbitrary")]
pub mod generate;
pub mod grit;
pub mod gta;
pub mod guide;
pub mod img;
mod math;
pub mod mkgp;
pub mod obj;
pub mod query;
// The unit tests draw from a few of its methods; the integration tests from all.
#[cfg(test)]
#[allow(dead_code)]
mod test_rng;
pub mod wire;

pub use format::{Format, sniff};

/// Compiles the README's examples as doctests, so they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
