pub mod auth;
pub mod customers;
pub mod meta;
pub mod public;
pub mod sales;
