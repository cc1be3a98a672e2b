//! Every rule about reading the inputs and writing the outputs (docs/cli.md,
//! "Files"), and what a path is called in messages.
//!
//! - Inputs ([`load`]; what a file is: [`recognise`]; IMG archives, entry by entry:
//!   [`archive`]): `-` is standard input. A path must name a regular file (a link to one
//!   is followed): a FIFO, a device, a socket or a folder is refused from its
//!   metadata, never opened. A file larger than `--max-size` is refused before a
//!   byte is read, and the read itself stops one byte past the limit, so a file
//!   that grows while it is read is refused too. Memory stays within the limit.
//! - Outputs: `-` is standard output. A file is written whole to a new file in the
//!   target's folder (unnamed on Linux until complete: [`staging`]), flushed to the
//!   disk, then put in place over the target: whatever fails (a write error, a full
//!   disk, a panic, a kill), the old target is as it was, and no partial file is
//!   left (a named temporary file is removed; a kill can only leave it complete). An existing target that is not a
//!   regular file (`/dev/full`, a FIFO, a folder) is refused: renaming over it
//!   would replace it. A link is followed: the file it names is replaced
//!   ([`write_extracted`]: a link is refused, and an existing file replaced only
//!   when asked). No output, links resolved, is an input or the `.dir`/`.img`
//!   partner of one ([`refuse_outputs`], [`Guarded`]). A III/VC archive's `.img`
//!   and `.dir` are replaced as one pair, under a lock, committed by a journal
//!   that the next command finishes after a kill ([`pair`]).
//! - Progress: `check` over many files shows a bar on stderr, only when stderr is a
//!   terminal ([`Progress`](progress::Progress)), redrawn at most ten times a second;
//!   the lines on stdout and stderr are printed with the bar cleared, so they are
//!   never garbled by it.
//! - `check` reads each file once ([`scan`]): one open, one stat and one read for a
//!   collision file, given or found in a folder.

pub(crate) mod archive;
pub(crate) mod load;
pub(crate) mod pair;
pub(crate) mod progress;
pub(crate) mod recognise;
pub(crate) mod scan;
pub(crate) mod staging;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub(crate) use crate::io::staging::Failure;
use crate::io::staging::{Fill, Place, Put, Staged};
use crate::status::{Interrupted, Status};

/// `n` and the noun, singular for 1: "1 model", "4 models".
pub(crate) fn counted<N: std::fmt::Display + PartialEq + From<u8>>(n: N, noun: &str) -> String {
    if n == N::from(1) {
        format!("1 {noun}")
    } else if noun.ends_with('x') {
        // "box", "boxes".
        format!("{n} {noun}es")
    } else if let Some(stem) = noun.strip_suffix("ry") {
        // "entry", "entries".
        format!("{n} {stem}ries")
    } else {
        format!("{n} {noun}s")
    }
}

/// `true` (and the message said) when OUTPUT names one of the inputs: see
/// [`refuse_outputs`].
pub(crate) fn refuse_overwrite(inputs: &[&Path], output: &Path) -> bool {
    refuse_outputs(inputs, &[output])
}

/// `true` (and the message said, naming the output at fault and what it resolves
/// to) when one of `outputs`, after links are resolved, is one of `inputs` or the
/// `.dir`/`.img` partner of one (by its name): the one rule of every command that
/// writes. `-` is neither.
pub(crate) fn refuse_outputs(inputs: &[&Path], outputs: &[&Path]) -> bool {
    let guarded = Guarded::of(inputs);
    match outputs.iter().find_map(|output| guarded.clash(output)) {
        Some(message) => {
            eprint_line(&format!("{message}; name another OUTPUT"));
            true
        }
        None => false,
    }
}

/// The existing files no output may be: the inputs, and their `.dir`/`.img`
/// partners.
pub(crate) struct Guarded {
    /// Each file, and the input it is the partner of (`None`: an input itself).
    files: Vec<(PathBuf, Option<PathBuf>)>,
}

