//! Queries (`zerocol::query`) on any bytes: GTA here; MKGP, BattleForge and Grit
//! through their own oracles' query checks (see [`file`]). An input is a 41-byte query block
//! (a mode byte, then ten little-endian `f32`: a segment's start and end, a ball's
//! centre and radius) and the file after it; [`file`] takes the two apart.
//!
//! Every model a lenient walk accepts is queried with the fuzzed segment and ball, and
//! with segments the model makes likely to hit (straight down through each of its
//! first faces, out of each sphere and box). For each query:
//! - nothing panics; a hit's `t` is in `[0, 1]`, its normal a unit vector and its
//!   point `segment.at(t)`; a contact's depth is at least 0 and its normal a unit
//!   vector; `overlap` returns the same count whatever the slice's length;
//! - against a brute force written here (every sphere, box and face, no culls), using
//!   the shared primitive tests: a hit or contact `Model`'s query reports is one the
//!   brute force finds, never nearer than its nearest; and on a model whose culls
//!   drop nothing (not COL4, no `OutsideBounds` or `FaceGroupBox` lint, and face
//!   groups, if any, that cover every face) the answers are equal, the filtered cast and the
//!   shadow mesh's included;
//! - the model's `FaceIndex` equals the brute force on every model, casts and
//!   overlaps (in table order) alike.

use zerocol::gta::{self, LintKind, Model, Options};
use zerocol::query::{
    Ball, Contact, FaceTree, Hit, Node, Primitive, Query, Segment, ground, segment_box,
    segment_sphere, segment_triangle, sphere_box, sphere_sphere, sphere_triangle,
};

type V3 = [f32; 3];

/// The fuzzed queries of an input.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Bit 0: the segment is relative to the model's bounds centre; bit 1: the ball.
    pub mode: u8,
    /// The segment.
    pub segment: Segment,
    /// The ball.
    pub ball: Ball,
}

/// Length of the query block before the file.
pub const PARAMS_LEN: usize = 41;

impl Params {
    /// The block at the start of `data` (zero-filled when short), and the rest.
    pub fn split(data: &[u8]) -> (Self, &[u8]) {
        let mut block = [0u8; PARAMS_LEN];
        let n = data.len().min(PARAMS_LEN);
        block[..n].copy_from_slice(&data[..n]);
        let f = |i: usize| {
            let at = 1 + 4 * i;
            f32::from_le_bytes([block[at], block[at + 1], block[at + 2], block[at + 3]])
        };
        let params = Self {
            mode: block[0],
            segment: Segment::new([f(0), f(1), f(2)], [f(3), f(4), f(5)]),
            ball: Ball {
                center: [f(6), f(7), f(8)],
                radius: f(9),
            },
        };
        (params, &data[n..])
    }

    /// The block that [`split`](Self::split) reads back as `self`.
    pub fn to_bytes(self) -> [u8; PARAMS_LEN] {
        let mut out = [0u8; PARAMS_LEN];
        out[0] = self.mode;
        let values = [
            self.segment.start,
            self.segment.end,
            self.ball.center,
            [self.ball.radius, 0.0, 0.0],
        ];
        for (i, v) in values.iter().flatten().take(10).enumerate() {
            out[1 + 4 * i..5 + 4 * i].copy_from_slice(&v.to_le_bytes());
        }
        out
    }
}

/// The fuzz target: a query block, then a file.
pub fn bytes(data: &[u8]) {
    let (params, rest) = Params::split(data);
    file(rest, params);
}

