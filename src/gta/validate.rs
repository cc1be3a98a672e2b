//! Stage `validate` (after `col2`): the parser's file, the checks
//! [`Model::parse`](super::Model::parse) runs, once, on each model:
//! every rule of [`guide::gta`](crate::guide::gta), reported as an [`Error`] at the byte at fault.

use crate::wire;
use zerocopy::byteorder::little_endian::U32;

use super::col2::{
    self, Breach, GroupBreach, derived_vertex_count, face_groups_start, section_end,
};
use super::error::{Error, ErrorKind};
use super::header::Header;
use super::layout::{
    BOUNDS_END, COL2_FACE_GROUPS, COL2_SECTIONS, COL2_SHADOW_FACES, COLL_FACES, COLL_SECTIONS,
    COLL_VERTICES, Count, FACE_GROUP_FIRST, FACE_GROUP_LEN, FIELD_FACE_COUNT, FIELD_FACE_OFFSET,
    FIELD_FLAGS, FIELD_SIZE, OFFSET_ORIGIN, col2_place, col2_records, coll_place, coll_section,
    declared_len, read_le, read_u32, records_len,
};
use super::raw;
use super::view::Model;
use super::{Options, Section, Version, saturate_u32};

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
}

impl<'a> Header<'a> {
    /// Checks the model's sections (every rule of [`guide::gta`](crate::guide::gta), as
    /// [`Model::parse`]) and returns the model. Error offsets are positions in the
    /// buffer the header was read from.
    ///
    /// A header read under [`Options::allow_size_past_end`] whose size overruns the
    /// buffer fails here with [`ErrorKind::SizePastEnd`] unless `options` allow it too.
    pub fn parse(&self, options: Options) -> Result<Model<'a>, Error> {
        if self.is_truncated() && !options.allow_size_past_end {
            return Err(size_past_end(self.offset(), self.size(), self.len()));
        }
        check_at(*self, options)
    }
}

/// Parses the model whose FourCC is at `buf[start]`. Every error offset is an
/// absolute position in `buf`.
pub(crate) fn parse_at(buf: &[u8], start: usize, options: Options) -> Result<Model<'_>, Error> {
    check_at(frame_at(buf, start, options)?, options)
}

/// Checks the framing of the model whose FourCC is at `buf[start]`: a known
/// FourCC, a size that holds the version's header, and the model inside `buf`
/// (or cut at its end, under [`Options::allow_size_past_end`]).
#[cfg_attr(not(target_os = "none"), inline)]
pub(crate) fn frame_at(buf: &[u8], start: usize, options: Options) -> Result<Header<'_>, Error> {
    let at = |relative: usize| start.saturating_add(relative);
    let rest = buf.get(start..).unwrap_or_default();
    let (fourcc, size) = match rest {
        [a, b, c, d, s0, s1, s2, s3, ..] => {
            ([*a, *b, *c, *d], u32::from_le_bytes([*s0, *s1, *s2, *s3]))
        }
        _ => return Err(truncated(start, 8, rest.len())),
    };
    let version = Version::from_fourcc(fourcc)
        .ok_or_else(|| Error::new(start, ErrorKind::BadMagic { found: fourcc }))?;
    if size < 24 {
        return Err(Error::new(at(FIELD_SIZE), ErrorKind::SizeTooSmall { size }));
    }
    let declared_len = declared_len(size);
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
        None => return Err(size_past_end(start, size, rest.len())),
    };
    if model.len() < header_len {
        return Err(truncated(start, header_len, rest.len()));
    }
    Ok(Header::new(start, model, version))
}

