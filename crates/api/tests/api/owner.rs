//! The store owner's business, on both backends.

use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    stores_respect_the_plan_limit,
    parallel_store_creation_at_the_limit_admits_one,
    staff_are_managed_within_the_owners_stores,
    rewards_follow_the_specs_rules,
    loyalty_settings_apply_to_later_invoices,
    qr_codes_encode_the_registration_link,
    dashboard_and_overview_figures_are_live,
    pos_activity_feed_is_filtered_and_scoped,
);

pub(crate) async fn owner_app(backend: Backend) -> Option<(TestApp, String)> {
    let app = TestApp::spawn_demo(backend).await?;
    let owner = app.login("owner@demo.ly", "demo1234").await;
    Some((app, owner))
}

pub(crate) async fn register_owner(app: &TestApp, email: &str) -> String {
    let form =
        json!({"name": "Second Owner", "email": email, "password": "second-owner", "store_owner_name": "Second"});
    let (status, body) = app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["token"].as_str().unwrap_or_default().to_owned()
}

async fn stores_respect_the_plan_limit(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let (status, stores) = app.get("/api/v1/stores", Some(&owner)).await;
    assert_eq!(status, 200);
    assert_eq!(stores["data"].as_array().map(Vec::len), Some(2));
    assert!(stores["data"][0]["customers"].as_i64().unwrap_or(0) > 0);

    let (status, body) = app.post("/api/v1/stores", Some(&owner), &json!({"name": "  "})).await;
    assert_eq!((status, body["errors"]["name"][0].as_str()), (422, Some("Store name is required")));
    // The demo plan allows 3 stores: a third fits, a fourth does not.
    let (status, body) =
        app.post("/api/v1/stores", Some(&owner), &json!({"name": "Misrata", "address": "Misrata"})).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["customers"], 0);
    let (status, body) = app.post("/api/v1/stores", Some(&owner), &json!({"name": "Zawiya"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("store_limit_reached")));

    // Renaming one's own store works; another owner's is not found.
    let id = body_id(&app, &owner).await;
    let (status, body) =
        app.patch(&format!("/api/v1/stores/{id}"), Some(&owner), &json!({"name": "Misrata Center"})).await;
    assert_eq!((status, body["data"]["name"].as_str()), (200, Some("Misrata Center")));
    let stranger = register_owner(&app, "second@shop.ly").await;
    assert_eq!(app.patch(&format!("/api/v1/stores/{id}"), Some(&stranger), &json!({"name": "Mine"})).await.0, 404);
    let mine = json!({"name": "Mine", "address": null});
    assert_eq!(app.put(&format!("/api/v1/stores/{id}"), Some(&stranger), &mine).await.0, 404);
    let (status, body) = app.post("/api/v1/stores", Some(&stranger), &json!({"name": "First"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("no_active_plan")));

    // Roles: a cashier cannot create; the admin must pick an owner, and the limit applies.
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(app.post("/api/v1/stores", Some(&cashier), &json!({"name": "X"})).await.0, 403);
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let (status, body) = app.post("/api/v1/stores", Some(&admin), &json!({"name": "X"})).await;
    assert_eq!((status, body["errors"]["store_owner_id"][0].as_str()), (422, Some("Select Store Owner")));
    let owner_id = app.scalar("SELECT id AS n FROM users WHERE email = 'owner@demo.ly'");
    let (status, body) =
        app.post("/api/v1/stores", Some(&admin), &json!({"name": "X", "store_owner_id": owner_id})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("owner_store_limit_reached")));
    assert!(body["message"].as_str().is_some_and(|m| m.contains("store owner's plan")), "{body}");
    let (_, status_now) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(status_now["data"]["remaining_store_slots"], 0, "the limit is known before the attempt");
    let (_, all) = app.get("/api/v1/stores", Some(&admin)).await;
    assert_eq!(all["data"].as_array().map(Vec::len), Some(3));
}

