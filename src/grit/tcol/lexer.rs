//! The TCOL lexer, rule for rule the engine's `tcol_lexer.qx` ([`guide::grit`](crate::guide::grit)).
//!
//! The engine's lexer is a longest-match scanner with no identifier rule: a
//! keyword is matched wherever its letters appear (`mass30` is `mass` `30`), and
//! any other single character is a "bad token". Ties between rules of the same
//! length go to the rule listed first: keywords, then NATURAL, FLOAT, HEX.
//!
//! ```
//! use zerocol::grit::tcol::lexer::{Keyword, Lexer, TokenKind};
//!
//! let text = b"mass30;\n\"Stone\"";
//! let mut lexer = Lexer::new(text);
//! let mut kinds = Vec::new();
//! loop {
//!     let token = lexer.next_token()?;
//!     if token.kind == TokenKind::EndOfFile {
//!         break;
//!     }
//!     kinds.push((token.kind, token.bytes(text), token.position.line));
//! }
//! assert_eq!(kinds, [
//!     (TokenKind::Keyword(Keyword::Mass), &b"mass"[..], 1), // no identifier rule
//!     (TokenKind::Natural, &b"30"[..], 1),
//!     (TokenKind::Semicolon, &b";"[..], 1),
//!     (TokenKind::String, &b"\"Stone\""[..], 2),
//! ]);
//! # Ok::<(), zerocol::grit::tcol::Error>(())
//! ```

use core::fmt;

use super::Position;
use super::error::{Error, ErrorKind};
pub use super::token::{Token, TokenKind};
pub use crate::grit::body::Keyword;
use crate::grit::body::TextAt;

/// Every spelling the lexer knows. No keyword is a prefix of another, so the
/// first that matches is the longest match.
const KEYWORDS: [(&[u8], Keyword); 39] = [
    (b"TCOL1.0", Keyword::Tcol),
    (b"attributes", Keyword::Attributes),
    (b"static", Keyword::Static),
    (b"mass", Keyword::Mass),
    (b"inertia", Keyword::Inertia),
    (b"friction", Keyword::Friction),
    (b"restitution", Keyword::Restitution),
    (b"linear_damping", Keyword::LinearDamping),
    (b"angular_damping", Keyword::AngularDamping),
    (b"linear_sleep_threshold", Keyword::LinearSleepThreshold),
    (b"angular_sleep_threshold", Keyword::AngularSleepThreshold),
    (b"ccd_motion_threshold", Keyword::CcdMotionThreshold),
    (b"ccd_swept_sphere_radius", Keyword::CcdSweptSphereRadius),
    (b"margin", Keyword::Margin),
    (b"material", Keyword::Material),
    (b"shrink", Keyword::Shrink),
    (b"centre", Keyword::Centre),
    (b"center", Keyword::Centre),
    (b"normal", Keyword::Normal),
    (b"orientation", Keyword::Orientation),
    (b"dimensions", Keyword::Dimensions),
    (b"radius", Keyword::Radius),
    (b"height", Keyword::Height),
    (b"distance", Keyword::Distance),
    (b"vertexes", Keyword::Vertexes),
    (b"vertices", Keyword::Vertexes),
    (b"faces", Keyword::Faces),
    (b"max_edge_angle_threshold", Keyword::MaxEdgeAngleThreshold),
    (b"edge_distance_threshold", Keyword::EdgeDistanceThreshold),
    (b"compound", Keyword::Compound),
    (b"hull", Keyword::Hull),
    (b"box", Keyword::Box),
    (b"cylinder", Keyword::Cylinder),
    (b"cone", Keyword::Cone),
    (b"sphere", Keyword::Sphere),
    (b"plane", Keyword::Plane),
    (b"capsule", Keyword::Capsule),
    (b"multisphere", Keyword::Multisphere),
    (b"trimesh", Keyword::Trimesh),
];

// The lexer looks a keyword up by its first byte: none may be empty.
const _: () = {
    let mut rest: &[(&[u8], Keyword)] = &KEYWORDS;
    while let [(spelling, _), tail @ ..] = rest {
        assert!(!spelling.is_empty(), "an empty keyword");
        rest = tail;
    }
};

/// The engine's lexer over TCOL text, with positions: 1-based line, 1-based
/// column in bytes (only LF starts a line).
///
/// A NUL byte anywhere (the engine silently stops reading there) is an error at
/// its position; nothing else is: a byte no rule matches is a
/// [`TokenKind::Unknown`] token for the parser to reject.
#[derive(Clone, Copy)]
pub struct Lexer<'a> {
    text: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
}

