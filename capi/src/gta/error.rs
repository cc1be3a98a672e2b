//! GTA errors in C: [`zc_gta_error_kind`] codes and the conversion of a `gta::Error`.

use zerocol::gta::{self, ErrorKind, dff};

use crate::error::zc_error;
use crate::format::zc_format;

/// What was wrong with a GTA buffer: `zc_error.kind` when `zc_error.format` is
/// `ZC_FORMAT_GTA_COL` or `ZC_FORMAT_DFF`. The values are stable. For a `.dff`,
/// `TRUNCATED` is a chunk header cut short, `BAD_MAGIC` a first chunk that is neither a
/// Clump nor a UV animation dictionary, the `DFF_` kinds are the chunk walk's, and an
/// embedded model's error has the `.col` kind.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_gta_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_GTA_ERROR_OTHER = 0,
    /// The buffer ends inside a model header.
    ZC_GTA_ERROR_TRUNCATED = 1,
    /// No model FourCC where a model must start.
    ZC_GTA_ERROR_BAD_MAGIC = 2,
    /// Non-zero bytes in the padding after the last model (strict only).
    ZC_GTA_ERROR_NON_ZERO_PADDING = 3,
    /// Bytes that are neither a FourCC nor padding after a model (strict only).
    ZC_GTA_ERROR_UNKNOWN_FOUR_CC = 4,
    /// A size field below 24.
    ZC_GTA_ERROR_SIZE_TOO_SMALL = 5,
    /// A model's declared end lies past the buffer (strict only).
    ZC_GTA_ERROR_SIZE_PAST_END = 6,
    /// The declared size is too small for the version's header.
    ZC_GTA_ERROR_HEADER_PAST_MODEL_END = 7,
    /// A COLL count field lies past the model's end.
    ZC_GTA_ERROR_COUNT_PAST_MODEL_END = 8,
    /// A section's records run past the model's end.
    ZC_GTA_ERROR_SECTION_PAST_MODEL_END = 9,
    /// A section offset points into the header.
    ZC_GTA_ERROR_OFFSET_IN_HEADER = 10,
    /// A section has records but no offset.
    ZC_GTA_ERROR_MISSING_OFFSET = 11,
    /// A face names a vertex that does not exist.
    ZC_GTA_ERROR_FACE_INDEX_OUT_OF_RANGE = 12,
    /// A COLL model's sections do not end at its declared size (strict only).
    ZC_GTA_ERROR_SIZE_MISMATCH = 13,
    /// The derived vertex array overlaps the next section.
    ZC_GTA_ERROR_VERTICES_OVERLAP = 14,
    /// The face groups lie outside the model.
    ZC_GTA_ERROR_FACE_GROUPS_OUTSIDE_MODEL = 15,
    /// A face group's range is not `first <= last < faces`.
    ZC_GTA_ERROR_FACE_GROUP_RANGE = 16,
    /// `.dff`: the chunks before the end of the file hold no Clump.
    ZC_GTA_ERROR_DFF_NO_CLUMP = 17,
    /// `.dff`: a chunk's body runs past the end of its parent (or of the file).
    ZC_GTA_ERROR_DFF_CHUNK_PAST_PARENT = 18,
    /// `.dff`: a child of the Clump runs past the Clump's declared end, inside the
    /// file (strict only).
    ZC_GTA_ERROR_DFF_CLUMP_CHILD_PAST_END = 19,
    /// `.dff`: the Clump's size is short of the Extension right after it (strict only).
    ZC_GTA_ERROR_DFF_SHORT_CLUMP = 20,
    /// `.dff`: the scratch given to frame a headerless payload is too small.
    ZC_GTA_ERROR_DFF_SCRATCH_TOO_SMALL = 21,
}

