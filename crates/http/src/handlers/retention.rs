//! How long the owner's activity log and webhook deliveries are kept.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::retention;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{DataRetentionEnvelope, DataRetentionRequest};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(get_data_retention, put_data_retention))]
pub struct RetentionApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_get_data_retention, _, _>(cfg, get_data_retention);
    route::<__path_put_data_retention, _, _>(cfg, put_data_retention);
}

/// How long the activity log of the owner's stores and its webhook deliveries are kept (the
/// defaults until the owner chooses).
#[utoipa::path(get, path = "/api/v1/store-owner/data-retention", tag = "owner",
    responses(
        (status = 200, description = "The owner's choice", body = DataRetentionEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn get_data_retention(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let kept = caller.run(retention::get).await?;
    Ok(HttpResponse::Ok().json(DataRetentionEnvelope { data: kept.into() }))
}

/// Keeps the activity log and webhook deliveries for the times given. What is older goes at
/// the next daily run (shortly after midnight, Africa/Tripoli), and cannot be brought back.
#[utoipa::path(put, path = "/api/v1/store-owner/data-retention", tag = "owner",
    request_body = DataRetentionRequest,
    responses(
        (status = 200, description = "Saved", body = DataRetentionEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "A value out of its bounds, or unknown fields", body = ErrorBody),
    ))]
async fn put_data_retention(
    caller: Authenticated,
    body: ValidJson<DataRetentionRequest>,
) -> Result<HttpResponse, ApiError> {
    let DataRetentionRequest { activity_log_months, webhook_delivery_days } = body.0;
    let kept = caller
        .run(move |services, actor| retention::save(services, actor, activity_log_months, webhook_delivery_days))
        .await?;
    Ok(HttpResponse::Ok().json(DataRetentionEnvelope { data: kept.into() }))
}
