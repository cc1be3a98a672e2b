//! The validated file and its views: attributes, shapes in stored order, the
//! trimesh, raw sections, and what the repair option rewrote.
//!
//! [`Bcol::parse`] checks every bound once; the views keep the validated
//! slices and decode records as they are iterated, reading each material
//! string where it lies.

use crate::wire::{self, Table, wide};
use core::fmt;
use core::iter::FusedIterator;
use core::mem::size_of;

use zerocopy::FromBytes;

use super::Options;
use super::error::{Error, ErrorKind, Section};
use super::lint::Lints;
use super::raw::{self, at};
use crate::grit::body::{
    Attributes, DEFAULT_SHRINK, Face, Faces, Shape, ShapeKind, Shapes, Trimesh, Vertices,
};

/// Bytes in the header.
pub const HEADER_LEN: usize = size_of::<raw::Header>();

/// The 8 bytes every file starts with. The engine itself only looks at the
/// first four (`BCOL`); this reader wants the version and newline too.
pub const MAGIC: [u8; 8] = *b"BCOL1.0\n";

/// Bytes by which Grit's converter offsets each box's material per hull
/// (the size of a hull record: it measures boxes from the start of the hulls).
pub const GRIT_BOX_SHIFT_PER_HULL: u64 = 16;

/// How a section's material offsets are turned into file offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Relative to the record, as the engine reads them (docs/formats/grit.md).
    Record,
    /// Grit's hull bug: `absolute = stored + vertex_offset`.
    GritHull,
    /// Grit's box bug: `absolute = record + stored − 16 × hulls`.
    GritBox,
}

/// A record that names a material.
pub(crate) trait Material: FromBytes + zerocopy::Immutable + zerocopy::KnownLayout {
    fn material(&self) -> u32;
    /// The hull's vertex offset (what Grit's hull bug adds), 0 for others.
    fn vertex_offset(&self) -> u32 {
        0
    }
}

macro_rules! material {
    ($($t:ty),*) => {$(
        impl Material for $t {
            fn material(&self) -> u32 {
                self.material.get()
            }
        }
    )*};
}
material!(raw::BoxLike, raw::Cone, raw::Plane, raw::Sphere, raw::Face);

impl Material for raw::Hull {
    fn material(&self) -> u32 {
        self.material.get()
    }
    fn vertex_offset(&self) -> u32 {
        self.vertex_offset.get()
    }
}

/// Where a material of a record points under a rule.
pub(crate) fn target<T: Material>(
    rule: Rule,
    record_at: usize,
    record: &T,
    hulls: usize,
) -> Option<u64> {
    let stored = u64::from(record.material());
    match rule {
        Rule::Record => wide(record_at).checked_add(stored),
        Rule::GritHull => stored.checked_add(u64::from(record.vertex_offset())),
        Rule::GritBox => wide(record_at)
            .checked_add(stored)?
            .checked_sub(wide(hulls).checked_mul(GRIT_BOX_SHIFT_PER_HULL)?),
    }
}

/// What is wrong with a material string.
#[derive(Clone, Copy)]
enum Problem {
    Outside(u64),
    InsideString(usize),
    Unterminated(usize),
    InvalidUtf8(usize),
}

/// The string a validated target points at; `""` if it is not one (only
/// possible for targets that were not validated).
pub(crate) fn material_at(bytes: &[u8], target: Option<u64>) -> &str {
    let rest = target
        .and_then(|t| usize::try_from(t).ok())
        .and_then(|t| bytes.get(t..))
        .unwrap_or_default();
    let text = rest.split(|&b| b == 0).next().unwrap_or_default();
    core::str::from_utf8(text).unwrap_or_default()
}

/// The string at `target`: inside the table (`table_start..`), at the start of
/// a string, NUL-terminated, UTF-8.
fn resolve(
    bytes: &[u8],
    table_start: usize,
    target: Option<u64>,
) -> Result<(usize, &str), Problem> {
    let t = target
        .and_then(|t| usize::try_from(t).ok())
        .filter(|&t| t >= table_start && t < bytes.len())
        .ok_or(Problem::Outside(target.unwrap_or(u64::MAX)))?;
    if t > table_start && t.checked_sub(1).and_then(|p| bytes.get(p)) != Some(&0) {
        return Err(Problem::InsideString(t));
    }
    let rest = bytes.get(t..).unwrap_or_default();
    let nul = rest
        .iter()
        .position(|&b| b == 0)
        .ok_or(Problem::Unterminated(t))?;
    core::str::from_utf8(rest.get(..nul).unwrap_or_default())
        .map(|text| (t, text))
        .map_err(|_| Problem::InvalidUtf8(t))
}

