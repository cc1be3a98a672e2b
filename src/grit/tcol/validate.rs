//! The TCOL grammar, as the engine's `tcol_parser.cpp` implements it
//! ([`guide::grit`](crate::guide::grit)): one validating pass over the whole file, and the item
//! readers the lazy iterators share with it.
//!
//! The grammar has a fixed depth (file, body, shape, list), so the parser is a
//! loop per level, never recursive: `{{{{…` fails at the second brace.

use super::error::{Error, ErrorKind, Expected};
use super::lexer::{Keyword, Lexer, Token, TokenKind};
use super::view::{CompoundSpan, ListSpan, Tcol, Tolerance, Tolerances, TrimeshSpan};
use super::{Options, Position, items, number};
use crate::grit::body::{
    Attributes, BoxLike, DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN, DEFAULT_SHRINK, Face,
    IDENTITY_ORIENTATION, STATIC_TRIMESH_MARGIN, Shape, ShapeKind, TextVertices, Vertices,
};

/// The 7 bytes every file starts with.
const HEADER: &[u8] = b"TCOL1.0";

fn unexpected(token: Token, expected: Expected) -> Error {
    Error::new(
        token.position,
        ErrorKind::Unexpected {
            found: token.kind,
            expected,
        },
    )
}

/// The next token, which must be `kind`.
fn expect(lex: &mut Lexer<'_>, kind: TokenKind, expected: Expected) -> Result<Token, Error> {
    let t = lex.next_token()?;
    if t.kind == kind {
        Ok(t)
    } else {
        Err(unexpected(t, expected))
    }
}

fn expect_keyword(lex: &mut Lexer<'_>, keyword: Keyword) -> Result<Token, Error> {
    expect(lex, TokenKind::Keyword(keyword), Expected::Keyword(keyword))
}

/// The value of a NATURAL or FLOAT token already taken.
fn value(lex: &Lexer<'_>, t: Token) -> Result<f32, Error> {
    number::real(t.bytes(lex.text())).ok_or(Error::new(t.position, ErrorKind::NumberOutOfRange))
}

/// A real: NATURAL or FLOAT, as the written value (the engine reads integers
/// through a 32-bit `int` and the first vertex coordinate as 0: not copied).
fn real(lex: &mut Lexer<'_>) -> Result<f32, Error> {
    let t = lex.next_token()?;
    match t.kind {
        TokenKind::Natural | TokenKind::Float => value(lex, t),
        _ => Err(unexpected(t, Expected::Number)),
    }
}

fn reals<const N: usize>(lex: &mut Lexer<'_>) -> Result<[f32; N], Error> {
    let mut out = [0.0; N];
    for slot in &mut out {
        *slot = real(lex)?;
    }
    Ok(out)
}

/// The engine's "positive float": a real that may not be negative (−0 may).
fn non_negative(lex: &mut Lexer<'_>, property: Keyword) -> Result<(f32, Token), Error> {
    let t = lex.next_token()?;
    let v = match t.kind {
        TokenKind::Natural | TokenKind::Float => value(lex, t)?,
        _ => return Err(unexpected(t, Expected::Number)),
    };
    if v < 0.0 {
        return Err(Error::new(t.position, ErrorKind::Negative { property }));
    }
    Ok((v, t))
}

/// After a list item: `;` (more may follow: `None`) or `}` (the list is closed:
/// where).
fn separator(lex: &mut Lexer<'_>) -> Result<Option<Position>, Error> {
    let t = lex.next_token()?;
    match t.kind {
        TokenKind::Semicolon => Ok(None),
        TokenKind::RightBrace => Ok(Some(t.position)),
        _ => Err(unexpected(t, Expected::SemicolonOrRightBrace)),
    }
}

/// The bytes between a STRING token's quotes.
fn quoted<'a>(lex: &Lexer<'a>, t: Token) -> &'a [u8] {
    let bytes = t.bytes(lex.text());
    bytes
        .get(1..bytes.len().saturating_sub(1))
        .unwrap_or_default()
}

