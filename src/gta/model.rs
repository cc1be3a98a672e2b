//! One collision model: parsing (every check happens here, once) and the view.

use crate::wire;
use zerocopy::byteorder::little_endian::{F32, U16, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

use super::error::{Error, ErrorKind};
use super::lint::Lints;
use super::raw;
use super::records::{
    Bounds, Boxes, Decode, FaceGroups, Faces, Lines, Records, ShadowFaces, ShadowVertices, Spheres,
    Vertices,
};
use super::{Flags, Options, Section, Version};

/// A model's bounds as stored: the field order differs between COLL and COL2+.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RawBounds<'a> {
    /// COLL: radius, centre, min, max.
    Coll(&'a raw::BoundsV1),
    /// COL2+: min, max, centre, radius.
    Col2(&'a raw::BoundsV2),
}

/// A validated collision model, borrowed from the buffer it was parsed from.
///
/// A model is a few words: its bytes, its version and the two vertex counts the
/// parser derived from the faces. Every accessor re-slices the model's bytes
/// (O(1)) with the arithmetic the parser already checked, so it is
/// infallible and allocation-free: [`Model::parse`] checked that each section lies
/// inside the model, that every face index names an existing vertex and that every
/// face group names existing faces.
#[derive(Clone, Copy, Debug)]
pub struct Model<'a> {
    offset: usize,
    bytes: &'a [u8],
    version: Version,
    /// COL2+: largest face index + 1, the engine's count, found by the parser's
    /// scan of the faces (COLL stores its count).
    vertex_count: u32,
    /// COL3+: largest shadow-face index + 1.
    shadow_vertex_count: u32,
}

/// Model-relative layout shared by every version: name block, then 40 bytes of bounds.
const NAME_BLOCK: usize = 8;
const BOUNDS_START: usize = 32;
const BOUNDS_END: usize = 72;
/// Model-relative positions of the COL2+ headers that follow the bounds.
const HEADER_V2_START: usize = BOUNDS_END;
const SHADOW_HEADER_START: usize = 108;
const COL4_EXTRA_START: usize = 120;
/// Model-relative positions of the COL2+ header fields (docs/formats/gta.md).
const FIELD_SPHERE_COUNT: u8 = 72;
const FIELD_BOX_COUNT: u8 = 74;
const FIELD_FACE_COUNT: u8 = 76;
const FIELD_LINE_COUNT: u8 = 78;
const FIELD_FLAGS: u8 = 80;
const FIELD_SPHERE_OFFSET: u8 = 84;
const FIELD_BOX_OFFSET: u8 = 88;
const FIELD_LINE_OFFSET: u8 = 92;
const FIELD_VERTEX_OFFSET: u8 = 96;
const FIELD_FACE_OFFSET: u8 = 100;
const FIELD_PLANE_OFFSET: u8 = 104;
const FIELD_SHADOW_FACE_COUNT: u8 = 108;
const FIELD_SHADOW_VERTEX_OFFSET: u8 = 112;
const FIELD_SHADOW_FACE_OFFSET: u8 = 116;
/// The size field, blamed when the declared size is at fault.
const FIELD_SIZE: usize = 4;
/// COL2+ section offsets count from just after the FourCC.
const OFFSET_ORIGIN: usize = 4;
/// Offset of `first` inside a 28-byte face group.
const FACE_GROUP_FIRST: usize = 24;
/// Bytes of a face group.
const FACE_GROUP_LEN: u8 = record_len::<raw::FaceGroup>();

impl<'a> Model<'a> {
    /// Parses the model that starts at the first byte of `bytes`, with the strict
    /// rules of [`Options::STRICT`] or the game's of [`Options::LENIENT`].
    ///
    /// Bytes after the model are ignored (see [`Model::len`]); to walk a whole
    /// `.col` file use [`models`](super::models). Error offsets count from the
    /// start of `bytes`.
    pub fn parse(bytes: &'a [u8], options: Options) -> Result<Self, Error> {
        parse_at(bytes, 0, options)
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
    /// [`Options::allow_size_past_end`] accepted a size that overruns the buffer.
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
        self.header().size.get()
    }

    /// `size + 8`: the length the model declares.
    pub fn declared_len(&self) -> u64 {
        u64::from(self.size()).saturating_add(8)
    }

    /// `true` when the declared length overruns the buffer and the lenient rule
    /// accepted it because every section lies inside.
    pub fn is_truncated(&self) -> bool {
        self.declared_len() > self.len() as u64
    }

    /// The first 32 bytes: FourCC, size, name and model id.
    pub fn header(&self) -> &'a raw::ModelHeader {
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
            _ => &self.header().name,
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
        self.header().model_id.get()
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

    /// COL2+ header flags; empty for COLL, which has none.
    pub fn flags(&self) -> Flags {
        Flags(self.header_v2().map_or(0, |h| h.flags.get()))
    }

    /// The COL2+ header (counts, flags, offsets); `None` for COLL.
    pub fn header_v2(&self) -> Option<&'a raw::HeaderV2> {
        match self.version {
            Version::Coll => None,
            _ => self.fixed(HEADER_V2_START),
        }
    }

    /// The COL3+ shadow-mesh header; `None` for COLL and COL2.
    pub fn shadow_header(&self) -> Option<&'a raw::ShadowHeader> {
        match self.version {
            Version::Col3 | Version::Col4 => self.fixed(SHADOW_HEADER_START),
            Version::Coll | Version::Col2 => None,
        }
    }

    /// COL4's extra header word (its meaning is unknown); `None` before COL4.
    pub fn col4_extra(&self) -> Option<u32> {
        match self.version {
            Version::Col4 => self.fixed::<U32>(COL4_EXTRA_START).map(|w| w.get()),
            _ => None,
        }
    }

    /// The header record at model byte `at` (inside the header the parser checked).
    fn fixed<T: FromBytes + KnownLayout + Immutable + Unaligned>(
        &self,
        at: usize,
    ) -> Option<&'a T> {
        let (record, _) = T::ref_from_prefix(self.bytes.get(at..)?).ok()?;
        Some(record)
    }

    /// Collision spheres.
    pub fn spheres(&self) -> Spheres<'a> {
        self.records(COLL_SPHERES, COL2_SPHERES)
    }

    /// Axis-aligned collision boxes (same layout in every version).
    pub fn boxes(&self) -> Boxes<'a> {
        self.records(COLL_BOXES, COL2_BOXES)
    }

    /// Lines (COLL's unused section; COL2+ suspension lines).
    pub fn lines(&self) -> Lines<'a> {
        self.records(COLL_LINES, COL2_LINES)
    }

    /// Mesh vertices. COLL stores the count; for COL2+ it is derived as the
    /// largest face index + 1 (0 without faces), the engine's own rule.
    pub fn vertices(&self) -> Vertices<'a> {
        self.records(COLL_VERTICES, COL2_VERTICES)
    }

    /// Mesh faces; every index is below [`vertices`](Self::vertices)`.len()`.
    pub fn faces(&self) -> Faces<'a> {
        self.records(COLL_FACES, COL2_FACES)
    }

    /// COL2+ face groups (present when flag 8 is set); each range lies within the faces.
    pub fn face_groups(&self) -> FaceGroups<'a> {
        self.records(COLL_NONE, COL2_FACE_GROUPS)
    }

    /// COL3+ shadow-mesh vertices, counted as the largest shadow-face index + 1.
    pub fn shadow_vertices(&self) -> ShadowVertices<'a> {
        self.records(COLL_NONE, COL2_SHADOW_VERTICES)
    }

    /// COL3+ shadow-mesh faces; every index is below `shadow_vertices().len()`.
    pub fn shadow_faces(&self) -> ShadowFaces<'a> {
        self.records(COLL_NONE, COL2_SHADOW_FACES)
    }

    /// A section in the model's layout: COLL's counted section number `coll`, or
    /// the COL2+ section `col2` (an index into [`COL2_SECTIONS`], or
    /// [`COL2_FACE_GROUPS`]).
    fn records<V1, V2>(&self, coll: usize, col2: usize) -> Records<'a, V1, V2>
    where
        V1: FromBytes + KnownLayout + Immutable + Unaligned,
        V2: FromBytes + KnownLayout + Immutable + Unaligned,
    {
        let (bytes, count) = self.section_bytes(
            coll,
            col2,
            const { record_len::<V1>() },
            const { record_len::<V2>() },
        );
        match self.version {
            Version::Coll => Records::Coll(typed(bytes, count)),
            _ => Records::Col2(typed(bytes, count)),
        }
    }

    /// The bytes of a section's records (see [`Model::records`]), given the record
    /// length of each layout, and their count. Not generic, and not inlined on bare
    /// metal: one copy serves every section (a smaller reader on the Cortex-M0).
    #[cfg_attr(target_os = "none", inline(never))]
    fn section_bytes(
        &self,
        coll: usize,
        col2: usize,
        coll_len: u8,
        col2_len: u8,
    ) -> (&'a [u8], usize) {
        let record_len = match self.version {
            Version::Coll => coll_len,
            _ => col2_len,
        };
        // `None` from `place` is a section this version lacks; past that, the
        // parser checked the records lie inside the model.
        let Some((at, count)) = self.place(coll, col2) else {
            return (&[], 0);
        };
        let records = records_len(count, record_len).and_then(|len| {
            Some((
                self.bytes.get(at..at.checked_add(len)?)?,
                usize::try_from(count).ok()?,
            ))
        });
        wire::validated(records).unwrap_or((&[], 0))
    }

    /// Where a section's records start in the model's bytes, and how many there are.
    fn place(&self, coll: usize, col2: usize) -> Option<(usize, u32)> {
        let (offset, count) = match self.version {
            Version::Coll => return coll_place(self.bytes, coll),
            version => col2_place(
                self.bytes,
                version,
                col2,
                (self.vertex_count, self.shadow_vertex_count),
            )?,
        };
        Some((
            usize::try_from(offset).ok()?.checked_add(OFFSET_ORIGIN)?,
            count,
        ))
    }

    /// Bytes between the end of a COLL model's last section and its declared end (or
    /// the buffer's end, for a size accepted past it), which
    /// [`Options::allow_coll_slack`] accepted (0 otherwise).
    pub fn unparsed_tail(&self) -> usize {
        match self.version {
            Version::Coll => {
                coll_position(self.bytes, COLL_NONE).map_or(0, |end| self.len().saturating_sub(end))
            }
            _ => 0,
        }
    }

    /// Engine limits this model exceeds: the games may fail on it, but it is
    /// well-formed. See [`Lint`](super::Lint).
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }
}

