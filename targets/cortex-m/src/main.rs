//! zerocol's shared test cases (`tests/cases/`) on a Cortex-M0 or Cortex-M3 under
//! QEMU: fixtures in flash, results over semihosting, `N passed, N failed` last,
//! and a non-zero exit status on any failure, panic (101) or fault (3).
#![no_std]
#![no_main]

#[path = "../../../tests/cases/mod.rs"]
mod cases;
#[path = "../../common/harness.rs"]
mod harness;

use cortex_m_rt::{ExceptionFrame, entry, exception};
use semihosting::{eprintln, println, process};

struct Console;

impl harness::Report for Console {
    fn case(&mut self, case: &cases::Case, outcome: &cases::Outcome, stack_bytes: usize) {
        if let Err(failure) = outcome {
            println!("FAILED {}: {}", case.name, failure);
        }
        if cfg!(any(feature = "probe", feature = "validate", feature = "count")) {
            println!("stack {}: {} bytes", case.name, stack_bytes);
        }
    }

    fn suite(&mut self, format: &str, tally: cases::Tally, stack_bytes: usize) {
        println!("{format}: {tally}");
        println!("stack {format}: {stack_bytes} bytes (deepest case)");
    }
}

#[entry]
fn main() -> ! {
    unsafe extern "C" {
        /// The lowest address of the stack (cortex-m-rt's link.x).
        static _stack_end: u32;
    }
    let bottom = core::ptr::addr_of!(_stack_end) as usize;
    println!(
        "zerocol cases on {} ({} stack bytes)",
        env!("FIRMWARE_TARGET"),
        harness::stack::pointer() - bottom
    );
    let total = harness::run_all(&mut Console, bottom);
    println!("{total}");
    process::exit(harness::exit_code(total))
}

/// A fault (on the Cortex-M0: any misaligned load) ends the run with status 3
/// instead of cortex-m-rt's endless loop.
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
