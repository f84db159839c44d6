//! An owner's tiers: levels by what a customer spent in the last twelve months, each
//! multiplying the points its sales earn. Read at the counter too.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::tiers;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{LoyaltyTiersEnvelope, LoyaltyTiersRequest};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(get_loyalty_tiers, put_loyalty_tiers))]
pub struct TiersApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_get_loyalty_tiers, _, _>(cfg, get_loyalty_tiers);
    route::<__path_put_loyalty_tiers, _, _>(cfg, put_loyalty_tiers);
}

/// The owner's tiers, lowest first (a POS user and an API key read those of their store's
/// owner); `tiers` is empty when the owner has none. A customer holds the highest level its spend
/// of the last twelve months (sales less returns) reaches; the tier it holds when a sale starts
/// multiplies the sale's points, and the spend after the sale moves it up at once. A spend that
/// falls below the level keeps it 30 days (the customer's `tier.grace_until`), then the tier
/// follows the spend (the daily run).
#[utoipa::path(get, path = "/api/v1/loyalty-tiers", tag = "owner",
    responses(
        (status = 200, description = "The tiers", body = LoyaltyTiersEnvelope),
        (status = 403, description = "Store owners, POS users and API keys only", body = ErrorBody),
    ))]
async fn get_loyalty_tiers(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let ladder = caller.run(tiers::ladder).await?;
    Ok(HttpResponse::Ok().json(LoyaltyTiersEnvelope { data: ladder.into() }))
}

/// Replaces the owner's tiers: up to four levels, lowest spend first, each with names in
/// English and Arabic, the spend that reaches it (each higher than the one before) and a
/// multiplier of 1.0 to 10.0 in steps of 0.1. Every problem is reported at once, by field
/// (`tiers.1.min_spend`). An empty list removes the tiers and every customer's tier. Customers
/// move to the new levels at their next sale or the next daily run.
#[utoipa::path(put, path = "/api/v1/loyalty-tiers", tag = "owner",
    request_body = LoyaltyTiersRequest,
    responses(
        (status = 200, description = "Saved", body = LoyaltyTiersEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid levels, more than four, or unknown fields", body = ErrorBody),
    ))]
async fn put_loyalty_tiers(
    caller: Authenticated,
    body: ValidJson<LoyaltyTiersRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.0.into_input();
    let ladder = caller.run(move |services, actor| tiers::save(services, actor, &input)).await?;
    Ok(HttpResponse::Ok().json(LoyaltyTiersEnvelope { data: ladder.into() }))
}
