//! Grit: casts and overlaps on TCOL files of random spheres, boxes, cylinders, cones,
//! planes, hulls and a trimesh, and on the same bodies written as BCOL (the two must
//! answer the same, bit for bit). The oracle, written here: each solid's own point
//! test (its frame from the quaternion, computed here) sampled along the segment, and
//! a brute force over every trimesh face.

use std::fmt::Write;

use zerocol::grit::bcol::{Bcol, Options as BcolOptions};
use zerocol::grit::tcol::{Options, Tcol};
use zerocol::grit::{FaceIndex, IndexedFace};
use zerocol::query::{
    Ball, Contact, FaceTree, Node, Primitive, Query, Segment, ground, segment_triangle,
    sphere_triangle,
};

use super::{check_hit_shape, finite, segment};
use crate::support::bcol::tcol_to_bcol;
use crate::support::rng::{Rng, scale, seed};

type V = [f32; 3];

/// A unit quaternion `w x y z` rotating `v`.
fn rotate(q: [f32; 4], v: V) -> V {
    let [w, x, y, z] = q;
    let u = [x, y, z];
    let cross = |a: V, b: V| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let t = cross(u, v).map(|c| 2.0 * c);
    let tt = cross(u, t);
    std::array::from_fn(|i| v[i] + w * t[i] + tt[i])
}

fn conj([w, x, y, z]: [f32; 4]) -> [f32; 4] {
    [w, -x, -y, -z]
}

fn local(q: [f32; 4], c: V, p: V) -> V {
    rotate(conj(q), std::array::from_fn(|i| p[i] - c[i]))
}

#[derive(Clone, Debug)]
enum Solid {
    Sphere {
        c: V,
        r: f32,
    },
    Box {
        c: V,
        q: [f32; 4],
        h: V,
    },
    Cylinder {
        c: V,
        q: [f32; 4],
        r: f32,
        h: f32,
    },
    Cone {
        c: V,
        q: [f32; 4],
        r: f32,
        h: f32,
    },
    Plane {
        n: V,
        d: f32,
    },
    /// The corners of a box (and points inside it).
    Hull {
        c: V,
        q: [f32; 4],
        h: V,
    },
}

impl Solid {
    fn primitive(&self) -> Primitive {
        match self {
            Solid::Sphere { .. } => Primitive::Sphere,
            Solid::Box { .. } => Primitive::Box,
            Solid::Cylinder { .. } => Primitive::Cylinder,
            Solid::Cone { .. } => Primitive::Cone,
            Solid::Plane { .. } => Primitive::Plane,
            Solid::Hull { .. } => Primitive::Hull,
        }
    }

    /// `p` in the solid grown by `s` (shrunk when negative), near enough.
    fn holds(&self, p: V, s: f32) -> bool {
        match *self {
            Solid::Sphere { c, r } => {
                (0..3).map(|i| (p[i] - c[i]).powi(2)).sum::<f32>().sqrt() <= r + s
            }
            Solid::Box { c, q, h } | Solid::Hull { c, q, h } => {
                let l = local(q, c, p);
                (0..3).all(|i| l[i].abs() <= h[i] + s)
            }
            Solid::Cylinder { c, q, r, h } => {
                let l = local(q, c, p);
                (l[0] * l[0] + l[1] * l[1]).sqrt() <= r + s && l[2].abs() <= h / 2.0 + s
            }
            Solid::Cone { c, q, r, h } => {
                let l = local(q, c, p);
                let rho = (l[0] * l[0] + l[1] * l[1]).sqrt();
                l[2] >= -h / 2.0 - s && l[2] <= h / 2.0 + s && rho <= r * (h / 2.0 - l[2]) / h + s
            }
            Solid::Plane { n, d } => {
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                (0..3).map(|i| n[i] / len * p[i]).sum::<f32>() <= d + s
            }
        }
    }
}

fn quaternion(rng: &mut Rng) -> [f32; 4] {
    let q: [f32; 4] = std::array::from_fn(|_| rng.range(-1.0, 1.0));
    let n = q.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-2);
    q.map(|v| v / n)
}

fn v3(v: V) -> String {
    format!("{:?} {:?} {:?}", v[0], v[1], v[2])
}

