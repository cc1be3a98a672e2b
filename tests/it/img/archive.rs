//! Archives the writer builds from the samples: v1 and v2, read back whole, as a
//! directory alone and entry by entry (streaming), and edited.

use zerocol::gta;
use zerocol::img::{self, Archive, Change, Directory, Kind, Options, Source, Version};
use zerocol::{Format, sniff};

const COL: &[u8] = include_bytes!("../../../samples/sample.col");
const DFF: &[u8] = include_bytes!("../../../samples/vehicle.dff");

fn sources() -> [Source<'static>; 4] {
    [
        Source {
            name: b"sample.col",
            data: COL,
        },
        Source {
            name: b"VEHICLE.DFF",
            data: DFF,
        },
        Source {
            name: b"empty.txd",
            data: b"",
        },
        Source {
            name: b"notes.txt",
            data: b"not loaded",
        },
    ]
}

fn v2() -> Vec<u8> {
    let sources = sources();
    let mut out = vec![0xAA; img::required_len(sources).unwrap()];
    let written = img::write(sources, &mut out).unwrap();
    assert_eq!(written, out.len());
    out
}

fn sectors(len: usize) -> u32 {
    len.div_ceil(2048) as u32
}

#[test]
fn v2_layout_and_entries() {
    let bytes = v2();
    let (col, dff) = (sectors(COL.len()), sectors(DFF.len()));
    // Directory: 8 + 4 × 32 bytes = one sector; data from sector 1.
    assert_eq!(&bytes[..4], b"VER2");
    assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()), 4);
    assert_eq!(bytes.len(), (1 + col as usize + dff as usize + 1) * 2048);
    let archive = Archive::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(archive.version(), Version::V2);
    let got: Vec<_> = archive
        .entries()
        .map(|e| {
            (
                e.entry.name,
                e.entry.kind,
                e.entry.sector,
                e.entry.sectors,
                e.entry.record_offset,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (&b"sample.col"[..], Kind::Col, 1, col, 8),
            (&b"VEHICLE.DFF"[..], Kind::Dff, 1 + col, dff, 40),
            (&b"empty.txd"[..], Kind::Txd, 1 + col + dff, 0, 72),
            (&b"notes.txt"[..], Kind::Other, 1 + col + dff, 1, 104),
        ]
    );
    // Data: the source bytes, then zeros to the sector's end.
    let col_entry = archive.find(b"SAMPLE.col").unwrap();
    assert_eq!(&col_entry.bytes[..COL.len()], COL);
    assert!(col_entry.bytes[COL.len()..].iter().all(|&b| b == 0));
    assert_eq!(col_entry.bytes.len(), col as usize * 2048);
    assert_eq!(col_entry.archive_offset(), 2048);
    assert_eq!(col_entry.sniff(), Some(Format::GtaCol));
    // The models, through the GTA reader: the same as the loose file's.
    let loose: Vec<_> = gta::models(COL, gta::Options::STRICT)
        .map(|m| m.unwrap().name())
        .collect();
    let inside: Vec<_> = col_entry
        .models(gta::Options::STRICT)
        .map(|m| m.unwrap().name())
        .collect();
    assert_eq!(inside, loose);
    assert_eq!(
        col_entry.check(gta::Options::STRICT).unwrap().models,
        loose.len()
    );
    let dff_entry = archive.find(b"vehicle.dff").unwrap();
    assert_eq!(dff_entry.sniff(), Some(Format::Dff));
    assert!(dff_entry.dff(gta::Options::STRICT).is_ok());
    assert_eq!(sniff(archive.find(b"notes.txt").unwrap().bytes), None);
}

#[test]
fn v1_pair_matches_v2_and_lists_from_the_dir_alone() {
    let sources = sources();
    let (dir_len, img_len) = img::v1_required_len(sources).unwrap();
    assert_eq!(dir_len, 4 * 32);
    let (mut dir, mut data) = (vec![0xAA; dir_len], vec![0xAA; img_len]);
    assert_eq!(
        img::write_v1(sources, &mut dir, &mut data).unwrap(),
        (dir_len, img_len)
    );
    let v1 = Archive::parse_v1(&dir, &data, Options::STRICT).unwrap();
    let v2_bytes = v2();
    let v2 = Archive::parse(&v2_bytes, Options::STRICT).unwrap();
    assert_eq!(v1.version(), Version::V1);
    // Same names and bytes; v1 data starts at sector 0, v2 after its directory.
    for (a, b) in v1.entries().zip(v2.entries()) {
        assert_eq!(a.entry.name, b.entry.name);
        assert_eq!(a.bytes, b.bytes);
        assert_eq!(a.entry.sector + 1, b.entry.sector);
    }
    assert_eq!(v1.entries().count(), 4);
    let listing = Directory::parse_v1(&dir, None, Options::STRICT).unwrap();
    assert_eq!(listing.archive_len(), None);
    assert!(listing.entries().eq(v1.directory().entries()));
}

#[test]
fn streaming_view_equals_the_whole_buffer_view() {
    let bytes = v2();
    let whole = Archive::parse(&bytes, Options::STRICT).unwrap();
    let head_len = Directory::v2_len(&bytes[..8]).unwrap();
    assert_eq!(head_len, 8 + 4 * 32);
    // Only the directory's bytes and the archive's length, as a runtime has them.
    let directory = Directory::parse(
        &bytes[..head_len],
        Some(bytes.len() as u64),
        Options::STRICT,
    )
    .unwrap();
    let mut streamed = 0;
    for (entry, expected) in directory.entries().zip(whole.entries()) {
        let range = entry.byte_range();
        // A caller buffer holding just that entry's sectors.
        let buffer = bytes[range.start as usize..range.end as usize].to_vec();
        let data = directory.entry_data(&entry, &buffer).unwrap();
        assert_eq!(data.entry, expected.entry);
        assert_eq!(data.bytes, expected.bytes);
        // One byte short is refused.
        if !buffer.is_empty() {
            assert!(
                directory
                    .entry_data(&entry, &buffer[..buffer.len() - 1])
                    .is_none()
            );
        }
        streamed += 1;
    }
    assert_eq!(streamed, 4);
}

