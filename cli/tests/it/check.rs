//! `check` as a modder runs it: folders, each file's warnings under its verdict,
//! `--quiet`, `--json` with the warnings' texts and offsets; what the tool says of
//! files it cannot read (empty, text, a TXD, an IMG archive, a `--format` that does
//! not fit); `info --model`; and `--help`.
//!
//! The lint texts are the library's and may be reworded: most assertions compare
//! `check`'s lines with `info`'s for the same file, and a few pin today's text.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::support::bytes::rw_chunk as chunk;
use crate::support::cli::{TempFile, code, sample, stderr, stdout, zerocol};
use crate::support::gta::{self as builder, Bounds, ModelSpec, Sphere};

// ---------------------------------------------------------------------------------------------
// helpers

/// A folder under the temp dir with a unique name, removed (with what it holds, links
/// not followed) on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let file = TempFile::path_only(name);
        let dir = file.0.clone();
        drop(file);
        std::fs::create_dir(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes `bytes` to `relative` (its folders made), and returns its path.
    fn file(&self, relative: &str, bytes: &[u8]) -> String {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_owned()
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }

    fn join(&self, relative: &str) -> String {
        self.0.join(relative).to_str().unwrap().to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A COLL model with 129 spheres inside its bounds: one lint, for the sphere count
/// (model byte 72).
fn many_spheres() -> Vec<u8> {
    let mut spec = ModelSpec::new(b"COLL", "many_spheres").with_bounds(Bounds {
        radius: 2.0,
        center: [0.0; 3],
        min: [-1.0; 3],
        max: [1.0; 3],
    });
    spec.spheres = vec![
        Sphere {
            center: [0.0; 3],
            radius: 1.0,
            surface: [0; 4]
        };
        129
    ];
    spec.build().bytes
}

/// The sample library, then [`many_spheres`] at byte 1116: its lint is at 1188.
fn library_with_a_lint() -> Vec<u8> {
    let mut bytes = builder::sample_file();
    assert_eq!(bytes.len(), 1116);
    bytes.extend(many_spheres());
    bytes
}

/// Today's text of the sphere-count lint (the lead rewords lints; this pins one).
const SPHERES: &str = "129 spheres in one model: in GTA III/VC/SA a colliding model's spheres go into 128-entry arrays without a check, overwriting memory past them (a likely crash); use at most 128, merging spheres or using boxes or faces";

/// The `  warning: ` lines `info` prints for `path`, without that prefix.
fn info_warnings(path: &str) -> Vec<String> {
    let o = zerocol(&["info", path]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    stdout(&o)
        .lines()
        .filter_map(|l| l.strip_prefix("  warning: "))
        .map(str::to_owned)
        .collect()
}

/// `check --json ARGS`: one object per line.
fn check_json(args: &[&str]) -> (i32, Vec<Value>) {
    let o = zerocol(&[&["check", "--json"], args].concat());
    assert_eq!(stderr(&o), "", "--json says everything on stdout");
    let lines = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (code(&o), lines)
}

/// A RenderWare chunk header (type, size, SA's library stamp) and `body`.
fn rw(kind: u32, body: &[u8]) -> Vec<u8> {
    chunk(kind, body)
}

/// A `.dff` whose collision chunk holds `payload` (at byte 60).
fn dff_with(payload: &[u8]) -> Vec<u8> {
    let mut body = chunk(0x01, &[0; 12]);
    body.extend(chunk(0x03, &chunk(0x0253_F2FA, payload)));
    chunk(0x10, &body)
}

// ---------------------------------------------------------------------------------------------
// warnings under the verdict

#[test]
fn check_prints_each_files_warnings_under_its_verdict() {
    let file = TempFile::new("lint.col", &library_with_a_lint());
    let o = zerocol(&["check", file.path(), &sample("sample.col")]);
    // A warning on which the game may crash: `risky`, exit status 3.
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "{}: risky (5 models, 0 trailing bytes)\n  \
             warning: model 4 \"many_spheres\": byte 1188 (0x4a4): {SPHERES}\n\
             {}: ok (4 models, 0 trailing bytes)\n\
             total: 2 files, 1 ok, 1 risky, 0 malformed, 1 warning\n",
            file.path(),
            sample("sample.col")
        )
    );
    // The same line as `info`'s, after the model it is about.
    let info = info_warnings(file.path());
    assert_eq!(info, [format!("byte 1188 (0x4a4): {SPHERES}")]);
}

#[test]
fn check_warnings_are_infos_lines_in_every_format() {
    let text = "TCOL1.0\nattributes { static; }\ncompound { sphere { material \"Mud\"; centre 0 0 0; radius 0; } }\n\
        trimesh { vertexes { 0 0 0; 4 0 0; 0 4 -1; 4 4 2; 9 9 9; }\n\
        faces { 0 1 2 \"Mud\"; 2 1 3 \"/common/Stone\"; 1 2 0 \"Mud\"; } }\n";
    let tcol = TempFile::new("mesh.tcol", text.as_bytes());
    let o = zerocol(&["check", tcol.path()]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{}: ok (tcol: static, 1 shape, trimesh of 5 vertices and 3 faces)",
            tcol.path()
        )
    );
    let warnings: Vec<String> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| l.strip_prefix("  warning: ").unwrap().to_owned())
        .collect();
    assert_eq!(warnings, info_warnings(tcol.path()));
    assert_eq!(warnings.len(), 3, "{out}");
    assert_eq!(
        warnings[1],
        "line 5, column 45: face 2 has the same vertices as face 0: \
         the engine loads both, and the copy adds nothing to collide with; remove it"
    );
    assert_eq!(
        lines.last().unwrap(),
        &"total: 1 file, 1 ok, 0 malformed, 3 warnings"
    );
}

