//! Parsing the `collisionShape` payload: the version byte, then the counted
//! arrays, with the exact size invariant ([`guide::battleforge`](crate::guide::battleforge)).

use super::Options;
use super::error::{Error, ErrorKind, ShapeKind};
use super::layout::FIXED_LEN;
use super::view::{CollisionShape, VERSION};
use crate::wire::{self, Cursor, Table};

impl<'a> CollisionShape<'a> {
    /// Parses a bare payload (all of `payload`); error and lint offsets count from
    /// its start.
    pub fn parse(payload: &'a [u8], options: Options) -> Result<Self, Error> {
        Self::parse_at(payload, 0, payload.len(), options)
    }

    /// Parses the payload of `size` bytes at `offset` of `file` (a node's
    /// [`payload_offset`](super::Node::payload_offset) and size in a DRS file), in
    /// O(1): error, table and lint offsets are file offsets. For callers that keep
    /// where a payload lies and rebuild its view (the C API).
    pub fn parse_in(
        file: &'a [u8],
        offset: usize,
        size: usize,
        options: Options,
    ) -> Result<Self, Error> {
        Self::parse_at(file, offset, size, options)
    }

    /// Parses the `size` bytes at `offset` of `file`; error offsets, table offsets
    /// and lint offsets are file offsets.
    pub(crate) fn parse_at(
        file: &'a [u8],
        offset: usize,
        size: usize,
        _options: Options,
    ) -> Result<Self, Error> {
        let end = offset.saturating_add(size);
        // The payload and nothing after it: no read below can run past its end.
        let window = file.get(..end).unwrap_or_default();
        let mut cursor = Cursor::at(window, offset);
        let version = *cursor.read::<u8>().ok_or(Error::new(
            offset,
            ErrorKind::SizeMismatch {
                expected: FIXED_LEN,
                size,
            },
        ))?;
        if version != VERSION {
            return Err(Error::new(
                offset,
                ErrorKind::UnsupportedVersion { found: version },
            ));
        }
        let payload = Payload { offset, size };
        let boxes = payload.counted(&mut cursor, ShapeKind::Box)?;
        let spheres = payload.counted(&mut cursor, ShapeKind::Sphere)?;
        let cylinders = payload.counted(&mut cursor, ShapeKind::Cylinder)?;
        // The size invariant is exact: 13 + 72 B + 64 S + 68 C == node size.
        let pos = cursor.pos();
        if pos != end {
            return Err(Error::new(
                pos,
                ErrorKind::SizeMismatch {
                    expected: wire::wide(payload.relative(pos)),
                    size,
                },
            ));
        }
        Ok(Self {
            version,
            boxes,
            spheres,
            cylinders,
        })
    }
}

/// Where a payload lies in the buffer being parsed, for its error fields.
#[derive(Clone, Copy)]
struct Payload {
    offset: usize,
    size: usize,
}

impl Payload {
    /// A buffer offset, counted from the payload start.
    const fn relative(self, at: usize) -> usize {
        at.saturating_sub(self.offset)
    }

    /// Reads `count u32` then that many records at the cursor, advancing it.
    fn counted<'a, T: wire::Record>(
        self,
        cursor: &mut Cursor<'a>,
        shape: ShapeKind,
    ) -> Result<Table<'a, T>, Error> {
        let size = self.size;
        let at = cursor.pos();
        let count = cursor
            .u32()
            .ok_or(Error::new(at, ErrorKind::CountPastEnd { shape, size }))?;
        let records_at = self.relative(cursor.pos());
        usize::try_from(count)
            .ok()
            .and_then(|n| cursor.table::<T>(n))
            .ok_or(Error::new(
                at,
                ErrorKind::ShapesPastEnd {
                    shape,
                    count,
                    end: wire::span_end(wire::wide(records_at), count.into(), size_of::<T>()),
                    size,
                },
            ))
    }
}
