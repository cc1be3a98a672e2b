//! Stage `lint` (after `validate`): engine limits, well-formed models the games may still
//! fail on ([`guide::gta`](crate::guide::gta), "Engine limits worth a warning").

use core::fmt;

use super::content;
use super::layout::FIELD_SIZE;
use super::{Model, Section, Vec3, Version, raw, saturate_u32};

/// Which game a limit belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Game {
    /// GTA III and Vice City.
    IiiVc,
    /// GTA San Andreas.
    Sa,
    /// Every game of the three.
    All,
}

impl Game {
    /// The games that load models of `version`: all three for COLL, SA for COL2 and
    /// COL3, none for COL4 (SA has a COL4 model reader, but its file loaders never
    /// call it). A lint names only these.
    pub const fn loading(version: Version) -> Option<Self> {
        match version {
            Version::Coll => Some(Self::All),
            Version::Col2 | Version::Col3 => Some(Self::Sa),
            Version::Col4 => None,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::IiiVc => "GTA III/VC",
            Self::Sa => "GTA SA",
            Self::All => "GTA III/VC/SA",
        })
    }
}

/// III/VC copy each model's `size` bytes into a 55,000-byte buffer without a check
/// ([`LintKind::ModelTooLarge`] for COLL models above it).
pub const III_VC_MODEL_BUFFER: u32 = 55_000;
/// SA's loader of collision files named in its `.dat` files copies each model into
/// 32 KiB without a check ([`LintKind::ModelTooLarge`] for COLL, COL2 and COL3
/// models above it).
pub const SA_MODEL_BUFFER: u32 = 32 * 1024;
/// Spheres of a colliding model the games copy into fixed arrays
/// ([`LintKind::TooMany`]).
pub const SPHERE_CAP: u32 = 128;
/// Boxes III/VC collect into a fixed array, without a check ([`LintKind::TooMany`],
/// COLL only).
pub const III_VC_BOX_CAP: u32 = 32;
/// Boxes SA tests against one other object; it ignores the rest
/// ([`LintKind::TooMany`]).
pub const SA_BOX_CAP: u32 = 64;
/// Faces the games collect against one other object: those that touch its bounding
/// sphere ([`LintKind::CrowdedFaces`]).
pub const TRIANGLE_CAP: u32 = 600;
/// The radius, in units, of the largest bounding sphere [`LintKind::CrowdedFaces`]
/// assumes a colliding object has: the games collect a model's faces that touch
/// another object's bounding sphere, and the largest objects the games move are
/// vehicles. No public source states the largest vehicle's bounding radius; 50 is a
/// deliberately generous bound (SA's largest aircraft, the AT-400 and the Andromada,
/// are about 60 to 70 units long and wide, a radius of about 35 to 40).
pub const LARGEST_COLLIDER_RADIUS: u32 = 50;
/// [`LintKind::CrowdedFaces`] lays a grid of at most this many cells per axis over
/// a model's faces (cells of [`LARGEST_COLLIDER_RADIUS`], or wider for a model more
/// than 8 × 50 units across), which bounds its cost.
const CROWD_CELLS: u32 = 8;
/// III/VC read COLL counts as signed 16-bit ([`LintKind::CountOverInt16`] above it).
pub const III_VC_COUNT_CAP: u32 = 32_767;

/// Something a well-formed model does that the games may fail on, or that a lenient
/// rule let through, and where: [`LintKind`] says what, `offset` says where.
///
/// A lint names only the games that load the model's version
/// ([`Game::loading`]): a COL2 or COL3 model is never warned about III/VC, and a
/// COL4 model, which no game loads, gets only the lints of lenient rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lint {
    /// Byte offset, in the buffer given to [`models`](super::models) (or to
    /// [`Model::parse`]), of the field the lint is about; each [`LintKind`] variant
    /// says which.
    pub offset: usize,
    /// What.
    pub kind: LintKind,
}

impl Lint {
    /// `true` when a lenient rule let the model through: see
    /// [`LintKind::is_tolerated`].
    pub const fn is_tolerated(&self) -> bool {
        self.kind.is_tolerated()
    }
}

