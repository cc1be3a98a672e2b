//! IMG lints: the stable [`zc_img_lint_kind`] codes, [`zc_img_lint`] with its
//! message, and the [`zc_img_lints`] walk over a directory.

use core::ptr;

use zerocol::img::{Lint, LintKind, LintPosition};

use crate::boundary::{self, Sealed};
use crate::convert::put;
use crate::error::{ZC_MESSAGE_CAP, copy_out, zc_error, zc_status};
use crate::format::zc_format;

use super::read::zc_img_directory;

/// What a lint reports (`zc_img_lint.kind`). The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_img_lint_kind {
    /// A kind this header does not name (a newer library's); its message says what.
    ZC_IMG_LINT_OTHER = 0,
    /// A name seen before (case-insensitively): `a` is the first entry with it.
    ZC_IMG_LINT_DUPLICATE_NAME = 1,
    /// The entry's sectors overlap an earlier entry's: `a` is that entry.
    ZC_IMG_LINT_OVERLAP = 2,
    /// The entry's sectors overlap the v2 directory's: `a` is the directory's sectors.
    ZC_IMG_LINT_OVERLAPS_DIRECTORY = 3,
    /// The name has no extension the game loads: the game skips the entry.
    ZC_IMG_LINT_UNKNOWN_EXTENSION = 4,
    /// The entry has no sectors.
    ZC_IMG_LINT_ZERO_SIZE = 5,
    /// Sectors nothing uses: `a` is the first, `b` how many.
    ZC_IMG_LINT_UNUSED_SECTORS = 6,
    /// Tolerated: a name without NUL, cut at 23 bytes.
    ZC_IMG_LINT_NAME_NOT_TERMINATED = 7,
    /// Tolerated: an entry skipped as the game does: `a` is one sector past it, `b` the
    /// archive's sectors.
    ZC_IMG_LINT_SKIPPED = 8,
    /// Tolerated: `a` bytes after the last whole entry of a v1 `.dir`, ignored.
    ZC_IMG_LINT_PARTIAL_ENTRY = 9,
}

/// The stable code of a lint kind, and its two values.
fn lint_code(kind: &LintKind) -> (zc_img_lint_kind, u64, u64) {
    use zc_img_lint_kind as K;
    let wide = crate::convert::wide;
    match *kind {
        LintKind::DuplicateName { first } => (K::ZC_IMG_LINT_DUPLICATE_NAME, first.into(), 0),
        LintKind::Overlap { other } => (K::ZC_IMG_LINT_OVERLAP, other.into(), 0),
        LintKind::OverlapsDirectory { directory_sectors } => {
            (K::ZC_IMG_LINT_OVERLAPS_DIRECTORY, directory_sectors, 0)
        }
        LintKind::UnknownExtension => (K::ZC_IMG_LINT_UNKNOWN_EXTENSION, 0, 0),
        LintKind::ZeroSize => (K::ZC_IMG_LINT_ZERO_SIZE, 0, 0),
        LintKind::UnusedSectors { first, count } => (K::ZC_IMG_LINT_UNUSED_SECTORS, first, count),
        LintKind::NameNotTerminated => (K::ZC_IMG_LINT_NAME_NOT_TERMINATED, 0, 0),
        LintKind::Skipped {
            end_sector,
            archive_sectors,
        } => (K::ZC_IMG_LINT_SKIPPED, end_sector, archive_sectors),
        LintKind::PartialEntry { bytes } => (K::ZC_IMG_LINT_PARTIAL_ENTRY, wide(bytes), 0),
        _ => (K::ZC_IMG_LINT_OTHER, 0, 0),
    }
}

/// One lint: something an archive does that the game reads but likely did not mean, or
/// (tolerated) what a lenient read let through. Plain data; read its message with
/// [`zc_img_lint_message`].
#[repr(C)]
#[derive(Clone, Copy)]
pub struct zc_img_lint {
    /// Byte offset in the directory's bytes: the entry's record (its name for name
    /// lints), or for what concerns the directory the v2 count field (v1: 0, or the
    /// partial entry).
    pub offset: u64,
    /// The entry; meaningful when `has_entry` is 1.
    pub entry: u32,
    /// 1 when the lint concerns an entry, 0 for the directory.
    pub has_entry: u8,
    /// 1 when it reports what only `ZC_MODE_LENIENT` reads.
    pub tolerated: u8,
    /// What (a `zc_img_lint_kind`).
    pub kind: u32,
    /// The kind's first value (see `zc_img_lint_kind`), else 0.
    pub a: u64,
    /// The kind's second value, else 0.
    pub b: u64,
    /// Private: the length of `message`. Use [`zc_img_lint_message`].
    pub message_len: u16,
    /// Private: the message's bytes. Use [`zc_img_lint_message`].
    pub message: [u8; ZC_MESSAGE_CAP],
}

