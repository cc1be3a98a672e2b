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
/// 112 bytes each).
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// How many nodes the tree over `faces` faces takes, without the faces' boxes.
const fn tree_nodes(faces: usize) -> usize {
    match faces {
        0 => 0,
        1 => 1,
        _ => subtree_nodes(faces),
    }
}

/// The nodes of a subtree over `faces` (at least 2) faces, split as
/// [`part_sizes`] says: one, and those of each part of two faces or more.
const fn subtree_nodes(faces: usize) -> usize {
    if faces <= LANES {
        return 1;
    }
    let [a, b, c, d] = part_sizes(faces);
    let parts = [part_nodes(a), part_nodes(b), part_nodes(c), part_nodes(d)];
    let [a, b, c, d] = parts;
    1usize
        .saturating_add(a)
        .saturating_add(b)
        .saturating_add(c)
        .saturating_add(d)
}

/// The nodes a part of `faces` faces takes: none for a single face (it sits in
/// its parent's lane).
const fn part_nodes(faces: usize) -> usize {
    if faces >= 2 { subtree_nodes(faces) } else { 0 }
}

/// How a node over `faces` faces splits them, in order: one each for at most 4;
/// four at a time for at most 16; quarters above (halves of halves).
const fn part_sizes(faces: usize) -> [usize; LANES] {
    /// Up to `size` of what is left after `before`.
    const fn chunk(faces: usize, before: usize, size: usize) -> usize {
        let left = faces.saturating_sub(before);
        if left < size { left } else { size }
    }
    if faces <= LANES {
        [
            chunk(faces, 0, 1),
            chunk(faces, 1, 1),
            chunk(faces, 2, 1),
            chunk(faces, 3, 1),
        ]
    } else if faces <= LANES * LANES {
        [
            chunk(faces, 0, LANES),
            chunk(faces, LANES, LANES),
            chunk(faces, 2 * LANES, LANES),
            chunk(faces, 3 * LANES, LANES),
        ]
    } else {
        let left = faces / 2;
        let right = faces.saturating_sub(left);
        [
            left / 2,
            left.saturating_sub(left / 2),
            right / 2,
            right.saturating_sub(right / 2),
        ]
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

/// How deep a traversal's stack may grow: a tree over fewer than 2^31 faces is at
/// most 16 levels deep, and a traversal keeps at most three nodes a level.
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

/// The faces' boxes while building: four to a node, face `i` in lane `i % 4` of
/// node `i / 4`.
struct Boxes<'n> {
    nodes: &'n mut [Node],
}

impl Boxes<'_> {
    fn get(&self, i: usize) -> Entry {
        self.nodes
            .get(i / LANES)
            .map_or(Entry::EMPTY, |n| n.get(i % LANES))
    }

    fn set(&mut self, i: usize, entry: Entry) {
        if let Some(n) = self.nodes.get_mut(i / LANES) {
            n.set(i % LANES, entry);
        }
    }

    fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (self.get(i), self.get(j));
        self.set(i, b);
        self.set(j, a);
    }

    /// Twice the centre of box `i` along `axis`, read from its lane alone.
    #[inline]
    fn key(&self, i: usize, axis: usize) -> f32 {
        let lane = i % LANES;
        self.nodes
            .get(i / LANES)
            .and_then(|n| {
                let lo = n.min.get(axis)?.get(lane)?;
                let hi = n.max.get(axis)?.get(lane)?;
                Some(lo + hi)
            })
            .unwrap_or(f32::NAN)
    }

    /// The union of the boxes `from..to`.
    fn union(&self, from: usize, to: usize) -> Entry {
        let mut all = Entry::EMPTY;
        for i in from..to {
            let e = self.get(i);
            all.include(e.min, e.max);
        }
        all
    }

    /// The axis along which the centres of boxes `from..to` spread most.
    fn longest_axis(&self, from: usize, to: usize) -> usize {
        let mut lo = [f32::INFINITY; 3];
        let mut hi = [f32::NEG_INFINITY; 3];
        for i in from..to {
            let e = self.get(i);
            for (axis, (l, h)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
                let c = e.centre2(axis);
                if c < *l {
                    *l = c;
                }
                if c > *h {
                    *h = c;
                }
            }
        }
        let spread = |axis: usize| match (lo.get(axis), hi.get(axis)) {
            (Some(l), Some(h)) if h >= l => h - l,
            _ => 0.0,
        };
        (1..3).fold(0, |best, a| if spread(a) > spread(best) { a } else { best })
    }

    /// Sorts boxes `from..to` (at most 16 of them: a longer run is left as it is)
    /// by centre along `axis`: an insertion sort of copies on the stack, written
    /// back once.
    fn sort(&mut self, from: usize, to: usize, axis: usize) {
        const RUN: usize = LANES * LANES;
        let count = to.saturating_sub(from);
        if count > RUN {
            return;
        }
        let mut run = [(0.0f32, Entry::EMPTY); RUN];
        for (k, slot) in run.iter_mut().take(count).enumerate() {
            let entry = self.get(from.saturating_add(k));
            *slot = (entry.centre2(axis), entry);
        }
        let run = run.get_mut(..count).unwrap_or(&mut []);
        for i in 1..run.len() {
            let mut j = i;
            while j > 0 {
                match (run.get(j.saturating_sub(1)), run.get(j)) {
                    (Some(a), Some(b)) if a.0.total_cmp(&b.0).is_gt() => {
                        run.swap(j.saturating_sub(1), j)
                    }
                    _ => break,
                }
                j = j.saturating_sub(1);
            }
        }
        for (k, &(_, entry)) in run.iter().enumerate() {
            self.set(from.saturating_add(k), entry);
        }
    }

    /// Moves boxes `from..to` so that the one at `nth` is where a sort by centre
    /// along `axis` would put it, with none greater before it and none smaller
    /// after (quickselect, median-of-three pivots, and a heapsort when a run
    /// refuses to shrink).
    fn select(&mut self, from: usize, to: usize, nth: usize, axis: usize) {
        let (mut lo, mut hi) = (from, to);
        let bits = usize::BITS.saturating_sub(to.saturating_sub(from).leading_zeros());
        let mut budget = bits.saturating_mul(2).saturating_add(4);
        while hi.saturating_sub(lo) > 16 {
            if budget == 0 {
                self.heapsort(lo, hi, axis);
                return;
            }
            budget = budget.saturating_sub(1);
            let mid = lo.saturating_add(hi.saturating_sub(lo) / 2);
            let (a, b, c) = (
                self.key(lo, axis),
                self.key(mid, axis),
                self.key(hi.saturating_sub(1), axis),
            );
            let pivot = if a.total_cmp(&b).is_lt() {
                if b.total_cmp(&c).is_lt() {
                    b
                } else if a.total_cmp(&c).is_lt() {
                    c
                } else {
                    a
                }
            } else if a.total_cmp(&c).is_lt() {
                a
            } else if b.total_cmp(&c).is_lt() {
                c
            } else {
                b
            };
            // Hoare: the pivot's value lies in the run, so each scan stops inside
            // it; afterwards `lo..=j` holds no key above the pivot, `j + 1..hi`
            // none below.
            let (mut i, mut j) = (lo, hi.saturating_sub(1));
            let split = loop {
                while i < j && self.key(i, axis).total_cmp(&pivot).is_lt() {
                    i = i.saturating_add(1);
                }
                while j > i && self.key(j, axis).total_cmp(&pivot).is_gt() {
                    j = j.saturating_sub(1);
                }
                if i >= j {
                    break j;
                }
                self.swap(i, j);
                i = i.saturating_add(1);
                j = j.saturating_sub(1);
            };
            if nth <= split {
                hi = split.saturating_add(1);
            } else {
                lo = split.saturating_add(1);
            }
        }
        self.sort(lo, hi, axis);
    }

    /// Sorts boxes `from..to` by centre along `axis`, in O(n log n) whatever they hold.
    fn heapsort(&mut self, from: usize, to: usize, axis: usize) {
        let n = to.saturating_sub(from);
        let at = |k: usize| from.saturating_add(k);
        let sift = |boxes: &mut Self, mut root: usize, end: usize| loop {
            let mut child = root.saturating_mul(2).saturating_add(1);
            if child >= end {
                return;
            }
            if child.saturating_add(1) < end
                && boxes
                    .key(at(child), axis)
                    .total_cmp(&boxes.key(at(child.saturating_add(1)), axis))
                    .is_lt()
            {
                child = child.saturating_add(1);
            }
            if boxes
                .key(at(root), axis)
                .total_cmp(&boxes.key(at(child), axis))
                .is_lt()
            {
                boxes.swap(at(root), at(child));
                root = child;
            } else {
                return;
            }
        };
        for root in (0..n / 2).rev() {
            sift(self, root, n);
        }
        for end in (1..n).rev() {
            self.swap(at(0), at(end));
            sift(self, 0, end);
        }
    }

    /// Orders boxes `from..to` for their node's split, and returns its parts.
    fn split(&mut self, from: usize, to: usize) -> [(usize, usize); LANES] {
        let count = to.saturating_sub(from);
        if count > LANES * LANES {
            let mid = from.saturating_add(count / 2);
            let axis = self.longest_axis(from, to);
            self.select(from, to, mid, axis);
            for (lo, hi) in [(from, mid), (mid, to)] {
                let axis = self.longest_axis(lo, hi);
                self.select(lo, hi, lo.saturating_add(hi.saturating_sub(lo) / 2), axis);
            }
        } else if count > LANES {
            let axis = self.longest_axis(from, to);
            self.sort(from, to, axis);
        }
        let mut at = from;
        part_sizes(count).map(|size| {
            let part = (at, at.saturating_add(size));
            at = at.saturating_add(size);
            part
        })
    }
}