/// Checks the sections of a model whose framing [`frame_at`] accepted.
pub(crate) fn check_at(head: Header<'_>, options: Options) -> Result<Model<'_>, Error> {
    let (model, start, version) = (head.bytes(), head.offset(), head.version());
    let (vertex_count, shadow_vertex_count) = if version == Version::Coll {
        check_coll(model, start, head.size(), options)?;
        (0, 0)
    } else {
        match col2::col2(model, version) {
            Some(counts) => counts,
            None => check_col2(model, start, version)?,
        }
    };
    Ok(Model::new(
        start,
        model,
        version,
        vertex_count,
        shadow_vertex_count,
    ))
}

/// Where `count` records of `record_len` bytes from `start` end, all on the offset
/// scale (model start + 4); [`ErrorKind::SectionPastModelEnd`] at `field` when they
/// run past `limit`, where the model ends on that scale.
///
/// Always inlined on bare metal: out of line, its `Result` return deepened the
/// parser's stack on the Cortex-M0 from 476 to 544 bytes, past the 512-byte budget.
#[cfg_attr(target_os = "none", inline(always))]
fn records_end(
    field: usize,
    section: Section,
    record_len: u8,
    count: u32,
    start: usize,
    limit: usize,
) -> Result<usize, Error> {
    records_len(count, record_len)
        .and_then(|len| start.checked_add(len))
        .filter(|&end| end <= limit)
        .ok_or_else(|| {
            Error::new(
                field,
                ErrorKind::SectionPastModelEnd {
                    section,
                    record_len,
                    count,
                    start,
                    limit,
                },
            )
        })
}

/// [`ErrorKind::SizePastEnd`] for the model at `start`, blamed on its size field.
fn size_past_end(start: usize, size: u32, available: usize) -> Error {
    Error::new(
        start.saturating_add(FIELD_SIZE),
        ErrorKind::SizePastEnd { size, available },
    )
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
        // The records start after the count field: on the offset scale, that is
        // the count field's model-relative position.
        let end = records_end(here, section, record_len, count, pos, limit)?;
        // Model-relative again: the next count field follows the records.
        pos = end.saturating_add(OFFSET_ORIGIN);
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
pub(super) fn check_col2(
    model: &[u8],
    start: usize,
    version: Version,
) -> Result<(u32, u32), Error> {
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
                    .and_then(|(at, n)| col2_records(model, at, n))
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
    // Each section's span, found once for both derived arrays' tests.
    let spans: [Option<Span>; COL2_FACE_GROUPS + 1] =
        core::array::from_fn(|i| body.span(i, vertex_counts));
    for (i, entry) in COL2_SECTIONS.iter().enumerate() {
        if let Count::Derived { .. } = entry.count {
            body.check_clear(i, entry.offset_at.into(), vertex_counts, &spans)?;
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
    /// Checks the offset rules of [`guide::gta`](crate::guide::gta) ([`section_end`], which the
    /// straight line runs too) for `count` records of `record_len` bytes at
    /// `offset`, and names the rule broken.
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
        // `size + 4` on the offset scale (or the buffer's end, for a lenient overrun).
        let limit = self.model.len().saturating_sub(OFFSET_ORIGIN);
        let kind = match section_end(offset, count, record_len, self.header_end, limit) {
            Ok(_) => return Ok(()),
            Err(Breach::MissingOffset) => ErrorKind::MissingOffset { section, count },
            Err(Breach::OffsetInHeader) => ErrorKind::OffsetInHeader {
                section,
                offset,
                header_end: self.header_end,
            },
            Err(Breach::PastEnd) => ErrorKind::SectionPastModelEnd {
                section,
                record_len,
                count,
                start: usize::try_from(offset).unwrap_or(usize::MAX),
                limit,
            },
        };
        Err(Error::new(at, kind))
    }

    /// Checks the face groups ([`face_groups_start`], which the straight line
    /// runs too), and names the rule broken.
    #[cfg_attr(target_os = "none", inline(never))]
    fn face_groups(&self) -> Result<(), Error> {
        let model = self.model;
        // The header fields lie inside the header the caller checked.
        let flags = read_u32(model, FIELD_FLAGS.into()).unwrap_or(0);
        let faces = read_le(model, FIELD_FACE_COUNT.into(), 2)
            .and_then(|n| u16::try_from(n).ok())
            .unwrap_or(0);
        let faces_offset = read_u32(model, FIELD_FACE_OFFSET.into()).unwrap_or(0);
        let (field, kind) =
            match face_groups_start(model, flags, faces.into(), faces_offset, self.header_end) {
                Ok(_) => return Ok(()),
                Err(GroupBreach::OutsideModel { count }) => (
                    usize::from(FIELD_FACE_OFFSET),
                    ErrorKind::FaceGroupsOutsideModel {
                        count,
                        faces_offset,
                    },
                ),
                Err(GroupBreach::Range {
                    start,
                    group,
                    first,
                    last,
                }) => {
                    let group = saturate_u32(group);
                    // The group's `first` field, 24 bytes into it; +4 converts the
                    // offset scale.
                    let field = (start as usize)
                        .saturating_add(records_len(group, FACE_GROUP_LEN).unwrap_or(usize::MAX))
                        .saturating_add(FACE_GROUP_FIRST + OFFSET_ORIGIN);
                    let kind = ErrorKind::FaceGroupRange {
                        group,
                        first,
                        last,
                        faces,
                    };
                    (field, kind)
                }
            };
        Err(Error::new(self.start.saturating_add(field), kind))
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
    /// offset field; `spans` holds every section's [`span`](Self::span).
    fn check_clear(
        &self,
        mine: usize,
        field: usize,
        vertex_counts: (u32, u32),
        spans: &[Option<Span>],
    ) -> Result<(), Error> {
        let Some(span) = spans.get(mine).copied().flatten() else {
            return Ok(());
        };
        for (other, other_span) in spans.iter().enumerate() {
            let Some(other_span) = other_span.filter(|_| other != mine) else {
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
