//! A GTA III/VC archive's `.img` and `.dir`, replaced as one (docs/cli.md,
//! "Writing files"): a reader never sees halves from two runs, two writers never
//! mix, and a kill at any moment leaves the old pair or the new one.
//!
//! Writing ([`write`]), with `NAME.img` the `.img`'s target (a link followed):
//!
//! 1. Lock: an exclusive `flock` on the `.img`'s folder, opened read-only, held to
//!    the end (Unix; the lock goes with the process, and leaves no file). One pair
//!    is written in a folder at a time; a writer that waits says so. A folder that
//!    cannot be opened is not written (nor is a journal in it settled).
//! 2. Settle what an earlier run left: a journal is finished (below); without one,
//!    the staged files are leftovers of a run that never committed, and are removed.
//! 3. Stage: the new `.img` is written whole to `.NAME.img.new.zerocol-tmp`, the
//!    new `.dir` to `.NAME.dir.new.zerocol-tmp` beside its own target, each synced
//!    to the disk. Then the journal, `.NAME.img.zerocol-pair`, which names the two
//!    staged files and their targets: written to `.NAME.img.zerocol-pair.zerocol-tmp`
//!    and synced.
//! 4. Commit: the journal is renamed into place and the folder synced. From here on
//!    the pair is the new one: the `.dir` and then the `.img` are renamed over their
//!    targets, the journal removed, the folder synced. A signal (SIGINT, SIGTERM,
//!    SIGHUP) waits for these steps to end; before them, it removes the staged files.
//!
//! A kill before the commit leaves the old pair (and staged files, which the next
//! zerocol that reads or writes the pair removes); a kill after it leaves the
//! journal, and the next zerocol that reads or writes the pair finishes the renames
//! it names (and says so). A folder it cannot write is read as the journal says,
//! unchanged.
//!
//! Reading ([`read`]): the `.img` is opened, then the `.dir`; then the journal must
//! be absent and the `.img`'s path still name the file opened. Otherwise a commit
//! came in between: the pair is opened again, under the lock.

use std::fs::{File, OpenOptions, Permissions};
use std::io;
use std::path::{Path, PathBuf};

use crate::formats::img::{Named, directory_beside, named, sibling};
use crate::io::staging::{self, Fill, Listed};
use crate::io::{Failure, Mode, bare, eprint_line, folder, label, target_of};

/// The first line of a journal; the four paths follow, each ended by a NUL.
const JOURNAL_HEAD: &[u8] = b"zerocol III/VC pair journal 1\n";

/// The files of one pair's write, all derived from the targets' names.
struct Files {
    /// The `.img`'s target (a link followed) and its staged file.
    img: PathBuf,
    img_staged: PathBuf,
    /// The `.dir`'s target and its staged file (beside it).
    dir: PathBuf,
    dir_staged: PathBuf,
    /// The journal, beside the `.img`, and the file it is written to first.
    journal: PathBuf,
    journal_staged: PathBuf,
}

