//! Stage `records` (after `layout`): decoded values of GTA records, and
//! [`Records`], the version-dependent slice that hands them out; beside each
//! record's decoding ([`Decode`]), its encoding (`From<&T> for raw::T`; `TryFrom`
//! for a COL2+ face, [`fixed_vertex`] for a COL2+ vertex, which hold less), which
//! the writer uses.
//!
//! Decoding only reads bytes the parser already checked: it converts byte order
//! and fixed point, nothing else, and cannot fail.

use core::iter::FusedIterator;

use zerocopy::byteorder::little_endian::{F32, I16, U16, U32};

use super::raw;
use crate::wire::raw_vec3;

/// A decoded `x, y, z` vector.
pub type Vec3 = [f32; 3];

/// Surface properties: all four bytes as stored, since the games read the light
/// from different bytes depending on the record ([`guide::gta`](crate::guide::gta)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Surface {
    /// Material id.
    pub material: u8,
    /// The "piece" (a car-part id on vehicles).
    pub flag: u8,
    /// SA reads COL2/3 sphere and box lighting from this byte.
    pub brightness: u8,
    /// Day light (low nibble) and night light (high nibble); SA reads COLL lighting here.
    pub light: u8,
}

impl Surface {
    /// The surface as its four stored bytes.
    pub const fn to_bytes(self) -> [u8; 4] {
        [self.material, self.flag, self.brightness, self.light]
    }
}

/// Splits a light byte: day light is the low nibble, night light the high one.
pub const fn day_night(light: u8) -> (u8, u8) {
    (light & 0x0F, light >> 4)
}

/// A model's bounding box and sphere (stored in a different order per version).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Bounds {
    /// Box minimum. Nothing validates it: one genuine model has min > max on an axis.
    pub min: Vec3,
    /// Box maximum.
    pub max: Vec3,
    /// Sphere centre.
    pub center: Vec3,
    /// Sphere radius.
    pub radius: f32,
}

/// A collision sphere.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Sphere {
    /// Centre.
    pub center: Vec3,
    /// Radius.
    pub radius: f32,
    /// Surface.
    pub surface: Surface,
}

/// An axis-aligned collision box.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CollisionBox {
    /// Minimum corner.
    pub min: Vec3,
    /// Maximum corner.
    pub max: Vec3,
    /// Surface.
    pub surface: Surface,
}

/// A collision line (COL2+: a suspension line with a radius at each end).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Line {
    /// Start point.
    pub start: Vec3,
    /// End point.
    pub end: Vec3,
    /// Radius at `start` and at `end`; `None` for COLL, which stores no radii.
    pub radii: Option<[f32; 2]>,
}

/// How a face stores its surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FaceSurface {
    /// COLL: the full four-byte surface.
    Full(Surface),
    /// COL2+: material and light only.
    Compact {
        /// Material id.
        material: u8,
        /// Day (low nibble) and night (high nibble) light.
        light: u8,
    },
}

impl FaceSurface {
    /// The material id, whatever the version.
    pub const fn material(self) -> u8 {
        match self {
            Self::Full(s) => s.material,
            Self::Compact { material, .. } => material,
        }
    }

    /// The light byte, whatever the version (byte 3 of a full surface, as SA reads it).
    pub const fn light(self) -> u8 {
        match self {
            Self::Full(s) => s.light,
            Self::Compact { light, .. } => light,
        }
    }
}

/// A triangle of a collision or shadow mesh.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Face {
    /// Vertex indices; the parser checked each against the vertex count.
    pub indices: [u32; 3],
    /// Surface.
    pub surface: FaceSurface,
}

/// A box around a run of faces, `first..=last`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct FaceGroup {
    /// Minimum corner.
    pub min: Vec3,
    /// Maximum corner.
    pub max: Vec3,
    /// First face, inclusive.
    pub first: u16,
    /// Last face, inclusive; the parser checked `first <= last < face count`.
    pub last: u16,
}

impl FaceGroup {
    /// The faces the group covers, as indices into [`Model::faces`](super::Model::faces).
    pub fn faces(&self) -> core::ops::RangeInclusive<usize> {
        usize::from(self.first)..=usize::from(self.last)
    }
}

