//! The dashboards' figures per store and Tripoli day (`store_days`), kept in the transaction of
//! every sale, void and gift so the dashboards read O(stores x days) rows, not every invoice.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::upsert::excluded;
use loyalty_domain::local_day::local_date;

use crate::pool::DbConnection;
use crate::schema::store_days;

/// What one sale, void or gift adds to its store's day (negative for a void).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct DayDelta {
    pub invoices: i64,
    pub revenue_dirhams: i64,
    pub points_issued: i64,
    pub redemptions: i64,
    pub points_redeemed: i64,
    pub points_expired: i64,
}

impl DayDelta {
    pub fn sale(total_dirhams: i64, points: i64) -> Self {
        Self { invoices: 1, revenue_dirhams: total_dirhams, points_issued: points, ..Self::default() }
    }

    pub fn void(total_dirhams: i64, points: i64) -> Self {
        Self { invoices: -1, revenue_dirhams: -total_dirhams, points_issued: -points, ..Self::default() }
    }

    /// Goods returned against a sale: its revenue and points shrink, it stays one sale.
    pub fn returned(amount_dirhams: i64, points: i64) -> Self {
        Self { revenue_dirhams: -amount_dirhams, points_issued: -points, ..Self::default() }
    }

    pub fn gift(points_spent: i64) -> Self {
        Self { redemptions: 1, points_redeemed: points_spent, ..Self::default() }
    }

    pub fn expiry(points: i64) -> Self {
        Self { points_expired: points, ..Self::default() }
    }

    fn add(&mut self, other: DayDelta) {
        self.invoices += other.invoices;
        self.revenue_dirhams += other.revenue_dirhams;
        self.points_issued += other.points_issued;
        self.redemptions += other.redemptions;
        self.points_redeemed += other.points_redeemed;
        self.points_expired += other.points_expired;
    }

    fn takes_away(&self) -> bool {
        [self.invoices, self.revenue_dirhams, self.points_issued, self.redemptions, self.points_redeemed]
            .iter()
            .any(|v| *v < 0)
    }
}

/// The figures a transaction changes, written just before it commits: the last statements of
/// every transaction, so a store's day is locked (PostgreSQL) after the customer's row in
/// every kind of write, never before (no deadlock between a sale and a gift), and only for
/// the moment of the commit.
#[derive(Debug, Default)]
pub(crate) struct PendingDays(Vec<((i64, NaiveDate), DayDelta)>);

impl PendingDays {
    /// Counts `delta` on the store's Tripoli day of `at` (a UTC time).
    pub fn add(&mut self, store_id: i64, at: NaiveDateTime, delta: DayDelta) {
        let key = (store_id, local_date(at));
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, sum)) => sum.add(delta),
            None => self.0.push((key, delta)),
        }
    }

    /// Writes the figures, in (store, day) order.
    pub fn write(mut self, conn: &mut DbConnection) -> QueryResult<()> {
        self.0.sort_by_key(|(key, _)| *key);
        for ((store_id, day), delta) in self.0 {
            write_day(conn, store_id, day, delta)?;
        }
        Ok(())
    }
}

