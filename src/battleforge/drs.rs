//! The DRS model container: header, node information table, node hierarchy,
//! and every node's payload ([`guide::battleforge`](crate::guide::battleforge)).

use crate::wire::{self, Table};
use core::iter::FusedIterator;
use core::mem::offset_of;

use zerocopy::FromBytes;
use zerocopy::byteorder::little_endian::I32;

use super::Options;
use super::error::{Error, ErrorKind, Field};
use super::layout::{
    ENTRY_FIXED_LEN, ENTRY_NAME_LENGTH_AT, FIELD_HIERARCHY_OFFSET, FIELD_INFO_OFFSET,
    FIELD_NODE_COUNT, ROOT_FIXED_LEN, ROOT_NAME_LENGTH_AT,
};
use super::raw;
use super::view::CollisionShape;

/// The DRS magic, -981667554: the bytes `1E F1 7C C5`.
pub const MAGIC: i32 = -981_667_554;
/// The class id of `collisionShape` nodes.
pub const COLLISION_SHAPE_CLASS: i32 = 0x1002_9E32;
/// The name of the `collisionShape` node in the hierarchy (lowercase c).
pub const COLLISION_SHAPE_NAME: &[u8] = b"collisionShape";

/// A validated DRS container, borrowed from its file, with its `collisionShape`
/// node when it has one.
///
/// [`Drs::parse`] checked the header, the whole node information table, the
/// whole hierarchy (every name inside the file, every info index in range),
/// every node's payload bounds and the `collisionShape` node, so the accessors
/// below never fail.
#[derive(Clone, Copy, Debug)]
pub struct Drs<'a> {
    bytes: &'a [u8],
    header: &'a raw::DrsHeader,
    /// The information table, the root entry at index 0.
    infos: Table<'a, raw::NodeInfo>,
    /// File offset of the first non-root hierarchy entry.
    first_entry: usize,
    root_name: &'a [u8],
    collision_shape: Option<(Node<'a>, CollisionShape<'a>)>,
}

impl<'a> Drs<'a> {
    /// Validates a whole DRS container, then its `collisionShape` node if a node
    /// has that name: its class id, both ways, and its payload. Error offsets are
    /// file offsets.
    pub fn parse(bytes: &'a [u8], options: Options) -> Result<Self, Error> {
        let mut drs = Self::parse_container(bytes)?;
        drs.collision_shape = drs.find_collision_shape(options)?;
        Ok(drs)
    }

    /// Validates the container alone, as [`Drs::parse`] does, but leaves the
    /// `collisionShape` node unread: [`collision_shape`](Self::collision_shape) is
    /// `None`. For reading the other nodes (or listing them) of a file whose
    /// collision shape is malformed.
    pub fn parse_container(bytes: &'a [u8]) -> Result<Self, Error> {
        let header = wire::header::<raw::DrsHeader, 4, ErrorKind>(bytes, &MAGIC.to_le_bytes())?;
        let fields = header.decode();
        let count = fields.node_count;
        if count == 0 {
            return Err(Error::new(FIELD_NODE_COUNT, ErrorKind::NoNodes));
        }
        let file_len = bytes.len();

        let info_offset = non_negative(
            FIELD_INFO_OFFSET,
            Field::NodeInfoOffset,
            fields.node_info_offset,
        )?;
        let infos = usize::try_from(count)
            .ok()
            .and_then(|n| wire::Cursor::at(bytes, info_offset).table::<raw::NodeInfo>(n))
            .ok_or(Error::new(
                FIELD_INFO_OFFSET,
                ErrorKind::NodeTablePastEnd {
                    count,
                    end: wire::span_end(
                        wire::wide(info_offset),
                        count.into(),
                        size_of::<raw::NodeInfo>(),
                    ),
                    file_len,
                },
            ))?;
        // Every payload inside the file (the root entry has none).
        for (i, info) in infos.iter().enumerate().skip(1) {
            payload_of(bytes, info, infos.at(i), saturate_u32(i))?;
        }

        let hierarchy = non_negative(
            FIELD_HIERARCHY_OFFSET,
            Field::NodeHierarchyOffset,
            fields.node_hierarchy_offset,
        )?;
        // Root: identifier i32, unknown i32, then the name. When its three fixed
        // words do not fit, the header's hierarchy offset is at fault (as its node
        // information offset is for the table): an error offset is a position in
        // the file, never one past it.
        let Some((root, _)) = bytes
            .get(hierarchy..)
            .and_then(|rest| raw::RootEntry::read_from_prefix(rest).ok())
        else {
            return Err(Error::new(
                FIELD_HIERARCHY_OFFSET,
                ErrorKind::HierarchyPastEnd {
                    entry: 0,
                    end: wire::wide(hierarchy.saturating_add(ROOT_FIXED_LEN)),
                    file_len,
                },
            ));
        };
        let length_at = hierarchy.saturating_add(ROOT_NAME_LENGTH_AT);
        let (root_name, mut at) = name_after(bytes, length_at, root.decode().name_length, 0)?;
        let first_entry = at;
        // Each entry takes at least ENTRY_FIXED_LEN (12) bytes, so this loop ends within len / 12
        // steps whatever the count claims (the table check above bounds it too).
        for entry in 1..count {
            at = read_entry(bytes, at, entry, count)?.1;
        }
        Ok(Self {
            bytes,
            header,
            infos,
            first_entry,
            root_name,
            collision_shape: None,
        })
    }

