//! The admin's platform. Every operation here is admin only (403 for other roles), except
//! `GET /packages`, which lists active packages to anyone signed in.

use actix_web::{web, HttpResponse};
use loyalty_application::ports::CardFilter;
use loyalty_application::use_cases::admin::{self, CardForm, PackageForm, UserForm};
use loyalty_application::{CardStatus, PageRequest, Services};
use utoipa::OpenApi;

use super::route;
use crate::http::auth::{blocking, Authenticated};
use crate::http::dto::{
    ActivityEntryDto, AdminAnalytics, AdminAnalyticsEnvelope, AdminOverview, AdminOverviewEnvelope,
    AssignPackageRequest, CardBatchRequest, CardEnvelope, CardList, CardListPlain, CardQuery, CardRequest,
    DatabaseHealth, DayFiguresDto, FeaturesInput, Health, PackageEnvelope, PackageListPlain, PackageRequest,
    PlanChangePreviewEnvelope, StoreOwnerOption, StoreOwnerOptions, StoreOwnerRecordDto, StoreOwnerRecordEnvelope,
    StoreOwnerRecords, StoreRankingDto, UserEnvelope, UserList, UserQuery, UserRequest,
};
use crate::http::error::{ErrorBody, ErrorCode};
use crate::http::examples;
use crate::http::json::ValidJson;
use crate::http::{ApiError, ServerInfo};

#[derive(OpenApi)]
#[openapi(paths(
    list_users,
    create_user,
    update_user,
    delete_user,
    activate_user,
    deactivate_user,
    store_owner_options,
    delete_store,
    active_packages,
    all_packages,
    create_package,
    update_package,
    toggle_package,
    delete_package,
    store_owner_records,
    assign_package,
    preview_assignment,
    list_cards,
    create_card,
    create_cards,
    update_card,
    delete_card,
    overview,
    analytics
))]
pub struct AdminApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_users, _, _>(cfg, list_users);
    route::<__path_create_user, _, _>(cfg, create_user);
    route::<__path_update_user, _, _>(cfg, update_user);
    route::<__path_delete_user, _, _>(cfg, delete_user);
    route::<__path_activate_user, _, _>(cfg, activate_user);
    route::<__path_deactivate_user, _, _>(cfg, deactivate_user);
    route::<__path_store_owner_options, _, _>(cfg, store_owner_options);
    route::<__path_delete_store, _, _>(cfg, delete_store);
    route::<__path_active_packages, _, _>(cfg, active_packages);
    route::<__path_all_packages, _, _>(cfg, all_packages);
    route::<__path_create_package, _, _>(cfg, create_package);
    route::<__path_update_package, _, _>(cfg, update_package);
    route::<__path_toggle_package, _, _>(cfg, toggle_package);
    route::<__path_delete_package, _, _>(cfg, delete_package);
    route::<__path_store_owner_records, _, _>(cfg, store_owner_records);
    route::<__path_assign_package, _, _>(cfg, assign_package);
    route::<__path_preview_assignment, _, _>(cfg, preview_assignment);
    route::<__path_list_cards, _, _>(cfg, list_cards);
    route::<__path_create_card, _, _>(cfg, create_card);
    route::<__path_create_cards, _, _>(cfg, create_cards);
    route::<__path_update_card, _, _>(cfg, update_card);
    route::<__path_delete_card, _, _>(cfg, delete_card);
    route::<__path_overview, _, _>(cfg, overview);
    route::<__path_analytics, _, _>(cfg, analytics);
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
#[utoipa::path(get, path = "/api/v1/users", tag = "admin", security(("bearer" = [])),
    params(UserQuery),
    responses(
        (status = 200, description = "A page of users", body = UserList),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn list_users(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<UserQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let q = query.into_inner();
    let request = PageRequest::new(q.page, q.per_page);
    let page = blocking(lang, move || admin::list_users(&services, &actor, q.search, q.role, request)).await?;
    Ok(HttpResponse::Ok().json(UserList::from_page(page)))
}

/// Creates a user of any role (store owner name for store owners, a store for POS users).
#[utoipa::path(post, path = "/api/v1/users", tag = "admin", security(("bearer" = [])),
    request_body = UserRequest,
    responses(
        (status = 201, description = "Created", body = UserEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "Invalid fields or email taken", body = ErrorBody),
    ))]
