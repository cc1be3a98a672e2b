//! Stage `tree` (after `aabb`): [`FaceTree`], a bounding-volume hierarchy over a
//! mesh's faces, built into caller storage, for runtimes that cast many segments at
//! one mesh.
//!
//! The tree is binary, one face per leaf: `faces − 1` inner nodes in preorder, then
//! the `faces` leaves ([`FaceTree::nodes_for`]). Each inner node splits its faces at
//! the median of their boxes' centres along the longest axis of those centres, so
//! the tree is at most 32 levels deep and building it needs no stack. A face with a
//! non-finite corner gets an empty box: no test ever hits or touches it.
//!
//! The traversal is a cull, like the games' face-group boxes: each box is grown by a
//! relative margin for the rounding of the primitive tests, so that a query through
//! the tree visits every face the same test would accept when run on every face.
//! A cast visits the nearer child first and skips every box entered beyond the
//! nearest hit so far.

use super::aabb::SegmentCull;
use super::vec::{Vec3, finite};
use crate::wire;

/// Why an index could not be built into caller storage: the storage holds fewer
/// entries than the index needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct StorageTooSmall {
    /// Entries needed (a [`FaceTree`]'s [`FaceTree::nodes_for`], a Grit vertex
    /// index's vertex count).
    pub needed: usize,
    /// Entries given.
    pub available: usize,
}

impl core::fmt::Display for StorageTooSmall {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "index needs {} entries, storage has {}",
            self.needed, self.available
        )
    }
}

impl core::error::Error for StorageTooSmall {}

/// A node of a [`FaceTree`]: a box, and either two children or one face. Opaque:
/// callers only provide the storage ([`FaceTree::nodes_for`] of them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node {
    min: Vec3,
    max: Vec3,
    /// An inner node's left child, a leaf's face; while building, an inner node's
    /// first leaf.
    a: u32,
    /// An inner node's right child; while building, an inner node's end leaf.
    b: u32,
}

impl Default for Node {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl Node {
    /// A node with an empty box.
    pub const EMPTY: Self = Self {
        min: [f32::INFINITY; 3],
        max: [f32::NEG_INFINITY; 3],
        a: 0,
        b: 0,
    };

    /// The box of `corners`, or an empty box when one is not finite.
    fn face(face: u32, corners: Option<[Vec3; 3]>) -> Self {
        let mut node = Self { a: face, ..Self::EMPTY };
        if let Some(tri) = corners.filter(|t| t.iter().all(|&c| finite(c))) {
            for c in tri {
                node.include(c, c);
            }
        }
        node
    }

    /// Grows the box to hold `min..=max`.
    fn include(&mut self, min: Vec3, max: Vec3) {
        for ((lo, hi), (new_lo, new_hi)) in
            self.min.iter_mut().zip(self.max.iter_mut()).zip(min.iter().zip(max.iter()))
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

    /// The largest magnitude of the box's finite coordinates.
    fn magnitude(&self) -> f32 {
        self.min
            .iter()
            .chain(self.max.iter())
            .filter(|x| x.is_finite())
            .fold(0.0, |m: f32, x| m.max(x.abs()))
    }
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
/// let mut storage = [Node::EMPTY; 3];
/// assert_eq!(FaceTree::nodes_for(faces.len()), 3);
/// let tree = FaceTree::build(faces.len(), |i| faces.get(i).copied(), &mut storage)?;
/// // The faces whose boxes a segment down through x = 5.2 may touch: the second.
/// let mut visited = Vec::new();
/// tree.segment([5.2, 0.2, 1.0], [0.0, 0.0, -2.0], |face| { visited.push(face); 1.0 });
/// assert_eq!(visited, [1]);
/// # Ok::<(), zerocol::query::StorageTooSmall>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FaceTree<'s> {
    nodes: &'s [Node],
    /// How many inner nodes come before the leaves.
    inner: usize,
    /// The largest magnitude of a face's coordinates, for the margin.
    magnitude: f32,
}

/// How deep a traversal's stack may grow: a median split makes the tree at most
/// 32 levels deep, and a traversal keeps one node a level.
const STACK: usize = 64;

/// The cull margin: relative to the content's and the query's magnitudes, as the
/// games' culls are grown (`gta/query.rs`), plus the smallest normal `f32`, so that
/// content at the origin keeps a margin.
fn margin(content: f32, query: f32) -> f32 {
    1e-5 * (content + query) + f32::MIN_POSITIVE
}

/// The largest magnitude among `vs`' coordinates.
fn magnitude(vs: &[Vec3]) -> f32 {
    vs.iter().flatten().fold(0.0, |m: f32, x| m.max(x.abs()))
}

impl<'s> FaceTree<'s> {
    /// The nodes a tree over `faces` faces takes: `2 × faces − 1` (none for none).
    pub const fn nodes_for(faces: usize) -> usize {
        faces.saturating_mul(2).saturating_sub(1)
    }

