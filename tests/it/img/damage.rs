//! Hand-made directories: what strict reading rejects (with the offset) and what
//! lenient reading reads, as the game does.

use zerocol::img::{Archive, Directory, ErrorKind, LintKind, Options};

/// A v2 archive of `sectors` sectors whose directory declares `count` entries and
/// holds `entries` ({offset, streaming size, size in archive, name field}).
pub fn v2(count: u32, entries: &[(u32, u16, u16, [u8; 24])], sectors: usize) -> Vec<u8> {
    let mut b = vec![0u8; sectors * 2048];
    b[..4].copy_from_slice(b"VER2");
    b[4..8].copy_from_slice(&count.to_le_bytes());
    for (i, (offset, streaming, archive, name)) in entries.iter().enumerate() {
        let at = 8 + 32 * i;
        b[at..at + 4].copy_from_slice(&offset.to_le_bytes());
        b[at + 4..at + 6].copy_from_slice(&streaming.to_le_bytes());
        b[at + 6..at + 8].copy_from_slice(&archive.to_le_bytes());
        b[at + 8..at + 32].copy_from_slice(name);
    }
    b
}

pub fn name(s: &[u8]) -> [u8; 24] {
    let mut n = [0; 24];
    n[..s.len()].copy_from_slice(s);
    n
}

/// The real damaged archive's shape: 120 entries declared, 64 real, then leftover
/// bytes (names without a dot, offsets far past the end) in the directory's sectors.
fn damaged() -> Vec<u8> {
    let mut entries = Vec::new();
    // Directory: 8 + 120 × 32 = 3848 bytes, 2 sectors; entries from sector 2.
    for i in 0..64u32 {
        entries.push((2 + i, 1, 0, name(format!("m{i}.dff").as_bytes())));
    }
    for i in 0..56u32 {
        entries.push((
            0x0040_0000 + i * 977,
            0x1234,
            0,
            name(b"\x13leftover bytes"),
        ));
    }
    v2(120, &entries, 66)
}

#[test]
fn damaged_directory_strict_rejects_at_the_first_leftover() {
    let bytes = damaged();
    let error = Archive::parse(&bytes, Options::STRICT).unwrap_err();
    assert_eq!(error.offset(), 8 + 64 * 32);
    assert_eq!(
        error.kind(),
        ErrorKind::EntryPastEnd {
            entry: 64,
            end_sector: 0x0040_0000 + 0x1234,
            archive_sectors: 66,
            game_skips: true,
        }
    );
    assert!(error.kind().is_lenient_readable());
    let text = error.to_string();
    assert!(text.starts_with("byte 2056 (0x808): expected entry 64's sectors inside the archive's 66 sectors, they end at sector 4198964"), "{text}");
    // What the game does; the tool, not the library, names `--lenient`.
    assert!(
        text.ends_with("(its name has no extension the game loads, so the game skips it)"),
        "{text}"
    );
}

#[test]
fn damaged_directory_lenient_reads_64_entries_and_reports_the_rest() {
    let bytes = damaged();
    let archive = Archive::parse(&bytes, Options::LENIENT).unwrap();
    assert_eq!(archive.directory().declared(), 120);
    assert_eq!(archive.entries().count(), 64);
    assert_eq!(archive.entries().last().unwrap().entry.name, b"m63.dff");
    let skipped: Vec<_> = archive.directory().tolerated().collect();
    assert_eq!(skipped.len(), 56);
    assert_eq!(skipped[0].entry, Some(64));
    assert_eq!(skipped[0].offset, 2056);
    assert_eq!(
        archive.directory().get(64).unwrap().name,
        b"\x13leftover bytes"
    );
    assert_eq!(
        skipped[55].kind,
        LintKind::Skipped {
            end_sector: 0x0040_0000 + 55 * 977 + 0x1234,
            archive_sectors: 66
        }
    );
    // Nothing else: the 64 real entries fill the archive exactly.
    assert_eq!(archive.directory().lints().count(), 56);
}

