//! Importing customers with opening balances from a CSV file (issue #19, item 3), on both
//! backends: a dry run writes nothing, the import adds the valid new rows with an
//! `opening_balance` ledger row each, a second import of the same file adds nothing, and the
//! product's own export reads back in.

use serde_json::{json, Value};

use crate::helpers::{both_backends, read, Backend, TestApp};

both_backends!(
    a_dry_run_tells_every_row_and_the_import_adds_the_new_ones_once,
    the_products_own_export_imports_into_another_store,
    files_that_are_not_customers_change_nothing,
    files_as_spreadsheets_save_them_are_read,
    the_format_and_the_template_say_what_a_file_may_hold,
    a_files_consent_to_messages_is_recorded_as_the_tills,
);

struct Owner {
    app: TestApp,
    token: String,
    tripoli: i64,
    benghazi: i64,
}

async fn owner(backend: Backend) -> Option<Owner> {
    let app = TestApp::spawn_demo(backend).await?;
    let token = app.login("owner@demo.ly", "demo1234").await;
    let tripoli = app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let benghazi = app.scalar(&format!(
        "SELECT id AS n FROM stores WHERE id <> {tripoli} AND owner_id = (SELECT id FROM users WHERE email = 'owner@demo.ly')"
    ));
    Some(Owner { app, token, tripoli, benghazi })
}

impl Owner {
    async fn import(&self, query: &str, file: &str, lang: &str) -> (u16, Value) {
        self.send(query, file, lang, "text/csv").await
    }

    async fn send(&self, query: &str, file: &str, lang: &str, content_type: &str) -> (u16, Value) {
        self.send_bytes(query, file.as_bytes().to_vec(), lang, content_type).await
    }

    async fn send_bytes(&self, query: &str, file: Vec<u8>, lang: &str, content_type: &str) -> (u16, Value) {
        let request = self
            .app
            .client
            .post(self.app.url(&format!("/api/v1/imports/customers?{query}")))
            .bearer_auth(&self.token)
            .header("Content-Type", content_type)
            .header("Accept-Language", lang)
            .body(file);
        read(request.send().await).await
    }

    fn customers(&self, store: i64) -> i64 {
        self.app.scalar(&format!("SELECT COUNT(*) AS n FROM customers WHERE store_id = {store} AND deleted_at IS NULL"))
    }

    fn opening_rows(&self) -> i64 {
        self.app.scalar("SELECT COUNT(*) AS n FROM points_ledger WHERE kind = 'opening_balance'")
    }
}

/// Fatima (0912345678) is already a customer of the Tripoli store.
const FILE: &str = "\u{feff}Name,Phone,Email,Points\n\
    Salma Imported,0913000101,salma@shop.ly,250\n\
    Fatima Again,0912345678,,40\n\
    ,0913000102,,\n\
    Omar Imported,+218 94 300 0103,,\n\
    Omar Twice,0943000103,,7\n\
    Bad Points,0913000104,,12.5\n";

