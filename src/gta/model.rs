//! One collision model: parsing (every check happens here, once) and the view.

use zerocopy::byteorder::little_endian::U32;
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
/// Every accessor is infallible and allocation-free: [`Model::parse`] already
/// checked that each section lies inside the model, that every face index names an
/// existing vertex and that every face group names existing faces.
#[derive(Clone, Copy, Debug)]
pub struct Model<'a> {
    offset: usize,
    version: Version,
    bytes: &'a [u8],
    header: &'a raw::ModelHeader,
    name_block: &'a [u8; 24],
    sections: Sections<'a>,
}

/// Everything whose layout depends on the version, built whole by
/// [`parse_coll`] or [`parse_col2`].
#[derive(Clone, Copy, Debug)]
struct Sections<'a> {
    bounds: RawBounds<'a>,
    header_v2: Option<&'a raw::HeaderV2>,
    shadow_header: Option<&'a raw::ShadowHeader>,
    col4_extra: Option<&'a U32>,
    spheres: Spheres<'a>,
    lines: Lines<'a>,
    boxes: &'a [raw::CollisionBox],
    vertices: Vertices<'a>,
    faces: Faces<'a>,
    face_groups: &'a [raw::FaceGroup],
    shadow_vertices: &'a [raw::VertexV2],
    shadow_faces: &'a [raw::FaceV2],
    unparsed_tail: usize,
}

