//! GTA `.col` cases on `samples/sample.col`: a COLL bollard, a COL3 lamppost with a
//! face group and a shadow mesh, a COL2 crate of boxes and an empty COL3.

use core::hint::black_box;
use zerocol::gta::{
    self, ErrorKind, Face, FaceSurface, Flags, Lint, LintKind, Model, Options, RawBounds,
    Recovered, Section, Surface, Version,
};

use super::{Case, Digest, Outcome, Placed, displays_as, le16, le32, patched, resized};

/// The shipped sample library.
pub const SAMPLE: &[u8; LEN] = include_bytes!("../../samples/sample.col");
/// Its length.
pub const LEN: usize = 1116;

/// The sample at each address modulo 4 (in flash on a target).
pub static AT0: Placed<0, LEN> = Placed::new(SAMPLE);
/// One byte past an aligned address.
pub static AT1: Placed<1, LEN> = Placed::new(SAMPLE);
/// Two bytes past.
pub static AT2: Placed<2, LEN> = Placed::new(SAMPLE);
/// Three bytes past.
pub static AT3: Placed<3, LEN> = Placed::new(SAMPLE);

/// The sample at every alignment.
pub fn placements() -> [&'static [u8]; 4] {
    [AT0.bytes(), AT1.bytes(), AT2.bytes(), AT3.bytes()]
}

// Where things are in the sample (model offsets from the walk, fields from docs/formats/gta.md).
const BOLLARD: usize = 0;
const LAMP: usize = 428;
const CRATE: usize = 832;
const EMPTY: usize = 996;
/// COLL: 72-byte header, sphere count + 1 sphere (20), line count, box count + 1 box
/// (28), vertex count + 8 vertices (12 each), face count, then the faces.
const BOLLARD_FACES: usize = BOLLARD + 236;
/// COL2+ header fields, from the model start.
const SPHERE_COUNT: usize = 72;
const SPHERE_OFFSET: usize = 84;
const BOX_OFFSET: usize = 88;
/// Lamppost faces: model start + 4 + face offset 264; the face-group count sits in
/// the 4 bytes before them and the one 28-byte group before that.
const LAMP_FACES: usize = LAMP + 4 + 264;
const LAMP_GROUP: usize = LAMP_FACES - 4 - 28;

/// A second model that is not a FourCC.
pub static BAD_FOURCC: [u8; LEN] = patched(SAMPLE, LAMP, b"COLX");
/// Zero padding after the last model, with one stray byte.
pub static BAD_PADDING: [u8; LEN + 16] = patched(&resized(SAMPLE), LEN + 5, &[1]);
/// Zero padding after the last model.
pub static PADDED: [u8; LEN + 16] = resized(SAMPLE);
/// The bollard's size below the 24-byte name block.
pub static SIZE_TOO_SMALL: [u8; LEN] = patched(SAMPLE, BOLLARD + 4, &le32(3));
/// The lamppost's size too small for the COL3 header.
pub static HEADER_PAST_END: [u8; LEN] = patched(SAMPLE, LAMP + 4, &le32(100));
/// The lamppost's box offset inside its header.
pub static OFFSET_IN_HEADER: [u8; LEN] = patched(SAMPLE, LAMP + BOX_OFFSET, &le32(50));
/// The crate's two boxes with offset 0.
pub static MISSING_OFFSET: [u8; LEN] = patched(SAMPLE, CRATE + BOX_OFFSET, &le32(0));
/// A bollard face naming vertex 8 of 8.
pub static FACE_INDEX: [u8; LEN] = patched(SAMPLE, BOLLARD_FACES, &le32(8));
/// 200 lamppost spheres.
pub static SECTION_PAST_END: [u8; LEN] = patched(SAMPLE, LAMP + SPHERE_COUNT, &le16(200));
/// The lamppost's face group ending at face 12 of 12.
pub static GROUP_RANGE: [u8; LEN] = patched(SAMPLE, LAMP_GROUP + 26, &le16(12));
/// A lamppost face naming vertex 8: 9 vertices, running into the face group.
pub static VERTICES_OVERLAP: [u8; LEN] = patched(SAMPLE, LAMP_FACES, &le16(8));
/// The bollard declaring 4 bytes more than its sections fill.
pub static COLL_SLACK: [u8; LEN] = patched(SAMPLE, BOLLARD + 4, &le32(424));
/// The last model declaring 4 bytes more than the file holds.
pub static SIZE_PAST_END: [u8; LEN] = patched(SAMPLE, EMPTY + 4, &le32(116));

/// Validation alone, measured for `.text` and stack in `targets/`.
pub const VALIDATE: &[Case] = cases!["gta": validate];

/// Validation, then every record read through every accessor: what a firmware
/// using the reader runs, measured for `.text` and stack in `targets/`.
pub const PROBE: &[Case] = cases!["gta": validate, read_every_record];

/// Validation, then segment casts, ground and an overlap (`zerocol::query`): the
/// query code's `.text` and stack in `targets/` (`query` feature).
pub const QUERY: &[Case] = cases!["gta": validate, cast_through_the_sample];
/// A model parsed, one segment cast and one sphere overlap: what a firmware using the
/// queries runs, measured for `.text`, stack and instructions per cast in `targets/`.
pub const COUNT: &[Case] = cases!["gta": query_lamppost];

