//! Housekeeping: what the server forgets on its own, hourly.

use chrono::{Duration, NaiveDateTime};
use loyalty_domain::local_day::local_day_bounds;

use crate::ports::{transaction, TxMode};
use crate::{AppError, Services};

/// How long a retried POST with the same `Idempotency-Key` gets the first answer back.
pub fn idempotency_window() -> Duration {
    Duration::hours(24)
}

/// How long an ended (expired or revoked) session row is kept.
pub fn ended_session_window() -> Duration {
    Duration::days(1)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pruned {
    pub idempotency_keys: usize,
    pub sessions: usize,
}

/// How often housekeeping runs across all instances on one database. An instance asks every
/// hour; the run is claimed only once its last run is this old, so several instances (started at
/// different minutes) prune once an hour between them.
pub fn housekeeping_period() -> Duration {
    Duration::minutes(50)
}

/// Claims `job` for the Tripoli day of `now` across all instances (one conditional update):
/// whether this caller runs it. The daily runs (expiring points, reviewing tiers) start here.
pub(crate) fn claim_local_day(services: &Services, job: &str, now: NaiveDateTime) -> Result<bool, AppError> {
    let start_of_today = local_day_bounds(now).0;
    transaction(&*services.db, TxMode::Write, |repos| {
        Ok(repos.claim_job(job, now, start_of_today - Duration::microseconds(1))?)
    })
}

/// Forgets idempotency answers older than the window and sessions that ended a while ago, when
/// no instance did within [`housekeeping_period`]; `None` when it was not due.
pub fn prune(services: &Services) -> Result<Option<Pruned>, AppError> {
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        if !repos.claim_job("housekeeping", now, now - housekeeping_period())? {
            return Ok(None);
        }
        Ok(Some(Pruned {
            idempotency_keys: repos.forget_answers_before(now - idempotency_window())?,
            sessions: repos.delete_sessions_ended_before(now - ended_session_window())?,
        }))
    })
}
