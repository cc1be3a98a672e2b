//! The C API against the Rust library on the same bytes and the same queries: what
//! the boundary costs (the pointer checks, the view's check word and its O(1)
//! rebuild). Inputs: `samples/sample.col`, and the San Andreas-shaped library the
//! main crate's `gta` and `query` benches build (1,450 COL3 models).
//!
//! `cargo bench -p zerocol-capi`.

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use zerocol::gta::{self, Model, Options};
use zerocol::query::{Query, Segment};
use zerocol_capi::{
    zc_gta_check, zc_gta_model, zc_gta_model_cast, zc_gta_models, zc_gta_models_begin,
    zc_gta_models_next, zc_hit, zc_mode, zc_segment, zc_status,
};

#[path = "../../benches/data/mod.rs"]
mod data;

static SAMPLE: &[u8] = include_bytes!("../../samples/sample.col");
static LIBRARY: LazyLock<Vec<u8>> = LazyLock::new(data::gta::library);

/// 4,096 segments, each through the bounds of a model of the generated library:
/// `(model index, segment)`, drawn as the `query` bench draws them.
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

/// The C views of the library's models, through the C walk.
fn views() -> Vec<zc_gta_model> {
    let mut it = std::mem::MaybeUninit::<zc_gta_models>::uninit();
    let status = zc_gta_models_begin(
        LIBRARY.as_ptr(),
        LIBRARY.len(),
        zc_mode::ZC_MODE_STRICT as u32,
        it.as_mut_ptr(),
    );
    assert_eq!(status, zc_status::ZC_STATUS_OK);
    let mut it = unsafe { it.assume_init() };
    let mut out = Vec::new();
    let mut view = std::mem::MaybeUninit::<zc_gta_model>::uninit();
    while zc_gta_models_next(&mut it, view.as_mut_ptr(), std::ptr::null_mut())
        == zc_status::ZC_STATUS_OK
    {
        out.push(unsafe { view.assume_init() });
    }
    out
}

/// The C view of a model of the sample, through `zc_gta_model_parse`.
fn zc_gta_model_view(m: &Model<'static>) -> zc_gta_model {
    let mut view = std::mem::MaybeUninit::<zc_gta_model>::uninit();
    let bytes = &SAMPLE[m.offset()..];
    let status = zerocol_capi::zc_gta_model_parse(
        bytes.as_ptr(),
        bytes.len(),
        zc_mode::ZC_MODE_STRICT as u32,
        view.as_mut_ptr(),
        std::ptr::null_mut(),
    );
    assert_eq!(status, zc_status::ZC_STATUS_OK);
    unsafe { view.assume_init() }
}

fn main() {
    let models = models();
    let hits = SEGMENTS
        .iter()
        .filter(|(i, s)| models[*i].cast(*s).is_some())
        .count();
    println!(
        "library: {} bytes, {} models; {} segments, {hits} hit",
        LIBRARY.len(),
        models.len(),
        SEGMENTS.len()
    );
    divan::main();
}

/// `zc_gta_check` and `gta::check`: the whole file validated.
mod check {
    use super::*;

    fn rust(b: Bencher, bytes: &[u8]) {
        b.counter(divan::counter::BytesCount::of_slice(bytes))
            .bench(|| gta::check(black_box(bytes), Options::STRICT).map(|s| s.models));
    }

    fn c(b: Bencher, bytes: &[u8]) {
        b.counter(divan::counter::BytesCount::of_slice(bytes))
            .bench(|| {
                let bytes = black_box(bytes);
                zc_gta_check(
                    bytes.as_ptr(),
                    bytes.len(),
                    zc_mode::ZC_MODE_STRICT as u32,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            });
    }

    #[divan::bench]
    fn sample_rust(b: Bencher) {
        rust(b, SAMPLE);
    }

    /// The mode as a value known only at run time, as the C API gets it.
    #[divan::bench]
    fn sample_rust_runtime_mode(b: Bencher) {
        b.counter(divan::counter::BytesCount::of_slice(SAMPLE))
            .bench(|| gta::check(black_box(SAMPLE), black_box(Options::STRICT)).map(|s| s.models));
    }

    #[divan::bench]
    fn sample_c(b: Bencher) {
        c(b, SAMPLE);
    }

    #[divan::bench]
    fn library_rust(b: Bencher) {
        rust(b, &LIBRARY);
    }

    #[divan::bench]
    fn library_c(b: Bencher) {
        c(b, &LIBRARY);
    }
}

/// `zc_gta_model_cast` from a view and `Model::cast`: 4,096 segments, each at the
/// model whose bounds it crosses; and one segment down through the sample's
/// lamppost_sa (a face hit), where the call's fixed cost shows most.
mod cast {
    use super::*;

    fn lamppost() -> (Model<'static>, Segment) {
        let m = gta::models(SAMPLE, Options::STRICT)
            .nth(1)
            .unwrap()
            .unwrap();
        (
            m,
            Segment::new([-0.125, 1.375, 18.875], [-0.125, 1.375, -10.375]),
        )
    }

    #[divan::bench]
    fn sample_rust(b: Bencher) {
        let (m, s) = lamppost();
        // The whole hit kept, as the C call writes it (keeping only the index would
        // let the compiler skip the point and the normal).
        b.bench_local(|| black_box(black_box(&m).cast(black_box(s))));
    }

    #[divan::bench]
    fn sample_c(b: Bencher) {
        let (m, s) = lamppost();
        let view = zc_gta_model_view(&m);
        let seg = zc_segment {
            start: s.start,
            end: s.end,
        };
        b.bench_local(|| {
            let mut hit = std::mem::MaybeUninit::<zc_hit>::uninit();
            let status = zc_gta_model_cast(black_box(&view), black_box(&seg), hit.as_mut_ptr());
            (status == zc_status::ZC_STATUS_OK).then(|| black_box(unsafe { hit.assume_init() }))
        });
    }

    #[divan::bench]
    fn rust(b: Bencher) {
        let models = models();
        let segments = &*SEGMENTS;
        b.counter(divan::counter::ItemsCount::new(segments.len()))
            .bench_local(|| {
                let mut n = 0usize;
                for (i, s) in segments {
                    if let Some(h) = black_box(black_box(&models[*i]).cast(*s)) {
                        n += h.index;
                    }
                }
                n
            });
    }

    #[divan::bench]
    fn c(b: Bencher) {
        let views = views();
        let segments: Vec<(usize, zc_segment)> = SEGMENTS
            .iter()
            .map(|(i, s)| {
                (
                    *i,
                    zc_segment {
                        start: s.start,
                        end: s.end,
                    },
                )
            })
            .collect();
        b.counter(divan::counter::ItemsCount::new(segments.len()))
            .bench_local(|| {
                let mut n = 0u64;
                let mut hit = std::mem::MaybeUninit::<zc_hit>::uninit();
                for (i, s) in &segments {
                    if zc_gta_model_cast(black_box(&views[*i]), s, hit.as_mut_ptr())
                        == zc_status::ZC_STATUS_OK
                    {
                        n += black_box(unsafe { hit.assume_init_ref() }).index;
                    }
                }
                n
            });
    }
}
