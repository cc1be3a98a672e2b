//! `zerocol`: inspect, dump and check game collision files.
//!
//! ```text
//! zerocol info  [--lenient] [--recover] [--game GAME] [--format NAME] [--model NAME|INDEX] [FILE]
//!                                                     readable summary (no FILE: the embedded samples)
//! zerocol dump  [--lenient] [--format NAME] FILE                 the JSON of `docs/dump.md`
//! zerocol check [--lenient] [--format NAME] [-q] [--json] FILE|FOLDER...
//!                                                     a verdict line per file and its warnings
//!                                                     (errors on stderr); folders walked
//! zerocol convert [--lenient] [--to FORMAT] [--for GAME] [GTA options] INPUT OUTPUT
//!                                                     GTA versions; Grit TCOL text <-> BCOL binary
//! zerocol put   [--lenient] [--model NAME|INDEX] DFF MODEL_FILE OUTPUT  a GTA model into a .dff
//! zerocol export [--lenient] [--format NAME] [--game GAME] FILE OUT.obj
//!                                                     Wavefront OBJ and .mtl, for Blender
//! ```
//!
//! `FILE` may be `-` for standard input. Exit status: 0 when every file was read, 1
//! when a file is malformed (or sniffs as no known format), 2 for usage and I/O
//! errors (2 wins over 1). Whatever the bytes, the tool never panics; a closed
//! stdout (`zerocol dump f | head -1`) ends it quietly.
//!
//! The commands themselves are the library's `zerocol::cli` (the `cli` feature): each
//! format lives in the module named like the library's (`gta`, `mkgp`, `battleforge`,
//! and `grit` for TCOL and BCOL), which implements `cli::tool::Tool`;
//! `cli::dispatch::tool` is the one place that matches on the format. Adding a format
//! means a `zerocol::Format` variant with its sniffing rule, a module, and an arm
//! there. This file parses the arguments and calls them.

#![forbid(unsafe_code)]
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::todo,
    clippy::unreachable
)]

use std::borrow::Cow;
use std::ffi::OsStr;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod ray;

use clap::{Args, Parser, Subcommand};

use zerocol::Format;
use zerocol::cli::dispatch::tool;
use zerocol::cli::tool::{self, Flags, Verdict};
use zerocol::cli::{dff, format, grit, gta};

/// The GTA sample shown by `zerocol info` without a file.
const SAMPLE: &[u8] = include_bytes!("../../../samples/sample.col");
/// How the embedded GTA sample is named in messages.
const SAMPLE_LABEL: &str = "(embedded sample)";
/// The MKGP DX course shown by `zerocol info` without a file, after the GTA sample.
const COURSE: &[u8] = include_bytes!("../../../samples/course.col");
/// How the embedded MKGP course is named in messages.
const COURSE_LABEL: &str = "(embedded course sample)";
/// The BattleForge DRS model shown by `zerocol info` without a file, last.
const DRS: &[u8] = include_bytes!("../../../samples/collision.drs");
/// How the embedded DRS model is named in messages.
const DRS_LABEL: &str = "(embedded DRS sample)";
/// The Grit TCOL body shown by `zerocol info` without a file, after the DRS model.
const BODY: &[u8] = include_bytes!("../../../samples/body.tcol");
/// How the embedded TCOL body is named in messages.
const BODY_LABEL: &str = "(embedded TCOL sample)";
/// Every embedded sample, in the order `zerocol info` shows them.
const SAMPLES: [(Format, &str, &[u8]); 4] = [
    (Format::GtaCol, SAMPLE_LABEL, SAMPLE),
    (Format::MkgpCol, COURSE_LABEL, COURSE),
    (Format::CollisionShape, DRS_LABEL, DRS),
    (Format::Tcol, BODY_LABEL, BODY),
];