    /// Finds the `collisionShape` node by name, cross-checks it against the class
    /// id (both ways: the named node has the class id, and the first node with the
    /// class id has the name), and parses its payload. `None` when no node has
    /// the name.
    fn find_collision_shape(
        &self,
        options: Options,
    ) -> Result<Option<(Node<'a>, CollisionShape<'a>)>, Error> {
        let Some(node) = self.node(COLLISION_SHAPE_NAME) else {
            return Ok(None);
        };
        if node.class_id() != COLLISION_SHAPE_CLASS {
            return Err(Error::new(
                node.entry_offset,
                ErrorKind::ClassMismatch {
                    info_index: node.info_index,
                    class_id: node.class_id(),
                },
            ));
        }
        if let Some(other) = self.nodes_with_class(COLLISION_SHAPE_CLASS).next() {
            if other.name != COLLISION_SHAPE_NAME {
                return Err(Error::new(
                    other.entry_offset,
                    ErrorKind::NameMismatch {
                        info_index: other.info_index,
                    },
                ));
            }
        }
        let shape =
            CollisionShape::parse_at(self.bytes, node.payload_offset, node.payload.len(), options)?;
        Ok(Some((node, shape)))
    }

    /// The whole file.
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The header as stored.
    pub const fn header(&self) -> &'a raw::DrsHeader {
        self.header
    }

    /// Nodes, the root included.
    pub fn node_count(&self) -> u32 {
        self.header.decode().node_count
    }

    /// The node information table, the root entry at index 0.
    pub const fn infos(&self) -> Table<'a, raw::NodeInfo> {
        self.infos
    }

    /// The root's name ("root node" in every known file).
    pub const fn root_name(&self) -> &'a [u8] {
        self.root_name
    }

    /// The non-root nodes, in hierarchy order.
    pub fn nodes(&self) -> Nodes<'a> {
        Nodes {
            drs: *self,
            at: self.first_entry,
            next: 1,
        }
    }

    /// The first node with this name.
    pub fn node(&self, name: &[u8]) -> Option<Node<'a>> {
        self.nodes().find(|n| n.name == name)
    }

    /// The nodes with this class id, in hierarchy order.
    pub fn nodes_with_class(&self, class_id: i32) -> impl Iterator<Item = Node<'a>> + use<'a> {
        self.nodes().filter(move |n| n.class_id() == class_id)
    }

    /// The first node named `collisionShape` and its payload, both validated by
    /// [`Drs::parse`]; `None` when no node has that name (or the container was
    /// read by [`Drs::parse_container`]).
    pub const fn collision_shape(&self) -> Option<(Node<'a>, CollisionShape<'a>)> {
        self.collision_shape
    }
}

/// A node: its hierarchy name, its information entry and its payload.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node<'a> {
    name: &'a [u8],
    info_index: u32,
    info: &'a raw::NodeInfo,
    entry_offset: usize,
    payload_offset: usize,
    payload: &'a [u8],
}

