//! `TestApp`: the real server on port 0 with a fresh database of its own, SQLite or
//! PostgreSQL, so tests run in parallel and leave nothing behind.

use std::net::TcpListener;
use std::path::PathBuf;

use diesel::{Connection, RunQueryDsl};
use loyalty_api::{build_state, serve, AppState, Config};
use loyalty_db::{DbConnection, DbPool};
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Generates `mod name { sqlite, postgres }` tests that each call `name(backend)`.
macro_rules! both_backends {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name($crate::helpers::Backend::Sqlite).await
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$name($crate::helpers::Backend::Postgres).await
                }
            }
        )*
    };
}
pub(crate) use both_backends;

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub config: Config,
    pub state: AppState,
    _db: FreshDb,
}

/// The PostgreSQL server for tests, or `None` to skip them (never in CI).
pub fn postgres_admin_url() -> Option<String> {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => {
            panic!("CI must set TEST_DATABASE_URL: the PostgreSQL suite may not be skipped")
        }
        _ => {
            eprintln!("TEST_DATABASE_URL is not set: skipping the PostgreSQL half of this test");
            None
        }
    }
}

fn unique_name() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    format!("loyalty_test_{}_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst), nanos)
}

/// A fresh, empty database of its own; a PostgreSQL one is dropped with this value.
pub struct FreshDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    pg: Option<(String, String)>,
}

/// A fresh database for `backend`; `None` when PostgreSQL is not configured.
pub fn fresh_database(backend: Backend) -> Option<FreshDb> {
    // As in the server's main: OpenSSL started before libpq does, without the exit handler that
    // frees its state under threads still using it (an intermittent SIGSEGV as this test binary
    // exited, with servers of finished tests still holding PostgreSQL connections).
    openssl_sys::init();
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
            let url = format!("sqlite://{}", dir.path().join("test.db").display());
            Some(FreshDb { url, _dir: Some(dir), pg: None })
        }
        Backend::Postgres => {
            let admin = postgres_admin_url()?;
            let name = unique_name();
            let mut conn = diesel::PgConnection::establish(&admin).unwrap_or_else(|e| panic!("TEST_DATABASE_URL: {e}"));
            diesel::sql_query(format!("CREATE DATABASE {name}"))
                .execute(&mut conn)
                .unwrap_or_else(|e| panic!("create db: {e}"));
            let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b).to_owned();
            Some(FreshDb { url: format!("{base}/{name}"), _dir: None, pg: Some((admin, name)) })
        }
    }
}

impl Drop for FreshDb {
    fn drop(&mut self) {
        if let Some((admin, name)) = &self.pg {
            if let Ok(mut conn) = diesel::PgConnection::establish(admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut conn);
            }
        }
    }
}

/// Both channels configured to an address where nothing listens.
pub fn unreachable_channels() -> loyalty_system::messages::ChannelSettings {
    channels_at("http://127.0.0.1:9", "123456789", "test-token")
}

/// Both channels at a provider's `base` (WhatsApp under it, SMS at `{base}/sms`), WhatsApp as
/// phone number `phone_number_id` with `token`.
pub fn channels_at(base: &str, phone_number_id: &str, token: &str) -> loyalty_system::messages::ChannelSettings {
    use loyalty_system::messages::{ChannelSettings, SmsSettings, WhatsappSettings};
    ChannelSettings {
        whatsapp: Some(WhatsappSettings {
            base_url: base.to_owned(),
            api_version: "v21.0".to_owned(),
            phone_number_id: phone_number_id.to_owned(),
            token: token.to_owned(),
        }),
        sms: Some(SmsSettings {
            url: format!("{base}/sms"),
            token: "sms-token".to_owned(),
            sender: "Loyalty".to_owned(),
        }),
        app_secret: Some(TEST_APP_SECRET.to_owned()),
        verify_token: Some(TEST_VERIFY_TOKEN.to_owned()),
    }
}

/// The app secret and verify token test servers are configured with.
pub const TEST_APP_SECRET: &str = "test-app-secret";
pub const TEST_VERIFY_TOKEN: &str = "test-verify-token";

