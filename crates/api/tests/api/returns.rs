//! Returns against invoices (issue #38): points back in proportion, several returns up to the
//! total, a balance below zero only through a return (points owed, paid back first), the rules
//! of voids, idempotency, who may, the webhook, the ledger, exports and liability, on both
//! backends.

use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};
use crate::pos::{demo, Demo};

both_backends!(
    returns_take_points_in_proportion_up_to_the_total,
    a_return_of_spent_points_leaves_points_owed_paid_back_first,
    voids_and_returns_follow_each_other_by_the_rules,
    returns_are_idempotent_and_authorized_as_voids,
    a_return_is_told_by_webhook_and_agrees_with_exports_and_liability,
);

fn path(invoice: i64) -> String {
    format!("/api/v1/invoices/{invoice}/returns")
}

impl Demo {
    /// A return by the cashier.
    async fn give_back(&self, invoice: i64, amount: &str, reason: &str) -> (u16, Value) {
        self.app.post(&path(invoice), Some(&self.cashier), &json!({"amount": amount, "reason": reason})).await
    }

    /// A sale by the cashier; its invoice id.
    async fn sale(&self, customer: i64, total: &str) -> i64 {
        let (status, sale) = self.invoice(customer, json!(total)).await;
        assert_eq!(status, 201, "{sale}");
        sale["data"]["invoice"]["id"].as_i64().unwrap_or_default()
    }

    fn count(&self, sql: &str) -> i64 {
        self.app.scalar(sql)
    }
}

