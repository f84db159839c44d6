//! Test mode: a test key (`lk_test_...`) acts on its owner's sandbox store alone, whose records
//! count nowhere else (figures, exports, liability, plan, the public lookup, the admin's
//! platform), and whose events go to test endpoints alone. On both backends.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(a_test_key_works_in_a_sandbox_that_counts_nowhere, test_keys_and_endpoints_are_checked_when_made,);

async fn text(app: &TestApp, token: &str, path: &str) -> String {
    let response = app.client.get(app.url(path)).bearer_auth(token).send().await;
    let response = response.unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(response.status().as_u16(), 200, "{path}");
    response.text().await.unwrap_or_default()
}

/// What the owner, the admin and the public see, to compare before and after the sandbox is used.
async fn figures(app: &TestApp, owner: &str, admin: &str) -> Vec<Value> {
    let mut seen = Vec::new();
    for path in [
        "/api/v1/store-owner/summary",
        "/api/v1/store-owner/liability",
        "/api/v1/stores",
        "/api/v1/subscriptions/status",
        "/api/v1/customers?per_page=100",
        "/api/v1/invoices?per_page=100",
    ] {
        let (status, body) = app.get(path, Some(owner)).await;
        assert_eq!(status, 200, "{path}: {body}");
        seen.push(json!({"path": path, "body": body["data"], "meta": body["meta"]}));
    }
    for path in ["/api/v1/exports/invoices", "/api/v1/exports/customers", "/api/v1/exports/ledger"] {
        seen.push(json!({"path": path, "owner": text(app, owner, path).await, "admin": text(app, admin, path).await}));
    }
    let (_, overview) = app.get("/api/v1/admin/overview", Some(admin)).await;
    let o = &overview["data"];
    seen.push(json!([o["total_stores"], o["total_transactions"], o["total_revenue"]]));
    let (_, stores) = app.get("/api/v1/stores?per_page=100", Some(admin)).await;
    seen.push(stores["data"].clone());
    seen.push(app.post("/api/v1/public/points", None, &json!({"phone": "0917770001"})).await.1);
    seen
}

