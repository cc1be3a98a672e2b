//! Stage `tree` (after `aabb`): [`FaceTree`], a bounding-volume hierarchy over a
//! mesh's faces, built into caller storage, for runtimes that cast many segments at
//! one mesh.
//!
//! The tree is four-wide: a [`Node`] holds the boxes of up to four children, axis
//! by axis in lanes, so that one pass of plain arithmetic tests all four (the
//! compiler turns it into vector instructions where the target has them). A child
//! is a face or another node. A node over more than 16 faces splits them into
//! quarters: at the median of their boxes' centres along the longest axis of those
//! centres, then each half the same way; a node over 5 to 16 faces sorts them along
//! that axis and takes them four at a time; a node over at most 4 holds them.
//! Nodes are laid out breadth first, each holding the range of faces it covers until
//! it is split, so that building needs no recursion and no stack. While building,
//! the faces' boxes sit four to a node after the tree's nodes
//! ([`FaceTree::nodes_for`] counts both).
//!
//! A face with a non-finite corner gets an empty box: no test ever hits or touches
//! it, so the tree visits it at most.
//!
//! The traversal is a cull, like the games' face-group boxes: each box is grown by a
//! relative margin for the rounding of the primitive tests, so that a query through
//! the tree visits every face the same test would accept when run on every face.
//! A cast visits the nearer children first and skips every box entered beyond the
//! nearest hit so far.

use super::vec::{Vec3, finite};

mod build;
mod walk;

pub use crate::wire::StorageTooSmall;

/// Children a node holds.
const LANES: usize = 4;
/// Four lanes of one coordinate.
type Lanes = [f32; LANES];

/// A child that is a face: the face's number with this bit set.
const FACE: u32 = 1 << 31;
/// An unused lane.
const NONE: u32 = u32::MAX;

/// A node of a [`FaceTree`]: the boxes of up to four children, each a face or a
/// node. Opaque: callers only provide the storage ([`FaceTree::nodes_for`] of them,
/// 112 bytes each). `#[repr(C)]`, every field a `f32` or `u32`: any bits are a node,
/// so a C caller's `uint32_t` storage can hold one (28 words a node).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
pub struct Node {
    /// The children's boxes, axis by axis.
    min: [Lanes; 3],
    max: [Lanes; 3],
    /// Each child: `FACE | face`, a node's slot, or `NONE`. While building, a
    /// node's first two hold the range of faces it covers.
    child: [u32; LANES],
}

impl Default for Node {
    fn default() -> Self {
        Self::EMPTY
    }
}

/// One face or child, out of its lane.
#[derive(Clone, Copy, Debug)]
struct Entry {
    min: Vec3,
    max: Vec3,
    child: u32,
}

impl Entry {
    /// An empty box: every union starts from it.
    const EMPTY: Self = Self {
        min: [f32::INFINITY; 3],
        max: [f32::NEG_INFINITY; 3],
        child: NONE,
    };

    /// Face `face`'s box, or an empty box when a corner is not finite.
    fn face(face: u32, corners: Option<[Vec3; 3]>) -> Self {
        let mut entry = Self {
            child: FACE | face,
            ..Self::EMPTY
        };
        if let Some(tri) = corners.filter(|t| t.iter().all(|&c| finite(c))) {
            for c in tri {
                entry.include(c, c);
            }
        }
        entry
    }

    /// Grows the box to hold `min..=max`.
    fn include(&mut self, min: Vec3, max: Vec3) {
        for ((lo, hi), (new_lo, new_hi)) in self
            .min
            .iter_mut()
            .zip(self.max.iter_mut())
            .zip(min.iter().zip(max.iter()))
        {
            if *new_lo < *lo {
                *lo = *new_lo;
            }
            if *new_hi > *hi {
                *hi = *new_hi;
            }
        }
    }

    /// Twice the box's centre along `axis` (an empty box's is NaN).
    fn centre2(&self, axis: usize) -> f32 {
        match (self.min.get(axis), self.max.get(axis)) {
            (Some(lo), Some(hi)) => lo + hi,
            _ => 0.0,
        }
    }
}

