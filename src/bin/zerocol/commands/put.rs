//! `zerocol put`: a GTA model put into a `.dff`.

use std::io::Write;
use std::path::Path;

use zerocol::cli::gta;

use crate::io::{eprint_line, load, refuse_overwrite, report, write_output};
use crate::status::{Interrupted, Status};

/// `zerocol put`: the `.dff` with the model put in, to OUTPUT.
pub fn put(
    dff: &Path,
    model_file: &Path,
    output: &Path,
    name: Option<&str>,
    lenient: bool,
    max_size: u64,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    if refuse_overwrite(&[dff, model_file], output) {
        return Ok(Status::Failed);
    }
    let dff_path = dff;
    let (dff, model_file) = match (load(dff, max_size), load(model_file, max_size)) {
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
