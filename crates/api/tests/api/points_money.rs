//! Points as money (issue #19, item 5): the owner gives points a value, the cashier redeems a
//! chosen number of points as a discount, the public lookup shows the balance's worth. On both
//! backends. The demo owner: 100 points = 5.000 LYD, at least 50 points at once.

use futures_util::future::join_all;
use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    the_owner_sets_and_clears_the_points_value,
    the_cashier_uses_a_chosen_number_of_points,
    bad_uses_of_points_change_nothing,
    without_a_value_points_buy_rewards_only,
    concurrent_uses_of_points_never_overdraw,
    liability_is_the_points_customers_hold_and_their_value,
);

struct Counter {
    app: TestApp,
    owner: String,
    cashier: String,
}

async fn counter(backend: Backend) -> Option<Counter> {
    let app = TestApp::spawn_demo(backend).await?;
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    Some(Counter { app, owner, cashier })
}

impl Counter {
    /// A fresh customer of the cashier's store with this phone and `points` given by hand.
    async fn customer(&self, phone: &str, points: i64) -> i64 {
        let body = json!({"name": "Money Customer", "phone": phone});
        let (status, body) = self.app.post("/api/v1/customers", Some(&self.cashier), &body).await;
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

    async fn use_points(&self, customer: i64, points: i64) -> (u16, Value) {
        let body = json!({"customer_id": customer, "points": points});
        self.app.post("/api/v1/redemptions", Some(&self.cashier), &body).await
    }

    async fn preview(&self, query: &str) -> (u16, Value) {
        self.app.get(&format!("/api/v1/redemptions/preview?{query}"), Some(&self.cashier)).await
    }

    fn balance(&self, customer: i64) -> i64 {
        self.app.scalar(&format!("SELECT loyalty_points AS n FROM customers WHERE id = {customer}"))
    }

    fn redemptions(&self, customer: i64) -> i64 {
        self.app.scalar(&format!("SELECT COUNT(*) AS n FROM redemptions WHERE customer_id = {customer}"))
    }
}

async fn the_owner_sets_and_clears_the_points_value(backend: Backend) {
    let Some(c) = counter(backend).await else { return };
    let (status, body) = c.app.get("/api/v1/loyalty-config", Some(&c.owner)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["data"]["point_value"].as_str(), body["data"]["min_redeem_points"].as_i64()),
        (Some("5.000"), Some(50))
    );

    // Bounds, every bad field at once, and nothing changes.
    let bad = json!({"point_value": "1000.001", "min_redeem_points": 0});
    let (status, body) = c.app.put("/api/v1/loyalty-config", Some(&c.owner), &bad).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["point_value"][0], "The value of 100 points must be between 0.001 and 1,000 LYD");
    assert_eq!(
        body["errors"]["min_redeem_points"][0],
        "The fewest points to use at once must be between 1 and 1,000,000"
    );
    let (status, body) = c.app.put("/api/v1/loyalty-config", Some(&c.owner), &json!({"point_value": "0"})).await;
    assert_eq!((status, body["details"][0]["code"].as_str()), (422, Some("point_value_range")), "{body}");
    // A blank is not "off" (null is): refused like any amount that is not one.
    let (status, body) = c.app.put("/api/v1/loyalty-config", Some(&c.owner), &json!({"point_value": ""})).await;
    assert_eq!((status, body["details"][0]["code"].as_str()), (422, Some("money_invalid")), "{body}");
    let stored = c.app.scalar("SELECT point_value_dirhams AS n FROM loyalty_settings");
    assert_eq!(stored, 5_000);

    // A JSON number exactly as written, a field left out keeps its value, null turns it off.
    let (status, body) = c.app.put("/api/v1/loyalty-config", Some(&c.owner), &json!({"point_value": 1.25})).await;
    assert_eq!((status, body["data"]["point_value"].as_str()), (200, Some("1.250")), "{body}");
    let (status, body) = c.app.put("/api/v1/loyalty-config", Some(&c.owner), &json!({"min_redeem_points": 1})).await;
    assert_eq!((status, body["data"]["point_value"].as_str()), (200, Some("1.250")), "{body}");
    assert_eq!(body["data"]["min_redeem_points"], 1);
    let (status, body) = c.app.put("/api/v1/loyalty-config", Some(&c.owner), &json!({"point_value": null})).await;
    assert_eq!((status, body["data"]["point_value"].clone()), (200, Value::Null), "{body}");
    // The cashier's counter sees the owner's settings, and cannot change them.
    let (status, body) = c.app.get("/api/v1/loyalty-config", Some(&c.cashier)).await;
    assert_eq!((status, body["data"]["point_value"].clone()), (200, Value::Null));
    assert_eq!(c.app.put("/api/v1/loyalty-config", Some(&c.cashier), &json!({"point_value": "1"})).await.0, 403);
}

