//! GTA collision inside RenderWare `.dff` files
//! ([`guide::gta`](crate::guide::gta), "Collision inside `.dff` files").
//!
//! A `.dff` is a tree of chunks, each a 12-byte header (type, size, library stamp)
//! and a body of `size` bytes; a container's children fill its body back to back.
//! Vehicles and some objects carry one GTA model, of any version, in a plugin chunk
//! of type [`COLLISION_PLUGIN`] inside the Extension of the file's Clump.
//!
//! [`Dff::parse`] walks the chunks from the start of the file to the Clump, then
//! the Clump's children and its Extension's children, with an explicit stack of
//! [`MAX_DEPTH`] entries (no recursion), checking every header against its parent
//! and the buffer once. It then parses the model with the `.col` reader:
//! [`Payload::Model`] is the same zero-copy [`Model`] view, with offsets counted
//! in the `.dff`.
//!
//! ```
//! # fn main() -> Result<(), zerocol::gta::dff::Error> {
//! # let bytes: &[u8] = include_bytes!("../../samples/vehicle.dff");
//! use zerocol::gta::{Options, dff::{Dff, Payload}};
//!
//! let dff = Dff::parse(bytes, Options::STRICT)?;
//! if let Some(collision) = dff.collision() {
//!     match collision.payload() {
//!         Payload::Model(model) => assert_eq!(model.name(), b"lamppost_sa"),
//!         // A PS2 payload without FourCC, size or name: frame it into scratch.
//!         Payload::Headerless(headerless) => {
//!             let mut scratch = [0u8; 512];
//!             let _model = headerless.frame(&mut scratch, Options::STRICT)?;
//!         }
//!         // A kind of payload a later version may add (`Payload` is non-exhaustive).
//!         _ => {}
//!     }
//! }
//! # Ok(()) }
//! ```
//!
//! One payload in the public files (an RC vehicle, PS2) starts at the bounds: it has
//! no FourCC, size or name and continues as a COLL body. [`Payload::Headerless`]
//! reports it; [`Headerless::frame`] copies it behind a 32-byte COLL header with an
//! empty name into caller scratch and parses that, the one copy this module makes.
//!
//! [`Dff::replace`] puts a model back: it writes the `.dff` with the collision
//! chunk's body replaced (or a collision chunk inserted at the end of the Clump's
//! Extension, or an Extension holding one at the end of the Clump) and the sizes of
//! the chunks that enclose it fixed.

// Stage `dff` (after `walk`) of the format's stages (mod.rs).

use core::convert::Infallible;
use core::fmt;

use zerocopy::byteorder::little_endian::U32;

use super::Model;
use super::Options;
use super::raw::ModelHeader;
use crate::wire::{self, Cursor, on_disk};

/// Bytes of a chunk header: type, size, library stamp.
pub const CHUNK_HEADER_LEN: usize = 12;
/// The RenderWare Clump, the top of a model's chunk tree.
pub const CLUMP: u32 = 0x10;
/// An Extension: its children are plugin chunks.
pub const EXTENSION: u32 = 0x03;
/// A UV animation dictionary, which some `.dff` files hold before their Clump.
pub const UV_ANIMATION_DICTIONARY: u32 = 0x2B;
/// The collision plugin ("Collision Model") that GTA reads from a Clump's Extension.
pub const COLLISION_PLUGIN: u32 = 0x0253_F2FA;
/// Chunks the walk holds open at once: the Clump and its Extension, with room to
/// spare. A deeper tree is never walked, so never an error.
pub const MAX_DEPTH: usize = 4;
/// Bytes [`Headerless::frame`] puts before a headerless payload: the FourCC, size,
/// name and model id of a COLL model.
pub const FRAME_LEN: usize = size_of::<ModelHeader>();

on_disk! {
    /// A RenderWare chunk header.
    pub struct ChunkHeader {
        /// The chunk type (0x10 Clump, 0x03 Extension, ...).
        pub kind: U32,
        /// Bytes of the body, after this header.
        pub size: U32,
        /// The library stamp (RenderWare version and build); ignored.
        pub stamp: U32,
    } = 12;
}

