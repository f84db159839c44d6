use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::customers::{self, CustomerForm, ListCustomers};
use loyalty_application::use_cases::{customer_pages, invoices, redemptions};
use utoipa::OpenApi;

use super::{created, named_to_replace, route, IdempotencyKey, Listing};
use crate::auth::Authenticated;
use crate::dto::{
    AddPointsRequest, CustomerDetailEnvelope, CustomerEnvelope, CustomerList, CustomerListPlain, CustomerPatchRequest,
    CustomerReplaceRequest, CustomerRequest, CustomerSearchRequest, InvoiceList, LedgerList, ListQuery, PageQuery,
    RedemptionList, SyncQuery,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::examples;
use crate::json::ValidJson;
use crate::ApiError;
use loyalty_domain::Msg;

#[derive(OpenApi)]
#[openapi(paths(
    list_customers,
    create_customer,
    search_customers,
    get_customer,
    update_customer,
    patch_customer,
    delete_customer,
    confirm_join,
    revoke_customer_page_links,
    add_points,
    customer_invoices,
    customer_redemptions,
    customer_history
))]
pub struct CustomersApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_customers, _, _>(cfg, list_customers);
    route::<__path_create_customer, _, _>(cfg, create_customer);
    route::<__path_search_customers, _, _>(cfg, search_customers);
    route::<__path_get_customer, _, _>(cfg, get_customer);
    route::<__path_update_customer, _, _>(cfg, update_customer);
    route::<__path_patch_customer, _, _>(cfg, patch_customer);
    route::<__path_delete_customer, _, _>(cfg, delete_customer);
    route::<__path_confirm_join, _, _>(cfg, confirm_join);
    route::<__path_revoke_customer_page_links, _, _>(cfg, revoke_customer_page_links);
    route::<__path_add_points, _, _>(cfg, add_points);
    route::<__path_customer_invoices, _, _>(cfg, customer_invoices);
    route::<__path_customer_redemptions, _, _>(cfg, customer_redemptions);
    route::<__path_customer_history, _, _>(cfg, customer_history);
}

fn form(body: CustomerRequest) -> CustomerForm {
    CustomerForm {
        name: body.name,
        phone: body.phone,
        email: body.email,
        birthday: Some(body.birthday),
        loyalty_points: body.loyalty_points,
        store_id: body.store_id,
    }
}

/// Customers of the caller's stores (a POS user's one store, an owner's stores, all for the
/// admin), newest first, searchable and paginated.
#[utoipa::path(get, path = "/api/v1/customers", tag = "customers",
    params(PageQuery, ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of customers", body = CustomerList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "`store_id` is not one of the caller's stores", body = ErrorBody),
    ))]
async fn list_customers(caller: Authenticated, listing: Listing) -> Result<HttpResponse, ApiError> {
    let page = caller
        .run(move |services, actor| {
            let page = listing.page()?;
            let (search, store_id) = listing.narrowing();
            customers::list(services, actor, ListCustomers { page, search, store_id })
        })
        .await?;
    Ok(HttpResponse::Ok().json(CustomerList::from_page(page)))
}

/// Adds a customer to the POS user's store (or, for an owner, to `store_id`). With an
/// `Idempotency-Key` header a retry answers the customer the first request made and adds
/// nothing; the same key with another body is a 409.
#[utoipa::path(post, path = "/api/v1/customers", tag = "customers",
    request_body = CustomerRequest,
    params(IdempotencyKey),
    responses(
        (status = 201, description = "Created", body = CustomerEnvelope,
            headers(("Idempotent-Replayed" = bool, description = "`true` when this is the stored answer of an earlier request with the same key"))),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 409, description = "The Idempotency-Key was used for another request", body = ErrorBody,
            example = json!(examples::error(ErrorCode::IdempotencyKeyReused))),
        (status = 422, description = "Invalid fields, the phone is already registered in this store, or a malformed Idempotency-Key", body = ErrorBody,
            example = json!(examples::rule_error("phone", Msg::PhoneTaken))),
    ))]
async fn create_customer(
    caller: Authenticated,
    key: IdempotencyKey,
    body: ValidJson<CustomerRequest>,
) -> Result<HttpResponse, ApiError> {
    let (key, form) = (key.into_inner(), form(body.0));
    let made = caller.run(move |services, actor| customers::create(services, actor, form, key.as_deref())).await?;
    Ok(created(made.replayed).json(CustomerEnvelope { data: made.value.into() }))
}

