//! MKGP DX writer and grid builder: the exact bytes written (decoded at fixed
//! offsets, docs/formats/mkgp.md), every write error, and a builder checked against
//! grids worked out by hand.

use zerocol::mkgp::build::{
    BuildError, BuiltCourse, CourseBuilder, MAX_CELLS, SoupTriangle, edge_direction, triangle,
};
use zerocol::mkgp::{self, CellContents, InputError, WriteError};
use zerocol::mkgp::{
    GridHeader, SurfaceFlags, SurfaceType, Triangle, TriangleWall, VERSION, Vec3, Wall, cell_coord,
    cell_number, raw,
};
use zerocopy::{FromBytes, Immutable, KnownLayout};

use crate::support;
use crate::support::bytes::{f32_at, f32s_at, i32_at, u32_at};
use crate::support::mkgp::{soup, surface_flags};

// ---------------------------------------------------------------- helpers

fn record_at<T: FromBytes + KnownLayout + Immutable>(bytes: &[u8], at: usize) -> &T {
    T::ref_from_prefix(&bytes[at..]).unwrap().0
}

/// Walks a whole file with the raw structs, as a reader would, and checks that
/// it ends exactly after the secondary grid.
fn decode(bytes: &[u8]) -> BuiltCourse {
    let h: &raw::Header = record_at(bytes, 0);
    assert_eq!(h.magic, *b"COL\0");
    let header = GridHeader {
        version: h.version.get(),
        width: h.width.get() as u32,
        length: h.length.get() as u32,
        cell_size: raw::xz(&h.cell_size),
        min: raw::xz(&h.min),
        max: raw::xz(&h.max),
        neg_min: raw::xz(&h.neg_min),
    };
    let n = (header.width * header.length) as usize;
    let mut at = 0x30;
    let mut cells = Vec::new();
    for _ in 0..n {
        let c: &raw::CellHeader = record_at(bytes, at);
        at += 8;
        let mut triangles = Vec::new();
        for _ in 0..c.triangles.get() {
            triangles.push(record_at::<raw::Triangle>(bytes, at).decode());
            at += 0x70;
        }
        let mut walls = Vec::new();
        for _ in 0..c.walls.get() {
            let w: &raw::Wall = record_at(bytes, at);
            assert_eq!(
                [w.min_pad, w.max_pad, w.p1_pad, w.p2_pad].map(|p| p.get().to_bits()),
                [0; 4]
            );
            walls.push(w.decode());
            at += 0x40;
        }
        cells.push((triangles, walls));
    }
    let mut wall_cells = Vec::new();
    for _ in 0..n {
        let u = i32_at(bytes, at);
        at += 4;
        let mut walls = Vec::new();
        for _ in 0..u {
            let w: &raw::TriangleWall = record_at(bytes, at);
            assert_eq!(w.zero.map(|z| z.get().to_bits()), [0; 4]);
            walls.push(w.decode());
            at += 0x38;
        }
        wall_cells.push(walls);
    }
    assert_eq!(at, bytes.len(), "bytes after the secondary grid");
    BuiltCourse {
        header,
        cells,
        wall_cells,
    }
}