/// A limit of the games that a well-formed model exceeds, or a lenient rule that
/// accepted it. Its `Display` says, in one line, what the game does and what to do
/// ([`guide::gta`](crate::guide::gta), "Engine limits worth a warning", cites the loaders).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// The model's `size` exceeds a buffer the game copies it into without a
    /// check. At the size field (model start + 4).
    ModelTooLarge {
        /// The game.
        game: Game,
        /// The size field.
        size: u32,
        /// The game's buffer.
        buffer: u32,
    },
    /// More records than the game's collision test holds at once. At the section's
    /// count field: COLL's count word before the records, or the COL2+ header field
    /// (model bytes 72 and 74 for spheres and boxes). Faces are
    /// [`LintKind::CrowdedFaces`].
    TooMany {
        /// The game (or games: [`Game::All`] when the three share the cap).
        game: Game,
        /// Spheres or boxes.
        section: Section,
        /// Records in the model.
        count: u32,
        /// The game's cap.
        cap: u32,
    },
    /// More than [`TRIANGLE_CAP`] faces lie in one region that a sphere of radius
    /// [`LARGEST_COLLIDER_RADIUS`] may reach: the games collect the faces that touch
    /// another object's bounding sphere into 600-entry arrays (III/VC write past
    /// theirs, SA ignores the rest). The region is a box of at most 3 × 50 units a
    /// side (wider for a model more than 400 units across) that holds every sphere
    /// of that radius centred in its middle third; `count` counts the faces whose
    /// box meets it, at least as many as any such sphere touches, so a model without
    /// this lint never overflows. At the first of those faces.
    CrowdedFaces {
        /// The games that load the model.
        game: Game,
        /// Faces whose box meets the region.
        count: u32,
        /// The games' cap ([`TRIANGLE_CAP`]).
        cap: u32,
        /// Index of the first of them.
        first: u32,
        /// The region's centre, in the model's units, rounded to whole units.
        centre: [i32; 3],
        /// The region's size on each axis, rounded up to whole units.
        size: [u32; 3],
    },
    /// A COLL count above 32,767, which III/VC read as a signed 16-bit number. At
    /// that count word.
    CountOverInt16 {
        /// The section.
        section: Section,
        /// The count.
        count: u32,
    },
    /// COLL vertices outside the 1/128 fixed-point range (-256 ..= 255.99, or not
    /// finite), which SA converts COLL vertices to when it loads them and COL2+
    /// stores. At the first such vertex.
    VertexOutsideFixedPoint {
        /// Index of the first such vertex.
        first: u32,
        /// How many vertices are out of range.
        count: u32,
    },
    /// Content lies outside the stored bounds (box or sphere) by more than the
    /// format's precision ([`BOUNDS_TOLERANCE`](super::BOUNDS_TOLERANCE) for COL2+,
    /// [`COLL_BOUNDS_TOLERANCE`](super::COLL_BOUNDS_TOLERANCE) and its relative part
    /// for COLL): spheres, boxes, lines or faces, not the shadow mesh
    /// ([`guide::gta`](crate::guide::gta), "What the bounds enclose"). The games test the bounds
    /// first, so they can miss collisions there. At the bounds (model start + 32).
    OutsideBounds {
        /// The games that load the model.
        game: Game,
        /// The first section with content outside.
        section: Section,
        /// Its first record outside.
        first: u32,
        /// Records outside, over every section.
        count: u32,
        /// The farthest any of them reaches past the bounds (past the box on one
        /// axis, or past the sphere), in 1/128 steps, rounded up (saturating).
        steps: u32,
    },
    /// A face group's box does not hold the vertices of its faces (by more than
    /// 1/128): SA skips the group when another object misses its box. At the group.
    FaceGroupBox {
        /// The group.
        group: u32,
        /// Its faces with a vertex outside the box.
        faces: u32,
    },
    /// The declared size overruns the buffer; accepted by
    /// [`Options::allow_size_past_end`](super::Options::allow_size_past_end). At the
    /// size field (model start + 4).
    SizePastEnd {
        /// `size + 8`.
        declared_len: u64,
        /// Bytes the buffer held from the model start.
        available: usize,
    },
    /// A COLL model's sections end before its declared size; accepted by
    /// [`Options::allow_coll_slack`](super::Options::allow_coll_slack). At the first
    /// skipped byte, just past the last section.
    UnparsedTail {
        /// Bytes skipped.
        bytes: usize,
    },
}