async fn returns_take_points_in_proportion_up_to_the_total(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.customer_with("Returner", 0).await;
    // 10.000 LYD at 1 point per LYD: 10 points.
    let invoice = d.sale(customer, "10.000").await;
    assert_eq!(d.balance(customer).await, 10);

    // The form: an amount and a reason, both required.
    for (body, field, message) in [
        (json!({"amount": "1"}), "reason", "A reason is required to take a return"),
        (json!({"amount": "1", "reason": "  "}), "reason", "A reason is required to take a return"),
        (json!({"reason": "broken"}), "amount", "Enter the amount returned"),
        (json!({"amount": "0", "reason": "broken"}), "amount", "The amount returned must be at least 0.001"),
        (json!({"amount": "1.0001", "reason": "broken"}), "amount", "Enter an amount in LYD with at most 3 decimals"),
    ] {
        let (status, answer) = d.app.post(&path(invoice), Some(&d.cashier), &body).await;
        assert_eq!((status, answer["errors"][field][0].as_str()), (422, Some(message)), "{body}: {answer}");
    }

    // The preview answers from the same rule, and writes nothing.
    let preview = |amount: &'static str| {
        let (app, cashier) = (&d.app, d.cashier.clone());
        async move { app.get(&format!("{}/preview?amount={amount}", path(invoice)), Some(&cashier)).await }
    };
    let (status, seen) = preview("3.333").await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(
        seen["data"],
        json!({"invoice_id": invoice, "amount": "3.333", "points": 3, "returnable": "10.000",
        "balance": 10, "balance_after": 7})
    );
    let (status, seen) = preview("10.001").await;
    assert_eq!((status, seen["errors"]["amount"].is_array()), (422, true), "{seen}");

    // Each return takes its share rounded down: 3.333 of 10.000 takes 3 points, twice.
    let (status, first) = d.give_back(invoice, "3.333", "one cup broken").await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["data"]["points_returned"], 3);
    assert_eq!(first["data"]["return"]["amount"], "3.333");
    assert_eq!(first["data"]["return"]["reason"], "one cup broken");
    assert_eq!(first["data"]["return"]["by"]["name"].as_str().map(|n| !n.is_empty()), Some(true), "{first}");
    assert_eq!(first["data"]["customer_total_points"], 7);
    assert_eq!(first["data"]["invoice"]["returned_total"], "3.333");
    assert_eq!(first["data"]["invoice"]["returnable"], "6.667");
    assert_eq!(first["data"]["invoice"]["can_return"], true);
    let (status, second) = d.give_back(invoice, "3.333", "another cup").await;
    assert_eq!((status, second["data"]["points_returned"].as_i64()), (201, Some(3)), "{second}");

    // More than is left is refused, in both languages, and changes nothing.
    let ledger_before = d.count("SELECT COUNT(*) AS n FROM points_ledger");
    let (status, refused) = d.give_back(invoice, "3.335", "too much").await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["amount"][0].as_str(),
        Some("The returns would add up to more than the invoice total: return at most what is left of it")
    );
    let arabic = d
        .app
        .client
        .post(d.app.url(&path(invoice)))
        .bearer_auth(&d.cashier)
        .header("Accept-Language", "ar")
        .json(&json!({"amount": "3.335", "reason": "too much"}))
        .send()
        .await;
    let (status, arabic) = crate::helpers::read(arabic).await;
    assert_eq!(status, 422);
    assert_eq!(
        arabic["errors"]["amount"][0].as_str(),
        Some("سيتجاوز مجموع المرتجعات إجمالي الفاتورة: أرجِع ما تبقى منها على الأكثر")
    );
    assert_eq!(d.balance(customer).await, 4);
    assert_eq!(d.count("SELECT COUNT(*) AS n FROM points_ledger"), ledger_before);
    assert_eq!(d.count(&format!("SELECT returned_dirhams AS n FROM invoices WHERE id = {invoice}")), 6666);

    // The last return takes what is left: 3.334 takes 4, so the three take exactly the 10 earned.
    let (_, seen) = preview("3.334").await;
    assert_eq!((seen["data"]["points"].as_i64(), seen["data"]["returnable"].as_str()), (Some(4), Some("3.334")));
    let (status, last) = d.give_back(invoice, "3.334", "the rest").await;
    assert_eq!((status, last["data"]["points_returned"].as_i64()), (201, Some(4)), "{last}");
    let sale = &last["data"]["invoice"];
    assert_eq!((sale["returned_total"].as_str(), sale["returned_points"].as_i64()), (Some("10.000"), Some(10)));
    assert_eq!((sale["returnable"].as_str(), sale["can_return"].as_bool()), (Some("0.000"), Some(false)));
    let returns = sale["returns"].as_array().cloned().unwrap_or_default();
    assert_eq!(returns.iter().map(|r| r["points"].as_i64().unwrap_or(-1)).collect::<Vec<_>>(), vec![3, 3, 4]);
    assert_eq!(d.balance(customer).await, 0);
    let (status, body) = d.give_back(invoice, "0.001", "nothing left").await;
    assert_eq!((status, body["errors"]["amount"].is_array()), (422, true), "{body}");

    // The list answers the same returns; the ledger has one `return` row per return.
    let (_, listed) = d.app.get(&format!("/api/v1/customers/{customer}/invoices"), Some(&d.cashier)).await;
    assert_eq!(listed["data"][0]["returns"].as_array().map(Vec::len), Some(3), "{listed}");
    let (_, history) = d.app.get(&format!("/api/v1/customers/{customer}/history"), Some(&d.cashier)).await;
    assert_eq!((history["data"][0]["kind"].as_str(), history["data"][0]["delta"].as_i64()), (Some("return"), Some(-4)));
    assert_eq!(history["data"][0]["reason"], "the rest");
    assert_eq!(history["data"][0]["invoice"]["id"], invoice);
    d.app.assert_ledger_matches_balances();

    // A whole return of a sale in one go takes exactly its points; nothing is left to void.
    let whole = d.sale(customer, "57.999").await;
    let (status, body) = d.give_back(whole, "57.999", "all of it").await;
    assert_eq!((status, body["data"]["points_returned"].as_i64()), (201, Some(57)), "{body}");
    assert_eq!(body["data"]["invoice"]["can_void"], false, "{body}");
    assert_eq!(d.balance(customer).await, 0);
    let (status, body) =
        d.app.post(&format!("/api/v1/invoices/{whole}/void"), Some(&d.cashier), &json!({"reason": "test"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("invoice_fully_returned")), "{body}");
    d.app.assert_ledger_matches_balances();
}

