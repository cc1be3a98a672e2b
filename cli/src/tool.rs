//! The one seam between the commands and the formats: every format module implements
//! [`Tool`], with the types the commands share; [`dispatch`](super::dispatch), above
//! the format modules, is the only place that matches on the format.

use std::borrow::ToOwned;
use std::fmt::Display;
use std::format;
use std::io::{self, Write};
use std::string::{String, ToString};
use std::vec::Vec;

use serde::{Serialize, Serializer};

/// Why a [`Tool`] command on a file did not finish: the one error type of every
/// method. The messages are the whole text after the file's label.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The file is malformed, or holds what the target cannot (exit status 1): the
    /// message starts with where (a byte offset, or a line and column).
    Malformed(String),
    /// The file reads, but the command line asks for what it does not hold (`info
    /// --model` naming no model), or must choose first (GTA's material tables on
    /// `convert`): exit status 2.
    Usage(String),
    /// The format cannot be written as `convert --to` asks (exit status 2).
    Unsupported,
    /// Writing to the command's output failed (a closed pipe keeps its kind).
    Io(io::Error),
}

impl Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Malformed(message) | Self::Usage(message) => f.write_str(message),
            Self::Unsupported => f.write_str("convert does not write this format as that target"),
            Self::Io(error) => Display::fmt(error, f),
        }
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}

/// What a format module's `info`, `dump` and `ray` functions conclude about a
/// buffer, which [`Tool`] turns into its `Result`.
#[derive(Debug)]
pub(crate) enum Verdict {
    /// Read without error.
    Ok,
    /// Malformed, with the message for stderr (starts with the byte offset).
    Malformed(String),
    /// The file reads, but the command line asks for what it does not hold (`info
    /// --model` naming no model): the message for stderr, exit status 2.
    Usage(String),
}

impl Verdict {
    /// The [`Tool`] method's result: `Ok` for [`Verdict::Ok`], the message as an
    /// [`Error`] otherwise, and an I/O error as [`Error::Io`].
    pub(crate) fn result(verdict: io::Result<Self>) -> Result<(), Error> {
        match verdict? {
            Self::Ok => Ok(()),
            Self::Malformed(message) => Err(Error::Malformed(message)),
            Self::Usage(message) => Err(Error::Usage(message)),
        }
    }
}

/// What `check` says of a file it read.
#[derive(Debug)]
pub struct Checked {
    /// The text inside `ok (...)`.
    pub summary: String,
    /// Lints, and what `--lenient` let through, in the order `info` lists them.
    pub warnings: Vec<Warning>,
}

/// One of `check`'s warnings: the line it prints after `  warning: `, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Byte offset in the file of what the warning is about (TCOL: of the line and
    /// column the text names); `None` for a warning about no one place.
    pub offset: Option<usize>,
    /// GTA: the index of the model it is about, as `info` numbers them (a `.dff`'s
    /// model is 0); `None` for a warning about the file, and in other formats.
    pub model: Option<usize>,
    /// One line: where, then what (`byte 72 (0x48): 129 spheres: ...`).
    pub text: String,
    /// The game may write past a buffer on it (a likely crash): `check`'s verdict
    /// is then `risky` ([`zerocol::gta::LintKind::may_crash`]).
    pub risky: bool,
}

impl Warning {
    /// A warning at `offset`, about no GTA model.
    pub(crate) fn at(offset: usize, text: impl std::fmt::Display) -> Self {
        Self {
            offset: Some(offset),
            model: None,
            text: text.to_string(),
            risky: false,
        }
    }
}

/// The flags a command passes on to the format; each format uses what applies to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags<'a> {
    /// `--lenient`: what the original games accept.
    pub lenient: bool,
    /// `--recover` (`info`, `check`, `dump`): step over damaged models (GTA).
    pub recover: bool,
    /// `--game`: whose material names GTA models take (by default, from each
    /// model's version).
    pub game: Option<zerocol::gta::Game>,
    /// `--model` (info, export, ray): the one model to print, export or cast
    /// against (GTA: a name, ignoring ASCII case, or an index of digits only); the
    /// command has checked that the format has models.
    pub model: Option<&'a str>,
}

