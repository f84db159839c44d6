//! The authorization matrix: every operation of the OpenAPI document, called with no token, a
//! tampered token, each role, and the owner and cashier of a second tenant against the objects
//! of the first tenant. Every cell has its expected status; an operation without a row fails the
//! test, and no response to the second tenant may carry data of the first.

use std::collections::BTreeSet;

use serde_json::Value;

use loyalty_application::{KeyAccess, Operation};

use crate::helpers::{both_backends, read, Backend, TestApp};

mod table;
mod world;

use table::{phone, table, Row};
use world::{world, Obj};

both_backends!(every_operation_answers_every_caller_as_the_table_says);

/// The callers, in the order each row calls them (a mutation allowed to several callers is
/// done by the first of them; the others then see its result). The API keys (each owner's, with
/// every scope) come last: their column is not written in the rows but follows from the owner's
/// (see `expected`). The store key is the first owner's, with every scope, limited to a store
/// of its own that holds none of the data the rows point at: it answers as the other owner's key
/// does, and none of its answers carries the other stores' data.
const CALLERS: [&str; 10] = [
    "no token",
    "bad token",
    "other cashier",
    "other owner",
    "cashier",
    "owner",
    "admin",
    "other key",
    "key",
    "store key",
];
const NONE: usize = 0;
const BAD: usize = 1;
const OTHER_POS: usize = 2;
const OTHER_OWNER: usize = 3;
const OWNER: usize = 5;
const OTHER_KEY: usize = 7;
const KEY: usize = 8;
const STORE_KEY: usize = 9;

/// A caller's expected status. An API key answers like its owner on the operations keys may
/// call (`Operation::key_access`, the application's table), unless the row names the keys' answers (sales, which a
/// key makes like a cashier and its owner may not); 403 on every other secured operation, and
/// like no token at all on public ones (they ignore credentials).
fn expected(row: &Row, caller: usize, operation: Option<Operation>) -> u16 {
    if caller < OTHER_KEY {
        return row.expect[caller];
    }
    // A public operation ignores credentials (a provider's callback is 401 to all without its
    // signature).
    if row.expect[NONE] != 401 || row.public {
        return row.expect[NONE];
    }
    let open = operation.is_some_and(|op| op.key_access() != KeyAccess::Never);
    // Another store's records are as unknown to the store key as another owner's.
    let caller = if caller == STORE_KEY { OTHER_KEY } else { caller };
    match (open, caller, row.keys) {
        (false, _, _) => 403,
        (true, OTHER_KEY, Some([other, _])) => other,
        (true, KEY, Some([_, key])) => key,
        (true, OTHER_KEY, None) => row.expect[OTHER_OWNER],
        (true, KEY, None) => row.expect[OWNER],
        (true, other, _) => panic!("no caller {other}"),
    }
}

/// Every password this test signs in or creates users with, and the hash prefix.
const SECRETS: [&str; 9] = [
    "$argon2",
    "demo1234",
    "other-owner-1",
    "zzb-cashier-1",
    "spare-till-1",
    "spare-user-1",
    "till-pass-1",
    "user-pass-1",
    "new-owner-1",
];

fn short(body: &Value) -> String {
    body.to_string().chars().take(300).collect()
}

fn ok(status: u16, body: &Value) -> Option<String> {
    (200..300).contains(&status).then_some(())?;
    Some(body.to_string())
}

