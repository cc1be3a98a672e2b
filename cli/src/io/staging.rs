//! An output file staged beside its target and put in place only whole
//! (docs/cli.md, "Writing files").
//!
//! - Linux: the bytes go to an unnamed file (`O_TMPFILE`) in the target's folder.
//!   Only once they are all written and synced to the disk does the file get a
//!   name: `linkat` of `/proc/self/fd/N` (`AT_SYMLINK_FOLLOW`, which needs no
//!   privilege) straight to the target when there is none, otherwise to a fresh
//!   hidden `.NAME.XXXXXX.zerocol-tmp` that is then renamed over the target. A kill
//!   before the link leaves nothing behind; after it, only a complete file.
//! - Elsewhere, or when the file system refuses `O_TMPFILE` or `/proc` is missing
//!   (the link fails): a named temporary file `.NAME.XXXXXX.zerocol-tmp` from the
//!   start (`tempfile`), renamed over the target once written and synced.
//! - Every named temporary file is listed while it exists. It is removed on an
//!   error or a panic (dropped), and, on Unix, on SIGINT, SIGTERM or SIGHUP: a
//!   thread (started with the first named file) removes the listed files, then ends
//!   the process by the same signal (the shell says 130, 143, 129). A signal that
//!   was ignored when the tool started (`nohup`) stays ignored (Linux; elsewhere it
//!   is caught).

use std::fs::{File, Permissions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use tempfile::NamedTempFile;

/// Why an output was not written: a write error, or a message (the whole stderr
/// line) of the filler's own, such as a read error of an input it streams.
pub(crate) enum Failure {
    Write(io::Error),
    Message(String),
}

/// What writes an output's bytes, streamed or from memory. It may be called twice:
/// should the link of an unnamed file fail, the bytes are written once more through
/// a named file.
pub(crate) type Fill<'a> = dyn FnMut(&mut dyn io::Write) -> Result<(), Failure> + 'a;

/// The bytes of an output, written whole and synced, not yet in place. Dropped
/// without [`commit`](Self::commit), nothing is left (a named file is removed).
pub(crate) enum Staged {
    /// Linux's `O_TMPFILE`: no name yet.
    #[cfg(target_os = "linux")]
    Unnamed {
        file: File,
        /// To write again through a named file, should the link fail.
        permissions: Option<Permissions>,
    },
    Named(Named<File>),
}

/// How a staged file is made: the target's folder and the hidden name's prefix.
pub(crate) struct Place<'a> {
    pub folder: &'a Path,
    /// `.NAME.`, completed as `.NAME.XXXXXX.zerocol-tmp`.
    pub prefix: &'a str,
}

impl Place<'_> {
    fn builder(&self) -> tempfile::Builder<'_, '_> {
        let mut builder = tempfile::Builder::new();
        builder.prefix(self.prefix).suffix(".zerocol-tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            // As a new file gets from `std::fs::write`: 0o666 less the umask.
            builder.permissions(Permissions::from_mode(0o666));
        }
        builder
    }
}

/// Writes the output `fill` makes to a new file in `place` (unnamed where the
/// system allows it), with `permissions` when given, and syncs it to the disk.
pub(crate) fn stage(
    place: &Place<'_>,
    fill: &mut Fill<'_>,
    permissions: Option<Permissions>,
) -> Result<Staged, Failure> {
    #[cfg(target_os = "linux")]
    if let Some(mut file) = unnamed(place.folder) {
        if let Some(permissions) = &permissions {
            file.set_permissions(permissions.clone())
                .map_err(Failure::Write)?;
        }
        write_through(&mut file, fill)?;
        file.sync_all().map_err(Failure::Write)?;
        return Ok(Staged::Unnamed { file, permissions });
    }
    named_file(place, fill, permissions).map(Staged::Named)
}

/// Lets `fill` write `file` through a buffer, and flushes it.
pub(crate) fn write_through(file: &mut File, fill: &mut Fill<'_>) -> Result<(), Failure> {
    let mut buffered = io::BufWriter::new(file);
    fill(&mut buffered)?;
    buffered.flush().map_err(Failure::Write)
}

/// How a staged file is put at its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Put {
    /// Over what is there (a link followed by the caller, not here).
    Over,
    /// Only where nothing is (a link included, which is never followed):
    /// otherwise an `AlreadyExists` error, the target as it was.
    New,
}

