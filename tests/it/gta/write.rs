//! The GTA writer: read then write gives the same bytes or the same values, in every
//! version; conversions round to 1/128 and refuse what the target cannot hold; face
//! groups are generated as the game's files have them.

use zerocol::gta::{
    self, Face, FaceGroupMode, FaceSurface, InputErrorKind, Mesh, Model, ModelRepr, Options,
    Surface, Version, WriteError, WriteOptions, face_group_ranges, to_fixed_point,
};

const SAMPLE: &[u8] = include_bytes!("../../../samples/sample.col");

fn written(source: &impl gta::Source, options: &WriteOptions) -> Vec<u8> {
    let len = gta::required_len(source, options).unwrap();
    let mut out = vec![0xAA; len + 3];
    let n = gta::write(source, options, &mut out).unwrap();
    assert_eq!(n, len);
    out.truncate(n);
    out
}

fn models(bytes: &[u8]) -> Vec<Model<'_>> {
    gta::models(bytes, Options::STRICT)
        .map(Result::unwrap)
        .collect()
}

/// Every decoded value of two models, within `tolerance` for coordinates.
fn assert_same_values(a: &Model<'_>, b: &Model<'_>, tolerance: f32) {
    let close = |x: [f32; 3], y: [f32; 3]| x.iter().zip(y).all(|(p, q)| (p - q).abs() <= tolerance);
    assert_eq!(a.name(), b.name());
    assert_eq!(a.bounds(), b.bounds());
    assert_eq!(
        a.spheres().iter().collect::<Vec<_>>(),
        b.spheres().iter().collect::<Vec<_>>()
    );
    assert_eq!(
        a.boxes().iter().collect::<Vec<_>>(),
        b.boxes().iter().collect::<Vec<_>>()
    );
    assert_eq!(a.faces().len(), b.faces().len());
    for (fa, fb) in a.faces().iter().zip(b.faces().iter()) {
        assert_eq!(fa.indices, fb.indices);
        assert_eq!(fa.surface.material(), fb.surface.material());
        assert_eq!(fa.surface.light(), fb.surface.light());
    }
    let used = a
        .faces()
        .iter()
        .flat_map(|f| f.indices)
        .max()
        .map_or(0, |m| m as usize + 1);
    for i in 0..used {
        let (va, vb) = (a.vertices().get(i).unwrap(), b.vertices().get(i).unwrap());
        assert!(close(va, vb), "vertex {i}: {va:?} against {vb:?}");
    }
}

#[test]
fn the_sample_written_as_is_reads_back_to_the_same_values_and_bytes() {
    for model in models(SAMPLE) {
        let out = written(&model, &WriteOptions::AS_IS);
        let back = Model::parse(&out, Options::STRICT).unwrap();
        assert_eq!(back.version(), model.version());
        assert_same_values(&model, &back, 0.0);
        // Written again, the output is its own fixed point.
        assert_eq!(written(&back, &WriteOptions::AS_IS), out);
    }
}

#[test]
fn every_version_converts_to_every_other_within_one_step() {
    for model in models(SAMPLE) {
        for to in [Version::Coll, Version::Col2, Version::Col3, Version::Col4] {
            let mut options = WriteOptions::to(to);
            options.drop_shadow_mesh = true;
            let out = written(&model, &options);
            let back = Model::parse(&out, Options::STRICT).unwrap();
            assert_eq!(back.version(), to);
            assert_eq!(out.len(), gta::required_len(&model, &options).unwrap());
            assert_same_values(&model, &back, 0.5 / 128.0);
        }
    }
}

#[test]
fn fixed_point_rounds_halves_away_from_zero_and_refuses_what_it_cannot_hold() {
    assert_eq!(to_fixed_point(0.0), Some(0));
    assert_eq!(to_fixed_point(0.5 / 128.0), Some(1));
    assert_eq!(to_fixed_point(-0.5 / 128.0), Some(-1));
    assert_eq!(to_fixed_point(0.49 / 128.0), Some(0));
    assert_eq!(to_fixed_point(1.0), Some(128));
    assert_eq!(to_fixed_point(-256.0), Some(i16::MIN));
    assert_eq!(to_fixed_point(255.99), Some(32_767));
    assert_eq!(to_fixed_point(32_767.49 / 128.0), Some(32_767));
    assert_eq!(to_fixed_point(32_767.5 / 128.0), None);
    assert_eq!(to_fixed_point(256.0), None);
    assert_eq!(to_fixed_point(-256.01), None);
    assert_eq!(to_fixed_point(f32::NAN), None);
    assert_eq!(to_fixed_point(f32::INFINITY), None);
}

