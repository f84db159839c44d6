//! Exports: keyset pages in id order (`id > after_id ORDER BY id LIMIT n`), each its own short
//! read, so the millionth row costs what the first did.

use diesel::dsl::{count_star, max, sql};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamp};
use loyalty_application::ports::{ExportFilter, ExportRepo, RepoResult};
use loyalty_application::{
    CardExport, CustomerExport, ExportKind, InvoiceExport, LedgerExport, OwnerExport, RedemptionExport, StampEventKind,
    UserExport,
};
use loyalty_domain::Role;

mod rows;

use rows::{CardRow, CustomerRow, InvoiceRow, LedgerRow, OwnerRow, RedemptionRow, UserRow};

use super::{filter_stores, sandboxes};
use crate::pool::{DbBackend, DbConnection};
use crate::schema::{
    api_keys, customers, invoices, loyalty_tiers, packages, points_ledger, redemption_cards, redemptions, rewards,
    stores, subscriptions, users,
};
use crate::tx::{map_error, DbTx};

/// The filter's stores, time span and id bound on one table (`$table::store_id`, `$time`, `$table::id`).
/// Every store (the admin's export, `None`) leaves the owners' sandboxes out: by the joined
/// `stores` row, or by a subquery where `stores` is not joined.
macro_rules! export_filtered {
    ($query:expr, $table:ident, $time:expr, $filter:expr, $after:expr) => {
        export_filtered!($query, $table, $time, $filter, $after, $table::store_id.ne_all(sandboxes!()))
    };
    ($query:expr, $table:ident, $time:expr, $filter:expr, $after:expr, joined) => {
        export_filtered!($query, $table, $time, $filter, $after, stores::is_sandbox.eq(false))
    };
    ($query:expr, $table:ident, $time:expr, $filter:expr, $after:expr, $live:expr) => {{
        let mut query =
            $query.filter($table::id.gt($after)).filter($table::id.le($filter.upto_id)).into_boxed::<DbBackend>();
        match &$filter.store_ids {
            Some(ids) => query = filter_stores!(query, $table::store_id, ids),
            // Every store (the admin's): the owners' sandboxes are not the platform's records.
            None => query = query.filter($live),
        }
        if let Some(from) = $filter.from {
            query = query.filter($time.ge(from));
        }
        if let Some(to) = $filter.to {
            query = query.filter($time.lt(to));
        }
        query
    }};
}

/// The platform's records: the id bound and the time span on `$table::created_at` (no store).
macro_rules! platform_filtered {
    ($query:expr, $table:ident, $filter:expr, $after:expr) => {{
        let mut query =
            $query.filter($table::id.gt($after)).filter($table::id.le($filter.upto_id)).into_boxed::<DbBackend>();
        if let Some(from) = $filter.from {
            query = query.filter($table::created_at.ge(from));
        }
        if let Some(to) = $filter.to {
            query = query.filter($table::created_at.lt(to));
        }
        query
    }};
}

