//! Partial updates as integrators expect them (issue #36): `PATCH` is a JSON Merge Patch (RFC
//! 7396) that changes only what it names, with the rules and the permissions of the `PUT`; a
//! `PUT` replaces the record whole and refuses a body leaving out what it would erase; a field
//! the body does not have is a 422 naming it. For rewards, stores, POS users and the loyalty
//! settings, on both backends.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    a_reward_is_patched_field_by_field_and_replaced_whole,
    a_store_is_patched_field_by_field_and_replaced_whole,
    a_pos_user_is_patched_field_by_field_and_replaced_whole,
    the_loyalty_settings_are_patched_setting_by_setting,
    null_clears_only_what_may_be_empty_on_customers_and_endpoints,
);

/// The demo, signed in as its owner, its cashier and a second owner (no plan, no stores), and
/// a key of the owner with every scope.
struct Shop {
    app: TestApp,
    owner: String,
    cashier: String,
    stranger: String,
    key: String,
}

async fn shop(backend: Backend) -> Option<Shop> {
    let app = TestApp::spawn_demo(backend).await?;
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let stranger = crate::owner::register_owner(&app, "stranger@shop.ly").await;
    let scopes = json!(["customers:read", "customers:write", "sales:write", "reports:read"]);
    let (status, made) =
        app.post("/api/v1/store-owner/api-keys", Some(&owner), &json!({"name": "ERP", "scopes": scopes})).await;
    assert_eq!(status, 201, "{made}");
    let key = made["data"]["secret"].as_str().unwrap_or_default().to_owned();
    Some(Shop { app, owner, cashier, stranger, key })
}

/// A 422 names `field` with `code` (its first detail).
fn refused(answer: &(u16, Value), field: &str, code: &str) {
    let (status, body) = answer;
    let named = body["details"]
        .as_array()
        .is_some_and(|details| details.iter().any(|d| d["field"] == field && d["code"] == code));
    assert!(*status == 422 && named, "expected 422 {code} on {field}: {status} {body}");
}

/// The record at `path` in `list` (a list answer), by id.
async fn one(app: &TestApp, list: &str, token: &str, id: i64) -> Value {
    let (_, all) = app.get(list, Some(token)).await;
    all["data"].as_array().and_then(|items| items.iter().find(|r| r["id"] == id).cloned()).unwrap_or_default()
}

async fn a_reward_is_patched_field_by_field_and_replaced_whole(backend: Backend) {
    let Some(s) = shop(backend).await else { return };
    let app = &s.app;
    let made = json!({"name": "Green tea", "description": "Any size", "type": "cash", "points_required": 40,
                      "amount": "5"});
    let (status, made) = app.post("/api/v1/rewards", Some(&s.owner), &made).await;
    assert_eq!(status, 201, "{made}");
    let id = made["data"]["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/rewards/{id}");
    let read = || one(app, "/api/v1/rewards", &s.owner, id);

    // Switched off by naming is_active alone: everything else stays.
    let (status, off) = app.patch(&path, Some(&s.owner), &json!({"is_active": false})).await;
    assert_eq!(status, 200, "{off}");
    let mut expected = made["data"].clone();
    expected["is_active"] = json!(false);
    assert_eq!(off["data"], expected);
    // null clears the description; left out stays.
    let (status, cleared) =
        app.patch(&path, Some(&s.owner), &json!({"description": null, "points_required": 45})).await;
    assert_eq!((status, cleared["data"]["description"].clone()), (200, Value::Null), "{cleared}");
    assert_eq!(
        (cleared["data"]["points_required"].as_i64(), cleared["data"]["amount"].as_str()),
        (Some(45), Some("5.000"))
    );
    let before = read().await;
    // The PUT's rules: a bad value is refused and changes nothing; the merged reward is what is
    // checked (a 250 LYD cash reward is no 250 % discount).
    refused(
        &app.patch(&path, Some(&s.owner), &json!({"points_required": 0})).await,
        "points_required",
        "points_required_positive",
    );
    refused(
        &app.patch(&path, Some(&s.owner), &json!({"amount": "250", "type": "discount"})).await,
        "amount",
        "discount_range",
    );
    // A field that always has a value cannot be removed; an unknown one is named.
    refused(&app.patch(&path, Some(&s.owner), &json!({"name": null})).await, "name", "invalid_value");
    refused(
        &app.patch(&path, Some(&s.owner), &json!({"is_active": true, "actve": true})).await,
        "actve",
        "field_unknown",
    );
    assert_eq!(read().await, before);

    // A PUT names every field: one leaving out what it would erase is refused, naming each.
    let partial = json!({"name": "Tea", "type": "cash", "points_required": 40});
    let answer = app.put(&path, Some(&s.owner), &partial).await;
    for field in ["description", "amount", "is_active"] {
        refused(&answer, field, "field_required_to_replace");
    }
    let typo = json!({"name": "Tea", "description": null, "type": "cash", "points_required": 40, "amount": "5",
                      "is_active": true, "points": 3});
    refused(&app.put(&path, Some(&s.owner), &typo).await, "points", "field_unknown");
    assert_eq!(read().await, before);
    let whole = json!({"name": "Tea", "description": null, "type": "prize", "points_required": 40, "amount": "",
                       "is_active": true});
    let (status, put) = app.put(&path, Some(&s.owner), &whole).await;
    assert_eq!(status, 200, "{put}");
    assert_eq!((put["data"]["type"].as_str(), put["data"]["amount"].as_str()), (Some("prize"), Some("0.000")));

    // Whoever may not PUT it may not PATCH it either.
    let off = json!({"is_active": false});
    assert_eq!(app.patch(&path, Some(&s.cashier), &off).await.0, 403);
    assert_eq!(app.patch(&path, Some(&s.key), &off).await.0, 403);
    assert_eq!(app.patch(&path, Some(&s.stranger), &off).await.0, 404);
    assert_eq!(app.put(&path, Some(&s.cashier), &whole).await.0, 403);
    assert_eq!(read().await["is_active"], true);
}

