//! What every format shares: [`Error`], the rejection of a binary file, which holds
//! the byte offset at fault and the format's own `ErrorKind`; [`Table`], a section of
//! on-disk records that knows where in the file each record lies; [`WriteError`],
//! the refusal of a writer; and [`vec3`] / [`raw_vec3`], between the little-endian
//! vectors the files store and native floats.
//!
//! Each format names its own instances (`gta::Error` is `wire::Error<gta::ErrorKind>`,
//! and so on), so code that reports errors or walks records works the same across
//! formats. TCOL is text: its errors hold a line and column instead
//! ([`grit::tcol::Position`](crate::grit::tcol::Position)).
//!
//! ```
//! use zerocol::battleforge::{Drs, Options};
//! use zerocol::wire;
//!
//! # let bytes: &[u8] = include_bytes!("../samples/collision.drs");
//! let drs = Drs::parse(bytes, Options::STRICT)?;
//! let (_, shapes) = drs.collision_shape().expect("the sample has a collision shape");
//! // A table of records in place, with each record's byte offset in the file.
//! let spheres: wire::Table<_> = shapes.spheres();
//! for (i, sphere) in spheres.iter().enumerate() {
//!     let at = spheres.offset_of(i).expect("i is in range");
//!     assert!(at >= spheres.start() && at < spheres.end());
//!     let _center: [f32; 3] = wire::vec3(&sphere.center);
//! }
//!
//! // A rejection says where: the offset, then what was expected there.
//! let err = Drs::parse(&bytes[..10], Options::STRICT).unwrap_err();
//! assert!(err.offset() <= 10);
//! println!("byte {}: {}", err.offset(), err.kind());
//! # Ok::<(), wire::Error<zerocol::battleforge::ErrorKind>>(())
//! ```

// For the developers: a format module describes its records with `on_disk!`, reads
// them through a `Cursor` that checks each bound once with overflow-proof arithmetic,
// keeps what it validated as `Table`s, and reports a failure as an `Error`. Accessors
// that re-read bytes the parser already validated go through `validated`, the one
// place where "cannot happen after validation" is written down: tests and fuzzers run
// with debug assertions, so a disagreement between a parser and its accessors fails
// loudly there, while a release build still returns a harmless empty value and never
// panics.

use core::fmt;

use zerocopy::byteorder::little_endian::{F32, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// A record type that can be read in place from any byte position.
pub trait Record: FromBytes + KnownLayout + Immutable + Unaligned {}

impl<T: FromBytes + KnownLayout + Immutable + Unaligned> Record for T {}

/// Declares an on-disk record: `#[repr(C)]`, the zerocopy derives that let it be
/// read in place at any address, and a compile-time check of its size against the
/// format's documentation.
macro_rules! on_disk {
    ($(#[$meta:meta])* pub struct $name:ident { $($body:tt)* } = $size:expr;) => {
        $(#[$meta])*
        #[repr(C)]
        #[derive(
            zerocopy::FromBytes,
            zerocopy::IntoBytes,
            zerocopy::KnownLayout,
            zerocopy::Immutable,
            zerocopy::Unaligned,
            Clone,
            Copy,
            Debug,
            PartialEq,
        )]
        pub struct $name { $($body)* }
        const _: () = assert!(core::mem::size_of::<$name>() == $size);
    };
}
pub(crate) use on_disk;

/// Three little-endian floats, `x, y, z`, as every format stores them.
pub type RawVec3 = [F32; 3];

/// Reads a [`RawVec3`] into native floats.
///
/// Not inlined on bare-metal targets: every record type reads vectors, and on the
/// Cortex-M0 each inlined copy is 12 byte loads (a tenth of the GTA reader's code).
#[cfg_attr(target_os = "none", inline(never))]
#[cfg_attr(not(target_os = "none"), inline)]
pub fn vec3(v: &RawVec3) -> [f32; 3] {
    let [x, y, z] = v;
    [x.get(), y.get(), z.get()]
}

/// Stores native floats as a [`RawVec3`].
#[inline]
pub fn raw_vec3(v: [f32; 3]) -> RawVec3 {
    v.map(F32::new)
}

/// A malformed buffer: the byte offset of the field at fault and what was expected
/// there (`K`, the format's `ErrorKind`).
///
/// Offsets are absolute positions in the buffer that was parsed, so they can be
/// looked up directly in a hex editor. Every binary format's `Error` is this type
/// (`gta::Error` is `Error<gta::ErrorKind>`, and so on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Error<K> {
    offset: usize,
    kind: K,
}

impl<K: Copy> Error<K> {
    pub(crate) const fn new(offset: usize, kind: K) -> Self {
        Self { offset, kind }
    }

    /// Byte offset of the offending field in the buffer.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// What was wrong.
    pub const fn kind(&self) -> K {
        self.kind
    }
}

