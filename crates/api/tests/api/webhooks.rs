//! Webhooks on both backends: endpoints, the outbox written with the change, signed delivery to
//! a real local receiver, retries, resends, leases.

use std::net::TcpListener;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use loyalty_system::webhooks::{deliver_due, signature, WebhookSender};
use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    events_are_written_with_the_change_and_delivered_signed,
    urls_must_be_public_https_by_default,
    a_paused_endpoint_keeps_its_events_and_gets_them_in_order_on_resume,
    queued_events_go_to_the_endpoints_subscribed_when_they_were_made,
    fan_outs_at_the_same_time_number_each_event_once,
    deliveries_filter_by_status_and_event_type,
    a_test_event_is_a_signed_ping,
    one_endpoint_has_at_most_its_concurrency_under_way_and_retries_go_first
);

/// One request the receiver got: its headers of interest and its raw body.
#[derive(Debug, Clone)]
struct Received {
    event_id: String,
    signature: String,
    body: String,
}

/// A real HTTP server on a loopback port that records every POST and answers `status`.
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Received>>>,
    status: Arc<AtomicU16>,
}

impl Receiver {
    fn start() -> Receiver {
        let got = Arc::new(Mutex::new(Vec::new()));
        let status = Arc::new(AtomicU16::new(200));
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
        let (got_in, status_in) = (got.clone(), status.clone());
        let server = HttpServer::new(move || {
            let (got, status) = (got_in.clone(), status_in.clone());
            App::new().route(
                "/hook",
                web::post().to(move |req: HttpRequest, body: web::Bytes| {
                    let (got, status) = (got.clone(), status.clone());
                    async move {
                        let header = |name: &str| {
                            req.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
                        };
                        got.lock().unwrap_or_else(|e| e.into_inner()).push(Received {
                            event_id: header("x-loyalty-event-id"),
                            signature: header("x-loyalty-signature"),
                            body: String::from_utf8_lossy(&body).into_owned(),
                        });
                        let code = status.load(Ordering::SeqCst);
                        HttpResponse::build(actix_web::http::StatusCode::from_u16(code).unwrap_or_default())
                            .body("receiver says so")
                    }
                }),
            )
        })
        .workers(1)
        .listen(listener)
        .unwrap_or_else(|e| panic!("listen: {e}"))
        .run();
        tokio::spawn(server);
        Receiver { url: format!("http://127.0.0.1:{port}/hook"), got, status }
    }

    fn received(&self) -> Vec<Received> {
        self.got.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// The signature header checks out against the secret and the raw body.
fn verify(secret: &str, got: &Received) {
    let t: i64 = got
        .signature
        .split(',')
        .find_map(|part| part.strip_prefix("t="))
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no t= in {:?}", got.signature));
    assert!((chrono::Utc::now().timestamp() - t).abs() < 60, "stale signature time {t}");
    assert_eq!(got.signature, signature(secret, t, &got.body), "signature of {}", got.body);
}

async fn deliver(app: &TestApp) -> usize {
    deliver_due(&app.state.services, &WebhookSender::new(true)).await.unwrap_or_else(|e| panic!("deliver: {e}"))
}

async fn events_are_written_with_the_change_and_delivered_signed(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.webhook_allow_private = true;
    })
    .await
    else {
        return;
    };
    let receiver = Receiver::start();
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;

    let every: Vec<&str> =
        loyalty_application::WebhookEventType::all().iter().map(|e| e.as_str()).filter(|e| *e != "ping").collect();
    let (status, made) =
        app.post("/api/v1/store-owner/webhooks", Some(&owner), &json!({"url": receiver.url, "events": every})).await;
    assert_eq!(status, 201, "{made}");
    let endpoint = made["data"]["id"].as_i64().unwrap_or_default();
    let secret = made["data"]["secret"].as_str().unwrap_or_default().to_owned();
    assert!(secret.starts_with("whsec_"), "{made}");
    let (_, listed) = app.get("/api/v1/store-owner/webhooks", Some(&owner)).await;
    assert!(listed["data"][0].get("secret").is_none() && listed["data"][0]["is_active"] == json!(true), "{listed}");

