//! Running the `zerocol` binary from the CLI tests: its output, exit code,
//! temporary files, JSON assertions, and the values that fill the files the tests
//! assemble. Shared by the `cli::*` modules; each uses a part of it.

use std::io::Read as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

use super::rng::Rng;

/// The built `zerocol` binary (cargo builds it for integration tests).
pub const ZEROCOL: &str = env!("CARGO_BIN_EXE_zerocol");

/// `zerocol ARGS`, run to completion.
pub fn zerocol(args: &[&str]) -> Output {
    Command::new(ZEROCOL)
        .args(args)
        .output()
        .expect("run zerocol")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code, not a signal")
}

/// `zerocol dump ARGS`, expecting success, parsed.
pub fn dump_ok(args: &[&str]) -> Value {
    let o = zerocol(&[&["dump"], args].concat());
    assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "{args:?}");
    serde_json::from_slice(&o.stdout).expect("valid JSON")
}

/// `zerocol dump ARGS FILE` on `bytes`, expecting success, parsed. The tool reads
/// the format from the bytes, so the file's name does not matter.
pub fn dump_bytes(bytes: &[u8], extra: &[&str]) -> Value {
    let file = TempFile::new("dump.bin", bytes);
    dump_ok(&[extra, &[file.path()]].concat())
}

/// `zerocol dump ARGS FILE` on `bytes`, expecting "malformed at byte `offset`": exit 1,
/// nothing on stdout, one stderr line. Returns the message after the offset.
pub fn dump_fails_at(bytes: &[u8], extra: &[&str], offset: usize) -> String {
    let file = TempFile::new("bad.bin", bytes);
    let o = zerocol(&[&["dump"], extra, &[file.path()]].concat());
    let err = stderr(&o);
    assert_eq!(
        code(&o),
        1,
        "expected malformed at byte {offset}; stderr: {err}"
    );
    assert_eq!(o.stdout, b"", "stdout of a malformed file");
    assert_eq!(err.lines().count(), 1, "{err}");
    let prefix = format!("zerocol: {}: byte {offset} (0x{offset:x}): ", file.path());
    assert!(
        err.starts_with(&prefix),
        "expected {prefix:?}, found {err:?}"
    );
    err[prefix.len()..].trim_end().to_owned()
}

/// A file under the temp dir with a unique name, deleted on drop.
pub struct TempFile(pub PathBuf);

impl TempFile {
    /// A new file holding `bytes`.
    pub fn new(name: &str, bytes: &[u8]) -> Self {
        let file = Self::path_only(name);
        std::fs::write(&file.0, bytes).expect("write temp file");
        file
    }

