//! Engine limits: well-formed models the games may still fail on (docs/formats/gta.md,
//! "Engine limits worth a warning").

use core::fmt;

use super::layout::FIELD_SIZE;
use super::{Model, Section, Version, raw, saturate_u32};
use crate::math::zip3;

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

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::IiiVc => "GTA III/VC",
            Self::Sa => "GTA SA",
            Self::All => "GTA III/VC/SA",
        })
    }
}

/// III/VC read each model's `size` bytes into a 55,000-byte buffer
/// ([`LintKind::ModelTooLarge`] for COLL models above it).
pub const III_VC_MODEL_BUFFER: u32 = 55_000;
/// SA's collision file loader reads each model into 32 KiB
/// ([`LintKind::ModelTooLarge`] for models of any version above it).
pub const SA_MODEL_BUFFER: u32 = 32 * 1024;
/// Spheres tested per model at run time, every game ([`LintKind::TooMany`]).
pub const SPHERE_CAP: u32 = 128;
/// Boxes tested per model at run time by III/VC ([`LintKind::TooMany`], COLL only).
pub const III_VC_BOX_CAP: u32 = 32;
/// Boxes tested per model at run time by SA ([`LintKind::TooMany`]).
pub const SA_BOX_CAP: u32 = 64;
/// Triangles the engine tests at once; face groups narrow a large mesh below it
/// ([`LintKind::TooMany`] for models without face groups).
pub const TRIANGLE_CAP: u32 = 600;
/// III/VC read COLL counts as signed 16-bit ([`LintKind::CountOverInt16`] above it).
pub const III_VC_COUNT_CAP: u32 = 32_767;

/// Something a well-formed model does that the games may fail on, or that a lenient
/// rule let through, and where: [`LintKind`] says what, `offset` says where.
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
/// accepted it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// The model's `size` exceeds the buffer the game reads it into. At the size
    /// field (model start + 4).
    ModelTooLarge {
        /// The game.
        game: Game,
        /// The size field.
        size: u32,
        /// The game's buffer.
        buffer: u32,
    },
    /// More records than the game tests at run time. At the section's count field:
    /// COLL's count word before the records, or the COL2+ header field (model
    /// bytes 72, 74 and 76 for spheres, boxes and faces).
    TooMany {
        /// The game.
        game: Game,
        /// Spheres, boxes or faces.
        section: Section,
        /// Records in the model.
        count: u32,
        /// The game's cap.
        cap: u32,
    },
    /// A COLL count above 32,767, which III/VC read as a negative 16-bit number. At
    /// that count word.
    CountOverInt16 {
        /// The section.
        section: Section,
        /// The count.
        count: u32,
    },
    /// COLL vertices outside the COL2+ fixed-point range (-256 ..= 255.99, or not
    /// finite): the model cannot be converted to COL2+. At the first such vertex.
    VertexOutsideFixedPoint {
        /// Index of the first such vertex.
        first: u32,
        /// How many vertices are out of range.
        count: u32,
    },
    /// Content lies outside the stored bounding box (min, max) by more than one
    /// fixed-point step (1/128): vertices, shadow vertices, sphere extents or box
    /// corners. The game culls by the bounds, so it can miss collisions there. At the
    /// bounds (model start + 32).
    OutsideBounds {
        /// The first section with content outside.
        section: Section,
        /// Its first record outside.
        first: u32,
        /// Records outside, over every section.
        count: u32,
        /// The farthest any of them reaches past the box on one axis, in 1/128
        /// steps, rounded up (saturating).
        steps: u32,
    },
    /// A face group's box does not hold the vertices of its faces (by more than
    /// 1/128): the game skips the group's faces outside its box. At the group.
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
            Self::ModelTooLarge { game, size, buffer } => {
                write!(
                    f,
                    "model size {size} exceeds the {buffer}-byte buffer of {game}"
                )
            }
            Self::TooMany {
                game,
                section,
                count,
                cap,
            } => {
                write!(
                    f,
                    "{count} {section}: more than the {cap} {game} tests at once"
                )
            }
            Self::CountOverInt16 { section, count } => {
                write!(
                    f,
                    "{count} {section}: GTA III/VC read counts over 32767 as negative"
                )
            }
            Self::VertexOutsideFixedPoint { first, count } => write!(
                f,
                "{count} vertices (first #{first}) lie outside -256..256 and cannot be stored as COL2+ fixed point"
            ),
            Self::OutsideBounds {
                section,
                first,
                count,
                steps,
            } => write!(
                f,
                "{count} records lie outside the stored bounds (first: {section} #{first}; up to {} past them): recompute the bounds",
                f64::from(steps) / f64::from(super::FIXED_POINT_SCALE)
            ),
            Self::FaceGroupBox { group, faces } => write!(
                f,
                "face group {group}'s box does not hold {faces} of its faces"
            ),
            Self::SizePastEnd {
                declared_len,
                available,
            } => write!(
                f,
                "model declares {declared_len} bytes but the file holds only {available} (accepted: every section lies inside)"
            ),
            Self::UnparsedTail { bytes } => {
                write!(
                    f,
                    "{bytes} bytes after the last section and before the declared end were skipped"
                )
            }
        }
    }
}

