//! People and sessions: users, who signed in, and the store a record belongs to.

use super::*;

/// A store as other records refer to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreRef {
    pub id: i64,
    pub name: String,
}

/// A staff member, without the password hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub is_active: bool,
    pub store_owner_name: Option<String>,
    pub store: Option<StoreRef>,
    pub created_at: NaiveDateTime,
}

/// A user with the secret the sign-in check needs; never leaves the application layer.
#[derive(Debug, Clone)]
pub struct UserCredentials {
    pub user: User,
    pub password_hash: String,
}

/// A signed-in session: the bearer token and who it belongs to.
#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub expires_at: NaiveDateTime,
    pub user: User,
}

/// Someone named on a record (the cashier of an invoice, the actor of a ledger row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRef {
    pub id: i64,
    pub name: String,
}

/// A store with its owner, as tenancy checks need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreScope {
    pub id: i64,
    pub name: String,
    pub owner_id: i64,
    /// The owner's sandbox store: reached by the owner's test keys alone.
    pub sandbox: bool,
}