async fn a_store_is_patched_field_by_field_and_replaced_whole(backend: Backend) {
    let Some(s) = shop(backend).await else { return };
    let app = &s.app;
    let (_, stores) = app.get("/api/v1/stores", Some(&s.owner)).await;
    let store = stores["data"][0].clone();
    let id = store["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/stores/{id}");
    let read = || one(app, "/api/v1/stores", &s.owner, id);

    let (status, patched) = app.patch(&path, Some(&s.owner), &json!({"address": "Souq Al-Juma, Tripoli"})).await;
    assert_eq!(status, 200, "{patched}");
    assert_eq!(
        (patched["data"]["name"].clone(), patched["data"]["address"].as_str()),
        (store["name"].clone(), Some("Souq Al-Juma, Tripoli"))
    );
    let before = read().await;
    refused(&app.patch(&path, Some(&s.owner), &json!({"name": "  "})).await, "name", "store_name_required");
    refused(&app.patch(&path, Some(&s.owner), &json!({"name": null})).await, "name", "invalid_value");
    // A store stays with its owner: a patch has no such field.
    refused(&app.patch(&path, Some(&s.owner), &json!({"store_owner_id": 1})).await, "store_owner_id", "field_unknown");
    assert_eq!(read().await, before);
    let (status, cleared) = app.patch(&path, Some(&s.owner), &json!({"address": null})).await;
    assert_eq!(
        (status, cleared["data"]["address"].clone(), cleared["data"]["name"].clone()),
        (200, Value::Null, store["name"].clone())
    );

    // A PUT leaving the address out would erase it: refused; another owner is refused too.
    let (status, _) = app.patch(&path, Some(&s.owner), &json!({"address": "Tripoli"})).await;
    assert_eq!(status, 200);
    let before = read().await;
    refused(&app.put(&path, Some(&s.owner), &json!({"name": "Renamed"})).await, "address", "field_required_to_replace");
    let another = before["store_owner_id"].as_i64().unwrap_or(0) + 1_000;
    let moved = json!({"name": "Renamed", "address": null, "store_owner_id": another});
    refused(&app.put(&path, Some(&s.owner), &moved).await, "store_owner_id", "store_owner_fixed");
    refused(
        &app.put(&path, Some(&s.owner), &json!({"name": "Renamed", "address": null, "adress": "x"})).await,
        "adress",
        "field_unknown",
    );
    assert_eq!(read().await, before);
    let whole = json!({"name": "Renamed", "address": null, "store_owner_id": before["store_owner_id"]});
    let (status, put) = app.put(&path, Some(&s.owner), &whole).await;
    assert_eq!(
        (status, put["data"]["name"].as_str(), put["data"]["address"].clone()),
        (200, Some("Renamed"), Value::Null)
    );

    // As the PUT: the cashier and keys may not, another owner finds nothing, the admin may.
    let change = json!({"name": "Taken over"});
    assert_eq!(app.patch(&path, Some(&s.cashier), &change).await.0, 403);
    assert_eq!(app.patch(&path, Some(&s.key), &change).await.0, 403);
    assert_eq!(app.patch(&path, Some(&s.stranger), &change).await.0, 404);
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let (status, by_admin) = app.patch(&path, Some(&admin), &json!({"address": "Misrata"})).await;
    assert_eq!((status, by_admin["data"]["name"].as_str()), (200, Some("Renamed")), "{by_admin}");
}

