//! The benchmarks' inputs, built by the crate's own writers at the sizes of real
//! files (docs/benchmarks.md), and the baselines every bench is measured
//! against in the same process.
//!
//! Every generator is deterministic: the same bytes on every run and machine.
#![allow(dead_code)] // each bench uses the generators of its own format

use std::hint::black_box;

// The seeded generator the unit and integration tests draw from (xorshift64*,
// `src/test_rng.rs`), mounted as `tests/it/support/rng.rs` mounts it: the package
// ships `src/` alone, so the file cannot move to a crate the benches depend on.
#[path = "../../src/test_rng.rs"]
#[allow(dead_code)] // `scale`, the tests' size knob
mod generator;
pub use generator::Rng;

/// The floor every bench is measured against, the games' own loader: copy the
/// file into memory that is already there.
pub fn memcpy(b: divan::Bencher, bytes: &[u8]) {
    let mut to = vec![0u8; bytes.len()];
    b.counter(divan::counter::BytesCount::of_slice(bytes))
        .bench_local(|| {
            to.copy_from_slice(black_box(bytes));
            black_box(&mut to);
        });
}

/// Checked little-endian reads, as the benches' plain allocating decoders make
/// them: `None` past the end.
pub mod read {
    pub fn u16_at(b: &[u8], at: usize) -> Option<u16> {
        Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
    }

    pub fn u32_at(b: &[u8], at: usize) -> Option<u32> {
        Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
    }

    /// A non-negative `i32` count.
    pub fn count_at(b: &[u8], at: usize) -> Option<usize> {
        usize::try_from(u32_at(b, at)? as i32).ok()
    }

    pub fn f32_at(b: &[u8], at: usize) -> Option<f32> {
        u32_at(b, at).map(f32::from_bits)
    }

    /// `N` consecutive floats.
    pub fn floats<const N: usize>(b: &[u8], at: usize) -> Option<[f32; N]> {
        let mut out = [0.0; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = f32_at(b, at + 4 * i)?;
        }
        Some(out)
    }
}

/// XOR of the bits of decoded floats: a fold with no latency chain (float sums
/// would measure the adder's latency, not the decoding).
pub fn bits(v: &[f32]) -> u32 {
    v.iter().fold(0, |acc, f| acc ^ f.to_bits())
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
            vertices.push([x as f32 * cell, z as f32 * cell, rng.range(0.0, cell)]);
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
    use zerocol::gta::{
        self, Bounds, CollisionBox, Face, FaceSurface, Sphere, Surface, Vec3, Version,
    };
    use zerocol::gta::{FaceGroupMode, ModelRepr, WriteOptions};

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
        let h = 1 + rng.below(14) as u32;
        let (vertices, faces) = mesh(rng, 12, h);
        let (shadow_vertices, shadow_faces) = if i.is_multiple_of(4) {
            let h = 1 + rng.below(3) as u32;
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
    /// few spheres and boxes, written by [`gta::write_library`].
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
        let len = gta::library_required_len(&reprs, &options).unwrap();
        let mut out = vec![0; len];
        gta::write_library(&reprs, &options, &mut out).unwrap();
        out
    }
}

pub mod mkgp {
    //! The MKGP DX course: a heightfield binned and written by the crate's
    //! no-`std` writer ([`zerocol::mkgp::write`]), so the bench needs no feature
    //! (`CourseBuilder` needs `std`). The records are what the builder makes of
    //! the same soup: `build::triangle`'s formulas, a triangle in every cell its
    //! XZ bounds touch (through [`cell_coord`], as the builder bins), neighbour
    //! bits on shared edges and a wall on every open one. The bytes are the
    //! same as `CourseBuilder::build()?.to_bytes()?` of that soup and fence
    //! (compared when this was written); the bench checks that
    //! `Course::lints` finds nothing to report. The vector helpers (`sub`, `dot`,
    //! `normalise`) are the bench's own: the crate's `math` is private, and the
    //! public `build::triangle` needs `std`.
    use super::Rng;
    use zerocol::mkgp::{
        self, CellContents, GridHeader, SurfaceFlags, Triangle, TriangleWall, VERSION, Vec3, Wall,
        cell_coord, cell_number,
    };

