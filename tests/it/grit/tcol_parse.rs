//! The TCOL reader rule by rule (docs/formats/grit.md): every lexer quirk, every
//! grammar rule with the values it yields (defaults applied), every error with
//! its position, every lint, the lenient dialects, and hostile text.

use zerocol::grit::tcol::lexer::{Lexer, Token};
use zerocol::grit::{
    Attributes, BoxLike, DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN, Face,
    IDENTITY_ORIENTATION, Keyword, LintKind, STATIC_TRIMESH_MARGIN, Shape, ShapeKind, Size,
    tcol::{Error, ErrorKind, Expected, Lint, Options, Position, StorageTooSmall, Tcol, TokenKind},
};

use crate::support::tcol;

// ---------------------------------------------------------------- helpers

/// Parses a copy that lives as long as the test process, so tests can build
/// their text inline.
fn ok(text: &str) -> Tcol<'static> {
    let text: &'static str = Box::leak(text.to_owned().into_boxed_str());
    Tcol::parse_str(text, Options::STRICT).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn err(text: &str) -> Error {
    match Tcol::parse_str(text, Options::STRICT) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => {
            assert_position_consistent(text.as_bytes(), &e);
            e
        }
    }
}

fn err_bytes(bytes: &[u8]) -> Error {
    match Tcol::parse(bytes, Options::STRICT) {
        Ok(_) => panic!("accepted"),
        Err(e) => {
            assert_position_consistent(bytes, &e);
            e
        }
    }
}

/// Line and column follow from the offset: LF starts a line, columns count bytes.
fn assert_position_consistent(text: &[u8], e: &Error) {
    assert!(e.offset() <= text.len(), "{e}");
    let before = &text[..e.offset()];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let column = e.offset()
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    assert_eq!(
        (e.line() as usize, e.column() as usize),
        (line, column),
        "{e}"
    );
}

fn at(e: &Error) -> (u32, u32) {
    (e.line(), e.column())
}

fn unexpected(found: TokenKind, expected: Expected) -> ErrorKind {
    ErrorKind::Unexpected { found, expected }
}

/// A file with these attributes and this body.
fn file(attributes: &str, body: &str) -> String {
    format!("TCOL1.0\nattributes {{ {attributes} }}\n{body}\n")
}

/// A static file with this compound content.
fn compound(shapes: &str) -> String {
    file("static;", &format!("compound {{ {shapes} }}"))
}

fn shapes<'a>(t: &Tcol<'a>) -> Vec<Shape<'a>> {
    t.shapes().collect()
}

fn only_shape(text: &str) -> Shape<'static> {
    let t = ok(text);
    let mut s = shapes(&t);
    assert_eq!(s.len(), 1);
    s.remove(0)
}

fn tokens(text: &str) -> Vec<(TokenKind, String, u32, u32)> {
    let mut lex = Lexer::new(text.as_bytes());
    let mut out = Vec::new();
    loop {
        let t: Token = lex.next_token().unwrap();
        if t.kind == TokenKind::EndOfFile {
            return out;
        }
        out.push((
            t.kind,
            String::from_utf8_lossy(t.bytes(text.as_bytes())).into_owned(),
            t.position.line,
            t.position.column,
        ));
    }
}

fn kinds(text: &str) -> Vec<(TokenKind, String)> {
    tokens(text)
        .into_iter()
        .map(|(k, s, _, _)| (k, s))
        .collect()
}

fn lints(t: &Tcol<'_>) -> Vec<Lint> {
    t.lints().collect()
}

fn mesh_lints(t: &Tcol<'_>) -> Vec<Lint> {
    let mut scratch = vec![[0u32; 4]; t.mesh_scratch_len()];
    t.mesh_lints(&mut scratch).unwrap().collect()
}

use TokenKind::{Float, Hex, Natural, Unknown};

fn kw(k: Keyword) -> TokenKind {
    TokenKind::Keyword(k)
}

fn s(v: &str) -> String {
    v.to_string()
}

// ---------------------------------------------------------------- lexer

#[test]
fn keywords_need_no_delimiter_and_synonyms_are_one_token() {
    assert_eq!(
        kinds("mass30;centre center vertexes vertices"),
        vec![
            (kw(Keyword::Mass), s("mass")),
            (Natural, s("30")),
            (TokenKind::Semicolon, s(";")),
            (kw(Keyword::Centre), s("centre")),
            (kw(Keyword::Centre), s("center")),
            (kw(Keyword::Vertexes), s("vertexes")),
            (kw(Keyword::Vertexes), s("vertices")),
        ]
    );
    // A keyword is matched wherever its letters are; other letters are bad tokens.
    assert_eq!(
        kinds("boxes"),
        vec![
            (kw(Keyword::Box), s("box")),
            (Unknown(b'e'), s("e")),
            (Unknown(b's'), s("s")),
        ]
    );
    // A keyword cut short by the end of the text is letters, each a bad token.
    assert_eq!(
        kinds("mas"),
        vec![
            (Unknown(b'm'), s("m")),
            (Unknown(b'a'), s("a")),
            (Unknown(b's'), s("s")),
        ]
    );
    // Keywords the parser never accepts are still lexed.
    for (word, k) in [
        ("friction", Keyword::Friction),
        ("restitution", Keyword::Restitution),
        ("capsule", Keyword::Capsule),
        ("multisphere", Keyword::Multisphere),
        ("max_edge_angle_threshold", Keyword::MaxEdgeAngleThreshold),
        ("TCOL1.0", Keyword::Tcol),
    ] {
        assert_eq!(kinds(word), vec![(kw(k), s(word))]);
        assert_eq!(k.as_str(), word);
    }
    assert_eq!(Keyword::Centre.as_str(), "centre");
    assert_eq!(Keyword::Vertexes.as_str(), "vertexes");
}

#[test]
fn natural_and_float_by_longest_match() {
    assert_eq!(
        kinds("007"),
        vec![(Natural, s("0")), (Natural, s("0")), (Natural, s("7"))]
    );
    assert_eq!(kinds("1.2.3"), vec![(Float, s("1.2")), (Float, s(".3"))]);
    for float in [
        "007.5",
        "-0",
        "+1",
        "5.",
        ".5",
        "1e5",
        "1E+2",
        "0e5",
        "-3.39536e-005",
        "1.e5",
        "-.5e-1",
    ] {
        assert_eq!(kinds(float), vec![(Float, s(float))], "{float}");
    }
    for natural in ["0", "7", "1234567890123456789012345"] {
        assert_eq!(kinds(natural), vec![(Natural, s(natural))]);
    }
    assert_eq!(
        kinds("1e"),
        vec![(Natural, s("1")), (Unknown(b'e'), s("e"))]
    );
    assert_eq!(
        kinds("1e+"),
        vec![
            (Natural, s("1")),
            (Unknown(b'e'), s("e")),
            (Unknown(b'+'), s("+"))
        ]
    );
    assert_eq!(
        kinds("-007"),
        vec![(Float, s("-0")), (Natural, s("0")), (Natural, s("7"))]
    );
    assert_eq!(
        kinds(". - +"),
        vec![
            (Unknown(b'.'), s(".")),
            (Unknown(b'-'), s("-")),
            (Unknown(b'+'), s("+")),
        ]
    );
    assert_eq!(
        kinds("nan"),
        vec![
            (Unknown(b'n'), s("n")),
            (Unknown(b'a'), s("a")),
            (Unknown(b'n'), s("n"))
        ]
    );
    assert_eq!(
        kinds("inf"),
        vec![
            (Unknown(b'i'), s("i")),
            (Unknown(b'n'), s("n")),
            (Unknown(b'f'), s("f"))
        ]
    );
}

#[test]
fn hex_is_lexed_with_letters_and_digits() {
    assert_eq!(kinds("0x7"), vec![(Hex, s("0x7"))]);
    assert_eq!(
        kinds("0xZZ9;"),
        vec![(Hex, s("0xZZ9")), (TokenKind::Semicolon, s(";"))]
    );
    assert_eq!(
        kinds("0x"),
        vec![(Natural, s("0")), (Unknown(b'x'), s("x"))]
    );
}

#[test]
fn comments_and_their_quirks() {
    assert_eq!(
        kinds("// all of this\nbox"),
        vec![(kw(Keyword::Box), s("box"))]
    );
    // Inside a block comment, `//` swallows the rest of its line, `*/` included.
    assert_eq!(
        kinds("/* a // */ still inside\n */ box"),
        vec![(kw(Keyword::Box), s("box"))]
    );
    assert_eq!(
        kinds("/*/ box */ cone"),
        vec![(kw(Keyword::Cone), s("cone"))]
    );
    assert_eq!(kinds("/**/box"), vec![(kw(Keyword::Box), s("box"))]);
    // An unterminated block comment ends the text.
    assert_eq!(kinds("box /* cone"), vec![(kw(Keyword::Box), s("box"))]);
    assert_eq!(
        kinds("box /* // cone\n"),
        vec![(kw(Keyword::Box), s("box"))]
    );
    // `/` alone is a bad token.
    assert_eq!(
        kinds("/ box"),
        vec![(Unknown(b'/'), s("/")), (kw(Keyword::Box), s("box"))]
    );
}

