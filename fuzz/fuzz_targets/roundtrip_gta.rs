//! Every model of any bytes, written under fuzzed options and read back:
//! `zerocol_oracle::gta::round_trip` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|input: (zerocol::gta::WriteOptions, &[u8])| {
    let (options, bytes) = input;
    zerocol_oracle::gta::round_trip(bytes, options)
});
