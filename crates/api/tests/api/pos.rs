//! The cashier's counter: invoices, redemptions, customers, history, on both backends.

use futures_util::future::join_all;
use serde_json::{json, Value};

use crate::helpers::{both_backends, read, Backend, TestApp};

both_backends!(
    invoices_award_points_by_the_owners_rate,
    invoice_validation_writes_nothing,
    amounts_are_read_exactly_as_written,
    invoice_numbers_are_unique_per_store,
    totals_above_the_owners_maximum_are_refused_and_previewed,
    idempotency_key_replays_the_first_answer,
    customer_creation_and_voids_take_an_idempotency_key,
    pos_endpoints_respect_roles_and_stores,
    redemption_deducts_or_refuses,
    concurrent_redemptions_never_overdraw,
    concurrent_invoices_lose_no_update,
    concurrent_retries_with_one_key_create_one_invoice,
    mixed_concurrent_sales_and_redemptions_add_up_exactly,
);

/// Demo facts: the cashier works in the Tripoli store; Fatima (0912345678) is its customer;
/// the owner gives 1 point per LYD from 5 LYD; the coffee costs 50 points.
pub(crate) struct Demo {
    pub(crate) app: TestApp,
    pub(crate) cashier: String,
    pub(crate) fatima: i64,
    pub(crate) benghazi_customer: i64,
    pub(crate) coffee: i64,
}

pub(crate) async fn demo(backend: Backend) -> Option<Demo> {
    demo_with(backend, |_| {}).await
}

/// The demo, its server configured by `adjust` too.
pub(crate) async fn demo_with(backend: Backend, adjust: impl FnOnce(&mut loyalty_api::Config)) -> Option<Demo> {
    let app = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        adjust(c);
    })
    .await?;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let fatima = app.scalar(
        "SELECT id AS n FROM customers WHERE phone = '+218912345678' \
         AND store_id = (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
    );
    let benghazi_customer = app.scalar(
        "SELECT MIN(id) AS n FROM customers WHERE store_id <> (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
    );
    let coffee = app.scalar("SELECT id AS n FROM rewards WHERE points_required = 50");
    Some(Demo { app, cashier, fatima, benghazi_customer, coffee })
}

impl Demo {
    pub(crate) async fn balance(&self, customer: i64) -> i64 {
        let (status, body) = self.app.get(&format!("/api/v1/customers/{customer}"), Some(&self.cashier)).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["loyalty_points"].as_i64().unwrap_or(-1)
    }

    pub(crate) async fn invoice(&self, customer: i64, total: Value) -> (u16, Value) {
        self.app
            .post("/api/v1/invoices", Some(&self.cashier), &json!({"customer_id": customer, "total_cost": total}))
            .await
    }

    /// A fresh customer of the cashier's store with `points` given by hand.
    pub(crate) async fn customer_with(&self, name: &str, points: i64) -> i64 {
        let (status, body) = self.app.post("/api/v1/customers", Some(&self.cashier), &json!({"name": name})).await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["id"].as_i64().unwrap_or_default();
        let mut left = points;
        while left > 0 {
            let step = left.min(10_000);
            let path = format!("/api/v1/customers/{id}/points");
            assert_eq!(self.app.put(&path, Some(&self.cashier), &json!({"points": step})).await.0, 200);
            left -= step;
        }
        id
    }
}

async fn invoices_award_points_by_the_owners_rate(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let (status, body) = d.invoice(d.fatima, json!("23.750")).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["points_added"], 23);
    assert_eq!(body["data"]["customer_total_points"], before + 23);
    assert_eq!(body["data"]["invoice"]["total_cost"], "23.750");
    assert_eq!(body["data"]["invoice"]["pos_user"]["name"], "سالم الزوي");

    // Below the owner's minimum purchase (5 LYD): recorded, no points. A JSON number works too.
    let (status, body) = d.invoice(d.fatima, json!(4.999)).await;
    assert_eq!((status, body["data"]["points_added"].as_i64()), (201, Some(0)));
    assert_eq!(body["data"]["invoice"]["total_cost"], "4.999");

    // A new rate applies to every later invoice.
    d.app.execute("UPDATE loyalty_settings SET points_per_lyd_milli = 1500");
    let (_, body) = d.invoice(d.fatima, json!("10")).await;
    assert_eq!(body["data"]["points_added"], 15);
    assert_eq!(d.balance(d.fatima).await, before + 23 + 15);
    d.app.assert_ledger_matches_balances();
}

