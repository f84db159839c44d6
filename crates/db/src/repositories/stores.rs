use chrono::{NaiveDate, NaiveDateTime};
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::{NewStore, RecordFilter, RepoResult, SaleStart, StoreRepo, TierHolder};
use loyalty_application::{
    OwnerSummary, PersonRef, SharedPhone, StoreCustomerFigures, StoreRef, StoreScope, StoreSummary,
};
use loyalty_domain::tiers::Standing;
use loyalty_domain::{LoyaltySettings, Money, PointsRate, SignalThresholds};

use crate::pool::DbBackend;
use crate::schema::{customers, invoices, loyalty_settings, store_days, stores, users};
use crate::tx::{map_error, map_unique, DbTx};

/// Live customers' count and points, and today's sales, per store (correlated subqueries keep
/// one row per store).
/// Each store's live customers and the points they hold, in one pass over the stores'
/// customers (stores without customers are missing).
/// The points customers hold: their balances above zero (the sum of their lots). A customer who
/// owes points (a return took back points it had spent) holds none; what it owes is not
/// taken off what the others hold.
const HELD_POINTS: &str =
    "CAST(COALESCE(SUM(CASE WHEN customers.loyalty_points > 0 THEN customers.loyalty_points ELSE 0 END), 0) AS BIGINT)";
/// Points customers owe (balances below zero after a return), as a positive number.
const OWED_POINTS: &str =
    "CAST(COALESCE(SUM(CASE WHEN customers.loyalty_points < 0 THEN -customers.loyalty_points ELSE 0 END), 0) AS BIGINT)";

fn customer_totals(tx: &mut DbTx<'_>, store_ids: &[i64]) -> RepoResult<Vec<CustomerTotals>> {
    customers::table
        .filter(customers::store_id.eq_any(store_ids))
        .filter(customers::deleted_at.is_null())
        .group_by(customers::store_id)
        .select(CustomerTotals::as_select())
        .load(tx.conn)
        .map_err(map_error)
}

/// A store's live customers and the points they hold.
#[derive(Queryable, Selectable)]
#[diesel(table_name = customers, check_for_backend(DbBackend))]
struct CustomerTotals {
    store_id: i64,
    #[diesel(select_expression = count_star(), select_expression_type = diesel::dsl::count_star)]
    customers: i64,
    #[diesel(
        select_expression = sql::<BigInt>(HELD_POINTS),
        select_expression_type = diesel::expression::SqlLiteral<BigInt>
    )]
    points: i64,
    #[diesel(
        select_expression = sql::<BigInt>(OWED_POINTS),
        select_expression_type = diesel::expression::SqlLiteral<BigInt>
    )]
    owed: i64,
}

/// (customers, points) of a store, 0 for a store without customers.
fn totals_of(totals: &[CustomerTotals], store_id: i64) -> (i64, i64) {
    totals.iter().find(|t| t.store_id == store_id).map_or((0, 0), |t| (t.customers, t.points))
}

/// The points a store's customers owe, 0 for a store without customers.
fn owed_of(totals: &[CustomerTotals], store_id: i64) -> i64 {
    totals.iter().find(|t| t.store_id == store_id).map_or(0, |t| t.owed)
}

/// An owner's loyalty settings as stored.
#[derive(Queryable, Selectable)]
#[diesel(table_name = loyalty_settings, check_for_backend(DbBackend))]
struct SettingsRow {
    points_per_lyd_milli: i64,
    min_purchase_dirhams: i64,
    max_invoice_dirhams: i64,
    confirm_above_dirhams: i64,
    cashier_daily_points: i64,
    point_value_dirhams: Option<i64>,
    min_redeem_points: i64,
    points_expiry_months: Option<i64>,
    birthday_points: i64,
    messages_monthly_limit: i64,
    signal_sales_per_customer: i64,
    signal_void_percent: i64,
    signal_manual_points: i64,
}

/// A store as the store list shows it, with its owner's name.
#[derive(Queryable, Selectable)]
#[diesel(table_name = stores, check_for_backend(DbBackend))]
struct StoreListRow {
    id: i64,
    name: String,
    address: Option<String>,
    owner_id: i64,
    #[diesel(select_expression = users::name)]
    owner_name: String,
    created_at: NaiveDateTime,
}

/// A customer who shares a phone number, with the store it belongs to.
#[derive(Queryable, Selectable)]
#[diesel(table_name = customers, check_for_backend(DbBackend))]
struct SharedPhoneRow {
    phone: Option<String>,
    id: i64,
    name: String,
    #[diesel(select_expression = stores::id)]
    store_id: i64,
    #[diesel(select_expression = stores::name)]
    store_name: String,
}