#[test]
fn known_extension_past_the_end_is_fatal_in_both_modes() {
    let bytes = v2(1, &[(1, 5, 0, name(b"x.col"))], 3);
    for options in [Options::STRICT, Options::LENIENT] {
        let error = Archive::parse(&bytes, options).unwrap_err();
        assert_eq!(error.offset(), 8);
        assert_eq!(
            error.kind(),
            ErrorKind::EntryPastEnd {
                entry: 0,
                end_sector: 6,
                archive_sectors: 3,
                game_skips: false
            }
        );
        assert!(!error.to_string().contains("the game skips it"));
    }
}

#[test]
fn size_in_archive_wins_over_streaming_size() {
    let bytes = v2(1, &[(1, 9, 2, name(b"x.col"))], 3);
    let archive = Archive::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(archive.entries().next().unwrap().entry.sectors, 2);
}

#[test]
fn unterminated_name_strict_error_lenient_cut() {
    let bytes = v2(1, &[(1, 1, 0, *b"abcdefghijklmnopqrst.dff")], 2);
    let error = Archive::parse(&bytes, Options::STRICT).unwrap_err();
    assert_eq!(
        (error.offset(), error.kind()),
        (16, ErrorKind::NameNotTerminated { entry: 0 })
    );
    assert!(
        error
            .to_string()
            .ends_with("(the game cuts it at 23 bytes)")
    );
    let archive = Archive::parse(&bytes, Options::LENIENT).unwrap();
    let entry = archive.entries().next().unwrap().entry;
    assert_eq!(entry.name, b"abcdefghijklmnopqrst.df");
    let lints: Vec<_> = archive
        .directory()
        .lints()
        .map(|l| (l.offset, l.kind))
        .collect();
    // The cut name ends in ".df": the game skips it.
    assert_eq!(
        lints,
        [
            (16, LintKind::NameNotTerminated),
            (8, LintKind::UnknownExtension)
        ]
    );
}

#[test]
fn header_and_directory_errors() {
    let error = Archive::parse(b"VER", Options::STRICT).unwrap_err();
    assert_eq!(
        error.kind(),
        ErrorKind::Truncated {
            needed: 8,
            available: 3
        }
    );
    let error = Archive::parse(b"VERF\0\0\0\0", Options::LENIENT).unwrap_err();
    assert_eq!(
        (error.offset(), error.kind()),
        (0, ErrorKind::BadMagic { found: *b"VERF" })
    );
    let mut bytes = v2(0, &[], 1);
    bytes[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    let error = Archive::parse(&bytes, Options::LENIENT).unwrap_err();
    assert_eq!(
        (error.offset(), error.kind()),
        (
            4,
            ErrorKind::DirectoryPastEnd {
                count: u32::MAX,
                end: 8 + 32 * u64::from(u32::MAX),
                len: 2048
            }
        )
    );
    assert_eq!(Directory::v2_len(b"VER2\x02\0\0\0"), Ok(72));
}

#[test]
fn v1_partial_entry_strict_error_lenient_ignored() {
    let mut dir = vec![0u8; 32 + 5];
    dir[4..8].copy_from_slice(&1u32.to_le_bytes());
    dir[8..13].copy_from_slice(b"a.txd");
    let img = vec![0u8; 2048];
    let error = Archive::parse_v1(&dir, &img, Options::STRICT).unwrap_err();
    assert_eq!(
        (error.offset(), error.kind()),
        (32, ErrorKind::PartialEntry { bytes: 5 })
    );
    let archive = Archive::parse_v1(&dir, &img, Options::LENIENT).unwrap();
    assert_eq!(archive.entries().count(), 1);
    let lints: Vec<_> = archive
        .directory()
        .lints()
        .map(|l| (l.offset, l.entry, l.kind))
        .collect();
    assert_eq!(lints, [(32, None, LintKind::PartialEntry { bytes: 5 })]);
}

#[test]
fn partial_last_sector_lenient_only() {
    let mut bytes = v2(1, &[(1, 1, 0, name(b"x.col"))], 2);
    bytes.truncate(2048 + 100);
    let error = Archive::parse(&bytes, Options::STRICT).unwrap_err();
    assert_eq!(
        error.kind(),
        ErrorKind::EntryPastEnd {
            entry: 0,
            end_sector: 2,
            archive_sectors: 1,
            game_skips: false
        }
    );
    let archive = Archive::parse(&bytes, Options::LENIENT).unwrap();
    assert_eq!(archive.entries().next().unwrap().bytes.len(), 100);
}
