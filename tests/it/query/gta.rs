//! GTA's `Query` against a brute-force oracle written here: every sphere, box and
//! face tested, no bounds, no face groups, ties broken by (t, kind, index). Models
//! from the test builder (random meshes, with and without face groups, in every
//! version), the embedded sample and `samples/sample.col`; thousands of random
//! segments and balls, from inside solids, zero-length, and with NaN or infinities.
//!
//! `ZEROCOL_PROP_SCALE=N` multiplies the number of cases; `ZEROCOL_PROP_SEED=N`
//! explores others.

use zerocol::gta::{self, LintKind, Model, Options};
use zerocol::query::{
    Ball, Contact, FaceTree, Hit, Node, Primitive, Query, Segment, StorageTooSmall, ground,
    segment_box, segment_sphere, segment_triangle, sphere_box, sphere_sphere, sphere_triangle,
};

use crate::support::gta::{Cuboid, Face, FaceGroup, ModelSpec, Sphere, full_spec, sample_specs};
use crate::support::rng::{Rng, scale, seed};

type V3 = [f32; 3];

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// The oracle's view of a model: every primitive, decoded once.
struct Flat {
    spheres: Vec<(V3, f32, u8)>,
    boxes: Vec<(V3, V3, u8)>,
    faces: Vec<([V3; 3], u8)>,
    shadow: Vec<([V3; 3], u8)>,
}

fn flat(m: &Model<'_>) -> Flat {
    let corners = |f: &gta::Face, get: &dyn Fn(usize) -> V3| f.indices.map(|i| get(i as usize));
    let v = m.vertices();
    let sv = m.shadow_vertices();
    Flat {
        spheres: m
            .spheres()
            .iter()
            .map(|s| (s.center, s.radius, s.surface.material))
            .collect(),
        boxes: m
            .boxes()
            .iter()
            .map(|b| (b.min, b.max, b.surface.material))
            .collect(),
        faces: m
            .faces()
            .iter()
            .map(|f| (corners(&f, &|i| v.get(i).unwrap()), f.surface.material()))
            .collect(),
        shadow: m
            .shadow_faces()
            .iter()
            .map(|f| (corners(&f, &|i| sv.get(i).unwrap()), f.surface.material()))
            .collect(),
    }
}

/// Brute force: the nearest of every test, `(t, kind, index)` smallest.
fn brute_cast(
    flat: &Flat,
    s: Segment,
    shadow: bool,
    keep: &dyn Fn(u8) -> bool,
) -> Option<(f32, Primitive, usize, u8, V3)> {
    let d = sub(s.end, s.start);
    if !(s.start.iter().chain(&d).all(|x| x.is_finite())) {
        return None;
    }
    let mut all = Vec::new();
    if shadow {
        for (i, &(tri, m)) in flat.shadow.iter().enumerate() {
            if let Some((t, n)) = segment_triangle(s.start, d, tri) {
                all.push((t, Primitive::ShadowFace, i, m, n));
            }
        }
    } else {
        for (i, &(c, r, m)) in flat.spheres.iter().enumerate() {
            if let Some((t, n)) = segment_sphere(s.start, d, c, r) {
                all.push((t, Primitive::Sphere, i, m, n));
            }
        }
        for (i, &(lo, hi, m)) in flat.boxes.iter().enumerate() {
            if let Some((t, n)) = segment_box(s.start, d, lo, hi) {
                all.push((t, Primitive::Box, i, m, n));
            }
        }
        for (i, &(tri, m)) in flat.faces.iter().enumerate() {
            if let Some((t, n)) = segment_triangle(s.start, d, tri) {
                all.push((t, Primitive::Face, i, m, n));
            }
        }
    }
    all.retain(|h| keep(h.3));
    all.into_iter().min_by(|a, b| {
        a.0.partial_cmp(&b.0)
            .unwrap()
            .then(a.1.cmp(&b.1))
            .then(a.2.cmp(&b.2))
    })
}

