//! The store owner's business: stores, staff, rewards, loyalty settings, QR codes, plan, and
//! the dashboard figures.

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::activity::{self, FeedQuery, Range};
use loyalty_application::use_cases::{owner, staff, subscriptions};
use loyalty_application::{Actor, AppError, Services};
use qrcode::render::svg;
use qrcode::QrCode;
use utoipa::OpenApi;

use super::route;
use crate::http::auth::{blocking, Authenticated};
use crate::http::dto::{
    ActivityFeed, ActivityQuery, CustomerDto, CustomersOverview, CustomersOverviewEnvelope, LiabilityEnvelope,
    ListMeta, ListQuery, LoyaltyConfigEnvelope, LoyaltyConfigRequest, OwnerSummaryEnvelope, PlanChangePreviewEnvelope,
    QrCodeDto, QrCodeEnvelope, QrRequest, RedeemCodeRequest, RewardEnvelope, RewardRequest, SignalEnvelope, SignalList,
    SignalQuery, SignalStatusParam, StaffRequest, StoreEnvelope, StoreListPlain, StoreOverview, StoreRequest,
    SubscriptionStatusEnvelope, UserEnvelope, UserListPlain,
};
use crate::http::error::{ErrorBody, ErrorCode};
use crate::http::examples;
use crate::http::json::ValidJson;
use crate::http::{ApiError, Lang, ServerInfo};

#[derive(OpenApi)]
#[openapi(paths(
    list_stores,
    list_owner_stores,
    create_store,
    update_store,
    list_staff,
    create_staff,
    update_staff,
    delete_staff,
    activate_staff,
    deactivate_staff,
    create_reward,
    update_reward,
    get_loyalty_config,
    put_loyalty_config,
    generate_qr,
    rotate_qr,
    owner_summary,
    owner_liability,
    list_signals,
    review_signal,
    customers_overview,
    subscription_status,
    toggle_auto_renew,
    cancel_subscription,
    redeem_card,
    preview_card,
    pos_activities
))]
pub struct OwnerApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_stores, _, _>(cfg, list_stores);
    route::<__path_create_store, _, _>(cfg, create_store);
    route::<__path_update_store, _, _>(cfg, update_store);
    route::<__path_list_owner_stores, _, _>(cfg, list_owner_stores);
    route::<__path_owner_summary, _, _>(cfg, owner_summary);
    route::<__path_owner_liability, _, _>(cfg, owner_liability);
    route::<__path_list_signals, _, _>(cfg, list_signals);
    route::<__path_review_signal, _, _>(cfg, review_signal);
    route::<__path_list_staff, _, _>(cfg, list_staff);
    route::<__path_create_staff, _, _>(cfg, create_staff);
    route::<__path_update_staff, _, _>(cfg, update_staff);
    route::<__path_delete_staff, _, _>(cfg, delete_staff);
    route::<__path_activate_staff, _, _>(cfg, activate_staff);
    route::<__path_deactivate_staff, _, _>(cfg, deactivate_staff);
    route::<__path_create_reward, _, _>(cfg, create_reward);
    route::<__path_update_reward, _, _>(cfg, update_reward);
    route::<__path_get_loyalty_config, _, _>(cfg, get_loyalty_config);
    route::<__path_put_loyalty_config, _, _>(cfg, put_loyalty_config);
    route::<__path_generate_qr, _, _>(cfg, generate_qr);
    route::<__path_rotate_qr, _, _>(cfg, rotate_qr);
    route::<__path_customers_overview, _, _>(cfg, customers_overview);
    route::<__path_subscription_status, _, _>(cfg, subscription_status);
    route::<__path_toggle_auto_renew, _, _>(cfg, toggle_auto_renew);
    route::<__path_cancel_subscription, _, _>(cfg, cancel_subscription);
    route::<__path_redeem_card, _, _>(cfg, redeem_card);
    route::<__path_preview_card, _, _>(cfg, preview_card);
    route::<__path_pos_activities, _, _>(cfg, pos_activities);
}