    /// Builds the tree over faces `0..count` into `storage` (at least
    /// [`Self::nodes_for`]`(count)` nodes), reading face `i`'s corners from
    /// `corners(i)`; a face without corners (`None`) is never visited. O(n log n).
    pub fn build(
        count: usize,
        corners: impl Fn(usize) -> Option<[Vec3; 3]>,
        storage: &'s mut [Node],
    ) -> Result<Self, StorageTooSmall> {
        let needed = Self::nodes_for(count);
        let available = storage.len();
        let too_small = StorageTooSmall { needed, available };
        let nodes = storage.get_mut(..needed).ok_or(too_small)?;
        let inner = count.saturating_sub(1);
        // Faces are numbered in `u32` in the nodes.
        if u32::try_from(count).is_err() {
            return Err(too_small);
        }
        let (branches, leaves) = nodes.split_at_mut(inner);
        let mut magnitude = 0.0f32;
        for (i, leaf) in leaves.iter_mut().enumerate() {
            let face = u32::try_from(i).unwrap_or(u32::MAX);
            *leaf = Node::face(face, corners(i));
            magnitude = magnitude.max(leaf.magnitude());
        }
        if let Some(root) = branches.first_mut() {
            *root = Node {
                a: 0,
                b: u32::try_from(count).unwrap_or(u32::MAX),
                ..Node::EMPTY
            };
        }
        // Preorder: a node's children come after it, so each inner node finds its
        // range of leaves already written by its parent.
        for slot in 0..inner {
            split(branches, leaves, slot);
        }
        Ok(Self {
            nodes,
            inner,
            magnitude,
        })
    }

    /// How many faces the tree holds.
    pub const fn faces(&self) -> usize {
        self.nodes.len().saturating_sub(self.inner)
    }

    /// Visits the faces whose boxes the segment `start + t·dir`, `t` in `[0, 1]`,
    /// may touch, the nearer boxes first: `visit(face)` tests the face and returns
    /// the `t` of the nearest hit so far (1 while there is none), and no box entered
    /// beyond it is visited. A segment with a non-finite coordinate visits nothing.
    pub fn segment(&self, start: Vec3, dir: Vec3, mut visit: impl FnMut(usize) -> f32) {
        if !(finite(start) && finite(dir)) || self.nodes.is_empty() {
            return;
        }
        let grow = margin(self.magnitude, magnitude(&[start, dir]));
        let cull = SegmentCull::new(start, dir, grow);
        let entry = |node: Option<&Node>| node.and_then(|n| cull.enter(n.min, n.max));
        let mut limit = 1.0f32;
        let mut stack = [(0u32, 0.0f32); STACK];
        let mut depth = 0usize;
        let mut next = entry(self.node(0)).map(|t| (0usize, t));
        loop {
            if let Some((slot, enter)) = next.take() {
                if enter <= limit {
                    if slot >= self.inner {
                        if let Some(leaf) = self.node(slot) {
                            limit = visit(usize::try_from(leaf.a).unwrap_or(usize::MAX));
                        }
                    } else if let Some(node) = self.node(slot) {
                        let (l, r) = (to_slot(node.a), to_slot(node.b));
                        let el = entry(self.node(l)).filter(|&t| t <= limit);
                        let er = entry(self.node(r)).filter(|&t| t <= limit);
                        let (near, far) = match (el, er) {
                            (Some(a), Some(b)) if b < a => (Some((r, b)), Some((l, a))),
                            (Some(a), b) => (Some((l, a)), b.map(|b| (r, b))),
                            (None, b) => (b.map(|b| (r, b)), None),
                        };
                        if let Some((slot, t)) = far {
                            let pushed = stack.get_mut(depth).map(|top| {
                                *top = (u32::try_from(slot).unwrap_or(u32::MAX), t);
                            });
                            // Never full: one node a level, at most 32 levels.
                            if wire::validated(pushed).is_some() {
                                depth = depth.saturating_add(1);
                            }
                        }
                        next = near;
                        continue;
                    }
                }
            }
            let Some(d) = depth.checked_sub(1) else {
                return;
            };
            depth = d;
            next = stack.get(d).map(|&(slot, t)| (to_slot(slot), t));
        }
    }

