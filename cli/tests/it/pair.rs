//! A III/VC archive's `.img` and `.dir` replaced as one pair (src/io/pair.rs): a
//! kill before any system call of `put`, or two `put`s (and a `check`) at once,
//! never leave a pair that fails `check`, nor halves from two runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use zerocol::img::{self, Source};

use crate::support::cli::{TempFile, ZEROCOL, code, stderr, stdout, zerocol};

const COL: &[u8] = include_bytes!("../../../samples/sample.col");

/// A folder under the temp dir, removed on drop.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Self {
        let file = TempFile::path_only(name);
        let path = file.0.clone();
        drop(file);
        std::fs::create_dir(&path).unwrap();
        Folder(path)
    }

    fn join(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_owned()
    }

    /// The names in the folder, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A III/VC pair's bytes (`.dir`, `.img`) holding `names`, each the sample.
fn pair_of(names: &[&[u8]]) -> (Vec<u8>, Vec<u8>) {
    let sources: Vec<Source<'_>> = names
        .iter()
        .map(|&name| Source { name, data: COL })
        .collect();
    let (dl, il) = img::v1_required_len(sources.iter().copied()).unwrap();
    let (mut dir, mut data) = (vec![0; dl], vec![0; il]);
    img::write_v1(sources.iter().copied(), &mut dir, &mut data).unwrap();
    (dir, data)
}

/// Writes the pair `NAME.dir`, `NAME.img` in `folder`; returns the `.img`'s path.
fn write_pair(folder: &Folder, name: &str, pair: &(Vec<u8>, Vec<u8>)) -> String {
    std::fs::write(folder.join(&format!("{name}.dir")), &pair.0).unwrap();
    let img = folder.join(&format!("{name}.img"));
    std::fs::write(&img, &pair.1).unwrap();
    img
}

/// The pair at `img` (its `.dir` beside it), as bytes.
fn read_pair(img: &str) -> (Vec<u8>, Vec<u8>) {
    let img = Path::new(img);
    (
        std::fs::read(img.with_extension("dir")).unwrap(),
        std::fs::read(img).unwrap(),
    )
}

/// `zerocol check IMG` passes, and says `finished` when it finished a journal.
fn checks(img: &str, context: &str) -> bool {
    let o = zerocol(&["check", img]);
    assert_eq!(code(&o), 0, "{context}: {}{}", stdout(&o), stderr(&o));
    stderr(&o).contains("finished writing the III/VC pair")
}

/// The inputs of a `put`: an archive of two entries and the file put in.
struct Inputs {
    folder: Folder,
    archive: String,
    col: String,
}

fn inputs() -> Inputs {
    let folder = Folder::new("pair-inputs");
    let archive = write_pair(&folder, "in", &pair_of(&[b"a.col", b"b.col"]));
    let col = folder.join("one.col");
    std::fs::write(&col, COL).unwrap();
    Inputs {
        folder,
        archive,
        col,
    }
}

