//! Bad input at the edge: a clear 4xx in the error shape, never a 500, nothing written.

use serde_json::{json, Value};

use crate::helpers::{both_backends, read, Backend, TestApp};

both_backends!(
    malformed_bodies_get_clear_errors,
    unknown_api_paths_are_json_404,
    every_response_has_security_headers,
    health_reports_the_database,
    huge_pages_and_long_strings_are_refused,
    slow_clients_time_out_while_others_are_served,
    a_busy_pool_is_waited_for_not_refused,
    control_and_invisible_characters_are_refused,
    answers_with_tokens_or_data_are_never_cached,
    a_database_that_cannot_write_answers_503_and_recovers,
    reads_run_on_the_callers_thread_only_when_they_can_start_at_once,
);

/// A database that cannot keep writes (a full disk, a read-only file or server) answers 503
/// with `Retry-After`, writes nothing and leaves reads working; once it can write again the
/// same sale, retried with its key, goes through once (#14 item 6). Read-only is made here
/// on the pool's only connection: SQLite's `query_only`, PostgreSQL's read-only transactions.
async fn a_database_that_cannot_write_answers_503_and_recovers(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.db_pool_size = 1;
    })
    .await
    else {
        return;
    };
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let customer = app.scalar(
        "SELECT MIN(id) AS n FROM customers WHERE store_id = (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
    );
    let invoices = || app.scalar("SELECT COUNT(*) AS n FROM invoices");
    let before = invoices();
    let (read_only, writable) = match backend {
        Backend::Sqlite => ("PRAGMA query_only = ON", "PRAGMA query_only = OFF"),
        Backend::Postgres => ("SET default_transaction_read_only = on", "SET default_transaction_read_only = off"),
    };
    let ready = || async {
        let response = app.client.get(app.url("/api/v1/ready")).send().await.unwrap_or_else(|e| panic!("{e}"));
        let retry = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_owned);
        let status = response.status().as_u16();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        (status, retry, body["data"]["ready"].as_bool())
    };
    assert_eq!(ready().await, (200, None, Some(true)));
    app.execute(read_only);
    // The balancer's question: not ready (and when to ask again), while liveness stays cheap and up.
    assert_eq!(ready().await, (503, Some("5".to_owned()), Some(false)));
    assert_eq!(app.get("/api/v1/health", None).await.0, 200);

    let sale = json!({"customer_id": customer, "total_cost": "25"});
    let response = app
        .client
        .post(app.url("/api/v1/invoices"))
        .bearer_auth(&cashier)
        .header("Idempotency-Key", "disk-full-1")
        .json(&sale)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(response.status().as_u16(), 503);
    let retry_after: u64 =
        response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).unwrap_or(0);
    assert!(retry_after >= 1);
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(body["code"], "service_unavailable", "{body}");
    let (status, _) = app.get(&format!("/api/v1/customers/{customer}"), Some(&cashier)).await;
    assert_eq!(status, 200, "reads keep working");
    assert_eq!(invoices(), before);

    app.execute(writable);
    assert_eq!(ready().await, (200, None, Some(true)));
    let (status, body) = app.post_keyed("/api/v1/invoices", &cashier, "disk-full-1", &sale).await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = app.post_keyed("/api/v1/invoices", &cashier, "disk-full-1", &sale).await;
    assert_eq!(status, 201);
    assert_eq!(invoices(), before + 1);
}

