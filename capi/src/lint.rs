//! The steps every resumable lint walk shares (`zc_<format>_lints_next`): the walk
//! read back and verified, the end once reached, the outputs checked. Each format's
//! `lint` file keeps its kind codes, its walk's fields and the library iterator it
//! resumes; the message goes out through [`render`](crate::error::render).

use core::ffi::c_char;

use crate::boundary::{self, Plain, Sealed};
use crate::error::zc_status;

/// The walk at `iter`, verified, ready to step: `Err(ZC_STATUS_END)` once `done` says
/// it has ended, `ZC_STATUS_NULL_ARGUMENT` for a NULL `lint`, or the status of a bad
/// `buf` of `cap` bytes (NULL when `cap` is 0), in that order.
pub(crate) fn resume<W: Plain + Sealed, L>(
    iter: *mut W,
    lint: *mut L,
    buf: *mut c_char,
    cap: usize,
    done: impl FnOnce(&W) -> bool,
) -> Result<W, zc_status> {
    let walk = boundary::read_sealed(iter.cast_const())?;
    if done(&walk) {
        return Err(zc_status::ZC_STATUS_END);
    }
    if lint.is_null() {
        return Err(zc_status::ZC_STATUS_NULL_ARGUMENT);
    }
    boundary::bytes_mut(buf.cast::<u8>(), cap)?;
    Ok(walk)
}