// --------------------------------------------------------------------- layout
// The arithmetic that finds each section: the parser runs it and reports why it
// fails; the accessors run it again on bytes where it cannot fail.

/// COLL's five counted sections, by position in the file.
const COLL_SPHERES: usize = 0;
const COLL_LINES: usize = 1;
const COLL_BOXES: usize = 2;
const COLL_VERTICES: usize = 3;
const COLL_FACES: usize = 4;
/// Past the last COLL section: where the sections end, and what COLL has none of.
const COLL_NONE: usize = 5;
/// COLL's sections in file order, with their record sizes.
const COLL_SECTIONS: [(Section, u8); COLL_NONE] = [
    (Section::Spheres, record_len::<raw::SphereV1>()),
    (Section::Lines, record_len::<raw::LineV1>()),
    (Section::Boxes, record_len::<raw::CollisionBox>()),
    (Section::Vertices, record_len::<raw::VertexV1>()),
    (Section::Faces, record_len::<raw::FaceV1>()),
];

/// Bytes of a record of type `T`, as errors report it (every GTA record is
/// shorter than 256 bytes; a longer one fails to compile).
#[expect(
    clippy::cast_possible_truncation,
    reason = "the assertion bounds it, at compile time"
)]
const fn record_len<T>() -> u8 {
    let len = size_of::<T>();
    assert!(len <= u8::MAX as usize);
    len as u8
}

