//! Grit TCOL cases on `samples/body.tcol` (a crate on a post: a dynamic body with
//! a hull, a turned box, a cylinder and a sphere), and on small texts written here.

use zerocol::grit::{
    self, Attributes, BoxLike, Keyword, LintKind, Shape, ShapeKind,
    tcol::{ErrorKind, Expected, Options, Tcol, TokenKind},
};

use super::{Case, Digest, Outcome, Placed, displays_as, patched};

/// The shipped sample body.
pub const BODY: &[u8; LEN] = include_bytes!("../../samples/body.tcol");
/// Its length.
pub const LEN: usize = 901;

/// The body at each address modulo 4 (in flash on a target).
pub static AT0: Placed<0, LEN> = Placed::new(BODY);
/// One byte past an aligned address.
pub static AT1: Placed<1, LEN> = Placed::new(BODY);
/// Two bytes past.
pub static AT2: Placed<2, LEN> = Placed::new(BODY);
/// Three bytes past.
pub static AT3: Placed<3, LEN> = Placed::new(BODY);

/// The body at every alignment.
pub fn placements() -> [&'static [u8]; 4] {
    [AT0.bytes(), AT1.bytes(), AT2.bytes(), AT3.bytes()]
}

/// A static body's trimesh: a face repeating a vertex, a face with the vertices
/// of the first, and a vertex no face uses.
pub const MESH: &[u8] = b"TCOL1.0\nattributes { static; }\ntrimesh {\n vertexes { 0 0 0; 1 0 0; 0 1 0; 2 2 2; }\n faces { 0 1 2 \"Stone\"; 0 1 1 \"Stone\"; 2 1 0 \"Mud\"; }\n}\n";
/// The 2009 dialect: no attributes, hex face flags.
pub const OLD_DIALECT: &[u8] =
    b"TCOL1.0\ntrimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 0x7; } }";
/// The sample with a NUL byte in the box's material name.
pub static NUL_IN_BODY: [u8; LEN] = patched(BODY, BOX_MATERIAL + 3, &[0]);
/// Where the box's material name starts in the sample (its opening quote).
const BOX_MATERIAL: usize = 611;

/// Validation alone, measured for `.text` and stack in `targets/`.
pub const VALIDATE: &[Case] = cases!["grit": validate];

/// Validation, then the walk of every accessor: what a firmware using the reader
/// runs, measured for `.text` and stack in `targets/`.
pub const PROBE: &[Case] = cases!["grit": validate, walk_at_every_alignment];

/// Every case.
pub const CASES: &[Case] = cases![
    "grit":
    validate,
    walk_at_every_alignment,
    attributes,
    compound_shapes,
    trimesh_and_mesh_lints,
    old_dialect_strict_and_lenient,
    header_and_byte_errors,
    attribute_errors,
    shape_and_mesh_errors,
    error_display,
];

/// Validation alone (`Tcol::parse`): the least a firmware using the reader runs.
pub fn validate() -> Outcome {
    let tcol = ok!(Tcol::parse(AT1.bytes(), Options::STRICT));
    ensure_eq!(tcol.shape_count(), 4);
    Ok(())
}

/// Reads the attributes, every shape with its vertices, the trimesh and the lints,
/// folding every value into a digest; also what the size and stack probes run.
pub fn digest(text: &[u8]) -> Result<Digest, grit::tcol::Error> {
    let tcol = Tcol::parse(text, Options::STRICT)?;
    let mut d = Digest::new();
    let a = tcol.attributes();
    d.u32(u32::from(a.is_static));
    d.f32(a.mass);
    d.f32s(&a.inertia.unwrap_or([0.0; 3]));
    d.f32s(&[
        a.linear_damping,
        a.angular_damping,
        a.linear_sleep_threshold,
        a.angular_sleep_threshold,
        a.ccd_motion_threshold,
        a.ccd_swept_sphere_radius,
    ]);
    for shape in tcol.shapes() {
        d.record();
        d.bytes(shape.material().as_bytes());
        d.f32(shape.margin().unwrap_or(-1.0));
        match shape {
            Shape::Hull {
                shrink, vertices, ..
            } => {
                d.f32(shrink);
                for v in vertices {
                    d.record();
                    d.f32s(&v);
                }
            }
            Shape::Box(b) | Shape::Cylinder(b) => {
                d.f32s(&b.centre);
                d.f32s(&b.orientation);
                d.f32s(&b.dimensions);
            }
            Shape::Cone {
                centre,
                orientation,
                radius,
                height,
                ..
            } => {
                d.f32s(&centre);
                d.f32s(&orientation);
                d.f32s(&[radius, height]);
            }
            Shape::Plane {
                normal, distance, ..
            } => {
                d.f32s(&normal);
                d.f32(distance);
            }
            Shape::Sphere { centre, radius, .. } => {
                d.f32s(&centre);
                d.f32(radius);
            }
            _ => unreachable!("a new shape kind: digest its fields"),
        }
    }
    if let Some(mesh) = tcol.trimesh() {
        d.f32s(&[mesh.margin, mesh.edge_distance_threshold]);
        for v in mesh.vertices() {
            d.record();
            d.f32s(&v);
        }
        for f in mesh.faces() {
            d.record();
            for i in f.indices {
                d.u32(i);
            }
            d.bytes(f.material.as_bytes());
        }
    }
    for _ in tcol.lints() {
        d.record();
    }
    Ok(d)
}

