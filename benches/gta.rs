//! Throughput of the GTA reader on a synthetic San Andreas-style library.
//!
//! `cargo bench --bench gta`. Prints MB/s for validating the whole file (`check`)
//! and for validating plus decoding every record. The library is built by the
//! test builder: 2,000 COL3 models, each a 10×10 grid mesh (121 vertices, 200
//! faces) in face groups of 25, 2 spheres, 2 boxes and a 4-face shadow mesh.

use std::hint::black_box;
use std::time::{Duration, Instant};

use zerocol::gta::{self, Options};

#[path = "../tests/common/builder.rs"]
mod builder;

use builder::{Bounds, Cuboid, Face, FaceGroup, ModelSpec, Sphere};

fn grid_model(i: usize) -> Vec<u8> {
    let mut spec = ModelSpec::new(b"COL3", &format!("bench_{i:05}"));
    spec.bounds = Bounds {
        radius: 8.0,
        center: [0.0; 3],
        min: [-5.0; 3],
        max: [5.0; 3],
    };
    for z in 0..=10 {
        for x in 0..=10 {
            spec.vertices
                .push([x as f32 - 5.0, z as f32 - 5.0, ((x * z) % 3) as f32 * 0.25]);
        }
    }
    for z in 0..10u32 {
        for x in 0..10u32 {
            let v = z * 11 + x;
            let s = [(x % 8) as u8, 0, 0, 0x21];
            spec.faces.push(Face {
                indices: [v, v + 1, v + 11],
                surface: s,
            });
            spec.faces.push(Face {
                indices: [v + 1, v + 12, v + 11],
                surface: s,
            });
        }
    }
    for g in 0..8u16 {
        spec.face_groups.push(FaceGroup {
            min: [-5.0; 3],
            max: [5.0; 3],
            first: g * 25,
            last: g * 25 + 24,
        });
    }
    for k in 0..2 {
        spec.spheres.push(Sphere {
            center: [k as f32, 0.0, 1.0],
            radius: 0.5,
            surface: [1, 0, 0, 0],
        });
        spec.boxes.push(Cuboid {
            min: [-1.0; 3],
            max: [k as f32, 1.0, 1.0],
            surface: [2, 0, 0, 0],
        });
    }
    spec.shadow_vertices = vec![
        [-5.0, -5.0, 0.0],
        [5.0, -5.0, 0.0],
        [5.0, 5.0, 0.0],
        [-5.0, 5.0, 0.0],
    ];
    spec.shadow_faces = vec![
        Face {
            indices: [0, 1, 2],
            surface: [0; 4],
        },
        Face {
            indices: [0, 2, 3],
            surface: [0; 4],
        },
        Face {
            indices: [0, 3, 1],
            surface: [0; 4],
        },
        Face {
            indices: [1, 3, 2],
            surface: [0; 4],
        },
    ];
    spec.build().bytes
}

/// Runs `f` repeatedly for about a second and returns the best time of one run.
fn best_of(mut f: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
    }
    best
}

fn main() {
    let models: Vec<Vec<u8>> = (0..2000).map(grid_model).collect();
    let mut file: Vec<u8> = models.concat();
    file.extend(std::iter::repeat_n(0u8, 1024)); // sector padding
    let mb = file.len() as f64 / 1e6;

    let check = best_of(|| {
        black_box(gta::check(black_box(&file), Options::STRICT).unwrap());
    });
    let decode = best_of(|| {
        let mut sum = 0f32;
        for m in gta::models(black_box(&file), Options::STRICT) {
            let m = m.unwrap();
            for v in m.vertices() {
                sum += v[0] + v[1] + v[2];
            }
            for f in m.faces() {
                sum += f.indices[0] as f32;
            }
            for g in m.face_groups() {
                sum += g.min[0];
            }
        }
        black_box(sum);
    });
    println!("file: {} models, {:.2} MB", models.len(), mb);
    println!(
        "check (validate every model):    {:>8.2} ms  {:>7.0} MB/s",
        check.as_secs_f64() * 1e3,
        mb / check.as_secs_f64()
    );
    println!(
        "walk + decode every vertex/face: {:>8.2} ms  {:>7.0} MB/s",
        decode.as_secs_f64() * 1e3,
        mb / decode.as_secs_f64()
    );
}