/// Model-relative layout shared by every version: name block, then 40 bytes of bounds.
const NAME_BLOCK: core::ops::Range<usize> = 8..32;
const BOUNDS_START: usize = 32;
const BOUNDS_END: usize = 72;
/// Model-relative positions of the COL2+ header fields, for error offsets.
const FIELD_SPHERE_OFFSET: usize = 84;
const FIELD_BOX_OFFSET: usize = 88;
const FIELD_LINE_OFFSET: usize = 92;
const FIELD_VERTEX_OFFSET: usize = 96;
const FIELD_FACE_OFFSET: usize = 100;
const FIELD_PLANE_OFFSET: usize = 104;
const FIELD_SHADOW_VERTEX_OFFSET: usize = 112;
const FIELD_SHADOW_FACE_OFFSET: usize = 116;
/// The size field, blamed when the declared size is at fault.
const FIELD_SIZE: usize = 4;
/// Bytes of a COL2+ vertex.
const VERTEX_V2_LEN: u64 = size_of::<raw::VertexV2>() as u64;
/// Offset of `first` inside a 28-byte face group.
const FACE_GROUP_FIRST: usize = 24;

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
        self.header.size.get()
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
    pub const fn header(&self) -> &'a raw::ModelHeader {
        self.header
    }

    /// The name: the bytes before the first NUL, searched within 24 bytes for COLL
    /// (III/VC read 24) and 22 bytes for COL2+ (SA reads 22, then the model id).
    /// Genuine files have junk after the NUL and 22-byte names with no NUL at all.
    pub fn name(&self) -> &'a [u8] {
        let block: &'a [u8] = match self.version {
            Version::Coll => self.name_block,
            _ => &self.header.name,
        };
        let end = block.iter().position(|&b| b == 0).unwrap_or(block.len());
        block.get(..end).unwrap_or(block)
    }

    /// The whole 24-byte name block (model bytes 8..32), junk after the NUL included.
    pub const fn name_block(&self) -> &'a [u8; 24] {
        self.name_block
    }

    /// The u16 at model byte 30: SA's model id. Junk in COLL files and often bogus
    /// elsewhere; expose it, never trust it.
    pub fn model_id(&self) -> u16 {
        self.header.model_id.get()
    }

    /// Decoded bounds.
    pub fn bounds(&self) -> Bounds {
        match self.sections.bounds {
            RawBounds::Coll(b) => b.decode(),
            RawBounds::Col2(b) => b.decode(),
        }
    }

    /// Bounds as stored.
    pub const fn raw_bounds(&self) -> RawBounds<'a> {
        self.sections.bounds
    }

    /// COL2+ header flags; empty for COLL, which has none.
    pub fn flags(&self) -> Flags {
        Flags(self.sections.header_v2.map_or(0, |h| h.flags.get()))
    }

    /// The COL2+ header (counts, flags, offsets); `None` for COLL.
    pub const fn header_v2(&self) -> Option<&'a raw::HeaderV2> {
        self.sections.header_v2
    }

    /// The COL3+ shadow-mesh header; `None` for COLL and COL2.
    pub const fn shadow_header(&self) -> Option<&'a raw::ShadowHeader> {
        self.sections.shadow_header
    }

    /// COL4's extra header word (its meaning is unknown); `None` before COL4.
    pub fn col4_extra(&self) -> Option<u32> {
        self.sections.col4_extra.map(|w| w.get())
    }

    /// Collision spheres.
    pub const fn spheres(&self) -> Spheres<'a> {
        self.sections.spheres
    }

    /// Axis-aligned collision boxes (same layout in every version).
    pub const fn boxes(&self) -> Boxes<'a> {
        self.tagged(self.sections.boxes)
    }

    /// Lines (COLL's unused section; COL2+ suspension lines).
    pub const fn lines(&self) -> Lines<'a> {
        self.sections.lines
    }

    /// Mesh vertices. COLL stores the count; for COL2+ it is derived as the
    /// largest face index + 1 (0 without faces), the engine's own rule.
    pub const fn vertices(&self) -> Vertices<'a> {
        self.sections.vertices
    }

    /// Mesh faces; every index is below [`vertices`](Self::vertices)`.len()`.
    pub const fn faces(&self) -> Faces<'a> {
        self.sections.faces
    }

    /// COL2+ face groups (present when flag 8 is set); each range lies within the faces.
    pub const fn face_groups(&self) -> FaceGroups<'a> {
        self.tagged(self.sections.face_groups)
    }

    /// COL3+ shadow-mesh vertices, counted as the largest shadow-face index + 1.
    pub const fn shadow_vertices(&self) -> ShadowVertices<'a> {
        self.tagged(self.sections.shadow_vertices)
    }

    /// COL3+ shadow-mesh faces; every index is below `shadow_vertices().len()`.
    pub const fn shadow_faces(&self) -> ShadowFaces<'a> {
        self.tagged(self.sections.shadow_faces)
    }

    /// A section with one layout, tagged with the model's version like the others.
    const fn tagged<T>(&self, records: &'a [T]) -> Records<'a, T, T> {
        match self.version {
            Version::Coll => Records::Coll(records),
            _ => Records::Col2(records),
        }
    }

    /// Bytes between the end of a COLL model's last section and its declared end (or
    /// the buffer's end, for a size accepted past it), which
    /// [`Options::allow_coll_slack`] accepted (0 otherwise).
    pub const fn unparsed_tail(&self) -> usize {
        self.sections.unparsed_tail
    }

    /// Engine limits this model exceeds: the games may fail on it, but it is
    /// well-formed. See [`Lint`](super::Lint).
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }
}

/// Parses the model whose FourCC is at `buf[start]`. Every error offset is an
/// absolute position in `buf`.
pub(crate) fn parse_at(buf: &[u8], start: usize, options: Options) -> Result<Model<'_>, Error> {
    let at = |relative: usize| start.saturating_add(relative);
    let rest = buf.get(start..).unwrap_or_default();
    let (fourcc, size) = match rest {
        [a, b, c, d, s0, s1, s2, s3, ..] => {
            ([*a, *b, *c, *d], u32::from_le_bytes([*s0, *s1, *s2, *s3]))
        }
        _ => {
            return Err(Error::new(
                start,
                ErrorKind::Truncated {
                    needed: 8,
                    available: rest.len(),
                },
            ));
        }
    };
    let version = Version::from_fourcc(fourcc).ok_or(Error::new(
        start,
        ErrorKind::UnknownFourcc { found: fourcc },
    ))?;
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
                model_len: declared_len,
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
    let header_err = Error::new(
        start,
        ErrorKind::Truncated {
            needed: header_len,
            available: rest.len(),
        },
    );
    let (header, _) = raw::ModelHeader::ref_from_prefix(model).map_err(|_| header_err)?;
    let name_block = model
        .get(NAME_BLOCK)
        .and_then(|b| <&[u8; 24]>::try_from(b).ok())
        .ok_or(header_err)?;

    let sections = if version == Version::Coll {
        parse_coll(model, start, declared_len, options, header_err)?
    } else {
        parse_col2(model, start, version, header_err)?
    };
    Ok(Model {
        offset: start,
        version,
        bytes: model,
        header,
        name_block,
        sections,
    })
}

