//! The message providers' callbacks (issue #39): WhatsApp's status and inbound messages, and
//! Meta's webhook subscription handshake. Public operations: no bearer token; a callback is
//! taken only with the app secret's signature.

use actix_web::{web, HttpRequest, HttpResponse};
use loyalty_application::use_cases::messages;
use utoipa::OpenApi;

use super::{route, Visitor};
use crate::dto::{ChannelReportEnvelope, HubQuery, WhatsappCallback};
use crate::error::ErrorBody;
use crate::examples;
use crate::json::parse_json;
use crate::{ApiError, ErrorCode};

#[derive(OpenApi)]
#[openapi(paths(whatsapp_status, whatsapp_verify))]
pub struct ChannelsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_whatsapp_status, _, _>(cfg, whatsapp_status);
    route::<__path_whatsapp_verify, _, _>(cfg, whatsapp_verify);
}

/// WhatsApp Business Cloud API callbacks (subscribe the app's `messages` field here). Taken only
/// with `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`
/// (`LOYALTY_WHATSAPP_APP_SECRET`); without it, with another, or with no secret configured, 401
/// and nothing changes. Each status is recorded on its message, found by
/// `biz_opaque_callback_data` (our id) or the provider's id: `sent`, `delivered` (`read` counts
/// as delivered) or `failed` with the provider's error; a message never moves backwards. A
/// customer's text "STOP" (also "stop", "إيقاف", "الغاء", "إلغاء") withdraws the WhatsApp consent
/// of every customer with that phone (source `whatsapp_reply`), stopping their messages waiting
/// by WhatsApp. Unknown messages and phones change nothing.
#[utoipa::path(post, path = "/api/v1/channels/whatsapp/status", tag = "public",
    request_body = WhatsappCallback,
    params(("X-Hub-Signature-256" = String, Header,
        description = "`sha256=` and the hex HMAC-SHA256 of the raw body with the app secret",
        example = "sha256=6b0d3b2f0c9f5c1d0b7a2a4e8f1c3d5e7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d")),
    responses(
        (status = 200, description = "Recorded: how many statuses moved and consents were withdrawn", body = ChannelReportEnvelope,
            example = json!({"data": {"statuses": 1, "withdrawals": 1}})),
        (status = 400, description = "Not JSON", body = ErrorBody,
            example = json!(examples::error(ErrorCode::InvalidJson))),
        (status = 401, description = "No signature, a wrong one, or no app secret configured", body = ErrorBody,
            example = json!(examples::error(ErrorCode::SignatureInvalid))),
        (status = 422, description = "A field of the wrong type", body = ErrorBody),
    ))]
async fn whatsapp_status(visitor: Visitor, request: HttpRequest, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let lang = visitor.lang();
    let signature = request.headers().get("x-hub-signature-256").and_then(|v| v.to_str().ok());
    if !visitor.services().message_channels.verify_callback(&body, signature) {
        return Err(ApiError::new(ErrorCode::SignatureInvalid, lang));
    }
    let callback: WhatsappCallback = parse_json(&body, lang)?;
    let report = messages::ChannelReport::from(callback);
    let outcome = visitor.run(move |services, _| messages::whatsapp_report(services, report)).await?;
    Ok(HttpResponse::Ok().json(ChannelReportEnvelope { data: outcome.into() }))
}

/// Meta's webhook subscription handshake: with `hub.mode=subscribe` and the server's verify
/// token (`LOYALTY_WHATSAPP_VERIFY_TOKEN`), answers `hub.challenge` as plain text; anything
/// else, or no verify token configured, is 403.
#[utoipa::path(get, path = "/api/v1/channels/whatsapp/status", tag = "public",
    params(HubQuery),
    responses(
        (status = 200, description = "The challenge, as it came", content_type = "text/plain", body = String,
            example = "1158201444"),
        (status = 403, description = "Not a subscription, or another verify token", body = ErrorBody,
            example = json!(examples::error(ErrorCode::VerifyTokenWrong))),
    ))]
async fn whatsapp_verify(visitor: Visitor, query: web::Query<HubQuery>) -> Result<HttpResponse, ApiError> {
    let HubQuery { mode, verify_token, challenge } = query.into_inner();
    let channels = visitor.services().message_channels.clone();
    let verified = mode.as_deref() == Some("subscribe") && verify_token.is_some_and(|t| channels.verify_token(&t));
    match challenge {
        Some(challenge) if verified => Ok(HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(challenge)),
        _ => Err(ApiError::new(ErrorCode::VerifyTokenWrong, visitor.lang())),
    }
}
