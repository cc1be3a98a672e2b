//! The BCOL reader against docs/formats/grit.md: a file assembled byte by byte from the
//! layout (not through the writer), every header field and record at its fixed
//! offset in a written file, every validation rule broken once (exact offset and
//! kind), the engine converter's two material offset bugs (strict rejects,
//! repair recovers and reports), lints, and `sniff`.

use zerocol::grit::bcol::{
    self, Bcol, ErrorKind, HEADER_LEN, InputError, Lint, LintKind, Options, Section, WriteError,
};
use zerocol::grit::{
    Attributes, BoxLike, Flavour, Keyword, LintKind as TcolLintKind, Shape, ShapeKind, sniff,
};

use crate::support;
use crate::support::bcol::{at, grit_box_bug, grit_hull_bug, parse_tcol, tcol_to_bcol};
use crate::support::bytes::{f32_at, push_f32, push_f32s, push_u32, set_u32, u32_at};
use crate::support::rng::Rng;

/// The tolerated lint of a section's material offsets read as Grit's converter
/// wrote them: how many, and the first field.
fn repair(section: Section, count: usize, first: usize) -> Lint {
    Lint {
        offset: first,
        shape: None,
        kind: LintKind::GritMaterialOffsets { section, count },
    }
}

// ---------------------------------------------------------------- a file by hand

/// Appends little-endian fields.
#[derive(Default)]
struct Bytes(Vec<u8>);

impl Bytes {
    fn u32(&mut self, v: u32) -> &mut Self {
        push_u32(&mut self.0, v);
        self
    }
    fn f32(&mut self, v: f32) -> &mut Self {
        push_f32(&mut self.0, v);
        self
    }
    fn f32s(&mut self, v: &[f32]) -> &mut Self {
        push_f32s(&mut self.0, v);
        self
    }
    fn raw(&mut self, v: &[u8]) -> &mut Self {
        self.0.extend(v);
        self
    }
    fn at(&self, offset: usize) {
        assert_eq!(self.0.len(), offset, "hand layout drifted");
    }
}