impl<K: fmt::Display> fmt::Display for Error<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte {} (0x{:x}): {}",
            self.offset, self.offset, self.kind
        )
    }
}

impl<K: fmt::Display + fmt::Debug> core::error::Error for Error<K> {}

/// Writes a FourCC or magic as text when printable, as hex otherwise.
pub(crate) fn write_magic(f: &mut impl fmt::Write, magic: &[u8]) -> fmt::Result {
    if magic.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
        f.write_char('"')?;
        for &b in magic {
            f.write_char(char::from(b))?;
        }
        f.write_char('"')
    } else {
        f.write_str("bytes")?;
        for b in magic {
            write!(f, " {b:02x}")?;
        }
        Ok(())
    }
}

/// Writes the message of a `Truncated { needed, available }` error about a fixed
/// header named `header` ("header", "DRS header").
pub(crate) fn write_truncated(
    f: &mut impl fmt::Write,
    header: &str,
    needed: usize,
    available: usize,
) -> fmt::Result {
    write!(
        f,
        "expected a {needed}-byte {header}, found only {available} bytes"
    )
}

/// A read that validation already proved in bounds, passed through.
///
/// `None` here means a parser and its accessors disagree: a bug in this crate, never
/// in the file. Debug builds (tests, fuzzers) stop on it; release builds hand the
/// `None` on, and the caller turns it into an empty slice or table, or ends its
/// walk, so a user still never sees a panic. Every accessor branch that "cannot
/// happen after validation" comes through here.
#[inline]
#[track_caller]
pub(crate) fn validated<T>(value: Option<T>) -> Option<T> {
    debug_assert!(
        value.is_some(),
        "zerocol: an accessor re-read bytes its parser did not validate"
    );
    value
}

/// The end of `count` records of `stride` bytes starting at `start`, saturated at
/// `u64::MAX`: exact for any real buffer, and never overflowing for hostile counts.
/// Errors report it so a user sees how far past the buffer a count reaches. `start`
/// is a `u64` because some formats compute it from a record offset plus a stored
/// 32-bit offset, which may exceed `usize` on 16- and 32-bit targets.
#[inline]
pub(crate) fn span_end(start: u64, count: u64, stride: usize) -> u64 {
    start.saturating_add(count.saturating_mul(wide(stride)))
}

/// `usize` to `u64`: lossless on every target this crate supports (16- to 64-bit).
#[inline]
pub(crate) fn wide(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// `count` records of `T` at `bytes[at..]`, or `None` where they do not all fit.
#[inline]
pub(crate) fn records_at<T: Record>(bytes: &[u8], at: usize, count: usize) -> Option<&[T]> {
    let (records, _) = <[T]>::ref_from_prefix_with_elems(bytes.get(at..)?, count).ok()?;
    Some(records)
}

/// Checks the magic at the start of `bytes`. A buffer shorter than the magic passes
/// when what it has matches (the format then reports it as truncated); `Err` holds
/// the bytes found, zero-filled past the end of the buffer.
pub(crate) fn check_magic<const N: usize>(bytes: &[u8], expected: &[u8; N]) -> Result<(), [u8; N]> {
    let head = bytes.get(..N).unwrap_or(bytes);
    if expected.starts_with(head) {
        return Ok(());
    }
    let mut found = [0; N];
    for (slot, byte) in found.iter_mut().zip(head) {
        *slot = *byte;
    }
    Err(found)
}

/// A bounds-checked reader over a buffer: a position that only moves forward over
/// bytes that exist. Every read returns `None` instead of going past the end, and
/// leaves the position unchanged when it does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at byte `pos` of `bytes` (which may be past the end: every read then
    /// fails).
    pub(crate) const fn at(bytes: &'a [u8], pos: usize) -> Self {
        Self { bytes, pos }
    }

    /// The byte offset of the next read.
    pub(crate) const fn pos(&self) -> usize {
        self.pos
    }

    /// One record of `T`, advancing past it.
    pub(crate) fn read<T: Record>(&mut self) -> Option<&'a T> {
        let (record, _) = T::ref_from_prefix(self.bytes.get(self.pos..)?).ok()?;
        self.pos = self.pos.checked_add(size_of::<T>())?;
        Some(record)
    }

    /// A little-endian `u32`, advancing past it.
    pub(crate) fn u32(&mut self) -> Option<u32> {
        self.read::<U32>().map(|v| v.get())
    }

    /// `count` records of `T`, advancing past them.
    pub(crate) fn table<T: Record>(&mut self, count: usize) -> Option<Table<'a, T>> {
        let records = records_at::<T>(self.bytes, self.pos, count)?;
        let table = Table::new(self.pos, records);
        self.pos = self.pos.checked_add(size_of_val(records))?;
        Some(table)
    }
}