/// A malformed `.dff`: the byte offset of the field at fault and what was expected
/// there. Offsets are positions in the `.dff`, the embedded model's too.
pub type Error = wire::Error<ErrorKind>;

wire::error_kind! {
    /// What was wrong with the bytes at [`Error::offset`].
    ///
    /// `Truncated`: fewer than 12 bytes for a chunk header where one must start.
    /// `BadMagic`: the first chunk is neither a Clump nor a UV animation dictionary.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ErrorKind, magic [u8; 4] {
        /// The chunks before the end of the file hold no Clump (the offset is where
        /// the file ends).
        NoClump,
        /// A chunk's body runs past the end of its parent (or of the file, for a
        /// top-level chunk).
        ChunkPastParent {
            /// The chunk's type.
            kind: u32,
            /// Its size field.
            size: u32,
            /// Where its parent ends (the buffer's length for a top-level chunk).
            limit: usize,
        },
        /// A child of the Clump runs past the Clump's declared end but stays inside
        /// the file: the Clump's size is short. Strict only: the game reads on, and
        /// so does [`Options::allow_short_clump`]. At the child's header.
        ClumpChildPastEnd {
            /// The child's type.
            kind: u32,
            /// Its size field.
            size: u32,
            /// Where the Clump's declared size ends.
            clump_end: usize,
        },
        /// The Clump's children end at its declared end, but an Extension follows
        /// it directly: the Clump's size is short. Strict only (the error is at the
        /// size field): the game reads on, and so does
        /// [`Options::allow_short_clump`].
        ShortClump {
            /// The Clump's size field.
            size: u32,
            /// Offset of the Extension's header.
            extension: usize,
            /// The size that would hold the Extension.
            needed: u64,
        },
        /// The embedded model is malformed: what the `.col` reader says of it, at its
        /// position in the `.dff`.
        Model(super::ErrorKind),
        /// [`Headerless::frame`] was given less scratch than [`Headerless::framed_len`].
        StorageTooSmall {
            /// Bytes the framed model needs.
            needed: usize,
            /// Bytes of scratch given.
            available: usize,
        },
    }
}

impl ErrorKind {
    /// `true` for what only [`Options::STRICT`] rejects: the game reads such a file,
    /// and so does [`Options::LENIENT`] (the CLI's `--lenient`). The `Display` text
    /// of a short Clump ends by saying that the game reads past it. An embedded model's error is one when the `.col`
    /// reader says so ([`super::ErrorKind::is_lenient_readable`]).
    pub const fn is_lenient_readable(&self) -> bool {
        match self {
            Self::ClumpChildPastEnd { .. } | Self::ShortClump { .. } => true,
            Self::Model(kind) => kind.is_lenient_readable(),
            _ => false,
        }
    }
}

impl wire::Error<ErrorKind> {
    /// `true` when only strict reading rejects the file: see
    /// [`ErrorKind::is_lenient_readable`].
    pub const fn is_lenient_readable(&self) -> bool {
        self.kind().is_lenient_readable()
    }
}

