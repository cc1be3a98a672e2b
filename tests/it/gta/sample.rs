//! The sample that ships in `samples/` (and inside the `zerocol` binary) is made by
//! the project's own builder: this test keeps the two in step.

use crate::support::gta::sample_file;

#[test]
fn sample_file_matches_its_builder() {
    let built = sample_file();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample.col");
    if std::env::var_os("ZEROCOL_BLESS").is_some() {
        std::fs::write(path, &built).unwrap();
    }
    let shipped = std::fs::read(path).unwrap();
    assert_eq!(
        shipped, built,
        "samples/sample.col is stale: rerun with ZEROCOL_BLESS=1"
    );
}
