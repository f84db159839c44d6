//! The customer's side: points lookup by phone and joining a store from its QR link.

use serde_json::{json, Value};

use crate::helpers::{both_backends, read, Backend, TestApp};

both_backends!(
    every_phone_form_finds_the_same_points,
    lookup_reveals_no_names_and_unknown_looks_empty,
    lookups_are_rate_limited_per_phone_and_per_client,
    joining_a_store_from_its_link,
    lookups_do_not_use_up_the_join_allowance,
);

async fn lookup(app: &TestApp, phone: &str) -> (u16, Value) {
    app.post("/api/v1/public/points", None, &json!({"phone": phone})).await
}

async fn every_phone_form_finds_the_same_points(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    // Fatima is a customer of both demo stores under the same number.
    let expected =
        app.scalar("SELECT CAST(SUM(loyalty_points) AS BIGINT) AS n FROM customers WHERE phone = '+218912345678'");
    let first = lookup(&app, "0912345678").await;
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(first.1["data"]["total_points"], expected);
    assert_eq!(first.1["data"]["stores"].as_array().map(Vec::len), Some(2));
    for form in ["091-234-5678", "+218 91 234 5678", "00218912345678", "218912345678", " 0912345678 "] {
        assert_eq!(lookup(&app, form).await, first, "{form}");
    }
    // Claimable exactly when the store's points pay for the reward.
    for store in first.1["data"]["stores"].as_array().into_iter().flatten() {
        let points = store["points"].as_i64().unwrap_or(-1);
        let rewards = store["rewards"].as_array().cloned().unwrap_or_default();
        assert!(!rewards.is_empty());
        for reward in rewards {
            assert_eq!(reward["claimable"].as_bool(), Some(reward["points_required"].as_i64().unwrap_or(0) <= points));
        }
    }
    let (status, body) = lookup(&app, "12ab").await;
    assert_eq!((status, body["errors"]["phone"][0].as_str()), (422, Some("Please enter a valid phone number")));
}

fn keys(value: &Value) -> Vec<String> {
    value.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default()
}

async fn lookup_reveals_no_names_and_unknown_looks_empty(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let (_, known) = lookup(&app, "0912345678").await;
    let text = known.to_string();
    assert!(!text.contains("فاطمة") && !text.contains('@') && !text.contains("+218"), "{text}");
    let store_keys = keys(&known["data"]["stores"][0]);
    assert_eq!(store_keys, vec!["points", "rewards", "store"]);
    assert_eq!(keys(&known["data"]["stores"][0]["store"]), vec!["id", "name"]);

    let (status, unknown) = lookup(&app, "0919999999").await;
    assert_eq!(status, 200);
    assert_eq!(unknown, json!({"data": {"total_points": 0, "stores": []}}));
    assert_eq!(keys(&unknown["data"]), keys(&known["data"]));
}

async fn lookups_are_rate_limited_per_phone_and_per_client(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.public_limits = (100, 3);
    })
    .await
    else {
        return;
    };
    for _ in 0..3 {
        assert_eq!(lookup(&app, "0912345678").await.0, 200);
    }
    let response =
        app.client.post(app.url("/api/v1/public/points")).json(&json!({"phone": "+218912345678"})).send().await;
    let response = response.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(response.status().as_u16(), 429);
    let retry: u64 =
        response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).unwrap_or(0);
    assert!(retry >= 1);
    // Another number is still answered.
    assert_eq!(lookup(&app, "0923456789").await.0, 200);

    let Some(app) = TestApp::spawn_with(backend, |c| c.public_limits = (3, 100)).await else { return };
    for n in 0..3 {
        assert_eq!(lookup(&app, &format!("091000000{n}")).await.0, 200);
    }
    let (status, body) = lookup(&app, "0910000009").await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
}

async fn joining_a_store_from_its_link(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    #[derive(diesel::QueryableByName)]
    struct Token {
        #[diesel(sql_type = diesel::sql_types::Text)]
        registration_token: String,
    }
    let token = {
        use diesel::RunQueryDsl;
        let mut conn = app.pool().get().unwrap_or_else(|e| panic!("{e}"));
        let conn: &mut loyalty_adapters::db::DbConnection = &mut conn;
        let row: Token = diesel::sql_query("SELECT registration_token FROM stores ORDER BY id LIMIT 1")
            .get_result(conn)
            .unwrap_or_else(|e| panic!("{e}"));
        row.registration_token
    };
    let (status, store) = app.get(&format!("/api/v1/public/stores/{token}"), None).await;
    assert_eq!(status, 200);
    assert!(store["data"]["store"]["name"].is_string());
    assert_eq!(app.get("/api/v1/public/stores/not-a-real-token", None).await.0, 404);

    let join = format!("/api/v1/public/stores/{token}/join");
    let (status, body) = app.post(&join, None, &json!({"name": "", "phone": "abc"})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "Customer name is required");
    assert_eq!(body["errors"]["phone"][0], "Please enter a valid phone number");

    let (status, body) = app.post(&join, None, &json!({"name": "Nour", "phone": "094 555 7000"})).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["store"], store["data"]["store"]);
    let (status, body) = app.post(&join, None, &json!({"name": "Nour again", "phone": "+218945557000"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("already_joined")));
    let (status, _) =
        app.post("/api/v1/public/stores/nope/join", None, &json!({"name": "N", "phone": "0945556688"})).await;
    assert_eq!(status, 404);

    // The new customer now has zero points in that store, and the cashier sees it.
    let (_, found) = lookup(&app, "0945557000").await;
    assert_eq!(found["data"]["stores"][0]["points"], 0);
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let response = app
        .client
        .post(app.url("/api/v1/customers/search"))
        .bearer_auth(&cashier)
        .json(&json!({"query": "Nour"}))
        .send()
        .await;
    let (_, found) = read(response).await;
    assert_eq!(found["data"][0]["phone"], "+218945557000");
}

async fn lookups_do_not_use_up_the_join_allowance(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.public_limits = (100, 2);
    })
    .await
    else {
        return;
    };
    for _ in 0..2 {
        assert_eq!(lookup(&app, "0945551111").await.0, 200);
    }
    assert_eq!(lookup(&app, "0945551111").await.0, 429);
    let store = app.scalar("SELECT MIN(id) AS n FROM stores");
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (_, qr) = app.post("/api/v1/qr-code/generate", Some(&owner), &json!({"store_id": store})).await;
    let url = qr["data"]["registration_url"].as_str().unwrap_or_default().to_owned();
    let token = url.rsplit("/join/").next().unwrap_or_default();
    let (status, body) = app
        .post(&format!("/api/v1/public/stores/{token}/join"), None, &json!({"name": "Rana", "phone": "0945551111"}))
        .await;
    assert_eq!(status, 201, "{body}");
}
