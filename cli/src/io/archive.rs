//! IMG archives on disk: which paths are archives, and reading one directory
//! first, then entry by entry with positional reads, never whole: memory stays
//! within the directory (at most [`MAX_ENTRIES`] entries, refused before it is
//! read) and the largest entry read (at most `--max-size`), whatever the
//! archive's size.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use zerocol::img::{self, Directory, Entry, EntryData, LintKind, Options, Placement, Version};

pub(crate) use crate::formats::img::is_archive;
use crate::formats::img::{self as img_names, Named, is_verf};
use crate::io::load::{enough, size_name};
use crate::io::{Failure, label, pair, report, write_output_with, write_pair_with};
use crate::status::{Interrupted, Status};
use crate::tool::Warning;

/// The most entries an archive's directory may declare: 262,144, 16 times the
/// about 16,000 of the largest real archives (San Andreas `gta3.img`), and more
/// than the 96,138 of the largest archive zerocol was measured on. A longer
/// directory is refused before it is read, so that the directory in memory stays
/// within 8 MB and its lints' scratch within 4 MB, whatever the `.dir` or the
/// `VER2` count says.
pub(crate) const MAX_ENTRIES: u64 = 1 << 18;

/// The error for a directory of `count` entries, more than [`MAX_ENTRIES`]:
/// `name` is the file that declares them (a v1 pair's `.dir`), `place` where
/// (`byte 4: ` for a `VER2` count, empty for a `.dir`'s length).
fn too_many(name: &str, place: &str, count: u64) -> String {
    format!(
        "zerocol: {name}: cannot read: {place}a directory of {count} entries, more than the \
         {MAX_ENTRIES} \
         zerocol reads (a fixed limit, 16 times the largest real archives, which keeps its \
         memory bounded); a directory this long is damaged or no IMG directory: split the \
         archive if its entries are real"
    )
}

/// The entry count the `VER2` header `head` declares, if it is one.
fn v2_count(head: &[u8]) -> Option<u64> {
    let count: [u8; 4] = head.get(4..8)?.try_into().ok()?;
    head.starts_with(img::MAGIC_V2)
        .then(|| u64::from(u32::from_le_bytes(count)))
}

/// How many entries the archive at `path` declares, from its `VER2` header or its
/// `.dir`'s length, without reading its directory: the progress bar's count before
/// the run (0 when it is none that [`open`] reads).
pub(crate) fn declared(path: &Path) -> u64 {
    // Only regular files are opened (a FIFO would block).
    let dir_entries = |dir: &Path| {
        std::fs::metadata(dir).map_or(0, |m| {
            if m.is_file() {
                m.len()
                    .checked_div(crate::io::len_u64(img::ENTRY_LEN))
                    .unwrap_or(0)
            } else {
                0
            }
        })
    };
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return 0;
    }
    let count = match img_names::named(path) {
        Named::Directory => dir_entries(path),
        _ => match crate::io::load::head(path).ok().and_then(|h| v2_count(&h)) {
            Some(count) => count,
            None => sibling(path, Named::Directory).map_or(0, |dir| dir_entries(&dir)),
        },
    };
    if count > MAX_ENTRIES { 0 } else { count }
}

/// What an `.img` without `VER2` and without a usable `.dir` is, and `why`
/// ([`partner`]): the words after `cannot read: ` (or the file's label).
pub(crate) fn no_directory(why: &str) -> String {
    format!(
        "byte 0: no VER2 magic in a file named .img: a GTA III/VC IMG archive (its .dir \
         beside it lists the entries), but no usable .dir: {why}"
    )
}

