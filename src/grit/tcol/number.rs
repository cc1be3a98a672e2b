//! Number tokens to values, without `std` and without loss.
//!
//! Reals go through core's correctly rounded `str::parse::<f32>()`, but only
//! after the token is rewritten into a short canonical form: core clamps
//! explicit exponents beyond about ±65,536, so `1` followed by a million zeros
//! and `e-1000000` would read as infinity. The rewrite keeps the first
//! [`KEPT_DIGITS`] significant digits plus one sticky digit standing for any
//! non-zero digit dropped, and an exponent small enough to be exact. Every f32
//! rounding boundary has at most 113 significant decimal digits, so the kept
//! digits always decide the rounding as the full number would. Cost: one pass
//! over the token.

/// Significant digits kept before the sticky digit.
const KEPT_DIGITS: usize = 200;

/// Sign, `0.`, the digits, the sticky digit, `e`, and an exponent of at most
/// three digits and a sign.
const BUFFER: usize = KEPT_DIGITS + 16;

/// `0.d × 10^e` with `e` above this is beyond f32 (≥ 1e50 > 3.4e38).
const MAX_EXPONENT: i64 = 50;
/// `0.d × 10^e` with `e` below this rounds to zero (< 1e-60 ≪ 1.4e-45).
const MIN_EXPONENT: i64 = -60;

/// Explicit exponents are clamped to this before they are added: far beyond any
/// value that changes the result, far from overflowing.
const EXPONENT_CLAMP: i64 = 1 << 40;

struct Buffer {
    bytes: [u8; BUFFER],
    len: usize,
}

impl Buffer {
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len = self.len.saturating_add(1);
        }
    }

    fn push_exponent(&mut self, e: i64) {
        if e < 0 {
            self.push(b'-');
        }
        let e = e.unsigned_abs();
        let mut started = false;
        for div in [100u64, 10, 1] {
            let d = e
                .checked_div(div)
                .and_then(|q| q.checked_rem(10))
                .unwrap_or(0);
            if d != 0 || started || div == 1 {
                started = true;
                self.push(b'0'.saturating_add(u8::try_from(d).unwrap_or(0)));
            }
        }
    }
}

/// Tokens up to this long go to core's parser as they are: core only goes wrong
/// when an exponent beyond ±65,536 is offset by as many digits, which takes far
/// more bytes than this.
const DIRECT_LEN: usize = 64;

/// Whether [`decimal`] (Clinger's fast path) is used. Not on bare metal, where
/// the f64 division is a soft-float routine (1.8 KB more Cortex-M0 code), nor on
/// x86 without SSE2, whose x87 division would round to extended precision first.
pub(crate) const FAST_REALS: bool = !cfg!(any(
    target_os = "none",
    all(target_arch = "x86", not(target_feature = "sse2"))
));

/// The value of a NATURAL or FLOAT token's text, rounded to nearest f32; `None`
/// when it rounds beyond the f32 range (or the text is not a number).
pub(crate) fn real(token: &[u8]) -> Option<f32> {
    if FAST_REALS {
        if let Some(value) = short_decimal(token) {
            return Some(value);
        }
    }
    if token.len() <= DIRECT_LEN {
        let value: f32 = core::str::from_utf8(token).ok()?.parse().ok()?;
        return value.is_finite().then_some(value);
    }
    canonical(token)
}

/// Powers of ten exact in an f64 (5^22 < 2^53).
const POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Clinger's fast path, for what exported files are made of (`-12.375`,
/// `431.082764`): a sign, digits and a point, no exponent, the digits an integer
/// `m <= 2^53` with at most 22 after the point. Then `m` and `10^k` are exact
/// in an f64 and one division rounds `m / 10^k` correctly; narrowing that to
/// f32 is correct too unless the f64 lies exactly halfway between two f32s (a
/// second rounding could then go the wrong way: those go to the slow path). The
/// result is always a normal f32 or zero (`1e-22 .. 2^53`). Core's parser gives
/// the same value at several times the cost (it was a third of iterating a mesh).
/// `None` for anything else.
fn short_decimal(token: &[u8]) -> Option<f32> {
    let (negative, digits) = match token.split_first()? {
        (b'-', rest) => (true, rest),
        (b'+', rest) => (false, rest),
        _ => (false, token),
    };
    let mut mantissa: u64 = 0;
    let mut point = None;
    for (i, &b) in digits.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa
                    .checked_mul(10)?
                    .checked_add(u64::from(b.wrapping_sub(b'0')))?;
            }
            b'.' if point.is_none() => point = Some(i),
            _ => return None,
        }
    }
    // `5.` and `.5` are numbers; `.` alone is not one (nor is the empty token).
    if digits.len() <= usize::from(point.is_some()) {
        return None;
    }
    let fraction = point.map_or(0, |p| digits.len().saturating_sub(p).saturating_sub(1));
    decimal(negative, mantissa, fraction)
}

