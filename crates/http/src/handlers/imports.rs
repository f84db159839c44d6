//! Importing customers with their points from a CSV file (issue #19).

use std::collections::BTreeMap;

use actix_web::{http::header, web, HttpResponse};
use loyalty_application::use_cases::imports::{self, ImportLine, ImportOutcome, ImportReport};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use super::route;
use crate::auth::Authenticated;
use crate::csv_import::{self, CsvBody};
use crate::dto::StoreRefDto;
use crate::error::ErrorBody;
use crate::{ApiError, Lang};

#[derive(OpenApi)]
#[openapi(paths(import_customers, import_format, import_template))]
pub struct ImportsApi;

pub fn configure(cfg: &mut web::ServiceConfig) {
    route::<__path_import_format, _, _>(cfg, import_format);
    route::<__path_import_template, _, _>(cfg, import_template);
    route::<__path_import_customers, _, _>(cfg, import_customers);
}

/// A column a customers file may have and the headings read for it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportColumnDto {
    /// `name`, `phone`, `email`, `points`, `whatsapp_consent`, `sms_consent` (yes or no, empty
    /// meaning no) or `language` (`ar` or `en`, empty meaning Arabic).
    #[schema(example = "phone")]
    pub field: &'static str,
    /// A file without this column is refused.
    pub required: bool,
    /// The English headings read for it (the first is the template's).
    pub headings_en: Vec<&'static str>,
    /// The Arabic headings read for it (the first is the template's).
    pub headings_ar: Vec<&'static str>,
}

/// What a customers file may look like.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportFormatDto {
    /// In the order the template writes them.
    pub columns: Vec<ImportColumnDto>,
    /// The most customer rows one file may hold.
    pub max_rows: usize,
    /// The largest file taken, in bytes.
    pub max_bytes: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportFormatEnvelope {
    pub data: ImportFormatDto,
}

/// What a customers file may look like: its columns and the headings read for each in English
/// and Arabic (matched without case, hamza or ta marbuta differences), and the file's limits.
/// Opening balances start their expiry on the day of the import.
#[utoipa::path(get, path = "/api/v1/imports/customers/format", tag = "owner",
    responses(
        (status = 200, description = "The columns and limits", body = ImportFormatEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn import_format(_caller: Authenticated) -> HttpResponse {
    let columns = csv_import::HEADINGS
        .iter()
        .map(|c| ImportColumnDto {
            field: c.field,
            required: c.required,
            headings_en: c.en.to_vec(),
            headings_ar: c.ar.to_vec(),
        })
        .collect();
    let data = ImportFormatDto { columns, max_rows: imports::IMPORT_ROWS_MAX, max_bytes: csv_import::IMPORT_BYTES_MAX };
    HttpResponse::Ok().json(ImportFormatEnvelope { data })
}

/// An empty customers file to fill in, its headings in the request's language (name, phone,
/// email, points, consent to WhatsApp and to SMS messages, language): UTF-8 with a byte-order mark so Excel shows Arabic, CRLF line ends.
#[utoipa::path(get, path = "/api/v1/imports/customers/template", tag = "owner",
    responses(
        (status = 200, description = "The template", content_type = "text/csv", body = String,
            example = json!("\u{feff}name,phone,email,points,whatsapp consent,sms consent,language\r\n")),
        (status = 403, description = "Store owners only", body = ErrorBody),
    ))]
async fn import_template(caller: Authenticated) -> HttpResponse {
    let name = match caller.lang {
        Lang::En => "customers-template.csv",
        Lang::Ar => "customers-template-ar.csv",
    };
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
        .body(csv_import::template(caller.lang))
}

/// Into which store, and whether to write.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportParams {
    /// One of the owner's stores.
    #[param(example = 1)]
    pub store_id: Option<i64>,
    /// `true`: only tell each row's outcome, write nothing.
    #[serde(default)]
    #[param(example = true)]
    pub dry_run: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportOutcomeDto {
    /// A new customer: added (or would be, in a dry run).
    New,
    /// The phone is already a customer of the store: left as it is.
    Existing,
    /// Left out; `errors` says why.
    Invalid,
}

/// One row of the file and what happens to it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportLineDto {
    /// The row's line in the file (the column names are line 1).
    pub line: u64,
    pub outcome: ImportOutcomeDto,
    /// As it will be saved (trimmed) when valid; as written otherwise.
    pub name: String,
    /// E.164 when valid; as written otherwise.
    pub phone: String,
    /// Opening balance, when it is a valid number.
    pub points: Option<i64>,
    /// Per field, why the row is left out, in the request's language.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub errors: BTreeMap<String, Vec<String>>,
}

/// Every row's outcome and the totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportReportDto {
    pub store: StoreRefDto,
    pub dry_run: bool,
    /// Customer rows read (blank rows are skipped).
    pub rows: usize,
    pub new: usize,
    pub existing: usize,
    pub invalid: usize,
    /// Customers added now (0 in a dry run).
    pub imported: usize,
    /// The points they brought, each with an `opening_balance` ledger row.
    pub imported_points: i64,
    pub lines: Vec<ImportLineDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportReportEnvelope {
    pub data: ImportReportDto,
}

