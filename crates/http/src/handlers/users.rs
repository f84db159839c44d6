//! The admin's users: every account of the platform, and the store owners to choose from.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::admin::{self, UserForm};
use loyalty_application::PageRequest;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{PageQuery, StoreOwnerOption, StoreOwnerOptions, UserEnvelope, UserList, UserQuery, UserRequest};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(
    list_users,
    create_user,
    update_user,
    delete_user,
    activate_user,
    deactivate_user,
    store_owner_options
))]
pub struct UsersApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_users, _, _>(cfg, list_users);
    route::<__path_create_user, _, _>(cfg, create_user);
    route::<__path_update_user, _, _>(cfg, update_user);
    route::<__path_delete_user, _, _>(cfg, delete_user);
    route::<__path_activate_user, _, _>(cfg, activate_user);
    route::<__path_deactivate_user, _, _>(cfg, deactivate_user);
    route::<__path_store_owner_options, _, _>(cfg, store_owner_options);
}

fn user_form(body: UserRequest) -> UserForm {
    UserForm {
        name: body.name,
        email: body.email,
        password: body.password,
        role: body.role,
        store_owner_name: body.store_owner_name,
        store_id: body.store_id,
        is_active: body.is_active,
    }
}

/// Every user, newest first; searchable by name or email, filterable by role.
#[utoipa::path(get, path = "/api/v1/users", tag = "admin",
    params(UserQuery, PageQuery),
    responses(
        (status = 200, description = "A page of users", body = UserList),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn list_users(
    caller: Authenticated,
    query: web::Query<UserQuery>,
    page: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let request = page.page_request();
    let page = caller.run(move |services, actor| admin::list_users(services, actor, q.search, q.role, request)).await?;
    Ok(HttpResponse::Ok().json(UserList::from_page(page)))
}

/// Creates a user of any role (store owner name for store owners, a store for POS users).
#[utoipa::path(post, path = "/api/v1/users", tag = "admin",
    request_body = UserRequest,
    responses(
        (status = 201, description = "Created", body = UserEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "Invalid fields or email taken", body = ErrorBody),
    ))]
async fn create_user(caller: Authenticated, body: ValidJson<UserRequest>) -> Result<HttpResponse, ApiError> {
    let form = user_form(body.0);
    let user = caller.run(move |services, actor| admin::create_user(services, actor, form)).await?;
    Ok(HttpResponse::Created().json(UserEnvelope { data: user.into() }))
}

/// Edits a user; a blank password keeps the current one. A new password, a new store or
/// deactivation signs the user out.
#[utoipa::path(put, path = "/api/v1/users/{id}", tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    request_body = UserRequest,
    responses(
        (status = 200, description = "Updated", body = UserEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "An admin cannot deactivate itself", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CannotChangeSelf))),
        (status = 422, description = "Invalid fields or email taken", body = ErrorBody),
    ))]
async fn update_user(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<UserRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, form) = (id.into_inner(), user_form(body.0));
    let user = caller.run(move |services, actor| admin::update_user(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Removes a user (signed out at once; its history stays).
#[utoipa::path(delete, path = "/api/v1/users/{id}", tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "An admin cannot delete itself; a person with stores, a plan or sales is deactivated instead", body = ErrorBody,
            example = json!(examples::error(ErrorCode::UserHasHistory))),
    ))]
async fn delete_user(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| admin::delete_user(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn set_active(caller: Authenticated, id: i64, active: bool) -> Result<HttpResponse, ApiError> {
    let user = caller.run(move |services, actor| admin::set_user_active(services, actor, id, active)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Lets a user sign in again.
#[utoipa::path(post, path = "/api/v1/users/{id}/activate", tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "Activated", body = UserEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
    ))]
async fn activate_user(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    set_active(caller, id.into_inner(), true).await
}

/// Stops a user from signing in and ends its sessions at once.
#[utoipa::path(post, path = "/api/v1/users/{id}/deactivate", tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "Deactivated", body = UserEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "An admin cannot deactivate itself", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CannotChangeSelf))),
    ))]
async fn deactivate_user(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    set_active(caller, id.into_inner(), false).await
}

/// Store owners for pickers: id, name, email.
#[utoipa::path(get, path = "/api/v1/store-owners", tag = "admin",
    responses(
        (status = 200, description = "Store owners", body = StoreOwnerOptions),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn store_owner_options(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let owners = caller
        .run(move |services, actor| {
            admin::list_users(
                services,
                actor,
                None,
                Some("store_owner".into()),
                PageRequest { page: 1, per_page: 10_000, sync: None },
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(StoreOwnerOptions {
        data: owners.items.into_iter().map(|u| StoreOwnerOption { id: u.id, name: u.name, email: u.email }).collect(),
    }))
}
