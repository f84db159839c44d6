use std::path::PathBuf;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::sqlite::SqliteConnection;
use diesel::Connection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

/// One connection type for both backends; the query builder works through it unchanged.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(SqliteConnection),
    Postgresql(PgConnection),
}

impl DbConnection {
    pub fn backend(&self) -> Backend {
        match self {
            DbConnection::Sqlite(_) => Backend::Sqlite,
            DbConnection::Postgresql(_) => Backend::Postgres,
        }
    }
}

/// The backend type of [`DbConnection`], for boxed queries.
pub type DbBackend = <DbConnection as Connection>::Backend;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where the database is, parsed from `DATABASE_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbUrl {
    /// `sqlite://data/loyalty.db` (relative) or `sqlite:///var/lib/loyalty.db` (absolute).
    Sqlite(PathBuf),
    /// `postgres://...` or `postgresql://...`, passed to libpq as it is.
    Postgres(String),
}

impl DbUrl {
    pub fn parse(url: &str) -> Result<Self, String> {
        if let Some(path) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
            if path.is_empty() || path.contains(":memory:") {
                return Err("an SQLite URL needs a file path, e.g. sqlite://data/loyalty.db".into());
            }
            Ok(DbUrl::Sqlite(PathBuf::from(path)))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(DbUrl::Postgres(url.to_owned()))
        } else {
            Err(format!("unsupported DATABASE_URL scheme (use sqlite:// or postgres://): {}", redact(url)))
        }
    }

    pub fn backend(&self) -> Backend {
        match self {
            DbUrl::Sqlite(_) => Backend::Sqlite,
            DbUrl::Postgres(_) => Backend::Postgres,
        }
    }
}

/// The URL without its password, for logs and errors.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let creds = &url[scheme_end + 3..at];
            let user = creds.split(':').next().unwrap_or("");
            format!("{}://{}:***@{}", &url[..scheme_end], user, &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// Opens connections for r2d2 and reports the backend's own error when it cannot.
#[derive(Debug, Clone)]
pub struct ConnectionManager {
    url: DbUrl,
}

impl ConnectionManager {
    pub fn new(url: DbUrl) -> Self {
        Self { url }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("{0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("{0}")]
    Query(#[from] diesel::result::Error),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl r2d2::ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = ConnectError;

    fn connect(&self) -> Result<DbConnection, ConnectError> {
        match &self.url {
            DbUrl::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(&path.to_string_lossy())?;
                // WAL lets readers run beside the one writer; the busy timeout makes a writer
                // wait for the lock instead of failing; NORMAL sync is durable across a crash
                // of the process (WAL), which is what we guard against.
                conn.batch_execute(
                    "PRAGMA busy_timeout = 15000; PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                )?;
                Ok(DbConnection::Sqlite(conn))
            }
            DbUrl::Postgres(url) => Ok(DbConnection::Postgresql(PgConnection::establish(url)?)),
        }
    }

    /// PostgreSQL: a round trip, so a connection that died while idle is replaced. SQLite: a file
    /// opened by this process does not die while idle, and the check's statement was a twentieth
    /// of a public lookup's time (issue #20), so nothing is run.
    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), ConnectError> {
        match conn {
            DbConnection::Sqlite(_) => Ok(()),
            DbConnection::Postgresql(_) => Ok(conn.batch_execute("SELECT 1")?),
        }
    }

    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        false
    }
}

pub type DbPool = r2d2::Pool<ConnectionManager>;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// How long a request waits for a connection before it is answered 503.
///
/// PostgreSQL: transactions are short, so a wait this long means the database is unreachable
/// (r2d2 keeps retrying to connect until the timeout); a client should get its 503 quickly
/// rather than hang. SQLite: a connection may be held by a writer waiting on `busy_timeout`
/// for the one write lock, so a request waits longer under a burst of writes.
pub fn checkout_timeout(backend: Backend) -> Duration {
    match backend {
        Backend::Postgres => Duration::from_secs(3),
        Backend::Sqlite => Duration::from_secs(10),
    }
}

/// Builds the pool (creating the SQLite file's folder if needed) and checks one connection.
pub fn connect(url: &DbUrl, max_size: u32) -> Result<DbPool, String> {
    if let DbUrl::Sqlite(path) = url {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        check_sqlite_files_writable(path)?;
    }
    r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(checkout_timeout(url.backend()))
        // A connection that died while idle (PostgreSQL restarted, network cut) fails this
        // check and is replaced, so the server recovers by itself once the database is back.
        .test_on_check_out(true)
        .build(ConnectionManager { url: url.clone() })
        .map_err(|e| format!("cannot connect to the database: {e}"))
}

/// The shared limits' own few connections (PostgreSQL). Apart from the main pool, so a flood of
/// public lookups cannot take the connections sales need; and without the check on each
/// checkout, which cost a round trip per limited request: a connection that died fails its
/// check's statement instead, the check counts in process that once (and logs it), and the
/// pool replaces the connection.
pub fn connect_for_limits(url: &DbUrl, max_size: u32) -> Result<DbPool, String> {
    r2d2::Pool::builder()
        .max_size(max_size)
        .min_idle(Some(1))
        .connection_timeout(Duration::from_secs(1))
        .test_on_check_out(false)
        .build(ConnectionManager { url: url.clone() })
        .map_err(|e| format!("cannot connect to the database: {e}"))
}

/// SQLite writes the database file, its `-wal` and `-shm` files and new files beside them. One
/// it cannot write fails later in the worst way (an unwritable `-shm` ends the process with
/// SIGBUS and no log line), so the server checks them at start and says which one is wrong.
///
/// Only before this process opens the database: closing a file this probe opened drops every
/// POSIX lock the process holds on that file, SQLite's included, and a SQLite connection left
/// without its locks loses committed writes. [`connect`] probes, so a SQLite file is connected
/// to once per process.
pub fn check_sqlite_files_writable(path: &std::path::Path) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let probe = dir.join(format!(".loyalty-write-check-{}", std::process::id()));
    std::fs::write(&probe, b"ok")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| format!("cannot write in {}: {e}; the database's directory must be writable", dir.display()))?;
    for suffix in ["", "-wal", "-shm"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let file = std::path::PathBuf::from(name);
        if file.exists() {
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(&file)
                .map_err(|e| format!("cannot write {}: {e}; the database's files must be writable", file.display()))?;
        }
    }
    Ok(())
}

