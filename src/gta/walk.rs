//! Stage `walk` (after `surfaces`): walking a `.col` buffer model by model: strictly,
//! leniently, or recovering from damage.

use core::iter::FusedIterator;

use super::error::{Error, ErrorKind};
use super::header::Header;
use super::layout::declared_len;
use super::validate::{frame_at, parse_at};
use super::view::Model;
use super::{Options, Version};

/// Where the models of a buffer ended and what followed them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct End {
    /// Offset just past the last model.
    pub offset: usize,
    /// Bytes from there to the end of the buffer (sector padding in archive
    /// extracts: up to 2,047 zero bytes).
    pub trailing_bytes: usize,
    /// `true` when every trailing byte is zero. Only
    /// [`Options::stop_at_unknown_fourcc`] ends a walk on non-zero trailing bytes.
    pub trailing_is_padding: bool,
}

/// The result of [`check`]: a whole buffer read without error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Summary {
    /// Number of models.
    pub models: usize,
    /// Where they ended.
    pub end: End,
}

/// Walks the models of a `.col` buffer in file order.
///
/// Yields each model, or one error after which it stops for good; once it returns
/// `None`, [`Models::end`] says where the models ended.
pub fn models(bytes: &[u8], options: Options) -> Models<'_> {
    Models {
        walk: Walk::new(bytes, options),
    }
}

/// Validates a whole buffer: every model, then the trailing bytes.
pub fn check(bytes: &[u8], options: Options) -> Result<Summary, Error> {
    let mut walk = models(bytes, options);
    let mut count = 0usize;
    for model in walk.by_ref() {
        model?;
        count = count.saturating_add(1);
    }
    // A walk that returned no error has recorded its end.
    let end = walk.end().unwrap_or(End {
        offset: bytes.len(),
        trailing_bytes: 0,
        trailing_is_padding: true,
    });
    Ok(Summary { models: count, end })
}

/// Iterator returned by [`models`].
#[derive(Clone, Debug)]
pub struct Models<'a> {
    walk: Walk<'a>,
}

impl<'a> Models<'a> {
    /// Where the models ended: `Some` once the walk has finished without error.
    pub const fn end(&self) -> Option<End> {
        self.walk.end
    }

    /// Where the next model starts: the offset a walk resumed with [`Models::resume`]
    /// continues from. A walk that has ended stays at its end.
    pub const fn position(&self) -> usize {
        self.walk.pos
    }

    /// Resumes a walk of `bytes` at `position`, which [`Models::position`] of a walk of
    /// the same bytes and options returned: for callers that cannot keep the iterator
    /// (the C API keeps the position in a C struct). From any other position the walk
    /// still checks everything it reads; it only may not line up with the models.
    pub const fn resume(bytes: &'a [u8], position: usize, options: Options) -> Self {
        let mut walk = Walk::new(bytes, options);
        walk.pos = position;
        Self { walk }
    }
}

impl<'a> Iterator for Models<'a> {
    type Item = Result<Model<'a>, Error>;

    #[cfg_attr(not(target_os = "none"), inline)]
    fn next(&mut self) -> Option<Self::Item> {
        self.walk.step(parse_at, Model::len)
    }
}

/// Walks the model headers of a `.col` buffer in file order, checking only the
/// framing: each model's FourCC, that its size holds the version's header and
/// lies inside the buffer, and that only zero padding follows the last model (the
/// [`Options`] rules of [`models`] apply). The sections are not read: a
/// [`Header`] gives the name, model id and bounds, and [`Header::parse`] checks
/// the rest of the one model it is called on.
///
/// Its cost follows the number of models, not their bytes (only trailing
/// bytes after the last model are all read, to check they are padding): an
/// index of a library by name, or a search for one model, without validating
/// the others.
pub fn headers(bytes: &[u8], options: Options) -> Headers<'_> {
    Headers {
        walk: Walk::new(bytes, options),
    }
}

