//! Queries (`zerocol::query`): the primitive tests with hand-computed values, and each
//! format's `Query` against a brute-force oracle.

mod core;
mod gta;
mod parry;