#[test]
fn strings_span_lines_without_escapes() {
    assert_eq!(
        kinds("\"a\r\nb\" \"\" \"x\\\""),
        vec![
            (TokenKind::String, s("\"a\r\nb\"")),
            (TokenKind::String, s("\"\"")),
            (TokenKind::String, s("\"x\\\"")),
        ]
    );
    // Unterminated: the quote alone is a bad token.
    assert_eq!(kinds("\"abc")[0], (Unknown(b'"'), s("\"")));
}

#[test]
fn positions_count_bytes_and_only_lf_starts_a_line() {
    let t = tokens("a\tbox\r\n\x0bcone \"x\ny\" sphere\n\n  }");
    let got: Vec<_> = t.iter().map(|(k, _, l, c)| (*k, *l, *c)).collect();
    assert_eq!(
        got,
        vec![
            (Unknown(b'a'), 1, 1),
            (kw(Keyword::Box), 1, 3),
            (kw(Keyword::Cone), 2, 2),
            (TokenKind::String, 2, 7),
            (kw(Keyword::Sphere), 3, 4),
            (TokenKind::RightBrace, 5, 3),
        ]
    );
    let mut lex = Lexer::new(b"box\n");
    lex.next_token().unwrap();
    let end = lex.next_token().unwrap();
    assert_eq!(end.kind, TokenKind::EndOfFile);
    assert_eq!(
        end.position,
        Position {
            line: 2,
            column: 1,
            offset: 4
        }
    );
    // The end token repeats.
    assert_eq!(lex.next_token().unwrap(), end);
    // Form feed is not whitespace.
    assert_eq!(kinds("\x0c")[0].0, Unknown(0x0c));
}

#[test]
fn nul_bytes_are_errors_where_they_are() {
    for (text, line, column) in [
        (&b"box \0"[..], 1, 5),
        (b"// c\0mment", 1, 5),
        (b"/* \n\n  \0 */", 3, 3),
        (b"/* // \0\n */", 1, 7),
        (b"\"a\nbc\0\"", 2, 3),
    ] {
        let mut lex = Lexer::new(text);
        let e = loop {
            match lex.next_token() {
                Ok(t) if t.kind == TokenKind::EndOfFile => panic!("no error in {text:?}"),
                Ok(_) => {}
                Err(e) => break e,
            }
        };
        assert_eq!(e.kind(), ErrorKind::NulByte);
        assert_eq!(at(&e), (line, column), "{text:?}");
        assert_position_consistent(text, &e);
    }
}

// ---------------------------------------------------------------- header and body

#[test]
fn header_must_be_the_first_seven_bytes() {
    for bad in [
        &b" TCOL1.0 attributes { static; } compound { }"[..],
        b"\xef\xbb\xbfTCOL1.0 attributes { static; } compound { }",
        b"TCOL1.1 attributes { static; } compound { }",
        b"tcol1.0",
        b"TCOL",
        b"",
        b"BCOL1.0\n",
    ] {
        let e = err_bytes(bad);
        assert_eq!(e.kind(), ErrorKind::BadHeader);
        assert_eq!((e.line(), e.column(), e.offset()), (1, 1, 0));
    }
    // Glued to what follows, as the lexer allows.
    ok("TCOL1.0attributes{static}compound{}");
    let e = err("TCOL1.05 attributes");
    assert_eq!(
        e.kind(),
        unexpected(Natural, Expected::Keyword(Keyword::Attributes))
    );
    assert_eq!(at(&e), (1, 8));
    let e = err("TCOL1.0");
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::EndOfFile, Expected::Keyword(Keyword::Attributes))
    );
    assert_eq!(at(&e), (1, 8));
    // `TCOL1.0` later in the file is the header token, out of place.
    let e = err("TCOL1.0 TCOL1.0");
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Tcol), Expected::Keyword(Keyword::Attributes))
    );
}

#[test]
fn body_is_compound_then_optional_trimesh_or_trimesh() {
    let mesh = "trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"m\"; } }";
    let t = ok(&file("static;", "compound { }"));
    assert!(t.has_compound() && t.trimesh().is_none() && t.shape_count() == 0);
    let t = ok(&file("static;", mesh));
    assert!(!t.has_compound() && t.trimesh().is_some());
    assert_eq!(t.shapes().count(), 0);
    let t = ok(&file("static;", &format!("compound {{ }} {mesh}")));
    assert!(t.has_compound() && t.trimesh().is_some());

    let e = err(&file("static;", ""));
    assert_eq!(e.kind(), unexpected(TokenKind::EndOfFile, Expected::Body));
    assert_eq!(at(&e), (4, 1));
    let e = err(&file("static;", "sphere { }"));
    assert_eq!(e.kind(), unexpected(kw(Keyword::Sphere), Expected::Body));
    let e = err(&file("static;", &format!("{mesh} compound {{ }}")));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Compound), Expected::EndOfFile)
    );
    assert_eq!(at(&e), (3, 68));
    let e = err(&file("static;", &format!("compound {{ }} {mesh} {mesh}")));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Trimesh), Expected::EndOfFile)
    );
    let e = err(&file("static;", "compound { } ;"));
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::Semicolon, Expected::TrimeshOrEndOfFile)
    );
    // Shapes are not separated by `;`.
    let e = err(&compound(
        "sphere { material \"m\"; centre 0 0 0; radius 1 }; sphere { material \"m\"; centre 0 0 0; radius 1 }",
    ));
    assert_eq!(e.kind(), unexpected(TokenKind::Semicolon, Expected::Shape));
    // Deep nesting fails at the second brace, without recursion.
    let deep = format!("{}{}", compound(""), "{".repeat(100_000));
    let e = err(&deep);
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::LeftBrace, Expected::TrimeshOrEndOfFile)
    );
    let deep = format!("TCOL1.0 attributes {}", "{".repeat(100_000));
    let e = err(&deep);
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::LeftBrace, Expected::Attribute)
    );
    assert_eq!(at(&e), (1, 21));
}

// ---------------------------------------------------------------- attributes

#[test]
fn attributes_with_defaults() {
    let t = ok(&file("static", "compound { }"));
    assert_eq!(t.attributes(), Attributes::STATIC);
    assert_eq!(
        Attributes::STATIC,
        Attributes {
            is_static: true,
            mass: 0.0,
            inertia: None,
            linear_damping: 0.5,
            angular_damping: 0.5,
            linear_sleep_threshold: 1.0,
            angular_sleep_threshold: 0.8,
            ccd_motion_threshold: 0.0,
            ccd_swept_sphere_radius: 0.0,
        }
    );
    let t = ok(&file("mass 30;", "compound { }"));
    assert_eq!(
        t.attributes(),
        Attributes {
            is_static: false,
            mass: 30.0,
            ..Attributes::STATIC
        }
    );
    let t = ok(&file(
        "ccd_swept_sphere_radius 0.05; inertia 1 2 3; angular_sleep_threshold 0.1; \
         linear_sleep_threshold 0.2; ccd_motion_threshold 0.31; angular_damping 0; \
         linear_damping 0.25; mass 1.5",
        "compound { }",
    ));
    assert_eq!(
        t.attributes(),
        Attributes {
            is_static: false,
            mass: 1.5,
            inertia: Some([1.0, 2.0, 3.0]),
            linear_damping: 0.25,
            angular_damping: 0.0,
            linear_sleep_threshold: 0.2,
            angular_sleep_threshold: 0.1,
            ccd_motion_threshold: 0.31,
            ccd_swept_sphere_radius: 0.05,
        }
    );
    // Sleep and CCD thresholds and inertia may be negative; the engine does not check.
    let t = ok(&file(
        "static; linear_sleep_threshold -1; angular_sleep_threshold -2; \
         ccd_motion_threshold -3; ccd_swept_sphere_radius -4; inertia -1 -2 -3",
        "compound { }",
    ));
    let a = t.attributes();
    assert_eq!(
        (
            a.linear_sleep_threshold,
            a.angular_sleep_threshold,
            a.ccd_motion_threshold
        ),
        (-1.0, -2.0, -3.0)
    );
    assert_eq!(
        (a.ccd_swept_sphere_radius, a.inertia),
        (-4.0, Some([-1.0, -2.0, -3.0]))
    );
}