async fn body_id(app: &TestApp, owner: &str) -> i64 {
    let (_, stores) = app.get("/api/v1/stores", Some(owner)).await;
    stores["data"].as_array().and_then(|s| s.last()).and_then(|s| s["id"].as_i64()).unwrap_or_default()
}

async fn parallel_store_creation_at_the_limit_admits_one(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let attempts = (0..12).map(|n| {
        let body = json!({"name": format!("Branch {n}")});
        let (app, owner) = (&app, owner.clone());
        async move { app.post("/api/v1/stores", Some(&owner), &body).await }
    });
    let results = join_all(attempts).await;
    let created = results.iter().filter(|r| r.0 == 201).count();
    let refused = results.iter().filter(|r| r.0 == 409 && r.1["code"] == "store_limit_reached").count();
    assert_eq!((created, refused), (1, 11), "{:?}", results.iter().map(|r| r.0).collect::<Vec<_>>());
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM stores"), 3);
}

async fn staff_are_managed_within_the_owners_stores(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let store = app.scalar("SELECT MAX(id) AS n FROM stores");
    let (status, body) = app.post("/api/v1/store-owner/pos-users", Some(&owner), &json!({})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "Name is required");
    assert_eq!(body["errors"]["email"][0], "Email is required");
    assert_eq!(body["errors"]["password"][0], "Password is required");
    assert_eq!(body["errors"]["store_id"][0], "Please select a store");

    let form = json!({"name": "Amal", "email": "amal@shop.ly", "password": "amal-pass-1", "store_id": store});
    let (status, body) = app.post("/api/v1/store-owner/pos-users", Some(&owner), &form).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!((body["data"]["role"].as_str(), body["data"]["store_id"].as_i64()), (Some("pos_user"), Some(store)));
    let id = body["data"]["id"].as_i64().unwrap_or_default();
    let (status, body) = app.post("/api/v1/store-owner/pos-users", Some(&owner), &form).await;
    assert_eq!((status, body["errors"]["email"][0].as_str()), (422, Some("This email is already registered")));
    let (_, staff) = app.get("/api/v1/store-owner/pos-users", Some(&owner)).await;
    // The demo's two cashiers (Tripoli and Benghazi) and Amal.
    assert_eq!(staff["data"].as_array().map(Vec::len), Some(3));

    // Editing without a password keeps the old one.
    let path = format!("/api/v1/store-owner/pos-users/{id}");
    let edit = json!({"name": "Amal S", "email": "amal@shop.ly", "store_id": store});
    assert_eq!(app.put(&path, Some(&owner), &edit).await.0, 200);
    let amal = app.login("amal@shop.ly", "amal-pass-1").await;
    assert_eq!(app.get("/api/v1/auth/user", Some(&amal)).await.1["data"]["name"], "Amal S");

    // Deactivation ends the session at once; activation lets her back in.
    assert_eq!(app.post(&format!("{path}/deactivate"), Some(&owner), &json!({})).await.0, 200);
    assert_eq!(app.get("/api/v1/auth/user", Some(&amal)).await.0, 401);
    let (status, _) =
        app.post("/api/v1/auth/login", None, &json!({"email": "amal@shop.ly", "password": "amal-pass-1"})).await;
    assert_eq!(status, 403);
    assert_eq!(app.post(&format!("{path}/activate"), Some(&owner), &json!({})).await.0, 200);
    app.login("amal@shop.ly", "amal-pass-1").await;

    // Another owner can neither see nor touch her, nor put staff in this owner's store.
    let stranger = register_owner(&app, "third@shop.ly").await;
    assert_eq!(app.put(&path, Some(&stranger), &edit).await.0, 404);
    assert_eq!(app.post(&format!("{path}/deactivate"), Some(&stranger), &json!({})).await.0, 404);
    assert_eq!(app.delete(&path, Some(&stranger)).await.0, 404);
    let intrude = json!({"name": "Spy", "email": "spy@shop.ly", "password": "spy-pass-1", "store_id": store});
    let (status, body) = app.post("/api/v1/store-owner/pos-users", Some(&stranger), &intrude).await;
    assert_eq!((status, body["errors"]["store_id"][0].as_str()), (422, Some("Please select a store")));
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(app.get("/api/v1/store-owner/pos-users", Some(&cashier)).await.0, 403);

    // Deleting removes her; her sign-in stops working.
    assert_eq!(app.delete(&path, Some(&owner)).await.0, 204);
    let (status, _) =
        app.post("/api/v1/auth/login", None, &json!({"email": "amal@shop.ly", "password": "amal-pass-1"})).await;
    assert_eq!(status, 401);
    assert_eq!(app.delete(&path, Some(&owner)).await.0, 404);
}

