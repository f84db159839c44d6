//! An owner's plan: its status, auto-renewal, cancelling, and redeeming a card (with a
//! preview first).

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::subscriptions;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{PlanChangePreviewEnvelope, RedeemCodeRequest, SubscriptionStatusEnvelope};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(subscription_status, toggle_auto_renew, cancel_subscription, redeem_card, preview_card))]
pub struct SubscriptionsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_subscription_status, _, _>(cfg, subscription_status);
    route::<__path_toggle_auto_renew, _, _>(cfg, toggle_auto_renew);
    route::<__path_cancel_subscription, _, _>(cfg, cancel_subscription);
    route::<__path_redeem_card, _, _>(cfg, redeem_card);
    route::<__path_preview_card, _, _>(cfg, preview_card);
}

/// The owner's plan: package, stores used over the limit, end date, days left, auto-renew.
#[utoipa::path(get, path = "/api/v1/subscriptions/status", tag = "owner",
    responses(
        (status = 200, description = "Status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn subscription_status(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let status = caller.run(subscriptions::status).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// Turns auto-renew on or off.
#[utoipa::path(post, path = "/api/v1/subscriptions/toggle-auto-renew", tag = "owner",
    responses(
        (status = 200, description = "New status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "No active plan", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
    ))]
async fn toggle_auto_renew(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let status = caller.run(subscriptions::toggle_auto_renew).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// Cancels the active plan now.
#[utoipa::path(post, path = "/api/v1/subscriptions/cancel", tag = "owner",
    responses(
        (status = 200, description = "New status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "No active plan", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
    ))]
async fn cancel_subscription(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let status = caller.run(subscriptions::cancel).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// Activates a plan with a card code (once ever, even under concurrent attempts). The same
/// package extends the current plan from its end; another package waits for the current plan
/// to end (`mode: queue`, the default) or starts now (`mode: switch_now`, giving up the days
/// left). Ask `/redemption-cards/preview` first to show the owner what will happen.
#[utoipa::path(post, path = "/api/v1/redemption-cards/redeem", tag = "owner",
    request_body = RedeemCodeRequest,
    responses(
        (status = 200, description = "Activated; the new status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "Code already used or expired, or another plan already waits to start", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardAlreadyRedeemed))),
        (status = 422, description = "Empty, too long or unknown code", body = ErrorBody),
    ))]
async fn redeem_card(caller: Authenticated, body: ValidJson<RedeemCodeRequest>) -> Result<HttpResponse, ApiError> {
    let RedeemCodeRequest { code, mode } = body.0;
    let status =
        caller.run(move |services, actor| subscriptions::redeem_card(services, actor, &code, mode.into())).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// What redeeming a card would do, before anything changes (the card stays unused): its
/// package, the owner's plans, and the choices with their dates and the days a switch gives up.
#[utoipa::path(post, path = "/api/v1/redemption-cards/preview", tag = "owner",
    request_body = RedeemCodeRequest,
    responses(
        (status = 200, description = "What the card would do", body = PlanChangePreviewEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "Code already used or expired", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardExpired))),
        (status = 422, description = "Empty, too long or unknown code", body = ErrorBody),
    ))]
async fn preview_card(caller: Authenticated, body: ValidJson<RedeemCodeRequest>) -> Result<HttpResponse, ApiError> {
    let code = body.0.code;
    let preview = caller.run(move |services, actor| subscriptions::preview_card(services, actor, &code)).await?;
    Ok(HttpResponse::Ok().json(PlanChangePreviewEnvelope { data: preview.into() }))
}
