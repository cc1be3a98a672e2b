//! Small helpers shared by the format modules.

use core::fmt;

/// Writes a FourCC or magic as text when printable, as hex otherwise.
pub(crate) fn write_magic(f: &mut impl fmt::Write, fourcc: [u8; 4]) -> fmt::Result {
    if fourcc.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
        f.write_char('"')?;
        for b in fourcc {
            f.write_char(char::from(b))?;
        }
        f.write_char('"')
    } else {
        let [a, b, c, d] = fourcc;
        write!(f, "bytes {a:02x} {b:02x} {c:02x} {d:02x}")
    }
}
