//! Stage `records`: decoded entries (`decode`, raw → [`Entry`]) and their encoding
//! back into [`raw`](super::raw) records, side by side.

use core::fmt;
use core::ops::Range;

use zerocopy::byteorder::little_endian::{U16, U32};

use super::Version;
use super::layout::{NAME_LEN, SECTOR_U64};
use super::raw;

/// What an entry holds, from the extension of its name (compared
/// case-insensitively, as the games do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Kind {
    /// `.dff`: a RenderWare model (may carry a GTA collision model).
    Dff,
    /// `.txd`: a texture dictionary.
    Txd,
    /// `.col`: a GTA collision library (streamed by Vice City and San Andreas).
    Col,
    /// `.ifp`: animations.
    Ifp,
    /// `.ipl`: a binary placement file (San Andreas).
    Ipl,
    /// `.dat`: path nodes (`nodesNN.dat`, San Andreas).
    Dat,
    /// `.rrr`: a vehicle recording (San Andreas).
    Rrr,
    /// `.scm`: a streamed script (San Andreas).
    Scm,
    /// Any other extension, or none: the game skips the entry.
    Other,
}

impl Kind {
    /// The kind of a name: the extension after its last dot.
    pub fn of(name: &[u8]) -> Self {
        let Some(dot) = name.iter().rposition(|&b| b == b'.') else {
            return Self::Other;
        };
        let ext = name.get(dot.saturating_add(1)..).unwrap_or_default();
        let is = |known: &[u8]| ext.eq_ignore_ascii_case(known);
        if is(b"dff") {
            Self::Dff
        } else if is(b"txd") {
            Self::Txd
        } else if is(b"col") {
            Self::Col
        } else if is(b"ifp") {
            Self::Ifp
        } else if is(b"ipl") {
            Self::Ipl
        } else if is(b"dat") {
            Self::Dat
        } else if is(b"rrr") {
            Self::Rrr
        } else if is(b"scm") {
            Self::Scm
        } else {
            Self::Other
        }
    }

    /// Whether the games of `version` load entries of this kind: DFF, TXD, COL and
    /// IFP in v1 (Vice City; GTA III registers only DFF and TXD, its collision
    /// comes from loose files), and IPL, DAT, RRR and SCM too in v2 (San Andreas).
    pub const fn is_loaded_by(self, version: Version) -> bool {
        match self {
            Self::Dff | Self::Txd | Self::Col | Self::Ifp => true,
            Self::Ipl | Self::Dat | Self::Rrr | Self::Scm => matches!(version, Version::V2),
            Self::Other => false,
        }
    }

    /// A short lower-case name (`"dff"`, …, `"other"`).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Dff => "dff",
            Self::Txd => "txd",
            Self::Col => "col",
            Self::Ifp => "ifp",
            Self::Ipl => "ipl",
            Self::Dat => "dat",
            Self::Rrr => "rrr",
            Self::Scm => "scm",
            Self::Other => "other",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One directory entry, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Entry<'a> {
    /// Position in the directory (0-based, counting skipped entries too).
    pub index: u32,
    /// Byte offset of the entry's record in the directory buffer.
    pub record_offset: usize,
    /// The name's bytes before its NUL (at most 23; a name without NUL is cut
    /// at 23 bytes, as Vice City does, when read leniently).
    pub name: &'a [u8],
    /// The kind its extension names.
    pub kind: Kind,
    /// First sector in the archive.
    pub sector: u32,
    /// Sectors of the entry (v2: the size in archive where non-zero, else the
    /// streaming size).
    pub sectors: u32,
}

