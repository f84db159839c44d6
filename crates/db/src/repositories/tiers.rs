//! An owner's tiers (`loyalty_tiers`, level 0 the lowest) and each customer's standing on them
//! (`customers.tier_level`, `customers.tier_grace_until`). A customer's spend is its live sales
//! (not voided) since the window's start, less what was returned of them, read in the statement
//! that reads its standing.

use chrono::NaiveDateTime;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamp};
use loyalty_application::ports::{RepoResult, TierHolder, TierRepo};
use loyalty_domain::tiers::{Standing, Tier, TierLadder};
use loyalty_domain::Money;

use crate::pool::DbBackend;
use crate::schema::{customers, loyalty_tiers, stores};
use crate::tx::{map_error, DbTx};

#[derive(Queryable, Selectable)]
#[diesel(table_name = loyalty_tiers, check_for_backend(DbBackend))]
struct TierRow {
    name_en: String,
    name_ar: String,
    min_spend_dirhams: i64,
    multiplier_milli: i64,
}

/// The spend rule's SQL: the sales of the row of `customers` in the query, not voided, less
/// what was returned of them, from the moment bound next on.
macro_rules! spend_sql {
    () => {
        "SELECT CAST(COALESCE(SUM(i.total_dirhams - i.returned_dirhams), 0) AS BIGINT) FROM invoices i \
         WHERE i.customer_id = customers.id AND i.voided_at IS NULL AND i.created_at >= "
    };
}

/// The customer's spend since the bound moment, correlated with the row of `customers`.
macro_rules! spend_since {
    ($since:expr) => {
        sql::<BigInt>(concat!("(", spend_sql!())).bind::<Timestamp, _>($since).sql(")")
    };
}

/// The same, NULL when the owner (the row of `users` in the query) has no tiers: a sale reads
/// it with its owner's settings (`StoreRepo::sale_settings`), at no cost without tiers. On
/// PostgreSQL (`$postgres`) through `loyalty_customer_spend` (migration
/// `2026-11-28-000062_customer_spend_function`, the same rule): planned once per session, not
/// with every sale over every month's partition of `invoices`.
macro_rules! spend_if_tiers {
    ($since:expr, $postgres:expr) => {{
        let open = if $postgres {
            concat!(
                "CASE WHEN EXISTS (SELECT 1 FROM loyalty_tiers t WHERE t.store_owner_id = users.id) THEN (",
                "loyalty_customer_spend(customers.id, "
            )
        } else {
            concat!(
                "CASE WHEN EXISTS (SELECT 1 FROM loyalty_tiers t WHERE t.store_owner_id = users.id) THEN (",
                $crate::repositories::tiers::spend_sql!()
            )
        };
        let close = if $postgres { ")) END" } else { ") END" };
        diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>>(open)
            .bind::<diesel::sql_types::Timestamp, _>($since)
            .sql(close)
    }};
}
pub(crate) use {spend_if_tiers, spend_sql};

fn holder((customer_id, level, grace_until, spend): (i64, Option<i64>, Option<chrono::NaiveDate>, i64)) -> TierHolder {
    TierHolder {
        customer_id,
        standing: Standing { level: level.and_then(|l| usize::try_from(l).ok()), grace_until },
        spend: Money::from_dirhams(spend),
    }
}

impl TierRepo for DbTx<'_> {
    fn loyalty_tiers(&mut self, owner_id: i64) -> RepoResult<TierLadder> {
        let rows: Vec<TierRow> = loyalty_tiers::table
            .filter(loyalty_tiers::store_owner_id.eq(owner_id))
            .order(loyalty_tiers::level.asc())
            .select(TierRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        Ok(TierLadder::from_stored(
            rows.into_iter()
                .map(|r| Tier {
                    name_en: r.name_en,
                    name_ar: r.name_ar,
                    min_spend: Money::from_dirhams(r.min_spend_dirhams),
                    multiplier_milli: r.multiplier_milli,
                })
                .collect(),
        ))
    }

    fn save_loyalty_tiers(&mut self, owner_id: i64, ladder: &TierLadder, now: NaiveDateTime) -> RepoResult<()> {
        diesel::delete(loyalty_tiers::table.filter(loyalty_tiers::store_owner_id.eq(owner_id)))
            .execute(self.conn)
            .map_err(map_error)?;
        let rows: Vec<_> = ladder
            .tiers()
            .iter()
            .enumerate()
            .map(|(level, tier)| {
                (
                    loyalty_tiers::store_owner_id.eq(owner_id),
                    loyalty_tiers::level.eq(level as i64),
                    loyalty_tiers::name_en.eq(&tier.name_en),
                    loyalty_tiers::name_ar.eq(&tier.name_ar),
                    loyalty_tiers::min_spend_dirhams.eq(tier.min_spend.dirhams()),
                    loyalty_tiers::multiplier_milli.eq(tier.multiplier_milli),
                    loyalty_tiers::updated_at.eq(now),
                )
            })
            .collect();
        for row in rows {
            diesel::insert_into(loyalty_tiers::table).values(row).execute(self.conn).map_err(map_error)?;
        }
        Ok(())
    }

    fn tier_holder(&mut self, customer_id: i64, since: NaiveDateTime) -> RepoResult<Option<TierHolder>> {
        let row = customers::table
            .find(customer_id)
            .select((customers::id, customers::tier_level, customers::tier_grace_until, spend_since!(since)))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(holder))
    }

    fn set_tier_standing(&mut self, customer_id: i64, standing: Standing) -> RepoResult<()> {
        diesel::update(customers::table.find(customer_id))
            .set((
                customers::tier_level.eq(standing.level.map(|l| l as i64)),
                customers::tier_grace_until.eq(standing.grace_until),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn owners_with_tiers(&mut self) -> RepoResult<Vec<i64>> {
        loyalty_tiers::table
            .select(loyalty_tiers::store_owner_id)
            .distinct()
            .order(loyalty_tiers::store_owner_id.asc())
            .load(self.conn)
            .map_err(map_error)
    }

    fn tier_holders(
        &mut self,
        owner_id: i64,
        since: NaiveDateTime,
        after: i64,
        limit: i64,
    ) -> RepoResult<Vec<TierHolder>> {
        let rows: Vec<(i64, Option<i64>, Option<chrono::NaiveDate>, i64)> = customers::table
            .inner_join(stores::table)
            .filter(stores::owner_id.eq(owner_id))
            .filter(customers::deleted_at.is_null())
            .filter(customers::id.gt(after))
            .order(customers::id.asc())
            .limit(limit)
            .select((customers::id, customers::tier_level, customers::tier_grace_until, spend_since!(since)))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows.into_iter().map(holder).collect())
    }

    fn clear_tier_standings(&mut self, owner_id: i64) -> RepoResult<()> {
        let owned = stores::table.filter(stores::owner_id.eq(owner_id)).select(stores::id);
        diesel::update(customers::table.filter(customers::store_id.eq_any(owned)))
            .filter(customers::tier_level.is_not_null())
            .set((customers::tier_level.eq(None::<i64>), customers::tier_grace_until.eq(None::<chrono::NaiveDate>)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }
}
