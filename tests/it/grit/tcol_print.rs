//! The canonical TCOL printer (`zerocol::grit::tcol::print`): parse → print → parse gives the same
//! values bit for bit (attributes, every shape property, every vertex and face, materials) on
//! every accepted conformance fixture and on seeded generated bodies; print → parse → print is a
//! fixed point; the canonical form is pinned byte for byte; every printed real is one FLOAT
//! token; values TCOL cannot hold are errors that write nothing.
//!
//! `ZEROCOL_PROP_SCALE=N` multiplies the number of generated cases (default 1);
//! `ZEROCOL_PROP_SEED=N` explores different ones. A failing case prints its seed and text.

use std::fmt::{self, Write as _};

use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::tcol::lexer::Lexer;
use zerocol::grit::{
    self, Attributes, BoxLike, DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN,
    IDENTITY_ORIENTATION, Keyword, Shape, Trimesh,
    tcol::{
        InputError, Options, Place, PrintError, Problem, Tcol, TokenKind, WriteError, print,
        required_len,
    },
};

use crate::support::rng::{Case, Rng, scale, seed};
use crate::support::tcol;

// ---------------------------------------------------------------- helpers

/// Every value of a parsed file, floats as their bits: two files hold the same values exactly
/// when their dumps are equal (`-0.0` and `0.0` differ here, unlike `==`).
fn dump(t: &Tcol<'_>) -> String {
    dump_views(&t.attributes(), t.shapes(), t.trimesh())
}

/// [`dump`] of any body's views (TCOL or BCOL).
fn dump_views<'s>(
    a: &Attributes,
    shapes: impl Iterator<Item = Shape<'s>>,
    trimesh: Option<Trimesh<'_>>,
) -> String {
    let mut s = String::new();
    let bits = |s: &mut String, vs: &[f32]| {
        for v in vs {
            write!(s, " {:08x}", v.to_bits()).unwrap();
        }
        s.push('\n');
    };
    write!(s, "static {}\nmass", a.is_static).unwrap();
    bits(&mut s, &[a.mass]);
    match a.inertia {
        Some(i) => {
            s.push_str("inertia");
            bits(&mut s, &i);
        }
        None => s.push_str("inertia none\n"),
    }
    s.push_str("other");
    bits(
        &mut s,
        &[
            a.linear_damping,
            a.angular_damping,
            a.linear_sleep_threshold,
            a.angular_sleep_threshold,
            a.ccd_motion_threshold,
            a.ccd_swept_sphere_radius,
        ],
    );
    for shape in shapes {
        write!(s, "{} {:?}", shape.kind(), shape.material()).unwrap();
        match shape {
            Shape::Hull {
                margin,
                shrink,
                vertices,
                ..
            } => {
                bits(&mut s, &[margin, shrink]);
                for v in vertices {
                    s.push_str("  v");
                    bits(&mut s, &v);
                }
            }
            Shape::Box(b) | Shape::Cylinder(b) => {
                let mut all = vec![b.margin];
                all.extend(b.centre);
                all.extend(b.orientation);
                all.extend(b.dimensions);
                bits(&mut s, &all);
            }
            Shape::Cone {
                margin,
                centre,
                orientation,
                radius,
                height,
                ..
            } => {
                let mut all = vec![margin];
                all.extend(centre);
                all.extend(orientation);
                all.extend([radius, height]);
                bits(&mut s, &all);
            }
            Shape::Plane {
                normal, distance, ..
            } => bits(&mut s, &[normal[0], normal[1], normal[2], distance]),
            Shape::Sphere { centre, radius, .. } => {
                bits(&mut s, &[centre[0], centre[1], centre[2], radius])
            }
            _ => unreachable!("a new shape kind"),
        }
    }
    match trimesh {
        None => s.push_str("no trimesh\n"),
        Some(m) => {
            s.push_str("trimesh");
            bits(&mut s, &[m.margin, m.edge_distance_threshold]);
            assert_eq!(m.vertices().count(), m.vertex_count());
            assert_eq!(m.faces().count(), m.face_count());
            for v in m.vertices() {
                s.push_str("  v");
                bits(&mut s, &v);
            }
            for f in m.faces() {
                writeln!(s, "  f {:?} {:?}", f.indices, f.material).unwrap();
            }
        }
    }
    s
}

fn printed(t: &Tcol<'_>) -> String {
    let mut out = String::new();
    t.print(&mut out).unwrap();
    assert_eq!(t.required_len(), Ok(out.len()));
    // The byte-buffer writer gives the same text, and no more.
    let mut bytes = vec![0xAA; out.len() + 1];
    assert_eq!(t.write(&mut bytes), Ok(out.len()));
    assert_eq!(&bytes[..out.len()], out.as_bytes());
    assert_eq!(bytes[out.len()], 0xAA);
    // One byte short, it writes nothing.
    let mut short = vec![0xAA; out.len() - 1];
    assert_eq!(
        t.write(&mut short),
        Err(WriteError::BufferTooSmall {
            needed: out.len(),
            available: out.len() - 1
        })
    );
    assert!(short.iter().all(|&b| b == 0xAA));
    out
}

/// Every real in printed text is one FLOAT token; NATURALs appear only as face indices; and
/// only the three kinds of line the canonical form has: `keyword values;`, `name {`, `}`.
fn check_tokens(text: &str) {
    let mut lex = Lexer::new(text.as_bytes());
    let mut in_faces = false;
    let mut after_faces = false;
    loop {
        let t = lex.next_token().unwrap();
        match t.kind {
            TokenKind::EndOfFile => break,
            TokenKind::Natural => assert!(in_faces, "a NATURAL outside faces at {:?}", t.position),
            TokenKind::Float => {
                assert!(!in_faces, "a FLOAT in faces at {:?}", t.position);
                // The token is the whole run of non-blank bytes: it re-lexes as one number.
                let rest = &text.as_bytes()[t.position.offset + t.len..];
                assert!(
                    matches!(rest.first(), Some(b' ' | b';')),
                    "number glued to {:?} at {:?}",
                    rest.first().map(|&b| b as char),
                    t.position
                );
            }
            TokenKind::Keyword(Keyword::Faces) => after_faces = true,
            TokenKind::LeftBrace if after_faces => {
                in_faces = true;
                after_faces = false;
            }
            TokenKind::RightBrace => in_faces = false,
            TokenKind::Unknown(_) | TokenKind::Hex => panic!("{:?} at {:?}", t.kind, t.position),
            _ => {}
        }
    }
    assert!(text.ends_with("}\n"));
}

