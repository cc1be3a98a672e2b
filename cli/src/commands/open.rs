//! What the commands share: a file opened as a format, and `info` and `dump`'s
//! one-file run.

use std::io::Write;

use crate::dispatch::tool;
use crate::io::recognise as format;
use crate::tool::{Error, Flags};
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
        // An `.img` without VER2 whose `.dir` is not usable: which, and why.
        let unusable = (crate::formats::img::named(&input.path)
            == crate::formats::img::Named::Data
            && !input.bytes.starts_with(zerocol::img::MAGIC_V2)
            && !crate::formats::img::is_verf(&input.bytes))
        .then(|| crate::io::archive::unusable_directory(&input.path))
        .flatten();
        return Err(unusable.map_or(archive, |why| crate::io::archive::no_directory(&why)));
    }
    format::sniff(&input.bytes).ok_or_else(|| format::unknown(&input.bytes))
}

/// A malformed file's message: when it was read with a `--format` that does not
/// fit, followed by what the file looks like instead; when strict reading refused
/// it, and a lenient read of `format` takes it, by the flag and what it reads; when
/// `--recover` reads models past the damage, by how many (for a command that takes
/// `--recover`: `has_recover`).
pub(crate) fn explain(
    format: Format,
    forced: Option<Format>,
    bytes: &[u8],
    flags: Flags,
    has_recover: bool,
    message: String,
) -> String {
    let mut message = match forced.and_then(|forced| format::mismatch(forced, bytes)) {
        // Read as the wrong format: that is what to fix.
        Some(mismatch) => return format!("{message} ({mismatch})"),
        None => message,
    };
    if flags.recover {
        return message;
    }
    let tool = tool(format);
    let lenient = Flags {
        lenient: true,
        recover: false,
        model: None,
        ..flags
    };
    let strict = Flags {
        lenient: false,
        ..lenient
    };
    // Only a read error: a file that reads strictly, refused for what it holds, is not.
    if !flags.lenient && tool.check(bytes, strict).is_err() {
        // What the lenient read takes: it may stop where the game stops.
        if let Ok(checked) = tool.check(bytes, lenient) {
            message.push_str(&format!("; --lenient reads it ({})", checked.summary));
        }
    }
    if let Some(models) = has_recover
        .then(|| tool.recoverable(bytes, flags.lenient))
        .flatten()
    {
        message.push_str(&format!(
            "; --recover steps over the damage and reads {}",
            crate::io::counted(models, "model")
        ));
    }
    message
}

/// Runs `command` on one file for `info`, `dump` and `ray`: I/O errors and
/// malformed input become one stderr line each (`has_recover`: the command takes
/// `--recover`, which its errors may then suggest).
pub(crate) fn one_file<W: Write>(
    input: Result<Input, String>,
    common: Common,
    flags: Flags,
    has_recover: bool,
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
            let message = explain(
                format,
                common.format,
                &input.bytes,
                flags,
                has_recover,
                message,
            );
            report(&input.label, &message);
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
