//! GTA models as OBJ: per model, an object for its mesh (a group per material),
//! one for each sphere and box, one for its lines and one for its shadow mesh.

use core::fmt::{self, Write};

use super::{Mtl, Obj, Summary, name_key};
use crate::gta::{Game, Model, material_name};

/// A material of one game's table, named as the game names it (`GRASS`), or
/// `material_ID` past the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Material {
    game: Game,
    id: u8,
}

impl Material {
    /// Both print the same name (the same known name in both games, or the same
    /// unknown id).
    fn same_name(self, other: Self) -> bool {
        match (
            material_name(self.game, self.id),
            material_name(other.game, other.id),
        ) {
            (Some(a), Some(b)) => a == b,
            (None, None) => self.id == other.id,
            _ => false,
        }
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match material_name(self.game, self.id) {
            Some(name) => f.write_str(name),
            None => write!(f, "material_{}", self.id),
        }
    }
}

/// Which (table, id) pairs occur: a bit per id for each of the two tables.
struct Palette([[u32; 8]; 2]);

impl Palette {
    fn slot(game: Game) -> usize {
        usize::from(matches!(game, Game::Sa))
    }

    fn insert(&mut self, m: Material) {
        let (word, bit) = (usize::from(m.id / 32), m.id % 32);
        if let Some(w) = self
            .0
            .get_mut(Self::slot(m.game))
            .and_then(|t| t.get_mut(word))
        {
            *w |= 1 << bit;
        }
    }

    /// Every material that occurs, III/VC's first, by id.
    fn iter(&self) -> impl Iterator<Item = Material> + '_ {
        [Game::IiiVc, Game::Sa].into_iter().flat_map(move |game| {
            (0..=u8::MAX).filter_map(move |id| {
                let word = self
                    .0
                    .get(Self::slot(game))
                    .and_then(|t| t.get(usize::from(id / 32)));
                let set = word.is_some_and(|w| w & (1 << (id % 32)) != 0);
                set.then_some(Material { game, id })
            })
        })
    }
}

/// The game whose names a model's materials take.
fn game_of(model: &Model<'_>, game: Option<Game>) -> Game {
    match game {
        Some(Game::All) | None => Game::of_version(model.version()),
        Some(game) => game,
    }
}

/// The material ids of everything a model draws: spheres, boxes, faces and shadow
/// faces.
fn material_ids<'m>(model: &'m Model<'_>) -> impl Iterator<Item = u8> + 'm {
    let spheres = model.spheres().iter().map(|s| s.surface.material);
    let boxes = model.boxes().iter().map(|b| b.surface.material);
    let faces = model.faces().iter().map(|f| f.surface.material());
    let shadow = model.shadow_faces().iter().map(|f| f.surface.material());
    spheres.chain(boxes).chain(faces).chain(shadow)
}

