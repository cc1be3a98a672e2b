//! Stage `layout` (after `raw`): where things lie in a model: the header fields that
//! hold each section's offset and count, the record strides, and the arithmetic that
//! finds each section.
//!
//! The parser ([`validate`](super::validate)) runs this arithmetic and reports why
//! it fails; the accessors ([`Model`](super::Model)) run it again on bytes where it
//! cannot fail.

use core::mem::offset_of;

use crate::wire;

use super::raw;
use super::{Flags, Section, Version};

/// Model-relative layout shared by every version: name block, then 40 bytes of bounds.
pub(super) const NAME_BLOCK: usize = offset_of!(raw::ModelHeader, name);
pub(super) const BOUNDS_START: usize = size_of::<raw::ModelHeader>();
pub(super) const BOUNDS_END: usize = BOUNDS_START + size_of::<raw::BoundsV1>();
/// Model-relative positions of the COL2+ headers that follow the bounds.
pub(super) const HEADER_V2_START: usize = BOUNDS_END;
pub(super) const SHADOW_HEADER_START: usize = HEADER_V2_START + size_of::<raw::HeaderV2>();
pub(super) const COL4_EXTRA_START: usize = SHADOW_HEADER_START + size_of::<raw::ShadowHeader>();
/// Model-relative positions of the COL2+ header fields ([`guide::gta`](crate::guide::gta)).
const FIELD_SPHERE_COUNT: u8 =
    model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, sphere_count));
const FIELD_BOX_COUNT: u8 = model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, box_count));
pub(super) const FIELD_FACE_COUNT: u8 =
    model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, face_count));
const FIELD_LINE_COUNT: u8 = model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, line_count));
pub(super) const FIELD_FLAGS: u8 = model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, flags));
const FIELD_SPHERE_OFFSET: u8 =
    model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, sphere_offset));
const FIELD_BOX_OFFSET: u8 = model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, box_offset));
const FIELD_LINE_OFFSET: u8 = model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, line_offset));
const FIELD_VERTEX_OFFSET: u8 =
    model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, vertex_offset));
pub(super) const FIELD_FACE_OFFSET: u8 =
    model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, face_offset));
const FIELD_PLANE_OFFSET: u8 =
    model_byte(HEADER_V2_START + offset_of!(raw::HeaderV2, triangle_plane_offset));
const FIELD_SHADOW_FACE_COUNT: u8 =
    model_byte(SHADOW_HEADER_START + offset_of!(raw::ShadowHeader, face_count));
const FIELD_SHADOW_VERTEX_OFFSET: u8 =
    model_byte(SHADOW_HEADER_START + offset_of!(raw::ShadowHeader, vertex_offset));
const FIELD_SHADOW_FACE_OFFSET: u8 =
    model_byte(SHADOW_HEADER_START + offset_of!(raw::ShadowHeader, face_offset));
/// The size field, blamed when the declared size is at fault.
pub(super) const FIELD_SIZE: usize = offset_of!(raw::ModelHeader, size);

/// A header position as the section table stores it (every header field lies in
/// the first 256 bytes; one past them fails to compile).
#[expect(
    clippy::cast_possible_truncation,
    reason = "the assertion bounds it, at compile time"
)]
const fn model_byte(at: usize) -> u8 {
    assert!(at <= u8::MAX as usize);
    at as u8
}

// The positions docs/formats/gta.md gives, against those the raw structs give
// above, and each version's header length against the structs that make it up.
const _: () = {
    assert!(FIELD_SIZE == 4 && NAME_BLOCK == 8 && BOUNDS_START == 32 && BOUNDS_END == 72);
    assert!(size_of::<raw::BoundsV2>() == size_of::<raw::BoundsV1>());
    assert!(HEADER_V2_START == 72 && SHADOW_HEADER_START == 108 && COL4_EXTRA_START == 120);
    assert!(FIELD_SPHERE_COUNT == 72 && FIELD_BOX_COUNT == 74 && FIELD_FACE_COUNT == 76);
    assert!(FIELD_LINE_COUNT == 78 && FIELD_FLAGS == 80);
    assert!(FIELD_SPHERE_OFFSET == 84 && FIELD_BOX_OFFSET == 88 && FIELD_LINE_OFFSET == 92);
    assert!(FIELD_VERTEX_OFFSET == 96 && FIELD_FACE_OFFSET == 100 && FIELD_PLANE_OFFSET == 104);
    assert!(FIELD_SHADOW_FACE_COUNT == 108);
    assert!(FIELD_SHADOW_VERTEX_OFFSET == 112 && FIELD_SHADOW_FACE_OFFSET == 116);
    assert!(OFFSET_ORIGIN == 4 && FACE_GROUP_FIRST == 24);
    assert!(Version::Coll.header_len() == BOUNDS_END);
    assert!(Version::Col2.header_len() == SHADOW_HEADER_START);
    assert!(Version::Col3.header_len() == COL4_EXTRA_START);
    assert!(Version::Col4.header_len() == COL4_EXTRA_START + size_of::<u32>());
};