/// Turns a raw on-disk record into native values.
pub trait Decode {
    /// The decoded value.
    type Output;
    /// Decodes the record (byte order and fixed point only; cannot fail).
    fn decode(&self) -> Self::Output;
}

/// Implements [`Decode`] for each raw record type listed, with one body: the COLL
/// and COL2+ layouts of a section whose fields differ only in order share it.
macro_rules! decode {
    ($($raw:ty),+ => $output:ty, |$record:ident| $body:expr) => {
        $(
            impl Decode for $raw {
                type Output = $output;
                fn decode(&self) -> $output {
                    let $record = self;
                    $body
                }
            }
        )+
    };
}

decode!(raw::Surface => Surface, |s| Surface {
    material: s.material,
    flag: s.flag,
    brightness: s.brightness,
    light: s.light,
});

impl From<&Surface> for raw::Surface {
    fn from(s: &Surface) -> Self {
        Self {
            material: s.material,
            flag: s.flag,
            brightness: s.brightness,
            light: s.light,
        }
    }
}

decode!(raw::BoundsV1, raw::BoundsV2 => Bounds, |b| Bounds {
    min: raw::vec3(&b.min),
    max: raw::vec3(&b.max),
    center: raw::vec3(&b.center),
    radius: b.radius.get(),
});

impl From<&Bounds> for raw::BoundsV1 {
    fn from(b: &Bounds) -> Self {
        Self {
            radius: F32::new(b.radius),
            center: raw_vec3(b.center),
            min: raw_vec3(b.min),
            max: raw_vec3(b.max),
        }
    }
}

impl From<&Bounds> for raw::BoundsV2 {
    fn from(b: &Bounds) -> Self {
        Self {
            min: raw_vec3(b.min),
            max: raw_vec3(b.max),
            center: raw_vec3(b.center),
            radius: F32::new(b.radius),
        }
    }
}

decode!(raw::SphereV1, raw::SphereV2 => Sphere, |s| Sphere {
    center: raw::vec3(&s.center),
    radius: s.radius.get(),
    surface: s.surface.decode(),
});

impl From<&Sphere> for raw::SphereV1 {
    fn from(s: &Sphere) -> Self {
        Self {
            radius: F32::new(s.radius),
            center: raw_vec3(s.center),
            surface: (&s.surface).into(),
        }
    }
}

impl From<&Sphere> for raw::SphereV2 {
    fn from(s: &Sphere) -> Self {
        Self {
            center: raw_vec3(s.center),
            radius: F32::new(s.radius),
            surface: (&s.surface).into(),
        }
    }
}

decode!(raw::CollisionBox => CollisionBox, |b| CollisionBox {
    min: raw::vec3(&b.min),
    max: raw::vec3(&b.max),
    surface: b.surface.decode(),
});

impl From<&CollisionBox> for raw::CollisionBox {
    fn from(b: &CollisionBox) -> Self {
        Self {
            min: raw_vec3(b.min),
            max: raw_vec3(b.max),
            surface: (&b.surface).into(),
        }
    }
}

decode!(raw::LineV1 => Line, |l| Line {
    start: raw::vec3(&l.start),
    end: raw::vec3(&l.end),
    radii: None,
});

/// COLL stores no radii: a line's are dropped.
impl From<&Line> for raw::LineV1 {
    fn from(l: &Line) -> Self {
        Self {
            start: raw_vec3(l.start),
            end: raw_vec3(l.end),
        }
    }
}

decode!(raw::LineV2 => Line, |l| Line {
    start: raw::vec3(&l.start),
    end: raw::vec3(&l.end),
    radii: Some([l.start_radius.get(), l.end_radius.get()]),
});

/// A line without radii (COLL's) gets radii 0.
impl From<&Line> for raw::LineV2 {
    fn from(l: &Line) -> Self {
        let [start_radius, end_radius] = l.radii.unwrap_or([0.0; 2]);
        Self {
            start: raw_vec3(l.start),
            start_radius: F32::new(start_radius),
            end: raw_vec3(l.end),
            end_radius: F32::new(end_radius),
        }
    }
}

