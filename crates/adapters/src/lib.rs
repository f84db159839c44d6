//! The outside world: `db` (diesel, both backends) and `http` (actix-web, utoipa), plus the
//! small system adapters (password hashing, tokens, clock, limits). `db` and `http` do not
//! use each other; the binary wires them together.

pub mod db;
pub mod http;
pub mod system;
