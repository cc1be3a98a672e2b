//! The benchmarks' inputs, built by the crate's own writers at the sizes of real
//! files (README.md, "Benchmarks"), and the baselines every bench is measured
//! against in the same process.
//!
//! Every generator is deterministic: the same bytes on every run and machine.
#![allow(dead_code)] // each bench uses the generators of its own format

use std::hint::black_box;

/// A small deterministic generator (64-bit LCG, top bits).
pub struct Rng(u64);

impl Rng {
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u32(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// Uniform in `lo..hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.next_u32() % (hi - lo)
    }

    /// Uniform in `lo..hi`.
    pub fn float(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (self.next_u32() as f32 / (1u64 << 31) as f32) * (hi - lo)
    }
}

/// The games' own loader: copy the file into memory that is already there.
pub fn memcpy(from: &[u8], to: &mut [u8]) {
    to.copy_from_slice(black_box(from));
    black_box(to);
}

/// A grid mesh of `w × h` quads (two faces each) over a `cell`-sized square,
/// heights from `rng`: `(w + 1)(h + 1)` vertices, `2wh` faces.
pub fn grid(
    rng: &mut Rng,
    w: u32,
    h: u32,
    cell: f32,
    mut face: impl FnMut([u32; 3], u32),
) -> Vec<[f32; 3]> {
    let mut vertices = Vec::new();
    for z in 0..=h {
        for x in 0..=w {
            vertices.push([x as f32 * cell, z as f32 * cell, rng.float(0.0, cell)]);
        }
    }
    for z in 0..h {
        for x in 0..w {
            let v = z * (w + 1) + x;
            face([v, v + 1, v + w + 1], x);
            face([v + 1, v + w + 2, v + w + 1], x);
        }
    }
    vertices
}

pub mod gta {
    use super::{Rng, grid};
    use zerocol::gta::write::{FaceGroupMode, ModelRepr, WriteOptions};
    use zerocol::gta::{
        self, Bounds, CollisionBox, Face, FaceSurface, Sphere, Surface, Vec3, Version,
    };

    /// One model's records, owned.
    struct Owned {
        name: String,
        vertices: Vec<Vec3>,
        faces: Vec<Face>,
        spheres: Vec<Sphere>,
        boxes: Vec<CollisionBox>,
        shadow_vertices: Vec<Vec3>,
        shadow_faces: Vec<Face>,
    }

    fn mesh(rng: &mut Rng, w: u32, h: u32) -> (Vec<Vec3>, Vec<Face>) {
        let mut faces = Vec::new();
        let vertices = grid(rng, w, h, 1.5, |indices, x| {
            faces.push(Face {
                indices,
                surface: FaceSurface::Compact {
                    material: (x % 12) as u8,
                    light: 0x5A,
                },
            })
        });
        (vertices, faces)
    }

    fn model(rng: &mut Rng, i: usize) -> Owned {
        // Faces: 2 × 12 × h for h in 1..=14, 180 a model on average (the real
        // library: 176), and 0.54 vertices a face, as there.
        let h = rng.range(1, 15);
        let (vertices, faces) = mesh(rng, 12, h);
        let (shadow_vertices, shadow_faces) = if i % 4 == 0 {
            let h = rng.range(1, 4);
            mesh(rng, 2, h)
        } else {
            (Vec::new(), Vec::new())
        };
        let surface = Surface {
            material: 4,
            flag: 0,
            brightness: 200,
            light: 0x5A,
        };
        let spheres = (0..i % 3)
            .map(|k| Sphere {
                center: [k as f32, 1.0, 2.0],
                radius: 0.75,
                surface,
            })
            .collect();
        let boxes = (0..i % 2)
            .map(|_| CollisionBox {
                min: [0.0; 3],
                max: [2.0, 1.0, 3.0],
                surface,
            })
            .collect();
        Owned {
            name: format!("lod_object_{i:04}"),
            vertices,
            faces,
            spheres,
            boxes,
            shadow_vertices,
            shadow_faces,
        }
    }

    /// A San Andreas-shaped library: 1,450 COL3 models of 16 to 352 faces in face
    /// groups of 25 to 50 (from 81 faces on), a shadow mesh on every fourth, a
    /// few spheres and boxes, written by [`gta::write::write_library`].
    pub fn library() -> Vec<u8> {
        let mut rng = Rng::new(0x5A_C013);
        let owned: Vec<Owned> = (0..1450).map(|i| model(&mut rng, i)).collect();
        let reprs: Vec<ModelRepr> = owned
            .iter()
            .enumerate()
            .map(|(i, m)| ModelRepr {
                model_id: i as u16,
                bounds: Bounds::default(),
                spheres: &m.spheres,
                boxes: &m.boxes,
                vertices: &m.vertices,
                faces: &m.faces,
                shadow_vertices: &m.shadow_vertices,
                shadow_faces: &m.shadow_faces,
                ..ModelRepr::new(Version::Col3, m.name.as_bytes())
            })
            .collect();
        let mut options = WriteOptions::AS_IS;
        options.recompute_bounds = true;
        options.face_groups = FaceGroupMode::Generate;
        let len = gta::write::library_required_len(&reprs, &options).unwrap();
        let mut out = vec![0; len];
        gta::write::write_library(&reprs, &options, &mut out).unwrap();
        out
    }
}
