//! Diesel on SQLite (the embedded default) and PostgreSQL, chosen by the URL scheme.

mod gate;
pub mod limits;
pub mod pool;
pub mod replica;
pub mod repositories;
pub mod schema;
mod tx;

pub use pool::{Backend, DbConnection, DbPool, DbUrl};
pub use tx::{DbTx, DieselDatabase};
