//! The baselines: each scenario's SQL transaction run directly in a tight loop, with no HTTP,
//! no JSON, no sign-in check and no thread hand-off around it. The statements are the
//! application's own (the repositories of crates/adapters/src/db, called in the order the use
//! case calls them), so the SQL, the binds and diesel's prepared-statement cache are exactly
//! what the server uses; only the use case's validation and policy checks are left out.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{NaiveDateTime, SubsecRound, Utc};
use diesel::sql_types::Text;
use diesel::RunQueryDsl;
use loyalty_application::ports::{
    transaction, NewActivity, NewInvoice, NewLedgerEntry, NewRedemption, PointsChange, Repos, RewardCounts,
    StoredAnswer, TxMode,
};
use loyalty_application::{ActivityKind, AppError, LedgerKind};
use loyalty_db::DieselDatabase;
use loyalty_domain::Money;
use rand::Rng;

use crate::generate::Fixture;
use crate::open;

fn now() -> NaiveDateTime {
    Utc::now().naive_utc().trunc_subsecs(6)
}

fn missing(what: &str) -> AppError {
    AppError::Internal(format!("{what} not found"))
}

/// The statements of `use_cases::invoices::create` with an idempotency key, in its order.
fn invoice(repos: &mut dyn Repos, f: &Fixture, g: i64, total: i64, key: &str) -> Result<bool, AppError> {
    let k = (g - 1) / f.per_store + 1;
    let (customer_id, store_id, cashier) = (f.c0 + g, f.s0 + k, f.u0 + f.owners + k);
    let total = Money::from_dirhams(total);
    let now = now();
    let request = format!("invoice|{customer_id}|{key}|{total}");
    repos.stored_answer(cashier, key)?;
    let customer = repos.customer_by_id(customer_id)?.ok_or_else(|| missing("customer"))?;
    let settings = repos.loyalty_settings(customer.store.owner_id)?;
    let points = settings.points_for(total);
    let invoice_id = repos.insert_invoice(NewInvoice {
        store_id,
        customer_id: Some(customer_id),
        pos_user_id: cashier,
        api_key_id: None,
        invoice_number: Some(key),
        total,
        points_earned: points,
        now,
    })?;
    let earned = loyalty_application::use_cases::expiry::earn(&settings, points, now);
    let balance = repos.change_points(customer_id, earned, now)?.ok_or_else(|| missing("customer"))?;
    // The fraud signal's count (a crossing, rare among the bench's customers, writes more).
    repos.customer_sales_since(customer_id, loyalty_domain::local_day::local_day_bounds(now).0)?;
    repos.append_ledger(NewLedgerEntry {
        customer_id,
        store_id,
        kind: LedgerKind::Invoice,
        delta: points,
        balance_after: balance,
        reason: None,
        actor_id: Some(cashier),
        api_key_id: None,
        invoice_id: Some(invoice_id),
        redemption_id: None,
        now,
    })?;
    repos.log_activity(NewActivity {
        kind: ActivityKind::InvoiceCreated,
        actor_id: Some(cashier),
        api_key_id: None,
        store_id: Some(store_id),
        subject_id: Some(invoice_id),
        details: vec![
            ("customer", customer.name),
            ("total", total.to_string()),
            ("points", points.to_string()),
            ("invoice_number", key.to_owned()),
        ],
        now,
    })?;
    let stored = StoredAnswer { request, answer: format!("{invoice_id}:{balance}") };
    repos.store_answer(cashier, key, &stored, now)?;
    repos.invoice_by_id(invoice_id)?.ok_or_else(|| missing("invoice"))?;
    Ok(true)
}

/// The statements of `use_cases::redemptions::create`; `Ok(false)` when the customer lacks
/// the points (the caller rolls back, as the application does).
fn redeem(repos: &mut dyn Repos, f: &Fixture, g: i64, key: &str) -> Result<bool, AppError> {
    let k = (g - 1) / f.per_store + 1;
    let owner = (k - 1) / (f.stores / f.owners) + 1;
    let (customer_id, store_id, cashier, reward_id) =
        (f.c0 + g, f.s0 + k, f.u0 + f.owners + k, f.r0 + (owner - 1) * 3 + 1);
    let now = now();
    let request = format!("redemption|{customer_id}|{reward_id}");
    repos.stored_answer(cashier, key)?;
    let customer = repos.customer_by_id(customer_id)?.ok_or_else(|| missing("customer"))?;
    let reward = repos.reward_by_id(reward_id, RewardCounts::Without)?.ok_or_else(|| missing("reward"))?;
    // Points due today go first (none in the bench's data: its points never expire).
    repos.expire_due_points(customer_id, loyalty_domain::local_day::local_date(now), now)?;
    let spent = PointsChange::Spend(reward.points_required);
    let Some(balance) = repos.change_points(customer_id, spent, now)? else {
        return Ok(false);
    };
    let redemption_id = repos.insert_redemption(NewRedemption {
        store_id,
        customer_id,
        reward_id: Some(reward_id),
        value: None,
        pos_user_id: cashier,
        api_key_id: None,
        points_spent: reward.points_required,
        now,
    })?;
    repos.append_ledger(NewLedgerEntry {
        customer_id,
        store_id,
        kind: LedgerKind::Redemption,
        delta: -reward.points_required,
        balance_after: balance,
        reason: Some(&reward.name),
        actor_id: Some(cashier),
        api_key_id: None,
        invoice_id: None,
        redemption_id: Some(redemption_id),
        now,
    })?;
    repos.log_activity(NewActivity {
        kind: ActivityKind::RedemptionCreated,
        actor_id: Some(cashier),
        api_key_id: None,
        store_id: Some(store_id),
        subject_id: Some(redemption_id),
        details: vec![
            ("customer", customer.name),
            ("reward", reward.name.clone()),
            ("points", reward.points_required.to_string()),
        ],
        now,
    })?;
    let stored = StoredAnswer { request, answer: format!("{redemption_id}:{balance}") };
    repos.store_answer(cashier, key, &stored, now)?;
    repos.redemption_by_id(redemption_id)?.ok_or_else(|| missing("redemption"))?;
    Ok(true)
}

