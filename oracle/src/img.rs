//! GTA IMG archives: any bytes, as a v2 archive and split into a v1 `.dir` and
//! `.img`, strict and lenient. A parse returns `Err` or a view whose every entry
//! lies inside the archive; the streaming view (the directory alone, then each
//! entry from a buffer of its own) reads what the whole view reads; STRICT and
//! LENIENT agree where they must; every lint and error prints as one line; and
//! the writer's round trip (v2 and v1) reads back every entry, byte for byte.

use zerocol::gta;
use zerocol::img::{
    self, Archive, Directory, Entry, ErrorKind, InputError, Kind, LintKind, Options, Source,
    Version, WriteError,
};

use super::common::{inside, one_line};

/// The two modes.
pub fn options() -> [Options; 2] {
    [Options::STRICT, Options::LENIENT]
}

/// Runs `data` as a v2 archive, and split at a position its first byte picks into
/// a v1 `.dir` and `.img`, under both modes.
pub fn bytes(data: &[u8]) {
    for options in options() {
        v2(data, options);
    }
    differential(data.len(), |o| Archive::parse(data, o));
    if let Some((&first, rest)) = data.split_first() {
        let split = (usize::from(first) * img::ENTRY_LEN).min(rest.len());
        let (dir, archive) = rest.split_at(split);
        for options in options() {
            v1(dir, archive, options);
        }
        differential(archive.len(), |o| Archive::parse_v1(dir, archive, o));
    }
}

/// STRICT's `Ok` is LENIENT's, with the same entries and nothing tolerated; an
/// error lenient reading cannot read is LENIENT's too.
fn differential<'a>(len: usize, parse: impl Fn(Options) -> Result<Archive<'a>, img::Error>) {
    match (parse(Options::STRICT), parse(Options::LENIENT)) {
        (Ok(s), Ok(l)) => {
            assert!(s.entries().eq(l.entries()));
            assert_eq!(l.directory().tolerated().count(), 0);
        }
        (Ok(s), Err(e)) => panic!("STRICT read {s:?}, LENIENT failed with {e}"),
        (Err(s), Ok(_)) => assert!(
            s.kind().is_lenient_readable()
                || matches!(s.kind(), ErrorKind::EntryPastEnd { .. })
                    && !len.is_multiple_of(img::SECTOR),
            "LENIENT read what STRICT rejects with {s}"
        ),
        (Err(s), Err(l)) => {
            if !s.kind().is_lenient_readable() && len.is_multiple_of(img::SECTOR) {
                assert_eq!(s, l);
            }
        }
    }
}

fn v2(data: &[u8], options: Options) {
    let archive = match Archive::parse(data, options) {
        Ok(archive) => archive,
        Err(error) => {
            one_line(&error);
            assert!(error.offset() <= data.len().max(img::HEADER_V2_LEN));
            return;
        }
    };
    assert_eq!(archive.version(), Version::V2);
    view(&archive, data, options);
    // The streaming view: the directory's bytes alone, then each entry from a
    // buffer of its own.
    let head = Directory::v2_len(data).expect("the archive parsed");
    let head = data.get(..head).expect("the directory lies inside");
    let directory = Directory::parse(head, Some(data.len() as u64), options)
        .expect("the directory alone parses as the archive did");
    assert!(directory.entries().eq(archive.directory().entries()));
    for whole in archive.entries() {
        let sectors: Vec<u8> = whole.bytes.to_vec();
        let streamed = directory
            .entry_data(&whole.entry, &sectors)
            .expect("a buffer of the entry's bytes");
        assert_eq!(streamed.entry, whole.entry);
        assert_eq!(streamed.bytes, whole.bytes);
    }
    round_trip(&archive);
}

fn v1(dir: &[u8], data: &[u8], options: Options) {
    let archive = match Archive::parse_v1(dir, data, options) {
        Ok(archive) => archive,
        Err(error) => {
            one_line(&error);
            assert!(error.offset() <= dir.len());
            return;
        }
    };
    assert_eq!(archive.version(), Version::V1);
    view(&archive, data, options);
    // The `.dir` alone lists the same entries where nothing was skipped.
    let listing = Directory::parse_v1(dir, None, options).expect("the .dir alone parses");
    if archive
        .directory()
        .tolerated()
        .all(|l| !matches!(l.kind, LintKind::Skipped { .. }))
    {
        assert!(listing.entries().eq(archive.directory().entries()));
    }
    round_trip(&archive);
}