async fn a_dry_run_tells_every_row_and_the_import_adds_the_new_ones_once(backend: Backend) {
    let Some(o) = owner(backend).await else { return };
    let before = o.customers(o.tripoli);
    let query = |dry: bool| format!("store_id={}&dry_run={dry}", o.tripoli);

    let (status, dry) = o.import(&query(true), FILE, "en").await;
    assert_eq!(status, 200, "{dry}");
    let data = &dry["data"];
    assert_eq!(
        (data["rows"].as_u64(), data["new"].as_u64(), data["existing"].as_u64(), data["invalid"].as_u64()),
        (Some(6), Some(2), Some(1), Some(3))
    );
    assert_eq!((data["imported"].as_u64(), data["dry_run"].as_bool()), (Some(0), Some(true)));
    let lines = data["lines"].as_array().cloned().unwrap_or_default();
    let outcome = |i: usize| lines[i]["outcome"].as_str().unwrap_or_default().to_owned();
    assert_eq!((0..6).map(outcome).collect::<Vec<_>>(), ["new", "existing", "invalid", "new", "invalid", "invalid"]);
    assert_eq!(
        (lines[0]["line"].as_u64(), lines[0]["phone"].as_str(), lines[0]["points"].as_i64()),
        (Some(2), Some("+218913000101"), Some(250))
    );
    assert_eq!(lines[2]["errors"]["name"][0], "Customer name is required");
    assert_eq!(lines[4]["errors"]["phone"][0], "This phone number is on an earlier row of the file");
    assert_eq!(lines[5]["errors"]["points"][0], "Points must be a whole number from 0 to 1,000,000,000");
    assert_eq!((o.customers(o.tripoli), o.opening_rows()), (before, 0), "a dry run writes nothing");
    // The reasons in the page's language.
    let (_, arabic) = o.import(&query(true), FILE, "ar").await;
    assert_eq!(arabic["data"]["lines"][2]["errors"]["name"][0], "اسم العميل مطلوب");

    let (status, done) = o.import(&query(false), FILE, "en").await;
    assert_eq!(status, 201, "{done}");
    assert_eq!((done["data"]["imported"].as_u64(), done["data"]["imported_points"].as_i64()), (Some(2), Some(250)));
    assert_eq!((o.customers(o.tripoli), o.opening_rows()), (before + 2, 1));
    let salma = o.app.scalar("SELECT loyalty_points AS n FROM customers WHERE phone = '+218913000101'");
    assert_eq!(salma, 250);
    let omar = o.app.scalar("SELECT loyalty_points AS n FROM customers WHERE phone = '+218943000103'");
    assert_eq!(omar, 0);
    // Fatima kept her own points: the file's 40 were not added.
    let (status, history) = o.app.get("/api/v1/customers?search=Salma%20Imported", Some(&o.token)).await;
    assert_eq!((status, history["data"][0]["email"].as_str()), (200, Some("salma@shop.ly")), "{history}");
    o.app.assert_ledger_matches_balances();

    // The same file again adds nothing: both are customers now.
    let (status, again) = o.import(&query(false), FILE, "en").await;
    assert_eq!(status, 201, "{again}");
    assert_eq!((again["data"]["imported"].as_u64(), again["data"]["existing"].as_u64()), (Some(0), Some(3)));
    assert_eq!((o.customers(o.tripoli), o.opening_rows()), (before + 2, 1));

    // The owner's feed says it once; the cashier of the store finds the customers.
    let (status, feed) = o.app.get("/api/v1/store-owner/pos-activities", Some(&o.token)).await;
    assert_eq!(status, 200);
    let kinds: Vec<_> = feed["data"].as_array().into_iter().flatten().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "customers_imported").count(), 1, "{kinds:?}");
    let cashier = o.app.login("cashier@demo.ly", "demo1234").await;
    let (status, found) = o.app.post("/api/v1/customers/search", Some(&cashier), &json!({"query": "0913000101"})).await;
    assert_eq!((status, found["data"][0]["loyalty_points"].as_i64()), (200, Some(250)), "{found}");
}

