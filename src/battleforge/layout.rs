//! Where things lie in a DRS container and a `collisionShape` payload: the
//! header's field offsets, the header and information-entry sizes, and the
//! payload's fixed part, each number asserted against the structs of
//! [`raw`](super::raw).

use core::mem::{offset_of, size_of};

use super::raw;

/// Bytes of the DRS header: where a written file's information table starts.
pub(super) const HEADER_LEN: usize = 20;
/// Bytes of one node information entry.
pub(super) const NODE_INFO_LEN: usize = 32;

/// Positions of the header fields, blamed in errors.
pub(super) const FIELD_INFO_OFFSET: usize = 8;
pub(super) const FIELD_HIERARCHY_OFFSET: usize = 12;
pub(super) const FIELD_NODE_COUNT: usize = 16;

/// Bytes of a payload besides its shapes: the version byte and three counts.
pub const FIXED_LEN: u64 = FIXED_LEN_BYTES as u64;
pub(super) const FIXED_LEN_BYTES: u8 = 13;

const _: () = {
    assert!(size_of::<raw::DrsHeader>() == HEADER_LEN);
    assert!(size_of::<raw::NodeInfo>() == NODE_INFO_LEN);
    assert!(offset_of!(raw::DrsHeader, node_info_offset) == FIELD_INFO_OFFSET);
    assert!(offset_of!(raw::DrsHeader, node_hierarchy_offset) == FIELD_HIERARCHY_OFFSET);
    assert!(offset_of!(raw::DrsHeader, node_count) == FIELD_NODE_COUNT);
    // The version byte, then a u32 count before each of the three arrays.
    let counts = size_of::<u32>().saturating_mul(3);
    assert!(FIXED_LEN_BYTES as usize == size_of::<u8>().saturating_add(counts));
};