/// An archive opened for reading: its directory's bytes and its data file.
pub(crate) struct ArchiveFile {
    /// The archive as the user named it, for messages.
    pub label: String,
    /// A v1 pair's `.dir` as messages name it (`None` for v2).
    dir_label: Option<String>,
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

/// Whether the file named `path` is a regular file starting with the `VERF` magic
/// (which no command reads; [`open`] names it).
pub(crate) fn is_verf_file(path: &Path) -> bool {
    path.as_os_str() != "-"
        && std::fs::metadata(path).is_ok_and(|m| m.is_file())
        && crate::io::load::head(path).is_ok_and(|head| is_verf(&head))
}

/// The files of the archive named `path`: itself, and the other file of a v1 pair
/// where it has one (the inputs an output must not overwrite).
pub(crate) fn files(path: &Path) -> Vec<PathBuf> {
    let other = match img_names::named(path) {
        Named::Data => sibling(path, Named::Directory),
        Named::Directory => sibling(path, Named::Data),
        Named::Other => None,
    };
    std::iter::once(path.to_owned()).chain(other).collect()
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
    // The length of the file opened (a pair's writer may have replaced the one
    // stat'ed meanwhile).
    let len = file.metadata().map_err(cannot)?.len();
    Ok((file, len))
}

/// Opens an archive and reads its directory (only). The error is the whole
/// stderr line. A III/VC pair's `.img` and `.dir` come from one run ([`pair`]).
pub(crate) fn open(path: &Path, max_size: u64) -> Result<ArchiveFile, String> {
    pair::read(
        path,
        |instead| open_files(path, instead, max_size),
        |archive| (archive.version == Version::V1).then_some(&archive.data),
    )
}

/// [`open`]'s reads: the `.img` opened first, then the `.dir` (the order
/// [`pair::read`] relies on); `instead`, the files a journal names.
fn open_files(
    path: &Path,
    instead: Option<&pair::Instead>,
    max_size: u64,
) -> Result<ArchiveFile, String> {
    let name = label(path);
    if let Some(instead) = instead {
        let (data, len) = regular(&instead.img)?;
        return with_data(path, Some(instead.dir.clone()), data, len, max_size);
    }
    let is_dir = img_names::named(path) == Named::Directory;
    if is_dir {
        let (data, len, _) = partner(path, Named::Data).map_err(|why| {
            format!(
                "zerocol: {name}: cannot read: a GTA III/VC IMG directory without a usable .img \
                 beside it (the archive's data): {why}"
            )
        })?;
        return with_data(path, Some(path.to_owned()), data, len, max_size);
    }
    let (data, len) = regular(path)?;
    with_data(path, None, data, len, max_size)
}

/// The other file of the v1 pair `path` belongs to, opened: the first usable of
/// its [`candidates`](img_names::candidates) (`other`: which one is looked for),
/// its file and its length; otherwise why none is usable, each candidate named
/// (by its file name: it is beside `path`).
pub(crate) fn partner(path: &Path, other: Named) -> Result<(File, u64, PathBuf), String> {
    let mut absent = Vec::new();
    let mut why = Vec::new();
    for candidate in img_names::candidates(path, other) {
        let name = file_label(&candidate);
        match usable(&candidate, &name) {
            Ok((file, len)) => return Ok((file, len, candidate)),
            Err(None) => {
                absent.push(name.clone());
                why.push(format!("{name} does not exist"));
            }
            Err(Some(reason)) => why.push(reason),
        }
    }
    // Neither there: one file of the name ignoring case (as Windows, where the
    // games run, finds it), or one phrase for both.
    if absent.len() == why.len() && absent.len() > 1 {
        let neither = format!("neither {} exists", absent.join(" nor "));
        let found = case_matches(path, other);
        return match found.as_slice() {
            [] => Err(neither),
            [one] => {
                let name = file_label(one);
                usable(one, &name)
                    .map(|(file, len)| (file, len, one.clone()))
                    .map_err(|why| why.unwrap_or_else(|| format!("{name} does not exist")))
            }
            several => Err(format!(
                "{neither}, and {} files match the name ignoring case: {}; zerocol takes none \
                 of them: rename all but one",
                several.len(),
                several
                    .iter()
                    .map(|p| file_label(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        };
    }
    Err(why.join("; "))
}

/// A path beside the archive, named by its file name in messages.
fn file_label(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| label(path), |n| label(Path::new(n)))
}

/// The files in `path`'s folder whose name is the v1 partner's name
/// ([`candidates`](img_names::candidates)' first) ignoring ASCII case, sorted: where
/// no candidate exists, the games (on case-insensitive Windows) find such a file.
pub(crate) fn case_matches(path: &Path, other: Named) -> Vec<PathBuf> {
    let Some(wanted) = img_names::candidates(path, other)
        .first()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
    else {
        return Vec::new();
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(read) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.eq_ignore_ascii_case(&wanted))
        })
        .map(|e| path.with_file_name(e.file_name()))
        .collect();
    found.sort();
    found
}

/// The existing other file of a v1 pair: `NAME.dir` for `NAME.img` (`other` is
/// [`Named::Directory`]) and the other way round, the extension in lower case, then
/// in upper case; where neither exists, the one file of that name ignoring ASCII
/// case ([`case_matches`]; none when several are).
pub(crate) fn sibling(path: &Path, other: Named) -> Option<PathBuf> {
    let is_file = |p: &PathBuf| std::fs::metadata(p).is_ok_and(|m| m.is_file());
    let candidates = img_names::candidates(path, other);
    if let Some(found) = candidates.iter().find(|p| is_file(p)) {
        return Some(found.clone());
    }
    if candidates
        .iter()
        .any(|p| std::fs::symlink_metadata(p).is_ok())
    {
        return None;
    }
    match case_matches(path, other).as_slice() {
        [one] if is_file(one) => Some(one.clone()),
        _ => None,
    }
}

/// Why an `.img` without `VER2` at `path` is read as no archive: its `.dir` is
/// not usable ([`partner`]), or `None` when it is.
pub(crate) fn unusable_directory(path: &Path) -> Option<String> {
    partner(path, Named::Directory).err()
}

/// A partner candidate (`name`, its file name) opened, or why it cannot be:
/// `None` when it does not exist; a dangling link, no regular file, or an open
/// that fails (EACCES, EMFILE...) otherwise.
fn usable(candidate: &Path, name: &str) -> Result<(File, u64), Option<String>> {
    let link_meta = match std::fs::symlink_metadata(candidate) {
        Ok(meta) => meta,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Err(None),
        Err(error) => return Err(Some(format!("{name}: {error}"))),
    };
    let linked = if link_meta.file_type().is_symlink() {
        std::fs::read_link(candidate)
            .map(|to| format!(" (a link to {})", label(&to)))
            .unwrap_or_default()
    } else {
        String::new()
    };
    let meta = match std::fs::metadata(candidate) {
        Ok(meta) => meta,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return Err(Some(format!(
                "{name}{linked} names nothing: the link is dangling"
            )));
        }
        Err(error) => return Err(Some(format!("{name}{linked}: {error}"))),
    };
    if !meta.is_file() {
        return Err(Some(format!(
            "{name}{linked} is {}, not a regular file",
            crate::io::kind(&meta.file_type())
        )));
    }
    let cannot = |error: io::Error| Some(format!("{name}{linked}: cannot open: {error}"));
    let file = File::open(candidate).map_err(cannot)?;
    // The length of the file opened (a pair's writer may have replaced the one
    // stat'ed meanwhile).
    let len = file.metadata().map_err(cannot)?.len();
    Ok((file, len))
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
    let mut dir_label = None;
    let mut head = [0u8; img::HEADER_V2_LEN];
    let head_len = usize::try_from(len.min(8)).unwrap_or(0);
    read_at(&data, head.get_mut(..head_len).unwrap_or_default(), 0).map_err(cannot)?;
    if !is_dir && is_verf(&head) {
        return Err(crate::io::load::verf(path));
    }
    let (version, dir) = if !is_dir && head.starts_with(img::MAGIC_V2) {
        // The directory's length from its count, read no further than the file.
        if let Some(count) = v2_count(&head).filter(|&n| n > MAX_ENTRIES) {
            return Err(too_many(&name, "byte 4: ", count));
        }
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
        let (file, dir_len, dir_path) = match dir_path {
            Some(p) => {
                let (file, len) = regular(&p)?;
                (file, len, p)
            }
            None => partner(path, Named::Directory)
                .map_err(|why| format!("zerocol: {name}: cannot read: {}", no_directory(&why)))?,
        };
        dir_label = Some(label(&dir_path));
        let count = dir_len
            .checked_div(crate::io::len_u64(img::ENTRY_LEN))
            .unwrap_or(0);
        if count > MAX_ENTRIES {
            return Err(too_many(&label(&dir_path), "", count));
        }
        if dir_len > max_size {
            return Err(too_large(dir_len));
        }
        let mut dir = vec![0; usize::try_from(dir_len).unwrap_or(0)];
        read_at(&file, &mut dir, 0).map_err(cannot)?;
        (Version::V1, dir)
    };
    Ok(ArchiveFile {
        label: name,
        dir_label,
        version,
        dir,
        data,
        len,
        max_size,
    })
}

impl ArchiveFile {
    /// The parsed directory, every entry checked against the data file's length.
    pub(crate) fn directory(&self, lenient: bool) -> Result<Directory<'_>, DirectoryError> {
        let parse = |options| match self.version {
            Version::V1 => Directory::parse_v1(&self.dir, Some(self.len), options),
            _ => Directory::parse(&self.dir, Some(self.len), options),
        };
        if lenient {
            return parse(Options::LENIENT).map_err(|error| DirectoryError {
                error,
                lenient_reads: false,
            });
        }
        parse(Options::STRICT).map_err(|error| DirectoryError {
            error,
            lenient_reads: parse(Options::LENIENT).is_ok(),
        })
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
                "archive bytes {} to {end}: an entry of {bytes} bytes, more than --max-size \
                 ({}); --max-size {} reads it anyway",
                range.start,
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