async fn the_products_own_export_imports_into_another_store(backend: Backend) {
    let Some(o) = owner(backend).await else { return };
    for lang in ["ar", "en"] {
        let request = o
            .app
            .client
            .get(o.app.url(&format!("/api/v1/exports/customers?store_id={}", o.tripoli)))
            .bearer_auth(&o.token)
            .header("Accept-Language", lang);
        let response = request.send().await.unwrap_or_else(|e| panic!("{e}"));
        let file = response.text().await.unwrap_or_default();
        let exported = o.customers(o.tripoli);
        assert_eq!(file.lines().count() as i64, exported + 1);
        let (status, dry) = o.import(&format!("store_id={}&dry_run=true", o.benghazi), &file, lang).await;
        assert_eq!(status, 200, "{dry}");
        assert_eq!(dry["data"]["rows"].as_i64(), Some(exported));
        // A customer without a phone cannot be told apart on a second import: left out, said why.
        let phoneless = o.app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM customers WHERE store_id = {} AND deleted_at IS NULL AND phone IS NULL",
            o.tripoli
        ));
        assert!(phoneless > 0, "the demo has a customer without a phone");
        assert_eq!(dry["data"]["invalid"].as_i64(), Some(phoneless), "{}", dry["data"]["lines"]);
        let reasons: Vec<_> = dry["data"]["lines"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|l| l["errors"]["phone"][0].as_str())
            .collect();
        assert!(
            reasons.iter().all(|r| *r == if lang == "ar" { "رقم الهاتف مطلوب" } else { "Phone number is required" }),
            "{reasons:?}"
        );
        // Phones the Benghazi store already has are left as they are.
        let shared = o.app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM customers a JOIN customers b ON a.phone = b.phone \
             WHERE a.store_id = {} AND b.store_id = {} AND a.deleted_at IS NULL AND b.deleted_at IS NULL",
            o.tripoli, o.benghazi
        ));
        assert_eq!(dry["data"]["existing"].as_i64(), Some(shared));
    }
    // A Tripoli customer who agreed to SMS in English: the export says so, and the import reads it.
    let consenting = o.app.scalar(&format!(
        "SELECT MIN(a.id) AS n FROM customers a WHERE a.store_id = {} AND a.deleted_at IS NULL AND a.phone IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM customers b WHERE b.store_id = {} AND b.phone = a.phone)",
        o.tripoli, o.benghazi
    ));
    let consent = json!({"channel": "sms", "granted": true, "source": "till", "language": "en"});
    let (status, body) =
        o.app.post(&format!("/api/v1/customers/{consenting}/consents"), Some(&o.token), &consent).await;
    assert_eq!(status, 200, "{body}");
    let file = {
        let request = o.app.client.get(o.app.url(&format!("/api/v1/exports/customers?store_id={}", o.tripoli)));
        request.bearer_auth(&o.token).send().await.unwrap_or_else(|e| panic!("{e}")).text().await.unwrap_or_default()
    };
    let (status, done) = o.import(&format!("store_id={}", o.benghazi), &file, "en").await;
    assert_eq!(status, 201, "{done}");
    // Every customer of Tripoli with a phone is now in Benghazi.
    let missing = o.app.scalar(&format!(
        "SELECT COUNT(*) AS n FROM customers a WHERE a.store_id = {} AND a.deleted_at IS NULL AND a.phone IS NOT NULL AND NOT EXISTS \
         (SELECT 1 FROM customers b WHERE b.store_id = {} AND b.phone = a.phone AND b.deleted_at IS NULL)",
        o.tripoli, o.benghazi
    ));
    assert_eq!(missing, 0);
    let moved = o.app.scalar(&format!(
        "SELECT COUNT(*) AS n FROM customers b JOIN customers a ON a.phone = b.phone AND a.id = {consenting} \
         WHERE b.store_id = {} AND b.sms_consent_at IS NOT NULL AND b.whatsapp_consent_at IS NULL \
         AND b.message_language = 'en'",
        o.benghazi
    ));
    assert_eq!(moved, 1, "the consent and language came with the export");
    let brought = o.app.scalar(
        "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) AS n FROM points_ledger WHERE kind = 'opening_balance'",
    );
    assert_eq!(Some(brought), done["data"]["imported_points"].as_i64());
    o.app.assert_ledger_matches_balances();
}

