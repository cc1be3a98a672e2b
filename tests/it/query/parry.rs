//! The queries against an independent implementation: parry3d (`=0.31.1`, f32), with
//! the same shapes built from the same files and the same random segments.
//!
//! - GTA spheres are parry `Ball`s at their centres, boxes `Cuboid`s at their centres,
//!   the faces one `TriMesh` (with its BVH, no flags: no triangle is merged, removed or
//!   reoriented, so parry's triangle `i` is the model's face `i`).
//! - A segment from A to B is a ray from A along the unit direction, cast with
//!   `max_time_of_impact` = |B − A| and `solid = true`; zerocol's `t` is parry's time of
//!   impact over that length.
//! - Parry's triangles are two-sided too (`local_ray_intersection_with_triangle` takes
//!   either side, its feature 0 or 1 saying which), and its normals face the ray's
//!   origin, as zerocol's do.
//!
//! **Tolerance**: `t` agrees within 1e-4 (relative to the segment's length); 1e-3 on
//! BattleForge cylinders, which parry casts by GJK (zerocol's hit point is then checked
//! to lie on the cylinder). The kind and
//! index of the primitive hit agree when the hit is unambiguous: no other primitive is
//! hit within that tolerance of the nearest. A hit one side reports and the other does
//! not is accepted only where it is within 1e-3 (relative) of an edge of what was hit
//! (a triangle's edge, a box's edge, a sphere's silhouette) or of the segment's end;
//! such segments are counted and must stay under 1 % of the cases.

use parry3d::math::Vector;
use parry3d::query::{Ray, RayCast};
use parry3d::shape::{Ball as PBall, CompositeShapeRef, Cuboid as PCuboid, TriMesh, TriMeshFlags};
use zerocol::gta::{self, LintKind, Model, Options};
use zerocol::query::{Primitive, Query, Segment};

use crate::support::gta::{Cuboid, Face, FaceGroup, ModelSpec, Sphere, full_spec, sample_specs};
use crate::support::rng::{Rng, scale, seed};

type V3 = [f32; 3];

/// `t` agrees within this (relative to the segment's length).
const T_TOLERANCE: f32 = 1e-4;
/// A hit this close (relative) to an edge or silhouette, or to the segment's end, may
/// be reported by one side only.
const EDGE: f32 = 1e-3;

fn v(a: V3) -> Vector {
    Vector::new(a[0], a[1], a[2])
}

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn len(a: V3) -> f32 {
    dot(a, a).sqrt()
}

/// One model as parry shapes.
pub struct Parry {
    /// By the model's index; `None` for a negative radius, which parry's `Ball` has no
    /// meaning for (zerocol never hits one).
    spheres: Vec<Option<(V3, PBall)>>,
    /// By the model's index; `None` for a box whose `min` exceeds its `max` on an axis
    /// (zerocol never hits one; parry's `Cuboid` would take the absolute half-extents).
    boxes: Vec<Option<(V3, PCuboid, V3, V3)>>,
    triangles: Vec<[V3; 3]>,
    mesh: Option<TriMesh>,
}

impl Parry {
    pub fn build(m: &Model<'_>) -> Self {
        let vertices: Vec<V3> = m.vertices().iter().collect();
        let triangles: Vec<[V3; 3]> = m
            .faces()
            .iter()
            .map(|f| f.indices.map(|i| vertices[i as usize]))
            .collect();
        let indices: Vec<[u32; 3]> = m.faces().iter().map(|f| f.indices).collect();
        let mesh = (!indices.is_empty()).then(|| {
            TriMesh::with_flags(
                vertices.iter().map(|&p| v(p)).collect(),
                indices,
                TriMeshFlags::empty(),
            )
            .unwrap()
        });
        Self {
            spheres: m
                .spheres()
                .iter()
                .map(|s| (s.radius >= 0.0).then(|| (s.center, PBall::new(s.radius))))
                .collect(),
            boxes: m
                .boxes()
                .iter()
                .map(|b| {
                    if (0..3).any(|i| b.min[i].partial_cmp(&b.max[i]).is_none_or(|o| o.is_gt())) {
                        return None;
                    }
                    let c = [0, 1, 2].map(|i| (b.min[i] + b.max[i]) / 2.0);
                    let h = [0, 1, 2].map(|i| (b.max[i] - b.min[i]) / 2.0);
                    Some((c, PCuboid::new(v(h)), b.min, b.max))
                })
                .collect(),
            triangles,
            mesh,
        }
    }