#[test]
fn every_record_encodes_to_the_bytes_that_decode_back_to_it() {
    use zerocol::gta::{Bounds, CollisionBox, Decode, FaceGroup, Line, Sphere, raw};
    use zerocopy::IntoBytes;

    let surface = Surface {
        material: 3,
        flag: 1,
        brightness: 200,
        light: 0x4F,
    };
    assert_eq!(raw::Surface::from(&surface).as_bytes(), [3, 1, 200, 0x4F]);

    let bounds = Bounds {
        min: [-1.0, -2.0, -3.0],
        max: [4.0, 5.0, 6.0],
        center: [1.5, 1.5, 1.5],
        radius: 7.25,
    };
    assert_eq!(raw::BoundsV1::from(&bounds).decode(), bounds);
    assert_eq!(raw::BoundsV2::from(&bounds).decode(), bounds);
    // COLL stores the radius first, COL2+ last.
    assert_eq!(
        raw::BoundsV1::from(&bounds).as_bytes()[..4],
        7.25f32.to_le_bytes()
    );
    assert_eq!(
        raw::BoundsV2::from(&bounds).as_bytes()[36..],
        7.25f32.to_le_bytes()
    );

    let sphere = Sphere {
        center: [1.5, -2.0, 3.25],
        radius: 0.75,
        surface,
    };
    assert_eq!(raw::SphereV1::from(&sphere).decode(), sphere);
    assert_eq!(raw::SphereV2::from(&sphere).decode(), sphere);

    let collision_box = CollisionBox {
        min: [-1.0, -1.0, -1.0],
        max: [1.0, 2.0, 3.0],
        surface,
    };
    assert_eq!(
        raw::CollisionBox::from(&collision_box).decode(),
        collision_box
    );

    let line = Line {
        start: [0.0, 1.0, 2.0],
        end: [3.0, 4.0, 5.0],
        radii: Some([0.5, 0.25]),
    };
    assert_eq!(raw::LineV2::from(&line).decode(), line);
    // COLL stores no radii; COL2+ writes 0 for a line without them.
    let coll_line = Line {
        radii: None,
        ..line
    };
    assert_eq!(raw::LineV1::from(&line).decode(), coll_line);
    assert_eq!(raw::LineV2::from(&coll_line).decode().radii, Some([0.0; 2]));

    let vertex = [1.0, -2.5, 100.126];
    assert_eq!(raw::VertexV1::from(&vertex).decode(), vertex);

    let face = Face {
        indices: [0, 7, 65_535],
        surface: FaceSurface::Full(surface),
    };
    assert_eq!(raw::FaceV1::from(&face).decode(), face);
    let compact = raw::FaceV2::try_from(&face).unwrap();
    assert_eq!(compact.as_bytes(), [0, 0, 7, 0, 0xFF, 0xFF, 3, 0x4F]);
    let compact_face = Face {
        surface: FaceSurface::Compact {
            material: 3,
            light: 0x4F,
        },
        ..face
    };
    assert_eq!(compact.decode(), compact_face);
    // A COL2+ surface written as COLL: flag and brightness 0.
    assert_eq!(
        raw::FaceV1::from(&compact_face).decode().surface,
        FaceSurface::Full(Surface {
            flag: 0,
            brightness: 0,
            ..surface
        })
    );
    let too_large = Face {
        indices: [0, 1, 65_536],
        ..face
    };
    assert!(raw::FaceV2::try_from(&too_large).is_err());

    let group = FaceGroup {
        min: [-1.0, 0.0, 1.0],
        max: [2.0, 3.0, 4.0],
        first: 5,
        last: 9,
    };
    assert_eq!(raw::FaceGroup::from(&group).decode(), group);
    assert_eq!(raw::FaceGroup::from(&group).as_bytes()[24..], [5, 0, 9, 0]);
}

