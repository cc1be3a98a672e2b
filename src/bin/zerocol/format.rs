//! Which collision format a buffer holds: the `--format` names of `docs/dump.md` and
//! sniffing by magic bytes.
//!
//! To add a format: a variant here, its name in [`Format::name`], its magic in
//! [`sniff`], its name out of [`PLANNED`], and a module that implements `info`,
//! `dump` and `check` (see `gta_col`); the compiler then points at every `match`
//! in `main.rs` that needs an arm.

use zerocol::grit::Flavour;

/// A format zerocol can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// GTA III / Vice City / San Andreas `.col` (COLL, COL2, COL3, COL4).
    GtaCol,
    /// Mario Kart Arcade GP DX course collision (`COL\0`).
    MkgpCol,
    /// BattleForge `collisionShape`: inside a DRS model file (sniffed by its magic)
    /// or, only with `--format collision-shape`, a bare payload.
    CollisionShape,
    /// Grit engine TCOL text (`TCOL1.0`; `.tcol` or `.gcol`).
    Tcol,
    /// Grit engine BCOL binary (`BCOL1.0\n`; `.bcol` or `.gcol`).
    Bcol,
}

/// `docs/dump.md` format names that have no reader yet (none left; the mechanism stays for
/// the next format).
pub const PLANNED: [&str; 0] = [];

impl Format {
    /// Every format with a reader.
    pub const ALL: [Self; 5] = [
        Self::GtaCol,
        Self::MkgpCol,
        Self::CollisionShape,
        Self::Tcol,
        Self::Bcol,
    ];

    /// The `"format"` value of `docs/dump.md`, also the `--format` name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::GtaCol => "gta-col",
            Self::MkgpCol => "mkgp-col",
            Self::CollisionShape => "collision-shape",
            Self::Tcol => "tcol",
            Self::Bcol => "bcol",
        }
    }

    /// The Grit flavour of a TCOL or BCOL format.
    pub const fn grit(self) -> Option<Flavour> {
        match self {
            Self::Tcol => Some(Flavour::Tcol),
            Self::Bcol => Some(Flavour::Bcol),
            Self::GtaCol | Self::MkgpCol | Self::CollisionShape => None,
        }
    }

    /// Parses a `--format` name (clap turns the error into a usage error, exit 2).
    pub fn from_name(name: &str) -> Result<Self, String> {
        if let Some(format) = Self::ALL.into_iter().find(|f| f.name() == name) {
            return Ok(format);
        }
        let available = Self::ALL.map(Self::name).join(", ");
        if PLANNED.contains(&name) {
            Err(format!(
                "format `{name}` is not implemented yet (available: {available})"
            ))
        } else {
            let all: Vec<&str> = Self::ALL
                .map(Self::name)
                .into_iter()
                .chain(PLANNED)
                .collect();
            Err(format!(
                "unknown format name `{name}` (known: {}; implemented: {available})",
                all.join(", ")
            ))
        }
    }
}

/// The first bytes of Grit TCOL text.
const TCOL_MAGIC: &[u8] = b"TCOL";

/// The format whose magic bytes start `bytes`, if any.
///
/// - GTA `.col`: the first model's FourCC, `COLL`, `COL2`, `COL3` or `COL4`.
/// - MKGP DX `COL`: the 4 bytes `C`, `O`, `L`, NUL (whatever the version word).
/// - BattleForge DRS: the magic `1E F1 7C C5`. A bare `collisionShape` payload starts
///   with its version byte and cannot be sniffed: it needs `--format collision-shape`.
/// - Grit: `TCOL` text or `BCOL` binary ([`zerocol::grit::sniff`]; the readers then
///   want the whole `TCOL1.0` or `BCOL1.0\n`). A `.gcol` file holds either: only these
///   bytes decide, never the name.
pub fn sniff(bytes: &[u8]) -> Option<Format> {
    let magic = bytes.get(..4)?;
    if zerocol::gta::Version::from_fourcc(magic).is_some() {
        return Some(Format::GtaCol);
    }
    if magic == zerocol::mkgp::MAGIC {
        return Some(Format::MkgpCol);
    }
    if magic == zerocol::battleforge::MAGIC.to_le_bytes() {
        return Some(Format::CollisionShape);
    }
    match zerocol::grit::sniff(bytes)? {
        Flavour::Tcol => Some(Format::Tcol),
        Flavour::Bcol => Some(Format::Bcol),
    }
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
        "unknown format".to_owned()
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
            assert_eq!(Format::from_name(format.name()), Ok(format));
        }
        assert_eq!(Format::from_name("tcol"), Ok(Format::Tcol));
        assert_eq!(Format::from_name("bcol"), Ok(Format::Bcol));
        assert_eq!(
            Format::from_name("collision-shape"),
            Ok(Format::CollisionShape)
        );
        assert!(Format::from_name("nonsense").is_err_and(|e| e.contains("unknown format name")));
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
        assert_eq!(unknown(b"hello"), "unknown format");
    }
}
