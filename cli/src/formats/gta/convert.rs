//! `zerocol convert` for GTA: a `.col` library (or the model of a `.dff`) written
//! in another version, or rewritten in its own, through the library's writer
//! ([`zerocol::gta::write`]), its surface materials mapped between the games'
//! tables ([`zerocol::gta::map_material`]) when `--for` asks; and `zerocol put`,
//! which puts a model into a `.dff`.

use std::collections::BTreeMap;
use std::format;
use std::string::{String, ToString};

use std::vec::Vec;

use zerocol::gta::{
    self, CollisionBox, Face, FaceSurface, Game, MappedMaterial, Model, Sphere, Version,
    map_material, material_count, material_name,
};
use zerocol::gta::{
    self as write, FaceGroupMode, InputErrorKind, Losses, ModelRepr, WriteError, WriteOptions,
};

use super::latin1;
use crate::io::counted;
use crate::tool::{Conversion, Converted, Error, FaceGroups, Settings};

/// The writer's options for one model.
fn write_options(settings: Settings, model: &Model<'_>) -> WriteOptions {
    let mut options = WriteOptions::AS_IS;
    options.version = settings.version;
    options.recompute_bounds = settings.recompute_bounds;
    options.drop_shadow_mesh = settings.drop_shadow_mesh;
    let target = settings.version.unwrap_or(model.version());
    options.face_groups = match settings.face_groups {
        FaceGroups::Auto if model.version() == Version::Coll && target != Version::Coll => {
            FaceGroupMode::Generate
        }
        FaceGroups::Auto | FaceGroups::Keep => FaceGroupMode::Keep,
        FaceGroups::Generate => FaceGroupMode::Generate,
        FaceGroups::Remove => FaceGroupMode::Remove,
    };
    options
}

/// The tables model `i` goes from and to, `None` when its material ids are
/// kept; or why `--for` (or another `--from`) is needed, the whole message.
fn materials(
    settings: Settings,
    i: usize,
    model: &Model<'_>,
) -> Result<Option<(Game, Game)>, String> {
    let source = model.version();
    let target = settings.version.unwrap_or(source);
    let from = settings.from_game.unwrap_or(Game::of_version(source));
    let what = || {
        format!(
            "model {i} {:?} is {source} with {}'s material ids, written as {target}",
            latin1(model.name()),
            short(from)
        )
    };
    let to = match settings.for_game {
        Some(Game::IiiVc) if target != Version::Coll => {
            return Err(format!(
                "{}: --for iii-vc, but III and VC read only COLL (add --to coll)",
                what()
            ));
        }
        Some(game) => game,
        None if target != Version::Coll && from != Game::Sa => {
            return Err(format!(
                "{}, which only SA reads, with its own material table: give --for sa to map \
                     the ids to SA's (or --from sa if they are SA's already)",
                what()
            ));
        }
        None if target == Version::Coll && source != Version::Coll => {
            return Err(format!(
                "{}, which III/VC and SA read with different material tables: give \
                     --for iii-vc ({}) or --for sa ({})",
                what(),
                choice(from, Game::IiiVc),
                choice(from, Game::Sa)
            ));
        }
        None => from,
    };
    Ok((from != to).then_some((from, to)))
}

/// A game's name in messages.
fn short(game: Game) -> &'static str {
    if game == Game::IiiVc {
        "III/VC"
    } else if game == Game::Sa {
        "SA"
    } else {
        "III/VC/SA"
    }
}

/// What `--for to` does to ids of `from`'s table, for a message.
fn choice(from: Game, to: Game) -> String {
    if from == to {
        format!("keeps {}'s ids", short(from))
    } else {
        format!(
            "maps {}'s ids to {}'s equivalents, with a warning for each without one",
            short(from),
            short(to)
        )
    }
}

