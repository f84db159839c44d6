pub mod auth;
pub mod customers;
pub mod idempotency;
pub mod invoices;
pub mod pos;
pub mod public;
pub mod redemptions;