/// Brute force: every primitive the ball touches, sorted by (kind, index).
fn brute_overlap(flat: &Flat, b: Ball, shadow: bool) -> Vec<(Primitive, usize, f32, V3, V3, u8)> {
    let ok = b.center.iter().all(|x| x.is_finite()) && b.radius >= 0.0 && b.radius.is_finite();
    let mut all = Vec::new();
    if !ok {
        return all;
    }
    if shadow {
        for (i, &(tri, m)) in flat.shadow.iter().enumerate() {
            if let Some((d, p, n)) = sphere_triangle(b.center, b.radius, tri) {
                all.push((Primitive::ShadowFace, i, d, p, n, m));
            }
        }
        return all;
    }
    for (i, &(c, r, m)) in flat.spheres.iter().enumerate() {
        if let Some((d, p, n)) = sphere_sphere(b.center, b.radius, c, r) {
            all.push((Primitive::Sphere, i, d, p, n, m));
        }
    }
    for (i, &(lo, hi, m)) in flat.boxes.iter().enumerate() {
        if let Some((d, p, n)) = sphere_box(b.center, b.radius, lo, hi) {
            all.push((Primitive::Box, i, d, p, n, m));
        }
    }
    for (i, &(tri, m)) in flat.faces.iter().enumerate() {
        if let Some((d, p, n)) = sphere_triangle(b.center, b.radius, tri) {
            all.push((Primitive::Face, i, d, p, n, m));
        }
    }
    all
}

fn key(h: &Hit<u8>) -> (f32, Primitive, usize, u8, V3) {
    (h.t, h.primitive, h.index, h.material, h.normal)
}

fn contact_key(c: &Contact<u8>) -> (Primitive, usize, f32, V3, V3, u8) {
    (c.primitive, c.index, c.depth, c.point, c.normal, c.material)
}

/// A random model of `fourcc`: a mesh of `faces` random faces over a cluster of
/// vertices (some faces degenerate), a few spheres and boxes, face groups (COL2+,
/// when `groups`) over consecutive runs of faces, fitted boxes and bounds.
fn random_spec(rng: &mut Rng, fourcc: &[u8; 4], faces: usize, groups: bool) -> ModelSpec {
    let mut spec = ModelSpec::new(fourcc, "random");
    let v = spec.version();
    let q = |x: f32| {
        if v == 1 {
            x
        } else {
            (x * 128.0).round() / 128.0
        }
    };
    let p = |rng: &mut Rng, r: f32| [0; 3].map(|_| q(rng.range(-r, r)));
    let n = 3 + rng.below(30);
    spec.vertices = (0..n).map(|_| p(rng, 20.0)).collect();
    // Shared and grid-aligned vertices too, so segments hit edges and corners.
    if rng.one_in(2) {
        spec.vertices.push([0.0, 0.0, 0.0]);
        spec.vertices.push([4.0, 0.0, 0.0]);
        spec.vertices.push([0.0, 4.0, 0.0]);
        spec.vertices.push([4.0, 4.0, 0.0]);
    }
    let n = spec.vertices.len() as u32;
    for _ in 0..faces {
        let mut indices = [0; 3].map(|_| rng.below(n as usize) as u32);
        if rng.one_in(10) {
            indices[2] = indices[0];
        }
        let surface = [rng.below(8) as u8, 0, 0, rng.byte()];
        let surface = if v == 1 {
            [surface[0], rng.byte(), rng.byte(), surface[3]]
        } else {
            surface
        };
        spec.faces.push(Face { indices, surface });
    }
    for _ in 0..rng.below(4) {
        spec.spheres.push(Sphere {
            center: p(rng, 15.0),
            radius: q(rng.range(0.0, 5.0)),
            surface: [rng.below(8) as u8, 1, 2, 3],
        });
    }
    for _ in 0..rng.below(4) {
        let a = p(rng, 15.0);
        let b = p(rng, 15.0);
        let (min, max) = (
            [0, 1, 2].map(|i| a[i].min(b[i])),
            [0, 1, 2].map(|i| a[i].max(b[i])),
        );
        spec.boxes.push(Cuboid {
            min,
            max,
            surface: [rng.below(8) as u8, 4, 5, 6],
        });
    }
    if v >= 2 && groups && faces > 0 {
        let mut first = 0;
        while first < faces {
            let last = (first + rng.below(12)).min(faces - 1);
            spec.face_groups.push(FaceGroup {
                min: [0.0; 3],
                max: [0.0; 3],
                first: first as u16,
                last: last as u16,
            });
            first = last + 1;
        }
        rng.shuffle(&mut spec.face_groups);
        spec.fit_face_groups();
    }
    if v >= 3 {
        spec.shadow_vertices = (0..6).map(|_| p(rng, 20.0)).collect();
        for _ in 0..rng.below(8) {
            let indices = [0; 3].map(|_| rng.below(6) as u32);
            spec.shadow_faces.push(Face {
                indices,
                surface: [rng.below(8) as u8, 0, 0, 0],
            });
        }
    }
    spec.bounds = spec.fitted_bounds();
    spec
}