/// The end of the `Display` text of a short Clump: the game reads past it.
const SHORT_CLUMP_NOTE: &str = " (the game reads past it)";

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Truncated { needed, available } => write!(
                f,
                "a chunk header needs {needed} bytes, {available} are left"
            ),
            Self::BadMagic { found } => {
                f.write_str("expected a Clump (chunk type 0x10) or a UV animation dictionary (0x2B), found type 0x")?;
                write!(f, "{:x}", u32::from_le_bytes(found))
            }
            Self::NoClump => f.write_str("the file ends without a Clump (chunk type 0x10)"),
            Self::ChunkPastParent { kind, size, limit } => write!(
                f,
                "chunk type 0x{kind:x} of {size} bytes runs past its parent's end at byte {limit}"
            ),
            Self::ClumpChildPastEnd {
                kind,
                size,
                clump_end,
            } => write!(
                f,
                "chunk type 0x{kind:x} of {size} bytes runs past the Clump's end at byte \
                 {clump_end}, inside the file: the Clump's size is short{SHORT_CLUMP_NOTE}"
            ),
            Self::ShortClump {
                size,
                extension,
                needed,
            } => write!(
                f,
                "the Clump declares {size} bytes, but the Extension at byte {extension} right after it \
                 needs a size of {needed}: the Clump's size is short{SHORT_CLUMP_NOTE}"
            ),
            Self::Model(kind) => write!(f, "embedded collision model: {kind}"),
            Self::StorageTooSmall { needed, available } => write!(
                f,
                "framing the headerless payload needs {needed} bytes of scratch, {available} given"
            ),
        }
    }
}

/// One chunk whose header the walk checked: its body lies inside the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Chunk {
    offset: usize,
    kind: u32,
    size: u32,
    end: usize,
}

impl Chunk {
    /// Offset of the chunk's header.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The chunk type.
    pub const fn kind(&self) -> u32 {
        self.kind
    }

    /// The size field: bytes of the body.
    pub const fn size(&self) -> u32 {
        self.size
    }

    /// Offset of the body (the header's end).
    pub const fn body_start(&self) -> usize {
        // Checked when the chunk was read: offset + 12 <= end.
        self.offset.saturating_add(CHUNK_HEADER_LEN)
    }

    /// Offset just past the body.
    pub const fn end(&self) -> usize {
        self.end
    }

    /// Reads the chunk header at `at`, whose body must end by `limit`.
    fn read(bytes: &[u8], at: usize, limit: usize) -> Result<Self, Error> {
        let available = limit.saturating_sub(at);
        let header = Cursor::at(bytes.get(..limit).unwrap_or_default(), at)
            .read::<ChunkHeader>()
            .ok_or(Error::new(
                at,
                ErrorKind::Truncated {
                    needed: CHUNK_HEADER_LEN,
                    available,
                },
            ))?;
        let (kind, size) = (header.kind.get(), header.size.get());
        let end = usize::try_from(size)
            .ok()
            .and_then(|size| at.checked_add(CHUNK_HEADER_LEN)?.checked_add(size))
            .filter(|&end| end <= limit)
            .ok_or(Error::new(
                at,
                ErrorKind::ChunkPastParent { kind, size, limit },
            ))?;
        Ok(Self {
            offset: at,
            kind,
            size,
            end,
        })
    }
}

/// What the collision chunk holds.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Payload<'a> {
    /// A whole GTA model, FourCC first, parsed and validated.
    Model(Model<'a>),
    /// A COLL body with no FourCC, size or name (the PS2 release); see
    /// [`Headerless::frame`].
    Headerless(Headerless<'a>),
}

/// A headerless PS2 payload: COLL bounds and body with nothing before them. Not
/// yet validated: [`Headerless::frame`] parses it.
#[derive(Clone, Copy, Debug)]
pub struct Headerless<'a> {
    offset: usize,
    bytes: &'a [u8],
}

impl<'a> Headerless<'a> {
    /// The payload: bounds first.
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Offset of the payload (the bounds) in the `.dff`.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Bytes of scratch [`Headerless::frame`] needs: the payload and 32 more.
    pub const fn framed_len(&self) -> usize {
        self.bytes.len().saturating_add(FRAME_LEN)
    }