async fn create_user(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<UserRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let form = user_form(body.0);
    let user = blocking(lang, move || admin::create_user(&services, &actor, form)).await?;
    Ok(HttpResponse::Created().json(UserEnvelope { data: user.into() }))
}

/// Edits a user; a blank password keeps the current one. A new password, a new store or
/// deactivation signs the user out.
#[utoipa::path(put, path = "/api/v1/users/{id}", tag = "admin", security(("bearer" = [])),
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
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<UserRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let (id, form) = (id.into_inner(), user_form(body.0));
    let user = blocking(lang, move || admin::update_user(&services, &actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Removes a user (signed out at once; its history stays).
#[utoipa::path(delete, path = "/api/v1/users/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "An admin cannot delete itself; a person with stores, a plan or sales is deactivated instead", body = ErrorBody,
            example = json!(examples::error(ErrorCode::UserHasHistory))),
    ))]
async fn delete_user(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let id = id.into_inner();
    blocking(lang, move || admin::delete_user(&services, &actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn set_active(
    services: web::Data<Services>,
    caller: Authenticated,
    id: i64,
    active: bool,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let user = blocking(lang, move || admin::set_user_active(&services, &actor, id, active)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Lets a user sign in again.
#[utoipa::path(post, path = "/api/v1/users/{id}/activate", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "Activated", body = UserEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
    ))]
async fn activate_user(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    set_active(services, caller, id.into_inner(), true).await
}

/// Stops a user from signing in and ends its sessions at once.
#[utoipa::path(post, path = "/api/v1/users/{id}/deactivate", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "Deactivated", body = UserEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "An admin cannot deactivate itself", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CannotChangeSelf))),
    ))]
async fn deactivate_user(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    set_active(services, caller, id.into_inner(), false).await
}

/// Store owners for pickers: id, name, email.
#[utoipa::path(get, path = "/api/v1/store-owners", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "Store owners", body = StoreOwnerOptions),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn store_owner_options(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let owners = blocking(lang, move || {
        admin::list_users(
            &services,
            &actor,
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

/// Deletes a store without customers or sales.
#[utoipa::path(delete, path = "/api/v1/stores/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Store id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such store", body = ErrorBody),
        (status = 409, description = "The store has customers or sales", body = ErrorBody,
            example = json!(examples::error(ErrorCode::StoreHasHistory))),
    ))]
async fn delete_store(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let id = id.into_inner();
    blocking(lang, move || admin::delete_store(&services, &actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Active packages (what a store owner can buy).
#[utoipa::path(get, path = "/api/v1/packages", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "Active packages", body = PackageListPlain),
    ))]
async fn active_packages(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let packages = blocking(lang, move || admin::list_packages(&services, &actor, true)).await?;
    Ok(HttpResponse::Ok().json(PackageListPlain { data: packages.into_iter().map(Into::into).collect() }))
}

