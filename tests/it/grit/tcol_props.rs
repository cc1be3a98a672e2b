//! Property tests of the TCOL reader, as seeded loops over a small xorshift generator (no
//! dependencies, deterministic): generated valid files (random attributes, shapes, property
//! orders, repeated properties, number spellings, whitespace and comments) read back to exactly
//! the values written; random bytes, token soup and mutations of the conformance files and of
//! generated files never panic through `Tcol::parse` (strict and lenient); every error's line
//! and column follow from its offset; and every accepted file's iterators run to their stated
//! counts, with every material borrowed from the text and every index below the vertex count.
//!
//! A failing case prints its generator seed, iteration and bytes (hex, then text) before the
//! panic.
//! `ZEROCOL_PROP_SCALE=N` multiplies the number of cases (default 1); `ZEROCOL_PROP_SEED=N`
//! explores different ones.

use std::fmt::Write as _;

use zerocol::grit::{
    Attributes, DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN, IDENTITY_ORIENTATION, LintKind,
    STATIC_TRIMESH_MARGIN, Shape,
    tcol::{Error, Options, Position, Tcol},
};

use crate::support::bytes::bits;
use crate::support::rng::{Case, Rng, scale, seed};
use crate::support::tcol;

// ---------------------------------------------------------------- generator

/// The TCOL reader tests' float values, drawn from the shared [`Rng`].
trait Values {
    fn real(&mut self) -> f32;
    fn non_negative(&mut self) -> f32;
    fn positive(&mut self) -> f32;
}

impl Values for Rng {
    /// Any finite float: ordinary values mostly, edge cases now and then.
    fn real(&mut self) -> f32 {
        match self.below(10) {
            0 => loop {
                let v = f32::from_bits(self.next() as u32);
                if v.is_finite() {
                    break v;
                }
            },
            1 => self.pick(&[
                0.0,
                -0.0,
                1.0,
                f32::MAX,
                f32::MIN,
                f32::MIN_POSITIVE,
                f32::from_bits(1),
                -f32::from_bits(1),
                1e-7,
                16_777_217.0,
            ]),
            2 => self.below(100_000) as f32,
            _ => self.range(-1000.0, 1000.0),
        }
    }
    fn non_negative(&mut self) -> f32 {
        let v = self.real();
        if v < 0.0 { -v } else { v }
    }
    fn positive(&mut self) -> f32 {
        loop {
            let v = self.non_negative();
            if v > 0.0 {
                break v;
            }
        }
    }
}

// ---------------------------------------------------------------- invariants

