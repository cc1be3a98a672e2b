//! Zero-copy, `no_std`, panic-free readers for game collision files.
//!
//! The file is loaded into memory once and read where it lies, as the consoles and
//! arcade boards did: no copying, no allocation, no `std`. Each format has a module:
//!
//! | module | format |
//! |---|---|
//! | [`gta`] | GTA III / Vice City / San Andreas `.col` (COLL, COL2, COL3, COL4) |
//! | [`mkgp`] | Mario Kart Arcade GP DX course collision (`COL\0`) |
//! | [`battleforge`] | BattleForge DRS containers and their `collisionShape` node |
//! | [`grit`] | Grit engine `TCOL` text collision files |
//!
//! # The contract
//! Parsing checks every bound once, with overflow-proof arithmetic. After a parse
//! function returns `Ok`, no accessor of the value it returned can panic, fail, or
//! read outside the buffer: accessors return plain values, slices and iterators,
//! never `Result`. A hostile buffer can only ever produce an `Err` that names the
//! byte offset at fault and what was expected there.
//!
//! How the crate keeps that promise:
//! - `#![forbid(unsafe_code)]`; every on-disk struct is a `#[repr(C)]` of
//!   alignment-1 little-endian fields read through [`zerocopy`], so records are
//!   read in place at any address, on little- and big-endian CPUs alike, and on
//!   cores that fault on unaligned loads;
//! - no `unwrap`, `expect`, slice indexing or unchecked integer arithmetic in
//!   library code (enforced by clippy's `indexing_slicing`,
//!   `arithmetic_side_effects`, `unwrap_used`, `expect_used` and `panic` lints);
//! - validated views store the slices they hand out, so an accessor never
//!   re-checks (and so never fails).
//!
//! # Features
//! None by default.
//! - `std`: items that need the standard library (the readers never do).
//! - `defmt`: `defmt::Format` for every public error, lint and summary type.
//! - `arbitrary`: `arbitrary::Arbitrary` for option values (implies `std`).
//! - `cli`: the `zerocol` command-line tool.

#![no_std]
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

#[cfg(feature = "std")]
extern crate std;

pub mod battleforge;
pub mod grit;
pub mod gta;
pub mod mkgp;
pub mod wire;

/// Compiles the README's examples as doctests, so they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
