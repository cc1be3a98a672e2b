//! Wavefront OBJ export: any bytes, read as every format under every strictness,
//! exported by `zerocol::obj`; the export must read back as valid OBJ and MTL:
//!
//! - every statement is one the writer documents, every name one token, every
//!   coordinate finite (non-finite ones are written as 0 and counted), every face,
//!   line and point names vertices written before it;
//! - the counts of objects, vertices, faces, lines, points and materials are the
//!   `Summary`'s, and what the format's view holds predicts them (a sphere is 62
//!   vertices and 72 faces, ...);
//! - each `usemtl` names a material of the `.mtl`, each material there is used,
//!   and within an object each material is one group;
//! - a writer that fails part-way makes the export fail, never panic.
//!
//! [`read`] is the reader the library's tests use too.

use std::collections::BTreeSet;
use std::fmt;

use zerocol::gta::{self, Game, dff::Dff};
use zerocol::obj::{
    BOX_FACES, BOX_VERTICES, CONE_FACES, CONE_VERTICES, CYLINDER_FACES, CYLINDER_VERTICES,
    SPHERE_FACES, SPHERE_VERTICES, Summary,
};
use zerocol::{battleforge, grit, mkgp};

/// An OBJ document and its material library, read back.
#[derive(Debug, Default)]
pub struct Document {
    /// `v` statements, in order.
    pub vertices: Vec<[f32; 3]>,
    /// `f` statements: 1-based vertex numbers, with the object (its index in
    /// `objects`) and the group they are in.
    pub faces: Vec<Face>,
    /// `l` statements.
    pub lines: u64,
    /// `p` statements.
    pub points: u64,
    /// `o` names, in order.
    pub objects: Vec<String>,
    /// Per object, the `g` names in order.
    pub groups: Vec<Vec<String>>,
    /// The `usemtl` names.
    pub used: BTreeSet<String>,
    /// The `.mtl`'s materials in order, with their colours.
    pub materials: Vec<(String, [f32; 3])>,
    /// The `mtllib` name, if any.
    pub mtllib: Option<String>,
}

impl Document {
    /// The box around every vertex, `None` without vertices.
    pub fn bounds(&self) -> Option<([f32; 3], [f32; 3])> {
        let first = *self.vertices.first()?;
        Some(self.vertices.iter().fold((first, first), |(lo, hi), v| {
            (
                [0, 1, 2].map(|i| lo[i].min(v[i])),
                [0, 1, 2].map(|i| hi[i].max(v[i])),
            )
        }))
    }
}

/// One `f` statement.
#[derive(Clone, Debug, Default)]
pub struct Face {
    /// 1-based vertex numbers.
    pub vertices: Vec<u64>,
    /// The object's index in `Document::objects`.
    pub object: usize,
    /// The group (`None` before any `g` in its object).
    pub group: Option<String>,
}

impl Document {
    /// The faces of group `group` in object `object` and the objects named under it
    /// (`object/...`), as vertex positions.
    pub fn faces_of(&self, object: &str, group: &str) -> Vec<Vec<[f32; 3]>> {
        self.faces
            .iter()
            .filter(|f| {
                let name = &self.objects[f.object];
                (name == object
                    || name
                        .strip_prefix(object)
                        .is_some_and(|rest| rest.starts_with('/')))
                    && f.group.as_deref() == Some(group)
            })
            .map(|f| {
                f.vertices
                    .iter()
                    .map(|&n| self.vertices[n as usize - 1])
                    .collect()
            })
            .collect()
    }
}

/// One token: non-empty, printable, no whitespace, no `#` (a comment), no `\\` (a
/// line continuation).
fn name(token: Option<&str>, line: &str) -> String {
    let token = token.unwrap_or_else(|| panic!("no name: {line:?}"));
    assert!(
        !token.is_empty() && !token.contains(['#', '\\']) && !token.chars().any(char::is_control),
        "bad name in {line:?}"
    );
    token.to_owned()
}

/// A finite float.
fn float(token: Option<&str>, line: &str) -> f32 {
    let token = token.unwrap_or_else(|| panic!("missing number: {line:?}"));
    let x: f32 = token
        .parse()
        .unwrap_or_else(|e| panic!("{token:?} in {line:?}: {e}"));
    assert!(x.is_finite(), "non-finite {token:?} in {line:?}");
    x
}

