//! API keys: an integration acting for a store owner, on both backends.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    a_key_reads_within_its_scopes_and_stores,
    keys_are_checked_when_made_and_stop_with_their_owner,
    a_key_has_read_and_write_limits_told_in_every_answer,
);

fn ids(list: &Value, field: &str) -> Vec<i64> {
    list["data"].as_array().map(|items| items.iter().filter_map(|i| i[field].as_i64()).collect()).unwrap_or_default()
}

async fn make_key(app: &TestApp, owner: &str, body: Value) -> (i64, String) {
    let (status, made) = app.post("/api/v1/store-owner/api-keys", Some(owner), &body).await;
    assert_eq!(status, 201, "{made}");
    let secret = made["data"]["secret"].as_str().unwrap_or_default().to_owned();
    (made["data"]["id"].as_i64().unwrap_or_default(), secret)
}

async fn a_key_reads_within_its_scopes_and_stores(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (_, stores) = app.get("/api/v1/stores", Some(&owner)).await;
    let store_ids = ids(&stores, "id");
    assert_eq!(store_ids.len(), 2, "{stores}");
    let (first, second) = (store_ids[0], store_ids[1]);

    let (id, secret) =
        make_key(&app, &owner, json!({"name": "Web shop", "scopes": ["customers:read"], "store_ids": [first]})).await;
    assert!(secret.starts_with("lk_") && secret.len() >= 35, "{secret}");
    // Only a digest is kept: the secret is nowhere in the table, its start is.
    assert_eq!(app.scalar(&format!("SELECT COUNT(*) AS n FROM api_keys WHERE secret_digest = '{secret}'")), 0);
    let (status, keys) = app.get("/api/v1/store-owner/api-keys", Some(&owner)).await;
    assert_eq!(status, 200);
    assert_eq!(keys["data"][0]["prefix"].as_str(), Some(&secret[..11]));
    assert_eq!(keys["data"][0]["scopes"], json!(["customers:read"]));
    assert_eq!(keys["data"][0]["store_ids"], json!([first]));
    assert!(keys["data"][0].get("secret").is_none() && keys["data"][0]["last_used_at"].is_null(), "{keys}");

    // The key reads the customers of its store, and only those.
    let (status, customers) = app.get("/api/v1/customers?per_page=100", Some(&secret)).await;
    assert_eq!(status, 200, "{customers}");
    let stores_seen: Vec<i64> = customers["data"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["store"]["id"].as_i64()).collect())
        .unwrap_or_default();
    assert!(!stores_seen.is_empty() && stores_seen.iter().all(|s| *s == first), "{stores_seen:?}");
    let (_, others) = app.get(&format!("/api/v1/customers?store_id={second}&per_page=1"), Some(&owner)).await;
    let other_customer = others["data"][0]["id"].as_i64().unwrap_or_default();
    let (status, _) = app.get(&format!("/api/v1/customers/{other_customer}"), Some(&secret)).await;
    assert_eq!(status, 404, "a customer of a store the key does not cover");
    let (status, _) = app.get(&format!("/api/v1/customers?store_id={second}"), Some(&secret)).await;
    assert_eq!(status, 404);

    // Every key reads the stores (only its own), the rewards and the loyalty settings.
    let (status, visible) = app.get("/api/v1/stores", Some(&secret)).await;
    assert_eq!((status, ids(&visible, "id")), (200, vec![first]), "{visible}");
    for path in ["/api/v1/rewards", "/api/v1/loyalty-config"] {
        let (status, body) = app.get(path, Some(&secret)).await;
        assert_eq!(status, 200, "{path}: {body}");
    }

    // Outside its scopes, and everywhere keys are not open, it is refused.
    for (method, path) in [
        ("get", "/api/v1/invoices"),
        ("get", "/api/v1/store-owner/summary"),
        ("get", "/api/v1/store-owner/pos-users"),
        ("get", "/api/v1/store-owner/api-keys"),
        ("get", "/api/v1/subscriptions/status"),
        ("get", "/api/v1/auth/user"),
        ("post", "/api/v1/customers"),
        ("post", "/api/v1/store-owner/api-keys"),
        ("post", "/api/v1/auth/logout"),
    ] {
        let (status, body) = match method {
            "get" => app.get(path, Some(&secret)).await,
            // A body the operation takes (a body it refuses would be a 422 before the 403).
            _ if path == "/api/v1/customers" => app.post(path, Some(&secret), &json!({"name": "x"})).await,
            _ => app.post(path, Some(&secret), &json!({"name": "x", "scopes": ["reports:read"]})).await,
        };
        assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "{method} {path}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM api_keys"), 1, "a key cannot make keys");

    let (_, keys) = app.get("/api/v1/store-owner/api-keys", Some(&owner)).await;
    assert!(keys["data"][0]["last_used_at"].is_string(), "{keys}");

    // A reports key reads the sales of all the owner's stores.
    let (_, reports) = make_key(&app, &owner, json!({"name": "Accounting", "scopes": ["reports:read"]})).await;
    let (status, invoices) = app.get("/api/v1/invoices?per_page=100", Some(&reports)).await;
    assert_eq!(status, 200, "{invoices}");
    let (status, summary) = app.get("/api/v1/store-owner/summary", Some(&reports)).await;
    let (_, by_owner) = app.get("/api/v1/store-owner/summary", Some(&owner)).await;
    assert_eq!((status, &summary["data"]), (200, &by_owner["data"]));
    let (status, _) = app.get("/api/v1/customers", Some(&reports)).await;
    assert_eq!(status, 403, "reports:read does not read customers");

    // Revoked: refused at once.
    let (status, _) = app.delete(&format!("/api/v1/store-owner/api-keys/{id}"), Some(&owner)).await;
    assert_eq!(status, 204);
    let (status, body) = app.get("/api/v1/customers", Some(&secret)).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthenticated")));
    let (status, _) = app.delete(&format!("/api/v1/store-owner/api-keys/{id}"), Some(&owner)).await;
    assert_eq!(status, 404, "already revoked");
    let (_, keys) = app.get("/api/v1/store-owner/api-keys", Some(&owner)).await;
    assert_eq!(keys["data"].as_array().map(Vec::len), Some(1));
    let (status, _) = app.get("/api/v1/customers", Some("lk_0000000000000000000000000000000000")).await;
    assert_eq!(status, 401, "an unknown key");
}

