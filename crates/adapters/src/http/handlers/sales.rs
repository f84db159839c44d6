//! Invoices, redemptions and the POS dashboard's panels.

use actix_web::{web, HttpRequest, HttpResponse};
use loyalty_application::use_cases::customers::SalesQuery;
use loyalty_application::use_cases::invoices::{self, CreateInvoice};
use loyalty_application::use_cases::redemptions;
use loyalty_application::use_cases::{owner, pos};
use loyalty_application::Services;
use utoipa::OpenApi;

use super::route;
use crate::http::auth::{blocking, Authenticated};
use crate::http::dto::{
    ActivityList, CreateInvoiceRequest, CreateRedemptionRequest, InvoiceCreated, InvoiceCreatedEnvelope,
    InvoiceEnvelope, InvoiceList, ListQuery, RedemptionDone, RedemptionDoneEnvelope, RedemptionList,
    RedemptionPreviewEnvelope, RedemptionPreviewQuery, RewardListPlain, SalePreviewEnvelope, SalePreviewQuery,
    SyncQuery, TodayCounts, TodayCountsEnvelope, VoidInvoiceRequest,
};
use crate::http::error::{ErrorBody, ErrorCode};
use crate::http::examples;
use crate::http::json::ValidJson;
use crate::http::ApiError;

#[derive(OpenApi)]
#[openapi(paths(
    list_invoices,
    create_invoice,
    preview_sale,
    void_invoice,
    list_redemptions,
    create_redemption,
    preview_redemption,
    list_rewards,
    recent_activity,
    today
))]
pub struct SalesApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_invoices, _, _>(cfg, list_invoices);
    route::<__path_create_invoice, _, _>(cfg, create_invoice);
    route::<__path_preview_sale, _, _>(cfg, preview_sale);
    route::<__path_void_invoice, _, _>(cfg, void_invoice);
    route::<__path_list_redemptions, _, _>(cfg, list_redemptions);
    route::<__path_create_redemption, _, _>(cfg, create_redemption);
    route::<__path_preview_redemption, _, _>(cfg, preview_redemption);
    route::<__path_list_rewards, _, _>(cfg, list_rewards);
    route::<__path_recent_activity, _, _>(cfg, recent_activity);
    route::<__path_today, _, _>(cfg, today);
}

/// 201, marked `Idempotent-Replayed: true` when it repeats an earlier request's answer.
fn created(replayed: bool) -> actix_web::HttpResponseBuilder {
    let mut response = HttpResponse::Created();
    if replayed {
        response.insert_header(("Idempotent-Replayed", "true"));
    }
    response
}

fn idempotency_key(req: &HttpRequest) -> Option<String> {
    req.headers().get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_owned)
}

/// Invoices of the caller's stores, newest first.
#[utoipa::path(get, path = "/api/v1/invoices", tag = "sales", security(("bearer" = [])),
    params(ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of invoices", body = InvoiceList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "`store_id` is not one of the caller's stores", body = ErrorBody),
    ))]
async fn list_invoices(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<ListQuery>,
    sync: web::Query<SyncQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let page = blocking(lang, move || {
        let page = query.page_request().with_sync(sync.sync()?);
        invoices::list(&services, &actor, SalesQuery { customer_id: None, store_id: query.store_id, page })
    })
    .await?;
    Ok(HttpResponse::Ok().json(InvoiceList::from_page(page)))
}

/// A sale at the counter: a POS user's in its store, or an API key's (`sales:write`) in the
/// customer's store, which the key must cover. Points = floor(total x points per LYD) when the total reaches the
/// owner's minimum purchase, else 0. With an `Idempotency-Key` header a retry answers the
/// first answer and awards nothing more; the same key with another body is a 409.
#[utoipa::path(post, path = "/api/v1/invoices", tag = "sales", security(("bearer" = [])),
    request_body = CreateInvoiceRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "Makes retries safe: 1 to 255 visible ASCII characters, no spaces (a malformed key is a 422 under `errors.Idempotency-Key`). A retry with the same key and body answers what the first request answered, with `Idempotent-Replayed: true`, and changes nothing; the same key with another body is a 409 `idempotency_key_reused`. Keys are kept for 24 hours.")),
    responses(
        (status = 201, description = "Created; the points it gave and the new balance", body = InvoiceCreatedEnvelope,
            headers(("Idempotent-Replayed" = bool, description = "`true` when this is the stored answer of an earlier request with the same key"))),
        (status = 403, description = "Only POS users and API keys with `sales:write` create invoices", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
        (status = 409, description = "Invoice number already used in this store, or key reused", body = ErrorBody,
            example = json!(examples::error(ErrorCode::InvoiceNumberTaken))),
        (status = 422, description = "Missing customer or invalid total, or a malformed Idempotency-Key", body = ErrorBody),
    ))]
