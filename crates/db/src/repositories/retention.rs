//! What is kept for a time (the activity log, webhook deliveries and their events) and, on
//! PostgreSQL, the monthly partitions of the tables that grow with every sale (migration
//! `2026-11-28-000061_monthly_partitions`). Which rows go is the application's
//! (`use_cases/retention.rs`); this deletes them in batches, or drops whole months.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Integer, Text, Timestamp};
use loyalty_application::ports::{Owners, RepoResult, Retained, RetentionRepo};
use loyalty_domain::retention::DataRetention;

use crate::schema::{activity_log, data_retention, stores, webhook_deliveries, webhook_endpoints, webhook_events};
use crate::tx::{map_error, DbTx};
use crate::DbConnection;

/// The tables PostgreSQL partitions by month.
const PARTITIONED: [&str; 4] = ["invoices", "points_ledger", "activity_log", "webhook_deliveries"];

#[derive(QueryableByName)]
struct Made {
    #[diesel(sql_type = Bool)]
    made: bool,
}

#[derive(QueryableByName)]
struct Dropped {
    #[diesel(sql_type = Integer)]
    dropped: i32,
}

#[derive(QueryableByName)]
struct Counted {
    #[diesel(sql_type = BigInt)]
    rows: i64,
}

fn table_name(table: Retained) -> &'static str {
    match table {
        Retained::ActivityLog => "activity_log",
        Retained::WebhookDeliveries => "webhook_deliveries",
    }
}

/// Loads `$query` (a select of ids) with its `$owner` column limited to `owners`.
macro_rules! load_for {
    ($conn:expr, $query:expr, $owner:expr, $owners:expr) => {
        match $owners {
            Owners::Only(ids) => $query.filter($owner.eq_any(ids)).load($conn),
            Owners::AllBut(ids) => $query.filter($owner.ne_all(ids)).load($conn),
        }
        .map_err(map_error)
    };
}

impl DbTx<'_> {
    /// Events made before `before` that are not queued and that no delivery names any more,
    /// of `owners` (`None`: everyone's), up to `limit`.
    fn forget_events(&mut self, owners: Option<Owners<'_>>, before: NaiveDateTime, limit: i64) -> RepoResult<usize> {
        let query = webhook_events::table
            .select(webhook_events::id)
            .filter(webhook_events::created_at.lt(before))
            .filter(webhook_events::fan_out.is_null())
            .filter(diesel::dsl::not(diesel::dsl::exists(
                webhook_deliveries::table.filter(webhook_deliveries::event_id.eq(webhook_events::id)),
            )))
            .limit(limit);
        let ids: Vec<String> = match owners {
            Some(owners) => load_for!(self.conn, query, webhook_events::owner_id, owners)?,
            None => query.load(self.conn).map_err(map_error)?,
        };
        if ids.is_empty() {
            return Ok(0);
        }
        diesel::delete(webhook_events::table.filter(webhook_events::id.eq_any(&ids)))
            .execute(self.conn)
            .map_err(map_error)
    }
}