    /// A unique path, not created (an output for `convert`). Unique across the
    /// test binaries running at once: the process id is part of the name.
    pub fn path_only(name: &str) -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        TempFile(
            std::env::temp_dir().join(format!("zerocol-cli-{}-{n}-{name}", std::process::id())),
        )
    }

    pub fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }

    pub fn read(&self) -> Vec<u8> {
        std::fs::read(&self.0).expect("read temp file")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A path that does not exist.
pub fn missing_path() -> String {
    let path = std::env::temp_dir().join(format!(
        "zerocol-cli-{}-does-not-exist.col",
        std::process::id()
    ));
    path.to_str().expect("utf-8 temp path").to_owned()
}

/// The path of a sample shipped in `samples/`.
pub fn sample(name: &str) -> String {
    format!("{}/../samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A JSON array, or a panic that shows the value.
pub fn array(v: &Value) -> &Vec<Value> {
    v.as_array()
        .unwrap_or_else(|| panic!("expected an array, found {v}"))
}

/// A float as docs/dump.md prints it: the same f32 bits when finite (so -0.0 stays -0.0), `null`
/// for NaN and infinities.
pub fn assert_f32(v: &Value, expected: f32, ctx: &str) {
    if expected.is_finite() {
        let found = v
            .as_f64()
            .unwrap_or_else(|| panic!("{ctx}: expected {expected:?}, found {v}"))
            as f32;
        assert_eq!(
            found.to_bits(),
            expected.to_bits(),
            "{ctx}: expected {expected:?}, found {v}"
        );
    } else {
        assert!(
            v.is_null(),
            "{ctx}: expected null for {expected:?}, found {v}"
        );
    }
}

/// An array of floats, each as [`assert_f32`] checks it.
pub fn assert_floats(v: &Value, expected: &[f32], ctx: &str) {
    let a = array(v);
    assert_eq!(a.len(), expected.len(), "{ctx}: {v}");
    for (i, (j, &e)) in a.iter().zip(expected).enumerate() {
        assert_f32(j, e, &format!("{ctx}[{i}]"));
    }
}

/// A JSON unsigned integer, or a panic that shows the value.
pub fn u64_of(v: &Value) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("expected an unsigned integer, found {v}"))
}

/// An object's keys, sorted.
pub fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .unwrap_or_else(|| panic!("expected an object, found {v}"))
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

/// `zerocol ARGS` whose reader closes stdout after 10 bytes ends with exit 0,
/// nothing on stderr and no panic.
pub fn assert_quiet_on_closed_pipe(args: &[&str]) {
    let mut child = Command::new(ZEROCOL)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    reader.read_exact(&mut first).unwrap();
    drop(reader);
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert_ne!(o.status.code(), Some(101), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(
        o.status.code(),
        Some(0),
        "a closed pipe ends the run quietly: {err}"
    );
    assert_eq!(err, "");
}

/// The values the CLI tests write into every field, drawn from [`Rng`].
pub trait Fields {
    fn i32(&mut self) -> i32;
    /// Any f32: mostly ordinary coordinates with a full mantissa, also arbitrary bit patterns
    /// (subnormals, huge values), signed zeros, extremes and, rarely, NaN and infinities.
    fn f32(&mut self) -> f32;
    fn xz(&mut self) -> [f32; 2];
    fn v3(&mut self) -> [f32; 3];
    /// A finite, positive f32 (the reader requires one for the cell sizes).
    fn positive(&mut self) -> f32;
}

impl Fields for Rng {
    fn i32(&mut self) -> i32 {
        self.u32() as i32
    }

    fn f32(&mut self) -> f32 {
        match self.below(16) {
            0..=2 => loop {
                let v = f32::from_bits(self.u32());
                if v.is_finite() {
                    return v;
                }
            },
            3 => self.pick(&[
                0.0,
                -0.0,
                f32::MIN_POSITIVE,
                f32::from_bits(1),
                -f32::from_bits(0x007F_FFFF),
                f32::MAX,
                f32::MIN,
                0.1,
                1.0 / 3.0,
                16_777_217.0,
            ]),
            4 => self.pick(&[f32::NAN, f32::INFINITY, f32::NEG_INFINITY]),
            5..=7 => (self.below(4001) as f32 - 2000.0) / 8.0,
            _ => (self.u32() as f32 / u32::MAX as f32 - 0.5) * 4096.0,
        }
    }

    fn xz(&mut self) -> [f32; 2] {
        [self.f32(), self.f32()]
    }

    fn v3(&mut self) -> [f32; 3] {
        [self.f32(), self.f32(), self.f32()]
    }

    fn positive(&mut self) -> f32 {
        loop {
            let v = self.f32().abs();
            if v > 0.0 && v.is_finite() {
                return v;
            }
        }
    }
}

/// The message for a file of no known format that starts with `bytes` (without a
/// hint of its own): for text, its first line; otherwise its first bytes.
pub fn unknown_format(bytes: &[u8]) -> String {
    let text = std::str::from_utf8(bytes).ok().filter(|t| {
        !t.chars()
            .any(|c| c.is_control() && !"\t\n\r\x0c".contains(c))
    });
    if let Some(text) = text {
        let line: String = text.lines().next().unwrap().chars().take(32).collect();
        return format!(
            "unknown format: text starting {line:?}; the only text zerocol reads is Grit TCOL, \
             which starts with `TCOL1.0`"
        );
    }
    let first: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!(
        "unknown format: the file starts with bytes {}, which are not a GTA COLL/COL2/COL3/COL4, \
         MKGP COL\\0, BattleForge DRS, Grit TCOL/BCOL or RenderWare .dff magic; --format NAME \
         reads it as one of these",
        first.join(" ")
    )
}

/// The last line of `zerocol check` (with its newline).
pub fn totals(ok: usize, malformed: usize, warnings: usize) -> String {
    let files = match ok + malformed {
        1 => "1 file".to_owned(),
        n => format!("{n} files"),
    };
    let warnings = match warnings {
        1 => "1 warning".to_owned(),
        n => format!("{n} warnings"),
    };
    format!("total: {files}, {ok} ok, {malformed} malformed, {warnings}\n")
}

/// `check`'s verdict lines: its stdout without the totals line, which must be the
/// last, and without the `  warning: ` lines under the verdicts.
pub fn verdicts(out: &str) -> String {
    let body = out.strip_suffix('\n').unwrap_or(out);
    let cut = body.rfind('\n').map_or(0, |i| i + 1);
    assert!(body[cut..].starts_with("total: "), "no totals line: {out}");
    out[..cut]
        .split_inclusive('\n')
        .filter(|line| !line.starts_with("  warning: "))
        .collect()
}
