//! Wavefront OBJ export (docs/obj.md): each format's sample exported and read back
//! by the `export` fuzz target's reader (`oracle/src/obj.rs`), which checks the syntax,
//! the indices and the summary's counts; here, the values: vertices, bounds, group
//! and material names, and tessellated shapes that are closed and face outwards.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use zerocol::gta::{self, Game, Model, Options};
use zerocol::obj::{self, Summary};
use zerocol_oracle::obj::{Document, read};

use crate::support::gta::{Face, ModelSpec, Sphere};

fn sample(name: &str) -> Vec<u8> {
    fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(name),
    )
    .unwrap()
}

/// Runs an export into strings and reads it back.
fn export(
    f: impl FnOnce(&mut String, &mut String) -> Result<Summary, std::fmt::Error>,
) -> (Summary, Document, String) {
    let (mut obj, mut mtl) = (String::new(), String::new());
    let summary = f(&mut obj, &mut mtl).unwrap();
    let doc = read(&obj, &mtl, &summary);
    (summary, doc, obj)
}

/// The box around points.
fn bounds_of(points: impl IntoIterator<Item = [f32; 3]>) -> ([f32; 3], [f32; 3]) {
    points.into_iter().fold(
        ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]),
        |(lo, hi), p| {
            (
                [0, 1, 2].map(|i| lo[i].min(p[i])),
                [0, 1, 2].map(|i| hi[i].max(p[i])),
            )
        },
    )
}

#[track_caller]
fn assert_near(a: ([f32; 3], [f32; 3]), b: ([f32; 3], [f32; 3]), tolerance: f32) {
    for (x, y) in a.0.iter().chain(&a.1).zip(b.0.iter().chain(&b.1)) {
        assert!((x - y).abs() <= tolerance, "{a:?} vs {b:?}");
    }
}

/// A surface of faces is closed (every edge is met once in each direction) and faces
/// outwards (its signed volume is positive), with vertices told apart by position.
#[track_caller]
fn assert_closed_outward(faces: &[Vec<[f32; 3]>]) {
    assert!(!faces.is_empty());
    let key = |p: [f32; 3]| p.map(f32::to_bits);
    let mut edges: BTreeMap<([u32; 3], [u32; 3]), i32> = BTreeMap::new();
    let mut volume = 0.0f64;
    for face in faces {
        for (i, &a) in face.iter().enumerate() {
            let b = face[(i + 1) % face.len()];
            *edges.entry((key(a), key(b))).or_default() += 1;
        }
        let p0 = face[0].map(f64::from);
        for w in face[1..].windows(2) {
            let (p1, p2) = (w[0].map(f64::from), w[1].map(f64::from));
            let cross = [
                p1[1] * p2[2] - p1[2] * p2[1],
                p1[2] * p2[0] - p1[0] * p2[2],
                p1[0] * p2[1] - p1[1] * p2[0],
            ];
            volume += (p0[0] * cross[0] + p0[1] * cross[1] + p0[2] * cross[2]) / 6.0;
        }
    }
    for (&(a, b), &n) in &edges {
        assert_eq!(n, 1, "edge {a:?} → {b:?} met {n} times");
        assert_eq!(
            edges.get(&(b, a)),
            Some(&1),
            "edge {a:?} → {b:?} has no twin"
        );
    }
    assert!(volume > 0.0, "signed volume {volume}: faces point inwards");
}

