//! The `gta-col` JSON of `docs/dump.md`.
//!
//! Floats are `f32` fields: serde_json prints them in shortest round-trip form and
//! NaN or infinity as `null`, as `docs/dump.md` asks.

use serde::Serialize;
use zerocol::gta::{self, End, FaceSurface, Lint, Model, Vec3};

use super::latin1;
use crate::tool::{Flags, options};

/// The whole document.
#[derive(Serialize, Debug)]
pub struct Dump {
    format: &'static str,
    models: Vec<ModelJson>,
    /// Bytes after the last model.
    trailing_bytes: usize,
    /// `--lenient` only: what the lenient rules let through.
    #[serde(skip_serializing_if = "Option::is_none")]
    warnings: Option<Vec<String>>,
    /// A `.dff` only: where the model was found (docs/dump.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    dff: Option<DffJson>,
}

/// The `"dff"` object: the Clump and collision chunk a model was read from.
#[derive(Serialize, Debug)]
pub struct DffJson {
    /// Offset of the Clump's chunk header.
    pub clump_offset: usize,
    /// Offset of the collision chunk's header (`null` without one).
    pub chunk_offset: Option<usize>,
    /// Its chunk type (`null` without one).
    pub chunk_type: Option<u32>,
    /// A PS2 payload with no FourCC, size or name (read as COLL).
    pub headerless: bool,
}