async fn keys_are_checked_when_made_and_stop_with_their_owner(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let path = "/api/v1/store-owner/api-keys";
    for (body, field, message) in [
        (json!({"name": " ", "scopes": ["customers:read"]}), "name", "Name is required"),
        (json!({"name": "Shop", "scopes": []}), "scopes", "Choose at least one scope"),
        (json!({"name": "Shop", "scopes": ["admin:all"]}), "scopes", "Unknown scope"),
        (
            json!({"name": "Shop", "scopes": ["customers:read"], "store_ids": [999999]}),
            "store_ids",
            "Please select a store",
        ),
        (json!({"name": "Shop", "scopes": ["customers:read"], "store_ids": []}), "store_ids", "Please select a store"),
        (
            json!({"name": "Shop", "scopes": ["customers:read"], "expires_at": "2020-01-01"}),
            "expires_at",
            "The expiry date cannot be in the past.",
        ),
        (
            json!({"name": "Shop", "scopes": ["customers:read"], "expires_at": "soon"}),
            "expires_at",
            "Use a date like 2026-11-22.",
        ),
    ] {
        let (status, answer) = app.post(path, Some(&owner), &body).await;
        assert_eq!((status, answer["errors"][field][0].as_str()), (422, Some(message)), "{body}: {answer}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM api_keys"), 0, "nothing made from a refused form");
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let (status, _) = app.post(path, Some(&cashier), &json!({"name": "Mine", "scopes": ["customers:read"]})).await;
    assert_eq!(status, 403, "only owners make keys");

    let (_, secret) =
        make_key(&app, &owner, json!({"name": "ERP", "scopes": ["customers:read"], "expires_at": "2099-12-31"})).await;
    let (_, keys) = app.get(path, Some(&owner)).await;
    assert!(keys["data"][0]["expires_at"].as_str().is_some_and(|t| t.starts_with("2099-12-31T22:00:00")), "{keys}");
    let (status, _) = app.get("/api/v1/customers", Some(&secret)).await;
    assert_eq!(status, 200);
    // Expired: refused.
    app.execute("UPDATE api_keys SET expires_at = '2020-01-01 00:00:00'");
    let (status, _) = app.get("/api/v1/customers", Some(&secret)).await;
    assert_eq!(status, 401, "an expired key");

    // Deactivating the owner stops its keys.
    let (_, live) = make_key(&app, &owner, json!({"name": "Shop", "scopes": ["customers:read"]})).await;
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let owner_id = app.scalar("SELECT id AS n FROM users WHERE email = 'owner@demo.ly'");
    let (status, _) = app.post(&format!("/api/v1/users/{owner_id}/deactivate"), Some(&admin), &json!({})).await;
    assert_eq!(status, 200);
    let (status, _) = app.get("/api/v1/customers", Some(&live)).await;
    assert_eq!(status, 401, "the owner is deactivated");
}

