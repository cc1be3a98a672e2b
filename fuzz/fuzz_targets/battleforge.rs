//! Any bytes, as a file: `zerocol_oracle::battleforge::bytes` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zerocol_oracle::battleforge::bytes(data));
