//! Points that expire (issue #19, item 1), with the server's clock moved: lots earned under the
//! owner's setting expire on their day, the oldest first, once a day across instances; a
//! customer who spends on the expiry day before the daily run finds those points gone; a change
//! of the setting applies to later points only. On both backends, from the demo data.

use chrono::{Duration, NaiveDate, NaiveDateTime};
use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    points_expire_on_their_day_oldest_first,
    spends_and_the_daily_run_at_once_expire_once,
    the_expiry_setting_is_checked
);

/// `hour:minute` on a Tripoli day, as UTC (Libya keeps UTC+2 all year).
fn tripoli(day: NaiveDate, hour: u32, minute: u32) -> NaiveDateTime {
    day.and_hms_opt(hour, minute, 0).unwrap_or_default() - Duration::hours(2)
}

struct Shop {
    app: TestApp,
    owner: String,
    cashier: String,
}

impl Shop {
    /// The demo, its sign-ins lasting years so the clock can move months ahead, at `start`.
    async fn open(backend: Backend, start: NaiveDateTime) -> Option<Shop> {
        let app = TestApp::spawn_with(backend, |c| {
            c.demo_mode = true;
            c.session_ttl = Duration::days(3650);
        })
        .await?;
        app.config.clock.set(start);
        let owner = app.login("owner@demo.ly", "demo1234").await;
        let cashier = app.login("cashier@demo.ly", "demo1234").await;
        Some(Shop { app, owner, cashier })
    }

    fn at(&self, t: NaiveDateTime) {
        self.app.config.clock.set(t);
    }

    async fn settings(&self, body: Value) -> (u16, Value) {
        self.app.put("/api/v1/loyalty-config", Some(&self.owner), &body).await
    }

