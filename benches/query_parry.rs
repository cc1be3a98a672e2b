//! Segment casts straight from the bytes (`zerocol::query`) against parry3d
//! (`=0.31.1`, f32) in the same run, on the San Andreas-shaped library (1,450 COL3
//! models) and on the Grit body's 16,200-face trimesh.
//!
//! `cargo bench --bench query_parry`. Two questions (docs/benchmarks.md):
//!
//! - **Time to first hit**: zerocol parses the file and casts one segment; parry
//!   cannot read the file, so from the same bytes it takes zerocol's parse, the
//!   content decoded into its types, its build (a `TriMesh` with its BVH for the
//!   faces, a `Compound` of balls and cuboids for the solids), then casts the same
//!   segment.
//! - **Steady state**: random segments through each model's bounds (grown by a fifth),
//!   cast against the parsed view (no build), against its `FaceIndex` (built once
//!   into caller storage) and against parry's prebuilt shapes; models with face
//!   groups (81 faces and more) and models without, apart.
//! - **Builds**: `face_index` against parry's build, from the same content.
//!
//! Grit casts run on a BCOL of the body's trimesh alone (the bench body's 18 solids
//! left out on both sides: parry builds the trimesh alone). A TCOL view's cast
//! without an index finds each face's corners by lexing the text vertex list from
//! its start, so one cast over the 16,200-face trimesh takes minutes; that is
//! reported, not benched. `main` checks that both sides agree in `t` on every
//! bench segment first.

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use parry3d::math::{Pose, Vector};
use parry3d::query::{Ray, RayCast};
use parry3d::shape::{Compound, SharedShape, TriMesh, TriMeshFlags};
use zerocol::grit::bcol::Bcol;
use zerocol::grit::tcol::{self, Tcol};
use zerocol::gta::{self, FaceIndex, Model, Options};
use zerocol::query::{FaceTree, Node, Query, Segment};

mod data;

use data::Rng;

type V3 = [f32; 3];

static LIBRARY: LazyLock<Vec<u8>> = LazyLock::new(data::gta::library);
static TCOL: LazyLock<Vec<u8>> = LazyLock::new(data::grit::tcol);
/// The Grit body's trimesh alone: both sides build and cast the same triangles.
static BCOL: LazyLock<Vec<u8>> = LazyLock::new(data::grit::bcol_trimesh);

/// Segments per model in the steady-state cases.
const PER_MODEL: usize = 16;
/// Segments through the Grit body.
const GRIT_SEGMENTS: usize = 4096;

/// A model's content decoded into what parry builds from.
#[derive(Clone)]
struct Decoded {
    vertices: Vec<Vector>,
    indices: Vec<[u32; 3]>,
    spheres: Vec<(V3, f32)>,
    boxes: Vec<(V3, V3)>,
}

/// Parry's shapes of one model.
struct Built {
    mesh: Option<TriMesh>,
    solids: Option<Compound>,
}

fn v(a: V3) -> Vector {
    Vector::new(a[0], a[1], a[2])
}

fn decode(m: &Model<'_>) -> Decoded {
    Decoded {
        vertices: m.vertices().iter().map(v).collect(),
        indices: m.faces().iter().map(|f| f.indices).collect(),
        spheres: m.spheres().iter().map(|s| (s.center, s.radius)).collect(),
        boxes: m.boxes().iter().map(|b| (b.min, b.max)).collect(),
    }
}

fn build(d: Decoded) -> Built {
    let mesh = (!d.indices.is_empty())
        .then(|| TriMesh::with_flags(d.vertices, d.indices, TriMeshFlags::empty()).unwrap());
    let mut solids: Vec<(Pose, SharedShape)> = d
        .spheres
        .iter()
        .map(|&(c, r)| (Pose::from_translation(v(c)), SharedShape::ball(r)))
        .collect();
    solids.extend(d.boxes.iter().map(|&(min, max)| {
        let c = [0, 1, 2].map(|i| (min[i] + max[i]) / 2.0);
        let h = [0, 1, 2].map(|i| (max[i] - min[i]) / 2.0);
        (
            Pose::from_translation(v(c)),
            SharedShape::cuboid(h[0], h[1], h[2]),
        )
    }));
    Built {
        mesh,
        solids: (!solids.is_empty()).then(|| Compound::new(solids)),
    }
}

