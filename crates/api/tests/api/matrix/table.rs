//! The rows: every operation with its expected status per caller.

use serde_json::{json, Value};

use super::world::{Obj, World};

pub(super) type Body = fn(&World, usize) -> Value;

pub(super) struct Row {
    pub(super) method: &'static str,
    /// The path as the document writes it.
    pub(super) path: &'static str,
    /// The object `{id}` or `{token}` stands for.
    pub(super) obj: Option<Obj>,
    pub(super) query: &'static str,
    pub(super) body: Option<Body>,
    /// Expected status per caller, in the order of `CALLERS`.
    pub(super) expect: [u16; 7],
    /// The two keys' statuses when they differ from their owners' (see `expected`).
    pub(super) keys: Option<[u16; 2]>,
    /// Call with a fresh sign-in of each caller (the operation ends the session).
    pub(super) fresh_session: bool,
    /// Public by design: the second tenant may see the first tenant's data (e.g. a store name
    /// in a points lookup by phone).
    pub(super) public: bool,
}

pub(super) const fn row(method: &'static str, path: &'static str, expect: [u16; 7]) -> Row {
    Row { method, path, obj: None, query: "", body: None, expect, keys: None, fresh_session: false, public: false }
}

impl Row {
    pub(super) const fn on(mut self, obj: Obj) -> Row {
        self.obj = Some(obj);
        self
    }
    pub(super) const fn query(mut self, query: &'static str) -> Row {
        self.query = query;
        self
    }
    pub(super) const fn body(mut self, body: Body) -> Row {
        self.body = Some(body);
        self
    }
    /// The keys' answers (other key, key) where they differ from their owners': the counter's
    /// sales, which a key does like a cashier and an owner may not.
    pub(super) const fn keys(mut self, keys: [u16; 2]) -> Row {
        self.keys = Some(keys);
        self
    }
    pub(super) const fn public(mut self) -> Row {
        self.public = true;
        self
    }
    pub(super) const fn fresh_session(mut self) -> Row {
        self.fresh_session = true;
        self
    }
}

pub(super) fn phone(prefix: &str, caller: usize) -> String {
    format!("{prefix}{caller}")
}

