//! The TCOL conformance files (`tests/fixtures/tcol/`) and the engine's verdict on each
//! (`EXPECTED.tsv`), for the Grit tests and the CLI tests alike.

use std::path::{Path, PathBuf};

/// `tests/fixtures/tcol/`.
pub fn dir() -> PathBuf {
    Path::new(super::ROOT).join("tests/fixtures/tcol")
}

/// A conformance file's path.
pub fn path(name: &str) -> PathBuf {
    dir().join(name)
}

/// A conformance file's bytes.
pub fn read(name: &str) -> Vec<u8> {
    std::fs::read(path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A row of `EXPECTED.tsv`: the engine accepts or rejects the file, at a line and column
/// when it names one.
pub struct Verdict {
    pub file: String,
    pub accept: bool,
    pub at: Option<(u32, u32)>,
}

/// Every row of `EXPECTED.tsv`, in order; a row that is not `file`, `accept` or `reject`,
/// then a line and a column (both numbers, or both `-`) is a panic.
pub fn verdicts() -> Vec<Verdict> {
    let tsv = std::fs::read_to_string(dir().join("EXPECTED.tsv")).unwrap();
    let mut verdicts = Vec::new();
    for line in tsv.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(cols.len() >= 4, "malformed row {line:?}");
        let at = match (cols[2], cols[3]) {
            ("-", "-") => None,
            (l, c) => Some((l.parse().unwrap(), c.parse().unwrap())),
        };
        let accept = match cols[1] {
            "accept" => true,
            "reject" => false,
            other => panic!("verdict {other:?}"),
        };
        verdicts.push(Verdict {
            file: cols[0].to_string(),
            accept,
            at,
        });
    }
    verdicts
}
