//! The Grit readers (TCOL text, BCOL binary) against a copy of the file and
//! against plain allocating decoders, on a body the size of the largest real
//! TCOL file.
//!
//! `cargo bench --bench grit`. The TCOL text is the crate's canonical printer's
//! output, the BCOL the crate's conversion of it (`data::grit`): the same body.

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::BytesCount;
use zerocol::grit::{Attributes, Face, Shape, Trimesh};

mod data;

use data::bits;

static TCOL: LazyLock<Vec<u8>> = LazyLock::new(data::grit::tcol);
static BCOL: LazyLock<Vec<u8>> = LazyLock::new(data::grit::bcol);

fn main() {
    let text = &*TCOL;
    let tcol =
        zerocol::grit::tcol::Tcol::parse(text, zerocol::grit::tcol::Options::STRICT).unwrap();
    let mesh = tcol.trimesh().unwrap();
    let mut materials: Vec<&str> = mesh.faces().map(|f| f.material).collect();
    materials.sort_unstable();
    materials.dedup();
    let numbers = text
        .split(u8::is_ascii_whitespace)
        .filter(|t| t.first().is_some_and(|c| c.is_ascii_digit() || *c == b'-'))
        .count();
    let tokens = tcol::tokens(text);
    println!(
        "tcol: {} bytes, {} lines (LF), {} vertices, {} faces in {} materials, {} shapes, \
         {numbers} numbers, {tokens} tokens; vertex lines {:.0} % of the bytes, face lines {:.0} %",
        text.len(),
        text.iter().filter(|&&c| c == b'\n').count(),
        mesh.vertex_count(),
        mesh.face_count(),
        materials.len(),
        tcol.shape_count(),
        share(text, b"    vertexes {\n", b"    faces {\n"),
        share(text, b"    faces {\n", b"    }\n}\n"),
    );
    let bytes = &*BCOL;
    let bcol =
        zerocol::grit::bcol::Bcol::parse(bytes, zerocol::grit::bcol::Options::STRICT).unwrap();
    println!(
        "bcol: {} bytes, string table {} bytes, {} vertices, {} faces, {} shapes",
        bytes.len(),
        bcol.string_table().len(),
        bcol.trimesh_vertices().len(),
        bcol.trimesh_faces().len(),
        bcol.shape_count(),
    );
    let expected = fold_body(&tcol.attributes(), tcol.shapes(), tcol.trimesh());
    assert_eq!(
        fold_body(&bcol.attributes(), bcol.shapes(), bcol.trimesh()),
        expected,
        "BCOL holds the TCOL's body"
    );
    assert_eq!(plain::tcol::decode(text).unwrap().fold(), expected);
    assert_eq!(plain::bcol::decode(bytes).unwrap().fold(), expected);
    divan::main();
}

/// Percentage of `text` from the (last) `from` marker to the next `to` marker.
fn share(text: &[u8], from: &[u8], to: &[u8]) -> f64 {
    let find = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).rposition(|w| w == needle);
    let start = find(text, from).unwrap();
    let end = start + find(&text[start..], to).unwrap();
    (end - start) as f64 * 100.0 / text.len() as f64
}

fn fold_attributes(a: &Attributes) -> u32 {
    u32::from(a.is_static)
        ^ a.mass.to_bits()
        ^ a.inertia.map_or(0, |i| bits(&i))
        ^ bits(&[
            a.linear_damping,
            a.angular_damping,
            a.linear_sleep_threshold,
            a.angular_sleep_threshold,
            a.ccd_motion_threshold,
            a.ccd_swept_sphere_radius,
        ])
}

fn fold_shape(shape: &Shape<'_>) -> u32 {
    let n = shape.kind() as u32 ^ shape.material().len() as u32;
    n ^ match shape {
        Shape::Hull {
            margin,
            shrink,
            vertices,
            ..
        } => {
            let n = margin.to_bits() ^ shrink.to_bits();
            vertices.clone().fold(n, |n, v| n ^ bits(&v))
        }
        Shape::Box(b) | Shape::Cylinder(b) => {
            b.margin.to_bits() ^ bits(&b.centre) ^ bits(&b.orientation) ^ bits(&b.dimensions)
        }
        Shape::Cone {
            margin,
            centre,
            orientation,
            radius,
            height,
            ..
        } => {
            margin.to_bits()
                ^ bits(centre)
                ^ bits(orientation)
                ^ radius.to_bits()
                ^ height.to_bits()
        }
        Shape::Plane {
            normal, distance, ..
        } => bits(normal) ^ distance.to_bits(),
        Shape::Sphere { centre, radius, .. } => bits(centre) ^ radius.to_bits(),
        _ => unreachable!("a new shape kind: fold its fields"),
    }
}

