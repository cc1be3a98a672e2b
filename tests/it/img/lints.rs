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
        "entry 2: the name of entry 0 again: San Andreas logs \"appears more than once\" and keeps entry 0; rename or remove one"
    );
    assert_eq!(
        lints[5].to_string(),
        "entry 4: 2 unused sectors from sector 8: San Andreas never reads them; rebuild the archive to reclaim 4096 bytes"
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

/// A small deterministic generator (xorshift), for the generated archives.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn sorted_lints_equal_the_quadratic_ones_on_generated_archives() {
    let names: [&[u8]; 10] = [
        b"a.col",
        b"A.COL",
        b"b.dff",
        b"B.dff",
        b"c.txd",
        b"readme",
        b"",
        b"d.ipl",
        b"e.rrr",
        b"abcdefghijklmnopqrstuvwx",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut checked, mut with_dup, mut with_overlap, mut with_gap) = (0, 0, 0, 0);
    for round in 0..3000 {
        let sectors = 2 + rng.below(40) as usize;
        let count = rng.below(24) as u32;
        let dir_sectors = (8 + 32 * count as usize).div_ceil(2048).max(1);
        let sectors = sectors.max(dir_sectors + 1);
        let entries: Vec<_> = (0..count)
            .map(|_| {
                // Mostly inside the archive; sometimes past its end (lenient skips
                // those with names the game does not load).
                let past = rng.below(10) == 0;
                let start = if past {
                    sectors as u32 + rng.below(8) as u32
                } else {
                    rng.below(sectors as u64) as u32
                };
                let room = (sectors as u32).saturating_sub(start).max(1);
                let len = if rng.below(8) == 0 {
                    0
                } else {
                    1 + rng.below(u64::from(room).min(6)) as u16
                };
                let n = names[rng.below(names.len() as u64) as usize];
                (start, len, 0, name(n))
            })
            .collect();
        let bytes = v2(count, &entries, sectors);
        for options in [Options::STRICT, Options::LENIENT] {
            let Ok(archive) = Archive::parse(&bytes, options) else {
                continue;
            };
            let directory = archive.directory();
            let quadratic: Vec<_> = directory.lints().collect();
            let mut scratch = vec![0u32; directory.lint_scratch_len()];
            let sorted: Vec<_> = directory.lints_with(&mut scratch).collect();
            assert_eq!(sorted, quadratic, "round {round}, {options:?}");
            // Scratch too short: the quadratic pass, the same lints.
            let mut short = vec![0u32; directory.lint_scratch_len().saturating_sub(1)];
            let fallback: Vec<_> = directory.lints_with(&mut short).collect();
            assert_eq!(fallback, quadratic);
            checked += 1;
            let has = |f: fn(&LintKind) -> bool| quadratic.iter().any(|l| f(&l.kind));
            with_dup += usize::from(has(|k| matches!(k, LintKind::DuplicateName { .. })));
            with_overlap += usize::from(has(|k| matches!(k, LintKind::Overlap { .. })));
            with_gap += usize::from(has(|k| matches!(k, LintKind::UnusedSectors { .. })));
        }
    }
    // The generator reaches every case the sorted path replaces.
    assert!(checked > 2000, "{checked}");
    assert!(with_dup > 500 && with_overlap > 500 && with_gap > 500);
}

#[test]
fn sorted_lints_equal_the_quadratic_ones_on_v1() {
    let mut rng = Rng(12345);
    for _ in 0..500 {
        let count = rng.below(20) as usize;
        let mut dir = vec![0u8; 32 * count + rng.below(3) as usize * 7];
        for i in 0..count {
            let at = 32 * i;
            dir[at..at + 4].copy_from_slice(&(rng.below(30) as u32).to_le_bytes());
            dir[at + 4..at + 8].copy_from_slice(&(rng.below(4) as u32).to_le_bytes());
            let n: &[u8] = [b"x.col" as &[u8], b"X.col", b"y.dff", b"z.rrr"][rng.below(4) as usize];
            dir[at + 8..at + 8 + n.len()].copy_from_slice(n);
        }
        let img = vec![0u8; 34 * 2048];
        for options in [Options::STRICT, Options::LENIENT] {
            let Ok(archive) = Archive::parse_v1(&dir, &img, options) else {
                continue;
            };
            let directory = archive.directory();
            let mut scratch = vec![0u32; directory.lint_scratch_len()];
            assert_eq!(
                directory.lints_with(&mut scratch).collect::<Vec<_>>(),
                directory.lints().collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn a_lint_walk_resumes_at_every_position() {
    let bytes = v2(
        6,
        &[
            (1, 2, 0, name(b"a.col")),
            (2, 2, 0, name(b"b.dff")),
            (6, 1, 0, name(b"A.COL")),
            (7, 0, 0, name(b"z.txd")),
            (7, 1, 0, name(b"readme")),
            (10, 2, 0, name(b"c.ifp")),
        ],
        14,
    );
    let directory = Archive::parse(&bytes, Options::STRICT).unwrap().directory();
    let all: Vec<_> = directory.lints().collect();
    assert!(all.len() > 5);
    let mut walk = directory.lints();
    for i in 0..=all.len() {
        // Resuming from where the walk stands yields the rest, in order.
        let rest: Vec<_> = directory.lints_from(walk.position()).collect();
        assert_eq!(rest, all[i..], "at lint {i}");
        assert_eq!(walk.next(), all.get(i).copied());
    }
    assert_eq!(directory.lints_from(Default::default()).count(), all.len());
    let past = zerocol::img::LintPosition {
        steps: u64::MAX,
        left: u32::MAX,
    };
    assert_eq!(directory.lints_from(past).count(), 0);
}
