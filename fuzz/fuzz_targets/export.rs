//! Any bytes, read as every format and exported as Wavefront OBJ: the export must
//! read back as valid OBJ with the counts the view predicts (`zerocol_oracle::obj`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zerocol_oracle::obj::bytes(data));