fn material_error(
    bytes: &[u8],
    table_start: usize,
    section: Section,
    index: usize,
    field: usize,
    problem: Problem,
) -> Error {
    let index = u32::try_from(index).unwrap_or(u32::MAX);
    let kind = match problem {
        Problem::Outside(target) => ErrorKind::MaterialOutsideTable {
            section,
            index,
            target,
            table_start,
            file_len: bytes.len(),
        },
        Problem::InsideString(target) => ErrorKind::MaterialInsideString {
            section,
            index,
            target,
        },
        Problem::Unterminated(target) => ErrorKind::MaterialUnterminated {
            section,
            index,
            target,
        },
        Problem::InvalidUtf8(target) => ErrorKind::MaterialInvalidUtf8 {
            section,
            index,
            target,
        },
    };
    Error::new(field, kind)
}

/// Every section whose records name a material, for the material checks.
#[derive(Clone, Copy)]
struct Named<'a> {
    hulls: Table<'a, raw::Hull>,
    boxes: Table<'a, raw::BoxLike>,
    cylinders: Table<'a, raw::BoxLike>,
    cones: Table<'a, raw::Cone>,
    planes: Table<'a, raw::Plane>,
    spheres: Table<'a, raw::Sphere>,
    faces: Table<'a, raw::Face>,
}

/// How the hulls' and the boxes' material offsets are read.
type Rules = (Rule, Rule);

/// The readings of Grit's converter, most likely first: it always has both
/// bugs when there are hulls and boxes; each alone is accepted too.
const GRIT_READINGS: [Rules; 3] = [
    (Rule::GritHull, Rule::GritBox),
    (Rule::GritHull, Rule::Record),
    (Rule::Record, Rule::GritBox),
];

/// The string table and the hull count, for material checks.
#[derive(Clone, Copy)]
struct Strings<'a> {
    bytes: &'a [u8],
    start: usize,
    hulls: usize,
}

/// Where the strings introduced so far end, and whether every new string
/// came right there: the order in which the engine's converter and this
/// crate's writer lay strings out (first use, in stored order, each once).
struct Order {
    frontier: usize,
    canonical: bool,
}

impl Strings<'_> {
    /// Every material of a section under `rule`.
    fn section<T: Material>(
        &self,
        section: Section,
        records: Table<'_, T>,
        rule: Rule,
        order: &mut Order,
    ) -> Result<(), Error> {
        // Consecutive records usually share a string: check each target once.
        let mut last_good = None;
        for (i, record) in records.iter().enumerate() {
            let field = records.at(i);
            let t = target(rule, field, record, self.hulls);
            if t.is_some() && t == last_good {
                continue;
            }
            let (at, text) = resolve(self.bytes, self.start, t)
                .map_err(|p| material_error(self.bytes, self.start, section, i, field, p))?;
            if at == order.frontier {
                order.frontier = at.saturating_add(text.len()).saturating_add(1);
            } else if at > order.frontier {
                order.canonical = false;
            }
            last_good = t;
        }
        Ok(())
    }

    /// Every material of the file, hulls and boxes read by `rules`: the first
    /// failure, or whether the strings are in canonical order.
    fn all(&self, named: &Named<'_>, (hulls, boxes): Rules) -> Result<bool, Error> {
        let mut order = Order {
            frontier: self.start,
            canonical: true,
        };
        self.section(Section::Hulls, named.hulls, hulls, &mut order)?;
        self.section(Section::Boxes, named.boxes, boxes, &mut order)?;
        let record = Rule::Record;
        self.section(Section::Cylinders, named.cylinders, record, &mut order)?;
        self.section(Section::Cones, named.cones, record, &mut order)?;
        self.section(Section::Planes, named.planes, record, &mut order)?;
        self.section(Section::Spheres, named.spheres, record, &mut order)?;
        self.section(Section::Faces, named.faces, record, &mut order)?;
        Ok(order.canonical)
    }

    /// How the file's hull and box materials are read (see the module docs):
    /// as stored when that reads every material with strings in canonical
    /// order; else a reading of Grit's converter that does; else as stored
    /// when that reads every material; else a reading of Grit's converter
    /// that does; else the first error as stored.
    fn rules(&self, named: &Named<'_>) -> Result<Rules, Error> {
        let stored = self.all(named, (Rule::Record, Rule::Record));
        if stored == Ok(true) {
            return Ok((Rule::Record, Rule::Record));
        }
        let possible = |&(h, b): &Rules| {
            (h == Rule::Record || !named.hulls.is_empty())
                && (b == Rule::Record || !(named.hulls.is_empty() || named.boxes.is_empty()))
        };
        let mut valid = None;
        for rules in GRIT_READINGS.iter().filter(|r| possible(r)) {
            match self.all(named, *rules) {
                Ok(true) => return Ok(*rules),
                Ok(false) => {
                    valid.get_or_insert(*rules);
                }
                Err(_) => {}
            }
        }
        match stored {
            Ok(_) => Ok((Rule::Record, Rule::Record)),
            Err(e) => valid.ok_or(e),
        }
    }

    /// The records of a section whose material reads differently under
    /// `rule`: how many, and the first.
    fn repair<T: Material>(
        &self,
        section: Section,
        records: Table<'_, T>,
        rule: Rule,
    ) -> Option<(Repair, usize)> {
        if rule == Rule::Record {
            return None;
        }
        let mut repair = Repair {
            section,
            count: 0,
            first: 0,
        };
        let mut first_index = 0;
        for (i, record) in records.iter().enumerate() {
            let field = records.at(i);
            if target(Rule::Record, field, record, self.hulls)
                != target(rule, field, record, self.hulls)
            {
                if repair.count == 0 {
                    repair.first = field;
                    first_index = i;
                }
                repair.count = repair.count.saturating_add(1);
            }
        }
        (repair.count > 0).then_some((repair, first_index))
    }
}

