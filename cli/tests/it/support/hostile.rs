//! Hostile bytes through the `zerocol` binary: whatever a file holds, every command
//! ends with exit status 0 or 1 (never a panic), `check` prints one verdict per file,
//! an error is one line on stderr, and `dump` prints JSON or nothing. Each format's CLI
//! tests make the inputs (truncations and corruptions of a file its writer made) and
//! say which commands to run.

use serde_json::Value;

use super::cli::{TempFile, code, stderr, stdout, verdicts, zerocol};

/// Which commands run on the hostile files.
pub struct Commands<'a> {
    /// The file name each input is written under (its extension is what `check`
    /// sees when walking).
    pub name: &'a str,
    /// Each of these `check` argument lists runs once on every file together.
    pub checks: &'a [&'a [&'a str]],
    /// Each of these argument lists runs on every `step`th file alone.
    pub each: &'a [&'a [&'a str]],
    /// How many files apart the files that `each` runs on are.
    pub step: usize,
}

/// Writes each input to a file, runs `commands` on them, and returns the files (for a
/// format's own further commands).
pub fn never_panic(inputs: &[Vec<u8>], commands: &Commands) -> Vec<TempFile> {
    let files: Vec<TempFile> = inputs
        .iter()
        .map(|b| TempFile::new(commands.name, b))
        .collect();
    let paths: Vec<&str> = files.iter().map(TempFile::path).collect();
    for &args in commands.checks {
        let o = zerocol(&[args, &paths[..]].concat());
        assert!(matches!(code(&o), 0 | 1), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
        // One verdict per file: ok lines on stdout, error lines on stderr.
        assert_eq!(
            verdicts(&stdout(&o)).lines().count() + stderr(&o).lines().count(),
            files.len(),
            "{args:?}"
        );
    }
    for file in files.iter().step_by(commands.step) {
        for &args in commands.each {
            let o = zerocol(&[args, &[file.path()]].concat());
            assert!(matches!(code(&o), 0 | 1), "{args:?}: {}", stderr(&o));
            if code(&o) == 1 {
                assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
                if args[0] == "dump" {
                    assert_eq!(o.stdout, b"", "a dump of a malformed file prints nothing");
                }
            } else if args[0] == "dump" {
                serde_json::from_slice::<Value>(&o.stdout).unwrap();
            }
        }
    }
    files
}