decode!(raw::VertexV1 => Vec3, |v| raw::vec3(&v.position));

impl From<&Vec3> for raw::VertexV1 {
    fn from(v: &Vec3) -> Self {
        Self {
            position: raw_vec3(*v),
        }
    }
}

/// COL2+ fixed point: 8.7 signed, so `value = raw / 128` (range -256 ..= 255.99).
pub const FIXED_POINT_SCALE: f32 = 128.0;

decode!(raw::VertexV2 => Vec3, |v| {
    let [x, y, z] = v.position;
    [
        fixed_point(x.get()),
        fixed_point(y.get()),
        fixed_point(z.get()),
    ]
});

/// `v` as a COL2+ vertex: each coordinate rounded to the nearest 1/128 by
/// [`to_fixed_point`]; `None` when one is out of its range.
pub(crate) fn fixed_vertex(v: &Vec3) -> Option<raw::VertexV2> {
    let [x, y, z] = *v;
    Some(raw::VertexV2 {
        position: [
            I16::new(to_fixed_point(x)?),
            I16::new(to_fixed_point(y)?),
            I16::new(to_fixed_point(z)?),
        ],
    })
}

/// A vertex coordinate in 8.7 fixed point, rounded to the nearest 1/128 with
/// halves away from zero; `None` outside -256 .. 255.99 or not finite.
pub fn to_fixed_point(value: f32) -> Option<i16> {
    // Scaling by a power of two is exact (or overflows to infinity, refused here).
    let steps = value * FIXED_POINT_SCALE;
    if !(steps > -32_768.5 && steps < 32_767.5) {
        return None;
    }
    // |steps| < 2^15: the cast truncates toward zero exactly, and the fraction
    // left is exact too.
    #[expect(clippy::cast_possible_truncation, reason = "in range, checked above")]
    let whole = steps as i32;
    #[expect(
        clippy::cast_precision_loss,
        reason = "|whole| < 2^15 is exact in an f32"
    )]
    let fraction = steps - whole as f32;
    let rounded = if fraction >= 0.5 {
        whole.checked_add(1)?
    } else if fraction <= -0.5 {
        whole.checked_sub(1)?
    } else {
        whole
    };
    i16::try_from(rounded).ok()
}

/// `raw / FIXED_POINT_SCALE`. On bare-metal targets it is built from the bits:
/// CPUs without an FPU (the Cortex-M0) would otherwise link a soft-float multiply
/// and an int-to-float conversion for it; elsewhere the two float instructions are
/// faster. Both are exact: every i16 is exact in an f32, and dividing by 2^7 only
/// lowers the exponent, which stays normal.
pub(crate) fn fixed_point(raw: i16) -> f32 {
    if cfg!(target_os = "none") {
        fixed_point_from_bits(raw)
    } else {
        f32::from(raw) / FIXED_POINT_SCALE
    }
}

/// [`fixed_point`] without floating-point arithmetic.
fn fixed_point_from_bits(raw: i16) -> f32 {
    let sign = u32::from(raw < 0) << 31;
    let mut magnitude = u32::from(raw.unsigned_abs());
    if magnitude == 0 {
        return 0.0;
    }
    // Normalise so that bit 15 is the leading one: magnitude = 1.f × 2^15, and
    // the value is 1.f × 2^(15 - 7 - shifts).
    let mut exponent: u32 = 127 + 15 - 7;
    while magnitude & 0x8000 == 0 {
        magnitude <<= 1;
        exponent = exponent.saturating_sub(1);
    }
    f32::from_bits(sign | exponent << 23 | (magnitude & 0x7FFF) << 8)
}

decode!(raw::FaceV1 => Face, |f| {
    let [a, b, c] = f.indices;
    Face {
        indices: [a.get(), b.get(), c.get()],
        surface: FaceSurface::Full(f.surface.decode()),
    }
});