/// A static body of random solids (in BCOL's stored order, so indices agree) and a
/// trimesh, as TCOL text, with the solids as the oracle sees them.
fn body(rng: &mut Rng) -> (String, Vec<Solid>) {
    let mut solids = Vec::new();
    let mut t = String::from("TCOL1.0\nattributes { static; }\ncompound {\n");
    let point = |rng: &mut Rng| -> V { std::array::from_fn(|_| rng.range(-8.0, 8.0)) };
    let mat = |i: usize| format!("/m/{}", i % 5);
    for _ in 0..rng.below(3) {
        let (c, q) = (point(rng), quaternion(rng));
        let h: V = std::array::from_fn(|_| rng.range(0.2, 3.0));
        let mut corners = Vec::new();
        for bits in 0..8 {
            let l: V = std::array::from_fn(|i| if bits >> i & 1 == 1 { h[i] } else { -h[i] });
            let w = rotate(q, l);
            corners.push(std::array::from_fn::<f32, 3, _>(|i| w[i] + c[i]));
        }
        corners.push(c);
        rng.shuffle(&mut corners);
        // The oracle's box from the corners as written (rounded to f32 already).
        let _ = write!(
            t,
            "hull {{ margin 0; material \"{}\"; vertexes {{",
            mat(solids.len())
        );
        for p in &corners {
            let _ = write!(t, " {};", v3(*p));
        }
        t += " } }\n";
        solids.push(Solid::Hull { c, q, h });
    }
    for kind in ["box", "cylinder"] {
        for _ in 0..rng.below(3) {
            let (c, q) = (point(rng), quaternion(rng));
            let d: V = std::array::from_fn(|_| rng.range(0.3, 5.0));
            let _ = writeln!(
                t,
                "{kind} {{ margin {:?}; material \"{}\"; centre {}; orientation {:?} {:?} {:?} {:?}; dimensions {}; }}",
                rng.range(0.0, 0.1),
                mat(solids.len()),
                v3(c),
                q[0],
                q[1],
                q[2],
                q[3],
                v3(d)
            );
            solids.push(if kind == "box" {
                Solid::Box {
                    c,
                    q,
                    h: d.map(|x| x / 2.0),
                }
            } else {
                Solid::Cylinder {
                    c,
                    q,
                    r: d[0] / 2.0,
                    h: d[2],
                }
            });
        }
    }
    for _ in 0..rng.below(3) {
        let (c, q) = (point(rng), quaternion(rng));
        let (r, h) = (rng.range(0.3, 3.0), rng.range(0.3, 5.0));
        let _ = writeln!(
            t,
            "cone {{ margin 0; material \"{}\"; centre {}; orientation {:?} {:?} {:?} {:?}; radius {r:?}; height {h:?}; }}",
            mat(solids.len()),
            v3(c),
            q[0],
            q[1],
            q[2],
            q[3]
        );
        solids.push(Solid::Cone { c, q, r, h });
    }
    if rng.one_in(4) {
        let n: V = std::array::from_fn(|_| rng.range(-1.0, 1.0));
        let d = rng.range(-12.0, -4.0);
        let _ = writeln!(
            t,
            "plane {{ material \"{}\"; normal {}; distance {d:?}; }}",
            mat(solids.len()),
            v3(n)
        );
        solids.push(Solid::Plane { n, d });
    }
    for _ in 0..rng.below(3) {
        let (c, r) = (point(rng), rng.range(0.2, 3.0));
        let _ = writeln!(
            t,
            "sphere {{ material \"{}\"; centre {}; radius {r:?}; }}",
            mat(solids.len()),
            v3(c)
        );
        solids.push(Solid::Sphere { c, r });
    }
    t += "}\n";
    if rng.one_in(2) {
        let n = 3 + rng.below(10);
        t += "trimesh { vertexes {";
        for _ in 0..n {
            let _ = write!(t, " {};", v3(point(rng)));
        }
        t += " } faces {";
        for f in 0..1 + rng.below(12) {
            let _ = write!(
                t,
                " {} {} {} \"/f/{}\";",
                rng.below(n),
                rng.below(n),
                rng.below(n),
                f % 3
            );
        }
        t += " } }\n";
    }
    (t, solids)
}

const SAMPLES: usize = 200;

