//! Collision queries on a [`CollisionShape`] ([`crate::query`]): boxes,
//! spheres and cylinders through their world transforms.
//!
//! The shapes sit where the view's geometry puts them: `world = R · local +
//! position`, and world to local through `Rᵀ` as [`Transform::to_local`] and
//! [`CollisionShape::contains`] do (so a point a cast starts in is a point
//! `contains` finds). A cast is exact for any `R` taken that way; overlap
//! depths are distances only when `R` is a rotation, which
//! [`CollisionShape::lints`] checks. The format has no materials: the
//! material is `()`, and indices count within each kind's array.
//!
//! ```
//! use zerocol::battleforge::{CollisionShape, Options};
//! use zerocol::query::{Primitive, Query, Segment};
//!
//! # let bytes: &[u8] = include_bytes!("../../samples/collision.drs");
//! # let drs = zerocol::battleforge::Drs::parse(bytes, Options::STRICT)?;
//! # let Some((_, shapes)) = drs.collision_shape() else { return Ok(()) };
//! let far = Segment::new([0.0, 1000.0, 0.0], [0.0, 1001.0, 0.0]);
//! assert_eq!(shapes.cast(far), None);
//! if let Some(hit) = shapes.cast(Segment::new([0.0, 50.0, 0.0], [0.0, -50.0, 0.0])) {
//!     assert!((0.0..=1.0).contains(&hit.t));
//!     assert!(matches!(hit.primitive, Primitive::Box | Primitive::Sphere | Primitive::Cylinder));
//! }
//! # Ok::<(), zerocol::battleforge::Error>(())
//! ```

#[cfg(doc)]
use super::records::Transform;
use super::records::{BoxShape, CylinderShape, SphereShape};
use super::view::CollisionShape;
use crate::query::cylinder::{segment_cylinder, sphere_cylinder};
use crate::query::found::{contact, hit};
use crate::query::frame::Frame;
use crate::query::obb::{segment_obb, sphere_obb};
use crate::query::{
    Ball, Contact, Contacts, Hit, Nearest, Primitive, Query, Segment, segment_sphere, sphere_sphere,
};

/// A box's frame (centred on the box) and half extents.
fn box_frame(b: &BoxShape) -> (Frame, [f32; 3]) {
    let (lo, hi) = (
        crate::math::zip3(b.lower, b.upper, f32::min),
        crate::math::zip3(b.lower, b.upper, f32::max),
    );
    let centre = crate::math::zip3(lo, hi, |a, c| (a + c) * 0.5);
    let half = crate::math::zip3(lo, hi, |a, c| (c - a) * 0.5);
    (
        Frame::new(b.transform.rotation, b.transform.apply(centre)),
        half,
    )
}

/// A cylinder's frame: centred half way up, its local Y (the cylinder's
/// axis) as the frame's Z, local Z as the frame's Y.
fn cylinder_frame(c: &CylinderShape) -> Frame {
    let rows = c.transform.rotation.map(|[x, y, z]| [x, z, y]);
    Frame::new(rows, c.transform.apply([0.0, c.height * 0.5, 0.0]))
}

fn sphere_centre(s: &SphereShape) -> [f32; 3] {
    s.world_center()
}

impl Query for CollisionShape<'_> {
    type Material = ();

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&()) -> bool,
    ) -> Option<Hit<()>> {
        if !keep(&()) {
            return None;
        }
        let (start, dir) = (segment.start, segment.direction());
        let mut nearest = Nearest::new();
        let mut offer = |found, primitive, index| {
            if let Some(h) = hit(&segment, found, primitive, index, ()) {
                nearest.offer(h);
            }
        };
        for (i, s) in self.spheres().iter().enumerate() {
            let s = s.decode();
            if let Some(found) = segment_sphere(start, dir, sphere_centre(&s), s.radius) {
                offer(found, Primitive::Sphere, i);
            }
        }
        for (i, b) in self.boxes().iter().enumerate() {
            let (frame, half) = box_frame(&b.decode());
            if let Some(found) = segment_obb(&frame, half, start, dir) {
                offer(found, Primitive::Box, i);
            }
        }
        for (i, c) in self.cylinders().iter().enumerate() {
            let c = c.decode();
            let frame = cylinder_frame(&c);
            let found = frame.cast(start, dir, |s, d| {
                segment_cylinder(s, d, c.radius, c.height * 0.5)
            });
            if let Some(found) = found {
                offer(found, Primitive::Cylinder, i);
            }
        }
        nearest.into_hit()
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<()>]) -> usize {
        let mut contacts = Contacts::new(out);
        let (centre, radius) = (ball.center, ball.radius);
        for (i, s) in self.spheres().iter().enumerate() {
            let s = s.decode();
            let found = sphere_sphere(centre, radius, sphere_centre(&s), s.radius);
            if let Some(c) = found.and_then(|f| contact(f, Primitive::Sphere, i, ())) {
                contacts.push(c);
            }
        }
        for (i, b) in self.boxes().iter().enumerate() {
            let (frame, half) = box_frame(&b.decode());
            let found = sphere_obb(&frame, half, centre, radius);
            if let Some(c) = found.and_then(|f| contact(f, Primitive::Box, i, ())) {
                contacts.push(c);
            }
        }
        for (i, c) in self.cylinders().iter().enumerate() {
            let c = c.decode();
            let found = cylinder_frame(&c).touch(centre, radius, |p, r| {
                sphere_cylinder(p, r, c.radius, c.height * 0.5)
            });
            if let Some(c) = found.and_then(|f| contact(f, Primitive::Cylinder, i, ())) {
                contacts.push(c);
            }
        }
        contacts.found()
    }
}