impl<'s> FaceTree<'s> {
    /// The nodes a tree over `faces` faces takes (112 bytes each): the tree's, about
    /// a third of the faces, and a quarter of the faces for their boxes while it
    /// is built.
    pub const fn nodes_for(faces: usize) -> usize {
        tree_nodes(faces).saturating_add(faces.div_ceil(LANES))
    }

    /// Builds the tree over faces `0..count` into `storage` (at least
    /// [`Self::nodes_for`]`(count)` nodes), reading face `i`'s corners from
    /// `corners(i)`; a face without corners (`None`) is never hit.
    /// O(n log n) time.
    pub fn build(
        count: usize,
        corners: impl Fn(usize) -> Option<[Vec3; 3]>,
        storage: &'s mut [Node],
    ) -> Result<Self, StorageTooSmall> {
        let needed = Self::nodes_for(count);
        let available = storage.len();
        let too_small = StorageTooSmall { needed, available };
        // Faces are numbered below `FACE` in the nodes.
        if count >= slot(FACE) {
            return Err(too_small);
        }
        let nodes = storage.get_mut(..needed).ok_or(too_small)?;
        let (tree, scratch) = nodes.split_at_mut(tree_nodes(count));
        let mut boxes = Boxes { nodes: scratch };
        let mut magnitude = 0.0f32;
        for node in boxes.nodes.iter_mut() {
            *node = Node::EMPTY;
        }
        for i in 0..count {
            let entry = Entry::face(number(i), corners(i));
            magnitude = magnitude.max(self::magnitude(&[entry.min, entry.max]));
            boxes.set(i, entry);
        }
        if let Some(root) = tree.first_mut() {
            *root = Node::range(0, count);
        }
        // Breadth first: each node's children get the next free slots, after it.
        let mut free = 1usize;
        for at in 0..tree.len() {
            let Some(&Node {
                child: [from, to, ..],
                ..
            }) = tree.get(at)
            else {
                break;
            };
            let parts = boxes.split(slot(from), slot(to));
            let mut node = Node::EMPTY;
            for (lane, (lo, hi)) in parts.into_iter().enumerate() {
                match hi.saturating_sub(lo) {
                    0 => {}
                    1 => node.set(lane, boxes.get(lo)),
                    _ => {
                        let mut entry = boxes.union(lo, hi);
                        entry.child = number(free);
                        // Never missing: `tree_nodes` counts the same splits.
                        if let Some(child) = wire::validated(tree.get_mut(free)) {
                            *child = Node::range(lo, hi);
                        }
                        free = free.saturating_add(1);
                        node.set(lane, entry);
                    }
                }
            }
            if let Some(n) = tree.get_mut(at) {
                *n = node;
            }
        }
        Ok(Self {
            nodes: tree,
            magnitude,
        })
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
        let cull = Cull::new(SegmentCull::new(start, dir, grow));
        let mut limit = 1.0f32;
        let mut stack: heapless::Vec<(u32, f32), STACK> = heapless::Vec::new();
        let mut next = Some(0usize);
        loop {
            if let Some(node) = next.take().and_then(|at| self.nodes.get(at)) {
                let enter = cull.enter(node);
                // The lanes entered no later than the limit, nearest first.
                let mut found = [(0.0f32, NONE); LANES];
                let mut n = 0usize;
                for (t, child) in enter.into_iter().zip(node.child) {
                    if t <= limit && child != NONE {
                        // Insertion into the sorted lanes so far.
                        let mut k = n;
                        while let Some(&prev) = k.checked_sub(1).and_then(|p| found.get(p)) {
                            if prev.0 <= t {
                                break;
                            }
                            if let Some(f) = found.get_mut(k) {
                                *f = prev;
                            }
                            k = k.saturating_sub(1);
                        }
                        if let Some(f) = found.get_mut(k) {
                            *f = (t, child);
                        }
                        n = n.saturating_add(1);
                    }
                }
                let found = found.get(..n).unwrap_or(&[]);
                for &(t, child) in found {
                    if child & FACE != 0 && t <= limit {
                        limit = visit(slot(child & !FACE));
                    }
                }
                // Nodes farthest first, so that the nearest is on top.
                for &(t, child) in found.iter().rev() {
                    if child & FACE == 0 && t <= limit {
                        // Never full: at most three a level, at most 16 levels.
                        let _ = wire::validated(stack.push((child, t)).ok());
                    }
                }
            }
            // The nearest node still on the stack and entered no later than the limit.
            loop {
                let Some((child, t)) = stack.pop() else {
                    return;
                };
                if t <= limit {
                    next = Some(slot(child));
                    break;
                }
            }
        }
    }

