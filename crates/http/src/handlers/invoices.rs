//! Sales at the counter: invoices, their preview, voids and returns, and the sales list.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::invoices::{self, CreateInvoice, TakeReturn};
use loyalty_application::use_cases::owner;
use utoipa::OpenApi;

use super::{created, route, IdempotencyKey, Listing};
use crate::auth::Authenticated;
use crate::dto::{
    CreateInvoiceRequest, InvoiceCreated, InvoiceCreatedEnvelope, InvoiceEnvelope, InvoiceList,
    InvoiceReturnedEnvelope, ListQuery, PageQuery, ReturnInvoiceRequest, ReturnPreviewEnvelope, ReturnPreviewQuery,
    SalePreviewEnvelope, SalePreviewQuery, SyncQuery, VoidInvoiceRequest,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError, ServerInfo};

#[derive(OpenApi)]
#[openapi(paths(
    list_invoices,
    get_invoice,
    create_invoice,
    void_invoice,
    return_invoice,
    preview_return,
    preview_sale
))]
pub struct InvoicesApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_invoices, _, _>(cfg, list_invoices);
    route::<__path_create_invoice, _, _>(cfg, create_invoice);
    route::<__path_void_invoice, _, _>(cfg, void_invoice);
    route::<__path_return_invoice, _, _>(cfg, return_invoice);
    route::<__path_preview_return, _, _>(cfg, preview_return);
    route::<__path_preview_sale, _, _>(cfg, preview_sale);
    // After `/invoices/preview`, which `{id}` would otherwise take.
    route::<__path_get_invoice, _, _>(cfg, get_invoice);
}

/// Invoices of the caller's stores, newest first.
#[utoipa::path(get, path = "/api/v1/invoices", tag = "sales",
    params(PageQuery, ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of invoices", body = InvoiceList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "`store_id` is not one of the caller's stores", body = ErrorBody),
    ))]
async fn list_invoices(caller: Authenticated, listing: Listing) -> Result<HttpResponse, ApiError> {
    let page = caller.run(move |services, actor| invoices::list(services, actor, listing.sales(None)?)).await?;
    Ok(HttpResponse::Ok().json(InvoiceList::from_page(page)))
}

/// One invoice of the caller's stores: its total, points, returns (`returned_total`,
/// `returnable`, `returns`), whether it was voided, and what the caller may still do with it
/// (`can_void`, `can_return`). An invoice of a store the caller does not cover is a 404, as an
/// unknown one.
#[utoipa::path(get, path = "/api/v1/invoices/{id}", tag = "sales",
    params(("id" = i64, Path, description = "Invoice id")),
    responses(
        (status = 200, description = "The invoice", body = InvoiceEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such invoice in the caller's stores", body = ErrorBody),
    ))]
async fn get_invoice(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let invoice = caller.read(move |services, actor| invoices::get(services, actor, id)).await?;
    Ok(HttpResponse::Ok().json(InvoiceEnvelope { data: invoice.into() }))
}

/// A sale at the counter: a POS user's in its store, or an API key's (`sales:write`) in the
/// customer's store, which the key must cover. Points = floor(total x points per LYD) when the total reaches the
/// owner's minimum purchase, else 0. With an `Idempotency-Key` header a retry answers the
/// first answer and awards nothing more; the same key with another body is a 409.
#[utoipa::path(post, path = "/api/v1/invoices", tag = "sales",
    request_body = CreateInvoiceRequest,
    params(IdempotencyKey),
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
    info: web::Data<ServerInfo>,
    caller: Authenticated,
    key: IdempotencyKey,
    body: ValidJson<CreateInvoiceRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = key.into_inner();
    let CreateInvoiceRequest { customer_id, walk_in, store_id, invoice_id, total_cost } = body.0;
    let form = CreateInvoice {
        customer_id,
        walk_in,
        store_id,
        invoice_number: invoice_id,
        total: total_cost.map(|t| t.into_string()),
    };
    let done = caller.run(move |services, actor| invoices::create(services, actor, form, key.as_deref())).await?;
    Ok(created(done.replayed).json(InvoiceCreatedEnvelope {
        data: InvoiceCreated {
            invoice: done.invoice.into(),
            points_added: done.points_added,
            customer_total_points: done.customer_total_points,
            stamps: done.stamps.map(Into::into),
            tier: done.tier.map(Into::into),
            customer_page_url: done.customer_page_token.map(|token| info.public_link("me", &token)),
            claim_url: done.claim_token.map(|token| info.public_link("claim", &token)),
            claim: done.claim.map(Into::into),
        },
    }))
}

