//! Every rule about reading the inputs and writing the outputs: what a path is
//! called in messages, how a file is read, and how an output file is written.

use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use zerocol::cli::format;

use crate::status::{Interrupted, Status};

/// A file's label for messages, its path (empty for stdin and the samples) and its
/// bytes.
pub struct Input {
    pub label: String,
    pub path: PathBuf,
    pub bytes: Cow<'static, [u8]>,
}

/// The first [`format::HEAD_LEN`] bytes of a file (fewer if it is shorter).
pub fn head(path: &Path) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(format::HEAD_LEN);
    std::fs::File::open(path)?
        .take(format::HEAD_LEN as u64)
        .read_to_end(&mut head)?;
    Ok(head)
}

/// `true` (and the message said) when OUTPUT names one of the inputs.
pub fn refuse_overwrite(inputs: &[&Path], output: &Path) -> bool {
    if output.as_os_str() == "-" {
        return false;
    }
    let clash = inputs
        .iter()
        .any(|input| input.as_os_str() != "-" && same_file(input, output));
    if clash {
        eprint_line(&format!(
            "zerocol: {}: refusing to overwrite the input file",
            label(output)
        ));
    }
    clash
}

/// Writes a command's output file (`-`: stdout).
pub fn write_output(
    output: &Path,
    bytes: &[u8],
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    if output.as_os_str() == "-" {
        return out
            .write_all(bytes)
            .map(|()| Status::Ok)
            .map_err(|error| Interrupted {
                status: Status::Ok,
                error,
            });
    }
    match std::fs::write(output, bytes) {
        Ok(()) => Ok(Status::Ok),
        Err(error) => {
            eprint_line(&format!(
                "zerocol: {}: cannot write: {error}",
                label(output)
            ));
            Ok(Status::Failed)
        }
    }
}

/// Whether two paths name one existing file (the same path after resolving links,
/// or, on Unix, the same device and inode: a hard link).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        if a == b {
            return true;
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    false
}

/// Reads a file (`-`: stdin). The error is the whole stderr line.
pub fn load(path: &Path) -> Result<Input, String> {
    let label = label(path);
    let bytes = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    match bytes {
        Ok(bytes) => Ok(Input {
            label,
            path: if path.as_os_str() == "-" {
                PathBuf::new()
            } else {
                path.to_owned()
            },
            bytes: Cow::Owned(bytes),
        }),
        Err(error) => Err(format!("zerocol: {label}: cannot read: {error}")),
    }
}

/// A path as shown in messages, control characters escaped so that every message
/// stays on one line.
pub fn label(path: &Path) -> String {
    if path.as_os_str() == "-" {
        return "(stdin)".to_owned();
    }
    path.display()
        .to_string()
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().collect()
            } else {
                String::from(c)
            }
        })
        .collect()
}

/// `zerocol: LABEL: MESSAGE` on stderr.
pub fn report(label: &str, message: &dyn std::fmt::Display) {
    eprint_line(&format!("zerocol: {label}: {message}"));
}

/// One line on stderr; a failing stderr is ignored (there is nowhere left to say so).
pub fn eprint_line(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}