    /// Cells along X and Z.
    pub const CELLS: u32 = 64;
    /// Cell size, metres.
    pub const CELL: f32 = 8.0;
    /// Quads of the heightfield along X and Z (two triangles each).
    pub const QUADS: u32 = 128;
    /// Quad size, metres.
    pub const QUAD: f32 = 4.0;
    /// The grid's minimum corner (x, z).
    pub const MIN: [f32; 2] = [-256.0, -256.0];
    /// Height of the fence of triangle walls around the course.
    const FENCE: f32 = 3.0;

    fn sub(a: Vec3, b: Vec3) -> Vec3 {
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    }

    fn dot(a: Vec3, b: Vec3) -> f32 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }

    fn normalise(v: Vec3) -> Vec3 {
        let len = dot(v, v).sqrt();
        if len > 0.0 {
            v.map(|c| c / len)
        } else {
            [0.0; 3]
        }
    }

    /// `build::triangle`: XZ bounds, unit edge directions, unit normal,
    /// `d = -dot(centroid, normal)`.
    fn triangle(vertices: [Vec3; 3], flags: SurfaceFlags, neighbours: u32) -> Triangle {
        let [v0, v1, v2] = vertices;
        let (a, b) = (sub(v1, v0), sub(v2, v0));
        let cross = [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ];
        let normal = normalise(cross);
        let centroid = [0, 1, 2].map(|i| (v0[i] + v1[i] + v2[i]) / 3.0);
        let xz = |f: fn(f32, f32) -> f32| [f(f(v0[0], v1[0]), v2[0]), f(f(v0[2], v1[2]), v2[2])];
        Triangle {
            min: xz(f32::min),
            max: xz(f32::max),
            vertices,
            edges: [(v0, v1), (v1, v2), (v2, v0)].map(|(from, to)| normalise(sub(to, from))),
            neighbours,
            flags,
            normal,
            d: -dot(centroid, normal),
        }
    }

    /// File positions of the cells the XZ box `min..=max` touches, as the
    /// builder finds them.
    fn cells(min: [f32; 2], max: [f32; 2]) -> impl Iterator<Item = usize> {
        let span = |lo: f32, hi: f32, origin: f32| {
            (
                cell_coord(lo, origin, CELL, CELLS).unwrap_or(0),
                cell_coord(hi, origin, CELL, CELLS).unwrap_or(CELLS - 1),
            )
        };
        let (x0, x1) = span(min[0], max[0], MIN[0]);
        let (z0, z1) = span(min[1], max[1], MIN[1]);
        (z0..=z1).flat_map(move |z| (x0..=x1).map(move |x| cell_number(x, z, CELLS) as usize))
    }

    /// One-hot surface type by region (asphalt track bands, dirt, grass on the
    /// edges), a sound variant in bits 16–23.
    fn flags(x: u32, z: u32) -> SurfaceFlags {
        let surface = if x < 4 || z < 4 || x >= QUADS - 4 || z >= QUADS - 4 {
            0x0010 // grass
        } else if (x / 16 + z / 16).is_multiple_of(3) {
            0x0008 // dirt
        } else {
            0x1000 // asphalt
        };
        SurfaceFlags(surface | ((x + z) % 3) << 16)
    }

    /// A 512 m square course on a 64 × 64 grid of 8 m cells: a 128 × 128-quad
    /// heightfield (32,768 triangles, 4 m apart), the triangles along cell
    /// borders stored in every cell they touch, a wall on each of the 512 open
    /// border edges, and a 3 m fence of 512 triangle walls in the secondary grid.
    pub fn course() -> Vec<u8> {
        let mut rng = Rng::new(0x4D4B_4750);
        let n = QUADS + 1;
        let heights: Vec<f32> = (0..n * n)
            .map(|i| {
                let (x, z) = (i % n, i / n);
                ((x * 7 + z * 13) % 17) as f32 * 0.125 + rng.range(0.0, 0.25)
            })
            .collect();
        let vertex = |x: u32, z: u32| -> Vec3 {
            [
                MIN[0] + x as f32 * QUAD,
                heights[(z * n + x) as usize],
                MIN[1] + z as f32 * QUAD,
            ]
        };

        let count = (CELLS * CELLS) as usize;
        let mut grid: Vec<(Vec<Triangle>, Vec<Wall>)> = vec![(Vec::new(), Vec::new()); count];
        for z in 0..QUADS {
            for x in 0..QUADS {
                let (v00, v01) = (vertex(x, z), vertex(x, z + 1));
                let (v10, v11) = (vertex(x + 1, z), vertex(x + 1, z + 1));
                // Edge i runs from vertex i to vertex i + 1; the diagonal is shared.
                let a = ([v00, v01, v11], [x > 0, z + 1 < QUADS, true]);
                let b = ([v00, v11, v10], [true, x + 1 < QUADS, z > 0]);
                for (vertices, shared) in [a, b] {
                    let bits = (0..3).filter(|&i| shared[i]).fold(0, |n, i| n | 1 << i);
                    let t = triangle(vertices, flags(x, z), bits);
                    for cell in cells(t.min, t.max) {
                        grid[cell].0.push(t);
                    }
                    for i in (0..3).filter(|&i| !shared[i]) {
                        let (p1, p2) = (vertices[i], vertices[(i + 1) % 3]);
                        let wall = Wall {
                            min: [0, 1, 2].map(|k| p1[k].min(p2[k])),
                            max: [0, 1, 2].map(|k| p1[k].max(p2[k])),
                            p1,
                            p2,
                        };
                        for cell in cells([wall.min[0], wall.min[2]], [wall.max[0], wall.max[2]]) {
                            grid[cell].1.push(wall);
                        }
                    }
                }
            }
        }

        // The fence: two upright triangles per 8 m of border.
        let mut fence: Vec<Vec<TriangleWall>> = vec![Vec::new(); count];
        let max = [MIN[0] + QUADS as f32 * QUAD, MIN[1] + QUADS as f32 * QUAD];
        for i in 0..CELLS {
            let s = [i as f32 * CELL, (i + 1) as f32 * CELL];
            let sides: [[[f32; 2]; 2]; 4] = [
                [[MIN[0] + s[0], MIN[1]], [MIN[0] + s[1], MIN[1]]],
                [[MIN[0] + s[0], max[1]], [MIN[0] + s[1], max[1]]],
                [[MIN[0], MIN[1] + s[0]], [MIN[0], MIN[1] + s[1]]],
                [[max[0], MIN[1] + s[0]], [max[0], MIN[1] + s[1]]],
            ];
            for (side, [p, q]) in sides.into_iter().enumerate() {
                let low = |[x, z]: [f32; 2]| [x, 0.0, z];
                let high = |[x, z]: [f32; 2]| [x, FENCE, z];
                for vertices in [[low(p), low(q), high(q)], [low(p), high(q), high(p)]] {
                    let wall = TriangleWall {
                        flag: side as i32,
                        vertices,
                    };
                    let lo = [p[0].min(q[0]), p[1].min(q[1])];
                    let hi = [p[0].max(q[0]), p[1].max(q[1])];
                    for cell in cells(lo, hi) {
                        fence[cell].push(wall);
                    }
                }
            }
        }

        let header = GridHeader {
            version: VERSION,
            width: CELLS,
            length: CELLS,
            cell_size: [CELL, CELL],
            min: MIN,
            max,
            neg_min: MIN.map(|c| -c),
        };
        let contents: Vec<CellContents<'_>> = grid
            .iter()
            .map(|(triangles, walls)| CellContents { triangles, walls })
            .collect();
        let wall_cells: Vec<&[TriangleWall]> = fence.iter().map(Vec::as_slice).collect();
        let len = mkgp::required_len(&contents, &wall_cells).unwrap();
        let mut out = vec![0; len];
        let written = mkgp::write(&header, &contents, &wall_cells, &mut out).unwrap();
        assert_eq!(written, len);
        out
    }
}