async fn rewards_follow_the_specs_rules(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let (status, body) = app.post("/api/v1/rewards", Some(&owner), &json!({"name": ""})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "Reward name is required");
    assert_eq!(body["errors"]["type"][0], "Please select a reward type");
    assert_eq!(body["errors"]["points_required"][0], "Points required must be greater than 0");
    let bad = json!({"name": "Half off", "type": "discount", "points_required": 10, "amount": "150"});
    let (_, body) = app.post("/api/v1/rewards", Some(&owner), &bad).await;
    assert_eq!(body["errors"]["amount"][0], "Discount percentage must be between 0 and 100");
    let bad = json!({"name": "Cash", "type": "cash", "points_required": 10, "amount": "-1"});
    let (_, body) = app.post("/api/v1/rewards", Some(&owner), &bad).await;
    assert_eq!(body["errors"]["amount"][0], "Amount must be greater than or equal to 0");

    let good =
        json!({"name": "Free tea", "description": "Any tea", "type": "prize", "points_required": 30, "amount": 0});
    let (status, body) = app.post("/api/v1/rewards", Some(&owner), &good).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!((body["data"]["type"].as_str(), body["data"]["redemptions_count"].as_i64()), (Some("prize"), Some(0)));
    let id = body["data"]["id"].as_i64().unwrap_or_default();
    // The owner's list counts each reward's redemptions (the demo has some).
    let (_, listed) = app.get("/api/v1/rewards", Some(&owner)).await;
    let counts: Vec<(i64, i64)> = listed["data"]
        .as_array()
        .map(|r| {
            r.iter().map(|r| (r["id"].as_i64().unwrap_or(0), r["redemptions_count"].as_i64().unwrap_or(-1))).collect()
        })
        .unwrap_or_default();
    assert!(counts.iter().any(|(_, n)| *n > 0), "{listed}");
    for (reward, n) in counts {
        assert_eq!(n, app.scalar(&format!("SELECT COUNT(*) AS n FROM redemptions WHERE reward_id = {reward}")));
    }
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let offered = |body: &serde_json::Value| body["data"].as_array().is_some_and(|r| r.iter().any(|r| r["id"] == id));
    assert!(offered(&app.get("/api/v1/rewards", Some(&cashier)).await.1));

    // A whole reward with is_active flipped disables it; the counter stops offering it.
    let mut disabled = good.clone();
    disabled["is_active"] = json!(false);
    let (status, body) = app.put(&format!("/api/v1/rewards/{id}"), Some(&owner), &disabled).await;
    assert_eq!((status, body["data"]["is_active"].as_bool()), (200, Some(false)));
    assert!(!offered(&app.get("/api/v1/rewards", Some(&cashier)).await.1));
    assert!(offered(&app.get("/api/v1/rewards", Some(&owner)).await.1));

    let stranger = register_owner(&app, "fourth@shop.ly").await;
    assert_eq!(app.put(&format!("/api/v1/rewards/{id}"), Some(&stranger), &disabled).await.0, 404);
    assert_eq!(app.post("/api/v1/rewards", Some(&cashier), &good).await.0, 403);
}