async fn stores(services: web::Data<Services>, actor: Actor, lang: Lang) -> Result<HttpResponse, ApiError> {
    let stores = blocking(lang, move || owner::list_stores(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(StoreListPlain { data: stores.into_iter().map(Into::into).collect() }))
}

/// Stores the caller can see, with live customers, points and today's sales: an owner's own,
/// a POS user's one, all for the admin.
#[utoipa::path(get, path = "/api/v1/stores", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "Stores", body = StoreListPlain),
    ))]
async fn list_stores(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    stores(services, caller.actor, caller.lang).await
}

/// The owner's stores (for the POS-user form's store select).
#[utoipa::path(get, path = "/api/v1/store-owner/stores", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "Stores", body = StoreListPlain),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn list_owner_stores(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    caller.actor.require(&[loyalty_domain::Role::StoreOwner]).map_err(|e| ApiError::from_app(e, caller.lang))?;
    stores(services, caller.actor, caller.lang).await
}

/// Creates a store for the signed-in owner (or, for the admin, for `store_owner_id`), within
/// the owner's plan: 409 `store_limit_reached` or `no_active_plan` otherwise.
#[utoipa::path(post, path = "/api/v1/stores", tag = "owner", security(("bearer" = [])),
    request_body = StoreRequest,
    responses(
        (status = 201, description = "Created", body = StoreEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 409, description = "Plan limit reached or no active plan", body = ErrorBody,
            example = json!(examples::error(ErrorCode::StoreLimitReached))),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn create_store(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<StoreRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let StoreRequest { name, address, store_owner_id } = body.0;
    let form = owner::StoreForm { name, address, store_owner_id };
    let store = blocking(lang, move || owner::create_store(&services, &actor, form)).await?;
    Ok(HttpResponse::Created().json(StoreEnvelope { data: store.into() }))
}

/// Renames a store or changes its address.
#[utoipa::path(put, path = "/api/v1/stores/{id}", tag = "owner", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Store id")),
    request_body = StoreRequest,
    responses(
        (status = 200, description = "Updated", body = StoreEnvelope),
        (status = 403, description = "Role not allowed", body = ErrorBody),
        (status = 404, description = "Not one of the caller's stores", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn update_store(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<StoreRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let StoreRequest { name, address, .. } = body.0;
    let (id, form) = (id.into_inner(), owner::StoreForm { name, address, store_owner_id: None });
    let store = blocking(lang, move || owner::update_store(&services, &actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(StoreEnvelope { data: store.into() }))
}

/// POS users of the owner's stores.
#[utoipa::path(get, path = "/api/v1/store-owner/pos-users", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "Staff", body = UserListPlain),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn list_staff(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let users = blocking(lang, move || staff::list(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(UserListPlain { data: users.into_iter().map(Into::into).collect() }))
}

fn staff_form(body: StaffRequest) -> staff::StaffForm {
    staff::StaffForm { name: body.name, email: body.email, password: body.password, store_id: body.store_id }
}

/// Adds a POS user to one of the owner's stores.
#[utoipa::path(post, path = "/api/v1/store-owner/pos-users", tag = "owner", security(("bearer" = [])),
    request_body = StaffRequest,
    responses(
        (status = 409, description = "No plan in effect: no new cashier until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 201, description = "Created", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid fields or email taken", body = ErrorBody),
    ))]
async fn create_staff(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<StaffRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let form = staff_form(body.0);
    let user = blocking(lang, move || staff::create(&services, &actor, form)).await?;
    Ok(HttpResponse::Created().json(UserEnvelope { data: user.into() }))
}

/// Edits a POS user; the password changes only when one is sent.
#[utoipa::path(put, path = "/api/v1/store-owner/pos-users/{id}", tag = "owner", security(("bearer" = [])),
    params(("id" = i64, Path, description = "User id")),
    request_body = StaffRequest,
    responses(
        (status = 200, description = "Updated", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
        (status = 422, description = "Invalid fields or email taken", body = ErrorBody),
    ))]