#[test]
fn edits_keep_untouched_entries_byte_for_byte() {
    let bytes = v2();
    let archive = Archive::parse(&bytes, Options::STRICT).unwrap();
    let changes = [
        Change::Put {
            name: b"notes.TXT",
            data: b"replaced",
        },
        Change::Remove { name: b"empty.txd" },
        Change::Put {
            name: b"added.ifp",
            data: &[7; 3000],
        },
    ];
    let mut out = vec![0xAA; img::required_len(archive.edited(&changes)).unwrap()];
    img::write(archive.edited(&changes), &mut out).unwrap();
    let edited = Archive::parse(&out, Options::STRICT).unwrap();
    let names: Vec<_> = edited.entries().map(|e| e.entry.name).collect();
    assert_eq!(
        names,
        [
            &b"sample.col"[..],
            b"VEHICLE.DFF",
            b"notes.txt",
            b"added.ifp"
        ]
    );
    for name in [&b"sample.col"[..], b"VEHICLE.DFF"] {
        assert_eq!(
            edited.find(name).unwrap().bytes,
            archive.find(name).unwrap().bytes
        );
    }
    let notes = edited.find(b"notes.txt").unwrap();
    assert_eq!(&notes.bytes[..8], b"replaced");
    assert_eq!(notes.bytes.len(), 2048);
    assert_eq!(edited.find(b"added.ifp").unwrap().entry.sectors, 2);
    // No change: the archive comes out identical.
    let mut same = vec![0; img::required_len(archive.edited(&[])).unwrap()];
    img::write(archive.edited(&[]), &mut same).unwrap();
    assert_eq!(same, bytes);
}

#[test]
fn entry_errors_name_the_entry_and_both_offsets() {
    let mut broken = COL.to_vec();
    // The first model's size field (offset 4) now reaches past the entry.
    broken[4..8].copy_from_slice(&0x0100_0000u32.to_le_bytes());
    let sources = [
        Source {
            name: b"ok.col",
            data: COL,
        },
        Source {
            name: b"bad.col",
            data: &broken,
        },
    ];
    let mut bytes = vec![0; img::required_len(sources).unwrap()];
    img::write(sources, &mut bytes).unwrap();
    let archive = Archive::parse(&bytes, Options::STRICT).unwrap();
    let bad = archive.find(b"bad.col").unwrap();
    let error = bad
        .models(gta::Options::STRICT)
        .find_map(Result::err)
        .unwrap();
    let direct = gta::models(bad.bytes, gta::Options::STRICT)
        .find_map(Result::err)
        .unwrap();
    assert_eq!(error.entry, 1);
    assert_eq!(error.name, b"bad.col");
    assert_eq!(error.error, direct);
    let start = u64::from(bad.entry.sector) * 2048;
    assert_eq!(error.entry_offset, start);
    assert_eq!(error.archive_offset(), start + direct.offset() as u64);
    let text = error.to_string();
    assert!(
        text.starts_with(&format!(
            "entry 1 \"bad.col\": byte {} of the entry (archive byte {})",
            direct.offset(),
            start + direct.offset() as u64
        )),
        "{text}"
    );
}

#[test]
fn writer_refuses_bad_names_and_small_buffers() {
    let long = [Source {
        name: b"a_name_of_24_bytes_.col!",
        data: b"",
    }];
    assert_eq!(
        img::required_len(long).and_then(|n| img::write(long, &mut vec![0; n])),
        Err(img::WriteError::Invalid(img::InputError::BadName {
            entry: 0,
            len: 24
        }))
    );
    let sources = sources();
    let needed = img::required_len(sources).unwrap();
    assert_eq!(
        img::write(sources, &mut vec![0; needed - 1]),
        Err(img::WriteError::BufferTooSmall {
            needed,
            available: needed - 1
        })
    );
}

#[test]
fn a_directory_rebuilds_from_its_parts() {
    let bytes = v2();
    let directory = Archive::parse(&bytes, Options::STRICT).unwrap().directory();
    let parts = directory.parts();
    assert_eq!(Directory::from_parts(&bytes, parts), Some(directory));
    // The wrong count, or bytes without the magic or the entries, are refused.
    let wrong = zerocol::img::DirectoryParts {
        count: parts.count + 1,
        ..parts
    };
    assert_eq!(Directory::from_parts(&bytes, wrong), None);
    assert_eq!(Directory::from_parts(&bytes[..20], parts), None);
    assert_eq!(Directory::from_parts(&bytes[4..], parts), None);
    let archive = Archive::from_parts(directory, &bytes);
    assert_eq!(
        archive,
        Some(Archive::parse(&bytes, Options::STRICT).unwrap())
    );
    assert_eq!(Archive::from_parts(directory, &bytes[..2048]), None);

    let (dir_len, img_len) = img::v1_required_len(sources()).unwrap();
    let (mut dir, mut data) = (vec![0; dir_len], vec![0; img_len]);
    img::write_v1(sources(), &mut dir, &mut data).unwrap();
    let v1 = Directory::parse_v1(&dir, Some(img_len as u64), Options::STRICT).unwrap();
    assert_eq!(Directory::from_parts(&dir, v1.parts()), Some(v1));
    assert_eq!(Directory::from_parts(&dir[..dir_len - 1], v1.parts()), None);
}
