//! An owner's plan: cards, plan changes that never lose paid days, and a lapsed plan, on both backends.

use crate::helpers::{both_backends, Backend, TestApp};
use futures_util::future::join_all;
use serde_json::json;

use crate::owner::{owner_app, register_owner};

both_backends!(
    card_codes_activate_plans_once,
    one_card_redeemed_in_parallel_activates_once,
    plan_changes_never_lose_paid_days,
    an_admin_assignment_asks_before_replacing_a_plan,
    a_lapsed_plan_stops_growth_but_not_the_counter,
);

async fn card_codes_activate_plans_once(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let (status, before) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(status, 200);
    assert_eq!(before["data"]["has_active_subscription"], true);
    assert_eq!(before["data"]["current_store_count"], 2);
    // The demo's plan ends in 25 days (up to three fewer on the days the calendar cannot).
    let left = before["data"]["remaining_days"].as_i64().unwrap_or_default();
    assert!((22..=25).contains(&left), "{left}");
    assert_eq!(before["data"]["active_subscription"]["package"]["store_limit"], 3);

    let redeem = |code: &str| {
        let body = json!({"code": code});
        let (app, owner) = (&app, owner.clone());
        async move { app.post("/api/v1/redemption-cards/redeem", Some(&owner), &body).await }
    };
    let (status, body) = redeem("   ").await;
    assert_eq!((status, body["errors"]["code"][0].as_str()), (422, Some("Redemption code cannot be empty.")));
    let (status, body) = redeem(&"X".repeat(51)).await;
    assert_eq!(status, 422, "{body}");
    let (status, body) = redeem("NOPE-NOPE").await;
    assert_eq!((status, body["errors"]["code"][0].as_str()), (422, Some("This redemption code is not valid.")));

    // The demo card is for the same package (6 months): it extends the plan.
    let (status, after) = redeem("  k7m2q9xht4wd ").await;
    assert_eq!(status, 200, "{after}");
    let days = after["data"]["remaining_days"].as_i64().unwrap_or(0);
    assert!((left + 180..=left + 185).contains(&days), "{days}");
    let (status, body) = redeem("K7M2Q9XHT4WD").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("card_already_redeemed")));

    // Another package waits for the plan's end: no paid day is lost.
    let (status, after) = redeem("P3ZR8NFA6JLC").await;
    assert_eq!(status, 200);
    assert_eq!(after["data"]["active_subscription"]["package"]["store_limit"], 3);
    assert_eq!(after["data"]["remaining_days"].as_i64(), Some(days));
    assert_eq!(after["data"]["next_subscription"]["package"]["store_limit"], 10);
    assert_eq!(after["data"]["next_subscription"]["starts_at"], after["data"]["active_subscription"]["end_date"]);

    app.execute(
        "INSERT INTO redemption_cards (code, package_id, expires_at, created_at, updated_at) \
         VALUES ('OLDCARD22222', 1, '2020-01-01 00:00:00', '2020-01-01 00:00:00', '2020-01-01 00:00:00')",
    );
    let (status, body) = redeem("oldcard22222").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("card_expired")));

    // Auto-renew toggles; cancelling ends the plan, and with it new stores.
    let (_, toggled) = app.post("/api/v1/subscriptions/toggle-auto-renew", Some(&owner), &json!({})).await;
    assert_eq!(toggled["data"]["active_subscription"]["auto_renew"], true);
    let (status, cancelled) = app.post("/api/v1/subscriptions/cancel", Some(&owner), &json!({})).await;
    assert_eq!((status, cancelled["data"]["has_active_subscription"].as_bool()), (200, Some(false)));
    let (status, body) = app.post("/api/v1/subscriptions/cancel", Some(&owner), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("no_active_plan")));
    let (status, body) = app.post("/api/v1/stores", Some(&owner), &json!({"name": "After cancel"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("no_active_plan")));
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(app.post("/api/v1/redemption-cards/redeem", Some(&cashier), &json!({"code": "X"})).await.0, 403);
}