/// A COL2+ face's compact surface becomes a full one with flag and brightness 0.
impl From<&Face> for raw::FaceV1 {
    fn from(f: &Face) -> Self {
        let surface = match f.surface {
            FaceSurface::Full(s) => s,
            FaceSurface::Compact { material, light } => Surface {
                material,
                light,
                ..Surface::default()
            },
        };
        Self {
            indices: f.indices.map(U32::new),
            surface: (&surface).into(),
        }
    }
}

// One 64-bit load and shifts, not six field loads: a fold over the faces
// vectorises this (decode_all in benches/gta.rs: 553 -> 432 us).
decode!(raw::FaceV2 => Face, |f| {
    let face = u64::from_le_bytes(zerocopy::transmute!(*f));
    let field = |shift: u32, mask: u64| face.wrapping_shr(shift) & mask;
    let index = |shift| u32::try_from(field(shift, 0xFFFF)).unwrap_or_default();
    let byte = |shift| u8::try_from(field(shift, 0xFF)).unwrap_or_default();
    Face {
        indices: [index(0), index(16), index(32)],
        surface: FaceSurface::Compact {
            material: byte(48),
            light: byte(56),
        },
    }
});

/// A face as COL2+ stores it: 16-bit indices (an error for a larger one), material
/// and light (byte 3 of a COLL surface, as SA reads it).
impl TryFrom<&Face> for raw::FaceV2 {
    type Error = core::num::TryFromIntError;

    fn try_from(f: &Face) -> Result<Self, Self::Error> {
        let [a, b, c] = f.indices;
        let index = |i: u32| u16::try_from(i).map(U16::new);
        Ok(Self {
            indices: [index(a)?, index(b)?, index(c)?],
            material: f.surface.material(),
            light: f.surface.light(),
        })
    }
}

decode!(raw::FaceGroup => FaceGroup, |g| FaceGroup {
    min: raw::vec3(&g.min),
    max: raw::vec3(&g.max),
    first: g.first.get(),
    last: g.last.get(),
});

impl From<&FaceGroup> for raw::FaceGroup {
    fn from(g: &FaceGroup) -> Self {
        Self {
            min: raw_vec3(g.min),
            max: raw_vec3(g.max),
            first: U16::new(g.first),
            last: U16::new(g.last),
        }
    }
}

/// A section of a model: a zero-copy slice of raw records, tagged with the model's
/// version because the record layout of some sections differs between COLL and
/// COL2+. Either way the records decode to the same type.
///
/// Use [`get`](Self::get) or [`iter`](Self::iter) for decoded values; match on it
/// (or, for sections with one layout, call [`as_slice`](Self::as_slice)) to reach
/// the raw records.
#[derive(Debug)]
pub enum Records<'a, V1, V2> {
    /// COLL records.
    Coll(&'a [V1]),
    /// COL2, COL3 or COL4 records.
    Col2(&'a [V2]),
}

// Derived `Clone`/`Copy` would demand `V1: Copy, V2: Copy`; the slices are Copy anyway.
impl<V1, V2> Clone for Records<'_, V1, V2> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<V1, V2> Copy for Records<'_, V1, V2> {}

impl<'a, V1, V2, T> Records<'a, V1, V2>
where
    V1: Decode<Output = T>,
    V2: Decode<Output = T>,
{
    /// Number of records.
    pub const fn len(&self) -> usize {
        match self {
            Self::Coll(s) => s.len(),
            Self::Col2(s) => s.len(),
        }
    }

    /// `true` when there are no records.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The decoded record at `index`, or `None` past the end.
    pub fn get(&self, index: usize) -> Option<T> {
        match self {
            Self::Coll(s) => s.get(index).map(Decode::decode),
            Self::Col2(s) => s.get(index).map(Decode::decode),
        }
    }

    /// Decoded records in file order.
    pub fn iter(&self) -> RecordIter<'a, V1, V2> {
        RecordIter { records: *self }
    }
}

impl<'a, T> Records<'a, T, T> {
    /// The raw records of a section whose layout is the same in every version
    /// (boxes, face groups, shadow mesh).
    pub const fn as_slice(&self) -> &'a [T] {
        match self {
            Self::Coll(s) | Self::Col2(s) => s,
        }
    }
}