    // A sale writes one event; a refused sale (its transaction rolled back) writes none.
    let (_, customers) = app.get("/api/v1/customers?per_page=1", Some(&cashier)).await;
    let customer = customers["data"][0]["id"].as_i64().unwrap_or_default();
    let sale = json!({"customer_id": customer, "total_cost": "30.000", "invoice_id": "HOOK-1"});
    let (status, sold) = app.post("/api/v1/invoices", Some(&cashier), &sale).await;
    assert_eq!(status, 201, "{sold}");
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_events"), 1);
    let (status, _) = app.post("/api/v1/invoices", Some(&cashier), &sale).await;
    assert_eq!(status, 409, "the same invoice number again");
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_events"), 1, "a rolled-back sale sends nothing");

    // Delivered once, signed, with the event's id in the header and the body.
    assert_eq!(deliver(&app).await, 1);
    assert_eq!(deliver(&app).await, 0, "a delivered event is not sent again");
    let got = receiver.received();
    assert_eq!(got.len(), 1, "{got:?}");
    verify(&secret, &got[0]);
    let event: Value = serde_json::from_str(&got[0].body).unwrap_or_default();
    assert_eq!(event["type"], "invoice.created");
    assert_eq!(event["id"].as_str(), Some(got[0].event_id.as_str()));
    assert_eq!(event["data"]["id"], sold["data"]["invoice"]["id"], "{event}");
    assert_eq!(event["data"]["total_cost"], "30.000");

