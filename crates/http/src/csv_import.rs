//! Reading a customers file to import as Excel and other programs save it: UTF-8 (with or
//! without a byte-order mark), UTF-16 with its mark ("Unicode text") or else Windows-1256 (plain
//! "CSV" under Arabic Windows); comma, semicolon (Arabic and European regional settings) or tab
//! between the cells; LF, CRLF or CR line ends. The first row names the columns, by any of the
//! headings in [`HEADINGS`] in either language. A file this product exported reads back as it is,
//! the apostrophe it puts before a formula-like text taken off again.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};

use actix_web::{dev::Payload, http::header, FromRequest, HttpRequest};
use futures_util::StreamExt;
use loyalty_application::use_cases::imports::ImportRow;
use loyalty_application::ExportKind;
use loyalty_domain::Msg;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::{ApiError, ErrorCode, Lang};

/// Largest customers file taken: 100,000 customers with long names and emails fit.
pub const IMPORT_BYTES_MAX: usize = 16 * 1024 * 1024;

/// How long a file may take to arrive once its headers have (a phone on a slow network).
pub const IMPORT_BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// How many imports the server reads and checks at once. Each holds its file and its rows in
/// memory (up to 16 MB and more), so more uploads wait their turn, unread, instead of growing
/// the server's memory with every one sent in parallel.
pub const IMPORTS_AT_ONCE: usize = 2;

fn import_turns() -> Arc<Semaphore> {
    static TURNS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    TURNS.get_or_init(|| Arc::new(Semaphore::new(IMPORTS_AT_ONCE))).clone()
}

/// The body of a `text/csv` request, read up to [`IMPORT_BYTES_MAX`]: 413 beyond, 415 for
/// another content type, 408 when it arrives too slowly. Read in its turn (one of
/// [`IMPORTS_AT_ONCE`]), which it keeps until it is dropped, after the import.
pub struct CsvBody(pub Vec<u8>, #[allow(dead_code)] OwnedSemaphorePermit);

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
            let turn =
                import_turns().acquire_owned().await.map_err(|_| ApiError::new(ErrorCode::InternalError, lang))?;
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
            Ok(CsvBody(body, turn))
        })
    }
}

/// A column an import reads: its field, whether a file must have it, and the headings taken
/// for it in English and in Arabic (the first of each is the template's).
pub struct ImportColumn {
    pub field: &'static str,
    pub required: bool,
    pub en: &'static [&'static str],
    pub ar: &'static [&'static str],
}

impl ImportColumn {
    /// The heading the template writes in `lang`.
    pub fn heading(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en[0],
            Lang::Ar => self.ar[0],
        }
    }
}

/// The headings an import reads, per field, in English and Arabic (matched without case,
/// hamza or ta marbuta differences, tatweel or vowel marks); the customers export's own column
/// names are read too. Name and phone are needed; email and points are read when present.
pub const HEADINGS: [ImportColumn; 7] = [
    ImportColumn {
        field: "name",
        required: true,
        en: &["name", "customer name", "customer", "full name", "client", "client name"],
        ar: &["الاسم", "اسم الزبون", "اسم", "الاسم الكامل", "اسم العميل", "العميل", "الزبون"],
    },
    ImportColumn {
        field: "phone",
        required: true,
        en: &["phone", "phone number", "mobile", "mobile number", "telephone", "tel", "cell", "whatsapp"],
        ar: &[
            "الهاتف",
            "رقم الهاتف",
            "هاتف",
            "الجوال",
            "رقم الجوال",
            "الموبايل",
            "رقم الموبايل",
            "المحمول",
            "رقم المحمول",
            "واتساب",
        ],
    },
    ImportColumn {
        field: "email",
        required: false,
        en: &["email", "e-mail", "mail", "email address"],
        ar: &["البريد الإلكتروني", "البريد", "الإيميل", "ايميل"],
    },
    ImportColumn {
        field: "points",
        required: false,
        en: &["points", "balance", "opening balance", "loyalty points"],
        ar: &["النقاط", "الرصيد", "نقاط", "رصيد", "الرصيد الافتتاحي", "رصيد النقاط"],
    },
    // Consent to messages (issue #39): yes or no, empty meaning no.
    ImportColumn {
        field: "whatsapp_consent",
        required: false,
        en: &["whatsapp consent", "whatsapp messages", "consent whatsapp", "whatsapp opt in"],
        ar: &["موافقة واتساب", "رسائل واتساب", "الموافقة على واتساب"],
    },
    ImportColumn {
        field: "sms_consent",
        required: false,
        en: &["sms consent", "sms messages", "consent sms", "sms opt in", "text messages"],
        ar: &["موافقة الرسائل النصية", "الرسائل النصية", "موافقة sms", "رسائل sms"],
    },
    ImportColumn {
        field: "language",
        required: false,
        en: &["language", "message language", "messages language"],
        ar: &["اللغة", "لغة الرسائل", "لغه"],
    },
];

