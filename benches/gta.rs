//! The GTA reader against the games' own loader (a copy of the file) and against
//! a plain allocating decoder, on a San Andreas-shaped library.
//!
//! `cargo bench --bench gta`. The library is built by the crate's writer at the
//! size of the real one this was first measured on (docs/benchmarks.md).
//! To measure a real library instead, name it in `ZEROCOL_BENCH_GTA`: every case
//! then reads that file (COL2 and COL3 models, as the allocating decoder reads
//! them, that pass `Options::STRICT`).

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::BytesCount;
use zerocol::gta::{self, Options, Version};

mod data;

use data::bits;

/// What every case reads: the file `ZEROCOL_BENCH_GTA` names, or the generated library.
const FILE_VARIABLE: &str = "ZEROCOL_BENCH_GTA";

static LIBRARY: LazyLock<Vec<u8>> = LazyLock::new(|| match std::env::var_os(FILE_VARIABLE) {
    Some(path) => std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{FILE_VARIABLE}={}: {e}", path.to_string_lossy())),
    None => data::gta::library(),
});

fn main() {
    let file = &*LIBRARY;
    let mut stats = [0usize; 4];
    let mut versions = [0usize; 4];
    let mut face_bytes = 0usize;
    for m in gta::models(file, Options::STRICT) {
        let m = m.unwrap_or_else(|e| panic!("the library does not read strictly: {e}"));
        stats[0] += 1;
        stats[1] += m.vertices().len();
        stats[2] += m.faces().len();
        stats[3] += m.face_groups().len();
        versions[usize::from(m.version().number() - 1)] += 1;
        face_bytes += match m.faces() {
            gta::Records::Coll(faces) => size_of_val(faces),
            gta::Records::Col2(faces) => size_of_val(faces),
        };
    }
    let versions: Vec<String> = [Version::Coll, Version::Col2, Version::Col3, Version::Col4]
        .iter()
        .zip(versions)
        .filter(|(_, n)| *n > 0)
        .map(|(v, n)| format!("{n} {v}"))
        .collect();
    println!(
        "library{}: {} bytes, {} models ({}), {} vertices, {} faces ({:.0} % of the bytes), {} face groups",
        std::env::var_os(FILE_VARIABLE)
            .map(|p| format!(" {}", p.to_string_lossy()))
            .unwrap_or_default(),
        file.len(),
        stats[0],
        versions.join(", "),
        stats[1],
        stats[2],
        face_bytes as f64 * 100.0 / file.len() as f64,
        stats[3]
    );
    // The baseline must decode what the library reads, or it measures less.
    // (The library read the file strictly above; a difference here is the bench's.)
    let plain = plain::decode(file)
        .expect("the bench's allocating decoder could not read a model the library reads");
    assert_eq!(
        plain.len(),
        stats[0],
        "the bench's allocating decoder reads COL2 and COL3 models only"
    );
    assert_eq!(
        plain::fold(&plain),
        decode_all_fold(file),
        "the bench's allocating decoder folds other values than the library's decode_all"
    );
    divan::main();
}

fn bytes() -> BytesCount {
    BytesCount::of_slice(&**LIBRARY)
}

/// The floor: the games copied the file into memory and turned offsets into
/// pointers, without a check.
#[divan::bench]
fn memcpy(b: Bencher) {
    data::memcpy(b, &LIBRARY);
}

/// A FourCC + size hop from model to model, nothing validated.
#[divan::bench]
fn bare_hop(b: Bencher) {
    b.counter(bytes()).bench(|| {
        let bytes = black_box(&**LIBRARY);
        let mut pos = 0usize;
        let mut models = 0usize;
        while let Some(&[a, b, c, d, s0, s1, s2, s3]) = bytes.get(pos..pos + 8) {
            if gta::Version::from_fourcc([a, b, c, d]).is_none() {
                break;
            }
            pos += u32::from_le_bytes([s0, s1, s2, s3]) as usize + 8;
            models += 1;
        }
        models
    });
}

/// `gta::headers`: each model framed (FourCC, size, header inside the model,
/// model inside the buffer), its FourCC, size and model id read.
#[divan::bench]
fn headers(b: Bencher) {
    b.counter(bytes()).bench(|| {
        let mut sum = 0u32;
        for h in gta::headers(black_box(&LIBRARY), Options::STRICT) {
            let h = h.unwrap();
            sum = sum
                .wrapping_add(h.size() ^ u32::from(h.model_id()) ^ u32::from(h.version().number()));
        }
        sum
    });
}