    // An answer other than 2xx is retried later; the owner sees the attempt and can resend.
    receiver.status.store(500, Ordering::SeqCst);
    let (status, _) = app
        .put(&format!("/api/v1/customers/{customer}/points"), Some(&cashier), &json!({"points": 5, "reason": "hook"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(deliver(&app).await, 1);
    let (status, deliveries) =
        app.get(&format!("/api/v1/store-owner/webhooks/{endpoint}/deliveries"), Some(&owner)).await;
    assert_eq!(status, 200, "{deliveries}");
    let failed = &deliveries["data"][0];
    assert_eq!((failed["event_type"].as_str(), failed["status"].as_str()), (Some("points.adjusted"), Some("pending")));
    assert_eq!((failed["attempts"].as_i64(), failed["last_status"].as_i64()), (Some(1), Some(500)), "{failed}");
    assert!(failed["next_attempt_at"].is_string(), "{failed}");
    assert_eq!(deliver(&app).await, 0, "not due again before its backoff");
    receiver.status.store(204, Ordering::SeqCst);
    let id = failed["id"].as_i64().unwrap_or_default();
    let (status, resent) =
        app.post(&format!("/api/v1/store-owner/webhook-deliveries/{id}/resend"), Some(&owner), &json!({})).await;
    assert_eq!((status, resent["data"]["status"].as_str()), (200, Some("pending")), "{resent}");
    assert_eq!(deliver(&app).await, 1);
    let got = receiver.received();
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[1].event_id, got[2].event_id, "a retry keeps the event id");
    verify(&secret, &got[2]);
    let (_, deliveries) = app.get(&format!("/api/v1/store-owner/webhooks/{endpoint}/deliveries"), Some(&owner)).await;
    assert_eq!(deliveries["data"][0]["status"], "succeeded", "{deliveries}");
    assert_eq!(deliveries["data"][0]["last_status"], 204);

    // A worker that claimed a delivery and died holds it until its lease runs out; then it is
    // claimed again (sent at least once).
    let (status, _) = app
        .put(&format!("/api/v1/customers/{customer}/points"), Some(&cashier), &json!({"points": 2, "reason": "lease"}))
        .await;
    assert_eq!(status, 200);
    let claimed = loyalty_application::use_cases::webhooks::claim_due(&app.state.services, 10)
        .unwrap_or_else(|e| panic!("claim: {e}"));
    assert_eq!(claimed.len(), 1);
    assert_eq!(deliver(&app).await, 0, "claimed by the dead worker");
    app.execute("UPDATE webhook_deliveries SET locked_until = created_at WHERE locked_until IS NOT NULL");
    assert_eq!(deliver(&app).await, 1, "claimed again once the lease ran out");
    assert_eq!(receiver.received().len(), 4);

    // A rotated secret signs from now on.
    let (status, rotated) =
        app.post(&format!("/api/v1/store-owner/webhooks/{endpoint}/rotate-secret"), Some(&owner), &json!({})).await;
    assert_eq!(status, 200, "{rotated}");
    let new_secret = rotated["data"]["secret"].as_str().unwrap_or_default().to_owned();
    assert_ne!(new_secret, secret);
    let (status, _) =
        app.post("/api/v1/customers", Some(&cashier), &json!({"name": "Hook", "phone": "0913000111"})).await;
    assert_eq!(status, 201);
    assert_eq!(deliver(&app).await, 1);
    let last = receiver.received().last().cloned().unwrap_or_else(|| panic!("nothing received"));
    verify(&new_secret, &last);
    assert!(last.body.contains("\"customer.created\""), "{}", last.body);

    // Deleted: what still waited for it is not sent, and it is gone from the list.
    let sale = json!({"customer_id": customer, "total_cost": "10.000"});
    let (status, _) = app.post("/api/v1/invoices", Some(&cashier), &sale).await;
    assert_eq!(status, 201);
    let (status, _) = app.delete(&format!("/api/v1/store-owner/webhooks/{endpoint}"), Some(&owner)).await;
    assert_eq!(status, 204);
    assert_eq!(deliver(&app).await, 0, "a deleted endpoint is sent nothing");
    let (_, listed) = app.get("/api/v1/store-owner/webhooks", Some(&owner)).await;
    assert_eq!(listed["data"], json!([]));

    // Only the owner in person: not a key, not a cashier, not another owner's endpoint.
    let (_, key) =
        app.post("/api/v1/store-owner/api-keys", Some(&owner), &json!({"name": "k", "scopes": ["reports:read"]})).await;
    let key = key["data"]["secret"].as_str().unwrap_or_default().to_owned();
    for token in [&key, &cashier] {
        let (status, _) = app.get("/api/v1/store-owner/webhooks", Some(token)).await;
        assert_eq!(status, 403);
    }
}

async fn urls_must_be_public_https_by_default(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    for url in
        ["http://shop.example.ly/hook", "https://127.0.0.1/hook", "https://169.254.169.254/", "https://localhost/"]
    {
        let (status, body) = app
            .post("/api/v1/store-owner/webhooks", Some(&owner), &json!({"url": url, "events": ["invoice.created"]}))
            .await;
        assert_eq!((status, body["details"][0]["code"].as_str()), (422, Some("webhook_url_invalid")), "{url}: {body}");
    }
    let (status, body) = app
        .post(
            "/api/v1/store-owner/webhooks",
            Some(&owner),
            &json!({"url": "https://shop.example.ly/hook", "events": ["sale.made"]}),
        )
        .await;
    assert_eq!((status, body["details"][0]["code"].as_str()), (422, Some("webhook_event_unknown")), "{body}");
    let (status, body) = app
        .post(
            "/api/v1/store-owner/webhooks",
            Some(&owner),
            &json!({"url": "https://shop.example.ly/hook", "events": []}),
        )
        .await;
    assert_eq!((status, body["details"][0]["code"].as_str()), (422, Some("webhook_events_required")), "{body}");
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_endpoints"), 0);

    // At delivery the name is resolved again: one that resolves to a loopback address is not
    // sent to (the server's own answer would otherwise be read).
    let due = loyalty_application::DueDelivery {
        id: 0,
        event_id: "evt_x".into(),
        endpoint_id: 0,
        url: "https://localhost/hook".into(),
        secret: "whsec_x".into(),
        payload: "{}".into(),
        renumber: None,
        attempts: 0,
        created_at: chrono::Utc::now().naive_utc(),
    };
    let (status, why) = WebhookSender::new(false).send(&due).await;
    assert_eq!(status, None);
    assert!(why.as_deref().is_some_and(|w| w.contains("not a public address")), "{why:?}");
}

/// The demo owner and cashier, an endpoint of the owner's for `events` at the receiver, and a
/// customer of the cashier's store: `(owner, cashier, endpoint id, secret, customer id)`.
async fn endpoint_for(app: &TestApp, receiver: &Receiver, events: &[&str]) -> (String, String, i64, String, i64) {
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let (status, made) =
        app.post("/api/v1/store-owner/webhooks", Some(&owner), &json!({"url": receiver.url, "events": events})).await;
    assert_eq!(status, 201, "{made}");
    let endpoint = made["data"]["id"].as_i64().unwrap_or_default();
    let secret = made["data"]["secret"].as_str().unwrap_or_default().to_owned();
    let (_, customers) = app.get("/api/v1/customers?per_page=1", Some(&cashier)).await;
    let customer = customers["data"][0]["id"].as_i64().unwrap_or_default();
    (owner, cashier, endpoint, secret, customer)
}

/// Another endpoint of the owner's for `events` at `url`; answers its id.
async fn add_endpoint(app: &TestApp, owner: &str, url: &str, events: &[&str]) -> i64 {
    let (status, made) =
        app.post("/api/v1/store-owner/webhooks", Some(owner), &json!({"url": url, "events": events})).await;
    assert_eq!(status, 201, "{made}");
    made["data"]["id"].as_i64().unwrap_or_default()
}

/// A sale of 10 LYD to `customer` numbered `number`; answers the invoice's id.
async fn sell(app: &TestApp, cashier: &str, customer: i64, number: String) -> i64 {
    let sale = json!({"customer_id": customer, "total_cost": "10.000", "invoice_id": number});
    let (status, body) = app.post("/api/v1/invoices", Some(cashier), &sale).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["invoice"]["id"].as_i64().unwrap_or_default()
}

async fn spawn_for_hooks(backend: Backend, concurrency: u32) -> Option<TestApp> {
    TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.webhook_allow_private = true;
        c.webhook_concurrency = concurrency;
    })
    .await
}

