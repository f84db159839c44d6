//! The authorization matrix: every operation of the OpenAPI document, called with no token, a
//! tampered token, each role, and the owner and cashier of a second tenant against the objects
//! of the first tenant. Every cell has its expected status; an operation without a row fails the
//! test, and no response to the second tenant may carry data of the first.

use std::collections::{BTreeSet, HashMap};

use serde_json::{json, Value};

use loyalty_application::{KeyAccess, Operation};

use crate::helpers::{both_backends, read, Backend, TestApp};

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
    if row.expect[NONE] != 401 {
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

/// The first tenant's objects (and the platform's) that the paths and bodies point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Obj {
    Customer,
    SpareCustomer,
    Invoice,
    Reward,
    Store,
    SpareStore,
    Staff,
    SpareStaff,
    SpareUser,
    Package,
    SparePackage,
    Card,
    SpareCard,
    JoinToken,
    ApiKey,
    Webhook,
    Delivery,
    Signal,
}

struct World {
    tokens: [Option<String>; 10],
    credentials: [Option<(String, String)>; 10],
    ids: HashMap<Obj, String>,
    owner_id: i64,
    other_owner_id: i64,
    card_code: String,
    customer_phone: String,
    /// Strings that only the first tenant's data contains.
    markers: Vec<String>,
    /// Strings that only the first tenant's stores other than the store key's contain.
    store_markers: Vec<String>,
}

impl World {
    fn id(&self, obj: Obj) -> &str {
        self.ids.get(&obj).map_or("0", String::as_str)
    }
    fn num(&self, obj: Obj) -> i64 {
        self.id(obj).parse().unwrap_or(0)
    }
}

type Body = fn(&World, usize) -> Value;

struct Row {
    method: &'static str,
    /// The path as the document writes it.
    path: &'static str,
    /// The object `{id}` or `{token}` stands for.
    obj: Option<Obj>,
    query: &'static str,
    body: Option<Body>,
    /// Expected status per caller, in the order of `CALLERS`.
    expect: [u16; 7],
    /// The two keys' statuses when they differ from their owners' (see `expected`).
    keys: Option<[u16; 2]>,
    /// Call with a fresh sign-in of each caller (the operation ends the session).
    fresh_session: bool,
    /// Public by design: the second tenant may see the first tenant's data (e.g. a store name
    /// in a points lookup by phone).
    public: bool,
}

const fn row(method: &'static str, path: &'static str, expect: [u16; 7]) -> Row {
    Row { method, path, obj: None, query: "", body: None, expect, keys: None, fresh_session: false, public: false }
}

impl Row {
    const fn on(mut self, obj: Obj) -> Row {
        self.obj = Some(obj);
        self
    }
    const fn query(mut self, query: &'static str) -> Row {
        self.query = query;
        self
    }
    const fn body(mut self, body: Body) -> Row {
        self.body = Some(body);
        self
    }
    /// The keys' answers (other key, key) where they differ from their owners': the counter's
    /// sales, which a key does like a cashier and an owner may not.
    const fn keys(mut self, keys: [u16; 2]) -> Row {
        self.keys = Some(keys);
        self
    }
    const fn public(mut self) -> Row {
        self.public = true;
        self
    }
    const fn fresh_session(mut self) -> Row {
        self.fresh_session = true;
        self
    }
}

fn phone(prefix: &str, caller: usize) -> String {
    format!("{prefix}{caller}")
}