impl Staged {
    /// Puts the file in place at `target` (in `place.folder`) as `put` says; on
    /// failure the target is as it was and nothing is left behind. `fill` writes
    /// the staged bytes again should the link fail.
    pub(crate) fn commit(
        self,
        place: &Place<'_>,
        target: &Path,
        fill: &mut Fill<'_>,
        put: Put,
    ) -> Result<(), Failure> {
        #[cfg(not(target_os = "linux"))]
        let _ = fill;
        match self {
            #[cfg(target_os = "linux")]
            Self::Unnamed { file, permissions } => match link(&file, place, target, put) {
                Ok(()) => Ok(()),
                Err(error) if put == Put::New && error.kind() == io::ErrorKind::AlreadyExists => {
                    Err(Failure::Write(error))
                }
                // No `/proc`, or a link the file system refuses: once more through
                // a named file (which says what fails, if anything does).
                Err(_) => {
                    drop(file);
                    named_file(place, fill, permissions)?
                        .persist(target, put)
                        .map_err(Failure::Write)
                }
            },
            Self::Named(named) => named.persist(target, put).map_err(Failure::Write),
        }
    }
}

/// A named temporary file, written whole and synced.
fn named_file(
    place: &Place<'_>,
    fill: &mut Fill<'_>,
    permissions: Option<Permissions>,
) -> Result<Named<File>, Failure> {
    let mut named = named(|| place.builder().tempfile_in(place.folder)).map_err(Failure::Write)?;
    if let Some(permissions) = permissions {
        // The replaced file's own permissions (not narrowed by the umask).
        named
            .file
            .as_file()
            .set_permissions(permissions)
            .map_err(Failure::Write)?;
    }
    // Through the `File` itself: its errors are the system's, without a path.
    write_through(named.file.as_file_mut(), fill)?;
    named.file.as_file().sync_all().map_err(Failure::Write)?;
    Ok(named)
}

/// An unnamed file in `folder`, or `None` where the kernel or the file system has
/// no `O_TMPFILE` (or any other failure, which the named file then reports).
#[cfg(target_os = "linux")]
fn unnamed(folder: &Path) -> Option<File> {
    use rustix::fs::{CWD, Mode, OFlags, openat};
    let flags = OFlags::WRONLY | OFlags::TMPFILE | OFlags::CLOEXEC;
    // 0o666 less the umask, as for a named file.
    openat(CWD, folder, flags, Mode::from_bits_truncate(0o666))
        .ok()
        .map(File::from)
}

/// Gives the unnamed `file` the name `target`: linked there at once when nothing
/// is there; otherwise ([`Put::Over`]) linked to a hidden name renamed over the
/// target, or ([`Put::New`]) the link's `AlreadyExists` error.
#[cfg(target_os = "linux")]
fn link(file: &File, place: &Place<'_>, target: &Path, put: Put) -> io::Result<()> {
    use rustix::fs::{AtFlags, CWD, linkat};
    use std::os::fd::AsRawFd as _;
    end_if_signalled();
    let fd = format!("/proc/self/fd/{}", file.as_raw_fd());
    let link_to = |path: &Path| {
        linkat(CWD, fd.as_str(), CWD, path, AtFlags::SYMLINK_FOLLOW).map_err(io::Error::from)
    };
    match link_to(target) {
        Err(error) if put == Put::Over && error.kind() == io::ErrorKind::AlreadyExists => {}
        linked => return linked,
    }
    named(|| place.builder().make_in(place.folder, link_to))?.persist(target, Put::Over)
}

/// The named temporary files that exist now, for the signal thread.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A named temporary file, listed in [`LIVE`] while it exists.
pub(crate) struct Named<F> {
    file: NamedTempFile<F>,
    /// Dropped after `file` (which removes the file): unlists it.
    _listed: Listed,
}

impl<F> Named<F> {
    /// Renames the file over `target` ([`Put::Over`]), or links it there only if
    /// nothing is there ([`Put::New`]: a link there is not followed); on failure it
    /// is removed.
    fn persist(self, target: &Path, put: Put) -> io::Result<()> {
        end_if_signalled();
        let Self { file, _listed } = self;
        let persisted = match put {
            Put::Over => file.persist(target),
            Put::New => file.persist_noclobber(target),
        };
        persisted.map(drop).map_err(|error| error.error)
    }
}

/// A path in [`LIVE`]: the signal thread removes the file there. Dropped, it is
/// unlisted (an empty path: already unlisted by [`uninterrupted`]).
pub(crate) struct Listed(PathBuf);