/// Reads `obj` and `mtl` as the writer documents them, asserting every rule of the
/// module docs that needs no format knowledge, and that the counts are `summary`'s.
pub fn read(obj: &str, mtl: &str, summary: &Summary) -> Document {
    let mut doc = Document::default();
    read_mtl(mtl, &mut doc);
    read_obj(obj, &mut doc);
    let used: BTreeSet<_> = doc.materials.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(used, doc.used, "every material of the .mtl is used");
    let counts = Summary {
        objects: doc.objects.len() as u32,
        materials: doc.materials.len() as u32,
        vertices: doc.vertices.len() as u64,
        faces: doc.faces.len() as u64,
        lines: doc.lines,
        points: doc.points,
        ..*summary
    };
    assert_eq!(&counts, summary);
    doc
}

/// The material library: each material once, with a diffuse colour in 0..=1.
fn read_mtl(mtl: &str, doc: &mut Document) {
    for line in mtl.lines() {
        let mut tokens = line.split(' ');
        match tokens.next() {
            Some("#") | Some("") | Some("Ka") | Some("d") => {}
            Some("newmtl") => {
                let n = name(tokens.next(), line);
                assert!(
                    doc.materials.iter().all(|(m, _)| *m != n),
                    "material {n} twice"
                );
                doc.materials.push((n, [0.0; 3]));
            }
            Some("Kd") => {
                let colour = [0; 3].map(|_| float(tokens.next(), line));
                assert!(colour.iter().all(|c| (0.0..=1.0).contains(c)), "{line}");
                doc.materials.last_mut().expect("Kd after newmtl").1 = colour;
            }
            _ => panic!("unexpected .mtl line {line:?}"),
        }
    }
}

/// The OBJ statements: objects, groups each followed by their material, vertices, and
/// faces, lines and points whose indices name vertices already read.
fn read_obj(obj: &str, doc: &mut Document) {
    let mut current_group: Option<String> = None;
    for line in obj.lines() {
        let mut tokens = line.split(' ');
        let keyword = tokens.next().unwrap_or("");
        let vertices = doc.vertices.len() as u64;
        let number = |token: Option<&str>| -> u64 {
            let n: u64 = token
                .unwrap_or_else(|| panic!("missing index: {line:?}"))
                .parse()
                .unwrap_or_else(|e| panic!("{line:?}: {e}"));
            assert!(
                (1..=vertices).contains(&n),
                "{line:?}: {n} of {vertices} vertices"
            );
            n
        };
        match keyword {
            "#" => continue,
            "mtllib" => {
                assert!(doc.mtllib.is_none() && doc.objects.is_empty(), "{line}");
                doc.mtllib = Some(name(tokens.next(), line));
            }
            "o" => {
                doc.objects.push(name(tokens.next(), line));
                doc.groups.push(Vec::new());
                current_group = None;
            }
            "g" | "usemtl" => {
                assert!(!doc.objects.is_empty(), "{line:?} before any object");
                let n = name(tokens.next(), line);
                if keyword == "g" {
                    let groups = doc.groups.last_mut().expect("an object");
                    assert!(!groups.contains(&n), "group {n} twice in one object");
                    groups.push(n.clone());
                    current_group = Some(n);
                } else {
                    assert_eq!(current_group.as_ref(), Some(&n), "usemtl follows its g");
                    assert!(
                        doc.materials.iter().any(|(m, _)| *m == n),
                        "usemtl {n} not in the .mtl"
                    );
                    doc.used.insert(n);
                }
            }
            "v" => {
                assert!(!doc.objects.is_empty(), "vertex before any object");
                doc.vertices
                    .push([0; 3].map(|_| float(tokens.next(), line)));
            }
            "f" => {
                let vertices: Vec<u64> = tokens.by_ref().map(|t| number(Some(t))).collect();
                assert!(vertices.len() >= 3, "{line:?}");
                doc.faces.push(Face {
                    vertices,
                    object: doc
                        .objects
                        .len()
                        .checked_sub(1)
                        .expect("face before any object"),
                    group: current_group.clone(),
                });
            }
            "l" => {
                number(tokens.next());
                number(tokens.next());
                doc.lines += 1;
            }
            "p" => {
                number(tokens.next());
                doc.points += 1;
            }
            _ => panic!("unexpected OBJ line {line:?}"),
        }
        assert!(tokens.next().is_none(), "trailing tokens: {line:?}");
    }
}