    /// Every primitive the segment hits, as `(t, kind, index, normal)`, nearest first
    /// (ties by kind, then index); and the mesh's own BVH answer for the faces.
    #[allow(clippy::type_complexity)]
    fn cast(&self, s: Segment) -> (Vec<(f32, Primitive, usize, V3)>, Option<(f32, usize)>) {
        let d = sub(s.end, s.start);
        let l = len(d);
        let dir = d.map(|c| c / l);
        let mut all = Vec::new();
        let local = |c: V3| Ray::new(v(sub(s.start, c)), v(dir));
        for (i, (c, ball)) in self
            .spheres
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((i, s.as_ref()?)))
        {
            if let Some(h) = ball.cast_local_ray_and_get_normal(&local(*c), l, true) {
                all.push((h.time_of_impact / l, Primitive::Sphere, i, h.normal.into()));
            }
        }
        for (i, (c, cuboid, _, _)) in self
            .boxes
            .iter()
            .enumerate()
            .filter_map(|(i, b)| Some((i, b.as_ref()?)))
        {
            if let Some(h) = cuboid.cast_local_ray_and_get_normal(&local(*c), l, true) {
                all.push((h.time_of_impact / l, Primitive::Box, i, h.normal.into()));
            }
        }
        let ray = Ray::new(v(s.start), v(dir));
        for (i, tri) in self.triangles.iter().enumerate() {
            let t = parry3d::shape::Triangle::new(v(tri[0]), v(tri[1]), v(tri[2]));
            if let Some(h) = t.cast_local_ray_and_get_normal(&ray, l, true) {
                all.push((h.time_of_impact / l, Primitive::Face, i, h.normal.into()));
            }
        }
        all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        let bvh = self.mesh.as_ref().and_then(|mesh| {
            CompositeShapeRef(mesh)
                .cast_local_ray_and_get_normal(&ray, l, true)
                .map(|(id, h)| (h.time_of_impact / l, id as usize))
        });
        (all, bvh)
    }

    /// How near (relative) the point at `t` is to the boundary of a primitive's
    /// faces: a triangle's edges, a box's edges, a sphere's silhouette for `s`.
    fn edge_distance(&self, kind: Primitive, index: usize, s: Segment, t: f32) -> f32 {
        let p = s.at(t);
        let d = sub(s.end, s.start);
        match kind {
            Primitive::Face => {
                let [a, b, c] = self.triangles[index];
                let n = cross(sub(b, a), sub(c, a));
                let area = dot(n, n);
                // Barycentric coordinates of p (projected onto the plane).
                let wa = dot(cross(sub(b, p), sub(c, p)), n) / area;
                let wb = dot(cross(sub(c, p), sub(a, p)), n) / area;
                (1.0 - wa - wb).min(wa).min(wb).abs()
            }
            Primitive::Sphere => {
                let Some((c, ball)) = &self.spheres[index] else {
                    return 1.0;
                };
                // Distance from the centre to the segment's line, against the radius.
                let off = cross(sub(*c, s.start), d);
                let dist = len(off) / len(d);
                ((dist - ball.radius) / ball.radius.max(1e-6)).abs()
            }
            Primitive::Box => {
                let Some((_, _, min, max)) = self.boxes[index] else {
                    return 1.0;
                };
                // Near an edge: within EDGE of two of the box's slabs at once.
                let near: Vec<f32> = (0..3)
                    .map(|i| {
                        let size = (max[i] - min[i]).max(1e-3);
                        (p[i] - min[i]).abs().min((p[i] - max[i]).abs()) / size
                    })
                    .collect();
                let mut near = near;
                near.sort_by(f32::total_cmp);
                near[1]
            }
            _ => 1.0,
        }
    }
}