impl Dump {
    /// The document of a `.dff`: its one model (if any) at `offset` in the `.dff`.
    pub fn of_dff(
        model: Option<(&Model<'_>, usize)>,
        dff: DffJson,
        mut warnings: Vec<String>,
        lenient: bool,
    ) -> Self {
        let models = model
            .map(|(model, offset)| {
                let lints: Vec<Lint> = model.lints().collect();
                tolerated(&lints, offset, &mut warnings);
                let mut json = model_json(model, &lints);
                json.offset = offset;
                json
            })
            .into_iter()
            .collect();
        Self {
            format: "gta-col",
            models,
            trailing_bytes: 0,
            warnings: lenient.then_some(warnings),
            dff: Some(dff),
        }
    }
}

/// The lenient warnings for a model's tolerated lints.
fn tolerated(lints: &[Lint], at: usize, warnings: &mut Vec<String>) {
    // The JSON keeps its text from before lints had an offset: the kind alone.
    for lint in lints.iter().filter(|l| l.is_tolerated()) {
        warnings.push(format!("model at byte {at} (0x{at:x}): {}", lint.kind));
    }
}

#[derive(Serialize, Debug)]
struct ModelJson {
    offset: usize,
    version: u8,
    size: u32,
    name: String,
    model_id: u16,
    bounds: BoundsJson,
    flags: u32,
    spheres: Vec<SphereJson>,
    boxes: Vec<BoxJson>,
    lines: Vec<LineJson>,
    vertices: Vec<Vec3>,
    faces: Vec<FaceJson>,
    face_groups: Vec<FaceGroupJson>,
    shadow_vertices: Vec<Vec3>,
    shadow_faces: Vec<FaceJson>,
    /// Engine limits the model exceeds (an addition to `docs/dump.md`).
    lints: Vec<String>,
}

#[derive(Serialize, Debug)]
struct BoundsJson {
    min: Vec3,
    max: Vec3,
    center: Vec3,
    radius: f32,
}

#[derive(Serialize, Debug)]
struct SphereJson {
    center: Vec3,
    radius: f32,
    surface: [u8; 4],
}

#[derive(Serialize, Debug)]
struct BoxJson {
    min: Vec3,
    max: Vec3,
    surface: [u8; 4],
}

/// COLL lines have no radii; COL2+ lines print both.
#[derive(Serialize, Debug)]
struct LineJson {
    start: Vec3,
    end: Vec3,
    #[serde(skip_serializing_if = "Option::is_none")]
    start_radius: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_radius: Option<f32>,
}

#[derive(Serialize, Debug)]
struct FaceJson {
    indices: [u32; 3],
    surface: SurfaceJson,
}

/// COLL faces: `[material, flag, brightness, light]`; COL2+: `[material, light]`.
#[derive(Serialize, Debug)]
#[serde(untagged)]
enum SurfaceJson {
    Full([u8; 4]),
    Compact([u8; 2]),
}

#[derive(Serialize, Debug)]
struct FaceGroupJson {
    min: Vec3,
    max: Vec3,
    first: u16,
    last: u16,
}

/// Reads every model of `bytes`; the error message is the library's, which starts
/// with the byte offset.
pub fn dump(bytes: &[u8], flags: Flags) -> Result<Dump, String> {
    let lenient = flags.lenient;
    let mut walk = gta::models(bytes, options(lenient));
    let mut models = Vec::new();
    let mut warnings = Vec::new();
    for model in walk.by_ref() {
        let model = model.map_err(|e| e.to_string())?;
        // Computed once: the COLL fixed-point check scans every vertex.
        let lints: Vec<Lint> = model.lints().collect();
        tolerated(&lints, model.offset(), &mut warnings);
        models.push(model_json(&model, &lints));
    }
    if models.is_empty() {
        return Err(super::no_model(bytes));
    }
    // A walk that yielded no error has recorded its end.
    let end = walk.end().unwrap_or(End {
        offset: bytes.len(),
        trailing_bytes: 0,
        trailing_is_padding: true,
    });
    if !end.trailing_is_padding {
        warnings.push(format!(
            "stopped at byte {}: {} trailing bytes that are not a model were ignored",
            end.offset, end.trailing_bytes
        ));
    }
    Ok(Dump {
        format: "gta-col",
        models,
        trailing_bytes: end.trailing_bytes,
        warnings: lenient.then_some(warnings),
        dff: None,
    })
}

fn model_json(m: &Model<'_>, lints: &[Lint]) -> ModelJson {
    let bounds = m.bounds();
    ModelJson {
        offset: m.offset(),
        version: m.version().number(),
        size: m.size(),
        name: latin1(m.name()),
        model_id: m.model_id(),
        bounds: BoundsJson {
            min: bounds.min,
            max: bounds.max,
            center: bounds.center,
            radius: bounds.radius,
        },
        flags: m.flags().bits(),
        spheres: m
            .spheres()
            .iter()
            .map(|s| SphereJson {
                center: s.center,
                radius: s.radius,
                surface: s.surface.to_bytes(),
            })
            .collect(),
        boxes: m
            .boxes()
            .iter()
            .map(|b| BoxJson {
                min: b.min,
                max: b.max,
                surface: b.surface.to_bytes(),
            })
            .collect(),
        lines: m
            .lines()
            .iter()
            .map(|l| LineJson {
                start: l.start,
                end: l.end,
                start_radius: l.radii.map(|[start, _]| start),
                end_radius: l.radii.map(|[_, end]| end),
            })
            .collect(),
        vertices: m.vertices().iter().collect(),
        faces: m.faces().iter().map(face_json).collect(),
        face_groups: m
            .face_groups()
            .iter()
            .map(|g| FaceGroupJson {
                min: g.min,
                max: g.max,
                first: g.first,
                last: g.last,
            })
            .collect(),
        shadow_vertices: m.shadow_vertices().iter().collect(),
        shadow_faces: m.shadow_faces().iter().map(face_json).collect(),
        lints: lints.iter().map(|lint| lint.kind.to_string()).collect(),
    }
}

fn face_json(face: gta::Face) -> FaceJson {
    FaceJson {
        indices: face.indices,
        surface: match face.surface {
            FaceSurface::Full(s) => SurfaceJson::Full(s.to_bytes()),
            FaceSurface::Compact { material, light } => SurfaceJson::Compact([material, light]),
        },
    }
}
