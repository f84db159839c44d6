//! An owner's loyalty settings (how sales earn points, the counter's guards, expiry, signals'
//! thresholds), read at the counter too.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::owner;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{LoyaltyConfigEnvelope, LoyaltyConfigRequest};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(get_loyalty_config, put_loyalty_config, patch_loyalty_config))]
pub struct LoyaltyConfigApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_get_loyalty_config, _, _>(cfg, get_loyalty_config);
    route::<__path_put_loyalty_config, _, _>(cfg, put_loyalty_config);
    route::<__path_patch_loyalty_config, _, _>(cfg, patch_loyalty_config);
}

/// The loyalty settings: points per LYD, the minimum purchase that earns points, the largest
/// invoice total, the total above which the counter asks to confirm, and the cashiers' daily
/// cap on manual points (a POS user reads those of its store's owner).
#[utoipa::path(get, path = "/api/v1/loyalty-config", tag = "owner",
    responses(
        (status = 200, description = "Settings", body = LoyaltyConfigEnvelope),
        (status = 403, description = "Store owners and POS users only", body = ErrorBody),
    ))]
async fn get_loyalty_config(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let settings = caller.run(owner::loyalty_settings).await?;
    Ok(HttpResponse::Ok().json(LoyaltyConfigEnvelope { data: settings.into() }))
}

/// Changes the loyalty settings given and keeps the ones left out (a body with only
/// `cost_per_point` changes only the rate, as the spec's clients send it): unlike other `PUT`s
/// it erases nothing it leaves out, so it is the same change as `PATCH /loyalty-config`. Every
/// later invoice in the owner's stores uses them.
#[utoipa::path(put, path = "/api/v1/loyalty-config", tag = "owner",
    request_body = LoyaltyConfigRequest,
    responses(
        (status = 200, description = "Saved", body = LoyaltyConfigEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid values or unknown fields", body = ErrorBody),
    ))]
async fn put_loyalty_config(
    caller: Authenticated,
    body: ValidJson<LoyaltyConfigRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = body.0.into_change();
    let settings = caller.run(move |services, actor| owner::save_loyalty_settings(services, actor, &change)).await?;
    Ok(HttpResponse::Ok().json(LoyaltyConfigEnvelope { data: settings.into() }))
}

/// Changes only the settings the body names, as a JSON Merge Patch (RFC 7396): a setting left
/// out keeps its value, `null` clears `point_value` or `points_expiry_months`, a value replaces
/// it; every later invoice in the owner's stores uses them. Sent as
/// `application/merge-patch+json` (or `application/json`).
#[utoipa::path(patch, path = "/api/v1/loyalty-config", tag = "owner",
    request_body(content = LoyaltyConfigRequest, content_type = "application/merge-patch+json"),
    responses(
        (status = 200, description = "Saved", body = LoyaltyConfigEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid values or unknown fields", body = ErrorBody),
    ))]
async fn patch_loyalty_config(
    caller: Authenticated,
    body: ValidJson<LoyaltyConfigRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = body.0.into_change();
    let settings = caller.run(move |services, actor| owner::patch_loyalty_settings(services, actor, &change)).await?;
    Ok(HttpResponse::Ok().json(LoyaltyConfigEnvelope { data: settings.into() }))
}
