//! GTA III, Vice City and San Andreas collision files (`.col`): COLL, COL2, COL3, COL4.
//!
//! A `.col` file is models back to back with no file header; each model names its
//! own version with a FourCC, so one library can mix versions ([`crate::guide::gta`]).
//!
//! ```
//! # fn main() -> Result<(), zerocol::gta::Error> {
//! # let bytes: &[u8] = include_bytes!("../../samples/sample.col");
//! use zerocol::gta::{self, Options};
//!
//! let mut walk = gta::models(bytes, Options::STRICT);
//! for model in walk.by_ref() {
//!     let model = model?;
//!     for face in model.faces() {
//!         let [a, b, c] = face.indices;
//!         // Validated at parse time: every index names a vertex.
//!         let _triangle = (model.vertices().get(a as usize), model.vertices().get(b as usize),
//!                          model.vertices().get(c as usize));
//!     }
//!     for group in model.face_groups() {
//!         let _faces = group.faces(); // decoded
//!     }
//!     if let Some(raw) = model.face_groups().as_slice().first() {
//!         let _first = raw.first.get(); // the zero-copy on-disk record
//!     }
//! }
//! assert_eq!(walk.end().map(|end| end.trailing_bytes), Some(0));
//! # Ok(()) }
//! ```
//!
//! # What is checked
//! Everything [`guide::gta`](crate::guide::gta) lists, once, when a model is parsed:
//! - the size is at least 24 (the name block) and the model lies inside the buffer;
//! - COLL: every count and its records lie inside the model, every face index is
//!   below the stored vertex count, and the sections end exactly at `size + 8`;
//! - COL2+: every non-zero offset is at or past the header end and
//!   `offset + count × stride ≤ size + 4` (offsets count from the model start + 4),
//!   a section with records never has offset 0, the derived vertex arrays (largest
//!   face index + 1) end before the next section, and face groups lie inside the
//!   model with `first <= last < faces`;
//! - after the last model, only zero bytes (sector padding) may follow.
//!
//! Engine limits (buffer sizes, runtime caps, fixed-point range) are reported by
//! [`Model::lints`], never rejected. [`Options::LENIENT`] accepts what the games
//! accept; [`recover`] walks damaged libraries.
//!
//! # Writing
//! Models and libraries are written into a caller buffer, in any version, from a
//! parsed [`Model`] or from a [`ModelRepr`] of decoded values.
//!
//! Every writer is a pair: [`required_len`] says how many bytes the output needs,
//! [`write()`] fills a buffer of at least that many. [`WriteOptions`] chooses the
//! version to write (a conversion when it differs from the source's), whether
//! to recompute the bounds, and what to do with face groups and shadow meshes;
//! [`losses()`] says what a conversion drops.
//!
//! The layout is the one real files have ([`guide::gta`](crate::guide::gta), "Writing"): the
//! sections in the order spheres, boxes, lines, vertices, faces, shadow vertices,
//! shadow faces; two zero bytes after a vertex array of odd length; face groups
//! just before the faces with their count last; offsets counted from just after
//! the FourCC, 0 for an empty section; flags 2, 8 and 16 set from the content; the
//! name NUL-padded. A model already in that layout is written back byte for byte.
//!
//! No allocation: face groups are generated in place, in the part of the output
//! buffer that receives the faces.
//!
//! A San Andreas COL3 model written from code: a floor of two triangles, its bounds
//! recomputed from the content, then read back by the strict parser.
//!
//! ```
//! use zerocol::gta::{self, Face, FaceSurface, Model, ModelRepr, Options, Version, WriteOptions};
//!
//! // Material 0 is "default" in San Andreas; light 0xF0: night light 15, day light 0.
//! let surface = FaceSurface::Compact { material: 0, light: 0xF0 };
//! let vertices = [[-4.0, -4.0, 0.0], [4.0, -4.0, 0.0], [4.0, 4.0, 0.0], [-4.0, 4.0, 0.0]];
//! let faces = [
//!     Face { indices: [0, 1, 2], surface },
//!     Face { indices: [0, 2, 3], surface },
//! ];
//! let floor = ModelRepr {
//!     model_id: 1337,
//!     vertices: &vertices,
//!     faces: &faces,
//!     ..ModelRepr::new(Version::Col3, b"my_floor")
//! };
//! let mut options = WriteOptions::AS_IS;
//! options.recompute_bounds = true;
//!
//! // No allocation: any buffer of at least `required_len` bytes.
//! let mut out = [0u8; 256];
//! assert!(gta::required_len(&floor, &options)? <= out.len());
//! let written = gta::write(&floor, &options, &mut out)?;
//!
//! let model = Model::parse(&out[..written], Options::STRICT).expect("the writer's output parses");
//! assert_eq!((model.version(), model.name(), model.model_id()), (Version::Col3, &b"my_floor"[..], 1337));
//! assert_eq!(model.faces().len(), 2);
//! assert_eq!(model.bounds().min, [-4.0, -4.0, 0.0]);
//! assert_eq!(model.bounds().max, [4.0, 4.0, 0.0]);
//! # Ok::<(), gta::WriteError>(())
//! ```

