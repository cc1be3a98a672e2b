//! zerocol's shared test cases (`tests/cases/`) on a Cortex-M0 under QEMU, logging
//! with defmt over semihosting: the host decodes the stream with `defmt-print`.
//! Besides the counts, it logs one error value per format through `defmt::Format`
//! (zerocol's `defmt` feature), which `targets/run` checks in the decoded text.
#![no_std]
#![no_main]

#[path = "../../../tests/cases/mod.rs"]
mod cases;
#[path = "../../common/harness.rs"]
mod harness;

// The critical section that defmt's global logger takes.
use cortex_m as _;
use cortex_m_rt::{ExceptionFrame, entry, exception};
// The global logger: defmt frames to semihosting stdout.
use defmt_semihosting as _;
use semihosting::{eprintln, process};
#[allow(unused_imports)]
use zerocol::{battleforge, grit, gta, mkgp};

struct Log;

impl harness::Report for Log {
    fn case(&mut self, case: &cases::Case, outcome: &cases::Outcome, _stack_bytes: usize) {
        if let Err(failure) = outcome {
            defmt::println!(
                "FAILED {=str}: {=str}:{=u32}: {=str}",
                case.name,
                failure.file,
                failure.line,
                failure.check
            );
        }
    }

    fn suite(&mut self, format: &str, tally: cases::Tally, stack_bytes: usize) {
        defmt::println!(
            "{=str}: {=u32} passed, {=u32} failed",
            format,
            tally.passed,
            tally.failed
        );
        defmt::println!(
            "stack {=str}: {=usize} bytes (deepest case)",
            format,
            stack_bytes
        );
    }
}

#[entry]
fn main() -> ! {
    unsafe extern "C" {
        /// The lowest address of the stack (cortex-m-rt's link.x).
        static _stack_end: u32;
    }
    let bottom = core::ptr::addr_of!(_stack_end) as usize;
    defmt::println!(
        "zerocol cases on {=str}, logging with defmt",
        env!("FIRMWARE_TARGET")
    );
    let total = harness::run_all(&mut Log, bottom);

    // One error of each reader in this image, printed through its `defmt::Format`.
    #[cfg(feature = "gta")]
    if let Err(e) = gta::check(&cases::gta::BAD_FOURCC, gta::Options::STRICT) {
        defmt::println!("gta error: {}", e);
    }
    #[cfg(feature = "mkgp")]
    if let Err(e) =
        mkgp::Course::parse(&cases::mkgp::NEGATIVE_TRIANGLE_WALLS, mkgp::Options::STRICT)
    {
        defmt::println!("mkgp error: {}", e);
    }
    #[cfg(feature = "battleforge")]
    if let Err(e) = battleforge::Drs::parse(
        &cases::battleforge::INFO_INDEX,
        battleforge::Options::STRICT,
    ) {
        defmt::println!("battleforge error: {}", e);
    }
    #[cfg(feature = "grit")]
    if let Err(e) = grit::tcol::Tcol::parse(&cases::grit::NUL_IN_BODY, grit::tcol::Options::STRICT)
    {
        defmt::println!("grit error: {}", e);
    }
    defmt::println!("{=u32} passed, {=u32} failed", total.passed, total.failed);
    process::exit(harness::exit_code(total))
}

/// A fault (on the Cortex-M0: any misaligned load) ends the run with status 3.
/// Reported as text on stderr, apart from the defmt stream on stdout.
#[exception]
unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
    eprintln!(
        "HardFault at pc {:#010x} (lr {:#010x}): a misaligned or invalid access",
        frame.pc(),
        frame.lr()
    );
    process::exit(3)
}

#[exception]
unsafe fn DefaultHandler(irqn: i16) -> ! {
    eprintln!("unexpected exception or interrupt {irqn}");
    process::exit(4)
}
