//! A BattleForge `collisionShape` as OBJ: each box, sphere and cylinder an object,
//! through its world transform.

use core::fmt::{self, Write};

use super::{Mtl, Obj, Summary};
use crate::battleforge::CollisionShape;

/// Writes `shape` as OBJ to `obj` and its materials to `mtl`; `mtllib` is the
/// name the OBJ gives its material library.
///
/// An object per shape, `collisionShape/KIND/K` (`KIND` one of `box`, `sphere`,
/// `cylinder`; `K` its index in the file's table of that kind, from 0), under the
/// `usemtl` of its kind (the format has no materials). Each shape goes through its
/// transform: a box's corners, a sphere around the transform's position (which is
/// where the game puts it), a cylinder from its base at the position up its local
/// +Y. The only error is one of the writers'.
pub fn battleforge<O, M>(
    shape: &CollisionShape<'_>,
    obj: &mut O,
    mtl: &mut M,
    mtllib: Option<&str>,
) -> Result<Summary, fmt::Error>
where
    O: Write + ?Sized,
    M: Write + ?Sized,
{
    let kinds = [
        ("box", !shape.boxes().is_empty()),
        ("sphere", !shape.spheres().is_empty()),
        ("cylinder", !shape.cylinders().is_empty()),
    ];
    let mut mtl = Mtl::new(mtl, "a BattleForge collisionShape")?;
    for (key, (name, present)) in (1u32..).zip(kinds) {
        if present {
            mtl.material(name, key)?;
        }
    }
    let mut out = Obj::new(obj, "a BattleForge collisionShape", 'Y', mtllib)?;
    for (k, b) in shape
        .boxes()
        .iter()
        .map(crate::battleforge::raw::BoxShape::decode)
        .enumerate()
    {
        out.object(format_args!("collisionShape/box/{k}"))?;
        out.material("box")?;
        // `cuboid` sorts the corners: files may hold them the other way round.
        out.cuboid(b.lower, b.upper, |p| b.transform.apply(p))?;
    }
    for (k, s) in shape
        .spheres()
        .iter()
        .map(crate::battleforge::raw::SphereShape::decode)
        .enumerate()
    {
        out.object(format_args!("collisionShape/sphere/{k}"))?;
        out.material("sphere")?;
        out.sphere(s.world_center(), s.radius)?;
    }
    for (k, c) in shape
        .cylinders()
        .iter()
        .map(crate::battleforge::raw::CylinderShape::decode)
        .enumerate()
    {
        out.object(format_args!("collisionShape/cylinder/{k}"))?;
        out.material("cylinder")?;
        // The tessellation's local Z is the cylinder's local Y; (x, y, z) →
        // (y, z, x) keeps the frame right-handed.
        out.cylinder(c.radius, 0.0, c.height, |[x, y, z]| {
            c.transform.apply([y, z, x])
        })?;
    }
    Ok(out.finish(&mtl))
}
