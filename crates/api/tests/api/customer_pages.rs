//! The customer's own page (issue #38, item 5): a sale answers a link to it; it shows the
//! points in each store of the owner, what expires and when, and the last movements, without
//! signing in; an unknown, altered, expired or revoked link answers the same 404; the till
//! revokes a customer's links; the page is limited as the lookup is. Both backends.

use chrono::{Duration, NaiveDateTime};
use serde_json::{json, Value};

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(
    a_sale_answers_a_link_to_the_customers_page,
    unknown_altered_expired_and_revoked_links_answer_alike,
    the_till_that_covers_the_customer_revokes_its_links,
    a_retried_sale_answers_the_same_link,
    the_page_is_limited_per_client,
);

struct Till {
    app: TestApp,
    owner: String,
    cashier: String,
    fatima: i64,
}

impl Till {
    /// The demo, its sign-ins lasting years so the clock can move, with the clock at `start`.
    async fn open(backend: Backend, adjust: impl FnOnce(&mut loyalty_api::Config)) -> Option<Till> {
        let app = TestApp::spawn_with(backend, |c| {
            c.demo_mode = true;
            c.session_ttl = Duration::days(3650);
            adjust(c);
        })
        .await?;
        let owner = app.login("owner@demo.ly", "demo1234").await;
        let cashier = app.login("cashier@demo.ly", "demo1234").await;
        let fatima = app.scalar(
            "SELECT id AS n FROM customers WHERE phone = '+218912345678' \
             AND store_id = (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
        );
        Some(Till { app, owner, cashier, fatima })
    }

    fn now(&self) -> NaiveDateTime {
        use loyalty_application::ports::Clock;
        self.app.config.clock.now()
    }

    /// A sale to Fatima: the answer.
    async fn sale(&self, total: &str) -> Value {
        let body = json!({"customer_id": self.fatima, "total_cost": total});
        let (status, sale) = self.app.post("/api/v1/invoices", Some(&self.cashier), &body).await;
        assert_eq!(status, 201, "{sale}");
        sale
    }

    async fn page(&self, token: &str) -> (u16, Value) {
        self.app.get(&format!("/api/v1/public/me/{token}"), None).await
    }
}

/// The token at the end of a page link.
fn token_of(sale: &Value) -> String {
    let url = sale["data"]["customer_page_url"].as_str().unwrap_or_default();
    assert!(url.contains("/me/"), "{sale}");
    url.rsplit('/').next().unwrap_or_default().to_owned()
}

async fn a_sale_answers_a_link_to_the_customers_page(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let sale = t.sale("20.000").await;
    let url = sale["data"]["customer_page_url"].as_str().unwrap_or_default();
    assert!(url.starts_with(&format!("{}/me/", t.app.config.public_url.trim_end_matches('/'))), "{url}");
    let token = token_of(&sale);
    assert_eq!(token.len(), 32, "128 random bits as hex: {token}");
    let balance = sale["data"]["customer_total_points"].as_i64().unwrap_or(-1);

    let (status, page) = t.page(&token).await;
    assert_eq!(status, 200, "{page}");
    let store = t.app.scalar("SELECT store_id AS n FROM users WHERE email = 'cashier@demo.ly'");
    let stores = page["data"]["stores"].as_array().cloned().unwrap_or_default();
    let here = stores.iter().find(|s| s["store"]["id"] == store).cloned().unwrap_or_default();
    assert_eq!(here["points"], balance, "{page}");
    assert!(here["expiring"].is_array(), "{page}");
    let sum: i64 = stores.iter().filter_map(|s| s["points"].as_i64()).sum();
    assert_eq!(page["data"]["total_points"], sum, "{page}");
    // Every store of the owner where the phone is a member, and no other owner's.
    let members = t.app.scalar(
        "SELECT COUNT(*) AS n FROM customers c JOIN stores s ON s.id = c.store_id \
         WHERE c.phone = '+218912345678' AND c.deleted_at IS NULL AND s.deleted_at IS NULL AND NOT s.is_sandbox \
         AND s.owner_id = (SELECT owner_id FROM stores WHERE id = (SELECT store_id FROM users WHERE email = 'cashier@demo.ly'))",
    );
    assert_eq!(stores.len() as i64, members, "{page}");
    // The newest movement is the sale's.
    let movements = page["data"]["movements"].as_array().cloned().unwrap_or_default();
    assert!(movements.len() <= 20);
    assert_eq!(movements[0]["kind"], "invoice", "{page}");
    assert_eq!(movements[0]["delta"], 20, "{page}");
    assert_eq!(movements[0]["balance_after"], balance, "{page}");
    assert!(page["data"]["expires_at"].as_str().is_some(), "{page}");
    // Nothing about the person: no name, no phone.
    let text = page.to_string();
    assert!(!text.contains("Fatima") && !text.contains("912345678"), "{page}");
    // Only the digest is kept.
    assert_eq!(t.app.scalar(&format!("SELECT COUNT(*) AS n FROM customer_page_links WHERE digest = '{token}'")), 0);
}

