//! Each lint, with its values and offsets.

use super::damage::{name, v2};
use zerocol::img::{Archive, Lint, LintKind, Options, Version};

#[test]
fn every_lint_with_values_and_offsets() {
    // Directory: 1 sector. Archive: 12 sectors.
    let bytes = v2(
        6,
        &[
            (1, 2, 0, name(b"a.col")),  // 0: sectors 1..3
            (2, 2, 0, name(b"b.dff")),  // 1: 2..4, overlaps 0
            (6, 1, 0, name(b"A.COL")),  // 2: duplicate of 0; 4..6 unused before it
            (7, 0, 0, name(b"z.txd")),  // 3: zero size
            (7, 1, 0, name(b"readme")), // 4: no extension; 8..10 unused after it
            (10, 2, 0, name(b"c.ifp")), // 5: 10..12
        ],
        12,
    );
    let archive = Archive::parse(&bytes, Options::STRICT).unwrap();
    let lints: Vec<_> = archive.directory().lints().collect();
    let at = |i: usize| 8 + 32 * i;
    let lint = |i: u32, kind| Lint {
        offset: at(i as usize),
        entry: Some(i),
        version: Version::V2,
        kind,
    };
    assert_eq!(
        lints,
        [
            lint(1, LintKind::Overlap { other: 0 }),
            lint(1, LintKind::UnusedSectors { first: 4, count: 2 }),
            lint(2, LintKind::DuplicateName { first: 0 }),
            lint(3, LintKind::ZeroSize),
            lint(4, LintKind::UnknownExtension),
            lint(4, LintKind::UnusedSectors { first: 8, count: 2 }),
        ]
    );
    assert!(lints.iter().all(|l| !l.is_tolerated()));
    assert_eq!(
        lints[2].to_string(),
        "entry 2: the name of entry 0 again: San Andreas log \"appears more than once\" and keep entry 0; rename or remove one"
    );
    assert_eq!(
        lints[5].to_string(),
        "entry 4: 2 unused sectors from sector 8: San Andreas never read them; rebuild the archive to reclaim 4096 bytes"
    );
    // The game's first wins: find gives entry 0.
    assert_eq!(archive.find(b"a.col").unwrap().entry.index, 0);
}

#[test]
fn directory_gap_and_overlap_and_v1_games() {
    // v2: data starts at sector 3 (sectors 1..3 unused), one entry inside the directory.
    let bytes = v2(
        2,
        &[(3, 1, 0, name(b"a.col")), (0, 1, 0, name(b"b.col"))],
        4,
    );
    let archive = Archive::parse(&bytes, Options::STRICT).unwrap();
    let lints: Vec<_> = archive
        .directory()
        .lints()
        .map(|l| (l.offset, l.entry, l.kind))
        .collect();
    assert_eq!(
        lints,
        [
            (4, None, LintKind::UnusedSectors { first: 1, count: 2 }),
            (
                40,
                Some(1),
                LintKind::OverlapsDirectory {
                    directory_sectors: 1
                }
            ),
        ]
    );
    // v1: sectors before the first entry are unused; the games named are III and VC.
    let mut dir = vec![0u8; 32];
    dir[0..4].copy_from_slice(&2u32.to_le_bytes());
    dir[4..8].copy_from_slice(&1u32.to_le_bytes());
    dir[8..13].copy_from_slice(b"a.rrr");
    let img = vec![0u8; 3 * 2048];
    let archive = Archive::parse_v1(&dir, &img, Options::STRICT).unwrap();
    let lints: Vec<_> = archive.directory().lints().collect();
    assert_eq!(lints.len(), 2);
    assert_eq!(
        lints[0].kind,
        LintKind::UnusedSectors { first: 0, count: 2 }
    );
    // .rrr is San Andreas only: III and VC skip it.
    assert_eq!(lints[1].kind, LintKind::UnknownExtension);
    assert!(lints[1].to_string().contains("GTA III and Vice City"));
}
