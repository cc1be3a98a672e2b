//! Every `unsafe` of the C API: turning the caller's pointers and lengths into Rust
//! references, after checking them. Nothing else in the crate is `unsafe`.
//!
//! A pointer and length pair is accepted when the length is 0 (the pointer may then be
//! NULL or dangling: the empty buffer), or when the pointer is not NULL, is aligned for
//! its type, and the range it names fits the address space (`len × size ≤ isize::MAX`,
//! no wrap past the top). The caller promises the rest, as the header says: the memory
//! is readable (or writable) for the duration of the call, or of the view that borrows
//! it, and no write to it happens meanwhile.

use zerocol::query::Node;

use crate::error::zc_status;

/// A struct that is plain data: every field an integer, a float, a pointer or an array
/// of those, so that any initialised bit pattern is a valid value. Input structs must be
/// plain: C can hand over any bits, and a Rust `enum` or `bool` field would make a bad
/// value undefined behaviour instead of an error.
///
/// # Safety
/// Implement it only for `#[repr(C)]` structs whose fields are all plain.
pub(crate) unsafe trait Plain: Copy {}

/// The range `ptr .. ptr + count × size_of::<T>()` is a checked, aligned, non-null
/// range, or `count` is 0.
fn checked<T>(ptr: *const T, count: usize) -> Result<bool, zc_status> {
    if count == 0 {
        return Ok(false);
    }
    if ptr.is_null() {
        return Err(zc_status::ZC_STATUS_NULL_ARGUMENT);
    }
    let bytes = count
        .checked_mul(size_of::<T>())
        .filter(|&b| isize::try_from(b).is_ok())
        .ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)?;
    if (ptr as usize).checked_add(bytes).is_none() || !ptr.is_aligned() {
        return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
    }
    Ok(true)
}

/// The caller's `len` bytes at `ptr`, borrowed for `'a` (the call, or a view's life).
pub(crate) fn bytes<'a>(ptr: *const u8, len: usize) -> Result<&'a [u8], zc_status> {
    slice(ptr, len)
}

/// The caller's `count` values at `ptr`.
pub(crate) fn slice<'a, T: Plain>(ptr: *const T, count: usize) -> Result<&'a [T], zc_status> {
    if !checked(ptr, count)? {
        return Ok(&[]);
    }
    // SAFETY: `ptr` is non-null and aligned and the range fits the address space
    // (checked above); the caller promises, as the header says, that it is readable and
    // unchanged for `'a`. `T: Plain` makes any initialised bits a valid `T`.
    Ok(unsafe { core::slice::from_raw_parts(ptr, count) })
}

/// The caller's writable buffer of `cap` bytes at `ptr`.
pub(crate) fn bytes_mut<'a>(ptr: *mut u8, cap: usize) -> Result<&'a mut [u8], zc_status> {
    slice_mut(ptr, cap)
}

/// The caller's writable storage of `count` values at `ptr`.
pub(crate) fn slice_mut<'a, T: Plain>(ptr: *mut T, count: usize) -> Result<&'a mut [T], zc_status> {
    if !checked(ptr.cast_const(), count)? {
        return Ok(&mut []);
    }
    // SAFETY: as in `slice`, and the caller promises the storage is writable and not
    // read or written by anything else during the call. Every `T: Plain` bit pattern is
    // valid, so the storage's old contents are.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, count) })
}

/// The caller's writable buffer of `cap` bytes at `ptr`, which must not overlap any
/// of `inputs` (borrowed for the same call): an overlap is
/// [`zc_status::ZC_STATUS_INVALID_ARGUMENT`], checked before the buffer is borrowed.
pub(crate) fn bytes_mut_apart<'a>(
    ptr: *mut u8,
    cap: usize,
    inputs: &[&[u8]],
) -> Result<&'a mut [u8], zc_status> {
    if checked(ptr.cast_const(), cap)? {
        let start = ptr as usize;
        // `checked` made sure this does not wrap.
        let end = start.saturating_add(cap);
        for input in inputs {
            let (lo, hi) = (
                input.as_ptr() as usize,
                (input.as_ptr() as usize).saturating_add(input.len()),
            );
            if !input.is_empty() && lo < end && start < hi {
                return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
            }
        }
    }
    bytes_mut(ptr, cap)
}