/// Every case.
pub const CASES: &[Case] = cases![
    "gta":
    validate,
    read_every_record,
    cast_through_the_sample,
    walk_at_every_alignment,
    coll_bollard,
    col3_lamppost,
    col2_crate_and_empty_col3,
    records_api,
    versions_and_flags,
    check_and_single_model,
    unknown_fourcc_strict_lenient_recover,
    padding,
    truncated_and_size_errors,
    section_errors,
    face_errors,
    lenient_acceptances,
    error_display,
    query_lamppost,
];

/// Walks every model and every accessor, folding every value into a digest. This is
/// also what the size and stack probes run: a firmware's whole use of the reader
/// (lints, an analysis on top of it, are left to the cases that test them).
pub fn digest(bytes: &[u8]) -> Result<Digest, gta::Error> {
    let mut d = Digest::new();
    let mut walk = gta::models(bytes, Options::STRICT);
    for model in walk.by_ref() {
        let m = model?;
        d.record();
        d.bytes(&m.version().fourcc());
        d.bytes(m.name());
        d.bytes(m.name_block());
        d.u32(m.size());
        d.u32(u32::from(m.model_id()));
        d.u32(m.flags().bits());
        d.u32(m.col4_extra().unwrap_or(0));
        let b = m.bounds();
        d.f32s(&b.min);
        d.f32s(&b.max);
        d.f32s(&b.center);
        d.f32(b.radius);
        for s in m.spheres() {
            d.record();
            d.f32s(&s.center);
            d.f32(s.radius);
            d.bytes(&s.surface.to_bytes());
        }
        for b in m.boxes() {
            d.record();
            d.f32s(&b.min);
            d.f32s(&b.max);
            d.bytes(&b.surface.to_bytes());
        }
        for l in m.lines() {
            d.record();
            d.f32s(&l.start);
            d.f32s(&l.end);
            d.f32s(&l.radii.unwrap_or([0.0; 2]));
        }
        for v in m.vertices() {
            d.record();
            d.f32s(&v);
        }
        for f in m.faces() {
            d.record();
            face(&mut d, &f);
        }
        for g in m.face_groups() {
            d.record();
            d.f32s(&g.min);
            d.f32s(&g.max);
            d.u32(u32::from(g.first) << 16 | u32::from(g.last));
        }
        for v in m.shadow_vertices() {
            d.record();
            d.f32s(&v);
        }
        for f in m.shadow_faces() {
            d.record();
            face(&mut d, &f);
        }
    }
    if let Some(end) = walk.end() {
        d.u32(end.offset as u32);
        d.u32(end.trailing_bytes as u32);
    }
    Ok(d)
}

fn face(d: &mut Digest, f: &Face) {
    for i in f.indices {
        d.u32(i);
    }
    d.bytes(&[f.surface.material(), f.surface.light()]);
}

/// The `i`-th model of the strict walk of the sample.
fn model(bytes: &[u8], i: usize) -> Option<Model<'_>> {
    gta::models(bytes, Options::STRICT).nth(i)?.ok()
}

fn surface(material: u8, flag: u8, brightness: u8, light: u8) -> Surface {
    Surface {
        material,
        flag,
        brightness,
        light,
    }
}

/// The 8 corners of a box, vertex `i` taking `max` on the axes whose bit is set.
fn cube(min: [f32; 3], max: [f32; 3], i: usize) -> [f32; 3] {
    let pick = |bit: usize, axis: usize| if i & bit == 0 { min[axis] } else { max[axis] };
    [pick(1, 0), pick(2, 1), pick(4, 2)]
}

/// The 12 triangles the sample's builder writes over [`cube`].
const CUBE_FACES: [[u32; 3]; 12] = [
    [0, 2, 3],
    [0, 3, 1],
    [4, 5, 7],
    [4, 7, 6],
    [0, 1, 5],
    [0, 5, 4],
    [2, 6, 7],
    [2, 7, 3],
    [0, 4, 6],
    [0, 6, 2],
    [1, 3, 7],
    [1, 7, 5],
];

/// Reads every model, every accessor and every record, handing each value to
/// [`black_box`](core::hint::black_box) so none is optimised away; returns the
/// number of records. The size and stack probe of the reader: unlike [`digest`],
/// it adds next to no code of its own.
pub fn read_all(bytes: &[u8]) -> Result<u32, gta::Error> {
    let mut records = 0u32;
    let mut walk = gta::models(bytes, Options::STRICT);
    for model in walk.by_ref() {
        records += read_model(&model?);
    }
    black_box(walk.end());
    Ok(records)
}

/// Every accessor and record of one model, handed to `black_box`; returns the
/// number of records, the model included. Out of line, as a firmware's use of a
/// model would be: its frame is not on the stack while the walk parses.
#[inline(never)]
fn read_model(m: &gta::Model<'_>) -> u32 {
    black_box((
        m.version(),
        m.name(),
        m.name_block(),
        m.size(),
        m.model_id(),
    ));
    black_box((m.flags(), m.col4_extra(), m.offset(), m.len()));
    black_box(m.bounds());
    1 + each(m.spheres())
        + each(m.boxes())
        + each(m.lines())
        + each(m.vertices())
        + each(m.faces())
        + each(m.face_groups())
        + each(m.shadow_vertices())
        + each(m.shadow_faces())
}

