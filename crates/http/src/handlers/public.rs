//! The pages a customer uses without signing in.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::claims;
use loyalty_application::use_cases::customer_pages::{self, PageConsentForm};
use loyalty_application::use_cases::public::{self, JoinStore};
use utoipa::OpenApi;

use super::{route, Visitor};

use crate::dto::{
    ClaimDoneDto, ClaimDoneEnvelope, ClaimOfferEnvelope, ClaimRequest, ConsentsEnvelope, CustomerPageEnvelope,
    JoinStoreRequest, PageConsentRequest, PointsLookupEnvelope, PointsLookupRequest, PublicStore, PublicStoreEnvelope,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::examples;
use crate::json::ValidJson;
use crate::{ApiError, ServerInfo};
use loyalty_domain::Msg;

#[derive(OpenApi)]
#[openapi(paths(
    lookup_points,
    store_for_token,
    join_store,
    customer_page,
    customer_page_consent,
    claim_offer,
    claim_points
))]
pub struct PublicApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_lookup_points, _, _>(cfg, lookup_points);
    route::<__path_store_for_token, _, _>(cfg, store_for_token);
    route::<__path_join_store, _, _>(cfg, join_store);
    route::<__path_customer_page, _, _>(cfg, customer_page);
    route::<__path_customer_page_consent, _, _>(cfg, customer_page_consent);
    route::<__path_claim_offer, _, _>(cfg, claim_offer);
    route::<__path_claim_points, _, _>(cfg, claim_points);
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
        (status = 422, description = "Missing name, invalid phone or email, an unknown channel or language", body = ErrorBody,
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
    let JoinStoreRequest { name, phone, email, consents, language } = body.0;
    let form = JoinStore { name, phone, email, consents, language };
    let store = visitor.run(move |services, client| public::join_store(services, &client, &token, form)).await?;
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

/// The customer gives or withdraws its consent to messages by one channel from its own page,
/// for every store the page shows (recorded with source `customer_page`). A withdrawal stops
/// the channel's waiting messages at once. The same 404 as the page for an unknown, altered,
/// expired or revoked link; limited as the page is.
#[utoipa::path(post, path = "/api/v1/public/me/{token}/consents", tag = "public",
    params(("token" = String, Path, description = "The token of the customer's page link")),
    request_body = PageConsentRequest,
    responses(
        (status = 200, description = "The customer's consents after it", body = ConsentsEnvelope),
        (status = 404, description = "Unknown, altered, expired or revoked link", body = ErrorBody),
        (status = 422, description = "An unknown channel or language, or `granted` left out", body = ErrorBody,
            example = json!(examples::rule_error("channel", Msg::ConsentChannelUnknown))),
        (status = 429, description = "Too many requests", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn customer_page_consent(
    visitor: Visitor,
    token: web::Path<String>,
    body: ValidJson<PageConsentRequest>,
) -> Result<HttpResponse, ApiError> {
    let token = token.into_inner();
    let PageConsentRequest { channel, granted, language } = body.0;
    let form = PageConsentForm { channel, granted, language };
    let consents =
        visitor.run(move |services, client| customer_pages::set_consent(services, &client, &token, form)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(ConsentsEnvelope { data: consents.into() }))
}

/// What a cash receipt's claim link (`claim_url` of a walk-in sale) offers: the store, the
/// sale's total and its points. Answers as the claim would refuse: 404 unknown or altered, 409
/// `claim_used` or `claim_sale_undone`, 410 `claim_expired` after 14 days.
#[utoipa::path(get, path = "/api/v1/public/claims/{token}", tag = "public",
    params(("token" = String, Path, description = "The token of the receipt's claim link")),
    responses(
        (status = 200, description = "What claiming gives", body = ClaimOfferEnvelope),
        (status = 404, description = "Unknown or altered link", body = ErrorBody),
        (status = 409, description = "Already claimed, or the sale was voided or returned", body = ErrorBody,
            example = json!(examples::error(ErrorCode::ClaimUsed))),
        (status = 410, description = "Past its 14 days", body = ErrorBody,
            example = json!(examples::error(ErrorCode::ClaimExpired))),
        (status = 429, description = "Too many requests", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn claim_offer(visitor: Visitor, token: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let token = token.into_inner();
    let offer = visitor.run(move |services, client| claims::offer(services, &client, &token)).await?;
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(ClaimOfferEnvelope { data: offer.into() }))
}

/// Claims a cash receipt's points, once: the member of the sale's store with this phone gets
/// them, or the buyer joins the store first (as by the store's link: the same checks and join
/// limits). The sale becomes the member's, so a void or return afterwards takes them back.
#[utoipa::path(post, path = "/api/v1/public/claims/{token}", tag = "public",
    params(("token" = String, Path, description = "The token of the receipt's claim link")),
    request_body = ClaimRequest,
    responses(
        (status = 201, description = "Points given", body = ClaimDoneEnvelope),
        (status = 404, description = "Unknown or altered link", body = ErrorBody),
        (status = 409, description = "Already claimed, or the sale was voided or returned", body = ErrorBody,
            example = json!(examples::error(ErrorCode::ClaimUsed))),
        (status = 410, description = "Past its 14 days", body = ErrorBody,
            example = json!(examples::error(ErrorCode::ClaimExpired))),
        (status = 422, description = "Missing name or invalid phone", body = ErrorBody,
            example = json!(examples::rule_error("phone", Msg::PhoneInvalid))),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn claim_points(
    info: web::Data<ServerInfo>,
    visitor: Visitor,
    token: web::Path<String>,
    body: ValidJson<ClaimRequest>,
) -> Result<HttpResponse, ApiError> {
    let token = token.into_inner();
    let ClaimRequest { name, phone } = body.0;
    let form = JoinStore { name, phone, email: None, consents: Vec::new(), language: None };
    let done = visitor.run(move |services, client| claims::claim(services, &client, &token, form)).await?;
    Ok(HttpResponse::Created().json(ClaimDoneEnvelope {
        data: ClaimDoneDto {
            store: done.store.into(),
            points: done.points,
            balance: done.balance,
            joined: done.joined,
            customer_page_url: info.public_link("me", &done.customer_page_token),
        },
    }))
}
