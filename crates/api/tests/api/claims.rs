//! Points for cash receipts (issue #38, item 6): a walk-in sale earns no points and counts in
//! the store's revenue; its claim link shows the store, the total and the points; claiming
//! joins the store (or finds the member) and gives the points once, as a sale's; refused after
//! a void or return, past 14 days, under the join limits; a void after the claim takes them
//! back. Both backends.

use chrono::Duration;
use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    a_walk_in_sale_earns_nothing_and_counts_in_revenue,
    a_claim_joins_the_store_and_gives_the_points_once,
    a_member_claims_into_its_balance_and_a_void_takes_them_back,
    a_voided_or_returned_sale_cannot_be_claimed,
    a_claim_expires_after_14_days,
    claims_keep_the_join_limits,
    walk_in_and_customer_are_exclusive,
);

struct Till {
    app: TestApp,
    owner: String,
    cashier: String,
}

impl Till {
    async fn open(backend: Backend, adjust: impl FnOnce(&mut loyalty_api::Config)) -> Option<Till> {
        let app = TestApp::spawn_with(backend, |c| {
            c.demo_mode = true;
            c.session_ttl = Duration::days(3650);
            adjust(c);
        })
        .await?;
        let owner = app.login("owner@demo.ly", "demo1234").await;
        let cashier = app.login("cashier@demo.ly", "demo1234").await;
        Some(Till { app, owner, cashier })
    }

    /// A walk-in sale of `total` (the demo gives a point per LYD from 5 LYD): the answer.
    async fn walk_in(&self, total: &str) -> Value {
        let body = json!({"walk_in": true, "total_cost": total});
        let (status, sale) = self.app.post("/api/v1/invoices", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{sale}");
        sale
    }

    async fn offer(&self, token: &str) -> (u16, Value) {
        self.app.get(&format!("/api/v1/public/claims/{token}"), None).await
    }

    async fn claim(&self, token: &str, name: &str, phone: &str) -> (u16, Value) {
        let body = json!({"name": name, "phone": phone});
        self.app.post(&format!("/api/v1/public/claims/{token}"), None, &body).await
    }
}

fn claim_token(sale: &Value) -> String {
    let url = sale["data"]["claim_url"].as_str().unwrap_or_default();
    assert!(url.contains("/claim/"), "{sale}");
    url.rsplit('/').next().unwrap_or_default().to_owned()
}

async fn a_walk_in_sale_earns_nothing_and_counts_in_revenue(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let (_, before) = t.app.get("/api/v1/pos/today", Some(&t.cashier)).await;
    let points_before = t.app.scalar("SELECT CAST(SUM(loyalty_points) AS BIGINT) AS n FROM customers");
    let sale = t.walk_in("25.000").await;
    let data = &sale["data"];
    assert_eq!(data["invoice"]["customer"], Value::Null, "{sale}");
    assert_eq!(data["points_added"], 0, "{sale}");
    assert_eq!(data["customer_page_url"], Value::Null, "{sale}");
    assert!(data["claim_url"].as_str().is_some_and(|u| u.starts_with(&t.app.config.public_url)), "{sale}");
    assert_eq!(claim_token(&sale).len(), 32);
    // The answer says what the link holds (a point per LYD) and its last moment, 14 days on.
    assert_eq!(data["claim"]["points"], 25, "{sale}");
    let moment = |v: &Value| chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap_or_default()).ok();
    let (made, ends) = (moment(&data["invoice"]["created_at"]), moment(&data["claim"]["expires_at"]));
    assert_eq!(made.zip(ends).map(|(m, e)| (e - m).num_days()), Some(14), "{sale}");
    assert_eq!(t.app.scalar("SELECT CAST(SUM(loyalty_points) AS BIGINT) AS n FROM customers"), points_before);
    let (_, after) = t.app.get("/api/v1/pos/today", Some(&t.cashier)).await;
    assert_ne!(before, after, "the day's figures count the sale: {before} {after}");
    // It lists with the store's sales, and exports.
    let (status, list) = t.app.get("/api/v1/invoices", Some(&t.owner)).await;
    assert_eq!(status, 200, "{list}");
    assert!(list.to_string().contains(&data["invoice"]["id"].to_string()));
    t.app.assert_ledger_matches_balances();
}

