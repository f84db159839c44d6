//! Several instances on one PostgreSQL database (#17): started at the same moment on an empty
//! database they all come up (the migrations run once under an advisory lock, the demo data is
//! seeded once, housekeeping runs once for them all), and they count each limit together.

use std::time::Duration;

use serde_json::json;

use crate::helpers::{both_backends, fresh_database, postgres_admin_url, Backend};
use crate::webhook_processes::{scalar, Server};

both_backends!(a_terminated_instance_drains_then_exits);

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn instances_started_together_on_an_empty_database_all_come_up() {
    let Some(_) = postgres_admin_url() else { return };
    let Some(db) = fresh_database(Backend::Postgres) else { return };
    let mut servers: Vec<Server> = (0..3).map(|_| Server::spawn(&db.url)).collect();
    for server in &mut servers {
        server.wait_ready(&db.url).await;
    }
    let migrations = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations/postgres"))
        .map(|dir| dir.filter_map(Result::ok).filter(|e| e.path().is_dir()).count())
        .unwrap_or_default();
    assert!(migrations > 10);
    assert_eq!(
        scalar(&db, "SELECT COUNT(*) AS n FROM __diesel_schema_migrations"),
        i64::try_from(migrations).unwrap_or_default(),
        "every migration once"
    );
    // The demo data once: one admin, and as many demo stores as one start makes.
    assert_eq!(scalar(&db, "SELECT COUNT(*) AS n FROM users WHERE email = 'admin@demo.ly'"), 1);
    let stores = scalar(&db, "SELECT COUNT(*) AS n FROM stores");
    let store_names = scalar(&db, "SELECT COUNT(DISTINCT name) AS n FROM stores");
    assert_eq!(stores, store_names, "no demo store twice");
    // Each instance asked for housekeeping at start; one ran it.
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(scalar(&db, "SELECT runs AS n FROM jobs WHERE name = 'housekeeping'"), 1);
    // And each is ready behind a balancer.
    for server in &servers {
        let ready = reqwest::get(format!("{}/api/v1/ready", server.base)).await.map(|r| r.status().as_u16());
        assert_eq!(ready.ok(), Some(200));
    }
}

/// A client's public lookups and sign-in attempts add up whichever instance answers: the
/// counters are in PostgreSQL (on SQLite one instance counts, in process).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn instances_on_one_database_count_each_limit_together() {
    let Some(_) = postgres_admin_url() else { return };
    let Some(db) = fresh_database(Backend::Postgres) else { return };
    let settings = [("LOYALTY_PUBLIC_PER_CLIENT", "3"), ("LOYALTY_LOGIN_PER_CLIENT", "2")];
    let mut first = Server::spawn_with(&db.url, &settings);
    first.wait_ready(&db.url).await;
    let mut second = Server::spawn_with(&db.url, &settings);
    second.wait_ready(&db.url).await;
    let client = reqwest::Client::new();
    let post = |server: &Server, path: &str, body: serde_json::Value| {
        let request = client.post(format!("{}{path}", server.base)).json(&body);
        async move { request.send().await.map(|r| r.status().as_u16()).unwrap_or_else(|e| panic!("{e}")) }
    };
    let lookup = |server: &Server, phone: &str| post(server, "/api/v1/public/points", json!({ "phone": phone }));
    assert_eq!(lookup(&first, "0910000041").await, 200);
    assert_eq!(lookup(&second, "0910000042").await, 200);
    assert_eq!(lookup(&first, "0910000043").await, 200);
    assert_eq!(lookup(&second, "0910000044").await, 429, "the fourth, whichever instance answers");
    assert_eq!(lookup(&first, "0910000045").await, 429);
    let sign_in = |server: &Server| {
        post(server, "/api/v1/auth/login", json!({"email": "cashier@demo.ly", "password": "demo1234"}))
    };
    assert_eq!(sign_in(&first).await, 200);
    assert_eq!(sign_in(&second).await, 200);
    assert_eq!(sign_in(&first).await, 429);
    assert_eq!(sign_in(&second).await, 429);
}