#[derive(Parser, Debug)]
#[command(
    name = "zerocol",
    version,
    about = "Inspect, dump, check, convert and export game collision files (GTA .col and .dff, Mario Kart Arcade GP DX COL, BattleForge collisionShape, Grit TCOL/BCOL), and put GTA collision into .dff files"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print a readable summary of every model (GTA), of the course grid (MKGP), of
    /// the DRS nodes and collision shapes (BattleForge) or of the body (Grit).
    Info {
        #[command(flatten)]
        common: Common,
        /// Step over damaged models instead of stopping at the first one, and list
        /// the skipped byte ranges (gta-col only: an MKGP course is read whole).
        #[arg(long)]
        recover: bool,
        /// GTA: whose material names to show; by default COLL models take III/VC's
        /// and COL2+ models SA's.
        #[arg(long, value_enum)]
        game: Option<GameNames>,
        /// Print only this model of a GTA .col library or .dff: a value of digits
        /// only is its 0-based index, as `info` numbers the models; anything else its
        /// name, ignoring ASCII case (every model of that name).
        #[arg(long, value_name = "NAME|INDEX")]
        model: Option<String>,
        /// The file to read (`-` for stdin); without it, the samples built into
        /// zerocol (a GTA .col, an MKGP course, a BattleForge DRS model, then a Grit TCOL
        /// body; only the one of `--format` if given).
        file: Option<PathBuf>,
    },
    /// Print everything read from FILE as JSON (see `docs/dump.md`).
    Dump {
        #[command(flatten)]
        common: Common,
        /// The file to read (`-` for stdin).
        file: PathBuf,
    },
    /// Validate files and folders: a verdict line per file, its warnings under it,
    /// then a totals line.
    ///
    /// Errors go to stderr as `FILE: error: ...`. A folder is walked depth first, in
    /// the order of the file names' bytes; links to folders are not followed (links
    /// to files are). In a folder, only collision files count: those whose first
    /// bytes are a format's magic, or named .col, .dff, .gcol, .tcol, .bcol or .drs
    /// (IMG archives and their .dir never); the others are skipped, counted in the
    /// totals line, and are no error. A file named on the command line is always
    /// read.
    Check {
        #[command(flatten)]
        common: Common,
        /// Print only the files with warnings or errors, and the totals line.
        #[arg(short, long)]
        quiet: bool,
        /// Print one JSON object per line and file (`file`, `format`, `status`, then
        /// `summary` and `warnings` with their texts and offsets, or `error`; see
        /// docs/dump.md) instead, errors included, and no totals line.
        #[arg(long)]
        json: bool,
        /// The files and folders to read (`-` for stdin).
        #[arg(required = true, value_name = "FILE|FOLDER")]
        files: Vec<PathBuf>,
    },
    /// Convert a GTA library (or the model in a `.dff`) to another version, or a
    /// Grit collision file between TCOL text and BCOL binary (the input's first
    /// bytes decide what it is; `.gcol` holds either).
    Convert {
        /// Read what the games accept (GTA), the old TCOL dialect, or repair the
        /// material offsets Grit's own converter writes wrongly into BCOL files;
        /// what was let through is printed on stderr as warnings.
        #[arg(long)]
        lenient: bool,
        /// What to write. GTA: `coll`, `col2`, `col3` or `col4` (by default each
        /// model's own version: a rewrite); vertices go to the nearest 1/128 for
        /// COL2+. Grit: by default the other encoding than the input's; the same
        /// one rewrites the file (TCOL in canonical form).
        #[arg(long, value_enum, value_name = "FORMAT")]
        to: Option<Target>,
        /// GTA: recompute each model's bounds (min, max, centre, radius) from its
        /// content.
        #[arg(long)]
        recompute_bounds: bool,
        /// GTA: what to do with face groups.
        #[arg(long, value_enum, value_name = "MODE", default_value = "auto")]
        face_groups: gta::FaceGroups,
        /// GTA: write a model with a shadow mesh as COLL or COL2 without it
        /// (otherwise an error).
        #[arg(long)]
        drop_shadow_mesh: bool,
        /// GTA: the game OUTPUT is for; its surface-material ids are mapped to that
        /// game's table where the input's is the other game's. Needed when COL2+
        /// becomes COLL (iii-vc maps SA's ids, sa keeps them) and when III/VC ids go
        /// to COL2+ (sa maps them); iii-vc needs `--to coll`.
        ///
        /// Each game reads the material ids of every version with its own table
        /// (III/VC: 35 surfaces; SA: 179, for COLL models too). Where the input's
        /// table and the game's differ, every id becomes the game's equivalent, by
        /// meaning, and a warning names each that has none (written as 0 DEFAULT);
        /// where they are the same, the ids are kept. The table is in
        /// docs/formats/gta.md, "Surface materials between the games".
        #[arg(long = "for", value_enum, value_name = "GAME")]
        for_game: Option<GameNames>,
        /// GTA: the game whose material table INPUT's ids are in: by default
        /// III/VC's for COLL models and SA's for COL2+ (as `info` names them); `sa`
        /// for a COLL file made for SA.
        #[arg(long, value_enum, value_name = "GAME")]
        from: Option<GameNames>,
        /// The file to read (`-` for stdin).
        input: PathBuf,
        /// The file to write (`-` for stdout); never the input itself.
        output: PathBuf,
    },
    /// Put a GTA model into a `.dff`: replace its collision, or add one. The model
    /// is copied as it is, version and material ids too (`zerocol convert --to
    /// VERSION --for GAME` changes them first).
    Put {
        /// Read both files as the games do (a short Clump, padding in the model).
        #[arg(long)]
        lenient: bool,
        /// The model to take from MODEL_FILE: its name (ignoring case) or its
        /// 0-based index; a model named with digits only is taken by its name first.
        /// By default the only model, or the one named like the .dff (its file name
        /// or the collision model inside it, ignoring case; stderr says which);
        /// otherwise put refuses and lists the names.
        #[arg(long, value_name = "NAME|INDEX")]
        model: Option<String>,
        /// The `.dff` to put it in (`-` for stdin).
        dff: PathBuf,
        /// The `.col` file holding the model.
        model_file: PathBuf,
        /// The `.dff` to write (`-` for stdout); never an input.
        output: PathBuf,
    },
    /// Write FILE as a Wavefront OBJ and its `.mtl`, to look at in Blender.
    ///
    /// In Blender: File > Import > Wavefront. Every model, shape and mesh is written,
    /// a group and a colour per material. The materials go to a `.mtl` beside OUTPUT,
    /// named like it (spaces, `#` and `\` as `_`). Nothing is left written unless
    /// both files are.
    Export {
        #[command(flatten)]
        common: Common,
        /// GTA: whose material names to use; by default COLL models take III/VC's
        /// and COL2+ models SA's.
        #[arg(long, value_enum)]
        game: Option<GameNames>,
        /// The file to read (`-` for stdin).
        file: PathBuf,
        /// The OBJ file to write (its `.mtl` goes beside it); never the input.
        output: PathBuf,
    },
    /// Cast the segment from one point to another against FILE's collision and
    /// print the nearest hit as one JSON object (see `docs/dump.md`).
    Ray(ray::Ray),
}

