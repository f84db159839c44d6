//! CSV exports (issue #19): every row, in id order, across pages; the owner's stores only;
//! dates in Tripoli; column names in the caller's language; typed text never a formula.

use serde_json::json;

use crate::helpers::{both_backends, read, Backend, TestApp};

both_backends!(
    an_export_streams_every_row_in_id_order_across_pages,
    exports_are_the_owners_and_filtered_by_store_and_tripoli_days,
    bad_export_requests_are_refused_with_the_specs_messages,
    customers_export_in_arabic_with_typed_formulas_shown_not_run,
    the_admin_exports_users_store_owners_and_cards,
);

const BOM: &str = "\u{feff}";

pub(crate) struct Export {
    pub(crate) status: u16,
    rows_header: Option<i64>,
    content_type: String,
    disposition: String,
    pub(crate) text: String,
}

pub(crate) async fn export(app: &TestApp, token: &str, path: &str, lang: &str) -> Export {
    let response = app
        .client
        .get(app.url(path))
        .bearer_auth(token)
        .header("Accept-Language", lang)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let header =
        |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned).unwrap_or_default();
    let rows_header = header("x-export-rows").parse().ok();
    let content_type = header("content-type");
    let disposition = header("content-disposition");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    Export { status, rows_header, content_type, disposition, text }
}

/// The records of a CSV file after its BOM: the column names, then the rows.
pub(crate) fn records(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let body =
        text.strip_prefix(BOM).unwrap_or_else(|| panic!("no byte-order mark: {:?}", &text[..text.len().min(40)]));
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(body.as_bytes());
    let head = reader.headers().unwrap_or_else(|e| panic!("{e}")).iter().map(str::to_owned).collect();
    let rows =
        reader.records().map(|r| r.unwrap_or_else(|e| panic!("{e}")).iter().map(str::to_owned).collect()).collect();
    (head, rows)
}

/// 2,500 more invoices (more than two pages) for the demo owner's first customer, on 2026-01-01.
fn many_invoices(app: &TestApp) {
    app.execute(
        "INSERT INTO invoices (store_id, customer_id, pos_user_id, invoice_number, total_dirhams, points_earned, \
         created_at, updated_at) \
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500) \
         SELECT c.store_id, c.id, NULL, NULL, 1000 + n.i, 1, '2026-01-01 10:00:00', '2026-01-01 10:00:00' \
         FROM n, (SELECT customers.id, customers.store_id FROM customers JOIN stores ON stores.id = customers.store_id \
                  JOIN users ON users.id = stores.owner_id WHERE users.email = 'owner@demo.ly' \
                  ORDER BY customers.id LIMIT 1) c",
    );
}

