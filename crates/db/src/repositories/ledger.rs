use chrono::NaiveDateTime;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::{LedgerRepo, NewLedgerEntry, RepoResult};
use loyalty_application::{LedgerEntry, LedgerKind, PageRequest, SyncFrom};

use super::{limits, person, stored};
use crate::pool::DbBackend;
use crate::schema::{api_keys, invoices, points_ledger, users};
use crate::tx::{map_error, DbTx};

/// A ledger entry with the names of its actor and key and its sale's number.
#[derive(Queryable, Selectable)]
#[diesel(table_name = points_ledger, check_for_backend(DbBackend))]
struct Row {
    id: i64,
    kind: String,
    delta: i64,
    balance_after: i64,
    reason: Option<String>,
    actor_id: Option<i64>,
    #[diesel(select_expression = users::name.nullable())]
    actor_name: Option<String>,
    api_key_id: Option<i64>,
    #[diesel(select_expression = api_keys::name.nullable())]
    key_name: Option<String>,
    invoice_id: Option<i64>,
    #[diesel(select_expression = invoices::invoice_number.nullable())]
    invoice_number: Option<String>,
    redemption_id: Option<i64>,
    created_at: NaiveDateTime,
}

impl LedgerRepo for DbTx<'_> {
    fn append_ledger(&mut self, e: NewLedgerEntry<'_>) -> RepoResult<()> {
        diesel::insert_into(points_ledger::table)
            .values((
                points_ledger::customer_id.eq(e.customer_id),
                points_ledger::store_id.eq(e.store_id),
                points_ledger::kind.eq(e.kind.as_str()),
                points_ledger::delta.eq(e.delta),
                points_ledger::balance_after.eq(e.balance_after),
                points_ledger::reason.eq(e.reason),
                points_ledger::actor_id.eq(e.actor_id),
                points_ledger::api_key_id.eq(e.api_key_id),
                points_ledger::invoice_id.eq(e.invoice_id),
                points_ledger::redemption_id.eq(e.redemption_id),
                points_ledger::created_at.eq(e.now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn ledger_page(&mut self, customer_id: i64, page: PageRequest) -> RepoResult<(Vec<LedgerEntry>, i64)> {
        // From the sync's cursor on when there is one (an entry never changes: its change time
        // is when it was made).
        let cursor = |sync: Option<SyncFrom>| {
            sync.map(|sync| {
                points_ledger::created_at
                    .gt(sync.since)
                    .or(points_ledger::created_at.eq(sync.since).and(points_ledger::id.gt(sync.after_id)))
            })
        };
        let mut count = points_ledger::table
            .filter(points_ledger::customer_id.eq(customer_id))
            .select(count_star())
            .into_boxed::<DbBackend>();
        if let Some(after) = cursor(page.sync) {
            count = count.filter(after);
        }
        let total: i64 = count.get_result(self.conn).map_err(map_error)?;
        let (limit, offset) = limits(page);
        let mut query = points_ledger::table
            .left_join(users::table.on(points_ledger::actor_id.eq(users::id.nullable())))
            .left_join(api_keys::table.on(points_ledger::api_key_id.eq(api_keys::id.nullable())))
            .left_join(invoices::table.on(points_ledger::invoice_id.eq(invoices::id.nullable())))
            .filter(points_ledger::customer_id.eq(customer_id))
            .select(Row::as_select())
            .into_boxed::<DbBackend>();
        query = match cursor(page.sync) {
            Some(after) => query.filter(after).order((points_ledger::created_at.asc(), points_ledger::id.asc())),
            None => query.order((points_ledger::created_at.desc(), points_ledger::id.desc())),
        };
        let rows: Vec<Row> = query.limit(limit).offset(offset).load(self.conn).map_err(map_error)?;
        let entries = rows
            .into_iter()
            .map(|row| {
                Ok(LedgerEntry {
                    id: row.id,
                    kind: stored::<LedgerKind>(&row.kind)?,
                    delta: row.delta,
                    balance_after: row.balance_after,
                    reason: row.reason,
                    actor: person(row.actor_id, row.actor_name),
                    api_key: person(row.api_key_id, row.key_name),
                    invoice: row.invoice_id.map(|id| (id, row.invoice_number)),
                    redemption_id: row.redemption_id,
                    created_at: row.created_at,
                })
            })
            .collect::<RepoResult<Vec<_>>>()?;
        Ok((entries, total))
    }

    fn manual_points_since(&mut self, actor_id: i64, since: NaiveDateTime) -> RepoResult<i64> {
        points_ledger::table
            .filter(points_ledger::actor_id.eq(actor_id))
            .filter(points_ledger::created_at.ge(since))
            .filter(points_ledger::kind.eq(LedgerKind::Manual.as_str()))
            .select(sql::<BigInt>("CAST(COALESCE(SUM(points_ledger.delta), 0) AS BIGINT)"))
            .get_result(self.conn)
            .map_err(map_error)
    }
}
