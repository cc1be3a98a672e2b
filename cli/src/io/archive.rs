//! IMG archives on disk: which paths are archives, and reading one directory
//! first, then entry by entry with positional reads, never whole: memory stays
//! within the directory and the largest entry read, whatever the archive's size.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use zerocol::img::{self, Directory, Entry, EntryData, Options, Version};

pub(crate) use crate::formats::img::is_archive;
use crate::formats::img::{self as img_names, Named, sibling};
use crate::io::label;
use crate::io::load::{enough, size_name};

/// An archive opened for reading: its directory's bytes and its data file.
pub(crate) struct ArchiveFile {
    /// The archive as the user named it, for messages.
    pub label: String,
    pub version: Version,
    /// The directory's bytes: the v2 header and entries, or the v1 `.dir`.
    pub dir: Vec<u8>,
    /// The data: the v2 file, or the v1 `.img`.
    data: File,
    /// The data file's length.
    pub len: u64,
    /// `--max-size`: the most bytes read at once (the directory, one entry).
    max_size: u64,
}

/// Whether the file named `path` is an IMG archive ([`is_archive`], a `.dir`
/// included). Only a regular file is opened: a FIFO or a device is left to the
/// input rules, which refuse it without opening it.
pub(crate) fn named(path: &Path) -> bool {
    path.as_os_str() != "-"
        && std::fs::metadata(path).is_ok_and(|m| m.is_file())
        && crate::io::load::head(path).is_ok_and(|head| is_archive(path, &head, true))
}

/// Positional reads: `read_exact_at` on Unix, a seek and a read elsewhere.
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt as _;
        file.read_exact_at(buf, offset)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Read as _, Seek as _, SeekFrom};
        let mut file = file;
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

fn regular(path: &Path) -> Result<(File, u64), String> {
    let cannot = |e: io::Error| format!("zerocol: {}: cannot read: {e}", label(path));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(format!(
            "zerocol: {}: cannot read: {}, not a regular file; zerocol reads files",
            label(path),
            crate::io::kind(&meta.file_type())
        ));
    }
    let file = File::open(path).map_err(cannot)?;
    Ok((file, meta.len()))
}

/// Opens an archive and reads its directory (only). The error is the whole
/// stderr line.
pub(crate) fn open(path: &Path, max_size: u64) -> Result<ArchiveFile, String> {
    let name = label(path);
    let is_dir = img_names::named(path) == Named::Directory;
    let (data_path, dir_path) = if is_dir {
        let img = sibling(path, Named::Data).ok_or_else(|| {
            format!("zerocol: {name}: cannot read: no .img beside this .dir (the archive's data)")
        })?;
        (img, Some(path.to_owned()))
    } else {
        (path.to_owned(), None)
    };
    let (data, len) = regular(&data_path)?;
    with_data(path, dir_path, data, len, max_size)
}

/// Reads the directory of the archive at `path` whose data file (the v2 file, or
/// the v1 `.img`) is open as `data`, of `len` bytes: as [`open`], which opens it.
pub(crate) fn open_data(
    path: &Path,
    data: File,
    len: u64,
    max_size: u64,
) -> Result<ArchiveFile, String> {
    with_data(path, None, data, len, max_size)
}

/// [`open`] once the data file is open; `dir_path` is the `.dir` when the user
/// named it.
fn with_data(
    path: &Path,
    dir_path: Option<PathBuf>,
    data: File,
    len: u64,
    max_size: u64,
) -> Result<ArchiveFile, String> {
    let name = label(path);
    let cannot = |e: io::Error| format!("zerocol: {name}: cannot read: {e}");
    let too_large = |len: u64| {
        format!(
            "zerocol: {name}: cannot read: a directory of {len} bytes, more than --max-size \
             ({}); --max-size {} reads it anyway",
            size_name(max_size),
            size_name(enough(len))
        )
    };
    let is_dir = dir_path.is_some();
    let mut head = [0u8; img::HEADER_V2_LEN];
    let head_len = usize::try_from(len.min(8)).unwrap_or(0);
    read_at(&data, head.get_mut(..head_len).unwrap_or_default(), 0).map_err(cannot)?;
    let (version, dir) = if !is_dir && head.starts_with(img::MAGIC_V2) {
        // The directory's length from its count, read no further than the file.
        let dir_len = Directory::v2_len(&head)
            .map(|n| u64::try_from(n).unwrap_or(u64::MAX))
            .unwrap_or(len)
            .min(len);
        if dir_len > max_size {
            return Err(too_large(dir_len));
        }
        let mut dir = vec![
            0;
            usize::try_from(dir_len)
                .map_err(|_| cannot(io::ErrorKind::OutOfMemory.into()))?
        ];
        read_at(&data, &mut dir, 0).map_err(cannot)?;
        (Version::V2, dir)
    } else {
        let dir_path = match dir_path {
            Some(p) => p,
            None => sibling(path, Named::Directory).ok_or_else(|| {
                format!("zerocol: {name}: cannot read: an .img without VER2 and without its .dir beside it")
            })?,
        };
        let (file, dir_len) = regular(&dir_path)?;
        if dir_len > max_size {
            return Err(too_large(dir_len));
        }
        let mut dir = vec![0; usize::try_from(dir_len).unwrap_or(0)];
        read_at(&file, &mut dir, 0).map_err(cannot)?;
        (Version::V1, dir)
    };
    Ok(ArchiveFile {
        label: name,
        version,
        dir,
        data,
        len,
        max_size,
    })
}

impl ArchiveFile {
    /// The parsed directory, every entry checked against the data file's length.
    pub(crate) fn directory(&self, lenient: bool) -> Result<Directory<'_>, img::Error> {
        let options = if lenient {
            Options::LENIENT
        } else {
            Options::STRICT
        };
        match self.version {
            Version::V1 => Directory::parse_v1(&self.dir, Some(self.len), options),
            _ => Directory::parse(&self.dir, Some(self.len), options),
        }
    }

    /// Reads `entry`'s bytes into `buffer` (reused from entry to entry) with one
    /// positional read.
    pub(crate) fn read<'b>(
        &self,
        directory: &Directory<'_>,
        entry: &Entry<'b>,
        buffer: &'b mut Vec<u8>,
    ) -> io::Result<EntryData<'b>> {
        let range = entry.byte_range();
        let end = range.end.min(self.len);
        let bytes = end.saturating_sub(range.start);
        if bytes > self.max_size {
            return Err(io::Error::other(format!(
                "an entry of {bytes} bytes, more than --max-size ({}); --max-size {} reads it \
                 anyway",
                size_name(self.max_size),
                size_name(enough(bytes))
            )));
        }
        let len =
            usize::try_from(bytes).map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
        buffer.clear();
        buffer.resize(len, 0);
        read_at(&self.data, buffer, range.start)?;
        directory
            .entry_data(entry, buffer)
            .ok_or_else(|| io::Error::other("the entry is not one the directory reads"))
    }

    /// Bytes of `entry` in the data file: its sectors, cut at the file's end.
    pub(crate) fn data_len(&self, entry: &Entry<'_>) -> u64 {
        let range = entry.byte_range();
        range.end.min(self.len).saturating_sub(range.start)
    }

    /// The entry's label in messages: `ARCHIVE/NAME`.
    pub(crate) fn entry_label(&self, entry: &Entry<'_>) -> String {
        let name = String::from_utf8_lossy(entry.name);
        let name: String = name
            .chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().collect()
                } else {
                    String::from(c)
                }
            })
            .collect();
        format!("{}/{name}", self.label)
    }
}