fn sample_models(bytes: &[u8]) -> Vec<Model<'_>> {
    gta::models(bytes, Options::STRICT)
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn gta_sample_exports_every_model_with_its_values() {
    let bytes = sample("sample.col");
    let models = sample_models(&bytes);
    let (summary, doc, text) = export(|o, m| obj::gta(&models, None, o, m, Some("sample.mtl")));
    assert_eq!(doc.mtllib.as_deref(), Some("sample.mtl"));
    assert!(text.starts_with("# zerocol: a GTA collision file\n# up axis: Z\n"));

    let mut objects = Vec::new();
    let (mut vertices, mut faces) = (0u64, 0u64);
    let mut points = Vec::new();
    let mut materials = BTreeSet::new();
    for m in &models {
        let name = String::from_utf8(m.name().to_vec()).unwrap();
        // An object per kind, each shape its own; an empty model has none.
        if !m.vertices().is_empty() {
            objects.push(format!("{name}/faces"));
        }
        objects.extend((0..m.spheres().len()).map(|k| format!("{name}/sphere/{k}")));
        objects.extend((0..m.boxes().len()).map(|k| format!("{name}/box/{k}")));
        if !m.shadow_faces().is_empty() {
            objects.push(format!("{name}/shadow"));
        }
        vertices += m.vertices().len() as u64
            + 62 * m.spheres().len() as u64
            + 8 * m.boxes().len() as u64
            + 2 * m.lines().len() as u64
            + m.shadow_vertices().len() as u64;
        faces += m.faces().len() as u64
            + 72 * m.spheres().len() as u64
            + 6 * m.boxes().len() as u64
            + m.shadow_faces().len() as u64;
        points.extend(m.vertices());
        points.extend(m.shadow_vertices());
        for s in m.spheres() {
            points.extend([
                s.center.map(|c| c - s.radius),
                s.center.map(|c| c + s.radius),
            ]);
        }
        for b in m.boxes() {
            points.extend([b.min, b.max]);
        }
        for l in m.lines() {
            points.extend([l.start, l.end]);
        }
        let game = Game::of_version(m.version());
        let ids = m
            .spheres()
            .iter()
            .map(|s| s.surface.material)
            .chain(m.boxes().iter().map(|b| b.surface.material))
            .chain(m.faces().iter().map(|f| f.surface.material()))
            .chain(m.shadow_faces().iter().map(|f| f.surface.material()));
        materials.extend(ids.map(|id| gta::material_name(game, id).unwrap().to_owned()));
    }
    assert_eq!(doc.objects, objects);
    assert_eq!((summary.vertices, summary.faces), (vertices, faces));
    assert_eq!(summary.objects as usize, objects.len());
    assert_eq!(doc.used, materials);
    assert_eq!(summary.materials as usize, materials.len());
    assert_eq!(summary.non_finite, 0);
    assert_near(doc.bounds().unwrap(), bounds_of(points), 1e-5);

    // Each model's mesh comes first, in its object `NAME/faces`, exactly, and its
    // faces name it, each turned from the games' `a b c` to OBJ's `a c b`.
    let mut at = 0usize;
    for (index, m) in models.iter().enumerate() {
        let faces_object = [m.name(), b"/faces"].concat();
        let Some(object) = doc
            .objects
            .iter()
            .position(|o| *o.as_bytes() == faces_object)
        else {
            assert!(m.vertices().is_empty(), "model {index}");
            at += vertices_of(m) as usize;
            continue;
        };
        let mesh: Vec<[f32; 3]> = m.vertices().iter().collect();
        assert_eq!(doc.vertices[at..at + mesh.len()], mesh[..], "model {index}");
        let in_mesh = |n: u64| (at as u64) < n && n <= (at + mesh.len()) as u64;
        let mut got: Vec<Vec<usize>> = doc
            .faces
            .iter()
            .filter(|f| f.object == object && f.vertices.iter().all(|&n| in_mesh(n)))
            .map(|f| f.vertices.iter().map(|&n| n as usize - 1 - at).collect())
            .collect();
        let mut want: Vec<Vec<usize>> = m
            .faces()
            .iter()
            .map(|f| {
                let [a, b, c] = f.indices.map(|i| i as usize);
                vec![a, c, b]
            })
            .collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "model {index}");
        at += vertices_of(m) as usize;
    }
}

/// What one model writes.
fn vertices_of(m: &Model<'_>) -> u64 {
    m.vertices().len() as u64
        + 62 * m.spheres().len() as u64
        + 8 * m.boxes().len() as u64
        + 2 * m.lines().len() as u64
        + m.shadow_vertices().len() as u64
}

/// A COLL model of a sphere and two faces of materials 2 and 200, named `two words#`.
fn named_model(vertex: [f32; 3]) -> Vec<u8> {
    let mut spec = ModelSpec::new(b"COLL", "two words#");
    spec.spheres.push(Sphere {
        center: [1.0, 2.0, 3.0],
        radius: 0.5,
        surface: [2, 0, 0, 0],
    });
    spec.vertices = vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], vertex];
    spec.faces = vec![
        Face {
            indices: [0, 1, 2],
            surface: [2, 0, 0, 0],
        },
        Face {
            indices: [1, 3, 2],
            surface: [200, 0, 0, 0],
        },
    ];
    spec.build().bytes
}

