//! The read replica (`LOYALTY_READ_DATABASE_URL`): its own small pool, a monitor thread that
//! checks it every [`CHECK_EVERY`], and the in-process record of who wrote last
//! (read-your-writes). Which reads may go there is the application's to say
//! (`TxMode::ReplicaRead`, `ports::replica_read`); [`crate::DieselDatabase`] sends them here
//! while [`Replica::serving`], and to the primary otherwise or when a read here fails.

use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use diesel::pg::PgConnection;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use diesel::{Connection, QueryableByName, RunQueryDsl};
use loyalty_application::ports::ReplicaHealth;

use crate::pool::{ConnectionManager, DbPool, DbUrl};

/// How often the monitor checks the replica.
pub const CHECK_EVERY: Duration = Duration::from_secs(1);

/// The lag past which replica reads go to the primary unless configured
/// (`LOYALTY_READ_MAX_LAG_MS`).
pub const MAX_LAG_DEFAULT_MS: u64 = 5000;
/// [`MAX_LAG_DEFAULT_MS`] as a duration.
pub const MAX_LAG_DEFAULT: Duration = Duration::from_millis(MAX_LAG_DEFAULT_MS);

/// How long a read waits for a replica connection before it reads the primary instead.
const CHECKOUT_TIMEOUT: Duration = Duration::from_millis(500);

pub(crate) struct Replica {
    pub(crate) pool: DbPool,
    max_lag: Duration,
    health: parking_lot::Mutex<ReplicaHealth>,
    /// Each user's last committed write in this process, kept [`Replica::keep_writes`].
    writes: parking_lot::Mutex<HashMap<i64, Instant>>,
}

/// The replica's pool: small, opened on demand (a replica down at start does not stop the
/// server), and quick to give up (the read then goes to the primary).
pub fn connect_replica(url: &DbUrl, max_size: u32) -> Result<DbPool, String> {
    if url.backend() != crate::Backend::Postgres {
        return Err("LOYALTY_READ_DATABASE_URL must be a postgres:// URL (a streaming replica)".into());
    }
    Ok(r2d2::Pool::builder()
        .max_size(max_size)
        .min_idle(Some(0))
        .connection_timeout(CHECKOUT_TIMEOUT)
        .test_on_check_out(true)
        .build_unchecked(ConnectionManager::new(url.clone())))
}

impl Replica {
    /// The replica's pool and its monitor, which checks the replica at `replica_url` against
    /// the primary at `primary_url` and stops when the replica is dropped.
    pub(crate) fn start(pool: DbPool, replica_url: String, primary_url: String, max_lag: Duration) -> Arc<Replica> {
        let max_lag_ms = u64::try_from(max_lag.as_millis()).unwrap_or(u64::MAX);
        let replica = Arc::new(Replica {
            pool,
            max_lag,
            // Nothing is read there before the first check says it may be.
            health: parking_lot::Mutex::new(ReplicaHealth {
                reachable: false,
                in_recovery: false,
                lag_ms: None,
                max_lag_ms,
                serving: false,
            }),
            writes: parking_lot::Mutex::new(HashMap::new()),
        });
        let mut monitor = Monitor {
            replica: Arc::downgrade(&replica),
            primary: Link { url: primary_url, conn: None },
            standby: Link { url: replica_url, conn: None },
        };
        monitor.check();
        let spawned = std::thread::Builder::new().name("replica-monitor".into()).spawn(move || loop {
            std::thread::sleep(CHECK_EVERY);
            if !monitor.check() {
                break;
            }
        });
        if let Err(e) = spawned {
            tracing::error!(error = %e, "cannot start the replica monitor: reads stay on the primary");
        }
        replica
    }

    pub(crate) fn health(&self) -> ReplicaHealth {
        *self.health.lock()
    }

    pub(crate) fn serving(&self) -> bool {
        self.health.lock().serving
    }

    /// A read failed on a connection error: reads go to the primary until the next check
    /// finds the replica back.
    pub(crate) fn mark_down(&self) {
        let mut health = self.health.lock();
        if health.serving {
            tracing::warn!("the read replica failed: its reads go to the primary");
        }
        health.reachable = false;
        health.serving = false;
        health.lag_ms = None;
    }

    pub(crate) fn checkout(&self) -> Option<r2d2::PooledConnection<ConnectionManager>> {
        self.pool.get().ok()
    }

    /// How long a write is remembered: past the lag limit (the replica then has it whenever
    /// reads go there) and one check more (the lag is measured once a check).
    fn keep_writes(&self) -> Duration {
        self.max_lag + CHECK_EVERY * 2
    }

    pub(crate) fn note_write(&self, user_id: i64) {
        self.writes.lock().insert(user_id, Instant::now());
    }

    pub(crate) fn wrote_recently(&self, user_id: i64) -> bool {
        let keep = self.keep_writes();
        self.writes.lock().get(&user_id).is_some_and(|at| at.elapsed() < keep)
    }

    fn forget_old_writes(&self) {
        let keep = self.keep_writes();
        self.writes.lock().retain(|_, at| at.elapsed() < keep);
    }
}