async fn create_invoice(
    services: web::Data<Services>,
    caller: Authenticated,
    req: HttpRequest,
    body: ValidJson<CreateInvoiceRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let key = idempotency_key(&req);
    let CreateInvoiceRequest { customer_id, invoice_id, total_cost } = body.0;
    let form = CreateInvoice { customer_id, invoice_number: invoice_id, total: total_cost.map(|t| t.into_string()) };
    let done = blocking(lang, move || invoices::create(&services, &actor, form, key.as_deref())).await?;
    Ok(created(done.replayed).json(InvoiceCreatedEnvelope {
        data: InvoiceCreated {
            invoice: done.invoice.into(),
            points_added: done.points_added,
            customer_total_points: done.customer_total_points,
        },
    }))
}

/// Takes an invoice back: its points leave the balance through a ledger row. A POS user may
/// void its store's invoice on the invoice's own day (Tripoli time), and so may an API key with
/// `sales:write` in the stores it covers; the store owner any
/// invoice of its stores, any day. The reason is kept with the invoice.
#[utoipa::path(post, path = "/api/v1/invoices/{id}/void", tag = "sales", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Invoice id")),
    request_body = VoidInvoiceRequest,
    responses(
        (status = 200, description = "Voided", body = InvoiceEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such invoice in the caller's stores", body = ErrorBody),
        (status = 409, description = "Already voided, past the cashier's day, or points already spent", body = ErrorBody,
            example = json!(examples::error(ErrorCode::PointsAlreadySpent))),
        (status = 422, description = "No reason given", body = ErrorBody),
    ))]
async fn void_invoice(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<VoidInvoiceRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let (id, reason) = (id.into_inner(), body.0.reason);
    let invoice = blocking(lang, move || invoices::void(&services, &actor, id, reason.as_deref())).await?;
    Ok(HttpResponse::Ok().json(InvoiceEnvelope { data: invoice.into() }))
}

/// What a sale of `total` would earn at the POS user's counter: the points (from the rule the
/// sale itself uses), whether the counter should ask to confirm the total, and the store's
/// settings. Refuses the totals a sale would refuse, with the same messages.
#[utoipa::path(get, path = "/api/v1/invoices/preview", tag = "sales", security(("bearer" = [])),
    params(SalePreviewQuery),
    responses(
        (status = 200, description = "The points the sale would earn", body = SalePreviewEnvelope),
        (status = 403, description = "Only POS users sell", body = ErrorBody),
        (status = 422, description = "The total is missing, not an amount, below 0.010 or above the store's maximum", body = ErrorBody),
    ))]
async fn preview_sale(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<SalePreviewQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let total = query.into_inner().total.unwrap_or_default();
    let preview = blocking(lang, move || owner::preview_sale(&services, &actor, &total)).await?;
    Ok(HttpResponse::Ok().json(SalePreviewEnvelope { data: preview.into() }))
}

/// Redemptions of the caller's stores, newest first.
#[utoipa::path(get, path = "/api/v1/redemptions", tag = "sales", security(("bearer" = [])),
    params(ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of redemptions", body = RedemptionList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "`store_id` is not one of the caller's stores", body = ErrorBody),
    ))]
async fn list_redemptions(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<ListQuery>,
    sync: web::Query<SyncQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let page = blocking(lang, move || {
        let page = query.page_request().with_sync(sync.sync()?);
        redemptions::list(&services, &actor, SalesQuery { customer_id: None, store_id: query.store_id, page })
    })
    .await?;
    Ok(HttpResponse::Ok().json(RedemptionList::from_page(page)))
}

