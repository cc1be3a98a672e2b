//! Why a DRS container or `collisionShape` payload was rejected, and where.

use core::fmt;

/// A malformed DRS file or `collisionShape` payload: the byte offset of the field
/// at fault and what was expected there.
pub type Error = crate::wire::Error<ErrorKind>;

/// A signed field that must not be negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Field {
    /// The header's node information offset.
    NodeInfoOffset,
    /// The header's node hierarchy offset.
    NodeHierarchyOffset,
    /// A node's payload offset.
    PayloadOffset,
    /// A node's payload size.
    PayloadSize,
    /// A name length in the hierarchy.
    NameLength,
}

/// The three kinds of collision volume.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShapeKind {
    /// 72-byte boxes.
    Box,
    /// 64-byte spheres.
    Sphere,
    /// 68-byte cylinders.
    Cylinder,
}

crate::wire::error_kind! {
    /// What was wrong with the bytes at [`Error::offset`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ErrorKind, magic [u8; 4] {
        /// The node count is 0: there is not even the root.
        NoNodes,
        /// An offset, size or length is negative.
        Negative {
            /// Which field.
            field: Field,
            /// The value stored.
            value: i32,
        },
        /// The node information table runs past the end of the file.
        NodeTablePastEnd {
            /// Entries (the root included).
            count: u32,
            /// Where the table would end.
            end: u64,
            /// The file's length.
            file_len: usize,
        },
        /// A node hierarchy entry runs past the end of the file (its fixed fields
        /// or its name). When the root entry's three fixed words do not fit, the
        /// error's offset is the header's hierarchy offset field (12).
        HierarchyPastEnd {
            /// The entry, 0 for the root.
            entry: u32,
            /// Where it would end.
            end: u64,
            /// The file's length.
            file_len: usize,
        },
        /// A hierarchy entry names an information entry that does not exist (the
        /// root's is index 0, real nodes use 1 .. count − 1).
        InfoIndexOutOfRange {
            /// The hierarchy entry.
            entry: u32,
            /// The index stored.
            index: i32,
            /// Entries in the information table.
            count: u32,
        },
        /// A node's payload runs past the end of the file.
        PayloadPastEnd {
            /// The information entry.
            info_index: u32,
            /// Where the payload would end.
            end: u64,
            /// The file's length.
            file_len: usize,
        },
        /// The node named `collisionShape` has another class id.
        ClassMismatch {
            /// The information entry.
            info_index: u32,
            /// The class id stored.
            class_id: i32,
        },
        /// The first node with the collisionShape class id has another name.
        NameMismatch {
            /// The information entry.
            info_index: u32,
        },
        /// The payload version is not 1, the only layout known.
        UnsupportedVersion {
            /// The version byte.
            found: u8,
        },
        /// The payload ends before a count field.
        CountPastEnd {
            /// The shapes the count is for.
            shape: ShapeKind,
            /// The payload's size.
            size: usize,
        },
        /// A count's records run past the end of the payload (this is also where
        /// counts whose byte totals overflow end up).
        ShapesPastEnd {
            /// The shapes.
            shape: ShapeKind,
            /// The count stored.
            count: u32,
            /// Where the records would end, from the payload start.
            end: u64,
            /// The payload's size.
            size: usize,
        },
        /// The payload is not exactly `13 + 72 B + 64 S + 68 C` bytes: longer than its
        /// counts say, or empty ([`guide::battleforge`](crate::guide::battleforge): the size invariant is exact; a variant
        /// layout shows up here). A payload too short for its counts is
        /// [`ErrorKind::CountPastEnd`] or [`ErrorKind::ShapesPastEnd`].
        SizeMismatch {
            /// `13 + 72 B + 64 S + 68 C`.
            expected: u64,
            /// The payload's size.
            size: usize,
        },
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NodeInfoOffset => "node information offset",
            Self::NodeHierarchyOffset => "node hierarchy offset",
            Self::PayloadOffset => "payload offset",
            Self::PayloadSize => "payload size",
            Self::NameLength => "name length",
        })
    }
}

impl fmt::Display for ShapeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Box => "boxes",
            Self::Sphere => "spheres",
            Self::Cylinder => "cylinders",
        })
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Truncated { needed, available } => {
                crate::wire::write_truncated(f, "DRS header", needed, available)
            }
            Self::BadMagic { found } => {
                f.write_str("expected the DRS magic -981667554 (bytes 1e f1 7c c5), found ")?;
                crate::wire::write_magic(f, &found)
            }
            Self::NoNodes => f.write_str("expected a node count of at least 1 (the root), found 0"),
            Self::Negative { field, value } => {
                write!(f, "expected a {field} of at least 0, found {value}")
            }
            Self::NodeTablePastEnd {
                count,
                end,
                file_len,
            } => write!(
                f,
                "expected the node information table ({count} entries of 32 bytes) inside the file, it ends at {end}, past the {file_len}-byte file"
            ),
            Self::HierarchyPastEnd {
                entry,
                end,
                file_len,
            } => write!(
                f,
                "expected node hierarchy entry {entry} inside the file, it ends at {end}, past the {file_len}-byte file"
            ),
            Self::InfoIndexOutOfRange {
                entry,
                index,
                count,
            } => write!(
                f,
                "expected node hierarchy entry {entry} to name an information entry from 1 to {}, found {index}",
                count.saturating_sub(1)
            ),
            Self::PayloadPastEnd {
                info_index,
                end,
                file_len,
            } => write!(
                f,
                "expected the payload of node {info_index} inside the file, it ends at {end}, past the {file_len}-byte file"
            ),
            Self::ClassMismatch {
                info_index,
                class_id,
            } => write!(
                f,
                "expected node {info_index} to pair the name \"collisionShape\" with class id 268607026 (0x10029e32), found class id {class_id} (0x{class_id:08x})"
            ),
            Self::NameMismatch { info_index } => write!(
                f,
                "expected node {info_index}, which has the collisionShape class id 268607026 (0x10029e32), to be named \"collisionShape\""
            ),
            Self::UnsupportedVersion { found } => {
                write!(
                    f,
                    "expected collisionShape version 1, found version {found}"
                )
            }
            Self::CountPastEnd { shape, size } => write!(
                f,
                "expected the count of {shape} inside the {size}-byte payload, it ends first"
            ),
            Self::ShapesPastEnd {
                shape,
                count,
                end,
                size,
            } => write!(
                f,
                "expected the {count} {shape} inside the {size}-byte payload, they would end at {end}"
            ),
            Self::SizeMismatch { expected, size } => write!(
                f,
                "expected a payload of exactly 13 + 72 × boxes + 64 × spheres + 68 × cylinders = {expected} bytes, found {size}"
            ),
        }
    }
}
