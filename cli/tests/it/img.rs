//! The IMG archive commands: `check` on archives (v2 and v1), `list`, `extract`
//! and `put ARCHIVE FILE OUTPUT`.

use serde_json::Value;
use zerocol::img::{self, Archive, Options, Source};

use crate::support::cli::{TempFile, code, sample, stderr, stdout, zerocol};

const COL: &[u8] = include_bytes!("../../../samples/sample.col");
const DFF: &[u8] = include_bytes!("../../../samples/vehicle.dff");

fn broken() -> Vec<u8> {
    let mut b = COL.to_vec();
    b[4..8].copy_from_slice(&999_999u32.to_le_bytes());
    b
}

fn v2(sources: &[Source<'_>]) -> Vec<u8> {
    let mut out = vec![0; img::required_len(sources.iter().copied()).unwrap()];
    img::write(sources.iter().copied(), &mut out).unwrap();
    out
}

#[test]
fn check_names_each_entry_and_both_offsets() {
    let bad = broken();
    let bytes = v2(&[
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"vehicle.dff",
            data: DFF,
        },
        Source {
            name: b"bad.col",
            data: &bad,
        },
        Source {
            name: b"notes",
            data: b"x",
        },
    ]);
    let archive = TempFile::new("check.img", &bytes);
    let path = archive.path();
    let o = zerocol(&["check", path]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        format!(
            "{path}: ok (San Andreas IMG archive, 4 entries, 3 .col/.dff entries to check)\n  \
             warning: byte 104: entry 3: its name has no extension San Andreas loads, so the game skips it; \
             rename it (.dff, .txd, .col, …) or remove it\n\
             {path}/sample.col: ok (4 models, 932 trailing bytes)\n\
             {path}/vehicle.dff: ok (dff, COL3 \"lamppost_sa\" at byte 60)\n\
             total: 4 files, 3 ok, 1 malformed, 1 warning\n"
        )
    );
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("{path}/bad.col: error: byte 4 (0x4): ")),
        "{err}"
    );
    // bad.col starts at sector 3: the entry's byte 4 is the archive's 6148.
    assert!(
        err.trim_end()
            .ends_with("(offsets in the entry, which starts at archive byte 6144)"),
        "{err}"
    );
    let o = zerocol(&["check", "--json", path]);
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: Vec<&str> = lines.iter().map(|l| l["file"].as_str().unwrap()).collect();
    assert_eq!(
        files,
        [
            path.to_owned(),
            format!("{path}/sample.col"),
            format!("{path}/vehicle.dff"),
            format!("{path}/bad.col")
        ]
    );
    assert_eq!(lines[3]["status"], "malformed");
    assert_eq!(lines[0]["warnings"][0]["offset"], 104);
    // The archive was read as an archive: its format is "img", its entries' their own.
    let formats: Vec<&Value> = lines.iter().map(|l| &l["format"]).collect();
    assert_eq!(formats, ["img", "gta-col", "dff", "gta-col"]);
}

#[test]
fn check_reads_a_v1_pair_by_its_dir_or_img() {
    let sources = [Source {
        name: b"sample.col",
        data: COL,
    }];
    let (dl, il) = img::v1_required_len(sources).unwrap();
    let (mut dir, mut data) = (vec![0; dl], vec![0; il]);
    img::write_v1(sources, &mut dir, &mut data).unwrap();
    let img_file = TempFile::new("pair.img", &data);
    let dir_path = img_file.0.with_extension("dir");
    std::fs::write(&dir_path, &dir).unwrap();
    for path in [img_file.path(), dir_path.to_str().unwrap()] {
        let o = zerocol(&["check", path]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert_eq!(
            stdout(&o),
            format!(
                "{path}: ok (GTA III/VC IMG archive, 1 entry, 1 .col/.dff entry to check)\n\
                 {path}/sample.col: ok (4 models, 932 trailing bytes)\n\
                 total: 2 files, 2 ok, 0 malformed, 0 warnings\n"
            )
        );
    }
    let _ = std::fs::remove_file(dir_path);
}

#[test]
fn damaged_directory_strict_offset_lenient_reads() {
    // 3 declared, 1 real, then a leftover without a dot past the end.
    let mut bytes = vec![0u8; 2 * 2048];
    bytes[..8].copy_from_slice(b"VER2\x02\0\0\0");
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    bytes[12..14].copy_from_slice(&1u16.to_le_bytes());
    bytes[16..26].copy_from_slice(b"sample.col");
    bytes[2048..2048 + COL.len()].copy_from_slice(COL);
    bytes[40..44].copy_from_slice(&0x00FF_0000u32.to_le_bytes());
    bytes[44..46].copy_from_slice(&9u16.to_le_bytes());
    bytes[48..56].copy_from_slice(b"leftover");
    let archive = TempFile::new("damaged.img", &bytes);
    let path = archive.path();
    let o = zerocol(&["list", path]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {path}: byte 40 (0x28): expected entry 1's sectors inside the archive's 2 sectors, they end at sector 16711689 (its name has no extension the game loads, so the game skips it); --lenient reads the archive\n"
        )
    );
    let o = zerocol(&["list", "--lenient", path]);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!("{path}: San Andreas (v2) IMG archive, 1 entry\n")),
        "{out}"
    );
    assert!(
        out.contains("  warning: byte 40: entry 1: its name has no extension the game loads"),
        "{out}"
    );
}