async fn invoice_validation_writes_nothing(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let count = || d.app.scalar("SELECT COUNT(*) AS n FROM invoices");
    let before = count();
    let (status, body) = d.app.post("/api/v1/invoices", Some(&d.cashier), &json!({"total_cost": "5"})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["customer_id"][0], "Please select a customer before creating an invoice");
    for (total, message) in [
        (json!(null), "Total cost is required"),
        (json!("0.001"), "Total cost must be at least 0.01"),
        (json!("0"), "Total cost must be at least 0.01"),
        (json!("-5"), "Total cost must be at least 0.01"),
        (json!("12.3456"), "Enter an amount in LYD with at most 3 decimals"),
        (json!("abc"), "Enter an amount in LYD with at most 3 decimals"),
    ] {
        let (status, body) = d.invoice(d.fatima, total.clone()).await;
        assert_eq!(status, 422, "{total}: {body}");
        assert_eq!(body["errors"]["total_cost"][0], message, "{total}");
    }
    let (status, _) = d.invoice(d.fatima, json!(true)).await;
    assert_eq!(status, 422);
    assert_eq!(count(), before);
}

/// Amounts are exact (#14 item 7): a JSON number is read as written, never through a float, so
/// an over-long number or an exponent is refused like the same string, and nothing is written.
async fn amounts_are_read_exactly_as_written(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let count = || d.app.scalar("SELECT COUNT(*) AS n FROM invoices");
    let before = (count(), d.balance(d.fatima).await);
    let fatima = d.fatima;
    let send = |total: &'static str| {
        let (app, token) = (&d.app, d.cashier.clone());
        async move {
            let body = format!(r#"{{"customer_id": {fatima}, "total_cost": {total}}}"#);
            let response = app
                .client
                .post(app.url("/api/v1/invoices"))
                .bearer_auth(token)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await;
            read(response).await
        }
    };
    for total in [
        "12.0000000000000001",
        "12.0001",
        "1e2",
        "1E2",
        "12.5e0",
        "-0",
        r#""1_000""#,
        r#""1e3""#,
        r#""+5""#,
        r#"".5""#,
        r#""12.""#,
        r#""1,000""#,
        "123456789012345678901234567890",
    ] {
        let (status, body) = send(total).await;
        assert_eq!(status, 422, "{total}: {body}");
        assert!(body["errors"]["total_cost"][0].is_string(), "{total}: {body}");
    }
    for shape in ["[12]", "{}", "true"] {
        let (status, body) = send(shape).await;
        assert_eq!(status, 422, "{shape}: {body}");
        assert!(body["errors"]["total_cost"].is_array(), "{shape}: {body}");
    }
    assert_eq!((count(), d.balance(d.fatima).await), before);
    // Exact numbers and strings still sell, to the dirham.
    let (status, body) = send("12.5").await;
    assert_eq!((status, body["data"]["invoice"]["total_cost"].as_str()), (201, Some("12.500")), "{body}");
    let (status, body) = send(r#""7.125""#).await;
    assert_eq!((status, body["data"]["invoice"]["total_cost"].as_str()), (201, Some("7.125")), "{body}");
    let (status, body) = send("20").await;
    assert_eq!((status, body["data"]["invoice"]["total_cost"].as_str()), (201, Some("20.000")), "{body}");
}

async fn totals_above_the_owners_maximum_are_refused_and_previewed(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let count = || d.app.scalar("SELECT COUNT(*) AS n FROM invoices");
    let (before, balance) = (count(), d.balance(d.fatima).await);
    // The default maximum is 10,000.000 LYD: 999,999,999.999 is a mistyped total, not a sale.
    for total in ["999999999.999", "10000.001"] {
        let (status, body) = d.invoice(d.fatima, json!(total)).await;
        assert_eq!(
            (status, body["errors"]["total_cost"][0].as_str()),
            (422, Some("Total cost is above this store's maximum invoice total")),
            "{total}"
        );
    }
    assert_eq!((count(), d.balance(d.fatima).await), (before, balance));

    // The preview answers from the same rule: points, the minimum (5 LYD) and "confirm above".
    let preview = |total: &str| {
        let (app, token, path) = (&d.app, d.cashier.clone(), format!("/api/v1/invoices/preview?total={total}"));
        async move { app.get(&path, Some(&token)).await }
    };
    let (status, body) = preview("4.999").await;
    assert_eq!((status, body["data"]["points"].as_i64()), (200, Some(0)), "{body}");
    assert_eq!(body["data"]["settings"]["min_purchase"], "5.000");
    let (_, body) = preview("1000").await;
    assert_eq!(
        (body["data"]["points"].as_i64(), body["data"]["needs_confirmation"].as_bool()),
        (Some(1000), Some(false))
    );
    let (_, body) = preview("%D9%A1%D9%A0%D9%A0%D9%A0.001").await; // "١٠٠٠.001"
    assert_eq!(
        (body["data"]["total"].as_str(), body["data"]["needs_confirmation"].as_bool()),
        (Some("1000.001"), Some(true))
    );
    // Its errors name its own parameter, `total`.
    let (status, body) = preview("10000.001").await;
    assert_eq!(
        (status, body["errors"]["total"][0].as_str()),
        (422, Some("Total cost is above this store's maximum invoice total"))
    );
    let (status, body) = preview("").await;
    assert_eq!((status, body["errors"]["total"][0].as_str()), (422, Some("Total cost is required")));
    assert_eq!(body["details"][0]["field"], "total", "{body}");
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    assert_eq!(d.app.get("/api/v1/invoices/preview?total=5", Some(&owner)).await.0, 403);

    // The owner lowers the maximum: the next sale above it is refused with the same message.
    let config = json!({"max_invoice_total": "50", "confirm_above": "20"});
    let (status, body) = d.app.put("/api/v1/loyalty-config", Some(&owner), &config).await;
    assert_eq!((status, body["data"]["max_invoice_total"].as_str()), (200, Some("50.000")), "{body}");
    assert_eq!(d.invoice(d.fatima, json!("50.001")).await.0, 422);
    let (_, body) = preview("20.001").await;
    assert_eq!(body["data"]["needs_confirmation"], true);
    let (status, body) = d.invoice(d.fatima, json!("50")).await;
    assert_eq!((status, body["data"]["points_added"].as_i64()), (201, Some(50)));
    d.app.assert_ledger_matches_balances();
}

async fn invoice_numbers_are_unique_per_store(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let body = json!({"customer_id": d.fatima, "invoice_id": "T-77", "total_cost": "10"});
    assert_eq!(d.app.post("/api/v1/invoices", Some(&d.cashier), &body).await.0, 201);
    let (status, error) = d.app.post("/api/v1/invoices", Some(&d.cashier), &body).await;
    assert_eq!((status, error["code"].as_str()), (409, Some("invoice_number_taken")));
    assert_eq!(error["errors"]["invoice_id"][0], "This invoice number is already used in this store.");
    assert_eq!(d.balance(d.fatima).await, before + 10);
    d.app.assert_ledger_matches_balances();
}

async fn idempotency_key_replays_the_first_answer(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let body = json!({"customer_id": d.fatima, "total_cost": "30"});
    let first = d.app.post_keyed("/api/v1/invoices", &d.cashier, "sale-1", &body).await;
    let retry = d.app.post_keyed("/api/v1/invoices", &d.cashier, "sale-1", &body).await;
    assert_eq!(first.0, 201);
    assert_eq!(first, retry);
    assert_eq!(d.balance(d.fatima).await, before + 30);
    let other = json!({"customer_id": d.fatima, "total_cost": "31"});
    let (status, error) = d.app.post_keyed("/api/v1/invoices", &d.cashier, "sale-1", &other).await;
    assert_eq!((status, error["code"].as_str()), (409, Some("idempotency_key_reused")));

    let redeem = json!({"customer_id": d.fatima, "reward_id": d.coffee});
    let first = d.app.post_keyed("/api/v1/redemptions", &d.cashier, "gift-1", &redeem).await;
    let retry = d.app.post_keyed("/api/v1/redemptions", &d.cashier, "gift-1", &redeem).await;
    assert_eq!(first.0, 201, "{}", first.1);
    assert_eq!(first, retry);
    assert_eq!(d.balance(d.fatima).await, before + 30 - 50);
    d.app.assert_ledger_matches_balances();

    // A replay says so in a header; a first answer does not.
    let replayed = |key: &'static str, total: &'static str| {
        let request = d.app.client.post(d.app.url("/api/v1/invoices")).bearer_auth(&d.cashier);
        let body = json!({"customer_id": d.fatima, "total_cost": total});
        async move {
            let response =
                request.header("Idempotency-Key", key).json(&body).send().await.unwrap_or_else(|e| panic!("{e}"));
            (response.status().as_u16(), response.headers().get("idempotent-replayed").map(|v| v.as_bytes().to_vec()))
        }
    };
    assert_eq!(replayed("sale-2", "5").await, (201, None));
    assert_eq!(replayed("sale-2", "5").await, (201, Some(b"true".to_vec())));

    // A malformed key can never be retried into success: it is a 422 naming the header, and
    // nothing is sold.
    let balance = d.balance(d.fatima).await;
    for key in ["has space", &"k".repeat(256), "", "مفتاح-1"] {
        let (status, error) = d.app.post_keyed("/api/v1/invoices", &d.cashier, key, &body).await;
        assert_eq!(
            (status, error["errors"]["Idempotency-Key"][0].as_str()),
            (422, Some("Idempotency-Key must be 1 to 255 visible ASCII characters, without spaces")),
            "{key}"
        );
    }
    assert_eq!(d.balance(d.fatima).await, balance);
}

async fn customer_creation_and_voids_take_an_idempotency_key(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let app = &d.app;
    let count = |sql: &str| app.scalar(sql);
    let customers = count("SELECT COUNT(*) AS n FROM customers");

    // A new customer: the retry answers the same customer, marked replayed, and adds nobody.
    let body = json!({"name": "Retry Once", "phone": "0914440001"});
    let send = |key: &'static str, body: Value| {
        let request = app.client.post(app.url("/api/v1/customers")).bearer_auth(&d.cashier);
        async move {
            let response = request.header("Idempotency-Key", key).json(&body).send().await;
            let replayed = response.as_ref().ok().and_then(|r| r.headers().get("idempotent-replayed").cloned());
            let (status, answer) = read(response).await;
            (status, answer, replayed.map(|v| v.as_bytes().to_vec()))
        }
    };
    let (status, first, replayed) = send("customer-1", body.clone()).await;
    assert_eq!((status, replayed), (201, None), "{first}");
    let (status, retry, replayed) = send("customer-1", body.clone()).await;
    assert_eq!((status, replayed), (201, Some(b"true".to_vec())), "{retry}");
    assert_eq!(first["data"]["id"], retry["data"]["id"]);
    assert_eq!(count("SELECT COUNT(*) AS n FROM customers"), customers + 1);
    // Without a key the same phone is taken; with the key and another body, the key is reused.
    let (status, taken) = app.post("/api/v1/customers", Some(&d.cashier), &body).await;
    assert_eq!((status, taken["details"][0]["code"].as_str()), (422, Some("phone_taken")), "{taken}");
    let other = json!({"name": "Someone Else", "phone": "0914440002"});
    let (status, reused) = app.post_keyed("/api/v1/customers", &d.cashier, "customer-1", &other).await;
    assert_eq!((status, reused["code"].as_str()), (409, Some("idempotency_key_reused")), "{reused}");
    for key in ["", "has space", &"k".repeat(256), "مفتاح"] {
        let (status, error) = app.post_keyed("/api/v1/customers", &d.cashier, key, &other).await;
        assert_eq!(status, 422, "{key}: {error}");
        assert!(error["errors"]["Idempotency-Key"].is_array(), "{key}: {error}");
    }
    assert_eq!(count("SELECT COUNT(*) AS n FROM customers"), customers + 1, "refusals add nobody");

    // A void: the retry answers the voided invoice again, not "already voided", and takes the
    // points back once.
    let before = d.balance(d.fatima).await;
    let (status, sold) =
        app.post("/api/v1/invoices", Some(&d.cashier), &json!({"customer_id": d.fatima, "total_cost": "20"})).await;
    assert_eq!(status, 201, "{sold}");
    let void = format!("/api/v1/invoices/{}/void", sold["data"]["invoice"]["id"]);
    let reason = json!({"reason": "typed twice"});
    for key in ["", &"v".repeat(256)] {
        let (status, error) = app.post_keyed(&void, &d.cashier, key, &reason).await;
        assert_eq!(status, 422, "{key}: {error}");
        assert!(error["errors"]["Idempotency-Key"].is_array(), "{error}");
    }
    let first = app.post_keyed(&void, &d.cashier, "void-1", &reason).await;
    assert_eq!(first.0, 200, "{}", first.1);
    let retry = app.post_keyed(&void, &d.cashier, "void-1", &reason).await;
    assert_eq!(retry, first);
    assert_eq!(d.balance(d.fatima).await, before, "the points went back once");
    let (status, again) = app.post(&void, Some(&d.cashier), &reason).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("invoice_already_voided")), "{again}");
    let (status, reused) = app.post_keyed(&void, &d.cashier, "void-1", &json!({"reason": "another"})).await;
    assert_eq!((status, reused["code"].as_str()), (409, Some("idempotency_key_reused")), "{reused}");
    app.assert_ledger_matches_balances();
}