fn fold_face(n: u32, f: Face<'_>) -> u32 {
    let [a, b, c] = f.indices;
    n ^ a ^ b << 8 ^ c << 16 ^ f.material.len() as u32
}

/// Every shape, vertex and face of a body decoded through the views, every
/// field folded.
fn fold_body<'a>(
    attributes: &Attributes,
    shapes: impl Iterator<Item = Shape<'a>>,
    trimesh: Option<Trimesh<'_>>,
) -> u32 {
    let mut n = fold_attributes(attributes);
    for shape in shapes {
        n ^= fold_shape(&shape);
    }
    if let Some(mesh) = trimesh {
        n ^= mesh.margin.to_bits() ^ mesh.edge_distance_threshold.to_bits();
        n = mesh.vertices().fold(n, |n, v| n ^ bits(&v));
        n = mesh.faces().fold(n, fold_face);
    }
    n
}

mod tcol {
    use super::*;
    use zerocol::grit::tcol::lexer::{Lexer, TokenKind};
    use zerocol::grit::tcol::{Options, Tcol};

    fn bytes() -> BytesCount {
        BytesCount::of_slice(&**TCOL)
    }

    /// The floor: a copy of the text.
    #[divan::bench]
    fn memcpy(b: Bencher) {
        data::memcpy(b, &TCOL);
    }

    /// The engine's lexer alone over the whole text: every token, no grammar
    /// (what `parse` and then the lazy lists each do once more).
    #[divan::bench]
    fn lex(b: Bencher) {
        b.counter(bytes()).bench(|| tokens(black_box(&TCOL)));
    }

    /// How many tokens the engine's lexer finds in `text`.
    pub(super) fn tokens(text: &[u8]) -> u32 {
        let mut lexer = Lexer::new(text);
        let mut tokens = 0u32;
        while lexer.next_token().unwrap().kind != TokenKind::EndOfFile {
            tokens += 1;
        }
        tokens
    }

    /// `Tcol::parse`: the whole file read and checked, every number
    /// range-checked, every face index checked; the lists are kept as places in
    /// the text.
    #[divan::bench]
    fn parse(b: Bencher) {
        b.counter(bytes())
            .bench(|| Tcol::parse(black_box(&TCOL), Options::STRICT).unwrap());
    }

    /// `Tcol::parse`, then every shape, trimesh vertex and face read through
    /// the lazy views (which read their part of the text again: the common
    /// lines through the fast reader, the rest through the lexer).
    #[divan::bench]
    fn parse_iterate(b: Bencher) {
        b.counter(bytes()).bench(|| {
            let tcol = Tcol::parse(black_box(&TCOL), Options::STRICT).unwrap();
            fold_body(&tcol.attributes(), tcol.shapes(), tcol.trimesh())
        });
    }

    /// The baseline: a whitespace tokenizer and `str::parse`, into `Vec`s.
    #[divan::bench]
    fn allocating_decoder(b: Bencher) {
        b.counter(bytes())
            .bench(|| plain::tcol::decode(black_box(&TCOL)).unwrap().fold());
    }
}

mod query {
    //! Segment casts on the whole body (its shapes and its trimesh), every face
    //! tested: BCOL in place, TCOL through a `VertexIndex` (its vertices decoded
    //! once into caller storage, outside the timing).

    use super::*;
    use divan::counter::ItemsCount;
    use zerocol::query::{Query, Segment};

    /// Seeded segments through the trimesh's bounds.
    fn segments(mesh: &Trimesh<'_>, n: usize) -> Vec<Segment> {
        let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
        for v in mesh.vertices() {
            for i in 0..3 {
                lo[i] = lo[i].min(v[i]);
                hi[i] = hi[i].max(v[i]);
            }
        }
        let mut rng = super::data::Rng::new(0x51_7CC1_B727_220A);
        let mut point = || -> [f32; 3] { std::array::from_fn(|i| rng.range(lo[i], hi[i])) };
        (0..n).map(|_| Segment::new(point(), point())).collect()
    }

    #[divan::bench]
    fn bcol_cast(b: Bencher) {
        let bcol =
            zerocol::grit::bcol::Bcol::parse(&BCOL, zerocol::grit::bcol::Options::STRICT).unwrap();
        let segments = segments(&bcol.trimesh().unwrap(), 100);
        b.counter(ItemsCount::new(segments.len())).bench_local(|| {
            segments
                .iter()
                .filter(|s| bcol.cast(black_box(**s)).is_some())
                .count()
        });
    }

