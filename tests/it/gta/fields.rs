//! Every field of every GTA record type, decoded and raw, for COLL, COL2, COL3 and COL4.
//!
//! Models come from the test builder with distinct, fixed-point-exact values in every field
//! (`support::gta::full_spec`), so a field read from the wrong place or decoded the wrong
//! way shows up as a mismatch.

use zerocol::gta::{
    self, Decode, End, FaceSurface, Flags, Model, Options, RawBounds, Records, Summary, Surface,
    Version, day_night, raw,
};

use crate::support::bytes::{f32_at, u32_at};
use crate::support::gta::{self as b, Built, FULL_FACES, FULL_SHADOW_FACES, ModelSpec, full_spec};

// ---------------------------------------------------------------------------------------------
// expected values, straight from the spec the builder wrote

fn surface(s: [u8; 4]) -> Surface {
    Surface {
        material: s[0],
        flag: s[1],
        brightness: s[2],
        light: s[3],
    }
}

fn expected_bounds(spec: &ModelSpec) -> gta::Bounds {
    let bb = &spec.bounds;
    gta::Bounds {
        min: bb.min,
        max: bb.max,
        center: bb.center,
        radius: bb.radius,
    }
}

fn expected_spheres(spec: &ModelSpec) -> Vec<gta::Sphere> {
    spec.spheres
        .iter()
        .map(|s| gta::Sphere {
            center: s.center,
            radius: s.radius,
            surface: surface(s.surface),
        })
        .collect()
}

fn expected_lines(spec: &ModelSpec) -> Vec<gta::Line> {
    let coll = spec.version() == 1;
    spec.lines
        .iter()
        .map(|l| gta::Line {
            start: l.start,
            end: l.end,
            radii: if coll {
                None
            } else {
                Some([l.start_radius, l.end_radius])
            },
        })
        .collect()
}

fn expected_boxes(spec: &ModelSpec) -> Vec<gta::CollisionBox> {
    spec.boxes
        .iter()
        .map(|c| gta::CollisionBox {
            min: c.min,
            max: c.max,
            surface: surface(c.surface),
        })
        .collect()
}

fn expected_faces(faces: &[b::Face], coll: bool) -> Vec<gta::Face> {
    faces
        .iter()
        .map(|f| gta::Face {
            indices: f.indices,
            surface: if coll {
                FaceSurface::Full(surface(f.surface))
            } else {
                FaceSurface::Compact {
                    material: f.surface[0],
                    light: f.surface[3],
                }
            },
        })
        .collect()
}

fn expected_groups(spec: &ModelSpec) -> Vec<gta::FaceGroup> {
    spec.face_groups
        .iter()
        .map(|g| gta::FaceGroup {
            min: g.min,
            max: g.max,
            first: g.first,
            last: g.last,
        })
        .collect()
}

/// Asserts that `slice` is borrowed from `model` at model-relative byte `at` (zero copy, and
/// read from the right place).
fn assert_at<T>(model: &Model<'_>, slice: &[T], at: usize, what: &str) {
    assert!(!slice.is_empty(), "{what}: empty");
    let want = model.bytes()[at..].as_ptr();
    assert_eq!(
        slice.as_ptr().cast::<u8>(),
        want,
        "{what}: not at model byte {at}"
    );
}