async fn a_claim_joins_the_store_and_gives_the_points_once(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let sale = t.walk_in("25.000").await;
    let token = claim_token(&sale);
    let (status, offer) = t.offer(&token).await;
    assert_eq!(status, 200, "{offer}");
    assert_eq!(offer["data"]["total"], "25.000");
    assert_eq!(offer["data"]["points"], 25);
    assert!(offer["data"]["store"]["name"].as_str().is_some());

    // Unknown or altered: 404.
    let (status, _) = t.offer("0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, 404);
    let (status, _) = t.claim(&token[..31], "Walk In", "0927771001").await;
    assert_eq!(status, 404);
    // The form as the join's.
    let (status, body) = t.claim(&token, "", "12").await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["name"].is_array() && body["errors"]["phone"].is_array(), "{body}");

    let (status, done) = t.claim(&token, "Walk In", "0927771001").await;
    assert_eq!(status, 201, "{done}");
    assert_eq!((done["data"]["points"].as_i64(), done["data"]["balance"].as_i64()), (Some(25), Some(25)));
    assert_eq!(done["data"]["joined"], true);
    let page = done["data"]["customer_page_url"].as_str().unwrap_or_default();
    let page_token = page.rsplit('/').next().unwrap_or_default();
    let (status, me) = t.app.get(&format!("/api/v1/public/me/{page_token}"), None).await;
    assert_eq!((status, me["data"]["total_points"].as_i64()), (200, Some(25)), "{me}");

    // The sale is now the member's, as a sale with its points.
    let invoice = sale["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    let member = t.app.scalar("SELECT id AS n FROM customers WHERE phone = '+218927771001'");
    assert_eq!(t.app.scalar(&format!("SELECT customer_id AS n FROM invoices WHERE id = {invoice}")), member);
    assert_eq!(t.app.scalar(&format!("SELECT points_earned AS n FROM invoices WHERE id = {invoice}")), 25);
    assert_eq!(
        t.app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM points_ledger WHERE kind = 'invoice' AND invoice_id = {invoice} AND delta = 25"
        )),
        1
    );
    t.app.assert_ledger_matches_balances();

    // A second time, by anyone: 409 claim_used, nothing more.
    for phone in ["0927771001", "0927771002"] {
        let (status, again) = t.claim(&token, "Walk In", phone).await;
        assert_eq!((status, again["code"].as_str()), (409, Some("claim_used")), "{again}");
    }
    assert_eq!(t.offer(&token).await.1["code"], "claim_used");
    assert_eq!(t.app.scalar("SELECT COUNT(*) AS n FROM customers WHERE phone = '+218927771002'"), 0);
    let (_, arabic) = t
        .app
        .client
        .post(t.app.url(&format!("/api/v1/public/claims/{token}")))
        .header("Accept-Language", "ar")
        .json(&json!({"name": "Walk In", "phone": "0927771001"}))
        .send()
        .await
        .map(|r| (r.status().as_u16(), r))
        .unwrap_or_else(|e| panic!("{e}"));
    let arabic: Value = arabic.json().await.unwrap_or_default();
    assert_eq!(arabic["message"], "نقاط هذا الإيصال طُلبت من قبل.", "{arabic}");
}

async fn a_member_claims_into_its_balance_and_a_void_takes_them_back(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let fatima = t.app.scalar(
        "SELECT id AS n FROM customers WHERE phone = '+218912345678' \
         AND store_id = (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
    );
    let before = t.app.scalar(&format!("SELECT loyalty_points AS n FROM customers WHERE id = {fatima}"));
    let sale = t.walk_in("10.000").await;
    let (status, done) = t.claim(&claim_token(&sale), "Whoever Typed", "0912345678").await;
    assert_eq!(status, 201, "{done}");
    assert_eq!(done["data"]["joined"], false, "the member with that phone: {done}");
    assert_eq!(done["data"]["balance"].as_i64(), Some(before + 10), "{done}");
    // The void afterwards takes them back, as from any sale.
    let invoice = sale["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    let (status, voided) =
        t.app.post(&format!("/api/v1/invoices/{invoice}/void"), Some(&t.cashier), &json!({"reason": "test"})).await;
    assert_eq!(status, 200, "{voided}");
    assert_eq!(t.app.scalar(&format!("SELECT loyalty_points AS n FROM customers WHERE id = {fatima}")), before);
    t.app.assert_ledger_matches_balances();
}

async fn a_voided_or_returned_sale_cannot_be_claimed(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let voided = t.walk_in("10.000").await;
    let id = voided["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    let (status, body) =
        t.app.post(&format!("/api/v1/invoices/{id}/void"), Some(&t.cashier), &json!({"reason": "test"})).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = t.claim(&claim_token(&voided), "Late", "0927772001").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("claim_sale_undone")), "{body}");
    assert_eq!(t.offer(&claim_token(&voided)).await.0, 409);

    let returned = t.walk_in("10.000").await;
    let id = returned["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    let body = json!({"amount": "2.000", "reason": "broken"});
    let (status, answer) = t.app.post(&format!("/api/v1/invoices/{id}/returns"), Some(&t.cashier), &body).await;
    assert_eq!(status, 201, "{answer}");
    let (status, body) = t.claim(&claim_token(&returned), "Late", "0927772001").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("claim_sale_undone")), "{body}");
    assert_eq!(t.app.scalar("SELECT COUNT(*) AS n FROM customers WHERE phone = '+218927772001'"), 0);
    t.app.assert_ledger_matches_balances();
}