#[test]
fn face_group_ranges_halve_while_a_group_holds_more_than_fifty() {
    assert_eq!(face_group_ranges(80).count(), 0);
    assert_eq!(face_group_ranges(81).collect::<Vec<_>>(), [0..40, 40..81]);
    assert_eq!(
        face_group_ranges(101).collect::<Vec<_>>(),
        [0..50, 50..75, 75..101]
    );
    for n in 81..3000u32 {
        let ranges: Vec<_> = face_group_ranges(n as usize).collect();
        assert_eq!(ranges.first().unwrap().start, 0);
        assert_eq!(ranges.last().unwrap().end, n);
        for pair in ranges.windows(2) {
            assert_eq!(pair[0].end, pair[1].start, "{n}");
        }
        assert!(
            ranges.iter().all(|r| (25..=50).contains(&r.len())),
            "{n}: {ranges:?}"
        );
    }
    assert_eq!(face_group_ranges(65_535).count(), 2048);
}

/// A 10 × 12 grid of quads: 240 faces over 143 vertices, with each face's material
/// its position, so a reordering can be followed.
fn grid() -> (Vec<[f32; 3]>, Vec<Face>) {
    let mut vertices = Vec::new();
    for y in 0..=12 {
        for x in 0..=10 {
            vertices.push([
                x as f32 * 3.5 - 17.0,
                y as f32 * 2.25 - 13.0,
                (x * y) as f32 / 16.0,
            ]);
        }
    }
    let mut faces = Vec::new();
    for y in 0..12u32 {
        for x in 0..10u32 {
            let at = |dx: u32, dy: u32| (y + dy) * 11 + x + dx;
            for indices in [
                [at(0, 0), at(1, 0), at(1, 1)],
                [at(0, 0), at(1, 1), at(0, 1)],
            ] {
                let n = faces.len() as u8;
                faces.push(Face {
                    indices,
                    surface: FaceSurface::Full(Surface {
                        material: n,
                        flag: 0,
                        brightness: 0,
                        light: 0x31,
                    }),
                });
            }
        }
    }
    (vertices, faces)
}

#[test]
fn generated_face_groups_cover_every_face_with_boxes_that_hold_them() {
    let (vertices, faces) = grid();
    let repr = ModelRepr {
        vertices: &vertices,
        faces: &faces,
        ..ModelRepr::new(Version::Coll, b"grid")
    };
    let mut options = WriteOptions::to(Version::Col3);
    options.face_groups = FaceGroupMode::Generate;
    options.recompute_bounds = true;
    let out = written(&repr, &options);
    let model = Model::parse(&out, Options::STRICT).unwrap();
    assert!(model.flags().has_face_groups());
    let groups: Vec<_> = model.face_groups().iter().collect();
    let ranges: Vec<_> = face_group_ranges(240).collect();
    assert_eq!(groups.len(), ranges.len());
    for (group, range) in groups.iter().zip(&ranges) {
        assert_eq!(u32::from(group.first), range.start);
        assert_eq!(u32::from(group.last) + 1, range.end);
        for face in model
            .faces()
            .iter()
            .skip(range.start as usize)
            .take(range.len())
        {
            for i in face.indices {
                let v = model.vertices().get(i as usize).unwrap();
                for ((lo, hi), c) in group.min.into_iter().zip(group.max).zip(v) {
                    assert!(lo <= c && c <= hi, "{v:?} outside {group:?}");
                }
            }
        }
    }
    // The same faces, reordered: each material (its original position) once, with
    // its own indices.
    let mut seen = vec![false; 240];
    for face in model.faces() {
        let original = &faces[usize::from(face.surface.material())];
        assert_eq!(face.indices, original.indices);
        assert_eq!(face.surface.light(), 0x31);
        seen[usize::from(face.surface.material())] = true;
    }
    assert!(seen.iter().all(|&s| s));
    // Recomputed bounds hold every vertex, and the radius reaches each one.
    let b = model.bounds();
    assert_eq!(b.min, [-17.0, -13.0, 0.0]);
    assert_eq!(b.max, [18.0, 14.0, 7.5]);
    for v in model.vertices() {
        let d2: f32 = (0..3).map(|a| (v[a] - b.center[a]).powi(2)).sum();
        assert!(d2 <= b.radius * b.radius);
    }
}

