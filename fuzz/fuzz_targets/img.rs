//! Any bytes, as a v2 archive and as a v1 `.dir` + `.img` pair:
//! `zerocol_oracle::img::bytes` says what is checked (strict, lenient, the streaming
//! view, the writer's round trip).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zerocol_oracle::img::bytes(data));