/// SIGTERM: the instance answers `/ready` with 503 at once, goes on answering everything else
/// for `LOYALTY_SHUTDOWN_DELAY` (a balancer takes it out of rotation meanwhile), then closes its
/// port and exits cleanly. A sale load running through it the whole time loses nothing: every
/// sale it acknowledged is stored, and nothing it answered is a 5xx.
async fn a_terminated_instance_drains_then_exits(backend: Backend) {
    let Some(db) = fresh_database(backend) else { return };
    let drain = Duration::from_millis(1500);
    let mut server = Server::spawn_with(&db.url, &[("LOYALTY_SHUTDOWN_DELAY", "1.5")]);
    server.wait_ready(&db.url).await;
    let client = reqwest::Client::new();
    let signed_in = client
        .post(format!("{}/api/v1/auth/login", server.base))
        .json(&json!({"email": "cashier@demo.ly", "password": "demo1234"}))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let token = signed_in.json::<serde_json::Value>().await.unwrap_or_default()["data"]["token"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let customer = scalar(&db, "SELECT MIN(id) AS n FROM customers WHERE deleted_at IS NULL");
    let sales_before = scalar(&db, "SELECT COUNT(*) AS n FROM invoices");

    // A till selling through the instance until it is gone.
    let load = {
        let (client, base, token) = (client.clone(), server.base.clone(), token.clone());
        tokio::spawn(async move {
            let (mut acknowledged, mut failed_answers, mut refused) = (0_i64, Vec::new(), 0);
            while refused < 5 {
                let sale = json!({"customer_id": customer, "total_cost": "12.500"});
                match client.post(format!("{base}/api/v1/invoices")).bearer_auth(&token).json(&sale).send().await {
                    Ok(answer) if answer.status().as_u16() == 201 => acknowledged += 1,
                    Ok(answer) => failed_answers.push(answer.status().as_u16()),
                    Err(_) => refused += 1, // closed: the balancer would send it elsewhere
                }
            }
            (acknowledged, failed_answers)
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.terminate();
    let terminated = std::time::Instant::now();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let ready = client.get(format!("{}/api/v1/ready", server.base)).send().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ready.status().as_u16(), 503, "not ready once SIGTERM arrived");
    assert!(ready.headers().contains_key("retry-after"));
    let body = ready.json::<serde_json::Value>().await.unwrap_or_default();
    assert_eq!(body["data"]["stopping"], json!(true), "{body}");
    let health = client.get(format!("{}/api/v1/health", server.base)).send().await.map(|r| r.status().as_u16());
    assert_eq!(health.ok(), Some(200), "still answering while it drains");

    let status = server.exited_within(Duration::from_secs(15)).await.unwrap_or_else(|| panic!("no exit after SIGTERM"));
    let took = terminated.elapsed();
    assert!(status.success(), "a clean exit: {status}");
    assert!(took >= drain, "it answered for the whole delay first (exited after {took:?})");
    let (acknowledged, failed_answers) = load.await.unwrap_or_else(|e| panic!("{e}"));
    assert!(failed_answers.is_empty(), "answers other than 201 while stopping: {failed_answers:?}");
    assert!(acknowledged > 5, "the load sold through the drain ({acknowledged})");
    assert_eq!(
        scalar(&db, "SELECT COUNT(*) AS n FROM invoices") - sales_before,
        acknowledged,
        "every acknowledged sale is stored, and only those"
    );
}

/// `LOYALTY_LIMITS=process` (one instance on PostgreSQL) counts in each process: two such
/// instances each allow the full limit, which is why it is for one instance only.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn limits_in_process_count_per_instance() {
    let Some(_) = postgres_admin_url() else { return };
    let Some(db) = fresh_database(Backend::Postgres) else { return };
    let settings = [("LOYALTY_PUBLIC_PER_CLIENT", "2"), ("LOYALTY_LIMITS", "process")];
    let mut first = Server::spawn_with(&db.url, &settings);
    first.wait_ready(&db.url).await;
    let mut second = Server::spawn_with(&db.url, &settings);
    second.wait_ready(&db.url).await;
    let client = reqwest::Client::new();
    let mut statuses = Vec::new();
    for (server, phone) in
        [(&first, "0910000051"), (&first, "0910000052"), (&second, "0910000053"), (&first, "0910000054")]
    {
        let answer =
            client.post(format!("{}/api/v1/public/points", server.base)).json(&json!({ "phone": phone })).send();
        statuses.push(answer.await.map(|r| r.status().as_u16()).unwrap_or_default());
    }
    assert_eq!(statuses, [200, 200, 200, 429], "the second instance counts on its own");
    assert_eq!(scalar(&db, "SELECT COUNT(*) AS n FROM rate_limits"), 0, "nothing counted in the database");
}
