use chrono::NaiveDateTime;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::{NewStore, RecordFilter, RepoResult, StoreRepo};
use loyalty_application::{
    OwnerSummary, PersonRef, SharedPhone, StoreCustomerFigures, StoreRef, StoreScope, StoreSummary,
};
use loyalty_domain::{LoyaltySettings, Money, PointsRate, SignalThresholds};

use crate::db::pool::DbBackend;
use crate::db::schema::{customers, invoices, loyalty_settings, store_days, stores, users};
use crate::db::tx::{map_error, map_unique, DbTx};

/// Live customers' count and points, and today's sales, per store (correlated subqueries keep
/// one row per store).
/// Each store's live customers and the points they hold, in one pass over the stores'
/// customers (stores without customers are missing).
fn customer_totals(tx: &mut DbTx<'_>, store_ids: &[i64]) -> RepoResult<Vec<(i64, i64, i64)>> {
    customers::table
        .filter(customers::store_id.eq_any(store_ids))
        .filter(customers::deleted_at.is_null())
        .group_by(customers::store_id)
        .select((
            customers::store_id,
            count_star(),
            sql::<BigInt>("CAST(COALESCE(SUM(customers.loyalty_points), 0) AS BIGINT)"),
        ))
        .load(tx.conn)
        .map_err(map_error)
}

fn totals_of(totals: &[(i64, i64, i64)], store_id: i64) -> (i64, i64) {
    totals.iter().find(|t| t.0 == store_id).map_or((0, 0), |t| (t.1, t.2))
}

/// A loyalty_settings row: rate, minimum purchase, maximum total, confirm above, cashier's
/// daily points, point value, fewest points to use as money.
type SettingsRow = (i64, i64, i64, i64, i64, Option<i64>, i64, Option<i64>, (i64, i64, i64));

