//! Grit TCOL and BCOL: any bytes, every `Options`, lexed, read as TCOL text and as BCOL.
//!
//! - **TCOL**: every error is one line, with a line and column that agree with its byte
//!   offset; a body hands out attributes, shapes and a trimesh whose every value is finite,
//!   non-negative where the parser says so, and whose lists run to their counts; every
//!   material is a slice of the input; tolerated lints are the first lints, and none for a
//!   strict read; the mesh lints run in exactly the scratch they ask for and refuse less.
//! - **Printer**: a parsed body prints (only a lenient static trimesh margin may refuse),
//!   the text parses strictly to the same values, prints again to the same text, and
//!   `required_len`/`write` agree with `print`.
//! - **TCOL -> BCOL**: whatever `bcol::write` accepts (it refuses only a hull's shrink)
//!   parses strictly to the TCOL values as BCOL stores them (grouped by kind, no shrink,
//!   no trimesh without faces; the vertices still there).
//! - **BCOL**: every section table lies inside the file after the header, matches its
//!   `section_offset`, and decodes to exactly the shapes `shapes()` gives; every material
//!   is a NUL-terminated slice of the string table; the trimesh is there exactly when
//!   faces are; lints and repairs are one line at offsets inside the file; the body
//!   prints as TCOL (or refuses with a reason it holds) and writes again as BCOL with the
//!   same values.
//! - **Differential**: whatever STRICT accepts, LENIENT accepts with the same values and
//!   nothing tolerated (both readers).
//!
//! `round_trip_tcol` and `round_trip_bcol` check the generators' files: the parser
//! reads the description back, and the writers keep their promises.

use zerocol::generate::{BcolFile, Generated, GritBody, GritBoxLike, GritShape, TcolFile};
use zerocol::grit::bcol::{self, Bcol, Section, raw};
use zerocol::grit::tcol::lexer::{Keyword, Lexer, TokenKind};
use zerocol::grit::{
    self, DEFAULT_EDGE_DISTANCE_THRESHOLD, Flavour, LintKind, Shape, ShapeKind, Vertices,
    tcol::{InputError, Place, PrintError, Problem, Tcol},
};
use zerocol::wire::{Table, WriteError};

use super::common::{Messages, debug, inside, one_line, same};

/// Every TCOL `Options` value.
pub fn tcol_options() -> impl Iterator<Item = grit::tcol::Options> {
    [grit::tcol::Options::STRICT, grit::tcol::Options::LENIENT].into_iter()
}

/// Every BCOL `Options` value.
pub fn bcol_options() -> impl Iterator<Item = bcol::Options> {
    [bcol::Options::STRICT, bcol::Options::LENIENT].into_iter()
}

/// Runs `data` through the lexer and both readers under every `Options`.
pub fn bytes(data: &[u8]) {
    lex(data);
    let tcol: Vec<_> = tcol_options().map(|o| tcol(data, o)).collect();
    if let [Some(strict), lenient] = tcol.as_slice() {
        let lenient = lenient.as_ref().expect("LENIENT reads what STRICT reads");
        assert_eq!(
            key(strict),
            key(lenient),
            "TCOL: LENIENT reads other values"
        );
    }
    let bcol: Vec<_> = bcol_options().map(|o| bcol(data, o)).collect();
    if let [Some(strict), lenient] = bcol.as_slice() {
        let lenient = lenient.as_ref().expect("LENIENT reads what STRICT reads");
        assert_eq!(
            key(strict),
            key(lenient),
            "BCOL: LENIENT reads other values"
        );
    }
}

/// The values of a body as words, every float by its bits (so `-0.0` and `0.0`
/// differ; NaNs are all alike), with the variant, length and text of everything else:
/// two keys are equal exactly when the values are. Built by hand, not from `Debug`:
/// formatting every float costs more than the rest of an execution.
fn key(body: &GritBody) -> Vec<u32> {
    let mut k = Vec::new();
    // The attributes: a handful of values, once per body.
    key_text(&mut k, &format!("{:?}", body.attributes));
    k.push(body.shapes.len() as u32);
    for shape in &body.shapes {
        shape_key(&mut k, shape);
    }
    trimesh_key(&mut k, body);
    k
}

fn key_float(k: &mut Vec<u32>, x: f32) {
    k.push(if x.is_nan() { u32::MAX } else { x.to_bits() });
}

fn key_floats(k: &mut Vec<u32>, xs: &[f32]) {
    k.push(xs.len() as u32);
    xs.iter().for_each(|&x| key_float(k, x));
}

fn key_text(k: &mut Vec<u32>, s: &str) {
    k.push(s.len() as u32);
    k.extend(s.bytes().map(u32::from));
}

/// One shape's part of [`key`]: a tag for its kind, then its values.
fn shape_key(k: &mut Vec<u32>, shape: &GritShape) {
    let boxed = |k: &mut Vec<u32>, tag, b: &GritBoxLike| {
        k.push(tag);
        key_text(k, &b.material);
        key_float(k, b.margin);
        key_floats(k, &b.centre);
        key_floats(k, &b.orientation);
        key_floats(k, &b.dimensions);
    };
    match shape {
        GritShape::Hull {
            material,
            margin,
            shrink,
            vertices,
        } => {
            k.push(0);
            key_text(k, material);
            key_floats(k, &[*margin, *shrink]);
            key_floats(k, vertices.as_flattened());
        }
        GritShape::Box(b) => boxed(k, 1, b),
        GritShape::Cylinder(b) => boxed(k, 2, b),
        GritShape::Cone {
            material,
            margin,
            centre,
            orientation,
            radius,
            height,
        } => {
            k.push(3);
            key_text(k, material);
            key_floats(k, &[*margin, *radius, *height]);
            key_floats(k, centre);
            key_floats(k, orientation);
        }
        GritShape::Plane {
            material,
            normal,
            distance,
        } => {
            k.push(4);
            key_text(k, material);
            key_floats(k, normal);
            key_float(k, *distance);
        }
        GritShape::Sphere {
            material,
            centre,
            radius,
        } => {
            k.push(5);
            key_text(k, material);
            key_float(k, *radius);
            key_floats(k, centre);
        }
        _ => unreachable!("a new shape kind"),
    }
}

/// The trimesh's part of [`key`]: `0` for none.
fn trimesh_key(k: &mut Vec<u32>, body: &GritBody) {
    match &body.trimesh {
        None => k.push(0),
        Some(t) => {
            k.push(1);
            key_floats(k, &[t.margin, t.edge_distance_threshold]);
            key_floats(k, t.vertices.as_flattened());
            k.push(t.faces.len() as u32);
            for face in &t.faces {
                k.extend(face.indices);
                key_text(k, &face.material);
            }
        }
    }
}

/// The values a parsed body's views give.
fn values_of(
    attributes: grit::Attributes,
    shapes: grit::Shapes<'_>,
    trimesh: Option<grit::Trimesh<'_>>,
) -> GritBody {
    GritBody::from_views(attributes, shapes, trimesh)
}

// ------------------------------------------------------------------ lexer