impl Drop for Listed {
    fn drop(&mut self) {
        if self.0.as_os_str().is_empty() {
            return;
        }
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        live.retain(|path| *path != self.0);
    }
}

/// Creates the file at `path` with `create`, listed in [`LIVE`] from before it
/// exists (with the list locked, so that a signal never finds it made but not
/// listed) until the [`Listed`] is dropped.
pub(crate) fn create_listed(
    path: &Path,
    create: impl FnOnce(&Path) -> io::Result<File>,
) -> io::Result<(File, Listed)> {
    watch_signals();
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    let file = create(path)?;
    live.push(path.to_owned());
    Ok((file, Listed(path.to_owned())))
}

/// Runs `steps` (file system calls only: nothing that lists or unlists a file)
/// with the list locked, so that a signal waits for them to end, then unlists
/// `listed`: a III/VC pair's renames (src/io/pair.rs), which a signal must never
/// leave half done. A signal received before is acted on first.
pub(crate) fn uninterrupted<R>(listed: Vec<Listed>, steps: impl FnOnce() -> R) -> R {
    end_if_signalled();
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    let done = steps();
    for mut one in listed {
        let path = std::mem::take(&mut one.0);
        live.retain(|listed| *listed != path);
    }
    done
}

/// Makes a named temporary file with the list locked, so that a signal never
/// finds it made but not listed.
fn named<F>(make: impl FnOnce() -> io::Result<NamedTempFile<F>>) -> io::Result<Named<F>> {
    watch_signals();
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    let file = make()?;
    let path = file.path().to_owned();
    live.push(path.clone());
    Ok(Named {
        file,
        _listed: Listed(path),
    })
}

/// The signal received (SIGINT, SIGTERM or SIGHUP), 0 before any: set by the
/// handler itself, so that the main thread sees it even before the signal thread
/// runs.
#[cfg(unix)]
static RECEIVED: std::sync::OnceLock<std::sync::Arc<std::sync::atomic::AtomicUsize>> =
    std::sync::OnceLock::new();

/// Starts, once, the thread that removes the listed files on SIGINT, SIGTERM or
/// SIGHUP and ends the process by that signal. Without it (a failure to set it up),
/// a signal ends the tool as before and the file stays.
fn watch_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        use std::sync::Arc;
        use std::sync::atomic::AtomicUsize;
        static STARTED: std::sync::Once = std::sync::Once::new();
        STARTED.call_once(|| {
            let ignored = ignored_signals();
            let watched: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
                .into_iter()
                .filter(|signal| !ignored.contains(signal))
                .collect();
            let received = RECEIVED.get_or_init(|| Arc::new(AtomicUsize::new(0)));
            for &signal in &watched {
                let value = usize::try_from(signal).unwrap_or(0);
                let _ = signal_hook::flag::register_usize(signal, Arc::clone(received), value);
            }
            let Ok(mut signals) = signal_hook::iterator::Signals::new(watched) else {
                return;
            };
            let _ = std::thread::Builder::new()
                .name("signals".to_owned())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        end_by(signal);
                    }
                });
        });
    }
}

/// Ends the process by the signal received, if one was (after the listed files are
/// removed): called before a file is put in place, and by `main` at the end, so
/// that a signal the signal thread had no time to act on still ends the tool.
pub(crate) fn end_if_signalled() {
    #[cfg(unix)]
    if let Some(received) = RECEIVED.get() {
        let signal = received.load(std::sync::atomic::Ordering::SeqCst);
        if let Ok(signal @ 1..) = i32::try_from(signal) {
            end_by(signal);
        }
    }
}

/// Removes the listed files and ends the process by `signal`, as if it had never
/// been caught (the exit status 128 + `signal` should that fail).
#[cfg(unix)]
fn end_by(signal: i32) -> ! {
    // Held to the end: no file is made or put in place meanwhile.
    let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    for path in live.iter() {
        let _ = std::fs::remove_file(path);
    }
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(signal.saturating_add(128));
}

/// The signals ignored when the tool started (`SigIgn` in `/proc/self/status`):
/// `nohup` ignores SIGHUP, a shell's background job SIGINT. None known elsewhere.
#[cfg(unix)]
fn ignored_signals() -> Vec<i32> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mask = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|hex| u64::from_str_radix(hex.trim(), 16).ok())
        .unwrap_or(0);
    (1..=64_i32)
        .zip(0..64_u32)
        .filter(|&(_, bit)| mask.checked_shr(bit).is_some_and(|rest| rest & 1 == 1))
        .map(|(signal, _)| signal)
        .collect()
}
