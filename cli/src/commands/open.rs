//! What the commands share: a file opened as a format, and `info` and `dump`'s
//! one-file run.

use std::io::Write;

use crate::io::recognise as format;
use crate::tool::Error;
use zerocol::Format;

use crate::args::Common;
use crate::io::load::Input;
use crate::io::{eprint_line, report};
use crate::status::{Interrupted, Status};

/// A loaded file and its format (`forced`, or sniffed), or, with its one stderr line
/// said, the status of a file that could not be read (2) or is no format zerocol
/// reads (1).
pub(crate) fn open(
    input: Result<Input, String>,
    forced: Option<Format>,
) -> Result<(Input, Format), Status> {
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
pub(crate) fn recognise(input: &Input, forced: Option<Format>) -> Result<Format, String> {
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
pub(crate) fn explain(forced: Option<Format>, bytes: &[u8], message: String) -> String {
    match forced.and_then(|forced| format::mismatch(forced, bytes)) {
        Some(mismatch) => format!("{message} ({mismatch})"),
        None => message,
    }
}

/// Runs `command` on one file for `info` and `dump`: I/O errors and malformed input
/// become one stderr line each.
pub(crate) fn one_file<W: Write>(
    input: Result<Input, String>,
    common: Common,
    out: &mut W,
    command: impl FnOnce(Format, &Input, &mut W) -> Result<(), Error>,
) -> Result<Status, Interrupted> {
    let (input, format) = match open(input, common.format) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    match command(format, &input, out) {
        Ok(()) => Ok(Status::Ok),
        Err(Error::Usage(message)) => {
            report(&input.label, &message);
            Ok(Status::Failed)
        }
        // `info`, `dump` and `ray` convert nothing.
        Err(Error::Unsupported) => {
            report(&input.label, &Error::Unsupported);
            Ok(Status::Failed)
        }
        Err(Error::Malformed(message)) => {
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
        Err(Error::Io(error)) => Err(Interrupted {
            status: Status::Ok,
            error,
        }),
    }
}
