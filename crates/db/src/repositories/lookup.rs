//! The public points lookup in one statement (issue #37): each customer with the phone, its
//! store, its owner's point value, its next points to expire and its owner's active rewards,
//! read at once instead of four statements per store. The statement is a type of its own with a
//! static query id, so each connection prepares it once and runs the prepared statement after
//! (diesel's `sql_query` prepares anew every time), and it runs on the backend's own connection,
//! not through the multi-backend connection, which rebuilds the SQL text of every run.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::backend::Backend;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{BigInt, Bool, Date, HasSqlType, Nullable, Text, Timestamp, Untyped};
use loyalty_application::ports::{LookupRow, RepoResult};
use loyalty_application::{NextExpiry, StoreRef, TierBadge};
use loyalty_domain::Money;

use crate::pool::DbConnection;
use crate::tx::map_error;

/// The lots that count for "next to expire": open, with a last day within the window.
const OPEN_IN_WINDOW: &str = "l.customer_id = c.id AND l.remaining > 0 AND l.expires_on >= ";

/// The statement, with its phone and notice window.
#[derive(Debug, Clone, Copy)]
struct LookupQuery<'a> {
    phone: &'a str,
    from: NaiveDate,
    until: NaiveDate,
    now: NaiveDateTime,
}

impl QueryId for LookupQuery<'_> {
    type QueryId = LookupQuery<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for LookupQuery<'_> {
    type SqlType = Untyped;
}

impl<Conn> RunQueryDsl<Conn> for LookupQuery<'_> {}

impl<DB> QueryFragment<DB> for LookupQuery<'_>
where
    DB: Backend + HasSqlType<Text> + HasSqlType<Date> + HasSqlType<Timestamp>,
    str: diesel::serialize::ToSql<Text, DB>,
    NaiveDate: diesel::serialize::ToSql<Date, DB>,
    NaiveDateTime: diesel::serialize::ToSql<Timestamp, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        let window = |out: &mut AstPass<'_, 'b, DB>| -> QueryResult<()> {
            out.push_sql(OPEN_IN_WINDOW);
            out.push_bind_param::<Date, _>(&self.from)?;
            out.push_sql(" AND l.expires_on <= ");
            out.push_bind_param::<Date, _>(&self.until)
        };
        out.push_sql(
            "SELECT c.id AS customer_id, s.id AS store_id, s.name AS store_name, c.loyalty_points AS points, \
             ls.store_owner_id IS NOT NULL AS has_settings, ls.point_value_dirhams AS point_value_dirhams, \
             r.name AS reward_name, r.points_required AS reward_points, \
             n.expires_on AS expires_on, \
             (SELECT CAST(SUM(l.remaining) AS BIGINT) FROM point_lots l \
              WHERE l.customer_id = c.id AND l.remaining > 0 AND l.expires_on = n.expires_on) AS expiring_points, \
             sc.stamps_required AS stamps_required, \
             t.level AS tier_level, t.name_en AS tier_name_en, t.name_ar AS tier_name_ar, \
             t.multiplier_milli AS tier_multiplier_milli, \
             (SELECT COUNT(*) FROM stamp_events e WHERE e.customer_id = c.id AND e.kind = 'earned' \
              AND e.redeemed_by IS NULL AND e.revoked_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > ",
        );
        out.push_bind_param::<Timestamp, _>(&self.now)?;
        out.push_sql(
            ")) AS stamps \
             FROM customers c \
             JOIN stores s ON s.id = c.store_id \
             LEFT JOIN stamp_cards sc ON sc.store_id = s.id \
             LEFT JOIN loyalty_tiers t ON t.store_owner_id = s.owner_id AND t.level = c.tier_level \
             LEFT JOIN loyalty_settings ls ON ls.store_owner_id = s.owner_id \
             LEFT JOIN rewards r ON r.store_owner_id = s.owner_id AND r.is_active AND r.deleted_at IS NULL \
             LEFT JOIN (SELECT l.customer_id AS customer_id, MIN(l.expires_on) AS expires_on FROM point_lots l \
             JOIN customers c ON ",
        );
        window(&mut out)?;
        out.push_sql(" WHERE c.phone = ");
        out.push_bind_param::<Text, _>(self.phone)?;
        out.push_sql(
            " GROUP BY l.customer_id) n ON n.customer_id = c.id \
             WHERE c.phone = ",
        );
        out.push_bind_param::<Text, _>(self.phone)?;
        out.push_sql(
            " AND c.deleted_at IS NULL AND s.deleted_at IS NULL AND NOT s.is_sandbox \
             ORDER BY c.id, r.points_required, r.id",
        );
        Ok(())
    }
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = BigInt)]
    customer_id: i64,
    #[diesel(sql_type = BigInt)]
    store_id: i64,
    #[diesel(sql_type = Text)]
    store_name: String,
    #[diesel(sql_type = BigInt)]
    points: i64,
    #[diesel(sql_type = Bool)]
    has_settings: bool,
    #[diesel(sql_type = Nullable<BigInt>)]
    point_value_dirhams: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    reward_name: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    reward_points: Option<i64>,
    #[diesel(sql_type = Nullable<Date>)]
    expires_on: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<BigInt>)]
    expiring_points: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    stamps_required: Option<i64>,
    #[diesel(sql_type = BigInt)]
    stamps: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    tier_level: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    tier_name_en: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    tier_name_ar: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    tier_multiplier_milli: Option<i64>,
}

pub(crate) fn points_lookup(
    conn: &mut DbConnection,
    phone: &str,
    from: NaiveDate,
    until: NaiveDate,
    now: NaiveDateTime,
) -> RepoResult<Vec<LookupRow>> {
    let query = LookupQuery { phone, from, until, now };
    let rows: Vec<Row> = match conn {
        DbConnection::Sqlite(conn) => query.load(conn),
        DbConnection::Postgresql(conn) => query.load(conn),
    }
    .map_err(map_error)?;
    Ok(rows
        .into_iter()
        .map(|row| LookupRow {
            customer_id: row.customer_id,
            store: StoreRef { id: row.store_id, name: row.store_name },
            points: row.points,
            point_value: row.has_settings.then(|| row.point_value_dirhams.map(Money::from_dirhams)),
            next_expiry: row.expires_on.zip(row.expiring_points).map(|(on, points)| NextExpiry { points, on }),
            reward: row.reward_name.zip(row.reward_points),
            stamps: row.stamps_required.map(|required| (row.stamps, required)),
            tier: match (row.tier_level, row.tier_name_en, row.tier_name_ar, row.tier_multiplier_milli) {
                (Some(level), Some(name_en), Some(name_ar), Some(multiplier_milli)) => {
                    Some(TierBadge { level: level + 1, name_en, name_ar, multiplier_milli })
                }
                _ => None,
            },
        })
        .collect())
}