/// The lexer over the whole input: tokens move forward, lie inside the input, and a
/// keyword's bytes are one of its spellings.
fn lex(data: &[u8]) {
    let lines = newlines(data);
    let mut lexer = Lexer::new(data);
    assert_eq!(lexer.text().len(), data.len());
    let mut last_end = 0;
    for _ in 0..=data.len() {
        let token = match lexer.next_token() {
            Ok(token) => token,
            Err(e) => {
                tcol_error(data, &e);
                return;
            }
        };
        one_line(&token.kind);
        one_line(&lexer.position());
        let at = token.position.offset;
        assert!(
            at >= last_end,
            "token at {at} before the last one's end {last_end}"
        );
        check_position_in(data, &lines, token.position);
        if token.kind == TokenKind::EndOfFile {
            assert_eq!(token.len, 0);
            return;
        }
        let text = token.bytes(data);
        assert_eq!(text.len(), token.len, "token runs past the input");
        assert!(token.len > 0, "empty token {token:?}");
        inside(data, text.as_ptr(), text.len());
        if let TokenKind::Keyword(k) = token.kind {
            one_line(&k);
            let spelled = k.as_str().as_bytes() == text
                || (k == Keyword::Centre && text == b"center")
                || (k == Keyword::Vertexes && text == b"vertices");
            assert!(spelled, "{k:?} lexed from {text:?}");
        }
        last_end = at + token.len;
    }
    panic!("the lexer gave more tokens than the input has bytes");
}

/// A TCOL position's line and column agree with its offset (LF alone starts a line).
fn check_position(data: &[u8], p: grit::tcol::Position) {
    check_position_in(data, &newlines(data), p);
}

/// The offset of every LF in `data`, in order.
fn newlines(data: &[u8]) -> Vec<usize> {
    data.iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .map(|(i, _)| i)
        .collect()
}

/// [`check_position`] with the LFs found once (`lines`, from [`newlines`]): the lexer
/// places every token and a body may have a lint per shape, and scanning from the
/// start each time is quadratic.
fn check_position_in(data: &[u8], lines: &[usize], p: grit::tcol::Position) {
    assert!(p.offset <= data.len(), "{p:?} past the end");
    let before = lines.partition_point(|&nl| nl < p.offset);
    let line = 1 + before;
    let line_start = before.checked_sub(1).map_or(0, |i| lines[i] + 1);
    assert_eq!(p.line as usize, line, "{p:?}: wrong line");
    assert_eq!(
        p.column as usize,
        p.offset - line_start + 1,
        "{p:?}: wrong column"
    );
}

// ------------------------------------------------------------------ TCOL

fn tcol_error(data: &[u8], e: &grit::tcol::Error) {
    one_line(e);
    one_line(&e.kind());
    let p = e.position();
    assert_eq!(
        (p.line, p.column, p.offset),
        (e.line(), e.column(), e.offset())
    );
    check_position(data, p);
    if let grit::tcol::ErrorKind::Unexpected { found, expected } = e.kind() {
        one_line(&found);
        one_line(&expected);
    }
}

/// Parses `data` as TCOL and checks everything the body hands out; its values.
fn tcol(data: &[u8], options: grit::tcol::Options) -> Option<GritBody> {
    let parsed = Tcol::parse(data, options);
    if let Ok(text) = std::str::from_utf8(data) {
        let again = Tcol::parse_str(text, options);
        // Debug: a view has no `==`, and its Debug is a summary (a few numbers).
        assert_eq!(
            format!("{parsed:?}"),
            format!("{again:?}"),
            "parse_str differs"
        );
    }
    match parsed {
        Err(e) => {
            tcol_error(data, &e);
            None
        }
        Ok(body) => Some(tcol_body(data, &body, options).values),
    }
}

fn finite(values: &[f32], what: &str) {
    assert!(values.iter().all(|v| v.is_finite()), "{what}: {values:?}");
}

fn non_negative(v: f32, what: &str) {
    assert!(v >= 0.0 && v.is_finite(), "{what} is {v}");
}

/// The checks every shape from either reader passes; `text` says it came from TCOL
/// (whose values are all finite and never negative where the parser says so).
fn shape(data: &[u8], s: &Shape<'_>, text: bool) {
    let kind = s.kind();
    one_line(&kind);
    assert_eq!(ShapeKind::from_keyword(kind.keyword()), Some(kind));
    let material = s.material();
    inside(data, material.as_ptr(), material.len());
    assert_eq!(
        s.box_like().is_some(),
        matches!(kind, ShapeKind::Box | ShapeKind::Cylinder)
    );
    assert_eq!(
        s.margin().is_some(),
        !matches!(kind, ShapeKind::Plane | ShapeKind::Sphere)
    );
    if let (true, Some(m)) = (text, s.margin()) {
        non_negative(m, "margin");
    }
    match s.clone() {
        Shape::Hull {
            shrink, vertices, ..
        } => {
            if text {
                non_negative(shrink, "shrink");
            }
            let n = vertices.len();
            let all: Vec<_> = vertices.collect();
            assert_eq!(all.len(), n, "a hull's vertices run short of their count");
            if text {
                finite(all.as_flattened(), "hull vertices");
            }
        }
        Shape::Box(b) | Shape::Cylinder(b) => {
            if text {
                finite(&b.centre, "centre");
                finite(&b.orientation, "orientation");
                finite(&b.dimensions, "dimensions");
            }
        }
        Shape::Cone {
            centre,
            orientation,
            radius,
            height,
            ..
        } => {
            if text {
                finite(&centre, "centre");
                finite(&orientation, "orientation");
                finite(&[radius, height], "cone");
            }
        }
        Shape::Plane {
            normal, distance, ..
        } => {
            if text {
                finite(&normal, "normal");
                finite(&[distance], "distance");
            }
        }
        Shape::Sphere { centre, radius, .. } => {
            if text {
                finite(&centre, "centre");
                finite(&[radius], "radius");
            }
        }
        _ => unreachable!("a new shape kind"),
    }
}

/// The shapes run to their count, each step one shorter; the checks of each.
fn shapes<'a>(data: &[u8], list: grit::Shapes<'a>, count: usize, text: bool) -> Vec<Shape<'a>> {
    assert_eq!(list.len(), count);
    let mut list = list;
    let mut out = Vec::with_capacity(count);
    while let Some(s) = list.next() {
        shape(data, &s, text);
        out.push(s);
        assert_eq!(list.len(), count - out.len());
    }
    assert_eq!(out.len(), count, "the shapes run short of their count");
    assert!(list.next().is_none(), "the shapes resume after their end");
    out
}

fn trimesh(data: &[u8], t: &grit::Trimesh<'_>, text: bool) {
    let vertices: Vec<_> = t.vertices().collect();
    assert_eq!(vertices.len(), t.vertex_count());
    let faces: Vec<_> = t.faces().collect();
    assert_eq!(faces.len(), t.face_count());
    assert_eq!(t.vertices().len(), t.vertex_count());
    assert_eq!(t.faces().len(), t.face_count());
    for face in &faces {
        assert!(
            face.indices.iter().all(|&i| (i as usize) < vertices.len()),
            "{face:?}"
        );
        inside(data, face.material.as_ptr(), face.material.len());
    }
    if text {
        assert!(t.vertices() == t.vertices() && t.faces() == t.faces());
        finite(vertices.as_flattened(), "trimesh vertices");
        non_negative(t.margin, "trimesh margin");
        non_negative(t.edge_distance_threshold, "edge_distance_threshold");
    }
}

