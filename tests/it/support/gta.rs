//! Test-only builder for GTA III / VC / SA `.col` models (COLL, COL2, COL3, COL4).
//!
//! Layout rules follow `docs/formats/gta.md`. The builder writes canonical files by default and
//! exposes the position of every field in [`Layout`] so tests can forge exactly one thing.
//!
//! COL2+ canonical order: header, spheres, boxes, lines, vertices, [2 pad bytes],
//! [face group records, u32 face group count], faces, shadow vertices, [2 pad bytes], shadow faces.
//! A section with no records gets offset 0 and no bytes; its `Layout` position is 0 as well.
//!
//! The integration tests' `support::gta`; `support::bytes` reads and patches the fields.
#![allow(dead_code)]

pub type V3 = [f32; 3];

#[derive(Clone, Debug, PartialEq)]
pub struct Bounds {
    pub radius: f32,
    pub center: V3,
    pub min: V3,
    pub max: V3,
}

impl Bounds {
    pub fn zero() -> Self {
        Bounds {
            radius: 0.0,
            center: [0.0; 3],
            min: [0.0; 3],
            max: [0.0; 3],
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Sphere {
    pub center: V3,
    pub radius: f32,
    pub surface: [u8; 4],
}

#[derive(Clone, Debug, PartialEq)]
pub struct Cuboid {
    pub min: V3,
    pub max: V3,
    pub surface: [u8; 4],
}

/// Radii are ignored for COLL (24-byte records).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub start: V3,
    pub start_radius: f32,
    pub end: V3,
    pub end_radius: f32,
}

/// COLL: `a, b, c u32, surface[4]`. COL2+: `a, b, c` written `as u16` (truncating, so tests can
/// forge values), material = `surface[0]`, light = `surface[3]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Face {
    pub indices: [u32; 3],
    pub surface: [u8; 4],
}

#[derive(Clone, Debug, PartialEq)]
pub struct FaceGroup {
    pub min: V3,
    pub max: V3,
    pub first: u16,
    pub last: u16,
}

#[derive(Clone, Debug)]
pub struct ModelSpec {
    pub fourcc: [u8; 4],
    /// Written raw at model bytes 8..32 (bytes 22..24 = model id for COL2+).
    pub name_block: [u8; 24],
    pub bounds: Bounds,
    pub spheres: Vec<Sphere>,
    pub boxes: Vec<Cuboid>,
    pub lines: Vec<Line>,
    /// COLL: f32 as is; COL2+: `(v * 128.0).round() as i16`.
    pub vertices: Vec<V3>,
    pub faces: Vec<Face>,
    /// COL2+ only; written when non-empty (flag 8 set automatically).
    pub face_groups: Vec<FaceGroup>,
    /// COL3+ only.
    pub shadow_vertices: Vec<V3>,
    /// COL3+ only.
    pub shadow_faces: Vec<Face>,
    /// None = computed from content; Some = written as given.
    pub flags: Option<u32>,
    /// Default true; false = omit the 2 pad bytes after odd-length (shadow) vertex arrays.
    pub vertex_padding: bool,
    /// COL4 only: the extra u32 at byte 120.
    pub col4_extra: u32,
    /// Default 0.
    pub triangle_planes_offset: u32,
}

pub struct Built {
    pub bytes: Vec<u8>,
    pub layout: Layout,
}

/// Positions are absolute byte offsets *within the model* (0 = the FourCC), so tests can corrupt
/// exactly one field. Fields that do not exist for the model's version, and COL2+ sections that
/// are absent, are 0.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Always 4.
    pub size_field: usize,
    /// Where the data starts: 72 (COLL), 108 (COL2), 120 (COL3), 124 (COL4).
    pub header_end: usize,
    // COLL: position of each section's u32 count field; COL2+: position of the header count field
    pub sphere_count: usize,
    pub line_count: usize,
    pub box_count: usize,
    /// COLL only.
    pub vertex_count: Option<usize>,
    pub face_count: usize,
    // COL2+: positions of the header offset fields; COLL: 0
    pub sphere_offset_field: usize,
    pub box_offset_field: usize,
    pub line_offset_field: usize,
    pub vertex_offset_field: usize,
    pub face_offset_field: usize,
    pub plane_offset_field: usize,
    // COL3+ only
    pub shadow_face_count_field: usize,
    pub shadow_vertex_offset_field: usize,
    pub shadow_face_offset_field: usize,
    /// COL4 only (120).
    pub col4_extra_field: usize,
    /// COL2+ only (80).
    pub flags_field: usize,
    // where each section's records begin (absolute within the model)
    pub spheres: usize,
    pub boxes: usize,
    pub lines: usize,
    pub vertices: usize,
    pub face_groups: usize,
    /// Position of the u32 face group count (== faces − 4 when faces are present).
    pub face_group_count: usize,
    pub faces: usize,
    pub shadow_vertices: usize,
    pub shadow_faces: usize,
    /// Model length (== size + 8).
    pub end: usize,
}

