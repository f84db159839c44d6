//! Plans' packages: the active ones for anyone signed in, all of them and their changes for the
//! admin.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::admin::{self, PackageForm};
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{FeaturesInput, PackageEnvelope, PackageListPlain, PackageRequest};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(active_packages, all_packages, create_package, update_package, toggle_package, delete_package))]
pub struct PackagesApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_active_packages, _, _>(cfg, active_packages);
    route::<__path_all_packages, _, _>(cfg, all_packages);
    route::<__path_create_package, _, _>(cfg, create_package);
    route::<__path_update_package, _, _>(cfg, update_package);
    route::<__path_toggle_package, _, _>(cfg, toggle_package);
    route::<__path_delete_package, _, _>(cfg, delete_package);
}

/// Active packages (what a store owner can buy).
#[utoipa::path(get, path = "/api/v1/packages", tag = "admin",
    responses(
        (status = 200, description = "Active packages", body = PackageListPlain),
    ))]
async fn active_packages(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let packages = caller.run(move |services, actor| admin::list_packages(services, actor, true)).await?;
    Ok(HttpResponse::Ok().json(PackageListPlain { data: packages.into_iter().map(Into::into).collect() }))
}

/// Every package, active or not.
#[utoipa::path(get, path = "/api/v1/admin/packages", tag = "admin",
    responses(
        (status = 200, description = "Packages", body = PackageListPlain),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn all_packages(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let packages = caller.run(move |services, actor| admin::list_packages(services, actor, false)).await?;
    Ok(HttpResponse::Ok().json(PackageListPlain { data: packages.into_iter().map(Into::into).collect() }))
}

fn package_form(body: PackageRequest) -> PackageForm {
    PackageForm {
        name: body.name,
        description: body.description,
        price: body.price.map(|p| p.into_string()),
        store_limit: body.store_limit,
        duration_months: body.duration_months,
        features: match body.features {
            None => Vec::new(),
            Some(FeaturesInput::Lines(text)) => vec![text],
            Some(FeaturesInput::List(list)) => list,
        },
        is_active: body.is_active,
    }
}

/// Creates a package (defaults: price 0, 1 store, 1 month, active).
#[utoipa::path(post, path = "/api/v1/packages", tag = "admin",
    request_body = PackageRequest,
    responses(
        (status = 201, description = "Created", body = PackageEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn create_package(caller: Authenticated, body: ValidJson<PackageRequest>) -> Result<HttpResponse, ApiError> {
    let form = package_form(body.0);
    let package = caller.run(move |services, actor| admin::create_package(services, actor, form)).await?;
    Ok(HttpResponse::Created().json(PackageEnvelope { data: package.into() }))
}

/// Edits a package.
#[utoipa::path(put, path = "/api/v1/packages/{id}", tag = "admin",
    params(("id" = i64, Path, description = "Package id")),
    request_body = PackageRequest,
    responses(
        (status = 200, description = "Updated", body = PackageEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such package", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn update_package(
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<PackageRequest>,
) -> Result<HttpResponse, ApiError> {
    let (id, form) = (id.into_inner(), package_form(body.0));
    let package = caller.run(move |services, actor| admin::update_package(services, actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(PackageEnvelope { data: package.into() }))
}

/// Enables or disables a package.
#[utoipa::path(post, path = "/api/v1/packages/{id}/toggle", tag = "admin",
    params(("id" = i64, Path, description = "Package id")),
    responses(
        (status = 200, description = "Toggled", body = PackageEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such package", body = ErrorBody),
    ))]
async fn toggle_package(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let package = caller.run(move |services, actor| admin::toggle_package(services, actor, id)).await?;
    Ok(HttpResponse::Ok().json(PackageEnvelope { data: package.into() }))
}

/// Deletes a package no subscription or card uses.
#[utoipa::path(delete, path = "/api/v1/packages/{id}", tag = "admin",
    params(("id" = i64, Path, description = "Package id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such package", body = ErrorBody),
        (status = 409, description = "Used by a subscription or a card", body = ErrorBody,
            example = json!(examples::error(ErrorCode::PackageInUse))),
    ))]
async fn delete_package(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    caller.run(move |services, actor| admin::delete_package(services, actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
