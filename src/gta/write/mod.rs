//! Writing GTA models and libraries into a caller buffer, in any version, from a
//! parsed [`Model`] or from a [`ModelRepr`] of decoded values.
//!
//! Every writer is a pair: [`required_len`] says how many bytes the output needs,
//! [`write()`] fills a buffer of at least that many. [`WriteOptions`] chooses the
//! version to write (a conversion when it differs from the source's), whether
//! to recompute the bounds, and what to do with face groups and shadow meshes;
//! [`losses`] says what a conversion drops.
//!
//! The layout is the one real files have ([`guide::gta`](crate::guide::gta), "Writing"): the
//! sections in the order spheres, boxes, lines, vertices, faces, shadow vertices,
//! shadow faces; two zero bytes after a vertex array of odd length; face groups
//! just before the faces with their count last; offsets counted from just after
//! the FourCC, 0 for an empty section; flags 2, 8 and 16 set from the content; the
//! name NUL-padded. A model already in that layout is written back byte for byte.
//!
//! No allocation: face groups are generated in place, in the part of the output
//! buffer that receives the faces.
//!
//! A San Andreas COL3 model written from code: a floor of two triangles, its bounds
//! recomputed from the content, then read back by the strict parser.
//!
//! ```
//! use zerocol::gta::write::{self, ModelRepr, WriteOptions};
//! use zerocol::gta::{Face, FaceSurface, Model, Options, Version};
//!
//! // Material 0 is "default" in San Andreas; light 0xF0: night light 15, day light 0.
//! let surface = FaceSurface::Compact { material: 0, light: 0xF0 };
//! let vertices = [[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [4.0, 4.0, 0.0], [-4.0, 4.0, 0.0]];
//! let faces = [
//!     Face { indices: [0, 1, 2], surface },
//!     Face { indices: [0, 2, 3], surface },
//! ];
//! let floor = ModelRepr {
//!     model_id: 1337,
//!     vertices: &vertices,
//!     faces: &faces,
//!     ..ModelRepr::new(Version::Col3, b"my_floor")
//! };
//! let mut options = WriteOptions::AS_IS;
//! options.recompute_bounds = true;
//!
//! // No allocation: any buffer of at least `required_len` bytes.
//! let mut out = [0u8; 256];
//! assert!(write::required_len(&floor, &options)? <= out.len());
//! let written = write::write(&floor, &options, &mut out)?;
//!
//! let model = Model::parse(&out[..written], Options::STRICT).expect("the writer's output parses");
//! assert_eq!((model.version(), model.name(), model.model_id()), (Version::Col3, &b"my_floor"[..], 1337));
//! assert_eq!(model.faces().len(), 2);
//! assert_eq!(model.bounds().min, [-4.0, -4.0, 0.0]);
//! assert_eq!(model.bounds().max, [4.0, 4.0, 0.0]);
//! # Ok::<(), write::WriteError>(())
//! ```
//!
//! [`Model`]: crate::gta::Model

// Stage `write` (after `dff`) of the format's stages (mod.rs). Its parts, in import
// order: `options` (what to write and how, `Losses`) → `source` (the `Source` trait
// over `Model` and `ModelRepr`) → `error` → `face_groups` (generated groups) → `plan`
// (sizes, offsets and the writing) → this file (the API).

mod error;
mod face_groups;
mod options;
mod plan;
mod source;

use crate::wire::Out;
pub use error::{InputError, InputErrorKind, Name, WriteError};
pub use face_groups::{
    FACE_GROUP_MAX_FACES, FACE_GROUP_MIN_FACES, FaceGroupRanges, face_group_ranges,
};
pub use options::{FaceGroupMode, Losses, ModelRepr, WriteOptions};
use plan::Plan;
pub use source::{Mesh, Source};

pub use super::records::to_fixed_point;

/// Bytes [`write()`] needs for `source` under `options`.
pub fn required_len(source: &impl Source, options: &WriteOptions) -> Result<usize, WriteError> {
    Ok(Plan::new(source, options, 0)?.len)
}

/// Writes `source` under `options` into `out` (at least [`required_len`] bytes);
/// returns the bytes written.
pub fn write(
    source: &impl Source,
    options: &WriteOptions,
    out: &mut [u8],
) -> Result<usize, WriteError> {
    let plan = Plan::new(source, options, 0)?;
    let mut w = Out::new(out, plan.len)?;
    plan.write(source, &mut w)?;
    Ok(w.written())
}

/// What writing `source` under `options` loses (see [`Losses`]); an error where
/// [`write()`] would fail.
pub fn losses(source: &impl Source, options: &WriteOptions) -> Result<Losses, WriteError> {
    let plan = Plan::new(source, options, 0)?;
    Ok(plan.losses(source))
}

/// Bytes [`write_library`] needs for `models`, in order, under `options`.
pub fn library_required_len<S: Source>(
    models: impl IntoIterator<Item = S>,
    options: &WriteOptions,
) -> Result<usize, WriteError> {
    let mut total = 0usize;
    for (i, model) in models.into_iter().enumerate() {
        let plan = Plan::new(&model, options, i)?;
        total = total.checked_add(plan.len).ok_or(WriteError::TooLarge)?;
    }
    Ok(total)
}

/// Writes `models` back to back, a `.col` library, into `out` (at least
/// [`library_required_len`] bytes); returns the bytes written. Errors name the
/// model by its position.
pub fn write_library<S: Source>(
    models: impl IntoIterator<Item = S> + Clone,
    options: &WriteOptions,
    out: &mut [u8],
) -> Result<usize, WriteError> {
    let needed = library_required_len(models.clone(), options)?;
    let mut w = Out::new(out, needed)?;
    for (i, model) in models.into_iter().enumerate() {
        Plan::new(&model, options, i)?.write(&model, &mut w)?;
    }
    Ok(w.written())
}

/// What a library conversion loses, summed over its models.
pub fn library_losses<S: Source>(
    models: impl IntoIterator<Item = S>,
    options: &WriteOptions,
) -> Result<Losses, WriteError> {
    let mut total = Losses::default();
    for (i, model) in models.into_iter().enumerate() {
        total = total.combined(Plan::new(&model, options, i)?.losses(&model));
    }
    Ok(total)
}
