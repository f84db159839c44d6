//! HTTP integration tests: the real app on port 0, a fresh database per test, on SQLite
//! always and on PostgreSQL when `TEST_DATABASE_URL` is set (CI always sets it).

mod helpers;

mod admin;
mod answers;
mod auth;
mod birthdays;
mod books;
mod cards;
mod claims;
mod contract;
mod customer_pages;
mod demo;
mod edge;
mod expiry;
mod exports;
mod imports;
mod instances;
mod integrations;
mod matrix;
mod message_sending;
mod messages;
mod notifications;
mod owner;
mod partial_updates;
mod plans;
mod points_money;
mod pos;
mod pos_customers;
mod pos_records;
mod public;
mod replica;
mod retention;
mod returns;
mod schema;
mod signals;
mod stamps;
mod store_keys;
mod test_mode;
mod tiers;
mod webhook_processes;
mod webhooks;