/// Every operation, with its expected status for: no token, bad token, other cashier, other
/// owner, cashier, owner, admin.
pub(super) fn table() -> Vec<Row> {
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
        row("GET", "/api/v1/notifications", [401, 401, 200, 200, 200, 200, 200]),
        row("POST", "/api/v1/notifications/read", [401, 401, 200, 200, 200, 200, 200])
            .body(|_, _| json!({"keys": ["plan-ending:0"]})),
        row("GET", "/api/v1/health", [200, 200, 200, 200, 200, 200, 200]).public(),
        row("GET", "/api/v1/ready", [200, 200, 200, 200, 200, 200, 200]).public(),
        row("GET", "/api/v1/meta", [200, 200, 200, 200, 200, 200, 200]).public(),
        // The providers' callbacks: a signature, never a token; the world's server has no verify
        // token that matches.
        row("POST", "/api/v1/channels/whatsapp/status", [401, 401, 401, 401, 401, 401, 401])
            .body(|_, _| json!({"object": "whatsapp_business_account", "entry": []}))
            .public(),
        row("GET", "/api/v1/channels/whatsapp/status", [403, 403, 403, 403, 403, 403, 403])
            .query("hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1")
            .public(),
        row("POST", "/api/v1/public/points", [200, 200, 200, 200, 200, 200, 200])
            .body(|w, _| json!({"phone": w.customer_phone}))
            .public(),
        row("GET", "/api/v1/public/stores/{token}", [200, 200, 200, 200, 200, 200, 200]).on(JoinToken).public(),
        row("GET", "/api/v1/public/me/{token}", [200, 200, 200, 200, 200, 200, 200]).on(PageToken).public(),
        row("POST", "/api/v1/public/me/{token}/consents", [200, 200, 200, 200, 200, 200, 200])
            .on(PageToken)
            .public()
            .body(|_, _| json!({"channel": "sms", "granted": false})),
        // The world claimed the receipt's points: every caller finds them claimed, alike.
        row("GET", "/api/v1/public/claims/{token}", [409, 409, 409, 409, 409, 409, 409]).on(ClaimToken).public(),
        row("POST", "/api/v1/public/claims/{token}", [409, 409, 409, 409, 409, 409, 409])
            .on(ClaimToken)
            .body(|_, _| json!({"name": "Matrix Claimer", "phone": "0927770001"}))
            .public(),
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
            .body(|w, _| json!({"name": "ZZA Customer", "phone": w.customer_phone, "email": null})),
        row("PATCH", "/api/v1/customers/{id}", [401, 401, 404, 404, 200, 200, 403])
            .on(Customer)
            .body(|_, _| json!({"name": "ZZB Customer"})),
        row("DELETE", "/api/v1/customers/{id}", [401, 401, 404, 404, 204, 404, 403]).on(SpareCustomer),
        row("GET", "/api/v1/customers/{id}/history", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("GET", "/api/v1/customers/{id}/invoices", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("GET", "/api/v1/customers/{id}/redemptions", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("GET", "/api/v1/customers/{id}/messages", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("POST", "/api/v1/customers/{id}/consents", [401, 401, 404, 404, 200, 200, 403])
            .on(Customer)
            .body(|_, _| json!({"channel": "sms", "granted": true, "source": "till"})),
        // After the consent just given: the till may send the customer its page.
        row("POST", "/api/v1/customers/{id}/messages/page-link", [401, 401, 404, 404, 201, 201, 403]).on(Customer),
        row("POST", "/api/v1/customers/{id}/confirm-join", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("DELETE", "/api/v1/customers/{id}/page-links", [401, 401, 404, 404, 204, 204, 403]).on(Customer),
        row("PUT", "/api/v1/customers/{id}/points", [401, 401, 404, 404, 200, 200, 403])
            .on(Customer)
            .body(|_, _| json!({"points": 5, "reason": "matrix"})),
        row("GET", "/api/v1/invoices", [401, 401, 200, 200, 200, 200, 200]),
        row("POST", "/api/v1/invoices", [401, 401, 404, 403, 201, 403, 403])
            .keys([404, 201])
            .body(|w, _| json!({"customer_id": w.num(Customer), "total_cost": "12.500"})),
        row("GET", "/api/v1/invoices/{id}", [401, 401, 404, 404, 200, 200, 200]).on(Invoice),
        row("GET", "/api/v1/invoices/preview", [401, 401, 200, 403, 200, 403, 403])
            .keys([200, 200])
            .query("total=12.500"),
        row("GET", "/api/v1/invoices/{id}/returns/preview", [401, 401, 404, 404, 200, 200, 403])
            .on(Invoice)
            .query("amount=1.000"),
        // Before the void: each return takes 1.000 of the sale; after the void none would.
        row("POST", "/api/v1/invoices/{id}/returns", [401, 401, 404, 404, 201, 201, 403])
            .on(Invoice)
            .body(|_, _| json!({"amount": "1.000", "reason": "matrix"})),
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
        row("PATCH", "/api/v1/loyalty-config", [401, 401, 403, 200, 403, 200, 403])
            .body(|_, _| json!({"min_purchase": "0"})),
        // Tiers: set by the owner (an empty ladder, so no later row earns differently), read at
        // the counter.
        row("PUT", "/api/v1/loyalty-tiers", [401, 401, 403, 200, 403, 200, 403]).body(|_, _| json!({"tiers": []})),
        row("GET", "/api/v1/loyalty-tiers", [401, 401, 200, 200, 200, 200, 403]),
        // The stamp card: set by the owner, read at the counter; the customer has no stamps since
        // it was set (the sales came before), so a redemption is authorized and then not full.
        row("PUT", "/api/v1/stores/{id}/stamp-card", [401, 401, 403, 404, 403, 200, 403]).on(Store).body(|_, _| {
            json!({"min_total": "0", "stamps_required": 1, "reward_name": "ZZ Coffee", "expires_after_days": null})
        }),
        row("GET", "/api/v1/stores/{id}/stamp-card", [401, 401, 404, 404, 200, 200, 403]).on(Store),
        row("POST", "/api/v1/customers/{id}/stamp-card/redeem", [401, 401, 404, 404, 409, 409, 403])
            .on(Customer)
            .body(|w, _| json!({"store_id": w.num(Store)})),
        row("GET", "/api/v1/customers/{id}/stamps", [401, 401, 404, 404, 200, 200, 200]).on(Customer),
        row("DELETE", "/api/v1/stores/{id}/stamp-card", [401, 401, 403, 404, 403, 204, 403]).on(Store),
        row("POST", "/api/v1/qr-code/generate", [401, 401, 403, 404, 403, 200, 200])
            .body(|w, _| json!({"store_id": w.num(Store), "size": 150})),
        // After the public rows: the join token they use stops working here.
        row("POST", "/api/v1/qr-code/rotate", [401, 401, 403, 404, 403, 200, 200])
            .body(|w, _| json!({"store_id": w.num(Store), "size": 150})),
        row("GET", "/api/v1/rewards", [401, 401, 200, 200, 200, 200, 403]),
        row("POST", "/api/v1/rewards", [401, 401, 403, 201, 403, 201, 403])
            .body(|_, c| json!({"name": format!("ZZ Reward {c}"), "type": "prize", "points_required": 50})),
        row("PUT", "/api/v1/rewards/{id}", [401, 401, 403, 404, 403, 200, 403]).on(Reward).body(|_, _| {
            json!({"name": "ZZA Reward", "description": null, "type": "prize", "points_required": 10, "amount": "",
                   "is_active": true})
        }),
        row("PATCH", "/api/v1/rewards/{id}", [401, 401, 403, 404, 403, 200, 403])
            .on(Reward)
            .body(|_, _| json!({"name": "ZZB Reward"})),
        row("GET", "/api/v1/store-owner/pos-activities", [401, 401, 403, 200, 403, 200, 200]),
        row("GET", "/api/v1/store-owner/pos-activities", [401, 401, 403, 404, 403, 200, 200]).query("store_id={store}"),
        row("GET", "/api/v1/exports/{kind}", [401, 401, 403, 200, 403, 200, 200]),
        // Sent a one-customer CSV file (below); keys never import.
        row("GET", "/api/v1/imports/customers/format", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/imports/customers/template", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/imports/customers", [401, 401, 403, 404, 403, 201, 403])
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
        row("PATCH", "/api/v1/store-owner/pos-users/{id}", [401, 401, 403, 404, 403, 200, 403])
            .on(SpareStaff)
            .body(|_, _| json!({"name": "ZZB Spare Till"})),
        row("POST", "/api/v1/store-owner/pos-users/{id}/deactivate", [401, 401, 403, 404, 403, 200, 403])
            .on(SpareStaff),
        row("POST", "/api/v1/store-owner/pos-users/{id}/activate", [401, 401, 403, 404, 403, 200, 403]).on(SpareStaff),
        row("DELETE", "/api/v1/store-owner/pos-users/{id}", [401, 401, 403, 404, 403, 204, 403]).on(SpareStaff),
        row("GET", "/api/v1/store-owner/stores", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/store-owner/summary", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/store-owner/liability", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/messages/summary", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/message-templates", [401, 401, 403, 200, 403, 200, 403]),
        row("PUT", "/api/v1/message-templates/{kind}", [401, 401, 403, 200, 403, 200, 403])
            .body(|_, _| json!({"text_ar": "+{points} نقطة", "text_en": "+{points} points"})),
        row("DELETE", "/api/v1/message-templates/{kind}", [401, 401, 403, 200, 403, 200, 403]),
        row("GET", "/api/v1/store-owner/signals", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/store-owner/signals/{id}/review", [401, 401, 403, 404, 403, 200, 403]).on(Signal),
        row("GET", "/api/v1/store-owner/api-keys", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/store-owner/api-keys", [401, 401, 403, 201, 403, 201, 403])
            .body(|_, c| json!({"name": format!("Matrix key {c}"), "scopes": ["customers:read"]})),
        row("DELETE", "/api/v1/store-owner/api-keys/{id}", [401, 401, 403, 404, 403, 204, 403]).on(ApiKey),
        row("GET", "/api/v1/store-owner/data-retention", [401, 401, 403, 200, 403, 200, 403]),
        row("PUT", "/api/v1/store-owner/data-retention", [401, 401, 403, 200, 403, 200, 403])
            .body(|_, _| json!({"activity_log_months": 24, "webhook_delivery_days": 30})),
        row("GET", "/api/v1/store-owner/webhooks", [401, 401, 403, 200, 403, 200, 403]),
        row("POST", "/api/v1/store-owner/webhooks", [401, 401, 403, 201, 403, 201, 403])
            .body(|_, c| json!({"url": format!("https://hooks.example.ly/{c}"), "events": ["customer.created"]})),
        row("PUT", "/api/v1/store-owner/webhooks/{id}", [401, 401, 403, 404, 403, 200, 403])
            .on(Webhook)
            .body(|_, _| json!({"url": "https://hooks.example.ly/matrix", "events": ["invoice.created"]})),
        row("PATCH", "/api/v1/store-owner/webhooks/{id}", [401, 401, 403, 404, 403, 200, 403])
            .on(Webhook)
            .body(|_, _| json!({"is_active": true})),
        row("POST", "/api/v1/store-owner/webhooks/{id}/rotate-secret", [401, 401, 403, 404, 403, 200, 403]).on(Webhook),
        row("GET", "/api/v1/store-owner/webhooks/{id}/deliveries", [401, 401, 403, 404, 403, 200, 403]).on(Webhook),
        row("POST", "/api/v1/store-owner/webhooks/{id}/test", [401, 401, 403, 404, 403, 202, 403]).on(Webhook),
        row("POST", "/api/v1/store-owner/webhook-deliveries/{id}/resend", [401, 401, 403, 404, 403, 200, 403])
            .on(Delivery),
        row("DELETE", "/api/v1/store-owner/webhooks/{id}", [401, 401, 403, 404, 403, 204, 403]).on(Webhook),
        row("GET", "/api/v1/stores", [401, 401, 200, 200, 200, 200, 200]),
        row("POST", "/api/v1/stores", [401, 401, 403, 201, 403, 201, 201])
            .body(|w, c| json!({"name": format!("ZZ Store {c}"), "store_owner_id": w.other_owner_id})),
        row("PUT", "/api/v1/stores/{id}", [401, 401, 403, 404, 403, 200, 200])
            .on(Store)
            .body(|_, _| json!({"name": "ZZA Main Store", "address": "Tripoli"})),
        row("PATCH", "/api/v1/stores/{id}", [401, 401, 403, 404, 403, 200, 200])
            .on(Store)
            .body(|_, _| json!({"address": "Benghazi"})),
        // The owner deletes its spare store; the admin then finds it gone.
        row("DELETE", "/api/v1/stores/{id}", [401, 401, 403, 404, 403, 204, 404]).on(SpareStore),
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
