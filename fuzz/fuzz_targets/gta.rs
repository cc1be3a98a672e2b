//! Any bytes, any options: the GTA reader must return `Err` or a model whose every
//! accessor works and stays inside the buffer. A panic or sanitizer report is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zerocol::gta::{self, Model, Options, Recovered};

fuzz_target!(|input: (Options, &[u8])| {
    let (options, bytes) = input;
    let mut walk = gta::models(bytes, options);
    for model in walk.by_ref() {
        match model {
            Ok(m) => exercise(bytes, &m),
            Err(e) => assert!(e.offset() <= bytes.len()),
        }
    }
    if let Some(end) = walk.end() {
        assert_eq!(end.offset + end.trailing_bytes, bytes.len());
    }
    let _ = gta::check(bytes, options);
    let mut covered = 0usize;
    for item in gta::recover(bytes, options) {
        match item {
            Recovered::Model(m) => {
                exercise(bytes, &m);
                covered += m.len();
            }
            Recovered::Skipped(s) => covered += s.len,
        }
    }
    assert!(covered <= bytes.len());
});

/// Touches every accessor and checks the invariants the parser promises.
fn exercise(buffer: &[u8], m: &Model<'_>) {
    // An empty section is `&[]`, whose pointer is dangling: only non-empty ones are placed.
    let inside = |ptr: *const u8, len: usize| {
        if len == 0 {
            return;
        }
        let start = buffer.as_ptr() as usize;
        let p = ptr as usize;
        assert!(p >= start && p + len <= start + buffer.len());
    };
    inside(m.bytes().as_ptr(), m.len());
    let _ = (
        m.version(),
        m.size(),
        m.name(),
        m.name_block(),
        m.model_id(),
        m.bounds(),
        m.flags(),
    );
    let _ = (
        m.header_v2(),
        m.shadow_header(),
        m.col4_extra(),
        m.raw_bounds(),
        m.unparsed_tail(),
    );
    let vertices = m.vertices().len();
    for face in m.faces() {
        assert!(face.indices.iter().all(|&i| (i as usize) < vertices));
    }
    for v in m.vertices() {
        let _ = v;
    }
    let _ = m.spheres().iter().count() + m.lines().iter().count();
    for b in m.boxes() {
        let _ = b;
    }
    let within = |s: &[u8]| inside(s.as_ptr(), s.len());
    use zerocol::gta::Records;
    fn bytes_of<A, B>(r: Records<'_, A, B>) -> (*const u8, usize) {
        match r {
            Records::Coll(s) => (s.as_ptr().cast(), size_of_val(s)),
            Records::Col2(s) => (s.as_ptr().cast(), size_of_val(s)),
        }
    }
    for (ptr, len) in [
        bytes_of(m.spheres()),
        bytes_of(m.boxes()),
        bytes_of(m.lines()),
        bytes_of(m.vertices()),
        bytes_of(m.faces()),
        bytes_of(m.face_groups()),
        bytes_of(m.shadow_vertices()),
        bytes_of(m.shadow_faces()),
    ] {
        inside(ptr, len);
    }
    within(m.name_block());
    let faces = m.faces().len();
    for g in m.face_groups() {
        assert!(g.first <= g.last && (g.last as usize) < faces);
    }
    let shadow_vertices = m.shadow_vertices().len();
    for f in m.shadow_faces() {
        assert!(f.indices.iter().all(|&i| (i as usize) < shadow_vertices));
    }
    for v in m.shadow_vertices() {
        let _ = v;
    }
    // Every lint points inside its model; the tolerated ones are what a lenient rule
    // let through.
    let model = m.offset()..m.offset() + m.len();
    for lint in m.lints() {
        assert!(model.contains(&lint.offset), "{lint:?}");
    }
    assert!(m.tolerated().all(|lint| lint.is_tolerated()));
}