/// Line and column follow from the offset: LF starts a line, columns count bytes.
#[track_caller]
fn check_position(p: Position, bytes: &[u8]) {
    assert!(p.offset <= bytes.len(), "{p:?} past {}", bytes.len());
    let before = &bytes[..p.offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let column = p.offset
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    assert_eq!(
        (p.line as usize, p.column as usize),
        (line, column),
        "{p:?}"
    );
}

fn check_error(e: &Error, bytes: &[u8]) {
    check_position(e.position(), bytes);
    assert!(
        e.to_string()
            .starts_with(&format!("line {}, column {}: ", e.line(), e.column()))
    );
}

#[track_caller]
fn borrowed(s: &str, bytes: &[u8]) {
    let (lo, hi) = (
        bytes.as_ptr() as usize,
        bytes.as_ptr() as usize + bytes.len(),
    );
    let start = s.as_ptr() as usize;
    assert!(
        lo <= start && start + s.len() <= hi,
        "material outside the text"
    );
}

/// Runs every view of an accepted file to its end.
fn walk(t: &Tcol<'_>, bytes: &[u8], strict: bool) {
    if strict {
        assert_eq!(t.tolerated().len(), 0);
    }
    for tolerance in t.tolerated() {
        check_position(tolerance.position, bytes);
        assert!(tolerance.kind.is_tolerated());
        if let LintKind::HexFaceMaterial { count } = tolerance.kind {
            assert!(count > 0);
        }
    }
    // lints() lists the same first, and nothing else it lists is tolerated.
    let lints: Vec<_> = t.lints().collect();
    let tolerated: Vec<_> = t.tolerated().collect();
    assert_eq!(lints[..tolerated.len()], tolerated[..]);
    assert!(
        lints[tolerated.len()..]
            .iter()
            .all(|l| !l.kind.is_tolerated())
    );
    let a = t.attributes();
    assert_eq!(a.is_static, a.mass == 0.0);
    let mut shapes = t.shapes();
    assert_eq!(shapes.len(), t.shape_count());
    let mut n = 0;
    for shape in shapes.by_ref() {
        n += 1;
        borrowed(shape.material(), bytes);
        if let Shape::Hull { vertices, .. } = shape {
            let stated = vertices.len();
            let mut counted = 0;
            for v in vertices {
                assert!(v.iter().all(|c| c.is_finite()));
                counted += 1;
            }
            assert_eq!(counted, stated);
        }
    }
    assert_eq!(n, t.shape_count());
    assert!(shapes.next().is_none());
    if let Some(mesh) = t.trimesh() {
        assert_eq!(mesh.vertices().count(), mesh.vertex_count());
        let mut faces = 0;
        for face in mesh.faces() {
            assert!(
                face.indices
                    .iter()
                    .all(|&i| (i as usize) < mesh.vertex_count())
            );
            borrowed(face.material, bytes);
            faces += 1;
        }
        assert_eq!(faces, mesh.face_count());
    }
    for lint in t.lints() {
        check_position(lint.position, bytes);
        assert!(!lint.to_string().is_empty());
    }
    let mut scratch = vec![[0u32; 4]; t.mesh_scratch_len()];
    for lint in t.mesh_lints(&mut scratch).unwrap() {
        check_position(lint.position, bytes);
    }
}

/// Parses strictly and leniently; checks every error, walks every accepted file.
fn parse_both(bytes: &[u8]) -> (bool, bool) {
    let strict = Tcol::parse(bytes, Options::STRICT);
    let lenient = Tcol::parse(bytes, Options::LENIENT);
    match &strict {
        Ok(t) => walk(t, bytes, true),
        Err(e) => check_error(e, bytes),
    }
    match &lenient {
        Ok(t) => walk(t, bytes, false),
        Err(e) => check_error(e, bytes),
    }
    // Lenient accepts everything strict does, identically.
    if let Ok(s) = &strict {
        let l = lenient.as_ref().expect("lenient rejects a strict file");
        assert_eq!(s.attributes(), l.attributes());
        assert!(s.shapes().eq(l.shapes()));
        assert_eq!(s.trimesh(), l.trimesh());
        assert_eq!(l.tolerated().len(), 0);
    }
    (strict.is_ok(), lenient.is_ok())
}

// ---------------------------------------------------------------- valid files

#[derive(Clone, Debug, PartialEq)]
enum Expect {
    Hull(String, f32, f32, Vec<[f32; 3]>),
    Box(String, f32, [f32; 3], [f32; 4], [f32; 3]),
    Cylinder(String, f32, [f32; 3], [f32; 4], [f32; 3]),
    Cone(String, f32, [f32; 3], [f32; 4], f32, f32),
    Plane(String, [f32; 3], f32),
    Sphere(String, [f32; 3], f32),
}

/// margin, edge distance threshold, vertices, faces.
type MeshModel = (f32, f32, Vec<[f32; 3]>, Vec<([u32; 3], String)>);

struct Model {
    attributes: Attributes,
    compound: Option<Vec<Expect>>,
    trimesh: Option<MeshModel>,
}

const MATERIALS: &[&str] = &[
    "/common/pmat/Stone",
    "Grass",
    "",
    "a b",
    "multi\r\nline",
    "Ø/ünïcødé \u{1F600}",
    "../rel/Metal",
    "0x7",
    "{;}",
    "// not a comment",
];

struct Writer<'r> {
    rng: &'r mut Rng,
    out: String,
    /// The last token written was a number (another must not touch it).
    after_number: bool,
}

