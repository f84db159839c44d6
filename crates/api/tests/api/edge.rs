//! Bad input at the edge: a clear 4xx in the error shape, never a 500, nothing written.

use serde_json::json;

use crate::helpers::{both_backends, read, Backend, TestApp};

both_backends!(
    malformed_bodies_get_clear_errors,
    unknown_api_paths_are_json_404,
    every_response_has_security_headers,
    health_reports_the_database
);

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