async fn an_export_streams_every_row_in_id_order_across_pages(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    many_invoices(&app);
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let expected = app.scalar(
        "SELECT COUNT(*) AS n FROM invoices JOIN stores ON stores.id = invoices.store_id \
         JOIN users ON users.id = stores.owner_id WHERE users.email = 'owner@demo.ly'",
    );
    assert!(expected > 2500, "{expected}");
    let file = export(&app, &owner, "/api/v1/exports/invoices", "en").await;
    assert_eq!(file.status, 200, "{}", &file.text[..file.text.len().min(300)]);
    assert_eq!(file.content_type, "text/csv; charset=utf-8");
    assert!(file.disposition.starts_with("attachment; filename=\"invoices-"), "{}", file.disposition);
    assert_eq!(file.rows_header, Some(expected));
    let (head, rows) = records(&file.text);
    assert_eq!(head[0], "Invoice ID");
    assert_eq!(head[7], "Total (LYD)");
    assert_eq!(rows.len() as i64, expected);
    let ids: Vec<i64> = rows.iter().map(|r| r[0].parse().unwrap_or(-1)).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids not strictly increasing");
    // Every amount as written, to the dirham: the file's sum is the database's.
    let dirhams: i64 = rows
        .iter()
        .map(|r| {
            let (lyd, dirhams) = r[7].split_once('.').unwrap_or_else(|| panic!("amount {:?}", r[7]));
            assert_eq!(dirhams.len(), 3, "{:?}", r[7]);
            lyd.parse::<i64>().unwrap_or(0) * 1000 + dirhams.parse::<i64>().unwrap_or(0)
        })
        .sum();
    let in_db = app.scalar(
        "SELECT CAST(SUM(total_dirhams) AS BIGINT) AS n FROM invoices JOIN stores ON stores.id = invoices.store_id \
         JOIN users ON users.id = stores.owner_id WHERE users.email = 'owner@demo.ly'",
    );
    assert_eq!(dirhams, in_db);

    // The ledger too: as many rows as the owner's ledger holds, with signed points.
    let file = export(&app, &owner, "/api/v1/exports/ledger", "en").await;
    assert_eq!(file.status, 200);
    let (head, rows) = records(&file.text);
    assert_eq!(head[5], "Kind");
    let in_db = app.scalar(
        "SELECT COUNT(*) AS n FROM points_ledger JOIN stores ON stores.id = points_ledger.store_id \
         JOIN users ON users.id = stores.owner_id WHERE users.email = 'owner@demo.ly'",
    );
    assert_eq!(rows.len() as i64, in_db);
    assert_eq!(file.rows_header, Some(in_db));
    let sum: i64 = rows.iter().map(|r| r[6].parse::<i64>().unwrap_or(0)).sum();
    let balances = app.scalar(
        "SELECT CAST(COALESCE(SUM(customers.loyalty_points), 0) AS BIGINT) AS n FROM customers \
         JOIN stores ON stores.id = customers.store_id JOIN users ON users.id = stores.owner_id \
         WHERE users.email = 'owner@demo.ly'",
    );
    assert_eq!(sum, balances, "the exported ledger adds up to the balances");
    // Each row's kind in the file's language, never the API's code.
    let kinds: std::collections::BTreeSet<&str> = rows.iter().map(|r| r[5].as_str()).collect();
    assert!(kinds.contains("Invoice") && kinds.contains("Redemption"), "{kinds:?}");
    let arabic = export(&app, &owner, "/api/v1/exports/ledger", "ar").await;
    let (head, rows) = records(&arabic.text);
    let kinds: std::collections::BTreeSet<&str> = rows.iter().map(|r| r[5].as_str()).collect();
    assert!(kinds.contains("فاتورة") && kinds.contains("استبدال"), "{} {kinds:?}", head[5]);
    assert!(kinds.iter().all(|k| !k.is_ascii()), "{kinds:?}");
}

