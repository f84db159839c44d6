//! An owner's webhook endpoints and their deliveries.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::webhooks::{self, DeliveryQuery, EndpointForm, EndpointPatch};
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{
    DeliveryQueryParams, PageQuery, WebhookDeliveryEnvelope, WebhookDeliveryList, WebhookEndpointEnvelope,
    WebhookEndpointList, WebhookEndpointPatch, WebhookEndpointRequest, WebhookEndpointSecret,
    WebhookEndpointSecretEnvelope,
};
use crate::error::ErrorBody;
use crate::json::ValidJson;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(
    paths(
        list_webhooks,
        create_webhook,
        update_webhook,
        patch_webhook,
        delete_webhook,
        rotate_webhook_secret,
        webhook_deliveries,
        resend_delivery,
        test_webhook
    ),
    components(schemas(crate::dto::WebhookEvent))
)]
pub struct WebhooksApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_webhooks, _, _>(cfg, list_webhooks);
    route::<__path_create_webhook, _, _>(cfg, create_webhook);
    route::<__path_update_webhook, _, _>(cfg, update_webhook);
    route::<__path_patch_webhook, _, _>(cfg, patch_webhook);
    route::<__path_delete_webhook, _, _>(cfg, delete_webhook);
    route::<__path_rotate_webhook_secret, _, _>(cfg, rotate_webhook_secret);
    route::<__path_webhook_deliveries, _, _>(cfg, webhook_deliveries);
    route::<__path_resend_delivery, _, _>(cfg, resend_delivery);
    route::<__path_test_webhook, _, _>(cfg, test_webhook);
}

/// The owner's webhook endpoints, oldest first; never their secrets.
#[utoipa::path(get, path = "/api/v1/store-owner/webhooks", tag = "integrations",
    responses(
        (status = 200, description = "The endpoints", body = WebhookEndpointList),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
    ))]
async fn list_webhooks(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let endpoints = caller.run(webhooks::list).await?;
    Ok(HttpResponse::Ok().json(WebhookEndpointList { data: endpoints.into_iter().map(Into::into).collect() }))
}

/// Registers an endpoint for some events. The answer carries the signing secret (`whsec_...`)
/// once. Every event is sent as a signed POST of a `WebhookEvent`.
#[utoipa::path(post, path = "/api/v1/store-owner/webhooks", tag = "integrations",
    request_body = WebhookEndpointRequest,
    responses(
        (status = 201, description = "Registered; keep the secret now", body = WebhookEndpointSecretEnvelope),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 422, description = "Not an https URL of a public server, no or an unknown event, or 10 endpoints already", body = ErrorBody),
    ))]
async fn create_webhook(
    caller: Authenticated,
    body: ValidJson<WebhookEndpointRequest>,
) -> Result<HttpResponse, ApiError> {
    let ValidJson(WebhookEndpointRequest { url, events, is_active, mode }) = body;
    let form = EndpointForm { url, events, is_active, mode };
    let made = caller.run(move |services, actor| webhooks::create(services, actor, form)).await?;
    let data = WebhookEndpointSecret { endpoint: made.endpoint.into(), secret: made.secret };
    Ok(HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(WebhookEndpointSecretEnvelope { data }))
}

/// Changes an endpoint's URL and events, or pauses it (`is_active: false`: nothing is sent to
/// it; its events are still made and wait, and are sent once it is active again).
#[utoipa::path(put, path = "/api/v1/store-owner/webhooks/{id}", tag = "integrations",
    params(("id" = i64, Path, description = "Endpoint id")),
    request_body = WebhookEndpointRequest,
    responses(
        (status = 200, description = "Changed", body = WebhookEndpointEnvelope),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not one of the owner's endpoints", body = ErrorBody),
        (status = 422, description = "Not an https URL of a public server, or no or an unknown event", body = ErrorBody),
    ))]
async fn update_webhook(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<WebhookEndpointRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let ValidJson(WebhookEndpointRequest { url, events, is_active, mode }) = body;
    let form = EndpointForm { url, events, is_active, mode };
    let endpoint = caller.run(move |services, actor| webhooks::update(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(WebhookEndpointEnvelope { data: endpoint.into() }))
}

/// Changes only what the body names, as a JSON Merge Patch (RFC 7396): `{"is_active": false}`
/// pauses the endpoint (its events wait), `{"is_active": true}` resumes it.
#[utoipa::path(patch, path = "/api/v1/store-owner/webhooks/{id}", tag = "integrations",
    params(("id" = i64, Path, description = "Endpoint id")),
    request_body(content = WebhookEndpointPatch, content_type = "application/merge-patch+json"),
    responses(
        (status = 200, description = "Changed", body = WebhookEndpointEnvelope),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not one of the owner's endpoints", body = ErrorBody),
        (status = 422, description = "Not an https URL of a public server, no or an unknown event, or an unknown field", body = ErrorBody),
    ))]