/// The little-endian number of `width` bytes (1, 2 or 4) at `bytes[at..]`. Not
/// inlined on bare metal: one copy reads every header field (a smaller reader on
/// the Cortex-M0, where an inlined unaligned read is nine instructions).
#[cfg_attr(target_os = "none", inline(never))]
fn read_le(bytes: &[u8], at: usize, width: usize) -> Option<u32> {
    match *bytes.get(at..at.checked_add(width)?)? {
        [a] => Some(a.into()),
        [a, b] => Some(u16::from_le_bytes([a, b]).into()),
        [a, b, c, d] => Some(u32::from_le_bytes([a, b, c, d])),
        _ => None,
    }
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    read_le(bytes, at, 4)
}

/// The bytes of `count` records of `record_len` bytes; `None` past `u32::MAX`
/// (no section that long fits in a model, whose size is a u32).
///
/// Written without a widening multiply: the Cortex-M0 has none, and a checked
/// `u32` or `usize` multiply calls a 64-bit multiplication routine there (code,
/// and a frame at the deepest point of the parser's stack). Each 16-bit half of
/// `count` times a byte stays below 2^24.
fn records_len(count: u32, record_len: u8) -> Option<usize> {
    let record_len = u32::from(record_len);
    let high = count.wrapping_shr(16).wrapping_mul(record_len);
    let low = (count & 0xFFFF).wrapping_mul(record_len);
    if high > 0xFFFF {
        return None;
    }
    let len = high.wrapping_shl(16).checked_add(low)?;
    usize::try_from(len).ok()
}

// COL2+ sections, in the order the parser checks them: those with stored counts
// first (each check is O(1), so a broken header fails before any scan), then the
// vertex arrays, whose counts the faces decide. Face groups have no header entry.
const COL2_SPHERES: usize = 0;
const COL2_BOXES: usize = 1;
const COL2_LINES: usize = 2;
const COL2_FACES: usize = 4;
const COL2_SHADOW_FACES: usize = 5;
const COL2_VERTICES: usize = 6;
const COL2_SHADOW_VERTICES: usize = 7;
/// Past the table: the face groups, found from the faces (see [`face_groups_at`]).
const COL2_FACE_GROUPS: usize = 8;

