//! The generators in C (feature `arbitrary`, `ZEROCOL_ARBITRARY` in the header): valid
//! files of every format zerocol generates, from a fuzzer's bytes, into a caller buffer,
//! so that a C or C++ fuzz harness gets past every framing check of its own loader.
//!
//! Each `zc_generate_<format>(fuzz, len, out, cap, written)` draws a description of a
//! file from the `len` bytes at `fuzz` (`zerocol::generate`, through `arbitrary`) and
//! writes the file with the project's writer; what it writes, zerocol's strict parser
//! of that format accepts. The same bytes always give the same file. These functions
//! allocate (the generators build owned descriptions): the feature needs `std`.

#[cfg(feature = "arbitrary")]
use arbitrary::{Arbitrary, Unstructured};
#[cfg(feature = "arbitrary")]
use zerocol::generate::{
    BcolFile, CollisionShapePayload, DrsFile, Generated, MkgpCourse, MkgpSoup, TcolFile,
};

#[cfg(feature = "arbitrary")]
use crate::boundary;
#[cfg(feature = "arbitrary")]
use crate::error::zc_status;

#[cfg(feature = "arbitrary")]
/// Draws a `G` from `fuzz` and copies its bytes into `out`.
fn generate<G: for<'a> Arbitrary<'a> + Generated>(
    fuzz: *const u8,
    len: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    let (fuzz, buf) = match (boundary::bytes(fuzz, len), boundary::bytes_mut(out, cap)) {
        (Ok(fuzz), Ok(buf)) => (fuzz, buf),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    if written.is_null() {
        return zc_status::ZC_STATUS_NULL_ARGUMENT;
    }
    let Ok(file) = G::arbitrary(&mut Unstructured::new(fuzz)) else {
        return zc_status::ZC_STATUS_UNWRITABLE;
    };
    let bytes = file.bytes();
    let Some(dst) = buf.get_mut(..bytes.len()) else {
        return match boundary::write(written, bytes.len()) {
            Ok(()) => zc_status::ZC_STATUS_BUFFER_TOO_SMALL,
            Err(status) => status,
        };
    };
    dst.copy_from_slice(bytes);
    crate::convert::status(boundary::write(written, bytes.len()))
}

/// A Mario Kart Arcade GP DX course (`COL\0`), written cell by cell
/// (`zerocol::generate::MkgpCourse`).
///
/// Reads the `len` bytes at `fuzz` (borrowed for the call; NULL when `len` is 0) and
/// writes the file into the `cap` bytes at `out`. `written` (not NULL): on
/// `ZC_STATUS_OK` the file's length; on `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to
/// `out`) the bytes needed. `ZC_STATUS_UNWRITABLE` when the bytes describe nothing the
/// format holds (skip the input; nothing is written).
#[cfg(feature = "arbitrary")]
#[unsafe(no_mangle)]
pub extern "C" fn zc_generate_mkgp_course(
    fuzz: *const u8,
    len: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    generate::<MkgpCourse>(fuzz, len, out, cap, written)
}

/// A Mario Kart Arcade GP DX course built from a triangle soup
/// (`zerocol::generate::MkgpSoup`).
///
/// Reads the `len` bytes at `fuzz` (borrowed for the call; NULL when `len` is 0) and
/// writes the file into the `cap` bytes at `out`. `written` (not NULL): on
/// `ZC_STATUS_OK` the file's length; on `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to
/// `out`) the bytes needed. `ZC_STATUS_UNWRITABLE` when the bytes describe nothing the
/// format holds (skip the input; nothing is written).
#[cfg(feature = "arbitrary")]
#[unsafe(no_mangle)]
pub extern "C" fn zc_generate_mkgp_soup(
    fuzz: *const u8,
    len: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    generate::<MkgpSoup>(fuzz, len, out, cap, written)
}

/// A bare BattleForge `collisionShape` payload, without its DRS container
/// (`zerocol::generate::CollisionShapePayload`).
///
/// Reads the `len` bytes at `fuzz` (borrowed for the call; NULL when `len` is 0) and
/// writes the file into the `cap` bytes at `out`. `written` (not NULL): on
/// `ZC_STATUS_OK` the file's length; on `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to
/// `out`) the bytes needed. `ZC_STATUS_UNWRITABLE` when the bytes describe nothing the
/// format holds (skip the input; nothing is written).
#[cfg(feature = "arbitrary")]
#[unsafe(no_mangle)]
pub extern "C" fn zc_generate_collision_shape(
    fuzz: *const u8,
    len: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    generate::<CollisionShapePayload>(fuzz, len, out, cap, written)
}

/// A BattleForge DRS container holding a `collisionShape`
/// (`zerocol::generate::DrsFile`).
///
/// Reads the `len` bytes at `fuzz` (borrowed for the call; NULL when `len` is 0) and
/// writes the file into the `cap` bytes at `out`. `written` (not NULL): on
/// `ZC_STATUS_OK` the file's length; on `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to
/// `out`) the bytes needed. `ZC_STATUS_UNWRITABLE` when the bytes describe nothing the
/// format holds (skip the input; nothing is written).
#[cfg(feature = "arbitrary")]
#[unsafe(no_mangle)]
pub extern "C" fn zc_generate_drs(
    fuzz: *const u8,
    len: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    generate::<DrsFile>(fuzz, len, out, cap, written)
}

/// A Grit TCOL text file (`zerocol::generate::TcolFile`).
///
/// Reads the `len` bytes at `fuzz` (borrowed for the call; NULL when `len` is 0) and
/// writes the file into the `cap` bytes at `out`. `written` (not NULL): on
/// `ZC_STATUS_OK` the file's length; on `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to
/// `out`) the bytes needed. `ZC_STATUS_UNWRITABLE` when the bytes describe nothing the
/// format holds (skip the input; nothing is written).
#[cfg(feature = "arbitrary")]
#[unsafe(no_mangle)]
pub extern "C" fn zc_generate_tcol(
    fuzz: *const u8,
    len: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    generate::<TcolFile>(fuzz, len, out, cap, written)
}

/// A Grit BCOL binary file (`zerocol::generate::BcolFile`).
///
/// Reads the `len` bytes at `fuzz` (borrowed for the call; NULL when `len` is 0) and
/// writes the file into the `cap` bytes at `out`. `written` (not NULL): on
/// `ZC_STATUS_OK` the file's length; on `ZC_STATUS_BUFFER_TOO_SMALL` (nothing written to
/// `out`) the bytes needed. `ZC_STATUS_UNWRITABLE` when the bytes describe nothing the
/// format holds (skip the input; nothing is written).
#[cfg(feature = "arbitrary")]
#[unsafe(no_mangle)]
pub extern "C" fn zc_generate_bcol(
    fuzz: *const u8,
    len: usize,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> zc_status {
    generate::<BcolFile>(fuzz, len, out, cap, written)
}