impl<'a> Node<'a> {
    /// The name in the hierarchy (no NUL).
    pub const fn name(&self) -> &'a [u8] {
        self.name
    }

    /// Index of its information entry (1 .. count − 1).
    pub const fn info_index(&self) -> u32 {
        self.info_index
    }

    /// Its information entry as stored.
    pub const fn info(&self) -> &'a raw::NodeInfo {
        self.info
    }

    /// The class id (collisionShape: [`COLLISION_SHAPE_CLASS`]).
    pub fn class_id(&self) -> i32 {
        self.info.decode().class_id
    }

    /// The identifier from the information entry.
    pub fn identifier(&self) -> i32 {
        self.info.decode().identifier
    }

    /// File offset of the node's hierarchy entry.
    pub const fn entry_offset(&self) -> usize {
        self.entry_offset
    }

    /// File offset of the payload.
    pub const fn payload_offset(&self) -> usize {
        self.payload_offset
    }

    /// The payload, for any class (CGeoMesh, CGeoOBBTree, ...).
    pub const fn payload(&self) -> &'a [u8] {
        self.payload
    }
}

/// What a [`Drs`] container is made of besides its bytes: for callers that cannot
/// keep the borrow (the C API) and rebuild it with [`Drs::from_parts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrsParts {
    /// File offset of the first non-root hierarchy entry.
    pub first_entry: usize,
    /// File offset of the root's name.
    pub root_name: usize,
    /// Its length.
    pub root_name_len: usize,
}

impl<'a> Drs<'a> {
    /// The parts [`Drs::from_parts`] rebuilds this container from, with its bytes.
    pub fn parts(&self) -> DrsParts {
        DrsParts {
            first_entry: self.first_entry,
            root_name: (self.root_name.as_ptr() as usize)
                .saturating_sub(self.bytes.as_ptr() as usize),
            root_name_len: self.root_name.len(),
        }
    }

    /// Rebuilds a container in O(1) from the bytes [`Drs::parse`] read and its
    /// [`parts`](Drs::parts), without walking the hierarchy again;
    /// [`collision_shape`](Self::collision_shape) is `None` (rebuild the payload
    /// with [`CollisionShape::parse_in`]). `None` when the header, the information
    /// table or the parts do not fit the bytes. Parts that did not come from
    /// [`Drs::parts`] over the same unchanged bytes give nodes that are unspecified
    /// but never read outside `bytes`.
    pub fn from_parts(bytes: &'a [u8], parts: DrsParts) -> Option<Self> {
        let header =
            wire::header::<raw::DrsHeader, 4, ErrorKind>(bytes, &MAGIC.to_le_bytes()).ok()?;
        let fields = header.decode();
        let info_offset = usize::try_from(fields.node_info_offset).ok()?;
        let count = usize::try_from(fields.node_count).ok().filter(|&n| n > 0)?;
        let infos = wire::Cursor::at(bytes, info_offset).table::<raw::NodeInfo>(count)?;
        let root_end = parts.root_name.checked_add(parts.root_name_len)?;
        let root_name = bytes.get(parts.root_name..root_end)?;
        if parts.first_entry > bytes.len() {
            return None;
        }
        Some(Self {
            bytes,
            header,
            infos,
            first_entry: parts.first_entry,
            root_name,
            collision_shape: None,
        })
    }

    /// The non-root nodes from the hierarchy entry at file offset `at`, which is
    /// node number `next` (1 for the first): [`Nodes::position`] of a walk over the
    /// same container, resumed in O(1).
    pub const fn nodes_from(&self, at: usize, next: u32) -> Nodes<'a> {
        Nodes {
            drs: *self,
            at,
            next,
        }
    }
}

impl Nodes<'_> {
    /// Where the walk is: the next entry's file offset and its node number, for
    /// [`Drs::nodes_from`].
    pub const fn position(&self) -> (usize, u32) {
        (self.at, self.next)
    }
}

/// Iterator over the non-root nodes of a [`Drs`].
#[derive(Clone, Debug)]
pub struct Nodes<'a> {
    drs: Drs<'a>,
    at: usize,
    next: u32,
}

impl<'a> Iterator for Nodes<'a> {
    type Item = Node<'a>;