async fn files_that_are_not_customers_change_nothing(backend: Backend) {
    let Some(o) = owner(backend).await else { return };
    let before = (o.customers(o.tripoli), o.customers(o.benghazi));
    let store = format!("store_id={}", o.tripoli);
    let field = |body: &Value| body["errors"]["file"][0].as_str().unwrap_or_default().to_owned();

    let (status, body) = o.import(&store, "email,points\na@b.ly,5\n", "en").await;
    assert_eq!(
        (status, field(&body)),
        (
            422,
            "The file needs a name column and a phone column in its first row, headed for example Name and Phone, \
             or الاسم and الهاتف"
                .into()
        )
    );
    let (status, body) = o.import(&store, "name,phone\n\n", "en").await;
    assert_eq!((status, field(&body)), (422, "The file has no customers below its first row".into()));
    let (status, body) = o.send(&store, "\u{ff}\u{fe}", "en", "text/csv").await;
    assert_eq!(status, 422, "{body}");
    // UTF-16 (by its mark) that stops in the middle of a character is no text at all.
    let broken = o
        .app
        .client
        .post(o.app.url(&format!("/api/v1/imports/customers?{store}")))
        .bearer_auth(&o.token)
        .header("Content-Type", "text/csv")
        .body(vec![0xff, 0xfe, b'n', 0, b'a']);
    let (status, body) = read(broken.send().await).await;
    assert_eq!(
        (status, field(&body)),
        (422, "This file could not be read as a CSV file: save it from your spreadsheet as CSV and try again".into())
    );
    let (status, _) = o.send(&store, "name,phone\nA,0913000201\n", "en", "application/json").await;
    assert_eq!(status, 415);
    let (status, body) = o.import("", "name,phone\nA,0913000201\n", "en").await;
    assert_eq!((status, body["errors"]["store_id"][0].as_str()), (422, Some("Please select a store")));
    // Too many rows: refused before any is checked against the database.
    let mut big = String::from("name,phone\n");
    for i in 0..100_001 {
        big.push_str(&format!("C{i},091{i:07}\n"));
    }
    let (status, body) = o.import(&store, &big, "en").await;
    assert_eq!(
        (status, field(&body)),
        (422, "A file can hold at most 100,000 customers; split it into several".into())
    );
    // Another owner's store is not found; a cashier does not import.
    let form =
        json!({"name": "Other", "email": "other@imports.ly", "password": "other-owner-1", "store_owner_name": "Other"});
    let (status, registered) = o.app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 201);
    let cashier = o.app.login("cashier@demo.ly", "demo1234").await;
    let other = Owner { token: registered["data"]["token"].as_str().unwrap_or_default().to_owned(), ..o };
    assert_eq!(other.import(&store, "name,phone\nA,0913000201\n", "en").await.0, 404);
    let pos = Owner { token: cashier, ..other };
    assert_eq!(pos.import(&store, "name,phone\nA,0913000201\n", "en").await.0, 403);
    assert_eq!((pos.customers(pos.tripoli), pos.customers(pos.benghazi)), before);
}