async fn one_card_redeemed_in_parallel_activates_once(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let second = register_owner(&app, "racer@shop.ly").await;
    let tokens: Vec<String> = (0..16).map(|n| if n % 2 == 0 { owner.clone() } else { second.clone() }).collect();
    let body = json!({"code": "P3ZR8NFA6JLC"});
    let attempts = tokens.iter().map(|token| app.post("/api/v1/redemption-cards/redeem", Some(token), &body));
    let results = join_all(attempts).await;
    let ok = results.iter().filter(|r| r.0 == 200).count();
    let used = results.iter().filter(|r| r.0 == 409 && r.1["code"] == "card_already_redeemed").count();
    assert_eq!((ok, used), (1, 15), "{:?}", results.iter().map(|r| r.0).collect::<Vec<_>>());
    assert_eq!(
        app.scalar("SELECT COUNT(*) AS n FROM subscriptions WHERE status IN ('active', 'queued') AND source = 'card'"),
        1
    );
}

/// DESIGN.md section 5: a card or an assignment for another plan never throws paid time away
/// unless "switch now" is chosen, and says what it will do before anything changes.
async fn plan_changes_never_lose_paid_days(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let basic = app.scalar("SELECT id AS n FROM packages WHERE store_limit = 1");
    let enterprise = app.scalar("SELECT id AS n FROM packages WHERE store_limit = 10");
    for (code, package) in [("BASICCARD001", basic), ("BASICCARD002", basic), ("ENTERCARD001", enterprise)] {
        app.execute(&format!(
            "INSERT INTO redemption_cards (code, package_id, created_at, updated_at) \
             VALUES ('{code}', {package}, '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        ));
    }
    let post = |path: &'static str, body: serde_json::Value| {
        let (app, owner) = (&app, owner.clone());
        async move { app.post(path, Some(&owner), &body).await }
    };
    let (_, before) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    let business_end = before["data"]["active_subscription"]["end_date"].clone();
    let left = before["data"]["remaining_days"].clone();

    // The preview says what a Basic card would do, and changes nothing.
    let (status, preview) = post("/api/v1/redemption-cards/preview", json!({"code": "basiccard001"})).await;
    assert_eq!(status, 200, "{preview}");
    let preview = &preview["data"];
    assert_eq!(preview["package"]["store_limit"], 1);
    assert_eq!((preview["current_store_count"].as_i64(), preview["stores_over_limit"].as_i64()), (Some(2), Some(1)));
    let choices = preview["choices"].as_array().cloned().unwrap_or_default();
    assert_eq!(choices.len(), 2, "{preview}");
    assert_eq!((choices[0]["mode"].as_str(), choices[0]["outcome"].as_str()), (Some("queue"), Some("queue")));
    assert_eq!(choices[0]["starts_at"], business_end);
    assert_eq!(choices[0]["days_given_up"], 0);
    assert_eq!((choices[1]["mode"].as_str(), choices[1]["outcome"].as_str()), (Some("switch_now"), Some("switch_now")));
    assert_eq!(choices[1]["days_given_up"], left);
    assert_eq!(
        app.scalar("SELECT COUNT(*) AS n FROM redemption_cards WHERE redeemed_by IS NULL AND code = 'BASICCARD001'"),
        1
    );
    let (status, body) = post("/api/v1/redemption-cards/preview", json!({"code": "NOPE-NOPE"})).await;
    assert_eq!((status, body["errors"]["code"][0].as_str()), (422, Some("This redemption code is not valid.")));

    // Redeemed without a mode, it waits for Business to end.
    let (status, queued) = post("/api/v1/redemption-cards/redeem", json!({"code": "BASICCARD001"})).await;
    assert_eq!(status, 200, "{queued}");
    assert_eq!(queued["data"]["active_subscription"]["package"]["store_limit"], 3);
    assert_eq!(queued["data"]["remaining_days"], left);
    assert_eq!(queued["data"]["next_subscription"]["starts_at"], business_end);
    // The owner is told beforehand: two stores, and Basic allows one.
    assert_eq!(
        (queued["data"]["stores_over_limit"].as_i64(), queued["data"]["stores_over_next_limit"].as_i64()),
        (Some(0), Some(1))
    );

    // A second Basic card extends the waiting plan; an Enterprise card cannot queue a third.
    let (status, preview) = post("/api/v1/redemption-cards/preview", json!({"code": "BASICCARD002"})).await;
    assert_eq!(status, 200);
    assert_eq!(preview["data"]["choices"][0]["outcome"], "extend_next");
    let (status, extended) = post("/api/v1/redemption-cards/redeem", json!({"code": "BASICCARD002"})).await;
    assert_eq!(status, 200, "{extended}");
    assert_eq!(extended["data"]["next_subscription"]["starts_at"], business_end);
    assert_ne!(extended["data"]["next_subscription"]["end_date"], queued["data"]["next_subscription"]["end_date"]);
    let (status, body) = post("/api/v1/redemption-cards/redeem", json!({"code": "ENTERCARD001"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("next_plan_waiting")));
    assert_eq!(
        app.scalar("SELECT COUNT(*) AS n FROM redemption_cards WHERE redeemed_by IS NULL AND code = 'ENTERCARD001'"),
        1,
        "a refused redemption leaves the card unused"
    );

    // Switching now is a choice of its own: Enterprise from today, Business and the Basic
    // months given up.
    let (status, switched) =
        post("/api/v1/redemption-cards/redeem", json!({"code": "ENTERCARD001", "mode": "switch_now"})).await;
    assert_eq!(status, 200, "{switched}");
    assert_eq!(switched["data"]["active_subscription"]["package"]["store_limit"], 10);
    assert!(switched["data"]["next_subscription"].is_null());
    assert!((365..=366).contains(&switched["data"]["remaining_days"].as_i64().unwrap_or(0)));
    let (status, body) = post("/api/v1/redemption-cards/redeem", json!({"code": "X2", "mode": "later"})).await;
    assert_eq!(status / 100, 4, "an unknown mode is refused: {body}");

    // When the plan in effect ends, the waiting one takes over with no job to run.
    let (status, _) = app
        .post(
            "/api/v1/admin/subscriptions/assign",
            Some(&app.login("admin@demo.ly", "demo1234").await),
            &json!({"store_owner_id": app.scalar("SELECT id AS n FROM users WHERE email = 'owner@demo.ly'"),
                    "package_id": basic}),
        )
        .await;
    assert_eq!(status, 200);
    app.execute(
        "UPDATE subscriptions SET starts_at = '2020-01-01 00:00:00', ends_at = '2020-02-01 00:00:00' \
         WHERE status = 'active'",
    );
    app.execute("UPDATE subscriptions SET starts_at = '2020-02-01 00:00:00' WHERE status = 'queued'");
    let (_, later) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(later["data"]["active_subscription"]["package"]["store_limit"], 1, "{later}");
    assert!(later["data"]["next_subscription"].is_null());
    // Over the limit by one store: told so, no store can be added, and the counter keeps
    // working in both stores.
    assert_eq!(
        (later["data"]["stores_over_limit"].as_i64(), later["data"]["remaining_store_slots"].as_i64()),
        (Some(1), Some(0))
    );
    let (status, body) = app.post("/api/v1/stores", Some(&owner), &json!({"name": "Third"})).await;
    assert_eq!(status, 409, "{body}");
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let benghazi = app.login("benghazi@demo.ly", "demo1234").await;
    for (token, phone) in [(&cashier, "+218910000501"), (&benghazi, "+218910000502")] {
        let (status, made) =
            app.post("/api/v1/customers", Some(token), &json!({"name": "Over Limit", "phone": phone})).await;
        assert_eq!(status, 201, "{made}");
        let sale = json!({"customer_id": made["data"]["id"], "total_cost": "20"});
        let (status, body) = app.post("/api/v1/invoices", Some(token), &sale).await;
        assert_eq!(status, 201, "{body}");
    }
}

/// The admin sees the same choices and makes the same changes.
async fn an_admin_assignment_asks_before_replacing_a_plan(backend: Backend) {
    let Some((app, _owner)) = owner_app(backend).await else { return };
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let owner_id = app.scalar("SELECT id AS n FROM users WHERE email = 'owner@demo.ly'");
    let basic = app.scalar("SELECT id AS n FROM packages WHERE store_limit = 1");
    let assign = json!({"store_owner_id": owner_id, "package_id": basic});
    let (status, preview) = app.post("/api/v1/admin/subscriptions/preview", Some(&admin), &assign).await;
    assert_eq!(status, 200, "{preview}");
    let modes: Vec<_> = preview["data"]["choices"].as_array().cloned().unwrap_or_default();
    assert_eq!(modes.iter().map(|c| c["mode"].as_str().unwrap_or("")).collect::<Vec<_>>(), ["queue", "switch_now"]);
    let (status, body) = app.post("/api/v1/admin/subscriptions/preview", Some(&admin), &json!({})).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["package_id"].is_array() && body["errors"]["store_owner_id"].is_array());
    // The preview checks the notes as the assignment does: what it accepts, the assignment takes.
    let long_notes = json!({"store_owner_id": owner_id, "package_id": basic, "notes": "0".repeat(501)});
    let (status, body) = app.post("/api/v1/admin/subscriptions/preview", Some(&admin), &long_notes).await;
    assert_eq!((status, body["errors"]["notes"].is_array()), (422, true), "{body}");
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let (status, _) = app.post("/api/v1/admin/subscriptions/preview", Some(&owner), &json!({})).await;
    assert_eq!(status, 403);

    let (status, record) = app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &assign).await;
    assert_eq!(status, 200, "{record}");
    let (_, status_now) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(status_now["data"]["active_subscription"]["package"]["store_limit"], 3, "queued, not replaced");
    assert_eq!(status_now["data"]["next_subscription"]["package"]["store_limit"], 1);
    let switch = json!({"store_owner_id": owner_id, "package_id": basic, "mode": "switch_now"});
    let (status, _) = app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &switch).await;
    assert_eq!(status, 200);
    let (_, status_now) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(status_now["data"]["active_subscription"]["package"]["store_limit"], 1);
    assert!(status_now["data"]["next_subscription"].is_null());
    // Over the limit: the two stores keep working; a third cannot be added.
    assert_eq!(status_now["data"]["current_store_count"], 2);
    let (status, body) = app.post("/api/v1/stores", Some(&owner), &json!({"name": "Third"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("store_limit_reached")));
}