async fn a_pos_user_is_patched_field_by_field_and_replaced_whole(backend: Backend) {
    let Some(s) = shop(backend).await else { return };
    let app = &s.app;
    let (_, me) = app.get("/api/v1/auth/user", Some(&s.cashier)).await;
    let id = me["data"]["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/store-owner/pos-users/{id}");
    let read = || one(app, "/api/v1/store-owner/pos-users", &s.owner, id);
    let cashier = read().await;
    assert_eq!(cashier["is_active"], true, "{cashier}");

    // A new name alone: email, store and sign-in stay (the cashier stays signed in).
    let (status, renamed) = app.patch(&path, Some(&s.owner), &json!({"name": "Salem B"})).await;
    assert_eq!(status, 200, "{renamed}");
    let mut expected = cashier.clone();
    expected["name"] = json!("Salem B");
    assert_eq!(renamed["data"], expected);
    assert_eq!(app.get("/api/v1/auth/user", Some(&s.cashier)).await.0, 200);
    let before = read().await;
    refused(&app.patch(&path, Some(&s.owner), &json!({"email": "not an email"})).await, "email", "email_invalid");
    refused(&app.patch(&path, Some(&s.owner), &json!({"email": "owner@demo.ly"})).await, "email", "email_taken");
    refused(&app.patch(&path, Some(&s.owner), &json!({"password": "short"})).await, "password", "password_too_short");
    refused(&app.patch(&path, Some(&s.owner), &json!({"store_id": null})).await, "store_id", "invalid_value");
    refused(&app.patch(&path, Some(&s.owner), &json!({"role": "store_owner"})).await, "role", "field_unknown");
    assert_eq!(read().await, before);
    assert_eq!(app.get("/api/v1/auth/user", Some(&s.cashier)).await.0, 200, "a refused change ends no session");

    // A PUT names name, email and store: one leaving any out is refused and changes nothing.
    let store = before["store"]["id"].clone();
    refused(
        &app.put(&path, Some(&s.owner), &json!({"name": "Salem", "email": "cashier@demo.ly"})).await,
        "store_id",
        "store_required",
    );
    refused(
        &app.put(&path, Some(&s.owner), &json!({"name": "Salem", "store_id": store})).await,
        "email",
        "email_required",
    );
    let typo = json!({"name": "Salem", "email": "cashier@demo.ly", "store_id": store, "is_active": false});
    refused(&app.put(&path, Some(&s.owner), &typo).await, "is_active", "field_unknown");
    assert_eq!(read().await, before);

    // is_active alone switches the sign-in off (its sessions end) and on again.
    let (status, off) = app.patch(&path, Some(&s.owner), &json!({"is_active": false})).await;
    assert_eq!(
        (status, off["data"]["is_active"].as_bool(), off["data"]["name"].as_str()),
        (200, Some(false), Some("Salem B"))
    );
    assert_eq!(app.get("/api/v1/auth/user", Some(&s.cashier)).await.0, 401);
    let (status, on) = app.patch(&path, Some(&s.owner), &json!({"is_active": true})).await;
    assert_eq!((status, on["data"]["is_active"].as_bool()), (200, Some(true)), "{on}");

    // As the PUT: the cashier and keys may not, another owner finds nothing.
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let off = json!({"is_active": false});
    assert_eq!(app.patch(&path, Some(&cashier), &off).await.0, 403);
    assert_eq!(app.patch(&path, Some(&s.key), &off).await.0, 403);
    assert_eq!(app.patch(&path, Some(&s.stranger), &off).await.0, 404);
    assert_eq!(read().await["is_active"], true);
}

