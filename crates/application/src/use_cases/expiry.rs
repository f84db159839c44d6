//! Points that expire (issue #19, item 1). An owner may have points expire some months after
//! they are earned; each earning's last day is fixed then (a later change of the setting
//! applies to later points). Points can be used through their last day, the expiry day the
//! customer is told. Once a day, shortly after Tripoli midnight, one instance takes the points
//! whose last day has passed out of the balances, a ledger row `expired` per customer. A
//! customer who spends after midnight but before that run finds them gone already: spending
//! first expires what is due.

use std::collections::BTreeMap;

use chrono::{Duration, NaiveDateTime};
use loyalty_domain::local_day::local_date;
use loyalty_domain::LoyaltySettings;

use crate::ports::{transaction, ExpiredPoints, NewLedgerEntry, NextExpiry, PointsChange, Repos, TxMode};
use crate::{ActivityKind, AppError, LedgerKind, Services};

/// The job's name in the `jobs` table.
pub const JOB: &str = "expire_points";

/// Customers whose points expire in one transaction of the daily run.
const BATCH: i64 = 200;

/// Points earned `now` under `settings`: they expire on the day the owner's setting says.
pub fn earn(settings: &LoyaltySettings, points: i64, now: NaiveDateTime) -> PointsChange {
    PointsChange::Earn { points, expires_on: settings.expiry_for(local_date(now)), tier: None }
}

/// Takes the customer's points whose last day has passed (Tripoli) out of its balance, with
/// their ledger row; `None` when none were due.
pub(crate) fn expire_due(
    repos: &mut dyn Repos,
    customer_id: i64,
    now: NaiveDateTime,
) -> Result<Option<ExpiredPoints>, AppError> {
    let Some(expired) = repos.expire_due_points(customer_id, local_date(now), now)? else {
        return Ok(None);
    };
    repos.append_ledger(NewLedgerEntry {
        customer_id,
        store_id: expired.store_id,
        kind: LedgerKind::Expired,
        delta: -expired.points,
        balance_after: expired.balance_after,
        reason: None,
        actor_id: None,
        api_key_id: None,
        invoice_id: None,
        redemption_id: None,
        now,
    })?;
    Ok(Some(expired))
}

/// The customers' next points to expire within the notice window (their last day today or
/// later).
pub(crate) fn upcoming(
    repos: &mut dyn Repos,
    customer_ids: &[i64],
    now: NaiveDateTime,
) -> Result<Vec<(i64, NextExpiry)>, AppError> {
    let (today, until) = notice_window(now);
    Ok(repos.next_expiries(customer_ids, today, until)?)
}

/// The days whose expiring points are told ahead: from today (Tripoli) through the notice.
pub fn notice_window(now: NaiveDateTime) -> (chrono::NaiveDate, chrono::NaiveDate) {
    let today = local_date(now);
    (today, today + Duration::days(loyalty_domain::loyalty_settings::EXPIRY_NOTICE_DAYS))
}

/// What one daily run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExpiryRun {
    pub customers: usize,
    pub points: i64,
}

/// Expires the points whose last day has passed, once a Tripoli day across all instances; `None` when another
/// run already did today. Each batch of customers is its own transaction (a counter's sale waits
/// for one batch at most); a run cut short leaves the rest due for the next.
pub fn run_daily(services: &Services) -> Result<Option<ExpiryRun>, AppError> {
    let now = services.clock.now();
    if !super::housekeeping::claim_local_day(services, JOB, now)? {
        return Ok(None);
    }
    let today = local_date(now);
    let mut run = ExpiryRun::default();
    loop {
        let batch = transaction(&*services.db, TxMode::Write, |repos| {
            let due = repos.customers_with_due_points(today, BATCH)?;
            // store -> (customers, points)
            let mut per_store: BTreeMap<i64, (usize, i64)> = BTreeMap::new();
            for customer_id in &due {
                if let Some(expired) = expire_due(repos, *customer_id, now)? {
                    let entry = per_store.entry(expired.store_id).or_default();
                    entry.0 += 1;
                    entry.1 += expired.points;
                }
            }
            for (store_id, (customers, points)) in &per_store {
                let details = vec![("customers", customers.to_string()), ("points", points.to_string())];
                super::activity::log(repos, ActivityKind::PointsExpired, None, *store_id, *store_id, details, now)?;
            }
            Ok((due.len(), per_store.values().fold((0, 0), |(c, p), (dc, dp)| (c + dc, p + dp))))
        })?;
        let (seen, (customers, points)) = batch;
        run.customers += customers;
        run.points += points;
        if seen < usize::try_from(BATCH).unwrap_or(usize::MAX) {
            return Ok(Some(run));
        }
    }
}
