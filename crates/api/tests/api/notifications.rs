//! The bell (issue #35, item 5), on both backends: an owner's notifications are the signals
//! waiting for review, the plan ending with nothing after it, imports finished and failing
//! webhook endpoints; the count is what is unread and drops when one is read or a signal
//! reviewed; a cashier has none; bad keys are refused and change nothing.

use chrono::Duration;
use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(the_bell_lists_what_the_owner_should_look_at_and_counts_the_unread);

async fn bell(app: &TestApp, token: &str) -> (Vec<Value>, i64) {
    let (status, body) = app.get("/api/v1/notifications", Some(token)).await;
    assert_eq!(status, 200, "{body}");
    (body["data"].as_array().cloned().unwrap_or_default(), body["meta"]["unread"].as_i64().unwrap_or(-1))
}

fn of_kind<'a>(items: &'a [Value], kind: &str) -> Vec<&'a Value> {
    items.iter().filter(|n| n["kind"] == kind).collect()
}

async fn the_bell_lists_what_the_owner_should_look_at_and_counts_the_unread(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.session_ttl = Duration::days(3650);
        c.webhook_allow_private = true;
    })
    .await
    else {
        return;
    };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let (before, unread_before) = bell(&app, &owner).await;
    assert_eq!(unread_before, before.iter().filter(|n| n["read"] == false).count() as i64);
    assert!(of_kind(&before, "plan_ending").is_empty(), "25 days left: not yet");

    // Four sales to one customer in a day cross the demo's threshold of 3: a signal.
    let body = json!({"name": "Bell Customer", "phone": "+218910000401"});
    let (_, made) = app.post("/api/v1/customers", Some(&cashier), &body).await;
    let customer = made["data"]["id"].as_i64().unwrap_or_default();
    for _ in 0..4 {
        let sale = json!({"customer_id": customer, "total_cost": "10"});
        assert_eq!(app.post("/api/v1/invoices", Some(&cashier), &sale).await.0, 201);
    }
    // An import into the cashier's store.
    let store = app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let file = "name,phone,points\nBell Import,0913000411,30\n";
    let imported = app
        .client
        .post(app.url(&format!("/api/v1/imports/customers?store_id={store}")))
        .bearer_auth(&owner)
        .header("Content-Type", "text/csv")
        .body(file)
        .send()
        .await
        .map(|r| r.status().as_u16());
    assert_eq!(imported.ok(), Some(201));
    // An endpoint whose deliveries of the sales gave up.
    let hook = json!({"url": "http://127.0.0.1:9/hook", "events": ["invoice.created"]});
    let (status, made) = app.post("/api/v1/store-owner/webhooks", Some(&owner), &hook).await;
    assert_eq!(status, 201, "{made}");
    let endpoint = made["data"]["id"].as_i64().unwrap_or_default();
    let sale = json!({"customer_id": customer, "total_cost": "12"});
    assert_eq!(app.post("/api/v1/invoices", Some(&cashier), &sale).await.0, 201);
    // The sale's event is queued; the listing fans it out (as the worker would, within a second).
    let (status, listed) = app.get(&format!("/api/v1/store-owner/webhooks/{endpoint}/deliveries"), Some(&owner)).await;
    assert_eq!((status, listed["meta"]["total"].as_i64()), (200, Some(1)), "{listed}");
    app.execute(&format!(
        "UPDATE webhook_deliveries SET status = 'failed', attempts = 8 WHERE endpoint_id = {endpoint}"
    ));

    let (items, unread) = bell(&app, &owner).await;
    let signals = of_kind(&items, "signal");
    let ours = signals
        .iter()
        .find(|n| n["signal"]["customer"]["id"].as_i64() == Some(customer))
        .copied()
        .unwrap_or_else(|| panic!("the signal is in the bell: {items:?}"));
    assert_eq!(ours["signal"]["kind"], "sales_per_customer");
    let import = of_kind(&items, "customers_imported");
    assert_eq!(import.len(), 1, "{items:?}");
    assert_eq!(
        (import[0]["import"]["customers"].as_i64(), import[0]["import"]["points"].as_i64()),
        (Some(1), Some(30))
    );
    assert_eq!(import[0]["import"]["store"]["id"].as_i64(), Some(store));
    let failing = of_kind(&items, "webhook_failing");
    assert_eq!(failing.len(), 1, "{items:?}");
    assert_eq!(
        (failing[0]["webhook"]["endpoint_id"].as_i64(), failing[0]["webhook"]["failing"].as_i64()),
        (Some(endpoint), Some(1))
    );
    assert_eq!(unread, unread_before + 3, "{items:?}");
    // Newest first.
    let times: Vec<&str> = items.iter().map(|n| n["at"].as_str().unwrap_or_default()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{times:?}");

    // Read: the count drops, the item stays, marked read; again changes nothing.
    let key = import[0]["key"].as_str().unwrap_or_default().to_owned();
    for _ in 0..2 {
        let (status, body) = app.post("/api/v1/notifications/read", Some(&owner), &json!({"keys": [key]})).await;
        assert_eq!((status, body["meta"]["unread"].as_i64()), (200, Some(unread - 1)), "{body}");
    }
    let (items, _) = bell(&app, &owner).await;
    assert_eq!(of_kind(&items, "customers_imported")[0]["read"], true);
    // Reviewed: the signal leaves the list.
    let signal = ours["signal"]["id"].as_i64().unwrap_or_default();
    let path = format!("/api/v1/store-owner/signals/{signal}/review");
    assert_eq!(app.post(&path, Some(&owner), &json!({})).await.0, 200);
    let (items, now_unread) = bell(&app, &owner).await;
    assert!(of_kind(&items, "signal").iter().all(|n| n["signal"]["id"].as_i64() != Some(signal)));
    assert_eq!(now_unread, unread - 2);

    // Twelve days before the plan's end with auto-renew off and nothing queued: the plan too.
    let (_, status_body) = app.get("/api/v1/subscriptions/status", Some(&owner)).await;
    if status_body["data"]["active_subscription"]["auto_renew"] == true {
        assert_eq!(app.post("/api/v1/subscriptions/toggle-auto-renew", Some(&owner), &json!({})).await.0, 200);
    }
    let remaining = status_body["data"]["remaining_days"].as_i64().unwrap_or_default();
    app.config.clock.set(chrono::Utc::now().naive_utc() + Duration::days(remaining - 12));
    let (items, _) = bell(&app, &owner).await;
    let plan = of_kind(&items, "plan_ending");
    assert_eq!(plan.len(), 1, "{items:?}");
    assert!((11..=13).contains(&plan[0]["plan"]["days_left"].as_i64().unwrap_or(0)), "{:?}", plan[0]);

    // A cashier has none; bad keys change nothing.
    assert_eq!(bell(&app, &cashier).await, (Vec::new(), 0));
    for bad in [json!({"keys": []}), json!({"keys": [""]}), json!({"keys": ["x".repeat(201)]}), json!({"key": ["a"]})] {
        let (status, body) = app.post("/api/v1/notifications/read", Some(&owner), &bad).await;
        assert_eq!(status, 422, "{bad}: {body}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM notification_reads"), 1);
}