/// Hands every record to `black_box`; returns how many there were.
fn each<T>(records: impl IntoIterator<Item = T>) -> u32 {
    let mut n = 0;
    for record in records {
        black_box(record);
        n += 1;
    }
    n
}

/// [`read_all`] finds every record, at an odd address (every address modulo 4 is
/// [`walk_at_every_alignment`]'s).
pub fn read_every_record() -> Outcome {
    // 4 models; 1 + 2 spheres; 1 + 1 + 2 boxes; 8 + 8 vertices; 12 + 12 faces;
    // 1 face group; 4 shadow vertices; 2 shadow faces.
    ensure_eq!(ok!(read_all(AT1.bytes())), 4 + 3 + 4 + 16 + 24 + 1 + 4 + 2);
    Ok(())
}

/// Validation alone (`gta::check`): the least a firmware using the reader runs.
pub fn validate() -> Outcome {
    let summary = ok!(gta::check(AT1.bytes(), Options::STRICT));
    ensure_eq!((summary.models, summary.end.offset), (4, LEN));
    Ok(())
}

/// Queries at an odd address: straight down through the sample, the lamppost's
/// mesh top (z 7.25, face 2, material 16) is the nearest hit over every model;
/// `ground` finds the same face; a ball at the bollard's sphere touches it.
pub fn cast_through_the_sample() -> Outcome {
    use zerocol::query::{Ball, Contact, Hit, Primitive, Query, Segment, ground};
    let down = Segment::new([0.0, 0.0, 100.0], [0.0, 0.0, -100.0]);
    let mut nearest: Option<(usize, Hit<u8>)> = None;
    for (i, model) in gta::models(AT1.bytes(), Options::STRICT).enumerate() {
        let model = ok!(model);
        if let Some(hit) = model.cast(black_box(down)) {
            if nearest.as_ref().is_none_or(|(_, n)| hit.t < n.t) {
                nearest = Some((i, hit));
            }
        }
    }
    let (model, hit) = ok!(nearest);
    ensure_eq!(
        (model, hit.primitive, hit.index, hit.material),
        (1, Primitive::Face, 2, 16)
    );
    ensure!(super::near(hit.t, 0.46375, 1e-6));
    ensure!(super::near3(hit.point, [0.0, 0.0, 7.25], 1e-4));
    ensure_eq!(hit.normal, [0.0, 0.0, 1.0]);
    let lamp = ok!(ok!(gta::models(AT1.bytes(), Options::STRICT).nth(1)));
    ensure_eq!(ok!(ground(&lamp, [0.0, 0.0, 20.0], 50.0)).index, 2);
    ensure!(lamp.shadow_mesh().cast(down).is_some());
    let bollard = ok!(ok!(gta::models(AT1.bytes(), Options::STRICT).next()));
    let blank = Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0; 3],
        primitive: Primitive::Face,
        index: 0,
        material: 0u8,
    };
    let mut out = [blank; 2];
    // The bollard's sphere (centre 1.25, -2, 3.5; radius 2.75) and box hold the
    // centre; its cube mesh (-0.625..3.875, -3.375..-0.5, 0.75..5.25) is within 0.5.
    let ball = Ball {
        center: [1.25, -2.0, 3.5],
        radius: 0.5,
    };
    let n = bollard.overlap(black_box(ball), &mut out);
    ensure!(n >= 2);
    ensure_eq!((out[0].primitive, out[0].material), (Primitive::Sphere, 6));
    ensure!(super::near(out[0].depth, 3.25, 1e-6));
    ensure_eq!((out[1].primitive, out[1].material), (Primitive::Box, 9));
    Ok(())
}

/// The same models and values at every address modulo 4.
pub fn walk_at_every_alignment() -> Outcome {
    let expected = ok!(digest(SAMPLE));
    // 4 models; 1 + 2 spheres; 1 + 1 + 2 boxes; 8 + 8 vertices; 12 + 12 faces;
    // 1 face group; 4 shadow vertices; 2 shadow faces; no lint.
    ensure_eq!(expected.records, 4 + 3 + 4 + 16 + 24 + 1 + 4 + 2);
    for (shift, bytes) in placements().into_iter().enumerate() {
        ensure_eq!(bytes.as_ptr() as usize % 4, shift);
        ensure_eq!(bytes, &SAMPLE[..]);
        ensure_eq!(ok!(digest(bytes)), expected);
        let mut walk = gta::models(bytes, Options::STRICT);
        let mut offsets = [0usize; 4];
        let mut n = 0;
        for (slot, model) in offsets.iter_mut().zip(walk.by_ref()) {
            *slot = ok!(model).offset();
            n += 1;
        }
        ensure_eq!(n, 4);
        ensure!(walk.next().is_none());
        ensure_eq!(offsets, [BOLLARD, LAMP, CRATE, EMPTY]);
        let end = ok!(walk.end());
        ensure_eq!(
            (end.offset, end.trailing_bytes, end.trailing_is_padding),
            (LEN, 0, true)
        );
    }
    Ok(())
}