impl Writer<'_> {
    fn gap(&mut self) {
        let forced = self.after_number;
        let choice = self.rng.below(14);
        let gap = match choice {
            0 if !forced => "",
            0..=4 => " ",
            5 => "\t",
            6 => "\r\n",
            7 => "\n",
            8 => "\x0b",
            9 => " /* comment */ ",
            10 => " // line comment\n",
            11 => "/* a // */ still inside\n*/",
            12 => "\r\n\t\t",
            _ => "  ",
        };
        self.out.push_str(gap);
        self.after_number = false;
    }

    fn word(&mut self, w: &str) {
        self.gap();
        self.out.push_str(w);
    }

    fn keyword(&mut self, k: &str) {
        let k = match k {
            "centre" if self.rng.one_in(2) => "center",
            "vertexes" if self.rng.one_in(2) => "vertices",
            k => k,
        };
        self.word(k);
    }

    fn string(&mut self, s: &str) {
        self.gap();
        write!(self.out, "\"{s}\"").unwrap();
    }

    fn number(&mut self, v: f32) {
        let display = format!("{v}");
        let text = match self.rng.below(8) {
            0 => format!("{v:e}"),
            1 => format!("{v:E}"),
            2 if !display.starts_with('-') => format!("+{display}"),
            3 if display.starts_with("0.") => display[1..].to_string(),
            4 if !display.contains('.') => format!("{display}."),
            5 if display.contains('.') && !display.starts_with('-') => format!("00{display}"),
            6 => {
                let e = format!("{v:e}");
                match e.split_once('e') {
                    Some((m, x)) if x.starts_with('-') => format!("{m}e-00{}", &x[1..]),
                    Some((m, x)) => format!("{m}e+0{x}"),
                    None => e,
                }
            }
            _ => display,
        };
        self.gap();
        self.out.push_str(&text);
        self.after_number = true;
    }

    fn numbers(&mut self, vs: &[f32]) {
        for &v in vs {
            self.number(v);
        }
    }

    fn semi(&mut self) {
        self.word(";");
    }

    fn item(&mut self, item: Item) {
        match item {
            Item::Keyword(k) => self.keyword(k),
            Item::Numbers(k, vs) => {
                self.keyword(k);
                self.numbers(&vs);
            }
            Item::Material(m) => {
                self.keyword("material");
                self.string(&m);
            }
            Item::Vertex(v) => self.numbers(&v),
            Item::Vertexes(vs) => {
                self.keyword("vertexes");
                self.list(vs.into_iter().map(Item::Vertex).collect());
            }
            Item::Face(indices, m) => {
                for i in indices {
                    self.gap();
                    write!(self.out, "{i}").unwrap();
                    self.after_number = true;
                }
                self.string(&m);
            }
        }
    }

    /// `{ item; item; … }` with an optional `;` before `}`.
    fn list(&mut self, items: Vec<Item>) {
        self.word("{");
        let n = items.len();
        for (i, item) in items.into_iter().enumerate() {
            self.item(item);
            if i + 1 < n || self.rng.one_in(2) {
                self.semi();
            }
        }
        self.word("}");
    }
}