/// Where a COL2+ section's record count comes from.
#[derive(Clone, Copy)]
enum Count {
    /// A little-endian field of `width` bytes at model byte `at`.
    Stored { at: u8, width: u8 },
    /// Neither stored nor derivable: triangle planes (offset 0 in every real file).
    Unknown,
    /// The largest index + 1 over the faces of [`COL2_SECTIONS`] entry `faces`,
    /// the engine's own count for a vertex array.
    Derived { faces: usize },
}

impl Count {
    /// A stored count (0 for an unknown one); `None` for a derived one or a field
    /// outside `model`.
    fn read(self, model: &[u8]) -> Option<u32> {
        match self {
            Self::Stored { at, width } => read_le(model, at.into(), width.into()),
            Self::Unknown => Some(0),
            Self::Derived { .. } => None,
        }
    }
}

/// A COL2+ section as the header describes it.
#[derive(Clone, Copy)]
struct Col2Entry {
    section: Section,
    /// Model byte of the section's u32 offset, which counts from the model start + 4.
    offset_at: u8,
    count: Count,
    record_len: u8,
    /// In the COL3+ shadow-mesh header, which COL2 lacks.
    shadow: bool,
}

const fn col2_entry<T>(section: Section, offset_at: u8, count: Count, shadow: bool) -> Col2Entry {
    Col2Entry {
        section,
        offset_at,
        count,
        record_len: record_len::<T>(),
        shadow,
    }
}

const fn stored(at: u8, width: u8) -> Count {
    Count::Stored { at, width }
}

/// The COL2+ header's sections (docs/formats/gta.md), indexed by the `COL2_*` constants.
const COL2_SECTIONS: [Col2Entry; COL2_FACE_GROUPS] = [
    col2_entry::<raw::SphereV2>(
        Section::Spheres,
        FIELD_SPHERE_OFFSET,
        stored(FIELD_SPHERE_COUNT, 2),
        false,
    ),
    col2_entry::<raw::CollisionBox>(
        Section::Boxes,
        FIELD_BOX_OFFSET,
        stored(FIELD_BOX_COUNT, 2),
        false,
    ),
    col2_entry::<raw::LineV2>(
        Section::Lines,
        FIELD_LINE_OFFSET,
        stored(FIELD_LINE_COUNT, 1),
        false,
    ),
    col2_entry::<u8>(
        Section::TrianglePlanes,
        FIELD_PLANE_OFFSET,
        Count::Unknown,
        false,
    ),
    col2_entry::<raw::FaceV2>(
        Section::Faces,
        FIELD_FACE_OFFSET,
        stored(FIELD_FACE_COUNT, 2),
        false,
    ),
    col2_entry::<raw::FaceV2>(
        Section::ShadowFaces,
        FIELD_SHADOW_FACE_OFFSET,
        stored(FIELD_SHADOW_FACE_COUNT, 4),
        true,
    ),
    col2_entry::<raw::VertexV2>(
        Section::Vertices,
        FIELD_VERTEX_OFFSET,
        Count::Derived { faces: COL2_FACES },
        false,
    ),
    col2_entry::<raw::VertexV2>(
        Section::ShadowVertices,
        FIELD_SHADOW_VERTEX_OFFSET,
        Count::Derived {
            faces: COL2_SHADOW_FACES,
        },
        true,
    ),
];

/// Where COLL section `n` starts (its count field), from the counts before it;
/// for `n` = [`COLL_NONE`], where the sections end. Model-relative.
fn coll_position(model: &[u8], n: usize) -> Option<usize> {
    let mut pos = BOUNDS_END;
    for &(_, record_len) in COLL_SECTIONS.iter().take(n) {
        let len = records_len(read_u32(model, pos)?, record_len)?;
        pos = pos.checked_add(4)?.checked_add(len)?;
    }
    Some(pos)
}

/// Where COLL section `n`'s records start, and their count. `None` past the last
/// section, or where the count is not inside `model`.
fn coll_place(model: &[u8], n: usize) -> Option<(usize, u32)> {
    if n >= COLL_NONE {
        return None;
    }
    let pos = coll_position(model, n)?;
    Some((pos.checked_add(4)?, read_u32(model, pos)?))
}

/// COLL section `n`'s records. `None` past the last section, or where the count or
/// the records are not inside `model`.
fn coll_section<T: FromBytes + KnownLayout + Immutable + Unaligned>(
    model: &[u8],
    n: usize,
) -> Option<&[T]> {
    let (at, count) = coll_place(model, n)?;
    records_in(model, at, count)
}