fn at(s: &Segment, t: f32) -> V {
    std::array::from_fn(|i| s.start[i] + (s.end[i] - s.start[i]) * t)
}

/// Checks one cast against the oracle; whether it hit.
#[track_caller]
fn check(tcol: &Tcol, bcol: &Bcol, solids: &[Solid], s: &Segment, skip: Option<&str>) -> bool {
    let keep = |m: &&str| Some(*m) != skip;
    let hit = tcol.cast_filtered(*s, &mut |m| keep(m));
    assert_eq!(
        hit,
        bcol.cast_filtered(*s, &mut |m| keep(m)),
        "{s:?}: TCOL and BCOL differ"
    );
    let mut storage = vec![[0.0; 3]; tcol.trimesh().map_or(0, |t| t.vertex_count())];
    let indexed = tcol.vertex_index(&mut storage).unwrap();
    assert_eq!(
        hit,
        indexed.cast_filtered(*s, &mut |m| keep(m)),
        "{s:?}: the vertex index differs"
    );
    let (faces, nodes) = face_storage(tcol);
    let (mut vertices, mut faces, mut nodes) = (storage.clone(), faces, nodes);
    let tree = bcol
        .face_index(&mut vertices, &mut faces, &mut nodes)
        .unwrap();
    assert_eq!(
        hit,
        tree.cast_filtered(*s, &mut |m| keep(m)),
        "{s:?}: the face index differs"
    );
    let rebuilt = FaceIndex::from_parts(bcol.bytes(), tree.parts());
    assert_eq!(
        hit,
        rebuilt.cast_filtered(*s, &mut |m| keep(m)),
        "{s:?}: the face index rebuilt from its parts differs"
    );
    if !(finite(s.start) && finite(s.end)) {
        assert_eq!(hit, None, "{s:?}");
        return false;
    }
    let kept: Vec<(usize, &Solid)> = solids
        .iter()
        .enumerate()
        .filter(|(i, _)| keep(&tcol.shapes().nth(*i).unwrap().material()))
        .collect();
    let len = s.direction().iter().map(|x| x * x).sum::<f32>().sqrt();
    let slack = 2e-3
        * (1.0
            + s.start
                .iter()
                .chain(&s.end)
                .fold(0.0f32, |m, x| m.max(x.abs()))
                / 10.0);
    let tol = slack / len.max(1e-6);
    let first_inside = (0..=SAMPLES)
        .map(|k| k as f32 / SAMPLES as f32)
        .find(|&t| kept.iter().any(|(_, solid)| solid.holds(at(s, t), -slack)));
    // Faces, brute force.
    let mut face: Option<f32> = None;
    if let Some(mesh) = tcol.trimesh() {
        let v: Vec<V> = mesh.vertices().collect();
        for f in mesh.faces() {
            if !keep(&f.material) {
                continue;
            }
            let tri = f.indices.map(|i| v[i as usize]);
            if let Some((t, _)) = segment_triangle(s.start, s.direction(), tri) {
                face = Some(face.map_or(t, |b: f32| b.min(t)));
            }
        }
    }
    match hit {
        None => {
            assert_eq!(
                first_inside, None,
                "{s:?}: a sample is inside a solid, no hit"
            );
            assert_eq!(face, None, "{s:?}: brute force hits a face");
            false
        }
        Some(h) => {
            check_hit_shape(s, h.t, h.point, h.normal);
            assert!(keep(&h.material), "{s:?}: {h:?} was filtered out");
            if let Some(f) = face {
                assert!(h.t <= f, "{s:?}: {h:?} after a face at {f}");
            }
            if let Some(t) = first_inside {
                assert!(h.t <= t + tol, "{s:?}: {h:?} after a sample inside at {t}");
            }
            if h.primitive == Primitive::Face {
                assert_eq!(Some(h.t), face, "{s:?}");
            } else {
                let solid = &solids[h.index];
                assert_eq!(solid.primitive(), h.primitive, "{s:?}: {h:?}");
                assert!(solid.holds(h.point, slack), "{s:?}: {h:?} off {solid:?}");
                for k in 0..=SAMPLES {
                    let t = k as f32 / SAMPLES as f32;
                    if t < h.t - tol {
                        assert!(
                            !kept.iter().any(|(_, x)| x.holds(at(s, t), -slack)),
                            "{s:?}: {h:?}, inside at {t}"
                        );
                    }
                }
            }
            true
        }
    }
}

