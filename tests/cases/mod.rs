//! Test cases written once and run everywhere: on the host by `tests/target_cases.rs`
//! (so also under Miri and on big-endian CPUs through qemu-user), and on bare-metal
//! CPUs by the firmware in `targets/`, which mounts this folder with
//! `#[path = "../../../tests/cases/mod.rs"] mod cases;` at its crate root.
//!
//! Rules for everything in here, so one file serves every target:
//! - `no_std` and no allocation: only `core` and `zerocol` with no features;
//! - fixtures are the shipped samples, `include_bytes!`-ed into statics (flash on a
//!   microcontroller) and placed at every address modulo 4; malformed inputs are
//!   constants, or samples patched at compile time by a `const fn`: no case copies a
//!   file into RAM;
//! - a case returns `Err(Failure)` naming the check that failed; it never panics on
//!   purpose (a panic on a target exits non-zero all the same);
//! - small stack frames: the Cortex-M0 has 16 KiB of RAM.
//!
//! The module must be mounted as `cases` at the crate root: the check macros name
//! `crate::cases::Failure`.
#![allow(dead_code)]

use core::fmt;

/// Why a case failed: the check, and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Source file of the check.
    pub file: &'static str,
    /// Line of the check.
    pub line: u32,
    /// The check, as written.
    pub check: &'static str,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.check)
    }
}

/// What a case returns.
pub type Outcome = Result<(), Failure>;

/// Fails the case unless the condition holds.
macro_rules! ensure {
    ($cond:expr) => {
        if !$cond {
            return Err(crate::cases::Failure {
                file: file!(),
                line: line!(),
                check: stringify!($cond),
            });
        }
    };
}

/// Fails the case unless both sides are equal (`==`).
macro_rules! ensure_eq {
    ($left:expr, $right:expr $(,)?) => {
        if $left != $right {
            return Err(crate::cases::Failure {
                file: file!(),
                line: line!(),
                check: concat!(stringify!($left), " == ", stringify!($right)),
            });
        }
    };
}

/// Unwraps an `Option` or `Result`, failing the case on `None` or `Err`.
macro_rules! ok {
    ($value:expr) => {
        match crate::cases::Okay::okay($value) {
            Some(value) => value,
            None => {
                return Err(crate::cases::Failure {
                    file: file!(),
                    line: line!(),
                    check: concat!(stringify!($value), " is Some/Ok"),
                });
            }
        }
    };
}

/// The error a parse gives, failing the case if it succeeded.
macro_rules! err {
    ($value:expr) => {
        match $value {
            Err(error) => error,
            Ok(_) => {
                return Err(crate::cases::Failure {
                    file: file!(),
                    line: line!(),
                    check: concat!(stringify!($value), " is Err"),
                });
            }
        }
    };
}

/// Builds a `&[Case]` from functions of one format's module, named `format::function`.
macro_rules! cases {
    ($format:literal: $($case:ident),* $(,)?) => {
        &[$(crate::cases::Case {
            name: concat!($format, "::", stringify!($case)),
            run: $case,
        }),*]
    };
}

pub mod battleforge;
pub mod grit;
pub mod gta;
pub mod mkgp;

/// `Option` and `Result` alike, for [`ok!`].
pub trait Okay<T> {
    /// The value, if there is one.
    fn okay(self) -> Option<T>;
}

impl<T> Okay<T> for Option<T> {
    fn okay(self) -> Option<T> {
        self
    }
}

impl<T, E> Okay<T> for Result<T, E> {
    fn okay(self) -> Option<T> {
        self.ok()
    }
}

/// One test case.
#[derive(Clone, Copy)]
pub struct Case {
    /// `format::what`.
    pub name: &'static str,
    /// The test.
    pub run: fn() -> Outcome,
}

/// Every case, one list per format, in the order they run.
pub const GTA: &[Case] = gta::CASES;
/// MKGP DX cases.
pub const MKGP: &[Case] = mkgp::CASES;
/// BattleForge cases.
pub const BATTLEFORGE: &[Case] = battleforge::CASES;
/// Grit TCOL cases.
pub const GRIT: &[Case] = grit::CASES;

/// One case that reads no file: the size probes' baseline, so that a format's
/// figure counts its own code, not the runner's reporting of a case.
/// Two of them, as each format's probe runs two cases.
pub const BASELINE: &[Case] = cases!["baseline": nothing, nothing_either];

fn nothing() -> Outcome {
    // A check the compiler cannot decide: the runner keeps its reporting of a
    // failed case, as it does for every real case.
    ensure!(core::hint::black_box(true));
    Ok(())
}

fn nothing_either() -> Outcome {
    ensure!(core::hint::black_box(true));
    Ok(())
}

/// Passed and failed counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases that returned `Ok`.
    pub passed: u32,
    /// Cases that returned a [`Failure`].
    pub failed: u32,
}

impl Tally {
    /// Adds another tally.
    pub fn add(&mut self, other: Tally) {
        self.passed = self.passed.saturating_add(other.passed);
        self.failed = self.failed.saturating_add(other.failed);
    }
}