/// The start of the instructions `targets/run` counts (a call it finds by name in
/// QEMU's execution trace); distinct from [`count_to`], so the linker cannot fold them.
#[inline(never)]
pub fn count_from() -> u32 {
    black_box(0x5eed)
}

/// The end of the instructions `targets/run` counts.
#[inline(never)]
pub fn count_to() -> u32 {
    black_box(0xd0e5)
}

/// The lamppost (COL3, a face group) parsed from the sample at an odd address, one
/// segment cast down through it and one ball overlapping it. The cast sits between
/// [`count_from`] and [`count_to`], after an empty pair of them that `targets/run`
/// subtracts: the instructions of one cast, counted under QEMU.
pub fn query_lamppost() -> Outcome {
    use zerocol::query::{Ball, Contact, Primitive, Query, Segment};
    let bytes = ok!(AT1.bytes().get(LAMP..));
    let m = ok!(Model::parse(black_box(bytes), Options::STRICT));
    let down = black_box(Segment::new([0.25, 1.0, 20.0], [0.25, 1.0, -5.0]));
    count_from();
    count_to();
    count_from();
    let hit = m.cast(down);
    count_to();
    let hit = ok!(hit);
    // The top of the box of faces, z = 7.25: t = (20 − 7.25) / 25, its face 3.
    ensure_eq!(
        (hit.primitive, hit.index, hit.material),
        (Primitive::Face, 3, 16)
    );
    ensure_eq!(
        (hit.t, hit.point, hit.normal),
        (0.51, [0.25, 1.0, 7.25], [0.0, 0.0, 1.0])
    );
    let mut out = [Contact {
        depth: 0.0,
        point: [0.0; 3],
        normal: [0.0; 3],
        primitive: Primitive::Sphere,
        index: 0,
        material: 0,
    }; 4];
    let ball = Ball {
        center: [0.5, 1.75, 4.125],
        radius: 2.0,
    };
    // Sphere 0, the box, and 6 faces: the first 4 stored, 8 counted.
    ensure_eq!(m.overlap(black_box(ball), &mut out), 8);
    let kinds = out.map(|c| (c.primitive, c.index, c.material));
    ensure_eq!(
        kinds,
        [
            (Primitive::Sphere, 0, 13),
            (Primitive::Box, 0, 15),
            (Primitive::Face, 6, 16),
            (Primitive::Face, 7, 16)
        ]
    );
    // The ball's centre is 0.625 inside the box's +X side; the side y = 3.625 is 1.875 away.
    let [_, inside, side, _] = out;
    ensure_eq!((inside.depth, inside.normal), (2.625, [1.0, 0.0, 0.0]));
    ensure_eq!(
        (side.depth, side.point, side.normal),
        (0.125, [0.5, 3.625, 4.125], [0.0, -1.0, 0.0])
    );
    Ok(())
}

/// Every accessor of the COLL model.
pub fn coll_bollard() -> Outcome {
    for bytes in placements() {
        let m = ok!(model(bytes, 0));
        ensure_eq!(m.version(), Version::Coll);
        ensure_eq!((m.offset(), m.len(), m.size()), (0, 428, 420));
        ensure_eq!(m.declared_len(), 428);
        ensure!(!m.is_truncated() && !m.is_empty());
        ensure_eq!(m.bytes(), &SAMPLE[..428]);
        ensure_eq!(m.header().fourcc, *b"COLL");
        ensure_eq!(m.name(), b"bollard_iii");
        ensure_eq!(&m.name_block()[..12], b"bollard_iii\0");
        ensure_eq!(m.model_id(), 0);
        ensure_eq!(m.flags(), Flags(0));
        ensure!(m.header_v2().is_none() && m.shadow_header().is_none());
        ensure_eq!(m.col4_extra(), None);
        ensure_eq!(m.unparsed_tail(), 0);
        let b = m.bounds();
        ensure_eq!(b.radius, 6.125);
        ensure_eq!(b.center, [1.5, -2.25, 3.0]);
        ensure_eq!(b.min, [-1.75, -5.5, 0.25]);
        ensure_eq!(b.max, [4.75, 1.125, 6.625]);
        let RawBounds::Coll(raw) = m.raw_bounds() else {
            ensure!(false);
            return Ok(());
        };
        ensure_eq!(raw.radius.get(), 6.125);

        ensure_eq!(m.spheres().len(), 1);
        let s = ok!(m.spheres().get(0));
        ensure_eq!((s.center, s.radius), ([1.25, -2.0, 3.5], 2.75));
        ensure_eq!(s.surface, surface(6, 1, 200, 0x3A));
        ensure_eq!(gta::day_night(s.surface.light), (0xA, 0x3));
        ensure_eq!(m.boxes().len(), 1);
        let x = ok!(m.boxes().get(0));
        ensure_eq!((x.min, x.max), ([-1.5, -5.25, 0.5], [4.25, 0.875, 6.375]));
        ensure_eq!(x.surface, surface(9, 2, 150, 0x4B));
        ensure!(m.lines().is_empty());

        let (min, max) = ([-0.625, -3.375, 0.75], [3.875, -0.5, 5.25]);
        ensure_eq!(m.vertices().len(), 8);
        for (i, v) in m.vertices().iter().enumerate() {
            ensure_eq!(v, cube(min, max, i));
        }
        ensure_eq!(m.faces().len(), 12);
        for (f, indices) in m.faces().iter().zip(CUBE_FACES) {
            ensure_eq!(f.indices, indices);
            ensure_eq!(f.surface, FaceSurface::Full(surface(12, 3, 99, 0x5C)));
            ensure_eq!((f.surface.material(), f.surface.light()), (12, 0x5C));
        }
        ensure!(m.face_groups().is_empty());
        ensure!(m.shadow_vertices().is_empty() && m.shadow_faces().is_empty());
        ensure_eq!(m.lints().count(), 0);
    }
    Ok(())
}