/// The first `count` records of `T` in the bytes of a validated section.
fn typed<T: wire::Record>(bytes: &[u8], count: usize) -> &[T] {
    let records = <[T]>::ref_from_prefix_with_elems(bytes, count).ok();
    wire::validated(records).map_or(&[], |(records, _)| records)
}

/// `count` records of `T` at `bytes[at..]`.
fn records_in<T: FromBytes + KnownLayout + Immutable + Unaligned>(
    bytes: &[u8],
    at: usize,
    count: u32,
) -> Option<&[T]> {
    let count = usize::try_from(count).ok()?;
    let (records, _) = <[T]>::ref_from_prefix_with_elems(bytes.get(at..)?, count).ok()?;
    Some(records)
}

/// The `count` records at COL2+ `offset` (from the model start + 4).
fn records_at<T: FromBytes + KnownLayout + Immutable + Unaligned>(
    model: &[u8],
    offset: u32,
    count: u32,
) -> Option<&[T]> {
    records_in(
        model,
        usize::try_from(offset).ok()?.checked_add(OFFSET_ORIGIN)?,
        count,
    )
}

/// Where COL2+ section `i` (a [`COL2_SECTIONS`] index, or [`COL2_FACE_GROUPS`])
/// lies: its offset, from the model start + 4, and its record count, with the
/// vertex arrays' counts taken from `vertex_counts` (vertices, shadow vertices).
/// `None` for a section the version lacks, or a field outside `model`.
fn col2_place(
    model: &[u8],
    version: Version,
    i: usize,
    vertex_counts: (u32, u32),
) -> Option<(u32, u32)> {
    if i == COL2_FACE_GROUPS {
        return face_groups_at(model);
    }
    let entry = COL2_SECTIONS.get(i)?;
    if entry.shadow && !version.has_shadow_mesh() {
        return None;
    }
    let count = match entry.count {
        Count::Derived {
            faces: COL2_SHADOW_FACES,
        } => vertex_counts.1,
        Count::Derived { .. } => vertex_counts.0,
        stored => stored.read(model)?,
    };
    Some((read_u32(model, entry.offset_at.into())?, count))
}

/// COL2+ face groups have no offset: with flag 8 and at least one face, a u32
/// count sits at faces − 4 and the 28-byte records end there. Their offset and
/// count; `None` when there are none, or when they would start before the model.
fn face_groups_at(model: &[u8]) -> Option<(u32, u32)> {
    face_groups_before(model, faces_with_groups(model)?)
}

/// The faces' offset, when face groups come before them (flag 8 and at least one
/// face); `None` otherwise.
fn faces_with_groups(model: &[u8]) -> Option<u32> {
    let faces = COL2_SECTIONS.get(COL2_FACES)?;
    if !Flags(read_u32(model, FIELD_FLAGS.into())?).has_face_groups()
        || faces.count.read(model)? == 0
    {
        return None;
    }
    read_u32(model, faces.offset_at.into())
}

/// The offset and count of the face groups before the faces at `faces_offset`;
/// `None` when their count word or first record would lie before the model.
fn face_groups_before(model: &[u8], faces_offset: u32) -> Option<(u32, u32)> {
    let count_offset = faces_offset.checked_sub(4)?;
    let count = read_u32(
        model.get(OFFSET_ORIGIN..)?,
        usize::try_from(count_offset).ok()?,
    )?;
    let len = u32::try_from(records_len(count, FACE_GROUP_LEN)?).ok()?;
    Some((count_offset.checked_sub(len)?, count))
}

// -------------------------------------------------------------------- parsing