    async fn customer(&self, phone: &str) -> i64 {
        let body = json!({"name": "Expiry Customer", "phone": phone});
        let (status, body) = self.app.post("/api/v1/customers", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        body["data"]["id"].as_i64().unwrap_or_default()
    }

    /// A sale of `lyd` (the demo earns a point per LYD from 5 LYD).
    async fn sale(&self, customer: i64, lyd: &str) {
        let body = json!({"customer_id": customer, "total_cost": lyd});
        let (status, body) = self.app.post("/api/v1/invoices", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
    }

    async fn detail(&self, customer: i64) -> Value {
        let (status, body) = self.app.get(&format!("/api/v1/customers/{customer}"), Some(&self.cashier)).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    fn balance(&self, customer: i64) -> i64 {
        self.app.scalar(&format!("SELECT loyalty_points AS n FROM customers WHERE id = {customer}"))
    }

    fn lots(&self, customer: i64) -> Vec<i64> {
        (0..self.app.scalar(&format!("SELECT COUNT(*) AS n FROM point_lots WHERE customer_id = {customer}")))
            .map(|i| {
                self.app.scalar(&format!(
                    "SELECT remaining AS n FROM point_lots WHERE customer_id = {customer} ORDER BY id LIMIT 1 OFFSET {i}"
                ))
            })
            .collect()
    }

    /// The daily run, as the jobs thread calls it.
    async fn run_daily(&self) -> Option<loyalty_application::use_cases::expiry::ExpiryRun> {
        let services = self.app.state.services.clone();
        tokio::task::spawn_blocking(move || loyalty_application::use_cases::expiry::run_daily(&services))
            .await
            .unwrap_or_else(|e| panic!("join: {e}"))
            .unwrap_or_else(|e| panic!("expiry: {e}"))
    }
}

async fn points_expire_on_their_day_oldest_first(backend: Backend) {
    // Forty days ahead: the demo's own expiring points (13 to 31 days ahead) are due by then.
    let today = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc());
    let d0 = today + Duration::days(40);
    let Some(shop) = Shop::open(backend, tripoli(d0, 0, 30)).await else { return };
    let flushed = shop.run_daily().await.unwrap_or_else(|| panic!("the first run of the day claims the job"));
    assert!(flushed.customers >= 1 && flushed.points > 0, "the demo's expiring points: {flushed:?}");
    assert_eq!(shop.run_daily().await, None, "once a day, whichever instance asks");
    let due = format!("SELECT COUNT(*) AS n FROM point_lots WHERE remaining > 0 AND expires_on <= '{d0}'");
    assert_eq!(shop.app.scalar(&due), 0, "nothing due is left");
    shop.app.assert_ledger_matches_balances();

    // Points earned from now expire a month later.
    shop.at(tripoli(d0, 10, 0));
    let (status, body) = shop.settings(json!({"points_expiry_months": 1})).await;
    assert_eq!((status, body["data"]["points_expiry_months"].as_i64()), (200, Some(1)), "{body}");
    let (x, y) = (shop.customer("+218910000301").await, shop.customer("+218910000302").await);
    shop.sale(x, "100").await; // lot A: 100 points
    shop.sale(y, "40").await; // 40 points
    let a_day = d0.checked_add_months(chrono::Months::new(1)).unwrap_or(d0);

    // Ten days on, 50 more (lot B, a month after that); then the owner turns expiry off, which
    // leaves A and B as they were, and 30 points after it never expire (lot C).
    shop.at(tripoli(d0 + Duration::days(10), 10, 0));
    shop.sale(x, "50").await;
    assert_eq!(shop.settings(json!({"points_expiry_months": null})).await.0, 200);
    shop.sale(x, "30").await;
    let dates: Vec<i64> = ["IS NULL", "IS NOT NULL"]
        .iter()
        .map(|c| {
            shop.app.scalar(&format!("SELECT COUNT(*) AS n FROM point_lots WHERE customer_id = {x} AND expires_on {c}"))
        })
        .collect();
    assert_eq!(dates, [1, 2], "A and B keep their expiry; C, earned after the change, has none");
    assert_eq!(shop.lots(x), [100, 50, 30]);

    // Twenty days on: a reward of 50 points uses the oldest points first.
    shop.at(tripoli(d0 + Duration::days(20), 10, 0));
    let coffee = shop.app.scalar("SELECT id AS n FROM rewards WHERE points_required = 50");
    let body = json!({"customer_id": x, "reward_id": coffee});
    assert_eq!(shop.app.post("/api/v1/redemptions", Some(&shop.cashier), &body).await.0, 201);
    assert_eq!(shop.lots(x), [50, 50, 30]);

    // The day before A's day: nothing of theirs expires; the customer page, the public lookup
    // and the POS (the same customer answer) say what expires, and when.
    shop.at(tripoli(a_day - Duration::days(1), 0, 30));
    let run = shop.run_daily().await.unwrap_or_default();
    assert_eq!((shop.balance(x), shop.balance(y)), (130, 40), "{run:?}");
    let next = &shop.detail(x).await["next_expiry"];
    assert_eq!((next["points"].as_i64(), next["on"].as_str()), (Some(50), Some(a_day.to_string().as_str())));
    let (status, lookup) = shop.app.post("/api/v1/public/points", None, &json!({"phone": "0910000302"})).await;
    assert_eq!(status, 200, "{lookup}");
    let store = &lookup["data"]["stores"][0];
    assert_eq!((store["points"].as_i64(), store["next_expiry"]["points"].as_i64()), (Some(40), Some(40)));
    assert_eq!(store["next_expiry"]["on"].as_str(), Some(a_day.to_string().as_str()));

    // A's day, ten past midnight, before the daily run: the customer uses 60 points as money.
    // A's last 50 are gone first (an `expired` row), so the 60 come from B and then C.
    shop.at(tripoli(a_day, 0, 10));
    let body = json!({"customer_id": x, "points": 60});
    let (status, body) = shop.app.post("/api/v1/redemptions", Some(&shop.cashier), &body).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["customer_total_points"].as_i64(), Some(20), "{body}");
    assert_eq!(shop.lots(x), [0, 0, 20]);
    let (_, history) = shop.app.get(&format!("/api/v1/customers/{x}/history"), Some(&shop.cashier)).await;
    let kinds: Vec<(&str, i64)> = history["data"]
        .as_array()
        .map(|rows| {
            rows.iter().take(2).map(|r| (r["kind"].as_str().unwrap_or(""), r["delta"].as_i64().unwrap_or(0))).collect()
        })
        .unwrap_or_default();
    assert_eq!(kinds, [("redemption", -60), ("expired", -50)], "{history}");
    assert!(history["data"][1]["actor"].is_null(), "the server's own change: {history}");
    // The same customer asking for more than remains is refused, and nothing changes.
    let body = json!({"customer_id": x, "points": 50});
    assert_eq!(shop.app.post("/api/v1/redemptions", Some(&shop.cashier), &body).await.0, 409);
    assert_eq!(shop.balance(x), 20);

    // The daily run, twenty minutes later: Y's 40 expire; X has nothing left due.
    shop.at(tripoli(a_day, 0, 30));
    let run = shop.run_daily().await.unwrap_or_else(|| panic!("a new day's run"));
    assert_eq!((run.customers, run.points), (1, 40));
    assert_eq!((shop.balance(x), shop.balance(y)), (20, 0));
    assert!(shop.detail(y).await["next_expiry"].is_null());
    assert_eq!(shop.app.scalar("SELECT runs AS n FROM jobs WHERE name = 'expire_points'"), 3);
    shop.at(tripoli(a_day, 9, 0));
    assert_eq!(shop.run_daily().await, None, "once a Tripoli day");

    // B's day: B is spent, C never expires.
    shop.at(tripoli(a_day + Duration::days(12), 1, 0));
    let run = shop.run_daily().await.unwrap_or_default();
    assert_eq!((run.customers, shop.balance(x)), (0, 20));

    // The owner's feed says so; the liability chart counts the month's expired points.
    let (_, feed) = shop
        .app
        .get("/api/v1/store-owner/pos-activities?activity_type=customer&date_range=90d", Some(&shop.owner))
        .await;
    let expired = feed["data"].as_array().and_then(|rows| rows.iter().find(|r| r["kind"] == "points_expired")).cloned();
    let expired = expired.unwrap_or_else(|| panic!("no points_expired entry: {feed}"));
    assert_eq!(
        (expired["details"]["customers"].as_str(), expired["details"]["points"].as_str()),
        (Some("1"), Some("40"))
    );
    let (_, liability) = shop.app.get("/api/v1/store-owner/liability", Some(&shop.owner)).await;
    let month = a_day.format("%Y-%m").to_string();
    let this_month = liability["data"]["months"]
        .as_array()
        .and_then(|months| months.iter().find(|m| m["month"] == month.as_str()))
        .map(|m| m["expired"].as_i64().unwrap_or(0));
    assert!(this_month >= Some(90), "X's 50 and Y's 40 expired in {month}: {liability}");
    shop.app.assert_ledger_matches_balances();
}

/// On the expiry day, eight tills spending at once and the daily run: the due points expire
/// once, the rest is spent at most once.
async fn spends_and_the_daily_run_at_once_expire_once(backend: Backend) {
    let today = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc());
    let d0 = today + Duration::days(40);
    let Some(shop) = Shop::open(backend, tripoli(d0, 10, 0)).await else { return };
    assert_eq!(shop.settings(json!({"points_expiry_months": 1})).await.0, 200);
    let z = shop.customer("+218910000303").await;
    shop.sale(z, "200").await;
    shop.at(tripoli(d0 + Duration::days(5), 10, 0));
    shop.sale(z, "300").await;
    let a_day = d0.checked_add_months(chrono::Months::new(1)).unwrap_or(d0);
    shop.at(tripoli(a_day, 0, 10));
    let spend = || async {
        let body = json!({"customer_id": z, "points": 50});
        shop.app.post("/api/v1/redemptions", Some(&shop.cashier), &body).await.0
    };
    let (statuses, run) = tokio::join!(futures_util::future::join_all((0..8).map(|_| spend())), shop.run_daily());
    assert!(run.is_some());
    let used = statuses.iter().filter(|s| **s == 201).count();
    assert_eq!((used, statuses.iter().filter(|s| **s == 409).count()), (6, 2), "{statuses:?}");
    let expired = format!("SELECT COUNT(*) AS n FROM points_ledger WHERE customer_id = {z} AND kind = 'expired'");
    assert_eq!(shop.app.scalar(&expired), 1);
    assert_eq!(shop.balance(z), 0);
    shop.app.assert_ledger_matches_balances();
}