impl LintKind {
    /// `true` for lints that record a lenient rule letting a model through (the
    /// model is outside the strict format; [`Model::tolerated`] lists them), `false`
    /// for engine limits.
    pub const fn is_tolerated(&self) -> bool {
        matches!(self, Self::SizePastEnd { .. } | Self::UnparsedTail { .. })
    }

    /// `true` for engine limits past which a game that loads the model writes past
    /// the end of a buffer (a likely crash) however the file is loaded: a model
    /// larger than the buffer III/VC copy it into ([`LintKind::ModelTooLarge`]),
    /// more spheres than the games' arrays hold, more boxes than III/VC's, and more
    /// faces than III/VC's array in one place ([`LintKind::CrowdedFaces`] for a
    /// model III/VC load). GTA SA's 32 KiB buffer is not one: it is used only for
    /// files named in its `.dat` files ([`LintKind::depends_on_loading`]), and a
    /// file streamed from an IMG archive is read in place. The other limits make
    /// collisions wrong or missed, not memory.
    ///
    /// ```
    /// use zerocol::gta::{Game, LintKind, Section};
    ///
    /// let spheres = LintKind::TooMany { game: Game::All, section: Section::Spheres, count: 129, cap: 128 };
    /// let boxes_sa = LintKind::TooMany { game: Game::Sa, section: Section::Boxes, count: 65, cap: 64 };
    /// assert!(spheres.may_crash());
    /// assert!(!boxes_sa.may_crash());
    /// ```
    pub const fn may_crash(&self) -> bool {
        match self {
            Self::ModelTooLarge { game, .. } => !matches!(game, Game::Sa),
            Self::TooMany {
                section: Section::Spheres,
                ..
            } => true,
            Self::TooMany {
                game,
                section: Section::Boxes,
                ..
            }
            | Self::CrowdedFaces { game, .. } => !matches!(game, Game::Sa),
            _ => false,
        }
    }

    /// `true` for engine limits that matter only when the game loads the file one
    /// way: SA's 32 KiB buffer ([`LintKind::ModelTooLarge`] with [`Game::Sa`]) is
    /// used for files named in its `.dat` files, not for files streamed from an IMG
    /// archive. [`Model::lints`] lists these after the limits that always apply.
    pub const fn depends_on_loading(&self) -> bool {
        matches!(self, Self::ModelTooLarge { game: Game::Sa, .. })
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte {} (0x{:x}): {}",
            self.offset, self.offset, self.kind
        )
    }
}

