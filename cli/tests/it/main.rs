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
// Outputs written whole or not at all, bounded and regular inputs, the progress bar.
mod io;
mod mkgp;
mod ray;
mod regressions;
