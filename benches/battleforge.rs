//! The BattleForge reader against the game's own loader (a copy of the file)
//! and against a plain allocating decoder, on a DRS file whose
//! `collisionShape` node holds hundreds of shapes.
//!
//! `cargo bench --bench battleforge`. The file is written by the crate's
//! writers (`data::battleforge::drs`).

use std::hint::black_box;
use std::sync::LazyLock;

use divan::Bencher;
use divan::counter::BytesCount;
use zerocol::battleforge::{self, CollisionShape, Drs, Options};

mod data;

use data::bits;

static DRS: LazyLock<Vec<u8>> = LazyLock::new(data::battleforge::drs);

fn main() {
    let file = &*DRS;
    let drs = Drs::parse(file, Options::STRICT).unwrap();
    let (node, shapes) = drs.collision_shape().unwrap();
    println!(
        "drs: {} bytes, {} nodes besides the root, collisionShape node {} bytes \
         ({:.0} % of the file): {} boxes, {} spheres, {} cylinders, {} lints",
        file.len(),
        drs.nodes().len(),
        node.payload().len(),
        node.payload().len() as f64 * 100.0 / file.len() as f64,
        shapes.boxes().len(),
        shapes.spheres().len(),
        shapes.cylinders().len(),
        shapes.lints().count(),
    );
    assert_eq!(
        plain::fold(&plain::decode(file).unwrap()),
        fold_shapes(&shapes),
        "the plain decoder reads what the library reads"
    );
    divan::main();
}

fn bytes() -> BytesCount {
    BytesCount::of_slice(&**DRS)
}

/// The floor: the game copied the file into memory.
#[divan::bench]
fn memcpy(b: Bencher) {
    data::memcpy(b, &DRS);
}

/// `Drs::parse`: the container (header, information table, hierarchy, every
/// payload's bounds), then the `collisionShape` node found, cross-checked and
/// its payload's size invariant checked.
#[divan::bench]
fn parse(b: Bencher) {
    b.counter(bytes())
        .bench(|| Drs::parse(black_box(&DRS), Options::STRICT).unwrap());
}

fn fold_transform(t: &battleforge::Transform) -> u32 {
    bits(t.rotation.as_flattened()) ^ bits(&t.position)
}

/// Every shape decoded through the public accessors, every field folded.
fn fold_shapes(shapes: &CollisionShape<'_>) -> u32 {
    let mut n = u32::from(shapes.version());
    for b in shapes.boxes() {
        let b = b.decode();
        n ^= fold_transform(&b.transform) ^ bits(&b.lower) ^ bits(&b.upper);
    }
    for s in shapes.spheres() {
        let s = s.decode();
        n ^= fold_transform(&s.transform) ^ s.radius.to_bits() ^ bits(&s.center);
    }
    for c in shapes.cylinders() {
        let c = c.decode();
        n ^= fold_transform(&c.transform) ^ bits(&c.center);
        n ^= c.height.to_bits() ^ c.radius.to_bits();
    }
    n
}

/// Validate, then decode every box, sphere and cylinder.
#[divan::bench]
fn decode_all(b: Bencher) {
    b.counter(bytes()).bench(|| {
        let drs = Drs::parse(black_box(&DRS), Options::STRICT).unwrap();
        let (_, shapes) = drs.collision_shape().unwrap();
        fold_shapes(&shapes)
    });
}

/// The baseline decoder: what a plain Rust reader does, the container walked to
/// the `collisionShape` node and its shapes read into `Vec`s of decoded values
/// with checked reads (docs/formats/battleforge.md's layout).
#[divan::bench]
fn allocating_decoder(b: Bencher) {
    b.counter(bytes())
        .bench(|| plain::fold(&plain::decode(black_box(&DRS)).unwrap()));
}

mod plain {
    //! A straightforward allocating DRS `collisionShape` decoder, as a baseline.

    use crate::data::read::{count_at, f32_at, floats, u32_at};

    /// Rotation (9, row-major) then position (3).
    pub type CoordinateSystem = [f32; 12];

