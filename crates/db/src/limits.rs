//! The shared rate limits' counters in PostgreSQL (`rate_limits`, an unlogged table, and the
//! `rate_limit_take` function): the application's [`SharedLimits`]. Each check is one statement,
//! an upsert that moves the key's arrival time on only while it stays within the burst, so
//! concurrent checks from every instance are counted exactly.

use diesel::sql_types::{Double, Text};
use diesel::{QueryableByName, RunQueryDsl};
use loyalty_application::ports::SharedLimits;

use crate::{DbConnection, DbPool};

#[derive(QueryableByName)]
struct Tat {
    #[diesel(sql_type = Double)]
    tat: f64,
}

/// `rate_limit_take`'s answer: 0 allowed, else the seconds to wait.
#[derive(QueryableByName)]
struct Wait {
    #[diesel(sql_type = Double)]
    wait: f64,
}

/// The counters on the limits' own pool ([`crate::pool::connect_for_limits`]).
pub struct PgSharedLimits {
    pool: DbPool,
}

impl PgSharedLimits {
    pub fn new(pool: DbPool) -> Self {
        Self { pool }
    }

    fn with_conn<T>(
        &self,
        work: impl FnOnce(&mut diesel::PgConnection) -> diesel::QueryResult<T>,
    ) -> Result<T, String> {
        match self.pool.get() {
            Ok(mut conn) => match &mut *conn {
                DbConnection::Postgresql(pg) => work(pg).map_err(|e| e.to_string()),
                DbConnection::Sqlite(_) => Err("shared limits need PostgreSQL".to_owned()),
            },
            Err(e) => Err(e.to_string()),
        }
    }

    /// One call of a limit function of the migrations (`now`, `key`, `interval`, `tolerance`):
    /// the wait it answers.
    fn call(&self, sql: &'static str, now: f64, key: &str, interval: f64, tolerance: f64) -> Result<f64, String> {
        self.with_conn(|conn| {
            let taken: Wait = diesel::sql_query(sql)
                .bind::<Double, _>(now)
                .bind::<Text, _>(key)
                .bind::<Double, _>(interval)
                .bind::<Double, _>(tolerance)
                .get_result(conn)?;
            Ok(taken.wait)
        })
    }
}

impl SharedLimits for PgSharedLimits {
    fn take(&self, now: f64, key: &str, interval: f64, tolerance: f64) -> Result<f64, String> {
        self.call("SELECT rate_limit_take($1, $2, $3, $4) AS wait", now, key, interval, tolerance)
    }

    /// One call of the `rate_limit_take` function (migration `rate_limit_function`).
    fn take_then(&self, now: f64, first: (&str, f64, f64), second: (&str, f64, f64)) -> Result<f64, String> {
        self.with_conn(|conn| {
            let taken: Wait = diesel::sql_query("SELECT rate_limit_take($1, $2, $3, $4, $5, $6, $7) AS wait")
                .bind::<Double, _>(now)
                .bind::<Text, _>(first.0)
                .bind::<Double, _>(first.1)
                .bind::<Double, _>(first.2)
                .bind::<Text, _>(second.0)
                .bind::<Double, _>(second.1)
                .bind::<Double, _>(second.2)
                .get_result(conn)?;
            Ok(taken.wait)
        })
    }

    /// One call of `rate_limit_take_reporting` (migration `key_rate_limits`).
    fn take_reporting(&self, now: f64, key: &str, interval: f64, tolerance: f64) -> Result<f64, String> {
        self.call("SELECT rate_limit_take_reporting($1, $2, $3, $4) AS wait", now, key, interval, tolerance)
    }

    fn add(&self, now: f64, key: &str, interval: f64) -> Result<(), String> {
        self.with_conn(|conn| {
            diesel::sql_query(
                "INSERT INTO rate_limits AS r (key, tat) VALUES ($1, $2 + $3) \
                 ON CONFLICT (key) DO UPDATE SET tat = GREATEST(r.tat, $2) + $3",
            )
            .bind::<Text, _>(key)
            .bind::<Double, _>(now)
            .bind::<Double, _>(interval)
            .execute(conn)?;
            Ok(())
        })
    }

    fn arrival_time(&self, key: &str) -> Result<Option<f64>, String> {
        self.with_conn(|conn| {
            let held: Vec<Tat> =
                diesel::sql_query("SELECT tat FROM rate_limits WHERE key = $1").bind::<Text, _>(key).load(conn)?;
            Ok(held.first().map(|t| t.tat))
        })
    }

    fn prune(&self, now: f64) -> Result<(), String> {
        self.with_conn(|conn| {
            diesel::sql_query("DELETE FROM rate_limits WHERE tat < $1").bind::<Double, _>(now).execute(conn)?;
            Ok(())
        })
    }
}