    /// Copies the payload behind a COLL header with an empty name and model id 0
    /// into `scratch`, and parses that as a COLL model with `options`. The model's
    /// offsets count in `scratch` (the payload starts at [`FRAME_LEN`]); an error's
    /// offset is its position in the `.dff`.
    pub fn frame<'s>(&self, scratch: &'s mut [u8], options: Options) -> Result<Model<'s>, Error> {
        let needed = self.framed_len();
        let available = scratch.len();
        let too_small = Error::new(
            self.offset,
            ErrorKind::StorageTooSmall { needed, available },
        );
        let framed = scratch.get_mut(..needed).ok_or(too_small)?;
        let (header, body) = framed.split_at_mut_checked(FRAME_LEN).ok_or(too_small)?;
        body.copy_from_slice(self.bytes);
        // The size counts the name block (24 bytes) and the payload.
        let size = u32::try_from(self.bytes.len())
            .ok()
            .and_then(|len| len.checked_add(24))
            .unwrap_or(u32::MAX);
        header.fill(0);
        if let Some((fourcc, rest)) = header.split_first_chunk_mut::<4>() {
            *fourcc = *b"COLL";
            if let Some(field) = rest.first_chunk_mut::<4>() {
                *field = size.to_le_bytes();
            }
        }
        let framed: &'s [u8] = framed;
        super::Model::parse(framed, options).map_err(|error| {
            // Scratch position to `.dff` position: the payload starts at FRAME_LEN.
            let offset = error
                .offset()
                .saturating_sub(FRAME_LEN)
                .saturating_add(self.offset);
            Error::new(offset, ErrorKind::Model(error.kind()))
        })
    }
}

/// The collision chunk of a `.dff` and what it holds.
#[derive(Clone, Copy, Debug)]
pub struct Collision<'a> {
    chunk: Chunk,
    payload: Payload<'a>,
}

impl<'a> Collision<'a> {
    /// The collision plugin chunk.
    pub const fn chunk(&self) -> Chunk {
        self.chunk
    }

    /// The model it holds.
    pub const fn payload(&self) -> Payload<'a> {
        self.payload
    }

    /// `true` for a PS2 payload with no FourCC, size or name.
    pub const fn is_headerless(&self) -> bool {
        matches!(self.payload, Payload::Headerless(_))
    }
}

/// A `.dff` whose chunks down to the collision plugin were checked.
#[derive(Clone, Copy, Debug)]
pub struct Dff<'a> {
    bytes: &'a [u8],
    clump: Chunk,
    extension: Option<Chunk>,
    collision: Option<Collision<'a>>,
    short_clump: bool,
    /// Where the Clump's last child read ends: past the Clump's declared end when
    /// a short Clump was read leniently.
    children_end: usize,
}

/// A chunk open on the walk's stack, and where its next child starts.
#[derive(Clone, Copy, Debug)]
struct Open {
    chunk: Chunk,
    next: usize,
    limit: usize,
}