    pub struct BoxShape {
        pub coordinate_system: CoordinateSystem,
        pub lower: [f32; 3],
        pub upper: [f32; 3],
    }

    pub struct SphereShape {
        pub coordinate_system: CoordinateSystem,
        pub radius: f32,
        pub center: [f32; 3],
    }

    pub struct CylinderShape {
        pub coordinate_system: CoordinateSystem,
        pub center: [f32; 3],
        pub height: f32,
        pub radius: f32,
    }

    pub struct CollisionShape {
        pub version: u8,
        pub boxes: Vec<BoxShape>,
        pub spheres: Vec<SphereShape>,
        pub cylinders: Vec<CylinderShape>,
    }

    /// Every field folded as `fold_shapes` folds what it reads.
    pub fn fold(shape: &CollisionShape) -> u32 {
        use super::bits;
        let mut n = u32::from(shape.version);
        for b in &shape.boxes {
            n ^= bits(&b.coordinate_system) ^ bits(&b.lower) ^ bits(&b.upper);
        }
        for s in &shape.spheres {
            n ^= bits(&s.coordinate_system) ^ s.radius.to_bits() ^ bits(&s.center);
        }
        for c in &shape.cylinders {
            n ^= bits(&c.coordinate_system) ^ bits(&c.center);
            n ^= c.height.to_bits() ^ c.radius.to_bits();
        }
        n
    }

    /// `count u32`, then `count` records of `size` bytes read by `read`.
    fn counted<T>(
        payload: &[u8],
        pos: &mut usize,
        size: usize,
        read: impl Fn(&[u8]) -> Option<T>,
    ) -> Option<Vec<T>> {
        let count = u32_at(payload, *pos)? as usize;
        *pos += 4;
        let records = payload.get(*pos..*pos + count.checked_mul(size)?)?;
        *pos += records.len();
        records.chunks_exact(size).map(read).collect()
    }

    /// The `collisionShape` node's payload, found by name in the hierarchy.
    pub fn decode(file: &[u8]) -> Option<CollisionShape> {
        if u32_at(file, 0)? as i32 != -981_667_554 {
            return None;
        }
        let info_at = count_at(file, 8)?;
        let mut pos = count_at(file, 12)?;
        let count = u32_at(file, 16)? as usize;
        // The root: identifier, unknown, name length, name.
        pos += 12 + count_at(file, pos + 8)?;
        let mut payload = None;
        for _ in 1..count {
            let info = count_at(file, pos)?;
            let len = count_at(file, pos + 4)?;
            let name = file.get(pos + 8..pos + 8 + len)?;
            pos += 12 + len;
            if name == b"collisionShape" {
                let entry = info_at + 32 * info;
                if u32_at(file, entry)? != 0x1002_9E32 {
                    return None;
                }
                let (offset, size) = (count_at(file, entry + 8)?, count_at(file, entry + 12)?);
                payload = Some(file.get(offset..offset + size)?);
                break;
            }
        }
        let payload = payload?;
        let version = *payload.first()?;
        if version != 1 {
            return None;
        }
        let mut pos = 1;
        let shape = CollisionShape {
            version,
            boxes: counted(payload, &mut pos, 72, |r| {
                Some(BoxShape {
                    coordinate_system: floats(r, 0)?,
                    lower: floats(r, 48)?,
                    upper: floats(r, 60)?,
                })
            })?,
            spheres: counted(payload, &mut pos, 64, |r| {
                Some(SphereShape {
                    coordinate_system: floats(r, 0)?,
                    radius: f32_at(r, 48)?,
                    center: floats(r, 52)?,
                })
            })?,
            cylinders: counted(payload, &mut pos, 68, |r| {
                Some(CylinderShape {
                    coordinate_system: floats(r, 0)?,
                    center: floats(r, 48)?,
                    height: f32_at(r, 60)?,
                    radius: f32_at(r, 64)?,
                })
            })?,
        };
        (pos == payload.len()).then_some(shape)
    }
}