/// Every decoded value of `model` against `spec`, through `iter`, `get`, `into_iter` and the
/// reversed iterator, plus the model-level accessors.
fn assert_decoded(model: &Model<'_>, spec: &ModelSpec, built: &Built, offset: usize) {
    let v = spec.version();
    let coll = v == 1;
    assert_eq!(model.version().number(), v);
    assert_eq!(model.version().fourcc(), spec.fourcc);
    assert_eq!(model.offset(), offset);
    assert_eq!(model.bytes(), &built.bytes[..]);
    assert_eq!(model.len(), built.bytes.len());
    assert!(!model.is_empty());
    assert_eq!(model.size() as usize, built.bytes.len() - 8);
    assert_eq!(model.declared_len(), built.bytes.len() as u64);
    assert!(!model.is_truncated());
    assert_eq!(model.unparsed_tail(), 0);
    assert_eq!(model.header().fourcc, spec.fourcc);
    assert_eq!(model.header().size.get(), model.size());
    assert_eq!(model.name_block(), &spec.name_block);
    assert_eq!(
        model.model_id(),
        u16::from_le_bytes([spec.name_block[22], spec.name_block[23]])
    );
    assert_eq!(model.bounds(), expected_bounds(spec));

    // The header alone: the model's own, and the one the header walk reads.
    let walked = gta::headers(model.bytes(), Options::STRICT)
        .next()
        .unwrap()
        .unwrap();
    for (head, at) in [(model.as_header(), offset), (walked, 0)] {
        assert_eq!(head.offset(), at);
        assert_eq!(head.version(), model.version());
        assert_eq!(head.bytes(), &built.bytes[..]);
        assert_eq!(head.len(), built.bytes.len());
        assert!(!head.is_empty());
        assert_eq!(head.size(), model.size());
        assert_eq!(head.declared_len(), built.bytes.len() as u64);
        assert!(!head.is_truncated());
        assert_eq!(head.raw(), model.header());
        assert_eq!(head.name(), model.name());
        assert_eq!(head.name_block(), &spec.name_block);
        assert_eq!(head.model_id(), model.model_id());
        assert_eq!(head.bounds(), expected_bounds(spec));
        assert_eq!(head.raw_bounds(), model.raw_bounds());
    }
    let parsed = walked.parse(Options::STRICT).unwrap();
    assert_eq!(parsed.bytes(), model.bytes());
    assert_eq!(parsed.vertices().len(), model.vertices().len());
    assert_eq!(
        parsed.shadow_vertices().len(),
        model.shadow_vertices().len()
    );

    let spheres = expected_spheres(spec);
    assert_eq!(model.spheres().iter().collect::<Vec<_>>(), spheres);
    assert_eq!(model.spheres().len(), spheres.len());
    for (i, s) in spheres.iter().enumerate() {
        assert_eq!(model.spheres().get(i).as_ref(), Some(s));
    }
    assert_eq!(model.spheres().get(spheres.len()), None);
    assert_eq!(
        model.lines().into_iter().collect::<Vec<_>>(),
        expected_lines(spec)
    );
    let boxes: Vec<_> = model.boxes().iter().collect();
    assert_eq!(boxes, expected_boxes(spec));
    assert_eq!(model.vertices().iter().collect::<Vec<_>>(), spec.vertices);
    let faces = expected_faces(&spec.faces, coll);
    assert_eq!(model.faces().iter().collect::<Vec<_>>(), faces);
    let mut reversed = faces.clone();
    reversed.reverse();
    assert_eq!(model.faces().iter().rev().collect::<Vec<_>>(), reversed);
    let groups: Vec<_> = model.face_groups().iter().collect();
    assert_eq!(groups, expected_groups(spec));
    let shadow_vertices: Vec<_> = model.shadow_vertices().iter().collect();
    assert_eq!(shadow_vertices, spec.shadow_vertices);
    let shadow_faces: Vec<_> = model.shadow_faces().iter().collect();
    assert_eq!(shadow_faces, expected_faces(&spec.shadow_faces, false));
    assert_eq!(
        model.lints().count(),
        0,
        "{:?}",
        model.lints().collect::<Vec<_>>()
    );
}