#[test]
fn a_headerless_dffs_warnings_are_at_their_offsets_in_the_dff() {
    // The payload (the model without its 32 header bytes) at byte 60: the sphere
    // count, model byte 72, is payload byte 40, `.dff` byte 100.
    let file = TempFile::new("headerless.dff", &dff_with(&many_spheres()[32..]));
    let o = zerocol(&["check", file.path()]);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "{}: risky (dff, COLL \"\" at byte 60 (headerless))\n  \
             warning: byte 100 (0x64): {SPHERES}\n\
             total: 1 file, 0 ok, 1 risky, 0 malformed, 1 warning\n",
            file.path()
        )
    );
    let (_, lines) = check_json(&[file.path()]);
    assert_eq!(
        lines[0]["warnings"],
        json!([{"offset": 100, "model": 0, "text": format!("byte 100 (0x64): {SPHERES}"),
                "risky": true}])
    );
}

// ---------------------------------------------------------------------------------------------
// --quiet and --json

#[test]
fn quiet_shows_only_the_files_with_problems() {
    let lint = TempFile::new("lint.col", &library_with_a_lint());
    let bad = TempFile::new("bad.col", &builder::sample_file()[..700]);
    let o = zerocol(&[
        "check",
        "-q",
        &sample("sample.col"),
        lint.path(),
        bad.path(),
        &sample("vehicle.dff"),
    ]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        format!(
            "{}: risky (5 models, 0 trailing bytes)\n  \
             warning: model 4 \"many_spheres\": byte 1188 (0x4a4): {SPHERES}\n\
             total: 4 files, 2 ok, 1 risky, 1 malformed, 1 warning\n",
            lint.path()
        )
    );
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: {}\n",
            bad.path(),
            gta_error(&builder::sample_file()[..700])
        )
    );
    // --quiet with nothing wrong: the totals line alone.
    let o = zerocol(&["check", "--quiet", &sample("sample.col")]);
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o), "total: 1 file, 1 ok, 0 malformed, 0 warnings\n");
    // --json --quiet: the objects of those files only.
    let (status, lines) = check_json(&["-q", &sample("sample.col"), lint.path(), bad.path()]);
    assert_eq!(status, 1);
    let files: Vec<&Value> = lines.iter().map(|l| &l["file"]).collect();
    assert_eq!(files, [lint.path(), bad.path()]);
}