/// Material offsets the repair option read the way Grit's converter wrote
/// them, for one section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Repair {
    /// [`Section::Hulls`] or [`Section::Boxes`].
    pub section: Section,
    /// How many material offsets were read differently from how they are
    /// stored.
    pub count: usize,
    /// Byte offset of the first such material field.
    pub first: usize,
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte {}: repaired {} material offset{} of the {} (",
            self.first,
            self.count,
            if self.count == 1 { "" } else { "s" },
            self.section
        )?;
        f.write_str(if self.section == Section::Hulls {
            "stored relative to the vertex offset"
        } else {
            "stored 16 bytes per hull too far"
        })?;
        f.write_str(" by Grit's converter)")
    }
}

/// What [`Options::REPAIR`] rewrote; empty for a strict read and for files
/// with correct offsets. The input is never modified: the views apply the
/// repaired reading as they decode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Repairs {
    hulls: Option<Repair>,
    boxes: Option<Repair>,
}

impl Repairs {
    /// Nothing was repaired.
    pub const fn is_empty(&self) -> bool {
        self.hulls.is_none() && self.boxes.is_none()
    }

    /// The hulls' repair, if any.
    pub const fn hulls(&self) -> Option<Repair> {
        self.hulls
    }

    /// The boxes' repair, if any.
    pub const fn boxes(&self) -> Option<Repair> {
        self.boxes
    }

    /// Each repair, hulls first.
    pub fn iter(&self) -> impl Iterator<Item = Repair> + '_ {
        self.hulls.iter().chain(self.boxes.iter()).copied()
    }
}

/// A validated BCOL file, borrowed from its bytes.
///
/// [`Bcol::parse`] checked every section, hull vertex range, face index and
/// material string, so the views and iterators never fail.
#[derive(Clone, Copy)]
pub struct Bcol<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) header: &'a raw::Header,
    pub(crate) hulls: Table<'a, raw::Hull>,
    pub(crate) boxes: Table<'a, raw::BoxLike>,
    pub(crate) cylinders: Table<'a, raw::BoxLike>,
    pub(crate) cones: Table<'a, raw::Cone>,
    pub(crate) planes: Table<'a, raw::Plane>,
    pub(crate) spheres: Table<'a, raw::Sphere>,
    pub(crate) vertices: Table<'a, raw::Vertex>,
    pub(crate) faces: Table<'a, raw::Face>,
    pub(crate) table_start: usize,
    pub(crate) hull_rule: Rule,
    pub(crate) box_rule: Rule,
    pub(crate) repairs: Repairs,
}

