//! Where things lie in a DRS container and a `collisionShape` payload: the
//! header's field offsets, the header, information-entry and hierarchy-entry
//! sizes, and the payload's fixed part, each number derived from (or asserted
//! against) the structs of [`raw`](super::raw).

use core::mem::{offset_of, size_of};

use super::raw;

/// Bytes of the DRS header: where a written file's information table starts.
pub(super) const HEADER_LEN: usize = size_of::<raw::DrsHeader>();
/// Bytes of one node information entry.
pub(super) const NODE_INFO_LEN: usize = size_of::<raw::NodeInfo>();

/// Positions of the header fields, blamed in errors.
pub(super) const FIELD_INFO_OFFSET: usize = offset_of!(raw::DrsHeader, node_info_offset);
pub(super) const FIELD_HIERARCHY_OFFSET: usize = offset_of!(raw::DrsHeader, node_hierarchy_offset);
pub(super) const FIELD_NODE_COUNT: usize = offset_of!(raw::DrsHeader, node_count);

/// Where the root's name length lies in its hierarchy entry.
pub(super) const ROOT_NAME_LENGTH_AT: usize = offset_of!(raw::RootEntry, name_length);
/// Where a node's name length lies in its hierarchy entry.
pub(super) const ENTRY_NAME_LENGTH_AT: usize = offset_of!(raw::EntryHead, name_length);
/// Bytes of a hierarchy entry besides its name: the root's fixed part, and a
/// node's head and tail around its name (12 bytes each).
pub(super) const ROOT_FIXED_LEN: usize = size_of::<raw::RootEntry>();
pub(super) const ENTRY_FIXED_LEN: usize =
    size_of::<raw::EntryHead>().saturating_add(size_of::<raw::EntryTail>());

/// Bytes of a payload besides its shapes: the version byte and three counts.
pub const FIXED_LEN: u64 = FIXED_LEN_BYTES as u64;
pub(super) const FIXED_LEN_BYTES: u8 = 13;

const _: () = {
    // docs/formats/battleforge.md: a 20-byte header at offset 0, 32-byte
    // information entries, 12 fixed bytes per hierarchy entry, the name length last
    // before the name.
    assert!(HEADER_LEN == 20 && NODE_INFO_LEN == 32);
    assert!(FIELD_INFO_OFFSET == 8 && FIELD_HIERARCHY_OFFSET == 12 && FIELD_NODE_COUNT == 16);
    assert!(ROOT_FIXED_LEN == 12 && ENTRY_FIXED_LEN == 12);
    assert!(ROOT_NAME_LENGTH_AT.saturating_add(size_of::<i32>()) == ROOT_FIXED_LEN);
    assert!(ENTRY_NAME_LENGTH_AT.saturating_add(size_of::<i32>()) == size_of::<raw::EntryHead>());
    // The version byte, then a u32 count before each of the three arrays.
    let counts = size_of::<u32>().saturating_mul(3);
    assert!(FIXED_LEN_BYTES as usize == size_of::<u8>().saturating_add(counts));
};
