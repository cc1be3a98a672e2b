//! One module per command, over [`open`](self::open), what they share.

pub(crate) mod check;
pub(crate) mod convert;
pub(crate) mod dump;
pub(crate) mod export;
pub(crate) mod extract;
pub(crate) mod info;
pub(crate) mod list;
pub(crate) mod open;
pub(crate) mod put;
pub(crate) mod ray;
pub(crate) mod repair;