impl fmt::Display for LintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::ModelTooLarge {
                game: Game::Sa,
                size,
                buffer,
            } => write!(
                f,
                "model size {size} exceeds the {buffer}-byte buffer GTA SA copies each model into, \
                 unchecked, when it loads the file through a COLFILE line of its .dat files: \
                 loaded so, it overwrites memory (a likely crash); streamed from an IMG archive, \
                 it is read in place and harmless; split the model, or stream the file from an \
                 IMG archive"
            ),
            Self::ModelTooLarge { game, size, buffer } => write!(
                f,
                "model size {size} exceeds the {buffer}-byte buffer {game} copy each model into, \
                 unchecked: loading it overwrites memory (a likely crash); split the model"
            ),
            Self::TooMany {
                game,
                section: Section::Spheres,
                count,
                cap,
            } => write!(
                f,
                "{count} spheres in one model: in {game} a colliding model's spheres go into \
                 {cap}-entry arrays without a check, overwriting memory past them (a likely \
                 crash); use at most {cap}, merging spheres or using boxes or faces"
            ),
            Self::TooMany {
                game: Game::Sa,
                section: Section::Boxes,
                count,
                cap,
            } => write!(
                f,
                "{count} boxes in one model: GTA SA tests at most {cap} of them that touch another \
                 object's bounding sphere and ignores the rest (that object can pass through); \
                 use at most {cap}, or faces"
            ),
            Self::TooMany {
                game,
                section: Section::Boxes,
                count,
                cap,
            } => write!(
                f,
                "{count} boxes in one model: {game} collect the boxes that touch another object's \
                 bounding sphere into a {cap}-entry array without a check, overwriting memory \
                 past it (a likely crash); use at most {cap}, or faces"
            ),
            Self::TooMany {
                game,
                section,
                count,
                cap,
            } => write!(
                f,
                "{count} {section} in one model: {game} collect at most {cap} of them at once; \
                 use at most {cap}"
            ),
            Self::CrowdedFaces {
                game,
                count,
                cap,
                first,
                centre: [x, y, z],
                size: [sx, sy, sz],
            } => {
                write!(
                    f,
                    "{count} faces (first #{first}) meet the {sx}x{sy}x{sz} box around \
                     ({x}, {y}, {z}), where one object of radius up to {LARGEST_COLLIDER_RADIUS} \
                     may touch more than {cap}: "
                )?;
                match game {
                    Game::Sa => f.write_str(
                        "GTA SA tests at most 600 faces that touch another object's bounding \
                         sphere and ignores the rest (that object can pass through)",
                    )?,
                    _ => f.write_str(
                        "GTA III/VC collect the faces that touch another object's bounding \
                         sphere into a 600-entry array without a check, writing past it (a \
                         likely crash), and GTA SA ignores those past 600 (that object can pass \
                         through)",
                    )?,
                }
                f.write_str("; use fewer, larger faces there, or split the model")
            }
            Self::CountOverInt16 { section, count } => {
                // What III/VC read: the low 16 bits as a signed number.
                let [lo, hi, ..] = count.to_le_bytes();
                let read = i16::from_le_bytes([lo, hi]);
                write!(
                    f,
                    "{count} {section}: GTA III/VC read this count as the signed 16-bit number \
                     {read}, so the section comes out empty or short and the rest of the model is \
                     misread; use at most 32767 (split the model)"
                )
            }
            Self::VertexOutsideFixedPoint { first, count } => write!(
                f,
                "{count} vertices (first #{first}) lie outside -256..256: GTA SA loads COLL \
                 vertices as 16-bit 1/128 fixed point, so these wrap to the far side (and COL2+ \
                 cannot store them); keep the mesh within 256 units of the model's origin"
            ),
            Self::OutsideBounds {
                game,
                section,
                first,
                count,
                steps,
            } => write!(
                f,
                "{count} records lie outside the stored bounds (first: {section} #{first}; up to {} \
                 past them): {game} test the bounds before the spheres, boxes and faces, so \
                 collisions there can be missed; recompute the bounds (`convert \
                 --recompute-bounds`)",
                f64::from(steps) / f64::from(super::FIXED_POINT_SCALE)
            ),
            Self::FaceGroupBox { group, faces } => write!(
                f,
                "face group {group}'s box misses a vertex of {faces} of its faces: GTA SA skips \
                 the group's faces when another object misses the box, so it can pass through \
                 them; recompute the boxes (`convert --recompute-bounds`)"
            ),
            Self::SizePastEnd {
                declared_len,
                available,
            } => write!(
                f,
                "model declares {declared_len} bytes but the file holds only {available}: the game \
                 reads past the end of the file, which is harmless here as every section lies \
                 inside; rewrite the model (`convert`) to fix its size"
            ),
            Self::UnparsedTail { bytes } => write!(
                f,
                "{bytes} bytes lie between the last section and the model's declared end: the \
                 game skips them; rewrite the model (`convert`) to drop them"
            ),
        }
    }
}

