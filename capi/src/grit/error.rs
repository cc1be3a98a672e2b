//! Grit errors in C: [`zc_tcol_error_kind`] and [`zc_bcol_error_kind`] codes and the
//! conversion of the library's errors (TCOL with its line and column).

use zerocol::grit::{bcol, tcol};

use crate::error::zc_error;
use crate::format::zc_format;

/// What was wrong with TCOL text: `zc_error.kind` when `zc_error.format` is
/// `ZC_FORMAT_TCOL`. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_tcol_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_TCOL_ERROR_OTHER = 0,
    /// The text does not start with `TCOL1.0`.
    ZC_TCOL_ERROR_BAD_HEADER = 1,
    /// A NUL byte (the engine would stop reading there).
    ZC_TCOL_ERROR_NUL_BYTE = 2,
    /// A token the grammar does not allow here.
    ZC_TCOL_ERROR_UNEXPECTED = 3,
    /// A material name that is not UTF-8.
    ZC_TCOL_ERROR_INVALID_UTF8 = 4,
    /// A number beyond the f32 range.
    ZC_TCOL_ERROR_NUMBER_OUT_OF_RANGE = 5,
    /// A negative value where the engine reads a non-negative one.
    ZC_TCOL_ERROR_NEGATIVE = 6,
    /// `mass 0`.
    ZC_TCOL_ERROR_ZERO_MASS = 7,
    /// Both `static` and `mass`.
    ZC_TCOL_ERROR_STATIC_WITH_MASS = 8,
    /// Neither `static` nor `mass`.
    ZC_TCOL_ERROR_NEITHER_STATIC_NOR_MASS = 9,
    /// An attribute or trimesh property given twice.
    ZC_TCOL_ERROR_DUPLICATE = 10,
    /// A hull's `shrink` after its vertex list.
    ZC_TCOL_ERROR_SHRINK_AFTER_VERTEXES = 11,
    /// A hull with a second vertex list.
    ZC_TCOL_ERROR_SECOND_VERTEX_LIST = 12,
    /// A shape without a property it requires.
    ZC_TCOL_ERROR_MISSING_PROPERTY = 13,
    /// A face index that names no vertex.
    ZC_TCOL_ERROR_INDEX_OUT_OF_RANGE = 14,
}

/// What was wrong with a BCOL buffer: `zc_error.kind` when `zc_error.format` is
/// `ZC_FORMAT_BCOL`. The values are stable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_bcol_error_kind {
    /// A kind this header does not name (a newer library's).
    ZC_BCOL_ERROR_OTHER = 0,
    /// The buffer ends inside the header.
    ZC_BCOL_ERROR_TRUNCATED = 1,
    /// The buffer does not start with `BCOL1.0\n`.
    ZC_BCOL_ERROR_BAD_MAGIC = 2,
    /// A section's records lie outside the file.
    ZC_BCOL_ERROR_SECTION_OUT_OF_BOUNDS = 3,
    /// A hull's vertices lie outside the file.
    ZC_BCOL_ERROR_HULL_VERTICES_OUT_OF_BOUNDS = 4,
    /// A non-zero capsule count.
    ZC_BCOL_ERROR_CAPSULES = 5,
    /// A material offset outside the string table.
    ZC_BCOL_ERROR_MATERIAL_OUTSIDE_TABLE = 6,
    /// A material offset into the middle of a string.
    ZC_BCOL_ERROR_MATERIAL_INSIDE_STRING = 7,
    /// A material string without a NUL before the end.
    ZC_BCOL_ERROR_MATERIAL_UNTERMINATED = 8,
    /// A material string that is not UTF-8.
    ZC_BCOL_ERROR_MATERIAL_INVALID_UTF8 = 9,
    /// Material offsets as Grit's converter wrongly writes them (strict only:
    /// `ZC_MODE_LENIENT` reads them).
    ZC_BCOL_ERROR_GRIT_MATERIAL_OFFSETS = 10,
    /// A face index that names no trimesh vertex.
    ZC_BCOL_ERROR_FACE_INDEX_OUT_OF_RANGE = 11,
}