async fn every_operation_answers_every_caller_as_the_table_says(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.login_limits = loyalty_api::LoginLimits {
            failures_per_account_client: 10_000,
            failures_per_account: 10_000,
            attempts_per_client: 10_000,
            registrations_per_client_hour: 10_000,
            registrations_per_hour: 10_000,
        };
        c.public_limits = (10_000, 10_000);
    })
    .await
    else {
        return;
    };
    let doc: Value = serde_json::from_str(&loyalty_http::openapi::document_json()).unwrap_or_else(|e| panic!("{e}"));
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(path, ops)| {
            ops.as_object().into_iter().flatten().map(move |(m, _)| (m.to_uppercase(), path.clone()))
        })
        .collect();
    let table = table();
    let covered: BTreeSet<(String, String)> = table.iter().map(|r| (r.method.to_owned(), r.path.to_owned())).collect();
    let missing: Vec<_> = documented.difference(&covered).collect();
    assert!(missing.is_empty(), "operations without a row in the authorization matrix: {missing:?}");
    let unknown: Vec<_> = covered.difference(&documented).collect();
    assert!(unknown.is_empty(), "rows for operations the document does not have: {unknown:?}");

    let world = world(&app).await;
    let mut failures = Vec::new();
    let mut cells = 0;
    for row in &table {
        let mut path = row.path.to_owned();
        if let Some(obj) = row.obj {
            path = path.replace("{id}", world.id(obj)).replace("{token}", world.id(obj));
        }
        // Every kind of export reads the same way; the ledger's touches every other table. A
        // message template's kind: the points message.
        let kind = if path.starts_with("/api/v1/message-templates/") { "points_earned" } else { "ledger" };
        path = path.replace("{kind}", kind);
        if !row.query.is_empty() {
            let query =
                row.query.replace("{store}", world.id(Obj::Store)).replace("{customer}", world.id(Obj::Customer));
            path = format!("{path}?{query}");
        }
        let documented = &doc["paths"][row.path][row.method.to_lowercase()];
        let responses = &documented["responses"];
        let operation = documented["operationId"].as_str().and_then(Operation::named);
        for (caller, caller_name) in CALLERS.iter().enumerate() {
            let token = if row.fresh_session {
                match &world.credentials[caller] {
                    Some((email, password)) => Some(app.login(email, password).await),
                    None => world.tokens[caller].clone(),
                }
            } else {
                world.tokens[caller].clone()
            };
            let mut request = app
                .client
                .request(reqwest::Method::from_bytes(row.method.as_bytes()).unwrap_or_default(), app.url(&path));
            if let Some(token) = &token {
                request = request.bearer_auth(token);
            }
            if let Some(body) = row.body {
                request = request.json(&body(&world, caller));
            }
            if row.path == "/api/v1/imports/customers" {
                let file = format!("name,phone,points\nZZA Imported,{},5\n", phone("092555200", caller));
                request = request.header("Content-Type", "text/csv").body(file);
            }
            if matches!(row.path, "/api/v1/invoices" | "/api/v1/redemptions") && row.method == "POST" {
                request = request.header("Idempotency-Key", format!("matrix-{}-{caller}", row.path));
            }
            let response = request.send().await;
            let headers = response.as_ref().map(|r| r.headers().clone()).unwrap_or_default();
            let (status, body) = read(response).await;
            let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
            let csp = header("content-security-policy");
            if header("x-content-type-options") != "nosniff" || !csp.contains("frame-ancestors 'none'") {
                failures.push(format!("{} {path}: security headers missing", row.method));
            }
            cells += 1;
            let expected = expected(row, caller, operation);
            let label = format!("{} {} as {}", row.method, path, caller_name);
            if status != expected {
                failures.push(format!("{label}: expected {expected}, got {status} {}", short(&body)));
            }
            if responses.get(status.to_string()).is_none() {
                failures.push(format!("{label}: status {status} is not in the document"));
            }
            // No answer ever carries a password or its hash.
            let text = body.to_string();
            for secret in SECRETS {
                if text.contains(secret) {
                    failures.push(format!("{label}: the answer carries {secret:?}"));
                }
            }
            if caller == NONE || caller == BAD {
                assert!(!(200..300).contains(&status) || row.public || row.path == "/api/v1/auth/login", "{label}");
            }
            if matches!(caller, OTHER_POS | OTHER_OWNER | OTHER_KEY) && !row.public {
                if let Some(text) = ok(status, &body) {
                    for marker in &world.markers {
                        if text.contains(marker.as_str()) {
                            failures.push(format!("{label}: the other tenant sees {marker:?}: {}", short(&body)));
                        }
                    }
                }
            }
            if caller == STORE_KEY && !row.public {
                if let Some(text) = ok(status, &body) {
                    for marker in &world.store_markers {
                        if text.contains(marker.as_str()) {
                            failures.push(format!("{label}: a key of another store sees {marker:?}: {}", short(&body)));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {cells} cells differ:\n{}", failures.len(), failures.join("\n"));
    app.assert_ledger_matches_balances();
}
