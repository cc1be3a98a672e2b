//! BattleForge errors: the stable [`zc_battleforge_error_kind`] codes and
//! `battleforge::Error` as a `zc_error`.

use zerocol::battleforge::{self, ErrorKind};

use crate::error::zc_error;
use crate::format::zc_format;

/// What was wrong with a DRS container or a `collisionShape` payload: `zc_error.kind`
/// when `zc_error.format` is `ZC_FORMAT_COLLISION_SHAPE`. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_battleforge_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_BATTLEFORGE_ERROR_OTHER = 0,
    /// The buffer is shorter than the DRS header.
    ZC_BATTLEFORGE_ERROR_TRUNCATED = 1,
    /// The DRS magic is wrong.
    ZC_BATTLEFORGE_ERROR_BAD_MAGIC = 2,
    /// The node count is 0.
    ZC_BATTLEFORGE_ERROR_NO_NODES = 3,
    /// An offset, size or length is negative.
    ZC_BATTLEFORGE_ERROR_NEGATIVE = 4,
    /// The node information table runs past the end of the file.
    ZC_BATTLEFORGE_ERROR_NODE_TABLE_PAST_END = 5,
    /// A hierarchy entry runs past the end of the file.
    ZC_BATTLEFORGE_ERROR_HIERARCHY_PAST_END = 6,
    /// A hierarchy entry names an information entry that does not exist.
    ZC_BATTLEFORGE_ERROR_INFO_INDEX_OUT_OF_RANGE = 7,
    /// A node's payload runs past the end of the file.
    ZC_BATTLEFORGE_ERROR_PAYLOAD_PAST_END = 8,
    /// The node named `collisionShape` has another class id.
    ZC_BATTLEFORGE_ERROR_CLASS_MISMATCH = 9,
    /// The first node with the collisionShape class id has another name.
    ZC_BATTLEFORGE_ERROR_NAME_MISMATCH = 10,
    /// The payload version is not 1.
    ZC_BATTLEFORGE_ERROR_UNSUPPORTED_VERSION = 11,
    /// The payload ends before a count field.
    ZC_BATTLEFORGE_ERROR_COUNT_PAST_END = 12,
    /// A count's records run past the end of the payload.
    ZC_BATTLEFORGE_ERROR_SHAPES_PAST_END = 13,
    /// The payload is not exactly `13 + 72 B + 64 S + 68 C` bytes.
    ZC_BATTLEFORGE_ERROR_SIZE_MISMATCH = 14,
}

/// The stable code of a BattleForge error kind.
pub(crate) fn kind_code(kind: &ErrorKind) -> zc_battleforge_error_kind {
    use zc_battleforge_error_kind as K;
    match kind {
        ErrorKind::Truncated { .. } => K::ZC_BATTLEFORGE_ERROR_TRUNCATED,
        ErrorKind::BadMagic { .. } => K::ZC_BATTLEFORGE_ERROR_BAD_MAGIC,
        ErrorKind::NoNodes => K::ZC_BATTLEFORGE_ERROR_NO_NODES,
        ErrorKind::Negative { .. } => K::ZC_BATTLEFORGE_ERROR_NEGATIVE,
        ErrorKind::NodeTablePastEnd { .. } => K::ZC_BATTLEFORGE_ERROR_NODE_TABLE_PAST_END,
        ErrorKind::HierarchyPastEnd { .. } => K::ZC_BATTLEFORGE_ERROR_HIERARCHY_PAST_END,
        ErrorKind::InfoIndexOutOfRange { .. } => K::ZC_BATTLEFORGE_ERROR_INFO_INDEX_OUT_OF_RANGE,
        ErrorKind::PayloadPastEnd { .. } => K::ZC_BATTLEFORGE_ERROR_PAYLOAD_PAST_END,
        ErrorKind::ClassMismatch { .. } => K::ZC_BATTLEFORGE_ERROR_CLASS_MISMATCH,
        ErrorKind::NameMismatch { .. } => K::ZC_BATTLEFORGE_ERROR_NAME_MISMATCH,
        ErrorKind::UnsupportedVersion { .. } => K::ZC_BATTLEFORGE_ERROR_UNSUPPORTED_VERSION,
        ErrorKind::CountPastEnd { .. } => K::ZC_BATTLEFORGE_ERROR_COUNT_PAST_END,
        ErrorKind::ShapesPastEnd { .. } => K::ZC_BATTLEFORGE_ERROR_SHAPES_PAST_END,
        ErrorKind::SizeMismatch { .. } => K::ZC_BATTLEFORGE_ERROR_SIZE_MISMATCH,
        _ => K::ZC_BATTLEFORGE_ERROR_OTHER,
    }
}

/// A `battleforge::Error` as a `zc_error` (no rule is lenient-only in this format).
pub(crate) fn to_c(error: &battleforge::Error) -> zc_error {
    zc_error::new(
        zc_format::ZC_FORMAT_COLLISION_SHAPE,
        kind_code(&error.kind()) as u32,
        error.offset(),
        error,
    )
}

/// Whether `bytes` start with the DRS magic.
pub(crate) fn is_drs(bytes: &[u8]) -> bool {
    bytes.starts_with(&battleforge::MAGIC.to_le_bytes())
}