/// Sign-in answers carry a token and lists carry people's data: `no-store`. The web app's
/// hashed assets are cached for a year, but a miss is not, and source maps are not public.
async fn answers_with_tokens_or_data_are_never_cached(backend: Backend) {
    let web = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let write = |path: &str, text: &str| {
        let path = web.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap_or(web.path())).unwrap_or_else(|e| panic!("mkdir: {e}"));
        std::fs::write(path, text).unwrap_or_else(|e| panic!("write: {e}"));
    };
    write("index.html", "<!doctype html><title>t</title>");
    write("assets/app-1a2b3c.js", "console.log(1)");
    write("assets/app-1a2b3c.js.map", "{}");
    let dir = web.path().to_path_buf();
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.web_dir = dir;
    })
    .await
    else {
        return;
    };
    let cache_of = |path: &'static str, token: Option<String>, post: Option<serde_json::Value>| {
        let app = &app;
        async move {
            let request = match post {
                Some(body) => app.client.post(app.url(path)).json(&body),
                None => app.client.get(app.url(path)),
            };
            let request = match token {
                Some(t) => request.bearer_auth(t),
                None => request,
            };
            let response = request.send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
            let cache = response.headers().get("cache-control").and_then(|v| v.to_str().ok()).map(str::to_owned);
            (response.status().as_u16(), cache.unwrap_or_default())
        }
    };
    let login = json!({"email": "cashier@demo.ly", "password": "demo1234"});
    assert_eq!(cache_of("/api/v1/auth/login", None, Some(login)).await, (200, "no-store".into()));
    let token = app.login("cashier@demo.ly", "demo1234").await;
    assert_eq!(cache_of("/api/v1/customers", Some(token.clone()), None).await, (200, "no-store".into()));
    assert_eq!(cache_of("/api/v1/customers/999999", Some(token), None).await, (404, "no-store".into()));
    let (status, cache) = cache_of("/assets/app-1a2b3c.js", None, None).await;
    assert_eq!(status, 200);
    assert!(cache.contains("max-age=31536000") && cache.contains("immutable"), "{cache}");
    assert_eq!(cache_of("/assets/app-missing.js", None, None).await, (404, "no-store".into()));
    assert_eq!(cache_of("/assets/app-1a2b3c.js.map", None, None).await.0, 404);

    // The build's compressed forms are sent as they are to a browser that takes them, with the
    // asset's own type; another gets the asset itself. Nothing outside the assets is reached.
    write("assets/app-1a2b3c.js.br", "BROTLI-BYTES");
    write("assets/app-1a2b3c.js.gz", "GZIP-BYTES");
    let fetch = |path: &'static str, accept: &'static str| {
        let app = &app;
        async move {
            let response = app
                .client
                .get(app.url(path))
                .header("Accept-Encoding", accept)
                .send()
                .await
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            let header =
                |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
            let (status, encoding, kind, vary) =
                (response.status().as_u16(), header("content-encoding"), header("content-type"), header("vary"));
            let body = response.bytes().await.map(|b| b.to_vec()).unwrap_or_default();
            (status, encoding, kind, vary, String::from_utf8_lossy(&body).into_owned())
        }
    };
    let (status, encoding, kind, vary, body) = fetch("/assets/app-1a2b3c.js", "gzip, deflate, br, zstd").await;
    assert_eq!((status, encoding.as_str(), body.as_str()), (200, "br", "BROTLI-BYTES"));
    assert!(kind.starts_with("text/javascript") && vary.contains("accept-encoding"), "{kind} {vary}");
    let (status, encoding, _, _, body) = fetch("/assets/app-1a2b3c.js", "gzip").await;
    assert_eq!((status, encoding.as_str(), body.as_str()), (200, "gzip", "GZIP-BYTES"));
    let (status, encoding, _, _, body) = fetch("/assets/app-1a2b3c.js", "identity").await;
    assert_eq!((status, encoding.as_str(), body.as_str()), (200, "", "console.log(1)"));
    assert_eq!(fetch("/assets/..%2Findex.html", "br").await.0, 400);
    assert_eq!(fetch("/assets/app-1a2b3c.js.map", "br").await.0, 404);
}

