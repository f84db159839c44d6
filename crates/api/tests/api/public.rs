//! The customer's side: points lookup by phone and joining a store from its QR link.

use serde_json::{json, Value};

use crate::helpers::{both_backends, read, Backend, TestApp};

both_backends!(
    every_phone_form_finds_the_same_points,
    lookup_reveals_no_names_and_unknown_looks_empty,
    lookups_are_rate_limited_per_phone_and_per_client,
    behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit,
    joining_a_store_from_its_link,
    lookups_do_not_use_up_the_join_allowance,
    a_customer_who_joined_by_link_is_marked_until_confirmed,
    a_rotated_link_stops_the_old_one,
);

/// The store's join link, read through the owner's QR answer.
async fn join_token(app: &TestApp, owner: &str, store: i64) -> String {
    let (status, qr) = app.post("/api/v1/qr-code/generate", Some(owner), &json!({"store_id": store})).await;
    assert_eq!(status, 200, "{qr}");
    let url = qr["data"]["registration_url"].as_str().unwrap_or_default();
    url.rsplit('/').next().unwrap_or_default().to_owned()
}

/// Join squatting is contained (#14 item 4): whoever joins by link is marked "not confirmed"
/// for the cashier, until the cashier confirms the name at the counter; staff-added customers
/// are never marked; a member's phone joining again changes nothing.
async fn a_customer_who_joined_by_link_is_marked_until_confirmed(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let store = app.scalar("SELECT MIN(id) AS n FROM stores");
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let token = join_token(&app, &owner, store).await;
    let join = format!("/api/v1/public/stores/{token}/join");
    let (status, _) = app.post(&join, None, &json!({"name": "Squatter", "phone": "0945557111"})).await;
    assert_eq!(status, 201);
    let id = app.scalar("SELECT id AS n FROM customers WHERE phone = '+218945557111'");

    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let (status, found) = app.post("/api/v1/customers/search", Some(&cashier), &json!({"query": "0945557111"})).await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["data"][0]["unconfirmed_join"], true, "{found}");
    let (_, detail) = app.get(&format!("/api/v1/customers/{id}"), Some(&cashier)).await;
    assert_eq!(detail["data"]["unconfirmed_join"], true, "{detail}");

    // The same phone joining again is refused and leaves the name as it was.
    let (status, _) = app.post(&join, None, &json!({"name": "Someone else", "phone": "0945557111"})).await;
    assert_eq!(status, 409);
    let (_, detail) = app.get(&format!("/api/v1/customers/{id}"), Some(&cashier)).await;
    assert_eq!(detail["data"]["name"], "Squatter");

    // Another owner's staff cannot confirm it; the store's cashier can, once.
    let (status, _) = app.post(&format!("/api/v1/customers/{id}/confirm-join"), None, &json!({})).await;
    assert_eq!(status, 401);
    let (status, body) = app.post(&format!("/api/v1/customers/{id}/confirm-join"), Some(&cashier), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["unconfirmed_join"], false);
    let (status, body) = app.post(&format!("/api/v1/customers/{id}/confirm-join"), Some(&cashier), &json!({})).await;
    assert_eq!((status, &body["data"]["unconfirmed_join"]), (200, &json!(false)));
    assert_eq!(
        app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM activity_log WHERE subject_id = {id} AND kind = 'customer_updated'"
        )),
        1,
        "one audit row for the confirmation"
    );
    assert_eq!(app.post("/api/v1/customers/999999/confirm-join", Some(&cashier), &json!({})).await.0, 404);

    // A customer the cashier adds is not marked.
    let (status, added) =
        app.post("/api/v1/customers", Some(&cashier), &json!({"name": "At the counter", "phone": "0945557222"})).await;
    assert_eq!(status, 201, "{added}");
    assert_eq!(added["data"]["unconfirmed_join"], false);
}