/// parse → print → parse gives equal values, bit for bit; print → parse → print is a fixed
/// point; the printed text is strict TCOL whose every number is one token.
#[track_caller]
fn round_trip(t: &Tcol<'_>) -> String {
    let first = printed(t);
    check_tokens(&first);
    let again = Tcol::parse_str(&first, Options::STRICT)
        .unwrap_or_else(|e| panic!("printed text rejected: {e}\n{first}"));
    assert_eq!(again.tolerated().len(), 0);
    assert_eq!(dump(&again), dump(t), "values changed; printed:\n{first}");
    // The views compare equal too (PartialEq on the public types).
    assert_eq!(again.attributes(), t.attributes());
    assert!(again.shapes().eq(t.shapes()));
    assert_eq!(again.trimesh(), t.trimesh());
    let second = printed(&again);
    assert_eq!(second, first, "not a fixed point");
    first
}

// ---------------------------------------------------------------- conformance fixtures

#[test]
fn every_accepted_fixture_round_trips() {
    let mut n = 0;
    for tcol::Verdict { file, accept, .. } in tcol::verdicts() {
        if !accept {
            continue;
        }
        let bytes = tcol::read(&file);
        let t = Tcol::parse(&bytes, Options::STRICT).unwrap();
        let text = round_trip(&t);
        assert!(text.starts_with("TCOL1.0\n\nattributes {\n"), "{file}");
        n += 1;
    }
    assert_eq!(n, 14);
}

#[test]
fn old_dialect_files_read_leniently_print_as_strict_tcol_or_fail() {
    // Hex face flags become a material string of the same text; a missing attributes block
    // becomes `static;`; a static trimesh's margin has no strict syntax.
    let mut printed_ok = 0;
    for tcol::Verdict { file, .. } in tcol::verdicts() {
        let bytes = tcol::read(&file);
        let Ok(t) = Tcol::parse(&bytes, Options::LENIENT) else {
            continue;
        };
        if t.tolerated().len() == 0 {
            continue;
        }
        let mut out = String::new();
        match t.print(&mut out) {
            Ok(()) => {
                round_trip(&t);
                printed_ok += 1;
            }
            Err(e) => {
                assert_eq!(file, "s08_static_trimesh_with_margin.tcol");
                assert_eq!(
                    e,
                    PrintError::Invalid {
                        at: Place::Trimesh(Keyword::Margin),
                        problem: Problem::NoSyntax
                    }
                );
                assert!(out.is_empty(), "wrote before failing");
                let invalid = WriteError::Invalid(InputError {
                    at: Place::Trimesh(Keyword::Margin),
                    problem: Problem::NoSyntax,
                });
                assert_eq!(t.required_len(), Err(invalid));
                let mut bytes = [0xAA; 512];
                assert_eq!(t.write(&mut bytes), Err(invalid));
                assert!(bytes.iter().all(|&b| b == 0xAA), "wrote before failing");
            }
        }
    }
    assert_eq!(printed_ok, 2);
}

// ---------------------------------------------------------------- the canonical form

#[test]
fn canonical_form_of_a_dynamic_body_is_pinned() {
    let text = "TCOL1.0 // a comment\r\n\
        attributes { ccd_swept_sphere_radius 0; linear_damping 0.25; mass 30; inertia 1 2 3; }\r\n\
        compound {\r\n\
          sphere { material \"/common/PolishedWood\"; center 0 0 .88; radius 0.16 }\r\n\
          cone { height 0.83; radius 0.27; centre 0 0 0.435; material \"Wood\"; margin 0.04; }\r\n\
          box { dimensions 1 2 3; orientation 1 0 0 0; material \"b\"; margin 0; centre -1 -0 1e-7 }\r\n\
          cylinder { material \"c\"; centre 0 0 -0.315; orientation 0.5 0.5 0.5 0.5; dimensions .38 .38 .63 }\r\n\
          plane { material \"ground\"; normal 0 0 1; distance -1E+2 }\r\n\
          hull { shrink 0.01; margin 0.01; material \"multi\r\nline\"; vertices { 0 0 0; 1 0 0; 0 1 0 } }\r\n\
        }\r\n\
        trimesh { margin 0; vertexes { 1 0 0; 0 1 0; 0 0 1; } faces { 0 1 2 \"/common/Stone\"; 2 1 0 \"\" } }";
    let t = Tcol::parse_str(text, Options::STRICT).unwrap();
    let expected = "TCOL1.0\n\
\n\
attributes {\n\
\x20   mass 30.0;\n\
\x20   inertia 1.0 2.0 3.0;\n\
\x20   linear_damping 0.25;\n\
}\n\
\n\
compound {\n\
\x20   sphere {\n\
\x20       material \"/common/PolishedWood\";\n\
\x20       centre 0.0 0.0 0.88;\n\
\x20       radius 0.16;\n\
\x20   }\n\
\x20   cone {\n\
\x20       material \"Wood\";\n\
\x20       centre 0.0 0.0 0.435;\n\
\x20       radius 0.27;\n\
\x20       height 0.83;\n\
\x20   }\n\
\x20   box {\n\
\x20       material \"b\";\n\
\x20       margin 0.0;\n\
\x20       centre -1.0 -0.0 1e-7;\n\
\x20       dimensions 1.0 2.0 3.0;\n\
\x20   }\n\
\x20   cylinder {\n\
\x20       material \"c\";\n\
\x20       centre 0.0 0.0 -0.315;\n\
\x20       orientation 0.5 0.5 0.5 0.5;\n\
\x20       dimensions 0.38 0.38 0.63;\n\
\x20   }\n\
\x20   plane {\n\
\x20       material \"ground\";\n\
\x20       normal 0.0 0.0 1.0;\n\
\x20       distance -100.0;\n\
\x20   }\n\
\x20   hull {\n\
\x20       material \"multi\r\nline\";\n\
\x20       margin 0.01;\n\
\x20       shrink 0.01;\n\
\x20       vertexes {\n\
\x20           0.0 0.0 0.0;\n\
\x20           1.0 0.0 0.0;\n\
\x20           0.0 1.0 0.0;\n\
\x20       }\n\
\x20   }\n\
}\n\
\n\
trimesh {\n\
\x20   margin 0.0;\n\
\x20   vertexes {\n\
\x20       1.0 0.0 0.0;\n\
\x20       0.0 1.0 0.0;\n\
\x20       0.0 0.0 1.0;\n\
\x20   }\n\
\x20   faces {\n\
\x20       0 1 2 \"/common/Stone\";\n\
\x20       2 1 0 \"\";\n\
\x20   }\n\
}\n";
    // The multi-line material keeps its CR: the only CR the printer ever writes.
    let got = printed(&t);
    assert_eq!(got, expected);
    let again = Tcol::parse_str(&got, Options::STRICT).unwrap();
    assert_eq!(dump(&again), dump(&t));
    assert_eq!(printed(&again), got);
}

