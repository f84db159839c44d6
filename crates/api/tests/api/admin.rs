//! The admin's platform, on both backends.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    admin_endpoints_refuse_other_roles,
    users_are_managed_with_the_specs_rules,
    packages_are_managed_and_protected,
    store_owners_get_plans_assigned,
    overview_and_analytics_are_live,
    admin_manages_stores,
    the_published_bounds_are_the_rules,
);

pub(crate) async fn admin_app(backend: Backend) -> Option<(TestApp, String)> {
    let app = TestApp::spawn_demo(backend).await?;
    let admin = app.login("admin@demo.ly", "demo1234").await;
    Some((app, admin))
}

async fn admin_endpoints_refuse_other_roles(backend: Backend) {
    let Some((app, _admin)) = admin_app(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let gets = [
        "/api/v1/users",
        "/api/v1/store-owners",
        "/api/v1/admin/packages",
        "/api/v1/admin/store-owners",
        "/api/v1/admin/redemption-cards",
        "/api/v1/admin/overview",
        "/api/v1/admin/analytics",
    ];
    for path in gets {
        assert_eq!(app.get(path, None).await.0, 401, "{path}");
        for token in [&owner, &cashier] {
            let (status, body) = app.get(path, Some(token)).await;
            assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "{path}");
        }
    }
    let posts: [(&str, Value); 4] = [
        ("/api/v1/users", json!({"name": "X", "email": "x@x.ly", "password": "12345678", "role": "admin"})),
        ("/api/v1/packages", json!({"name": "X"})),
        ("/api/v1/admin/redemption-cards", json!({"package_id": 1})),
        ("/api/v1/admin/subscriptions/assign", json!({"store_owner_id": 2, "package_id": 1})),
    ];
    for (path, body) in posts {
        assert_eq!(app.post(path, Some(&owner), &body).await.0, 403, "{path}");
    }
    // Nothing was written by the refused calls.
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM users WHERE email = 'x@x.ly'"), 0);
    // Active packages are readable by any signed-in user (the owner picks a plan).
    assert_eq!(app.get("/api/v1/packages", Some(&owner)).await.0, 200);
}