impl Guarded {
    /// The files of `inputs` (`-` left out): each input, then every existing
    /// partner of one by its name or by the name a link there resolves to.
    pub(crate) fn of(inputs: &[&Path]) -> Self {
        let inputs: Vec<&Path> = inputs
            .iter()
            .copied()
            .filter(|input| input.as_os_str() != "-")
            .collect();
        let mut files: Vec<(PathBuf, Option<PathBuf>)> = inputs
            .iter()
            .map(|input| (input.to_path_buf(), None))
            .collect();
        for input in inputs {
            let mut names = vec![input.to_path_buf()];
            names.extend(resolve(input).filter(|resolved| resolved != input));
            for name in names {
                let mut partners: Vec<PathBuf> = crate::formats::img::partners(&name)
                    .into_iter()
                    .filter(|partner| std::fs::symlink_metadata(partner).is_ok())
                    .collect();
                // Where neither exists, the files of the name ignoring case.
                if partners.is_empty() {
                    let other = match crate::formats::img::named(&name) {
                        crate::formats::img::Named::Data => crate::formats::img::Named::Directory,
                        crate::formats::img::Named::Directory => crate::formats::img::Named::Data,
                        crate::formats::img::Named::Other => crate::formats::img::Named::Other,
                    };
                    partners = archive::case_matches(&name, other);
                }
                for partner in partners {
                    files.push((partner, Some(input.to_path_buf())));
                }
            }
        }
        Self { files }
    }

    /// The whole message when `output` is one of the files, after links are
    /// resolved (or is the same file by its inode: a hard link).
    pub(crate) fn clash(&self, output: &Path) -> Option<String> {
        if output.as_os_str() == "-" {
            return None;
        }
        let resolved = resolve(output);
        let (file, partner_of) = self.files.iter().find(|(file, _)| {
            (resolved.is_some() && resolved == resolve(file)) || same_file(output, file)
        })?;
        let what = match partner_of {
            None if label(file) == label(output) => "the input file".to_owned(),
            None => format!("the input file {}", label(file)),
            Some(input) => format!(
                "{}, the {} of the input {}",
                label(file),
                match crate::formats::img::named(file) {
                    crate::formats::img::Named::Directory => ".dir",
                    _ => ".img",
                },
                label(input)
            ),
        };
        let how = match std::fs::read_link(output) {
            Ok(link) => format!(": {} is a link to {}", label(output), label(&link)),
            Err(_) => String::new(),
        };
        Some(format!(
            "zerocol: {}: refusing to overwrite {what}{how}",
            label(output)
        ))
    }
}

/// `path` with every link resolved: the existing file's canonical path, or, for
/// a path that does not exist (a dangling link's end included), its folder's
/// canonical path and its name.
fn resolve(path: &Path) -> Option<PathBuf> {
    let mut path = path.to_path_buf();
    // As many links as the kernel follows (Linux: 40).
    for _ in 0..40 {
        if let Ok(canonical) = std::fs::canonicalize(&path) {
            return Some(canonical);
        }
        match std::fs::read_link(&path) {
            Ok(link) => path = folder(&path).join(link),
            Err(_) => {
                let name = path.file_name()?;
                return std::fs::canonicalize(folder(&path))
                    .ok()
                    .map(|dir| dir.join(name));
            }
        }
    }
    None
}

/// Writes a command's output file (`-`: stdout): see the module's rules. Nothing is
/// left behind on failure (the message is said, exit status 2).
pub(crate) fn write_output(
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
    let written = Pending::new(output, bytes).and_then(Pending::commit);
    Ok(said(written))
}

/// Writes an output file (`-`: stdout) that `fill` streams, under the same rules
/// as [`write_output`]: a failure (the filler's too) leaves the old target as it
/// was and no temporary file behind. `fill` may be called twice (see [`Fill`]).
pub(crate) fn write_output_with(
    output: &Path,
    out: &mut impl Write,
    mut fill: impl FnMut(&mut dyn Write) -> Result<(), Failure>,
) -> Result<Status, Interrupted> {
    if output.as_os_str() == "-" {
        return match fill(out) {
            Ok(()) => Ok(Status::Ok),
            Err(Failure::Write(error)) => Err(Interrupted {
                status: Status::Ok,
                error,
            }),
            Err(Failure::Message(message)) => {
                eprint_line(&message);
                Ok(Status::Failed)
            }
        };
    }
    let written = Pending::with(output, Box::new(fill)).and_then(Pending::commit);
    Ok(said(written))
}