/// The raw COL2+ views that every COL2/3/4 full model shares.
fn assert_raw_col2(m: &Model<'_>, spec: &ModelSpec, built: &Built) {
    let l = &built.layout;
    let header_len = m.version().header_len();
    assert_eq!(l.header_end, header_len);

    // Bounds as stored: min, max, centre, radius.
    match m.raw_bounds() {
        RawBounds::Col2(rb) => {
            assert_eq!(raw::vec3(&rb.min), spec.bounds.min);
            assert_eq!(raw::vec3(&rb.max), spec.bounds.max);
            assert_eq!(raw::vec3(&rb.center), spec.bounds.center);
            assert_eq!(rb.radius.get(), spec.bounds.radius);
        }
        other => panic!("expected COL2+ bounds, got {other:?}"),
    }

    // Header: counts, flags, offsets (relative to the model start + 4).
    let h = m.header_v2().expect("COL2+ header");
    assert_eq!(h.sphere_count.get(), 3);
    assert_eq!(h.box_count.get(), 2);
    assert_eq!(h.face_count.get(), 4);
    assert_eq!(h.line_count, 2);
    assert_eq!(h.padding, 0);
    let shadow = if m.version() >= Version::Col3 {
        Flags::SHADOW_MESH
    } else {
        0
    };
    assert_eq!(
        h.flags.get(),
        Flags::NOT_EMPTY | Flags::FACE_GROUPS | shadow
    );
    assert_eq!(m.flags(), Flags(h.flags.get()));
    assert!(m.flags().not_empty());
    assert!(m.flags().has_face_groups());
    assert_eq!(m.flags().has_shadow_mesh(), m.version() >= Version::Col3);
    // The first section starts exactly at the header end, the rest follow in canonical order.
    assert_eq!(h.sphere_offset.get() as usize, header_len - 4);
    assert_eq!(h.sphere_offset.get() as usize, l.spheres - 4);
    assert_eq!(h.box_offset.get() as usize, header_len - 4 + 3 * 20);
    assert_eq!(h.box_offset.get() as usize, l.boxes - 4);
    assert_eq!(
        h.line_offset.get() as usize,
        header_len - 4 + 3 * 20 + 2 * 28
    );
    assert_eq!(h.line_offset.get() as usize, l.lines - 4);
    assert_eq!(
        h.vertex_offset.get() as usize,
        header_len - 4 + 3 * 20 + 2 * 28 + 2 * 32
    );
    assert_eq!(h.vertex_offset.get() as usize, l.vertices - 4);
    // 5 vertices (30 bytes) + 2 pad bytes + 2 face groups (56) + the group count (4).
    assert_eq!(h.face_offset.get(), h.vertex_offset.get() + 30 + 2 + 56 + 4);
    assert_eq!(h.face_offset.get() as usize, l.faces - 4);
    assert_eq!(h.triangle_plane_offset.get(), 0);

    // Spheres: centre before radius.
    match m.spheres() {
        Records::Col2(s) => {
            assert_at(m, s, l.spheres, "spheres");
            assert_eq!(s.len(), 3);
            for (r, e) in s.iter().zip(&spec.spheres) {
                assert_eq!(raw::vec3(&r.center), e.center);
                assert_eq!(r.radius.get(), e.radius);
                let rs = r.surface;
                assert_eq!([rs.material, rs.flag, rs.brightness, rs.light], e.surface);
                assert_eq!(rs.decode().to_bytes(), e.surface);
            }
        }
        other => panic!("expected COL2+ spheres, got {other:?}"),
    }
    // Lines with radii.
    match m.lines() {
        Records::Col2(s) => {
            assert_at(m, s, l.lines, "lines");
            assert_eq!(s.len(), 2);
            for (r, e) in s.iter().zip(&spec.lines) {
                assert_eq!(raw::vec3(&r.start), e.start);
                assert_eq!(r.start_radius.get(), e.start_radius);
                assert_eq!(raw::vec3(&r.end), e.end);
                assert_eq!(r.end_radius.get(), e.end_radius);
            }
        }
        other => panic!("expected COL2+ lines, got {other:?}"),
    }
    assert_at(m, m.boxes().as_slice(), l.boxes, "boxes");
    // Vertices: i16 8.7 fixed point.
    match m.vertices() {
        Records::Col2(s) => {
            assert_at(m, s, l.vertices, "vertices");
            assert_eq!(s.len(), 5);
            for (r, e) in s.iter().zip(&spec.vertices) {
                let stored = r.position.map(|c| c.get());
                assert_eq!(stored, e.map(b::fixed));
                assert_eq!(stored.map(|c| f32::from(c) / gta::FIXED_POINT_SCALE), *e);
            }
        }
        other => panic!("expected COL2+ vertices, got {other:?}"),
    }
    // Faces: u16 indices, material, light.
    match m.faces() {
        Records::Col2(s) => {
            assert_at(m, s, l.faces, "faces");
            for ((r, e), idx) in s.iter().zip(&spec.faces).zip(FULL_FACES) {
                assert_eq!(r.indices.map(|i| u32::from(i.get())), idx);
                assert_eq!(r.material, e.surface[0]);
                assert_eq!(r.light, e.surface[3]);
                let fs = r.decode().surface;
                assert_eq!(fs.material(), e.surface[0]);
                assert_eq!(fs.light(), e.surface[3]);
            }
        }
        other => panic!("expected COL2+ faces, got {other:?}"),
    }
    // Face groups: records end at faces - 4, where their u32 count sits.
    let groups = m.face_groups().as_slice();
    assert_at(m, groups, l.face_groups, "face groups");
    assert_eq!(l.face_group_count, l.faces - 4);
    assert_eq!(u32_at(m.bytes(), l.face_group_count), 2);
    assert_eq!(groups.len(), 2);
    for (r, e) in groups.iter().zip(&spec.face_groups) {
        assert_eq!(raw::vec3(&r.min), e.min);
        assert_eq!(raw::vec3(&r.max), e.max);
        assert_eq!(r.first.get(), e.first);
        assert_eq!(r.last.get(), e.last);
    }
    assert_eq!(groups[0].decode().faces(), 0..=1);
    assert_eq!(groups[1].decode().faces(), 2..=3);
    // The groups cover every face exactly once.
    let covered: Vec<usize> = groups.iter().flat_map(|g| g.decode().faces()).collect();
    assert_eq!(covered, (0..m.faces().len()).collect::<Vec<_>>());
}

/// The COL3+ shadow mesh, raw.
fn assert_raw_shadow(m: &Model<'_>, spec: &ModelSpec, built: &Built) {
    let l = &built.layout;
    let sh = m.shadow_header().expect("COL3+ shadow header");
    assert_eq!(sh.face_count.get(), 2);
    assert_eq!(sh.vertex_offset.get() as usize, l.shadow_vertices - 4);
    assert_eq!(sh.face_offset.get() as usize, l.shadow_faces - 4);
    // Shadow vertices follow the faces; 3 vertices (18 bytes) + 2 pad bytes, then shadow faces.
    let h = m.header_v2().unwrap();
    assert_eq!(sh.vertex_offset.get(), h.face_offset.get() + 4 * 8);
    assert_eq!(sh.face_offset.get(), sh.vertex_offset.get() + 18 + 2);
    // The last section ends exactly at size + 4.
    assert_eq!(sh.face_offset.get() + 2 * 8, m.size() + 4);
    assert_at(
        m,
        m.shadow_vertices().as_slice(),
        l.shadow_vertices,
        "shadow vertices",
    );
    assert_at(
        m,
        m.shadow_faces().as_slice(),
        l.shadow_faces,
        "shadow faces",
    );
    assert_eq!(m.shadow_vertices().len(), 3);
    for (r, e) in m
        .shadow_vertices()
        .as_slice()
        .iter()
        .zip(&spec.shadow_vertices)
    {
        assert_eq!(r.position.map(|c| c.get()), e.map(b::fixed));
    }
    for ((r, e), idx) in m
        .shadow_faces()
        .as_slice()
        .iter()
        .zip(&spec.shadow_faces)
        .zip(FULL_SHADOW_FACES)
    {
        assert_eq!(r.indices.map(|i| u32::from(i.get())), idx);
        assert_eq!((r.material, r.light), (e.surface[0], e.surface[3]));
    }
}