/// NUL (which PostgreSQL cannot store or compare), other control characters, bidirectional
/// overrides and names with nothing visible: a 422 naming the field, path or query, and nothing
/// written, with or without a sign-in.
async fn control_and_invisible_characters_are_refused(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let customers = || app.scalar("SELECT COUNT(*) AS n FROM customers");
    let users = || app.scalar("SELECT COUNT(*) AS n FROM users");
    let (customers_before, users_before) = (customers(), users());
    let not_allowed = "This text contains characters that are not allowed";

    let register = json!({"name": "A\u{0}B", "email": "nul@shop.ly", "password": "long-enough-1",
                          "store_owner_name": "Shop"});
    let (status, body) = app.post("/api/v1/auth/register", None, &register).await;
    assert_eq!((status, body["errors"]["name"][0].as_str()), (422, Some(not_allowed)), "{body}");
    let login = json!({"email": "cashier@demo.ly\u{0}", "password": "demo1234"});
    assert_eq!(app.post("/api/v1/auth/login", None, &login).await.0, 422);
    // Nothing is named with a control character: such a path is not found, before any handler.
    let (status, body) = app.get("/api/v1/public/stores/abc%00def", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")), "{body}");
    let (status, body) = app.post("/api/v1/public/stores/abc%00def/join", None, &json!({"name": "x"})).await;
    assert_eq!(status, 404, "{body}");
    let (status, _) = app.post("/api/v1/users/%1E/activate", None, &json!({})).await;
    assert_eq!(status, 404);
    let (status, body) = app.get("/api/v1/customers?search=09%00", Some(&cashier)).await;
    assert_eq!((status, body["errors"]["query"][0].as_str()), (422, Some(not_allowed)), "{body}");
    let (status, body) = app.post("/api/v1/customers/search", Some(&cashier), &json!({"query": "09\u{0}1"})).await;
    assert_eq!((status, body["errors"]["query"][0].as_str()), (422, Some(not_allowed)), "{body}");

    // Names: an override that makes a name read as another, a line break, nothing visible.
    for (name, message) in [
        ("Sara\u{202E}lio", not_allowed),
        ("Sara\nAli", not_allowed),
        ("\u{200B}\u{200C}\u{FEFF}", "Customer name is required"),
    ] {
        let (status, body) = app.post("/api/v1/customers", Some(&cashier), &json!({"name": name})).await;
        assert_eq!((status, body["errors"]["name"][0].as_str()), (422, Some(message)), "{name:?}: {body}");
    }
    // Text is stored NFC and trimmed of invisible padding.
    let (status, body) = app.post("/api/v1/customers", Some(&cashier), &json!({"name": "\u{200B}Rene\u{301} "})).await;
    assert_eq!((status, body["data"]["name"].as_str()), (201, Some("Ren\u{E9}")), "{body}");
    assert_eq!((customers(), users()), (customers_before + 1, users_before));
}

/// Every connection in use (the database answers, the server is only busy) past the pool's
/// checkout timeout: the request waits and is served, it is not answered 503.
async fn a_busy_pool_is_waited_for_not_refused(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.db_pool_size = 1;
    })
    .await
    else {
        return;
    };
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let hold = app.pool().connection_timeout() + std::time::Duration::from_millis(1500);
    let db = app.state.services.db.clone();
    let (taken, was_taken) = std::sync::mpsc::channel();
    // A long transaction holds the only connection past the pool's timeout.
    let holder = std::thread::spawn(move || {
        let result = db.run(loyalty_application::ports::TxMode::Read, &mut |_| {
            let _ = taken.send(());
            std::thread::sleep(hold);
            Ok(())
        });
        assert!(result.is_ok(), "{result:?}");
    });
    was_taken.recv().unwrap_or_else(|e| panic!("holder: {e}"));
    let (status, body) = app.get("/api/v1/auth/user", Some(&cashier)).await;
    assert_eq!(status, 200, "{body}");
    assert!(holder.join().is_ok());
}

async fn malformed_bodies_get_clear_errors(backend: Backend) {
    let Some(app) = TestApp::spawn(backend).await else {
        return;
    };
    let register = app.url("/api/v1/auth/register");
    let send = |body: String, content_type: &'static str| {
        let client = app.client.clone();
        let url = register.clone();
        async move { read(client.post(url).header("content-type", content_type).body(body).send().await).await }
    };

    let (status, body) = send("{\"name\": ".into(), "application/json").await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_json")));

    let (status, body) = send(
        json!({"name": 12, "email": "a@b.ly", "password": "12345678", "store_owner_name": "x"}).to_string(),
        "application/json",
    )
    .await;
    assert_eq!((status, body["code"].as_str()), (422, Some("validation_failed")));
    assert!(body["errors"]["name"][0].is_string(), "{body}");

    let (status, body) = send("[1, 2]".into(), "application/json").await;
    assert_eq!(status, 422, "{body}");

    let (status, body) = send("name=x".into(), "application/x-www-form-urlencoded").await;
    assert_eq!((status, body["code"].as_str()), (415, Some("unsupported_media_type")));

    let huge =
        json!({"name": "x".repeat(200_000), "email": "big@shop.ly", "password": "12345678", "store_owner_name": "x"})
            .to_string();
    let (status, body) = send(huge, "application/json").await;
    assert_eq!((status, body["code"].as_str()), (413, Some("payload_too_large")));

    // None of that created the account.
    let form = json!({"name": "A", "email": "big@shop.ly", "password": "12345678", "store_owner_name": "S"});
    assert_eq!(app.post("/api/v1/auth/register", None, &form).await.0, 201);
}

