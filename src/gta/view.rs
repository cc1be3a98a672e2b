//! Stage `view` (after `header`): one collision model, the view a successful parse
//! returns, and its accessors.
//!
//! Every accessor re-derives its section with the layout arithmetic of
//! [`layout`](super::layout), which [`validate`](super::validate) ran first.

use crate::wire;
use zerocopy::byteorder::little_endian::U32;

use super::header::{Header, RawBounds};
use super::layout::{
    COL2_BOXES, COL2_FACE_GROUPS, COL2_FACES, COL2_LINES, COL2_SHADOW_FACES, COL2_SHADOW_VERTICES,
    COL2_SPHERES, COL2_VERTICES, COL4_EXTRA_START, COLL_BOXES, COLL_FACES, COLL_LINES, COLL_NONE,
    COLL_SPHERES, COLL_VERTICES, FIELD_SIZE, HEADER_V2_START, OFFSET_ORIGIN, SHADOW_HEADER_START,
    col2_place, coll_place, coll_position, count_field, record_len, records_len, typed,
};
use super::raw;
use super::records::{
    Bounds, Boxes, FaceGroups, Faces, Lines, Records, ShadowFaces, ShadowVertices, Spheres,
    Vertices,
};
use super::{Flags, Section, Version};

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
    /// Offset, bytes and version.
    head: Header<'a>,
    /// COL2+: largest face index + 1, the engine's count, found by the parser's
    /// scan of the faces (COLL stores its count).
    vertex_count: u32,
    /// COL3+: largest shadow-face index + 1.
    shadow_vertex_count: u32,
}

/// What a [`Model`] is made of besides its buffer: for callers that cannot keep the
/// borrow (the C API keeps these in a C struct) and rebuild the model with
/// [`Model::from_parts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModelParts {
    /// Offset of the model's FourCC in the buffer.
    pub offset: usize,
    /// Bytes the model occupies there ([`Model::len`]).
    pub len: usize,
    /// COL2+: the derived vertex count (COLL: the stored one).
    pub vertex_count: u32,
    /// COL3+: the derived shadow vertex count.
    pub shadow_vertex_count: u32,
}

impl<'a> Model<'a> {
    /// The parts [`Model::from_parts`] rebuilds this model from, with its buffer.
    pub const fn parts(&self) -> ModelParts {
        ModelParts {
            offset: self.head.offset(),
            len: self.head.len(),
            vertex_count: self.vertex_count,
            shadow_vertex_count: self.shadow_vertex_count,
        }
    }

    /// Rebuilds a model in O(1) from the buffer it was parsed from and its
    /// [`parts`](Model::parts), without validating its sections again.
    ///
    /// `None` when the parts do not name a model of `buffer`: a range outside it, or
    /// no FourCC at its start. Parts that did not come from [`Model::parts`] over the
    /// same unchanged bytes give a model whose accessors still never panic or read
    /// outside `buffer` (release builds), but whose contents are unspecified; debug
    /// builds assert.
    pub fn from_parts(buffer: &'a [u8], parts: ModelParts) -> Option<Self> {
        let end = parts.offset.checked_add(parts.len)?;
        let bytes = buffer.get(parts.offset..end)?;
        let version = Version::from_fourcc(bytes.get(..4)?)?;
        Some(Self::new(
            parts.offset,
            bytes,
            version,
            parts.vertex_count,
            parts.shadow_vertex_count,
        ))
    }

    /// The view of a model [`validate`](super::validate) accepted.
    pub(super) const fn new(
        offset: usize,
        bytes: &'a [u8],
        version: Version,
        vertex_count: u32,
        shadow_vertex_count: u32,
    ) -> Self {
        Self {
            head: Header::new(offset, bytes, version),
            vertex_count,
            shadow_vertex_count,
        }
    }