/// Every accessor of the COL3 model: header fields, face group, shadow mesh.
pub fn col3_lamppost() -> Outcome {
    for bytes in placements() {
        let m = ok!(model(bytes, 1));
        ensure_eq!(m.version(), Version::Col3);
        ensure_eq!((m.offset(), m.len(), m.size()), (LAMP, 404, 396));
        ensure_eq!(m.name(), b"lamppost_sa");
        ensure_eq!(m.model_id(), 1294);
        ensure_eq!(
            m.flags(),
            Flags(Flags::NOT_EMPTY | Flags::FACE_GROUPS | Flags::SHADOW_MESH)
        );
        let b = m.bounds();
        ensure_eq!((b.radius, b.center), (9.25, [0.5, 1.75, 4.125]));
        ensure_eq!((b.min, b.max), ([-3.5, -2.75, -0.375], [3.25, 5.5, 8.875]));
        ensure!(matches!(m.raw_bounds(), RawBounds::Col2(_)));

        let h = ok!(m.header_v2());
        ensure_eq!(
            (h.sphere_count.get(), h.box_count.get(), h.face_count.get()),
            (2, 1, 12)
        );
        ensure_eq!((h.line_count, h.flags.get()), (0, 26));
        ensure_eq!(
            [
                h.sphere_offset.get(),
                h.box_offset.get(),
                h.line_offset.get(),
                h.vertex_offset.get(),
                h.face_offset.get(),
                h.triangle_plane_offset.get(),
            ],
            [116, 156, 0, 184, 264, 0]
        );
        let sh = ok!(m.shadow_header());
        ensure_eq!(
            (
                sh.face_count.get(),
                sh.vertex_offset.get(),
                sh.face_offset.get()
            ),
            (2, 360, 384)
        );

        ensure_eq!(m.spheres().len(), 2);
        let s = ok!(m.spheres().get(1));
        ensure_eq!((s.center, s.radius), ([0.75, 2.125, 7.5], 0.875));
        ensure_eq!(s.surface, surface(14, 4, 180, 0x1E));
        let x = ok!(m.boxes().get(0));
        ensure_eq!(
            (x.min, x.max),
            ([-0.25, 0.625, -0.125], [1.125, 2.875, 6.75])
        );
        ensure_eq!(x.surface, surface(15, 5, 120, 0x6D));

        let (min, max) = ([-1.0, -0.75, 0.125], [2.25, 3.625, 7.25]);
        ensure_eq!(m.vertices().len(), 8);
        for (i, v) in m.vertices().iter().enumerate() {
            ensure_eq!(v, cube(min, max, i));
        }
        for (f, indices) in m.faces().iter().zip(CUBE_FACES) {
            ensure_eq!(f.indices, indices);
            ensure_eq!(
                f.surface,
                FaceSurface::Compact {
                    material: 16,
                    light: 0x7E
                }
            );
        }
        ensure_eq!(m.face_groups().len(), 1);
        let g = ok!(m.face_groups().get(0));
        ensure_eq!((g.min, g.max, g.first, g.last), (min, max, 0, 11));
        ensure_eq!(g.faces(), 0..=11);

        ensure_eq!(m.shadow_vertices().len(), 4);
        ensure_eq!(ok!(m.shadow_vertices().get(2)), [3.0, 4.25, 0.3125]);
        ensure_eq!(ok!(m.shadow_vertices().get(3)), [-2.0, 4.5, 0.4375]);
        let faces = [([0, 1, 2], 17, 0x8F), ([0, 2, 3], 18, 0x9A)];
        ensure_eq!(m.shadow_faces().len(), 2);
        for (f, (indices, material, light)) in m.shadow_faces().iter().zip(faces) {
            ensure_eq!(f.indices, indices);
            ensure_eq!(f.surface, FaceSurface::Compact { material, light });
        }
        ensure_eq!(m.lints().count(), 0);
    }
    Ok(())
}

