//! `zerocol check`: a verdict per file, folders walked, and a totals line.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::dispatch::tool;
use crate::tool::{Checked, Flags, Warning};
use zerocol::Format;
use zerocol::img::{Entry, Kind, Version};

use crate::args::Common;
use crate::commands::open::{explain, recognise};
use crate::formats::img::{VERF_ADVICE, VERF_WHAT};
use crate::io::archive::{self, ArchiveFile};
use crate::io::load::Input;
use crate::io::progress::Progress;
use crate::io::scan::{self, Found, Item};
use crate::io::{label, len_u64};
use crate::status::{Interrupted, Status};

/// How `check` prints.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Output {
    /// `--json`: one object per line and file, and no totals line.
    pub json: bool,
    /// `--quiet`: only the files with warnings or errors.
    pub quiet: bool,
}

/// `zerocol check`: every file gets its verdict, whatever happened to the others,
/// then a totals line; with `--json`, one JSON object per line and file instead
/// (errors included, nothing on stderr) and no totals line. Folders are walked.
pub(crate) fn check(
    paths: &[PathBuf],
    common: Common,
    recover: bool,
    output: Output,
    out: &mut impl Write,
) -> Result<Status, Interrupted> {
    let archives = common.format.is_none();
    let plan = scan::plan(paths);
    let progress = Progress::new(output.json, || count(&plan, archives));
    let mut run = Check {
        common,
        recover,
        output,
        status: Status::Ok,
        totals: Totals::default(),
        progress,
    };
    for item in plan {
        run.item(item, out)?;
    }
    let Check {
        status,
        totals,
        mut progress,
        ..
    } = run;
    progress
        .finish(out)
        .map_err(|error| Interrupted { status, error })?;
    if !output.json {
        writeln!(out, "{totals}").map_err(|error| Interrupted { status, error })?;
    }
    Ok(status)
}

/// A `check` run: what it prints, and what it has found so far.
pub(crate) struct Check {
    common: Common,
    /// `--recover`.
    recover: bool,
    output: Output,
    status: Status,
    totals: Totals,
    progress: Progress,
}