/// A zero-copy table of on-disk records that knows where it lies in the file.
///
/// Every format hands out its sections as tables: `len`, `get`, iteration and the
/// raw slice work the same everywhere, and [`offset_of`](Self::offset_of) gives the
/// byte offset of a record for messages and hex editors.
#[derive(Debug, PartialEq)]
pub struct Table<'a, T> {
    start: usize,
    records: &'a [T],
}

impl<T> Clone for Table<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Table<'_, T> {}

impl<T> Default for Table<'_, T> {
    fn default() -> Self {
        Self::empty(0)
    }
}

impl<'a, T> Table<'a, T> {
    /// Records that start at byte `start` of the file.
    pub(crate) const fn new(start: usize, records: &'a [T]) -> Self {
        Self { start, records }
    }

    /// No records, placed at `start`.
    pub(crate) const fn empty(start: usize) -> Self {
        Self {
            start,
            records: &[],
        }
    }

    /// The number of records.
    pub const fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether there are none.
    pub const fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Record `i`, or `None` past the end.
    pub fn get(&self, i: usize) -> Option<&'a T> {
        self.records.get(i)
    }

    /// The records as they lie in the buffer.
    pub const fn as_slice(&self) -> &'a [T] {
        self.records
    }

    /// The records in file order.
    pub fn iter(&self) -> core::slice::Iter<'a, T> {
        self.records.iter()
    }

    /// Byte offset of the first record in the buffer (where the table would be
    /// when empty).
    pub const fn start(&self) -> usize {
        self.start
    }

    /// Byte offset just past the last record.
    pub fn end(&self) -> usize {
        self.start.saturating_add(size_of_val(self.records))
    }

    /// Byte offset where record `i` is or would be (`i == len` gives the end), for
    /// error positions; `usize::MAX` where that overflows.
    pub(crate) fn at(&self, i: usize) -> usize {
        i.checked_mul(size_of::<T>())
            .and_then(|o| o.checked_add(self.start))
            .unwrap_or(usize::MAX)
    }

    /// Byte offset of record `i` in the buffer, or `None` past the end.
    pub fn offset_of(&self, i: usize) -> Option<usize> {
        if i < self.records.len() {
            i.checked_mul(size_of::<T>())?.checked_add(self.start)
        } else {
            None
        }
    }
}

impl<'a, T> IntoIterator for Table<'a, T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.records.iter()
    }
}

impl<'a, T> IntoIterator for &Table<'a, T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.records.iter()
    }
}

/// Declares a binary format's `ErrorKind`: first the two ways a file fails before
/// its fixed header is read, `Truncated` and `BadMagic`, written once here for every
/// format (with their [`HeaderErrors`] impl), then the format's own variants.
///
/// ```text
/// error_kind! {
///     /// What was wrong with the bytes at [`Error::offset`].
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum ErrorKind, magic [u8; 4] {
///         /// The format's own variants.
///         NoNodes,
///     }
/// }
/// ```
macro_rules! error_kind {
    (
        $(#[$meta:meta])*
        pub enum ErrorKind, magic [u8; $n:literal] { $($variants:tt)* }
    ) => {
        $(#[$meta])*
        #[cfg_attr(feature = "defmt", derive(defmt::Format))]
        #[non_exhaustive]
        pub enum ErrorKind {
            /// The buffer ends inside a fixed header (the error's offset is where the
            /// header starts).
            Truncated {
                /// Bytes the header needs.
                needed: usize,
                /// Bytes the buffer has from the header's start.
                available: usize,
            },
            /// Where the format's magic (or a record's FourCC) belongs, the bytes are
            /// something else.
            BadMagic {
                /// The bytes found, zero-filled past the end of the buffer.
                found: [u8; $n],
            },
            $($variants)*
        }

        impl $crate::wire::HeaderErrors<$n> for ErrorKind {
            fn truncated(needed: usize, available: usize) -> Self {
                Self::Truncated { needed, available }
            }

            fn bad_magic(found: [u8; $n]) -> Self {
                Self::BadMagic { found }
            }
        }
    };
}
pub(crate) use error_kind;

/// The two ways a binary file can fail before its fixed header is read. Each
/// format's `ErrorKind` names them `Truncated { needed, available }` and
/// `BadMagic { found }`, and says how here, so that [`header`] reads them alike.
pub(crate) trait HeaderErrors<const N: usize>: Copy {
    /// The buffer is shorter than the fixed header.
    fn truncated(needed: usize, available: usize) -> Self;
    /// The buffer does not start with the magic (`found` zero-filled past its end).
    fn bad_magic(found: [u8; N]) -> Self;
}

/// Checks the magic at the start of `bytes`, then reads the fixed header `H` there.
///
/// Both errors are at offset 0. A buffer too short for the magic is reported as
/// truncated when what it has matches, as bad magic otherwise.
pub(crate) fn header<'a, H: Record, const N: usize, K: HeaderErrors<N>>(
    bytes: &'a [u8],
    magic: &[u8; N],
) -> Result<&'a H, Error<K>> {
    check_magic(bytes, magic).map_err(|found| Error::new(0, K::bad_magic(found)))?;
    Cursor::at(bytes, 0)
        .read::<H>()
        .ok_or_else(|| Error::new(0, K::truncated(size_of::<H>(), bytes.len())))
}

/// Why a writer wrote nothing: the same three cases in every format.
///
/// Every writer is a pair, `required_len(..)` and `write(.., out)`: the first says
/// how many bytes the output needs, the second fills a caller's buffer of at least
/// that many and returns how many it wrote. `K` is the format's own reasons for
/// refusing an input (`Invalid`); the other two cases are the same everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum WriteError<K> {
    /// The input holds something the format cannot store.
    Invalid(K),
    /// A count, size or offset does not fit the format's fields, or the output
    /// would be longer than `usize::MAX` bytes.
    TooLarge,
    /// The output buffer is shorter than the output.
    BufferTooSmall {
        /// Bytes `required_len` asks for.
        needed: usize,
        /// Bytes in the buffer.
        available: usize,
    },
}

