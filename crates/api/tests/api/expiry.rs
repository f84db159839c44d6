//! Points that expire (issue #19, item 1), with the server's clock moved: lots earned under the
//! owner's setting can be used through their last day (a customer redeeming that day spends
//! them, the oldest first) and expire after it, once a day across instances; a customer who
//! spends after midnight before the daily run finds them gone; a change of the setting applies
//! to later points only. On both backends, from the demo data.

use chrono::{Duration, NaiveDate, NaiveDateTime};
use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    points_expire_on_their_day_oldest_first,
    spends_and_the_daily_run_at_once_expire_once,
    the_expiry_setting_is_checked,
    the_owner_sees_what_expires_in_the_coming_week_month_and_quarter
);

/// `hour:minute` on a Tripoli day, as UTC (Libya keeps UTC+2 all year).
pub(crate) fn tripoli(day: NaiveDate, hour: u32, minute: u32) -> NaiveDateTime {
    day.and_hms_opt(hour, minute, 0).unwrap_or_default() - Duration::hours(2)
}

/// The demo with the server's clock in hand (birthdays use it too).
pub(crate) struct Shop {
    pub(crate) app: TestApp,
    pub(crate) owner: String,
    pub(crate) cashier: String,
}

impl Shop {
    /// The demo, its sign-ins lasting years so the clock can move months ahead, at `start`.
    pub(crate) async fn open(backend: Backend, start: NaiveDateTime) -> Option<Shop> {
        let app = TestApp::spawn_with(backend, |c| {
            c.demo_mode = true;
            c.session_ttl = Duration::days(3650);
            // Tiers' tests subscribe a loopback endpoint.
            c.webhook_allow_private = true;
        })
        .await?;
        app.config.clock.set(start);
        let owner = app.login("owner@demo.ly", "demo1234").await;
        let cashier = app.login("cashier@demo.ly", "demo1234").await;
        Some(Shop { app, owner, cashier })
    }

    pub(crate) fn at(&self, t: NaiveDateTime) {
        self.app.config.clock.set(t);
    }

    pub(crate) async fn settings(&self, body: Value) -> (u16, Value) {
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

    pub(crate) fn balance(&self, customer: i64) -> i64 {
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
    // Forty days ahead: the demo's own expiring points (13 to 31 days ahead) are past by then.
    let today = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc());
    let d0 = today + Duration::days(40);
    let Some(shop) = Shop::open(backend, tripoli(d0, 0, 30)).await else { return };
    let flushed = shop.run_daily().await.unwrap_or_else(|| panic!("the first run of the day claims the job"));
    assert!(flushed.customers >= 1 && flushed.points > 0, "the demo's expiring points: {flushed:?}");
    assert_eq!(shop.run_daily().await, None, "once a day, whichever instance asks");
    let due = format!("SELECT COUNT(*) AS n FROM point_lots WHERE remaining > 0 AND expires_on < '{d0}'");
    assert_eq!(shop.app.scalar(&due), 0, "nothing past its last day is left");
    shop.app.assert_ledger_matches_balances();

    // Points earned from now can be used for a month: their last day is a month later.
    shop.at(tripoli(d0, 10, 0));
    let (status, body) = shop.settings(json!({"points_expiry_months": 1})).await;
    assert_eq!((status, body["data"]["points_expiry_months"].as_i64()), (200, Some(1)), "{body}");
    let x = shop.customer("+218910000301").await;
    let y = shop.customer("+218910000302").await;
    let z = shop.customer("+218910000304").await;
    shop.sale(x, "100").await; // X's lot A: 100 points
    shop.sale(y, "40").await; // Y's first 40
    shop.sale(z, "30").await; // Z's 30, left alone until they expire
    let last_day = d0.checked_add_months(chrono::Months::new(1)).unwrap_or(d0);

    // Ten days on, 50 more each for X (lot B) and Y, a month after that; then the owner turns
    // expiry off, which leaves them as they were, and X's next 30 never expire (lot C).
    shop.at(tripoli(d0 + Duration::days(10), 10, 0));
    shop.sale(x, "50").await;
    shop.sale(y, "60").await;
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

    // The day before A's last day: nothing expires; the customer page, the public lookup and the
    // POS (the same customer answer) say what expires, and on which day.
    shop.at(tripoli(last_day - Duration::days(1), 0, 30));
    shop.run_daily().await;
    assert_eq!((shop.balance(x), shop.balance(y), shop.balance(z)), (130, 100, 30));
    let next = &shop.detail(x).await["next_expiry"];
    assert_eq!((next["points"].as_i64(), next["on"].as_str()), (Some(50), Some(last_day.to_string().as_str())));
    let (status, lookup) = shop.app.post("/api/v1/public/points", None, &json!({"phone": "0910000302"})).await;
    assert_eq!(status, 200, "{lookup}");
    let store = &lookup["data"]["stores"][0];
    assert_eq!((store["points"].as_i64(), store["next_expiry"]["points"].as_i64()), (Some(100), Some(40)));
    assert_eq!(store["next_expiry"]["on"].as_str(), Some(last_day.to_string().as_str()));

    // A's last day, in the evening: the points are still good. X uses 60 as money: A's last 50
    // first, then 10 of B. The run that night has nothing of X's left to expire.
    shop.at(tripoli(last_day, 21, 0));
    shop.run_daily().await;
    assert_eq!(shop.balance(x), 130, "usable through their last day");
    let body = json!({"customer_id": x, "points": 60});
    let (status, body) = shop.app.post("/api/v1/redemptions", Some(&shop.cashier), &body).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["customer_total_points"].as_i64(), Some(70), "{body}");
    assert_eq!(shop.lots(x), [0, 40, 30]);

