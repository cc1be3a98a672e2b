//! mkgp: the seeds the project's writers make for the `mkgp` target, every error kind
//! produced by a committed file, and the round-trip replays.

/// The seeds of `fuzz/seeds/mkgp/`, by file name.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    Vec::new()
}
