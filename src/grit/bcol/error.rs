//! Why a `BCOL` buffer was rejected, and where ([`guide::grit`](crate::guide::grit)).

use core::fmt;

use crate::wire::write_truncated;

/// A malformed BCOL file: the byte offset of the offending field and what was
/// expected there.
pub type Error = crate::wire::Error<ErrorKind>;

/// A section of the file: one array of records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Section {
    /// Convex hulls, 16 bytes each.
    Hulls,
    /// Boxes, 48 bytes each.
    Boxes,
    /// Cylinders, 48 bytes each.
    Cylinders,
    /// Cones, 44 bytes each.
    Cones,
    /// Planes, 20 bytes each.
    Planes,
    /// Spheres, 20 bytes each.
    Spheres,
    /// Capsules: always empty (no layout exists for them).
    Capsules,
    /// The trimesh's vertices, 12 bytes each.
    Vertices,
    /// The trimesh's faces, 16 bytes each.
    Faces,
}

impl Section {
    /// Bytes per record.
    pub const fn record_len(self) -> usize {
        match self {
            Self::Hulls | Self::Faces => 16,
            Self::Boxes | Self::Cylinders => 48,
            Self::Cones => 44,
            Self::Planes | Self::Spheres => 20,
            Self::Capsules => 0,
            Self::Vertices => 12,
        }
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Hulls => "hulls",
            Self::Boxes => "boxes",
            Self::Cylinders => "cylinders",
            Self::Cones => "cones",
            Self::Planes => "planes",
            Self::Spheres => "spheres",
            Self::Capsules => "capsules",
            Self::Vertices => "trimesh vertices",
            Self::Faces => "trimesh faces",
        })
    }
}

crate::wire::error_kind! {
    /// What was wrong with the bytes at [`Error::offset`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ErrorKind, magic [u8; 8] {
        /// A section's records do not lie between the end of the header and the
        /// end of the file (at the section's offset field in the header).
        SectionOutOfBounds {
            /// Which section.
            section: Section,
            /// Its first byte.
            start: u64,
            /// Just past its last byte (`start + count × record size`, never wrapped).
            end: u64,
            /// The file's length.
            file_len: usize,
        },
        /// A hull's vertices do not lie between the end of the header and the end
        /// of the file (at the hull's `vertex_offset` field).
        HullVerticesOutOfBounds {
            /// The hull, in stored order.
            hull: u32,
            /// Their first byte.
            start: u64,
            /// Just past their last byte.
            end: u64,
            /// The file's length.
            file_len: usize,
        },
        /// A non-zero capsule count (at byte 100): no capsule layout exists, the
        /// engine never reads them, and its converter always writes 0.
        Capsules {
            /// The count stored.
            count: u32,
        },
        /// A material offset that points outside the string table, the bytes
        /// after the last section (at the material field).
        MaterialOutsideTable {
            /// The section of the record.
            section: Section,
            /// The record, in stored order.
            index: u32,
            /// Where it points (record offset + stored value).
            target: u64,
            /// Where the string table starts.
            table_start: usize,
            /// The file's length (where the table ends).
            file_len: usize,
        },
        /// A material offset that points into the middle of a string rather than
        /// at its first byte (at the material field): what the engine's converter
        /// bug produces; no known writer shares string tails.
        MaterialInsideString {
            /// The section of the record.
            section: Section,
            /// The record, in stored order.
            index: u32,
            /// Where it points.
            target: usize,
        },
        /// A material string with no NUL before the end of the file (at the
        /// material field).
        MaterialUnterminated {
            /// The section of the record.
            section: Section,
            /// The record, in stored order.
            index: u32,
            /// Where the string starts.
            target: usize,
        },
        /// A material string that is not UTF-8 (at the material field).
        MaterialInvalidUtf8 {
            /// The section of the record.
            section: Section,
            /// The record, in stored order.
            index: u32,
            /// Where the string starts.
            target: usize,
        },
        /// Material offsets stored the way the engine's own converter wrongly
        /// writes them ([`guide::grit`](crate::guide::grit): hulls relative to their vertex offset, boxes
        /// off by 16 × hull count); read them with
        /// [`Options::LENIENT`](super::Options::LENIENT). At the first material field
        /// the repair reads differently (see the module docs for the detection).
        GritMaterialOffsets {
            /// [`Section::Hulls`] or [`Section::Boxes`].
            section: Section,
            /// The record whose offset was found wrong first.
            index: u32,
        },
        /// A face index that names no trimesh vertex (at the index field).
        FaceIndexOutOfRange {
            /// The face, in stored order.
            face: u32,
            /// The index stored.
            index: u32,
            /// The trimesh's vertex count.
            vertex_count: u32,
        },
    }
}

