//! An owner's figures: the dashboard summary, points owed, the customers overview and the
//! activity feed of its stores (the admin's feed covers every store).

use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::activity::{self, FeedQuery, Range};
use loyalty_application::use_cases::owner;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{
    ActivityFeed, ActivityQuery, CustomerDto, CustomersOverview, CustomersOverviewEnvelope, LiabilityEnvelope,
    ListMeta, ListQuery, OwnerSummaryEnvelope, PageQuery, StoreOverview,
};
use crate::error::ErrorBody;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(owner_summary, owner_liability, customers_overview, pos_activities))]
pub struct ReportsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_owner_summary, _, _>(cfg, owner_summary);
    route::<__path_owner_liability, _, _>(cfg, owner_liability);
    route::<__path_customers_overview, _, _>(cfg, customers_overview);
    route::<__path_pos_activities, _, _>(cfg, pos_activities);
}

/// The owner's dashboard cards: stores, revenue, customers and points issued, all live.
#[utoipa::path(get, path = "/api/v1/store-owner/summary", tag = "owner",
    responses(
        (status = 200, description = "Figures", body = OwnerSummaryEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn owner_summary(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let summary = caller.run(owner::summary).await?;
    Ok(HttpResponse::Ok().json(OwnerSummaryEnvelope { data: summary.into() }))
}

/// What the owner owes its customers in points: the points they hold, and their LYD value where
/// points have one, in all and per store; the points earned and redeemed in each of the
/// last 12 Tripoli months; and what is about to expire: the points whose last day to be used
/// falls within the next 7, 30 and 90 days (today included), in all and per store, with their
/// value and how many customers hold them, and the customers to remind (those with points
/// whose last day is within 30 days, soonest first).
#[utoipa::path(get, path = "/api/v1/store-owner/liability", tag = "owner",
    responses(
        (status = 200, description = "Points outstanding and their movement per month", body = LiabilityEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn owner_liability(caller: Authenticated) -> Result<HttpResponse, ApiError> {
    let liability = caller.run(owner::liability).await?;
    Ok(HttpResponse::Ok().json(LiabilityEnvelope { data: liability.into() }))
}

/// The customers overview: summary cards, then per store its figures and one page of its
/// customers (`page`, `per_page` apply to every store; `store_id` lists that store alone).
#[utoipa::path(get, path = "/api/v1/customers/store-owner-overview", tag = "owner",
    params(PageQuery, ListQuery),
    responses(
        (status = 200, description = "Overview", body = CustomersOverviewEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
    ))]
async fn customers_overview(
    caller: Authenticated,
    page: web::Query<PageQuery>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let (page, store) = (page.page_request(), query.store_id);
    let overview = caller.run(move |services, actor| owner::customers_overview(services, actor, page, store)).await?;
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

/// The feed of invoices, redemptions and customer events across the owner's stores, newest
/// first, filtered by POS user, store, type and range.
#[utoipa::path(get, path = "/api/v1/store-owner/pos-activities", tag = "owner",
    params(ActivityQuery, PageQuery),
    responses(
        (status = 200, description = "A page of the feed", body = ActivityFeed),
        (status = 403, description = "Store owners and admins only", body = ErrorBody),
        (status = 404, description = "`store_id` is not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "Bad range or dates", body = ErrorBody),
    ))]
async fn pos_activities(
    caller: Authenticated,
    query: web::Query<ActivityQuery>,
    page: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let lang = caller.lang;
    let q = query.into_inner();
    let range = Range::parse(q.date_range.as_deref(), q.from.as_deref(), q.to.as_deref())
        .map_err(|e| ApiError::from_app(e, lang))?;
    let feed = FeedQuery {
        pos_user_id: q.pos_user_id,
        store_id: q.store_id,
        activity_type: q.activity_type,
        range,
        page: page.page_request(),
    };
    let page = caller.run(move |services, actor| activity::feed(services, actor, feed)).await?;
    Ok(HttpResponse::Ok().json(ActivityFeed::from_page(page)))
}
