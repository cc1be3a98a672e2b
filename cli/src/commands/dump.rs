//! `zerocol dump`: everything read from a file, as JSON.

use std::io::Write;
use std::path::Path;

use crate::dispatch::tool;
use crate::tool::Flags;

use crate::args::Common;
use crate::commands::open::one_file;
use crate::io::load::load;
use crate::status::{Interrupted, Status};

/// `zerocol dump`: streamed to `out` as it is serialized, once the file is known to
/// read.
pub(crate) fn dump(
    common: Common,
    recover: bool,
    file: &Path,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    let flags = Flags {
        recover,
        ..common.flags()
    };
    one_file(
        load(file, common.limit.max_size),
        common,
        flags,
        true,
        out,
        |format, input, out| tool(format).dump(out, &input.bytes, flags),
    )
}