async fn update_staff(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<StaffRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let (id, form) = (id.into_inner(), staff_form(body.0));
    let user = blocking(lang, move || staff::update(&services, &actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Removes a POS user without history (signed out at once); one with sales, redemptions or
/// points changes is deactivated instead (409).
#[utoipa::path(delete, path = "/api/v1/store-owner/pos-users/{id}", tag = "owner", security(("bearer" = [])),
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
        (status = 409, description = "The POS user has sales, redemptions or points changes: deactivate instead", body = ErrorBody,
            example = json!(examples::error(ErrorCode::UserHasHistory))),
    ))]
async fn delete_staff(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let id = id.into_inner();
    blocking(lang, move || staff::delete(&services, &actor, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn set_staff_active(
    services: web::Data<Services>,
    caller: Authenticated,
    id: i64,
    active: bool,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let user = blocking(lang, move || staff::set_active(&services, &actor, id, active)).await?;
    Ok(HttpResponse::Ok().json(UserEnvelope { data: user.into() }))
}

/// Lets a POS user sign in again.
#[utoipa::path(post, path = "/api/v1/store-owner/pos-users/{id}/activate", tag = "owner", security(("bearer" = [])),
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 409, description = "No plan in effect: no cashier switched back on until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 200, description = "Activated", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
    ))]
async fn activate_staff(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    set_staff_active(services, caller, id.into_inner(), true).await
}

/// Stops a POS user from signing in and ends its sessions at once.
#[utoipa::path(post, path = "/api/v1/store-owner/pos-users/{id}/deactivate", tag = "owner", security(("bearer" = [])),
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "Deactivated", body = UserEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's POS users", body = ErrorBody),
    ))]
async fn deactivate_staff(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    set_staff_active(services, caller, id.into_inner(), false).await
}

fn reward_form(body: RewardRequest) -> owner::RewardForm {
    owner::RewardForm {
        name: body.name,
        description: body.description,
        reward_type: body.reward_type,
        points_required: body.points_required,
        amount: body.amount.map(|a| a.into_string()),
        is_active: body.is_active,
    }
}

/// Adds a reward (prize, discount 0-100 %, or cash) offered in all the owner's stores.
#[utoipa::path(post, path = "/api/v1/rewards", tag = "owner", security(("bearer" = [])),
    request_body = RewardRequest,
    responses(
        (status = 409, description = "No plan in effect: no new reward until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 201, description = "Created", body = RewardEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn create_reward(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<RewardRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let form = reward_form(body.0);
    let reward = blocking(lang, move || owner::create_reward(&services, &actor, form)).await?;
    Ok(HttpResponse::Created().json(RewardEnvelope { data: reward.into() }))
}

/// Edits a reward; enable or disable by sending it with `is_active` flipped.
#[utoipa::path(put, path = "/api/v1/rewards/{id}", tag = "owner", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Reward id")),
    request_body = RewardRequest,
    responses(
        (status = 409, description = "No plan in effect: no reward switched back on until one is", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
        (status = 200, description = "Updated", body = RewardEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's rewards", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    ))]
async fn update_reward(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
    body: ValidJson<RewardRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let (id, form) = (id.into_inner(), reward_form(body.0));
    let reward = blocking(lang, move || owner::update_reward(&services, &actor, id, form)).await?;
    Ok(HttpResponse::Ok().json(RewardEnvelope { data: reward.into() }))
}

/// The loyalty settings: points per LYD, the minimum purchase that earns points, the largest
/// invoice total, the total above which the counter asks to confirm, and the cashiers' daily
/// cap on manual points (a POS user reads those of its store's owner).
#[utoipa::path(get, path = "/api/v1/loyalty-config", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "Settings", body = LoyaltyConfigEnvelope),
        (status = 403, description = "Store owners and POS users only", body = ErrorBody),
    ))]
async fn get_loyalty_config(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let settings = blocking(lang, move || owner::loyalty_settings(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(LoyaltyConfigEnvelope { data: settings.into() }))
}

/// Changes the loyalty settings given and keeps the ones left out (a body with only
/// `cost_per_point` changes only the rate); every later invoice in the owner's stores uses
/// them.
#[utoipa::path(put, path = "/api/v1/loyalty-config", tag = "owner", security(("bearer" = [])),
    request_body = LoyaltyConfigRequest,
    responses(
        (status = 200, description = "Saved", body = LoyaltyConfigEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "Invalid values", body = ErrorBody),
    ))]
