//! Fraud signals (`signals`) and the day's counts they are raised from.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::dsl::count_star;
use diesel::prelude::*;
use loyalty_application::ports::{RaisedSignal, RepoError, RepoResult, SignalRepo};
use loyalty_application::{PageRequest, PersonRef, Signal, StoreRef};
use loyalty_domain::SignalKind;

use super::{limits, stored};
use crate::pool::DbConnection;
use crate::schema::{customers, invoices, signals, stores, users};
use crate::tx::{map_error, DbTx};

/// A signal with its store's name.
#[derive(Queryable, Selectable)]
#[diesel(table_name = signals, check_for_backend(crate::pool::DbBackend))]
struct Row {
    id: i64,
    kind: String,
    day: NaiveDate,
    #[diesel(select_expression = stores::id)]
    store_id: i64,
    #[diesel(select_expression = stores::name)]
    store_name: String,
    customer_id: Option<i64>,
    user_id: Option<i64>,
    figure: i64,
    out_of: Option<i64>,
    threshold: i64,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    reviewed_at: Option<NaiveDateTime>,
    reviewed_by: Option<i64>,
}

macro_rules! signal_rows {
    () => {
        signals::table.inner_join(stores::table).select(Row::as_select())
    };
}

/// The rows with their customers' and people's names, read in two more queries.
fn with_names(conn: &mut DbConnection, rows: Vec<Row>) -> RepoResult<Vec<Signal>> {
    let customer_ids: Vec<i64> = rows.iter().filter_map(|r| r.customer_id).collect();
    let user_ids: Vec<i64> = rows.iter().flat_map(|r| [r.user_id, r.reviewed_by]).flatten().collect();
    let customer_names: HashMap<i64, String> = customers::table
        .filter(customers::id.eq_any(customer_ids))
        .select((customers::id, customers::name))
        .load(conn)
        .map_err(map_error)?
        .into_iter()
        .collect();
    let user_names: HashMap<i64, String> = users::table
        .filter(users::id.eq_any(user_ids))
        .select((users::id, users::name))
        .load(conn)
        .map_err(map_error)?
        .into_iter()
        .collect();
    let person = |id: Option<i64>, names: &HashMap<i64, String>| {
        id.map(|id| PersonRef { id, name: names.get(&id).cloned().unwrap_or_default() })
    };
    rows.into_iter()
        .map(|r| {
            let kind = stored::<SignalKind>(&r.kind)?;
            Ok(Signal {
                id: r.id,
                kind,
                day: r.day,
                store: StoreRef { id: r.store_id, name: r.store_name },
                customer: person(r.customer_id, &customer_names),
                cashier: person(r.user_id, &user_names),
                figure: r.figure,
                out_of: r.out_of,
                threshold: r.threshold,
                created_at: r.created_at,
                updated_at: r.updated_at,
                reviewed_at: r.reviewed_at,
                reviewed_by: person(r.reviewed_by, &user_names),
            })
        })
        .collect()
}

impl SignalRepo for DbTx<'_> {
    fn raise_signal(&mut self, s: RaisedSignal) -> RepoResult<bool> {
        let same = signals::table
            .filter(signals::kind.eq(s.kind.as_str()))
            .filter(signals::day.eq(s.day))
            .into_boxed::<crate::pool::DbBackend>();
        let same = match (s.customer_id, s.user_id) {
            (Some(customer), _) => same.filter(signals::customer_id.eq(customer)),
            (None, Some(user)) => same.filter(signals::user_id.eq(user)),
            (None, None) => return Err(RepoError::Other("a signal needs a customer or a cashier".into())),
        };
        let existing: Option<(i64, i64)> =
            same.select((signals::id, signals::figure)).first(self.conn).optional().map_err(map_error)?;
        match existing {
            Some((id, figure)) => {
                // A higher figure is news: the owner looks again.
                if s.figure > figure {
                    diesel::update(signals::table.find(id))
                        .set((
                            signals::figure.eq(s.figure),
                            signals::out_of.eq(s.out_of),
                            signals::threshold.eq(s.threshold),
                            signals::updated_at.eq(s.now),
                            signals::reviewed_at.eq(None::<NaiveDateTime>),
                            signals::reviewed_by.eq(None::<i64>),
                        ))
                        .execute(self.conn)
                        .map_err(map_error)?;
                }
                Ok(false)
            }
            None => {
                // The caller holds the subject's lock: the customer's row (a sale's balance
                // update) or the cashier's (`lock_user`, before a void's or manual points'
                // count), so no other transaction inserts the same signal meanwhile.
                diesel::insert_into(signals::table)
                    .values((
                        signals::store_id.eq(s.store_id),
                        signals::kind.eq(s.kind.as_str()),
                        signals::day.eq(s.day),
                        signals::customer_id.eq(s.customer_id),
                        signals::user_id.eq(s.user_id),
                        signals::figure.eq(s.figure),
                        signals::out_of.eq(s.out_of),
                        signals::threshold.eq(s.threshold),
                        signals::created_at.eq(s.now),
                        signals::updated_at.eq(s.now),
                    ))
                    .execute(self.conn)
                    .map_err(map_error)?;
                Ok(true)
            }
        }
    }

    fn list_signals(
        &mut self,
        store_ids: &[i64],
        open_only: bool,
        page: PageRequest,
    ) -> RepoResult<(Vec<Signal>, i64)> {
        let mut count = signals::table.filter(signals::store_id.eq_any(store_ids.to_vec())).into_boxed();
        let mut query = signal_rows!().filter(signals::store_id.eq_any(store_ids.to_vec())).into_boxed();
        if open_only {
            count = count.filter(signals::reviewed_at.is_null());
            query = query.filter(signals::reviewed_at.is_null());
        }
        let total: i64 = count.select(count_star()).get_result(self.conn).map_err(map_error)?;
        let (limit, offset) = limits(page);
        let rows: Vec<Row> = query
            .order((signals::day.desc(), signals::updated_at.desc(), signals::id.desc()))
            .limit(limit)
            .offset(offset)
            .load(self.conn)
            .map_err(map_error)?;
        Ok((with_names(self.conn, rows)?, total))
    }

    fn signal_by_id(&mut self, id: i64) -> RepoResult<Option<Signal>> {
        let rows: Vec<Row> = signal_rows!().filter(signals::id.eq(id)).load(self.conn).map_err(map_error)?;
        Ok(with_names(self.conn, rows)?.pop())
    }

    fn review_signal(&mut self, id: i64, by: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let changed = diesel::update(signals::table.find(id).filter(signals::reviewed_at.is_null()))
            .set((signals::reviewed_at.eq(now), signals::reviewed_by.eq(by)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(changed == 1)
    }

    fn customer_sales_since(&mut self, customer_id: i64, since: NaiveDateTime) -> RepoResult<i64> {
        invoices::table
            .filter(invoices::customer_id.eq(customer_id))
            .filter(invoices::created_at.ge(since))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn cashier_sales_and_voids_since(&mut self, user_id: i64, since: NaiveDateTime) -> RepoResult<(i64, i64)> {
        let sales = invoices::table
            .filter(invoices::pos_user_id.eq(user_id))
            .filter(invoices::created_at.ge(since))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        let voids = invoices::table
            .filter(invoices::voided_by.eq(user_id))
            .filter(invoices::voided_at.ge(since))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        Ok((sales, voids))
    }
}