/// How the comparison went, over a set of segments.
#[derive(Default, Debug)]
pub struct Tally {
    pub cases: usize,
    pub hits: usize,
    pub ambiguous_kind: usize,
    pub edge_only_one_side: usize,
}

/// Checks zerocol's cast of `s` on `m` against parry's.
fn check(m: &Model<'_>, p: &Parry, s: Segment, tally: &mut Tally) {
    tally.cases += 1;
    let ours = m.cast(s);
    let (all, bvh) = p.cast(s);
    // Parry's BVH and its per-triangle casts agree with each other.
    let faces_best = all.iter().find(|h| h.1 == Primitive::Face);
    match (bvh, faces_best) {
        (None, None) => {}
        (Some((t, _)), Some(f)) => {
            assert!((t - f.0).abs() <= T_TOLERANCE, "{s:?}: bvh {t} vs {}", f.0)
        }
        (a, b) => panic!("{s:?}: parry's BVH {a:?} and its triangles {b:?} disagree"),
    }
    let theirs = all.first();
    match (ours, theirs) {
        (None, None) => {}
        (Some(h), Some(&(t, kind, index, normal))) => {
            tally.hits += 1;
            assert!(
                (h.t - t).abs() <= T_TOLERANCE,
                "{s:?}: zerocol t {} ({:?} {}) vs parry {t} ({kind:?} {index})",
                h.t,
                h.primitive,
                h.index
            );
            let tied: Vec<_> = all
                .iter()
                .filter(|o| (o.0 - t).abs() <= T_TOLERANCE)
                .map(|o| (o.1, o.2))
                .collect();
            if tied.len() > 1 {
                tally.ambiguous_kind += 1;
                assert!(
                    tied.contains(&(h.primitive, h.index)),
                    "{s:?}: zerocol {:?} {} is none of parry's {tied:?}",
                    h.primitive,
                    h.index
                );
            } else {
                assert_eq!((h.primitive, h.index), (kind, index), "{s:?}");
                // Away from t = 0 (where a solid's normal is a convention), the
                // normals agree too.
                if t > T_TOLERANCE {
                    assert!(
                        dot(h.normal, normal) > 0.999,
                        "{s:?}: normals {:?} vs {normal:?}",
                        h.normal
                    );
                }
            }
        }
        (Some(h), None) => {
            let edge = p.edge_distance(h.primitive, h.index, s, h.t);
            assert!(
                edge < EDGE || h.t > 1.0 - EDGE,
                "{s:?}: zerocol hits {:?} {} at t {} (edge distance {edge}), parry nothing",
                h.primitive,
                h.index,
                h.t
            );
            tally.edge_only_one_side += 1;
        }
        (None, Some(&(t, kind, index, _))) => {
            let edge = p.edge_distance(kind, index, s, t);
            assert!(
                edge < EDGE || t > 1.0 - EDGE,
                "{s:?}: parry hits {kind:?} {index} at t {t} (edge distance {edge}), zerocol nothing"
            );
            tally.edge_only_one_side += 1;
        }
    }
}

fn range(rng: &mut Rng, lo: f32, hi: f32) -> f32 {
    lo + (hi - lo) * (rng.u32() as f32 / u32::MAX as f32)
}

/// A random segment through the model's bounds (grown by a fifth); one in eight
/// starts at a sphere's or box's centre, inside the solid.
pub fn segment(rng: &mut Rng, m: &Model<'_>) -> Segment {
    let b = m.bounds();
    let pad = [0, 1, 2].map(|i| (b.max[i] - b.min[i]).max(1.0) * 0.2);
    let point = |rng: &mut Rng| [0, 1, 2].map(|i| range(rng, b.min[i] - pad[i], b.max[i] + pad[i]));
    let mut start = point(rng);
    if rng.one_in(8) {
        if let Some(s) = m.spheres().get(rng.below(m.spheres().len().max(1))) {
            start = s.center;
        } else if let Some(c) = m.boxes().get(rng.below(m.boxes().len().max(1))) {
            start = [0, 1, 2].map(|i| (c.min[i] + c.max[i]) / 2.0);
        }
    }
    Segment::new(start, point(rng))
}