    #[divan::bench]
    fn tcol_vertex_index_cast(b: Bencher) {
        let tcol =
            zerocol::grit::tcol::Tcol::parse(&TCOL, zerocol::grit::tcol::Options::STRICT).unwrap();
        let mesh = tcol.trimesh().unwrap();
        let mut storage = vec![[0.0f32; 3]; mesh.vertex_count()];
        let index = tcol.vertex_index(&mut storage).unwrap();
        let segments = segments(&mesh, 100);
        b.counter(ItemsCount::new(segments.len())).bench_local(|| {
            segments
                .iter()
                .filter(|s| index.cast(black_box(**s)).is_some())
                .count()
        });
    }
}

mod bcol {
    use super::*;
    use zerocol::grit::bcol::{Bcol, Options};

    fn bytes() -> BytesCount {
        BytesCount::of_slice(&**BCOL)
    }

    /// The floor: the engine maps the file and reads it in place.
    #[divan::bench]
    fn memcpy(b: Bencher) {
        data::memcpy(b, &BCOL);
    }

    /// `Bcol::parse`: header, sections, every face index, every material string.
    #[divan::bench]
    fn parse(b: Bencher) {
        b.counter(bytes())
            .bench(|| Bcol::parse(black_box(&BCOL), Options::STRICT).unwrap());
    }

    /// `Bcol::parse`, then every shape, trimesh vertex and face read through the
    /// same views as TCOL's.
    #[divan::bench]
    fn parse_iterate(b: Bencher) {
        b.counter(bytes()).bench(|| {
            let bcol = Bcol::parse(black_box(&BCOL), Options::STRICT).unwrap();
            fold_body(&bcol.attributes(), bcol.shapes(), bcol.trimesh())
        });
    }

    /// The baseline: checked reads at docs/formats/grit.md's offsets, into `Vec`s.
    #[divan::bench]
    fn allocating_decoder(b: Bencher) {
        b.counter(bytes())
            .bench(|| plain::bcol::decode(black_box(&BCOL)).unwrap().fold());
    }
}

mod plain {
    //! Straightforward allocating Grit decoders, as baselines: both read into
    //! the same owned body.