/// `±mantissa / 10^fraction` rounded to nearest f32 by Clinger's fast path
/// ([`short_decimal`] says why it is exact), or `None` where it is not:
/// `mantissa > 2^53`, `fraction > 22`, or an f64 on an f32 tie.
#[inline]
pub(crate) fn decimal(negative: bool, mantissa: u64, fraction: usize) -> Option<f32> {
    if mantissa > 1 << 53 {
        return None;
    }
    let power = POWERS_OF_TEN.get(fraction)?;
    // Exact: `mantissa <= 2^53`.
    #[allow(clippy::cast_precision_loss)]
    let wide = mantissa as f64 / power;
    // The 29 bits an f64 has beyond an f32's 24: exactly one half of an f32's
    // last place is a tie the narrowing might break the wrong way.
    if wide.to_bits() & 0x1FFF_FFFF == 0x1000_0000 {
        return None;
    }
    #[allow(clippy::cast_possible_truncation)]
    let value = wide as f32;
    Some(if negative { -value } else { value })
}

/// [`real`] through the canonical rewrite, for tokens of any length.
fn canonical(token: &[u8]) -> Option<f32> {
    let (negative, rest) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, token),
    };
    let (mantissa, explicit) = match rest.iter().position(|b| matches!(b, b'e' | b'E')) {
        Some(i) => (rest.get(..i)?, exponent(rest.get(i.saturating_add(1)..)?)?),
        None => (rest, 0),
    };
    let (int_part, frac_part) = match mantissa.iter().position(|&b| b == b'.') {
        Some(i) => (mantissa.get(..i)?, mantissa.get(i.saturating_add(1)..)?),
        None => (mantissa, &[][..]),
    };

    let mut buf = Buffer {
        bytes: [0; BUFFER],
        len: 0,
    };
    if negative {
        buf.push(b'-');
    }
    buf.push(b'0');
    buf.push(b'.');
    // value = 0.DIGITS × 10^point
    let mut point: i64 = 0;
    let mut kept = 0usize;
    let mut sticky = false;
    let mut significant = false;
    for (&d, fractional) in int_part
        .iter()
        .map(|d| (d, false))
        .chain(frac_part.iter().map(|d| (d, true)))
    {
        if !d.is_ascii_digit() {
            return None;
        }
        if !significant && d == b'0' {
            if fractional {
                point = point.saturating_sub(1);
            }
            continue;
        }
        significant = true;
        if !fractional {
            point = point.saturating_add(1);
        }
        if kept < KEPT_DIGITS {
            buf.push(d);
            kept = kept.saturating_add(1);
        } else if d != b'0' {
            sticky = true;
        }
    }
    let zero = if negative { -0.0 } else { 0.0 };
    if kept == 0 {
        return Some(zero);
    }
    if sticky {
        buf.push(b'1');
    }
    let e = point.saturating_add(explicit);
    if e > MAX_EXPONENT {
        return None;
    }
    if e < MIN_EXPONENT {
        return Some(zero);
    }
    buf.push(b'e');
    buf.push_exponent(e);
    let text = core::str::from_utf8(buf.bytes.get(..buf.len)?).ok()?;
    let value: f32 = text.parse().ok()?;
    value.is_finite().then_some(value)
}

/// `[+-]?[0-9]+`, clamped to ±[`EXPONENT_CLAMP`].
fn exponent(s: &[u8]) -> Option<i64> {
    let (negative, digits) = match s.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut e: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        e = e
            .saturating_mul(10)
            .saturating_add(i64::from(d.saturating_sub(b'0')))
            .min(EXPONENT_CLAMP);
    }
    Some(if negative { e.saturating_neg() } else { e })
}

