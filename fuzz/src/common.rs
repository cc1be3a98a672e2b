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

/// Formats `value` with `Display` and `Debug` into a sink, and checks the message is
/// one non-empty line (tools print errors and lints one per line).
pub fn one_line(value: &(impl core::fmt::Display + core::fmt::Debug)) {
    use core::fmt::Write as _;
    let mut text = String::new();
    write!(text, "{value}").expect("formatting into a String cannot fail");
    assert!(!text.is_empty(), "empty message for {value:?}");
    assert!(!text.contains('\n'), "message spans lines: {text:?}");
    text.clear();
    write!(text, "{value:?}").expect("formatting into a String cannot fail");
}
