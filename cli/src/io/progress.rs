//! `check`'s progress bar on stderr, and the lines printed with it cleared.

use std::borrow::ToOwned;
use std::io::{self, IsTerminal as _, Write};

use crate::io::eprint_line;

/// How many files (and archive entries) make a run long enough for a progress bar.
const LONG_RUN: u64 = 16;

/// `check`'s progress bar on stderr: shown only when stderr is a terminal and the
/// run checks at least [`LONG_RUN`] files, and (with `--json`) when stdout is not
/// the terminal too. Every line the run prints goes through it, printed with the
/// bar cleared.
pub(crate) struct Progress {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    /// A bar for the files and archive entries that `count` returns, or none (see
    /// the type); `count` is only called when stderr is a terminal.
    pub(crate) fn new(json: bool, count: impl FnOnce() -> (u64, u64)) -> Self {
        let terminal = io::stderr().is_terminal() && !(json && io::stdout().is_terminal());
        let (files, entries) = if terminal { count() } else { (0, 0) };
        let len = files.saturating_add(entries);
        if len < LONG_RUN {
            return Self { bar: None };
        }
        let template = if entries == 0 {
            "checking {pos}/{len} files {bar:30} {wide_msg}"
        } else {
            "checking {pos}/{len} files and archive entries {bar:30} {wide_msg}"
        };
        let style = indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(len),
            indicatif::ProgressDrawTarget::stderr(),
        )
        .with_style(style);
        bar.tick();
        Self { bar: Some(bar) }
    }

    /// One more file or archive entry done (checked, or skipped in a folder):
    /// `label` is the next.
    pub(crate) fn advance(&self, label: &str) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
            bar.set_message(label.to_owned());
        }
    }

    /// Writes `lines` to `out` (stdout); with a bar, flushed at once with the bar
    /// cleared.
    pub(crate) fn print(&self, out: &mut impl Write, lines: &[u8]) -> io::Result<()> {
        match &self.bar {
            None => out.write_all(lines),
            Some(bar) => bar.suspend(|| out.write_all(lines).and_then(|()| out.flush())),
        }
    }

    /// Flushes `out` (so that a terminal shows stdout and stderr in order), then says
    /// `line` on stderr; the error is stdout's.
    pub(crate) fn eprint(&self, out: &mut impl Write, line: &str) -> io::Result<()> {
        let mut say = || {
            let flushed = out.flush();
            eprint_line(line);
            flushed
        };
        match &self.bar {
            None => say(),
            Some(bar) => bar.suspend(say),
        }
    }

    /// Clears the bar, before the totals line.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
