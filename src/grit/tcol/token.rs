//! TCOL tokens: what the lexer (`lexer.rs`) hands out and errors (`error.rs`)
//! name. Data only, a leaf: re-exported by [`lexer`](super::lexer).

use core::fmt;

use super::Position;
use crate::grit::body::Keyword;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum TokenKind {
    /// A keyword.
    Keyword(Keyword),
    /// `;`.
    Semicolon,
    /// `{`.
    LeftBrace,
    /// `}`.
    RightBrace,
    /// `"…"`: no escapes, may span lines.
    String,
    /// `0|[1-9][0-9]*`: what the engine calls a "positive integer".
    Natural,
    /// A signed or fractional or exponent number (`-2`, `007.5`, `.5`, `5.`,
    /// `1E+2`): everything numeric that is not a NATURAL.
    Float,
    /// `0x` and letters or digits: the old face flags, lexed and never accepted
    /// (except by the lenient option, as a face material).
    Hex,
    /// Any other byte, alone: the engine's "bad token" (an unterminated string is
    /// its opening quote as a bad token).
    Unknown(u8),
    /// The end of the text (also inside an unterminated `/*` comment).
    EndOfFile,
}

impl fmt::Display for TokenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Keyword(k) => write!(f, "`{k}`"),
            Self::Semicolon => f.write_str("`;`"),
            Self::LeftBrace => f.write_str("`{`"),
            Self::RightBrace => f.write_str("`}`"),
            Self::String => f.write_str("a quoted string"),
            Self::Natural => f.write_str("an integer"),
            Self::Float => f.write_str("a number"),
            Self::Hex => f.write_str("a hex flag"),
            Self::Unknown(b) if b.is_ascii_graphic() => {
                write!(f, "the bad token `{}`", char::from(b))
            }
            Self::Unknown(b) => write!(f, "the bad byte 0x{b:02x}"),
            Self::EndOfFile => f.write_str("the end of the file"),
        }
    }
}

/// One token: its kind, where it starts, and its length in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it starts (for [`TokenKind::EndOfFile`], just past the last byte).
    pub position: Position,
    /// Its length in bytes (a string's includes both quotes).
    pub len: usize,
}

impl Token {
    /// The token's bytes in `text`, the text it was lexed from (empty if `text`
    /// is another).
    pub fn bytes<'a>(&self, text: &'a [u8]) -> &'a [u8] {
        let start = self.position.offset;
        text.get(start..start.saturating_add(self.len))
            .unwrap_or_default()
    }
}