async fn pos_endpoints_respect_roles_and_stores(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let admin = d.app.login("admin@demo.ly", "demo1234").await;
    let sale = json!({"customer_id": d.fatima, "total_cost": "10"});
    assert_eq!(d.app.post("/api/v1/invoices", None, &sale).await.0, 401);
    assert_eq!(d.app.post("/api/v1/invoices", Some(&owner), &sale).await.0, 403);
    assert_eq!(d.app.post("/api/v1/invoices", Some(&admin), &sale).await.0, 403);
    let redeem = json!({"customer_id": d.fatima, "reward_id": d.coffee});
    assert_eq!(d.app.post("/api/v1/redemptions", Some(&owner), &redeem).await.0, 403);

    // The owner's other store is another store for its cashier: 404, never a leak.
    let foreign = d.benghazi_customer;
    let (status, body) = d.invoice(foreign, json!("10")).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
    for path in [format!("/api/v1/customers/{foreign}"), format!("/api/v1/customers/{foreign}/history")] {
        assert_eq!(d.app.get(&path, Some(&d.cashier)).await.0, 404, "{path}");
    }
    let path = format!("/api/v1/customers/{foreign}/points");
    assert_eq!(d.app.put(&path, Some(&d.cashier), &json!({"points": 5})).await.0, 404);
    assert_eq!(d.app.delete(&format!("/api/v1/customers/{foreign}"), Some(&d.cashier)).await.0, 404);
    let (_, list) = d.app.get("/api/v1/customers?per_page=100", Some(&d.cashier)).await;
    assert!(list["data"].as_array().is_some_and(|c| c.iter().all(|c| c["id"] != foreign)));

    // The owner sees both stores; another owner sees none of it; the admin reads all.
    assert_eq!(d.app.get(&format!("/api/v1/customers/{foreign}"), Some(&owner)).await.0, 200);
    assert_eq!(d.app.get(&format!("/api/v1/customers/{foreign}"), Some(&admin)).await.0, 200);
    let form = json!({"name": "Other", "email": "other@shop.ly", "password": "other-owner", "store_owner_name": "O"});
    let (_, other) = d.app.post("/api/v1/auth/register", None, &form).await;
    let other = other["data"]["token"].as_str().unwrap_or_default().to_owned();
    assert_eq!(d.app.get(&format!("/api/v1/customers/{}", d.fatima), Some(&other)).await.0, 404);
    let (status, list) = d.app.get("/api/v1/customers", Some(&other)).await;
    assert_eq!((status, list["meta"]["total"].as_i64()), (200, Some(0)));
    let (status, list) = d.app.get("/api/v1/invoices", Some(&other)).await;
    assert_eq!((status, list["meta"]["total"].as_i64()), (200, Some(0)));
    assert_eq!(d.app.get("/api/v1/customers?store_id=1", Some(&other)).await.0, 404);
    assert_eq!(d.app.get("/api/v1/pos/today", Some(&owner)).await.0, 403);
}