/// Runs the pending migrations of the connection's backend; returns how many ran.
pub fn run_migrations(conn: &mut DbConnection) -> Result<usize, String> {
    let ran = match conn {
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
        DbConnection::Postgresql(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|v| v.len()),
    };
    let ran = ran.map_err(|e| format!("migration failed: {e}"))?;
    // What a migration added that only the code can compute.
    crate::repositories::fill_search_text(conn)
        .map_err(|e| format!("filling the customers' search text failed: {e}"))?;
    Ok(ran)
}

/// Runs `work` holding the setup lock. On PostgreSQL it is a session advisory lock, so several
/// instances started at once on one database migrate and seed one after another (the others
/// then find nothing to do); SQLite's own write lock orders them there.
pub fn with_setup_lock<T>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, String>,
) -> Result<T, String> {
    use diesel::connection::SimpleConnection;
    /// "loyalty setup", as a number of its own.
    const SETUP_LOCK: i64 = 0x6c6f_7961_6c74_7931;
    let postgres = matches!(conn, DbConnection::Postgresql(_));
    if postgres {
        conn.batch_execute(&format!("SELECT pg_advisory_lock({SETUP_LOCK})"))
            .map_err(|e| format!("cannot take the setup lock: {e}"))?;
    }
    let outcome = work(conn);
    if postgres {
        if let Err(e) = conn.batch_execute(&format!("SELECT pg_advisory_unlock({SETUP_LOCK})")) {
            tracing::warn!(error = %e, "releasing the setup lock failed");
        }
    }
    outcome
}

/// Reverts every migration, newest first (for the schema round-trip test).
pub fn revert_all_migrations(conn: &mut DbConnection) -> Result<(), String> {
    let result = match conn {
        DbConnection::Sqlite(c) => c.revert_all_migrations(SQLITE_MIGRATIONS).map(|_| ()),
        DbConnection::Postgresql(c) => c.revert_all_migrations(POSTGRES_MIGRATIONS).map(|_| ()),
    };
    result.map_err(|e| format!("revert failed: {e}"))
}

/// The embedded migrations' folder names, in the order they run (diesel's harness runs them by
/// version, the folder name's date and sequence number), for the test that they were written in
/// that order.
pub fn migration_names(backend: Backend) -> Vec<String> {
    use diesel::migration::{Migration, MigrationSource};
    fn names<DB: diesel::backend::Backend>(source: EmbeddedMigrations) -> Vec<String> {
        let mut migrations: Vec<Box<dyn Migration<DB>>> =
            MigrationSource::<DB>::migrations(&source).unwrap_or_default();
        migrations.sort_by(|a, b| a.name().version().cmp(&b.name().version()));
        migrations.iter().map(|m| m.name().to_string()).collect()
    }
    match backend {
        Backend::Sqlite => names::<diesel::sqlite::Sqlite>(SQLITE_MIGRATIONS),
        Backend::Postgres => names::<diesel::pg::Pg>(POSTGRES_MIGRATIONS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_urls() {
        assert_eq!(DbUrl::parse("sqlite://data/loyalty.db"), Ok(DbUrl::Sqlite("data/loyalty.db".into())));
        assert_eq!(DbUrl::parse("sqlite:///tmp/x.db"), Ok(DbUrl::Sqlite("/tmp/x.db".into())));
        assert_eq!(DbUrl::parse("postgres://u:p@h/db").map(|u| u.backend()), Ok(Backend::Postgres));
        assert!(DbUrl::parse("mysql://x").is_err());
        assert!(DbUrl::parse("sqlite::memory:").is_err());
    }

    #[test]
    fn redacts_password() {
        assert_eq!(redact("postgres://me:secret@db:5432/x"), "postgres://me:***@db:5432/x");
        assert_eq!(redact("sqlite://data/x.db"), "sqlite://data/x.db");
    }
}
