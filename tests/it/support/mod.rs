//! What the test modules share, once: little-endian byte access ([`bytes`]), the seeded
//! generator ([`rng`]), a builder or sample per format. The tool's tests
//! (`cli/tests/it/`) compile most of these files too.
// Each test crate uses a part of the shared helpers.
#![allow(dead_code)]

/// The repository's root (the tool's tests compile these files with theirs).
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

pub mod battleforge;
pub mod bcol;
pub mod bytes;
pub mod gta;
#[cfg(feature = "std")]
pub mod mkgp;
pub mod rng;
pub mod tcol;

/// Asserts that `slice` lies inside `outer` by address, and returns its offset there.
#[track_caller]
pub fn within<T>(slice: &[T], outer: &[u8]) -> usize {
    let start = slice.as_ptr() as usize;
    let end = start + std::mem::size_of_val(slice);
    let (lo, hi) = (
        outer.as_ptr() as usize,
        outer.as_ptr() as usize + outer.len(),
    );
    assert!(
        lo <= start && end <= hi,
        "{start:#x}..{end:#x} outside {lo:#x}..{hi:#x}"
    );
    start - lo
}
