//! Stores: the list (an owner's own, a POS user's one, every store for the admin), creating,
//! renaming and (the admin) deleting them, and each store's registration link and QR code.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::owner;
use loyalty_application::{Actor, AppError, Services, StoreRef};
use qrcode::render::svg;
use qrcode::QrCode;
use utoipa::OpenApi;

use super::{named_to_replace, route};
use crate::auth::Authenticated;
use crate::dto::{
    QrCodeDto, QrCodeEnvelope, QrRequest, StoreEnvelope, StoreListPlain, StorePatchRequest, StoreReplaceRequest,
    StoreRequest,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError, ServerInfo};

#[derive(OpenApi)]
#[openapi(paths(
    list_stores,
    list_owner_stores,
    create_store,
    update_store,
    patch_store,
    delete_store,
    generate_qr,
    rotate_qr
))]
pub struct StoresApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_stores, _, _>(cfg, list_stores);
    route::<__path_list_owner_stores, _, _>(cfg, list_owner_stores);
    route::<__path_create_store, _, _>(cfg, create_store);
    route::<__path_update_store, _, _>(cfg, update_store);
    route::<__path_patch_store, _, _>(cfg, patch_store);
    route::<__path_delete_store, _, _>(cfg, delete_store);
    route::<__path_generate_qr, _, _>(cfg, generate_qr);
    route::<__path_rotate_qr, _, _>(cfg, rotate_qr);
}

async fn stores(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let stores = caller.run(owner::list_stores).await?;
    Ok(HttpResponse::Ok().json(StoreListPlain { data: stores.into_iter().map(Into::into).collect() }))
}

/// Stores the caller can see, with live customers, points and today's sales: an owner's own,
/// a POS user's one, all for the admin.
#[utoipa::path(get, path = "/api/v1/stores", tag = "owner",
    responses(
        (status = 200, description = "Stores", body = StoreListPlain),
    ))]
async fn list_stores(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    stores(caller).await
}

/// The owner's stores (for the POS-user form's store select).
#[utoipa::path(get, path = "/api/v1/store-owner/stores", tag = "owner",
    responses(
        (status = 200, description = "Stores", body = StoreListPlain),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn list_owner_stores(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    stores(caller).await
}

/// Creates a store for the signed-in owner (or, for the admin, for `store_owner_id`), within
/// the owner's plan: 409 `store_limit_reached` or `no_active_plan` otherwise.
#[utoipa::path(post, path = "/api/v1/stores", tag = "owner",
    request_body = StoreRequest,
    responses(
        (status = 201, description = "Created", body = StoreEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 409, description = "Plan limit reached or no active plan", body = ErrorBody,
            example = json!(examples::error(ErrorCode::StoreLimitReached))),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn create_store(caller: Authenticated, body: ValidJson<StoreRequest>) -> Result<HttpResponse, ApiError> {
    let StoreRequest { name, address, store_owner_id } = body.0;
    let form = owner::StoreForm { name, address, store_owner_id };
    let store = caller.run(move |services, actor| owner::create_store(services, actor, form)).await?;
    Ok(HttpResponse::Created().json(StoreEnvelope { data: store.into() }))
}

/// Replaces a store's name and address: a full replacement, so the body names both (`null` for
/// no address) and one leaving `address` out is a 422 (to change only one, `PATCH`). A store
/// stays with its owner: a `store_owner_id` other than the store's is a 422.
#[utoipa::path(put, path = "/api/v1/stores/{id}", tag = "owner",
    params(("id" = i64, Path, description = "Store id")),
    request_body = StoreReplaceRequest,
    responses(
        (status = 200, description = "Updated", body = StoreEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "Not one of the caller's stores", body = ErrorBody),
        (status = 422, description = "Invalid or unknown fields, `address` left out, or another owner", body = ErrorBody),
    ))]