/// The cashier's customer search: name, phone (any form) or email; at least 2 characters.
#[utoipa::path(post, path = "/api/v1/customers/search", tag = "customers",
    request_body = CustomerSearchRequest,
    responses(
        (status = 200, description = "Up to 20 matches", body = CustomerListPlain),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 422, description = "Fewer than 2 characters", body = ErrorBody),
    ))]
async fn search_customers(
    caller: Authenticated,
    body: ValidJson<CustomerSearchRequest>,
) -> Result<HttpResponse, ApiError> {
    let query = body.0.query;
    // On this thread when SQLite can start at once (`read_only`): the search reads a range of
    // the store's suffix index, or at most a thousand or so of its newest customers when the
    // search is broad (issue #37), about a millisecond at worst; PostgreSQL's on the blocking pool.
    let found = caller.read(move |services, actor| customers::search(services, actor, &query)).await?;
    Ok(HttpResponse::Ok().json(CustomerListPlain { data: found.into_iter().map(Into::into).collect() }))
}

/// A customer with statistics computed on the server.
#[utoipa::path(get, path = "/api/v1/customers/{id}", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    responses(
        (status = 200, description = "The customer", body = CustomerDetailEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores, or a hidden one (only the incremental sync lists a hidden customer, with its `deleted_at`)", body = ErrorBody),
    ))]
async fn get_customer(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let detail = caller.read(move |services, actor| customers::get(services, actor, id)).await?;
    Ok(HttpResponse::Ok().json(CustomerDetailEnvelope {
        data: detail.customer.into(),
        statistics: detail.stats.into(),
        next_expiry: detail.next_expiry.map(Into::into),
        stamps: detail.stamps.into_iter().map(Into::into).collect(),
        tier: detail.tier.map(Into::into),
    }))
}

/// Replaces a customer's name, phone and email: a full replacement, so the body names each
/// (`null` clears phone or email) and one leaving `phone` or `email` out is a 422 (to change only
/// some fields, `PATCH`). The balance changes only through `PUT /customers/{id}/points`: a
/// `loyalty_points` other than the current balance is a 422.
#[utoipa::path(put, path = "/api/v1/customers/{id}", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    request_body = CustomerReplaceRequest,
    responses(
        (status = 200, description = "Updated", body = CustomerEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
        (status = 422, description = "Invalid or unknown fields, or `phone` or `email` left out", body = ErrorBody),
    ))]
async fn update_customer(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<CustomerReplaceRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let CustomerReplaceRequest { name, phone, email, loyalty_points, birthday } = body.0;
    named_to_replace(&[("phone", phone.is_some()), ("email", email.is_some())], caller.lang)?;
    let form =
        CustomerForm { name, phone: phone.flatten(), email: email.flatten(), birthday, loyalty_points, store_id: None };
    let customer = caller.run(move |services, actor| customers::update(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(CustomerEnvelope { data: customer.into() }))
}

/// Changes only the fields the body names, as a JSON Merge Patch (RFC 7396): a field left out
/// stays as it is, `null` clears `phone` or `email`, a value replaces it. Sent as
/// `application/merge-patch+json` (or `application/json`). The balance is not among them.
#[utoipa::path(patch, path = "/api/v1/customers/{id}", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    request_body(content = CustomerPatchRequest, content_type = "application/merge-patch+json"),
    responses(
        (status = 200, description = "Updated", body = CustomerEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
        (status = 422, description = "Invalid or unknown fields, or a phone another customer has", body = ErrorBody),
    ))]
async fn patch_customer(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<CustomerPatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let CustomerPatchRequest { name, phone, email, birthday } = body.0;
    let patch = customers::CustomerPatch { name, phone, email, birthday };
    let customer = caller.run(move |services, actor| customers::patch(services, actor, id, patch)).await?;
    Ok(HttpResponse::Ok().json(CustomerEnvelope { data: customer.into() }))
}

/// The cashier has checked at the counter that a customer who joined by the store's link is
/// who the name says: `unconfirmed_join` becomes false. Anyone can join with a phone that is
/// not theirs, so such a customer is marked until then. Confirming twice changes nothing.
#[utoipa::path(post, path = "/api/v1/customers/{id}/confirm-join", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    responses(
        (status = 200, description = "The customer, confirmed", body = CustomerEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
    ))]