/// Parses the model whose FourCC is at `buf[start]`. Every error offset is an
/// absolute position in `buf`.
pub(crate) fn parse_at(buf: &[u8], start: usize, options: Options) -> Result<Model<'_>, Error> {
    let at = |relative: usize| start.saturating_add(relative);
    let rest = buf.get(start..).unwrap_or_default();
    let (fourcc, size) = match rest {
        [a, b, c, d, s0, s1, s2, s3, ..] => {
            ([*a, *b, *c, *d], u32::from_le_bytes([*s0, *s1, *s2, *s3]))
        }
        _ => return Err(truncated(start, 8, rest.len())),
    };
    let version = Version::from_fourcc(fourcc)
        .ok_or_else(|| Error::new(start, ErrorKind::UnknownFourcc { found: fourcc }))?;
    if size < 24 {
        return Err(Error::new(at(FIELD_SIZE), ErrorKind::SizeTooSmall { size }));
    }
    let declared_len = u64::from(size).saturating_add(8);
    let header_len = version.header_len();
    if declared_len < header_len as u64 {
        return Err(Error::new(
            at(FIELD_SIZE),
            ErrorKind::HeaderPastModelEnd {
                version,
                needed: header_len,
                size,
            },
        ));
    }
    let model = match usize::try_from(declared_len)
        .ok()
        .and_then(|len| rest.get(..len))
    {
        Some(model) => model,
        None if options.allow_size_past_end => rest,
        None => {
            return Err(Error::new(
                at(FIELD_SIZE),
                ErrorKind::SizePastEnd {
                    size,
                    available: rest.len(),
                },
            ));
        }
    };
    if model.len() < header_len {
        return Err(truncated(start, header_len, rest.len()));
    }
    let mut parsed = Model {
        offset: start,
        bytes: model,
        version,
        vertex_count: 0,
        shadow_vertex_count: 0,
    };
    if version == Version::Coll {
        check_coll(model, start, size, options)?;
    } else {
        let (vertices, shadow_vertices) = check_col2(model, start, version)?;
        parsed.vertex_count = vertices;
        parsed.shadow_vertex_count = shadow_vertices;
    }
    Ok(parsed)
}

fn truncated(start: usize, needed: usize, available: usize) -> Error {
    Error::new(start, ErrorKind::Truncated { needed, available })
}

/// COLL: five counted sections back to back from byte 72; the sections must end
/// exactly at the declared size, and face indices must be below the stored
/// vertex count (not equal to max + 1: five genuine III models have spare vertices).
fn check_coll(model: &[u8], start: usize, size: u32, options: Options) -> Result<(), Error> {
    // Where the model ends, on the offset scale (model start + 4).
    let limit = model.len().saturating_sub(OFFSET_ORIGIN);
    let mut pos = BOUNDS_END;
    for &(section, record_len) in &COLL_SECTIONS {
        let here = start.saturating_add(pos);
        let count = read_u32(model, pos)
            .ok_or_else(|| Error::new(here, ErrorKind::CountPastModelEnd { section, limit }))?;
        let records_start = pos.saturating_add(4);
        pos = records_len(count, record_len)
            .and_then(|len| records_start.checked_add(len))
            .filter(|&end| end <= model.len())
            .ok_or_else(|| {
                Error::new(
                    here,
                    ErrorKind::SectionPastModelEnd {
                        section,
                        record_len,
                        count,
                        // The records start after the count field: on the offset
                        // scale, that is the count field's model-relative position.
                        start: pos,
                        limit,
                    },
                )
            })?;
    }
    let parsed_len = pos;

    let vertex_count = coll_place(model, COLL_VERTICES).map_or(0, |(_, count)| count);
    let faces_start = coll_place(model, COLL_FACES).map_or(0, |(at, _)| at);
    let faces: &[raw::FaceV1] = wire::validated(coll_section(model, COLL_FACES)).unwrap_or(&[]);
    // The file offset of the index being checked.
    let mut field = start.saturating_add(faces_start);
    for (face, record) in faces.iter().enumerate() {
        for index in &record.indices {
            let index = index.get();
            if index >= vertex_count {
                return Err(Error::new(
                    field,
                    ErrorKind::FaceIndexOutOfRange {
                        section: Section::Faces,
                        face: saturate_u32(face),
                        index,
                        vertex_count,
                    },
                ));
            }
            field = field.saturating_add(size_of::<U32>());
        }
        // Past the surface, to the next face's first index.
        field = field.saturating_add(size_of::<raw::Surface>());
    }

    // The model's end in the buffer: `size + 8`, or the buffer's end when the lenient
    // size rule cut it there. That rule only excuses the bytes that are missing; bytes
    // that are present after the last section are slack like any other.
    if parsed_len < model.len() && !options.allow_coll_slack {
        return Err(Error::new(
            start.saturating_add(FIELD_SIZE),
            ErrorKind::SizeMismatch { parsed_len, size },
        ));
    }
    Ok(())
}

