//! The small conversions every format's module shares: counts and offsets out to C
//! (`uint64_t`, `uint32_t`), a caller's `uint64_t` back to a `usize`, and a write's
//! result as the status a call returns.

use crate::boundary;
use crate::error::zc_status;

/// A count or offset as a C `uint64_t` (exact on every target zerocol builds for;
/// saturating on a wider one).
pub(crate) fn wide(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// A count as a C `uint32_t`, saturating.
pub(crate) fn wide32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A caller's `uint64_t` index or offset as a `usize`: `ZC_STATUS_INVALID_ARGUMENT`
/// when it does not fit.
pub(crate) fn narrow(n: u64) -> Result<usize, zc_status> {
    usize::try_from(n).map_err(|_| zc_status::ZC_STATUS_INVALID_ARGUMENT)
}

/// `ZC_STATUS_OK`, or the status a step failed with.
pub(crate) fn status(result: Result<(), zc_status>) -> zc_status {
    match result {
        Ok(()) => zc_status::ZC_STATUS_OK,
        Err(status) => status,
    }
}

/// Writes `value` to `out` and says `ZC_STATUS_OK`, or the status of a bad `out`.
pub(crate) fn put<T>(out: *mut T, value: T) -> zc_status {
    status(boundary::write(out, value))
}

/// `status` (what a step found), unless writing the advanced walk back failed.
pub(crate) fn then(status: zc_status, written: Result<(), zc_status>) -> zc_status {
    match written {
        Ok(()) => status,
        Err(bad) => bad,
    }
}