#[test]
fn json_carries_the_warnings_texts_offsets_and_models() {
    let lint = TempFile::new("lint.col", &library_with_a_lint());
    let mut short = std::fs::read(sample("vehicle.dff")).unwrap();
    short[4..8].copy_from_slice(&24u32.to_le_bytes());
    let short = TempFile::new("short.dff", &short);
    let (status, lines) =
        check_json(&["--lenient", lint.path(), short.path(), &sample("body.tcol")]);
    assert_eq!(status, 3);
    assert_eq!(
        lines[0],
        json!({"file": lint.path(), "format": "gta-col", "status": "risky",
               "summary": "5 models, 0 trailing bytes",
               "warnings": [{"offset": 1188, "model": 4,
                             "text": format!("model 4 \"many_spheres\": byte 1188 (0x4a4): {SPHERES}"),
                             "risky": true}]})
    );
    // A warning about the file, not a model: `model` is null.
    assert_eq!(lines[1]["status"], "ok");
    assert_eq!(
        lines[1]["warnings"],
        json!([{"offset": 0, "model": null,
                "text": "the Clump at byte 0 declares 24 bytes and ends at byte 36, before chunks it holds (read past it)",
                "risky": false}])
    );
    // Other formats have no models: no `model` key.
    assert_eq!(lines[2]["warnings"], json!([]));
    let text = "TCOL1.0\nattributes { static; }\ncompound { sphere { material \"Mud\"; centre 0 0 0; radius 0; } }\n";
    let tcol = TempFile::new("zero.tcol", text.as_bytes());
    let (_, lines) = check_json(&[tcol.path()]);
    let warnings = lines[0]["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    // Line 3, column 12: the `sphere` keyword.
    let at = text.find("sphere").unwrap();
    assert_eq!(warnings[0]["offset"], at);
    assert_eq!(
        warnings[0].as_object().unwrap().keys().collect::<Vec<_>>(),
        ["offset", "risky", "text"]
    );
    assert!(
        warnings[0]["text"]
            .as_str()
            .unwrap()
            .starts_with("line 3, column 12, shape 0: "),
        "{warnings:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// folders

#[test]
fn a_folder_is_walked_in_name_order_counting_only_collision_files() {
    let dir = TempDir::new("models");
    let vehicle = std::fs::read(sample("vehicle.dff")).unwrap();
    let lint = dir.file("b/lint.col", &library_with_a_lint());
    let car = dir.file("a/car.dff", &vehicle);
    let body = dir.file("a/body", &std::fs::read(sample("body.tcol")).unwrap());
    let empty = dir.file("Empty.COL", b"");
    let course = dir.file("c.col", &std::fs::read(sample("course.col")).unwrap());
    // Skipped: not collision files, and a .dir (its .img beside it is the archive,
    // checked entry by entry).
    dir.file("readme.txt", b"read me");
    dir.file("vehicles.txd", &rw(0x16, &[0; 40]));
    let archive = dir.file("gta3.img", &vehicle);
    dir.file("gta3.dir", &[0; 32]);
    let o = zerocol(&["check", dir.path()]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "{body}: ok (tcol: dynamic, mass 30, 4 shapes, no trimesh)\n\
             {car}: ok (dff, COL3 \"lamppost_sa\" at byte 60)\n\
             {lint}: risky (5 models, 0 trailing bytes)\n  \
             warning: model 4 \"many_spheres\": byte 1188 (0x4a4): {SPHERES}\n\
             {course}: ok (4×3 grid, 80 triangles, 42 walls, 3 triangle walls)\n\
             {archive}: ok (GTA III/VC IMG archive, 1 entry, 0 .col/.dff entries to check)\n  \
             warning: byte 0: entry 0: its name has no extension GTA III and Vice City load from an \
             archive, so both skip it (GTA III registers only .dff and .txd entries, and skips \
             .col and .ifp ones too; Vice City also loads .col and .ifp); rename it (.dff, .txd) \
             or remove it\n  \
             warning: byte 0: entry 0: it has no sectors: GTA III and Vice City load an empty entry; \
             remove it or add its data\n\
             total: 6 files, 4 ok, 1 risky, 1 malformed, 3 warnings, 3 skipped in folders (not collision files)\n"
        )
    );
    assert_eq!(stderr(&o), format!("{empty}: error: empty file\n"));
    // In one stream: `E` (0x45) sorts before `a` (0x61), by bytes, not letters.
    let (_, lines) = check_json(&[dir.path()]);
    let files: Vec<&Value> = lines.iter().map(|l| &l["file"]).collect();
    assert_eq!(files, [&empty, &body, &car, &lint, &course, &archive]);
    assert_eq!(lines[0]["error"], "empty file");
}

#[cfg(unix)]
#[test]
fn links_to_folders_are_not_followed_and_loops_end() {
    use std::os::unix::fs::symlink;
    let dir = TempDir::new("loop");
    let col = dir.file("x/a.col", &std::fs::read(sample("sample.col")).unwrap());
    // A loop back to the top, a link to a file, and a dangling link.
    symlink(dir.path(), dir.join("x/loop")).unwrap();
    symlink(&col, dir.join("x/b.col")).unwrap();
    symlink(dir.join("nowhere"), dir.join("x/c.bin")).unwrap();
    let o = zerocol(&["check", dir.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "{col}: ok (4 models, 0 trailing bytes)\n\
             {}: ok (4 models, 0 trailing bytes)\n\
             total: 2 files, 2 ok, 0 malformed, 0 warnings, 2 skipped in folders (not collision files)\n",
            dir.join("x/b.col")
        )
    );
    assert_eq!(stderr(&o), "");
    // A dangling link named like a collision file is unreadable (exit 2).
    symlink(dir.join("nowhere"), dir.join("x/d.col")).unwrap();
    let o = zerocol(&["check", dir.path()]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).starts_with(&format!("zerocol: {}: cannot read: ", dir.join("x/d.col"))),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).ends_with(
            "total: 3 files, 2 ok, 0 malformed, 0 warnings, 1 unreadable, 2 skipped in folders (not collision files)\n"
        ),
        "{}",
        stdout(&o)
    );
    // A link to a folder named on the command line is followed.
    let o = zerocol(&["check", &dir.join("x/loop")]);
    assert_eq!(code(&o), 2);
    assert!(stdout(&o).starts_with(&format!(
        "{}: ok (4 models, 0 trailing bytes)\n",
        Path::new(&dir.join("x/loop")).join("x/a.col").display()
    )));
}

