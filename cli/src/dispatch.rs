//! From a format to the module that reads it: [`tool`], the one `match` on
//! [`Format`] in the tool. It sits above the format modules, which know only
//! [`Tool`] and the types beside it.

use std::borrow::ToOwned;
use std::io::Write;
use std::string::String;

use zerocol::Format;
use zerocol::grit::Flavour;

use crate::formats::{battleforge, dff, grit, gta, mkgp};
use crate::tool::{Checked, Error, Exported, Flags, Tool};

/// The module that reads `format`. The library's `Format` is `#[non_exhaustive]`: a
/// format it adds before this tool has a module reads as [`Unknown`] (a test checks
/// that every format of [`Format::ALL`] has its module).
pub fn tool(format: Format) -> &'static dyn Tool {
    match format {
        Format::GtaCol => &gta::Gta,
        Format::MkgpCol => &mkgp::Mkgp,
        Format::CollisionShape => &battleforge::BattleForge,
        Format::Tcol => &grit::Grit(Flavour::Tcol),
        Format::Bcol => &grit::Grit(Flavour::Bcol),
        Format::Dff => &dff::Dffs,
        _ => &Unknown,
    }
}

/// A format the library reads and this tool has no module for: every command says so.
struct Unknown;

/// What [`Unknown`] says.
const UNKNOWN: &str = "a format this version of zerocol does not read";

impl Tool for Unknown {
    fn noun(&self) -> &'static str {
        UNKNOWN
    }

    fn looks(&self, _bytes: &[u8]) -> String {
        UNKNOWN.to_owned()
    }

    fn info(&self, _: &mut dyn Write, _: &str, _: &[u8], _: Flags) -> Result<(), Error> {
        Err(Error::Malformed(UNKNOWN.to_owned()))
    }

    fn dump(&self, _: &mut dyn Write, _: &[u8], _: Flags) -> Result<(), Error> {
        Err(Error::Malformed(UNKNOWN.to_owned()))
    }

    fn check(&self, _: &[u8], _: Flags) -> Result<Checked, Error> {
        Err(Error::Malformed(UNKNOWN.to_owned()))
    }

    fn export(&self, _: &[u8], _: Flags, _: &str) -> Result<Exported, Error> {
        Err(Error::Malformed(UNKNOWN.to_owned()))
    }

    fn ray(
        &self,
        _: &mut dyn Write,
        _: &[u8],
        _: zerocol::query::Segment,
        _: Flags,
    ) -> Result<(), Error> {
        Err(Error::Malformed(UNKNOWN.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_has_its_module() {
        for format in Format::ALL {
            assert_ne!(tool(format).noun(), UNKNOWN, "{format:?}");
        }
    }
}