/// The text between a STRING token's quotes, which must be UTF-8 (the error is
/// at the first byte that is not).
fn string_value<'a>(lex: &Lexer<'a>, t: Token) -> Result<&'a str, Error> {
    let inner = quoted(lex, t);
    core::str::from_utf8(inner).map_err(|e| {
        let good = inner.get(..e.valid_up_to()).unwrap_or_default();
        let (line, column) = match good.iter().rposition(|&b| b == b'\n') {
            Some(nl) => {
                let lines = good.iter().filter(|&&b| b == b'\n').count();
                (
                    t.position
                        .line
                        .saturating_add(u32::try_from(lines).unwrap_or(u32::MAX)),
                    good.len().saturating_sub(nl),
                )
            }
            None => (
                t.position.line,
                usize::try_from(t.position.column)
                    .unwrap_or(usize::MAX)
                    .saturating_add(1)
                    .saturating_add(good.len()),
            ),
        };
        let position = Position {
            line,
            column: u32::try_from(column).unwrap_or(u32::MAX),
            offset: t
                .position
                .offset
                .saturating_add(1)
                .saturating_add(good.len()),
        };
        Error::new(position, ErrorKind::InvalidUtf8)
    })
}

/// `material` STRING.
fn material<'a>(lex: &mut Lexer<'a>) -> Result<&'a str, Error> {
    let t = lex.next_token()?;
    match t.kind {
        TokenKind::String => string_value(lex, t),
        _ => Err(unexpected(t, Expected::String)),
    }
}

/// One list item and where it starts.
#[derive(Debug)]
pub(crate) struct Item<T> {
    pub(crate) position: Position,
    pub(crate) value: T,
    /// A `}` closed the list after it.
    pub(crate) last: bool,
    /// Lenient only: a face whose material is old-dialect hex flags.
    pub(crate) hex: bool,
}

impl<T> Item<T> {
    fn fast(f: items::LineItem<'_, T>) -> Self {
        Self {
            position: f.position,
            value: f.value,
            last: f.last,
            hex: false,
        }
    }
}

/// A vertex `R R R` and its separator, or `None` at the list's `}`. With
/// `VALUES` false (the parser, which keeps no values), an item the fast reader
/// takes is only checked and comes back with zero coordinates.
pub(crate) fn vertex_item<const VALUES: bool>(
    lex: &mut Lexer<'_>,
) -> Result<Option<Item<[f32; 3]>>, Error> {
    if let Some(f) = items::vertex::<VALUES>(lex.at()) {
        *lex = Lexer::resume(f.next);
        return Ok(Some(Item::fast(f)));
    }
    vertex_item_general(lex)
}

/// [`vertex_item`] through the general lexer.
pub(super) fn vertex_item_general(lex: &mut Lexer<'_>) -> Result<Option<Item<[f32; 3]>>, Error> {
    let t = lex.next_token()?;
    let x = match t.kind {
        TokenKind::Natural | TokenKind::Float => value(lex, t)?,
        TokenKind::RightBrace => return Ok(None),
        _ => return Err(unexpected(t, Expected::Vertex)),
    };
    let [y, z] = reals(lex)?;
    let last = separator(lex)?.is_some();
    Ok(Some(Item {
        position: t.position,
        value: [x, y, z],
        last,
        hex: false,
    }))
}

/// `{` then vertices up to `}`: where they start and how many.
fn vertex_list<'a>(lex: &mut Lexer<'a>) -> Result<ListSpan<'a>, Error> {
    expect(lex, TokenKind::LeftBrace, Expected::LeftBrace)?;
    let start = *lex;
    let mut count = 0usize;
    while let Some(item) = vertex_item::<false>(lex)? {
        count = count.saturating_add(1);
        if item.last {
            break;
        }
    }
    Ok(ListSpan { lex: start, count })
}