async fn loyalty_settings_apply_to_later_invoices(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let (status, body) = app.get("/api/v1/loyalty-config", Some(&owner)).await;
    assert_eq!((status, body["data"]["cost_per_point"].as_str()), (200, Some("1.000")));
    assert_eq!(body["data"]["min_purchase"], "5.000");
    for (rate, message) in
        [("0.05", "Points per LYD must be at least 0.1"), ("1.25", "Points per LYD must be a multiple of 0.1")]
    {
        let (status, body) = app.put("/api/v1/loyalty-config", Some(&owner), &json!({"cost_per_point": rate})).await;
        assert_eq!((status, body["errors"]["cost_per_point"][0].as_str()), (422, Some(message)));
    }
    let (status, body) =
        app.put("/api/v1/loyalty-config", Some(&owner), &json!({"cost_per_point": 2.5, "min_purchase": "20"})).await;
    assert_eq!((status, body["data"]["cost_per_point"].as_str()), (200, Some("2.500")));
    // A body with only some fields (spec section 7 sends only cost_per_point) keeps the others.
    let (status, body) = app.put("/api/v1/loyalty-config", Some(&owner), &json!({"cost_per_point": "2.5"})).await;
    assert_eq!((status, body["data"]["min_purchase"].as_str()), (200, Some("20.000")), "{body}");
    assert_eq!(body["data"]["max_invoice_total"], "10000.000");
    assert_eq!(body["data"]["confirm_above"], "1000.000");
    assert_eq!(body["data"]["cashier_daily_points"], 10_000);
    // Left out keeps a value; null is not a value.
    let (status, body) = app.put("/api/v1/loyalty-config", Some(&owner), &json!({"min_purchase": null})).await;
    assert_eq!((status, body["details"][0]["field"].as_str()), (422, Some("min_purchase")), "{body}");
    // Every bad field is reported at once and nothing changes.
    let bad = json!({"min_purchase": "-2", "max_invoice_total": "0", "confirm_above": "-1", "cashier_daily_points": 1_000_001});
    let (status, body) = app.put("/api/v1/loyalty-config", Some(&owner), &bad).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["min_purchase"][0], "Minimum purchase cannot be negative");
    assert_eq!(body["errors"]["max_invoice_total"][0], "Maximum invoice total must be at least 0.01");
    assert_eq!(body["errors"]["confirm_above"][0], "The amount to confirm above cannot be negative");
    assert_eq!(body["errors"]["cashier_daily_points"][0], "Daily points per cashier must be between 0 and 1,000,000");
    let (_, body) = app.get("/api/v1/loyalty-config", Some(&owner)).await;
    assert_eq!(
        (body["data"]["min_purchase"].as_str(), body["data"]["cashier_daily_points"].as_i64()),
        (Some("20.000"), Some(10_000))
    );

    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let customer = app.scalar("SELECT MIN(id) AS n FROM customers");
    let (_, sale) =
        app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "19.999"})).await;
    assert_eq!(sale["data"]["points_added"], 0);
    let (_, sale) =
        app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "20.5"})).await;
    assert_eq!(sale["data"]["points_added"], 51);
    // The cashier reads its owner's settings (to preview points) but cannot change them.
    let (status, body) = app.get("/api/v1/loyalty-config", Some(&cashier)).await;
    assert_eq!((status, body["data"]["cost_per_point"].as_str()), (200, Some("2.500")));
    assert_eq!(app.put("/api/v1/loyalty-config", Some(&cashier), &json!({"cost_per_point": "3"})).await.0, 403);
    let admin = app.login("admin@demo.ly", "demo1234").await;
    assert_eq!(app.get("/api/v1/loyalty-config", Some(&admin)).await.0, 403);
}

