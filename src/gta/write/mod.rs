//! Writing GTA models and libraries into a caller buffer: the API is re-exported
//! at the crate's `gta` root, whose docs ("# Writing") describe it.

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