/// Writes an extracted file at `target` under the module's rules, but never
/// through a link: a link at `target` is refused, `replace` or not; an existing
/// regular file is replaced only when `replace` (`--force`), and a file that
/// appears there meanwhile is never replaced (the new file is linked or renamed
/// there only if nothing is). The message is said (exit status 2).
pub(crate) fn write_extracted(target: &Path, bytes: &[u8], replace: bool) -> Status {
    let written =
        Pending::new_at(target, bytes, Mode::Extract { replace }).and_then(Pending::commit);
    said(written)
}

/// Writes a III/VC archive, its `.img` streamed by `fill` to `img`, its `.dir`
/// from bytes: replaced as one pair, under a lock, committed by a journal
/// ([`pair`]).
pub(crate) fn write_pair_with(
    img: &Path,
    mut fill: impl FnMut(&mut dyn Write) -> Result<(), Failure>,
    dir: (&Path, &[u8]),
) -> Status {
    said(pair::write(img, &mut fill, dir.0, dir.1))
}

/// Writes two files as a pair (export's OBJ and the `.mtl` it names): both are
/// written whole to temporary files first; then `second` is renamed into place,
/// then `first`. A failure before the renames leaves both targets as they were; the
/// one window left is between the two renames, where a failure leaves the new
/// `second` beside the old `first` (never a new `first` without its `second`).
pub(crate) fn write_pair(first: (&Path, &[u8]), second: (&Path, &[u8])) -> Status {
    let pending = Pending::new(first.0, first.1)
        .and_then(|first| Pending::new(second.0, second.1).map(|second| (first, second)));
    said(pending.and_then(|(first, second)| {
        second.commit()?;
        first.commit()
    }))
}

/// Exit status 0, or 2 with the message said.
fn said(written: Result<(), String>) -> Status {
    match written {
        Ok(()) => Status::Ok,
        Err(message) => {
            eprint_line(&message);
            Status::Failed
        }
    }
}

/// An output written whole and synced beside its target ([`staging`]), not yet in
/// place. Dropped without [`commit`](Self::commit) (or on a panic's unwinding),
/// nothing is left behind.
struct Pending<'a> {
    staged: Staged,
    /// Writes the bytes (again, should the link of an unnamed file fail).
    fill: Box<Fill<'a>>,
    /// What is renamed over: the output, or the file a link there names.
    target: PathBuf,
    /// `.NAME.`: the prefix of a hidden temporary name.
    prefix: String,
    /// The output as the user named it, for messages.
    label: String,
    /// How it is put in place: only where nothing is for `extract` without
    /// `--force`, otherwise over what is there.
    put: Put,
}

/// How an output's path is taken.
#[derive(Clone, Copy)]
pub(crate) enum Mode {
    /// A link is followed: the file it names is replaced.
    Follow,
    /// `extract`: a link is refused; an existing file is replaced only when
    /// `replace` (`--force`).
    Extract { replace: bool },
}

/// Why `extract` writes nothing at `target`, a link: the whole stderr line.
pub(crate) fn link_refused(target: &Path) -> String {
    let to = std::fs::read_link(target)
        .map(|link| format!(" to {}", label(&link)))
        .unwrap_or_default();
    format!(
        "zerocol: {}: not written: it is a link{to}; extract never writes through a link, \
         even with --force: remove the link, or extract into another folder",
        label(target)
    )
}

/// Why `extract` writes nothing at `target`, an existing file: the whole stderr
/// line.
pub(crate) fn exists_refused(target: &Path) -> String {
    format!(
        "zerocol: {}: not written: the file exists; extract replaces only the files it \
         wrote in this run: --force replaces it",
        label(target)
    )
}

impl<'a> Pending<'a> {
    /// Writes `bytes` to a new file beside `output`'s target and flushes it to the
    /// disk. The error is the whole stderr line.
    fn new(output: &Path, bytes: &'a [u8]) -> Result<Self, String> {
        Self::with(
            output,
            Box::new(move |file: &mut dyn Write| file.write_all(bytes).map_err(Failure::Write)),
        )
    }

