//! The tool's side of format detection: `--format` parsing, what a file that is not
//! a collision file looks like (an empty file, a RenderWare TXD or other chunk, an
//! IMG archive, text), what a `--format` that does not fit should have been, and which
//! files a folder walk counts. The formats and their sniffing are the library's
//! ([`zerocol::Format`], [`zerocol::sniff`]).
//!
//! What a format's files look like, and what `--format` asked for, are its tool's
//! ([`Tool::looks`](crate::tool::Tool::looks), [`Tool::noun`](crate::tool::Tool::noun)),
//! reached through [`tool`].

use std::borrow::ToOwned;
use std::format;
use std::path::Path;
use std::string::String;
use std::vec::Vec;

use crate::dispatch::tool;
pub(crate) use crate::formats::img::archive_by_name;
use crate::formats::img::{self, ARCHIVE_ADVICE};

pub(crate) use zerocol::{Format, sniff};

/// The first bytes of Grit TCOL text.
const TCOL_MAGIC: &[u8] = b"TCOL";

/// The extensions (compared ignoring ASCII case) of files a folder walk counts
/// whatever their first bytes: GTA `.col` (also MKGP courses) and `.dff`, Grit
/// `.gcol`, `.tcol` and `.bcol`, BattleForge `.drs`.
pub(crate) const EXTENSIONS: [&str; 6] = ["col", "dff", "gcol", "tcol", "bcol", "drs"];

/// Bytes of a file a folder walk reads to decide whether it counts: enough for
/// [`sniff`] (a RenderWare chunk header is 12).
pub(crate) const HEAD_LEN: usize = 16;

/// Parses a `--format` name (clap turns the error into a usage error, exit 2).
pub(crate) fn from_name(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| {
        let known = Format::ALL.map(Format::name).join(", ");
        format!("unknown format name `{name}` (known: {known})")
    })
}

/// Whether a folder walk counts the file named `name` that starts with `head`
/// (its first [`HEAD_LEN`] bytes): it sniffs as a format, or has one of the
/// [`EXTENSIONS`]. IMG archives and their `.dir` never count: a III/VC archive
/// starts with its first entry, often a `.dff`.
pub(crate) fn counts(name: &Path, head: &[u8]) -> bool {
    if img::named(name) != img::Named::Other {
        return false;
    }
    let extension = name
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some(e) if EXTENSIONS.contains(&e) => true,
        _ => sniff(head).is_some(),
    }
}

/// The message for a buffer that sniffs as no known format: "empty file"; what the
/// file is when zerocol knows it holds no collision (a RenderWare chunk other than a
/// `.dff`'s, an IMG archive, an IFP animation package); text; or its first bytes and
/// the formats zerocol reads. One that could be a bare `collisionShape` payload
/// (version byte 1, at least the 13 fixed bytes) gets a hint, and so does TCOL text
/// behind a byte order mark or white space (the engine refuses it).
pub fn unknown(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        "empty file".to_owned()
    } else if late_tcol(bytes) {
        "unknown format (TCOL text must start with `TCOL1.0` at its first byte: \
         no byte order mark or white space before it)"
            .to_owned()
    } else if bytes.first() == Some(&zerocol::battleforge::VERSION)
        && bytes.len() as u64 >= zerocol::battleforge::FIXED_LEN
    {
        "unknown format (a bare collisionShape payload needs --format collision-shape)".to_owned()
    } else if let Some(foreign) = foreign(bytes) {
        format!("{}: {}", foreign.what, foreign.advice)
    } else if let Some(start) = text(bytes) {
        format!(
            "unknown format: text starting {start:?}; the only text zerocol reads is Grit TCOL, \
             which starts with `TCOL1.0`"
        )
    } else {
        let first: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02x}")).collect();
        format!(
            "unknown format: the file starts with bytes {}, which are not a GTA COLL/COL2/COL3/COL4, \
             MKGP COL\\0, BattleForge DRS, Grit TCOL/BCOL or RenderWare .dff magic; \
             --format NAME reads it as one of these",
            first.join(" ")
        )
    }
}