fn build(fourcc: &[u8; 4], base: u32) -> (ModelSpec, Built) {
    let spec = full_spec(fourcc, base);
    let built = spec.build();
    (spec, built)
}

// ---------------------------------------------------------------------------------------------
// one test per version

#[test]
fn coll_every_field() {
    let (spec, built) = build(b"COLL", 0);
    let l = &built.layout;
    // 72 + five counts + 3 spheres + 2 lines + 2 boxes + 5 vertices + 4 faces.
    assert_eq!(
        built.bytes.len(),
        72 + 5 * 4 + 3 * 20 + 2 * 24 + 2 * 28 + 5 * 12 + 4 * 16
    );
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert_decoded(&m, &spec, &built, 0);
    assert_eq!(m.version(), Version::Coll);
    assert_eq!(m.size(), 372);
    assert_eq!(m.declared_len(), 380);

    // COLL has no COL2+ header, no flags, no shadow mesh, no extra word, no face groups.
    assert!(m.header_v2().is_none());
    assert!(m.shadow_header().is_none());
    assert_eq!(m.col4_extra(), None);
    assert_eq!(m.flags(), Flags(0));
    assert_eq!(m.flags().bits(), 0);
    assert!(m.face_groups().is_empty());
    assert!(m.shadow_vertices().is_empty());
    assert!(m.shadow_faces().is_empty());

    // Name: up to 24 bytes before the first NUL; the junk stays in the name block.
    assert_eq!(m.name(), b"full_coll");
    assert_eq!(&m.name_block()[..16], b"full_coll\0#junk!");
    assert_eq!(m.model_id(), 4000);

    // Bounds as stored: radius, centre, min, max.
    match m.raw_bounds() {
        RawBounds::Coll(rb) => {
            assert_eq!(rb.radius.get(), spec.bounds.radius);
            assert_eq!(raw::vec3(&rb.center), spec.bounds.center);
            assert_eq!(raw::vec3(&rb.min), spec.bounds.min);
            assert_eq!(raw::vec3(&rb.max), spec.bounds.max);
        }
        other => panic!("expected COLL bounds, got {other:?}"),
    }
    // The first bounds value is the radius, as plain f32 at byte 32.
    assert_eq!(f32_at(&built.bytes, 32), spec.bounds.radius);

    // Each section: a u32 count, then the records.
    for (field, n) in [
        (l.sphere_count, 3),
        (l.line_count, 2),
        (l.box_count, 2),
        (l.vertex_count.unwrap(), 5),
        (l.face_count, 4),
    ] {
        assert_eq!(u32_at(&built.bytes, field), n);
    }
    assert_eq!(l.sphere_count, 72);
    match m.spheres() {
        Records::Coll(s) => {
            assert_at(&m, s, l.spheres, "spheres");
            assert_eq!(l.spheres, 76);
            for (r, e) in s.iter().zip(&spec.spheres) {
                // Radius before centre in COLL.
                assert_eq!(r.radius.get(), e.radius);
                assert_eq!(raw::vec3(&r.center), e.center);
                let rs = r.surface;
                assert_eq!([rs.material, rs.flag, rs.brightness, rs.light], e.surface);
            }
        }
        other => panic!("expected COLL spheres, got {other:?}"),
    }
    match m.lines() {
        Records::Coll(s) => {
            assert_at(&m, s, l.lines, "lines");
            for (r, e) in s.iter().zip(&spec.lines) {
                assert_eq!(raw::vec3(&r.start), e.start);
                assert_eq!(raw::vec3(&r.end), e.end);
                assert_eq!(r.decode().radii, None);
            }
        }
        other => panic!("expected COLL lines, got {other:?}"),
    }
    assert_at(&m, m.boxes().as_slice(), l.boxes, "boxes");
    for (r, e) in m.boxes().as_slice().iter().zip(&spec.boxes) {
        assert_eq!(raw::vec3(&r.min), e.min);
        assert_eq!(raw::vec3(&r.max), e.max);
        assert_eq!(r.surface.decode(), surface(e.surface));
    }
    match m.vertices() {
        Records::Coll(s) => {
            assert_at(&m, s, l.vertices, "vertices");
            let stored: Vec<_> = s.iter().map(|r| raw::vec3(&r.position)).collect();
            assert_eq!(stored, spec.vertices);
        }
        other => panic!("expected COLL vertices, got {other:?}"),
    }
    match m.faces() {
        Records::Coll(s) => {
            assert_at(&m, s, l.faces, "faces");
            for ((r, e), idx) in s.iter().zip(&spec.faces).zip(FULL_FACES) {
                assert_eq!(r.indices.map(|i| i.get()), idx);
                let rs = r.surface;
                assert_eq!([rs.material, rs.flag, rs.brightness, rs.light], e.surface);
                // A COLL face keeps the full surface; light is byte 3, as SA reads it.
                let fs = r.decode().surface;
                assert_eq!(fs, FaceSurface::Full(surface(e.surface)));
                assert_eq!(fs.material(), e.surface[0]);
                assert_eq!(fs.light(), e.surface[3]);
            }
        }
        other => panic!("expected COLL faces, got {other:?}"),
    }
    // The COLL vertex count is stored, not derived.
    assert_eq!(m.vertices().len(), 5);
    // The last section ends exactly at size + 8.
    assert_eq!(l.faces + 4 * 16, m.len());
}