/// What `zerocol export` made of a file.
#[derive(Debug)]
pub struct Exported {
    /// The OBJ document.
    pub obj: String,
    /// Its material library.
    pub mtl: String,
    /// What the OBJ holds.
    pub summary: zerocol::obj::Summary,
    /// What reading let through (a `.dff`'s short Clump).
    pub warnings: Vec<String>,
    /// GTA: how many models were written (each at its own origin), and how many
    /// the file holds; `None` in formats without models.
    pub models: Option<(usize, usize)>,
}

/// Runs a library export into two strings (which never fail to take text).
pub(crate) fn exported(
    warnings: Vec<String>,
    export: impl FnOnce(&mut String, &mut String) -> Result<zerocol::obj::Summary, std::fmt::Error>,
) -> Result<Exported, Error> {
    let (mut obj, mut mtl) = (String::new(), String::new());
    let summary = export(&mut obj, &mut mtl)
        .map_err(|_| Error::Malformed("cannot format the OBJ".to_owned()))?;
    Ok(Exported {
        obj,
        mtl,
        summary,
        warnings,
        models: None,
    })
}

/// The library's `Options` for `--lenient` or strict reading, in any format.
pub(crate) fn options<O: Strictness>(lenient: bool) -> O {
    if lenient { O::LENIENT } else { O::STRICT }
}

/// A format's `Options`, which all have `STRICT` and `LENIENT`.
pub(crate) trait Strictness {
    /// What the game or engine accepts.
    const STRICT: Self;
    /// Also what still reads one way only.
    const LENIENT: Self;
}

macro_rules! strictness {
    ($($options:ty),*) => {$(
        impl Strictness for $options {
            const STRICT: Self = Self::STRICT;
            const LENIENT: Self = Self::LENIENT;
        }
    )*};
}

strictness!(
    zerocol::gta::Options,
    zerocol::mkgp::Options,
    zerocol::battleforge::Options,
    zerocol::grit::tcol::Options,
    zerocol::grit::bcol::Options
);

/// `convert --to`: a GTA version, or a Grit encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
#[non_exhaustive]
pub enum Target {
    /// GTA III / Vice City `COLL` (read by San Andreas too).
    Coll,
    /// San Andreas PS2 `COL2`.
    Col2,
    /// San Andreas PC and Xbox `COL3` (adds the shadow mesh).
    Col3,
    /// `COL4`: COL3 and one more word.
    Col4,
    /// Grit TCOL text.
    Tcol,
    /// Grit BCOL binary.
    Bcol,
}

impl Target {
    /// The GTA version, or `None` for a Grit target.
    pub const fn gta(self) -> Option<zerocol::gta::Version> {
        use zerocol::gta::Version;
        match self {
            Self::Coll => Some(Version::Coll),
            Self::Col2 => Some(Version::Col2),
            Self::Col3 => Some(Version::Col3),
            Self::Col4 => Some(Version::Col4),
            Self::Tcol | Self::Bcol => None,
        }
    }

    /// The Grit encoding, or `None` for a GTA target.
    pub const fn grit(self) -> Option<zerocol::grit::Flavour> {
        use zerocol::grit::Flavour;
        match self {
            Self::Tcol => Some(Flavour::Tcol),
            Self::Bcol => Some(Flavour::Bcol),
            Self::Coll | Self::Col2 | Self::Col3 | Self::Col4 => None,
        }
    }
}

/// `--face-groups`: what to do with face groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum FaceGroups {
    /// Keep a model's groups; generate them for a COLL model written as COL2+
    /// (meshes of more than 80 faces get groups, as in the game's files).
    #[default]
    Auto,
    /// Keep each model's groups as they are.
    Keep,
    /// Generate groups for every model (replacing any it has).
    Generate,
    /// Write no groups.
    Remove,
}

