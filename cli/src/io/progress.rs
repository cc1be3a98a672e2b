//! `check`'s progress bar on stderr, and the lines printed with it shown.
//!
//! The bar is redrawn at a bounded rate: at most once per [`INTERVAL`] (ten times a
//! second), and only when a file or archive entry begins, so never more than once
//! per file. The lines a run prints while the bar is shown wait in a queue and are
//! written at those redraws, the bar cleared before and drawn again after, so that
//! a line per file costs no redraw of its own.

use std::borrow::ToOwned;
use std::io::{self, IsTerminal as _, Write};
use std::time::{Duration, Instant};

use crate::io::eprint_line;

/// How many files (and archive entries) make a run long enough for a progress bar.
const LONG_RUN: u64 = 16;

/// The least time between two redraws of the bar.
const INTERVAL: Duration = Duration::from_millis(100);

/// Cells of the bar itself, between the count and the label.
const BAR_CELLS: u64 = 30;

/// `check`'s progress bar on stderr: shown only when stderr is a terminal and the
/// run checks at least [`LONG_RUN`] files, and (with `--json`) when stdout is not
/// the terminal too. Every line the run prints goes through it: printed at once
/// without a bar, queued until the next redraw with one.
pub(crate) struct Progress {
    bar: Option<Bar<Terminal>>,
}

impl Progress {
    /// A bar for the files and archive entries that `count` returns, or none (see
    /// the type); `count` is only called when stderr is a terminal.
    pub(crate) fn new(json: bool, count: impl FnOnce() -> (u64, u64)) -> Self {
        let terminal = io::stderr().is_terminal() && !(json && io::stdout().is_terminal());
        let (files, entries) = if terminal { count() } else { (0, 0) };
        if files.saturating_add(entries) < LONG_RUN {
            return Self { bar: None };
        }
        let mut bar = Bar::new(Terminal::new(), files, entries);
        bar.start();
        Self { bar: Some(bar) }
    }

    /// One more file or archive entry begins (checked, or skipped in a folder):
    /// `label` names it. With a bar, the queued lines are written to `out` (stdout)
    /// and the bar redrawn if [`INTERVAL`] has passed since the last redraw.
    pub(crate) fn advance(&mut self, out: &mut impl Write, label: &str) -> io::Result<()> {
        match &mut self.bar {
            None => Ok(()),
            Some(bar) => bar.advance(out, label),
        }
    }

    /// Whether the bar is shown (the count was taken).
    pub(crate) fn is_shown(&self) -> bool {
        self.bar.is_some()
    }

    /// An archive holds `entries` entries to check where the count before the run
    /// took `counted` (its declared entries, read cheaply from its header or its
    /// `.dir`'s length; 0 for a file whose name does not say it is an archive).
    pub(crate) fn recount(&mut self, counted: u64, entries: u64) {
        if let Some(bar) = &mut self.bar {
            bar.recount(counted, entries);
        }
    }

    /// Writes `lines` to `out` (stdout); with a bar, at its next redraw.
    pub(crate) fn print(&mut self, out: &mut impl Write, lines: &[u8]) -> io::Result<()> {
        match &mut self.bar {
            None => out.write_all(lines),
            Some(bar) => {
                bar.queue(Stream::Out, lines);
                Ok(())
            }
        }
    }

    /// Flushes `out` (so that a terminal shows stdout and stderr in order), then says
    /// `line` on stderr; the error is stdout's. With a bar, both at its next redraw.
    pub(crate) fn eprint(&mut self, out: &mut impl Write, line: &str) -> io::Result<()> {
        match &mut self.bar {
            None => {
                let flushed = out.flush();
                eprint_line(line);
                flushed
            }
            Some(bar) => {
                bar.queue(Stream::Err, line.as_bytes());
                Ok(())
            }
        }
    }

    /// Writes the queued lines and clears the bar, before the totals line.
    pub(crate) fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        match &mut self.bar {
            None => Ok(()),
            Some(bar) => bar.finish(out),
        }
    }
}

