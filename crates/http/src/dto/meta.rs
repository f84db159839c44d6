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
}
envelope!(ReadyEnvelope, Ready);

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