/// What `tcol_body` checked and made: the values, the canonical print (when the body
/// prints) and the BCOL file written from it (when it can be written).
struct CheckedTcol {
    values: GritBody,
    printed: Option<String>,
    bcol: Option<Vec<u8>>,
}

fn tcol_body(data: &[u8], body: &Tcol<'_>, options: grit::tcol::Options) -> CheckedTcol {
    assert_eq!(body.text().as_ptr(), data.as_ptr());
    assert_eq!(body.text().len(), data.len());
    assert_eq!(grit::sniff(data), Some(Flavour::Tcol));
    debug(body);
    let a = body.attributes();
    tcol_attributes(&a);
    let all = tcol_contents(data, body, options);
    let lines = newlines(data);
    tcol_lints(data, &lines, body, options, &all);
    mesh_lints(data, &lines, body);

    grit_queries(data, body, body.trimesh());
    let values = values_of(a, body.shapes(), body.trimesh());
    let printed = print_tcol(body, &values, options);
    let bcol = tcol_to_bcol(body, &values);
    CheckedTcol {
        values,
        printed,
        bcol,
    }
}

/// The body's queries keep the rules (`common::query_checks`), and a `VertexIndex`
/// answers as the view does (skipped for a large TCOL mesh, whose view re-reads the
/// vertex text for every face corner).
fn grit_queries<'a, Q>(data: &[u8], body: &Q, trimesh: Option<grit::Trimesh<'a>>)
where
    Q: zerocol::query::Query<Material = &'a str> + VertexIndexed<'a>,
{
    let (lo, hi) = trimesh.as_ref().map_or(([-8.0; 3], [8.0; 3]), |t| {
        t.vertices()
            .filter(|v| v.iter().all(|x| x.is_finite() && x.abs() < 1e6))
            .fold(([f32::MAX; 3], [f32::MIN; 3]), |(lo, hi), v| {
                (
                    std::array::from_fn(|i| lo[i].min(v[i])),
                    std::array::from_fn(|i| hi[i].max(v[i])),
                )
            })
    });
    let segments = crate::common::query_segments(data, lo, hi);
    query_target(body, trimesh, &segments);
}

/// The `query` target's checks on a body: the rules, and a `VertexIndex` and a
/// `FaceIndex` answering as the view does.
pub fn query_target<'a, Q>(
    body: &Q,
    trimesh: Option<grit::Trimesh<'a>>,
    segments: &[zerocol::query::Segment],
) where
    Q: zerocol::query::Query<Material = &'a str> + VertexIndexed<'a>,
{
    let vertices = trimesh.as_ref().map_or(0, |t| t.vertex_count());
    let faces = trimesh.as_ref().map_or(0, |t| t.face_count());
    let mut storage = vec![[0.0f32; 3]; vertices];
    let index = body.indexed(&mut storage);
    let indexed = crate::common::query_checks(&index, segments);
    let mut decoded = vec![[0.0f32; 3]; vertices];
    let mut face_storage = vec![grit::IndexedFace::default(); faces];
    let mut nodes = vec![zerocol::query::Node::EMPTY; zerocol::query::FaceTree::nodes_for(faces)];
    let tree = body.face_indexed(&mut decoded, &mut face_storage, &mut nodes);
    let treed = crate::common::query_checks(&tree, segments);
    assert_eq!(
        format!("{indexed:?}"),
        format!("{treed:?}"),
        "the face index answers differently"
    );
    if vertices.saturating_mul(faces) <= 1 << 16 {
        let direct = crate::common::query_checks(body, segments);
        assert_eq!(
            format!("{direct:?}"),
            format!("{indexed:?}"),
            "the vertex index answers differently"
        );
    }
}

/// `vertex_index` and `face_index` on both encodings.
pub trait VertexIndexed<'a> {
    /// The view's `VertexIndex` in `storage` (of the vertex count).
    fn indexed<'s>(&self, storage: &'s mut [[f32; 3]]) -> grit::VertexIndex<'a, 's>;
    /// The view's `FaceIndex` in storage of the counts it asks for.
    fn face_indexed<'s>(
        &self,
        vertices: &'s mut [[f32; 3]],
        faces: &'s mut [grit::IndexedFace],
        nodes: &'s mut [zerocol::query::Node],
    ) -> grit::FaceIndex<'a, 's>;
}

impl<'a> VertexIndexed<'a> for Tcol<'a> {
    fn indexed<'s>(&self, storage: &'s mut [[f32; 3]]) -> grit::VertexIndex<'a, 's> {
        self.vertex_index(storage)
            .expect("storage of the vertex count")
    }

    fn face_indexed<'s>(
        &self,
        vertices: &'s mut [[f32; 3]],
        faces: &'s mut [grit::IndexedFace],
        nodes: &'s mut [zerocol::query::Node],
    ) -> grit::FaceIndex<'a, 's> {
        self.face_index(vertices, faces, nodes)
            .expect("storage of the counts asked for")
    }
}

impl<'a> VertexIndexed<'a> for Bcol<'a> {
    fn indexed<'s>(&self, storage: &'s mut [[f32; 3]]) -> grit::VertexIndex<'a, 's> {
        self.vertex_index(storage)
            .expect("storage of the vertex count")
    }

    fn face_indexed<'s>(
        &self,
        vertices: &'s mut [[f32; 3]],
        faces: &'s mut [grit::IndexedFace],
        nodes: &'s mut [zerocol::query::Node],
    ) -> grit::FaceIndex<'a, 's> {
        self.face_index(vertices, faces, nodes)
            .expect("storage of the counts asked for")
    }
}

/// A TCOL body's attributes are in range: a static body weighs nothing.
fn tcol_attributes(a: &grit::Attributes) {
    if a.is_static {
        assert_eq!(a.mass.to_bits(), 0, "a static body's mass");
    } else {
        assert!(a.mass > 0.0 && a.mass.is_finite(), "mass {}", a.mass);
    }
    finite(&a.inertia.unwrap_or_default(), "inertia");
    non_negative(a.linear_damping, "linear_damping");
    non_negative(a.angular_damping, "angular_damping");
    finite(
        &[
            a.linear_sleep_threshold,
            a.angular_sleep_threshold,
            a.ccd_motion_threshold,
            a.ccd_swept_sphere_radius,
        ],
        "attributes",
    );
}

/// A TCOL body's shapes and trimesh, checked and returned as shapes.
fn tcol_contents<'a>(data: &[u8], body: &Tcol<'a>, options: grit::tcol::Options) -> Vec<Shape<'a>> {
    let a = body.attributes();
    if !body.has_compound() {
        assert_eq!(body.shape_count(), 0);
    }
    assert!(
        body.has_compound() || body.trimesh().is_some(),
        "a body of nothing"
    );
    let all = shapes(data, body.shapes(), body.shape_count(), true);
    assert!(
        body.shapes().eq(body.shapes()),
        "TCOL shapes differ from themselves"
    );
    if let Some(t) = body.trimesh() {
        trimesh(data, &t, true);
        if a.is_static {
            let lenient_margin = options.accept_old_dialects
                && body
                    .tolerated()
                    .any(|l| l.kind == LintKind::StaticTrimeshMargin);
            assert!(
                t.margin == 0.0 || lenient_margin,
                "static trimesh margin {}",
                t.margin
            );
        } else {
            assert_eq!(t.edge_distance_threshold, DEFAULT_EDGE_DISTANCE_THRESHOLD);
        }
    }
    all
}