/// The stable code of a GTA error kind.
pub(crate) fn kind_code(kind: &ErrorKind) -> zc_gta_error_kind {
    use zc_gta_error_kind as K;
    match kind {
        ErrorKind::Truncated { .. } => K::ZC_GTA_ERROR_TRUNCATED,
        ErrorKind::BadMagic { .. } => K::ZC_GTA_ERROR_BAD_MAGIC,
        ErrorKind::NonZeroPadding { .. } => K::ZC_GTA_ERROR_NON_ZERO_PADDING,
        ErrorKind::UnknownFourCc { .. } => K::ZC_GTA_ERROR_UNKNOWN_FOUR_CC,
        ErrorKind::SizeTooSmall { .. } => K::ZC_GTA_ERROR_SIZE_TOO_SMALL,
        ErrorKind::SizePastEnd { .. } => K::ZC_GTA_ERROR_SIZE_PAST_END,
        ErrorKind::HeaderPastModelEnd { .. } => K::ZC_GTA_ERROR_HEADER_PAST_MODEL_END,
        ErrorKind::CountPastModelEnd { .. } => K::ZC_GTA_ERROR_COUNT_PAST_MODEL_END,
        ErrorKind::SectionPastModelEnd { .. } => K::ZC_GTA_ERROR_SECTION_PAST_MODEL_END,
        ErrorKind::OffsetInHeader { .. } => K::ZC_GTA_ERROR_OFFSET_IN_HEADER,
        ErrorKind::MissingOffset { .. } => K::ZC_GTA_ERROR_MISSING_OFFSET,
        ErrorKind::FaceIndexOutOfRange { .. } => K::ZC_GTA_ERROR_FACE_INDEX_OUT_OF_RANGE,
        ErrorKind::SizeMismatch { .. } => K::ZC_GTA_ERROR_SIZE_MISMATCH,
        ErrorKind::VerticesOverlap { .. } => K::ZC_GTA_ERROR_VERTICES_OVERLAP,
        ErrorKind::FaceGroupsOutsideModel { .. } => K::ZC_GTA_ERROR_FACE_GROUPS_OUTSIDE_MODEL,
        ErrorKind::FaceGroupRange { .. } => K::ZC_GTA_ERROR_FACE_GROUP_RANGE,
        _ => K::ZC_GTA_ERROR_OTHER,
    }
}

/// A `gta::Error` as a `zc_error` of `format` (`.col` or `.dff`).
pub(crate) fn to_c(error: &gta::Error, format: zc_format) -> zc_error {
    let mut c = zc_error::new(
        format,
        kind_code(&error.kind()) as u32,
        error.offset(),
        error,
    );
    c.lenient_readable = u8::from(error.is_lenient_readable());
    c
}

/// The stable code of a `.dff` error kind: the chunk walk's, or the embedded model's.
pub(crate) fn dff_kind_code(kind: &dff::ErrorKind) -> zc_gta_error_kind {
    use zc_gta_error_kind as K;
    match kind {
        dff::ErrorKind::Truncated { .. } => K::ZC_GTA_ERROR_TRUNCATED,
        dff::ErrorKind::BadMagic { .. } => K::ZC_GTA_ERROR_BAD_MAGIC,
        dff::ErrorKind::NoClump => K::ZC_GTA_ERROR_DFF_NO_CLUMP,
        dff::ErrorKind::ChunkPastParent { .. } => K::ZC_GTA_ERROR_DFF_CHUNK_PAST_PARENT,
        dff::ErrorKind::ClumpChildPastEnd { .. } => K::ZC_GTA_ERROR_DFF_CLUMP_CHILD_PAST_END,
        dff::ErrorKind::ShortClump { .. } => K::ZC_GTA_ERROR_DFF_SHORT_CLUMP,
        dff::ErrorKind::Model(model) => kind_code(model),
        dff::ErrorKind::StorageTooSmall { .. } => K::ZC_GTA_ERROR_DFF_SCRATCH_TOO_SMALL,
        _ => K::ZC_GTA_ERROR_OTHER,
    }
}

/// A `dff::Error` as a `zc_error` of `ZC_FORMAT_DFF`.
pub(crate) fn dff_to_c(error: &dff::Error) -> zc_error {
    let mut c = zc_error::new(
        zc_format::ZC_FORMAT_DFF,
        dff_kind_code(&error.kind()) as u32,
        error.offset(),
        error,
    );
    c.lenient_readable = u8::from(error.is_lenient_readable());
    c
}
