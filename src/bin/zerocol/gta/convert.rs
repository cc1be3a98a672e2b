//! `zerocol convert` for GTA: a `.col` library (or the model of a `.dff`) written
//! in another version, or rewritten in its own, through the library's writer
//! ([`zerocol::gta::write`]); and `zerocol put`, which puts a model into a `.dff`.

use zerocol::gta::write::{self, FaceGroupMode, WriteError, WriteOptions};
use zerocol::gta::{self, Model, Options, Version};

use super::latin1;
use crate::tool::options;

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

/// How `convert` writes GTA models.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The version to write; `None` keeps each model's.
    pub version: Option<Version>,
    /// `--recompute-bounds`.
    pub recompute_bounds: bool,
    /// `--face-groups`.
    pub face_groups: FaceGroups,
    /// `--drop-shadow-mesh`.
    pub drop_shadow_mesh: bool,
}

impl Settings {
    /// The writer's options for one model.
    fn options(self, model: &Model<'_>) -> WriteOptions {
        let mut options = WriteOptions::AS_IS;
        options.version = self.version;
        options.recompute_bounds = self.recompute_bounds;
        options.drop_shadow_mesh = self.drop_shadow_mesh;
        let target = self.version.unwrap_or(model.version());
        options.face_groups = match self.face_groups {
            FaceGroups::Auto if model.version() == Version::Coll && target != Version::Coll => {
                FaceGroupMode::Generate
            }
            FaceGroups::Auto | FaceGroups::Keep => FaceGroupMode::Keep,
            FaceGroups::Generate => FaceGroupMode::Generate,
            FaceGroups::Remove => FaceGroupMode::Remove,
        };
        options
    }
}

/// A finished conversion: the output, and one warning per model that lost
/// something (or per lenient reading's tolerance).
pub struct Converted {
    /// The output file.
    pub bytes: Vec<u8>,
    /// What was dropped or rounded, model by model.
    pub warnings: Vec<String>,
}

/// Writes `models` (with their offsets in the input) one after the other.
pub fn write_models(
    models: &[(Model<'_>, usize)],
    settings: Settings,
) -> Result<Converted, String> {
    let mut bytes = Vec::new();
    let mut warnings = Vec::new();
    for (i, (model, at)) in models.iter().enumerate() {
        let options = settings.options(model);
        let what = |error: WriteError| {
            let detail = match error {
                WriteError::Invalid(input) => input.kind.to_string(),
                other => other.to_string(),
            };
            format!(
                "cannot write model {i} {:?} (at byte {at}): {detail}",
                latin1(model.name())
            )
        };
        let len = write::required_len(model, &options).map_err(what)?;
        let start = bytes.len();
        bytes.resize(start.saturating_add(len), 0);
        let out = bytes.get_mut(start..).unwrap_or_default();
        write::write(model, &options, out).map_err(what)?;
        let losses = write::losses(model, &options).map_err(what)?;
        if !losses.is_empty() {
            warnings.push(format!("model {i} {:?}: {losses}", latin1(model.name())));
        }
    }
    Ok(Converted { bytes, warnings })
}

/// Reads every model of a `.col` library (a file with no model is malformed).
pub fn read_library(bytes: &[u8], lenient: bool) -> Result<Vec<(Model<'_>, usize)>, String> {
    let models = gta::models(bytes, options(lenient))
        .map(|model| model.map(|m| (m, m.offset())))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| error.to_string())?;
    if models.is_empty() {
        return Err(super::no_model(bytes));
    }
    Ok(models)
}

/// `zerocol put`: `dff` with its collision replaced by (or given) the model of
/// `col` named `name` (the first model without a name). The model is copied as it
/// is: convert it first to change its version.
pub fn put(dff: &[u8], col: &[u8], name: Option<&str>, lenient: bool) -> Result<Vec<u8>, String> {
    let options: Options = options(lenient);
    let target = gta::dff::Dff::parse(dff, options).map_err(|e| format!("the .dff: {e}"))?;
    let models = read_library(col, lenient).map_err(|e| format!("the model file: {e}"))?;
    let model = match name {
        None => models.first().map(|(m, _)| *m),
        Some(name) => models
            .iter()
            .map(|(m, _)| *m)
            .find(|m| latin1(m.name()).eq_ignore_ascii_case(name)),
    };
    let Some(model) = model else {
        let names: Vec<String> = models.iter().map(|(m, _)| latin1(m.name())).collect();
        return Err(format!(
            "the model file holds no model named {:?} (it holds {})",
            name.unwrap_or_default(),
            names.join(", ")
        ));
    };
    let len = target
        .replace_len(model.len())
        .map_err(|e| format!("cannot write the .dff: {e}"))?;
    let mut out = vec![0; len];
    target
        .replace(&model, &mut out)
        .map_err(|e| format!("cannot write the .dff: {e}"))?;
    Ok(out)
}
