//! The list-item reader: a fast path for the list items exported files are made of: a vertex
//! `-12.375 0.5 3;` or a face `0 1 92 "/common/pmat/Stone";` on its own line.
//!
//! The general path lexes each token through the engine's longest-match rules
//! (a [`Token`](super::lexer::Token) of kind and position, a keyword table, the
//! number rules three ways) and then converts its text: about 15 ns a token.
//! This reader takes only the common shape, in one pass (digits eight at a
//! time), and gives up (`None`) on anything else: a comment, an exponent, a number the
//! longest-match rules could read another way, a material other than the
//! face before's, the list's `}`. The caller then reads the same item through
//! the general path from the same place, so every item is read exactly as the
//! general path reads it, and every error comes from the general path.
//!
//! What it accepts, and why the general path reads it the same:
//! - blanks: space, tab, CR, LF, VT only (a `/` may start a comment);
//! - a number `[+-]?D*(\.D*)?` with at least one digit, fewer than 20 in all,
//!   no leading zero on an integer without a point (`07` is two NATURALs),
//!   followed by a blank, `;` or `}` (none of which extends a NATURAL, FLOAT
//!   or HEX token): the longest match is the whole run, a FLOAT or NATURAL
//!   (a vertex takes either). Its value is below 10^19, so it never overflows
//!   an f32 (the general path's one error for a well-formed number);
//! - a face index: digits alone, the same way a NATURAL, below the vertex
//!   count (else the general path reports it);
//! - a material: a quote, exactly the previous face's material (validated, so
//!   it holds no quote and no NUL), a quote. One holding a line feed is left to
//!   the general path, which counts lines inside strings.

use super::Position;
use super::lexer::{Lexer, is_blank};
use super::number;
use crate::grit::body::{Face, TextAt};

/// Whether the fast reader runs: not on bare metal, where it would add 2.4 KB
/// of Cortex-M0 code (64-bit multiplies are library calls there) to a reader
/// whose general path already reads everything.
const ENABLED: bool = !cfg!(target_os = "none");

/// A place in the text, with the line count the general lexer keeps.
#[derive(Clone, Copy)]
struct Cursor<'a> {
    at: TextAt<'a>,
}

/// A number as the fast path reads it: `±mantissa / 10^fraction`.
#[derive(Clone, Copy)]
struct Decimal {
    negative: bool,
    mantissa: u64,
    fraction: usize,
    /// Where its text starts.
    start: usize,
}

impl<'a> Cursor<'a> {
    fn byte(&self) -> Option<u8> {
        self.at.text.get(self.at.offset).copied()
    }

    fn step(&mut self) {
        self.at.offset = self.at.offset.saturating_add(1);
    }

    fn position(&self) -> Position {
        Lexer::resume(self.at).position()
    }

    /// Skips blanks, counting lines; `None` at a `/`, which may open a comment.
    #[inline(always)]
    fn blank(&mut self) -> Option<()> {
        loop {
            match self.byte() {
                Some(b'\n') => {
                    self.step();
                    self.at.line = self.at.line.saturating_add(1);
                    self.at.line_start = self.at.offset;
                }
                Some(b) if is_blank(b) => self.step(),
                Some(b'/') => return None,
                _ => return Some(()),
            }
        }
    }

    /// A number of the accepted shape (the module docs), after blanks.
    fn number(&mut self) -> Option<Decimal> {
        self.blank()?;
        let text = self.at.text;
        let start = self.at.offset;
        let sign = text.get(start).copied();
        let signed = matches!(sign, Some(b'+' | b'-'));
        let mut i = start.saturating_add(usize::from(signed));
        let first = text.get(i).copied();
        let mut mantissa = 0u64;
        let whole = digits(text, &mut i, &mut mantissa);
        let point = text.get(i) == Some(&b'.');
        let mut fraction = 0;
        if point {
            i = i.saturating_add(1);
            fraction = digits(text, &mut i, &mut mantissa);
        }
        let leading_zero = !point && whole > 1 && first == Some(b'0');
        let ended = ends_number(text.get(i));
        // At most 19 digits: below 10^19 < 2^64, so the mantissa is exact.
        if !(1..=19).contains(&whole.saturating_add(fraction)) || leading_zero || !ended {
            return None;
        }
        self.at.offset = i;
        Some(Decimal {
            negative: sign == Some(b'-'),
            mantissa,
            fraction,
            start,
        })
    }