/// Checks, before anything is written, that every model's materials have a
/// table to go to: the message of the first that needs `--for`, or `--for` that
/// asks for what the target cannot be.
fn check_materials(models: &[(Model<'_>, usize)], settings: Settings) -> Result<(), String> {
    models
        .iter()
        .enumerate()
        .try_for_each(|(i, (model, _))| materials(settings, i, model).map(drop))
}

/// A model's records with their material ids mapped, owned, for a [`ModelRepr`];
/// and the ids that had no equivalent, with how many records of each kind used
/// them.
struct Remapped {
    spheres: Vec<Sphere>,
    boxes: Vec<CollisionBox>,
    faces: Vec<Face>,
    shadow_faces: Vec<Face>,
    lines: Vec<gta::Line>,
    vertices: Vec<gta::Vec3>,
    face_groups: Vec<gta::FaceGroup>,
    shadow_vertices: Vec<gta::Vec3>,
    /// Unmapped id → (what it became, [spheres, boxes, faces, shadow faces]).
    unmapped: BTreeMap<u8, (MappedMaterial, [usize; 4])>,
}

impl Remapped {
    /// `model`'s records, mapped from `from`'s table to `to`'s; a shadow mesh only
    /// when `shadow` (the target version keeps it: a dropped one is not reported).
    fn new(model: &Model<'_>, from: Game, to: Game, shadow: bool) -> Self {
        let mut unmapped = BTreeMap::new();
        let mut map = |id: u8, kind: usize| {
            let mapped = map_material(id, from, to);
            if !matches!(mapped, MappedMaterial::Equivalent(_)) {
                let (_, counts) = unmapped.entry(id).or_insert((mapped, [0usize; 4]));
                if let Some(count) = counts.get_mut(kind) {
                    *count = count.saturating_add(1);
                }
            }
            mapped.id()
        };
        let mut face = |mut f: Face, kind: usize| {
            f.surface = match f.surface {
                FaceSurface::Full(mut s) => {
                    s.material = map(s.material, kind);
                    FaceSurface::Full(s)
                }
                FaceSurface::Compact { material, light } => FaceSurface::Compact {
                    material: map(material, kind),
                    light,
                },
            };
            f
        };
        let faces = model.faces().iter().map(|f| face(f, 2)).collect();
        let shadow_faces = if shadow {
            model.shadow_faces().iter().map(|f| face(f, 3)).collect()
        } else {
            model.shadow_faces().iter().collect()
        };
        let spheres = model
            .spheres()
            .iter()
            .map(|mut s| {
                s.surface.material = map(s.surface.material, 0);
                s
            })
            .collect();
        let boxes = model
            .boxes()
            .iter()
            .map(|mut b| {
                b.surface.material = map(b.surface.material, 1);
                b
            })
            .collect();
        Self {
            spheres,
            boxes,
            faces,
            shadow_faces,
            lines: model.lines().iter().collect(),
            vertices: model.vertices().iter().collect(),
            face_groups: model.face_groups().iter().collect(),
            shadow_vertices: model.shadow_vertices().iter().collect(),
            unmapped,
        }
    }

    /// The model to write: `model` with these records.
    fn repr<'s>(&'s self, model: &'s Model<'_>) -> ModelRepr<'s> {
        let mut repr = ModelRepr::new(model.version(), model.name());
        repr.model_id = match model.version() {
            Version::Coll => 0,
            _ => model.model_id(),
        };
        repr.bounds = model.bounds();
        repr.col4_extra = model.col4_extra().unwrap_or(0);
        repr.spheres = &self.spheres;
        repr.boxes = &self.boxes;
        repr.lines = &self.lines;
        repr.vertices = &self.vertices;
        repr.faces = &self.faces;
        repr.face_groups = &self.face_groups;
        repr.shadow_vertices = &self.shadow_vertices;
        repr.shadow_faces = &self.shadow_faces;
        repr
    }

    /// One warning per id without an equivalent: what it was, where, what it became.
    fn warnings(&self, i: usize, model: &Model<'_>, from: Game, to: Game) -> Vec<String> {
        let name = latin1(model.name());
        self.unmapped
            .iter()
            .map(|(&id, &(mapped, counts))| {
                let used = ["sphere", "box", "face", "shadow face"]
                    .iter()
                    .zip(counts)
                    .filter(|(_, n)| *n > 0)
                    .map(|(kind, n)| match (n, *kind) {
                        (1, kind) => format!("1 {kind}"),
                        (n, "box") => format!("{n} boxes"),
                        (n, kind) => format!("{n} {kind}s"),
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                let became = mapped.id();
                let became = format!("{became} {}", material_name(to, became).unwrap_or_default());
                match material_name(from, id) {
                    Some(material) => format!(
                        "model {i} {name:?}: {} material {id} {material} ({used}) has no {} \
                         equivalent: written as {became}",
                        short(from),
                        short(to)
                    ),
                    None => format!(
                        "model {i} {name:?}: material {id} ({used}) is past {}'s table of {} \
                         surfaces: written as {became}",
                        short(from),
                        material_count(from)
                    ),
                }
            })
            .collect()
    }
}

/// Writes `models` (with their offsets in the input) one after the other.
fn write_models(models: &[(Model<'_>, usize)], settings: Settings) -> Result<Converted, String> {
    let mut bytes = Vec::new();
    let mut warnings = Vec::new();
    // What each model lost, and the model ids COLL drops: summed over many models.
    let mut lost = Vec::new();
    let mut ids = Vec::new();
    for (i, (model, at)) in models.iter().enumerate() {
        let options = write_options(settings, model);
        let tables = materials(settings, i, model)?;
        let what = |error: WriteError| {
            let detail = match error {
                WriteError::Invalid(input) => match input.kind {
                    // The tool's flag, not the library's option.
                    InputErrorKind::ShadowMesh { faces } => format!(
                        "a shadow mesh of {faces} faces, which COLL and COL2 cannot hold \
                         (--drop-shadow-mesh drops it)"
                    ),
                    kind => kind.to_string(),
                },
                other => other.to_string(),
            };
            format!(
                "cannot write model {i} {:?} (at byte {at}): {detail}",
                latin1(model.name())
            )
        };
        let losses = match tables {
            None => write_one(model, &options, &mut bytes),
            Some((from, to)) => {
                let shadow = options.version.unwrap_or(model.version()).has_shadow_mesh();
                let remapped = Remapped::new(model, from, to, shadow);
                warnings.extend(remapped.warnings(i, model, from, to));
                write_one(&remapped.repr(model), &options, &mut bytes)
            }
        };
        let losses = losses.map_err(what)?;
        let name = || format!("model {i} {:?}", latin1(model.name()));
        if !losses.is_empty() {
            lost.push((name(), losses));
        }
        let target = options.version.unwrap_or(model.version());
        if target == Version::Coll && model.version() != Version::Coll && model.model_id() != 0 {
            ids.push((name(), model.model_id()));
        }
    }
    warnings.extend(summarised(
        lost,
        |(model, losses)| format!("{model}: {losses}"),
        |all| {
            let total = all
                .iter()
                .fold(Losses::default(), |sum, (_, l)| sum.combined(*l));
            format!("{}: {total}", counted(all.len(), "model"))
        },
    ));
    let because = "COLL has none (the games find a COLL model's object by its name)";
    warnings.extend(summarised(
        ids,
        |(model, id)| format!("{model}: its model id {id} is dropped: {because}"),
        |all| {
            format!(
                "{}: their model ids are dropped: {because}",
                counted(all.len(), "model")
            )
        },
    ));
    Ok(Converted { bytes, warnings })
}

/// Up to [`EACH_UP_TO`] items as a line each (`each`); more as one line (`all`) that
/// names the first few, so that a library of hundreds of models gives one warning, not
/// hundreds.
fn summarised<T>(
    items: Vec<(String, T)>,
    each: impl Fn(&(String, T)) -> String,
    all: impl Fn(&[(String, T)]) -> String,
) -> Vec<String> {
    const EACH_UP_TO: usize = 3;
    if items.len() <= EACH_UP_TO {
        return items.iter().map(each).collect();
    }
    let first: Vec<&str> = items
        .iter()
        .take(EACH_UP_TO)
        .map(|(m, _)| m.as_str())
        .collect();
    vec![format!(
        "{} ({}, and {} more)",
        all(&items),
        first.join(", "),
        items.len().saturating_sub(EACH_UP_TO)
    )]
}

/// Appends `source` written with `options` to `bytes`; what it lost.
fn write_one(
    source: &impl write::Source,
    options: &WriteOptions,
    bytes: &mut Vec<u8>,
) -> Result<write::Losses, WriteError> {
    let len = write::required_len(source, options)?;
    let start = bytes.len();
    bytes.resize(start.saturating_add(len), 0);
    let out = bytes.get_mut(start..).unwrap_or_default();
    write::write(source, options, out)?;
    write::losses(source, options)
}

/// `zerocol convert` of a `.col` library: every model written as
/// `conversion.settings` asks (a Grit `--to` is [`Error::Unsupported`]), after what
/// the read let through or left out.
pub(crate) fn convert(bytes: &[u8], conversion: Conversion) -> Result<Converted, Error> {
    if conversion.to.is_some_and(|to| to.gta().is_none()) {
        return Err(Error::Unsupported);
    }
    let library =
        read_library(bytes, conversion.lenient, conversion.recover).map_err(Error::Malformed)?;
    let mut converted = convert_models(&library.models, conversion.settings)?;
    converted
        .warnings
        .splice(0..0, library.warnings.into_iter().chain(library.padding));
    Ok(converted)
}

/// `zerocol convert` of models read: refused before anything is written when
/// `settings` leaves the output's material table to a silent choice
/// ([`check_materials`]), then written ([`write_models`]).
pub(crate) fn convert_models(
    models: &[(Model<'_>, usize)],
    settings: Settings,
) -> Result<Converted, Error> {
    check_materials(models, settings).map_err(Error::Usage)?;
    write_models(models, settings).map_err(Error::Malformed)
}

/// The models of a `.col` library, with their offsets, and what a command that
/// reads them must say: what a lenient or recovering read let through, and the
/// bytes after the last model, which a command that writes the models anew leaves
/// out.
pub(crate) struct Library<'a> {
    /// Every model, and where it starts.
    pub models: Vec<(Model<'a>, usize)>,
    /// A line each: the damaged ranges `--recover` skipped, `MODEL: LINT` for what a
    /// lenient rule let through, then the bytes that are not a model after the last
    /// (which a lenient read let through).
    pub warnings: Vec<String>,
    /// The zero padding after the last model (which the games skip too), for the
    /// commands that write a `.col`: they leave it out.
    pub padding: Option<String>,
}

/// Reads every model of a `.col` library (a file with no model is malformed); with
/// `recover`, over damage, each damaged byte range a warning.
pub(crate) fn read_library(
    bytes: &[u8],
    lenient: bool,
    recover: bool,
) -> Result<Library<'_>, String> {
    let walked = super::walk(bytes, lenient, recover)?;
    let models: Vec<_> = walked.models.iter().map(|&m| (m, m.offset())).collect();
    let mut warnings: Vec<String> = walked.skipped_lines().collect();
    warnings.extend(super::tolerated(&walked.models));
    let mut padding = None;
    match walked.end {
        Some(end) if end.trailing_bytes > 0 && end.trailing_is_padding => {
            padding = Some(format!(
                "{} of zero padding at byte {}, after the last model, left out of the output",
                crate::io::counted(end.trailing_bytes, "byte"),
                end.offset
            ));
        }
        Some(end) if end.trailing_bytes > 0 => warnings.push(format!(
            "{} at byte {}, not a model, left out of the output",
            crate::io::counted(end.trailing_bytes, "trailing byte"),
            end.offset
        )),
        _ => {}
    }
    Ok(Library {
        models,
        warnings,
        padding,
    })
}
