//! Grit TCOL and BCOL: any bytes, every `Options`, read as TCOL text and as BCOL. Each
//! reader must return `Err` or a body whose iterators run to their counts; a parsed TCOL
//! body must print as TCOL that parses back, or refuse with an error.

use zerocol::grit::bcol::{self, Bcol};
use zerocol::grit::{self, Shape, Tcol};

/// Every TCOL `Options` value.
pub fn tcol_options() -> impl Iterator<Item = grit::Options> {
    [grit::Options::STRICT, grit::Options::LENIENT].into_iter()
}

/// Every BCOL `Options` value.
pub fn bcol_options() -> impl Iterator<Item = bcol::Options> {
    [bcol::Options::STRICT, bcol::Options::LENIENT].into_iter()
}

/// Runs `bytes` through both readers under every `Options`.
pub fn bytes(bytes: &[u8]) {
    for (tcol_options, bcol_options) in tcol_options().zip(bcol_options()) {
        with(bytes, tcol_options, bcol_options);
    }
}

fn with(bytes: &[u8], tcol_options: grit::Options, bcol_options: bcol::Options) {
    if let Ok(body) = Tcol::parse(bytes, tcol_options) {
        let _ = body.attributes();
        let shapes = body.shapes();
        assert_eq!(shapes.clone().count(), body.shape_count());
        for shape in shapes {
            if let Shape::Hull { vertices, .. } = shape {
                let n = vertices.len();
                assert_eq!(vertices.count(), n);
            }
        }
        if let Some(mesh) = body.trimesh() {
            assert_eq!(mesh.vertices().count(), mesh.vertex_count());
            assert_eq!(mesh.faces().count(), mesh.face_count());
        }
        assert!(body.tolerated().all(|lint| lint.kind.is_tolerated()));
        for lint in body.lints() {
            let _ = lint;
        }
        let mut text = String::new();
        if body.print(&mut text).is_ok() {
            let again =
                Tcol::parse(text.as_bytes(), grit::Options::STRICT).expect("printed TCOL parses");
            assert_eq!(again.shape_count(), body.shape_count());
            let mut bytes = vec![0; body.required_len().expect("printable")];
            assert_eq!(body.write(&mut bytes), Ok(text.len()));
            assert_eq!(bytes, text.as_bytes());
        }
    }
    if let Ok(body) = Bcol::parse(bytes, bcol_options) {
        let _ = body.attributes();
        assert!(body.tolerated().all(|lint| lint.kind.is_tolerated()));
        assert_eq!(body.shapes().count(), body.shape_count());
        if let Some(mesh) = body.trimesh() {
            assert_eq!(mesh.faces().count(), mesh.face_count());
        }
        for lint in body.lints() {
            let _ = lint;
        }
    }
}