/// `--game` (info, export), `--for` and `--from` (convert): whose GTA material table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GameNames {
    /// GTA III and Vice City (35 surfaces).
    IiiVc,
    /// San Andreas (179 surfaces, as in surfinfo.dat).
    Sa,
}

impl GameNames {
    const fn game(self) -> zerocol::gta::Game {
        match self {
            Self::IiiVc => zerocol::gta::Game::IiiVc,
            Self::Sa => zerocol::gta::Game::Sa,
        }
    }
}

/// `convert --to`: a GTA version, or a Grit encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    /// GTA III / Vice City `COLL` (read by San Andreas too).
    Coll,
    /// San Andreas PS2 `COL2`.
    Col2,
    /// San Andreas PC and Xbox `COL3` (adds the shadow mesh).
    Col3,
    /// `COL4`: COL3 and one more word.
    Col4,
    /// Grit TCOL text.
    Tcol,
    /// Grit BCOL binary.
    Bcol,
}

impl Target {
    /// The GTA version, or `None` for a Grit target.
    const fn gta(self) -> Option<zerocol::gta::Version> {
        use zerocol::gta::Version;
        match self {
            Self::Coll => Some(Version::Coll),
            Self::Col2 => Some(Version::Col2),
            Self::Col3 => Some(Version::Col3),
            Self::Col4 => Some(Version::Col4),
            Self::Tcol | Self::Bcol => None,
        }
    }

    /// The Grit encoding, or `None` for a GTA target.
    const fn grit(self) -> Option<grit::Target> {
        match self {
            Self::Tcol => Some(grit::Target::Tcol),
            Self::Bcol => Some(grit::Target::Bcol),
            Self::Coll | Self::Col2 | Self::Col3 | Self::Col4 => None,
        }
    }
}

#[derive(Args, Debug, Clone, Copy)]
struct Common {
    /// Accept what the original games accept, and report what was skipped.
    #[arg(long)]
    lenient: bool,
    /// Read the file as this format instead of sniffing it (gta-col, mkgp-col,
    /// collision-shape, tcol, bcol, dff). A bare collisionShape payload needs
    /// --format collision-shape, which reads a DRS file as a container too.
    #[arg(long, value_name = "NAME", value_parser = format::from_name)]
    format: Option<Format>,
}

impl Common {
    /// What the format modules are told.
    fn flags(self) -> Flags<'static> {
        Flags {
            lenient: self.lenient,
            ..Flags::default()
        }
    }
}

/// Exit status, ordered so that the worst of several wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    /// Everything read.
    Ok,
    /// Malformed input.
    Malformed,
    /// Usage or I/O error.
    Failed,
}

impl Status {
    fn code(self) -> ExitCode {
        ExitCode::from(match self {
            Self::Ok => 0,
            Self::Malformed => 1,
            Self::Failed => 2,
        })
    }
}

/// Writing to stdout failed (a closed pipe, a full disk): the status reached so far.
struct Interrupted {
    status: Status,
    error: io::Error,
}

/// A file's label for messages, its path (empty for stdin and the samples) and its
/// bytes.
struct Input {
    label: String,
    path: PathBuf,
    bytes: Cow<'static, [u8]>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = run(cli.command, &mut out);
    let result = result.and_then(|status| {
        out.flush()
            .map(|()| status)
            .map_err(|error| Interrupted { status, error })
    });
    match result {
        Ok(status) => status.code(),
        // The reader went away (`| head`): stop quietly.
        Err(Interrupted { status, error }) if error.kind() == io::ErrorKind::BrokenPipe => {
            status.code()
        }
        Err(Interrupted { status, error }) => {
            report("stdout", &error);
            status.max(Status::Failed).code()
        }
    }
}

