//! An API key limited to one of its owner's stores: every list, record and aggregate a key may
//! read covers that store alone, on both backends. The owner's figures are the sum of what
//! two keys, one per store, read.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(a_key_of_one_store_reads_and_adds_up_that_store_alone);

async fn key_for(app: &TestApp, owner: &str, store: i64) -> String {
    let scopes = loyalty_application::ApiScope::all().iter().map(|s| s.as_str()).collect::<Vec<_>>();
    let body = json!({"name": format!("Store {store}"), "scopes": scopes, "store_ids": [store]});
    let (status, made) = app.post("/api/v1/store-owner/api-keys", Some(owner), &body).await;
    assert_eq!(status, 201, "{made}");
    made["data"]["secret"].as_str().unwrap_or_default().to_owned()
}

async fn data(app: &TestApp, path: &str, token: &str) -> Value {
    let (status, body) = app.get(path, Some(token)).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

fn int(value: &Value) -> i64 {
    value.as_i64().unwrap_or_else(|| panic!("not a whole number: {value}"))
}

/// The dirhams of a money string ("12.500" is 12,500).
fn dirhams(value: &Value) -> i64 {
    let text = value.as_str().unwrap_or_else(|| panic!("not money: {value}"));
    let (whole, part) = text.split_once('.').unwrap_or((text, "0"));
    whole.parse::<i64>().unwrap_or(0) * 1000 + format!("{part:0<3}").parse::<i64>().unwrap_or(0)
}

/// The stores named in a list of records (`store.id`, or `store_id`, of each).
fn stores_of(items: &Value) -> Vec<i64> {
    items
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["store"]["id"].as_i64().or(i["store_id"].as_i64()))
        .collect()
}

async fn a_key_of_one_store_reads_and_adds_up_that_store_alone(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let stores: Vec<i64> = data(&app, "/api/v1/stores", &owner)
        .await
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["id"].as_i64())
        .collect();
    assert_eq!(stores.len(), 2, "{stores:?}");
    let keys = [key_for(&app, &owner, stores[0]).await, key_for(&app, &owner, stores[1]).await];

    // The summary: each key's counts its store; the owner's is their sum.
    let whole = data(&app, "/api/v1/store-owner/summary", &owner).await;
    let mut parts = Vec::new();
    for key in &keys {
        parts.push(data(&app, "/api/v1/store-owner/summary", key).await);
    }
    for field in ["total_customers", "total_points_across_all_stores", "points_issued"] {
        let sum: i64 = parts.iter().map(|p| int(&p[field])).sum();
        assert_eq!(sum, int(&whole[field]), "{field}: {parts:?} against {whole}");
        assert!(parts.iter().all(|p| int(&p[field]) < int(&whole[field])), "{field}: both stores have some");
    }
    assert!(parts.iter().all(|p| int(&p["total_stores"]) == 1), "{parts:?}");
    let revenue: i64 = parts.iter().map(|p| dirhams(&p["revenue"])).sum();
    assert_eq!(revenue, dirhams(&whole["revenue"]), "{parts:?} against {whole}");
    // Phones shared across stores need two stores: a key of one sees none.
    assert!(int(&whole["duplicate_phone_numbers"]) > 0, "{whole}");
    assert!(parts.iter().all(|p| int(&p["duplicate_phone_numbers"]) == 0), "{parts:?}");

    // Points owed: each key's own store, and the months add up.
    let whole = data(&app, "/api/v1/store-owner/liability", &owner).await;
    let mut parts = Vec::new();
    for (key, store) in keys.iter().zip(&stores) {
        let part = data(&app, "/api/v1/store-owner/liability", key).await;
        assert_eq!(stores_of(&part["stores"]), vec![*store], "{part}");
        parts.push(part);
    }
    let outstanding: i64 = parts.iter().map(|p| int(&p["outstanding_points"])).sum();
    assert_eq!(outstanding, int(&whole["outstanding_points"]));
    for (month, figures) in whole["months"].as_array().into_iter().flatten().enumerate() {
        for field in ["earned", "redeemed", "expired"] {
            let sum: i64 = parts.iter().map(|p| int(&p["months"][month][field])).sum();
            assert_eq!(sum, int(&figures[field]), "{field} of {}", figures["month"]);
        }
    }

    // The customers overview: one store, its customers, no phone shared with the other.
    for (key, store) in keys.iter().zip(&stores) {
        let overview = data(&app, "/api/v1/customers/store-owner-overview", key).await;
        assert_eq!(stores_of(&overview["stores_overview"]), vec![*store], "{overview}");
        let listed = &overview["stores_overview"][0]["customers"];
        assert!(!stores_of(listed).is_empty() && stores_of(listed).iter().all(|s| s == store), "{listed}");
        assert_eq!(overview["shared_phones"], json!([]), "{overview}");
        let other = stores.iter().find(|s| *s != store).copied().unwrap_or_default();
        let (status, _) = app.get(&format!("/api/v1/customers/store-owner-overview?store_id={other}"), Some(key)).await;
        assert_eq!(status, 404, "the other store's page");
    }

    // Lists of records: the key's store only, and something in it.
    for (key, store) in keys.iter().zip(&stores) {
        for path in [
            "/api/v1/invoices?per_page=100",
            "/api/v1/customers?per_page=100",
            "/api/v1/store-owner/pos-activities?per_page=100",
        ] {
            let seen = stores_of(&data(&app, path, key).await);
            assert!(!seen.is_empty() && seen.iter().all(|s| s == store), "{path}: {seen:?}");
        }
        let signals = data(&app, "/api/v1/store-owner/signals?status=all", key).await;
        assert!(stores_of(&signals).iter().all(|s| s == store), "{signals}");
    }
}