/// The ray of a segment and its length: parry's time of impact over the length is
/// zerocol's `t`.
fn ray(s: &Segment) -> (Ray, f32) {
    let d = s.direction();
    let l = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    (Ray::new(v(s.start), v(d.map(|c| c / l))), l)
}

/// Parry's nearest `t` along `s`, solids solid.
fn parry_cast(b: &Built, s: &Segment) -> Option<f32> {
    let (ray, l) = ray(s);
    let mesh = b
        .mesh
        .as_ref()
        .and_then(|m| m.cast_local_ray(&ray, l, true));
    let solids = b
        .solids
        .as_ref()
        .and_then(|c| c.cast_local_ray(&ray, l, true));
    match (mesh, solids) {
        (Some(a), Some(b)) => Some(a.min(b) / l),
        (a, b) => a.or(b).map(|t| t / l),
    }
}

fn range(rng: &mut Rng, lo: f32, hi: f32) -> f32 {
    lo + (hi - lo) * (rng.u32() as f32 / u32::MAX as f32)
}

/// A random segment through the box (grown by a fifth), at least 1 cm long.
fn segment(rng: &mut Rng, min: V3, max: V3) -> Segment {
    let pad = [0, 1, 2].map(|i| (max[i] - min[i]).max(1.0) * 0.2);
    loop {
        let mut point = || [0, 1, 2].map(|i| range(rng, min[i] - pad[i], max[i] + pad[i]));
        let s = Segment::new(point(), point());
        let d = s.direction();
        if d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > 1e-4 {
            return s;
        }
    }
}

/// A model's `FaceIndex`, in storage leaked for the bench's lifetime.
fn face_index(m: &Model<'static>) -> FaceIndex<'static, 'static> {
    let storage = vec![Node::EMPTY; FaceTree::nodes_for(m.faces().len())].leak();
    m.face_index(storage).unwrap()
}

/// A Grit body's `FaceIndex`, in storage leaked for the bench's lifetime.
fn grit_index<'a>(bcol: &Bcol<'a>) -> zerocol::grit::FaceIndex<'a, 'static> {
    let mesh = bcol.trimesh().unwrap();
    let vertices = vec![[0.0; 3]; mesh.vertex_count()].leak();
    let faces = vec![zerocol::grit::IndexedFace::default(); mesh.face_count()].leak();
    let nodes = vec![Node::EMPTY; FaceTree::nodes_for(mesh.face_count())].leak();
    bcol.face_index(vertices, faces, nodes).unwrap()
}

