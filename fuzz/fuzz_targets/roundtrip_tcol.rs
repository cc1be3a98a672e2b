//! A generated Grit TCOL file: `zerocol_oracle::grit::round_trip_tcol` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|file: zerocol::generate::TcolFile| {
    zerocol_oracle::grit::round_trip_tcol(&file)
});
