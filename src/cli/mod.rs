//! The `zerocol` tool's commands as functions, for embedding and fuzzing (the `cli`
//! feature). The binary parses its arguments and calls these; the `any` fuzz target
//! drives them on arbitrary bytes. What they print is the tool's output, byte for
//! byte: `info`'s summary, `dump`'s JSON (the guide's `dump` page), `check`'s verdict
//! and warnings, `export`'s OBJ and `convert`'s files.
//!
//! Modules, in import order:
//! - [`tool`]: the [`Tool`](tool::Tool) trait every format module implements
//!   (`info`, `dump`, `check`, `export`, and `convert` where the format converts),
//!   and the types the commands share ([`Flags`](tool::Flags),
//!   [`Verdict`](tool::Verdict), [`Checked`](tool::Checked),
//!   [`Conversion`](tool::Conversion));
//! - [`format`]: `--format` names, and what a file that is not a collision file
//!   looks like;
//! - one module per format: [`gta`] (with `convert` and `put`), [`dff`], [`mkgp`],
//!   [`battleforge`] and [`grit`] (with `convert` between TCOL and BCOL);
//! - [`dispatch`]: [`tool`](dispatch::tool), the one place that matches on the
//!   [`Format`](crate::Format).
//!
//! ```
//! use zerocol::Format;
//! use zerocol::cli::dispatch::tool;
//! use zerocol::cli::tool::Flags;
//!
//! let sample: &[u8] = include_bytes!("../../samples/sample.col");
//! let checked = tool(Format::GtaCol).check(sample, Flags::default())?;
//! assert_eq!(checked.summary, "4 models, 0 trailing bytes");
//! assert!(checked.warnings.is_empty());
//!
//! // `zerocol convert --to col3 --for sa`: every model rewritten as COL3.
//! use zerocol::cli::tool::{Conversion, FaceGroups, Settings, Target};
//! let settings = Settings {
//!     version: Target::Col3.gta(),
//!     recompute_bounds: false,
//!     face_groups: FaceGroups::Auto,
//!     drop_shadow_mesh: false,
//!     for_game: Some(zerocol::gta::Game::Sa),
//!     from_game: None,
//! };
//! let conversion = Conversion { to: Some(Target::Col3), settings, lenient: false };
//! let converted = tool(Format::GtaCol).convert(sample, conversion).map_err(|e| e.to_string())?;
//! let models = zerocol::gta::models(&converted.bytes, zerocol::gta::Options::STRICT);
//! assert!(models.map(|m| m.map(|m| m.version())).all(|v| v == Ok(zerocol::gta::Version::Col3)));
//! // MKGP courses are not converted.
//! let course: &[u8] = include_bytes!("../../samples/course.col");
//! assert_eq!(
//!     tool(Format::MkgpCol).convert(course, conversion).unwrap_err(),
//!     zerocol::cli::tool::ConvertError::Unsupported
//! );
//! # Ok::<(), String>(())
//! ```

// What the binary prints, it prints through its own `out`; these functions write to
// the writers they are given.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod battleforge;
pub mod dff;
pub mod dispatch;
pub mod format;
pub mod grit;
pub mod gta;
pub mod mkgp;
pub mod tool;
