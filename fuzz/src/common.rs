//! What every format's checks share.

/// Asserts that `len` bytes at `ptr` lie inside `buffer` (an empty span anywhere is
/// fine: the pointer of `&[]` is dangling).
pub fn inside(buffer: &[u8], ptr: *const u8, len: usize) {
    if len == 0 {
        return;
    }
    let start = buffer.as_ptr() as usize;
    let p = ptr as usize;
    assert!(
        p >= start && p + len <= start + buffer.len(),
        "{len} bytes at {p:#x} outside the buffer {start:#x}+{}",
        buffer.len()
    );
}

/// Formats `value` with `Display` and `Debug` into a sink that allocates nothing, and
/// checks the message is one non-empty line (tools print errors and lints one per line).
pub fn one_line(value: &(impl core::fmt::Display + core::fmt::Debug)) {
    use core::fmt::Write as _;
    let mut line = Line::default();
    write!(line, "{value}").expect("a Line accepts everything");
    assert!(line.len > 0, "empty message for {value:?}");
    assert!(!line.newline, "message spans lines: {value}");
    write!(line, "{value:?}").expect("a Line accepts everything");
}

/// A `fmt::Write` that keeps only what `one_line` checks: the length and whether a
/// line ended. Formatting millions of messages this way costs no allocation.
#[derive(Default)]
struct Line {
    len: usize,
    newline: bool,
}

impl core::fmt::Write for Line {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.len += s.len();
        self.newline |= s.contains('\n');
        Ok(())
    }
}