fn write_vec(
    header: &GridHeader,
    cells: &[CellContents<'_>],
    wall_cells: &[&[TriangleWall]],
) -> Vec<u8> {
    let len = mkgp::required_len(cells, wall_cells).unwrap();
    let mut out = vec![0xEE; len];
    assert_eq!(mkgp::write(header, cells, wall_cells, &mut out), Ok(len));
    out
}

fn grid(width: u32, length: u32) -> GridHeader {
    GridHeader {
        version: VERSION,
        width,
        length,
        cell_size: [8.0, 8.0],
        min: [0.0, 0.0],
        max: [8.0 * width as f32, 8.0 * length as f32],
        neg_min: [0.0, 0.0],
    }
}

#[track_caller]
fn assert_close(actual: Vec3, expected: Vec3) {
    for (a, e) in actual.iter().zip(expected) {
        assert!((a - e).abs() <= 1e-6, "{actual:?} != {expected:?}");
    }
}

/// Triangle values with every field distinct, so a field written at the wrong
/// offset shows.
fn distinct_triangle() -> Triangle {
    Triangle {
        min: [1.0, 2.0],
        max: [3.0, 4.0],
        vertices: [[5.0, 6.0, 7.0], [8.0, 9.0, 10.0], [11.0, 12.0, 13.0]],
        edges: [[14.0, 15.0, 16.0], [17.0, 18.0, 19.0], [20.0, 21.0, 22.0]],
        neighbours: 0b101,
        flags: SurfaceFlags(0x0403_1000),
        normal: [23.0, 24.0, 25.0],
        d: 26.0,
    }
}

fn distinct_wall(base: f32) -> Wall {
    Wall {
        min: [base, base + 1.0, base + 2.0],
        max: [base + 3.0, base + 4.0, base + 5.0],
        p1: [base + 6.0, base + 7.0, base + 8.0],
        p2: [base + 9.0, base + 10.0, base + 11.0],
    }
}

// ---------------------------------------------------------------- writer

#[test]
fn header_fields_at_their_offsets() {
    let header = GridHeader {
        version: VERSION,
        width: 1,
        length: 1,
        cell_size: [8.5, 9.5],
        min: [-10.0, -20.0],
        max: [30.0, 40.0],
        // Written as given, even when it is not −min.
        neg_min: [11.0, 21.0],
    };
    let bytes = write_vec(&header, &[CellContents::default()], &[&[]]);
    assert_eq!(bytes.len(), 0x30 + 8 + 4);
    assert_eq!(&bytes[0x00..0x04], b"COL\0");
    assert_eq!(&bytes[0x04..0x08], &[0x16, 0x08, 0x12, 0x20]);
    assert_eq!(u32_at(&bytes, 0x04), 0x2012_0816);
    assert_eq!(i32_at(&bytes, 0x08), 1);
    assert_eq!(i32_at(&bytes, 0x0C), 1);
    assert_eq!(f32s_at::<2>(&bytes, 0x10), [8.5, 9.5]);
    assert_eq!(f32s_at::<2>(&bytes, 0x18), [-10.0, -20.0]);
    assert_eq!(f32s_at::<2>(&bytes, 0x20), [30.0, 40.0]);
    assert_eq!(f32s_at::<2>(&bytes, 0x28), [11.0, 21.0]);
    // One empty primary cell, one empty secondary cell.
    assert_eq!(&bytes[0x30..], &[0; 12]);

    // The version is written as given too.
    let other = GridHeader {
        version: 0xDEAD_BEEF,
        ..header
    };
    let bytes = write_vec(&other, &[CellContents::default()], &[&[]]);
    assert_eq!(u32_at(&bytes, 0x04), 0xDEAD_BEEF);
}

#[test]
fn records_at_their_offsets() {
    let t = distinct_triangle();
    let walls = [
        distinct_wall(100.0),
        distinct_wall(200.0),
        distinct_wall(300.0),
    ];
    let tw = TriangleWall {
        flag: -7,
        vertices: [[1.5, 2.5, 3.5], [4.5, 5.5, 6.5], [7.5, 8.5, 9.5]],
    };
    let cells = [
        CellContents {
            triangles: std::slice::from_ref(&t),
            walls: &walls[..1],
        },
        CellContents {
            triangles: &[],
            walls: &walls[1..],
        },
    ];
    let wall_cells: [&[TriangleWall]; 2] = [&[], std::slice::from_ref(&tw)];
    let bytes = write_vec(&grid(2, 1), &cells, &wall_cells);
    assert_eq!(bytes.len(), 0x1B0);

    // Cell 0: T = 1, C = 1.
    assert_eq!((i32_at(&bytes, 0x30), i32_at(&bytes, 0x34)), (1, 1));
    let at = 0x38;
    assert_eq!(f32s_at::<2>(&bytes, at), [1.0, 2.0]);
    assert_eq!(f32s_at::<2>(&bytes, at + 0x08), [3.0, 4.0]);
    assert_eq!(
        f32s_at::<9>(&bytes, at + 0x10),
        [5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0]
    );
    assert_eq!(
        f32s_at::<9>(&bytes, at + 0x34),
        [14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0]
    );
    assert_eq!(u32_at(&bytes, at + 0x58), 0b101);
    assert_eq!(u32_at(&bytes, at + 0x5C), 0x0403_1000);
    assert_eq!(f32s_at::<3>(&bytes, at + 0x60), [23.0, 24.0, 25.0]);
    assert_eq!(f32_at(&bytes, at + 0x6C), 26.0);
    assert_eq!(record_at::<raw::Triangle>(&bytes, at).decode(), t);

    let at = 0x38 + 0x70;
    assert_eq!(f32s_at::<4>(&bytes, at), [100.0, 101.0, 102.0, 0.0]);
    assert_eq!(f32s_at::<4>(&bytes, at + 0x10), [103.0, 104.0, 105.0, 0.0]);
    assert_eq!(f32s_at::<4>(&bytes, at + 0x20), [106.0, 107.0, 108.0, 0.0]);
    // Position 2 at 0x30, not the seed's second 0x20.
    assert_eq!(f32s_at::<4>(&bytes, at + 0x30), [109.0, 110.0, 111.0, 0.0]);
    assert_eq!(record_at::<raw::Wall>(&bytes, at).decode(), walls[0]);

    // Cell 1: T = 0, C = 2.
    let at = 0x38 + 0x70 + 0x40;
    assert_eq!((i32_at(&bytes, at), i32_at(&bytes, at + 4)), (0, 2));
    assert_eq!(f32s_at::<3>(&bytes, at + 8 + 0x30), [209.0, 210.0, 211.0]);
    assert_eq!(
        f32s_at::<3>(&bytes, at + 8 + 0x40 + 0x30),
        [309.0, 310.0, 311.0]
    );

    // Secondary grid: U = 0, then U = 1 and the triangle wall.
    let at = at + 8 + 2 * 0x40;
    assert_eq!(at, 0x170);
    assert_eq!(i32_at(&bytes, at), 0);
    assert_eq!(i32_at(&bytes, at + 4), 1);
    let at = at + 8;
    assert_eq!(i32_at(&bytes, at), -7);
    assert_eq!(
        f32s_at::<9>(&bytes, at + 0x04),
        [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
    );
    assert_eq!(&bytes[at + 0x28..at + 0x38], &[0; 16]);
    assert_eq!(at + 0x38, bytes.len());
    assert_eq!(record_at::<raw::TriangleWall>(&bytes, at).decode(), tw);
}

#[test]
fn cells_are_written_in_the_order_given() {
    // A 2 × 2 grid whose cells hold 0, 1, 2 and 3 walls: the counts come out
    // in file order (z × W + x, the order of the slice).
    let walls: Vec<Wall> = (0..6).map(|i| distinct_wall(i as f32 * 100.0)).collect();
    let cells = [
        CellContents::default(),
        CellContents {
            triangles: &[],
            walls: &walls[0..1],
        },
        CellContents {
            triangles: &[],
            walls: &walls[1..3],
        },
        CellContents {
            triangles: &[],
            walls: &walls[3..6],
        },
    ];
    let bytes = write_vec(&grid(2, 2), &cells, &[&[] as &[TriangleWall]; 4]);
    let decoded = decode(&bytes);
    let counts: Vec<usize> = decoded.cells.iter().map(|(_, w)| w.len()).collect();
    assert_eq!(counts, [0, 1, 2, 3]);
    assert_eq!(decoded.cells[3].1, walls[3..6]);
    assert_eq!(cell_number(1, 1, 2), 3);
}

#[test]
fn required_len_is_the_written_length_and_the_rest_is_untouched() {
    let t = distinct_triangle();
    let w = distinct_wall(0.0);
    let tw = TriangleWall {
        flag: 1,
        vertices: [[0.0; 3]; 3],
    };
    let cells = [
        CellContents {
            triangles: &[t, t],
            walls: &[w],
        },
        CellContents {
            triangles: &[t],
            walls: &[],
        },
        CellContents::default(),
    ];
    let wall_cells: [&[TriangleWall]; 3] = [&[tw], &[], &[tw, tw]];
    let needed = mkgp::required_len(&cells, &wall_cells).unwrap();
    assert_eq!(needed, 0x30 + 3 * 8 + 3 * 0x70 + 0x40 + 3 * 4 + 3 * 0x38);
    let mut out = vec![0xAA; needed + 10];
    let written = mkgp::write(&grid(3, 1), &cells, &wall_cells, &mut out).unwrap();
    assert_eq!(written, needed);
    assert_eq!(&out[needed..], &[0xAA; 10]);
    decode(&out[..written]);

    assert_eq!(mkgp::required_len(&[], &[]), Ok(0x30));
}

#[test]
fn every_write_error() {
    let one = [CellContents::default()];
    let one_wall: [&[TriangleWall]; 1] = [&[]];
    let mut out = [0u8; 256];
    let err = |header: &GridHeader, cells: &[CellContents<'_>], walls: &[&[TriangleWall]]| {
        mkgp::write(header, cells, walls, &mut [0u8; 256]).unwrap_err()
    };

    for (width, length) in [(0, 1), (1, 0), (0, 0), (1 << 31, 1), (1, u32::MAX)] {
        assert_eq!(
            err(&grid(width, length), &one, &one_wall),
            WriteError::Invalid(InputError::GridSize { width, length })
        );
    }
    // i32::MAX itself is a valid W; the cell count is then what fails.
    assert_eq!(
        err(&grid(i32::MAX as u32, 1), &one, &one_wall),
        WriteError::Invalid(InputError::CellCount {
            expected: i32::MAX as u64,
            found: 1
        })
    );
    assert_eq!(
        err(&grid(2, 2), &one, &one_wall),
        WriteError::Invalid(InputError::CellCount {
            expected: 4,
            found: 1
        })
    );
    assert_eq!(
        err(&grid(1, 1), &one, &[]),
        WriteError::Invalid(InputError::WallCellCount {
            expected: 1,
            found: 0
        })
    );
    assert_eq!(
        err(&grid(1, 1), &one, &[&[], &[]]),
        WriteError::Invalid(InputError::WallCellCount {
            expected: 1,
            found: 2
        })
    );
    let needed = 0x30 + 8 + 4;
    for available in [0, 1, 0x30, needed - 1] {
        assert_eq!(
            mkgp::write(&grid(1, 1), &one, &one_wall, &mut out[..available]),
            Err(WriteError::BufferTooSmall { needed, available })
        );
    }
    assert_eq!(
        mkgp::write(&grid(1, 1), &one, &one_wall, &mut out[..needed]),
        Ok(needed)
    );
    // TooManyRecords and TooLarge need slices that cannot exist on a 64-bit
    // host: unit-tested against the arithmetic in src/mkgp/write.rs.

    let e: Box<dyn std::error::Error> = Box::new(WriteError::BufferTooSmall {
        needed: 60,
        available: 2,
    });
    assert_eq!(e.to_string(), "the output needs 60 bytes, the buffer has 2");
    for e in [
        WriteError::Invalid(InputError::GridSize {
            width: 0,
            length: 1,
        }),
        WriteError::Invalid(InputError::CellCount {
            expected: 4,
            found: 1,
        }),
        WriteError::Invalid(InputError::WallCellCount {
            expected: 4,
            found: 1,
        }),
        WriteError::TooLarge,
    ] {
        assert!(!e.to_string().is_empty());
    }
}

// ---------------------------------------------------------------- geometry of one triangle

#[test]
fn edge_direction_is_the_unit_vector_along_the_edge() {
    assert_eq!(
        edge_direction([1.0, 2.0, 3.0], [4.0, 6.0, 3.0]),
        [0.6, 0.8, 0.0]
    );
    assert_eq!(
        edge_direction([4.0, 6.0, 3.0], [1.0, 2.0, 3.0]),
        [-0.6, -0.8, 0.0]
    );
    assert_eq!(edge_direction([0.0; 3], [0.0, 0.0, -5.0]), [0.0, 0.0, -1.0]);
    assert_eq!(edge_direction([7.0, 7.0, 7.0], [7.0, 7.0, 7.0]), [0.0; 3]);
    // No overflow for huge coordinates, no NaN for non-finite ones.
    assert_close(
        edge_direction([-3e38, 0.0, 0.0], [3e38, 0.0, 3e38]),
        [2.0 / 5f32.sqrt(), 0.0, 1.0 / 5f32.sqrt()],
    );
    assert_eq!(edge_direction([f32::NAN, 0.0, 0.0], [1.0; 3]), [0.0; 3]);
    assert_eq!(
        edge_direction([0.0; 3], [f32::INFINITY, 0.0, 0.0]),
        [0.0; 3]
    );
    // Tiny edges still normalise.
    assert_close(
        edge_direction([0.0; 3], [1e-30, 0.0, 1e-30]),
        [
            std::f32::consts::FRAC_1_SQRT_2,
            0.0,
            std::f32::consts::FRAC_1_SQRT_2,
        ],
    );
}

#[test]
fn triangle_record_values() {
    let f = SurfaceFlags(0x0102_0010);
    let t = triangle(
        [[0.0, 3.0, 6.0], [0.0, 5.0, 12.0], [10.0, 3.0, 6.0]],
        f,
        0b110,
    );
    assert_eq!(t.min, [0.0, 6.0]);
    assert_eq!(t.max, [10.0, 12.0]);
    assert_eq!(
        t.vertices,
        [[0.0, 3.0, 6.0], [0.0, 5.0, 12.0], [10.0, 3.0, 6.0]]
    );
    assert_eq!(t.neighbours, 0b110);
    assert_eq!(t.flags, f);
    let s = 40f32.sqrt();
    assert_close(t.edges[0], [0.0, 2.0 / s, 6.0 / s]);
    let s = 140f32.sqrt();
    assert_close(t.edges[1], [10.0 / s, -2.0 / s, -6.0 / s]);
    assert_eq!(t.edges[2], [-1.0, 0.0, 0.0]);
    // (v1 − v0) × (v2 − v0) = (0, 2, 6) × (10, 0, 0) = (0, 60, −20).
    let r = 10f32.sqrt();
    assert_close(t.normal, [0.0, 3.0 / r, -1.0 / r]);
    let n = t.normal;
    assert!((n[0] * n[0] + n[1] * n[1] + n[2] * n[2] - 1.0).abs() < 1e-6);
    // d = −dot(centroid, normal), centroid (10/3, 11/3, 8).
    let c = [10.0 / 3.0, 11.0 / 3.0, 8.0];
    assert!((t.d + (c[0] * n[0] + c[1] * n[1] + c[2] * n[2])).abs() < 1e-6);
    assert!((t.d + 3.0 / r).abs() < 1e-6);
    // Every vertex is on the stored plane.
    for [x, y, z] in t.vertices {
        assert!((t.plane_height(x, z).unwrap() - y).abs() < 1e-5);
    }

    // Flat ground: normal straight up, d = −height.
    let flat = triangle([[0.0, 5.0, 0.0], [0.0, 5.0, 1.0], [1.0, 5.0, 0.0]], f, 0);
    assert_eq!(flat.normal, [0.0, 1.0, 0.0]);
    assert_eq!(flat.d, -5.0);
    // The other winding faces down.
    let under = triangle([[0.0, 5.0, 0.0], [1.0, 5.0, 0.0], [0.0, 5.0, 1.0]], f, 0);
    assert_eq!(under.normal, [0.0, -1.0, 0.0]);
}

#[test]
fn degenerate_triangles_have_a_zero_normal_and_no_nan() {
    let f = SurfaceFlags(1);
    for vertices in [
        // Collinear.
        [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [2.0, 2.0, 2.0]],
        // Two equal vertices.
        [[1.0, 0.0, 1.0], [1.0, 0.0, 1.0], [3.0, 0.0, 2.0]],
        // A point.
        [[4.0, 4.0, 4.0]; 3],
    ] {
        let t = triangle(vertices, f, 0);
        assert_eq!(t.normal, [0.0; 3], "{vertices:?}");
        assert_eq!(t.d, 0.0);
        assert!(t.edges.iter().flatten().all(|c| c.is_finite()));
    }
    // Zero-length edge 0 of the second case.
    let t = triangle([[1.0, 0.0, 1.0], [1.0, 0.0, 1.0], [3.0, 0.0, 2.0]], f, 0);
    assert_eq!(t.edges[0], [0.0; 3]);
    // Non-finite input never yields NaN in the computed fields.
    let t = triangle(
        [[f32::NAN, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        f,
        0,
    );
    assert!(
        t.normal
            .iter()
            .chain(t.edges.iter().flatten())
            .all(|c| !c.is_nan())
    );
    assert!(!t.d.is_nan());
    // Huge but finite coordinates still give a unit normal.
    let t = triangle(
        [[-3e38, 0.0, -3e38], [-3e38, 0.0, 3e38], [3e38, 0.0, -3e38]],
        f,
        0,
    );
    assert_close(t.normal, [0.0, 1.0, 0.0]);
}

// ---------------------------------------------------------------- builder

/// The 2 × 2 course worked out by hand (cell size 8, AABB 0..16 each way):
///
/// - T0 (0,0,0) (0,0,6) (6,0,0): cell 0; edge 1 shared with T1.
/// - T1 (6,0,0) (0,0,6) (10,0,6): x 0..10 → cells 0, 1; edge 0 shared with T0,
///   edge 1 with T3.
/// - T2 (10,0,10) (10,4,16) (16,4,16): cell 3 only (16 is the far border, which
///   belongs to the last cell); no neighbours.
/// - T3 (0,0,6) (0,2,12) (10,0,6): x 0..10, z 6..12 → all four cells; edge 2
///   shared with T1.
/// - One triangle wall (4,0,4) (4,3,4) (12,0,4): cells 0 and 1.
fn hand_builder() -> CourseBuilder {
    let mut b = CourseBuilder::new([8.0, 8.0]);
    b.triangles = vec![
        soup(
            [[0.0, 0.0, 0.0], [0.0, 0.0, 6.0], [6.0, 0.0, 0.0]],
            surface_flags(SurfaceType::Asphalt),
        ),
        soup(
            [[6.0, 0.0, 0.0], [0.0, 0.0, 6.0], [10.0, 0.0, 6.0]],
            surface_flags(SurfaceType::Grass),
        ),
        soup(
            [[10.0, 0.0, 10.0], [10.0, 4.0, 16.0], [16.0, 4.0, 16.0]],
            SurfaceFlags(0x0305_0400),
        ),
        soup(
            [[0.0, 0.0, 6.0], [0.0, 2.0, 12.0], [10.0, 0.0, 6.0]],
            surface_flags(SurfaceType::Dirt),
        ),
    ];
    b.triangle_walls.push(TriangleWall {
        flag: 0x20,
        vertices: [[4.0, 0.0, 4.0], [4.0, 3.0, 4.0], [12.0, 0.0, 4.0]],
    });
    b
}

fn wall(p1: Vec3, p2: Vec3) -> Wall {
    Wall {
        min: std::array::from_fn(|i| p1[i].min(p2[i])),
        max: std::array::from_fn(|i| p1[i].max(p2[i])),
        p1,
        p2,
    }
}

#[test]
fn hand_built_two_by_two_course() {
    let b = hand_builder();
    let built = b.build().unwrap();
    assert_eq!(
        built.header,
        GridHeader {
            version: VERSION,
            width: 2,
            length: 2,
            cell_size: [8.0, 8.0],
            min: [0.0, 0.0],
            max: [16.0, 16.0],
            neg_min: [-0.0, -0.0],
        }
    );
    assert_eq!(built.cells.len(), 4);
    assert_eq!(built.wall_cells.len(), 4);

    // Neighbour bits: T0 edge 1, T1 edges 0 and 1, T2 none, T3 edge 2.
    let t: Vec<Triangle> = [0b010, 0b011, 0b000, 0b100]
        .into_iter()
        .zip(&b.triangles)
        .map(|(bits, s)| triangle(s.vertices, s.flags, bits))
        .collect();
    let ids = |cell: &[Triangle]| -> Vec<usize> {
        cell.iter()
            .map(|x| t.iter().position(|y| y == x).unwrap())
            .collect()
    };
    assert_eq!(ids(&built.cells[0].0), [0, 1, 3]);
    assert_eq!(ids(&built.cells[1].0), [1, 3]);
    assert_eq!(ids(&built.cells[2].0), [3]);
    assert_eq!(ids(&built.cells[3].0), [2, 3]);

    // Normals and plane offsets, by hand.
    assert_eq!(t[0].normal, [0.0, 1.0, 0.0]);
    assert_eq!(t[1].normal, [0.0, 1.0, 0.0]);
    assert_eq!(t[0].d, 0.0);
    // T2: (0, 4, 6) × (6, 4, 6) = (0, 36, −24); centroid (12, 8/3, 14).
    let r13 = 13f32.sqrt();
    assert_close(t[2].normal, [0.0, 3.0 / r13, -2.0 / r13]);
    assert!((t[2].d - 20.0 / r13).abs() < 1e-5);
    // T3: (0, 2, 6) × (10, 0, 0) = (0, 60, −20); centroid (10/3, 2/3, 8).
    let r10 = 10f32.sqrt();
    assert_close(t[3].normal, [0.0, 3.0 / r10, -1.0 / r10]);
    assert!((t[3].d - 6.0 / r10).abs() < 1e-5);
    assert_eq!(t[2].flags, SurfaceFlags(0x0305_0400));

    // Walls: every edge without a neighbour, in triangle then edge order.
    let w0 = wall([0.0, 0.0, 0.0], [0.0, 0.0, 6.0]); // T0 e0
    let w1 = wall([6.0, 0.0, 0.0], [0.0, 0.0, 0.0]); // T0 e2
    let w2 = wall([10.0, 0.0, 6.0], [6.0, 0.0, 0.0]); // T1 e2: cells 0, 1
    let w3 = wall([10.0, 0.0, 10.0], [10.0, 4.0, 16.0]); // T2 e0
    let w4 = wall([10.0, 4.0, 16.0], [16.0, 4.0, 16.0]); // T2 e1
    let w5 = wall([16.0, 4.0, 16.0], [10.0, 0.0, 10.0]); // T2 e2
    let w6 = wall([0.0, 0.0, 6.0], [0.0, 2.0, 12.0]); // T3 e0: cells 0, 2
    let w7 = wall([0.0, 2.0, 12.0], [10.0, 0.0, 6.0]); // T3 e1: all cells
    assert_eq!(w7.min, [0.0, 0.0, 6.0]);
    assert_eq!(w7.max, [10.0, 2.0, 12.0]);
    assert_eq!(built.cells[0].1, [w0, w1, w2, w6, w7]);
    assert_eq!(built.cells[1].1, [w2, w7]);
    assert_eq!(built.cells[2].1, [w6, w7]);
    assert_eq!(built.cells[3].1, [w3, w4, w5, w7]);

    let tw = b.triangle_walls[0];
    assert_eq!(built.wall_cells, [vec![tw], vec![tw], vec![], vec![]]);

    // The written file decodes back to the same grid.
    let bytes = built.to_bytes().unwrap();
    assert_eq!(decode(&bytes), built);
}

#[test]
fn a_triangle_on_a_cell_border_is_in_both_cells() {
    let mut b = CourseBuilder::new([8.0, 8.0]);
    let f = surface_flags(SurfaceType::Asphalt);
    // A: x 0..8, its right vertex on the border x = 8.
    b.triangles
        .push(soup([[0.0, 0.0, 0.0], [0.0, 0.0, 8.0], [8.0, 0.0, 0.0]], f));
    // B: x 12..16, sizing the grid to two cells.
    b.triangles.push(soup(
        [[12.0, 0.0, 0.0], [12.0, 0.0, 8.0], [16.0, 0.0, 8.0]],
        f,
    ));
    // C: x 8..12, its left edge on the border.
    b.triangles.push(soup(
        [[8.0, 0.0, 0.0], [8.0, 0.0, 8.0], [12.0, 0.0, 4.0]],
        f,
    ));
    let built = b.build().unwrap();
    assert_eq!((built.header.width, built.header.length), (2, 1));
    let a = &built.cells[0].0[0];
    assert_eq!(a.vertices, b.triangles[0].vertices);
    assert_eq!(built.cells[0].0.len(), 1);
    assert_eq!(built.cells[1].0.len(), 3);
    assert_eq!(&built.cells[1].0[0], a);
    // The border point x = 8 maps to cell 1, which holds both A and C; C does
    // not reach into cell 0 because cell_coord never maps a point there.
    assert_eq!(cell_coord(8.0, 0.0, 8.0, 2), Some(1));
    assert!(built.cells[1].0[0].contains_xz(8.0, 0.0));
    assert!(built.cells[1].0[2].contains_xz(8.0, 4.0));
}

#[test]
fn a_long_thin_triangle_is_in_every_cell_it_spans() {
    let mut b = CourseBuilder::new([8.0, 8.0]);
    b.triangles.push(soup(
        [[1.0, 0.0, 1.0], [1.0, 0.0, 2.0], [23.0, 0.0, 1.0]],
        surface_flags(SurfaceType::Sand),
    ));
    let built = b.build().unwrap();
    // ceil(22 / 8) = 3 cells along X; max(1, ceil(1 / 8)) = 1 along Z.
    assert_eq!((built.header.width, built.header.length), (3, 1));
    let t = triangle(b.triangles[0].vertices, b.triangles[0].flags, 0);
    for (tris, _) in &built.cells {
        assert_eq!(tris, &[t]);
    }
    // Its three edges are walls; edge 0 (x = 1) stays in cell 0.
    let counts: Vec<usize> = built.cells.iter().map(|(_, w)| w.len()).collect();
    assert_eq!(counts, [3, 2, 2]);
    assert_eq!(built.header.min, [1.0, 1.0]);
    assert_eq!(built.header.neg_min, [-1.0, -1.0]);
}

#[test]
fn neighbours_match_exact_positions_in_either_direction_only() {
    let f = SurfaceFlags(1);
    let mut b = CourseBuilder::new([8.0, 8.0]);
    // Shared edge in the same direction (two overlapping triangles) and in the
    // opposite direction both count.
    b.triangles
        .push(soup([[0.0, 0.0, 0.0], [0.0, 0.0, 4.0], [4.0, 0.0, 0.0]], f));
    b.triangles.push(soup(
        [[0.0, 0.0, 0.0], [0.0, 0.0, 4.0], [-4.0, 0.0, 0.0]],
        f,
    ));
    b.triangles
        .push(soup([[4.0, 0.0, 0.0], [0.0, 0.0, 4.0], [4.0, 0.0, 4.0]], f));
    // Almost the same edge (one end 1 ulp off): not a neighbour.
    let off = f32::from_bits(4.0f32.to_bits() + 1);
    b.triangles
        .push(soup([[4.0, 0.0, 4.0], [off, 0.0, 0.0], [8.0, 0.0, 2.0]], f));
    // −0.0 equals 0.0: this edge meets edge 0 of the first two.
    b.triangles.push(soup(
        [[-0.0, 0.0, -0.0], [-1.0, 0.0, 2.0], [0.0, -0.0, 4.0]],
        f,
    ));
    let built = b.build().unwrap();
    // Looked up by vertices: the soup spans x −4..8, two cells.
    let per_triangle: Vec<u32> = b
        .triangles
        .iter()
        .map(|s| {
            built
                .cells
                .iter()
                .flat_map(|(t, _)| t)
                .find(|t| t.vertices == s.vertices)
                .unwrap()
                .neighbours
        })
        .collect();
    assert_eq!(per_triangle, [0b011, 0b001, 0b001, 0b000, 0b100]);
}

#[test]
fn an_edge_repeated_within_one_triangle_is_not_its_own_neighbour() {
    let mut b = CourseBuilder::new([8.0, 8.0]);
    // v0 == v2: edges 0 (v0 → v1) and 1 (v1 → v2) are the same segment.
    b.triangles.push(soup(
        [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0], [0.0, 0.0, 0.0]],
        SurfaceFlags(1),
    ));
    let built = b.build().unwrap();
    assert_eq!(built.cells[0].0[0].neighbours, 0);
    assert_eq!(built.cells[0].1.len(), 3);
}

#[test]
fn degenerate_extent_gives_one_cell() {
    let mut b = CourseBuilder::new([8.0, 8.0]);
    // A vertical triangle: no X extent, and Z extent under one cell.
    b.triangles.push(soup(
        [[5.0, 0.0, 5.0], [5.0, 3.0, 5.0], [5.0, 0.0, 7.0]],
        SurfaceFlags(1),
    ));
    let built = b.build().unwrap();
    assert_eq!((built.header.width, built.header.length), (1, 1));
    assert_eq!(built.header.min, [5.0, 5.0]);
    assert_eq!(built.header.max, [5.0, 7.0]);
    assert_eq!(built.cells[0].0.len(), 1);
}

#[test]
fn every_build_error() {
    let f = SurfaceFlags(1);
    let ground = soup([[0.0, 0.0, 0.0], [0.0, 0.0, 32.0], [32.0, 0.0, 0.0]], f);
    let with = |cell_size: [f32; 2], triangles: Vec<SoupTriangle>| {
        let mut b = CourseBuilder::new(cell_size);
        b.triangles = triangles;
        b.build()
    };
    for cell_size in [
        [0.0, 8.0],
        [8.0, -0.0],
        [-8.0, 8.0],
        [f32::NAN, 8.0],
        [8.0, f32::INFINITY],
    ] {
        assert!(matches!(
            with(cell_size, vec![ground.clone()]),
            Err(BuildError::InvalidCellSize { .. })
        ));
    }
    assert_eq!(with([8.0, 8.0], vec![]), Err(BuildError::NoTriangles));
    let mut bad = ground.clone();
    bad.vertices[2][1] = f32::NAN;
    assert_eq!(
        with([8.0, 8.0], vec![ground.clone(), bad]),
        Err(BuildError::NonFiniteVertex { triangle: 1 })
    );
    let mut b = CourseBuilder::new([8.0, 8.0]);
    b.triangles.push(ground.clone());
    b.triangle_walls.push(TriangleWall {
        flag: 0,
        vertices: [[0.0; 3], [f32::INFINITY, 0.0, 0.0], [0.0; 3]],
    });
    assert_eq!(
        b.build(),
        Err(BuildError::NonFiniteTriangleWall { triangle_wall: 0 })
    );
    // Too many cells along one axis (> i32::MAX) ...
    assert!(matches!(
        with([1e-30, 8.0], vec![ground.clone()]),
        Err(BuildError::GridTooLarge { .. })
    ));
    // ... or in all (4096 × 8192 > MAX_CELLS), or an infinite extent.
    assert_eq!(MAX_CELLS, 1 << 24);
    assert_eq!(
        with([32.0 / 4096.0, 32.0 / 8192.0], vec![ground]),
        Err(BuildError::GridTooLarge {
            width: 4096.0,
            length: 8192.0
        })
    );
    let wide = soup([[-3e38, 0.0, 0.0], [-3e38, 0.0, 1.0], [3e38, 0.0, 0.0]], f);
    assert!(matches!(
        with([8.0, 8.0], vec![wide]),
        Err(BuildError::GridTooLarge { .. })
    ));
    let e: Box<dyn std::error::Error> = Box::new(BuildError::NoTriangles);
    assert_eq!(e.to_string(), "no triangles to build a grid over");
}

#[test]
fn to_bytes_refuses_an_inconsistent_course() {
    let mut built = hand_builder().build().unwrap();
    built.cells.pop();
    assert_eq!(
        built.to_bytes(),
        Err(WriteError::Invalid(InputError::CellCount {
            expected: 4,
            found: 3
        }))
    );
}

// ---------------------------------------------------------------- the sample course

#[test]
fn sample_course_shape() {
    let b = support::mkgp::sample_builder();
    assert_eq!(b.triangles.len(), 30);
    let built = support::mkgp::sample_course();
    let h = built.header;
    assert_eq!((h.width, h.length), (4, 3));
    assert_eq!((h.min, h.max), ([0.0, 0.0], [32.0, 24.0]));
    // Every triangle faces up and has a one-hot surface type.
    for s in &b.triangles {
        let t = triangle(s.vertices, s.flags, 0);
        assert!(t.normal[1] > 0.0, "{s:?}");
        assert!(s.flags.surface_type().is_some());
    }
    let surfaces: std::collections::BTreeSet<u16> =
        b.triangles.iter().map(|s| s.flags.surface_bits()).collect();
    assert!(surfaces.len() >= 5);
    assert!(b.triangles.iter().any(|s| s.flags.sound_variant() != 0));
    assert!(b.triangles.iter().any(|s| s.flags.special_effect() != 0));
    // Walls exist (the track sides beside the ramp and platform, the border).
    assert!(built.cells.iter().any(|(_, w)| !w.is_empty()));
    assert_eq!(built.wall_cells.iter().map(Vec::len).sum::<usize>(), 3);
    assert_eq!(decode(&built.to_bytes().unwrap()), built);
}

/// For points on every soup triangle (vertices, edge midpoints, centroid) the
/// cell `cell_coord` picks holds that triangle, and its stored plane gives the
/// point's height: what a reader's ground query relies on.
#[test]
fn sample_course_queries_find_every_triangle() {
    let b = support::mkgp::sample_builder();
    let built = support::mkgp::sample_course();
    let h = built.header;
    for s in &b.triangles {
        let [v0, v1, v2] = s.vertices;
        let mid = |a: Vec3, c: Vec3| std::array::from_fn(|i| (a[i] + c[i]) / 2.0);
        let centroid: Vec3 = std::array::from_fn(|i| (v0[i] + v1[i] + v2[i]) / 3.0);
        for p in [v0, v1, v2, mid(v0, v1), mid(v1, v2), mid(v2, v0), centroid] {
            let x = cell_coord(p[0], h.min[0], h.cell_size[0], h.width).unwrap();
            let z = cell_coord(p[2], h.min[1], h.cell_size[1], h.length).unwrap();
            let cell = &built.cells[cell_number(x, z, h.width) as usize].0;
            let t = cell
                .iter()
                .find(|t| t.vertices == s.vertices)
                .unwrap_or_else(|| panic!("{p:?} not found in cell ({x}, {z})"));
            assert!(t.contains_xz(p[0], p[2]));
            assert!((t.plane_height(p[0], p[2]).unwrap() - p[1]).abs() < 1e-4);
        }
    }
}

#[test]
fn sample_course_file_matches_its_builder() {
    let built = support::mkgp::sample_course().to_bytes().unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/course.col");
    if std::env::var_os("ZEROCOL_BLESS").is_some() {
        std::fs::write(path, &built).unwrap();
    }
    let shipped = std::fs::read(path).unwrap();
    assert_eq!(
        shipped, built,
        "samples/course.col is stale: rerun with ZEROCOL_BLESS=1"
    );
}