/// Face and node storage for a face index of `tcol`.
fn face_storage(tcol: &Tcol<'_>) -> (Vec<IndexedFace>, Vec<Node>) {
    let faces = tcol.trimesh().map_or(0, |t| t.face_count());
    (
        vec![IndexedFace::default(); faces],
        vec![Node::EMPTY; FaceTree::nodes_for(faces)],
    )
}

#[track_caller]
fn check_overlap(tcol: &Tcol, bcol: &Bcol, solids: &[Solid], ball: Ball) {
    let blank = Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0; 3],
        primitive: Primitive::Face,
        index: 0,
        material: "",
    };
    let (mut a, mut b, mut one) = ([blank; 64], [blank; 64], [blank; 1]);
    let n = tcol.overlap(ball, &mut a);
    let mut storage = vec![[0.0; 3]; 64];
    assert_eq!(
        bcol.vertex_index(&mut storage)
            .unwrap()
            .overlap(ball, &mut b),
        n
    );
    assert_eq!(a[..n.min(64)], b[..n.min(64)]);
    let (mut faces, mut nodes) = face_storage(tcol);
    let tree = tcol
        .face_index(&mut storage, &mut faces, &mut nodes)
        .unwrap();
    assert_eq!(tree.overlap(ball, &mut b), n);
    let rebuilt = FaceIndex::from_parts(tcol.text(), tree.parts());
    let mut c = [blank; 64];
    assert_eq!(rebuilt.overlap(ball, &mut c), n);
    assert_eq!(
        b, c,
        "{ball:?}: the face index rebuilt from its parts differs"
    );
    assert_eq!(
        a[..n.min(64)],
        b[..n.min(64)],
        "{ball:?}: the face index differs"
    );
    let mut few = vec![blank; n / 2];
    assert_eq!(tree.overlap(ball, &mut few), n);
    assert_eq!(
        few[..],
        a[..n / 2],
        "{ball:?}: a short slice holds the first"
    );
    assert_eq!(bcol.overlap(ball, &mut b), n);
    assert_eq!(
        tcol.overlap(ball, &mut one),
        n,
        "the count does not depend on the room"
    );
    assert_eq!(a[..n.min(64)], b[..n.min(64)]);
    if !(finite(ball.center) && ball.radius >= 0.0) {
        assert_eq!(n, 0);
        return;
    }
    let contacts = &a[..n.min(64)];
    for (i, solid) in solids.iter().enumerate() {
        if solid.holds(ball.center, -1e-3) {
            assert!(
                contacts
                    .iter()
                    .any(|c| c.primitive != Primitive::Face && c.index == i),
                "{ball:?}: {solid:?}"
            );
        }
    }
    let mut faces = 0;
    if let Some(mesh) = tcol.trimesh() {
        let v: Vec<V> = mesh.vertices().collect();
        faces = mesh
            .faces()
            .filter(|f| {
                sphere_triangle(ball.center, ball.radius, f.indices.map(|i| v[i as usize]))
                    .is_some()
            })
            .count();
    }
    assert_eq!(
        contacts
            .iter()
            .filter(|c| c.primitive == Primitive::Face)
            .count(),
        faces.min(contacts.len()),
        "{ball:?}"
    );
    for c in contacts.iter().filter(|c| c.primitive != Primitive::Face) {
        let solid = &solids[c.index];
        assert!(
            c.depth >= 0.0 && solid.holds(c.point, 2e-3),
            "{ball:?}: {c:?} off {solid:?}"
        );
        if !solid.holds(ball.center, 0.0) {
            let d = (0..3)
                .map(|i| (c.point[i] - ball.center[i]).powi(2))
                .sum::<f32>()
                .sqrt();
            assert!(
                d <= ball.radius + 2e-3 && (c.depth - (ball.radius - d)).abs() < 2e-3,
                "{ball:?}: {c:?}"
            );
        }
    }
}