/// Where the bar is drawn, and the time: the terminal (stderr), or a test's fake.
trait Screen {
    /// The time since some fixed start.
    fn now(&self) -> Duration;
    /// The terminal's width in columns.
    fn width(&self) -> u64;
    /// Clears the line the bar is on (the cursor is left at its start).
    fn clear(&mut self) -> io::Result<()>;
    /// Draws the bar's `line` (no line break) over the cleared line.
    fn draw(&mut self, line: &str) -> io::Result<()>;
    /// Says one line on stderr (the bar cleared).
    fn say(&mut self, line: &[u8]);
}

/// The terminal on stderr.
struct Terminal {
    term: console::Term,
    start: Instant,
}

impl Terminal {
    fn new() -> Self {
        Self {
            // Buffered: a redraw (clearing the line, then the bar) is one write.
            term: console::Term::buffered_stderr(),
            start: Instant::now(),
        }
    }
}

impl Screen for Terminal {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }

    fn width(&self) -> u64 {
        u64::from(self.term.size().1)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.term.clear_line()?;
        self.term.flush()
    }

    fn draw(&mut self, line: &str) -> io::Result<()> {
        self.term.clear_line()?;
        self.term.write_str(line)?;
        self.term.flush()
    }

    fn say(&mut self, line: &[u8]) {
        eprint_line(&String::from_utf8_lossy(line));
    }
}

/// Which stream a queued line goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stream {
    Out,
    Err,
}

/// A bar on a [`Screen`], and the lines waiting for its next redraw.
struct Bar<S> {
    screen: S,
    /// Files and archive entries in all, and begun so far.
    len: u64,
    pos: u64,
    /// Whether archive entries are counted (the bar says so).
    entries: bool,
    /// What is checked now.
    label: String,
    /// When the bar was last drawn; `None` before the first time.
    drawn_at: Option<Duration>,
    /// Whether the bar is on the screen now.
    shown: bool,
    /// Lines waiting for the next redraw, in the order they were printed.
    queue: Vec<(Stream, Vec<u8>)>,
}

impl<S: Screen> Bar<S> {
    fn new(screen: S, files: u64, entries: u64) -> Self {
        Self {
            screen,
            len: files.saturating_add(entries),
            pos: 0,
            entries: entries > 0,
            label: String::new(),
            drawn_at: None,
            shown: false,
            queue: Vec::new(),
        }
    }

    /// Draws the bar at 0, before the first file.
    fn start(&mut self) {
        self.drawn_at = Some(self.screen.now());
        let line = self.line();
        let _ = self.screen.draw(&line);
        self.shown = true;
    }

    fn advance(&mut self, out: &mut impl Write, label: &str) -> io::Result<()> {
        self.pos = self.pos.saturating_add(1);
        label.clone_into(&mut self.label);
        let now = self.screen.now();
        let due = self
            .drawn_at
            .is_none_or(|then| now.saturating_sub(then) >= INTERVAL);
        if due {
            self.drawn_at = Some(now);
            self.redraw(out)?;
        }
        Ok(())
    }

    fn grow(&mut self, entries: u64) {
        self.len = self.len.saturating_add(entries);
        self.entries |= entries > 0;
    }

    /// [`Progress::recount`]: `entries` where the count took `counted`.
    fn recount(&mut self, counted: u64, entries: u64) {
        self.len = self.len.saturating_sub(counted);
        self.grow(entries);
    }

    fn queue(&mut self, stream: Stream, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        match self.queue.last_mut() {
            Some((last, queued)) if *last == stream && stream == Stream::Out => {
                queued.extend_from_slice(bytes);
            }
            _ => self.queue.push((stream, bytes.to_owned())),
        }
    }

    /// Clears the bar, writes the queued lines, and draws the bar again.
    fn redraw(&mut self, out: &mut impl Write) -> io::Result<()> {
        let written = self.write_queue(out);
        let line = self.line();
        // A terminal that fails is left as it is: the bar is no output of the run.
        let _ = self.screen.draw(&line);
        self.shown = true;
        written
    }