impl<'a, V1, V2, T> IntoIterator for Records<'a, V1, V2>
where
    V1: Decode<Output = T>,
    V2: Decode<Output = T>,
{
    type Item = T;
    type IntoIter = RecordIter<'a, V1, V2>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Iterator over decoded [`Records`]: the records not yet handed out, front
/// and back, as a slice of one layout. Each step is a slice step and a decode,
/// with no index to check against a length.
#[derive(Debug)]
pub struct RecordIter<'a, V1, V2> {
    records: Records<'a, V1, V2>,
}

impl<V1, V2> Clone for RecordIter<'_, V1, V2> {
    fn clone(&self) -> Self {
        Self { ..*self }
    }
}

impl<V1, V2, T> Iterator for RecordIter<'_, V1, V2>
where
    V1: Decode<Output = T>,
    V2: Decode<Output = T>,
{
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        match &mut self.records {
            Records::Coll(s) => {
                let (first, rest) = s.split_first()?;
                *s = rest;
                Some(first.decode())
            }
            Records::Col2(s) => {
                let (first, rest) = s.split_first()?;
                *s = rest;
                Some(first.decode())
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.records.len();
        (n, Some(n))
    }

    #[inline]
    fn fold<B, F: FnMut(B, T) -> B>(self, init: B, mut f: F) -> B {
        match self.records {
            Records::Coll(s) => s.iter().fold(init, |acc, r| f(acc, r.decode())),
            Records::Col2(s) => s.iter().fold(init, |acc, r| f(acc, r.decode())),
        }
    }
}

impl<V1, V2, T> DoubleEndedIterator for RecordIter<'_, V1, V2>
where
    V1: Decode<Output = T>,
    V2: Decode<Output = T>,
{
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        match &mut self.records {
            Records::Coll(s) => {
                let (last, rest) = s.split_last()?;
                *s = rest;
                Some(last.decode())
            }
            Records::Col2(s) => {
                let (last, rest) = s.split_last()?;
                *s = rest;
                Some(last.decode())
            }
        }
    }
}

impl<V1, V2, T> ExactSizeIterator for RecordIter<'_, V1, V2>
where
    V1: Decode<Output = T>,
    V2: Decode<Output = T>,
{
}

impl<V1, V2, T> FusedIterator for RecordIter<'_, V1, V2>
where
    V1: Decode<Output = T>,
    V2: Decode<Output = T>,
{
}

/// Spheres: radius first in COLL, centre first in COL2+.
pub type Spheres<'a> = Records<'a, raw::SphereV1, raw::SphereV2>;
/// Axis-aligned boxes (one layout).
pub type Boxes<'a> = Records<'a, raw::CollisionBox, raw::CollisionBox>;
/// Lines: COL2+ adds a radius at each end.
pub type Lines<'a> = Records<'a, raw::LineV1, raw::LineV2>;
/// Vertices: floats in COLL, 8.7 fixed point in COL2+.
pub type Vertices<'a> = Records<'a, raw::VertexV1, raw::VertexV2>;
/// Faces: 32-bit indices and a full surface in COLL, 16-bit and material + light in COL2+.
pub type Faces<'a> = Records<'a, raw::FaceV1, raw::FaceV2>;
/// COL2+ face groups (empty for COLL).
pub type FaceGroups<'a> = Records<'a, raw::FaceGroup, raw::FaceGroup>;
/// COL3+ shadow-mesh vertices (empty before COL3).
pub type ShadowVertices<'a> = Records<'a, raw::VertexV2, raw::VertexV2>;
/// COL3+ shadow-mesh faces (empty before COL3).
pub type ShadowFaces<'a> = Records<'a, raw::FaceV2, raw::FaceV2>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_point_is_exact_for_every_i16() {
        for raw in i16::MIN..=i16::MAX {
            let expected = f32::from(raw) / FIXED_POINT_SCALE;
            assert_eq!(fixed_point(raw).to_bits(), expected.to_bits(), "{raw}");
            let from_bits = fixed_point_from_bits(raw);
            assert_eq!(from_bits.to_bits(), expected.to_bits(), "{raw}");
        }
    }
}