/// The same body and values at every address modulo 4.
pub fn walk_at_every_alignment() -> Outcome {
    let expected = ok!(digest(BODY));
    // 4 shapes, 5 hull vertices, no lint.
    ensure_eq!(expected.records, 4 + 5);
    for (shift, bytes) in placements().into_iter().enumerate() {
        ensure_eq!(bytes.as_ptr() as usize % 4, shift);
        ensure_eq!(ok!(digest(bytes)), expected);
    }
    let mesh = ok!(digest(MESH));
    // 4 vertices, 3 faces, 1 lint (a face repeating a vertex).
    ensure_eq!(mesh.records, 4 + 3 + 1);
    Ok(())
}

/// The attributes block, defaults applied.
pub fn attributes() -> Outcome {
    let tcol = ok!(Tcol::parse(AT2.bytes(), Options::STRICT));
    ensure_eq!(tcol.text(), &BODY[..]);
    ensure_eq!(tcol.tolerated().len(), 0);
    ensure_eq!(
        tcol.attributes(),
        Attributes {
            is_static: false,
            mass: 30.0,
            inertia: Some([1.25, 1.5, 0.875]),
            linear_damping: 0.25,
            angular_damping: grit::DEFAULT_ANGULAR_DAMPING,
            linear_sleep_threshold: grit::DEFAULT_LINEAR_SLEEP_THRESHOLD,
            angular_sleep_threshold: 0.6,
            ccd_motion_threshold: grit::DEFAULT_CCD_MOTION_THRESHOLD,
            ccd_swept_sphere_radius: grit::DEFAULT_CCD_SWEPT_SPHERE_RADIUS,
        }
    );
    let mesh = ok!(Tcol::parse(MESH, Options::STRICT));
    ensure!(mesh.attributes().is_static);
    ensure!(!mesh.has_compound() && mesh.shape_count() == 0);
    ensure!(mesh.shapes().next().is_none());
    Ok(())
}

/// Every shape of the compound, in file order.
pub fn compound_shapes() -> Outcome {
    let tcol = ok!(Tcol::parse(AT3.bytes(), Options::STRICT));
    ensure!(tcol.has_compound() && tcol.trimesh().is_none());
    let mut shapes = tcol.shapes();
    ensure_eq!(shapes.len(), 4);

    let hull = ok!(shapes.next());
    ensure_eq!(hull.kind(), ShapeKind::Hull);
    ensure_eq!(hull.material(), "../shared/Plastic");
    ensure_eq!(hull.margin(), Some(grit::DEFAULT_MARGIN));
    let Shape::Hull {
        shrink, vertices, ..
    } = hull
    else {
        ensure!(false);
        return Ok(());
    };
    ensure_eq!(shrink, grit::DEFAULT_SHRINK);
    let expected = [
        [0.3, 0.3, 0.6],
        [-0.3, 0.3, 0.6],
        [0.3, -0.3, 0.6],
        [-0.3, -0.3, 0.6],
        [0.0, 0.0, 1.2],
    ];
    ensure_eq!(vertices.len(), 5);
    for (v, e) in vertices.zip(expected) {
        ensure_eq!(v, e);
    }

    ensure_eq!(
        ok!(shapes.next()),
        Shape::Box(BoxLike {
            material: "/common/props/Wood",
            margin: grit::DEFAULT_MARGIN,
            centre: [0.0, 0.0, 0.55],
            orientation: [0.965_925_8, 0.0, 0.0, 0.258_819],
            dimensions: [1.2, 0.8, 0.1],
        })
    );
    ensure_eq!(
        ok!(shapes.next()),
        Shape::Cylinder(BoxLike {
            material: "Metal",
            margin: 0.02,
            centre: [0.0, 0.0, 0.25],
            orientation: grit::IDENTITY_ORIENTATION,
            dimensions: [0.2, 0.2, 0.5],
        })
    );
    let sphere = ok!(shapes.next());
    ensure_eq!(
        sphere,
        Shape::Sphere {
            material: "Rubber",
            centre: [0.0, 0.0, -0.05],
            radius: 0.1,
        }
    );
    ensure_eq!(sphere.margin(), None);
    ensure!(shapes.next().is_none());
    ensure_eq!(tcol.lints().count(), 0);
    ensure_eq!(
        ShapeKind::from_keyword(Keyword::Cylinder),
        Some(ShapeKind::Cylinder)
    );
    ensure_eq!(ShapeKind::Sphere.keyword(), Keyword::Sphere);
    Ok(())
}

