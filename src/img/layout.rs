//! Stage `layout`: the sector size and where fields lie, asserted against
//! [`raw`](super::raw).

use core::mem::{offset_of, size_of};

use super::raw;

/// Bytes of a sector: the unit of every offset and size in an IMG directory.
pub const SECTOR: usize = 2048;
/// [`SECTOR`] as a `u64`, for sector arithmetic on archives larger than memory.
pub(super) const SECTOR_U64: u64 = 2048;
/// Bytes of a directory entry (both versions).
pub const ENTRY_LEN: usize = size_of::<raw::EntryV1>();
/// Bytes of the v2 header.
pub const HEADER_V2_LEN: usize = size_of::<raw::HeaderV2>();
/// Bytes of a name field.
pub const NAME_LEN: usize = 24;

/// Positions of fields inside an entry (the same in both versions except the sizes).
pub(super) const FIELD_OFFSET: usize = offset_of!(raw::EntryV1, offset);
// Read by the layout assertions below only (Rust 1.87 counts that as unused).
#[allow(dead_code)]
pub(super) const FIELD_SIZE_V1: usize = offset_of!(raw::EntryV1, size);
// Read by the layout assertions below only (Rust 1.87 counts that as unused).
#[allow(dead_code)]
pub(super) const FIELD_STREAMING_SIZE: usize = offset_of!(raw::EntryV2, streaming_size);
// Read by the layout assertions below only (Rust 1.87 counts that as unused).
#[allow(dead_code)]
pub(super) const FIELD_ARCHIVE_SIZE: usize = offset_of!(raw::EntryV2, archive_size);
pub(super) const FIELD_NAME: usize = offset_of!(raw::EntryV1, name);
/// Position of the v2 entry count.
pub(super) const FIELD_COUNT: usize = offset_of!(raw::HeaderV2, count);

const _: () = {
    // docs/formats/img.md: 32-byte entries {u32 offset, u32 size, char[24]} (v1) and
    // {u32 offset, u16 streaming, u16 archive, char[24]} (v2); "VER2" + u32 count.
    assert!(ENTRY_LEN == 32 && size_of::<raw::EntryV2>() == ENTRY_LEN);
    assert!(HEADER_V2_LEN == 8 && FIELD_COUNT == 4);
    assert!(FIELD_OFFSET == 0 && FIELD_SIZE_V1 == 4);
    assert!(FIELD_STREAMING_SIZE == 4 && FIELD_ARCHIVE_SIZE == 6);
    assert!(FIELD_NAME == 8 && offset_of!(raw::EntryV2, name) == FIELD_NAME);
    assert!(FIELD_NAME.saturating_add(NAME_LEN) == ENTRY_LEN);
    assert!(SECTOR as u64 == SECTOR_U64);
};
