//! `zerocol check`: a verdict per file, folders walked, and a totals line.

use std::ffi::OsStr;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::dispatch::tool;
use crate::io::recognise as format;
use crate::tool::{Checked, Flags, Warning};
use zerocol::Format;
use zerocol::img::{Kind, Version};

use crate::args::Common;
use crate::commands::open::{explain, recognise};
use crate::formats::img::{VERF_WHAT, is_verf};
use crate::io::archive;
use crate::io::label;
use crate::io::load::{head, load};
use crate::io::progress::Progress;
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
    let progress = Progress::new(output.json, || {
        let archives = common.format.is_none();
        paths.iter().fold((0u64, 0u64), |(files, entries), path| {
            let (f, e) = count(path, archives, common.lenient, common.limit.max_size, true);
            (files.saturating_add(f), entries.saturating_add(e))
        })
    });
    let mut run = Check {
        common,
        recover,
        output,
        status: Status::Ok,
        totals: Totals::default(),
        progress,
    };
    for path in paths {
        let is_folder =
            path.as_os_str() != "-" && std::fs::metadata(path).is_ok_and(|m| m.is_dir());
        if is_folder {
            run.folder(path, out)?;
        } else {
            run.progress.advance(&label(path));
            run.file(path, out)?;
        }
    }
    let Check {
        status,
        totals,
        progress,
        ..
    } = run;
    progress.finish();
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

    /// Walks a folder: its entries in the order of their names' bytes, folders
    /// depth first (links to folders not followed), and only the files
    /// [`format::counts`] takes; the rest are skipped.
    fn folder(&mut self, folder: &Path, out: &mut impl Write) -> Result<(), Interrupted> {
        let entries = std::fs::read_dir(folder).and_then(|entries| {
            entries
                .map(|entry| entry.map(|e| e.path()))
                .collect::<io::Result<Vec<PathBuf>>>()
        });
        let mut entries = match entries {
            Ok(entries) => entries,
            Err(error) => {
                let message = format!(
                    "zerocol: {}: cannot read the folder: {error}",
                    label(folder)
                );
                return self.unreadable(&label(folder), &message, out);
            }
        };
        entries.sort_by(|a, b| {
            let (a, b) = (a.file_name(), b.file_name());
            a.map(OsStr::as_encoded_bytes)
                .cmp(&b.map(OsStr::as_encoded_bytes))
        });
        for path in entries {
            if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
                self.progress.advance(&label(&path));
            }
            // The entry itself: a link is not followed to a folder.
            let is_folder = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
            if is_folder {
                self.folder(&path, out)?;
                continue;
            }
            // Followed, for a link: a link to a folder, a FIFO or a device is skipped.
            let head = std::fs::metadata(&path).and_then(|m| {
                if m.is_file() {
                    head(&path).map(Some)
                } else {
                    Ok(None)
                }
            });
            match head {
                Ok(Some(head)) if archive::is_archive(&path, &head, false) => {
                    self.archive(&path, out)?;
                }
                // Named in the totals: no game and no command reads it.
                Ok(Some(head)) if is_verf(&head) => {
                    self.totals.verf = self.totals.verf.saturating_add(1);
                }
                Ok(Some(head)) if format::counts(&path, &head) => self.file(&path, out)?,
                Err(error) if format::counts(&path, &[]) => {
                    let message = format!("zerocol: {}: cannot read: {error}", label(&path));
                    self.unreadable(&label(&path), &message, out)?;
                }
                Ok(_) | Err(_) => self.totals.skipped = self.totals.skipped.saturating_add(1),
            }
        }
        Ok(())
    }

    /// One file's verdict and warnings (stdout), or its error (stderr); an IMG
    /// archive (unless `--format` says otherwise) is checked entry by entry.
    fn file(&mut self, path: &Path, out: &mut impl Write) -> Result<(), Interrupted> {
        if self.common.format.is_none() && archive::named(path) {
            return self.archive(path, out);
        }
        let input = match load(path, self.common.limit.max_size) {
            Ok(input) => input,
            Err(message) => return self.unreadable(&label(path), &message, out),
        };
        let forced = self.common.format;
        let (format, verdict) = match recognise(&input, forced) {
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
    /// then one per `.col` and `.dff` entry, named `ARCHIVE/ENTRY`. The archive is
    /// read directory first, then entry by entry, never whole.
    fn archive(&mut self, path: &Path, out: &mut impl Write) -> Result<(), Interrupted> {
        let archive = match archive::open(path, self.common.limit.max_size) {
            Ok(archive) => archive,
            Err(message) => return self.unreadable(&label(path), &message, out),
        };
        let directory = match archive.directory(self.common.lenient) {
            Ok(directory) => directory,
            Err(error) => {
                let message = error.to_string();
                return self.verdict(&archive.label, Of::Archive, Err(message), out);
            }
        };
        let mut scratch = vec![0u32; directory.lint_scratch_len()];
        let warnings = directory
            .lints_with(&mut scratch)
            .map(|lint| Warning {
                offset: Some(lint.offset),
                model: None,
                text: lint.to_string(),
                risky: false,
            })
            .collect();
        let checked = directory
            .entries()
            .filter(|e| matches!(e.kind, Kind::Col | Kind::Dff))
            .count();
        let summary = format!(
            "{} IMG archive, {} entries, {checked} .col/.dff entries checked",
            match directory.version() {
                Version::V1 => "GTA III/VC",
                _ => "San Andreas",
            },
            directory.entries().count()
        );
        self.verdict(
            &archive.label,
            Of::Archive,
            Ok(Checked { summary, warnings }),
            out,
        )?;
        let mut buffer = Vec::new();
        for entry in directory.entries() {
            let format = match entry.kind {
                Kind::Col => Format::GtaCol,
                Kind::Dff => Format::Dff,
                _ => continue,
            };
            let name = archive.entry_label(&entry);
            self.progress.advance(&name);
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

/// How many files `check` visits under `path` (1 for a file), and how many
/// archive entries it checks in them: the progress bar's length. Folders are
/// walked as [`Check::folder`] walks them (inside, links to folders not followed); each
/// entry that is no folder counts, skipped or not. Archives (when `archives`: no
/// `--format`) count their `.col` and `.dff` entries, read from their directory
/// as [`Check::archive`] reads it.
fn count(path: &Path, archives: bool, lenient: bool, max_size: u64, top: bool) -> (u64, u64) {
    let is_folder = if top {
        path.as_os_str() != "-" && std::fs::metadata(path).is_ok_and(|m| m.is_dir())
    } else {
        std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
    };
    if !is_folder {
        let is_archive = archives
            && if top {
                archive::named(path)
            } else {
                std::fs::metadata(path).is_ok_and(|m| m.is_file())
                    && head(path).is_ok_and(|head| archive::is_archive(path, &head, false))
            };
        return (
            1,
            if is_archive {
                entries(path, lenient, max_size)
            } else {
                0
            },
        );
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return (0, 0);
    };
    entries
        .flatten()
        .fold((0u64, 0u64), |(files, entries), entry| {
            let (f, e) = count(&entry.path(), archives, lenient, max_size, false);
            (files.saturating_add(f), entries.saturating_add(e))
        })
}

/// The `.col` and `.dff` entries [`Check::archive`] checks in the archive at
/// `path` (0 if its directory does not read).
fn entries(path: &Path, lenient: bool, max_size: u64) -> u64 {
    let Ok(archive) = archive::open(path, max_size) else {
        return 0;
    };
    archive.directory(lenient).map_or(0, |directory| {
        let n = directory
            .entries()
            .filter(|e| matches!(e.kind, Kind::Col | Kind::Dff))
            .count();
        u64::try_from(n).unwrap_or(u64::MAX)
    })
}