/// How `convert` writes GTA models (by default: each model as it is, its groups
/// kept or generated as [`FaceGroups::Auto`] says).
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    /// The version to write; `None` keeps each model's.
    pub version: Option<zerocol::gta::Version>,
    /// `--recompute-bounds`.
    pub recompute_bounds: bool,
    /// `--face-groups`.
    pub face_groups: FaceGroups,
    /// `--drop-shadow-mesh`.
    pub drop_shadow_mesh: bool,
    /// `--for`: the game the output is for, whose material table its ids are
    /// written in.
    pub for_game: Option<zerocol::gta::Game>,
    /// `--from`: the game whose material table the input's ids are in (by default
    /// [`Game::of_version`](zerocol::gta::Game::of_version)).
    pub from_game: Option<zerocol::gta::Game>,
}

/// What `zerocol convert` asks of a format.
#[derive(Clone, Copy, Debug)]
pub struct Conversion {
    /// `--to`; `None`: the format's default (GTA: each model's version; Grit: the
    /// other encoding).
    pub to: Option<Target>,
    /// How GTA models are written (its `version` is `to`'s).
    pub settings: Settings,
    /// `--lenient`.
    pub lenient: bool,
    /// `--recover`: GTA libraries are read over damage (each damaged byte range a
    /// warning).
    pub recover: bool,
}

/// What `zerocol convert` wrote.
#[derive(Debug)]
pub struct Converted {
    /// The output file.
    pub bytes: Vec<u8>,
    /// What was dropped, rounded or let through (TCOL's old dialect, BCOL's repairs,
    /// GTA's remapped materials), one line each.
    pub warnings: Vec<String>,
}

/// An embedded sample, which `zerocol info` shows without a FILE.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// How it is named in messages (`(embedded sample)`).
    pub label: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
}

/// What the commands need of a format.
pub trait Tool {
    /// What `--format` asked the file to be (`a GTA .col library`), in a message that
    /// says the file looks like another format.
    fn noun(&self) -> &'static str;
    /// What a file of this format looks like, from its first bytes (`a GTA COL3
    /// collision library`), in a message about a `--format` that does not fit.
    fn looks(&self, bytes: &[u8]) -> String;
    /// Whether the format's files hold GTA models, which `check --json` warnings name
    /// and `info --model` picks.
    fn has_models(&self) -> bool {
        false
    }
    /// The embedded sample `zerocol info` shows without a FILE (in
    /// [`Format::ALL`](zerocol::Format::ALL)'s order), if the format has one.
    fn sample(&self) -> Option<Sample> {
        None
    }
    /// `zerocol info`: a readable summary on `out` (what was read before any damage,
    /// then the verdict).
    fn info(
        &self,
        out: &mut dyn Write,
        label: &str,
        bytes: &[u8],
        flags: Flags,
    ) -> Result<(), Error>;
    /// `zerocol dump`: the JSON of docs/dump.md streamed to `out`, or (with nothing
    /// written) the message for a malformed file.
    fn dump(&self, out: &mut dyn Write, bytes: &[u8], flags: Flags) -> Result<(), Error>;
    /// `zerocol check`: the summary and warnings, or the message for `error: ...`.
    fn check(&self, bytes: &[u8], flags: Flags) -> Result<Checked, Error>;
    /// How many models `--recover` reads of a file a walk without it stops in, when
    /// that is more (GTA libraries); `None` otherwise.
    fn recoverable(&self, bytes: &[u8], lenient: bool) -> Option<usize> {
        let _ = (bytes, lenient);
        None
    }
    /// `zerocol export`: the OBJ and its material library (which the OBJ names
    /// `mtllib`) of the file, or of the models `flags.model` picks; or the message
    /// for a malformed file, or a usage error when no model is picked.
    fn export(&self, bytes: &[u8], flags: Flags, mtllib: &str) -> Result<Exported, Error>;
    /// `zerocol convert`: the output file, or why there is none. By default the
    /// format is not converted ([`Error::Unsupported`]).
    fn convert(&self, bytes: &[u8], conversion: Conversion) -> Result<Converted, Error> {
        let _ = (bytes, conversion);
        Err(Error::Unsupported)
    }
    /// `zerocol ray`: the nearest hit of `segment` over the file's models (or the
    /// one `flags.model` picks) as the one-line JSON object of docs/dump.md
    /// ([`write_ray`]), or the message for a malformed file.
    fn ray(
        &self,
        out: &mut dyn Write,
        bytes: &[u8],
        segment: zerocol::query::Segment,
        flags: Flags,
    ) -> Result<(), Error>;
}

