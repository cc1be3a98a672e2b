//! Stage `col2` (after `view`): the COL2/COL3/COL4 section rules in one straight line,
//! for hosts, and the engine's vertex count of a COL2+ mesh.
//!
//! The table path ([`check_col2`](super::validate::check_col2)) walks a table
//! of the header's sections, so that one copy of each rule serves every
//! section (the Cortex-M0 reader must fit in 6 KiB) and each error can name
//! its field. On a host that walk is about half of what
//! [`check`](super::check) costs a model: each field is found through the
//! table and read with its own bounds check, and each section's place is
//! worked out again for the overlap tests.
//!
//! [`col2`] is the same table expanded at compile time: one call per
//! [`COL2_SECTIONS`] entry, each with its entry as a constant (a const generic
//! index), reading the header as a fixed-size array, so every field position,
//! count width, record length and shadow-mesh flag comes from the one table in
//! [`layout`](super::layout) and no field read needs a bounds check. Both paths
//! run the one copy of the section rule, [`section_end`], and of the face-group
//! rule, [`face_groups_start`], each of which answers with the values or the
//! rule broken, which the table path names in its error. The straight line only
//! ever answers "valid, with these vertex counts" or `None`; on `None` the table
//! path runs from the start and finds and names the error, so every error still
//! comes from one place. The unit tests also hold the two paths to the same
//! answer on random models, valid and broken.

use zerocopy::byteorder::little_endian::U16;
use zerocopy::{FromBytes, IntoBytes};

use crate::wire;

use super::layout::{
    COL2_FACE_GROUPS, COL2_FACES, COL2_SECTIONS, COL2_SHADOW_FACES, COL2_SHADOW_VERTICES,
    COL2_VERTICES, COL4_EXTRA_START, Count, FACE_GROUP_LEN, FIELD_FLAGS, OFFSET_ORIGIN,
    SHADOW_HEADER_START, col2_records, read_le, read_u32, records_len,
};
use super::raw::{self, FaceGroup};
use super::{Flags, Version};

/// Whether the straight-line check runs: not on bare metal, where the table
/// path alone keeps the reader inside its Cortex-M0 budget.
const ENABLED: bool = !cfg!(target_os = "none");

/// Where a section's records lie, `start..end` on the offset scale (model start
/// + 4); [`Span::NONE`] for a section without records, which overlaps nothing.
#[derive(Clone, Copy)]
struct Span {
    start: u64,
    end: u64,
}

impl Span {
    const NONE: Self = Self { start: 0, end: 0 };