    /// The model's framing and header fields: what [`headers`](super::headers)
    /// yields for it.
    pub const fn as_header(&self) -> Header<'a> {
        self.head
    }

    /// Offset of the model's FourCC in the buffer it was parsed from.
    pub const fn offset(&self) -> usize {
        self.head.offset()
    }

    /// The model's version (from its FourCC).
    pub const fn version(&self) -> Version {
        self.head.version()
    }

    /// The model's bytes, FourCC first: `size + 8` bytes, or fewer when
    /// [`Options::allow_size_past_end`](super::Options::allow_size_past_end) accepted a
    /// size that overruns the buffer.
    pub const fn bytes(&self) -> &'a [u8] {
        self.head.bytes()
    }

    /// Bytes the model occupies in the buffer (the next model starts right after).
    pub const fn len(&self) -> usize {
        self.head.len()
    }

    /// Always `false`: a model holds at least its 32-byte header.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The size field as stored (bytes after the size field).
    pub fn size(&self) -> u32 {
        self.head.size()
    }

    /// `size + 8`: the length the model declares.
    pub fn declared_len(&self) -> u64 {
        self.head.declared_len()
    }

    /// `true` when the declared length overruns the buffer and the lenient rule
    /// accepted it because every section lies inside.
    pub fn is_truncated(&self) -> bool {
        self.head.is_truncated()
    }

    /// The first 32 bytes: FourCC, size, name and model id.
    pub fn header(&self) -> &'a raw::ModelHeader {
        self.head.raw()
    }

    /// The name: the bytes before the first NUL, searched within 24 bytes for COLL
    /// (III/VC read 24) and 22 bytes for COL2+ (SA reads 22, then the model id).
    /// Genuine files have junk after the NUL and 22-byte names with no NUL at all.
    pub fn name(&self) -> &'a [u8] {
        self.head.name()
    }

    /// The whole 24-byte name block (model bytes 8..32), junk after the NUL included.
    pub fn name_block(&self) -> &'a [u8; 24] {
        self.head.name_block()
    }

    /// The u16 at model byte 30: SA's model id. Junk in COLL files and often bogus
    /// elsewhere; expose it, never trust it.
    pub fn model_id(&self) -> u16 {
        self.head.model_id()
    }

    /// Decoded bounds.
    pub fn bounds(&self) -> Bounds {
        self.head.bounds()
    }

    /// Bounds as stored.
    pub fn raw_bounds(&self) -> RawBounds<'a> {
        self.head.raw_bounds()
    }

    /// COL2+ header flags; empty for COLL, which has none.
    pub fn flags(&self) -> Flags {
        Flags(self.header_v2().map_or(0, |h| h.flags.get()))
    }

    /// The COL2+ header (counts, flags, offsets); `None` for COLL.
    pub fn header_v2(&self) -> Option<&'a raw::HeaderV2> {
        match self.head.version() {
            Version::Coll => None,
            _ => self.fixed(HEADER_V2_START),
        }
    }

    /// The COL3+ shadow-mesh header; `None` for COLL and COL2.
    pub fn shadow_header(&self) -> Option<&'a raw::ShadowHeader> {
        match self.head.version() {
            Version::Col3 | Version::Col4 => self.fixed(SHADOW_HEADER_START),
            Version::Coll | Version::Col2 => None,
        }
    }

    /// COL4's extra header word (its meaning is unknown); `None` before COL4.
    pub fn col4_extra(&self) -> Option<u32> {
        match self.head.version() {
            Version::Col4 => self.fixed::<U32>(COL4_EXTRA_START).map(|w| w.get()),
            _ => None,
        }
    }

    /// The header record at model byte `at` (inside the header the parser checked).
    fn fixed<T: wire::Record>(&self, at: usize) -> Option<&'a T> {
        self.head.fixed(at)
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
    /// the COL2+ section `col2` (an index into [`COL2_SECTIONS`](super::layout::COL2_SECTIONS), or
    /// [`COL2_FACE_GROUPS`]).
    fn records<V1, V2>(&self, coll: usize, col2: usize) -> Records<'a, V1, V2>
    where
        V1: wire::Record,
        V2: wire::Record,
    {
        let (bytes, count) = self.section_bytes(
            coll,
            col2,
            const { record_len::<V1>() },
            const { record_len::<V2>() },
        );
        match self.head.version() {
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
        let record_len = match self.head.version() {
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
                self.head.bytes().get(at..at.checked_add(len)?)?,
                usize::try_from(count).ok()?,
            ))
        });
        wire::validated(records).unwrap_or((&[], 0))
    }

    /// Where a section's records start in the model's bytes, and how many there are.
    fn place(&self, coll: usize, col2: usize) -> Option<(usize, u32)> {
        let (offset, count) = match self.head.version() {
            Version::Coll => return coll_place(self.head.bytes(), coll),
            version => col2_place(
                self.head.bytes(),
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
    /// [`Options::allow_coll_slack`](super::Options::allow_coll_slack) accepted (0 otherwise).
    pub fn unparsed_tail(&self) -> usize {
        match self.head.version() {
            Version::Coll => coll_position(self.head.bytes(), COLL_NONE)
                .map_or(0, |end| self.len().saturating_sub(end)),
            _ => 0,
        }
    }

    /// Byte offset in the buffer of `section`'s stored record count (see
    /// `count_field` in [`layout`](super::layout)); the size field where the
    /// section has none. Where a lint about a count points.
    pub(super) fn count_field(&self, section: Section) -> usize {
        let at = count_field(self.head.bytes(), self.head.version(), section).unwrap_or(FIELD_SIZE);
        self.head.offset().saturating_add(at)
    }
}
