//! A customer's points held in lots (`point_lots`): each remembers the Tripoli day its points
//! expire, fixed when they were earned. The sum of a customer's remaining points is its balance
//! while that is above zero; a customer who owes points (a return took back points it had
//! spent) holds no points in lots, and the points it earns next pay the debt before any go to a
//! lot. Every change of a balance goes through here, in the transaction that changes it.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::{
    ExpiredPoints, ExpiringPoints, LotRepo, NextExpiry, PointsChange, RepoError, RepoResult,
};

use super::store_days::DayDelta;
use crate::pool::DbConnection;
use crate::schema::{customers, point_lots};
use crate::tx::{map_error, DbTx};

// The expiry forecast groups a store's customers' lots by customer and last day.
diesel::allow_columns_to_appear_in_same_group_by_clause!(
    customers::store_id,
    customers::id,
    customers::name,
    customers::phone,
    point_lots::expires_on,
);

/// A customer's points left with one last day, as the forecast reads them.
#[derive(Queryable)]
struct ExpiringRow {
    store_id: i64,
    customer_id: i64,
    name: String,
    phone: Option<String>,
    expires_on: Option<NaiveDate>,
    points: i64,
}

/// A lot's remaining points and the day they expire.
#[derive(Queryable, Selectable)]
#[diesel(table_name = point_lots, check_for_backend(crate::pool::DbBackend))]
struct OpenLot {
    customer_id: i64,
    expires_on: Option<NaiveDate>,
    remaining: i64,
}