fn bodies(receiver: &Receiver) -> Vec<Value> {
    receiver.received().iter().map(|r| serde_json::from_str(&r.body).unwrap_or_default()).collect()
}

async fn a_paused_endpoint_keeps_its_events_and_gets_them_in_order_on_resume(backend: Backend) {
    let Some(app) = spawn_for_hooks(backend, 8).await else { return };
    let receiver = Receiver::start();
    let (owner, cashier, endpoint, secret, customer) =
        endpoint_for(&app, &receiver, &["invoice.created", "points.adjusted"]).await;
    let path = format!("/api/v1/store-owner/webhooks/{endpoint}");
    let paused = json!({"url": receiver.url, "events": ["invoice.created", "points.adjusted"], "is_active": false});
    let (status, body) = app.put(&path, Some(&owner), &paused).await;
    assert_eq!((status, body["data"]["is_active"].as_bool()), (200, Some(false)), "{body}");

    // Made while paused: kept, not sent.
    let mut sold = Vec::new();
    for n in 0..3 {
        let sale = json!({"customer_id": customer, "total_cost": "10.000", "invoice_id": format!("P-{n}")});
        let (status, body) = app.post("/api/v1/invoices", Some(&cashier), &sale).await;
        assert_eq!(status, 201, "{body}");
        sold.push(body["data"]["invoice"]["id"].clone());
    }
    let points = format!("/api/v1/customers/{customer}/points");
    let (status, changed) = app.put(&points, Some(&cashier), &json!({"points": 4, "reason": "paused"})).await;
    assert_eq!(status, 200, "{changed}");
    // The sales wrote their events alone, queued (issue #37's outbox: one insert on the sale's
    // path); the worker's round fans them out, then finds nothing to send.
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_events WHERE fan_out = 'live'"), 4);
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_deliveries"), 0);
    assert_eq!(deliver(&app).await, 0, "a paused endpoint is sent nothing");
    assert!(receiver.received().is_empty());
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_events WHERE fan_out IS NOT NULL"), 0);
    let (_, waiting) = app.get(&format!("{path}/deliveries?status=pending"), Some(&owner)).await;
    assert_eq!(waiting["meta"]["total"], 4, "{waiting}");
    // Each event's body is kept once, with the event (its deliveries are numbered when sent).
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE payload IS NOT NULL"), 0);

    // Resumed: every one of them arrives, signed, numbered 1, 2, 3, 4 in the order made.
    // Resumed with a merge patch naming only is_active: the URL and events stay.
    let (status, resumed) = patch_json(&app, &path, &owner, &json!({"is_active": true})).await;
    assert_eq!((status, resumed["data"]["is_active"].as_bool()), (200, Some(true)), "{resumed}");
    assert_eq!(resumed["data"]["events"], json!(["invoice.created", "points.adjusted"]), "{resumed}");
    assert_eq!(resumed["data"]["url"].as_str(), Some(receiver.url.as_str()));
    let (status, refused) = patch_json(&app, &path, &owner, &json!({"events": ["sale.made"]})).await;
    assert_eq!((status, refused["details"][0]["code"].as_str()), (422, Some("webhook_event_unknown")), "{refused}");
    assert_eq!(deliver(&app).await, 4);
    for got in receiver.received() {
        verify(&secret, &got);
    }
    let mut events = bodies(&receiver);
    events.sort_by_key(|e| e["sequence"].as_i64());
    let sequences: Vec<i64> = events.iter().filter_map(|e| e["sequence"].as_i64()).collect();
    assert_eq!(sequences, vec![1, 2, 3, 4], "{events:?}");
    let sales: Vec<Value> = events[..3].iter().map(|e| e["data"]["id"].clone()).collect();
    assert_eq!(sales, sold, "sales in the order made");
    assert_eq!(events[3]["type"], "points.adjusted");
    assert_eq!(events[3]["data"]["reason"], "paused");

    // The record's version is its change time, so a later change of one record is greater.
    let version = |e: &Value| e["resource_version"].as_i64().unwrap_or_default();
    let updated_at =
        chrono::DateTime::parse_from_rfc3339(events[3]["data"]["customer"]["updated_at"].as_str().unwrap_or_default())
            .map(|t| t.timestamp_micros())
            .unwrap_or_default();
    assert_eq!(version(&events[3]), updated_at, "{}", events[3]);
    let (status, _) = app.put(&points, Some(&cashier), &json!({"points": 1, "reason": "later"})).await;
    assert_eq!(status, 200);
    assert_eq!(deliver(&app).await, 1);
    let mut events = bodies(&receiver);
    events.sort_by_key(|e| e["sequence"].as_i64());
    assert_eq!(events[4]["sequence"], 5);
    assert!(version(&events[4]) > version(&events[3]), "{} then {}", events[3], events[4]);
    let (_, listed) = app.get(&format!("{path}/deliveries?per_page=1"), Some(&owner)).await;
    assert_eq!(listed["data"][0]["sequence"], 5, "{listed}");
}