/// Iterator returned by [`headers`].
#[derive(Clone, Debug)]
pub struct Headers<'a> {
    walk: Walk<'a>,
}

impl Headers<'_> {
    /// Where the models ended: `Some` once the walk has finished without error.
    pub const fn end(&self) -> Option<End> {
        self.walk.end
    }
}

impl<'a> Iterator for Headers<'a> {
    type Item = Result<Header<'a>, Error>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.walk.step(frame_at, Header::len)
    }
}

impl FusedIterator for Headers<'_> {}

/// The walk [`Models`] and [`Headers`] share: from model to model, then the
/// trailing bytes.
#[derive(Clone, Debug)]
struct Walk<'a> {
    bytes: &'a [u8],
    options: Options,
    pos: usize,
    /// Where the models ended, once the walk has finished without error.
    end: Option<End>,
    /// Set once the walk has returned an error.
    failed: bool,
}

impl<'a> Walk<'a> {
    const fn new(bytes: &'a [u8], options: Options) -> Self {
        Self {
            bytes,
            options,
            pos: 0,
            end: None,
            failed: false,
        }
    }

    /// The next model, read by `read` (`len` says how many bytes it spans), or the
    /// error at the trailing bytes; `None` once the walk has ended.
    #[inline]
    fn step<T>(
        &mut self,
        read: impl FnOnce(&'a [u8], usize, Options) -> Result<T, Error>,
        len: impl FnOnce(&T) -> usize,
    ) -> Option<Result<T, Error>> {
        if self.end.is_some() || self.failed {
            return None;
        }
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        if rest.get(..4).and_then(Version::from_fourcc).is_some() {
            let model = read(self.bytes, self.pos, self.options);
            match &model {
                Ok(model) => self.pos = self.pos.saturating_add(len(model)),
                Err(_) => self.failed = true,
            }
            return Some(model);
        }
        let end = |trailing_is_padding| End {
            offset: self.pos,
            trailing_bytes: rest.len(),
            trailing_is_padding,
        };
        let error = match rest.iter().position(|&b| b != 0) {
            None => {
                self.end = Some(end(true));
                return None;
            }
            Some(_) if self.options.stop_at_unknown_fourcc => {
                self.end = Some(end(false));
                return None;
            }
            // Bytes that start non-zero were meant as a model; a zero byte first
            // means padding, so the first non-zero byte is the one at fault.
            Some(0) => {
                // Zero-filled past the end of the buffer.
                let byte = |i| rest.get(i).copied().unwrap_or(0);
                let found = [byte(0), byte(1), byte(2), byte(3)];
                // After a model the games stop here (a lenient walk too); a buffer
                // that starts so holds no model at all.
                let kind = if self.pos > 0 {
                    ErrorKind::UnknownFourCc { found }
                } else {
                    ErrorKind::BadMagic { found }
                };
                Error::new(self.pos, kind)
            }
            Some(i) => Error::new(
                self.pos.saturating_add(i),
                ErrorKind::NonZeroPadding {
                    found: rest.get(i).copied().unwrap_or(0),
                },
            ),
        };
        self.failed = true;
        Some(Err(error))
    }
}

impl FusedIterator for Models<'_> {}

/// Walks a damaged library: after a broken model it resynchronises on the next
/// FourCC and reports the bytes it skipped, so one bad model does not hide the
/// rest (a real corrupted library keeps 1 model under [`models`], 31 here).
///
/// A FourCC found inside damaged data is tried like any other; if it does not
/// parse, its bytes are skipped too.
///
/// Work is linear in the buffer: a failed attempt costs at most the bytes its
/// model spans, and once failed attempts have cost [`RECOVERY_BUDGET`] times the
/// buffer's length (only crafted input gets there: candidates packed inside each
/// other's bytes), the rest is reported as one skipped stretch.
pub fn recover(bytes: &[u8], options: Options) -> Recover<'_> {
    let budget = (bytes.len() as u64)
        .saturating_mul(RECOVERY_BUDGET)
        .saturating_add(RECOVERY_SLACK);
    Recover {
        inner: models(bytes, options),
        budget,
    }
}

