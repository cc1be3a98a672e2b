//! Face groups: the ranges [`face_group_ranges`] generates for a mesh, and
//! [`generate`], which writes them with the faces reordered to match.

use zerocopy::FromBytes;
use zerocopy::byteorder::little_endian::U16;

use super::error::WriteError;
use crate::gta::raw;
use crate::gta::records::{FaceGroup, Vec3};
use crate::math::zip3;
use crate::wire;

/// Meshes of more than this many faces get face groups when they are generated
/// (real files have them from about 80 faces on).
pub const FACE_GROUP_MIN_FACES: usize = 80;
/// A generated group is split in two while it holds more than this many faces, so
/// groups hold 25 to 50 faces (real files: about 30).
pub const FACE_GROUP_MAX_FACES: usize = 50;

/// The ranges of the face groups generated for a mesh of `faces` faces, in order:
/// none for 80 faces or fewer; otherwise the faces are halved (the first half
/// rounded down) while a range holds more than 50. The ranges are contiguous and
/// cover every face; which faces fall in which range is decided by [`write()`](fn@super::write),
/// which splits each range at the median of its faces' centres along the longest
/// axis of their box.
pub fn face_group_ranges(faces: usize) -> FaceGroupRanges {
    let mut ranges = FaceGroupRanges::default();
    if faces > FACE_GROUP_MIN_FACES {
        if let Ok(faces) = u32::try_from(faces) {
            // A stack of pending ranges: one per level of a tree of depth < 32.
            let _ = ranges.stack.try_push((0, faces));
        }
    }
    ranges
}

/// The face-group ranges of [`face_group_ranges`], and the splits that produce
/// them: a depth-first walk of the halving tree with a bounded stack, no recursion.
#[derive(Clone, Debug, Default)]
pub struct FaceGroupRanges {
    stack: arrayvec::ArrayVec<(u32, u32), 40>,
}

/// A step of the halving walk: a range split in two at `mid`, or a finished group.
#[derive(Clone, Copy, Debug)]
enum Node {
    Split { start: u32, mid: u32, end: u32 },
    Group { start: u32, end: u32 },
}

impl FaceGroupRanges {
    /// The next split or group, depth first, left half first.
    fn next_node(&mut self) -> Option<Node> {
        let (start, end) = self.stack.pop()?;
        let len = end.saturating_sub(start);
        if len as usize <= FACE_GROUP_MAX_FACES {
            return Some(Node::Group { start, end });
        }
        let mid = start.saturating_add(len / 2);
        // Two pushes after one pop: the stack grows by one per level, and a
        // range of at most 2^32 faces is halved at most 32 times.
        let pushed =
            self.stack.try_push((mid, end)).is_ok() && self.stack.try_push((start, mid)).is_ok();
        wire::validated(pushed.then_some(()))?;
        Some(Node::Split { start, mid, end })
    }
}

impl Iterator for FaceGroupRanges {
    /// A group's faces, `start..end` (exclusive end; the stored `last` is `end - 1`).
    type Item = core::ops::Range<u32>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Node::Group { start, end } = self.next_node()? {
                return Some(start..end);
            }
        }
    }
}

/// Writes generated face groups into `groups` and the faces, reordered to match,
/// into `faces` (the ranges of [`face_group_ranges`] for as many faces as `faces`
/// holds). The face slots serve as scratch: each first holds the index of the
/// source face it will receive, the slots of each range are split at the median
/// of their faces' centres along the longest axis of the centres' box, and then
/// each slot receives its face.
///
/// `centre` gives the sum of a source face's three vertices as written (three
/// times its centre), `faces_box` the box around the vertices of some source
/// faces as written, and `face` a source face as COL2+ stores it.
pub(super) fn generate(
    groups: &mut [u8],
    faces: &mut [u8],
    centre: impl Fn(usize) -> Vec3,
    faces_box: impl Fn(&mut dyn Iterator<Item = usize>) -> (Vec3, Vec3),
    face: impl Fn(usize) -> Result<raw::FaceV2, WriteError>,
) -> Result<(), WriteError> {
    let slots =
        wire::validated(<[raw::FaceV2]>::mut_from_bytes(faces).ok()).ok_or(WriteError::TooLarge)?;
    for (i, slot) in slots.iter_mut().enumerate() {
        let index = u16::try_from(i).map_err(|_| WriteError::TooLarge)?;
        *slot = raw::FaceV2 {
            indices: [U16::new(index), U16::ZERO, U16::ZERO],
            material: 0,
            light: 0,
        };
    }
    let source_face = |slot: &raw::FaceV2| {
        let [index, ..] = slot.indices;
        usize::from(index.get())
    };
    let slot_centre = |slot: &raw::FaceV2| centre(source_face(slot));

    let mut walk = face_group_ranges(slots.len());
    while let Some(node) = walk.next_node() {
        let Node::Split { start, mid, end } = node else {
            continue;
        };
        let (Ok(start), Ok(mid), Ok(end)) = (
            usize::try_from(start),
            usize::try_from(mid),
            usize::try_from(end),
        ) else {
            continue;
        };
        let Some(range) = wire::validated(slots.get_mut(start..end)) else {
            continue;
        };
        let mut bbox = Aabb::EMPTY;
        for slot in range.iter() {
            bbox.add(slot_centre(slot));
        }
        let axis = bbox.longest_axis();
        let nth = mid.saturating_sub(start);
        if nth < range.len() {
            range.select_nth_unstable_by(nth, |a, b| {
                component(slot_centre(a), axis).total_cmp(&component(slot_centre(b), axis))
            });
        }
    }

    let records = wire::validated(<[raw::FaceGroup]>::mut_from_bytes(groups).ok())
        .ok_or(WriteError::TooLarge)?;
    for (record, range) in records.iter_mut().zip(face_group_ranges(slots.len())) {
        let (Ok(start), Ok(end)) = (usize::try_from(range.start), usize::try_from(range.end))
        else {
            continue;
        };
        let members = slots.get(start..end).unwrap_or(&[]);
        let (min, max) = faces_box(&mut members.iter().map(source_face));
        *record = raw::FaceGroup::from(&FaceGroup {
            min,
            max,
            first: u16::try_from(range.start).map_err(|_| WriteError::TooLarge)?,
            last: u16::try_from(range.end.saturating_sub(1)).map_err(|_| WriteError::TooLarge)?,
        });
    }

    for slot in slots.iter_mut() {
        *slot = face(source_face(slot))?;
    }
    Ok(())
}

/// A box grown point by point.
#[derive(Clone, Copy, Debug)]
struct Aabb {
    min: Vec3,
    max: Vec3,
    any: bool,
}

impl Aabb {
    const EMPTY: Self = Self {
        min: [0.0; 3],
        max: [0.0; 3],
        any: false,
    };

    fn add(&mut self, p: Vec3) {
        if self.any {
            self.min = zip3(self.min, p, f32::min);
            self.max = zip3(self.max, p, f32::max);
        } else {
            *self = Self {
                min: p,
                max: p,
                any: true,
            };
        }
    }

    /// 0, 1 or 2: the axis along which the box is longest (the first of equals).
    fn longest_axis(&self) -> usize {
        let [x, y, z] = zip3(self.max, self.min, |hi, lo| hi - lo);
        if x >= y && x >= z {
            0
        } else if y >= z {
            1
        } else {
            2
        }
    }
}

fn component(v: Vec3, axis: usize) -> f32 {
    v.get(axis).copied().unwrap_or(0.0)
}