/// COL2/COL3/COL4: counts in a header, sections found through offsets relative to
/// the model start + 4, vertex counts derived from the faces. Returns the vertex
/// and shadow-vertex counts.
fn check_col2(model: &[u8], start: usize, version: Version) -> Result<(u32, u32), Error> {
    let body = Body {
        model,
        start,
        version,
        header_end: saturate_u32(version.header_len().saturating_sub(OFFSET_ORIGIN)),
    };
    let mut vertex_counts = (0, 0);
    for entry in &COL2_SECTIONS {
        if entry.shadow && !version.has_shadow_mesh() {
            continue;
        }
        // The header fields lie inside the header the caller checked.
        let offset = read_u32(model, entry.offset_at.into()).unwrap_or(0);
        let count = match entry.count {
            // The faces come earlier in the table than the vertices they count.
            Count::Derived { faces } => {
                let count = col2_place(model, version, faces, vertex_counts)
                    .and_then(|(at, n)| records_at(model, at, n))
                    .map_or(0, derived_vertex_count);
                if faces == COL2_SHADOW_FACES {
                    vertex_counts.1 = count;
                } else {
                    vertex_counts.0 = count;
                }
                count
            }
            stored => stored.read(model).unwrap_or(0),
        };
        body.section(
            entry.section,
            entry.offset_at.into(),
            offset,
            count,
            entry.record_len,
        )?;
    }
    body.face_groups()?;

    // A derived vertex array must not run into any other section (docs/formats/gta.md:
    // on real files the gap to the next section is 6 × count, or that + 2).
    for (i, entry) in COL2_SECTIONS.iter().enumerate() {
        if let Count::Derived { .. } = entry.count {
            body.check_clear(i, entry.offset_at.into(), vertex_counts)?;
        }
    }
    Ok(vertex_counts)
}

/// Where a section's records lie, `start..end` on the offset scale (model start +
/// 4).
///
/// `end` is saturated to `u32::MAX`, which keeps the overlap test exact: an end
/// can pass `u32::MAX` only by up to 4 bytes (`limit` is `size + 4`), and then only
/// a section starting at `u32::MAX` would compare differently, which is itself past
/// the limit.
#[derive(Clone, Copy)]
struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// Whether the two share a byte.
    const fn overlaps(self, other: Self) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// The section of [`col2_place`]'s index `i`.
fn section_at(i: usize) -> Section {
    COL2_SECTIONS
        .get(i)
        .map_or(Section::FaceGroups, |entry| entry.section)
}

/// The engine's vertex count for a COL2+ mesh: largest face index + 1, 0 without faces.
fn derived_vertex_count(faces: &[raw::FaceV2]) -> u32 {
    let mut count = 0;
    for face in faces {
        for index in &face.indices {
            count = count.max(u32::from(index.get()).saturating_add(1));
        }
    }
    count
}

fn saturate_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A COL2+ model being checked, with what errors need to say where they are.
struct Body<'a> {
    model: &'a [u8],
    /// File offset of the model's FourCC.
    start: usize,
    version: Version,
    /// First valid section offset (offset scale).
    header_end: u32,
}