    /// Visits every face whose box the ball may touch, in the tree's order. A ball
    /// with a non-finite coordinate or a negative radius visits nothing.
    pub fn ball(&self, center: Vec3, radius: f32, mut visit: impl FnMut(usize)) {
        if !(finite(center) && radius >= 0.0 && radius.is_finite()) || self.nodes.is_empty() {
            return;
        }
        let grow = margin(self.magnitude, magnitude(&[center]) + radius);
        let touches = |node: &Node| {
            let lo = node.min.map(|x| x - grow);
            let hi = node.max.map(|x| x + grow);
            // Squared distance from the centre to the box, axis by axis.
            let mut d2 = 0.0f32;
            for ((&c, &l), &h) in center.iter().zip(lo.iter()).zip(hi.iter()) {
                if !(l <= h) {
                    return false;
                }
                let gap = if c < l { l - c } else if c > h { c - h } else { 0.0 };
                d2 += gap * gap;
            }
            // The margin grown into the box covers the rounding of `d2`.
            d2 <= radius * radius
        };
        let mut stack = [0u32; STACK];
        let mut depth = 0usize;
        let mut next = self.node(0).filter(|n| touches(n)).map(|_| 0usize);
        loop {
            if let Some(slot) = next.take() {
                if let Some(node) = self.node(slot) {
                    if slot >= self.inner {
                        visit(usize::try_from(node.a).unwrap_or(usize::MAX));
                    } else {
                        let (l, r) = (to_slot(node.a), to_slot(node.b));
                        let touch = |s: usize| self.node(s).filter(|n| touches(n)).map(|_| s);
                        let (l, r) = (touch(l), touch(r));
                        if let Some(r) = r.filter(|_| l.is_some()) {
                            let pushed = stack.get_mut(depth).map(|top| {
                                *top = u32::try_from(r).unwrap_or(u32::MAX);
                            });
                            // Never full: one node a level, at most 32 levels.
                            if wire::validated(pushed).is_some() {
                                depth = depth.saturating_add(1);
                            }
                            next = l;
                        } else {
                            next = l.or(r);
                        }
                        continue;
                    }
                }
            }
            let Some(d) = depth.checked_sub(1) else {
                return;
            };
            depth = d;
            next = stack.get(d).map(|&slot| to_slot(slot));
        }
    }

    fn node(&self, slot: usize) -> Option<&Node> {
        self.nodes.get(slot)
    }
}

/// A node number as a slot.
fn to_slot(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Splits inner node `slot`, whose `a..b` holds its range of leaves (at least
/// two): its box, its leaves partitioned at the median, and its children's slots
/// (a range of one leaf is that leaf; a longer one, the inner node that the
/// preorder places there, given its range).
fn split(branches: &mut [Node], leaves: &mut [Node], slot: usize) {
    let Some(node) = branches.get(slot).copied() else {
        return;
    };
    let (lo, hi) = (to_slot(node.a), to_slot(node.b));
    let Some(range) = leaves.get_mut(lo..hi) else {
        return;
    };
    let mut bounds = Node::EMPTY;
    let (mut cmin, mut cmax) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for leaf in range.iter() {
        bounds.include(leaf.min, leaf.max);
        let c = [0, 1, 2].map(|axis| leaf.centre2(axis));
        for axis in 0..3 {
            if let (Some(&x), Some(lo), Some(hi)) =
                (c.get(axis), cmin.get_mut(axis), cmax.get_mut(axis))
            {
                if x < *lo {
                    *lo = x;
                }
                if x > *hi {
                    *hi = x;
                }
            }
        }
    }
    let extent = |axis: usize| match (cmin.get(axis), cmax.get(axis)) {
        (Some(lo), Some(hi)) if hi >= lo => hi - lo,
        _ => 0.0,
    };
    let axis = (1..3).fold(0, |best, a| if extent(a) > extent(best) { a } else { best });
    let half = range.len() / 2;
    if half == 0 || half >= range.len() {
        return;
    }
    range.select_nth_unstable_by(half, |x, y| x.centre2(axis).total_cmp(&y.centre2(axis)));
    let inner = branches.len();
    let mid = lo.saturating_add(half);
    // A child over `from..to`: the leaf itself, or the inner node at `at`.
    let mut child = |from: usize, to: usize, at: usize| -> u32 {
        if to.saturating_sub(from) == 1 {
            u32::try_from(inner.saturating_add(from)).unwrap_or(u32::MAX)
        } else {
            if let Some(c) = branches.get_mut(at) {
                *c = Node {
                    a: u32::try_from(from).unwrap_or(u32::MAX),
                    b: u32::try_from(to).unwrap_or(u32::MAX),
                    ..Node::EMPTY
                };
            }
            u32::try_from(at).unwrap_or(u32::MAX)
        }
    };
    // The left subtree's `half − 1` inner nodes follow this one.
    let left = child(lo, mid, slot.saturating_add(1));
    let right = child(mid, hi, slot.saturating_add(half));
    if let Some(n) = branches.get_mut(slot) {
        *n = Node {
            min: bounds.min,
            max: bounds.max,
            a: left,
            b: right,
        };
    }
}
