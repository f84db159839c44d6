//! An owner's API keys: make (the secret shown once), list, revoke.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::api_keys::{self, KeyForm};
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{ApiKeyCreated, ApiKeyCreatedEnvelope, ApiKeyList, ApiKeyRequest};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(list_keys, create_key, revoke_key))]
pub struct ApiKeysApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_keys, _, _>(cfg, list_keys);
    route::<__path_create_key, _, _>(cfg, create_key);
    route::<__path_revoke_key, _, _>(cfg, revoke_key);
}

/// The owner's API keys that are not revoked, newest first; never their secrets.
#[utoipa::path(get, path = "/api/v1/store-owner/api-keys", tag = "integrations",
    responses(
        (status = 200, description = "The keys", body = ApiKeyList),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
    ))]
async fn list_keys(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let keys = caller.run(api_keys::list).await?;
    Ok(HttpResponse::Ok().json(ApiKeyList { data: keys.into_iter().map(Into::into).collect() }))
}

/// Makes an API key for an integration. The answer carries its secret (`lk_...`) once: only a
/// digest is kept. The key acts for the owner within its scopes and stores.
#[utoipa::path(post, path = "/api/v1/store-owner/api-keys", tag = "integrations",
    request_body = ApiKeyRequest,
    responses(
        (status = 201, description = "Made; keep the secret now", body = ApiKeyCreatedEnvelope),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 409, description = "The owner already keeps 50 keys", body = ErrorBody,
            example = json!(examples::error(ErrorCode::ApiKeyLimitReached))),
        (status = 422, description = "No name, no or an unknown scope, a store that is not the owner's (or any store for a test key), an unknown mode, or an expiry in the past", body = ErrorBody),
    ))]
async fn create_key(caller: Authenticated, body: ValidJson<ApiKeyRequest>) -> Result<HttpResponse, ApiError> {
    let ValidJson(ApiKeyRequest { name, scopes, store_ids, expires_at, mode }) = body;
    let form = KeyForm { name, scopes, store_ids, expires_at, mode };
    let made = caller.run(move |services, actor| api_keys::create(services, actor, form)).await?;
    let data = ApiKeyCreated { key: made.key.into(), secret: made.secret };
    Ok(HttpResponse::Created().insert_header(("Cache-Control", "no-store")).json(ApiKeyCreatedEnvelope { data }))
}

/// Revokes a key at once: its next request is refused with 401.
#[utoipa::path(delete, path = "/api/v1/store-owner/api-keys/{id}", tag = "integrations",
    params(("id" = i64, Path, description = "Key id")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 403, description = "Store owners only, signed in as a person (not with a key)", body = ErrorBody),
        (status = 404, description = "Not one of the owner's live keys", body = ErrorBody),
    ))]
async fn revoke_key(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| api_keys::revoke(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