/// Implements [`Tool`] as a unit struct `$tool` for the format module it is invoked
/// in, whose `info`, `dump`, `check` and `export` functions take [`Flags`], and whose
/// `NOUN` and `looks` say what the format is; each optional method named after the
/// doc forwards to the module's item of that name too (`convert`, `ray`), or says the
/// format has models (`models`) or an embedded sample (`sample`: `SAMPLE`).
macro_rules! module_tool {
    (@method convert) => {
        fn convert(
            &self,
            bytes: &[u8],
            conversion: $crate::tool::Conversion,
        ) -> Result<$crate::tool::Converted, $crate::tool::Error> {
            convert(bytes, conversion)
        }
    };
    (@method recoverable) => {
        fn recoverable(&self, bytes: &[u8], lenient: bool) -> Option<usize> {
            recoverable(bytes, lenient)
        }
    };
    (@method models) => {
        fn has_models(&self) -> bool {
            true
        }
    };
    (@method sample) => {
        fn sample(&self) -> Option<$crate::tool::Sample> {
            Some(SAMPLE)
        }
    };
    (@method ray) => {
        fn ray(
            &self,
            out: &mut dyn std::io::Write,
            bytes: &[u8],
            segment: zerocol::query::Segment,
            flags: $crate::tool::Flags,
        ) -> Result<(), $crate::tool::Error> {
            $crate::tool::Verdict::result(ray(out, bytes, segment, flags))
        }
    };
    ($tool:ident, $doc:literal $(, $method:ident)*) => {
        #[doc = $doc]
        pub(crate) struct $tool;

        impl $crate::tool::Tool for $tool {
            fn noun(&self) -> &'static str {
                NOUN
            }

            fn looks(&self, bytes: &[u8]) -> String {
                looks(bytes)
            }

            fn info(
                &self,
                mut out: &mut dyn std::io::Write,
                label: &str,
                bytes: &[u8],
                flags: $crate::tool::Flags,
            ) -> Result<(), $crate::tool::Error> {
                $crate::tool::Verdict::result(info(&mut out, label, bytes, flags))
            }

            fn dump(
                &self,
                out: &mut dyn std::io::Write,
                bytes: &[u8],
                flags: $crate::tool::Flags,
            ) -> Result<(), $crate::tool::Error> {
                $crate::tool::Verdict::result(dump(out, bytes, flags))
            }

            fn check(
                &self,
                bytes: &[u8],
                flags: $crate::tool::Flags,
            ) -> Result<$crate::tool::Checked, $crate::tool::Error> {
                check(bytes, flags).map_err($crate::tool::Error::Malformed)
            }

            fn export(
                &self,
                bytes: &[u8],
                flags: $crate::tool::Flags,
                mtllib: &str,
            ) -> Result<$crate::tool::Exported, $crate::tool::Error> {
                export(bytes, flags, mtllib)
            }

            $($crate::tool::module_tool!(@method $method);)*
        }
    };
}
pub(crate) use module_tool;