    /// [`new`](Self::new) for `extract`'s [`Mode`].
    fn new_at(output: &Path, bytes: &'a [u8], mode: Mode) -> Result<Self, String> {
        Self::with_mode(
            output,
            Box::new(move |file: &mut dyn Write| file.write_all(bytes).map_err(Failure::Write)),
            mode,
        )
    }

    /// Lets `fill` write a new file beside `output`'s target (a read error of its
    /// own is [`Failure::Message`], the whole stderr line), then flushes it to the
    /// disk.
    fn with(output: &Path, fill: Box<Fill<'a>>) -> Result<Self, String> {
        Self::with_mode(output, fill, Mode::Follow)
    }

    /// [`with`](Self::with), a link at `output` taken as `mode` says.
    fn with_mode(output: &Path, mut fill: Box<Fill<'a>>, mode: Mode) -> Result<Self, String> {
        let label = label(output);
        let cannot = |error: io::Error| format!("zerocol: {label}: cannot write: {}", bare(&error));
        let (target, existing) = target_of(output, mode)?;
        let name = target
            .file_name()
            .map(|name| name.to_string_lossy())
            .unwrap_or_default();
        // `.NAME.XXXXXX.zerocol-tmp`: hidden, and named for what it becomes.
        let prefix = format!(".{name}.");
        let place = Place {
            folder: folder(&target),
            prefix: &prefix,
        };
        let staged =
            staging::stage(&place, &mut *fill, existing).map_err(|failure| match failure {
                Failure::Write(error) => cannot(error),
                Failure::Message(message) => message,
            })?;
        Ok(Self {
            staged,
            fill,
            target,
            prefix,
            label,
            put: if matches!(mode, Mode::Extract { replace: false }) {
                Put::New
            } else {
                Put::Over
            },
        })
    }

    /// Puts the file in place over the target; on failure nothing is left behind.
    fn commit(self) -> Result<(), String> {
        let Self {
            staged,
            mut fill,
            target,
            prefix,
            label,
            put,
        } = self;
        let place = Place {
            folder: folder(&target),
            prefix: &prefix,
        };
        staged
            .commit(&place, &target, &mut *fill, put)
            .map_err(|failure| match failure {
                Failure::Write(error) => {
                    format!("zerocol: {label}: cannot write: {}", bare(&error))
                }
                Failure::Message(message) => message,
            })
    }
}

/// What writing `output` replaces: the output, or (`mode` [`Mode::Follow`]) the
/// file a link there names (the link kept), and that file's permissions when it
/// exists. Refused (the whole stderr line) when it is not a regular file or its
/// folder is missing, and as [`Mode::Extract`] says.
pub(crate) fn target_of(
    output: &Path,
    mode: Mode,
) -> Result<(PathBuf, Option<std::fs::Permissions>), String> {
    let label = label(output);
    let cannot = |error: io::Error| format!("zerocol: {label}: cannot write: {}", bare(&error));
    let target = match (std::fs::symlink_metadata(output), mode) {
        // A link is followed to the file it names (which is replaced, the link kept).
        (Ok(meta), Mode::Follow) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(output).unwrap_or_else(|_| output.to_owned())
        }
        (Ok(meta), Mode::Extract { .. }) if meta.file_type().is_symlink() => {
            return Err(link_refused(output));
        }
        (Ok(meta), Mode::Extract { replace: false }) if meta.is_file() => {
            return Err(exists_refused(output));
        }
        _ => output.to_owned(),
    };
    let existing = match std::fs::metadata(&target) {
        Ok(meta) if meta.is_file() => Some(meta.permissions()),
        Ok(meta) => {
            return Err(format!(
                "zerocol: {label}: cannot write: {}, not a regular file; zerocol writes a \
                     new file and renames it into place, which would replace it: give a file \
                     path, or - for standard output",
                kind(&meta.file_type())
            ));
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(cannot(error)),
    };
    // The folder must be there: zerocol creates no folders for an output.
    let dir = folder(&target);
    if existing.is_none() && !std::fs::metadata(dir).is_ok_and(|meta| meta.is_dir()) {
        return Err(format!(
            "zerocol: {label}: cannot write: the folder {} does not exist (or is not a \
                 folder); create it first",
            dir.display()
        ));
    }
    Ok((target, existing))
}

