//! What is kept for a time (issue #40, item 3): the owner's choice of how long its activity
//! log and webhook deliveries are kept, checked and saved; the daily run forgetting each
//! owner's older rows by that choice (the defaults for the rest, the longest choice for rows of
//! no owner) and never the books. On PostgreSQL, the monthly partitions: rows land in their
//! month, a month ahead is made with its rows moved out of the default partition, a month past
//! every choice is dropped whole, and what partitioning cannot declare (an invoice number unique
//! per store, the foreign keys to invoices) still holds.

use chrono::{Duration, NaiveDate, NaiveDateTime};
use serde_json::json;

use crate::expiry::Shop;
use crate::helpers::{both_backends, Backend};

both_backends!(the_owner_chooses_within_bounds, each_owner_forgets_by_its_choice);

/// The demo at the real now, to the second (SQL literals below are written from it).
async fn shop(backend: Backend) -> Option<(Shop, NaiveDateTime)> {
    let now = chrono::Utc::now().naive_utc();
    let now = chrono::Timelike::with_nanosecond(&now, 0).unwrap_or(now);
    let shop = Shop::open(backend, now).await?;
    Some((shop, now))
}

const RETENTION: &str = "/api/v1/store-owner/data-retention";

/// The owner's choice, as the settings screen sends it.
async fn choose(shop: &Shop, body: &serde_json::Value) -> (u16, serde_json::Value) {
    shop.app.put(RETENTION, Some(&shop.owner), body).await
}

fn sql_time(t: NaiveDateTime) -> String {
    t.format("'%Y-%m-%d %H:%M:%S'").to_string()
}

/// One pass of the daily run's body at `now`.
async fn forget(shop: &Shop, now: NaiveDateTime) -> loyalty_application::use_cases::retention::RetentionRun {
    let services = shop.app.state.services.clone();
    tokio::task::spawn_blocking(move || loyalty_application::use_cases::retention::run(&services, now))
        .await
        .unwrap_or_else(|e| panic!("join: {e}"))
        .unwrap_or_else(|e| panic!("retention: {e}"))
}