/// One check: the lint it finds in a model, if any.
type Check = fn(&Model<'_>) -> Option<Lint>;

/// Every check, in the order lints are reported: first the [`TOLERATED`] checks of
/// what a lenient rule let through, then the engine limits.
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
    |m| too_large(m, Game::IiiVc, III_VC_MODEL_BUFFER),
    |m| too_large(m, Game::Sa, SA_MODEL_BUFFER),
    |m| {
        too_many(
            m,
            Game::All,
            Section::Spheres,
            m.spheres().len(),
            SPHERE_CAP,
        )
    },
    |m| {
        coll(m)
            .then(|| {
                too_many(
                    m,
                    Game::IiiVc,
                    Section::Boxes,
                    m.boxes().len(),
                    III_VC_BOX_CAP,
                )
            })
            .flatten()
    },
    |m| too_many(m, Game::Sa, Section::Boxes, m.boxes().len(), SA_BOX_CAP),
    // Face groups let the engine test a subset; without them it tests all.
    |m| {
        m.face_groups()
            .is_empty()
            .then(|| too_many(m, Game::All, Section::Faces, m.faces().len(), TRIANGLE_CAP))
            .flatten()
    },
    |m| over_int16(m, Section::Spheres, m.spheres().len()),
    |m| over_int16(m, Section::Lines, m.lines().len()),
    |m| over_int16(m, Section::Boxes, m.boxes().len()),
    |m| over_int16(m, Section::Vertices, m.vertices().len()),
    |m| over_int16(m, Section::Faces, m.faces().len()),
    |m| coll(m).then(|| vertices_outside_fixed_point(m)).flatten(),
    outside_bounds,
    face_group_boxes,
];

/// How far content may lie outside a stored box before it is a lint: one COL2+
/// fixed-point step.
const BOX_TOLERANCE: f32 = 1.0 / super::FIXED_POINT_SCALE;

/// How far `[lo, hi]` (per axis) reaches outside `min..max`, 0 inside; NaN
/// coordinates count as inside (other lints and the reader report them).
fn excess(min: [f32; 3], max: [f32; 3], lo: [f32; 3], hi: [f32; 3]) -> f32 {
    let below = zip3(min, lo, |m, l| m - l);
    let above = zip3(hi, max, |h, m| h - m);
    below.into_iter().chain(above).fold(0.0, f32::max)
}

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

/// Content outside the stored bounding box.
fn outside_bounds(m: &Model<'_>) -> Option<Lint> {
    let bounds = m.bounds();
    let (min, max) = (bounds.min, bounds.max);
    let mut first = None;
    let mut count = 0u32;
    let mut farthest = 0.0f32;
    let mut note = |section: Section, i: usize, by: f32| {
        if by > BOX_TOLERANCE {
            first.get_or_insert((section, i));
            count = count.saturating_add(1);
            farthest = farthest.max(by);
        }
    };
    // By index, not through the sections' iterators: sharing those with the reader
    // made the Cortex-M0 build of the reader 32 bytes larger (it stops inlining them).
    let vertices = m.vertices();
    for i in 0..vertices.len() {
        if let Some(v) = vertices.get(i) {
            note(Section::Vertices, i, excess(min, max, v, v));
        }
    }
    let spheres = m.spheres();
    for i in 0..spheres.len() {
        if let Some(s) = spheres.get(i) {
            let r = s.radius;
            let [x, y, z] = s.center;
            let (lo, hi) = ([x - r, y - r, z - r], [x + r, y + r, z + r]);
            note(Section::Spheres, i, excess(min, max, lo, hi));
        }
    }
    let boxes = m.boxes();
    for i in 0..boxes.len() {
        if let Some(b) = boxes.get(i) {
            note(Section::Boxes, i, excess(min, max, b.min, b.max));
        }
    }
    let shadow = m.shadow_vertices();
    for i in 0..shadow.len() {
        if let Some(v) = shadow.get(i) {
            note(Section::ShadowVertices, i, excess(min, max, v, v));
        }
    }
    let (section, first) = first?;
    Some(Lint {
        offset: m.offset().saturating_add(super::layout::BOUNDS_START),
        kind: LintKind::OutsideBounds {
            section,
            first: saturate_u32(first),
            count,
            steps: to_steps(farthest),
        },
    })
}

/// The first face group whose box does not hold its faces.
fn face_group_boxes(m: &Model<'_>) -> Option<Lint> {
    let groups = match m.face_groups() {
        super::Records::Coll(groups) | super::Records::Col2(groups) => groups,
    };
    let vertices = m.vertices();
    for (g, raw_group) in groups.iter().enumerate() {
        let group = super::Decode::decode(raw_group);
        let (min, max) = (group.min, group.max);
        let mut faces = 0u32;
        for face in group.faces().filter_map(|i| m.faces().get(i)) {
            let outside = face.indices.iter().any(|&i| {
                vertices
                    .get(i as usize)
                    .is_some_and(|v| excess(min, max, v, v) > BOX_TOLERANCE)
            });
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

fn coll(m: &Model<'_>) -> bool {
    m.version() == Version::Coll
}

/// The byte offset of the model's size field.
fn size_field(m: &Model<'_>) -> usize {
    m.offset().saturating_add(FIELD_SIZE)
}

/// III/VC load only COLL, so only COLL models meet their buffer.
fn too_large(m: &Model<'_>, game: Game, buffer: u32) -> Option<Lint> {
    let applies = game != Game::IiiVc || coll(m);
    let size = m.size();
    (applies && size > buffer).then(|| Lint {
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
