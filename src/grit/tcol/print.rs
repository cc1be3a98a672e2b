//! The canonical TCOL printer: any body the views describe (read from TCOL or
//! BCOL) as text the parser reads back to the same values, bit for bit, into a
//! `core::fmt::Write` ([`print`], [`Tcol::print`]) or a caller's byte buffer
//! ([`required_len`] then [`write()`]).

use core::fmt::{self, Write as _};

use super::view::Tcol;
use crate::grit::body::{
    Attributes, DEFAULT_ANGULAR_DAMPING, DEFAULT_ANGULAR_SLEEP_THRESHOLD,
    DEFAULT_CCD_MOTION_THRESHOLD, DEFAULT_CCD_SWEPT_SPHERE_RADIUS, DEFAULT_EDGE_DISTANCE_THRESHOLD,
    DEFAULT_LINEAR_DAMPING, DEFAULT_LINEAR_SLEEP_THRESHOLD, DEFAULT_MARGIN, DEFAULT_SHRINK,
    IDENTITY_ORIENTATION, Keyword, STATIC_TRIMESH_MARGIN, Shape, Trimesh, Vertices,
};
use crate::wire;

/// Why a body could not be printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum PrintError {
    /// A value TCOL cannot hold, found before anything was written.
    Invalid {
        /// Where in the body.
        at: Place,
        /// What is wrong with it.
        problem: Problem,
    },
    /// The output refused a write (its `core::fmt::Write` returned an error);
    /// what came before it was written.
    Write,
}

/// Where in a body an unprintable value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Place {
    /// An attribute: [`Keyword::Mass`], [`Keyword::Inertia`],
    /// [`Keyword::LinearDamping`], …
    Attribute(Keyword),
    /// A property of the compound's shape `index` (from 0):
    /// [`Keyword::Material`], [`Keyword::Margin`], [`Keyword::Centre`], …
    Shape {
        /// The shape, from 0, in order.
        index: usize,
        /// The property.
        property: Keyword,
    },
    /// A vertex of a hull.
    HullVertex {
        /// The hull, from 0, among all shapes.
        shape: usize,
        /// The vertex, from 0.
        vertex: usize,
    },
    /// The trimesh's [`Keyword::Margin`] or [`Keyword::EdgeDistanceThreshold`].
    Trimesh(Keyword),
    /// A trimesh vertex, from 0.
    TrimeshVertex(usize),
    /// A trimesh face, from 0: its indices or its material.
    Face(usize),
}

/// What makes a value unprintable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Problem {
    /// NaN or an infinity: TCOL has no literal for them.
    NotFinite,
    /// Below 0 where the parser takes only non-negative values (margin,
    /// shrink, mass, dampings, `edge_distance_threshold`).
    Negative,
    /// A dynamic body's mass of 0 (the parser wants `static` instead).
    ZeroMass,
    /// A value TCOL has no syntax for that differs from what the parser
    /// assumes: a static body's mass or trimesh margin other than 0, a dynamic
    /// body's `edge_distance_threshold` other than the default.
    NoSyntax,
    /// A material with a `"` (TCOL strings have no escapes) or a NUL byte.
    UnwritableString,
    /// A face index not below the trimesh's vertex count.
    IndexOutOfRange,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Attribute(k) => write!(f, "attribute `{k}`"),
            Self::Shape { index, property } => write!(f, "shape {index}, `{property}`"),
            Self::HullVertex { shape, vertex } => write!(f, "shape {shape}, vertex {vertex}"),
            Self::Trimesh(k) => write!(f, "trimesh `{k}`"),
            Self::TrimeshVertex(i) => write!(f, "trimesh vertex {i}"),
            Self::Face(i) => write!(f, "trimesh face {i}"),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NotFinite => "NaN or infinity, which TCOL cannot write",
            Self::Negative => "negative, which the parser rejects",
            Self::ZeroMass => "a mass of 0, which the parser rejects (use `static`)",
            Self::NoSyntax => "a value TCOL has no syntax for",
            Self::UnwritableString => "a `\"` or NUL byte, which a TCOL string cannot hold",
            Self::IndexOutOfRange => "an index beyond the vertex list",
        })
    }
}