    /// Where entry `index`'s directory record is, for messages: the v1 `.dir` and
    /// the record's byte in it, or the v2 file and the record's byte after the
    /// header (`e.dir: byte 352` for entry 11).
    pub(crate) fn entry_place(&self, index: u32) -> String {
        let record = u64::from(index).saturating_mul(crate::io::len_u64(img::ENTRY_LEN));
        match &self.dir_label {
            Some(dir) => format!("{dir}: byte {record}"),
            None => format!(
                "{}: byte {}",
                self.label,
                record.saturating_add(crate::io::len_u64(img::HEADER_V2_LEN))
            ),
        }
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

/// Why the game skips a declared entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Skip {
    /// Its name has no extension the game loads (leftover directory bytes, whose
    /// sectors often lie past the archive's end, among them).
    Unloaded,
    /// Its name is an earlier entry's (ignoring case): the game keeps the first.
    Duplicate {
        /// The entry the game keeps.
        first: u32,
    },
}

/// A declared entry the game skips, and why.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Skipped<'a> {
    pub entry: Entry<'a>,
    pub why: Skip,
}

/// How many lints of one archive `check` gives as warnings before it counts the
/// rest by kind in one last warning (`list` prints every one, as it goes).
const NAMED_LINTS: usize = 100;

/// A lint's text as the tool prints it: the library's, and for a leftover entry
/// the command that writes the archive without it.
pub(crate) fn lint_text(lint: &img::Lint) -> String {
    match lint.kind {
        LintKind::Skipped { .. } => {
            format!("{lint} (`zerocol repair` does)")
        }
        _ => lint.to_string(),
    }
}

/// What a lint is about, plural, for the count of those past [`NAMED_LINTS`].
fn lint_kind(kind: &LintKind) -> &'static str {
    match kind {
        LintKind::DuplicateName { .. } => "names seen before",
        LintKind::Overlap { .. } => "entries overlapping another",
        LintKind::OverlapsDirectory { .. } => "entries overlapping the directory",
        LintKind::UnknownExtension => "names without an extension the game loads",
        LintKind::ZeroSize => "entries without sectors",
        LintKind::UnusedSectors { .. } => "runs of unused sectors",
        LintKind::NameNotTerminated => "names without a NUL",
        LintKind::Skipped { .. } => "leftover entries past the archive's end",
        LintKind::PartialEntry { .. } => "partial entries",
        _ => "others",
    }
}