#[test]
fn attribute_rules_and_their_positions() {
    let body = "compound { }";
    // Exactly one of static and mass; the error is at the second.
    let e = err(&file("mass 5; static;", body));
    assert_eq!((e.kind(), at(&e)), (ErrorKind::StaticWithMass, (2, 22)));
    let e = err(&file("static; mass 5;", body));
    assert_eq!((e.kind(), at(&e)), (ErrorKind::StaticWithMass, (2, 22)));
    let e = err(&file("static; static", body));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            ErrorKind::Duplicate {
                property: Keyword::Static
            },
            (2, 22)
        )
    );
    let e = err(&file("mass 1; mass 2", body));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            ErrorKind::Duplicate {
                property: Keyword::Mass
            },
            (2, 22)
        )
    );
    let e = err(&file("linear_damping 0.1;", body));
    assert_eq!(
        (e.kind(), at(&e)),
        (ErrorKind::NeitherStaticNorMass, (2, 34))
    );
    let e = err("TCOL1.0\nattributes { }\ncompound { }");
    assert_eq!(
        (e.kind(), at(&e)),
        (ErrorKind::NeitherStaticNorMass, (2, 14))
    );
    // Each attribute at most once.
    for (attr, k) in [
        ("inertia 1 1 1", Keyword::Inertia),
        ("linear_damping 1", Keyword::LinearDamping),
        ("angular_damping 1", Keyword::AngularDamping),
        ("linear_sleep_threshold 1", Keyword::LinearSleepThreshold),
        ("angular_sleep_threshold 1", Keyword::AngularSleepThreshold),
        ("ccd_motion_threshold 1", Keyword::CcdMotionThreshold),
        ("ccd_swept_sphere_radius 1", Keyword::CcdSweptSphereRadius),
    ] {
        let text = file(&format!("static; {attr}; {attr};"), body);
        let e = err(&text);
        assert_eq!(e.kind(), ErrorKind::Duplicate { property: k }, "{attr}");
        assert_eq!(e.offset(), text.rfind(k.as_str()).unwrap());
    }
    // Mass above 0; mass and the dampings not negative (the engine's positive float).
    let e = err(&file("mass 0.0;", body));
    assert_eq!((e.kind(), at(&e)), (ErrorKind::ZeroMass, (2, 19)));
    let e = err(&file("mass -0;", body));
    assert_eq!(e.kind(), ErrorKind::ZeroMass);
    let e = err(&file("mass -1;", body));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            ErrorKind::Negative {
                property: Keyword::Mass
            },
            (2, 19)
        )
    );
    for k in [Keyword::LinearDamping, Keyword::AngularDamping] {
        let e = err(&file(&format!("static; {k} -0.5;"), body));
        assert_eq!(e.kind(), ErrorKind::Negative { property: k });
    }
    ok(&file("static; linear_damping -0;", body));
    // List syntax: `;` between items, optional before `}`, never empty items.
    let e = err(&file(";", body));
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::Semicolon, Expected::Attribute)
    );
    let e = err(&file("static;;", body));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            unexpected(TokenKind::Semicolon, Expected::Attribute),
            (2, 21)
        )
    );
    let e = err(&file("static mass 1", body));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Mass), Expected::SemicolonOrRightBrace)
    );
    let e = err(&file("mass;", body));
    assert_eq!(e.kind(), unexpected(TokenKind::Semicolon, Expected::Number));
    let e = err(&file("static; inertia 1 2;", body));
    assert_eq!(e.kind(), unexpected(TokenKind::Semicolon, Expected::Number));
    let e = err(&file("static; margin 1;", body));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Margin), Expected::Attribute)
    );
    let e = err("TCOL1.0\nattributes static;");
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Static), Expected::LeftBrace)
    );
}

#[test]
fn numbers_are_the_written_values() {
    // Integers are read exactly (Grit wraps them at 32 bits): 2^32 + 2.
    let t = ok(&file("mass 4294967298;", "compound { }"));
    assert_eq!(t.attributes().mass, 4_294_967_298.0);
    // An integer-written first vertex coordinate is its value (Grit reads 0).
    let t = ok(&compound(
        "hull { material \"m\"; vertexes { 1 0 0; 2 3 4 } }",
    ));
    let Shape::Hull { vertices, .. } = &shapes(&t)[0] else {
        panic!()
    };
    assert_eq!(
        vertices.clone().collect::<Vec<_>>(),
        vec![[1.0, 0.0, 0.0], [2.0, 3.0, 4.0]]
    );
    // Rounded once, to nearest.
    let t = ok(&file(
        "mass 16777217; inertia 0.1 3.4028234e38 1e-45;",
        "compound { }",
    ));
    assert_eq!(t.attributes().mass, 16_777_216.0);
    assert_eq!(
        t.attributes().inertia,
        Some([0.1, f32::MAX, f32::from_bits(1)])
    );
    // Beyond f32: an error at the number, never infinity.
    for big in [
        "3.5e38",
        "1e39",
        "-1e39",
        "340282356779733661637539395458142568448",
    ] {
        let e = err(&file(
            &format!("static; inertia 0 {big} 0;"),
            "compound { }",
        ));
        assert_eq!(
            (e.kind(), at(&e)),
            (ErrorKind::NumberOutOfRange, (2, 32)),
            "{big}"
        );
    }
    // Underflow is zero, with its sign.
    let t = ok(&file("static; inertia 1e-50 -1e-50 0;", "compound { }"));
    let [a, b, _] = t.attributes().inertia.unwrap();
    assert_eq!(
        (a.to_bits(), b.to_bits()),
        (0.0f32.to_bits(), (-0.0f32).to_bits())
    );
}

// ---------------------------------------------------------------- shapes

#[test]
fn hull_properties_defaults_and_rules() {
    let shape = only_shape(&compound(
        "hull { margin 0.1; shrink 0.02; material \"/common/Metal\"; \
         vertexes { 0 0 0; 1 0 0; 0 1 0; 0 0 1; } }",
    ));
    let Shape::Hull {
        material,
        margin,
        shrink,
        vertices,
    } = shape.clone()
    else {
        panic!()
    };
    assert_eq!((material, margin, shrink), ("/common/Metal", 0.1, 0.02));
    assert_eq!(vertices.len(), 4);
    assert_eq!(
        vertices.collect::<Vec<_>>(),
        vec![
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 0.0, 1.0]
        ]
    );
    assert_eq!(
        (shape.kind(), shape.material(), shape.margin()),
        (ShapeKind::Hull, "/common/Metal", Some(0.1))
    );
    // Defaults; material after the vertices; no `;` before `}`.
    let Shape::Hull {
        material,
        margin,
        shrink,
        vertices,
    } = only_shape(&compound("hull { vertices { 1 2 3 } ; material \"m\" }"))
    else {
        panic!()
    };
    assert_eq!((material, margin, shrink), ("m", DEFAULT_MARGIN, 0.0));
    assert_eq!(vertices.collect::<Vec<_>>(), vec![[1.0, 2.0, 3.0]]);
    // An empty vertex list is accepted, as by the engine.
    let Shape::Hull { vertices, .. } =
        only_shape(&compound("hull { material \"m\"; vertexes { } }"))
    else {
        panic!()
    };
    assert_eq!(vertices.len(), 0);
    // Repeated material and margin: the last wins.
    let shape = only_shape(&compound(
        "hull { material \"a\"; margin 1; vertexes { 0 0 0 }; margin 2; material \"b\" }",
    ));
    assert_eq!((shape.material(), shape.margin()), ("b", Some(2.0)));

    let e = err(&compound(
        "hull { material \"m\"; vertexes { 0 0 0 }; shrink 0.1 }",
    ));
    assert_eq!(
        (e.kind(), at(&e)),
        (ErrorKind::ShrinkAfterVertexes, (3, 53))
    );
    let e = err(&compound(
        "hull { material \"m\"; vertexes { 0 0 0 }; vertexes { } }",
    ));
    assert_eq!((e.kind(), at(&e)), (ErrorKind::SecondVertexList, (3, 53)));
    let e = err(&compound("hull { material \"m\" }"));
    let missing = |shape, property| ErrorKind::MissingProperty { shape, property };
    assert_eq!(
        (e.kind(), at(&e)),
        (missing(ShapeKind::Hull, Keyword::Vertexes), (3, 32))
    );
    // Vertexes are checked before material, at the closing brace.
    let e = err(&compound("hull { }"));
    assert_eq!(
        (e.kind(), at(&e)),
        (missing(ShapeKind::Hull, Keyword::Vertexes), (3, 19))
    );
    let e = err(&compound("hull { vertexes { } }"));
    assert_eq!(e.kind(), missing(ShapeKind::Hull, Keyword::Material));
    let e = err(&compound(
        "hull { material \"m\"; shrink -0.04; vertexes { } }",
    ));
    assert_eq!(
        e.kind(),
        ErrorKind::Negative {
            property: Keyword::Shrink
        }
    );
    let e = err(&compound(
        "hull { material \"m\"; margin -1; vertexes { } }",
    ));
    assert_eq!(
        e.kind(),
        ErrorKind::Negative {
            property: Keyword::Margin
        }
    );
    let e = err(&compound("hull { centre 0 0 0 }"));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Centre), Expected::Property(ShapeKind::Hull))
    );
    let e = err(&compound("hull { material \"m\";; vertexes { } }"));
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::Semicolon, Expected::Property(ShapeKind::Hull))
    );
    // Vertex lists: three numbers per item.
    let e = err(&compound("hull { material \"m\"; vertexes { ; } }"));
    assert_eq!(e.kind(), unexpected(TokenKind::Semicolon, Expected::Vertex));
    let e = err(&compound("hull { material \"m\"; vertexes { 0 0 0;; } }"));
    assert_eq!(e.kind(), unexpected(TokenKind::Semicolon, Expected::Vertex));
    let e = err(&compound("hull { material \"m\"; vertexes { 0 0; } }"));
    assert_eq!(e.kind(), unexpected(TokenKind::Semicolon, Expected::Number));
    let e = err(&compound("hull { material \"m\"; vertexes { 0 0 0 0 } }"));
    assert_eq!(
        e.kind(),
        unexpected(Natural, Expected::SemicolonOrRightBrace)
    );
    let e = err(&compound("hull { material \"m\"; vertexes 0 0 0 }"));
    assert_eq!(e.kind(), unexpected(Natural, Expected::LeftBrace));
}

