//! One module per command, over [`open`](self::open), what they share.

pub mod check;
pub mod convert;
pub mod dump;
pub mod export;
pub mod info;
pub mod open;
pub mod put;