impl<'a> Dff<'a> {
    /// Walks `bytes` to the Clump and the collision plugin in its Extension, and
    /// parses the model there with `options`.
    ///
    /// Strict: the top-level chunks before the Clump, the Clump's children and the
    /// Extension's children each lie inside their parent. With
    /// [`Options::allow_short_clump`], the Clump's children may run past its
    /// declared end while they stay inside the buffer (one real file's Clump is 720
    /// bytes short); [`Dff::has_short_clump`] says so. Bytes after the model inside
    /// the chunk must be zero unless [`Options::stop_at_unknown_fourcc`].
    pub fn parse(bytes: &'a [u8], options: Options) -> Result<Self, Error> {
        let clump = find_clump(bytes)?;
        // The Clump, then its Extension: only those are descended into.
        let mut stack = arrayvec::ArrayVec::<Open, MAX_DEPTH>::new();
        let clump_limit = if options.allow_short_clump {
            bytes.len()
        } else {
            clump.end
        };
        let mut short_clump = false;
        let mut children_end = clump.end;
        let mut extension = None;
        let mut found = None;
        push(&mut stack, clump, clump.body_start(), clump_limit);
        while let Some(open) = stack.last_mut() {
            let past_clump_end = open.chunk.kind == CLUMP && open.next >= open.chunk.end;
            if open.next >= open.limit || (past_clump_end && extension.is_some()) {
                stack.pop();
                continue;
            }
            let child = match Chunk::read(bytes, open.next, open.limit) {
                Ok(child) => child,
                // Lenient reading past a short Clump's end stops at the first header
                // that does not fit.
                Err(_) if past_clump_end => {
                    stack.pop();
                    continue;
                }
                Err(error) => {
                    // Strictly, a child of the Clump that the file holds is a short
                    // Clump, which the game (and lenient reading) reads on past.
                    let in_clump = open.chunk.kind == CLUMP && !options.allow_short_clump;
                    return Err(match Chunk::read(bytes, open.next, bytes.len()) {
                        Ok(child) if in_clump => Error::new(
                            error.offset(),
                            ErrorKind::ClumpChildPastEnd {
                                kind: child.kind,
                                size: child.size,
                                clump_end: open.limit,
                            },
                        ),
                        _ => error,
                    });
                }
            };
            open.next = child.end;
            if child.end > open.chunk.end {
                short_clump = true;
            }
            if open.chunk.kind == CLUMP {
                children_end = children_end.max(child.end);
            }
            match (open.chunk.kind, child.kind) {
                (CLUMP, EXTENSION) if extension.is_none() => {
                    extension = Some(child);
                    push(&mut stack, child, child.body_start(), child.end);
                }
                (EXTENSION, COLLISION_PLUGIN) if found.is_none() => found = Some(child),
                _ => {}
            }
        }
        if !options.allow_short_clump && extension.is_none() {
            // The real file's shape: the Extension lies wholly past the Clump's end.
            if let Ok(next) = Chunk::read(bytes, clump.end, bytes.len()) {
                if next.kind == EXTENSION {
                    let needed =
                        wire::wide(next.end).saturating_sub(wire::wide(clump.body_start()));
                    return Err(Error::new(
                        clump.offset.saturating_add(4),
                        ErrorKind::ShortClump {
                            size: clump.size,
                            extension: next.offset,
                            needed,
                        },
                    ));
                }
            }
        }
        let collision = match found {
            Some(chunk) => Some(Collision {
                chunk,
                payload: payload(bytes, chunk, options)?,
            }),
            None => None,
        };
        Ok(Self {
            bytes,
            clump,
            extension,
            collision,
            short_clump,
            children_end,
        })
    }

    /// The buffer parsed.
    pub const fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The Clump.
    pub const fn clump(&self) -> Chunk {
        self.clump
    }

    /// The Clump's Extension, if it has one.
    pub const fn extension(&self) -> Option<Chunk> {
        self.extension
    }