#[test]
fn box_and_cylinder_properties_defaults_and_rules() {
    for (word, kind) in [("box", ShapeKind::Box), ("cylinder", ShapeKind::Cylinder)] {
        let shape = only_shape(&compound(&format!(
            "{word} {{ margin 0; orientation 0.5 0.5 -0.5 0.5; dimensions 1 2 3; \
             centre -1 -2 -3; material \"mat\"; }}"
        )));
        assert_eq!(shape.kind(), kind);
        let expected_fields = (
            "mat",
            0.0,
            [-1.0, -2.0, -3.0],
            [0.5, 0.5, -0.5, 0.5],
            [1.0, 2.0, 3.0],
        );
        match shape {
            Shape::Box(b) | Shape::Cylinder(b) => {
                assert_eq!(
                    (b.material, b.margin, b.centre, b.orientation, b.dimensions),
                    expected_fields
                );
                assert_eq!(shape.box_like(), Some(b));
            }
            _ => panic!(),
        }
        let shape = only_shape(&compound(&format!(
            "{word} {{ material \"m\"; center 0 0 1; dimensions 1 1 1 }}"
        )));
        match shape {
            Shape::Box(b) | Shape::Cylinder(b) => {
                assert_eq!(
                    (b.margin, b.orientation, b.centre),
                    (DEFAULT_MARGIN, IDENTITY_ORIENTATION, [0.0, 0.0, 1.0])
                );
            }
            _ => panic!(),
        }
        let e = err(&compound(&format!(
            "{word} {{ centre 0 0 0; dimensions 1 1 1 }}"
        )));
        assert_eq!(
            e.kind(),
            ErrorKind::MissingProperty {
                shape: kind,
                property: Keyword::Material
            }
        );
        let e = err(&compound(&format!("{word} {{ material \"m\"; radius 1 }}")));
        assert_eq!(
            e.kind(),
            unexpected(kw(Keyword::Radius), Expected::Property(kind))
        );
        let e = err(&compound(&format!(
            "{word} {{ material \"m\"; orientation 1 0 0; }}"
        )));
        assert_eq!(e.kind(), unexpected(TokenKind::Semicolon, Expected::Number));
    }
    // Without centre and dimensions, a box names its centre first, a cylinder its
    // dimensions (the engine's order), at the closing brace.
    let e = err(&compound("box { material \"m\" }"));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            ErrorKind::MissingProperty {
                shape: ShapeKind::Box,
                property: Keyword::Centre
            },
            (3, 31)
        )
    );
    let e = err(&compound("cylinder { material \"m\" }"));
    assert_eq!(
        e.kind(),
        ErrorKind::MissingProperty {
            shape: ShapeKind::Cylinder,
            property: Keyword::Dimensions
        }
    );
    let e = err(&compound("cylinder { material \"m\"; dimensions 1 1 1 }"));
    assert_eq!(
        e.kind(),
        ErrorKind::MissingProperty {
            shape: ShapeKind::Cylinder,
            property: Keyword::Centre
        }
    );
    let e = err(&compound("box { material \"m\"; centre 0 0 0 }"));
    assert_eq!(
        e.kind(),
        ErrorKind::MissingProperty {
            shape: ShapeKind::Box,
            property: Keyword::Dimensions
        }
    );
}

#[test]
fn cone_properties_defaults_and_rules() {
    let shape = only_shape(&compound(
        "cone { height 0.83; radius 0.27; centre 0 0 0.435; material \"/common/PolishedWood\"; margin 0.01 }",
    ));
    assert_eq!(
        shape,
        Shape::Cone {
            material: "/common/PolishedWood",
            margin: 0.01,
            centre: [0.0, 0.0, 0.435],
            orientation: IDENTITY_ORIENTATION,
            radius: 0.27,
            height: 0.83,
        }
    );
    let missing = |property| ErrorKind::MissingProperty {
        shape: ShapeKind::Cone,
        property,
    };
    for (props, property) in [
        ("centre 0 0 0; radius 1; height 1", Keyword::Material),
        ("material \"m\"; radius 1; height 1", Keyword::Centre),
        ("material \"m\"; centre 0 0 0; height 1", Keyword::Radius),
        ("material \"m\"; centre 0 0 0; radius 1", Keyword::Height),
    ] {
        assert_eq!(
            err(&compound(&format!("cone {{ {props} }}"))).kind(),
            missing(property)
        );
    }
    let e = err(&compound("cone { material \"m\"; dimensions 1 1 1 }"));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Dimensions), Expected::Property(ShapeKind::Cone))
    );
}

#[test]
fn plane_and_sphere_take_a_fixed_order() {
    assert_eq!(
        only_shape(&compound(
            "plane { material \"m\"; normal 0 0 1; distance -2 }"
        )),
        Shape::Plane {
            material: "m",
            normal: [0.0, 0.0, 1.0],
            distance: -2.0
        }
    );
    assert_eq!(
        only_shape(&compound("plane{material\"m\";normal 0 0 1;distance 3;}")),
        Shape::Plane {
            material: "m",
            normal: [0.0, 0.0, 1.0],
            distance: 3.0
        }
    );
    assert_eq!(
        only_shape(&compound(
            "sphere { material \"m\"; center 1 2 3; radius 4; }"
        )),
        Shape::Sphere {
            material: "m",
            centre: [1.0, 2.0, 3.0],
            radius: 4.0
        }
    );
    let sphere = only_shape(&compound(
        "sphere { material \"m\"; centre 1 2 3; radius 4 }",
    ));
    assert_eq!((sphere.margin(), sphere.kind()), (None, ShapeKind::Sphere));
    assert_eq!(sphere.box_like(), None);
    let e = err(&compound(
        "sphere { centre 0 0 0; material \"m\"; radius 1 }",
    ));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            unexpected(kw(Keyword::Centre), Expected::Keyword(Keyword::Material)),
            (3, 21)
        )
    );
    let e = err(&compound(
        "sphere { material \"m\" centre 0 0 0; radius 1 }",
    ));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Centre), Expected::Semicolon)
    );
    let e = err(&compound(
        "sphere { material \"m\"; centre 0 0 0; radius 1;; }",
    ));
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::Semicolon, Expected::RightBrace)
    );
    let e = err(&compound(
        "sphere { material \"m\"; centre 0 0 0; radius 1 radius }",
    ));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Radius), Expected::SemicolonOrRightBrace)
    );
    let e = err(&compound("plane { material \"m\"; normal 0 0 1; }"));
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::RightBrace, Expected::Keyword(Keyword::Distance))
    );
    let e = err(&compound("plane { material 7; normal 0 0 1; distance 0 }"));
    assert_eq!(e.kind(), unexpected(Natural, Expected::String));
}

