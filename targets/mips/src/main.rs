//! zerocol's shared test cases (`tests/cases/`) on bare-metal little-endian MIPS
//! under QEMU's Malta board: fixtures in the loaded image, results over UHI
//! semihosting, `N passed, N failed` last, and a non-zero exit status on any
//! failure, panic (101) or CPU exception (3; a misaligned `lw` is an address error).
#![no_std]
#![no_main]
#![feature(asm_experimental_arch)]

#[path = "../../../tests/cases/mod.rs"]
mod cases;
#[path = "../../common/harness.rs"]
mod harness;

use semihosting::{eprintln, println, process};

// Start-up: Status = 0 (kernel mode, interrupts off, BEV = 0 so exceptions use the
// vector at 0x8000_0180), a stack, $gp, a zeroed .bss, then Rust. The vector loads a
// stack of its own and passes Cause, EPC and BadVAddr to `exception`.
core::arch::global_asm!(
    r#"
    .section .text.start, "ax"
    .globl _start
    .set push
    .set noreorder
_start:
    mtc0  $zero, $12
    nop
    nop
    la    $sp, _stack_top
    la    $gp, _gp
    la    $t0, __sbss
    la    $t1, __ebss
1:
    beq   $t0, $t1, 2f
    nop
    sw    $zero, 0($t0)
    b     1b
    addiu $t0, $t0, 4
2:
    la    $t0, start
    jalr  $t0
    nop
3:
    b     3b
    nop

    .section .vectors, "ax"
    .globl _general_exception
_general_exception:
    la    $sp, _exception_stack_top
    mfc0  $a0, $13
    mfc0  $a1, $14
    mfc0  $a2, $8
    la    $t0, exception
    jalr  $t0
    nop
4:
    b     4b
    nop
    .set pop
    "#
);

struct Console;

impl harness::Report for Console {
    fn case(&mut self, case: &cases::Case, outcome: &cases::Outcome, stack_bytes: usize) {
        if let Err(failure) = outcome {
            println!("FAILED {}: {}", case.name, failure);
        }
        if cfg!(any(feature = "probe", feature = "validate")) {
            println!("stack {}: {} bytes", case.name, stack_bytes);
        }
    }

    fn suite(&mut self, format: &str, tally: cases::Tally, stack_bytes: usize) {
        println!("{format}: {tally}");
        println!("stack {format}: {stack_bytes} bytes (deepest case)");
    }
}

#[unsafe(no_mangle)]
extern "C" fn start() -> ! {
    unsafe extern "C" {
        /// The lowest address of the stack (link.ld).
        static _stack_bottom: u32;
    }
    let bottom = core::ptr::addr_of!(_stack_bottom) as usize;
    println!(
        "zerocol cases on {} (MIPS32 little-endian, QEMU Malta)",
        env!("FIRMWARE_TARGET")
    );
    let total = harness::run_all(&mut Console, bottom);
    println!("{total}");
    process::exit(harness::exit_code(total))
}

/// Any CPU exception ends the run with status 3 (QEMU would otherwise loop).
#[unsafe(no_mangle)]
extern "C" fn exception(cause: u32, epc: u32, bad_address: u32) -> ! {
    let code = (cause >> 2) & 0x1F;
    let name = match code {
        4 => "address error on load (misaligned?)",
        5 => "address error on store (misaligned?)",
        6 | 7 => "bus error",
        10 => "reserved instruction",
        12 => "overflow",
        13 => "trap",
        _ => "exception",
    };
    eprintln!("MIPS exception {code}: {name} at pc {epc:#010x}, address {bad_address:#010x}");
    process::exit(3)
}