async fn exports_are_the_owners_and_filtered_by_store_and_tripoli_days(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (status, body) = app.get("/api/v1/store-owner/stores", Some(&owner)).await;
    assert_eq!(status, 200, "{body}");
    let stores: Vec<i64> = body["data"].as_array().into_iter().flatten().filter_map(|s| s["id"].as_i64()).collect();
    assert!(stores.len() >= 2, "{body}");
    // One sale at 22:30 UTC on 2026-03-01: 00:30 on 2 March in Tripoli.
    let customer = app.scalar(&format!("SELECT MIN(id) AS n FROM customers WHERE store_id = {}", stores[1]));
    app.execute(&format!(
        "INSERT INTO invoices (store_id, customer_id, invoice_number, total_dirhams, points_earned, created_at, \
         updated_at) VALUES ({}, {customer}, 'LATE-1', 12500, 12, '2026-03-01 22:30:00', '2026-03-01 22:30:00')",
        stores[1]
    ));
    let late = app.scalar("SELECT id AS n FROM invoices WHERE invoice_number = 'LATE-1'");

    for store in &stores {
        let file = export(&app, &owner, &format!("/api/v1/exports/invoices?store_id={store}"), "en").await;
        assert_eq!(file.status, 200);
        let (_, rows) = records(&file.text);
        let in_db = app.scalar(&format!("SELECT COUNT(*) AS n FROM invoices WHERE store_id = {store}"));
        assert_eq!(rows.len() as i64, in_db, "store {store}");
        let ids: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
        if !ids.is_empty() {
            let ours = app.scalar(&format!(
                "SELECT COUNT(*) AS n FROM invoices WHERE store_id = {store} AND id IN ({})",
                ids.join(",")
            ));
            assert_eq!(ours, rows.len() as i64, "every exported invoice is the store's");
        }
        assert!(rows.iter().all(|r| r[2] == rows[0][2]), "one store's name in every row");
    }

    // 2 March in Tripoli holds the late sale, at its Tripoli time; 1 March does not.
    let file = export(&app, &owner, "/api/v1/exports/invoices?from=2026-03-02&to=2026-03-02", "en").await;
    assert_eq!(file.status, 200);
    let (_, rows) = records(&file.text);
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0][0], late.to_string());
    assert_eq!(rows[0][1], "2026-03-02 00:30:00");
    assert_eq!(rows[0][3], "LATE-1");
    assert_eq!(rows[0][7], "12.500");
    let file = export(&app, &owner, "/api/v1/exports/invoices?from=2026-03-01&to=2026-03-01", "en").await;
    let (_, rows) = records(&file.text);
    assert!(rows.iter().all(|r| r[0] != late.to_string()), "1 March (Tripoli) does not hold it");
    assert_eq!(file.rows_header, Some(rows.len() as i64));

    // Another owner's export holds none of these stores' records.
    let form = json!({"name": "Second Owner", "email": "second@owner.ly", "password": "second-pass-1",
                      "store_owner_name": "Second Stores"});
    let (status, body) = app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 201, "{body}");
    let second = body["data"]["token"].as_str().unwrap_or_default().to_owned();
    let file = export(&app, &second, "/api/v1/exports/invoices", "en").await;
    assert_eq!(file.status, 200);
    let (_, rows) = records(&file.text);
    assert!(rows.is_empty(), "{rows:?}");
    let file = export(&app, &second, &format!("/api/v1/exports/invoices?store_id={}", stores[0]), "en").await;
    assert_eq!(file.status, 404);

    // The admin's export holds every store's invoices.
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let file = export(&app, &admin, "/api/v1/exports/invoices", "en").await;
    assert_eq!(file.status, 200);
    let (_, rows) = records(&file.text);
    assert_eq!(rows.len() as i64, app.scalar("SELECT COUNT(*) AS n FROM invoices"));
}

async fn bad_export_requests_are_refused_with_the_specs_messages(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let get = |path: &'static str, token: String, lang: &'static str| {
        let request = app.client.get(app.url(path)).bearer_auth(token).header("Accept-Language", lang);
        async move { read(request.send().await).await }
    };
    let (status, body) = get("/api/v1/exports/invoices?from=2026-13-01", owner.clone(), "en").await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["from"][0], "Use a date like 2026-11-22.");
    let (status, body) = get("/api/v1/exports/ledger?from=2026-03-02&to=2026-03-01", owner.clone(), "ar").await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["to"][0], "تاريخ النهاية قبل تاريخ البداية.");
    let (status, _) = get("/api/v1/exports/everything", owner.clone(), "en").await;
    assert_eq!(status, 404);
    let (status, _) = get("/api/v1/exports/customers?store_id=999999", owner.clone(), "en").await;
    assert_eq!(status, 404);
    let (status, _) = get("/api/v1/exports/customers?store_id=abc", owner.clone(), "en").await;
    assert!(status == 400 || status == 422, "{status}");
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let (status, body) = get("/api/v1/exports/invoices", cashier, "en").await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = read(app.client.get(app.url("/api/v1/exports/invoices")).send().await).await;
    assert_eq!(status, 401);
}

