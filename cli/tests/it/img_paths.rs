//! Outputs never land on inputs (issue 39, "Data destroyed or wrong", cases 1-4):
//! no output, links resolved, is an input or its `.dir`/`.img` partner; `extract`
//! never writes through a link nor over a file it did not write (without
//! `--force`); an `.img` without `VER2` is an archive by its name, read with its
//! `.dir` or refused naming the `.dir`; a `VERF` file is named before its size.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use zerocol::img::{self, Source};

use crate::support::cli::{TempFile, ZEROCOL, code, stderr};

const COL: &[u8] = include_bytes!("../../../samples/sample.col");
const DFF: &[u8] = include_bytes!("../../../samples/vehicle.dff");

/// A fresh folder under the temp dir, removed on drop.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Self {
        let path = TempFile::path_only(name);
        let dir = path.0.clone();
        drop(path);
        std::fs::create_dir(&dir).unwrap();
        Self(dir)
    }

    /// Writes `bytes` at `name` in the folder.
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    /// `zerocol ARGS` run in the folder.
    fn run(&self, args: &[&str]) -> Output {
        Command::new(ZEROCOL)
            .args(args)
            .current_dir(&self.0)
            .output()
            .unwrap()
    }

    /// `zerocol ARGS` run in the folder as `nobody` (uid 65534) through
    /// `setpriv`, when `as_nobody`: root opens a file of mode 000.
    fn run_as(&self, as_nobody: bool, args: &[&str]) -> Output {
        if !as_nobody {
            return self.run(args);
        }
        Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", ZEROCOL])
            .args(args)
            .current_dir(&self.0)
            .output()
            .unwrap()
    }

    /// Every file's bytes (links as their target's path), by name, sorted.
    fn snapshot(&self) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<_> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                let name = e.file_name().into_string().unwrap();
                let kind = e.file_type().unwrap();
                let bytes = if kind.is_symlink() {
                    let to = std::fs::read_link(e.path()).unwrap();
                    format!("-> {}", to.display()).into_bytes()
                } else if kind.is_file() {
                    std::fs::read(e.path()).unwrap()
                } else {
                    b"(not a file)".to_vec()
                };
                (name, bytes)
            })
            .collect();
        files.sort();
        files
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            // An unreadable .dir made by a test.
            for e in std::fs::read_dir(&self.0).into_iter().flatten().flatten() {
                let _ = std::fs::set_permissions(e.path(), std::fs::Permissions::from_mode(0o644));
            }
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn v2(sources: &[Source<'_>]) -> Vec<u8> {
    let mut out = vec![0; img::required_len(sources.iter().copied()).unwrap()];
    img::write(sources.iter().copied(), &mut out).unwrap();
    out
}

/// A III/VC pair: (`.dir`, `.img`). Its first entry is a `.dff`, so that the
/// `.img` alone parses as one.
fn v1(sources: &[Source<'_>]) -> (Vec<u8>, Vec<u8>) {
    let (dl, il) = img::v1_required_len(sources.iter().copied()).unwrap();
    let (mut dir, mut data) = (vec![0; dl], vec![0; il]);
    img::write_v1(sources.iter().copied(), &mut dir, &mut data).unwrap();
    (dir, data)
}

fn entries() -> [Source<'static>; 2] {
    [
        Source {
            name: b"bbb_lr_slv1.dff",
            data: DFF,
        },
        Source {
            name: b"sample.col",
            data: COL,
        },
    ]
}

#[cfg(unix)]
fn symlink(to: &str, at: &Path) {
    std::os::unix::fs::symlink(to, at).unwrap();
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Case 1: `x/bbb_lr_slv1.dff -> ../s2.img`; `extract s2.img x` wrote the entry
/// through the link over the archive. Now refused before anything is written,
/// naming the target and what it links to.
#[cfg(unix)]
#[test]
fn extract_never_writes_through_a_link_onto_the_archive() {
    let folder = Folder::new("case1");
    let archive = v2(&entries());
    folder.write("s2.img", &archive);
    std::fs::create_dir(folder.0.join("x")).unwrap();
    symlink("../s2.img", &folder.0.join("x/bbb_lr_slv1.dff"));
    let before = folder.snapshot();
    let o = folder.run(&["extract", "s2.img", "x"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: x/bbb_lr_slv1.dff: refusing to overwrite the input file s2.img: \
         x/bbb_lr_slv1.dff is a link to ../s2.img; nothing extracted: extract into another folder\n"
    );
    assert_eq!(folder.snapshot(), before);
    assert_eq!(std::fs::read(folder.0.join("s2.img")).unwrap(), archive);
    assert!(!folder.0.join("x/sample.col").exists());
    // A link to any other file is refused too, --force or not, and not followed.
    let other = folder.write("other.dff", b"keep me");
    std::fs::remove_file(folder.0.join("x/bbb_lr_slv1.dff")).unwrap();
    symlink("../other.dff", &folder.0.join("x/bbb_lr_slv1.dff"));
    for force in [false, true] {
        let args: &[&str] = if force {
            &["extract", "--force", "s2.img", "x"]
        } else {
            &["extract", "s2.img", "x"]
        };
        let o = folder.run(args);
        assert_eq!(code(&o), 2, "{}", stderr(&o));
        assert_eq!(
            stderr(&o),
            "zerocol: x/bbb_lr_slv1.dff: not written: it is a link to ../other.dff; extract \
             never writes through a link, even with --force: remove the link, or extract into \
             another folder\n\
             zerocol: x: nothing extracted: 1 of 2 files refused\n"
        );
        assert_eq!(std::fs::read(&other).unwrap(), b"keep me");
        assert!(!folder.0.join("x/sample.col").exists());
    }
    assert_eq!(std::fs::read(folder.0.join("s2.img")).unwrap(), archive);
}

/// Case 2: `extract bbb_lr_slv1.dff .`, the archive named like one of its entries:
/// refused before anything is written, the archive kept.
#[test]
fn extract_refuses_a_folder_that_holds_the_archive_under_an_entry_name() {
    let folder = Folder::new("case2");
    let archive = v2(&entries());
    folder.write("bbb_lr_slv1.dff", &archive);
    let o = folder.run(&["extract", "bbb_lr_slv1.dff", "."]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: ./bbb_lr_slv1.dff: refusing to overwrite the input file bbb_lr_slv1.dff; \
         nothing extracted: extract into another folder\n"
    );
    assert_eq!(
        folder.snapshot(),
        [("bbb_lr_slv1.dff".to_owned(), archive.clone())]
    );
    // A III/VC pair: its .dir under an entry's name is refused the same way.
    let (dir, data) = v1(&[
        Source {
            name: b"pair.dir",
            data: COL,
        },
        Source {
            name: b"sample.col",
            data: COL,
        },
    ]);
    folder.write("pair.img", &data);
    folder.write("pair.dir", &dir);
    let o = folder.run(&["extract", "pair.img", "."]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: ./pair.dir: refusing to overwrite pair.dir, the .dir of the input pair.img; \
         nothing extracted: extract into another folder\n"
    );
    assert_eq!(std::fs::read(folder.0.join("pair.dir")).unwrap(), dir);
    assert_eq!(std::fs::read(folder.0.join("pair.img")).unwrap(), data);
    assert!(!folder.0.join("sample.col").exists());
}

/// `extract` replaces no file it did not write in this run unless `--force`; with
/// it, an existing regular file is replaced.
#[test]
fn extract_replaces_existing_files_only_with_force() {
    let folder = Folder::new("force");
    let archive = v2(&entries());
    folder.write("a.img", &archive);
    std::fs::create_dir(folder.0.join("out")).unwrap();
    folder.write("out/sample.col", b"mine");
    let o = folder.run(&["extract", "a.img", "out"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: out/sample.col: not written: the file exists; extract replaces only the files \
         it wrote in this run: --force replaces it\n\
         zerocol: out: nothing extracted: 1 of 2 files refused\n"
    );
    assert_eq!(
        std::fs::read(folder.0.join("out/sample.col")).unwrap(),
        b"mine"
    );
    assert!(!folder.0.join("out/bbb_lr_slv1.dff").exists());
    let o = folder.run(&["extract", "--force", "a.img", "out"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let col = std::fs::read(folder.0.join("out/sample.col")).unwrap();
    assert_eq!(&col[..COL.len()], COL);
    assert_eq!(col.len(), COL.len().next_multiple_of(img::SECTOR));
    assert_eq!(std::fs::read(folder.0.join("a.img")).unwrap(), archive);
}

/// Two entries of one name (ignoring case): the game keeps the first, and so does
/// extract, with a warning for the later one; nothing replaces what this run wrote.
#[test]
fn extract_keeps_the_first_of_two_entries_of_one_name() {
    let folder = Folder::new("dups");
    let archive = v2(&[
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"SAMPLE.COL",
            data: b"a second copy the game never reads",
        },
    ]);
    folder.write("d.img", &archive);
    let o = folder.run(&["extract", "d.img", "out"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: d.img: warning: entry 1 \"SAMPLE.COL\" not extracted: the name of entry 0 \
         again (ignoring case); the game keeps entry 0, which is extracted\n"
    );
    let col = std::fs::read(folder.0.join("out/sample.col")).unwrap();
    assert_eq!(&col[..COL.len()], COL);
    assert!(!folder.0.join("out/SAMPLE.COL").exists());
}

/// Case 3: `o.dir -> s1.dir`; `put s1.img one.col o.img` rewrote s1.dir through
/// the link. Now refused naming o.dir and what it links to; so are `repair` and a
/// link at o.img.
#[cfg(unix)]
#[test]
fn put_and_repair_refuse_a_dir_output_linked_to_the_input_dir() {
    let folder = Folder::new("case3");
    let (dir, data) = v1(&entries());
    folder.write("s1.img", &data);
    folder.write("s1.dir", &dir);
    folder.write("one.col", COL);
    symlink("s1.dir", &folder.0.join("o.dir"));
    let before = folder.snapshot();
    let o = folder.run(&["put", "s1.img", "one.col", "o.img"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: o.dir: refusing to overwrite the input file s1.dir: o.dir is a link to s1.dir; name another OUTPUT\n"
    );
    assert_eq!(folder.snapshot(), before);
    let o = folder.run(&["repair", "s1.img", "o.img"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: o.dir: refusing to overwrite the input file s1.dir: o.dir is a link to s1.dir; name another OUTPUT\n"
    );
    assert_eq!(folder.snapshot(), before);
    // Given the .dir, the .img is its partner: a link to it is refused by name.
    std::fs::remove_file(folder.0.join("o.dir")).unwrap();
    symlink("s1.img", &folder.0.join("o.img"));
    let before = folder.snapshot();
    let o = folder.run(&["put", "s1.dir", "one.col", "o.img"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: o.img: refusing to overwrite the input file s1.img: o.img is a link to s1.img; name another OUTPUT\n"
    );
    assert_eq!(folder.snapshot(), before);
    // OUTPUT the input's partner by another spelling of its path.
    std::fs::remove_file(folder.0.join("o.img")).unwrap();
    let o = folder.run(&["put", "s1.img", "one.col", "./s1.dir"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: ./s1.dir: refusing to overwrite the input file s1.dir; name another OUTPUT\n"
    );
    // A link at OUTPUT through a folder: resolved all the same.
    symlink("sub/../s1.img", &folder.0.join("d.img"));
    std::fs::create_dir(folder.0.join("sub")).unwrap();
    let o = folder.run(&["repair", "s1.img", "d.img"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: d.img: refusing to overwrite the input file s1.img: d.img is a link to \
         sub/../s1.img; name another OUTPUT\n"
    );
    std::fs::remove_file(folder.0.join("d.img")).unwrap();
    std::fs::remove_dir(folder.0.join("sub")).unwrap();
    // export: its .mtl a link to the input.
    folder.write("model.col", COL);
    symlink("model.col", &folder.0.join("out.mtl"));
    let before = folder.snapshot();
    let o = folder.run(&["export", "model.col", "out.obj"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: out.mtl: refusing to overwrite the input file model.col: out.mtl is a link \
         to model.col; name another OUTPUT\n"
    );
    assert_eq!(folder.snapshot(), before);
    // convert: OUTPUT a link to the input's partner (an .img beside a .dir input).
    symlink("s1.img", &folder.0.join("c.col"));
    let o = folder.run(&["convert", "s1.dir", "c.col"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: c.col: refusing to overwrite s1.img, the .img of the input s1.dir: c.col is \
         a link to s1.img; name another OUTPUT\n"
    );
    assert_eq!(std::fs::read(folder.0.join("s1.img")).unwrap(), data);
    assert_eq!(std::fs::read(folder.0.join("s1.dir")).unwrap(), dir);
}

/// Case 4: an `.img` without VER2 whose `.dir` is absent, a dangling link, a
/// folder, a FIFO or unreadable was read by `put` as the `.dff` its first entry
/// is. Now every command names the `.dir` looked for and why it is unusable, and
/// writes nothing.
#[cfg(unix)]
#[test]
fn an_img_without_a_usable_dir_is_refused_naming_the_dir() {
    type Make = fn(&Path);
    let variants: Vec<(&str, Make, &str)> = vec![
        ("absent", |_| {}, "neither s1.dir nor s1.DIR exists"),
        (
            "dangling link",
            |d| symlink("gone.dir", &d.join("s1.dir")),
            "s1.dir (a link to gone.dir) names nothing: the link is dangling; s1.DIR does not \
             exist",
        ),
        (
            "folder",
            |d| std::fs::create_dir(d.join("s1.dir")).unwrap(),
            "s1.dir is a folder, not a regular file; s1.DIR does not exist",
        ),
        (
            "fifo",
            |d| {
                let made = Command::new("mkfifo")
                    .arg(d.join("s1.dir"))
                    .status()
                    .unwrap();
                assert!(made.success());
            },
            "s1.dir is a FIFO (named pipe), not a regular file; s1.DIR does not exist",
        ),
        (
            "unreadable",
            |d| {
                use std::os::unix::fs::PermissionsExt as _;
                let (dir, _) = v1(&entries());
                std::fs::write(d.join("s1.dir"), dir).unwrap();
                std::fs::set_permissions(d.join("s1.dir"), std::fs::Permissions::from_mode(0o000))
                    .unwrap();
            },
            "s1.dir: cannot open: Permission denied (os error 13); s1.DIR does not exist",
        ),
    ];
    let (_, data) = v1(&entries());
    for (variant, make, why) in variants {
        // Root opens a file of mode 000: as root, the variant runs as nobody, if
        // `setpriv` is there (otherwise it is skipped).
        let as_nobody = variant == "unreadable" && is_root();
        // ... and if nobody can run the binary where it was built (a build under a
        // folder of mode 700, such as /root, is out of its reach).
        if as_nobody
            && !Command::new("setpriv")
                .args(["--reuid=65534", "--regid=65534", "--clear-groups", ZEROCOL])
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        {
            eprintln!(
                "skipped: the unreadable .dir as nobody (setpriv cannot run zerocol as nobody here)"
            );
            continue;
        }
        let folder = Folder::new("case4");
        folder.write("s1.img", &data);
        folder.write("one.col", COL);
        make(&folder.0);
        let before = folder.snapshot();
        let what = format!(
            "byte 0: no VER2 magic in a file named .img: a GTA III/VC IMG archive (its .dir \
             beside it lists the entries), but no usable .dir: {why}"
        );
        let refused = format!("zerocol: s1.img: cannot read: {what}\n");
        for args in [
            vec!["put", "s1.img", "one.col", "out.img"],
            vec!["list", "s1.img"],
            vec!["extract", "s1.img", "x"],
            vec!["repair", "s1.img", "out.img"],
        ] {
            let o = folder.run_as(as_nobody, &args);
            assert_eq!(code(&o), 2, "{variant}: {args:?}: {}", stderr(&o));
            assert_eq!(stderr(&o), refused, "{variant}: {args:?}");
            assert_eq!(o.stdout, b"", "{variant}: {args:?}");
        }
        // info and check read the file, and say what it is: an archive by its
        // name, without its .dir.
        for command in ["info", "dump"] {
            let o = folder.run_as(as_nobody, &[command, "s1.img"]);
            assert_eq!(code(&o), 1, "{variant}: {command}");
            assert_eq!(stderr(&o), format!("zerocol: s1.img: {what}\n"));
        }
        let o = folder.run_as(as_nobody, &["check", "s1.img"]);
        if variant == "unreadable" {
            // A regular .dir beside it: read as an archive, whose .dir fails to open.
            assert_eq!(code(&o), 2, "{variant}: {}", stderr(&o));
            assert_eq!(stderr(&o), refused);
        } else {
            assert_eq!(code(&o), 1, "{variant}: {}", stderr(&o));
            assert_eq!(stderr(&o), format!("s1.img: error: {what}\n"));
        }
        // A folder walk says it when a .dir is there but unusable; an .img with
        // no .dir at all may be anything (a disk image), and is skipped.
        let o = folder.run_as(as_nobody, &["check", "."]);
        if variant == "absent" {
            assert_eq!(stderr(&o), "", "{variant}");
        } else {
            assert_eq!(code(&o), 2, "{variant}");
            assert_eq!(
                stderr(&o),
                format!("zerocol: ./s1.img: cannot read: {what}\n"),
                "{variant}"
            );
        }
        assert_eq!(folder.snapshot(), before, "{variant}");
        assert!(!folder.0.join("out.img").exists(), "{variant}");
        assert!(!folder.0.join("x").exists(), "{variant}");
    }
    // With its .dir, info says what the pair is, and which commands read it.
    let folder = Folder::new("case4-pair");
    let (dir, data) = v1(&entries());
    folder.write("s1.img", &data);
    folder.write("s1.dir", &dir);
    let o = folder.run(&["info", "s1.img"]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        "zerocol: s1.img: byte 0: no VER2 magic in a file named .img: a GTA III/VC IMG archive \
         (these have no header; the .dir beside it lists the entries): read archives with `zerocol list`, `check` and \
         `extract`\n"
    );
}

/// Review leftover: `extract --lenient NAME` of an entry the game skips says it
/// is there, and why it is skipped, instead of "no entry named".
#[test]
fn extract_lenient_names_a_skipped_entry_and_why() {
    let folder = Folder::new("skipped");
    folder.write(
        "a.img",
        &v2(&[
            Source {
                name: b"sample.col",
                data: COL,
            },
            Source {
                name: b"notes.txt",
                data: b"not loaded",
            },
        ]),
    );
    let o = folder.run(&["extract", "--lenient", "a.img", "out", "NOTES.TXT"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: a.img: warning: skipped entry 1 \"notes.txt\": its name has no extension San \
         Andreas loads; the game skips it\n\
         zerocol: a.img: not extracted: entry 1 \"notes.txt\": its name has no extension San \
         Andreas loads; the game skips it, and so does --lenient (without --lenient, extract \
         takes it)\n"
    );
    assert!(!folder.0.join("out/notes.txt").exists());
    // Without --lenient it is extracted; a name not there at all is still "no entry".
    let o = folder.run(&["extract", "a.img", "out", "notes.txt", "gone.col"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: a.img: no entry named \"gone.col\" (names are compared ignoring case; \
         `zerocol list` lists them)\n"
    );
    assert!(folder.0.join("out/notes.txt").exists());
}

/// Review leftover: a `VERF` file over `--max-size` is named as VERF, not as too
/// large, by every command that reads it.
#[test]
fn a_verf_file_over_max_size_is_named_as_verf_first() {
    let folder = Folder::new("verf");
    let mut bytes = b"VERF".to_vec();
    bytes.resize(4096, 0);
    folder.write("mods.img", &bytes);
    folder.write("mods.bin", &bytes);
    let verf = "an IMG archive with the magic VERF (written by some mod loaders): the games do \
                not read it, and neither does zerocol; the mod loader that wrote it reads it";
    for args in [
        vec!["info", "--max-size", "1K", "mods.bin"],
        vec!["dump", "--max-size", "1K", "mods.img"],
        vec!["convert", "--max-size", "1K", "mods.bin", "out.col"],
        vec!["list", "--max-size", "1K", "mods.img"],
        vec!["check", "--max-size", "1K", "mods.bin"],
        vec![
            "check",
            "--format",
            "gta-col",
            "--max-size",
            "1K",
            "mods.bin",
        ],
        vec!["put", "--max-size", "1K", "mods.img", "mods.bin", "out.img"],
    ] {
        let o = folder.run(&args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(verf), "{args:?}: {err}");
        assert!(!err.contains("more than --max-size"), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read(folder.0.join("mods.img")).unwrap(), bytes);
}

/// Case 4, `EMFILE`: with 4 descriptors (0-2 and the `.img`'s), the `.dir` fails to
/// open; the `.img` is not read as the `.dff` its first entry is.
#[cfg(target_os = "linux")]
#[test]
fn an_img_whose_dir_fails_to_open_is_refused_naming_the_dir() {
    let folder = Folder::new("emfile");
    let (dir, data) = v1(&entries());
    folder.write("s1.img", &data);
    folder.write("s1.dir", &dir);
    folder.write("one.col", COL);
    let before = folder.snapshot();
    for command in ["list s1.img", "put s1.img one.col out.img"] {
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -n 4 && exec {ZEROCOL} {command}"))
            .current_dir(&folder.0)
            .output()
            .unwrap();
        assert_eq!(code(&o), 2, "{command}: {}", stderr(&o));
        assert_eq!(
            stderr(&o),
            "zerocol: s1.img: cannot read: byte 0: no VER2 magic in a file named .img: a GTA \
             III/VC IMG archive (its .dir beside it lists the entries), but no usable .dir: s1.dir: cannot open: Too \
             many open files (os error 24); s1.DIR does not exist\n",
            "{command}"
        );
        assert_eq!(folder.snapshot(), before, "{command}");
    }
}

/// A v1 pair's other file whose name differs beyond the extension's case
/// (`S1.DIR` beside `s1.img`) is found ignoring case, as on Windows where the
/// games run; two such files are refused, both named.
#[test]
fn a_partner_is_found_ignoring_case_and_two_are_refused() {
    let folder = Folder::new("case_partner");
    let (dir, data) = v1(&entries());
    folder.write("s1.img", &data);
    folder.write("S1.DIR", &dir);
    let listed = "GTA III/VC (v1) IMG archive, 2 entries\n";
    for (arg, name) in [("s1.img", "s1.img"), ("S1.DIR", "S1.DIR")] {
        let o = folder.run(&["list", arg]);
        assert_eq!(code(&o), 0, "{arg}: {}", stderr(&o));
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(
            out.starts_with(&format!("{name}: {listed}")),
            "{arg}: {out}"
        );
        let o = folder.run(&["check", arg]);
        assert_eq!(code(&o), 0, "{arg}: {}", stderr(&o));
    }
    folder.write("S1.Dir", &dir);
    let o = folder.run(&["list", "s1.img"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: s1.img: cannot read: byte 0: no VER2 magic in a file named .img: a GTA III/VC \
         IMG archive (its .dir beside it lists the entries), but no usable .dir: neither s1.dir \
         nor s1.DIR exists, and 2 files match the name ignoring case: S1.DIR, S1.Dir; zerocol \
         takes none of them: rename all but one\n"
    );
    // A folder walk says it too, not skipping the .img as a disk image.
    let o = folder.run(&["check", "."]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: ./s1.img: cannot read: byte 0: no VER2 magic in a file named .img: a GTA \
         III/VC IMG archive (its .dir beside it lists the entries), but no usable .dir: neither \
         s1.dir nor s1.DIR exists, and 2 files match the name ignoring case: S1.DIR, S1.Dir; \
         zerocol takes none of them: rename all but one\n"
    );
    // Given the .dir, its .img the same way.
    std::fs::rename(folder.0.join("s1.img"), folder.0.join("S1.Img")).unwrap();
    std::fs::remove_file(folder.0.join("S1.Dir")).unwrap();
    let o = folder.run(&["list", "S1.DIR"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    folder.write("s1.IMG", &data);
    let o = folder.run(&["list", "S1.DIR"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: S1.DIR: cannot read: a GTA III/VC IMG directory without a usable .img beside \
         it (the archive's data): neither S1.img nor S1.IMG exists, and 2 files match the name \
         ignoring case: S1.Img, s1.IMG; zerocol takes none of them: rename all but one\n"
    );
}

/// A `.dir` declaring more entries than zerocol reads is named, not its `.img`.
#[test]
fn a_too_long_dir_is_named_as_the_fault() {
    let folder = Folder::new("long_dir");
    let dir = std::fs::File::create(folder.0.join("l262145.dir")).unwrap();
    dir.set_len(262_145 * 32).unwrap();
    folder.write("l262145.img", &[0; 2048]);
    for arg in ["l262145.img", "l262145.dir"] {
        let o = folder.run(&["list", arg]);
        assert_eq!(code(&o), 2, "{arg}: {}", stderr(&o));
        assert_eq!(
            stderr(&o),
            "zerocol: l262145.dir: cannot read: a directory of 262145 entries, more than the \
             262144 zerocol reads (a fixed limit, 16 times the largest real archives, which \
             keeps its memory bounded); a directory this long is damaged or no IMG directory: \
             split the archive if its entries are real\n",
            "{arg}"
        );
    }
}

/// `put` names the `.dir` and its record's byte for a v1 entry it cannot write.
#[test]
fn put_names_the_dir_record_of_an_unwritable_entry() {
    let folder = Folder::new("empty_name");
    let mut dir = Vec::new();
    for i in 0u32..12 {
        dir.extend(i.to_le_bytes());
        dir.extend(1u32.to_le_bytes());
        let mut name = [0u8; 24];
        if i != 11 {
            let text = format!("e{i}.col");
            name[..text.len()].copy_from_slice(text.as_bytes());
        }
        dir.extend(name);
    }
    folder.write("e.dir", &dir);
    folder.write("e.img", &vec![0; 12 * 2048]);
    folder.write("one.col", COL);
    let before = folder.snapshot();
    let o = folder.run(&["put", "e.img", "one.col", "o.img"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: e.dir: byte 352: entry 11 \"\" cannot be written: expected entry 11's name to \
         have 1 to 23 bytes and no NUL, found 0 bytes; the game skips it, and --lenient leaves \
         it out (as `zerocol repair` does)\n"
    );
    assert_eq!(folder.snapshot(), before);
}

/// Each refusal of an output says what to do.
#[cfg(unix)]
#[test]
fn refusals_say_what_to_do() {
    let folder = Folder::new("next_step");
    let (dir, data) = v1(&entries());
    folder.write("s1.img", &data);
    folder.write("s1.dir", &dir);
    folder.write("one.col", COL);
    let o = folder.run(&["put", "s1.img", "one.col", "s1.img"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: s1.img: refusing to overwrite the input file; name another OUTPUT\n"
    );
    folder.write("s2.img", &v2(&entries()));
    std::fs::create_dir_all(folder.0.join("y/sample.col")).unwrap();
    let o = folder.run(&["extract", "--force", "s2.img", "y"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: y/sample.col: not written: a folder, not a regular file; remove it, or \
         extract into another folder\n\
         zerocol: y: nothing extracted: 1 of 2 files refused\n"
    );
    assert!(!folder.0.join("y/bbb_lr_slv1.dff").exists());
    folder.write("file", b"");
    let o = folder.run(&["extract", "s2.img", "file/sub"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).ends_with("; extract into another folder\n"),
        "{}",
        stderr(&o)
    );
}

/// An entry the game loads whose name is no plain file name: not extracted, and
/// what to do said.
#[test]
fn extract_says_how_to_leave_out_an_entry_of_no_file_name() {
    let folder = Folder::new("slash_name");
    folder.write(
        "s2.img",
        &v2(&[
            Source {
                name: b"a/b.col",
                data: COL,
            },
            Source {
                name: b"sample.col",
                data: COL,
            },
        ]),
    );
    let o = folder.run(&["extract", "s2.img", "x"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: s2.img/a/b.col: not extracted: its name is not a plain file name; the others \
         are extracted: name them (extract ARCHIVE FOLDER NAME...) to leave it out\n"
    );
    // Whole sectors: the entry's bytes, then the sector's padding.
    assert!(
        std::fs::read(folder.0.join("x/sample.col"))
            .unwrap()
            .starts_with(COL)
    );
    let o = folder.run(&["extract", "--force", "s2.img", "x", "sample.col"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

/// A pair's `.dir` found ignoring case is guarded as the input's: `extract`
/// refuses an entry of its name.
#[test]
fn extract_refuses_an_entry_named_as_a_dir_found_ignoring_case() {
    let folder = Folder::new("case_guard");
    let (dir, data) = v1(&[
        Source {
            name: b"S1.DIR",
            data: COL,
        },
        Source {
            name: b"sample.col",
            data: COL,
        },
    ]);
    folder.write("s1.img", &data);
    folder.write("S1.DIR", &dir);
    let o = folder.run(&["extract", "s1.img", "."]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "zerocol: ./S1.DIR: refusing to overwrite S1.DIR, the .dir of the input s1.img; nothing \
         extracted: extract into another folder\n"
    );
    assert_eq!(std::fs::read(folder.0.join("S1.DIR")).unwrap(), dir);
    assert!(!folder.0.join("sample.col").exists());
}
