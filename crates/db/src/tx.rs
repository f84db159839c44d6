use std::cell::RefCell;
use std::sync::Arc;
use std::time::{Duration, Instant};

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use loyalty_application::ports::{Database, ReplicaHealth, RepoError, Repos, TxMode};
use loyalty_application::AppError;

use super::gate::{FairGate, GatePermit};
use super::pool::{DbConnection, DbPool};
use super::repositories::store_days::PendingDays;

/// The repositories of one open transaction.
pub struct DbTx<'a> {
    pub(crate) conn: &'a mut DbConnection,
    /// The dashboards' day figures this transaction changes, written last, before COMMIT.
    pub(crate) days: PendingDays,
}

/// [`Database`] over an r2d2 pool of either backend.
pub struct DieselDatabase {
    pool: DbPool,
    /// SQLite only: write transactions take turns here, first come first served, before they
    /// take a connection. SQLite has one writer; without the queue, waiting writers sleep in
    /// SQLite's busy handler (1 to 100 ms at a time) and a few wait far longer than the rest.
    writers: Option<parking_lot::FairMutex<()>>,
    /// One turn per connection of the pool, handed out first come, first served.
    turns: Arc<FairGate>,
    /// The read replica, when one is configured (PostgreSQL only).
    replica: Option<Arc<super::replica::Replica>>,
}

thread_local! {
    /// The connection [`Database::read_now`] took for the work it runs on this thread, with the
    /// address of the database it belongs to; the work's first read transaction uses it.
    static RESERVED: RefCell<Option<(usize, Checkout)>> = const { RefCell::new(None) };
}

/// Clears this thread's reservation when the work ends, even by a panic.
struct ReservationEnds;

impl Drop for ReservationEnds {
    fn drop(&mut self) {
        RESERVED.with(|r| r.borrow_mut().take());
    }
}

/// How long a write waits for its turn before it is answered 503.
const WRITE_TURN_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request waits for a connection at most while the database answers but every
/// connection is in use (an overload, not an outage).
const BUSY_CHECKOUT_LIMIT: Duration = Duration::from_secs(30);
/// How often a waiting request looks again whether the pool is still whole.
const BUSY_CHECKOUT_SLICE: Duration = Duration::from_millis(500);

impl DieselDatabase {
    pub fn new(pool: DbPool) -> Self {
        let sqlite = matches!(pool.get().as_deref(), Ok(DbConnection::Sqlite(_)));
        let turns = Arc::new(FairGate::new(pool.max_size()));
        Self { pool, writers: sqlite.then(|| parking_lot::FairMutex::new(())), turns, replica: None }
    }

    /// Sends replica reads (`TxMode::ReplicaRead`) to `replica` (its pool:
    /// [`super::replica::connect_replica`]) while the replica at `replica_url` is reachable and
    /// its lag, measured against the primary at `primary_url`, is within `max_lag`.
    pub fn with_replica(mut self, replica: DbPool, replica_url: &str, primary_url: &str, max_lag: Duration) -> Self {
        self.replica =
            Some(super::replica::Replica::start(replica, replica_url.to_owned(), primary_url.to_owned(), max_lag));
        self
    }

    pub fn pool(&self) -> &DbPool {
        &self.pool
    }

    /// A connection, or 503 when the database cannot be reached.
    ///
    /// Requests take turns for the pool's connections, first come first served ([`FairGate`]).
    /// A request waits the pool's timeout (3 s on PostgreSQL, 10 s on SQLite). Past it, it
    /// keeps waiting, up to [`BUSY_CHECKOUT_LIMIT`], while every connection of the pool is
    /// open and in use: the database answers and the server is only busy, and a late answer
    /// serves a merchant better than a 503. When connections are missing (they failed their
    /// check or could not be opened: the database is down), it answers 503 at once.
    fn id(&self) -> usize {
        std::ptr::from_ref(self) as usize
    }

    fn checkout(&self) -> Result<Checkout, AppError> {
        let started = Instant::now();
        let mut wait = self.pool.connection_timeout();
        let refuse = |why: &str| {
            tracing::warn!(waited = ?started.elapsed(), "no database connection: {why}");
            AppError::Unavailable
        };
        let turn = loop {
            if let Some(turn) = self.turns.acquire(wait) {
                break turn;
            }
            if !self.pool_is_whole() {
                return Err(refuse("connections are missing"));
            }
            if started.elapsed() >= BUSY_CHECKOUT_LIMIT {
                return Err(refuse("every connection stayed in use"));
            }
            wait = BUSY_CHECKOUT_SLICE;
        };
        // With a turn, a connection is free unless one is being (re)opened.
        let left = self.pool.connection_timeout().saturating_sub(started.elapsed()).max(BUSY_CHECKOUT_SLICE);
        match self.pool.get_timeout(left) {
            Ok(conn) => Ok(Checkout { conn, _turn: turn }),
            Err(e) => Err(refuse(&e.to_string())),
        }
    }

