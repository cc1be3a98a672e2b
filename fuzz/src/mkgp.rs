//! MKGP DX `COL`: any bytes, every `Options`. The reader must return `Err` or a course
//! whose cells, records, index, queries and lints all work inside the buffer.

use zerocol::mkgp::{Course, Options};

/// Every `Options` value.
pub fn options() -> impl Iterator<Item = Options> {
    [Options::STRICT, Options::LENIENT].into_iter()
}

/// Runs `bytes` through the reader under every `Options`.
pub fn bytes(bytes: &[u8]) {
    for options in options() {
        with(bytes, options, (0.0, 0.0));
    }
}

fn with(bytes: &[u8], options: Options, point: (f32, f32)) {
    let Ok(course) = Course::parse(bytes, options) else {
        return;
    };
    let (x, z) = point;
    let _ = course.header();
    let _ = course.grid();
    let mut triangles = 0usize;
    for cell in course.cells() {
        for t in cell.triangles() {
            let t = t.decode();
            let _ = (t.flags.surface_type(), t.height_at(x, z));
            triangles += 1;
        }
        for w in cell.walls() {
            let _ = w.decode();
        }
    }
    for cell in course.wall_cells() {
        for w in cell.triangle_walls() {
            let _ = w.decode();
        }
    }
    assert!(triangles * 0x70 <= bytes.len());
    for lint in course.lints() {
        let _ = lint;
    }
    let slow = course.ground_height(x, z);
    let mut storage = [0u32; 256];
    if let Ok(index) = course.index(&mut storage) {
        let fast = index.ground_height(x, z);
        assert_eq!(
            slow.map(|g| g.height.to_bits()),
            fast.map(|g| g.height.to_bits())
        );
        if let Some(g) = fast {
            assert!(g.height.is_finite());
        }
    }
}