/// Every package, active or not.
#[utoipa::path(get, path = "/api/v1/admin/packages", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "Packages", body = PackageListPlain),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn all_packages(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let packages = blocking(lang, move || admin::list_packages(&services, &actor, false)).await?;
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
#[utoipa::path(post, path = "/api/v1/packages", tag = "admin", security(("bearer" = [])),
    request_body = PackageRequest,
    responses(
        (status = 201, description = "Created", body = PackageEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn create_package(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<PackageRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let form = package_form(body.0);
    let package = blocking(lang, move || admin::create_package(&services, &actor, form)).await?;
    Ok(HttpResponse::Created().json(PackageEnvelope { data: package.into() }))
}

/// Edits a package.
#[utoipa::path(put, path = "/api/v1/packages/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Package id")),
    request_body = PackageRequest,
    responses(
        (status = 200, description = "Updated", body = PackageEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such package", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn update_package(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<PackageRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let (id, form) = (id.into_inner(), package_form(body.0));
    let package = blocking(lang, move || admin::update_package(&services, &actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(PackageEnvelope { data: package.into() }))
}

/// Enables or disables a package.
#[utoipa::path(post, path = "/api/v1/packages/{id}/toggle", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Package id")),
    responses(
        (status = 200, description = "Toggled", body = PackageEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such package", body = ErrorBody),
    ))]
async fn toggle_package(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let id = id.into_inner();
    let package = blocking(lang, move || admin::toggle_package(&services, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(PackageEnvelope { data: package.into() }))
}

/// Deletes a package no subscription or card uses.
#[utoipa::path(delete, path = "/api/v1/packages/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Package id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such package", body = ErrorBody),
        (status = 409, description = "Used by a subscription or a card", body = ErrorBody,
            example = json!(examples::error(ErrorCode::PackageInUse))),
    ))]
async fn delete_package(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let id = id.into_inner();
    blocking(lang, move || admin::delete_package(&services, &actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Store owners with their stores, remaining slots and plan.
#[utoipa::path(get, path = "/api/v1/admin/store-owners", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "Store owners", body = StoreOwnerRecords),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn store_owner_records(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let now = services.clock.now();
    let records = blocking(lang, move || admin::store_owners(&services, &actor)).await?;
    Ok(HttpResponse::Ok()
        .json(StoreOwnerRecords { data: records.into_iter().map(|r| StoreOwnerRecordDto::new(r, now)).collect() }))
}

/// Assigns or changes a store owner's package: the same package extends the plan from its
/// end; another waits for the current plan to end (`mode: queue`, the default) or starts now
/// (`mode: switch_now`, giving up the days left). Only active packages. Ask
/// `/admin/subscriptions/preview` first to show what will happen.
#[utoipa::path(post, path = "/api/v1/admin/subscriptions/assign", tag = "admin", security(("bearer" = [])),
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
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<AssignPackageRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let AssignPackageRequest { store_owner_id, package_id, auto_renew, notes, mode } = body.0;
    let now = services.clock.now();
    let record = blocking(lang, move || {
        admin::assign_package(&services, &actor, store_owner_id, package_id, auto_renew, notes, mode.into())
    })
    .await?;
    Ok(HttpResponse::Ok().json(StoreOwnerRecordEnvelope { data: StoreOwnerRecordDto::new(record, now) }))
}

/// What assigning a package would do for a store owner, before anything changes.
#[utoipa::path(post, path = "/api/v1/admin/subscriptions/preview", tag = "admin", security(("bearer" = [])),
    request_body = AssignPackageRequest,
    responses(
        (status = 200, description = "What the assignment would do", body = PlanChangePreviewEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such store owner", body = ErrorBody),
        (status = 422, description = "No owner or package, or an inactive package", body = ErrorBody),
    ))]
async fn preview_assignment(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<AssignPackageRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let AssignPackageRequest { store_owner_id, package_id, .. } = body.0;
    let preview =
        blocking(lang, move || admin::preview_assignment(&services, &actor, store_owner_id, package_id)).await?;
    Ok(HttpResponse::Ok().json(PlanChangePreviewEnvelope { data: preview.into() }))
}

/// Redemption cards, newest first, by status and package.
#[utoipa::path(get, path = "/api/v1/admin/redemption-cards", tag = "admin", security(("bearer" = [])),
    params(CardQuery),
    responses(
        (status = 200, description = "A page of cards", body = CardList),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn list_cards(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<CardQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let q = query.into_inner();
    let filter = CardFilter { status: q.status.as_deref().and_then(CardStatus::parse), package_id: q.package_id };
    let request = PageRequest::new(q.page, q.per_page);
    let page = blocking(lang, move || admin::list_cards(&services, &actor, filter, request)).await?;
    Ok(HttpResponse::Ok().json(CardList::from_page(page)))
}

fn card_form(body: CardRequest) -> CardForm {
    CardForm { package_id: body.package_id, code: body.code, expires_at: body.expires_at, notes: body.notes }
}

/// Creates a card; without a code, a 12-character code is generated.
#[utoipa::path(post, path = "/api/v1/admin/redemption-cards", tag = "admin", security(("bearer" = [])),
    request_body = CardRequest,
    responses(
        (status = 201, description = "Created", body = CardEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "No active package, duplicate code or bad date", body = ErrorBody),
    ))]