impl fmt::Display for PrintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Invalid { at, problem } => InputError { at, problem }.fmt(f),
            Self::Write => f.write_str("the output refused a write"),
        }
    }
}

impl core::error::Error for PrintError {}

/// A value TCOL cannot hold, the reason [`write()`] and [`required_len`] give
/// in [`WriteError::Invalid`](crate::wire::WriteError::Invalid) (and [`print`] in
/// [`PrintError::Invalid`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct InputError {
    /// Where in the body.
    pub at: Place,
    /// What is wrong with it.
    pub problem: Problem,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot print TCOL: {}: {}", self.at, self.problem)
    }
}

impl core::error::Error for InputError {}

/// Why [`write()`] wrote nothing: a value TCOL cannot hold
/// ([`InputError`]), a buffer shorter than [`required_len`], or text longer
/// than `usize::MAX` bytes.
pub type WriteError = wire::WriteError<InputError>;

/// The printer's error as the byte-buffer writer's: only the counter of
/// [`required_len`] refuses a write (at `usize::MAX` bytes), since [`write()`]
/// prints into a buffer of the length it counted.
fn write_error(error: PrintError) -> WriteError {
    match error {
        PrintError::Invalid { at, problem } => WriteError::Invalid(InputError { at, problem }),
        PrintError::Write => WriteError::TooLarge,
    }
}