impl Files {
    fn of(img: PathBuf, dir: PathBuf) -> Self {
        let hidden = |path: &Path, suffix: &str| {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy())
                .unwrap_or_default();
            folder(path).join(format!(".{name}{suffix}"))
        };
        Self {
            img_staged: hidden(&img, ".new.zerocol-tmp"),
            dir_staged: hidden(&dir, ".new.zerocol-tmp"),
            journal: hidden(&img, ".zerocol-pair"),
            journal_staged: hidden(&img, ".zerocol-pair.zerocol-tmp"),
            img,
            dir,
        }
    }

    /// The files of the pair whose `.img` is at `img` (a link followed), its
    /// `.dir` named as a writer names it.
    fn of_img(img: &Path) -> Self {
        Self::of(followed(img), followed(&directory_beside(img)))
    }

    /// The journal's bytes: the staged `.dir`, the `.dir`, the staged `.img`, the
    /// `.img`; each a name when it is in the journal's folder, else a whole path.
    fn journal_bytes(&self) -> Vec<u8> {
        let here = folder(&self.journal);
        let mut bytes = JOURNAL_HEAD.to_vec();
        for path in [&self.dir_staged, &self.dir, &self.img_staged, &self.img] {
            let stored = match path.file_name() {
                Some(name) if folder(path) == here => PathBuf::from(name),
                _ => std::path::absolute(path).unwrap_or_else(|_| path.clone()),
            };
            bytes.extend_from_slice(&path_bytes(&stored));
            bytes.push(0);
        }
        bytes
    }

    /// Whether `renames` (a journal's) are this pair's own: its staged `.dir` over
    /// its `.dir`, its staged `.img` over its `.img`.
    fn are_its_renames(&self, renames: &[(PathBuf, PathBuf); 2]) -> bool {
        let same = |a: &Path, b: &Path| match (std::path::absolute(a), std::path::absolute(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        let [(dir_staged, dir), (img_staged, img)] = renames;
        same(dir_staged, &self.dir_staged)
            && same(dir, &self.dir)
            && same(img_staged, &self.img_staged)
            && same(img, &self.img)
    }

    /// The renames a journal names, `(staged, target)`: `None` when it is not one.
    fn journal_renames(journal: &Path, bytes: &[u8]) -> Option<[(PathBuf, PathBuf); 2]> {
        let here = folder(journal);
        let rest = bytes.strip_prefix(JOURNAL_HEAD)?.strip_suffix(&[0])?;
        let paths: Vec<PathBuf> = rest
            .split(|&b| b == 0)
            .map(|part| here.join(bytes_path(part)))
            .collect();
        match <[PathBuf; 4]>::try_from(paths) {
            Ok([dir_staged, dir, img_staged, img]) => Some([(dir_staged, dir), (img_staged, img)]),
            Err(_) => None,
        }
    }
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt as _;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(unix)]
fn bytes_path(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt as _;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> Vec<u8> {
    path.to_string_lossy().into_owned().into_bytes()
}

#[cfg(not(unix))]
fn bytes_path(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

/// `path`, or the file a link there names.
fn followed(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
        }
        _ => path.to_owned(),
    }
}

/// Whether a file (or anything) is at `path`.
fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// The lock of a folder: `flock` on it, opened read-only, released when dropped
/// (or when the process ends). Where there is no `flock` (not Unix, or a file
/// system without it), nothing is locked.
struct Lock {
    #[cfg(unix)]
    folder: Option<File>,
}

/// What taking a folder's lock without waiting found.
enum Taken {
    /// Held (or nothing to hold: no `flock` there).
    Held(Lock),
    /// Another process holds it: the folder, opened, to wait on.
    Busy(File),
}

impl Lock {
    /// The exclusive lock of `folder`, waited for (`waiting` is said first); an
    /// error when the folder cannot be opened to be locked.
    fn wait(folder: &Path, waiting: impl FnOnce()) -> io::Result<Self> {
        match Self::take(folder)? {
            Taken::Held(lock) => Ok(lock),
            Taken::Busy(file) => {
                waiting();
                #[cfg(unix)]
                {
                    use rustix::fs::{FlockOperation, flock};
                    rustix::io::retry_on_intr(|| flock(&file, FlockOperation::LockExclusive))?;
                    Ok(Self { folder: Some(file) })
                }
                #[cfg(not(unix))]
                {
                    let _ = file;
                    Ok(Self::none())
                }
            }
        }
    }

    /// The exclusive lock of `folder` if no other process holds it and the folder
    /// can be opened.
    fn try_take(folder: &Path) -> Option<Self> {
        match Self::take(folder) {
            Ok(Taken::Held(lock)) => Some(lock),
            _ => None,
        }
    }

    /// The lock taken without waiting, or (when another process holds it) the
    /// folder to wait on; an error when the folder cannot be opened (a folder
    /// that can be written but not read, a process out of file descriptors):
    /// then there is no lock to be had, and nothing may be settled or written.
    fn take(folder: &Path) -> io::Result<Taken> {
        #[cfg(unix)]
        {
            use rustix::fs::{FlockOperation, flock};
            let file = File::open(folder)?;
            match flock(&file, FlockOperation::NonBlockingLockExclusive) {
                Ok(()) => Ok(Taken::Held(Self { folder: Some(file) })),
                Err(rustix::io::Errno::WOULDBLOCK) => Ok(Taken::Busy(file)),
                // A file system without `flock`: no lock to hold (documented).
                Err(rustix::io::Errno::NOLCK | rustix::io::Errno::OPNOTSUPP) => {
                    Ok(Taken::Held(Self::none()))
                }
                Err(error) => Err(error.into()),
            }
        }
        #[cfg(not(unix))]
        {
            let _ = folder;
            Ok(Taken::Held(Self::none()))
        }
    }

    fn none() -> Self {
        Self {
            #[cfg(unix)]
            folder: None,
        }
    }

    /// Flushes the folder's entries (the renames) to the disk, where a folder can
    /// be synced.
    fn sync(&self) -> io::Result<()> {
        #[cfg(unix)]
        if let Some(folder) = &self.folder {
            return folder.sync_all();
        }
        Ok(())
    }
}

/// Syncs the folder `path` is in, when it is not `locked`'s (a `.dir` that is a
/// link to another folder).
fn sync_other(locked: &Lock, locked_folder: &Path, path: &Path) -> io::Result<()> {
    let other = folder(path);
    if other == locked_folder {
        return locked.sync();
    }
    #[cfg(unix)]
    File::open(other)?.sync_all()?;
    Ok(())
}

/// What settling a pair found: nothing, leftovers removed, or a journal finished
/// (or, in a folder that cannot be written, the files it names to read).
enum Settled {
    Nothing,
    Finished,
    /// Read these instead (`.img`, `.dir`): the journal's pair, left as it is.
    ReadOnly(PathBuf, PathBuf),
}

/// With the lock held: finishes the journal when there is one (the renames it
/// names, then its removal), or removes the staged files a run left without one.
fn settle(files: &Files, lock: &Lock, who: &str) -> Result<Settled, String> {
    let journal = match std::fs::read(&files.journal) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            let mut removed = false;
            for leftover in [&files.img_staged, &files.dir_staged, &files.journal_staged] {
                removed |= std::fs::remove_file(leftover).is_ok();
            }
            if removed {
                // Best effort: a leftover that comes back after a power cut goes next time.
                let _ = lock.sync();
            }
            return Ok(Settled::Nothing);
        }
        Err(error) => {
            return Err(format!(
                "zerocol: {who}: cannot look for the journal {} that an interrupted zerocol may \
                 have left: {}",
                label(&files.journal),
                bare(&error)
            ));
        }
    };
    // Only this pair's own files are renamed: a journal that names any other file
    // (one a hostile folder holds, naming files elsewhere) is refused.
    let Some(renames) = Files::journal_renames(&files.journal, &journal)
        .filter(|renames| files.are_its_renames(renames))
    else {
        return Err(format!(
            "zerocol: {who}: the journal {} is not one zerocol writes for this pair; remove it \
             (the pair beside it is what was there before it) and run again",
            label(&files.journal)
        ));
    };
    // Under the lock and with the journal there, a staged file that is gone has
    // been renamed into place.
    for (staged, target) in &renames {
        if !exists(staged) {
            continue;
        }
        match std::fs::rename(staged, target) {
            Ok(()) => {}
            Err(error)
                if matches!(
                    error.kind(),
                    io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
                ) =>
            {
                let [(dir_staged, dir), (img_staged, img)] = renames;
                let pick = |staged: PathBuf, target| if exists(&staged) { staged } else { target };
                eprint_line(&format!(
                    "zerocol: {who}: an interrupted zerocol left this III/VC pair half \
                     replaced (its journal {}), in a folder zerocol cannot write ({}): reading \
                     the new pair the journal names, and leaving it as it is",
                    label(&files.journal),
                    bare(&error)
                ));
                return Ok(Settled::ReadOnly(
                    pick(img_staged, img),
                    pick(dir_staged, dir),
                ));
            }
            Err(error) => {
                return Err(format!(
                    "zerocol: {who}: cannot finish the III/VC pair an interrupted zerocol left \
                     (its journal {}): {}",
                    label(&files.journal),
                    bare(&error)
                ));
            }
        }
    }
    let [(_, dir), _] = &renames;
    let synced = sync_other(lock, folder(&files.journal), dir)
        .and_then(|()| std::fs::remove_file(&files.journal))
        .and_then(|()| lock.sync());
    if let Err(error) = synced {
        return Err(format!(
            "zerocol: {who}: cannot finish the III/VC pair an interrupted zerocol left (its \
             journal {}): {}",
            label(&files.journal),
            bare(&error)
        ));
    }
    eprint_line(&format!(
        "zerocol: {who}: finished writing the III/VC pair an interrupted zerocol had committed \
         (its journal {}, now removed)",
        label(&files.journal)
    ));
    Ok(Settled::Finished)
}