/// Every operation, with its expected status for: no token, bad token, other cashier, other
/// owner, cashier, owner, admin.
fn table() -> Vec<Row> {
    use Obj::*;
    vec![
        // Sign-in and the public side: anyone, whatever token is sent.
        row("POST", "/api/v1/auth/login", [200, 200, 200, 200, 200, 200, 200])
            .body(|_, _| json!({"email": "cashier@demo.ly", "password": "demo1234"}))
            .public(),
        row("POST", "/api/v1/auth/register", [201, 201, 201, 201, 201, 201, 201])
            .body(|_, c| {
                json!({"name": "New Owner", "email": format!("new{c}@matrix.ly"), "password": "new-owner-1",
                       "store_owner_name": "New"})
            })
            .public(),
        row("GET", "/api/v1/auth/user", [401, 401, 200, 200, 200, 200, 200]),
        row("GET", "/api/v1/health", [200, 200, 200, 200, 200, 200, 200]).public(),
        row("GET", "/api/v1/ready", [200, 200, 200, 200, 200, 200, 200]).public(),
        row("GET", "/api/v1/meta", [200, 200, 200, 200, 200, 200, 200]).public(),
        row("POST", "/api/v1/public/points", [200, 200, 200, 200, 200, 200, 200])
            .body(|w, _| json!({"phone": w.customer_phone}))
            .public(),
        row("GET", "/api/v1/public/stores/{token}", [200, 200, 200, 200, 200, 200, 200]).on(JoinToken).public(),
        row("POST", "/api/v1/public/stores/{token}/join", [201, 201, 201, 201, 201, 201, 201])
            .on(JoinToken)
            .body(|_, c| json!({"name": "Walk-in", "phone": phone("092555000", c)}))
            .public(),
        // The cashier's counter: its own store only.
        row("GET", "/api/v1/customers", [401, 401, 200, 200, 200, 200, 200]),
        row("GET", "/api/v1/customers", [401, 401, 404, 404, 200, 200, 200]).query("store_id={store}"),
        row("POST", "/api/v1/customers", [401, 401, 201, 422, 201, 201, 403])
            .body(|w, c| json!({"name": "Walk-in", "phone": phone("091444000", c), "store_id": w.num(Store)})),
        row("POST", "/api/v1/customers/search", [401, 401, 200, 200, 200, 200, 200])
            .body(|_, _| json!({"query": "ZZA"})),
        row("GET", "/api/v1/customers/{id}", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("PUT", "/api/v1/customers/{id}", [401, 401, 404, 404, 200, 200, 403])
            .on(Customer)
            .body(|w, _| json!({"name": "ZZA Customer", "phone": w.customer_phone})),
        row("DELETE", "/api/v1/customers/{id}", [401, 401, 404, 404, 204, 404, 403]).on(SpareCustomer),
        row("GET", "/api/v1/customers/{id}/history", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("GET", "/api/v1/customers/{id}/invoices", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("GET", "/api/v1/customers/{id}/redemptions", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("POST", "/api/v1/customers/{id}/confirm-join", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("PUT", "/api/v1/customers/{id}/points", [401, 401, 404, 404, 200, 200, 403])
            .on(Customer)
            .body(|_, _| json!({"points": 5, "reason": "matrix"})),
        row("GET", "/api/v1/invoices", [401, 401, 200, 200, 200, 200, 200]),
        row("POST", "/api/v1/invoices", [401, 401, 404, 403, 201, 403, 403])
            .keys([404, 201])
            .body(|w, _| json!({"customer_id": w.num(Customer), "total_cost": "12.500"})),
        row("GET", "/api/v1/invoices/preview", [401, 401, 200, 403, 200, 403, 403])
            .keys([200, 200])
            .query("total=12.500"),
        row("POST", "/api/v1/invoices/{id}/void", [401, 401, 404, 404, 200, 409, 403])
            .on(Invoice)
            .body(|_, _| json!({"reason": "matrix"})),
        row("GET", "/api/v1/redemptions", [401, 401, 200, 200, 200, 200, 200]),
        row("POST", "/api/v1/redemptions", [401, 401, 404, 403, 201, 403, 403])
            .keys([404, 201])
            .body(|w, _| json!({"customer_id": w.num(Customer), "reward_id": w.num(Reward)})),
        row("GET", "/api/v1/redemptions/preview", [401, 401, 404, 403, 200, 403, 403])
            .keys([404, 200])
            .query("customer_id={customer}&points=100"),
        row("GET", "/api/v1/pos/activity", [401, 401, 200, 200, 200, 200, 200]),
        row("GET", "/api/v1/pos/today", [401, 401, 200, 403, 200, 403, 403]),
        // The store owner's business.
        row("GET", "/api/v1/customers/store-owner-overview", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/customers/store-owner-overview", [401, 401, 403, 404, 403, 200, 403])
            .query("store_id={store}"),
        row("GET", "/api/v1/loyalty-config", [401, 401, 200, 200, 200, 200, 403]),
        row("PUT", "/api/v1/loyalty-config", [401, 401, 403, 200, 403, 200, 403])
            .body(|_, _| json!({"cost_per_point": "1.0", "min_purchase": "0"})),
        row("POST", "/api/v1/qr-code/generate", [401, 401, 403, 404, 403, 200, 200])
            .body(|w, _| json!({"store_id": w.num(Store), "size": 150})),
        // After the public rows: the join token they use stops working here.
        row("POST", "/api/v1/qr-code/rotate", [401, 401, 403, 404, 403, 200, 200])
            .body(|w, _| json!({"store_id": w.num(Store), "size": 150})),
        row("GET", "/api/v1/rewards", [401, 401, 200, 200, 200, 200, 403]),
        row("POST", "/api/v1/rewards", [401, 401, 403, 201, 403, 201, 403])
            .body(|_, c| json!({"name": format!("ZZ Reward {c}"), "type": "prize", "points_required": 50})),
        row("PUT", "/api/v1/rewards/{id}", [401, 401, 403, 404, 403, 200, 403])
            .on(Reward)
            .body(|_, _| json!({"name": "ZZA Reward", "type": "prize", "points_required": 10})),
        row("GET", "/api/v1/store-owner/pos-activities", [401, 401, 403, 200, 403, 200, 200]),
        row("GET", "/api/v1/store-owner/pos-activities", [401, 401, 403, 404, 403, 200, 200]).query("store_id={store}"),
        row("GET", "/api/v1/exports/{kind}", [401, 401, 403, 200, 403, 200, 200]),
        // Sent a one-customer CSV file (below); keys never import.
        row("POST", "/api/v1/imports/customers", [401, 401, 403, 404, 403, 201, 403])
            .keys([403, 403])
            .query("store_id={store}"),
        row("GET", "/api/v1/exports/{kind}", [401, 401, 403, 404, 403, 200, 200]).query("store_id={store}"),
        row("GET", "/api/v1/store-owner/pos-users", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/store-owner/pos-users", [401, 401, 403, 422, 403, 201, 403]).body(|w, c| {
            json!({"name": "ZZA Till", "email": format!("till{c}@matrix.ly"), "password": "till-pass-1",
                   "store_id": w.num(Store)})
        }),
        row("PUT", "/api/v1/store-owner/pos-users/{id}", [401, 401, 403, 404, 403, 200, 403])
            .on(SpareStaff)
            .body(|w, _| json!({"name": "ZZA Spare Till", "email": "zza-spare@matrix.ly", "store_id": w.num(Store)})),
        row("POST", "/api/v1/store-owner/pos-users/{id}/deactivate", [401, 401, 403, 404, 403, 200, 403])
            .on(SpareStaff),
        row("POST", "/api/v1/store-owner/pos-users/{id}/activate", [401, 401, 403, 404, 403, 200, 403]).on(SpareStaff),
        row("DELETE", "/api/v1/store-owner/pos-users/{id}", [401, 401, 403, 404, 403, 204, 403]).on(SpareStaff),
        row("GET", "/api/v1/store-owner/stores", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/store-owner/summary", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/store-owner/liability", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/store-owner/signals", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/store-owner/signals/{id}/review", [401, 401, 403, 404, 403, 200, 403]).on(Signal),
        row("GET", "/api/v1/store-owner/api-keys", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/store-owner/api-keys", [401, 401, 403, 201, 403, 201, 403])
            .body(|_, c| json!({"name": format!("Matrix key {c}"), "scopes": ["customers:read"]})),
        row("DELETE", "/api/v1/store-owner/api-keys/{id}", [401, 401, 403, 404, 403, 204, 403]).on(ApiKey),
        row("GET", "/api/v1/store-owner/webhooks", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/store-owner/webhooks", [401, 401, 403, 201, 403, 201, 403])
            .body(|_, c| json!({"url": format!("https://hooks.example.ly/{c}"), "events": ["customer.created"]})),
        row("PUT", "/api/v1/store-owner/webhooks/{id}", [401, 401, 403, 404, 403, 200, 403])
            .on(Webhook)
            .body(|_, _| json!({"url": "https://hooks.example.ly/matrix", "events": ["invoice.created"]})),
        row("POST", "/api/v1/store-owner/webhooks/{id}/rotate-secret", [401, 401, 403, 404, 403, 200, 403]).on(Webhook),
        row("GET", "/api/v1/store-owner/webhooks/{id}/deliveries", [401, 401, 403, 404, 403, 200, 403]).on(Webhook),
        row("POST", "/api/v1/store-owner/webhook-deliveries/{id}/resend", [401, 401, 403, 404, 403, 200, 403])
            .on(Delivery),
        row("DELETE", "/api/v1/store-owner/webhooks/{id}", [401, 401, 403, 404, 403, 204, 403]).on(Webhook),
        row("GET", "/api/v1/stores", [401, 401, 200, 200, 200, 200, 200]),
        row("POST", "/api/v1/stores", [401, 401, 403, 201, 403, 201, 201])
            .body(|w, c| json!({"name": format!("ZZ Store {c}"), "store_owner_id": w.other_owner_id})),
        row("PUT", "/api/v1/stores/{id}", [401, 401, 403, 404, 403, 200, 200])
            .on(Store)
            .body(|_, _| json!({"name": "ZZA Main Store", "address": "Tripoli"})),
        row("DELETE", "/api/v1/stores/{id}", [401, 401, 403, 403, 403, 403, 204]).on(SpareStore),
        row("GET", "/api/v1/subscriptions/status", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/subscriptions/toggle-auto-renew", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/redemption-cards/preview", [401, 401, 403, 200, 403, 200, 403])
            .body(|w, _| json!({"code": w.card_code})),
        row("POST", "/api/v1/redemption-cards/redeem", [401, 401, 403, 200, 403, 409, 403])
            .body(|w, _| json!({"code": w.card_code})),
        row("GET", "/api/v1/packages", [401, 401, 200, 200, 200, 200, 200]),
        // The admin's platform.
        row("GET", "/api/v1/admin/analytics", [401, 401, 403, 403, 403, 403, 200]),
        row("GET", "/api/v1/admin/overview", [401, 401, 403, 403, 403, 403, 200]),
        row("GET", "/api/v1/admin/packages", [401, 401, 403, 403, 403, 403, 200]),
        row("GET", "/api/v1/admin/store-owners", [401, 401, 403, 403, 403, 403, 200]),
        row("POST", "/api/v1/admin/subscriptions/preview", [401, 401, 403, 403, 403, 403, 200])
            .body(|w, _| json!({"store_owner_id": w.owner_id, "package_id": w.num(Package)})),
        row("POST", "/api/v1/admin/subscriptions/assign", [401, 401, 403, 403, 403, 403, 200])
            .body(|w, _| json!({"store_owner_id": w.owner_id, "package_id": w.num(Package), "auto_renew": true})),
        row("GET", "/api/v1/admin/redemption-cards", [401, 401, 403, 403, 403, 403, 200]),
        row("POST", "/api/v1/admin/redemption-cards", [401, 401, 403, 403, 403, 403, 201])
            .body(|w, _| json!({"package_id": w.num(Package)})),
        row("POST", "/api/v1/admin/redemption-cards/batch", [401, 401, 403, 403, 403, 403, 201])
            .body(|w, _| json!({"package_id": w.num(Package), "count": 2})),
        row("PUT", "/api/v1/admin/redemption-cards/{id}", [401, 401, 403, 403, 403, 403, 200])
            .on(Card)
            .body(|w, _| json!({"package_id": w.num(Package), "notes": "matrix"})),
        row("DELETE", "/api/v1/admin/redemption-cards/{id}", [401, 401, 403, 403, 403, 403, 204]).on(SpareCard),
        row("POST", "/api/v1/packages", [401, 401, 403, 403, 403, 403, 201])
            .body(|_, _| json!({"name": "ZZ Package", "store_limit": 2, "duration_months": 1, "price": "10"})),
        row("PUT", "/api/v1/packages/{id}", [401, 401, 403, 403, 403, 403, 200])
            .on(SparePackage)
            .body(|_, _| json!({"name": "ZZ Spare Package", "store_limit": 2, "duration_months": 1, "price": "10"})),
        row("POST", "/api/v1/packages/{id}/toggle", [401, 401, 403, 403, 403, 403, 200]).on(SparePackage),
        row("DELETE", "/api/v1/packages/{id}", [401, 401, 403, 403, 403, 403, 204]).on(SparePackage),
        row("GET", "/api/v1/store-owners", [401, 401, 403, 403, 403, 403, 200]),
        row("GET", "/api/v1/users", [401, 401, 403, 403, 403, 403, 200]),
        row("POST", "/api/v1/users", [401, 401, 403, 403, 403, 403, 201]).body(|_, c| {
            json!({"name": "ZZ User", "email": format!("user{c}@matrix.ly"), "password": "user-pass-1",
                   "role": "store_owner", "store_owner_name": "ZZ"})
        }),
        row("PUT", "/api/v1/users/{id}", [401, 401, 403, 403, 403, 403, 200]).on(SpareUser).body(|_, _| {
            json!({"name": "ZZ Spare User", "email": "spare-user@matrix.ly", "role": "store_owner",
                   "store_owner_name": "ZZ"})
        }),
        row("POST", "/api/v1/users/{id}/deactivate", [401, 401, 403, 403, 403, 403, 200]).on(SpareUser),
        row("POST", "/api/v1/users/{id}/activate", [401, 401, 403, 403, 403, 403, 200]).on(SpareUser),
        row("DELETE", "/api/v1/users/{id}", [401, 401, 403, 403, 403, 403, 204]).on(SpareUser),
        // Last: these end plans and sessions.
        row("POST", "/api/v1/subscriptions/cancel", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/auth/logout", [401, 401, 204, 204, 204, 204, 204]).fresh_session(),
    ]
}

fn short(body: &Value) -> String {
    body.to_string().chars().take(300).collect()
}

fn ok(status: u16, body: &Value) -> Option<String> {
    (200..300).contains(&status).then_some(())?;
    Some(body.to_string())
}

async fn created_id(app: &TestApp, path: &str, token: &str, body: Value) -> String {
    let (status, response) = app.post(path, Some(token), &body).await;
    assert!((200..300).contains(&status), "setup {path}: {status} {response}");
    response["data"]["id"].as_i64().map(|id| id.to_string()).unwrap_or_else(|| panic!("no id: {response}"))
}

async fn world(app: &TestApp) -> World {
    let admin = app.login("admin@demo.ly", "demo1234").await;
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let me = |token: String| async move { app.get("/api/v1/auth/user", Some(&token)).await.1 };
    let owner_id = me(owner.clone()).await["data"]["id"].as_i64().unwrap_or(0);
    let cashier_user = me(cashier.clone()).await;
    let store = cashier_user["data"]["store_id"].as_i64().unwrap_or_else(|| panic!("cashier store: {cashier_user}"));
    let staff = cashier_user["data"]["id"].as_i64().unwrap_or(0).to_string();

    // A plan with room for the stores this test creates, for both owners.
    let package = created_id(
        app,
        "/api/v1/packages",
        &admin,
        json!({"name": "Matrix Plan", "store_limit": 20, "duration_months": 12, "price": "100"}),
    )
    .await;
    let spare_package = created_id(app, "/api/v1/packages", &admin, json!({"name": "Spare Plan"})).await;
    // Switched to at once: the demo owner's plan is not waited for.
    let assign = |owner: i64| json!({"store_owner_id": owner, "package_id": package.parse::<i64>().unwrap_or(0), "mode": "switch_now"});
    let (status, body) = app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &assign(owner_id)).await;
    assert_eq!(status, 200, "{body}");

    // The second tenant: an owner with a plan, a store and a cashier of its own.
    let form = json!({"name": "Other Owner", "email": "other@tenant.ly", "password": "other-owner-1",
                      "store_owner_name": "Other"});
    let (status, body) = app.post("/api/v1/auth/register", None, &form).await;
    assert_eq!(status, 201, "{body}");
    let other_owner = body["data"]["token"].as_str().unwrap_or_default().to_owned();
    let other_owner_id = me(other_owner.clone()).await["data"]["id"].as_i64().unwrap_or(0);
    let (status, body) = app.post("/api/v1/admin/subscriptions/assign", Some(&admin), &assign(other_owner_id)).await;
    assert_eq!(status, 200, "{body}");
    let other_store =
        created_id(app, "/api/v1/stores", &other_owner, json!({"name": "ZZB Store", "address": "Benghazi"})).await;
    let staff_form = json!({"name": "ZZB Cashier", "email": "zzb-cashier@tenant.ly", "password": "zzb-cashier-1",
                            "store_id": other_store.parse::<i64>().unwrap_or(0)});
    created_id(app, "/api/v1/store-owner/pos-users", &other_owner, staff_form).await;
    let other_cashier = app.login("zzb-cashier@tenant.ly", "zzb-cashier-1").await;
    // The second tenant has data of its own, so its lists are not trivially empty.
    created_id(app, "/api/v1/customers", &other_cashier, json!({"name": "ZZB Customer", "phone": "0935550001"})).await;

    // The first tenant's objects.
    let customer_phone = "0915550001".to_owned();
    let customer =
        created_id(app, "/api/v1/customers", &cashier, json!({"name": "ZZA Customer", "phone": customer_phone})).await;
    let (status, body) =
        app.put(&format!("/api/v1/customers/{customer}/points"), Some(&cashier), &json!({"points": 500})).await;
    assert_eq!(status, 200, "{body}");
    let spare_customer =
        created_id(app, "/api/v1/customers", &cashier, json!({"name": "ZZA Spare", "phone": "0915550002"})).await;
    // An endpoint first, so the setup sale below gives it a delivery.
    let webhook = created_id(
        app,
        "/api/v1/store-owner/webhooks",
        &owner,
        json!({"url": "https://hooks.example.ly/matrix", "events": ["invoice.created"]}),
    )
    .await;
    let invoice = {
        let body = json!({"customer_id": customer.parse::<i64>().unwrap_or(0), "total_cost": "20"});
        let (status, response) = app.post_keyed("/api/v1/invoices", &cashier, "matrix-setup", &body).await;
        assert_eq!(status, 201, "{response}");
        response["data"]["invoice"]["id"].as_i64().unwrap_or_else(|| panic!("{response}")).to_string()
    };
    let reward = created_id(
        app,
        "/api/v1/rewards",
        &owner,
        json!({"name": "ZZA Reward", "type": "prize", "points_required": 10}),
    )
    .await;
    let spare_store = created_id(app, "/api/v1/stores", &owner, json!({"name": "ZZA Spare Store"})).await;
    let key_store = created_id(app, "/api/v1/stores", &owner, json!({"name": "Key Shop"})).await;
    let spare_staff = created_id(
        app,
        "/api/v1/store-owner/pos-users",
        &owner,
        json!({"name": "ZZA Spare Till", "email": "zza-spare@matrix.ly", "password": "spare-till-1", "store_id": store}),
    )
    .await;
    let spare_user = created_id(
        app,
        "/api/v1/users",
        &admin,
        json!({"name": "ZZ Spare User", "email": "spare-user@matrix.ly", "password": "spare-user-1",
               "role": "store_owner", "store_owner_name": "ZZ"}),
    )
    .await;
    let package_num = package.parse::<i64>().unwrap_or(0);
    let card = created_id(app, "/api/v1/admin/redemption-cards", &admin, json!({"package_id": package_num})).await;
    let spare_card =
        created_id(app, "/api/v1/admin/redemption-cards", &admin, json!({"package_id": package_num})).await;
    let api_key = created_id(
        app,
        "/api/v1/store-owner/api-keys",
        &owner,
        json!({"name": "Matrix spare key", "scopes": ["reports:read"]}),
    )
    .await;
    // 600 more points by hand: the cashier's 1,100 that day cross the default 1,000, a signal.
    let (status, body) =
        app.put(&format!("/api/v1/customers/{customer}/points"), Some(&cashier), &json!({"points": 600})).await;
    assert_eq!(status, 200, "{body}");
    let (_, signals) = app.get("/api/v1/store-owner/signals", Some(&owner)).await;
    let signal = signals["data"][0]["id"].as_i64().unwrap_or_else(|| panic!("no signal: {signals}")).to_string();
    let (_, deliveries) = app.get(&format!("/api/v1/store-owner/webhooks/{webhook}/deliveries"), Some(&owner)).await;
    let delivery = deliveries["data"][0]["id"].as_i64().unwrap_or_else(|| panic!("{deliveries}")).to_string();
    let (status, body) =
        app.post("/api/v1/admin/redemption-cards", Some(&admin), &json!({"package_id": package_num})).await;
    assert_eq!(status, 201, "{body}");
    let card_code = body["data"]["code"].as_str().unwrap_or_default().to_owned();
    let (status, body) = app.post("/api/v1/qr-code/generate", Some(&owner), &json!({"store_id": store})).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["registration_url"].as_str().unwrap_or_default();
    let join_token = url.rsplit_once("/join/").map(|(_, t)| t.to_owned()).unwrap_or_default();

    // What only the first tenant's data contains: its store names, staff, rewards and customers.
    let mut markers = vec!["ZZA".to_owned(), "cashier@demo.ly".to_owned(), customer_phone.clone()];
    let (_, stores) = app.get("/api/v1/store-owner/stores", Some(&owner)).await;
    markers
        .extend(stores["data"].as_array().into_iter().flatten().filter_map(|s| s["name"].as_str()).map(str::to_owned));
    let (_, customers) = app.get("/api/v1/customers?per_page=100", Some(&cashier)).await;
    markers.extend(
        customers["data"].as_array().into_iter().flatten().filter_map(|c| c["phone"].as_str()).map(str::to_owned),
    );
    let (_, rewards) = app.get("/api/v1/rewards", Some(&owner)).await;
    markers
        .extend(rewards["data"].as_array().into_iter().flatten().filter_map(|r| r["name"].as_str()).map(str::to_owned));
    assert!(markers.len() > 6, "{markers:?}");
    // The store key may read what is the owner's in every store (rewards, settings), never
    // another store's customers, staff, sales or name.
    let mut store_markers: Vec<String> = markers
        .iter()
        .filter(|m| !m.starts_with("ZZA") && !m.contains("Key Shop") && !rewards.to_string().contains(m.as_str()))
        .cloned()
        .collect();
    store_markers.extend(["ZZA Customer", "ZZA Spare", "ZZA Main", "ZZA Imported"].map(str::to_owned));
    assert!(store_markers.len() > 4, "{store_markers:?}");

    // The owner's token with one character of its signature changed (not the last, whose low
    // bits are padding).
    let mut bad: Vec<char> = owner.chars().collect();
    let at = bad.len() - 10;
    bad[at] = if bad[at] == 'x' { 'y' } else { 'x' };
    let bad: String = bad.into_iter().collect();

    let ids = HashMap::from([
        (Obj::Customer, customer),
        (Obj::SpareCustomer, spare_customer),
        (Obj::Invoice, invoice),
        (Obj::Signal, signal),
        (Obj::Reward, reward),
        (Obj::Store, store.to_string()),
        (Obj::SpareStore, spare_store),
        (Obj::Staff, staff),
        (Obj::SpareStaff, spare_staff),
        (Obj::SpareUser, spare_user),
        (Obj::Package, package),
        (Obj::SparePackage, spare_package),
        (Obj::Card, card),
        (Obj::SpareCard, spare_card),
        (Obj::JoinToken, join_token),
        (Obj::ApiKey, api_key),
        (Obj::Webhook, webhook),
        (Obj::Delivery, delivery),
    ]);
    let creds = |e: &str, p: &str| Some((e.to_owned(), p.to_owned()));
    let scopes: Vec<&str> = loyalty_application::ApiScope::all().iter().map(|s| s.as_str()).collect();
    let every_scope = json!({"name": "Matrix caller", "scopes": scopes});
    let key_of = |token: String| {
        let body = every_scope.clone();
        async move {
            let (status, made) = app.post("/api/v1/store-owner/api-keys", Some(&token), &body).await;
            assert_eq!(status, 201, "{made}");
            made["data"]["secret"].as_str().unwrap_or_default().to_owned()
        }
    };
    let (other_key, key) = (key_of(other_owner.clone()).await, key_of(owner.clone()).await);
    let store_key = {
        let body = json!({"name": "Matrix store caller", "scopes": scopes, "store_ids": [key_store.parse::<i64>().unwrap_or(0)]});
        let (status, made) = app.post("/api/v1/store-owner/api-keys", Some(&owner), &body).await;
        assert_eq!(status, 201, "{made}");
        made["data"]["secret"].as_str().unwrap_or_default().to_owned()
    };
    World {
        tokens: [
            None,
            Some(bad),
            Some(other_cashier),
            Some(other_owner),
            Some(cashier),
            Some(owner),
            Some(admin),
            Some(other_key),
            Some(key),
            Some(store_key),
        ],
        credentials: [
            None,
            None,
            creds("zzb-cashier@tenant.ly", "zzb-cashier-1"),
            creds("other@tenant.ly", "other-owner-1"),
            creds("cashier@demo.ly", "demo1234"),
            creds("owner@demo.ly", "demo1234"),
            creds("admin@demo.ly", "demo1234"),
            None,
            None,
            None,
        ],
        ids,
        owner_id,
        other_owner_id,
        card_code,
        customer_phone,
        markers,
        store_markers,
    }
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
    let doc: Value =
        serde_json::from_str(&loyalty_adapters::http::openapi::document_json()).unwrap_or_else(|e| panic!("{e}"));
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
        // Every kind of export reads the same way; the ledger's touches every other table.
        path = path.replace("{kind}", "ledger");
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
