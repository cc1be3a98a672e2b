//! Stage `header` (after `error`): a model's framing and header, read without its
//! sections: what [`headers`](super::headers) yields and what every
//! [`Model`](super::Model) starts with.

use crate::wire;
use zerocopy::byteorder::little_endian::{F32, U16, U32};

use super::Version;
use super::layout::{BOUNDS_START, NAME_BLOCK, declared_len};
use super::raw;
use super::records::{Bounds, Decode};

/// A model's bounds as stored: the field order differs between COLL and COL2+.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RawBounds<'a> {
    /// COLL: radius, centre, min, max.
    Coll(&'a raw::BoundsV1),
    /// COL2+: min, max, centre, radius.
    Col2(&'a raw::BoundsV2),
}

/// A model whose framing was checked (a known FourCC, a size that holds the
/// version's header and lies inside the buffer, or past its end only under
/// [`Options::allow_size_past_end`](super::Options::allow_size_past_end)) but whose
/// sections were not.
///
/// Its accessors read the header alone and are infallible, as a
/// [`Model`](super::Model)'s are; [`Header::parse`] checks the sections and returns
/// the [`Model`](super::Model).
#[derive(Clone, Copy, Debug)]
pub struct Header<'a> {
    offset: usize,
    bytes: &'a [u8],
    version: Version,
}

impl<'a> Header<'a> {
    /// The framing `validate` accepted: `bytes` hold at least the version's header.
    pub(super) const fn new(offset: usize, bytes: &'a [u8], version: Version) -> Self {
        Self {
            offset,
            bytes,
            version,
        }
    }

    /// Offset of the model's FourCC in the buffer it was parsed from.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The model's version (from its FourCC).
    pub const fn version(&self) -> Version {
        self.version
    }

    /// The model's bytes, FourCC first: `size + 8` bytes, or fewer when
    /// [`Options::allow_size_past_end`](super::Options::allow_size_past_end) accepted a
    /// size that overruns the buffer.
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Bytes the model occupies in the buffer (the next model starts right after).
    pub const fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Always `false`: a model holds at least its 32-byte header.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The size field as stored (bytes after the size field).
    pub fn size(&self) -> u32 {
        self.raw().size.get()
    }

    /// `size + 8`: the length the model declares.
    pub fn declared_len(&self) -> u64 {
        declared_len(self.size())
    }

    /// `true` when the declared length overruns the buffer and the lenient rule
    /// accepted it because every section lies inside.
    pub fn is_truncated(&self) -> bool {
        self.declared_len() > self.len() as u64
    }

    /// The first 32 bytes as stored: FourCC, size, name and model id.
    pub fn raw(&self) -> &'a raw::ModelHeader {
        // Inside the header the parser checked: the fallback is never used.
        static NONE: raw::ModelHeader = raw::ModelHeader {
            fourcc: [0; 4],
            size: U32::ZERO,
            name: [0; 22],
            model_id: U16::ZERO,
        };
        wire::validated(self.fixed(0)).unwrap_or(&NONE)
    }

    /// The name: the bytes before the first NUL, searched within 24 bytes for COLL
    /// (III/VC read 24) and 22 bytes for COL2+ (SA reads 22, then the model id).
    /// Genuine files have junk after the NUL and 22-byte names with no NUL at all.
    pub fn name(&self) -> &'a [u8] {
        let block: &'a [u8] = match self.version {
            Version::Coll => self.name_block(),
            _ => &self.raw().name,
        };
        let end = block.iter().position(|&b| b == 0).unwrap_or(block.len());
        block.get(..end).unwrap_or(block)
    }

    /// The whole 24-byte name block (model bytes 8..32), junk after the NUL included.
    pub fn name_block(&self) -> &'a [u8; 24] {
        self.bytes
            .get(NAME_BLOCK..)
            .and_then(<[u8]>::first_chunk)
            .unwrap_or(&[0; 24])
    }

    /// The u16 at model byte 30: SA's model id. Junk in COLL files and often bogus
    /// elsewhere; expose it, never trust it.
    pub fn model_id(&self) -> u16 {
        self.raw().model_id.get()
    }

    /// Decoded bounds.
    pub fn bounds(&self) -> Bounds {
        match self.raw_bounds() {
            RawBounds::Coll(b) => b.decode(),
            RawBounds::Col2(b) => b.decode(),
        }
    }

    /// Bounds as stored.
    pub fn raw_bounds(&self) -> RawBounds<'a> {
        // Inside the header the parser checked: the fallbacks are never used.
        const ZERO: raw::RawVec3 = [F32::ZERO; 3];
        static NONE_V1: raw::BoundsV1 = raw::BoundsV1 {
            radius: F32::ZERO,
            center: ZERO,
            min: ZERO,
            max: ZERO,
        };
        static NONE_V2: raw::BoundsV2 = raw::BoundsV2 {
            min: ZERO,
            max: ZERO,
            center: ZERO,
            radius: F32::ZERO,
        };
        match self.version {
            Version::Coll => RawBounds::Coll(self.fixed(BOUNDS_START).unwrap_or(&NONE_V1)),
            _ => RawBounds::Col2(self.fixed(BOUNDS_START).unwrap_or(&NONE_V2)),
        }
    }

    /// The header record at model byte `at` (inside the header the parser checked).
    pub(super) fn fixed<T: wire::Record>(&self, at: usize) -> Option<&'a T> {
        wire::Cursor::at(self.bytes, at).read()
    }
}