/// The owner rotates a store's join link (#14 item 4): the old link and its QR stop working at
/// once, the new one works, customers who joined stay; only the store's owner may rotate.
async fn a_rotated_link_stops_the_old_one(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let store = app.scalar("SELECT MIN(id) AS n FROM stores");
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let old = join_token(&app, &owner, store).await;
    let (status, _) = app
        .post(&format!("/api/v1/public/stores/{old}/join"), None, &json!({"name": "Early", "phone": "0945557333"}))
        .await;
    assert_eq!(status, 201);

    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(app.post("/api/v1/qr-code/rotate", Some(&cashier), &json!({"store_id": store})).await.0, 403);
    let (status, body) = app.post("/api/v1/qr-code/rotate", Some(&owner), &json!({"store_id": store, "size": 7})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(join_token(&app, &owner, store).await, old, "a refused rotation changes nothing");

    let (status, rotated) = app.post("/api/v1/qr-code/rotate", Some(&owner), &json!({"store_id": store})).await;
    assert_eq!(status, 200, "{rotated}");
    assert!(rotated["data"]["qr_code_svg"].as_str().is_some_and(|svg| svg.contains("<svg")));
    let new = join_token(&app, &owner, store).await;
    assert_ne!(new, old);
    assert!(rotated["data"]["registration_url"].as_str().is_some_and(|url| url.ends_with(&new)));

    assert_eq!(app.get(&format!("/api/v1/public/stores/{old}"), None).await.0, 404);
    let (status, _) = app
        .post(&format!("/api/v1/public/stores/{old}/join"), None, &json!({"name": "Late", "phone": "0945557444"}))
        .await;
    assert_eq!(status, 404);
    assert_eq!(app.get(&format!("/api/v1/public/stores/{new}"), None).await.0, 200);
    let (status, _) = app
        .post(&format!("/api/v1/public/stores/{new}/join"), None, &json!({"name": "Late", "phone": "0945557444"}))
        .await;
    assert_eq!(status, 201);
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM customers WHERE phone = '+218945557333'"), 1);

    // Another owner cannot rotate this store's link.
    let (_, registered) = app
        .post(
            "/api/v1/auth/register",
            None,
            &json!({"name": "Other", "email": "other@demo.ly", "password": "secret123", "store_owner_name": "Other"}),
        )
        .await;
    let other = registered["data"]["token"].as_str().unwrap_or_default().to_owned();
    assert_eq!(app.post("/api/v1/qr-code/rotate", Some(&other), &json!({"store_id": store})).await.0, 404);
    assert_eq!(join_token(&app, &owner, store).await, new);
}

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
    assert_eq!(store_keys, vec!["next_expiry", "points", "points_value", "rewards", "store", "tier"]);
    assert_eq!(keys(&known["data"]["stores"][0]["store"]), vec!["id", "name"]);

    let (status, unknown) = lookup(&app, "0919999999").await;
    assert_eq!(status, 200);
    assert_eq!(unknown, json!({"data": {"total_points": 0, "stores": [], "stamps": []}}));
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

/// A lookup sent as if through a proxy: `X-Forwarded-For: <client>` from this test's peer
/// (127.0.0.1).
async fn lookup_from(app: &TestApp, phone: &str, forwarded_for: &str) -> u16 {
    let response = app
        .client
        .post(app.url("/api/v1/public/points"))
        .header("X-Forwarded-For", forwarded_for)
        .json(&json!({ "phone": phone }))
        .send()
        .await;
    response.map(|r| r.status().as_u16()).unwrap_or_else(|e| panic!("{e}"))
}

/// Behind a load balancer every request comes from the balancer: with it trusted
/// (`LOYALTY_TRUSTED_PROXIES`), the limit is per client it names, and a client cannot pick its
/// own address by writing the header itself. Without it, the header is ignored.
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.public_limits = (2, 100);
        c.trusted_proxies = loyalty_api::TrustedProxies::parse(&["127.0.0.1"]).unwrap_or_default();
    })
    .await
    else {
        return;
    };
    for n in 0..2 {
        assert_eq!(lookup_from(&app, &format!("091000001{n}"), "198.51.100.1").await, 200);
    }
    assert_eq!(lookup_from(&app, "0910000019", "198.51.100.1").await, 429, "the first client used its 2");
    assert_eq!(lookup_from(&app, "0910000020", "198.51.100.2").await, 200, "another client has its own");
    // A made-up address to the left of the one the balancer appended changes nothing.
    assert_eq!(lookup_from(&app, "0910000021", "203.0.113.50, 198.51.100.1").await, 429);

    // Not trusted: the header is ignored and everyone is the peer.
    let Some(app) = TestApp::spawn_with(backend, |c| c.public_limits = (2, 100)).await else { return };
    assert_eq!(lookup_from(&app, "0910000030", "198.51.100.1").await, 200);
    assert_eq!(lookup_from(&app, "0910000031", "198.51.100.2").await, 200);
    assert_eq!(lookup_from(&app, "0910000032", "198.51.100.3").await, 429, "one peer, one limit");
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
        let conn: &mut loyalty_db::DbConnection = &mut conn;
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