/// A terrain-like COL2+ model: a `n`×`n` height grid of two faces a cell (on the 1/128
/// grid), some spheres and boxes, and face groups of one row of cells each when
/// `groups`.
pub fn terrain_spec(rng: &mut Rng, fourcc: &[u8; 4], n: usize, groups: bool) -> ModelSpec {
    let mut spec = ModelSpec::new(fourcc, "terrain");
    let q = |x: f32| (x * 128.0).round() / 128.0;
    let cell = 4.0;
    for y in 0..=n {
        for x in 0..=n {
            let h = q(range(rng, -3.0, 3.0));
            spec.vertices
                .push([q(x as f32 * cell - 50.0), q(y as f32 * cell - 50.0), h]);
        }
    }
    let at = |x: usize, y: usize| (y * (n + 1) + x) as u32;
    for y in 0..n {
        for x in 0..n {
            let surface = [rng.below(8) as u8, 0, 0, 0];
            spec.faces.push(Face {
                indices: [at(x, y), at(x + 1, y), at(x + 1, y + 1)],
                surface,
            });
            spec.faces.push(Face {
                indices: [at(x, y), at(x + 1, y + 1), at(x, y + 1)],
                surface,
            });
        }
        if groups {
            let first = (y * n * 2) as u16;
            spec.face_groups.push(FaceGroup {
                min: [0.0; 3],
                max: [0.0; 3],
                first,
                last: first + (n * 2) as u16 - 1,
            });
        }
    }
    spec.fit_face_groups();
    let span = n as f32 * cell;
    for _ in 0..1 + rng.below(4) {
        let c = [
            q(range(rng, -50.0, span - 50.0)),
            q(range(rng, -50.0, span - 50.0)),
            q(range(rng, 0.0, 6.0)),
        ];
        spec.spheres.push(Sphere {
            center: c,
            radius: q(range(rng, 0.5, 4.0)),
            surface: [rng.below(8) as u8, 0, 0, 0],
        });
    }
    for _ in 0..1 + rng.below(4) {
        let c = [
            range(rng, -50.0, span - 50.0),
            range(rng, -50.0, span - 50.0),
            range(rng, 0.0, 6.0),
        ];
        let h = [0; 3].map(|_| range(rng, 0.5, 4.0));
        spec.boxes.push(Cuboid {
            min: [0, 1, 2].map(|i| q(c[i] - h[i])),
            max: [0, 1, 2].map(|i| q(c[i] + h[i])),
            surface: [rng.below(8) as u8, 0, 0, 0],
        });
    }
    let bounds = spec.fitted_bounds();
    spec.with_bounds(bounds)
}

fn culls_content(m: &Model<'_>) -> bool {
    m.lints().any(|l| {
        matches!(
            l.kind,
            LintKind::OutsideBounds { .. } | LintKind::FaceGroupBox { .. }
        )
    })
}

