pub mod admin;
pub mod auth;
pub mod customers;
pub mod meta;
pub mod owner;
pub mod public;
pub mod sales;