#[test]
fn col2_every_field() {
    let (spec, built) = build(b"COL2", 100);
    // 108 + 3 spheres + 2 boxes + 2 lines + 5 vertices + pad + 2 groups + count + 4 faces.
    assert_eq!(built.bytes.len(), 108 + 60 + 56 + 64 + 30 + 2 + 56 + 4 + 32);
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert_decoded(&m, &spec, &built, 0);
    assert_raw_col2(&m, &spec, &built);
    assert_eq!(m.version(), Version::Col2);
    assert!(m.shadow_header().is_none());
    assert_eq!(m.col4_extra(), None);
    assert!(m.shadow_vertices().is_empty() && m.shadow_faces().is_empty());
    assert_eq!(m.name(), b"full_col2");
    assert_eq!(m.model_id(), 4100);
    assert_eq!(m.flags().bits(), 2 | 8);
    // The faces section is the last one and ends exactly at size + 4.
    let h = m.header_v2().unwrap();
    assert_eq!(h.face_offset.get() + 4 * 8, m.size() + 4);
}

#[test]
fn col3_every_field() {
    let (spec, built) = build(b"COL3", 200);
    assert_eq!(built.bytes.len(), 120 + 304 + 18 + 2 + 16);
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert_decoded(&m, &spec, &built, 0);
    assert_raw_col2(&m, &spec, &built);
    assert_raw_shadow(&m, &spec, &built);
    assert_eq!(m.version(), Version::Col3);
    assert_eq!(m.col4_extra(), None);
    assert_eq!(m.name(), b"full_col3");
    assert_eq!(m.model_id(), 4200);
    assert_eq!(m.flags().bits(), 2 | 8 | 16);
}

#[test]
fn col4_every_field() {
    let (spec, built) = build(b"COL4", 300);
    assert_eq!(built.bytes.len(), 124 + 304 + 18 + 2 + 16);
    let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
    assert_decoded(&m, &spec, &built, 0);
    assert_raw_col2(&m, &spec, &built);
    assert_raw_shadow(&m, &spec, &built);
    assert_eq!(m.version(), Version::Col4);
    assert_eq!(built.layout.col4_extra_field, 120);
    assert_eq!(m.col4_extra(), Some(0xC0DE_0000 + 300));
    assert_eq!(u32_at(&built.bytes, 120), 0xC0DE_0000 + 300);
    assert_eq!(m.name(), b"full_col4");
    assert_eq!(m.model_id(), 4300);
}

/// Every section type has a public name, so a caller's function can take one.
#[test]
fn section_types_are_nameable() {
    fn sphere_radii(spheres: gta::Spheres<'_>) -> Vec<f32> {
        spheres.iter().map(|s| s.radius).collect()
    }
    fn box_surfaces(boxes: gta::Boxes<'_>) -> Vec<[u8; 4]> {
        boxes.iter().map(|b| b.surface.to_bytes()).collect()
    }
    fn line_starts(lines: gta::Lines<'_>) -> Vec<gta::Vec3> {
        lines.iter().map(|l| l.start).collect()
    }
    fn points(vertices: gta::Vertices<'_>) -> Vec<gta::Vec3> {
        vertices.iter().collect()
    }
    fn indices(faces: gta::Faces<'_>) -> Vec<[u32; 3]> {
        faces.iter().map(|f| f.indices).collect()
    }
    fn ranges(groups: gta::FaceGroups<'_>) -> Vec<(u16, u16)> {
        groups.iter().map(|g| (g.first, g.last)).collect()
    }
    fn shadow_points(vertices: gta::ShadowVertices<'_>) -> Vec<gta::Vec3> {
        vertices.iter().collect()
    }
    fn shadow_indices(faces: gta::ShadowFaces<'_>) -> Vec<[u32; 3]> {
        faces.iter().map(|f| f.indices).collect()
    }
    for (fourcc, base) in [(b"COLL", 0), (b"COL2", 100), (b"COL3", 200), (b"COL4", 300)] {
        let (spec, built) = build(fourcc, base);
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        let spec_indices =
            |faces: &[b::Face]| -> Vec<[u32; 3]> { faces.iter().map(|f| f.indices).collect() };
        let radii: Vec<f32> = spec.spheres.iter().map(|s| s.radius).collect();
        assert_eq!(sphere_radii(m.spheres()), radii);
        let surfaces: Vec<[u8; 4]> = spec.boxes.iter().map(|b| b.surface).collect();
        assert_eq!(box_surfaces(m.boxes()), surfaces);
        let starts: Vec<gta::Vec3> = spec.lines.iter().map(|l| l.start).collect();
        assert_eq!(line_starts(m.lines()), starts);
        assert_eq!(points(m.vertices()), spec.vertices);
        assert_eq!(indices(m.faces()), spec_indices(&spec.faces));
        let groups: Vec<(u16, u16)> = spec.face_groups.iter().map(|g| (g.first, g.last)).collect();
        assert_eq!(ranges(m.face_groups()), groups);
        assert_eq!(shadow_points(m.shadow_vertices()), spec.shadow_vertices);
        assert_eq!(
            shadow_indices(m.shadow_faces()),
            spec_indices(&spec.shadow_faces)
        );
        assert!(
            !m.spheres().is_empty() && !m.faces().is_empty(),
            "{fourcc:?}"
        );
    }
}