impl fmt::Display for Tally {
    /// The closing line CI reads: `N passed, N failed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} passed, {} failed", self.passed, self.failed)
    }
}

/// Runs `cases` in order and counts them; `on_failure` hears of every failure
/// (a panic is not caught: on a target it ends the run with a non-zero exit).
pub fn run(cases: &[Case], mut on_failure: impl FnMut(&Case, &Failure)) -> Tally {
    let mut tally = Tally::default();
    for case in cases {
        match (case.run)() {
            Ok(()) => tally.passed = tally.passed.saturating_add(1),
            Err(failure) => {
                tally.failed = tally.failed.saturating_add(1);
                on_failure(case, &failure);
            }
        }
    }
    tally
}

// ------------------------------------------------------------------ fixtures

/// A fixture at a chosen address: `SHIFT` bytes past an 8-aligned address, so the
/// readers meet their input at every alignment (a Cortex-M0 faults on a misaligned
/// word load; the readers must never issue one).
#[repr(C, align(8))]
pub struct Placed<const SHIFT: usize, const N: usize> {
    pad: [u8; SHIFT],
    bytes: [u8; N],
}

impl<const SHIFT: usize, const N: usize> Placed<SHIFT, N> {
    /// `bytes`, placed.
    pub const fn new(bytes: &[u8; N]) -> Self {
        Self {
            pad: [0; SHIFT],
            bytes: *bytes,
        }
    }

    /// The fixture.
    pub const fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// `src` with `with` written at `at` (compile-time patching of fixtures).
pub const fn patched<const N: usize>(src: &[u8; N], at: usize, with: &[u8]) -> [u8; N] {
    let mut out = *src;
    let mut i = 0;
    while i < with.len() {
        out[at + i] = with[i];
        i += 1;
    }
    out
}

/// The first `M` bytes of `src`, or `src` followed by zeros up to `M`.
pub const fn resized<const N: usize, const M: usize>(src: &[u8; N]) -> [u8; M] {
    let mut out = [0u8; M];
    let mut i = 0;
    while i < M && i < N {
        out[i] = src[i];
        i += 1;
    }
    out
}

/// Little-endian bytes of a `u32`, for patches.
pub const fn le32(value: u32) -> [u8; 4] {
    value.to_le_bytes()
}

/// Little-endian bytes of an `i32`, for patches.
pub const fn lei32(value: i32) -> [u8; 4] {
    value.to_le_bytes()
}

/// Little-endian bytes of an `f32`, for patches.
pub const fn lef32(value: f32) -> [u8; 4] {
    value.to_bits().to_le_bytes()
}

/// Little-endian bytes of a `u16`, for patches.
pub const fn le16(value: u16) -> [u8; 2] {
    value.to_le_bytes()
}

/// `true` when the two floats are within `tolerance` of each other.
pub fn near(a: f32, b: f32, tolerance: f32) -> bool {
    let diff = a - b;
    diff <= tolerance && diff >= -tolerance
}

/// [`near`] for each component.
pub fn near3(a: [f32; 3], b: [f32; 3], tolerance: f32) -> bool {
    a.iter().zip(b).all(|(&a, b)| near(a, b, tolerance))
}

/// `Display` output checked against a string, without allocation: at most `N`
/// bytes of text are kept (longer output never matches).
pub fn displays_as<const N: usize>(value: &impl fmt::Display, expected: &str) -> bool {
    let mut text = Text::<N>::new();
    fmt::write(&mut text, format_args!("{value}")).is_ok() && text.as_str() == expected
}

/// A fixed-size text buffer.
pub struct Text<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    /// Empty.
    pub const fn new() -> Self {
        Self {
            buf: [0; N],
            len: 0,
        }
    }

    /// The text written so far.
    pub fn as_str(&self) -> &str {
        self.buf
            .get(..self.len)
            .and_then(|b| core::str::from_utf8(b).ok())
            .unwrap_or("")
    }
}

impl<const N: usize> Default for Text<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> fmt::Write for Text<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.checked_add(s.len()).ok_or(fmt::Error)?;
        let dst = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// A running digest of every value an accessor walk produced: how many records
/// were visited, and a hash of their values (so the same file read at another
/// address, or on a CPU of the other byte order, must give the same digest).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Digest {
    /// Records visited.
    pub records: u32,
    /// FNV-1a over the little-endian bytes of every value.
    pub hash: u32,
}

impl Digest {
    /// A fresh digest.
    pub const fn new() -> Self {
        Self {
            records: 0,
            hash: 0x811C_9DC5,
        }
    }

    /// Counts one record.
    pub fn record(&mut self) {
        self.records = self.records.wrapping_add(1);
    }

    /// Adds bytes. Not inlined: the size probes measure the reader, not this.
    #[inline(never)]
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.hash = (self.hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }

    /// Adds a `u32`.
    pub fn u32(&mut self, value: u32) {
        self.bytes(&value.to_le_bytes());
    }

    /// Adds an `f32` by its bits.
    pub fn f32(&mut self, value: f32) {
        self.u32(value.to_bits());
    }

    /// Adds each component.
    pub fn f32s(&mut self, values: &[f32]) {
        for &v in values {
            self.f32(v);
        }
    }
}
