//! The seeded generator every test draws from (`src/test_rng.rs`, shared with the unit
//! tests, and with them the size knob `ZEROCOL_PROP_SCALE`, [`scale`]), with `bytes`,
//! which needs `std`, the seed knob (`ZEROCOL_PROP_SEED`) and the report of a failing case.
//! A test module adds the value generators of its format in a trait of its own,
//! implemented for [`Rng`] (an inherent `impl Rng` would be shared by the whole crate,
//! so two modules' `real` or `f32` would clash).

#[path = "../../../src/test_rng.rs"]
mod generator;
pub use generator::{Rng, scale};

impl Rng {
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.byte()).collect()
    }
}

/// `ZEROCOL_PROP_SEED=N` explores other cases (each test mixes it into its own seed).
pub fn seed(base: u64) -> u64 {
    let extra: u64 = std::env::var("ZEROCOL_PROP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    base ^ extra.wrapping_mul(0x1000_0000_0000_0001)
}

/// Prints the failing case when a check panics: its bytes in hex, and as text
/// too when they are UTF-8 (TCOL files).
pub struct Case<'a> {
    pub name: &'a str,
    pub seed: u64,
    pub iteration: usize,
    pub bytes: &'a [u8],
}

impl Drop for Case<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let hex: String = self.bytes.iter().map(|x| format!("{x:02x}")).collect();
            eprintln!(
                "failing case: {} seed {} iteration {} ({} bytes): {hex}",
                self.name,
                self.seed,
                self.iteration,
                self.bytes.len()
            );
            if let Ok(text) = std::str::from_utf8(self.bytes) {
                eprintln!("as text: {text:?}");
            }
        }
    }
}