#[test]
fn shapes_come_in_file_order() {
    let t = ok(&compound(
        "sphere { material \"s\"; centre 0 0 0; radius 1 }\n\
         box { material \"b\"; centre 0 0 0; dimensions 1 1 1 }\n\
         hull { material \"h\"; vertexes { 0 0 0 } }\n\
         plane { material \"p\"; normal 0 0 1; distance 0 }\n\
         cone { material \"c\"; centre 0 0 0; radius 1; height 1 }\n\
         cylinder { material \"y\"; centre 0 0 0; dimensions 1 1 1 }\n\
         sphere { material \"s2\"; centre 0 0 0; radius 1 }",
    ));
    assert_eq!(t.shape_count(), 7);
    let got: Vec<_> = t.shapes().map(|s| (s.kind(), s.material())).collect();
    assert_eq!(
        got,
        vec![
            (ShapeKind::Sphere, "s"),
            (ShapeKind::Box, "b"),
            (ShapeKind::Hull, "h"),
            (ShapeKind::Plane, "p"),
            (ShapeKind::Cone, "c"),
            (ShapeKind::Cylinder, "y"),
            (ShapeKind::Sphere, "s2"),
        ]
    );
    let mut it = t.shapes();
    assert_eq!(it.len(), 7);
    it.next();
    assert_eq!(it.size_hint(), (6, Some(6)));
    assert_eq!(it.by_ref().count(), 6);
    assert!(it.next().is_none());
}

// ---------------------------------------------------------------- trimesh

#[test]
fn static_trimesh_head_and_values() {
    let t = ok(&file(
        "static;",
        "trimesh {\r\n edge_distance_threshold 0.01;\r\n vertices { -690.66 345.33 0; 690.66 345.33 0;\r\n\
         -690.66 -345.33 0; 690.66 -345.33 0 }\r\n faces { 0 2 3 \"/common/pmat/Stone\"; 0 3 1 \"Grass\"; }\r\n}",
    ));
    let mesh = t.trimesh().unwrap();
    assert_eq!(
        (mesh.margin, mesh.edge_distance_threshold),
        (STATIC_TRIMESH_MARGIN, 0.01)
    );
    assert_eq!((mesh.vertex_count(), mesh.face_count()), (4, 2));
    assert_eq!(
        mesh.vertices().collect::<Vec<_>>(),
        vec![
            [-690.66, 345.33, 0.0],
            [690.66, 345.33, 0.0],
            [-690.66, -345.33, 0.0],
            [690.66, -345.33, 0.0]
        ]
    );
    assert_eq!(
        mesh.faces().collect::<Vec<_>>(),
        vec![
            Face {
                indices: [0, 2, 3],
                material: "/common/pmat/Stone"
            },
            Face {
                indices: [0, 3, 1],
                material: "Grass"
            },
        ]
    );
    let t = ok(&file("static;", "trimesh { vertexes { } faces { } }"));
    let mesh = t.trimesh().unwrap();
    assert_eq!(
        (
            mesh.margin,
            mesh.edge_distance_threshold,
            mesh.vertex_count(),
            mesh.face_count()
        ),
        (0.0, DEFAULT_EDGE_DISTANCE_THRESHOLD, 0, 0)
    );

    let mesh = |head: &str| {
        file(
            "static;",
            &format!("trimesh {{ {head} vertexes {{ 0 0 0 }} faces {{ }} }}"),
        )
    };
    let e = err(&mesh(
        "edge_distance_threshold 1; edge_distance_threshold 2;",
    ));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            ErrorKind::Duplicate {
                property: Keyword::EdgeDistanceThreshold
            },
            (3, 38)
        )
    );
    let e = err(&mesh("edge_distance_threshold 1"));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Vertexes), Expected::Semicolon)
    );
    let e = err(&mesh("edge_distance_threshold -1;"));
    assert_eq!(
        e.kind(),
        ErrorKind::Negative {
            property: Keyword::EdgeDistanceThreshold
        }
    );
    let e = err(&mesh("margin 0;"));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            unexpected(kw(Keyword::Margin), Expected::StaticTrimeshHead),
            (3, 11)
        )
    );
    let e = err(&file("static;", "trimesh { faces { } vertexes { } }"));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Faces), Expected::StaticTrimeshHead)
    );
    let e = err(&file("static;", "trimesh { vertexes { } }"));
    assert_eq!(
        e.kind(),
        unexpected(TokenKind::RightBrace, Expected::Keyword(Keyword::Faces))
    );
    let e = err(&file("static;", "trimesh { vertexes { } faces { } "));
    assert_eq!(
        (e.kind(), at(&e)),
        (
            unexpected(TokenKind::EndOfFile, Expected::RightBrace),
            (4, 1)
        )
    );
}

#[test]
fn dynamic_trimesh_head_and_values() {
    let t = ok(&file(
        "mass 1;",
        "trimesh { margin 0.2; vertexes { 0 0 0 } faces { 0 0 0 \"m\" } }",
    ));
    let mesh = t.trimesh().unwrap();
    assert_eq!(
        (mesh.margin, mesh.edge_distance_threshold),
        (0.2, DEFAULT_EDGE_DISTANCE_THRESHOLD)
    );
    let t = ok(&file("mass 1;", "trimesh { vertexes { } faces { } }"));
    assert_eq!(t.trimesh().unwrap().margin, DEFAULT_MARGIN);
    let e = err(&file(
        "mass 1;",
        "trimesh { margin 0.2 vertexes { } faces { } }",
    ));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Vertexes), Expected::Semicolon)
    );
    let e = err(&file("mass 1;", "trimesh { margin 0.2; faces { } }"));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Faces), Expected::Keyword(Keyword::Vertexes))
    );
    let e = err(&file(
        "mass 1;",
        "trimesh { margin 0.2; margin 0.2; vertexes { } faces { } }",
    ));
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Margin), Expected::Keyword(Keyword::Vertexes))
    );
    let e = err(&file(
        "mass 1;",
        "trimesh { edge_distance_threshold 0.1; vertexes { } faces { } }",
    ));
    assert_eq!(
        e.kind(),
        unexpected(
            kw(Keyword::EdgeDistanceThreshold),
            Expected::DynamicTrimeshHead
        )
    );
}

#[test]
fn face_rules() {
    let with_faces = |faces: &str| {
        file(
            "static;",
            &format!("trimesh {{ vertexes {{ 0 0 0; 1 0 0; 0 1 0 }} faces {{ {faces} }} }}"),
        )
    };
    let t = ok(&with_faces("2 1 0 \"a\"; 0 0 0 \"\""));
    assert_eq!(
        t.trimesh().unwrap().faces().collect::<Vec<_>>(),
        vec![
            Face {
                indices: [2, 1, 0],
                material: "a"
            },
            Face {
                indices: [0, 0, 0],
                material: ""
            }
        ]
    );
    let cases = [
        (
            "0 1 3 \"m\"",
            ErrorKind::IndexOutOfRange {
                index: Some(3),
                vertex_count: 3,
            },
            56,
        ),
        (
            "3 1 2 \"m\"",
            ErrorKind::IndexOutOfRange {
                index: Some(3),
                vertex_count: 3,
            },
            52,
        ),
        (
            "0 1 99999999999999999999 \"m\"",
            ErrorKind::IndexOutOfRange {
                index: None,
                vertex_count: 3,
            },
            56,
        ),
        (
            "0 1 18446744073709551615 \"m\"",
            ErrorKind::IndexOutOfRange {
                index: Some(u64::MAX),
                vertex_count: 3,
            },
            56,
        ),
        ("0 1 -2 \"m\"", unexpected(Float, Expected::Natural), 56),
        ("0 1 2.0 \"m\"", unexpected(Float, Expected::Natural), 56),
        ("0 1 0x2 \"m\"", unexpected(Hex, Expected::Natural), 56),
        ("-0 1 2 \"m\"", unexpected(Float, Expected::Face), 52),
        (
            "0 1 2",
            unexpected(TokenKind::RightBrace, Expected::FaceMaterial),
            58,
        ),
        ("0 1 2 0x7", unexpected(Hex, Expected::FaceMaterial), 58),
        (
            "0 1 2 \"m\";;",
            unexpected(TokenKind::Semicolon, Expected::Face),
            62,
        ),
        (";", unexpected(TokenKind::Semicolon, Expected::Face), 52),
        (
            "0 1 2 \"m\" 0 1 2 \"m\"",
            unexpected(Natural, Expected::SemicolonOrRightBrace),
            62,
        ),
    ];
    for (faces, kind, column) in cases {
        let e = err(&with_faces(faces));
        assert_eq!((e.kind(), at(&e)), (kind, (3, column)), "{faces}");
    }
    // No vertices: every index is out of range.
    let e = err(&file(
        "static;",
        "trimesh { vertexes { } faces { 0 0 0 \"m\" } }",
    ));
    assert_eq!(
        e.kind(),
        ErrorKind::IndexOutOfRange {
            index: Some(0),
            vertex_count: 0
        }
    );
}

// ---------------------------------------------------------------- materials and strings