/// `gta::headers`, also reading each name and decoding each bounds.
#[divan::bench]
fn headers_name_bounds(b: Bencher) {
    b.counter(bytes()).bench(|| {
        let mut sum = 0f32;
        for h in gta::headers(black_box(&LIBRARY), Options::STRICT) {
            let h = h.unwrap();
            sum += h.bounds().radius + f32::from(h.model_id()) + h.name().len() as f32;
        }
        sum
    });
}

/// `gta::models`, reading only name and bounds: every model fully validated.
#[divan::bench]
fn models_name_bounds(b: Bencher) {
    b.counter(bytes()).bench(|| {
        let mut sum = 0f32;
        for m in gta::models(black_box(&LIBRARY), Options::STRICT) {
            let m = m.unwrap();
            sum += m.bounds().radius + m.name().len() as f32;
        }
        sum
    });
}

/// `gta::check`: every rule of docs/formats/gta.md, every model.
#[divan::bench]
fn check(b: Bencher) {
    b.counter(bytes())
        .bench(|| gta::check(black_box(&LIBRARY), Options::STRICT).unwrap());
}

/// Validate, then decode every record of every section, folding every field.
#[divan::bench]
fn decode_all(b: Bencher) {
    b.counter(bytes())
        .bench(|| decode_all_fold(black_box(&LIBRARY)));
}

/// Every field of every record of every model, folded as [`plain::fold`] folds
/// the allocating decoder's values.
#[inline(always)]
fn decode_all_fold(file: &[u8]) -> u32 {
    let mut n = 0u32;
    for m in gta::models(file, Options::STRICT) {
        let m = m.unwrap();
        let bounds = m.bounds();
        n ^= bits(&bounds.min) ^ bits(&bounds.max) ^ bits(&bounds.center);
        n ^= bounds.radius.to_bits() ^ m.name().len() as u32 ^ u32::from(m.model_id());
        for s in m.spheres() {
            n ^= bits(&s.center) ^ s.radius.to_bits() ^ u32::from_le_bytes(s.surface.to_bytes());
        }
        for b in m.boxes() {
            n ^= bits(&b.min) ^ bits(&b.max) ^ u32::from_le_bytes(b.surface.to_bytes());
        }
        let vertex = |n: u32, v: gta::Vec3| n ^ bits(&v);
        n = m.vertices().iter().fold(n, vertex);
        n = m.shadow_vertices().iter().fold(n, vertex);
        let face = |n: u32, f: gta::Face| {
            let [a, b, c] = f.indices;
            n ^ a
                ^ b << 8
                ^ c << 16
                ^ u32::from(f.surface.material())
                ^ u32::from(f.surface.light()) << 8
        };
        n = m.faces().iter().fold(n, face);
        n = m.shadow_faces().iter().fold(n, face);
        for g in m.face_groups() {
            n ^= bits(&g.min) ^ bits(&g.max) ^ u32::from(g.first) ^ u32::from(g.last) << 16;
        }
    }
    n
}

/// The baseline decoder: what a plain Rust reader does, every section read into
/// `Vec`s of decoded values with checked reads (docs/formats/gta.md's layout).
#[divan::bench]
fn allocating_decoder(b: Bencher) {
    b.counter(bytes())
        .bench(|| plain::fold(&plain::decode(black_box(&LIBRARY)).unwrap()));
}

mod plain {
    //! A straightforward allocating COL2/COL3 decoder, as a baseline.

    use crate::data::read::{floats, u16_at, u32_at};

    pub struct Face {
        pub indices: [u16; 3],
        pub material: u8,
        pub light: u8,
    }

    pub struct Group {
        pub min: [f32; 3],
        pub max: [f32; 3],
        pub first: u16,
        pub last: u16,
    }

    #[derive(Default)]
    pub struct Model {
        /// The bytes before the NUL (names are not text: some hold other bytes).
        pub name: Vec<u8>,
        pub model_id: u16,
        pub bounds: [f32; 10],
        pub spheres: Vec<([f32; 4], [u8; 4])>,
        pub boxes: Vec<([f32; 6], [u8; 4])>,
        pub vertices: Vec<[f32; 3]>,
        pub faces: Vec<Face>,
        pub groups: Vec<Group>,
        pub shadow_vertices: Vec<[f32; 3]>,
        pub shadow_faces: Vec<Face>,
    }

