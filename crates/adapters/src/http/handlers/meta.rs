use actix_web::{web, HttpResponse};
use loyalty_application::Services;
use utoipa::OpenApi;

use super::route;
use crate::http::dto::{DatabaseHealth, Health, HealthEnvelope, HealthStatus, Meta, MetaEnvelope};
use crate::http::ServerInfo;

#[derive(OpenApi)]
#[openapi(paths(meta, health))]
pub struct MetaApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_meta, _, _>(cfg, meta);
    route::<__path_health, _, _>(cfg, health);
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
