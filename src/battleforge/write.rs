//! Writing `collisionShape` payloads and minimal DRS containers into a caller
//! buffer: [`payload_required_len`] then [`write_payload`], [`required_len`] then
//! [`write()`].

use core::convert::Infallible;

use zerocopy::IntoBytes;

use super::drs::MAGIC;
use super::layout::{ENTRY_FIXED_LEN, FIXED_LEN, HEADER_LEN, NODE_INFO_LEN, ROOT_FIXED_LEN};
use super::raw;
use super::records::{
    BoxShape, CylinderShape, DrsHeader, EntryHead, NodeInfo, RootEntry, SphereShape,
};
use super::view::VERSION;
use crate::wire::{self, Out};

/// Why nothing was written: [`TooLarge`](wire::WriteError::TooLarge) when a count,
/// size, name length or offset does not fit the format's 32-bit fields (offsets and
/// sizes are signed), or the buffer is too small. Every input fits otherwise, so
/// there is no [`Invalid`](wire::WriteError::Invalid) reason.
pub type WriteError = wire::WriteError<Infallible>;

/// A node to put in a DRS container.
#[derive(Clone, Copy, Debug)]
pub struct NodeSpec<'s> {
    /// Name in the hierarchy (no NUL).
    pub name: &'s [u8],
    /// Class id ([`COLLISION_SHAPE_CLASS`](super::COLLISION_SHAPE_CLASS) for a
    /// collision shape).
    pub class_id: i32,
    /// Identifier in the information table.
    pub identifier: i32,
    /// The payload, written as is.
    pub payload: &'s [u8],
}

/// Bytes of a payload holding these shapes: `13 + 72 B + 64 S + 68 C`.
pub fn payload_required_len(
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
) -> Result<usize, WriteError> {
    count(boxes.len())?;
    count(spheres.len())?;
    count(cylinders.len())?;
    let total = FIXED_LEN
        .saturating_add(span::<raw::BoxShape>(boxes.len()))
        .saturating_add(span::<raw::SphereShape>(spheres.len()))
        .saturating_add(span::<raw::CylinderShape>(cylinders.len()));
    usize::try_from(total).map_err(|_| WriteError::TooLarge)
}

/// Writes a version-1 payload into `out` (at least [`payload_required_len`]
/// bytes); returns the bytes written.
pub fn write_payload(
    boxes: &[BoxShape],
    spheres: &[SphereShape],
    cylinders: &[CylinderShape],
    out: &mut [u8],
) -> Result<usize, WriteError> {
    let needed = payload_required_len(boxes, spheres, cylinders)?;
    let mut w = Out::new(out, needed)?;
    w.put(&[VERSION])?;
    w.put(&count(boxes.len())?.to_le_bytes())?;
    for b in boxes {
        w.put(raw::BoxShape::from(b).as_bytes())?;
    }
    w.put(&count(spheres.len())?.to_le_bytes())?;
    for s in spheres {
        w.put(raw::SphereShape::from(s).as_bytes())?;
    }
    w.put(&count(cylinders.len())?.to_le_bytes())?;
    for c in cylinders {
        w.put(raw::CylinderShape::from(c).as_bytes())?;
    }
    Ok(w.written())
}

/// The root's name in every known file.
const ROOT_NAME: &[u8] = b"root node";

/// Bytes of a DRS container holding these nodes (see [`write()`]).
pub fn required_len(nodes: &[NodeSpec<'_>]) -> Result<usize, WriteError> {
    let count = u64::try_from(nodes.len())
        .map_err(|_| WriteError::TooLarge)?
        .saturating_add(1);
    let mut total = wire::wide(HEADER_LEN)
        .saturating_add(count.saturating_mul(wire::wide(NODE_INFO_LEN)))
        .saturating_add(wire::wide(ROOT_FIXED_LEN).saturating_add(ROOT_NAME.len() as u64));
    for node in nodes {
        total = total
            .saturating_add(wire::wide(ENTRY_FIXED_LEN))
            .saturating_add(node.name.len() as u64)
            .saturating_add(node.payload.len() as u64);
    }
    // Every offset and size is a signed 32-bit field.
    if total > i32::MAX as u64 {
        return Err(WriteError::TooLarge);
    }
    usize::try_from(total).map_err(|_| WriteError::TooLarge)
}

/// Writes a minimal valid DRS container: the header, the information table (root
/// entry `16 zero bytes, -1, 1, count − 1, 0`, then one entry per node), the
/// hierarchy (root "root node", then each node in order), then the payloads back
/// to back, unaligned, as in real files, into `out` (at least [`required_len`]
/// bytes). Returns the bytes written.
pub fn write(nodes: &[NodeSpec<'_>], out: &mut [u8]) -> Result<usize, WriteError> {
    let needed = required_len(nodes)?;
    let small = |n: usize| i32::try_from(n).map_err(|_| WriteError::TooLarge);
    let count = nodes.len().saturating_add(1);
    let info_offset = HEADER_LEN;
    let hierarchy_offset = info_offset.saturating_add(count.saturating_mul(NODE_INFO_LEN));
    let hierarchy_len =
        nodes
            .iter()
            .fold(ROOT_FIXED_LEN.saturating_add(ROOT_NAME.len()), |n, node| {
                n.saturating_add(ENTRY_FIXED_LEN)
                    .saturating_add(node.name.len())
            });
    let mut payload_at = hierarchy_offset.saturating_add(hierarchy_len);

    let mut w = Out::new(out, needed)?;
    let header = DrsHeader {
        magic: MAGIC,
        model_count: 1,
        node_info_offset: small(info_offset)?,
        node_hierarchy_offset: small(hierarchy_offset)?,
        node_count: u32::try_from(count).map_err(|_| WriteError::TooLarge)?,
    };
    w.put(raw::DrsHeader::from(&header).as_bytes())?;

    let root = NodeInfo::root(small(nodes.len())?);
    w.put(raw::NodeInfo::from(&root).as_bytes())?;
    for node in nodes {
        let info = NodeInfo {
            class_id: node.class_id,
            identifier: node.identifier,
            offset: small(payload_at)?,
            size: small(node.payload.len())?,
            spare: [0; 16],
        };
        w.put(raw::NodeInfo::from(&info).as_bytes())?;
        payload_at = payload_at.saturating_add(node.payload.len());
    }

    let root = RootEntry {
        identifier: 0,
        unknown: 0,
        name_length: small(ROOT_NAME.len())?,
    };
    w.put(raw::RootEntry::from(&root).as_bytes())?;
    w.put(ROOT_NAME)?;
    for (i, node) in nodes.iter().enumerate() {
        let head = EntryHead {
            info_index: small(i.saturating_add(1))?,
            name_length: small(node.name.len())?,
        };
        w.put(raw::EntryHead::from(&head).as_bytes())?;
        w.put(node.name)?;
        w.put(raw::EntryTail { zero: 0.into() }.as_bytes())?;
    }
    for node in nodes {
        w.put(node.payload)?;
    }
    Ok(w.written())
}

fn count(n: usize) -> Result<u32, WriteError> {
    u32::try_from(n).map_err(|_| WriteError::TooLarge)
}

/// Bytes of `n` records of `T`, saturating.
fn span<T>(n: usize) -> u64 {
    (n as u64).saturating_mul(wire::wide(size_of::<T>()))
}
