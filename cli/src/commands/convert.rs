//! `zerocol convert`: a file written in another version or encoding, through the
//! format's [`Tool`](crate::tool::Tool).

use std::io::Write;
use std::path::Path;

use crate::dispatch::tool;
use crate::tool::{Conversion, Error, Flags};

use crate::commands::open::{explain, open};
use crate::io::load::load;
use crate::io::{label, refuse_overwrite, report, write_output};
use crate::status::{Interrupted, Status};
use zerocol::Format;

/// `zerocol convert`: reads INPUT (GTA `.col` or `.dff`, TCOL or BCOL, by its
/// first bytes), writes OUTPUT (`-`: stdout) only once the whole conversion
/// succeeded. The output follows OUTPUT's name: a `.dff` INPUT into an OUTPUT named
/// `.dff` is the whole `.dff` with its collision converted; into any other OUTPUT,
/// its model as a `.col`; an OUTPUT named `.dff` from any other INPUT is refused
/// (`put` puts a model into a `.dff`). Malformed input, or a model the target
/// cannot hold, is exit 1; an input or target convert does not handle, an OUTPUT
/// that is the INPUT, and I/O errors are exit 2.
pub(crate) fn convert(
    input: &Path,
    output: &Path,
    conversion: Conversion,
    max_size: u64,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    if refuse_overwrite(&[input], output) {
        return Ok(Status::Failed);
    }
    let (input, format) = match open(load(input, max_size), None) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    let into_dff = output
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("dff"));
    let converted = match (into_dff, format) {
        (false, _) => tool(format).convert(&input.bytes, conversion),
        (true, Format::Dff) => crate::formats::dff::convert_in_place(&input.bytes, conversion),
        (true, _) => {
            report(
                &label(output),
                &format!(
                    "convert writes a .dff only from a .dff (the same .dff, its collision \
                     converted), not from {}: `zerocol put DFF {} {}` puts a GTA model into a \
                     .dff, or give OUTPUT a .col name",
                    format.name(),
                    input.label,
                    label(output)
                ),
            );
            return Ok(Status::Failed);
        }
    };
    let converted = match converted {
        Ok(converted) => converted,
        Err(Error::Malformed(message)) => {
            let flags = Flags {
                lenient: conversion.lenient,
                recover: conversion.recover,
                ..Flags::default()
            };
            report(
                &input.label,
                &explain(format, None, &input.bytes, flags, true, message),
            );
            return Ok(Status::Malformed);
        }
        // No silent choice of the output's material table: refused before anything
        // is written.
        Err(Error::Usage(message)) => {
            report(&input.label, &message);
            return Ok(Status::Failed);
        }
        Err(Error::Io(error)) => {
            report(&input.label, &error);
            return Ok(Status::Failed);
        }
        Err(Error::Unsupported) => {
            // The name `--to` took, as clap spells it.
            let to = conversion
                .to
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
    for warning in &converted.warnings {
        report(&input.label, &format!("warning: {warning}"));
    }
    write_output(output, &converted.bytes, out)
}
