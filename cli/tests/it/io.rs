//! The tool's I/O rules (docs/cli.md, "Files"): outputs written to a temporary file
//! and renamed into place, so that a failing write leaves the old file as it was and
//! nothing behind; inputs that are not regular files or larger than `--max-size`
//! refused before they are read; `check`'s progress bar only on a terminal.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::cli::{TempFile, ZEROCOL, code, sample, stderr, stdout, zerocol};

/// A fresh folder under the temp dir, removed with what it holds when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Self {
        let path = TempFile::path_only(name).0.clone();
        std::fs::create_dir(&path).unwrap();
        Dir(path)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names of what the folder holds, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `zerocol ARGS` run by `sh` with the file size limit at `blocks` (of 512 or 1024
/// bytes: the shell's unit) and SIGXFSZ ignored, as it stays across `exec`: a write
/// past the limit then fails with EFBIG instead of killing the tool.
fn zerocol_with_fsize(blocks: u32, args: &[&str]) -> Output {
    let mut script = format!("trap '' XFSZ; ulimit -f {blocks}; exec \"$0\"");
    for i in 0..args.len() {
        script.push_str(&format!(" \"${}\"", i + 1));
    }
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(ZEROCOL)
        .args(args)
        .output()
        .unwrap()
}

const OLD: &[u8] = b"the user's previous file\n";

#[test]
fn a_write_past_the_file_size_limit_leaves_the_old_output_and_no_temporary_file() {
    let dir = Dir::new("fsize");
    let output = dir.join("fixed.col");
    std::fs::write(&output, OLD).unwrap();
    let input = sample("sample.col");
    // The rewrite is 1,116 bytes, more than one block of either unit.
    assert!(std::fs::metadata(&input).unwrap().len() > 1024);
    let o = zerocol_with_fsize(1, &["convert", &input, s(&output)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot write: File too large (os error 27)\n",
            output.display()
        )
    );
    assert_eq!(std::fs::read(&output).unwrap(), OLD);
    assert_eq!(dir.names(), ["fixed.col"]);
    // The same run without the limit replaces it.
    let o = zerocol(&["convert", &input, s(&output)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        std::fs::read(&output).unwrap(),
        std::fs::read(&input).unwrap()
    );
    assert_eq!(dir.names(), ["fixed.col"]);
}

#[test]
fn put_past_the_file_size_limit_leaves_the_old_dff() {
    let dir = Dir::new("fsize-put");
    let output = dir.join("out.dff");
    std::fs::write(&output, OLD).unwrap();
    let dff = sample("vehicle.dff");
    let o = zerocol(&["put", &dff, &sample("sample.col"), "--model", "0", "-"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(!o.stdout.is_empty());
    // No byte can be written.
    let o = zerocol_with_fsize(
        0,
        &[
            "put",
            "--model",
            "0",
            &dff,
            &sample("sample.col"),
            s(&output),
        ],
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).ends_with(&format!(
            "zerocol: {}: cannot write: File too large (os error 27)\n",
            output.display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&output).unwrap(), OLD);
    assert_eq!(dir.names(), ["out.dff"]);
}

#[test]
fn export_past_the_file_size_limit_leaves_both_old_files() {
    let dir = Dir::new("fsize-export");
    let (obj, mtl) = (dir.join("m.obj"), dir.join("m.mtl"));
    std::fs::write(&obj, OLD).unwrap();
    std::fs::write(&mtl, b"old mtl\n").unwrap();
    let o = zerocol_with_fsize(1, &["export", &sample("sample.col"), s(&obj)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains(": cannot write: File too large (os error 27)\n"),
        "{}",
        stderr(&o)
    );
    assert_eq!(o.stdout, b"");
    assert_eq!(std::fs::read(&obj).unwrap(), OLD);
    assert_eq!(std::fs::read(&mtl).unwrap(), b"old mtl\n");
    assert_eq!(dir.names(), ["m.mtl", "m.obj"]);
    // Without the limit both are replaced, and nothing else is left.
    let o = zerocol(&["export", &sample("sample.col"), s(&obj)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(&obj)
            .unwrap()
            .contains("\nmtllib m.mtl\n")
    );
    assert!(std::fs::read_to_string(&mtl).unwrap().starts_with('#'));
    assert_eq!(dir.names(), ["m.mtl", "m.obj"]);
}

/// A tmpfs of one page, unmounted when dropped; `None` (with the reason printed)
/// where mounting is not permitted.
struct Tmpfs(Dir);

impl Tmpfs {
    fn mount() -> Option<Self> {
        let dir = Dir::new("tmpfs");
        let o = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=4k", "tmpfs", s(&dir.0)])
            .output();
        match o {
            Ok(o) if o.status.success() => Some(Tmpfs(dir)),
            Ok(o) => {
                println!(
                    "skipped: cannot mount a tmpfs here: {}",
                    String::from_utf8_lossy(&o.stderr).trim()
                );
                None
            }
            Err(error) => {
                println!("skipped: no mount command: {error}");
                None
            }
        }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0.0).status();
    }
}

#[test]
fn a_full_file_system_leaves_the_old_output_and_no_temporary_file() {
    let Some(fs) = Tmpfs::mount() else {
        return;
    };
    let output = fs.0.join("fixed.col");
    // The old file takes the one page: the temporary file finds no room.
    std::fs::write(&output, OLD).unwrap();
    let o = zerocol(&["convert", &sample("sample.col"), s(&output)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot write: No space left on device (os error 28)\n",
            output.display()
        )
    );
    assert_eq!(std::fs::read(&output).unwrap(), OLD);
    assert_eq!(fs.0.names(), ["fixed.col"]);
}

#[test]
fn an_output_that_is_not_a_regular_file_is_refused() {
    let input = sample("sample.col");
    let o = zerocol(&["convert", &input, "/dev/full"]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "zerocol: /dev/full: cannot write: a character device, not a regular file; zerocol \
         writes a new file and renames it into place, which would replace it: give a file \
         path, or - for standard output\n"
    );
    let dir = Dir::new("not-regular-out");
    let fifo = dir.join("out.col");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let o = zerocol(&["convert", &input, s(&fifo)]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("cannot write: a FIFO (named pipe), not a regular file;"),
        "{}",
        stderr(&o)
    );
    let o = zerocol(&["export", &input, "/dev/full"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).starts_with("zerocol: /dev/full: cannot write: a character device"),
        "{}",
        stderr(&o)
    );
    assert_eq!(dir.names(), ["out.col"]);
}

#[test]
fn standard_output_on_a_full_device_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = Command::new(ZEROCOL)
        .args(["convert", &sample("sample.col"), "-"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "zerocol: stdout: No space left on device (os error 28)\n"
    );
}

#[test]
fn an_output_keeps_its_permissions_and_a_link_stays_a_link() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = Dir::new("perms");
    let real = dir.join("real.col");
    std::fs::write(&real, OLD).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link.col");
    std::os::unix::fs::symlink("real.col", &link).unwrap();
    let o = zerocol(&["convert", &sample("sample.col"), s(&link)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read(&real).unwrap(),
        std::fs::read(sample("sample.col")).unwrap()
    );
    let mode = std::fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    assert_eq!(dir.names(), ["link.col", "real.col"]);
}

/// Waits for `child` for at most 20 s (a guard against a hang, not a measurement).
fn finish_within(mut child: std::process::Child) -> Output {
    for _ in 0..2000 {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = child.kill();
    panic!("zerocol did not return: {:?}", child.wait_with_output());
}

#[test]
fn check_on_a_fifo_returns_at_once() {
    let dir = Dir::new("fifo");
    let fifo = dir.join("pipe.col");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // No writer ever opens it: opening it for reading would block for good.
    let child = Command::new(ZEROCOL)
        .args(["check", s(&fifo)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let o = finish_within(child);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot read: a FIFO (named pipe), not a regular file; zerocol reads \
             files, or standard input as -\n",
            fifo.display()
        )
    );
    assert_eq!(
        stdout(&o),
        "total: 1 file, 0 ok, 0 malformed, 0 warnings, 1 unreadable\n"
    );
    for command in ["info", "dump"] {
        let child = Command::new(ZEROCOL)
            .args([command, s(&fifo)])
            .output_child();
        let o = finish_within(child);
        assert_eq!(code(&o), 2, "{command}");
        assert!(stderr(&o).contains("a FIFO (named pipe), not a regular file"));
    }
    let o = zerocol(&["check", "/dev/zero"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).starts_with(
            "zerocol: /dev/zero: cannot read: a character device, not a regular file;"
        ),
        "{}",
        stderr(&o)
    );
}

trait OutputChild {
    fn output_child(&mut self) -> std::process::Child;
}

impl OutputChild for Command {
    fn output_child(&mut self) -> std::process::Child {
        self.stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }
}

#[test]
fn a_5_gb_sparse_file_is_refused_by_its_size() {
    let dir = Dir::new("sparse");
    let big = dir.join("big.col");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(5 << 30).unwrap();
    drop(file);
    let o = zerocol(&["check", s(&big)]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot read: 5368709120 bytes, more than --max-size (256M); real \
             collision files are far smaller: --max-size 5G reads it anyway\n",
            big.display()
        )
    );
    // In --json, the same message in the file's object.
    let o = zerocol(&["check", "--json", s(&big)]);
    let line: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(line["status"], "unreadable");
    assert!(line["error"].as_str().unwrap().contains("5368709120 bytes"));
}

#[test]
fn max_size_sets_the_limit() {
    let input = sample("sample.col"); // 1,116 bytes
    let o = zerocol(&["check", "--max-size", "1K", &input]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {input}: cannot read: 1116 bytes, more than --max-size (1K); real \
             collision files are far smaller: --max-size 1M reads it anyway\n"
        )
    );
    for limit in ["1116", "2k", "2KiB", "1M", "1g"] {
        let o = zerocol(&["check", "--max-size", limit, &input]);
        assert_eq!(code(&o), 0, "{limit}: {}", stderr(&o));
    }
    let o = zerocol(&["check", "--max-size", "1115", &input]);
    assert!(stderr(&o).contains("more than --max-size (1115 bytes)"));
    // Every command that reads takes it.
    for args in [
        vec!["info", "--max-size", "1K", &input],
        vec!["dump", "--max-size", "1K", &input],
        vec!["export", "--max-size", "1K", &input, "/nonexistent/x.obj"],
        vec!["convert", "--max-size", "1K", &input, "-"],
        vec!["put", "--max-size", "1K", &input, &input, "-"],
    ] {
        let o = zerocol(&args);
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(
            stderr(&o).contains("cannot read: 1116 bytes, more than --max-size (1K)"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let o = zerocol(&["check", "--max-size", "12X", &input]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains(
            "invalid value '12X' for '--max-size <SIZE>': expected a number of bytes, \
             optionally followed by K, M or G (e.g. 512M), not \"12X\""
        ),
        "{}",
        stderr(&o)
    );
    let o = zerocol(&["check", "--max-size", "99999999999G", &input]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("is more than 2^64 bytes"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn standard_input_is_bounded_too() {
    use std::io::Write as _;
    let bytes = std::fs::read(sample("sample.col")).unwrap();
    let mut child = Command::new(ZEROCOL)
        .args(["check", "--max-size", "1000", "-"])
        .stdin(Stdio::piped())
        .output_child();
    // More than the limit: the tool stops reading at 1001 bytes (a closed pipe
    // is no error here).
    let _ = child.stdin.take().unwrap().write_all(&bytes);
    let o = child.wait_with_output().unwrap();
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "zerocol: (stdin): cannot read: more than --max-size (1000 bytes); real collision \
         files are far smaller: a larger --max-size reads it anyway\n"
    );
}

/// A folder of `n` copies of the GTA sample and one file that is not collision.
fn folder_of_files(n: usize) -> Dir {
    let dir = Dir::new("many");
    let bytes = std::fs::read(sample("sample.col")).unwrap();
    for i in 0..n {
        std::fs::write(dir.join(&format!("m{i:02}.col")), &bytes).unwrap();
    }
    std::fs::write(dir.join("zz.col"), b"garbage\n").unwrap();
    dir
}

#[test]
fn no_progress_bar_in_a_pipe() {
    let dir = folder_of_files(40);
    for json in [false, true] {
        let mut args = vec!["check", s(&dir.0)];
        if json {
            args.push("--json");
        }
        let o = zerocol(&args);
        assert_eq!(code(&o), 1);
        let (out, err) = (stdout(&o), stderr(&o));
        for text in [&out, &err] {
            assert!(!text.contains('\r'), "{text:?}");
            assert!(!text.contains('\x1b'), "{text:?}");
            assert!(!text.contains("checking"), "{text:?}");
        }
        if !json {
            assert!(err.starts_with(&format!("{}: error: ", dir.join("zz.col").display())));
            assert_eq!(err.lines().count(), 1);
            assert_eq!(out.lines().count(), 41);
        }
    }
}

/// `sh -c SCRIPT` run by `script` on a pseudo-terminal: what the terminal showed, or
/// `None` (the reason printed) without util-linux's `script`.
fn on_a_terminal(script: &str) -> Option<String> {
    let o = Command::new("script")
        .args(["-qec", script, "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .output();
    match o {
        Ok(o) if o.status.code().is_some() => Some(String::from_utf8(o.stdout).unwrap()),
        Ok(o) => {
            println!("skipped: script ended by a signal: {o:?}");
            None
        }
        Err(error) => {
            println!("skipped: no `script` command (util-linux): {error}");
            None
        }
    }
}

#[test]
fn a_progress_bar_on_a_terminal_with_whole_lines() {
    let dir = folder_of_files(40);
    // Only stderr on the terminal: the bar, then cleared.
    let Some(shown) = on_a_terminal(&format!("{ZEROCOL} check {} >/dev/null", s(&dir.0))) else {
        return;
    };
    assert!(shown.contains("checking 0/41 files "), "{shown:?}");
    assert!(shown.contains("checking 41/41 files "), "{shown:?}");
    assert!(shown.contains("\x1b[2K"), "{shown:?}");
    // The error line is whole, on a line of its own.
    let error = format!("{}: error: unknown format", dir.join("zz.col").display());
    assert!(shown.contains(&format!("\r\x1b[2K{error}")), "{shown:?}");
    // Both streams on the terminal: every verdict line whole, on a line of its own
    // (after the bar was cleared, or after the line before it), and the totals line
    // last, after the bar is gone.
    let shown = on_a_terminal(&format!("{ZEROCOL} check {}", s(&dir.0))).unwrap();
    for i in 0..40 {
        let line = format!(
            "{}: ok (4 models, 0 trailing bytes)\r\n",
            dir.join(&format!("m{i:02}.col")).display()
        );
        assert!(
            shown.contains(&format!("\x1b[2K{line}")) || shown.contains(&format!("\n{line}")),
            "{line:?} in {shown:?}"
        );
    }
    // The bar is redrawn at a bounded rate, never for a line printed: at most once
    // per file, and at the start and the end (the old bar was redrawn for each
    // line, twice per file).
    let draws = shown.matches("checking ").count();
    assert!((2..=43).contains(&draws), "{draws} draws in {shown:?}");
    assert!(
        shown.ends_with("total: 41 files, 40 ok, 1 malformed, 0 warnings\r\n"),
        "{shown:?}"
    );
    // A short run shows none.
    let one = sample("sample.col");
    let shown = on_a_terminal(&format!("{ZEROCOL} check {one} >/dev/null")).unwrap();
    assert_eq!(shown, "");
    // Nor does --json when stdout is the terminal too.
    let shown = on_a_terminal(&format!("{ZEROCOL} check --json {}", s(&dir.0))).unwrap();
    assert!(!shown.contains("checking"), "{shown:?}");
}

// ------------------------------------------------------------ kills and signals

/// `zerocol ARGS` run by `sh` with the file size limit at `blocks` and SIGXFSZ at
/// its default action: the kernel kills the tool in the middle of the write that
/// passes the limit, after the bytes below it are written. No core file.
fn zerocol_killed_by_fsize(blocks: u32, args: &[&str]) -> Output {
    let mut script = format!("trap - XFSZ; ulimit -c 0; ulimit -f {blocks}; exec \"$0\"");
    for i in 0..args.len() {
        script.push_str(&format!(" \"${}\"", i + 1));
    }
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(ZEROCOL)
        .args(args)
        .output()
        .unwrap()
}

fn signal_of(o: &Output) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt as _;
    o.status.signal()
}

const SIGKILL: i32 = 9;
const SIGTERM: i32 = 15;
const SIGXFSZ: i32 = 25;

#[test]
fn a_kill_in_the_middle_of_a_write_leaves_the_old_output_and_nothing_else() {
    // The kernel's SIGXFSZ lands exactly inside a write (1,116 bytes over a limit
    // of 512 or 1,024): the tool dies with part of the file written, running none
    // of its own code, as under `kill -9`. Before O_TMPFILE the part stayed behind
    // as `.fixed.col.XXXXXX.zerocol-tmp`.
    let dir = Dir::new("killed-fsize");
    let output = dir.join("fixed.col");
    std::fs::write(&output, OLD).unwrap();
    let o = zerocol_killed_by_fsize(1, &["convert", &sample("sample.col"), s(&output)]);
    assert_eq!(signal_of(&o), Some(SIGXFSZ), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert_eq!(std::fs::read(&output).unwrap(), OLD);
    assert_eq!(dir.names(), ["fixed.col"]);
    // A new output: nothing at all.
    let fresh = dir.join("new.col");
    let o = zerocol_killed_by_fsize(1, &["convert", &sample("sample.col"), s(&fresh)]);
    assert_eq!(signal_of(&o), Some(SIGXFSZ), "{}", stderr(&o));
    assert_eq!(dir.names(), ["fixed.col"]);
}

#[test]
fn a_kill_in_the_middle_of_an_export_leaves_both_old_files() {
    let dir = Dir::new("killed-export");
    let (obj, mtl) = (dir.join("m.obj"), dir.join("m.mtl"));
    std::fs::write(&obj, OLD).unwrap();
    std::fs::write(&mtl, b"old mtl\n").unwrap();
    let o = zerocol_killed_by_fsize(1, &["export", &sample("sample.col"), s(&obj)]);
    assert_eq!(signal_of(&o), Some(SIGXFSZ), "{}", stderr(&o));
    assert_eq!(std::fs::read(&obj).unwrap(), OLD);
    assert_eq!(std::fs::read(&mtl).unwrap(), b"old mtl\n");
    assert_eq!(dir.names(), ["m.mtl", "m.obj"]);
}

/// A BCOL file whose TCOL text is about 11.6 MB: a write long enough (some
/// milliseconds) to be caught in the middle.
fn large_bcol(dir: &Dir) -> PathBuf {
    use std::fmt::Write as _;
    let n = 200_000;
    let mut text = String::from("TCOL1.0\nattributes { static; }\ntrimesh { vertexes { ");
    for i in 0..n {
        write!(text, "{i} {} {}; ", i % 7, i % 13).unwrap();
    }
    text.push_str("} faces { ");
    for i in 0..n - 2 {
        write!(text, "{i} {} {} \"m\"; ", i + 1, i + 2).unwrap();
    }
    text.push_str("} }\n");
    let bytes =
        crate::support::bcol::tcol_to_bcol(&crate::support::bcol::parse_tcol(text.as_bytes()));
    let path = dir.join("large.bcol");
    std::fs::write(&path, bytes).unwrap();
    path
}

fn send(signal: &str, pid: u32) {
    let status = Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill {signal} {pid}");
}

/// Whether process `pid` holds an unnamed (O_TMPFILE) file of `dir` open: its
/// link in /proc reads `DIR/#INODE (deleted)`.
fn holds_unnamed_file(pid: u32, dir: &Path) -> bool {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    let prefix = format!("{}/#", dir.display());
    fds.filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .any(|link| {
            let link = link.to_string_lossy();
            link.starts_with(&prefix) && link.ends_with(" (deleted)")
        })
}

/// How many runs may end before the test stops one mid-write; each run is
/// watched without pause, so a miss means the scheduler never ran the test
/// during the whole write.
const TRIES: usize = 8;

#[test]
fn kill_9_while_the_output_is_written_leaves_the_old_output_and_nothing_else() {
    let dir = Dir::new("kill9");
    let input = large_bcol(&dir);
    let reference = dir.join("reference.tcol");
    let o = zerocol(&["convert", s(&input), s(&reference)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let expected = std::fs::read(&reference).unwrap();
    assert!(expected.len() > 10_000_000, "{}", expected.len());
    std::fs::remove_file(&reference).unwrap();
    let output = dir.join("fixed.tcol");
    let mut caught = 0;
    for _ in 0..TRIES {
        if caught > 0 {
            break;
        }
        std::fs::write(&output, OLD).unwrap();
        let mut child = Command::new(ZEROCOL)
            .args(["convert", s(&input), s(&output)])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        // Watched without pause until the unnamed file is open, or the run ends.
        let seen = loop {
            if holds_unnamed_file(pid, &dir.0) {
                break true;
            }
            if child.try_wait().unwrap().is_some() {
                break false;
            }
        };
        if !seen {
            continue;
        }
        send("-STOP", pid);
        // Stopped: the file is open, written in part or whole, maybe linked.
        let unnamed = holds_unnamed_file(pid, &dir.0);
        let names = dir.names();
        send("-KILL", pid);
        let o = child.wait_with_output().unwrap();
        if unnamed {
            // Alive with the file open when stopped: the kill ended it.
            assert_eq!(signal_of(&o), Some(SIGKILL), "{}", stderr(&o));
        }
        if unnamed && names == ["fixed.tcol", "large.bcol"] {
            // Before the link: the data had no name, and none is left.
            caught += 1;
            assert_eq!(std::fs::read(&output).unwrap(), OLD);
            assert_eq!(dir.names(), ["fixed.tcol", "large.bcol"]);
        } else {
            // Linked (to a hidden name, or renamed into place): whatever has the
            // data holds all of it.
            for name in dir.names() {
                if name != "large.bcol" {
                    let bytes = std::fs::read(dir.join(&name)).unwrap();
                    assert!(bytes == OLD || bytes == expected, "{name}: partial");
                }
            }
        }
        for name in dir.names() {
            if name.ends_with(".zerocol-tmp") {
                std::fs::remove_file(dir.join(&name)).unwrap();
            }
        }
    }
    assert!(caught > 0, "no run of {TRIES} was stopped mid-write");
}

/// `zerocol ARGS` in a mount namespace of its own without /proc (`unshare -m`, as
/// root): `O_TMPFILE` works, but the file cannot be linked from /proc/self/fd, so
/// the tool falls back to a named temporary file. The process keeps the child's
/// pid (`exec`). `None` (with the reason printed) where that is not permitted.
fn without_proc(args: &[&str]) -> Option<Command> {
    let probe = Command::new("unshare")
        .args(["-m", "sh", "-c", "umount -l /proc"])
        .output();
    match probe {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            println!(
                "skipped: cannot unmount /proc in a namespace here: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            );
            return None;
        }
        Err(error) => {
            println!("skipped: no unshare command: {error}");
            return None;
        }
    }
    let mut command = Command::new("unshare");
    command
        .args([
            "-m",
            "sh",
            "-c",
            "umount -l /proc && exec \"$0\" \"$@\"",
            ZEROCOL,
        ])
        .args(args);
    Some(command)
}

#[test]
fn without_proc_the_output_goes_through_a_named_temporary_file() {
    let dir = Dir::new("no-proc");
    let output = dir.join("fixed.col");
    std::fs::write(&output, OLD).unwrap();
    let input = sample("sample.col");
    let Some(mut command) = without_proc(&["convert", &input, s(&output)]) else {
        return;
    };
    let o = command.output().unwrap();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert_eq!(
        std::fs::read(&output).unwrap(),
        std::fs::read(&input).unwrap()
    );
    assert_eq!(dir.names(), ["fixed.col"]);
    // A new file the same way.
    let fresh = dir.join("new.col");
    let o = without_proc(&["convert", &input, s(&fresh)])
        .unwrap()
        .output()
        .unwrap();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        std::fs::read(&fresh).unwrap(),
        std::fs::read(&input).unwrap()
    );
    assert_eq!(dir.names(), ["fixed.col", "new.col"]);
}

#[test]
fn sigterm_while_a_named_temporary_file_is_written_removes_it() {
    let dir = Dir::new("sigterm");
    let input = large_bcol(&dir);
    let output = dir.join("fixed.tcol");
    let Some(mut command) = without_proc(&["convert", s(&input), s(&output)]) else {
        return;
    };
    let o = zerocol(&["convert", s(&input), "-"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let expected = o.stdout;
    let temporary = |names: &[String]| names.iter().any(|n| n.ends_with(".zerocol-tmp"));
    let mut caught = 0;
    for _ in 0..TRIES {
        if caught > 0 {
            break;
        }
        std::fs::write(&output, OLD).unwrap();
        let mut child = command.stderr(Stdio::piped()).spawn().unwrap();
        let pid = child.id();
        // Watched without pause until the named file appears, or the run ends.
        let seen = loop {
            if temporary(&dir.names()) {
                break true;
            }
            if child.try_wait().unwrap().is_some() {
                break false;
            }
        };
        if !seen {
            continue;
        }
        send("-STOP", pid);
        let named = temporary(&dir.names());
        send("-TERM", pid);
        send("-CONT", pid);
        let o = child.wait_with_output().unwrap();
        if named {
            // Stopped with its temporary file: ended by the signal (the shell says
            // 143), quietly.
            assert_eq!(signal_of(&o), Some(SIGTERM), "{}", stderr(&o));
            assert_eq!(stderr(&o), "");
        }
        // (Otherwise the run had put the file in place, or ended, before it was
        // stopped.) Nothing left but the output, whole: the old one, or the new one
        // when the rename came first.
        assert_eq!(dir.names(), ["fixed.tcol", "large.bcol"]);
        let bytes = std::fs::read(&output).unwrap();
        assert!(bytes == OLD || bytes == expected, "partial output");
        if named && bytes == OLD {
            caught += 1;
        }
    }
    assert!(
        caught > 0,
        "no run of {TRIES} was stopped with its temporary file"
    );
}

// ------------------------------------------------------------ archives

/// A v2 archive of `cols` copies of `sample.col` (`cNN.col`) and `vehicle.dff`.
fn archive_bytes(cols: usize) -> Vec<u8> {
    use zerocol::img::{self, Source};
    let col = std::fs::read(sample("sample.col")).unwrap();
    let dff = std::fs::read(sample("vehicle.dff")).unwrap();
    let names: Vec<String> = (0..cols).map(|i| format!("c{i:02}.col")).collect();
    let mut sources: Vec<Source<'_>> = names
        .iter()
        .map(|n| Source {
            name: n.as_bytes(),
            data: &col,
        })
        .collect();
    sources.push(Source {
        name: b"vehicle.dff",
        data: &dff,
    });
    let mut out = vec![0; img::required_len(sources.iter().copied()).unwrap()];
    img::write(sources.iter().copied(), &mut out).unwrap();
    out
}

#[test]
fn a_progress_bar_over_an_archive_counts_its_entries() {
    let dir = Dir::new("progress-img");
    let archive = dir.join("big.img");
    std::fs::write(&archive, archive_bytes(20)).unwrap();
    // In a pipe: none.
    let o = zerocol(&["check", s(&archive)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for text in [stdout(&o), stderr(&o)] {
        assert!(
            !text.contains('\x1b') && !text.contains("checking"),
            "{text:?}"
        );
    }
    // One archive of 21 checked entries: the archive, then each entry.
    let Some(shown) = on_a_terminal(&format!("{ZEROCOL} check {} >/dev/null", s(&archive))) else {
        return;
    };
    assert!(
        shown.contains("checking 0/22 files and archive entries "),
        "{shown:?}"
    );
    assert!(
        shown.contains("checking 22/22 files and archive entries "),
        "{shown:?}"
    );
    assert!(shown.contains("\x1b[2K"), "{shown:?}");
    // In a folder, beside a loose file: the folder's files and the archive's entries.
    std::fs::copy(sample("sample.col"), dir.join("loose.col")).unwrap();
    let shown = on_a_terminal(&format!("{ZEROCOL} check {} >/dev/null", s(&dir.0))).unwrap();
    assert!(
        shown.contains("checking 23/23 files and archive entries "),
        "{shown:?}"
    );
    // A small archive (3 checked entries) shows none.
    let small = dir.join("small.img");
    std::fs::write(&small, archive_bytes(2)).unwrap();
    let shown = on_a_terminal(&format!("{ZEROCOL} check {} >/dev/null", s(&small))).unwrap();
    assert_eq!(shown, "");
}

#[test]
fn extract_and_put_past_the_file_size_limit_leave_the_old_outputs() {
    let dir = Dir::new("fsize-img");
    let archive = dir.join("in.img");
    std::fs::write(&archive, archive_bytes(2)).unwrap();
    // extract: the existing entry file stays as it was, no other file appears.
    let out = Dir::new("fsize-img-out");
    std::fs::write(out.join("c00.col"), OLD).unwrap();
    // --force: the old c00.col is to be replaced (extract replaces no file it did not
    // write otherwise).
    let o = zerocol_with_fsize(0, &["extract", "--force", s(&archive), s(&out.0)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "zerocol: {}: cannot write: File too large (os error 27)\n",
            out.join("c00.col").display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(out.join("c00.col")).unwrap(), OLD);
    assert_eq!(out.names(), ["c00.col"]);
    // put: the existing output archive stays as it was.
    let output = dir.join("out.img");
    std::fs::write(&output, OLD).unwrap();
    let o = zerocol_with_fsize(
        0,
        &[
            "put",
            s(&archive),
            &sample("sample.col"),
            s(&output),
            "--name",
            "new.col",
        ],
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).ends_with(&format!(
            "zerocol: {}: cannot write: File too large (os error 27)\n",
            output.display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&output).unwrap(), OLD);
    assert_eq!(dir.names(), ["in.img", "out.img"]);
}

#[test]
fn extract_and_put_into_a_full_file_system_leave_the_old_outputs() {
    let Some(fs) = Tmpfs::mount() else {
        return;
    };
    let archive = TempFile::new("full-in.img", &archive_bytes(2));
    // The old file takes the one page: nothing else finds room.
    std::fs::write(fs.0.join("c00.col"), OLD).unwrap();
    let o = zerocol(&["extract", "--force", archive.path(), s(&fs.0.0)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "zerocol: {}: cannot write: No space left on device (os error 28)\n",
            fs.0.join("c00.col").display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(fs.0.join("c00.col")).unwrap(), OLD);
    assert_eq!(fs.0.names(), ["c00.col"]);
    // put: the old archive takes the page instead.
    std::fs::remove_file(fs.0.join("c00.col")).unwrap();
    let output = fs.0.join("out.img");
    std::fs::write(&output, OLD).unwrap();
    let o = zerocol(&[
        "put",
        archive.path(),
        &sample("sample.col"),
        s(&output),
        "--name",
        "new.col",
    ]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).ends_with(&format!(
            "zerocol: {}: cannot write: No space left on device (os error 28)\n",
            output.display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&output).unwrap(), OLD);
    assert_eq!(fs.0.names(), ["out.img"]);
}

#[test]
fn an_output_in_a_missing_folder_is_refused_by_name() {
    let out = TempFile::path_only("missing-folder");
    let target = format!("{}/sub/out.col", out.path());
    let o = zerocol(&[
        "convert",
        "--to",
        "col3",
        "--for",
        "sa",
        &sample("sample.col"),
        &target,
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).ends_with(&format!(
            "zerocol: {target}: cannot write: the folder {}/sub does not exist (or is not a \
             folder); create it first\n",
            out.path()
        )),
        "{}",
        stderr(&o)
    );
    assert!(!std::path::Path::new(out.path()).exists());
}
