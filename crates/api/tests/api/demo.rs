//! The demo data, made through the use cases: the books agree, each record is its maker's, and
//! a second seed changes nothing.

use crate::helpers::{both_backends, Backend, TestApp};

both_backends!(the_demo_is_made_by_the_use_cases_and_seeds_once);

async fn the_demo_is_made_by_the_use_cases_and_seeds_once(backend: Backend) {
    let Some(app) = TestApp::spawn_demo(backend).await else { return };
    // Balances, expiry lots and store days agree with the ledger the sales wrote.
    app.assert_ledger_matches_balances();
    let count = |sql: &str| app.scalar(&format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM {sql}"));
    // Every sale and redemption is a cashier's of the store it was made in: none by the owner.
    assert_eq!(count("invoices"), 12);
    assert_eq!(count("redemptions"), 2);
    let not_the_stores_cashier = "invoices i JOIN users u ON u.id = i.pos_user_id \
        WHERE u.role <> 'pos_user' OR u.store_id <> i.store_id";
    assert_eq!(count(not_the_stores_cashier), 0);
    // One ledger row per sale that earned points and per redemption, and an activity entry each.
    assert_eq!(count("points_ledger WHERE kind = 'invoice'"), count("invoices WHERE points_earned > 0"));
    assert_eq!(count("points_ledger WHERE kind = 'redemption'"), 2);
    assert_eq!(count("activity_log WHERE kind = 'invoice_created'"), 12);
    // Points expire a month after they were earned, only since the owner said so (15 days ago):
    // earlier lots never expire, later ones do.
    assert!(count("point_lots WHERE expires_on IS NULL") > 0);
    assert!(count("point_lots WHERE expires_on IS NOT NULL") > 0);
    // The cashier signs in with the demo password the use case hashed.
    let cashier = app.login("cashier@demo.ly", "demo1234").await;
    let (status, customers) = app.get("/api/v1/customers", Some(&cashier)).await;
    assert_eq!((status, customers["meta"]["total"].as_i64()), (200, Some(5)));

    // A second seed finds users and writes nothing.
    let before = count("points_ledger");
    let url = loyalty_db::DbUrl::parse(&app.config.database_url).unwrap_or_else(|e| panic!("{e}"));
    let seeded = loyalty_api::seed_demo(&url, &app.state.services).unwrap_or_else(|e| panic!("{e}"));
    assert!(!seeded);
    assert_eq!((count("users"), count("points_ledger")), (4, before));
}