/// A static body's trimesh, its lints, and the mesh checks in caller storage.
pub fn trimesh_and_mesh_lints() -> Outcome {
    let tcol = ok!(Tcol::parse(MESH, Options::STRICT));
    let mesh = ok!(tcol.trimesh());
    ensure_eq!(mesh.margin, grit::STATIC_TRIMESH_MARGIN);
    ensure_eq!(
        mesh.edge_distance_threshold,
        grit::DEFAULT_EDGE_DISTANCE_THRESHOLD
    );
    ensure_eq!((mesh.vertex_count(), mesh.face_count()), (4, 3));
    let vertices = [
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [2.0, 2.0, 2.0],
    ];
    for (v, e) in mesh.vertices().zip(vertices) {
        ensure_eq!(v, e);
    }
    let faces = [
        ([0, 1, 2], "Stone"),
        ([0, 1, 1], "Stone"),
        ([2, 1, 0], "Mud"),
    ];
    ensure_eq!(mesh.faces().len(), 3);
    for (f, (indices, material)) in mesh.faces().zip(faces) {
        ensure_eq!((f.indices, f.material), (indices, material));
    }

    let mut lints = tcol.lints();
    let lint = ok!(lints.next());
    ensure_eq!(
        lint.kind,
        LintKind::RepeatedIndex {
            face: 1,
            indices: [0, 1, 1]
        }
    );
    ensure_eq!(
        (
            lint.position.line,
            lint.position.column,
            lint.position.offset
        ),
        (5, 25, 107)
    );
    ensure!(lints.next().is_none());

    ensure_eq!(tcol.mesh_scratch_len(), 7);
    let mut small = [[0u32; 4]; 6];
    ensure!(tcol.mesh_lints(&mut small).is_err());
    let mut scratch = [[0u32; 4]; 7];
    let mut mesh_lints = ok!(tcol.mesh_lints(&mut scratch));
    ensure_eq!(
        ok!(mesh_lints.next()).kind,
        LintKind::DuplicateFace { face: 2, first: 0 }
    );
    let unused = ok!(mesh_lints.next());
    ensure_eq!(unused.kind, LintKind::UnreferencedVertex { vertex: 3 });
    ensure_eq!((unused.position.line, unused.position.column), (4, 34));
    ensure!(mesh_lints.next().is_none());
    Ok(())
}

/// The 2009 dialect: an error when strict, each old rule reported when lenient.
pub fn old_dialect_strict_and_lenient() -> Outcome {
    let e = err!(Tcol::parse(OLD_DIALECT, Options::STRICT));
    ensure_eq!((e.line(), e.column(), e.offset()), (2, 1, 8));
    ensure_eq!(
        e.kind(),
        ErrorKind::Unexpected {
            found: TokenKind::Keyword(Keyword::Trimesh),
            expected: Expected::Keyword(Keyword::Attributes)
        }
    );
    let tcol = ok!(Tcol::parse(OLD_DIALECT, Options::LENIENT));
    ensure_eq!(tcol.attributes(), Attributes::STATIC);
    // Each rule once: no attributes, then one face's hex flags; no static
    // trimesh margin.
    let mut tolerated = tcol.tolerated();
    ensure_eq!(tolerated.len(), 2);
    let missing = ok!(tolerated.next());
    ensure_eq!(missing.kind, LintKind::MissingAttributes);
    ensure_eq!((missing.position.line, missing.position.column), (2, 1));
    let hex = ok!(tolerated.next());
    ensure_eq!(hex.kind, LintKind::HexFaceMaterial { count: 1 });
    ensure_eq!(hex.position.offset, 60);
    ensure!(tolerated.next().is_none());
    ensure!(missing.kind.is_tolerated() && hex.kind.is_tolerated());
    // lints() lists them first, and nothing else it lists is tolerated.
    let mut lints = tcol.lints();
    ensure_eq!(lints.next(), Some(missing));
    ensure_eq!(lints.next(), Some(hex));
    ensure!(lints.all(|l| !l.kind.is_tolerated()));
    let face = ok!(ok!(tcol.trimesh()).faces().next());
    ensure_eq!((face.indices, face.material), ([0, 1, 2], "0x7"));
    Ok(())
}

