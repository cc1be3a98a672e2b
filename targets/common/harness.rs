//! What every firmware in `targets/` shares: which case lists a build runs (chosen by
//! the firmware package's cargo features), stack painting and measuring, and the run
//! loop. Mounted next to the cases at the firmware's crate root:
//!
//! ```ignore
//! #[path = "../../../tests/cases/mod.rs"]
//! mod cases;
//! #[path = "../../common/harness.rs"]
//! mod harness;
//! ```
//!
//! Features of every firmware package: `gta`, `mkgp`, `battleforge`, `grit` (the
//! default is all four) pick the formats whose cases run; `probe` runs only each format's
//! `validate` and `walk_at_every_alignment` (every accessor), and `validate` only
//! the first: what the size and stack figures of the readers in
//! `targets/README.md` are measured on; `query` runs GTA's `validate` and
//! `cast_through_the_sample` (every query on every model of the sample); `count` runs
//! only GTA's `query_lamppost` (a model parsed, one segment cast, one sphere overlap),
//! the query code's figures; `baseline` adds a case that reads nothing, built into
//! every image those figures compare.

use crate::cases::{self, Case, Outcome, Tally};

/// The case lists this build runs, with the format each belongs to.
pub const SUITES: &[(&str, &[Case])] = &[
    #[cfg(feature = "baseline")]
    ("baseline", cases::BASELINE),
    #[cfg(feature = "gta")]
    (
        "gta",
        if cfg!(feature = "count") {
            cases::gta::COUNT
        } else if cfg!(feature = "query") {
            cases::gta::QUERY
        } else {
            pick(cases::GTA, cases::gta::PROBE, cases::gta::VALIDATE)
        },
    ),
    #[cfg(feature = "mkgp")]
    (
        "mkgp",
        pick(cases::MKGP, cases::mkgp::PROBE, cases::mkgp::VALIDATE),
    ),
    #[cfg(feature = "battleforge")]
    (
        "battleforge",
        pick(
            cases::BATTLEFORGE,
            cases::battleforge::PROBE,
            cases::battleforge::VALIDATE,
        ),
    ),
    #[cfg(feature = "grit")]
    (
        "grit",
        pick(cases::GRIT, cases::grit::PROBE, cases::grit::VALIDATE),
    ),
];

#[allow(dead_code)]
const fn pick(
    all: &'static [Case],
    probe: &'static [Case],
    validate: &'static [Case],
) -> &'static [Case] {
    if cfg!(feature = "validate") {
        validate
    } else if cfg!(feature = "probe") {
        probe
    } else {
        all
    }
}

/// How a firmware reports (text over semihosting, or defmt).
pub trait Report {
    /// A case ran: `Err` if it failed; the deepest stack it used, in bytes.
    fn case(&mut self, case: &Case, outcome: &Outcome, stack_bytes: usize);
    /// A format's cases ran: their counts and the deepest stack any of them used.
    fn suite(&mut self, format: &str, tally: Tally, stack_bytes: usize);
}

/// Runs every suite, each case on a freshly painted stack, and measures how deep
/// each went. `stack_bottom` is the lowest address the stack may grow to.
///
/// A case's figure counts everything below this function's frame: the case
/// function, and the reader it calls.
pub fn run_all(report: &mut impl Report, stack_bottom: usize) -> Tally {
    let mut total = Tally::default();
    for &(format, list) in SUITES {
        let mut tally = Tally::default();
        let mut deepest = 0;
        for case in list {
            let base = stack::pointer();
            stack::paint(stack_bottom);
            let outcome = (case.run)();
            let used = stack::used(stack_bottom, base);
            deepest = deepest.max(used);
            match outcome {
                Ok(()) => tally.passed += 1,
                Err(_) => tally.failed += 1,
            }
            report.case(case, &outcome, used);
        }
        report.suite(format, tally, deepest);
        total.add(tally);
    }
    total
}

/// The exit status: 0 only when every case ran and passed (a build with no case,
/// or a stack that reached its bottom, fails too).
pub fn exit_code(total: Tally) -> i32 {
    if total.failed == 0 && total.passed > 0 {
        0
    } else {
        1
    }
}

/// Stack painting: every word between the stack's bottom and (nearly) the current
/// stack pointer is set to [`stack::PAINT`]; after a run, the lowest word that no
/// longer holds it is the high-water mark.
pub mod stack {
    /// The paint.
    pub const PAINT: u32 = 0xDEAD_C0DE;

    /// The stack pointer.
    #[inline(always)]
    pub fn pointer() -> usize {
        let sp: usize;
        // SAFETY: reads a register, touches no memory.
        #[cfg(target_arch = "arm")]
        unsafe {
            core::arch::asm!("mov {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags));
        }
        // SAFETY: as above.
        #[cfg(target_arch = "mips")]
        unsafe {
            core::arch::asm!("move {}, $sp", out(reg) sp, options(nomem, nostack, preserves_flags));
        }
        sp
    }

    /// Room left unpainted below the stack pointer for [`paint`]'s own frame: the
    /// compiler may read the pointer before the prologue pushes registers.
    pub const MARGIN: usize = 64;

    /// Paints `[bottom, stack pointer - MARGIN)`: memory no live frame uses (no
    /// interrupt is enabled).
    #[inline(never)]
    pub fn paint(bottom: usize) {
        let top = (pointer() & !3).saturating_sub(MARGIN);
        let mut at = bottom;
        while at < top {
            // SAFETY: `at` is word-aligned and lies between the linker's stack
            // bottom and the live stack pointer: RAM that nothing uses.
            unsafe { (at as *mut u32).write_volatile(PAINT) };
            at += 4;
        }
    }

    /// Bytes of stack used below `base` since [`paint`]: `base` minus the lowest
    /// word that lost its paint. `base - bottom` (all of it) means an overflow.
    pub fn used(bottom: usize, base: usize) -> usize {
        let mut at = bottom;
        // SAFETY: reads words of the painted region, below the live stack.
        while at < base && unsafe { (at as *const u32).read_volatile() } == PAINT {
            at += 4;
        }
        base.saturating_sub(at)
    }
}
