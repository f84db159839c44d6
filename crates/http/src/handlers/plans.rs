//! The admin's view of store owners' plans, and assigning a package (with a preview first).

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::admin;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{
    AssignPackageRequest, PlanChangePreviewEnvelope, StoreOwnerRecordDto, StoreOwnerRecordEnvelope, StoreOwnerRecords,
};
use crate::error::{ErrorBody, ErrorCode};
use crate::json::ValidJson;
use crate::{examples, ApiError};

#[derive(OpenApi)]
#[openapi(paths(store_owner_records, assign_package, preview_assignment))]
pub struct PlansApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_store_owner_records, _, _>(cfg, store_owner_records);
    route::<__path_assign_package, _, _>(cfg, assign_package);
    route::<__path_preview_assignment, _, _>(cfg, preview_assignment);
}

/// Store owners with their stores, remaining slots and plan.
#[utoipa::path(get, path = "/api/v1/admin/store-owners", tag = "admin",
    responses(
        (status = 200, description = "Store owners", body = StoreOwnerRecords),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn store_owner_records(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let now = caller.services.clock.now();
    let records = caller.run(admin::store_owners).await?;
    Ok(HttpResponse::Ok()
        .json(StoreOwnerRecords { data: records.into_iter().map(|r| StoreOwnerRecordDto::new(r, now)).collect() }))
}

/// Assigns or changes a store owner's package: the same package extends the plan from its
/// end; another waits for the current plan to end (`mode: queue`, the default) or starts now
/// (`mode: switch_now`, giving up the days left). Only active packages. Ask
/// `/admin/subscriptions/preview` first to show what will happen.
#[utoipa::path(post, path = "/api/v1/admin/subscriptions/assign", tag = "admin",
    request_body = AssignPackageRequest,
    responses(
        (status = 200, description = "The owner with the new plan", body = StoreOwnerRecordEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such store owner", body = ErrorBody),
        (status = 409, description = "Another plan already waits to start", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NextPlanWaiting))),
        (status = 422, description = "No package, or an inactive one", body = ErrorBody),
    ))]
async fn assign_package(
    caller: Authenticated,
    body: ValidJson<AssignPackageRequest>,
) -> Result<HttpResponse, ApiError> {
    let AssignPackageRequest { store_owner_id, package_id, auto_renew, notes, mode } = body.0;
    let now = caller.services.clock.now();
    let record = caller
        .run(move |services, actor| {
            admin::assign_package(services, actor, store_owner_id, package_id, auto_renew, notes, mode.into())
        })
        .await?;
    Ok(HttpResponse::Ok().json(StoreOwnerRecordEnvelope { data: StoreOwnerRecordDto::new(record, now) }))
}

/// What assigning a package would do for a store owner, before anything changes.
#[utoipa::path(post, path = "/api/v1/admin/subscriptions/preview", tag = "admin",
    request_body = AssignPackageRequest,
    responses(
        (status = 200, description = "What the assignment would do", body = PlanChangePreviewEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such store owner", body = ErrorBody),
        (status = 422, description = "No owner or package, an inactive package, or notes too long", body = ErrorBody),
    ))]
async fn preview_assignment(
    caller: Authenticated,
    body: ValidJson<AssignPackageRequest>,
) -> Result<HttpResponse, ApiError> {
    let AssignPackageRequest { store_owner_id, package_id, notes, .. } = body.0;
    let preview = caller
        .run(move |services, actor| {
            admin::preview_assignment(services, actor, store_owner_id, package_id, notes.as_deref())
        })
        .await?;
    Ok(HttpResponse::Ok().json(PlanChangePreviewEnvelope { data: preview.into() }))
}