fn check_models(models: &[Model<'_>], rng: &mut Rng, per_model: usize) -> Tally {
    let mut tally = Tally::default();
    for m in models {
        assert!(
            !culls_content(m),
            "{:?}: the game culls content of this model",
            m.name()
        );
        let p = Parry::build(m);
        for _ in 0..per_model {
            let s = segment(rng, m);
            if len(sub(s.end, s.start)) < 1e-3 {
                continue;
            }
            check(m, &p, s, &mut tally);
        }
    }
    tally
}

fn assert_tally(tally: &Tally) {
    eprintln!("parry agreement: {tally:?}");
    // Most segments through the bounds hit something, and few are edge cases.
    assert!(tally.hits * 4 > tally.cases, "{tally:?}");
    assert!(tally.edge_only_one_side * 100 <= tally.cases, "{tally:?}");
}

#[test]
fn gta_samples_agree_with_parry() {
    let mut rng = Rng::new(seed(0x9A_2201));
    let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample.col")).unwrap();
    let mut specs = sample_specs();
    specs.extend([b"COLL", b"COL2", b"COL3", b"COL4"].map(|f| full_spec(f, 7)));
    let built: Vec<_> = specs.iter().map(ModelSpec::build).collect();
    let mut models: Vec<Model<'_>> = gta::models(&file, Options::STRICT)
        .map(Result::unwrap)
        .collect();
    models.extend(
        built
            .iter()
            .map(|b| Model::parse(&b.bytes, Options::STRICT).unwrap()),
    );
    models
        .retain(|m| !culls_content(m) && m.faces().len() + m.spheres().len() + m.boxes().len() > 0);
    assert!(models.len() >= 5, "{} models", models.len());
    let tally = check_models(&models, &mut rng, 1000 * scale());
    assert_tally(&tally);
}

#[test]
fn gta_terrains_agree_with_parry_with_and_without_face_groups() {
    let mut rng = Rng::new(seed(0x9A_2202));
    let mut specs = Vec::new();
    for fourcc in [b"COL2", b"COL3", b"COL4"] {
        for groups in [false, true] {
            let n = 4 + rng.below(12);
            specs.push(terrain_spec(&mut rng, fourcc, n, groups));
        }
    }
    let built: Vec<_> = specs.iter().map(ModelSpec::build).collect();
    let models: Vec<Model<'_>> = built
        .iter()
        .map(|b| Model::parse(&b.bytes, Options::STRICT).unwrap())
        .collect();
    assert_eq!(
        models
            .iter()
            .filter(|m| !m.face_groups().is_empty())
            .count(),
        3
    );
    let tally = check_models(&models, &mut rng, 2000 * scale());
    assert_tally(&tally);
    assert!(tally.hits > 6000 * scale(), "{tally:?}");
}

/// A static TCOL body of a trimesh alone: an `n`×`n` height grid of 2-metre quads.
fn grit_terrain(rng: &mut Rng, n: usize) -> String {
    use std::fmt::Write;
    let mut t = String::from("TCOL1.0\nattributes { static; }\ntrimesh {\nvertexes {\n");
    for y in 0..=n {
        for x in 0..=n {
            let h = range(rng, -2.0, 2.0);
            writeln!(
                t,
                "{:?} {:?} {h:?};",
                x as f32 * 2.0 + range(rng, -0.4, 0.4),
                y as f32 * 2.0
            )
            .unwrap();
        }
    }
    t.push_str("}\nfaces {\n");
    let at = |x: usize, y: usize| y * (n + 1) + x;
    for y in 0..n {
        for x in 0..n {
            let m = GRIT_MATERIALS[(x + y) % 2];
            writeln!(
                t,
                "{} {} {} \"{m}\";",
                at(x, y),
                at(x + 1, y),
                at(x + 1, y + 1)
            )
            .unwrap();
            writeln!(
                t,
                "{} {} {} \"{m}\";",
                at(x, y),
                at(x + 1, y + 1),
                at(x, y + 1)
            )
            .unwrap();
        }
    }
    t.push_str("}\n}\n");
    t
}

/// The Grit trimesh (`n`×`n` quads) cast through `body` and through parry.
fn check_grit<'a>(
    body: &impl Query<Material = &'a str>,
    mesh: &zerocol::grit::Trimesh<'_>,
    n: usize,
    segments: usize,
    rng: &mut Rng,
) {
    let vertices: Vec<V3> = mesh.vertices().collect();
    let faces: Vec<[u32; 3]> = mesh.faces().map(|f| f.indices).collect();
    assert_eq!(faces.len(), n * n * 2);
    let p = Parry {
        spheres: Vec::new(),
        boxes: Vec::new(),
        triangles: faces
            .iter()
            .map(|f| f.map(|i| vertices[i as usize]))
            .collect(),
        mesh: Some(
            TriMesh::with_flags(
                vertices.iter().map(|&x| v(x)).collect(),
                faces,
                TriMeshFlags::empty(),
            )
            .unwrap(),
        ),
    };
    let span = n as f32 * 2.0;
    let mut tally = Tally::default();
    for _ in 0..segments {
        let point = |rng: &mut Rng| {
            [
                range(rng, -5.0, span + 5.0),
                range(rng, -5.0, span + 5.0),
                range(rng, -6.0, 6.0),
            ]
        };
        let s = Segment::new(point(rng), point(rng));
        if len(sub(s.end, s.start)) < 1e-3 {
            continue;
        }
        tally.cases += 1;
        let ours = body.cast(s);
        let (all, bvh) = p.cast(s);
        assert_eq!(all.first().map(|h| h.0), bvh.map(|b| b.0), "{s:?}");
        match (ours, all.first()) {
            (None, None) => {}
            (Some(h), Some(&(t, _, index, normal))) => {
                tally.hits += 1;
                assert!((h.t - t).abs() <= T_TOLERANCE, "{s:?}: {} vs {t}", h.t);
                assert_eq!(h.primitive, Primitive::Face);
                let tied = all
                    .iter()
                    .filter(|o| (o.0 - t).abs() <= T_TOLERANCE)
                    .count();
                if tied > 1 {
                    tally.ambiguous_kind += 1;
                } else {
                    assert_eq!(h.index, index, "{s:?}");
                    assert!(dot(h.normal, normal) > 0.999, "{s:?}");
                    let (x, y) = (index / 2 % n, index / 2 / n);
                    assert_eq!(h.material, GRIT_MATERIALS[(x + y) % 2]);
                }
            }
            (ours, theirs) => {
                let (kind, index, t) = match (ours, theirs) {
                    (Some(h), _) => (h.primitive, h.index, h.t),
                    (_, Some(&(t, k, i, _))) => (k, i, t),
                    _ => unreachable!(),
                };
                let edge = p.edge_distance(kind, index, s, t);
                assert!(
                    edge < EDGE || t > 1.0 - EDGE,
                    "{s:?}: only one side hits {kind:?} {index} at {t}"
                );
                tally.edge_only_one_side += 1;
            }
        }
    }
    assert_tally(&tally);
}

