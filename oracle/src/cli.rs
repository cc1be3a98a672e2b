//! Any bytes, as the `zerocol` tool reads them (the `any` target; the `cli` feature):
//! sniff the format as the CLI does (and also read the bytes as every other format, as
//! `--format` would), then run the CLI's own `info`, `dump`, `check`, `export`, `ray`
//! and (for Grit files) `convert` code into a sink. The tool's commands are the
//! `zerocol-cli` crate's functions (`zerocol_cli`).

use zerocol::Format;
use zerocol_cli::dispatch::tool;
use zerocol_cli::tool::{Conversion, Error, Flags, Settings, Target};
use zerocol_cli::{sniff, unknown};

const FORMATS: [Format; 6] = Format::ALL;

/// Any bytes through the tool's commands, as the tool sniffs them and as `--format`
/// forces every other format on them.
pub fn bytes(data: &[u8]) {
    let sniffed = sniff(data);
    if sniffed.is_none() {
        // The message for an unknown format quotes the first bytes.
        assert!(!unknown(data).contains('\n'));
    }
    for format in FORMATS {
        if sniffed == Some(format) {
            // As the tool reads it: every command, strict and lenient (BattleForge has
            // no lenient rule), and `info --recover` (a GTA walk's).
            for lenient in [false, true] {
                if lenient && format == Format::CollisionShape {
                    continue;
                }
                let recover = false;
                run(
                    format,
                    data,
                    Flags {
                        lenient,
                        recover,
                        ..Flags::default()
                    },
                );
                if format == Format::GtaCol {
                    let flags = Flags {
                        lenient,
                        recover: true,
                        ..Flags::default()
                    };
                    recovering(format, data, flags);
                    convert_gta(data, format, lenient, true);
                }
            }
        } else {
            // As `--format` forces it on another format's bytes: `check` must refuse or
            // accept without harm (info and dump go through the same parse).
            let _ = tool(format).check(data, Flags::default());
        }
    }
    if let Some(format) = sniffed.filter(|format| format.grit().is_some()) {
        for target in [Target::Tcol, Target::Bcol] {
            for lenient in [false, true] {
                convert(data, format, target, lenient);
            }
        }
    }
}

/// `zerocol convert`: what it writes reads back, strictly, as the target format.
fn convert(data: &[u8], format: Format, target: Target, lenient: bool) {
    let conversion = Conversion {
        to: Some(target),
        settings: Settings::default(),
        lenient,
        recover: false,
    };
    let Ok(converted) = tool(format).convert(data, conversion) else {
        return;
    };
    for warning in &converted.warnings {
        assert!(!warning.contains('\n'), "{warning:?}");
    }
    let format = match target {
        Target::Tcol => Format::Tcol,
        _ => Format::Bcol,
    };
    let check = tool(format).check(&converted.bytes, Flags::default());
    assert!(
        check.is_ok(),
        "convert wrote a {format:?} file that check refuses: {check:?}"
    );
}

/// `info`, `check` and `dump` with `--recover`: info and check agree, and a dump
/// that succeeds is one JSON object, whose models are those `check` counts.
fn recovering(format: Format, data: &[u8], flags: Flags) {
    let verdict = info(format, data, flags);
    let check = tool(format).check(data, flags);
    assert_eq!(verdict.is_ok(), check.is_ok(), "{verdict:?} / {check:?}");
    let mut json = Vec::new();
    match tool(format).dump(&mut json, data, flags) {
        Ok(()) => {
            let value: serde_json::Value = serde_json::from_slice(&json).expect("dump prints JSON");
            assert!(value.is_object(), "dump prints one JSON object");
        }
        Err(Error::Malformed(message)) => {
            assert!(!message.contains('\n') && json.is_empty(), "{message:?}");
            assert!(check.is_err(), "dump refuses what check reads: {message}");
        }
        Err(error) => panic!("dump --recover: {error:?}"),
    }
}

/// `zerocol convert` of a GTA library (`--recover` too): what it writes reads back
/// strictly.
fn convert_gta(data: &[u8], format: Format, lenient: bool, recover: bool) {
    let conversion = Conversion {
        to: None,
        settings: Settings::default(),
        lenient,
        recover,
    };
    let Ok(converted) = tool(format).convert(data, conversion) else {
        return;
    };
    for warning in &converted.warnings {
        assert!(!warning.contains('\n'), "{warning:?}");
    }
    let check = tool(format).check(&converted.bytes, Flags::default());
    assert!(
        check.is_ok(),
        "convert wrote a library check refuses: {check:?}"
    );
}