both_backends!(browser_integrations_are_answered_only_for_configured_origins,);

async fn browser_integrations_are_answered_only_for_configured_origins(backend: Backend) {
    let shop = "https://shop.example.ly";
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.cors_origins = vec![shop.to_owned()];
    })
    .await
    else {
        return;
    };
    let preflight = |origin: &'static str| {
        app.client
            .request(reqwest::Method::OPTIONS, app.url("/api/v1/customers"))
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "POST")
            .header("Access-Control-Request-Headers", "authorization, content-type, idempotency-key")
            .send()
    };
    let header =
        |r: &reqwest::Response, name: &str| r.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let allowed = preflight(shop).await.unwrap_or_else(|e| panic!("{e}"));
    assert!(allowed.status().is_success(), "{}", allowed.status());
    assert_eq!(header(&allowed, "access-control-allow-origin").as_deref(), Some(shop));
    assert_eq!(header(&allowed, "access-control-allow-credentials"), None, "no credentials");
    let headers = header(&allowed, "access-control-allow-headers").unwrap_or_default().to_lowercase();
    assert!(headers.contains("authorization") && headers.contains("idempotency-key"), "{headers}");

    let other = preflight("https://evil.example").await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(header(&other, "access-control-allow-origin"), None, "another origin gets no CORS answer");

    // An actual request from the shop's page: answered, with what the page may read.
    let meta =
        app.client.get(app.url("/api/v1/meta")).header("Origin", shop).send().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(meta.status(), 200);
    assert_eq!(header(&meta, "access-control-allow-origin").as_deref(), Some(shop));
    let exposed = header(&meta, "access-control-expose-headers").unwrap_or_default().to_lowercase();
    assert!(exposed.contains("retry-after") && exposed.contains("idempotent-replayed"), "{exposed}");
    // The web app's own pages (an origin not listed) keep working: nothing is blocked server-side.
    let own = app
        .client
        .post(app.url("/api/v1/auth/login"))
        .header("Origin", app.base.clone())
        .json(&json!({"email": "owner@demo.ly", "password": "demo1234"}))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(own.status(), 200);

    // Without configured origins a preflight gets no CORS answer at all.
    let Some(closed) = TestApp::spawn(backend).await else { return };
    let answer = closed
        .client
        .request(reqwest::Method::OPTIONS, closed.url("/api/v1/customers"))
        .header("Origin", shop)
        .header("Access-Control-Request-Method", "GET")
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(header(&answer, "access-control-allow-origin"), None);
}

both_backends!(field_errors_carry_machine_codes,);