    /// Whether the two share a byte.
    const fn overlaps(self, other: Self) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// Which rule of a COL2+ section [`section_end`] found broken.
#[derive(Clone, Copy)]
pub(super) enum Breach {
    /// Records at offset 0 ("absent").
    MissingOffset,
    /// An offset inside the header.
    OffsetInHeader,
    /// Records past the model's end.
    PastEnd,
}

/// The rule every section of a COL2+ header follows ([`guide::gta`](crate::guide::gta)), the one
/// copy both paths run: offset 0 ("absent") with no records, or `count` records of
/// `record_len` bytes from `offset`, at or past `header_end`, to at most `limit`
/// (all on the offset scale, model start + 4). Where the records end; `None` for
/// an absent section.
#[inline(always)]
pub(super) fn section_end(
    offset: u32,
    count: u32,
    record_len: u8,
    header_end: u32,
    limit: usize,
) -> Result<Option<usize>, Breach> {
    if offset == 0 {
        // "Absent": the engine makes it a null pointer without looking at the count.
        return if count == 0 {
            Ok(None)
        } else {
            Err(Breach::MissingOffset)
        };
    }
    if offset < header_end {
        return Err(Breach::OffsetInHeader);
    }
    let start = usize::try_from(offset).unwrap_or(usize::MAX);
    records_len(count, record_len)
        .and_then(|len| start.checked_add(len))
        .filter(|&end| end <= limit)
        .map(Some)
        .ok_or(Breach::PastEnd)
}

/// The bounds every section of the header is checked against.
struct Limits {
    /// The first offset past the header.
    header_end: u32,
    /// `size + 4` on the offset scale (or the buffer's end, for a lenient overrun).
    limit: usize,
}

impl Limits {
    /// [`section_end`]'s rule: the span of `count` records of `record_len` bytes at
    /// `offset`, or `None` when a rule fails.
    #[inline(always)]
    fn section(&self, offset: u32, count: u32, record_len: u8) -> Option<Span> {
        let end = section_end(offset, count, record_len, self.header_end, self.limit).ok()?;
        Some(match end {
            Some(end) if count > 0 => Span {
                start: offset.into(),
                end: u64::try_from(end).ok()?,
            },
            _ => Span::NONE,
        })
    }
}

/// The vertex and shadow-vertex counts of a COL2+ model that breaks no section
/// rule; `None` when one is broken (or on bare metal), and the table path must
/// say which.
#[cfg_attr(not(target_os = "none"), inline)]
pub(super) fn col2(model: &[u8], version: Version) -> Option<(u32, u32)> {
    if !ENABLED {
        return None;
    }
    let limits = Limits {
        header_end: u32::try_from(version.header_len().checked_sub(OFFSET_ORIGIN)?).ok()?,
        limit: model.len().checked_sub(OFFSET_ORIGIN)?,
    };
    // The table path saturates section ends at u32::MAX: exact below this limit.
    if u32::try_from(limits.limit).is_err() {
        return None;
    }
    // COL2's header ends where COL3's shadow-mesh fields start.
    if version.has_shadow_mesh() {
        sections::<COL4_EXTRA_START>(model.first_chunk()?, model, &limits)
    } else {
        sections::<SHADOW_HEADER_START>(model.first_chunk()?, model, &limits)
    }
}

/// [`col2`] for a header of `N` bytes (the shadow-mesh entries only when it
/// holds them): every [`COL2_SECTIONS`] entry, then the face groups.
#[inline(always)]
fn sections<const N: usize>(header: &[u8; N], model: &[u8], limits: &Limits) -> Option<(u32, u32)> {
    // One entry a call, in table order; the array's length holds this list to
    // the table's.
    let placed: [Placed; COL2_FACE_GROUPS] = [
        entry::<0, N>(header, model, limits)?,
        entry::<1, N>(header, model, limits)?,
        entry::<2, N>(header, model, limits)?,
        entry::<3, N>(header, model, limits)?,
        entry::<4, N>(header, model, limits)?,
        entry::<5, N>(header, model, limits)?,
        entry::<6, N>(header, model, limits)?,
        entry::<7, N>(header, model, limits)?,
    ];
    let faces = const { COL2_SECTIONS[COL2_FACES] };
    let faces_offset = read_u32(header, faces.offset_at.into())?;
    let groups = match face_groups_start(
        model,
        read_u32(header, FIELD_FLAGS.into())?,
        faces.count.read(header)?,
        faces_offset,
        limits.header_end,
    )
    .ok()?
    {
        // They end at their count word, which ends at the faces.
        Some(start) => Span {
            start: start.into(),
            end: faces_offset.into(),
        },
        None => Span::NONE,
    };
    // A derived vertex array shares no byte with any other section (tested
    // without a branch a section, which the compiler unrolls).
    for i in DERIVED {
        let mine = placed.get(i)?.span;
        let overlapped = placed
            .iter()
            .enumerate()
            .fold(groups.overlaps(mine), |hit, (j, other)| {
                hit | (j != i && mine.overlaps(other.span))
            });
        if overlapped {
            return None;
        }
    }
    let count = |i: usize| placed.get(i).map(|placed| placed.count);
    Some((count(COL2_VERTICES)?, count(COL2_SHADOW_VERTICES)?))
}

/// The [`COL2_SECTIONS`] entries whose count is derived (the vertex arrays).
#[expect(
    clippy::indexing_slicing,
    reason = "evaluated at compile time, where an index out of range fails the build"
)]
const DERIVED: [usize; 2] = {
    let mut derived = [0; 2];
    let (mut i, mut n) = (0, 0);
    while i < COL2_SECTIONS.len() {
        if let Count::Derived { .. } = COL2_SECTIONS[i].count {
            derived[n] = i;
            n += 1;
        }
        i += 1;
    }
    assert!(n == derived.len());
    derived
};

