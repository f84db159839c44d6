//! Stamp cards (issue #38, item 2): the owner sets a store's card; sales of at least its
//! minimum earn a stamp in the sale's transaction; voids and returns take it back; a full card
//! is redeemed at the till (idempotent, counted once under a race); stamps expire one by one;
//! the customer, the public lookup and the webhooks tell the count; on both backends.

use serde_json::{json, Value};

use crate::helpers::{both_backends, read, Backend, TestApp};
use crate::pos::{demo, Demo};

both_backends!(
    the_owner_sets_the_card_and_bad_cards_are_refused_in_both_languages,
    sales_earn_stamps_and_a_full_card_is_redeemed,
    voids_and_returns_take_the_stamp_back,
    stamps_expire_one_by_one,
    redeeming_is_idempotent_and_counted_once,
    stamps_are_told_by_webhook_and_the_public_lookup,
);

impl Demo {
    fn store(&self) -> i64 {
        self.app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'")
    }

    async fn owner(&self) -> String {
        self.app.login("owner@demo.ly", "demo1234").await
    }

    async fn set_card(&self, owner: &str, card: Value) -> (u16, Value) {
        self.app.put(&format!("/api/v1/stores/{}/stamp-card", self.store()), Some(owner), &card).await
    }

    /// A sale by the cashier: its invoice id and the stamps its answer tells.
    async fn stamped_sale(&self, customer: i64, total: &str) -> (i64, Value) {
        let (status, sale) = self.invoice(customer, json!(total)).await;
        assert_eq!(status, 201, "{sale}");
        (sale["data"]["invoice"]["id"].as_i64().unwrap_or_default(), sale["data"]["stamps"].clone())
    }

    /// The customer's stamps as its page reads them.
    async fn stamps(&self, customer: i64) -> Value {
        let (status, body) = self.app.get(&format!("/api/v1/customers/{customer}"), Some(&self.cashier)).await;
        assert_eq!(status, 200, "{body}");
        body["stamps"].clone()
    }

    async fn redeem(&self, customer: i64, key: &str) -> (u16, Value) {
        let body = json!({"store_id": self.store()});
        let path = format!("/api/v1/customers/{customer}/stamp-card/redeem");
        self.app.post_keyed(&path, &self.cashier, key, &body).await
    }
}

