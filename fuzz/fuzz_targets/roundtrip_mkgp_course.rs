//! A course written cell by cell reads back: `zerocol_oracle::mkgp::round_trip_course`.
#![no_main]

libfuzzer_sys::fuzz_target!(|file: zerocol::generate::MkgpCourse| {
    zerocol_oracle::mkgp::round_trip_course(&file)
});
