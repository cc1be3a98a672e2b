//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod battleforge;
pub mod builder;
#[cfg(feature = "std")]
pub mod mkgp;

/// The embedded sample `.col`, rebuilt from [`builder::sample_models`].
pub fn sample_file() -> Vec<u8> {
    let models = builder::sample_models();
    let parts: Vec<&[u8]> = models.iter().map(|m| m.bytes.as_slice()).collect();
    builder::concat(&parts)
}