async fn unknown_api_paths_are_json_404(backend: Backend) {
    let Some(app) = TestApp::spawn(backend).await else {
        return;
    };
    let (status, body) = app.get("/api/v1/no-such-thing", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
    let (status, _) = app.get("/api/v1/auth/login", None).await;
    assert!(status == 404 || status == 405, "{status}");
}

async fn every_response_has_security_headers(backend: Backend) {
    let Some(app) = TestApp::spawn(backend).await else {
        return;
    };
    for path in ["/api/v1/meta", "/api/v1/auth/user", "/api/v1/nowhere"] {
        let response = app.client.get(app.url(path)).send().await.unwrap_or_else(|e| panic!("{e}"));
        let headers = response.headers();
        assert_eq!(headers.get("x-content-type-options").and_then(|v| v.to_str().ok()), Some("nosniff"), "{path}");
        let csp = headers.get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
    }
}

async fn health_reports_the_database(backend: Backend) {
    let Some(app) = TestApp::spawn(backend).await else {
        return;
    };
    let (status, body) = app.get("/api/v1/health", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["database"]["reachable"], true);
    assert!(body["data"]["database"]["latency_ms"].as_f64().is_some());
    let (status, body) = app.get("/api/v1/meta", None).await;
    assert_eq!((status, body["data"]["demo_mode"].as_bool()), (200, Some(false)));
}

async fn huge_pages_and_long_strings_are_refused(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let customers = || app.scalar("SELECT COUNT(*) AS n FROM customers");
    let before = customers();

    // Page sizes out of 1..=100 and pages below 1 are a 422, never a silent clamp.
    for query in ["per_page=1000", "per_page=0", "per_page=-5", "page=0", "per_page=99999999999999999999999"] {
        let (status, body) = app.get(&format!("/api/v1/customers?{query}"), Some(&cashier)).await;
        assert_eq!((status, body["code"].as_str()), (422, Some("validation_failed")), "{query}: {body}");
    }
    for path in ["/api/v1/users?per_page=101", "/api/v1/admin/redemption-cards?per_page=500"] {
        assert_eq!(app.get(path, Some(&admin)).await.0, 422, "{path}");
    }
    // A page far past the end is simply empty.
    let (status, body) = app.get("/api/v1/customers?page=1000000&per_page=100", Some(&cashier)).await;
    assert_eq!(
        (status, body["data"].as_array().map(Vec::len), body["meta"]["page"].as_i64()),
        (200, Some(0), Some(1_000_000))
    );

    // Very long strings: a field error each, nothing written.
    let long = "ش".repeat(10_000);
    let (status, body) = app.post("/api/v1/customers", Some(&cashier), &json!({"name": long})).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["name"][0].is_string(), "{body}");
    let (status, body) = app.get(&format!("/api/v1/customers?search={}", "a".repeat(5_000)), Some(&cashier)).await;
    assert_eq!((status, body["errors"]["search"][0].as_str()), (422, Some("Search must be at most 100 characters")));
    let (status, body) =
        app.post("/api/v1/customers/search", Some(&cashier), &json!({"query": "a".repeat(5_000)})).await;
    assert_eq!((status, body["errors"]["query"][0].as_str()), (422, Some("Search must be at most 100 characters")));
    let (status, _) = app.get(&format!("/api/v1/users?search={}", "a".repeat(5_000)), Some(&admin)).await;
    assert_eq!(status, 422);
    let (status, body) = app.get("/api/v1/users?role=superuser", Some(&admin)).await;
    assert_eq!((status, body["errors"]["role"][0].as_str()), (422, Some("Please select a role")));
    let (status, body) = app.get("/api/v1/users?role=pos_user", Some(&admin)).await;
    assert_eq!(status, 200);
    assert!(body["data"].as_array().is_some_and(|users| users.iter().all(|u| u["role"] == "pos_user")), "{body}");
    let (status, body) = app.post("/api/v1/public/points", None, &json!({"phone": "9".repeat(10_000)})).await;
    assert_eq!(status, 422, "{body}");
    let (status, body) = app
        .post("/api/v1/auth/login", None, &json!({"email": format!("{}@demo.ly", "a".repeat(10_000)), "password": "x"}))
        .await;
    assert!((400..500).contains(&status), "{status} {body}");
    let form = json!({"name": long, "email": "long@shop.ly", "password": "long-pass-1", "store_owner_name": long});
    let (status, body) = app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM users WHERE email = 'long@shop.ly'"), 0);
    assert_eq!(customers(), before);
}