/// Every accessor of a parsed archive.
fn view(archive: &Archive<'_>, data: &[u8], options: Options) {
    let directory = archive.directory();
    assert_eq!(directory.options(), options);
    let mut read = 0u32;
    for entry in archive.entries() {
        let Entry {
            index,
            sector,
            sectors,
            name,
            kind,
            ..
        } = entry.entry;
        assert!(index < directory.declared());
        assert_eq!(directory.get(index), Some(entry.entry));
        assert!(!directory.is_skipped(&entry.entry));
        assert!(name.len() < img::NAME_LEN && !name.contains(&0));
        assert_eq!(kind, Kind::of(name));
        inside(data, entry.bytes.as_ptr(), entry.bytes.len());
        let start = u64::from(sector) * img::SECTOR as u64;
        let end = start + u64::from(sectors) * img::SECTOR as u64;
        assert_eq!(entry.entry.byte_range(), start..end);
        assert_eq!(entry.archive_offset(), start);
        if entry.bytes.len() as u64 != end - start {
            // Only the last sector may be cut, by a lenient read, at the archive's end.
            assert!(options.allow_partial_last_sector);
            assert_eq!(start + entry.bytes.len() as u64, data.len() as u64);
        }
        assert_eq!(archive.data(&entry.entry), Some(entry));
        let _ = entry.sniff();
        models(&entry);
        read += 1;
    }
    assert!(read <= directory.declared());
    for lint in directory.lints() {
        one_line(&lint);
        assert!(lint.offset < directory.len().max(1) + img::ENTRY_LEN);
        assert!(!lint.is_tolerated() || options != Options::STRICT, "{lint}");
        assert_eq!(lint.version, archive.version());
    }
    // The sorted lints (caller scratch) are the quadratic ones, in the same order;
    // a short scratch falls back to them.
    let mut scratch = vec![0u32; directory.lint_scratch_len()];
    assert!(directory.lints_with(&mut scratch).eq(directory.lints()));
    let mut short = vec![0u32; directory.lint_scratch_len().saturating_sub(1)];
    assert!(directory.lints_with(&mut short).eq(directory.lints()));
}

/// A `.col` or `.dff` entry's models: errors name the entry and lie inside it.
fn models(entry: &img::EntryData<'_>) {
    for options in [gta::Options::STRICT, gta::Options::LENIENT] {
        match entry.entry.kind {
            Kind::Col => {
                for model in entry.models(options).take(64) {
                    if let Err(error) = model {
                        one_line(&error);
                        assert_eq!(error.entry, entry.entry.index);
                        assert!(error.error.offset() <= entry.bytes.len());
                        assert_eq!(error.entry_offset, entry.archive_offset());
                        break;
                    }
                }
            }
            Kind::Dff => {
                if let Err(error) = entry.dff(options) {
                    one_line(&error);
                    assert!(error.error.offset() <= entry.bytes.len());
                }
            }
            _ => {}
        }
    }
}

/// Writes the archive's entries again (v2 and v1) and reads them back: names and
/// bytes equal, padded to whole sectors.
fn round_trip(archive: &Archive<'_>) {
    let sources: Vec<Source<'_>> = archive.edited(&[]).collect();
    assert_eq!(sources.len(), archive.entries().count());
    let refused = |e: &WriteError| match *e {
        WriteError::Invalid(InputError::BadName { entry, .. }) => sources[entry].name.is_empty(),
        WriteError::Invalid(InputError::EntryTooLarge { sectors, .. }) => sectors > 65535,
        _ => false,
    };
    let check = |written: &Archive<'_>| {
        assert_eq!(written.entries().count(), sources.len());
        for (got, source) in written.entries().zip(&sources) {
            assert_eq!(got.entry.name, source.name);
            let (head, pad) = got.bytes.split_at(source.data.len());
            assert_eq!(head, source.data);
            assert!(pad.iter().all(|&b| b == 0) && pad.len() < img::SECTOR);
        }
    };
    match img::required_len(sources.iter().copied()) {
        Ok(len) if len <= 1 << 26 => {
            let mut out = vec![0xA5; len];
            match img::write(sources.iter().copied(), &mut out) {
                Ok(n) => {
                    assert_eq!(n, len);
                    check(
                        &Archive::parse(&out, Options::STRICT).expect("the writer's archive reads"),
                    );
                }
                Err(e) => assert!(refused(&e), "{e}"),
            }
        }
        Ok(_) => {}
        Err(e) => assert!(refused(&e) || e == WriteError::TooLarge, "{e}"),
    }
    if let Ok((dir_len, img_len)) = img::v1_required_len(sources.iter().copied())
        && img_len <= 1 << 26
    {
        let (mut dir, mut data) = (vec![0xA5; dir_len], vec![0xA5; img_len]);
        match img::write_v1(sources.iter().copied(), &mut dir, &mut data) {
            Ok(_) => check(
                &Archive::parse_v1(&dir, &data, Options::STRICT).expect("the writer's pair reads"),
            ),
            Err(e) => assert!(refused(&e), "{e}"),
        }
    }
}