/// The message for a file read with a `--format` that failed to read it, when its
/// bytes say what it is instead: another format zerocol reads, or a file zerocol
/// knows holds no collision.
pub(crate) fn mismatch(forced: Format, bytes: &[u8]) -> Option<String> {
    if let Some(other) = sniff(bytes).filter(|&f| f != forced) {
        return Some(format!(
            "this looks like {}, not {}; drop --format or use --format {}",
            tool(other).looks(bytes),
            tool(forced).noun(),
            other.name()
        ));
    }
    let foreign = foreign(bytes)?;
    Some(format!(
        "this looks like {}, not {}: {}",
        foreign.what,
        tool(forced).noun(),
        foreign.advice
    ))
}

/// A file zerocol knows, which holds nothing it reads.
struct Foreign {
    /// What it is.
    what: String,
    /// Why zerocol does not read it, or what to do.
    advice: &'static str,
}

/// A RenderWare chunk other than the two that start a `.dff`, an IMG v2 archive, or
/// an IFP animation package.
fn foreign(bytes: &[u8]) -> Option<Foreign> {
    if let Some((kind, name)) = renderware(bytes).and_then(|k| Some((k, chunk_name(k)?))) {
        return Some(Foreign {
            what: format!("a RenderWare {name} (chunk 0x{kind:X})"),
            advice: "no collision inside",
        });
    }
    if img::is_verf(bytes) {
        return Some(Foreign {
            what: img::VERF_WHAT.to_owned(),
            advice: img::VERF_ADVICE,
        });
    }
    if let Some(what) = img::v2_archive(bytes) {
        return Some(Foreign {
            what,
            advice: ARCHIVE_ADVICE,
        });
    }
    let ifp = match bytes.get(..4)? {
        b"ANPK" => "a GTA III/VC IFP animation package (ANPK)",
        b"ANP3" => "a GTA San Andreas IFP animation package (ANP3)",
        _ => return None,
    };
    Some(Foreign {
        what: ifp.to_owned(),
        advice: "no collision inside",
    })
}

/// The chunk type of a RenderWare chunk header at the start of `bytes`: a whole
/// header whose library stamp unpacks to a RenderWare 3 version (3.0 to 3.7 and
/// builds: `0x30000..=0x3FFFF`, as librw's `libraryIDUnpackVersion` reads it).
fn renderware(bytes: &[u8]) -> Option<u32> {
    let word = |at: usize| {
        bytes
            .get(at..at.checked_add(4)?)
            .and_then(|b| b.try_into().ok())
            .map(u32::from_le_bytes)
    };
    let (kind, stamp) = (word(0)?, word(8)?);
    let version = if stamp & 0xFFFF_0000 != 0 {
        ((stamp >> 14) & 0x3_FF00).wrapping_add(0x3_0000) | ((stamp >> 16) & 0x3F)
    } else {
        stamp << 8
    };
    (0x3_0000..=0x3_FFFF).contains(&version).then_some(kind)
}

/// RenderWare's core chunk types (`rwID_*` of RenderWare 3, as re3's and librw's
/// headers list them), but for the Clump (0x10) and the UV animation dictionary
/// (0x2B), which start a `.dff`, and the struct, string and extension chunks, which
/// only appear inside others.
fn chunk_name(kind: u32) -> Option<&'static str> {
    Some(match kind {
        0x05 => "camera",
        0x06 => "texture",
        0x07 => "material",
        0x08 => "material list",
        0x09 => "atomic sector",
        0x0A => "plane sector",
        0x0B => "world (BSP)",
        0x0C => "spline",
        0x0D => "matrix",
        0x0E => "frame list",
        0x0F => "geometry",
        0x12 => "light",
        0x13 => "Unicode string",
        0x14 => "atomic",
        0x15 => "native texture",
        0x16 => "TXD texture dictionary",
        0x17 => "animation database",
        0x18 => "image",
        0x19 => "skin animation",
        0x1A => "geometry list",
        0x1B => "animation (ANM)",
        0x1C => "team",
        0x1D => "crowd",
        0x1E => "delta morph animation",
        0x1F => "right-to-render",
        0x20 => "multi-texture effect",
        0x21 => "multi-texture effect dictionary",
        0x22 => "team dictionary",
        0x23 => "platform-independent texture dictionary",
        0x24 => "table of contents",
        0x25 => "particle standard global data",
        0x26 => "alternative pipeline",
        0x27 => "platform-independent peds",
        0x28 => "patch mesh",
        0x29 => "chunk group start",
        0x2A => "chunk group end",
        0x2C => "collision tree",
        0x2D => "environment",
        _ => return None,
    })
}

