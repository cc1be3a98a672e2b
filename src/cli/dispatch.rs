//! From a format to the module that reads it: [`tool`], the one `match` on
//! [`Format`] in the tool. It sits above the format modules, which know only
//! [`Tool`] and the types beside it.

use zerocol::Format;
use zerocol::grit::Flavour;

use crate::cli::tool::Tool;
use crate::cli::{battleforge, dff, grit, gta, mkgp};

/// The module that reads `format`. Inside the library the match is exhaustive: a
/// `Format` added without its module does not compile.
pub fn tool(format: Format) -> &'static dyn Tool {
    match format {
        Format::GtaCol => &gta::Gta,
        Format::MkgpCol => &mkgp::Mkgp,
        Format::CollisionShape => &battleforge::BattleForge,
        Format::Tcol => &grit::Grit(Flavour::Tcol),
        Format::Bcol => &grit::Grit(Flavour::Bcol),
        Format::Dff => &dff::Dffs,
    }
}