fn run<W: Write>(command: Command, out: &mut W) -> Result<Status, Interrupted> {
    match command {
        Command::Info {
            common,
            recover,
            game,
            model,
            file,
        } => {
            let flags = Flags {
                lenient: common.lenient,
                recover,
                game: game.map(GameNames::game),
                model: model.as_deref(),
            };
            let info = |format: Format, input: &Input, out: &mut W| {
                if model.is_some() && !has_models(format) {
                    return Ok(Verdict::Usage(format!(
                        "--model picks a model of a GTA .col library or a .dff; this is a {} file, which has no models",
                        format.name()
                    )));
                }
                tool(format).info(out, &input.label, &input.bytes, flags)
            };
            match file {
                Some(path) => one_file(load(&path), common, out, info),
                None => samples(common, model.is_some(), out, info),
            }
        }
        Command::Ray(args) => ray::run(args, out),
        Command::Dump { common, file } => {
            // Streamed to `out` as it is serialized, once the file is known to read.
            one_file(load(&file), common, out, |format, input, out| {
                tool(format).dump(out, &input.bytes, common.flags())
            })
        }
        Command::Check {
            common,
            quiet,
            json,
            files,
        } => check(&files, common, Output { json, quiet }, out),
        Command::Convert {
            lenient,
            to,
            recompute_bounds,
            face_groups,
            drop_shadow_mesh,
            for_game,
            from,
            input,
            output,
        } => {
            let settings = gta::Settings {
                version: to.and_then(Target::gta),
                recompute_bounds,
                face_groups,
                drop_shadow_mesh,
                for_game: for_game.map(GameNames::game),
                from_game: from.map(GameNames::game),
            };
            convert(&input, &output, to, settings, lenient, out)
        }
        Command::Put {
            lenient,
            model,
            dff,
            model_file,
            output,
        } => put(&dff, &model_file, &output, model.as_deref(), lenient, out),
        Command::Export {
            common,
            game,
            file,
            output,
        } => {
            let flags = Flags {
                game: game.map(GameNames::game),
                ..common.flags()
            };
            export(&file, &output, common, flags, out)
        }
    }
}

/// `zerocol export`: FILE as OUTPUT (OBJ) and the `.mtl` beside it, written only
/// once the whole export succeeded; a line on stdout says what they hold.
fn export(
    file: &Path,
    output: &Path,
    common: Common,
    flags: Flags,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    // The `.mtl` is named like OUTPUT, as the OBJ's `mtllib` line can name it (no
    // spaces, `#` or `\`).
    let mtllib: String = output
        .file_stem()
        .map(|stem| stem.to_string_lossy())
        .unwrap_or_default()
        .chars()
        .map(zerocol::obj::clean)
        .chain(".mtl".chars())
        .collect();
    let mtl_path = output.with_file_name(&mtllib);
    if output.as_os_str() == "-" || output.file_stem().is_none() || mtl_path == output {
        eprint_line(&format!(
            "zerocol: {}: export writes two files: give an OBJ path not ending in .mtl (its .mtl goes beside it)",
            label(output)
        ));
        return Ok(Status::Failed);
    }
    if refuse_overwrite(&[file], output) || refuse_overwrite(&[file], &mtl_path) {
        return Ok(Status::Failed);
    }
    let (input, format) = match open(load(file), common.format) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    let exported = match tool(format).export(&input.bytes, flags, &mtllib) {
        Ok(exported) => exported,
        Err(message) => {
            report(&input.label, &explain(common.format, &input.bytes, message));
            return Ok(Status::Malformed);
        }
    };
    let s = exported.summary;
    let mut warnings = exported.warnings;
    if s.non_finite > 0 {
        warnings.push(format!(
            "{} NaN or infinite coordinates written as 0",
            s.non_finite
        ));
    }
    if s.unshown > 0 {
        warnings.push(format!(
            "{} shapes without faces (hulls of more than {} points, or past the export's budget, as points; planes without a normal left out)",
            s.unshown,
            zerocol::obj::HULL_CAP
        ));
    }
    for warning in &warnings {
        report(&input.label, &format!("warning: {warning}"));
    }
    for (path, text) in [(output, &exported.obj), (mtl_path.as_path(), &exported.mtl)] {
        if let Err(error) = std::fs::write(path, text) {
            eprint_line(&format!("zerocol: {}: cannot write: {error}", label(path)));
            // Not half a pair: the OBJ goes if its `.mtl` cannot be written.
            if path != output {
                let _ = std::fs::remove_file(output);
            }
            return Ok(Status::Failed);
        }
    }
    writeln!(
        out,
        "{}: objects {}, vertices {}, faces {}, lines {}, materials {} (in {})",
        label(output),
        s.objects,
        s.vertices,
        s.faces,
        s.lines,
        s.materials,
        label(&mtl_path)
    )
    .map(|()| Status::Ok)
    .map_err(|error| Interrupted {
        status: Status::Ok,
        error,
    })
}