/// Adds `points` to the customer's newest open lot when it expires on the same day (or both
/// never), else to a new lot.
pub(crate) fn earn(
    conn: &mut DbConnection,
    customer_id: i64,
    points: i64,
    expires_on: Option<NaiveDate>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    if points <= 0 {
        return Ok(());
    }
    let newest: Option<(i64, Option<NaiveDate>)> = point_lots::table
        .filter(point_lots::customer_id.eq(customer_id))
        .filter(point_lots::remaining.gt(0))
        .order(point_lots::id.desc())
        .select((point_lots::id, point_lots::expires_on))
        .first(conn)
        .optional()?;
    match newest {
        Some((id, expiry)) if expiry == expires_on => {
            diesel::update(point_lots::table.find(id))
                .set((
                    point_lots::points.eq(point_lots::points + points),
                    point_lots::remaining.eq(point_lots::remaining + points),
                ))
                .execute(conn)?;
        }
        _ => {
            diesel::insert_into(point_lots::table)
                .values((
                    point_lots::customer_id.eq(customer_id),
                    point_lots::points.eq(points),
                    point_lots::remaining.eq(points),
                    point_lots::earned_at.eq(now),
                    point_lots::expires_on.eq(expires_on),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Takes `points` out of the customer's open lots, the oldest first (`newest_first`: the
/// newest). The balance was checked by the caller; lots that cannot cover it are an error.
pub(crate) fn take(conn: &mut DbConnection, customer_id: i64, points: i64, newest_first: bool) -> QueryResult<()> {
    if points <= 0 {
        return Ok(());
    }
    let open = point_lots::table
        .filter(point_lots::customer_id.eq(customer_id))
        .filter(point_lots::remaining.gt(0))
        .select((point_lots::id, point_lots::remaining));
    let lots: Vec<(i64, i64)> = if newest_first {
        open.order(point_lots::id.desc()).load(conn)?
    } else {
        open.order(point_lots::id.asc()).load(conn)?
    };
    let mut left = points;
    for (id, remaining) in lots {
        let used = remaining.min(left);
        diesel::update(point_lots::table.find(id))
            .set(point_lots::remaining.eq(point_lots::remaining - used))
            .execute(conn)?;
        left -= used;
        if left == 0 {
            return Ok(());
        }
    }
    Err(diesel::result::Error::QueryBuilderError(
        format!("customer {customer_id}'s lots hold {left} points fewer than its balance").into(),
    ))
}

impl LotRepo for DbTx<'_> {
    fn change_points(&mut self, id: i64, change: PointsChange, now: NaiveDateTime) -> RepoResult<Option<i64>> {
        let delta = change.delta();
        // One conditional UPDATE: never read-modify-write a balance. It locks the customer's
        // row, so its lots change under that lock. Points earned and a return are never
        // refused for the balance (earned points pay back what is owed; a return may leave the
        // balance below zero); every other take is, below zero.
        let live = customers::table.filter(customers::id.eq(id)).filter(customers::deleted_at.is_null());
        let set = (customers::loyalty_points.eq(customers::loyalty_points + delta), customers::updated_at.eq(now));
        let balance: Option<i64> = match change {
            // A sale that moves the customer's tier writes it in the same statement.
            PointsChange::Earn { tier: Some(standing), .. } => diesel::update(live)
                .set((
                    set,
                    customers::tier_level.eq(standing.level.map(|l| l as i64)),
                    customers::tier_grace_until.eq(standing.grace_until),
                ))
                .returning(customers::loyalty_points)
                .get_result(self.conn),
            PointsChange::Earn { tier: None, .. } | PointsChange::Return(_) => {
                diesel::update(live).set(set).returning(customers::loyalty_points).get_result(self.conn)
            }
            PointsChange::Spend(_) | PointsChange::TakeBack(_) => {
                diesel::update(live.filter(customers::loyalty_points.ge(-delta)))
                    .set(set)
                    .returning(customers::loyalty_points)
                    .get_result(self.conn)
            }
        }
        .optional()
        .map_err(map_error)?;
        if let Some(after) = balance {
            // The lots hold the balance while it is above zero, and nothing while it is owed.
            let held = |balance: i64| balance.max(0);
            let before = after - delta;
            match change {
                PointsChange::Earn { expires_on, .. } => {
                    earn(self.conn, id, held(after) - held(before), expires_on, now)
                }
                PointsChange::Spend(points) => take(self.conn, id, points, false),
                PointsChange::TakeBack(points) => take(self.conn, id, points, true),
                PointsChange::Return(_) => take(self.conn, id, held(before) - held(after), true),
            }
            .map_err(map_error)?;
        }
        Ok(balance)
    }

    fn lock_customer(&mut self, id: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let locked =
            diesel::update(customers::table.filter(customers::id.eq(id)).filter(customers::deleted_at.is_null()))
                .set(customers::updated_at.eq(now))
                .execute(self.conn)
                .map_err(map_error)?;
        Ok(locked == 1)
    }

    fn expire_due_points(
        &mut self,
        customer_id: i64,
        today: NaiveDate,
        now: NaiveDateTime,
    ) -> RepoResult<Option<ExpiredPoints>> {
        let due = point_lots::table
            .filter(point_lots::customer_id.eq(customer_id))
            .filter(point_lots::remaining.gt(0))
            .filter(point_lots::expires_on.lt(today));
        let due_points = |conn: &mut DbConnection| -> RepoResult<i64> {
            due.select(sql::<BigInt>("CAST(COALESCE(SUM(remaining), 0) AS BIGINT)")).get_result(conn).map_err(map_error)
        };
        // Most calls find nothing due and write nothing.
        if due_points(self.conn)? == 0 {
            return Ok(None);
        }
        // Lock the customer, as every other change of its points does, then count again: a
        // concurrent spend or run may have expired them meanwhile.
        let Some(store_id) = diesel::update(customers::table.find(customer_id))
            .set(customers::updated_at.eq(now))
            .returning(customers::store_id)
            .get_result::<i64>(self.conn)
            .optional()
            .map_err(map_error)?
        else {
            return Ok(None);
        };
        let expired = due_points(self.conn)?;
        if expired == 0 {
            return Ok(None);
        }
        diesel::update(due).set(point_lots::remaining.eq(0)).execute(self.conn).map_err(map_error)?;
        let balance: i64 = diesel::update(customers::table.find(customer_id))
            .set((customers::loyalty_points.eq(customers::loyalty_points - expired), customers::updated_at.eq(now)))
            .returning(customers::loyalty_points)
            .get_result(self.conn)
            .map_err(map_error)?;
        if balance < 0 {
            return Err(RepoError::Other(format!("customer {customer_id}'s lots held more than its balance")));
        }
        self.days.add(store_id, now, DayDelta::expiry(expired));
        Ok(Some(ExpiredPoints { points: expired, balance_after: balance, store_id }))
    }

    fn customers_with_due_points(&mut self, today: NaiveDate, limit: i64) -> RepoResult<Vec<i64>> {
        point_lots::table
            .filter(point_lots::remaining.gt(0))
            .filter(point_lots::expires_on.lt(today))
            .select(point_lots::customer_id)
            .distinct()
            .order(point_lots::customer_id)
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)
    }

    fn birthdays_due(&mut self, birthdays: &[String], year: i32, limit: i64) -> RepoResult<Vec<(i64, i64, i64)>> {
        use crate::schema::{loyalty_settings, stores};
        customers::table
            .inner_join(stores::table)
            .inner_join(loyalty_settings::table.on(loyalty_settings::store_owner_id.eq(stores::owner_id)))
            .filter(customers::birthday.eq_any(birthdays))
            .filter(customers::deleted_at.is_null())
            .filter(customers::birthday_year.is_null().or(customers::birthday_year.lt(year)))
            .filter(loyalty_settings::birthday_points.gt(0))
            .select((customers::id, customers::store_id, stores::owner_id))
            .order(customers::id)
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)
    }

    fn mark_birthday_given(&mut self, customer_id: i64, year: i32) -> RepoResult<bool> {
        let updated = diesel::update(
            customers::table
                .find(customer_id)
                .filter(customers::birthday_year.is_null().or(customers::birthday_year.lt(year))),
        )
        .set(customers::birthday_year.eq(year))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(updated == 1)
    }

    fn next_expiries(
        &mut self,
        customer_ids: &[i64],
        from: NaiveDate,
        until: NaiveDate,
    ) -> RepoResult<Vec<(i64, NextExpiry)>> {
        if customer_ids.is_empty() {
            return Ok(Vec::new());
        }
        // One statement per customer (a phone is in a few stores): `customer_id = ?` is prepared
        // once per connection and cached, where `IN (...)` is built, parsed and planned anew for
        // every list (issue #20's profile of the public lookup).
        let mut rows: Vec<OpenLot> = Vec::new();
        for &customer in customer_ids {
            let lots: Vec<OpenLot> = point_lots::table
                .filter(point_lots::customer_id.eq(customer))
                .filter(point_lots::remaining.gt(0))
                .filter(point_lots::expires_on.ge(from))
                .filter(point_lots::expires_on.le(until))
                .select(OpenLot::as_select())
                .order(point_lots::expires_on)
                .load(self.conn)
                .map_err(map_error)?;
            rows.extend(lots);
        }
        rows.sort_by_key(|lot| (lot.customer_id, lot.expires_on));
        let mut next: Vec<(i64, NextExpiry)> = Vec::new();
        for OpenLot { customer_id: customer, expires_on, remaining: points } in rows {
            let Some(on) = expires_on else { continue };
            match next.last_mut() {
                Some((c, n)) if *c == customer => {
                    if n.on == on {
                        n.points += points;
                    }
                }
                _ => next.push((customer, NextExpiry { points, on })),
            }
        }
        Ok(next)
    }

    fn expiring_points(
        &mut self,
        store_ids: &[i64],
        from: NaiveDate,
        until: NaiveDate,
    ) -> RepoResult<Vec<ExpiringPoints>> {
        let rows: Vec<ExpiringRow> = point_lots::table
            .inner_join(customers::table)
            .filter(customers::store_id.eq_any(store_ids))
            .filter(customers::deleted_at.is_null())
            .filter(point_lots::remaining.gt(0))
            .filter(point_lots::expires_on.ge(from))
            .filter(point_lots::expires_on.le(until))
            .group_by((customers::store_id, customers::id, customers::name, customers::phone, point_lots::expires_on))
            .select((
                customers::store_id,
                customers::id,
                customers::name,
                customers::phone,
                point_lots::expires_on,
                sql::<BigInt>("CAST(SUM(point_lots.remaining) AS BIGINT)"),
            ))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let ExpiringRow { store_id, customer_id, name, phone, expires_on, points } = r;
                Some(ExpiringPoints { store_id, customer_id, name, phone, last_day: expires_on?, points })
            })
            .collect())
    }
}