/// An empty customers file to fill in: the headings in `lang`, UTF-8 with the byte-order mark
/// Excel needs to show Arabic, CRLF line ends.
pub fn template(lang: Lang) -> String {
    let headings: Vec<&str> = HEADINGS.iter().map(|c| c.heading(lang)).collect();
    format!("\u{feff}{}\r\n", headings.join(","))
}

/// A heading as it is compared: lower case, `_`, `-` and runs of spaces as one space, the
/// Arabic letters' hamza and ta marbuta forms as their plain letters, no tatweel or vowel marks.
fn heading_key(heading: &str) -> String {
    let letters = heading.trim().trim_start_matches('\u{feff}').chars().filter_map(|c| match c {
        '\u{0640}' | '\u{064B}'..='\u{065F}' | '\u{0670}' => None,
        'أ' | 'إ' | 'آ' | 'ٱ' => Some('ا'),
        'ى' => Some('ي'),
        'ة' => Some('ه'),
        '_' | '-' => Some(' '),
        c => Some(c),
    });
    let lower: String = letters.flat_map(char::to_lowercase).collect();
    lower.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Which column of `headers` holds `field` (one of [`HEADINGS`]'s names, or the export's).
fn column(headers: &csv::StringRecord, field: &str, export_name: &str) -> Option<usize> {
    let names = HEADINGS.iter().filter(|c| c.field == field).flat_map(|c| c.en.iter().chain(c.ar));
    let exported = super::csv_export::columns(ExportKind::Customers).iter().find(|(en, _)| *en == export_name);
    let mut keys: Vec<String> = names.map(|n| heading_key(n)).collect();
    keys.extend(exported.iter().flat_map(|(en, ar)| [heading_key(en), heading_key(ar)]));
    headers.iter().position(|header| keys.contains(&heading_key(header)))
}

/// A cell as the export wrote it, without the apostrophe that keeps a spreadsheet from reading
/// `=...`, `+...`, `-...` or `@...` as a formula.
fn unguarded(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest,
        _ => cell,
    }
}

/// The file as text: by its byte-order mark (UTF-8, UTF-16), else UTF-8 when it is, else
/// Windows-1256. `None` when the bytes are not text in the encoding they announce.
fn decode(bytes: &[u8]) -> Option<String> {
    if let Some((encoding, mark)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding.decode_without_bom_handling_and_without_replacement(&bytes[mark..]).map(|t| t.into_owned());
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Some(text.to_owned()),
        Err(_) => {
            encoding_rs::WINDOWS_1256.decode_without_bom_handling_and_without_replacement(bytes).map(|t| t.into_owned())
        }
    }
}

/// The cell separator: whichever of comma, semicolon and tab the first row holds most of outside
/// quotes (a comma when none).
fn delimiter(text: &str) -> u8 {
    let mut counts = [(b',', 0), (b';', 0), (b'\t', 0)];
    let mut quoted = false;
    for c in text.bytes() {
        match c {
            b'"' => quoted = !quoted,
            b'\n' if !quoted => break,
            _ if !quoted => counts.iter_mut().filter(|(d, _)| *d == c).for_each(|(_, n)| *n += 1),
            _ => {}
        }
    }
    counts.iter().fold((b',', 0), |best, &(d, n)| if n > best.1 { (d, n) } else { best }).0
}