    /// Visits every face whose box the ball may touch, in the tree's order. A ball
    /// with a non-finite coordinate or a negative radius visits nothing.
    pub fn ball(&self, center: Vec3, radius: f32, mut visit: impl FnMut(usize)) {
        if !(finite(center) && radius >= 0.0 && radius.is_finite()) || self.nodes.is_empty() {
            return;
        }
        let grow = margin(self.magnitude, magnitude(&[center]) + radius);
        let [cx, cy, cz] = center;
        let r2 = radius * radius;
        let mut stack: heapless::Vec<u32, STACK> = heapless::Vec::new();
        let mut next = Some(0usize);
        loop {
            if let Some(node) = next.take().and_then(|at| self.nodes.get(at)) {
                // Squared distance from the centre to each lane's grown box; the
                // margin covers its rounding.
                let gap = |c: f32, lo: Lanes, hi: Lanes| {
                    zip4(lo, hi, |l, h| {
                        let (l, h) = (l - grow, h + grow);
                        let g = if c < l {
                            l - c
                        } else if c > h {
                            c - h
                        } else {
                            0.0
                        };
                        g * g
                    })
                };
                let [min_x, min_y, min_z] = node.min;
                let [max_x, max_y, max_z] = node.max;
                let d2 = zip4(
                    zip4(gap(cx, min_x, max_x), gap(cy, min_y, max_y), |a, b| a + b),
                    gap(cz, min_z, max_z),
                    |a, b| a + b,
                );
                for (d2, child) in d2.into_iter().zip(node.child) {
                    if d2 <= r2 && child != NONE {
                        if child & FACE != 0 {
                            visit(slot(child & !FACE));
                        } else {
                            // Never full: at most three a level, at most 16 levels.
                            let _ = wire::validated(stack.push(child).ok());
                        }
                    }
                }
            }
            let Some(child) = stack.pop() else {
                return;
            };
            next = Some(slot(child));
        }
    }
}

