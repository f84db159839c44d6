//! The published contract is what the code generates.

use crate::helpers::{Backend, TestApp};

#[test]
fn committed_openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/openapi.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let generated = loyalty_adapters::http::openapi::document_json();
    assert!(committed == generated, "openapi/openapi.json is stale: run `just openapi` and commit the result");
}

#[test]
fn every_operation_documents_its_errors() {
    let doc: serde_json::Value =
        serde_json::from_str(&loyalty_adapters::http::openapi::document_json()).unwrap_or_default();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().cloned().unwrap_or_default();
    assert!(paths.len() >= 6, "{paths:?}");
    for (path, ops) in paths {
        for (method, op) in ops.as_object().cloned().unwrap_or_default() {
            let responses = op["responses"].as_object().cloned().unwrap_or_default();
            let secured = op.get("security").is_some();
            if secured {
                assert!(responses.contains_key("401"), "{method} {path} needs a 401 response");
            }
            assert!(responses.keys().any(|s| s.starts_with('2')), "{method} {path} has no success response");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn served_document_matches_the_generated_one() {
    let Some(app) = TestApp::spawn(Backend::Sqlite).await else {
        return;
    };
    let (status, served) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, 200);
    let generated: serde_json::Value =
        serde_json::from_str(&loyalty_adapters::http::openapi::document_json()).unwrap_or_default();
    assert_eq!(served, generated);
}