async fn put_loyalty_config(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<LoyaltyConfigRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let change = body.0.into_change();
    let settings = blocking(lang, move || owner::save_loyalty_settings(&services, &actor, &change)).await?;
    Ok(HttpResponse::Ok().json(LoyaltyConfigEnvelope { data: settings.into() }))
}

/// An SVG QR code of the store's public registration page (`{public URL}/join/{token}`).
#[utoipa::path(post, path = "/api/v1/qr-code/generate", tag = "owner", security(("bearer" = [])),
    request_body = QrRequest,
    responses(
        (status = 200, description = "The code and the URL it encodes", body = QrCodeEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "Size not 150, 200 or 300", body = ErrorBody),
    ))]
async fn generate_qr(
    services: web::Data<Services>,
    info: web::Data<ServerInfo>,
    caller: Authenticated,
    body: ValidJson<QrRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let QrRequest { store_id, size } = body.0;
    let link = blocking(lang, move || owner::registration_link(&services, &actor, store_id, size)).await?;
    qr_answer(&info, link, lang)
}

/// A new registration link for the store: the old link and every printed QR code of it stop
/// working at once (customers who joined stay). For a link that was shared too widely or used
/// to join with other people's phones.
#[utoipa::path(post, path = "/api/v1/qr-code/rotate", tag = "owner", security(("bearer" = [])),
    request_body = QrRequest,
    responses(
        (status = 200, description = "The new code and the URL it encodes", body = QrCodeEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "Size not 150, 200 or 300", body = ErrorBody),
    ))]
async fn rotate_qr(
    services: web::Data<Services>,
    info: web::Data<ServerInfo>,
    caller: Authenticated,
    body: ValidJson<QrRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let QrRequest { store_id, size } = body.0;
    let link = blocking(lang, move || owner::rotate_registration_link(&services, &actor, store_id, size)).await?;
    qr_answer(&info, link, lang)
}

fn qr_answer(
    info: &ServerInfo,
    (store, token, size): (loyalty_application::StoreRef, String, u32),
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let registration_url = format!("{}/join/{token}", info.public_url.trim_end_matches('/'));
    let code = QrCode::new(registration_url.as_bytes())
        .map_err(|e| ApiError::from_app(AppError::Internal(format!("qr: {e}")), lang))?;
    let qr_code_svg = code.render::<svg::Color<'_>>().min_dimensions(size, size).quiet_zone(true).build();
    Ok(HttpResponse::Ok()
        .json(QrCodeEnvelope { data: QrCodeDto { qr_code_svg, registration_url, size, store: store.into() } }))
}

/// The owner's dashboard cards: stores, revenue, customers and points issued, all live.
#[utoipa::path(get, path = "/api/v1/store-owner/summary", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "Figures", body = OwnerSummaryEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn owner_summary(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let summary = blocking(lang, move || owner::summary(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(OwnerSummaryEnvelope { data: summary.into() }))
}

/// What the owner owes its customers in points: the points they hold, and their LYD value where
/// points have one, in all and per store; and the points earned and redeemed in each of the
/// last 12 Tripoli months.
#[utoipa::path(get, path = "/api/v1/store-owner/liability", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "Points outstanding and their movement per month", body = LiabilityEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn owner_liability(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let liability = blocking(lang, move || owner::liability(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(LiabilityEnvelope { data: liability.into() }))
}