/// The rule for a cancelled or expired plan (docs/plans.md, #14 item 5): nothing grows (no new
/// store, cashier or reward, nothing switched back on) until a plan is in effect again; what
/// exists keeps working, the counter above all.
async fn a_lapsed_plan_stops_growth_but_not_the_counter(backend: Backend) {
    let Some((app, owner)) = owner_app(backend).await else { return };
    let store = app.scalar("SELECT MAX(id) AS n FROM stores");
    let staff = json!({"name": "Till", "email": "till@shop.ly", "password": "till-pass-1", "store_id": store});
    let (status, body) = app.post("/api/v1/store-owner/pos-users", Some(&owner), &staff).await;
    assert_eq!(status, 201, "{body}");
    let till = body["data"]["id"].as_i64().unwrap_or_default();
    let prize = json!({"name": "Coffee", "type": "prize", "points_required": 10});
    let (status, body) = app.post("/api/v1/rewards", Some(&owner), &prize).await;
    assert_eq!(status, 201, "{body}");
    let reward = body["data"]["id"].as_i64().unwrap_or_default();
    // One reward and one cashier off before the plan ends.
    let (off, on) = (json!({"is_active": false}), json!({"is_active": true}));
    assert_eq!(app.patch(&format!("/api/v1/rewards/{reward}"), Some(&owner), &off).await.0, 200);
    let till_path = format!("/api/v1/store-owner/pos-users/{till}");
    assert_eq!(app.post(&format!("{till_path}/deactivate"), Some(&owner), &json!({})).await.0, 200);

    let (_, status_before) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    assert_eq!(status_before["data"]["may_add_staff_and_rewards"], true);
    let (status, cancelled) = app.post("/api/v1/subscriptions/cancel", Some(&owner), &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(cancelled["data"]["may_add_staff_and_rewards"], false, "{cancelled}");
    assert_eq!(cancelled["data"]["remaining_store_slots"], 0);
    let counts = |app: &TestApp| {
        (
            app.scalar("SELECT COUNT(*) AS n FROM users WHERE role = 'pos_user' AND deleted_at IS NULL"),
            app.scalar("SELECT COUNT(*) AS n FROM rewards"),
            app.scalar("SELECT COUNT(*) AS n FROM stores"),
        )
    };
    let before = counts(&app);

    // Growth is refused with the plan's message, and nothing is written.
    let refused = [
        app.post("/api/v1/stores", Some(&owner), &json!({"name": "After cancel"})).await,
        app.post(
            "/api/v1/store-owner/pos-users",
            Some(&owner),
            &json!({"name": "New", "email": "new-till@shop.ly", "password": "till-pass-2", "store_id": store}),
        )
        .await,
        app.post("/api/v1/rewards", Some(&owner), &json!({"name": "Tea", "type": "prize", "points_required": 5})).await,
        app.patch(&format!("/api/v1/rewards/{reward}"), Some(&owner), &on).await,
        app.post(&format!("{till_path}/activate"), Some(&owner), &json!({})).await,
        app.patch(&till_path, Some(&owner), &on).await,
    ];
    for (status, body) in &refused {
        assert_eq!((*status, body["code"].as_str()), (409, Some("no_active_plan")), "{body}");
        assert_eq!(body["message"], "There is no active subscription. Activate a plan first.");
    }
    assert_eq!(counts(&app), before);
    let (_, rewards) = app.get("/api/v1/rewards", Some(&owner)).await;
    let coffee = rewards["data"].as_array().and_then(|r| r.iter().find(|r| r["id"] == reward).cloned());
    assert_eq!(coffee.map(|c| c["is_active"].clone()), Some(json!(false)));

    // What exists keeps working: editing, switching off, settings, and the whole counter.
    let renamed = json!({"name": "Coffee (large)", "description": null, "type": "prize", "points_required": 12,
                         "amount": "", "is_active": false});
    assert_eq!(app.put(&format!("/api/v1/rewards/{reward}"), Some(&owner), &renamed).await.0, 200);
    let settings = json!({"cost_per_point": "2.0", "min_purchase": "0"});
    assert_eq!(app.put("/api/v1/loyalty-config", Some(&owner), &settings).await.0, 200);
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let customer = app.scalar("SELECT MIN(id) AS n FROM customers WHERE store_id = (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')");
    let (status, sale) =
        app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "20"})).await;
    assert_eq!(status, 201, "{sale}");
    let (status, _) = app.get(&format!("/api/v1/customers/{customer}"), Some(&cashier)).await;
    assert_eq!(status, 200);

    // A card brings growth back.
    let (status, body) =
        app.post("/api/v1/redemption-cards/redeem", Some(&owner), &json!({"code": "K7M2Q9XHT4WD"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["may_add_staff_and_rewards"], true);
    assert_eq!(app.post(&format!("{till_path}/activate"), Some(&owner), &json!({})).await.0, 200);
    assert_eq!(app.patch(&format!("/api/v1/rewards/{reward}"), Some(&owner), &on).await.0, 200);
}