/// What a shop's spreadsheet program saves, each read as the shop sees it: the lines numbered as
/// the spreadsheet numbers them (the headings are line 1) whatever the line ends, Arabic
/// headings a shop writes, points in Arabic-Indic digits with the Arabic thousands separator.
async fn files_as_spreadsheets_save_them_are_read(backend: Backend) {
    let Some(o) = owner(backend).await else { return };
    let before = (o.customers(o.tripoli), o.opening_rows());
    let dry = format!("store_id={}&dry_run=true", o.tripoli);
    let lines = |body: &Value| -> Vec<(u64, String, Option<i64>, String)> {
        body["data"]["lines"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|l| {
                let outcome = l["outcome"].as_str().unwrap_or_default().to_owned();
                (
                    l["line"].as_u64().unwrap_or(0),
                    l["phone"].as_str().unwrap_or_default().to_owned(),
                    l["points"].as_i64(),
                    outcome,
                )
            })
            .collect()
    };
    let expected = vec![
        (2, "+218913000301".to_owned(), Some(1200), "new".to_owned()),
        (4, "+218913000302".to_owned(), Some(0), "new".to_owned()),
        // Fatima is already a customer of the store.
        (5, "+218912345678".to_owned(), Some(5), "existing".to_owned()),
    ];
    let rows = ["سالمة;0913000301;١٬٢٠٠", "", "علي;0913000302;", "فاطمة;0912345678;٥"];
    // Semicolons (Excel under Arabic settings), a shop's own headings, and each kind of line end.
    for end in ["\n", "\r\n", "\r"] {
        let file = format!("اسم الزبون;رقم الهاتف;الرصيد{end}{}{end}", rows.join(end));
        let (status, body) = o.send_bytes(&dry, file.into_bytes(), "ar", "text/csv").await;
        assert_eq!((status, lines(&body)), (200, expected.clone()), "{end:?}: {body}");
    }
    // Windows-1256, as Excel's plain "CSV (Comma delimited)" under Arabic Windows writes it.
    // (It has no Arabic-Indic digits: Arabic Windows writes Latin ones.)
    let latin = ["سالمة,0913000301,1200", "", "علي,0913000302,", "فاطمة,0912345678,5"];
    let comma = format!("الاسم,الجوال,النقاط\r\n{}\r\n", latin.join("\r\n"));
    let (cp1256, _, unmappable) = encoding_rs::WINDOWS_1256.encode(&comma);
    assert!(!unmappable);
    let (status, body) = o.send_bytes(&dry, cp1256.into_owned(), "ar", "text/csv").await;
    assert_eq!((status, lines(&body)), (200, expected.clone()), "{body}");
    // UTF-16 with its byte-order mark and tabs, as Excel's "Unicode Text" writes it.
    let tabbed = format!("Customer Name\tMobile\tBalance\r\n{}\r\n", rows.map(|r| r.replace(';', "\t")).join("\r\n"));
    let mut utf16 = vec![0xff, 0xfe];
    tabbed.encode_utf16().for_each(|unit| utf16.extend_from_slice(&unit.to_le_bytes()));
    let (status, body) = o.send_bytes(&dry, utf16, "en", "text/csv").await;
    assert_eq!((status, lines(&body)), (200, expected), "{body}");
    // A dry run writes nothing; the import then adds the two new ones with their points.
    assert_eq!((o.customers(o.tripoli), o.opening_rows()), before);
    let file = format!("اسم الزبون;رقم الهاتف;الرصيد\r\n{}\r\n", rows.join("\r\n"));
    let (status, body) = o.send_bytes(&format!("store_id={}", o.tripoli), file.into_bytes(), "ar", "text/csv").await;
    assert_eq!(
        (status, body["data"]["imported"].as_i64(), body["data"]["imported_points"].as_i64()),
        (201, Some(2), Some(1200))
    );
    o.app.assert_ledger_matches_balances();

    // A name far past the limit comes back as its start, not whole.
    let long = format!("name,phone\n{},0913000399\n", "ن".repeat(200_000));
    let (status, body) = o.send_bytes(&dry, long.into_bytes(), "en", "text/csv").await;
    assert_eq!(status, 200);
    let echoed = body["data"]["lines"][0]["name"].as_str().unwrap_or_default();
    assert!(echoed.chars().count() <= 81 && echoed.ends_with('…'), "{} characters", echoed.chars().count());
}