const GRIT_MATERIALS: [&str; 2] = ["/common/pmat/Grass", "/common/pmat/Stone"];

/// TCOL (text) and BCOL (its conversion) of a trimesh terrain: the TCOL view on a small
/// one (its cast lexes the vertex list from the start for each corner: O(faces ×
/// vertices)), the BCOL view on a larger one.
#[test]
fn grit_trimesh_agrees_with_parry() {
    use zerocol::grit::bcol::{self, Bcol};
    use zerocol::grit::tcol::{self, Tcol};
    let mut rng = Rng::new(seed(0x9A_2203));
    let text = grit_terrain(&mut rng, 8);
    let body = Tcol::parse_str(&text, tcol::Options::STRICT).unwrap();
    check_grit(&body, &body.trimesh().unwrap(), 8, 60 * scale(), &mut rng);

    let text = grit_terrain(&mut rng, 24);
    let body = Tcol::parse_str(&text, tcol::Options::STRICT).unwrap();
    let (attributes, shapes, trimesh) = (body.attributes(), body.shapes(), body.trimesh());
    let mut out =
        vec![0; bcol::required_len(&attributes, shapes.clone(), trimesh.clone()).unwrap()];
    let written = bcol::write(&attributes, shapes, trimesh, &mut out).unwrap();
    let binary = Bcol::parse(&out[..written], bcol::Options::STRICT).unwrap();
    check_grit(
        &binary,
        &binary.trimesh().unwrap(),
        24,
        400 * scale(),
        &mut rng,
    );
}

