//! The tool's side of format detection: `--format` parsing and the message for a
//! buffer that sniffs as no known format. The formats and their sniffing are the
//! library's ([`zerocol::Format`], [`zerocol::sniff`]).
//!
//! To add a format: add it to the library, then a module here that implements
//! [`Tool`](crate::tool::Tool) (see `gta`); the compiler then points at the one
//! `match` in [`tool`](crate::tool::tool) that needs an arm.

pub use zerocol::{Format, sniff};

/// The first bytes of Grit TCOL text.
const TCOL_MAGIC: &[u8] = b"TCOL";

/// Parses a `--format` name (clap turns the error into a usage error, exit 2).
pub fn from_name(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| {
        let known = Format::ALL.map(Format::name).join(", ");
        format!("unknown format name `{name}` (known: {known})")
    })
}

/// The message for a buffer that sniffs as no known format. One that could be a bare
/// `collisionShape` payload (version byte 1, at least the 13 fixed bytes) gets a hint,
/// and so does TCOL text behind a byte order mark or white space (the engine refuses it).
pub fn unknown(bytes: &[u8]) -> String {
    if bytes.first() == Some(&zerocol::battleforge::VERSION)
        && bytes.len() as u64 >= zerocol::battleforge::FIXED_LEN
    {
        "unknown format (a bare collisionShape payload needs --format collision-shape)".to_owned()
    } else if late_tcol(bytes) {
        "unknown format (TCOL text must start with `TCOL1.0` at its first byte: \
         no byte order mark or white space before it)"
            .to_owned()
    } else {
        let first: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02x}")).collect();
        let found = if first.is_empty() {
            "the file is empty".to_owned()
        } else {
            format!("it starts with bytes {}", first.join(" "))
        };
        format!(
            "unknown format: {found}, which is no magic zerocol knows: COLL, COL2, COL3 or COL4 \
             (gta-col), COL and a NUL (mkgp-col), 1e f1 7c c5 (a BattleForge DRS file, \
             collision-shape), TCOL (tcol), BCOL (bcol), a RenderWare Clump 10 00 00 00 or UV \
             dictionary 2b 00 00 00 (dff); --format NAME reads it as one of these"
        )
    }
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
        let hello = unknown(b"hello");
        assert!(
            hello.starts_with("unknown format: it starts with bytes 68 65 6c 6c, "),
            "{hello}"
        );
        assert!(
            hello.contains("COLL, COL2, COL3 or COL4 (gta-col)"),
            "{hello}"
        );
        assert!(
            hello.ends_with("--format NAME reads it as one of these"),
            "{hello}"
        );
        assert!(unknown(b"").starts_with("unknown format: the file is empty, "));
    }
}