/// The paths an archive is read from when not those its name gives: the files a
/// journal names in a folder that cannot be written.
pub(crate) struct Instead {
    pub img: PathBuf,
    pub dir: PathBuf,
}

/// Opens the archive named `path` with `open` (given the files to read instead,
/// if any), so that a III/VC pair's two files come from one run: see the module.
/// `data` gives the `.img` that `open` opened, for a III/VC pair (`None` for a
/// `VER2` archive, one file).
pub(crate) fn read<T>(
    path: &Path,
    mut open: impl FnMut(Option<&Instead>) -> Result<T, String>,
    data: impl Fn(&T) -> Option<&File>,
) -> Result<T, String> {
    let img = match named(path) {
        Named::Data => path.to_owned(),
        Named::Directory => match sibling(path, Named::Data) {
            Some(img) => img,
            None => return open(None),
        },
        Named::Other => return open(None),
    };
    let files = Files::of_img(&img);
    let who = label(path);
    // Unlocked, as a reader usually is; twice, should a writer commit meanwhile.
    for _ in 0..2 {
        if exists(&files.journal) {
            break;
        }
        let opened = open(None)?;
        let Some(file) = data(&opened) else {
            return Ok(opened);
        };
        if !exists(&files.journal) && same_file(file, &img) {
            if exists(&files.img_staged) || exists(&files.dir_staged) {
                // Leftovers, unless a writer is at work (it holds the lock).
                if let Some(lock) = Lock::try_take(folder(&files.img)) {
                    settle(&files, &lock, &who)?;
                }
            }
            return Ok(opened);
        }
    }
    let lock = Lock::wait(folder(&files.img), || {
        eprint_line(&format!(
            "zerocol: {who}: waiting for the zerocol that writes this III/VC pair"
        ));
    })
    .map_err(|error| unlocked(&who, folder(&files.img), &error, "read"))?;
    match settle(&files, &lock, &who)? {
        Settled::ReadOnly(img, dir) => open(Some(&Instead { img, dir })),
        Settled::Nothing | Settled::Finished => open(None),
    }
}

