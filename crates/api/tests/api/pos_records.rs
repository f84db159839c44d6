//! The counter's records: voids, activity and today's counts, paginated lists, and housekeeping, on both backends.

use crate::helpers::{both_backends, Backend};
use serde_json::{json, Value};

use crate::pos::demo;

both_backends!(
    voiding_gives_points_back_within_the_rules,
    lists_are_paginated_and_bounded,
    housekeeping_forgets_old_keys_and_ended_sessions,
    activity_and_todays_counts_follow_sales,
);

async fn voiding_gives_points_back_within_the_rules(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let before = d.balance(d.fatima).await;
    let (_, sale) = d.invoice(d.fatima, json!("40")).await;
    let id = sale["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    assert_eq!(sale["data"]["invoice"]["can_void"], true, "the cashier may void today's sale");
    let void = |id: i64, token: String, body: Value| {
        let app = &d.app;
        async move { app.post(&format!("/api/v1/invoices/{id}/void"), Some(&token), &body).await }
    };
    for reason in [json!({}), json!({"reason": "  "})] {
        let (status, body) = void(id, d.cashier.clone(), reason).await;
        assert_eq!(
            (status, body["errors"]["reason"][0].as_str()),
            (422, Some("A reason is required to void an invoice"))
        );
    }
    assert_eq!(d.balance(d.fatima).await, before + 40, "a refused void changes nothing");
    let (status, body) = void(id, d.cashier.clone(), json!({"reason": "wrong customer"})).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["voided_at"].is_string());
    assert_eq!(body["data"]["void_reason"], "wrong customer");
    assert_eq!(body["data"]["can_void"], false, "never twice");
    let (_, history) = d.app.get(&format!("/api/v1/customers/{}/history", d.fatima), Some(&d.cashier)).await;
    assert_eq!(
        (history["data"][0]["kind"].as_str(), history["data"][0]["reason"].as_str()),
        (Some("void"), Some("wrong customer"))
    );
    assert_eq!(history["data"][0]["invoice"], json!({"id": id, "invoice_id": null}), "the entry names its sale");
    assert_eq!(d.balance(d.fatima).await, before);
    let (status, body) =
        d.app.post(&format!("/api/v1/invoices/{id}/void"), Some(&d.cashier), &json!({"reason": "test"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("invoice_already_voided")));

    // Points already spent cannot be taken back.
    let customer = d.customer_with("Spender", 0).await;
    let (_, sale) = d.invoice(customer, json!("60")).await;
    let id = sale["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    d.app.post("/api/v1/redemptions", Some(&d.cashier), &json!({"customer_id": customer, "reward_id": d.coffee})).await;
    let (status, body) =
        d.app.post(&format!("/api/v1/invoices/{id}/void"), Some(&d.cashier), &json!({"reason": "test"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("points_already_spent")));
    assert_eq!(d.balance(customer).await, 10);

    // A cashier voids only today's invoices; the owner may void older ones.
    let old = d.app.scalar("SELECT MIN(id) AS n FROM invoices");
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let buyer = d.app.scalar(&format!("SELECT customer_id AS n FROM invoices WHERE id = {old}"));
    let can_void = |token: String| {
        let app = &d.app;
        async move {
            let url = format!("/api/v1/customers/{buyer}/invoices?per_page=100&page=1");
            let (_, page) = app.get(&url, Some(&token)).await;
            let listed = page["data"].as_array().cloned().unwrap_or_default();
            let row = listed.iter().find(|i| i["id"].as_i64() == Some(old)).cloned().unwrap_or_default();
            row["can_void"].clone()
        }
    };
    assert_eq!(can_void(d.cashier.clone()).await, false, "the list says what the void will answer");
    assert_eq!(can_void(owner.clone()).await, true);
    let (status, body) =
        d.app.post(&format!("/api/v1/invoices/{old}/void"), Some(&d.cashier), &json!({"reason": "test"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("void_window_closed")));
    let (status, body) =
        d.app.post(&format!("/api/v1/invoices/{old}/void"), Some(&owner), &json!({"reason": "test"})).await;
    assert!(status == 200 || (status == 409 && body["code"] == "points_already_spent"), "{status} {body}");
    d.app.assert_ledger_matches_balances();
}

async fn lists_are_paginated_and_bounded(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let (status, page1) = d.app.get("/api/v1/customers?per_page=2&page=1", Some(&d.cashier)).await;
    assert_eq!(status, 200);
    let total = page1["meta"]["total"].as_i64().unwrap_or_default();
    assert!(total >= 5, "{page1}");
    assert_eq!(page1["data"].as_array().map(Vec::len), Some(2));
    let (_, page2) = d.app.get("/api/v1/customers?per_page=2&page=2", Some(&d.cashier)).await;
    assert_ne!(page1["data"][0]["id"], page2["data"][0]["id"]);
    let (status, _) = d.app.get("/api/v1/invoices?per_page=100000", Some(&d.cashier)).await;
    assert_eq!(status, 422);
    let (_, most) = d.app.get("/api/v1/invoices?per_page=100", Some(&d.cashier)).await;
    assert_eq!(most["meta"]["per_page"], 100);
    let (status, body) = d.app.get("/api/v1/customers?page=abc", Some(&d.cashier)).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("validation_failed")));
    let (status, _) = d.app.get("/api/v1/customers/not-a-number", Some(&d.cashier)).await;
    assert_eq!(status, 404);
    let (_, history) = d.app.get(&format!("/api/v1/customers/{}/history?per_page=1", d.fatima), Some(&d.cashier)).await;
    assert_eq!(history["data"].as_array().map(Vec::len), Some(1));
    assert!(history["meta"]["total"].as_i64().unwrap_or(0) >= 3);
}

/// Answers kept for `Idempotency-Key` are forgotten after a day, ended sessions too; fresh ones
/// stay.
async fn housekeeping_forgets_old_keys_and_ended_sessions(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let sale = json!({"customer_id": d.fatima, "total_cost": "10"});
    assert_eq!(d.app.post_keyed("/api/v1/invoices", &d.cashier, "old-sale", &sale).await.0, 201);
    let (_, fresh) = d.app.post_keyed("/api/v1/invoices", &d.cashier, "fresh-sale", &sale).await;
    d.app.execute("UPDATE idempotency_keys SET created_at = '2020-01-01 00:00:00' WHERE idem_key = 'old-sale'");
    let ended = d.app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(d.app.post("/api/v1/auth/logout", Some(&ended), &json!({})).await.0, 204);
    d.app.execute("UPDATE sessions SET revoked_at = '2020-01-01 00:00:00' WHERE revoked_at IS NOT NULL");
    let sessions = d.app.scalar("SELECT COUNT(*) AS n FROM sessions");

    let prune = || {
        let services = d.app.state.services.clone();
        async move {
            tokio::task::spawn_blocking(move || loyalty_application::use_cases::housekeeping::prune(&services))
                .await
                .unwrap_or_else(|e| panic!("join: {e}"))
                .unwrap_or_else(|e| panic!("prune: {e}"))
        }
    };
    let pruned = prune().await.unwrap_or_default();
    assert_eq!((pruned.idempotency_keys, pruned.sessions), (1, 1));
    assert_eq!(prune().await, None, "once per period, whichever instance asks");
    assert_eq!(d.app.scalar("SELECT runs AS n FROM jobs WHERE name = 'housekeeping'"), 1);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM sessions"), sessions - 1);
    // The fresh key still answers the first answer; the cashier's own session still works.
    assert_eq!(d.app.post_keyed("/api/v1/invoices", &d.cashier, "fresh-sale", &sale).await.1, fresh);
    assert_eq!(d.app.get("/api/v1/auth/user", Some(&d.cashier)).await.0, 200);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM idempotency_keys WHERE idem_key = 'old-sale'"), 0);
}

async fn activity_and_todays_counts_follow_sales(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let (_, before) = d.app.get("/api/v1/pos/today", Some(&d.cashier)).await;
    d.invoice(d.fatima, json!("12")).await;
    let redeem = json!({"customer_id": d.fatima, "reward_id": d.coffee});
    d.app.post("/api/v1/redemptions", Some(&d.cashier), &redeem).await;
    let (status, after) = d.app.get("/api/v1/pos/today", Some(&d.cashier)).await;
    assert_eq!(status, 200);
    let delta = |field: &str| after["data"][field].as_i64().unwrap_or(0) - before["data"][field].as_i64().unwrap_or(0);
    assert_eq!((delta("invoices"), delta("points_issued"), delta("redemptions")), (1, 12, 1));

    let (status, activity) = d.app.get("/api/v1/pos/activity", Some(&d.cashier)).await;
    assert_eq!(status, 200);
    let items = activity["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(items.len(), 10);
    assert_eq!(items[0]["type"], "redemption");
    assert_eq!(items[0]["redemption"]["pos_user"]["name"], "سالم الزوي");
    assert_eq!(items[1]["type"], "invoice");
    assert_eq!(items[1]["invoice"]["points_earned"], 12);
    let times: Vec<&str> = items.iter().filter_map(|i| i["created_at"].as_str()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first: {times:?}");
}