async fn update_store(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<StoreReplaceRequest>,
) -> Result<HttpResponse, ApiError> {
    let StoreReplaceRequest { name, address, store_owner_id } = body.0;
    named_to_replace(&[("address", address.is_some())], caller.lang)?;
    let (id, form) = (id.into_inner(), owner::StoreForm { name, address: address.flatten(), store_owner_id });
    let store = caller.run(move |services, actor| owner::update_store(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(StoreEnvelope { data: store.into() }))
}

/// Changes only the fields the body names, as a JSON Merge Patch (RFC 7396): a field left out
/// stays as it is, `null` clears the address, a value replaces it. Sent as
/// `application/merge-patch+json` (or `application/json`).
#[utoipa::path(patch, path = "/api/v1/stores/{id}", tag = "owner",
    params(("id" = i64, Path, description = "Store id")),
    request_body(content = StorePatchRequest, content_type = "application/merge-patch+json"),
    responses(
        (status = 200, description = "Updated", body = StoreEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "Not one of the caller's stores", body = ErrorBody),
        (status = 422, description = "Invalid or unknown fields", body = ErrorBody),
    ))]
async fn patch_store(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<StorePatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let StorePatchRequest { name, address } = body.0;
    let (id, patch) = (id.into_inner(), owner::StorePatch { name, address });
    let store = caller.run(move |services, actor| owner::patch_store(services, actor, id, patch)).await?;
    Ok(HttpResponse::Ok().json(StoreEnvelope { data: store.into() }))
}

/// Deletes a store without customers or sales (one made by mistake): its owner's own, or any
/// for the admin. A store with customers or sales stays, so its records stay in the books.
#[utoipa::path(delete, path = "/api/v1/stores/{id}", tag = "owner",
    params(("id" = i64, Path, description = "Store id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Store owners and admins only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores (any store, for the admin)", body = ErrorBody),
        (status = 409, description = "The store has customers or sales", body = ErrorBody,
            example = json!(examples::error(ErrorCode::StoreHasHistory))),
    ))]
async fn delete_store(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| owner::delete_store(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// An SVG QR code of the store's public registration page (`{public URL}/join/{token}`).
#[utoipa::path(post, path = "/api/v1/qr-code/generate", tag = "owner",
    request_body = QrRequest,
    responses(
        (status = 200, description = "The code and the URL it encodes", body = QrCodeEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "Size not 150, 200 or 300", body = ErrorBody),
    ))]
async fn generate_qr(
    info: web::Data<ServerInfo>,
    caller: Authenticated,
    body: ValidJson<QrRequest>,
) -> Result<HttpResponse, ApiError> {
    qr_code(&info, caller, body.0, owner::registration_link).await
}

/// A new registration link for the store: the old link and every printed QR code of it stop
/// working at once (customers who joined stay). For a link that was shared too widely or used
/// to join with other people's phones.
#[utoipa::path(post, path = "/api/v1/qr-code/rotate", tag = "owner",
    request_body = QrRequest,
    responses(
        (status = 200, description = "The new code and the URL it encodes", body = QrCodeEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "Size not 150, 200 or 300", body = ErrorBody),
    ))]
async fn rotate_qr(
    info: web::Data<ServerInfo>,
    caller: Authenticated,
    body: ValidJson<QrRequest>,
) -> Result<HttpResponse, ApiError> {
    qr_code(&info, caller, body.0, owner::rotate_registration_link).await
}

/// A use case giving a store's registration link: the store, the token and the code's size.
type RegistrationLink = fn(&Services, &Actor, i64, Option<u32>) -> Result<(StoreRef, String, u32), AppError>;

/// The store's registration link as `link` gives it (the current one or a new one), drawn as a
/// QR code of the size asked for.
async fn qr_code(
    info: &ServerInfo,
    caller: Authenticated,
    QrRequest { store_id, size }: QrRequest,
    link: RegistrationLink,
) -> Result<HttpResponse, ApiError> {
    let lang = caller.lang;
    let (store, token, size) = caller.run(move |services, actor| link(services, actor, store_id, size)).await?;
    let registration_url = info.public_link("join", &token);
    let code = QrCode::new(registration_url.as_bytes())
        .map_err(|e| ApiError::from_app(AppError::Internal(format!("qr: {e}")), lang))?;
    let qr_code_svg = code.render::<svg::Color<'_>>().min_dimensions(size, size).quiet_zone(true).build();
    Ok(HttpResponse::Ok()
        .json(QrCodeEnvelope { data: QrCodeDto { qr_code_svg, registration_url, size, store: store.into() } }))
}