/// A TCOL body's lints: the tolerated first, each at a position in `data` (`lines`: its
/// LFs, from [`newlines`]) and naming a shape that exists, of the kind it names.
fn tcol_lints(
    data: &[u8],
    lines: &[usize],
    body: &Tcol<'_>,
    options: grit::tcol::Options,
    all: &[Shape<'_>],
) {
    // What a lenient read tolerated comes first among the lints.
    let tolerated: Vec<_> = body.tolerated().collect();
    assert_eq!(body.tolerated().len(), tolerated.len());
    if !options.accept_old_dialects {
        assert!(
            tolerated.is_empty(),
            "a strict read tolerated {tolerated:?}"
        );
    }
    let lints: Vec<_> = body.lints().collect();
    assert_eq!(lints.get(..tolerated.len()), Some(tolerated.as_slice()));
    let mut messages = Messages::default();
    for (i, lint) in lints.iter().enumerate() {
        messages.check_with_kind(&lint.kind, lint);
        check_position_in(data, lines, lint.position);
        assert_eq!(lint.kind.is_tolerated(), i < tolerated.len(), "{lint:?}");
        if let Some(s) = lint.shape {
            let kind = all
                .get(s)
                .unwrap_or_else(|| panic!("{lint:?}: no such shape"))
                .kind();
            let named = match lint.kind {
                LintKind::NonPositiveSize { shape, .. }
                | LintKind::NonUnitOrientation { shape, .. } => Some(shape),
                LintKind::NonUnitNormal { .. } => Some(ShapeKind::Plane),
                LintKind::CylinderXyDiffer { .. } => Some(ShapeKind::Cylinder),
                _ => None,
            };
            assert_eq!(named.unwrap_or(kind), kind, "{lint:?} of a {kind}");
        }
    }
}

/// The mesh lints run in exactly the scratch they ask for, refuse one entry less, and
/// name faces and vertices that exist (`lines`: the LFs of `data`, from [`newlines`]).
fn mesh_lints(data: &[u8], lines: &[usize], body: &Tcol<'_>) {
    let need = body.mesh_scratch_len();
    let (vertices, faces) = body
        .trimesh()
        .map_or((0, 0), |t| (t.vertex_count(), t.face_count()));
    assert_eq!(need, vertices + faces);
    let mut scratch = vec![[0u32; 4]; need];
    let lints: Vec<_> = body
        .mesh_lints(&mut scratch)
        .expect("enough scratch")
        .collect();
    for lint in &lints {
        one_line(lint);
        check_position_in(data, lines, lint.position);
        assert!(!lint.kind.is_tolerated());
        match lint.kind {
            LintKind::ZeroAreaFace { face, indices } => {
                assert!(face < faces && indices.iter().all(|&i| (i as usize) < vertices));
            }
            LintKind::DuplicateFace { face, first } => {
                assert!(face < faces && first < faces && face != first, "{lint:?}");
            }
            LintKind::UnreferencedVertex { vertex } => assert!(vertex < vertices),
            other => panic!("{other:?} among the mesh lints"),
        }
    }
    if need > 0 {
        let mut short = vec![[0u32; 4]; need - 1];
        let e = body.mesh_lints(&mut short).expect_err("one entry short");
        assert_eq!((e.needed, e.available), (need, need - 1));
        one_line(&e);
    }
}

/// What a lenient read keeps that TCOL has no syntax for: a static trimesh's margin of
/// -0 prints as nothing, and reads back +0.
fn printable(values: &GritBody) -> GritBody {
    let mut v = values.clone();
    if v.attributes.is_static
        && let Some(t) = &mut v.trimesh
        && t.margin == 0.0
    {
        // -0.0 == 0.0: this turns a -0 margin into +0.
        t.margin = 0.0;
    }
    v
}

/// Prints the body: the text reads back as the values (as printed), prints again the
/// same, and is what `grit::tcol::print`, `required_len` and `write` give; a buffer a byte
/// short is refused. Only a lenient read's static trimesh margin may not print. The text.
fn print_tcol(body: &Tcol<'_>, values: &GritBody, options: grit::tcol::Options) -> Option<String> {
    let mut text = String::new();
    match body.print(&mut text) {
        Ok(()) => {
            let again = Tcol::parse_str(&text, grit::tcol::Options::STRICT)
                .unwrap_or_else(|e| panic!("printed TCOL does not parse: {e}\n{text}"));
            let read = values_of(again.attributes(), again.shapes(), again.trimesh());
            assert_eq!(
                key(&read),
                key(&printable(values)),
                "printed TCOL reads other values"
            );
            let mut twice = String::new();
            again.print(&mut twice).expect("printed TCOL prints");
            assert_eq!(twice, text, "printing is not idempotent");
            let mut free = String::new();
            grit::tcol::print(&body.attributes(), body.shapes(), body.trimesh(), &mut free)
                .expect("grit::tcol::print prints what Tcol::print does");
            assert_eq!(free, text);
            let len = body
                .required_len()
                .expect("required_len of a printable body");
            assert_eq!(len, text.len());
            assert_eq!(
                grit::tcol::required_len(&body.attributes(), body.shapes(), body.trimesh()),
                Ok(len)
            );
            let mut out = vec![0; len];
            assert_eq!(body.write(&mut out), Ok(len));
            assert_eq!(out, text.as_bytes());
            let mut short = vec![0; len - 1];
            assert_eq!(
                body.write(&mut short),
                Err(WriteError::BufferTooSmall {
                    needed: len,
                    available: len - 1
                })
            );
            Some(text)
        }
        Err(e) => {
            one_line(&e);
            let at = Place::Trimesh(Keyword::Margin);
            assert!(
                options.accept_old_dialects
                    && e == PrintError::Invalid {
                        at,
                        problem: Problem::NoSyntax
                    },
                "a parsed body does not print: {e}"
            );
            let why = InputError {
                at,
                problem: Problem::NoSyntax,
            };
            one_line(&why);
            assert_eq!(body.required_len(), Err(WriteError::Invalid(why)));
            assert_eq!(body.write(&mut [0; 64]), Err(WriteError::Invalid(why)));
            assert!(text.is_empty(), "an unprintable body wrote {text:?}");
            None
        }
    }
}

/// Writes a TCOL body as BCOL: it must be refused only for a hull's shrink, and
/// otherwise read back, strictly, as the same values grouped by kind. The file.
fn tcol_to_bcol(body: &Tcol<'_>, values: &GritBody) -> Option<Vec<u8>> {
    let (a, s, t) = (body.attributes(), body.shapes(), body.trimesh());
    let bound = match bcol::required_len(&a, s.clone(), t.clone()) {
        Ok(bound) => bound,
        Err(e) => {
            one_line(&e);
            let Err(WriteError::Invalid(bcol::InputError::Shrink { shape, shrink })) =
                bcol::required_len(&a, s, t)
            else {
                panic!("bcol::write refuses a TCOL body: {e}");
            };
            assert!(
                matches!(&values.shapes[shape], GritShape::Hull { shrink: s, .. } if s.to_bits() == shrink.to_bits() && *s != 0.0),
                "refused shape {shape} for a shrink of {shrink}"
            );
            return None;
        }
    };
    let mut out = vec![0; bound];
    let len = bcol::write(&a, s.clone(), t.clone(), &mut out).expect("bcol::write");
    assert!(len <= bound, "wrote {len} bytes, required_len said {bound}");
    let file = &out[..len];
    let mut short = vec![0; len - 1];
    assert!(matches!(
        bcol::write(&a, s, t.clone(), &mut short),
        Err(WriteError::BufferTooSmall { .. })
    ));
    let read = Bcol::parse(file, bcol::Options::STRICT)
        .unwrap_or_else(|e| panic!("BCOL written from TCOL does not parse: {e}"));
    assert_eq!(read.tolerated().count(), 0);
    let got = values_of(read.attributes(), read.shapes(), read.trimesh());
    assert_eq!(
        key(&got),
        key(&values.bcol_reading()),
        "TCOL -> BCOL changed values"
    );
    // A trimesh without faces is not a BCOL trimesh, but its vertices are there.
    let vertices: Vec<[f32; 3]> = read
        .trimesh_vertices()
        .iter()
        .map(|v| raw::vec3(&v.position))
        .collect();
    let want: Vec<[f32; 3]> = t.map(|t| t.vertices().collect()).unwrap_or_default();
    same(&vertices, &want);

    // The same lints, but for the order of the shapes and what only one side reports:
    // TCOL's old-dialect tolerances, BCOL's vertices without faces (and its dynamic
    // trimesh lint only when there are faces).
    let faceless = body.trimesh().is_some_and(|t| t.face_count() == 0);
    let mut from_tcol: Vec<String> = body
        .lints()
        .filter(|l| !l.kind.is_tolerated())
        .filter(|l| !(faceless && l.kind == LintKind::DynamicTrimesh))
        .map(|l| format!("{:?}", l.kind))
        .collect();
    let mut from_bcol: Vec<String> = Vec::new();
    for lint in read.lints() {
        match lint.kind {
            bcol::LintKind::Tcol(kind) => from_bcol.push(format!("{kind:?}")),
            bcol::LintKind::VerticesWithoutFaces { vertices } => {
                assert!(faceless);
                assert_eq!(vertices, want.len());
            }
            other => panic!("BCOL written from TCOL lints {other:?}"),
        }
    }
    from_tcol.sort();
    from_bcol.sort();
    assert_eq!(from_tcol, from_bcol, "TCOL and its BCOL lint differently");
    out.truncate(len);
    Some(out)
}

// ------------------------------------------------------------------ BCOL

/// Parses `data` as BCOL and checks everything the file hands out; its values.
fn bcol(data: &[u8], options: bcol::Options) -> Option<GritBody> {
    match Bcol::parse(data, options) {
        Err(e) => {
            one_line(&e);
            one_line(&e.kind());
            assert!(e.offset() <= data.len(), "{e:?} past the end");
            match e.kind() {
                bcol::ErrorKind::Truncated { needed, available } => {
                    assert_eq!((needed, available), (bcol::HEADER_LEN, data.len()));
                }
                bcol::ErrorKind::GritMaterialOffsets { section, .. } => {
                    assert!(!options.repair_material_offsets);
                    assert!(matches!(section, Section::Hulls | Section::Boxes));
                }
                _ => {}
            }
            None
        }
        Ok(file) => Some(bcol_file(data, &file, options)),
    }
}

/// A section's table lies inside the file, after the header, where `section_offset`
/// says, and its accessors agree.
fn table<T>(data: &[u8], file: &Bcol<'_>, t: Table<'_, T>, section: Section) {
    one_line(&section);
    assert_eq!(size_of::<T>(), section.record_len());
    assert_eq!(file.section_offset(section), t.start());
    assert_eq!(t.is_empty(), t.as_slice().is_empty());
    if t.is_empty() {
        assert_eq!(t.start(), bcol::HEADER_LEN);
    } else {
        assert!(t.start() >= bcol::HEADER_LEN);
    }
    assert_eq!(t.end(), t.start() + t.len() * size_of::<T>());
    assert!(t.end() <= data.len());
    assert!(t.end() <= file.string_table_offset());
    let slice = t.as_slice();
    inside(data, slice.as_ptr().cast(), size_of_val(slice));
    if !t.is_empty() {
        assert_eq!(slice.as_ptr() as usize - data.as_ptr() as usize, t.start());
    }
    assert_eq!(t.iter().count(), t.len());
    assert_eq!(t.iter().rev().count(), t.len());
    assert_eq!(t.into_iter().count(), t.len());
    for i in 0..t.len() {
        assert!(t.get(i).is_some());
        assert_eq!(t.offset_of(i), Some(t.start() + i * size_of::<T>()));
    }
    assert!(t.get(t.len()).is_none());
    assert_eq!(t.offset_of(t.len()), None);
}

fn bits<const N: usize>(v: [f32; N]) -> [u32; N] {
    v.map(f32::to_bits)
}

/// A material lies in the string table and ends at a NUL.
fn material(data: &[u8], file: &Bcol<'_>, m: &str) {
    let table = file.string_table();
    inside(table, m.as_ptr(), m.len());
    let at = m.as_ptr() as usize - data.as_ptr() as usize;
    if m.is_empty() {
        assert!(
            at >= file.string_table_offset() && at < data.len(),
            "empty material at {at}"
        );
    }
    assert_eq!(
        data.get(at + m.len()),
        Some(&0),
        "material {m:?} does not end at a NUL"
    );
    assert!(!m.contains('\0'));
}

/// A BCOL file's checks, in steps: the header, the sections, the shapes, the trimesh
/// and the lints; then its values, printed as TCOL and written as BCOL again.
fn bcol_file(data: &[u8], file: &Bcol<'_>, options: bcol::Options) -> GritBody {
    assert_eq!(file.bytes().as_ptr(), data.as_ptr());
    assert_eq!(file.bytes().len(), data.len());
    assert_eq!(grit::sniff(data), Some(Flavour::Bcol));
    debug(file);
    bcol_header(data, file);
    bcol_sections(data, file);
    bcol_shapes(data, file);
    bcol_trimesh(data, file);
    bcol_lints(data, file, options);
    grit_queries(data, file, file.trimesh());
    let values = values_of(file.attributes(), file.shapes(), file.trimesh());
    bcol_to_tcol(file, &values);
    bcol_to_bcol(file, &values);
    values
}

/// The header lies in the buffer, and the attributes are its fields.
fn bcol_header(data: &[u8], file: &Bcol<'_>) {
    let h = file.header();
    inside(data, std::ptr::from_ref(h).cast(), size_of::<raw::Header>());
    assert_eq!(h.magic, bcol::MAGIC);
    assert_eq!(h.capsules.count.get(), 0);

    let a = file.attributes();
    let mass = h.mass.get();
    assert_eq!(a.is_static, mass == 0.0);
    assert_eq!(
        a.mass.to_bits(),
        if a.is_static { 0 } else { mass.to_bits() }
    );
    assert_eq!(a.inertia.is_some(), h.inertia_provided.get() != 0);
    if let Some(inertia) = a.inertia {
        assert_eq!(bits(inertia), bits(raw::vec3(&h.inertia)));
    }
    assert_eq!(
        bits([
            a.linear_damping,
            a.angular_damping,
            a.linear_sleep_threshold,
            a.angular_sleep_threshold,
            a.ccd_motion_threshold,
            a.ccd_swept_sphere_radius
        ]),
        [
            h.linear_damping.get(),
            h.angular_damping.get(),
            h.linear_sleep_threshold.get(),
            h.angular_sleep_threshold.get(),
            h.ccd_motion_threshold.get(),
            h.ccd_swept_sphere_radius.get()
        ]
        .map(f32::to_bits)
    );
}

/// Every section; the string table after all of them and the hulls' vertices.
fn bcol_sections(data: &[u8], file: &Bcol<'_>) {
    let start = file.string_table_offset();
    assert!(start >= bcol::HEADER_LEN && start <= data.len());
    assert_eq!(file.string_table(), &data[start..]);
    table(data, file, file.hulls(), Section::Hulls);
    table(data, file, file.boxes(), Section::Boxes);
    table(data, file, file.cylinders(), Section::Cylinders);
    table(data, file, file.cones(), Section::Cones);
    table(data, file, file.planes(), Section::Planes);
    table(data, file, file.spheres(), Section::Spheres);
    table(data, file, file.trimesh_vertices(), Section::Vertices);
    table(data, file, file.trimesh_faces(), Section::Faces);
    assert_eq!(file.section_offset(Section::Capsules), bcol::HEADER_LEN);
    one_line(&Section::Capsules);
    let mut ends = bcol::HEADER_LEN;
    for (i, hull) in file.hulls().iter().enumerate() {
        let v = file.hull_vertices(i);
        assert_eq!(v.len(), hull.vertex_count.get() as usize);
        let slice = v.as_slice();
        inside(data, slice.as_ptr().cast(), size_of_val(slice));
        if !v.is_empty() {
            ends = ends.max(v.end());
        }
    }
    assert!(file.hull_vertices(file.hulls().len()).is_empty());
    for end in [
        file.hulls().end(),
        file.boxes().end(),
        file.cylinders().end(),
        file.cones().end(),
        file.planes().end(),
        file.spheres().end(),
        file.trimesh_vertices().end(),
        file.trimesh_faces().end(),
    ] {
        ends = ends.max(end);
    }
    assert_eq!(
        start, ends,
        "the string table starts after the last section"
    );
}

/// The shapes are the records, kind by kind, in stored order.
fn bcol_shapes(data: &[u8], file: &Bcol<'_>) {
    let counts = [
        file.hulls().len(),
        file.boxes().len(),
        file.cylinders().len(),
        file.cones().len(),
        file.planes().len(),
        file.spheres().len(),
    ];
    assert_eq!(file.shape_count(), counts.iter().sum::<usize>());
    let all = shapes(data, file.shapes(), file.shape_count(), false);
    let mut it = all.iter();
    bcol_hulls(data, file, &mut it);
    bcol_box_likes(data, file, &mut it);
    bcol_round_and_flat(data, file, &mut it);
    assert!(it.next().is_none());
}

/// The hulls, first among the shapes: material, margin and vertices.
fn bcol_hulls(data: &[u8], file: &Bcol<'_>, it: &mut std::slice::Iter<'_, Shape<'_>>) {
    for (i, r) in file.hulls().iter().enumerate() {
        let Some(Shape::Hull {
            material: m,
            margin,
            shrink,
            vertices,
        }) = it.next()
        else {
            panic!("hull {i} is not a hull");
        };
        material(data, file, m);
        assert_eq!(margin.to_bits(), r.margin.get().to_bits());
        assert_eq!(shrink.to_bits(), grit::DEFAULT_SHRINK.to_bits());
        let want: Vec<_> = file
            .hull_vertices(i)
            .iter()
            .map(|v| bits(raw::vec3(&v.position)))
            .collect();
        let got: Vec<_> = vertices.clone().map(bits).collect();
        assert_eq!(got, want, "hull {i} vertices");
    }
}

/// The boxes, then the cylinders: the box-like shapes.
fn bcol_box_likes(data: &[u8], file: &Bcol<'_>, it: &mut std::slice::Iter<'_, Shape<'_>>) {
    for (kind, records) in [
        (ShapeKind::Box, file.boxes()),
        (ShapeKind::Cylinder, file.cylinders()),
    ] {
        for r in records.iter() {
            let s = it.next().expect("a box or cylinder");
            assert_eq!(s.kind(), kind);
            let b = s.box_like().expect("box-like");
            material(data, file, b.material);
            assert_eq!(b.margin.to_bits(), r.margin.get().to_bits());
            assert_eq!(bits(b.centre), bits(raw::vec3(&r.centre)));
            assert_eq!(bits(b.dimensions), bits(raw::vec3(&r.dimensions)));
            assert_eq!(bits(b.orientation), bits(raw::quat(&r.orientation)));
        }
    }
}

/// The cones, planes and spheres, last among the shapes.
fn bcol_round_and_flat(data: &[u8], file: &Bcol<'_>, it: &mut std::slice::Iter<'_, Shape<'_>>) {
    for r in file.cones().iter() {
        let Some(Shape::Cone {
            material: m,
            margin,
            centre,
            orientation,
            radius,
            height,
        }) = it.next()
        else {
            panic!("not a cone");
        };
        material(data, file, m);
        assert_eq!(
            bits([*margin, *radius, *height]),
            bits([r.margin.get(), r.radius.get(), r.height.get()])
        );
        assert_eq!(bits(*centre), bits(raw::vec3(&r.centre)));
        assert_eq!(bits(*orientation), bits(raw::quat(&r.orientation)));
    }
    for r in file.planes().iter() {
        let Some(Shape::Plane {
            material: m,
            normal,
            distance,
        }) = it.next()
        else {
            panic!("not a plane");
        };
        material(data, file, m);
        assert_eq!(bits(*normal), bits(raw::vec3(&r.normal)));
        assert_eq!(distance.to_bits(), r.distance.get().to_bits());
    }
    for r in file.spheres().iter() {
        let Some(Shape::Sphere {
            material: m,
            centre,
            radius,
        }) = it.next()
        else {
            panic!("not a sphere");
        };
        material(data, file, m);
        assert_eq!(bits(*centre), bits(raw::vec3(&r.centre)));
        assert_eq!(radius.to_bits(), r.radius.get().to_bits());
    }
}

/// The trimesh: there exactly when faces are, its lists the records.
fn bcol_trimesh(data: &[u8], file: &Bcol<'_>) {
    let h = file.header();
    assert_eq!(file.trimesh().is_some(), !file.trimesh_faces().is_empty());
    if let Some(t) = file.trimesh() {
        trimesh(data, &t, false);
        assert_eq!(t.margin.to_bits(), h.trimesh_margin.get().to_bits());
        assert_eq!(
            t.edge_distance_threshold.to_bits(),
            h.edge_distance_threshold.get().to_bits()
        );
        let Vertices::Binary(list) = t.vertices() else {
            panic!("BCOL vertices from text");
        };
        let records = file.trimesh_vertices().as_slice();
        assert_eq!(list.as_slice().as_ptr(), records.as_ptr());
        assert_eq!(list.as_slice().len(), records.len());
        for (face, r) in t.faces().zip(file.trimesh_faces().iter()) {
            assert_eq!(face.indices, r.indices.map(|i| i.get()));
            material(data, file, face.material);
        }
    }
    for r in file.trimesh_faces().iter() {
        let n = file.trimesh_vertices().len();
        assert!(r.indices.iter().all(|i| (i.get() as usize) < n));
    }
}

/// Repairs come first among the lints, and only from a lenient read.
fn bcol_lints(data: &[u8], file: &Bcol<'_>, options: bcol::Options) {
    let tolerated: Vec<_> = file.tolerated().collect();
    if !options.repair_material_offsets {
        assert!(tolerated.is_empty(), "a strict read repaired {tolerated:?}");
    }
    for lint in &tolerated {
        let bcol::LintKind::GritMaterialOffsets { section, count } = lint.kind else {
            panic!("tolerated {lint:?}");
        };
        let n = match section {
            Section::Hulls => file.hulls().len(),
            Section::Boxes => file.boxes().len(),
            other => panic!("repaired the {other}"),
        };
        assert!(count >= 1 && count <= n, "{lint:?}");
    }
    let lints: Vec<_> = file.lints().collect();
    assert_eq!(lints.get(..tolerated.len()), Some(tolerated.as_slice()));
    let mut messages = Messages::default();
    for (i, lint) in lints.iter().enumerate() {
        messages.check_with_kind(&lint.kind, lint);
        assert!(lint.offset < data.len(), "{lint:?} past the end");
        assert_eq!(lint.kind.is_tolerated(), i < tolerated.len(), "{lint:?}");
        if let Some(s) = lint.shape {
            assert!(s < file.shape_count(), "{lint:?}");
        }
    }
}

/// Prints a BCOL body as TCOL: it reads back strictly as the same values, or the
/// printer names a value TCOL cannot hold.
fn bcol_to_tcol(file: &Bcol<'_>, values: &GritBody) {
    let mut text = String::new();
    match grit::tcol::print(&file.attributes(), file.shapes(), file.trimesh(), &mut text) {
        Ok(()) => {
            let again = Tcol::parse_str(&text, grit::tcol::Options::STRICT)
                .unwrap_or_else(|e| panic!("BCOL printed as TCOL does not parse: {e}\n{text}"));
            let read = values_of(again.attributes(), again.shapes(), again.trimesh());
            assert_eq!(
                key(&read),
                key(&printable(values)),
                "BCOL -> TCOL changed values"
            );
        }
        Err(e) => {
            one_line(&e);
            let PrintError::Invalid { at, problem } = e else {
                panic!("{e}");
            };
            one_line(&at);
            one_line(&problem);
            assert!(
                matches!(
                    problem,
                    Problem::NotFinite
                        | Problem::Negative
                        | Problem::NoSyntax
                        | Problem::UnwritableString
                ),
                "BCOL -> TCOL: {e}"
            );
            assert!(text.is_empty());
        }
    }
}

/// Writes a BCOL body as BCOL again: it reads back strictly as the same values.
fn bcol_to_bcol(file: &Bcol<'_>, values: &GritBody) {
    let (a, s, t) = (file.attributes(), file.shapes(), file.trimesh());
    let bound = bcol::required_len(&a, s.clone(), t.clone()).expect("a BCOL body writes");
    let mut out = vec![0; bound];
    let len = bcol::write(&a, s, t, &mut out).expect("a BCOL body writes");
    assert!(len <= bound);
    let again = Bcol::parse(&out[..len], bcol::Options::STRICT)
        .unwrap_or_else(|e| panic!("BCOL written from BCOL does not parse: {e}"));
    let read = values_of(again.attributes(), again.shapes(), again.trimesh());
    assert_eq!(key(&read), key(values), "BCOL -> BCOL changed values");
}

// ------------------------------------------------------------------ round trips

/// The bytes `bcol::write` promises for a body: the records, then every material
/// once, in order of first use, each NUL-terminated.
fn bcol_layout(body: &GritBody) -> (usize, usize, Vec<u8>) {
    let mut records = bcol::HEADER_LEN;
    let mut uses: Vec<&str> = Vec::new();
    for s in &body.shapes {
        records += match s {
            GritShape::Hull { vertices, .. } => 16 + 12 * vertices.len(),
            GritShape::Box(_) | GritShape::Cylinder(_) => 48,
            GritShape::Cone { .. } => 44,
            GritShape::Plane { .. } | GritShape::Sphere { .. } => 20,
            _ => unreachable!("a new shape kind"),
        };
        uses.push(match s {
            GritShape::Hull { material, .. }
            | GritShape::Cone { material, .. }
            | GritShape::Plane { material, .. }
            | GritShape::Sphere { material, .. } => material,
            GritShape::Box(b) | GritShape::Cylinder(b) => &b.material,
            _ => unreachable!("a new shape kind"),
        });
    }
    if let Some(t) = &body.trimesh {
        records += 12 * t.vertices.len() + 16 * t.faces.len();
        uses.extend(t.faces.iter().map(|f| f.material.as_str()));
    }
    let bound = records + uses.iter().map(|m| m.len() + 1).sum::<usize>();
    let mut table = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for m in uses {
        if !seen.contains(&m) {
            seen.push(m);
            table.extend_from_slice(m.as_bytes());
            table.push(0);
        }
    }
    (records, bound, table)
}

/// A generated TCOL file: both readings give its description back, bit for bit, with
/// nothing tolerated; the printer gives the same bytes again (and `tcol_body` checks
/// `required_len`, `write` and a buffer one byte short against that print);
/// TCOL -> BCOL -> TCOL keeps the values; and everything `bytes` checks.
pub fn round_trip_tcol(file: &TcolFile) {
    let want = file.description();
    let data = file.bytes();
    let mut strict = None;
    for options in tcol_options() {
        let tcol = Tcol::parse(data, options).unwrap_or_else(|e| {
            panic!(
                "a generated TCOL file does not parse: {e}\n{}",
                String::from_utf8_lossy(data)
            )
        });
        let got = values_of(tcol.attributes(), tcol.shapes(), tcol.trimesh());
        assert_eq!(&got, want);
        assert_eq!(key(&got), key(want));
        assert_eq!(tcol.tolerated().count(), 0);
        // The whole-view checks once: LENIENT's values are compared just above, and
        // the `grit` target runs these checks under every option.
        if options == grit::tcol::Options::STRICT {
            let checked = tcol_body(data, &tcol, options);
            assert_eq!(checked.values, got);
            strict = Some(checked);
        }
    }
    let checked = strict.expect("STRICT is among the options");
    assert_eq!(
        checked.printed.as_deref().map(str::as_bytes),
        Some(data),
        "the canonical print is not what was generated"
    );

    // TCOL -> BCOL (`tcol_body` compared its values) -> TCOL.
    let shrinks = want
        .shapes
        .iter()
        .any(|s| matches!(s, GritShape::Hull { shrink, .. } if *shrink != 0.0));
    let Some(out) = checked.bcol else {
        assert!(shrinks, "bcol::write refuses a generated TCOL body");
        return;
    };
    assert!(!shrinks, "bcol::write took a hull's shrink");
    let bcol = Bcol::parse(&out, bcol::Options::STRICT).expect("BCOL from TCOL parses");
    let mut back = String::new();
    grit::tcol::print(&bcol.attributes(), bcol.shapes(), bcol.trimesh(), &mut back)
        .expect("BCOL from TCOL prints");
    let again =
        Tcol::parse_str(&back, grit::tcol::Options::STRICT).expect("TCOL -> BCOL -> TCOL parses");
    let got = values_of(again.attributes(), again.shapes(), again.trimesh());
    assert_eq!(key(&got), key(&want.bcol_reading()), "TCOL -> BCOL -> TCOL");
}

/// A generated BCOL file: both readings give its description back, bit for bit, with
/// nothing repaired; `required_len` is the records plus every material use in full (an
/// upper bound), the file is the records plus each material once in order of first use;
/// the writer fills a buffer of exactly the file's length with the same bytes and refuses
/// one a byte shorter; BCOL -> TCOL keeps the values; and everything `bytes` checks.
pub fn round_trip_bcol(file: &BcolFile) {
    let want = file.description();
    let data = file.bytes();
    for options in bcol_options() {
        let bcol = Bcol::parse(data, options)
            .unwrap_or_else(|e| panic!("a generated BCOL file does not parse: {e}"));
        let got = values_of(bcol.attributes(), bcol.shapes(), bcol.trimesh());
        assert_eq!(&got, want);
        assert_eq!(key(&got), key(want));
        assert_eq!(bcol.tolerated().count(), 0);
        // The whole-view checks once, as in `round_trip_tcol`.
        if options == bcol::Options::STRICT {
            assert_eq!(bcol_file(data, &bcol, options), got);
        }
    }
    let bcol = Bcol::parse(data, bcol::Options::STRICT).expect("parsed above");
    let (records, bound, table) = bcol_layout(want);
    let (a, s, t) = (bcol.attributes(), bcol.shapes(), bcol.trimesh());
    assert_eq!(bcol::required_len(&a, s.clone(), t.clone()), Ok(bound));
    assert_eq!(bcol.string_table_offset(), records);
    assert_eq!(bcol.string_table(), table.as_slice(), "the string table");
    assert_eq!(data.len(), records + table.len());
    let mut out = vec![0; data.len()];
    assert_eq!(
        bcol::write(&a, s.clone(), t.clone(), &mut out),
        Ok(data.len())
    );
    assert_eq!(out, data, "the writer is not deterministic");
    let mut short = vec![0; data.len() - 1];
    assert!(matches!(
        bcol::write(&a, s, t, &mut short),
        Err(WriteError::BufferTooSmall { .. })
    ));

    converter_offsets(&bcol, want);

    // BCOL -> TCOL.
    let mut text = String::new();
    grit::tcol::print(&bcol.attributes(), bcol.shapes(), bcol.trimesh(), &mut text)
        .expect("a generated BCOL body prints as TCOL");
    let tcol = Tcol::parse_str(&text, grit::tcol::Options::STRICT).expect("BCOL -> TCOL parses");
    let got = values_of(tcol.attributes(), tcol.shapes(), tcol.trimesh());
    assert_eq!(key(&got), key(want), "BCOL -> TCOL");
}

/// `file` with its hull and/or box material offsets stored as Grit's converter writes
/// them: a hull's `absolute - vertex_offset`, a box's 16 bytes per hull too far.
fn with_converter_offsets(file: &Bcol<'_>, hulls: bool, boxes: bool) -> Vec<u8> {
    let mut out = file.bytes().to_vec();
    let mut set = |at: usize, v: u32| out[at..at + 4].copy_from_slice(&v.to_le_bytes());
    if hulls {
        for (i, hull) in file.hulls().iter().enumerate() {
            let at = file.hulls().offset_of(i).expect("a hull");
            let absolute = (at as u32).wrapping_add(hull.material.get());
            set(at, absolute.wrapping_sub(hull.vertex_offset.get()));
        }
    }
    if boxes {
        let shift = (file.hulls().len() as u32).wrapping_mul(bcol::GRIT_BOX_SHIFT_PER_HULL as u32);
        for (i, r) in file.boxes().iter().enumerate() {
            let at = file.boxes().offset_of(i).expect("a box");
            set(at, r.material.get().wrapping_add(shift));
        }
    }
    out
}

/// The body with every material blanked.
fn without_materials(body: &GritBody) -> GritBody {
    let mut b = body.clone();
    for shape in &mut b.shapes {
        match shape {
            GritShape::Hull { material, .. }
            | GritShape::Cone { material, .. }
            | GritShape::Plane { material, .. }
            | GritShape::Sphere { material, .. } => material.clear(),
            GritShape::Box(x) | GritShape::Cylinder(x) => x.material.clear(),
            _ => unreachable!("a new shape kind"),
        }
    }
    if let Some(t) = &mut b.trimesh {
        for face in &mut t.faces {
            face.material.clear();
        }
    }
    b
}

/// A writer's file with Grit's converter's offsets (both bugs, as the converter writes
/// them): STRICT refuses it with `GritMaterialOffsets` and LENIENT reads the description
/// back, reporting the repair; or, where the wrong offsets happen to name every string
/// in order (the ambiguity the `bcol` docs describe), both read it as stored.
///
/// One bug alone (which the converter never writes when there are hulls) is read
/// leniently too, but not always back to the description: the detection tries both bugs
/// first, and a hull string of 16 bytes with its NUL makes "both bugs on a box that uses
/// the hull's string" as valid a reading as "the hulls' bug alone". Then only the
/// materials differ.
fn converter_offsets(file: &Bcol<'_>, want: &GritBody) {
    for (hulls, boxes) in [(true, true), (true, false), (false, true)] {
        let bugged = with_converter_offsets(file, hulls, boxes);
        if bugged == file.bytes() {
            continue;
        }
        let lenient = Bcol::parse(&bugged, bcol::Options::LENIENT).unwrap_or_else(|e| {
            panic!("LENIENT refuses the converter's offsets (hulls {hulls}, boxes {boxes}): {e}")
        });
        let got = values_of(lenient.attributes(), lenient.shapes(), lenient.trimesh());
        let strict = Bcol::parse(&bugged, bcol::Options::STRICT);
        if let Ok(strict) = &strict {
            let read = values_of(strict.attributes(), strict.shapes(), strict.trimesh());
            assert_eq!(key(&read), key(&got));
            assert_eq!(lenient.tolerated().count(), 0);
        }
        if !(hulls && boxes) {
            assert_eq!(
                key(&without_materials(&got)),
                key(&without_materials(want)),
                "LENIENT reads more than materials differently (hulls {hulls}, boxes {boxes})"
            );
            continue;
        }
        if let Err(e) = strict {
            assert!(
                matches!(e.kind(), bcol::ErrorKind::GritMaterialOffsets { .. }),
                "STRICT on the converter's offsets: {e}"
            );
            assert_eq!(
                key(&got),
                key(want),
                "LENIENT misreads the converter's offsets"
            );
            assert!(lenient.tolerated().count() > 0);
        }
    }
}