    fn next(&mut self) -> Option<Node<'a>> {
        let count = self.drs.node_count();
        if self.next >= count {
            return None;
        }
        let read = read_entry(self.drs.bytes, self.at, self.next, count)
            .and_then(|(entry, end)| Ok((self.drs.node_at(entry)?, end)));
        let Some((node, end)) = wire::validated(read.ok()) else {
            self.next = count;
            return None;
        };
        self.at = end;
        self.next = self.next.saturating_add(1);
        Some(node)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n =
            usize::try_from(self.drs.node_count().saturating_sub(self.next)).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Nodes<'_> {}
impl FusedIterator for Nodes<'_> {}

/// A hierarchy entry as read: where it is, its info index and name.
struct Entry<'a> {
    at: usize,
    info_index: u32,
    name: &'a [u8],
}

impl<'a> Drs<'a> {
    fn node_at(&self, entry: Entry<'a>) -> Result<Node<'a>, Error> {
        let missing = Error::new(
            entry.at,
            ErrorKind::InfoIndexOutOfRange {
                entry: entry.info_index,
                index: i32::try_from(entry.info_index).unwrap_or(i32::MAX),
                count: self.node_count(),
            },
        );
        let i = usize::try_from(entry.info_index).map_err(|_| missing)?;
        let info = self.infos.get(i).ok_or(missing)?;
        let (payload_offset, payload) =
            payload_of(self.bytes, info, self.infos.at(i), entry.info_index)?;
        Ok(Node {
            name: entry.name,
            info_index: entry.info_index,
            info,
            entry_offset: entry.at,
            payload_offset,
            payload,
        })
    }
}

/// Reads the non-root hierarchy entry at `at`: its head (`info index i32,
/// length i32`), the name, then the zero `i32` of its tail. Returns it and where
/// the next entry starts. Errors blame the first field that fails, in file order.
fn read_entry(
    bytes: &[u8],
    at: usize,
    entry: u32,
    count: u32,
) -> Result<(Entry<'_>, usize), Error> {
    let file_len = bytes.len();
    let past_end = |end: u64| {
        Error::new(
            at,
            ErrorKind::HierarchyPastEnd {
                entry,
                end,
                file_len,
            },
        )
    };
    let info_index_of = |index: i32| {
        u32::try_from(index)
            .ok()
            .filter(|&i| i >= 1 && i < count)
            .ok_or(Error::new(
                at,
                ErrorKind::InfoIndexOutOfRange {
                    entry,
                    index,
                    count,
                },
            ))
    };
    let length_at = at.saturating_add(ENTRY_NAME_LENGTH_AT);
    let rest = bytes.get(at..).unwrap_or_default();
    let Ok((head, _)) = raw::EntryHead::read_from_prefix(rest) else {
        // Too short for the head: blame the info index when it is missing or out
        // of range, else the name length.
        return Err(match I32::read_from_prefix(rest) {
            Err(_) => past_end((at as u64).saturating_add(ENTRY_FIXED_LEN as u64)),
            Ok((index, _)) => info_index_of(index.get()).err().unwrap_or(Error::new(
                length_at,
                ErrorKind::HierarchyPastEnd {
                    entry,
                    end: (length_at as u64).saturating_add(size_of::<I32>() as u64),
                    file_len,
                },
            )),
        });
    };
    let head = head.decode();
    let info_index = info_index_of(head.info_index)?;
    let (name, after_name) = name_after(bytes, length_at, head.name_length, entry)?;
    // The tail's zero word (its value is not checked: nothing reads it).
    let end = after_name.saturating_add(size_of::<raw::EntryTail>());
    if end > file_len {
        return Err(past_end(end as u64));
    }
    Ok((
        Entry {
            at,
            info_index,
            name,
        },
        end,
    ))
}

/// The name whose `length` word (already read) lies at `length_at`; returns the
/// name and the offset after it.
fn name_after(
    bytes: &[u8],
    length_at: usize,
    length: i32,
    entry: u32,
) -> Result<(&[u8], usize), Error> {
    let length = non_negative(length_at, Field::NameLength, length)?;
    let name_at = length_at.saturating_add(size_of::<I32>());
    // A length of 2^31 - 1 is just a number compared with what is left: nothing is
    // allocated or read before this check.
    let name = bytes
        .get(name_at..)
        .and_then(|rest| rest.get(..length))
        .ok_or(Error::new(
            length_at,
            ErrorKind::HierarchyPastEnd {
                entry,
                end: (name_at as u64).saturating_add(length as u64),
                file_len: bytes.len(),
            },
        ))?;
    Ok((name, name_at.saturating_add(length)))
}

/// The payload of an information entry at file offset `at`, bounds-checked.
fn payload_of<'a>(
    bytes: &'a [u8],
    info: &raw::NodeInfo,
    at: usize,
    info_index: u32,
) -> Result<(usize, &'a [u8]), Error> {
    let fields = info.decode();
    let offset = non_negative(
        at.saturating_add(offset_of!(raw::NodeInfo, offset)),
        Field::PayloadOffset,
        fields.offset,
    )?;
    let size = non_negative(
        at.saturating_add(offset_of!(raw::NodeInfo, size)),
        Field::PayloadSize,
        fields.size,
    )?;
    let end = offset.saturating_add(size);
    let payload = bytes.get(offset..end).ok_or(Error::new(
        at.saturating_add(offset_of!(raw::NodeInfo, offset)),
        ErrorKind::PayloadPastEnd {
            info_index,
            end: (offset as u64).saturating_add(size as u64),
            file_len: bytes.len(),
        },
    ))?;
    Ok((offset, payload))
}

