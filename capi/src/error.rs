//! What a call returns: a [`zc_status`], and for a malformed file or a refused write a
//! [`zc_error`] that says where, what kind, and the library's message.

use core::ffi::c_char;
use core::fmt::{self, Write as _};

use crate::boundary;
use crate::format::zc_format;

/// How a call went.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_status {
    /// It succeeded; its outputs are written.
    ZC_STATUS_OK = 0,
    /// The bytes are not a valid file (or a valid part of one): the `zc_error` says where
    /// and why.
    ZC_STATUS_MALFORMED = 1,
    /// A pointer that must not be NULL was NULL.
    ZC_STATUS_NULL_ARGUMENT = 2,
    /// An output buffer is too small: the call wrote nothing, and where it has a
    /// `required` output, that says how many bytes (or items) it needs.
    ZC_STATUS_BUFFER_TOO_SMALL = 3,
    /// An index is past the end of what it indexes.
    ZC_STATUS_OUT_OF_RANGE = 4,
    /// An argument is not one the call takes: an unknown enum value or mode, a length
    /// that overflows, a misaligned pointer, or a view zerocol did not make.
    ZC_STATUS_INVALID_ARGUMENT = 5,
    /// What was looked up is not there (an archive entry's name, a model's collision).
    ZC_STATUS_NOT_FOUND = 6,
    /// A writer refused its input (it holds something the target cannot store, or a
    /// count or size past the format's fields): the `zc_error` says what.
    ZC_STATUS_UNWRITABLE = 7,
    /// An iterator has no more items (its output is not written).
    ZC_STATUS_END = 8,
}

/// The longest message a [`zc_error`] holds, in bytes, without its NUL: a message of up
/// to this many bytes is kept whole; a longer one is cut at a character boundary and
/// ends in `...`.
pub const ZC_MESSAGE_CAP: usize = 320;

/// Why a file was rejected, or a write refused, and where.
///
/// Filled by the call that failed; read the fields, and the message with
/// [`zc_error_message`]. A zero-filled `zc_error` is a valid "no error" value.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct zc_error {
    /// The format whose reader or writer failed (a `zc_format`).
    pub format: u32,
    /// What went wrong, a stable code of that format's kinds (`zc_gta_error_kind`,
    /// `zc_img_error_kind`, ...; 0 is a kind this version of the header does not name).
    pub kind: u32,
    /// The byte offset at fault, from the start of the buffer handed to the call.
    pub offset: u64,
    /// TCOL text: the 1-based line at fault; 0 for binary formats.
    pub line: u32,
    /// TCOL text: the 1-based column (in bytes) at fault; 0 for binary formats.
    pub column: u32,
    /// 1 when the lenient mode (`ZC_MODE_LENIENT`) reads what the strict mode refused
    /// here, as the game does; 0 otherwise.
    pub lenient_readable: u8,
    /// Private: the length of `message`. Use [`zc_error_message`].
    pub message_len: u16,
    /// Private: the message's bytes. Use [`zc_error_message`].
    pub message: [u8; ZC_MESSAGE_CAP],
}

impl zc_error {
    /// No error.
    pub const NONE: Self = Self {
        format: 0,
        kind: 0,
        offset: 0,
        line: 0,
        column: 0,
        lenient_readable: 0,
        message_len: 0,
        message: [0; ZC_MESSAGE_CAP],
    };

    /// An error of `format` at `offset`, of kind `kind`, with `message`'s text.
    pub(crate) fn new(
        format: zc_format,
        kind: u32,
        offset: usize,
        message: &dyn fmt::Display,
    ) -> Self {
        let mut error = Self {
            format: format as u32,
            kind,
            offset: crate::convert::wide(offset),
            ..Self::NONE
        };
        error.set_message(message);
        error
    }

    /// Replaces the message with `message`'s text (cut to [`ZC_MESSAGE_CAP`] bytes).
    pub(crate) fn set_message(&mut self, message: &dyn fmt::Display) {
        let mut text = Text {
            buf: &mut self.message,
            len: 0,
            cut: false,
        };
        // `Text` never fails: it cuts instead.
        let _ = write!(text, "{message}");
        let len = text.finish();
        self.message_len = u16::try_from(len).unwrap_or(u16::MAX);
    }
}

