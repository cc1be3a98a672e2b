//! A query block, then any bytes as a file: `zerocol_oracle::query::bytes` says what
//! is checked (segment casts, sphere overlaps and ground on every model, against a
//! brute force).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zerocol_oracle::query::bytes(data));
