//! Stage `raw`: the on-disk records of IMG archives, read in place (alignment 1,
//! little-endian).

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