// SAFETY: integers and byte arrays only.
unsafe impl boundary::Plain for zc_error {}

/// A `fmt::Write` into a fixed buffer that cuts at a character boundary, leaving room
/// for `...`.
struct Text<'a> {
    buf: &'a mut [u8; ZC_MESSAGE_CAP],
    len: usize,
    cut: bool,
}

/// What ends a cut message.
const ELLIPSIS: &[u8] = b"...";

impl Text<'_> {
    /// The length written. A message that did not fit whole loses its last characters
    /// to `...` (cut at a character boundary), so a message of up to
    /// [`ZC_MESSAGE_CAP`] bytes is kept whole.
    fn finish(self) -> usize {
        if !self.cut {
            return self.len;
        }
        let mut keep = self.len.min(ZC_MESSAGE_CAP.saturating_sub(ELLIPSIS.len()));
        // Back to the start of a character: UTF-8 continuation bytes are 0b10xx_xxxx.
        while keep > 0 && self.buf.get(keep).is_some_and(|&b| b & 0xC0 == 0x80) {
            keep = keep.saturating_sub(1);
        }
        let end = keep.saturating_add(ELLIPSIS.len());
        match self.buf.get_mut(keep..end) {
            Some(tail) => {
                tail.copy_from_slice(ELLIPSIS);
                end
            }
            None => self.len,
        }
    }
}

impl fmt::Write for Text<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.cut {
            return Ok(());
        }
        let room = ZC_MESSAGE_CAP.saturating_sub(self.len);
        let take = s.len().min(room);
        self.cut = take < s.len();
        let end = self.len.saturating_add(take);
        if let (Some(dst), Some(src)) = (self.buf.get_mut(self.len..end), s.as_bytes().get(..take))
        {
            dst.copy_from_slice(src);
            self.len = end;
        }
        Ok(())
    }
}

/// Writes the error's message (UTF-8, what the library's `Display` says) into `buf`,
/// NUL-terminated, cut to `cap - 1` bytes; `buf` may be NULL when `cap` is 0.
///
/// Returns the message's length in bytes without the NUL, as `snprintf` does: a return
/// of `cap` or more means `buf` was too small. A NULL `err` is the empty message.
#[unsafe(no_mangle)]
pub extern "C" fn zc_error_message(err: *const zc_error, buf: *mut c_char, cap: usize) -> usize {
    let message: &[u8] = match boundary::read(err) {
        Ok(err) => {
            let len = usize::from(err.message_len).min(ZC_MESSAGE_CAP);
            let mut copy = [0u8; ZC_MESSAGE_CAP];
            if let (Some(dst), Some(src)) = (copy.get_mut(..len), err.message.get(..len)) {
                dst.copy_from_slice(src);
            }
            return copy_out(copy.get(..len).unwrap_or(&[]), buf, cap);
        }
        Err(_) => b"",
    };
    copy_out(message, buf, cap)
}

/// Writes `value`'s text (at most `ZC_MESSAGE_CAP` bytes) into the caller's `buf` of
/// `cap` bytes (snprintf contract), returning its length.
pub(crate) fn render(value: &dyn fmt::Display, buf: *mut c_char, cap: usize) -> usize {
    let mut e = zc_error::NONE;
    e.set_message(value);
    let len = usize::from(e.message_len).min(e.message.len());
    copy_out(e.message.get(..len).unwrap_or_default(), buf, cap)
}

/// Copies `text` into the caller's `buf` of `cap` bytes, NUL-terminated, and returns
/// `text`'s length.
pub(crate) fn copy_out(text: &[u8], buf: *mut c_char, cap: usize) -> usize {
    if let Ok(out) = boundary::bytes_mut(buf.cast::<u8>(), cap) {
        let take = text.len().min(cap.saturating_sub(1));
        if let (Some(dst), Some(src)) = (out.get_mut(..take), text.get(..take)) {
            dst.copy_from_slice(src);
        }
        if let Some(nul) = out.get_mut(take) {
            *nul = 0;
        }
    }
    text.len()
}