impl Check {
    /// What the formats are told.
    fn flags(&self) -> Flags<'static> {
        Flags {
            recover: self.recover,
            ..self.common.flags()
        }
    }

    /// One path of the run's [`plan`](scan::plan): a given file, a file in a walked
    /// folder (checked if it is a collision file or an IMG archive, skipped
    /// otherwise), or a folder that could not be read.
    fn item(&mut self, item: Item, out: &mut impl Write) -> Result<(), Interrupted> {
        let max_size = self.common.limit.max_size;
        // The entries the progress bar's count took for this archive, if any.
        let counted = if self.progress.is_shown() {
            scan::archive_by_name(&item, self.common.format.is_none()).map_or(0, archive::declared)
        } else {
            0
        };
        let (path, found) = match item {
            Item::Unlisted { folder, message } => {
                return self.unreadable(&label(&folder), &message, out);
            }
            Item::Given { path, meta } => {
                self.advance(&label(&path), out)?;
                let found = scan::given(&path, meta, self.common.format.is_none(), max_size);
                (path, found)
            }
            Item::Walked { path, regular } => {
                self.advance(&label(&path), out)?;
                let found = scan::walked(&path, regular, max_size);
                (path, found)
            }
        };
        match found {
            Found::File(input) => self.file(&input, out),
            Found::Archive(archive) => self.archive(&path, archive, counted, out),
            Found::Skipped => {
                self.totals.skipped = self.totals.skipped.saturating_add(1);
                Ok(())
            }
            // Named in the totals (with --json, in an object of its own): no game
            // and no command reads it.
            Found::Verf => {
                self.totals.verf = self.totals.verf.saturating_add(1);
                if !self.output.json {
                    return Ok(());
                }
                let mut line = Vec::new();
                let status = self.status;
                let reason = format!("{VERF_WHAT}: {VERF_ADVICE}");
                json_skipped(&mut line, &label(&path), &reason)
                    .and_then(|()| self.progress.print(out, &line))
                    .map_err(|error| Interrupted { status, error })
            }
            Found::Unreadable(message) => self.unreadable(&label(&path), &message, out),
        }
    }

    /// The progress bar's next file or archive entry, named `name`.
    fn advance(&mut self, name: &str, out: &mut impl Write) -> Result<(), Interrupted> {
        let status = self.status;
        self.progress
            .advance(out, name)
            .map_err(|error| Interrupted { status, error })
    }

    /// One file's verdict and warnings (stdout), or its error (stderr).
    fn file(&mut self, input: &Input, out: &mut impl Write) -> Result<(), Interrupted> {
        let forced = self.common.format;
        let (format, verdict) = match recognise(input, forced) {
            Ok(format) => (
                Some(format),
                tool(format)
                    .check(&input.bytes, self.flags())
                    .map_err(|error| {
                        explain(
                            format,
                            forced,
                            &input.bytes,
                            self.flags(),
                            true,
                            error.to_string(),
                        )
                    }),
            ),
            Err(message) => (None, Err(message)),
        };
        self.verdict(
            &input.label,
            format.map_or(Of::Nothing, Of::Format),
            verdict,
            out,
        )
    }

    /// An IMG archive: its own verdict (its directory, with its lints as warnings),
    /// then one per `.col` and `.dff` entry, named `ARCHIVE/ENTRY` (with
    /// `--lenient`, only those the game reads: the others are named in the
    /// archive's warnings, as the other lenient commands name them). The archive is
    /// read directory first (`opened`), then entry by entry, never whole. `counted`:
    /// the entries the progress bar's count took for it.
    fn archive(
        &mut self,
        path: &Path,
        opened: Result<ArchiveFile, String>,
        counted: u64,
        out: &mut impl Write,
    ) -> Result<(), Interrupted> {
        let archive = match opened {
            Ok(archive) => archive,
            Err(message) => {
                self.progress.recount(counted, 0);
                return self.unreadable(&label(path), &message, out);
            }
        };
        let directory = match archive.directory(self.common.lenient) {
            Ok(directory) => directory,
            Err(error) => {
                self.progress.recount(counted, 0);
                let message = error.to_string();
                return self.verdict(&archive.label, Of::Archive, Err(message), out);
            }
        };
        let is_checked = |e: &Entry<'_>| matches!(e.kind, Kind::Col | Kind::Dff);
        // Lenient: the entries the game reads, in a `Vec` (bounded by the directory's
        // own limit); strict: all, streamed from the directory (read strictly, it has
        // no entry the game skips but duplicates, which its lints name).
        let (read, skipped) = if self.common.lenient {
            let (read, skipped) = archive.game_entries(&directory);
            let read: Vec<Entry<'_>> = read.into_iter().filter(is_checked).collect();
            let skipped: Vec<_> = skipped
                .into_iter()
                .filter(|s| is_checked(&s.entry))
                .collect();
            (Some(read), skipped)
        } else {
            (None, Vec::new())
        };
        let checked = read
            .as_ref()
            .map_or_else(|| directory.entries().filter(is_checked).count(), Vec::len);
        // `hidden`: the lints counted in one warning, added to the totals' warnings.
        let (mut warnings, hidden) =
            archive::lint_warnings(&directory, &archive.label, self.common.lenient);
        warnings.extend(
            archive
                .skipped_lines(directory.version(), &skipped)
                .into_iter()
                .map(|text| Warning {
                    offset: None,
                    model: None,
                    text,
                    risky: false,
                }),
        );
        self.progress.recount(counted, len_u64(checked));
        let skips = if skipped.is_empty() {
            String::new()
        } else {
            format!(", {} the game skips", skipped.len())
        };
        let summary = format!(
            // Each entry's verdict follows (an entry may yet fail to read).
            "{} IMG archive, {}{skips}, {} to check",
            match directory.version() {
                Version::V1 => "GTA III/VC",
                _ => "San Andreas",
            },
            crate::io::counted(
                usize::try_from(directory.declared()).unwrap_or(usize::MAX),
                "entry"
            ),
            crate::io::counted(checked, ".col/.dff entry")
        );
        self.verdict(
            &archive.label,
            Of::Archive,
            Ok(Checked { summary, warnings }),
            out,
        )?;
        // The counting warning stands for `hidden` lints: the totals count them all.
        self.totals.warnings = self
            .totals
            .warnings
            .saturating_add(hidden.saturating_sub(usize::from(hidden > 0)));
        let mut buffer = Vec::new();
        let entries: Box<dyn Iterator<Item = Entry<'_>>> = match read {
            Some(read) => Box::new(read.into_iter()),
            None => Box::new(directory.entries().filter(is_checked)),
        };
        for entry in entries {
            let format = match entry.kind {
                Kind::Col => Format::GtaCol,
                Kind::Dff => Format::Dff,
                _ => continue,
            };
            let name = archive.entry_label(&entry);
            self.advance(&name, out)?;
            match archive.read(&directory, &entry, &mut buffer) {
                Ok(data) => {
                    let start = data.archive_offset();
                    let verdict = tool(format)
                        .check(data.bytes, self.flags())
                        .map_err(|message| {
                            format!("{message} (offsets in the entry, which starts at archive byte {start})")
                        });
                    self.verdict(&name, Of::Format(format), verdict, out)?;
                }
                Err(error) => {
                    let message = format!("zerocol: {name}: cannot read: {error}");
                    self.unreadable(&name, &message, out)?;
                }
            }
        }
        Ok(())
    }

    /// Prints one verdict: `ok` and the warnings, or the error.
    fn verdict(
        &mut self,
        label: &str,
        format: Of,
        verdict: Result<Checked, String>,
        out: &mut impl Write,
    ) -> Result<(), Interrupted> {
        let Output { json, quiet } = self.output;
        // The file's lines, printed at once (with a progress bar, with it cleared).
        let mut lines = Vec::new();
        let written = match &verdict {
            Ok(checked) => {
                let risky = checked.warnings.iter().any(|w| w.risky);
                if risky {
                    self.status = self.status.max(Status::Risky);
                    self.totals.risky = self.totals.risky.saturating_add(1);
                } else {
                    self.totals.ok = self.totals.ok.saturating_add(1);
                }
                let verdict = if risky { "risky" } else { "ok" };
                let warnings = checked.warnings.len();
                self.totals.warnings = self.totals.warnings.saturating_add(warnings);
                if quiet && warnings == 0 {
                    Ok(())
                } else if json {
                    json_line(&mut lines, label, format, verdict, Some(checked), None)
                } else {
                    write_checked(&mut lines, label, verdict, checked)
                }
            }
            Err(message) => {
                self.status = self.status.max(Status::Malformed);
                self.totals.malformed = self.totals.malformed.saturating_add(1);
                if json {
                    json_line(&mut lines, label, format, "malformed", None, Some(message))
                } else {
                    // Errors go to stderr, flushing stdout first so that a terminal
                    // shows them in file order.
                    self.progress
                        .eprint(out, &format!("{label}: error: {message}"))
                }
            }
        };
        let status = self.status;
        written
            .and_then(|()| self.progress.print(out, &lines))
            .map_err(|error| Interrupted { status, error })
    }

    /// A file or folder that could not be read: `message` on stderr (or, with
    /// `--json`, in the object for `name`).
    fn unreadable(
        &mut self,
        name: &str,
        message: &str,
        out: &mut impl Write,
    ) -> Result<(), Interrupted> {
        self.status = self.status.max(Status::Failed);
        self.totals.unreadable = self.totals.unreadable.saturating_add(1);
        let written = if self.output.json {
            let mut line = Vec::new();
            json_line(
                &mut line,
                name,
                Of::Nothing,
                "unreadable",
                None,
                Some(message),
            )
            .and_then(|()| self.progress.print(out, &line))
        } else {
            self.progress.eprint(out, message)
        };
        let status = self.status;
        written.map_err(|error| Interrupted { status, error })
    }
}