/// Everything the cases need, prepared once.
struct Prepared {
    /// Every model, its decoded content, parry's shapes and its segments.
    models: Vec<(Model<'static>, Decoded, Built, Vec<Segment>)>,
    /// Every model's `FaceIndex`, in the same order.
    indexes: Vec<FaceIndex<'static, 'static>>,
    /// The model with the most faces (it has face groups).
    largest: usize,
    grit: (Decoded, Built, Vec<Segment>),
}

static PREPARED: LazyLock<Prepared> = LazyLock::new(|| {
    let mut rng = Rng::new(0x9B_E4C4);
    let models: Vec<_> = gta::models(&LIBRARY, Options::STRICT)
        .map(|m| {
            let m = m.unwrap();
            let d = decode(&m);
            let built = build(d.clone());
            let b = m.bounds();
            let segments = (0..PER_MODEL)
                .map(|_| segment(&mut rng, b.min, b.max))
                .collect();
            (m, d, built, segments)
        })
        .collect();
    let largest = (0..models.len())
        .max_by_key(|&i| models[i].0.faces().len())
        .unwrap();
    let tcol = Tcol::parse(&TCOL, tcol::Options::STRICT).unwrap();
    let mesh = tcol.trimesh().unwrap();
    let vertices: Vec<V3> = mesh.vertices().collect();
    let (mut min, mut max) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for p in &vertices {
        for i in 0..3 {
            min[i] = min[i].min(p[i]);
            max[i] = max[i].max(p[i]);
        }
    }
    let grit = Decoded {
        vertices: vertices.iter().copied().map(v).collect(),
        indices: mesh.faces().map(|f| f.indices).collect(),
        spheres: Vec::new(),
        boxes: Vec::new(),
    };
    let segments = (0..GRIT_SEGMENTS)
        .map(|_| segment(&mut rng, min, max))
        .collect();
    let built = build(grit.clone());
    let indexes = models.iter().map(|m| face_index(&m.0)).collect();
    Prepared {
        models,
        indexes,
        largest,
        grit: (grit, built, segments),
    }
});

fn main() {
    let p = &*PREPARED;
    if std::env::var_os("ZEROCOL_QUERY_COUNT").is_some() {
        count::run();
        return;
    }
    let (mut cases, mut hits, mut grouped, mut faces) = (0, 0, 0, 0);
    for ((m, _, built, segments), index) in p.models.iter().zip(&p.indexes) {
        grouped += usize::from(!m.face_groups().is_empty());
        faces += m.faces().len();
        for s in segments {
            let ours = m.cast(*s).map(|h| h.t);
            // The builder fits every face in its group's box and the bounds: the
            // games' culls drop nothing, so the index answers the same.
            assert_eq!(index.cast(*s).map(|h| h.t), ours, "{s:?}");
            let theirs = parry_cast(built, s);
            cases += 1;
            hits += usize::from(ours.is_some());
            match (ours, theirs) {
                (Some(a), Some(b)) => assert!((a - b).abs() <= 1e-4, "{s:?}: {a} vs {b}"),
                (a, b) => assert_eq!(a.is_some(), b.is_some(), "{s:?}: {a:?} vs {b:?}"),
            }
        }
    }
    let bcol = Bcol::parse(&BCOL, zerocol::grit::bcol::Options::STRICT).unwrap();
    let (_, grit_built, grit_segments) = &p.grit;
    let mut grit_hits = 0;
    let grit_index = grit_index(&bcol);
    for s in grit_segments {
        assert_eq!(
            grit_index.cast(*s).map(|h| h.t),
            bcol.cast(*s).map(|h| h.t),
            "{s:?}"
        );
        let ours = bcol.cast(*s).map(|h| h.t);
        let theirs = parry_cast(grit_built, s);
        grit_hits += usize::from(ours.is_some());
        match (ours, theirs) {
            (Some(a), Some(b)) => assert!((a - b).abs() <= 1e-4, "{s:?}: {a} vs {b}"),
            (a, b) => assert_eq!(a.is_some(), b.is_some(), "{s:?}: {a:?} vs {b:?}"),
        }
    }
    let largest = &p.models[p.largest].0;
    println!(
        "library: {} models ({grouped} with face groups), {faces} faces; {cases} segments, {hits} hit; \
         largest model {} faces in {} groups; grit: {} trimesh faces, {} segments, {grit_hits} hit",
        p.models.len(),
        largest.faces().len(),
        largest.face_groups().len(),
        p.grit.0.indices.len(),
        grit_segments.len(),
    );
    divan::main();
}

/// `ZEROCOL_QUERY_COUNT=1`: each case's work once, in a function of its own, for
/// an instruction count that the machine's load does not change:
///
/// ```sh
/// ZEROCOL_QUERY_COUNT=1 valgrind --tool=callgrind --callgrind-out-file=cg.out \
///     target/release/deps/query_parry-HASH
/// callgrind_annotate --inclusive=yes cg.out | grep count::
/// ```
///
/// Each function's inclusive count over the casts it makes (`run` prints them) is
/// the instructions per cast; the first-hit functions make one query each.
mod count {
    use super::*;

    fn models(grouped: bool) -> Vec<&'static (Model<'static>, Decoded, Built, Vec<Segment>)> {
        PREPARED
            .models
            .iter()
            .filter(|m| m.0.face_groups().is_empty() != grouped)
            .collect()
    }

