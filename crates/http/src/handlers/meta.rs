use actix_web::{web, HttpResponse};
use loyalty_application::Services;
use utoipa::OpenApi;

use super::route;
use crate::dto::{
    DatabaseHealth, Health, HealthEnvelope, HealthStatus, Meta, MetaEnvelope, Ready, ReadyEnvelope, ReplicaReadiness,
};
use crate::ServerInfo;

#[derive(OpenApi)]
#[openapi(paths(meta, health, ready))]
pub struct MetaApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_meta, _, _>(cfg, meta);
    route::<__path_health, _, _>(cfg, health);
    route::<__path_ready, _, _>(cfg, ready);
}

/// How long a balancer waits before asking an instance that was not ready again.
const READY_RETRY_SECS: u64 = 5;

/// Readiness, for load balancers: 200 only when the database keeps a write now (one tiny
/// committed write to a row of its own) and the instance is not stopping; 503 with
/// `Retry-After` otherwise (unreachable, a full disk, read-only, locked; or SIGTERM received,
/// `stopping`). The read replica is reported (`replica`) but never makes the instance unready:
/// its reads go to the primary while it is down or behind. `/api/v1/health` stays the cheap
/// liveness answer.
#[utoipa::path(get, path = "/api/v1/ready", tag = "meta",
    responses(
        (status = 200, description = "Ready: the database keeps writes", body = ReadyEnvelope),
        (status = 503, description = "Not ready: the database does not keep writes now, or the instance is stopping; ask again after `Retry-After` seconds", body = ReadyEnvelope,
            example = json!({"data": {"ready": false, "write_ms": null, "stopping": false,
                "replica": {"configured": true, "reachable": false, "in_recovery": false, "lag_ms": null, "max_lag_ms": 5000, "serving": false}}})),
    ))]
async fn ready(services: web::Data<Services>, info: web::Data<ServerInfo>) -> HttpResponse {
    let stopping = info.stopping.load(std::sync::atomic::Ordering::Relaxed);
    let written = if stopping {
        None
    } else {
        let db = services.db.clone();
        web::block(move || db.write_check()).await.ok().and_then(Result::ok)
    };
    let body = ReadyEnvelope {
        data: Ready {
            ready: written.is_some(),
            write_ms: written.map(|d| (d.as_secs_f64() * 1_000_000.0).round() / 1000.0),
            stopping,
            replica: ReplicaReadiness::of(services.db.replica_health()),
        },
    };
    if written.is_some() {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable()
            .insert_header((actix_web::http::header::RETRY_AFTER, READY_RETRY_SECS.to_string()))
            .json(body)
    }
}

/// Facts the sign-in page needs: whether demo accounts exist, and the API version.
#[utoipa::path(get, path = "/api/v1/meta", tag = "meta",
    responses((status = 200, description = "Server facts", body = MetaEnvelope)))]
async fn meta(info: web::Data<ServerInfo>) -> HttpResponse {
    HttpResponse::Ok().json(MetaEnvelope { data: Meta { demo_mode: info.demo_mode, version: info.version.to_owned() } })
}

/// Liveness and database reachability, for load balancers and the admin health panel.
#[utoipa::path(get, path = "/api/v1/health", tag = "meta",
    responses(
        (status = 200, description = "Healthy", body = HealthEnvelope),
        (status = 503, description = "The database is unreachable", body = HealthEnvelope,
            example = json!({"data": {"status": "degraded", "version": env!("CARGO_PKG_VERSION"), "uptime_seconds": 86400,
                "database": {"reachable": false, "latency_ms": null}}})),
    ))]
async fn health(services: web::Data<Services>, info: web::Data<ServerInfo>) -> HttpResponse {
    let db = services.db.clone();
    let ping = web::block(move || db.ping()).await.ok().and_then(Result::ok);
    let body = HealthEnvelope {
        data: Health {
            status: HealthStatus::of(ping.is_some()),
            version: info.version.to_owned(),
            uptime_seconds: info.started_at.elapsed().as_secs(),
            database: DatabaseHealth {
                reachable: ping.is_some(),
                latency_ms: ping.map(|d| (d.as_secs_f64() * 1_000_000.0).round() / 1000.0),
            },
        },
    };
    if ping.is_some() {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