/// `f` lane by lane.
#[inline(always)]
fn zip4(a: Lanes, b: Lanes, f: impl Fn(f32, f32) -> f32) -> Lanes {
    let [a0, a1, a2, a3] = a;
    let [b0, b1, b2, b3] = b;
    [f(a0, b0), f(a1, b1), f(a2, b2), f(a3, b3)]
}

/// A segment's slab test on a node's four boxes at once.
struct Cull {
    segment: SegmentCull,
    /// Whether the segment moves along every axis (else the checked test, lane by
    /// lane).
    moving: bool,
}

impl Cull {
    fn new(segment: SegmentCull) -> Self {
        Self {
            moving: segment.moving(),
            segment,
        }
    }

    /// Where the segment may enter each lane's box: a `t` in `[0, 1]`, or +∞ when
    /// it misses (an unused lane's empty box may be entered: its child says so).
    #[inline(always)]
    fn enter(&self, node: &Node) -> Lanes {
        if !self.moving {
            let [a, b, c, d] = [0, 1, 2, 3].map(|lane| {
                let e = node.get(lane);
                self.segment.enter(e.min, e.max).unwrap_or(f32::INFINITY)
            });
            return [a, b, c, d];
        }
        let (low, high, inv) = self.segment.parts();
        let near = |a: f32, b: f32| if a < b { a } else { b };
        let far = |a: f32, b: f32| if a < b { b } else { a };
        let mut enter = [0.0f32; LANES];
        let mut exit = [1.0f32; LANES];
        for (((lo, hi), (from_lo, from_hi)), inv) in node
            .min
            .into_iter()
            .zip(node.max)
            .zip(low.into_iter().zip(high))
            .zip(inv)
        {
            let t1 = zip4(lo, lo, |l, _| (l - from_lo) * inv);
            let t2 = zip4(hi, hi, |h, _| (h - from_hi) * inv);
            enter = zip4(enter, zip4(t1, t2, near), far);
            exit = zip4(exit, zip4(t1, t2, far), near);
        }
        zip4(enter, exit, |e, x| if e <= x { e } else { f32::INFINITY })
    }
}
