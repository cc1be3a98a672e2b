//! The on-disk records of IMG archives, read in place (alignment 1, little-endian).
//!
//! Nothing in the crate hands these out (the [`Directory`](super::Directory) decodes its
//! entries); they state the layout, and read an archive's bytes in place with
//! `zerocopy`:
//!
//! ```
//! use zerocol::img::raw;
//! use zerocopy::FromBytes;
//!
//! let mut entry = [0u8; 32];
//! entry[..4].copy_from_slice(&3u32.to_le_bytes()); // sector 3
//! entry[6..8].copy_from_slice(&2u16.to_le_bytes()); // 2 sectors
//! entry[8..18].copy_from_slice(b"sample.col");
//! let (e, _) = raw::EntryV2::ref_from_prefix(&entry).expect("32 bytes, any alignment");
//! assert_eq!((e.offset.get(), e.archive_size.get()), (3, 2));
//! assert_eq!(core::mem::size_of::<raw::EntryV2>(), 32);
//! ```

// Stage `raw` of the format's stages (mod.rs).

use zerocopy::byteorder::little_endian::{U16, U32};

use crate::wire::on_disk;

on_disk! {
    /// A v1 (GTA III, Vice City) `.dir` entry: offset and size in 2,048-byte sectors.
    pub struct EntryV1 {
        /// First sector of the entry in the `.img`.
        pub offset: U32,
        /// Sectors of the entry.
        pub size: U32,
        /// The name, NUL-terminated.
        pub name: [u8; 24],
    }
    = 32;
}

on_disk! {
    /// The v2 (San Andreas) header: `"VER2"` and the entry count.
    pub struct HeaderV2 {
        /// `"VER2"`.
        pub magic: [u8; 4],
        /// Entries in the directory that follows.
        pub count: U32,
    }
    = 8;
}

on_disk! {
    /// A v2 directory entry: offset and sizes in 2,048-byte sectors.
    pub struct EntryV2 {
        /// First sector of the entry, from the archive's start.
        pub offset: U32,
        /// Streaming size in sectors (the size where `archive_size` is 0).
        pub streaming_size: U16,
        /// Size in the archive in sectors; the game's size where non-zero.
        pub archive_size: U16,
        /// The name, NUL-terminated.
        pub name: [u8; 24],
    }
    = 32;
}