/// `dump`'s document, once the file is known to be well-formed, streamed to `out`
/// as pretty JSON (2-space indent) and a final newline; a malformed file's message
/// becomes its verdict, with nothing written.
///
/// The document borrows the parsed views and serializes its arrays from them as it
/// goes ([`Seq`]): neither a `serde_json::Value` nor the text is ever held whole.
pub(crate) fn write_dump(
    out: &mut dyn Write,
    document: Result<impl Serialize, String>,
) -> io::Result<Verdict> {
    let document = match document {
        Ok(document) => document,
        Err(message) => return Ok(Verdict::Malformed(message)),
    };
    // serde_json writes a few bytes at a time: buffered here, the calls to `out`
    // (behind a `dyn`) are whole blocks.
    let mut buffered = io::BufWriter::with_capacity(1 << 16, out);
    let mut serializer = serde_json::Serializer::pretty(&mut buffered);
    document.serialize(&mut serializer).map_err(|error| {
        if error.is_io() {
            // The writer's own error, kind and all: a closed pipe stays one.
            io::Error::from(error)
        } else {
            io::Error::other(format!("cannot write JSON: {error}"))
        }
    })?;
    buffered.write_all(b"\n")?;
    buffered.flush()?;
    Ok(Verdict::Ok)
}

/// A JSON array of what the closure's iterator yields, made anew each time it is
/// serialized: the items go to the writer one by one, never into a `Vec`.
pub(crate) struct Seq<F>(pub(crate) F);

impl<F, I> Serialize for Seq<F>
where
    F: Fn() -> I,
    I: IntoIterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

/// `zerocol ray`'s hit: which model, which primitive, where, and its material
/// (docs/dump.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct RayHit<M> {
    /// The model's index, as `info` numbers them (0 in a format of one model).
    pub model: usize,
    /// The model's name, where the format has names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// [`Primitive::name`](zerocol::query::Primitive::name): `"sphere"`, `"box"`,
    /// `"face"`, ...
    pub primitive: &'static str,
    /// The primitive's index in its model's table of that kind.
    pub index: usize,
    /// Where along the segment, in `[0, 1]`.
    pub t: f32,
    /// The point hit.
    pub point: [f32; 3],
    /// The unit normal there, facing the segment's start.
    pub normal: [f32; 3],
    /// The surface's material (GTA: the material id).
    pub material: M,
}

impl<M> RayHit<M> {
    /// The hit of model `model`, named `name`.
    pub(crate) fn new(model: usize, name: Option<String>, hit: zerocol::query::Hit<M>) -> Self {
        Self {
            model,
            name,
            primitive: hit.primitive.name(),
            index: hit.index,
            t: hit.t,
            point: hit.point,
            normal: hit.normal,
            material: hit.material,
        }
    }
}

/// `zerocol ray`'s output: `{"hit":null}` or `{"hit":{...}}` ([`RayHit`]), on one
/// line.
pub(crate) fn write_ray<M: Serialize>(
    out: &mut dyn Write,
    hit: Option<RayHit<M>>,
) -> io::Result<Verdict> {
    #[derive(Serialize)]
    struct Document<M> {
        hit: Option<RayHit<M>>,
    }
    let mut line = serde_json::to_vec(&Document { hit })
        .map_err(|error| io::Error::other(format!("cannot write JSON: {error}")))?;
    line.push(b'\n');
    out.write_all(&line)?;
    Ok(Verdict::Ok)
}

/// How many lints `info` lists before it says how many more there are.
pub(crate) const MAX_LINTS: usize = 20;

/// `info`'s lint lines: a count, then at most [`MAX_LINTS`] `warning:` lines.
pub(crate) fn write_lints<L: Display>(
    out: &mut impl Write,
    lints: impl Iterator<Item = L> + Clone,
) -> io::Result<()> {
    let total = lints.clone().count();
    if total == 0 {
        return writeln!(out, "  lints: none");
    }
    writeln!(out, "  lints: {total}")?;
    for lint in lints.take(MAX_LINTS) {
        writeln!(out, "  warning: {lint}")?;
    }
    if total > MAX_LINTS {
        writeln!(
            out,
            "  … {} more (zerocol dump lists them all)",
            total.saturating_sub(MAX_LINTS)
        )?;
    }
    Ok(())
}
