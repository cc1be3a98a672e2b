//! Damaged and foreign IMG archives: `zerocol repair`, what `--lenient` skips in
//! `list`, `extract` and `put`, archives with the magic `VERF` in every command,
//! and `put` naming the file each message is about.

use zerocol::img::{self, Archive, Options, Source};

use crate::support::cli::{TempFile, code, stderr, stdout, zerocol};

const COL: &[u8] = include_bytes!("../../../samples/sample.col");
const DFF: &[u8] = include_bytes!("../../../samples/vehicle.dff");

/// The entries the game reads in [`damaged`].
fn good() -> [Source<'static>; 3] {
    [
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"vehicle.dff",
            data: DFF,
        },
        Source {
            name: b"tiny.txd",
            data: b"texture bytes",
        },
    ]
}

/// A v2 archive of [`good`] written by the library, whose directory then declares
/// 8 entries: after the 3 real ones, the leftovers of a damaged directory (as the
/// real VER2 file that declares 120 and holds 64): names without a dot far past
/// the end, an empty name of no sectors, a control-character name inside the
/// archive, and all zeros.
fn damaged() -> (Vec<u8>, Vec<u8>) {
    let sources = good();
    let mut written = vec![0; img::required_len(sources).unwrap()];
    img::write(sources, &mut written).unwrap();
    let mut bytes = written.clone();
    // 8 + 8 × 32 = 264 bytes: still inside the directory's one sector.
    assert_eq!(img::data_sector(img::Version::V2, 3).unwrap(), 1);
    bytes[4..8].copy_from_slice(&8u32.to_le_bytes());
    let junk: [(u32, u16, &[u8]); 5] = [
        (0x00A1_B2C3, 77, b"leftover1"),
        (0x0012_3456, 3, b"\x01\x02junk"),
        (0, 0, b""),
        (1, 1, b"\x7fgarbage"),
        (0x7FFF_0000, 9, b"OLDNAME"),
    ];
    for (i, (offset, size, name)) in junk.iter().enumerate() {
        let at = 8 + (3 + i) * 32;
        bytes[at..at + 4].copy_from_slice(&offset.to_le_bytes());
        bytes[at + 4..at + 6].copy_from_slice(&size.to_le_bytes());
        bytes[at + 8..at + 8 + name.len()].copy_from_slice(name);
    }
    (bytes, written)
}

/// The three good entries of `bytes`, strictly parsed, with their bytes, match
/// those of `original`.
fn assert_good_entries(bytes: &[u8], original: &[u8]) {
    let written = Archive::parse(bytes, Options::STRICT).unwrap();
    let original = Archive::parse(original, Options::STRICT).unwrap();
    let names: Vec<&[u8]> = written.entries().map(|e| e.entry.name).collect();
    assert_eq!(names, [&b"sample.col"[..], b"vehicle.dff", b"tiny.txd"]);
    for (new, old) in written.entries().zip(original.entries()) {
        assert_eq!(new.bytes, old.bytes, "{:?}", new.entry.name);
    }
    assert_eq!(written.directory().declared(), 3);
}

#[test]
fn repair_keeps_what_the_game_reads_and_names_each_drop() {
    let (bytes, original) = damaged();
    let archive = TempFile::new("damaged.img", &bytes);
    let path = archive.path();
    let repaired = TempFile::path_only("repaired.img");
    let o = zerocol(&["repair", path, repaired.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let games = "its name has no extension San Andreas loads";
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {path}: warning: dropped entry 3 \"leftover1\": {games}, and its sectors end at byte 21702934528, past the archive's 8192; the game skips it\n\
             zerocol: {path}: warning: dropped entry 4 \"\\u{{1}}\\u{{2}}junk\": {games}, and its sectors end at byte 2443364352, past the archive's 8192; the game skips it\n\
             zerocol: {path}: warning: dropped entry 5 \"\": {games}; the game skips it\n\
             zerocol: {path}: warning: dropped entry 6 \"\\u{{7f}}garbage\": {games}; the game skips it\n\
             zerocol: {path}: warning: dropped entry 7 \"OLDNAME\": {games}, and its sectors end at byte 4397912311808, past the archive's 8192; the game skips it\n\
             zerocol: {path}: kept 3 of 8 entries declared, dropped 5\n"
        )
    );
    let out = repaired.read();
    assert_good_entries(&out, &original);
    // The library's own writer lays the good entries out the same way.
    assert_eq!(out, original);
    // The input is untouched; repairing a sound archive keeps it as it is.
    assert_eq!(archive.read(), bytes);
    let sound = TempFile::new("sound.img", &original);
    let again = TempFile::path_only("again.img");
    let o = zerocol(&["repair", sound.path(), again.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: kept 3 of 3 entries declared, dropped 0\n",
            sound.path()
        )
    );
    assert_eq!(again.read(), original);
    // Never over the input.
    let o = zerocol(&["repair", path, path]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!("zerocol: {path}: refusing to overwrite the input file; name another OUTPUT\n")
    );
    assert_eq!(archive.read(), bytes);
}

