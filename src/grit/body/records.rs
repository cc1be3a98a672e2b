//! The decoded values both encodings hand out: the body's attributes with
//! their defaults, the compound's shapes and the trimesh's faces. Each encoding
//! decodes into them where it reads its lists (`tcol/validate.rs` for text,
//! `bcol/lists.rs` for records) and encodes from them in its writer.

use core::fmt;

use super::keyword::Keyword;
use super::lists::Vertices;

/// Margin of hulls, boxes, cylinders, cones and a dynamic body's trimesh when
/// none is given.
pub const DEFAULT_MARGIN: f32 = 0.04;
/// Margin of a static body's trimesh (it cannot be given).
pub const STATIC_TRIMESH_MARGIN: f32 = 0.0;
/// A trimesh's `edge_distance_threshold` when none is given (a dynamic body's
/// trimesh cannot give one).
pub const DEFAULT_EDGE_DISTANCE_THRESHOLD: f32 = 0.001;
/// `linear_damping` when none is given.
pub const DEFAULT_LINEAR_DAMPING: f32 = 0.5;
/// `angular_damping` when none is given.
pub const DEFAULT_ANGULAR_DAMPING: f32 = 0.5;
/// `linear_sleep_threshold` when none is given.
pub const DEFAULT_LINEAR_SLEEP_THRESHOLD: f32 = 1.0;
/// `angular_sleep_threshold` when none is given.
pub const DEFAULT_ANGULAR_SLEEP_THRESHOLD: f32 = 0.8;
/// `ccd_motion_threshold` when none is given (0: continuous collision off).
pub const DEFAULT_CCD_MOTION_THRESHOLD: f32 = 0.0;
/// `ccd_swept_sphere_radius` when none is given.
pub const DEFAULT_CCD_SWEPT_SPHERE_RADIUS: f32 = 0.0;
/// A hull's `shrink` when none is given.
pub const DEFAULT_SHRINK: f32 = 0.0;
/// The identity quaternion, `w x y z`: orientation when none is given.
pub const IDENTITY_ORIENTATION: [f32; 4] = [1.0, 0.0, 0.0, 0.0];

/// The body as a whole, defaults applied ([`guide::grit`](crate::guide::grit)).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Attributes {
    /// `static`: the body never moves.
    pub is_static: bool,
    /// Kilograms; 0 for a static body, above 0 otherwise.
    pub mass: f32,
    /// Inertia about the local axes; `None`: the engine computes it.
    pub inertia: Option<[f32; 3]>,
    /// Proportion of linear speed lost per second.
    pub linear_damping: f32,
    /// Proportion of angular speed lost per second.
    pub angular_damping: f32,
    /// Linear speed below which the body may sleep.
    pub linear_sleep_threshold: f32,
    /// Angular speed below which the body may sleep.
    pub angular_sleep_threshold: f32,
    /// Speed above which continuous collision detection starts (0: never).
    pub ccd_motion_threshold: f32,
    /// Radius of the sphere swept for continuous collision detection.
    pub ccd_swept_sphere_radius: f32,
}

impl Attributes {
    /// A static body with every default: what [`Options::LENIENT`](crate::grit::tcol::Options::LENIENT) assumes for a
    /// file without an attributes block (the old dialect; *choice*: such files
    /// are world geometry, which does not move).
    pub const STATIC: Self = Self {
        is_static: true,
        mass: 0.0,
        inertia: None,
        linear_damping: DEFAULT_LINEAR_DAMPING,
        angular_damping: DEFAULT_ANGULAR_DAMPING,
        linear_sleep_threshold: DEFAULT_LINEAR_SLEEP_THRESHOLD,
        angular_sleep_threshold: DEFAULT_ANGULAR_SLEEP_THRESHOLD,
        ccd_motion_threshold: DEFAULT_CCD_MOTION_THRESHOLD,
        ccd_swept_sphere_radius: DEFAULT_CCD_SWEPT_SPHERE_RADIUS,
    };
}

/// A kind of compound shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ShapeKind {
    /// Convex hull of its vertices.
    Hull,
    /// Box.
    Box,
    /// Z-aligned cylinder.
    Cylinder,
    /// Cone pointing to +Z.
    Cone,
    /// Infinite plane `n·x = d`.
    Plane,
    /// Sphere.
    Sphere,
}

impl ShapeKind {
    /// The keyword that opens it.
    pub const fn keyword(self) -> Keyword {
        match self {
            Self::Hull => Keyword::Hull,
            Self::Box => Keyword::Box,
            Self::Cylinder => Keyword::Cylinder,
            Self::Cone => Keyword::Cone,
            Self::Plane => Keyword::Plane,
            Self::Sphere => Keyword::Sphere,
        }
    }

    /// The shape a keyword opens, if any.
    pub const fn from_keyword(keyword: Keyword) -> Option<Self> {
        Some(match keyword {
            Keyword::Hull => Self::Hull,
            Keyword::Box => Self::Box,
            Keyword::Cylinder => Self::Cylinder,
            Keyword::Cone => Self::Cone,
            Keyword::Plane => Self::Plane,
            Keyword::Sphere => Self::Sphere,
            _ => return None,
        })
    }
}