fn non_negative(at: usize, field: Field, value: i32) -> Result<usize, Error> {
    usize::try_from(value).map_err(|_| Error::new(at, ErrorKind::Negative { field, value }))
}

fn saturate_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod parts_tests {
    //! The O(1) rebuilds the C API relies on give what the parsed file gives.
    extern crate std;
    use std::vec::Vec;

    use super::super::{LintsPosition, Options};
    use super::*;

    const SAMPLE: &[u8] = include_bytes!("../../samples/collision.drs");

    #[test]
    fn from_parts_rebuilds_the_container_and_resumes_its_nodes() {
        let drs = Drs::parse(SAMPLE, Options::STRICT).unwrap();
        let again = Drs::from_parts(SAMPLE, drs.parts()).unwrap();
        assert_eq!(again.root_name(), drs.root_name());
        assert!(again.collision_shape().is_none());
        let all: Vec<_> = drs.nodes().collect();
        let mut walk = again.nodes();
        for i in 0..=all.len() {
            let (at, next) = walk.position();
            assert!(again.nodes_from(at, next).eq(all[i..].iter().copied()));
            walk.next();
        }
        let bad = DrsParts {
            root_name: SAMPLE.len(),
            ..drs.parts()
        };
        assert!(Drs::from_parts(SAMPLE, bad).is_none());
        assert!(Drs::from_parts(SAMPLE.get(..10).unwrap(), drs.parts()).is_none());
    }

    #[test]
    fn parse_in_and_lint_positions() {
        let drs = Drs::parse(SAMPLE, Options::STRICT).unwrap();
        let (node, shape) = drs.collision_shape().unwrap();
        let size = node.payload().len();
        let again =
            CollisionShape::parse_in(SAMPLE, node.payload_offset(), size, Options::STRICT).unwrap();
        assert_eq!(again.boxes().start(), shape.boxes().start());
        assert_eq!(again.len(), shape.len());
        assert!(
            CollisionShape::parse_in(SAMPLE, node.payload_offset(), size + 1, Options::STRICT)
                .is_err()
        );
        // A negative sphere radius and a moved centre: two lints to resume between.
        let mut bytes = SAMPLE.to_vec();
        let radius = shape.spheres().offset_of(0).unwrap() + 48;
        bytes[radius..radius + 4].copy_from_slice(&(-1.0f32).to_le_bytes());
        bytes[radius + 4..radius + 8].copy_from_slice(&9.0f32.to_le_bytes());
        let shape =
            CollisionShape::parse_in(&bytes, node.payload_offset(), size, Options::STRICT).unwrap();
        let all: Vec<_> = shape.lints().collect();
        assert_eq!(all.len(), 2);
        let mut walk = shape.lints();
        for i in 0..=all.len() {
            let resumed: Vec<_> = shape.lints_from(walk.position()).collect();
            assert_eq!(resumed, all[i..]);
            walk.next();
        }
        let done = LintsPosition {
            done: true,
            ..walk.position()
        };
        assert_eq!(shape.lints_from(done).count(), 0);
    }
}