    // Ten past midnight, before the daily run: Y's first 40 are past their last day. Y spends a
    // reward of 50: the 40 go first (an `expired` entry, no actor), the 50 come from the 60.
    shop.at(tripoli(last_day + Duration::days(1), 0, 10));
    let body = json!({"customer_id": y, "reward_id": coffee});
    let (status, body) = shop.app.post("/api/v1/redemptions", Some(&shop.cashier), &body).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["customer_total_points"].as_i64(), Some(10), "{body}");
    let (_, history) = shop.app.get(&format!("/api/v1/customers/{y}/history"), Some(&shop.cashier)).await;
    let kinds: Vec<(&str, i64)> = history["data"]
        .as_array()
        .map(|rows| {
            rows.iter().take(2).map(|r| (r["kind"].as_str().unwrap_or(""), r["delta"].as_i64().unwrap_or(0))).collect()
        })
        .unwrap_or_default();
    assert_eq!(kinds, [("redemption", -50), ("expired", -40)], "{history}");
    assert!(history["data"][1]["actor"].is_null(), "the server's own change: {history}");
    // Asking for more than remains is refused, and nothing changes.
    let body = json!({"customer_id": y, "reward_id": coffee});
    assert_eq!(shop.app.post("/api/v1/redemptions", Some(&shop.cashier), &body).await.0, 409);
    assert_eq!(shop.balance(y), 10);

    // The daily run, twenty minutes later: Z's 30 expire; X and Y have nothing left due.
    shop.at(tripoli(last_day + Duration::days(1), 0, 30));
    let run = shop.run_daily().await.unwrap_or_else(|| panic!("a new day's run"));
    assert_eq!((run.customers, run.points), (1, 30));
    assert_eq!((shop.balance(x), shop.balance(y), shop.balance(z)), (70, 10, 0));
    assert!(shop.detail(z).await["next_expiry"].is_null());
    shop.at(tripoli(last_day + Duration::days(1), 9, 0));
    assert_eq!(shop.run_daily().await, None, "once a Tripoli day");

    // The day after B's last day: the 40 left of B expire, C never does.
    let b_last = (d0 + Duration::days(10)).checked_add_months(chrono::Months::new(1)).unwrap_or(d0);
    shop.at(tripoli(b_last + Duration::days(1), 1, 0));
    let run = shop.run_daily().await.unwrap_or_default();
    assert_eq!((shop.balance(x), shop.balance(y)), (30, 0), "{run:?}");
    assert_eq!(shop.lots(x), [0, 0, 30]);

    // The owner's feed says so; the liability chart counts each month's expired points.
    let (_, feed) = shop
        .app
        .get("/api/v1/store-owner/pos-activities?activity_type=customer&date_range=90d", Some(&shop.owner))
        .await;
    let expired: Vec<(Option<&str>, Option<&str>)> = feed["data"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter(|r| r["kind"] == "points_expired")
                .map(|r| (r["details"]["customers"].as_str(), r["details"]["points"].as_str()))
                .collect()
        })
        .unwrap_or_default();
    assert!(expired.contains(&(Some("1"), Some("30"))), "Z's night: {feed}");
    let (_, liability) = shop.app.get("/api/v1/store-owner/liability", Some(&shop.owner)).await;
    let expired_in = |day: NaiveDate| {
        let month = day.format("%Y-%m").to_string();
        liability["data"]["months"]
            .as_array()
            .and_then(|months| months.iter().find(|m| m["month"] == month.as_str()))
            .map(|m| m["expired"].as_i64().unwrap_or(0))
            .unwrap_or(0)
    };
    let (night, b_night) = (last_day + Duration::days(1), b_last + Duration::days(1));
    let counted = if night.format("%Y-%m").to_string() == b_night.format("%Y-%m").to_string() {
        expired_in(night)
    } else {
        expired_in(night) + expired_in(b_night)
    };
    assert!(counted >= 40 + 30 + 40, "Y's 40, Z's 30 and X's 40: {liability}");
    shop.app.assert_ledger_matches_balances();
}