/// A face index: a NATURAL below the vertex count (and within `u32`). Indices
/// are read exactly: the engine's `atoi` wraps 4294967298 to 2.
fn index(lex: &Lexer<'_>, t: Token, vertex_count: usize) -> Result<u32, Error> {
    if t.kind != TokenKind::Natural {
        return Err(unexpected(t, Expected::Natural));
    }
    let n = number::natural(t.bytes(lex.text()));
    n.filter(|&i| usize::try_from(i).is_ok_and(|i| i < vertex_count))
        .and_then(|i| u32::try_from(i).ok())
        .ok_or(Error::new(
            t.position,
            ErrorKind::IndexOutOfRange {
                index: n,
                vertex_count,
            },
        ))
}

/// A face `NAT NAT NAT STRING` and its separator, or `None` at the list's `}`.
/// With `accept_hex`, HEX flags stand in for the material (old dialect).
/// `last` is the previous face's material (`""` at first or after one spanning
/// lines), and becomes this one's: a material string equal to it is taken
/// without a UTF-8 check, and by the fast path (`items.rs`) without the lexer.
pub(crate) fn face_item<'a>(
    lex: &mut Lexer<'a>,
    vertex_count: usize,
    accept_hex: bool,
    last: &mut &'a str,
) -> Result<Option<Item<Face<'a>>>, Error> {
    if let Some(f) = items::face(lex.at(), vertex_count, last) {
        *lex = Lexer::resume(f.next);
        return Ok(Some(Item::fast(f)));
    }
    face_item_general(lex, vertex_count, accept_hex, last)
}

/// [`face_item`] through the general lexer.
pub(super) fn face_item_general<'a>(
    lex: &mut Lexer<'a>,
    vertex_count: usize,
    accept_hex: bool,
    last: &mut &'a str,
) -> Result<Option<Item<Face<'a>>>, Error> {
    let t = lex.next_token()?;
    match t.kind {
        TokenKind::Natural => {}
        TokenKind::RightBrace => return Ok(None),
        _ => return Err(unexpected(t, Expected::Face)),
    }
    let a = index(lex, t, vertex_count)?;
    let next = lex.next_token()?;
    let b = index(lex, next, vertex_count)?;
    let next = lex.next_token()?;
    let c = index(lex, next, vertex_count)?;
    let m = lex.next_token()?;
    let (material, hex) = match m.kind {
        TokenKind::String => match quoted(lex, m) {
            // (`""` at first is not the text's: never handed out.)
            same if !last.is_empty() && same == last.as_bytes() => (*last, false),
            _ => (string_value(lex, m)?, false),
        },
        TokenKind::Hex if accept_hex => (
            core::str::from_utf8(m.bytes(lex.text())).unwrap_or_default(),
            true,
        ),
        _ => return Err(unexpected(m, Expected::FaceMaterial)),
    };
    // The cache the fast path compares with: never a material spanning lines
    // (the fast path counts no lines inside strings).
    *last = if material.contains('\n') {
        ""
    } else {
        material
    };
    let last = separator(lex)?.is_some();
    Ok(Some(Item {
        position: t.position,
        value: Face {
            indices: [a, b, c],
            material,
        },
        last,
        hex,
    }))
}

/// `{` then faces up to `}`: where they start and how many.
fn face_list<'a>(
    lex: &mut Lexer<'a>,
    vertex_count: usize,
    options: Options,
    tolerances: &mut Tolerances,
) -> Result<ListSpan<'a>, Error> {
    expect(lex, TokenKind::LeftBrace, Expected::LeftBrace)?;
    let start = *lex;
    let mut count = 0usize;
    let mut material = "";
    while let Some(item) = face_item(
        lex,
        vertex_count,
        options.accept_old_dialects,
        &mut material,
    )? {
        count = count.saturating_add(1);
        if item.hex {
            tolerances.note(Tolerance::HexFaceMaterial, item.position);
        }
        if item.last {
            break;
        }
    }
    Ok(ListSpan { lex: start, count })
}

