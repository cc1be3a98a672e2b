//! A `.dff` of any bytes, read, and a model of any bytes put into it and read back:
//! `zerocol_oracle::gta::dff_round_trip` says what is checked. The input is a
//! little-endian u16 `n`, then the model file's `n` bytes, then the `.dff` (so that
//! seeds are a sample model and a sample `.dff` glued together).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (col, dff) = zerocol_oracle::gta::split_dff_input(data);
    zerocol_oracle::gta::dff_round_trip(dff, col)
});