/// The COL2 model of boxes only, and the COL3 model with nothing.
pub fn col2_crate_and_empty_col3() -> Outcome {
    let m = ok!(model(AT3.bytes(), 2));
    ensure_eq!(m.version(), Version::Col2);
    ensure_eq!((m.offset(), m.len(), m.size()), (CRATE, 164, 156));
    ensure_eq!((m.name(), m.model_id()), (&b"crate_ps2"[..], 3));
    ensure_eq!(m.flags(), Flags(Flags::NOT_EMPTY));
    ensure!(m.shadow_header().is_none());
    let b = m.bounds();
    ensure_eq!((b.radius, b.center), (3.0625, [0.375, -0.625, 1.25]));
    ensure_eq!((b.min, b.max), ([-1.25, -2.5, 0.0], [2.0, 1.0, 2.75]));
    ensure_eq!(ok!(m.header_v2()).box_offset.get(), 104);
    ensure_eq!(m.boxes().len(), 2);
    let x = ok!(m.boxes().get(1));
    ensure_eq!(
        (x.min, x.max),
        ([-0.875, -2.125, 1.5], [1.625, 0.625, 2.625])
    );
    ensure_eq!(x.surface, surface(20, 1, 140, 0x3D));
    ensure!(m.spheres().is_empty() && m.lines().is_empty());
    ensure!(m.vertices().is_empty() && m.faces().is_empty());
    ensure!(m.face_groups().is_empty());

    let m = ok!(model(AT1.bytes(), 3));
    ensure_eq!(m.version(), Version::Col3);
    ensure_eq!((m.offset(), m.len(), m.size()), (EMPTY, 120, 112));
    ensure_eq!(m.name(), b"empty_col3");
    ensure_eq!(m.flags(), Flags(0));
    let b = m.bounds();
    ensure_eq!((b.radius, b.center), (1.5, [0.25, 0.5, 0.75]));
    ensure_eq!((b.min, b.max), ([-0.5, -0.25, 0.0], [1.0, 1.25, 1.5]));
    let sh = ok!(m.shadow_header());
    ensure_eq!(
        (
            sh.face_count.get(),
            sh.vertex_offset.get(),
            sh.face_offset.get()
        ),
        (0, 0, 0)
    );
    ensure!(m.spheres().is_empty() && m.boxes().is_empty() && m.lines().is_empty());
    ensure!(m.vertices().is_empty() && m.faces().is_empty() && m.face_groups().is_empty());
    ensure!(m.shadow_vertices().is_empty() && m.shadow_faces().is_empty());
    ensure_eq!(m.lints().count(), 0);
    Ok(())
}

/// `Records`: `get`, `as_slice`, iterating both ways, exact sizes.
pub fn records_api() -> Outcome {
    let m = ok!(model(AT2.bytes(), 1));
    let faces = m.faces();
    ensure_eq!(faces.iter().len(), 12);
    ensure!(faces.get(12).is_none());
    ensure_eq!(ok!(faces.iter().next_back()).indices, CUBE_FACES[11]);
    ensure_eq!(ok!(faces.iter().rev().nth(1)).indices, CUBE_FACES[10]);
    // The on-disk records themselves.
    let raw = m.shadow_faces().as_slice();
    ensure_eq!(raw.len(), 2);
    ensure_eq!(ok!(raw.last()).indices.map(|i| i.get()), [0, 2, 3]);
    ensure_eq!(
        (ok!(raw.last()).material, ok!(raw.last()).light),
        (18, 0x9A)
    );
    let raw = ok!(m.face_groups().as_slice().first());
    ensure_eq!((raw.first.get(), raw.last.get()), (0, 11));
    let mut it = m.spheres().iter();
    ensure_eq!(it.len(), 2);
    ensure!(it.next().is_some() && it.next().is_some());
    ensure!(it.next().is_none() && it.next().is_none());
    let mut n = 0;
    for v in m.vertices() {
        ensure!(m.faces().iter().any(|f| f.indices.contains(&n)));
        ensure!(v.iter().all(|c| c.is_finite()));
        n += 1;
    }
    ensure_eq!(n, 8);
    Ok(())
}

/// `Version` and `Flags` helpers.
pub fn versions_and_flags() -> Outcome {
    for (v, fourcc, n, header) in [
        (Version::Coll, b"COLL", 1, 72),
        (Version::Col2, b"COL2", 2, 108),
        (Version::Col3, b"COL3", 3, 120),
        (Version::Col4, b"COL4", 4, 124),
    ] {
        ensure_eq!(Version::from_fourcc(fourcc), Some(v));
        ensure_eq!(v.fourcc(), *fourcc);
        ensure_eq!((v.number(), v.header_len()), (n, header));
        ensure!(displays_as::<4>(&v, ok!(core::str::from_utf8(fourcc))));
    }
    ensure_eq!(Version::from_fourcc(b"COL5"), None);
    ensure_eq!(Version::from_fourcc(b"COL"), None);
    let f = Flags(26);
    ensure!(f.not_empty() && f.has_face_groups() && f.has_shadow_mesh());
    ensure!(!Flags(Flags::USE_CONES).not_empty());
    ensure!(displays_as::<16>(&Section::FaceGroups, "face groups"));
    Ok(())
}