/// The statement of `use_cases::public::lookup_points`.
fn lookup(repos: &mut dyn Repos, phone: &str) -> Result<bool, AppError> {
    let at = now();
    let (from, until) = loyalty_application::use_cases::expiry::notice_window(at);
    repos.points_lookup(phone, from, until, at)?;
    Ok(true)
}

/// Runs `scenario` on `threads` connections for `seconds`; one `RESULT` line.
pub fn run(database_url: &str, scenario: &str, seconds: f64, threads: usize) -> Result<String, String> {
    let fixture = {
        let pool = open(database_url, 1)?;
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        let text = diesel::sql_query("SELECT fixture AS v FROM bench_meta")
            .get_result::<FixtureText>(&mut *conn)
            .map_err(|e| format!("no generated data set: {e}"))?;
        Fixture::decode(&text.v)?
    };
    if !matches!(scenario, "invoice" | "redeem" | "redeem-hot" | "lookup") {
        return Err(format!("unknown scenario {scenario} (invoice, redeem, redeem-hot, lookup)"));
    }
    let threads = threads.max(1);
    let db = Arc::new(DieselDatabase::new(open(database_url, u32::try_from(threads).unwrap_or(64))?));
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let errors = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let run_id: u64 = rand::thread_rng().gen();
    let started = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let db = db.clone();
            let fixture = fixture.clone();
            let scenario = scenario.to_owned();
            let (errors, refused) = (errors.clone(), refused.clone());
            std::thread::spawn(move || -> Vec<f64> {
                let mut rng = rand::thread_rng();
                let mut latencies = Vec::new();
                let mut n = 0u64;
                while Instant::now() < deadline {
                    n += 1;
                    let key = format!("raw-{run_id:x}-{t}-{n}");
                    let g = match scenario.as_str() {
                        "redeem-hot" => 1,
                        _ => rng.gen_range(1..=fixture.customers),
                    };
                    let total = rng.gen_range(1000..=200_000);
                    let phone = format!("+21891{:07}", rng.gen_range(0..fixture.phones));
                    let began = Instant::now();
                    let mode = if scenario == "lookup" { TxMode::SingleRead } else { TxMode::Write };
                    let outcome = transaction(&*db, mode, |repos| {
                        let done = match scenario.as_str() {
                            "invoice" => invoice(repos, &fixture, g, total, &key)?,
                            "lookup" => lookup(repos, &phone)?,
                            _ => redeem(repos, &fixture, g, &key)?,
                        };
                        // Rolled back like the application's 409.
                        if done {
                            Ok(())
                        } else {
                            Err(AppError::Internal("refused".into()))
                        }
                    });
                    latencies.push(began.elapsed().as_secs_f64() * 1000.0);
                    match outcome {
                        Ok(()) => {}
                        Err(AppError::Internal(m)) if m == "refused" => {
                            refused.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => {
                            if errors.fetch_add(1, Ordering::Relaxed) < 3 {
                                eprintln!("raw {scenario}: {e:?}");
                            }
                        }
                    }
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::new();
    for handle in handles {
        all.extend(handle.join().map_err(|_| "a worker panicked".to_owned())?);
    }
    let elapsed = started.elapsed().as_secs_f64();
    all.sort_by(f64::total_cmp);
    let pct =
        |p: f64| all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1))).copied().unwrap_or(0.0);
    Ok(format!(
        "RESULT raw-{scenario} {:.1} {:.3} {:.3} {} {} refused={}",
        all.len() as f64 / elapsed,
        pct(0.50),
        pct(0.99),
        errors.load(Ordering::Relaxed),
        all.len(),
        refused.load(Ordering::Relaxed)
    ))
}

#[derive(diesel::QueryableByName)]
struct FixtureText {
    #[diesel(sql_type = Text)]
    v: String,
}