impl<K> From<K> for WriteError<K> {
    fn from(kind: K) -> Self {
        Self::Invalid(kind)
    }
}

impl<K: fmt::Display> fmt::Display for WriteError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid(kind) => kind.fmt(f),
            Self::TooLarge => f.write_str(
                "a count, size or offset does not fit the format's fields (or the output \
                 would be longer than memory can address)",
            ),
            Self::BufferTooSmall { needed, available } => write!(
                f,
                "the output needs {needed} bytes, the buffer has {available}"
            ),
        }
    }
}

impl<K: fmt::Display + fmt::Debug> core::error::Error for WriteError<K> {}

/// Caller storage (an index's nodes, a lint's scratch) holds fewer entries than
/// the work needs: the one "too small" of every format's indexes and scratch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct StorageTooSmall {
    /// Entries needed (for example a [`FaceTree`](crate::query::FaceTree)'s
    /// [`nodes_for`](crate::query::FaceTree::nodes_for), a course's cell count, a
    /// TCOL mesh's [`mesh_scratch_len`](crate::grit::tcol::Tcol::mesh_scratch_len)).
    pub needed: usize,
    /// Entries given.
    pub available: usize,
}

impl fmt::Display for StorageTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected caller storage of at least {} entries, found {}",
            self.needed, self.available
        )
    }
}

impl core::error::Error for StorageTooSmall {}

/// A writer's output buffer, filled front to back.
///
/// [`Out::new`] takes the first `needed` bytes (what `required_len` said) or fails
/// with [`WriteError::BufferTooSmall`]; after that, a `put` that would not fit means
/// `required_len` and `write` disagree, a bug in this crate, which
/// [`validated`] reports in debug builds (release builds return the same error).
pub(crate) struct Out<'b> {
    rest: &'b mut [u8],
    written: usize,
    available: usize,
}

impl<'b> Out<'b> {
    /// The first `needed` bytes of `out`.
    pub(crate) fn new<K>(out: &'b mut [u8], needed: usize) -> Result<Self, WriteError<K>> {
        let available = out.len();
        Ok(Self {
            rest: output(out, needed)?,
            written: 0,
            available,
        })
    }

    /// Appends `bytes`.
    pub(crate) fn put<K>(&mut self, bytes: &[u8]) -> Result<(), WriteError<K>> {
        self.take(bytes.len())?.copy_from_slice(bytes);
        Ok(())
    }

    /// The next `len` bytes, moved past and handed back to be filled: for a section
    /// whose contents are only known once what follows it is written (GTA face
    /// groups, whose boxes depend on the faces written after them).
    pub(crate) fn take<K>(&mut self, len: usize) -> Result<&'b mut [u8], WriteError<K>> {
        let rest = core::mem::take(&mut self.rest);
        let Some((head, tail)) = validated(rest.split_at_mut_checked(len)) else {
            return Err(WriteError::BufferTooSmall {
                needed: self.written.saturating_add(len),
                available: self.available,
            });
        };
        self.rest = tail;
        self.written = self.written.saturating_add(len);
        Ok(head)
    }

    /// Bytes written so far.
    pub(crate) const fn written(&self) -> usize {
        self.written
    }
}

/// The first `needed` bytes of `out`, where a writer puts its output, or
/// [`WriteError::BufferTooSmall`].
pub(crate) fn output<K>(out: &mut [u8], needed: usize) -> Result<&mut [u8], WriteError<K>> {
    let available = out.len();
    out.get_mut(..needed)
        .ok_or(WriteError::BufferTooSmall { needed, available })
}
