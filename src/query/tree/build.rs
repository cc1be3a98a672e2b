//! The tree's build (after the node types in `tree`): the split sizes, the faces'
//! boxes four to a node while building, [`FaceTree::nodes_for`] and
//! [`FaceTree::build`].

use super::{Entry, FACE, FaceTree, LANES, Node, StorageTooSmall, magnitude, number, slot};
use crate::query::vec::Vec3;
use crate::wire;

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
            // Hoare: the pivot's value lies in the run, so each scan stops inside it
            // (at an element the other scan or a swap left on its side); afterwards
            // `lo..=split` holds no key above the pivot, `split + 1..hi` none below.
            let (mut i, mut j) = (lo, hi.saturating_sub(1));
            let split = loop {
                while self.key(i, axis).total_cmp(&pivot).is_lt() {
                    i = i.saturating_add(1);
                }
                while self.key(j, axis).total_cmp(&pivot).is_gt() {
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
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::{vec, vec::Vec};

    use super::*;
    use crate::test_rng::Rng;

    /// Boxes whose centres along x are `keys`, in a scratch of nodes.
    fn boxes_of(keys: &[f32]) -> Vec<Node> {
        let mut nodes = vec![Node::EMPTY; keys.len().div_ceil(LANES)];
        let mut boxes = Boxes { nodes: &mut nodes };
        for (i, &k) in keys.iter().enumerate() {
            let face = u32::try_from(i).unwrap();
            boxes.set(i, Entry::face(face, Some([[k, 0.0, 0.0]; 3])));
        }
        nodes
    }

    fn keys_of(nodes: &mut [Node], n: usize) -> Vec<f32> {
        let boxes = Boxes { nodes };
        (0..n).map(|i| boxes.key(i, 0)).collect()
    }

    #[test]
    fn heapsort_and_select_order_by_centre() {
        let mut rng = Rng::new(0x4EA9);
        for n in [0, 1, 2, 17, 100, 1000] {
            let keys: Vec<f32> = (0..n).map(|_| rng.below(11) as f32 - 5.0).collect();
            let mut sorted = keys.iter().map(|k| k * 2.0).collect::<Vec<_>>();
            sorted.sort_by(f32::total_cmp);
            let mut nodes = boxes_of(&keys);
            Boxes { nodes: &mut nodes }.heapsort(0, n, 0);
            assert_eq!(keys_of(&mut nodes, n), sorted, "heapsort of {n}");
            if n > 0 {
                for nth in [0, n / 3, n - 1] {
                    let mut nodes = boxes_of(&keys);
                    Boxes { nodes: &mut nodes }.select(0, n, nth, 0);
                    let got = keys_of(&mut nodes, n);
                    assert_eq!(got[nth], sorted[nth], "select {nth} of {n}");
                    assert!(got[..nth].iter().all(|k| *k <= got[nth]));
                    assert!(got[nth..].iter().all(|k| *k >= got[nth]));
                }
            }
        }
    }

    #[test]
    fn every_face_stays_reachable() {
        // Each size splits as `tree_nodes` counts: no child is ever dropped.
        for n in (0..120 * crate::test_rng::scale()).chain([1023, 1024, 1025, 4097]) {
            let tris: Vec<[Vec3; 3]> = (0..n)
                .map(|i| {
                    let x = (i % 37) as f32;
                    let y = (i / 37) as f32;
                    [[x, y, 0.0], [x + 1.0, y, 0.0], [x, y + 1.0, 0.0]]
                })
                .collect();
            let mut storage = vec![Node::EMPTY; FaceTree::nodes_for(n)];
            let tree = FaceTree::build(n, |i| tris.get(i).copied(), &mut storage).unwrap();
            let mut seen = vec![0u32; n];
            tree.ball([18.0, 18.0, 0.0], 1e6, |i| seen[i] += 1);
            assert!(seen.iter().all(|&c| c == 1), "{n} faces: {seen:?}");
        }
    }
}