/// One item of a `{ … }` list.
enum Item {
    Keyword(&'static str),
    Numbers(&'static str, Vec<f32>),
    Material(String),
    Vertex([f32; 3]),
    Vertexes(Vec<[f32; 3]>),
    Face([u32; 3], String),
}

fn v3(rng: &mut Rng) -> [f32; 3] {
    [rng.real(), rng.real(), rng.real()]
}

fn v4(rng: &mut Rng) -> [f32; 4] {
    [rng.real(), rng.real(), rng.real(), rng.real()]
}

fn material(rng: &mut Rng) -> String {
    rng.pick(MATERIALS).to_string()
}

/// A shape with its properties in random order, some repeated (the last wins).
fn gen_shape(w: &mut Writer<'_>) -> Expect {
    let rng = &mut *w.rng;
    match rng.below(6) {
        0 => {
            let mut props = vec!["margin", "material", "shrink"];
            props.retain(|p| *p == "material" || rng.one_in(2));
            if rng.one_in(4) {
                props.push("material");
            }
            if rng.one_in(4) {
                props.push("margin");
            }
            rng.shuffle(&mut props);
            // Shrink before the vertex list, the rest anywhere.
            let at = rng.below(props.len() + 1);
            props.insert(at, "vertexes");
            if let Some(s) = props.iter().position(|p| *p == "shrink") {
                if s > at {
                    props.swap(s, at);
                }
            }
            let (mut mat, mut margin, mut shrink) = (String::new(), DEFAULT_MARGIN, 0.0);
            let n = rng.below(6);
            let vertices: Vec<[f32; 3]> = (0..n).map(|_| v3(rng)).collect();
            let mut items: Vec<Item> = Vec::new();
            for p in props {
                match p {
                    "margin" => {
                        margin = rng.non_negative();
                        items.push(Item::Numbers("margin", vec![margin]));
                    }
                    "shrink" => {
                        shrink = rng.non_negative();
                        items.push(Item::Numbers("shrink", vec![shrink]));
                    }
                    "material" => {
                        mat = material(rng);
                        items.push(Item::Material(mat.clone()));
                    }
                    _ => {
                        items.push(Item::Vertexes(vertices.clone()));
                    }
                }
            }
            w.keyword("hull");
            w.list(items);
            Expect::Hull(mat, margin, shrink, vertices)
        }
        k @ 1..=3 => {
            let (word, cone) = match k {
                1 => ("box", false),
                2 => ("cylinder", false),
                _ => ("cone", true),
            };
            let mut props: Vec<&str> = if cone {
                vec![
                    "material",
                    "centre",
                    "radius",
                    "height",
                    "margin",
                    "orientation",
                ]
            } else {
                vec!["material", "centre", "dimensions", "margin", "orientation"]
            };
            props.retain(|p| !matches!(*p, "margin" | "orientation") || rng.one_in(2));
            for _ in 0..rng.below(3) {
                let again = rng.pick(&props);
                props.push(again);
            }
            rng.shuffle(&mut props);
            let mut mat = String::new();
            let mut margin = DEFAULT_MARGIN;
            let mut centre = [0.0; 3];
            let mut orientation = IDENTITY_ORIENTATION;
            let mut dimensions = [0.0; 3];
            let (mut radius, mut height) = (0.0, 0.0);
            let mut items: Vec<Item> = Vec::new();
            for p in props {
                match p {
                    "material" => {
                        mat = material(rng);
                        items.push(Item::Material(mat.clone()));
                    }
                    "margin" => {
                        margin = rng.non_negative();
                        items.push(Item::Numbers("margin", vec![margin]));
                    }
                    "centre" | "dimensions" => {
                        let v = v3(rng);
                        if p == "centre" {
                            centre = v;
                        } else {
                            dimensions = v;
                        }
                        items.push(Item::Numbers(p, v.to_vec()));
                    }
                    "orientation" => {
                        orientation = v4(rng);
                        items.push(Item::Numbers("orientation", orientation.to_vec()));
                    }
                    _ => {
                        let v = rng.real();
                        if p == "radius" {
                            radius = v;
                        } else {
                            height = v;
                        }
                        items.push(Item::Numbers(p, vec![v]));
                    }
                }
            }
            w.keyword(word);
            w.list(items);
            match k {
                1 => Expect::Box(mat, margin, centre, orientation, dimensions),
                2 => Expect::Cylinder(mat, margin, centre, orientation, dimensions),
                _ => Expect::Cone(mat, margin, centre, orientation, radius, height),
            }
        }
        k => {
            let (mat, v, d) = (material(rng), v3(rng), rng.real());
            let final_semi = rng.one_in(2);
            let plane = k == 4;
            w.keyword(if plane { "plane" } else { "sphere" });
            w.word("{");
            w.keyword("material");
            w.string(&mat);
            w.semi();
            w.keyword(if plane { "normal" } else { "centre" });
            w.numbers(&v);
            w.semi();
            w.keyword(if plane { "distance" } else { "radius" });
            w.number(d);
            if final_semi {
                w.semi();
            }
            w.word("}");
            if plane {
                Expect::Plane(mat, v, d)
            } else {
                Expect::Sphere(mat, v, d)
            }
        }
    }
}

fn random_valid(rng: &mut Rng) -> (String, Model) {
    let mut w = Writer {
        rng,
        out: String::from("TCOL1.0"),
        after_number: false,
    };
    // Attributes, in random order.
    let is_static = w.rng.one_in(2);
    let mut a = Attributes::STATIC;
    a.is_static = is_static;
    let mut names = vec![
        "inertia",
        "linear_damping",
        "angular_damping",
        "linear_sleep_threshold",
        "angular_sleep_threshold",
        "ccd_motion_threshold",
        "ccd_swept_sphere_radius",
    ];
    names.retain(|_| w.rng.one_in(2));
    names.push(if is_static { "static" } else { "mass" });
    w.rng.shuffle(&mut names);
    let mut items: Vec<Item> = Vec::new();
    for name in names {
        match name {
            "static" => items.push(Item::Keyword("static")),
            "inertia" => {
                let v = v3(w.rng);
                a.inertia = Some(v);
                items.push(Item::Numbers("inertia", v.to_vec()));
            }
            _ => {
                let v = match name {
                    "mass" => w.rng.positive(),
                    "linear_damping" | "angular_damping" => w.rng.non_negative(),
                    _ => w.rng.real(),
                };
                match name {
                    "mass" => a.mass = v,
                    "linear_damping" => a.linear_damping = v,
                    "angular_damping" => a.angular_damping = v,
                    "linear_sleep_threshold" => a.linear_sleep_threshold = v,
                    "angular_sleep_threshold" => a.angular_sleep_threshold = v,
                    "ccd_motion_threshold" => a.ccd_motion_threshold = v,
                    _ => a.ccd_swept_sphere_radius = v,
                }
                items.push(Item::Numbers(name, vec![v]));
            }
        }
    }
    w.keyword("attributes");
    w.list(items);

    let has_compound = w.rng.below(3) != 0;
    let has_trimesh = !has_compound || w.rng.one_in(2);
    let compound = has_compound.then(|| {
        w.keyword("compound");
        w.word("{");
        let shapes: Vec<Expect> = (0..w.rng.below(7)).map(|_| gen_shape(&mut w)).collect();
        w.word("}");
        shapes
    });
    let trimesh = has_trimesh.then(|| {
        w.keyword("trimesh");
        w.word("{");
        let mut margin = if is_static {
            STATIC_TRIMESH_MARGIN
        } else {
            DEFAULT_MARGIN
        };
        let mut threshold = DEFAULT_EDGE_DISTANCE_THRESHOLD;
        if w.rng.one_in(2) {
            let v = w.rng.non_negative();
            if is_static {
                threshold = v;
                w.keyword("edge_distance_threshold");
            } else {
                margin = v;
                w.keyword("margin");
            }
            w.number(v);
            w.semi();
        }
        let vertices: Vec<[f32; 3]> = (0..w.rng.below(30)).map(|_| v3(w.rng)).collect();
        let faces: Vec<([u32; 3], String)> = if vertices.is_empty() {
            Vec::new()
        } else {
            (0..w.rng.below(40))
                .map(|_| {
                    let n = vertices.len();
                    (
                        [w.rng.below(n), w.rng.below(n), w.rng.below(n)].map(|i| i as u32),
                        material(w.rng),
                    )
                })
                .collect()
        };
        w.item(Item::Vertexes(vertices.clone()));
        w.keyword("faces");
        w.list(
            faces
                .iter()
                .map(|(i, m)| Item::Face(*i, m.clone()))
                .collect(),
        );
        w.word("}");
        (margin, threshold, vertices, faces)
    });
    if w.rng.one_in(3) {
        let end = w
            .rng
            .pick(&["\n", "\r\n", "// end", "/* end */", "/* unterminated"]);
        w.word(end);
    }
    (
        w.out,
        Model {
            attributes: a,
            compound,
            trimesh,
        },
    )
}

fn to_expect(shape: Shape<'_>) -> Expect {
    match shape {
        Shape::Hull {
            material,
            margin,
            shrink,
            vertices,
        } => Expect::Hull(material.into(), margin, shrink, vertices.collect()),
        Shape::Box(b) => Expect::Box(
            b.material.into(),
            b.margin,
            b.centre,
            b.orientation,
            b.dimensions,
        ),
        Shape::Cylinder(b) => Expect::Cylinder(
            b.material.into(),
            b.margin,
            b.centre,
            b.orientation,
            b.dimensions,
        ),
        Shape::Cone {
            material,
            margin,
            centre,
            orientation,
            radius,
            height,
        } => Expect::Cone(material.into(), margin, centre, orientation, radius, height),
        Shape::Plane {
            material,
            normal,
            distance,
        } => Expect::Plane(material.into(), normal, distance),
        Shape::Sphere {
            material,
            centre,
            radius,
        } => Expect::Sphere(material.into(), centre, radius),
        _ => unreachable!("a new shape kind: {shape:?}"),
    }
}

/// Exact equality, -0 and 0 told apart.
fn same(a: &Expect, b: &Expect) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

fn check_model(t: &Tcol<'_>, m: &Model) {
    let (got, want) = (t.attributes(), m.attributes);
    assert_eq!(format!("{got:?}"), format!("{want:?}"));
    assert_eq!(t.has_compound(), m.compound.is_some());
    let shapes: Vec<Expect> = t.shapes().map(to_expect).collect();
    let want = m.compound.clone().unwrap_or_default();
    assert_eq!(shapes.len(), want.len());
    for (g, w) in shapes.iter().zip(&want) {
        assert!(same(g, w), "{g:?} != {w:?}");
    }
    match (&t.trimesh(), &m.trimesh) {
        (None, None) => {}
        (Some(mesh), Some((margin, threshold, vertices, faces))) => {
            assert_eq!(mesh.margin.to_bits(), margin.to_bits());
            assert_eq!(mesh.edge_distance_threshold.to_bits(), threshold.to_bits());
            let got: Vec<_> = mesh.vertices().map(bits).collect();
            let want: Vec<_> = vertices.iter().map(|v| bits(*v)).collect();
            assert_eq!(got, want);
            let got: Vec<_> = mesh
                .faces()
                .map(|f| (f.indices, f.material.to_string()))
                .collect();
            assert_eq!(&got, faces);
        }
        (g, w) => panic!("trimesh {g:?} vs {}", w.is_some()),
    }
}

#[test]
fn random_valid_files_read_back_exactly() {
    let base = seed(0x7C01_0001);
    let mut rng = Rng::new(base);
    for iteration in 0..200 * scale() {
        let (text, model) = random_valid(&mut rng);
        let _case = Case {
            name: "valid",
            seed: base,
            iteration,
            bytes: text.as_bytes(),
        };
        let t = Tcol::parse_str(&text, Options::STRICT).unwrap_or_else(|e| panic!("{e}"));
        check_model(&t, &model);
        walk(&t, text.as_bytes(), true);
        assert_eq!(parse_both(text.as_bytes()), (true, true));
    }
}

// ---------------------------------------------------------------- hostile and mutated

fn conformance_files() -> Vec<Vec<u8>> {
    let mut files: Vec<_> = std::fs::read_dir(tcol::dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tcol"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect()
}

const SOUP: &[&str] = &[
    "TCOL1.0",
    "attributes",
    "static",
    "mass",
    "inertia",
    "friction",
    "linear_damping",
    "angular_damping",
    "linear_sleep_threshold",
    "ccd_motion_threshold",
    "margin",
    "material",
    "shrink",
    "centre",
    "center",
    "normal",
    "orientation",
    "dimensions",
    "radius",
    "height",
    "distance",
    "vertexes",
    "vertices",
    "faces",
    "edge_distance_threshold",
    "compound",
    "hull",
    "box",
    "cylinder",
    "cone",
    "sphere",
    "plane",
    "capsule",
    "trimesh",
    "{",
    "}",
    ";",
    ";",
    "0",
    "1",
    "2",
    "3",
    "7",
    "-1",
    "1.5",
    ".5",
    "5.",
    "1e5",
    "1e99",
    "0x7",
    "\"m\"",
    "\"\"",
    "\"",
    "/*",
    "*/",
    "//",
    "\n",
    " ",
    "\r\n",
    "\0",
    "\u{ff}",
    "nan",
    "99999999999999999999",
    "4294967298",
    "007",
    "1.2.3",
];

fn token_soup(rng: &mut Rng) -> Vec<u8> {
    let mut out = b"TCOL1.0 attributes {".to_vec();
    if rng.one_in(4) {
        out.clear();
        out.extend_from_slice(b"TCOL1.0");
    }
    for _ in 0..rng.below(80) {
        let t = rng.pick(SOUP);
        let bytes: Vec<u8> = if t == "\u{ff}" {
            vec![0xff]
        } else {
            t.as_bytes().to_vec()
        };
        out.extend_from_slice(&bytes);
        if !rng.one_in(3) {
            out.push(b' ');
        }
    }
    out
}

fn mutate(rng: &mut Rng, file: &[u8]) -> Vec<u8> {
    let mut out = file.to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = out.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] = rng.byte();
            }
            1 if len > 0 => {
                let i = rng.below(len);
                out.remove(i);
            }
            2 => {
                let i = rng.below(len + 1);
                let t = rng.pick(SOUP).as_bytes().to_vec();
                out.splice(i..i, t);
            }
            3 if len > 0 => {
                out.truncate(rng.below(len));
            }
            4 if len > 1 => {
                let a = rng.below(len);
                let b = a + rng.below(len - a);
                let copy = out[a..b].to_vec();
                let at = rng.below(out.len() + 1);
                out.splice(at..at, copy);
            }
            5 if len > 0 => {
                // Replace a digit run by a huge number.
                let i = rng.below(len);
                if out[i].is_ascii_digit() {
                    let big = rng.pick(&["99999999999999999999999", "4294967296", "1e40", "0"]);
                    out.splice(i..i + 1, big.bytes());
                }
            }
            _ => {
                let i = rng.below(len + 1);
                out.insert(
                    i,
                    rng.pick(&[b'{', b'}', b';', b'"', b'/', b'*', b'\n', 0, 0xc3]),
                );
            }
        }
    }
    out
}