/// A dynamic body with one shape of every kind and a one-face trimesh, laid
/// out by hand:
///
/// ```text
///   0 header          132 hull   148 box   196 cylinder   244 cone   288 plane
/// 308 sphere          328 hull vertices (4)   376 trimesh vertices (3)   412 face
/// 428 "hullmat\0"  436 "boxmat\0"  443 "conemat\0"  451 "s\0"  453 "facemat\0"  461 end
/// ```
/// The cylinder shares "hullmat", the plane "boxmat".
fn hand_file() -> Vec<u8> {
    let mut b = Bytes::default();
    b.raw(b"BCOL1.0\n")
        .f32(2.5) // mass
        .u32(1) // inertia provided
        .f32s(&[1.0, 2.0, 3.0])
        .f32s(&[0.25, 0.75, 1.5, 0.5, 0.125, 0.0625]);
    for (count, offset) in [
        (1, 132),
        (1, 148),
        (1, 196),
        (1, 244),
        (1, 288),
        (1, 308),
        (0, 0),
    ] {
        b.u32(count).u32(offset);
    }
    b.f32(0.05).f32(0.002).u32(3).u32(376).u32(1).u32(412);
    b.at(132);
    b.u32(428 - 132).f32(0.04).u32(4).u32(328 - 132); // hull
    b.at(148);
    b.u32(436 - 148) // box
        .f32(0.01)
        .f32s(&[1.0, 2.0, 3.0]) // centre
        .f32s(&[4.0, 5.0, 6.0]) // dimensions
        .f32s(&[1.0, 0.0, 0.0, 0.0]); // w x y z
    b.at(196);
    b.u32(428 - 196) // cylinder
        .f32(0.02)
        .f32s(&[-1.0, -2.0, -3.0])
        .f32s(&[0.5, 0.5, 2.0])
        .f32s(&[0.5, 0.5, 0.5, 0.5]);
    b.at(244);
    b.u32(443 - 244) // cone
        .f32(0.03)
        .f32s(&[0.0, 0.0, 1.0])
        .f32(0.7)
        .f32(1.4)
        .f32s(&[0.0, 1.0, 0.0, 0.0]);
    b.at(288);
    b.u32(436 - 288).f32s(&[0.0, 0.0, 1.0]).f32(-2.0); // plane
    b.at(308);
    b.u32(451 - 308).f32s(&[7.0, 8.0, 9.0]).f32(0.3); // sphere
    b.at(328);
    b.f32s(&[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    b.at(376);
    b.f32s(&[10.0, 0.0, 0.0, 11.0, 0.0, 0.0, 10.0, 1.0, 0.0]);
    b.at(412);
    b.u32(453 - 412).u32(0).u32(1).u32(2);
    b.at(428);
    b.raw(b"hullmat\0boxmat\0conemat\0s\0facemat\0");
    b.at(461);
    b.0
}

#[test]
fn a_file_assembled_by_hand_reads_field_by_field() {
    let bytes = hand_file();
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(
        file.attributes(),
        Attributes {
            is_static: false,
            mass: 2.5,
            inertia: Some([1.0, 2.0, 3.0]),
            linear_damping: 0.25,
            angular_damping: 0.75,
            linear_sleep_threshold: 1.5,
            angular_sleep_threshold: 0.5,
            ccd_motion_threshold: 0.125,
            ccd_swept_sphere_radius: 0.0625,
        }
    );
    assert_eq!(file.shape_count(), 6);
    let shapes: Vec<Shape<'_>> = file.shapes().collect();
    assert_eq!(shapes.len(), 6);
    match &shapes[0] {
        Shape::Hull {
            material,
            margin,
            shrink,
            vertices,
        } => {
            assert_eq!((*material, *margin, *shrink), ("hullmat", 0.04, 0.0));
            assert_eq!(
                vertices.clone().collect::<Vec<_>>(),
                [
                    [0.0, 0.0, 0.0],
                    [1.0, 0.0, 0.0],
                    [0.0, 1.0, 0.0],
                    [0.0, 0.0, 1.0]
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        shapes[1],
        Shape::Box(BoxLike {
            material: "boxmat",
            margin: 0.01,
            centre: [1.0, 2.0, 3.0],
            orientation: [1.0, 0.0, 0.0, 0.0],
            dimensions: [4.0, 5.0, 6.0],
        })
    );
    assert_eq!(
        shapes[2],
        Shape::Cylinder(BoxLike {
            material: "hullmat",
            margin: 0.02,
            centre: [-1.0, -2.0, -3.0],
            orientation: [0.5, 0.5, 0.5, 0.5],
            dimensions: [0.5, 0.5, 2.0],
        })
    );
    assert_eq!(
        shapes[3],
        Shape::Cone {
            material: "conemat",
            margin: 0.03,
            centre: [0.0, 0.0, 1.0],
            orientation: [0.0, 1.0, 0.0, 0.0],
            radius: 0.7,
            height: 1.4,
        }
    );
    assert_eq!(
        shapes[4],
        Shape::Plane {
            material: "boxmat",
            normal: [0.0, 0.0, 1.0],
            distance: -2.0,
        }
    );
    assert_eq!(
        shapes[5],
        Shape::Sphere {
            material: "s",
            centre: [7.0, 8.0, 9.0],
            radius: 0.3,
        }
    );
    let mesh = file.trimesh().unwrap();
    assert_eq!((mesh.margin, mesh.edge_distance_threshold), (0.05, 0.002));
    assert_eq!(
        mesh.vertices().collect::<Vec<_>>(),
        [[10.0, 0.0, 0.0], [11.0, 0.0, 0.0], [10.0, 1.0, 0.0]]
    );
    let faces: Vec<_> = mesh.faces().collect();
    assert_eq!(faces.len(), 1);
    assert_eq!(
        (faces[0].indices, faces[0].material),
        ([0, 1, 2], "facemat")
    );
    // Materials are borrowed from the file, in place.
    let range = bytes.as_ptr_range();
    assert!(range.contains(&shapes[4].material().as_ptr()));

    // Raw views.
    assert_eq!(file.header().magic, *b"BCOL1.0\n");
    assert_eq!(file.hulls().len(), 1);
    assert_eq!(file.hulls().as_slice()[0].vertex_offset.get(), 196);
    assert_eq!(file.hull_vertices(0).len(), 4);
    assert_eq!(file.hull_vertices(1).len(), 0);
    assert_eq!(file.boxes().as_slice()[0].dimensions[2].get(), 6.0);
    assert_eq!(file.cylinders().len(), 1);
    assert_eq!(file.cones().as_slice()[0].height.get(), 1.4);
    assert_eq!(file.planes().as_slice()[0].distance.get(), -2.0);
    assert_eq!(file.spheres().as_slice()[0].radius.get(), 0.3);
    assert_eq!(file.trimesh_vertices().len(), 3);
    assert_eq!(file.trimesh_faces().as_slice()[0].indices[2].get(), 2);
    // Sections are tables that know where each record lies.
    assert_eq!(file.hulls().offset_of(0), Some(132));
    assert_eq!(file.hull_vertices(0).offset_of(3), Some(196 + 132 + 3 * 12));
    assert_eq!(file.cones().start(), file.section_offset(Section::Cones));
    assert_eq!(file.trimesh_faces().end(), 428);
    assert_eq!(file.section_offset(Section::Cones), 244);
    assert_eq!(file.section_offset(Section::Faces), 412);
    assert_eq!(file.string_table_offset(), 428);
    assert_eq!(
        file.string_table(),
        b"hullmat\0boxmat\0conemat\0s\0facemat\0"
    );
    assert_eq!(file.tolerated().count(), 0);
    assert_eq!(
        file.lints().count(),
        1,
        "{:?}",
        file.lints().collect::<Vec<_>>()
    ); // a dynamic trimesh
    assert!(format!("{file:?}").starts_with("Bcol { len: 461"));
}

#[test]
fn the_writer_reproduces_the_hand_assembled_file_byte_for_byte() {
    let bytes = hand_file();
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    let again = support::bcol::bcol_to_bcol(&file);
    assert_eq!(again, bytes);
    // The bound counts every material use: 7 uses, 8 + 7 + 8 + 7 + 8 + 2 + 8 bytes.
    let bound = bcol::required_len(&file.attributes(), file.shapes(), file.trimesh()).unwrap();
    assert_eq!(bound, 428 + 8 + 7 + 8 + 7 + 8 + 2 + 8);
}

// ---------------------------------------------------------------- fixed offsets

const SAMPLE: &str = "TCOL1.0
attributes { mass 12.5; inertia 1 2 3; linear_damping 0.1; angular_damping 0.2;
  linear_sleep_threshold 0.3; angular_sleep_threshold 0.4; ccd_motion_threshold 0.6;
  ccd_swept_sphere_radius 0.7; }
compound {
  sphere { material \"S\"; centre 1 2 3; radius 4; }
  box { material \"B\"; margin 0.5; centre 5 6 7; orientation 0 1 0 0; dimensions 8 9 10; }
  plane { material \"P\"; normal 0 1 0; distance 11; }
  hull { material \"H\"; margin 0.25; vertexes { 1 1 1; 2 2 2; } }
  cone { material \"C\"; centre 12 13 14; radius 15; height 16; orientation 0 0 1 0; }
  cylinder { material \"Y\"; margin 0; centre 17 18 19; dimensions 20 20 21; }
  hull { material \"S\"; vertexes { 3 3 3; } }
}
trimesh { margin 0.125; vertexes { 0 0 0; 1 0 0; 0 1 0; 1 1 0; } faces { 0 1 2 \"F\"; 1 3 2 \"S\"; } }
";

#[test]
fn a_written_file_has_every_field_at_its_fixed_offset() {
    let tcol = parse_tcol(SAMPLE.as_bytes());
    let b = tcol_to_bcol(&tcol);
    assert_eq!(&b[..8], b"BCOL1.0\n");
    assert_eq!(f32_at(&b, at::MASS), 12.5);
    assert_eq!(u32_at(&b, at::INERTIA_PROVIDED), 1);
    assert_eq!(
        [0, 4, 8].map(|o| f32_at(&b, at::INERTIA + o)),
        [1.0, 2.0, 3.0]
    );
    assert_eq!(f32_at(&b, at::LINEAR_DAMPING), 0.1);
    assert_eq!(f32_at(&b, at::ANGULAR_DAMPING), 0.2);
    assert_eq!(f32_at(&b, at::LINEAR_SLEEP), 0.3);
    assert_eq!(f32_at(&b, at::ANGULAR_SLEEP), 0.4);
    assert_eq!(f32_at(&b, at::CCD_MOTION), 0.6);
    assert_eq!(f32_at(&b, at::CCD_RADIUS), 0.7);
    // Sections in docs/formats/grit.md order, contiguous from the header's end.
    let hulls = 132;
    let boxes = hulls + 2 * 16;
    let cylinders = boxes + 48;
    let cones = cylinders + 48;
    let planes = cones + 44;
    let spheres = planes + 20;
    let hull_vertices = spheres + 20;
    let vertices = hull_vertices + 3 * 12;
    let faces = vertices + 4 * 12;
    let strings = faces + 2 * 16;
    for (field, count, offset) in [
        (at::HULLS, 2, hulls),
        (at::BOXES, 1, boxes),
        (at::CYLINDERS, 1, cylinders),
        (at::CONES, 1, cones),
        (at::PLANES, 1, planes),
        (at::SPHERES, 1, spheres),
        (at::CAPSULES, 0, 0),
        (at::VERTICES, 4, vertices),
        (at::FACES, 2, faces),
    ] {
        assert_eq!(
            (u32_at(&b, field), u32_at(&b, field + 4) as usize),
            (count, offset),
            "span at {field}"
        );
    }
    assert_eq!(f32_at(&b, at::TRIMESH_MARGIN), 0.125);
    assert_eq!(f32_at(&b, at::EDGE_DISTANCE), 0.001); // a dynamic body's default
    // Strings in order of first use (hulls, boxes, ..., faces), each once.
    assert_eq!(&b[strings..], b"H\0S\0B\0Y\0C\0P\0F\0");
    let string = |s: &str| {
        strings
            + b[strings..]
                .windows(s.len() + 1)
                .position(|w| w == format!("{s}\0").as_bytes())
                .unwrap()
    };
    let material = |record: usize| record + u32_at(&b, record) as usize;

    // Hulls: material, margin, vertex count, vertex offset (relative).
    assert_eq!(material(hulls), string("H"));
    assert_eq!(f32_at(&b, hulls + 4), 0.25);
    assert_eq!(u32_at(&b, hulls + 8), 2);
    assert_eq!(hulls + u32_at(&b, hulls + 12) as usize, hull_vertices);
    assert_eq!(material(hulls + 16), string("S"));
    assert_eq!(f32_at(&b, hulls + 20), 0.04);
    assert_eq!(u32_at(&b, hulls + 24), 1);
    assert_eq!(
        hulls + 16 + u32_at(&b, hulls + 28) as usize,
        hull_vertices + 24
    );
    assert_eq!(
        (0..9)
            .map(|i| f32_at(&b, hull_vertices + 4 * i))
            .collect::<Vec<_>>(),
        [1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0]
    );
    // Box: material, margin, centre, dimensions, quaternion w x y z.
    assert_eq!(material(boxes), string("B"));
    assert_eq!(
        (1..12)
            .map(|i| f32_at(&b, boxes + 4 * i))
            .collect::<Vec<_>>(),
        [0.5, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 0.0, 1.0, 0.0, 0.0]
    );
    assert_eq!(material(cylinders), string("Y"));
    assert_eq!(
        (1..12)
            .map(|i| f32_at(&b, cylinders + 4 * i))
            .collect::<Vec<_>>(),
        [0.0, 17.0, 18.0, 19.0, 20.0, 20.0, 21.0, 1.0, 0.0, 0.0, 0.0]
    );
    // Cone: material, margin, centre, radius, height, quaternion.
    assert_eq!(material(cones), string("C"));
    assert_eq!(
        (1..11)
            .map(|i| f32_at(&b, cones + 4 * i))
            .collect::<Vec<_>>(),
        [0.04, 12.0, 13.0, 14.0, 15.0, 16.0, 0.0, 0.0, 1.0, 0.0]
    );
    // Plane: material, normal, d.
    assert_eq!(material(planes), string("P"));
    assert_eq!(
        (1..5)
            .map(|i| f32_at(&b, planes + 4 * i))
            .collect::<Vec<_>>(),
        [0.0, 1.0, 0.0, 11.0]
    );
    // Sphere: material, centre, radius.
    assert_eq!(material(spheres), string("S"));
    assert_eq!(
        (1..5)
            .map(|i| f32_at(&b, spheres + 4 * i))
            .collect::<Vec<_>>(),
        [1.0, 2.0, 3.0, 4.0]
    );
    // Trimesh vertices, then faces: material, v1, v2, v3.
    assert_eq!(
        (0..12)
            .map(|i| f32_at(&b, vertices + 4 * i))
            .collect::<Vec<_>>(),
        [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0]
    );
    assert_eq!(material(faces), string("F"));
    assert_eq!([4, 8, 12].map(|o| u32_at(&b, faces + o)), [0, 1, 2]);
    assert_eq!(material(faces + 16), string("S"));
    assert_eq!([4, 8, 12].map(|o| u32_at(&b, faces + 16 + o)), [1, 3, 2]);
}

#[test]
fn a_static_body_has_mass_zero_and_no_inertia_flag() {
    let tcol = parse_tcol(b"TCOL1.0 attributes { static; } compound { }");
    let b = tcol_to_bcol(&tcol);
    assert_eq!(b.len(), HEADER_LEN);
    assert_eq!(f32_at(&b, at::MASS).to_bits(), 0);
    assert_eq!(u32_at(&b, at::INERTIA_PROVIDED), 0);
    assert_eq!([0, 4, 8].map(|o| u32_at(&b, at::INERTIA + o)), [0; 3]);
    // Without a trimesh: a static body's margin and the default threshold.
    assert_eq!(f32_at(&b, at::TRIMESH_MARGIN), 0.0);
    assert_eq!(f32_at(&b, at::EDGE_DISTANCE), 0.001);
    let file = Bcol::parse(&b, Options::STRICT).unwrap();
    assert_eq!(file.attributes(), Attributes::STATIC);
    assert!(file.trimesh().is_none());
    assert_eq!(file.shapes().count(), 0);
    assert_eq!(file.string_table(), b"");
    // -0 is a mass of 0 too (the engine compares with ==), read as +0.
    let mut b = b;
    b[at::MASS..at::MASS + 4].copy_from_slice(&(-0.0f32).to_le_bytes());
    let a = Bcol::parse(&b, Options::STRICT).unwrap().attributes();
    assert!(a.is_static);
    assert_eq!(a.mass.to_bits(), 0);
}

// ---------------------------------------------------------------- validation

#[track_caller]
fn rejects(bytes: &[u8], offset: usize, kind: ErrorKind) {
    for options in [Options::STRICT, Options::LENIENT] {
        let e = Bcol::parse(bytes, options).expect_err("accepted");
        assert_eq!((e.offset(), e.kind()), (offset, kind), "{e}");
        assert!(
            e.to_string()
                .starts_with(&format!("byte {offset} (0x{offset:x}): "))
        );
    }
}

#[test]
fn a_truncated_header_is_reported_at_zero() {
    let bytes = hand_file();
    for len in [0, 1, 4, 8, 100, 131] {
        rejects(
            &bytes[..len],
            0,
            ErrorKind::Truncated {
                needed: 132,
                available: len,
            },
        );
    }
}

#[test]
fn a_bad_magic_is_reported_with_the_bytes_found() {
    let mut bytes = hand_file();
    bytes[6] = b'1'; // BCOL1.1
    rejects(
        &bytes,
        0,
        ErrorKind::BadMagic {
            found: *b"BCOL1.1\n",
        },
    );
    rejects(
        b"TCOL1.0",
        0,
        ErrorKind::BadMagic {
            found: *b"TCOL1.0\0",
        },
    );
    let e = Bcol::parse(b"XY", Options::STRICT).unwrap_err();
    assert_eq!(
        e.kind(),
        ErrorKind::BadMagic {
            found: *b"XY\0\0\0\0\0\0"
        }
    );
    assert!(e.to_string().contains("58 59 00"), "{e}");
}

#[test]
fn capsules_must_be_absent() {
    let mut bytes = hand_file();
    set_u32(&mut bytes, at::CAPSULES, 1);
    rejects(&bytes, at::CAPSULES, ErrorKind::Capsules { count: 1 });
    // The capsule offset alone is never read.
    let mut bytes = hand_file();
    set_u32(&mut bytes, at::CAPSULES + 4, u32::MAX);
    Bcol::parse(&bytes, Options::STRICT).unwrap();
}

#[test]
fn a_huge_count_times_its_size_is_computed_without_wrapping() {
    let len = hand_file().len();
    for (field, section, size, offset) in [
        (at::HULLS, Section::Hulls, 16u64, 132u64),
        (at::BOXES, Section::Boxes, 48, 148),
        (at::CYLINDERS, Section::Cylinders, 48, 196),
        (at::CONES, Section::Cones, 44, 244),
        (at::PLANES, Section::Planes, 20, 288),
        (at::SPHERES, Section::Spheres, 20, 308),
        (at::VERTICES, Section::Vertices, 12, 376),
        (at::FACES, Section::Faces, 16, 412),
    ] {
        for count in [u32::MAX, 0x1000_0000, 0x5555_5556] {
            let mut bytes = hand_file();
            set_u32(&mut bytes, field, count);
            rejects(
                &bytes,
                field,
                ErrorKind::SectionOutOfBounds {
                    section,
                    start: offset,
                    end: offset + u64::from(count) * size,
                    file_len: len,
                },
            );
        }
    }
}

#[test]
fn sections_must_lie_between_the_header_and_the_end() {
    let len = hand_file().len();
    // Start past the end, or inside the header: the offset field is at fault.
    for offset in [len as u32 + 1, u32::MAX, 0, 131] {
        let mut bytes = hand_file();
        set_u32(&mut bytes, at::SPHERES + 4, offset);
        rejects(
            &bytes,
            at::SPHERES + 4,
            ErrorKind::SectionOutOfBounds {
                section: Section::Spheres,
                start: offset.into(),
                end: u64::from(offset) + 20,
                file_len: len,
            },
        );
    }
    // A start inside the file but an end past it: the count is at fault.
    let mut bytes = hand_file();
    set_u32(&mut bytes, at::FACES + 4, len as u32 - 15);
    rejects(
        &bytes,
        at::FACES,
        ErrorKind::SectionOutOfBounds {
            section: Section::Faces,
            start: len as u64 - 15,
            end: len as u64 + 1,
            file_len: len,
        },
    );
    // Cut the file inside the faces.
    let bytes = hand_file();
    rejects(
        &bytes[..420],
        at::FACES,
        ErrorKind::SectionOutOfBounds {
            section: Section::Faces,
            start: 412,
            end: 428,
            file_len: 420,
        },
    );
    // An empty section's offset is never read (the engine writes the next
    // position, possibly the end of the file).
    let mut bytes = hand_file();
    set_u32(&mut bytes, at::HULLS, 0);
    set_u32(&mut bytes, at::HULLS + 4, u32::MAX);
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(file.hulls().len(), 0);
    assert_eq!(file.shape_count(), 5);
}

#[test]
fn hull_vertex_ranges_must_lie_inside_the_file() {
    let len = hand_file().len();
    let mut bytes = hand_file();
    set_u32(&mut bytes, 132 + 12, len as u32); // start past the end: 132 + len
    rejects(
        &bytes,
        132 + 12,
        ErrorKind::HullVerticesOutOfBounds {
            hull: 0,
            start: 132 + len as u64,
            end: 132 + len as u64 + 48,
            file_len: len,
        },
    );
    let mut bytes = hand_file();
    set_u32(&mut bytes, 132 + 12, u32::MAX);
    rejects(
        &bytes,
        132 + 12,
        ErrorKind::HullVerticesOutOfBounds {
            hull: 0,
            start: 132 + u64::from(u32::MAX),
            end: 132 + u64::from(u32::MAX) + 48,
            file_len: len,
        },
    );
    // The count runs them past the end.
    let mut bytes = hand_file();
    set_u32(&mut bytes, 132 + 8, u32::MAX);
    rejects(
        &bytes,
        132 + 8,
        ErrorKind::HullVerticesOutOfBounds {
            hull: 0,
            start: 328,
            end: 328 + u64::from(u32::MAX) * 12,
            file_len: len,
        },
    );
    let mut bytes = hand_file();
    set_u32(&mut bytes, 132 + 8, 12); // 328 + 144 = 472 > 461
    rejects(
        &bytes,
        132 + 8,
        ErrorKind::HullVerticesOutOfBounds {
            hull: 0,
            start: 328,
            end: 472,
            file_len: len,
        },
    );
}

#[test]
fn face_indices_must_name_a_vertex() {
    for (k, index) in [(0usize, 3u32), (1, u32::MAX), (2, 1 << 31)] {
        let mut bytes = hand_file();
        set_u32(&mut bytes, 412 + 4 + 4 * k, index);
        rejects(
            &bytes,
            412 + 4 + 4 * k,
            ErrorKind::FaceIndexOutOfRange {
                face: 0,
                index,
                vertex_count: 3,
            },
        );
    }
    // Faces without vertices: every index is out of range.
    let mut bytes = hand_file();
    set_u32(&mut bytes, at::VERTICES, 0);
    rejects(
        &bytes,
        416,
        ErrorKind::FaceIndexOutOfRange {
            face: 0,
            index: 0,
            vertex_count: 0,
        },
    );
}

#[test]
fn materials_must_point_into_the_string_table() {
    let len = hand_file().len();
    // The sphere (at 308) pointing at the header, the records, past the end.
    for (stored, target) in [
        (u32::MAX, 308 + u64::from(u32::MAX)),
        (len as u32 - 308, len as u64),
        (100, 408),
        (0, 308),
    ] {
        let mut bytes = hand_file();
        set_u32(&mut bytes, 308, stored);
        rejects(
            &bytes,
            308,
            ErrorKind::MaterialOutsideTable {
                section: Section::Spheres,
                index: 0,
                target,
                table_start: 428,
                file_len: len,
            },
        );
    }
}

#[test]
fn materials_must_start_a_string() {
    let mut bytes = hand_file();
    set_u32(&mut bytes, 412, 453 - 412 + 1); // "acemat"
    rejects(
        &bytes,
        412,
        ErrorKind::MaterialInsideString {
            section: Section::Faces,
            index: 0,
            target: 454,
        },
    );
    // At a string's NUL: also the middle of it.
    let mut bytes = hand_file();
    set_u32(&mut bytes, 288, 442 - 288);
    rejects(
        &bytes,
        288,
        ErrorKind::MaterialInsideString {
            section: Section::Planes,
            index: 0,
            target: 442,
        },
    );
}

#[test]
fn materials_must_end_with_a_nul_inside_the_file() {
    let bytes = hand_file();
    let cut = &bytes[..bytes.len() - 1]; // "facemat" loses its NUL
    rejects(
        cut,
        412,
        ErrorKind::MaterialUnterminated {
            section: Section::Faces,
            index: 0,
            target: 453,
        },
    );
    // Trailing bytes after the last NUL are harmless.
    let mut longer = bytes.clone();
    longer.extend(b"xyz");
    Bcol::parse(&longer, Options::STRICT).unwrap();
}

#[test]
fn materials_must_be_utf8() {
    let mut bytes = hand_file();
    bytes[444] = 0xFF; // "c\xFFnemat"
    rejects(
        &bytes,
        244,
        ErrorKind::MaterialInvalidUtf8 {
            section: Section::Cones,
            index: 0,
            target: 443,
        },
    );
}

#[test]
fn errors_come_in_file_order_of_checks() {
    // Both a bad face index and a bad sphere material: bounds and indices
    // are checked before strings.
    let mut bytes = hand_file();
    set_u32(&mut bytes, 308, 0);
    set_u32(&mut bytes, 416, 9);
    let e = Bcol::parse(&bytes, Options::STRICT).unwrap_err();
    assert_eq!(e.offset(), 416);
}

// ---------------------------------------------------------------- Grit's bugs

/// Several hulls and boxes, with long strings last so that the boxes' buggy
/// offsets point past the end of the file.
fn many_hulls() -> Vec<u8> {
    let mut t = String::from("TCOL1.0 attributes { mass 3; } compound {");
    for i in 0..5 {
        t += &format!(" hull {{ material \"hull{i}\"; vertexes {{ 0 0 {i}; 1 0 0; 0 1 0; }} }}");
    }
    t += " box { material \"/a/box\"; centre 0 0 0; dimensions 1 1 1; }";
    t += " box { material \"hull2\"; centre 0 0 0; dimensions 1 1 1; }";
    t += " cylinder { material \"/a/box\"; centre 0 0 0; dimensions 1 1 1; }";
    t += " sphere { material \"s\"; centre 0 0 0; radius 1; } }";
    tcol_to_bcol(&parse_tcol(t.as_bytes()))
}

#[test]
fn grit_hull_offsets_are_rejected_strictly_and_repaired_on_request() {
    let good = hand_file();
    let mut bad = good.clone();
    grit_hull_bug(&mut bad);
    assert_eq!(u32_at(&bad, 132), 428 - 196);
    let e = Bcol::parse(&bad, Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            132,
            ErrorKind::GritMaterialOffsets {
                section: Section::Hulls,
                index: 0,
            }
        )
    );
    // The engine loads such a file: the message says how to read it.
    assert_eq!(
        e.to_string(),
        "byte 132 (0x84): found the material offsets of the hulls stored as Grit's converter \
         wrongly writes them (relative to the vertex offset, first at hull 0) (the engine loads \
         this file but reads these materials from the wrong bytes)"
    );
    let repaired = Bcol::parse(&bad, Options::LENIENT).unwrap();
    let strict = Bcol::parse(&good, Options::STRICT).unwrap();
    assert_eq!(
        repaired.shapes().collect::<Vec<_>>(),
        strict.shapes().collect::<Vec<_>>()
    );
    assert_eq!(
        repaired.tolerated().collect::<Vec<_>>(),
        [repair(Section::Hulls, 1, 132)]
    );
    assert!(repaired.tolerated().all(|l| l.kind.is_tolerated()));
    // lints() lists it first, and nothing else it lists is tolerated.
    let mut lints = repaired.lints();
    assert_eq!(lints.next(), Some(repair(Section::Hulls, 1, 132)));
    assert!(lints.all(|l| !l.kind.is_tolerated()));
    assert_eq!(
        repaired.tolerated().next().unwrap().to_string(),
        "byte 132: repaired 1 material offset of the hulls (stored relative to the vertex offset \
         by Grit's converter, so the engine reads it from the wrong bytes); `convert --lenient \
         --to bcol` writes it right"
    );
    // The input is untouched, and a rewrite is correct.
    assert_eq!(u32_at(&bad, 132), 428 - 196);
    assert_eq!(support::bcol::bcol_to_bcol(&repaired), good);
}

#[test]
fn grit_box_offsets_are_rejected_strictly_and_repaired_on_request() {
    let good = hand_file();
    let mut bad = good.clone();
    grit_box_bug(&mut bad);
    assert_eq!(u32_at(&bad, 148), 436 - 148 + 16);
    let e = Bcol::parse(&bad, Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            148,
            ErrorKind::GritMaterialOffsets {
                section: Section::Boxes,
                index: 0,
            }
        )
    );
    assert_eq!(
        e.to_string(),
        "byte 148 (0x94): found the material offsets of the boxes stored as Grit's converter \
         wrongly writes them (off by 16 bytes per hull, first at box 0) (the engine loads this \
         file but reads these materials from the wrong bytes)"
    );
    let repaired = Bcol::parse(&bad, Options::LENIENT).unwrap();
    assert_eq!(repaired.shapes().nth(1).unwrap().material(), "boxmat");
    assert_eq!(
        repaired.tolerated().find(|l| matches!(
            l.kind,
            LintKind::GritMaterialOffsets {
                section: Section::Boxes,
                ..
            }
        )),
        Some(repair(Section::Boxes, 1, 148))
    );
    assert_eq!(support::bcol::bcol_to_bcol(&repaired), good);
}

#[test]
fn both_bugs_together_as_the_engine_writes_them() {
    let good = many_hulls();
    let strict = Bcol::parse(&good, Options::STRICT).unwrap();
    let mut bad = good.clone();
    grit_hull_bug(&mut bad);
    grit_box_bug(&mut bad);
    // The boxes' buggy offsets point 80 bytes on: some past the end of the file.
    let boxes = u32_at(&bad, at::BOXES + 4) as usize;
    assert!(boxes + u32_at(&bad, boxes) as usize >= bad.len());
    // Strict: the hulls come first.
    let e = Bcol::parse(&bad, Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            132,
            ErrorKind::GritMaterialOffsets {
                section: Section::Hulls,
                index: 0,
            }
        )
    );
    let repaired = Bcol::parse(&bad, Options::LENIENT).unwrap();
    assert_eq!(
        repaired.shapes().map(|s| s.material()).collect::<Vec<_>>(),
        [
            "hull0", "hull1", "hull2", "hull3", "hull4", "/a/box", "hull2", "/a/box", "s"
        ]
    );
    assert_eq!(
        repaired.shapes().collect::<Vec<_>>(),
        strict.shapes().collect::<Vec<_>>()
    );
    assert_eq!(
        repaired.tolerated().collect::<Vec<_>>(),
        [
            repair(Section::Hulls, 5, 132),
            repair(Section::Boxes, 2, boxes)
        ]
    );
    let mut tolerated = repaired.tolerated();
    assert_eq!(tolerated.len(), 2);
    tolerated.next();
    assert_eq!(tolerated.len(), 1);
    assert_eq!(support::bcol::bcol_to_bcol(&repaired), good);
    // A correct file read with the repair option: nothing repaired.
    let again = Bcol::parse(&good, Options::LENIENT).unwrap();
    assert_eq!(again.tolerated().count(), 0);
}

#[test]
fn only_a_whole_section_written_the_buggy_way_is_repaired() {
    // One hull of five rewritten: neither reading names every string.
    let good = many_hulls();
    let mut bad = good.clone();
    let abs = 132 + 16 * 2 + u32_at(&good, 132 + 16 * 2);
    let vo = u32_at(&good, 132 + 16 * 2 + 12);
    set_u32(&mut bad, 132 + 16 * 2, abs - vo);
    for options in [Options::STRICT, Options::LENIENT] {
        let e = Bcol::parse(&bad, options).unwrap_err();
        assert_eq!(e.offset(), 132 + 32);
        assert!(
            matches!(
                e.kind(),
                ErrorKind::MaterialOutsideTable {
                    section: Section::Hulls,
                    index: 2,
                    ..
                } | ErrorKind::MaterialInsideString {
                    section: Section::Hulls,
                    index: 2,
                    ..
                }
            ),
            "{e}"
        );
    }
    // Boxes 16 bytes off in a file with no hulls are not Grit's bug (its box
    // offsets are right then): a plain error.
    let tcol = parse_tcol(b"TCOL1.0 attributes { static; } compound { box { material \"long name\"; centre 0 0 0; dimensions 1 1 1; } }");
    let mut bad = tcol_to_bcol(&tcol);
    grit_box_bug(&mut bad); // no hulls: adds 0
    let mut shifted = bad.clone();
    set_u32(&mut shifted, 132, u32_at(&bad, 132) + 16);
    let e = Bcol::parse(&shifted, Options::LENIENT).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::MaterialOutsideTable {
                section: Section::Boxes,
                ..
            }
        ),
        "{e}"
    );
}

// ---------------------------------------------------------------- trimesh presence, lints

#[test]
fn a_trimesh_is_present_only_with_faces() {
    let tcol = parse_tcol(
        b"TCOL1.0 attributes { static; } trimesh { vertexes { 0 0 0; 1 0 0; } faces { } }",
    );
    let bytes = tcol_to_bcol(&tcol);
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    assert!(file.trimesh().is_none());
    assert_eq!(file.trimesh_vertices().len(), 2);
    let lints: Vec<_> = file.lints().collect();
    assert_eq!(lints.len(), 1);
    assert_eq!(lints[0].offset, at::VERTICES);
    assert_eq!(
        lints[0].kind,
        LintKind::VerticesWithoutFaces { vertices: 2 }
    );
}

#[test]
fn lints_name_the_field_at_fault() {
    let text = b"TCOL1.0 attributes { mass 1; } compound {
        box { material \"b\"; centre 0 0 0; dimensions 1 -1 1; orientation 2 0 0 0; }
        cylinder { material \"c\"; centre 0 0 0; dimensions 1 2 3; }
        plane { material \"p\"; normal 0 0 2; distance 0; }
        sphere { material \"s\"; centre 0 0 0; radius 0; }
    } trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 0 1 \"f\"; } }";
    let mut bytes = tcol_to_bcol(&parse_tcol(text));
    bytes[at::INERTIA_PROVIDED] = 2;
    bytes[at::LINEAR_DAMPING..at::LINEAR_DAMPING + 4].copy_from_slice(&(-1.0f32).to_le_bytes());
    bytes[at::CCD_MOTION..at::CCD_MOTION + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    let lints: Vec<_> = file.lints().map(|l| (l.offset, l.shape, l.kind)).collect();
    let (boxes, cylinders, planes, spheres) = (132, 180, 228, 248);
    let faces = u32_at(&bytes, at::FACES + 4) as usize;
    assert_eq!(
        lints,
        [
            (
                at::INERTIA_PROVIDED,
                None,
                LintKind::InertiaFlag { value: 2 }
            ),
            (
                at::LINEAR_DAMPING,
                None,
                LintKind::Negative {
                    property: Keyword::LinearDamping,
                    value: -1.0
                }
            ),
            (
                at::CCD_MOTION,
                None,
                LintKind::NonFinite {
                    property: Keyword::CcdMotionThreshold
                }
            ),
            (
                boxes,
                Some(0),
                LintKind::Tcol(TcolLintKind::NonPositiveSize {
                    shape: ShapeKind::Box,
                    size: zerocol::grit::Size::DimensionY,
                    value: -1.0
                })
            ),
            (
                boxes + 32,
                Some(0),
                LintKind::Tcol(TcolLintKind::NonUnitOrientation {
                    shape: ShapeKind::Box,
                    length_squared: 4.0
                })
            ),
            (
                cylinders,
                Some(1),
                LintKind::Tcol(TcolLintKind::CylinderXyDiffer { x: 1.0, y: 2.0 })
            ),
            (
                planes,
                Some(2),
                LintKind::Tcol(TcolLintKind::NonUnitNormal {
                    length_squared: 4.0
                })
            ),
            (
                spheres,
                Some(3),
                LintKind::Tcol(TcolLintKind::NonPositiveSize {
                    shape: ShapeKind::Sphere,
                    size: zerocol::grit::Size::Radius,
                    value: 0.0
                })
            ),
            (
                at::FACES,
                None,
                LintKind::Tcol(TcolLintKind::DynamicTrimesh)
            ),
            (
                faces,
                None,
                LintKind::Tcol(TcolLintKind::RepeatedIndex {
                    face: 0,
                    indices: [0, 0, 1]
                })
            ),
        ]
    );
    for lint in file.lints() {
        assert!(
            lint.to_string()
                .starts_with(&format!("byte {}", lint.offset))
        );
    }
}

#[test]
fn non_finite_vertices_are_linted_where_they_are() {
    let text = b"TCOL1.0 attributes { static; } compound { hull { material \"h\"; vertexes { 0 0 0; 1 1 1; } } }
        trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"f\"; } }";
    let mut bytes = tcol_to_bcol(&parse_tcol(text));
    let hull_vertices = 132 + u32_at(&bytes, 132 + 12) as usize;
    let vertices = u32_at(&bytes, at::VERTICES + 4) as usize;
    bytes[hull_vertices + 12..hull_vertices + 16].copy_from_slice(&f32::INFINITY.to_le_bytes());
    bytes[vertices + 28..vertices + 32].copy_from_slice(&f32::NAN.to_le_bytes());
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    let lints: Vec<_> = file.lints().map(|l| (l.offset, l.shape)).collect();
    assert_eq!(
        lints,
        [(hull_vertices + 12, Some(0)), (vertices + 24, None)]
    );
    assert!(file.lints().all(|l| l.kind
        == LintKind::NonFinite {
            property: Keyword::Vertexes
        }));
}

/// Every BCOL lint kind says what the engine does and what to do, in one line
/// (docs/formats/grit.md, "What the engine does with each lint"); TCOL's kinds read
/// as in TCOL.
#[test]
fn every_lint_kind_says_what_the_engine_does_and_what_to_do() {
    let cases = [
        (
            LintKind::VerticesWithoutFaces { vertices: 3 },
            "3 trimesh vertices but no faces: the engine builds a trimesh only from faces, so \
             there is none; add the faces or drop the vertices",
        ),
        (
            LintKind::InertiaFlag { value: 2 },
            "inertia_provided is 2, neither 0 nor 1: the engine takes any value but 0 as provided \
             and uses the stored inertia; store 1, or 0 to have it computed",
        ),
        (
            LintKind::NonFinite {
                property: Keyword::Mass,
            },
            "mass is not finite: the engine uses it unchecked, and TCOL cannot write it; store a \
             finite value",
        ),
        (
            LintKind::Negative {
                property: Keyword::LinearDamping,
                value: -0.5,
            },
            "linear_damping is -0.5, below 0: the engine uses it unchecked, but its TCOL parser \
             rejects it, so TCOL cannot say this; store 0 or more",
        ),
        (
            LintKind::GritMaterialOffsets {
                section: Section::Hulls,
                count: 2,
            },
            "repaired 2 material offsets of the hulls (stored relative to the vertex offset by \
             Grit's converter, so the engine reads them from the wrong bytes); `convert \
             --lenient --to bcol` writes them right",
        ),
        (
            LintKind::GritMaterialOffsets {
                section: Section::Boxes,
                count: 1,
            },
            "repaired 1 material offset of the boxes (stored 16 bytes per hull too far by Grit's \
             converter, so the engine reads it from the wrong bytes); `convert --lenient --to \
             bcol` writes it right",
        ),
        (
            LintKind::Tcol(TcolLintKind::DynamicTrimesh),
            "trimesh in a dynamic body: the engine skips it (\"Dynamic trimesh not supported\"), \
             so only the compound collides; make the body static, or use hulls",
        ),
    ];
    for (kind, text) in cases {
        assert_eq!(kind.to_string(), text);
        assert!(!text.contains('\n'), "{text}");
    }
}

// ---------------------------------------------------------------- writer errors

#[test]
fn the_writer_refuses_what_bcol_cannot_say() {
    let tcol = parse_tcol(b"TCOL1.0 attributes { static; } compound { sphere { material \"s\"; centre 0 0 0; radius 1; } hull { material \"h\"; shrink 0.1; vertexes { 0 0 0; } } }");
    let e = bcol::required_len(&tcol.attributes(), tcol.shapes(), tcol.trimesh()).unwrap_err();
    assert_eq!(
        e,
        WriteError::Invalid(InputError::Shrink {
            shape: 1,
            shrink: 0.1
        })
    );
    assert!(e.to_string().contains("shrink"));
    let tcol = parse_tcol(b"TCOL1.0 attributes { static; } compound { sphere { material \"s\"; centre 0 0 0; radius 1; } }");
    let mut a = tcol.attributes();
    a.mass = 3.0;
    let mut out = vec![0; 1000];
    assert_eq!(
        bcol::write(&a, tcol.shapes(), None, &mut out),
        Err(WriteError::Invalid(InputError::StaticMismatch {
            is_static: true,
            mass: 3.0
        }))
    );
    let mut a = tcol.attributes();
    a.is_static = false;
    assert!(matches!(
        bcol::write(&a, tcol.shapes(), None, &mut out),
        Err(WriteError::Invalid(InputError::StaticMismatch { .. }))
    ));
    // Too small for the records, then too small for the strings.
    let a = tcol.attributes();
    let need = bcol::required_len(&a, tcol.shapes(), None).unwrap();
    assert_eq!(need, 132 + 20 + 2);
    for len in [0, 151, 152, 153] {
        assert_eq!(
            bcol::write(&a, tcol.shapes(), None, &mut out[..len]),
            Err(WriteError::BufferTooSmall {
                needed: need,
                available: len
            }),
            "{len}"
        );
    }
    assert_eq!(
        bcol::write(&a, tcol.shapes(), None, &mut out[..154]),
        Ok(154)
    );
}

#[test]
fn the_writer_shares_strings_and_needs_no_more_than_required() {
    let tcol = parse_tcol(b"TCOL1.0 attributes { static; } compound {
        sphere { material \"stone\"; centre 0 0 0; radius 1; }
        sphere { material \"wood\"; centre 0 0 0; radius 1; }
        sphere { material \"stone\"; centre 0 0 0; radius 1; } }
        trimesh { vertexes { 0 0 0; 1 0 0; 0 1 0; } faces { 0 1 2 \"wood\"; 0 2 1 \"wood\"; 1 2 0 \"st\"; } }");
    let bound = bcol::required_len(&tcol.attributes(), tcol.shapes(), tcol.trimesh()).unwrap();
    let bytes = tcol_to_bcol(&tcol);
    let file = Bcol::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!(file.string_table(), b"stone\0wood\0st\0");
    assert_eq!(bound - bytes.len(), 6 + 5 + 5); // stone, wood, wood again
    // The exact length fits exactly.
    let mut exact = vec![0; bytes.len()];
    assert_eq!(
        bcol::write(
            &tcol.attributes(),
            tcol.shapes(),
            tcol.trimesh(),
            &mut exact
        ),
        Ok(bytes.len())
    );
    assert_eq!(exact, bytes);
}

// ---------------------------------------------------------------- sniff

#[test]
fn sniff_tells_text_from_binary_by_the_first_four_bytes() {
    assert_eq!(
        sniff(b"TCOL1.0\nattributes { static; }"),
        Some(Flavour::Tcol)
    );
    assert_eq!(sniff(&hand_file()), Some(Flavour::Bcol));
    assert_eq!(sniff(b"BCOL"), Some(Flavour::Bcol));
    assert_eq!(sniff(b"TCOL"), Some(Flavour::Tcol));
    for junk in [
        &b""[..],
        b"BCO",
        b"bcol1.0\n",
        b" TCOL1.0",
        b"COL3",
        b"\xEF\xBB\xBFTCOL",
        b"\0\0\0\0",
    ] {
        assert_eq!(sniff(junk), None, "{junk:?}");
    }
    // Sniffing decides the parser; the parser checks the rest.
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let bytes: Vec<u8> = (0..rng.below(12)).map(|_| rng.byte()).collect();
        let expected = match bytes.get(..4) {
            Some(b"TCOL") => Some(Flavour::Tcol),
            Some(b"BCOL") => Some(Flavour::Bcol),
            _ => None,
        };
        assert_eq!(sniff(&bytes), expected);
    }
}

#[test]
fn a_wrong_offset_that_lands_on_another_string_is_still_recognised() {
    // One hull (at 132, its vertices at 148: vertex offset 16) and a trimesh
    // whose strings put "F" exactly where the hull's buggy offset points
    // (table + 116): the stored reading names a string, but out of the order
    // of first use.
    let x = "x".repeat(113);
    let text = format!(
        "TCOL1.0 attributes {{ static; }} compound {{ hull {{ material \"H\"; vertexes {{ 0 0 0; }} }} }}
         trimesh {{ vertexes {{ 0 0 0; 1 0 0; 0 1 0; }} faces {{ 0 1 2 \"{x}\"; 0 2 1 \"F\"; }} }}"
    );
    let good = tcol_to_bcol(&parse_tcol(text.as_bytes()));
    let table = Bcol::parse(&good, Options::STRICT)
        .unwrap()
        .string_table_offset();
    assert_eq!(&good[table + 116..], b"F\0");
    let mut bad = good.clone();
    grit_hull_bug(&mut bad);
    assert_eq!(132 + u32_at(&bad, 132) as usize, table + 116);
    let e = Bcol::parse(&bad, Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            132,
            ErrorKind::GritMaterialOffsets {
                section: Section::Hulls,
                index: 0,
            }
        )
    );
    let file = Bcol::parse(&bad, Options::LENIENT).unwrap();
    assert_eq!(file.shapes().next().unwrap().material(), "H");
    assert!(matches!(
        file.tolerated().next().map(|l| l.kind),
        Some(LintKind::GritMaterialOffsets {
            section: Section::Hulls,
            count: 1
        })
    ));
}

#[test]
fn valid_offsets_in_another_order_are_read_as_stored() {
    // The hull names "boxmat" (436) before "hullmat" (428) is used: not the
    // converter's order, but every offset names a string and no reading of
    // the converter's bugs does.
    let mut bytes = hand_file();
    set_u32(&mut bytes, 132, 436 - 132);
    for options in [Options::STRICT, Options::LENIENT] {
        let file = Bcol::parse(&bytes, options).unwrap();
        assert_eq!(file.shapes().next().unwrap().material(), "boxmat");
        assert_eq!(file.tolerated().count(), 0);
    }
}
