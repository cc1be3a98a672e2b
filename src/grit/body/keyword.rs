//! The words of Grit's collision vocabulary: every literal of the engine's TCOL
//! lexer, which also names the properties BCOL stores (in lints and messages).
//!
//! The lexer that matches them in text is TCOL's (`tcol/lexer.rs`); the names are
//! shared, so that a BCOL lint can say `margin` without importing TCOL.

use core::fmt;

/// A TCOL keyword: every literal of the engine's lexer, including those its
/// parser never accepts (`friction`, `capsule`, …), which are lexed and then
/// rejected where they appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Keyword {
    /// `TCOL1.0`, the file header.
    Tcol,
    /// `attributes`.
    Attributes,
    /// `static`.
    Static,
    /// `mass`.
    Mass,
    /// `inertia`.
    Inertia,
    /// `friction` (lexed, never accepted).
    Friction,
    /// `restitution` (lexed, never accepted).
    Restitution,
    /// `linear_damping`.
    LinearDamping,
    /// `angular_damping`.
    AngularDamping,
    /// `linear_sleep_threshold`.
    LinearSleepThreshold,
    /// `angular_sleep_threshold`.
    AngularSleepThreshold,
    /// `ccd_motion_threshold`.
    CcdMotionThreshold,
    /// `ccd_swept_sphere_radius`.
    CcdSweptSphereRadius,
    /// `margin`.
    Margin,
    /// `material`.
    Material,
    /// `shrink`.
    Shrink,
    /// `centre`, or its synonym `center`.
    Centre,
    /// `normal`.
    Normal,
    /// `orientation`.
    Orientation,
    /// `dimensions`.
    Dimensions,
    /// `radius`.
    Radius,
    /// `height`.
    Height,
    /// `distance`.
    Distance,
    /// `vertexes`, or its synonym `vertices`.
    Vertexes,
    /// `faces`.
    Faces,
    /// `max_edge_angle_threshold` (lexed, never accepted).
    MaxEdgeAngleThreshold,
    /// `edge_distance_threshold`.
    EdgeDistanceThreshold,
    /// `compound`.
    Compound,
    /// `hull`.
    Hull,
    /// `box`.
    Box,
    /// `cylinder`.
    Cylinder,
    /// `cone`.
    Cone,
    /// `sphere`.
    Sphere,
    /// `plane`.
    Plane,
    /// `capsule` (lexed, never accepted).
    Capsule,
    /// `multisphere` (lexed, never accepted).
    Multisphere,
    /// `trimesh`.
    Trimesh,
}

impl Keyword {
    /// The canonical spelling (`centre`, `vertexes`: the engine's own).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Tcol => "TCOL1.0",
            Self::Attributes => "attributes",
            Self::Static => "static",
            Self::Mass => "mass",
            Self::Inertia => "inertia",
            Self::Friction => "friction",
            Self::Restitution => "restitution",
            Self::LinearDamping => "linear_damping",
            Self::AngularDamping => "angular_damping",
            Self::LinearSleepThreshold => "linear_sleep_threshold",
            Self::AngularSleepThreshold => "angular_sleep_threshold",
            Self::CcdMotionThreshold => "ccd_motion_threshold",
            Self::CcdSweptSphereRadius => "ccd_swept_sphere_radius",
            Self::Margin => "margin",
            Self::Material => "material",
            Self::Shrink => "shrink",
            Self::Centre => "centre",
            Self::Normal => "normal",
            Self::Orientation => "orientation",
            Self::Dimensions => "dimensions",
            Self::Radius => "radius",
            Self::Height => "height",
            Self::Distance => "distance",
            Self::Vertexes => "vertexes",
            Self::Faces => "faces",
            Self::MaxEdgeAngleThreshold => "max_edge_angle_threshold",
            Self::EdgeDistanceThreshold => "edge_distance_threshold",
            Self::Compound => "compound",
            Self::Hull => "hull",
            Self::Box => "box",
            Self::Cylinder => "cylinder",
            Self::Cone => "cone",
            Self::Sphere => "sphere",
            Self::Plane => "plane",
            Self::Capsule => "capsule",
            Self::Multisphere => "multisphere",
            Self::Trimesh => "trimesh",
        }
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