#[test]
fn materials_are_borrowed_utf8() {
    let text =
        compound("sphere { material \"Stein/Ø \u{1F600}\r\nline2\"; centre 0 0 0; radius 1 }");
    let t = Tcol::parse_str(&text, Options::STRICT).unwrap();
    let Shape::Sphere { material, .. } = t.shapes().next().unwrap() else {
        panic!()
    };
    assert_eq!(material, "Stein/Ø \u{1F600}\r\nline2");
    // Borrowed from the text, not copied.
    let range = text.as_ptr() as usize..text.as_ptr() as usize + text.len();
    assert!(range.contains(&(material.as_ptr() as usize)));

    let mut bytes =
        compound("sphere { material \"ab\ncd?\"; centre 0 0 0; radius 1 }").into_bytes();
    let q = bytes.iter().position(|&b| b == b'?').unwrap();
    bytes[q] = 0xff;
    let e = err_bytes(&bytes);
    assert_eq!(
        (e.kind(), at(&e), e.offset()),
        (ErrorKind::InvalidUtf8, (4, 3), q)
    );
    let mut bytes = compound("sphere { material \"abc?\"; centre 0 0 0; radius 1 }").into_bytes();
    let q = bytes.iter().position(|&b| b == b'?').unwrap();
    bytes[q] = 0xc3; // a truncated two-byte sequence
    let e = err_bytes(&bytes);
    assert_eq!((e.kind(), at(&e)), (ErrorKind::InvalidUtf8, (3, 34)));
    // Outside strings, a non-ASCII byte is a bad token.
    let mut bytes = compound("? sphere").into_bytes();
    let q = bytes.iter().position(|&b| b == b'?').unwrap();
    bytes[q] = 0xe9;
    let e = err_bytes(&bytes);
    assert_eq!(e.kind(), unexpected(Unknown(0xe9), Expected::Shape));
    assert_eq!(
        e.to_string(),
        "line 3, column 12: expected `hull`, `box`, `cylinder`, `cone`, `plane`, `sphere` or `}`, found the bad byte 0xe9"
    );
}

// ---------------------------------------------------------------- conformance values