/// Models back to back.
pub fn concat(models: &[&[u8]]) -> Vec<u8> {
    models.iter().flat_map(|m| m.iter().copied()).collect()
}

/// The embedded sample `.col`, rebuilt from [`sample_models`].
pub fn sample_file() -> Vec<u8> {
    let models = sample_models();
    let parts: Vec<&[u8]> = models.iter().map(|m| m.bytes.as_slice()).collect();
    concat(&parts)
}

/// COL2+ fixed point: `(v * 128.0).round() as i16` (saturating, as Rust's `as` does).
pub fn fixed(v: f32) -> i16 {
    (v * 128.0).round() as i16
}

struct W(Vec<u8>);
impl W {
    fn pos(&self) -> usize {
        self.0.len()
    }
    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes());
    }
    fn i16(&mut self, v: i16) {
        self.bytes(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.bytes(&v.to_le_bytes());
    }
    fn v3(&mut self, v: V3) {
        for c in v {
            self.f32(c);
        }
    }
    /// Overwrites the u32 at `at`, already written.
    fn patch_u32(&mut self, at: usize, v: u32) {
        self.0[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
}

// ---------------------------------------------------------------------------------------------
// builder

impl ModelSpec {
    /// Name bytes (truncated to 24) then NUL fill; model id 0; zero bounds; empty sections;
    /// vertex padding on; computed flags.
    pub fn new(fourcc: &[u8; 4], name: &str) -> Self {
        let mut name_block = [0u8; 24];
        let n = name.len().min(24);
        name_block[..n].copy_from_slice(&name.as_bytes()[..n]);
        ModelSpec {
            fourcc: *fourcc,
            name_block,
            bounds: Bounds::zero(),
            spheres: Vec::new(),
            boxes: Vec::new(),
            lines: Vec::new(),
            vertices: Vec::new(),
            faces: Vec::new(),
            face_groups: Vec::new(),
            shadow_vertices: Vec::new(),
            shadow_faces: Vec::new(),
            flags: None,
            vertex_padding: true,
            col4_extra: 0,
            triangle_planes_offset: 0,
        }
    }

    /// Sets bytes 22..24 of the name block (model bytes 30..32), little-endian.
    pub fn with_model_id(mut self, id: u16) -> Self {
        self.name_block[22..24].copy_from_slice(&id.to_le_bytes());
        self
    }

    pub fn with_bounds(mut self, bounds: Bounds) -> Self {
        self.bounds = bounds;
        self
    }

    /// Version from the FourCC: COLL = 1, COL2 = 2, COL3 = 3, COL4 = 4. Anything else builds as
    /// COLL (useful to forge a bad FourCC with a valid body).
    pub fn version(&self) -> u8 {
        match &self.fourcc {
            b"COL2" => 2,
            b"COL3" => 3,
            b"COL4" => 4,
            _ => 1,
        }
    }

    /// Sets each face group's box to the box of its faces' vertices (as stored:
    /// COL2+ vertices on the 1/128 grid).
    pub fn fit_face_groups(&mut self) {
        for g in 0..self.face_groups.len() {
            let (first, last) = (self.face_groups[g].first, self.face_groups[g].last);
            let mut min = [f32::INFINITY; 3];
            let mut max = [f32::NEG_INFINITY; 3];
            for face in self
                .faces
                .iter()
                .take(last as usize + 1)
                .skip(first as usize)
            {
                for &i in &face.indices {
                    if let Some(v) = self.vertices.get(i as usize) {
                        let v = v.map(|c| (c * 128.0).round().clamp(-32768.0, 32767.0) / 128.0);
                        for a in 0..3 {
                            min[a] = min[a].min(v[a]);
                            max[a] = max[a].max(v[a]);
                        }
                    }
                }
            }
            if min.iter().chain(&max).all(|c| c.is_finite()) {
                self.face_groups[g].min = min;
                self.face_groups[g].max = max;
            }
        }
    }

    /// The box of the content (zero without any), its centre and a radius that
    /// reaches its corners.
    pub fn fitted_bounds(&self) -> Bounds {
        let mut min = [f32::INFINITY; 3];
        let mut max = [f32::NEG_INFINITY; 3];
        let mut add = |lo: V3, hi: V3| {
            for a in 0..3 {
                min[a] = min[a].min(lo[a]);
                max[a] = max[a].max(hi[a]);
            }
        };
        let quantize = |v: V3| -> V3 {
            if self.version() == 1 {
                v
            } else {
                v.map(|c| (c * 128.0).round().clamp(-32768.0, 32767.0) / 128.0)
            }
        };
        for v in &self.vertices {
            add(quantize(*v), quantize(*v));
        }
        if self.version() >= 3 {
            for v in &self.shadow_vertices {
                add(quantize(*v), quantize(*v));
            }
        }
        for s in &self.spheres {
            let r = s.radius;
            add(s.center.map(|c| c - r), s.center.map(|c| c + r));
        }
        for b in &self.boxes {
            add(b.min, b.max);
        }
        for l in &self.lines {
            add(l.start, l.start);
            add(l.end, l.end);
        }
        if !min.iter().chain(&max).all(|c| c.is_finite()) {
            return Bounds::zero();
        }
        let center = [0, 1, 2].map(|a| (min[a] + max[a]) / 2.0);
        let radius = [0, 1, 2]
            .map(|a| max[a] - center[a])
            .iter()
            .map(|d| d * d)
            .sum::<f32>()
            .sqrt();
        Bounds {
            radius,
            center,
            min,
            max,
        }
    }

    /// Flags as `build` would compute them (ignores `self.flags`).
    pub fn computed_flags(&self) -> u32 {
        let v = self.version();
        let shadow = v >= 3 && !self.shadow_faces.is_empty();
        let mut f = 0;
        if !self.spheres.is_empty() || !self.boxes.is_empty() || !self.faces.is_empty() || shadow {
            f |= 2;
        }
        if v >= 2 && !self.face_groups.is_empty() {
            f |= 8;
        }
        if shadow {
            f |= 16;
        }
        f
    }

    pub fn build(&self) -> Built {
        let mut w = W(Vec::new());
        let mut l = Layout {
            size_field: 4,
            ..Layout::default()
        };
        w.bytes(&self.fourcc);
        w.u32(0); // size, patched below
        w.bytes(&self.name_block);
        // Zero bounds (the default) become the content's box, as a game file has it;
        // `with_bounds` (or a non-zero field) writes them as given.
        let fitted;
        let b = if self.bounds == Bounds::zero() {
            fitted = self.fitted_bounds();
            &fitted
        } else {
            &self.bounds
        };
        if self.version() == 1 {
            w.f32(b.radius);
            w.v3(b.center);
            w.v3(b.min);
            w.v3(b.max);
            debug_assert_eq!(w.pos(), 72);
            self.body_coll(&mut w, &mut l);
        } else {
            w.v3(b.min);
            w.v3(b.max);
            w.v3(b.center);
            w.f32(b.radius);
            debug_assert_eq!(w.pos(), 72);
            self.body_col2(&mut w, &mut l);
        }
        l.end = w.pos();
        let size = (l.end - 8) as u32;
        w.patch_u32(4, size);
        Built {
            bytes: w.0,
            layout: l,
        }
    }

    fn body_coll(&self, w: &mut W, l: &mut Layout) {
        l.header_end = 72;
        l.sphere_count = w.pos();
        w.u32(self.spheres.len() as u32);
        l.spheres = w.pos();
        for s in &self.spheres {
            w.f32(s.radius);
            w.v3(s.center);
            w.bytes(&s.surface);
        }
        l.line_count = w.pos();
        w.u32(self.lines.len() as u32);
        l.lines = w.pos();
        for ln in &self.lines {
            w.v3(ln.start);
            w.v3(ln.end);
        }
        l.box_count = w.pos();
        w.u32(self.boxes.len() as u32);
        l.boxes = w.pos();
        for bx in &self.boxes {
            w.v3(bx.min);
            w.v3(bx.max);
            w.bytes(&bx.surface);
        }
        l.vertex_count = Some(w.pos());
        w.u32(self.vertices.len() as u32);
        l.vertices = w.pos();
        for v in &self.vertices {
            w.v3(*v);
        }
        l.face_count = w.pos();
        w.u32(self.faces.len() as u32);
        l.faces = w.pos();
        for f in &self.faces {
            for i in f.indices {
                w.u32(i);
            }
            w.bytes(&f.surface);
        }
    }

    fn body_col2(&self, w: &mut W, l: &mut Layout) {
        let v = self.version();
        l.sphere_count = 72;
        l.box_count = 74;
        l.face_count = 76;
        l.line_count = 78;
        l.flags_field = 80;
        l.sphere_offset_field = 84;
        l.box_offset_field = 88;
        l.line_offset_field = 92;
        l.vertex_offset_field = 96;
        l.face_offset_field = 100;
        l.plane_offset_field = 104;
        w.u16(self.spheres.len() as u16);
        w.u16(self.boxes.len() as u16);
        w.u16(self.faces.len() as u16);
        w.u8(self.lines.len() as u8);
        w.u8(0);
        w.u32(self.flags.unwrap_or_else(|| self.computed_flags()));
        w.bytes(&[0u8; 24]); // six offsets, patched below
        if v >= 3 {
            l.shadow_face_count_field = 108;
            l.shadow_vertex_offset_field = 112;
            l.shadow_face_offset_field = 116;
            w.u32(self.shadow_faces.len() as u32);
            w.u32(0);
            w.u32(0);
        }
        if v >= 4 {
            l.col4_extra_field = 120;
            w.u32(self.col4_extra);
        }
        l.header_end = w.pos();
        debug_assert_eq!(l.header_end, [0, 0, 108, 120, 124][v as usize]);

        // Records the start of a section and patches its offset field (absolute − 4).
        fn start(w: &mut W, field: usize) -> usize {
            let at = w.pos();
            w.patch_u32(field, (at - 4) as u32);
            at
        }

        if !self.spheres.is_empty() {
            l.spheres = start(w, 84);
            for s in &self.spheres {
                w.v3(s.center);
                w.f32(s.radius);
                w.bytes(&s.surface);
            }
        }
        if !self.boxes.is_empty() {
            l.boxes = start(w, 88);
            for bx in &self.boxes {
                w.v3(bx.min);
                w.v3(bx.max);
                w.bytes(&bx.surface);
            }
        }
        if !self.lines.is_empty() {
            l.lines = start(w, 92);
            for ln in &self.lines {
                w.v3(ln.start);
                w.f32(ln.start_radius);
                w.v3(ln.end);
                w.f32(ln.end_radius);
            }
        }
        if !self.vertices.is_empty() {
            l.vertices = start(w, 96);
            for p in &self.vertices {
                for c in p {
                    w.i16(fixed(*c));
                }
            }
            if self.vertex_padding && self.vertices.len() % 2 == 1 {
                w.u16(0);
            }
        }
        if !self.face_groups.is_empty() {
            l.face_groups = w.pos();
            for g in &self.face_groups {
                w.v3(g.min);
                w.v3(g.max);
                w.u16(g.first);
                w.u16(g.last);
            }
            l.face_group_count = w.pos();
            w.u32(self.face_groups.len() as u32);
        }
        if !self.faces.is_empty() {
            l.faces = start(w, 100);
            write_faces_col2(w, &self.faces);
        }
        w.patch_u32(104, self.triangle_planes_offset);
        if v >= 3 {
            if !self.shadow_vertices.is_empty() {
                l.shadow_vertices = start(w, 112);
                for p in &self.shadow_vertices {
                    for c in p {
                        w.i16(fixed(*c));
                    }
                }
                if self.vertex_padding && self.shadow_vertices.len() % 2 == 1 {
                    w.u16(0);
                }
            }
            if !self.shadow_faces.is_empty() {
                l.shadow_faces = start(w, 116);
                write_faces_col2(w, &self.shadow_faces);
            }
        }
    }
}

fn write_faces_col2(w: &mut W, faces: &[Face]) {
    for f in faces {
        for i in f.indices {
            w.u16(i as u16);
        }
        w.u8(f.surface[0]);
        w.u8(f.surface[3]);
    }
}

// ---------------------------------------------------------------------------------------------
// sample data (the project's demo file)

/// 8 corners of an axis-aligned box; index bit 0 = x, bit 1 = y, bit 2 = z (0 = min, 1 = max).
pub fn cube_vertices(min: V3, max: V3) -> Vec<V3> {
    (0..8)
        .map(|i| {
            [
                if i & 1 == 0 { min[0] } else { max[0] },
                if i & 2 == 0 { min[1] } else { max[1] },
                if i & 4 == 0 { min[2] } else { max[2] },
            ]
        })
        .collect()
}

/// 12 outward-facing triangles over [`cube_vertices`], all with `surface`.
pub fn cube_faces(surface: [u8; 4]) -> Vec<Face> {
    const T: [[u32; 3]; 12] = [
        [0, 2, 3],
        [0, 3, 1], // z min
        [4, 5, 7],
        [4, 7, 6], // z max
        [0, 1, 5],
        [0, 5, 4], // y min
        [2, 6, 7],
        [2, 7, 3], // y max
        [0, 4, 6],
        [0, 6, 2], // x min
        [1, 3, 7],
        [1, 7, 5], // x max
    ];
    T.iter().map(|&indices| Face { indices, surface }).collect()
}

/// Four models: COLL "bollard_iii", COL3 "lamppost_sa", COL2 "crate_ps2", COL3 "empty_col3".
/// Every value is a multiple of 1/128 and distinct per field.
pub fn sample_specs() -> Vec<ModelSpec> {
    // (1) COLL bollard
    let mut bollard = ModelSpec::new(b"COLL", "bollard_iii");
    bollard.bounds = Bounds {
        radius: 6.125,
        center: [1.5, -2.25, 3.0],
        min: [-1.75, -5.5, 0.25],
        max: [4.75, 1.125, 6.625],
    };
    bollard.spheres.push(Sphere {
        center: [1.25, -2.0, 3.5],
        radius: 2.75,
        surface: [6, 1, 200, 0x3A],
    });
    bollard.boxes.push(Cuboid {
        min: [-1.5, -5.25, 0.5],
        max: [4.25, 0.875, 6.375],
        surface: [9, 2, 150, 0x4B],
    });
    bollard.vertices = cube_vertices([-0.625, -3.375, 0.75], [3.875, -0.5, 5.25]);
    bollard.faces = cube_faces([12, 3, 99, 0x5C]);

    // (2) COL3 lamppost with face group and shadow mesh
    let mut lamp = ModelSpec::new(b"COL3", "lamppost_sa").with_model_id(1294);
    lamp.bounds = Bounds {
        radius: 9.25,
        center: [0.5, 1.75, 4.125],
        min: [-3.5, -2.75, -0.375],
        max: [3.25, 5.5, 8.875],
    };
    lamp.spheres.push(Sphere {
        center: [0.25, 1.5, 1.0],
        radius: 1.375,
        surface: [13, 0, 210, 0x2F],
    });
    lamp.spheres.push(Sphere {
        center: [0.75, 2.125, 7.5],
        radius: 0.875,
        surface: [14, 4, 180, 0x1E],
    });
    lamp.boxes.push(Cuboid {
        min: [-0.25, 0.625, -0.125],
        max: [1.125, 2.875, 6.75],
        surface: [15, 5, 120, 0x6D],
    });
    let (cmin, cmax) = ([-1.0, -0.75, 0.125], [2.25, 3.625, 7.25]);
    lamp.vertices = cube_vertices(cmin, cmax);
    lamp.faces = cube_faces([16, 0, 0, 0x7E]);
    lamp.face_groups.push(FaceGroup {
        min: cmin,
        max: cmax,
        first: 0,
        last: 11,
    });
    lamp.shadow_vertices = vec![
        [-2.5, -1.25, 0.0625],
        [2.75, -1.5, 0.1875],
        [3.0, 4.25, 0.3125],
        [-2.0, 4.5, 0.4375],
    ];
    lamp.shadow_faces = vec![
        Face {
            indices: [0, 1, 2],
            surface: [17, 0, 0, 0x8F],
        },
        Face {
            indices: [0, 2, 3],
            surface: [18, 0, 0, 0x9A],
        },
    ];

    // (3) COL2 crate, boxes only
    let mut crate_ = ModelSpec::new(b"COL2", "crate_ps2").with_model_id(3);
    crate_.bounds = Bounds {
        radius: 3.0625,
        center: [0.375, -0.625, 1.25],
        min: [-1.25, -2.5, 0.0],
        max: [2.0, 1.0, 2.75],
    };
    crate_.boxes.push(Cuboid {
        min: [-1.125, -2.375, 0.125],
        max: [1.875, 0.75, 1.5],
        surface: [19, 0, 160, 0x4C],
    });
    crate_.boxes.push(Cuboid {
        min: [-0.875, -2.125, 1.5],
        max: [1.625, 0.625, 2.625],
        surface: [20, 1, 140, 0x3D],
    });

    // (4) empty COL3
    let mut empty = ModelSpec::new(b"COL3", "empty_col3");
    empty.bounds = Bounds {
        radius: 1.5,
        center: [0.25, 0.5, 0.75],
        min: [-0.5, -0.25, 0.0],
        max: [1.0, 1.25, 1.5],
    };

    vec![bollard, lamp, crate_, empty]
}

/// [`sample_specs`], built: the embedded sample's models.
pub fn sample_models() -> Vec<Built> {
    sample_specs().iter().map(ModelSpec::build).collect()
}

// ---------------------------------------------------------------------------------------------
// fixtures for the field, validation and property tests (added; sample_models is unchanged)

/// Distinct, COL2+-fixed-point-exact values: every value is a multiple of 1/128 inside ±256.
pub struct Seq {
    n: u32,
    s: u8,
}

impl Seq {
    /// Values start after `base` (so two specs built with different bases differ).
    pub fn new(base: u32) -> Self {
        Seq {
            n: base,
            s: (base as u8).wrapping_mul(7).wrapping_add(1),
        }
    }
    /// `n * 83 / 128 - 100`, exact in f32 and in 8.7 fixed point for n < 540.
    pub fn f(&mut self) -> f32 {
        self.n += 1;
        assert!(self.n < 540, "Seq ran out of fixed-point values");
        self.n as f32 * 83.0 / 128.0 - 100.0
    }
    pub fn v3(&mut self) -> V3 {
        [self.f(), self.f(), self.f()]
    }
    /// Four successive bytes.
    pub fn surface(&mut self) -> [u8; 4] {
        let mut out = [0u8; 4];
        for b in &mut out {
            *b = self.s;
            self.s = self.s.wrapping_add(1);
        }
        out
    }
}

/// Face indices of [`full_spec`]: they use every vertex 0..=4 (derived COL2+ count 5).
pub const FULL_FACES: [[u32; 3]; 4] = [[0, 1, 2], [1, 3, 2], [3, 4, 0], [4, 2, 1]];
/// Shadow-face indices of [`full_spec`] (derived count 3).
pub const FULL_SHADOW_FACES: [[u32; 3]; 2] = [[0, 1, 2], [2, 1, 0]];

/// A model of `fourcc`'s version with records in every section that version has and distinct,
/// fixed-point-exact values in every field: 3 spheres, 2 lines, 2 boxes, 5 vertices (odd, so
/// COL2+ gets vertex padding), 4 faces; COL2+: 2 face groups (0..=1, 2..=3); COL3+: 3 shadow
/// vertices, 2 shadow faces; COL4: an extra word. The name block is `full_<ver>`, a NUL, junk,
/// and model id `4000 + base`.
pub fn full_spec(fourcc: &[u8; 4], base: u32) -> ModelSpec {
    let mut q = Seq::new(base);
    let label = format!("full_{}", String::from_utf8_lossy(fourcc).to_lowercase());
    let mut spec = ModelSpec::new(fourcc, &label);
    let junk = b"#junk!";
    let at = label.len() + 1;
    spec.name_block[at..at + junk.len()].copy_from_slice(junk);
    spec = spec.with_model_id(4000 + base as u16);
    let v = spec.version();
    spec.bounds = Bounds {
        radius: q.f(),
        center: q.v3(),
        min: q.v3(),
        max: q.v3(),
    };
    for _ in 0..3 {
        spec.spheres.push(Sphere {
            center: q.v3(),
            radius: q.f(),
            surface: q.surface(),
        });
    }
    for _ in 0..2 {
        spec.lines.push(Line {
            start: q.v3(),
            start_radius: q.f(),
            end: q.v3(),
            end_radius: q.f(),
        });
    }
    for _ in 0..2 {
        spec.boxes.push(Cuboid {
            min: q.v3(),
            max: q.v3(),
            surface: q.surface(),
        });
    }
    spec.vertices = (0..5).map(|_| q.v3()).collect();
    let mut faces = Vec::new();
    for indices in FULL_FACES {
        let mut surface = q.surface();
        if v >= 2 {
            // COL2+ faces store material and light only: keep the unused bytes zero.
            surface[1] = 0;
            surface[2] = 0;
        }
        faces.push(Face { indices, surface });
    }
    spec.faces = faces;
    if v >= 2 {
        spec.face_groups = vec![
            FaceGroup {
                min: q.v3(),
                max: q.v3(),
                first: 0,
                last: 1,
            },
            FaceGroup {
                min: q.v3(),
                max: q.v3(),
                first: 2,
                last: 3,
            },
        ];
    }
    if v >= 3 {
        spec.shadow_vertices = (0..3).map(|_| q.v3()).collect();
        spec.shadow_faces = FULL_SHADOW_FACES
            .iter()
            .map(|&indices| {
                let s = q.surface();
                Face {
                    indices,
                    surface: [s[0], 0, 0, s[3]],
                }
            })
            .collect();
    }
    if v >= 4 {
        spec.col4_extra = 0xC0DE_0000 + base;
    }
    // Boxes that hold what they bound, as a game file has them (the sequence still
    // gives every other field its distinct value).
    spec.fit_face_groups();
    spec.bounds = spec.fitted_bounds();
    spec
}

/// `n` zero bytes.
pub fn zeros(n: usize) -> Vec<u8> {
    vec![0; n]
}
