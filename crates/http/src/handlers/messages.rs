//! Messages customers read: a customer's consent per channel and its messages.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::messages::{self, ConsentForm};
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{ConsentRequest, ConsentsEnvelope, CustomerMessageList, PageQuery};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(record_consent, customer_messages))]
pub struct MessagesApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_record_consent, _, _>(cfg, record_consent);
    route::<__path_customer_messages, _, _>(cfg, customer_messages);
}

/// Records the customer's consent to messages by one channel, given or withdrawn, with who
/// said so and where (kept as history), as the customer's other details are changed. No
/// message goes by a channel without its consent; WhatsApp goes first when both are given.
/// Withdrawing stops at once: the customer's messages by that channel still waiting become
/// `not_sent` (`consent_withdrawn`). The first consent of a customer never welcomed writes
/// its welcome message. Giving a consent already given keeps its first time.
#[utoipa::path(post, path = "/api/v1/customers/{id}/consents", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    request_body = ConsentRequest,
    responses(
        (status = 200, description = "The customer's consents after it", body = ConsentsEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
        (status = 422, description = "An unknown channel or source, `granted` left out, or unknown fields", body = ErrorBody),
    ))]
async fn record_consent(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<ConsentRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let ConsentRequest { channel, granted, source } = body.0;
    let form = ConsentForm { channel, granted, source };
    let consents = caller.run(move |services, actor| messages::record_consent(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(ConsentsEnvelope { data: consents.into() }))
}

/// The messages written for a customer (welcome, points earned, ...), newest first, with
/// where each stands: `pending` until sent, the provider's message id once sent, `not_sent`
/// with the reason (the owner's monthly limit, a withdrawn consent).
#[utoipa::path(get, path = "/api/v1/customers/{id}/messages", tag = "customers",
    params(("id" = i64, Path, description = "Customer id"), PageQuery),
    responses(
        (status = 200, description = "A page of messages", body = CustomerMessageList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
    ))]
async fn customer_messages(
    caller: Authenticated,
    id: web::Path<i64>,
    page: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, page) = (id.into_inner(), page.page_request());
    let page = caller.run(move |services, actor| messages::list(services, actor, id, page)).await?;
    Ok(HttpResponse::Ok().json(CustomerMessageList::from_page(page)))
}
