//! Tiers (issue #38, item 3), with the server's clock moved: the owner's ladder by twelve
//! months' spend, the tier held when a sale starts multiplying its points (through the points
//! rule's one home), the spend after it moving the tier up at once, a downgrade kept 30 days'
//! grace (told on the customer), the daily run, and bad ladders changing nothing. On both
//! backends, from the demo data (a point per LYD from 5 LYD).

use chrono::{Duration, Months, NaiveDate};
use serde_json::{json, Value};

use crate::expiry::{tripoli, Shop};
use crate::exports::{export, records};
use crate::helpers::{both_backends, read, Backend};

both_backends!(
    the_tier_held_multiplies_and_spend_moves_it_up,
    a_downgrade_keeps_the_tier_thirty_days,
    tiers_are_checked_and_bad_input_changes_nothing,
    the_customers_export_names_the_tier_and_counts_the_stamps,
    a_change_written_anywhere_reaches_the_next_sale
);

fn ladder() -> Value {
    json!({"tiers": [
        {"name_en": "Gold", "name_ar": "ذهبي", "min_spend": "100", "multiplier": "1.5"},
        {"name_en": "Platinum", "name_ar": "بلاتيني", "min_spend": "300.000", "multiplier": 2},
    ]})
}

impl Shop {
    async fn tiers(&self, body: Value) -> (u16, Value) {
        self.app.put("/api/v1/loyalty-tiers", Some(&self.owner), &body).await
    }

