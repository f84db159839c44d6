//! Several instances on one PostgreSQL database (#17): started at the same moment on an empty
//! database they all come up (the migrations run once under an advisory lock, the demo data is
//! seeded once, housekeeping runs once for them all), and they count each limit together.

use std::time::Duration;

use serde_json::json;

use crate::helpers::{fresh_database, postgres_admin_url, Backend};
use crate::webhook_processes::{scalar, Server};

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