/// Prints a body (from [`Tcol`] or [`bcol::Bcol`](crate::grit::bcol::Bcol)) as
/// canonical TCOL into `out`: its attributes, its compound's shapes in order,
/// and its trimesh. Parsing the text gives back these values bit for bit.
///
/// The whole body is checked first (a dry run, which reads every lazy list
/// once more), so [`PrintError::Invalid`] leaves `out` untouched.
///
/// ```
/// use zerocol::grit::tcol::{Options, Tcol};
///
/// let text = "TCOL1.0 attributes { mass 30; } compound { box { material \"/common/Wood\"; \
///     centre 0 0 .5; orientation 0.7071068 0 0 0.7071068; dimensions 1 1 1; } }";
/// let tcol = Tcol::parse_str(text, Options::STRICT)?;
/// let mut printed = String::new();
/// tcol.print(&mut printed)?; // or zerocol::grit::tcol::print(&attributes, shapes, trimesh, &mut printed)
/// assert_eq!(
///     printed,
///     "TCOL1.0\n\
///      \n\
///      attributes {\n    mass 30.0;\n}\n\
///      \n\
///      compound {\n    box {\n        material \"/common/Wood\";\n        centre 0.0 0.0 0.5;\n        \
///      orientation 0.7071068 0.0 0.0 0.7071068;\n        dimensions 1.0 1.0 1.0;\n    }\n}\n"
/// );
/// assert_eq!(tcol.required_len()?, printed.len());
/// let mut bytes = [0u8; 256]; // or into a caller's buffer, with no fmt::Write
/// let len = tcol.write(&mut bytes)?;
/// assert_eq!(bytes.get(..len), Some(printed.as_bytes()));
/// let again = Tcol::parse_str(&printed, Options::STRICT)?;
/// assert_eq!(again.attributes(), tcol.attributes());
/// assert!(again.shapes().eq(tcol.shapes()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Canonical form
/// - `TCOL1.0`, a blank line, `attributes { … }`, then `compound { … }` when
///   there are shapes or no trimesh (an empty compound before a trimesh holds
///   nothing and is left out), then `trimesh { … }` if any. LF line ends, four
///   spaces of indent per level, a final LF.
/// - Attributes: `static;` or `mass X;`, then, in this order and only where
///   the value's bits differ from the default, `inertia` (when given),
///   `linear_damping`, `angular_damping`, `linear_sleep_threshold`,
///   `angular_sleep_threshold`, `ccd_motion_threshold`,
///   `ccd_swept_sphere_radius`.
/// - Shapes, not separated, each a block: `hull`: `material`, `margin`
///   (not default), `shrink` (not 0), `vertexes { … }`; `box` and `cylinder`:
///   `material`, `margin` (not default), `centre`, `orientation` (not identity,
///   `w x y z`), `dimensions`; `cone`: `material`, `margin`, `centre`,
///   `orientation` as for boxes, then `radius`, `height`; `plane`: `material`,
///   `normal`, `distance`; `sphere`: `material`, `centre`, `radius` (the last
///   two in the engine's fixed order). Every property ends in `;`; a vertex
///   list is last and closes its shape.
/// - `trimesh`: a static body's `edge_distance_threshold` or a dynamic body's
///   `margin` when not default, then `vertexes { x y z; … }` and
///   `faces { a b c "material"; … }`.
/// - "Default" and "identity" compare bits: `margin -0.0` or an orientation of
///   `1 -0 0 0` is printed, so the zero's sign survives.
///
/// # Numbers
/// Every real is written as a FLOAT token, never a NATURAL (the
/// engine misreads integer-written reals: the first vertex coordinate as 0,
/// values past 32 bits wrapped): the shortest digits that read back to the same
/// f32, in plain notation with at least one digit after the point when
/// `1e-4 <= |x| < 1e9` or `x` is ±0 (`3.0`, `-0.0`, `0.0001`, `123456790.0`),
/// otherwise in exponent notation (`1e-5`, `-1.1754944e-38`, `3.4028235e38`).
/// The engine reads a FLOAT as `(float) strtod(…)`, rounding twice, and for a
/// few values the shortest digits lie so near a rounding boundary that it lands
/// on a neighbour (`7.038531e-26` loads as `7.0385313e-26`); those values get
/// nine significant digits in exponent notation instead (`7.03853069e-26`),
/// which both readings round to the value itself. Face indices are NATURALs.
///
/// # What cannot be printed
/// The printer checks the whole body before it writes a byte, so on
/// [`PrintError::Invalid`] the output is untouched. TCOL has no literal
/// for NaN or the infinities (a BCOL file can hold them); no escape for `"` in
/// a material (and a NUL byte ends the engine's reading); no negative margin,
/// shrink, damping, `edge_distance_threshold` or mass, and no mass of 0 for a
/// dynamic body (the parser rejects them); no place for a static body's mass,
/// a static body's trimesh margin or a dynamic body's `edge_distance_threshold`
/// (these must equal what the parser assumes: 0, 0, and
/// [`DEFAULT_EDGE_DISTANCE_THRESHOLD`], compared as values, so a zero's sign
/// there is not kept); and no face index outside the vertex list.
///
/// [`DEFAULT_EDGE_DISTANCE_THRESHOLD`]: crate::grit::DEFAULT_EDGE_DISTANCE_THRESHOLD
pub fn print<'s, W, I>(
    attributes: &Attributes,
    shapes: I,
    trimesh: Option<Trimesh<'_>>,
    out: &mut W,
) -> Result<(), PrintError>
where
    W: fmt::Write + ?Sized,
    I: IntoIterator<Item = Shape<'s>>,
    I::IntoIter: Clone,
{
    let shapes = shapes.into_iter();
    body(&mut Count(0), attributes, shapes.clone(), trimesh.as_ref())?;
    body(out, attributes, shapes, trimesh.as_ref())
}

/// How many bytes [`print`] and [`write()`] write for this body, or why they
/// cannot: to size a buffer. Walks every lazy list once.
pub fn required_len<'s, I>(
    attributes: &Attributes,
    shapes: I,
    trimesh: Option<Trimesh<'_>>,
) -> Result<usize, WriteError>
where
    I: IntoIterator<Item = Shape<'s>>,
{
    let mut count = Count(0);
    body(&mut count, attributes, shapes.into_iter(), trimesh.as_ref()).map_err(write_error)?;
    Ok(count.0)
}