    /// Every connection of the pool is open (none failed its check or could not be opened).
    fn pool_is_whole(&self) -> bool {
        self.pool.state().connections == self.pool.max_size()
    }
}

/// A connection and the turn it was taken with; the connection goes back to the pool before
/// the turn passes on (fields drop in order).
struct Checkout {
    conn: r2d2::PooledConnection<super::pool::ConnectionManager>,
    _turn: GatePermit,
}

impl std::ops::Deref for Checkout {
    type Target = DbConnection;
    fn deref(&self) -> &DbConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for Checkout {
    fn deref_mut(&mut self) -> &mut DbConnection {
        &mut self.conn
    }
}

fn begin(conn: &mut DbConnection, mode: TxMode) -> diesel::QueryResult<()> {
    match conn {
        // A deferred BEGIN upgrades to a write lock late and can fail with SQLITE_BUSY at
        // that point; IMMEDIATE takes the lock first and waits for it under busy_timeout.
        DbConnection::Sqlite(c) => AnsiTransactionManager::begin_transaction_sql(
            c,
            if mode == TxMode::Write { "BEGIN IMMEDIATE" } else { "BEGIN" },
        ),
        DbConnection::Postgresql(c) => AnsiTransactionManager::begin_transaction_sql(
            c,
            if mode == TxMode::Write { "BEGIN" } else { "BEGIN READ ONLY" },
        ),
    }
}

/// Runs `work` in one transaction of `mode` (`Read`, `SingleRead` or `Write`) on `conn`.
fn run_on(
    conn: &mut DbConnection,
    mode: TxMode,
    work: &mut dyn FnMut(&mut dyn Repos) -> Result<(), AppError>,
) -> Result<(), AppError> {
    if mode == TxMode::SingleRead {
        // One statement commits by itself; a write here would be a bug (nothing pending).
        return work(&mut DbTx { conn, days: PendingDays::default() });
    }
    begin(conn, mode).map_err(|e| AppError::from(map_error(e)))?;
    let mut tx = DbTx { conn, days: PendingDays::default() };
    let outcome = work(&mut tx).and_then(|()| tx.days.write(tx.conn).map_err(|e| AppError::from(map_error(e))));
    match outcome {
        Ok(()) => commit(conn).map_err(|e| AppError::from(map_error(e))),
        Err(error) => {
            if let Err(rollback_error) = rollback(conn) {
                tracing::warn!(error = %rollback_error, "rollback failed");
            }
            Err(error)
        }
    }
}

fn commit(conn: &mut DbConnection) -> diesel::QueryResult<()> {
    match conn {
        DbConnection::Sqlite(c) => AnsiTransactionManager::commit_transaction(c),
        DbConnection::Postgresql(c) => AnsiTransactionManager::commit_transaction(c),
    }
}

fn rollback(conn: &mut DbConnection) -> diesel::QueryResult<()> {
    match conn {
        DbConnection::Sqlite(c) => AnsiTransactionManager::rollback_transaction(c),
        DbConnection::Postgresql(c) => AnsiTransactionManager::rollback_transaction(c),
    }
}

impl Database for DieselDatabase {
    fn run(&self, mode: TxMode, work: &mut dyn FnMut(&mut dyn Repos) -> Result<(), AppError>) -> Result<(), AppError> {
        if mode.is_replica_read() {
            if let Some(replica) = self.replica.as_ref().filter(|r| r.serving()) {
                let single = mode == TxMode::ReplicaSingleRead;
                let outcome = match replica.checkout() {
                    Some(mut conn) => run_on(&mut conn, if single { TxMode::SingleRead } else { TxMode::Read }, work),
                    None => Err(AppError::Unavailable),
                };
                match outcome {
                    // Made again on the primary: the caller never sees the replica's failure (a
                    // read cancelled by a conflict with recovery included).
                    Err(AppError::Unavailable) => replica.mark_down(),
                    Err(AppError::Internal(error)) => {
                        tracing::warn!(%error, "a replica read failed: reading the primary");
                    }
                    done => return done,
                }
            }
        }
        let mode = mode.on_primary();
        let _turn = match (&self.writers, mode) {
            (Some(writers), TxMode::Write) => Some(writers.try_lock_for(WRITE_TURN_TIMEOUT).ok_or_else(|| {
                tracing::warn!("no turn to write within {WRITE_TURN_TIMEOUT:?}");
                AppError::Unavailable
            })?),
            _ => None,
        };
        let reserved = match mode {
            TxMode::Write | TxMode::ReplicaRead | TxMode::ReplicaSingleRead => None,
            TxMode::Read | TxMode::SingleRead => RESERVED.with(|r| {
                let mut r = r.borrow_mut();
                if r.as_ref().is_some_and(|(db, _)| *db == self.id()) {
                    r.take().map(|(_, conn)| conn)
                } else {
                    None
                }
            }),
        };
        let mut conn = match reserved {
            Some(conn) => conn,
            None => self.checkout()?,
        };
        run_on(&mut conn, mode, work)
    }