/// `check` on the whole library, and `Model::parse` on one model cut out of it.
pub fn check_and_single_model() -> Outcome {
    let summary = ok!(gta::check(AT1.bytes(), Options::STRICT));
    ensure_eq!(summary.models, 4);
    ensure_eq!(summary.end.offset, LEN);
    let lamp = ok!(AT3.bytes().get(LAMP..));
    let m = ok!(Model::parse(lamp, Options::STRICT));
    ensure_eq!(
        (m.offset(), m.len(), m.name()),
        (0, 404, &b"lamppost_sa"[..])
    );
    ensure_eq!(m.faces().len(), 12);
    // Error offsets count from the start of the slice handed over.
    let bad = ok!(VERTICES_OVERLAP.get(LAMP..));
    let e = err!(Model::parse(bad, Options::STRICT));
    let whole = err!(gta::check(&VERTICES_OVERLAP, Options::STRICT));
    ensure_eq!(e.offset() + LAMP, whole.offset());
    ensure_eq!(e.kind(), whole.kind());
    Ok(())
}

/// An unknown FourCC: an error when strict, the end of the models when lenient
/// (as the games read), a skipped stretch when recovering.
pub fn unknown_fourcc_strict_lenient_recover() -> Outcome {
    let mut walk = gta::models(&BAD_FOURCC, Options::STRICT);
    ensure!(ok!(walk.next()).is_ok());
    let e = err!(ok!(walk.next()));
    ensure_eq!(e.offset(), LAMP);
    ensure_eq!(e.kind(), ErrorKind::UnknownFourCc { found: *b"COLX" });
    ensure!(e.is_lenient_readable());
    ensure!(walk.next().is_none() && walk.end().is_none());
    ensure_eq!(err!(gta::check(&BAD_FOURCC, Options::STRICT)), e);

    let summary = ok!(gta::check(&BAD_FOURCC, Options::LENIENT));
    ensure_eq!(summary.models, 1);
    ensure_eq!(
        (
            summary.end.offset,
            summary.end.trailing_bytes,
            summary.end.trailing_is_padding
        ),
        (LAMP, LEN - LAMP, false)
    );

    let mut recover = gta::recover(&BAD_FOURCC, Options::STRICT);
    let mut seen = [(0usize, 0usize); 4];
    let mut n = 0;
    for (slot, item) in seen.iter_mut().zip(recover.by_ref()) {
        *slot = match item {
            Recovered::Model(m) => (m.offset(), m.len()),
            Recovered::Skipped(s) => {
                ensure_eq!(s.error, e);
                (s.offset, s.len)
            }
        };
        n += 1;
    }
    ensure_eq!(n, 4);
    ensure!(recover.next().is_none());
    // The lamppost's 404 bytes are skipped up to the crate's FourCC.
    ensure_eq!(
        seen,
        [(0, 428), (LAMP, CRATE - LAMP), (CRATE, 164), (EMPTY, 120)]
    );
    ensure_eq!(ok!(recover.end()).offset, LEN);
    Ok(())
}

/// Sector padding after the last model: zeros only.
pub fn padding() -> Outcome {
    let summary = ok!(gta::check(&PADDED, Options::STRICT));
    ensure_eq!(summary.models, 4);
    ensure_eq!(
        (
            summary.end.offset,
            summary.end.trailing_bytes,
            summary.end.trailing_is_padding
        ),
        (LEN, 16, true)
    );
    let e = err!(gta::check(&BAD_PADDING, Options::STRICT));
    ensure_eq!(e.offset(), LEN + 5);
    ensure_eq!(e.kind(), ErrorKind::NonZeroPadding { found: 1 });
    Ok(())
}

/// A buffer ending inside a header or a model, and sizes that cannot be.
pub fn truncated_and_size_errors() -> Outcome {
    // Strict: the size field already says the model cannot fit.
    let cut = ok!(SAMPLE.get(..LAMP + 20));
    let e = err!(gta::check(cut, Options::STRICT));
    ensure_eq!(e.offset(), LAMP + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::SizePastEnd {
            size: 396,
            available: 20
        }
    );
    // Lenient accepts a size past the end, but not a header cut short.
    let e = err!(gta::check(cut, Options::LENIENT));
    ensure_eq!(e.offset(), LAMP);
    ensure_eq!(
        e.kind(),
        ErrorKind::Truncated {
            needed: 120,
            available: 20
        }
    );
    let e = err!(gta::check(ok!(SAMPLE.get(..LAMP + 6)), Options::STRICT));
    ensure_eq!(e.offset(), LAMP);
    ensure_eq!(
        e.kind(),
        ErrorKind::Truncated {
            needed: 8,
            available: 6
        }
    );
    let e = err!(gta::check(ok!(SAMPLE.get(..400)), Options::STRICT));
    ensure_eq!(e.offset(), BOLLARD + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::SizePastEnd {
            size: 420,
            available: 400
        }
    );
    let e = err!(gta::check(&SIZE_TOO_SMALL, Options::STRICT));
    ensure_eq!(e.offset(), BOLLARD + 4);
    ensure_eq!(e.kind(), ErrorKind::SizeTooSmall { size: 3 });
    let e = err!(gta::check(&HEADER_PAST_END, Options::LENIENT));
    ensure_eq!(e.offset(), LAMP + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::HeaderPastModelEnd {
            version: Version::Col3,
            needed: 120,
            size: 100
        }
    );
    let e = err!(gta::check(&SIZE_PAST_END, Options::STRICT));
    ensure_eq!(e.offset(), EMPTY + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::SizePastEnd {
            size: 116,
            available: 120
        }
    );
    let e = err!(gta::check(&COLL_SLACK, Options::STRICT));
    ensure_eq!(e.offset(), BOLLARD + 4);
    ensure_eq!(
        e.kind(),
        ErrorKind::SizeMismatch {
            parsed_len: 428,
            size: 424
        }
    );
    Ok(())
}

