//! Messages customers read: a customer's consent per channel and its messages.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::messages::{self, ConsentForm, TemplateForm};
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{
    ConsentRequest, ConsentsEnvelope, CustomerMessageEnvelope, CustomerMessageList, MessageKindDto,
    MessageTemplateEnvelope, MessageTemplateList, MessageTemplateRequest, MessagesSummaryEnvelope, PageQuery,
};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::{examples, ApiError, ErrorCode, ServerInfo};

#[derive(OpenApi)]
#[openapi(paths(
    record_consent,
    customer_messages,
    send_page_link,
    messages_summary,
    list_message_templates,
    put_message_template,
    delete_message_template
))]
pub struct MessagesApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_record_consent, _, _>(cfg, record_consent);
    route::<__path_customer_messages, _, _>(cfg, customer_messages);
    route::<__path_send_page_link, _, _>(cfg, send_page_link);
    route::<__path_messages_summary, _, _>(cfg, messages_summary);
    route::<__path_list_message_templates, _, _>(cfg, list_message_templates);
    route::<__path_put_message_template, _, _>(cfg, put_message_template);
    route::<__path_delete_message_template, _, _>(cfg, delete_message_template);
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
    let ConsentRequest { channel, granted, source, language } = body.0;
    let form = ConsentForm { channel, granted, source, language };
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

/// Sends the customer a link to its own page (`/me/{token}`, a new link as a sale makes, valid
/// 30 days) when the till asks: a `link` message by the channel the customer consented to
/// (WhatsApp first), in its language, the owner's `link` template filled, counted against
/// `messages_monthly_limit` as any other (past it, recorded `not_sent`). The cashier of the
/// customer's store and its owner may (whoever may edit customers), and an API key with
/// `customers:write`.
#[utoipa::path(post, path = "/api/v1/customers/{id}/messages/page-link", tag = "customers",
    params(("id" = i64, Path, description = "Customer id")),
    responses(
        (status = 201, description = "The message as written, `pending` until sent", body = CustomerMessageEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "No such customer in the caller's stores", body = ErrorBody),
        (status = 409, description = "The customer has no phone, or consents to messages by neither channel: nothing is written", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoMessageConsent))),
    ))]
async fn send_page_link(
    info: web::Data<ServerInfo>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let info = info.into_inner();
    let message = caller
        .run(move |services, actor| {
            messages::send_page_link(services, actor, id, &|token: &str| info.public_link("me", token))
        })
        .await?;
    Ok(HttpResponse::Created().json(CustomerMessageEnvelope { data: message.into() }))
}

/// The owner's messages at a glance: this Tripoli month's count against
/// `messages_monthly_limit`, how many customers consent to each channel, and each channel's
/// last six months (pending, sent, delivered, failed, not sent, SMS segments) with what they
/// are estimated to cost at the operator's prices.
#[utoipa::path(get, path = "/api/v1/messages/summary", tag = "owner",
    responses(
        (status = 200, description = "The owner's messages", body = MessagesSummaryEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
    ))]
async fn messages_summary(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let summary = caller.run(messages::summary).await?;
    Ok(HttpResponse::Ok().json(MessagesSummaryEnvelope { data: summary.into() }))
}

/// Every kind of message as the owner's customers read it, in Arabic and English: the owner's
/// own text where it wrote one, the product's elsewhere, with the placeholders each may use.
/// A customer reads the language of its consent (`consents.language`).
#[utoipa::path(get, path = "/api/v1/message-templates", tag = "owner",
    responses(
        (status = 200, description = "Every kind of message", body = MessageTemplateList),
        (status = 403, description = "Role not allowed", body = ErrorBody),
    ))]
async fn list_message_templates(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let templates = caller.run(messages::templates).await?;
    Ok(HttpResponse::Ok().json(MessageTemplateList { data: templates.into_iter().map(Into::into).collect() }))
}

/// Keeps the owner's own text of a kind of message, in both languages, for every message of
/// that kind from now on (messages already written keep theirs). Each text is checked: at most
/// 320 characters, only the kind's placeholders, `{points}` kept where the kind needs it.
#[utoipa::path(put, path = "/api/v1/message-templates/{kind}", tag = "owner",
    params(("kind" = MessageKindDto, Path, description = "The kind of message")),
    request_body = MessageTemplateRequest,
    responses(
        (status = 200, description = "The kind's text from now on", body = MessageTemplateEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 422, description = "An unknown kind, a text empty, too long, with an unknown placeholder or without `{points}`", body = ErrorBody),
    ))]
async fn put_message_template(
    caller: Authenticated,
    kind: web::Path<String>,
    body: ValidJson<MessageTemplateRequest>,
) -> Result<HttpResponse, ApiError> {
    let kind = kind.into_inner();
    let MessageTemplateRequest { text_ar, text_en } = body.0;
    let form = TemplateForm { text_ar, text_en };
    let template = caller.run(move |services, actor| messages::put_template(services, actor, &kind, form)).await?;
    Ok(HttpResponse::Ok().json(MessageTemplateEnvelope { data: template.into() }))
}

/// Forgets the owner's own text of a kind of message: the product's is sent again. Answers
/// the kind's text from now on (forgetting one never written changes nothing).
#[utoipa::path(delete, path = "/api/v1/message-templates/{kind}", tag = "owner",
    params(("kind" = MessageKindDto, Path, description = "The kind of message")),
    responses(
        (status = 200, description = "The product's text, sent from now on", body = MessageTemplateEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 422, description = "An unknown kind", body = ErrorBody),
    ))]
async fn delete_message_template(caller: Authenticated, kind: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let kind = kind.into_inner();
    let template = caller.run(move |services, actor| messages::reset_template(services, actor, &kind)).await?;
    Ok(HttpResponse::Ok().json(MessageTemplateEnvelope { data: template.into() }))
}