async fn the_owner_sets_the_card_and_bad_cards_are_refused_in_both_languages(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.owner().await;
    let path = format!("/api/v1/stores/{}/stamp-card", d.store());

    // No card yet: `data` is null, for the owner and the cashier alike.
    for token in [&owner, &d.cashier] {
        let (status, card) = d.app.get(&path, Some(token)).await;
        assert_eq!((status, &card["data"]), (200, &Value::Null), "{card}");
    }
    // First saves at once: each answers 200, one card stays.
    let first = json!({"min_total": "1", "stamps_required": 3, "reward_name": "Race", "expires_after_days": null});
    let saves = futures_util::future::join_all((0..6).map(|_| d.set_card(&owner, first.clone()))).await;
    assert!(saves.iter().all(|(status, _)| *status == 200), "{saves:?}");
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM stamp_cards"), 1);
    assert_eq!(d.app.delete(&path, Some(&owner)).await.0, 204);

    // Bad values: 422 naming each field, in English and in Arabic.
    let bad = json!({"min_total": "-1", "stamps_required": 51, "reward_name": " ", "expires_after_days": 0});
    for (lang, min_total, required) in [
        ("en", "The smallest sale that earns a stamp must be 0 or more", "The stamps needed must be from 1 to 50"),
        ("ar", "يجب أن يكون أقل مبلغ بيع يمنح ختماً 0 أو أكثر", "يجب أن يكون عدد الأختام اللازمة من 1 إلى 50"),
    ] {
        let request = d.app.client.put(d.app.url(&path)).bearer_auth(&owner).header("Accept-Language", lang);
        let (status, answer) = read(request.json(&bad).send().await).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["errors"]["min_total"][0], min_total, "{answer}");
        assert_eq!(answer["errors"]["stamps_required"][0], required, "{answer}");
        assert!(answer["errors"]["reward_name"].is_array() && answer["errors"]["expires_after_days"].is_array());
    }
    for card in [
        json!({"min_total": "5", "stamps_required": 0, "reward_name": "x", "expires_after_days": null}),
        json!({"min_total": "5", "stamps_required": 5, "reward_name": "x".repeat(101), "expires_after_days": null}),
        json!({"min_total": "5", "stamps_required": 5, "reward_name": "x", "expires_after_days": 3651}),
        json!({"min_total": "5.0001", "stamps_required": 5, "reward_name": "x", "expires_after_days": null}),
        // A full replacement names every field.
        json!({"min_total": "5", "stamps_required": 5, "reward_name": "x"}),
        json!({"min_total": "5", "stamps_required": 5, "reward_name": "x", "expires_after_days": null, "extra": 1}),
    ] {
        assert_eq!(d.set_card(&owner, card.clone()).await.0, 422, "{card}");
    }
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM stamp_cards"), 0);

    // Only the owner sets it.
    let card =
        json!({"min_total": "10", "stamps_required": 3, "reward_name": "Free coffee", "expires_after_days": null});
    assert_eq!(d.set_card(&d.cashier, card.clone()).await.0, 403);
    let (status, saved) = d.set_card(&owner, card).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["min_total"], "10.000");
    assert_eq!(saved["data"]["stamps_required"], 3);
    assert_eq!(saved["data"]["reward_name"], "Free coffee");
    assert_eq!(saved["data"]["expires_after_days"], Value::Null);
    // Replaced, and read by the cashier.
    let card =
        json!({"min_total": "5.5", "stamps_required": 50, "reward_name": "قهوة مجانية", "expires_after_days": 3650});
    assert_eq!(d.set_card(&owner, card).await.0, 200);
    let (_, read_back) = d.app.get(&path, Some(&d.cashier)).await;
    assert_eq!(read_back["data"]["min_total"], "5.500");
    assert_eq!(read_back["data"]["expires_after_days"], 3650);

    // Turned off: the cashier may not, the owner may; then there is none to turn off.
    assert_eq!(d.app.delete(&path, Some(&d.cashier)).await.0, 403);
    assert_eq!(d.app.delete(&path, Some(&owner)).await.0, 204);
    assert_eq!(d.app.delete(&path, Some(&owner)).await.0, 404);
    let (_, gone) = d.app.get(&path, Some(&owner)).await;
    assert_eq!(gone["data"], Value::Null);
}