    /// Writes the queued lines (stdout's flushed before each line on stderr, so
    /// that a terminal shows them in order), the bar cleared first if shown.
    fn write_queue(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.queue.is_empty() {
            return Ok(());
        }
        if self.shown {
            let _ = self.screen.clear();
            self.shown = false;
        }
        let mut written = Ok(());
        for (stream, bytes) in self.queue.drain(..) {
            match stream {
                Stream::Out => {
                    if written.is_ok() {
                        written = out.write_all(&bytes);
                    }
                }
                Stream::Err => {
                    if written.is_ok() {
                        written = out.flush();
                    }
                    self.screen.say(&bytes);
                }
            }
        }
        written.and_then(|()| out.flush())
    }

    /// Writes the queued lines, draws the bar's last state, and clears it.
    fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        let written = self.redraw(out);
        let _ = self.screen.clear();
        self.shown = false;
        written
    }

    /// `checking POS/LEN files BAR LABEL`, cut to the terminal's width.
    fn line(&self) -> String {
        let what = if self.entries {
            "files and archive entries"
        } else {
            "files"
        };
        let filled = self
            .pos
            .min(self.len)
            .saturating_mul(BAR_CELLS)
            .checked_div(self.len)
            .unwrap_or(BAR_CELLS);
        let cells = |n: u64, c: char| std::iter::repeat_n(c, usize::try_from(n).unwrap_or(0));
        let bar: String = cells(filled, '█')
            .chain(cells(BAR_CELLS.saturating_sub(filled), '░'))
            .collect();
        let line = format!(
            "checking {}/{} {what} {bar} {}",
            self.pos, self.len, self.label
        );
        // The last column is left free: a terminal may wrap a full line.
        let width = usize::try_from(self.screen.width().saturating_sub(1)).unwrap_or(0);
        line.chars().take(width).collect()
    }
}

#[cfg(test)]
// As the library's tests: the lints that keep the tool's code from panicking.
#[allow(clippy::unwrap_used, clippy::arithmetic_side_effects)]
mod tests {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use super::*;

    /// What a fake terminal saw, stdout's lines included, in order.
    #[derive(Debug, PartialEq, Eq)]
    enum Seen {
        Out(Vec<u8>),
        Err(Vec<u8>),
        Clear,
        Draw(String),
    }

    /// A fake terminal, 60 columns wide, whose clock the test moves.
    #[derive(Clone, Default)]
    struct Fake {
        clock: Rc<Cell<Duration>>,
        seen: Rc<RefCell<Vec<Seen>>>,
    }

    impl Screen for Fake {
        fn now(&self) -> Duration {
            self.clock.get()
        }
        fn width(&self) -> u64 {
            60
        }
        fn clear(&mut self) -> io::Result<()> {
            self.seen.borrow_mut().push(Seen::Clear);
            Ok(())
        }
        fn draw(&mut self, line: &str) -> io::Result<()> {
            self.seen.borrow_mut().push(Seen::Draw(line.to_owned()));
            Ok(())
        }
        fn say(&mut self, line: &[u8]) {
            self.seen.borrow_mut().push(Seen::Err(line.to_owned()));
        }
    }

    impl Write for Fake {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            let mut seen = self.seen.borrow_mut();
            match seen.last_mut() {
                Some(Seen::Out(out)) => out.extend_from_slice(bytes),
                _ => seen.push(Seen::Out(bytes.to_owned())),
            }
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Runs `files` files through a bar, the clock moving `step` per file, each
    /// file printing a line on stdout (and every tenth an error on stderr).
    fn run(files: u64, step: Duration) -> Fake {
        let fake = Fake::default();
        let mut out = fake.clone();
        let mut bar = Bar::new(fake.clone(), files, 0);
        bar.start();
        for file in 0..files {
            bar.advance(&mut out, &format!("f{file}.col")).unwrap();
            fake.clock.set(fake.clock.get() + step);
            bar.queue(Stream::Out, format!("f{file}.col: ok\n").as_bytes());
            if file % 10 == 9 {
                bar.queue(Stream::Err, format!("f{file}.col: bad").as_bytes());
            }
        }
        bar.finish(&mut out).unwrap();
        fake
    }