/// A loaded file and its format (`forced`, or sniffed), or, with its one stderr line
/// said, the status of a file that could not be read (2) or is no format zerocol
/// reads (1).
fn open(input: Result<Input, String>, forced: Option<Format>) -> Result<(Input, Format), Status> {
    let input = input.map_err(|message| {
        eprint_line(&message);
        Status::Failed
    })?;
    match recognise(&input, forced) {
        Ok(format) => Ok((input, format)),
        Err(message) => {
            report(&input.label, &message);
            Err(Status::Malformed)
        }
    }
}

/// The format to read a file as: `forced`, or (unless its name says it is an IMG
/// archive) sniffed; otherwise the message that says what the file is.
fn recognise(input: &Input, forced: Option<Format>) -> Result<Format, String> {
    if let Some(forced) = forced {
        return Ok(forced);
    }
    if let Some(archive) = format::archive_by_name(&input.path, &input.bytes) {
        return Err(archive);
    }
    format::sniff(&input.bytes).ok_or_else(|| format::unknown(&input.bytes))
}

/// A malformed file's message; when it was read with a `--format` that does not fit,
/// followed by what the file looks like instead.
fn explain(forced: Option<Format>, bytes: &[u8], message: String) -> String {
    match forced.and_then(|forced| format::mismatch(forced, bytes)) {
        Some(mismatch) => format!("{message} ({mismatch})"),
        None => message,
    }
}

/// Whether the format's files hold GTA models, which `check --json` warnings name and
/// `info --model` picks.
const fn has_models(format: Format) -> bool {
    matches!(format, Format::GtaCol | Format::Dff)
}

/// Runs `command` on one file for `info` and `dump`: I/O errors and malformed input
/// become one stderr line each.
fn one_file<W: Write>(
    input: Result<Input, String>,
    common: Common,
    out: &mut W,
    command: impl FnOnce(Format, &Input, &mut W) -> io::Result<Verdict>,
) -> Result<Status, Interrupted> {
    let (input, format) = match open(input, common.format) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    match command(format, &input, out) {
        Ok(Verdict::Ok) => Ok(Status::Ok),
        Ok(Verdict::Usage(message)) => {
            report(&input.label, &message);
            Ok(Status::Failed)
        }
        Ok(Verdict::Malformed(message)) => {
            // What `info` printed before the damage comes first on a terminal.
            let flushed = out.flush();
            report(&input.label, &explain(common.format, &input.bytes, message));
            flushed
                .map(|()| Status::Malformed)
                .map_err(|error| Interrupted {
                    status: Status::Malformed,
                    error,
                })
        }
        Err(error) => Err(Interrupted {
            status: Status::Ok,
            error,
        }),
    }
}

/// `zerocol info` without a file: each embedded sample in turn (only the one of
/// `--format` when given; with `--model`, only those with models), a blank line
/// between them; the worst status wins. A `--format` without a sample is a usage
/// error.
fn samples<W: Write>(
    common: Common,
    model: bool,
    out: &mut W,
    info: impl Fn(Format, &Input, &mut W) -> io::Result<Verdict>,
) -> Result<Status, Interrupted> {
    let mut status = Status::Ok;
    let mut first = true;
    for (format, label, bytes) in SAMPLES {
        let wanted = match common.format {
            Some(forced) => forced == format,
            None => !model || has_models(format),
        };
        if !wanted {
            continue;
        }
        if !first {
            writeln!(out).map_err(|error| Interrupted { status, error })?;
        }
        first = false;
        let input = Input {
            label: label.to_owned(),
            path: PathBuf::new(),
            bytes: Cow::Borrowed(bytes),
        };
        let common = Common {
            format: Some(format),
            ..common
        };
        let done = one_file(Ok(input), common, out, &info).map_err(|e| Interrupted {
            status: status.max(e.status),
            error: e.error,
        })?;
        status = status.max(done);
    }
    if first {
        // `--format` names a format without an embedded sample (bcol).
        let name = common.format.map_or("", Format::name);
        eprint_line(&format!(
            "zerocol: no embedded {name} sample: give a FILE (`zerocol convert` makes a BCOL file of any TCOL one)"
        ));
        return Ok(Status::Failed);
    }
    Ok(status)
}

/// How `check` prints.
#[derive(Clone, Copy, Debug)]
struct Output {
    /// `--json`: one object per line and file, and no totals line.
    json: bool,
    /// `--quiet`: only the files with warnings or errors.
    quiet: bool,
}

