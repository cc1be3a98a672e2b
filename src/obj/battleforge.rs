//! A BattleForge `collisionShape` as OBJ: its boxes, spheres and cylinders through
//! their world transforms, a group per kind.

use core::fmt::{self, Write};

use super::{Mtl, Obj, Summary};
use crate::battleforge::CollisionShape;

/// Writes `shape` as OBJ to `obj` and its materials to `mtl`; `mtllib` is the
/// name the OBJ gives its material library.
///
/// One object, `collisionShape`, with a group per kind of shape (`box`, `sphere`,
/// `cylinder`: the format has no materials). Each shape goes through its
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
    if shape.is_empty() {
        return Ok(out.finish(&mtl));
    }
    out.object("collisionShape")?;
    if !shape.boxes().is_empty() {
        out.material("box")?;
        for b in shape
            .boxes()
            .iter()
            .map(crate::battleforge::raw::BoxShape::decode)
        {
            // `cuboid` sorts the corners: files may hold them the other way round.
            out.cuboid(b.lower, b.upper, |p| b.transform.apply(p))?;
        }
    }
    if !shape.spheres().is_empty() {
        out.material("sphere")?;
        for s in shape
            .spheres()
            .iter()
            .map(crate::battleforge::raw::SphereShape::decode)
        {
            out.sphere(s.world_center(), s.radius)?;
        }
    }
    if !shape.cylinders().is_empty() {
        out.material("cylinder")?;
        for c in shape
            .cylinders()
            .iter()
            .map(crate::battleforge::raw::CylinderShape::decode)
        {
            // The tessellation's local Z is the cylinder's local Y; (x, y, z) →
            // (y, z, x) keeps the frame right-handed.
            out.cylinder(c.radius, 0.0, c.height, |[x, y, z]| {
                c.transform.apply([y, z, x])
            })?;
        }
    }
    Ok(out.finish(&mtl))
}