/// The night after the last day, eight tills spending at once and the daily run: the points
/// past their last day expire once, the rest is spent at most once.
async fn spends_and_the_daily_run_at_once_expire_once(backend: Backend) {
    let today = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc());
    let d0 = today + Duration::days(40);
    let Some(shop) = Shop::open(backend, tripoli(d0, 10, 0)).await else { return };
    assert_eq!(shop.settings(json!({"points_expiry_months": 1})).await.0, 200);
    let z = shop.customer("+218910000303").await;
    shop.sale(z, "200").await;
    shop.at(tripoli(d0 + Duration::days(5), 10, 0));
    shop.sale(z, "300").await;
    let last_day = d0.checked_add_months(chrono::Months::new(1)).unwrap_or(d0);
    shop.at(tripoli(last_day + Duration::days(1), 0, 10));
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

async fn the_owner_sees_what_expires_in_the_coming_week_month_and_quarter(backend: Backend) {
    // Forty days ahead the demo's own expiring points are past: flushed by the daily run.
    let today = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc());
    let d0 = today + Duration::days(40);
    let Some(shop) = Shop::open(backend, tripoli(d0, 0, 30)).await else { return };
    shop.run_daily().await;
    let months = |day: NaiveDate, n: u32| day.checked_add_months(chrono::Months::new(n)).unwrap_or(day);

    // X earns 100 for a month on d0; 25 days on, Y earns 40 for a month and Z 30 for three.
    shop.at(tripoli(d0, 10, 0));
    assert_eq!(shop.settings(json!({"points_expiry_months": 1})).await.0, 200);
    let x = shop.customer("+218910000311").await;
    let y = shop.customer("+218910000312").await;
    let z = shop.customer("+218910000313").await;
    shop.sale(x, "100").await;
    let d25 = d0 + Duration::days(25);
    shop.at(tripoli(d25, 10, 0));
    shop.sale(y, "40").await;
    assert_eq!(shop.settings(json!({"points_expiry_months": 3})).await.0, 200);
    shop.sale(z, "30").await;
    let last = [(x, months(d0, 1), 100), (y, months(d25, 1), 40), (z, months(d25, 3), 30)];

    // Seen on d0 + 28: each window holds the points whose last day is before its end.
    let seen = d0 + Duration::days(28);
    shop.at(tripoli(seen, 9, 0));
    let (status, body) = shop.app.get("/api/v1/store-owner/liability", Some(&shop.owner)).await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    let windows: Vec<(i64, i64, i64)> = data["expiring"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|w| {
            (w["days"].as_i64().unwrap_or(0), w["points"].as_i64().unwrap_or(-1), w["customers"].as_i64().unwrap_or(-1))
        })
        .collect();
    let expected: Vec<(i64, i64, i64)> = [7, 30, 90]
        .iter()
        .map(|&days| {
            let within: Vec<_> = last.iter().filter(|(_, day, _)| *day < seen + Duration::days(days)).collect();
            (days, within.iter().map(|(_, _, p)| p).sum(), within.len() as i64)
        })
        .collect();
    assert_eq!(windows, expected, "{body}");
    assert!(expected[0].1 == 100 && expected[2].1 == 170, "the scenario spans the windows: {expected:?}");
    // The same figures from the lots themselves.
    let oracle = |days: i64| {
        shop.app.scalar(&format!(
            "SELECT CAST(COALESCE(SUM(l.remaining), 0) AS BIGINT) AS n FROM point_lots l JOIN customers c ON c.id = l.customer_id \
             WHERE c.deleted_at IS NULL AND l.remaining > 0 AND l.expires_on >= '{seen}' AND l.expires_on < '{}'",
            seen + Duration::days(days)
        ))
    };
    assert_eq!([oracle(7), oracle(30), oracle(90)], [expected[0].1, expected[1].1, expected[2].1]);
    // Per store: all three are the cashier's store's, and the stores add up to the whole.
    let per_store: i64 = data["stores"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|s| s["expiring"][2]["points"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(per_store, 170);
    // With a point value, each window says what its points are worth; the whole is the stores'.
    assert_eq!(data["point_value"].is_null(), data["expiring"][0]["value"].is_null(), "{body}");
    // Whom to remind: those within 30 days, soonest first, with the first last day.
    let listed: Vec<(i64, i64, String)> = data["expiring_customers"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|c| {
            (
                c["customer_id"].as_i64().unwrap_or(0),
                c["points"].as_i64().unwrap_or(0),
                c["last_day"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let soon: Vec<(i64, i64, String)> = last
        .iter()
        .filter(|(_, day, _)| *day < seen + Duration::days(30))
        .map(|(c, day, p)| (*c, *p, day.format("%Y-%m-%d").to_string()))
        .collect();
    assert_eq!(listed, soon, "{body}");
    assert_eq!(data["expiring_customers_total"].as_i64(), Some(soon.len() as i64));

    // A deleted customer's points are not owed: they leave the forecast (Z holds points, so
    // the owner takes them first, as the books require).
    let taken = json!({"points": -30, "reason": "moved away"});
    assert_eq!(shop.app.put(&format!("/api/v1/customers/{z}/points"), Some(&shop.owner), &taken).await.0, 200);
    assert_eq!(shop.app.delete(&format!("/api/v1/customers/{z}"), Some(&shop.owner)).await.0, 204);
    let (_, body) = shop.app.get("/api/v1/store-owner/liability", Some(&shop.owner)).await;
    assert_eq!(body["data"]["expiring"][2]["points"].as_i64(), Some(expected[2].1 - 30), "{body}");
    // And on the last day itself the points still count: usable through that day.
    shop.at(tripoli(months(d0, 1), 23, 0));
    let (_, body) = shop.app.get("/api/v1/store-owner/liability", Some(&shop.owner)).await;
    assert_eq!(body["data"]["expiring"][0]["points"].as_i64(), Some(100), "{body}");
}