async fn a_test_key_works_in_a_sandbox_that_counts_nowhere(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.webhook_allow_private = true;
    })
    .await
    else {
        return;
    };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let events = json!(["invoice.created", "customer.created"]);
    let (status, live_hook) = app
        .post(
            "/api/v1/store-owner/webhooks",
            Some(&owner),
            &json!({"url": "http://127.0.0.1:9/live", "events": events}),
        )
        .await;
    assert_eq!((status, live_hook["data"]["mode"].as_str()), (201, Some("live")), "{live_hook}");
    let body = json!({"url": "http://127.0.0.1:9/test", "events": events, "mode": "test"});
    let (status, test_hook) = app.post("/api/v1/store-owner/webhooks", Some(&owner), &body).await;
    assert_eq!((status, test_hook["data"]["mode"].as_str()), (201, Some("test")), "{test_hook}");
    let (live_hook, test_hook) = (live_hook["data"]["id"].as_i64(), test_hook["data"]["id"].as_i64());
    let deliveries = |app: &TestApp, endpoint: Option<i64>| {
        // The events queued so far fanned out first (the worker would, within a second).
        loyalty_application::use_cases::webhooks::fan_out_queued(&app.state.services)
            .unwrap_or_else(|e| panic!("fan out: {e}"));
        app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = {}",
            endpoint.unwrap_or(0)
        ))
    };
    let before = figures(&app, &owner, &admin).await;

    // A test key: told apart by its secret and its mode, on the sandbox store alone.
    let scopes = json!(["customers:read", "customers:write", "sales:write", "reports:read"]);
    let (status, made) = app
        .post(
            "/api/v1/store-owner/api-keys",
            Some(&owner),
            &json!({"name": "ERP test", "scopes": scopes, "mode": "test"}),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let test_key = made["data"]["secret"].as_str().unwrap_or_default().to_owned();
    assert!(
        test_key.starts_with("lk_test_") && made["data"]["prefix"].as_str().is_some_and(|p| p.len() == 16),
        "{made}"
    );
    assert_eq!(made["data"]["mode"], "test");
    let sandbox = made["data"]["store_ids"][0].as_i64().unwrap_or_default();
    assert_eq!(app.scalar(&format!("SELECT COUNT(*) AS n FROM stores WHERE id = {sandbox} AND is_sandbox")), 1);
    let (status, stores) = app.get("/api/v1/stores", Some(&test_key)).await;
    assert_eq!(status, 200);
    assert_eq!(
        stores["data"].as_array().map(|s| s.iter().filter_map(|s| s["id"].as_i64()).collect::<Vec<_>>()),
        Some(vec![sandbox])
    );
    // A second test key finds the same sandbox.
    let (_, second) = app
        .post("/api/v1/store-owner/api-keys", Some(&owner), &json!({"name": "Again", "scopes": scopes, "mode": "test"}))
        .await;
    assert_eq!(second["data"]["store_ids"], json!([sandbox]), "{second}");
    let (_, live) =
        app.post("/api/v1/store-owner/api-keys", Some(&owner), &json!({"name": "ERP", "scopes": scopes})).await;
    let live_key = live["data"]["secret"].as_str().unwrap_or_default().to_owned();
    assert!(!live_key.starts_with("lk_test_") && live["data"]["mode"] == "live", "{live}");

    // The test key makes a customer and sells in the sandbox, as a live key does in a store.
    let (status, customer) =
        app.post("/api/v1/customers", Some(&test_key), &json!({"name": "Test buyer", "phone": "0917770001"})).await;
    assert_eq!((status, customer["data"]["store"]["id"].as_i64()), (201, Some(sandbox)), "{customer}");
    let customer = customer["data"]["id"].as_i64().unwrap_or_default();
    let sale = json!({"customer_id": customer, "total_cost": "250.000", "invoice_id": "TEST-1"});
    let (status, sold) = app.post_keyed("/api/v1/invoices", &test_key, "test-sale-1", &sale).await;
    assert_eq!(status, 201, "{sold}");
    assert!(sold["data"]["points_added"].as_i64() > Some(0), "{sold}");
    let (status, summary) = app.get("/api/v1/store-owner/summary", Some(&test_key)).await;
    assert_eq!(
        (status, summary["data"]["total_stores"].as_i64()),
        (200, Some(1)),
        "the test key's figures are the sandbox's: {summary}"
    );

    // Its events go to the test endpoint alone.
    assert_eq!((deliveries(&app, test_hook), deliveries(&app, live_hook)), (2, 0));

    // The sandbox and the stores do not mix: a live key, the owner in person and a cashier do
    // not reach the sandbox's customer; the test key reaches no live store's.
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    for token in [&live_key, &owner, &cashier] {
        let (status, _) = app.get(&format!("/api/v1/customers/{customer}"), Some(token)).await;
        assert_eq!(status, 404);
    }
    let far = json!({"customer_id": customer, "total_cost": "10.000"});
    let (status, _) = app.post_keyed("/api/v1/invoices", &live_key, "live-into-sandbox", &far).await;
    assert_eq!(status, 404, "a live key sells nothing in the sandbox");
    let (_, live_customers) = app.get("/api/v1/customers?per_page=1", Some(&owner)).await;
    let live_customer = live_customers["data"][0]["id"].as_i64().unwrap_or_default();
    let (status, _) = app.get(&format!("/api/v1/customers/{live_customer}"), Some(&test_key)).await;
    assert_eq!(status, 404);
    let (status, _) = app
        .post_keyed(
            "/api/v1/invoices",
            &test_key,
            "test-into-live",
            &json!({"customer_id": live_customer, "total_cost": "10.000"}),
        )
        .await;
    assert_eq!(status, 404, "a test key sells nothing in a live store");
    let live_store = live_customers["data"][0]["store"]["id"].as_i64().unwrap_or_default();
    let (status, _) = app.get(&format!("/api/v1/customers?store_id={live_store}"), Some(&test_key)).await;
    assert_eq!(status, 404);

    // Nothing the owner, the admin or the public sees changed.
    let after = figures(&app, &owner, &admin).await;
    for (before, after) in before.iter().zip(&after) {
        assert_eq!(before, after);
    }
    app.assert_ledger_matches_balances();
}

fn code(body: &Value) -> (&str, &str) {
    (body["details"][0]["field"].as_str().unwrap_or_default(), body["details"][0]["code"].as_str().unwrap_or_default())
}

async fn test_keys_and_endpoints_are_checked_when_made(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (_, stores) = app.get("/api/v1/stores", Some(&owner)).await;
    let store = stores["data"][0]["id"].as_i64().unwrap_or_default();
    let keys = app.scalar("SELECT COUNT(*) AS n FROM api_keys");
    let body = json!({"name": "k", "scopes": ["customers:read"], "mode": "test", "store_ids": [store]});
    let (status, refused) = app.post("/api/v1/store-owner/api-keys", Some(&owner), &body).await;
    assert_eq!((status, code(&refused)), (422, ("store_ids", "test_key_stores")), "{refused}");
    let body = json!({"name": "k", "scopes": ["customers:read"], "mode": "sandbox"});
    let (status, refused) = app.post("/api/v1/store-owner/api-keys", Some(&owner), &body).await;
    assert_eq!((status, code(&refused)), (422, ("mode", "mode_unknown")), "{refused}");
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM api_keys"), keys, "nothing made");
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM stores WHERE is_sandbox"), 0, "no sandbox made for a refused key");
    let hook = json!({"url": "https://hooks.example.ly/x", "events": ["invoice.created"], "mode": "later"});
    let (status, refused) = app.post("/api/v1/store-owner/webhooks", Some(&owner), &hook).await;
    assert_eq!((status, code(&refused)), (422, ("mode", "mode_unknown")), "{refused}");
}