/// The shipped sample, against literal values (not the builder's spec).
#[test]
fn sample_file_literal_values() {
    let file = b::sample_file();
    let models: Vec<_> = gta::models(&file, Options::STRICT)
        .map(Result::unwrap)
        .collect();
    assert_eq!(models.len(), 4);
    let names: Vec<&[u8]> = models.iter().map(|m| m.name()).collect();
    assert_eq!(
        names,
        [
            &b"bollard_iii"[..],
            b"lamppost_sa",
            b"crate_ps2",
            b"empty_col3"
        ]
    );
    let versions: Vec<_> = models.iter().map(|m| m.version()).collect();
    assert_eq!(
        versions,
        [Version::Coll, Version::Col3, Version::Col2, Version::Col3]
    );

    // The header walk: the same models, framed only, and the same end.
    let mut heads = gta::headers(&file, Options::STRICT);
    let offsets: Vec<(usize, usize, u16)> = heads
        .by_ref()
        .map(|h| h.unwrap())
        .map(|h| (h.offset(), h.len(), h.model_id()))
        .collect();
    let expected: Vec<_> = models
        .iter()
        .map(|m| (m.offset(), m.len(), m.model_id()))
        .collect();
    assert_eq!(offsets, expected);
    assert_eq!(offsets[1].2, 1294);
    assert_eq!(
        heads.end(),
        gta::check(&file, Options::STRICT).map(|s| s.end).ok()
    );

    let bollard = &models[0];
    assert_eq!(bollard.offset(), 0);
    assert_eq!(
        bollard.bounds(),
        gta::Bounds {
            min: [-1.75, -5.5, 0.25],
            max: [4.75, 1.125, 6.625],
            center: [1.5, -2.25, 3.0],
            radius: 6.125
        }
    );
    let s = bollard.spheres().get(0).unwrap();
    assert_eq!(s.center, [1.25, -2.0, 3.5]);
    assert_eq!(s.radius, 2.75);
    assert_eq!(
        s.surface,
        Surface {
            material: 6,
            flag: 1,
            brightness: 200,
            light: 0x3A
        }
    );
    assert_eq!(day_night(s.surface.light), (0xA, 0x3));
    assert_eq!(bollard.vertices().len(), 8);
    assert_eq!(bollard.vertices().get(7), Some([3.875, -0.5, 5.25]));
    assert_eq!(bollard.faces().len(), 12);
    assert_eq!(bollard.faces().get(11).unwrap().indices, [1, 7, 5]);

    let lamp = &models[1];
    assert_eq!(lamp.offset(), bollard.len());
    assert_eq!(lamp.model_id(), 1294);
    assert_eq!(lamp.vertices().get(0), Some([-1.0, -0.75, 0.125]));
    assert_eq!(lamp.vertices().get(7), Some([2.25, 3.625, 7.25]));
    match lamp.vertices() {
        // -1.0 * 128, 3.625 * 128.
        Records::Col2(v) => {
            assert_eq!(v[0].position.map(|c| c.get()), [-128, -96, 16]);
            assert_eq!(v[7].position.map(|c| c.get()), [288, 464, 928]);
        }
        other => panic!("expected COL2+ vertices, got {other:?}"),
    }
    let g = lamp.face_groups().as_slice()[0].decode();
    assert_eq!((g.first, g.last, g.faces()), (0, 11, 0..=11));
    assert_eq!(
        lamp.shadow_vertices().as_slice()[3].decode(),
        [-2.0, 4.5, 0.4375]
    );
    assert_eq!(
        lamp.shadow_faces().as_slice()[1].decode(),
        gta::Face {
            indices: [0, 2, 3],
            surface: FaceSurface::Compact {
                material: 18,
                light: 0x9A
            }
        }
    );
    assert_eq!(lamp.flags().bits(), 2 | 8 | 16);

    let crate_ = &models[2];
    assert_eq!(
        crate_.boxes().as_slice()[1].decode().surface,
        Surface {
            material: 20,
            flag: 1,
            brightness: 140,
            light: 0x3D
        }
    );
    assert_eq!(crate_.flags().bits(), 2);
    let empty = &models[3];
    assert_eq!(empty.size(), 112);
    assert_eq!(empty.flags().bits(), 0);
    assert_eq!(empty.offset() + empty.len(), file.len());
}

// ---------------------------------------------------------------------------------------------
// small types and helpers