/// `zerocol check`: every file gets its verdict, whatever happened to the others,
/// then a totals line; with `--json`, one JSON object per line and file instead
/// (errors included, nothing on stderr) and no totals line. Folders are walked.
fn check(
    paths: &[PathBuf],
    common: Common,
    output: Output,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    let mut run = Check {
        common,
        output,
        status: Status::Ok,
        totals: Totals::default(),
    };
    for path in paths {
        let is_folder =
            path.as_os_str() != "-" && std::fs::metadata(path).is_ok_and(|m| m.is_dir());
        if is_folder {
            run.folder(path, out)?;
        } else {
            run.file(path, out)?;
        }
    }
    let Check { status, totals, .. } = run;
    if !output.json {
        writeln!(out, "{totals}").map_err(|error| Interrupted { status, error })?;
    }
    Ok(status)
}

/// A `check` run: what it prints, and what it has found so far.
struct Check {
    common: Common,
    output: Output,
    status: Status,
    totals: Totals,
}

impl Check {
    /// Walks a folder: its entries in the order of their names' bytes, folders
    /// depth first (links to folders not followed), and only the files
    /// [`format::counts`] takes; the rest are skipped.
    fn folder(&mut self, folder: &Path, out: &mut impl Write) -> Result<(), Interrupted> {
        let entries = std::fs::read_dir(folder).and_then(|entries| {
            entries
                .map(|entry| entry.map(|e| e.path()))
                .collect::<io::Result<Vec<PathBuf>>>()
        });
        let mut entries = match entries {
            Ok(entries) => entries,
            Err(error) => {
                let message = format!(
                    "zerocol: {}: cannot read the folder: {error}",
                    label(folder)
                );
                return self.unreadable(&label(folder), &message, out);
            }
        };
        entries.sort_by(|a, b| {
            let (a, b) = (a.file_name(), b.file_name());
            a.map(OsStr::as_encoded_bytes)
                .cmp(&b.map(OsStr::as_encoded_bytes))
        });
        for path in entries {
            // The entry itself: a link is not followed to a folder.
            let is_folder = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
            if is_folder {
                self.folder(&path, out)?;
                continue;
            }
            // Followed, for a link: a link to a folder, a FIFO or a device is skipped.
            let head = std::fs::metadata(&path).and_then(|m| {
                if m.is_file() {
                    head(&path).map(Some)
                } else {
                    Ok(None)
                }
            });
            match head {
                Ok(Some(head)) if format::counts(&path, &head) => self.file(&path, out)?,
                Err(error) if format::counts(&path, &[]) => {
                    let message = format!("zerocol: {}: cannot read: {error}", label(&path));
                    self.unreadable(&label(&path), &message, out)?;
                }
                Ok(_) | Err(_) => self.totals.skipped = self.totals.skipped.saturating_add(1),
            }
        }
        Ok(())
    }

    /// One file's verdict and warnings (stdout), or its error (stderr).
    fn file(&mut self, path: &Path, out: &mut impl Write) -> Result<(), Interrupted> {
        let input = match load(path) {
            Ok(input) => input,
            Err(message) => return self.unreadable(&label(path), &message, out),
        };
        let forced = self.common.format;
        let (format, verdict) = match recognise(&input, forced) {
            Ok(format) => (
                Some(format),
                tool(format)
                    .check(&input.bytes, self.common.flags())
                    .map_err(|message| explain(forced, &input.bytes, message)),
            ),
            Err(message) => (None, Err(message)),
        };
        let label = &input.label;
        let Output { json, quiet } = self.output;
        let written = match &verdict {
            Ok(checked) => {
                self.totals.ok = self.totals.ok.saturating_add(1);
                let warnings = checked.warnings.len();
                self.totals.warnings = self.totals.warnings.saturating_add(warnings);
                if quiet && warnings == 0 {
                    Ok(())
                } else if json {
                    json_line(out, label, format, "ok", Some(checked), None)
                } else {
                    write_checked(out, label, checked)
                }
            }
            Err(message) => {
                self.status = self.status.max(Status::Malformed);
                self.totals.malformed = self.totals.malformed.saturating_add(1);
                if json {
                    json_line(out, label, format, "malformed", None, Some(message))
                } else {
                    // Errors go to stderr, flushing stdout first so that a terminal
                    // shows them in file order.
                    let flushed = out.flush();
                    eprint_line(&format!("{label}: error: {message}"));
                    flushed
                }
            }
        };
        let status = self.status;
        written.map_err(|error| Interrupted { status, error })
    }

    /// A file or folder that could not be read: `message` on stderr (or, with
    /// `--json`, in the object for `name`).
    fn unreadable(
        &mut self,
        name: &str,
        message: &str,
        out: &mut impl Write,
    ) -> Result<(), Interrupted> {
        self.status = self.status.max(Status::Failed);
        self.totals.unreadable = self.totals.unreadable.saturating_add(1);
        let written = if self.output.json {
            json_line(out, name, None, "unreadable", None, Some(message))
        } else {
            let flushed = out.flush();
            eprint_line(message);
            flushed
        };
        let status = self.status;
        written.map_err(|error| Interrupted { status, error })
    }
}

