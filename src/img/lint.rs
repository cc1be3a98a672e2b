//! Stage `lint`: what an archive does that the game reads but likely did not
//! mean, and what a lenient read let through ([`Directory::lints`]).
//!
//! Without scratch ([`Directory::lints`]) the checks compare every entry with
//! every other one, without allocating: their cost grows with the square of the
//! entry count (about 1 s of one core for the 16,000 entries of the largest real
//! archives). With a caller's scratch of [`Directory::lint_scratch_len`] `u32`s
//! ([`Directory::lints_with`]) they sort the entries by name and by sector
//! instead, in O(n log n), and give the same lints in the same order (only an
//! entry that overlaps another still looks for the first one it overlaps among
//! the entries before it).

use core::cmp::Ordering;
use core::fmt;

use super::Version;
use super::layout::{ENTRY_LEN, FIELD_NAME, NAME_LEN, SECTOR_U64};
use super::raw;
use super::records::{self, Entry, RawEntry};
use super::view::Directory;
use crate::wire::{self, validated};

/// Something an archive does that the game reads, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Lint {
    /// Byte offset in the directory buffer: the entry's record (its name for name
    /// lints), or the v2 count field for what concerns the directory.
    pub offset: usize,
    /// The entry, `None` for what concerns the directory.
    pub entry: Option<u32>,
    /// The archive's version, which says which games load it.
    pub version: Version,
    /// What.
    pub kind: LintKind,
}

impl Lint {
    /// Whether a lenient read let this through (see [`LintKind::is_tolerated`]).
    pub const fn is_tolerated(&self) -> bool {
        self.kind.is_tolerated()
    }
}

/// The checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LintKind {
    /// A name seen before (case-insensitively): the game logs "appears more than
    /// once" and keeps the first.
    DuplicateName {
        /// The first entry with the name.
        first: u32,
    },
    /// The entry's sectors overlap an earlier entry's.
    Overlap {
        /// The earlier entry.
        other: u32,
    },
    /// The entry's sectors overlap the v2 directory's own sectors.
    OverlapsDirectory {
        /// Sectors the directory occupies.
        directory_sectors: u64,
    },
    /// The name has no extension the game loads: the game skips the entry. In a
    /// v1 archive, GTA III registers only `.dff` and `.txd` entries (it skips
    /// `.col` and `.ifp` ones too, without this lint); Vice City also loads `.col`
    /// and `.ifp`.
    UnknownExtension,
    /// The entry has no sectors.
    ZeroSize,
    /// Sectors no entry (nor the directory) uses, after the entry (or after the
    /// directory, where [`Lint::entry`] is `None`).
    UnusedSectors {
        /// The first unused sector.
        first: u64,
        /// How many.
        count: u64,
    },
    /// Tolerated: a name without NUL in its 24 bytes, read cut at 23 bytes.
    NameNotTerminated,
    /// Tolerated: an entry whose name the game does not load and whose sectors
    /// lie past the archive's end, skipped (the leftovers of a damaged directory).
    Skipped {
        /// One sector past the entry.
        end_sector: u64,
        /// Sectors in the archive.
        archive_sectors: u64,
    },
    /// Tolerated: bytes after the last whole entry of a v1 `.dir`, ignored.
    PartialEntry {
        /// How many.
        bytes: usize,
    },
}

impl LintKind {
    /// Whether this reports what only [`Options::LENIENT`](super::Options::LENIENT)
    /// reads (what strict reading rejects).
    pub const fn is_tolerated(&self) -> bool {
        match self {
            Self::NameNotTerminated | Self::Skipped { .. } | Self::PartialEntry { .. } => true,
            Self::DuplicateName { .. }
            | Self::Overlap { .. }
            | Self::OverlapsDirectory { .. }
            | Self::UnknownExtension
            | Self::ZeroSize
            | Self::UnusedSectors { .. } => false,
        }
    }
}

