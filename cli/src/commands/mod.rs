//! One module per command, over [`open`](self::open), what they share.

pub mod check;
pub mod convert;
pub mod dump;
pub mod export;
pub mod extract;
pub mod info;
pub mod list;
pub mod open;
pub mod put;
pub mod ray;