pub mod battleforge {
    //! A BattleForge DRS container, written by [`zerocol::battleforge::write`]:
    //! a few opaque nodes around a `collisionShape` node of hundreds of shapes,
    //! its payload written by [`zerocol::battleforge::write_payload`].
    use super::Rng;
    use zerocol::battleforge::{
        self, BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CylinderShape, NodeSpec,
        SphereShape, Transform,
    };

    pub const BOXES: usize = 200;
    pub const SPHERES: usize = 200;
    pub const CYLINDERS: usize = 200;

    /// Rotations about Y by Pythagorean angles (cos, sin rational), so the
    /// matrices are the same on every machine and orthonormal to f32 rounding.
    fn rotation(i: usize) -> [[f32; 3]; 3] {
        let (c, s) = [
            (1.0, 0.0),
            (0.6, 0.8),
            (5.0 / 13.0, 12.0 / 13.0),
            (8.0 / 17.0, 15.0 / 17.0),
            (0.0, 1.0),
            (-0.6, 0.8),
        ][i % 6];
        [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]]
    }

    fn position(rng: &mut Rng) -> [f32; 3] {
        [
            rng.range(-40.0, 40.0),
            rng.range(0.0, 6.0),
            rng.range(-40.0, 40.0),
        ]
    }

    /// Opaque payload bytes for the other nodes, never decoded.
    fn opaque(rng: &mut Rng, len: usize) -> Vec<u8> {
        (0..len).map(|_| rng.byte()).collect()
    }

    /// A building's DRS: `CGeoMesh` (2 KiB), `CGeoOBBTree` (1 KiB),
    /// `collisionShape` (200 boxes, 200 spheres, 200 cylinders, Y-up, writers'
    /// conventions: identity-rotated spheres, centres copied from positions),
    /// `CDspJointMap` (64 bytes). The other nodes' class ids are stand-ins.
    pub fn drs() -> Vec<u8> {
        let mut rng = Rng::new(0xBF_2009);
        let boxes: Vec<BoxShape> = (0..BOXES)
            .map(|i| {
                let half = [
                    rng.range(0.2, 4.0),
                    rng.range(0.2, 3.0),
                    rng.range(0.2, 4.0),
                ];
                BoxShape {
                    transform: Transform {
                        rotation: rotation(i),
                        position: position(&mut rng),
                    },
                    lower: [-half[0], 0.0, -half[2]],
                    upper: [half[0], 2.0 * half[1], half[2]],
                }
            })
            .collect();
        let spheres: Vec<SphereShape> = (0..SPHERES)
            .map(|_| {
                let position = position(&mut rng);
                SphereShape {
                    transform: Transform {
                        position,
                        ..Transform::IDENTITY
                    },
                    radius: rng.range(0.25, 3.0),
                    center: position,
                }
            })
            .collect();
        let cylinders: Vec<CylinderShape> = (0..CYLINDERS)
            .map(|i| {
                let position = position(&mut rng);
                CylinderShape {
                    transform: Transform {
                        rotation: rotation(i),
                        position,
                    },
                    center: position,
                    height: rng.range(0.5, 8.0),
                    radius: rng.range(0.1, 1.5),
                }
            })
            .collect();
        let len = battleforge::payload_required_len(&boxes, &spheres, &cylinders).unwrap();
        let mut shape = vec![0; len];
        battleforge::write_payload(&boxes, &spheres, &cylinders, &mut shape).unwrap();

        let (mesh, tree, joints) = (
            opaque(&mut rng, 2048),
            opaque(&mut rng, 1024),
            opaque(&mut rng, 64),
        );
        let node = |name, class_id, identifier, payload| NodeSpec {
            name,
            class_id,
            identifier,
            payload,
        };
        let nodes = [
            node(&b"CGeoMesh"[..], 100_449_016, 7, &mesh[..]),
            node(&b"CGeoOBBTree"[..], 479_466_400, 8, &tree[..]),
            node(COLLISION_SHAPE_NAME, COLLISION_SHAPE_CLASS, 9, &shape[..]),
            node(&b"CDspJointMap"[..], 1_000_100_011, 10, &joints[..]),
        ];
        let mut out = vec![0; battleforge::required_len(&nodes).unwrap()];
        let written = battleforge::write(&nodes, &mut out).unwrap();
        out.truncate(written);
        out
    }
}