/// [`print`] into the first [`required_len`] bytes of `out`, a caller's
/// buffer, with no `core::fmt::Write`: the text is UTF-8. Returns its length.
///
/// The body is checked first (by [`required_len`], which reads every lazy list
/// once more), so on [`WriteError::Invalid`](crate::wire::WriteError::Invalid)
/// or [`WriteError::BufferTooSmall`](crate::wire::WriteError::BufferTooSmall)
/// `out` is untouched.
pub fn write<'s, I>(
    attributes: &Attributes,
    shapes: I,
    trimesh: Option<Trimesh<'_>>,
    out: &mut [u8],
) -> Result<usize, WriteError>
where
    I: IntoIterator<Item = Shape<'s>>,
    I::IntoIter: Clone,
{
    let shapes = shapes.into_iter();
    let needed = required_len(attributes, shapes.clone(), trimesh.clone())?;
    let mut text = Bytes {
        out: wire::output(out, needed)?,
        len: 0,
    };
    body(&mut text, attributes, shapes, trimesh.as_ref()).map_err(write_error)?;
    Ok(text.len)
}

impl Tcol<'_> {
    /// This file in canonical form ([`print`]): comments, spelling and spacing
    /// normalised, every value kept bit for bit. Fails only when `out` does, or
    /// for a lenient read of an old-dialect static trimesh margin (TCOL has no
    /// syntax for it).
    pub fn print<W: fmt::Write + ?Sized>(&self, out: &mut W) -> Result<(), PrintError> {
        print(&self.attributes(), self.shapes(), self.trimesh(), out)
    }

    /// How many bytes [`Tcol::print`] and [`Tcol::write`] write.
    pub fn required_len(&self) -> Result<usize, WriteError> {
        required_len(&self.attributes(), self.shapes(), self.trimesh())
    }

    /// This file in canonical form ([`write()`]) into `out`; returns its length.
    pub fn write(&self, out: &mut [u8]) -> Result<usize, WriteError> {
        write(&self.attributes(), self.shapes(), self.trimesh(), out)
    }
}

/// A writer that only counts, and refuses past `usize::MAX` bytes.
struct Count(usize);

impl fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.checked_add(s.len()).ok_or(fmt::Error)?;
        Ok(())
    }
}

/// A writer into a byte buffer (the output of [`write()`], a number's digits on
/// the stack), which refuses what does not fit.
struct Bytes<'o> {
    out: &'o mut [u8],
    len: usize,
}

impl Bytes<'_> {
    /// What was written.
    fn as_str(&self) -> &str {
        self.out
            .get(..self.len)
            .and_then(|b| core::str::from_utf8(b).ok())
            .unwrap_or_default()
    }
}

impl fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.checked_add(s.len()).ok_or(fmt::Error)?;
        let slot = self.out.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// What the engine reads from a FLOAT token: `(float) strtod(text)`, a double
/// rounded again to f32.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rounding f64 to f32 is the engine's behaviour being modelled"
)]
fn engine_reads(token: &str) -> Option<f32> {
    token.parse::<f64>().ok().map(|d| d as f32)
}

/// Below this magnitude (and above 0), exponent notation.
const PLAIN_MIN: f32 = 1e-4;
/// From this magnitude up, exponent notation.
const PLAIN_END: f32 = 1e9;

