//! The admin's redemption cards: list, make one or a batch, edit, delete.

use actix_web::{web, HttpResponse};
use loyalty_application::ports::CardFilter;
use loyalty_application::use_cases::admin::{self, CardForm};
use loyalty_application::CardStatus;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{CardBatchRequest, CardEnvelope, CardList, CardListPlain, CardQuery, CardRequest, PageQuery};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(list_cards, create_card, create_cards, update_card, delete_card))]
pub struct CardsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_cards, _, _>(cfg, list_cards);
    route::<__path_create_card, _, _>(cfg, create_card);
    route::<__path_create_cards, _, _>(cfg, create_cards);
    route::<__path_update_card, _, _>(cfg, update_card);
    route::<__path_delete_card, _, _>(cfg, delete_card);
}

/// Redemption cards, newest first, by status and package.
#[utoipa::path(get, path = "/api/v1/admin/redemption-cards", tag = "admin",
    params(CardQuery, PageQuery),
    responses(
        (status = 200, description = "A page of cards", body = CardList),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn list_cards(
    caller: Authenticated,
    query: web::Query<CardQuery>,
    page: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let filter = CardFilter { status: q.status.as_deref().and_then(CardStatus::parse), package_id: q.package_id };
    let request = page.page_request();
    let page = caller.run(move |services, actor| admin::list_cards(services, actor, filter, request)).await?;
    Ok(HttpResponse::Ok().json(CardList::from_page(page)))
}

fn card_form(body: CardRequest) -> CardForm {
    CardForm { package_id: body.package_id, code: body.code, expires_at: body.expires_at, notes: body.notes }
}

/// Creates a card; without a code, a 12-character code is generated.
#[utoipa::path(post, path = "/api/v1/admin/redemption-cards", tag = "admin",
    request_body = CardRequest,
    responses(
        (status = 201, description = "Created", body = CardEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "No active package, duplicate code or bad date", body = ErrorBody),
    ))]
async fn create_card(caller: Authenticated, body: ValidJson<CardRequest>) -> Result<HttpResponse, ApiError> {
    let form = card_form(body.0);
    let card = caller.run(move |services, actor| admin::create_card(services, actor, form)).await?;
    Ok(HttpResponse::Created().json(CardEnvelope { data: card.into() }))
}

/// Creates 1 to 500 cards with generated codes, for printing.
#[utoipa::path(post, path = "/api/v1/admin/redemption-cards/batch", tag = "admin",
    request_body = CardBatchRequest,
    responses(
        (status = 201, description = "Created", body = CardListPlain),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "Bad count, package or date", body = ErrorBody),
    ))]
async fn create_cards(caller: Authenticated, body: ValidJson<CardBatchRequest>) -> Result<HttpResponse, ApiError> {
    let CardBatchRequest { count, package_id, expires_at, notes } = body.0;
    let form = CardForm { package_id, code: None, expires_at, notes };
    let cards = caller.run(move |services, actor| admin::create_cards(services, actor, count, form)).await?;
    Ok(HttpResponse::Created().json(CardListPlain { data: cards.into_iter().map(Into::into).collect() }))
}

/// Edits an unredeemed card (an empty code keeps the current one).
#[utoipa::path(put, path = "/api/v1/admin/redemption-cards/{id}", tag = "admin",
    params(("id" = i64, Path, description = "Card id")),
    request_body = CardRequest,
    responses(
        (status = 200, description = "Updated", body = CardEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such card", body = ErrorBody),
        (status = 409, description = "The card was redeemed", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardLocked))),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn update_card(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<CardRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, form) = (id.into_inner(), card_form(body.0));
    let card = caller.run(move |services, actor| admin::update_card(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(CardEnvelope { data: card.into() }))
}

/// Deletes an unredeemed card.
#[utoipa::path(delete, path = "/api/v1/admin/redemption-cards/{id}", tag = "admin",
    params(("id" = i64, Path, description = "Card id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such card", body = ErrorBody),
        (status = 409, description = "The card was redeemed", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardLocked))),
    ))]
async fn delete_card(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| admin::delete_card(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
