//! The seeded generator every test and bench draws from: xorshift64*, deterministic, no
//! dependencies, no `std` but for [`scale`]'s environment variable. The crate's unit tests mount it as `crate::test_rng`; the
//! integration tests mount this same file (`tests/it/support/rng.rs`, which adds what
//! needs `std`), and so do the benches' input generators (`benches/data/mod.rs`). It
//! lives in `src/` because the published package's unit tests need it and the package
//! ships `src/` alone.

/// `ZEROCOL_PROP_SCALE=N` multiplies the number of cases of the property loops (default 1),
/// the one knob of their size, in the unit and the integration tests. The slow loops'
/// default counts are a fifth of what they ran before, so that the README's `cargo test`
/// runs quickly; CI runs that command at `ZEROCOL_PROP_SCALE=5` (`.ci/run`): the old
/// counts, and five times those of the loops that were not cut.
pub fn scale() -> usize {
    std::env::var("ZEROCOL_PROP_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// xorshift64*. [`Rng::new`] mixes any seed; `Rng(seed)` takes a non-zero state as it is.
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
    pub fn byte(&mut self) -> u8 {
        (self.next() >> 56) as u8
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    pub fn pick_ref<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
    /// Uniform in `lo..hi`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }
    /// Any float: ordinary values mostly, and every special kind now and then.
    pub fn float(&mut self) -> f32 {
        match self.below(12) {
            0 => f32::from_bits(self.u32()),
            1 => self.pick(&[
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                0.0,
                -0.0,
                f32::MAX,
                f32::MIN,
                f32::MIN_POSITIVE,
                f32::from_bits(1),
                1e30,
                -1e-30,
            ]),
            _ => self.range(-100.0, 100.0),
        }
    }
}