/// The position and the text's length, not the text (which may be megabytes).
impl fmt::Debug for Lexer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lexer")
            .field("position", &self.position())
            .field("text_len", &self.text.len())
            .finish()
    }
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub const fn new(text: &'a [u8]) -> Self {
        Self {
            text,
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The text being lexed.
    pub const fn text(&self) -> &'a [u8] {
        self.text
    }

    /// A lexer where a lazy list of the text stands.
    pub(crate) const fn resume(at: TextAt<'a>) -> Self {
        Self {
            text: at.text,
            pos: at.offset,
            line: at.line,
            line_start: at.line_start,
        }
    }

    /// Where this lexer stands, for a lazy list to resume from.
    pub(crate) const fn at(&self) -> TextAt<'a> {
        TextAt {
            text: self.text,
            offset: self.pos,
            line: self.line,
            line_start: self.line_start,
        }
    }

    /// Where the next token (or the whitespace before it) starts.
    pub fn position(&self) -> Position {
        self.position_at(self.pos)
    }

    fn position_at(&self, offset: usize) -> Position {
        let column = offset.saturating_sub(self.line_start).saturating_add(1);
        Position {
            line: self.line,
            column: u32::try_from(column).unwrap_or(u32::MAX),
            offset,
        }
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.text.get(at).copied()
    }

    /// Moves to `to`, counting the line feeds passed over.
    fn advance(&mut self, to: usize) {
        let from = self.pos;
        if let Some(passed) = self.text.get(from..to) {
            for (i, b) in passed.iter().enumerate() {
                if *b == b'\n' {
                    self.line = self.line.saturating_add(1);
                    self.line_start = from.saturating_add(i).saturating_add(1);
                }
            }
        }
        self.pos = to;
    }

    fn nul_error(&self, at: usize) -> Error {
        Error::new(self.position_at(at), ErrorKind::NulByte)
    }

    /// From `from`, the offset of the next line feed (or the end), or an error at
    /// a NUL met first.
    fn line_end(&self, from: usize) -> Result<usize, Error> {
        let rest = self.text.get(from..).unwrap_or_default();
        match rest.iter().position(|&b| b == b'\n' || b == 0) {
            Some(i) => {
                let at = from.saturating_add(i);
                if self.byte(at) == Some(0) {
                    Err(self.nul_error(at))
                } else {
                    Ok(at)
                }
            }
            None => Ok(self.text.len()),
        }
    }

    /// Skips whitespace (space, tab, CR, LF, VT) and comments. Inside `/* */`, a
    /// `//` swallows the rest of its line, `*/` included; an unterminated `/*`
    /// runs to the end of the text.
    fn skip_blank(&mut self) -> Result<(), Error> {
        loop {
            match self.byte(self.pos) {
                Some(b) if is_blank(b) => {
                    // The whole run at once: one pass to find its end, one to
                    // count its line feeds (byte by byte, this was the lexer's
                    // largest cost).
                    let rest = self.text.get(self.pos..).unwrap_or_default();
                    let run = rest
                        .iter()
                        .position(|&b| !is_blank(b))
                        .unwrap_or(rest.len());
                    self.advance(self.pos.saturating_add(run));
                }
                Some(b'/') => match self.byte(self.pos.saturating_add(1)) {
                    Some(b'/') => {
                        let end = self.line_end(self.pos)?;
                        self.advance(end);
                    }
                    Some(b'*') => self.skip_block_comment()?,
                    _ => return Ok(()),
                },
                _ => return Ok(()),
            }
        }
    }

    fn skip_block_comment(&mut self) -> Result<(), Error> {
        let mut at = self.pos.saturating_add(2);
        loop {
            match (self.byte(at), self.byte(at.saturating_add(1))) {
                (None, _) => break,
                (Some(0), _) => {
                    self.advance(at);
                    return Err(self.nul_error(at));
                }
                (Some(b'*'), Some(b'/')) => {
                    at = at.saturating_add(2);
                    break;
                }
                (Some(b'/'), Some(b'/')) => {
                    // Keep the line count current for an error's position.
                    self.advance(at);
                    at = self.line_end(at)?;
                }
                _ => at = at.saturating_add(1),
            }
        }
        self.advance(at);
        Ok(())
    }

    /// The next token; after the end of the text, [`TokenKind::EndOfFile`] again
    /// and again.
    pub fn next_token(&mut self) -> Result<Token, Error> {
        self.skip_blank()?;
        let start = self.pos;
        let position = self.position();
        let rest = self.text.get(start..).unwrap_or_default();
        let (kind, len) = match rest.first() {
            None => (TokenKind::EndOfFile, 0),
            Some(0) => return Err(self.nul_error(start)),
            Some(b';') => (TokenKind::Semicolon, 1),
            Some(b'{') => (TokenKind::LeftBrace, 1),
            Some(b'}') => (TokenKind::RightBrace, 1),
            Some(b'"') => match lex_string(rest) {
                Ok(string) => string,
                Err(i) => {
                    let at = start.saturating_add(i);
                    self.advance(at);
                    return Err(self.nul_error(at));
                }
            },
            Some(b'0'..=b'9' | b'+' | b'-' | b'.') => lex_number(rest),
            Some(&b) => KEYWORDS
                .iter()
                // The first byte rules out most spellings before a comparison.
                .find(|(spelling, _)| spelling.first() == Some(&b) && begins_with(rest, spelling))
                .map_or((TokenKind::Unknown(b), 1), |(spelling, k)| {
                    (TokenKind::Keyword(*k), spelling.len())
                }),
        };
        let end = start.saturating_add(len);
        if kind == TokenKind::String {
            // Only a string can hold a line feed.
            self.advance(end);
        } else {
            self.pos = end;
        }
        Ok(Token {
            kind,
            position,
            len,
        })
    }
}

