//! Collision queries straight from a parsed view: segment casts (line of sight),
//! sphere overlaps and the ground below a point, with nothing built first.
//!
//! Every format's view implements [`Query`]; [`ground`] works on any of them. The
//! primitive tests ([`segment_triangle`], [`segment_sphere`], [`segment_box`],
//! [`sphere_triangle`], [`sphere_sphere`], [`sphere_box`]) are public, for runtimes
//! that walk the tables themselves.
//!
//! # The rules, the same in every format
//! - Queries run in the view's own space (GTA and Grit are Z-up).
//! - A [`Hit`]'s `t` is in `[0, 1]` and never NaN; its normal is a unit vector facing
//!   the segment's start.
//! - Triangles are two-sided. A degenerate triangle (zero or non-finite area) is
//!   never hit, and neither is a triangle the segment only slides along in its plane.
//! - Spheres, boxes, cylinders, cones and hulls are solid: a segment that starts
//!   inside (or on) one hits it at `t = 0`, with the normal against the segment's
//!   direction (+Z for a zero-length segment).
//! - A segment or ball with a NaN or infinite coordinate hits and touches nothing; a
//!   zero-length segment hits only the solids it starts in.
//! - Ties in `t` go to the [`Primitive`] kind listed first, then to the lower index,
//!   so a result never depends on the order the primitives were tested in
//!   ([`Nearest`]).
//! - [`Query::cast_filtered`] skips every primitive whose material the filter
//!   rejects, as the games skip see-through and shoot-through surfaces.
//! - [`Query::overlap`] reports every primitive the ball touches (touching counts,
//!   with depth 0), in the format's table order, and returns how many, even when
//!   more than the caller's slice holds.
//!
//! A query never panics and never reads outside the view, whatever the file or the
//! query holds (NaN, infinities, zero-length segments, degenerate triangles).
//!
//! ```
//! use zerocol::query::{segment_triangle, segment_sphere, Nearest, Hit, Primitive};
//!
//! let (start, end) = ([0.0, 0.0, 10.0], [0.0, 0.0, -10.0]);
//! let dir = [end[0] - start[0], end[1] - start[1], end[2] - start[2]];
//! let floor = [[-1.0, -1.0, 0.0], [1.0, -1.0, 0.0], [0.0, 1.0, 0.0]];
//! let (t, normal) = segment_triangle(start, dir, floor).unwrap();
//! assert_eq!((t, normal), (0.5, [0.0, 0.0, 1.0])); // two-sided: faces the start
//!
//! // A solid sphere the segment starts in is hit at t = 0.
//! assert_eq!(segment_sphere(start, dir, [0.0, 0.0, 9.0], 2.0).map(|h| h.0), Some(0.0));
//!
//! let mut nearest = Nearest::new();
//! for (index, t) in [(0, 0.5), (1, 0.25), (2, f32::NAN)] {
//!     let hit = Hit { t, point: [0.0; 3], normal, primitive: Primitive::Face, index, material: 0u8 };
//!     nearest.offer(hit);
//! }
//! assert_eq!(nearest.into_hit().map(|h| h.index), Some(1));
//! ```

// `!(x <= y)` is the point here: it rejects NaN along with the values past `y`.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

// # Stages (a note for developers, kept out of the API docs)
// In import order: `vec` ([`Vec3`] and its arithmetic) → `types` ([`Segment`], [`Ball`],
// [`Hit`], [`Contact`], [`Query`], [`ground`]) → `collect` ([`Nearest`],
// [`Contacts`]) → `triangle` → `ball` → `aabb` (the primitive tests) → `tree` ([`FaceTree`], a
// bounding-volume hierarchy in caller storage: its node types, then `build`, then
// `walk`) → `frame`
// (rigid frames: a shape's own space) → `found` (hits and contacts from a test's
// result) → `obb` (oriented boxes) → `cylinder` → `plane` (half-spaces) → `hull`
// (GJK ray cast and distance on a support function: hulls with no hull built)
// → `cone`. Each format's `query` stage implements [`Query`] above its view.
pub(crate) mod aabb;
mod ball;
mod collect;
mod tree;
mod triangle;
mod types;
pub(crate) mod vec;

// The shape maths of the formats' query stages, in import order after `aabb`.
pub(crate) mod cone;
pub(crate) mod cylinder;
pub(crate) mod found;
pub(crate) mod frame;
pub(crate) mod hull;
pub(crate) mod obb;
pub(crate) mod plane;

pub(crate) use aabb::{FaceCull, content};
pub use aabb::{ball_may_touch_box, contains, segment_box, segment_may_touch_box, sphere_box};
pub use ball::{segment_sphere, sphere_sphere};
pub use collect::{Contacts, Nearest};
pub use tree::{FaceTree, Node, StorageTooSmall};
pub(crate) use triangle::{ON_BOX, segment_triangle_normal, segment_triangle_t};
pub use triangle::{closest_on_triangle, segment_triangle, sphere_triangle, triangle_normal};
pub use types::{Ball, Contact, Hit, Primitive, Query, Segment, ground};
pub use vec::Vec3;