#[test]
fn version_helpers() {
    let all = [Version::Coll, Version::Col2, Version::Col3, Version::Col4];
    let fourccs = [*b"COLL", *b"COL2", *b"COL3", *b"COL4"];
    let headers = [72, 108, 120, 124];
    for ((v, fourcc), header) in all.into_iter().zip(fourccs).zip(headers) {
        assert_eq!(Version::from_fourcc(fourcc), Some(v));
        assert_eq!(Version::from_fourcc(&fourcc[..]), Some(v));
        assert_eq!(v.fourcc(), fourcc);
        assert_eq!(v.header_len(), header);
        assert_eq!(v.to_string().as_bytes(), &fourcc);
    }
    assert_eq!(all.map(Version::number), [1, 2, 3, 4]);
    assert!(Version::Coll < Version::Col2 && Version::Col2 < Version::Col3);
    assert!(Version::Col3 < Version::Col4);
    for bad in [
        &b"COL1"[..],
        b"COL5",
        b"coll",
        b"Col3",
        b"COL",
        b"COLLL",
        b"",
        b"\0\0\0\0",
    ] {
        assert_eq!(Version::from_fourcc(bad), None, "{bad:?}");
    }
}

#[test]
fn flags_helpers() {
    assert_eq!(
        (
            Flags::USE_CONES,
            Flags::NOT_EMPTY,
            Flags::FACE_GROUPS,
            Flags::SHADOW_MESH
        ),
        (1, 2, 8, 16)
    );
    let all = Flags(0xFFFF_FFFF);
    assert!(all.not_empty() && all.has_face_groups() && all.has_shadow_mesh());
    assert_eq!(all.bits(), 0xFFFF_FFFF);
    let none = Flags(!(2 | 8 | 16));
    assert!(!none.not_empty() && !none.has_face_groups() && !none.has_shadow_mesh());
    let each = [
        (Flags(2), [true, false, false]),
        (Flags(8), [false, true, false]),
        (Flags(16), [false, false, true]),
    ];
    for (f, want) in each {
        assert_eq!(
            [f.not_empty(), f.has_face_groups(), f.has_shadow_mesh()],
            want,
            "{f:?}"
        );
    }
    assert_eq!(Flags::default(), Flags(0));
}

#[test]
fn surface_bytes_and_day_night() {
    let s = Surface {
        material: 1,
        flag: 2,
        brightness: 3,
        light: 0xB4,
    };
    assert_eq!(s.to_bytes(), [1, 2, 3, 0xB4]);
    assert_eq!(day_night(0xB4), (0x4, 0xB));
    assert_eq!(day_night(0x00), (0, 0));
    assert_eq!(day_night(0xFF), (15, 15));
    assert_eq!(day_night(0x0F), (15, 0));
    assert_eq!(day_night(0xF0), (0, 15));

    let full = FaceSurface::Full(s);
    assert_eq!((full.material(), full.light()), (1, 0xB4));
    let compact = FaceSurface::Compact {
        material: 9,
        light: 0x21,
    };
    assert_eq!((compact.material(), compact.light()), (9, 0x21));

    let group = gta::FaceGroup {
        min: [0.0; 3],
        max: [1.0; 3],
        first: 7,
        last: 7,
    };
    assert_eq!(group.faces(), 7..=7);
    assert_eq!(group.faces().count(), 1);
    let group = gta::FaceGroup {
        first: 65534,
        last: 65535,
        ..group
    };
    assert_eq!(group.faces(), 65534..=65535);
}

/// COL2+ vertex counts are not stored: they are the largest face index + 1, and 0 without faces.
#[test]
fn derived_vertex_counts_are_max_index_plus_one() {
    for fourcc in [b"COL2", b"COL3", b"COL4"] {
        let mut spec = full_spec(fourcc, 10);
        // 8 vertices stored, but the faces only reach index 4; 4 shadow vertices, indices <= 1.
        let mut q = b::Seq::new(400);
        spec.vertices.extend((0..3).map(|_| q.v3()));
        if spec.version() >= 3 {
            spec.shadow_vertices.push(q.v3());
            for f in &mut spec.shadow_faces {
                f.indices = [0, 1, 1];
            }
        }
        let built = spec.build();
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        assert_eq!(m.vertices().len(), 5, "{fourcc:?}");
        assert_eq!(m.vertices().iter().collect::<Vec<_>>(), spec.vertices[..5]);
        if spec.version() >= 3 {
            assert_eq!(m.shadow_vertices().len(), 2);
            let sv: Vec<_> = m.shadow_vertices().iter().collect();
            assert_eq!(sv, spec.shadow_vertices[..2]);
        }

        // The largest index may sit anywhere in any face.
        let mut spec = full_spec(fourcc, 10);
        spec.faces[1].indices = [0, 2, 1];
        spec.faces[2].indices = [1, 0, 2];
        spec.faces[3].indices = [2, 1, 0];
        spec.faces[0].indices = [0, 3, 0];
        let built = spec.build();
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        assert_eq!(m.vertices().len(), 4);

        // No faces: no vertices, even though vertex bytes and an offset are present.
        let mut spec = full_spec(fourcc, 10);
        spec.faces.clear();
        spec.face_groups.clear();
        spec.shadow_faces.clear();
        let built = spec.build();
        assert_ne!(u32_at(&built.bytes, 96), 0);
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        assert_eq!(m.vertices().len(), 0);
        assert!(m.vertices().is_empty());
        assert_eq!(m.vertices().get(0), None);
        assert!(m.shadow_vertices().is_empty());
    }
}