#[test]
fn gta_materials_take_the_games_names() {
    let bytes = named_model([1.0, 1.0, 0.0]);
    let models = sample_models(&bytes);
    let names = |game| {
        let (_, doc, _) = export(|o, m| obj::gta(&models, game, o, m, None));
        assert_eq!(doc.objects, ["two_words_/faces", "two_words_/sphere/0"]);
        doc.materials
            .iter()
            .map(|(n, _)| n.clone())
            .collect::<Vec<_>>()
    };
    // COLL: III/VC's table by default; 200 is past every table.
    assert_eq!(names(None), ["GRASS", "material_200"]);
    assert_eq!(names(Some(Game::IiiVc)), ["GRASS", "material_200"]);
    assert_eq!(names(Some(Game::Sa)), ["TARMAC_FUCKED", "material_200"]);
    // Each material is one group of the mesh; the sphere (GRASS) is its own
    // object, under its material's name.
    let (_, doc, _) = export(|o, m| obj::gta(&models, None, o, m, None));
    assert_eq!(
        doc.groups,
        [
            vec!["GRASS".to_owned(), "material_200".to_owned()],
            vec!["GRASS".to_owned()]
        ]
    );
    assert_eq!(doc.faces_of("two_words_/sphere/0", "GRASS").len(), 72);
    assert_eq!(doc.faces_of("two_words_", "GRASS").len(), 72 + 1);
    // Face 1 is stored `1 3 2`: written `1 2 3`.
    assert_eq!(
        doc.faces_of("two_words_/faces", "material_200"),
        [vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]]]
    );
    // The colour of a name is the same in every file.
    let grass = doc.materials[0].1;
    assert_eq!(grass, obj::colour(obj::name_key("GRASS")));
}

#[test]
fn gta_non_finite_coordinates_are_written_as_zero_and_counted() {
    let bytes = named_model([f32::NAN, f32::INFINITY, 2.0]);
    let models = gta::models(&bytes, Options::STRICT)
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let (summary, doc, text) = export(|o, m| obj::gta(&models, None, o, m, None));
    assert_eq!(summary.non_finite, 2);
    assert_eq!(doc.vertices[3], [0.0, 0.0, 2.0]);
    assert!(!text.contains("NaN") && !text.contains("inf"));
}

#[test]
fn gta_dff_sample_exports_its_model() {
    let bytes = sample("vehicle.dff");
    let dff = gta::dff::Dff::parse(&bytes, Options::STRICT).unwrap();
    let Some(gta::dff::Payload::Model(model)) = dff.collision().map(|c| c.payload()) else {
        panic!("the sample holds a model");
    };
    let (summary, doc, _) = export(|o, m| obj::gta(&[model], None, o, m, None));
    assert_eq!(
        doc.objects,
        [
            "lamppost_sa/faces",
            "lamppost_sa/sphere/0",
            "lamppost_sa/sphere/1",
            "lamppost_sa/box/0",
            "lamppost_sa/shadow"
        ]
    );
    assert_eq!(summary.vertices, vertices_of(&model));
}

