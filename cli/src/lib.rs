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
//! zerocol list | extract | put | repair                IMG archives (docs/cli.md)
//! zerocol export [--lenient] [--format NAME] [--game GAME] [--model NAME|INDEX] FILE OUT.obj
//!                                                     Wavefront OBJ and .mtl, for Blender
//! ```
//!
//! `FILE` may be `-` for standard input; a file must be a regular file of at most
//! `--max-size SIZE` bytes (default 256M), and an output is written whole to a new
//! file (unnamed on Linux) put in place only then (docs/cli.md, "Reading files" and
//! "Writing files"); a signal or a kill never leaves a partial file there. Exit
//! status: 0 when every file was read, 1 when a file is malformed (or sniffs as no
//! known format), 2 for usage and I/O errors (2 wins over 1). Whatever the bytes, the tool never panics; a closed
//! stdout (`zerocol dump f | head -1`) ends it quietly.
//!
//! The format commands are functions too, for the `any` fuzz target and for
//! embedding: each format's tool lives in `formats`, in the module named like the
//! library's (`gta`, `dff`, `mkgp`, `battleforge`, and `grit` for TCOL and BCOL, with
//! `img` for what the tool knows of archives), and implements [`Tool`](tool::Tool);
//! [`tool`](dispatch::tool) is the one place that matches on the format. Adding a
//! format means a `zerocol::Format` variant with its sniffing rule, a module, and an
//! arm there.
//!
//! Modules, in import order:
//! - [`tool`]: the [`Tool`](tool::Tool) trait, its one [`Error`](tool::Error), and the
//!   types the commands share ([`Flags`](tool::Flags), [`Checked`](tool::Checked),
//!   [`Conversion`](tool::Conversion), [`Converted`](tool::Converted));
//! - `formats`: one module per format's tool;
//! - [`dispatch`]: from a [`Format`](zerocol::Format) to its tool;
//! - `status` (exit statuses) and `args` (the command line);
//! - `io`: every rule about reading inputs (`load`, and `recognise`: what a file is)
//!   and writing outputs (`staging`: whole, then put in place), IMG archives read
//!   entry by entry (`archive`), what `check` reads, each file once (`scan`), the
//!   progress bar (`progress`);
//! - `commands`: one module per command (`info`, `dump`, `check`, `export`,
//!   `convert`, `ray`, `list`, `extract`, `put`, `repair`), each holding its whole behaviour,
//!   over `open` (a file opened as a format, which they share);
//! - [`main`]: the binary's entry.
//!
//! ```
//! use zerocol::Format;
//! use zerocol_cli::dispatch::tool;
//! use zerocol_cli::tool::Flags;
//!
//! let sample: &[u8] = include_bytes!("../samples/sample.col");
//! let checked = tool(Format::GtaCol).check(sample, Flags::default())?;
//! assert_eq!(checked.summary, "4 models, 0 trailing bytes");
//! assert!(checked.warnings.is_empty());
//!
//! // `zerocol convert --to col3 --for sa`: every model rewritten as COL3.
//! use zerocol_cli::tool::{Conversion, FaceGroups, Settings, Target};
//! let settings = Settings {
//!     version: Target::Col3.gta(),
//!     recompute_bounds: false,
//!     face_groups: FaceGroups::Auto,
//!     drop_shadow_mesh: false,
//!     for_game: Some(zerocol::gta::Game::Sa),
//!     from_game: None,
//! };
//! let conversion = Conversion { to: Some(Target::Col3), settings, lenient: false, recover: false };
//! let converted = tool(Format::GtaCol).convert(sample, conversion)?;
//! let models = zerocol::gta::models(&converted.bytes, zerocol::gta::Options::STRICT);
//! assert!(models.map(|m| m.map(|m| m.version())).all(|v| v == Ok(zerocol::gta::Version::Col3)));
//! // MKGP courses are not converted.
//! let course: &[u8] = include_bytes!("../samples/course.col");
//! assert!(matches!(
//!     tool(Format::MkgpCol).convert(course, conversion),
//!     Err(zerocol_cli::tool::Error::Unsupported)
//! ));
//! # Ok::<(), zerocol_cli::tool::Error>(())
//! ```