/// The monitor's own connections (one to each database, outside the pools, so a busy pool
/// never delays a check and a check never takes a request's connection).
struct Monitor {
    replica: Weak<Replica>,
    primary: Link,
    standby: Link,
}

/// A connection of the monitor's own, opened again after a failure.
struct Link {
    url: String,
    conn: Option<PgConnection>,
}

impl Link {
    fn query<R: QueryableByName<diesel::pg::Pg> + 'static>(&mut self, sql: &str) -> Option<R> {
        if self.conn.is_none() {
            self.conn = PgConnection::establish(&self.url)
                .map_err(|e| tracing::debug!(error = %e, "the replica monitor cannot connect"))
                .ok();
        }
        match diesel::sql_query(sql).get_result::<R>(self.conn.as_mut()?) {
            Ok(row) => Some(row),
            Err(e) => {
                tracing::debug!(error = %e, "the replica monitor's check failed");
                self.conn = None;
                None
            }
        }
    }
}

#[derive(QueryableByName)]
struct PrimaryRow {
    #[diesel(sql_type = Nullable<Text>)]
    lsn: Option<String>,
}

#[derive(QueryableByName)]
struct ReplicaRow {
    #[diesel(sql_type = Bool)]
    in_recovery: bool,
    #[diesel(sql_type = Nullable<Text>)]
    replay_lsn: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    replay_age_ms: Option<i64>,
}

/// A WAL position (`16/B374D848`) as a number.
fn parse_lsn(lsn: &str) -> Option<u64> {
    let (high, low) = lsn.split_once('/')?;
    Some((u64::from_str_radix(high, 16).ok()? << 32) | u64::from_str_radix(low, 16).ok()?)
}

/// The replica's lag in milliseconds: 0 when it has replayed the primary's position read just
/// before (or is no standby: nothing to measure); else the age of the last transaction it
/// replayed (an overestimate after the primary was idle: reads then go to the primary a little
/// longer); `None` when it cannot be told.
fn lag_ms(primary_lsn: Option<u64>, row: &ReplicaRow) -> Option<u64> {
    if !row.in_recovery {
        return Some(0);
    }
    let replayed = row.replay_lsn.as_deref().and_then(parse_lsn)?;
    if replayed >= primary_lsn? {
        return Some(0);
    }
    row.replay_age_ms.map(|ms| u64::try_from(ms).unwrap_or(0))
}

impl Monitor {
    /// One check; `false` once the replica is gone (the database was dropped).
    fn check(&mut self) -> bool {
        let Some(replica) = self.replica.upgrade() else { return false };
        // The primary's position first: a replica that has replayed it has every write
        // committed before this check began.
        let primary_lsn = self
            .primary
            .query::<PrimaryRow>("SELECT pg_current_wal_lsn()::text AS lsn")
            .and_then(|row| row.lsn.as_deref().and_then(parse_lsn));
        let row = self.standby.query::<ReplicaRow>(
            "SELECT pg_is_in_recovery() AS in_recovery, pg_last_wal_replay_lsn()::text AS replay_lsn, \
             (EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::bigint \
             AS replay_age_ms",
        );
        let lag = row.as_ref().and_then(|row| lag_ms(primary_lsn, row));
        let mut health = replica.health.lock();
        let was_serving = health.serving;
        health.reachable = row.is_some();
        health.in_recovery = row.as_ref().is_some_and(|r| r.in_recovery);
        health.lag_ms = lag;
        health.serving = lag.is_some_and(|ms| ms <= health.max_lag_ms);
        match (was_serving, health.serving) {
            (true, false) => tracing::warn!(
                reachable = health.reachable,
                lag_ms = ?health.lag_ms,
                max_lag_ms = health.max_lag_ms,
                "replica reads go to the primary"
            ),
            (false, true) => tracing::info!(lag_ms = ?health.lag_ms, "replica reads go to the replica"),
            _ => {}
        }
        drop(health);
        replica.forget_old_writes();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(in_recovery: bool, replay_lsn: Option<&str>, replay_age_ms: Option<i64>) -> ReplicaRow {
        ReplicaRow { in_recovery, replay_lsn: replay_lsn.map(str::to_owned), replay_age_ms }
    }

    #[test]
    fn lsns_parse_as_numbers() {
        assert_eq!(parse_lsn("0/0"), Some(0));
        assert_eq!(parse_lsn("16/B374D848"), Some((0x16 << 32) | 0xB374_D848));
        assert_eq!(parse_lsn("nonsense"), None);
    }

    #[test]
    fn lag_is_zero_when_caught_up_and_the_replay_age_when_behind() {
        let primary = parse_lsn("1/100");
        assert_eq!(lag_ms(primary, &row(true, Some("1/100"), Some(90_000))), Some(0));
        assert_eq!(lag_ms(primary, &row(true, Some("1/FF"), Some(7_000))), Some(7_000));
        assert_eq!(lag_ms(primary, &row(true, Some("1/FF"), None)), None);
        assert_eq!(lag_ms(None, &row(true, Some("1/FF"), Some(1))), None);
        assert_eq!(lag_ms(None, &row(false, None, None)), Some(0));
    }
}
