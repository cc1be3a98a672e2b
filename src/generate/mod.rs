//! Valid MKGP DX, BattleForge and Grit files, from arbitrary bytes: fuzz your own
//! loader with them.
//!
//! Enabled by the `arbitrary` feature (which implies `std`). Each type here implements
//! [`arbitrary::Arbitrary`]: it draws an owned description of a file from the fuzzer's
//! bytes, bounded so that nearly every draw is one the format can hold, and writes it
//! with the project's own writer. A description the writer refuses is not a file: the
//! draw fails with [`arbitrary::Error::IncorrectFormat`] and libFuzzer moves on.
//! Whatever is drawn, [`Generated::bytes`] is a file that this crate's parser accepts
//! with `Options::STRICT`, so a harness built on these gets past every framing check
//! and spends its time in the engine behind it.
//!
//! | type | a file of | written by | described by |
//! |---|---|---|---|
//! | [`MkgpCourse`] | MKGP DX course | [`mkgp::write`](crate::mkgp::write), cell by cell | [`MkgpCourseDescription`] |
//! | [`MkgpSoup`] | MKGP DX course | [`CourseBuilder`](crate::mkgp::CourseBuilder), from a triangle soup | [`MkgpSoupDescription`] |
//! | [`CollisionShapePayload`] | BattleForge `collisionShape` payload | [`write_payload`](crate::battleforge::write_payload) | [`CollisionShapeDescription`] |
//! | [`DrsFile`] | BattleForge DRS container | [`battleforge::write`](crate::battleforge::write) | [`DrsDescription`] |
//! | [`TcolFile`] | Grit TCOL text | the canonical printer ([`grit::tcol::print`](crate::grit::tcol::print)) | [`GritBody`] |
//! | [`BcolFile`] | Grit BCOL binary | [`bcol::write`](crate::grit::bcol::write) | [`GritBody`] |
//!
//! Each also has `new(description) -> Option<Self>`, for a description of your own.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use zerocol::generate::{Generated, MkgpCourse};
//!
//! # let fuzzer_bytes = [7u8; 512];
//! let mut u = Unstructured::new(&fuzzer_bytes);
//! // An `Err` here means the bytes describe nothing the format holds: skip the input.
//! let course = MkgpCourse::arbitrary(&mut u)?;
//! // Your engine's loader here; zerocol's own reads it back unchanged.
//! let parsed = zerocol::mkgp::Course::parse(course.bytes(), zerocol::mkgp::Options::STRICT);
//! assert_eq!(parsed.map(|c| c.grid()).ok(), Some(course.description().header));
//! # Ok::<(), arbitrary::Error>(())
//! ```
//!
//! There is no generator of GTA `.col` or IMG files yet: a GTA harness can start from
//! [`gta::write`](crate::gta::write()) and models of its own.

mod battleforge;
mod grit;
mod mkgp;

pub use battleforge::{
    CollisionShapeDescription, CollisionShapePayload, DrsDescription, DrsFile, DrsNode,
};
pub use grit::{BcolFile, GritBody, GritBoxLike, GritFace, GritShape, GritTrimesh, TcolFile};
pub use mkgp::{MkgpCourse, MkgpCourseDescription, MkgpSoup, MkgpSoupDescription};

/// A valid file made by the project's writer from an owned description.
pub trait Generated {
    /// The owned values the file was written from: what its parser must read back.
    type Description;

    /// The description the file was written from.
    fn description(&self) -> &Self::Description;

    /// The file, as the writer wrote it.
    fn bytes(&self) -> &[u8];
}
