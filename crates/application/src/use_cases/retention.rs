//! How long an owner's activity log and webhook deliveries are kept (issue #40, item 3), and
//! the daily run that forgets what is older and makes PostgreSQL's monthly partitions ahead.
//! The books (invoices, the ledger, returns, redemptions) are never forgotten.

use std::collections::BTreeMap;

use chrono::{Datelike, Months, NaiveDate, NaiveDateTime};
use loyalty_domain::retention::{DataRetention, PARTITION_MONTHS_AHEAD};

use crate::operations::Operation;
use crate::policy::Actor;
use crate::ports::{transaction, Owners, Retained, TxMode};
use crate::{AppError, Services};

/// Rows forgotten per statement: each batch is a short transaction of its own.
const BATCH: i64 = 5_000;

/// The owner's choice (the defaults until it chooses).
pub fn get(services: &Services, actor: &Actor) -> Result<DataRetention, AppError> {
    actor.authorize(Operation::GetDataRetention)?;
    transaction(&*services.db, TxMode::Read, |repos| Ok(repos.data_retention(actor.user_id)?.unwrap_or_default()))
}

/// Keeps the owner's activity log `activity_log_months` and its webhook deliveries
/// `webhook_delivery_days`; older rows go at the next daily run.
pub fn save(
    services: &Services,
    actor: &Actor,
    activity_log_months: i64,
    webhook_delivery_days: i64,
) -> Result<DataRetention, AppError> {
    actor.authorize(Operation::PutDataRetention)?;
    let retention = DataRetention::parse(activity_log_months, webhook_delivery_days)?;
    let now = services.clock.now();
    transaction(&*services.db, TxMode::Write, |repos| {
        repos.save_data_retention(actor.user_id, retention, now)?;
        Ok(retention)
    })
}

/// Whose rows go, from which table, made before when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forget {
    pub table: Retained,
    pub owners: OwnerSet,
    pub before: NaiveDateTime,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OwnerSet {
    Only(Vec<i64>),
    /// Every owner but these (the ones who chose): the defaults.
    AllBut(Vec<i64>),
}

impl OwnerSet {
    fn as_owners(&self) -> Owners<'_> {
        match self {
            OwnerSet::Only(ids) => Owners::Only(ids),
            OwnerSet::AllBut(ids) => Owners::AllBut(ids),
        }
    }
}

/// What the owners' choices forget at `now`: one step per table and distinct choice (owners
/// who chose alike together), then the defaults for everyone who did not choose.
pub fn plan(chosen: &[(i64, DataRetention)], now: NaiveDateTime) -> Vec<Forget> {
    let mut by_months: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    let mut by_days: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for (owner, retention) in chosen {
        by_months.entry(retention.activity_log_months()).or_default().push(*owner);
        by_days.entry(retention.webhook_delivery_days()).or_default().push(*owner);
    }
    let choosers: Vec<i64> = chosen.iter().map(|(owner, _)| *owner).collect();
    let default = DataRetention::default();
    let mut steps = Vec::new();
    for (months, owners) in by_months {
        let retention = DataRetention::from_stored(months, default.webhook_delivery_days());
        steps.push(Forget {
            table: Retained::ActivityLog,
            owners: OwnerSet::Only(owners),
            before: retention.activity_log_cutoff(now),
        });
    }
    steps.push(Forget {
        table: Retained::ActivityLog,
        owners: OwnerSet::AllBut(choosers.clone()),
        before: default.activity_log_cutoff(now),
    });
    for (days, owners) in by_days {
        let retention = DataRetention::from_stored(default.activity_log_months(), days);
        steps.push(Forget {
            table: Retained::WebhookDeliveries,
            owners: OwnerSet::Only(owners),
            before: retention.webhook_delivery_cutoff(now),
        });
    }
    steps.push(Forget {
        table: Retained::WebhookDeliveries,
        owners: OwnerSet::AllBut(choosers),
        before: default.webhook_delivery_cutoff(now),
    });
    steps
}

