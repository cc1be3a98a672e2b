//! Prints every model of a `.col` file with its section counts and lints.
//!
//! `cargo run --example walk -- FILE` (defaults to the shipped sample).

use zerocol::gta::{self, Options};

fn main() {
    let path = std::env::args().nth(1);
    let bytes = match &path {
        Some(p) => std::fs::read(p).expect("readable file"),
        None => include_bytes!("../samples/sample.col").to_vec(),
    };
    let mut walk = gta::models(&bytes, Options::STRICT);
    for model in walk.by_ref() {
        match model {
            Ok(m) => {
                println!(
                    "{:>6} {} {:<22} spheres {} boxes {} lines {} vertices {} faces {} groups {} shadow {}/{}",
                    m.offset(),
                    m.version(),
                    String::from_utf8_lossy(m.name()),
                    m.spheres().len(),
                    m.boxes().len(),
                    m.lines().len(),
                    m.vertices().len(),
                    m.faces().len(),
                    m.face_groups().len(),
                    m.shadow_vertices().len(),
                    m.shadow_faces().len(),
                );
                for lint in m.lints() {
                    println!("       warning: {lint}");
                }
            }
            Err(e) => {
                println!("error: {e}");
                return;
            }
        }
    }
    println!("end: {:?}", walk.end());
}