fn write_day(conn: &mut DbConnection, store_id: i64, day: NaiveDate, delta: DayDelta) -> QueryResult<()> {
    if delta.takes_away() {
        // A void: its sale made the row. (An upsert would check the negative figures of the
        // row it proposes against the table's CHECKs before it found the existing row.)
        let changed = diesel::update(store_days::table.find((store_id, day)))
            .set((
                store_days::invoices.eq(store_days::invoices + delta.invoices),
                store_days::revenue_dirhams.eq(store_days::revenue_dirhams + delta.revenue_dirhams),
                store_days::points_issued.eq(store_days::points_issued + delta.points_issued),
                store_days::redemptions.eq(store_days::redemptions + delta.redemptions),
                store_days::points_redeemed.eq(store_days::points_redeemed + delta.points_redeemed),
                store_days::points_expired.eq(store_days::points_expired + delta.points_expired),
            ))
            .execute(conn)?;
        if changed != 1 {
            return Err(diesel::result::Error::QueryBuilderError(
                format!("no figures of store {store_id} on {day} to take a void from").into(),
            ));
        }
        return Ok(());
    }
    // An upsert (both backends have the same ON CONFLICT syntax), built per backend: diesel's
    // MultiConnection does not carry ON CONFLICT.
    macro_rules! upsert {
        () => {
            diesel::insert_into(store_days::table)
                .values((
                    store_days::store_id.eq(store_id),
                    store_days::day.eq(day),
                    store_days::invoices.eq(delta.invoices),
                    store_days::revenue_dirhams.eq(delta.revenue_dirhams),
                    store_days::points_issued.eq(delta.points_issued),
                    store_days::redemptions.eq(delta.redemptions),
                    store_days::points_redeemed.eq(delta.points_redeemed),
                    store_days::points_expired.eq(delta.points_expired),
                ))
                .on_conflict((store_days::store_id, store_days::day))
                .do_update()
                .set((
                    store_days::invoices.eq(store_days::invoices + excluded(store_days::invoices)),
                    store_days::revenue_dirhams.eq(store_days::revenue_dirhams + excluded(store_days::revenue_dirhams)),
                    store_days::points_issued.eq(store_days::points_issued + excluded(store_days::points_issued)),
                    store_days::redemptions.eq(store_days::redemptions + excluded(store_days::redemptions)),
                    store_days::points_redeemed.eq(store_days::points_redeemed + excluded(store_days::points_redeemed)),
                    store_days::points_expired.eq(store_days::points_expired + excluded(store_days::points_expired)),
                ))
        };
    }
    match conn {
        DbConnection::Sqlite(c) => upsert!().execute(c),
        DbConnection::Postgresql(c) => upsert!().execute(c),
    }?;
    Ok(())
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// A SELECT of `store_days`' columns summed again from the sales (not voided; less their returns), gifts and
/// expired points themselves, per store and Tripoli day; only invoices and redemptions with
/// ids above the given ones (0: all).
pub fn summed_days_sql(conn: &DbConnection, invoice_ids_above: i64, redemption_ids_above: i64) -> String {
    let day = match conn {
        DbConnection::Sqlite(_) => "date(created_at, '+2 hours')",
        DbConnection::Postgresql(_) => "(created_at + interval '2 hours')::date",
    };
    format!(
        "SELECT store_id, day, CAST(SUM(n) AS BIGINT) AS invoices, CAST(SUM(rev) AS BIGINT) AS revenue_dirhams, \
           CAST(SUM(pi) AS BIGINT) AS points_issued, CAST(SUM(r) AS BIGINT) AS redemptions, \
           CAST(SUM(pr) AS BIGINT) AS points_redeemed, CAST(SUM(pe) AS BIGINT) AS points_expired FROM ( \
           SELECT store_id, {day} AS day, 1 AS n, total_dirhams - returned_dirhams AS rev, points_earned - returned_points AS pi, 0 AS r, 0 AS pr, 0 AS pe \
           FROM invoices WHERE voided_at IS NULL AND id > {invoice_ids_above} \
           UNION ALL \
           SELECT store_id, {day} AS day, 0, 0, 0, 1, points_spent, 0 FROM redemptions WHERE id > {redemption_ids_above} \
           UNION ALL \
           SELECT store_id, {day} AS day, 0, 0, 0, 0, 0, -delta FROM points_ledger WHERE kind = 'expired' \
         ) figures GROUP BY store_id, day"
    )
}

/// How many (store, day) rows of `store_days` differ from the figures summed again from the
/// invoices and redemptions themselves (0 when the two agree). For checks and tests.
pub fn mismatched_days(conn: &mut DbConnection) -> QueryResult<i64> {
    let query = format!(
        "WITH kept AS ( \
           SELECT store_id, day, invoices, revenue_dirhams, points_issued, redemptions, points_redeemed, points_expired \
           FROM store_days \
           WHERE invoices <> 0 OR revenue_dirhams <> 0 OR points_issued <> 0 OR redemptions <> 0 OR points_redeemed <> 0 \
             OR points_expired <> 0 \
         ), summed AS ({summed}) \
         SELECT COUNT(*) AS n FROM ( \
           SELECT * FROM (SELECT * FROM kept EXCEPT SELECT * FROM summed) a \
           UNION ALL \
           SELECT * FROM (SELECT * FROM summed EXCEPT SELECT * FROM kept) b \
         ) diff",
        summed = summed_days_sql(conn, 0, 0)
    );
    Ok(diesel::sql_query(query).get_result::<Count>(conn)?.n)
}
