pub mod auth;
pub mod meta;