#![forbid(unsafe_code)]
#![deny(
    missing_docs,
    unreachable_pub,
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

mod args;
mod commands;
pub mod dispatch;
mod formats;
mod io;
mod status;
pub mod tool;

/// What the tool sniffs a file as, and its message for a file it does not read (for
/// the `any` fuzz target's checks).
pub use crate::io::recognise::unknown;
pub use zerocol::sniff;

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::formats::gta;
use crate::tool::{Conversion, Flags};

use crate::args::{Cli, Command, GameNames, Target};
use crate::commands::{check, convert, dump, export, extract, info, list, put, ray, repair};
use crate::io::report;
use crate::status::{Interrupted, Status};

/// The `zerocol` binary: parses the command line, runs the command, and returns its
/// exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = run(cli.command, &mut out);
    let result = result.and_then(|status| {
        out.flush()
            .map(|()| status)
            .map_err(|error| Interrupted { status, error })
    });
    // A signal caught while an output was written ends the tool by that signal.
    io::staging::end_if_signalled();
    match result {
        Ok(status) => status.code(),
        // The reader went away (`| head`): stop quietly.
        Err(Interrupted { status, error }) if error.kind() == std::io::ErrorKind::BrokenPipe => {
            status.code()
        }
        Err(Interrupted { status, error }) => {
            report("stdout", &error);
            status.max(Status::Failed).code()
        }
    }
}

/// Runs one command, its stdout in `out`.
fn run<W: Write>(command: Command, out: &mut W) -> Result<Status, Interrupted> {
    match command {
        Command::Info {
            common,
            recover,
            game,
            model,
            file,
        } => info::info(
            common,
            recover,
            game,
            model.as_deref(),
            file.as_deref(),
            out,
        ),
        Command::Ray(args) => ray::run(args, out),
        Command::Dump {
            common,
            recover,
            file,
        } => dump::dump(common, recover, &file, out),
        Command::Check {
            common,
            recover,
            quiet,
            json,
            files,
        } => check::check(&files, common, recover, check::Output { json, quiet }, out),
        Command::Convert {
            lenient,
            recover,
            limit,
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
            let conversion = Conversion {
                to,
                settings,
                lenient,
                recover,
            };
            convert::convert(&input, &output, conversion, limit.max_size, out)
        }
        Command::List {
            lenient,
            limit,
            archive,
        } => list::list(&archive, lenient, limit.max_size, out),
        Command::Extract {
            lenient,
            force,
            limit,
            archive,
            folder,
            names,
        } => Ok(extract::extract(
            &archive,
            &folder,
            &names,
            extract::Flags { lenient, force },
            limit.max_size,
        )),
        Command::Put {
            lenient,
            limit,
            model,
            name,
            dff,
            model_file,
            output,
        } => {
            // An archive, or a VERF archive (which `put_entry` names and refuses).
            // An `.img` is an archive by its name, read by its own bytes and its
            // `.dir` (never as the model its first entry may be), or refused.
            if io::archive::named(&dff)
                || io::archive::is_verf_file(&dff)
                || formats::img::named(&dff) != formats::img::Named::Other
            {
                return put::put_entry(
                    &dff,
                    &model_file,
                    &output,
                    name.as_deref(),
                    lenient,
                    limit.max_size,
                    out,
                );
            }
            put::put(
                &dff,
                &model_file,
                &output,
                model.as_deref(),
                lenient,
                limit.max_size,
                out,
            )
        }
        Command::Repair {
            limit,
            archive,
            output,
        } => repair::repair(&archive, &output, limit.max_size, out),
        Command::Export {
            common,
            game,
            model,
            file,
            output,
        } => {
            let flags = Flags {
                game: game.map(GameNames::game),
                model: model.as_deref(),
                ..common.flags()
            };
            export::export(&file, &output, common, flags, out)
        }
    }
}
