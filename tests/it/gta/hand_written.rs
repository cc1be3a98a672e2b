//! Models written out by hand, field by field in file order, straight from
//! docs/formats/gta.md: no builder involved, so a layout misreading shared by the test
//! builder and the library cannot hide here.

use zerocol::gta::{self, FaceSurface, Flags, Options, Records, Surface, Version};

use crate::support::bytes::push_f32s;

fn f(v: f32) -> [u8; 4] {
    v.to_le_bytes()
}

fn put(out: &mut Vec<u8>, parts: &[&[u8]]) {
    for part in parts {
        out.extend_from_slice(part);
    }
}

fn fixed(out: &mut Vec<u8>, v: [i16; 3]) {
    for c in v {
        out.extend_from_slice(&c.to_le_bytes());
    }
}

/// A 192-byte COLL model: 1 sphere, 0 lines, 1 box, 3 vertices, 1 face.
fn coll() -> Vec<u8> {
    let mut m = Vec::new();
    put(&mut m, &[b"COLL", &184u32.to_le_bytes()]); // size = 192 - 8
    put(&mut m, &[b"hex_coll\0", b"JUNKJUNKJUNKJUN"]); // 24-byte name block, junk after NUL
    assert_eq!(m.len(), 32);
    // Bounds, COLL order: radius, centre, min, max.
    put(&mut m, &[&f(9.5)]);
    push_f32s(&mut m, &[1.0, 2.0, 3.0]);
    push_f32s(&mut m, &[-4.0, -5.0, -6.0]);
    push_f32s(&mut m, &[7.0, 8.0, 9.0]);
    assert_eq!(m.len(), 72);
    // Spheres: count, then radius, centre, surface.
    put(&mut m, &[&1u32.to_le_bytes(), &f(0.5)]);
    push_f32s(&mut m, &[1.5, 2.5, 3.5]);
    put(&mut m, &[&[1, 2, 3, 0x45]]);
    // Lines: none.
    put(&mut m, &[&0u32.to_le_bytes()]);
    // Boxes: count, then min, max, surface.
    put(&mut m, &[&1u32.to_le_bytes()]);
    push_f32s(&mut m, &[-1.0, -2.0, -3.0]);
    push_f32s(&mut m, &[4.0, 5.0, 6.0]);
    put(&mut m, &[&[7, 8, 9, 0x10]]);
    // Vertices: count, then floats.
    put(&mut m, &[&3u32.to_le_bytes()]);
    push_f32s(&mut m, &[0.0, 0.0, 0.0]);
    push_f32s(&mut m, &[300.0, 0.0, 0.0]); // beyond the COL2+ fixed-point range
    push_f32s(&mut m, &[0.0, 1.0, -0.25]);
    // Faces: count, then a, b, c as u32 and a full surface.
    put(
        &mut m,
        &[
            &1u32.to_le_bytes(),
            &0u32.to_le_bytes(),
            &1u32.to_le_bytes(),
            &2u32.to_le_bytes(),
        ],
    );
    put(&mut m, &[&[11, 12, 13, 0x21]]);
    assert_eq!(m.len(), 192);
    m
}

