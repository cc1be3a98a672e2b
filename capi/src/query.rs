//! The query types every format shares: segments, balls, hits and contacts. Each
//! format's module has its own `zc_<format>_cast`, `_ground`, `_overlap` and face index.

use zerocol::query::{Ball, Contact, Hit, Primitive, Segment};

use crate::boundary;
use crate::error::zc_status;

/// A segment from `start` to `end`, in the file's own space (GTA and Grit are Z-up).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_segment {
    /// Where the segment starts (`t = 0`).
    pub start: [f32; 3],
    /// Where it ends (`t = 1`).
    pub end: [f32; 3],
}

// SAFETY: floats only.
unsafe impl boundary::Plain for zc_segment {}

impl zc_segment {
    /// The library's segment.
    pub(crate) fn to_rust(self) -> Segment {
        Segment::new(self.start, self.end)
    }
}

/// A solid ball.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct zc_ball {
    /// Its centre.
    pub center: [f32; 3],
    /// Its radius.
    pub radius: f32,
}

// SAFETY: floats only.
unsafe impl boundary::Plain for zc_ball {}

impl zc_ball {
    /// The library's ball.
    pub(crate) fn to_rust(self) -> Ball {
        Ball {
            center: self.center,
            radius: self.radius,
        }
    }
}

/// The kind of primitive a query met (`zc_hit.primitive`, `zc_contact.primitive`).
/// Ties in `t` go to the kind listed first, then to the lower index.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum zc_primitive {
    /// A kind this header does not name.
    ZC_PRIMITIVE_OTHER = 0,
    /// A solid sphere.
    ZC_PRIMITIVE_SPHERE = 1,
    /// A solid box (axis-aligned in GTA, oriented elsewhere).
    ZC_PRIMITIVE_BOX = 2,
    /// A triangle of the mesh.
    ZC_PRIMITIVE_FACE = 3,
    /// A triangle of GTA's shadow mesh.
    ZC_PRIMITIVE_SHADOW_FACE = 4,
    /// An MKGP triangle wall.
    ZC_PRIMITIVE_WALL = 5,
    /// A solid cylinder.
    ZC_PRIMITIVE_CYLINDER = 6,
    /// A solid cone.
    ZC_PRIMITIVE_CONE = 7,
    /// A plane (a half-space).
    ZC_PRIMITIVE_PLANE = 8,
    /// A solid convex hull.
    ZC_PRIMITIVE_HULL = 9,
    /// A solid capsule.
    ZC_PRIMITIVE_CAPSULE = 10,
}

impl zc_primitive {
    /// The C code of a library primitive.
    pub(crate) fn of(primitive: Primitive) -> Self {
        match primitive {
            Primitive::Sphere => Self::ZC_PRIMITIVE_SPHERE,
            Primitive::Box => Self::ZC_PRIMITIVE_BOX,
            Primitive::Face => Self::ZC_PRIMITIVE_FACE,
            Primitive::ShadowFace => Self::ZC_PRIMITIVE_SHADOW_FACE,
            Primitive::Wall => Self::ZC_PRIMITIVE_WALL,
            Primitive::Cylinder => Self::ZC_PRIMITIVE_CYLINDER,
            Primitive::Cone => Self::ZC_PRIMITIVE_CONE,
            Primitive::Plane => Self::ZC_PRIMITIVE_PLANE,
            Primitive::Hull => Self::ZC_PRIMITIVE_HULL,
            Primitive::Capsule => Self::ZC_PRIMITIVE_CAPSULE,
            _ => Self::ZC_PRIMITIVE_OTHER,
        }
    }
}

/// Where a segment first meets a primitive.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct zc_hit {
    /// Where along the segment, in `[0, 1]`, never NaN (0: it starts inside a solid).
    pub t: f32,
    /// The point hit.
    pub point: [f32; 3],
    /// The unit normal there, facing the segment's start.
    pub normal: [f32; 3],
    /// The primitive's kind (a `zc_primitive`).
    pub primitive: u32,
    /// Its index in its table (spheres, boxes, faces, ...).
    pub index: u64,
    /// Its surface, as each format's cast function says.
    pub material: u32,
}

impl zc_hit {
    /// A library hit, with its material packed by `material`.
    pub(crate) fn of<M>(hit: &Hit<M>, material: impl FnOnce(&M) -> u32) -> Self {
        Self {
            t: hit.t,
            point: hit.point,
            normal: hit.normal,
            primitive: zc_primitive::of(hit.primitive) as u32,
            index: crate::convert::wide(hit.index),
            material: material(&hit.material),
        }
    }
}

/// A primitive a ball touches.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct zc_contact {
    /// How deep the ball reaches into it (0 when they only touch).
    pub depth: f32,
    /// The point of the primitive nearest the ball's centre.
    pub point: [f32; 3],
    /// The unit normal there, pointing from the primitive towards the centre.
    pub normal: [f32; 3],
    /// The primitive's kind (a `zc_primitive`).
    pub primitive: u32,
    /// Its index in its table.
    pub index: u64,
    /// Its surface, as each format's overlap function says.
    pub material: u32,
}

// SAFETY: integers and floats only (the caller's contact storage may hold any bits).
unsafe impl boundary::Plain for zc_contact {}

impl zc_contact {
    /// A library contact, with its material packed by `material`.
    pub(crate) fn of<M>(contact: &Contact<M>, material: impl FnOnce(&M) -> u32) -> Self {
        Self {
            depth: contact.depth,
            point: contact.point,
            normal: contact.normal,
            primitive: zc_primitive::of(contact.primitive) as u32,
            index: crate::convert::wide(contact.index),
            material: material(&contact.material),
        }
    }
}

/// The most contacts one overlap call writes (`zc_gta_model_overlap`,
/// `zc_gta_face_index_overlap`, `zc_mkgp_overlap`, `zc_battleforge_overlap`), whatever
/// `cap` is: the contacts are gathered on the stack first. The count returned is the
/// total all the same.
pub const ZC_OVERLAP_MAX: usize = 64;

/// The contacts an overlap finds: `overlap` fills a stack buffer of
/// [`ZC_OVERLAP_MAX`] (copies of `blank`) and says how many there are in all; the
/// first of them go to `out` as C contacts (as many as fit), and the count is returned.
pub(crate) fn overlap_into<M: Copy>(
    out: &mut [zc_contact],
    blank: Contact<M>,
    material: impl Fn(&M) -> u32,
    overlap: impl FnOnce(&mut [Contact<M>]) -> Result<usize, zc_status>,
) -> Result<usize, zc_status> {
    let mut local = [blank; ZC_OVERLAP_MAX];
    let n = overlap(&mut local)?;
    for (dst, src) in out.iter_mut().zip(local.iter().take(n)) {
        *dst = zc_contact::of(src, &material);
    }
    Ok(n)
}
