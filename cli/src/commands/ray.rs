//! `zerocol ray FILE X,Y,Z X,Y,Z [--model NAME|INDEX] [--lenient]`: the nearest hit
//! of a segment, as one JSON object (docs/dump.md), through the format's
//! [`Tool::ray`](crate::tool::Tool::ray).

use std::io::Write;

use crate::dispatch::tool;
use crate::tool::{Error, Flags};
use zerocol::query::Segment;

use crate::args::Ray;
use crate::commands::open::one_file;
use crate::io::load::load;
use crate::status::{Interrupted, Status};

/// Runs `zerocol ray`.
pub(crate) fn run<W: Write>(args: Ray, out: &mut W) -> Result<Status, Interrupted> {
    let flags = Flags {
        model: args.model.as_deref(),
        ..args.common.flags()
    };
    let segment = Segment::new(args.start, args.end);
    let model = args.model.is_some();
    one_file(
        load(&args.file, args.common.limit.max_size),
        args.common,
        flags,
        false,
        out,
        |format, input, out| {
            if model && !tool(format).has_models() {
                return Err(Error::Usage(format!(
                    "--model picks a model of a GTA .col library or a .dff; this is a {} file, which has no models",
                    format.name()
                )));
            }
            tool(format).ray(out, &input.bytes, segment, flags)
        },
    )
}