/// Whitespace to the engine's lexer: space, tab, CR, LF and VT (not FF).
#[inline]
pub(crate) const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b)
}

/// Whether `text` begins with `prefix`, byte by byte. `starts_with` calls `memcmp`
/// for each candidate keyword, which a sanitizer intercepts: under AddressSanitizer
/// that call cost more than the compare itself (CHANGELOG.md says how much).
fn begins_with(text: &[u8], prefix: &[u8]) -> bool {
    text.len() >= prefix.len() && text.iter().zip(prefix).all(|(a, b)| a == b)
}

/// A string from its opening quote: up to the next quote, or the quote alone as a
/// bad token when none follows. `Err(i)`: a NUL at `i` inside the string.
fn lex_string(rest: &[u8]) -> Result<(TokenKind, usize), usize> {
    let body = rest.get(1..).unwrap_or_default();
    let Some(close) = body.iter().position(|&b| b == b'"') else {
        return Ok((TokenKind::Unknown(b'"'), 1));
    };
    let inside = body.get(..close).unwrap_or_default();
    if let Some(nul) = inside.iter().position(|&b| b == 0) {
        return Err(nul.saturating_add(1));
    }
    Ok((TokenKind::String, close.saturating_add(2)))
}

fn digits(s: &[u8], from: usize) -> usize {
    s.get(from..)
        .unwrap_or_default()
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count()
}

/// `[Ee][+-]?[0-9]+` at `at`: its length, or 0.
fn exponent_len(s: &[u8], at: usize) -> usize {
    if !matches!(s.get(at), Some(b'e' | b'E')) {
        return 0;
    }
    let mut j = at.saturating_add(1);
    if matches!(s.get(j), Some(b'+' | b'-')) {
        j = j.saturating_add(1);
    }
    match digits(s, j) {
        0 => 0,
        n => j.saturating_add(n).saturating_sub(at),
    }
}

/// The longest of NATURAL `0|[1-9][0-9]*`, FLOAT
/// `[+-]?(0|[1-9][0-9]*|[0-9]+\.[0-9]*|[0-9]*\.[0-9]+)([Ee][+-]?[0-9]+)?` and HEX
/// `0x[0-9A-Za-z]+` at the start of `s`, ties to the earlier rule; a lone byte
/// none of them matches is a bad token.
pub(crate) fn lex_number(s: &[u8]) -> (TokenKind, usize) {
    let first = s.first().copied().unwrap_or(0);
    let natural = match first {
        b'0' => 1,
        b'1'..=b'9' => digits(s, 0),
        _ => 0,
    };
    let hex = if s.starts_with(b"0x") {
        match s
            .get(2..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count()
        {
            0 => 0,
            n => n.saturating_add(2),
        }
    } else {
        0
    };
    let float = {
        let i = usize::from(matches!(first, b'+' | b'-'));
        let d = digits(s, i);
        let after = i.saturating_add(d);
        // The integer-only alternative: `0` alone, or a run without a leading zero.
        let whole = match (d, s.get(i)) {
            (0, _) => 0,
            (_, Some(b'0')) => i.saturating_add(1),
            _ => after,
        };
        let mut best = match whole {
            0 => 0,
            end => end.saturating_add(exponent_len(s, end)),
        };
        if s.get(after) == Some(&b'.') {
            let f = digits(s, after.saturating_add(1));
            if d > 0 || f > 0 {
                let end = after.saturating_add(1).saturating_add(f);
                best = best.max(end.saturating_add(exponent_len(s, end)));
            }
        }
        best
    };
    if natural > 0 && natural >= float && natural >= hex {
        (TokenKind::Natural, natural)
    } else if float > 0 && float >= hex {
        (TokenKind::Float, float)
    } else if hex > 0 {
        (TokenKind::Hex, hex)
    } else {
        (TokenKind::Unknown(first), 1)
    }
}