async fn a_return_of_spent_points_leaves_points_owed_paid_back_first(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.customer_with("Spender", 0).await;
    let invoice = d.sale(customer, "60").await;
    let (status, body) = d
        .app
        .post("/api/v1/redemptions", Some(&d.cashier), &json!({"customer_id": customer, "reward_id": d.coffee}))
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(d.balance(customer).await, 10);

    // The whole sale comes back: its 60 points leave a balance of 10, which owes 50.
    let (status, body) = d.give_back(invoice, "60", "returned after the coffee").await;
    assert_eq!((status, body["data"]["customer_total_points"].as_i64()), (201, Some(-50)), "{body}");
    let (_, shown) = d.app.get(&format!("/api/v1/customers/{customer}"), Some(&d.cashier)).await;
    assert_eq!(
        (shown["data"]["loyalty_points"].as_i64(), shown["data"]["points_owed"].as_i64()),
        (Some(-50), Some(50))
    );
    let (_, history) = d.app.get(&format!("/api/v1/customers/{customer}/history"), Some(&d.cashier)).await;
    assert_eq!(history["data"][0]["balance_after"], -50);
    let lots = |d: &Demo| {
        d.count(&format!(
            "SELECT CAST(COALESCE(SUM(remaining), 0) AS BIGINT) AS n FROM point_lots WHERE customer_id = {customer}"
        ))
    };
    assert_eq!(lots(&d), 0, "a customer who owes holds no points");
    d.app.assert_ledger_matches_balances();

    // Nothing else goes below zero: a redemption, an owner's removal, a void.
    let (status, body) = d
        .app
        .post("/api/v1/redemptions", Some(&d.cashier), &json!({"customer_id": customer, "reward_id": d.coffee}))
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("insufficient_points")), "{body}");
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let (status, body) = d
        .app
        .put(&format!("/api/v1/customers/{customer}/points"), Some(&owner), &json!({"points": -1, "reason": "test"}))
        .await;
    assert_eq!((status, body["errors"]["points"].is_array()), (422, true), "{body}");
    let other = d.sale(customer, "5").await;
    let (status, body) =
        d.app.post(&format!("/api/v1/invoices/{other}/void"), Some(&d.cashier), &json!({"reason": "test"})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("points_already_spent")), "{body}");
    assert_eq!(d.balance(customer).await, -45, "the 5 points of the sale paid back part of the debt");
    assert_eq!(lots(&d), 0);

    // Points by hand pay the debt first too; the next sale pays the rest, and only what is
    // left of it goes to a lot.
    let (status, _) =
        d.app.put(&format!("/api/v1/customers/{customer}/points"), Some(&d.cashier), &json!({"points": 15})).await;
    assert_eq!(status, 200);
    assert_eq!((d.balance(customer).await, lots(&d)), (-30, 0));
    let (status, sale) = d.invoice(customer, json!("100")).await;
    assert_eq!((status, sale["data"]["customer_total_points"].as_i64()), (201, Some(70)), "{sale}");
    assert_eq!(lots(&d), 70);
    let (_, shown) = d.app.get(&format!("/api/v1/customers/{customer}"), Some(&d.cashier)).await;
    assert_eq!(shown["data"]["points_owed"], 0);
    d.app.assert_ledger_matches_balances();
}

async fn voids_and_returns_follow_each_other_by_the_rules(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let customer = d.customer_with("Both", 0).await;
    // A void after a return takes back the points the return left.
    let invoice = d.sale(customer, "20").await;
    let (status, _) = d.give_back(invoice, "5", "part").await;
    assert_eq!(status, 201);
    assert_eq!(d.balance(customer).await, 15);
    let (status, voided) =
        d.app.post(&format!("/api/v1/invoices/{invoice}/void"), Some(&d.cashier), &json!({"reason": "all"})).await;
    assert_eq!(status, 200, "{voided}");
    assert_eq!(
        (voided["data"]["returnable"].as_str(), voided["data"]["can_return"].as_bool()),
        (Some("0.000"), Some(false))
    );
    assert_eq!(d.balance(customer).await, 0);
    let (_, history) = d.app.get(&format!("/api/v1/customers/{customer}/history"), Some(&d.cashier)).await;
    assert_eq!((history["data"][0]["kind"].as_str(), history["data"][0]["delta"].as_i64()), (Some("void"), Some(-15)));

    // No return against a voided invoice.
    let (status, body) = d.give_back(invoice, "1", "after the void").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("invoice_voided")), "{body}");
    assert_eq!(d.count("SELECT COUNT(*) AS n FROM invoice_returns"), 1);
    d.app.assert_ledger_matches_balances();

    // A cashier takes returns on the invoice's own day only, as it voids; the owner any day.
    let old = d.count(
        "SELECT MIN(id) AS n FROM invoices WHERE voided_at IS NULL AND points_earned > 0 \
         AND store_id = (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
    );
    let (_, listed) = d.app.get("/api/v1/invoices?per_page=100", Some(&d.cashier)).await;
    let row = listed["data"].as_array().and_then(|l| l.iter().find(|i| i["id"].as_i64() == Some(old)).cloned());
    if let Some(row) = row {
        assert_eq!(row["can_return"], false, "the list says what the return will answer");
    }
    let (status, body) = d.give_back(old, "1", "late").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("return_window_closed")), "{body}");
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let (status, body) = d.app.post(&path(old), Some(&owner), &json!({"amount": "1", "reason": "late"})).await;
    assert_eq!(status, 201, "{body}");
    d.app.assert_ledger_matches_balances();
}