/// One check: the lint it finds in a model, if any.
type Check = fn(&Model<'_>) -> Option<Lint>;

/// Every check, in the order lints are reported: first the [`TOLERATED`] checks of
/// what a lenient rule let through, then the engine limits of the games that load
/// the model's version ([`Game::loading`]) that always apply, then those that
/// [depend on how the file is loaded](LintKind::depends_on_loading).
const CHECKS: [Check; 16] = [
    |m| {
        m.is_truncated().then(|| Lint {
            offset: size_field(m),
            kind: LintKind::SizePastEnd {
                declared_len: m.declared_len(),
                available: m.len(),
            },
        })
    },
    |m| {
        let bytes = m.unparsed_tail();
        (bytes > 0).then(|| Lint {
            offset: m.offset().saturating_add(m.len().saturating_sub(bytes)),
            kind: LintKind::UnparsedTail { bytes },
        })
    },
    // III/VC load only COLL.
    |m| coll(m).then(|| too_large(m, Game::IiiVc, III_VC_MODEL_BUFFER))?,
    |m| {
        too_many(
            m,
            Game::loading(m.version())?,
            Section::Spheres,
            m.spheres().len(),
            SPHERE_CAP,
        )
    },
    |m| {
        coll(m).then(|| {
            too_many(
                m,
                Game::IiiVc,
                Section::Boxes,
                m.boxes().len(),
                III_VC_BOX_CAP,
            )
        })?
    },
    |m| sa(m).then(|| too_many(m, Game::Sa, Section::Boxes, m.boxes().len(), SA_BOX_CAP))?,
    // Face groups only spare the test of faces whose group's box the other object
    // misses: the faces collected are the same, so the cap applies with them too.
    crowded_faces,
    |m| over_int16(m, Section::Spheres, m.spheres().len()),
    |m| over_int16(m, Section::Lines, m.lines().len()),
    |m| over_int16(m, Section::Boxes, m.boxes().len()),
    |m| over_int16(m, Section::Vertices, m.vertices().len()),
    |m| over_int16(m, Section::Faces, m.faces().len()),
    |m| coll(m).then(|| vertices_outside_fixed_point(m))?,
    outside_bounds,
    face_group_boxes,
    // Last: the limits that depend on how the game loads the file.
    |m| sa(m).then(|| too_large(m, Game::Sa, SA_MODEL_BUFFER))?,
];

/// A positive distance in 1/128 steps, rounded up, saturating.
fn to_steps(distance: f32) -> u32 {
    let steps = distance * super::FIXED_POINT_SCALE;
    if steps >= u32::MAX as f32 {
        return u32::MAX;
    }
    // `as` saturates and maps NaN to 0; the ceiling is taken by hand (no `std`).
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a saturating conversion is what is wanted"
    )]
    let whole = steps as u32;
    if (whole as f32) < steps {
        whole.saturating_add(1)
    } else {
        whole
    }
}

/// Content outside the stored bounds, by the one definition of what they enclose
/// ([`content::shapes`]) and the format's precision ([`Shape::beyond`]).
fn outside_bounds(m: &Model<'_>) -> Option<Lint> {
    let game = Game::loading(m.version())?;
    let bounds = m.bounds();
    let version = m.version();
    let mut first = None;
    let mut count = 0u32;
    let mut farthest = 0.0f32;
    content::shapes(m, |section, i, shape| {
        let by = shape.beyond(&bounds, version);
        if by > 0.0 {
            first.get_or_insert((section, i));
            count = count.saturating_add(1);
            farthest = farthest.max(by);
        }
    });
    let (section, first) = first?;
    Some(Lint {
        offset: m.offset().saturating_add(super::layout::BOUNDS_START),
        kind: LintKind::OutsideBounds {
            game,
            section,
            first: saturate_u32(first),
            count,
            steps: to_steps(farthest),
        },
    })
}

/// The first face group whose box does not hold its faces.
fn face_group_boxes(m: &Model<'_>) -> Option<Lint> {
    Game::loading(m.version())?;
    let groups = match m.face_groups() {
        super::Records::Coll(groups) | super::Records::Col2(groups) => groups,
    };
    let version = m.version();
    let face = content::model_faces(m);
    for (g, raw_group) in groups.iter().enumerate() {
        let group = super::Decode::decode(raw_group);
        let mut faces = 0u32;
        for i in group.faces() {
            let outside =
                face(i).is_some_and(|face| face.past_box(group.min, group.max, version) > 0.0);
            if outside {
                faces = faces.saturating_add(1);
            }
        }
        if faces > 0 {
            // The group's record position, from the slice the model handed out.
            let at = (raw_group as *const raw::FaceGroup as usize)
                .checked_sub(m.bytes().as_ptr() as usize)
                .and_then(|at| at.checked_add(m.offset()))
                .unwrap_or(usize::MAX);
            return Some(Lint {
                offset: at,
                kind: LintKind::FaceGroupBox {
                    group: saturate_u32(g),
                    faces,
                },
            });
        }
    }
    None
}

