//! Reading the inputs (docs/cli.md, "Reading files"): `-` is standard input; a path
//! must name a regular file of at most `--max-size` bytes, refused from its metadata
//! otherwise, never opened; the read stops one byte past the limit.

use std::borrow::{Cow, ToOwned};
use std::format;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::string::String;
use std::vec::Vec;

use crate::io::recognise;
use crate::io::{kind, label};

/// A file's label for messages, its path (empty for stdin and the samples) and its
/// bytes.
pub(crate) struct Input {
    pub label: String,
    pub path: PathBuf,
    pub bytes: Cow<'static, [u8]>,
}

/// The first [`recognise::HEAD_LEN`] bytes of a file (fewer if it is shorter).
pub(crate) fn head(path: &Path) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(recognise::HEAD_LEN);
    std::fs::File::open(path)?
        .take(recognise::HEAD_LEN as u64)
        .read_to_end(&mut head)?;
    Ok(head)
}

/// Reads a file (`-`: stdin) of at most `max_size` bytes: see the module's rules.
/// The error is the whole stderr line.
pub(crate) fn load(path: &Path, max_size: u64) -> Result<Input, String> {
    let label = label(path);
    let cannot = |error: io::Error| format!("zerocol: {label}: cannot read: {error}");
    let too_large = |len: u64| {
        format!(
            "zerocol: {label}: cannot read: {len} bytes, more than --max-size ({}); real \
             collision files are far smaller: --max-size {} reads it anyway",
            size_name(max_size),
            size_name(enough(len))
        )
    };
    // One byte more than the limit: a file that grows past it is refused too.
    let bound = max_size.saturating_add(1);
    let bytes = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .take(bound)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        bytes
    } else {
        // From the metadata alone: a FIFO is never opened (which would block), a
        // sparse 5 GB file never read.
        let meta = std::fs::metadata(path).map_err(cannot)?;
        if !meta.is_file() {
            return Err(format!(
                "zerocol: {label}: cannot read: {}, not a regular file; zerocol reads files, \
                 or standard input as -",
                kind(&meta.file_type())
            ));
        }
        if meta.len() > max_size {
            return Err(too_large(meta.len()));
        }
        let file = std::fs::File::open(path).map_err(cannot)?;
        let capacity = usize::try_from(meta.len()).unwrap_or(0);
        let mut bytes = Vec::with_capacity(capacity);
        file.take(bound).read_to_end(&mut bytes).map_err(cannot)?;
        bytes
    };
    let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if len > max_size {
        // Standard input, or a file that grew: its length is not known.
        return Err(format!(
            "zerocol: {label}: cannot read: more than --max-size ({}); real collision \
             files are far smaller: a larger --max-size reads it anyway",
            size_name(max_size)
        ));
    }
    Ok(Input {
        label,
        path: if path.as_os_str() == "-" {
            PathBuf::new()
        } else {
            path.to_owned()
        },
        bytes: Cow::Owned(bytes),
    })
}

/// A size as `--max-size` takes it when it is a whole number of its unit (`256M`,
/// `1G`), otherwise in bytes (`1116 bytes`).
/// The smallest `--max-size` that reads `len` bytes, in the unit it rounds up to
/// (M, or G past 1G).
pub(crate) fn enough(len: u64) -> u64 {
    let unit: u64 = if len > 1 << 30 { 1 << 30 } else { 1 << 20 };
    len.div_ceil(unit).saturating_mul(unit)
}

pub(crate) fn size_name(bytes: u64) -> String {
    for (suffix, shift) in [("G", 30), ("M", 20), ("K", 10)] {
        if bytes != 0 && bytes.trailing_zeros() >= shift {
            return format!("{}{suffix}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}
