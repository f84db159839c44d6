//! Exports: keyset pages in id order (`id > after_id ORDER BY id LIMIT n`), each its own short
//! read, so the millionth row costs what the first did.

use chrono::NaiveDateTime;
use diesel::dsl::{count_star, max};
use diesel::prelude::*;
use loyalty_application::ports::{ExportFilter, ExportRepo, RepoError, RepoResult};
use loyalty_application::{
    CardExport, CustomerExport, ExportKind, InvoiceExport, LedgerExport, LedgerKind, OwnerExport, RedemptionExport,
    UserExport,
};
use loyalty_domain::{Money, Role};

use super::filter_stores;
use crate::db::pool::DbBackend;
use crate::db::schema::{
    api_keys, customers, invoices, packages, points_ledger, redemption_cards, redemptions, rewards, stores,
    subscriptions, users,
};
use crate::db::tx::{map_error, DbTx};

/// The filter's stores, time span and id bound on one table (`$table::store_id`, `$time`, `$table::id`).
macro_rules! export_filtered {
    ($query:expr, $table:ident, $time:expr, $filter:expr, $after:expr) => {{
        let mut query =
            $query.filter($table::id.gt($after)).filter($table::id.le($filter.upto_id)).into_boxed::<DbBackend>();
        if let Some(ids) = &$filter.store_ids {
            query = filter_stores!(query, $table::store_id, ids);
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

type UserRow = (i64, String, String, String, Option<String>, Option<String>, bool, NaiveDateTime);
type OwnerRow = (i64, String, String, Option<String>, bool, NaiveDateTime, Option<String>, Option<NaiveDateTime>);
type CardRow =
    (i64, String, String, Option<NaiveDateTime>, Option<String>, Option<NaiveDateTime>, Option<String>, NaiveDateTime);

type CustomerRow = (i64, String, String, Option<String>, Option<String>, i64, NaiveDateTime, bool);
type InvoiceRow = (
    i64,
    NaiveDateTime,
    String,
    Option<String>,
    i64,
    String,
    Option<String>,
    i64,
    i64,
    Option<String>,
    Option<NaiveDateTime>,
    Option<String>,
);
type RedemptionRow =
    (i64, NaiveDateTime, String, i64, String, Option<String>, Option<String>, i64, Option<i64>, Option<String>);
type LedgerRow = (
    i64,
    NaiveDateTime,
    String,
    i64,
    String,
    String,
    i64,
    i64,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<i64>,
);

impl ExportRepo for DbTx<'_> {
    fn export_last_id(&mut self, kind: ExportKind) -> RepoResult<i64> {
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
        let query = customers::table
            .inner_join(stores::table.on(customers::store_id.eq(stores::id)))
            .filter(customers::deleted_at.is_null())
            .select((
                customers::id,
                stores::name,
                customers::name,
                customers::phone,
                customers::email,
                customers::loyalty_points,
                customers::created_at,
                customers::unconfirmed_join,
            ));
        let rows: Vec<CustomerRow> = export_filtered!(query, customers, customers::created_at, filter, after_id)
            .order(customers::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, store, name, phone, email, points, joined_at, unconfirmed_join)| CustomerExport {
                id,
                store,
                name,
                phone,
                email,
                points,
                joined_at,
                unconfirmed_join,
            })
            .collect())
    }

    fn export_invoices(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<InvoiceExport>> {
        let query = invoices::table
            .inner_join(customers::table.on(invoices::customer_id.eq(customers::id)))
            .inner_join(stores::table.on(invoices::store_id.eq(stores::id)))
            .left_join(users::table.on(invoices::pos_user_id.eq(users::id.nullable())))
            .select((
                invoices::id,
                invoices::created_at,
                stores::name,
                invoices::invoice_number,
                invoices::customer_id,
                customers::name,
                customers::phone,
                invoices::total_dirhams,
                invoices::points_earned,
                users::name.nullable(),
                invoices::voided_at,
                invoices::void_reason,
            ));
        let rows: Vec<InvoiceRow> = export_filtered!(query, invoices, invoices::created_at, filter, after_id)
            .order(invoices::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(
                |(
                    id,
                    created_at,
                    store,
                    invoice_number,
                    customer_id,
                    customer_name,
                    customer_phone,
                    total,
                    points_earned,
                    cashier,
                    voided_at,
                    void_reason,
                )| InvoiceExport {
                    id,
                    created_at,
                    store,
                    invoice_number,
                    customer_id,
                    customer_name,
                    customer_phone,
                    total: Money::from_dirhams(total),
                    points_earned,
                    cashier,
                    voided_at,
                    void_reason,
                },
            )
            .collect())
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
            .select((
                redemptions::id,
                redemptions::created_at,
                stores::name,
                redemptions::customer_id,
                customers::name,
                customers::phone,
                rewards::name.nullable(),
                redemptions::points_spent,
                redemptions::value_dirhams,
                users::name.nullable(),
            ));
        let rows: Vec<RedemptionRow> = export_filtered!(query, redemptions, redemptions::created_at, filter, after_id)
            .order(redemptions::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(
                |(
                    id,
                    created_at,
                    store,
                    customer_id,
                    customer_name,
                    customer_phone,
                    reward,
                    points_spent,
                    value,
                    cashier,
                )| {
                    RedemptionExport {
                        id,
                        created_at,
                        store,
                        customer_id,
                        customer_name,
                        customer_phone,
                        reward,
                        points_spent,
                        value: value.map(Money::from_dirhams),
                        cashier,
                    }
                },
            )
            .collect())
    }

    fn export_ledger(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<LedgerExport>> {
        let query = points_ledger::table
            .inner_join(customers::table.on(points_ledger::customer_id.eq(customers::id)))
            .inner_join(stores::table.on(points_ledger::store_id.eq(stores::id)))
            .left_join(users::table.on(points_ledger::actor_id.eq(users::id.nullable())))
            .left_join(api_keys::table.on(points_ledger::api_key_id.eq(api_keys::id.nullable())))
            .select((
                points_ledger::id,
                points_ledger::created_at,
                stores::name,
                points_ledger::customer_id,
                customers::name,
                points_ledger::kind,
                points_ledger::delta,
                points_ledger::balance_after,
                points_ledger::reason,
                users::name.nullable(),
                api_keys::name.nullable(),
                points_ledger::invoice_id,
                points_ledger::redemption_id,
            ));
        let rows: Vec<LedgerRow> = export_filtered!(query, points_ledger, points_ledger::created_at, filter, after_id)
            .order(points_ledger::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter()
            .map(
                |(
                    id,
                    created_at,
                    store,
                    customer_id,
                    customer_name,
                    kind,
                    delta,
                    balance_after,
                    reason,
                    user,
                    key,
                    invoice_id,
                    redemption_id,
                )| {
                    let kind = LedgerKind::parse(&kind)
                        .ok_or_else(|| RepoError::Other(format!("unknown ledger kind {kind}")))?;
                    Ok(LedgerExport {
                        id,
                        created_at,
                        store,
                        customer_id,
                        customer_name,
                        kind,
                        delta,
                        balance_after,
                        reason,
                        // A key's change is its owner's (the user); the key's name says which.
                        by: key.or(user),
                        invoice_id,
                        redemption_id,
                    })
                },
            )
            .collect()
    }

    fn export_users(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<UserExport>> {
        let query = users::table
            .left_join(stores::table.on(users::store_id.eq(stores::id.nullable())))
            .filter(users::deleted_at.is_null())
            .select((
                users::id,
                users::name,
                users::email,
                users::role,
                users::store_owner_name,
                stores::name.nullable(),
                users::is_active,
                users::created_at,
            ));
        let rows: Vec<UserRow> = platform_filtered!(query, users, filter, after_id)
            .order(users::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter()
            .map(|(id, name, email, role, business_name, store, active, created_at)| {
                let role = Role::parse(&role).ok_or_else(|| RepoError::Other(format!("user {id} has role {role}")))?;
                Ok(UserExport { id, name, email, role, business_name, store, active, created_at })
            })
            .collect()
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
            .select((
                users::id,
                users::name,
                users::email,
                users::store_owner_name,
                users::is_active,
                users::created_at,
                packages::name.nullable(),
                subscriptions::ends_at.nullable(),
            ));
        let rows: Vec<OwnerRow> = platform_filtered!(query, users, filter, after_id)
            .order(users::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        // The page's owners' live stores, counted in one query.
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let counts: Vec<(i64, i64)> = stores::table
            .filter(stores::owner_id.eq_any(&ids))
            .filter(stores::deleted_at.is_null())
            .group_by(stores::owner_id)
            .select((stores::owner_id, count_star()))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name, email, business_name, active, created_at, plan, plan_ends_at)| OwnerExport {
                stores: counts.iter().find(|(owner, _)| *owner == id).map_or(0, |(_, n)| *n),
                id,
                name,
                email,
                business_name,
                plan,
                plan_ends_at,
                active,
                created_at,
            })
            .collect())
    }

    fn export_cards(&mut self, filter: &ExportFilter, after_id: i64, limit: i64) -> RepoResult<Vec<CardExport>> {
        let query = redemption_cards::table
            .inner_join(packages::table.on(redemption_cards::package_id.eq(packages::id)))
            .left_join(users::table.on(redemption_cards::redeemed_by.eq(users::id.nullable())))
            .select((
                redemption_cards::id,
                redemption_cards::code,
                packages::name,
                redemption_cards::expires_at,
                users::email.nullable(),
                redemption_cards::redeemed_at,
                redemption_cards::notes,
                redemption_cards::created_at,
            ));
        let rows: Vec<CardRow> = platform_filtered!(query, redemption_cards, filter, after_id)
            .order(redemption_cards::id.asc())
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, code, package, expires_at, redeemed_by, redeemed_at, notes, created_at)| CardExport {
                id,
                code,
                package,
                expires_at,
                redeemed_by,
                redeemed_at,
                notes,
                created_at,
            })
            .collect())
    }
}
