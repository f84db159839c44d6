//! Birthday points (issue #38, item 4). An owner may give `birthday_points` to every customer
//! on its birthday (month and day). The jobs thread asks every few minutes, on every instance;
//! each customer gets them once in a year, on the Tripoli day (29 February on the 28th in other
//! years): the mark of the year given (`birthday_year`) is one conditional update in the same
//! transaction as the points, so two instances asking at once give them once, and a pass cut
//! short leaves the rest for the next one the same day. A birthday entered after the day has
//! passed waits for the next year.

use std::collections::BTreeMap;

use chrono::Datelike;
use loyalty_domain::local_day::local_date;
use loyalty_domain::{Birthday, LoyaltySettings};

use crate::ports::{transaction, NewLedgerEntry, TxMode};
use crate::{ActivityKind, AppError, LedgerKind, Services};

/// Customers given their points in one transaction.
const BATCH: i64 = 200;

/// What one pass gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BirthdayRun {
    pub customers: usize,
    pub points: i64,
}

/// Gives today's birthday points that are still due; a pass with nothing due answers zeros.
pub fn run_daily(services: &Services) -> Result<BirthdayRun, AppError> {
    let now = services.clock.now();
    let today = local_date(now);
    let year = today.year();
    let configured = services.message_channels.configured();
    let birthdays: Vec<String> = Birthday::celebrated_on(today).iter().map(ToString::to_string).collect();
    let mut run = BirthdayRun::default();
    loop {
        let (seen, given) = transaction(&*services.db, TxMode::Write, |repos| {
            let due = repos.birthdays_due(&birthdays, year, BATCH)?;
            let mut settings: BTreeMap<i64, LoyaltySettings> = BTreeMap::new();
            // store -> (customers, points)
            let mut per_store: BTreeMap<i64, (usize, i64)> = BTreeMap::new();
            for &(customer_id, store_id, owner_id) in &due {
                if !repos.mark_birthday_given(customer_id, year)? {
                    continue;
                }
                let owner = match settings.get(&owner_id) {
                    Some(owner) => *owner,
                    None => *settings.entry(owner_id).or_insert(repos.loyalty_settings(owner_id)?),
                };
                let points = owner.birthday_points;
                let balance = repos
                    .change_points(customer_id, super::expiry::earn(&owner, points, now), now)?
                    .ok_or_else(|| AppError::Internal(format!("birthday points for a gone customer {customer_id}")))?;
                repos.append_ledger(NewLedgerEntry {
                    customer_id,
                    store_id,
                    kind: LedgerKind::Birthday,
                    delta: points,
                    balance_after: balance,
                    reason: None,
                    actor_id: None,
                    api_key_id: None,
                    invoice_id: None,
                    redemption_id: None,
                    now,
                })?;
                // The customer is told, when it consents to messages.
                if let Some(customer) = repos.customer_by_id(customer_id)? {
                    let kind = crate::MessageKind::Birthday;
                    super::messages::write(repos, &owner, configured, &customer, kind, points, balance, now)?;
                }
                let entry = per_store.entry(store_id).or_default();
                entry.0 += 1;
                entry.1 += points;
            }
            for (store_id, (customers, points)) in &per_store {
                let details = vec![("customers", customers.to_string()), ("points", points.to_string())];
                super::activity::log(repos, ActivityKind::BirthdayPoints, None, *store_id, *store_id, details, now)?;
            }
            Ok((due.len(), per_store.values().fold((0, 0), |(c, p), (dc, dp)| (c + dc, p + dp))))
        })?;
        run.customers += given.0;
        run.points += given.1;
        if seen < usize::try_from(BATCH).unwrap_or(usize::MAX) {
            return Ok(run);
        }
    }
}