    /// A compound shape; the fields its kind lacks are zero.
    #[derive(Default)]
    pub struct Shape<'a> {
        /// `zerocol::grit::ShapeKind` order: hull, box, cylinder, cone, plane, sphere.
        pub kind: u32,
        pub material: &'a str,
        pub margin: f32,
        pub shrink: f32,
        pub centre: [f32; 3],
        pub orientation: [f32; 4],
        pub dimensions: [f32; 3],
        pub radius: f32,
        pub height: f32,
        pub normal: [f32; 3],
        pub distance: f32,
        pub vertices: Vec<[f32; 3]>,
    }

    pub struct Face<'a> {
        pub indices: [u32; 3],
        pub material: &'a str,
    }

    pub struct Body<'a> {
        pub is_static: bool,
        pub mass: f32,
        pub inertia: Option<[f32; 3]>,
        /// Linear and angular damping, linear and angular sleep thresholds, CCD
        /// motion threshold and swept sphere radius.
        pub attributes: [f32; 6],
        pub shapes: Vec<Shape<'a>>,
        pub margin: f32,
        pub edge_distance_threshold: f32,
        pub vertices: Vec<[f32; 3]>,
        pub faces: Vec<Face<'a>>,
    }

    impl Body<'_> {
        /// Every field folded as `fold_body` folds what it reads.
        pub fn fold(&self) -> u32 {
            use super::bits;
            let mut n = u32::from(self.is_static) ^ self.mass.to_bits();
            n ^= self.inertia.map_or(0, |i| bits(&i)) ^ bits(&self.attributes);
            for s in &self.shapes {
                n ^= s.kind ^ s.material.len() as u32 ^ s.margin.to_bits() ^ s.shrink.to_bits();
                n ^= bits(&s.centre) ^ bits(&s.orientation) ^ bits(&s.dimensions);
                n ^= s.radius.to_bits() ^ s.height.to_bits();
                n ^= bits(&s.normal) ^ s.distance.to_bits();
                n = s.vertices.iter().fold(n, |n, v| n ^ bits(v));
            }
            if !self.faces.is_empty() {
                n ^= self.margin.to_bits() ^ self.edge_distance_threshold.to_bits();
                n = self.vertices.iter().fold(n, |n, v| n ^ bits(v));
                for f in &self.faces {
                    let [a, b, c] = f.indices;
                    n ^= a ^ b << 8 ^ c << 16 ^ f.material.len() as u32;
                }
            }
            n
        }
    }

    pub mod tcol {
        //! Tokens split at white space (a `;` stuck to a token's end dropped),
        //! numbers by `str::parse`. It reads what the canonical printer writes
        //! (no comments, no spaces in strings), not every TCOL file.

        use super::{Body, Face, Shape};
        use std::str::SplitAsciiWhitespace;

        struct Tokens<'a>(SplitAsciiWhitespace<'a>);

        impl<'a> Tokens<'a> {
            fn next(&mut self) -> Option<&'a str> {
                let t = self.0.next()?;
                Some(t.strip_suffix(';').unwrap_or(t))
            }
            fn expect(&mut self, token: &str) -> Option<()> {
                (self.next()? == token).then_some(())
            }
            fn real(&mut self) -> Option<f32> {
                self.next()?.parse().ok()
            }
            fn reals<const N: usize>(&mut self) -> Option<[f32; N]> {
                let mut out = [0.0; N];
                for o in &mut out {
                    *o = self.real()?;
                }
                Some(out)
            }
            fn string(&mut self) -> Option<&'a str> {
                self.next()?.strip_prefix('"')?.strip_suffix('"')
            }
            /// `{ x y z; … }`.
            fn vertices(&mut self) -> Option<Vec<[f32; 3]>> {
                self.expect("{")?;
                let mut out = Vec::new();
                loop {
                    let x = self.next()?;
                    if x == "}" {
                        return Some(out);
                    }
                    out.push([x.parse().ok()?, self.real()?, self.real()?]);
                }
            }
        }

        fn shape<'a>(kind: &str, t: &mut Tokens<'a>) -> Option<Shape<'a>> {
            let kind = ["hull", "box", "cylinder", "cone", "plane", "sphere"]
                .iter()
                .position(|k| *k == kind)?;
            let mut s = Shape {
                kind: kind as u32,
                ..Shape::default()
            };
            if kind <= 3 {
                s.margin = 0.04;
            }
            if (1..=3).contains(&kind) {
                s.orientation = [1.0, 0.0, 0.0, 0.0];
            }
            t.expect("{")?;
            loop {
                match t.next()? {
                    "}" => return Some(s),
                    "material" => s.material = t.string()?,
                    "margin" => s.margin = t.real()?,
                    "shrink" => s.shrink = t.real()?,
                    "centre" | "center" => s.centre = t.reals()?,
                    "orientation" => s.orientation = t.reals()?,
                    "dimensions" => s.dimensions = t.reals()?,
                    "radius" => s.radius = t.real()?,
                    "height" => s.height = t.real()?,
                    "normal" => s.normal = t.reals()?,
                    "distance" => s.distance = t.real()?,
                    "vertexes" | "vertices" => s.vertices = t.vertices()?,
                    _ => return None,
                }
            }
        }

        pub fn decode(text: &[u8]) -> Option<Body<'_>> {
            let mut t = Tokens(std::str::from_utf8(text).ok()?.split_ascii_whitespace());
            t.expect("TCOL1.0")?;
            t.expect("attributes")?;
            t.expect("{")?;
            let mut body = Body {
                is_static: false,
                mass: 0.0,
                inertia: None,
                attributes: [0.5, 0.5, 1.0, 0.8, 0.0, 0.0],
                shapes: Vec::new(),
                margin: 0.04,
                edge_distance_threshold: 0.001,
                vertices: Vec::new(),
                faces: Vec::new(),
            };
            loop {
                let slot = match t.next()? {
                    "}" => break,
                    "static" => {
                        body.is_static = true;
                        body.margin = 0.0;
                        continue;
                    }
                    "mass" => {
                        body.mass = t.real()?;
                        continue;
                    }
                    "inertia" => {
                        body.inertia = Some(t.reals()?);
                        continue;
                    }
                    "linear_damping" => 0,
                    "angular_damping" => 1,
                    "linear_sleep_threshold" => 2,
                    "angular_sleep_threshold" => 3,
                    "ccd_motion_threshold" => 4,
                    "ccd_swept_sphere_radius" => 5,
                    _ => return None,
                };
                body.attributes[slot] = t.real()?;
            }
            let mut next = t.next();
            if next == Some("compound") {
                t.expect("{")?;
                loop {
                    match t.next()? {
                        "}" => break,
                        kind => body.shapes.push(shape(kind, &mut t)?),
                    }
                }
                next = t.next();
            }
            if next == Some("trimesh") {
                t.expect("{")?;
                loop {
                    match t.next()? {
                        "}" => break,
                        "margin" => body.margin = t.real()?,
                        "edge_distance_threshold" => body.edge_distance_threshold = t.real()?,
                        "vertexes" | "vertices" => body.vertices = t.vertices()?,
                        "faces" => {
                            t.expect("{")?;
                            loop {
                                let a = t.next()?;
                                if a == "}" {
                                    break;
                                }
                                let index = |t: Option<&str>| t?.parse().ok();
                                let indices = [index(Some(a))?, index(t.next())?, index(t.next())?];
                                let material = t.string()?;
                                body.faces.push(Face { indices, material });
                            }
                        }
                        _ => return None,
                    }
                }
                next = t.next();
            }
            next.is_none().then_some(body)
        }
    }

    pub mod bcol {
        //! Checked reads at the offsets of docs/formats/grit.md.

        use crate::data::read::{f32_at, floats, u32_at};

        use super::{Body, Face, Shape};

        /// The NUL-terminated string at `record + offset`, `offset` the `u32` at
        /// `record`.
        fn material(b: &[u8], record: usize) -> Option<&str> {
            let at = record.checked_add(u32_at(b, record)? as usize)?;
            let rest = b.get(at..)?;
            std::str::from_utf8(&rest[..rest.iter().position(|&c| c == 0)?]).ok()
        }
        /// `count, offset` at `at`: the records' offsets.
        fn records(b: &[u8], at: usize, size: usize) -> Option<impl Iterator<Item = usize>> {
            let (count, offset) = (u32_at(b, at)? as usize, u32_at(b, at + 4)? as usize);
            b.get(offset..offset.checked_add(count.checked_mul(size)?)?)?;
            Some((0..count).map(move |i| offset + i * size))
        }
        fn vertices(b: &[u8], at: usize, count: usize) -> Option<Vec<[f32; 3]>> {
            (0..count).map(|i| floats(b, at + 12 * i)).collect()
        }

        pub fn decode(b: &[u8]) -> Option<Body<'_>> {
            if b.get(..8)? != b"BCOL1.0\n" {
                return None;
            }
            let mass = f32_at(b, 8)?;
            let is_static = mass == 0.0;
            let mut body = Body {
                is_static,
                mass: if is_static { 0.0 } else { mass },
                inertia: if u32_at(b, 12)? != 0 {
                    Some(floats(b, 16)?)
                } else {
                    None
                },
                attributes: floats(b, 28)?,
                shapes: Vec::new(),
                margin: f32_at(b, 108)?,
                edge_distance_threshold: f32_at(b, 112)?,
                vertices: Vec::new(),
                faces: Vec::new(),
            };
            for r in records(b, 52, 16)? {
                let count = u32_at(b, r + 8)? as usize;
                body.shapes.push(Shape {
                    kind: 0,
                    material: material(b, r)?,
                    margin: f32_at(b, r + 4)?,
                    vertices: vertices(b, r.checked_add(u32_at(b, r + 12)? as usize)?, count)?,
                    ..Shape::default()
                });
            }
            for (kind, at) in [(1, 60), (2, 68)] {
                for r in records(b, at, 48)? {
                    body.shapes.push(Shape {
                        kind,
                        material: material(b, r)?,
                        margin: f32_at(b, r + 4)?,
                        centre: floats(b, r + 8)?,
                        dimensions: floats(b, r + 20)?,
                        orientation: floats(b, r + 32)?,
                        ..Shape::default()
                    });
                }
            }
            for r in records(b, 76, 44)? {
                body.shapes.push(Shape {
                    kind: 3,
                    material: material(b, r)?,
                    margin: f32_at(b, r + 4)?,
                    centre: floats(b, r + 8)?,
                    radius: f32_at(b, r + 20)?,
                    height: f32_at(b, r + 24)?,
                    orientation: floats(b, r + 28)?,
                    ..Shape::default()
                });
            }
            for r in records(b, 84, 20)? {
                body.shapes.push(Shape {
                    kind: 4,
                    material: material(b, r)?,
                    normal: floats(b, r + 4)?,
                    distance: f32_at(b, r + 16)?,
                    ..Shape::default()
                });
            }
            for r in records(b, 92, 20)? {
                body.shapes.push(Shape {
                    kind: 5,
                    material: material(b, r)?,
                    centre: floats(b, r + 4)?,
                    radius: f32_at(b, r + 16)?,
                    ..Shape::default()
                });
            }
            body.vertices = records(b, 116, 12)?
                .map(|r| floats(b, r))
                .collect::<Option<_>>()?;
            for r in records(b, 124, 16)? {
                body.faces.push(Face {
                    material: material(b, r)?,
                    indices: [u32_at(b, r + 4)?, u32_at(b, r + 8)?, u32_at(b, r + 12)?],
                });
            }
            Some(body)
        }
    }
}
