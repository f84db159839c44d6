//! Reading a customers file to import: a CSV file in UTF-8 (with or without Excel's byte-order
//! mark) whose first row names the columns. A file this product exported reads back as it is:
//! its column names in either language, and the apostrophe it puts before a formula-like text
//! taken off again.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, http::header, FromRequest, HttpRequest};
use futures_util::StreamExt;
use loyalty_application::use_cases::imports::ImportRow;
use loyalty_application::ExportKind;
use loyalty_domain::Msg;

use super::{ApiError, ErrorCode, Lang};

/// Largest customers file taken: 100,000 customers with long names and emails fit.
pub const IMPORT_BYTES_MAX: usize = 16 * 1024 * 1024;

/// How long a file may take to arrive once its headers have (a phone on a slow network).
pub const IMPORT_BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// The body of a `text/csv` request, read up to [`IMPORT_BYTES_MAX`]: 413 beyond, 415 for
/// another content type, 408 when it arrives too slowly.
pub struct CsvBody(pub Vec<u8>);

impl FromRequest for CsvBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let lang = Lang::from_request(req);
        let is_csv = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("text/csv"));
        let mut payload = payload.take();
        Box::pin(async move {
            if !is_csv {
                return Err(ApiError::new(ErrorCode::UnsupportedMediaType, lang));
            }
            let read = async {
                let mut body = Vec::new();
                while let Some(chunk) = payload.next().await {
                    let chunk = chunk.map_err(|_| ApiError::new(ErrorCode::RequestTimeout, lang))?;
                    if body.len() + chunk.len() > IMPORT_BYTES_MAX {
                        return Err(ApiError::new(ErrorCode::PayloadTooLarge, lang));
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(body)
            };
            let body = actix_web::rt::time::timeout(IMPORT_BODY_TIMEOUT, read)
                .await
                .map_err(|_| ApiError::new(ErrorCode::RequestTimeout, lang))??;
            Ok(CsvBody(body))
        })
    }
}

/// The customers export's column names (both languages) that an import reads, and what each
/// other system is likely to call the same column.
const NAME: (&str, &[&str]) = ("Name", &["name", "customer", "customer name", "الاسم", "اسم العميل", "العميل"]);
const PHONE: (&str, &[&str]) = ("Phone", &["phone", "phone number", "mobile", "الهاتف", "رقم الهاتف", "الجوال"]);
const EMAIL: (&str, &[&str]) = ("Email", &["email", "e-mail", "البريد الإلكتروني", "البريد"]);
const POINTS: (&str, &[&str]) =
    ("Points", &["points", "balance", "opening balance", "النقاط", "الرصيد", "الرصيد الافتتاحي"]);

/// Which column of `headers` holds `field`: its export name in English or Arabic, or an alias.
fn column(headers: &csv::StringRecord, field: (&str, &[&str])) -> Option<usize> {
    let (export_name, aliases) = field;
    let exported = super::csv_export::columns(ExportKind::Customers).iter().find(|(en, _)| *en == export_name);
    headers.iter().position(|header| {
        let header = header.trim().trim_start_matches('\u{feff}').trim();
        aliases.iter().any(|a| a.eq_ignore_ascii_case(header))
            || exported.is_some_and(|(en, ar)| en.eq_ignore_ascii_case(header) || *ar == header)
    })
}

/// A cell as the export wrote it, without the apostrophe that keeps a spreadsheet from reading
/// `=...`, `+...`, `-...` or `@...` as a formula.
fn unguarded(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest,
        _ => cell,
    }
}

/// The rows of a customers file, or the reason it cannot be read (a 422 under `file`).
pub fn read_customers(bytes: &[u8]) -> Result<Vec<ImportRow>, Msg> {
    let text = std::str::from_utf8(bytes).map_err(|_| Msg::ImportUnreadable)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|_| Msg::ImportUnreadable)?.clone();
    let (Some(name), Some(phone)) = (column(&headers, NAME), column(&headers, PHONE)) else {
        return Err(Msg::ImportColumnsMissing);
    };
    let (email, points) = (column(&headers, EMAIL), column(&headers, POINTS));
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|_| Msg::ImportUnreadable)?;
        // A blank line (or a row of empty cells, as spreadsheets leave) is not a customer.
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        if rows.len() >= loyalty_application::use_cases::imports::IMPORT_ROWS_MAX {
            return Err(Msg::ImportTooManyRows);
        }
        let cell = |at: Option<usize>| at.and_then(|i| record.get(i)).map(unguarded).unwrap_or_default().to_owned();
        rows.push(ImportRow {
            line: record.position().map_or(0, |p| p.line()),
            name: cell(Some(name)),
            phone: cell(Some(phone)),
            email: cell(email),
            points: cell(points),
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_exports_own_file_in_either_language() {
        let arabic = "\u{feff}رقم العميل,المتجر,الاسم,الهاتف,البريد الإلكتروني,النقاط\n\
                      7,متجر,سالمة,'+218912345678,,120\n\n,,,,,\n8,متجر,'=HYPERLINK(1),0923456789,a@b.ly,\n";
        let rows = read_customers(arabic.as_bytes()).unwrap_or_default();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].name.as_str(), rows[0].phone.as_str(), rows[0].points.as_str()),
            ("سالمة", "+218912345678", "120")
        );
        assert_eq!((rows[0].line, rows[1].line), (2, 5));
        assert_eq!(
            (rows[1].name.as_str(), rows[1].email.as_str(), rows[1].points.as_str()),
            ("=HYPERLINK(1)", "a@b.ly", "")
        );
        let english = "Phone,Name\n0912345678,Salma\n";
        let rows = read_customers(english.as_bytes()).unwrap_or_default();
        assert_eq!(
            (rows[0].name.as_str(), rows[0].phone.as_str(), rows[0].points.as_str()),
            ("Salma", "0912345678", "")
        );
    }

    #[test]
    fn refuses_what_is_not_a_customers_file() {
        assert_eq!(read_customers(b"name,email\nSalma,a@b.ly\n"), Err(Msg::ImportColumnsMissing));
        assert_eq!(read_customers(&[0xff, 0xfe, 0x00]), Err(Msg::ImportUnreadable));
        assert_eq!(read_customers(b"name,phone\n"), Ok(Vec::new()));
    }
}