async fn the_cashier_uses_a_chosen_number_of_points(backend: Backend) {
    let Some(c) = counter(backend).await else { return };
    let customer = c.customer("0913330001", 1_234).await;

    // The terms and the whole balance's worth: 1,234 points x 5.000 / 100 = 61.700 LYD.
    let (status, body) = c.preview(&format!("customer_id={customer}")).await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!((data["balance"].as_i64(), data["balance_value"].as_str()), (Some(1_234), Some("61.700")));
    assert_eq!((data["point_value"].as_str(), data["min_points"].as_i64()), (Some("5.000"), Some(50)));
    assert_eq!((data["points"].clone(), data["value"].clone()), (Value::Null, Value::Null));
    // 333 points are worth 16.650 LYD; the preview spends nothing.
    let (status, body) = c.preview(&format!("customer_id={customer}&points=333")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["data"]["value"].as_str(), body["data"]["balance_after"].as_i64()), (Some("16.650"), Some(901)));
    assert_eq!(c.balance(customer), 1_234);

    let key = "money-use-1";
    let body = json!({"customer_id": customer, "points": 333});
    let (status, first) = c.app.post_keyed("/api/v1/redemptions", &c.cashier, key, &body).await;
    assert_eq!(status, 201, "{first}");
    let redemption = &first["data"]["redemption"];
    assert_eq!((redemption["value"].as_str(), redemption["reward"].clone()), (Some("16.650"), Value::Null));
    assert_eq!(
        (redemption["points_spent"].as_i64(), first["data"]["customer_total_points"].as_i64()),
        (Some(333), Some(901))
    );
    // A retry with the same key answers the same and spends nothing more.
    let (status, again) = c.app.post_keyed("/api/v1/redemptions", &c.cashier, key, &body).await;
    assert_eq!((status, &again["data"]), (201, &first["data"]));
    assert_eq!((c.balance(customer), c.redemptions(customer)), (901, 1));
    // The same key for another number of points is a different request.
    let other = json!({"customer_id": customer, "points": 334});
    let (status, reused) = c.app.post_keyed("/api/v1/redemptions", &c.cashier, key, &other).await;
    assert_eq!((status, reused["code"].as_str()), (409, Some("idempotency_key_reused")));

    // Recorded with its value: the ledger, the list, the activity, the export.
    let ledger = c.app.scalar(&format!(
        "SELECT delta AS n FROM points_ledger WHERE customer_id = {customer} AND kind = 'redemption'"
    ));
    assert_eq!(ledger, -333);
    let (status, list) = c.app.get(&format!("/api/v1/customers/{customer}/redemptions"), Some(&c.cashier)).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["data"][0]["value"], "16.650");
    let (status, export) = c.app.get("/api/v1/exports/redemptions", Some(&c.owner)).await;
    assert_eq!(status, 200);
    let csv = export.as_str().map(str::to_owned).unwrap_or_else(|| export.to_string());
    assert!(csv.contains("16.650"), "the export lacks the value: {csv:.300}");
    c.app.assert_ledger_matches_balances();

    // The customer sees what the rest is worth without signing in: 901 points = 45.050 LYD.
    let (status, lookup) = c.app.post("/api/v1/public/points", None, &json!({"phone": "0913330001"})).await;
    assert_eq!(status, 200, "{lookup}");
    assert_eq!(
        (lookup["data"]["stores"][0]["points"].as_i64(), lookup["data"]["stores"][0]["points_value"].as_str()),
        (Some(901), Some("45.050"))
    );
}

