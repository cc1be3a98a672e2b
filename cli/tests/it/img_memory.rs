//! The memory bound on IMG archives (docs/cli.md): `check`, `list` and `extract` run
//! under an address-space limit (`ulimit -v`, 64 MB) on hostile sparse archives, and
//! finish with their verdict: a directory longer than 262,144 entries refused before
//! it is read, lints past the first 100 counted, an entry larger than `--max-size`
//! reported, not read. Before the bound, the first of these took 24 GB.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::support::cli::{TempFile, ZEROCOL, code, stderr, stdout};

/// The address space `zerocol` runs in: the documented bound (about 16 MB plus the
/// largest entry read) with room for the allocator and a debug build.
const LIMIT_KB: u32 = 64 * 1024;

/// A folder under the temp dir, removed on drop (a v1 archive's `.img` and `.dir`
/// must sit side by side under one stem).
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Self {
        let dir = TempFile::path_only("memory");
        std::fs::create_dir(&dir.0).unwrap();
        TempDir(dir.0.clone())
    }

    /// A sparse file of `len` bytes (zeros) starting with `head`.
    fn file(&self, name: &str, head: &[u8], len: u64) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, head).unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(len)
            .unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `zerocol ARGS` in `dir`, its address space limited to [`LIMIT_KB`].
fn capped(dir: &Path, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KB} && exec \"$0\" \"$@\""))
        .arg(ZEROCOL)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A GTA III/VC `.dir` entry.
fn v1_entry(offset: u32, sectors: u32, name: &[u8]) -> Vec<u8> {
    let mut e = offset.to_le_bytes().to_vec();
    e.extend(sectors.to_le_bytes());
    let mut n = [0u8; 24];
    n[..name.len()].copy_from_slice(name);
    e.extend(n);
    e
}

#[test]
fn a_1_gb_dir_is_refused_before_it_is_read() {
    let dir = TempDir::new();
    dir.file("junk.dir", b"", 1 << 30);
    dir.file("junk.img", b"", 1 << 20);
    let refused = "zerocol: junk.dir: cannot read: a directory of 33554432 entries, more than the \
                   262144 zerocol reads (a fixed limit, 16 times the largest real archives, which \
                   keeps its memory bounded); a directory this long is damaged or no IMG \
                   directory: split the archive if its entries are real\n";
    for args in [
        &["check", "--lenient", "--max-size", "2G", "junk.img"][..],
        &["check", "junk.img"],
        &["list", "--lenient", "--max-size", "2G", "junk.img"],
        &[
            "extract",
            "--lenient",
            "--max-size",
            "2G",
            "junk.img",
            "out",
        ],
    ] {
        let o = capped(&dir.0, args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).ends_with(refused), "{args:?}: {}", stderr(&o));
    }
    assert!(!dir.0.join("out").exists());
    // The same limit on a `VER2` count, read from its header.
    let mut head = b"VER2".to_vec();
    head.extend(u32::MAX.to_le_bytes());
    dir.file("count.img", &head, 4096);
    let o = capped(&dir.0, &["check", "--json", "count.img"]);
    let line: Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    assert_eq!(line["status"], "unreadable");
    assert!(
        line["error"]
            .as_str()
            .unwrap()
            .starts_with("zerocol: count.img: cannot read: byte 4: a directory of 4294967295 entries, more than the 262144"),
        "{line}"
    );
}

#[test]
fn lints_past_the_first_100_are_counted() {
    let dir = TempDir::new();
    // 131,072 zeroed entries: each an empty name seen before, without an extension
    // and without sectors (3 lints each, 393,215 in all).
    let mut head = b"VER2".to_vec();
    head.extend(131_072u32.to_le_bytes());
    dir.file("zeroed.img", &head, 8 + 32 * 131_072);
    let o = capped(&dir.0, &["check", "--json", "zeroed.img"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let line: Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    let warnings = line["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 101);
    let last = &warnings[100];
    assert_eq!(last["offset"], Value::Null);
    assert_eq!(
        last["text"],
        "393115 more warnings, not shown (131039 names seen before, 131038 names without an \
         extension the game loads, 131038 entries without sectors): `zerocol list zeroed.img` \
         prints every one"
    );
    let o = capped(&dir.0, &["check", "zeroed.img"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o)
            .lines()
            .filter(|l| l.starts_with("  warning: "))
            .count(),
        101
    );
    // `list` prints every one, as it goes.
    let o = capped(&dir.0, &["list", "zeroed.img"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o)
            .lines()
            .filter(|l| l.starts_with("  warning: "))
            .count(),
        393_215
    );
}

#[test]
fn an_entry_larger_than_max_size_is_reported_not_read() {
    let dir = TempDir::new();
    // One 5 GiB `.col` entry on a sparse `.img`.
    dir.file("big.dir", &v1_entry(0, 5 << 19, b"big.col"), 32);
    dir.file("big.img", b"", 5 << 30);
    let too_large = |max: &str| {
        format!(
            "zerocol: big.img/big.col: cannot read: archive bytes 0 to 5368709120: an entry of \
             5368709120 bytes, more than --max-size ({max}); --max-size 5G reads it anyway\n"
        )
    };
    let o = capped(&dir.0, &["check", "--max-size", "1K", "big.img"]);
    assert_eq!(code(&o), 2);
    assert_eq!(stderr(&o), too_large("1K"));
    let o = capped(&dir.0, &["check", "big.img"]);
    assert_eq!(stderr(&o), too_large("256M"));
    let o = capped(&dir.0, &["extract", "big.img", "out"]);
    assert_eq!(code(&o), 2);
    assert_eq!(stderr(&o), too_large("256M"));
    assert!(!dir.0.join("out").join("big.col").exists());
}

#[test]
fn lenient_reads_of_the_longest_directory_stay_within_the_bound() {
    let dir = TempDir::new();
    // 262,144 `.dff` entries of distinct names, the most a directory may hold.
    let entries: Vec<u8> = (0..262_144u32)
        .flat_map(|i| v1_entry(i, 1, format!("m{i:07}.dff").as_bytes()))
        .collect();
    dir.file("models.dir", &entries, 32 * 262_144);
    dir.file("models.img", b"", 2048 * 262_144);
    let o = capped(&dir.0, &["list", "--lenient", "models.img"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("models.img: GTA III/VC (v1) IMG archive, 262144 entries\n"),
        "{}",
        &stdout(&o)[..200]
    );
    // (`check --lenient` keeps the same list of the entries the game reads;
    // tools/memory.py measures it.)
}