pub mod grit {
    //! A Grit body the size of the largest real TCOL file (docs/formats/grit.md:
    //! 8,333 vertices and 15,791 faces, about 1 MB): written as plain TCOL text,
    //! parsed, and printed by the crate's canonical printer
    //! ([`zerocol::grit::tcol::print`]); the BCOL is the crate's conversion of that
    //! text ([`zerocol::grit::bcol::write`]).
    //!
    //! The printer writes the shortest digits that read back to each `f32`
    //! (`-67.3167 -67.22808 0.017494678`), which for these coordinates is 7 to 9
    //! significant digits: the text comes to 1.02 MB with no padding, LF line
    //! ends and the printer's indentation (most real files use CRLF).
    use std::fmt::Write as _;

    use super::Rng;
    use zerocol::grit::{
        bcol,
        tcol::{Options, Tcol},
    };

    /// Trimesh quads along X and Y (two faces each): 91 × 91 = 8,281 vertices,
    /// 16,200 faces.
    pub const QUADS: usize = 90;

    const MATERIALS: [&str; 5] = [
        "/common/pmat/Asphalt",
        "/common/pmat/Gravel",
        "/common/pmat/Grass",
        "/common/pmat/Stone",
        "Kerb",
    ];

    fn reals(out: &mut String, values: &[f32]) {
        for v in values {
            write!(out, " {v:?}").unwrap();
        }
    }

