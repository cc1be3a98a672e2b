//! Stage `collect` (after `types`): [`Nearest`], which keeps the nearest hit, and
//! [`Contacts`], which fills a caller's slice and counts past its end.

use core::cmp::Ordering;

use super::types::{Contact, Hit};

/// Keeps the nearest hit offered: the smallest `t`, ties to the lower
/// [`Primitive`](super::Primitive) kind, then the lower index. A hit whose `t` is NaN
/// or outside `[0, 1]` is never kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Nearest<M> {
    best: Option<Hit<M>>,
}

impl<M> Default for Nearest<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M> Nearest<M> {
    /// Nothing kept yet.
    pub const fn new() -> Self {
        Self { best: None }
    }

    /// Keeps `hit` if it is nearer than the hit kept so far; returns whether it did.
    pub fn offer(&mut self, hit: Hit<M>) -> bool {
        if !(0.0..=1.0).contains(&hit.t) {
            return false;
        }
        let nearer = match &self.best {
            None => true,
            Some(best) => {
                let order = hit
                    .t
                    .partial_cmp(&best.t)
                    .unwrap_or(Ordering::Greater)
                    .then(hit.primitive.cmp(&best.primitive))
                    .then(hit.index.cmp(&best.index));
                order == Ordering::Less
            }
        };
        if nearer {
            self.best = Some(hit);
        }
        nearer
    }

    /// The `t` a new hit must not exceed to be kept: the kept hit's, or 1.
    pub fn limit(&self) -> f32 {
        self.best.as_ref().map_or(1.0, |hit| hit.t)
    }

    /// The hit kept so far.
    pub const fn get(&self) -> Option<&Hit<M>> {
        self.best.as_ref()
    }

    /// The nearest hit offered.
    pub fn into_hit(self) -> Option<Hit<M>> {
        self.best
    }
}

/// A caller's slice of contacts, filled in order; counts every contact pushed, even
/// past the slice's end.
#[derive(Debug)]
pub struct Contacts<'o, M> {
    out: &'o mut [Contact<M>],
    found: usize,
}

impl<'o, M> Contacts<'o, M> {
    /// Fills `out` from its start.
    pub fn new(out: &'o mut [Contact<M>]) -> Self {
        Self { out, found: 0 }
    }

    /// Stores `contact` if it fits, and counts it.
    pub fn push(&mut self, contact: Contact<M>) {
        if let Some(slot) = self.out.get_mut(self.found) {
            *slot = contact;
        }
        self.found = self.found.saturating_add(1);
    }

    /// Stores `contact`, found out of table order, among the slice's contacts from
    /// `from` on (all of one primitive kind), and counts it: at the slice's end
    /// while it has room; once it is full, in place of the stored one with the
    /// highest index, if `contact`'s is lower. [`Self::sort_from`] then puts them
    /// in table order: the slice holds the ones a table-order walk would have
    /// stored.
    pub(crate) fn push_unordered(&mut self, from: usize, contact: Contact<M>) {
        if let Some(slot) = self.out.get_mut(self.found) {
            *slot = contact;
        } else if let Some(tail) = self.out.get_mut(from..) {
            let highest = tail.iter_mut().max_by_key(|c| c.index);
            if let Some(highest) = highest.filter(|c| c.index > contact.index) {
                *highest = contact;
            }
        }
        self.found = self.found.saturating_add(1);
    }

    /// Sorts the stored contacts from `from` on by index (see
    /// [`Self::push_unordered`]).
    pub(crate) fn sort_from(&mut self, from: usize) {
        let stored = self.found.min(self.out.len());
        if let Some(tail) = self.out.get_mut(from..stored) {
            tail.sort_unstable_by_key(|c| c.index);
        }
    }

    /// Contacts pushed so far, stored or not.
    pub const fn found(&self) -> usize {
        self.found
    }
}