#[test]
fn random_bytes_never_panic() {
    let base = seed(0x7C01_0002);
    let mut rng = Rng::new(base);
    for iteration in 0..3000 * scale() {
        let n = rng.below(200);
        let mut bytes: Vec<u8> = (0..n).map(|_| rng.byte()).collect();
        if rng.one_in(2) {
            bytes.splice(0..0, *b"TCOL1.0");
        }
        let _case = Case {
            name: "bytes",
            seed: base,
            iteration,
            bytes: &bytes,
        };
        parse_both(&bytes);
    }
}

#[test]
fn token_soup_never_panics() {
    let base = seed(0x7C01_0003);
    let mut rng = Rng::new(base);
    let mut accepted = 0;
    for iteration in 0..5000 * scale() {
        let bytes = token_soup(&mut rng);
        let _case = Case {
            name: "soup",
            seed: base,
            iteration,
            bytes: &bytes,
        };
        accepted += usize::from(parse_both(&bytes).1);
    }
    // Not a requirement of the reader, only of this generator's reach.
    let _ = accepted;
}

#[test]
fn mutated_conformance_files_never_panic() {
    let base = seed(0x7C01_0004);
    let mut rng = Rng::new(base);
    let files = conformance_files();
    assert_eq!(files.len(), 34);
    let mut outcomes = [0usize; 2];
    for iteration in 0..20_000 * scale() {
        let file = &files[rng.below(files.len())];
        let bytes = mutate(&mut rng, file);
        let _case = Case {
            name: "mutated conformance",
            seed: base,
            iteration,
            bytes: &bytes,
        };
        outcomes[usize::from(parse_both(&bytes).0)] += 1;
    }
    // Both verdicts occur: the mutations reach past the first token.
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}

#[test]
fn mutated_valid_files_never_panic() {
    let base = seed(0x7C01_0005);
    let mut rng = Rng::new(base);
    let mut outcomes = [0usize; 2];
    for iteration in 0..600 * scale() {
        let (text, _) = random_valid(&mut rng);
        let bytes = mutate(&mut rng, text.as_bytes());
        let _case = Case {
            name: "mutated valid",
            seed: base,
            iteration,
            bytes: &bytes,
        };
        outcomes[usize::from(parse_both(&bytes).0)] += 1;
    }
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}

#[test]
fn every_truncation_of_a_valid_file_is_a_positioned_error_or_the_file() {
    let base = seed(0x7C01_0006);
    let mut rng = Rng::new(base);
    for iteration in 0..3 * scale() {
        let (text, _) = random_valid(&mut rng);
        let bytes = text.as_bytes();
        let cuts: Vec<usize> = if bytes.len() <= 1000 {
            (0..bytes.len()).collect()
        } else {
            (0..1000).map(|_| rng.below(bytes.len())).collect()
        };
        for cut in cuts {
            let _case = Case {
                name: "truncated",
                seed: base,
                iteration,
                bytes: &bytes[..cut],
            };
            parse_both(&bytes[..cut]);
        }
    }
}
