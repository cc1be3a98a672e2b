//! Puts `memory.x` where cortex-m-rt's `link.x` finds it and passes the linker
//! scripts (cortex-m-rt's and defmt's) here, not through rustflags (a global
//! RUSTFLAGS would replace those).
use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    fs::write(out.join("memory.x"), include_bytes!("memory.x")).unwrap();
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
    // defmt's format strings live in a section of their own.
    println!("cargo:rustc-link-arg-bins=-Tdefmt.x");
    println!(
        "cargo:rustc-env=FIRMWARE_TARGET={}",
        env::var("TARGET").unwrap()
    );
    println!("cargo:rerun-if-changed=memory.x");
    println!("cargo:rerun-if-changed=build.rs");
}