/// A 256-byte COL3 model with every section but lines, at the offsets a
/// canonical writer uses: spheres at 120, boxes 140, vertices 168 (+2 pad),
/// 1 face group at 188 and its count at 216, faces 220, shadow vertices 228
/// (+2 pad), shadow faces 248.
fn col3() -> Vec<u8> {
    let mut m = Vec::new();
    put(&mut m, &[b"COL3", &248u32.to_le_bytes()]);
    put(&mut m, &[b"exactly_22_characters!", &4321u16.to_le_bytes()]); // no NUL, then model id
    assert_eq!(m.len(), 32);
    // Bounds, COL2+ order: min, max, centre, radius.
    push_f32s(&mut m, &[-1.0, -2.0, -3.0]);
    push_f32s(&mut m, &[1.0, 2.0, 3.0]);
    push_f32s(&mut m, &[0.25, 0.5, 0.75]);
    put(&mut m, &[&f(3.75)]);
    // Counts: spheres 1, boxes 1, faces 1 (u16 each), lines 0 (u8), padding.
    put(
        &mut m,
        &[
            &1u16.to_le_bytes(),
            &1u16.to_le_bytes(),
            &1u16.to_le_bytes(),
            &[0, 0],
        ],
    );
    put(&mut m, &[&26u32.to_le_bytes()]); // flags: not empty | face groups | shadow mesh
    // Offsets from model start + 4: spheres, boxes, lines, vertices, faces, planes.
    for offset in [116u32, 136, 0, 164, 216, 0] {
        m.extend_from_slice(&offset.to_le_bytes());
    }
    // Shadow: face count, vertex offset, face offset.
    for v in [1u32, 224, 244] {
        m.extend_from_slice(&v.to_le_bytes());
    }
    assert_eq!(m.len(), 120);
    // Sphere: centre, radius, surface.
    push_f32s(&mut m, &[0.5, -0.5, 1.0]);
    put(&mut m, &[&f(0.125), &[21, 22, 23, 0x5A]]);
    // Box.
    push_f32s(&mut m, &[-0.5, -0.5, 0.0]);
    push_f32s(&mut m, &[0.5, 0.5, 2.0]);
    put(&mut m, &[&[31, 32, 33, 0x6B]]);
    assert_eq!(m.len(), 168);
    // Vertices, fixed point × 128, then 2 pad bytes (18 is not a multiple of 4).
    fixed(&mut m, [-128, 0, 64]);
    fixed(&mut m, [128, 256, -32]);
    fixed(&mut m, [32767, -32768, 1]);
    put(&mut m, &[&[0, 0]]);
    // One face group: min, max, first, last; then the group count.
    push_f32s(&mut m, &[-1.0, 0.0, -0.25]);
    push_f32s(&mut m, &[256.0, 2.0, 0.5]);
    put(
        &mut m,
        &[
            &0u16.to_le_bytes(),
            &0u16.to_le_bytes(),
            &1u32.to_le_bytes(),
        ],
    );
    assert_eq!(m.len(), 220);
    // Face: a, b, c as u16, material, light.
    put(
        &mut m,
        &[
            &2u16.to_le_bytes(),
            &0u16.to_le_bytes(),
            &1u16.to_le_bytes(),
            &[41, 0x7C],
        ],
    );
    // Shadow vertices (+2 pad) and one shadow face.
    fixed(&mut m, [0, 0, 0]);
    fixed(&mut m, [640, 0, 0]);
    fixed(&mut m, [0, 640, 128]);
    put(&mut m, &[&[0, 0]]);
    put(
        &mut m,
        &[
            &1u16.to_le_bytes(),
            &2u16.to_le_bytes(),
            &0u16.to_le_bytes(),
            &[51, 0x8D],
        ],
    );
    assert_eq!(m.len(), 256);
    m
}

#[test]
fn coll_written_by_hand() {
    let bytes = coll();
    let m = gta::Model::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!((m.version(), m.size(), m.len()), (Version::Coll, 184, 192));
    assert_eq!(m.name(), b"hex_coll");
    assert_eq!(&m.name_block()[9..], b"JUNKJUNKJUNKJUN");
    assert_eq!(m.model_id(), u16::from_le_bytes(*b"UN")); // bytes 30..32: junk in COLL
    let b = m.bounds();
    assert_eq!(
        (b.radius, b.center, b.min, b.max),
        (9.5, [1.0, 2.0, 3.0], [-4.0, -5.0, -6.0], [7.0, 8.0, 9.0])
    );
    assert_eq!(m.flags(), Flags(0));

    let s = m.spheres().get(0).unwrap();
    assert_eq!((s.center, s.radius), ([1.5, 2.5, 3.5], 0.5));
    assert_eq!(
        s.surface,
        Surface {
            material: 1,
            flag: 2,
            brightness: 3,
            light: 0x45
        }
    );
    assert!(m.lines().is_empty());
    let x = m.boxes().get(0).unwrap();
    assert_eq!(
        (x.min, x.max, x.surface.to_bytes()),
        ([-1.0, -2.0, -3.0], [4.0, 5.0, 6.0], [7, 8, 9, 0x10])
    );
    let vertices: Vec<_> = m.vertices().iter().collect();
    assert_eq!(
        vertices,
        [[0.0, 0.0, 0.0], [300.0, 0.0, 0.0], [0.0, 1.0, -0.25]]
    );
    let face = m.faces().get(0).unwrap();
    assert_eq!(face.indices, [0, 1, 2]);
    assert_eq!(
        face.surface,
        FaceSurface::Full(Surface {
            material: 11,
            flag: 12,
            brightness: 13,
            light: 0x21
        })
    );
    assert_eq!((face.surface.material(), face.surface.light()), (11, 0x21));
    assert!(
        m.face_groups().is_empty() && m.shadow_vertices().is_empty() && m.shadow_faces().is_empty()
    );
    let lints: Vec<_> = m.lints().collect();
    assert_eq!(
        lints,
        [
            gta::Lint {
                // Vertex 1: after the counts and records of 1 sphere, 0 lines and 1 box
                // (72 + 4 + 20 + 4 + 4 + 28), the vertex count and vertex 0.
                offset: 148,
                kind: gta::LintKind::VertexOutsideFixedPoint { first: 1, count: 1 }
            },
            gta::Lint {
                // The same vertex, through the face that names it, lies outside
                // the stored bounds: at the bounds.
                offset: 32,
                kind: gta::LintKind::OutsideBounds {
                    game: gta::Game::All,
                    section: gta::Section::Faces,
                    first: 0,
                    count: 1,
                    steps: 37504
                }
            }
        ]
    );
    assert_eq!(
        lints[0].to_string(),
        "byte 148 (0x94): 1 vertices (first #1) lie outside -256..256: GTA SA loads COLL \
         vertices as 16-bit 1/128 fixed point, so these wrap to the far side (and COL2+ cannot \
         store them); keep the mesh within 256 units of the model's origin"
    );
}

