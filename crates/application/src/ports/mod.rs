//! The ports the use cases talk to; `loyalty-adapters` implements them.

mod people;
mod records;
mod system;

pub use people::{
    ActivityFilter, ActivityRepo, AdminRepo, ApiKeyRepo, CardFields, CardFilter, ExpiredPoints, ExpiringPoints,
    FailingEndpoint, IdempotencyRepo, JobRepo, LotRepo, NewActivity, NewApiKey, NewUser, NextExpiry, NotificationRepo,
    PackageFields, PointsChange, RaisedSignal, SessionRepo, SignalRepo, StoredAnswer, UserChanges, UserRepo,
};
pub use records::{
    CardProblem, ClaimRepo, CustomerChanges, CustomerRepo, ExportFilter, ExportRepo, ImportedCustomer, InvoiceRepo,
    LedgerRepo, LookupRow, NewCustomer, NewInvoice, NewLedgerEntry, NewPageLink, NewRedemption, NewReturn,
    NewSaleClaim, NewStamp, NewStampRedemption, NewStore, NewSubscription, PageExpiryRow, PageHolder, PageLinkRepo,
    PageMovementRow, PageStoreRow, PlanRepo, RecordFilter, RedemptionRepo, RewardCounts, RewardFields, RewardRepo,
    SaleClaim, SaleStart, StampRepo, StoreRepo, TierHolder, TierRepo,
};
// Customer messages (issue #39).
pub use records::{MessageRepo, MessageResult, NewConsent, NewCustomerMessage, StatusUpdate};
pub use system::{
    Allowance, AttemptResult, BoxFuture, Clock, ConfiguredChannels, EndpointValues, IdGenerator, LoginThrottle,
    MessageChannels, NewWebhookDelivery, NewWebhookEvent, OutgoingMessage, PasswordHasher, PublicThrottle,
    RequestThrottle, SendOutcome, SharedLimits, TokenClaims, TokenService, VerifyDone, WebhookEnvelope,
    WebhookPayloads, WebhookRepo,
};

use crate::AppError;

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
    /// One read statement, atomic by itself: no BEGIN and COMMIT around it (two round trips
    /// fewer; the sign-in check of every request). `work` must send a single SELECT.
    SingleRead,
}

/// The database. One use case runs in one transaction: `run` commits when `work` returns Ok
/// and rolls back when it returns Err.
pub trait Database: Send + Sync {
    fn run(&self, mode: TxMode, work: &mut dyn FnMut(&mut dyn Repos) -> Result<(), AppError>) -> Result<(), AppError>;

    /// Runs `work` (reads only: one `Read` or `SingleRead` transaction) on the caller's thread
    /// and answers `true` when the database can start it at once without waiting; `false`,
    /// without running it, otherwise (the caller then runs it where waiting is allowed).
    fn read_now(&self, work: &mut dyn FnMut()) -> bool {
        let _ = work;
        false
    }

    /// Round trip to the database, for the health panel.
    fn ping(&self) -> Result<std::time::Duration, AppError>;

    /// A tiny committed write (one row of its own): whether the database keeps writes now,
    /// for readiness. Storage failures are `Unavailable`.
    fn write_check(&self) -> Result<std::time::Duration, AppError>;
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

/// Declares `Repos`, every repository reachable inside one transaction, and implements it for
/// whatever implements them all: the list of repositories is written once.
macro_rules! every_repository {
    ($($repo:ident),+ $(,)?) => {
        /// Every repository, reachable inside one transaction.
        pub trait Repos: $($repo +)+ {}
        impl<T: $($repo +)+> Repos for T {}
    };
}

every_repository!(
    UserRepo,
    SessionRepo,
    ApiKeyRepo,
    StoreRepo,
    CustomerRepo,
    LedgerRepo,
    InvoiceRepo,
    RedemptionRepo,
    RewardRepo,
    IdempotencyRepo,
    PlanRepo,
    ActivityRepo,
    AdminRepo,
    WebhookRepo,
    JobRepo,
    ExportRepo,
    LotRepo,
    SignalRepo,
    NotificationRepo,
    StampRepo,
    PageLinkRepo,
    ClaimRepo,
    TierRepo,
    MessageRepo,
);
