//! Test-only MKGP DX course: the soup behind `samples/course.col`.
//!
//! A 32 × 24 m patch on 8 × 8 m cells (a 4 × 3 grid), built from quads along X:
//!
//! ```text
//!  z 18..24  dirt verge (flat)                                  dust effect past x 14
//!  z  6..18  asphalt start | asphalt bump (x 10, +0.5) | jump-pad ramp 0 → 3 | wooden platform at 3
//!  z  0.. 6  grass verge (flat, bump across it too)
//!  x = 0     6             10            14            22                 32
//! ```
//!
//! The verges stay at ground level beside the ramp and platform, so the track's
//! side edges there have no neighbours and become walls; a metal triangle wall
//! closes the far end of the platform.

use zerocol::mkgp::build::{BuiltCourse, CourseBuilder, SoupTriangle};
use zerocol::mkgp::{SurfaceFlags, SurfaceType, TriangleWall, Vec3};

/// Bytes in the header (docs/formats/mkgp.md).
pub const HEADER: usize = 0x30;
/// Bytes in a triangle record.
pub const TRI: usize = 0x70;
/// Bytes in a wall record.
pub const WALL: usize = 0x40;
/// Bytes in a triangle wall record.
pub const TRI_WALL: usize = 0x38;

/// X breaks of the quad columns.
pub const XS: [f32; 6] = [0.0, 6.0, 10.0, 14.0, 22.0, 32.0];
/// Z breaks of the quad rows: south verge, track, north verge.
pub const ZS: [f32; 4] = [0.0, 6.0, 18.0, 24.0];

/// Height of the track at one of [`XS`]: flat start, a bump at x 10, a ramp
/// from x 14 up to the platform at x 22.
pub fn track_height(x: f32) -> f32 {
    match x {
        10.0 => 0.5,
        22.0 | 32.0 => 3.0,
        _ => 0.0,
    }
}

/// Height of the verges: the bump runs across them, the ramp does not.
pub fn verge_height(x: f32) -> f32 {
    if x > 14.0 { 0.0 } else { track_height(x) }
}

/// Flags from a surface type, a sound variant (bits 16–23) and a special effect
/// (bits 24–31).
pub fn flags(surface: SurfaceType, sound: u8, effect: u8) -> SurfaceFlags {
    SurfaceFlags(u32::from(surface.bit()) | u32::from(sound) << 16 | u32::from(effect) << 24)
}

/// Flags of a surface type alone.
pub fn surface_flags(surface: SurfaceType) -> SurfaceFlags {
    flags(surface, 0, 0)
}

/// A soup triangle.
pub fn soup(vertices: [Vec3; 3], flags: SurfaceFlags) -> SoupTriangle {
    SoupTriangle { vertices, flags }
}

/// The two triangles of the quad `x0..x1 × z0..z1` with heights from `height`,
/// wound so their normals point up: `[a, e, c]` and `[a, c, b]` for corners
/// a = (x0, z0), b = (x1, z0), c = (x1, z1), e = (x0, z1).
pub fn quad(
    [x0, x1]: [f32; 2],
    [z0, z1]: [f32; 2],
    height: fn(f32) -> f32,
    flags: SurfaceFlags,
) -> [SoupTriangle; 2] {
    let a = [x0, height(x0), z0];
    let b = [x1, height(x1), z0];
    let c = [x1, height(x1), z1];
    let e = [x0, height(x0), z1];
    [soup([a, e, c], flags), soup([a, c, b], flags)]
}

/// The sample course's soup (30 triangles, one triangle wall), cell size 8 × 8.
pub fn sample_builder() -> CourseBuilder {
    use SurfaceType::*;
    let mut builder = CourseBuilder::new([8.0, 8.0]);
    for (column, xs) in XS.windows(2).enumerate() {
        let xs = [xs[0], xs[1]];
        let (south, track, north) = match column {
            // Start straight, the start line flagged with a special effect.
            0 => (flags(Grass, 0, 0), flags(Asphalt, 0, 1), flags(Dirt, 0, 0)),
            // The bump: rumble sound on the asphalt, a second grass sound.
            1 | 2 => (flags(Grass, 1, 0), flags(Asphalt, 2, 0), flags(Dirt, 0, 0)),
            // The ramp: a jump pad with a boost effect; dust off the north verge.
            3 => (flags(Grass, 0, 0), flags(JumpPad, 0, 3), flags(Dirt, 0, 4)),
            // The raised platform: wood, hollow sound.
            _ => (flags(Grass, 0, 0), flags(Wood, 1, 0), flags(Dirt, 0, 4)),
        };
        builder
            .triangles
            .extend(quad(xs, [ZS[0], ZS[1]], verge_height, south));
        builder
            .triangles
            .extend(quad(xs, [ZS[1], ZS[2]], track_height, track));
        builder
            .triangles
            .extend(quad(xs, [ZS[2], ZS[3]], verge_height, north));
    }
    builder.triangle_walls.push(TriangleWall {
        flag: i32::from(Metal.bit()),
        vertices: [[32.0, 3.0, 6.0], [32.0, 3.0, 18.0], [32.0, 6.0, 12.0]],
    });
    builder
}

/// The course written to `samples/course.col`.
pub fn sample_course() -> BuiltCourse {
    sample_builder().build().expect("the sample soup builds")
}