/// Every check, on every model a lenient walk of `bytes` accepts; and the fuzzed
/// segment on the other formats' views of the same bytes, when they read them
/// (`mkgp::query_target`, `grit::query_target`, `common::query_checks` for
/// BattleForge).
pub fn file(bytes: &[u8], params: Params) {
    for model in gta::models(bytes, Options::LENIENT) {
        let Ok(model) = model else { break };
        check_model(&model, params);
    }
    let segments = [
        params.segment,
        Segment::new(params.ball.center, params.segment.end),
    ];
    if let Ok(course) = zerocol::mkgp::Course::parse(bytes, zerocol::mkgp::Options::LENIENT) {
        crate::mkgp::query_target(&course, &segments);
    }
    let bf = zerocol::battleforge::Options::LENIENT;
    if let Ok(drs) = zerocol::battleforge::Drs::parse(bytes, bf) {
        if let Some((_, shapes)) = drs.collision_shape() {
            crate::common::query_checks(&shapes, &segments);
        }
    } else if let Ok(shapes) = zerocol::battleforge::CollisionShape::parse(bytes, bf) {
        crate::common::query_checks(&shapes, &segments);
    }
    if let Ok(t) = zerocol::grit::tcol::Tcol::parse(bytes, zerocol::grit::tcol::Options::LENIENT) {
        crate::grit::query_target(&t, t.trimesh(), &segments);
    }
    if let Ok(b) = zerocol::grit::bcol::Bcol::parse(bytes, zerocol::grit::bcol::Options::LENIENT) {
        crate::grit::query_target(&b, b.trimesh(), &segments);
    }
}

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// The model's primitives, decoded once.
struct Flat {
    spheres: Vec<(V3, f32, u8)>,
    boxes: Vec<(V3, V3, u8)>,
    faces: Vec<([V3; 3], u8)>,
    shadow: Vec<([V3; 3], u8)>,
}

impl Flat {
    fn new(m: &Model<'_>) -> Self {
        let v = m.vertices();
        let sv = m.shadow_vertices();
        let tri = |f: gta::Face, get: &dyn Fn(usize) -> Option<V3>| {
            (
                f.indices
                    .map(|i| get(i as usize).expect("a validated index")),
                f.surface.material(),
            )
        };
        Self {
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
            faces: m.faces().iter().map(|f| tri(f, &|i| v.get(i))).collect(),
            shadow: m
                .shadow_faces()
                .iter()
                .map(|f| tri(f, &|i| sv.get(i)))
                .collect(),
        }
    }
}

/// `(t, kind, index, material, normal)` of a hit.
type HitKey = (f32, Primitive, usize, u8, V3);
/// `(kind, index, depth, point, normal, material)` of a contact.
type ContactKey = (Primitive, usize, f32, V3, V3, u8);

fn hit_key(h: &Hit<u8>) -> HitKey {
    (h.t, h.primitive, h.index, h.material, h.normal)
}

fn contact_key(c: &Contact<u8>) -> ContactKey {
    (c.primitive, c.index, c.depth, c.point, c.normal, c.material)
}

/// Every hit of the segment, no culls.
fn brute_hits(flat: &Flat, s: Segment, shadow: bool) -> Vec<HitKey> {
    let d = s.direction();
    let mut all = Vec::new();
    if !s.start.iter().chain(&d).all(|x| x.is_finite()) {
        return all;
    }
    let mut tri = |list: &[([V3; 3], u8)], kind| {
        for (i, &(t3, m)) in list.iter().enumerate() {
            if let Some((t, n)) = segment_triangle(s.start, d, t3) {
                all.push((t, kind, i, m, n));
            }
        }
    };
    if shadow {
        tri(&flat.shadow, Primitive::ShadowFace);
        return all;
    }
    tri(&flat.faces, Primitive::Face);
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
    all
}

/// The nearest of `hits` that `keep` accepts, `(t, kind, index)` smallest.
fn nearest(hits: &[HitKey], keep: impl Fn(u8) -> bool) -> Option<HitKey> {
    hits.iter().copied().filter(|h| keep(h.3)).min_by(|a, b| {
        a.0.partial_cmp(&b.0)
            .expect("no NaN t")
            .then(a.1.cmp(&b.1))
            .then(a.2.cmp(&b.2))
    })
}

/// Every contact of the ball, no culls.
fn brute_contacts(flat: &Flat, b: Ball, shadow: bool) -> Vec<ContactKey> {
    let mut all = Vec::new();
    if !(b.center.iter().all(|x| x.is_finite()) && b.radius >= 0.0 && b.radius.is_finite()) {
        return all;
    }
    let mut tri = |list: &[([V3; 3], u8)], kind| {
        for (i, &(t3, m)) in list.iter().enumerate() {
            if let Some((d, p, n)) = sphere_triangle(b.center, b.radius, t3) {
                all.push((kind, i, d, p, n, m));
            }
        }
    };
    if shadow {
        tri(&flat.shadow, Primitive::ShadowFace);
        return all;
    }
    tri(&flat.faces, Primitive::Face);
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
    all
}