/// The directory's lints as `check`'s warnings, in their order: the first
/// [`NAMED_LINTS`], then one warning that counts the rest by kind and says where
/// to see them (and how many that one counts), so that a directory of many entries
/// that each warn costs no more memory than its first lints (the lints themselves are computed in a scratch of
/// 4 `u32`s per entry, within [`MAX_ENTRIES`]).
pub(crate) fn lint_warnings(
    directory: &Directory<'_>,
    archive: &str,
    lenient: bool,
) -> (Vec<Warning>, usize) {
    let mut scratch = vec![0u32; directory.lint_scratch_len()];
    let mut warnings = Vec::new();
    let mut rest: Vec<(&'static str, usize)> = Vec::new();
    let mut leftovers = false;
    for lint in directory.lints_with(&mut scratch) {
        if warnings.len() < NAMED_LINTS {
            warnings.push(Warning {
                offset: Some(lint.offset),
                model: None,
                // Where, as `list` says it.
                text: format!("byte {}: {}", lint.offset, lint_text(&lint)),
                risky: false,
            });
            continue;
        }
        leftovers |= matches!(lint.kind, LintKind::Skipped { .. });
        let kind = lint_kind(&lint.kind);
        match rest.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n = n.saturating_add(1),
            None => rest.push((kind, 1)),
        }
    }
    let total: usize = rest.iter().map(|(_, n)| n).sum();
    if !rest.is_empty() {
        let kinds: Vec<String> = rest.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let repair = if leftovers {
            "; `zerocol repair` writes the archive without the leftover entries"
        } else {
            ""
        };
        warnings.push(Warning {
            offset: None,
            model: None,
            text: format!(
                "{} more {}, not shown ({}): `zerocol list{} {archive}` prints every one{repair}",
                total,
                if total == 1 { "warning" } else { "warnings" },
                kinds.join(", "),
                if lenient { " --lenient" } else { "" }
            ),
            risky: false,
        });
    }
    (warnings, total)
}

