//! BattleForge collision shapes: world transforms (convention and transpose), box corners and
//! oriented boxes, sphere and cylinder placement, AABBs, point containment in the documented
//! cost order, and every lint (docs/formats/battleforge.md).

use zerocol::battleforge::{
    Aabb, Axis, BoxShape, CollisionShape, CylinderShape, Lint, LintKind, Measure,
    ORTHONORMAL_TOLERANCE, Options, OrientedBox, ShapeKind, ShapeRef, SphereShape, Transform,
};

use crate::support::battleforge as bf;

// ---------------------------------------------------------------- helpers

const I3: [[f32; 3]; 3] = Transform::IDENTITY.rotation;
/// +90° about X: local +Y → world +Z, local +Z → world −Y.
const RX90: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]];
/// +90° about Y: local +Z → world +X, local +X → world −Z.
const RY90: [[f32; 3]; 3] = [[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]];
/// +90° about Z: local +X → world +Y, local +Y → world −X.
const RZ90: [[f32; 3]; 3] = [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]];
/// A shear: not a rotation.
const SHEAR: [[f32; 3]; 3] = [[1.0, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

fn rx(angle: f64) -> [[f32; 3]; 3] {
    let (s, c) = angle.sin_cos();
    [[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]].map(|r| r.map(|v| v as f32))
}

/// A rotation about no particular axis: Rz(a) · Ry(b) · Rx(c), computed in f64.
fn tilted(a: f64, b: f64, c: f64) -> [[f32; 3]; 3] {
    let (sa, ca) = a.sin_cos();
    let (sb, cb) = b.sin_cos();
    let (sc, cc) = c.sin_cos();
    let rz = [[ca, -sa, 0.0], [sa, ca, 0.0], [0.0, 0.0, 1.0]];
    let ry = [[cb, 0.0, sb], [0.0, 1.0, 0.0], [-sb, 0.0, cb]];
    let rx = [[1.0, 0.0, 0.0], [0.0, cc, -sc], [0.0, sc, cc]];
    let mul = |p: [[f64; 3]; 3], q: [[f64; 3]; 3]| {
        let mut out = [[0.0; 3]; 3];
        for i in 0..3 {
            for j in 0..3 {
                out[i][j] = (0..3).map(|k| p[i][k] * q[k][j]).sum();
            }
        }
        out
    };
    mul(mul(rz, ry), rx).map(|r| r.map(|v| v as f32))
}

fn at(rotation: [[f32; 3]; 3], position: [f32; 3]) -> Transform {
    Transform { rotation, position }
}

#[track_caller]
fn assert_near(actual: [f32; 3], expected: [f32; 3], eps: f32) {
    for i in 0..3 {
        assert!(
            (actual[i] - expected[i]).abs() <= eps,
            "{actual:?} vs {expected:?} (axis {i})"
        );
    }
}

/// The row-vector convention: `l · R + p`.
fn row_vector_apply(t: &Transform, l: [f32; 3]) -> [f32; 3] {
    let r = t.rotation;
    [0, 1, 2].map(|j| l[0] * r[0][j] + l[1] * r[1][j] + l[2] * r[2][j] + t.position[j])
}

/// Where docs/formats/battleforge.md puts a shape's record in a bare payload with
/// `boxes` boxes and `spheres` spheres: the version byte, then each count before
/// its records (72, 64 and 68 bytes).
fn record_offset([boxes, spheres]: [usize; 2], shape: ShapeRef) -> usize {
    let i = shape.index as usize;
    match shape.kind {
        ShapeKind::Box => 1 + 4 + 72 * i,
        ShapeKind::Sphere => 1 + 4 + 72 * boxes + 4 + 64 * i,
        ShapeKind::Cylinder => 1 + 4 + 72 * boxes + 4 + 64 * spheres + 4 + 68 * i,
    }
}

/// The lints of a bare payload holding these shapes. Each lint's offset is checked
/// against [`record_offset`], then cleared, so that expectations built by [`lint`]
/// compare the shape and the kind.
fn lints(boxes: &[BoxShape], spheres: &[SphereShape], cylinders: &[CylinderShape]) -> Vec<Lint> {
    let payload = bf::payload(boxes, spheres, cylinders);
    let counts = [boxes.len(), spheres.len()];
    CollisionShape::parse(&payload, Options::STRICT)
        .unwrap()
        .lints()
        .map(|l| {
            assert_eq!(l.offset, record_offset(counts, l.shape), "{l:?}");
            Lint { offset: 0, ..l }
        })
        .collect()
}

fn clean_box() -> BoxShape {
    BoxShape {
        transform: at(RY90, [1.0, 2.0, 3.0]),
        lower: [-1.0, -2.0, -3.0],
        upper: [1.0, 2.0, 3.0],
    }
}

fn clean_sphere() -> SphereShape {
    SphereShape {
        transform: at(I3, [4.0, 5.0, 6.0]),
        radius: 2.0,
        center: [4.0, 5.0, 6.0],
    }
}

fn clean_cylinder() -> CylinderShape {
    CylinderShape {
        transform: at(RX90, [-1.0, 0.5, 2.0]),
        center: [-1.0, 0.5, 2.0],
        height: 3.0,
        radius: 0.25,
    }
}

fn lint(kind: ShapeKind, index: u32, lint: LintKind) -> Lint {
    Lint {
        offset: 0,
        shape: ShapeRef { kind, index },
        kind: lint,
    }
}

// ---------------------------------------------------------------- transforms

#[test]
fn quarter_turns_about_each_axis() {
    let p = [10.0, 20.0, 30.0];
    let cases = [
        // rotation, images of local X, Y, Z
        (RX90, [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, -1.0, 0.0]]),
        (RY90, [[0.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]),
        (RZ90, [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]),
    ];
    for (rotation, images) in cases {
        let t = at(rotation, p);
        for axis in 0..3 {
            assert_eq!(t.axis(axis), images[axis], "axis {axis} of {rotation:?}");
            let mut unit = [0.0; 3];
            unit[axis] = 1.0;
            let world = t.apply(unit);
            assert_eq!(
                world,
                [0, 1, 2].map(|k| images[axis][k] + p[k]),
                "apply e{axis}"
            );
            assert_eq!(t.to_local(world), unit);
        }
        assert_eq!(t.orthonormality_error(), 0.0);
        // A general point: R · l + p, and back.
        let l = [1.5, -2.0, 0.25];
        let expected = [0, 1, 2]
            .map(|k| rotation[k][0] * l[0] + rotation[k][1] * l[1] + rotation[k][2] * l[2] + p[k]);
        assert_eq!(t.apply(l), expected);
        assert_eq!(t.to_local(t.apply(l)), l);
    }
    // Spelled out once: 90° about Y takes local (1, 2, 3) to (3, 2, −1) + p.
    assert_eq!(at(RY90, p).apply([1.0, 2.0, 3.0]), [13.0, 22.0, 29.0]);
    assert_eq!(at(RY90, p).to_local([13.0, 22.0, 29.0]), [1.0, 2.0, 3.0]);
    // The identity at the origin changes nothing.
    assert_eq!(
        Transform::IDENTITY.apply([7.0, -8.0, 9.0]),
        [7.0, -8.0, 9.0]
    );
    assert_eq!(Transform::IDENTITY.position, [0.0; 3]);
}

#[test]
fn transposed_is_the_row_vector_convention() {
    let t = at(RZ90, [1.0, -2.0, 4.0]);
    let tt = t.transposed();
    assert_eq!(
        tt.rotation,
        [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    );
    assert_eq!(tt.position, t.position);
    assert_eq!(tt.transposed(), t);
    // The column convention turns X to +Y, the row convention to −Y.
    assert_eq!(t.apply([1.0, 0.0, 0.0]), [1.0, -1.0, 4.0]);
    assert_eq!(tt.apply([1.0, 0.0, 0.0]), [1.0, -3.0, 4.0]);
    for l in [[1.0, 0.0, 0.0], [0.5, -3.0, 2.0], [-7.0, 0.25, 9.5]] {
        assert_eq!(tt.apply(l), row_vector_apply(&t, l));
    }
    // For a general rotation too (within rounding), and the shear.
    for rotation in [tilted(0.3, -1.1, 2.0), SHEAR] {
        let t = at(rotation, [0.5, 0.25, -0.125]);
        for l in [[1.0, 2.0, 3.0], [-0.5, 0.0, 4.0]] {
            assert_near(t.transposed().apply(l), row_vector_apply(&t, l), 1e-6);
        }
    }
    // An orthonormal rotation's transpose is its inverse.
    let r = at(tilted(0.7, 0.2, -0.4), [0.0; 3]);
    let l = [2.0, -1.0, 0.5];
    assert_near(r.transposed().apply(r.apply(l)), l, 1e-6);
}

#[test]
fn forty_five_degrees_about_x() {
    let t = at(rx(std::f64::consts::FRAC_PI_4), [0.0, 1.0, 0.0]);
    let h = std::f32::consts::FRAC_1_SQRT_2;
    assert_near(t.apply([0.0, 1.0, 0.0]), [0.0, 1.0 + h, h], 1e-6);
    assert_near(t.apply([0.0, 0.0, 1.0]), [0.0, 1.0 - h, h], 1e-6);
    assert_near(t.axis(1), [0.0, h, h], 1e-6);
    assert_near(t.to_local([0.0, 1.0 + h, h]), [0.0, 1.0, 0.0], 1e-6);
    let e = t.orthonormality_error();
    assert!(e < 1e-6, "{e}");
    assert!(e < ORTHONORMAL_TOLERANCE);
}

#[test]
fn orthonormality_error_is_the_largest_entry() {
    assert_eq!(Transform::IDENTITY.orthonormality_error(), 0.0);
    // Shear: R·Rᵀ = [[1.25, 0.5, 0], [0.5, 1, 0], [0, 0, 1]] → largest |entry − I| is 0.5.
    assert_eq!(at(SHEAR, [0.0; 3]).orthonormality_error(), 0.5);
    // Scale by 2: R·Rᵀ = 4I → 3.
    let scaled = I3.map(|r| r.map(|v| v * 2.0));
    assert_eq!(at(scaled, [0.0; 3]).orthonormality_error(), 3.0);
    // A reflection is orthonormal (the docs ask for no more).
    let mirror = [[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    assert_eq!(at(mirror, [0.0; 3]).orthonormality_error(), 0.0);
    // All zero: every diagonal entry is off by 1.
    assert_eq!(at([[0.0; 3]; 3], [0.0; 3]).orthonormality_error(), 1.0);
    // NaN is the worst of all.
    let mut nan = I3;
    nan[2][1] = f32::NAN;
    assert!(at(nan, [0.0; 3]).orthonormality_error().is_nan());
    // The shear does not round trip through to_local (it is only an inverse for rotations).
    let t = at(SHEAR, [0.0; 3]);
    assert_ne!(t.to_local(t.apply([0.0, 2.0, 0.0])), [0.0, 2.0, 0.0]);
}

#[test]
fn axis_out_of_range_is_zero() {
    assert_eq!(at(RX90, [1.0, 1.0, 1.0]).axis(3), [0.0; 3]);
    assert_eq!(at(RX90, [1.0, 1.0, 1.0]).axis(usize::MAX), [0.0; 3]);
}

// ---------------------------------------------------------------- boxes

#[test]
fn box_corners_follow_the_index_bits() {
    let [_, b] = bf::sample_boxes();
    // Local (x, y, z) lands at (z + 6, y, −x).
    assert_eq!(
        b.corners(),
        [
            [5.5, 0.0, 1.0],  // 000: lower x, lower y, lower z
            [5.5, 0.0, -1.0], // 001: upper x
            [5.5, 2.0, 1.0],  // 010: upper y
            [5.5, 2.0, -1.0], // 011
            [6.5, 0.0, 1.0],  // 100: upper z
            [6.5, 0.0, -1.0],
            [6.5, 2.0, 1.0],
            [6.5, 2.0, -1.0],
        ]
    );
    let identity = BoxShape {
        transform: at(I3, [0.0; 3]),
        lower: [1.0, 2.0, 3.0],
        upper: [4.0, 5.0, 6.0],
    };
    assert_eq!(
        identity.corners(),
        [
            [1.0, 2.0, 3.0],
            [4.0, 2.0, 3.0],
            [1.0, 5.0, 3.0],
            [4.0, 5.0, 3.0],
            [1.0, 2.0, 6.0],
            [4.0, 2.0, 6.0],
            [1.0, 5.0, 6.0],
            [4.0, 5.0, 6.0],
        ]
    );
}

#[test]
fn box_oriented_and_aabb() {
    let [house, shed] = bf::sample_boxes();
    assert_eq!(
        house.oriented(),
        OrientedBox {
            center: [0.0, 1.5, 0.0],
            half_extents: [2.0, 1.5, 1.5],
            axes: I3,
        }
    );
    assert_eq!(
        house.aabb(),
        Aabb {
            min: [-2.0, 0.0, -1.5],
            max: [2.0, 3.0, 1.5]
        }
    );
    assert_eq!(
        shed.oriented(),
        OrientedBox {
            center: [6.0, 1.0, 0.0],
            half_extents: [1.0, 1.0, 0.5],
            axes: [[0.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]],
        }
    );
    assert_eq!(
        shed.aabb(),
        Aabb {
            min: [5.5, 0.0, -1.0],
            max: [6.5, 2.0, 1.0]
        }
    );
    // An off-centre box: the centre is transformed, not just the position.
    let off = BoxShape {
        transform: at(RZ90, [1.0, 1.0, 1.0]),
        lower: [2.0, 0.0, 0.0],
        upper: [4.0, 1.0, 2.0],
    };
    let o = off.oriented();
    assert_eq!(o.center, [0.5, 4.0, 2.0]);
    assert_eq!(o.half_extents, [1.0, 0.5, 1.0]);
    assert_eq!(
        off.aabb(),
        Aabb {
            min: [0.0, 3.0, 1.0],
            max: [1.0, 5.0, 3.0]
        }
    );
}

#[test]
fn box_aabb_of_a_tilted_box_holds_every_corner() {
    let b = BoxShape {
        transform: at(tilted(0.4, 1.0, -0.6), [3.0, -1.0, 2.0]),
        lower: [-1.0, -0.5, -2.0],
        upper: [1.5, 0.5, 2.0],
    };
    let aabb = b.aabb();
    for c in b.corners() {
        for ((lo, hi), v) in aabb.min.iter().zip(aabb.max).zip(c) {
            assert!(*lo <= v && v <= hi, "{c:?} outside {aabb:?}");
        }
    }
    // Tight: each face touches a corner.
    for k in 0..3 {
        assert!(b.corners().iter().any(|c| c[k] == aabb.min[k]));
        assert!(b.corners().iter().any(|c| c[k] == aabb.max[k]));
    }
    // The oriented box's centre is the mean of the corners.
    let mean = [0, 1, 2].map(|k| b.corners().iter().map(|c| c[k]).sum::<f32>() / 8.0);
    assert_near(b.oriented().center, mean, 1e-5);
}

#[test]
fn box_contains() {
    let [house, shed] = bf::sample_boxes();
    // Inside, on faces, on a corner.
    for p in [
        [0.0, 1.5, 0.0],
        [-2.0, 1.0, 0.0],
        [2.0, 1.0, 0.0],
        [0.0, 0.0, 0.0],
        [0.0, 3.0, 1.5],
        [2.0, 3.0, 1.5],
        [-2.0, 0.0, -1.5],
    ] {
        assert!(house.contains(p), "{p:?}");
    }
    for p in [
        [2.001, 1.0, 0.0],
        [0.0, -0.001, 0.0],
        [0.0, 3.001, 0.0],
        [0.0, 1.0, -1.501],
        [10.0, 10.0, 10.0],
    ] {
        assert!(!house.contains(p), "{p:?}");
    }
    // Rotated: the shed is 1 deep in X and 2 long in Z.
    assert!(shed.contains([6.0, 1.0, 0.9]));
    assert!(shed.contains([6.5, 2.0, -1.0]));
    assert!(!shed.contains([6.9, 1.0, 0.0]));
    assert!(!shed.contains([6.0, 1.0, 1.1]));
    // The unrotated box would hold the first and not the second.
    let unrotated = BoxShape {
        transform: at(I3, shed.transform.position),
        ..shed
    };
    assert!(unrotated.contains([6.9, 1.0, 0.0]));
    assert!(!unrotated.contains([6.0, 1.0, 0.9]));
}

#[test]
fn box_with_inverted_corners_is_the_same_box() {
    let [_, shed] = bf::sample_boxes();
    let inverted = BoxShape {
        lower: [shed.upper[0], shed.lower[1], shed.upper[2]],
        upper: [shed.lower[0], shed.upper[1], shed.lower[2]],
        ..shed
    };
    assert_eq!(inverted.oriented(), shed.oriented());
    assert_eq!(inverted.aabb(), shed.aabb());
    let mut a = inverted.corners();
    let mut b = shed.corners();
    a.sort_by(|p, q| p.partial_cmp(q).unwrap());
    b.sort_by(|p, q| p.partial_cmp(q).unwrap());
    assert_eq!(a, b);
    assert_ne!(
        inverted.corners(),
        shed.corners(),
        "the corner order follows the fields"
    );
    for p in [[6.0, 1.0, 0.9], [6.5, 2.0, -1.0], [5.5, 0.0, 1.0]] {
        assert!(inverted.contains(p), "{p:?}");
    }
    for p in [[6.9, 1.0, 0.0], [6.0, 2.5, 0.0]] {
        assert!(!inverted.contains(p), "{p:?}");
    }
}

// ---------------------------------------------------------------- spheres

#[test]
fn sphere_placement_and_contains() {
    let [dome] = bf::sample_spheres();
    assert_eq!(dome.world_center(), [0.0, 4.5, 0.0]);
    assert_eq!(
        dome.aabb(),
        Aabb {
            min: [-1.5, 3.0, -1.5],
            max: [1.5, 6.0, 1.5]
        }
    );
    for p in [
        [0.0, 4.5, 0.0],
        [0.0, 6.0, 0.0],
        [1.5, 4.5, 0.0],
        [0.0, 4.5, -1.5],
        [0.75, 5.25, 0.75],
    ] {
        assert!(dome.contains(p), "{p:?}");
    }
    // Inside the AABB, outside the ball: a corner.
    for p in [[1.4, 5.9, 0.0], [0.0, 6.01, 0.0], [1.0, 5.5, 1.0]] {
        assert!(!dome.contains(p), "{p:?}");
    }
    // The world centre is the position, whatever the stored centre and rotation say.
    let moved = SphereShape {
        transform: at(RX90, [1.0, 2.0, 3.0]),
        radius: 0.5,
        center: [100.0, 100.0, 100.0],
    };
    assert_eq!(moved.world_center(), [1.0, 2.0, 3.0]);
    assert!(moved.contains([1.0, 2.5, 3.0]));
    assert!(!moved.contains([100.0, 100.0, 100.0]));
    assert_eq!(
        moved.aabb(),
        Aabb {
            min: [0.5, 1.5, 2.5],
            max: [1.5, 2.5, 3.5]
        }
    );
}

// ---------------------------------------------------------------- cylinders

#[test]
fn cylinder_base_top_and_aabb() {
    let [log] = bf::sample_cylinders();
    assert_eq!(log.base(), [-7.0, 1.0, 0.0]);
    assert_eq!(log.top(), [-3.0, 1.0, 0.0]);
    assert_eq!(
        log.aabb(),
        Aabb {
            min: [-7.0, 0.0, -1.0],
            max: [-3.0, 2.0, 1.0]
        }
    );
    // Upright: base at the position, top straight above; the stored centre plays no part.
    let post = CylinderShape {
        transform: at(I3, [2.0, -1.0, 3.0]),
        center: [9.0, 9.0, 9.0],
        height: 5.0,
        radius: 0.5,
    };
    assert_eq!(post.base(), [2.0, -1.0, 3.0]);
    assert_eq!(post.top(), [2.0, 4.0, 3.0]);
    assert_eq!(
        post.aabb(),
        Aabb {
            min: [1.5, -1.0, 2.5],
            max: [2.5, 4.0, 3.5]
        }
    );
    // Local +Y is the column of R, not the row: 90° about X sends it to +Z.
    let pipe = CylinderShape {
        transform: at(RX90, [0.0; 3]),
        center: [0.0; 3],
        height: 2.0,
        radius: 1.0,
    };
    assert_eq!(pipe.top(), [0.0, 0.0, 2.0]);
    assert_eq!(
        pipe.aabb(),
        Aabb {
            min: [-1.0, -1.0, 0.0],
            max: [1.0, 1.0, 2.0]
        }
    );
}

#[test]
fn cylinder_aabb_matches_sampled_rims() {
    let rotations = [
        rx(std::f64::consts::FRAC_PI_4),
        rx(0.3),
        tilted(0.5, -0.9, 1.3),
        tilted(2.0, 0.1, -0.7),
        tilted(-1.2, 1.4, 0.2),
    ];
    for (i, rotation) in rotations.into_iter().enumerate() {
        let c = CylinderShape {
            transform: at(rotation, [1.0 + i as f32, -2.0, 0.5]),
            center: [0.0; 3],
            height: 3.0 + i as f32 * 0.5,
            radius: 0.75 + i as f32 * 0.25,
        };
        let aabb = c.aabb();
        let mut seen = Aabb {
            min: [f32::INFINITY; 3],
            max: [f32::NEG_INFINITY; 3],
        };
        let steps = 7200;
        for s in 0..steps {
            let theta = s as f64 / steps as f64 * std::f64::consts::TAU;
            let (sin, cos) = theta.sin_cos();
            let (x, z) = (
                (c.radius as f64 * cos) as f32,
                (c.radius as f64 * sin) as f32,
            );
            for y in [0.0, c.height] {
                let p = c.transform.apply([x, y, z]);
                for k in 0..3 {
                    assert!(
                        aabb.min[k] - 1e-5 <= p[k] && p[k] <= aabb.max[k] + 1e-5,
                        "rotation {i}: rim point {p:?} outside {aabb:?}"
                    );
                }
                seen = seen.union(Aabb { min: p, max: p });
            }
        }
        // Tight: the sampled rims reach every face (sampling error r·(1 − cos(π/7200)) is
        // well under 1e-4).
        assert_near(seen.min, aabb.min, 1e-4);
        assert_near(seen.max, aabb.max, 1e-4);
        // The top is `height` along the rotated +Y.
        let up = c.transform.axis(1);
        assert_near(
            c.top(),
            [0, 1, 2].map(|k| c.base()[k] + up[k] * c.height),
            1e-5,
        );
    }
}

#[test]
fn cylinder_with_a_nan_top_has_a_nan_box() {
    // Found by the `battleforge` fuzz target: an infinite height on a rotation whose Y
    // column is zero puts the top at inf × 0 = NaN. The box was the base's alone, a
    // finite box that does not hold the top.
    let c = CylinderShape {
        transform: Transform {
            rotation: [[1.0, 0.0, -1.125], [0.0, 0.0, 0.0], [0.0, -0.0, -1.0]],
            position: [0.0, -0.5, 1.0],
        },
        center: [2.0, 0.5, 1.0],
        height: f32::INFINITY,
        radius: 0.0,
    };
    assert!(c.top().iter().all(|x| x.is_nan()));
    let aabb = c.aabb();
    assert!(
        aabb.min.iter().chain(&aabb.max).all(|x| x.is_nan()),
        "{aabb:?}"
    );
    assert!(c.contains(c.base()));
}

#[test]
fn cylinder_contains() {
    let [log] = bf::sample_cylinders();
    for p in [
        [-5.0, 1.0, 0.0], // on the axis
        [-7.0, 1.5, 0.5], // base plane
        [-7.0, 1.0, 0.0], // base centre
        [-3.0, 1.0, 0.0], // top centre
        [-3.0, 0.0, 0.0], // top rim
        [-5.0, 2.0, 0.0], // rim
        [-5.0, 1.0, -1.0],
        [-4.0, 1.6, 0.8], // 0.6² + 0.8² = 1
    ] {
        assert!(log.contains(p), "{p:?}");
    }
    for p in [
        [-2.99, 1.0, 0.0],
        [-7.01, 1.0, 0.0],
        [-5.0, 2.01, 0.0],
        [-5.0, 1.8, 0.8], // inside the AABB, outside the disc
        [-5.0, 1.0, 1.01],
    ] {
        assert!(!log.contains(p), "{p:?}");
    }
    // The stored centre does not move the cylinder: it extends up from the position.
    let post = CylinderShape {
        transform: at(I3, [0.0, 0.0, 0.0]),
        center: [0.0, -10.0, 0.0],
        height: 2.0,
        radius: 1.0,
    };
    assert!(post.contains([0.0, 1.9, 0.0]));
    assert!(!post.contains([0.0, -0.1, 0.0]));
    assert!(!post.contains([0.0, -5.0, 0.0]));
}

// ---------------------------------------------------------------- whole sets

#[test]
fn contains_tests_spheres_then_boxes_then_cylinders() {
    let boxes = [
        BoxShape {
            transform: at(I3, [20.0, 0.0, 0.0]),
            lower: [-1.0; 3],
            upper: [1.0; 3],
        },
        BoxShape {
            transform: at(I3, [0.0; 3]),
            lower: [-2.0; 3],
            upper: [2.0; 3],
        },
    ];
    let spheres = [
        SphereShape {
            transform: at(I3, [10.0, 0.0, 0.0]),
            radius: 1.0,
            center: [10.0, 0.0, 0.0],
        },
        SphereShape {
            transform: at(I3, [0.0; 3]),
            radius: 1.0,
            center: [0.0; 3],
        },
    ];
    let cylinders = [CylinderShape {
        transform: at(I3, [0.0, -5.0, 0.0]),
        center: [0.0, -5.0, 0.0],
        height: 10.0,
        radius: 3.0,
    }];
    let payload = bf::payload(&boxes, &spheres, &cylinders);
    let set = CollisionShape::parse(&payload, Options::STRICT).unwrap();
    let hit = |kind, index| Some(ShapeRef { kind, index });
    // In the sphere, the box and the cylinder: the sphere.
    assert_eq!(set.contains([0.0, 0.0, 0.0]), hit(ShapeKind::Sphere, 1));
    // In the box and the cylinder: the box.
    assert_eq!(set.contains([1.5, 1.5, 0.0]), hit(ShapeKind::Box, 1));
    // In the cylinder only.
    assert_eq!(set.contains([2.5, 0.0, 0.0]), hit(ShapeKind::Cylinder, 0));
    assert_eq!(set.contains([10.0, 0.5, 0.0]), hit(ShapeKind::Sphere, 0));
    assert_eq!(set.contains([20.5, 0.5, 0.5]), hit(ShapeKind::Box, 0));
    assert_eq!(set.contains([0.0, 6.0, 0.0]), None);
    assert_eq!(set.contains([f32::NAN, 0.0, 0.0]), None);

    // The sample: the house, the dome on it, the shed and the log.
    let sample = bf::sample_payload();
    let set = CollisionShape::parse(&sample, Options::STRICT).unwrap();
    assert_eq!(set.contains([0.0, 3.0, 0.0]), hit(ShapeKind::Sphere, 0));
    assert_eq!(set.contains([0.0, 2.9, 0.0]), hit(ShapeKind::Box, 0));
    assert_eq!(set.contains([6.0, 1.0, 0.9]), hit(ShapeKind::Box, 1));
    assert_eq!(set.contains([-5.0, 1.0, 0.0]), hit(ShapeKind::Cylinder, 0));
    assert_eq!(set.contains([4.0, 1.0, 0.0]), None);
}

#[test]
fn aabb_of_the_whole_set() {
    let sample = bf::sample_payload();
    let set = CollisionShape::parse(&sample, Options::STRICT).unwrap();
    assert_eq!(
        set.aabb(),
        Some(Aabb {
            min: [-7.0, 0.0, -1.5],
            max: [6.5, 6.0, 1.5]
        })
    );
    let empty = bf::payload(&[], &[], &[]);
    assert_eq!(
        CollisionShape::parse(&empty, Options::STRICT)
            .unwrap()
            .aabb(),
        None
    );
    // A lone sphere's set box is its own.
    let one = bf::payload(&[], &bf::sample_spheres(), &[]);
    assert_eq!(
        CollisionShape::parse(&one, Options::STRICT).unwrap().aabb(),
        Some(bf::sample_spheres()[0].aabb())
    );
}

#[test]
fn aabb_helpers() {
    let a = Aabb {
        min: [0.0, -1.0, 2.0],
        max: [1.0, 0.0, 3.0],
    };
    let b = Aabb {
        min: [-1.0, 0.5, 2.5],
        max: [0.5, 4.0, 2.75],
    };
    let u = Aabb {
        min: [-1.0, -1.0, 2.0],
        max: [1.0, 4.0, 3.0],
    };
    assert_eq!(a.union(b), u);
    assert_eq!(b.union(a), u);
    // A NaN coordinate stays NaN whichever side it is on; the others are unchanged.
    let nan = Aabb {
        min: [f32::NAN, -1.0, 2.0],
        max: [1.0, f32::NAN, 3.0],
    };
    for v in [nan.union(b), b.union(nan)] {
        assert!(v.min[0].is_nan() && v.max[1].is_nan());
        assert_eq!((v.min[1], v.min[2]), (-1.0, 2.0));
        assert_eq!((v.max[0], v.max[2]), (1.0, 3.0));
    }
    assert_eq!(Aabb::around([]), None);
    assert_eq!(
        Aabb::around([[1.0, 2.0, 3.0]]),
        Some(Aabb {
            min: [1.0, 2.0, 3.0],
            max: [1.0, 2.0, 3.0]
        })
    );
    assert_eq!(
        Aabb::around([[1.0, -2.0, 3.0], [-1.0, 2.0, 0.0], [0.0, 0.0, 5.0]]),
        Some(Aabb {
            min: [-1.0, -2.0, 0.0],
            max: [1.0, 2.0, 5.0]
        })
    );
}

// ---------------------------------------------------------------- lints

#[test]
fn clean_shapes_have_no_lints() {
    let sample = bf::sample_payload();
    assert_eq!(
        CollisionShape::parse(&sample, Options::STRICT)
            .unwrap()
            .lints()
            .count(),
        0
    );
    assert_eq!(
        lints(&[clean_box()], &[clean_sphere()], &[clean_cylinder()]),
        []
    );
    // A rotation exact only to f32 precision is still orthonormal.
    let tilted_box = BoxShape {
        transform: at(tilted(0.3, 0.6, 0.9), [0.0; 3]),
        ..clean_box()
    };
    assert_eq!(lints(&[tilted_box], &[], &[]), []);
}

#[test]
fn lint_rotation_not_orthonormal_reports_the_largest_error() {
    let b = BoxShape {
        transform: at(SHEAR, [0.0; 3]),
        ..clean_box()
    };
    let s = SphereShape {
        transform: at(I3.map(|r| r.map(|v| v * 2.0)), [4.0, 5.0, 6.0]),
        ..clean_sphere()
    };
    let mut zero_row = RX90;
    zero_row[1] = [0.0; 3];
    let c = CylinderShape {
        transform: at(zero_row, [-1.0, 0.5, 2.0]),
        ..clean_cylinder()
    };
    assert_eq!(
        lints(&[clean_box(), b], &[s], &[c]),
        [
            lint(
                ShapeKind::Box,
                1,
                LintKind::RotationNotOrthonormal { error: 0.5 }
            ),
            lint(
                ShapeKind::Sphere,
                0,
                LintKind::RotationNotOrthonormal { error: 3.0 }
            ),
            lint(
                ShapeKind::Cylinder,
                0,
                LintKind::RotationNotOrthonormal { error: 1.0 }
            ),
        ]
    );
    assert_eq!(
        lints(&[b], &[], &[])[0].to_string(),
        concat!(
            "box 0: rotation is not orthonormal (largest |R·Rᵀ − I| entry 0.5)",
            ": how the game uses it is not documented (the format notes want it orthonormal to keep the shape well-formed); store a pure rotation and put any scale into the sizes"
        )
    );
}

#[test]
fn lint_rotation_tolerance_boundary() {
    // Scale 1.001: R·Rᵀ diagonal 1.002001, just over the 1e-3 tolerance.
    let over = I3.map(|r| r.map(|v| v * 1.001));
    let error = at(over, [0.0; 3]).orthonormality_error();
    assert!(error > ORTHONORMAL_TOLERANCE && error < 2.1e-3, "{error}");
    let b = BoxShape {
        transform: at(over, [0.0; 3]),
        ..clean_box()
    };
    assert_eq!(
        lints(&[b], &[], &[]),
        [lint(
            ShapeKind::Box,
            0,
            LintKind::RotationNotOrthonormal { error }
        )]
    );
    // Scale 1.0004: about 8e-4, under it.
    let under = I3.map(|r| r.map(|v| v * 1.0004));
    assert!(at(under, [0.0; 3]).orthonormality_error() < ORTHONORMAL_TOLERANCE);
    let b = BoxShape {
        transform: at(under, [0.0; 3]),
        ..clean_box()
    };
    assert_eq!(lints(&[b], &[], &[]), []);
    // NaN in the rotation is reported with a NaN error.
    let mut nan = I3;
    nan[0][2] = f32::NAN;
    let s = SphereShape {
        transform: at(nan, [4.0, 5.0, 6.0]),
        ..clean_sphere()
    };
    let found = lints(&[], &[s], &[]);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].shape,
        ShapeRef {
            kind: ShapeKind::Sphere,
            index: 0
        }
    );
    assert!(matches!(found[0].kind, LintKind::RotationNotOrthonormal { error } if error.is_nan()));
}

#[test]
fn lint_non_positive_dimensions() {
    // A flat box: zero extent along Y only.
    let flat = BoxShape {
        lower: [-1.0, 2.0, -3.0],
        upper: [1.0, 2.0, 3.0],
        ..clean_box()
    };
    let spheres = [
        SphereShape {
            radius: 0.0,
            ..clean_sphere()
        },
        SphereShape {
            radius: -1.5,
            ..clean_sphere()
        },
    ];
    let cylinders = [
        CylinderShape {
            radius: -0.25,
            ..clean_cylinder()
        },
        CylinderShape {
            height: 0.0,
            ..clean_cylinder()
        },
        CylinderShape {
            height: -3.0,
            radius: 0.0,
            ..clean_cylinder()
        },
    ];
    let dim = |measure, value| LintKind::NonPositiveMeasure { measure, value };
    assert_eq!(
        lints(&[flat], &spheres, &cylinders),
        [
            lint(ShapeKind::Box, 0, dim(Measure::Extent(Axis::Y), 0.0)),
            lint(ShapeKind::Sphere, 0, dim(Measure::Radius, 0.0)),
            lint(ShapeKind::Sphere, 1, dim(Measure::Radius, -1.5)),
            lint(ShapeKind::Cylinder, 0, dim(Measure::Radius, -0.25)),
            lint(ShapeKind::Cylinder, 1, dim(Measure::Height, 0.0)),
            lint(ShapeKind::Cylinder, 2, dim(Measure::Radius, 0.0)),
            lint(ShapeKind::Cylinder, 2, dim(Measure::Height, -3.0)),
        ]
    );
    // Each axis of a box on its own.
    for axis in Axis::ALL {
        let mut b = clean_box();
        b.upper[axis.index()] = b.lower[axis.index()];
        assert_eq!(
            lints(&[b], &[], &[]),
            [lint(ShapeKind::Box, 0, dim(Measure::Extent(axis), 0.0))]
        );
    }
    // NaN sizes are not positive either.
    let nan = SphereShape {
        radius: f32::NAN,
        ..clean_sphere()
    };
    let found = lints(&[], &[nan], &[]);
    assert_eq!(found.len(), 1);
    assert!(matches!(
        found[0].kind,
        LintKind::NonPositiveMeasure { measure: Measure::Radius, value } if value.is_nan()
    ));
    assert_eq!(
        lints(&[flat], &[], &[])[0].to_string(),
        concat!(
            "box 0: extent along Y 0 is not positive",
            ": the format notes say zero or negative sizes break the game's hit tests; give it a size above 0"
        )
    );
    assert_eq!(
        lints(&[], &[], &cylinders[1..2])[0].to_string(),
        concat!(
            "cylinder 0: height 0 is not positive",
            ": the format notes say zero or negative sizes break the game's hit tests; give it a size above 0"
        )
    );
    assert_eq!(
        lints(&[], &spheres[1..], &[])[0].to_string(),
        concat!(
            "sphere 0: radius -1.5 is not positive",
            ": the format notes say zero or negative sizes break the game's hit tests; give it a size above 0"
        )
    );
}

#[test]
fn lint_inverted_corners() {
    for axis in Axis::ALL {
        let mut b = clean_box();
        let i = axis.index();
        (b.lower[i], b.upper[i]) = (b.upper[i], b.lower[i]);
        // The extent is still positive: only the inversion is reported.
        assert_eq!(
            lints(&[clean_box(), b], &[], &[]),
            [lint(ShapeKind::Box, 1, LintKind::InvertedCorners { axis })]
        );
    }
    let mut all = clean_box();
    (all.lower, all.upper) = (all.upper, all.lower);
    assert_eq!(
        lints(&[all], &[], &[]),
        Axis::ALL.map(|axis| lint(ShapeKind::Box, 0, LintKind::InvertedCorners { axis }))
    );
    assert_eq!(
        lints(&[all], &[], &[])[2].to_string(),
        concat!(
            "box 0: lower corner is above the upper corner along Z",
            ": how the game reads that is not documented (importers, and zerocol, sort the corners); swap them"
        )
    );
}

#[test]
fn lint_center_not_at_position() {
    let s = SphereShape {
        center: [0.0; 3],
        ..clean_sphere()
    };
    let c = CylinderShape {
        center: [-1.0, 0.5, 2.5],
        ..clean_cylinder()
    };
    assert_eq!(
        lints(&[], &[clean_sphere(), s], &[c]),
        [
            lint(
                ShapeKind::Sphere,
                1,
                LintKind::CenterNotAtPosition {
                    center: [0.0; 3],
                    position: [4.0, 5.0, 6.0]
                }
            ),
            lint(
                ShapeKind::Cylinder,
                0,
                LintKind::CenterNotAtPosition {
                    center: [-1.0, 0.5, 2.5],
                    position: [-1.0, 0.5, 2.0]
                }
            ),
        ]
    );
    assert_eq!(
        lints(&[], &[s], &[])[0].to_string(),
        concat!(
            "sphere 0: stored centre [0.0, 0.0, 0.0] differs from the position [4.0, 5.0, 6.0]",
            ": which one the game uses is not documented (writers copy the position into the centre, zerocol uses the position); store the position as the centre"
        )
    );
}

#[test]
fn lints_come_in_shape_order_then_check_order() {
    let bad_box = BoxShape {
        transform: at(SHEAR, [0.0; 3]),
        lower: [1.0, 0.0, 5.0],
        upper: [-1.0, 0.0, 6.0],
    };
    let bad_cylinder = CylinderShape {
        transform: at(SHEAR, [1.0, 1.0, 1.0]),
        center: [0.0; 3],
        height: -1.0,
        radius: 0.0,
    };
    let bad_sphere = SphereShape {
        transform: at(SHEAR, [1.0, 1.0, 1.0]),
        radius: -2.0,
        center: [0.0; 3],
    };
    let payload = bf::payload(&[bad_box], &[bad_sphere], &[bad_cylinder]);
    let set = CollisionShape::parse(&payload, Options::STRICT).unwrap();
    let mut it = set.lints();
    let found: Vec<Lint> = it.by_ref().collect();
    let ortho = LintKind::RotationNotOrthonormal { error: 0.5 };
    let moved = LintKind::CenterNotAtPosition {
        center: [0.0; 3],
        position: [1.0, 1.0, 1.0],
    };
    assert_eq!(
        found,
        [
            lint(ShapeKind::Box, 0, ortho),
            lint(
                ShapeKind::Box,
                0,
                LintKind::InvertedCorners { axis: Axis::X }
            ),
            lint(
                ShapeKind::Box,
                0,
                LintKind::NonPositiveMeasure {
                    measure: Measure::Extent(Axis::Y),
                    value: 0.0
                }
            ),
            lint(ShapeKind::Sphere, 0, ortho),
            lint(
                ShapeKind::Sphere,
                0,
                LintKind::NonPositiveMeasure {
                    measure: Measure::Radius,
                    value: -2.0
                }
            ),
            lint(ShapeKind::Sphere, 0, moved),
            lint(ShapeKind::Cylinder, 0, ortho),
            lint(
                ShapeKind::Cylinder,
                0,
                LintKind::NonPositiveMeasure {
                    measure: Measure::Radius,
                    value: 0.0
                }
            ),
            lint(
                ShapeKind::Cylinder,
                0,
                LintKind::NonPositiveMeasure {
                    measure: Measure::Height,
                    value: -1.0
                }
            ),
            lint(ShapeKind::Cylinder, 0, moved),
        ]
        .map(|l| Lint {
            offset: record_offset([1, 1], l.shape),
            ..l
        })
    );
    // Fused.
    assert_eq!(it.next(), None);
    assert_eq!(it.next(), None);
}