async fn sales_earn_stamps_and_a_full_card_is_redeemed(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.owner().await;
    let customer = d.customer_with("Stamper", 0).await;

    // Without a card: no stamps anywhere, and the sale writes none.
    let (_, stamps) = d.stamped_sale(customer, "20").await;
    assert_eq!(stamps, Value::Null);
    assert_eq!(d.stamps(customer).await, json!([]));
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM stamp_events"), 0);

    let card =
        json!({"min_total": "10", "stamps_required": 3, "reward_name": "Free coffee", "expires_after_days": null});
    assert_eq!(d.set_card(&owner, card).await.0, 200);
    let store = d.store();

    // Below the minimum: no stamp, but the count is told.
    let (_, stamps) = d.stamped_sale(customer, "9.999").await;
    assert_eq!(stamps, json!({"store_id": store, "count": 0, "required": 3}));
    // At and above it: one stamp per sale.
    let (_, stamps) = d.stamped_sale(customer, "10").await;
    assert_eq!(stamps["count"], 1);
    let (_, stamps) = d.stamped_sale(customer, "55.250").await;
    assert_eq!(stamps["count"], 2);
    assert_eq!(d.stamps(customer).await, json!([{"store_id": store, "count": 2, "required": 3}]));

    // Not full yet: 409, nothing written.
    let (status, answer) = d.redeem(customer, "early").await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("stamp_card_not_full")), "{answer}");

    let (_, stamps) = d.stamped_sale(customer, "12").await;
    let (_, stamps4) = d.stamped_sale(customer, "12").await;
    assert_eq!((stamps["count"].as_i64(), stamps4["count"].as_i64()), (Some(3), Some(4)));

    // Full: redeemed by the cashier, using 3 of the 4 stamps (the oldest).
    let (status, done) = d.redeem(customer, "full-1").await;
    assert_eq!(status, 201, "{done}");
    assert_eq!(done["data"]["stamps"], json!({"store_id": store, "count": 1, "required": 3}));
    assert_eq!(done["data"]["event"]["kind"], "redeemed");
    assert_eq!(done["data"]["event"]["stamps"], 3);
    assert_eq!(done["data"]["event"]["reward_name"], "Free coffee");
    assert_eq!(d.stamps(customer).await[0]["count"], 1);

    // The history: four stamps and the redemption, newest first; the three oldest used by it.
    let (status, history) = d.app.get(&format!("/api/v1/customers/{customer}/stamps"), Some(&d.cashier)).await;
    assert_eq!(status, 200, "{history}");
    assert_eq!(history["meta"]["total"], 5);
    let kinds: Vec<&str> =
        history["data"].as_array().into_iter().flatten().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds, ["redeemed", "earned", "earned", "earned", "earned"]);
    let redemption = history["data"][0]["id"].clone();
    assert_eq!(history["data"][1]["redeemed_by"], Value::Null, "the newest stamp still counts");
    for i in 2..5 {
        assert_eq!(history["data"][i]["redeemed_by"], redemption, "{history}");
    }

    // The owner redeems too, once full again; a store that is not the customer's is a 404.
    for _ in 0..2 {
        d.stamped_sale(customer, "10").await;
    }
    let path = format!("/api/v1/customers/{customer}/stamp-card/redeem");
    let (status, _) = d.app.post(&path, Some(&owner), &json!({"store_id": store + 1000})).await;
    assert_eq!(status, 404);
    let (status, done) = d.app.post(&path, Some(&owner), &json!({"store_id": store})).await;
    assert_eq!((status, done["data"]["stamps"]["count"].as_i64()), (201, Some(0)), "{done}");

    // With the card off, nothing is earned or redeemed; the stamps stay in the history.
    let card_path = format!("/api/v1/stores/{store}/stamp-card");
    assert_eq!(d.app.delete(&card_path, Some(&owner)).await.0, 204);
    let (_, stamps) = d.stamped_sale(customer, "30").await;
    assert_eq!(stamps, Value::Null);
    let (status, answer) = d.redeem(customer, "off").await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("no_stamp_card")), "{answer}");
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM stamp_events WHERE kind = 'earned'"), 6);
    d.app.assert_ledger_matches_balances();
}

async fn voids_and_returns_take_the_stamp_back(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.owner().await;
    let customer = d.customer_with("Returner", 0).await;
    let card = json!({"min_total": "10", "stamps_required": 5, "reward_name": "Gift", "expires_after_days": null});
    assert_eq!(d.set_card(&owner, card).await.0, 200);

    // A void takes the sale's stamp back.
    let (voided, _) = d.stamped_sale(customer, "20").await;
    let (status, _) =
        d.app.post(&format!("/api/v1/invoices/{voided}/void"), Some(&d.cashier), &json!({"reason": "mistake"})).await;
    assert_eq!(status, 200);
    assert_eq!(d.stamps(customer).await[0]["count"], 0);

    // A partial return that leaves at least the minimum keeps it; the one that leaves less takes it.
    let (sale, _) = d.stamped_sale(customer, "25").await;
    let give_back = |amount: &'static str| {
        let (app, cashier) = (&d.app, d.cashier.clone());
        async move {
            app.post(
                &format!("/api/v1/invoices/{sale}/returns"),
                Some(&cashier),
                &json!({"amount": amount, "reason": "back"}),
            )
            .await
        }
    };
    assert_eq!(give_back("15").await.0, 201);
    assert_eq!(d.stamps(customer).await[0]["count"], 1, "10.000 of 25.000 left: still a stamp's sale");
    assert_eq!(give_back("0.001").await.0, 201);
    assert_eq!(d.stamps(customer).await[0]["count"], 0, "9.999 left: the stamp goes back");

    // A whole return takes it too.
    let (whole, _) = d.stamped_sale(customer, "12").await;
    assert_eq!(d.stamps(customer).await[0]["count"], 1);
    let (status, _) = d
        .app
        .post(
            &format!("/api/v1/invoices/{whole}/returns"),
            Some(&d.cashier),
            &json!({"amount": "12", "reason": "back"}),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(d.stamps(customer).await[0]["count"], 0);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM stamp_events WHERE revoked_at IS NOT NULL"), 3);
}