/// A summary, not the bytes.
impl fmt::Debug for Bcol<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bcol")
            .field("len", &self.bytes.len())
            .field("attributes", &self.attributes())
            .field("shapes", &self.shape_counts())
            .field("trimesh", &(self.vertices.len(), self.faces.len()))
            .field("table_start", &self.table_start)
            .field("repairs", &self.repairs)
            .finish()
    }
}

/// A header section's records: empty when the count is 0 (the offset is then
/// never read, as in the engine), else between the header and the end of the
/// file. Errors name the offset field when the start is out of bounds, the
/// count field when only the end is.
fn section<'a, T: FromBytes + zerocopy::Immutable + zerocopy::KnownLayout>(
    bytes: &'a [u8],
    span: &raw::Span,
    field: usize,
    section: Section,
) -> Result<Table<'a, T>, Error> {
    let count = span.count.get();
    if count == 0 {
        return Ok(Table::empty(HEADER_LEN));
    }
    let start = u64::from(span.offset.get());
    let end = start.saturating_add(u64::from(count).saturating_mul(wide(size_of::<T>())));
    let out_of_bounds = |at| {
        Error::new(
            at,
            ErrorKind::SectionOutOfBounds {
                section,
                start,
                end,
                file_len: bytes.len(),
            },
        )
    };
    let offset_field = field.saturating_add(4);
    let start_at = usize::try_from(start)
        .ok()
        .filter(|&s| s >= HEADER_LEN && s <= bytes.len())
        .ok_or(out_of_bounds(offset_field))?;
    let items = usize::try_from(count)
        .ok()
        .and_then(|n| {
            let rest = bytes.get(start_at..)?;
            <[T]>::ref_from_prefix_with_elems(rest, n).ok()
        })
        .map(|(items, _)| items)
        .ok_or(out_of_bounds(field))?;
    Ok(Table::new(start_at, items))
}

/// A hull's vertices: between the header and the end of the file. Errors
/// name the hull's `vertex_offset` field when the start is out of bounds, its
/// `vertex_count` field when only the end is.
fn hull_vertices<'a>(
    bytes: &'a [u8],
    hulls: Table<'a, raw::Hull>,
    index: usize,
) -> Result<Table<'a, raw::Vertex>, Error> {
    let Some(hull) = hulls.get(index) else {
        return Ok(Table::empty(HEADER_LEN));
    };
    let count = hull.vertex_count.get();
    if count == 0 {
        return Ok(Table::empty(HEADER_LEN));
    }
    let at = hulls.at(index);
    let start = wide(at).saturating_add(u64::from(hull.vertex_offset.get()));
    let end = start.saturating_add(u64::from(count).saturating_mul(wide(size_of::<raw::Vertex>())));
    let out_of_bounds = |field| {
        Error::new(
            field,
            ErrorKind::HullVerticesOutOfBounds {
                hull: u32::try_from(index).unwrap_or(u32::MAX),
                start,
                end,
                file_len: bytes.len(),
            },
        )
    };
    let start_at = usize::try_from(start)
        .ok()
        .filter(|&s| s >= HEADER_LEN && s <= bytes.len())
        .ok_or(out_of_bounds(at.saturating_add(12)))?;
    let items = usize::try_from(count)
        .ok()
        .and_then(|n| {
            let rest = bytes.get(start_at..)?;
            <[raw::Vertex]>::ref_from_prefix_with_elems(rest, n).ok()
        })
        .map(|(v, _)| v)
        .ok_or(out_of_bounds(at.saturating_add(8)))?;
    Ok(Table::new(start_at, items))
}

/// The vertices of a validated hull (empty if the hull does not exist).
pub(crate) fn valid_hull_vertices<'a>(
    bytes: &'a [u8],
    hulls: Table<'a, raw::Hull>,
    index: usize,
) -> Table<'a, raw::Vertex> {
    wire::validated(hull_vertices(bytes, hulls, index).ok()).unwrap_or(Table::empty(HEADER_LEN))
}