/// A v2 archive (`VER2`) of `sample.col` and `vehicle.dff`.
fn v2_archive() -> Vec<u8> {
    use zerocol::img::{self, Source};
    let col = std::fs::read(sample("sample.col")).unwrap();
    let dff = std::fs::read(sample("vehicle.dff")).unwrap();
    let sources = [
        Source {
            name: b"a.col",
            data: &col,
        },
        Source {
            name: b"b.dff",
            data: &dff,
        },
    ];
    let mut out = vec![0; img::required_len(sources.iter().copied()).unwrap()];
    img::write(sources.iter().copied(), &mut out).unwrap();
    out
}

/// A folder of each kind of file a walk counts or skips, and the paths of those it
/// counts, in the walk's order.
fn folder_of_every_kind() -> (TempDir, Vec<String>) {
    let dir = TempDir::new("kinds");
    let read = |name: &str| std::fs::read(sample(name)).unwrap();
    let counted = vec![
        dir.file("a.col", &read("sample.col")),
        dir.file("b.dff", &read("vehicle.dff")),
        dir.file("c.tcol", &read("body.tcol")),
        dir.file("d.drs", &read("collision.drs")),
        dir.file("e.col", &read("course.col")),
        dir.file("empty.col", b""),
        // Counted by its first bytes, and an archive by its first bytes.
        dir.file("f.bin", &read("sample.col")),
        dir.file("g.img", &v2_archive()),
        dir.file("junk.dff", b"garbage"),
        dir.file("pack.bin", &v2_archive()),
        dir.file("sub/h.col", &library_with_a_lint()),
    ];
    dir.file("readme.txt", b"read me");
    dir.file("x.txd", &rw(0x16, &[0; 40]));
    (dir, counted)
}