#[test]
fn record_iter_is_exact_size_and_double_ended() {
    for fourcc in [b"COLL", b"COL2", b"COL3", b"COL4"] {
        let (spec, built) = build(fourcc, 20);
        let m = Model::parse(&built.bytes, Options::STRICT).unwrap();
        let want = expected_faces(&spec.faces, spec.version() == 1);
        let mut it = m.faces().iter();
        assert_eq!(it.len(), 4);
        assert_eq!(it.size_hint(), (4, Some(4)));
        assert_eq!(it.next(), Some(want[0]));
        assert_eq!(it.len(), 3);
        assert_eq!(it.next_back(), Some(want[3]));
        assert_eq!(it.size_hint(), (2, Some(2)));
        let snapshot = it.clone();
        assert_eq!(it.next_back(), Some(want[2]));
        assert_eq!(it.next(), Some(want[1]));
        assert_eq!(it.len(), 0);
        assert_eq!(it.next(), None);
        assert_eq!(it.next_back(), None);
        assert_eq!(it.next(), None, "fused");
        // The clone kept its own position.
        assert_eq!(snapshot.collect::<Vec<_>>(), want[1..3]);
        // nth / last / count go through the same bounds.
        assert_eq!(m.spheres().iter().nth(2), m.spheres().get(2));
        assert_eq!(m.spheres().iter().nth(3), None);
        assert_eq!(m.spheres().iter().next_back(), m.spheres().get(2));
        assert_eq!(m.vertices().iter().count(), 5);
        assert_eq!(m.lines().iter().rev().count(), 2);
        // Records is Copy; an empty section iterates nothing from both ends.
        let empty_model = b::ModelSpec::new(fourcc, "e").build().bytes;
        let empty = Model::parse(&empty_model, Options::STRICT).unwrap().faces();
        let copy = empty;
        assert_eq!(copy.iter().len(), 0);
        assert_eq!(empty.iter().next_back(), None);
        assert!(empty.is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// walking several models

#[test]
fn walk_offsets_and_end() {
    let mut parts: Vec<(Vec<u8>, Version)> = Vec::new();
    for (i, (fourcc, v)) in [
        (b"COLL", Version::Coll),
        (b"COL2", Version::Col2),
        (b"COL3", Version::Col3),
        (b"COL4", Version::Col4),
    ]
    .into_iter()
    .enumerate()
    {
        parts.push((full_spec(fourcc, 30 + 100 * i as u32).build().bytes, v));
    }
    let sample = b::sample_models();
    for (built, v) in
        sample
            .iter()
            .zip([Version::Coll, Version::Col3, Version::Col2, Version::Col3])
    {
        parts.push((built.bytes.clone(), v));
    }
    let file = b::concat(&parts.iter().map(|(p, _)| p.as_slice()).collect::<Vec<_>>());

    let mut walk = gta::models(&file, Options::STRICT);
    assert_eq!(walk.end(), None);
    let mut offset = 0;
    for (bytes, version) in &parts {
        let m = walk.next().unwrap().unwrap();
        assert_eq!(m.offset(), offset);
        assert_eq!(m.version(), *version);
        assert_eq!(m.bytes(), &bytes[..]);
        assert_eq!(m.len(), bytes.len());
        // Every model parses the same on its own.
        let alone = Model::parse(bytes, Options::STRICT).unwrap();
        assert_eq!((alone.offset(), alone.len()), (0, m.len()));
        offset += bytes.len();
        assert_eq!(walk.end(), None, "not ended before the last model");
    }
    assert!(walk.next().is_none());
    let end = End {
        offset: file.len(),
        trailing_bytes: 0,
        trailing_is_padding: true,
    };
    assert_eq!(walk.end(), Some(end));
    assert!(walk.next().is_none(), "fused");
    assert_eq!(walk.end(), Some(end));

    assert_eq!(
        gta::check(&file, Options::STRICT),
        Ok(Summary { models: 8, end })
    );
    assert_eq!(
        gta::check(&file, Options::LENIENT),
        Ok(Summary { models: 8, end })
    );

    // recover() on an intact file yields exactly the models.
    let mut rec = gta::recover(&file, Options::STRICT);
    let offsets: Vec<usize> = rec
        .by_ref()
        .map(|r| match r {
            gta::Recovered::Model(m) => m.offset(),
            gta::Recovered::Skipped(s) => panic!("skipped {s:?}"),
        })
        .collect();
    let mut want = vec![0];
    for (p, _) in &parts[..parts.len() - 1] {
        want.push(want.last().unwrap() + p.len());
    }
    assert_eq!(offsets, want);
    assert_eq!(rec.end(), Some(end));
}

#[test]
fn walk_of_empty_buffer() {
    let mut walk = gta::models(&[], Options::STRICT);
    assert!(walk.next().is_none());
    let end = End {
        offset: 0,
        trailing_bytes: 0,
        trailing_is_padding: true,
    };
    assert_eq!(walk.end(), Some(end));
    assert_eq!(
        gta::check(&[], Options::STRICT),
        Ok(Summary { models: 0, end })
    );
    // Only zeros: no models, all padding.
    let end = End {
        offset: 0,
        trailing_bytes: 100,
        trailing_is_padding: true,
    };
    assert_eq!(
        gta::check(&[0; 100], Options::STRICT),
        Ok(Summary { models: 0, end })
    );
}
