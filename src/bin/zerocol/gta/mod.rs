//! GTA `.col` (`"format": "gta-col"`): `info`, `dump` and `check`.

mod dump;
mod info;

pub use dump::dump;
pub use info::info;

use crate::tool::{Flags, options};

crate::tool::module_tool!(Gta, "`gta-col`: GTA `.col` through [`Tool`].");

/// `zerocol check`: the text inside `ok (...)`, or the error for `error: ...`.
pub fn check(bytes: &[u8], flags: Flags) -> Result<String, String> {
    let lenient = flags.lenient;
    match zerocol::gta::check(bytes, options(lenient)) {
        Ok(summary) => Ok(format!(
            "{} models, {} trailing bytes",
            summary.models, summary.end.trailing_bytes
        )),
        Err(error) => Err(error.to_string()),
    }
}

/// Bytes decoded as Latin-1: every byte is the code point of the same value.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().copied().map(char::from).collect()
}