/// "Find or create" needs to tell an invalid phone from a taken one without reading the text.
async fn field_errors_carry_machine_codes(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let detail = |body: &Value| (body["details"][0]["field"].clone(), body["details"][0]["code"].clone());

    let (status, body) = app.post("/api/v1/customers", Some(&cashier), &json!({"name": "Ali", "phone": "123"})).await;
    assert_eq!((status, detail(&body)), (422, (json!("phone"), json!("phone_invalid"))), "{body}");
    assert_eq!(body["details"][0]["message"], body["errors"]["phone"][0]);

    let form = json!({"name": "Ali", "phone": "0917770001"});
    assert_eq!(app.post("/api/v1/customers", Some(&cashier), &form).await.0, 201);
    let (status, body) = app.post("/api/v1/customers", Some(&cashier), &form).await;
    assert_eq!((status, detail(&body)), (422, (json!("phone"), json!("phone_taken"))), "{body}");

    // The same code in Arabic, with the Arabic message.
    let arabic = app
        .client
        .post(app.url("/api/v1/customers"))
        .bearer_auth(&cashier)
        .header("Accept-Language", "ar")
        .json(&form)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let body: Value = arabic.json().await.unwrap_or_default();
    assert_eq!(detail(&body), (json!("phone"), json!("phone_taken")));
    assert_eq!(body["details"][0]["message"], "رقم الهاتف هذا مسجل مسبقاً في هذا المتجر");

    // A value of the wrong type, caught before any rule.
    let (status, body) = app.post("/api/v1/customers", Some(&cashier), &json!({"name": 5})).await;
    assert_eq!((status, detail(&body)), (422, (json!("name"), json!("invalid_value"))), "{body}");
}

both_backends!(a_key_sells_like_a_cashier_and_is_named_on_what_it_changes,);