    fn vertices(b: &[u8], at: usize, n: usize) -> Option<Vec<[f32; 3]>> {
        (0..n)
            .map(|i| {
                let p = at + 6 * i;
                let c = |k: usize| u16_at(b, p + 2 * k).map(|v| v as i16 as f32 / 128.0);
                Some([c(0)?, c(1)?, c(2)?])
            })
            .collect()
    }
    fn faces(b: &[u8], at: usize, n: usize) -> Option<Vec<Face>> {
        (0..n)
            .map(|i| {
                let p = at + 8 * i;
                Some(Face {
                    indices: [u16_at(b, p)?, u16_at(b, p + 2)?, u16_at(b, p + 4)?],
                    material: *b.get(p + 6)?,
                    light: *b.get(p + 7)?,
                })
            })
            .collect()
    }
    fn vertex_count(faces: &[Face]) -> usize {
        faces
            .iter()
            .flat_map(|f| f.indices)
            .max()
            .map_or(0, |m| m as usize + 1)
    }

    use super::bits;

    /// Every field folded as `decode_all` folds what it reads.
    pub fn fold(models: &[Model]) -> u32 {
        let mut n = 0u32;
        for m in models {
            n ^= bits(&m.bounds) ^ m.name.len() as u32 ^ u32::from(m.model_id);
            for (s, surface) in &m.spheres {
                n ^= bits(s) ^ u32::from_le_bytes(*surface);
            }
            for (b, surface) in &m.boxes {
                n ^= bits(b) ^ u32::from_le_bytes(*surface);
            }
            let vertex = |n: u32, v: &[f32; 3]| n ^ bits(v);
            n = m.vertices.iter().fold(n, vertex);
            n = m.shadow_vertices.iter().fold(n, vertex);
            let face = |n: u32, f: &Face| {
                let [a, b, c] = f.indices.map(u32::from);
                n ^ a ^ b << 8 ^ c << 16 ^ u32::from(f.material) ^ u32::from(f.light) << 8
            };
            n = m.faces.iter().fold(n, face);
            n = m.shadow_faces.iter().fold(n, face);
            for g in &m.groups {
                n ^= bits(&g.min) ^ bits(&g.max);
                n ^= u32::from(g.first) ^ u32::from(g.last) << 16;
            }
        }
        n
    }

    /// Every model of a COL2/COL3 library.
    pub fn decode(file: &[u8]) -> Option<Vec<Model>> {
        let mut models = Vec::new();
        let mut pos = 0;
        while let Some(fourcc) = file.get(pos..pos + 4) {
            if fourcc != b"COL3" && fourcc != b"COL2" {
                break;
            }
            let size = u32_at(file, pos + 4)? as usize;
            let m = file.get(pos..pos + 8 + size)?;
            // Offsets are relative to the model start + 4.
            let o = m.get(4..)?;
            let mut model = Model {
                name: m.get(8..30)?.split(|&c| c == 0).next()?.to_vec(),
                model_id: u16_at(m, 30)?,
                bounds: floats(m, 32)?,
                ..Model::default()
            };
            let spheres = u16_at(m, 72)? as usize;
            let boxes = u16_at(m, 74)? as usize;
            let face_count = u16_at(m, 76)? as usize;
            let flags = u32_at(m, 80)?;
            let at = |field| u32_at(m, field).map(|v| v as usize);
            let (sphere_at, box_at, vertex_at, face_at) = (at(84)?, at(88)?, at(96)?, at(100)?);
            for i in 0..spheres {
                let p = sphere_at + 20 * i;
                let s: [u8; 4] = o.get(p + 16..p + 20)?.try_into().ok()?;
                model.spheres.push((floats(o, p)?, s));
            }
            for i in 0..boxes {
                let p = box_at + 28 * i;
                let s: [u8; 4] = o.get(p + 24..p + 28)?.try_into().ok()?;
                model.boxes.push((floats(o, p)?, s));
            }
            model.faces = faces(o, face_at, face_count)?;
            model.vertices = vertices(o, vertex_at, vertex_count(&model.faces))?;
            // Face groups: flag 8 and at least one face (docs/formats/gta.md).
            if flags & 8 != 0 && face_count > 0 && face_at >= 4 {
                let groups = u32_at(o, face_at - 4)? as usize;
                let first = face_at.checked_sub(4 + 28 * groups)?;
                for i in 0..groups {
                    let p = first + 28 * i;
                    let [a, b, c, d, e, f] = floats(o, p)?;
                    model.groups.push(Group {
                        min: [a, b, c],
                        max: [d, e, f],
                        first: u16_at(o, p + 24)?,
                        last: u16_at(o, p + 26)?,
                    });
                }
            }
            if fourcc == b"COL3" {
                let shadow_faces = u32_at(m, 108)? as usize;
                if shadow_faces > 0 {
                    model.shadow_faces = faces(o, at(116)?, shadow_faces)?;
                    let n = vertex_count(&model.shadow_faces);
                    model.shadow_vertices = vertices(o, at(112)?, n)?;
                }
            }
            models.push(model);
            pos += 8 + size;
        }
        Some(models)
    }
}
