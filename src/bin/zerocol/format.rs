//! Which collision format a buffer holds: the `--format` names of DUMP.md and
//! sniffing by magic bytes.
//!
//! To add a format: a variant here, its name in [`Format::name`], its magic in
//! [`sniff`], its name out of [`PLANNED`], and a module that implements `info`,
//! `dump` and `check` (see `gta_col`); the compiler then points at every `match`
//! in `main.rs` that needs an arm.

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
}

/// DUMP.md format names that have no reader yet.
pub const PLANNED: [&str; 2] = ["tcol", "bcol"];

impl Format {
    /// Every format with a reader.
    pub const ALL: [Self; 3] = [Self::GtaCol, Self::MkgpCol, Self::CollisionShape];

    /// The `"format"` value of DUMP.md, also the `--format` name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::GtaCol => "gta-col",
            Self::MkgpCol => "mkgp-col",
            Self::CollisionShape => "collision-shape",
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

/// The format whose magic bytes start `bytes`, if any.
///
/// - GTA `.col`: the first model's FourCC, `COLL`, `COL2`, `COL3` or `COL4`.
/// - MKGP DX `COL`: the 4 bytes `C`, `O`, `L`, NUL (whatever the version word).
/// - BattleForge DRS: the magic `1E F1 7C C5`. A bare `collisionShape` payload starts
///   with its version byte and cannot be sniffed: it needs `--format collision-shape`.
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
    None
}

/// The message for a buffer that sniffs as no known format. One that could be a bare
/// `collisionShape` payload (version byte 1, at least the 13 fixed bytes) gets a hint.
pub fn unknown(bytes: &[u8]) -> String {
    if bytes.first() == Some(&zerocol::battleforge::VERSION)
        && bytes.len() as u64 >= zerocol::battleforge::FIXED_LEN
    {
        "unknown format (a bare collisionShape payload needs --format collision-shape)".to_owned()
    } else {
        "unknown format".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for format in Format::ALL {
            assert_eq!(Format::from_name(format.name()), Ok(format));
        }
        assert!(Format::from_name("tcol").is_err_and(|e| e.contains("not implemented")));
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
        assert_eq!(sniff(b"TCOL1.0"), None);
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
        assert_eq!(sniff(b"TCOL1.0"), None);
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
}