async fn bad_uses_of_points_change_nothing(backend: Backend) {
    let Some(c) = counter(backend).await else { return };
    let customer = c.customer("0913330002", 120).await;
    let coffee = c.app.scalar("SELECT id AS n FROM rewards WHERE points_required = 50");
    let cases = [
        // Below the owner's minimum of 50, in the preview and the redemption alike.
        (
            json!({"customer_id": customer, "points": 49}),
            "points",
            "This is fewer points than the store's minimum to use at once",
        ),
        (json!({"customer_id": customer, "points": 0}), "points", "Please enter a valid number of points (minimum 1)"),
        (json!({"customer_id": customer, "points": -5}), "points", "Please enter a valid number of points (minimum 1)"),
        (
            json!({"customer_id": customer, "points": 60, "reward_id": coffee}),
            "points",
            "Choose a reward or a number of points, not both",
        ),
        (json!({"customer_id": customer}), "reward_id", "Please select a reward"),
    ];
    for (body, field, message) in cases {
        let (status, answer) = c.app.post("/api/v1/redemptions", Some(&c.cashier), &body).await;
        assert_eq!((status, answer["errors"][field][0].as_str()), (422, Some(message)), "{body}: {answer}");
    }
    let (status, answer) = c.preview(&format!("customer_id={customer}&points=49")).await;
    assert_eq!(
        (status, answer["errors"]["points"][0].as_str()),
        (422, Some("This is fewer points than the store's minimum to use at once"))
    );
    // More than the balance: one answer for one cause, in the preview and the redemption alike
    // (the code of a reward's shortfall, said of the points asked for).
    let (status, previewed) = c.preview(&format!("customer_id={customer}&points=121")).await;
    let (status_used, used) = c.use_points(customer, 121).await;
    for (status, answer) in [(status, &previewed), (status_used, &used)] {
        assert_eq!((status, answer["code"].as_str()), (409, Some("insufficient_points")), "{answer}");
        assert_eq!(answer["message"], "The customer does not have that many points", "{answer}");
        assert_eq!(answer["errors"]["points"][0], "The customer does not have that many points", "{answer}");
        assert_eq!(answer["details"][0]["code"], "insufficient_points", "{answer}");
    }
    // Not a whole number: the type is an integer.
    let body = json!({"customer_id": customer, "points": 60.5});
    assert_eq!(c.app.post("/api/v1/redemptions", Some(&c.cashier), &body).await.0, 422);
    // Another store's customer is not at this counter.
    let elsewhere = c.app.scalar(
        "SELECT MIN(id) AS n FROM customers WHERE store_id <> (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
    );
    assert_eq!(c.use_points(elsewhere, 60).await.0, 404);
    assert_eq!(c.preview(&format!("customer_id={elsewhere}")).await.0, 404);
    // Only those who redeem: the owner neither previews nor redeems at a counter.
    let path = format!("/api/v1/redemptions/preview?customer_id={customer}");
    assert_eq!(c.app.get(&path, Some(&c.owner)).await.0, 403);
    let (status, answer) = c.preview("").await;
    assert_eq!((status, answer["errors"]["customer_id"][0].as_str()), (422, Some("Please select a customer first")));

    assert_eq!((c.balance(customer), c.redemptions(customer)), (120, 0));
    c.app.assert_ledger_matches_balances();
}

async fn without_a_value_points_buy_rewards_only(backend: Backend) {
    let Some(c) = counter(backend).await else { return };
    let customer = c.customer("0913330003", 500).await;
    let (status, _) = c.app.put("/api/v1/loyalty-config", Some(&c.owner), &json!({"point_value": null})).await;
    assert_eq!(status, 200);

    let (status, body) = c.preview(&format!("customer_id={customer}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["data"]["point_value"].clone(), body["data"]["balance_value"].clone()),
        (Value::Null, Value::Null)
    );
    let (status, body) = c.preview(&format!("customer_id={customer}&points=100")).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("points_have_no_value")), "{body}");
    let (status, body) = c.use_points(customer, 100).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("points_have_no_value")), "{body}");
    let (status, lookup) = c.app.post("/api/v1/public/points", None, &json!({"phone": "0913330003"})).await;
    assert_eq!((status, lookup["data"]["stores"][0]["points_value"].clone()), (200, Value::Null));

    // Rewards work as before.
    let coffee = c.app.scalar("SELECT id AS n FROM rewards WHERE points_required = 50");
    let (status, body) = c
        .app
        .post("/api/v1/redemptions", Some(&c.cashier), &json!({"customer_id": customer, "reward_id": coffee}))
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (body["data"]["redemption"]["value"].clone(), body["data"]["redemption"]["reward"]["id"].as_i64()),
        (Value::Null, Some(coffee))
    );
    assert_eq!((c.balance(customer), c.redemptions(customer)), (450, 1));
}

async fn concurrent_uses_of_points_never_overdraw(backend: Backend) {
    let Some(c) = counter(backend).await else { return };
    // 560 points pay for exactly 7 uses of 80.
    let customer = c.customer("0913330004", 560).await;
    let results = join_all((0..60).map(|_| c.use_points(customer, 80))).await;
    let ok = results.iter().filter(|(s, _)| *s == 201).count();
    let refused = results.iter().filter(|(s, b)| *s == 409 && b["code"] == "insufficient_points").count();
    assert_eq!((ok, refused), (7, 53), "{:?}", results.iter().map(|r| r.0).collect::<Vec<_>>());
    assert_eq!((c.balance(customer), c.redemptions(customer)), (0, 7));
    let value = c.app.scalar(&format!(
        "SELECT CAST(SUM(value_dirhams) AS BIGINT) AS n FROM redemptions WHERE customer_id = {customer}"
    ));
    assert_eq!(value, 7 * 4_000);
    c.app.assert_ledger_matches_balances();
}