/// Whether the games' culls drop nothing from `m`: no lint says content lies outside
/// the bounds or a group's box, and face groups, if any, cover every face. COL4, which
/// no game loads, gets no lints, so it never counts.
fn culls_nothing(m: &Model<'_>) -> bool {
    if m.version() == gta::Version::Col4 {
        return false;
    }
    let lints = m.lints().any(|l| {
        matches!(
            l.kind,
            LintKind::OutsideBounds { .. } | LintKind::FaceGroupBox { .. }
        )
    });
    let groups = m.face_groups();
    let covered = groups.is_empty()
        || (0..m.faces().len()).all(|f| groups.iter().any(|g| g.faces().contains(&f)));
    !lints && covered
}

fn unit(n: V3) -> bool {
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    (len - 1.0).abs() < 1e-3
}

fn same(a: &HitKey, b: &HitKey) -> bool {
    a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3 && a.4 == b.4
}

/// One segment against the model (`shadow`: against its shadow mesh).
fn check_cast(m: &Model<'_>, flat: &Flat, s: Segment, exact: bool, shadow: bool) {
    let odd = |mat: u8| mat % 2 == 1;
    let all = brute_hits(flat, s, shadow);
    for (filtered, got) in [
        (false, cast(m, s, shadow, &mut |_| true)),
        (true, cast(m, s, shadow, &mut |&mat| odd(mat))),
    ] {
        let want = if filtered {
            nearest(&all, odd)
        } else {
            nearest(&all, |_| true)
        };
        let Some(h) = got else {
            if exact || shadow {
                assert_eq!(want, None, "{s:?}: a hit the brute force finds is missed");
            }
            continue;
        };
        assert!((0.0..=1.0).contains(&h.t), "{h:?}");
        assert!(unit(h.normal), "{h:?}");
        assert_eq!(h.point, s.at(h.t), "{h:?}");
        assert!(
            !filtered || odd(h.material),
            "{h:?}: the filter let it through"
        );
        let key = hit_key(&h);
        assert!(
            all.iter().any(|b| same(b, &key)),
            "{s:?}: {h:?} is no hit of the brute force"
        );
        let want = want.expect("the brute force finds the hit");
        assert!(
            want.0 <= h.t,
            "{s:?}: the brute force finds a nearer hit {want:?}"
        );
        if exact || shadow {
            assert!(same(&want, &key), "{s:?}: {h:?}, brute force {want:?}");
        }
    }
}

fn cast(
    m: &Model<'_>,
    s: Segment,
    shadow: bool,
    keep: &mut dyn FnMut(&u8) -> bool,
) -> Option<Hit<u8>> {
    if shadow {
        m.shadow_mesh().cast_filtered(s, keep)
    } else {
        m.cast_filtered(s, keep)
    }
}

/// One ball against the model (`shadow`: against its shadow mesh).
fn check_overlap(m: &Model<'_>, flat: &Flat, b: Ball, exact: bool, shadow: bool) {
    let overlap = |out: &mut [Contact<u8>]| {
        if shadow {
            m.shadow_mesh().overlap(b, out)
        } else {
            m.overlap(b, out)
        }
    };
    let blank = Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0; 3],
        primitive: Primitive::Sphere,
        index: 0,
        material: 0,
    };
    let n = overlap(&mut []);
    let mut out = vec![blank; n];
    assert_eq!(overlap(&mut out), n);
    if n > 0 {
        let mut one = [blank];
        assert_eq!(overlap(&mut one), n);
        assert_eq!(contact_key(&one[0]), contact_key(&out[0]));
    }
    let all = brute_contacts(flat, b, shadow);
    for c in &out {
        assert!(c.depth >= 0.0 && unit(c.normal), "{c:?}");
        let key = contact_key(c);
        assert!(
            all.iter().any(|a| format!("{a:?}") == format!("{key:?}")),
            "{b:?}: {c:?} is no contact of the brute force"
        );
    }
    if exact || shadow {
        let mut got: Vec<String> = out
            .iter()
            .map(|c| format!("{:?}", contact_key(c)))
            .collect();
        let mut want: Vec<String> = all.iter().map(|a| format!("{a:?}")).collect();
        got.sort();
        want.sort();
        if !shadow {
            // A face in two overlapping groups is reported once per group.
            got.dedup();
        }
        assert_eq!(got, want, "{b:?}");
    }
}