/// A status's name, as a static NUL-terminated string (`"ZC_STATUS_OK"`, ...);
/// `"ZC_STATUS_UNKNOWN"` for a value that is none.
#[unsafe(no_mangle)]
pub extern "C" fn zc_status_name(status: u32) -> *const c_char {
    let name: &'static core::ffi::CStr = match status {
        0 => c"ZC_STATUS_OK",
        1 => c"ZC_STATUS_MALFORMED",
        2 => c"ZC_STATUS_NULL_ARGUMENT",
        3 => c"ZC_STATUS_BUFFER_TOO_SMALL",
        4 => c"ZC_STATUS_OUT_OF_RANGE",
        5 => c"ZC_STATUS_INVALID_ARGUMENT",
        6 => c"ZC_STATUS_NOT_FOUND",
        7 => c"ZC_STATUS_UNWRITABLE",
        8 => c"ZC_STATUS_END",
        _ => c"ZC_STATUS_UNKNOWN",
    };
    name.as_ptr()
}

/// zerocol's version, as a static NUL-terminated string (`"0.1.0"`).
#[unsafe(no_mangle)]
pub extern "C" fn zc_version() -> *const c_char {
    c"0.1.0".as_ptr()
}

/// Writes `error` to the caller's optional `err` output and returns `status`: the
/// one way a function reports a failure with an error.
pub(crate) fn fail(err: *mut zc_error, status: zc_status, error: zc_error) -> zc_status {
    match boundary::write_opt(err, error) {
        Ok(()) => status,
        Err(bad) => bad,
    }
}

/// The mode of a read: `ZC_MODE_STRICT` (what the game or engine accepts) or
/// `ZC_MODE_LENIENT` (also what still reads one way only, reported as tolerated lints).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_mode {
    /// The format's `Options::STRICT`.
    ZC_MODE_STRICT = 0,
    /// The format's `Options::LENIENT`.
    ZC_MODE_LENIENT = 1,
}

impl zc_mode {
    /// The mode a caller's `uint32_t` names.
    pub(crate) fn from_u32(mode: u32) -> Result<Self, zc_status> {
        match mode {
            0 => Ok(Self::ZC_MODE_STRICT),
            1 => Ok(Self::ZC_MODE_LENIENT),
            _ => Err(zc_status::ZC_STATUS_INVALID_ARGUMENT),
        }
    }

    /// Whether the mode is lenient.
    pub(crate) fn is_lenient(self) -> bool {
        self == Self::ZC_MODE_LENIENT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored message of `text`.
    fn stored(text: &str) -> std::string::String {
        let error = zc_error::new(zc_format::ZC_FORMAT_GTA_COL, 0, 0, &text);
        let len = usize::from(error.message_len);
        std::string::String::from_utf8(error.message[..len].to_vec()).unwrap()
    }

    #[test]
    fn a_message_of_the_cap_is_kept_whole_and_a_longer_one_is_cut() {
        let full = "a".repeat(ZC_MESSAGE_CAP);
        assert_eq!(stored(&full), full);
        let long = "b".repeat(ZC_MESSAGE_CAP + 1);
        let cut = stored(&long);
        assert_eq!(cut.len(), ZC_MESSAGE_CAP);
        assert!(cut.ends_with("b..."));
        assert_eq!(stored("short"), "short");
    }

    #[test]
    fn a_cut_falls_on_a_character_boundary() {
        // 'é' is two bytes: the cut point ZC_MESSAGE_CAP - 3 falls inside one.
        let text = std::format!("{}{}", "a".repeat(ZC_MESSAGE_CAP - 4), "é".repeat(8));
        let cut = stored(&text);
        assert!(cut.ends_with("..."), "{cut}");
        assert!(cut.len() <= ZC_MESSAGE_CAP);
        assert_eq!(cut, std::format!("{}...", "a".repeat(ZC_MESSAGE_CAP - 4)));
    }
}