async fn stamps_expire_one_by_one(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.owner().await;
    let customer = d.customer_with("Expiring", 0).await;
    let card = json!({"min_total": "1", "stamps_required": 2, "reward_name": "Gift", "expires_after_days": 30});
    assert_eq!(d.set_card(&owner, card).await.0, 200);
    let (first, _) = d.stamped_sale(customer, "5").await;
    d.stamped_sale(customer, "5").await;
    let (_, history) = d.app.get(&format!("/api/v1/customers/{customer}/stamps"), Some(&d.cashier)).await;
    assert!(history["data"][0]["expires_at"].is_string(), "{history}");
    assert_eq!(d.stamps(customer).await[0]["count"], 2);
    // The first stamp's 30 days have passed (moved back in time): it no longer counts.
    d.app.execute(&format!("UPDATE stamp_events SET expires_at = created_at WHERE invoice_id = {first}"));
    assert_eq!(d.stamps(customer).await[0]["count"], 1);
    let (status, answer) = d.redeem(customer, "expired").await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("stamp_card_not_full")), "{answer}");
}

async fn redeeming_is_idempotent_and_counted_once(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let owner = d.owner().await;
    let customer = d.customer_with("Racer", 0).await;
    let card = json!({"min_total": "1", "stamps_required": 2, "reward_name": "Gift", "expires_after_days": null});
    assert_eq!(d.set_card(&owner, card).await.0, 200);
    for _ in 0..5 {
        d.stamped_sale(customer, "5").await;
    }
    // A retry with the same key answers the first redemption and uses no more stamps.
    let (status, first) = d.redeem(customer, "same-key").await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = d.redeem(customer, "same-key").await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(first["data"]["event"]["id"], again["data"]["event"]["id"]);
    assert_eq!(d.stamps(customer).await[0]["count"], 3);
    // The same key for another customer's redemption is a 409.
    let other = d.customer_with("Other", 0).await;
    assert_eq!(d.redeem(other, "same-key").await.0, 409);

    // Five racing redemptions of 3 stamps: one succeeds, the others find the card not full.
    let results = futures_util::future::join_all((0..5).map(|i| {
        let d = &d;
        async move { d.redeem(customer, &format!("race-{i}")).await.0 }
    }))
    .await;
    assert_eq!(results.iter().filter(|s| **s == 201).count(), 1, "{results:?}");
    assert!(results.iter().all(|s| *s == 201 || *s == 409), "{results:?}");
    assert_eq!(d.stamps(customer).await[0]["count"], 1);
    assert_eq!(d.app.scalar("SELECT COUNT(*) AS n FROM stamp_events WHERE kind = 'redeemed'"), 2);
}