#[test]
fn a_folder_and_the_list_of_its_files_check_alike() {
    let (dir, files) = folder_of_every_kind();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    // With the default limit, and with one that course.col (12,008 bytes) and the
    // archives pass (their directories are read, and each entry) but not whole.
    for limit in [&[][..], &["--max-size", "8K"][..]] {
        let walked = zerocol(&[&["check", dir.path()][..], limit].concat());
        let given = zerocol(&[&["check"][..], limit, &files].concat());
        assert_eq!(code(&walked), code(&given));
        assert_eq!(stderr(&walked), stderr(&given));
        // The totals differ only in the files the walk skipped.
        let (walked, given) = (stdout(&walked), stdout(&given));
        let total = |out: &str| out.lines().last().unwrap().to_owned();
        assert_eq!(
            total(&walked),
            format!(
                "{}, 2 skipped in folders (not collision files)",
                total(&given)
            )
        );
        let body =
            |out: &str| -> Vec<String> { out.lines().rev().skip(1).map(str::to_owned).collect() };
        assert_eq!(body(&walked), body(&given));
        assert_eq!(
            check_json(&[&[dir.path()][..], limit].concat()),
            check_json(&[limit, &files].concat())
        );
    }
    // What they say: every kind, the archives by their first bytes entry by entry.
    let (_, lines) = check_json(&[dir.path(), "--max-size", "8K"]);
    let seen: Vec<(String, &str)> = lines
        .iter()
        .map(|l| {
            let file = l["file"].as_str().unwrap();
            let file = file.strip_prefix(dir.path()).unwrap().to_owned();
            (file, l["status"].as_str().unwrap())
        })
        .collect();
    let expected = [
        ("/a.col", "ok"),
        ("/b.dff", "ok"),
        ("/c.tcol", "ok"),
        ("/d.drs", "ok"),
        ("/e.col", "unreadable"),
        ("/empty.col", "malformed"),
        ("/f.bin", "ok"),
        ("/g.img", "ok"),
        ("/g.img/a.col", "ok"),
        ("/g.img/b.dff", "ok"),
        ("/junk.dff", "malformed"),
        ("/pack.bin", "ok"),
        ("/pack.bin/a.col", "ok"),
        ("/pack.bin/b.dff", "ok"),
        // The library with 129 spheres.
        ("/sub/h.col", "risky"),
    ];
    let seen: Vec<(&str, &str)> = seen.iter().map(|(f, s)| (f.as_str(), *s)).collect();
    assert_eq!(seen, expected);
    assert!(
        lines[4]["error"]
            .as_str()
            .unwrap()
            .contains("12008 bytes, more than --max-size (8K)"),
        "{}",
        lines[4]
    );
}

/// The system calls made on one file: opens, stats and reads.
#[cfg(target_os = "linux")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Calls {
    opens: usize,
    stats: usize,
    reads: usize,
}

/// One open, one stat, one read.
#[cfg(target_os = "linux")]
const ONCE: Calls = Calls {
    opens: 1,
    stats: 1,
    reads: 1,
};

/// The system calls `strace` saw `zerocol ARGS` make on each file whose name ends
/// with one of `names`, and the threads it started; `None` (the reason printed)
/// without a working `strace`.
#[cfg(target_os = "linux")]
fn syscalls(args: &[&str], names: &[String]) -> Option<(Vec<Calls>, usize)> {
    let log = TempFile::path_only("strace.log");
    let traced = [
        "openat",
        "open",
        "read",
        "pread64",
        "readv",
        "stat",
        "lstat",
        "fstat",
        "newfstatat",
        "statx",
        "clone",
        "clone3",
    ]
    .join(",");
    let o = std::process::Command::new("strace")
        .args(["-f", "-y", "-qq", "-e", &format!("trace={traced}"), "-o"])
        .arg(&log.0)
        .arg(crate::support::cli::ZEROCOL)
        .args(args)
        .output();
    match &o {
        Ok(o) if o.status.code() == Some(0) => {}
        // Not installed, or not allowed to trace (a container without ptrace): the
        // only reasons to skip. A failure of zerocol under strace fails the test.
        Err(error) => {
            println!("skipped: strace does not run here: {error}");
            return None;
        }
        Ok(o) if String::from_utf8_lossy(&o.stderr).contains("PTRACE") => {
            println!("skipped: strace may not trace here: {o:?}");
            return None;
        }
        Ok(o) => panic!("zerocol {args:?} under strace: {o:?}"),
    }
    let log = std::fs::read_to_string(&log.0).unwrap();
    let calls: Vec<(&str, &str)> = log
        .lines()
        // `PID NAME(ARGS) = RESULT`: -f prefixes the thread's id.
        .filter_map(|l| {
            let call = l.split_once(' ').map_or(l, |(_, c)| c.trim_start());
            call.split_once('(')
        })
        .collect();
    let threads = calls
        .iter()
        .filter(|(name, _)| name.starts_with("clone"))
        .count();
    let per_file = names
        .iter()
        .map(|name| {
            // A path in an argument or a descriptor's (`3</path>`), ending there.
            let on = |rest: &&str| {
                rest.contains(&format!("/{name}\"")) || rest.contains(&format!("/{name}>"))
            };
            let count = |kinds: &[&str]| {
                calls
                    .iter()
                    .filter(|(call, rest)| kinds.contains(call) && on(rest))
                    .count()
            };
            Calls {
                opens: count(&["openat", "open"]),
                stats: count(&["stat", "lstat", "fstat", "newfstatat", "statx"]),
                reads: count(&["read", "pread64", "readv"]),
            }
        })
        .collect();
    Some((per_file, threads))
}