/// The vertices and faces a view predicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Expected {
    vertices: u64,
    faces: u64,
}

impl Expected {
    fn add(&mut self, n: usize, (vertices, faces): (u64, u64)) {
        self.vertices += n as u64 * vertices;
        self.faces += n as u64 * faces;
    }
}

/// Runs `export` into two strings and reads the result back; then into an OBJ
/// sink that fails after `budget` bytes, which must make it fail (or finish first).
fn export(
    budget: usize,
    mut export: impl FnMut(&mut dyn fmt::Write, &mut String) -> Result<Summary, fmt::Error>,
) -> (Summary, Document) {
    let (mut obj, mut mtl) = (String::new(), String::new());
    let summary = export(&mut obj, &mut mtl).expect("a String takes everything");
    let doc = read(&obj, &mtl, &summary);
    let mut failing = Failing(budget);
    let outcome = export(&mut failing, &mut String::new());
    assert_eq!(
        outcome.is_err(),
        budget < obj.len(),
        "a failing writer's error is returned"
    );
    (summary, doc)
}

/// Takes `.0` more bytes, then fails.
struct Failing(usize);

impl fmt::Write for Failing {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.checked_sub(s.len()).ok_or(fmt::Error)?;
        Ok(())
    }
}

/// Any bytes, exported as every format that reads them.
pub fn bytes(data: &[u8]) {
    let budget = data.len().wrapping_mul(31) % 4096;
    for lenient in [false, true] {
        let gta_options = if lenient {
            gta::Options::LENIENT
        } else {
            gta::Options::STRICT
        };
        let models: Vec<_> = gta::models(data, gta_options)
            .map_while(Result::ok)
            .collect();
        if !models.is_empty() {
            // By version, and forced (SA's table; III/VC's is the default for COLL).
            for game in [None, Some(Game::Sa)] {
                gta_export(&models, game, budget);
            }
        }
        if let Ok(dff) = Dff::parse(data, gta_options) {
            let mut scratch = Vec::new();
            let model = match dff.collision().map(|c| c.payload()) {
                Some(gta::dff::Payload::Model(model)) => Some(model),
                Some(gta::dff::Payload::Headerless(h)) => {
                    scratch.resize(h.framed_len(), 0);
                    h.frame(&mut scratch, gta_options).ok()
                }
                None => None,
                Some(_) => unreachable!("a new payload kind"),
            };
            if let Some(model) = model {
                gta_export(&[model], None, budget);
            }
        }
        let mkgp_options = if lenient {
            mkgp::Options::LENIENT
        } else {
            mkgp::Options::STRICT
        };
        if let Ok(course) = mkgp::Course::parse(data, mkgp_options) {
            mkgp_export(&course, budget);
        }
        let tcol_options = if lenient {
            grit::tcol::Options::LENIENT
        } else {
            grit::tcol::Options::STRICT
        };
        if let Ok(tcol) = grit::tcol::Tcol::parse(data, tcol_options) {
            grit_export(tcol.shapes(), tcol.trimesh(), budget);
        }
        let bcol_options = if lenient {
            grit::bcol::Options::LENIENT
        } else {
            grit::bcol::Options::STRICT
        };
        if let Ok(bcol) = grit::bcol::Bcol::parse(data, bcol_options) {
            grit_export(bcol.shapes(), bcol.trimesh(), budget);
        }
    }
    let bf = battleforge::Options::STRICT;
    if let Ok(shape) = battleforge::CollisionShape::parse(data, bf) {
        battleforge_export(&shape, budget);
    }
    if let Some((_, shape)) = battleforge::Drs::parse(data, bf)
        .ok()
        .and_then(|drs| drs.collision_shape())
    {
        battleforge_export(&shape, budget);
    }
}

