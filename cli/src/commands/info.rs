//! `zerocol info`: a readable summary of a file, or of the embedded samples.

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::dispatch::tool;
use crate::tool::{Error, Flags, Sample};
use zerocol::Format;

use crate::args::{Common, GameNames};
use crate::commands::open::one_file;
use crate::io::eprint_line;
use crate::io::load::{Input, load};
use crate::status::{Interrupted, Status};

/// `zerocol info`: FILE's summary, or (without one) the embedded samples'.
pub(crate) fn info<W: Write>(
    common: Common,
    recover: bool,
    game: Option<GameNames>,
    model: Option<&str>,
    file: Option<&Path>,
    out: &mut W,
) -> Result<Status, Interrupted> {
    let flags = Flags {
        lenient: common.lenient,
        recover,
        game: game.map(GameNames::game),
        model,
    };
    let info = |format: Format, input: &Input, out: &mut W| {
        if model.is_some() && !tool(format).has_models() {
            return Err(Error::Usage(format!(
                "--model picks a model of a GTA .col library or a .dff; this is a {} file, which has no models",
                format.name()
            )));
        }
        tool(format).info(out, &input.label, &input.bytes, flags)
    };
    match file {
        Some(path) => one_file(
            load(path, common.limit.max_size),
            common,
            flags,
            true,
            out,
            info,
        ),
        None => samples(common, flags, out, info),
    }
}

/// `zerocol info` without a file: each embedded sample in turn (only the one of
/// `--format` when given; with `--model`, only those with models), a blank line
/// between them; the worst status wins. A `--format` without a sample is a usage
/// error.
pub(crate) fn samples<W: Write>(
    common: Common,
    flags: Flags,
    out: &mut W,
    info: impl Fn(Format, &Input, &mut W) -> Result<(), Error>,
) -> Result<Status, Interrupted> {
    let mut status = Status::Ok;
    let mut first = true;
    for format in Format::ALL {
        let Some(Sample { label, bytes }) = tool(format).sample() else {
            continue;
        };
        let wanted = match common.format {
            Some(forced) => forced == format,
            None => flags.model.is_none() || tool(format).has_models(),
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
        let done =
            one_file(Ok(input), common, flags, true, out, &info).map_err(|e| Interrupted {
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