async fn the_expiry_setting_is_checked(backend: Backend) {
    let Some(shop) = Shop::open(backend, chrono::Utc::now().naive_utc()).await else { return };
    for bad in [json!(0), json!(121), json!(-1), json!("six"), json!(1.5)] {
        let (status, body) = shop.settings(json!({"points_expiry_months": bad})).await;
        assert_eq!(status, 422, "{bad}: {body}");
    }
    let (_, body) = shop.settings(json!({"points_expiry_months": 121})).await;
    let detail = (body["details"][0]["field"].as_str(), body["details"][0]["code"].as_str());
    assert_eq!(detail, (Some("points_expiry_months"), Some("expiry_months_range")), "{body}");
    let (_, now) = shop.app.get("/api/v1/loyalty-config", Some(&shop.owner)).await;
    assert_eq!(now["data"]["points_expiry_months"].as_i64(), Some(1), "the demo's month, unchanged: {now}");
    let (status, body) = shop.settings(json!({"points_expiry_months": 120})).await;
    assert_eq!((status, body["data"]["points_expiry_months"].as_i64()), (200, Some(120)));
    let (status, body) = shop.settings(json!({"cashier_daily_points": 500})).await;
    assert_eq!((status, body["data"]["points_expiry_months"].as_i64()), (200, Some(120)), "left out, kept");
    // A cashier may not change it.
    let (status, _) =
        shop.app.put("/api/v1/loyalty-config", Some(&shop.cashier), &json!({"points_expiry_months": 3})).await;
    assert_eq!(status, 403);
}