/// Connections that send half a request (or half a body) and stall are closed by the server's
/// timeouts, and meanwhile everyone else is served.
async fn slow_clients_time_out_while_others_are_served(backend: Backend) {
    use std::io::{Read, Write};
    use std::time::{Duration, Instant};

    let Some(app) = TestApp::spawn(backend).await else { return };
    let addr = app.base.trim_start_matches("http://").to_owned();
    let stalled = tokio::task::spawn_blocking(move || {
        let mut conns = Vec::new();
        for i in 0..40 {
            let mut conn = std::net::TcpStream::connect(&addr).unwrap_or_else(|e| panic!("connect: {e}"));
            let half = if i % 2 == 0 {
                "POST /api/v1/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Type: appl".to_owned()
            } else {
                "POST /api/v1/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{\"email\":"
                    .to_owned()
            };
            conn.write_all(half.as_bytes()).unwrap_or_else(|e| panic!("write: {e}"));
            conn.set_read_timeout(Some(Duration::from_secs(40))).unwrap_or_else(|e| panic!("timeout: {e}"));
            conns.push(conn);
        }
        conns
    })
    .await
    .unwrap_or_else(|e| panic!("join: {e}"));

    // The stalled connections hold no worker: other clients are answered at once.
    for _ in 0..20 {
        let response =
            tokio::time::timeout(Duration::from_secs(5), app.client.get(app.url("/api/v1/meta")).send()).await;
        let status = response.ok().and_then(Result::ok).map(|r| r.status().as_u16());
        assert_eq!(status, Some(200));
    }

    // Each stalled connection is answered 408 or closed by the server, well before a minute.
    let started = Instant::now();
    let outcomes = tokio::task::spawn_blocking(move || {
        stalled
            .into_iter()
            .map(|mut conn| {
                let mut answer = Vec::new();
                match conn.read_to_end(&mut answer) {
                    Ok(_) => String::from_utf8_lossy(&answer).lines().next().unwrap_or("closed").to_owned(),
                    Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => "reset".to_owned(),
                    Err(e) => panic!("the server kept a stalled connection open: {e}"),
                }
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap_or_else(|e| panic!("join: {e}"));
    assert!(started.elapsed() < Duration::from_secs(40));
    for outcome in &outcomes {
        assert!(
            outcome == "closed" || outcome == "reset" || outcome.contains(" 408") || outcome.contains(" 400"),
            "{outcome}"
        );
    }
}

/// Issue #20: a read-only use case runs on the caller's thread (no hand-off to the blocking
/// pool) only when the database can start it at once: SQLite with a connection free. Its read
/// transaction then uses the connection taken for it (one in use, not two), which comes back
/// after; with every connection in use nothing runs and the caller is told so (it then waits
/// on the blocking pool); PostgreSQL's reads, round trips, never run there.
async fn reads_run_on_the_callers_thread_only_when_they_can_start_at_once(backend: Backend) {
    use loyalty_application::ports::{transaction, TxMode};

    let Some(app) = TestApp::spawn_with(backend, |c| c.db_pool_size = 2).await else {
        return;
    };
    let services = app.state.services.clone();
    let pool = app.pool().clone();
    tokio::task::spawn_blocking(move || {
        let in_use = || {
            let state = pool.state();
            state.connections - state.idle_connections
        };
        // Both connections opened and idle (r2d2 opens them in the background).
        drop((
            pool.get().unwrap_or_else(|e| panic!("a connection: {e}")),
            pool.get().unwrap_or_else(|e| panic!("a second connection: {e}")),
        ));
        assert_eq!(in_use(), 0);
        let mut seen = None;
        let ran = services.db.read_now(&mut || {
            let before = in_use();
            let inside = transaction(&*services.db, TxMode::Read, |_repos| Ok(in_use()))
                .unwrap_or_else(|e| panic!("the read: {e:?}"));
            seen = Some((before, inside));
        });
        match backend {
            Backend::Sqlite => {
                assert!(ran, "SQLite with connections free runs the read here");
                assert_eq!(seen, Some((1, 1)), "the read used the connection taken for it");
            }
            Backend::Postgres => assert!(!ran && seen.is_none(), "PostgreSQL's reads stay on the blocking pool"),
        }
        assert_eq!(in_use(), 0, "the connection came back");
        let held = (
            pool.get().unwrap_or_else(|e| panic!("a connection: {e}")),
            pool.get().unwrap_or_else(|e| panic!("a second connection: {e}")),
        );
        let ran = services.db.read_now(&mut || panic!("ran with every connection in use"));
        assert!(!ran, "nothing free: not run here");
        drop(held);
    })
    .await
    .unwrap_or_else(|e| panic!("the checks: {e}"));
}
