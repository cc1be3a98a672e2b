//! Stage `models` (after `validate`): what an entry holds. Entries are sniffed,
//! and `.col` and `.dff` entries hand out their GTA models through the readers of
//! [`crate::gta`], with errors that name the entry and the byte inside it.

use core::iter::FusedIterator;

use super::error::EntryError;
use super::view::EntryData;
use crate::gta;
use crate::{Format, wire};

impl<'a> EntryData<'a> {
    /// The format the entry's first bytes announce ([`crate::sniff`]).
    pub fn sniff(&self) -> Option<Format> {
        crate::sniff(self.bytes)
    }

    /// The entry's first byte in the archive.
    pub fn archive_offset(&self) -> u64 {
        self.entry.byte_range().start
    }

    fn error<K: Copy>(&self, error: wire::Error<K>) -> EntryError<'a, K> {
        EntryError {
            entry: self.entry.index,
            name: self.entry.name,
            entry_offset: self.archive_offset(),
            error,
        }
    }

    /// The GTA models of a `.col` entry, in order (the sector padding after the
    /// last model is zero bytes, which every mode accepts).
    pub fn models(&self, options: gta::Options) -> EntryModels<'a> {
        EntryModels {
            data: *self,
            models: gta::models(self.bytes, options),
        }
    }

    /// Checks every model of a `.col` entry ([`gta::check`]).
    pub fn check(&self, options: gta::Options) -> Result<gta::Summary, EntryError<'a>> {
        gta::check(self.bytes, options).map_err(|e| self.error(e))
    }

    /// Reads a `.dff` entry down to its collision model ([`gta::dff::Dff::parse`]).
    pub fn dff(
        &self,
        options: gta::Options,
    ) -> Result<gta::dff::Dff<'a>, EntryError<'a, gta::dff::ErrorKind>> {
        gta::dff::Dff::parse(self.bytes, options).map_err(|e| self.error(e))
    }
}

/// The models of a `.col` entry; see [`EntryData::models`].
#[derive(Clone, Debug)]
pub struct EntryModels<'a> {
    data: EntryData<'a>,
    models: gta::Models<'a>,
}

impl EntryModels<'_> {
    /// Where the models ended, once the walk finished without error.
    pub const fn end(&self) -> Option<gta::End> {
        self.models.end()
    }
}

impl<'a> Iterator for EntryModels<'a> {
    type Item = Result<gta::Model<'a>, EntryError<'a>>;

    fn next(&mut self) -> Option<Self::Item> {
        let model = self.models.next()?;
        Some(model.map_err(|e| self.data.error(e)))
    }
}

impl FusedIterator for EntryModels<'_> {}