#[cfg(target_os = "linux")]
#[test]
fn check_opens_stats_and_reads_each_file_once() {
    let dir = TempDir::new("once");
    let col = std::fs::read(sample("sample.col")).unwrap();
    let names: Vec<String> = (0..20).map(|i| format!("m{i:02}.col")).collect();
    let paths: Vec<String> = names.iter().map(|name| dir.file(name, &col)).collect();
    // Given or walked: one open, one stat and one read for each file, no thread.
    let mut given = vec!["check"];
    given.extend(paths.iter().map(String::as_str));
    for args in [&["check", dir.path()][..], &given] {
        let Some((per_file, threads)) = syscalls(args, &names) else {
            return;
        };
        assert_eq!(per_file, vec![ONCE; 20], "{args:?}");
        assert_eq!(threads, 0, "{args:?}");
    }
    // A file a walk skips is opened and its first bytes read; a .dir is not opened.
    dir.file("readme.txt", b"read me");
    dir.file("gta3.dir", &[0; 32]);
    let skipped = ["readme.txt".to_owned(), "gta3.dir".to_owned()];
    let Some((per_file, _)) = syscalls(&["check", dir.path()], &skipped) else {
        return;
    };
    let none = Calls {
        opens: 0,
        stats: 0,
        reads: 0,
    };
    assert_eq!(per_file, [ONCE, none]);
}

#[test]
fn an_empty_folder_checks_no_file() {
    let dir = TempDir::new("empty");
    dir.file("notes.txt", b"nothing here");
    let o = zerocol(&["check", dir.path()]);
    assert_eq!(code(&o), 0);
    assert_eq!(
        stdout(&o),
        "total: 0 files, 0 ok, 0 malformed, 0 warnings, 1 skipped in folders (not collision files)\n"
    );
    let (status, lines) = check_json(&[dir.path()]);
    assert_eq!((status, lines.len()), (0, 0));
}

// ---------------------------------------------------------------------------------------------
// what it cannot read

#[test]
fn files_named_explicitly_say_what_they_are() {
    let dir = TempDir::new("foreign");
    let mut img = b"VER2".to_vec();
    img.extend(3u32.to_le_bytes());
    img.extend([0; 96]);
    let cases: [(&str, Vec<u8>, String); 6] = [
        ("empty.col", vec![], "empty file".to_owned()),
        (
            "vehicles.txd",
            rw(0x16, &[0; 40]),
            "a RenderWare TXD texture dictionary (chunk 0x16): no collision inside".to_owned(),
        ),
        (
            "models.img",
            img,
            "a GTA San Andreas IMG archive (VER2, 3 entries): read archives with `zerocol list`, \
             `check` and `extract`"
                .to_owned(),
        ),
        (
            "gta3.img",
            std::fs::read(sample("vehicle.dff")).unwrap(),
            // No .dir beside it: which were looked for (issue 39, case 4).
            "byte 0: no VER2 magic in a file named .img: a GTA III/VC IMG archive (its .dir \
             beside it lists the entries), but no usable .dir: neither gta3.dir nor gta3.DIR exists"
                .to_owned(),
        ),
        (
            "peds.ifp",
            b"ANP3\x10\0\0\0ped\0".to_vec(),
            "a GTA San Andreas IFP animation package (ANP3): no collision inside".to_owned(),
        ),
        (
            "vehicles.ide",
            b"# vehicles\ncars\n".to_vec(),
            "unknown format: text starting \"# vehicles\"; the only text zerocol reads is Grit \
             TCOL, which starts with `TCOL1.0`"
                .to_owned(),
        ),
    ];
    for (name, bytes, message) in cases {
        let path = dir.file(name, &bytes);
        for command in ["info", "dump"] {
            let o = zerocol(&[command, &path]);
            assert_eq!(code(&o), 1, "{command} {name}");
            assert_eq!(o.stdout, b"", "{command} {name}");
            assert_eq!(stderr(&o), format!("zerocol: {path}: {message}\n"));
        }
        if name == "models.img" {
            // `check` reads a VER2 archive entry by entry (`img.rs`).
            continue;
        }
        let o = zerocol(&["check", &path]);
        assert_eq!(code(&o), 1, "{name}");
        assert_eq!(stderr(&o), format!("{path}: error: {message}\n"));
        assert_eq!(stdout(&o), "total: 1 file, 0 ok, 1 malformed, 0 warnings\n");
        assert!(message.len() < 200, "{message}");
    }
    // Unknown bytes: the first four, and the magics in one sentence.
    let path = dir.file("noise.bin", b"\x00\x01\x02\x03\x04");
    let o = zerocol(&["check", "--json", &path]);
    let line: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        line["error"],
        "unknown format: the file starts with bytes 00 01 02 03, which are not a GTA \
         COLL/COL2/COL3/COL4, MKGP COL\\0, BattleForge DRS, Grit TCOL/BCOL or RenderWare .dff \
         magic; --format NAME reads it as one of these"
    );
    assert_eq!(line["format"], Value::Null);
}