async fn the_loyalty_settings_are_patched_setting_by_setting(backend: Backend) {
    let Some(s) = shop(backend).await else { return };
    let app = &s.app;
    let path = "/api/v1/loyalty-config";
    let read = || async { app.get(path, Some(&s.owner)).await.1["data"].clone() };
    let (_, with_value) = app.patch(path, Some(&s.owner), &json!({"point_value": "1.000"})).await;
    assert_eq!(with_value["data"]["point_value"], "1.000", "{with_value}");
    let before = read().await;

    let (status, patched) = app.patch(path, Some(&s.owner), &json!({"min_purchase": "7.5"})).await;
    assert_eq!(status, 200, "{patched}");
    let mut expected = before.clone();
    expected["min_purchase"] = json!("7.500");
    assert_eq!(patched["data"], expected);
    // null clears what may be empty, and is refused for what always has a value.
    let (status, cleared) = app.patch(path, Some(&s.owner), &json!({"point_value": null})).await;
    assert_eq!((status, cleared["data"]["point_value"].clone()), (200, Value::Null), "{cleared}");
    let before = read().await;
    refused(&app.patch(path, Some(&s.owner), &json!({"min_purchase": null})).await, "min_purchase", "invalid_value");
    refused(
        &app.patch(path, Some(&s.owner), &json!({"cost_per_point": "0.05"})).await,
        "cost_per_point",
        "rate_too_low",
    );
    refused(&app.patch(path, Some(&s.owner), &json!({"cost_per_piont": "2"})).await, "cost_per_piont", "field_unknown");
    assert_eq!(read().await, before);
    // The PUT erases nothing it leaves out (the spec's clients send cost_per_point alone), and
    // names an unknown field too.
    let (status, put) = app.put(path, Some(&s.owner), &json!({"cost_per_point": "2"})).await;
    assert_eq!((status, put["data"]["min_purchase"].as_str()), (200, Some("7.500")), "{put}");
    refused(&app.put(path, Some(&s.owner), &json!({"min_purchse": "1"})).await, "min_purchse", "field_unknown");

    // As the PUT: the cashier and keys may not.
    let change = json!({"min_purchase": "0"});
    assert_eq!(app.patch(path, Some(&s.cashier), &change).await.0, 403);
    assert_eq!(app.patch(path, Some(&s.key), &change).await.0, 403);
    assert_eq!(app.put(path, Some(&s.cashier), &change).await.0, 403);
    assert_eq!(read().await["min_purchase"], "7.500");
}

async fn null_clears_only_what_may_be_empty_on_customers_and_endpoints(backend: Backend) {
    let Some(shop) = shop(backend).await else { return };
    let app = &shop.app;
    let (_, customers) = app.get("/api/v1/customers?per_page=1", Some(&shop.owner)).await;
    let id = customers["data"][0]["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/customers/{id}");
    let (_, before) = app.get(&path, Some(&shop.owner)).await;
    let (status, refused) = app.patch(&path, Some(&shop.owner), &json!({"name": null})).await;
    assert_eq!((status, refused["details"][0]["field"].as_str()), (422, Some("name")), "{refused}");
    let (status, cleared) = app.patch(&path, Some(&shop.owner), &json!({"email": null})).await;
    assert_eq!((status, cleared["data"]["email"].clone()), (200, Value::Null), "{cleared}");
    assert_eq!(cleared["data"]["name"], before["data"]["name"], "the name stays");

    let hook = json!({"url": "https://hooks.example.ly/n", "events": ["invoice.created"]});
    let (_, made) = app.post("/api/v1/store-owner/webhooks", Some(&shop.owner), &hook).await;
    let path = format!("/api/v1/store-owner/webhooks/{}", made["data"]["id"].as_i64().unwrap_or_default());
    for field in ["url", "events", "is_active", "mode"] {
        let (status, refused) = app.patch(&path, Some(&shop.owner), &json!({ field: null })).await;
        assert_eq!((status, refused["details"][0]["field"].as_str()), (422, Some(field)), "{refused}");
    }
    let (_, listed) = app.get("/api/v1/store-owner/webhooks", Some(&shop.owner)).await;
    assert_eq!(listed["data"][0]["url"], "https://hooks.example.ly/n");
    assert_eq!(listed["data"][0]["is_active"], true);
}
