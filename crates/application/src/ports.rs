//! The ports the use cases talk to; `loyalty-adapters` implements them.

use chrono::NaiveDateTime;
use loyalty_domain::{Email, Role};

use crate::{AppError, User, UserCredentials};

/// What a repository can fail with.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    /// A unique rule was broken; names the rule (e.g. `"users.email"`).
    #[error("duplicate: {0}")]
    Duplicate(&'static str),
    /// The database could not be reached or is shutting down: the client may retry.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    #[error("database error: {0}")]
    Other(String),
}

pub type RepoResult<T> = Result<T, RepoError>;

/// Read or write. On SQLite a write transaction opens with `BEGIN IMMEDIATE`, so two writers
/// queue on the lock instead of failing at commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxMode {
    Read,
    Write,
}

/// The database. One use case runs in one transaction: `run` commits when `work` returns Ok
/// and rolls back when it returns Err.
pub trait Database: Send + Sync {
    fn run(&self, mode: TxMode, work: &mut dyn FnMut(&mut dyn Repos) -> Result<(), AppError>) -> Result<(), AppError>;

    /// Round trip to the database, for the health panel.
    fn ping(&self) -> Result<std::time::Duration, AppError>;
}

/// Runs `work` in one transaction and returns its value.
pub fn transaction<T>(
    db: &dyn Database,
    mode: TxMode,
    work: impl FnOnce(&mut dyn Repos) -> Result<T, AppError>,
) -> Result<T, AppError> {
    let mut work = Some(work);
    let mut output = None;
    db.run(mode, &mut |repos| {
        let work = work.take().ok_or_else(|| AppError::Internal("transaction body ran twice".into()))?;
        output = Some(work(repos)?);
        Ok(())
    })?;
    output.ok_or_else(|| AppError::Internal("transaction produced no value".into()))
}

/// Every repository, reachable inside one transaction.
pub trait Repos: UserRepo + SessionRepo {}
impl<T: UserRepo + SessionRepo> Repos for T {}

pub struct NewUser {
    pub name: String,
    pub email: Email,
    pub password_hash: String,
    pub role: Role,
    pub store_owner_name: Option<String>,
    pub store_id: Option<i64>,
    pub now: NaiveDateTime,
}

pub trait UserRepo {
    /// The live (not deleted) user with this email, with the password hash.
    fn credentials_by_email(&mut self, email: &Email) -> RepoResult<Option<UserCredentials>>;
    /// The live user with this id.
    fn user_by_id(&mut self, id: i64) -> RepoResult<Option<User>>;
    /// Errors: `Duplicate("users.email")` when a live user has the email.
    fn insert_user(&mut self, user: NewUser) -> RepoResult<User>;
}

pub trait SessionRepo {
    fn insert_session(
        &mut self,
        id: &str,
        user_id: i64,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> RepoResult<()>;
    /// The user of a session that is neither revoked nor expired, whose user is live and
    /// active; `None` otherwise.
    fn session_user(&mut self, session_id: &str, now: NaiveDateTime) -> RepoResult<Option<User>>;
    fn revoke_session(&mut self, session_id: &str, now: NaiveDateTime) -> RepoResult<()>;
    /// Ends every session of a user (deactivation, password change, deletion).
    fn revoke_user_sessions(&mut self, user_id: i64, now: NaiveDateTime) -> RepoResult<()>;
}

/// argon2id hashing. Slow on purpose: call it off the request workers.
pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &str) -> Result<String, AppError>;
    /// Whether `password` matches `hash`; false on a malformed hash.
    fn verify(&self, password: &str, hash: &str) -> bool;
    /// Spends the time of one `verify`, so an unknown email answers as slowly as a known one.
    fn verify_dummy(&self, password: &str);
}

/// What a valid bearer token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    pub session_id: String,
    pub user_id: i64,
}

pub trait TokenService: Send + Sync {
    fn issue(&self, claims: &TokenClaims, expires_at: NaiveDateTime) -> Result<String, AppError>;
    /// `None` for a token that is malformed, tampered, expired or signed otherwise.
    fn verify(&self, token: &str) -> Option<TokenClaims>;
}

pub trait Clock: Send + Sync {
    /// Now, in UTC, truncated to microseconds (what both databases keep).
    fn now(&self) -> NaiveDateTime;
}

/// Limits sign-in attempts per account and per client address.
pub trait LoginThrottle: Send + Sync {
    /// `Err(seconds to wait)` when either limit is spent.
    fn check(&self, email: &str, client: &str) -> Result<(), u64>;
}

/// A fresh unguessable identifier (session ids, store tokens).
pub trait IdGenerator: Send + Sync {
    fn random_id(&self) -> String;
}