impl Node {
    /// A node with every lane unused.
    pub const EMPTY: Self = Self {
        min: [[f32::INFINITY; LANES]; 3],
        max: [[f32::NEG_INFINITY; LANES]; 3],
        child: [NONE; LANES],
    };

    /// A node waiting to be split: it covers faces `from..to`.
    fn range(from: usize, to: usize) -> Self {
        let mut node = Self::EMPTY;
        node.child = [number(from), number(to), NONE, NONE];
        node
    }

    /// Lane `lane`'s entry.
    fn get(&self, lane: usize) -> Entry {
        let pick = |axes: &[Lanes; 3]| axes.map(|a| a.get(lane).copied().unwrap_or(f32::NAN));
        Entry {
            min: pick(&self.min),
            max: pick(&self.max),
            child: self.child.get(lane).copied().unwrap_or(NONE),
        }
    }

    /// Puts `entry` in lane `lane`.
    fn set(&mut self, lane: usize, entry: Entry) {
        for (axis, (lo, hi)) in self.min.iter_mut().zip(self.max.iter_mut()).enumerate() {
            if let (Some(slot_lo), Some(slot_hi), Some(&v_lo), Some(&v_hi)) = (
                lo.get_mut(lane),
                hi.get_mut(lane),
                entry.min.get(axis),
                entry.max.get(axis),
            ) {
                *slot_lo = v_lo;
                *slot_hi = v_hi;
            }
        }
        if let Some(c) = self.child.get_mut(lane) {
            *c = entry.child;
        }
    }
}

/// A count or index as a `u32` (the tree holds fewer than 2^31 faces).
fn number(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NONE)
}

/// A `u32` as a slot or face.
fn slot(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// A bounding-volume hierarchy over a mesh's faces, in caller storage: built once
/// ([`FaceTree::build`]), then queried any number of times. The formats' indexed
/// views hold one (`gta::FaceIndex`).
///
/// ```
/// use zerocol::query::{FaceTree, Node};
///
/// let faces = [
///     [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
///     [[5.0, 0.0, 0.0], [6.0, 0.0, 0.0], [5.0, 1.0, 0.0]],
/// ];
/// assert_eq!(FaceTree::nodes_for(faces.len()), 2);
/// let mut storage = [Node::EMPTY; 2];
/// let tree = FaceTree::build(faces.len(), |i| faces.get(i).copied(), &mut storage)?;
/// // The faces whose boxes a segment down through x = 5.2 may touch: the second.
/// let mut visited = Vec::new();
/// tree.segment([5.2, 0.2, 1.0], [0.0, 0.0, -2.0], |face| { visited.push(face); 1.0 });
/// assert_eq!(visited, [1]);
/// # Ok::<(), zerocol::query::StorageTooSmall>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FaceTree<'s> {
    /// The tree's nodes, root first.
    nodes: &'s [Node],
    /// The largest magnitude of a face's coordinates, for the margin.
    magnitude: f32,
}

impl<'s> FaceTree<'s> {
    /// What [`FaceTree::from_parts`] rebuilds the tree from: its nodes (root first,
    /// the tree's only, not the build's scratch) and the largest magnitude of a
    /// face's coordinates.
    pub const fn parts(&self) -> (&'s [Node], f32) {
        (self.nodes, self.magnitude)
    }

    /// Rebuilds a tree in O(1) from its [`parts`](FaceTree::parts), for callers that
    /// cannot keep the borrow (the C API keeps them in a C struct). Parts that did
    /// not come from [`FaceTree::parts`] over unchanged storage give a tree whose
    /// queries never panic, never read outside `nodes` and visit at most
    /// `nodes.len()` nodes each (a node is visited once), but whose answers are
    /// unspecified.
    pub const fn from_parts(nodes: &'s [Node], magnitude: f32) -> Self {
        Self { nodes, magnitude }
    }
}

/// How deep a traversal's stack may grow: a tree over fewer than 2^31 faces is at
/// most 16 levels deep, and a traversal keeps at most three nodes a level.
const STACK: usize = 64;

/// The largest magnitude among `vs`' coordinates.
fn magnitude(vs: &[Vec3]) -> f32 {
    vs.iter().flatten().fold(0.0, |m: f32, x| m.max(x.abs()))
}
