//! The shared library's SONAME on ELF systems: `libzerocol.so.0.1` while the version is
//! 0.1.x (the minor version while the major is 0, as cargo-c names them; the major from
//! 1.0), the name `capi/install` installs it under. Other targets are left alone.
use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf = matches!(
        os.as_str(),
        "linux"
            | "android"
            | "freebsd"
            | "netbsd"
            | "openbsd"
            | "dragonfly"
            | "illumos"
            | "solaris"
    );
    if !elf {
        return;
    }
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let minor = env!("CARGO_PKG_VERSION_MINOR");
    let soname = if major == "0" {
        format!("libzerocol.so.0.{minor}")
    } else {
        format!("libzerocol.so.{major}")
    };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
}