async fn users_are_managed_with_the_specs_rules(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let (status, body) = app.post("/api/v1/users", Some(&admin), &json!({})).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "Name is required");
    assert_eq!(body["errors"]["email"][0], "Email is required");
    assert_eq!(body["errors"]["password"][0], "Password is required");
    assert_eq!(body["errors"]["role"][0], "Please select a role");
    let (_, body) = app
        .post(
            "/api/v1/users",
            Some(&admin),
            &json!({"name": "O", "email": "o@shop.ly", "password": "12345678", "role": "store_owner"}),
        )
        .await;
    assert_eq!(body["errors"]["store_owner_name"][0], "Store owner name is required");
    let (_, body) = app
        .post(
            "/api/v1/users",
            Some(&admin),
            &json!({"name": "P", "email": "p@shop.ly", "password": "12345678", "role": "pos_user"}),
        )
        .await;
    assert_eq!(body["errors"]["store_id"][0], "Please select a store");

    let store = app.scalar("SELECT MAX(id) AS n FROM stores");
    let form = json!({"name": "Hana", "email": "hana@shop.ly", "password": "hana-pass-1", "role": "pos_user", "store_id": store});
    let (status, created) = app.post("/api/v1/users", Some(&admin), &form).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["data"]["store_id"], store);
    let id = created["data"]["id"].as_i64().unwrap_or_default();
    let hana = app.login("hana@shop.ly", "hana-pass-1").await;

    // A blank password keeps the old one; the list finds her by name.
    let edit =
        json!({"name": "Hana B", "email": "hana@shop.ly", "password": "", "role": "pos_user", "store_id": store});
    let (status, body) = app.put(&format!("/api/v1/users/{id}"), Some(&admin), &edit).await;
    assert_eq!((status, body["data"]["name"].as_str()), (200, Some("Hana B")));
    assert_eq!(app.get("/api/v1/auth/user", Some(&hana)).await.0, 200);
    let (_, found) = app.get("/api/v1/users?search=hana&per_page=5", Some(&admin)).await;
    assert_eq!((found["meta"]["total"].as_i64(), found["data"][0]["id"].as_i64()), (Some(1), Some(id)));
    let (_, owners) = app.get("/api/v1/users?role=store_owner", Some(&admin)).await;
    assert!(owners["data"].as_array().is_some_and(|u| u.iter().all(|u| u["role"] == "store_owner")));

    // Deactivate signs her out; activate lets her in; delete removes her.
    assert_eq!(app.post(&format!("/api/v1/users/{id}/deactivate"), Some(&admin), &json!({})).await.0, 200);
    assert_eq!(app.get("/api/v1/auth/user", Some(&hana)).await.0, 401);
    assert_eq!(app.post(&format!("/api/v1/users/{id}/activate"), Some(&admin), &json!({})).await.0, 200);
    app.login("hana@shop.ly", "hana-pass-1").await;
    assert_eq!(app.delete(&format!("/api/v1/users/{id}"), Some(&admin)).await.0, 204);
    assert_eq!(app.put(&format!("/api/v1/users/{id}"), Some(&admin), &edit).await.0, 404);
    assert_eq!(app.post("/api/v1/users/999999/activate", Some(&admin), &json!({})).await.0, 404);

    // An admin cannot switch itself off.
    let me = app.scalar("SELECT id AS n FROM users WHERE email = 'admin@demo.ly'");
    let (status, body) = app.post(&format!("/api/v1/users/{me}/deactivate"), Some(&admin), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("cannot_change_self")));
    assert_eq!(app.delete(&format!("/api/v1/users/{me}"), Some(&admin)).await.0, 409);
    assert_eq!(app.get("/api/v1/auth/user", Some(&admin)).await.0, 200);

    // People with history are deactivated, not deleted: a cashier with sales, an owner with
    // stores and a plan. The refusal changes nothing; deactivating stops them at once.
    let cashier = app.scalar("SELECT id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let owner = app.scalar("SELECT id AS n FROM users WHERE email = 'owner@demo.ly'");
    let invoices = app.scalar(&format!("SELECT COUNT(*) AS n FROM invoices WHERE pos_user_id = {cashier}"));
    assert!(invoices > 0);
    for person in [cashier, owner] {
        let (status, body) = app.delete(&format!("/api/v1/users/{person}"), Some(&admin)).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("user_has_history")), "{body}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM users WHERE deleted_at IS NOT NULL AND email LIKE '%demo.ly'"), 0);
    let owner_token = app.login("owner@demo.ly", "demo1234").await;
    let (status, body) = app.delete(&format!("/api/v1/store-owner/pos-users/{cashier}"), Some(&owner_token)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("user_has_history")), "{body}");
    assert_eq!(app.post(&format!("/api/v1/users/{owner}/deactivate"), Some(&admin), &json!({})).await.0, 200);
    assert_eq!(app.get("/api/v1/auth/user", Some(&owner_token)).await.0, 401);
    assert_eq!(app.scalar(&format!("SELECT COUNT(*) AS n FROM invoices WHERE pos_user_id = {cashier}")), invoices);
}