/// The worker fans a queued event out to the endpoints of its owner and mode that were
/// subscribed to its type when it was made: not to one made after it, nor to one deleted before
/// the fan-out, and each endpoint's numbers follow the events' order.
async fn queued_events_go_to_the_endpoints_subscribed_when_they_were_made(backend: Backend) {
    let Some(app) = spawn_for_hooks(backend, 8).await else { return };
    let receiver = Receiver::start();
    let (owner, cashier, first, _, customer) = endpoint_for(&app, &receiver, &["invoice.created"]).await;
    let hooks = "/api/v1/store-owner/webhooks";
    let doomed = add_endpoint(&app, &owner, &receiver.url, &["invoice.created"]).await;
    let other_type = add_endpoint(&app, &owner, &receiver.url, &["points.adjusted"]).await;
    let sold = [sell(&app, &cashier, customer, "Q-0".into()).await, sell(&app, &cashier, customer, "Q-1".into()).await];
    // Made after the two sales, before their fan-out: not theirs.
    let late = add_endpoint(&app, &owner, &receiver.url, &["invoice.created"]).await;
    // Deleted before the fan-out: nothing is sent to it.
    let (status, _) = app.delete(&format!("{hooks}/{doomed}"), Some(&owner)).await;
    assert_eq!(status, 204);
    let third = sell(&app, &cashier, customer, "Q-2".into()).await;
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_deliveries"), 0, "nothing fanned out before the worker");

    assert_eq!(deliver(&app).await, 4, "three to the first endpoint, the third sale to the late one");
    let count = |endpoint: i64| {
        app.scalar(&format!("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = {endpoint}"))
    };
    assert_eq!((count(first), count(doomed), count(other_type), count(late)), (3, 0, 0, 1));
    // The late endpoint's one delivery is its number 1; the first endpoint's are 1, 2, 3 in the
    // sales' order.
    let mut got: Vec<(i64, i64)> = bodies(&receiver)
        .iter()
        .map(|e| (e["sequence"].as_i64().unwrap_or_default(), e["data"]["id"].as_i64().unwrap_or_default()))
        .collect();
    got.sort_unstable();
    let mut expected = vec![(1, sold[0]), (1, third), (2, sold[1]), (3, third)];
    expected.sort_unstable();
    assert_eq!(got, expected);
    let (_, listed) = app.get(&format!("{hooks}/{first}/deliveries"), Some(&owner)).await;
    let numbers: Vec<(i64, String)> = listed["data"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|d| {
                    (d["sequence"].as_i64().unwrap_or_default(), d["status"].as_str().unwrap_or_default().to_owned())
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(numbers, vec![(3, "succeeded".into()), (2, "succeeded".into()), (1, "succeeded".into())], "{listed}");
    assert_eq!(app.scalar(&format!("SELECT last_sequence AS n FROM webhook_endpoints WHERE id = {first}")), 3);
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_events WHERE fan_out IS NOT NULL"), 0);
}

/// Workers fanning out at the same time (instances of a cluster; on PostgreSQL each skips the
/// events another holds) give every queued event exactly one delivery per subscribed endpoint,
/// and each endpoint's numbers run 1, 2, 3... without a gap or a repeat.
async fn fan_outs_at_the_same_time_number_each_event_once(backend: Backend) {
    let Some(app) = spawn_for_hooks(backend, 8).await else { return };
    let receiver = Receiver::start();
    let (owner, _, first, _, _) = endpoint_for(&app, &receiver, &["invoice.created"]).await;
    let second = add_endpoint(&app, &owner, &receiver.url, &["invoice.created"]).await;
    let owner_id = app.scalar(&format!("SELECT owner_id AS n FROM webhook_endpoints WHERE id = {first}"));
    // 3,000 queued events, as 3,000 sales would leave them (an hour after the endpoints, so
    // none is due yet: only the fan-out is under test).
    let events = 3000;
    let postgres = matches!(backend, Backend::Postgres);
    let at = (chrono::Utc::now().naive_utc() + chrono::Duration::hours(1)).format("%Y-%m-%d %H:%M:%S%.6f");
    let numbers = if postgres {
        format!("SELECT generate_series(1, {events}) AS n")
    } else {
        format!("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < {events}) SELECT n FROM c")
    };
    let at = if postgres { format!("TIMESTAMP '{at}'") } else { format!("'{at}'") };
    app.execute(&format!(
        "INSERT INTO webhook_events (id, owner_id, event_type, payload, created_at, fan_out) \
         SELECT 'evt_q' || n, {owner_id}, 'invoice.created', '{{}}', {at}, 'live' FROM ({numbers}) AS s"
    ));
    // Four fan-outs at once, each taking at most FAN_OUT_BATCH (1,000) events per round.
    let services = app.state.services.clone();
    let rounds: Vec<_> = (0..4)
        .map(|_| {
            let services = services.clone();
            std::thread::spawn(move || {
                let mut claimed = 0;
                for _ in 0..3 {
                    claimed += loyalty_application::use_cases::webhooks::claim_due(&services, 1)
                        .unwrap_or_else(|e| panic!("round: {e}"))
                        .len();
                }
                claimed
            })
        })
        .collect();
    for round in rounds {
        round.join().unwrap_or_else(|_| panic!("a fan-out thread panicked"));
    }
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_events WHERE fan_out IS NOT NULL"), 0);
    for endpoint in [first, second] {
        let of = |what: &str| {
            app.scalar(&format!("SELECT {what} AS n FROM webhook_deliveries WHERE endpoint_id = {endpoint}"))
        };
        assert_eq!(of("COUNT(*)"), events, "one delivery per event");
        assert_eq!(of("COUNT(DISTINCT event_id)"), events, "no event twice");
        assert_eq!((of("COUNT(DISTINCT sequence)"), of("MIN(sequence)"), of("MAX(sequence)")), (events, 1, events));
        assert_eq!(
            app.scalar(&format!("SELECT last_sequence AS n FROM webhook_endpoints WHERE id = {endpoint}")),
            events
        );
    }
}

async fn deliveries_filter_by_status_and_event_type(backend: Backend) {
    let Some(app) = spawn_for_hooks(backend, 8).await else { return };
    let receiver = Receiver::start();
    let (owner, cashier, endpoint, _, customer) =
        endpoint_for(&app, &receiver, &["invoice.created", "points.adjusted"]).await;
    let sale = json!({"customer_id": customer, "total_cost": "10.000"});
    let (status, _) = app.post("/api/v1/invoices", Some(&cashier), &sale).await;
    assert_eq!(status, 201);
    assert_eq!(deliver(&app).await, 1);
    receiver.status.store(500, Ordering::SeqCst);
    let adjust = json!({"points": 3, "reason": "filter"});
    let (status, _) = app.put(&format!("/api/v1/customers/{customer}/points"), Some(&cashier), &adjust).await;
    assert_eq!(status, 200);
    assert_eq!(deliver(&app).await, 1);
    let (status, _) = app.post("/api/v1/invoices", Some(&cashier), &sale).await;
    assert_eq!(status, 201);

    let path = format!("/api/v1/store-owner/webhooks/{endpoint}/deliveries");
    let count = |body: &Value| body["meta"]["total"].as_i64().unwrap_or(-1);
    let (status, all) = app.get(&path, Some(&owner)).await;
    assert_eq!((status, count(&all)), (200, 3), "{all}");
    let (_, succeeded) = app.get(&format!("{path}?status=succeeded"), Some(&owner)).await;
    assert_eq!(count(&succeeded), 1, "{succeeded}");
    assert_eq!(succeeded["data"][0]["event_type"], "invoice.created");
    let (_, pending) = app.get(&format!("{path}?status=pending"), Some(&owner)).await;
    assert_eq!(count(&pending), 2, "{pending}");
    let (_, sales) = app.get(&format!("{path}?event_type=invoice.created"), Some(&owner)).await;
    assert_eq!(count(&sales), 2, "{sales}");
    let (_, both) = app.get(&format!("{path}?event_type=invoice.created&status=pending"), Some(&owner)).await;
    assert_eq!(count(&both), 1, "{both}");
    let (_, retried) = app.get(&format!("{path}?event_type=points.adjusted&status=pending"), Some(&owner)).await;
    assert_eq!((count(&retried), retried["data"][0]["last_status"].as_i64()), (1, Some(500)), "{retried}");

    for (query, field) in [("status=lost", "status"), ("event_type=sale.made", "event_type")] {
        let (status, body) = app.get(&format!("{path}?{query}"), Some(&owner)).await;
        assert_eq!(status, 422, "{query}: {body}");
        assert!(body["errors"][field].is_array(), "{query}: {body}");
    }
}

async fn a_test_event_is_a_signed_ping(backend: Backend) {
    let Some(app) = spawn_for_hooks(backend, 8).await else { return };
    let receiver = Receiver::start();
    let (owner, cashier, endpoint, secret, _) = endpoint_for(&app, &receiver, &["invoice.created"]).await;
    let (status, queued) =
        app.post(&format!("/api/v1/store-owner/webhooks/{endpoint}/test"), Some(&owner), &json!({})).await;
    assert_eq!(status, 202, "{queued}");
    assert_eq!(queued["data"]["event_type"], "ping");
    assert_eq!((queued["data"]["status"].as_str(), queued["data"]["sequence"].as_i64()), (Some("pending"), Some(1)));
    assert_eq!(deliver(&app).await, 1);
    let got = receiver.received();
    assert_eq!(got.len(), 1);
    verify(&secret, &got[0]);
    let event: Value = serde_json::from_str(&got[0].body).unwrap_or_default();
    assert_eq!(event["type"], "ping", "{event}");
    assert_eq!(event["data"], json!({"endpoint_id": endpoint}), "{event}");
    assert_eq!((event["sequence"].as_i64(), event["resource_version"].clone()), (Some(1), Value::Null));
    assert_eq!(event["id"].as_str(), queued["data"]["event_id"].as_str());

    // Not one to subscribe to; another owner's endpoint, a cashier, a key: refused.
    let (status, body) =
        app.post("/api/v1/store-owner/webhooks", Some(&owner), &json!({"url": receiver.url, "events": ["ping"]})).await;
    assert_eq!((status, body["details"][0]["code"].as_str()), (422, Some("webhook_event_unknown")), "{body}");
    let (status, _) = app.post("/api/v1/store-owner/webhooks/999999/test", Some(&owner), &json!({})).await;
    assert_eq!(status, 404);
    let (status, _) =
        app.post(&format!("/api/v1/store-owner/webhooks/{endpoint}/test"), Some(&cashier), &json!({})).await;
    assert_eq!(status, 403);
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_deliveries"), 1, "refusals send nothing");
}

async fn one_endpoint_has_at_most_its_concurrency_under_way_and_retries_go_first(backend: Backend) {
    let Some(app) = spawn_for_hooks(backend, 2).await else { return };
    let receiver = Receiver::start();
    let (owner, cashier, endpoint, _, customer) = endpoint_for(&app, &receiver, &["invoice.created"]).await;
    for n in 0..5 {
        sell(&app, &cashier, customer, format!("C-{n}")).await;
    }
    let claim = |limit| {
        loyalty_application::use_cases::webhooks::claim_due(&app.state.services, limit)
            .unwrap_or_else(|e| panic!("claim: {e}"))
    };
    // Two at once for this endpoint, whatever the worker has room for; none more while both
    // are under way (by this worker or another: the claims are in the database).
    let first = claim(50);
    assert_eq!(first.len(), 2, "{first:?}");
    assert!(first.iter().all(|d| d.endpoint_id == endpoint));
    assert!(claim(50).is_empty(), "the endpoint is full");
    // One answered: one more may go.
    let attempt =
        |delivery: &loyalty_application::DueDelivery, status: u16| loyalty_application::use_cases::webhooks::Attempt {
            delivery: delivery.clone(),
            http_status: Some(status),
            error: None,
        };
    loyalty_application::use_cases::webhooks::finish(&app.state.services, vec![attempt(&first[0], 204)])
        .unwrap_or_else(|e| panic!("finish: {e}"));
    let second = claim(50);
    assert_eq!(second.len(), 1, "{second:?}");
    // One failed and is due again: it goes before the two never tried.
    loyalty_application::use_cases::webhooks::finish(
        &app.state.services,
        vec![attempt(&first[1], 503), attempt(&second[0], 204)],
    )
    .unwrap_or_else(|e| panic!("finish: {e}"));
    app.execute("UPDATE webhook_deliveries SET next_attempt_at = created_at WHERE status = 'pending'");
    let third = claim(1);
    assert_eq!(third.iter().map(|d| d.id).collect::<Vec<_>>(), vec![first[1].id], "the retry first");
    let (_, listed) =
        app.get(&format!("/api/v1/store-owner/webhooks/{endpoint}/deliveries?status=succeeded"), Some(&owner)).await;
    assert_eq!(listed["meta"]["total"], 2, "{listed}");
}

/// A PATCH with a JSON Merge Patch body.
async fn patch_json(app: &TestApp, path: &str, token: &str, body: &Value) -> (u16, Value) {
    let response = app
        .client
        .patch(app.url(path))
        .bearer_auth(token)
        .header("Content-Type", "application/merge-patch+json")
        .body(body.to_string())
        .send()
        .await;
    crate::helpers::read(response).await
}