/// A shape, from its keyword (already taken) to its `}`.
pub(crate) fn shape<'a>(lex: &mut Lexer<'a>, keyword: Token) -> Result<Shape<'a>, Error> {
    let kind = match keyword.kind {
        TokenKind::Keyword(k) => ShapeKind::from_keyword(k),
        _ => None,
    };
    let Some(kind) = kind else {
        return Err(unexpected(keyword, Expected::Shape));
    };
    expect(lex, TokenKind::LeftBrace, Expected::LeftBrace)?;
    match kind {
        ShapeKind::Hull => hull(lex),
        ShapeKind::Box | ShapeKind::Cylinder => box_like(lex, kind),
        ShapeKind::Cone => cone(lex),
        ShapeKind::Plane => {
            let (material, normal, distance) = fixed(lex, Keyword::Normal, Keyword::Distance)?;
            Ok(Shape::Plane {
                material,
                normal,
                distance,
            })
        }
        ShapeKind::Sphere => {
            let (material, centre, radius) = fixed(lex, Keyword::Centre, Keyword::Radius)?;
            Ok(Shape::Sphere {
                material,
                centre,
                radius,
            })
        }
    }
}

/// A fixed-order shape (plane, sphere) after its `{`: `material STRING;`, the
/// keyword `three` and three reals, `;`, the keyword `one` and a real, then its
/// end.
fn fixed<'a>(
    lex: &mut Lexer<'a>,
    three: Keyword,
    one: Keyword,
) -> Result<(&'a str, [f32; 3], f32), Error> {
    expect_keyword(lex, Keyword::Material)?;
    let material = material(lex)?;
    expect(lex, TokenKind::Semicolon, Expected::Semicolon)?;
    expect_keyword(lex, three)?;
    let values = reals(lex)?;
    expect(lex, TokenKind::Semicolon, Expected::Semicolon)?;
    expect_keyword(lex, one)?;
    let value = real(lex)?;
    fixed_end(lex)?;
    Ok((material, values, value))
}

/// The end of a fixed-order shape (plane, sphere): `}`, or `;` then `}`.
fn fixed_end(lex: &mut Lexer<'_>) -> Result<(), Error> {
    if separator(lex)?.is_none() {
        expect(lex, TokenKind::RightBrace, Expected::RightBrace)?;
    }
    Ok(())
}

fn missing(at: Position, shape: ShapeKind, property: Keyword) -> Error {
    Error::new(at, ErrorKind::MissingProperty { shape, property })
}

/// What hulls, boxes, cylinders and cones all take, in any order with the rest
/// (hulls no centre and orientation).
struct Common<'a> {
    margin: f32,
    material: Option<&'a str>,
    centre: Option<[f32; 3]>,
    orientation: [f32; 4],
}

impl Common<'_> {
    const DEFAULT: Self = Self {
        margin: DEFAULT_MARGIN,
        material: None,
        centre: None,
        orientation: IDENTITY_ORIENTATION,
    };
}

/// A shape's `{ property; … }` after its `{`, properties in any order and the
/// last of a repeated one winning: `margin`, `material`, and but for hulls
/// `centre` and `orientation`, into `common`; the others read by `other`, which
/// says `false` for a keyword the shape does not take. Where the closing `}` is.
fn properties<'a>(
    lex: &mut Lexer<'a>,
    kind: ShapeKind,
    common: &mut Common<'a>,
    mut other: impl FnMut(&mut Lexer<'a>, Keyword, Token) -> Result<bool, Error>,
) -> Result<Position, Error> {
    loop {
        let t = lex.next_token()?;
        let k = match t.kind {
            TokenKind::RightBrace => return Ok(t.position),
            TokenKind::Keyword(k) => k,
            _ => return Err(unexpected(t, Expected::Property(kind))),
        };
        let placed = kind != ShapeKind::Hull;
        match k {
            Keyword::Margin => common.margin = non_negative(lex, k)?.0,
            Keyword::Material => common.material = Some(material(lex)?),
            Keyword::Centre if placed => common.centre = Some(reals(lex)?),
            Keyword::Orientation if placed => common.orientation = reals(lex)?,
            _ => {
                if !other(lex, k, t)? {
                    return Err(unexpected(t, Expected::Property(kind)));
                }
            }
        }
        if let Some(close) = separator(lex)? {
            return Ok(close);
        }
    }
}

