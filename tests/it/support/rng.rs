//! The seeded generator every test draws from, the property tests' environment knobs
//! (`ZEROCOL_PROP_SCALE`, `ZEROCOL_PROP_SEED`) and the report of a failing case.
//! A test module adds the value generators of its format in a trait of its own,
//! implemented for [`Rng`] (an inherent `impl Rng` would be shared by the whole crate,
//! so two modules' `real` or `f32` would clash).

/// xorshift64*: deterministic, no dependencies.
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
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.byte()).collect()
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

/// `ZEROCOL_PROP_SCALE=N` multiplies the number of cases (default 1).
pub fn scale() -> usize {
    std::env::var("ZEROCOL_PROP_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
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