/// The bytes a model with size field `size` declares: the size counts the bytes
/// after itself, so the FourCC and the size field add 8.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn declared_len(size: u32) -> u64 {
    u64::from(size).saturating_add(8)
}
/// COL2+ section offsets count from just after the FourCC.
pub(super) const OFFSET_ORIGIN: usize = offset_of!(raw::ModelHeader, size);
/// Offset of `first` inside a 28-byte face group.
pub(super) const FACE_GROUP_FIRST: usize = offset_of!(raw::FaceGroup, first);
/// Bytes of a face group.
pub(super) const FACE_GROUP_LEN: u8 = record_len::<raw::FaceGroup>();

/// COLL's five counted sections, by position in the file.
pub(super) const COLL_SPHERES: usize = 0;
pub(super) const COLL_LINES: usize = 1;
pub(super) const COLL_BOXES: usize = 2;
pub(super) const COLL_VERTICES: usize = 3;
pub(super) const COLL_FACES: usize = 4;
/// Past the last COLL section: where the sections end, and what COLL has none of.
pub(super) const COLL_NONE: usize = 5;
/// COLL's sections in file order, with their record sizes.
pub(super) const COLL_SECTIONS: [(Section, u8); COLL_NONE] = [
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
pub(super) const fn record_len<T>() -> u8 {
    let len = size_of::<T>();
    assert!(len <= u8::MAX as usize);
    len as u8
}

/// The little-endian number of `width` bytes (1, 2 or 4) at `bytes[at..]`. Not
/// inlined on bare metal: one copy reads every header field (a smaller reader on
/// the Cortex-M0, where an inlined unaligned read is nine instructions).
#[cfg_attr(target_os = "none", inline(never))]
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn read_le(bytes: &[u8], at: usize, width: usize) -> Option<u32> {
    match *bytes.get(at..at.checked_add(width)?)? {
        [a] => Some(a.into()),
        [a, b] => Some(u16::from_le_bytes([a, b]).into()),
        [a, b, c, d] => Some(u32::from_le_bytes([a, b, c, d])),
        _ => None,
    }
}

#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    read_le(bytes, at, 4)
}

