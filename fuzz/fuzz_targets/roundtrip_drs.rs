//! A generated DRS container reads back as its description:
//! `zerocol_oracle::battleforge::round_trip_drs` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|file: zerocol::generate::DrsFile| {
    zerocol_oracle::battleforge::round_trip_drs(&file)
});