async fn redemption_deducts_or_refuses(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let redeem = |reward: i64| json!({"customer_id": d.fatima, "reward_id": reward});
    let (status, body) = d.app.post("/api/v1/redemptions", Some(&d.cashier), &redeem(d.coffee)).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["points_deducted"], 50);
    assert_eq!(body["data"]["customer_total_points"], before - 50);
    assert_eq!(body["data"]["redemption"]["reward"]["points_required"], 50);

    let big = d.app.scalar("SELECT id AS n FROM rewards WHERE points_required = 250");
    let (status, body) = d.app.post("/api/v1/redemptions", Some(&d.cashier), &redeem(big)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("insufficient_points")));
    assert_eq!(body["message"], "Customer has insufficient points for this reward");
    assert_eq!(d.balance(d.fatima).await, before - 50);

    let (status, body) = d.app.post("/api/v1/redemptions", Some(&d.cashier), &json!({})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["customer_id"][0], "Please select a customer first");
    assert_eq!(d.app.post("/api/v1/redemptions", Some(&d.cashier), &redeem(999_999)).await.0, 404);
    d.app.execute("UPDATE rewards SET is_active = false");
    let (status, body) = d.app.post("/api/v1/redemptions", Some(&d.cashier), &redeem(d.coffee)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("reward_unavailable")));
    d.app.assert_ledger_matches_balances();
}