/// A query point: near the model mostly, on a vertex or a primitive's centre now and
/// then, and any float (NaN, infinities, huge) rarely.
fn point(rng: &mut Rng, flat: &Flat) -> V3 {
    match rng.below(10) {
        0 if !flat.faces.is_empty() => rng.pick_ref(&flat.faces).0[rng.below(3)],
        1 if !flat.spheres.is_empty() => rng.pick_ref(&flat.spheres).0,
        2 if !flat.boxes.is_empty() => {
            let (lo, hi, _) = *rng.pick_ref(&flat.boxes);
            [0, 1, 2].map(|i| rng.range(lo[i], hi[i]))
        }
        3 => [rng.float(), rng.float(), rng.float()],
        _ => [0; 3].map(|_| rng.range(-30.0, 30.0)),
    }
}

fn segment(rng: &mut Rng, flat: &Flat) -> Segment {
    let start = point(rng, flat);
    let end = match rng.below(6) {
        0 => start,
        1 => [start[0], start[1], start[2] - rng.range(0.0, 60.0)],
        2 => [start[0] + rng.range(-30.0, 30.0), start[1], start[2]],
        _ => point(rng, flat),
    };
    Segment::new(start, end)
}

/// The lints under which the games' culls drop content (the oracle does not).
fn culls_content(m: &Model<'_>) -> bool {
    m.lints().any(|l| {
        matches!(
            l.kind,
            LintKind::OutsideBounds { .. } | LintKind::FaceGroupBox { .. }
        )
    })
}

/// Every query on `m`'s `FaceIndex` agrees with the oracle, whatever the lints
/// say: the index drops nothing. Overlaps come in table order, and a short slice
/// holds the first contacts of that order.
fn check_index(m: &Model<'_>, rng: &mut Rng, cases: usize) {
    let flat = flat(m);
    let mut storage = vec![Node::EMPTY; FaceTree::nodes_for(m.faces().len())];
    let built = m.face_index(&mut storage).unwrap();
    // Rebuilt from its parts, as the C API keeps it: the same index.
    let (nodes, magnitude) = built.tree().parts();
    let index = gta::FaceIndex::from_parts(built.model(), FaceTree::from_parts(nodes, magnitude));
    let odd = |mat: u8| mat % 2 == 1;
    for _ in 0..cases {
        let s = segment(rng, &flat);
        let want = brute_cast(&flat, s, false, &|_| true);
        assert_eq!(index.cast(s).as_ref().map(key), want, "{s:?}");
        let filtered = index.cast_filtered(s, &mut |&mat| odd(mat));
        assert_eq!(
            filtered.as_ref().map(key),
            brute_cast(&flat, s, false, &odd),
            "{s:?}"
        );
        let b = Ball {
            center: point(rng, &flat),
            radius: rng.range(0.0, 8.0),
        };
        let blank = Contact {
            depth: 0.0,
            point: [0.0; 3],
            normal: [0.0; 3],
            primitive: Primitive::Sphere,
            index: 0,
            material: 0,
        };
        let want = brute_overlap(&flat, b, false);
        let mut out = vec![blank; want.len() + 3];
        let n = index.overlap(b, &mut out);
        assert_eq!(n, want.len(), "{b:?}");
        let got: Vec<_> = out[..n].iter().map(contact_key).collect();
        assert_eq!(got, want, "{b:?}");
        let mut few = vec![blank; n / 2];
        assert_eq!(index.overlap(b, &mut few), n);
        let got: Vec<_> = few.iter().map(contact_key).collect();
        assert_eq!(got, want[..n / 2], "{b:?}");
    }
}

