//! Stage `error` (after `content`): why a GTA `.col` buffer was rejected, and where.

use core::fmt;

use super::layout::declared_len;
use super::{Section, Version};
use crate::wire;

/// A malformed GTA collision buffer: the byte offset of the field at fault and what
/// was expected there.
///
/// Offsets are absolute positions in the buffer that was handed to
/// [`Models`](super::Models) (or to [`Model::parse`](super::Model::parse)), so they
/// can be looked up directly in a hex editor.
pub type Error = crate::wire::Error<ErrorKind>;

crate::wire::error_kind! {
    /// What was wrong with the bytes at [`Error::offset`].
    ///
    /// Section positions (`offset`, `start`, `limit`, `other_start`, `other_end`,
    /// `faces_offset`) are, as in the file, counted from the model start + 4, just
    /// after the FourCC.
    ///
    /// `repr(u32)`: the discriminant is a whole word, so an error moves as whole words;
    /// with a one-byte tag, the Cortex-M0 build copied the bytes after it with calls to
    /// `memcpy` (600 bytes of code).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    #[repr(u32)]
    pub enum ErrorKind, magic [u8; 4] {
        /// Trailing zero padding after the last model contains a non-zero byte (the
        /// error offset is that byte). Strict only: the games stop reading after the
        /// last model, and so does [`Options::stop_at_unknown_fourcc`](super::Options).
        NonZeroPadding {
            /// The byte found.
            found: u8,
        },
        /// Where another model would start, after one that was read, bytes that are
        /// neither a FourCC nor zero padding (at the first buffer position,
        /// [`BadMagic`](Self::BadMagic) says the buffer holds no model). Strict only:
        /// the games stop reading there, and so does
        /// [`Options::stop_at_unknown_fourcc`](super::Options).
        UnknownFourCc {
            /// The four bytes found, zero-filled past the end of the buffer.
            found: [u8; 4],
        },
        /// The size field is below 24, the length of the name block it always includes.
        SizeTooSmall {
            /// The size field as stored.
            size: u32,
        },
        /// The model's declared end (`size + 8` from its start) lies past the buffer.
        /// Strict only: the games do not check it, and
        /// [`Options::allow_size_past_end`](super::Options) accepts it when every
        /// section lies inside the buffer.
        SizePastEnd {
            /// The size field as stored.
            size: u32,
            /// Bytes left in the buffer from the model start.
            available: usize,
        },
        /// The declared size is too small for the fixed header of the model's version.
        HeaderPastModelEnd {
            /// The model's version.
            version: Version,
            /// Bytes the fixed header needs (72, 108, 120 or 124).
            needed: usize,
            /// The size field as stored (the model declares `size + 8` bytes).
            size: u32,
        },
        /// A COLL section's count field lies past the end of the model.
        CountPastModelEnd {
            /// The section.
            section: Section,
            /// Where the model ends, relative to the model start + 4 (`size + 4`).
            limit: usize,
        },
        /// A section's records run past the end of the model: they end at
        /// `start + count × record_len`, after `limit`.
        SectionPastModelEnd {
            /// The section.
            section: Section,
            /// Bytes of one record (of this section, in this version).
            record_len: u8,
            /// Number of records.
            count: u32,
            /// Where the records start, relative to the model start + 4.
            start: usize,
            /// Where the model ends, on the same scale (`size + 4`).
            limit: usize,
        },
        /// A section offset points into the model's fixed header.
        OffsetInHeader {
            /// The section.
            section: Section,
            /// The offset as stored.
            offset: u32,
            /// Where the header ends, on the same scale (104, 116 or 120).
            header_end: u32,
        },
        /// A section has records but its offset is 0 ("absent"): the game would
        /// dereference a null pointer.
        MissingOffset {
            /// The section.
            section: Section,
            /// Number of records.
            count: u32,
        },
        /// A face refers to a vertex that does not exist.
        FaceIndexOutOfRange {
            /// The face list ([`Section::Faces`] or [`Section::ShadowFaces`]).
            section: Section,
            /// The face's position in its list.
            face: u32,
            /// The offending index.
            index: u32,
            /// Vertices available.
            vertex_count: u32,
        },
        /// The sections of a COLL model end before its size says it ends. Strict
        /// only: the games skip the bytes left, and so does
        /// [`Options::allow_coll_slack`](super::Options).
        SizeMismatch {
            /// Where the last section ends, relative to the model start.
            parsed_len: usize,
            /// The size field as stored (the model declares `size + 8` bytes).
            size: u32,
        },
        /// A COL2+ vertex array, sized by the largest face index + 1, shares bytes
        /// with another section. The array spans `start .. start + 6 × count`.
        VerticesOverlap {
            /// [`Section::Vertices`] or [`Section::ShadowVertices`].
            section: Section,
            /// The section it runs into.
            other: Section,
            /// Derived vertex count.
            count: u32,
            /// Where the array starts, relative to the model start + 4.
            start: u32,
            /// Where that section starts, on the same scale.
            other_start: u32,
            /// Where that section ends, on the same scale (saturated at `u32::MAX`).
            other_end: u32,
        },
        /// The face-group records, which end 4 bytes before the faces, would start
        /// inside the header or before the model.
        FaceGroupsOutsideModel {
            /// Face-group count, as stored at faces − 4.
            count: u32,
            /// Where the faces start, relative to the model start + 4.
            faces_offset: u32,
        },
        /// A face group's range is reversed or names faces that do not exist.
        FaceGroupRange {
            /// The group's position in its list.
            group: u32,
            /// First face, inclusive.
            first: u16,
            /// Last face, inclusive.
            last: u16,
            /// Faces in the model.
            faces: u16,
        },
    }
}