/// The first days of the month of `now` and of the [`PARTITION_MONTHS_AHEAD`] after it.
pub fn partition_months(now: NaiveDateTime) -> Vec<NaiveDate> {
    let first = NaiveDate::from_ymd_opt(now.year(), now.month(), 1).unwrap_or(now.date());
    (0..=PARTITION_MONTHS_AHEAD).filter_map(|ahead| first.checked_add_months(Months::new(ahead))).collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RetentionRun {
    pub partitions_made: usize,
    pub activity_forgotten: usize,
    pub deliveries_forgotten: usize,
}

/// Once a Tripoli day across instances: the partitions ahead, then each owner's old activity
/// and deliveries in batches, then what no owner keeps (the longest choice; PostgreSQL drops
/// those months whole). `None` when another instance ran it today.
pub fn run_daily(services: &Services) -> Result<Option<RetentionRun>, AppError> {
    const JOB: &str = "retention";
    let now = services.clock.now();
    if !super::housekeeping::claim_local_day(services, JOB, now)? {
        return Ok(None);
    }
    Ok(Some(run(services, now)?))
}

/// The run itself, at `now` (the daily run's body; tests call it with a moved clock).
pub fn run(services: &Services, now: NaiveDateTime) -> Result<RetentionRun, AppError> {
    let months = partition_months(now);
    let mut result = RetentionRun {
        partitions_made: transaction(&*services.db, TxMode::Write, |repos| Ok(repos.prepare_partitions(&months)?))?,
        ..RetentionRun::default()
    };
    let chosen = transaction(&*services.db, TxMode::Read, |repos| Ok(repos.chosen_retentions()?))?;
    for step in plan(&chosen, now) {
        loop {
            let gone = transaction(&*services.db, TxMode::Write, |repos| {
                Ok(match step.table {
                    Retained::ActivityLog => repos.forget_activity(step.owners.as_owners(), step.before, BATCH)?,
                    Retained::WebhookDeliveries => {
                        repos.forget_deliveries(step.owners.as_owners(), step.before, BATCH)?
                    }
                })
            })?;
            result.add(step.table, gone);
            if gone < usize::try_from(BATCH).unwrap_or(usize::MAX) {
                break;
            }
        }
    }
    let longest = DataRetention::longest();
    for (table, before) in [
        (Retained::ActivityLog, longest.activity_log_cutoff(now)),
        (Retained::WebhookDeliveries, longest.webhook_delivery_cutoff(now)),
    ] {
        loop {
            let gone = transaction(&*services.db, TxMode::Write, |repos| {
                Ok(repos.forget_everyone_before(table, before, BATCH)?)
            })?;
            result.add(table, gone);
            if gone < usize::try_from(BATCH).unwrap_or(usize::MAX) {
                break;
            }
        }
    }
    Ok(result)
}

impl RetentionRun {
    fn add(&mut self, table: Retained, rows: usize) {
        match table {
            Retained::ActivityLog => self.activity_forgotten += rows,
            Retained::WebhookDeliveries => self.deliveries_forgotten += rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(y: i32, m: u32, d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(1, 0, 0)).unwrap_or_default()
    }

    fn kept(months: i64, days: i64) -> DataRetention {
        DataRetention::parse(months, days).unwrap_or_default()
    }

    #[test]
    fn owners_who_chose_alike_go_together_and_the_rest_keep_the_defaults() {
        let now = at(2026, 11, 28);
        let steps = plan(&[(7, kept(6, 30)), (9, kept(6, 7)), (4, kept(36, 7))], now);
        let activity: Vec<_> =
            steps.iter().filter(|s| s.table == Retained::ActivityLog).map(|s| (s.owners.clone(), s.before)).collect();
        assert_eq!(
            activity,
            vec![
                (OwnerSet::Only(vec![7, 9]), at(2026, 5, 28)),
                (OwnerSet::Only(vec![4]), at(2023, 11, 28)),
                (OwnerSet::AllBut(vec![7, 9, 4]), at(2024, 11, 28)),
            ]
        );
        let deliveries: Vec<_> = steps
            .iter()
            .filter(|s| s.table == Retained::WebhookDeliveries)
            .map(|s| (s.owners.clone(), s.before))
            .collect();
        assert_eq!(
            deliveries,
            vec![
                (OwnerSet::Only(vec![9, 4]), at(2026, 11, 21)),
                (OwnerSet::Only(vec![7]), at(2026, 10, 29)),
                (OwnerSet::AllBut(vec![7, 9, 4]), at(2026, 10, 29)),
            ]
        );
    }

    #[test]
    fn nobody_chose_everyone_keeps_the_defaults() {
        let steps = plan(&[], at(2026, 3, 31));
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].owners, OwnerSet::AllBut(vec![]));
        assert_eq!(steps[0].before, at(2024, 3, 31));
    }

    #[test]
    fn partitions_for_this_month_and_the_two_after_across_a_year() {
        let months = partition_months(at(2026, 11, 28));
        let firsts: Vec<_> = months.iter().map(|d| (d.year(), d.month(), d.day())).collect();
        assert_eq!(firsts, vec![(2026, 11, 1), (2026, 12, 1), (2027, 1, 1)]);
    }
}