impl RetentionRepo for DbTx<'_> {
    fn data_retention(&mut self, owner_id: i64) -> RepoResult<Option<DataRetention>> {
        let row: Option<(i64, i64)> = data_retention::table
            .find(owner_id)
            .select((data_retention::activity_log_months, data_retention::webhook_delivery_days))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|(months, days)| DataRetention::from_stored(months, days)))
    }

    fn save_data_retention(&mut self, owner_id: i64, retention: DataRetention, now: NaiveDateTime) -> RepoResult<()> {
        let values = (
            data_retention::activity_log_months.eq(retention.activity_log_months()),
            data_retention::webhook_delivery_days.eq(retention.webhook_delivery_days()),
            data_retention::updated_at.eq(now),
        );
        let updated =
            diesel::update(data_retention::table.find(owner_id)).set(values).execute(self.conn).map_err(map_error)?;
        if updated == 0 {
            diesel::insert_into(data_retention::table)
                .values((data_retention::store_owner_id.eq(owner_id), values))
                .execute(self.conn)
                .map_err(map_error)?;
        }
        Ok(())
    }

    fn chosen_retentions(&mut self) -> RepoResult<Vec<(i64, DataRetention)>> {
        let rows: Vec<(i64, i64, i64)> = data_retention::table
            .select((
                data_retention::store_owner_id,
                data_retention::activity_log_months,
                data_retention::webhook_delivery_days,
            ))
            .order(data_retention::store_owner_id)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows.into_iter().map(|(owner, months, days)| (owner, DataRetention::from_stored(months, days))).collect())
    }

    fn forget_activity(&mut self, owners: Owners<'_>, before: NaiveDateTime, limit: i64) -> RepoResult<usize> {
        // The ids first, then a delete bounded by time too: on PostgreSQL both read only the
        // months before `before`.
        let query = activity_log::table
            .inner_join(stores::table.on(activity_log::store_id.eq(stores::id.nullable())))
            .select(activity_log::id)
            .filter(activity_log::created_at.lt(before))
            .limit(limit);
        let ids: Vec<i64> = load_for!(self.conn, query, stores::owner_id, owners)?;
        if ids.is_empty() {
            return Ok(0);
        }
        diesel::delete(
            activity_log::table.filter(activity_log::created_at.lt(before)).filter(activity_log::id.eq_any(&ids)),
        )
        .execute(self.conn)
        .map_err(map_error)
    }

    fn forget_deliveries(&mut self, owners: Owners<'_>, before: NaiveDateTime, limit: i64) -> RepoResult<usize> {
        let query = webhook_deliveries::table
            .inner_join(webhook_endpoints::table)
            .select(webhook_deliveries::id)
            .filter(webhook_deliveries::created_at.lt(before))
            .filter(webhook_deliveries::status.ne("pending"))
            .limit(limit);
        let ids: Vec<i64> = load_for!(self.conn, query, webhook_endpoints::owner_id, owners)?;
        let deleted = if ids.is_empty() {
            0
        } else {
            diesel::delete(
                webhook_deliveries::table
                    .filter(webhook_deliveries::created_at.lt(before))
                    .filter(webhook_deliveries::id.eq_any(&ids)),
            )
            .execute(self.conn)
            .map_err(map_error)?
        };
        self.forget_events(Some(owners), before, limit)?;
        Ok(deleted)
    }

    fn forget_everyone_before(&mut self, table: Retained, before: NaiveDateTime, limit: i64) -> RepoResult<usize> {
        let name = table_name(table);
        let mut gone = 0;
        if let DbConnection::Postgresql(conn) = &mut *self.conn {
            // A month's rows are counted before it goes: the caller reports them.
            let months: Vec<Counted> = diesel::sql_query(format!(
                "SELECT count(*) AS rows FROM {name} WHERE created_at < \
                 date_trunc('month', $1::timestamp) AND tableoid <> '{name}_default'::regclass"
            ))
            .bind::<Timestamp, _>(before)
            .load(conn)
            .map_err(map_error)?;
            let counted = months.first().map_or(0, |c| c.rows);
            let dropped: Vec<Dropped> = diesel::sql_query("SELECT loyalty_drop_partitions_before($1, $2) AS dropped")
                .bind::<Text, _>(name)
                .bind::<Timestamp, _>(before)
                .load(conn)
                .map_err(map_error)?;
            if dropped.first().is_some_and(|d| d.dropped > 0) {
                gone += usize::try_from(counted).unwrap_or(0);
            }
        }
        let deleted = match table {
            Retained::ActivityLog => {
                let ids: Vec<i64> = activity_log::table
                    .select(activity_log::id)
                    .filter(activity_log::created_at.lt(before))
                    .limit(limit)
                    .load(self.conn)
                    .map_err(map_error)?;
                diesel::delete(
                    activity_log::table
                        .filter(activity_log::created_at.lt(before))
                        .filter(activity_log::id.eq_any(&ids)),
                )
                .execute(self.conn)
                .map_err(map_error)?
            }
            Retained::WebhookDeliveries => {
                let ids: Vec<i64> = webhook_deliveries::table
                    .select(webhook_deliveries::id)
                    .filter(webhook_deliveries::created_at.lt(before))
                    .limit(limit)
                    .load(self.conn)
                    .map_err(map_error)?;
                let deleted = diesel::delete(
                    webhook_deliveries::table
                        .filter(webhook_deliveries::created_at.lt(before))
                        .filter(webhook_deliveries::id.eq_any(&ids)),
                )
                .execute(self.conn)
                .map_err(map_error)?;
                self.forget_events(None, before, limit)?;
                deleted
            }
        };
        Ok(gone + deleted)
    }

    fn prepare_partitions(&mut self, months: &[NaiveDate]) -> RepoResult<usize> {
        let DbConnection::Postgresql(conn) = &mut *self.conn else {
            return Ok(0);
        };
        let mut made = 0;
        for table in PARTITIONED {
            for month in months {
                let rows: Vec<Made> = diesel::sql_query("SELECT loyalty_month_partition($1, $2) AS made")
                    .bind::<Text, _>(table)
                    .bind::<Date, _>(*month)
                    .load(conn)
                    .map_err(map_error)?;
                made += rows.iter().filter(|r| r.made).count();
            }
        }
        Ok(made)
    }
}
