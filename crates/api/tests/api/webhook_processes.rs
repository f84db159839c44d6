//! Webhook delivery across real server processes: a server killed with SIGKILL mid-delivery
//! sends the event again after a restart (each event reaches the receiver, de-duplicated by id,
//! once at least), and two servers on one PostgreSQL database never deliver one event at the
//! same time.

use std::collections::{BTreeMap, BTreeSet};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::{json, Value};

use crate::helpers::{both_backends, fresh_database, postgres_admin_url, read, Backend, FreshDb};

both_backends!(
    a_server_killed_mid_delivery_sends_the_event_again_after_restart,
    a_burst_to_one_endpoint_arrives_within_seconds_of_the_last_event
);

/// One request the receiver answered.
#[derive(Debug, Clone)]
struct Seen {
    event_id: String,
    sequence: i64,
    at: Instant,
}

/// A webhook endpoint on a loopback port. While `hang` is set it keeps requests open (as an
/// endpoint that is slow to answer); otherwise it answers 204 after `delay`.
struct Receiver {
    url: String,
    arrived: Arc<Mutex<Vec<String>>>,
    answered: Arc<Mutex<Vec<Seen>>>,
    hang: Arc<AtomicBool>,
    /// The most requests it held open at once.
    peak: Arc<AtomicUsize>,
}

impl Receiver {
    fn start(delay: Duration) -> Receiver {
        let arrived = Arc::new(Mutex::new(Vec::new()));
        let answered = Arc::new(Mutex::new(Vec::new()));
        let hang = Arc::new(AtomicBool::new(false));
        let (busy, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
        let (a, b, h, u, p) = (arrived.clone(), answered.clone(), hang.clone(), busy.clone(), peak.clone());
        let server = HttpServer::new(move || {
            let (arrived, answered, hang, busy, peak) = (a.clone(), b.clone(), h.clone(), u.clone(), p.clone());
            App::new().route(
                "/hook",
                web::post().to(move |req: HttpRequest, body: web::Bytes| {
                    let (arrived, answered, hang) = (arrived.clone(), answered.clone(), hang.clone());
                    let (busy, peak) = (busy.clone(), peak.clone());
                    async move {
                        let now_busy = busy.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now_busy, Ordering::SeqCst);
                        let sequence = serde_json::from_slice::<Value>(&body)
                            .ok()
                            .and_then(|event| event["sequence"].as_i64())
                            .unwrap_or_default();
                        let id = req
                            .headers()
                            .get("x-loyalty-event-id")
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default()
                            .to_owned();
                        arrived.lock().unwrap_or_else(|e| e.into_inner()).push(id.clone());
                        if hang.load(Ordering::SeqCst) {
                            tokio::time::sleep(Duration::from_secs(60)).await;
                        }
                        tokio::time::sleep(delay).await;
                        busy.fetch_sub(1, Ordering::SeqCst);
                        answered.lock().unwrap_or_else(|e| e.into_inner()).push(Seen {
                            event_id: id,
                            sequence,
                            at: Instant::now(),
                        });
                        HttpResponse::NoContent().finish()
                    }
                }),
            )
        })
        .workers(2)
        .listen(listener)
        .unwrap_or_else(|e| panic!("listen: {e}"))
        .run();
        tokio::spawn(server);
        Receiver { url: format!("http://127.0.0.1:{port}/hook"), arrived, answered, hang, peak }
    }