/// What `put ARCHIVE FILE OUT.img [ARGS]` writes, run alone.
fn reference(inputs: &Inputs, file: &str, args: &[&str]) -> (Vec<u8>, Vec<u8>) {
    let folder = Folder::new("pair-reference");
    let out = folder.join("out.img");
    let o = zerocol(&[&["put", &inputs.archive, file, &out], args].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let pair = read_pair(&out);
    assert_eq!(folder.names(), ["out.dir", "out.img"]);
    pair
}

/// The main thread's system calls in `strace -f` output, in order, each with its
/// invocation number among the thread's calls of that name (what `when=` counts).
#[cfg(target_os = "linux")]
fn main_thread_calls(log: &str) -> Vec<(String, usize)> {
    let mut pid: Option<String> = None;
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut calls = Vec::new();
    for line in log.lines() {
        let Some((id, call)) = line.split_once(' ') else {
            continue;
        };
        if id != pid.get_or_insert_with(|| id.to_owned()) {
            continue;
        }
        let call = call.trim_start();
        // `<... NAME resumed>`, `+++ exited`, `--- SIGNAL`: not a call's start.
        if call.starts_with('<') || call.starts_with('+') || call.starts_with('-') {
            continue;
        }
        let Some((name, _)) = call.split_once('(') else {
            continue;
        };
        let n = seen.entry(name.to_owned()).or_insert(0);
        *n += 1;
        calls.push((name.to_owned(), *n));
    }
    calls
}

/// Kills `put` into an existing pair before each of its system calls in turn (a
/// SIGKILL strace injects at the call's entry), then reads the pair: `check`
/// passes on it, and it is the old pair or the new one, byte for byte, with no
/// staged file or journal left. A run `put` completes is the new pair.
#[cfg(target_os = "linux")]
#[test]
fn a_kill_before_any_system_call_leaves_the_old_pair_or_the_new() {
    let inputs = inputs();
    let new = reference(&inputs, &inputs.col, &[]);
    let old = pair_of(&[b"old.col"]);
    let folder = Folder::new("pair-killed");
    let out = folder.join("out.img");
    let log = folder.join("strace.log");
    write_pair(&folder, "out", &old);
    let traced = Command::new("strace")
        .args(["-f", "-qq", "-o", &log, ZEROCOL, "put"])
        .args([&inputs.archive, &inputs.col, &out])
        .output();
    match &traced {
        Ok(o) if o.status.success() => {}
        Err(error) => {
            println!("skipped: strace does not run here: {error}");
            return;
        }
        Ok(o) if String::from_utf8_lossy(&o.stderr).contains("PTRACE") => {
            println!("skipped: strace may not trace here: {o:?}");
            return;
        }
        Ok(o) => panic!("put under strace: {o:?}"),
    }
    let calls = main_thread_calls(&std::fs::read_to_string(&log).unwrap());
    std::fs::remove_file(&log).unwrap();
    assert_eq!(read_pair(&out), new);
    println!("put made {} system calls (its main thread)", calls.len());
    assert!(calls.len() > 50, "{calls:?}");
    let (mut olds, mut news, mut finished) = (0, 0, 0);
    for (name, n) in &calls {
        write_pair(&folder, "out", &old);
        let context = format!("killed at {name} #{n}");
        let o = Command::new("strace")
            .args(["-f", "-qq", "-o", "/dev/null", "-e"])
            .arg(format!("inject={name}:signal=KILL:when={n}"))
            .args([ZEROCOL, "put", &inputs.archive, &inputs.col, &out])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        // Killed (strace ends itself by the tracee's signal), or, at the last calls
        // (a thread's exit), done.
        use std::os::unix::process::ExitStatusExt as _;
        assert!(
            o.signal() == Some(9) || o.code() == Some(137) || o.success(),
            "{context}: {o:?}"
        );
        if checks(&out, &context) {
            finished += 1;
        }
        let pair = read_pair(&out);
        if pair == old {
            assert!(!o.success(), "{context}: put done, the old pair left");
            olds += 1;
        } else {
            assert!(pair == new, "{context}: a pair neither old nor new");
            news += 1;
        }
        assert_eq!(folder.names(), ["out.dir", "out.img"], "{context}");
    }
    println!("{olds} runs left the old pair, {news} the new; {finished} finished by check");
    // Kills before the commit and after it, and between the commit and the last
    // rename (the journal finished by `check`).
    assert!(
        olds > 0 && news > 0 && finished > 0,
        "{olds} {news} {finished}"
    );
}

/// Two `put`s into one OUTPUT at once, and a `check` of it meanwhile, repeated:
/// both `put`s succeed (one waits for the other), the `check` passes, and the
/// pair is what one of them writes, whole.
#[test]
fn two_puts_at_once_leave_one_of_their_pairs() {
    let inputs = inputs();
    // Entries of two sizes: a `.dir` of one run beside the `.img` of the other
    // names sectors that are not its entry's.
    let twice = inputs.folder.join("twice.col");
    std::fs::write(&twice, [COL, COL].concat()).unwrap();
    let x = reference(&inputs, &inputs.col, &["--name", "x.col"]);
    let y = reference(&inputs, &twice, &["--name", "y.col"]);
    assert_ne!(x.0, y.0);
    assert_ne!(x.1, y.1);
    let folder = Folder::new("pair-race");
    let out = folder.join("out.img");
    write_pair(&folder, "out", &pair_of(&[b"old.col"]));
    let (mut xs, mut ys) = (0, 0);
    for trial in 0..40 {
        let put = |file: &str, name: &str| {
            Command::new(ZEROCOL)
                .args(["put", &inputs.archive, file, &out, "--name", name])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (first, second) = (put(&inputs.col, "x.col"), put(&twice, "y.col"));
        let check = Command::new(ZEROCOL)
            .args(["check", &out])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        for child in [first, second, check] {
            let o = child.wait_with_output().unwrap();
            assert_eq!(code(&o), 0, "trial {trial}: {}", stderr(&o));
        }
        checks(&out, &format!("trial {trial}"));
        let pair = read_pair(&out);
        if pair == x {
            xs += 1;
        } else {
            assert!(pair == y, "trial {trial}: a pair of neither run");
            ys += 1;
        }
        assert_eq!(folder.names(), ["out.dir", "out.img"], "trial {trial}");
    }
    println!("x last {xs} times, y last {ys} times");
}

/// What a kill leaves, settled by the next command that reads the archive: a
/// committed journal is finished (and said), staged files without one removed;
/// in a folder that cannot be written, the journal's pair is read as it is.
#[test]
fn the_next_command_finishes_a_journal_or_removes_leftovers() {
    let inputs = inputs();
    let new = reference(&inputs, &inputs.col, &[]);
    let old = pair_of(&[b"old.col"]);
    let folder = Folder::new("pair-settled");
    let out = write_pair(&folder, "out", &old);
    // Staged files without a journal: a run killed before its commit.
    std::fs::write(folder.join(".out.img.new.zerocol-tmp"), &new.1[..100]).unwrap();
    let o = zerocol(&["list", &out]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("archive, 1 entry\n"), "{}", stdout(&o));
    assert_eq!(read_pair(&out), old);
    assert_eq!(folder.names(), ["out.dir", "out.img"]);
    // Committed, the `.dir` renamed, the `.img` not yet: the journal names both.
    let committed = |folder: &Folder| {
        std::fs::write(folder.join("out.dir"), &new.0).unwrap();
        std::fs::write(folder.join(".out.img.new.zerocol-tmp"), &new.1).unwrap();
        let mut journal = b"zerocol III/VC pair journal 1\n".to_vec();
        for name in [
            ".out.dir.new.zerocol-tmp",
            "out.dir",
            ".out.img.new.zerocol-tmp",
            "out.img",
        ] {
            journal.extend_from_slice(name.as_bytes());
            journal.push(0);
        }
        std::fs::write(folder.join(".out.img.zerocol-pair"), journal).unwrap();
    };
    committed(&folder);
    // The new pair's `.dir` beside the old `.img`: read as the new pair, finished.
    let o = zerocol(&["list", &out]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains("archive, 3 entries\n"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {out}: finished writing the III/VC pair an interrupted zerocol had \
             committed (its journal {}, now removed)\n",
            folder.join(".out.img.zerocol-pair")
        )
    );
    assert_eq!(read_pair(&out), new);
    assert_eq!(folder.names(), ["out.dir", "out.img"]);
    // A journal that names other files than the pair's own (a hostile folder's,
    // naming a file elsewhere) is refused, and nothing is renamed.
    let elsewhere = Folder::new("pair-elsewhere");
    let victim = elsewhere.join("victim.txt");
    std::fs::write(&victim, b"keep me").unwrap();
    std::fs::write(folder.join("bait"), b"bait").unwrap();
    let mut journal = b"zerocol III/VC pair journal 1\n".to_vec();
    for name in ["bait", &victim, ".out.img.new.zerocol-tmp", "out.img"] {
        journal.extend_from_slice(name.as_bytes());
        journal.push(0);
    }
    std::fs::write(folder.join(".out.img.zerocol-pair"), &journal).unwrap();
    let o = zerocol(&["list", &out]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {out}: the journal {} is not one zerocol writes for this pair; remove it \
             (the pair beside it is what was there before it) and run again\n",
            folder.join(".out.img.zerocol-pair")
        )
    );
    assert_eq!(std::fs::read(&victim).unwrap(), b"keep me");
    assert_eq!(read_pair(&out), new);
    std::fs::remove_file(folder.join(".out.img.zerocol-pair")).unwrap();
    std::fs::remove_file(folder.join("bait")).unwrap();
    // A folder that cannot be written (unless the tests run as root).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        write_pair(&folder, "out", &old);
        committed(&folder);
        let mode = |mode| {
            std::fs::set_permissions(&folder.0, std::fs::Permissions::from_mode(mode)).unwrap()
        };
        mode(0o555);
        if std::fs::write(folder.join("probe"), b"").is_ok() {
            mode(0o755);
            println!("skipped: a read-only folder is written here (root)");
            return;
        }
        let o = zerocol(&["list", &out]);
        let before = folder.names();
        mode(0o755);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert!(
            stdout(&o).contains("archive, 3 entries\n"),
            "{}",
            stdout(&o)
        );
        assert!(
            stderr(&o).contains("in a folder zerocol cannot write"),
            "{}",
            stderr(&o)
        );
        assert_eq!(
            before,
            [
                ".out.img.new.zerocol-tmp",
                ".out.img.zerocol-pair",
                "out.dir",
                "out.img"
            ]
        );
    }
}

