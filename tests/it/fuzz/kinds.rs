//! Every error kind of every format is produced by at least one committed seed or
//! regression file (`fuzz/seeds/<target>/`, `tests/regressions/<format>/`), or is
//! listed here as unreachable with the reason.
//!
//! Each format names its kinds in an exhaustive `match`: a new kind does not compile
//! until it is named here, and then fails [`assert_covered`] until a file produces it.

use std::collections::BTreeSet;

/// Checks that the kinds `produced` by the committed files, together with the
/// `unreachable` ones, are exactly `all`.
pub fn assert_covered(
    format: &str,
    all: &[&'static str],
    unreachable: &[(&'static str, &'static str)],
    produced: &BTreeSet<&'static str>,
) {
    let all: BTreeSet<_> = all.iter().copied().collect();
    for (kind, why) in unreachable {
        assert!(all.contains(kind), "{format}: {kind} is not a kind");
        assert!(!why.is_empty(), "{format}: say why {kind} is unreachable");
        assert!(
            !produced.contains(kind),
            "{format}: {kind} is listed as unreachable, but a committed file produces it"
        );
    }
    let unreachable: BTreeSet<_> = unreachable.iter().map(|(k, _)| *k).collect();
    let missing: Vec<_> = all
        .iter()
        .filter(|k| !produced.contains(*k) && !unreachable.contains(*k))
        .collect();
    assert!(
        missing.is_empty(),
        "{format}: no committed seed or regression file produces {missing:?}"
    );
}