/// The header, NUL bytes, and strings that are not UTF-8.
pub fn header_and_byte_errors() -> Outcome {
    for text in [&b""[..], b"TCOL1.1\nattributes { static; }", b"TCOL"] {
        let e = err!(Tcol::parse(text, Options::LENIENT));
        ensure_eq!((e.line(), e.column(), e.offset()), (1, 1, 0));
        ensure_eq!(e.kind(), ErrorKind::BadHeader);
    }
    // The engine stops reading at a NUL: an error where it is.
    let e = err!(Tcol::parse(&NUL_IN_BODY, Options::STRICT));
    ensure_eq!(e.offset(), BOX_MATERIAL + 3);
    ensure_eq!(e.kind(), ErrorKind::NulByte);
    let e = err!(Tcol::parse(
        b"TCOL1.0\nattributes { static; }\ncompound { sphere { material \"\xff\"; centre 0 0 0; radius 1; } }",
        Options::STRICT
    ));
    ensure_eq!((e.line(), e.column(), e.offset()), (3, 31, 61));
    ensure_eq!(e.kind(), ErrorKind::InvalidUtf8);
    Ok(())
}

/// The attributes' rules.
pub fn attribute_errors() -> Outcome {
    let cases: [(&[u8], u32, ErrorKind); 6] = [
        (
            b"TCOL1.0\nattributes { mass -1; }",
            19,
            ErrorKind::Negative {
                property: Keyword::Mass,
            },
        ),
        (b"TCOL1.0\nattributes { mass 0; }", 19, ErrorKind::ZeroMass),
        (
            b"TCOL1.0\nattributes { linear_damping 0.1; }",
            34,
            ErrorKind::NeitherStaticNorMass,
        ),
        (
            b"TCOL1.0\nattributes { static; mass 3; }",
            22,
            ErrorKind::StaticWithMass,
        ),
        (
            b"TCOL1.0\nattributes { mass 3; mass 4; }",
            22,
            ErrorKind::Duplicate {
                property: Keyword::Mass,
            },
        ),
        (
            b"TCOL1.0\nattributes { mass 1e39; }",
            19,
            ErrorKind::NumberOutOfRange,
        ),
    ];
    for (text, column, kind) in cases {
        let e = err!(Tcol::parse(text, Options::LENIENT));
        ensure_eq!((e.line(), e.column()), (2, column));
        ensure_eq!(e.offset(), 7 + column as usize);
        ensure_eq!(e.kind(), kind);
    }
    Ok(())
}

/// Shapes out of order or incomplete, and face indices past the vertices.
pub fn shape_and_mesh_errors() -> Outcome {
    let e = err!(Tcol::parse(
        b"TCOL1.0\nattributes { static; }\ncompound { sphere { radius 1; } }",
        Options::STRICT
    ));
    ensure_eq!((e.line(), e.column(), e.offset()), (3, 21, 51));
    ensure_eq!(
        e.kind(),
        ErrorKind::Unexpected {
            found: TokenKind::Keyword(Keyword::Radius),
            expected: Expected::Keyword(Keyword::Material)
        }
    );
    let e = err!(Tcol::parse(
        b"TCOL1.0\nattributes { static; }\ncompound { sphere { material \"A\"; centre 0 0 0; } }",
        Options::STRICT
    ));
    ensure_eq!((e.line(), e.column()), (3, 49));
    ensure_eq!(
        e.kind(),
        ErrorKind::Unexpected {
            found: TokenKind::RightBrace,
            expected: Expected::Keyword(Keyword::Radius)
        }
    );
    let e = err!(Tcol::parse(
        b"TCOL1.0\nattributes { static; }\ntrimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 3 \"S\"; } }",
        Options::LENIENT
    ));
    ensure_eq!((e.line(), e.column(), e.offset()), (3, 57, 87));
    ensure_eq!(
        e.kind(),
        ErrorKind::IndexOutOfRange {
            index: Some(3),
            vertex_count: 3
        }
    );
    Ok(())
}

/// An error's `Display` text: line and column, then what was expected.
pub fn error_display() -> Outcome {
    let e = err!(Tcol::parse(&NUL_IN_BODY, Options::STRICT));
    ensure!(displays_as::<80>(
        &e,
        "line 28, column 15: found a NUL byte, where the engine stops reading"
    ));
    let e = err!(Tcol::parse(OLD_DIALECT, Options::STRICT));
    ensure!(displays_as::<192>(
        &e,
        "line 2, column 1: expected `attributes`, found `trimesh` (the 2009 format description \
         allows this, as a static body; Grit's parser rejects it)"
    ));
    Ok(())
}