#[test]
fn repair_drops_later_duplicates_and_rewrites_a_v1_pair() {
    let sources = [
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"notes.txt",
            data: b"not loaded",
        },
        Source {
            name: b"SAMPLE.COL",
            data: b"a second copy the game never reads",
        },
        Source {
            name: b"vehicle.dff",
            data: DFF,
        },
    ];
    let (dl, il) = img::v1_required_len(sources).unwrap();
    let (mut dir, mut data) = (vec![0; dl], vec![0; il]);
    img::write_v1(sources, &mut dir, &mut data).unwrap();
    let img_file = TempFile::new("dups.img", &data);
    let dir_path = img_file.0.with_extension("dir");
    std::fs::write(&dir_path, &dir).unwrap();
    let dir_arg = dir_path.to_str().unwrap();
    // OUTPUT must name an .img, and never an input (the .dir of the pair either).
    for (output, message) in [
        (
            "-",
            "zerocol: standard output: cannot hold a GTA III/VC archive, which is a .dir and an .img: name OUTPUT NAME.img (its .dir is written beside it)\n".to_owned(),
        ),
        (
            dir_arg,
            format!("zerocol: {dir_arg}: refusing to overwrite the input file; name another OUTPUT\n"),
        ),
    ] {
        let o = zerocol(&["repair", img_file.path(), output]);
        assert_eq!(code(&o), 2, "{output}");
        assert_eq!(stderr(&o), message);
    }
    let out = TempFile::path_only("dups-out.img");
    let out_dir = out.0.with_extension("dir");
    let o = zerocol(&["repair", dir_arg, out.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {dir_arg}: warning: dropped entry 1 \"notes.txt\": its name has no extension Vice City loads; the game skips it\n\
             zerocol: {dir_arg}: warning: dropped entry 2 \"SAMPLE.COL\": the name of entry 0 again; the game keeps entry 0 and skips it\n\
             zerocol: {dir_arg}: kept 2 of 4 entries declared, dropped 2\n"
        )
    );
    let (new_dir, new_img) = (std::fs::read(&out_dir).unwrap(), out.read());
    let written = Archive::parse_v1(&new_dir, &new_img, Options::STRICT).unwrap();
    let original = Archive::parse_v1(&dir, &data, Options::STRICT).unwrap();
    let names: Vec<&[u8]> = written.entries().map(|e| e.entry.name).collect();
    assert_eq!(names, [&b"sample.col"[..], b"vehicle.dff"]);
    for entry in written.entries() {
        assert_eq!(
            entry.bytes,
            original.find(entry.entry.name).unwrap().bytes,
            "{:?}",
            entry.entry.name
        );
    }
    for p in [dir_path, out_dir] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn lenient_commands_skip_what_the_game_skips() {
    let (bytes, original) = damaged();
    let archive = TempFile::new("junk.img", &bytes);
    let path = archive.path();
    // Strict: the leftovers past the end are an error, and --lenient is named.
    let o = zerocol(&["extract", path, TempFile::path_only("strict").path()]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("so the game skips it); --lenient reads the archive"),
        "{}",
        stderr(&o)
    );

    let o = zerocol(&["list", "--lenient", path]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!(
            "{path}: San Andreas (v2) IMG archive, 3 entries\n"
        )),
        "{out}"
    );
    let listed: Vec<&str> = out
        .lines()
        .skip(2)
        .take_while(|l| !l.starts_with("  warning"))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(listed, ["sample.col", "vehicle.dff", "tiny.txd"]);
    assert!(
        out.contains("  warning: byte 104: entry 3: its name has no extension the game loads and its sectors end at sector 10597136, past the archive's 4: San Andreas skips it (leftover directory bytes), and so does this lenient read; write the archive anew without it (`zerocol repair` does)\n"),
        "{out}"
    );

    let folder = TempFile::path_only("lenient-out");
    let o = zerocol(&["extract", "--lenient", path, folder.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 5, "{err}");
    assert!(lines[0].starts_with(&format!(
        "zerocol: {path}: warning: skipped entry 3 \"leftover1\": "
    )));
    assert!(lines[3].starts_with(&format!("zerocol: {path}: warning: skipped entry 6 ")));
    let mut files: Vec<String> = std::fs::read_dir(&folder.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files, ["sample.col", "tiny.txd", "vehicle.dff"]);
    let parsed = Archive::parse(&original, Options::STRICT).unwrap();
    for entry in parsed.entries() {
        let name = std::str::from_utf8(entry.entry.name).unwrap();
        assert_eq!(std::fs::read(folder.0.join(name)).unwrap(), entry.bytes);
    }
    let _ = std::fs::remove_dir_all(&folder.0);

    // put --lenient: the skipped entries are left out, each named; FILE is not blamed.
    let new = TempFile::new("new.col", COL);
    let put = TempFile::path_only("put-lenient.img");
    let o = zerocol(&[
        "put",
        "--lenient",
        path,
        new.path(),
        put.path(),
        "--name",
        "new.col",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.matches(": warning: skipped entry ").count(), 5, "{err}");
    assert!(!err.contains(new.path()), "{err}");
    assert!(
        err.ends_with(&format!("zerocol: {path}: adding entry 3 \"new.col\"\n")),
        "{err}"
    );
    let put_bytes = put.read();
    let written = Archive::parse(&put_bytes, Options::STRICT).unwrap();
    let names: Vec<&[u8]> = written.entries().map(|e| e.entry.name).collect();
    assert_eq!(
        names,
        [&b"sample.col"[..], b"vehicle.dff", b"tiny.txd", b"new.col"]
    );
    for entry in parsed.entries() {
        assert_eq!(written.find(entry.entry.name).unwrap().bytes, entry.bytes);
    }
}

#[test]
fn past_a_few_skipped_entries_are_counted() {
    // 3 real entries, then 9 empty names (all zeros) inside the directory sector.
    let sources = good();
    let mut bytes = vec![0; img::required_len(sources).unwrap()];
    img::write(sources, &mut bytes).unwrap();
    bytes[4..8].copy_from_slice(&12u32.to_le_bytes());
    let archive = TempFile::new("zeros.img", &bytes);
    let path = archive.path();
    let folder = TempFile::path_only("zeros-out");
    // Strict: an empty name is no file name.
    let o = zerocol(&["extract", path, folder.path()]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).starts_with(&format!(
            "zerocol: {path}/: not extracted: its name is not a plain file name; the game skips \
             it, and so does --lenient\n"
        )),
        "{}",
        stderr(&o)
    );
    // The strict run wrote the good entries: replacing them takes --force.
    let o = zerocol(&["extract", "--lenient", "--force", path, folder.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 6, "{err}");
    assert_eq!(
        lines[0],
        format!(
            "zerocol: {path}: warning: skipped entry 3 \"\": its name has no extension San Andreas loads; the game skips it"
        )
    );
    assert_eq!(
        lines[5],
        format!(
            "zerocol: {path}: warning: skipped 4 more entries the game skips (`zerocol repair` writes the archive without them, naming each)"
        )
    );
    let _ = std::fs::remove_dir_all(&folder.0);
    // Strict put blames the archive's entry, not the user's file.
    let new = TempFile::new("new.col", COL);
    let out = TempFile::path_only("zeros-put.img");
    let o = zerocol(&["put", path, new.path(), out.path()]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {path}: byte 104: entry 3 \"\" cannot be written: expected entry 3's name to have 1 to 23 bytes and no NUL, found 0 bytes; the game skips it, and --lenient leaves it out (as `zerocol repair` does)\n"
        )
    );
    assert!(!out.0.exists());
}