impl<'a> Directory<'a> {
    /// The directory's lints, entry by entry (what concerns the directory first).
    ///
    /// Each entry is compared with every other one: quadratic in the entry
    /// count. [`Directory::lints_with`] gives the same lints in O(n log n).
    pub fn lints(&self) -> Lints<'a> {
        Lints {
            directory: *self,
            next: None,
            queue: arrayvec::ArrayVec::new(),
            limit: self.limit_sectors(),
            skip: self.options.skip_unloaded_past_end,
            index: None,
        }
    }

    /// The scratch [`Directory::lints_with`] needs: 4 `u32`s per declared entry
    /// (`usize::MAX` if that does not fit).
    pub fn lint_scratch_len(&self) -> usize {
        usize::try_from(self.count)
            .ok()
            .and_then(|n| n.checked_mul(SCRATCH_PER_ENTRY))
            .unwrap_or(usize::MAX)
    }

    /// The same lints as [`Directory::lints`], in the same order, found by
    /// sorting the entries in `scratch` (at least
    /// [`Directory::lint_scratch_len`] long) instead of comparing every pair.
    /// A shorter scratch falls back to [`Directory::lints`].
    ///
    /// ```
    /// use zerocol::img::{Archive, Options};
    /// # let bytes = {
    /// #     let mut b = [0u8; 2048 * 2];
    /// #     b[..4].copy_from_slice(b"VER2");
    /// #     b[4] = 1;
    /// #     b[8] = 1; // sector 1
    /// #     b[12] = 1; // 1 sector
    /// #     b[16..23].copy_from_slice(b"a.col\0\0");
    /// #     b
    /// # };
    /// let archive = Archive::parse(&bytes, Options::STRICT)?;
    /// let directory = archive.directory();
    /// let mut scratch = vec![0u32; directory.lint_scratch_len()];
    /// assert!(directory.lints_with(&mut scratch).eq(directory.lints()));
    /// # Ok::<(), zerocol::img::Error>(())
    /// ```
    pub fn lints_with<'s>(&self, scratch: &'s mut [u32]) -> Lints<'s>
    where
        'a: 's,
    {
        let mut lints = Lints {
            directory: *self,
            next: None,
            queue: arrayvec::ArrayVec::new(),
            limit: self.limit_sectors(),
            skip: self.options.skip_unloaded_past_end,
            index: None,
        };
        lints.index = Index::build(&lints, scratch);
        lints
    }

    /// The lints that report what a lenient read let through.
    pub fn tolerated(&self) -> impl Iterator<Item = Lint> + use<'a> {
        self.lints().filter(Lint::is_tolerated)
    }

    /// Sectors the v2 directory occupies (0 for v1, whose directory is its own file).
    pub fn directory_sectors(&self) -> u64 {
        match self.version {
            Version::V1 => 0,
            Version::V2 => wire::wide(self.len()).div_ceil(SECTOR_U64),
        }
    }

    /// The raw directory, for the quadratic checks.
    fn spans(&self) -> Spans<'a> {
        let count = usize::try_from(self.count).unwrap_or(0);
        match self.version {
            Version::V1 => Spans::V1(
                validated(wire::records_at(self.bytes, self.start, count)).unwrap_or_default(),
            ),
            Version::V2 => Spans::V2(
                validated(wire::records_at(self.bytes, self.start, count)).unwrap_or_default(),
            ),
        }
    }
}

#[derive(Clone, Copy)]
enum Spans<'a> {
    V1(&'a [raw::EntryV1]),
    V2(&'a [raw::EntryV2]),
}

/// One entry as the quadratic checks see it.
#[derive(Clone, Copy)]
struct Span<'a> {
    start: u64,
    end: u64,
    name: &'a [u8; NAME_LEN],
}

