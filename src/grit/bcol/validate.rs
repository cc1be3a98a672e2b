//! [`Bcol::parse`]'s one pass over the file: the magic and header, every
//! section and hull vertex range inside the file, every face index, then the
//! materials (`repair.rs`).

use core::mem::size_of;

use super::Options;
use super::error::{Error, ErrorKind, Section};
use super::layout::{HEADER_LEN, MAGIC};
use super::raw::{self, at};
use super::repair;
use super::view::{Bcol, Sections};
use crate::wire::{self, Table, wide};

/// `count` records of `T` from byte `start`, which must lie between the end of
/// the header and the end of the file: empty when `count` is 0 (the start is
/// then never read, as in the engine). Otherwise the error `out_of_bounds(end)`
/// is at `start_field` when the start is outside, at `count_field` when only
/// the end is.
fn records_within<'a, T: wire::Record>(
    bytes: &'a [u8],
    start: u64,
    count: u32,
    (start_field, count_field): (usize, usize),
    out_of_bounds: impl Fn(u64) -> ErrorKind,
) -> Result<Table<'a, T>, Error> {
    if count == 0 {
        return Ok(Table::empty(HEADER_LEN));
    }
    // `span_end` takes a `usize` start; this one is a u64 sum.
    let end = wire::span_end(start, u64::from(count), size_of::<T>());
    let fail = |field| Error::new(field, out_of_bounds(end));
    let start_at = usize::try_from(start)
        .ok()
        .filter(|&s| s >= HEADER_LEN && s <= bytes.len())
        .ok_or_else(|| fail(start_field))?;
    let records = usize::try_from(count)
        .ok()
        .and_then(|n| wire::records_at(bytes, start_at, n))
        .ok_or_else(|| fail(count_field))?;
    Ok(Table::new(start_at, records))
}

/// A header section's records. Errors name the offset field when the start is
/// out of bounds, the count field when only the end is.
fn section<'a, T: wire::Record>(
    bytes: &'a [u8],
    span: &raw::Span,
    field: usize,
    section: Section,
) -> Result<Table<'a, T>, Error> {
    let start = u64::from(span.offset.get());
    records_within(
        bytes,
        start,
        span.count.get(),
        (field.saturating_add(4), field),
        |end| ErrorKind::SectionOutOfBounds {
            section,
            start,
            end,
            file_len: bytes.len(),
        },
    )
}

/// The vertices of hull `index` (none if there is no such hull). Errors name
/// the hull's `vertex_offset` field when the start is out of bounds, its
/// `vertex_count` field when only the end is.
pub(crate) fn hull_vertices<'a>(
    bytes: &'a [u8],
    hulls: Table<'a, raw::Hull>,
    index: usize,
) -> Result<Table<'a, raw::Vertex>, Error> {
    let Some(hull) = hulls.get(index) else {
        return Ok(Table::empty(HEADER_LEN));
    };
    let at = hulls.at(index);
    let start = wide(at).saturating_add(u64::from(hull.vertex_offset.get()));
    records_within(
        bytes,
        start,
        hull.vertex_count.get(),
        (at.saturating_add(12), at.saturating_add(8)),
        |end| ErrorKind::HullVerticesOutOfBounds {
            hull: u32::try_from(index).unwrap_or(u32::MAX),
            start,
            end,
            file_len: bytes.len(),
        },
    )
}

/// The vertices of a validated hull (empty if the hull does not exist).
pub(crate) fn valid_hull_vertices<'a>(
    bytes: &'a [u8],
    hulls: Table<'a, raw::Hull>,
    index: usize,
) -> Table<'a, raw::Vertex> {
    wire::validated(hull_vertices(bytes, hulls, index).ok()).unwrap_or(Table::empty(HEADER_LEN))
}

/// Every face index below the vertex count; the error is at the index field.
fn check_faces(faces: Table<'_, raw::Face>, vertex_count: usize) -> Result<(), Error> {
    for (i, face) in faces.iter().enumerate() {
        for (k, index) in face.indices.iter().enumerate() {
            let index = index.get();
            if usize::try_from(index).map_or(true, |x| x >= vertex_count) {
                let field = faces
                    .at(i)
                    .saturating_add(4)
                    .saturating_add(k.saturating_mul(4));
                return Err(Error::new(
                    field,
                    ErrorKind::FaceIndexOutOfRange {
                        face: u32::try_from(i).unwrap_or(u32::MAX),
                        index,
                        vertex_count: u32::try_from(vertex_count).unwrap_or(u32::MAX),
                    },
                ));
            }
        }
    }
    Ok(())
}

fn parse(bytes: &[u8], options: Options) -> Result<Bcol<'_>, Error> {
    let header = wire::header::<raw::Header, 8, ErrorKind>(bytes, &MAGIC)?;
    let capsules = header.capsules.count.get();
    if capsules != 0 {
        return Err(Error::new(
            at::CAPSULES,
            ErrorKind::Capsules { count: capsules },
        ));
    }
    let sections = Sections {
        hulls: section(bytes, &header.hulls, at::HULLS, Section::Hulls)?,
        boxes: section(bytes, &header.boxes, at::BOXES, Section::Boxes)?,
        cylinders: section(bytes, &header.cylinders, at::CYLINDERS, Section::Cylinders)?,
        cones: section(bytes, &header.cones, at::CONES, Section::Cones)?,
        planes: section(bytes, &header.planes, at::PLANES, Section::Planes)?,
        spheres: section(bytes, &header.spheres, at::SPHERES, Section::Spheres)?,
        vertices: section(bytes, &header.vertices, at::VERTICES, Section::Vertices)?,
        faces: section(bytes, &header.faces, at::FACES, Section::Faces)?,
    };
    // The string table: everything after the last section and hull vertex range.
    let mut table_start = sections.end();
    for i in 0..sections.hulls.len() {
        table_start = table_start.max(hull_vertices(bytes, sections.hulls, i)?.end());
    }
    check_faces(sections.faces, sections.vertices.len())?;
    let (reading, repairs) = repair::read(bytes, table_start, &sections, options)?;
    Ok(Bcol {
        bytes,
        header,
        sections,
        table_start,
        reading,
        repairs,
    })
}

impl<'a> Bcol<'a> {
    /// Validates a whole file ([`guide::grit`](crate::guide::grit)): the 8-byte magic, the header,
    /// every section between the header and the end of the file, no capsules,
    /// every hull's vertices inside the file, every face index below the
    /// vertex count, and every material a UTF-8, NUL-terminated string that
    /// starts inside the string table (the bytes after the last section).
    ///
    /// [`Options::LENIENT`] also reads the material offsets Grit's own converter
    /// writes wrongly, and reports them in [`Bcol::tolerated`];
    /// [`Options::STRICT`] rejects such files with
    /// [`ErrorKind::GritMaterialOffsets`](super::ErrorKind::GritMaterialOffsets).
    pub fn parse(bytes: &'a [u8], options: Options) -> Result<Self, Error> {
        parse(bytes, options)
    }

    /// The vertices of hull `index` (empty if there is no such hull).
    pub fn hull_vertices(&self, index: usize) -> Table<'a, raw::Vertex> {
        valid_hull_vertices(self.bytes, self.sections.hulls, index)
    }
}