async fn packages_are_managed_and_protected(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let (status, body) = app
        .post(
            "/api/v1/packages",
            Some(&admin),
            &json!({"name": " ", "price": "-1", "store_limit": 0, "duration_months": 0}),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "Name is required");
    assert_eq!(body["errors"]["price"][0], "Price cannot be negative");
    assert_eq!(body["errors"]["store_limit"][0], "Store limit must be at least 1");
    assert_eq!(body["errors"]["duration_months"][0], "Duration must be at least 1 month");
    // Each cause its own message: blank, too large, not whole.
    let packages_before = app.scalar("SELECT COUNT(*) AS n FROM packages");
    let (status, body) = app
        .post(
            "/api/v1/packages",
            Some(&admin),
            &json!({"name": "Big", "price": " ", "store_limit": 10_001, "duration_months": 121}),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["price"][0], "Enter a price (0 for a free plan)");
    assert_eq!(body["errors"]["store_limit"][0], "Store limit must be at most 10,000");
    assert_eq!(body["errors"]["duration_months"][0], "Duration must be at most 120 months");
    let (status, body) = app.post("/api/v1/packages", Some(&admin), &json!({"name": "Half", "store_limit": 2.5})).await;
    assert_eq!((status, body["errors"]["store_limit"].is_array()), (422, true), "{body}");
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM packages"), packages_before);

    // Defaults: price 0, one store, one month, active; features one per line, trimmed.
    let (status, body) = app
        .post("/api/v1/packages", Some(&admin), &json!({"name": "Trial", "features": " One store \n\n  Support "}))
        .await;
    assert_eq!(status, 201, "{body}");
    let p = &body["data"];
    assert_eq!(
        (p["price"].as_str(), p["store_limit"].as_i64(), p["duration_months"].as_i64()),
        (Some("0.000"), Some(1), Some(1))
    );
    assert_eq!(p["features"], json!(["One store", "Support"]));
    assert_eq!((p["is_active"].as_bool(), p["description"].clone()), (Some(true), Value::Null));
    let id = p["id"].as_i64().unwrap_or_default();

    let (_, edited) = app
        .put(
            &format!("/api/v1/packages/{id}"),
            Some(&admin),
            &json!({"name": "Trial+", "price": 12.5, "store_limit": 2, "duration_months": 3, "features": ["A", "B"]}),
        )
        .await;
    assert_eq!(
        (edited["data"]["price"].as_str(), edited["data"]["formatted_price"].as_str()),
        (Some("12.500"), Some("12.500 LYD"))
    );
    let (_, toggled) = app.post(&format!("/api/v1/packages/{id}/toggle"), Some(&admin), &json!({})).await;
    assert_eq!(toggled["data"]["is_active"], false);
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (_, active) = app.get("/api/v1/packages", Some(&owner)).await;
    assert!(active["data"].as_array().is_some_and(|a| a.iter().all(|p| p["id"] != id)));
    let (_, all) = app.get("/api/v1/admin/packages", Some(&admin)).await;
    assert!(all["data"].as_array().is_some_and(|a| a.iter().any(|p| p["id"] == id)));

    // A package in use cannot go; an unused one can.
    let used = app.scalar("SELECT package_id AS n FROM subscriptions LIMIT 1");
    let (status, body) = app.delete(&format!("/api/v1/packages/{used}"), Some(&admin)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("package_in_use")));
    assert_eq!(app.delete(&format!("/api/v1/packages/{id}"), Some(&admin)).await.0, 204);
    assert_eq!(app.delete(&format!("/api/v1/packages/{id}"), Some(&admin)).await.0, 404);
    assert_eq!(app.put("/api/v1/packages/999999", Some(&admin), &json!({"name": "X"})).await.0, 404);
}

async fn store_owners_get_plans_assigned(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let (status, owners) = app.get("/api/v1/admin/store-owners", Some(&admin)).await;
    assert_eq!(status, 200);
    let demo = owners["data"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["user"]["email"] == "owner@demo.ly"))
        .cloned()
        .unwrap_or_default();
    assert_eq!((demo["stores_count"].as_i64(), demo["remaining_store_slots"].as_i64()), (Some(2), Some(1)));
    // The demo's plan ends in 25 days (up to three fewer on the days the calendar cannot).
    let days = demo["active_subscription"]["remaining_days"].as_i64().unwrap_or_default();
    assert!((22..=25).contains(&days), "{days}");

    let form = json!({"name": "New", "email": "new@shop.ly", "password": "new-owner-1", "store_owner_name": "New Co"});
    let (_, registered) = app.post("/api/v1/auth/register", None, &form).await;
    let owner_id = registered["data"]["user"]["id"].as_i64().unwrap_or_default();
    let (status, body) =
        app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &json!({"store_owner_id": owner_id})).await;
    assert_eq!((status, body["errors"]["package_id"][0].as_str()), (422, Some("Please select a package")));
    let basic = app.scalar("SELECT MIN(id) AS n FROM packages");
    let assign = json!({"store_owner_id": owner_id, "package_id": basic, "auto_renew": true, "notes": "paid cash"});
    let (status, body) = app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &assign).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["has_active_subscription"], true);
    assert_eq!(body["data"]["active_subscription"]["auto_renew"], true);
    let days = body["data"]["active_subscription"]["remaining_days"].as_i64().unwrap_or(0);
    assert!((28..=31).contains(&days), "{days}");
    // The same package again extends the plan.
    let (_, again) = app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &assign).await;
    assert!(again["data"]["active_subscription"]["remaining_days"].as_i64().unwrap_or(0) >= days + 28);
    // The owner can now open a store.
    let token = registered["data"]["token"].as_str().unwrap_or_default();
    assert_eq!(app.post("/api/v1/stores", Some(token), &json!({"name": "New store"})).await.0, 201);
    // Inactive packages are refused; unknown owners are not found.
    app.execute(&format!("UPDATE packages SET is_active = false WHERE id = {basic}"));
    assert_eq!(app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &assign).await.0, 422);
    let stranger = json!({"store_owner_id": 999_999, "package_id": basic});
    assert_eq!(app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &stranger).await.0, 404);
}