/// A `VERF` archive: a header like VER2's, then entries.
fn verf() -> Vec<u8> {
    let mut bytes = vec![0u8; 2 * 2048];
    bytes[..8].copy_from_slice(b"VERF\x01\0\0\0");
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    bytes[12..14].copy_from_slice(&1u16.to_le_bytes());
    bytes[16..26].copy_from_slice(b"sample.col");
    bytes[2048..2048 + COL.len()].copy_from_slice(COL);
    bytes
}

const VERF: &str = "an IMG archive with the magic VERF (written by some mod loaders): the games do not read it, and neither does zerocol; the mod loader that wrote it reads it";

#[test]
fn a_verf_archive_is_named_in_every_command() {
    let bytes = verf();
    for name in ["mod.img", "mod.bin"] {
        let file = TempFile::new(name, &bytes);
        let path = file.path();
        for (args, status) in [
            (vec!["info", path], 1),
            (vec!["check", path], 1),
            (vec!["dump", path], 1),
        ] {
            let o = zerocol(&args);
            assert_eq!(code(&o), status, "{args:?}");
            assert!(stderr(&o).contains(VERF), "{args:?}: {}", stderr(&o));
            assert!(!stderr(&o).contains("III/VC"), "{args:?}: {}", stderr(&o));
        }
        let out = TempFile::path_only("verf-out.img");
        let col = TempFile::new("x.col", COL);
        let cannot = format!("zerocol: {path}: cannot read: {VERF}\n");
        for args in [
            vec!["list", path],
            vec!["extract", path, out.path()],
            vec!["repair", path, out.path()],
            vec!["put", path, col.path(), out.path()],
        ] {
            let o = zerocol(&args);
            assert_eq!(code(&o), 2, "{args:?}");
            assert_eq!(stderr(&o), cannot, "{args:?}");
            assert!(!out.0.exists(), "{args:?}");
        }
    }
    // Given as the model file of a .dff: the model file's message names it.
    let file = TempFile::new("mod.img", &bytes);
    let dff = TempFile::new("car.dff", DFF);
    let out = TempFile::path_only("car-verf.dff");
    let o = zerocol(&["put", dff.path(), file.path(), out.path()]);
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("zerocol: {}: ", file.path())),
        "{err}"
    );
    assert!(
        err.trim_end().ends_with(
            "(this looks like an IMG archive with the magic VERF (written by some mod loaders), \
             not a GTA .col library: the games do not read it, and neither does zerocol; the mod \
             loader that wrote it reads it)"
        ),
        "{err}"
    );
    assert!(!out.0.exists());
    // A folder walk names it in its totals.
    let folder = TempFile::path_only("verf-folder");
    std::fs::create_dir_all(&folder.0).unwrap();
    std::fs::write(folder.0.join("mod.img"), &bytes).unwrap();
    std::fs::write(folder.0.join("readme.txt"), b"hello").unwrap();
    std::fs::write(folder.0.join("sample.col"), COL).unwrap();
    let o = zerocol(&["check", folder.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).ends_with(
            "total: 1 file, 1 ok, 0 malformed, 0 warnings, 1 skipped in folders (not collision files), 1 skipped in folders as an IMG archive with the magic VERF (written by some mod loaders), which the games and zerocol do not read\n"
        ),
        "{}",
        stdout(&o)
    );
    std::fs::write(folder.0.join("other.img"), &bytes).unwrap();
    let o = zerocol(&["check", folder.path()]);
    assert!(
        stdout(&o).contains(", 2 skipped in folders as IMG archives with the magic VERF (written by some mod loaders), which the games and zerocol do not read\n"),
        "{}",
        stdout(&o)
    );
    // With --json, each gets an object of its own (there is no totals line).
    let o = zerocol(&["check", "--json", folder.path()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let skipped: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|line| line["status"] == "skipped")
        .collect();
    assert_eq!(skipped.len(), 2, "{}", stdout(&o));
    let folder_path = folder.path();
    assert_eq!(
        *skipped[0],
        serde_json::json!({
            "file": format!("{folder_path}/mod.img"),
            "format": null,
            "status": "skipped",
            "reason": VERF,
        })
    );
    assert_eq!(skipped[1]["file"], format!("{folder_path}/other.img"));
    assert_eq!(lines.len(), 3, "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&folder.0);
}

#[test]
fn put_names_the_file_each_message_is_about() {
    // A fault in the model file is the model file's.
    let dff = TempFile::new("car.dff", DFF);
    let bad = TempFile::new("bad.col", b"COLL\xff\xff\xff\x7fjunk");
    let out = TempFile::path_only("car-out.dff");
    let o = zerocol(&["put", dff.path(), bad.path(), out.path()]);
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("zerocol: {}: ", bad.path())),
        "{err}"
    );
    assert!(!err.contains(dff.path()), "{err}");
    assert!(!out.0.exists());

    // A III/VC archive's OUTPUT that is not an .img: the message is OUTPUT's.
    let sources = [Source {
        name: b"sample.col",
        data: COL,
    }];
    let (dl, il) = img::v1_required_len(sources).unwrap();
    let (mut dir, mut data) = (vec![0; dl], vec![0; il]);
    img::write_v1(sources, &mut dir, &mut data).unwrap();
    let img_file = TempFile::new("gta3.img", &data);
    let dir_path = img_file.0.with_extension("dir");
    std::fs::write(&dir_path, &dir).unwrap();
    let col = TempFile::new("x.col", COL);
    let out_dir = TempFile::path_only("out2.dir");
    let o = zerocol(&[
        "put",
        dir_path.to_str().unwrap(),
        col.path(),
        out_dir.path(),
    ]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot be a GTA III/VC archive, which is a .dir and an .img: name OUTPUT NAME.img (its .dir is written beside it)\n",
            out_dir.path()
        )
    );
    assert!(!stderr(&o).contains("standard output"));

    // An entry name that cannot be: FILE's, or --name's.
    let archive = TempFile::new("named.img", &{
        let mut b = vec![0; img::required_len(sources).unwrap()];
        img::write(sources, &mut b).unwrap();
        b
    });
    let long = TempFile::new("a_file_name_of_thirty_bytes.col", COL);
    let out = TempFile::path_only("named-out.img");
    let o = zerocol(&["put", archive.path(), long.path(), out.path()]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: cannot be the entry \"{}\" (its file name): expected an entry name of 1 to 23 bytes and no NUL, found {} bytes; --name NAME names the entry\n",
            long.path(),
            long.0.file_name().unwrap().to_str().unwrap(),
            long.0.file_name().unwrap().len()
        )
    );
    let o = zerocol(&[
        "put",
        archive.path(),
        col.path(),
        out.path(),
        "--name",
        "a_name_far_too_long_for_it.col",
    ]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "zerocol: {}: --name \"a_name_far_too_long_for_it.col\": expected an entry name of 1 to 23 bytes and no NUL, found 30 bytes\n",
            col.path()
        )
    );
    assert!(!out.0.exists());
    let _ = std::fs::remove_file(dir_path);
}

