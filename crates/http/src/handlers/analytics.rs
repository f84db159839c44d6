//! The admin's platform overview and analytics.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::admin;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{
    ActivityEntryDto, AdminAnalytics, AdminAnalyticsEnvelope, AdminOverview, AdminOverviewEnvelope, DatabaseHealth,
    DayFiguresDto, Health, StoreRankingDto,
};
use crate::error::ErrorBody;
use crate::{ApiError, ServerInfo};

#[derive(OpenApi)]
#[openapi(paths(overview, analytics))]
pub struct AnalyticsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_overview, _, _>(cfg, overview);
    route::<__path_analytics, _, _>(cfg, analytics);
}

/// The overview: users, stores, transactions, revenue, the latest activity across all stores,
/// and the system's health from real checks.
#[utoipa::path(get, path = "/api/v1/admin/overview", tag = "admin",
    responses(
        (status = 200, description = "Overview", body = AdminOverviewEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn overview(info: web::Data<ServerInfo>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let o = caller.run(admin::overview).await?;
    Ok(HttpResponse::Ok().json(AdminOverviewEnvelope {
        data: AdminOverview {
            total_users: o.counts.users,
            total_stores: o.counts.stores,
            total_transactions: o.counts.transactions,
            revenue: o.counts.revenue.to_string(),
            recent_activity: o.recent.into_iter().map(ActivityEntryDto::from).collect(),
            health: Health {
                status: crate::dto::HealthStatus::of(o.database_latency.is_some()),
                version: info.version.to_owned(),
                uptime_seconds: info.started_at.elapsed().as_secs(),
                database: DatabaseHealth {
                    reachable: o.database_latency.is_some(),
                    latency_ms: o.database_latency.map(|d| (d.as_secs_f64() * 1_000_000.0).round() / 1000.0),
                },
            },
        },
    }))
}

/// Invoices, revenue, points issued and redeemed per day over the last 30 days, and the top
/// stores by revenue.
#[utoipa::path(get, path = "/api/v1/admin/analytics", tag = "admin",
    responses(
        (status = 200, description = "Analytics", body = AdminAnalyticsEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn analytics(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let a = caller.run(admin::analytics).await?;
    Ok(HttpResponse::Ok().json(AdminAnalyticsEnvelope {
        data: AdminAnalytics {
            days: a
                .days
                .into_iter()
                .map(|d| DayFiguresDto {
                    day: d.day.format("%Y-%m-%d").to_string(),
                    invoices: d.invoices,
                    revenue: d.revenue.to_string(),
                    points_issued: d.points_issued,
                    points_redeemed: d.points_redeemed,
                })
                .collect(),
            top_stores: a
                .top_stores
                .into_iter()
                .map(|s| StoreRankingDto {
                    store: s.store.into(),
                    owner: s.owner.into(),
                    invoices: s.invoices,
                    revenue: s.revenue.to_string(),
                })
                .collect(),
        },
    }))
}