#[test]
fn canonical_form_of_a_static_body_is_pinned() {
    let t = Tcol::parse_str(
        "TCOL1.0 attributes { static; angular_sleep_threshold -0; } \
         compound { } trimesh { edge_distance_threshold 1e-38; vertexes { 3.4028235e38 -1e-45 16777217; } faces { } }",
        Options::STRICT,
    )
    .unwrap();
    assert!(t.has_compound());
    let expected = "TCOL1.0\n\nattributes {\n    static;\n    angular_sleep_threshold -0.0;\n}\n\n\
        trimesh {\n    edge_distance_threshold 1e-38;\n    vertexes {\n        3.4028235e38 -1e-45 16777216.0;\n    }\n    faces {\n    }\n}\n";
    assert_eq!(round_trip(&t), expected);
    // The empty compound held nothing and is left out.
    let again = Tcol::parse_str(expected, Options::STRICT).unwrap();
    assert!(!again.has_compound());

    // Without a trimesh, an empty compound is the body.
    let t = Tcol::parse_str(
        "TCOL1.0 attributes { static } compound { }",
        Options::STRICT,
    )
    .unwrap();
    assert_eq!(
        round_trip(&t),
        "TCOL1.0\n\nattributes {\n    static;\n}\n\ncompound {\n}\n"
    );
}

// ---------------------------------------------------------------- numbers

/// Prints `values` as a dynamic body's inertia and trimesh vertices, and reads them back.
#[track_caller]
fn numbers_round_trip(values: &[f32]) -> String {
    let mut text = String::from("TCOL1.0 attributes { mass 1; } trimesh { vertexes {");
    for chunk in values.chunks(3) {
        let mut v = [0.0f32; 3];
        v[..chunk.len()].copy_from_slice(chunk);
        write!(text, " {:e} {:e} {:e};", v[0], v[1], v[2]).unwrap();
    }
    text.push_str("} faces {} }");
    let t = Tcol::parse_str(&text, Options::STRICT).unwrap();
    let printed = round_trip(&t);
    let again = Tcol::parse_str(&printed, Options::STRICT).unwrap();
    let read: Vec<u32> = again
        .trimesh()
        .unwrap()
        .vertices()
        .flatten()
        .map(f32::to_bits)
        .collect();
    let mut want: Vec<u32> = values.iter().map(|v| v.to_bits()).collect();
    want.resize(read.len(), 0);
    assert_eq!(read, want);
    printed
}

/// The printed spelling of one value.
fn spelling(v: f32) -> String {
    let attributes = Attributes {
        inertia: Some([v, v, v]),
        ..Attributes::STATIC
    };
    let mut out = String::new();
    print(&attributes, Vec::new(), None, &mut out).unwrap();
    let line = out.lines().find(|l| l.contains("inertia")).unwrap();
    let spelled = line.trim().trim_end_matches(';').split(' ').nth(1).unwrap();
    spelled.to_string()
}

#[test]
fn numbers_are_spelled_as_documented() {
    for (v, s) in [
        (0.0, "0.0"),
        (-0.0, "-0.0"),
        (3.0, "3.0"),
        (-3.0, "-3.0"),
        (0.1, "0.1"),
        (1e-4, "0.0001"),
        (9.999999e-5, "9.999999e-5"),
        (1e-5, "1e-5"),
        (1e-7, "1e-7"),
        (123_456_790.0, "123456790.0"),
        (999_999_940.0, "999999940.0"),
        (1e9, "1e9"),
        (16_777_217.0, "16777216.0"),
        (1e38, "1e38"),
        (1e-38, "1e-38"),
        (f32::MAX, "3.4028235e38"),
        (f32::MIN, "-3.4028235e38"),
        (f32::MIN_POSITIVE, "1.1754944e-38"),
        (f32::from_bits(1), "1e-45"),
        (-f32::from_bits(1), "-1e-45"),
        (f32::from_bits(0x007f_ffff), "1.1754942e-38"),
        (1.000_000_1, "1.0000001"),
        (f32::from_bits(0x3f80_0003), "1.0000004"),
        // Nine significant digits are the shortest here.
        (f32::from_bits(0xc2fc_8572), "-126.260635"),
        (f32::from_bits(0x146d_462b), "1.19792804e-26"),
        (0.300_000_04, "0.30000004"),
        (1.234_567_9e-5, "1.2345679e-5"),
        (-4.294_967_3e9, "-4.2949673e9"),
        // The engine rounds "7.038531e-26" through a double to the next f32 up.
        (7.038_531e-26, "7.03853069e-26"),
    ] {
        assert_eq!(spelling(v), s, "{v:e}");
        assert_eq!(s.parse::<f32>().unwrap().to_bits(), v.to_bits(), "{s}");
    }
}