    /// The source text: a static body, a compound of 18 shapes (2 hulls of 12
    /// vertices, 6 boxes, 3 cylinders, 2 cones, 1 plane, 4 spheres, in BCOL's
    /// stored order) and a 91 × 91-vertex trimesh of 1.5 m quads (Z up), its
    /// faces in stretches of one material.
    fn source() -> String {
        let mut rng = Rng::new(0x6_7217);
        let mut t = String::from("TCOL1.0\nattributes { static; }\ncompound {\n");
        for h in 0..2 {
            write!(t, "hull {{ material \"{}\"; vertexes {{", MATERIALS[3]).unwrap();
            for _ in 0..12 {
                let c = h as f32 * 20.0;
                reals(
                    &mut t,
                    &[
                        rng.range(c - 2.0, c + 2.0),
                        rng.range(-2.0, 2.0),
                        rng.range(0.0, 4.0),
                    ],
                );
                t.push(';');
            }
            t.push_str(" } }\n");
        }
        for (kind, n) in [("box", 6), ("cylinder", 3)] {
            for _ in 0..n {
                write!(t, "{kind} {{ material \"{}\"; centre", MATERIALS[3]).unwrap();
                reals(
                    &mut t,
                    &[
                        rng.range(-60.0, 60.0),
                        rng.range(-60.0, 60.0),
                        rng.range(0.0, 5.0),
                    ],
                );
                t.push_str("; orientation 0.9238795 0.0 0.0 0.38268343; dimensions");
                reals(
                    &mut t,
                    &[
                        rng.range(0.5, 6.0),
                        rng.range(0.5, 6.0),
                        rng.range(0.5, 6.0),
                    ],
                );
                t.push_str("; }\n");
            }
        }
        for _ in 0..2 {
            t.push_str("cone { material \"/common/pmat/Stone\"; margin 0.02; centre");
            reals(
                &mut t,
                &[rng.range(-60.0, 60.0), rng.range(-60.0, 60.0), 0.0],
            );
            t.push_str("; radius");
            reals(&mut t, &[rng.range(0.5, 2.0)]);
            t.push_str("; height");
            reals(&mut t, &[rng.range(1.0, 4.0)]);
            t.push_str("; }\n");
        }
        t.push_str(
            "plane { material \"/common/pmat/Grass\"; normal 0.0 0.0 1.0; distance -2.5; }\n",
        );
        for _ in 0..4 {
            t.push_str("sphere { material \"/common/pmat/Stone\"; centre");
            reals(
                &mut t,
                &[
                    rng.range(-60.0, 60.0),
                    rng.range(-60.0, 60.0),
                    rng.range(0.0, 5.0),
                ],
            );
            t.push_str("; radius");
            reals(&mut t, &[rng.range(0.25, 2.0)]);
            t.push_str("; }\n");
        }
        t.push_str("}\ntrimesh {\nvertexes {\n");
        let n = QUADS + 1;
        for y in 0..n {
            for x in 0..n {
                let xy = |i: usize| i as f32 * 1.5 - 67.5;
                reals(
                    &mut t,
                    &[
                        xy(x) + rng.range(-0.3, 0.3),
                        xy(y) + rng.range(-0.3, 0.3),
                        ((x * 7 + y * 13) % 17) as f32 * 0.25 + rng.range(-0.5, 0.5),
                    ],
                );
                t.push_str(";\n");
            }
        }
        t.push_str("}\nfaces {\n");
        for y in 0..QUADS {
            for x in 0..QUADS {
                let v = y * n + x;
                let material = MATERIALS[(y / 6 + x / 30) % MATERIALS.len()];
                for [a, b, c] in [[v, v + 1, v + n + 1], [v, v + n + 1, v + n]] {
                    writeln!(t, "{a} {b} {c} \"{material}\";").unwrap();
                }
            }
        }
        t.push_str("}\n}\n");
        t
    }