/// A key with the write scopes does at the counter what a cashier does, in the stores it covers;
/// every change it makes names the key (and its owner) in the feed and the ledger.
async fn a_key_sells_like_a_cashier_and_is_named_on_what_it_changes(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (_, stores) = app.get("/api/v1/stores", Some(&owner)).await;
    let store_ids = ids(&stores, "id");
    let (first, second) = (store_ids[0], store_ids[1]);
    let (_, me) = app.get("/api/v1/auth/user", Some(&owner)).await;
    let owner_name = me["data"]["name"].as_str().unwrap_or_default().to_owned();
    let scopes = json!(["customers:read", "customers:write", "sales:write"]);
    let (erp_id, erp) =
        make_key(&app, &owner, json!({"name": "ERP till", "scopes": scopes, "store_ids": [first]})).await;
    let (_, everywhere) = make_key(&app, &owner, json!({"name": "Web shop", "scopes": scopes})).await;

    // A key of one store may leave the store out; one of several stores must name it.
    let new_customer = json!({"name": "Salma", "phone": "0912345001"});
    let (status, made) = app.post("/api/v1/customers", Some(&erp), &new_customer).await;
    assert_eq!((status, made["data"]["store"]["id"].as_i64()), (201, Some(first)), "{made}");
    let customer = made["data"]["id"].as_i64().unwrap_or_default();
    let other = json!({"name": "Huda", "phone": "0912345002"});
    let (status, refused) = app.post("/api/v1/customers", Some(&everywhere), &other).await;
    assert_eq!((status, refused["errors"]["store_id"].is_array()), (422, true), "{refused}");
    let (status, _) = app.post("/api/v1/customers", Some(&erp), &json!({"name": "Huda", "store_id": second})).await;
    assert_eq!(status, 422, "a store the key does not cover");
    let with_store = json!({"name": "Huda", "phone": "0912345002", "store_id": second});
    let (status, elsewhere) = app.post("/api/v1/customers", Some(&everywhere), &with_store).await;
    assert_eq!(status, 201, "{elsewhere}");
    let elsewhere = elsewhere["data"]["id"].as_i64().unwrap_or_default();

    // A sale in the customer's store, retried with the same Idempotency-Key: one invoice.
    let sale = json!({"customer_id": customer, "total_cost": "40.000", "invoice_id": "ERP-1"});
    let (status, sold) = app.post_keyed("/api/v1/invoices", &erp, "erp-sale-1", &sale).await;
    assert_eq!(status, 201, "{sold}");
    // The answer names the key, not its owner as the cashier.
    let made_by = |invoice: &Value| (invoice["api_key"].clone(), invoice["pos_user"].clone());
    assert_eq!(made_by(&sold["data"]["invoice"]), (json!({"id": erp_id, "name": "ERP till"}), Value::Null), "{sold}");
    let points = sold["data"]["points_added"].as_i64().unwrap_or_default();
    assert!(points > 0, "{sold}");
    let (status, again) = app.post_keyed("/api/v1/invoices", &erp, "erp-sale-1", &sale).await;
    assert_eq!((status, &again["data"]["invoice"]["id"]), (201, &sold["data"]["invoice"]["id"]), "{again}");
    assert_eq!(app.scalar(&format!("SELECT COUNT(*) AS n FROM invoices WHERE customer_id = {customer}")), 1);
    // Not in a store the key does not cover.
    let far = json!({"customer_id": elsewhere, "total_cost": "40.000"});
    let (status, _) = app.post_keyed("/api/v1/invoices", &erp, "erp-sale-2", &far).await;
    assert_eq!(status, 404);

    // A redemption, from a customer of the key's store with enough points.
    let (_, rewards) = app.get("/api/v1/rewards", Some(&erp)).await;
    let reward = rewards["data"]
        .as_array()
        .and_then(|r| r.iter().filter(|r| r["is_active"] == json!(true)).min_by_key(|r| r["points_required"].as_i64()))
        .cloned()
        .unwrap_or_default();
    let (_, customers) = app.get(&format!("/api/v1/customers?store_id={first}&per_page=100"), Some(&erp)).await;
    let rich = customers["data"]
        .as_array()
        .and_then(|c| {
            c.iter().find(|c| c["loyalty_points"].as_i64() >= reward["points_required"].as_i64() && c["id"] != customer)
        })
        .and_then(|c| c["id"].as_i64())
        .unwrap_or_default();
    let redeem = json!({"customer_id": rich, "reward_id": reward["id"]});
    let (status, redeemed) = app.post_keyed("/api/v1/redemptions", &erp, "erp-redeem-1", &redeem).await;
    assert_eq!(status, 201, "{redeemed} {reward}");
    let redemption = &redeemed["data"]["redemption"];
    assert_eq!(made_by(redemption), (json!({"id": erp_id, "name": "ERP till"}), Value::Null), "{redeemed}");
    // So does the list, read by the owner; a cashier's sale names the cashier and no key.
    let (_, listed) = app.get(&format!("/api/v1/invoices?store_id={first}&per_page=100"), Some(&owner)).await;
    let keyed = listed["data"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["id"] == sold["data"]["invoice"]["id"]).cloned());
    assert_eq!(keyed.map(|r| made_by(&r)), Some((json!({"id": erp_id, "name": "ERP till"}), Value::Null)));
    let by_cashier = listed["data"].as_array().and_then(|rows| rows.iter().find(|r| r["api_key"].is_null()).cloned());
    assert!(by_cashier.is_some_and(|r| r["pos_user"]["name"].is_string()), "{listed}");

    // A same-day void, like a cashier's.
    let invoice = sold["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    let (status, voided) =
        app.post(&format!("/api/v1/invoices/{invoice}/void"), Some(&erp), &json!({"reason": "Returned"})).await;
    assert_eq!(status, 200, "{voided}");
    app.assert_ledger_matches_balances();

    // The ledger and the feed name the key and its owner.
    let (_, history) = app.get(&format!("/api/v1/customers/{customer}/history"), Some(&owner)).await;
    let rows = history["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(rows.len(), 2, "{history}");
    for row in &rows {
        assert_eq!(row["api_key"], json!({"id": erp_id, "name": "ERP till"}), "{row}");
        assert_eq!(row["actor"]["name"].as_str(), Some(owner_name.as_str()), "{row}");
    }
    let (_, feed) = app.get("/api/v1/store-owner/pos-activities?per_page=10", Some(&owner)).await;
    let kinds: Vec<&str> = feed["data"]
        .as_array()
        .map(|f| {
            f.iter().filter(|e| e["api_key"]["name"] == json!("ERP till")).filter_map(|e| e["kind"].as_str()).collect()
        })
        .unwrap_or_default();
    for kind in ["customer_created", "invoice_created", "redemption_created", "invoice_voided"] {
        assert!(kinds.contains(&kind), "{kind} not named with the key: {feed}");
    }
    let (_, cashier_feed) =
        app.get("/api/v1/store-owner/pos-activities?per_page=100&date_range=90d", Some(&owner)).await;
    let by_people = cashier_feed["data"].as_array().map_or(0, |f| f.iter().filter(|e| e["api_key"].is_null()).count());
    assert!(by_people > 0, "changes made by people name no key");

    // Without the scope, or for what only the owner does, a key is refused.
    let (_, reader) = make_key(&app, &owner, json!({"name": "Reader", "scopes": ["customers:read"]})).await;
    let (status, _) = app.post_keyed("/api/v1/invoices", &reader, "reader-1", &sale).await;
    assert_eq!(status, 403);
    let (status, _) = app.post("/api/v1/customers", Some(&reader), &new_customer).await;
    assert_eq!(status, 403);
    let (status, _) = app.put(&format!("/api/v1/customers/{customer}/points"), Some(&erp), &json!({"points": 5})).await;
    assert_eq!(status, 403, "manual points are a person's");
    // A cashier voids on the sale's own day only, and so does a key.
    let (_, old) = app.get(&format!("/api/v1/invoices?store_id={first}&per_page=100"), Some(&owner)).await;
    let days_ago = (chrono::Utc::now() - chrono::Duration::days(2)).to_rfc3339();
    let earlier = old["data"]
        .as_array()
        .and_then(|i| {
            i.iter().find(|i| i["voided_at"].is_null() && i["created_at"].as_str().is_some_and(|at| *at < *days_ago))
        })
        .and_then(|i| i["id"].as_i64())
        .unwrap_or_else(|| panic!("the demo has no sale two days old: {old}"));
    let (status, body) =
        app.post(&format!("/api/v1/invoices/{earlier}/void"), Some(&erp), &json!({"reason": "Old"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("void_window_closed")), "{body}");
}

both_backends!(a_sync_reads_every_change_once_in_order,);

/// Reads a whole list by change time, page by page with the keyset cursor; returns the records.
async fn sync_all(app: &TestApp, key: &str, path: &str, since: &str, time_field: &str) -> Vec<Value> {
    let mut records: Vec<Value> = Vec::new();
    let (mut since, mut after) = (since.to_owned(), None::<i64>);
    loop {
        let mut url = format!("{path}?per_page=3&updated_since={}", since.replace('+', "%2B"));
        if let Some(after) = after {
            url = format!("{url}&after_id={after}");
        }
        let (status, page) = app.get(&url, Some(key)).await;
        assert_eq!(status, 200, "{url}: {page}");
        let items = page["data"].as_array().cloned().unwrap_or_default();
        let done = items.len() < 3;
        if let Some(last) = items.last() {
            since = last[time_field].as_str().unwrap_or_default().to_owned();
            after = last["id"].as_i64();
        }
        records.extend(items);
        if done {
            return records;
        }
    }
}

fn in_change_order(records: &[Value], time_field: &str) -> bool {
    records.windows(2).all(|w| {
        let (a, b) = (&w[0], &w[1]);
        let (ta, tb) = (a[time_field].as_str().unwrap_or_default(), b[time_field].as_str().unwrap_or_default());
        let (ta, tb) = (chrono::DateTime::parse_from_rfc3339(ta).ok(), chrono::DateTime::parse_from_rfc3339(tb).ok());
        ta < tb || (ta == tb && a["id"].as_i64() < b["id"].as_i64())
    })
}

/// An integration reads customers, invoices, redemptions and a customer's history by change
/// time, a few at a time: every record once, oldest change first, hidden customers included;
/// afterwards only what changed comes back.
async fn a_sync_reads_every_change_once_in_order(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let scopes = json!(["customers:read", "customers:write", "sales:write", "reports:read"]);
    let (_, key) = make_key(&app, &owner, json!({"name": "Sync", "scopes": scopes})).await;
    let owner_id = app.get("/api/v1/auth/user", Some(&owner)).await.1["data"]["id"].as_i64().unwrap_or_default();
    let of_owner = format!("store_id IN (SELECT id FROM stores WHERE owner_id = {owner_id})");

    let epoch = "2000-01-01T00:00:00Z";
    let customers = sync_all(&app, &key, "/api/v1/customers", epoch, "updated_at").await;
    let ids: std::collections::BTreeSet<i64> = customers.iter().filter_map(|c| c["id"].as_i64()).collect();
    assert_eq!(ids.len(), customers.len(), "a customer came twice");
    assert_eq!(customers.len() as i64, app.scalar(&format!("SELECT COUNT(*) AS n FROM customers WHERE {of_owner}")));
    assert!(in_change_order(&customers, "updated_at"));
    let invoices = sync_all(&app, &key, "/api/v1/invoices", epoch, "updated_at").await;
    assert_eq!(invoices.len() as i64, app.scalar(&format!("SELECT COUNT(*) AS n FROM invoices WHERE {of_owner}")));
    assert!(in_change_order(&invoices, "updated_at"));
    let redemptions = sync_all(&app, &key, "/api/v1/redemptions", epoch, "created_at").await;
    assert_eq!(
        redemptions.len() as i64,
        app.scalar(&format!("SELECT COUNT(*) AS n FROM redemptions WHERE {of_owner}"))
    );

    // Changes after the last read: a sale (the customer's balance changes), a hidden customer.
    let last = customers.last().map(|c| c["updated_at"].as_str().unwrap_or_default().to_owned()).unwrap_or_default();
    let last_id = customers.last().and_then(|c| c["id"].as_i64()).unwrap_or_default();
    // The one hidden holds no points (one who does is not deleted until they are taken away).
    let buyer = customers[0]["id"].as_i64().unwrap_or_default();
    let gone = customers
        .iter()
        .find(|c| c["loyalty_points"] == 0 && c["id"].as_i64() != Some(buyer))
        .cloned()
        .unwrap_or_default();
    let sale = json!({"customer_id": buyer, "total_cost": "25.000"});
    let (status, sold) = app.post_keyed("/api/v1/invoices", &key, "sync-sale-1", &sale).await;
    assert_eq!(status, 201, "{sold}");
    let (status, _) = app.delete(&format!("/api/v1/customers/{}", gone["id"]), Some(&key)).await;
    assert_eq!(status, 204);
    let (status, changed) = app
        .get(&format!("/api/v1/customers?updated_since={}&after_id={last_id}", last.replace('+', "%2B")), Some(&key))
        .await;
    assert_eq!(status, 200, "{changed}");
    let changed: Vec<(i64, bool)> = changed["data"]
        .as_array()
        .map(|c| c.iter().map(|c| (c["id"].as_i64().unwrap_or_default(), c["deleted_at"].is_string())).collect())
        .unwrap_or_default();
    assert_eq!(changed, vec![(buyer, false), (gone["id"].as_i64().unwrap_or_default(), true)]);

    // The new sale, then its void, each come back once, after what was read before.
    let invoice = sold["data"]["invoice"].clone();
    let (since, after) = (invoices.last().map(|i| i["updated_at"].clone()), invoices.last().map(|i| i["id"].clone()));
    let since = since.and_then(|s| s.as_str().map(str::to_owned)).unwrap_or_default();
    let url =
        format!("/api/v1/invoices?updated_since={}&after_id={}", since.replace('+', "%2B"), after.unwrap_or_default());
    let (_, new) = app.get(&url, Some(&key)).await;
    assert_eq!(new["data"].as_array().map(Vec::len), Some(1), "{new}");
    assert_eq!(new["data"][0]["id"], invoice["id"]);
    let (status, _) =
        app.post(&format!("/api/v1/invoices/{}/void", invoice["id"]), Some(&key), &json!({"reason": "sync"})).await;
    assert_eq!(status, 200);
    let from_sale = format!(
        "/api/v1/invoices?updated_since={}&after_id={}",
        invoice["updated_at"].as_str().unwrap_or_default().replace('+', "%2B"),
        invoice["id"]
    );
    let (_, voided) = app.get(&from_sale, Some(&key)).await;
    assert_eq!(voided["data"].as_array().map(Vec::len), Some(1), "{voided}");
    assert!(voided["data"][0]["voided_at"].is_string(), "{voided}");

    // The buyer's history since the sale: the sale and its void, oldest first.
    let sold_at = invoice["created_at"].as_str().unwrap_or_default();
    let history = sync_all(&app, &key, &format!("/api/v1/customers/{buyer}/history"), sold_at, "created_at").await;
    let kinds: Vec<&str> = history.iter().filter_map(|h| h["kind"].as_str()).collect();
    assert_eq!(kinds, vec!["invoice", "void"], "{history:?}");

    // A wrong time, or a cursor without a time, is a 422 naming the parameter.
    let (status, body) = app.get("/api/v1/customers?updated_since=yesterday", Some(&key)).await;
    assert_eq!((status, body["errors"]["updated_since"].is_array()), (422, true), "{body}");
    let (status, body) = app.get("/api/v1/invoices?after_id=3", Some(&key)).await;
    assert_eq!((status, body["errors"]["after_id"].is_array()), (422, true), "{body}");
}

/// The answer's status and its `RateLimit-Policy`, `RateLimit` and `Retry-After` headers.
async fn keyed(request: reqwest::RequestBuilder) -> (u16, Option<String>, Option<String>, Option<String>) {
    let response = request.send().await.unwrap_or_else(|e| panic!("{e}"));
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    (response.status().as_u16(), header("ratelimit-policy"), header("ratelimit"), header("retry-after"))
}

async fn a_key_has_read_and_write_limits_told_in_every_answer(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.key_limits = loyalty_application::KeyLimits { reads_per_minute: 4, writes_per_minute: 2 };
    })
    .await
    else {
        return;
    };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let scopes = json!(["customers:read", "customers:write"]);
    let (_, key) = make_key(&app, &owner, json!({"name": "Limited", "scopes": scopes})).await;
    let (_, other) = make_key(&app, &owner, json!({"name": "Other", "scopes": scopes})).await;
    // The owner sees the limits on each key.
    let (_, keys) = app.get("/api/v1/store-owner/api-keys", Some(&owner)).await;
    assert_eq!(keys["data"][0]["rate_limits"], json!({"reads_per_minute": 4, "writes_per_minute": 2}), "{keys}");

    let policy = Some(r#""reads";q=4;w=60, "writes";q=2;w=60"#.to_owned());
    let read = |token: &str| app.client.get(app.url("/api/v1/customers?per_page=1")).bearer_auth(token);
    // Four reads, each saying how many are left; the fifth is a 429 that says when to retry.
    for left in (0..4).rev() {
        let (status, got_policy, state, _) = keyed(read(&key)).await;
        assert_eq!((status, &got_policy), (200, &policy));
        let state = state.unwrap_or_default();
        assert!(state.starts_with(&format!(r#""reads";r={left};t="#)), "{state}");
    }
    let (status, got_policy, state, retry) = keyed(read(&key)).await;
    assert_eq!((status, got_policy), (429, policy.clone()));
    assert!(state.is_some_and(|s| s.starts_with(r#""reads";r=0;t="#)));
    assert!(retry.and_then(|r| r.parse::<u64>().ok()).is_some_and(|r| (1..=15).contains(&r)));
    // Writes count on their own; a bad write (422) counts and says so too.
    let write = |name: &str| {
        app.client
            .post(app.url("/api/v1/customers"))
            .bearer_auth(&key)
            .json(&json!({"name": name, "store_id": 999_999}))
    };
    let (status, _, state, _) = keyed(write("One")).await;
    assert_eq!(status, 422);
    assert!(state.is_some_and(|s| s.starts_with(r#""writes";r=1;"#)));
    assert_eq!(keyed(write("Two")).await.0, 422);
    let (status, _, _, retry) = keyed(write("Three")).await;
    assert_eq!((status, retry.is_some()), (429, true));
    // Another key has its own; a person signed in has no key limits and no such headers.
    assert_eq!(keyed(read(&other)).await.0, 200);
    let (status, policy, state, _) = keyed(read(&owner)).await;
    assert_eq!((status, policy, state), (200, None, None));
}
