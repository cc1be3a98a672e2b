//! A generated Grit BCOL file: `zerocol_oracle::grit::round_trip_bcol` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|file: zerocol::generate::BcolFile| {
    zerocol_oracle::grit::round_trip_bcol(&file)
});