#[test]
fn a_vertex_fixed_point_cannot_hold_is_an_error_naming_model_and_vertex() {
    let vertices = [[0.0, 0.0, 0.0], [1.0, 300.5, 0.0], [0.0, 1.0, 0.0]];
    let faces = [Face {
        indices: [0, 1, 2],
        surface: FaceSurface::Compact {
            material: 0,
            light: 0,
        },
    }];
    let repr = ModelRepr {
        vertices: &vertices,
        faces: &faces,
        ..ModelRepr::new(Version::Coll, b"air_grnd0301")
    };
    let Err(WriteError::Invalid(e)) = gta::required_len(&repr, &WriteOptions::to(Version::Col3))
    else {
        panic!("expected an input error")
    };
    assert_eq!(e.model, 0);
    assert_eq!(e.name.as_bytes(), b"air_grnd0301");
    assert_eq!(
        e.kind,
        InputErrorKind::VertexOutOfRange {
            mesh: Mesh::Collision,
            vertex: 1,
            axis: 1,
            value: 300.5
        }
    );
    assert_eq!(
        e.to_string(),
        "model 0 \"air_grnd0301\": vertex 1: y = 300.5 lies outside -256 .. 255.99, \
         which COL2+ fixed point cannot hold"
    );
    // COLL holds it.
    assert!(gta::required_len(&repr, &WriteOptions::AS_IS).is_ok());
}

#[test]
fn a_shadow_mesh_is_dropped_only_when_asked() {
    let vertices = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    let faces = [Face {
        indices: [0, 1, 2],
        surface: FaceSurface::Compact {
            material: 4,
            light: 0x12,
        },
    }];
    let repr = ModelRepr {
        shadow_vertices: &vertices,
        shadow_faces: &faces,
        ..ModelRepr::new(Version::Col3, b"shadowed")
    };
    let col3 = written(&repr, &WriteOptions::AS_IS);
    let model = Model::parse(&col3, Options::STRICT).unwrap();
    assert_eq!(model.shadow_faces().len(), 1);
    assert!(model.flags().has_shadow_mesh() && model.flags().not_empty());
    for to in [Version::Coll, Version::Col2] {
        let err = gta::required_len(&model, &WriteOptions::to(to)).unwrap_err();
        assert!(
            matches!(err, WriteError::Invalid(e) if e.kind == InputErrorKind::ShadowMesh { faces: 1 })
        );
        let mut options = WriteOptions::to(to);
        options.drop_shadow_mesh = true;
        let losses = gta::losses(&model, &options).unwrap();
        assert_eq!(losses.shadow_faces, 1);
        assert_eq!(losses.to_string(), "1 shadow face dropped");
        let out = written(&model, &options);
        let back = Model::parse(&out, Options::STRICT).unwrap();
        assert_eq!(back.shadow_faces().len(), 0);
    }
}

#[test]
fn a_col3_model_is_laid_out_as_real_files_are() {
    let vertices = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    let faces = [Face {
        indices: [0, 1, 2],
        surface: FaceSurface::Compact {
            material: 9,
            light: 0x21,
        },
    }];
    let spheres = [gta::Sphere {
        center: [1.0, 2.0, 3.0],
        radius: 0.5,
        surface: Surface {
            material: 1,
            flag: 2,
            brightness: 3,
            light: 4,
        },
    }];
    let repr = ModelRepr {
        spheres: &spheres,
        vertices: &vertices,
        faces: &faces,
        model_id: 12868,
        ..ModelRepr::new(Version::Col3, b"laid_out")
    };
    let out = written(&repr, &WriteOptions::AS_IS);
    let u32_at = |at: usize| u32::from_le_bytes(out[at..at + 4].try_into().unwrap());
    // 120 header + 20 sphere + 18 vertices + 2 padding + 8 face.
    assert_eq!(out.len(), 168);
    assert_eq!(&out[..4], b"COL3");
    assert_eq!(u32_at(4), 160);
    assert_eq!(&out[8..32], b"laid_out\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x44\x32");
    assert_eq!(u32_at(80), 2, "flags: not empty");
    assert_eq!(
        u32_at(84),
        116,
        "spheres at the header end, from the FourCC's end"
    );
    assert_eq!(u32_at(88), 0, "no boxes");
    assert_eq!(u32_at(96), 136, "vertices after the sphere");
    assert_eq!(u32_at(100), 156, "faces after 2 bytes of padding");
    assert_eq!(u32_at(104), 0);
    assert_eq!(&out[158..160], &[0, 0]);
    assert_eq!(
        Model::parse(&out, Options::STRICT).unwrap().model_id(),
        12868
    );
}

