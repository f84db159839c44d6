//! Fraud signals (issue #19, item 4): each threshold, crossed and not, on both backends; one
//! signal per kind, subject and day with the latest figure; the feed entry; reviewing; the
//! owner's thresholds and their bounds. Nothing at the counter is blocked.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    more_sales_to_one_customer_than_allowed,
    a_cashier_voiding_more_than_its_share,
    a_cashier_adding_more_points_by_hand_than_the_daily_total,
    thresholds_are_the_owners_and_checked,
);

struct Shop {
    app: TestApp,
    owner: String,
    cashier: String,
}

impl Shop {
    async fn open(backend: Backend) -> Option<Shop> {
        let app = TestApp::spawn_demo(backend).await?;
        let owner = app.login("owner@demo.ly", "demo1234").await;
        let cashier = app.login("cashier@demo.ly", "demo1234").await;
        Some(Shop { app, owner, cashier })
    }

    async fn customer(&self, phone: &str) -> i64 {
        let body = json!({"name": "Signal Customer", "phone": phone});
        let (status, body) = self.app.post("/api/v1/customers", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        body["data"]["id"].as_i64().unwrap_or_default()
    }

    async fn sale(&self, customer: i64) -> i64 {
        let body = json!({"customer_id": customer, "total_cost": "10"});
        let (status, body) = self.app.post("/api/v1/invoices", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        body["data"]["invoice"]["id"].as_i64().unwrap_or_default()
    }

    async fn void(&self, token: &str, invoice: i64) {
        let path = format!("/api/v1/invoices/{invoice}/void");
        let (status, body) = self.app.post(&path, Some(token), &json!({"reason": "mistyped"})).await;
        assert_eq!(status, 200, "{body}");
    }

    async fn signals(&self, status: &str) -> Vec<Value> {
        let (code, body) =
            self.app.get(&format!("/api/v1/store-owner/signals?status={status}"), Some(&self.owner)).await;
        assert_eq!(code, 200, "{body}");
        body["data"].as_array().cloned().unwrap_or_default()
    }

    fn raised_in_feed(&self) -> i64 {
        self.app.scalar("SELECT COUNT(*) AS n FROM activity_log WHERE kind = 'signal_raised'")
    }
}

async fn more_sales_to_one_customer_than_allowed(backend: Backend) {
    let Some(shop) = Shop::open(backend).await else { return };
    let customer = shop.customer("0910000401").await;
    for _ in 0..3 {
        shop.sale(customer).await;
    }
    assert!(shop.signals("all").await.is_empty(), "3 sales are the default threshold, not more");
    shop.sale(customer).await;
    let open = shop.signals("open").await;
    assert_eq!(open.len(), 1, "{open:?}");
    let s = &open[0];
    assert_eq!(
        (s["kind"].as_str(), s["figure"].as_i64(), s["threshold"].as_i64()),
        (Some("sales_per_customer"), Some(4), Some(3))
    );
    assert_eq!(s["customer"]["id"].as_i64(), Some(customer));
    assert!(s["cashier"].is_null() && s["reviewed_at"].is_null());
    assert_eq!(shop.raised_in_feed(), 1);
    // The feed's entry, in the owner's activity, names the customer and the figures.
    let (_, feed) = shop
        .app
        .get("/api/v1/store-owner/pos-activities?activity_type=customer&date_range=7d", Some(&shop.owner))
        .await;
    let entry = feed["data"].as_array().and_then(|rows| rows.iter().find(|r| r["kind"] == "signal_raised")).cloned();
    let entry = entry.unwrap_or_else(|| panic!("no signal in the feed: {feed}"));
    assert_eq!(entry["details"]["signal"], "sales_per_customer");
    assert_eq!((entry["details"]["figure"].as_str(), entry["details"]["threshold"].as_str()), (Some("4"), Some("3")));
    assert_eq!(entry["subject_id"].as_i64(), Some(customer));

    // A fifth sale: the same signal, the latest figure, no second feed entry.
    shop.sale(customer).await;
    let open = shop.signals("open").await;
    assert_eq!((open.len(), open[0]["figure"].as_i64()), (1, Some(5)));
    assert_eq!(shop.raised_in_feed(), 1);

    // Reviewed: gone from the open list, kept in all, marked by whom; again changes nothing.
    let id = open[0]["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/store-owner/signals/{id}/review");
    let (status, body) = shop.app.post(&path, Some(&shop.owner), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["reviewed_by"]["name"], "خالد بن علي");
    let reviewed_at = body["data"]["reviewed_at"].clone();
    assert!(reviewed_at.is_string());
    assert_eq!(shop.app.post(&path, Some(&shop.owner), &json!({})).await.1["data"]["reviewed_at"], reviewed_at);
    assert!(shop.signals("open").await.is_empty());
    assert_eq!(shop.signals("all").await.len(), 1);
    // A sixth sale that day: news, so it is open again.
    shop.sale(customer).await;
    let open = shop.signals("open").await;
    assert_eq!((open.len(), open[0]["figure"].as_i64(), open[0]["reviewed_at"].is_null()), (1, Some(6), true));

    // The cashier may not see or review them; another owner finds nothing; bad queries are 422.
    assert_eq!(shop.app.get("/api/v1/store-owner/signals", Some(&shop.cashier)).await.0, 403);
    assert_eq!(shop.app.post(&path, Some(&shop.cashier), &json!({})).await.0, 403);
    assert_eq!(shop.app.post("/api/v1/store-owner/signals/999999/review", Some(&shop.owner), &json!({})).await.0, 404);
    for bad in ["status=closed", "page=0", "per_page=101"] {
        let (status, body) = shop.app.get(&format!("/api/v1/store-owner/signals?{bad}"), Some(&shop.owner)).await;
        assert_eq!(status, 422, "{bad}: {body}");
    }
    shop.app.assert_ledger_matches_balances();
}

async fn a_cashier_voiding_more_than_its_share(backend: Backend) {
    let Some(shop) = Shop::open(backend).await else { return };
    let (status, body) =
        shop.app.put("/api/v1/loyalty-config", Some(&shop.owner), &json!({"signal_void_percent": 10})).await;
    assert_eq!((status, body["data"]["signal_void_percent"].as_i64()), (200, Some(10)), "{body}");
    // Ten sales to ten customers (no customer crosses its own threshold).
    let mut sales = Vec::new();
    for n in 0..10 {
        let customer = shop.customer(&format!("09100005{n:02}")).await;
        sales.push(shop.sale(customer).await);
    }
    // The owner's voids are the owner's own: never a signal.
    shop.void(&shop.owner, sales[9]).await;
    shop.void(&shop.owner, sales[8]).await;
    assert!(shop.signals("all").await.is_empty());
    // One of ten is 10 %, not more; two of ten is.
    shop.void(&shop.cashier, sales[0]).await;
    assert!(shop.signals("all").await.is_empty(), "10 % is the threshold, not more");
    shop.void(&shop.cashier, sales[1]).await;
    let open = shop.signals("open").await;
    assert_eq!(open.len(), 1, "{open:?}");
    let s = &open[0];
    // The cashier's sales today: these ten, and the demo's sale an hour ago unless that was
    // before Tripoli midnight.
    let start = loyalty_domain::local_day::local_day_bounds(chrono::Utc::now().naive_utc()).0;
    let cashier = shop.app.scalar("SELECT id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let today = shop.app.scalar(&format!(
        "SELECT COUNT(*) AS n FROM invoices WHERE pos_user_id = {cashier} AND created_at >= '{}'",
        start.format("%Y-%m-%d %H:%M:%S")
    ));
    assert!(today >= 10);
    assert_eq!(
        (s["kind"].as_str(), s["figure"].as_i64(), s["out_of"].as_i64()),
        (Some("void_rate"), Some(2), Some(today))
    );
    assert_eq!((s["threshold"].as_i64(), s["cashier"]["name"].as_str()), (Some(10), Some("سالم الزوي")));
    assert!(s["customer"].is_null());
    shop.app.assert_ledger_matches_balances();
}

async fn a_cashier_adding_more_points_by_hand_than_the_daily_total(backend: Backend) {
    let Some(shop) = Shop::open(backend).await else { return };
    let customer = shop.customer("0910000601").await;
    let add = |points: i64| {
        let path = format!("/api/v1/customers/{customer}/points");
        let token = shop.cashier.clone();
        let app = &shop.app;
        async move { app.put(&path, Some(&token), &json!({"points": points})).await.0 }
    };
    assert_eq!(add(600).await, 200);
    assert_eq!(add(400).await, 200);
    assert!(shop.signals("all").await.is_empty(), "1,000 is the default daily total, not more");
    // The owner's own adjustments do not count.
    let body = json!({"points": 5000, "reason": "opening"});
    assert_eq!(shop.app.put(&format!("/api/v1/customers/{customer}/points"), Some(&shop.owner), &body).await.0, 200);
    assert!(shop.signals("all").await.is_empty());
    // Nothing is blocked: the cashier's next point is added, and signalled.
    assert_eq!(add(1).await, 200);
    let open = shop.signals("open").await;
    assert_eq!(open.len(), 1, "{open:?}");
    let s = &open[0];
    assert_eq!(
        (s["kind"].as_str(), s["figure"].as_i64(), s["threshold"].as_i64()),
        (Some("manual_points"), Some(1001), Some(1000))
    );
    assert_eq!(shop.app.scalar(&format!("SELECT loyalty_points AS n FROM customers WHERE id = {customer}")), 6001);
    shop.app.assert_ledger_matches_balances();
}

async fn thresholds_are_the_owners_and_checked(backend: Backend) {
    let Some(shop) = Shop::open(backend).await else { return };
    let (_, config) = shop.app.get("/api/v1/loyalty-config", Some(&shop.owner)).await;
    let defaults = ["signal_sales_per_customer", "signal_void_percent", "signal_manual_points"]
        .map(|f| config["data"][f].as_i64());
    assert_eq!(defaults, [Some(3), Some(5), Some(1000)]);
    for (field, bad, code) in [
        ("signal_sales_per_customer", json!(0), "signal_sales_range"),
        ("signal_sales_per_customer", json!(1001), "signal_sales_range"),
        ("signal_void_percent", json!(-1), "signal_void_percent_range"),
        ("signal_void_percent", json!(101), "signal_void_percent_range"),
        ("signal_manual_points", json!(0), "signal_manual_points_range"),
        ("signal_manual_points", json!(1_000_001), "signal_manual_points_range"),
    ] {
        let (status, body) = shop.app.put("/api/v1/loyalty-config", Some(&shop.owner), &json!({field: bad})).await;
        assert_eq!(status, 422, "{field} {bad}: {body}");
        assert_eq!(
            (body["details"][0]["field"].as_str(), body["details"][0]["code"].as_str()),
            (Some(field), Some(code))
        );
    }
    for bad in [json!(null), json!("3"), json!(2.5)] {
        let body = json!({"signal_sales_per_customer": bad});
        assert_eq!(shop.app.put("/api/v1/loyalty-config", Some(&shop.owner), &body).await.0, 422, "{bad}");
    }
    let (_, config) = shop.app.get("/api/v1/loyalty-config", Some(&shop.owner)).await;
    assert_eq!(config["data"]["signal_sales_per_customer"].as_i64(), Some(3), "nothing changed");
    // A higher threshold: five sales pass quietly.
    let body = json!({"signal_sales_per_customer": 5});
    assert_eq!(shop.app.put("/api/v1/loyalty-config", Some(&shop.owner), &body).await.0, 200);
    let customer = shop.customer("0910000701").await;
    for _ in 0..5 {
        shop.sale(customer).await;
    }
    assert!(shop.signals("all").await.is_empty());
    shop.sale(customer).await;
    assert_eq!(shop.signals("open").await[0]["threshold"].as_i64(), Some(5));
}