#[test]
fn edge_values_round_trip_bit_exactly() {
    let values = [
        0.0,
        -0.0,
        f32::from_bits(1),
        -f32::from_bits(1),
        f32::from_bits(0x0000_0400),
        f32::from_bits(0x007f_ffff),
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        f32::MAX,
        f32::MIN,
        1e38,
        -1e38,
        1e-38,
        -1e-38,
        16_777_216.0,
        16_777_218.0,
        4_294_967_296.0,
        4_294_967_298.0,
        0.1,
        1.0 / 3.0,
        std::f32::consts::PI,
        1e-4,
        9.999_999e-5,
        1e9,
        999_999_940.0,
    ];
    numbers_round_trip(&values);
}

#[test]
fn strided_sweep_of_all_finite_floats_round_trips() {
    // Every 327,685th bit pattern (about 13,000 values, both signs, every exponent); at
    // ZEROCOL_PROP_SCALE=5 every 65,537th (about 65,000), an odd stride at any scale.
    let stride = (327_685 / scale().max(1)) | 1;
    let values: Vec<f32> = (0..=u32::MAX)
        .step_by(stride)
        .map(f32::from_bits)
        .filter(|v| v.is_finite())
        .collect();
    assert!(values.len() * 5 > 60_000 * scale());
    let text = numbers_round_trip(&values);
    // Each value is spelled by the documented rule.
    let start = text.find("vertexes {").unwrap();
    let spelled: Vec<&str> = text[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().starts_with('}'))
        .flat_map(|l| l.trim().trim_end_matches(';').split(' '))
        .collect();
    for (v, s) in values.iter().zip(&spelled) {
        assert_eq!(*s, format_one(*v));
    }
}

/// The documented rule, restated independently of the printer.
fn format_one(v: f32) -> String {
    let a = v.abs();
    let shortest = if a == 0.0 || (1e-4..1e9).contains(&a) {
        let s = format!("{v}");
        if s.contains('.') { s } else { s + ".0" }
    } else {
        format!("{v:e}")
    };
    // The engine reads `(float) strtod(text)`.
    if (shortest.parse::<f64>().unwrap() as f32).to_bits() == v.to_bits() {
        shortest
    } else {
        format!("{v:.8e}")
    }
}

// ---------------------------------------------------------------- generated bodies

/// The printer tests' float values, drawn from the shared [`Rng`].
trait Values {
    fn real(&mut self) -> f32;
    fn non_negative(&mut self) -> f32;
    fn positive(&mut self) -> f32;
    fn reals<const N: usize>(&mut self) -> [f32; N];
}

impl Values for Rng {
    /// Any finite float: ordinary values mostly, edge cases often.
    fn real(&mut self) -> f32 {
        match self.below(8) {
            0 => loop {
                let v = f32::from_bits(self.next() as u32);
                if v.is_finite() {
                    break v;
                }
            },
            1 | 2 => self.pick(&[
                0.0,
                -0.0,
                1.0,
                -1.0,
                0.04,
                0.5,
                f32::MAX,
                f32::MIN,
                f32::MIN_POSITIVE,
                f32::from_bits(1),
                -f32::from_bits(1),
                f32::from_bits(0x007f_ffff),
                1e38,
                1e-38,
                -1e-38,
                1e-7,
                16_777_217.0,
                0.300_000_03,
                1.000_000_4,
            ]),
            3 => self.below(100_000) as f32,
            _ => {
                let u = (self.next() >> 40) as f32 / (1u64 << 24) as f32;
                -1000.0 + 2000.0 * u
            }
        }
    }
    fn non_negative(&mut self) -> f32 {
        let v = self.real();
        if v.is_sign_negative() && v != 0.0 {
            -v
        } else {
            v
        }
    }
    fn positive(&mut self) -> f32 {
        loop {
            let v = self.non_negative();
            if v > 0.0 {
                break v;
            }
        }
    }
    fn reals<const N: usize>(&mut self) -> [f32; N] {
        std::array::from_fn(|_| self.real())
    }
}

const MATERIALS: &[&str] = &[
    "/common/PolishedWood",
    "Grass",
    "",
    "a b",
    "multi\r\nline",
    "tab\there",
    "Ø/ünïcødé \u{1F600}",
    "../rel/Metal",
    "0x7",
    "{;}",
    "// not a comment",
    "/* nor this */",
    "'single'",
];

/// TCOL text in varied spellings, spacing and property orders.
struct Gen<'r> {
    rng: &'r mut Rng,
    out: String,
}

impl Gen<'_> {
    fn gap(&mut self) {
        let gap = self.rng.pick(&[
            " ",
            " ",
            " ",
            "\t",
            "\r\n",
            "\n",
            "\x0b",
            " /* c */ ",
            " // c\n",
            "\r\n\t",
        ]);
        self.out.push_str(gap);
    }
    fn word(&mut self, w: &str) {
        self.gap();
        self.out.push_str(w);
    }
    fn number(&mut self, v: f32) {
        let display = format!("{v}");
        let text = match self.rng.below(6) {
            0 => format!("{v:e}"),
            1 => format!("{v:E}"),
            2 if !display.starts_with('-') => format!("+{display}"),
            3 if display.starts_with("0.") => display[1..].to_string(),
            4 => format!("{v:?}"),
            _ => display,
        };
        self.word(&text);
    }
    fn property(&mut self, keyword: &str, values: &[f32]) -> String {
        let mut g = Gen {
            rng: self.rng,
            out: String::new(),
        };
        let keyword = match keyword {
            "centre" if g.rng.one_in(2) => "center",
            "vertexes" if g.rng.one_in(2) => "vertices",
            k => k,
        };
        g.word(keyword);
        for &v in values {
            g.number(v);
        }
        g.out
    }
    fn material(&mut self) -> String {
        let m = self.rng.pick(MATERIALS);
        let mut g = Gen {
            rng: self.rng,
            out: String::new(),
        };
        g.word("material");
        g.word(&format!("\"{m}\""));
        g.out
    }
    /// `{ a; b; c }`, optionally with a final `;`.
    fn list(&mut self, items: &[String]) {
        self.word("{");
        for (i, item) in items.iter().enumerate() {
            self.out.push_str(item);
            if i + 1 < items.len() || self.rng.one_in(2) {
                self.word(";");
            }
        }
        self.word("}");
    }
    fn vertices(&mut self, n: usize) -> String {
        let mut g = Gen {
            rng: self.rng,
            out: String::new(),
        };
        let items: Vec<String> = (0..n)
            .map(|_| {
                let v: [f32; 3] = g.rng.reals();
                let mut h = Gen {
                    rng: g.rng,
                    out: String::new(),
                };
                for c in v {
                    h.number(c);
                }
                h.out
            })
            .collect();
        g.list(&items);
        g.out
    }
}