fn hull<'a>(lex: &mut Lexer<'a>) -> Result<Shape<'a>, Error> {
    const KIND: ShapeKind = ShapeKind::Hull;
    let mut common = Common::DEFAULT;
    let mut shrink = DEFAULT_SHRINK;
    let mut vertices = None;
    let close = properties(lex, KIND, &mut common, |lex, k, t| {
        match k {
            Keyword::Shrink => {
                if vertices.is_some() {
                    return Err(Error::new(t.position, ErrorKind::ShrinkAfterVertexes));
                }
                shrink = non_negative(lex, k)?.0;
            }
            Keyword::Vertexes => {
                if vertices.is_some() {
                    return Err(Error::new(t.position, ErrorKind::SecondVertexList));
                }
                vertices = Some(vertex_list(lex)?);
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    let vertices = vertices.ok_or(missing(close, KIND, Keyword::Vertexes))?;
    let material = common
        .material
        .ok_or(missing(close, KIND, Keyword::Material))?;
    Ok(Shape::Hull {
        material,
        margin: common.margin,
        shrink,
        vertices: Vertices::Text(TextVertices::of(vertices)),
    })
}

/// Boxes and cylinders: the same properties.
fn box_like<'a>(lex: &mut Lexer<'a>, kind: ShapeKind) -> Result<Shape<'a>, Error> {
    let mut common = Common::DEFAULT;
    let mut dimensions = None;
    let close = properties(lex, kind, &mut common, |lex, k, _| {
        if k != Keyword::Dimensions {
            return Ok(false);
        }
        dimensions = Some(reals(lex)?);
        Ok(true)
    })?;
    let centre = common.centre;
    let material = common
        .material
        .ok_or(missing(close, kind, Keyword::Material))?;
    // The engine checks a cylinder's dimensions before its centre.
    let (centre, dimensions) = if kind == ShapeKind::Cylinder {
        let d = dimensions.ok_or(missing(close, kind, Keyword::Dimensions))?;
        (centre.ok_or(missing(close, kind, Keyword::Centre))?, d)
    } else {
        let c = centre.ok_or(missing(close, kind, Keyword::Centre))?;
        (
            c,
            dimensions.ok_or(missing(close, kind, Keyword::Dimensions))?,
        )
    };
    Ok(Shape::from_box_like(
        kind,
        BoxLike {
            material,
            margin: common.margin,
            centre,
            orientation: common.orientation,
            dimensions,
        },
    ))
}

fn cone<'a>(lex: &mut Lexer<'a>) -> Result<Shape<'a>, Error> {
    const KIND: ShapeKind = ShapeKind::Cone;
    let mut common = Common::DEFAULT;
    let mut radius = None;
    let mut height = None;
    let close = properties(lex, KIND, &mut common, |lex, k, _| {
        match k {
            Keyword::Radius => radius = Some(real(lex)?),
            Keyword::Height => height = Some(real(lex)?),
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(Shape::Cone {
        material: common
            .material
            .ok_or(missing(close, KIND, Keyword::Material))?,
        margin: common.margin,
        centre: common.centre.ok_or(missing(close, KIND, Keyword::Centre))?,
        orientation: common.orientation,
        radius: radius.ok_or(missing(close, KIND, Keyword::Radius))?,
        height: height.ok_or(missing(close, KIND, Keyword::Height))?,
    })
}

/// `{` attributes `}`: each at most once, exactly one of `static` and `mass`.
fn attributes(lex: &mut Lexer<'_>) -> Result<Attributes, Error> {
    expect(lex, TokenKind::LeftBrace, Expected::LeftBrace)?;
    let mut a = Attributes::STATIC;
    let mut is_static = None;
    let mut seen = [false; 7];
    let close = loop {
        let t = lex.next_token()?;
        let k = match t.kind {
            TokenKind::RightBrace => break t.position,
            TokenKind::Keyword(k) => k,
            _ => return Err(unexpected(t, Expected::Attribute)),
        };
        let slot = match k {
            Keyword::Static | Keyword::Mass => None,
            Keyword::Inertia => Some(0),
            Keyword::LinearDamping => Some(1),
            Keyword::AngularDamping => Some(2),
            Keyword::LinearSleepThreshold => Some(3),
            Keyword::AngularSleepThreshold => Some(4),
            Keyword::CcdMotionThreshold => Some(5),
            Keyword::CcdSweptSphereRadius => Some(6),
            _ => return Err(unexpected(t, Expected::Attribute)),
        };
        if let Some(seen) = slot.and_then(|i| seen.get_mut(i)) {
            if *seen {
                return Err(Error::new(t.position, ErrorKind::Duplicate { property: k }));
            }
            *seen = true;
        }
        match k {
            Keyword::Static | Keyword::Mass => {
                let want_static = k == Keyword::Static;
                match is_static {
                    Some(s) if s != want_static => {
                        return Err(Error::new(t.position, ErrorKind::StaticWithMass));
                    }
                    Some(_) => {
                        return Err(Error::new(t.position, ErrorKind::Duplicate { property: k }));
                    }
                    None => {}
                }
                if !want_static {
                    let (mass, at) = non_negative(lex, k)?;
                    if mass == 0.0 {
                        return Err(Error::new(at.position, ErrorKind::ZeroMass));
                    }
                    a.mass = mass;
                }
                is_static = Some(want_static);
            }
            Keyword::Inertia => a.inertia = Some(reals(lex)?),
            Keyword::LinearDamping => a.linear_damping = non_negative(lex, k)?.0,
            Keyword::AngularDamping => a.angular_damping = non_negative(lex, k)?.0,
            Keyword::LinearSleepThreshold => a.linear_sleep_threshold = real(lex)?,
            Keyword::AngularSleepThreshold => a.angular_sleep_threshold = real(lex)?,
            Keyword::CcdMotionThreshold => a.ccd_motion_threshold = real(lex)?,
            _ => a.ccd_swept_sphere_radius = real(lex)?,
        }
        if let Some(close) = separator(lex)? {
            break close;
        }
    };
    match is_static {
        Some(s) => {
            a.is_static = s;
            Ok(a)
        }
        None => Err(Error::new(close, ErrorKind::NeitherStaticNorMass)),
    }
}

/// `trimesh` (already taken) `{` head `vertexes` list `faces` list `}`. A
/// static body may give `edge_distance_threshold`, a dynamic one `margin`
/// (the lenient option also takes a static body's `margin`, old dialect).
fn trimesh<'a>(
    lex: &mut Lexer<'a>,
    keyword: Token,
    is_static: bool,
    options: Options,
    tolerances: &mut Tolerances,
) -> Result<TrimeshSpan<'a>, Error> {
    expect(lex, TokenKind::LeftBrace, Expected::LeftBrace)?;
    let mut edge_distance_threshold = DEFAULT_EDGE_DISTANCE_THRESHOLD;
    let mut margin;
    if is_static {
        margin = STATIC_TRIMESH_MARGIN;
        let (mut have_threshold, mut have_margin) = (false, false);
        loop {
            let t = lex.next_token()?;
            match t.kind {
                TokenKind::Keyword(Keyword::Vertexes) => break,
                TokenKind::Keyword(k @ Keyword::EdgeDistanceThreshold) => {
                    if have_threshold {
                        return Err(Error::new(t.position, ErrorKind::Duplicate { property: k }));
                    }
                    have_threshold = true;
                    edge_distance_threshold = non_negative(lex, k)?.0;
                }
                TokenKind::Keyword(k @ Keyword::Margin) if options.accept_old_dialects => {
                    if have_margin {
                        return Err(Error::new(t.position, ErrorKind::Duplicate { property: k }));
                    }
                    have_margin = true;
                    margin = non_negative(lex, k)?.0;
                    tolerances.note(Tolerance::StaticTrimeshMargin, t.position);
                }
                _ => return Err(unexpected(t, Expected::StaticTrimeshHead)),
            }
            expect(lex, TokenKind::Semicolon, Expected::Semicolon)?;
        }
    } else {
        margin = DEFAULT_MARGIN;
        let t = lex.next_token()?;
        match t.kind {
            TokenKind::Keyword(Keyword::Vertexes) => {}
            TokenKind::Keyword(k @ Keyword::Margin) => {
                margin = non_negative(lex, k)?.0;
                expect(lex, TokenKind::Semicolon, Expected::Semicolon)?;
                expect_keyword(lex, Keyword::Vertexes)?;
            }
            _ => return Err(unexpected(t, Expected::DynamicTrimeshHead)),
        }
    }
    let vertices = vertex_list(lex)?;
    expect_keyword(lex, Keyword::Faces)?;
    let faces = face_list(lex, vertices.count, options, tolerances)?;
    expect(lex, TokenKind::RightBrace, Expected::RightBrace)?;
    expect(lex, TokenKind::EndOfFile, Expected::EndOfFile)?;
    Ok(TrimeshSpan {
        position: keyword.position,
        margin,
        edge_distance_threshold,
        vertices,
        faces,
    })
}