#[test]
fn a_library_is_written_back_to_back_and_too_small_a_buffer_is_refused() {
    let models = models(SAMPLE);
    let len = gta::library_required_len(models.iter(), &WriteOptions::AS_IS).unwrap();
    let mut out = vec![0; len];
    assert_eq!(
        gta::write_library(models.iter(), &WriteOptions::AS_IS, &mut out),
        Ok(len)
    );
    let back = self::models(&out);
    assert_eq!(back.len(), models.len());
    for (a, b) in models.iter().zip(&back) {
        assert_same_values(a, b, 0.0);
    }
    let mut short = vec![0; len - 1];
    assert_eq!(
        gta::write_library(models.iter(), &WriteOptions::AS_IS, &mut short),
        Err(WriteError::BufferTooSmall {
            needed: len,
            available: len - 1
        })
    );
}

/// Found by `roundtrip_gta` (`tests/regressions/gta/roundtrip-*`): generating face
/// groups for 80 faces or fewer made none, but `write` still put their count word,
/// 4 bytes past what `required_len` planned.
#[test]
fn generating_groups_for_a_small_mesh_writes_none_and_no_count() {
    let (vertices, faces) = grid();
    for n in [1, 79, 80, 81] {
        let repr = ModelRepr {
            vertices: &vertices,
            faces: &faces[..n],
            ..ModelRepr::new(Version::Col3, b"small")
        };
        let mut options = WriteOptions::AS_IS;
        options.face_groups = FaceGroupMode::Generate;
        let out = written(&repr, &options);
        let model = Model::parse(&out, Options::STRICT).unwrap();
        let expected = if n > 80 { 2 } else { 0 };
        assert_eq!(model.face_groups().len(), expected, "{n} faces");
        assert_eq!(model.flags().has_face_groups(), n > 80);
        assert_eq!(model.faces().len(), n);
    }
}

/// The bounds lints of `model`: `OutsideBounds` and `FaceGroupBox`.
fn bounds_lints(model: &Model<'_>) -> Vec<gta::Lint> {
    model
        .lints()
        .filter(|l| {
            matches!(
                l.kind,
                gta::LintKind::OutsideBounds { .. } | gta::LintKind::FaceGroupBox { .. }
            )
        })
        .collect()
}

/// Recomputed bounds and the bounds lint use one definition of what the bounds
/// enclose: whatever the model and the target version, what `recompute_bounds` writes
/// has no bounds lint.
#[test]
fn recomputed_bounds_never_warn() {
    let dff = include_bytes!("../../../samples/vehicle.dff");
    let vehicle = gta::dff::Dff::parse(dff, Options::STRICT).unwrap();
    let gta::dff::Payload::Model(vehicle) = vehicle.collision().unwrap().payload() else {
        panic!("the sample's payload is a model")
    };
    let full: Vec<Vec<u8>> = [b"COLL", b"COL2", b"COL3", b"COL4"]
        .iter()
        .zip(1..)
        .map(|(f, base)| crate::support::gta::full_spec(f, base * 100).build().bytes)
        .collect();
    let mut sources: Vec<Model<'_>> = models(SAMPLE);
    sources.push(vehicle);
    sources.extend(
        full.iter()
            .map(|bytes| Model::parse(bytes, Options::STRICT).unwrap()),
    );
    for source in &sources {
        for version in [Version::Coll, Version::Col2, Version::Col3, Version::Col4] {
            for face_groups in [
                FaceGroupMode::Keep,
                FaceGroupMode::Generate,
                FaceGroupMode::Remove,
            ] {
                let mut options = WriteOptions::to(version);
                options.recompute_bounds = true;
                options.drop_shadow_mesh = true;
                options.face_groups = face_groups;
                let out = written(source, &options);
                let back = Model::parse(&out, Options::STRICT).unwrap();
                assert_eq!(
                    bounds_lints(&back),
                    [],
                    "{:?} to {version:?}",
                    String::from_utf8_lossy(source.name())
                );
            }
        }
    }
}