impl Body<'_> {
    /// Checks the offset rules of docs/formats/gta.md for `count` records of
    /// `record_len` bytes at `offset`.
    /// `field` is the model-relative position of the offset field, blamed in errors.
    /// Not inlined on bare metal: the table loop and the face groups share one
    /// copy (a smaller parser on the Cortex-M0).
    #[cfg_attr(target_os = "none", inline(never))]
    fn section(
        &self,
        section: Section,
        field: usize,
        offset: u32,
        count: u32,
        record_len: u8,
    ) -> Result<(), Error> {
        let at = self.start.saturating_add(field);
        if offset == 0 {
            // "Absent": the engine makes it a null pointer without looking at the count.
            return if count == 0 {
                Ok(())
            } else {
                Err(Error::new(at, ErrorKind::MissingOffset { section, count }))
            };
        }
        if offset < self.header_end {
            return Err(Error::new(
                at,
                ErrorKind::OffsetInHeader {
                    section,
                    offset,
                    header_end: self.header_end,
                },
            ));
        }
        // `size + 4` on the offset scale (or the buffer's end, for a lenient overrun).
        let limit = self.model.len().saturating_sub(OFFSET_ORIGIN);
        let start = usize::try_from(offset).unwrap_or(usize::MAX);
        records_len(count, record_len)
            .and_then(|len| start.checked_add(len))
            .filter(|&end| end <= limit)
            .ok_or_else(|| {
                Error::new(
                    at,
                    ErrorKind::SectionPastModelEnd {
                        section,
                        record_len,
                        count,
                        start,
                        limit,
                    },
                )
            })?;
        Ok(())
    }

    /// Checks the face groups (see [`face_groups_at`]).
    #[cfg_attr(target_os = "none", inline(never))]
    fn face_groups(&self) -> Result<(), Error> {
        let model = self.model;
        let Some(faces_offset) = faces_with_groups(model) else {
            return Ok(());
        };
        let count_offset = faces_offset.saturating_sub(4);
        let located = face_groups_before(model, faces_offset)
            .filter(|&(start, _)| count_offset >= self.header_end && start >= self.header_end);
        let Some((groups_start, count)) = located else {
            let count = usize::try_from(count_offset)
                .ok()
                .and_then(|o| read_u32(model.get(OFFSET_ORIGIN..)?, o))
                .unwrap_or(0);
            return Err(Error::new(
                self.start.saturating_add(FIELD_FACE_OFFSET.into()),
                ErrorKind::FaceGroupsOutsideModel {
                    count,
                    faces_offset,
                },
            ));
        };
        self.section(
            Section::FaceGroups,
            FIELD_FACE_OFFSET.into(),
            groups_start,
            count,
            FACE_GROUP_LEN,
        )?;
        let groups = wire::validated(records_at(model, groups_start, count)).unwrap_or(&[]);
        let face_count = read_le(model, FIELD_FACE_COUNT.into(), 2)
            .and_then(|n| u16::try_from(n).ok())
            .unwrap_or(0);
        check_face_groups(self.start, groups, groups_start, face_count)
    }

    /// Where checked section `i` (see [`col2_place`]) lies; `None` without
    /// records. Face groups span their records and the count word after them, even
    /// when it counts none.
    fn span(&self, i: usize, vertex_counts: (u32, u32)) -> Option<Span> {
        let (start, count) = col2_place(self.model, self.version, i, vertex_counts)?;
        // Face groups occupy their count word even when it counts none.
        let (record_len, tail, present) = match COL2_SECTIONS.get(i) {
            Some(entry) => (entry.record_len, 0, count > 0),
            None => (FACE_GROUP_LEN, 4, true),
        };
        // Checked: the section lies inside the model.
        let len = records_len(count, record_len)
            .and_then(|len| u32::try_from(len).ok())
            .unwrap_or(u32::MAX)
            .saturating_add(tail);
        present.then(|| Span {
            start,
            end: start.saturating_add(len),
        })
    }

    /// Checks that the derived vertex array of section `mine` (see
    /// [`col2_place`]) shares no byte with any other section; `field` is its
    /// offset field.
    fn check_clear(
        &self,
        mine: usize,
        field: usize,
        vertex_counts: (u32, u32),
    ) -> Result<(), Error> {
        let Some(span) = self.span(mine, vertex_counts) else {
            return Ok(());
        };
        for other in (0..=COL2_FACE_GROUPS).filter(|&i| i != mine) {
            let Some(other_span) = self.span(other, vertex_counts) else {
                continue;
            };
            if span.overlaps(other_span) {
                let (_, count) =
                    col2_place(self.model, self.version, mine, vertex_counts).unwrap_or_default();
                return Err(Error::new(
                    self.start.saturating_add(field),
                    ErrorKind::VerticesOverlap {
                        section: section_at(mine),
                        count,
                        start: span.start,
                        other: section_at(other),
                        other_start: other_span.start,
                        other_end: other_span.end,
                    },
                ));
            }
        }
        Ok(())
    }
}

/// The engine loops `first..=last` without checks: require `first <= last < faces`.
fn check_face_groups(
    model_start: usize,
    groups: &[raw::FaceGroup],
    groups_start: u32,
    faces: u16,
) -> Result<(), Error> {
    // The group's `first` field, 24 bytes into it; +4 converts the offset scale.
    let mut field = model_start
        .saturating_add(groups_start as usize)
        .saturating_add(FACE_GROUP_FIRST + OFFSET_ORIGIN);
    for (i, g) in groups.iter().enumerate() {
        let (first, last) = (g.first.get(), g.last.get());
        if first > last || last >= faces {
            return Err(Error::new(
                field,
                ErrorKind::FaceGroupRange {
                    group: saturate_u32(i),
                    first,
                    last,
                    faces,
                },
            ));
        }
        field = field.saturating_add(size_of::<raw::FaceGroup>());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The split multiply agrees with a plain checked one, at the edges of each
    /// half and of `u32`.
    #[test]
    fn records_len_is_a_checked_multiply() {
        let counts: [u32; 12] = [
            0,
            1,
            2,
            0xFFFF,
            0x1_0000,
            0x1_0001,
            0x00FF_FFFF,
            0x0100_0000,
            0x0924_9249, // u32::MAX / 28
            0x0924_924A,
            0x7FFF_FFFF,
            0xFFFF_FFFF,
        ];
        for count in counts {
            for record_len in [0, 1, 6, 8, 12, 16, 20, 24, 28, 32, 255] {
                let expected = count
                    .checked_mul(u32::from(record_len))
                    .map(|n| usize::try_from(n).unwrap());
                assert_eq!(
                    records_len(count, record_len),
                    expected,
                    "{count} × {record_len}"
                );
            }
        }
        // Every count below 2^20 against every length a record can have.
        for count in 0..1 << 20 {
            for record_len in [6, 28] {
                assert_eq!(
                    records_len(count, record_len),
                    Some(count as usize * usize::from(record_len))
                );
            }
        }
    }
}