impl<'a> Spans<'a> {
    fn get(self, i: usize) -> Option<Span<'a>> {
        fn span<R: RawEntry>(r: &R) -> Span<'_> {
            let start = u64::from(r.sector());
            Span {
                start,
                end: start.saturating_add(u64::from(r.sectors())),
                name: r.name_field(),
            }
        }
        match self {
            Self::V1(t) => t.get(i).map(span),
            Self::V2(t) => t.get(i).map(span),
        }
    }
}

/// The names of two fields, equal case-insensitively up to their NULs.
fn same_name(a: &[u8; NAME_LEN], b: &[u8; NAME_LEN]) -> bool {
    // The first byte rejects almost every pair.
    if !a
        .first()
        .zip(b.first())
        .is_some_and(|(x, y)| x.eq_ignore_ascii_case(y))
    {
        return false;
    }
    records::name_bytes(a)
        .0
        .eq_ignore_ascii_case(records::name_bytes(b).0)
}

/// The names of two fields in case-insensitive order, up to their NULs (equal
/// exactly when [`same_name`]).
fn name_order(a: &[u8; NAME_LEN], b: &[u8; NAME_LEN]) -> Ordering {
    let (a, b) = (records::name_bytes(a).0, records::name_bytes(b).0);
    a.iter()
        .map(u8::to_ascii_lowercase)
        .cmp(b.iter().map(u8::to_ascii_lowercase))
}

/// `u32`s of scratch per entry: the four orders of [`Index`].
const SCRATCH_PER_ENTRY: usize = 4;

/// The counted entries sorted in the caller's scratch, for [`Directory::lints_with`].
#[derive(Clone, Copy, Debug)]
struct Index<'a> {
    spans: Spans<'a>,
    /// Every counted entry, by (case-insensitive name, index).
    by_name: &'a [u32],
    /// The counted entries with sectors, by (first sector, index).
    by_start: &'a [u32],
    /// `reach[p]`: of `by_start[..=p]`, an entry that ends last.
    reach: &'a [u32],
    /// The counted entries with sectors, by (end sector, index).
    by_end: &'a [u32],
}

impl fmt::Debug for Spans<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Spans")
    }
}

impl<'a> Index<'a> {
    fn build(lints: &Lints<'a>, scratch: &'a mut [u32]) -> Option<Self> {
        let spans = lints.directory.spans();
        let n = usize::try_from(lints.directory.count).ok()?;
        let need = n.checked_mul(SCRATCH_PER_ENTRY)?;
        let scratch = scratch.get_mut(..need)?;
        let (by_name, rest) = scratch.split_at_mut_checked(n)?;
        let (by_start, rest) = rest.split_at_mut_checked(n)?;
        let (reach, by_end) = rest.split_at_mut_checked(n)?;
        let (mut named, mut spanned) = (0usize, 0usize);
        lints.each_counted(spans, |j, o| {
            if let Some(slot) = by_name.get_mut(named) {
                *slot = j;
                named = named.saturating_add(1);
            }
            if let Some(slot) = by_start.get_mut(spanned).filter(|_| o.end > o.start) {
                *slot = j;
                spanned = spanned.saturating_add(1);
            }
        });
        let span = |j: u32| spans.get(usize::try_from(j).unwrap_or(usize::MAX));
        let by_name = by_name.get_mut(..named)?;
        by_name.sort_unstable_by(|&a, &b| match (span(a), span(b)) {
            (Some(x), Some(y)) => name_order(x.name, y.name).then(a.cmp(&b)),
            _ => a.cmp(&b),
        });
        let by_start = by_start.get_mut(..spanned)?;
        by_start.sort_unstable_by_key(|&j| (span(j).map_or(0, |o| o.start), j));
        let by_end = by_end.get_mut(..spanned)?;
        by_end.copy_from_slice(by_start);
        by_end.sort_unstable_by_key(|&j| (span(j).map_or(0, |o| o.end), j));
        let reach = reach.get_mut(..spanned)?;
        let mut last: Option<(u32, u64)> = None;
        for (slot, &j) in reach.iter_mut().zip(by_start.iter()) {
            let end = span(j).map_or(0, |o| o.end);
            if last.is_none_or(|(_, e)| end > e) {
                last = Some((j, end));
            }
            *slot = last.map_or(j, |(k, _)| k);
        }
        Some(Self {
            spans,
            by_name,
            by_start,
            reach,
            by_end,
        })
    }

