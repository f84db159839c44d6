//! CSV exports of an owner's records (issue #19), streamed a page at a time.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use loyalty_application::use_cases::exports::{self, ExportQuery};
use loyalty_application::ExportKind;
use serde::Deserialize;
use utoipa::OpenApi;

use super::route;
use crate::auth::Authenticated;
use crate::csv_export;
use crate::error::{ErrorBody, ErrorCode};
use crate::ApiError;

#[derive(OpenApi)]
#[openapi(paths(export_records), components(schemas(ExportKindParam)))]
pub struct ExportsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_export_records, _, _>(cfg, export_records);
}

crate::dto::named!(
    /// `ExportKind`'s names, for the document.
    ExportKindParam(ExportKind),
    "What to export."
);

/// Which records: one store or all of the owner's, and a span of Tripoli days.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportParams {
    /// One of the owner's stores (any store for the admin); all of them when left out.
    pub store_id: Option<i64>,
    /// First day, `YYYY-MM-DD` (Tripoli): records made (customers: joined) on or after it.
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD` (Tripoli), inclusive.
    pub to: Option<String>,
}

/// How many pages may wait for a slow client: the memory an export holds is this many pages.
const PAGES_IN_FLIGHT: usize = 2;

/// The owner's (for the admin, every store's) customers (live ones), invoices (voided ones too, with the reason), redemptions
/// or points ledger, or for the admin alone the platform's `users`, `store_owners` (with their
/// live stores and the plan marked active) or redemption `cards` (not per store; `from`/`to` on
/// their creation), as a CSV file: UTF-8 with a byte-order mark (Excel shows Arabic), column
/// names, a ledger row's kind and a user's role in the `Accept-Language` language, times in Tripoli, amounts in LYD, oldest record
/// first. Records written after the request started are not in it. `X-Export-Rows` says how
/// many rows follow the column names, for a progress bar. The file is streamed: an error after
/// the first bytes ends it early (the row count then tells it is short).
#[utoipa::path(get, path = "/api/v1/exports/{kind}", tag = "owner",
    params(("kind" = ExportKindParam, Path, description = "What to export"), ExportParams),
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String,
            headers(("X-Export-Rows" = i64, description = "Rows after the column names")),
            example = json!("\u{feff}Invoice ID,Date (Tripoli time),Store,Invoice number,Customer ID,Customer,Phone,\
                Total (LYD),Points earned,Cashier,Voided (Tripoli time),Void reason\n\
                1041,2026-11-20 12:15:00,Tripoli Centre,INV-2041,17,Fatima Ali,+218912345678,85.500,85,Salem,,\n")),
        (status = 403, description = "Store owners and admins only; users, store owners and cards the admin only", body = ErrorBody),
        (status = 404, description = "Unknown kind, or `store_id` is not one of the owner's stores", body = ErrorBody),
        (status = 422, description = "A date that is not `YYYY-MM-DD`, `to` before `from`, or a store for a platform-wide kind", body = ErrorBody),
    ))]
async fn export_records(
    caller: Authenticated,
    kind: web::Path<String>,
    params: web::Query<ExportParams>,
) -> Result<HttpResponse, ApiError> {
    let (lang, services) = (caller.lang, caller.services.clone());
    let kind: ExportKind = kind.parse().map_err(|_| ApiError::new(ErrorCode::NotFound, lang))?;
    let ExportParams { store_id, from, to } = params.into_inner();
    let query = ExportQuery { store_id, from, to };
    let prepared = caller.run(move |services, actor| exports::prepare(services, actor, kind, &query)).await?;
    let rows = prepared.rows;
    let date = loyalty_domain::local_day::local_date(services.clock.now());
    let (sender, mut receiver) = tokio::sync::mpsc::channel::<Result<web::Bytes, std::io::Error>>(PAGES_IN_FLIGHT);
    // Pages are read on a blocking thread, one short transaction each, and wait while the
    // client is behind; a client that goes away drops the receiver and the reading stops.
    actix_web::rt::task::spawn_blocking(move || {
        if sender.blocking_send(Ok(csv_export::head(kind, lang).into())).is_err() {
            return;
        }
        let mut after = 0;
        loop {
            let page = match exports::page(&services, &prepared, after) {
                Ok(page) => page,
                Err(error) => {
                    tracing::error!(%error, kind = kind.as_str(), after, "export stopped");
                    let _ = sender.blocking_send(Err(std::io::Error::other("export stopped")));
                    return;
                }
            };
            let Some(last) = page.last_id() else { return };
            after = last;
            if sender.blocking_send(Ok(csv_export::rows(&page, lang).into())).is_err() {
                return;
            }
        }
    });
    let body = futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx));
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}-{date}.csv\"", kind.as_str())))
        .insert_header(("X-Export-Rows", rows.to_string()))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .streaming(body))
}
