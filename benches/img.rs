//! Checking a San Andreas-shaped IMG archive, against a `memcpy` of the same bytes.
//!
//! `cargo bench --bench img`. The archive (about 200 MB) is built by the crate's
//! writer: the SA-shaped GTA library of the `gta` bench cut into `.col` entries of
//! 25 models, each followed by a `.dff` entry (the sample `vehicle.dff`, whose
//! collision model is read), repeated to 200 MB (docs/benchmarks.md).

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::BytesCount;
use zerocol::gta;
use zerocol::img::{self, Archive, Kind, Options, Source};

mod data;

/// About 200 MB.
const TARGET_LEN: usize = 200 << 20;

static ARCHIVE: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let library = data::gta::library();
    let models: Vec<&[u8]> = gta::models(&library, gta::Options::STRICT)
        .map(|m| m.unwrap().bytes())
        .collect();
    let cols: Vec<Vec<u8>> = models.chunks(25).map(|c| c.concat()).collect();
    let dff: &[u8] = include_bytes!("../samples/vehicle.dff");
    let names: Vec<(String, String)> = (0..)
        .take_while(|i| i * (library.len() + cols.len() * 2048) < TARGET_LEN)
        .flat_map(|round| {
            (0..cols.len()).map(move |i| (format!("c{round}_{i}.col"), format!("d{round}_{i}.dff")))
        })
        .collect();
    let sources: Vec<Source<'_>> = names
        .iter()
        .enumerate()
        .flat_map(|(i, (col, dff_name))| {
            [
                Source {
                    name: col.as_bytes(),
                    data: &cols[i % cols.len()],
                },
                Source {
                    name: dff_name.as_bytes(),
                    data: dff,
                },
            ]
        })
        .collect();
    let mut out = vec![0; img::required_len(sources.iter().copied()).unwrap()];
    img::write(sources.iter().copied(), &mut out).unwrap();
    out
});

fn main() {
    // The same archive as a file, for timing `zerocol check` on it (docs/benchmarks.md).
    if let Ok(path) = std::env::var("ZEROCOL_IMG_OUT") {
        std::fs::write(&path, &*ARCHIVE).unwrap();
        println!("wrote {path}");
        return;
    }
    let archive = Archive::parse(&ARCHIVE, Options::STRICT).unwrap();
    println!(
        "archive: {} bytes, {} entries ({} .col, {} .dff)",
        ARCHIVE.len(),
        archive.entries().count(),
        archive
            .entries()
            .filter(|e| e.entry.kind == Kind::Col)
            .count(),
        archive
            .entries()
            .filter(|e| e.entry.kind == Kind::Dff)
            .count(),
    );
    assert_eq!(check(&ARCHIVE), archive.entries().count());
    divan::main();
}

/// The directory, then every `.col` entry's models and every `.dff` entry's
/// collision model, all rules of the GTA reader (strict).
fn check(bytes: &[u8]) -> usize {
    check_entries_of(&Archive::parse(bytes, Options::STRICT).unwrap())
}

/// Every `.col` entry's models and every `.dff` entry's collision model.
fn check_entries_of(archive: &Archive<'_>) -> usize {
    let mut n = 0;
    for entry in archive.entries() {
        match entry.entry.kind {
            Kind::Col => {
                black_box(entry.check(gta::Options::STRICT).unwrap());
            }
            Kind::Dff => {
                black_box(entry.dff(gta::Options::STRICT).unwrap());
            }
            _ => {}
        }
        n += 1;
    }
    n
}

fn bytes() -> BytesCount {
    BytesCount::of_slice(&**ARCHIVE)
}

/// The floor: a copy of the archive.
#[divan::bench]
fn memcpy(b: Bencher) {
    data::memcpy(b, &ARCHIVE);
}

/// `Archive::parse`: the directory and every entry's bounds.
#[divan::bench]
fn directory(b: Bencher) {
    b.counter(bytes())
        .bench(|| Archive::parse(black_box(&ARCHIVE), Options::STRICT).unwrap());
}

/// `Archive::parse`, then every `.col` and `.dff` entry checked.
#[divan::bench]
fn check_entries(b: Bencher) {
    b.counter(bytes()).bench(|| check(black_box(&ARCHIVE)));
}

/// What `zerocol check` does: `Archive::parse`, the directory's lints (sorted in
/// a `Vec` of scratch, as the CLI does), then every `.col` entry's models with
/// their lints (bounds, face groups, engine limits) and every `.dff` entry read.
#[divan::bench]
fn check_archive(b: Bencher) {
    b.counter(bytes()).bench(|| {
        let archive = Archive::parse(black_box(&ARCHIVE), Options::STRICT).unwrap();
        let directory = archive.directory();
        let mut scratch = vec![0u32; directory.lint_scratch_len()];
        black_box(directory.lints_with(&mut scratch).count());
        let mut lints = 0;
        for entry in archive.entries() {
            match entry.entry.kind {
                Kind::Col => {
                    for model in entry.models(gta::Options::STRICT) {
                        lints += model.unwrap().lints().count();
                    }
                }
                Kind::Dff => {
                    black_box(entry.dff(gta::Options::STRICT).unwrap());
                }
                _ => {}
            }
        }
        lints
    });
}

/// The directory's lints, sorted in caller scratch (`Directory::lints_with`).
#[divan::bench]
fn lints_sorted(b: Bencher) {
    let archive = Archive::parse(&ARCHIVE, Options::STRICT).unwrap();
    let directory = archive.directory();
    b.bench(|| {
        let mut scratch = vec![0u32; directory.lint_scratch_len()];
        directory.lints_with(&mut scratch).count()
    });
}

/// The directory's lints without scratch (every entry against every earlier one).
#[divan::bench(sample_count = 10)]
fn lints_quadratic(b: Bencher) {
    let archive = Archive::parse(&ARCHIVE, Options::STRICT).unwrap();
    b.bench(|| archive.directory().lints().count());
}