#[derive(Default)]
struct Coverage {
    kinds: [usize; 6],
    rotated: usize,
    hull_margin: usize,
    shrink: usize,
    odd_margin: usize,
    static_mesh: usize,
    dynamic_mesh: usize,
    compound_only: usize,
    trimesh_only: usize,
    both: usize,
}

fn generate(rng: &mut Rng, cov: &mut Coverage) -> String {
    let mut g = Gen {
        rng,
        out: String::from("TCOL1.0"),
    };
    let is_static = g.rng.one_in(2);
    // Attributes, shuffled.
    let mut attrs = vec![if is_static {
        g.property("static", &[])
    } else {
        let m = g.rng.positive();
        g.property("mass", &[m])
    }];
    for name in [
        "inertia",
        "linear_damping",
        "angular_damping",
        "linear_sleep_threshold",
        "angular_sleep_threshold",
        "ccd_motion_threshold",
        "ccd_swept_sphere_radius",
    ] {
        if g.rng.one_in(2) {
            let values = match name {
                "inertia" => g.rng.reals::<3>().to_vec(),
                "linear_damping" | "angular_damping" => vec![g.rng.non_negative()],
                _ => vec![g.rng.real()],
            };
            attrs.push(g.property(name, &values));
        }
    }
    let n = attrs.len();
    for i in (1..n).rev() {
        attrs.swap(i, g.rng.below(i + 1));
    }
    g.word("attributes");
    g.list(&attrs);

    let body = g.rng.below(3); // 0 compound, 1 trimesh, 2 both
    match body {
        0 => cov.compound_only += 1,
        1 => cov.trimesh_only += 1,
        _ => cov.both += 1,
    }
    if body != 1 {
        g.word("compound");
        g.word("{");
        for _ in 0..g.rng.below(7) {
            let kind = g.rng.below(6);
            cov.kinds[kind] += 1;
            let material = g.material();
            let margin = |g: &mut Gen<'_>, cov: &mut Coverage| {
                let m = g.rng.pick(&[
                    0.0,
                    -0.0,
                    0.04,
                    1e-7,
                    f32::from_bits(DEFAULT_MARGIN.to_bits() - 1),
                    f32::from_bits(DEFAULT_MARGIN.to_bits() + 1),
                ]);
                let m = if g.rng.one_in(2) {
                    m
                } else {
                    g.rng.non_negative()
                };
                if m.to_bits() != DEFAULT_MARGIN.to_bits() {
                    cov.odd_margin += 1;
                }
                g.property("margin", &[m])
            };
            let orientation = |g: &mut Gen<'_>, cov: &mut Coverage| {
                let q = match g.rng.below(3) {
                    0 => IDENTITY_ORIENTATION,
                    1 => [1.0, -0.0, 0.0, 0.0],
                    _ => g.rng.reals::<4>(),
                };
                if q.map(f32::to_bits) != IDENTITY_ORIENTATION.map(f32::to_bits) {
                    cov.rotated += 1;
                }
                g.property("orientation", &q)
            };
            match kind {
                0 => {
                    g.word("hull");
                    let mut props = vec![material];
                    if g.rng.one_in(2) {
                        cov.hull_margin += 1;
                        props.push(margin(&mut g, cov));
                    }
                    if g.rng.one_in(2) {
                        cov.shrink += 1;
                        let s = g.rng.non_negative();
                        props.push(g.property("shrink", &[s]));
                    }
                    for i in (1..props.len()).rev() {
                        props.swap(i, g.rng.below(i + 1));
                    }
                    let n = g.rng.below(6);
                    let head = g.property("vertexes", &[]);
                    let list = g.vertices(n);
                    props.push(head + &list);
                    g.list(&props);
                }
                1..=3 => {
                    g.word(["", "box", "cylinder", "cone"][kind]);
                    let c = g.rng.reals::<3>();
                    let mut props = vec![material, g.property("centre", &c)];
                    if kind == 3 {
                        let (r, h) = (g.rng.real(), g.rng.real());
                        props.push(g.property("radius", &[r]));
                        props.push(g.property("height", &[h]));
                    } else {
                        let d = g.rng.reals::<3>();
                        props.push(g.property("dimensions", &d));
                    }
                    if g.rng.one_in(3) {
                        props.push(margin(&mut g, cov));
                    }
                    if !g.rng.one_in(3) {
                        props.push(orientation(&mut g, cov));
                    }
                    for i in (1..props.len()).rev() {
                        props.swap(i, g.rng.below(i + 1));
                    }
                    g.list(&props);
                }
                4 => {
                    g.word("plane");
                    let (n, d) = (g.rng.reals::<3>(), g.rng.real());
                    let props = [
                        material,
                        g.property("normal", &n),
                        g.property("distance", &[d]),
                    ];
                    g.list(&props);
                }
                _ => {
                    g.word("sphere");
                    let (c, r) = (g.rng.reals::<3>(), g.rng.real());
                    let props = [
                        material,
                        g.property("centre", &c),
                        g.property("radius", &[r]),
                    ];
                    g.list(&props);
                }
            }
        }
        g.word("}");
    }
    if body != 0 {
        g.word("trimesh");
        g.word("{");
        if is_static {
            cov.static_mesh += 1;
            if g.rng.one_in(2) {
                let t = g
                    .rng
                    .pick(&[DEFAULT_EDGE_DISTANCE_THRESHOLD, 0.0, -0.0, 0.5]);
                let t = if g.rng.one_in(2) {
                    t
                } else {
                    g.rng.non_negative()
                };
                let p = g.property("edge_distance_threshold", &[t]);
                g.out.push_str(&p);
                g.word(";");
            }
        } else {
            cov.dynamic_mesh += 1;
            if g.rng.one_in(2) {
                let m = g.rng.non_negative();
                let p = g.property("margin", &[m]);
                g.out.push_str(&p);
                g.word(";");
            }
        }
        let n = g.rng.below(9);
        g.word("vertexes");
        let list = g.vertices(n);
        g.out.push_str(&list);
        g.word("faces");
        let faces: Vec<String> = if n == 0 {
            Vec::new()
        } else {
            (0..g.rng.below(9))
                .map(|_| {
                    let [a, b, c] = [0; 3].map(|_| g.rng.below(n));
                    let m = g.rng.pick(MATERIALS);
                    format!(" {a}\t{b} {c}\r\n\"{m}\"")
                })
                .collect()
        };
        g.list(&faces);
        g.word("}");
    }
    if g.rng.one_in(2) {
        g.word("");
    }
    g.out
}