#[test]
fn a_format_that_does_not_fit_says_what_the_file_looks_like() {
    let col = sample("sample.col");
    let o = zerocol(&["check", "--format", "dff", &col]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "{col}: error: byte 0 (0x0): expected a Clump (chunk type 0x10) or a UV animation \
             dictionary (0x2B), found type 0x4c4c4f43 (this looks like a GTA COLL collision \
             library, not a .dff; drop --format or use --format gta-col)\n"
        )
    );
    let dff = sample("vehicle.dff");
    for command in ["info", "dump"] {
        let o = zerocol(&[command, "--format", "gta-col", &dff]);
        assert_eq!(code(&o), 1);
        assert!(
            stderr(&o).ends_with(
                " (this looks like a RenderWare .dff (a Clump), not a GTA .col library; drop \
                 --format or use --format dff)\n"
            ),
            "{}",
            stderr(&o)
        );
    }
    let txd = TempFile::new("forced.txd", &rw(0x16, &[0; 40]));
    let o = zerocol(&["check", "--format", "dff", txd.path()]);
    assert!(
        stderr(&o).ends_with(
            " (this looks like a RenderWare TXD texture dictionary (chunk 0x16), not a .dff: no \
             collision inside)\n"
        ),
        "{}",
        stderr(&o)
    );
    // The format it is: the reader's error alone.
    let bad = TempFile::new("bad.col", &builder::sample_file()[..700]);
    let o = zerocol(&["check", "--format", "gta-col", bad.path()]);
    assert_eq!(
        stderr(&o),
        format!(
            "{}: error: {}\n",
            bad.path(),
            gta_error(&builder::sample_file()[..700])
        )
    );
}

/// The GTA reader's error for `bytes`, read strictly: the text the CLI prints after the path.
fn gta_error(bytes: &[u8]) -> String {
    zerocol::gta::check(bytes, zerocol::gta::Options::STRICT)
        .unwrap_err()
        .to_string()
}

// ---------------------------------------------------------------------------------------------
// info --model

#[test]
fn info_model_prints_one_model_by_index_or_name() {
    let col = sample("sample.col");
    let whole = stdout(&zerocol(&["info", &col]));
    // Model 2's block in the whole listing.
    let block: String = whole
        .split_inclusive('\n')
        .skip_while(|l| !l.starts_with("model 2 "))
        .take_while(|l| !l.starts_with("model 3 "))
        .collect();
    assert!(block.starts_with("model 2 at byte 832 (0x340): COL2 \"crate_ps2\"\n"));
    let header = format!("{col}: gta-col, 1116 bytes (strict)\n");
    for pick in ["2", "crate_ps2", "CRATE_PS2"] {
        let o = zerocol(&["info", "--model", pick, &col]);
        assert_eq!(code(&o), 0, "{pick}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{header}{block}"), "{pick}");
    }
    // Without a file: the embedded GTA sample's.
    let o = zerocol(&["info", "--model", "crate_ps2"]);
    assert_eq!(
        stdout(&o),
        format!("(embedded sample): gta-col, 1116 bytes (strict)\n{block}")
    );
    // A .dff's one model.
    let o = zerocol(&["info", "--model", "LAMPPOST_SA", &sample("vehicle.dff")]);
    assert_eq!(code(&o), 0);
    assert_eq!(
        stdout(&o),
        stdout(&zerocol(&["info", &sample("vehicle.dff")]))
    );
}