    /// The collision plugin, if the Clump's Extension holds one.
    pub const fn collision(&self) -> Option<Collision<'a>> {
        self.collision
    }

    /// Where the Clump's last child ends: the Clump's end, or past it when
    /// [`Options::allow_short_clump`] read a short Clump. [`Dff::replace`] puts a new
    /// Extension there.
    pub const fn children_end(&self) -> usize {
        self.children_end
    }

    /// `true` when a chunk of the Clump lies past the Clump's declared end, which
    /// only [`Options::allow_short_clump`] accepts.
    pub const fn has_short_clump(&self) -> bool {
        self.short_clump
    }

    /// Bytes [`Dff::replace`] writes for a model of `model_len` bytes.
    pub fn replace_len(&self, model_len: usize) -> Result<usize, WriteError> {
        Ok(self.splice(model_len)?.len)
    }

    /// Writes the `.dff` into `out` with `model` as its collision: the collision
    /// chunk's body replaced, or a collision chunk appended to the Clump's Extension,
    /// or an Extension holding one appended to the Clump. The size fields of the
    /// chunks that enclose it grow or shrink with it; every other byte is copied.
    /// Returns the bytes written ([`Dff::replace_len`]).
    pub fn replace(&self, model: &Model<'_>, out: &mut [u8]) -> Result<usize, WriteError> {
        let model = model.bytes();
        let splice = self.splice(model.len())?;
        let mut w = wire::Out::new(out, splice.len)?;
        let before = self.bytes.get(..splice.start).unwrap_or_default();
        let after = self.bytes.get(splice.end..).unwrap_or_default();
        w.put(before)?;
        let stamp = self.stamp();
        if splice.new_extension {
            w.put(&chunk_header(EXTENSION, splice.extension_size, stamp))?;
        }
        if splice.new_chunk {
            w.put(&chunk_header(COLLISION_PLUGIN, splice.chunk_size, stamp))?;
        } else if let Some(collision) = self.collision {
            // The old header, with the new size.
            let header = self
                .bytes
                .get(collision.chunk.offset..collision.chunk.body_start())
                .unwrap_or_default();
            let mut patched = [0u8; CHUNK_HEADER_LEN];
            if let Some(patched) = wire::validated(patched.get_mut(..header.len())) {
                patched.copy_from_slice(header);
            }
            set_size(&mut patched, 0, splice.chunk_size);
            w.put(&patched)?;
        }
        w.put(model)?;
        w.put(after)?;
        let written = w.written();
        let out = out.get_mut(..written).unwrap_or_default();
        for (at, size) in splice.resized.iter().flatten() {
            set_size(out, *at, *size);
        }
        Ok(written)
    }

    /// The library stamp of the Clump, for the chunks [`Dff::replace`] creates.
    fn stamp(&self) -> u32 {
        Cursor::at(self.bytes, self.clump.offset)
            .read::<ChunkHeader>()
            .map_or(0, |header| header.stamp.get())
    }

    /// What [`Dff::replace`] cuts out, puts in, and which size fields change.
    fn splice(&self, model_len: usize) -> Result<Splice, WriteError> {
        let too_large = WriteError::TooLarge;
        let chunk_size = u32::try_from(model_len).map_err(|_| too_large)?;
        let framed = model_len.checked_add(CHUNK_HEADER_LEN).ok_or(too_large)?;
        // Where the new bytes go, what they replace, and who encloses them.
        let (start, end, new_chunk, new_extension, parents) = match (self.collision, self.extension)
        {
            (Some(collision), Some(extension)) => (
                collision.chunk.offset,
                collision.chunk.end,
                false,
                false,
                [Some(self.clump), Some(extension)],
            ),
            (None, Some(extension)) => (
                extension.end,
                extension.end,
                true,
                false,
                [Some(self.clump), Some(extension)],
            ),
            // A collision chunk is only found inside an Extension. The new one goes
            // after the Clump's last child (past a short Clump's declared end).
            (_, None) => (
                self.children_end,
                self.children_end,
                true,
                true,
                [Some(self.clump), None],
            ),
        };
        let added = if new_extension {
            framed.checked_add(CHUNK_HEADER_LEN).ok_or(too_large)?
        } else {
            framed
        };
        let extension_size = u32::try_from(framed).map_err(|_| too_large)?;
        let removed = end.saturating_sub(start);
        let len = self
            .bytes
            .len()
            .checked_sub(removed)
            .and_then(|len| len.checked_add(added))
            .ok_or(too_large)?;
        let mut resized = [None, None];
        for (slot, parent) in resized.iter_mut().zip(parents) {
            // A chunk that holds what changed grows or shrinks with it; one that ends
            // before it (a short Clump) keeps its size; a short Clump whose declared
            // end falls inside the bytes replaced now ends with the new bytes.
            let Some(parent) = parent.filter(|parent| parent.end >= end || parent.end > start)
            else {
                continue;
            };
            let new_end = if parent.end >= end {
                parent
                    .end
                    .checked_sub(removed)
                    .and_then(|e| e.checked_add(added))
            } else {
                start.checked_add(added)
            };
            let size = new_end
                .and_then(|e| e.checked_sub(parent.body_start()))
                .and_then(|size| u32::try_from(size).ok())
                .ok_or(too_large)?;
            *slot = Some((parent.offset, size));
        }
        Ok(Splice {
            start,
            end,
            len,
            new_chunk,
            new_extension,
            chunk_size,
            extension_size,
            resized,
        })
    }
}

