//! Any bytes, any options: the MKGP DX reader must return `Err` or a course whose
//! cells, records, index, queries and lints all work inside the buffer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zerocol::mkgp::{Course, Options};

fuzz_target!(|input: (Options, f32, f32, &[u8])| {
    let (options, x, z, bytes) = input;
    let Ok(course) = Course::parse(bytes, options) else {
        return;
    };
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
});
