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

/// Formats `value` with `Debug` into the same sink: it must not panic, and costs no
/// allocation.
pub fn debug(value: &impl core::fmt::Debug) {
    use core::fmt::Write as _;
    write!(Line::default(), "{value:?}").expect("a Line accepts everything");
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

/// Whether `a` and `b` are the same value: `==`, or where that fails, the same `Debug`
/// text (a NaN is never `==` itself, but prints the same). Formatting only on that
/// slow path keeps the checks cheap per execution.
pub fn alike<T: PartialEq + core::fmt::Debug + ?Sized>(a: &T, b: &T) -> bool {
    a == b || format!("{a:?}") == format!("{b:?}")
}

/// Asserts [`alike`], showing both values' `Debug` text when they differ.
#[track_caller]
pub fn same<T: PartialEq + core::fmt::Debug + ?Sized>(a: &T, b: &T) {
    assert!(alike(a, b), "{a:?} differs from {b:?}");
}

/// How many messages of one kind `Messages` formats per input: every `Display` arm is
/// reached by an input with few of that kind, and formatting thousands of lints of one
/// kind on every execution tests nothing new.
const MESSAGES_PER_KIND: u8 = 4;

/// Formats the first few messages of each kind (the enum variant of `K`) with
/// [`one_line`], and counts the rest.
pub struct Messages<K> {
    seen: Vec<(core::mem::Discriminant<K>, u8)>,
}

impl<K> Default for Messages<K> {
    fn default() -> Self {
        Self { seen: Vec::new() }
    }
}

impl<K> Messages<K> {
    /// Checks `value`, a message of kind `kind`, if fewer than the limit of its kind
    /// were checked already.
    pub fn check(&mut self, kind: &K, value: &(impl core::fmt::Display + core::fmt::Debug)) {
        if self.first_few(kind) {
            one_line(value);
        }
    }

    /// Counts one message of `kind`: whether it is among the first few of its kind.
    fn first_few(&mut self, kind: &K) -> bool {
        let d = core::mem::discriminant(kind);
        let count = match self.seen.iter_mut().find(|(k, _)| *k == d) {
            Some((_, count)) => count,
            None => {
                self.seen.push((d, 0));
                &mut self.seen.last_mut().expect("just pushed").1
            }
        };
        if *count < MESSAGES_PER_KIND {
            *count += 1;
            true
        } else {
            false
        }
    }
}

impl<K: core::fmt::Display + core::fmt::Debug> Messages<K> {
    /// [`check`](Self::check), formatting the kind itself too.
    pub fn check_with_kind(
        &mut self,
        kind: &K,
        value: &(impl core::fmt::Display + core::fmt::Debug),
    ) {
        if self.first_few(kind) {
            one_line(value);
            one_line(kind);
        }
    }
}