/// Where `s` enters a BattleForge cylinder, exactly (in f64, in the frame
/// `Transform::to_local` takes it to: axis local Y from 0 to the height): the slab
/// of the caps met with the quadratic of the side. `None` when it misses.
fn cylinder_entry(c: &zerocol::battleforge::CylinderShape, s: Segment) -> Option<f64> {
    let (r, p) = (c.transform.rotation, c.transform.position);
    let local = |w: V3| -> [f64; 3] {
        let d = [0, 1, 2].map(|i| f64::from(w[i]) - f64::from(p[i]));
        [0, 1, 2].map(|j| (0..3).map(|i| f64::from(r[i][j]) * d[i]).sum())
    };
    let (a, b) = (local(s.start), local(s.end));
    let d = [0, 1, 2].map(|i| b[i] - a[i]);
    let (h, radius) = (f64::from(c.height), f64::from(c.radius));
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    if d[1] == 0.0 {
        if !(0.0..=h).contains(&a[1]) {
            return None;
        }
    } else {
        let (u, v) = (-a[1] / d[1], (h - a[1]) / d[1]);
        (lo, hi) = (lo.max(u.min(v)), hi.min(u.max(v)));
    }
    // x² + z² ≤ r² along the segment: qa·t² + 2·qb·t + qc ≤ 0.
    let qa = d[0] * d[0] + d[2] * d[2];
    let qb = a[0] * d[0] + a[2] * d[2];
    let qc = a[0] * a[0] + a[2] * a[2] - radius * radius;
    if qa == 0.0 {
        if qc > 0.0 {
            return None;
        }
    } else {
        let disc = qb * qb - qa * qc;
        if disc < 0.0 {
            return None;
        }
        let sq = disc.sqrt();
        (lo, hi) = (lo.max((-qb - sq) / qa), hi.min((-qb + sq) / qa));
    }
    (lo <= hi).then_some(lo)
}

