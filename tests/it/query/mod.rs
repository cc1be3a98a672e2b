//! Queries (`zerocol::query`): the primitive tests with hand-computed values, and each
//! format's `Query` against a brute-force oracle: GTA's against every face, MKGP's grid
//! walk against every record of the course, BattleForge's and Grit's shapes against
//! point membership sampled along each segment.

mod battleforge;
mod core;
mod grit;
mod gta;
#[cfg(feature = "std")]
mod mkgp;
mod parry;

use zerocol::query::Segment;

use crate::support::rng::Rng;

/// A segment for the property tests: mostly between two points of `lo..hi`, now and
/// then zero-length, axis-aligned, or holding NaN and infinities.
pub fn segment(rng: &mut Rng, lo: [f32; 3], hi: [f32; 3]) -> Segment {
    let point = |rng: &mut Rng| -> [f32; 3] { std::array::from_fn(|i| rng.range(lo[i], hi[i])) };
    let start = point(rng);
    let mut end = point(rng);
    match rng.below(12) {
        0 => end = start,
        1 => {
            end = start;
            end[rng.below(3)] = rng.range(lo[0].min(lo[1]).min(lo[2]), hi[0].max(hi[1]).max(hi[2]));
        }
        2 => end[rng.below(3)] = rng.pick(&[f32::NAN, f32::INFINITY, f32::NEG_INFINITY, f32::MAX]),
        3 => end = [rng.float(), rng.float(), rng.float()],
        _ => {}
    }
    Segment::new(start, end)
}

/// Every coordinate finite.
pub fn finite(v: [f32; 3]) -> bool {
    v.iter().all(|x| x.is_finite())
}

/// The rules every hit keeps: `t` in `[0, 1]`, a finite point at `t`, a unit normal
/// facing the start (or against the segment, for a solid started in).
#[track_caller]
pub fn check_hit_shape(segment: &Segment, t: f32, point: [f32; 3], normal: [f32; 3]) {
    assert!((0.0..=1.0).contains(&t), "{segment:?}: t {t}");
    assert!(
        finite(point) && finite(normal),
        "{segment:?}: {point:?} {normal:?}"
    );
    let len = normal.iter().map(|x| x * x).sum::<f32>().sqrt();
    assert!((len - 1.0).abs() < 1e-4, "{segment:?}: normal {normal:?}");
    let dir = segment.direction();
    let along: f32 = normal.iter().zip(dir).map(|(n, d)| n * d).sum();
    assert!(
        along <= 1e-3 * dir.iter().map(|x| x.abs()).sum::<f32>(),
        "{segment:?}: normal {normal:?} faces away"
    );
}