async fn stamps_are_told_by_webhook_and_the_public_lookup(backend: Backend) {
    let Some(app) = TestApp::spawn_with(backend, |c| {
        c.demo_mode = true;
        c.webhook_allow_private = true;
    })
    .await
    else {
        return;
    };
    let owner = app.login("owner@demo.ly", "demo1234").await;
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let store = app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let (status, made) = app
        .post(
            "/api/v1/store-owner/webhooks",
            Some(&owner),
            &json!({"url": "http://127.0.0.1:9/hooks", "events": ["stamp.earned", "stamp_card.redeemed", "stamp.revoked"]}),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let card = json!({"min_total": "1", "stamps_required": 1, "reward_name": "Gift", "expires_after_days": null});
    assert_eq!(app.put(&format!("/api/v1/stores/{store}/stamp-card"), Some(&owner), &card).await.0, 200);
    let phone = "0913339911";
    let (status, customer) =
        app.post("/api/v1/customers", Some(&cashier), &json!({"name": "Hooked", "phone": phone})).await;
    assert_eq!(status, 201, "{customer}");
    let customer = customer["data"]["id"].as_i64().unwrap_or_default();
    let (status, sold) =
        app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "4"})).await;
    assert_eq!(status, 201, "{sold}");

    // The public lookup tells the stamps of the store.
    let (status, lookup) = app.post("/api/v1/public/points", None, &json!({"phone": phone})).await;
    assert_eq!(status, 200, "{lookup}");
    assert_eq!(lookup["data"]["stamps"], json!([{"store_id": store, "count": 1, "required": 1}]), "{lookup}");
    let (_, unknown) = app.post("/api/v1/public/points", None, &json!({"phone": "0913339900"})).await;
    assert_eq!(unknown["data"]["stamps"], json!([]));

    let path = format!("/api/v1/customers/{customer}/stamp-card/redeem");
    let (status, done) = app.post(&path, Some(&cashier), &json!({"store_id": store})).await;
    assert_eq!(status, 201, "{done}");
    for (event, kind) in [("stamp.earned", "earned"), ("stamp_card.redeemed", "redeemed")] {
        let pattern = format!(
            "SELECT COUNT(*) AS n FROM webhook_events WHERE event_type = '{event}' \
             AND payload LIKE '%\"kind\":\"{kind}\"%' AND payload LIKE '%\"stamps\":{{\"store_id\":{store},%'"
        );
        assert_eq!(app.scalar(&pattern), 1, "{event}");
    }
    let (_, lookup) = app.post("/api/v1/public/points", None, &json!({"phone": phone})).await;
    assert_eq!(lookup["data"]["stamps"][0]["count"], 0);

    // A stamp taken back by a void, and by a whole return, is told once each; voiding the
    // redeemed card's sale takes nothing back and tells nothing.
    let revoked = "SELECT COUNT(*) AS n FROM webhook_events WHERE event_type = 'stamp.revoked'";
    let void = |invoice: &Value| format!("/api/v1/invoices/{}/void", invoice["data"]["invoice"]["id"]);
    let (status, body) = app.post(&void(&sold), Some(&cashier), &json!({"reason": "Typed the wrong total"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.scalar(revoked), 0);
    for (n, undo) in [(1, "void"), (2, "return")] {
        let (status, sale) =
            app.post("/api/v1/invoices", Some(&cashier), &json!({"customer_id": customer, "total_cost": "6"})).await;
        assert_eq!(status, 201, "{sale}");
        assert_eq!(sale["data"]["stamps"]["count"], 1, "{sale}");
        let (status, body) = if undo == "void" {
            app.post(&void(&sale), Some(&cashier), &json!({"reason": "Wrong customer"})).await
        } else {
            let path = format!("/api/v1/invoices/{}/returns", sale["data"]["invoice"]["id"]);
            app.post(&path, Some(&cashier), &json!({"amount": "6", "reason": "Came back"})).await
        };
        assert!(status == 200 || status == 201, "{undo}: {body}");
        assert_eq!(app.scalar(revoked), n, "{undo}");
        let told = app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM webhook_events WHERE event_type = 'stamp.revoked' \
             AND payload LIKE '%\"revoked_at\":\"20%' AND payload LIKE '%\"count\":0%' \
             AND payload LIKE '%\"invoice_id\":{}%'",
            sale["data"]["invoice"]["id"]
        ));
        assert_eq!(told, 1, "{undo}: the event carries the stamp as taken back and the stamps left");
    }
}
