//! Every error kind of every format is produced by at least one committed seed or
//! regression file (`fuzz/seeds/<target>/`, `tests/regressions/<format>/`), or is
//! listed here as unreachable with the reason.
//!
//! Each format's test names its kinds (a `match` whose catch-all arm fails: the enums
//! are `#[non_exhaustive]`, so a test crate cannot match them exhaustively), and
//! [`assert_covered`] compares those names with the variants the format's `error.rs`
//! declares: a new kind fails the test until it is named and a file produces it.

use std::collections::BTreeSet;
use std::path::Path;

/// The source file that declares a format's `ErrorKind`.
fn source_of(format: &str) -> &'static str {
    match format {
        "gta" => "src/gta/error.rs",
        "mkgp" => "src/mkgp/error.rs",
        "battleforge" => "src/battleforge/error.rs",
        "grit TCOL" => "src/grit/tcol/error.rs",
        "grit BCOL" => "src/grit/bcol/error.rs",
        "img" => "src/img/error.rs",
        other => panic!("{other}: which file declares its ErrorKind?"),
    }
}

/// The variants of the `ErrorKind` enum declared in `source` (a plain enum, or one
/// declared through `wire::error_kind!`, which adds `Truncated` and `BadMagic`): the
/// lines one level inside the enum that start with a capitalised name.
pub fn declared_kinds(source: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(source);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let start = lines
        .by_ref()
        .find(|l| l.contains("enum ErrorKind"))
        .unwrap_or_else(|| panic!("{source}: no enum ErrorKind"));
    let indent = start.len() - start.trim_start().len();
    let mut kinds = BTreeSet::new();
    if start.contains(", magic [") {
        kinds.extend(["Truncated".to_owned(), "BadMagic".to_owned()]);
    }
    for line in lines {
        let inner = line.len() - line.trim_start().len();
        if line.trim() == "}" && inner == indent {
            break;
        }
        let name: String = line
            .trim_start()
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if inner == indent + 4 && name.starts_with(|c: char| c.is_ascii_uppercase()) {
            kinds.insert(name);
        }
    }
    assert!(!kinds.is_empty(), "{source}: no variants found");
    kinds
}

/// Checks that the kinds `produced` by the committed files, together with the
/// `unreachable` ones, are exactly `all`.
pub fn assert_covered(
    format: &str,
    all: &[&'static str],
    unreachable: &[(&'static str, &'static str)],
    produced: &BTreeSet<&'static str>,
) {
    let all: BTreeSet<_> = all.iter().copied().collect();
    let declared = declared_kinds(source_of(format));
    let named: BTreeSet<String> = all.iter().map(|k| (*k).to_owned()).collect();
    assert_eq!(
        named,
        declared,
        "{format}: the kinds named here differ from those {} declares",
        source_of(format)
    );
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