/// `FILE: ok (SUMMARY)`, then one `  warning: ...` line per warning.
pub(crate) fn write_checked(
    out: &mut impl Write,
    label: &str,
    verdict: &str,
    checked: &Checked,
) -> io::Result<()> {
    writeln!(out, "{label}: {verdict} ({})", checked.summary)?;
    for warning in &checked.warnings {
        writeln!(out, "  warning: {}", warning.text)?;
    }
    Ok(())
}

/// `check`'s counts over all files.
#[derive(Default)]
pub(crate) struct Totals {
    ok: usize,
    /// Read, with a warning on which the game may crash.
    risky: usize,
    malformed: usize,
    unreadable: usize,
    warnings: usize,
    /// Entries of folders that are no collision file.
    skipped: usize,
    /// Files of folders that are `VERF` archives (not among `skipped`).
    verf: usize,
}

impl std::fmt::Display for Totals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let files = self
            .ok
            .saturating_add(self.risky)
            .saturating_add(self.malformed)
            .saturating_add(self.unreadable);
        write!(
            f,
            "total: {}, {} ok, ",
            crate::io::counted(files, "file"),
            self.ok
        )?;
        if self.risky > 0 {
            write!(f, "{} risky, ", self.risky)?;
        }
        write!(
            f,
            "{} malformed, {}",
            self.malformed,
            crate::io::counted(self.warnings, "warning")
        )?;
        if self.unreadable > 0 {
            write!(f, ", {} unreadable", self.unreadable)?;
        }
        if self.skipped > 0 {
            write!(
                f,
                ", {} skipped in folders (not collision files)",
                self.skipped
            )?;
        }
        match self.verf {
            0 => {}
            1 => write!(
                f,
                ", 1 skipped in folders as {VERF_WHAT}, which the games and zerocol do not read"
            )?,
            n => write!(
                f,
                ", {n} skipped in folders as IMG archives with the magic VERF (written by some \
                 mod loaders), which the games and zerocol do not read"
            )?,
        }
        Ok(())
    }
}