/// Takes an invoice back: its points leave the balance through a ledger row. A POS user may
/// void its store's invoice on the invoice's own day (Tripoli time), and so may an API key with
/// `sales:write` in the stores it covers; the store owner any
/// invoice of its stores, any day. The reason is kept with the invoice.
/// With an `Idempotency-Key` header a retry answers the voided invoice again (not a 409
/// "already voided") and changes nothing; the same key with another body is a 409.
#[utoipa::path(post, path = "/api/v1/invoices/{id}/void", tag = "sales",
    params(("id" = i64, Path, description = "Invoice id"), IdempotencyKey),
    request_body = VoidInvoiceRequest,
    responses(
        (status = 200, description = "Voided", body = InvoiceEnvelope,
            headers(("Idempotent-Replayed" = bool, description = "`true` when this is the stored answer of an earlier request with the same key"))),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such invoice in the caller's stores", body = ErrorBody),
        (status = 409, description = "Already voided, wholly returned, past the cashier's day, points already spent, or key reused", body = ErrorBody,
            example = json!(examples::error(ErrorCode::PointsAlreadySpent))),
        (status = 422, description = "No reason given, or a malformed Idempotency-Key", body = ErrorBody),
    ))]
async fn void_invoice(
    caller: Authenticated,
    id: web::Path<i64>,
    key: IdempotencyKey,
    body: ValidJson<VoidInvoiceRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, reason, key) = (id.into_inner(), body.0.reason, key.into_inner());
    let done = caller
        .run(move |services, actor| invoices::void(services, actor, id, reason.as_deref(), key.as_deref()))
        .await?;
    let mut answer = HttpResponse::Ok();
    if done.replayed {
        answer.insert_header(("Idempotent-Replayed", "true"));
    }
    Ok(answer.json(InvoiceEnvelope { data: done.value.into() }))
}

/// Goods brought back against an invoice, in part or whole, as many times as its total allows
/// (`returnable` on the invoice). The return takes back its share of the sale's points: the
/// points earned x amount / total, rounded down, and the return that completes the total takes
/// what is left, so a whole return takes exactly the points earned. When the customer already
/// spent them, the balance goes below zero: the customer owes those points, and the next points
/// it earns pay them back first (a return is the only way a balance goes below zero).
/// Authorized as a void: a POS user in its store on the invoice's own day (Tripoli time), an
/// API key with `sales:write` likewise in the stores it covers, the store owner any day. A
/// voided invoice takes no returns (409). The answer is the return, the invoice with all its
/// returns, and the balance; an `invoice.returned` webhook event follows.
/// With an `Idempotency-Key` header a retry answers the first answer and takes nothing more;
/// the same key with another body is a 409.
#[utoipa::path(post, path = "/api/v1/invoices/{id}/returns", tag = "sales",
    params(("id" = i64, Path, description = "Invoice id"), IdempotencyKey),
    request_body = ReturnInvoiceRequest,
    responses(
        (status = 201, description = "Taken; the points it took back and the new balance", body = InvoiceReturnedEnvelope,
            headers(("Idempotent-Replayed" = bool, description = "`true` when this is the stored answer of an earlier request with the same key"))),
        (status = 403, description = "Role or key scope not allowed (admin, read-only keys)", body = ErrorBody),
        (status = 404, description = "No such invoice in the caller's stores", body = ErrorBody),
        (status = 409, description = "The invoice was voided, past the cashier's day, or key reused", body = ErrorBody,
            example = json!(examples::error(ErrorCode::ReturnOfVoidedInvoice))),
        (status = 422, description = "No amount or reason, an amount below 0.001, returns that would add up to more than the invoice total, or a malformed Idempotency-Key", body = ErrorBody,
            example = json!(examples::rule_error("amount", loyalty_domain::Msg::ReturnMoreThanInvoice))),
    ))]