/// The start of a buffer that reads as text (UTF-8 without control characters but
/// white space, in its first 256 bytes): its first line, at most 32 characters.
fn text(bytes: &[u8]) -> Option<String> {
    let head = bytes.get(..bytes.len().min(256)).unwrap_or(bytes);
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        // A character cut by the 256-byte window still counts; bad bytes do not.
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(head.get(..e.valid_up_to())?).ok()?
        }
        Err(_) => return None,
    };
    if valid.is_empty()
        || valid
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c'))
    {
        return None;
    }
    let line = valid.lines().next().unwrap_or_default();
    Some(line.chars().take(32).collect())
}

/// `TCOL` after a UTF-8 byte order mark or white space.
fn late_tcol(bytes: &[u8]) -> bool {
    let rest = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = rest
        .iter()
        .position(|b| !b" \t\r\n\x0b\x0c".contains(b))
        .unwrap_or(rest.len());
    rest.get(start..)
        .is_some_and(|text| text.starts_with(TCOL_MAGIC))
}

#[cfg(test)]
mod tests {
    use std::vec;

    use super::*;

    #[test]
    fn names_round_trip() {
        for format in Format::ALL {
            assert_eq!(from_name(format.name()), Ok(format));
        }
        assert_eq!(from_name("tcol"), Ok(Format::Tcol));
        assert_eq!(from_name("bcol"), Ok(Format::Bcol));
        assert_eq!(from_name("collision-shape"), Ok(Format::CollisionShape));
        assert!(from_name("nonsense").is_err_and(|e| e.contains("unknown format name")));
    }