#[test]
fn tessellated_shapes_are_closed_and_face_outwards() {
    let text = "TCOL1.0 attributes { static; } compound {
        box { material \"box\"; centre 1 2 3; orientation 0.9238795 0.3826834 0 0; dimensions 2 4 6; }
        cylinder { material \"cylinder\"; centre -1 0 0; orientation 0.7071068 0 0.7071068 0; dimensions 1 1 3; }
        cone { material \"cone\"; centre 0 5 0; radius 2; height 4; }
        sphere { material \"sphere\"; centre 0 0 9; radius 1.5; }
        hull { material \"cube\"; vertexes { 0 0 0; 1 0 0; 0 1 0; 1 1 0; 0 0 1; 1 0 1; 0 1 1; 1 1 1; } }
        hull { material \"tetrahedron\"; vertexes { 0 0 0; 2 0 0; 0 2 0; 0 0 2; } }
        hull { material \"octagon\"; vertexes { 3 0 0; 2 2 0; 0 3 0; -2 2 0; -3 0 0; -2 -2 0; 0 -3 0; 2 -2 0; 0 0 1; } }
    }";
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (summary, doc, _) = export(|o, m| obj::grit(tcol.shapes(), tcol.trimesh(), o, m, None));
    assert_eq!(
        doc.objects,
        [
            "compound/box/0",
            "compound/cylinder/1",
            "compound/cone/2",
            "compound/sphere/3",
            "compound/hull/4",
            "compound/hull/5",
            "compound/hull/6"
        ]
    );
    let expect = [
        ("box", 6),
        ("cylinder", 14),
        ("cone", 13),
        ("sphere", 72),
        ("cube", 12),
        ("tetrahedron", 4),
        // Eight sides and the octagon (coplanar points) as a fan of six triangles.
        ("octagon", 14),
    ];
    for (material, faces) in expect {
        let got = doc.faces_of("compound", material);
        assert_eq!(got.len(), faces, "{material}");
        assert_closed_outward(&got);
    }
    assert_eq!(summary.vertices, 8 + 24 + 13 + 62 + 8 + 4 + 9);
    assert_eq!((summary.points, summary.unshown), (0, 0));
    // The box: dimensions 2 4 6 about (1, 2, 3), turned 45° about X.
    let corners: Vec<[f32; 3]> = doc.faces_of("compound", "box").concat();
    let (lo, hi) = bounds_of(corners);
    let half = (2.0f32 + 3.0) / 2.0f32.sqrt();
    assert_near(
        (lo, hi),
        ([0.0, 2.0 - half, 3.0 - half], [2.0, 2.0 + half, 3.0 + half]),
        1e-5,
    );
    // The cylinder: turned 90° about Y, so its axis lies along X.
    let (lo, hi) = bounds_of(doc.faces_of("compound", "cylinder").concat());
    assert_near((lo, hi), ([-2.5, -0.5, -0.5], [0.5, 0.5, 0.5]), 1e-5);
    // The cone points to +Z, its base at -height/2.
    let (lo, hi) = bounds_of(doc.faces_of("compound", "cone").concat());
    assert_near((lo, hi), ([-2.0, 3.0, -2.0], [2.0, 7.0, 2.0]), 1e-5);
}

#[test]
fn grit_sample_exports_its_shapes() {
    let bytes = sample("body.tcol");
    let tcol =
        zerocol::grit::tcol::Tcol::parse(&bytes, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (summary, doc, _) = export(|o, m| obj::grit(tcol.shapes(), tcol.trimesh(), o, m, None));
    let names: Vec<_> = doc.materials.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["../shared/Plastic", "/common/props/Wood", "Metal", "Rubber"]
    );
    // The hull is a pyramid on a square: four sides and the square as two triangles.
    let hull = doc.faces_of("compound", "../shared/Plastic");
    assert_eq!(hull.len(), 6);
    assert_closed_outward(&hull);
    assert_eq!(summary.vertices, 5 + 8 + 24 + 62);
    assert_eq!(summary.faces, 6 + 6 + 14 + 72);
    // The apex of the hull is the highest point; the sphere the lowest.
    let (lo, hi) = doc.bounds().unwrap();
    assert_eq!(hi[2], 1.2);
    assert!((lo[2] - -0.15).abs() < 1e-6);
}

#[test]
fn large_hulls_are_points_and_flat_planes_unshown() {
    let mut text =
        String::from("TCOL1.0 attributes { static; } compound { hull { material \"m\"; vertexes {");
    for i in 0..65 {
        text += &format!(" {i} {} 0;", i * i);
    }
    text += " } } plane { material \"p\"; normal 0 0 0; distance 1; } plane { material \"q\"; normal 0 0 2; distance 4; } }";
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(&text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (summary, doc, _) = export(|o, m| obj::grit(tcol.shapes(), tcol.trimesh(), o, m, None));
    assert_eq!((summary.points, summary.unshown), (65, 2));
    assert!(doc.faces_of("compound", "m").is_empty());
    assert!(doc.faces_of("compound", "p").is_empty());
    // Normal 0 0 2, distance 4: Bullet normalises the normal, so the plane is z = 4,
    // a 100 m square around (0, 0, 4).
    let plane = doc.faces_of("compound", "q");
    assert_eq!(plane.len(), 1);
    assert_near(
        bounds_of(plane.concat()),
        ([-50.0, -50.0, 4.0], [50.0, 50.0, 4.0]),
        1e-4,
    );
}

#[test]
fn mkgp_sample_course_exports_floor_walls_and_triangle_walls() {
    let bytes = sample("course.col");
    let course = zerocol::mkgp::Course::parse(&bytes, zerocol::mkgp::Options::STRICT).unwrap();
    let (summary, doc, text) = export(|o, m| obj::mkgp(&course, o, m, None));
    assert!(text.contains("# up axis: Y\n"));
    let (mut tris, mut walls, mut twalls) = (0u64, 0u64, 0u64);
    let mut points = Vec::new();
    let mut floors = BTreeSet::new();
    for cell in course.cells() {
        for t in cell.triangles() {
            let t = t.decode();
            points.extend(t.vertices);
            floors.insert(
                t.flags
                    .surface_type()
                    .map_or("other".to_owned(), |s| s.name().replace(' ', "_")),
            );
            tris += 1;
        }
        for w in cell.walls() {
            let w = w.decode();
            let up = |p: [f32; 3]| [p[0], p[1] + obj::WALL_HEIGHT, p[2]];
            points.extend([w.p1, w.p2, up(w.p1), up(w.p2)]);
            walls += 1;
        }
    }
    for cell in course.wall_cells() {
        for t in cell.triangle_walls() {
            points.extend(t.decode().vertices);
            twalls += 1;
        }
    }
    assert!(tris > 0 && walls > 0);
    let mut objects = vec!["floor", "walls"];
    if twalls > 0 {
        objects.push("triangle_walls");
    }
    assert_eq!(doc.objects, objects);
    assert_eq!(summary.vertices, 3 * tris + 4 * walls + 3 * twalls);
    assert_eq!(summary.faces, tris + walls + twalls);
    assert_eq!(
        doc.groups[0].iter().cloned().collect::<BTreeSet<_>>(),
        floors
    );
    assert_eq!(doc.groups[1], ["wall"]);
    assert_eq!(doc.bounds().unwrap(), bounds_of(points));
}

#[test]
fn battleforge_sample_exports_shapes_through_their_transforms() {
    let bytes = sample("collision.drs");
    let drs =
        zerocol::battleforge::Drs::parse(&bytes, zerocol::battleforge::Options::STRICT).unwrap();
    let (_, shape) = drs.collision_shape().unwrap();
    let (summary, doc, _) = export(|o, m| obj::battleforge(&shape, o, m, None));
    // An object per shape, `collisionShape/KIND/K`, under its kind's material.
    let kinds: Vec<(&str, usize)> = [
        ("box", shape.boxes().len()),
        ("sphere", shape.spheres().len()),
        ("cylinder", shape.cylinders().len()),
    ]
    .into_iter()
    .flat_map(|(kind, n)| (0..n).map(move |k| (kind, k)))
    .collect();
    assert_eq!(
        doc.objects,
        kinds
            .iter()
            .map(|(kind, k)| format!("collisionShape/{kind}/{k}"))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        doc.groups,
        kinds
            .iter()
            .map(|(kind, _)| vec![kind.to_string()])
            .collect::<Vec<_>>()
    );
    assert_eq!(
        summary.vertices,
        8 * shape.boxes().len() as u64
            + 62 * shape.spheres().len() as u64
            + 24 * shape.cylinders().len() as u64
    );
    // Boxes and spheres reach their world boxes exactly; cylinders stay inside theirs.
    for (i, b) in shape.boxes().iter().enumerate() {
        let faces = doc.faces_of("collisionShape", "box");
        let aabb = b.decode().aabb();
        assert_near(
            bounds_of(faces[i * 6..i * 6 + 6].concat()),
            (aabb.min, aabb.max),
            1e-4,
        );
    }
    for (i, s) in shape.spheres().iter().enumerate() {
        let faces = doc.faces_of("collisionShape", "sphere");
        let aabb = s.decode().aabb();
        assert_near(
            bounds_of(faces[i * 72..i * 72 + 72].concat()),
            (aabb.min, aabb.max),
            1e-4,
        );
    }
    for (i, c) in shape.cylinders().iter().enumerate() {
        let faces = doc.faces_of("collisionShape", "cylinder");
        let aabb = c.decode().aabb();
        let (lo, hi) = bounds_of(faces[i * 14..i * 14 + 14].concat());
        for axis in 0..3 {
            assert!(lo[axis] >= aabb.min[axis] - 1e-4 && hi[axis] <= aabb.max[axis] + 1e-4);
        }
        assert_closed_outward(&faces[i * 14..i * 14 + 14]);
    }
}

#[test]
fn colours_depend_on_the_key_alone() {
    let colours: Vec<[f32; 3]> = [0, 1, 2, 3, 0x1000, u32::MAX].map(obj::colour).to_vec();
    for c in &colours {
        assert!(c.iter().all(|x| (0.0..=1.0).contains(x)), "{c:?}");
    }
    // Key 0 is hue 0; keys next to each other get colours well apart.
    assert_eq!(colours[0], [0.9, 0.9 * (1.0 - 0.55), 0.9 * (1.0 - 0.55)]);
    for pair in colours.windows(2) {
        let distance: f32 = pair[0]
            .iter()
            .zip(&pair[1])
            .map(|(a, b)| (a - b).abs())
            .sum();
        assert!(distance > 0.1, "{pair:?}");
    }
    // FNV-1a of "a".
    assert_eq!(obj::name_key("a"), 0xE40C_292C);
}

#[test]
fn material_tables_name_every_surface_of_each_game() {
    use gta::{material_count, material_name};
    assert_eq!(material_count(Game::IiiVc), 35);
    assert_eq!(material_count(Game::Sa), 179);
    assert_eq!(material_count(Game::All), 0);
    for (game, id, name) in [
        (Game::IiiVc, 0, "DEFAULT"),
        (Game::IiiVc, 4, "MUD_DRY"),
        (Game::IiiVc, 17, "PED"),
        (Game::IiiVc, 19, "WATER"),
        (Game::IiiVc, 32, "METAL_GATE"),
        (Game::IiiVc, 34, "CONCRETE_BEACH"),
        (Game::Sa, 0, "DEFAULT"),
        (Game::Sa, 9, "GRASS_SHORT_LUSH"),
        (Game::Sa, 57, "FIRE_HYDRANT"),
        (Game::Sa, 63, "CAR"),
        (Game::Sa, 103, "P_KIRCHENFLOOR"),
        (Game::Sa, 118, "P_GRASSGRNMIX"),
        (Game::Sa, 158, "DOOR"),
        (Game::Sa, 178, "RAILTRACK"),
    ] {
        assert_eq!(material_name(game, id), Some(name), "{game:?} {id}");
    }
    assert_eq!(material_name(Game::IiiVc, 35), None);
    assert_eq!(material_name(Game::Sa, 179), None);
    assert_eq!(material_name(Game::All, 0), None);
    for game in [Game::IiiVc, Game::Sa] {
        let names: BTreeSet<_> = (0..=255).filter_map(|id| material_name(game, id)).collect();
        assert_eq!(
            names.len(),
            material_count(game),
            "{game:?}: names are unique"
        );
        assert!(names.iter().all(|n| {
            n.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        }));
    }
    assert_eq!(Game::of_version(gta::Version::Coll), Game::IiiVc);
    assert_eq!(Game::of_version(gta::Version::Col3), Game::Sa);
}

/// A TCOL body of spheres, one per material name given.
fn spheres_of(names: &[String]) -> String {
    let mut text = String::from("TCOL1.0 attributes { static; } compound {");
    for (i, name) in names.iter().enumerate() {
        text += &format!(" sphere {{ material \"{name}\"; centre {i} 0 0; radius 0.25; }}");
    }
    text + " }"
}

#[test]
fn grit_material_names_are_written_as_obj_can_hold_them() {
    let names: Vec<String> = ["", "unnamed", "a b", "a_b", "c#d", "e\\", "f\tg"]
        .map(str::to_owned)
        .to_vec();
    let text = spheres_of(&names);
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(&text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (_, doc, obj_text) = export(|o, m| obj::grit(tcol.shapes(), None, o, m, None));
    // Written alike, one material: "" and "unnamed", "a b" and "a_b".
    let written: Vec<&str> = doc.materials.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(written, ["unnamed", "a_b", "c_d", "e_", "f_g"]);
    assert_eq!(doc.faces_of("compound", "unnamed").len(), 2 * 72);
    assert_eq!(doc.faces_of("compound", "a_b").len(), 2 * 72);
    assert!(!obj_text.contains('\\'));
    // A name's colour is that of its written form, the same in every file.
    assert_eq!(doc.materials[1].1, obj::colour(obj::name_key("a_b")));
}

#[test]
fn grit_names_past_the_palette_share_other_materials() {
    let names: Vec<String> = (0..obj::PALETTE_CAP + 3).map(|i| format!("m{i}")).collect();
    let text = spheres_of(&names);
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(&text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (summary, doc, _) = export(|o, m| obj::grit(tcol.shapes(), None, o, m, None));
    assert_eq!(summary.materials as usize, obj::PALETTE_CAP + 1);
    assert_eq!(doc.materials.last().unwrap().0, "other_materials");
    assert_eq!(doc.faces_of("compound", "other_materials").len(), 3 * 72);
    assert_eq!(doc.faces_of("compound", "m63").len(), 72);
    // Long names are written up to NAME_CAP characters: alike up to there, one.
    let long = |c: char| format!("{}{c}", "x".repeat(obj::NAME_CAP));
    let text = spheres_of(&[long('a'), long('b')]);
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(&text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (summary, doc, _) = export(|o, m| obj::grit(tcol.shapes(), None, o, m, None));
    assert_eq!(summary.materials, 1);
    assert_eq!(doc.materials[0].0, "x".repeat(obj::NAME_CAP));
}

#[test]
fn hulls_skip_repeated_points_and_stay_within_the_budget() {
    // A cube with a corner given twice: still 12 faces, closed.
    let text = "TCOL1.0 attributes { static; } compound { hull { material \"cube\"; vertexes {
        0 0 0; 1 0 0; 0 1 0; 1 1 0; 0 0 1; 1 0 1; 0 1 1; 1 1 1; 1 1 1; } } }";
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (summary, doc, _) = export(|o, m| obj::grit(tcol.shapes(), None, o, m, None));
    let cube = doc.faces_of("compound", "cube");
    assert_eq!(cube.len(), 12);
    assert_closed_outward(&cube);
    assert_eq!(summary.vertices, 8);
    // Hulls of 64 points on a sphere, until the budget is spent: 64⁴ / 6 tests each.
    let per_hull = 64u64.pow(4) / 6;
    let shown = obj::HULL_BUDGET / per_hull;
    let mut text = String::from("TCOL1.0 attributes { static; } compound {");
    for _ in 0..shown + 2 {
        text += " hull { material \"h\"; vertexes {";
        for i in 0..64 {
            let (a, b) = (i as f32 * 0.7, i as f32 * 1.3);
            text += &format!(" {} {} {};", a.cos() * b.sin(), a.sin() * b.sin(), b.cos());
        }
        text += " } }";
    }
    text += " }";
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(&text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (summary, _, _) = export(|o, m| obj::grit(tcol.shapes(), None, o, m, None));
    assert_eq!(summary.unshown, 2);
    assert_eq!(summary.points, 2 * 64);
    assert_eq!(summary.vertices, (shown + 2) * 64);
}

#[test]
fn shapes_given_inside_out_are_written_outwards() {
    let text = "TCOL1.0 attributes { static; } compound {
        box { material \"box\"; centre 0 0 0; dimensions -2 3 -4; }
        cylinder { material \"cylinder\"; centre 5 0 0; dimensions -1 1 -3; }
        cone { material \"cone\"; centre 0 5 0; radius -2; height -4; }
    }";
    let tcol =
        zerocol::grit::tcol::Tcol::parse_str(text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let (_, doc, _) = export(|o, m| obj::grit(tcol.shapes(), None, o, m, None));
    for material in ["box", "cylinder", "cone"] {
        assert_closed_outward(&doc.faces_of("compound", material));
    }
    // A GTA box with min > max on an axis.
    let mut spec = ModelSpec::new(b"COLL", "b");
    spec.boxes.push(crate::support::gta::Cuboid {
        min: [1.0, 0.0, 0.0],
        max: [0.0, 1.0, 1.0],
        surface: [0; 4],
    });
    let bytes = spec.build().bytes;
    let models = sample_models(&bytes);
    let (_, doc, _) = export(|o, m| obj::gta(&models, None, o, m, None));
    assert_closed_outward(&doc.faces_of("b", "DEFAULT"));
}

#[test]
fn gta_names_shared_by_both_games_are_one_material() {
    // Material 0 is DEFAULT in both tables: a COLL and a COL3 model share it.
    let mut coll = ModelSpec::new(b"COLL", "iii\\");
    coll.spheres.push(Sphere {
        center: [0.0; 3],
        radius: 1.0,
        surface: [0; 4],
    });
    let mut col3 = coll.clone();
    col3.fourcc = *b"COL3";
    col3.name_block = ModelSpec::new(b"COL3", "sa").name_block;
    let bytes = [coll.build().bytes, col3.build().bytes].concat();
    let models = sample_models(&bytes);
    let (summary, doc, text) = export(|o, m| obj::gta(&models, None, o, m, None));
    assert_eq!(summary.materials, 1);
    assert_eq!(doc.used.iter().collect::<Vec<_>>(), ["DEFAULT"]);
    // A backslash would continue the line: the object is `iii_`.
    assert_eq!(doc.objects, ["iii_/sphere/0", "sa/sphere/0"]);
    assert!(!text.contains('\\'));
}

/// A tetrahedron stored as the games store faces: `a b c` clockwise seen from
/// outside (their normal `(c − a) × (b − a)` points out).
fn game_wound_tetrahedron() -> ModelSpec {
    let mut spec = ModelSpec::new(b"COL3", "tetra");
    spec.vertices = vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let faces = [[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]].map(|indices| Face {
        indices,
        surface: [1, 0, 0, 0],
    });
    spec.faces = faces.to_vec();
    spec.shadow_vertices = spec.vertices.clone();
    spec.shadow_faces = faces.to_vec();
    spec
}

#[test]
fn gta_faces_are_written_counter_clockwise_seen_from_outside() {
    let bytes = game_wound_tetrahedron().build().bytes;
    let models = sample_models(&bytes);
    // The games' own normal of the first face, (c − a) × (b − a) = (0, 0, −1): the
    // face z = 0 faces down, away from the inside.
    let (_, doc, text) = export(|o, m| obj::gta(&models, None, o, m, None));
    assert_eq!(doc.objects, ["tetra/faces", "tetra/shadow"]);
    // Stored `0 1 2` is written `1 3 2` (vertex numbers from 1).
    assert!(text.contains("\nf 1 3 2\n"), "{text}");
    let centre = [0.25f32; 3];
    for object in ["tetra/faces", "tetra/shadow"] {
        let faces = doc.faces_of(object, "TARMAC");
        assert_eq!(faces.len(), 4, "{object}");
        for face in &faces {
            let [a, b, c] = [face[0], face[1], face[2]];
            let (u, v) = (
                [0, 1, 2].map(|i| b[i] - a[i]),
                [0, 1, 2].map(|i| c[i] - a[i]),
            );
            let normal = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            let out: f32 = (0..3)
                .map(|i| normal[i] * ((a[i] + b[i] + c[i]) / 3.0 - centre[i]))
                .sum();
            assert!(out > 0.0, "{object}: {face:?} faces inwards");
        }
        assert_closed_outward(&faces);
    }
    // The first face, z = 0, as written: its normal is −Z.
    assert_eq!(
        doc.faces_of("tetra/faces", "TARMAC")[0],
        [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    );
}

#[test]
fn gta_objects_tell_every_kind_apart_by_name() {
    let mut spec = game_wound_tetrahedron();
    spec.spheres.push(Sphere {
        center: [1.0, 2.0, 3.0],
        radius: 0.5,
        surface: [2, 0, 0, 0],
    });
    spec.boxes.push(crate::support::gta::Cuboid {
        min: [0.0; 3],
        max: [1.0, 2.0, 3.0],
        surface: [3, 0, 0, 0],
    });
    let other = ModelSpec::new(b"COLL", "").build().bytes;
    let bytes = [spec.build().bytes, other].concat();
    let models = sample_models(&bytes);
    let (summary, doc, _) = export(|o, m| obj::gta(&models, None, o, m, None));
    // The second model, empty and unnamed (`model_1`), writes nothing.
    assert_eq!(
        doc.objects,
        [
            "tetra/faces",
            "tetra/sphere/0",
            "tetra/box/0",
            "tetra/shadow"
        ]
    );
    assert_eq!(summary.objects, 4);
    // Each shape under its surface's material (SA names for a COL3 model).
    assert_eq!(
        doc.groups,
        [
            vec!["TARMAC".to_owned()],
            vec!["TARMAC_FUCKED".to_owned()],
            vec!["TARMAC_REALLYFUCKED".to_owned()],
            vec!["TARMAC".to_owned()]
        ]
    );
    // A sphere's object spans its centre ± radius on every axis, a box's its corners.
    assert_near(
        bounds_of(doc.faces_of("tetra/sphere/0", "TARMAC_FUCKED").concat()),
        ([0.5, 1.5, 2.5], [1.5, 2.5, 3.5]),
        1e-6,
    );
    assert_near(
        bounds_of(doc.faces_of("tetra/box/0", "TARMAC_REALLYFUCKED").concat()),
        ([0.0; 3], [1.0, 2.0, 3.0]),
        0.0,
    );
}