/// The caller's `uint32_t` storage of `words` words at `ptr` as face-tree nodes
/// (`Node` is `#[repr(C)]` of `f32`s and `u32`s, 28 words): `words` must be a
/// multiple of 28, else [`zc_status::ZC_STATUS_INVALID_ARGUMENT`].
pub(crate) fn nodes<'a>(ptr: *const u32, words: usize) -> Result<&'a [Node], zc_status> {
    slice(ptr.cast::<Node>(), node_count(words)?)
}

/// The caller's writable `uint32_t` storage as nodes, as [`nodes`].
pub(crate) fn nodes_mut<'a>(ptr: *mut u32, words: usize) -> Result<&'a mut [Node], zc_status> {
    slice_mut(ptr.cast::<Node>(), node_count(words)?)
}

/// `u32` words in a [`Node`].
pub(crate) const NODE_WORDS: usize = size_of::<Node>() / size_of::<u32>();

/// Nodes in `words` words.
fn node_count(words: usize) -> Result<usize, zc_status> {
    if words.checked_rem(NODE_WORDS) != Some(0) {
        return Err(zc_status::ZC_STATUS_INVALID_ARGUMENT);
    }
    words
        .checked_div(NODE_WORDS)
        .ok_or(zc_status::ZC_STATUS_INVALID_ARGUMENT)
}

/// Reads the caller's struct at `ptr`.
pub(crate) fn read<T: Plain>(ptr: *const T) -> Result<T, zc_status> {
    if !checked(ptr, 1)? {
        return Err(zc_status::ZC_STATUS_NULL_ARGUMENT);
    }
    // SAFETY: non-null, aligned, in range (checked above) and readable (the caller's
    // promise); `T: Plain` makes any bits valid.
    Ok(unsafe { ptr.read() })
}

/// Writes `value` to the caller's output at `ptr`.
pub(crate) fn write<T>(ptr: *mut T, value: T) -> Result<(), zc_status> {
    if !checked(ptr.cast_const(), 1)? {
        return Err(zc_status::ZC_STATUS_NULL_ARGUMENT);
    }
    // SAFETY: non-null, aligned, in range (checked above) and writable (the caller's
    // promise). `write` does not read or drop the old contents, which may be
    // uninitialised.
    unsafe { ptr.write(value) };
    Ok(())
}

/// Writes `value` to `ptr` when it is not NULL (an optional output).
pub(crate) fn write_opt<T>(ptr: *mut T, value: T) -> Result<(), zc_status> {
    if ptr.is_null() {
        return Ok(());
    }
    write(ptr, value)
}

/// The backstop for a panic without `std`: the C library's `abort` where there is one,
/// a trap loop on bare metal.
#[cfg(not(any(test, feature = "std")))]
pub(crate) fn abort() -> ! {
    #[cfg(any(unix, windows))]
    {
        unsafe extern "C" {
            safe fn abort() -> !;
        }
        abort()
    }
    #[cfg(not(any(unix, windows)))]
    loop {
        core::hint::spin_loop();
    }
}

// SAFETY: `Node` is `#[repr(C)]` with only `f32` and `u32` arrays (zerocol documents
// it: any bits are a node), so it is plain; alignment is `u32`'s, which `checked`
// verifies.
unsafe impl Plain for Node {}
const _: () = assert!(size_of::<Node>() == 112 && align_of::<Node>() == 4);

// SAFETY: `IndexedFace` is `#[repr(C)]` with only `u32` fields (zerocol documents
// it: any bits are a face), so it is plain; alignment is `u32`'s, which `checked`
// verifies.
unsafe impl Plain for zerocol::grit::IndexedFace {}
const _: () = assert!(
    size_of::<zerocol::grit::IndexedFace>() == 20 && align_of::<zerocol::grit::IndexedFace>() == 4
);