    fn span(&self, j: u32) -> Option<Span<'a>> {
        self.spans.get(usize::try_from(j).ok()?)
    }

    fn start(&self, j: u32) -> u64 {
        self.span(j).map_or(0, |o| o.start)
    }

    fn end(&self, j: u32) -> u64 {
        self.span(j).map_or(0, |o| o.end)
    }

    /// The first counted entry named like `name`.
    fn first_named(&self, name: &[u8; NAME_LEN]) -> Option<u32> {
        let p = self.by_name.partition_point(|&j| {
            self.span(j)
                .is_some_and(|o| name_order(o.name, name) == Ordering::Less)
        });
        let j = *self.by_name.get(p)?;
        self.span(j)
            .is_some_and(|o| same_name(o.name, name))
            .then_some(j)
    }

    /// Whether sector `s` lies in a counted entry, and the first sector after
    /// `s` where a counted entry with sectors starts.
    fn around(&self, s: u64) -> (bool, Option<u64>) {
        let q = self.by_start.partition_point(|&j| self.start(j) <= s);
        let covered = q
            .checked_sub(1)
            .and_then(|p| self.reach.get(p))
            .is_some_and(|&j| self.end(j) > s);
        let next = self.by_start.get(q).map(|&j| self.start(j));
        (covered, next)
    }

    /// The first counted entry with sectors that ends at `end`.
    fn first_ending(&self, end: u64) -> Option<u32> {
        let p = self.by_end.partition_point(|&j| self.end(j) < end);
        let j = *self.by_end.get(p)?;
        (self.end(j) == end).then_some(j)
    }

    /// Whether entry `i` (`me`, counted, with sectors) overlaps another counted
    /// entry; `None` if `i` is not in the index.
    fn overlaps_any(&self, i: u32, me: &Span<'_>) -> Option<bool> {
        let p = self
            .by_start
            .partition_point(|&j| (self.start(j), j) < (me.start, i));
        if self.by_start.get(p) != Some(&i) {
            return None;
        }
        let before = p
            .checked_sub(1)
            .and_then(|q| self.reach.get(q))
            .is_some_and(|&j| self.end(j) > me.start);
        let after = p
            .checked_add(1)
            .and_then(|q| self.by_start.get(q))
            .is_some_and(|&j| self.start(j) < me.end);
        Some(before || after)
    }
}

/// Where a lint walk stands ([`Lints::position`]): for callers that cannot keep
/// the iterator (the C API keeps this in a C struct) and resume it with
/// [`Directory::lints_from`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LintPosition {
    /// Steps done: 0 before any, 1 after the directory's own lints, `k + 2` after
    /// entry `k`'s.
    pub steps: u64,
    /// Lints of the last step not yet yielded.
    pub left: u32,
}

impl<'a> Directory<'a> {
    /// The lints of [`Directory::lints`] from `position` on: the walk that
    /// [`Lints::position`] reported it at. Resuming costs one step (the lints of
    /// one entry: a pass over the other entries), not the steps before.
    pub fn lints_from(&self, position: LintPosition) -> Lints<'a> {
        let mut lints = self.lints();
        let Some(last) = position.steps.checked_sub(1) else {
            return lints;
        };
        match last.checked_sub(1) {
            None => {
                lints.directory_lints();
                lints.next = Some(0);
            }
            Some(entry) => {
                let entry = u32::try_from(entry).unwrap_or(u32::MAX).min(self.count);
                lints.next = Some(entry.saturating_add(1).min(self.count));
                if let Some(entry) = self.get(entry) {
                    lints.entry_lints(&entry);
                }
            }
        }
        let left = usize::try_from(position.left).unwrap_or(usize::MAX);
        while lints.queue.len() > left {
            lints.queue.remove(0);
        }
        lints
    }
}