/// A store's scope: what tenancy checks need.
#[derive(Queryable, Selectable)]
#[diesel(table_name = stores, check_for_backend(DbBackend))]
struct ScopeRow {
    id: i64,
    name: String,
    owner_id: i64,
    is_sandbox: bool,
}

impl From<ScopeRow> for StoreScope {
    fn from(row: ScopeRow) -> Self {
        StoreScope { id: row.id, name: row.name, owner_id: row.owner_id, sandbox: row.is_sandbox }
    }
}

/// The phone numbers of live customers registered in more than one of these stores.
macro_rules! shared_phones {
    ($store_ids:expr) => {
        customers::table
            .filter(customers::store_id.eq_any($store_ids))
            .filter(customers::deleted_at.is_null())
            .filter(customers::phone.is_not_null())
            .group_by(customers::phone)
            .having(count_star().gt(1))
            .select(customers::phone)
    };
}

/// The scope of the live store (not deleted) that `which` picks.
macro_rules! live_scope {
    ($conn:expr, $which:expr) => {{
        let row: Option<ScopeRow> = stores::table
            .select(ScopeRow::as_select())
            .filter($which)
            .filter(stores::deleted_at.is_null())
            .first($conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(StoreScope::from))
    }};
}

impl StoreRepo for DbTx<'_> {
    fn store_scope(&mut self, id: i64) -> RepoResult<Option<StoreScope>> {
        live_scope!(self.conn, stores::id.eq(id))
    }

    fn owner_store_ids(&mut self, owner_id: i64) -> RepoResult<Vec<i64>> {
        stores::table
            .select(stores::id)
            .filter(stores::owner_id.eq(owner_id))
            .filter(stores::deleted_at.is_null())
            .filter(stores::is_sandbox.eq(false))
            .order(stores::id)
            .load(self.conn)
            .map_err(map_error)
    }

    fn sandbox_store_id(&mut self, owner_id: i64) -> RepoResult<Option<i64>> {
        stores::table
            .select(stores::id)
            .filter(stores::owner_id.eq(owner_id))
            .filter(stores::is_sandbox.eq(true))
            .filter(stores::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)
    }

    fn store_by_token(&mut self, token: &str) -> RepoResult<Option<StoreScope>> {
        live_scope!(self.conn, stores::registration_token.eq(token))
    }

    fn list_stores(
        &mut self,
        filter: &RecordFilter,
        today: (NaiveDateTime, NaiveDateTime),
    ) -> RepoResult<Vec<StoreSummary>> {
        let mut query = stores::table
            .inner_join(users::table.on(stores::owner_id.eq(users::id)))
            .filter(stores::deleted_at.is_null())
            .select(StoreListRow::as_select())
            .order(stores::id)
            .into_boxed::<DbBackend>();
        match &filter.store_ids {
            Some(ids) => query = query.filter(stores::id.eq_any(ids.clone())),
            // Every store (the admin's list): the owners' sandboxes are not the platform's.
            None => query = query.filter(stores::is_sandbox.eq(false)),
        }
        let rows: Vec<StoreListRow> = query.load(self.conn).map_err(map_error)?;
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let totals = customer_totals(self, &ids)?;
        let sales: Vec<(i64, i64)> = invoices::table
            .filter(invoices::store_id.eq_any(&ids))
            .filter(invoices::created_at.ge(today.0))
            .filter(invoices::created_at.lt(today.1))
            .filter(invoices::voided_at.is_null())
            .group_by(invoices::store_id)
            .select((
                invoices::store_id,
                sql::<BigInt>("CAST(COALESCE(SUM(invoices.total_dirhams - invoices.returned_dirhams), 0) AS BIGINT)"),
            ))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let (customers, points) = totals_of(&totals, row.id);
                StoreSummary {
                    id: row.id,
                    name: row.name,
                    address: row.address,
                    owner: PersonRef { id: row.owner_id, name: row.owner_name },
                    customers,
                    points,
                    sales_today: Money::from_dirhams(sales.iter().find(|(s, _)| *s == row.id).map_or(0, |(_, t)| *t)),
                    created_at: row.created_at,
                }
            })
            .collect())
    }

    fn insert_store(&mut self, store: NewStore) -> RepoResult<i64> {
        diesel::insert_into(stores::table)
            .values((
                stores::owner_id.eq(store.owner_id),
                stores::name.eq(store.name),
                stores::address.eq(store.address),
                stores::registration_token.eq(store.registration_token),
                stores::is_sandbox.eq(store.sandbox),
                stores::created_at.eq(store.now),
                stores::updated_at.eq(store.now),
            ))
            .returning(stores::id)
            .get_result(self.conn)
            .map_err(map_unique("stores.registration_token"))
    }

    fn update_store(&mut self, id: i64, name: &str, address: Option<&str>, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(stores::table.find(id))
            .set((stores::name.eq(name), stores::address.eq(address), stores::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn lock_user(&mut self, user_id: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let changed = diesel::update(users::table.find(user_id).filter(users::deleted_at.is_null()))
            .set(users::updated_at.eq(now))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(changed == 1)
    }

    fn registration_token(&mut self, store_id: i64) -> RepoResult<Option<String>> {
        stores::table.select(stores::registration_token).find(store_id).first(self.conn).optional().map_err(map_error)
    }

    fn replace_registration_token(&mut self, store_id: i64, token: &str, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(stores::table.find(store_id))
            .set((stores::registration_token.eq(token), stores::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_unique("stores.registration_token"))?;
        Ok(())
    }

    fn save_loyalty_settings(
        &mut self,
        owner_id: i64,
        settings: &LoyaltySettings,
        now: NaiveDateTime,
    ) -> RepoResult<()> {
        let values = (
            loyalty_settings::points_per_lyd_milli.eq(settings.rate.milli()),
            loyalty_settings::min_purchase_dirhams.eq(settings.minimum_purchase.dirhams()),
            loyalty_settings::max_invoice_dirhams.eq(settings.max_invoice_total.dirhams()),
            loyalty_settings::confirm_above_dirhams.eq(settings.confirm_above.dirhams()),
            loyalty_settings::cashier_daily_points.eq(settings.cashier_daily_points),
            loyalty_settings::point_value_dirhams.eq(settings.point_value.map(Money::dirhams)),
            loyalty_settings::min_redeem_points.eq(settings.min_redeem_points),
            loyalty_settings::points_expiry_months.eq(settings.expiry_months),
            loyalty_settings::birthday_points.eq(settings.birthday_points),
            loyalty_settings::messages_monthly_limit.eq(settings.messages_monthly_limit),
            loyalty_settings::signal_sales_per_customer.eq(settings.signals.sales_per_customer),
            loyalty_settings::signal_void_percent.eq(settings.signals.void_percent),
            loyalty_settings::signal_manual_points.eq(settings.signals.manual_points),
            loyalty_settings::updated_at.eq(now),
        );
        let changed =
            diesel::update(loyalty_settings::table.find(owner_id)).set(values).execute(self.conn).map_err(map_error)?;
        if changed == 0 {
            diesel::insert_into(loyalty_settings::table)
                .values((loyalty_settings::store_owner_id.eq(owner_id), values))
                .execute(self.conn)
                .map_err(map_error)?;
        }
        Ok(())
    }

    fn owner_summary(&mut self, store_ids: &[i64]) -> RepoResult<OwnerSummary> {
        let (customers, points_outstanding): (i64, i64) = customers::table
            .filter(customers::store_id.eq_any(store_ids))
            .filter(customers::deleted_at.is_null())
            .select((count_star(), sql::<BigInt>(HELD_POINTS)))
            .get_result(self.conn)
            .map_err(map_error)?;
        let (revenue, points_issued): (i64, i64) = store_days::table
            .filter(store_days::store_id.eq_any(store_ids))
            .select((
                sql::<BigInt>("CAST(COALESCE(SUM(store_days.revenue_dirhams), 0) AS BIGINT)"),
                sql::<BigInt>("CAST(COALESCE(SUM(store_days.points_issued), 0) AS BIGINT)"),
            ))
            .get_result(self.conn)
            .map_err(map_error)?;
        // Phone numbers registered in more than one of the owner's stores.
        let duplicated: Vec<Option<String>> = shared_phones!(store_ids).load(self.conn).map_err(map_error)?;
        Ok(OwnerSummary {
            stores: i64::try_from(store_ids.len()).unwrap_or(i64::MAX),
            revenue: Money::from_dirhams(revenue),
            customers,
            points_issued,
            duplicate_phone_numbers: i64::try_from(duplicated.len()).unwrap_or(i64::MAX),
            points_outstanding,
        })
    }

    fn shared_phone_customers(&mut self, store_ids: &[i64], limit: i64) -> RepoResult<Vec<SharedPhone>> {
        let phones: Vec<Option<String>> =
            shared_phones!(store_ids).order(customers::phone).limit(limit).load(self.conn).map_err(map_error)?;
        let phones: Vec<String> = phones.into_iter().flatten().collect();
        let rows: Vec<SharedPhoneRow> = customers::table
            .inner_join(stores::table.on(stores::id.eq(customers::store_id)))
            .filter(customers::store_id.eq_any(store_ids))
            .filter(customers::deleted_at.is_null())
            .filter(customers::phone.eq_any(&phones))
            .order((customers::phone, stores::name, customers::id))
            .select(SharedPhoneRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        let mut shared: Vec<SharedPhone> = Vec::new();
        for row in rows {
            let phone = row.phone.unwrap_or_default();
            let entry = (row.id, row.name, StoreRef { id: row.store_id, name: row.store_name });
            match shared.last_mut() {
                Some(last) if last.phone == phone => last.customers.push(entry),
                _ => shared.push(SharedPhone { phone, customers: vec![entry] }),
            }
        }
        Ok(shared)
    }

    fn store_customer_figures(&mut self, store_ids: &[i64]) -> RepoResult<Vec<StoreCustomerFigures>> {
        let rows: Vec<(i64, String)> = stores::table
            .filter(stores::id.eq_any(store_ids))
            .filter(stores::deleted_at.is_null())
            .select((stores::id, stores::name))
            .order(stores::id)
            .load(self.conn)
            .map_err(map_error)?;
        let totals = customer_totals(self, store_ids)?;
        Ok(rows
            .into_iter()
            .map(|(id, name)| {
                let (customer_count, total_points) = totals_of(&totals, id);
                let points_owed = owed_of(&totals, id);
                StoreCustomerFigures { store: StoreRef { id, name }, customer_count, total_points, points_owed }
            })
            .collect())
    }

    fn loyalty_settings(&mut self, owner_id: i64) -> RepoResult<LoyaltySettings> {
        let row: Option<SettingsRow> = loyalty_settings::table
            .select(SettingsRow::as_select())
            .find(owner_id)
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(settings_of(row))
    }

    fn sale_settings(
        &mut self,
        owner_id: i64,
        customer: Option<(i64, NaiveDateTime)>,
    ) -> RepoResult<Option<SaleStart>> {
        // Without a customer, one that no row has: its columns read NULL.
        let (customer_id, since) = customer.unwrap_or((0, NaiveDateTime::default()));
        let postgres = matches!(&*self.conn, crate::DbConnection::Postgresql(_));
        type Row = (i64, Option<SettingsRow>, Option<i64>, Option<i64>, Option<NaiveDate>, Option<i64>);
        let row: Option<Row> = users::table
            .left_join(loyalty_settings::table.on(loyalty_settings::store_owner_id.eq(users::id)))
            .left_join(customers::table.on(customers::id.eq(customer_id)))
            .filter(users::id.eq(owner_id))
            .select((
                users::programs_version,
                Option::<SettingsRow>::as_select(),
                customers::id.nullable(),
                customers::tier_level.nullable(),
                customers::tier_grace_until.nullable(),
                super::tiers::spend_if_tiers!(since, postgres),
            ))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|(programs_version, row, customer, level, grace_until, spend)| SaleStart {
            settings: settings_of(row),
            programs_version,
            holder: customer.zip(spend).map(|(customer_id, spend)| TierHolder {
                customer_id,
                standing: Standing { level: level.and_then(|l| usize::try_from(l).ok()), grace_until },
                spend: Money::from_dirhams(spend),
            }),
        }))
    }
}

/// The settings a row holds, `LoyaltySettings::DEFAULT` without one.
fn settings_of(row: Option<SettingsRow>) -> LoyaltySettings {
    row.map_or(LoyaltySettings::DEFAULT, |row| LoyaltySettings {
        rate: PointsRate::from_milli(row.points_per_lyd_milli),
        minimum_purchase: Money::from_dirhams(row.min_purchase_dirhams),
        max_invoice_total: Money::from_dirhams(row.max_invoice_dirhams),
        confirm_above: Money::from_dirhams(row.confirm_above_dirhams),
        cashier_daily_points: row.cashier_daily_points,
        point_value: row.point_value_dirhams.map(Money::from_dirhams),
        min_redeem_points: row.min_redeem_points,
        expiry_months: row.points_expiry_months,
        birthday_points: row.birthday_points,
        messages_monthly_limit: row.messages_monthly_limit,
        signals: SignalThresholds {
            sales_per_customer: row.signal_sales_per_customer,
            void_percent: row.signal_void_percent,
            manual_points: row.signal_manual_points,
        },
    })
}
