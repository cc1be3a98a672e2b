//! Material offsets: where each record's material string is, how Grit's own
//! converter gets hull and box offsets wrong, and how a file's offsets are read
//! (the detection the `bcol` module docs describe). Both the validation and the
//! views read materials through [`target`] and [`material_at`]. Called by
//! `validate.rs` once every section is in bounds.

use zerocopy::FromBytes;

use super::Options;
use super::error::{Error, ErrorKind, Section};
use super::raw;
use super::view::{Repair, Sections};
use crate::grit::body::MaterialReading;
use crate::wire::{Table, wide};

/// Bytes by which Grit's converter offsets each box's material per hull
/// (the size of a hull record: it measures boxes from the start of the hulls).
pub const GRIT_BOX_SHIFT_PER_HULL: u64 = 16;

/// How a section's material offsets are turned into file offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Relative to the record, as the engine reads them ([`guide::grit`](crate::guide::grit)).
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

/// The readings of Grit's converter, most likely first: it always has both
/// bugs when there are hulls and boxes; each alone is accepted too.
const GRIT_READINGS: [MaterialReading; 3] = [
    MaterialReading {
        grit_hulls: true,
        grit_boxes: true,
    },
    MaterialReading {
        grit_hulls: true,
        grit_boxes: false,
    },
    MaterialReading {
        grit_hulls: false,
        grit_boxes: true,
    },
];

/// The rules a reading gives the hulls and the boxes.
pub(crate) const fn rules(reading: MaterialReading) -> (Rule, Rule) {
    (
        if reading.grit_hulls {
            Rule::GritHull
        } else {
            Rule::Record
        },
        if reading.grit_boxes {
            Rule::GritBox
        } else {
            Rule::Record
        },
    )
}

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
        // Record `i`'s offset, `records.at(i)`, kept as the loop goes (records lie
        // in the buffer, so it never saturates).
        let mut next = records.at(0);
        for (i, record) in records.iter().enumerate() {
            let field = next;
            next = next.saturating_add(size_of::<T>());
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

    /// Every material of the file, hulls and boxes read by `reading`: the first
    /// failure, or whether the strings are in canonical order.
    fn all(&self, sections: &Sections<'_>, reading: MaterialReading) -> Result<bool, Error> {
        let (hulls, boxes) = rules(reading);
        let mut order = Order {
            frontier: self.start,
            canonical: true,
        };
        self.section(Section::Hulls, sections.hulls, hulls, &mut order)?;
        self.section(Section::Boxes, sections.boxes, boxes, &mut order)?;
        let record = Rule::Record;
        self.section(Section::Cylinders, sections.cylinders, record, &mut order)?;
        self.section(Section::Cones, sections.cones, record, &mut order)?;
        self.section(Section::Planes, sections.planes, record, &mut order)?;
        self.section(Section::Spheres, sections.spheres, record, &mut order)?;
        self.section(Section::Faces, sections.faces, record, &mut order)?;
        Ok(order.canonical)
    }

    /// How the file's hull and box materials are read (see the module docs):
    /// as stored when that reads every material with strings in canonical
    /// order; else a reading of Grit's converter that does; else as stored
    /// when that reads every material; else a reading of Grit's converter
    /// that does; else the first error as stored.
    fn reading(&self, sections: &Sections<'_>) -> Result<MaterialReading, Error> {
        let as_stored = MaterialReading::default();
        let stored = self.all(sections, as_stored);
        if stored == Ok(true) {
            return Ok(as_stored);
        }
        let possible = |r: &&MaterialReading| {
            (!r.grit_hulls || !sections.hulls.is_empty())
                && (!r.grit_boxes || !(sections.hulls.is_empty() || sections.boxes.is_empty()))
        };
        let mut valid = None;
        for reading in GRIT_READINGS.iter().filter(possible) {
            match self.all(sections, *reading) {
                Ok(true) => return Ok(*reading),
                Ok(false) => {
                    valid.get_or_insert(*reading);
                }
                Err(_) => {}
            }
        }
        match stored {
            Ok(_) => Ok(as_stored),
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

/// How a validated file's materials are read, and what that reading repairs
/// (hulls, then boxes). [`Options::STRICT`] rejects a file that needs a repair,
/// with [`ErrorKind::GritMaterialOffsets`] at the first repaired field.
pub(crate) fn read(
    bytes: &[u8],
    table_start: usize,
    sections: &Sections<'_>,
    options: Options,
) -> Result<(MaterialReading, [Option<Repair>; 2]), Error> {
    let strings = Strings {
        bytes,
        start: table_start,
        hulls: sections.hulls.len(),
    };
    let reading = strings.reading(sections)?;
    let (hull_rule, box_rule) = rules(reading);
    let hulls = strings.repair(Section::Hulls, sections.hulls, hull_rule);
    let boxes = strings.repair(Section::Boxes, sections.boxes, box_rule);
    if !options.repair_material_offsets {
        if let Some((repair, index)) = hulls.or(boxes) {
            return Err(Error::new(
                repair.first,
                ErrorKind::GritMaterialOffsets {
                    section: repair.section,
                    index: u32::try_from(index).unwrap_or(u32::MAX),
                },
            ));
        }
    }
    Ok((reading, [hulls.map(|(r, _)| r), boxes.map(|(r, _)| r)]))
}
