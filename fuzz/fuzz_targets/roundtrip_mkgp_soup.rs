//! A soup built into a grid keeps the builder's promises: `zerocol_oracle::mkgp::round_trip_soup`.
#![no_main]

libfuzzer_sys::fuzz_target!(|file: zerocol::generate::MkgpSoup| {
    zerocol_oracle::mkgp::round_trip_soup(&file)
});