/// `zerocol info` into a sink: it prints UTF-8 and returns its verdict (never an I/O
/// error).
fn info(format: Format, data: &[u8], flags: Flags) -> Result<(), Error> {
    let mut sink = Vec::new();
    let info = tool(format).info(&mut sink, "(fuzz)", data, flags);
    if let Err(Error::Io(_)) = info {
        panic!("info failed writing into a Vec: {info:?}");
    }
    assert!(std::str::from_utf8(&sink).is_ok(), "info prints UTF-8");
    info
}

/// `info`, `check` and `dump` of one file with one set of flags: they agree on whether
/// the file is malformed, messages are one line, and the dump is one JSON object.
fn run(format: Format, data: &[u8], flags: Flags) {
    let tool = tool(format);
    let verdict = info(format, data, flags);
    let check = tool.check(data, flags);
    match (&verdict, &check) {
        (Ok(()), Ok(checked)) => assert!(!checked.summary.contains('\n')),
        (Err(Error::Malformed(a)), Err(Error::Malformed(b))) => {
            assert!(!a.contains('\n') && !b.contains('\n'), "{a:?} / {b:?}");
        }
        _ => panic!("info says {verdict:?}, check says {check:?}"),
    }
    // The dump streams into its writer, and writes nothing for a malformed file.
    let mut json = Vec::new();
    match tool.dump(&mut json, data, flags) {
        Ok(()) => {
            let value: serde_json::Value = serde_json::from_slice(&json).expect("dump prints JSON");
            assert!(value.is_object(), "dump prints one JSON object");
        }
        Err(Error::Malformed(message)) => {
            assert!(!message.contains('\n'), "{message:?}");
            assert!(
                json.is_empty(),
                "a dump of a malformed file wrote {} bytes",
                json.len()
            );
        }
        // Only `info --model` asks for what a file may not hold.
        Err(Error::Usage(message)) => panic!("dump refused its flags: {message}"),
        Err(error) => panic!("a dump serialises: {error:?}"),
    }
    // `export` reads what `check` reads (a `.dff` without collision has nothing to
    // export), and writes OBJ that reads back.
    match tool.export(data, flags, "fuzz.mtl") {
        Ok(exported) => {
            assert!(check.is_ok(), "export of a file check refuses: {check:?}");
            crate::obj::read(&exported.obj, &exported.mtl, &exported.summary);
        }
        Err(error) => {
            let message = error.to_string();
            assert!(!message.contains('\n'), "{message:?}");
            assert!(check.is_err() || format == Format::Dff, "{message}");
        }
    }
    // `ray`, straight down through the origin: one JSON line with a `hit` where
    // `check` reads the file, nothing written otherwise; a format without queries
    // (or a `--model` that picks none) is a usage error.
    let mut line = Vec::new();
    let down = zerocol::query::Segment::new([0.0, 0.0, 1000.0], [0.0, 0.0, -1000.0]);
    match tool.ray(&mut line, data, down, flags) {
        Ok(()) => {
            assert!(check.is_ok(), "ray of a file check refuses: {check:?}");
            assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
            assert_eq!(line.last(), Some(&b'\n'));
            let value: serde_json::Value = serde_json::from_slice(&line).expect("ray prints JSON");
            let hit = value.get("hit").expect("ray prints a hit or null");
            if let Some(t) = hit.get("t") {
                let t = t.as_f64().expect("t is a number");
                assert!((0.0..=1.0).contains(&t), "{value}");
            }
        }
        Err(Error::Malformed(message)) => {
            assert!(check.is_err(), "ray refuses a file check reads: {message}");
            assert!(!message.contains('\n') && line.is_empty(), "{message:?}");
        }
        Err(Error::Usage(message)) => {
            assert!(
                format != Format::GtaCol || flags.model.is_some(),
                "ray refused a GTA file: {message}"
            );
            assert!(!message.contains('\n') && line.is_empty(), "{message:?}");
        }
        Err(error) => panic!("ray writes: {error:?}"),
    }
}