#[test]
fn tcol_and_bcol_casts_and_overlaps_agree_with_the_oracle() {
    let mut rng = Rng::new(seed(0x9c01_3201));
    let (mut hits, mut cases) = (0usize, 0usize);
    let mut kinds = std::collections::HashSet::new();
    for _ in 0..8 * scale() {
        let (text, solids) = body(&mut rng);
        let tcol =
            Tcol::parse(text.as_bytes(), Options::STRICT).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let bytes = tcol_to_bcol(&tcol);
        let bcol = Bcol::parse(&bytes, BcolOptions::STRICT).unwrap();
        for i in 0..60 {
            cases += 1;
            let s = segment(&mut rng, [-12.0; 3], [12.0; 3]);
            let skip = (i % 5 == 0).then_some("/m/1");
            if check(&tcol, &bcol, &solids, &s, skip) {
                hits += 1;
                if let Some(h) = tcol.cast_filtered(s, &mut |m| Some(*m) != skip) {
                    kinds.insert(h.primitive);
                }
            }
            check_overlap(
                &tcol,
                &bcol,
                &solids,
                Ball {
                    center: s.start,
                    radius: rng.range(0.0, 3.0),
                },
            );
        }
    }
    assert!(
        hits > cases / 10 && hits < cases * 9 / 10,
        "{hits} of {cases}"
    );
    assert_eq!(kinds.len(), 7, "every kind hit at least once: {kinds:?}");
}

#[test]
fn margins_grow_hulls_and_cones_and_ground_finds_the_top() {
    let text = b"TCOL1.0\nattributes { static; }\ncompound {\n\
        hull { margin 0.5; material \"h\"; vertexes { -1 -1 -1; 1 -1 -1; -1 1 -1; 1 1 -1; -1 -1 1; 1 -1 1; -1 1 1; 1 1 1; } }\n\
        cone { margin 0.25; material \"c\"; centre 10 0 0; radius 1; height 2; }\n\
        box { margin 0.5; material \"b\"; centre 20 0 0; dimensions 2 2 2; }\n}\n";
    let tcol = Tcol::parse(text, Options::STRICT).unwrap();
    // The hull's face at x = -1 moved out to -1.5; t = 1.5 / 6 from x = -3.
    let h = tcol
        .cast(Segment::new([-3.0, 0.0, 0.0], [3.0, 0.0, 0.0]))
        .unwrap();
    assert_eq!((h.primitive, h.material), (Primitive::Hull, "h"));
    assert!((h.point[0] + 1.5).abs() < 1e-3, "{h:?}");
    // The cone's base at z = -1 moved down to -1.25.
    let c = tcol
        .cast(Segment::new([10.0, 0.0, -5.0], [10.0, 0.0, 5.0]))
        .unwrap();
    assert!((c.point[2] + 1.25).abs() < 1e-3, "{c:?}");
    // A box's margin grows inwards: its faces stay at ±1.
    let b = tcol
        .cast(Segment::new([20.0, 0.0, 5.0], [20.0, 0.0, -5.0]))
        .unwrap();
    assert_eq!((b.point[2], b.normal), (1.0, [0.0, 0.0, 1.0]));
    // Ground: the highest surface below a point, Z-up.
    let g = ground(&tcol, [20.0, 0.0, 10.0], 100.0).unwrap();
    assert_eq!((g.material, g.point[2]), ("b", 1.0));
    assert_eq!(ground(&tcol, [50.0, 0.0, 10.0], 100.0), None);
    // A vertex index needs room for every trimesh vertex.
    let mesh = b"TCOL1.0\nattributes { static; }\ntrimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"f\"; } }";
    let tcol = Tcol::parse(mesh, Options::STRICT).unwrap();
    let mut two = [[0.0; 3]; 2];
    let err = tcol.vertex_index(&mut two).unwrap_err();
    assert_eq!((err.needed, err.available), (3, 2));
    assert_eq!(
        err.to_string(),
        "expected caller storage of at least 3 entries, found 2"
    );
    let mut three = [[0.0; 3]; 3];
    let hit = tcol
        .vertex_index(&mut three)
        .unwrap()
        .cast(Segment::new([0.2, 0.2, 1.0], [0.2, 0.2, -1.0]));
    assert_eq!(
        hit.map(|h| (h.t, h.material, h.normal)),
        Some((0.5, "f", [0.0, 0.0, 1.0]))
    );
}

