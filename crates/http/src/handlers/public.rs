//! The pages a customer uses without signing in.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::customer_pages;
use loyalty_application::use_cases::public::{self, JoinStore};
use utoipa::OpenApi;

use super::{route, Visitor};

use crate::dto::{
    CustomerPageEnvelope, JoinStoreRequest, PointsLookupEnvelope, PointsLookupRequest, PublicStore, PublicStoreEnvelope,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::examples;
use crate::json::ValidJson;
use crate::ApiError;
use loyalty_domain::Msg;

#[derive(OpenApi)]
#[openapi(paths(lookup_points, store_for_token, join_store, customer_page))]
pub struct PublicApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_lookup_points, _, _>(cfg, lookup_points);
    route::<__path_store_for_token, _, _>(cfg, store_for_token);
    route::<__path_join_store, _, _>(cfg, join_store);
    route::<__path_customer_page, _, _>(cfg, customer_page);
}

/// A customer's points by phone number: total, per store, and per store the active rewards
/// with whether each is claimable now. No names or emails are returned; an unknown number
/// answers like a number with no points. Limited per client address and per phone number.
#[utoipa::path(post, path = "/api/v1/public/points", tag = "public",
    request_body = PointsLookupRequest,
    responses(
        (status = 200, description = "Points of that number", body = PointsLookupEnvelope),
        (status = 422, description = "Not a phone number", body = ErrorBody,
            example = json!(examples::rule_error("phone", Msg::PhoneInvalid))),
        (status = 429, description = "Too many lookups", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn lookup_points(visitor: Visitor, body: ValidJson<PointsLookupRequest>) -> Result<HttpResponse, ApiError> {
    let phone = body.0.phone;
    let found = visitor.read(move |services, client| public::lookup_points(services, &client, &phone)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PointsLookupEnvelope { data: found.into() }))
}

/// The store a registration link (from its QR code) opens.
#[utoipa::path(get, path = "/api/v1/public/stores/{token}", tag = "public",
    params(("token" = String, Path, description = "The store's registration token")),
    responses(
        (status = 200, description = "The store", body = PublicStoreEnvelope),
        (status = 404, description = "Unknown or revoked link", body = ErrorBody),
    ))]
async fn store_for_token(visitor: Visitor, token: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let token = token.into_inner();
    let store = visitor.run(move |services, _| public::store_for_token(services, &token)).await?;
    Ok(HttpResponse::Ok().json(PublicStoreEnvelope { data: PublicStore { store: store.into() } }))
}

/// Joins the store of a registration link as its customer.
#[utoipa::path(post, path = "/api/v1/public/stores/{token}/join", tag = "public",
    params(("token" = String, Path, description = "The store's registration token")),
    request_body = JoinStoreRequest,
    responses(
        (status = 201, description = "Joined", body = PublicStoreEnvelope),
        (status = 404, description = "Unknown or revoked link", body = ErrorBody),
        (status = 409, description = "The number is already registered in this store", body = ErrorBody,
            example = json!(examples::error(ErrorCode::AlreadyJoined))),
        (status = 422, description = "Missing name or invalid phone or email", body = ErrorBody,
            example = json!(examples::rule_error("phone", Msg::PhoneInvalid))),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn join_store(
    visitor: Visitor,
    token: web::Path<String>,
    body: ValidJson<JoinStoreRequest>,
) -> Result<HttpResponse, ApiError> {
    let token = token.into_inner();
    let JoinStoreRequest { name, phone, email } = body.0;
    let store = visitor
        .run(move |services, client| public::join_store(services, &client, &token, JoinStore { name, phone, email }))
        .await?;
    Ok(HttpResponse::Created().json(PublicStoreEnvelope { data: PublicStore { store: store.into() } }))
}

/// The customer's own page, from the link a sale's answer carries (`customer_page_url`): the
/// points in each store of that owner, the points expiring and when, the last 20 movements.
/// An unknown, altered, expired (30 days) or revoked link answers the same 404. Limited per
/// client address and per link as the points lookup is.
#[utoipa::path(get, path = "/api/v1/public/me/{token}", tag = "public",
    params(("token" = String, Path, description = "The token of the customer's page link")),
    responses(
        (status = 200, description = "The customer's page", body = CustomerPageEnvelope),
        (status = 404, description = "Unknown, altered, expired or revoked link", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn customer_page(visitor: Visitor, token: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let token = token.into_inner();
    let page = visitor.run(move |services, client| customer_pages::page(services, &client, &token)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(CustomerPageEnvelope { data: page.into() }))
}