/// Fraud signals of the owner's stores, newest day first: a customer with more sales in a day
/// than the owner's threshold, a cashier voiding more than its percent of the day's sales or
/// adding more points by hand than its daily total. Nothing was blocked; each is shown until the
/// owner marks it reviewed (`status=all` lists those too). One per kind, subject and Tripoli day,
/// with the day's latest figure.
#[utoipa::path(get, path = "/api/v1/store-owner/signals", tag = "owner", security(("bearer" = [])),
    params(SignalQuery),
    responses(
        (status = 200, description = "A page of signals", body = SignalList),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "An unknown status or a page out of range", body = ErrorBody),
    ))]
async fn list_signals(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<SignalQuery>,
) -> Result<HttpResponse, ApiError> {
    use loyalty_application::use_cases::signals::{self, SignalStatus};
    let Authenticated { actor, lang, .. } = caller;
    let query = query.into_inner();
    let status = match query.status {
        Some(SignalStatusParam::All) => SignalStatus::All,
        Some(SignalStatusParam::Open) | None => SignalStatus::Open,
    };
    let page = loyalty_application::PageRequest::new(query.page, query.per_page);
    let found = blocking(lang, move || signals::list(&services, &actor, status, page)).await?;
    Ok(HttpResponse::Ok().json(SignalList::from_page(found)))
}

/// Marks a signal reviewed: the owner looked at the sales behind it. Marking it again changes
/// nothing; a later crossing that day with a higher figure opens it again.
#[utoipa::path(post, path = "/api/v1/store-owner/signals/{id}/review", tag = "owner", security(("bearer" = [])),
    params(("id" = i64, Path, description = "Signal id")),
    responses(
        (status = 200, description = "The signal, reviewed", body = SignalEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "No such signal in the owner's stores", body = ErrorBody),
    ))]
async fn review_signal(
    services: web::Data<Services>,
    caller: Authenticated,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let id = id.into_inner();
    let signal = blocking(lang, move || loyalty_application::use_cases::signals::review(&services, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(SignalEnvelope { data: signal.into() }))
}

/// The customers overview: summary cards, then per store its figures and one page of its
/// customers (`page`, `per_page` apply to every store; `store_id` lists that store alone).
#[utoipa::path(get, path = "/api/v1/customers/store-owner-overview", tag = "owner", security(("bearer" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "Overview", body = CustomersOverviewEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
    ))]
async fn customers_overview(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let (page, store) = (query.page_request(), query.store_id);
    let overview = blocking(lang, move || owner::customers_overview(&services, &actor, page, store)).await?;
    let summary = overview.summary;
    let shared_phones = overview.shared_phones;
    let stores_overview = overview
        .stores
        .into_iter()
        .map(|(figures, page)| StoreOverview {
            store: figures.store.into(),
            customer_count: figures.customer_count,
            total_points_in_store: figures.total_points,
            meta: ListMeta { page: page.page, per_page: page.per_page, total: page.total },
            customers: page.items.into_iter().map(CustomerDto::from).collect(),
        })
        .collect();
    Ok(HttpResponse::Ok().json(CustomersOverviewEnvelope {
        data: CustomersOverview {
            summary: summary.into(),
            shared_phones: shared_phones.into_iter().map(Into::into).collect(),
            stores_overview,
        },
    }))
}

/// The owner's plan: package, stores used over the limit, end date, days left, auto-renew.
#[utoipa::path(get, path = "/api/v1/subscriptions/status", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "Status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn subscription_status(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let status = blocking(lang, move || subscriptions::status(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// Turns auto-renew on or off.
#[utoipa::path(post, path = "/api/v1/subscriptions/toggle-auto-renew", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "New status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "No active plan", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
    ))]