/// Iterator returned by [`Directory::lints`] and [`Directory::lints_with`].
#[derive(Clone, Debug)]
pub struct Lints<'a> {
    directory: Directory<'a>,
    /// The next entry to check; `None` before the directory's own lints.
    next: Option<u32>,
    queue: arrayvec::ArrayVec<Lint, 8>,
    /// The archive's end in sectors, when known.
    limit: Option<u64>,
    /// Whether a lenient read skips entries.
    skip: bool,
    /// The sorted entries, when the caller gave scratch.
    index: Option<Index<'a>>,
}

impl Lints<'_> {
    /// Where the walk stands, to resume it with [`Directory::lints_from`].
    pub fn position(&self) -> LintPosition {
        LintPosition {
            steps: match self.next {
                None => 0,
                Some(i) => u64::from(i).saturating_add(1),
            },
            left: u32::try_from(self.queue.len()).unwrap_or(u32::MAX),
        }
    }
}

impl<'a> Lints<'a> {
    fn push(&mut self, offset: usize, entry: Option<u32>, kind: LintKind) {
        let lint = Lint {
            offset,
            entry,
            version: self.directory.version,
            kind,
        };
        // At most 8 lints per step, fewer than the queue holds.
        let _ = validated(self.queue.try_push(lint).ok());
    }

    /// Whether sector `s` lies in the directory or a counted entry.
    fn covered(&self, spans: Spans<'a>, s: u64) -> bool {
        if s < self.directory.directory_sectors() {
            return true;
        }
        self.counted(spans, None)
            .any(|(_, o)| o.start <= s && s < o.end)
    }

    /// Whether an entry is read (not skipped by a lenient read): cheap unless it
    /// lies past the archive's end.
    fn counts(&self, o: &Span<'_>) -> bool {
        !(self.skip
            && self.limit.is_some_and(|limit| o.end > limit)
            && !records::Kind::of(records::name_bytes(o.name).0)
                .is_loaded_by(self.directory.version))
    }

    /// The counted entries before `i` (all when `i` is `None`), with their indexes.
    fn counted(&self, spans: Spans<'a>, i: Option<u32>) -> impl Iterator<Item = (u32, Span<'a>)> {
        let end = i.unwrap_or(self.directory.count);
        (0..end).filter_map(move |j| {
            let o = spans.get(usize::try_from(j).ok()?)?;
            self.counts(&o).then_some((j, o))
        })
    }