async fn unknown_altered_expired_and_revoked_links_answer_alike(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let token = token_of(&t.sale("10.000").await);
    assert_eq!(t.page(&token).await.0, 200);

    let (status, unknown) = t.page("0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, 404, "{unknown}");
    let mut altered = token.clone();
    let last = if altered.ends_with('0') { '1' } else { '0' };
    altered.pop();
    altered.push(last);
    for other in [altered, token.to_uppercase(), format!("{token}0"), "me".to_owned(), token[..31].to_owned()] {
        assert_eq!(t.page(&other).await, (404, unknown.clone()), "{other}");
    }

    // Expired: valid through its 30 days, gone after.
    let start = t.now();
    t.app.config.clock.set(start + Duration::days(29));
    assert_eq!(t.page(&token).await.0, 200);
    t.app.config.clock.set(start + Duration::days(30) + Duration::minutes(1));
    assert_eq!(t.page(&token).await, (404, unknown.clone()));
    t.app.config.clock.set(start);

    // Revoked at the till: every link of the customer, old and new.
    let newer = token_of(&t.sale("5.000").await);
    assert_eq!(t.page(&newer).await.0, 200);
    let (status, body) = t.app.delete(&format!("/api/v1/customers/{}/page-links", t.fatima), Some(&t.cashier)).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(t.page(&token).await, (404, unknown.clone()));
    assert_eq!(t.page(&newer).await, (404, unknown.clone()));
    // The next sale's link works again.
    let next = token_of(&t.sale("5.000").await);
    assert_eq!(t.page(&next).await.0, 200);
}

async fn the_till_that_covers_the_customer_revokes_its_links(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let token = token_of(&t.sale("10.000").await);
    let elsewhere = t.app.scalar(
        "SELECT MIN(id) AS n FROM customers WHERE store_id <> (SELECT store_id FROM users WHERE email = 'cashier@demo.ly')",
    );
    // Another store's customer is not the cashier's to touch.
    let (status, _) = t.app.delete(&format!("/api/v1/customers/{elsewhere}/page-links"), Some(&t.cashier)).await;
    assert_eq!(status, 404);
    let admin = t.app.login("admin@demo.ly", "demo1234").await;
    let (status, _) = t.app.delete(&format!("/api/v1/customers/{}/page-links", t.fatima), Some(&admin)).await;
    assert_eq!(status, 403);
    let (status, _) = t.app.delete(&format!("/api/v1/customers/{}/page-links", t.fatima), None).await;
    assert_eq!(status, 401);
    assert_eq!(t.page(&token).await.0, 200, "refused revocations change nothing");
    // The owner covers every store of its own.
    let (status, _) = t.app.delete(&format!("/api/v1/customers/{}/page-links", t.fatima), Some(&t.owner)).await;
    assert_eq!(status, 204);
    assert_eq!(t.page(&token).await.0, 404);
}

async fn a_retried_sale_answers_the_same_link(backend: Backend) {
    let Some(t) = Till::open(backend, |_| {}).await else { return };
    let body = json!({"customer_id": t.fatima, "total_cost": "7.000"});
    let (status, first) = t.app.post_keyed("/api/v1/invoices", &t.cashier, "page-retry-1", &body).await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = t.app.post_keyed("/api/v1/invoices", &t.cashier, "page-retry-1", &body).await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(first, again, "a retry answers the first answer, its link too");
    assert_eq!(t.page(&token_of(&again)).await.0, 200, "{again}");
}

async fn the_page_is_limited_per_client(backend: Backend) {
    let Some(t) = Till::open(backend, |c| c.public_limits = (3, 100)).await else { return };
    let token = token_of(&t.sale("10.000").await);
    for _ in 0..3 {
        assert_eq!(t.page(&token).await.0, 200);
    }
    let (status, body) = t.page(&token).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")), "{body}");
}
