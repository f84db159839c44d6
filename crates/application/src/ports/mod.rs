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
// Data kept for a time and monthly partitions (issue #40).
pub use people::{Owners, Retained, RetentionRepo};
// Customer messages (issue #39).
pub use records::{MessageRepo, MessageResult, NewConsent, NewCustomerMessage, StatusUpdate};
pub use system::{
    Allowance, AttemptResult, BoxFuture, Clock, ConfiguredChannels, EndpointValues, FanOutDelivery, FanOutEndpoint,
    IdGenerator, LoginThrottle, MessageChannels, NewWebhookDelivery, NewWebhookEvent, OutgoingMessage, PasswordHasher,
    PublicThrottle, QueuedWebhookEvent, RequestThrottle, SendOutcome, SharedLimits, TokenClaims, TokenService,
    VerifyDone, WebhookEnvelope, WebhookPayloads, WebhookRepo,
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
    /// A read that may see data a few seconds old: on the read replica
    /// (`LOYALTY_READ_DATABASE_URL`) while it is reachable and within its lag limit, else on
    /// the primary as `Read`. Only for what may lag (dashboards, reports, exports, syncs, the
    /// public lookup); use [`replica_read`], which sends a caller who has just written to the
    /// primary and may run `work` a second time (on the primary, when the replica failed).
    ReplicaRead,
    /// [`TxMode::ReplicaRead`] of one statement, as [`TxMode::SingleRead`].
    ReplicaSingleRead,
}

impl TxMode {
    /// What the mode is on the primary: a replica read there is a plain read.
    pub fn on_primary(self) -> TxMode {
        match self {
            TxMode::ReplicaRead => TxMode::Read,
            TxMode::ReplicaSingleRead => TxMode::SingleRead,
            other => other,
        }
    }

    pub fn is_replica_read(self) -> bool {
        matches!(self, TxMode::ReplicaRead | TxMode::ReplicaSingleRead)
    }
}

/// The read replica as the last health check saw it, for readiness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplicaHealth {
    /// It answered the last check.
    pub reachable: bool,
    /// It is a standby (`pg_is_in_recovery()`); a database that is not (a copy kept some other
    /// way) has no lag to measure and is read as it is.
    pub in_recovery: bool,
    /// How far its replay is behind the primary, in milliseconds (0 when caught up); `None`
    /// while unreachable.
    pub lag_ms: Option<u64>,
    /// The limit past which replica reads go to the primary (`LOYALTY_READ_MAX_LAG_MS`).
    pub max_lag_ms: u64,
    /// Replica reads go there now (reachable and within the limit).
    pub serving: bool,
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

    /// The read replica's health; `None` when no replica is configured.
    fn replica_health(&self) -> Option<ReplicaHealth> {
        None
    }

    /// Records that `user_id` has just committed a write (read-your-writes: [`replica_read`]).
    /// Kept in this process for the replica's lag limit; nothing without a replica.
    fn note_write(&self, user_id: i64) {
        let _ = user_id;
    }

    /// Whether `user_id` committed a write in this process recently enough that the replica
    /// may not have it yet (see [`Database::note_write`]).
    fn wrote_recently(&self, user_id: i64) -> bool {
        let _ = user_id;
        false
    }
}

thread_local! {
    /// The signed-in user whose request this thread is serving ([`as_caller`]): a write
    /// transaction committed for it is noted ([`Database::note_write`]).
    static CALLER: std::cell::Cell<Option<i64>> = const { std::cell::Cell::new(None) };
}

/// Runs `work` (a signed-in user's request) with `user_id` as the caller: each write transaction
/// it commits is noted for read-your-writes.
pub fn as_caller<T>(user_id: i64, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<i64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CALLER.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(CALLER.with(|c| c.replace(Some(user_id))));
    work()
}

/// A read that may be a few seconds old ([`TxMode::ReplicaRead`], or `ReplicaSingleRead` when
/// `single`): on the replica, unless `reader` committed a write recently (then on the primary,
/// so the reader sees its own writes). `work` may run twice: when the replica fails, the read
/// is made again on the primary, so the caller never sees the replica's failure.
pub fn replica_read<T>(
    db: &dyn Database,
    reader: Option<i64>,
    single: bool,
    mut work: impl FnMut(&mut dyn Repos) -> Result<T, AppError>,
) -> Result<T, AppError> {
    let mode = match (reader.is_some_and(|id| db.wrote_recently(id)), single) {
        (true, false) => TxMode::Read,
        (true, true) => TxMode::SingleRead,
        (false, false) => TxMode::ReplicaRead,
        (false, true) => TxMode::ReplicaSingleRead,
    };
    let mut output = None;
    db.run(mode, &mut |repos| {
        output = Some(work(repos)?);
        Ok(())
    })?;
    output.ok_or_else(|| AppError::Internal("transaction produced no value".into()))
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
    if mode == TxMode::Write {
        if let Some(user_id) = CALLER.with(std::cell::Cell::get) {
            db.note_write(user_id);
        }
    }
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
    RetentionRepo,
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