async fn customers_export_in_arabic_with_typed_formulas_shown_not_run(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let first = app.scalar(
        "SELECT MIN(customers.id) AS n FROM customers JOIN stores ON stores.id = customers.store_id \
         JOIN users ON users.id = stores.owner_id WHERE users.email = 'owner@demo.ly'",
    );
    app.execute(&format!("UPDATE customers SET name = '=HYPERLINK(\"http://evil.example\",\"x\")' WHERE id = {first}"));
    app.execute(&format!(
        "UPDATE customers SET deleted_at = '2026-01-01 00:00:00' WHERE id = (SELECT MAX(id) FROM customers \
         WHERE store_id = (SELECT store_id FROM customers WHERE id = {first}))"
    ));
    let file = export(&app, &owner, "/api/v1/exports/customers", "ar").await;
    assert_eq!(file.status, 200);
    let (head, rows) = records(&file.text);
    assert_eq!(head[0], "رقم العميل");
    assert_eq!(head[2], "الاسم");
    let live = app.scalar(
        "SELECT COUNT(*) AS n FROM customers JOIN stores ON stores.id = customers.store_id \
         JOIN users ON users.id = stores.owner_id WHERE users.email = 'owner@demo.ly' AND customers.deleted_at IS NULL",
    );
    assert_eq!(rows.len() as i64, live, "live customers only");
    let row = rows.iter().find(|r| r[0] == first.to_string()).unwrap_or_else(|| panic!("customer {first} missing"));
    assert_eq!(row[2], "'=HYPERLINK(\"http://evil.example\",\"x\")");
    // Arabic names come through as written.
    assert!(rows.iter().any(|r| r[2].chars().any(|c| ('\u{0600}'..='\u{06ff}').contains(&c))), "{rows:?}");
    // Balances as the database has them.
    let points: i64 = rows.iter().map(|r| r[5].parse::<i64>().unwrap_or(0)).sum();
    let in_db = app.scalar(
        "SELECT CAST(COALESCE(SUM(customers.loyalty_points), 0) AS BIGINT) AS n FROM customers \
         JOIN stores ON stores.id = customers.store_id JOIN users ON users.id = stores.owner_id \
         WHERE users.email = 'owner@demo.ly' AND customers.deleted_at IS NULL",
    );
    assert_eq!(points, in_db);
}

async fn the_admin_exports_users_store_owners_and_cards(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let owner = app.login("owner@demo.ly", "demo1234").await;

    // Every live person, one row each, in id order, with the role and a POS user's store.
    let users = export(&app, &admin, "/api/v1/exports/users", "en").await;
    assert_eq!(users.status, 200, "{}", users.text);
    let (head, rows) = records(&users.text);
    assert_eq!(head[..4], ["User ID", "Name", "Email", "Role"]);
    assert_eq!(rows.len() as i64, app.scalar("SELECT COUNT(*) AS n FROM users WHERE deleted_at IS NULL"));
    assert_eq!(users.rows_header, Some(rows.len() as i64));
    let ids: Vec<i64> = rows.iter().map(|r| r[0].parse().unwrap_or(0)).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "in id order");
    let cashier = rows.iter().find(|r| r[2] == "cashier@demo.ly").cloned().unwrap_or_default();
    let cashier_store = app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let store_name_rows =
        export(&app, &admin, &format!("/api/v1/exports/customers?store_id={cashier_store}"), "en").await;
    let store_name = records(&store_name_rows.text).1.first().map(|r| r[1].clone()).unwrap_or_default();
    assert_eq!((cashier[3].as_str(), cashier[5].as_str()), ("Cashier", store_name.as_str()));
    let arabic = export(&app, &admin, "/api/v1/exports/users", "ar").await;
    let roles: std::collections::BTreeSet<String> = records(&arabic.text).1.iter().map(|r| r[3].clone()).collect();
    assert_eq!(roles, ["صاحب متجر", "مدير النظام", "موظف نقطة بيع"].map(str::to_owned).into(), "{roles:?}");
    assert!(!users.text.contains("argon2"), "no password hash in the file");

    // Store owners with their live stores and the plan marked active.
    let owners = export(&app, &admin, "/api/v1/exports/store_owners", "ar").await;
    assert_eq!(owners.status, 200);
    let (head, rows) = records(&owners.text);
    assert_eq!(head[0], "رقم المستخدم");
    assert_eq!(
        rows.len() as i64,
        app.scalar("SELECT COUNT(*) AS n FROM users WHERE role = 'store_owner' AND deleted_at IS NULL")
    );
    let demo = rows.iter().find(|r| r[2] == "owner@demo.ly").cloned().unwrap_or_default();
    let stores = app.scalar(
        "SELECT COUNT(*) AS n FROM stores WHERE deleted_at IS NULL AND owner_id = (SELECT id FROM users WHERE email = 'owner@demo.ly')",
    );
    assert_eq!(demo[4], stores.to_string());
    let package = app.scalar(
        "SELECT package_id AS n FROM subscriptions WHERE status = 'active' \
         AND store_owner_id = (SELECT id FROM users WHERE email = 'owner@demo.ly')",
    );
    let (status, packages) = app.get("/api/v1/admin/packages", Some(&admin)).await;
    assert_eq!(status, 200);
    let plan =
        packages["data"].as_array().into_iter().flatten().find(|p| p["id"] == package).map(|p| p["name"].clone());
    assert_eq!(Some(serde_json::Value::String(demo[5].clone())), plan, "the plan's name");

    // Cards, with who redeemed a redeemed one.
    let cards = export(&app, &admin, "/api/v1/exports/cards", "en").await;
    assert_eq!(cards.status, 200);
    let (_, rows) = records(&cards.text);
    assert_eq!(rows.len() as i64, app.scalar("SELECT COUNT(*) AS n FROM redemption_cards"));
    let redeemed = app.scalar("SELECT COUNT(*) AS n FROM redemption_cards WHERE redeemed_by IS NOT NULL");
    assert_eq!(rows.iter().filter(|r| !r[4].is_empty()).count() as i64, redeemed);

    // Created before a day long past: none; the platform's records are not per store; the admin's alone.
    let none = export(&app, &admin, "/api/v1/exports/users?to=2000-01-01", "en").await;
    assert_eq!((none.status, records(&none.text).1.len()), (200, 0));
    let (status, body) = read(
        app.client
            .get(app.url(&format!("/api/v1/exports/cards?store_id={cashier_store}")))
            .bearer_auth(&admin)
            .send()
            .await,
    )
    .await;
    assert_eq!(
        (status, body["errors"]["store_id"][0].as_str()),
        (422, Some("This export covers the whole platform; leave the store out"))
    );
    for kind in ["users", "store_owners", "cards"] {
        assert_eq!(export(&app, &owner, &format!("/api/v1/exports/{kind}"), "en").await.status, 403, "{kind}");
    }
}

