//! The cases the target firmware runs (`tests/cases/`, see `targets/README.md`),
//! run on the host: natively, under Miri, and on big-endian CPUs through qemu-user.
mod cases;

use cases::{Case, Tally};

fn run_all(format: &str, list: &[Case]) {
    let tally: Tally = cases::run(list, |case, failure| {
        eprintln!("FAILED {}: {failure}", case.name);
    });
    println!("{format}: {tally}");
    assert!(!list.is_empty(), "{format}: no cases");
    assert_eq!(tally.failed, 0, "{format}: {tally}");
    assert_eq!(tally.passed as usize, list.len());
}

#[test]
fn gta_cases() {
    run_all("gta", cases::GTA);
}

#[test]
fn mkgp_cases() {
    run_all("mkgp", cases::MKGP);
}

#[test]
fn battleforge_cases() {
    run_all("battleforge", cases::BATTLEFORGE);
}

#[test]
fn grit_cases() {
    run_all("grit", cases::GRIT);
}