    async fn tier_customer(&self, phone: &str) -> i64 {
        let body = json!({"name": "Tier Customer", "phone": phone});
        let (status, body) = self.app.post("/api/v1/customers", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        body["data"]["id"].as_i64().unwrap_or_default()
    }

    /// A sale by the cashier: the answer's points and tier, and the invoice.
    async fn tier_sale(&self, customer: i64, lyd: &str) -> (i64, Value, i64) {
        let body = json!({"customer_id": customer, "total_cost": lyd});
        let (status, body) = self.app.post("/api/v1/invoices", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        let data = &body["data"];
        (data["points_added"].as_i64().unwrap_or(-1), data["tier"].clone(), data["invoice"]["id"].as_i64().unwrap_or(0))
    }

    async fn tier_of(&self, customer: i64) -> Value {
        let (status, body) = self.app.get(&format!("/api/v1/customers/{customer}"), Some(&self.cashier)).await;
        assert_eq!(status, 200, "{body}");
        body["tier"].clone()
    }

    async fn review(&self) -> loyalty_application::use_cases::tiers::TierRun {
        let services = self.app.state.services.clone();
        tokio::task::spawn_blocking(move || loyalty_application::use_cases::tiers::run_daily(&services))
            .await
            .unwrap_or_else(|e| panic!("join: {e}"))
            .unwrap_or_else(|e| panic!("tiers: {e}"))
            .unwrap_or_else(|| panic!("the day's run was taken already"))
    }
}

fn today() -> NaiveDate {
    loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc())
}

async fn the_tier_held_multiplies_and_spend_moves_it_up(backend: Backend) {
    let d0 = today() + Duration::days(3);
    let Some(shop) = Shop::open(backend, tripoli(d0, 10, 0)).await else { return };
    let (status, saved) = shop.tiers(ladder()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["tiers"][1]["min_spend"], "300.000", "{saved}");
    assert_eq!(saved["data"]["tiers"][1]["multiplier"], "2.0", "{saved}");
    assert_eq!(saved["data"]["tiers"][0]["level"], 1, "{saved}");
    // The counter reads the same ladder.
    let (status, read) = shop.app.get("/api/v1/loyalty-tiers", Some(&shop.cashier)).await;
    assert_eq!((status, &read["data"]), (200, &saved["data"]));

    let hook = json!({"url": "http://127.0.0.1:9/hooks", "events": ["customer.tier_changed"]});
    let (status, made) = shop.app.post("/api/v1/store-owner/webhooks", Some(&shop.owner), &hook).await;
    assert_eq!(status, 201, "{made}");
    let customer = shop.tier_customer("+218910000501").await;
    assert!(shop.tier_of(customer).await.is_null(), "no spend, no tier");
    // No tier when the sale starts: x1; the spend after it reaches Gold at once.
    let (points, tier, _) = shop.tier_sale(customer, "100").await;
    assert_eq!(points, 100);
    assert_eq!((tier["level"].as_i64(), tier["name_en"].as_str()), (Some(1), Some("Gold")), "{tier}");
    assert_eq!((tier["spend"].as_str(), tier["multiplier"].as_str()), (Some("100.000"), Some("1.5")), "{tier}");
    assert_eq!(tier["next"]["name_ar"], "بلاتيني", "{tier}");
    assert_eq!(tier["next"]["remaining"], "200.000", "300 for Platinum less 100 spent: {tier}");
    assert!(tier["grace_until"].is_null(), "{tier}");
    // The preview for this customer says what the sale will earn.
    let (status, preview) =
        shop.app.get(&format!("/api/v1/invoices/preview?total=10&customer_id={customer}"), Some(&shop.cashier)).await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!((preview["data"]["points"].as_i64(), preview["data"]["multiplier"].as_str()), (Some(15), Some("1.5")));
    let (status, plain) = shop.app.get("/api/v1/invoices/preview?total=10", Some(&shop.cashier)).await;
    assert_eq!((status, plain["data"]["points"].as_i64()), (200, Some(10)), "{plain}");
    // Gold multiplies: 10 LYD, 15 points.
    let (points, _, _) = shop.tier_sale(customer, "10").await;
    assert_eq!(points, 15);
    // The tier held at the start multiplies even the sale that moves it up.
    let (points, tier, _) = shop.tier_sale(customer, "200").await;
    assert_eq!(points, 300);
    assert_eq!((tier["name_en"].as_str(), tier["spend"].as_str()), (Some("Platinum"), Some("310.000")), "{tier}");
    assert!(tier["next"].is_null(), "the top: {tier}");
    let (points, _, _) = shop.tier_sale(customer, "10.5").await;
    assert_eq!(points, 20, "floor(10.5 x 1) x 2");
    assert_eq!(shop.balance(customer), 100 + 15 + 300 + 20);
    let tier = shop.tier_of(customer).await;
    assert_eq!((tier["level"].as_i64(), tier["spend"].as_str()), (Some(2), Some("320.500")), "{tier}");
    // The ledger says what each sale earned, the multiplied points.
    assert_eq!(
        shop.app.scalar(&format!(
            "SELECT CAST(SUM(delta) AS BIGINT) AS n FROM points_ledger WHERE customer_id = {customer} AND kind = 'invoice'"
        )),
        435
    );
    // Each move up was told once: none to Gold, Gold to Platinum.
    let told = |before: &str, level: i64| {
        format!(
            "SELECT COUNT(*) AS n FROM webhook_events WHERE event_type = 'customer.tier_changed' \
             AND payload LIKE '%\"previous_level\":{before}%' AND payload LIKE '%\"tier\":{{\"level\":{level},%' \
             AND payload LIKE '%\"id\":{customer},%'"
        )
    };
    assert_eq!(shop.app.scalar(&told("null", 1)), 1);
    assert_eq!(shop.app.scalar(&told("1", 2)), 1);
    assert_eq!(
        shop.app.scalar("SELECT COUNT(*) AS n FROM webhook_events WHERE event_type = 'customer.tier_changed'"),
        2
    );
    // The public lookup and the customer's own page show it.
    let (status, lookup) = shop.app.post("/api/v1/public/points", None, &json!({"phone": "+218910000501"})).await;
    assert_eq!(status, 200, "{lookup}");
    let badge = &lookup["data"]["stores"][0]["tier"];
    assert_eq!((badge["level"].as_i64(), badge["name_ar"].as_str()), (Some(2), Some("بلاتيني")), "{lookup}");
    assert_eq!(badge["multiplier"], "2.0", "{lookup}");
    let body = json!({"customer_id": customer, "total_cost": "1"});
    let (status, sale) = shop.app.post("/api/v1/invoices", Some(&shop.cashier), &body).await;
    assert_eq!(status, 201, "{sale}");
    let url = sale["data"]["customer_page_url"].as_str().unwrap_or_default().to_owned();
    let token = url.rsplit('/').next().unwrap_or_default();
    let (status, page) = shop.app.get(&format!("/api/v1/public/me/{token}"), None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["stores"][0]["tier"]["name_en"], "Platinum", "{page}");
    assert_eq!(page["data"]["stores"][0]["tier"]["spend"], "321.500", "{page}");

    // Another customer of the store, without spend, earns x1.
    let other = shop.tier_customer("+218910000502").await;
    assert_eq!(shop.tier_sale(other, "10").await.0, 10);
}

async fn a_downgrade_keeps_the_tier_thirty_days(backend: Backend) {
    let d0 = today() + Duration::days(3);
    let Some(shop) = Shop::open(backend, tripoli(d0, 10, 0)).await else { return };
    assert_eq!(shop.tiers(ladder()).await.0, 200);
    let customer = shop.tier_customer("+218910000511").await;
    let (_, tier, invoice) = shop.tier_sale(customer, "120").await;
    assert_eq!(tier["name_en"], "Gold", "{tier}");

    // The next day the owner takes back 60 LYD of it: the spend (60) is below Gold. The daily
    // run starts the grace: Gold for 30 more days, told on the customer.
    let d1 = d0 + Duration::days(1);
    shop.at(tripoli(d1, 1, 0));
    let (status, answer) = shop
        .app
        .post(
            &format!("/api/v1/invoices/{invoice}/returns"),
            Some(&shop.owner),
            &json!({"amount": "60", "reason": "back"}),
        )
        .await;
    assert_eq!(status, 201, "{answer}");
    // (The demo's own customers who spent enough move up too.)
    assert!(shop.review().await.moved >= 1);
    let grace_until = (d1 + Duration::days(30)).to_string();
    let tier = shop.tier_of(customer).await;
    assert_eq!((tier["name_en"].as_str(), tier["spend"].as_str()), (Some("Gold"), Some("60.000")), "{tier}");
    assert_eq!(tier["grace_until"].as_str(), Some(grace_until.as_str()), "{tier}");
    // The same day's run again: another instance took the day.
    let services = shop.app.state.services.clone();
    let again = tokio::task::spawn_blocking(move || loyalty_application::use_cases::tiers::run_daily(&services))
        .await
        .unwrap_or_else(|e| panic!("join: {e}"))
        .unwrap_or_else(|e| panic!("tiers: {e}"));
    assert!(again.is_none(), "once a day");

    // In the grace a sale still multiplies, and does not restart the grace.
    shop.at(tripoli(d1 + Duration::days(10), 10, 0));
    let (points, tier, _) = shop.tier_sale(customer, "10").await;
    assert_eq!(points, 15);
    assert_eq!(tier["grace_until"].as_str(), Some(grace_until.as_str()), "{tier}");
    // On the grace's last day: still Gold.
    shop.at(tripoli(d1 + Duration::days(30), 1, 0));
    shop.review().await;
    assert_eq!(shop.tier_of(customer).await["name_en"], "Gold");
    // The day after: the tier follows the spend (70 LYD: none).
    shop.at(tripoli(d1 + Duration::days(31), 1, 0));
    assert!(shop.review().await.moved >= 1);
    assert!(shop.tier_of(customer).await.is_null());
    assert_eq!(shop.tier_sale(customer, "10").await.0, 10, "x1 again");

    // Spend back above Gold (110): up at once, no grace left; twelve months later the sales
    // leave the window and the grace starts again.
    let (_, tier, _) = shop.tier_sale(customer, "30").await;
    assert_eq!((tier["name_en"].as_str(), tier["grace_until"].is_null()), (Some("Gold"), true), "{tier}");
    let year_on = d1.checked_add_months(Months::new(12)).unwrap_or(d1) + Duration::days(40);
    shop.at(tripoli(year_on, 1, 0));
    assert!(shop.review().await.moved >= 1);
    let tier = shop.tier_of(customer).await;
    assert_eq!((tier["name_en"].as_str(), tier["spend"].as_str()), (Some("Gold"), Some("0.000")), "{tier}");
    assert!(tier["grace_until"].is_string(), "{tier}");

    // Removing the tiers removes every customer's tier.
    let (status, saved) = shop.tiers(json!({"tiers": []})).await;
    assert_eq!((status, saved["data"]["tiers"].as_array().map(Vec::len)), (200, Some(0)), "{saved}");
    assert!(shop.tier_of(customer).await.is_null());
    assert_eq!(shop.app.scalar("SELECT COUNT(*) AS n FROM customers WHERE tier_level IS NOT NULL"), 0);
}

async fn tiers_are_checked_and_bad_input_changes_nothing(backend: Backend) {
    let Some(shop) = Shop::open(backend, tripoli(today(), 10, 0)).await else { return };
    assert_eq!(shop.tiers(ladder()).await.0, 200);
    let level = |en: &str, ar: &str, spend: Value, multiplier: Value| json!({"name_en": en, "name_ar": ar, "min_spend": spend, "multiplier": multiplier});
    for (lang, name, order, multiplier) in [
        (
            "en",
            "Name the tier in English and Arabic",
            "Each tier needs a higher spend than the one before",
            "The multiplier must be 1 to 10, in steps of 0.1",
        ),
        (
            "ar",
            "اكتب اسم المستوى بالعربية والإنجليزية",
            "يجب أن يكون إنفاق كل مستوى أعلى من المستوى الذي قبله",
            "يجب أن يكون المضاعف من 1 إلى 10، بخطوات 0.1",
        ),
    ] {
        let body = json!({"tiers": [
            level("Gold", " ", json!("500"), json!("1.5")),
            level("Silver", "فضي", json!("100"), json!("1.55")),
            level("Top", "قمة", json!("900"), json!(11)),
        ]});
        let request = shop
            .app
            .client
            .put(shop.app.url("/api/v1/loyalty-tiers"))
            .bearer_auth(&shop.owner)
            .header("Accept-Language", lang);
        let (status, answer) = read(request.json(&body).send().await).await;
        assert_eq!(status, 422, "{answer}");
        let errors = &answer["errors"];
        assert_eq!(errors["tiers.0.name_ar"][0].as_str(), Some(name), "{answer}");
        assert_eq!(errors["tiers.1.min_spend"][0].as_str(), Some(order), "{answer}");
        assert_eq!(errors["tiers.1.multiplier"][0].as_str(), Some(multiplier), "{answer}");
        assert_eq!(errors["tiers.2.multiplier"][0].as_str(), Some(multiplier), "{answer}");
        assert!(errors["tiers.2.min_spend"].is_null(), "900 is above 100: {answer}");
    }
    let five: Vec<Value> =
        (1..=5).map(|i| level(&format!("L{i}"), &format!("م{i}"), json!(i * 100), json!("1"))).collect();
    let (status, answer) = shop.tiers(json!({"tiers": five})).await;
    assert_eq!((status, answer["errors"]["tiers"][0].as_str()), (422, Some("At most 4 tiers")), "{answer}");
    for bad in [
        json!({"tiers": [level("A", "ا", json!("-1"), json!("1"))]}),
        json!({"tiers": [level("A", "ا", json!("abc"), json!("1"))]}),
        json!({"tiers": [level("A", "ا", json!("1"), json!("0.9"))]}),
        json!({"tiers": [{"name_en": "A", "name_ar": "ا", "min_spend": "1"}]}),
        json!({"tiers": [{"name_en": "A", "name_ar": "ا", "min_spend": "1", "multiplier": "1", "color": "gold"}]}),
        json!({"tiers": "gold"}),
        json!({}),
    ] {
        let (status, answer) = shop.tiers(bad.clone()).await;
        assert_eq!(status, 422, "{bad}: {answer}");
    }
    // Nothing changed.
    let (_, read) = shop.app.get("/api/v1/loyalty-tiers", Some(&shop.owner)).await;
    assert_eq!(read["data"]["tiers"][0]["name_en"], "Gold", "{read}");
    assert_eq!(read["data"]["tiers"].as_array().map(Vec::len), Some(2), "{read}");
    // Saves at once replace the ladder one after the other: each answers 200, one ladder stays.
    let saves = futures_util::future::join_all((0..6).map(|_| shop.tiers(ladder()))).await;
    assert!(saves.iter().all(|(status, _)| *status == 200), "{saves:?}");
    assert_eq!(shop.app.scalar("SELECT COUNT(*) AS n FROM loyalty_tiers"), 2);
    // Only the owner sets them.
    let (status, _) = shop.app.put("/api/v1/loyalty-tiers", Some(&shop.cashier), &json!({"tiers": []})).await;
    assert_eq!(status, 403);
    assert_eq!(shop.app.scalar("SELECT COUNT(*) AS n FROM loyalty_tiers"), 2);
}

/// The owner's customers file says each customer's tier (in the file's language) and the stamps
/// on the store's card that count at the export's moment.
async fn the_customers_export_names_the_tier_and_counts_the_stamps(backend: Backend) {
    let Some(shop) = Shop::open(backend, tripoli(today() + Duration::days(3), 10, 0)).await else { return };
    let (status, body) = shop.tiers(ladder()).await;
    assert_eq!(status, 200, "{body}");
    let store = shop.app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let card = json!({"min_total": "10", "stamps_required": 5, "reward_name": "Coffee", "expires_after_days": 30});
    let (status, body) = shop.app.put(&format!("/api/v1/stores/{store}/stamp-card"), Some(&shop.owner), &card).await;
    assert_eq!(status, 200, "{body}");
    let gold = shop.tier_customer("0912000771").await;
    shop.tier_sale(gold, "150").await;
    shop.tier_sale(gold, "20").await;
    let plain = shop.tier_customer("0912000772").await;
    shop.tier_sale(plain, "5").await;

    let path = format!("/api/v1/exports/customers?store_id={store}");
    for (lang, tier, heading, stamps) in [("en", "Gold", "Tier", "Stamps"), ("ar", "ذهبي", "المستوى", "الأختام")]
    {
        let file = export(&shop.app, &shop.owner, &path, lang).await;
        assert_eq!(file.status, 200);
        let (head, rows) = records(&file.text);
        let at = |name: &str| head.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name}: {head:?}"));
        let (tier_at, stamps_at) = (at(heading), at(stamps));
        let row = |id: i64| rows.iter().find(|r| r[0] == id.to_string()).cloned().unwrap_or_default();
        assert_eq!((row(gold)[tier_at].as_str(), row(gold)[stamps_at].as_str()), (tier, "2"), "{lang}");
        assert_eq!((row(plain)[tier_at].as_str(), row(plain)[stamps_at].as_str()), ("", "0"), "{lang}");
    }
    // A stamp past its 30 days no longer counts.
    shop.app.config.clock.set(tripoli(today() + Duration::days(40), 10, 0));
    let (head, rows) = records(&export(&shop.app, &shop.owner, &path, "en").await.text);
    let at = |name: &str| head.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name}: {head:?}"));
    let line = rows.iter().find(|r| r[0] == gold.to_string()).cloned().unwrap_or_default();
    assert_eq!((line[at("Tier")].as_str(), line[at("Stamps")].as_str()), ("Gold", "0"), "{line:?}");
}