// The counts `sections` returns are those of the derived entries, each from the
// faces the table names for it.
const _: () = {
    assert!(DERIVED[0] == COL2_VERTICES && DERIVED[1] == COL2_SHADOW_VERTICES);
    assert!(matches!(
        COL2_SECTIONS[COL2_VERTICES].count,
        Count::Derived { faces: COL2_FACES }
    ));
    assert!(matches!(
        COL2_SECTIONS[COL2_SHADOW_VERTICES].count,
        Count::Derived {
            faces: COL2_SHADOW_FACES
        }
    ));
};

/// A section that keeps the rules: its span, and its record count.
#[derive(Clone, Copy)]
struct Placed {
    span: Span,
    count: u32,
}

/// [`COL2_SECTIONS`] entry `I`, read from a header of `N` bytes: its span and
/// count, a derived count found from the faces it names; `None` when it breaks
/// a rule (or its fields lie past the header). A shadow-mesh entry is absent
/// from a header without the shadow mesh.
#[inline(always)]
#[expect(
    clippy::indexing_slicing,
    reason = "in a const block: an entry index out of range fails the build"
)]
fn entry<const I: usize, const N: usize>(
    header: &[u8; N],
    model: &[u8],
    limits: &Limits,
) -> Option<Placed> {
    let entry = const { COL2_SECTIONS[I] };
    if entry.shadow && N < COL4_EXTRA_START {
        return Some(Placed {
            span: Span::NONE,
            count: 0,
        });
    }
    let offset = read_u32(header, entry.offset_at.into())?;
    let count = match entry.count {
        Count::Stored { at, width } => read_le(header, at.into(), width.into())?,
        Count::Unknown => 0,
        Count::Derived { faces } => {
            let faces = COL2_SECTIONS.get(faces)?;
            let at = read_u32(header, faces.offset_at.into())?;
            let count = faces.count.read(header)?;
            // Offsets count from the model start + 4 (an absent section, at 0,
            // has no records; the faces' own entry checks the rest).
            let at = usize::try_from(at).ok()?.checked_add(OFFSET_ORIGIN)?;
            let (records, _) = <[raw::FaceV2]>::ref_from_prefix_with_elems(
                model.get(at..)?,
                usize::try_from(count).ok()?,
            )
            .ok()?;
            derived_vertex_count(records)
        }
    };
    Some(Placed {
        span: limits.section(offset, count, entry.record_len)?,
        count,
    })
}

/// Which rule of a COL2+ model's face groups [`face_groups_start`] found broken.
#[derive(Clone, Copy)]
pub(super) enum GroupBreach {
    /// Their count word or first record lies inside the header (or before the
    /// model); `count` is the count word, 0 where it cannot be read.
    OutsideModel { count: u32 },
    /// Group `group` (from 0) of those at `start` names faces `first..=last`
    /// that are not all there.
    Range {
        start: u32,
        group: usize,
        first: u16,
        last: u16,
    },
}