/// The stable code of a TCOL error kind.
pub(crate) fn tcol_kind_code(kind: &tcol::ErrorKind) -> zc_tcol_error_kind {
    use tcol::ErrorKind as E;
    use zc_tcol_error_kind as K;
    match kind {
        E::BadHeader => K::ZC_TCOL_ERROR_BAD_HEADER,
        E::NulByte => K::ZC_TCOL_ERROR_NUL_BYTE,
        E::Unexpected { .. } => K::ZC_TCOL_ERROR_UNEXPECTED,
        E::InvalidUtf8 => K::ZC_TCOL_ERROR_INVALID_UTF8,
        E::NumberOutOfRange => K::ZC_TCOL_ERROR_NUMBER_OUT_OF_RANGE,
        E::Negative { .. } => K::ZC_TCOL_ERROR_NEGATIVE,
        E::ZeroMass => K::ZC_TCOL_ERROR_ZERO_MASS,
        E::StaticWithMass => K::ZC_TCOL_ERROR_STATIC_WITH_MASS,
        E::NeitherStaticNorMass => K::ZC_TCOL_ERROR_NEITHER_STATIC_NOR_MASS,
        E::Duplicate { .. } => K::ZC_TCOL_ERROR_DUPLICATE,
        E::ShrinkAfterVertexes => K::ZC_TCOL_ERROR_SHRINK_AFTER_VERTEXES,
        E::SecondVertexList => K::ZC_TCOL_ERROR_SECOND_VERTEX_LIST,
        E::MissingProperty { .. } => K::ZC_TCOL_ERROR_MISSING_PROPERTY,
        E::IndexOutOfRange { .. } => K::ZC_TCOL_ERROR_INDEX_OUT_OF_RANGE,
        _ => K::ZC_TCOL_ERROR_OTHER,
    }
}

/// The stable code of a BCOL error kind.
pub(crate) fn bcol_kind_code(kind: &bcol::ErrorKind) -> zc_bcol_error_kind {
    use bcol::ErrorKind as E;
    use zc_bcol_error_kind as K;
    match kind {
        E::Truncated { .. } => K::ZC_BCOL_ERROR_TRUNCATED,
        E::BadMagic { .. } => K::ZC_BCOL_ERROR_BAD_MAGIC,
        E::SectionOutOfBounds { .. } => K::ZC_BCOL_ERROR_SECTION_OUT_OF_BOUNDS,
        E::HullVerticesOutOfBounds { .. } => K::ZC_BCOL_ERROR_HULL_VERTICES_OUT_OF_BOUNDS,
        E::Capsules { .. } => K::ZC_BCOL_ERROR_CAPSULES,
        E::MaterialOutsideTable { .. } => K::ZC_BCOL_ERROR_MATERIAL_OUTSIDE_TABLE,
        E::MaterialInsideString { .. } => K::ZC_BCOL_ERROR_MATERIAL_INSIDE_STRING,
        E::MaterialUnterminated { .. } => K::ZC_BCOL_ERROR_MATERIAL_UNTERMINATED,
        E::MaterialInvalidUtf8 { .. } => K::ZC_BCOL_ERROR_MATERIAL_INVALID_UTF8,
        E::GritMaterialOffsets { .. } => K::ZC_BCOL_ERROR_GRIT_MATERIAL_OFFSETS,
        E::FaceIndexOutOfRange { .. } => K::ZC_BCOL_ERROR_FACE_INDEX_OUT_OF_RANGE,
        _ => K::ZC_BCOL_ERROR_OTHER,
    }
}

/// A TCOL error as a `zc_error`, with its line and column; `lenient_readable` says
/// whether a lenient read of the same text succeeds.
pub(crate) fn tcol_to_c(error: &tcol::Error, lenient_readable: bool) -> zc_error {
    let mut c = zc_error::new(
        zc_format::ZC_FORMAT_TCOL,
        tcol_kind_code(&error.kind()) as u32,
        error.offset(),
        error,
    );
    c.line = error.line();
    c.column = error.column();
    c.lenient_readable = u8::from(lenient_readable);
    c
}

/// A BCOL error as a `zc_error`.
pub(crate) fn bcol_to_c(error: &bcol::Error, lenient_readable: bool) -> zc_error {
    let mut c = zc_error::new(
        zc_format::ZC_FORMAT_BCOL,
        bcol_kind_code(&error.kind()) as u32,
        error.offset(),
        error,
    );
    c.lenient_readable = u8::from(lenient_readable);
    c
}
