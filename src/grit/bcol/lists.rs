//! Reading the BCOL lists (`body/lists.rs`): vertices, faces and shapes
//! decoded from the validated records as they are iterated, each material read
//! where it lies (`repair.rs`).

use zerocopy::{FromBytes, IntoBytes};

use super::layout::{HEADER_LEN, STORED_ORDER};
use super::raw;
use super::records;
use super::repair::{Material, Rule, material_at, rules, target};
use super::validate::valid_hull_vertices;
use crate::grit::body::{
    BinaryFaces, BinaryShapes, BinaryVertices, Face, MaterialReading, Shape, ShapeKind, Vertices,
    list_iterator,
};
use crate::wire::{self, Cursor, RawVec3, Table};

impl<'a> BinaryVertices<'a> {
    /// The positions of these records.
    pub(crate) fn of(vertices: &'a [raw::Vertex]) -> Self {
        let positions = <[RawVec3]>::ref_from_bytes(vertices.as_bytes()).ok();
        Self {
            records: wire::validated(positions).unwrap_or_default().iter(),
        }
    }

    /// The records still to come.
    pub fn as_slice(&self) -> &'a [raw::Vertex] {
        let records = <[raw::Vertex]>::ref_from_bytes(self.records.as_slice().as_bytes()).ok();
        wire::validated(records).unwrap_or_default()
    }
}

impl<'a> BinaryFaces<'a> {
    /// The records still to come, and the byte offset of the first.
    pub(crate) fn records(&self) -> (usize, &'a [raw::Face]) {
        let end = wire::span_end(
            wire::wide(self.next),
            wire::wide(self.remaining),
            size_of::<raw::Face>(),
        );
        let records = usize::try_from(end)
            .ok()
            .and_then(|end| self.bytes.get(self.next..end))
            .and_then(|b| <[raw::Face]>::ref_from_bytes(b).ok());
        (self.next, wire::validated(records).unwrap_or_default())
    }

    /// The next face and the byte offset of its record.
    pub(crate) fn next_positioned(&mut self) -> Option<(usize, Face<'a>)> {
        if self.remaining == 0 {
            return None;
        }
        let at = self.next;
        let Some(face) = wire::validated(Cursor::at(self.bytes, at).read::<raw::Face>()) else {
            self.remaining = 0;
            return None;
        };
        self.next = at.saturating_add(size_of::<raw::Face>());
        self.remaining = self.remaining.saturating_sub(1);
        let material = match (target(Rule::Record, at, face, 0), self.last) {
            (Some(t), Some((last, string))) if t == last => string,
            (t, _) => {
                let string = material_at(self.bytes, t);
                self.last = t.map(|t| (t, string));
                string
            }
        };
        Some((at, records::decode_face(face, material)))
    }
}

impl<'a> BinaryShapes<'a> {
    /// The next shape and the byte offset of its record (for messages that name
    /// a shape by its place in the file).
    pub fn next_positioned(&mut self) -> Option<(usize, Shape<'a>)> {
        if self.remaining == 0 {
            return None;
        }
        let records = Records::of(self.bytes, self.reading)?;
        loop {
            let kind = *STORED_ORDER.get(self.kind)?;
            if self.index < records.count(kind) {
                let shape = records.shape(kind, self.index);
                self.index = self.index.saturating_add(1);
                self.remaining = self.remaining.saturating_sub(1);
                return shape;
            }
            self.kind = self.kind.saturating_add(1);
            self.index = 0;
        }
    }
}

list_iterator!(BinaryFaces, Face<'a>);
list_iterator!(BinaryShapes, Shape<'a>);

/// A validated section's records (empty if the section is).
fn records<'a, T: wire::Record>(bytes: &'a [u8], span: &raw::Span) -> Table<'a, T> {
    let count = span.count.get();
    if count == 0 {
        return Table::empty(HEADER_LEN);
    }
    let table = usize::try_from(span.offset.get())
        .ok()
        .zip(usize::try_from(count).ok())
        .and_then(|(start, n)| Some(Table::new(start, wire::records_at(bytes, start, n)?)));
    wire::validated(table).unwrap_or(Table::empty(HEADER_LEN))
}

/// A validated file's shape sections, re-sliced from its header on demand (a
/// bounds check each), which keeps the shape list small.
#[derive(Clone, Copy)]
struct Records<'a> {
    bytes: &'a [u8],
    header: &'a raw::Header,
    reading: MaterialReading,
}

impl<'a> Records<'a> {
    fn of(bytes: &'a [u8], reading: MaterialReading) -> Option<Self> {
        let header = wire::validated(Cursor::at(bytes, 0).read::<raw::Header>())?;
        Some(Self {
            bytes,
            header,
            reading,
        })
    }

    /// Where a kind's records are.
    const fn span(&self, kind: ShapeKind) -> &'a raw::Span {
        let h = self.header;
        match kind {
            ShapeKind::Hull => &h.hulls,
            ShapeKind::Box => &h.boxes,
            ShapeKind::Cylinder => &h.cylinders,
            ShapeKind::Cone => &h.cones,
            ShapeKind::Plane => &h.planes,
            ShapeKind::Sphere => &h.spheres,
        }
    }

    /// How many shapes of a kind.
    fn count(&self, kind: ShapeKind) -> usize {
        usize::try_from(self.span(kind).count.get()).unwrap_or(0)
    }

    fn table<T: wire::Record>(&self, kind: ShapeKind) -> Table<'a, T> {
        records(self.bytes, self.span(kind))
    }

    /// The material of record `index` under `rule`.
    fn material<T: Material>(&self, records: Table<'a, T>, index: usize, rule: Rule) -> &'a str {
        let hulls = self.count(ShapeKind::Hull);
        let t = records
            .get(index)
            .and_then(|r| target(rule, records.at(index), r, hulls));
        material_at(self.bytes, t)
    }

    /// Shape `index` of a kind, and the byte offset of its record.
    fn shape(&self, kind: ShapeKind, index: usize) -> Option<(usize, Shape<'a>)> {
        let (hull_rule, box_rule) = rules(self.reading);
        Some(match kind {
            ShapeKind::Hull => {
                let hulls = self.table::<raw::Hull>(kind);
                let h = hulls.get(index)?;
                let vertices = valid_hull_vertices(self.bytes, hulls, index);
                let vertices = Vertices::Binary(BinaryVertices::of(vertices.as_slice()));
                let material = self.material(hulls, index, hull_rule);
                (hulls.at(index), records::decode_hull(h, material, vertices))
            }
            ShapeKind::Box | ShapeKind::Cylinder => {
                let boxes = self.table::<raw::BoxLike>(kind);
                let rule = if kind == ShapeKind::Box {
                    box_rule
                } else {
                    Rule::Record
                };
                let b = boxes.get(index)?;
                let material = self.material(boxes, index, rule);
                (boxes.at(index), records::decode_box_like(kind, b, material))
            }
            ShapeKind::Cone => {
                let cones = self.table::<raw::Cone>(kind);
                let c = cones.get(index)?;
                let material = self.material(cones, index, Rule::Record);
                (cones.at(index), records::decode_cone(c, material))
            }
            ShapeKind::Plane => {
                let planes = self.table::<raw::Plane>(kind);
                let p = planes.get(index)?;
                let material = self.material(planes, index, Rule::Record);
                (planes.at(index), records::decode_plane(p, material))
            }
            ShapeKind::Sphere => {
                let spheres = self.table::<raw::Sphere>(kind);
                let s = spheres.get(index)?;
                let material = self.material(spheres, index, Rule::Record);
                (spheres.at(index), records::decode_sphere(s, material))
            }
        })
    }
}
