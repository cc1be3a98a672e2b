//! The `collisionShape` payload: version byte, then counted arrays of boxes,
//! spheres and cylinders (docs/formats/battleforge.md).

use super::Options;
use super::error::{Error, ErrorKind, ShapeKind};
use super::geometry::{Aabb, Transform};
use super::lint::{Lint, Lints};
use super::raw;
use crate::wire::{self, Cursor, Table};

/// The only payload version known.
pub const VERSION: u8 = 1;
/// Bytes of a payload besides its shapes: the version byte and three counts.
pub const FIXED_LEN: u64 = FIXED_LEN_BYTES as u64;
const FIXED_LEN_BYTES: u8 = 13;

/// A validated `collisionShape` payload, borrowed from its buffer.
///
/// Its tables know where each record lies in the buffer given to the parser (for a
/// payload inside a DRS container, the file), and so do its lints.
#[derive(Clone, Copy, Debug)]
pub struct CollisionShape<'a> {
    version: u8,
    boxes: Table<'a, raw::BoxShape>,
    spheres: Table<'a, raw::SphereShape>,
    cylinders: Table<'a, raw::CylinderShape>,
}

impl<'a> CollisionShape<'a> {
    /// Parses a bare payload (all of `payload`); error and lint offsets count from
    /// its start.
    pub fn parse(payload: &'a [u8], options: Options) -> Result<Self, Error> {
        Self::parse_at(payload, 0, payload.len(), options)
    }

    /// Parses the `size` bytes at `offset` of `file`; error offsets, table offsets
    /// and lint offsets are file offsets.
    pub(crate) fn parse_at(
        file: &'a [u8],
        offset: usize,
        size: usize,
        _options: Options,
    ) -> Result<Self, Error> {
        let end = offset.saturating_add(size);
        // The payload and nothing after it: no read below can run past its end.
        let window = file.get(..end).unwrap_or_default();
        let mut cursor = Cursor::at(window, offset);
        let version = *cursor.read::<u8>().ok_or(Error::new(
            offset,
            ErrorKind::SizeMismatch {
                expected: FIXED_LEN,
                size,
            },
        ))?;
        if version != VERSION {
            return Err(Error::new(
                offset,
                ErrorKind::UnsupportedVersion { found: version },
            ));
        }
        let payload = Payload { offset, size };
        let boxes = payload.counted(&mut cursor, ShapeKind::Box)?;
        let spheres = payload.counted(&mut cursor, ShapeKind::Sphere)?;
        let cylinders = payload.counted(&mut cursor, ShapeKind::Cylinder)?;
        // The size invariant is exact: 13 + 72 B + 64 S + 68 C == node size.
        let pos = cursor.pos();
        if pos != end {
            return Err(Error::new(
                pos,
                ErrorKind::SizeMismatch {
                    expected: wire::wide(payload.relative(pos)),
                    size,
                },
            ));
        }
        Ok(Self {
            version,
            boxes,
            spheres,
            cylinders,
        })
    }

    /// The version byte (always [`VERSION`] once parsed).
    pub const fn version(&self) -> u8 {
        self.version
    }

    /// The boxes as stored.
    pub const fn boxes(&self) -> Table<'a, raw::BoxShape> {
        self.boxes
    }

    /// The spheres as stored.
    pub const fn spheres(&self) -> Table<'a, raw::SphereShape> {
        self.spheres
    }

    /// The cylinders as stored.
    pub const fn cylinders(&self) -> Table<'a, raw::CylinderShape> {
        self.cylinders
    }

    /// `13 + 72 B + 64 S + 68 C`: the payload's length.
    pub fn len(&self) -> usize {
        usize::from(FIXED_LEN_BYTES)
            .saturating_add(size_of_val(self.boxes.as_slice()))
            .saturating_add(size_of_val(self.spheres.as_slice()))
            .saturating_add(size_of_val(self.cylinders.as_slice()))
    }

    /// `true` when there are no shapes at all.
    pub const fn is_empty(&self) -> bool {
        self.boxes.is_empty() && self.spheres.is_empty() && self.cylinders.is_empty()
    }

    /// The first shape containing `point`, testing in the cost order the format's
    /// documentation gives: spheres (cheapest), then boxes, then cylinders.
    pub fn contains(&self, point: [f32; 3]) -> Option<ShapeRef> {
        let hit = |kind, index: usize| ShapeRef {
            kind,
            index: u32::try_from(index).unwrap_or(u32::MAX),
        };
        if let Some(i) = self.spheres.iter().position(|s| s.decode().contains(point)) {
            return Some(hit(ShapeKind::Sphere, i));
        }
        if let Some(i) = self.boxes.iter().position(|b| b.decode().contains(point)) {
            return Some(hit(ShapeKind::Box, i));
        }
        self.cylinders
            .iter()
            .position(|c| c.decode().contains(point))
            .map(|i| hit(ShapeKind::Cylinder, i))
    }

    /// The world-space box around every shape; `None` without shapes.
    pub fn aabb(&self) -> Option<Aabb> {
        let boxes = self.boxes.iter().map(|b| b.decode().aabb());
        let spheres = self.spheres.iter().map(|s| s.decode().aabb());
        let cylinders = self.cylinders.iter().map(|c| c.decode().aabb());
        boxes.chain(spheres).chain(cylinders).reduce(Aabb::union)
    }

    /// Checks the format's documentation asks for but readers must not enforce.
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }

    /// The lints that report what [`Options::LENIENT`] let through: none, as this
    /// format has no lenient rules (see [`Options`]).
    pub fn tolerated(&self) -> impl Iterator<Item = Lint> + use<'a> {
        self.lints().filter(Lint::is_tolerated)
    }
}