async fn the_owner_chooses_within_bounds(backend: Backend) {
    let Some((shop, _)) = shop(backend).await else { return };
    let app = &shop.app;
    let (status, body) = app.get(RETENTION, Some(&shop.owner)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"], json!({"activity_log_months": 24, "webhook_delivery_days": 30}), "the defaults");

    let (status, body) = choose(&shop, &json!({"activity_log_months": 12, "webhook_delivery_days": 7})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"], json!({"activity_log_months": 12, "webhook_delivery_days": 7}));

    for (bad, field, message) in [
        (
            json!({"activity_log_months": 2, "webhook_delivery_days": 30}),
            "activity_log_months",
            "Keep POS activity 3 to 36 months",
        ),
        (
            json!({"activity_log_months": 37, "webhook_delivery_days": 30}),
            "activity_log_months",
            "Keep POS activity 3 to 36 months",
        ),
        (
            json!({"activity_log_months": 24, "webhook_delivery_days": 6}),
            "webhook_delivery_days",
            "Keep webhook deliveries 7 to 90 days",
        ),
        (
            json!({"activity_log_months": 24, "webhook_delivery_days": 91}),
            "webhook_delivery_days",
            "Keep webhook deliveries 7 to 90 days",
        ),
    ] {
        let (status, body) = choose(&shop, &bad).await;
        assert_eq!((status, body["errors"][field][0].as_str()), (422, Some(message)), "{bad}: {body}");
    }
    let (status, body) = choose(&shop, &json!({"activity_log_months": 12})).await;
    assert_eq!(status, 422, "both values are needed: {body}");
    let (status, body) = app
        .put(
            RETENTION,
            Some(&shop.owner),
            &json!({"activity_log_months": 12, "webhook_delivery_days": 7, "ledger_months": 1}),
        )
        .await;
    assert_eq!(status, 422, "unknown fields: {body}");
    let (_, body) = app.get(RETENTION, Some(&shop.owner)).await;
    assert_eq!(
        body["data"],
        json!({"activity_log_months": 12, "webhook_delivery_days": 7}),
        "bad input changed nothing"
    );

    // The owner's alone: not its cashier's, not the admin's.
    let (status, _) = app.get(RETENTION, Some(&shop.cashier)).await;
    assert_eq!(status, 403);
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let (status, _) =
        app.put(RETENTION, Some(&admin), &json!({"activity_log_months": 3, "webhook_delivery_days": 7})).await;
    assert_eq!(status, 403);
}

async fn each_owner_forgets_by_its_choice(backend: Backend) {
    let Some((shop, now)) = shop(backend).await else { return };
    let app = &shop.app;
    // A second owner: the demo's second store moves to a newly registered owner.
    let form =
        json!({"name": "Other", "email": "other@shop.ly", "password": "other-owner-1", "store_owner_name": "Other Co"});
    let (status, body) = app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 201, "{body}");
    let other = body["data"]["user"]["id"].as_i64().unwrap_or_default();
    let owner = app.scalar("SELECT id AS n FROM users WHERE email = 'owner@demo.ly'");
    let mine = app.scalar(&format!("SELECT MIN(id) AS n FROM stores WHERE owner_id = {owner}"));
    let theirs = app.scalar(&format!("SELECT MAX(id) AS n FROM stores WHERE owner_id = {owner}"));
    assert_ne!(mine, theirs);
    app.execute(&format!("UPDATE stores SET owner_id = {other} WHERE id = {theirs}"));

    // The demo owner keeps its activity 12 months and deliveries 7 days; the other the defaults.
    let (status, body) = choose(&shop, &json!({"activity_log_months": 12, "webhook_delivery_days": 7})).await;
    assert_eq!(status, 200, "{body}");

    let ago = |days: i64| sql_time(now - Duration::days(days));
    let activity = |store: &str, days: i64, marker: i64| {
        app.execute(&format!(
            "INSERT INTO activity_log (store_id, kind, subject_id, details, created_at) \
             VALUES ({store}, 'customer_updated', {marker}, '{{}}', {})",
            ago(days)
        ))
    };
    activity(&mine.to_string(), 380, 9001); // past 12 months: goes
    activity(&mine.to_string(), 340, 9002); // within: stays
    activity(&theirs.to_string(), 380, 9003); // the other keeps 24 months: stays
    activity(&theirs.to_string(), 750, 9004); // past 24 months: goes
    activity("NULL", 1_130, 9005); // no owner's, past the longest choice (36 months): goes
    activity("NULL", 1_000, 9006); // within it: stays

    // Deliveries: one endpoint each, events and deliveries made at given ages.
    for (owner_id, name) in [(owner, "mine"), (other, "theirs")] {
        app.execute(&format!(
            "INSERT INTO webhook_endpoints (owner_id, url, events, secret, is_active, created_at, updated_at, mode) \
             VALUES ({owner_id}, 'https://example.com/{name}', 'invoice.created', 'secret', {}, {}, {}, 'live')",
            if backend == Backend::Sqlite { "1" } else { "TRUE" },
            ago(400),
            ago(400)
        ));
    }
    let endpoint = |name: &str| app.scalar(&format!("SELECT id AS n FROM webhook_endpoints WHERE url LIKE '%/{name}'"));
    let delivery = |owner_id: i64, endpoint_id: i64, days: i64, event: &str, status: &str| {
        app.execute(&format!(
            "INSERT INTO webhook_events (id, owner_id, event_type, payload, created_at) \
             VALUES ('{event}', {owner_id}, 'invoice.created', '{{}}', {t})",
            t = ago(days)
        ));
        app.execute(&format!(
            "INSERT INTO webhook_deliveries (event_id, endpoint_id, status, attempts, next_attempt_at, created_at, updated_at, sequence) \
             VALUES ('{event}', {endpoint_id}, '{status}', 1, {t}, {t}, {t}, 1)",
            t = ago(days)
        ));
    };
    let (my_endpoint, their_endpoint) = (endpoint("mine"), endpoint("theirs"));
    delivery(owner, my_endpoint, 10, "evt_mine_old", "succeeded"); // past 7 days: goes, its event too
    delivery(owner, my_endpoint, 5, "evt_mine_new", "succeeded"); // stays
    delivery(owner, my_endpoint, 10, "evt_mine_pending", "pending"); // still retried: stays
    delivery(other, their_endpoint, 10, "evt_theirs_10", "failed"); // the default 30 days: stays
    delivery(other, their_endpoint, 40, "evt_theirs_40", "succeeded"); // goes

    let books = |table: &str| app.scalar(&format!("SELECT COUNT(*) AS n FROM {table}"));
    let (invoices, ledger) = (books("invoices"), books("points_ledger"));
    let run = forget(&shop, now).await;
    assert_eq!((run.activity_forgotten, run.deliveries_forgotten), (3, 2), "{run:?}");

    let left = |sql: &str| app.scalar(&format!("SELECT COUNT(*) AS n FROM {sql}"));
    let markers = |marker: i64| left(&format!("activity_log WHERE subject_id = {marker}"));
    assert_eq!(
        [9001, 9002, 9003, 9004, 9005, 9006].map(markers),
        [0, 1, 1, 0, 0, 1],
        "activity kept by each owner's choice"
    );
    let event = |id: &str| left(&format!("webhook_events WHERE id = '{id}'"));
    assert_eq!(
        ["evt_mine_old", "evt_mine_new", "evt_mine_pending", "evt_theirs_10", "evt_theirs_40"].map(event),
        [0, 1, 1, 1, 0],
        "an event goes with its last delivery"
    );
    assert_eq!(left("webhook_deliveries"), 3);
    assert_eq!((books("invoices"), books("points_ledger")), (invoices, ledger), "the books are never forgotten");
    // The demo's own recent activity is untouched, and a second run forgets nothing more.
    let run = forget(&shop, now).await;
    assert_eq!((run.activity_forgotten, run.deliveries_forgotten), (0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_partitions_by_month() {
    let Some((shop, now)) = shop(Backend::Postgres).await else { return };
    let app = &shop.app;
    let partitioned = app.scalar(
        "SELECT COUNT(*) AS n FROM pg_partitioned_table WHERE partrelid::regclass::text \
         IN ('invoices', 'points_ledger', 'activity_log', 'webhook_deliveries')",
    );
    assert_eq!(partitioned, 4);

    // A sale lands in its month's partition.
    let customer = app.scalar("SELECT MIN(id) AS n FROM customers");
    let body = json!({"customer_id": customer, "total_cost": "25", "invoice_id": "P-1"});
    let (status, sale) = app.post("/api/v1/invoices", Some(&shop.cashier), &body).await;
    assert_eq!(status, 201, "{sale}");
    let id = sale["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    let month = now.format("y%Ym%m").to_string();
    let in_month = app.scalar(&format!(
        "SELECT COUNT(*) AS n FROM invoices WHERE id = {id} AND tableoid = 'invoices_{month}'::regclass"
    ));
    assert_eq!(in_month, 1, "invoices_{month}");

    // An invoice number stays unique per store across months, and the API still says so.
    let store = app.scalar(&format!("SELECT store_id AS n FROM invoices WHERE id = {id}"));
    let elsewhere = sql_time(now - Duration::days(62));
    let copy = app.try_execute(&format!(
        "INSERT INTO invoices (store_id, customer_id, invoice_number, total_dirhams, points_earned, created_at, updated_at) \
         VALUES ({store}, {customer}, 'P-1', 1000, 0, {elsewhere}, {elsewhere})"
    ));
    assert!(copy.is_err(), "the same number in another month: {copy:?}");
    let (status, again) = app.post("/api/v1/invoices", Some(&shop.cashier), &body).await;
    assert_eq!(status, 409, "{again}");
    // What names an invoice names one that exists, and invoices are never deleted.
    let dangling = app.try_execute(&format!(
        "INSERT INTO points_ledger (customer_id, store_id, kind, delta, balance_after, invoice_id, created_at) \
         VALUES ({customer}, {store}, 'manual', 1, 1, 987654321, {elsewhere})"
    ));
    assert!(dangling.is_err(), "{dangling:?}");
    assert!(app.try_execute(&format!("DELETE FROM invoices WHERE id = {id}")).is_err());

    // A row of a month with no partition yet waits in the default one, and moves into its
    // month when the run makes it (with the two months after).
    let ahead = NaiveDate::from_ymd_opt(2031, 5, 3).and_then(|d| d.and_hms_opt(9, 0, 0)).unwrap_or_default();
    app.execute(&format!(
        "INSERT INTO activity_log (kind, details, subject_id, created_at) VALUES ('customer_updated', '{{}}', 7001, {})",
        sql_time(ahead)
    ));
    let home = || {
        app.scalar(
            "SELECT CASE tableoid::regclass::text WHEN 'activity_log_default' THEN 0 \
             WHEN 'activity_log_y2031m05' THEN 1 ELSE 2 END::bigint AS n FROM activity_log WHERE subject_id = 7001",
        )
    };
    assert_eq!(home(), 0, "in the default partition");
    let run = forget(&shop, ahead).await;
    assert_eq!(run.partitions_made, 12, "four tables, three months each: {run:?}");
    assert_eq!(home(), 1, "moved into its month");
    // Run that far ahead, every month of activity before May 2028 (36 months) was dropped
    // whole, this month's invoices kept.
    let table = |name: &str| app.scalar(&format!("SELECT COUNT(*) AS n FROM pg_class WHERE relname = '{name}'"));
    assert_eq!(table(&format!("activity_log_{month}")), 0, "dropped");
    assert_eq!(table(&format!("invoices_{month}")), 1, "the books stay");
    assert_eq!(app.scalar(&format!("SELECT COUNT(*) AS n FROM invoices WHERE id = {id}")), 1);
}
