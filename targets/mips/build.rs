//! Passes the linker script here, not through rustflags (a global RUSTFLAGS would
//! replace those).
use std::env;

fn main() {
    let dir = env::var("CARGO_MANIFEST_DIR").unwrap();
    println!("cargo:rustc-link-arg-bins=-T{dir}/link.ld");
    println!(
        "cargo:rustc-env=FIRMWARE_TARGET={}",
        env::var("TARGET").unwrap()
    );
    println!("cargo:rerun-if-changed=link.ld");
    println!("cargo:rerun-if-changed=build.rs");
}
