//! GTA `.col` (`"format": "gta-col"`): `info`, `dump` and `check`.

mod dump;
mod info;

pub use dump::dump;
pub use info::info;

use std::io::{self, Write};

use crate::Verdict;
use crate::tool::{Flags, Tool, options, to_json};

/// `gta-col`: GTA `.col` through [`Tool`].
pub struct Gta;

impl Tool for Gta {
    fn info(
        &self,
        mut out: &mut dyn Write,
        label: &str,
        bytes: &[u8],
        flags: Flags,
    ) -> io::Result<Verdict> {
        info(&mut out, label, bytes, flags.lenient, flags.recover)
    }

    fn dump(&self, bytes: &[u8], flags: Flags) -> Result<serde_json::Result<Vec<u8>>, String> {
        dump(bytes, flags.lenient).map(|d| to_json(&d))
    }

    fn check(&self, bytes: &[u8], flags: Flags) -> Result<String, String> {
        check(bytes, flags.lenient)
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