/// The bytes of `count` records of `record_len` bytes; `None` past `u32::MAX`
/// (no section that long fits in a model, whose size is a u32).
///
/// Written without a widening multiply: the Cortex-M0 has none, and a checked
/// `u32` or `usize` multiply calls a 64-bit multiplication routine there (code,
/// and a frame at the deepest point of the parser's stack). Each 16-bit half of
/// `count` times a byte stays below 2^24. Hosts multiply (one instruction, and
/// a test of the overflow flag).
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn records_len(count: u32, record_len: u8) -> Option<usize> {
    let record_len = u32::from(record_len);
    if !cfg!(target_os = "none") {
        return usize::try_from(count.checked_mul(record_len)?).ok();
    }
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
pub(super) const COL2_SPHERES: usize = 0;
pub(super) const COL2_BOXES: usize = 1;
pub(super) const COL2_LINES: usize = 2;
pub(super) const COL2_FACES: usize = 4;
pub(super) const COL2_SHADOW_FACES: usize = 5;
pub(super) const COL2_VERTICES: usize = 6;
pub(super) const COL2_SHADOW_VERTICES: usize = 7;
/// Past the table: the face groups, found from the faces (see [`face_groups_at`]).
pub(super) const COL2_FACE_GROUPS: usize = 8;

/// Where a COL2+ section's record count comes from.
#[derive(Clone, Copy)]
pub(super) enum Count {
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
    #[cfg_attr(not(target_os = "none"), inline)]
    pub(super) fn read(self, model: &[u8]) -> Option<u32> {
        match self {
            Self::Stored { at, width } => read_le(model, at.into(), width.into()),
            Self::Unknown => Some(0),
            Self::Derived { .. } => None,
        }
    }
}

/// A COL2+ section as the header describes it.
#[derive(Clone, Copy)]
pub(super) struct Col2Entry {
    pub(super) section: Section,
    /// Model byte of the section's u32 offset, which counts from the model start + 4.
    pub(super) offset_at: u8,
    pub(super) count: Count,
    pub(super) record_len: u8,
    /// In the COL3+ shadow-mesh header, which COL2 lacks.
    pub(super) shadow: bool,
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

pub(super) const fn stored(at: u8, width: u8) -> Count {
    Count::Stored { at, width }
}

/// The COL2+ header's sections ([`guide::gta`](crate::guide::gta)), indexed by the `COL2_*` constants.
pub(super) const COL2_SECTIONS: [Col2Entry; COL2_FACE_GROUPS] = [
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

// Each index constant names the entry of its table it is used for.
const _: () = {
    assert!(matches!(COLL_SECTIONS[COLL_SPHERES].0, Section::Spheres));
    assert!(matches!(COLL_SECTIONS[COLL_LINES].0, Section::Lines));
    assert!(matches!(COLL_SECTIONS[COLL_BOXES].0, Section::Boxes));
    assert!(matches!(COLL_SECTIONS[COLL_VERTICES].0, Section::Vertices));
    assert!(matches!(COLL_SECTIONS[COLL_FACES].0, Section::Faces));
    assert!(matches!(
        COL2_SECTIONS[COL2_SPHERES].section,
        Section::Spheres
    ));
    assert!(matches!(COL2_SECTIONS[COL2_BOXES].section, Section::Boxes));
    assert!(matches!(COL2_SECTIONS[COL2_LINES].section, Section::Lines));
    assert!(matches!(COL2_SECTIONS[COL2_FACES].section, Section::Faces));
    assert!(matches!(
        COL2_SECTIONS[COL2_SHADOW_FACES].section,
        Section::ShadowFaces
    ));
    assert!(matches!(
        COL2_SECTIONS[COL2_VERTICES].section,
        Section::Vertices
    ));
    assert!(matches!(
        COL2_SECTIONS[COL2_SHADOW_VERTICES].section,
        Section::ShadowVertices
    ));
};

/// Where COLL section `n` starts (its count field), from the counts before it;
/// for `n` = [`COLL_NONE`], where the sections end. Model-relative.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn coll_position(model: &[u8], n: usize) -> Option<usize> {
    let mut pos = BOUNDS_END;
    for &(_, record_len) in COLL_SECTIONS.iter().take(n) {
        let len = records_len(read_u32(model, pos)?, record_len)?;
        pos = pos.checked_add(4)?.checked_add(len)?;
    }
    Some(pos)
}

/// Where `section`'s record count is stored, model-relative: COLL's count word
/// before the records, or the COL2+ header field. `None` for a count the version
/// derives (COL2+ vertex arrays, face groups), lacks, or does not hold in `model`.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn count_field(model: &[u8], version: Version, section: Section) -> Option<usize> {
    if version == Version::Coll {
        let n = COLL_SECTIONS.iter().position(|&(s, _)| s == section)?;
        return coll_position(model, n);
    }
    let entry = COL2_SECTIONS
        .iter()
        .find(|entry| entry.section == section)?;
    match entry.count {
        Count::Stored { at, .. } => Some(at.into()),
        Count::Unknown | Count::Derived { .. } => None,
    }
}

/// Where COLL section `n`'s records start, and their count. `None` past the last
/// section, or where the count is not inside `model`.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn coll_place(model: &[u8], n: usize) -> Option<(usize, u32)> {
    if n >= COLL_NONE {
        return None;
    }
    let pos = coll_position(model, n)?;
    Some((pos.checked_add(4)?, read_u32(model, pos)?))
}

/// COLL section `n`'s records. `None` past the last section, or where the count or
/// the records are not inside `model`.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn coll_section<T: wire::Record>(model: &[u8], n: usize) -> Option<&[T]> {
    let (at, count) = coll_place(model, n)?;
    wire::records_at(model, at, usize::try_from(count).ok()?)
}

/// The first `count` records of `T` in the bytes of a validated section.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn typed<T: wire::Record>(bytes: &[u8], count: usize) -> &[T] {
    wire::validated(wire::records_at(bytes, 0, count)).unwrap_or(&[])
}

/// The `count` records at COL2+ `offset` (from the model start + 4).
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn col2_records<T: wire::Record>(model: &[u8], offset: u32, count: u32) -> Option<&[T]> {
    let at = usize::try_from(offset).ok()?.checked_add(OFFSET_ORIGIN)?;
    wire::records_at(model, at, usize::try_from(count).ok()?)
}

/// Where COL2+ section `i` (a [`COL2_SECTIONS`] index, or [`COL2_FACE_GROUPS`])
/// lies: its offset, from the model start + 4, and its record count, with the
/// vertex arrays' counts taken from `vertex_counts` (vertices, shadow vertices).
/// `None` for a section the version lacks, or a field outside `model`.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn col2_place(
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
#[cfg_attr(not(target_os = "none"), inline)]
fn face_groups_at(model: &[u8]) -> Option<(u32, u32)> {
    face_groups_before(model, faces_with_groups(model)?)
}

/// The faces' offset, when face groups come before them (flag 8 and at least one
/// face); `None` otherwise.
#[cfg_attr(not(target_os = "none"), inline)]
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
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn face_groups_before(model: &[u8], faces_offset: u32) -> Option<(u32, u32)> {
    let count_offset = faces_offset.checked_sub(4)?;
    let count = read_u32(
        model.get(OFFSET_ORIGIN..)?,
        usize::try_from(count_offset).ok()?,
    )?;
    let len = u32::try_from(records_len(count, FACE_GROUP_LEN)?).ok()?;
    Some((count_offset.checked_sub(len)?, count))
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