async fn the_format_and_the_template_say_what_a_file_may_hold(backend: Backend) {
    let Some(o) = owner(backend).await else { return };
    let (status, body) = o.app.get("/api/v1/imports/customers/format", Some(&o.token)).await;
    assert_eq!(status, 200, "{body}");
    let columns = body["data"]["columns"].as_array().cloned().unwrap_or_default();
    let fields: Vec<_> =
        columns.iter().map(|c| (c["field"].as_str().unwrap_or_default(), c["required"] == true)).collect();
    assert_eq!(
        fields,
        [
            ("name", true),
            ("phone", true),
            ("email", false),
            ("points", false),
            ("whatsapp_consent", false),
            ("sms_consent", false),
            ("language", false)
        ]
    );
    let headings = |field: &str, lang: &str| -> Vec<String> {
        let column = columns.iter().find(|c| c["field"] == field).cloned().unwrap_or_default();
        column[format!("headings_{lang}")]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .filter_map(|h| h.as_str().map(str::to_owned))
            .collect()
    };
    assert!(headings("name", "ar").contains(&"اسم الزبون".to_owned()));
    assert!(headings("phone", "ar").contains(&"رقم الهاتف".to_owned()));
    assert!(headings("points", "ar").contains(&"الرصيد".to_owned()));
    assert_eq!(body["data"]["max_rows"], 100_000);

    // Every heading the format lists is read: a file written with the last of each imports.
    let last = |field: &str, lang: &str| headings(field, lang).last().cloned().unwrap_or_default();
    for lang in ["en", "ar"] {
        let file = format!(
            "{},{},{}\n{lang} Listed,0913000{},7\n",
            last("name", lang),
            last("phone", lang),
            last("points", lang),
            if lang == "en" { 411 } else { 412 }
        );
        let (status, body) = o.send(&format!("store_id={}&dry_run=true", o.tripoli), &file, lang, "text/csv").await;
        assert_eq!(
            (status, body["data"]["new"].as_i64(), body["data"]["lines"][0]["points"].as_i64()),
            (200, Some(1), Some(7)),
            "{file}: {body}"
        );
    }

    // The template, in each language, filled in and sent back, imports.
    for (lang, first) in [
        ("ar", "الاسم,الهاتف,البريد الإلكتروني,النقاط,موافقة واتساب,موافقة الرسائل النصية,اللغة"),
        ("en", "name,phone,email,points,whatsapp consent,sms consent,language"),
    ] {
        let response = o
            .app
            .client
            .get(o.app.url("/api/v1/imports/customers/template"))
            .bearer_auth(&o.token)
            .header("Accept-Language", lang)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(response.status(), 200);
        let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        assert!(kind.starts_with("text/csv"), "{kind}");
        let text = response.text().await.unwrap_or_default();
        assert_eq!(text, format!("\u{feff}{first}\r\n"));
        let filled = format!("{text}سالمة {lang},0913000{},,25,,,\r\n", if lang == "en" { 421 } else { 422 });
        let (status, body) = o.send(&format!("store_id={}", o.tripoli), &filled, lang, "text/csv").await;
        assert_eq!(
            (status, body["data"]["imported"].as_i64(), body["data"]["imported_points"].as_i64()),
            (201, Some(1), Some(25)),
            "{body}"
        );
    }
    o.app.assert_ledger_matches_balances();
}

/// A file may say each customer's consent to messages and language (issue #39): recorded as
/// the till's (source `import`, with who imported), without a welcome; a consent that is not
/// yes or no leaves the row out with the reason, in the request's language.
async fn a_files_consent_to_messages_is_recorded_as_the_tills(backend: Backend) {
    let Some(o) = owner(backend).await else { return };
    let file = "الاسم,الهاتف,موافقة واتساب,موافقة الرسائل النصية,اللغة\n\
        منى,0913000501,نعم,,English\n\
        هدى,0913000502,,yes,\n\
        ليلى,0913000503,,,\n\
        سعاد,0913000504,ربما,,\n\
        رحاب,0913000505,,,fr\n";
    let (status, body) = o.import(&format!("store_id={}", o.tripoli), file, "ar").await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["imported"], 3, "{body}");
    let lines = &body["data"]["lines"];
    assert_eq!(
        lines[3]["errors"]["whatsapp_consent"][0], "اكتب نعم أو لا للموافقة على الرسائل، أو اتركها فارغة لتعني لا",
        "{body}"
    );
    assert_eq!(lines[4]["errors"]["language"][0], "اختر ar أو en", "{body}");

    for (phone, expected) in [
        ("913000501", (Some(true), Some(false), Some("en"))),
        ("913000502", (Some(false), Some(true), Some("ar"))),
        ("913000503", (Some(false), Some(false), Some("ar"))),
    ] {
        let id = o.app.scalar(&format!("SELECT id AS n FROM customers WHERE phone = '+218{phone}'"));
        let (status, body) = o.app.get(&format!("/api/v1/customers/{id}"), Some(&o.token)).await;
        assert_eq!(status, 200, "{body}");
        let c = &body["data"]["consents"];
        assert_eq!((c["whatsapp"].as_bool(), c["sms"].as_bool(), c["language"].as_str()), expected, "{body}");
    }
    // Kept as history, by whom; no welcome for customers who did not just join.
    let owner = o.app.scalar("SELECT id AS n FROM users WHERE email = 'owner@demo.ly'");
    assert_eq!(
        o.app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM customer_consents WHERE source = 'import' AND granted AND actor_id = {owner}"
        )),
        2
    );
    assert_eq!(o.app.scalar("SELECT COUNT(*) AS n FROM customer_messages"), 0);
}
