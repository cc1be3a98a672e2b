//! img: the seeds the project's writer makes for the `img` target (a v2 archive of
//! the samples, the same as a v1 pair behind its entry-count byte, a damaged
//! directory, one with every lint, and a broken file for each error kind), and every
//! error kind produced by a committed file.

use std::collections::BTreeSet;

use zerocol::img::{self, Archive, ErrorKind, Source};

use super::Seeds;

pub fn seeds() -> Seeds {
    let col: &[u8] = include_bytes!("../../../samples/sample.col");
    let dff: &[u8] = include_bytes!("../../../samples/vehicle.dff");
    let sources = [
        Source {
            name: b"sample.col",
            data: col,
        },
        Source {
            name: b"vehicle.dff",
            data: dff,
        },
        Source {
            name: b"empty.txd",
            data: b"",
        },
        Source {
            name: b"notes",
            data: b"skipped by the game",
        },
    ];
    let mut v2 = vec![0; img::required_len(sources).unwrap()];
    img::write(sources, &mut v2).unwrap();
    let (dir_len, img_len) = img::v1_required_len(sources).unwrap();
    let (mut dir, mut data) = (vec![0; dir_len], vec![0; img_len]);
    img::write_v1(sources, &mut dir, &mut data).unwrap();
    let v1 = [&[4u8][..], &dir, &data].concat();
    // 6 declared, 3 real, then leftovers past the end without a dot, on 4 sectors.
    let mut damaged = vec![0u8; 4 * 2048];
    damaged[..8].copy_from_slice(b"VER2\x06\0\0\0");
    let entry = |b: &mut [u8], i: usize, offset: u32, size: u16, name: &[u8]| {
        let at = 8 + 32 * i;
        b[at..at + 4].copy_from_slice(&offset.to_le_bytes());
        b[at + 4..at + 6].copy_from_slice(&size.to_le_bytes());
        b[at + 8..at + 8 + name.len()].copy_from_slice(name);
    };
    for i in 0..3 {
        entry(
            &mut damaged,
            i,
            1 + i as u32,
            1,
            format!("m{i}.dff").as_bytes(),
        );
    }
    for i in 3..6 {
        entry(
            &mut damaged,
            i,
            0x0100_0000,
            0x7777,
            b"leftover bytes and more!",
        );
    }
    // Duplicate, overlap, zero size, no extension, unused sectors.
    let mut lints = vec![0u8; 12 * 2048];
    lints[..8].copy_from_slice(b"VER2\x05\0\0\0");
    entry(&mut lints, 0, 1, 2, b"a.col");
    entry(&mut lints, 1, 2, 2, b"A.COL");
    entry(&mut lints, 2, 7, 0, b"z.txd");
    entry(&mut lints, 3, 7, 1, b"readme");
    entry(&mut lints, 4, 10, 2, b"c.ifp");
    // One broken file per error kind (the v1 ones behind their entry-count byte).
    let mut unterminated = v2.clone();
    unterminated[8 + 8..8 + 32].copy_from_slice(b"a_name_of_24_bytes_.col!");
    let mut past_end = v2.clone();
    past_end[8..12].copy_from_slice(&0x00FF_FFFFu32.to_le_bytes());
    let mut directory_past_end = v2.clone();
    directory_past_end[4..8].copy_from_slice(&0x0FFF_FFFFu32.to_le_bytes());
    let partial = [&[1u8][..], &dir[..32], &[7; 5]].concat();
    vec![
        ("error-truncated.img".into(), b"VER".to_vec()),
        ("error-bad-magic.img".into(), b"VERF\x01\0\0\0".to_vec()),
        ("error-directory-past-end.img".into(), directory_past_end),
        ("error-entry-past-end.img".into(), past_end),
        ("error-name-not-terminated.img".into(), unterminated),
        ("error-partial-entry-v1.bin".into(), partial),
        ("samples-v2.img".into(), v2),
        ("samples-v1.bin".into(), v1),
        ("damaged-v2.img".into(), damaged),
        ("lints-v2.img".into(), lints),
    ]
}

fn name(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Truncated { .. } => "Truncated",
        ErrorKind::BadMagic { .. } => "BadMagic",
        ErrorKind::DirectoryPastEnd { .. } => "DirectoryPastEnd",
        ErrorKind::PartialEntry { .. } => "PartialEntry",
        ErrorKind::EntryPastEnd { .. } => "EntryPastEnd",
        ErrorKind::NameNotTerminated { .. } => "NameNotTerminated",
        other => panic!("name the new kind {other:?} here and in ALL"),
    }
}

const ALL: &[&str] = &[
    "Truncated",
    "BadMagic",
    "DirectoryPastEnd",
    "PartialEntry",
    "EntryPastEnd",
    "NameNotTerminated",
];

#[test]
fn every_error_kind_is_produced() {
    let mut produced = BTreeSet::new();
    for (_, bytes) in super::committed("img", "img") {
        for options in super::img::options() {
            if let Err(e) = Archive::parse(&bytes, options) {
                produced.insert(name(&e.kind()));
            }
            // As the `img` target splits its input: a .dir of `first × 32` bytes.
            if let Some((&first, rest)) = bytes.split_first() {
                let split = (usize::from(first) * img::ENTRY_LEN).min(rest.len());
                let (dir, data) = rest.split_at(split);
                if let Err(e) = Archive::parse_v1(dir, data, options) {
                    produced.insert(name(&e.kind()));
                }
            }
        }
    }
    super::kinds::assert_covered("img", ALL, &[], &produced);
}
