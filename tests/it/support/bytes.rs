//! Little-endian fields: read at an offset (`*_at`, panicking past the end, or `*_at_checked`,
//! `None` there), overwritten at an offset (`set_*`), or appended to a file being assembled
//! (`push_*`); and floats as their bits, for bit-exact comparisons.

pub fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(bytes[at..at + 2].try_into().unwrap())
}

pub fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

pub fn i32_at(bytes: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

pub fn f32_at(bytes: &[u8], at: usize) -> f32 {
    f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

/// `N` floats one after the other from `at`.
pub fn f32s_at<const N: usize>(bytes: &[u8], at: usize) -> [f32; N] {
    std::array::from_fn(|i| f32_at(bytes, at + 4 * i))
}

/// The u32 at `at`, or `None` when the file ends first (or `at + 4` overflows).
pub fn u32_at_checked(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        bytes.get(at..at.checked_add(4)?)?.try_into().ok()?,
    ))
}

pub fn set_u16(bytes: &mut [u8], at: usize, v: u16) {
    bytes[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

pub fn set_u32(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

pub fn set_i32(bytes: &mut [u8], at: usize, v: i32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

pub fn set_f32(bytes: &mut [u8], at: usize, v: f32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Overwrites the u32 at `at`; `None`, writing nothing, when the file ends first.
pub fn set_u32_checked(bytes: &mut [u8], at: usize, v: u32) -> Option<()> {
    bytes
        .get_mut(at..at.checked_add(4)?)?
        .copy_from_slice(&v.to_le_bytes());
    Some(())
}

pub fn push_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

pub fn push_i32(out: &mut Vec<u8>, v: i32) {
    out.extend_from_slice(&v.to_le_bytes());
}

pub fn push_f32(out: &mut Vec<u8>, v: f32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Floats one after the other (a vector, a rotation, a list).
pub fn push_f32s(out: &mut Vec<u8>, v: &[f32]) {
    v.iter().for_each(|&f| push_f32(out, f));
}

/// Each float as its bits: equal means bit for bit (NaN equals itself, -0.0 differs from 0.0).
pub fn bits<const N: usize>(v: [f32; N]) -> [u32; N] {
    v.map(f32::to_bits)
}

/// The library stamp the tests' RenderWare chunks carry (3.6.0.3, GTA SA's), as
/// `samples/vehicle.dff` has it.
pub const RW_STAMP: u32 = 0x1803_FFFF;

/// A RenderWare chunk: type, size and [`RW_STAMP`], then `body`.
pub fn rw_chunk(kind: u32, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for word in [kind, body.len() as u32, RW_STAMP] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(body);
    out
}
