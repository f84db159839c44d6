//! An owner's POS users (cashiers): list, add, edit, (de)activate, delete.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::staff;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{StaffPatchRequest, StaffRequest, UserEnvelope, UserListPlain};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(list_staff, create_staff, update_staff, patch_staff, delete_staff, activate_staff, deactivate_staff))]
pub struct StaffApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_staff, _, _>(cfg, list_staff);
    route::<__path_create_staff, _, _>(cfg, create_staff);
    route::<__path_update_staff, _, _>(cfg, update_staff);
    route::<__path_patch_staff, _, _>(cfg, patch_staff);
    route::<__path_delete_staff, _, _>(cfg, delete_staff);
    route::<__path_activate_staff, _, _>(cfg, activate_staff);
    route::<__path_deactivate_staff, _, _>(cfg, deactivate_staff);
}

/// POS users of the owner's stores.
#[utoipa::path(get, path = "/api/v1/store-owner/pos-users", tag = "owner",
    responses(
        (status = 200, description = "Staff", body = UserListPlain),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn list_staff(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let users = caller.run(staff::list).await?;
    Ok(HttpResponse::Ok().json(UserListPlain { data: users.into_iter().map(Into::into).collect() }))
}

fn staff_form(body: StaffRequest) -> staff::StaffForm {
    staff::StaffForm { name: body.name, email: body.email, password: body.password, store_id: body.store_id }
}

/// Adds a POS user to one of the owner's stores.
#[utoipa::path(post, path = "/api/v1/store-owner/pos-users", tag = "owner",
    request_body = StaffRequest,
    responses(
        (status = 409, description = "No plan in effect: no new cashier until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 201, description = "Created", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid fields or email taken", body = ErrorBody),
    ))]
async fn create_staff(caller: Authenticated, body: ValidJson<StaffRequest>) -> Result<HttpResponse, ApiError> {
    let form = staff_form(body.0);
    let user = caller.run(move |services, actor| staff::create(services, actor, form)).await?;
    Ok(HttpResponse::Created().json(UserEnvelope { data: user.into() }))
}

/// Replaces a POS user's name, email and store (each required); the password changes only when
/// one is sent (it is never shown, so leaving it out erases nothing). To change only some
/// fields, or switch its sign-in off, `PATCH`.
#[utoipa::path(put, path = "/api/v1/store-owner/pos-users/{id}", tag = "owner",
    params(("id" = i64, Path, description = "User id")),
    request_body = StaffRequest,
    responses(
        (status = 200, description = "Updated", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
        (status = 422, description = "Invalid fields or email taken", body = ErrorBody),
    ))]
async fn update_staff(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<StaffRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, form) = (id.into_inner(), staff_form(body.0));
    let user = caller.run(move |services, actor| staff::update(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Changes only the fields the body names, as a JSON Merge Patch (RFC 7396): a field left out
/// stays as it is, a value replaces it. `{"is_active": false}` stops the POS user's sign-in and
/// ends its sessions (as `POST .../deactivate`), `true` lets it sign in again (with a plan in
/// effect); a new password or another store ends its sessions too. Sent as
/// `application/merge-patch+json` (or `application/json`).
#[utoipa::path(patch, path = "/api/v1/store-owner/pos-users/{id}", tag = "owner",
    params(("id" = i64, Path, description = "User id")),
    request_body(content = StaffPatchRequest, content_type = "application/merge-patch+json"),
    responses(
        (status = 409, description = "No plan in effect: no cashier switched back on until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 200, description = "Updated", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
        (status = 422, description = "Invalid or unknown fields, or email taken", body = ErrorBody),
    ))]
async fn patch_staff(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<StaffPatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let StaffPatchRequest { name, email, password, store_id, is_active } = body.0;
    let (id, patch) = (id.into_inner(), staff::StaffPatch { name, email, password, store_id, is_active });
    let user = caller.run(move |services, actor| staff::patch(services, actor, id, patch)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Removes a POS user without history (signed out at once); one with sales, redemptions or
/// points changes is deactivated instead (409).
#[utoipa::path(delete, path = "/api/v1/store-owner/pos-users/{id}", tag = "owner",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
        (status = 409, description = "The POS user has sales, redemptions or points changes: deactivate instead", body = ErrorBody,
            example = json!(examples::error(ErrorCode::UserHasHistory))),
    ))]
async fn delete_staff(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| staff::delete(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn set_staff_active(caller: Authenticated, id: i64, active: bool) -> Result<HttpResponse, ApiError> {
    let user = caller.run(move |services, actor| staff::set_active(services, actor, id, active)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Lets a POS user sign in again.
#[utoipa::path(post, path = "/api/v1/store-owner/pos-users/{id}/activate", tag = "owner",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 409, description = "No plan in effect: no cashier switched back on until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 200, description = "Activated", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
    ))]
async fn activate_staff(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    set_staff_active(caller, id.into_inner(), true).await
}

/// Stops a POS user from signing in and ends its sessions at once.
#[utoipa::path(post, path = "/api/v1/store-owner/pos-users/{id}/deactivate", tag = "owner",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "Deactivated", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
    ))]
async fn deactivate_staff(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    set_staff_active(caller, id.into_inner(), false).await
}