async fn overview_and_analytics_are_live(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let (status, overview) = app.get("/api/v1/admin/overview", Some(&admin)).await;
    assert_eq!(status, 200);
    let o = &overview["data"];
    assert_eq!(o["total_users"], app.scalar("SELECT COUNT(*) AS n FROM users WHERE deleted_at IS NULL"));
    assert_eq!(o["total_stores"], 2);
    let transactions = app.scalar(
        "SELECT (SELECT COUNT(*) FROM invoices WHERE voided_at IS NULL) + (SELECT COUNT(*) FROM redemptions) AS n",
    );
    assert_eq!(o["total_transactions"], transactions);
    assert_eq!(o["health"]["database"]["reachable"], true);
    assert!(o["recent_activity"].as_array().is_some_and(|a| a.len() == 10));

    let (status, analytics) = app.get("/api/v1/admin/analytics", Some(&admin)).await;
    assert_eq!(status, 200);
    let days = analytics["data"]["days"].as_array().cloned().unwrap_or_default();
    assert_eq!(days.len(), 30);
    let issued: i64 = days.iter().filter_map(|d| d["points_issued"].as_i64()).sum();
    // The demo's oldest sale (30 days back) falls just outside the window.
    let all =
        app.scalar("SELECT CAST(COALESCE(SUM(points_earned), 0) AS BIGINT) AS n FROM invoices WHERE voided_at IS NULL");
    let oldest = app.scalar("SELECT points_earned AS n FROM invoices ORDER BY created_at LIMIT 1");
    assert_eq!(issued, all - oldest);
    assert!(days.windows(2).all(|w| w[0]["day"].as_str() < w[1]["day"].as_str()));
    let top = analytics["data"]["top_stores"].as_array().cloned().unwrap_or_default();
    assert!(!top.is_empty());

    // A sale shows up today.
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let customer = app.scalar("SELECT MIN(id) AS n FROM customers");
    app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "100"})).await;
    let (_, after) = app.get("/api/v1/admin/analytics", Some(&admin)).await;
    let today_before = days.last().and_then(|d| d["invoices"].as_i64()).unwrap_or(0);
    let today_after =
        after["data"]["days"].as_array().and_then(|d| d.last()).and_then(|d| d["invoices"].as_i64()).unwrap_or(0);
    assert_eq!(today_after, today_before + 1);
    let (_, overview) = app.get("/api/v1/admin/overview", Some(&admin)).await;
    assert_eq!(overview["data"]["recent_activity"][0]["kind"], "invoice_created");
    assert_eq!(overview["data"]["total_transactions"], transactions + 1);
    let revenue = |app: &TestApp| {
        let dirhams = app.scalar(
            "SELECT CAST(COALESCE(SUM(total_dirhams), 0) AS BIGINT) AS n FROM invoices WHERE voided_at IS NULL",
        );
        format!("{}.{:03}", dirhams / 1000, dirhams % 1000)
    };
    assert_eq!(overview["data"]["revenue"], revenue(&app));

    // A void takes the sale off its day, the platform's totals and the store's ranking.
    let (_, sales) = app.get("/api/v1/invoices?per_page=1", Some(&cashier)).await;
    let sale = sales["data"][0]["id"].as_i64().unwrap_or_default();
    let (status, body) =
        app.post(&format!("/api/v1/invoices/{sale}/void"), Some(&cashier), &json!({"reason": "test"})).await;
    assert_eq!(status, 200, "{body}");
    let (_, voided) = app.get("/api/v1/admin/analytics", Some(&admin)).await;
    assert_eq!(voided["data"]["days"], analytics["data"]["days"]);
    assert_eq!(voided["data"]["top_stores"], analytics["data"]["top_stores"]);
    let (_, overview) = app.get("/api/v1/admin/overview", Some(&admin)).await;
    assert_eq!(overview["data"]["total_transactions"], transactions);
    assert_eq!(overview["data"]["revenue"], revenue(&app));
    app.assert_ledger_matches_balances();
}