async fn liability_is_the_points_customers_hold_and_their_value(backend: Backend) {
    let Some(c) = counter(backend).await else { return };
    let liability = || async {
        let (status, body) = c.app.get("/api/v1/store-owner/liability", Some(&c.owner)).await;
        assert_eq!(status, 200, "{body}");
        body["data"].clone()
    };
    let held = || {
        c.app.scalar(
            "SELECT CAST(COALESCE(SUM(loyalty_points), 0) AS BIGINT) AS n FROM customers \
             WHERE deleted_at IS NULL AND store_id IN \
             (SELECT id FROM stores WHERE owner_id = (SELECT id FROM users WHERE email = 'owner@demo.ly'))",
        )
    };
    let before = liability().await;
    let points = held();
    assert!(points > 0, "the demo's customers hold points");
    assert_eq!(before["outstanding_points"].as_i64(), Some(points));
    // 100 points = 5.000 LYD: the value is points x 50 dirhams.
    let value = format!("{}.{:03}", points * 50 / 1000, points * 50 % 1000);
    assert_eq!(before["outstanding_value"].as_str(), Some(value.as_str()));
    let stores = before["stores"].as_array().cloned().unwrap_or_default();
    assert_eq!(stores.len(), 2);
    assert_eq!(stores.iter().filter_map(|s| s["points"].as_i64()).sum::<i64>(), points);

    // Twelve Tripoli months, this one last, and the months add up to the store days' figures.
    let months = before["months"].as_array().cloned().unwrap_or_default();
    assert_eq!(months.len(), 12);
    let this_month = (chrono::Utc::now() + chrono::Duration::hours(2)).format("%Y-%m").to_string();
    assert_eq!(months[11]["month"].as_str(), Some(this_month.as_str()));
    let first_day = format!("{}-01", months[0]["month"].as_str().unwrap_or_default());
    let owner_days = format!(
        "FROM store_days WHERE day >= '{first_day}' AND store_id IN \
         (SELECT id FROM stores WHERE owner_id = (SELECT id FROM users WHERE email = 'owner@demo.ly'))"
    );
    let earned = c.app.scalar(&format!("SELECT CAST(COALESCE(SUM(points_issued), 0) AS BIGINT) AS n {owner_days}"));
    let redeemed = c.app.scalar(&format!("SELECT CAST(COALESCE(SUM(points_redeemed), 0) AS BIGINT) AS n {owner_days}"));
    let sum = |field: &str| months.iter().filter_map(|m| m[field].as_i64()).sum::<i64>();
    assert_eq!((sum("earned"), sum("redeemed")), (earned, redeemed));
    assert!(earned > 0 && redeemed > 0, "the demo has sales and redemptions in the last months");

    // A sale and a use of points this month move this month and the outstanding points.
    let customer = c.customer("0913330005", 0).await;
    let sale = json!({"customer_id": customer, "total_cost": "100"});
    assert_eq!(c.app.post("/api/v1/invoices", Some(&c.cashier), &sale).await.0, 201);
    assert_eq!(c.use_points(customer, 60).await.0, 201);
    let after = liability().await;
    assert_eq!(after["outstanding_points"].as_i64(), Some(points + 100 - 60));
    assert_eq!(after["months"][11]["earned"].as_i64(), months[11]["earned"].as_i64().map(|n| n + 100));
    assert_eq!(after["months"][11]["redeemed"].as_i64(), months[11]["redeemed"].as_i64().map(|n| n + 60));

    // Without a value, the points alone; another owner sees only its own (nothing yet).
    assert_eq!(c.app.put("/api/v1/loyalty-config", Some(&c.owner), &json!({"point_value": null})).await.0, 200);
    let plain = liability().await;
    assert_eq!((plain["point_value"].clone(), plain["outstanding_value"].clone()), (Value::Null, Value::Null));
    assert_eq!(plain["stores"][0]["value"], Value::Null);
    let form = json!({"name": "Other Owner", "email": "other@liability.ly", "password": "other-owner-1", "store_owner_name": "Other"});
    let (status, registered) = c.app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 201, "{registered}");
    let other = registered["data"]["token"].as_str().unwrap_or_default().to_owned();
    let (status, theirs) = c.app.get("/api/v1/store-owner/liability", Some(&other)).await;
    assert_eq!((status, theirs["data"]["outstanding_points"].as_i64()), (200, Some(0)), "{theirs}");
    assert_eq!(theirs["data"]["months"].as_array().map(Vec::len), Some(12));
    assert_eq!(c.app.get("/api/v1/store-owner/liability", Some(&c.cashier)).await.0, 403);
}