pub(crate) fn parse(bytes: &[u8], options: Options) -> Result<Bcol<'_>, Error> {
    wire::check_magic(bytes, &MAGIC)
        .map_err(|found| Error::new(0, ErrorKind::BadMagic { found }))?;
    let (header, _) = raw::Header::ref_from_prefix(bytes).map_err(|_| {
        Error::new(
            0,
            ErrorKind::Truncated {
                needed: HEADER_LEN,
                available: bytes.len(),
            },
        )
    })?;
    let capsules = header.capsules.count.get();
    if capsules != 0 {
        return Err(Error::new(
            at::CAPSULES,
            ErrorKind::Capsules { count: capsules },
        ));
    }
    let hulls = section(bytes, &header.hulls, at::HULLS, Section::Hulls)?;
    let boxes = section(bytes, &header.boxes, at::BOXES, Section::Boxes)?;
    let cylinders = section(bytes, &header.cylinders, at::CYLINDERS, Section::Cylinders)?;
    let cones = section(bytes, &header.cones, at::CONES, Section::Cones)?;
    let planes = section(bytes, &header.planes, at::PLANES, Section::Planes)?;
    let spheres = section(bytes, &header.spheres, at::SPHERES, Section::Spheres)?;
    let vertices: Table<'_, raw::Vertex> =
        section(bytes, &header.vertices, at::VERTICES, Section::Vertices)?;
    let faces: Table<'_, raw::Face> = section(bytes, &header.faces, at::FACES, Section::Faces)?;

    // The string table: everything after the last section.
    let mut table_start = [
        HEADER_LEN,
        hulls.end(),
        boxes.end(),
        cylinders.end(),
        cones.end(),
        planes.end(),
        spheres.end(),
        vertices.end(),
        faces.end(),
    ]
    .into_iter()
    .max()
    .unwrap_or(HEADER_LEN);
    for i in 0..hulls.len() {
        table_start = table_start.max(hull_vertices(bytes, hulls, i)?.end());
    }

    let vertex_count = vertices.len();
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

    let table = Strings {
        bytes,
        start: table_start,
        hulls: hulls.len(),
    };
    let named = Named {
        hulls,
        boxes,
        cylinders,
        cones,
        planes,
        spheres,
        faces,
    };
    let (hull_rule, box_rule) = table.rules(&named)?;
    let hull_repair = table.repair(Section::Hulls, hulls, hull_rule);
    let box_repair = table.repair(Section::Boxes, boxes, box_rule);
    if !options.repair_material_offsets {
        if let Some((repair, index)) = hull_repair.or(box_repair) {
            return Err(Error::new(
                repair.first,
                ErrorKind::GritMaterialOffsets {
                    section: repair.section,
                    index: u32::try_from(index).unwrap_or(u32::MAX),
                },
            ));
        }
    }
    let hull_repair = hull_repair.map(|(r, _)| r);
    let box_repair = box_repair.map(|(r, _)| r);

    Ok(Bcol {
        bytes,
        header,
        hulls,
        boxes,
        cylinders,
        cones,
        planes,
        spheres,
        vertices,
        faces,
        table_start,
        hull_rule,
        box_rule,
        repairs: Repairs {
            hulls: hull_repair,
            boxes: box_repair,
        },
    })
}

impl<'a> Bcol<'a> {
    /// Validates a whole file (docs/formats/grit.md): the 8-byte magic, the header,
    /// every section between the header and the end of the file, no capsules,
    /// every hull's vertices inside the file, every face index below the
    /// vertex count, and every material a UTF-8, NUL-terminated string that
    /// starts inside the string table (the bytes after the last section).
    ///
    /// [`Options::REPAIR`] also reads the material offsets Grit's own converter
    /// writes wrongly, and reports them in [`Bcol::repairs`];
    /// [`Options::STRICT`] rejects such files with
    /// [`ErrorKind::GritMaterialOffsets`].
    pub fn parse(bytes: &'a [u8], options: Options) -> Result<Self, Error> {
        parse(bytes, options)
    }

