//! The `zerocol` command-line tool's tests, as one test crate: the tool run as a child
//! process (`CARGO_BIN_EXE_zerocol`), a module per format or concern, the helpers they
//! share in `support`, and the `any` fuzz target's replay (`fuzz`).

mod support;

mod battleforge;
// `check` over files and folders, what the tool says of other files, `info --model`, `--help`.
mod check;
mod dff;
mod export;
mod fuzz;
// The tool itself (exit codes, streams, `check`, stdin) on GTA files, and `gta-col` JSON.
mod grit;
mod gta;
mod img;
// Outputs that would land on inputs, `extract`'s targets, an `.img` without its `.dir`.
mod img_paths;
// Damaged and VERF archives: `repair`, what `--lenient` skips, `put`'s messages.
mod img_repair;
// The memory bound on hostile IMG archives, under an address-space limit.
mod img_memory;
// Outputs written whole or not at all, bounded and regular inputs, the progress bar.
mod io;
mod mkgp;
// A III/VC pair replaced as one: kills before each system call, writers at once.
mod pair;
mod ray;
mod regressions;

/// The samples `zerocol info` embeds (`cli/samples/`, which `cargo package` ships with
/// the tool) are the repository's, byte for byte.
#[test]
fn embedded_samples_are_the_repositorys() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<_> = std::fs::read_dir(here.join("samples"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["body.tcol", "collision.drs", "course.col", "sample.col"]
    );
    for name in names {
        assert_eq!(
            std::fs::read(here.join("samples").join(&name)).unwrap(),
            std::fs::read(here.join("../samples").join(&name)).unwrap(),
            "{name:?}"
        );
    }
}
