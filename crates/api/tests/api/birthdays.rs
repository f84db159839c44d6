//! Birthday points (issue #38, item 4), with the server's clock moved: a customer's birthday
//! (month and day) brings the owner's `birthday_points` once a year on the Tripoli day, through
//! the one writer of points (ledger kind `birthday`), never twice however many passes or
//! instances ask; 29 February is kept on the 28th in other years; bad input changes nothing.
//! On both backends, from the demo data.

use chrono::{Datelike, Duration, NaiveDate};
use serde_json::json;

use crate::expiry::{tripoli, Shop};
use crate::helpers::{both_backends, Backend};

both_backends!(
    birthday_points_come_once_a_year_on_the_day,
    passes_at_once_give_them_once,
    the_twenty_ninth_of_february_is_kept_on_the_twenty_eighth,
    birthdays_and_birthday_points_are_checked
);

fn month_day(day: NaiveDate) -> String {
    format!("{:02}-{:02}", day.month(), day.day())
}

/// What the birthday tests ask of the clocked demo beside what the expiry tests do.
impl Shop {
    async fn birthday_customer(&self, phone: &str, birthday: Option<&str>) -> i64 {
        let body = json!({"name": "Birthday Customer", "phone": phone, "birthday": birthday});
        let (status, body) = self.app.post("/api/v1/customers", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["birthday"].as_str(), birthday, "{body}");
        body["data"]["id"].as_i64().unwrap_or_default()
    }

    fn birthday_rows(&self, customer: i64) -> i64 {
        self.app.scalar(&format!(
            "SELECT COUNT(*) AS n FROM points_ledger WHERE customer_id = {customer} AND kind = 'birthday'"
        ))
    }

    /// One pass of the jobs thread's birthday run.
    async fn pass(&self) -> loyalty_application::use_cases::birthdays::BirthdayRun {
        let services = self.app.state.services.clone();
        tokio::task::spawn_blocking(move || loyalty_application::use_cases::birthdays::run_daily(&services))
            .await
            .unwrap_or_else(|e| panic!("join: {e}"))
            .unwrap_or_else(|e| panic!("birthdays: {e}"))
    }
}

/// Forty days ahead: away from the demo's own birthday (ten days after it was seeded).
fn later() -> NaiveDate {
    loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc()) + Duration::days(40)
}