#[test]
fn extract_is_byte_identical_and_put_keeps_the_others() {
    let bytes = v2(&[
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"vehicle.dff",
            data: DFF,
        },
    ]);
    let archive = TempFile::new("x.img", &bytes);
    let folder = TempFile::path_only("extracted");
    let o = zerocol(&["extract", archive.path(), folder.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let parsed = Archive::parse(&bytes, Options::STRICT).unwrap();
    for entry in parsed.entries() {
        let name = std::str::from_utf8(entry.entry.name).unwrap();
        assert_eq!(std::fs::read(folder.0.join(name)).unwrap(), entry.bytes);
    }
    let o = zerocol(&["extract", archive.path(), folder.path(), "MISSING.col"]);
    assert_eq!(code(&o), 2);
    // Replace sample.col, then add a file.
    let replaced = TempFile::path_only("replaced.img");
    let new_col = TempFile::new("sample.col", COL);
    let o = zerocol(&[
        "put",
        archive.path(),
        new_col.path(),
        replaced.path(),
        "--name",
        "SAMPLE.COL",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: replacing entry 0 \"sample.col\"\n",
            archive.path()
        )
    );
    let out = replaced.read();
    let written = Archive::parse(&out, Options::STRICT).unwrap();
    assert_eq!(
        written.find(b"vehicle.dff").unwrap().bytes,
        parsed.find(b"vehicle.dff").unwrap().bytes
    );
    assert_eq!(
        &written.find(b"sample.col").unwrap().bytes[..COL.len()],
        COL
    );
    let added = TempFile::path_only("added.img");
    let o = zerocol(&[
        "put",
        archive.path(),
        &sample("body.tcol"),
        added.path(),
        "--name",
        "body.col",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!("zerocol: {}: adding entry 2 \"body.col\"\n", archive.path())
    );
    let out = added.read();
    let written = Archive::parse(&out, Options::STRICT).unwrap();
    assert_eq!(written.entries().count(), 3);
    for entry in parsed.entries() {
        assert_eq!(written.find(entry.entry.name).unwrap().bytes, entry.bytes);
    }
    let _ = std::fs::remove_dir_all(&folder.0);
}

/// A FIFO named like an archive is refused at once by every archive command, never
/// opened (which would block).
#[cfg(unix)]
#[test]
fn a_fifo_named_like_an_archive_is_refused_at_once() {
    let fifo = TempFile::path_only("fifo.img");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo.0)
        .status()
        .unwrap();
    assert!(made.success());
    for args in [
        vec!["check", fifo.path()],
        vec!["list", fifo.path()],
        vec!["extract", fifo.path(), "/nonexistent-zerocol-dir"],
        vec!["put", fifo.path(), fifo.path(), "/nonexistent-zerocol-out"],
    ] {
        let o = zerocol(&args);
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(
            stderr(&o).contains("a FIFO (named pipe), not a regular file"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn put_into_a_v1_pair_writes_the_img_and_its_dir() {
    let sources = [
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"vehicle.dff",
            data: DFF,
        },
    ];
    let (dl, il) = img::v1_required_len(sources).unwrap();
    let (mut dir, mut data) = (vec![0; dl], vec![0; il]);
    img::write_v1(sources, &mut dir, &mut data).unwrap();
    let img_file = TempFile::new("pair-in.img", &data);
    let dir_path = img_file.0.with_extension("dir");
    std::fs::write(&dir_path, &dir).unwrap();
    let out = TempFile::path_only("pair-out.img");
    let out_dir = out.0.with_extension("dir");
    let new = TempFile::new("new.col", COL);
    let o = zerocol(&[
        "put",
        dir_path.to_str().unwrap(),
        new.path(),
        out.path(),
        "--name",
        "new.col",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let (written_dir, written_img) = (std::fs::read(&out_dir).unwrap(), out.read());
    let written = Archive::parse_v1(&written_dir, &written_img, Options::STRICT).unwrap();
    let original = Archive::parse_v1(&dir, &data, Options::STRICT).unwrap();
    let names: Vec<_> = written.entries().map(|e| e.entry.name).collect();
    assert_eq!(names, [&b"sample.col"[..], b"vehicle.dff", b"new.col"]);
    for entry in original.entries() {
        assert_eq!(written.find(entry.entry.name).unwrap().bytes, entry.bytes);
    }
    // Standard output cannot hold a pair.
    let o = zerocol(&["put", img_file.path(), new.path(), "-"]);
    assert_eq!(code(&o), 2);
    for p in [dir_path, out_dir] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn list_and_extract_take_max_size_for_each_read() {
    let bytes = v2(&[
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"vehicle.dff",
            data: DFF,
        },
    ]);
    let archive = TempFile::new("limits.img", &bytes);
    // The directory: 8 bytes of header and two 32-byte entries.
    let o = zerocol(&["list", "--max-size", "1K", archive.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("sample.col"), "{}", stdout(&o));
    let o = zerocol(&["list", "--max-size", "64", archive.path()]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot read: a directory of 72 bytes, more than --max-size (64 bytes); \
             --max-size 1M reads it anyway\n",
            archive.path()
        )
    );
    // Each entry is at least a 2,048-byte sector: none is read under 1K.
    let folder = TempFile::path_only("limited");
    let o = zerocol(&["extract", "--max-size", "1K", archive.path(), folder.path()]);
    assert_ne!(code(&o), 0);
    assert!(
        stderr(&o).contains("more than --max-size (1K); --max-size 1M reads it anyway"),
        "{}",
        stderr(&o)
    );
    assert!(!folder.0.join("sample.col").exists());
    let o = zerocol(&["extract", "--max-size", "1M", archive.path(), folder.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        std::fs::read(folder.0.join("sample.col")).unwrap()[..COL.len()],
        *COL
    );
}