/// Section offsets and counts that do not fit.
pub fn section_errors() -> Outcome {
    let e = err!(gta::check(&OFFSET_IN_HEADER, Options::STRICT));
    ensure_eq!(e.offset(), LAMP + BOX_OFFSET);
    ensure_eq!(
        e.kind(),
        ErrorKind::OffsetInHeader {
            section: Section::Boxes,
            offset: 50,
            header_end: 116
        }
    );
    let e = err!(gta::check(&MISSING_OFFSET, Options::STRICT));
    ensure_eq!(e.offset(), CRATE + BOX_OFFSET);
    ensure_eq!(
        e.kind(),
        ErrorKind::MissingOffset {
            section: Section::Boxes,
            count: 2
        }
    );
    let e = err!(gta::check(&SECTION_PAST_END, Options::STRICT));
    // Blamed on the section's offset field.
    ensure_eq!(e.offset(), LAMP + SPHERE_OFFSET);
    ensure_eq!(
        e.kind(),
        ErrorKind::SectionPastModelEnd {
            section: Section::Spheres,
            record_len: 20,
            count: 200,
            start: 116,
            limit: 400
        }
    );
    Ok(())
}

/// Faces naming missing vertices, vertex arrays that overlap, bad face groups.
pub fn face_errors() -> Outcome {
    let e = err!(gta::check(&FACE_INDEX, Options::LENIENT));
    ensure_eq!(e.offset(), BOLLARD_FACES);
    ensure_eq!(
        e.kind(),
        ErrorKind::FaceIndexOutOfRange {
            section: Section::Faces,
            face: 0,
            index: 8,
            vertex_count: 8
        }
    );
    let e = err!(gta::check(&VERTICES_OVERLAP, Options::STRICT));
    ensure_eq!(e.offset(), LAMP + 96);
    ensure_eq!(
        e.kind(),
        ErrorKind::VerticesOverlap {
            section: Section::Vertices,
            count: 9,
            start: 184,
            other: Section::FaceGroups,
            other_start: 232,
            other_end: 264
        }
    );
    let e = err!(gta::check(&GROUP_RANGE, Options::STRICT));
    ensure_eq!(e.offset(), LAMP_GROUP + 24);
    ensure_eq!(
        e.kind(),
        ErrorKind::FaceGroupRange {
            group: 0,
            first: 0,
            last: 12,
            faces: 12
        }
    );
    Ok(())
}

/// What `Options::LENIENT` accepts, each reported by a lint.
pub fn lenient_acceptances() -> Outcome {
    // A size past the end of the file, when every section lies inside.
    let mut walk = gta::models(&SIZE_PAST_END, Options::LENIENT);
    let last = ok!(ok!(walk.by_ref().nth(3)));
    ensure!(last.is_truncated());
    ensure_eq!((last.len(), last.declared_len()), (120, 124));
    let mut lints = last.lints();
    // At the size field of the last model.
    let size_past_end = Lint {
        offset: EMPTY + 4,
        kind: LintKind::SizePastEnd {
            declared_len: 124,
            available: 120,
        },
    };
    ensure_eq!(lints.next(), Some(size_past_end));
    ensure!(lints.next().is_none());
    ensure!(size_past_end.is_tolerated());
    let mut tolerated = last.tolerated();
    ensure_eq!(tolerated.next(), Some(size_past_end));
    ensure!(tolerated.next().is_none());
    ensure!(walk.next().is_none());

    // COLL sections ending before the declared size: the rest is skipped, and what
    // follows is no model, so the lenient walk ends there.
    let mut walk = gta::models(&COLL_SLACK, Options::LENIENT);
    let first = ok!(ok!(walk.next()));
    ensure_eq!((first.len(), first.unparsed_tail()), (432, 4));
    // At the first skipped byte.
    let tail = Lint {
        offset: BOLLARD + 428,
        kind: LintKind::UnparsedTail { bytes: 4 },
    };
    ensure_eq!(first.lints().next(), Some(tail));
    ensure_eq!(first.tolerated().next(), Some(tail));
    ensure!(tail.is_tolerated());
    ensure!(walk.next().is_none());
    let end = ok!(walk.end());
    ensure_eq!((end.offset, end.trailing_is_padding), (432, false));
    Ok(())
}

/// An error's `Display` text: byte offset, then what was expected.
pub fn error_display() -> Outcome {
    let e = err!(gta::check(&BAD_FOURCC, Options::STRICT));
    ensure!(displays_as::<256>(
        &e,
        "byte 428 (0x1ac): expected another model's FourCC (COLL, COL2, COL3, COL4) or zero \
         padding after the last model, found \"COLX\" (the game stops reading there)"
    ));
    let e = err!(gta::check(&GROUP_RANGE, Options::STRICT));
    ensure!(displays_as::<128>(
        &e,
        "byte 688 (0x2b0): face group #0 covers faces 0..=12, expected first <= last < 12"
    ));
    Ok(())
}
