//! GTA `.col` (`"format": "gta-col"`): `info`, `dump` and `check`.

mod dump;
mod info;

pub use dump::dump;
pub use info::info;

use zerocol::gta::Options;

/// The library options for `--lenient` (the games' rules) or strict reading.
const fn options(lenient: bool) -> Options {
    if lenient {
        Options::LENIENT
    } else {
        Options::STRICT
    }
}

/// `zerocol check`: the text inside `ok (...)`, or the error for `error: ...`.
pub fn check(bytes: &[u8], lenient: bool) -> Result<String, String> {
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