/// COLL: five counted sections back to back from byte 72; the sections must end
/// exactly at the declared size, and face indices must be below the stored
/// vertex count (not equal to max + 1: five genuine III models have spare vertices).
fn parse_coll<'a>(
    model: &'a [u8],
    start: usize,
    declared_len: u64,
    options: Options,
    header_err: Error,
) -> Result<Sections<'a>, Error> {
    let bounds = model
        .get(BOUNDS_START..)
        .and_then(|b| raw::BoundsV1::ref_from_prefix(b).ok())
        .ok_or(header_err)?
        .0;
    let mut cursor = Cursor {
        model,
        start,
        pos: BOUNDS_END,
    };
    let spheres = cursor.counted(Section::Spheres)?;
    let lines = cursor.counted(Section::Lines)?;
    let boxes = cursor.counted(Section::Boxes)?;
    let vertices: &[raw::VertexV1] = cursor.counted(Section::Vertices)?;
    let faces_pos = cursor.pos.saturating_add(4);
    let faces: &[raw::FaceV1] = cursor.counted(Section::Faces)?;

    let vertex_count = vertices.len();
    for (face, record) in faces.iter().enumerate() {
        for (k, index) in record.indices.iter().enumerate() {
            let index = index.get();
            if usize::try_from(index).map_or(true, |i| i >= vertex_count) {
                let field = faces_pos
                    .saturating_add(face.saturating_mul(size_of::<raw::FaceV1>()))
                    .saturating_add(k.saturating_mul(4));
                return Err(Error::new(
                    start.saturating_add(field),
                    ErrorKind::FaceIndexOutOfRange {
                        section: Section::Faces,
                        face: saturate_u32(face),
                        index,
                        vertex_count: saturate_u32(vertex_count),
                    },
                ));
            }
        }
    }

    let parsed_len = cursor.pos as u64;
    // The model's end in the buffer: `size + 8`, or the buffer's end when the lenient
    // size rule cut it there. That rule only excuses the bytes that are missing; bytes
    // that are present after the last section are slack like any other.
    let model_len = model.len() as u64;
    let mut unparsed_tail = 0;
    if parsed_len < model_len {
        if !options.allow_coll_slack {
            return Err(Error::new(
                start.saturating_add(FIELD_SIZE),
                ErrorKind::SizeMismatch {
                    parsed_len,
                    declared_len,
                },
            ));
        }
        unparsed_tail = usize::try_from(model_len.saturating_sub(parsed_len)).unwrap_or(usize::MAX);
    }
    Ok(Sections {
        bounds: RawBounds::Coll(bounds),
        header_v2: None,
        shadow_header: None,
        col4_extra: None,
        spheres: Records::Coll(spheres),
        lines: Records::Coll(lines),
        boxes,
        vertices: Records::Coll(vertices),
        faces: Records::Coll(faces),
        face_groups: &[],
        shadow_vertices: &[],
        shadow_faces: &[],
        unparsed_tail,
    })
}