impl ErrorKind {
    /// `true` for what only [`Options::STRICT`](super::Options::STRICT) rejects:
    /// the games read such a file, and so does
    /// [`Options::LENIENT`](super::Options::LENIENT) (the CLI's `--lenient`), which
    /// reports what it let through. Where the game's handling does not depend on the
    /// rest of the file, the `Display` text ends by saying what the game does.
    ///
    /// [`SizePastEnd`](Self::SizePastEnd) is one: the lenient rule then requires
    /// every section of the model to lie inside the buffer.
    pub const fn is_lenient_readable(&self) -> bool {
        matches!(
            self,
            Self::NonZeroPadding { .. }
                | Self::UnknownFourCc { .. }
                | Self::SizePastEnd { .. }
                | Self::SizeMismatch { .. }
        )
    }

    /// What the game does with what [`ErrorKind::is_lenient_readable`] accepts,
    /// where that does not depend on the rest of the file: the end of the `Display`
    /// text.
    fn game_note(&self) -> &'static str {
        match self {
            Self::NonZeroPadding { .. } | Self::UnknownFourCc { .. } => {
                " (the game stops reading there)"
            }
            Self::SizeMismatch { .. } => " (the game reads this and skips the bytes left)",
            _ => "",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f)?;
        f.write_str(self.game_note())
    }
}

impl crate::wire::Error<ErrorKind> {
    /// `true` when only strict reading rejects the buffer: see
    /// [`ErrorKind::is_lenient_readable`].
    pub const fn is_lenient_readable(&self) -> bool {
        self.kind().is_lenient_readable()
    }
}

impl ErrorKind {
    /// What was wrong, without the note of [`ErrorKind::game_note`].
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Truncated { needed, available } => write!(
                f,
                "expected {needed} bytes of model header, found only {available}"
            ),
            Self::BadMagic { found } => {
                f.write_str(
                    "expected a model FourCC (COLL, COL2, COL3, COL4) or zero padding, found ",
                )?;
                crate::wire::write_magic(f, &found)
            }
            Self::NonZeroPadding { found } => write!(
                f,
                "expected only zero padding after the last model, found byte 0x{found:02x}"
            ),
            Self::UnknownFourCc { found } => {
                f.write_str(
                    "expected another model's FourCC (COLL, COL2, COL3, COL4) or zero padding \
                     after the last model, found ",
                )?;
                crate::wire::write_magic(f, &found)
            }
            Self::SizeTooSmall { size } => write!(
                f,
                "expected a model size of at least 24 (the name block), found {size}"
            ),
            Self::SizePastEnd { size, available } => write!(
                f,
                "expected the model to end inside the buffer: size {size} spans {} bytes, only {available} remain",
                declared_len(size)
            ),
            Self::HeaderPastModelEnd {
                version,
                needed,
                size,
            } => write!(
                f,
                "expected a size of at least {} for the {needed}-byte {version} header, found {size}",
                needed.saturating_sub(8),
            ),
            Self::CountPastModelEnd { section, limit } => write!(
                f,
                "expected the {section} count inside the model, but the model ends at offset {limit}"
            ),
            Self::SectionPastModelEnd {
                section,
                record_len,
                count,
                start,
                limit,
            } => write!(
                f,
                "expected the {count} {section} from offset {start} to end by the model end at offset {limit}, they end at {}",
                wire::span_end(wire::wide(start), count.into(), record_len.into())
            ),
            Self::OffsetInHeader {
                section,
                offset,
                header_end,
            } => write!(
                f,
                "expected the {section} offset to be at least {header_end} (the header end), found {offset}"
            ),
            Self::MissingOffset { section, count } => {
                write!(
                    f,
                    "expected an offset for the {count} {section}, found 0 (absent)"
                )
            }
            Self::FaceIndexOutOfRange {
                section,
                face,
                index,
                vertex_count,
            } => write!(
                f,
                "{section} #{face} refers to vertex {index}, expected less than {vertex_count}"
            ),
            Self::SizeMismatch { parsed_len, size } => write!(
                f,
                "expected the sections to end at the model size ({} bytes), they end at {parsed_len}",
                declared_len(size)
            ),
            Self::VerticesOverlap {
                section,
                count,
                start,
                other,
                other_start,
                other_end,
            } => write!(
                f,
                "expected the {count} {section} (largest face index + 1) at offsets {start}..{} to stay clear of the {other} at {other_start}..{other_end}",
                wire::span_end(
                    start.into(),
                    count.into(),
                    size_of::<super::raw::VertexV2>()
                )
            ),
            Self::FaceGroupsOutsideModel {
                count,
                faces_offset,
            } => write!(
                f,
                "expected the {count} face groups before the faces at offset {faces_offset} to lie after the header, they would start before it"
            ),
            Self::FaceGroupRange {
                group,
                first,
                last,
                faces,
            } => write!(
                f,
                "face group #{group} covers faces {first}..={last}, expected first <= last < {faces}"
            ),
        }
    }
}