/// How many times its length [`recover`] may re-read a buffer in failed attempts.
pub const RECOVERY_BUDGET: u64 = 16;
/// Work allowed on top of the budget, so that tiny buffers still resynchronise.
const RECOVERY_SLACK: u64 = 1 << 16;

/// What [`recover`] found at one position.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::large_enum_variant)] // a Model is slices; boxing would need `alloc`
pub enum Recovered<'a> {
    /// A model that parsed.
    Model(Model<'a>),
    /// Bytes that did not parse as a model.
    Skipped(Skipped),
}

/// A damaged stretch of a library that [`recover`] stepped over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Skipped {
    /// Where the damage starts (the position a model was expected).
    pub offset: usize,
    /// Bytes skipped, up to the next FourCC or the end of the buffer.
    pub len: usize,
    /// Why the bytes at `offset` did not parse.
    pub error: Error,
}

/// Iterator returned by [`recover`].
#[derive(Clone, Debug)]
pub struct Recover<'a> {
    inner: Models<'a>,
    /// Bytes failed attempts may still cost.
    budget: u64,
}

impl<'a> Recover<'a> {
    /// Where the models ended: `Some` once the walk has finished.
    pub const fn end(&self) -> Option<End> {
        self.inner.end()
    }

    /// Where the next model (or skipped stretch) starts: with [`Recover::budget`],
    /// what [`Recover::resume`] continues from.
    pub const fn position(&self) -> usize {
        self.inner.position()
    }

    /// Work that failed attempts may still cost, in bytes read (see [`recover`]).
    pub const fn budget(&self) -> u64 {
        self.budget
    }

    /// Resumes a recovery of `bytes` at `position` with `budget` left, which
    /// [`Recover::position`] and [`Recover::budget`] of a recovery of the same bytes
    /// and options returned: for callers that cannot keep the iterator (the C API
    /// keeps both in a C struct). Any other values still read safely, and the budget
    /// still bounds the work.
    pub const fn resume(bytes: &'a [u8], position: usize, budget: u64, options: Options) -> Self {
        Self {
            inner: Models::resume(bytes, position, options),
            budget,
        }
    }
}

impl<'a> Iterator for Recover<'a> {
    type Item = Recovered<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        let pos = self.inner.walk.pos;
        match self.inner.next()? {
            Ok(model) => Some(Recovered::Model(model)),
            Err(error) => {
                let bytes = self.inner.walk.bytes;
                let rest = bytes.get(pos..).unwrap_or_default();
                self.budget = self.budget.saturating_sub(attempt_cost(rest));
                let resume = pos.saturating_add(1);
                let next = if self.budget == 0 {
                    bytes.len()
                } else {
                    bytes
                        .get(resume..)
                        .unwrap_or_default()
                        .windows(4)
                        .position(|w| Version::from_fourcc(w).is_some())
                        .map_or(bytes.len(), |i| resume.saturating_add(i))
                };
                self.inner.walk.pos = next;
                self.inner.walk.failed = false;
                Some(Recovered::Skipped(Skipped {
                    offset: pos,
                    len: next.saturating_sub(pos),
                    error,
                }))
            }
        }
    }
}

impl FusedIterator for Recover<'_> {}

/// An upper bound of the work a failed parse at the start of `rest` did: every
/// check reads only the bytes the model spans, `size + 8` at most, and at least
/// its header.
fn attempt_cost(rest: &[u8]) -> u64 {
    let declared = match rest {
        [_, _, _, _, a, b, c, d, ..] => declared_len(u32::from_le_bytes([*a, *b, *c, *d])),
        _ => 0,
    };
    declared.min(rest.len() as u64).max(8)
}