/// Sequential reader of COLL's `count u32, records` sections.
struct Cursor<'a> {
    model: &'a [u8],
    start: usize,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn counted<T: FromBytes + KnownLayout + Immutable + Unaligned>(
        &mut self,
        section: Section,
    ) -> Result<&'a [T], Error> {
        let here = self.start.saturating_add(self.pos);
        let limit = (self.model.len() as u64).saturating_sub(4);
        let (count, rest) = self
            .model
            .get(self.pos..)
            .and_then(|r| U32::read_from_prefix(r).ok())
            .ok_or(Error::new(
                here,
                ErrorKind::CountPastModelEnd { section, limit },
            ))?;
        let count = count.get();
        let len = u64::from(count).saturating_mul(size_of::<T>() as u64);
        let records_start = self.pos.saturating_add(4);
        let past_end = Error::new(
            here,
            ErrorKind::SectionPastModelEnd {
                section,
                count,
                end: (records_start as u64).saturating_add(len).saturating_sub(4),
                limit,
            },
        );
        let (records, _) = usize::try_from(count)
            .ok()
            .and_then(|n| <[T]>::ref_from_prefix_with_elems(rest, n).ok())
            .ok_or(past_end)?;
        self.pos = records_start.saturating_add(core::mem::size_of_val(records));
        Ok(records)
    }
}

/// COL2/COL3/COL4: counts in a header, sections found through offsets relative to
/// the model start + 4, vertex counts derived from the faces.
fn parse_col2(
    model: &[u8],
    start: usize,
    version: Version,
    header_err: Error,
) -> Result<Sections<'_>, Error> {
    let (bounds, after_bounds) = model
        .get(BOUNDS_START..)
        .and_then(|b| raw::BoundsV2::ref_from_prefix(b).ok())
        .ok_or(header_err)?;
    let (h, after) = raw::HeaderV2::ref_from_prefix(after_bounds).map_err(|_| header_err)?;
    let (shadow_header, col4_extra) = match version {
        Version::Col3 | Version::Col4 => {
            let (shadow, after) =
                raw::ShadowHeader::ref_from_prefix(after).map_err(|_| header_err)?;
            let extra = match version {
                Version::Col4 => Some(U32::ref_from_prefix(after).map_err(|_| header_err)?.0),
                _ => None,
            };
            (Some(shadow), extra)
        }
        Version::Coll | Version::Col2 => (None, None),
    };
    let body = Body {
        // Offsets count from just after the FourCC.
        bytes: model.get(4..).unwrap_or_default(),
        start,
        header_end: saturate_u32(version.header_len().saturating_sub(4)),
    };

    // Sections with stored counts first: each check is O(1), so a broken header
    // fails before any scan.
    let spheres = body.section(
        Section::Spheres,
        FIELD_SPHERE_OFFSET,
        h.sphere_offset.get(),
        h.sphere_count.get().into(),
    )?;
    let boxes = body.section(
        Section::Boxes,
        FIELD_BOX_OFFSET,
        h.box_offset.get(),
        h.box_count.get().into(),
    )?;
    let lines = body.section(
        Section::Lines,
        FIELD_LINE_OFFSET,
        h.line_offset.get(),
        h.line_count.into(),
    )?;
    // The record count of triangle planes is unknown (the offset is 0 in every
    // real file): only the offset itself can be checked.
    body.section::<u8>(
        Section::TrianglePlanes,
        FIELD_PLANE_OFFSET,
        h.triangle_plane_offset.get(),
        0,
    )?;
    let faces: &[raw::FaceV2] = body.section(
        Section::Faces,
        FIELD_FACE_OFFSET,
        h.face_offset.get(),
        h.face_count.get().into(),
    )?;
    let shadow_faces: &[raw::FaceV2] = match shadow_header {
        Some(shadow) => body.section(
            Section::ShadowFaces,
            FIELD_SHADOW_FACE_OFFSET,
            shadow.face_offset.get(),
            shadow.face_count.get(),
        )?,
        None => &[],
    };

    // Then the vertex arrays, whose lengths the faces decide.
    let vertices: &[raw::VertexV2] = body.section(
        Section::Vertices,
        FIELD_VERTEX_OFFSET,
        h.vertex_offset.get(),
        derived_vertex_count(faces),
    )?;
    let shadow_vertices: &[raw::VertexV2] = match shadow_header {
        Some(shadow) => body.section(
            Section::ShadowVertices,
            FIELD_SHADOW_VERTEX_OFFSET,
            shadow.vertex_offset.get(),
            derived_vertex_count(shadow_faces),
        )?,
        None => &[],
    };

    let mut face_groups: &[raw::FaceGroup] = &[];
    let mut face_groups_span = None;
    if Flags(h.flags.get()).has_face_groups() && !faces.is_empty() {
        let (groups, groups_start) = body.face_groups(h.face_offset.get())?;
        check_face_groups(start, groups, groups_start, h.face_count.get())?;
        face_groups = groups;
        // The records and the count word after them, up to the faces.
        face_groups_span = Some(Span {
            section: Section::FaceGroups,
            start: groups_start.into(),
            end: h.face_offset.get().into(),
        });
    }

    // A derived vertex array must not run into any other section (FORMATS.md §1:
    // on real files the gap to the next section is 6 × count, or that + 2).
    let spans = [
        Span::of(Section::Spheres, h.sphere_offset.get(), spheres),
        Span::of(Section::Boxes, h.box_offset.get(), boxes),
        Span::of(Section::Lines, h.line_offset.get(), lines),
        Span::of(Section::Faces, h.face_offset.get(), faces),
        face_groups_span,
        shadow_header
            .and_then(|s| Span::of(Section::ShadowFaces, s.face_offset.get(), shadow_faces)),
        Span::of(Section::Vertices, h.vertex_offset.get(), vertices),
        shadow_header.and_then(|s| {
            Span::of(
                Section::ShadowVertices,
                s.vertex_offset.get(),
                shadow_vertices,
            )
        }),
    ];
    body.check_clear(Section::Vertices, FIELD_VERTEX_OFFSET, &spans)?;
    body.check_clear(Section::ShadowVertices, FIELD_SHADOW_VERTEX_OFFSET, &spans)?;

    Ok(Sections {
        bounds: RawBounds::Col2(bounds),
        header_v2: Some(h),
        shadow_header,
        col4_extra,
        spheres: Records::Col2(spheres),
        lines: Records::Col2(lines),
        boxes,
        vertices: Records::Col2(vertices),
        faces: Records::Col2(faces),
        face_groups,
        shadow_vertices,
        shadow_faces,
        unparsed_tail: 0,
    })
}

