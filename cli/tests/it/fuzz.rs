//! The `any` fuzz target's checks of the tool's commands (`zerocol_oracle::cli`),
//! replayed on its corpus (`fuzz/corpus/any/`) and on every format's committed inputs
//! (`tests/regressions/<format>/`, `fuzz/seeds/<format>/`), as the library's tests
//! replay the other targets'.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root, above this crate.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file in `dir` (none if it does not exist), sorted, with its bytes; dotfiles
/// (`.gitkeep`) skipped.
fn files_in(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.is_file())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let bytes = fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, bytes)
        })
        .collect()
}

/// The committed files a raw-bytes target replays: its regressions and seeds.
fn committed(format: &str, target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = files_in(&root().join("tests/regressions").join(format));
    files.extend(files_in(&root().join("fuzz/seeds").join(target)));
    files
}

/// The `any` target's checks of the tool's commands (`zerocol_oracle::cli`) on its
/// corpus, `fuzz/corpus/any/`, and on every format's committed inputs.
#[test]
fn any_corpus_replays_through_the_cli() {
    let mut files = files_in(&root().join("fuzz/corpus/any"));
    assert!(!files.is_empty(), "fuzz/corpus/any is empty");
    for format in ["gta", "mkgp", "battleforge", "grit"] {
        files.extend(committed(format, format));
    }
    for (path, bytes) in &files {
        let result = std::panic::catch_unwind(|| zerocol_oracle::cli::bytes(bytes));
        if let Err(panic) = result {
            eprintln!("replaying {}", path.display());
            std::panic::resume_unwind(panic);
        }
    }
}