/// The rule of a COL2+ model's face groups ([`guide::gta`](crate::guide::gta)), the one copy
/// both paths run: with flag 8 in `flags` and at least one face (`face_count`),
/// a u32 count sits just before the faces at `faces_offset`, that many 28-byte
/// groups end at it, at or past `header_end`, and each names faces
/// `first <= last < face_count` (the engine loops `first..=last` without
/// checks). Where the groups start (offset scale, model start + 4; they run to
/// the faces, their count word included); `None` without them.
///
/// Given a count word inside `model`, the groups before it are too: they need
/// no section check of their own.
#[inline(always)]
pub(super) fn face_groups_start(
    model: &[u8],
    flags: u32,
    face_count: u32,
    faces_offset: u32,
    header_end: u32,
) -> Result<Option<u32>, GroupBreach> {
    if !Flags(flags).has_face_groups() || face_count == 0 {
        return Ok(None);
    }
    // On the offset scale the count word lies at `faces - 4`: model byte `faces`
    // (byte 4 at least, where a count word before the model is looked for).
    let count_at = usize::try_from(faces_offset).unwrap_or(usize::MAX);
    let Some(count) = read_u32(model, count_at.max(OFFSET_ORIGIN)) else {
        return Err(GroupBreach::OutsideModel { count: 0 });
    };
    let len = records_len(count, FACE_GROUP_LEN).and_then(|len| u32::try_from(len).ok());
    // At or past the header's end (so is their count word, after them).
    let start = match (faces_offset.checked_sub(4), len) {
        (Some(count_offset), Some(len)) => count_offset.checked_sub(len),
        _ => None,
    };
    let start = match start {
        Some(start) if start >= header_end => start,
        _ => return Err(GroupBreach::OutsideModel { count }),
    };
    let groups: &[FaceGroup] = wire::validated(col2_records(model, start, count)).unwrap_or(&[]);
    for (group, g) in groups.iter().enumerate() {
        let (first, last) = (g.first.get(), g.last.get());
        if first > last || u32::from(last) >= face_count {
            return Err(GroupBreach::Range {
                start,
                group,
                first,
                last,
            });
        }
    }
    Ok(Some(start))
}

/// The engine's vertex count for a COL2+ mesh: largest face index + 1, 0 without faces.
///
/// Most of the time [`check`](super::check) takes is this scan, so on hosts it
/// is written for the vectoriser, in the one shape it handles well: the faces as
/// a flat run of u16 words, 64 at a time (16 faces), each folded into its own
/// lane of 64 maxima (see [`fold_lanes`]). A face is four words (three indices,
/// then material and light), and every chunk starts on a face, so lane `k`
/// always holds word `k % 4` of its faces: the lanes of the fourth word are
/// simply left out at the end, instead of masking every word in the loop (a
/// third of its instructions). The max is signed (the top bit flipped), which
/// SSE2 has and its unsigned max lacks; the `+ 1` comes once, after the loop.
/// Arrays of 2 to 15 faces take the same path 8 words at a time. On bare metal
/// the plain loop is smaller. Out of line on hosts, where its 64 lanes get the
/// registers to themselves.
#[cfg_attr(not(target_os = "none"), inline(never))]
pub(super) fn derived_vertex_count(faces: &[raw::FaceV2]) -> u32 {
    // Four 16-bit words a face, as the lanes below assume.
    const _: () = assert!(size_of::<raw::FaceV2>() == 4 * size_of::<U16>());
    if cfg!(target_os = "none") {
        return derived_vertex_count_plain(faces);
    }
    let words = <[U16]>::ref_from_bytes(faces.as_bytes()).unwrap_or_default();
    let top = if let Some(last) = words.last_chunk::<64>() {
        top_index(fold_lanes(words, last), zerocopy::transmute!(KEEP))
    } else if let (Some(last), Some(keep)) = (words.last_chunk::<8>(), KEEP.first_chunk::<2>()) {
        top_index(fold_lanes(words, last), zerocopy::transmute!(*keep))
    } else {
        // One face, or none.
        return derived_vertex_count_plain(faces);
    };
    u32::from(u16::from_ne_bytes(top.to_ne_bytes()) ^ 0x8000).saturating_add(1)
}

/// The largest word of `words`, top bit flipped, lane by lane: `N` words at a
/// time, then `last` (the last `N` words) once more, which folds the words past
/// the last whole chunk and, overlapping, some already folded (a max does not
/// mind). Each chunk starts on a face, as `last` does: `N` and `words.len()`
/// are whole faces. The chunk loop has one exit and no tail branch: its exit
/// is the one branch the varying array lengths make mispredict.
fn fold_lanes<const N: usize>(words: &[U16], last: &[U16; N]) -> [i16; N] {
    fn fold<const N: usize>(lanes: &mut [i16; N], words: &[U16]) {
        for (lane, word) in lanes.iter_mut().zip(words) {
            *lane = (*lane).max(i16::from_ne_bytes((word.get() ^ 0x8000).to_ne_bytes()));
        }
    }
    let mut lanes = [i16::MIN; N];
    for chunk in words.chunks_exact(N) {
        fold(&mut lanes, chunk);
    }
    fold(&mut lanes, last);
    lanes
}