/// GTA: the counts of every model's records, the material names of its game.
fn gta_export(models: &[gta::Model<'_>], game: Option<Game>, budget: usize) {
    let (summary, doc) = export(budget, |obj, mtl| {
        zerocol::obj::gta(models, game, obj, mtl, Some("x.mtl"))
    });
    let mut want = Expected::default();
    let mut objects = 0;
    for m in models {
        // `NAME/faces`, a `NAME/sphere/K` or `NAME/box/K` each, `NAME/lines`,
        // `NAME/shadow`.
        objects += usize::from(!m.vertices().is_empty() || !m.faces().is_empty())
            + m.spheres().len()
            + m.boxes().len()
            + usize::from(!m.lines().is_empty())
            + usize::from(!m.shadow_faces().is_empty() || !m.shadow_vertices().is_empty());
        want.add(m.vertices().len(), (1, 0));
        want.add(m.faces().len(), (0, 1));
        want.add(m.spheres().len(), (SPHERE_VERTICES, SPHERE_FACES));
        want.add(m.boxes().len(), (BOX_VERTICES, BOX_FACES));
        want.add(m.lines().len(), (2, 0));
        want.add(m.shadow_vertices().len(), (1, 0));
        want.add(m.shadow_faces().len(), (0, 1));
    }
    let lines: usize = models.iter().map(|m| m.lines().len()).sum();
    assert_eq!(
        (
            summary.vertices,
            summary.faces,
            summary.lines,
            summary.objects as usize
        ),
        (want.vertices, want.faces, lines as u64, objects)
    );
    assert_eq!((summary.points, summary.unshown), (0, 0));
    // Each model's objects in order, named by kind, and its (shadow) faces turned
    // from the games' `a b c` to OBJ's counter-clockwise `a c b`.
    let (mut object, mut base) = (0usize, 0u64);
    for m in models {
        let written = |object: usize, base: u64| {
            let mut faces: Vec<Vec<u64>> = doc
                .faces
                .iter()
                .filter(|f| f.object == object)
                .map(|f| f.vertices.iter().map(|&n| n - base - 1).collect())
                .collect();
            faces.sort();
            faces
        };
        let turned = |faces: &mut dyn Iterator<Item = gta::Face>| {
            let mut faces: Vec<Vec<u64>> = faces
                .map(|f| {
                    let [a, b, c] = f.indices.map(u64::from);
                    vec![a, c, b]
                })
                .collect();
            faces.sort();
            faces
        };
        let mut kinds = Vec::new();
        if !m.vertices().is_empty() || !m.faces().is_empty() {
            assert_eq!(written(object, base), turned(&mut m.faces().iter()));
            kinds.push("faces".to_owned());
        }
        kinds.extend((0..m.spheres().len()).map(|k| format!("sphere/{k}")));
        kinds.extend((0..m.boxes().len()).map(|k| format!("box/{k}")));
        if !m.lines().is_empty() {
            kinds.push("lines".to_owned());
        }
        let mut shadow_base = base
            + m.vertices().len() as u64
            + SPHERE_VERTICES * m.spheres().len() as u64
            + BOX_VERTICES * m.boxes().len() as u64
            + 2 * m.lines().len() as u64;
        if !m.shadow_faces().is_empty() || !m.shadow_vertices().is_empty() {
            let shadow = object + kinds.len();
            assert_eq!(
                written(shadow, shadow_base),
                turned(&mut m.shadow_faces().iter())
            );
            kinds.push("shadow".to_owned());
            shadow_base += m.shadow_vertices().len() as u64;
        }
        for kind in &kinds {
            let name = &doc.objects[object];
            assert!(name.ends_with(&format!("/{kind}")), "{name} is not {kind}");
            object += 1;
        }
        base = shadow_base;
    }
    // Every material named as its model's game names it.
    for m in models {
        let game = match game {
            Some(Game::All) | None => Game::of_version(m.version()),
            Some(game) => game,
        };
        let ids = m
            .spheres()
            .iter()
            .map(|s| s.surface.material)
            .chain(m.boxes().iter().map(|b| b.surface.material))
            .chain(m.faces().iter().map(|f| f.surface.material()))
            .chain(m.shadow_faces().iter().map(|f| f.surface.material()));
        for id in ids {
            let n = gta::material_name(game, id)
                .map_or_else(|| format!("material_{id}"), str::to_owned);
            assert!(doc.used.contains(&n), "material {id} of {game:?} as {n}");
        }
    }
}

/// MKGP: three vertices a triangle and a triangle wall, four a wall.
fn mkgp_export(course: &mkgp::Course<'_>, budget: usize) {
    let (summary, _) = export(budget, |obj, mtl| {
        zerocol::obj::mkgp(course, obj, mtl, None)
    });
    let mut want = Expected::default();
    for cell in course.cells() {
        want.add(cell.triangles().len(), (3, 1));
        want.add(cell.walls().len(), (4, 1));
    }
    for cell in course.wall_cells() {
        want.add(cell.triangle_walls().len(), (3, 1));
    }
    assert_eq!(
        (summary.vertices, summary.faces),
        (want.vertices, want.faces)
    );
}

/// BattleForge: a box, a sphere, a cylinder each tessellated.
fn battleforge_export(shape: &battleforge::CollisionShape<'_>, budget: usize) {
    let (summary, doc) = export(budget, |obj, mtl| {
        zerocol::obj::battleforge(shape, obj, mtl, Some("x.mtl"))
    });
    let mut want = Expected::default();
    want.add(shape.boxes().len(), (BOX_VERTICES, BOX_FACES));
    want.add(shape.spheres().len(), (SPHERE_VERTICES, SPHERE_FACES));
    want.add(shape.cylinders().len(), (CYLINDER_VERTICES, CYLINDER_FACES));
    assert_eq!(
        (summary.vertices, summary.faces),
        (want.vertices, want.faces)
    );
    assert_eq!(
        doc.objects.len(),
        shape.boxes().len() + shape.spheres().len() + shape.cylinders().len()
    );
}

/// Grit: every shape but hulls (whose faces depend on their points) predicted; the
/// trimesh's vertices and faces as they are.
fn grit_export<'a>(
    shapes: impl Iterator<Item = grit::Shape<'a>> + Clone,
    trimesh: Option<grit::Trimesh<'a>>,
    budget: usize,
) {
    let (summary, doc) = export(budget, |obj, mtl| {
        zerocol::obj::grit(shapes.clone(), trimesh.clone(), obj, mtl, Some("x.mtl"))
    });
    let mut want = Expected::default();
    let (mut hull_vertices, mut hull_distinct) = (0u64, 0u64);
    let mut planes = 0u64;
    for shape in shapes.clone() {
        match shape {
            grit::Shape::Box(_) => want.add(1, (BOX_VERTICES, BOX_FACES)),
            grit::Shape::Cylinder(_) => want.add(1, (CYLINDER_VERTICES, CYLINDER_FACES)),
            grit::Shape::Cone { .. } => want.add(1, (CONE_VERTICES, CONE_FACES)),
            grit::Shape::Sphere { .. } => want.add(1, (SPHERE_VERTICES, SPHERE_FACES)),
            grit::Shape::Plane { .. } => planes += 1,
            grit::Shape::Hull { vertices, .. } => {
                // Drawn as its distinct points with faces, or as all of them as points.
                let mut distinct: Vec<[u32; 3]> = Vec::new();
                for v in vertices.clone() {
                    let bits = v.map(f32::to_bits);
                    if !distinct.contains(&bits) {
                        distinct.push(bits);
                    }
                }
                hull_distinct += distinct.len() as u64;
                hull_vertices += vertices.len() as u64;
            }
            _ => unreachable!("a new shape kind"),
        }
    }
    if let Some(mesh) = &trimesh {
        want.add(mesh.vertex_count(), (1, 0));
        want.add(mesh.face_count(), (0, 1));
    }
    // Planes are a quad, or nothing when unshown; hulls add their distinct points
    // and some faces, or all their vertices as points.
    let extra = summary
        .vertices
        .checked_sub(want.vertices)
        .expect("fewer vertices than the view predicts");
    assert!(
        extra >= hull_distinct,
        "{extra} vertices for hulls of {hull_distinct} distinct points"
    );
    assert!(
        extra <= hull_vertices + 4 * planes,
        "{extra} vertices past the shapes'"
    );
    assert!(summary.faces >= want.faces);
    assert!(summary.points <= hull_vertices);
    // An object per shape (but a plane without a normal), and the trimesh.
    let count = shapes.clone().count();
    let compound = doc
        .objects
        .iter()
        .filter(|o| o.starts_with("compound/"))
        .count();
    assert!(compound <= count && compound + planes as usize >= count);
    assert!(doc.objects.len() - compound <= 1);
}