async fn a_claim_expires_after_14_days(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let sale = t.walk_in("10.000").await;
    let token = claim_token(&sale);
    let start = {
        use loyalty_application::ports::Clock;
        t.app.config.clock.now()
    };
    t.app.config.clock.set(start + Duration::days(13));
    assert_eq!(t.offer(&token).await.0, 200);
    t.app.config.clock.set(start + Duration::days(14) + Duration::minutes(1));
    let (status, body) = t.offer(&token).await;
    assert_eq!((status, body["code"].as_str()), (410, Some("claim_expired")), "{body}");
    let (status, body) = t.claim(&token, "Late", "0927773001").await;
    assert_eq!((status, body["code"].as_str()), (410, Some("claim_expired")), "{body}");
    assert_eq!(t.app.scalar("SELECT COUNT(*) AS n FROM customers WHERE phone = '+218927773001'"), 0);
}

async fn claims_keep_the_join_limits(backend: Backend) {
    // Two joins per phone: the third attempt with that phone is refused as a join would be.
    let Some(t) = Till::open(backend, |c| c.public_limits = (100, 2)).await else { return };
    let mut answers = Vec::new();
    for _ in 0..3 {
        let token = claim_token(&t.walk_in("6.000").await);
        answers.push(t.claim(&token, "Limited", "0927774001").await);
    }
    assert_eq!(answers[0].0, 201, "{:?}", answers[0]);
    assert_eq!(answers[1].0, 201, "{:?}", answers[1]);
    assert_eq!((answers[2].0, answers[2].1["code"].as_str()), (429, Some("rate_limited")), "{:?}", answers[2]);
}

async fn walk_in_and_customer_are_exclusive(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let fatima = t.app.scalar("SELECT MIN(id) AS n FROM customers");
    let body = json!({"walk_in": true, "customer_id": fatima, "total_cost": "5"});
    let (status, answer) = t.app.post("/api/v1/invoices", Some(&t.cashier), &body).await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["errors"]["walk_in"].is_array(), "{answer}");
    // The owner is no till: no walk-in sales (nor any sale).
    let (status, _) =
        t.app.post("/api/v1/invoices", Some(&t.owner), &json!({"walk_in": true, "total_cost": "5"})).await;
    assert_eq!(status, 403);
    // A key names the store of a walk-in sale: one it covers.
    let store = t.app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let body = json!({"name": "Till key", "scopes": ["sales:write"], "store_ids": [store]});
    let (status, made) = t.app.post("/api/v1/store-owner/api-keys", Some(&t.owner), &body).await;
    assert_eq!(status, 201, "{made}");
    let key = made["data"]["secret"].as_str().unwrap_or_default().to_owned();
    let sales = "SELECT COUNT(*) AS n FROM invoices";
    let before = t.app.scalar(sales);
    let (status, answer) =
        t.app.post("/api/v1/invoices", Some(&key), &json!({"walk_in": true, "total_cost": "5"})).await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["errors"]["store_id"].is_array(), "{answer}");
    let other = t.app.scalar(&format!("SELECT MIN(id) AS n FROM stores WHERE id <> {store}"));
    for (who, store_id) in [(&key, other), (&t.cashier, other)] {
        let body = json!({"walk_in": true, "store_id": store_id, "total_cost": "5"});
        let (status, answer) = t.app.post("/api/v1/invoices", Some(who), &body).await;
        assert_eq!(status, 404, "a store the caller does not cover: {answer}");
    }
    // A customer's sale is the customer's store's.
    let body = json!({"customer_id": fatima, "store_id": store, "total_cost": "5"});
    let (status, answer) = t.app.post("/api/v1/invoices", Some(&t.cashier), &body).await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["errors"]["store_id"].is_array(), "{answer}");
    assert_eq!(t.app.scalar(sales), before, "refusals change nothing");
    let (status, sale) = t
        .app
        .post("/api/v1/invoices", Some(&key), &json!({"walk_in": true, "store_id": store, "total_cost": "12"}))
        .await;
    assert_eq!(status, 201, "{sale}");
    assert_eq!(
        (sale["data"]["invoice"]["store_id"].as_i64(), sale["data"]["claim"]["points"].as_i64()),
        (Some(store), Some(12))
    );
    assert_eq!(t.offer(&claim_token(&sale)).await.0, 200);
    // The cashier may name its own store.
    let body = json!({"walk_in": true, "store_id": store, "total_cost": "6"});
    assert_eq!(t.app.post("/api/v1/invoices", Some(&t.cashier), &body).await.0, 201);
    // A retried walk-in sale answers the same claim link.
    let body = json!({"walk_in": true, "total_cost": "8.000"});
    let (_, first) = t.app.post_keyed("/api/v1/invoices", &t.cashier, "walk-in-1", &body).await;
    let (_, again) = t.app.post_keyed("/api/v1/invoices", &t.cashier, "walk-in-1", &body).await;
    assert_eq!(first, again);
    assert_eq!(again["data"]["claim"]["points"], 8, "{again}");
    assert_eq!(t.offer(&claim_token(&again)).await.0, 200);
}