#[test]
fn col3_written_by_hand() {
    let bytes = col3();
    let m = gta::Model::parse(&bytes, Options::STRICT).unwrap();
    assert_eq!((m.version(), m.size(), m.len()), (Version::Col3, 248, 256));
    assert_eq!(m.name(), b"exactly_22_characters!");
    assert_eq!(m.model_id(), 4321);
    let b = m.bounds();
    assert_eq!(
        (b.min, b.max, b.center, b.radius),
        ([-1.0, -2.0, -3.0], [1.0, 2.0, 3.0], [0.25, 0.5, 0.75], 3.75)
    );
    assert_eq!(m.flags().bits(), 26);
    assert!(m.flags().not_empty() && m.flags().has_face_groups() && m.flags().has_shadow_mesh());

    let s = m.spheres().get(0).unwrap();
    assert_eq!(
        (s.center, s.radius, s.surface.to_bytes()),
        ([0.5, -0.5, 1.0], 0.125, [21, 22, 23, 0x5A])
    );
    let x = m.boxes().get(0).unwrap();
    assert_eq!(
        (x.min, x.max, x.surface.to_bytes()),
        ([-0.5, -0.5, 0.0], [0.5, 0.5, 2.0], [31, 32, 33, 0x6B])
    );
    assert!(m.lines().is_empty());
    let vertices: Vec<_> = m.vertices().iter().collect();
    assert_eq!(
        vertices,
        [
            [-1.0, 0.0, 0.5],
            [1.0, 2.0, -0.25],
            [32767.0 / 128.0, -256.0, 1.0 / 128.0]
        ]
    );
    match m.vertices() {
        Records::Col2(raw) => assert_eq!(raw[2].position.map(|c| c.get()), [32767, -32768, 1]),
        Records::Coll(_) => panic!("COL3 vertices are fixed point"),
    }
    let face = m.faces().get(0).unwrap();
    assert_eq!(face.indices, [2, 0, 1]);
    assert_eq!(
        face.surface,
        FaceSurface::Compact {
            material: 41,
            light: 0x7C
        }
    );
    assert_eq!(gta::day_night(0x7C), (0xC, 0x7));
    let g = m.face_groups().get(0).unwrap();
    assert_eq!(
        (g.min, g.max, g.first, g.last),
        ([-1.0, 0.0, -0.25], [256.0, 2.0, 0.5], 0, 0)
    );
    let shadow: Vec<_> = m.shadow_vertices().iter().collect();
    assert_eq!(shadow, [[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 5.0, 1.0]]);
    let sf = m.shadow_faces().get(0).unwrap();
    assert_eq!(
        (sf.indices, sf.surface),
        (
            [1, 2, 0],
            FaceSurface::Compact {
                material: 51,
                light: 0x8D
            }
        )
    );
    // Its extreme vertices (±255.99), through face 0, lie outside the small stored
    // box and sphere, and outside group 0's box: the lints a real file like it
    // would get.
    assert_eq!(
        m.lints().collect::<Vec<_>>(),
        [
            gta::Lint {
                offset: 32,
                kind: gta::LintKind::OutsideBounds {
                    game: gta::Game::Sa,
                    section: gta::Section::Faces,
                    first: 0,
                    count: 1,
                    // Past the stored sphere (radius 3.75 around [0.25, 0.5, 0.75]).
                    steps: 45884
                }
            },
            gta::Lint {
                offset: 188,
                kind: gta::LintKind::FaceGroupBox { group: 0, faces: 1 }
            }
        ]
    );

    // Both in one library, the COL3 first, then 2,047 bytes of sector padding.
    let library = [col3(), coll(), vec![0; 2047]].concat();
    let summary = gta::check(&library, Options::STRICT).unwrap();
    assert_eq!(
        (
            summary.models,
            summary.end.offset,
            summary.end.trailing_bytes
        ),
        (2, 448, 2047)
    );
    assert!(summary.end.trailing_is_padding);
}