/// The value of a NATURAL token's digits, or `None` beyond `u64`.
pub(crate) fn natural(token: &[u8]) -> Option<u64> {
    if token.is_empty() {
        return None;
    }
    token.iter().try_fold(0u64, |n, &d| {
        if !d.is_ascii_digit() {
            return None;
        }
        n.checked_mul(10)?
            .checked_add(u64::from(d.saturating_sub(b'0')))
    })
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    #[test]
    fn canonical_forms() {
        // Short tokens take the direct path; check the rewrite on them too.
        let real = |t: &[u8]| {
            let direct = super::real(t);
            assert_eq!(direct.map(f32::to_bits), canonical(t).map(f32::to_bits));
            direct
        };
        assert_eq!(real(b"0"), Some(0.0));
        assert_eq!(real(b"-0").map(f32::to_bits), Some((-0.0f32).to_bits()));
        assert_eq!(real(b"1.2"), Some(1.2));
        assert_eq!(real(b".3"), Some(0.3));
        assert_eq!(real(b"5."), Some(5.0));
        assert_eq!(real(b"1E+2"), Some(100.0));
        assert_eq!(real(b"-3.39536e-005"), Some(-3.39536e-5));
        assert_eq!(real(b"+1"), Some(1.0));
        assert_eq!(real(b"007.5"), Some(7.5));
        assert_eq!(real(b"16777217"), Some(16_777_216.0));
        assert_eq!(real(b"3.4028236e38"), None);
        assert_eq!(real(b"3.4028234e38"), Some(f32::MAX));
        assert_eq!(real(b"1e-46"), Some(0.0));
        assert_eq!(real(b"1e-45"), Some(f32::from_bits(1)));
        assert_eq!(real(b"0.000001e-99999999999999999999"), Some(0.0));
        assert_eq!(real(b"1e99999999999999999999"), None);
    }

    #[test]
    fn huge_digit_strings_are_exact() {
        let mut s = std::vec![b'1'];
        s.extend(core::iter::repeat_n(b'0', 1_000_000));
        s.extend_from_slice(b"e-1000000");
        assert_eq!(real(&s), Some(1.0));
        let mut s = std::vec![b'0', b'.'];
        s.extend(core::iter::repeat_n(b'0', 1_000_000));
        s.extend_from_slice(b"15e1000001");
        assert_eq!(real(&s), Some(1.5));
    }

    #[test]
    fn sticky_digit_breaks_ties() {
        // 1 + 2^-24 is halfway between 1 and the next f32; anything above rounds up.
        let half = b"1.000000059604644775390625";
        assert_eq!(real(half), Some(1.0));
        let mut above = half.to_vec();
        above.extend(core::iter::repeat_n(b'0', 500));
        above.push(b'1');
        assert_eq!(real(&above), Some(1.000_000_1));
    }

    #[test]
    fn both_paths_agree() {
        let mut rng = crate::test_rng::Rng(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.next();
        for _ in 0..20_000 {
            let v = f32::from_bits(next() as u32);
            if !v.is_finite() {
                continue;
            }
            for text in [
                std::format!("{v}"),
                std::format!("{v:e}"),
                std::format!("{v:E}"),
                std::format!("+{}", v.abs()),
                std::format!("00{}.{}e-{}", next() % 1000, next() % 100_000, next() % 60),
                std::format!("{}e{}", next(), next() % 40),
                std::format!(".{}", next()),
                std::format!("{}.", next() % 100_000),
            ] {
                let t = text.as_bytes();
                assert_eq!(
                    real(t).map(f32::to_bits),
                    canonical(t).map(f32::to_bits),
                    "{text}"
                );
                if t.len() <= DIRECT_LEN && text.parse::<f32>().is_ok_and(f32::is_finite) {
                    assert_eq!(real(t), text.parse().ok());
                }
            }
        }
    }

    /// The fast path rounds as core's parser does, on every shape it takes,
    /// and declines the rest.
    #[test]
    fn short_decimals_match_core() {
        let mut rng = crate::test_rng::Rng(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next();
        let mut declined = 0;
        for _ in 0..200_000 {
            let digits = 1 + next() % 17;
            let m = next() % 10u64.pow(digits as u32);
            let text = std::format!("{m:0width$}", width = digits as usize);
            let point = (next() % (digits + 1)) as usize;
            let sign = ["", "-", "+"][(next() % 3) as usize];
            let text = std::format!("{sign}{}.{}", &text[..point], &text[point..]);
            let expected: f32 = text.parse().unwrap();
            let fast = short_decimal(text.as_bytes());
            match fast {
                Some(v) => assert_eq!(v.to_bits(), expected.to_bits(), "{text}"),
                // Only past 2^53 or at an exact tie.
                None if m > 1 << 53 => {}
                None => declined += 1,
            }
            assert_eq!(
                real(text.as_bytes()).map(f32::to_bits),
                Some(expected.to_bits())
            );
        }
        // Ties: decimals exactly halfway between two f32s (1 + 2^-24 and its
        // neighbours) decline, and the slow path rounds them to even.
        assert_eq!(short_decimal(b"1.000000059604644775390625"), None);
        assert_eq!(real(b"1.000000059604644775390625"), Some(1.0));
        // Ties are integers past 2^24 or decimals with as many digits: few.
        assert!(declined < 1_000, "{declined} ties of 200,000");
        // 2^24 + 1 is halfway between two f32s: the slow path rounds it to even.
        assert_eq!(short_decimal(b"16777217"), None);
        assert_eq!(real(b"16777217"), Some(16_777_216.0));
        for declined in [
            &b"."[..],
            b"-",
            b"+.",
            b"1e5",
            b"1.2.3",
            b"0.00000000000000000000001",
            b"9007199254740993",
            b"",
        ] {
            assert_eq!(short_decimal(declined), None, "{declined:?}");
        }
        assert_eq!(short_decimal(b"16777216"), Some(16_777_216.0));
        assert_eq!(short_decimal(b"431.082764"), "431.082764".parse().ok());
        assert_eq!(
            short_decimal(b"-0").map(f32::to_bits),
            Some((-0.0f32).to_bits())
        );
        assert_eq!(short_decimal(b"5."), Some(5.0));
        assert_eq!(short_decimal(b".5"), Some(0.5));
        assert_eq!(short_decimal(b"0.1"), Some(0.1));
        assert_eq!(short_decimal(b"1234567.8"), Some(1_234_567.8));
    }

    #[test]
    fn naturals() {
        assert_eq!(natural(b"0"), Some(0));
        assert_eq!(natural(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(natural(b"18446744073709551616"), None);
    }
}
