//! `zerocol ray FILE X,Y,Z X,Y,Z [--model NAME|INDEX] [--lenient]`: the nearest hit
//! of a segment, as one JSON object (docs/dump.md), through the format's
//! [`Tool::ray`](zerocol::cli::tool::Tool::ray).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use zerocol::cli::dispatch::tool;
use zerocol::cli::tool::{Flags, Verdict};
use zerocol::query::Segment;

use crate::{Common, Interrupted, Status, has_models, load, one_file};

/// `zerocol ray`'s arguments.
#[derive(Args, Debug)]
pub struct Ray {
    #[command(flatten)]
    common: Common,
    /// Cast against this model only (a GTA .col library): a value of digits only is
    /// its 0-based index, as `info` numbers the models; anything else its name,
    /// ignoring ASCII case (every model of that name).
    #[arg(long, value_name = "NAME|INDEX")]
    model: Option<String>,
    /// The file to read (`-` for stdin).
    file: PathBuf,
    /// Where the segment starts (t = 0), in the file's own space: `X,Y,Z`.
    #[arg(value_name = "X,Y,Z", value_parser = point, allow_hyphen_values = true)]
    start: [f32; 3],
    /// Where it ends (t = 1): `X,Y,Z`.
    #[arg(value_name = "X,Y,Z", value_parser = point, allow_hyphen_values = true)]
    end: [f32; 3],
}

/// `X,Y,Z`: three numbers, commas between.
fn point(text: &str) -> Result<[f32; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [x, y, z] = parts.as_slice() else {
        return Err(format!(
            "expected three numbers separated by commas (X,Y,Z), found {} part{}",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" }
        ));
    };
    let number = |axis: &str, part: &str| {
        part.trim()
            .parse::<f32>()
            .map_err(|_| format!("{axis}: expected a number, found {part:?}"))
    };
    Ok([number("X", x)?, number("Y", y)?, number("Z", z)?])
}

/// Runs `zerocol ray`.
pub fn run<W: Write>(args: Ray, out: &mut W) -> Result<Status, Interrupted> {
    let flags = Flags {
        model: args.model.as_deref(),
        ..args.common.flags()
    };
    let segment = Segment::new(args.start, args.end);
    let model = args.model.is_some();
    one_file(load(&args.file), args.common, out, |format, input, out| {
        if model && !has_models(format) {
            return Ok(Verdict::Usage(format!(
                "--model picks a model of a GTA .col library or a .dff; this is a {} file, which has no models",
                format.name()
            )));
        }
        tool(format).ray(out, &input.bytes, segment, flags)
    })
}
