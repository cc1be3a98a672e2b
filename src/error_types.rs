//! Every public error type is a `core::error::Error`, and can travel as a
//! `Box<dyn Error + Send + Sync>` (`Send + Sync + 'static`). A type that loses an impl
//! fails to compile here.

use crate::{battleforge, grit, gta, mkgp, wire};

/// Compiles only for an error type that can be boxed and sent between threads.
fn assert_error<E: core::error::Error + Send + Sync + 'static>() {}

#[test]
fn every_error_type_is_an_error() {
    // The reading errors, and the shared layer they are built on.
    assert_error::<wire::Error<gta::ErrorKind>>();
    assert_error::<gta::Error>();
    assert_error::<gta::dff::Error>();
    assert_error::<mkgp::Error>();
    assert_error::<battleforge::Error>();
    assert_error::<grit::tcol::Error>();
    assert_error::<grit::bcol::Error>();
    // The writing errors.
    assert_error::<wire::WriteError<core::convert::Infallible>>();
    assert_error::<gta::WriteError>();
    assert_error::<gta::InputError>();
    assert_error::<gta::dff::WriteError>();
    assert_error::<mkgp::WriteError>();
    assert_error::<mkgp::InputError>();
    assert_error::<battleforge::WriteError>();
    assert_error::<grit::tcol::WriteError>();
    assert_error::<grit::tcol::InputError>();
    assert_error::<grit::tcol::PrintError>();
    assert_error::<grit::bcol::WriteError>();
    assert_error::<grit::bcol::InputError>();
    // The other fallible calls.
    assert_error::<mkgp::IndexError>();
    assert_error::<wire::StorageTooSmall>();
    #[cfg(feature = "std")]
    assert_error::<mkgp::BuildError>();
}
