//! The POS dashboard: the cashier's day and the store's recent activity.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::pos;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{ActivityList, TodayCounts, TodayCountsEnvelope};
use crate::error::ErrorBody;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(recent_activity, today))]
pub struct PosApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_recent_activity, _, _>(cfg, recent_activity);
    route::<__path_today, _, _>(cfg, today);
}

/// The latest 10 invoices and redemptions of the caller's stores, newest first, with staff names.
#[utoipa::path(get, path = "/api/v1/pos/activity", tag = "sales",
    responses(
        (status = 200, description = "Recent activity", body = ActivityList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
    ))]
async fn recent_activity(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let events = caller.run(move |services, actor| pos::recent_activity(services, actor, pos::RECENT_ACTIVITY)).await?;
    Ok(HttpResponse::Ok().json(ActivityList { data: events.into_iter().map(Into::into).collect() }))
}

/// Invoices, points issued and redemptions of the POS user's store today (Africa/Tripoli).
#[utoipa::path(get, path = "/api/v1/pos/today", tag = "sales",
    responses(
        (status = 200, description = "Today's counts", body = TodayCountsEnvelope),
        (status = 403, description = "Only POS users", body = ErrorBody),
    ))]
async fn today(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let counts = caller.run(pos::today).await?;
    Ok(HttpResponse::Ok().json(TodayCountsEnvelope {
        data: TodayCounts {
            invoices: counts.invoices,
            points_issued: counts.points_issued,
            redemptions: counts.redemptions,
        },
    }))
}
