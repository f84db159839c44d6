//! Redemptions at the counter (a reward or points as money), their preview and the list.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::redemptions;
use utoipa::OpenApi;

use super::{created, route, IdempotencyKey, Listing};
use crate::auth::Authenticated;
use crate::dto::{
    CreateRedemptionRequest, ListQuery, PageQuery, RedemptionDone, RedemptionDoneEnvelope, RedemptionList,
    RedemptionPreviewEnvelope, RedemptionPreviewQuery, SyncQuery,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(list_redemptions, create_redemption, preview_redemption))]
pub struct RedemptionsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_redemptions, _, _>(cfg, list_redemptions);
    route::<__path_create_redemption, _, _>(cfg, create_redemption);
    route::<__path_preview_redemption, _, _>(cfg, preview_redemption);
}

/// Redemptions of the caller's stores, newest first.
#[utoipa::path(get, path = "/api/v1/redemptions", tag = "sales",
    params(PageQuery, ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of redemptions", body = RedemptionList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "`store_id` is not one of the caller's stores", body = ErrorBody),
    ))]
async fn list_redemptions(caller: Authenticated, listing: Listing) -> Result<HttpResponse, ApiError> {
    let page = caller.run(move |services, actor| redemptions::list(services, actor, listing.sales(None)?)).await?;
    Ok(HttpResponse::Ok().json(RedemptionList::from_page(page)))
}

/// Redeems a reward, or (`points`) a number of points as money where the store owner gave
/// points a value, for a customer of the POS user's store (or, with an API key's
/// `sales:write`, of a store the key covers). The deduction is atomic and conditional: the
/// balance never goes below zero. `Idempotency-Key` as for invoices.
#[utoipa::path(post, path = "/api/v1/redemptions", tag = "sales",
    request_body = CreateRedemptionRequest,
    params(IdempotencyKey),
    responses(
        (status = 201, description = "Redeemed; points deducted and the new balance", body = RedemptionDoneEnvelope,
            headers(("Idempotent-Replayed" = bool, description = "`true` when this is the stored answer of an earlier request with the same key"))),
        (status = 403, description = "Only POS users and API keys with `sales:write` redeem", body = ErrorBody),
        (status = 404, description = "No such customer or reward for this store", body = ErrorBody),
        (status = 409, description = "Insufficient points, reward disabled, points without a value in LYD here, or key reused", body = ErrorBody,
            example = json!(examples::error(ErrorCode::InsufficientPoints))),
        (status = 422, description = "Missing customer, neither or both of reward and points, or points below the owner's minimum", body = ErrorBody),
    ))]
async fn create_redemption(
    caller: Authenticated,
    key: IdempotencyKey,
    body: ValidJson<CreateRedemptionRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = key.into_inner();
    let CreateRedemptionRequest { customer_id, reward_id, points } = body.0;
    let request = redemptions::RedemptionRequest { customer_id, reward_id, points };
    let done = caller.run(move |services, actor| redemptions::create(services, actor, request, key.as_deref())).await?;
    Ok(created(done.replayed).json(RedemptionDoneEnvelope {
        data: RedemptionDone {
            redemption: done.redemption.into(),
            points_deducted: done.points_deducted,
            customer_total_points: done.customer_total_points,
        },
    }))
}

/// What a customer's points are worth as money at the caller's counter: the owner's value of
/// 100 points and minimum, the whole balance's worth, and, with `points`, those points' worth
/// and the balance after, from the rule the redemption uses. Spends nothing.
#[utoipa::path(get, path = "/api/v1/redemptions/preview", tag = "sales",
    params(RedemptionPreviewQuery),
    responses(
        (status = 200, description = "What the points are worth", body = RedemptionPreviewEnvelope),
        (status = 403, description = "Only POS users and API keys with `sales:write` redeem", body = ErrorBody),
        (status = 404, description = "No such customer at this counter", body = ErrorBody),
        (status = 409, description = "Points have no value in LYD in this store, or more points than the balance (`insufficient_points` under `errors.points`, as the redemption answers)", body = ErrorBody,
            example = json!(examples::error(ErrorCode::PointsHaveNoValue))),
        (status = 422, description = "Missing customer; points below the owner's minimum or worth nothing", body = ErrorBody),
    ))]
async fn preview_redemption(
    caller: Authenticated,
    query: web::Query<RedemptionPreviewQuery>,
) -> Result<HttpResponse, ApiError> {
    let RedemptionPreviewQuery { customer_id, points } = query.into_inner();
    let preview = caller.run(move |services, actor| redemptions::preview(services, actor, customer_id, points)).await?;
    Ok(HttpResponse::Ok().json(RedemptionPreviewEnvelope { data: preview.into() }))
}