    /// The whole file.
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The header as stored.
    pub const fn header(&self) -> &'a raw::Header {
        self.header
    }

    /// The body's attributes: static when the mass is 0 (as the engine
    /// decides; the mass is then given as +0), the inertia when
    /// `inertia_provided` is not 0.
    pub fn attributes(&self) -> Attributes {
        let h = self.header;
        let mass = h.mass.get();
        let is_static = mass == 0.0;
        Attributes {
            is_static,
            mass: if is_static { 0.0 } else { mass },
            inertia: (h.inertia_provided.get() != 0).then(|| raw::vec3(&h.inertia)),
            linear_damping: h.linear_damping.get(),
            angular_damping: h.angular_damping.get(),
            linear_sleep_threshold: h.linear_sleep_threshold.get(),
            angular_sleep_threshold: h.angular_sleep_threshold.get(),
            ccd_motion_threshold: h.ccd_motion_threshold.get(),
            ccd_swept_sphere_radius: h.ccd_swept_sphere_radius.get(),
        }
    }

    /// How many shapes the compound holds (every kind together).
    pub fn shape_count(&self) -> usize {
        self.shape_counts()
            .iter()
            .fold(0usize, |a, &n| a.saturating_add(n))
    }

    /// Hulls, boxes, cylinders, cones, planes and spheres, in section order.
    fn shape_counts(&self) -> [usize; 6] {
        [
            self.hulls.len(),
            self.boxes.len(),
            self.cylinders.len(),
            self.cones.len(),
            self.planes.len(),
            self.spheres.len(),
        ]
    }

    /// The compound's shapes in stored order: hulls, boxes, cylinders, cones,
    /// planes, spheres. Hulls have no shrink in BCOL ([`DEFAULT_SHRINK`]).
    pub fn shapes(&self) -> Shapes<'a> {
        Shapes::Binary(BinaryShapes::new(self.core()))
    }

    /// The trimesh, present when the face count is not 0: the engine builds
    /// one only then, and its own BCOL-to-TCOL printer prints one only then.
    /// Vertices without faces stay reachable through
    /// [`Bcol::trimesh_vertices`] and are reported by [`Bcol::lints`].
    pub fn trimesh(&self) -> Option<Trimesh<'a>> {
        (!self.faces.is_empty()).then(|| {
            Trimesh::new(
                self.header.trimesh_margin.get(),
                self.header.edge_distance_threshold.get(),
                Vertices::Binary(BinaryVertices::new(self.vertices.as_slice())),
                Faces::Binary(BinaryFaces::new(self.bytes, self.faces)),
            )
        })
    }

    /// The hull records.
    pub const fn hulls(&self) -> &'a [raw::Hull] {
        self.hulls.as_slice()
    }

    /// The vertices of hull `index` (empty if there is no such hull).
    pub fn hull_vertices(&self, index: usize) -> &'a [raw::Vertex] {
        valid_hull_vertices(self.bytes, self.hulls, index).as_slice()
    }

    /// The box records.
    pub const fn boxes(&self) -> &'a [raw::BoxLike] {
        self.boxes.as_slice()
    }

    /// The cylinder records.
    pub const fn cylinders(&self) -> &'a [raw::BoxLike] {
        self.cylinders.as_slice()
    }

    /// The cone records.
    pub const fn cones(&self) -> &'a [raw::Cone] {
        self.cones.as_slice()
    }

    /// The plane records.
    pub const fn planes(&self) -> &'a [raw::Plane] {
        self.planes.as_slice()
    }

    /// The sphere records.
    pub const fn spheres(&self) -> &'a [raw::Sphere] {
        self.spheres.as_slice()
    }

    /// The trimesh vertex records (present even when there are no faces).
    pub const fn trimesh_vertices(&self) -> &'a [raw::Vertex] {
        self.vertices.as_slice()
    }

    /// The trimesh face records.
    pub const fn trimesh_faces(&self) -> &'a [raw::Face] {
        self.faces.as_slice()
    }

    /// Byte offset of a non-empty section's first record (for an empty one:
    /// 132, the end of the header, whatever its stored offset).
    pub const fn section_offset(&self, section: Section) -> usize {
        match section {
            Section::Hulls => self.hulls.start(),
            Section::Boxes => self.boxes.start(),
            Section::Cylinders => self.cylinders.start(),
            Section::Cones => self.cones.start(),
            Section::Planes => self.planes.start(),
            Section::Spheres => self.spheres.start(),
            Section::Capsules => HEADER_LEN,
            Section::Vertices => self.vertices.start(),
            Section::Faces => self.faces.start(),
        }
    }

    /// Byte offset of the string table: the end of the last section.
    pub const fn string_table_offset(&self) -> usize {
        self.table_start
    }

    /// The string table: every byte after the last section.
    pub fn string_table(&self) -> &'a [u8] {
        self.bytes.get(self.table_start..).unwrap_or_default()
    }

    /// What [`Options::REPAIR`] read differently from how it is stored.
    pub const fn repairs(&self) -> Repairs {
        self.repairs
    }

    pub(crate) const fn core(&self) -> Core<'a> {
        Core {
            bytes: self.bytes,
            header: self.header,
            hull_rule: self.hull_rule,
            box_rule: self.box_rule,
        }
    }

    /// What the engine loads but likely does not mean, computed as iterated.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }
}