/// One face's box, in `f64` (exact for every `f32`), or `None` for a face whose
/// vertices cannot be read or are not finite (nothing can be said of where the
/// game puts those).
type FaceBox = Option<([f64; 3], [f64; 3])>;

/// The box of face `i` of `face` as [`FaceBox`].
fn face_box(face: &impl Fn(usize) -> Option<content::Shape>, i: usize) -> FaceBox {
    let shape = face(i)?;
    // Every corner, not only the box: `f32::min` and `max` drop a NaN, so a face with
    // one NaN corner would otherwise get the finite box of its other two.
    if let content::Shape::Triangle(corners) = shape {
        if !corners.iter().flatten().all(|c| c.is_finite()) {
            return None;
        }
    }
    let (lo, hi) = shape.extent();
    let finite = |v: Vec3| v.iter().all(|c| c.is_finite());
    (finite(lo) && finite(hi)).then(|| (lo.map(f64::from), hi.map(f64::from)))
}

/// A region that may hold more than [`TRIANGLE_CAP`] faces a sphere of radius
/// [`LARGEST_COLLIDER_RADIUS`] touches ([`LintKind::CrowdedFaces`]).
///
/// The rule: lay a grid over the box of the model's (finite) faces, from its
/// minimum corner, with cells of `c = max(R, extent / 8)` on each axis. A sphere
/// of radius `R` fits in a cube of side `2R <= 2c`, which starts in some cell and
/// so lies within the window of three cells from there; a face it touches has its
/// box meet that window. So counting, for each window, the faces whose box meets
/// it bounds from above what any such sphere touches: no window over the cap, no
/// overflow. Windows starting before the first cell hold no more than the first
/// one; windows past the last hold nothing. The windows are visited axis by axis,
/// skipping those whose slab (the window on the first axes only) already holds
/// at most the cap, and the first one over it is reported: at most `9 + 81 + 729`
/// passes over the faces, whatever the input.
fn crowded_faces(m: &Model<'_>) -> Option<Lint> {
    let game = Game::loading(m.version())?;
    let n = m.faces().len();
    if saturate_u32(n) <= TRIANGLE_CAP {
        return None;
    }
    let face = content::model_faces(m);
    let mut min = [f64::INFINITY; 3];
    let mut max = [f64::NEG_INFINITY; 3];
    for i in 0..n {
        if let Some((lo, hi)) = face_box(&face, i) {
            for ((min, max), (lo, hi)) in min.iter_mut().zip(&mut max).zip(lo.into_iter().zip(hi)) {
                *min = min.min(lo);
                *max = max.max(hi);
            }
        }
    }
    let radius = f64::from(LARGEST_COLLIDER_RADIUS);
    let cells = f64::from(CROWD_CELLS);
    let cell = [0, 1, 2].map(|a| {
        let (lo, hi) = (
            min.get(a).copied().unwrap_or(0.0),
            max.get(a).copied().unwrap_or(0.0),
        );
        radius.max((hi - lo) / cells)
    });
    // Window `k` on axis `a`: three cells from cell `k`, widened by 1/1024 of a
    // cell on each side against rounding. `None` past the last cell.
    let window = |a: usize, k: u32| -> Option<(f64, f64)> {
        let (lo, hi, c) = (*min.get(a)?, *max.get(a)?, *cell.get(a)?);
        let start = lo + f64::from(k) * c;
        (k <= CROWD_CELLS && start <= hi).then(|| {
            let slack = c / 1024.0;
            (start - slack, start + 3.0 * c + slack)
        })
    };
    // The faces whose box meets the windows given (an axis without one is open),
    // and the first of them.
    let count = |windows: [Option<(f64, f64)>; 3]| {
        let mut count = 0u32;
        let mut first = None;
        for i in 0..n {
            let Some((lo, hi)) = face_box(&face, i) else {
                continue;
            };
            let meets = windows
                .iter()
                .zip(lo.iter().zip(&hi))
                .all(|(w, (lo, hi))| w.is_none_or(|(w0, w1)| *hi >= w0 && *lo <= w1));
            if meets {
                count = count.saturating_add(1);
                first.get_or_insert(i);
            }
        }
        (count, first)
    };
    for kx in 0..=CROWD_CELLS {
        let x = window(0, kx);
        if x.is_none() {
            break;
        }
        if count([x, None, None]).0 <= TRIANGLE_CAP {
            continue;
        }
        for ky in 0..=CROWD_CELLS {
            let y = window(1, ky);
            if y.is_none() {
                break;
            }
            if count([x, y, None]).0 <= TRIANGLE_CAP {
                continue;
            }
            for kz in 0..=CROWD_CELLS {
                let z = window(2, kz);
                if z.is_none() {
                    break;
                }
                let (faces, first) = count([x, y, z]);
                if faces <= TRIANGLE_CAP {
                    continue;
                }
                let first = first?;
                let mut centre = [0; 3];
                let mut size = [0; 3];
                for (a, k) in [kx, ky, kz].into_iter().enumerate() {
                    let (lo, c) = (*min.get(a)?, *cell.get(a)?);
                    let start = lo + f64::from(k) * c;
                    *centre.get_mut(a)? = nearest(start + 1.5 * c);
                    *size.get_mut(a)? = ceil_u32(3.0 * c);
                }
                return Some(Lint {
                    offset: face_offset(m, first),
                    kind: LintKind::CrowdedFaces {
                        game,
                        count: faces,
                        cap: TRIANGLE_CAP,
                        first: saturate_u32(first),
                        centre,
                        size,
                    },
                });
            }
        }
    }
    None
}