// SAFETY: integers and floats are plain.
unsafe impl Plain for u8 {}
// SAFETY: as above.
unsafe impl Plain for u16 {}
// SAFETY: as above.
unsafe impl Plain for u32 {}
// SAFETY: as above.
unsafe impl Plain for u64 {}
// SAFETY: as above.
unsafe impl Plain for f32 {}
// SAFETY: an array of plain values is plain.
unsafe impl<T: Plain, const N: usize> Plain for [T; N] {}
// SAFETY: a size is an integer.
unsafe impl Plain for usize {}

/// The byte offset of `record` inside `bytes`, for records the library hands out
/// borrowed from them (addresses only: nothing is dereferenced).
pub(crate) fn offset_in<T>(bytes: &[u8], record: &T) -> u64 {
    crate::convert::wide((record as *const T as usize).saturating_sub(bytes.as_ptr() as usize))
}

/// The `check` word of a view over `words` (its other fields), which tells a view
/// zerocol made from one a caller forged or zero-filled (not a security boundary: a
/// view's fields are re-checked against its bytes wherever that is cheap). A word at
/// a time (a multiply and a shift each), as it runs on every query: an FNV-1a over
/// the bytes cost a query on a small model a fifth of its time.
pub(crate) fn seal(words: &[u64]) -> u32 {
    let mut hash: u64 = 0x9E37_79B9_7F4A_7C15;
    for &word in words {
        hash = (hash ^ word).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        hash ^= hash >> 29;
    }
    let [a, b, c, d, ..] = hash.to_le_bytes();
    // 0 is never a valid check word, so a zero-filled view is always refused.
    u32::from_le_bytes([a, b, c, d]) | 1
}

/// A view or walk that carries a `check` word ([`seal`]) over its other fields:
/// made with [`Sealed::sealed`], verified with [`Sealed::verify`] or [`read_sealed`]
/// on every use. Implement it with [`sealed!`], naming the words.
pub(crate) trait Sealed: Sized {
    /// The check word of the fields other than `check`.
    fn seal(&self) -> u32;
    /// The `check` field.
    fn check_word(&self) -> u32;
    /// Sets the `check` field.
    fn set_check_word(&mut self, check: u32);

    /// This value with its check word set.
    #[inline(always)]
    fn sealed(mut self) -> Self {
        let check = self.seal();
        self.set_check_word(check);
        self
    }

    /// `ZC_STATUS_INVALID_ARGUMENT` when the check word does not match the fields (a
    /// forged or zero-filled view).
    #[inline(always)]
    fn verify(&self) -> Result<(), zc_status> {
        if self.check_word() == self.seal() {
            Ok(())
        } else {
            Err(zc_status::ZC_STATUS_INVALID_ARGUMENT)
        }
    }
}

/// The caller's view or walk at `ptr` (not NULL), read and verified.
#[inline(always)]
pub(crate) fn read_sealed<T: Plain + Sealed>(ptr: *const T) -> Result<T, zc_status> {
    let value = read(ptr)?;
    value.verify()?;
    Ok(value)
}

/// Implements [`Sealed`] for a view or walk with a `check: u32`
/// field: `sealed!(zc_x, |v| [v.a as u64, u64::from(v.b)])` names the words sealed.
macro_rules! sealed {
    ($t:ty, |$v:ident| [$($word:expr),* $(,)?]) => {
        impl $crate::boundary::Sealed for $t {
            #[inline(always)]
            fn seal(&self) -> u32 {
                let $v = self;
                $crate::boundary::seal(&[$($word),*])
            }
            #[inline(always)]
            fn check_word(&self) -> u32 {
                self.check
            }
            #[inline(always)]
            fn set_check_word(&mut self, check: u32) {
                self.check = check;
            }
        }
    };
}
pub(crate) use sealed;