#[test]
fn generated_bodies_round_trip_bit_exactly_and_print_to_a_fixed_point() {
    let seed = seed(0x7C01_9817);
    let mut rng = Rng::new(seed);
    let mut cov = Coverage::default();
    let cases = 600 * scale();
    for i in 0..cases {
        let text = generate(&mut rng, &mut cov);
        let _case = Case {
            name: "generated body",
            seed,
            iteration: i,
            bytes: text.as_bytes(),
        };
        let t = Tcol::parse_str(&text, Options::STRICT).unwrap_or_else(|e| panic!("{e}"));
        round_trip(&t);
    }
    // Every feature came up many times.
    assert!(cov.kinds.iter().all(|&k| k > cases / 4), "{:?}", cov.kinds);
    for (what, n) in [
        ("rotated", cov.rotated),
        ("hull margin", cov.hull_margin),
        ("shrink", cov.shrink),
        ("odd margin", cov.odd_margin),
        ("static mesh", cov.static_mesh),
        ("dynamic mesh", cov.dynamic_mesh),
        ("compound only", cov.compound_only),
        ("trimesh only", cov.trimesh_only),
        ("both", cov.both),
    ] {
        assert!(n > cases / 10, "{what}: {n}");
    }
}

// ---------------------------------------------------------------- errors

fn dynamic() -> Attributes {
    Attributes {
        is_static: false,
        mass: 1.0,
        ..Attributes::STATIC
    }
}

fn sphere(material: &str) -> Shape<'_> {
    Shape::Sphere {
        material,
        centre: [0.0; 3],
        radius: 1.0,
    }
}

/// Printing fails as expected, and nothing was written.
#[track_caller]
fn fails<'s>(attributes: Attributes, shapes: Vec<Shape<'s>>, at: Place, problem: Problem) {
    let mut out = String::new();
    let want = PrintError::Invalid { at, problem };
    assert_eq!(
        print(&attributes, shapes.clone(), None, &mut out),
        Err(want)
    );
    assert_eq!(out, "", "wrote before failing");
    let invalid = WriteError::Invalid(InputError { at, problem });
    assert_eq!(
        required_len(&attributes, shapes.clone(), None),
        Err(invalid)
    );
    let mut bytes = [0xAA; 1024];
    assert_eq!(
        grit::tcol::write(&attributes, shapes, None, &mut bytes),
        Err(invalid)
    );
    assert!(bytes.iter().all(|&b| b == 0xAA), "wrote before failing");
    assert!(!want.to_string().is_empty());
    assert_eq!(invalid.to_string(), want.to_string());
}

#[test]
fn attributes_tcol_cannot_hold_are_errors() {
    let mass = Place::Attribute(Keyword::Mass);
    for (a, at, problem) in [
        (
            Attributes {
                mass: 0.0,
                ..dynamic()
            },
            mass,
            Problem::ZeroMass,
        ),
        (
            Attributes {
                mass: -0.0,
                ..dynamic()
            },
            mass,
            Problem::ZeroMass,
        ),
        (
            Attributes {
                mass: -1.0,
                ..dynamic()
            },
            mass,
            Problem::Negative,
        ),
        (
            Attributes {
                mass: f32::NAN,
                ..dynamic()
            },
            mass,
            Problem::NotFinite,
        ),
        (
            Attributes {
                mass: f32::INFINITY,
                ..dynamic()
            },
            mass,
            Problem::NotFinite,
        ),
        (
            Attributes {
                mass: 2.0,
                ..Attributes::STATIC
            },
            mass,
            Problem::NoSyntax,
        ),
        (
            Attributes {
                inertia: Some([1.0, f32::NEG_INFINITY, 1.0]),
                ..dynamic()
            },
            Place::Attribute(Keyword::Inertia),
            Problem::NotFinite,
        ),
        (
            Attributes {
                linear_damping: -0.5,
                ..dynamic()
            },
            Place::Attribute(Keyword::LinearDamping),
            Problem::Negative,
        ),
        (
            Attributes {
                angular_damping: -f32::from_bits(1),
                ..dynamic()
            },
            Place::Attribute(Keyword::AngularDamping),
            Problem::Negative,
        ),
        (
            Attributes {
                angular_sleep_threshold: f32::NAN,
                ..Attributes::STATIC
            },
            Place::Attribute(Keyword::AngularSleepThreshold),
            Problem::NotFinite,
        ),
        (
            Attributes {
                ccd_swept_sphere_radius: f32::INFINITY,
                ..Attributes::STATIC
            },
            Place::Attribute(Keyword::CcdSweptSphereRadius),
            Problem::NotFinite,
        ),
    ] {
        fails(a, vec![sphere("m")], at, problem);
    }
    // What the parser accepts prints: a static body's mass of -0, negative sleep and CCD
    // values, -0 dampings.
    let ok = Attributes {
        mass: -0.0,
        linear_damping: -0.0,
        linear_sleep_threshold: -5.0,
        ccd_motion_threshold: -1e-45,
        ..Attributes::STATIC
    };
    let mut out = String::new();
    print(&ok, vec![sphere("m")], None, &mut out).unwrap();
    let t = Tcol::parse_str(&out, Options::STRICT).unwrap();
    assert_eq!(
        t.attributes().mass.to_bits(),
        0,
        "a static mass reads as +0"
    );
    assert_eq!(t.attributes().linear_damping.to_bits(), (-0.0f32).to_bits());
    assert_eq!(t.attributes().ccd_motion_threshold, -1e-45);
}