/// Why a pair cannot be read or written (`what`) without its folder's lock: the
/// whole stderr line.
fn unlocked(who: &str, folder: &Path, error: &io::Error, what: &str) -> String {
    let why = if what == "write" {
        "a III/VC pair is written only under its folder's lock, so that two runs never mix its \
         files"
    } else {
        "a III/VC pair that is being written, or was left half written, is read only under its \
         folder's lock"
    };
    format!(
        "zerocol: {who}: cannot {what}: cannot lock the folder {} ({}): {why}; make the folder \
         readable (r-x), or raise the open-file limit (ulimit -n)",
        label(folder),
        bare(error)
    )
}

/// Whether `file` is the file at `path` now (the same device and inode).
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        // No inode to compare: the journal's absence is the check.
        let _ = (file, path);
        true
    }
}

/// A staged file: removed when dropped, unless [`Self::keep`] (it is then the
/// journal's to rename).
struct Staged {
    path: PathBuf,
    listed: Option<Listed>,
}

impl Staged {
    /// Writes `fill`'s bytes to `path` (which must not exist), with `permissions`
    /// when given, and syncs them to the disk.
    fn write(
        path: &Path,
        fill: &mut Fill<'_>,
        permissions: Option<Permissions>,
    ) -> Result<Self, Failure> {
        let (mut file, listed) = staging::create_listed(path, |path| {
            let mut options = OpenOptions::new();
            options.write(true).create_new(true);
            options.open(path)
        })
        .map_err(Failure::Write)?;
        let staged = Self {
            path: path.to_owned(),
            listed: Some(listed),
        };
        if let Some(permissions) = permissions {
            file.set_permissions(permissions).map_err(Failure::Write)?;
        }
        staging::write_through(&mut file, fill)?;
        file.sync_all().map_err(Failure::Write)?;
        Ok(staged)
    }