#[test]
fn info_model_without_such_a_model_is_a_usage_error() {
    let col = sample("sample.col");
    let cases = [
        (
            col.clone(),
            "nope",
            "no model named \"nope\" (ignoring case): the file holds 4 models: \
             \"bollard_iii\", \"lamppost_sa\", \"crate_ps2\", \"empty_col3\"",
        ),
        (
            col.clone(),
            "4",
            "no model 4: the file holds 4 models, numbered from 0 to 3",
        ),
        (
            sample("vehicle.dff"),
            "bollard_iii",
            "no model named \"bollard_iii\" (ignoring case): the file holds 1 model: \"lamppost_sa\"",
        ),
        (
            sample("course.col"),
            "0",
            "--model picks a model of a GTA .col library or a .dff; this is a mkgp-col file, \
             which has no models",
        ),
    ];
    for (path, pick, message) in cases {
        let o = zerocol(&["info", "--model", pick, &path]);
        assert_eq!(code(&o), 2, "{pick}");
        assert_eq!(o.stdout, b"", "{pick}");
        assert_eq!(stderr(&o), format!("zerocol: {path}: {message}\n"));
    }
    // Damage before any match: the error, as `info` says it (exit 1).
    let bad = TempFile::new("bad.col", &builder::sample_file()[..700]);
    let o = zerocol(&["info", "--model", "crate_ps2", bad.path()]);
    assert_eq!(code(&o), 1);
    assert_eq!(o.stdout, b"");
    assert!(stderr(&o).contains("byte 432 (0x1b0): "), "{}", stderr(&o));
    // A match before the damage is printed, then the error.
    let o = zerocol(&["info", "--model", "0", bad.path()]);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).contains("model 0 at byte 0 (0x0): COLL \"bollard_iii\"\n"),
        "{}",
        stdout(&o)
    );
}

// ---------------------------------------------------------------------------------------------
// --help

#[test]
fn help_lists_every_command_in_whole_sentences() {
    let o = zerocol(&["--help"]);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    // The paragraph before `Usage:`, however clap wraps it.
    let about = out.split("\n\nUsage:").next().unwrap();
    for word in ["dump", "check", "convert", "export", "put", ".dff"] {
        assert!(about.contains(word), "{about}");
    }
    // Each command and its summary, however clap wraps it (a wrapped line goes on
    // indented further).
    let mut commands: Vec<(String, String)> = Vec::new();
    for line in out
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
    {
        match line.strip_prefix("  ").filter(|l| !l.starts_with(' ')) {
            Some(entry) => {
                let (name, text) = entry.split_once(' ').unwrap();
                commands.push((name.to_owned(), text.trim().to_owned()));
            }
            None => {
                let text = &mut commands.last_mut().unwrap().1;
                text.push(' ');
                text.push_str(line.trim());
            }
        }
    }
    let names: Vec<&str> = commands.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "info", "dump", "check", "convert", "put", "list", "extract", "repair", "export",
            "ray", "help"
        ]
    );
    assert_eq!(
        commands[7].1,
        "Write the IMG archive the game reads: every entry it reads, byte for byte, and none it \
         skips (names without an extension the game loads, such as a damaged directory's \
         leftovers, and names seen before), each dropped entry named in a warning"
    );
    assert_eq!(
        commands[8].1,
        "Write FILE as a Wavefront OBJ and its `.mtl`, to look at in Blender"
    );
    // Every format name, under --format, for every command that takes it (the help's
    // words, however wrapped).
    let help = |command: &str| {
        let o = zerocol(&[command, "--help"]);
        stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    for command in ["info", "dump", "check", "export"] {
        let help = help(command);
        assert!(
            help.contains("(gta-col, mkgp-col, collision-shape, tcol, bcol, dff)"),
            "{command}: {help}"
        );
    }
    let info = help("info");
    assert!(info.contains("--model <NAME|INDEX>"), "{info}");
    assert!(info.contains("0-based index"), "{info}");
    let check = help("check");
    assert!(check.contains("-q, --quiet"), "{check}");
    assert!(
        check.contains("links to folders are not followed"),
        "{check}"
    );
}