async fn return_invoice(
    caller: Authenticated,
    id: web::Path<i64>,
    key: IdempotencyKey,
    body: ValidJson<ReturnInvoiceRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, key) = (id.into_inner(), key.into_inner());
    let ReturnInvoiceRequest { amount, reason } = body.0;
    let form = TakeReturn { amount: amount.map(|a| a.into_string()), reason };
    let done =
        caller.run(move |services, actor| invoices::take_return(services, actor, id, form, key.as_deref())).await?;
    Ok(created(done.replayed).json(InvoiceReturnedEnvelope { data: done.value.into() }))
}

/// What a return of `amount` against the invoice would take back, from the rule the return
/// uses (the points, the balance after), and what is left to return; refused as the return
/// would be, with the same messages. Authorized as the return.
#[utoipa::path(get, path = "/api/v1/invoices/{id}/returns/preview", tag = "sales",
    params(("id" = i64, Path, description = "Invoice id"), ReturnPreviewQuery),
    responses(
        (status = 200, description = "What the return would take", body = ReturnPreviewEnvelope),
        (status = 403, description = "Role or key scope not allowed", body = ErrorBody),
        (status = 404, description = "No such invoice in the caller's stores", body = ErrorBody),
        (status = 409, description = "The invoice was voided, or past the cashier's day", body = ErrorBody,
            example = json!(examples::error(ErrorCode::ReturnWindowClosed))),
        (status = 422, description = "An amount below 0.001, or more than is left to return", body = ErrorBody,
            example = json!(examples::rule_error("amount", loyalty_domain::Msg::ReturnMoreThanInvoice))),
    ))]
async fn preview_return(
    caller: Authenticated,
    id: web::Path<i64>,
    query: web::Query<ReturnPreviewQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, amount) = (id.into_inner(), query.into_inner().amount);
    let preview =
        caller.run(move |services, actor| invoices::preview_return(services, actor, id, amount.as_deref())).await?;
    Ok(HttpResponse::Ok().json(ReturnPreviewEnvelope { data: preview.into() }))
}

/// What a sale of `total` would earn at the POS user's counter: the points (from the rule the
/// sale itself uses), whether the counter should ask to confirm the total, and the store's
/// settings. Refuses the totals a sale would refuse, with the same messages.
#[utoipa::path(get, path = "/api/v1/invoices/preview", tag = "sales",
    params(SalePreviewQuery),
    responses(
        (status = 200, description = "The points the sale would earn", body = SalePreviewEnvelope),
        (status = 403, description = "Only POS users sell", body = ErrorBody),
        (status = 404, description = "`customer_id` is not a customer of the caller's counter", body = ErrorBody),
        (status = 422, description = "The total is missing, not an amount, below 0.010 or above the store's maximum", body = ErrorBody),
    ))]
async fn preview_sale(caller: Authenticated, query: web::Query<SalePreviewQuery>) -> Result<HttpResponse, ApiError> {
    let SalePreviewQuery { total, customer_id } = query.into_inner();
    let total = total.unwrap_or_default();
    let preview = caller.run(move |services, actor| owner::preview_sale(services, actor, &total, customer_id)).await?;
    Ok(HttpResponse::Ok().json(SalePreviewEnvelope { data: preview.into() }))
}
