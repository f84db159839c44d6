//! Housekeeping: what the server forgets on its own, hourly.

use chrono::Duration;

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

/// Forgets idempotency answers older than the window and sessions that ended a while ago.
pub fn prune(services: &Services) -> Result<Pruned, AppError> {
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        Ok(Pruned {
            idempotency_keys: repos.forget_answers_before(now - idempotency_window())?,
            sessions: repos.delete_sessions_ended_before(now - ended_session_window())?,
        })
    })
}