/// What a verdict is about: a file of a format, an IMG archive (its directory), or
/// nothing zerocol reads.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Of {
    Format(Format),
    Archive,
    Nothing,
}

impl Of {
    /// The `"format"` of `check --json`: the format's name, `"img"`, or none.
    fn name(self) -> Option<&'static str> {
        match self {
            Self::Format(format) => Some(format.name()),
            Self::Archive => Some("img"),
            Self::Nothing => None,
        }
    }

    /// Whether its warnings can be about a model (a `model` field).
    fn has_models(self) -> bool {
        match self {
            Self::Format(format) => tool(format).has_models(),
            Self::Archive | Self::Nothing => false,
        }
    }
}

/// One `check --json` line: `file`, `format` (`"img"` for an archive, null when
/// unknown), `status` (`ok`, `malformed` or `unreadable`), then `summary` and
/// `warnings`, or `error`.
pub(crate) fn json_line(
    out: &mut impl Write,
    label: &str,
    format: Of,
    status: &str,
    checked: Option<&Checked>,
    error: Option<&str>,
) -> io::Result<()> {
    let mut object = serde_json::Map::new();
    object.insert("file".into(), label.into());
    object.insert("format".into(), format.name().into());
    object.insert("status".into(), status.into());
    if let Some(checked) = checked {
        object.insert("summary".into(), checked.summary.clone().into());
        // `model` for the formats whose warnings can be about a model.
        let models = format.has_models();
        let warnings = checked.warnings.iter().map(|warning| {
            let mut w = serde_json::Map::new();
            w.insert("offset".into(), warning.offset.into());
            if models {
                w.insert("model".into(), warning.model.into());
            }
            w.insert("text".into(), warning.text.clone().into());
            w.insert("risky".into(), warning.risky.into());
            serde_json::Value::Object(w)
        });
        object.insert("warnings".into(), warnings.collect());
    }
    if let Some(error) = error {
        object.insert("error".into(), error.into());
    }
    serde_json::to_writer(&mut *out, &object)?;
    writeln!(out)
}

/// The `check --json` line of a file found in a folder and not read, because no
/// game reads it (a `VERF` archive): `file`, `format` (null), `status`
/// (`skipped`) and `reason`.
fn json_skipped(out: &mut impl Write, label: &str, reason: &str) -> io::Result<()> {
    let mut object = serde_json::Map::new();
    object.insert("file".into(), label.into());
    object.insert("format".into(), serde_json::Value::Null);
    object.insert("status".into(), "skipped".into());
    object.insert("reason".into(), reason.into());
    serde_json::to_writer(&mut *out, &object)?;
    writeln!(out)
}

/// How many files `check` visits in `plan` (every file, skipped or not), and how
/// many archive entries it checks in them: the progress bar's length. Archives are
/// counted by their names ([`scan::archive_by_name`]; `archives`: no `--format`),
/// by the entries they declare ([`archive::declared`]: their `VER2` count or their
/// `.dir`'s length, without reading their directory); [`Check::archive`] corrects
/// the count to the entries it checks once it reads the directory, and adds those
/// of an archive found by its bytes.
fn count(plan: &[Item], archives: bool) -> (u64, u64) {
    plan.iter().fold((0u64, 0u64), |(files, entries), item| {
        if matches!(item, Item::Unlisted { .. }) {
            return (files, entries);
        }
        let more = scan::archive_by_name(item, archives).map_or(0, archive::declared);
        (files.saturating_add(1), entries.saturating_add(more))
    })
}
