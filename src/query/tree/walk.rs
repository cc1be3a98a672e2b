//! The tree's queries (after `build`): [`FaceTree::segment`] and [`FaceTree::ball`].

use super::{FACE, FaceTree, LANES, Lanes, NONE, Node, STACK, magnitude, slot};
use crate::query::aabb::{SegmentCull, margin};
use crate::query::vec::{Vec3, finite};

impl FaceTree<'_> {
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
        let mut stack: arrayvec::ArrayVec<(u32, f32), STACK> = arrayvec::ArrayVec::new();
        let mut next = Some(0usize);
        // Each node has one parent, so a traversal visits it at most once: the
        // budget only ends one of a tree rebuilt from altered parts.
        let mut budget = self.nodes.len();
        loop {
            if let Some(node) = next.take().and_then(|at| self.nodes.get(at)) {
                budget = match budget.checked_sub(1) {
                    Some(b) => b,
                    None => return,
                };
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
                        // Never full for a built tree (at most three a level, at most
                        // 16 levels); one rebuilt from altered parts may fill it, and
                        // then drops nodes (its answers are unspecified).
                        let _ = stack.try_push((child, t));
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
        let mut stack: arrayvec::ArrayVec<u32, STACK> = arrayvec::ArrayVec::new();
        let mut next = Some(0usize);
        // At most one visit a node, as in `segment`.
        let mut budget = self.nodes.len();
        loop {
            if let Some(node) = next.take().and_then(|at| self.nodes.get(at)) {
                budget = match budget.checked_sub(1) {
                    Some(b) => b,
                    None => return,
                };
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
                            // Never full for a built tree, as in `segment`.
                            let _ = stack.try_push(child);
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

#[cfg(test)]
mod tests {
    use super::super::{FaceTree, Node};

    /// A tree rebuilt from altered storage, every lane of the root pointing back at
    /// the root and holding everything: each query ends, after one visit a node.
    #[test]
    fn altered_storage_with_a_cycle_ends() {
        let mut nodes = [Node::EMPTY; 2];
        for node in &mut nodes {
            node.min = [[-1e9; 4]; 3];
            node.max = [[1e9; 4]; 3];
            node.child = [0, 1, 0, 1];
        }
        let tree = FaceTree::from_parts(&nodes, 1.0);
        let mut faces = 0;
        tree.segment([0.0, 0.0, 10.0], [0.0, 0.0, -20.0], |_| {
            faces += 1;
            1.0
        });
        tree.ball([0.0; 3], 5.0, |_| faces += 1);
        assert_eq!(faces, 0);
    }

    /// A tree rebuilt from altered storage that is a chain, each node holding the
    /// next four times: every visit pushes three more nodes than it pops, past the
    /// stack's room. Each query ends without a panic (debug assertions included).
    #[test]
    fn altered_storage_overflowing_the_stack_ends() {
        let mut nodes = [Node::EMPTY; 40];
        for (i, node) in nodes.iter_mut().enumerate() {
            node.min = [[-1e9; 4]; 3];
            node.max = [[1e9; 4]; 3];
            node.child = [u32::try_from(i + 1).unwrap(); 4];
        }
        let tree = FaceTree::from_parts(&nodes, 1.0);
        let mut faces = 0;
        tree.segment([0.0, 0.0, 10.0], [0.0, 0.0, -20.0], |_| {
            faces += 1;
            1.0
        });
        tree.ball([0.0; 3], 5.0, |_| faces += 1);
        assert_eq!(faces, 0);
    }
}