// # Stages (a note for developers, kept out of the API docs)
// The files import in one direction. Stages, in import order (a file imports only
// those before it; this `mod.rs` re-exports them): `raw` (on-disk structs) →
// `layout` (offsets, strides, section order, asserted against `raw`) → `records`
// (decoded values) → `content` (what bounds enclose) → `error` → `header` (a model's
// framing) → `view` ([`Model`] and its accessors) → `col2` (the COL2+ section rules
// in one straight line, and the derived vertex count) → `validate` (the parser:
// [`Model::parse`], [`Header::parse`]) → `lint` → `surfaces` (material names) →
// `walk` ([`models`], [`headers`], [`recover`]) → `dff` → `write` (the writers, a
// file per seam in `write/`) → `query` ([`crate::query::Query`] for [`Model`], its
// [`ShadowMesh`] and a [`FaceIndex`]).
mod col2;
mod content;
pub mod dff;
mod error;
mod header;
mod layout;
mod lint;
mod query;
pub mod raw;
mod records;
mod surfaces;
mod validate;
mod view;
mod walk;
mod write;

use core::fmt;

pub use content::{BOUNDS_TOLERANCE, COLL_BOUNDS_TOLERANCE, COLL_BOUNDS_TOLERANCE_RELATIVE};
pub use error::{Error, ErrorKind};
pub use header::{Header, RawBounds};
pub use lint::{
    Game, III_VC_BOX_CAP, III_VC_COUNT_CAP, III_VC_MODEL_BUFFER, LARGEST_COLLIDER_RADIUS, Lint,
    LintKind, Lints, SA_BOX_CAP, SA_MODEL_BUFFER, SPHERE_CAP, TRIANGLE_CAP,
};
pub use query::{FaceIndex, ShadowMesh};
pub use records::{
    Bounds, Boxes, CollisionBox, Decode, FIXED_POINT_SCALE, Face, FaceGroup, FaceGroups,
    FaceSurface, Faces, Line, Lines, RecordIter, Records, ShadowFaces, ShadowVertices, Sphere,
    Spheres, Surface, Vec3, Vertices, day_night,
};
pub use surfaces::{DEFAULT_MATERIAL, MappedMaterial, map_material, material_count, material_name};
pub use view::{Model, ModelParts};
pub use walk::{
    End, Headers, Models, RECOVERY_BUDGET, Recover, Recovered, Skipped, Summary, check, headers,
    models, recover,
};
pub use write::{
    FACE_GROUP_MAX_FACES, FACE_GROUP_MIN_FACES, FaceGroupMode, FaceGroupRanges, InputError,
    InputErrorKind, Losses, Mesh, ModelRepr, Name, Source, WriteError, WriteOptions,
    face_group_ranges, library_losses, library_required_len, losses, required_len, to_fixed_point,
    write, write_library,
};

/// A count or index for an error or lint field: exact for anything a model can
/// hold, `u32::MAX` past it.
fn saturate_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A model's format version, from its FourCC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Version {
    /// `COLL`: GTA III and Vice City (SA reads it too).
    Coll = 1,
    /// `COL2`: San Andreas, PS2.
    Col2 = 2,
    /// `COL3`: San Andreas, PC and Xbox; adds the shadow mesh.
    Col3 = 3,
    /// `COL4`: COL3 plus one unknown word; no file is known to exist.
    Col4 = 4,
}

impl Version {
    /// The version named by a FourCC, or `None` (where the games stop reading).
    pub fn from_fourcc(fourcc: impl AsRef<[u8]>) -> Option<Self> {
        match fourcc.as_ref() {
            b"COLL" => Some(Self::Coll),
            b"COL2" => Some(Self::Col2),
            b"COL3" => Some(Self::Col3),
            b"COL4" => Some(Self::Col4),
            _ => None,
        }
    }