    fn arrived(&self) -> usize {
        self.arrived.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn answered(&self) -> Vec<Seen> {
        self.answered.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// A `loyalty serve` process on `url`, demo data seeded into an empty database, webhooks allowed
/// to the loopback receiver. Killed (SIGKILL) when dropped.
pub(crate) struct Server {
    child: Child,
    pub(crate) base: String,
}

impl Server {
    async fn start(url: &str) -> Server {
        let mut server = Server::spawn(url);
        server.wait_ready(url).await;
        server
    }

    /// Starts the process without waiting for it.
    pub(crate) fn spawn(url: &str) -> Server {
        Server::spawn_with(url, &[])
    }

    /// Starts the process with more settings (`LOYALTY_...` variables), without waiting.
    pub(crate) fn spawn_with(url: &str, settings: &[(&str, &str)]) -> Server {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(0);
        let child = Command::new(env!("CARGO_BIN_EXE_loyalty"))
            .arg("serve")
            .env("DATABASE_URL", url)
            .env("LOYALTY_DEMO", "1")
            .env("LOYALTY_BIND", format!("127.0.0.1:{port}"))
            .env("LOYALTY_JWT_SECRET", "webhook-process-test-secret-0123456789ab")
            .env("LOYALTY_WEB_DIR", "/nonexistent")
            .env("LOYALTY_WEBHOOK_ALLOW_PRIVATE", "1")
            .env("LOYALTY_WORKERS", "2")
            .env("RUST_LOG", "warn")
            .envs(settings.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("spawn: {e}"));
        Server { child, base: format!("http://127.0.0.1:{port}") }
    }

    /// Waits until the server answers `/api/v1/ready` with 200; fails if it exits first.
    pub(crate) async fn wait_ready(&mut self, url: &str) {
        let client = reqwest::Client::new();
        for _ in 0..240 {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("the server on {url} exited during start: {status}");
            }
            if client.get(format!("{}/api/v1/ready", self.base)).send().await.is_ok_and(|r| r.status().is_success()) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        panic!("the server on {url} did not start");
    }

    async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        let mut request = reqwest::Client::new().post(format!("{}{path}", self.base)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        read(request.send().await).await
    }

    async fn login(&self, email: &str) -> String {
        let (status, body) =
            self.post("/api/v1/auth/login", None, &json!({"email": email, "password": "demo1234"})).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["token"].as_str().unwrap_or_default().to_owned()
    }

    /// Sends SIGTERM, as a supervisor stopping the instance does.
    pub(crate) fn terminate(&self) {
        let sent = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -TERM failed");
    }

    /// The process's exit status once it exited, within `limit`.
    pub(crate) async fn exited_within(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let started = Instant::now();
        while started.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        None
    }

    fn kill(&mut self) {
        let _ = self.child.kill(); // SIGKILL
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub(crate) fn scalar(db: &FreshDb, sql: &str) -> i64 {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let pool = loyalty_db::pool::connect(&loyalty_db::pool::DbUrl::parse(&db.url).unwrap_or_else(|e| panic!("{e}")), 1)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut conn = pool.get().unwrap_or_else(|e| panic!("{e}"));
    let conn: &mut loyalty_db::pool::DbConnection = &mut conn;
    diesel::sql_query(sql).get_result::<N>(conn).unwrap_or_else(|e| panic!("{sql}: {e}")).n
}

/// Registers a webhook for sales and makes `sales` of them as the demo cashier, one after
/// another.
async fn sell(server: &Server, receiver: &Receiver, sales: usize) {
    sell_in(server, receiver, sales, 1).await;
}

/// [`sell`] by `tills` cashiers' requests at once.
async fn sell_in(server: &Server, receiver: &Receiver, sales: usize, tills: usize) {
    let owner = server.login("owner@demo.ly").await;
    let body = json!({"url": receiver.url, "events": ["invoice.created"]});
    let (status, made) = server.post("/api/v1/store-owner/webhooks", Some(&owner), &body).await;
    assert_eq!(status, 201, "{made}");
    let cashier = server.login("cashier@demo.ly").await;
    let (_, customers) = {
        let request = reqwest::Client::new().get(format!("{}/api/v1/customers?per_page=1", server.base));
        read(request.bearer_auth(&cashier).send().await).await
    };
    let customer = customers["data"][0]["id"].as_i64().unwrap_or_default();
    let till = |first: usize| {
        let cashier = cashier.clone();
        async move {
            for n in (first..sales).step_by(tills) {
                let sale = json!({"customer_id": customer, "total_cost": "10.000", "invoice_id": format!("W-{n}")});
                let (status, sold) = server.post("/api/v1/invoices", Some(&cashier), &sale).await;
                assert_eq!(status, 201, "{sold}");
            }
        }
    };
    futures_util::future::join_all((0..tills).map(till)).await;
}

async fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < limit, "timed out waiting until {what}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn a_server_killed_mid_delivery_sends_the_event_again_after_restart(backend: Backend) {
    let Some(db) = fresh_database(backend) else { return };
    let receiver = Receiver::start(Duration::ZERO);
    receiver.hang.store(true, Ordering::SeqCst);
    let mut first = Server::start(&db.url).await;
    sell(&first, &receiver, 3).await;
    // The worker has sent (and is waiting for answers) when it is killed.
    wait_until("a delivery is under way", Duration::from_secs(20), || receiver.arrived() >= 1).await;
    first.kill();
    receiver.hang.store(false, Ordering::SeqCst);
    assert_eq!(scalar(&db, "SELECT COUNT(*) AS n FROM webhook_events"), 3, "one event per committed sale");
    assert_eq!(scalar(&db, "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'succeeded'"), 0);

    let _second = Server::start(&db.url).await;
    // The killed worker's claims run out (the lease), then the new server sends them.
    wait_until("every event is delivered after the restart", Duration::from_secs(60), || {
        receiver.answered().iter().map(|s| s.event_id.clone()).collect::<BTreeSet<_>>().len() == 3
    })
    .await;
    wait_until("every delivery is marked delivered", Duration::from_secs(10), || {
        scalar(&db, "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'succeeded'") == 3
    })
    .await;
    let answered: BTreeSet<String> = receiver.answered().into_iter().map(|s| s.event_id).collect();
    assert_eq!(answered.len(), 3);
    assert!(answered.iter().all(|id| id.starts_with("evt_")), "{answered:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_servers_on_one_postgresql_never_send_one_event_at_once() {
    let Some(_) = postgres_admin_url() else { return };
    let Some(db) = fresh_database(Backend::Postgres) else { return };
    // Each answer takes a while, so both servers' workers are busy at the same time.
    let receiver = Receiver::start(Duration::from_millis(150));
    let first = Server::start(&db.url).await;
    let _second = Server::start(&db.url).await;
    sell(&first, &receiver, 30).await;
    wait_until("every event is delivered", Duration::from_secs(60), || {
        scalar(&db, "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'succeeded'") == 30
    })
    .await;
    let mut by_event: BTreeMap<String, Vec<Seen>> = BTreeMap::new();
    for seen in receiver.answered() {
        by_event.entry(seen.event_id.clone()).or_default().push(seen);
    }
    assert_eq!(by_event.len(), 30);
    for (id, seen) in &by_event {
        // Every endpoint answered 2xx in time: no event had a reason to be sent twice, and none
        // was sent by both servers (at once or one after the other).
        assert_eq!(seen.len(), 1, "{id} was delivered {} times: {seen:?}", seen.len());
    }
}

/// 400 sales at four tills, one endpoint that takes 5 ms to answer: every event arrives within
/// 5 s of the last sale, never more than the endpoint's concurrency at once (6 here), each with
/// its own sequence number 1..=400.
async fn a_burst_to_one_endpoint_arrives_within_seconds_of_the_last_event(backend: Backend) {
    const SALES: usize = 400;
    let Some(db) = fresh_database(backend) else { return };
    let receiver = Receiver::start(Duration::from_millis(5));
    let mut server = Server::spawn_with(&db.url, &[("LOYALTY_WEBHOOK_CONCURRENCY", "6")]);
    server.wait_ready(&db.url).await;
    sell_in(&server, &receiver, SALES, 4).await;
    let last_sale = Instant::now();
    wait_until("every event has arrived", Duration::from_secs(60), || {
        receiver.answered().iter().map(|s| s.event_id.clone()).collect::<BTreeSet<_>>().len() == SALES
    })
    .await;
    let answered = receiver.answered();
    let last_arrival = answered.iter().map(|s| s.at).max().unwrap_or(last_sale);
    let behind = last_arrival.saturating_duration_since(last_sale);
    println!(
        "{backend:?}: {SALES} events, the last arrived {behind:?} after the last sale; peak {} at once",
        receiver.peak.load(Ordering::SeqCst)
    );
    assert!(behind <= Duration::from_secs(5), "the last event arrived {behind:?} after the last sale");
    let peak = receiver.peak.load(Ordering::SeqCst);
    assert!((2..=6).contains(&peak), "{peak} deliveries at once to one endpoint");
    let sequences: BTreeSet<i64> = answered.iter().map(|s| s.sequence).collect();
    assert_eq!(sequences, (1..=i64::try_from(SALES).unwrap_or_default()).collect::<BTreeSet<_>>());
}