    #[test]
    fn sniffs_gta_fourccs() {
        for magic in [b"COLL", b"COL2", b"COL3", b"COL4"] {
            assert_eq!(sniff(magic), Some(Format::GtaCol));
        }
        assert_eq!(sniff(b"COL"), None);
        assert_eq!(sniff(b"TCOL1.0"), Some(Format::Tcol));
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn sniffs_renderware_clumps() {
        assert_eq!(
            sniff(b"\x10\0\0\0\x04\0\0\0\xff\xff\x03\x18"),
            Some(Format::Dff)
        );
        assert_eq!(sniff(b"\x2b\0\0\0\0\0\0\0\0\0\0\0"), Some(Format::Dff));
        // Shorter than a chunk header, or another chunk first.
        assert_eq!(sniff(b"\x10\0\0\0\x04\0\0\0\xff\xff\x03"), None);
        assert_eq!(sniff(b"\x0e\0\0\0\0\0\0\0\0\0\0\0"), None);
    }

    #[test]
    fn sniffs_the_mkgp_magic() {
        assert_eq!(sniff(b"COL\0"), Some(Format::MkgpCol));
        assert_eq!(sniff(b"COL\0\x16\x08\x12\x20"), Some(Format::MkgpCol));
        // The version word does not take part: a wrong one is the reader's error.
        assert_eq!(sniff(b"COL\0\xff\xff\xff\xff"), Some(Format::MkgpCol));
        assert_eq!(sniff(b"COL\x01"), None);
        assert_eq!(sniff(b"col\0"), None);
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn sniffs_the_drs_magic() {
        assert_eq!(sniff(b"\x1e\xf1\x7c\xc5"), Some(Format::CollisionShape));
        assert_eq!(
            sniff(b"\x1e\xf1\x7c\xc5\x01\0\0\0"),
            Some(Format::CollisionShape)
        );
        assert_eq!(sniff(b"\x1e\xf1\x7c"), None);
        assert_eq!(sniff(b"\xc5\x7c\xf1\x1e"), None);
        // A bare payload starts with its version byte: never sniffed.
        assert_eq!(sniff(b"\x01\0\0\0\0\0\0\0\0\0\0\0\0"), None);
    }

    #[test]
    fn sniffs_grit_files_by_their_first_bytes() {
        assert_eq!(sniff(b"TCOL1.0\r\n"), Some(Format::Tcol));
        // The reader, not sniffing, rejects a wrong version.
        assert_eq!(sniff(b"TCOL"), Some(Format::Tcol));
        assert_eq!(sniff(b"TCO"), None);
        assert_eq!(sniff(b" TCOL1.0"), None);
        assert_eq!(sniff(b"tcol1.0"), None);
        assert_eq!(sniff(b"BCOL1.0\n"), Some(Format::Bcol));
        assert_eq!(sniff(b"BCOL"), Some(Format::Bcol));
        assert_eq!(sniff(b"BCO"), None);
        assert!(unknown(b" TCOL1.0").contains("TCOL text must start"));
        assert!(unknown(b"\xEF\xBB\xBFTCOL1.0").contains("TCOL text must start"));
        assert_eq!(
            unknown(b"hello"),
            "unknown format: text starting \"hello\"; the only text zerocol reads is Grit TCOL, \
             which starts with `TCOL1.0`"
        );
        assert_eq!(unknown(b""), "empty file");
    }

    /// A RenderWare chunk header: type, size, library stamp.
    fn rw(kind: u32, size: u32, stamp: u32) -> Vec<u8> {
        [kind, size, stamp]
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect()
    }

    #[test]
    fn names_renderware_chunks_by_their_type() {
        // SA's stamp (3.6.0.3), VC's (3.4.0.3), III's old one (3.1.0.0 as 0x310).
        for stamp in [0x1803_FFFF, 0x1003_FFFF, 0x0000_0310] {
            assert_eq!(
                unknown(&rw(0x16, 100, stamp)),
                "a RenderWare TXD texture dictionary (chunk 0x16): no collision inside"
            );
        }
        assert_eq!(
            unknown(&rw(0x1A, 100, 0x1803_FFFF)),
            "a RenderWare geometry list (chunk 0x1A): no collision inside"
        );
        assert_eq!(
            unknown(&rw(0x0B, 100, 0x1803_FFFF)),
            "a RenderWare world (BSP) (chunk 0xB): no collision inside"
        );
        // Not a RenderWare stamp, or not a whole header: bytes.
        for bytes in [
            rw(0x16, 100, 0x7777_7777),
            rw(0x16, 100, 0x10),
            b"\x16\0\0\0".to_vec(),
        ] {
            assert!(
                unknown(&bytes)
                    .starts_with("unknown format: the file starts with bytes 16 00 00 00"),
                "{bytes:?}"
            );
        }
        // The two that start a `.dff` sniff as one.
        assert_eq!(sniff(&rw(0x10, 100, 0x1803_FFFF)), Some(Format::Dff));
        assert_eq!(chunk_name(0x10), None);
        assert_eq!(chunk_name(0x2B), None);
    }

    #[test]
    fn names_archives_and_animation_packages() {
        let mut img = b"VER2".to_vec();
        img.extend(7u32.to_le_bytes());
        assert_eq!(
            unknown(&img),
            "a GTA San Andreas IMG archive (VER2, 7 entries): read archives with `zerocol list`, \
             `check` and `extract`"
        );
        assert_eq!(
            unknown(b"VER2"),
            "a GTA San Andreas IMG archive (VER2): read archives with `zerocol list`, \
             `check` and `extract`"
        );
        assert_eq!(
            unknown(b"ANP3\x10\0\0\0"),
            "a GTA San Andreas IFP animation package (ANP3): no collision inside"
        );
        // By name: a III/VC archive starts with its first entry, here a Clump.
        let clump = rw(0x10, 100, 0x1003_FFFF);
        assert_eq!(
            archive_by_name(Path::new("models/GTA3.IMG"), &clump).as_deref(),
            Some(
                "byte 0: no VER2 magic in a file named .img: a GTA III/VC IMG archive (these \
                 have no header; the .dir beside it lists the entries): read archives with `zerocol list`, `check` and `extract`"
            )
        );
        assert_eq!(
            archive_by_name(Path::new("gta3.dir"), &[0; 32]).as_deref(),
            Some(
                "a GTA III/VC IMG directory (by its name: the list of entries of the .img beside \
                 it): read archives with `zerocol list`, `check` and `extract`"
            )
        );
        // A VERF archive is named as one whatever its name, never as III/VC's.
        let verf = b"VERF\x01\0\0\0";
        let said = "an IMG archive with the magic VERF (written by some mod loaders): the games \
                    do not read it, and neither does zerocol; the mod loader that wrote it reads it";
        assert_eq!(
            archive_by_name(Path::new("mods/x.img"), verf).as_deref(),
            Some(said)
        );
        assert_eq!(
            archive_by_name(Path::new("x.bin"), verf).as_deref(),
            Some(said)
        );
        assert_eq!(unknown(verf), said);
        assert_eq!(
            mismatch(Format::Dff, verf).as_deref(),
            Some(
                "this looks like an IMG archive with the magic VERF (written by some mod loaders), \
                 not a .dff: the games do not read it, and neither does zerocol; the mod loader \
                 that wrote it reads it"
            )
        );
        // A v2 archive is told by its bytes; other names are not archives.
        assert_eq!(archive_by_name(Path::new("gta3.img"), &img), None);
        assert_eq!(archive_by_name(Path::new("gta3.col"), &clump), None);
        assert_eq!(archive_by_name(Path::new("img"), &clump), None);
    }

    #[test]
    fn a_forced_format_that_does_not_fit_says_what_the_file_looks_like() {
        assert_eq!(
            mismatch(Format::Dff, b"COLL\x10\0\0\0").as_deref(),
            Some(
                "this looks like a GTA COLL collision library, not a .dff; drop --format or use --format gta-col"
            )
        );
        assert_eq!(
            mismatch(Format::GtaCol, &rw(0x10, 100, 0x1803_FFFF)).as_deref(),
            Some(
                "this looks like a RenderWare .dff (a Clump), not a GTA .col library; drop --format or use --format dff"
            )
        );
        assert_eq!(
            mismatch(Format::Dff, &rw(0x16, 100, 0x1803_FFFF)).as_deref(),
            Some(
                "this looks like a RenderWare TXD texture dictionary (chunk 0x16), not a .dff: no collision inside"
            )
        );
        // The format forced, or nothing known: no hint.
        assert_eq!(mismatch(Format::GtaCol, b"COL3\0\0\0\0"), None);
        assert_eq!(mismatch(Format::GtaCol, b"hello"), None);
        assert_eq!(mismatch(Format::GtaCol, b""), None);
    }

    #[test]
    fn folders_count_collision_files_by_magic_or_extension() {
        assert!(counts(Path::new("a/b.bin"), b"COL3\x10\0\0\0"));
        assert!(counts(Path::new("a/empty.COL"), b""));
        for name in EXTENSIONS {
            assert!(
                counts(&Path::new("x").with_extension(name), b"junk"),
                "{name}"
            );
        }
        assert!(!counts(Path::new("a/readme.txt"), b"hello"));
        assert!(!counts(
            Path::new("a/vehicles.txd"),
            &rw(0x16, 100, 0x1803_FFFF)
        ));
        // An archive never counts, whatever its first entry.
        assert!(!counts(
            Path::new("a/gta3.img"),
            &rw(0x10, 100, 0x1003_FFFF)
        ));
        assert!(!counts(Path::new("a/gta3.dir"), b"COLL"));
    }

    #[test]
    fn text_is_quoted_by_its_first_line() {
        assert_eq!(text(b"objs\n1, a, b\n").as_deref(), Some("objs"));
        assert_eq!(text(&[b'x'; 300]).map(|t| t.len()), Some(32));
        // A character cut by the window still counts; bad bytes and controls do not.
        let mut cut = vec![b'a'; 255];
        cut.extend("é".as_bytes());
        assert!(text(&cut).is_some());
        assert_eq!(text(b"\xff\xfe"), None);
        assert_eq!(text(b"\x01\x02abc"), None);
    }
}
