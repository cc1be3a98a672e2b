//! Where a world position falls in the grid, and what lies under it.
//!
//! The reader's queries and the builder's binning share these functions, so a
//! triangle is always found in the cell a query for a point on it looks in.

use super::records::Triangle;

/// The cell row or column a coordinate falls in: `floor((value - origin) / size)`.
///
/// `origin` is the AABB **minimum** (the grid starts there, [`guide::mkgp`](crate::guide::mkgp)); the
/// stored negated minimum gives the same result as `value + neg_min` and is not
/// used. The grid spans `origin ..= origin + count × size`, which may reach past
/// the header's AABB maximum; the far border belongs to the last cell. Anything
/// below `origin`, or NaN, is `None`; beyond the far border it is `None` too,
/// except within the rounding of the division (a point a few ulps past the far
/// border may still map to the last cell).
///
/// The mapping is monotone (IEEE subtraction and division by a positive number
/// are), so a triangle whose bounds contain a point is binned into that point's cell.
pub fn cell_coord(value: f32, origin: f32, size: f32, count: u32) -> Option<u32> {
    let offset = value - origin;
    let t = offset / size;
    // `offset < 0.0` as well as `t < 0.0`: a value below the origin by less than
    // `size × 2^-149` has a negative offset (IEEE subtraction of distinct values is
    // never zero) but a quotient that underflows to −0.0.
    if t.is_nan() || offset < 0.0 || t < 0.0 || t > count as f32 {
        return None;
    }
    // `t` is in `0..=count`: truncation is the floor, and it fits.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let cell = t as u32;
    Some(cell.min(count.saturating_sub(1)))
}

/// Position of cell `(x, z)` in file order: rows of `width` cells along X, one row
/// per Z step, starting at the minimum corner ([`guide::mkgp`](crate::guide::mkgp) *hypothesis*:
/// `index = z × W + x`; this function is the only place that decides it).
pub const fn cell_number(x: u32, z: u32, width: u32) -> u64 {
    (z as u64)
        .saturating_mul(width as u64)
        .saturating_add(x as u64)
}

/// `a × b` of two XZ vectors (positive when `b` turns anticlockwise from `a`,
/// seen from above with X right and Z up).
fn cross_xz(a: [f32; 2], b: [f32; 2]) -> f32 {
    let [ax, az] = a;
    let [bx, bz] = b;
    ax * bz - az * bx
}

fn sub_xz(a: [f32; 3], b: [f32; 3]) -> [f32; 2] {
    let [ax, _, az] = a;
    let [bx, _, bz] = b;
    [ax - bx, az - bz]
}

impl Triangle {
    /// `true` when `(x, z)` lies in the triangle's XZ projection, edges included.
    /// A triangle with no XZ area (vertical, or collinear vertices) contains nothing,
    /// and no triangle contains a point outside its vertices' XZ bounds.
    pub fn contains_xz(&self, x: f32, z: f32) -> bool {
        let [a, b, c] = self.vertices;
        // Outside the vertices' XZ bounds is outside, whatever the rounding of the
        // edge tests below (a point one ulp past a vertex can round onto both of its
        // edges): so a triangle only ever contains points of the cells it is binned in.
        let ([ax, _, az], [bx, _, bz], [cx, _, cz]) = (a, b, c);
        if x < ax.min(bx).min(cx)
            || x > ax.max(bx).max(cx)
            || z < az.min(bz).min(cz)
            || z > az.max(bz).max(cz)
        {
            return false;
        }
        let p = [x, 0.0, z];
        let area = cross_xz(sub_xz(b, a), sub_xz(c, a));
        if area == 0.0 || !area.is_finite() {
            return false;
        }
        let sides = [
            cross_xz(sub_xz(b, a), sub_xz(p, a)),
            cross_xz(sub_xz(c, b), sub_xz(p, b)),
            cross_xz(sub_xz(a, c), sub_xz(p, c)),
        ];
        // Inside (or on an edge) when no side disagrees with the winding; NaN
        // fails both comparisons and so is outside.
        if area > 0.0 {
            sides.iter().all(|&s| s >= 0.0)
        } else {
            sides.iter().all(|&s| s <= 0.0)
        }
    }

    /// Height of the triangle's stored plane at `(x, z)`:
    /// `y = -(n.x·x + n.z·z + d) / n.y`, as the game computes it from `normal` and `d`.
    /// `None` for a vertical plane (`n.y == 0`) or a non-finite result, so no NaN
    /// or infinity escapes as a height.
    pub fn plane_height(&self, x: f32, z: f32) -> Option<f32> {
        let [nx, ny, nz] = self.normal;
        if ny == 0.0 {
            return None;
        }
        let y = -(nx * x + nz * z + self.d) / ny;
        y.is_finite().then_some(y)
    }

    /// The height of the triangle's surface above `(x, z)`, when the point lies in
    /// its XZ projection.
    pub fn height_at(&self, x: f32, z: f32) -> Option<f32> {
        if self.contains_xz(x, z) {
            self.plane_height(x, z)
        } else {
            None
        }
    }
}