    /// A real's value, or `None` where the fast path cannot round it (the
    /// general path can).
    fn real(&self, d: Decimal) -> Option<f32> {
        if number::FAST_REALS {
            number::decimal(d.negative, d.mantissa, d.fraction)
        } else {
            number::real(self.at.text.get(d.start..self.at.offset)?)
        }
    }

    /// A face index: a NATURAL below `vertex_count` (the number rules without
    /// a sign or a point: digits, no leading zero, at most nine).
    fn index(&mut self, vertex_count: usize) -> Option<u32> {
        self.blank()?;
        let text = self.at.text;
        let start = self.at.offset;
        let mut i = start;
        let mut value = 0u64;
        let run = digits(text, &mut i, &mut value);
        let leading_zero = run > 1 && text.get(start) == Some(&b'0');
        if !(1..=9).contains(&run) || leading_zero || !ends_number(text.get(i)) {
            return None;
        }
        self.at.offset = i;
        let i = u32::try_from(value).ok()?;
        usize::try_from(i)
            .is_ok_and(|i| i < vertex_count)
            .then_some(i)
    }

    /// `"` `material` `"`, where `material` is non-empty and holds no line feed
    /// (the general path's material cache never holds one: [`face`]).
    fn same_string(&mut self, material: &str) -> Option<()> {
        self.blank()?;
        let m = material.as_bytes();
        let rest = self.at.text.get(self.at.offset..)?;
        let (b'"', body) = rest.split_first()? else {
            return None;
        };
        let (inside, after) = body.split_at_checked(m.len())?;
        if m.is_empty() || inside != m || after.first() != Some(&b'"') {
            return None;
        }
        self.at.offset = self.at.offset.saturating_add(m.len()).saturating_add(2);
        Some(())
    }

    /// `;` (`Some(false)`) or `}` (`Some(true)`: the list ends), after blanks.
    fn separator(&mut self) -> Option<bool> {
        self.blank()?;
        let last = match self.byte()? {
            b';' => false,
            b'}' => true,
            _ => return None,
        };
        self.step();
        Some(last)
    }
}

/// One item read by the fast path: where it starts, its value, whether a `}`
/// closed the list after it, and where the text goes on.
pub(crate) struct LineItem<'a, T> {
    pub(crate) position: Position,
    pub(crate) value: T,
    pub(crate) last: bool,
    pub(crate) next: TextAt<'a>,
}

/// A vertex `R R R` and its separator at `at`. With `VALUES` false the
/// coordinates are checked but not converted (every accepted number is in
/// range) and come back as zeros.
#[inline]
pub(crate) fn vertex<const VALUES: bool>(at: TextAt<'_>) -> Option<LineItem<'_, [f32; 3]>> {
    if !ENABLED {
        return None;
    }
    let mut c = Cursor { at };
    c.blank()?;
    let position = c.position();
    let mut value = [0.0; 3];
    for slot in &mut value {
        let d = c.number()?;
        if VALUES {
            *slot = c.real(d)?;
        }
    }
    let last = c.separator()?;
    Some(LineItem {
        position,
        value,
        last,
        next: c.at,
    })
}

/// A face `N N N "material"` and its separator at `at`, where `material` is
/// the face before's (validated) material, or `""`. It must hold no line feed
/// (lines are not counted inside it): the general path caches none.
#[inline]
pub(crate) fn face<'a>(
    at: TextAt<'a>,
    vertex_count: usize,
    material: &'a str,
) -> Option<LineItem<'a, Face<'a>>> {
    if !ENABLED {
        return None;
    }
    let mut c = Cursor { at };
    c.blank()?;
    let position = c.position();
    let a = c.index(vertex_count)?;
    let b = c.index(vertex_count)?;
    let d = c.index(vertex_count)?;
    c.same_string(material)?;
    let last = c.separator()?;
    Some(LineItem {
        position,
        value: Face {
            indices: [a, b, d],
            material,
        },
        last,
        next: c.at,
    })
}