// SAFETY: integers and byte arrays only.
unsafe impl boundary::Plain for zc_img_lint {}

impl zc_img_lint {
    fn of(lint: &Lint) -> Self {
        let (kind, a, b) = lint_code(&lint.kind);
        let text = zc_error::new(zc_format::ZC_FORMAT_IMG, 0, 0, lint);
        Self {
            offset: crate::convert::wide(lint.offset),
            entry: lint.entry.unwrap_or(0),
            has_entry: u8::from(lint.entry.is_some()),
            tolerated: u8::from(lint.is_tolerated()),
            kind: kind as u32,
            a,
            b,
            message_len: text.message_len,
            message: text.message,
        }
    }
}

/// Writes the lint's message (UTF-8, what the library's `Display` says, cut to
/// `ZC_MESSAGE_CAP` bytes) into `buf`, NUL-terminated, cut to `cap - 1` bytes; `buf`
/// may be NULL when `cap` is 0. Returns the message's length without the NUL, as
/// `snprintf` does. A NULL `lint` is the empty message.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_lint_message(
    lint: *const zc_img_lint,
    buf: *mut core::ffi::c_char,
    cap: usize,
) -> usize {
    match boundary::read(lint) {
        Ok(lint) => {
            let len = usize::from(lint.message_len).min(ZC_MESSAGE_CAP);
            copy_out(lint.message.get(..len).unwrap_or_default(), buf, cap)
        }
        Err(_) => copy_out(b"", buf, cap),
    }
}

/// A walk over a directory's lints: start it with [`zc_img_lints_begin`], then call
/// [`zc_img_lints_next`] until it returns `ZC_STATUS_END`. It borrows the directory's
/// bytes. Each entry's lints compare it with every other entry: the whole walk is
/// quadratic in the entry count, as the library's `Directory::lints`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct zc_img_lints {
    /// The directory walked.
    pub directory: zc_img_directory,
    /// Private: steps done (the directory's own lints, then one per entry).
    pub steps: u64,
    /// Private: lints of the last step not yet yielded.
    pub left: u32,
    /// 0 while walking, 1 once ended.
    pub state: u32,
    /// Private: a check word over the fields above.
    pub check: u32,
}

// SAFETY: a plain struct, integers and pointers only.
unsafe impl boundary::Plain for zc_img_lints {}

boundary::sealed!(zc_img_lints, |v| [
    u64::from(v.directory.check),
    v.steps,
    u64::from(v.left),
    u64::from(v.state),
]);

/// Starts a walk over the lints of `directory` (what concerns the directory first,
/// then entry by entry), writing it to `iter`.
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_lints_begin(
    directory: *const zc_img_directory,
    iter: *mut zc_img_lints,
) -> zc_status {
    let view = match boundary::read(directory) {
        Ok(view) => view,
        Err(status) => return status,
    };
    if let Err(status) = view.rebuild() {
        return status;
    }
    let walk = zc_img_lints {
        directory: view,
        steps: 0,
        left: 0,
        state: 0,
        check: 0,
    };
    put(iter, walk.sealed())
}

/// The walk's next lint, into `lint`: `ZC_STATUS_OK`, or `ZC_STATUS_END` after the
/// last one (`lint` is then not written).
#[unsafe(no_mangle)]
pub extern "C" fn zc_img_lints_next(iter: *mut zc_img_lints, lint: *mut zc_img_lint) -> zc_status {
    let walk = match crate::lint::resume(iter, lint, ptr::null_mut(), 0, |w| w.state != 0) {
        Ok(walk) => walk,
        Err(status) => return status,
    };
    let d = match walk.directory.rebuild() {
        Ok(d) => d,
        Err(status) => return status,
    };
    let mut lints = d.lints_from(LintPosition {
        steps: walk.steps,
        left: walk.left,
    });
    let (state, status) = match lints.next() {
        Some(l) => match boundary::write(lint, zc_img_lint::of(&l)) {
            Ok(()) => (0, zc_status::ZC_STATUS_OK),
            Err(status) => return status,
        },
        None => (1, zc_status::ZC_STATUS_END),
    };
    let position = lints.position();
    let advanced = zc_img_lints {
        steps: position.steps,
        left: position.left,
        state,
        ..walk
    };
    crate::convert::then(status, boundary::write(iter, advanced.sealed()))
}