/// The rows of a customers file, or the reason it cannot be read (a 422 under `file`). Each
/// row's line is the spreadsheet's (the headings are line 1), whatever the line ends.
pub fn read_customers(bytes: &[u8]) -> Result<Vec<ImportRow>, Msg> {
    let text = decode(bytes).ok_or(Msg::ImportUnreadable)?;
    // One line end, so the reader counts lines as a spreadsheet does (CR alone is old Mac Excel).
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut reader = csv::ReaderBuilder::new().flexible(true).delimiter(delimiter(&text)).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|_| Msg::ImportUnreadable)?.clone();
    let (Some(name), Some(phone)) = (column(&headers, "name", "Name"), column(&headers, "phone", "Phone")) else {
        return Err(Msg::ImportColumnsMissing);
    };
    let (email, points) = (column(&headers, "email", "Email"), column(&headers, "points", "Points"));
    let (whatsapp, sms, language) = (
        column(&headers, "whatsapp_consent", "WhatsApp consent"),
        column(&headers, "sms_consent", "SMS consent"),
        column(&headers, "language", "Language"),
    );
    let mut rows = Vec::new();
    // Lines counted from the bytes before each record (the reader's own count misses blank lines).
    let (mut counted_to, mut line) = (0, 1);
    for record in reader.records() {
        let record = record.map_err(|_| Msg::ImportUnreadable)?;
        // A blank line (or a row of empty cells, as spreadsheets leave) is not a customer.
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        if rows.len() >= loyalty_application::use_cases::imports::IMPORT_ROWS_MAX {
            return Err(Msg::ImportTooManyRows);
        }
        // The reader's position is before the blank lines it skipped: the record starts after them.
        let mut start = record.position().map_or(counted_to, |p| usize::try_from(p.byte()).unwrap_or(counted_to));
        while text.as_bytes().get(start) == Some(&b'\n') {
            start += 1;
        }
        line += text.as_bytes()[counted_to..start.max(counted_to)].iter().filter(|b| **b == b'\n').count() as u64;
        counted_to = start.max(counted_to);
        let cell = |at: Option<usize>| at.and_then(|i| record.get(i)).map(unguarded).unwrap_or_default().to_owned();
        rows.push(ImportRow {
            line,
            name: cell(Some(name)),
            phone: cell(Some(phone)),
            email: cell(email),
            points: cell(points),
            whatsapp: cell(whatsapp),
            sms: cell(sms),
            language: cell(language),
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
    fn reads_consent_and_language_by_their_headings_in_either_language() {
        let arabic = "الاسم,الهاتف,موافقة واتساب,موافقة الرسائل النصية,اللغة\nسالمة,0912345678,نعم,لا,الإنجليزية\n";
        let rows = read_customers(arabic.as_bytes()).unwrap_or_default();
        let got = rows.first().map(|r| (r.whatsapp.as_str(), r.sms.as_str(), r.language.as_str()));
        assert_eq!(got, Some(("نعم", "لا", "الإنجليزية")));
        let english = "Name,Phone,SMS consent\nSalma,0912345678,yes\n";
        let rows = read_customers(english.as_bytes()).unwrap_or_default();
        let got = rows.first().map(|r| (r.whatsapp.as_str(), r.sms.as_str(), r.language.as_str()));
        assert_eq!(got, Some(("", "yes", "")));
        // The template names every column in the request's language.
        assert_eq!(template(Lang::En), "\u{feff}name,phone,email,points,whatsapp consent,sms consent,language\r\n");
    }

    #[test]
    fn refuses_what_is_not_a_customers_file() {
        assert_eq!(read_customers(b"name,email\nSalma,a@b.ly\n"), Err(Msg::ImportColumnsMissing));
        // UTF-16 that stops in the middle of a character.
        assert_eq!(read_customers(&[0xff, 0xfe, 0x00]), Err(Msg::ImportUnreadable));
        assert_eq!(read_customers(b"name,phone\n"), Ok(Vec::new()));
    }

    #[test]
    fn reads_files_as_excel_saves_them() {
        let expect = |rows: Vec<ImportRow>| {
            let got: Vec<_> =
                rows.iter().map(|r| (r.line, r.name.clone(), r.phone.clone(), r.points.clone())).collect();
            assert_eq!(
                got,
                vec![
                    (2, "سالمة".to_owned(), "0912345678".to_owned(), "1200".to_owned()),
                    (4, "علي".to_owned(), "0923456789".to_owned(), String::new())
                ]
            );
        };
        // Semicolons (Arabic and European regional settings), a shop's own headings, CRLF.
        let semicolon = "اسم الزبون;رقم الهاتف;الرصيد\r\nسالمة;0912345678;1200\r\n\r\nعلي;0923456789;\r\n";
        expect(read_customers(semicolon.as_bytes()).unwrap_or_default());
        // Tabs, CR alone, headings with hamza and ta marbuta written otherwise.
        let tabs = "الاسم\tالجوال\tالنقاط\rسالمة\t0912345678\t1200\r\rعلي\t0923456789\t\r";
        expect(read_customers(tabs.as_bytes()).unwrap_or_default());
        // Windows-1256, as plain "CSV" under Arabic Windows writes it.
        let (cp1256, _, _) =
            encoding_rs::WINDOWS_1256.encode("الاسم,الهاتف,الرصيد\nسالمة,0912345678,1200\n\nعلي,0923456789,\n");
        expect(read_customers(&cp1256).unwrap_or_default());
        // UTF-16 little-endian with its mark ("Unicode text"), tab-separated.
        let mut utf16 = vec![0xff, 0xfe];
        "Customer Name\tMobile\tOpening_Balance\r\nسالمة\t0912345678\t1200\r\n\r\nعلي\t0923456789\t\r\n"
            .encode_utf16()
            .for_each(|u| utf16.extend_from_slice(&u.to_le_bytes()));
        expect(read_customers(&utf16).unwrap_or_default());
        // A comma inside quotes is not the separator.
        assert_eq!(delimiter("\"a;b, c\";x;y\n"), b';');
        assert_eq!(delimiter("name\n"), b',');
    }

    #[test]
    fn the_template_reads_back_in_either_language() {
        for lang in [Lang::En, Lang::Ar] {
            // The template's columns in order: name, phone, email, points.
            let file = format!("{}Salma,0912345678,,7\r\n", template(lang));
            let rows = read_customers(file.as_bytes()).unwrap_or_default();
            assert_eq!(rows.len(), 1, "{lang:?}");
            assert_eq!(
                (rows[0].name.as_str(), rows[0].phone.as_str(), rows[0].points.as_str()),
                ("Salma", "0912345678", "7")
            );
            assert_eq!(rows[0].line, 2);
        }
        assert_eq!(
            template(Lang::Ar),
            "\u{feff}الاسم,الهاتف,البريد الإلكتروني,النقاط,موافقة واتساب,موافقة الرسائل النصية,اللغة\r\n"
        );
    }
}