async fn create_card(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<CardRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let form = card_form(body.0);
    let card = blocking(lang, move || admin::create_card(&services, &actor, form)).await?;
    Ok(HttpResponse::Created().json(CardEnvelope { data: card.into() }))
}

/// Creates 1 to 500 cards with generated codes, for printing.
#[utoipa::path(post, path = "/api/v1/admin/redemption-cards/batch", tag = "admin", security(("bearer" = [])),
    request_body = CardBatchRequest,
    responses(
        (status = 201, description = "Created", body = CardListPlain),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 422, description = "Bad count, package or date", body = ErrorBody),
    ))]
async fn create_cards(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<CardBatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let CardBatchRequest { count, package_id, expires_at, notes } = body.0;
    let form = CardForm { package_id, code: None, expires_at, notes };
    let cards = blocking(lang, move || admin::create_cards(&services, &actor, count, form)).await?;
    Ok(HttpResponse::Created().json(CardListPlain { data: cards.into_iter().map(Into::into).collect() }))
}

/// Edits an unredeemed card (an empty code keeps the current one).
#[utoipa::path(put, path = "/api/v1/admin/redemption-cards/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Card id")),
    request_body = CardRequest,
    responses(
        (status = 200, description = "Updated", body = CardEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such card", body = ErrorBody),
        (status = 409, description = "The card was redeemed", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardLocked))),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn update_card(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<CardRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let (id, form) = (id.into_inner(), card_form(body.0));
    let card = blocking(lang, move || admin::update_card(&services, &actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(CardEnvelope { data: card.into() }))
}

/// Deletes an unredeemed card.
#[utoipa::path(delete, path = "/api/v1/admin/redemption-cards/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Card id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, description = "No such card", body = ErrorBody),
        (status = 409, description = "The card was redeemed", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardLocked))),
    ))]
async fn delete_card(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let id = id.into_inner();
    blocking(lang, move || admin::delete_card(&services, &actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The overview: users, stores, transactions, revenue, the latest activity across all stores,
/// and the system's health from real checks.
#[utoipa::path(get, path = "/api/v1/admin/overview", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "Overview", body = AdminOverviewEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn overview(
    services: web::Data<Services>,
    info: web::Data<ServerInfo>,
    caller: Authenticated,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let o = blocking(lang, move || admin::overview(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(AdminOverviewEnvelope {
        data: AdminOverview {
            total_users: o.counts.users,
            total_stores: o.counts.stores,
            total_transactions: o.counts.transactions,
            revenue: o.counts.revenue.to_string(),
            recent_activity: o.recent.into_iter().map(ActivityEntryDto::from).collect(),
            health: Health {
                status: crate::http::dto::HealthStatus::of(o.database_latency.is_some()),
                version: info.version.to_owned(),
                uptime_seconds: info.started_at.elapsed().as_secs(),
                database: DatabaseHealth {
                    reachable: o.database_latency.is_some(),
                    latency_ms: o.database_latency.map(|d| (d.as_secs_f64() * 1_000_000.0).round() / 1000.0),
                },
            },
        },
    }))
}

/// Invoices, revenue, points issued and redeemed per day over the last 30 days, and the top
/// stores by revenue.
#[utoipa::path(get, path = "/api/v1/admin/analytics", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "Analytics", body = AdminAnalyticsEnvelope),
        (status = 403, description = "Admins only", body = ErrorBody),
    ))]
async fn analytics(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let a = blocking(lang, move || admin::analytics(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(AdminAnalyticsEnvelope {
        data: AdminAnalytics {
            days: a
                .days
                .into_iter()
                .map(|d| DayFiguresDto {
                    day: d.day.format("%Y-%m-%d").to_string(),
                    invoices: d.invoices,
                    revenue: d.revenue.to_string(),
                    points_issued: d.points_issued,
                    points_redeemed: d.points_redeemed,
                })
                .collect(),
            top_stores: a
                .top_stores
                .into_iter()
                .map(|s| StoreRankingDto {
                    store: s.store.into(),
                    owner: s.owner.into(),
                    invoices: s.invoices,
                    revenue: s.revenue.to_string(),
                })
                .collect(),
        },
    }))
}