/// Each instance keeps an owner's ladder, stamp cards and webhook subscriptions between sales
/// (`use_cases::programs`); a change written by anything (another instance, an operator's SQL,
/// here raw SQL beside the server) moves the owner's version and reaches the very next sale.
async fn a_change_written_anywhere_reaches_the_next_sale(backend: Backend) {
    let d0 = today() + Duration::days(3);
    let Some(shop) = Shop::open(backend, tripoli(d0, 10, 0)).await else { return };
    let customer = shop.tier_customer("+218910000531").await;
    let store = shop.app.scalar(&format!("SELECT store_id AS n FROM customers WHERE id = {customer}"));
    let owner = shop.app.scalar(&format!("SELECT owner_id AS n FROM stores WHERE id = {store}"));
    let version = || shop.app.scalar(&format!("SELECT programs_version AS n FROM users WHERE id = {owner}"));
    let events = || shop.app.scalar(&format!("SELECT COUNT(*) AS n FROM webhook_events WHERE owner_id = {owner}"));
    let stamps_of = |sale: &Value| sale["data"]["stamps"]["count"].as_i64();
    let sale = |lyd: &'static str| {
        let body = json!({"customer_id": customer, "total_cost": lyd});
        let app = &shop.app;
        let cashier = shop.cashier.clone();
        async move {
            let (status, body) = app.post("/api/v1/invoices", Some(&cashier), &body).await;
            assert_eq!(status, 201, "{body}");
            body
        }
    };
    // Nothing on: plain points, kept as the owner's programs at its version.
    let first = sale("10").await;
    assert_eq!((first["data"]["points_added"].as_i64(), stamps_of(&first)), (Some(10), None), "{first}");
    let (before, events_before) = (version(), events());

    // A ladder saved through the API: the next sale multiplies.
    let gold = json!({"tiers": [{"name_en": "Gold", "name_ar": "ذهبي", "min_spend": "1", "multiplier": "2"}]});
    assert_eq!(shop.tiers(gold).await.0, 200);
    assert!(version() > before, "saving the ladder moves the version");
    assert_eq!(sale("10").await["data"]["points_added"], 20);
    // The multiplier changed by SQL, as another instance's save would: the next sale sees it.
    shop.app.execute("UPDATE loyalty_tiers SET multiplier_milli = 3000");
    assert_eq!(sale("10").await["data"]["points_added"], 30);

    // A stamp card written beside the server: the next sale earns a stamp; removed, none.
    shop.app.execute(&format!(
        "INSERT INTO stamp_cards (store_id, min_total_dirhams, stamps_required, reward_name, updated_at) \
         VALUES ({store}, 5000, 5, 'Coffee', '2026-01-01 00:00:00')"
    ));
    let stamped = sale("10").await;
    assert_eq!((stamps_of(&stamped), stamped["data"]["stamps"]["required"].as_i64()), (Some(1), Some(5)), "{stamped}");
    shop.app.execute(&format!("DELETE FROM stamp_cards WHERE store_id = {store}"));
    assert_eq!(stamps_of(&sale("10").await), None);

    // An endpoint taking invoice.created: the next sale writes its event; an endpoint's
    // sequence moving (every delivery) leaves the version alone; deleted, no event.
    assert_eq!(events(), events_before, "no endpoint, no event");
    shop.app.execute(&format!(
        "INSERT INTO webhook_endpoints (owner_id, url, events, secret, is_active, created_at, updated_at, \
         last_sequence, mode) VALUES ({owner}, 'http://127.0.0.1:9/hooks', 'invoice.created', 'whsec_x', \
         {true_}, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 0, 'live')",
        true_ = if backend == Backend::Sqlite { "1" } else { "TRUE" }
    ));
    sale("10").await;
    assert_eq!(events(), events_before + 1, "the new endpoint's event");
    let kept = version();
    shop.app.execute("UPDATE webhook_endpoints SET last_sequence = last_sequence + 5");
    assert_eq!(version(), kept, "a sequence number is no change of subscription");
    shop.app.execute("UPDATE webhook_endpoints SET deleted_at = '2026-01-02 00:00:00'");
    sale("10").await;
    assert_eq!(events(), events_before + 1, "a deleted endpoint takes nothing");
    shop.app.assert_ledger_matches_balances();
}