/// Writes `models` (a library, or one model: `core::slice::from_ref`) as OBJ to
/// `obj` and its materials to `mtl`; `mtllib` is the name the OBJ gives its
/// material library (the `.mtl` file's name, next to the OBJ).
///
/// Materials are named from `game`'s table, or by default from each model's
/// version ([`Game::of_version`]: COLL from III/VC's, COL2+ from SA's).
///
/// Each model is written as objects named `NAME/KIND` ([`crate::guide::obj`]),
/// `NAME` its name (`model_N` when empty, `N` counting from 0):
/// - `NAME/faces`: its vertices, in file order, and its faces, a `g`/`usemtl` group
///   per material;
/// - `NAME/sphere/K` and `NAME/box/K`: its `K`th sphere and box (counting from 0),
///   tessellated, under the `usemtl` of its material;
/// - `NAME/lines`: its lines as `l` statements;
/// - `NAME/shadow`: its shadow mesh (COL3+), grouped as the faces.
///
/// Each kind is left out when the model has none. Faces are written `a c b`: the
/// games store them clockwise seen from outside (their normal is `(c − a) × (b −
/// a)`), OBJ counter-clockwise. Every model sits at its own origin, as the file
/// stores it; pass one model to export it alone. The only error is one of the
/// writers'.
pub fn gta<O, M>(
    models: &[Model<'_>],
    game: Option<Game>,
    obj: &mut O,
    mtl: &mut M,
    mtllib: Option<&str>,
) -> Result<Summary, fmt::Error>
where
    O: Write + ?Sized,
    M: Write + ?Sized,
{
    let mut palette = Palette([[0; 8]; 2]);
    for model in models {
        let game = game_of(model, game);
        for id in material_ids(model) {
            palette.insert(Material { game, id });
        }
    }
    let mut mtl = Mtl::new(mtl, "a GTA collision file")?;
    // A name two tables share is one material.
    for (i, material) in palette.iter().enumerate() {
        if !palette.iter().take(i).any(|m| m.same_name(material)) {
            mtl.material(material, name_key_of(material))?;
        }
    }
    let mut out = Obj::new(obj, "a GTA collision file", 'Z', mtllib)?;
    for (index, model) in models.iter().enumerate() {
        let name = Name { model, index };
        model_object(&mut out, model, name, &palette, game_of(model, game))?;
    }
    Ok(out.finish(&mtl))
}

/// The colour key of a material: its name's, so a name has one colour everywhere.
fn name_key_of(material: Material) -> u32 {
    match material_name(material.game, material.id) {
        Some(name) => name_key(name),
        None => u32::from(material.id),
    }
}

/// A model's object name: its name with bytes outside printable ASCII (and `#`,
/// `\`) as `_`, or `model_N` when it has none.
#[derive(Clone, Copy)]
struct Name<'m, 'a> {
    model: &'m Model<'a>,
    index: usize,
}

impl fmt::Display for Name<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.model.name();
        if name.is_empty() {
            return write!(f, "model_{}", self.index);
        }
        for &byte in name {
            let c = if byte.is_ascii_graphic() {
                super::clean(char::from(byte))
            } else {
                '_'
            };
            f.write_char(c)?;
        }
        Ok(())
    }
}

/// One model: its mesh, each sphere and box, its lines and its shadow mesh, each an
/// object named `NAME/KIND` ([`gta`]).
fn model_object<W: Write + ?Sized>(
    out: &mut Obj<'_, W>,
    model: &Model<'_>,
    name: Name<'_, '_>,
    palette: &Palette,
    game: Game,
) -> fmt::Result {
    let material = |id: u8| Material { game, id };
    if !model.vertices().is_empty() || !model.faces().is_empty() {
        out.object(format_args!("{name}/faces"))?;
        let base = out.base();
        for v in model.vertices() {
            out.vertex(v)?;
        }
        mesh(out, base, model.faces().iter(), palette, game)?;
    }
    for (k, sphere) in model.spheres().iter().enumerate() {
        out.object(format_args!("{name}/sphere/{k}"))?;
        out.material(material(sphere.surface.material))?;
        out.sphere(sphere.center, sphere.radius)?;
    }
    for (k, b) in model.boxes().iter().enumerate() {
        out.object(format_args!("{name}/box/{k}"))?;
        out.material(material(b.surface.material))?;
        out.cuboid(b.min, b.max, |p| p)?;
    }
    if !model.lines().is_empty() {
        out.object(format_args!("{name}/lines"))?;
        for line in model.lines() {
            let start = out.vertex(line.start)?;
            let end = out.vertex(line.end)?;
            out.line(start, end)?;
        }
    }
    if !model.shadow_faces().is_empty() || !model.shadow_vertices().is_empty() {
        out.object(format_args!("{name}/shadow"))?;
        let base = out.base();
        for v in model.shadow_vertices() {
            out.vertex(v)?;
        }
        mesh(out, base, model.shadow_faces().iter(), palette, game)?;
    }
    Ok(())
}

/// A mesh's faces (its vertices written after vertex number `base`), a group per
/// material, each face turned to OBJ's winding: the games store `a b c` clockwise
/// seen from outside (their face normal is `(c − a) × (b − a)`), so `a c b` is
/// written, counter-clockwise.
fn mesh<W: Write + ?Sized>(
    out: &mut Obj<'_, W>,
    base: u64,
    faces: impl Iterator<Item = crate::gta::Face> + Clone,
    palette: &Palette,
    game: Game,
) -> fmt::Result {
    let number = |i: u32| base.saturating_add(u64::from(i)).saturating_add(1);
    for material in palette.iter().filter(|m| m.game == game) {
        let mut mine = faces
            .clone()
            .filter(|f| f.surface.material() == material.id)
            .peekable();
        if mine.peek().is_none() {
            continue;
        }
        out.material(material)?;
        for face in mine {
            let [a, b, c] = face.indices.map(number);
            out.face([a, c, b])?;
        }
    }
    Ok(())
}