/// Every query on `m` agrees with the oracle; `cases` segments and balls. Returns
/// how many of the segments hit.
fn check_model(m: &Model<'_>, rng: &mut Rng, cases: usize) -> usize {
    check_index(m, rng, cases / 2);
    let flat = flat(m);
    let odd = |mat: u8| mat % 2 == 1;
    let mut hits = 0;
    for _ in 0..cases {
        let s = segment(rng, &flat);
        let got = m.cast(s);
        if let Some(h) = &got {
            assert!((0.0..=1.0).contains(&h.t), "{h:?}");
            let len = h.normal.iter().map(|x| x * x).sum::<f32>().sqrt();
            assert!((len - 1.0).abs() < 1e-5, "{h:?}");
            assert_eq!(h.point, s.at(h.t));
            hits += 1;
        }
        let want = brute_cast(&flat, s, false, &|_| true);
        assert_eq!(got.as_ref().map(key), want, "{s:?}");
        let filtered = m.cast_filtered(s, &mut |&mat| odd(mat));
        assert_eq!(
            filtered.as_ref().map(key),
            brute_cast(&flat, s, false, &odd),
            "{s:?}"
        );
        let shadow = m.shadow_mesh().cast(s);
        assert_eq!(
            shadow.as_ref().map(key),
            brute_cast(&flat, s, true, &|_| true)
        );

        let b = Ball {
            center: point(rng, &flat),
            radius: if rng.one_in(20) {
                rng.float()
            } else {
                rng.range(0.0, 8.0)
            },
        };
        let mut out = vec![
            Contact {
                depth: 0.0,
                point: [0.0; 3],
                normal: [0.0; 3],
                primitive: Primitive::Sphere,
                index: 0,
                material: 0,
            };
            1000
        ];
        let n = m.overlap(b, &mut out);
        let mut got: Vec<_> = out[..n.min(out.len())].iter().map(contact_key).collect();
        got.sort_by_key(|a| (a.0, a.1));
        assert_eq!(got, brute_overlap(&flat, b, false), "{b:?}");
        let mut few = [out[0]; 2];
        assert_eq!(m.overlap(b, &mut few), n);
        let n = m.shadow_mesh().overlap(b, &mut out);
        let got: Vec<_> = out[..n].iter().map(contact_key).collect();
        assert_eq!(got, brute_overlap(&flat, b, true));
    }
    hits
}

#[test]
fn random_models_agree_with_brute_force_with_and_without_groups() {
    let base = seed(0x9E_0001);
    let mut rng = Rng::new(base);
    let (mut checked, mut hits, mut many_groups) = (0, 0, 0);
    for i in 0..8 * scale() {
        // Every eighth model large, with face groups (COL2+): more groups than a
        // cast sorts by entry (32), so that casts through them in stored order are
        // checked too.
        let (fourcc, faces) = if i % 8 == 0 {
            let fourcc = rng.pick(&[*b"COL2", *b"COL3", *b"COL4"]);
            (fourcc, 300 + rng.below(200))
        } else {
            let fourcc = rng.pick(&[*b"COLL", *b"COL2", *b"COL3", *b"COL4"]);
            (fourcc, rng.below(80))
        };
        let spec = random_spec(&mut rng, &fourcc, faces, i % 2 == 0);
        let built = spec.build();
        let m = Model::parse(&built.bytes, Options::STRICT)
            .unwrap_or_else(|e| panic!("seed {base} model {i}: {e}"));
        assert!(
            !culls_content(&m),
            "seed {base} model {i}: the builder fits bounds"
        );
        assert_eq!(
            m.face_groups().is_empty(),
            !(i % 2 == 0 && fourcc != *b"COLL" && faces > 0)
        );
        hits += check_model(&m, &mut rng, 250);
        checked += 1;
        many_groups += usize::from(m.face_groups().len() > 32);
    }
    assert_eq!(checked, 8 * scale());
    // Groups of 1 to 12 faces: 300 faces make at least 25 groups, 46 on average.
    assert!(
        many_groups * 5 >= 3 * scale(),
        "{many_groups} models with over 32 face groups"
    );
    // The segments run through the models: a fair share hit (a model of a few
    // degenerate faces may see none).
    assert!(hits > 250 * checked / 20, "{hits} hits in {checked} models");
}

#[test]
fn samples_agree_with_brute_force() {
    let mut rng = Rng::new(seed(0x9E_0002));
    let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample.col")).unwrap();
    let mut specs = sample_specs();
    specs.extend([b"COLL", b"COL2", b"COL3", b"COL4"].map(|f| full_spec(f, 7)));
    let built: Vec<_> = specs.iter().map(ModelSpec::build).collect();
    let mut checked = 0;
    let mut models: Vec<Model<'_>> = gta::models(&file, Options::STRICT)
        .map(Result::unwrap)
        .collect();
    models.extend(
        built
            .iter()
            .map(|b| Model::parse(&b.bytes, Options::STRICT).unwrap()),
    );
    for m in &models {
        if culls_content(m) {
            continue;
        }
        // Hundreds of segments through a real model hit it sometimes.
        let hits = check_model(m, &mut rng, 200 * scale());
        assert!(m.faces().is_empty() || hits > 0, "{:?}", m.name());
        checked += 1;
    }
    assert!(checked >= 8, "{checked}");
}

