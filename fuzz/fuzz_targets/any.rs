//! Any bytes, as the `zerocol` tool reads them: `zerocol_oracle::cli::bytes` runs the
//! tool's `info`, `dump`, `check`, `export` and `convert` (the `zerocol-cli` crate's functions) on them.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zerocol_oracle::cli::bytes(data));
