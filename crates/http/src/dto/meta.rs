//! The server's facts and health.

use super::*;

#[derive(Debug, Serialize, ToSchema)]
pub struct Meta {
    /// Demo accounts exist and the login page may list them.
    pub demo_mode: bool,
    pub version: String,
}
envelope!(MetaEnvelope, Meta);

#[derive(Debug, Serialize, ToSchema)]
pub struct DatabaseHealth {
    pub reachable: bool,
    /// Round trip of `SELECT 1`, when reachable.
    pub latency_ms: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: HealthStatus,
    pub version: String,
    pub uptime_seconds: u64,
    pub database: DatabaseHealth,
}
envelope!(HealthEnvelope, Health);

/// Whether the instance should get traffic.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ready {
    pub ready: bool,
    /// How long the committed write took, when it succeeded.
    pub write_ms: Option<f64>,
    /// The instance got SIGTERM: it still answers what it is sent, but a balancer should send
    /// it nothing new (it stops after `LOYALTY_SHUTDOWN_DELAY` seconds).
    pub stopping: bool,
    pub replica: ReplicaReadiness,
}
envelope!(ReadyEnvelope, Ready);

/// The read replica (`LOYALTY_READ_DATABASE_URL`) as the instance's last check (once a second)
/// saw it. Dashboards, reports, exports, syncs and the public lookup read there while `serving`;
/// otherwise they read the primary, so a replica down or behind never makes the instance
/// unready.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"configured": true, "reachable": true, "in_recovery": true, "lag_ms": 0, "max_lag_ms": 5000, "serving": true}))]
pub struct ReplicaReadiness {
    /// A replica is configured.
    pub configured: bool,
    /// It answered the last check.
    pub reachable: bool,
    /// It is a standby replaying the primary's WAL (`pg_is_in_recovery()`).
    pub in_recovery: bool,
    /// How far it is behind the primary, in milliseconds (0 when it has replayed everything);
    /// null when not configured, unreachable or not measurable.
    pub lag_ms: Option<u64>,
    /// The lag past which its reads go to the primary (`LOYALTY_READ_MAX_LAG_MS`); null when
    /// not configured.
    pub max_lag_ms: Option<u64>,
    /// Replica reads go to the replica now (reachable and within the limit).
    pub serving: bool,
}

impl ReplicaReadiness {
    pub fn of(health: Option<loyalty_application::ports::ReplicaHealth>) -> Self {
        match health {
            None => Self {
                configured: false,
                reachable: false,
                in_recovery: false,
                lag_ms: None,
                max_lag_ms: None,
                serving: false,
            },
            Some(h) => Self {
                configured: true,
                reachable: h.reachable,
                in_recovery: h.in_recovery,
                lag_ms: h.lag_ms,
                max_lag_ms: Some(h.max_lag_ms),
                serving: h.serving,
            },
        }
    }
}

/// `ok` when the database answers, else `degraded`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum HealthStatus {
    Ok,
    Degraded,
}

impl HealthStatus {
    pub fn of(database_reachable: bool) -> Self {
        if database_reachable {
            HealthStatus::Ok
        } else {
            HealthStatus::Degraded
        }
    }
}