/// A folder that can be written but not read (mode 0300) cannot be locked: the
/// pair is not written there, and the old pair stays (as `nobody` through
/// `setpriv` when the tests run as root, who reads any folder).
#[cfg(unix)]
#[test]
fn a_pair_is_not_written_where_its_folder_cannot_be_locked() {
    use std::os::unix::fs::PermissionsExt as _;
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let run = |args: &[&str]| {
        let mut command = if root {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups", ZEROCOL]);
            c
        } else {
            Command::new(ZEROCOL)
        };
        command.args(args).output()
    };
    if !run(&["--version"]).is_ok_and(|o| o.status.success()) {
        println!("skipped: zerocol cannot be run as nobody here");
        return;
    }
    let inputs = inputs();
    let folder = Folder::new("pair-unlockable");
    let out = write_pair(&folder, "out", &pair_of(&[b"old.col"]));
    let before = read_pair(&out);
    if root {
        for path in [
            folder.0.clone(),
            folder.0.join("out.img"),
            folder.0.join("out.dir"),
        ] {
            std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        }
    }
    let mode = |mode| std::fs::set_permissions(&folder.0, std::fs::Permissions::from_mode(mode));
    mode(0o300).unwrap();
    let o = run(&["put", &inputs.archive, &inputs.col, &out]).unwrap();
    mode(0o755).unwrap();
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {out}: cannot write: cannot lock the folder {} (Permission denied (os \
             error 13)): a III/VC pair is written only under its folder's lock, so that two \
             runs never mix its files; make the folder readable (r-x), or raise the open-file \
             limit (ulimit -n)\n",
            folder.0.display()
        )
    );
    assert_eq!(read_pair(&out), before);
    assert_eq!(folder.names(), ["out.dir", "out.img"]);
}