/// The first [`format::HEAD_LEN`] bytes of a file (fewer if it is shorter).
fn head(path: &Path) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(format::HEAD_LEN);
    std::fs::File::open(path)?
        .take(format::HEAD_LEN as u64)
        .read_to_end(&mut head)?;
    Ok(head)
}

/// `FILE: ok (SUMMARY)`, then one `  warning: ...` line per warning.
fn write_checked(out: &mut impl Write, label: &str, checked: &tool::Checked) -> io::Result<()> {
    writeln!(out, "{label}: ok ({})", checked.summary)?;
    for warning in &checked.warnings {
        writeln!(out, "  warning: {}", warning.text)?;
    }
    Ok(())
}

/// `check`'s counts over all files.
#[derive(Default)]
struct Totals {
    ok: usize,
    malformed: usize,
    unreadable: usize,
    warnings: usize,
    /// Entries of folders that are no collision file.
    skipped: usize,
}

impl std::fmt::Display for Totals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let files = self
            .ok
            .saturating_add(self.malformed)
            .saturating_add(self.unreadable);
        write!(
            f,
            "total: {files} files, {} ok, {} malformed, {} warnings",
            self.ok, self.malformed, self.warnings
        )?;
        if self.unreadable > 0 {
            write!(f, ", {} unreadable", self.unreadable)?;
        }
        if self.skipped > 0 {
            write!(
                f,
                ", {} skipped in folders (not collision files)",
                self.skipped
            )?;
        }
        Ok(())
    }
}

/// One `check --json` line: `file`, `format` (null when unknown), `status` (`ok`,
/// `malformed` or `unreadable`), then `summary` and `warnings`, or `error`.
fn json_line(
    out: &mut impl Write,
    label: &str,
    format: Option<Format>,
    status: &str,
    checked: Option<&tool::Checked>,
    error: Option<&str>,
) -> io::Result<()> {
    let mut object = serde_json::Map::new();
    object.insert("file".into(), label.into());
    object.insert("format".into(), format.map(Format::name).into());
    object.insert("status".into(), status.into());
    if let Some(checked) = checked {
        object.insert("summary".into(), checked.summary.clone().into());
        // `model` for the formats whose warnings can be about a model.
        let models = format.is_some_and(has_models);
        let warnings = checked.warnings.iter().map(|warning| {
            let mut w = serde_json::Map::new();
            w.insert("offset".into(), warning.offset.into());
            if models {
                w.insert("model".into(), warning.model.into());
            }
            w.insert("text".into(), warning.text.clone().into());
            serde_json::Value::Object(w)
        });
        object.insert("warnings".into(), warnings.collect());
    }
    if let Some(error) = error {
        object.insert("error".into(), error.into());
    }
    serde_json::to_writer(&mut *out, &object)?;
    writeln!(out)
}

/// `zerocol convert`: reads INPUT (GTA `.col` or `.dff`, TCOL or BCOL, by its
/// first bytes), writes OUTPUT (`-`: stdout) only once the whole conversion
/// succeeded. Malformed input, or a model the target cannot hold, is exit 1; an
/// input or target convert does not handle, an OUTPUT that is the INPUT, and I/O
/// errors are exit 2.
fn convert(
    input: &Path,
    output: &Path,
    to: Option<Target>,
    settings: gta::Settings,
    lenient: bool,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    if refuse_overwrite(&[input], output) {
        return Ok(Status::Failed);
    }
    let (input, format) = match open(load(input), None) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    let converted = match (format, format.grit(), to) {
        (_, Some(flavour), None) => grit::convert(
            &input.bytes,
            flavour,
            grit::Target::other_than(flavour),
            lenient,
        )
        .map(|c| (c.bytes, c.warnings)),
        (_, Some(flavour), Some(target)) if target.grit().is_some() => {
            let target = target.grit().unwrap_or(grit::Target::other_than(flavour));
            grit::convert(&input.bytes, flavour, target, lenient).map(|c| (c.bytes, c.warnings))
        }
        (Format::GtaCol | Format::Dff, _, to) if to.is_none_or(|t| t.gta().is_some()) => {
            let mut scratch = Vec::new();
            let models = if format == Format::Dff {
                dff::read(&input.bytes, lenient, &mut scratch).and_then(|read| {
                    read.model
                        .map(|model| vec![model])
                        .ok_or_else(|| "the .dff holds no collision model".to_owned())
                })
            } else {
                gta::read_library(&input.bytes, lenient)
            };
            if let Ok(models) = &models {
                // No silent choice of the output's material table: refused before
                // anything is written.
                if let Err(message) = gta::check_materials(models, settings) {
                    report(&input.label, &message);
                    return Ok(Status::Failed);
                }
            }
            models
                .and_then(|models| gta::write_models(&models, settings))
                .map(|c| (c.bytes, c.warnings))
        }
        (format, _, to) => {
            // The name `--to` took, as clap spells it.
            let to = to
                .and_then(|t| clap::ValueEnum::to_possible_value(&t))
                .map_or_else(|| "its default".to_owned(), |v| v.get_name().to_owned());
            report(
                &input.label,
                &format!(
                    "convert writes GTA .col and .dff models as coll, col2, col3 or col4, and \
                     Grit tcol and bcol files as tcol or bcol: not {} as {to}",
                    format.name()
                ),
            );
            return Ok(Status::Failed);
        }
    };
    let (bytes, warnings) = match converted {
        Ok(converted) => converted,
        Err(message) => {
            report(&input.label, &message);
            return Ok(Status::Malformed);
        }
    };
    for warning in &warnings {
        report(&input.label, &format!("warning: {warning}"));
    }
    write_output(output, &bytes, out)
}