    /// Calls `f` on every counted entry, in order: the hot loop of the quadratic
    /// checks, one per version so that each reads its records directly.
    #[inline]
    fn each_counted(&self, spans: Spans<'a>, mut f: impl FnMut(u32, &Span<'a>)) {
        fn run<'r, R: RawEntry>(
            lints: &Lints<'r>,
            records: &'r [R],
            f: &mut impl FnMut(u32, &Span<'r>),
        ) {
            for (j, r) in (0u32..).zip(records) {
                let start = u64::from(r.sector());
                let o = Span {
                    start,
                    end: start.saturating_add(u64::from(r.sectors())),
                    name: r.name_field(),
                };
                if lints.counts(&o) {
                    f(j, &o);
                }
            }
        }
        match spans {
            Spans::V1(t) => run(self, t, &mut f),
            Spans::V2(t) => run(self, t, &mut f),
        }
    }

    /// The unused sectors from `first` on, if `first` is unused: up to the next
    /// entry's start, or the archive's end.
    fn gap(&self, spans: Spans<'a>, first: u64) -> Option<u64> {
        let next_start = if let Some(index) = &self.index {
            let (covered, next) = index.around(first);
            if covered || first < self.directory.directory_sectors() {
                return None;
            }
            next
        } else {
            if self.covered(spans, first) {
                return None;
            }
            self.counted(spans, None)
                .filter(|(_, o)| o.start > first && o.end > o.start)
                .map(|(_, o)| o.start)
                .min()
        };
        let end = match (next_start, self.limit) {
            (Some(s), Some(limit)) => s.min(limit),
            (Some(s), None) => s,
            (None, Some(limit)) => limit,
            (None, None) => return None,
        };
        (end > first).then(|| end.saturating_sub(first))
    }

    fn directory_lints(&mut self) {
        let spans = self.directory.spans();
        if self.directory.version == Version::V1 {
            let partial = self.directory.bytes.len() % ENTRY_LEN;
            if partial != 0 {
                let at = self.directory.bytes.len().saturating_sub(partial);
                self.push(at, None, LintKind::PartialEntry { bytes: partial });
            }
        }
        let first = self.directory.directory_sectors();
        if let Some(count) = self.gap(spans, first) {
            let at = match self.directory.version {
                Version::V1 => 0,
                Version::V2 => super::layout::FIELD_COUNT,
            };
            self.push(at, None, LintKind::UnusedSectors { first, count });
        }
    }

    fn entry_lints(&mut self, entry: &Entry<'_>) {
        let directory = self.directory;
        let spans = directory.spans();
        let (i, at) = (entry.index, entry.record_offset);
        if directory.is_skipped(entry) {
            let kind = LintKind::Skipped {
                end_sector: entry.end_sector(),
                archive_sectors: directory.limit_sectors().unwrap_or(0),
            };
            self.push(at, Some(i), kind);
            return;
        }
        let Some(me) = spans.get(usize::try_from(i).unwrap_or(usize::MAX)) else {
            return;
        };
        if !records::name_bytes(me.name).1 {
            let name_at = at.saturating_add(FIELD_NAME);
            self.push(name_at, Some(i), LintKind::NameNotTerminated);
        }
        if !entry.kind.is_loaded_by(directory.version) {
            self.push(at, Some(i), LintKind::UnknownExtension);
        }
        if entry.sectors == 0 {
            self.push(at, Some(i), LintKind::ZeroSize);
        }
        let directory_sectors = directory.directory_sectors();
        let non_empty = me.end > me.start;
        // One pass over every counted entry: the earlier ones for duplicates,
        // overlaps and an unused run already reported (by an earlier entry ending
        // where this one ends), all of them for the run after this entry.
        let mut duplicate = None;
        let mut overlap = None;
        let mut reported_before = me.end == directory_sectors;
        let mut covered = me.end < directory_sectors;
        let mut next_start: Option<u64> = None;
        if let Some(index) = &self.index {
            duplicate = index.first_named(me.name).filter(|&j| j < i);
            if non_empty {
                let any = index.overlaps_any(i, &me).unwrap_or(true);
                if any {
                    overlap = self
                        .counted(spans, Some(i))
                        .find(|(_, o)| o.end > o.start && me.start < o.end && o.start < me.end)
                        .map(|(j, _)| j);
                }
                reported_before |= index.first_ending(me.end).is_some_and(|j| j < i);
                let (hit, next) = index.around(me.end);
                covered |= hit;
                next_start = next;
            }
        } else {
            self.each_counted(spans, |j, other| {
                let other_non_empty = other.end > other.start;
                if j < i {
                    if duplicate.is_none() && same_name(me.name, other.name) {
                        duplicate = Some(j);
                    }
                    if overlap.is_none()
                        && non_empty
                        && other_non_empty
                        && me.start < other.end
                        && other.start < me.end
                    {
                        overlap = Some(j);
                    }
                    reported_before |= other_non_empty && other.end == me.end;
                }
                if other_non_empty {
                    covered |= other.start <= me.end && me.end < other.end;
                    if other.start > me.end {
                        next_start = Some(next_start.map_or(other.start, |s| s.min(other.start)));
                    }
                }
            });
        }
        if let Some(first) = duplicate {
            self.push(at, Some(i), LintKind::DuplicateName { first });
        }
        if let Some(other) = overlap {
            self.push(at, Some(i), LintKind::Overlap { other });
        }
        if non_empty && me.start < directory_sectors {
            self.push(
                at,
                Some(i),
                LintKind::OverlapsDirectory { directory_sectors },
            );
        }
        // Unused sectors after this entry, up to the next entry or the archive's
        // end, reported once.
        if non_empty && !reported_before && !covered {
            let end = match (next_start, self.limit) {
                (Some(s), Some(limit)) => Some(s.min(limit)),
                (Some(s), None) => Some(s),
                (None, limit) => limit,
            };
            if let Some(end) = end.filter(|&end| end > me.end) {
                let kind = LintKind::UnusedSectors {
                    first: me.end,
                    count: end.saturating_sub(me.end),
                };
                self.push(at, Some(i), kind);
            }
        }
    }
}