async fn admin_manages_stores(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let (_, owners) = app.get("/api/v1/store-owners", Some(&admin)).await;
    let owner_id = owners["data"][0]["id"].as_i64().unwrap_or_default();
    assert!(owners["data"][0]["email"].is_string());
    let (status, created) =
        app.post("/api/v1/stores", Some(&admin), &json!({"name": "Admin made", "store_owner_id": owner_id})).await;
    assert_eq!(status, 201, "{created}");
    let id = created["data"]["id"].as_i64().unwrap_or_default();
    assert_eq!(created["data"]["owner"]["id"], owner_id);
    let renamed = json!({"name": "Admin renamed", "address": null, "store_owner_id": owner_id});
    let (status, _) = app.put(&format!("/api/v1/stores/{id}"), Some(&admin), &renamed).await;
    assert_eq!(status, 200);
    // A store with history stays; an empty one can go.
    let busy = app.scalar("SELECT MIN(id) AS n FROM stores");
    let (status, body) = app.delete(&format!("/api/v1/stores/{busy}"), Some(&admin)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("store_has_history")));
    // A deleted store's cashiers stop with it: the signed-in one is signed out, and signing in
    // again is refused (no sales keep landing in a store nobody can see).
    let cashier = json!({"name": "Ghost", "email": "ghost@shop.ly", "password": "ghost-pass-1", "role": "pos_user", "store_id": id});
    assert_eq!(app.post("/api/v1/users", Some(&admin), &cashier).await.0, 201);
    let ghost = app.login("ghost@shop.ly", "ghost-pass-1").await;
    assert_eq!(app.get("/api/v1/auth/user", Some(&ghost)).await.0, 200);
    assert_eq!(app.delete(&format!("/api/v1/stores/{id}"), Some(&admin)).await.0, 204);
    assert_eq!(app.delete(&format!("/api/v1/stores/{id}"), Some(&admin)).await.0, 404);
    assert_eq!(app.get("/api/v1/auth/user", Some(&ghost)).await.0, 401);
    let (status, body) =
        app.post("/api/v1/auth/login", None, &json!({"email": "ghost@shop.ly", "password": "ghost-pass-1"})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("account_inactive")));
    // Its owner may delete it too, but not while it has customers or sales.
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (status, body) = app.delete(&format!("/api/v1/stores/{busy}"), Some(&owner)).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("store_has_history")));
}

/// The bounds the OpenAPI document publishes (and the forms read) are the server's rules: the
/// bound itself is accepted, one past it refused with the field's message and nothing saved, and
/// a text is bounded as typed, before trimming.
async fn the_published_bounds_are_the_rules(backend: Backend) {
    let Some((app, admin)) = admin_app(backend).await else { return };
    let (_, doc) = app.get("/api/v1/openapi.json", None).await;
    let field = |schema: &str, property: &str| doc["components"]["schemas"][schema]["properties"][property].clone();
    let limit = field("PackageRequest", "store_limit")["maximum"].as_i64().unwrap_or_default();
    let months = field("PackageRequest", "duration_months")["maximum"].as_i64().unwrap_or_default();
    let name_max = field("PackageRequest", "name")["maxLength"].as_u64().unwrap_or_default() as usize;
    assert!(limit > 1 && months > 1 && name_max > 1, "{limit} {months} {name_max}");

    let before = app.scalar("SELECT COUNT(*) AS n FROM packages");
    let over = json!({"name": "Over", "store_limit": limit + 1, "duration_months": months + 1});
    let (status, body) = app.post("/api/v1/packages", Some(&admin), &over).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["store_limit"].is_array() && body["errors"]["duration_months"].is_array(), "{body}");
    let padded = format!("{}  ", "n".repeat(name_max - 1));
    let (status, body) = app.post("/api/v1/packages", Some(&admin), &json!({"name": padded})).await;
    assert_eq!((status, body["errors"]["name"][0].as_str()), (422, Some("This value is too long")));
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM packages"), before);

    let at = json!({"name": "n".repeat(name_max), "store_limit": limit, "duration_months": months});
    let (status, body) = app.post("/api/v1/packages", Some(&admin), &at).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (body["data"]["store_limit"].as_i64(), body["data"]["duration_months"].as_i64()),
        (Some(limit), Some(months))
    );

    // A reward's discount: the document's x-discount-maximum is the largest percent accepted.
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let percent = field("RewardRequest", "amount")["x-discount-maximum"].as_i64().unwrap_or_default();
    let reward = |amount: i64| json!({"name": "Max", "type": "discount", "points_required": 1, "amount": amount});
    let (status, body) = app.post("/api/v1/rewards", Some(&owner), &reward(percent + 1)).await;
    assert_eq!(
        (status, body["errors"]["amount"][0].as_str()),
        (422, Some("Discount percentage must be between 0 and 100"))
    );
    let (status, _) = app.post("/api/v1/rewards", Some(&owner), &reward(percent)).await;
    assert_eq!(status, 201);
}