async fn birthday_points_come_once_a_year_on_the_day(backend: Backend) {
    let d0 = later();
    let Some(shop) = Shop::open(backend, tripoli(d0, 0, 5)).await else { return };
    let (status, body) = shop.settings(json!({"birthday_points": 75})).await;
    assert_eq!((status, body["data"]["birthday_points"].as_i64()), (200, Some(75)), "{body}");
    let today = shop.birthday_customer("+218910000401", Some(&month_day(d0))).await;
    let tomorrow = shop.birthday_customer("+218910000402", Some(&month_day(d0 + Duration::days(1)))).await;
    let none = shop.birthday_customer("+218910000403", None).await;

    let run = shop.pass().await;
    assert_eq!((run.customers, run.points), (1, 75));
    assert_eq!((shop.balance(today), shop.balance(tomorrow), shop.balance(none)), (75, 0, 0));
    let (status, history) = shop.app.get(&format!("/api/v1/customers/{today}/history"), Some(&shop.cashier)).await;
    assert_eq!(status, 200, "{history}");
    let newest = &history["data"][0];
    assert_eq!((newest["kind"].as_str(), newest["delta"].as_i64()), (Some("birthday"), Some(75)), "{history}");
    assert!(newest["actor"].is_null(), "the server's own change: {newest}");

    // Later that day, and the next day: nothing twice.
    shop.at(tripoli(d0, 23, 50));
    assert_eq!(shop.pass().await.customers, 0, "once on the day");
    shop.at(tripoli(d0 + Duration::days(1), 0, 5));
    assert_eq!(shop.pass().await.customers, 1, "tomorrow's customer");
    assert_eq!((shop.balance(today), shop.balance(tomorrow)), (75, 75));
    // A birthday moved to a day still ahead this year does not bring them again this year.
    let (status, body) = shop
        .app
        .patch(
            &format!("/api/v1/customers/{today}"),
            Some(&shop.cashier),
            &json!({"birthday": month_day(d0 + Duration::days(2))}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    shop.at(tripoli(d0 + Duration::days(2), 9, 0));
    assert_eq!(shop.pass().await.customers, 0, "once a year, whatever the day says");

    // Points earned on a birthday are points like any other: an activity row per store.
    let feed = "/api/v1/store-owner/pos-activities?date_range=7d&per_page=50";
    let (status, activity) = shop.app.get(feed, Some(&shop.owner)).await;
    assert_eq!(status, 200, "{activity}");
    let rows = activity["data"].as_array().cloned().unwrap_or_default();
    assert!(rows.iter().any(|r| r["kind"] == "birthday_points" && r["details"]["points"] == "75"), "{activity}");

    // The next year: again, once. With the owner's points off: nothing, and nothing marked.
    let next_year = d0.with_year(d0.year() + 1).unwrap_or(d0 + Duration::days(365));
    shop.at(tripoli(next_year + Duration::days(1), 8, 0));
    assert_eq!(shop.settings(json!({"birthday_points": 0})).await.0, 200);
    assert_eq!(shop.pass().await.customers, 0, "no points set: none given");
    assert_eq!(shop.settings(json!({"birthday_points": 20})).await.0, 200);
    let run = shop.pass().await;
    assert_eq!((run.customers, run.points), (1, 20), "the customer born the day after d0");
    assert_eq!((shop.birthday_rows(today), shop.birthday_rows(tomorrow)), (1, 2));
    assert_eq!(shop.balance(tomorrow), 95);
    shop.app.assert_ledger_matches_balances();
}

async fn passes_at_once_give_them_once(backend: Backend) {
    let d0 = later();
    let Some(shop) = Shop::open(backend, tripoli(d0, 0, 5)).await else { return };
    assert_eq!(shop.settings(json!({"birthday_points": 30})).await.0, 200);
    let mut born_today = Vec::new();
    for i in 0..5 {
        born_today.push(shop.birthday_customer(&format!("+21891000041{i}"), Some(&month_day(d0))).await);
    }
    let runs = futures_util::future::join_all((0..6).map(|_| shop.pass())).await;
    assert_eq!(runs.iter().map(|r| r.customers).sum::<usize>(), 5, "{runs:?}");
    assert_eq!(runs.iter().map(|r| r.points).sum::<i64>(), 150, "{runs:?}");
    for customer in born_today {
        assert_eq!((shop.balance(customer), shop.birthday_rows(customer)), (30, 1));
    }
    shop.app.assert_ledger_matches_balances();
}

async fn the_twenty_ninth_of_february_is_kept_on_the_twenty_eighth(backend: Backend) {
    // The next 28 February of a year without a 29th.
    let today = loyalty_domain::local_day::local_date(chrono::Utc::now().naive_utc());
    let mut year = today.year() + 1;
    while NaiveDate::from_ymd_opt(year, 2, 29).is_some() {
        year += 1;
    }
    let feb_28 = NaiveDate::from_ymd_opt(year, 2, 28).unwrap_or(today);
    let Some(shop) = Shop::open(backend, tripoli(feb_28 - Duration::days(1), 12, 0)).await else { return };
    assert_eq!(shop.settings(json!({"birthday_points": 40})).await.0, 200);
    let leapling = shop.birthday_customer("+218910000421", Some("02-29")).await;
    let march = shop.birthday_customer("+218910000422", Some("03-01")).await;
    assert_eq!(shop.pass().await.customers, 0, "the day before");
    shop.at(tripoli(feb_28, 0, 5));
    assert_eq!(shop.pass().await.customers, 1);
    assert_eq!((shop.balance(leapling), shop.balance(march)), (40, 0));
    shop.at(tripoli(feb_28 + Duration::days(1), 0, 5));
    assert_eq!(shop.pass().await.customers, 1, "1 March: the March customer only");
    assert_eq!((shop.balance(leapling), shop.balance(march)), (40, 40));
}

async fn birthdays_and_birthday_points_are_checked(backend: Backend) {
    let Some(shop) = Shop::open(backend, chrono::Utc::now().naive_utc()).await else { return };
    for bad in ["02-30", "13-01", "00-10", "3/15", "March 15", "1990-03-15"] {
        let body = json!({"name": "Bad Birthday", "phone": "+218910000431", "birthday": bad});
        let (status, body) = shop.app.post("/api/v1/customers", Some(&shop.cashier), &body).await;
        let detail = (body["details"][0]["field"].as_str(), body["details"][0]["code"].as_str());
        assert_eq!((status, detail), (422, (Some("birthday"), Some("birthday_invalid"))), "{bad}: {body}");
    }
    let phones = "SELECT COUNT(*) AS n FROM customers WHERE phone = '+218910000431'";
    assert_eq!(shop.app.scalar(phones), 0, "nothing added");

    let id = shop.birthday_customer("+218910000432", Some("07-04")).await;
    let path = format!("/api/v1/customers/{id}");
    // A whole replacement that leaves the birthday out keeps it; PATCH null clears it.
    let (status, body) = shop
        .app
        .put(&path, Some(&shop.cashier), &json!({"name": "Renamed", "phone": "0910000432", "email": null}))
        .await;
    assert_eq!((status, body["data"]["birthday"].as_str()), (200, Some("07-04")), "{body}");
    let (status, body) = shop.app.patch(&path, Some(&shop.cashier), &json!({"birthday": "7-5"})).await;
    assert_eq!((status, body["data"]["birthday"].as_str()), (200, Some("07-05")), "{body}");
    let (status, body) = shop.app.patch(&path, Some(&shop.cashier), &json!({"birthday": "02-31"})).await;
    assert_eq!(status, 422, "{body}");
    let (_, body) = shop.app.get(&path, Some(&shop.cashier)).await;
    assert_eq!(body["data"]["birthday"].as_str(), Some("07-05"), "a refused change changes nothing: {body}");
    let (status, body) = shop.app.patch(&path, Some(&shop.cashier), &json!({"birthday": null})).await;
    assert_eq!((status, body["data"]["birthday"].is_null()), (200, true), "{body}");

    let (_, before) = shop.app.get("/api/v1/loyalty-config", Some(&shop.owner)).await;
    for bad in [json!(-1), json!(100_001), json!("ten"), json!(null)] {
        let (status, body) = shop.settings(json!({"birthday_points": bad})).await;
        assert_eq!(status, 422, "{bad}: {body}");
    }
    let (_, body) = shop.settings(json!({"birthday_points": 100_001})).await;
    let detail = (body["details"][0]["field"].as_str(), body["details"][0]["code"].as_str());
    assert_eq!(detail, (Some("birthday_points"), Some("birthday_points_range")), "{body}");
    let (_, after) = shop.app.get("/api/v1/loyalty-config", Some(&shop.owner)).await;
    assert_eq!(before["data"]["birthday_points"], after["data"]["birthday_points"]);
    assert_eq!(shop.settings(json!({"birthday_points": 100_000})).await.0, 200);
    let (status, _) = shop.app.put("/api/v1/loyalty-config", Some(&shop.cashier), &json!({"birthday_points": 5})).await;
    assert_eq!(status, 403, "the owner's setting");
}