#[test]
fn shapes_tcol_cannot_hold_are_errors() {
    let at = |index, property| Place::Shape { index, property };
    let nan_centre = Shape::Box(BoxLike {
        material: "m",
        margin: DEFAULT_MARGIN,
        centre: [0.0, f32::NAN, 0.0],
        orientation: IDENTITY_ORIENTATION,
        dimensions: [1.0; 3],
    });
    let negative_margin = Shape::Cylinder(BoxLike {
        material: "m",
        margin: -0.04,
        centre: [0.0; 3],
        orientation: IDENTITY_ORIENTATION,
        dimensions: [1.0; 3],
    });
    let nan_orientation = Shape::Cone {
        material: "m",
        margin: 0.0,
        centre: [0.0; 3],
        orientation: [f32::NAN, 0.0, 0.0, 0.0],
        radius: 1.0,
        height: 1.0,
    };
    let inf_height = Shape::Cone {
        material: "m",
        margin: 0.0,
        centre: [0.0; 3],
        orientation: IDENTITY_ORIENTATION,
        radius: 1.0,
        height: f32::INFINITY,
    };
    let inf_distance = Shape::Plane {
        material: "m",
        normal: [0.0, 0.0, 1.0],
        distance: f32::NEG_INFINITY,
    };
    let nan_radius = Shape::Sphere {
        material: "m",
        centre: [0.0; 3],
        radius: f32::NAN,
    };
    let nan_margin = Shape::Box(BoxLike {
        material: "m",
        margin: f32::NAN,
        centre: [0.0; 3],
        orientation: IDENTITY_ORIENTATION,
        dimensions: [1.0; 3],
    });
    let cases = [
        (nan_centre, Keyword::Centre, Problem::NotFinite),
        (negative_margin, Keyword::Margin, Problem::Negative),
        (nan_orientation, Keyword::Orientation, Problem::NotFinite),
        (inf_height, Keyword::Height, Problem::NotFinite),
        (inf_distance, Keyword::Distance, Problem::NotFinite),
        (nan_radius, Keyword::Radius, Problem::NotFinite),
        (nan_margin, Keyword::Margin, Problem::NotFinite),
        (
            sphere("say \"hi\""),
            Keyword::Material,
            Problem::UnwritableString,
        ),
        (
            sphere("nul\0"),
            Keyword::Material,
            Problem::UnwritableString,
        ),
    ];
    for (shape, property, problem) in cases {
        // After two good shapes: the index counts from 0 over all shapes.
        fails(
            dynamic(),
            vec![sphere("a"), sphere("b"), shape],
            at(2, property),
            problem,
        );
    }
    // A hull's vertices and a trimesh's faces from text cannot be bad; a face's material with
    // a quote cannot come from TCOL either, but hex flags read leniently are printable.
    let t = Tcol::parse_str(
        "TCOL1.0 attributes { static; } trimesh { vertexes { 0 0 0; } faces { 0 0 0 0x7; } }",
        Options::LENIENT,
    )
    .unwrap();
    assert!(round_trip(&t).contains("0 0 0 \"0x7\";"));
}

#[test]
fn hand_built_shapes_round_trip() {
    // Shapes made by hand (as a BCOL reader or a converter would hand them over) print and
    // read back bit for bit, with -0 and subnormals where defaults and identities would be.
    let tiny = f32::from_bits(1);
    let shapes = vec![
        Shape::Box(BoxLike {
            material: "/a",
            margin: -0.0,
            centre: [-0.0, tiny, f32::MAX],
            orientation: [1.0, -0.0, 0.0, 0.0],
            dimensions: [1e38, 1e-38, -tiny],
        }),
        Shape::Cylinder(BoxLike {
            material: "",
            margin: DEFAULT_MARGIN,
            centre: [1.0; 3],
            orientation: [-1.0, 0.0, 0.0, 0.0],
            dimensions: [f32::MIN_POSITIVE; 3],
        }),
        Shape::Cone {
            material: "c\r\n",
            margin: f32::from_bits(DEFAULT_MARGIN.to_bits() + 1),
            centre: [0.0; 3],
            orientation: [0.0, 0.0, 0.0, 0.0],
            radius: -0.0,
            height: -1.0,
        },
        Shape::Plane {
            material: "p",
            normal: [-0.0; 3],
            distance: 16_777_216.0,
        },
        sphere("s"),
    ];
    let attributes = Attributes {
        inertia: Some([-0.0, tiny, 0.0]),
        angular_damping: 0.0,
        ..dynamic()
    };
    let mut out = String::new();
    print(&attributes, shapes.clone(), None, &mut out).unwrap();
    assert_eq!(
        required_len(&attributes, shapes.clone(), None),
        Ok(out.len())
    );
    let t = Tcol::parse_str(&out, Options::STRICT).unwrap();
    round_trip(&t);
    assert_eq!(t.attributes(), attributes);
    let back: Vec<Shape<'_>> = t.shapes().collect();
    assert_eq!(back, shapes);
    let bits = |s: &Shape<'_>| format!("{s:?}"); // Debug tells -0.0 from 0.0
    assert_eq!(
        back.iter().map(bits).collect::<Vec<_>>(),
        shapes.iter().map(bits).collect::<Vec<_>>()
    );
    assert!(out.contains("orientation 1.0 -0.0 0.0 0.0;"));
    assert!(out.contains("orientation -1.0 0.0 0.0 0.0;"));
    assert!(out.contains("margin -0.0;"));
    assert!(out.contains("margin 0.040000003;"));
}