async fn qr_codes_encode_the_registration_link(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let store = app.scalar("SELECT MIN(id) AS n FROM stores");
    let (status, body) =
        app.post("/api/v1/qr-code/generate", Some(&owner), &json!({"store_id": store, "size": 250})).await;
    assert_eq!(status, 422, "{body}");
    for size in [150, 200, 300] {
        let (status, body) =
            app.post("/api/v1/qr-code/generate", Some(&owner), &json!({"store_id": store, "size": size})).await;
        assert_eq!(status, 200, "{body}");
        let svg = body["data"]["qr_code_svg"].as_str().unwrap_or_default();
        assert!(svg.starts_with("<?xml") && svg.contains("<svg"), "{svg}");
        let width: u32 =
            svg.split("width=\"").nth(1).and_then(|w| w.split('"').next()).and_then(|w| w.parse().ok()).unwrap_or(0);
        assert!((size..size + 40).contains(&width), "asked {size}, got {width}");
        assert_eq!(body["data"]["store"]["id"], store);
    }
    let (_, body) = app.post("/api/v1/qr-code/generate", Some(&owner), &json!({"store_id": store})).await;
    let url = body["data"]["registration_url"].as_str().unwrap_or_default().to_owned();
    let token = url.rsplit("/join/").next().unwrap_or_default().to_owned();
    assert!(url.starts_with("http://127.0.0.1:8080/join/") && token.len() >= 32, "{url}");
    let (status, public) = app.get(&format!("/api/v1/public/stores/{token}"), None).await;
    assert_eq!((status, public["data"]["store"]["id"].as_i64()), (200, Some(store)));

    let stranger = register_owner(&app, "fifth@shop.ly").await;
    assert_eq!(app.post("/api/v1/qr-code/generate", Some(&stranger), &json!({"store_id": store})).await.0, 404);
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(app.post("/api/v1/qr-code/generate", Some(&cashier), &json!({"store_id": store})).await.0, 403);
}

async fn dashboard_and_overview_figures_are_live(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let (status, summary) = app.get("/api/v1/store-owner/summary", Some(&owner)).await;
    assert_eq!(status, 200);
    let customers = app.scalar("SELECT COUNT(*) AS n FROM customers WHERE deleted_at IS NULL");
    let revenue = app.scalar("SELECT CAST(SUM(total_dirhams) AS BIGINT) AS n FROM invoices WHERE voided_at IS NULL");
    assert_eq!(summary["data"]["total_stores"], 2);
    assert_eq!(summary["data"]["total_customers"], customers);
    assert_eq!(summary["data"]["revenue"], format!("{}.{:03}", revenue / 1000, revenue % 1000));
    assert_eq!(summary["data"]["duplicate_phone_numbers"], 1);

    let (status, overview) = app.get("/api/v1/customers/store-owner-overview?per_page=2", Some(&owner)).await;
    assert_eq!(status, 200);
    // The count has names: which customers share the phone, in which stores.
    let shared = overview["data"]["shared_phones"].as_array().cloned().unwrap_or_default();
    assert_eq!(shared.len(), 1, "{overview}");
    let holders = shared[0]["customers"].as_array().cloned().unwrap_or_default();
    assert_eq!(holders.len(), 2);
    assert_ne!(holders[0]["store"]["id"], holders[1]["store"]["id"]);
    let phone = shared[0]["phone"].as_str().unwrap_or_default().to_owned();
    assert_eq!(app.scalar(&format!("SELECT COUNT(*) AS n FROM customers WHERE phone = '{phone}'")), 2);
    let stores = overview["data"]["stores_overview"].as_array().cloned().unwrap_or_default();
    assert_eq!(stores.len(), 2);
    let counted: i64 = stores.iter().filter_map(|s| s["customer_count"].as_i64()).sum();
    assert_eq!(counted, customers);
    assert_eq!(stores[0]["customers"].as_array().map(Vec::len), Some(2));
    assert_eq!(stores[0]["meta"]["total"], stores[0]["customer_count"]);
    let points: i64 = stores.iter().filter_map(|s| s["total_points_in_store"].as_i64()).sum();
    assert_eq!(overview["data"]["summary"]["total_points_across_all_stores"], points);
    // One store's next page: that store alone, the summary still across all stores.
    let second = stores[1]["store"]["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/customers/store-owner-overview?per_page=2&page=2&store_id={second}");
    let (status, one) = app.get(&path, Some(&owner)).await;
    assert_eq!(status, 200);
    let listed = one["data"]["stores_overview"].as_array().cloned().unwrap_or_default();
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0]["store"]["id"].as_i64(), listed[0]["meta"]["page"].as_i64()), (Some(second), Some(2)));
    assert_eq!(one["data"]["summary"], overview["data"]["summary"]);

    // A sale moves the figures.
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let customer = app.scalar("SELECT MIN(id) AS n FROM customers");
    app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "10"})).await;
    let (_, after) = app.get("/api/v1/store-owner/summary", Some(&owner)).await;
    assert_eq!(after["data"]["points_issued"].as_i64(), summary["data"]["points_issued"].as_i64().map(|p| p + 10));
    let (_, stores) = app.get("/api/v1/stores", Some(&owner)).await;
    assert!(stores["data"][0]["sales_today"].as_str().is_some_and(|s| s != "0.000"));
    let cashier_view = app.get("/api/v1/customers/store-owner-overview", Some(&cashier)).await;
    assert_eq!(cashier_view.0, 403);
}