async fn returns_are_idempotent_and_authorized_as_voids(backend: Backend) {
    let Some(d) = demo(backend).await else { return };
    let invoice = d.sale(d.fatima, "30").await;
    let body = json!({"amount": "10", "reason": "kept once"});
    let (status, first) = d.app.post_keyed(&path(invoice), &d.cashier, "return-1", &body).await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = d.app.post_keyed(&path(invoice), &d.cashier, "return-1", &body).await;
    assert_eq!((status, &again["data"]["return"]), (201, &first["data"]["return"]), "the first answer again");
    assert_eq!(again["data"]["customer_total_points"], first["data"]["customer_total_points"]);
    assert_eq!(d.count("SELECT COUNT(*) AS n FROM invoice_returns"), 1, "a retry takes nothing more");
    let other = json!({"amount": "11", "reason": "kept once"});
    let (status, reused) = d.app.post_keyed(&path(invoice), &d.cashier, "return-1", &other).await;
    assert_eq!((status, reused["code"].as_str()), (409, Some("idempotency_key_reused")));
    let (status, bad) = d.app.post_keyed(&path(invoice), &d.cashier, "with space", &body).await;
    assert_eq!(status, 422, "{bad}");

    // Another store's cashier does not see it; the admin may not; a read-only key may not.
    let benghazi = d.app.login("benghazi@demo.ly", "demo1234").await;
    let (status, _) = d.app.post(&path(invoice), Some(&benghazi), &body).await;
    assert_eq!(status, 404);
    let admin = d.app.login("admin@demo.ly", "demo1234").await;
    let (status, _) = d.app.post(&path(invoice), Some(&admin), &body).await;
    assert_eq!(status, 403);
    let owner = d.app.login("owner@demo.ly", "demo1234").await;
    let key = |scopes: Value| {
        let (app, owner) = (&d.app, owner.clone());
        async move {
            let (status, made) = app
                .post("/api/v1/store-owner/api-keys", Some(&owner), &json!({"name": "Till", "scopes": scopes}))
                .await;
            assert_eq!(status, 201, "{made}");
            made["data"]["secret"].as_str().unwrap_or_default().to_owned()
        }
    };
    let reader = key(json!(["customers:read", "reports:read"])).await;
    let (status, _) = d.app.post(&path(invoice), Some(&reader), &body).await;
    assert_eq!(status, 403);
    let seller = key(json!(["sales:write"])).await;
    let (status, by_key) = d.app.post(&path(invoice), Some(&seller), &json!({"amount": "1", "reason": "by key"})).await;
    assert_eq!(status, 201, "{by_key}");
    assert_eq!(by_key["data"]["return"]["api_key"]["name"], "Till");
    // A test key reaches only its sandbox: the live invoice is unknown to it.
    let (status, made) = d
        .app
        .post(
            "/api/v1/store-owner/api-keys",
            Some(&owner),
            &json!({"name": "Sandbox", "scopes": ["sales:write"], "mode": "test"}),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let test_key = made["data"]["secret"].as_str().unwrap_or_default();
    let (status, _) = d.app.post(&path(invoice), Some(test_key), &body).await;
    assert_eq!(status, 404);
    let (status, _) = d.app.post(&path(invoice), None, &body).await;
    assert_eq!(status, 401);
    d.app.assert_ledger_matches_balances();
}

async fn a_return_is_told_by_webhook_and_agrees_with_exports_and_liability(backend: Backend) {
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
    let (status, made) = app
        .post(
            "/api/v1/store-owner/webhooks",
            Some(&owner),
            &json!({"url": "http://127.0.0.1:9/hooks", "events": ["invoice.returned"]}),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let (status, customer) = app.post("/api/v1/customers", Some(&cashier), &json!({"name": "Hooked"})).await;
    assert_eq!(status, 201, "{customer}");
    let customer = customer["data"]["id"].as_i64().unwrap_or_default();
    let sale = json!({"customer_id": customer, "total_cost": "40", "invoice_id": "RET-1"});
    let (status, sold) = app.post("/api/v1/invoices", Some(&cashier), &sale).await;
    assert_eq!(status, 201, "{sold}");
    let invoice = sold["data"]["invoice"]["id"].as_i64().unwrap_or_default();
    let (_, liability) = app.get("/api/v1/store-owner/liability", Some(&owner)).await;
    let held_before = liability["data"]["outstanding_points"].as_i64().unwrap_or_default();
    let owed_before = liability["data"]["points_owed"].as_i64();
    assert_eq!(owed_before, Some(0), "nobody owes before: {liability}");
    let (_, summary) = app.get("/api/v1/store-owner/summary", Some(&owner)).await;

    // Spend 30 of the 40, then return the whole sale: the customer owes 30.
    app.put(&format!("/api/v1/customers/{customer}/points"), Some(&owner), &json!({"points": -30, "reason": "spent"}))
        .await;
    let (status, returned) =
        app.post(&path(invoice), Some(&cashier), &json!({"amount": "40", "reason": "brought back"})).await;
    assert_eq!((status, returned["data"]["customer_total_points"].as_i64()), (201, Some(-30)), "{returned}");
    let return_id = returned["data"]["return"]["id"].as_i64().unwrap_or_default();

    // One event, made with the return: the invoice as `invoice.voided` sends it, and the return.
    assert_eq!(app.scalar("SELECT COUNT(*) AS n FROM webhook_events WHERE event_type = 'invoice.returned'"), 1);
    let pattern = format!(
        "SELECT COUNT(*) AS n FROM webhook_events WHERE event_type = 'invoice.returned' \
         AND payload LIKE '%\"invoice_id\":\"RET-1\"%' AND payload LIKE '%\"return\":{{\"id\":{return_id},\"amount\":\"40.000\",\"points\":40,\"reason\":\"brought back\"%'"
    );
    assert_eq!(app.scalar(&pattern), 1, "the event's data names the invoice and the return");

    // Liability counts the points customers hold: the one who owes adds nothing and takes
    // nothing from the others (what it held, 10, is gone).
    let (_, liability) = app.get("/api/v1/store-owner/liability", Some(&owner)).await;
    assert_eq!(liability["data"]["outstanding_points"].as_i64(), Some(held_before - 40));
    // The invoice read alone says the same as the return's answer.
    let (status, read) = app.get(&format!("/api/v1/invoices/{invoice}"), Some(&owner)).await;
    assert_eq!(status, 200, "{read}");
    assert_eq!(read["data"], returned["data"]["invoice"], "GET /invoices/{{id}} is the invoice the return answered");
    assert_eq!(
        (read["data"]["returnable"].as_str(), read["data"]["can_return"].as_bool()),
        (Some("0.000"), Some(false))
    );
    // What is owed is counted apart, all stores and the customer's store alike.
    assert_eq!(liability["data"]["points_owed"].as_i64(), Some(30), "{liability}");
    let stores = liability["data"]["stores"].as_array().cloned().unwrap_or_default();
    assert_eq!(stores.iter().map(|s| s["points_owed"].as_i64().unwrap_or_default()).sum::<i64>(), 30, "{liability}");
    let lots = app.scalar(
        "SELECT CAST(COALESCE(SUM(remaining), 0) AS BIGINT) AS n FROM point_lots WHERE customer_id IN \
         (SELECT id FROM customers WHERE deleted_at IS NULL AND store_id IN \
         (SELECT id FROM stores WHERE owner_id = (SELECT id FROM users WHERE email = 'owner@demo.ly')))",
    );
    assert_eq!(liability["data"]["outstanding_points"].as_i64(), Some(lots), "liability is what the lots hold");
    // The dashboards lose the returned sale's revenue and points.
    let (_, after) = app.get("/api/v1/store-owner/summary", Some(&owner)).await;
    let number = |v: &Value, f: &str| v["data"][f].as_i64().unwrap_or_default();
    assert_eq!(number(&after, "points_issued"), number(&summary, "points_issued") - 40, "{after}");
    app.assert_ledger_matches_balances();

    // The exports say the same: the invoice's returned amount and points, the ledger's row.
    let csv = |path: &'static str| {
        let (app, owner) = (&app, owner.clone());
        async move {
            let response = app.client.get(app.url(path)).bearer_auth(&owner).send().await;
            response.unwrap_or_else(|e| panic!("{e}")).text().await.unwrap_or_default()
        }
    };
    let invoices = csv("/api/v1/exports/invoices").await;
    assert!(invoices.lines().next().unwrap_or_default().ends_with("Returned (LYD),Points returned"), "{invoices}");
    let row = invoices.lines().find(|l| l.contains("RET-1")).unwrap_or_default();
    assert!(row.ends_with(",40.000,40"), "{row}");
    let ledger = csv("/api/v1/exports/ledger").await;
    let row = ledger.lines().find(|l| l.contains("brought back")).unwrap_or_default();
    assert!(row.contains("Return") && row.contains("-40") && row.contains("-30"), "{row}");
}