async fn concurrent_redemptions_never_overdraw(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    // 260 points pay for exactly 5 coffees of 50.
    let customer = d.customer_with("Concurrent", 260).await;
    let body = json!({"customer_id": customer, "reward_id": d.coffee});
    let attempts = (0..100).map(|_| d.app.post("/api/v1/redemptions", Some(&d.cashier), &body));
    let results = join_all(attempts).await;
    let ok = results.iter().filter(|(s, _)| *s == 201).count();
    let refused = results.iter().filter(|(s, b)| *s == 409 && b["code"] == "insufficient_points").count();
    assert_eq!((ok, refused), (5, 95), "{:?}", results.iter().map(|r| r.0).collect::<Vec<_>>());
    assert_eq!(d.balance(customer).await, 10);
    let redemptions = d.app.scalar(&format!("SELECT COUNT(*) AS n FROM redemptions WHERE customer_id = {customer}"));
    assert_eq!(redemptions, 5);
    d.app.assert_ledger_matches_balances();
}

async fn concurrent_invoices_lose_no_update(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let results = join_all((0..40).map(|_| d.invoice(d.fatima, json!("10")))).await;
    assert!(results.iter().all(|(s, _)| *s == 201), "{:?}", results.iter().map(|r| r.0).collect::<Vec<_>>());
    assert_eq!(d.balance(d.fatima).await, before + 400);
    d.app.assert_ledger_matches_balances();
}