/// `x` rounded to the nearest whole number, saturating.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a saturating conversion is what is wanted"
)]
fn nearest(x: f64) -> i32 {
    let whole = x as i32;
    let fraction = x - f64::from(whole);
    if fraction >= 0.5 {
        whole.saturating_add(1)
    } else if fraction <= -0.5 {
        whole.saturating_sub(1)
    } else {
        whole
    }
}

/// A positive `x` rounded up to a whole number, saturating.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a saturating conversion is what is wanted"
)]
fn ceil_u32(x: f64) -> u32 {
    let whole = x as u32;
    if f64::from(whole) < x {
        whole.saturating_add(1)
    } else {
        whole
    }
}

/// The byte offset, in the buffer, of face `i`'s record.
fn face_offset(m: &Model<'_>, i: usize) -> usize {
    let at = match m.faces() {
        super::Records::Coll(faces) => faces.get(i).map(|f| core::ptr::from_ref(f) as usize),
        super::Records::Col2(faces) => faces.get(i).map(|f| core::ptr::from_ref(f) as usize),
    };
    at.and_then(|at| at.checked_sub(m.bytes().as_ptr() as usize))
        .and_then(|at| at.checked_add(m.offset()))
        .unwrap_or(usize::MAX)
}

/// The first checks of [`CHECKS`], whose lints are [`LintKind::is_tolerated`].
const TOLERATED: usize = 2;

/// The lints of one model, computed on demand without allocation.
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    model: Model<'a>,
    next: usize,
    /// Past the last check to run.
    end: usize,
}

impl<'a> Lints<'a> {
    /// Every lint of `model`.
    pub(crate) const fn new(model: Model<'a>) -> Self {
        Self {
            model,
            next: 0,
            end: CHECKS.len(),
        }
    }

    /// The lints of what a lenient rule let through.
    pub(crate) const fn tolerated(model: Model<'a>) -> Self {
        Self {
            model,
            next: 0,
            end: TOLERATED,
        }
    }
}