/// A finite `v` as one FLOAT token (see [`print`]): the shortest digits
/// that read back to it, plain with a point (`3.0`, `-0.0`) for ±0 and
/// `1e-4 <= |v| < 1e9`, else in exponent notation (`1e-5`, `3.4028235e38`);
/// but nine significant digits in exponent notation (`7.03853069e-26`) when
/// the engine, which rounds through a double, would read the shortest digits
/// as a neighbour of `v`. Nine digits are never near a rounding boundary, so
/// both readings give `v`.
fn write_real<W: fmt::Write + ?Sized>(out: &mut W, v: f32) -> fmt::Result {
    let magnitude = f32::from_bits(v.to_bits() & 0x7fff_ffff);
    let mut buffer = [0; 48];
    let mut digits = Bytes {
        out: &mut buffer,
        len: 0,
    };
    let shortest = if magnitude == 0.0 || (PLAIN_MIN..PLAIN_END).contains(&magnitude) {
        write!(digits, "{v}").and_then(|()| {
            if digits.as_str().contains('.') {
                Ok(())
            } else {
                digits.write_str(".0")
            }
        })
    } else {
        write!(digits, "{v:e}")
    };
    let text = digits.as_str();
    if shortest.is_ok() && engine_reads(text).map(f32::to_bits) == Some(v.to_bits()) {
        out.write_str(text)
    } else {
        write!(out, "{v:.8e}")
    }
}

/// The printer proper: text into `out`, every value checked as it goes.
struct Printer<'w, W: ?Sized> {
    out: &'w mut W,
}

fn unprintable(at: Place, problem: Problem) -> PrintError {
    PrintError::Invalid { at, problem }
}