impl fmt::Display for ShapeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword().as_str())
    }
}

/// One shape of the compound, defaults applied. Z is up; orientations are
/// quaternions `w x y z`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Shape<'a> {
    /// Convex hull of its vertices. The margin grows outwards.
    Hull {
        /// Physical material (relative to the file's directory unless it starts
        /// with `/`).
        material: &'a str,
        /// Collision margin.
        margin: f32,
        /// Distance the engine moves the hull's faces inwards (the vertices here
        /// are as written, not shrunk).
        shrink: f32,
        /// The vertices as written.
        vertices: Vertices<'a>,
    },
    /// Box. The margin grows inwards.
    Box(BoxLike<'a>),
    /// Z-aligned cylinder: radius `dimensions[0] / 2` (the engine ignores
    /// `dimensions[1]`), height `dimensions[2]`. The margin grows inwards.
    Cylinder(BoxLike<'a>),
    /// Cone pointing to +Z. The margin grows outwards.
    Cone {
        /// Physical material.
        material: &'a str,
        /// Collision margin.
        margin: f32,
        /// Centre.
        centre: [f32; 3],
        /// Orientation, `w x y z`.
        orientation: [f32; 4],
        /// Base radius.
        radius: f32,
        /// Height.
        height: f32,
    },
    /// Infinite plane `normal · x = distance`.
    Plane {
        /// Physical material.
        material: &'a str,
        /// Normal as written (not normalised).
        normal: [f32; 3],
        /// Distance from the origin along the normal.
        distance: f32,
    },
    /// Sphere (no margin).
    Sphere {
        /// Physical material.
        material: &'a str,
        /// Centre.
        centre: [f32; 3],
        /// Radius.
        radius: f32,
    },
}

impl<'a> Shape<'a> {
    /// Which kind.
    pub const fn kind(&self) -> ShapeKind {
        match self {
            Self::Hull { .. } => ShapeKind::Hull,
            Self::Box(_) => ShapeKind::Box,
            Self::Cylinder(_) => ShapeKind::Cylinder,
            Self::Cone { .. } => ShapeKind::Cone,
            Self::Plane { .. } => ShapeKind::Plane,
            Self::Sphere { .. } => ShapeKind::Sphere,
        }
    }

    /// The physical material.
    pub const fn material(&self) -> &'a str {
        match *self {
            Self::Box(BoxLike { material, .. }) | Self::Cylinder(BoxLike { material, .. }) => {
                material
            }
            Self::Hull { material, .. }
            | Self::Cone { material, .. }
            | Self::Plane { material, .. }
            | Self::Sphere { material, .. } => material,
        }
    }

    /// The collision margin; `None` for planes and spheres, which have none.
    pub const fn margin(&self) -> Option<f32> {
        match *self {
            Self::Box(BoxLike { margin, .. }) | Self::Cylinder(BoxLike { margin, .. }) => {
                Some(margin)
            }
            Self::Hull { margin, .. } | Self::Cone { margin, .. } => Some(margin),
            Self::Plane { .. } | Self::Sphere { .. } => None,
        }
    }

    /// A box's or a cylinder's values; `None` for other kinds.
    pub const fn box_like(&self) -> Option<BoxLike<'a>> {
        match *self {
            Self::Box(b) | Self::Cylinder(b) => Some(b),
            _ => None,
        }
    }

    /// A cylinder of these values when `kind` is [`ShapeKind::Cylinder`], else a
    /// box.
    pub(crate) const fn from_box_like(kind: ShapeKind, b: BoxLike<'a>) -> Self {
        if matches!(kind, ShapeKind::Cylinder) {
            Self::Cylinder(b)
        } else {
            Self::Box(b)
        }
    }
}

/// What a [`Shape::Box`] and a [`Shape::Cylinder`] both hold.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BoxLike<'a> {
    /// Physical material.
    pub material: &'a str,
    /// Collision margin.
    pub margin: f32,
    /// Centre.
    pub centre: [f32; 3],
    /// Orientation, `w x y z`.
    pub orientation: [f32; 4],
    /// Full extents along local x, y, z (a cylinder: radius `x / 2`, height `z`).
    pub dimensions: [f32; 3],
}

/// A trimesh face: three vertex indices, each below the vertex count (checked
/// at parse time), and its material. A [`FaceIndex`](crate::grit::FaceIndex)
/// stores it as an [`IndexedFace`](crate::grit::IndexedFace) (plain data).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Face<'a> {
    /// Vertex indices, in the file's winding.
    pub indices: [u32; 3],
    /// Physical material. In the old dialect that [`Options::LENIENT`](crate::grit::tcol::Options::LENIENT) accepts,
    /// the hex flags as written (`0x7`).
    pub material: &'a str,
}
