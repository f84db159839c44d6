pub mod auth;
pub mod customers;
pub mod meta;
pub mod sales;