/// How many skipped entries a lenient command names before it counts the rest.
const NAMED_SKIPS: usize = 5;

impl ArchiveFile {
    /// The entries the game reads, in directory order, and those it skips: every
    /// declared entry whose name has no extension the game of `directory`'s version
    /// loads, or repeats an earlier name (the game keeps the first). `directory`
    /// is read leniently where it holds leftovers past the archive's end. Both
    /// `Vec`s and the names seen grow with the entry count, within the directory's
    /// own limit ([`MAX_ENTRIES`]: 40 bytes an entry, at most 10 MB, and 8 bytes an
    /// entry while the names are compared).
    pub(crate) fn game_entries<'d>(
        &self,
        directory: &Directory<'d>,
    ) -> (Vec<Entry<'d>>, Vec<Skipped<'d>>) {
        let loaded = |i: u32| {
            directory
                .get(i)
                .filter(|e| e.kind.is_loaded_by(directory.version()))
        };
        // The loaded entries' indices sorted by name (ignoring case), then index:
        // each name's first entry leads its run. 4 bytes an entry, and 4 more for
        // the first entry of each index's name (`u32::MAX`: none before it).
        let mut order: Vec<u32> = (0..directory.declared())
            .filter(|&i| loaded(i).is_some())
            .collect();
        let lower = |i: u32| {
            loaded(i)
                .map(|e| e.name)
                .unwrap_or_default()
                .iter()
                .map(u8::to_ascii_lowercase)
        };
        order.sort_by(|&a, &b| lower(a).cmp(lower(b)).then(a.cmp(&b)));
        let mut first_of = vec![u32::MAX; usize::try_from(directory.declared()).unwrap_or(0)];
        let mut run: Option<u32> = None;
        for &i in &order {
            match run {
                Some(first) if lower(first).eq(lower(i)) => {
                    if let Some(slot) = first_of.get_mut(usize::try_from(i).unwrap_or(usize::MAX)) {
                        *slot = first;
                    }
                }
                _ => run = Some(i),
            }
        }
        drop(order);
        let mut read = Vec::new();
        let mut skipped = Vec::new();
        for entry in (0..directory.declared()).filter_map(|i| directory.get(i)) {
            if !entry.kind.is_loaded_by(directory.version()) {
                skipped.push(Skipped {
                    entry,
                    why: Skip::Unloaded,
                });
                continue;
            }
            match first_of.get(usize::try_from(entry.index).unwrap_or(usize::MAX)) {
                Some(&first) if first != u32::MAX => skipped.push(Skipped {
                    entry,
                    why: Skip::Duplicate { first },
                }),
                _ => read.push(entry),
            }
        }
        (read, skipped)
    }

    /// What the game does with a skipped entry: `entry N "NAME": ...`.
    pub(crate) fn skip_text(&self, version: Version, skipped: &Skipped<'_>) -> String {
        let entry = &skipped.entry;
        let name = String::from_utf8_lossy(entry.name);
        let head = format!("entry {} {:?}", entry.index, name);
        match skipped.why {
            Skip::Unloaded => {
                let game = match version {
                    Version::V1 => "Vice City",
                    _ => "San Andreas",
                };
                let past = if entry.byte_range().end > self.len {
                    format!(
                        ", and its sectors end at byte {}, past the archive's {}",
                        entry.byte_range().end,
                        self.len
                    )
                } else {
                    String::new()
                };
                format!("{head}: its name has no extension {game} loads{past}; the game skips it")
            }
            Skip::Duplicate { first } => format!(
                "{head}: the name of entry {first} again; the game keeps entry {first} and skips it"
            ),
        }
    }

    /// A lenient command's warnings for the entries it skips, as the game does: the
    /// first few named, the rest counted.
    pub(crate) fn warn_skipped(&self, version: Version, skipped: &[Skipped<'_>]) {
        for line in self.skipped_lines(version, skipped) {
            report(&self.label, &format!("warning: {line}"));
        }
    }

    /// The texts of [`ArchiveFile::warn_skipped`]: `skipped entry N ...` for the
    /// first [`NAMED_SKIPS`], then one that counts the rest.
    pub(crate) fn skipped_lines(&self, version: Version, skipped: &[Skipped<'_>]) -> Vec<String> {
        let mut lines: Vec<String> = skipped
            .iter()
            .take(NAMED_SKIPS)
            .map(|one| format!("skipped {}", self.skip_text(version, one)))
            .collect();
        if skipped.len() > NAMED_SKIPS {
            lines.push(format!(
                "skipped {} the game skips (`zerocol repair` writes the archive without them, \
                 naming each)",
                match skipped.len().saturating_sub(NAMED_SKIPS) {
                    1 => "1 more entry".to_owned(),
                    n => format!("{n} more entries"),
                }
            ));
        }
        lines
    }

    /// Bytes of the entry an [`Item`] names in the new archive.
    fn item_len(&self, item: &Item<'_>) -> u64 {
        match item.data {
            Data::Entry(entry) => self.data_len(&entry),
            Data::Bytes(bytes) => crate::io::len_u64(bytes.len()),
        }
    }

    /// Writes a new archive of `items`, in order, to `output` (v1: `output` is the
    /// new `.img`, its `.dir` goes to `dir_output`), each entry's sectors copied
    /// byte for byte from this archive or from the given bytes, read entry by entry.
    /// A name or size the writer refuses is `Err` with the item's index and the
    /// reason, before anything is written.
    pub(crate) fn write_new(
        &self,
        directory: &Directory<'_>,
        items: &[Item<'_>],
        output: &Path,
        dir_output: &Path,
        out: &mut impl Write,
    ) -> Result<Result<Status, Interrupted>, (usize, img::InputError)> {
        let version = self.version;
        let placements: Vec<Placement<'_>> = items
            .iter()
            .map(|item| Placement {
                name: item.name,
                len: self.item_len(item),
            })
            .collect();
        let dir_len = match img::directory_len(version, placements.len()) {
            Ok(n) => n,
            Err(error) => {
                report(&self.label, &error);
                return Ok(Ok(Status::Failed));
            }
        };
        let mut dir = vec![0; dir_len];
        match img::write_directory(version, placements.iter().copied(), &mut dir) {
            Ok(_) => {}
            Err(img::WriteError::Invalid(error)) => {
                let index = match error {
                    img::InputError::BadName { entry, .. }
                    | img::InputError::EntryTooLarge { entry, .. } => entry,
                    _ => 0,
                };
                return Err((index, error));
            }
            Err(error) => {
                report(&self.label, &error);
                return Ok(Ok(Status::Failed));
            }
        }
        let zeros = [0u8; img::SECTOR];
        let pad = |w: &mut dyn Write, len: u64| -> io::Result<()> {
            let rest =
                usize::try_from(len.next_multiple_of(img::SECTOR as u64).saturating_sub(len))
                    .unwrap_or(0);
            w.write_all(zeros.get(..rest).unwrap_or_default())
        };
        let fill = |w: &mut dyn Write| {
            if version == Version::V2 {
                w.write_all(&dir).map_err(Failure::Write)?;
                pad(w, crate::io::len_u64(dir_len)).map_err(Failure::Write)?;
            }
            let mut buffer = Vec::new();
            for item in items {
                let bytes = match item.data {
                    Data::Bytes(bytes) => bytes,
                    Data::Entry(entry) => {
                        self.read(directory, &entry, &mut buffer)
                            .map_err(|error| {
                                Failure::Message(format!(
                                    "zerocol: {}: cannot read: {error}",
                                    self.entry_label(&entry)
                                ))
                            })?
                            .bytes
                    }
                };
                w.write_all(bytes).map_err(Failure::Write)?;
                pad(w, crate::io::len_u64(bytes.len())).map_err(Failure::Write)?;
            }
            Ok(())
        };
        Ok(match version {
            Version::V1 => Ok(write_pair_with(output, fill, (dir_output, &dir))),
            _ => write_output_with(output, out, fill),
        })
    }
}

/// An entry of a new archive: its name and where its bytes come from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Item<'a> {
    pub name: &'a [u8],
    pub data: Data<'a>,
}

/// Where a new entry's bytes come from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Data<'a> {
    /// An entry of the archive read, copied byte for byte (its whole sectors).
    Entry(Entry<'a>),
    /// Bytes given (padded to whole sectors).
    Bytes(&'a [u8]),
}

/// Why an archive's directory did not read: the library's error, and whether a
/// lenient read takes the directory (which the message then says).
#[derive(Debug)]
pub(crate) struct DirectoryError {
    /// The library's error.
    pub error: img::Error,
    /// A strict read failed where `--lenient` reads the directory.
    pub lenient_reads: bool,
}

impl std::fmt::Display for DirectoryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.error, f)?;
        if self.lenient_reads {
            f.write_str("; --lenient reads the archive")?;
        }
        Ok(())
    }
}