impl<'a> Entry<'a> {
    /// The name as text, where it is UTF-8 (real names are ASCII).
    pub fn name_str(&self) -> Option<&'a str> {
        core::str::from_utf8(self.name).ok()
    }

    /// The entry's bytes in the archive: `sector × 2048 .. (sector + sectors) × 2048`
    /// (in `u64`: exact for any sector numbers).
    pub fn byte_range(&self) -> Range<u64> {
        let start = u64::from(self.sector).saturating_mul(SECTOR_U64);
        let len = u64::from(self.sectors).saturating_mul(SECTOR_U64);
        start..start.saturating_add(len)
    }

    /// Bytes of the entry (`sectors × 2048`).
    pub fn len(&self) -> u64 {
        u64::from(self.sectors).saturating_mul(SECTOR_U64)
    }

    /// Whether the entry has no sectors.
    pub const fn is_empty(&self) -> bool {
        self.sectors == 0
    }

    /// One sector past the entry.
    pub(super) fn end_sector(&self) -> u64 {
        u64::from(self.sector).saturating_add(u64::from(self.sectors))
    }
}

/// The name's bytes before the first NUL, and whether there was one.
pub(super) fn name_bytes(field: &[u8; NAME_LEN]) -> (&[u8], bool) {
    match field.iter().position(|&b| b == 0) {
        Some(nul) => (field.get(..nul).unwrap_or_default(), true),
        // reVC writes name[23] = 0 before use: cut at 23.
        None => (
            field.get(..NAME_LEN.saturating_sub(1)).unwrap_or_default(),
            false,
        ),
    }
}

/// The fields every version has: first sector, sectors, name field.
pub(super) trait RawEntry {
    /// First sector.
    fn sector(&self) -> u32;
    /// Sectors, as the game takes them.
    fn sectors(&self) -> u32;
    /// The name field.
    fn name_field(&self) -> &[u8; NAME_LEN];
}

impl RawEntry for raw::EntryV1 {
    fn sector(&self) -> u32 {
        self.offset.get()
    }
    fn sectors(&self) -> u32 {
        self.size.get()
    }
    fn name_field(&self) -> &[u8; NAME_LEN] {
        &self.name
    }
}

impl RawEntry for raw::EntryV2 {
    fn sector(&self) -> u32 {
        self.offset.get()
    }
    fn sectors(&self) -> u32 {
        // docs/formats/img.md: "size in archive" where non-zero, else the streaming size.
        match self.archive_size.get() {
            0 => u32::from(self.streaming_size.get()),
            size => u32::from(size),
        }
    }
    fn name_field(&self) -> &[u8; NAME_LEN] {
        &self.name
    }
}

/// Decodes a raw entry found at `record_offset` as entry `index`.
pub(super) fn decode<R: RawEntry>(raw: &R, index: u32, record_offset: usize) -> Entry<'_> {
    let (name, _) = name_bytes(raw.name_field());
    Entry {
        index,
        record_offset,
        name,
        kind: Kind::of(name),
        sector: raw.sector(),
        sectors: raw.sectors(),
    }
}

/// The name field for a name of at most 23 bytes without NUL (checked by the
/// writer): the name, then zeros.
pub(super) fn name_field(name: &[u8]) -> [u8; NAME_LEN] {
    let mut field = [0; NAME_LEN];
    for (slot, byte) in field.iter_mut().zip(name) {
        *slot = *byte;
    }
    field
}

impl From<&Entry<'_>> for raw::EntryV1 {
    fn from(entry: &Entry<'_>) -> Self {
        Self {
            offset: U32::new(entry.sector),
            size: U32::new(entry.sectors),
            name: name_field(entry.name),
        }
    }
}

impl From<&Entry<'_>> for raw::EntryV2 {
    /// The size goes in the streaming size (saturated at 65,535 sectors; the
    /// writer refuses larger entries), the size in archive is 0.
    fn from(entry: &Entry<'_>) -> Self {
        Self {
            offset: U32::new(entry.sector),
            streaming_size: U16::new(u16::try_from(entry.sectors).unwrap_or(u16::MAX)),
            archive_size: U16::new(0),
            name: name_field(entry.name),
        }
    }
}