    /// The body as canonical TCOL, by the crate's printer.
    pub fn tcol() -> Vec<u8> {
        let source = source();
        let tcol = Tcol::parse_str(&source, Options::STRICT).unwrap();
        let mut out = String::new();
        tcol.print(&mut out).unwrap();
        out.into_bytes()
    }

    /// The same body as BCOL: [`tcol`]'s text converted by the crate's writer.
    pub fn bcol() -> Vec<u8> {
        bcol_of(&tcol())
    }

    /// The body's trimesh alone, without the compound, as BCOL: for comparisons
    /// with a library that builds the trimesh alone.
    pub fn bcol_trimesh() -> Vec<u8> {
        let source = source();
        let (head, rest) = source.split_once("compound {\n").unwrap();
        let (_, mesh) = rest.split_once("}\ntrimesh {").unwrap();
        bcol_of(format!("{head}trimesh {{{mesh}").as_bytes())
    }

    /// TCOL text as BCOL, by the crate's writer.
    fn bcol_of(text: &[u8]) -> Vec<u8> {
        let tcol = Tcol::parse(text, Options::STRICT).unwrap();
        let (attributes, shapes, trimesh) = (tcol.attributes(), tcol.shapes(), tcol.trimesh());
        let len = bcol::required_len(&attributes, shapes.clone(), trimesh.clone()).unwrap();
        let mut out = vec![0; len];
        let written = bcol::write(&attributes, shapes, trimesh, &mut out).unwrap();
        out.truncate(written);
        out
    }
}