#[test]
fn accepted_conformance_files_have_the_written_values() {
    let f = tcol::read("s01_plane_no_final_semi.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    assert_eq!(
        t.shapes().collect::<Vec<_>>(),
        vec![Shape::Plane {
            material: "/common/pmat/Stone",
            normal: [0.0, 0.0, 1.0],
            distance: 0.0
        }]
    );
    let f = tcol::read("s03_synonyms_center_vertices.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    assert_eq!(t.attributes().mass, 2.0);
    let s: Vec<_> = t.shapes().collect();
    let Shape::Hull { vertices, .. } = &s[0] else {
        panic!()
    };
    assert_eq!(vertices.len(), 4);
    assert_eq!(vertices.clone().nth(1), Some([1.0, 0.0, 0.0]));
    let Shape::Box(b) = s[1] else { panic!() };
    assert_eq!((b.centre, b.dimensions), ([0.0; 3], [1.0; 3]));
    let f = tcol::read("s04_keyword_glued_to_number.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    assert_eq!(t.attributes().mass, 30.0);
    let f = tcol::read("s05_double_dot_number.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    let Shape::Hull { vertices, .. } = t.shapes().next().unwrap() else {
        panic!()
    };
    assert_eq!(
        vertices.collect::<Vec<_>>(),
        vec![[1.2, 0.3, 4.0], [0.0; 3], [1.0; 3], [0.0, 1.0, 0.0]]
    );
    let f = tcol::read("s16_duplicate_box_props.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    assert_eq!(
        t.shapes().next().unwrap(),
        Shape::Box(BoxLike {
            material: "b",
            margin: 0.2,
            centre: [1.0; 3],
            orientation: IDENTITY_ORIENTATION,
            dimensions: [1.0; 3]
        })
    );
    let f = tcol::read("s20_string_with_newline_and_crlf.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    assert_eq!(t.shapes().next().unwrap().material(), "a\r\nb");
    let f = tcol::read("s29_exponent_forms.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    let a = t.attributes();
    assert_eq!(
        (a.mass, a.linear_damping, a.angular_damping),
        (100.0, 0.5, 5.0)
    );
    let Shape::Sphere { centre, radius, .. } = t.shapes().next().unwrap() else {
        panic!()
    };
    assert_eq!((centre, radius), ([-3.39536e-5, 1.0, -0.0], 1.0));
    assert!(centre[2].is_sign_negative());
    let f = tcol::read("s30_unterminated_block_comment.tcol");
    assert!(Tcol::parse(&f, Options::STRICT).unwrap().has_compound());
    let f = tcol::read("s32_missing_trailing_newline_eof_after_brace.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    let face = t.trimesh().unwrap().faces().next().unwrap();
    assert_eq!(
        face,
        Face {
            indices: [0, 1, 2],
            material: ""
        }
    );
}

// ---------------------------------------------------------------- lints

#[test]
fn shape_lints_with_positions() {
    let t = ok(&compound(
        "sphere { material \"m\"; centre 0 0 0; radius -1 }\n\
         cone { material \"m\"; centre 0 0 0; radius 0; height -2; orientation 1 1 0 0 }\n\
         box { material \"m\"; centre 0 0 0; dimensions 0 1 -1 }\n\
         cylinder { material \"m\"; centre 0 0 0; dimensions 0.5 2 3; orientation 2 0 0 0 }\n\
         plane { material \"m\"; normal 0 0 2; distance 0 }\n\
         plane { material \"m\"; normal 0.6 0.8 0; distance 0 }\n\
         hull { material \"m\"; vertexes { } }\n\
         box { material \"m\"; centre 0 0 0; dimensions 1 1 1; orientation 0.70710678 0 0 0.70710678 }",
    ));
    let got: Vec<_> = lints(&t)
        .into_iter()
        .map(|l| (l.position.line, l.position.column, l.shape, l.kind))
        .collect();
    use LintKind as L;
    let size = |shape, size, value| L::NonPositiveSize { shape, size, value };
    assert_eq!(
        got,
        vec![
            (3, 12, Some(0), size(ShapeKind::Sphere, Size::Radius, -1.0)),
            (4, 1, Some(1), size(ShapeKind::Cone, Size::Radius, 0.0)),
            (4, 1, Some(1), size(ShapeKind::Cone, Size::Height, -2.0)),
            (
                4,
                1,
                Some(1),
                L::NonUnitOrientation {
                    shape: ShapeKind::Cone,
                    length_squared: 2.0
                }
            ),
            (5, 1, Some(2), size(ShapeKind::Box, Size::DimensionX, 0.0)),
            (5, 1, Some(2), size(ShapeKind::Box, Size::DimensionZ, -1.0)),
            (6, 1, Some(3), L::CylinderXyDiffer { x: 0.5, y: 2.0 }),
            (
                6,
                1,
                Some(3),
                L::NonUnitOrientation {
                    shape: ShapeKind::Cylinder,
                    length_squared: 4.0
                }
            ),
            (
                7,
                1,
                Some(4),
                L::NonUnitNormal {
                    length_squared: 4.0
                }
            ),
        ]
    );
    let text: Vec<String> = lints(&t).iter().map(ToString::to_string).collect();
    assert_eq!(
        text[0],
        "line 3, column 12, shape 0: sphere radius is -1, not above 0: the engine hands it to \
         Bullet unchecked, and what Bullet then does is not documented; give a size above 0"
    );
    assert_eq!(
        text[6],
        "line 6, column 1, shape 3: cylinder x and y dimensions differ (0.5 and 2): the engine \
         builds a Z cylinder of radius x / 2 and ignores y; make y equal to x"
    );
    // The conformance cylinder.
    let f = tcol::read("s31_cylinder_unequal_xy.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    let kinds: Vec<_> = t.lints().map(|l| l.kind).collect();
    assert_eq!(
        kinds,
        vec![
            L::CylinderXyDiffer { x: 0.5, y: 2.0 },
            L::NonUnitOrientation {
                shape: ShapeKind::Cylinder,
                length_squared: 4.0
            }
        ]
    );
    let f = tcol::read("s18_negative_radius_and_sleep.tcol");
    let t = Tcol::parse(&f, Options::STRICT).unwrap();
    assert_eq!(
        t.lints().map(|l| l.kind).collect::<Vec<_>>(),
        vec![size(ShapeKind::Sphere, Size::Radius, -1.0)]
    );
}

#[test]
fn trimesh_lints() {
    let text = file(
        "mass 2;",
        "trimesh {\n vertexes { 0 0 0; 1 0 0; 0 1 0; 2 0 0; 1 0 0; 5 5 5 }\n\
         faces {\n 0 1 2 \"m\";\n 0 0 1 \"m\";\n 0 1 3 \"m\";\n 1 4 2 \"m\";\n 2 0 1 \"m\";\n 1 0 2 \"m\" }\n}",
    );
    let t = ok(&text);
    let got: Vec<_> = lints(&t)
        .into_iter()
        .map(|l| (l.position.line, l.position.column, l.kind))
        .collect();
    assert_eq!(
        got,
        vec![
            (3, 1, LintKind::DynamicTrimesh),
            (
                7,
                2,
                LintKind::RepeatedIndex {
                    face: 1,
                    indices: [0, 0, 1]
                }
            ),
        ]
    );
    assert_eq!(t.mesh_scratch_len(), 6 + 6);
    let got: Vec<_> = mesh_lints(&t)
        .into_iter()
        .map(|l| (l.position.line, l.position.column, l.kind))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                8,
                2,
                LintKind::ZeroAreaFace {
                    face: 2,
                    indices: [0, 1, 3]
                }
            ),
            (
                9,
                2,
                LintKind::ZeroAreaFace {
                    face: 3,
                    indices: [1, 4, 2]
                }
            ),
            (10, 2, LintKind::DuplicateFace { face: 4, first: 0 }),
            (11, 2, LintKind::DuplicateFace { face: 5, first: 0 }),
            (4, 48, LintKind::UnreferencedVertex { vertex: 5 }),
        ]
    );
    // Scratch too small.
    let mut scratch = vec![[0u32; 4]; 11];
    assert_eq!(
        t.mesh_lints(&mut scratch).unwrap_err(),
        StorageTooSmall {
            needed: 12,
            available: 11
        }
    );
    // A static body's mesh is not linted as dynamic; a file without a mesh has no mesh lints.
    let t = ok(&file(
        "static;",
        "trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0 } faces { 0 1 2 \"m\" } }",
    ));
    assert!(lints(&t).is_empty());
    assert!(mesh_lints(&t).is_empty());
    let t = ok(&compound(""));
    assert_eq!(t.mesh_scratch_len(), 0);
    assert!(t.mesh_lints(&mut []).unwrap().next().is_none());
}

/// Every lint kind says what the engine does (or that it is not documented) and what
/// to do, in one line (docs/formats/grit.md, "What the engine does with each lint").
#[test]
fn every_lint_kind_says_what_the_engine_does_and_what_to_do() {
    let cases = [
        (
            LintKind::NonPositiveSize {
                shape: ShapeKind::Cone,
                size: Size::Height,
                value: -2.0,
            },
            "cone height is -2, not above 0: the engine hands it to Bullet unchecked, and what \
             Bullet then does is not documented; give a size above 0",
        ),
        (
            LintKind::NonUnitOrientation {
                shape: ShapeKind::Box,
                length_squared: 4.0,
            },
            "box orientation is not a unit quaternion (squared length 4): Bullet divides by its \
             squared length, so the shape turns as by the normalised quaternion; write it \
             normalised",
        ),
        (
            LintKind::NonUnitOrientation {
                shape: ShapeKind::Cone,
                length_squared: 0.0,
            },
            "cone orientation is not a unit quaternion (squared length 0): Bullet divides by its \
             squared length, so the rotation is not finite; write a unit quaternion (w x y z)",
        ),
        (
            LintKind::NonUnitNormal {
                length_squared: 0.25,
            },
            "plane normal is not unit length (squared length 0.25): Bullet makes it unit length \
             and keeps the distance, so the plane lies at n/|n| · x = d; write a unit normal",
        ),
        (
            LintKind::NonUnitNormal {
                length_squared: 0.0,
            },
            "plane normal is not unit length (squared length 0): Bullet divides by its length, so \
             the plane is not finite; write a unit normal",
        ),
        (
            LintKind::CylinderXyDiffer { x: 1.0, y: 3.0 },
            "cylinder x and y dimensions differ (1 and 3): the engine builds a Z cylinder of \
             radius x / 2 and ignores y; make y equal to x",
        ),
        (
            LintKind::DynamicTrimesh,
            "trimesh in a dynamic body: the engine skips it (\"Dynamic trimesh not supported\"), \
             so only the compound collides; make the body static, or use hulls",
        ),
        (
            LintKind::RepeatedIndex {
                face: 4,
                indices: [1, 1, 2],
            },
            "face 4 [1, 1, 2] repeats a vertex: the engine hands it to Bullet, where a face \
             without area has nothing to collide with; remove it",
        ),
        (
            LintKind::ZeroAreaFace {
                face: 5,
                indices: [0, 1, 3],
            },
            "face 5 [0, 1, 3] has no area: the engine hands it to Bullet, where it has nothing \
             to collide with; remove it",
        ),
        (
            LintKind::DuplicateFace { face: 6, first: 2 },
            "face 6 has the same vertices as face 2: the engine loads both, and the copy adds \
             nothing to collide with; remove it",
        ),
        (
            LintKind::UnreferencedVertex { vertex: 9 },
            "vertex 9 is used by no face: the engine loads it and never uses it; remove it",
        ),
        (
            LintKind::MissingAttributes,
            "no attributes block (the 2009 format description allows this, Grit's parser rejects \
             it): read as a static body with default attributes; add `attributes { static; }`",
        ),
        (
            LintKind::HexFaceMaterial { count: 1 },
            "hex face flags instead of a material (the 2009 format description's and Grit's \
             early parser's form, its parser today rejects it): kept as the material name; write \
             a material string",
        ),
        (
            LintKind::StaticTrimeshMargin,
            "margin in a static body's trimesh (the 2009 format description allows this, Grit's \
             parser rejects it): read as given; remove it (a static trimesh's margin is 0)",
        ),
    ];
    for (kind, text) in cases {
        assert_eq!(kind.to_string(), text);
        assert!(!text.contains('\n'), "{text}");
    }
}

/// Each strict-only error of the old dialect says where the dialect comes from, with
/// its position, and a lenient read takes it; other errors at the same places do not.
#[test]
fn old_dialect_errors_say_how_to_read_the_file() {
    let cases = [
        (
            "TCOL1.0\ncompound { }",
            "line 2, column 1: expected `attributes`, found `compound` (the 2009 format \
             description allows this, as a static body; Grit's parser rejects it)",
        ),
        (
            "TCOL1.0\ntrimesh { vertexes { 0 0 0; 1 0 0; 0 1 0 } faces { 0 1 2 \"m\" } }",
            "line 2, column 1: expected `attributes`, found `trimesh` (the 2009 format \
             description allows this, as a static body; Grit's parser rejects it)",
        ),
        (
            "TCOL1.0 attributes { static; }\n\
             trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0 } faces { 0 1 2 0x7 } }",
            "line 2, column 58: expected a quoted string (the face's material), found a hex flag \
             (the 2009 format description and Grit's early parser have hex face flags, as the material name; its parser today rejects them)",
        ),
        (
            "TCOL1.0 attributes { static; }\ntrimesh { margin 0.1; vertexes { } faces { } }",
            "line 2, column 11: expected `edge_distance_threshold` or `vertexes` (a static \
             body's trimesh has no margin), found `margin` (the 2009 format description allows this, Grit's parser rejects it)",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(err(text).to_string(), message);
        assert!(Tcol::parse_str(text, Options::LENIENT).is_ok(), "{text}");
    }
    // What a lenient read refuses too says nothing of the old dialect.
    for text in [
        "TCOL1.0\nhull { }",
        &compound("sphere { material 0x7; centre 0 0 0; radius 1 }"),
        "TCOL1.0 attributes { mass 1; }\ntrimesh { edge_distance_threshold 1; vertexes { } faces { } }",
    ] {
        let e = err(text);
        assert!(!e.to_string().contains("2009"), "{e}");
        assert!(Tcol::parse_str(text, Options::LENIENT).is_err(), "{text}");
    }
    assert_eq!(
        err(&compound("sphere { material 0x7; centre 0 0 0; radius 1 }"))
            .kind()
            .to_string(),
        "expected a quoted string, found a hex flag"
    );
}

// ---------------------------------------------------------------- lenient dialects

/// The seed's 2009 example: no attributes, hex face flags, a trimesh margin.
const OLD_DIALECT: &str = r#"TCOL1.0
trimesh {
    margin 0.1;
    vertexes {
        -690.66  345.33 0;
         690.66  345.33 0;
        -690.66 -345.33 0;
         690.66 -345.33 0;
    }
    faces {
        0 2 3 0x7;
        0 3 1 0x7;
    }
}
"#;

#[test]
fn lenient_reads_the_old_dialect_and_says_so() {
    let e = err(OLD_DIALECT);
    assert_eq!(
        (e.kind(), at(&e)),
        (
            unexpected(kw(Keyword::Trimesh), Expected::Keyword(Keyword::Attributes)),
            (2, 1)
        )
    );
    let t = Tcol::parse_str(OLD_DIALECT, Options::LENIENT).unwrap();
    assert_eq!(t.attributes(), Attributes::STATIC);
    let mesh = t.trimesh().unwrap();
    assert_eq!(mesh.margin, 0.1);
    assert_eq!(
        mesh.faces().collect::<Vec<_>>(),
        vec![
            Face {
                indices: [0, 2, 3],
                material: "0x7"
            },
            Face {
                indices: [0, 3, 1],
                material: "0x7"
            }
        ]
    );
    // Each rule once, at its first use; the hex flags on 2 faces.
    let tolerated: Vec<_> = t
        .tolerated()
        .map(|t| (t.kind, t.position.line, t.position.column))
        .collect();
    assert_eq!(
        tolerated,
        vec![
            (LintKind::MissingAttributes, 2, 1),
            (LintKind::HexFaceMaterial { count: 2 }, 11, 9),
            (LintKind::StaticTrimeshMargin, 3, 5),
        ]
    );
    assert!(
        t.tolerated()
            .all(|l| l.kind.is_tolerated() && l.shape.is_none())
    );
    assert_eq!(
        t.tolerated().nth(1).unwrap().to_string(),
        "line 11, column 9: hex face flags instead of a material (the 2009 format description's \
         and Grit's early parser's form, its parser today rejects it): kept as the material name \
         (2 times); write a material string"
    );
    // lints() lists them first, then what a strict read would lint too.
    let lints: Vec<_> = t.lints().collect();
    assert_eq!(lints[..3], t.tolerated().collect::<Vec<_>>()[..]);
    assert!(lints[3..].iter().all(|l| !l.kind.is_tolerated()));
    // With the attributes present, only the other two are tolerated.
    let text = OLD_DIALECT.replacen("TCOL1.0\n", "TCOL1.0\nattributes { static }\n", 1);
    let t = Tcol::parse_str(&text, Options::LENIENT).unwrap();
    assert!(t.tolerated().all(|l| l.kind != LintKind::MissingAttributes));
    assert_eq!(t.tolerated().count(), 2);
    // Still one margin at most, and a dynamic body's trimesh head is unchanged.
    let e = Tcol::parse_str(
        &text.replacen("margin 0.1;", "margin 0.1; margin 0.2;", 1),
        Options::LENIENT,
    )
    .unwrap_err();
    assert_eq!(
        e.kind(),
        ErrorKind::Duplicate {
            property: Keyword::Margin
        }
    );
    // A missing block is only tolerated before a body.
    let e = Tcol::parse_str("TCOL1.0 static;", Options::LENIENT).unwrap_err();
    assert_eq!(
        e.kind(),
        unexpected(kw(Keyword::Static), Expected::Keyword(Keyword::Attributes))
    );
    // Hex is never a shape material.
    let e = Tcol::parse_str(
        &compound("sphere { material 0x7; centre 0 0 0; radius 1 }"),
        Options::LENIENT,
    )
    .unwrap_err();
    assert_eq!(e.kind(), unexpected(Hex, Expected::String));
    assert!(Options::default() == Options::STRICT && Options::LENIENT.accept_old_dialects);
}

// ---------------------------------------------------------------- hostile text

#[test]
fn million_digit_numbers() {
    let digits = "9".repeat(1_000_000);
    let e = err(&file(&format!("mass {digits};"), "compound { }"));
    assert_eq!((e.kind(), at(&e)), (ErrorKind::NumberOutOfRange, (2, 19)));
    // Exactly representable once scaled: 1 followed by a million zeros, e-1000000.
    let one = format!("1{}e-1000000", "0".repeat(1_000_000));
    let t = ok(&file(&format!("mass {one};"), "compound { }"));
    assert_eq!(t.attributes().mass, 1.0);
    let tiny = format!("0.{}1", "0".repeat(1_000_000));
    let t = ok(&file(
        &format!("static; inertia {tiny} {tiny} 1;"),
        "compound { }",
    ));
    assert_eq!(t.attributes().inertia, Some([0.0, 0.0, 1.0]));
    let e = err(&file(
        "static;",
        &format!("trimesh {{ vertexes {{ 0 0 0 }} faces {{ 0 0 {digits} \"m\" }} }}"),
    ));
    assert_eq!(
        e.kind(),
        ErrorKind::IndexOutOfRange {
            index: None,
            vertex_count: 1
        }
    );
}

#[test]
fn unterminated_strings_and_comments() {
    let e = err(&compound("sphere { material \"m; centre 0 0 0; radius 1 }"));
    assert_eq!(
        (e.kind(), at(&e)),
        (unexpected(Unknown(b'"'), Expected::String), (3, 30))
    );
    let e = err(&format!(
        "{}/* {}",
        file("static;", "compound {"),
        "x".repeat(100_000)
    ));
    assert_eq!(e.kind(), unexpected(TokenKind::EndOfFile, Expected::Shape));
    assert_eq!(
        e.offset(),
        file("static;", "compound {").len() + 3 + 100_000
    );
    // A long comment or token is fine (the engine aborts past 64 KiB).
    let long = format!("// {}\n", "c".repeat(200_000));
    ok(&format!("{}{long}", compound("")));
    let material = "m".repeat(200_000);
    let t = ok(&compound(&format!(
        "sphere {{ material \"{material}\"; centre 0 0 0; radius 1 }}"
    )));
    assert_eq!(t.shapes().next().unwrap().material().len(), 200_000);
}

#[test]
fn nul_and_garbage_give_positioned_errors() {
    let mut bytes = compound("sphere { material \"m\"; centre 0 0 0; radius 1 }").into_bytes();
    // Between tokens (inside a word, the word's first letters would be a bad token).
    let i = bytes.windows(6).position(|w| w == b"radius").unwrap() - 1;
    bytes[i] = 0;
    let e = err_bytes(&bytes);
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NulByte, i));
    // After an otherwise complete file, a NUL still is an error (the engine stops there).
    let mut bytes = compound("").into_bytes();
    bytes.extend_from_slice(b"\0garbage");
    let e = err_bytes(&bytes);
    assert_eq!((e.kind(), at(&e)), (ErrorKind::NulByte, (4, 1)));
    let e = err_bytes(b"TCOL1.0\xff\xfe");
    assert_eq!(
        (e.kind(), at(&e)),
        (
            unexpected(Unknown(0xff), Expected::Keyword(Keyword::Attributes)),
            (1, 8)
        )
    );
}

/// A 1 MB terrain-like mesh: parsed, then iterated in full with its values checked.
#[test]
fn megabyte_trimesh_needs_no_buffer() {
    let n = 120usize; // (n+1)² vertices, 2n² faces
    let mut text =
        String::from("TCOL1.0\r\nattributes {\r\n\tstatic;\r\n}\r\ntrimesh {\r\n\tvertexes {\r\n");
    let vertex = |i: usize, j: usize| {
        [
            i as f32 * 1.5 - 90.0,
            j as f32 * -0.25,
            ((i * 7 + j * 3) % 11) as f32 * 1e-3,
        ]
    };
    for i in 0..=n {
        for j in 0..=n {
            let [x, y, z] = vertex(i, j);
            text.push_str(&format!("\t\t{x:e} {y} {z:E};\r\n"));
        }
    }
    text.push_str("\t}\r\n\tfaces {\r\n");
    let id = |i: usize, j: usize| (i * (n + 1) + j) as u32;
    let mut faces = Vec::new();
    for i in 0..n {
        for j in 0..n {
            faces.push([id(i, j), id(i + 1, j), id(i + 1, j + 1)]);
            faces.push([id(i, j), id(i + 1, j + 1), id(i, j + 1)]);
        }
    }
    for (k, f) in faces.iter().enumerate() {
        let m = if k % 3 == 0 {
            "/common/pmat/Stone"
        } else {
            "Grass"
        };
        text.push_str(&format!("\t\t{} {} {} \"{m}\";\r\n", f[0], f[1], f[2]));
    }
    text.push_str("\t}\r\n}\r\n");
    assert!(text.len() > 1_000_000, "{}", text.len());

    let t = ok(&text);
    let mesh = t.trimesh().unwrap();
    assert_eq!(
        (mesh.vertex_count(), mesh.face_count()),
        ((n + 1) * (n + 1), 2 * n * n)
    );
    let mut count = 0;
    for (k, v) in mesh.vertices().enumerate() {
        assert_eq!(v, vertex(k / (n + 1), k % (n + 1)));
        count += 1;
    }
    assert_eq!(count, (n + 1) * (n + 1));
    let mut count = 0;
    for (k, face) in mesh.faces().enumerate() {
        assert_eq!(face.indices, faces[k]);
        assert_eq!(
            face.material,
            if k % 3 == 0 {
                "/common/pmat/Stone"
            } else {
                "Grass"
            }
        );
        count += 1;
    }
    assert_eq!(count, faces.len());
    assert_eq!(t.lints().count(), 0);
    assert_eq!(mesh_lints(&t).len(), 0);
}