/// `check --lenient` checks only the entries the game reads: of two entries of one
/// name, the first (the game's); the other is named in the archive's warnings and
/// counted in its summary. Strict, both are checked.
#[test]
fn check_lenient_checks_only_what_the_game_reads() {
    let mut broken = COL.to_vec();
    broken[4..8].copy_from_slice(&999_999u32.to_le_bytes());
    let sources = [
        Source {
            name: b"a.col",
            data: COL,
        },
        Source {
            name: b"A.COL",
            data: &broken,
        },
    ];
    let mut bytes = vec![0; img::required_len(sources.iter().copied()).unwrap()];
    img::write(sources.iter().copied(), &mut bytes).unwrap();
    let archive = TempFile::new("twice.img", &bytes);
    let path = archive.path();
    let o = zerocol(&["check", path]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert!(
        stderr(&o).contains(&format!("{path}/A.COL: error: ")),
        "{}",
        stderr(&o)
    );

    let o = zerocol(&["check", "--lenient", path]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!(
            "{path}: ok (San Andreas IMG archive, 2 entries, 1 the game skips, 1 .col/.dff entry to check)\n"
        )),
        "{out}"
    );
    assert!(
        out.contains(
            "  warning: skipped entry 1 \"A.COL\": the name of entry 0 again; the game keeps entry 0 and skips it\n"
        ),
        "{out}"
    );
    assert!(out.contains(&format!("{path}/a.col: ok (")), "{out}");
    assert!(!out.contains("A.COL: "), "{out}");
}
