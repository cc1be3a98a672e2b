//! Every input a fuzzer ever crashed on (`tests/regressions/<format>/`), whichever target
//! found it, through the tool's own commands: `info` (also with `--recover`), `dump`,
//! `check` and (for Grit files) `convert`, strict and lenient. Each ends with exit 0 (read)
//! or 1 (malformed), never a panic (101) or a signal; the `any` fuzz target runs the same
//! code in-process.

use std::path::Path;

use crate::support::cli::{code, stderr, zerocol};

#[test]
fn every_regression_file_through_every_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/regressions");
    let mut files = Vec::new();
    for format in std::fs::read_dir(&root).unwrap() {
        for file in std::fs::read_dir(format.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if !path.file_name().unwrap().to_string_lossy().starts_with('.') {
                files.push(path);
            }
        }
    }
    assert!(
        !files.is_empty(),
        "no regression files under {}",
        root.display()
    );
    let out = std::env::temp_dir().join(format!("zerocol-regression-{}.out", std::process::id()));
    let out = out.to_str().unwrap();
    for path in &files {
        let file = path.to_str().unwrap();
        for lenient in [&[][..], &["--lenient"][..]] {
            for command in [
                &["info", file][..],
                &["info", "--recover", file],
                &["dump", file],
                &["check", file],
                &["convert", file, out],
            ] {
                let args = [command, lenient].concat();
                let o = zerocol(&args);
                // `convert` of a file that is not Grit is a usage error (2), not a crash.
                let allowed: &[i32] = if command[0] == "convert" {
                    &[0, 1, 2]
                } else {
                    &[0, 1]
                };
                assert!(
                    allowed.contains(&code(&o)),
                    "zerocol {args:?}: exit {}: {}",
                    code(&o),
                    stderr(&o)
                );
            }
        }
    }
    let _ = std::fs::remove_file(out);
}