/// The games' culls: content outside the bounds, or a face outside its group's box,
/// is missed, as the games miss it.
#[test]
fn culls_follow_the_game() {
    let mut spec = ModelSpec::new(b"COL3", "culled");
    spec.vertices = vec![
        [0.0, 0.0, 0.0],
        [4.0, 0.0, 0.0],
        [0.0, 4.0, 0.0],
        [0.0, 0.0, 8.0],
        [4.0, 0.0, 8.0],
        [0.0, 4.0, 8.0],
    ];
    spec.faces = vec![
        Face {
            indices: [0, 1, 2],
            surface: [3, 0, 0, 0],
        },
        Face {
            indices: [3, 4, 5],
            surface: [5, 0, 0, 0],
        },
    ];
    spec.face_groups = vec![
        FaceGroup {
            min: [0.0; 3],
            max: [0.0; 3],
            first: 0,
            last: 0,
        },
        FaceGroup {
            min: [0.0; 3],
            max: [0.0; 3],
            first: 1,
            last: 1,
        },
    ];
    spec.fit_face_groups();
    spec.bounds = spec.fitted_bounds();
    let down = Segment::new([1.0, 1.0, 10.0], [1.0, 1.0, -10.0]);
    let built = spec.build();
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    let hit = m.cast(down).unwrap();
    assert_eq!(
        (hit.t, hit.primitive, hit.index, hit.material),
        (0.1, Primitive::Face, 1, 5)
    );
    assert_eq!(hit.normal, [0.0, 0.0, 1.0]);
    assert_eq!(hit.point, [1.0, 1.0, 8.0]);
    // Ground from z = 9 within 20: the upper face; filtered, the lower one.
    assert_eq!(
        ground(&m, [1.0, 1.0, 9.0], 20.0).map(|h| h.point[2]),
        Some(8.0)
    );
    assert_eq!(ground(&m, [1.0, 1.0, 7.0], 20.0).map(|h| h.index), Some(0));
    assert_eq!(ground(&m, [1.0, 1.0, 7.0], 6.0), None);
    assert_eq!(ground(&m, [1.0, 1.0, 7.0], f32::NAN), None);
    assert_eq!(
        m.cast_filtered(down, &mut |&mat| mat != 5).map(|h| h.index),
        Some(0)
    );
    // The upper face's group box moved away: the game skips the face.
    let mut moved = spec.clone();
    moved.face_groups[1].min = [10.0, 10.0, 8.0];
    moved.face_groups[1].max = [14.0, 14.0, 8.0];
    let built = moved.build();
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert!(culls_content(&m));
    assert_eq!(m.cast(down).map(|h| (h.index, h.t)), Some((0, 0.5)));
    // A face index drops nothing: it finds the upper face.
    assert_eq!(FaceTree::nodes_for(2), 2);
    let mut storage = [Node::EMPTY; 2];
    let index = m.face_index(&mut storage).unwrap();
    assert_eq!(index.cast(down).map(|h| (h.index, h.t)), Some((1, 0.1)));
    check_index(&m, &mut Rng::new(seed(0x9E_0003)), 200);
    let mut short = [Node::EMPTY; 1];
    assert_eq!(
        m.face_index(&mut short).unwrap_err(),
        StorageTooSmall {
            needed: 2,
            available: 1
        }
    );
    // Bounds that hold only the lower face: a segment that crosses the bounds
    // still meets the upper face, one that stays outside them meets nothing.
    let mut low = spec.clone();
    low.bounds.max[2] = 1.0;
    let built = low.build();
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert!(culls_content(&m));
    assert_eq!(m.cast(down).map(|h| h.index), Some(1));
    let short = Segment::new([1.0, 1.0, 9.0], [1.0, 1.0, 7.5]);
    assert_eq!(m.cast(short), None);
    assert_eq!(m.shadow_mesh().cast(short), None);
    // Bounds the segment misses: nothing.
    let mut away = spec;
    away.bounds.min = [100.0; 3];
    away.bounds.max = [101.0; 3];
    let built = away.build();
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert_eq!(m.cast(down), None);
    let mut out = [];
    assert_eq!(
        m.overlap(
            Ball {
                center: [1.0, 1.0, 0.0],
                radius: 1.0
            },
            &mut out
        ),
        0
    );
}
