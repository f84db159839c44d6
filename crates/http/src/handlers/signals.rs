//! Fraud signals of an owner's stores: the list and marking one reviewed.

use actix_web::{web, HttpResponse};
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::dto::{PageQuery, SignalEnvelope, SignalList, SignalQuery, SignalStatusParam};
use crate::error::ErrorBody;
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(list_signals, review_signal))]
pub struct SignalsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_list_signals, _, _>(cfg, list_signals);
    route::<__path_review_signal, _, _>(cfg, review_signal);
}

/// Fraud signals of the owner's stores, newest day first: a customer with more sales in a day
/// than the owner's threshold, a cashier voiding more than its percent of the day's sales or
/// adding more points by hand than its daily total. Nothing was blocked; each is shown until the
/// owner marks it reviewed (`status=all` lists those too). One per kind, subject and Tripoli day,
/// with the day's latest figure.
#[utoipa::path(get, path = "/api/v1/store-owner/signals", tag = "owner",
    params(SignalQuery, PageQuery),
    responses(
        (status = 200, description = "A page of signals", body = SignalList),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 422, description = "An unknown status or a page out of range", body = ErrorBody),
    ))]
async fn list_signals(
    caller: Authenticated,
    query: web::Query<SignalQuery>,
    page: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    use loyalty_application::use_cases::signals::{self, SignalStatus};
    let query = query.into_inner();
    let status = match query.status {
        Some(SignalStatusParam::All) => SignalStatus::All,
        Some(SignalStatusParam::Open) | None => SignalStatus::Open,
    };
    let page = page.page_request();
    let found = caller.run(move |services, actor| signals::list(services, actor, status, page)).await?;
    Ok(HttpResponse::Ok().json(SignalList::from_page(found)))
}

/// Marks a signal reviewed: the owner looked at the sales behind it. Marking it again changes
/// nothing; a later crossing that day with a higher figure opens it again.
#[utoipa::path(post, path = "/api/v1/store-owner/signals/{id}/review", tag = "owner",
    params(("id" = i64, Path, description = "Signal id")),
    responses(
        (status = 200, description = "The signal, reviewed", body = SignalEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "No such signal in the owner's stores", body = ErrorBody),
    ))]
async fn review_signal(caller: Authenticated, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let signal =
        caller.run(move |services, actor| loyalty_application::use_cases::signals::review(services, actor, id)).await?;
    Ok(HttpResponse::Ok().json(SignalEnvelope { data: signal.into() }))
}
