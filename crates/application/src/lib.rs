//! Use cases of the loyalty platform and the ports they need. Each use case takes an
//! [`Actor`] (or none, for public and sign-in operations), checks policy, and runs in one
//! transaction through [`ports::Database`].

pub mod error;
pub mod model;
pub mod operations;
pub mod policy;
pub mod ports;
pub mod services;
pub mod use_cases;

pub use error::{AppError, Conflict};
pub use model::*;
pub use operations::{KeyAccess, Operation};
pub use policy::{Actor, KeyGrant, Permission};
pub use services::{Services, Settings};