/// The model's `FaceIndex` against the brute force, always exactly: it drops
/// nothing, whatever the lints say. Overlaps come in table order, also into a
/// slice too short for them.
fn check_index(m: &Model<'_>, flat: &Flat, segments: &[Segment], balls: &[Ball]) {
    let mut storage = vec![Node::EMPTY; FaceTree::nodes_for(m.faces().len())];
    let index = m
        .face_index(&mut storage)
        .expect("storage sized by nodes_for");
    let odd = |mat: u8| mat % 2 == 1;
    for &s in segments {
        let all = brute_hits(flat, s, false);
        let got = index.cast(s).map(|h| hit_key(&h));
        let want = nearest(&all, |_| true);
        assert!(
            match (&got, &want) {
                (Some(a), Some(b)) => same(a, b),
                (a, b) => a.is_none() && b.is_none(),
            },
            "{s:?}: index {got:?}, brute force {want:?}"
        );
        let got = index
            .cast_filtered(s, &mut |&mat| odd(mat))
            .map(|h| hit_key(&h));
        let want = nearest(&all, odd);
        assert!(
            match (&got, &want) {
                (Some(a), Some(b)) => same(a, b),
                (a, b) => a.is_none() && b.is_none(),
            },
            "{s:?}: filtered index {got:?}, brute force {want:?}"
        );
    }
    let blank = Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0; 3],
        primitive: Primitive::Sphere,
        index: 0,
        material: 0,
    };
    for &b in balls {
        // Table order: spheres, boxes, faces, each by index.
        let mut all = brute_contacts(flat, b, false);
        all.sort_by_key(|a| (a.0, a.1));
        let want: Vec<String> = all.iter().map(|a| format!("{a:?}")).collect();
        let mut out = vec![blank; want.len()];
        assert_eq!(index.overlap(b, &mut out), want.len(), "{b:?}");
        let got: Vec<String> = out
            .iter()
            .map(|c| format!("{:?}", contact_key(c)))
            .collect();
        assert_eq!(got, want, "{b:?}");
        let mut half = vec![blank; want.len() / 2];
        assert_eq!(index.overlap(b, &mut half), want.len(), "{b:?}");
        let got: Vec<String> = half
            .iter()
            .map(|c| format!("{:?}", contact_key(c)))
            .collect();
        assert_eq!(got, want[..want.len() / 2], "{b:?}");
    }
}

fn check_model(m: &Model<'_>, params: Params) {
    let flat = Flat::new(m);
    let exact = culls_nothing(m);
    let bounds = m.bounds();
    let centre = [0, 1, 2].map(|a| (bounds.min[a] + bounds.max[a]) / 2.0);
    let mut segments = vec![if params.mode & 1 != 0 {
        Segment::new(
            add(centre, params.segment.start),
            add(centre, params.segment.end),
        )
    } else {
        params.segment
    }];
    let (top, bottom) = (bounds.max[2] + 1.0, bounds.min[2] - 1.0);
    for (tri, _) in flat.faces.iter().take(8) {
        let [x, y] = [0, 1].map(|a| (tri[0][a] + tri[1][a] + tri[2][a]) / 3.0);
        segments.push(Segment::new([x, y, top], [x, y, bottom]));
    }
    for &(c, r, _) in flat.spheres.iter().take(4) {
        segments.push(Segment::new(c, add(c, [r * 2.0 + 1.0, 0.5, 0.25])));
    }
    for &(lo, hi, _) in flat.boxes.iter().take(4) {
        segments.push(Segment::new(lo, add(hi, [1.0, 1.0, 1.0])));
    }
    for &s in &segments {
        check_cast(m, &flat, s, exact, false);
        check_cast(m, &flat, s, exact, true);
        // Ground is the cast straight down.
        let depth = (s.start[2] - s.end[2]).abs();
        let g = ground(m, s.start, depth);
        let down = Segment::new(s.start, [s.start[0], s.start[1], s.start[2] - depth]);
        assert_eq!(g.map(|h| hit_key(&h)), m.cast(down).map(|h| hit_key(&h)));
    }
    let ball = if params.mode & 2 != 0 {
        Ball {
            center: add(centre, params.ball.center),
            radius: params.ball.radius,
        }
    } else {
        params.ball
    };
    let balls = [
        ball,
        Ball {
            center: centre,
            radius: params.ball.radius.abs(),
        },
    ];
    for b in balls {
        check_overlap(m, &flat, b, exact, false);
        check_overlap(m, &flat, b, exact, true);
    }
    check_index(m, &flat, &segments, &balls);
}