async fn confirm_join(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let customer = caller.run(move |services, actor| customers::confirm_join(services, actor, id)).await?;
    Ok(HttpResponse::Ok().json(CustomerEnvelope { data: customer.into() }))
}

/// Removes a customer from the lists; its invoices, redemptions and ledger are kept. A
/// customer who still holds points is refused (409 `customer_holds_points`): the store owner
/// takes the points away first (`PUT /customers/{id}/points` with negative points and a
/// reason), so the ledger, the points owed and the exports keep agreeing.
#[utoipa::path(delete, path = "/api/v1/customers/{id}", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
        (status = 409, description = "The customer still holds points", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CustomerHoldsPoints))),
    ))]
async fn delete_customer(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| customers::delete(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Takes back every link to the customer's own page the till shared (the sales' answers'
/// `customer_page_url`): each answers 404 from now on. The cashier of the customer's store, its
/// owner, or a key with `customers:write` covering the store.
#[utoipa::path(delete, path = "/api/v1/customers/{id}/page-links", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    responses(
        (status = 204, description = "Revoked (also when there was none)"),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
    ))]
async fn revoke_customer_page_links(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| customer_pages::revoke(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Points by hand: a POS user adds 1 to 10,000 (reason optional) within the owner's daily cap
/// for cashiers; a store owner adds or removes up to 10,000 with a reason. Each change is a
/// ledger row naming who made it.
#[utoipa::path(put, path = "/api/v1/customers/{id}/points", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    request_body = AddPointsRequest,
    responses(
        (status = 200, description = "The customer with the new balance", body = CustomerEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
        (status = 422, description = "Points out of bounds, past the cashiers' daily cap, more than the balance, or no reason from an owner", body = ErrorBody),
    ))]
async fn add_points(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<AddPointsRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, AddPointsRequest { points, reason }) = (id.into_inner(), body.0);
    let customer =
        caller.run(move |services, actor| customers::adjust_points(services, actor, id, points, reason)).await?;
    Ok(HttpResponse::Ok().json(CustomerEnvelope { data: customer.into() }))
}

/// A customer's invoices, newest first.
#[utoipa::path(get, path = "/api/v1/customers/{id}/invoices", tag = "customers",
    params(("id" = i64, Path, description = "Customer id"), PageQuery, ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of invoices", body = InvoiceList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
    ))]
async fn customer_invoices(
    caller: Authenticated,
    id: web::Path<i64>,
    listing: Listing,
) -> Result<HttpResponse, ApiError> {
    let customer_id = Some(id.into_inner());
    let page = caller.run(move |services, actor| invoices::list(services, actor, listing.sales(customer_id)?)).await?;
    Ok(HttpResponse::Ok().json(InvoiceList::from_page(page)))
}

/// A customer's redemptions, newest first.
#[utoipa::path(get, path = "/api/v1/customers/{id}/redemptions", tag = "customers",
    params(("id" = i64, Path, description = "Customer id"), PageQuery, ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of redemptions", body = RedemptionList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
    ))]
async fn customer_redemptions(
    caller: Authenticated,
    id: web::Path<i64>,
    listing: Listing,
) -> Result<HttpResponse, ApiError> {
    let customer_id = Some(id.into_inner());
    let page =
        caller.run(move |services, actor| redemptions::list(services, actor, listing.sales(customer_id)?)).await?;
    Ok(HttpResponse::Ok().json(RedemptionList::from_page(page)))
}

/// Every change of a customer's points (invoices, redemptions, manual points, voids), with
/// reasons and staff names, newest first.
#[utoipa::path(get, path = "/api/v1/customers/{id}/history", tag = "customers",
    params(("id" = i64, Path, description = "Customer id"), PageQuery, ListQuery, SyncQuery),
    responses(
        (status = 200, description = "A page of ledger entries", body = LedgerList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
    ))]
async fn customer_history(
    caller: Authenticated,
    id: web::Path<i64>,
    listing: Listing,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let page = caller.run(move |services, actor| customers::history(services, actor, id, listing.page()?)).await?;
    Ok(HttpResponse::Ok().json(LedgerList::from_page(page)))
}