/// Which shape: its kind and its position in that kind's array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ShapeRef {
    /// Box, sphere or cylinder.
    pub kind: ShapeKind,
    /// Index in its array.
    pub index: u32,
}

/// Where a payload lies in the buffer being parsed, for its error fields.
#[derive(Clone, Copy)]
struct Payload {
    offset: usize,
    size: usize,
}

impl Payload {
    /// A buffer offset, counted from the payload start.
    const fn relative(self, at: usize) -> usize {
        at.saturating_sub(self.offset)
    }

    /// Reads `count u32` then that many records at the cursor, advancing it.
    fn counted<'a, T: wire::Record>(
        self,
        cursor: &mut Cursor<'a>,
        shape: ShapeKind,
    ) -> Result<Table<'a, T>, Error> {
        let size = self.size;
        let at = cursor.pos();
        let count = cursor
            .u32()
            .ok_or(Error::new(at, ErrorKind::CountPastEnd { shape, size }))?;
        let records_at = self.relative(cursor.pos());
        usize::try_from(count)
            .ok()
            .and_then(|n| cursor.table::<T>(n))
            .ok_or(Error::new(
                at,
                ErrorKind::ShapesPastEnd {
                    shape,
                    count,
                    end: wire::span_end(wire::wide(records_at), count.into(), size_of::<T>()),
                    size,
                },
            ))
    }
}

/// A box: a transform and two corners in local space.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BoxShape {
    /// Local to world.
    pub transform: Transform,
    /// The "lower left" corner as stored (importers sort corners, so it may be
    /// above `upper` on an axis).
    pub lower: [f32; 3],
    /// The opposite corner.
    pub upper: [f32; 3],
}

/// A sphere.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SphereShape {
    /// Local to world (the rotation is irrelevant to a sphere).
    pub transform: Transform,
    /// Radius.
    pub radius: f32,
    /// As stored; writers copy the position here (docs/formats/battleforge.md), so the sphere
    /// sits at the transform's position and this field is reported, not used.
    pub center: [f32; 3],
}

/// A cylinder: its base at the transform's position, extending `height` along
/// local +Y (docs/formats/battleforge.md: Y-up).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CylinderShape {
    /// Local to world.
    pub transform: Transform,
    /// As stored; writers copy the position here, so it is reported, not used.
    pub center: [f32; 3],
    /// Extent along local +Y from the base.
    pub height: f32,
    /// Radius.
    pub radius: f32,
}

impl raw::CoordinateSystem {
    /// The transform's values.
    pub fn decode(&self) -> Transform {
        let r = self.rotation.map(|v| v.get());
        let [a, b, c, d, e, f, g, h, i] = r;
        Transform {
            rotation: [[a, b, c], [d, e, f], [g, h, i]],
            position: raw::vec3(&self.position),
        }
    }
}

impl From<&Transform> for raw::CoordinateSystem {
    fn from(t: &Transform) -> Self {
        let [[a, b, c], [d, e, f], [g, h, i]] = t.rotation;
        Self {
            rotation: [a, b, c, d, e, f, g, h, i].map(zerocopy::byteorder::little_endian::F32::new),
            position: raw::raw_vec3(t.position),
        }
    }
}

impl raw::BoxShape {
    /// The box's values.
    pub fn decode(&self) -> BoxShape {
        BoxShape {
            transform: self.coordinate_system.decode(),
            lower: raw::vec3(&self.lower),
            upper: raw::vec3(&self.upper),
        }
    }
}

impl From<&BoxShape> for raw::BoxShape {
    fn from(b: &BoxShape) -> Self {
        Self {
            coordinate_system: (&b.transform).into(),
            lower: raw::raw_vec3(b.lower),
            upper: raw::raw_vec3(b.upper),
        }
    }
}

impl raw::SphereShape {
    /// The sphere's values.
    pub fn decode(&self) -> SphereShape {
        SphereShape {
            transform: self.coordinate_system.decode(),
            radius: self.radius.get(),
            center: raw::vec3(&self.center),
        }
    }
}

impl From<&SphereShape> for raw::SphereShape {
    fn from(s: &SphereShape) -> Self {
        Self {
            coordinate_system: (&s.transform).into(),
            radius: zerocopy::byteorder::little_endian::F32::new(s.radius),
            center: raw::raw_vec3(s.center),
        }
    }
}

impl raw::CylinderShape {
    /// The cylinder's values.
    pub fn decode(&self) -> CylinderShape {
        CylinderShape {
            transform: self.coordinate_system.decode(),
            center: raw::vec3(&self.center),
            height: self.height.get(),
            radius: self.radius.get(),
        }
    }
}

impl From<&CylinderShape> for raw::CylinderShape {
    fn from(c: &CylinderShape) -> Self {
        Self {
            coordinate_system: (&c.transform).into(),
            center: raw::raw_vec3(c.center),
            height: zerocopy::byteorder::little_endian::F32::new(c.height),
            radius: zerocopy::byteorder::little_endian::F32::new(c.radius),
        }
    }
}