async fn concurrent_retries_with_one_key_create_one_invoice(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let invoices_before = d.app.scalar("SELECT COUNT(*) AS n FROM invoices");
    // With the till's invoice number: a twin that loses on the number, not on the key, still
    // answers with the winner's sale.
    let body = json!({"customer_id": d.fatima, "total_cost": "20", "invoice_id": "T1-000042"});
    let results = join_all((0..20).map(|_| d.app.post_keyed("/api/v1/invoices", &d.cashier, "same-sale", &body))).await;
    assert!(results.iter().all(|r| r.0 == 201), "{:?}", results.iter().map(|r| &r.1).collect::<Vec<_>>());
    assert!(results.iter().all(|r| r.1 == results[0].1));
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM invoices"), invoices_before + 1);
    assert_eq!(d.balance(d.fatima).await, before + 20);
    d.app.assert_ledger_matches_balances();
}

/// Keyed invoices, their retries and redemptions all at once on one customer: every keyed sale
/// counts once, each redemption that succeeds costs its points, and nothing is lost.
async fn mixed_concurrent_sales_and_redemptions_add_up_exactly(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.customer_with("Busy", 100).await;
    let sale = json!({"customer_id": customer, "total_cost": "10"});
    let redeem = json!({"customer_id": customer, "reward_id": d.coffee});
    let keys: Vec<String> = (0..15).map(|i| format!("sale-{i}")).collect();
    // Each sale is sent twice (a retry) with its key; redemptions are keyed one per attempt.
    let sales = keys.iter().chain(keys.iter()).map(|key| d.app.post_keyed("/api/v1/invoices", &d.cashier, key, &sale));
    let redeem_keys: Vec<String> = (0..15).map(|i| format!("redeem-{i}")).collect();
    let redemptions = redeem_keys.iter().map(|key| d.app.post_keyed("/api/v1/redemptions", &d.cashier, key, &redeem));
    let (sales, redemptions) = futures_util::future::join(join_all(sales), join_all(redemptions)).await;
    assert!(sales.iter().all(|r| r.0 == 201), "{:?}", sales.iter().map(|r| &r.1).collect::<Vec<_>>());
    let invoices = d.app.scalar(&format!("SELECT COUNT(*) AS n FROM invoices WHERE customer_id = {customer}"));
    assert_eq!(invoices, 15);
    let redeemed = redemptions.iter().filter(|r| r.0 == 201).count() as i64;
    let refused = redemptions.iter().filter(|r| r.0 == 409 && r.1["code"] == "insufficient_points").count() as i64;
    assert_eq!(redeemed + refused, 15, "{:?}", redemptions.iter().map(|r| &r.1).collect::<Vec<_>>());
    // 100 by hand, 10 per sale, 50 per coffee: at least 2 coffees always fit.
    assert!(redeemed >= 2);
    assert_eq!(d.balance(customer).await, 100 + 15 * 10 - 50 * redeemed);
    let rows = d.app.scalar(&format!("SELECT COUNT(*) AS n FROM redemptions WHERE customer_id = {customer}"));
    assert_eq!(rows, redeemed);
    d.app.assert_ledger_matches_balances();
}