    /// No longer removed when dropped: what is left to unlist.
    fn keep(mut self) -> Option<Listed> {
        self.path = PathBuf::new();
        self.listed.take()
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.path.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Writes a III/VC pair: the `.img` at `img_output`, streamed by `fill`, and the
/// `.dir` at `dir_output`, from `dir_bytes`: see the module. The error is the whole
/// stderr line.
pub(crate) fn write(
    img_output: &Path,
    fill: &mut Fill<'_>,
    dir_output: &Path,
    dir_bytes: &[u8],
) -> Result<(), String> {
    let (img_label, dir_label) = (label(img_output), label(dir_output));
    let (img, img_permissions) = target_of(img_output, Mode::Follow)?;
    let (dir, dir_permissions) = target_of(dir_output, Mode::Follow)?;
    let files = Files::of(img, dir);
    let locked_folder = folder(&files.img);
    let lock = Lock::wait(locked_folder, || {
        eprint_line(&format!(
            "zerocol: {img_label}: waiting for another zerocol that writes a III/VC pair in \
             the folder {} (one at a time)",
            label(locked_folder)
        ));
    })
    .map_err(|error| unlocked(&img_label, locked_folder, &error, "write"))?;
    if let Settled::ReadOnly(..) = settle(&files, &lock, &img_label)? {
        return Err(format!(
            "zerocol: {img_label}: cannot write: the folder cannot be written"
        ));
    }
    let cannot = |label: &str, failure: Failure| match failure {
        Failure::Write(error) => format!("zerocol: {label}: cannot write: {}", bare(&error)),
        Failure::Message(message) => message,
    };
    let img_staged = Staged::write(&files.img_staged, fill, img_permissions)
        .map_err(|failure| cannot(&img_label, failure))?;
    let mut dir_fill = |w: &mut dyn io::Write| w.write_all(dir_bytes).map_err(Failure::Write);
    let dir_staged = Staged::write(&files.dir_staged, &mut dir_fill, dir_permissions)
        .map_err(|failure| cannot(&dir_label, failure))?;
    let journal_bytes = files.journal_bytes();
    let mut journal_fill =
        |w: &mut dyn io::Write| w.write_all(&journal_bytes).map_err(Failure::Write);
    let journal_staged = Staged::write(&files.journal_staged, &mut journal_fill, None)
        .map_err(|failure| cannot(&img_label, failure))?;
    let listed = [img_staged, dir_staged, journal_staged]
        .into_iter()
        .filter_map(Staged::keep)
        .collect();
    let committed = staging::uninterrupted(listed, || commit(&files, &lock));
    committed.map_err(|(error, step)| match step {
        Step::Before => {
            for staged in [&files.img_staged, &files.dir_staged, &files.journal_staged] {
                let _ = std::fs::remove_file(staged);
            }
            format!("zerocol: {img_label}: cannot write: {}", bare(&error))
        }
        Step::After => format!(
            "zerocol: {img_label}: cannot write: {}; the new pair is committed (its journal \
             {}), and the next zerocol that reads or writes it finishes it",
            bare(&error),
            label(&files.journal)
        ),
    })
}

/// Where a commit failed: before its point (the old pair kept, the staged files to
/// remove), or after it (the journal left for the next run).
enum Step {
    Before,
    After,
}

/// The journal put in place (the commit point), then the renames it names, then
/// its removal, each made durable.
fn commit(files: &Files, lock: &Lock) -> Result<(), (io::Error, Step)> {
    let locked_folder = folder(&files.img);
    let before = |error| (error, Step::Before);
    let after = |error| (error, Step::After);
    std::fs::rename(&files.journal_staged, &files.journal).map_err(before)?;
    if let Err(error) = lock.sync() {
        // Not committed for sure: undone, the old pair kept.
        let _ = std::fs::remove_file(&files.journal);
        return Err(before(error));
    }
    if let Err(error) = std::fs::rename(&files.dir_staged, &files.dir) {
        // Nothing replaced yet: the commit undone.
        let _ = std::fs::remove_file(&files.journal);
        return Err(before(error));
    }
    std::fs::rename(&files.img_staged, &files.img).map_err(after)?;
    sync_other(lock, locked_folder, &files.dir).map_err(after)?;
    std::fs::remove_file(&files.journal).map_err(after)?;
    lock.sync().map_err(after)
}