impl StoreRepo for DbTx<'_> {
    fn store_scope(&mut self, id: i64) -> RepoResult<Option<StoreScope>> {
        let row: Option<(i64, String, i64)> = stores::table
            .select((stores::id, stores::name, stores::owner_id))
            .filter(stores::id.eq(id))
            .filter(stores::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|(id, name, owner_id)| StoreScope { id, name, owner_id }))
    }

    fn owner_store_ids(&mut self, owner_id: i64) -> RepoResult<Vec<i64>> {
        stores::table
            .select(stores::id)
            .filter(stores::owner_id.eq(owner_id))
            .filter(stores::deleted_at.is_null())
            .order(stores::id)
            .load(self.conn)
            .map_err(map_error)
    }

    fn store_by_token(&mut self, token: &str) -> RepoResult<Option<StoreScope>> {
        let row: Option<(i64, String, i64)> = stores::table
            .select((stores::id, stores::name, stores::owner_id))
            .filter(stores::registration_token.eq(token))
            .filter(stores::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|(id, name, owner_id)| StoreScope { id, name, owner_id }))
    }

    fn list_stores(
        &mut self,
        filter: &RecordFilter,
        today: (NaiveDateTime, NaiveDateTime),
    ) -> RepoResult<Vec<StoreSummary>> {
        let mut query = stores::table
            .inner_join(users::table.on(stores::owner_id.eq(users::id)))
            .filter(stores::deleted_at.is_null())
            .select((stores::id, stores::name, stores::address, stores::owner_id, users::name, stores::created_at))
            .order(stores::id)
            .into_boxed::<DbBackend>();
        if let Some(ids) = &filter.store_ids {
            query = query.filter(stores::id.eq_any(ids.clone()));
        }
        type Row = (i64, String, Option<String>, i64, String, NaiveDateTime);
        let rows: Vec<Row> = query.load(self.conn).map_err(map_error)?;
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let totals = customer_totals(self, &ids)?;
        let sales: Vec<(i64, i64)> = invoices::table
            .filter(invoices::store_id.eq_any(&ids))
            .filter(invoices::created_at.ge(today.0))
            .filter(invoices::created_at.lt(today.1))
            .filter(invoices::voided_at.is_null())
            .group_by(invoices::store_id)
            .select((invoices::store_id, sql::<BigInt>("CAST(COALESCE(SUM(invoices.total_dirhams), 0) AS BIGINT)")))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name, address, owner_id, owner_name, created_at)| {
                let (customers, points) = totals_of(&totals, id);
                StoreSummary {
                    id,
                    name,
                    address,
                    owner: PersonRef { id: owner_id, name: owner_name },
                    customers,
                    points,
                    sales_today: Money::from_dirhams(sales.iter().find(|(s, _)| *s == id).map_or(0, |(_, t)| *t)),
                    created_at,
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
            .select((count_star(), sql::<BigInt>("CAST(COALESCE(SUM(customers.loyalty_points), 0) AS BIGINT)")))
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
        let duplicated: Vec<Option<String>> = customers::table
            .filter(customers::store_id.eq_any(store_ids))
            .filter(customers::deleted_at.is_null())
            .filter(customers::phone.is_not_null())
            .group_by(customers::phone)
            .having(count_star().gt(1))
            .select(customers::phone)
            .load(self.conn)
            .map_err(map_error)?;
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
        let phones: Vec<Option<String>> = customers::table
            .filter(customers::store_id.eq_any(store_ids))
            .filter(customers::deleted_at.is_null())
            .filter(customers::phone.is_not_null())
            .group_by(customers::phone)
            .having(count_star().gt(1))
            .select(customers::phone)
            .order(customers::phone)
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        let phones: Vec<String> = phones.into_iter().flatten().collect();
        let rows: Vec<(Option<String>, i64, String, i64, String)> = customers::table
            .inner_join(stores::table.on(stores::id.eq(customers::store_id)))
            .filter(customers::store_id.eq_any(store_ids))
            .filter(customers::deleted_at.is_null())
            .filter(customers::phone.eq_any(&phones))
            .order((customers::phone, stores::name, customers::id))
            .select((customers::phone, customers::id, customers::name, stores::id, stores::name))
            .load(self.conn)
            .map_err(map_error)?;
        let mut shared: Vec<SharedPhone> = Vec::new();
        for (phone, id, name, store_id, store_name) in rows {
            let phone = phone.unwrap_or_default();
            let entry = (id, name, StoreRef { id: store_id, name: store_name });
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
                StoreCustomerFigures { store: StoreRef { id, name }, customer_count, total_points }
            })
            .collect())
    }

    fn loyalty_settings(&mut self, owner_id: i64) -> RepoResult<LoyaltySettings> {
        let row: Option<SettingsRow> = loyalty_settings::table
            .select((
                loyalty_settings::points_per_lyd_milli,
                loyalty_settings::min_purchase_dirhams,
                loyalty_settings::max_invoice_dirhams,
                loyalty_settings::confirm_above_dirhams,
                loyalty_settings::cashier_daily_points,
                loyalty_settings::point_value_dirhams,
                loyalty_settings::min_redeem_points,
                loyalty_settings::points_expiry_months,
                (
                    loyalty_settings::signal_sales_per_customer,
                    loyalty_settings::signal_void_percent,
                    loyalty_settings::signal_manual_points,
                ),
            ))
            .find(owner_id)
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map_or(
            LoyaltySettings::DEFAULT,
            |(rate, min, max, confirm, daily, value, min_redeem, expiry, (sales, voids, manual))| LoyaltySettings {
                rate: PointsRate::from_milli(rate),
                minimum_purchase: Money::from_dirhams(min),
                max_invoice_total: Money::from_dirhams(max),
                confirm_above: Money::from_dirhams(confirm),
                cashier_daily_points: daily,
                point_value: value.map(Money::from_dirhams),
                min_redeem_points: min_redeem,
                expiry_months: expiry,
                signals: SignalThresholds { sales_per_customer: sales, void_percent: voids, manual_points: manual },
            },
        ))
    }
}