/// A record of a section, for messages: "box 3", "trimesh face 17".
struct Record(Section, u32);

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self(section, index) = self;
        f.write_str(match section {
            Section::Hulls => "hull",
            Section::Boxes => "box",
            Section::Cylinders => "cylinder",
            Section::Cones => "cone",
            Section::Planes => "plane",
            Section::Spheres => "sphere",
            Section::Capsules => "capsule",
            Section::Vertices => "trimesh vertex",
            Section::Faces => "trimesh face",
        })?;
        write!(f, " {index}")
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Truncated { needed, available } => {
                write_truncated(f, "header", needed, available)
            }
            Self::BadMagic { found } => {
                f.write_str("expected the file to start with \"BCOL1.0\\n\", found")?;
                for b in found {
                    write!(f, " {b:02x}")?;
                }
                Ok(())
            }
            Self::SectionOutOfBounds {
                section,
                start,
                end,
                file_len,
            } => write!(
                f,
                "expected the {section} between the 132-byte header and the end of the \
                 {file_len}-byte file, found them at bytes {start}..{end}"
            ),
            Self::HullVerticesOutOfBounds {
                hull,
                start,
                end,
                file_len,
            } => write!(
                f,
                "expected the vertices of hull {hull} between the 132-byte header and the end \
                 of the {file_len}-byte file, found them at bytes {start}..{end}"
            ),
            Self::Capsules { count } => write!(
                f,
                "expected no capsules (no layout exists for them), found a count of {count}"
            ),
            Self::MaterialOutsideTable {
                section,
                index,
                target,
                table_start,
                file_len,
            } => write!(
                f,
                "expected the material of {} in the string table (bytes {table_start}..{file_len}), \
                 found an offset to byte {target}",
                Record(section, index)
            ),
            Self::MaterialInsideString {
                section,
                index,
                target,
            } => write!(
                f,
                "expected the material of {} to start a string, found an offset into the middle \
                 of one (byte {target})",
                Record(section, index)
            ),
            Self::MaterialUnterminated {
                section,
                index,
                target,
            } => write!(
                f,
                "expected the material of {} (at byte {target}) to end with a NUL before the end \
                 of the file",
                Record(section, index)
            ),
            Self::MaterialInvalidUtf8 {
                section,
                index,
                target,
            } => write!(
                f,
                "expected the material of {} (at byte {target}) to be UTF-8",
                Record(section, index)
            ),
            Self::GritMaterialOffsets { section, index } => {
                write!(
                    f,
                    "found the material offsets of the {section} stored as Grit's converter \
                     wrongly writes them ("
                )?;
                f.write_str(if section == Section::Hulls {
                    "relative to the vertex offset"
                } else {
                    "off by 16 bytes per hull"
                })?;
                write!(
                    f,
                    ", first at {}) (the engine loads this file but reads these materials from \
                     the wrong bytes)",
                    Record(section, index)
                )
            }
            Self::FaceIndexOutOfRange {
                face,
                index,
                vertex_count,
            } => write!(
                f,
                "expected the indices of trimesh face {face} below the vertex count \
                 {vertex_count}, found {index}"
            ),
        }
    }
}