/// BattleForge's shapes as parry shapes in each shape's own frame: a segment is taken
/// into it as the query does (`Transform::to_local`), where a linear map keeps `t`.
/// Boxes are `Cuboid`s about their centre, spheres `Ball`s at the transform's position,
/// cylinders parry `Cylinder`s (axis local Y, as in the format) about half their height.
#[test]
fn battleforge_sample_agrees_with_parry() {
    use parry3d::shape::Cylinder as PCylinder;
    use zerocol::battleforge::{Drs, Options as BfOptions};
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/collision.drs"
    ))
    .unwrap();
    let drs = Drs::parse(&bytes, BfOptions::STRICT).unwrap();
    let (_, shapes) = drs.collision_shape().unwrap();
    let boxes: Vec<_> = shapes.boxes().iter().map(|b| b.decode()).collect();
    let spheres: Vec<_> = shapes.spheres().iter().map(|s| s.decode()).collect();
    let cylinders: Vec<_> = shapes.cylinders().iter().map(|c| c.decode()).collect();
    assert!(!boxes.is_empty() && !spheres.is_empty() && !cylinders.is_empty());
    // Segments through the shapes' neighbourhood: the box of their world positions,
    // grown by the largest extent.
    let (mut min, mut max) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    let mut reach = 1.0f32;
    for (p, r) in boxes
        .iter()
        .map(|b| (b.transform.position, len(sub(b.upper, b.lower))))
        .chain(spheres.iter().map(|s| (s.transform.position, s.radius)))
        .chain(
            cylinders
                .iter()
                .map(|c| (c.transform.position, c.height + c.radius)),
        )
    {
        for i in 0..3 {
            min[i] = min[i].min(p[i]);
            max[i] = max[i].max(p[i]);
        }
        reach = reach.max(r);
    }
    // One shape's cast in its frame: `to_local` of the segment's ends, then parry on
    // `origin − centre` (local), t = time of impact over the local length.
    let local_cast = |shape: &dyn RayCast, to_local: &dyn Fn(V3) -> V3, centre: V3, s: Segment| {
        let (a, b) = (sub(to_local(s.start), centre), sub(to_local(s.end), centre));
        let d = sub(b, a);
        let l = len(d);
        let ray = Ray::new(v(a), v(d.map(|c| c / l)));
        shape.cast_local_ray(&ray, l, true).map(|toi| toi / l)
    };
    let mut rng = Rng::new(seed(0x9A_2204));
    let mut tally = Tally::default();
    let mut grazes = 0;
    for _ in 0..3000 * scale() {
        let point = |rng: &mut Rng| [0, 1, 2].map(|i| range(rng, min[i] - reach, max[i] + reach));
        let s = Segment::new(point(&mut rng), point(&mut rng));
        if len(sub(s.end, s.start)) < 1e-3 {
            continue;
        }
        tally.cases += 1;
        let mut all: Vec<(f32, Primitive, usize)> = Vec::new();
        for (i, sp) in spheres.iter().enumerate() {
            let t = sp.transform;
            if let Some(t) =
                local_cast(&PBall::new(sp.radius), &|p| sub(p, t.position), [0.0; 3], s)
            {
                all.push((t, Primitive::Sphere, i));
            }
        }
        for (i, b) in boxes.iter().enumerate() {
            let centre = [0, 1, 2].map(|k| (b.lower[k] + b.upper[k]) / 2.0);
            let half = [0, 1, 2].map(|k| (b.upper[k] - b.lower[k]).abs() / 2.0);
            let tr = b.transform;
            if let Some(t) = local_cast(&PCuboid::new(v(half)), &|p| tr.to_local(p), centre, s) {
                all.push((t, Primitive::Box, i));
            }
        }
        // Parry casts cylinders by GJK to about 1e-3 of the segment (1.6e-3 on a
        // graze of seed 4), and so also hits segments that pass a cylinder by less
        // (seed 1 passes cylinder 0's axis at 1.0001 of its radius; parry hit it at
        // t = 0.235). Where parry hits a cylinder, the exact entry (f64) gives `t`,
        // or, when there is none, drops the hit (counted, at most 1 %).
        for (i, c) in cylinders.iter().enumerate() {
            let tr = c.transform;
            let shape = PCylinder::new(c.height / 2.0, c.radius);
            if local_cast(&shape, &|p| tr.to_local(p), [0.0, c.height / 2.0, 0.0], s).is_some() {
                match cylinder_entry(c, s) {
                    Some(t) => all.push((t as f32, Primitive::Cylinder, i)),
                    None => grazes += 1,
                }
            }
        }
        all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        match (shapes.cast(s), all.first()) {
            (None, None) => {}
            (Some(h), Some(&(t, kind, index))) => {
                tally.hits += 1;
                assert!(
                    (h.t - t).abs() <= T_TOLERANCE,
                    "{s:?}: zerocol {h:?}, parry {t} {kind:?} {index}"
                );
                if h.primitive == Primitive::Cylinder && h.t > 0.0 {
                    let c = &cylinders[h.index];
                    let exact = cylinder_entry(c, s);
                    assert!(
                        exact.is_some_and(|e| (f64::from(h.t) - e).abs() <= f64::from(T_TOLERANCE)),
                        "{s:?}: zerocol {h:?}, exact {exact:?}"
                    );
                    let [x, y, z] = c.transform.to_local(h.point);
                    let radial = (x * x + z * z).sqrt();
                    let scale = c.radius.max(c.height);
                    let on_side = (radial - c.radius).abs() <= 1e-4 * scale
                        && (-1e-4 * scale..=c.height + 1e-4 * scale).contains(&y);
                    let on_cap = (y.abs() <= 1e-4 * scale || (y - c.height).abs() <= 1e-4 * scale)
                        && radial <= c.radius * (1.0 + 1e-4);
                    assert!(
                        on_side || on_cap,
                        "{s:?}: {h:?} is off cylinder {} ({radial}, {y})",
                        h.index
                    );
                }
                if all
                    .iter()
                    .filter(|o| (o.0 - t).abs() <= T_TOLERANCE)
                    .count()
                    > 1
                {
                    tally.ambiguous_kind += 1;
                } else {
                    assert_eq!((h.primitive, h.index), (kind, index), "{s:?}");
                }
            }
            (ours, theirs) => {
                // A graze one side sees: counted, and held under 1 % below (none
                // in the seeds tried).
                tally.edge_only_one_side += 1;
                eprintln!("{s:?}: zerocol {ours:?}, parry {theirs:?}");
            }
        }
    }
    eprintln!("parry agreement: {tally:?}, {grazes} parry cylinder grazes that miss");
    assert!(grazes * 100 <= tally.cases, "{grazes} grazes of {tally:?}");
    // A fifth of the segments hit (the shapes are small in their neighbourhood).
    assert!(tally.hits * 10 > tally.cases, "{tally:?}");
    assert!(tally.edge_only_one_side * 100 <= tally.cases, "{tally:?}");
}