async fn patch_webhook(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<WebhookEndpointPatch>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let ValidJson(WebhookEndpointPatch { url, events, is_active, mode }) = body;
    let patch = EndpointPatch { url, events, is_active, mode };
    let endpoint = caller.run(move |services, actor| webhooks::patch(services, actor, id, patch)).await?;
    Ok(HttpResponse::Ok().json(WebhookEndpointEnvelope { data: endpoint.into() }))
}

/// Removes an endpoint: nothing more is sent to it, deliveries still waiting included.
#[utoipa::path(delete, path = "/api/v1/store-owner/webhooks/{id}", tag = "integrations",
    params(("id" = i64, Path, description = "Endpoint id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not one of the owner's endpoints", body = ErrorBody),
    ))]
async fn delete_webhook(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| webhooks::delete(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A new signing secret, shown once; deliveries from now on are signed with it only.
#[utoipa::path(post, path = "/api/v1/store-owner/webhooks/{id}/rotate-secret", tag = "integrations",
    params(("id" = i64, Path, description = "Endpoint id")),
    responses(
        (status = 200, description = "Rotated; keep the new secret now", body = WebhookEndpointSecretEnvelope),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not one of the owner's endpoints", body = ErrorBody),
    ))]
async fn rotate_webhook_secret(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let made = caller.run(move |services, actor| webhooks::rotate_secret(services, actor, id)).await?;
    let data = WebhookEndpointSecret { endpoint: made.endpoint.into(), secret: made.secret };
    Ok(HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(WebhookEndpointSecretEnvelope { data }))
}

/// An endpoint's deliveries, newest first: status, attempts, the last answer's code; only those
/// in one `status` or of one `event_type` when asked.
#[utoipa::path(get, path = "/api/v1/store-owner/webhooks/{id}/deliveries", tag = "integrations",
    params(("id" = i64, Path, description = "Endpoint id"), PageQuery, DeliveryQueryParams),
    responses(
        (status = 200, description = "A page of deliveries", body = WebhookDeliveryList),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not one of the owner's endpoints", body = ErrorBody),
        (status = 422, description = "An unknown status or event type", body = ErrorBody),
    ))]
async fn webhook_deliveries(
    caller: Authenticated,
    id: web::Path<i64>,
    query: web::Query<PageQuery>,
    filter: web::Query<DeliveryQueryParams>,
) -> Result<HttpResponse, ApiError> {
    let (id, page) = (id.into_inner(), query.page_request());
    let DeliveryQueryParams { status, event_type } = filter.into_inner();
    let query = DeliveryQuery { status, event_type };
    let page = caller.run(move |services, actor| webhooks::deliveries(services, actor, id, query, page)).await?;
    Ok(HttpResponse::Ok().json(WebhookDeliveryList::from_page(page)))
}

/// Sends the endpoint a signed test event (`type: ping`, `data.endpoint_id`), numbered in its
/// sequence like any other; see how it went in its deliveries. A paused endpoint gets it when
/// it is active again.
#[utoipa::path(post, path = "/api/v1/store-owner/webhooks/{id}/test", tag = "integrations",
    params(("id" = i64, Path, description = "Endpoint id")),
    responses(
        (status = 202, description = "Queued to be sent at once", body = WebhookDeliveryEnvelope),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not one of the owner's endpoints", body = ErrorBody),
    ))]
async fn test_webhook(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let delivery = caller.run(move |services, actor| webhooks::send_test(services, actor, id)).await?;
    Ok(HttpResponse::Accepted().json(WebhookDeliveryEnvelope { data: delivery.into() }))
}

/// Sends a delivery again now, whatever became of it; the event keeps its id.
#[utoipa::path(post, path = "/api/v1/store-owner/webhook-deliveries/{id}/resend", tag = "integrations",
    params(("id" = i64, Path, description = "Delivery id")),
    responses(
        (status = 200, description = "Queued to be sent at once", body = WebhookDeliveryEnvelope),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not a delivery of one of the owner's endpoints", body = ErrorBody),
    ))]
async fn resend_delivery(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let delivery = caller.run(move |services, actor| webhooks::resend(services, actor, id)).await?;
    Ok(HttpResponse::Ok().json(WebhookDeliveryEnvelope { data: delivery.into() }))
}
