//! GTA `.col`: any bytes, every `Options`. The reader must return `Err` or a model whose
//! every accessor works and stays inside the buffer.

use zerocol::gta::{self, Model, Options, Recovered};

/// Every `Options` value: each combination of the three lenient rules.
pub fn options() -> impl Iterator<Item = Options> {
    (0u8..8).map(|bits| {
        let mut options = Options::STRICT;
        options.stop_at_unknown_fourcc = bits & 1 != 0;
        options.allow_size_past_end = bits & 2 != 0;
        options.allow_coll_slack = bits & 4 != 0;
        options
    })
}

/// Runs `bytes` through every reader under every `Options`.
pub fn bytes(bytes: &[u8]) {
    for options in options() {
        with(bytes, options);
    }
}

fn with(bytes: &[u8], options: Options) {
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
}

/// Touches every accessor and checks the invariants the parser promises.
fn exercise(buffer: &[u8], m: &Model<'_>) {
    // An empty section is `&[]`, whose pointer is dangling: only non-empty ones are placed.
    let inside = |ptr: *const u8, len: usize| super::common::inside(buffer, ptr, len);
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