/// The folder a target is in (`.` for a bare name).
fn folder(target: &Path) -> &Path {
    match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// An I/O error without the temporary file's path that `tempfile` adds to its
/// message (` at path "…"`): the message names the output instead.
fn bare(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" at path \"") {
        Some(cut) => text.get(..cut).unwrap_or(&text).to_owned(),
        None => text,
    }
}

/// What a file that is not a regular file is, for messages.
pub(crate) fn kind(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

/// Whether two paths name one existing file (the same path after resolving links,
/// or, on Unix, the same device and inode: a hard link).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
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

/// A path as shown in messages, control characters escaped so that every message
/// stays on one line.
pub(crate) fn label(path: &Path) -> String {
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
pub(crate) fn report(label: &str, message: &dyn std::fmt::Display) {
    eprint_line(&format!("zerocol: {label}: {message}"));
}

/// One line on stderr; a failing stderr is ignored (there is nowhere left to say so).
pub(crate) fn eprint_line(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// A length as a `u64` (lossless on every platform Rust supports).
pub(crate) fn len_u64(len: usize) -> u64 {
    u64::try_from(len).unwrap_or(u64::MAX)
}

/// How many refused targets [`targets_free`] names before the rest are counted.
const NAMED_REFUSALS: usize = 5;

/// `extract`: creates `folder` (and its parents) where it is missing, or the whole
/// stderr line why it cannot be.
pub(crate) fn create_folder(folder: &Path) -> Result<(), String> {
    std::fs::create_dir_all(folder).map_err(|error| {
        format!(
            "zerocol: {}: cannot create the folder: {}; extract into another folder",
            label(folder),
            bare(&error)
        )
    })
}

/// `extract`: whether every target can be written, checked before anything is: none is the
/// archive at `path` or its partner (after links are resolved), none is a link or
/// anything but a regular file, and none exists unless `force`. Otherwise the
/// refusals are said (the first few named, the rest counted), and nothing is
/// written.
pub(crate) fn targets_free(path: &Path, folder: &Path, chosen: &[&Path], force: bool) -> bool {
    // The archive, and its partner by its name.
    let guarded = Guarded::of(&[path]);
    // The archive under an entry's name: the whole run is refused.
    if let Some(message) = chosen.iter().find_map(|target| guarded.clash(target)) {
        eprint_line(&format!(
            "{message}; nothing extracted: extract into another folder"
        ));
        return false;
    }
    let refusals: Vec<String> = chosen
        .iter()
        .filter_map(|target| match std::fs::symlink_metadata(target) {
            Ok(meta) if meta.file_type().is_symlink() => Some(link_refused(target)),
            Ok(meta) if !meta.is_file() => Some(format!(
                "zerocol: {}: not written: {}, not a regular file; remove it, or extract into \
                 another folder",
                label(target),
                kind(&meta.file_type())
            )),
            Ok(_) if !force => Some(exists_refused(target)),
            _ => None,
        })
        .collect();
    for message in refusals.iter().take(NAMED_REFUSALS) {
        eprint_line(message);
    }
    if refusals.len() > NAMED_REFUSALS {
        eprint_line(&format!(
            "zerocol: {}: {} more refused",
            label(folder),
            refusals.len().saturating_sub(NAMED_REFUSALS)
        ));
    }
    if !refusals.is_empty() {
        eprint_line(&format!(
            "zerocol: {}: nothing extracted: {} of {} refused",
            label(folder),
            refusals.len(),
            crate::io::counted(chosen.len(), "file")
        ));
    }
    refusals.is_empty()
}

#[cfg(test)]
mod counted_tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "model"), "1 model");
        assert_eq!(counted(0, "model"), "0 models");
        assert_eq!(counted(2, "trailing byte"), "2 trailing bytes");
    }
}