impl Iterator for Lints<'_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        loop {
            if !self.queue.is_empty() {
                return Some(self.queue.remove(0));
            }
            match self.next {
                None => {
                    self.directory_lints();
                    self.next = Some(0);
                }
                Some(i) if i < self.directory.count => {
                    self.next = Some(i.saturating_add(1));
                    if let Some(entry) = self.directory.get(i) {
                        self.entry_lints(&entry);
                    }
                }
                Some(_) => return None,
            }
        }
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The games, and the verb ending that agrees with them.
        let (games, s) = match self.version {
            Version::V1 => ("GTA III and Vice City", ""),
            Version::V2 => ("San Andreas", "s"),
        };
        match self.entry {
            Some(entry) => write!(f, "entry {entry}: ")?,
            None => f.write_str("directory: ")?,
        }
        match self.kind {
            LintKind::DuplicateName { first } => write!(
                f,
                "the name of entry {first} again: {games} log{s} \"appears more than once\" and keep{s} entry {first}; rename or remove one"
            ),
            LintKind::Overlap { other } => write!(
                f,
                "its sectors overlap entry {other}'s: {games} read{s} the shared sectors as both entries, so one of them is damaged; rebuild the archive"
            ),
            LintKind::OverlapsDirectory { directory_sectors } => write!(
                f,
                "its sectors overlap the directory's first {directory_sectors} sectors: {games} read{s} the directory bytes as its data; rebuild the archive"
            ),
            LintKind::UnknownExtension => match self.version {
                Version::V1 => f.write_str(
                    "its name has no extension GTA III and Vice City load from an archive, so both skip it (GTA III registers only .dff and .txd entries, and skips .col and .ifp ones too; Vice City also loads .col and .ifp); rename it (.dff, .txd) or remove it",
                ),
                Version::V2 => write!(
                    f,
                    "its name has no extension {games} load{s}, so the game skips it; rename it (.dff, .txd, .col, …) or remove it"
                ),
            },
            LintKind::ZeroSize => write!(
                f,
                "it has no sectors: {games} load{s} an empty entry; remove it or add its data"
            ),
            LintKind::UnusedSectors { first, count } => write!(
                f,
                "{count} unused sectors from sector {first}: {games} never read{s} them; rebuild the archive to reclaim {} bytes",
                count.saturating_mul(SECTOR_U64)
            ),
            LintKind::NameNotTerminated => write!(
                f,
                "its 24-byte name has no NUL: {games} cut{s} it at 23 bytes (read so); shorten the name"
            ),
            LintKind::Skipped {
                end_sector,
                archive_sectors,
            } => write!(
                f,
                "its name has no extension the game loads and its sectors end at sector {end_sector}, past the archive's {archive_sectors}: {games} skip{s} it (leftover directory bytes), and so does this lenient read; write the archive anew without it"
            ),
            LintKind::PartialEntry { bytes } => write!(
                f,
                "{bytes} bytes after the last whole entry: {games} ignore{s} them (read so); truncate the .dir to whole 32-byte entries"
            ),
        }
    }
}