impl TestApp {
    /// A server on an empty, migrated database.
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        Self::spawn_with(backend, |_| {}).await
    }

    /// A server seeded with the demo data.
    pub async fn spawn_demo(backend: Backend) -> Option<TestApp> {
        Self::spawn_with(backend, |c| c.demo_mode = true).await
    }

    pub async fn spawn_with(backend: Backend, adjust: impl FnOnce(&mut Config)) -> Option<TestApp> {
        let db = fresh_database(backend)?;
        let mut config = Config::for_url(db.url.clone());
        config.web_dir = PathBuf::from("/nonexistent");
        // Both message channels configured (nothing listens there, and no sender runs unless
        // a test steps it), so messages wait `pending` as on a configured server.
        config.channels = unreachable_channels();
        adjust(&mut config);
        let state = {
            let config = config.clone();
            tokio::task::spawn_blocking(move || build_state(&config))
                .await
                .unwrap_or_else(|e| panic!("join: {e}"))
                .unwrap_or_else(|e| panic!("build_state: {e}"))
        };
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
        let server = serve(state.clone(), listener, config.web_dir.clone(), 2).unwrap_or_else(|e| panic!("serve: {e}"));
        tokio::spawn(server);
        Some(TestApp {
            base: format!("http://127.0.0.1:{port}"),
            client: reqwest::Client::new(),
            config,
            state,
            _db: db,
        })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn pool(&self) -> &DbPool {
        &self.state.pool
    }

    /// Runs raw SQL against the app's database (for arranging what no endpoint does yet).
    pub fn execute(&self, sql: &str) {
        self.try_execute(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// Runs `sql`, answering the database's refusal (a constraint) instead of failing the test.
    pub fn try_execute(&self, sql: &str) -> Result<usize, diesel::result::Error> {
        let mut conn = self.pool().get().unwrap_or_else(|e| panic!("pool: {e}"));
        let conn: &mut DbConnection = &mut conn;
        diesel::sql_query(sql).execute(conn)
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        let mut req = self.client.post(self.url(path)).json(body);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        read(req.send().await).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.client.get(self.url(path));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        read(req.send().await).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        let mut req = self.client.put(self.url(path)).json(body);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        read(req.send().await).await
    }

    /// A PATCH with a JSON Merge Patch body (`application/merge-patch+json`).
    pub async fn patch(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        let mut req = self
            .client
            .patch(self.url(path))
            .header("Content-Type", "application/merge-patch+json")
            .body(body.to_string());
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        read(req.send().await).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.client.delete(self.url(path));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        read(req.send().await).await
    }

    /// A POST with an `Idempotency-Key` header.
    pub async fn post_keyed(&self, path: &str, token: &str, key: &str, body: &Value) -> (u16, Value) {
        // As bytes: a key outside ASCII must reach the server as sent, to be refused there.
        let key = reqwest::header::HeaderValue::from_bytes(key.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
        read(self.client.post(self.url(path)).bearer_auth(token).header("Idempotency-Key", key).json(body).send().await)
            .await
    }

    /// Runs a query returning one BIGINT column named `n`.
    pub fn scalar(&self, sql: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = self.pool().get().unwrap_or_else(|e| panic!("pool: {e}"));
        let conn: &mut DbConnection = &mut conn;
        let row: N = diesel::sql_query(sql).get_result(conn).unwrap_or_else(|e| panic!("{sql}: {e}"));
        row.n
    }

    /// Every customer's balance equals the sum of its ledger and, above zero, the points its
    /// lots hold; none is negative but after a return (points owed, held in no lot); the
    /// dashboards' per store and day figures equal the sales and gifts summed again.
    pub fn assert_ledger_matches_balances(&self) {
        let mismatched = self.scalar(
            "SELECT COUNT(*) AS n FROM customers c WHERE c.loyalty_points <> \
             (SELECT COALESCE(SUM(l.delta), 0) FROM points_ledger l WHERE l.customer_id = c.id)",
        );
        assert_eq!(mismatched, 0, "some balances differ from their ledger");
        let owing = self.scalar(
            "SELECT COUNT(*) AS n FROM customers c WHERE c.loyalty_points < 0 AND NOT EXISTS \
             (SELECT 1 FROM points_ledger l WHERE l.customer_id = c.id AND l.kind = 'return')",
        );
        assert_eq!(owing, 0, "a balance below zero without a return");
        let unheld = self.scalar(
            "SELECT COUNT(*) AS n FROM customers c WHERE (CASE WHEN c.loyalty_points > 0 THEN c.loyalty_points ELSE 0 END) <> \
             (SELECT COALESCE(SUM(p.remaining), 0) FROM point_lots p WHERE p.customer_id = c.id)",
        );
        assert_eq!(unheld, 0, "some balances differ from the points their lots hold");
        let mut conn = self.pool().get().unwrap_or_else(|e| panic!("pool: {e}"));
        let days = loyalty_db::repositories::store_days::mismatched_days(&mut conn)
            .unwrap_or_else(|e| panic!("store days: {e}"));
        assert_eq!(days, 0, "some store days differ from the sales and gifts they sum");
    }

    /// Signs in and returns the token; panics unless it succeeds.
    pub async fn login(&self, email: &str, password: &str) -> String {
        let (status, body) =
            self.post("/api/v1/auth/login", None, &json!({"email": email, "password": password})).await;
        assert_eq!(status, 200, "login {email}: {body}");
        body["data"]["token"].as_str().unwrap_or_else(|| panic!("no token: {body}")).to_owned()
    }
}

pub async fn read(response: reqwest::Result<reqwest::Response>) -> (u16, Value) {
    let response = response.unwrap_or_else(|e| panic!("request failed: {e}"));
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    let value = if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
    (status, value)
}