    fn replica_health(&self) -> Option<ReplicaHealth> {
        self.replica.as_ref().map(|r| r.health())
    }

    fn note_write(&self, user_id: i64) {
        if let Some(replica) = &self.replica {
            replica.note_write(user_id);
        }
    }

    fn wrote_recently(&self, user_id: i64) -> bool {
        self.replica.as_ref().is_some_and(|r| r.wrote_recently(user_id))
    }

    /// SQLite only: a read there takes microseconds and never waits for the writer (WAL), so
    /// running it on the caller's thread costs less than the hand-off to a blocking thread and
    /// back (issue #20). Only with a turn and a connection free at once: the caller's thread
    /// never waits here. PostgreSQL's reads are network round trips and stay off that thread.
    fn read_now(&self, work: &mut dyn FnMut()) -> bool {
        if self.writers.is_none() {
            return false;
        }
        let Some(turn) = self.turns.try_acquire() else { return false };
        let Some(conn) = self.pool.try_get() else { return false };
        RESERVED.with(|r| *r.borrow_mut() = Some((self.id(), Checkout { conn, _turn: turn })));
        let _ends = ReservationEnds;
        work();
        true
    }

    fn ping(&self) -> Result<Duration, AppError> {
        let started = Instant::now();
        let mut conn = self.checkout()?;
        conn.batch_execute("SELECT 1").map_err(|e| AppError::from(map_error(e)))?;
        Ok(started.elapsed())
    }

    fn write_check(&self) -> Result<Duration, AppError> {
        let started = Instant::now();
        let mut conn = self.checkout()?;
        let failed = |e| AppError::from(map_error(e));
        begin(&mut conn, TxMode::Write).map_err(failed)?;
        if let Err(error) = conn.batch_execute("UPDATE readiness SET checked_at = CURRENT_TIMESTAMP WHERE id = 1") {
            let _ = rollback(&mut conn);
            return Err(failed(error));
        }
        commit(&mut conn).map_err(failed)?;
        Ok(started.elapsed())
    }
}

/// Diesel's error as the ports describe it. Unique violations are named by the caller.
/// What a database says when it cannot keep a write: a full disk, a read-only file, file
/// system or server, an I/O error. Answered 503 with `Retry-After`, never 500, and logged.
const STORAGE_FAILURES: [&str; 10] = [
    "database or disk is full",
    "attempt to write a readonly database",
    "disk i/o error",
    "unable to open database file",
    "no space left on device",
    "could not extend file",
    "could not write to file",
    "in a read-only transaction",
    "read-only file system",
    "database disk image is malformed",
];

fn storage_failure(message: &str) -> bool {
    let message = message.to_lowercase();
    STORAGE_FAILURES.iter().any(|known| message.contains(known))
}

pub(crate) fn map_error(error: diesel::result::Error) -> RepoError {
    use diesel::result::{DatabaseErrorKind, Error};
    match error {
        Error::DatabaseError(_, info) if storage_failure(info.message()) => {
            tracing::error!(error = %info.message(), "the database cannot keep writes: answering 503");
            RepoError::Unavailable(info.message().to_owned())
        }
        Error::DatabaseError(DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand, info) => {
            RepoError::Unavailable(info.message().to_owned())
        }
        Error::DatabaseError(_, info) if info.message().contains("database is locked") => {
            RepoError::Unavailable(info.message().to_owned())
        }
        Error::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            RepoError::Other(format!("unexpected unique violation: {}", info.message()))
        }
        other => RepoError::Other(other.to_string()),
    }
}

/// Like [`map_error`], but a unique violation becomes `Duplicate(rule)`.
pub(crate) fn map_unique(rule: &'static str) -> impl Fn(diesel::result::Error) -> RepoError {
    move |error| match error {
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => {
            RepoError::Duplicate(rule)
        }
        other => map_error(other),
    }
}