    fn draws(fake: &Fake) -> usize {
        let seen = fake.seen.borrow();
        seen.iter().filter(|s| matches!(s, Seen::Draw(_))).count()
    }

    #[test]
    fn fast_files_redraw_ten_times_a_second() {
        // 10,000 files of 1 ms: 10 seconds, 99 redraws (at 100 ms, 200 ms, ...,
        // 9,900 ms), with the first draw at 0 ms and the last at the end.
        let fake = run(10_000, Duration::from_millis(1));
        assert_eq!(draws(&fake), 101);
        // Every line printed, in order, stdout's and stderr's.
        let seen = fake.seen.borrow();
        let mut out = Vec::new();
        let mut errors = Vec::new();
        for s in seen.iter() {
            match s {
                Seen::Out(bytes) => out.extend_from_slice(bytes),
                Seen::Err(bytes) => {
                    errors.push(String::from_utf8(bytes.clone()).unwrap());
                    // The file's own line came before its error.
                    let name = errors.last().unwrap().trim_end_matches(": bad");
                    assert!(out.ends_with(format!("{name}: ok\n").as_bytes()));
                }
                Seen::Clear | Seen::Draw(_) => {}
            }
        }
        let expected: String = (0..10_000).map(|f| format!("f{f}.col: ok\n")).collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        assert_eq!(errors.len(), 1_000);
        // The bar is cleared before the lines are written, and at the end.
        let end: Vec<&Seen> = seen.iter().rev().take(3).collect();
        assert_eq!(
            end,
            [
                &Seen::Clear,
                // Cut to the 60 columns, less the last.
                &Seen::Draw(format!("checking 10000/10000 files {} f", "█".repeat(30))),
                &Seen::Err(b"f9999.col: bad".to_vec()),
            ]
        );
        let cleared = seen.iter().filter(|s| **s == Seen::Clear).count();
        assert_eq!(cleared, 101);
    }

    #[test]
    fn slow_files_redraw_once_per_file() {
        // The first file begins with the bar just drawn; each other redraws it
        // once, and the end once more.
        let fake = run(50, Duration::from_secs(1));
        assert_eq!(draws(&fake), 51);
        // A redraw writes what the file before printed, then the bar.
        let seen = fake.seen.borrow();
        let at = seen
            .iter()
            .position(|s| *s == Seen::Out(b"f0.col: ok\n".to_vec()))
            .unwrap();
        assert_eq!(seen.get(at - 1), Some(&Seen::Clear));
        assert_eq!(
            seen.get(at + 1),
            Some(&Seen::Draw(format!(
                "checking 2/50 files █{} f1.col",
                "░".repeat(29)
            )))
        );
    }

    #[test]
    fn an_archive_counted_by_its_declared_entries_is_recounted_when_read() {
        let fake = Fake::default();
        let mut out = fake.clone();
        // 2 files, one an archive declaring 100 entries, of which 3 are checked.
        let mut bar = Bar::new(fake.clone(), 2, 100);
        bar.start();
        bar.advance(&mut out, "a.img").unwrap();
        bar.recount(100, 3);
        assert_eq!(bar.len, 5);
        assert!(bar.entries);
        assert!(
            bar.line()
                .starts_with("checking 1/5 files and archive entries ")
        );
    }

    #[test]
    fn the_line_fits_the_terminal_and_counts_archive_entries_once_found() {
        let fake = Fake::default();
        let mut out = fake.clone();
        let mut bar = Bar::new(fake.clone(), 20, 0);
        bar.start();
        bar.advance(&mut out, "a-long-folder-name/and-a-long-file-name.col")
            .unwrap();
        bar.grow(30);
        assert_eq!(
            bar.line(),
            "checking 1/50 files and archive entries ░░░░░░░░░░░░░░░░░░░"
        );
        assert_eq!(bar.line().chars().count(), 59);
        // Past the count (an archive that grew), the bar is full, not wider.
        bar.pos = 60;
        assert_eq!(
            bar.line(),
            format!(
                "checking 60/50 files and archive entries {}",
                "█".repeat(18)
            )
        );
    }
}