impl Lints<'_> {
    /// Where the next check starts: the position [`Lints::resume`] continues from (at
    /// most 16; a finished iterator stays at its end).
    pub const fn position(&self) -> usize {
        self.next
    }

    /// These lints resumed at `position`, which [`Lints::position`] of the same
    /// iterator (`lints()` or `tolerated()` of the same model) returned: for callers
    /// that cannot keep the iterator (the C API keeps the position in a C struct).
    /// A position past the end gives no more lints. Each lint costs only the checks
    /// between two positions, so a whole resumed walk costs what one walk does.
    #[must_use]
    pub const fn resume(mut self, position: usize) -> Self {
        self.next = if position < self.end {
            position
        } else {
            self.end
        };
        self
    }
}

impl<'a> Model<'a> {
    /// Engine limits this model exceeds (the games may fail on it, but it is
    /// well-formed), after what a lenient rule let through; the limits that
    /// [depend on how the file is loaded](LintKind::depends_on_loading) come last.
    /// See [`Lint`](super::Lint).
    pub fn lints(&self) -> Lints<'a> {
        Lints::new(*self)
    }

    /// The lints of what a lenient rule let through, those whose
    /// [`is_tolerated`](super::Lint::is_tolerated) is `true`: never any for a model
    /// read with [`Options::STRICT`](super::Options::STRICT).
    pub fn tolerated(&self) -> Lints<'a> {
        Lints::tolerated(*self)
    }
}

fn coll(m: &Model<'_>) -> bool {
    m.version() == Version::Coll
}

/// SA loads COLL, COL2 and COL3.
fn sa(m: &Model<'_>) -> bool {
    Game::loading(m.version()).is_some()
}

/// The byte offset of the model's size field.
fn size_field(m: &Model<'_>) -> usize {
    m.offset().saturating_add(FIELD_SIZE)
}

fn too_large(m: &Model<'_>, game: Game, buffer: u32) -> Option<Lint> {
    let size = m.size();
    (size > buffer).then(|| Lint {
        offset: size_field(m),
        kind: LintKind::ModelTooLarge { game, size, buffer },
    })
}

fn too_many(m: &Model<'_>, game: Game, section: Section, count: usize, cap: u32) -> Option<Lint> {
    let count = saturate_u32(count);
    (count > cap).then(|| Lint {
        offset: m.count_field(section),
        kind: LintKind::TooMany {
            game,
            section,
            count,
            cap,
        },
    })
}

/// III/VC read COLL counts as i16.
fn over_int16(m: &Model<'_>, section: Section, count: usize) -> Option<Lint> {
    let count = saturate_u32(count);
    (coll(m) && count > III_VC_COUNT_CAP).then(|| Lint {
        offset: m.count_field(section),
        kind: LintKind::CountOverInt16 { section, count },
    })
}

/// First and number of COLL vertices whose coordinates would not survive the
/// conversion to 8.7 fixed point (after rounding to the nearest step).
fn vertices_outside_fixed_point(m: &Model<'_>) -> Option<Lint> {
    let fits = |c: f32| {
        let steps = c * super::FIXED_POINT_SCALE;
        steps > -32_768.5 && steps < 32_767.5
    };
    let mut first = None;
    let mut count = 0u32;
    for (i, v) in m.vertices().iter().enumerate() {
        if !v.iter().all(|&c| fits(c)) {
            first.get_or_insert(i);
            count = count.saturating_add(1);
        }
    }
    let first = first?;
    // COLL vertices follow their count word.
    let offset = first
        .checked_mul(size_of::<raw::VertexV1>())
        .and_then(|o| o.checked_add(size_of::<u32>()))
        .and_then(|o| o.checked_add(m.count_field(Section::Vertices)))
        .unwrap_or(usize::MAX);
    Some(Lint {
        offset,
        kind: LintKind::VertexOutsideFixedPoint {
            first: saturate_u32(first),
            count,
        },
    })
}

impl Iterator for Lints<'_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        while self.next < self.end {
            let check = CHECKS.get(self.next)?;
            let tolerated = self.next < TOLERATED;
            self.next = self.next.saturating_add(1);
            if let Some(lint) = check(&self.model) {
                debug_assert_eq!(lint.is_tolerated(), tolerated, "{lint:?}");
                return Some(lint);
            }
        }
        None
    }
}

impl core::iter::FusedIterator for Lints<'_> {}