impl ExportRepo for DbTx<'_> {
    fn export_last_id(&mut self, kind: ExportKind) -> RepoResult<i64> {
        if let DbConnection::Postgresql(conn) = &mut *self.conn {
            // A sale in flight already holds an id from the sequence and commits later: without
            // the lock, the count would leave it out and the pages (ids up to the last) take it.
            let table = match kind {
                ExportKind::Customers => "customers",
                ExportKind::Invoices => "invoices",
                ExportKind::Redemptions => "redemptions",
                ExportKind::Ledger => "points_ledger",
                ExportKind::Users | ExportKind::StoreOwners => "users",
                ExportKind::Cards => "redemption_cards",
            };
            diesel::sql_query(format!("LOCK TABLE {table} IN SHARE MODE")).execute(conn).map_err(map_error)?;
        }
        let last: Option<i64> = match kind {
            ExportKind::Customers => customers::table.select(max(customers::id)).first(self.conn),
            ExportKind::Invoices => invoices::table.select(max(invoices::id)).first(self.conn),
            ExportKind::Redemptions => redemptions::table.select(max(redemptions::id)).first(self.conn),
            ExportKind::Ledger => points_ledger::table.select(max(points_ledger::id)).first(self.conn),
            ExportKind::Users | ExportKind::StoreOwners => users::table.select(max(users::id)).first(self.conn),
            ExportKind::Cards => redemption_cards::table.select(max(redemption_cards::id)).first(self.conn),
        }
        .map_err(map_error)?;
        Ok(last.unwrap_or(0))
    }

    fn export_count(&mut self, kind: ExportKind, filter: &ExportFilter) -> RepoResult<i64> {
        match kind {
            ExportKind::Customers => export_filtered!(
                customers::table.filter(customers::deleted_at.is_null()).select(count_star()),
                customers,
                customers::created_at,
                filter,
                0
            )
            .get_result(self.conn),
            ExportKind::Invoices => {
                export_filtered!(invoices::table.select(count_star()), invoices, invoices::created_at, filter, 0)
                    .get_result(self.conn)
            }
            ExportKind::Redemptions => export_filtered!(
                redemptions::table.select(count_star()),
                redemptions,
                redemptions::created_at,
                filter,
                0
            )
            .get_result(self.conn),
            ExportKind::Ledger => export_filtered!(
                points_ledger::table.select(count_star()),
                points_ledger,
                points_ledger::created_at,
                filter,
                0
            )
            .get_result(self.conn),
            ExportKind::Users => platform_filtered!(
                users::table.filter(users::deleted_at.is_null()).select(count_star()),
                users,
                filter,
                0
            )
            .get_result(self.conn),
            ExportKind::StoreOwners => platform_filtered!(
                users::table
                    .filter(users::deleted_at.is_null())
                    .filter(users::role.eq(Role::StoreOwner.as_str()))
                    .select(count_star()),
                users,
                filter,
                0
            )
            .get_result(self.conn),
            ExportKind::Cards => {
                platform_filtered!(redemption_cards::table.select(count_star()), redemption_cards, filter, 0)
                    .get_result(self.conn)
            }
        }
        .map_err(map_error)
    }

    fn export_customers(
        &mut self,
        filter: &ExportFilter,
        after_id: i64,
        limit: i64,
    ) -> RepoResult<Vec<CustomerExport>> {
        // The stamps that count at the export's moment, as `StampRepo::count_stamps` counts them.
        let stamps = sql::<BigInt>(&format!(
            "(SELECT COUNT(*) FROM stamp_events e WHERE e.customer_id = customers.id AND e.kind = '{}' \
             AND e.redeemed_by IS NULL AND e.revoked_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > ",
            StampEventKind::Earned.as_str()
        ))
        .bind::<Timestamp, _>(filter.at)
        .sql("))");
        let query = customers::table
            .inner_join(stores::table.on(customers::store_id.eq(stores::id)))
            .left_join(
                loyalty_tiers::table.on(loyalty_tiers::store_owner_id
                    .eq(stores::owner_id)
                    .and(loyalty_tiers::level.nullable().eq(customers::tier_level))),
            )
            .filter(customers::deleted_at.is_null())
            .select((CustomerRow::as_select(), stamps));
        let rows: Vec<(CustomerRow, i64)> =
            export_filtered!(query, customers, customers::created_at, filter, after_id, joined)
                .order(customers::id.asc())
                .limit(limit)
                .load(self.conn)
                .map_err(map_error)?;
        Ok(rows.into_iter().map(|(row, stamps)| row.into_export(stamps)).collect())
    }

    fn export_invoices(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<InvoiceExport>> {
        let query = invoices::table
            .left_join(customers::table.on(invoices::customer_id.eq(customers::id.nullable())))
            .inner_join(stores::table.on(invoices::store_id.eq(stores::id)))
            .left_join(users::table.on(invoices::pos_user_id.eq(users::id.nullable())))
            .select(InvoiceRow::as_select());
        let rows: Vec<InvoiceRow> = export_filtered!(query, invoices, invoices::created_at, filter, after_id, joined)
            .order(invoices::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows.into_iter().map(InvoiceExport::from).collect())
    }

    fn export_redemptions(
        &mut self,
        filter: &ExportFilter,
        after_id: i64,
        limit: i64,
    ) -> RepoResult<Vec<RedemptionExport>> {
        let query = redemptions::table
            .inner_join(customers::table.on(redemptions::customer_id.eq(customers::id)))
            .inner_join(stores::table.on(redemptions::store_id.eq(stores::id)))
            .left_join(rewards::table.on(redemptions::reward_id.eq(rewards::id.nullable())))
            .left_join(users::table.on(redemptions::pos_user_id.eq(users::id.nullable())))
            .select(RedemptionRow::as_select());
        let rows: Vec<RedemptionRow> =
            export_filtered!(query, redemptions, redemptions::created_at, filter, after_id, joined)
                .order(redemptions::id.asc())
                .limit(limit)
                .load(self.conn)
                .map_err(map_error)?;
        Ok(rows.into_iter().map(RedemptionExport::from).collect())
    }

    fn export_ledger(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<LedgerExport>> {
        let query = points_ledger::table
            .inner_join(customers::table.on(points_ledger::customer_id.eq(customers::id)))
            .inner_join(stores::table.on(points_ledger::store_id.eq(stores::id)))
            .left_join(users::table.on(points_ledger::actor_id.eq(users::id.nullable())))
            .left_join(api_keys::table.on(points_ledger::api_key_id.eq(api_keys::id.nullable())))
            .select(LedgerRow::as_select());
        let rows: Vec<LedgerRow> =
            export_filtered!(query, points_ledger, points_ledger::created_at, filter, after_id, joined)
                .order(points_ledger::id.asc())
                .limit(limit)
                .load(self.conn)
                .map_err(map_error)?;
        rows.into_iter().map(LedgerExport::try_from).collect()
    }

    fn export_users(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<UserExport>> {
        let query = users::table
            .left_join(stores::table.on(users::store_id.eq(stores::id.nullable())))
            .filter(users::deleted_at.is_null())
            .select(UserRow::as_select());
        let rows: Vec<UserRow> = platform_filtered!(query, users, filter, after_id)
            .order(users::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter().map(UserExport::try_from).collect()
    }

    fn export_store_owners(
        &mut self,
        filter: &ExportFilter,
        after_id: i64,
        limit: i64,
    ) -> RepoResult<Vec<OwnerExport>> {
        let query = users::table
            .left_join(
                subscriptions::table
                    .on(subscriptions::store_owner_id.eq(users::id).and(subscriptions::status.eq("active"))),
            )
            .left_join(packages::table.on(subscriptions::package_id.eq(packages::id)))
            .filter(users::deleted_at.is_null())
            .filter(users::role.eq(Role::StoreOwner.as_str()))
            .select(OwnerRow::as_select());
        let rows: Vec<OwnerRow> = platform_filtered!(query, users, filter, after_id)
            .order(users::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        // The page's owners' live stores, counted in one query.
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let counts: Vec<(i64, i64)> = stores::table
            .filter(stores::owner_id.eq_any(&ids))
            .filter(stores::deleted_at.is_null())
            .group_by(stores::owner_id)
            .select((stores::owner_id, count_star()))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let stores = counts.iter().find(|(owner, _)| *owner == row.id).map_or(0, |(_, n)| *n);
                row.into_export(stores)
            })
            .collect())
    }

    fn export_cards(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<CardExport>> {
        let query = redemption_cards::table
            .inner_join(packages::table.on(redemption_cards::package_id.eq(packages::id)))
            .left_join(users::table.on(redemption_cards::redeemed_by.eq(users::id.nullable())))
            .select(CardRow::as_select());
        let rows: Vec<CardRow> = platform_filtered!(query, redemption_cards, filter, after_id)
            .order(redemption_cards::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows.into_iter().map(CardExport::from).collect())
    }
}
