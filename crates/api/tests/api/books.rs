//! Deletions that keep the books: a customer who holds points is not deleted until they are
//! taken away (with a reason, in the ledger), and a store goes only while it has no customers
//! and no sales, deleted by its owner (or the admin).

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    a_customer_who_holds_points_is_deleted_only_after_they_are_taken_away,
    an_owner_deletes_a_store_made_by_mistake
);

fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

async fn a_customer_who_holds_points_is_deleted_only_after_they_are_taken_away(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let (owner, cashier) =
        (app.login("owner@demo.ly", "demo1234").await, app.login("cashier@demo.ly", "demo1234").await);
    let tripoli = app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let fatima = app
        .scalar(&format!("SELECT id AS n FROM customers WHERE store_id = {tripoli} AND email = 'fatima@example.ly'"));
    let balance = app.scalar(&format!("SELECT loyalty_points AS n FROM customers WHERE id = {fatima}"));
    assert!(balance > 0);
    let outstanding = || async {
        let (status, body) = app.get("/api/v1/store-owner/liability", Some(&owner)).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["outstanding_points"].as_i64().unwrap_or(-1)
    };
    let before = outstanding().await;
    let path = format!("/api/v1/customers/{fatima}");

    // Refused for the cashier and the owner alike, in the caller's language, and nothing changes.
    let (status, body) = app.delete(&path, Some(&cashier)).await;
    assert_eq!((status, code(&body)), (409, "customer_holds_points"), "{body}");
    assert!(body["message"].as_str().unwrap_or_default().contains("takes them away first"), "{body}");
    let (status, body) = app.delete(&path, Some(&owner)).await;
    assert_eq!((status, code(&body)), (409, "customer_holds_points"), "{body}");
    assert_eq!(outstanding().await, before);

    // The owner takes the points away with a reason (one ledger row), then the customer goes.
    let taken = json!({"points": -balance, "reason": "The customer closed the account"});
    let (status, body) = app.put(&format!("{path}/points"), Some(&owner), &taken).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.delete(&path, Some(&cashier)).await.0, 204);
    assert_eq!(app.get(&path, Some(&cashier)).await.0, 404);

    // The books agree: the points owed dropped by what the ledger took away, the ledger of every
    // customer (the hidden one too) sums to what the live ones hold, and the export lists the rest.
    assert_eq!(outstanding().await, before - balance);
    app.assert_ledger_matches_balances();
    let ledger_total = app.scalar(
        "SELECT CAST(COALESCE(SUM(l.delta), 0) AS BIGINT) AS n FROM points_ledger l JOIN customers c ON c.id = l.customer_id \
         JOIN stores s ON s.id = c.store_id JOIN users u ON u.id = s.owner_id WHERE u.email = 'owner@demo.ly'",
    );
    assert_eq!(ledger_total, before - balance);
}

async fn an_owner_deletes_a_store_made_by_mistake(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (status, body) = app.post("/api/v1/stores", Some(&owner), &json!({"name": "Misrata by mistake"})).await;
    assert_eq!(status, 201, "{body}");
    let mistake = body["data"]["id"].as_i64().unwrap_or_default();

    // Another owner cannot see it; the owner's store with customers stays, saying what to do.
    let other = crate::owner::register_owner(&app, "second@shop.ly").await;
    assert_eq!(app.delete(&format!("/api/v1/stores/{mistake}"), Some(&other)).await.0, 404);
    let tripoli = app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let (status, body) = app.delete(&format!("/api/v1/stores/{tripoli}"), Some(&owner)).await;
    assert_eq!((status, code(&body)), (409, "store_has_history"), "{body}");
    assert!(body["message"].as_str().unwrap_or_default().contains("rename it"), "{body}");
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(app.delete(&format!("/api/v1/stores/{mistake}"), Some(&cashier)).await.0, 403);

    // Its owner deletes it: gone from the lists, and the plan's store count drops back.
    let (_, before) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(app.delete(&format!("/api/v1/stores/{mistake}"), Some(&owner)).await.0, 204);
    let (_, stores) = app.get("/api/v1/stores", Some(&owner)).await;
    let names: Vec<&str> =
        stores["data"].as_array().map_or(Vec::new(), |s| s.iter().filter_map(|s| s["name"].as_str()).collect());
    assert!(!names.contains(&"Misrata by mistake"), "{names:?}");
    let (_, after) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(
        after["data"]["current_store_count"].as_i64(),
        before["data"]["current_store_count"].as_i64().map(|n| n - 1)
    );
    assert_eq!(app.delete(&format!("/api/v1/stores/{mistake}"), Some(&owner)).await.0, 404);
}
