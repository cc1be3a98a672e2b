//! grit: the seeds the project's writers make for the `grit` target, every error kind
//! produced by a committed file, and the round-trip replays.

/// The seeds of `fuzz/seeds/grit/`, by file name.
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    Vec::new()
}