/// Redeems a reward, or (`points`) a number of points as money where the store owner gave
/// points a value, for a customer of the POS user's store (or, with an API key's
/// `sales:write`, of a store the key covers). The deduction is atomic and conditional: the
/// balance never goes below zero. `Idempotency-Key` as for invoices.
#[utoipa::path(post, path = "/api/v1/redemptions", tag = "sales", security(("bearer" = [])),
    request_body = CreateRedemptionRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "Makes retries safe: 1 to 255 visible ASCII characters, no spaces (a malformed key is a 422 under `errors.Idempotency-Key`). A retry with the same key and body answers what the first request answered, with `Idempotent-Replayed: true`, and changes nothing; the same key with another body is a 409 `idempotency_key_reused`. Keys are kept for 24 hours.")),
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
    services: web::Data<Services>,
    caller: Authenticated,
    req: HttpRequest,
    body: ValidJson<CreateRedemptionRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let key = idempotency_key(&req);
    let CreateRedemptionRequest { customer_id, reward_id, points } = body.0;
    let request = redemptions::RedemptionRequest { customer_id, reward_id, points };
    let done = blocking(lang, move || redemptions::create(&services, &actor, request, key.as_deref())).await?;
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
#[utoipa::path(get, path = "/api/v1/redemptions/preview", tag = "sales", security(("bearer" = [])),
    params(RedemptionPreviewQuery),
    responses(
        (status = 200, description = "What the points are worth", body = RedemptionPreviewEnvelope),
        (status = 403, description = "Only POS users and API keys with `sales:write` redeem", body = ErrorBody),
        (status = 404, description = "No such customer at this counter", body = ErrorBody),
        (status = 409, description = "Points have no value in LYD in this store", body = ErrorBody,
            example = json!(examples::error(ErrorCode::PointsHaveNoValue))),
        (status = 422, description = "Missing customer; points below the owner's minimum, worth nothing or more than the balance", body = ErrorBody),
    ))]
async fn preview_redemption(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<RedemptionPreviewQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let RedemptionPreviewQuery { customer_id, points } = query.into_inner();
    let preview = blocking(lang, move || redemptions::preview(&services, &actor, customer_id, points)).await?;
    Ok(HttpResponse::Ok().json(RedemptionPreviewEnvelope { data: preview.into() }))
}

/// Rewards: the active ones of the store's owner for a POS user; all of its own for an owner.
#[utoipa::path(get, path = "/api/v1/rewards", tag = "sales", security(("bearer" = [])),
    responses(
        (status = 200, description = "Rewards, cheapest first", body = RewardListPlain),
        (status = 403, description = "Role not allowed", body = ErrorBody),
    ))]
async fn list_rewards(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let rewards = blocking(lang, move || pos::rewards(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(RewardListPlain { data: rewards.into_iter().map(Into::into).collect() }))
}

/// The latest 10 invoices and redemptions of the caller's stores, newest first, with staff names.
#[utoipa::path(get, path = "/api/v1/pos/activity", tag = "sales", security(("bearer" = [])),
    responses(
        (status = 200, description = "Recent activity", body = ActivityList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
    ))]
async fn recent_activity(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let events = blocking(lang, move || pos::recent_activity(&services, &actor, pos::RECENT_ACTIVITY)).await?;
    Ok(HttpResponse::Ok().json(ActivityList { data: events.into_iter().map(Into::into).collect() }))
}

/// Invoices, points issued and redemptions of the POS user's store today (Africa/Tripoli).
#[utoipa::path(get, path = "/api/v1/pos/today", tag = "sales", security(("bearer" = [])),
    responses(
        (status = 200, description = "Today's counts", body = TodayCountsEnvelope),
        (status = 403, description = "Only POS users", body = ErrorBody),
    ))]
async fn today(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let counts = blocking(lang, move || pos::today(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(TodayCountsEnvelope {
        data: TodayCounts {
            invoices: counts.invoices,
            points_issued: counts.points_issued,
            redemptions: counts.redemptions,
        },
    }))
}