/// What the shape iterators need: the validated bytes and header, and how
/// to read the hulls' and boxes' materials. Sections are re-sliced from the
/// header on demand (a bounds check each), which keeps the iterators small.
#[derive(Clone, Copy)]
pub(crate) struct Core<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) header: &'a raw::Header,
    pub(crate) hull_rule: Rule,
    pub(crate) box_rule: Rule,
}

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

impl<'a> Core<'a> {
    pub(crate) fn hulls(&self) -> Table<'a, raw::Hull> {
        records(self.bytes, &self.header.hulls)
    }
    fn boxes(&self) -> Table<'a, raw::BoxLike> {
        records(self.bytes, &self.header.boxes)
    }
    fn cylinders(&self) -> Table<'a, raw::BoxLike> {
        records(self.bytes, &self.header.cylinders)
    }
    fn cones(&self) -> Table<'a, raw::Cone> {
        records(self.bytes, &self.header.cones)
    }
    fn planes(&self) -> Table<'a, raw::Plane> {
        records(self.bytes, &self.header.planes)
    }
    fn spheres(&self) -> Table<'a, raw::Sphere> {
        records(self.bytes, &self.header.spheres)
    }

    /// How many shapes in all.
    pub(crate) fn shape_count(&self) -> usize {
        STORED_ORDER
            .iter()
            .fold(0usize, |a, &k| a.saturating_add(self.count(k)))
    }

    /// Where the material of a shape record points.
    fn shape_material<T: Material>(
        &self,
        records: Table<'a, T>,
        index: usize,
        rule: Rule,
    ) -> &'a str {
        let record = records.get(index);
        let t = record.and_then(|r| target(rule, records.at(index), r, self.hulls().len()));
        material_at(self.bytes, t)
    }

    /// Shape `index` of a kind, and the byte offset of its record.
    pub(crate) fn shape(&self, kind: ShapeKind, index: usize) -> Option<(usize, Shape<'a>)> {
        Some(match kind {
            ShapeKind::Hull => {
                let h = self.hulls().get(index)?;
                (
                    self.hulls().at(index),
                    Shape::Hull {
                        material: self.shape_material(self.hulls(), index, self.hull_rule),
                        margin: h.margin.get(),
                        shrink: DEFAULT_SHRINK,
                        vertices: Vertices::Binary(BinaryVertices::new(
                            valid_hull_vertices(self.bytes, self.hulls(), index).as_slice(),
                        )),
                    },
                )
            }
            ShapeKind::Box | ShapeKind::Cylinder => {
                let (records, rule) = if kind == ShapeKind::Box {
                    (self.boxes(), self.box_rule)
                } else {
                    (self.cylinders(), Rule::Record)
                };
                let b = records.get(index)?;
                let material = self.shape_material(records, index, rule);
                let margin = b.margin.get();
                let centre = raw::vec3(&b.centre);
                let orientation = raw::quat(&b.orientation);
                let dimensions = raw::vec3(&b.dimensions);
                let shape = if kind == ShapeKind::Box {
                    Shape::Box {
                        material,
                        margin,
                        centre,
                        orientation,
                        dimensions,
                    }
                } else {
                    Shape::Cylinder {
                        material,
                        margin,
                        centre,
                        orientation,
                        dimensions,
                    }
                };
                (records.at(index), shape)
            }
            ShapeKind::Cone => {
                let c = self.cones().get(index)?;
                (
                    self.cones().at(index),
                    Shape::Cone {
                        material: self.shape_material(self.cones(), index, Rule::Record),
                        margin: c.margin.get(),
                        centre: raw::vec3(&c.centre),
                        orientation: raw::quat(&c.orientation),
                        radius: c.radius.get(),
                        height: c.height.get(),
                    },
                )
            }
            ShapeKind::Plane => {
                let p = self.planes().get(index)?;
                (
                    self.planes().at(index),
                    Shape::Plane {
                        material: self.shape_material(self.planes(), index, Rule::Record),
                        normal: raw::vec3(&p.normal),
                        distance: p.distance.get(),
                    },
                )
            }
            ShapeKind::Sphere => {
                let s = self.spheres().get(index)?;
                (
                    self.spheres().at(index),
                    Shape::Sphere {
                        material: self.shape_material(self.spheres(), index, Rule::Record),
                        centre: raw::vec3(&s.centre),
                        radius: s.radius.get(),
                    },
                )
            }
        })
    }

    /// How many shapes of a kind.
    pub(crate) fn count(&self, kind: ShapeKind) -> usize {
        match kind {
            ShapeKind::Hull => self.hulls().len(),
            ShapeKind::Box => self.boxes().len(),
            ShapeKind::Cylinder => self.cylinders().len(),
            ShapeKind::Cone => self.cones().len(),
            ShapeKind::Plane => self.planes().len(),
            ShapeKind::Sphere => self.spheres().len(),
        }
    }
}