/// The largest of [`fold_lanes`]' lanes that hold face indices: lane `k`
/// holds word `k % 4`, and word 3 (material and light) is dropped to the
/// floor by `keep`, which is [`KEEP`] of the lanes' length. (A branch on
/// `k % 4` here instead would not vectorise.)
fn top_index<const N: usize>(lanes: [i16; N], keep: [i16; N]) -> i16 {
    lanes
        .iter()
        .zip(keep)
        .map(|(max, keep)| (*max).min(keep))
        .fold(i16::MIN, i16::max)
}

/// Per lane of [`fold_lanes`], the most it may contribute to [`top_index`]:
/// everything for the three index words of a face, nothing for the fourth.
const KEEP: [[i16; 4]; 16] = [[i16::MAX, i16::MAX, i16::MAX, i16::MIN]; 16];

/// [`derived_vertex_count`] face by face.
fn derived_vertex_count_plain(faces: &[raw::FaceV2]) -> u32 {
    let mut count = 0;
    for face in faces {
        for index in &face.indices {
            count = count.max(u32::from(index.get()).saturating_add(1));
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gta::validate::check_col2;
    use crate::test_rng::Rng;

    /// Room for the largest model [`model`] lays out.
    const ROOM: usize = 4096;

    fn put(buf: &mut [u8], at: usize, bytes: &[u8]) {
        buf[at..at + bytes.len()].copy_from_slice(bytes);
    }

    /// The face-group rule on bytes laid out by hand: where the groups start,
    /// or which rule they break, with the values the table path's error names.
    #[test]
    fn the_face_group_rule_names_what_breaks() {
        let rule = |model: &[u8], flags, faces| face_groups_start(model, flags, faces, 164, 104);
        // Two groups from offset 104 (model byte 108), faces 0..=1 and 2..=2,
        // their count at offset 160, the faces at offset 164.
        let mut model = [0u8; 256];
        put(&mut model, 164, &2u32.to_le_bytes());
        put(&mut model, 108 + 24, &[0, 0, 1, 0]);
        put(&mut model, 136 + 24, &[2, 0, 2, 0]);
        assert!(matches!(rule(&model, 8, 3), Ok(Some(104))));
        // Without flag 8, or without faces, there are none.
        assert!(matches!(rule(&model, 0, 3), Ok(None)));
        assert!(matches!(rule(&model, 8 | 2, 0), Ok(None)));
        // Two faces: group 1 names face 2.
        assert!(matches!(
            rule(&model, 8, 2),
            Err(GroupBreach::Range {
                start: 104,
                group: 1,
                first: 2,
                last: 2
            })
        ));
        // A third group would start inside the header.
        put(&mut model, 164, &3u32.to_le_bytes());
        assert!(matches!(
            rule(&model, 8, 3),
            Err(GroupBreach::OutsideModel { count: 3 })
        ));
        // A count word past the model's end reads as 0.
        assert!(matches!(
            rule(&model[..166], 8, 3),
            Err(GroupBreach::OutsideModel { count: 0 })
        ));
    }

    /// Lays out `count` records of `len` bytes at `pos` and writes the offset
    /// field (0 for an empty section, some of the time); returns where they start.
    fn section(
        rng: &mut Rng,
        buf: &mut [u8],
        pos: &mut usize,
        field: usize,
        count: usize,
        len: usize,
    ) -> usize {
        let offset = if count > 0 || rng.below(3) == 0 {
            *pos - 4
        } else {
            0
        };
        put(buf, field, &(offset as u32).to_le_bytes());
        let at = *pos;
        *pos += count * len;
        at
    }

    /// A COL2+ model as the games' tools lay it out: header, spheres, boxes,
    /// lines, vertices, face groups and their count, faces, shadow vertices,
    /// shadow faces, each section present or not, the face indices below the
    /// vertex count and the groups naming faces that exist. Returns its length.
    fn model(rng: &mut Rng, version: Version, buf: &mut [u8; ROOM]) -> usize {
        buf.fill(0);
        put(buf, 0, &version.fourcc());
        let mut pos = version.header_len();
        let spheres = rng.below(3);
        put(buf, 72, &(spheres as u16).to_le_bytes());
        section(rng, buf, &mut pos, 84, spheres, 20);
        let boxes = rng.below(3);
        put(buf, 74, &(boxes as u16).to_le_bytes());
        section(rng, buf, &mut pos, 88, boxes, 28);
        let lines = rng.below(2);
        buf[78] = lines as u8;
        section(rng, buf, &mut pos, 92, lines, 32);
        let vertices = rng.pick(&[0, 1, 3, 9, 40, 100]);
        section(rng, buf, &mut pos, 96, vertices, 6);
        // Real files pad the vertices to 4 bytes.
        pos += rng.below(2) * 2;
        let faces = if vertices == 0 {
            0
        } else {
            rng.pick(&[0, 1, 2, 7, 16, 17, 40, 90])
        };
        let groups = if faces > 0 && rng.below(2) == 0 {
            rng.below(5)
        } else {
            0
        };
        if faces > 0 && (groups > 0 || rng.below(4) == 0) {
            put(buf, 80, &8u32.to_le_bytes());
            for g in 0..groups {
                let first = rng.below(faces) as u16;
                let last = first + rng.below(faces - first as usize) as u16;
                put(buf, pos + 28 * g + 24, &first.to_le_bytes());
                put(buf, pos + 28 * g + 26, &last.to_le_bytes());
            }
            pos += 28 * groups;
            put(buf, pos, &(groups as u32).to_le_bytes());
            pos += 4;
        }
        put(buf, 76, &(faces as u16).to_le_bytes());
        let faces_at = section(rng, buf, &mut pos, 100, faces, 8);
        fill_faces(rng, buf, faces_at, faces, vertices);
        if version.has_shadow_mesh() {
            let vertices = rng.pick(&[0, 0, 1, 5, 30]);
            section(rng, buf, &mut pos, 112, vertices, 6);
            pos += rng.below(2) * 2;
            let faces = if vertices == 0 {
                0
            } else {
                rng.pick(&[1usize, 3, 20, 33])
            };
            put(buf, 108, &(faces as u32).to_le_bytes());
            let faces_at = section(rng, buf, &mut pos, 116, faces, 8);
            fill_faces(rng, buf, faces_at, faces, vertices);
        }
        put(buf, 4, &((pos - 8) as u32).to_le_bytes());
        pos
    }

    /// `count` faces at `at`, indices below `vertices` (one of them the last
    /// vertex, unless the model keeps spare vertices), material and light random.
    fn fill_faces(rng: &mut Rng, buf: &mut [u8], at: usize, count: usize, vertices: usize) {
        let top = if rng.below(8) == 0 {
            vertices.saturating_sub(1).max(1)
        } else {
            vertices
        };
        for f in 0..count {
            let mut face = [0u8; 8];
            for i in 0..3 {
                put(&mut face, 2 * i, &(rng.below(top) as u16).to_le_bytes());
            }
            face[6] = rng.next() as u8;
            face[7] = rng.next() as u8;
            put(buf, at + 8 * f, &face);
        }
        if count > 0 {
            let f = rng.below(count);
            let i = rng.below(3);
            put(buf, at + 8 * f + 2 * i, &((top - 1) as u16).to_le_bytes());
        }
    }

    /// One to three changes a broken file could hold: a header field moved by
    /// a little or set to a value of its own, a byte anywhere, or the model cut.
    fn break_model(rng: &mut Rng, buf: &mut [u8; ROOM], len: &mut usize, version: Version) {
        let fields: &[usize] = &[72, 74, 76, 78, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116];
        for _ in 0..=rng.below(3) {
            match rng.below(7) {
                6 => {
                    // The faces moved so that their groups start near the
                    // header's end: `k` bytes past it, before it, or on it.
                    let header_end = version.header_len() - 4;
                    let groups = rng.below(3);
                    let k = rng.pick(&[-2isize, -1, 0, 1]);
                    let faces = (header_end + 28 * groups + 4).wrapping_add_signed(k);
                    put(buf, 80, &8u32.to_le_bytes());
                    put(buf, 100, &(faces as u32).to_le_bytes());
                    put(buf, faces, &(groups as u32).to_le_bytes());
                }
                0..=2 => {
                    let field = rng.pick(fields);
                    if field >= version.header_len() {
                        continue;
                    }
                    let old = u32::from_le_bytes(buf[field..field + 4].try_into().unwrap());
                    let delta = rng.pick(&[1u32, 2, 4, 6, 8, 28, 0x8000, 0x1_0000]);
                    let new = match rng.below(5) {
                        0 => old.wrapping_add(delta),
                        1 => old.wrapping_sub(delta),
                        2 => 0,
                        3 => rng.next() as u32,
                        _ => u32::from_le_bytes(buf[rng.pick(fields)..][..4].try_into().unwrap()),
                    };
                    let width = match field {
                        72 | 74 | 76 => 2,
                        78 => 1,
                        _ => 4,
                    };
                    put(buf, field, &new.to_le_bytes()[..width]);
                }
                3..=4 => {
                    let at = rng.below(*len);
                    let any = rng.next() as u8;
                    buf[at] = rng.pick(&[0, 1, 0x7F, 0x80, 0xFF, any]);
                }
                _ => {
                    let most = rng.pick(&[1, 2, 6, 64]);
                    *len -= rng.below(*len - version.header_len() + 1).min(most);
                }
            }
        }
    }

    /// The straight line and the table agree on every model, valid or broken:
    /// the same vertex counts, or both refuse it. (`col2` refusing what the
    /// table accepts would only be slower; it must not happen on these
    /// models either, so that the fast path is the one that runs.)
    #[test]
    fn the_straight_line_and_the_table_agree() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut buf = [0u8; ROOM];
        let (mut valid, mut broken) = (0, 0);
        for round in 0..20_000 * crate::test_rng::scale() {
            let version = [Version::Col2, Version::Col3, Version::Col4][round % 3];
            let mut len = model(&mut rng, version, &mut buf);
            let intact = rng.below(3) == 0;
            if intact {
                assert!(check_col2(&buf[..len], 0, version).is_ok(), "round {round}");
            } else {
                break_model(&mut rng, &mut buf, &mut len, version);
            }
            let model = &buf[..len];
            let table = check_col2(model, 0, version).ok();
            assert_eq!(
                col2(model, version),
                table,
                "round {round}: {version}, {len} bytes"
            );
            if table.is_some() {
                valid += 1;
            } else {
                broken += 1;
            }
        }
        assert!(
            valid > 8_000 * crate::test_rng::scale() && broken > 5_000 * crate::test_rng::scale(),
            "{valid} valid, {broken} broken"
        );
    }

    fn face(indices: [u16; 3], material: u8, light: u8) -> raw::FaceV2 {
        raw::FaceV2 {
            indices: indices.map(U16::new),
            material,
            light,
        }
    }

    /// The vectorised scan agrees with the face-by-face one on every length
    /// around the 16-face chunk, with the largest index in every position, and is
    /// never swayed by material and light (which are often larger than any index).
    #[test]
    fn derived_vertex_count_matches_the_plain_scan() {
        let mut rng = crate::test_rng::Rng(0x2545_F491_4F6C_DD1D);
        let mut next = move || rng.next();
        for len in 0..70 {
            for top in [0, 1, 255, 256, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF] {
                let mut faces: arrayvec::ArrayVec<raw::FaceV2, 70> = (0..len)
                    .map(|_| {
                        let r = next();
                        let i = |s: u32| (r >> s) as u16 % top.max(1);
                        face([i(0), i(16), i(32)], 0xFF, 0xFF)
                    })
                    .collect();
                if let Some(f) = faces.get_mut((next() as usize) % len.max(1)) {
                    f.indices[(next() % 3) as usize] = U16::new(top);
                }
                let expected = derived_vertex_count_plain(&faces);
                assert_eq!(
                    derived_vertex_count(&faces),
                    expected,
                    "len {len} top {top}"
                );
                if len > 0 {
                    assert_eq!(expected, u32::from(top) + 1, "len {len} top {top}");
                }
            }
        }
    }
}
