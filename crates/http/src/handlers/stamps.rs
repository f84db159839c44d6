//! Stamp cards: a store's card (its owner sets it), a customer's stamps redeemed at the till,
//! and their history. Sales earn the stamps (`POST /invoices`).

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::stamps;
use loyalty_domain::stamps::StampCardForm;
use utoipa::OpenApi;

use super::{created, route, IdempotencyKey};
use crate::auth::Authenticated;
use crate::dto::{
    PageQuery, RedeemStampsRequest, StampCardEnvelope, StampCardRequest, StampEventList, StampsRedeemedEnvelope,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(get_stamp_card, put_stamp_card, delete_stamp_card, redeem_stamps, customer_stamps))]
pub struct StampsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_get_stamp_card, _, _>(cfg, get_stamp_card);
    route::<__path_put_stamp_card, _, _>(cfg, put_stamp_card);
    route::<__path_delete_stamp_card, _, _>(cfg, delete_stamp_card);
    route::<__path_redeem_stamps, _, _>(cfg, redeem_stamps);
    route::<__path_customer_stamps, _, _>(cfg, customer_stamps);
}

/// The store's stamp card, read by its owner and its cashiers: `data` is `null` when the store
/// gives no stamps.
#[utoipa::path(get, path = "/api/v1/stores/{id}/stamp-card", tag = "owner",
    params(("id" = i64, Path, description = "Store id")),
    responses(
        (status = 200, description = "The card, or `null`", body = StampCardEnvelope),
        (status = 403, description = "Store owners, POS users and API keys only", body = ErrorBody),
        (status = 404, description = "Not one of the caller's stores", body = ErrorBody),
    ))]
async fn get_stamp_card(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let card = caller.run(move |services, actor| stamps::card(services, actor, id)).await?;
    Ok(HttpResponse::Ok().json(StampCardEnvelope { data: card.map(Into::into) }))
}

/// Sets or replaces the store's stamp card (its owner's): from now on every sale of at least
/// `min_total` gives the customer a stamp, and `stamps_required` stamps redeem `reward_name` at
/// the till. Each stamp counts until it is redeemed, taken back (a void of its sale; a return
/// that takes the whole sale, or leaves less of it than `min_total`), or `expires_after_days`
/// after its sale (as the card said when it was earned: a change applies to later stamps).
/// A full replacement: every field is named (`expires_after_days` as `null` for never).
/// `DELETE` turns the card off.
#[utoipa::path(put, path = "/api/v1/stores/{id}/stamp-card", tag = "owner",
    params(("id" = i64, Path, description = "Store id")),
    request_body = StampCardRequest,
    responses(
        (status = 200, description = "Saved", body = StampCardEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "Invalid values, a field left out, or unknown fields", body = ErrorBody),
    ))]
async fn put_stamp_card(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<StampCardRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let StampCardRequest { min_total, stamps_required, reward_name, expires_after_days } = body.0;
    let min_total = min_total.map(|m| m.into_string());
    let card = caller
        .run(move |services, actor| {
            let form = StampCardForm {
                min_total: min_total.as_deref(),
                stamps_required,
                reward_name: reward_name.as_deref(),
                expires_after_days: expires_after_days.flatten(),
            };
            stamps::save_card(services, actor, id, form)
        })
        .await?;
    Ok(HttpResponse::Ok().json(StampCardEnvelope { data: Some(card.into()) }))
}

/// Turns the store's stamp card off: sales earn no more stamps and none are redeemed. The
/// stamps earned stay in the customers' history, and count again if a card is set later.
#[utoipa::path(delete, path = "/api/v1/stores/{id}/stamp-card", tag = "owner",
    params(("id" = i64, Path, description = "Store id")),
    responses(
        (status = 204, description = "Turned off"),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores, or it has no card", body = ErrorBody),
    ))]
async fn delete_stamp_card(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| stamps::delete_card(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Redeems the reward of a full stamp card at the till (a POS user in its store, the owner in
/// its stores, an API key with `sales:write`): uses the card's `stamps_required` stamps, the
/// oldest first, and records it in the customer's stamp history; a `stamp_card.redeemed`
/// webhook event follows. `store_id` is the customer's store. With an `Idempotency-Key` header
/// a retry answers the same redemption and changes nothing.
#[utoipa::path(post, path = "/api/v1/customers/{id}/stamp-card/redeem", tag = "sales",
    params(("id" = i64, Path, description = "Customer id"), IdempotencyKey),
    request_body = RedeemStampsRequest,
    responses(
        (status = 201, description = "Redeemed; the customer's stamps after it", body = StampsRedeemedEnvelope,
            headers(("Idempotent-Replayed" = bool, description = "`true` when this is the stored answer of an earlier request with the same key"))),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores, or not of that store", body = ErrorBody),
        (status = 409, description = "The store has no stamp card, too few stamps, or key reused", body = ErrorBody,
            example = json!(examples::error(ErrorCode::StampCardNotFull))),
        (status = 422, description = "Invalid body, or a malformed Idempotency-Key", body = ErrorBody),
    ))]
async fn redeem_stamps(
    caller: Authenticated,
    id: web::Path<i64>,
    key: IdempotencyKey,
    body: ValidJson<RedeemStampsRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, store_id, key) = (id.into_inner(), body.0.store_id, key.into_inner());
    let done = caller.run(move |services, actor| stamps::redeem(services, actor, id, store_id, key.as_deref())).await?;
    Ok(created(done.replayed).json(StampsRedeemedEnvelope { data: done.value.into() }))
}

/// A customer's stamp history: each stamp earned (with its sale, its expiry, and whether it was
/// redeemed or taken back) and each redemption, newest first.
#[utoipa::path(get, path = "/api/v1/customers/{id}/stamps", tag = "customers",
    params(("id" = i64, Path, description = "Customer id"), PageQuery),
    responses(
        (status = 200, description = "A page of stamp events", body = StampEventList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
    ))]
async fn customer_stamps(
    caller: Authenticated,
    id: web::Path<i64>,
    page: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, page) = (id.into_inner(), page.page_request());
    let page = caller.run(move |services, actor| stamps::history(services, actor, id, page)).await?;
    Ok(HttpResponse::Ok().json(StampEventList::from_page(page)))
}