/// PostgreSQL hands out ids before the sale commits: a sale still open when an export starts
/// (its id below one committed after it) is waited for, so the file has it and `X-Export-Rows`
/// counts it (the count was one short, the file one longer, when such a sale committed between).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_waits_for_the_sales_in_flight_at_its_start() {
    use diesel::{Connection, RunQueryDsl};
    let Some(app) = TestApp::spawn_demo(Backend::Postgres).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let insert = |number: &str| {
        format!(
            "INSERT INTO invoices (store_id, customer_id, pos_user_id, invoice_number, total_dirhams, points_earned, \
             created_at, updated_at) \
             SELECT c.store_id, c.id, NULL, '{number}', 1000, 1, '2026-01-01 10:00:00', '2026-01-01 10:00:00' \
             FROM customers c JOIN stores s ON s.id = c.store_id JOIN users u ON u.id = s.owner_id \
             WHERE u.email = 'owner@demo.ly' ORDER BY c.id LIMIT 1"
        )
    };
    let mut open = diesel::PgConnection::establish(&app.config.database_url).unwrap_or_else(|e| panic!("{e}"));
    diesel::sql_query("BEGIN").execute(&mut open).unwrap_or_else(|e| panic!("{e}"));
    diesel::sql_query(insert("IN-FLIGHT-1")).execute(&mut open).unwrap_or_else(|e| panic!("{e}"));
    app.execute(&insert("COMMITTED-2"));
    let commit_later = async move {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        diesel::sql_query("COMMIT").execute(&mut open).unwrap_or_else(|e| panic!("{e}"));
    };
    let (file, ()) = tokio::join!(export(&app, &owner, "/api/v1/exports/invoices", "en"), commit_later);
    assert_eq!(file.status, 200, "{}", file.text);
    let (_, rows) = records(&file.text);
    assert!(file.text.contains("IN-FLIGHT-1") && file.text.contains("COMMITTED-2"), "{}", file.text);
    assert_eq!(file.rows_header, Some(i64::try_from(rows.len()).unwrap_or(-1)), "X-Export-Rows is the file's rows");
}