/// Where a present section lies, on the offset scale (model start + 4).
#[derive(Clone, Copy)]
struct Span {
    section: Section,
    start: u64,
    end: u64,
}

impl Span {
    /// The span of a section's records; `None` when it has none.
    fn of<T>(section: Section, offset: u32, records: &[T]) -> Option<Self> {
        let start = u64::from(offset);
        let end = start.saturating_add(core::mem::size_of_val(records) as u64);
        (!records.is_empty()).then_some(Self {
            section,
            start,
            end,
        })
    }
}

/// The engine's vertex count for a COL2+ mesh: largest face index + 1, 0 without faces.
fn derived_vertex_count(faces: &[raw::FaceV2]) -> u32 {
    faces
        .iter()
        .flat_map(|f| f.indices.iter())
        .map(|i| u32::from(i.get()).saturating_add(1))
        .max()
        .unwrap_or(0)
}

fn saturate_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A COL2+ model seen from just after its FourCC, the origin of every offset.
struct Body<'a> {
    bytes: &'a [u8],
    /// File offset of the model's FourCC.
    start: usize,
    /// First valid section offset.
    header_end: u32,
}

impl<'a> Body<'a> {
    /// `size + 4` on the offset scale (or the buffer's end, for a lenient overrun).
    fn limit(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// The `count` records of a section at `offset`, after checking the offset
    /// rules of FORMATS.md §1. `field` is the model-relative position of the
    /// offset field, blamed in errors.
    fn section<T: FromBytes + KnownLayout + Immutable + Unaligned>(
        &self,
        section: Section,
        field: usize,
        offset: u32,
        count: u32,
    ) -> Result<&'a [T], Error> {
        let at = self.start.saturating_add(field);
        if offset == 0 {
            // "Absent": the engine makes it a null pointer without looking at the count.
            return if count == 0 {
                Ok(&[])
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
        let end = u64::from(offset)
            .saturating_add(u64::from(count).saturating_mul(size_of::<T>() as u64));
        let past_end = Error::new(
            at,
            ErrorKind::SectionPastModelEnd {
                section,
                count,
                end,
                limit: self.limit(),
            },
        );
        let records = usize::try_from(offset)
            .ok()
            .and_then(|o| self.bytes.get(o..))
            .zip(usize::try_from(count).ok())
            .and_then(|(rest, n)| <[T]>::ref_from_prefix_with_elems(rest, n).ok())
            .ok_or(past_end)?
            .0;
        Ok(records)
    }

    /// Face groups have no offset: a u32 count sits at faces − 4 and the 28-byte
    /// records end there. Returns the groups and where they start (offset scale).
    fn face_groups(&self, faces_offset: u32) -> Result<(&'a [raw::FaceGroup], u32), Error> {
        let count_offset = faces_offset.saturating_sub(4);
        let count = usize::try_from(count_offset)
            .ok()
            .and_then(|o| self.bytes.get(o..))
            .and_then(|r| U32::read_from_prefix(r).ok())
            .map_or(0, |(c, _)| c.get());
        let outside = Error::new(
            self.start.saturating_add(FIELD_FACE_OFFSET),
            ErrorKind::FaceGroupsOutsideModel {
                count,
                faces_offset,
            },
        );
        if count_offset < self.header_end {
            return Err(outside);
        }
        let groups_len = u64::from(count).saturating_mul(size_of::<raw::FaceGroup>() as u64);
        let groups_start = u64::from(count_offset)
            .checked_sub(groups_len)
            .and_then(|s| u32::try_from(s).ok())
            .filter(|&s| s >= self.header_end)
            .ok_or(outside)?;
        let groups = self.section(Section::FaceGroups, FIELD_FACE_OFFSET, groups_start, count)?;
        Ok((groups, groups_start))
    }

    /// Checks that the derived vertex array `section` (if present) shares no byte
    /// with any other present section.
    fn check_clear(
        &self,
        section: Section,
        field: usize,
        spans: &[Option<Span>],
    ) -> Result<(), Error> {
        let Some(mine) = spans.iter().flatten().find(|s| s.section == section) else {
            return Ok(());
        };
        let clash = spans.iter().flatten().find(|other| {
            other.section != section && other.start < mine.end && mine.start < other.end
        });
        match clash {
            None => Ok(()),
            Some(other) => Err(Error::new(
                self.start.saturating_add(field),
                ErrorKind::VerticesOverlap {
                    section,
                    count: saturate_u32(
                        usize::try_from(mine.end.saturating_sub(mine.start) / VERTEX_V2_LEN)
                            .unwrap_or(usize::MAX),
                    ),
                    start: mine.start,
                    end: mine.end,
                    other: other.section,
                    other_start: other.start,
                    other_end: other.end,
                },
            )),
        }
    }
}

/// The engine loops `first..=last` without checks: require `first <= last < faces`.
fn check_face_groups(
    model_start: usize,
    groups: &[raw::FaceGroup],
    groups_start: u32,
    faces: u16,
) -> Result<(), Error> {
    for (i, g) in groups.iter().enumerate() {
        let (first, last) = (g.first.get(), g.last.get());
        if first > last || last >= faces {
            // The `first` field: 24 bytes into the group; +4 converts the offset scale.
            let field = (groups_start as usize)
                .saturating_add(i.saturating_mul(size_of::<raw::FaceGroup>()))
                .saturating_add(FACE_GROUP_FIRST + 4);
            return Err(Error::new(
                model_start.saturating_add(field),
                ErrorKind::FaceGroupRange {
                    group: saturate_u32(i),
                    first,
                    last,
                    faces,
                },
            ));
        }
    }
    Ok(())
}