/// Why [`Dff::replace`] wrote nothing: the output buffer is too small, or a size no
/// longer fits its 32-bit field.
pub type WriteError = wire::WriteError<Infallible>;

/// The plan of one [`Dff::replace`].
struct Splice {
    /// Bytes of the input kept before the new bytes.
    start: usize,
    /// Where the input resumes after them.
    end: usize,
    /// Bytes of output.
    len: usize,
    /// A collision chunk header is written (none existed).
    new_chunk: bool,
    /// An Extension header is written before it (the Clump had none).
    new_extension: bool,
    /// The collision chunk's new size field.
    chunk_size: u32,
    /// The new Extension's size field.
    extension_size: u32,
    /// The enclosing chunks' header offsets and new size fields.
    resized: [Option<(usize, u32)>; 2],
}

/// The first Clump among the top-level chunks.
fn find_clump(bytes: &[u8]) -> Result<Chunk, Error> {
    let mut at = 0;
    loop {
        if at == bytes.len() && at > 0 {
            return Err(Error::new(at, ErrorKind::NoClump));
        }
        let chunk = Chunk::read(bytes, at, bytes.len())?;
        if at == 0 && chunk.kind != CLUMP && chunk.kind != UV_ANIMATION_DICTIONARY {
            let found = chunk.kind.to_le_bytes();
            return Err(Error::new(0, ErrorKind::BadMagic { found }));
        }
        if chunk.kind == CLUMP {
            return Ok(chunk);
        }
        at = chunk.end;
    }
}

/// Pushes an open chunk; the walk never holds more than [`MAX_DEPTH`].
fn push(stack: &mut arrayvec::ArrayVec<Open, MAX_DEPTH>, chunk: Chunk, next: usize, limit: usize) {
    let pushed = stack.try_push(Open { chunk, next, limit });
    let _ = wire::validated(pushed.ok());
}

/// Parses the collision chunk's body.
fn payload(bytes: &[u8], chunk: Chunk, options: Options) -> Result<Payload<'_>, Error> {
    let start = chunk.body_start();
    let within = bytes.get(..chunk.end).unwrap_or_default();
    let body = within.get(start..).unwrap_or_default();
    let has_fourcc = body
        .first_chunk::<4>()
        .is_some_and(|fourcc| super::Version::from_fourcc(fourcc).is_some());
    if !has_fourcc {
        return Ok(Payload::Headerless(Headerless {
            offset: start,
            bytes: body,
        }));
    }
    let model = super::validate::parse_at(within, start, options)
        .map_err(|error| Error::new(error.offset(), ErrorKind::Model(error.kind())))?;
    if !options.stop_at_unknown_fourcc {
        let end = start.saturating_add(model.len());
        let tail = within.get(end..).unwrap_or_default();
        if let Some(at) = tail.iter().position(|&b| b != 0) {
            let found = tail.get(at).copied().unwrap_or_default();
            return Err(Error::new(
                end.saturating_add(at),
                ErrorKind::Model(super::ErrorKind::NonZeroPadding { found }),
            ));
        }
    }
    Ok(Payload::Model(model))
}

/// A chunk header's 12 bytes.
fn chunk_header(kind: u32, size: u32, stamp: u32) -> [u8; CHUNK_HEADER_LEN] {
    let mut header = [0u8; CHUNK_HEADER_LEN];
    for (field, value) in header.chunks_exact_mut(4).zip([kind, size, stamp]) {
        field.copy_from_slice(&value.to_le_bytes());
    }
    header
}

/// Stores `size` in the size field of the chunk header at `at`.
fn set_size(bytes: &mut [u8], at: usize, size: u32) {
    let field = at
        .checked_add(4)
        .and_then(|start| bytes.get_mut(start..start.checked_add(4)?));
    if let Some(field) = wire::validated(field) {
        field.copy_from_slice(&size.to_le_bytes());
    }
}