/// Shape kinds in BCOL stored order.
pub const STORED_ORDER: [ShapeKind; 6] = [
    ShapeKind::Hull,
    ShapeKind::Box,
    ShapeKind::Cylinder,
    ShapeKind::Cone,
    ShapeKind::Plane,
    ShapeKind::Sphere,
];

/// Vertices read from a validated BCOL file.
#[derive(Clone, Debug)]
pub struct BinaryVertices<'a> {
    iter: core::slice::Iter<'a, raw::Vertex>,
}

impl<'a> BinaryVertices<'a> {
    pub(crate) fn new(vertices: &'a [raw::Vertex]) -> Self {
        Self {
            iter: vertices.iter(),
        }
    }

    /// The records still to come.
    pub fn as_slice(&self) -> &'a [raw::Vertex] {
        self.iter.as_slice()
    }
}

impl Iterator for BinaryVertices<'_> {
    type Item = [f32; 3];

    fn next(&mut self) -> Option<[f32; 3]> {
        self.iter.next().map(|v| raw::vec3(&v.position))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.iter.size_hint()
    }
}

impl ExactSizeIterator for BinaryVertices<'_> {}
impl FusedIterator for BinaryVertices<'_> {}

/// Trimesh faces read from a validated BCOL file.
#[derive(Clone)]
pub struct BinaryFaces<'a> {
    bytes: &'a [u8],
    faces: Table<'a, raw::Face>,
    next: usize,
}

impl fmt::Debug for BinaryFaces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BinaryFaces")
            .field("next", &self.next)
            .field("remaining", &self.len())
            .finish()
    }
}

impl<'a> BinaryFaces<'a> {
    pub(crate) const fn new(bytes: &'a [u8], faces: Table<'a, raw::Face>) -> Self {
        Self {
            bytes,
            faces,
            next: 0,
        }
    }

    /// The next face and the byte offset of its record.
    pub(crate) fn next_positioned(&mut self) -> Option<(usize, Face<'a>)> {
        let face = self.faces.get(self.next)?;
        let at = self.faces.at(self.next);
        self.next = self.next.saturating_add(1);
        let material = material_at(self.bytes, target(Rule::Record, at, face, 0));
        Some((
            at,
            Face {
                indices: face.indices.map(|i| i.get()),
                material,
            },
        ))
    }
}

impl<'a> Iterator for BinaryFaces<'a> {
    type Item = Face<'a>;

    fn next(&mut self) -> Option<Face<'a>> {
        self.next_positioned().map(|(_, f)| f)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.faces.len().saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for BinaryFaces<'_> {}
impl FusedIterator for BinaryFaces<'_> {}

/// Shapes read from a validated BCOL file, in stored order.
#[derive(Clone)]
pub struct BinaryShapes<'a> {
    file: Core<'a>,
    kind: usize,
    index: usize,
    remaining: usize,
}

impl fmt::Debug for BinaryShapes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BinaryShapes")
            .field("remaining", &self.remaining)
            .finish()
    }
}

impl<'a> BinaryShapes<'a> {
    pub(crate) fn new(file: Core<'a>) -> Self {
        Self {
            remaining: file.shape_count(),
            file,
            kind: 0,
            index: 0,
        }
    }

    /// The next shape, the byte offset of its record, and its index in
    /// stored order.
    pub(crate) fn next_positioned(&mut self) -> Option<(usize, Shape<'a>)> {
        loop {
            let kind = *STORED_ORDER.get(self.kind)?;
            if self.index < self.file.count(kind) {
                let shape = self.file.shape(kind, self.index);
                self.index = self.index.saturating_add(1);
                self.remaining = self.remaining.saturating_sub(1);
                return shape;
            }
            self.kind = self.kind.saturating_add(1);
            self.index = 0;
        }
    }
}

impl<'a> Iterator for BinaryShapes<'a> {
    type Item = Shape<'a>;

    fn next(&mut self) -> Option<Shape<'a>> {
        self.next_positioned().map(|(_, s)| s)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for BinaryShapes<'_> {}
impl FusedIterator for BinaryShapes<'_> {}