/// What the bounds enclose: spheres (centre ± radius), boxes, lines and the faces'
/// vertices; not the shadow mesh, nor vertices no face names. Recomputed, they are
/// exactly that box, and the lint is clear; stored, the same content is a lint.
#[test]
fn recomputed_bounds_hold_spheres_boxes_lines_and_faces_but_not_the_shadow_mesh() {
    let surface = Surface::default();
    let spheres = [gta::Sphere {
        center: [2.0, 0.0, 0.0],
        radius: 1.5,
        surface,
    }];
    let boxes = [gta::CollisionBox {
        min: [-4.0, -1.0, 0.0],
        max: [-3.0, 1.0, 0.5],
        surface,
    }];
    let lines = [gta::Line {
        start: [0.0, 0.0, 0.0],
        end: [0.0, 0.0, -2.0],
        radii: None,
    }];
    let compact = FaceSurface::Compact {
        material: 0,
        light: 0,
    };
    // Vertex 3 is named by no face; the shadow mesh reaches far past the rest.
    let vertices = [
        [0.0, 5.0, 0.0],
        [0.5, 5.0, 0.0],
        [0.0, 5.0, 1.0],
        [90.0, 90.0, 90.0],
    ];
    let faces = [Face {
        indices: [0, 1, 2],
        surface: compact,
    }];
    let shadow_vertices = [[0.0, 0.0, 0.0], [40.0, 0.0, 0.0], [0.0, -40.0, 0.0]];
    let shadow_faces = [Face {
        indices: [0, 1, 2],
        surface: compact,
    }];
    for version in [Version::Coll, Version::Col3] {
        let repr = ModelRepr {
            spheres: &spheres,
            boxes: &boxes,
            lines: &lines,
            vertices: &vertices,
            faces: &faces,
            shadow_vertices: if version == Version::Col3 {
                &shadow_vertices
            } else {
                &[]
            },
            shadow_faces: if version == Version::Col3 {
                &shadow_faces
            } else {
                &[]
            },
            ..ModelRepr::new(version, b"shapes")
        };
        // Stored bounds around the origin only: every section is outside.
        let stored = written(&repr, &WriteOptions::AS_IS);
        let stored = Model::parse(&stored, Options::STRICT).unwrap();
        let lints = bounds_lints(&stored);
        let [lint] = lints.as_slice() else {
            panic!("{lints:?}")
        };
        let gta::LintKind::OutsideBounds { section, count, .. } = lint.kind else {
            panic!("{lint:?}")
        };
        // Sphere, box, line and face; not vertex 3, not the shadow mesh.
        assert_eq!((section, count), (gta::Section::Spheres, 4), "{version:?}");

        let mut options = WriteOptions::AS_IS;
        options.recompute_bounds = true;
        let out = written(&repr, &options);
        let back = Model::parse(&out, Options::STRICT).unwrap();
        let b = back.bounds();
        assert_eq!(b.min, [-4.0, -1.5, -2.0], "{version:?}");
        assert_eq!(b.max, [3.5, 5.0, 1.5], "{version:?}");
        assert_eq!(b.center, [-0.25, 1.75, -0.25], "{version:?}");
        assert_eq!(bounds_lints(&back), [], "{version:?}");
        // The radius reaches the farthest point of every shape (the box's far corner,
        // the face's far vertices, the sphere's far side, the line's far end), never
        // short of the exact distance and within a float step or two of it.
        let exact = [
            ([-4.0f64, -1.0, 0.5], 0.0),
            ([0.0, 5.0, 1.0], 0.0),
            ([0.5, 5.0, 0.0], 0.0),
            ([2.0, 0.0, 0.0], 1.5),
            ([0.0, 0.0, -2.0], 0.0),
        ]
        .iter()
        .map(|(p, r)| {
            let c = b.center.map(f64::from);
            (0..3).map(|a| (p[a] - c[a]).powi(2)).sum::<f64>().sqrt() + r
        })
        .fold(0.0, f64::max);
        assert!(f64::from(b.radius) >= exact && f64::from(b.radius) - exact < 1e-5);
        // The shadow mesh is outside the recomputed bounds, and that is no lint.
        if version == Version::Col3 {
            assert!(back.shadow_vertices().iter().any(|v| v[0] > b.max[0]));
        }
    }
}