async fn pos_activity_feed_is_filtered_and_scoped(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let cashier_id = app.scalar("SELECT id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let customer = app.scalar("SELECT MIN(id) AS n FROM customers");
    app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "42.5"})).await;
    app.post("/api/v1/customers", Some(&cashier), &json!({"name": "Feed Test"})).await;

    let (status, feed) = app.get("/api/v1/store-owner/pos-activities", Some(&owner)).await;
    assert_eq!(status, 200, "{feed}");
    let items = feed["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(items[0]["kind"], "customer_created");
    assert_eq!(items[0]["details"]["customer"], "Feed Test");
    assert_eq!(items[1]["kind"], "invoice_created");
    assert_eq!(items[1]["type"], "invoice");
    assert_eq!(items[1]["details"]["total"], "42.500");
    assert_eq!(items[1]["details"]["points"], "42");
    assert_eq!(items[1]["pos_user"]["id"], cashier_id);

    let (_, only) =
        app.get("/api/v1/store-owner/pos-activities?activity_type=redemption&date_range=90d", Some(&owner)).await;
    let only = only["data"].as_array().cloned().unwrap_or_default();
    assert!(!only.is_empty() && only.iter().all(|i| i["type"] == "redemption"), "{only:?}");
    let (_, by_user) = app
        .get(&format!("/api/v1/store-owner/pos-activities?pos_user_id={cashier_id}&date_range=90d"), Some(&owner))
        .await;
    assert!(by_user["data"].as_array().is_some_and(|a| a.iter().all(|i| i["pos_user"]["id"] == cashier_id)));
    let (_, paged) = app.get("/api/v1/store-owner/pos-activities?date_range=90d&per_page=3", Some(&owner)).await;
    assert_eq!(paged["data"].as_array().map(Vec::len), Some(3));
    assert!(paged["meta"]["total"].as_i64().unwrap_or(0) > 3);

    let (status, old) = app.get("/api/v1/store-owner/pos-activities?from=2020-01-01&to=2020-01-31", Some(&owner)).await;
    assert_eq!((status, old["meta"]["total"].as_i64()), (200, Some(0)));
    let (status, _) = app.get("/api/v1/store-owner/pos-activities?date_range=1y", Some(&owner)).await;
    assert_eq!(status, 422);
    let (status, _) = app.get("/api/v1/store-owner/pos-activities?from=22-11-2026", Some(&owner)).await;
    assert_eq!(status, 422);

    let stranger = register_owner(&app, "feed@shop.ly").await;
    let (status, none) = app.get("/api/v1/store-owner/pos-activities?date_range=90d", Some(&stranger)).await;
    assert_eq!((status, none["meta"]["total"].as_i64()), (200, Some(0)));
    let store = app.scalar("SELECT MIN(id) AS n FROM stores");
    assert_eq!(app.get(&format!("/api/v1/store-owner/pos-activities?store_id={store}"), Some(&stranger)).await.0, 404);
    assert_eq!(app.get("/api/v1/store-owner/pos-activities", Some(&cashier)).await.0, 403);
}