    #[inline(never)]
    fn steady_model(models: &[&(Model<'static>, Decoded, Built, Vec<Segment>)]) -> f32 {
        let mut sum = 0f32;
        for (m, _, _, segments) in models {
            for s in segments {
                sum += black_box(m).cast(*s).map_or(1.0, |h| h.t);
            }
        }
        sum
    }

    #[inline(never)]
    fn steady_index(pairs: &[(&FaceIndex<'static, 'static>, &Vec<Segment>)]) -> f32 {
        let mut sum = 0f32;
        for (index, segments) in pairs {
            for s in *segments {
                sum += black_box(*index).cast(*s).map_or(1.0, |h| h.t);
            }
        }
        sum
    }

    #[inline(never)]
    fn steady_parry(models: &[&(Model<'static>, Decoded, Built, Vec<Segment>)]) -> f32 {
        let mut sum = 0f32;
        for (_, _, built, segments) in models {
            for s in segments {
                sum += parry_cast(black_box(built), s).unwrap_or(1.0);
            }
        }
        sum
    }

    #[inline(never)]
    fn grit_index(index: &zerocol::grit::FaceIndex<'_, '_>, segments: &[Segment]) -> f32 {
        let mut sum = 0f32;
        for s in segments {
            sum += black_box(index).cast(*s).map_or(1.0, |h| h.t);
        }
        sum
    }

    #[inline(never)]
    fn grit_parry(built: &Built, segments: &[Segment]) -> f32 {
        let mut sum = 0f32;
        for s in segments {
            sum += parry_cast(black_box(built), s).unwrap_or(1.0);
        }
        sum
    }

    #[inline(never)]
    pub(super) fn first_largest_zerocol(bytes: &[u8], s: Segment) -> Option<f32> {
        let m = Model::parse(black_box(bytes), Options::STRICT).unwrap();
        m.cast(black_box(s)).map(|h| h.t)
    }

    #[inline(never)]
    pub(super) fn first_largest_parry(bytes: &[u8], s: Segment) -> Option<f32> {
        let m = Model::parse(black_box(bytes), Options::STRICT).unwrap();
        parry_cast(&build(decode(&m)), &black_box(s))
    }

    #[inline(never)]
    pub(super) fn first_query_zerocol(s: Segment) -> Option<f32> {
        let mut nearest: Option<f32> = None;
        for m in gta::models(black_box(&LIBRARY), Options::STRICT) {
            if let Some(h) = m.unwrap().cast(s) {
                nearest = Some(nearest.map_or(h.t, |t| t.min(h.t)));
            }
        }
        nearest
    }

    #[inline(never)]
    pub(super) fn first_query_parry(s: Segment) -> Option<f32> {
        let built: Vec<Built> = gta::models(black_box(&LIBRARY), Options::STRICT)
            .map(|m| build(decode(&m.unwrap())))
            .collect();
        let mut nearest: Option<f32> = None;
        for m in &built {
            if let Some(t) = parry_cast(m, &s) {
                nearest = Some(nearest.map_or(t, |n| n.min(t)));
            }
        }
        nearest
    }

    #[inline(never)]
    pub(super) fn first_each_zerocol(segments: &[Segment]) -> usize {
        let mut hits = 0usize;
        for (m, s) in gta::models(black_box(&LIBRARY), Options::STRICT).zip(segments) {
            hits += usize::from(m.unwrap().cast(*s).is_some());
        }
        hits
    }

    #[inline(never)]
    pub(super) fn first_each_parry(segments: &[Segment]) -> usize {
        let mut hits = 0usize;
        for (m, s) in gta::models(black_box(&LIBRARY), Options::STRICT).zip(segments) {
            hits += usize::from(parry_cast(&build(decode(&m.unwrap())), s).is_some());
        }
        hits
    }

    #[inline(never)]
    pub(super) fn first_grit_zerocol(s: Segment) -> Option<f32> {
        let t = Bcol::parse(black_box(&BCOL), zerocol::grit::bcol::Options::STRICT).unwrap();
        t.cast(black_box(s)).map(|h| h.t)
    }

    #[inline(never)]
    pub(super) fn first_grit_parry(s: Segment) -> Option<f32> {
        let t = Bcol::parse(black_box(&BCOL), zerocol::grit::bcol::Options::STRICT).unwrap();
        let mesh = t.trimesh().unwrap();
        let d = Decoded {
            vertices: mesh.vertices().map(v).collect(),
            indices: mesh.faces().map(|f| f.indices).collect(),
            spheres: Vec::new(),
            boxes: Vec::new(),
        };
        parry_cast(&build(d), &black_box(s))
    }

    /// Where the segment enters the box, `t` in `[0, 1]` (no margin: statistics
    /// only).
    fn enter(s: &Segment, min: V3, max: V3) -> Option<f32> {
        let d = s.direction();
        let (mut lo, mut hi) = (0f32, 1f32);
        for i in 0..3 {
            if d[i] == 0.0 {
                if s.start[i] < min[i] || s.start[i] > max[i] {
                    return None;
                }
                continue;
            }
            let (a, b) = ((min[i] - s.start[i]) / d[i], (max[i] - s.start[i]) / d[i]);
            lo = lo.max(a.min(b));
            hi = hi.min(a.max(b));
        }
        (lo <= hi).then_some(lo)
    }

    /// What bounds a cast through the face groups: the faces of the groups the
    /// segment enters, and of those it enters no later than its hit.
    fn group_faces() {
        let (mut casts, mut entered, mut before, mut groups_entered) =
            (0usize, 0usize, 0usize, 0usize);
        for (m, _, _, segments) in models(true) {
            for s in segments {
                let limit = m.cast(*s).map_or(1.0, |h| h.t);
                casts += 1;
                for g in m.face_groups().iter() {
                    if let Some(t) = enter(s, g.min, g.max) {
                        let faces = usize::from(g.last) + 1 - usize::from(g.first);
                        entered += faces;
                        groups_entered += 1;
                        if t <= limit {
                            before += faces;
                        }
                    }
                }
            }
        }
        let per = |n: usize| n as f64 / casts as f64;
        println!(
            "grouped models, per cast: {:.1} groups entered holding {:.1} faces; {:.1} faces in groups entered no later than the hit",
            per(groups_entered),
            per(entered),
            per(before)
        );
    }

    pub fn run() {
        let p = &*PREPARED;
        group_faces();
        for grouped in [true, false] {
            let models = models(grouped);
            let casts: usize = models.iter().map(|m| m.3.len()).sum();
            let pairs: Vec<_> = p
                .models
                .iter()
                .zip(&p.indexes)
                .filter(|(m, _)| m.0.face_groups().is_empty() != grouped)
                .map(|(m, i)| (i, &m.3))
                .collect();
            println!("steady, grouped {grouped}: {casts} casts");
            black_box(steady_index(&pairs));
            black_box(steady_model(&models));
            black_box(steady_parry(&models));
        }
        let bcol = Bcol::parse(&BCOL, zerocol::grit::bcol::Options::STRICT).unwrap();
        let index = super::grit_index(&bcol);
        let (_, built, segments) = &p.grit;
        println!("steady, grit: {} casts", segments.len());
        black_box(grit_index(&index, segments));
        black_box(grit_parry(built, segments));
        let (m, _, _, segments) = &p.models[p.largest];
        black_box(first_largest_zerocol(m.bytes(), segments[0]));
        black_box(first_largest_parry(m.bytes(), segments[0]));
        black_box(first_query_zerocol(segments[0]));
        black_box(first_query_parry(segments[0]));
        let each: Vec<Segment> = p.models.iter().map(|m| m.3[0]).collect();
        black_box(first_each_zerocol(&each));
        black_box(first_each_parry(&each));
        black_box(first_grit_zerocol(p.grit.2[0]));
        black_box(first_grit_parry(p.grit.2[0]));
    }
}

mod first_hit {
    use super::*;

    /// One model (the largest, 352 faces in face groups): `Model::parse` of its
    /// bytes, then one cast.
    #[divan::bench]
    fn gta_model_zerocol(b: Bencher) {
        let (m, _, _, segments) = &PREPARED.models[PREPARED.largest];
        b.bench(|| count::first_largest_zerocol(m.bytes(), segments[0]));
    }

    /// The same model from the same bytes: parry cannot read them, so its first hit
    /// is `Model::parse`, the vertices, faces, spheres and boxes decoded into its
    /// types, its build, then one cast.
    #[divan::bench]
    fn gta_model_parry(b: Bencher) {
        let (m, _, _, segments) = &PREPARED.models[PREPARED.largest];
        b.bench(|| count::first_largest_parry(m.bytes(), segments[0]));
    }

    /// The whole library: every model parsed (`gta::models`), then one query, as
    /// `zerocol ray` without `--model` asks it: one segment (through the largest
    /// model's bounds) cast at every model, the nearest hit kept.
    #[divan::bench(sample_count = 20)]
    fn gta_library_one_query_zerocol(b: Bencher) {
        let s = PREPARED.models[PREPARED.largest].3[0];
        b.bench(|| count::first_query_zerocol(s));
    }

    /// The same from the same bytes with parry: every model parsed, decoded into
    /// parry's types and built, then the segment cast at every model.
    #[divan::bench(sample_count = 20)]
    fn gta_library_one_query_parry(b: Bencher) {
        let s = PREPARED.models[PREPARED.largest].3[0];
        b.bench(|| count::first_query_parry(s));
    }

    /// The whole library: every model parsed (`gta::models`) and one segment cast
    /// through each.
    #[divan::bench(sample_count = 20)]
    fn gta_library_zerocol(b: Bencher) {
        let segments: Vec<Segment> = PREPARED.models.iter().map(|m| m.3[0]).collect();
        b.counter(ItemsCount::new(segments.len()))
            .bench(|| count::first_each_zerocol(&segments));
    }

    /// The whole library from the same bytes: every model parsed (`gta::models`),
    /// decoded into parry's types and built, one segment cast through each.
    #[divan::bench(sample_count = 20)]
    fn gta_library_parry(b: Bencher) {
        let segments: Vec<Segment> = PREPARED.models.iter().map(|m| m.3[0]).collect();
        b.counter(ItemsCount::new(segments.len()))
            .bench(|| count::first_each_parry(&segments));
    }

    /// The Grit body as BCOL: `Bcol::parse`, then one cast.
    #[divan::bench(sample_count = 20)]
    fn grit_bcol_zerocol(b: Bencher) {
        let s = PREPARED.grit.2[0];
        b.bench(|| count::first_grit_zerocol(s));
    }

    /// The Grit trimesh from the same BCOL bytes: `Bcol::parse`, its vertices and
    /// indices decoded into parry's types, the `TriMesh` built, then one cast.
    #[divan::bench(sample_count = 20)]
    fn grit_parry(b: Bencher) {
        let s = PREPARED.grit.2[0];
        b.bench(|| count::first_grit_parry(s));
    }
}

mod steady {
    use super::*;

    fn models(
        grouped: bool,
    ) -> impl Iterator<Item = &'static (Model<'static>, Decoded, Built, Vec<Segment>)> {
        PREPARED
            .models
            .iter()
            .filter(move |m| m.0.face_groups().is_empty() != grouped)
    }

    fn count(grouped: bool) -> ItemsCount {
        ItemsCount::new(models(grouped).map(|m| m.3.len()).sum::<usize>())
    }

    fn zerocol(b: Bencher, grouped: bool) {
        b.counter(count(grouped)).bench(|| {
            let mut sum = 0f32;
            for (m, _, _, segments) in models(grouped) {
                for s in segments {
                    sum += black_box(m).cast(*s).map_or(1.0, |h| h.t);
                }
            }
            sum
        });
    }

    fn indexed(b: Bencher, grouped: bool) {
        let pairs: Vec<_> = PREPARED
            .models
            .iter()
            .zip(&PREPARED.indexes)
            .filter(|(m, _)| m.0.face_groups().is_empty() != grouped)
            .collect();
        b.counter(count(grouped)).bench(|| {
            let mut sum = 0f32;
            for ((_, _, _, segments), index) in &pairs {
                for s in segments {
                    sum += black_box(*index).cast(*s).map_or(1.0, |h| h.t);
                }
            }
            sum
        });
    }

    fn parry(b: Bencher, grouped: bool) {
        b.counter(count(grouped)).bench(|| {
            let mut sum = 0f32;
            for (_, _, built, segments) in models(grouped) {
                for s in segments {
                    sum += parry_cast(black_box(built), s).unwrap_or(1.0);
                }
            }
            sum
        });
    }

    /// Casts on the models with face groups, straight from the bytes.
    #[divan::bench(sample_count = 30)]
    fn gta_grouped_zerocol(b: Bencher) {
        zerocol(b, true);
    }

    /// The same casts through each model's `FaceIndex`, built beforehand.
    #[divan::bench(sample_count = 30)]
    fn gta_grouped_index(b: Bencher) {
        indexed(b, true);
    }

    /// The same casts on parry's prebuilt shapes.
    #[divan::bench(sample_count = 30)]
    fn gta_grouped_parry(b: Bencher) {
        parry(b, true);
    }

    /// Casts on the models without face groups (80 faces or fewer): brute force.
    #[divan::bench(sample_count = 30)]
    fn gta_ungrouped_zerocol(b: Bencher) {
        zerocol(b, false);
    }

    /// The same casts through each model's `FaceIndex`, built beforehand.
    #[divan::bench(sample_count = 30)]
    fn gta_ungrouped_index(b: Bencher) {
        indexed(b, false);
    }

    /// The same casts on parry's prebuilt shapes.
    #[divan::bench(sample_count = 30)]
    fn gta_ungrouped_parry(b: Bencher) {
        parry(b, false);
    }

    /// Casts through the Grit trimesh (BCOL view, no index: brute force over
    /// 16,200 faces).
    #[divan::bench(sample_count = 10)]
    fn grit_bcol_zerocol(b: Bencher) {
        let bcol = Bcol::parse(&BCOL, zerocol::grit::bcol::Options::STRICT).unwrap();
        let segments = &PREPARED.grit.2;
        b.counter(ItemsCount::new(segments.len())).bench(|| {
            let mut sum = 0f32;
            for s in segments {
                sum += black_box(&bcol).cast(*s).map_or(1.0, |h| h.t);
            }
            sum
        });
    }

    /// The same casts through the trimesh's `FaceIndex` (BCOL), built beforehand.
    #[divan::bench(sample_count = 10)]
    fn grit_bcol_index(b: Bencher) {
        let bcol = Bcol::parse(&BCOL, zerocol::grit::bcol::Options::STRICT).unwrap();
        let index = grit_index(&bcol);
        let segments = &PREPARED.grit.2;
        b.counter(ItemsCount::new(segments.len())).bench(|| {
            let mut sum = 0f32;
            for s in segments {
                sum += black_box(&index).cast(*s).map_or(1.0, |h| h.t);
            }
            sum
        });
    }

    /// The same casts on parry's prebuilt `TriMesh` (the trimesh alone).
    #[divan::bench(sample_count = 10)]
    fn grit_parry(b: Bencher) {
        let (_, built, segments) = &PREPARED.grit;
        b.counter(ItemsCount::new(segments.len())).bench(|| {
            let mut sum = 0f32;
            for s in segments {
                sum += parry_cast(black_box(built), s).unwrap_or(1.0);
            }
            sum
        });
    }
}

/// Building the indexes: what a runtime pays once before its steady state.
mod build {
    use super::*;

    /// `Model::face_index` of every model of the library, into storage allocated once.
    #[divan::bench(sample_count = 20)]
    fn gta_library_face_index(b: Bencher) {
        let models: Vec<Model<'static>> = PREPARED.models.iter().map(|m| m.0).collect();
        let most = models.iter().map(|m| m.faces().len()).max().unwrap();
        let mut storage = vec![Node::EMPTY; FaceTree::nodes_for(most)];
        b.counter(ItemsCount::new(models.len())).bench_local(|| {
            let mut nodes = 0usize;
            for m in &models {
                nodes += black_box(m)
                    .face_index(&mut storage)
                    .unwrap()
                    .model()
                    .faces()
                    .len();
            }
            nodes
        });
    }

    /// `Bcol::face_index` of the Grit trimesh: decoded and the tree built, into
    /// storage allocated once.
    #[divan::bench(sample_count = 20)]
    fn grit_bcol_face_index(b: Bencher) {
        let bcol = Bcol::parse(&BCOL, zerocol::grit::bcol::Options::STRICT).unwrap();
        let mesh = bcol.trimesh().unwrap();
        let mut vertices = vec![[0.0; 3]; mesh.vertex_count()];
        let mut faces = vec![zerocol::grit::IndexedFace::default(); mesh.face_count()];
        let mut nodes = vec![Node::EMPTY; FaceTree::nodes_for(mesh.face_count())];
        b.bench_local(|| {
            black_box(&bcol)
                .face_index(&mut vertices, &mut faces, &mut nodes)
                .is_ok()
        });
    }

    /// Parry's build of the Grit trimesh, from its decoded content.
    #[divan::bench(sample_count = 20)]
    fn grit_parry(b: Bencher) {
        b.bench(|| build(black_box(PREPARED.grit.0.clone())).mesh.is_some());
    }

    /// Parry's builds of the same models, from the decoded content.
    #[divan::bench(sample_count = 20)]
    fn gta_library_parry(b: Bencher) {
        b.counter(ItemsCount::new(PREPARED.models.len())).bench(|| {
            let mut built = 0usize;
            for (_, d, _, _) in &PREPARED.models {
                built += usize::from(build(black_box(d.clone())).mesh.is_some());
            }
            built
        });
    }
}