/// Whether a number token must end before `next`: a blank, `;` or `}` extends
/// no NATURAL, FLOAT or HEX token.
#[inline(always)]
fn ends_number(next: Option<&u8>) -> bool {
    matches!(next, Some(&b) if is_blank(b) || b == b';' || b == b'}')
}

/// `10^n` for a run of `n` digits read at once.
const POWERS: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The run of ASCII digits at `*i` appended to `mantissa` (wrapping past 19
/// digits in all, which [`Cursor::number`] refuses): how many, with `*i` moved
/// past them.
///
/// Eight bytes at a time where eight remain, with no branch on each digit: a
/// byte-at-a-time loop was half of iterating a mesh, most of it the
/// mispredicted exit of runs of varying length and a multiply chained through
/// every digit.
#[inline(always)]
fn digits(text: &[u8], i: &mut usize, mantissa: &mut u64) -> usize {
    const LANES: u64 = 0x0101_0101_0101_0101;
    let from = *i;
    while let Some(chunk) = text.get(*i..).and_then(<[u8]>::first_chunk::<8>) {
        // Byte `k` of the word is the text's `*i + k` on every target. XOR
        // maps the digits, and only them, to 0..=9; adding 0x76 sets the top
        // bit of every byte from 10 up, and the OR that of every byte from
        // 0x80 up. A carry out of a byte only reaches later bytes, and only
        // from a byte already flagged, so the first flag is exact.
        let x = u64::from_le_bytes(*chunk) ^ (0x30 * LANES);
        let flags = (x.wrapping_add(0x76 * LANES) | x) & (0x80 * LANES);
        let run = flags.trailing_zeros().wrapping_shr(3).min(8);
        if run > 0 {
            // The run's digits into the top bytes (first digit lowest), zeros
            // below them, then pairs, quads and octets combined in place.
            let mut v = x.wrapping_shl(64u32.wrapping_sub(run.wrapping_mul(8)));
            v = v.wrapping_mul(10).wrapping_add(v.wrapping_shr(8)) & 0x00FF_00FF_00FF_00FF;
            v = v.wrapping_mul(100).wrapping_add(v.wrapping_shr(16)) & 0x0000_FFFF_0000_FFFF;
            v = v.wrapping_mul(10_000).wrapping_add(v.wrapping_shr(32)) & 0x0000_0000_FFFF_FFFF;
            let scale = POWERS
                .get(usize::try_from(run).unwrap_or(0))
                .copied()
                .unwrap_or(1);
            *mantissa = mantissa.wrapping_mul(scale).wrapping_add(v);
            *i = i.saturating_add(usize::try_from(run).unwrap_or(0));
        }
        if run < 8 {
            return i.saturating_sub(from);
        }
    }
    // The last seven bytes of the text, one at a time.
    while let Some(b @ b'0'..=b'9') = text.get(*i).copied() {
        *mantissa = mantissa
            .wrapping_mul(10)
            .wrapping_add(u64::from(b.wrapping_sub(b'0')));
        *i = i.saturating_add(1);
    }
    i.saturating_sub(from)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::string::{String, ToString};
    use std::vec::Vec;

    use super::*;
    use crate::grit::tcol::validate::{face_item_general, vertex_item_general};
    use crate::grit::tcol::{Options, Tcol};
    use crate::test_rng::Rng;

    const BLANKS: &[&str] = &[
        " ",
        " ",
        " ",
        "  ",
        "\t",
        "\n",
        "\n        ",
        "\r\n",
        "\x0b",
        "",
        "/* c */",
        "// c\n",
        "/",
        "\0",
    ];
    const ODD_NUMBERS: &[&str] = &[
        "0",
        "00",
        "007",
        "07.5",
        "1.",
        ".5",
        ".",
        "-",
        "+",
        "-0",
        "+0.0",
        "1e5",
        "1E+2",
        "2e",
        "0x1F",
        "0x",
        "12345678901234567890",
        "1234567890123456789",
        "9007199254740993",
        "9007199254740992",
        "0.1234567890123456789012",
        "0.00000000000000000000001",
        "16777217",
        "0.5000000298023224",
        "3.4028235e38",
        "a",
        "\"x\"",
        ";",
        "}",
        "1.2.3",
    ];
    const ENDS: &[&str] = &[";", ";", ";", "}", " ;", "\n}", "/**/;", "", "x", "\"", "{"];
    const MATERIALS: &[&str] = &[
        "\"mat\"",
        "\"mat\"",
        "\"mat\"",
        "\"other\"",
        "\"ma\"",
        "\"mat",
        "\"\"",
        "0x1F",
    ];

    fn number(rng: &mut Rng) -> String {
        if rng.below(4) == 0 {
            return rng.pick(ODD_NUMBERS).into();
        }
        let mut s = String::from(rng.pick(&["", "", "-", "+"]));
        for _ in 0..rng.below(12) {
            s.push(char::from(b'0' + rng.below(10) as u8));
        }
        if rng.below(3) > 0 {
            s.push('.');
            for _ in 0..rng.below(12) {
                s.push(char::from(b'0' + rng.below(10) as u8));
            }
        }
        s
    }

    fn index(rng: &mut Rng) -> String {
        match rng.below(6) {
            0 => number(rng),
            1 => rng.pick(ODD_NUMBERS).into(),
            _ => rng.below(40).to_string(),
        }
    }

    /// An item of four parts between blanks and an end; `clean` ones mostly
    /// of the common shape, the others of anything.
    fn item(
        rng: &mut Rng,
        clean: bool,
        parts: &mut dyn FnMut(&mut Rng, usize) -> String,
    ) -> String {
        let (blanks, ends) = if clean {
            (
                &[" ", " ", "\n    ", "\t", "/"][..],
                &[";", ";", "}", "x"][..],
            )
        } else {
            (BLANKS, ENDS)
        };
        let mut s = String::new();
        for i in 0..4 {
            s.push_str(rng.pick(blanks));
            s.push_str(&parts(rng, i));
        }
        s.push_str(rng.pick(blanks));
        s.push_str(rng.pick(ends));
        s.push_str(rng.pick(&["", " 1", "\n"]));
        s
    }

    fn vertex_text(rng: &mut Rng) -> String {
        let clean = rng.below(2) == 0;
        item(rng, clean, &mut |rng, i| {
            if i < 3 { number(rng) } else { String::new() }
        })
    }

    fn face_text(rng: &mut Rng, vertex_count: usize) -> String {
        let clean = rng.below(2) == 0;
        item(rng, clean, &mut |rng, i| match (i, clean) {
            (3, true) => rng.pick(&["\"mat\"", "\"mat\"", "\"ma\"", "\"mat"]).into(),
            (3, false) => rng.pick(MATERIALS).into(),
            (_, true) if rng.below(8) > 0 => rng.below(vertex_count + 2).to_string(),
            _ => index(rng),
        })
    }

    fn same_place(a: TextAt<'_>, b: TextAt<'_>) -> bool {
        (a.offset, a.line, a.line_start) == (b.offset, b.line, b.line_start)
    }

    /// Wherever the fast reader takes a vertex, the general path reads the
    /// same item to the same place; and it takes the common shapes.
    #[test]
    fn vertices_read_as_the_general_path_reads_them() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut taken, mut checked_only) = (0, 0);
        for _ in 0..60_000 * crate::test_rng::scale() {
            let text = vertex_text(&mut rng);
            let mut lex = Lexer::new(text.as_bytes());
            // Start mid-line now and then, as a list does after its `{`.
            if rng.below(2) == 0 {
                lex = Lexer::resume(TextAt {
                    line: 7,
                    line_start: 0,
                    ..lex.at()
                });
            }
            let at = lex.at();
            let general = vertex_item_general(&mut lex);
            if let Some(f) = vertex::<true>(at) {
                taken += 1;
                let item = general.as_ref().ok().and_then(Option::as_ref);
                let item = item.unwrap_or_else(|| panic!("{text:?}: {general:?}"));
                assert_eq!(item.position, f.position, "{text:?}");
                assert_eq!(
                    item.value.map(f32::to_bits),
                    f.value.map(f32::to_bits),
                    "{text:?}"
                );
                assert_eq!(item.last, f.last, "{text:?}");
                assert!(same_place(lex.at(), f.next), "{text:?}");
            }
            if let Some(f) = vertex::<false>(at) {
                checked_only += 1;
                let item = general.as_ref().ok().and_then(Option::as_ref);
                let item = item.unwrap_or_else(|| panic!("{text:?}: {general:?}"));
                assert_eq!((item.position, item.last), (f.position, f.last), "{text:?}");
                assert!(same_place(lex.at(), f.next), "{text:?}");
            }
        }
        // Both paths were exercised: the fast one on a fair share of inputs.
        assert!(taken > 2_000 * crate::test_rng::scale(), "{taken}");
        assert!(checked_only >= taken, "{checked_only} < {taken}");
    }

    /// The same for faces, against the general path's material cache.
    #[test]
    fn faces_read_as_the_general_path_reads_them() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        let mut taken = 0;
        for _ in 0..60_000 * crate::test_rng::scale() {
            let vertex_count = rng.below(45);
            let text = face_text(&mut rng, vertex_count);
            let mut lex = Lexer::new(text.as_bytes());
            let at = lex.at();
            let cached = rng.pick(&["mat", "mat", "other", "", "ma"]);
            let mut last = cached;
            let general = face_item_general(&mut lex, vertex_count, rng.below(2) == 0, &mut last);
            if let Some(f) = face(at, vertex_count, cached) {
                taken += 1;
                let item = general.as_ref().ok().and_then(Option::as_ref);
                let item = item.unwrap_or_else(|| panic!("{text:?}: {general:?}"));
                assert_eq!(item.position, f.position, "{text:?}");
                assert_eq!(item.value, f.value, "{text:?}");
                assert_eq!((item.last, item.hex), (f.last, false), "{text:?}");
                assert_eq!(last, cached, "{text:?}");
                assert!(same_place(lex.at(), f.next), "{text:?}");
            }
        }
        assert!(taken > 600 * crate::test_rng::scale(), "{taken}");
    }

    /// The canonical printer's text goes through the fast reader alone: every
    /// vertex, and every face after the first of each material run.
    #[test]
    fn printed_meshes_take_the_fast_path() {
        let text = "TCOL1.0\nattributes { static; }\ntrimesh {\n    vertexes {\n\
            -67.3167 -67.22808 0.017494678;\n1 2 3;\n-0.5 .5 5.;\n+1 0 0\n}\n\
            faces {\n0 1 2 \"a\";\n1 2 3 \"a\";\n2 3 0 \"b\";\n3 0 1 \"b\"\n}\n}\n";
        let tcol = Tcol::parse_str(text, Options::STRICT).unwrap();
        let mut printed = String::new();
        tcol.print(&mut printed).unwrap();
        let tcol = Tcol::parse_str(&printed, Options::STRICT).unwrap();
        let span = tcol.trimesh_span().unwrap();
        let mut at = span.vertices.lex.at();
        let mut vertices = Vec::new();
        for _ in 0..span.vertices.count {
            let f = vertex::<true>(at).unwrap_or_else(|| panic!("{printed}"));
            vertices.push(f.value);
            at = f.next;
        }
        assert_eq!(
            vertices,
            [
                [-67.3167, -67.22808, 0.017494678],
                [1.0, 2.0, 3.0],
                [-0.5, 0.5, 5.0],
                [1.0, 0.0, 0.0]
            ]
        );
        let mut at = span.faces.lex.at();
        let mut faces = Vec::new();
        for material in ["a", "a", "b", "b"] {
            let f = face(at, 4, material).unwrap_or_else(|| panic!("{printed}"));
            faces.push((f.value.indices, f.value.material, f.last));
            at = f.next;
        }
        assert_eq!(
            faces,
            [
                ([0, 1, 2], "a", false),
                ([1, 2, 3], "a", false),
                ([2, 3, 0], "b", false),
                ([3, 0, 1], "b", false)
            ]
        );
    }
}
