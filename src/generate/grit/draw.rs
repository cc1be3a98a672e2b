//! How a [`GritBody`](super::GritBody) is drawn from fuzzer bytes: values real files
//! hold and the edges of `f32`, materials, margins, shapes and trimeshes, each valid
//! for TCOL by construction.

use std::string::String;
use std::vec::Vec;

use arbitrary::{Arbitrary, Unstructured};

use super::{
    GritBoxLike, GritFace, GritShape, GritTrimesh, MAX_FACES, MAX_HULL_VERTICES,
    MAX_TRIMESH_VERTICES,
};
use crate::grit::{
    DEFAULT_EDGE_DISTANCE_THRESHOLD, DEFAULT_MARGIN, DEFAULT_SHRINK, IDENTITY_ORIENTATION,
    STATIC_TRIMESH_MARGIN,
};

/// Values real files hold, and the edges of `f32`.
const SPECIAL: [f32; 16] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    0.04,
    0.001,
    core::f32::consts::FRAC_1_SQRT_2,
    1e-5,
    123_456_790.0,
    1e9,
    3.402_823_5e38,
    -3.402_823_5e38,
    1.175_494_4e-38,
    1e-45,
    7.038_531e-26,
];

/// A finite real: a special value, a short decimal, or any finite bits.
pub(super) fn real(u: &mut Unstructured<'_>) -> arbitrary::Result<f32> {
    Ok(match u.int_in_range(0u8..=7)? {
        0 => *u.choose(&SPECIAL)?,
        1 => {
            let bits = u32::arbitrary(u)?;
            let v = f32::from_bits(bits);
            // An exponent of all ones (NaN, infinity) loses its lowest bit.
            if v.is_finite() {
                v
            } else {
                f32::from_bits(bits ^ 0x0080_0000)
            }
        }
        _ => f32::from(i16::arbitrary(u)?) / 64.0,
    })
}

/// A finite real that is not below 0 (`-0.0` included).
pub(super) fn non_negative(u: &mut Unstructured<'_>) -> arbitrary::Result<f32> {
    let v = real(u)?;
    Ok(if v < 0.0 { -v } else { v })
}

/// The default half the time, else a value drawn by `draw`.
pub(super) fn or_default(
    u: &mut Unstructured<'_>,
    default: f32,
    draw: fn(&mut Unstructured<'_>) -> arbitrary::Result<f32>,
) -> arbitrary::Result<f32> {
    if u.arbitrary()? { Ok(default) } else { draw(u) }
}

pub(super) fn vec3(u: &mut Unstructured<'_>) -> arbitrary::Result<[f32; 3]> {
    Ok([real(u)?, real(u)?, real(u)?])
}

fn orientation(u: &mut Unstructured<'_>) -> arbitrary::Result<[f32; 4]> {
    if u.arbitrary()? {
        Ok(IDENTITY_ORIENTATION)
    } else {
        Ok([real(u)?, real(u)?, real(u)?, real(u)?])
    }
}

/// Materials real files use, and a few that stress the string table.
const MATERIALS: [&str; 8] = [
    "/common/Stone",
    "/common/PolishedWood",
    "Metal",
    "../shared/Plastic",
    "",
    "Ünïcødé ✓",
    "two\nlines",
    "0x7",
];

/// A material: a common one, or any short text without `"` or NUL.
fn material(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    if u.ratio(3u8, 4u8)? {
        return Ok((*u.choose(&MATERIALS)?).into());
    }
    let len = u.int_in_range(0..=24)?;
    let mut s = String::new();
    for _ in 0..len {
        let c = char::arbitrary(u)?;
        if c != '"' && c != '\0' {
            s.push(c);
        }
    }
    Ok(s)
}

fn margin(u: &mut Unstructured<'_>) -> arbitrary::Result<f32> {
    or_default(u, DEFAULT_MARGIN, non_negative)
}

fn vertices(u: &mut Unstructured<'_>, max: usize) -> arbitrary::Result<Vec<[f32; 3]>> {
    let n = u.int_in_range(0..=max)?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(vec3(u)?);
    }
    Ok(out)
}

fn box_like(u: &mut Unstructured<'_>) -> arbitrary::Result<GritBoxLike> {
    Ok(GritBoxLike {
        material: material(u)?,
        margin: margin(u)?,
        centre: vec3(u)?,
        orientation: orientation(u)?,
        dimensions: vec3(u)?,
    })
}

pub(super) fn shape(u: &mut Unstructured<'_>) -> arbitrary::Result<GritShape> {
    Ok(match u.int_in_range(0u8..=5)? {
        0 => GritShape::Hull {
            material: material(u)?,
            margin: margin(u)?,
            shrink: or_default(u, DEFAULT_SHRINK, non_negative)?,
            vertices: vertices(u, MAX_HULL_VERTICES)?,
        },
        1 => GritShape::Box(box_like(u)?),
        2 => GritShape::Cylinder(box_like(u)?),
        3 => GritShape::Cone {
            material: material(u)?,
            margin: margin(u)?,
            centre: vec3(u)?,
            orientation: orientation(u)?,
            radius: real(u)?,
            height: real(u)?,
        },
        4 => GritShape::Plane {
            material: material(u)?,
            normal: vec3(u)?,
            distance: real(u)?,
        },
        _ => GritShape::Sphere {
            material: material(u)?,
            centre: vec3(u)?,
            radius: real(u)?,
        },
    })
}

pub(super) fn trimesh(u: &mut Unstructured<'_>, is_static: bool) -> arbitrary::Result<GritTrimesh> {
    let (margin, edge_distance_threshold) = if is_static {
        (
            STATIC_TRIMESH_MARGIN,
            or_default(u, DEFAULT_EDGE_DISTANCE_THRESHOLD, non_negative)?,
        )
    } else {
        (margin(u)?, DEFAULT_EDGE_DISTANCE_THRESHOLD)
    };
    let vertices = vertices(u, MAX_TRIMESH_VERTICES)?;
    let mut faces = Vec::new();
    if let Ok(count) = u32::try_from(vertices.len()) {
        if count > 0 {
            let n = u.int_in_range(0..=MAX_FACES)?;
            // Shared materials, as real meshes have: a few per mesh.
            let palette = [material(u)?, material(u)?, material(u)?];
            for _ in 0..n {
                let index = |u: &mut Unstructured<'_>| -> arbitrary::Result<u32> {
                    Ok(u32::arbitrary(u)?.checked_rem(count).unwrap_or(0))
                };
                faces.push(GritFace {
                    indices: [index(u)?, index(u)?, index(u)?],
                    material: u.choose(&palette)?.clone(),
                });
            }
        }
    }
    Ok(GritTrimesh {
        margin,
        edge_distance_threshold,
        vertices,
        faces,
    })
}