async fn toggle_auto_renew(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let status = blocking(lang, move || subscriptions::toggle_auto_renew(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// Cancels the active plan now.
#[utoipa::path(post, path = "/api/v1/subscriptions/cancel", tag = "owner", security(("bearer" = [])),
    responses(
        (status = 200, description = "New status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "No active plan", body = ErrorBody,
            example = json!(examples::error(ErrorCode::NoActivePlan))),
    ))]
async fn cancel_subscription(services: web::Data<Services>, caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let status = blocking(lang, move || subscriptions::cancel(&services, &actor)).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// Activates a plan with a card code (once ever, even under concurrent attempts). The same
/// package extends the current plan from its end; another package waits for the current plan
/// to end (`mode: queue`, the default) or starts now (`mode: switch_now`, giving up the days
/// left). Ask `/redemption-cards/preview` first to show the owner what will happen.
#[utoipa::path(post, path = "/api/v1/redemption-cards/redeem", tag = "owner", security(("bearer" = [])),
    request_body = RedeemCodeRequest,
    responses(
        (status = 200, description = "Activated; the new status", body = SubscriptionStatusEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "Code already used or expired, or another plan already waits to start", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardAlreadyRedeemed))),
        (status = 422, description = "Empty, too long or unknown code", body = ErrorBody),
    ))]
async fn redeem_card(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<RedeemCodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let RedeemCodeRequest { code, mode } = body.0;
    let status = blocking(lang, move || subscriptions::redeem_card(&services, &actor, &code, mode.into())).await?;
    Ok(HttpResponse::Ok().json(SubscriptionStatusEnvelope { data: status.into() }))
}

/// What redeeming a card would do, before anything changes (the card stays unused): its
/// package, the owner's plans, and the choices with their dates and the days a switch gives up.
#[utoipa::path(post, path = "/api/v1/redemption-cards/preview", tag = "owner", security(("bearer" = [])),
    request_body = RedeemCodeRequest,
    responses(
        (status = 200, description = "What the card would do", body = PlanChangePreviewEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 409, description = "Code already used or expired", body = ErrorBody,
            example = json!(examples::error(ErrorCode::CardExpired))),
        (status = 422, description = "Empty, too long or unknown code", body = ErrorBody),
    ))]
async fn preview_card(
    services: web::Data<Services>,
    caller: Authenticated,
    body: ValidJson<RedeemCodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let code = body.0.code;
    let preview = blocking(lang, move || subscriptions::preview_card(&services, &actor, &code)).await?;
    Ok(HttpResponse::Ok().json(PlanChangePreviewEnvelope { data: preview.into() }))
}

/// The feed of invoices, redemptions and customer events across the owner's stores, newest
/// first, filtered by POS user, store, type and range.
#[utoipa::path(get, path = "/api/v1/store-owner/pos-activities", tag = "owner", security(("bearer" = [])),
    params(ActivityQuery),
    responses(
        (status = 200, description = "A page of the feed", body = ActivityFeed),
        (status = 403, description = "Store owners and admins only", body = ErrorBody),
        (status = 404, description = "`store_id` is not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "Bad range or dates", body = ErrorBody),
    ))]
async fn pos_activities(
    services: web::Data<Services>,
    caller: Authenticated,
    query: web::Query<ActivityQuery>,
) -> Result<HttpResponse, ApiError> {
    let Authenticated { actor, lang, .. } = caller;
    let q = query.into_inner();
    let range = Range::parse(q.date_range.as_deref(), q.from.as_deref(), q.to.as_deref())
        .map_err(|e| ApiError::from_app(e, lang))?;
    let feed = FeedQuery {
        pos_user_id: q.pos_user_id,
        store_id: q.store_id,
        activity_type: q.activity_type,
        range,
        page: loyalty_application::PageRequest::new(q.page, q.per_page),
    };
    let page = blocking(lang, move || activity::feed(&services, &actor, feed)).await?;
    Ok(HttpResponse::Ok().json(ActivityFeed::from_page(page)))
}
