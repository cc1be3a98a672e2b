//! GTA segment casts (`zerocol::query`) on the San Andreas-shaped library the `gta`
//! bench builds (1,450 COL3 models, face groups from 81 faces on): time to the first
//! hit (validate the library, then one cast), and casts per second through each
//! model's bounds, through the face groups as the games test them and by brute force
//! over every face (the shared primitive test, no culls).
//!
//! `cargo bench --bench query`.

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use zerocol::gta::{self, Model, Options};
use zerocol::query::{Query, Segment, segment_triangle};

mod data;

static LIBRARY: LazyLock<Vec<u8>> = LazyLock::new(data::gta::library);

/// 4,096 segments, each through the bounds of a model: `(model index, segment)`.
static SEGMENTS: LazyLock<Vec<(usize, Segment)>> = LazyLock::new(|| {
    let models = models();
    let mut rng = data::Rng::new(0x0A11_CA57);
    (0..4096)
        .map(|_| {
            let i = rng.below(models.len());
            let b = models[i].bounds();
            let point = |rng: &mut data::Rng| {
                [0, 1, 2].map(|a| {
                    let (lo, hi) = (b.min[a], b.max[a]);
                    let pad = (hi - lo) * 0.5 + 1.0;
                    rng.range(lo - pad, hi + pad)
                })
            };
            (i, Segment::new(point(&mut rng), point(&mut rng)))
        })
        .collect()
});

fn models() -> Vec<Model<'static>> {
    gta::models(&LIBRARY, Options::STRICT)
        .map(Result::unwrap)
        .collect()
}

fn main() {
    let models = models();
    let faces: usize = models.iter().map(|m| m.faces().len()).sum();
    let grouped = models
        .iter()
        .filter(|m| !m.face_groups().is_empty())
        .count();
    let hits = SEGMENTS
        .iter()
        .filter(|(i, s)| models[*i].cast(*s).is_some())
        .count();
    println!(
        "library: {} models ({grouped} with face groups), {faces} faces; {} segments, {hits} hit",
        models.len(),
        SEGMENTS.len()
    );
    // The brute force must agree, or it measures something else: a face hit is the
    // brute force's nearest face, and nothing the brute force hits is missed.
    for &(i, s) in SEGMENTS.iter() {
        let (hit, brute) = (models[i].cast(s), brute_faces(&models[i], s));
        if let Some(t) = brute {
            assert!(hit.is_some_and(|h| h.t <= t));
        }
        if let Some(h) = hit.filter(|h| h.primitive == zerocol::query::Primitive::Face) {
            assert_eq!(Some(h.t), brute);
        }
    }
    divan::main();
}

/// The nearest face hit by brute force: every face, no bounds, no groups.
fn brute_faces(m: &Model<'_>, s: Segment) -> Option<f32> {
    let v = m.vertices();
    let d = s.direction();
    m.faces()
        .iter()
        .filter_map(|f| {
            let tri = f.indices.map(|i| v.get(i as usize).unwrap());
            segment_triangle(s.start, d, tri).map(|h| h.0)
        })
        .min_by(f32::total_cmp)
}

/// Time to the first hit: validate the whole library (`gta::models`), then one cast
/// against one of its models; nothing is built.
#[divan::bench]
fn first_hit(b: Bencher) {
    let (i, s) = SEGMENTS[0];
    b.bench(|| {
        let mut hit = None;
        for (n, m) in gta::models(black_box(&LIBRARY), Options::STRICT).enumerate() {
            let m = m.unwrap();
            if n == i {
                hit = m.cast(s);
            }
        }
        hit
    });
}

/// Casts through each model's bounds, as the games test them (bounds, spheres,
/// boxes, face-group boxes, the groups' faces).
#[divan::bench]
fn cast(b: Bencher) {
    let models = models();
    b.counter(ItemsCount::new(SEGMENTS.len())).bench(|| {
        SEGMENTS
            .iter()
            .filter(|(i, s)| models[*i].cast(black_box(*s)).is_some())
            .count()
    });
}

/// The same segments by brute force over every face of the model.
#[divan::bench]
fn brute_force(b: Bencher) {
    let models = models();
    b.counter(ItemsCount::new(SEGMENTS.len())).bench(|| {
        SEGMENTS
            .iter()
            .filter(|(i, s)| brute_faces(&models[*i], black_box(*s)).is_some())
            .count()
    });
}