    /// The FourCC.
    pub const fn fourcc(self) -> [u8; 4] {
        match self {
            Self::Coll => *b"COLL",
            Self::Col2 => *b"COL2",
            Self::Col3 => *b"COL3",
            Self::Col4 => *b"COL4",
        }
    }

    /// 1 for COLL, then 2, 3, 4.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// Length of the fixed part of a model, FourCC to first section: 72 for COLL
    /// (its counts sit inside the body), 108 / 120 / 124 for COL2 / COL3 / COL4.
    pub const fn header_len(self) -> usize {
        match self {
            Self::Coll => 72,
            Self::Col2 => 108,
            Self::Col3 => 120,
            Self::Col4 => 124,
        }
    }

    /// `true` for COL3 and COL4, whose header adds a shadow mesh.
    pub const fn has_shadow_mesh(self) -> bool {
        matches!(self, Self::Col3 | Self::Col4)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fourcc = self.fourcc();
        f.write_str(core::str::from_utf8(&fourcc).unwrap_or("COL?"))
    }
}

/// A section of a model, as named in errors and lints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Section {
    /// Collision spheres.
    Spheres,
    /// Axis-aligned boxes.
    Boxes,
    /// Lines (COL2+ suspension lines).
    Lines,
    /// Mesh vertices.
    Vertices,
    /// Mesh faces.
    Faces,
    /// COL2+ face groups.
    FaceGroups,
    /// COL3+ shadow-mesh vertices.
    ShadowVertices,
    /// COL3+ shadow-mesh faces.
    ShadowFaces,
    /// COL2+ triangle planes (never present in real files).
    TrianglePlanes,
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Spheres => "spheres",
            Self::Boxes => "boxes",
            Self::Lines => "lines",
            Self::Vertices => "vertices",
            Self::Faces => "faces",
            Self::FaceGroups => "face groups",
            Self::ShadowVertices => "shadow vertices",
            Self::ShadowFaces => "shadow faces",
            Self::TrianglePlanes => "triangle planes",
        })
    }
}

/// COL2+ header flags. Only the bits below are used; others are kept as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Flags(pub u32);

impl Flags {
    /// "Disks instead of lines": forced off by the engine on load.
    pub const USE_CONES: u32 = 1;
    /// The model has spheres, boxes, faces or shadow faces.
    pub const NOT_EMPTY: u32 = 2;
    /// Face groups precede the faces.
    pub const FACE_GROUPS: u32 = 8;
    /// COL3+: the model has a shadow mesh.
    pub const SHADOW_MESH: u32 = 16;

    /// The raw bits.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Flag 2.
    pub const fn not_empty(self) -> bool {
        self.0 & Self::NOT_EMPTY != 0
    }

    /// Flag 8: face groups are stored before the faces.
    pub const fn has_face_groups(self) -> bool {
        self.0 & Self::FACE_GROUPS != 0
    }

    /// Flag 16.
    pub const fn has_shadow_mesh(self) -> bool {
        self.0 & Self::SHADOW_MESH != 0
    }
}

/// How strictly to read. Start from [`Options::STRICT`] or [`Options::LENIENT`] and
/// set single fields to mix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Options {
    /// End the walk at the first bytes that are not a known FourCC, as the games
    /// do, and report what follows as trailing bytes (strict: only zero padding may
    /// follow the last model).
    pub stop_at_unknown_fourcc: bool,
    /// Accept a model whose declared size runs past the end of the buffer when every
    /// section it references lies inside (seen in a real file whose last size is 4
    /// bytes too large). Reported as [`LintKind::SizePastEnd`].
    pub allow_size_past_end: bool,
    /// Accept a COLL model whose sections end before its declared size (the games
    /// skip the rest). Reported as [`LintKind::UnparsedTail`].
    pub allow_coll_slack: bool,
    /// `.dff` files ([`dff::Dff::parse`]): read the Clump's children past its
    /// declared end while their headers stay inside the buffer (one real file's
    /// Clump is 720 bytes short of the Extension holding its collision).
    pub allow_short_clump: bool,
}

impl Options {
    /// Every rule of [`guide::gta`](crate::guide::gta) enforced.
    pub const STRICT: Self = Self {
        stop_at_unknown_fourcc: false,
        allow_size_past_end: false,
        allow_coll_slack: false,
        allow_short_clump: false,
    };

    /// What the games accept.
    pub const LENIENT: Self = Self {
        stop_at_unknown_fourcc: true,
        allow_size_past_end: true,
        allow_coll_slack: true,
        allow_short_clump: true,
    };
}