/// A face index rebuilt from its parts over storage changed since the build (zero
/// bits, then random bits in the faces and vertices, its nodes moved): every query ends, never
/// panics (debug assertions included) and never reads outside the storage.
#[test]
fn a_face_index_over_altered_storage_answers_without_panicking() {
    let mut rng = Rng::new(seed(0x9c01_3202));
    for round in 0..10 * scale() {
        let (text, _) = body(&mut rng);
        let tcol = Tcol::parse(text.as_bytes(), Options::STRICT).unwrap();
        let bytes = tcol_to_bcol(&tcol);
        let bcol = Bcol::parse(&bytes, BcolOptions::STRICT).unwrap();
        let mut vertices = vec![[0.0; 3]; tcol.trimesh().map_or(0, |t| t.vertex_count())];
        let (mut faces, mut nodes) = face_storage(&tcol);
        for (body_bytes, binary) in [(tcol.text(), false), (bcol.bytes(), true)] {
            let (shapes, magnitude) = {
                let index = if binary {
                    bcol.face_index(&mut vertices, &mut faces, &mut nodes)
                } else {
                    tcol.face_index(&mut vertices, &mut faces, &mut nodes)
                }
                .unwrap();
                let parts = index.parts();
                (parts.shapes, parts.tree.parts().1)
            };
            // Round 0 of each body: zero bits; then random bits.
            let mut words = |n: usize| -> Vec<u32> {
                (0..n)
                    .map(|_| if round == 0 { 0 } else { rng.u32() })
                    .collect()
            };
            let w = words(vertices.len() * 3);
            for (v, w) in vertices.iter_mut().flatten().zip(&w) {
                *v = f32::from_bits(*w);
            }
            let w = words(faces.len() * 5);
            for (f, w) in faces.iter_mut().zip(w.chunks(5)) {
                *f = IndexedFace {
                    indices: [w[0] % 64, w[1] % 64, w[2]],
                    material_at: w[3],
                    material_len: w[4] % 32,
                };
            }
            // Nodes have no public fields: round 0 empties them, the others
            // rotate them (each child then names the wrong node or face).
            if round == 0 {
                nodes.fill(Node::EMPTY);
            } else if !nodes.is_empty() {
                let by = rng.below(nodes.len());
                nodes.rotate_left(by);
            }
            let index = FaceIndex::from_parts(
                body_bytes,
                zerocol::grit::FaceIndexParts {
                    shapes,
                    vertices: &vertices,
                    faces: &faces,
                    tree: FaceTree::from_parts(&nodes, magnitude),
                },
            );
            for _ in 0..20 {
                let s = segment(&mut rng, [-12.0; 3], [12.0; 3]);
                let _ = index.cast(s);
                let _ = ground(&index, s.start, 30.0);
                let mut out = [Contact {
                    depth: 0.0,
                    point: [0.0; 3],
                    normal: [0.0; 3],
                    primitive: Primitive::Sphere,
                    index: 0,
                    material: "",
                }; 8];
                let _ = index.overlap(
                    Ball {
                        center: s.start,
                        radius: 20.0,
                    },
                    &mut out,
                );
            }
        }
    }
}

/// An empty material (`""`) reads back from the index as the same slice of the
/// text as the Tcol's own cast hands out.
#[test]
fn a_face_index_keeps_an_empty_materials_place() {
    let text = b"TCOL1.0\nattributes { static; }\ntrimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } \
        faces { 0 1 2 \"\"; } }";
    let tcol = Tcol::parse(text, Options::STRICT).unwrap();
    let s = Segment::new([0.2, 0.2, 1.0], [0.2, 0.2, -1.0]);
    let hit = tcol.cast(s).unwrap();
    assert_eq!(hit.material, "");
    let mut vertices = vec![[0.0; 3]; 3];
    let (mut faces, mut nodes) = face_storage(&tcol);
    let index = tcol
        .face_index(&mut vertices, &mut faces, &mut nodes)
        .unwrap();
    let rebuilt = FaceIndex::from_parts(tcol.text(), index.parts());
    let again = rebuilt.cast(s).unwrap();
    assert_eq!(again, hit);
    assert_eq!(again.material.as_ptr(), hit.material.as_ptr());
}
