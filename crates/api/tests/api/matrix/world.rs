//! The first tenant's objects, the second tenant, and every caller's credentials.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::helpers::TestApp;

/// The first tenant's objects (and the platform's) that the paths and bodies point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Obj {
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
    PageToken,
    ClaimToken,
    ApiKey,
    Webhook,
    Delivery,
    Signal,
}

pub(super) struct World {
    pub(super) tokens: [Option<String>; 10],
    pub(super) credentials: [Option<(String, String)>; 10],
    pub(super) ids: HashMap<Obj, String>,
    pub(super) owner_id: i64,
    pub(super) other_owner_id: i64,
    pub(super) card_code: String,
    pub(super) customer_phone: String,
    /// Strings that only the first tenant's data contains.
    pub(super) markers: Vec<String>,
    /// Strings that only the first tenant's stores other than the store key's contain.
    pub(super) store_markers: Vec<String>,
}

impl World {
    pub(super) fn id(&self, obj: Obj) -> &str {
        self.ids.get(&obj).map_or("0", String::as_str)
    }
    pub(super) fn num(&self, obj: Obj) -> i64 {
        self.id(obj).parse().unwrap_or(0)
    }
}

pub(super) async fn created_id(app: &TestApp, path: &str, token: &str, body: Value) -> String {
    let (status, response) = app.post(path, Some(token), &body).await;
    assert!((200..300).contains(&status), "setup {path}: {status} {response}");
    response["data"]["id"].as_i64().map(|id| id.to_string()).unwrap_or_else(|| panic!("no id: {response}"))
}

pub(super) async fn world(app: &TestApp) -> World {
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
    let (invoice, page_token) = {
        let body = json!({"customer_id": customer.parse::<i64>().unwrap_or(0), "total_cost": "20"});
        let (status, response) = app.post_keyed("/api/v1/invoices", &cashier, "matrix-setup", &body).await;
        assert_eq!(status, 201, "{response}");
        let url = response["data"]["customer_page_url"].as_str().unwrap_or_default();
        let page_token = url.rsplit_once("/me/").map(|(_, t)| t.to_owned()).unwrap_or_default();
        (response["data"]["invoice"]["id"].as_i64().unwrap_or_else(|| panic!("{response}")).to_string(), page_token)
    };
    let claim_token = {
        let body = json!({"walk_in": true, "total_cost": "20"});
        let (status, response) = app.post("/api/v1/invoices", Some(&cashier), &body).await;
        assert_eq!(status, 201, "{response}");
        let url = response["data"]["claim_url"].as_str().unwrap_or_default();
        let token = url.rsplit_once("/claim/").map(|(_, t)| t.to_owned()).unwrap_or_default();
        // Claimed here: every caller then meets the same used claim, whatever it sends.
        let claim = json!({"name": "Matrix Claimer", "phone": "0927770001"});
        let (status, claimed) = app.post(&format!("/api/v1/public/claims/{token}"), None, &claim).await;
        assert_eq!(status, 201, "{claimed}");
        token
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
        (Obj::PageToken, page_token),
        (Obj::ClaimToken, claim_token),
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