fn line(l: ImportLine, lang: Lang) -> ImportLineDto {
    let (outcome, errors) = match l.outcome {
        ImportOutcome::New => (ImportOutcomeDto::New, BTreeMap::new()),
        ImportOutcome::Existing => (ImportOutcomeDto::Existing, BTreeMap::new()),
        ImportOutcome::Invalid(fields) => {
            let errors = fields
                .iter()
                .map(|(field, msgs)| {
                    let texts = msgs.iter().map(|m| if lang == Lang::Ar { m.ar() } else { m.en() }.to_owned());
                    (field.to_owned(), texts.collect())
                })
                .collect();
            (ImportOutcomeDto::Invalid, errors)
        }
    };
    ImportLineDto { line: l.line, outcome, name: l.name, phone: l.phone, points: l.points, errors }
}

fn report(r: ImportReport, lang: Lang) -> ImportReportDto {
    let count = |f: fn(&ImportOutcome) -> bool| r.lines.iter().filter(|l| f(&l.outcome)).count();
    ImportReportDto {
        store: r.store.clone().into(),
        dry_run: r.dry_run,
        rows: r.lines.len(),
        new: count(|o| matches!(o, ImportOutcome::New)),
        existing: count(|o| matches!(o, ImportOutcome::Existing)),
        invalid: count(|o| matches!(o, ImportOutcome::Invalid(_))),
        imported: r.imported,
        imported_points: r.imported_points,
        lines: r.lines.into_iter().map(|l| line(l, lang)).collect(),
    }
}

/// Imports customers with their points into one of the owner's stores from a CSV file as
/// spreadsheets save it (at most 100,000 customers and 16 MB): UTF-8 with or without a byte-order
/// mark, UTF-16 with its mark, or Windows-1256; comma, semicolon or tab between cells; LF, CRLF or
/// CR line ends. The first row names the columns: a name and a phone column are needed, email and
/// points (the opening balance, a whole number, Arabic-Indic digits and thousands separators
/// welcome; empty is 0) are read when present. Headings are matched in English or Arabic without
/// case or hamza differences: `name`/`customer name`/`الاسم`/`اسم الزبون`, `phone`/`mobile`/
/// `الهاتف`/`رقم الجوال`, `email`/`البريد الإلكتروني`, `points`/`balance`/`النقاط`/`الرصيد` and
/// more; this API's own customers export reads back as it is. Each row's `line` is the
/// spreadsheet's (the headings are line 1). Two imports are read at a time on a server; more
/// wait their turn.
///
/// Every row gets an outcome: `new`, `existing` (the phone is already a customer of the
/// store: left as it is, so importing the same file twice adds nothing), or `invalid` with the
/// reasons by the customer form's rules (the phone is required here; a phone on an earlier row
/// is left out). With `dry_run=true` nothing is written. Otherwise the new rows are added in one
/// transaction, each bringing points with an `opening_balance` ledger row; invalid rows are
/// left out. No webhook is sent per imported customer: read them with the incremental sync.
#[utoipa::path(post, path = "/api/v1/imports/customers", tag = "owner",
    params(ImportParams),
    request_body(content = String, content_type = "text/csv", description = "The customers file",
        example = json!("Name,Phone,Email,Points\r\nSalwa Ali,0912345003,salwa@example.ly,20\r\nOmar Zaidi,0923456001,,0\r\n")),
    responses(
        (status = 200, description = "The dry run: what each row would do", body = ImportReportEnvelope),
        (status = 201, description = "Imported: what each row did", body = ImportReportEnvelope),
        (status = 403, description = "Store owners only", body = ErrorBody),
        (status = 404, description = "Not one of the owner's stores", body = ErrorBody),
        (status = 413, description = "The file is larger than 16 MB", body = ErrorBody),
        (status = 415, description = "Not sent as `text/csv`", body = ErrorBody),
        (status = 422, description = "No store chosen, or the file (under `file`): not text in a known encoding, without a name or phone column, without rows, or with more than 100,000", body = ErrorBody),
    ))]
async fn import_customers(
    caller: Authenticated,
    query: web::Query<ImportParams>,
    body: CsvBody,
) -> Result<HttpResponse, ApiError> {
    let lang = caller.lang;
    let ImportParams { store_id, dry_run } = query.into_inner();
    let done = caller
        .run(move |services, actor| {
            let rows =
                csv_import::read_customers(&body.0).map_err(|m| loyalty_domain::FieldErrors::single("file", m))?;
            imports::import_customers(services, actor, store_id, rows, dry_run)
        })
        .await?;
    let mut response = if dry_run { HttpResponse::Ok() } else { HttpResponse::Created() };
    Ok(response.json(ImportReportEnvelope { data: report(done, lang) }))
}