impl<W: fmt::Write + ?Sized> Printer<'_, W> {
    fn str(&mut self, s: &str) -> Result<(), PrintError> {
        self.out.write_str(s).map_err(|_| PrintError::Write)
    }

    fn indent(&mut self, level: usize) -> Result<(), PrintError> {
        for _ in 0..level {
            self.str("    ")?;
        }
        Ok(())
    }

    /// ` v` for each value.
    fn reals(&mut self, values: &[f32], at: Place) -> Result<(), PrintError> {
        if values.iter().any(|v| !v.is_finite()) {
            return Err(unprintable(at, Problem::NotFinite));
        }
        for &v in values {
            self.str(" ")?;
            write_real(self.out, v).map_err(|_| PrintError::Write)?;
        }
        Ok(())
    }

    /// `keyword v…;` on its own line.
    fn property(
        &mut self,
        level: usize,
        keyword: Keyword,
        values: &[f32],
        at: Place,
    ) -> Result<(), PrintError> {
        self.indent(level)?;
        self.str(keyword.as_str())?;
        self.reals(values, at)?;
        self.str(";\n")
    }

    /// A property the parser reads as non-negative.
    fn non_negative(
        &mut self,
        level: usize,
        keyword: Keyword,
        v: f32,
        at: Place,
    ) -> Result<(), PrintError> {
        if v < 0.0 {
            return Err(unprintable(at, Problem::Negative));
        }
        self.property(level, keyword, &[v], at)
    }

    /// `"s"`.
    fn string(&mut self, s: &str, at: Place) -> Result<(), PrintError> {
        if s.contains(['"', '\0']) {
            return Err(unprintable(at, Problem::UnwritableString));
        }
        self.str("\"")?;
        self.str(s)?;
        self.str("\"")
    }

    fn material(&mut self, level: usize, s: &str, at: Place) -> Result<(), PrintError> {
        self.indent(level)?;
        self.str("material ")?;
        self.string(s, at)?;
        self.str(";\n")
    }

    /// `vertexes { x y z; … }`.
    fn vertices(
        &mut self,
        level: usize,
        vertices: Vertices<'_>,
        at: impl Fn(usize) -> Place,
    ) -> Result<(), PrintError> {
        self.indent(level)?;
        self.str("vertexes {\n")?;
        for (i, [x, y, z]) in vertices.enumerate() {
            if ![x, y, z].iter().all(|c| c.is_finite()) {
                return Err(unprintable(at(i), Problem::NotFinite));
            }
            self.indent(level.saturating_add(1))?;
            write_real(self.out, x).map_err(|_| PrintError::Write)?;
            for c in [y, z] {
                self.str(" ")?;
                write_real(self.out, c).map_err(|_| PrintError::Write)?;
            }
            self.str(";\n")?;
        }
        self.indent(level)?;
        self.str("}\n")
    }

    fn attributes(&mut self, a: &Attributes) -> Result<(), PrintError> {
        let at = Place::Attribute;
        self.str("attributes {\n")?;
        if a.is_static {
            if a.mass != 0.0 {
                return Err(unprintable(at(Keyword::Mass), Problem::NoSyntax));
            }
            self.str("    static;\n")?;
        } else {
            if a.mass == 0.0 {
                return Err(unprintable(at(Keyword::Mass), Problem::ZeroMass));
            }
            self.non_negative(1, Keyword::Mass, a.mass, at(Keyword::Mass))?;
        }
        if let Some(inertia) = a.inertia {
            self.property(1, Keyword::Inertia, &inertia, at(Keyword::Inertia))?;
        }
        for (keyword, v, default, non_negative) in [
            (
                Keyword::LinearDamping,
                a.linear_damping,
                DEFAULT_LINEAR_DAMPING,
                true,
            ),
            (
                Keyword::AngularDamping,
                a.angular_damping,
                DEFAULT_ANGULAR_DAMPING,
                true,
            ),
            (
                Keyword::LinearSleepThreshold,
                a.linear_sleep_threshold,
                DEFAULT_LINEAR_SLEEP_THRESHOLD,
                false,
            ),
            (
                Keyword::AngularSleepThreshold,
                a.angular_sleep_threshold,
                DEFAULT_ANGULAR_SLEEP_THRESHOLD,
                false,
            ),
            (
                Keyword::CcdMotionThreshold,
                a.ccd_motion_threshold,
                DEFAULT_CCD_MOTION_THRESHOLD,
                false,
            ),
            (
                Keyword::CcdSweptSphereRadius,
                a.ccd_swept_sphere_radius,
                DEFAULT_CCD_SWEPT_SPHERE_RADIUS,
                false,
            ),
        ] {
            if v.to_bits() == default.to_bits() {
                continue;
            }
            if non_negative {
                self.non_negative(1, keyword, v, at(keyword))?;
            } else {
                self.property(1, keyword, &[v], at(keyword))?;
            }
        }
        self.str("}\n")
    }

    /// `margin` when its bits differ from the default.
    fn margin(&mut self, margin: f32, at: Place) -> Result<(), PrintError> {
        if margin.to_bits() == DEFAULT_MARGIN.to_bits() {
            return Ok(());
        }
        self.non_negative(2, Keyword::Margin, margin, at)
    }

    /// `orientation` when its bits differ from the identity.
    fn orientation(&mut self, q: [f32; 4], at: Place) -> Result<(), PrintError> {
        if q.map(f32::to_bits) == IDENTITY_ORIENTATION.map(f32::to_bits) {
            return Ok(());
        }
        self.property(2, Keyword::Orientation, &q, at)
    }

    fn shape(&mut self, index: usize, shape: Shape<'_>) -> Result<(), PrintError> {
        let at = |property| Place::Shape { index, property };
        self.str("    ")?;
        self.str(shape.kind().keyword().as_str())?;
        self.str(" {\n")?;
        self.material(2, shape.material(), at(Keyword::Material))?;
        match shape {
            Shape::Hull {
                margin,
                shrink,
                vertices,
                ..
            } => {
                self.margin(margin, at(Keyword::Margin))?;
                if shrink.to_bits() != DEFAULT_SHRINK.to_bits() {
                    self.non_negative(2, Keyword::Shrink, shrink, at(Keyword::Shrink))?;
                }
                self.vertices(2, vertices, |vertex| Place::HullVertex {
                    shape: index,
                    vertex,
                })?;
            }
            Shape::Box(b) | Shape::Cylinder(b) => {
                self.margin(b.margin, at(Keyword::Margin))?;
                self.property(2, Keyword::Centre, &b.centre, at(Keyword::Centre))?;
                self.orientation(b.orientation, at(Keyword::Orientation))?;
                self.property(
                    2,
                    Keyword::Dimensions,
                    &b.dimensions,
                    at(Keyword::Dimensions),
                )?;
            }
            Shape::Cone {
                margin,
                centre,
                orientation,
                radius,
                height,
                ..
            } => {
                self.margin(margin, at(Keyword::Margin))?;
                self.property(2, Keyword::Centre, &centre, at(Keyword::Centre))?;
                self.orientation(orientation, at(Keyword::Orientation))?;
                self.property(2, Keyword::Radius, &[radius], at(Keyword::Radius))?;
                self.property(2, Keyword::Height, &[height], at(Keyword::Height))?;
            }
            Shape::Plane {
                normal, distance, ..
            } => {
                self.property(2, Keyword::Normal, &normal, at(Keyword::Normal))?;
                self.property(2, Keyword::Distance, &[distance], at(Keyword::Distance))?;
            }
            Shape::Sphere { centre, radius, .. } => {
                self.property(2, Keyword::Centre, &centre, at(Keyword::Centre))?;
                self.property(2, Keyword::Radius, &[radius], at(Keyword::Radius))?;
            }
        }
        self.str("    }\n")
    }

    fn trimesh(&mut self, is_static: bool, t: &Trimesh<'_>) -> Result<(), PrintError> {
        let at = Place::Trimesh;
        self.str("trimesh {\n")?;
        if is_static {
            if t.margin != STATIC_TRIMESH_MARGIN {
                return Err(unprintable(at(Keyword::Margin), Problem::NoSyntax));
            }
            let threshold = t.edge_distance_threshold;
            if threshold.to_bits() != DEFAULT_EDGE_DISTANCE_THRESHOLD.to_bits() {
                let k = Keyword::EdgeDistanceThreshold;
                self.non_negative(1, k, threshold, at(k))?;
            }
        } else {
            if t.edge_distance_threshold != DEFAULT_EDGE_DISTANCE_THRESHOLD {
                return Err(unprintable(
                    at(Keyword::EdgeDistanceThreshold),
                    Problem::NoSyntax,
                ));
            }
            if t.margin.to_bits() != DEFAULT_MARGIN.to_bits() {
                self.non_negative(1, Keyword::Margin, t.margin, at(Keyword::Margin))?;
            }
        }
        self.vertices(1, t.vertices(), Place::TrimeshVertex)?;
        let vertex_count = t.vertex_count();
        self.str("    faces {\n")?;
        for (i, face) in t.faces().enumerate() {
            if !face
                .indices
                .iter()
                .all(|&v| usize::try_from(v).is_ok_and(|v| v < vertex_count))
            {
                return Err(unprintable(Place::Face(i), Problem::IndexOutOfRange));
            }
            let [a, b, c] = face.indices;
            write!(self.out, "        {a} {b} {c} ").map_err(|_| PrintError::Write)?;
            self.string(face.material, Place::Face(i))?;
            self.str(";\n")?;
        }
        self.str("    }\n}\n")
    }
}

/// The whole file.
fn body<'s, W, I>(
    out: &mut W,
    attributes: &Attributes,
    shapes: I,
    trimesh: Option<&Trimesh<'_>>,
) -> Result<(), PrintError>
where
    W: fmt::Write + ?Sized,
    I: Iterator<Item = Shape<'s>>,
{
    let mut p = Printer { out };
    p.str("TCOL1.0\n\n")?;
    p.attributes(attributes)?;
    let mut shapes = shapes.peekable();
    // The grammar needs a compound or a trimesh; an empty compound before a
    // trimesh holds nothing.
    if shapes.peek().is_some() || trimesh.is_none() {
        p.str("\ncompound {\n")?;
        for (index, shape) in shapes.enumerate() {
            p.shape(index, shape)?;
        }
        p.str("}\n")?;
    }
    if let Some(t) = trimesh {
        p.str("\n")?;
        p.trimesh(attributes.is_static, t)?;
    }
    Ok(())
}