#[cfg(test)]
// As the library's tests: the lints that keep the tool's code from panicking.
#[allow(clippy::unwrap_used, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    /// A fresh file under the temp dir holding `bytes`.
    fn file(name: &str, bytes: &[u8]) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("zerocol-archive-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn declared_reads_the_count_not_the_directory() {
        let mut v2 = b"VER2".to_vec();
        v2.extend(7u32.to_le_bytes());
        let v2 = file("count.img", &v2);
        assert_eq!(declared(&v2), 7);
        // A count past the limit is refused by `open`: nothing to count.
        let mut many = b"VER2".to_vec();
        many.extend(u32::try_from(MAX_ENTRIES + 1).unwrap().to_le_bytes());
        let many = file("many.img", &many);
        assert_eq!(declared(&many), 0);
        assert!(
            open(&many, u64::MAX)
                .err()
                .unwrap()
                .contains("a directory of 262145 entries, more than the 262144 zerocol reads")
        );
        // v1: the `.dir`'s length, whole entries only, named by either file.
        let dir = file("pair.dir", &[0; 100]);
        let img = file("pair.img", &[0; 2048]);
        assert_eq!(declared(&dir), 3);
        assert_eq!(declared(&img), 3);
        for path in [v2, many, dir, img] {
            std::fs::remove_file(path).unwrap();
        }
    }
}
