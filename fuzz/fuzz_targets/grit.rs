//! Any bytes, as a file: `zerocol_fuzz::grit::bytes` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zerocol_fuzz::grit::bytes(data));
