//! Which collision format a buffer holds, told by its first bytes.
//!
//! The names are the `"format"` values of the `dump` JSON ([`guide::dump`](crate::guide::dump)) and the
//! tool's `--format` names. To add a format: a variant here, its name in
//! [`Format::name`], its magic in [`sniff`], and a module of its own.

use crate::grit::Flavour;

/// A format zerocol can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Format {
    /// GTA III / Vice City / San Andreas `.col` (COLL, COL2, COL3, COL4): [`crate::gta`].
    GtaCol,
    /// Mario Kart Arcade GP DX course collision (`COL\0`): [`crate::mkgp`].
    MkgpCol,
    /// BattleForge `collisionShape`: inside a DRS model file (sniffed by its magic) or
    /// a bare payload (which no magic announces): [`crate::battleforge`].
    CollisionShape,
    /// Grit engine TCOL text (`TCOL1.0`; `.tcol` or `.gcol`): [`crate::grit`].
    Tcol,
    /// Grit engine BCOL binary (`BCOL1.0\n`; `.bcol` or `.gcol`): [`crate::grit::bcol`].
    Bcol,
    /// A RenderWare `.dff` (a Clump, or a UV animation dictionary and then a Clump)
    /// that may carry a GTA model: [`crate::gta::dff`]. Its `dump` document is a
    /// `gta-col` one with a `"dff"` object.
    Dff,
}

impl Format {
    /// Every format with a reader.
    pub const ALL: [Self; 6] = [
        Self::GtaCol,
        Self::MkgpCol,
        Self::CollisionShape,
        Self::Tcol,
        Self::Bcol,
        Self::Dff,
    ];

    /// The `"format"` value of the `dump` JSON, also the tool's `--format` name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::GtaCol => "gta-col",
            Self::MkgpCol => "mkgp-col",
            Self::CollisionShape => "collision-shape",
            Self::Tcol => "tcol",
            Self::Bcol => "bcol",
            Self::Dff => "dff",
        }
    }

    /// The format of a [`name`](Self::name), if it is one.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The Grit flavour of a TCOL or BCOL format.
    pub const fn grit(self) -> Option<Flavour> {
        match self {
            Self::Tcol => Some(Flavour::Tcol),
            Self::Bcol => Some(Flavour::Bcol),
            Self::GtaCol | Self::MkgpCol | Self::CollisionShape | Self::Dff => None,
        }
    }
}

/// The format whose magic bytes start `bytes`, if any.
///
/// - GTA `.col`: the first model's FourCC, `COLL`, `COL2`, `COL3` or `COL4`.
/// - MKGP DX `COL`: the 4 bytes `C`, `O`, `L`, NUL (whatever the version word).
/// - BattleForge DRS: the magic `1E F1 7C C5`. A bare `collisionShape` payload starts
///   with its version byte and cannot be sniffed.
/// - Grit: `TCOL` text or `BCOL` binary ([`crate::grit::sniff`]; the readers then
///   want the whole `TCOL1.0` or `BCOL1.0\n`). A `.gcol` file holds either: only these
///   bytes decide, never the name.
/// - RenderWare `.dff`: a chunk header (12 bytes) of type 0x10 (Clump) or 0x2B (UV
///   animation dictionary) first.
///
/// ```
/// use zerocol::{Format, sniff};
/// assert_eq!(sniff(b"COL3\x10\0\0\0"), Some(Format::GtaCol));
/// assert_eq!(sniff(b"TCOL1.0\n"), Some(Format::Tcol));
/// assert_eq!(sniff(b"hello"), None);
/// ```
pub fn sniff(bytes: &[u8]) -> Option<Format> {
    let magic = bytes.get(..4)?;
    if crate::gta::Version::from_fourcc(magic).is_some() {
        return Some(Format::GtaCol);
    }
    if magic == crate::mkgp::MAGIC {
        return Some(Format::MkgpCol);
    }
    if magic == crate::battleforge::MAGIC.to_le_bytes() {
        return Some(Format::CollisionShape);
    }
    let first_chunk = [
        crate::gta::dff::CLUMP,
        crate::gta::dff::UV_ANIMATION_DICTIONARY,
    ];
    if bytes.len() >= crate::gta::dff::CHUNK_HEADER_LEN
        && first_chunk.iter().any(|kind| magic == kind.to_le_bytes())
    {
        return Some(Format::Dff);
    }
    match crate::grit::sniff(bytes)? {
        Flavour::Tcol => Some(Format::Tcol),
        Flavour::Bcol => Some(Format::Bcol),
    }
}
