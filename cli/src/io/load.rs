//! Reading the inputs (docs/cli.md, "Reading files"): `-` is standard input; a path
//! must name a regular file of at most `--max-size` bytes, refused from its metadata
//! otherwise, never opened; the read stops one byte past the limit.

use std::borrow::{Cow, ToOwned};
use std::format;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::string::String;
use std::vec::Vec;

use crate::formats::img::{VERF_ADVICE, VERF_WHAT, is_verf};
use crate::io::recognise;
use crate::io::{kind, label, len_u64};

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
    read_head(&mut File::open(path)?, u64::MAX, &mut head)?;
    Ok(head)
}

/// Reads the first [`recognise::HEAD_LEN`] bytes of `file` (fewer if it is
/// shorter), whose stat says it has `len`, into `head`; [`read_rest`] reads on
/// from there.
pub(crate) fn read_head(file: &mut File, len: u64, head: &mut Vec<u8>) -> io::Result<()> {
    head.resize(recognise::HEAD_LEN, 0);
    let filled = fill(file, len, head, 0);
    head.truncate(*filled.as_ref().unwrap_or(&0));
    filled.map(|_| ())
}

/// Reads the rest of a regular file into `bytes` (which holds what was read of it
/// so far), to its end or one byte past `max_size`. `len`, the file's length by its
/// stat, is where its end is expected: a read that stops short there ends it, so
/// that a file that did not change is read with one call.
pub(crate) fn read_rest(
    file: &mut File,
    len: u64,
    max_size: u64,
    bytes: &mut Vec<u8>,
) -> io::Result<()> {
    let bound = max_size.saturating_add(1);
    let mut filled = bytes.len();
    // One byte more than expected: the read that ends at `len` comes back short.
    let room = usize::try_from(len.min(max_size).saturating_add(1)).unwrap_or(usize::MAX);
    bytes.resize(room.max(filled.saturating_add(1)), 0);
    loop {
        filled = match fill(file, len, bytes, filled) {
            Ok(filled) => filled,
            Err(error) => {
                bytes.truncate(0);
                return Err(error);
            }
        };
        let read = len_u64(filled);
        if filled < bytes.len() || read >= bound {
            break;
        }
        // The buffer is full: the file is longer than its stat said (it grew).
        let more = read
            .saturating_mul(2)
            .max(read.saturating_add(8192))
            .min(bound);
        bytes.resize(usize::try_from(more).unwrap_or(usize::MAX), 0);
    }
    bytes.truncate(filled);
    Ok(())
}

/// Reads `file` into `buffer` from `filled` on, until the buffer is full, the file
/// ends, or a read comes back short at or past `len` (the file's length by its
/// stat: its end). Returns how much of `buffer` holds the file.
fn fill(file: &mut File, len: u64, buffer: &mut [u8], mut filled: usize) -> io::Result<usize> {
    while let Some(spare) = buffer.get_mut(filled..).filter(|spare| !spare.is_empty()) {
        let asked = spare.len();
        match file.read(spare) {
            Ok(0) => break,
            Ok(n) => {
                filled = filled.saturating_add(n);
                if n < asked && len_u64(filled) >= len {
                    break;
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(filled)
}

/// Reads a file (`-`: stdin) of at most `max_size` bytes: see the module's rules.
/// The error is the whole stderr line.
pub(crate) fn load(path: &Path, max_size: u64) -> Result<Input, String> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .take(max_size.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|error| cannot(path, &error))?;
        return whole(path, bytes, max_size);
    }
    // From the metadata alone: a FIFO is never opened (which would block), a
    // sparse 5 GB file never read.
    let meta = std::fs::metadata(path).map_err(|error| cannot(path, &error))?;
    let mut file = open_regular(path, &meta, max_size)?;
    let mut bytes = Vec::new();
    read_rest(&mut file, meta.len(), max_size, &mut bytes).map_err(|error| cannot(path, &error))?;
    whole(path, bytes, max_size)
}

/// Opens the file at `path` whose metadata is `meta` (followed, for a link): only
/// a regular file of at most `max_size` bytes is opened. The error is the whole
/// stderr line.
pub(crate) fn open_regular(path: &Path, meta: &Metadata, max_size: u64) -> Result<File, String> {
    if !meta.is_file() {
        return Err(not_regular(path, meta));
    }
    if meta.len() > max_size {
        return Err(oversized(path, meta.len(), max_size));
    }
    File::open(path).map_err(|error| cannot(path, &error))
}

/// The message for a regular file of `len` bytes, more than `max_size`: a `VERF`
/// archive by its first bytes (read first: what it is comes before its size),
/// otherwise [`too_large`].
pub(crate) fn oversized(path: &Path, len: u64, max_size: u64) -> String {
    if head(path).is_ok_and(|head| is_verf(&head)) {
        return verf(path);
    }
    too_large(path, len, max_size)
}

/// `zerocol: PATH: cannot read: ` and what a `VERF` archive is.
pub(crate) fn verf(path: &Path) -> String {
    format!(
        "zerocol: {}: cannot read: {VERF_WHAT}: {VERF_ADVICE}",
        label(path)
    )
}

/// The [`Input`] of a file read whole: `bytes` as read, of which one more than
/// `max_size` means it is too large (standard input, or a file that grew past
/// its stat).
pub(crate) fn whole(path: &Path, bytes: Vec<u8>, max_size: u64) -> Result<Input, String> {
    if len_u64(bytes.len()) > max_size {
        // Standard input, or a file that grew: its length is not known.
        return Err(format!(
            "zerocol: {}: cannot read: more than --max-size ({}); real collision \
             files are far smaller: a larger --max-size reads it anyway",
            label(path),
            size_name(max_size)
        ));
    }
    Ok(Input {
        label: label(path),
        path: if path.as_os_str() == "-" {
            PathBuf::new()
        } else {
            path.to_owned()
        },
        bytes: Cow::Owned(bytes),
    })
}

/// `zerocol: PATH: cannot read: ERROR`.
pub(crate) fn cannot(path: &Path, error: &io::Error) -> String {
    format!("zerocol: {}: cannot read: {error}", label(path))
}

/// The message for a path that is no regular file (from its metadata).
pub(crate) fn not_regular(path: &Path, meta: &Metadata) -> String {
    format!(
        "zerocol: {}: cannot read: {}, not a regular file; zerocol reads files, or standard \
         input as -",
        label(path),
        kind(&meta.file_type())
    )
}

/// The message for a file of `len` bytes, more than `max_size`.
pub(crate) fn too_large(path: &Path, len: u64, max_size: u64) -> String {
    format!(
        "zerocol: {}: cannot read: {len} bytes, more than --max-size ({}); real collision \
         files are far smaller: --max-size {} reads it anyway",
        label(path),
        size_name(max_size),
        size_name(enough(len))
    )
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
