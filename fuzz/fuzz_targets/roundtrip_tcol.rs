//! A generated Grit TCOL file: `zerocol_fuzz::grit::round_trip_tcol` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|file: zerocol::generate::TcolFile| {
    zerocol_fuzz::grit::round_trip_tcol(&file)
});