#[test]
fn a_failing_writer_stops_the_print() {
    /// Accepts `room` bytes, then fails.
    struct Full {
        room: usize,
        got: String,
    }
    impl fmt::Write for Full {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if s.len() > self.room {
                return Err(fmt::Error);
            }
            self.room -= s.len();
            self.got.push_str(s);
            Ok(())
        }
    }
    let bytes = tcol::read("s29_exponent_forms.tcol");
    let t = Tcol::parse(&bytes, Options::STRICT).unwrap();
    let whole = printed(&t);
    for room in [0, 1, 7, 20, whole.len() / 2, whole.len() - 1] {
        let mut out = Full {
            room,
            got: String::new(),
        };
        assert_eq!(t.print(&mut out), Err(PrintError::Write));
        assert!(whole.starts_with(&out.got));
    }
    let mut out = Full {
        room: whole.len(),
        got: String::new(),
    };
    t.print(&mut out).unwrap();
    assert_eq!(out.got, whole);
    // A `dyn` writer works too.
    let mut s = String::new();
    let dynamic: &mut dyn fmt::Write = &mut s;
    t.print(dynamic).unwrap();
    assert_eq!(s, whole);
}

#[test]
fn the_free_function_prints_any_views() {
    // The free function takes the views a file hands out, shapes filtered or not.
    let bytes = tcol::read("s16_duplicate_box_props.tcol");
    let t = Tcol::parse(&bytes, Options::STRICT).unwrap();
    let mut out = String::new();
    print(&t.attributes(), t.shapes(), t.trimesh(), &mut out).unwrap();
    assert_eq!(out, printed(&t));
    let some: Option<Trimesh<'_>> = t.trimesh();
    let mut filtered = String::new();
    print(
        &t.attributes(),
        t.shapes().filter(|s| s.margin().is_some()),
        some,
        &mut filtered,
    )
    .unwrap();
    Tcol::parse_str(&filtered, Options::STRICT).unwrap();
}

// ---------------------------------------------------------------- BCOL bodies

/// TCOL text → BCOL → the printer → TCOL: the BCOL views read back bit for bit.
fn bcol_of(t: &Tcol<'_>) -> Option<Vec<u8>> {
    let len = bcol::required_len(&t.attributes(), t.shapes(), t.trimesh()).ok()?;
    let mut buffer = vec![0u8; len];
    let len = bcol::write(&t.attributes(), t.shapes(), t.trimesh(), &mut buffer).ok()?;
    buffer.truncate(len);
    Some(buffer)
}

#[test]
fn bcol_bodies_print_and_read_back_bit_exactly() {
    let seed = seed(0xBC01_0001);
    let mut rng = Rng::new(seed);
    let mut cov = Coverage::default();
    let mut printed_bodies = 0;
    let cases = 200 * scale();
    for i in 0..cases {
        let text = generate(&mut rng, &mut cov);
        let _case = Case {
            name: "generated body for BCOL",
            seed,
            iteration: i,
            bytes: text.as_bytes(),
        };
        let t = Tcol::parse_str(&text, Options::STRICT).unwrap();
        // BCOL has no hull shrink: those bodies are not written.
        let Some(bytes) = bcol_of(&t) else {
            continue;
        };
        let b = Bcol::parse(&bytes, bcol::Options::STRICT).unwrap();
        let mut out = String::new();
        print(&b.attributes(), b.shapes(), b.trimesh(), &mut out).unwrap();
        assert_eq!(
            required_len(&b.attributes(), b.shapes(), b.trimesh()),
            Ok(out.len())
        );
        let mut bytes = vec![0; out.len()];
        let len = grit::tcol::write(&b.attributes(), b.shapes(), b.trimesh(), &mut bytes);
        assert_eq!((len, &bytes[..]), (Ok(out.len()), out.as_bytes()));
        check_tokens(&out);
        let again = Tcol::parse_str(&out, Options::STRICT).unwrap();
        assert_eq!(
            dump(&again),
            dump_views(&b.attributes(), b.shapes(), b.trimesh()),
            "{out}"
        );
        // And the printed file is a fixed point of the TCOL printer.
        assert_eq!(printed(&again), out);
        printed_bodies += 1;
    }
    assert!(printed_bodies > cases / 2, "{printed_bodies}");
}

#[test]
fn non_finite_bcol_values_are_print_errors() {
    let t = Tcol::parse_str(
        "TCOL1.0 attributes { mass 2; } compound { sphere { material \"m\"; centre 0 0 0; radius 1; } }",
        Options::STRICT,
    )
    .unwrap();
    let mut checked = 0;
    for (bits, problem) in [
        (f32::NAN.to_bits(), Problem::NotFinite),
        (f32::INFINITY.to_bits(), Problem::NotFinite),
        ((-2.0f32).to_bits(), Problem::Negative),
    ] {
        let mut bytes = bcol_of(&t).unwrap();
        // The header's mass: the f32 after the 8 magic bytes.
        bytes[8..12].copy_from_slice(&bits.to_le_bytes());
        let Ok(b) = Bcol::parse(&bytes, bcol::Options::STRICT) else {
            continue;
        };
        let mut out = String::new();
        assert_eq!(
            print(&b.attributes(), b.shapes(), b.trimesh(), &mut out),
            Err(PrintError::Invalid {
                at: Place::Attribute(Keyword::Mass),
                problem
            })
        );
        assert_eq!(out, "");
        checked += 1;
    }
    // The BCOL reader takes what the engine maps without checks: NaN and infinite masses.
    assert!(checked >= 2, "{checked}");
}