/// `compound` (already taken) `{` shapes, not separated, `}`.
fn compound<'a>(lex: &mut Lexer<'a>) -> Result<CompoundSpan<'a>, Error> {
    expect(lex, TokenKind::LeftBrace, Expected::LeftBrace)?;
    let start = *lex;
    let mut count = 0usize;
    loop {
        let t = lex.next_token()?;
        match t.kind {
            TokenKind::RightBrace => break,
            TokenKind::Keyword(k) if ShapeKind::from_keyword(k).is_some() => {
                shape(lex, t)?;
                count = count.saturating_add(1);
            }
            _ => return Err(unexpected(t, Expected::Shape)),
        }
    }
    Ok(CompoundSpan {
        shapes: ListSpan { lex: start, count },
    })
}

/// The whole file.
fn file(text: &[u8], options: Options) -> Result<Tcol<'_>, Error> {
    if !text.starts_with(HEADER) {
        return Err(Error::new(Position::START, ErrorKind::BadHeader));
    }
    let mut lex = Lexer::new(text);
    lex.next_token()?; // `TCOL1.0`
    let mut tolerances = Tolerances::default();
    let t = lex.next_token()?;
    let (attributes, t) = match t.kind {
        TokenKind::Keyword(Keyword::Attributes) => (attributes(&mut lex)?, lex.next_token()?),
        TokenKind::Keyword(Keyword::Compound | Keyword::Trimesh) if options.accept_old_dialects => {
            tolerances.note(Tolerance::MissingAttributes, t.position);
            (Attributes::STATIC, t)
        }
        _ => return Err(unexpected(t, Expected::Keyword(Keyword::Attributes))),
    };
    let (compound, trimesh) = match t.kind {
        TokenKind::Keyword(Keyword::Compound) => {
            let c = compound(&mut lex)?;
            let t = lex.next_token()?;
            match t.kind {
                TokenKind::EndOfFile => (Some(c), None),
                TokenKind::Keyword(Keyword::Trimesh) => (
                    Some(c),
                    Some(trimesh(
                        &mut lex,
                        t,
                        attributes.is_static,
                        options,
                        &mut tolerances,
                    )?),
                ),
                _ => return Err(unexpected(t, Expected::TrimeshOrEndOfFile)),
            }
        }
        TokenKind::Keyword(Keyword::Trimesh) => (
            None,
            Some(trimesh(
                &mut lex,
                t,
                attributes.is_static,
                options,
                &mut tolerances,
            )?),
        ),
        _ => return Err(unexpected(t, Expected::Body)),
    };
    Ok(Tcol {
        text,
        attributes,
        compound,
        trimesh,
        tolerances,
    })
}

impl<'a> Tcol<'a> {
    /// Validates a whole file, as the engine's parser does ([`guide::grit`](crate::guide::grit)), and
    /// also rejects what the engine gets wrong: NUL bytes, face indices beyond
    /// 32 bits, numbers beyond f32.
    pub fn parse(text: &'a [u8], options: Options) -> Result<Self, Error> {
        file(text, options)
    }

    /// [`Tcol::parse`] for text already known to be UTF-8.
    pub fn parse_str(text: &'a str, options: Options) -> Result<Self, Error> {
        Self::parse(text.as_bytes(), options)
    }
}
