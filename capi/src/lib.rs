//! The C API of [zerocol](https://docs.rs/zerocol): validate, read, query and write game
//! collision files from C and C++, through `include/zerocol.h`.
//!
//! Every function is `extern "C"`, named `zc_*`, and returns a [`zc_status`] (or a plain
//! value where nothing can fail). The rules, stated once here and in the header:
//! - **Borrowing.** A view (`zc_*_t` that holds a pointer) borrows the caller's bytes and
//!   stays valid while they do, unchanged. Nothing is allocated or freed.
//! - **Arguments.** A NULL pointer where a value is needed is
//!   [`zc_status::ZC_STATUS_NULL_ARGUMENT`]; a NULL pointer with a zero length is the
//!   empty buffer. A length that would overflow the address space, a misaligned struct
//!   pointer, an unknown enum value or a view that zerocol did not make (its `check` word
//!   does not match) is [`zc_status::ZC_STATUS_INVALID_ARGUMENT`]. Output structs are
//!   written only on success, unless a function says otherwise.
//! - **Errors.** A malformed file is [`zc_status::ZC_STATUS_MALFORMED`] with a
//!   [`zc_error`]: the byte offset (line and column for TCOL), a stable kind code and the
//!   library's message ([`zc_error_message`]).
//! - **Threads.** There is no global state: every function may be called from any thread
//!   at once, as long as no two calls write the same output.
//! - **Panics.** None can cross the boundary: the library does not panic on any input,
//!   and the crate is built with `panic = "abort"` as the backstop.
//!
//! Modules, in import order: `boundary` (every `unsafe`: the pointer and length checks)
//! → `error` (status, error and message) → `format` (sniffing) → one module per format.

#![no_std]
#![allow(non_camel_case_types)]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]
#![cfg_attr(
    not(test),
    deny(
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::cast_possible_truncation
    )
)]

#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod battleforge;
mod boundary;
mod convert;
pub mod error;
pub mod format;
pub mod generate;
pub mod grit;
pub mod gta;
pub mod img;
pub mod lint;
pub mod mkgp;
pub mod query;

pub use battleforge::*;
pub use error::*;
pub use format::*;
#[cfg(feature = "arbitrary")]
pub use generate::*;
pub use grit::*;
pub use gta::*;
pub use img::*;
pub use mkgp::*;
pub use query::*;

/// The backstop: a panic, which the library never raises on any input, aborts.
#[cfg(not(any(test, feature = "std")))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    boundary::abort()
}

/// The unwinder's personality routine that the prebuilt `core` of hosted targets
/// refers to. The crate aborts on a panic, so nothing unwinds and this is never called;
/// it only lets a C program link the static library without the Rust standard library.
#[cfg(all(not(any(test, feature = "std")), any(unix, windows)))]
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}
