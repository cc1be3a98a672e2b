//! A generated `collisionShape` payload reads back as its description:
//! `zerocol_oracle::battleforge::round_trip_payload` says what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|file: zerocol::generate::CollisionShapePayload| {
    zerocol_oracle::battleforge::round_trip_payload(&file)
});
