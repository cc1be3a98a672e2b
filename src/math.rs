//! Float arithmetic that `core` lacks without `std`: the square roots come from
//! `libm` (correctly rounded, as `f32::sqrt`).

/// The smallest float whose square is at least `x` (for finite `x >= 0`): a
/// radius that is sure to reach a point at squared distance `x`.
pub(crate) fn sqrt_up(x: f32) -> f32 {
    // One ulp down or up (`f32::next_down`/`next_up` need Rust 1.86; `y` is
    // positive and finite where they are used).
    let down = |y: f32| f32::from_bits(y.to_bits().saturating_sub(1));
    let up = |y: f32| f32::from_bits(y.to_bits().saturating_add(1));
    let mut y = libm::sqrtf(x);
    // The rounded root's square may round either way: a step or two at most.
    for _ in 0..4 {
        if y > 0.0 && y.is_finite() && down(y) * down(y) >= x {
            y = down(y);
        }
    }
    for _ in 0..4 {
        if y * y >= x {
            break;
        }
        y = up(y);
    }
    y
}

/// `f` applied axis by axis to two vectors.
pub(crate) fn zip3(a: [f32; 3], b: [f32; 3], f: impl Fn(f32, f32) -> f32) -> [f32; 3] {
    let ([ax, ay, az], [bx, by, bz]) = (a, b);
    [f(ax, bx), f(ay, by), f(az, bz)]
}

/// `a + b`, axis by axis.
pub(crate) fn add(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    zip3(a, b, |x, y| x + y)
}

/// `a − b`, axis by axis.
pub(crate) fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    zip3(a, b, |x, y| x - y)
}

/// `a · b`, summed from x to z: `(ax·bx + ay·by) + az·bz`.
pub(crate) fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    let [x, y, z] = zip3(a, b, |x, y| x * y);
    x + y + z
}

/// `a × b`.
pub(crate) fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    let ([ax, ay, az], [bx, by, bz]) = (a, b);
    [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqrt_up_reaches_its_argument() {
        for x in [
            0.0f32, 1e-30, 0.5, 1.0, 2.0, 3.0, 10.0, 1234.5678, 65_536.0, 3.4e38,
        ] {
            let y = sqrt_up(x);
            assert!(y * y >= x, "{x}: {y}");
            assert!(
                y.next_down() * y.next_down() < x || x == 0.0,
                "{x}: {y} not the smallest"
            );
        }
    }
}
