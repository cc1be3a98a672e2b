//! `zerocol export`: a file as a Wavefront OBJ and its `.mtl`.

use std::io::Write;
use std::path::Path;

use crate::dispatch::tool;
use crate::tool::{Error, Flags};

use crate::args::Common;
use crate::commands::open::{explain, open};
use crate::io::load::load;
use crate::io::{counted, eprint_line, label, refuse_overwrite, report, write_pair};
use crate::status::{Interrupted, Status};

/// `zerocol export`: FILE as OUTPUT (OBJ) and the `.mtl` beside it, written only
/// once the whole export succeeded; a line on stdout says what they hold.
pub(crate) fn export(
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
    if output.as_os_str() == "-" {
        eprint_line(
            "zerocol: standard output: cannot hold what export writes, two files (an OBJ and \
             its .mtl): give an OBJ path (its .mtl goes beside it)",
        );
        return Ok(Status::Failed);
    }
    if output.file_stem().is_none() || mtl_path == output {
        eprint_line(&format!(
            "zerocol: {}: export writes two files: give an OBJ path not ending in .mtl (its .mtl goes beside it)",
            label(output)
        ));
        return Ok(Status::Failed);
    }
    if refuse_overwrite(&[file], output) || refuse_overwrite(&[file], &mtl_path) {
        return Ok(Status::Failed);
    }
    let (input, format) = match open(load(file, common.limit.max_size), common.format) {
        Ok(opened) => opened,
        Err(status) => return Ok(status),
    };
    if flags.model.is_some() && !tool(format).has_models() {
        report(
            &input.label,
            &format!(
                "--model picks a model of a GTA .col library or a .dff; this is a {} file, which has no models",
                format.name()
            ),
        );
        return Ok(Status::Failed);
    }
    let exported = match tool(format).export(&input.bytes, flags, &mtllib) {
        Ok(exported) => exported,
        Err(Error::Usage(message)) => {
            report(&input.label, &message);
            return Ok(Status::Failed);
        }
        Err(error) => {
            report(
                &input.label,
                &explain(
                    format,
                    common.format,
                    &input.bytes,
                    flags,
                    false,
                    error.to_string(),
                ),
            );
            return Ok(Status::Malformed);
        }
    };
    let s = exported.summary;
    let mut warnings = exported.warnings;
    if s.non_finite > 0 {
        warnings.push(format!(
            "{} written as 0",
            crate::io::counted(s.non_finite, "NaN or infinite coordinate")
        ));
    }
    if s.unshown > 0 {
        warnings.push(format!(
            "{} without faces (hulls of more than {} points, or past the export's budget, as points; planes without a normal left out)",
            crate::io::counted(s.unshown, "shape"),
            zerocol::obj::HULL_CAP
        ));
    }
    for warning in &warnings {
        report(&input.label, &format!("warning: {warning}"));
    }
    // Both written whole first, then the .mtl renamed into place, then the OBJ.
    let status = write_pair(
        (output, exported.obj.as_bytes()),
        (&mtl_path, exported.mtl.as_bytes()),
    );
    if status != Status::Ok {
        return Ok(status);
    }
    // Several models are each written at their own origin, as the file holds them:
    // the line says so, and how to take one.
    let models = match exported.models {
        Some((written, all)) if written > 1 && written == all => format!(
            "{} (each at its own origin; --model NAME|INDEX exports one), ",
            counted(written, "model")
        ),
        Some((written, all)) if written < all => {
            format!("{} of {}, ", counted(written, "model"), all)
        }
        Some((written, _)) => format!("{}, ", counted(written, "model")),
        None => String::new(),
    };
    writeln!(
        out,
        "{}: {models}objects {}, vertices {}, faces {}, lines {}, materials {} (in {})",
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
