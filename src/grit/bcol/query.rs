//! Collision queries on a [`Bcol`] ([`crate::query`]): its compound's shapes
//! and its trimesh, tested as the body module describes for TCOL and BCOL
//! alike (`grit/body/query.rs`, and [`crate::grit`]'s page).
//!
//! ```
//! use zerocol::grit::bcol::{Options, Bcol};
//! use zerocol::query::{Primitive, Query, Segment};
//!
//! let text = b"TCOL1.0\nattributes { static; }\n\
//!     compound { sphere { material \"/common/Stone\"; centre 0 0 1; radius 1; } }";
//! let bcol = Bcol::parse(text, Options::STRICT)?;
//! let hit = bcol.cast(Segment::new([0.0, 0.0, 10.0], [0.0, 0.0, 0.0])).unwrap();
//! assert_eq!((hit.t, hit.primitive, hit.material), (0.8, Primitive::Sphere, "/common/Stone"));
//! assert_eq!(hit.normal, [0.0, 0.0, 1.0]);
//! # Ok::<(), zerocol::grit::bcol::Error>(())
//! ```

use super::view::Bcol;
use crate::grit::body::query;
use crate::query::{Ball, Contact, Hit, Query, Segment};

impl<'a> Query for Bcol<'a> {
    type Material = &'a str;

    fn cast_filtered(
        &self,
        segment: Segment,
        keep: &mut dyn FnMut(&&'a str) -> bool,
    ) -> Option<Hit<&'a str>> {
        query::cast(self.shapes(), self.trimesh(), &segment, keep)
    }

    fn overlap(&self, ball: Ball, out: &mut [Contact<&'a str>]) -> usize {
        query::overlap(self.shapes(), self.trimesh(), ball, out)
    }
}