/// `zerocol put`: the `.dff` with the model put in, to OUTPUT.
fn put(
    dff: &Path,
    model_file: &Path,
    output: &Path,
    name: Option<&str>,
    lenient: bool,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    if refuse_overwrite(&[dff, model_file], output) {
        return Ok(Status::Failed);
    }
    let dff_path = dff;
    let (dff, model_file) = match (load(dff), load(model_file)) {
        (Ok(dff), Ok(model_file)) => (dff, model_file),
        (Err(message), _) | (_, Err(message)) => {
            eprint_line(&message);
            return Ok(Status::Failed);
        }
    };
    let stem = (dff_path.as_os_str() != "-")
        .then(|| dff_path.file_stem().map(|s| s.to_string_lossy()))
        .flatten();
    match gta::put(
        &dff.bytes,
        stem.as_deref(),
        &model_file.bytes,
        name,
        lenient,
    ) {
        Ok(put) => {
            if let Some(chosen) = &put.chosen {
                report(&model_file.label, chosen);
            }
            write_output(output, &put.bytes, out)
        }
        Err(gta::PutError::Malformed(message)) => {
            report(&dff.label, &message);
            Ok(Status::Malformed)
        }
        Err(gta::PutError::Choice(message)) => {
            report(&model_file.label, &message);
            Ok(Status::Failed)
        }
    }
}

/// `true` (and the message said) when OUTPUT names one of the inputs.
fn refuse_overwrite(inputs: &[&Path], output: &Path) -> bool {
    if output.as_os_str() == "-" {
        return false;
    }
    let clash = inputs
        .iter()
        .any(|input| input.as_os_str() != "-" && same_file(input, output));
    if clash {
        eprint_line(&format!(
            "zerocol: {}: refusing to overwrite the input file",
            label(output)
        ));
    }
    clash
}

/// Writes a command's output file (`-`: stdout).
fn write_output(output: &Path, bytes: &[u8], out: &mut impl Write) -> Result<Status, Interrupted> {
    if output.as_os_str() == "-" {
        return out
            .write_all(bytes)
            .map(|()| Status::Ok)
            .map_err(|error| Interrupted {
                status: Status::Ok,
                error,
            });
    }
    match std::fs::write(output, bytes) {
        Ok(()) => Ok(Status::Ok),
        Err(error) => {
            eprint_line(&format!(
                "zerocol: {}: cannot write: {error}",
                label(output)
            ));
            Ok(Status::Failed)
        }
    }
}

/// Whether two paths name one existing file (the same path after resolving links,
/// or, on Unix, the same device and inode: a hard link).
fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        if a == b {
            return true;
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    false
}

/// Reads a file (`-`: stdin). The error is the whole stderr line.
fn load(path: &Path) -> Result<Input, String> {
    let label = label(path);
    let bytes = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    match bytes {
        Ok(bytes) => Ok(Input {
            label,
            path: if path.as_os_str() == "-" {
                PathBuf::new()
            } else {
                path.to_owned()
            },
            bytes: Cow::Owned(bytes),
        }),
        Err(error) => Err(format!("zerocol: {label}: cannot read: {error}")),
    }
}

/// A path as shown in messages, control characters escaped so that every message
/// stays on one line.
fn label(path: &Path) -> String {
    if path.as_os_str() == "-" {
        return "(stdin)".to_owned();
    }
    path.display()
        .to_string()
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().collect()
            } else {
                String::from(c)
            }
        })
        .collect()
}

/// `zerocol: LABEL: MESSAGE` on stderr.
fn report(label: &str, message: &dyn std::fmt::Display) {
    eprint_line(&format!("zerocol: {label}: {message}"));
}

/// One line on stderr; a failing stderr is ignored (there is nowhere left to say so).
fn eprint_line(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}
