use chrono::NaiveDateTime;
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::NewReturn;
use loyalty_application::ports::{InvoiceRepo, NewInvoice, RecordFilter, RepoResult};
use loyalty_application::{DayCounts, Invoice, InvoiceReturn, PageRequest};
use loyalty_domain::Money;

use super::store_days::DayDelta;
use super::{filter_stores, limits, person, sales_filtered, sales_page};
use crate::pool::DbBackend;
use crate::schema::{api_keys, customers, invoice_returns, invoices, redemptions, users};
use crate::tx::{map_error, map_unique, DbTx};

/// A sale with its customer's and cashier's names.
#[derive(Queryable, Selectable)]
#[diesel(table_name = invoices, check_for_backend(DbBackend))]
struct Row {
    id: i64,
    store_id: i64,
    customer_id: Option<i64>,
    #[diesel(select_expression = customers::name.nullable())]
    customer_name: Option<String>,
    invoice_number: Option<String>,
    total_dirhams: i64,
    points_earned: i64,
    pos_user_id: Option<i64>,
    #[diesel(select_expression = users::name.nullable())]
    pos_user_name: Option<String>,
    api_key_id: Option<i64>,
    #[diesel(select_expression = api_keys::name.nullable())]
    api_key_name: Option<String>,
    created_at: NaiveDateTime,
    voided_at: Option<NaiveDateTime>,
    void_reason: Option<String>,
    updated_at: NaiveDateTime,
    #[diesel(embed)]
    returned: Returned,
}

/// What an invoice's returns add up to (a row of its own: a select holds at most 16 columns).
#[derive(Queryable, Selectable)]
#[diesel(table_name = invoices, check_for_backend(DbBackend))]
struct Returned {
    returned_dirhams: i64,
    returned_points: i64,
}

/// A return with the names of who took it and with which key.
#[derive(Queryable, Selectable)]
#[diesel(table_name = invoice_returns, check_for_backend(DbBackend))]
struct ReturnRow {
    id: i64,
    invoice_id: i64,
    amount_dirhams: i64,
    points: i64,
    reason: String,
    actor_id: i64,
    #[diesel(select_expression = users::name.nullable())]
    actor_name: Option<String>,
    api_key_id: Option<i64>,
    #[diesel(select_expression = api_keys::name.nullable())]
    api_key_name: Option<String>,
    created_at: NaiveDateTime,
}

fn into_invoice(row: Row) -> Invoice {
    Invoice {
        id: row.id,
        store_id: row.store_id,
        customer: person(row.customer_id, row.customer_name),
        invoice_number: row.invoice_number,
        total: Money::from_dirhams(row.total_dirhams),
        points_earned: row.points_earned,
        pos_user: person(row.pos_user_id, row.pos_user_name),
        api_key: person(row.api_key_id, row.api_key_name),
        created_at: row.created_at,
        voided_at: row.voided_at,
        void_reason: row.void_reason,
        updated_at: row.updated_at,
        can_void: false,
        returned_total: Money::from_dirhams(row.returned.returned_dirhams),
        returned_points: row.returned.returned_points,
        returns: Vec::new(),
        can_return: false,
    }
}

/// The invoices with their returns filled in (one query for the lot).
fn with_returns(tx: &mut DbTx<'_>, mut invoices: Vec<Invoice>) -> RepoResult<Vec<Invoice>> {
    let returned: Vec<i64> = invoices.iter().filter(|i| i.returned_total > Money::ZERO).map(|i| i.id).collect();
    if returned.is_empty() {
        return Ok(invoices);
    }
    let mut returns = tx.invoice_returns(&returned)?;
    for invoice in &mut invoices {
        let (theirs, others) = returns.into_iter().partition(|r| r.invoice_id == invoice.id);
        invoice.returns = theirs;
        returns = others;
    }
    Ok(invoices)
}

/// What a void takes off the day of the sale. Read with `RETURNING` (the fields in the order of
/// `VOIDED`): `as_returning()` does not reach through a MultiConnection.
#[derive(Queryable)]
struct Voided {
    store_id: i64,
    created_at: NaiveDateTime,
    total_dirhams: i64,
    points_earned: i64,
    returned_dirhams: i64,
    returned_points: i64,
}

const VOIDED: (
    invoices::store_id,
    invoices::created_at,
    invoices::total_dirhams,
    invoices::points_earned,
    invoices::returned_dirhams,
    invoices::returned_points,
) = (
    invoices::store_id,
    invoices::created_at,
    invoices::total_dirhams,
    invoices::points_earned,
    invoices::returned_dirhams,
    invoices::returned_points,
);

macro_rules! joined {
    () => {
        invoices::table
            .left_join(customers::table)
            .left_join(users::table.on(invoices::pos_user_id.eq(users::id.nullable())))
            .left_join(api_keys::table.on(invoices::api_key_id.eq(api_keys::id.nullable())))
            .select(Row::as_select())
    };
}

impl InvoiceRepo for DbTx<'_> {
    fn insert_invoice(&mut self, i: NewInvoice<'_>) -> RepoResult<i64> {
        let id = diesel::insert_into(invoices::table)
            .values((
                invoices::store_id.eq(i.store_id),
                invoices::customer_id.eq(i.customer_id),
                invoices::pos_user_id.eq(i.pos_user_id),
                invoices::api_key_id.eq(i.api_key_id),
                invoices::invoice_number.eq(i.invoice_number),
                invoices::total_dirhams.eq(i.total.dirhams()),
                invoices::points_earned.eq(i.points_earned),
                invoices::created_at.eq(i.now),
                invoices::updated_at.eq(i.now),
            ))
            .returning(invoices::id)
            .get_result(self.conn)
            .map_err(map_unique("invoices.number"))?;
        self.days.add(i.store_id, i.now, DayDelta::sale(i.total.dirhams(), i.points_earned));
        Ok(id)
    }

    fn invoice_by_id(&mut self, id: i64) -> RepoResult<Option<Invoice>> {
        let row: Option<Row> = joined!().filter(invoices::id.eq(id)).first(self.conn).optional().map_err(map_error)?;
        let invoices = with_returns(self, row.map(into_invoice).into_iter().collect())?;
        Ok(invoices.into_iter().next())
    }

    fn list_invoices(&mut self, filter: &RecordFilter, page: PageRequest) -> RepoResult<(Vec<Invoice>, i64)> {
        // A void changes an invoice: sync follows its change time.
        let (rows, total) = sales_page!(self.conn, filter, page, joined!() => Row, invoices { changed: updated_at, created: created_at });
        Ok((with_returns(self, rows.into_iter().map(into_invoice).collect())?, total))
    }

    fn void_invoice(&mut self, id: i64, by: i64, reason: &str, now: NaiveDateTime) -> RepoResult<bool> {
        let voided: Option<Voided> = diesel::update(invoices::table.find(id).filter(invoices::voided_at.is_null()))
            .set((
                invoices::voided_at.eq(now),
                invoices::voided_by.eq(by),
                invoices::void_reason.eq(reason),
                invoices::updated_at.eq(now),
            ))
            .returning(VOIDED)
            .get_result(self.conn)
            .optional()
            .map_err(map_error)?;
        let Some(sale) = voided else { return Ok(false) };
        // What its returns left of the sale is taken off the day it was made on.
        let delta =
            DayDelta::void(sale.total_dirhams - sale.returned_dirhams, sale.points_earned - sale.returned_points);
        self.days.add(sale.store_id, sale.created_at, delta);
        Ok(true)
    }

    fn insert_return(&mut self, r: NewReturn<'_>) -> RepoResult<Option<i64>> {
        let amount = r.amount.dirhams();
        let sale: Option<(i64, NaiveDateTime)> = diesel::update(
            invoices::table
                .find(r.invoice_id)
                .filter(invoices::voided_at.is_null())
                .filter((invoices::returned_dirhams + amount).le(invoices::total_dirhams))
                .filter((invoices::returned_points + r.points).le(invoices::points_earned)),
        )
        .set((
            invoices::returned_dirhams.eq(invoices::returned_dirhams + amount),
            invoices::returned_points.eq(invoices::returned_points + r.points),
            invoices::updated_at.eq(r.now),
        ))
        .returning((invoices::store_id, invoices::created_at))
        .get_result(self.conn)
        .optional()
        .map_err(map_error)?;
        let Some((store_id, sold_at)) = sale else { return Ok(None) };
        let id = diesel::insert_into(invoice_returns::table)
            .values((
                invoice_returns::invoice_id.eq(r.invoice_id),
                invoice_returns::amount_dirhams.eq(amount),
                invoice_returns::points.eq(r.points),
                invoice_returns::reason.eq(r.reason),
                invoice_returns::actor_id.eq(r.actor_id),
                invoice_returns::api_key_id.eq(r.api_key_id),
                invoice_returns::created_at.eq(r.now),
            ))
            .returning(invoice_returns::id)
            .get_result(self.conn)
            .map_err(map_error)?;
        // The returned goods are taken off the day of the sale, as a void takes the whole sale.
        self.days.add(store_id, sold_at, DayDelta::returned(amount, r.points));
        Ok(Some(id))
    }

    fn invoice_returns(&mut self, invoice_ids: &[i64]) -> RepoResult<Vec<InvoiceReturn>> {
        let rows: Vec<ReturnRow> = invoice_returns::table
            .left_join(users::table.on(invoice_returns::actor_id.eq(users::id)))
            .left_join(api_keys::table.on(invoice_returns::api_key_id.eq(api_keys::id.nullable())))
            .filter(invoice_returns::invoice_id.eq_any(invoice_ids))
            .order(invoice_returns::id)
            .select(ReturnRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|row| InvoiceReturn {
                id: row.id,
                invoice_id: row.invoice_id,
                amount: Money::from_dirhams(row.amount_dirhams),
                points: row.points,
                reason: row.reason,
                by: person(Some(row.actor_id), row.actor_name),
                api_key: person(row.api_key_id, row.api_key_name),
                created_at: row.created_at,
            })
            .collect())
    }

    fn day_counts(&mut self, store_id: i64, from: NaiveDateTime, to: NaiveDateTime) -> RepoResult<DayCounts> {
        let (invoices, points_issued): (i64, i64) = invoices::table
            .filter(invoices::store_id.eq(store_id))
            .filter(invoices::created_at.ge(from))
            .filter(invoices::created_at.lt(to))
            .filter(invoices::voided_at.is_null())
            .select((
                count_star(),
                sql::<BigInt>("CAST(COALESCE(SUM(invoices.points_earned - invoices.returned_points), 0) AS BIGINT)"),
            ))
            .get_result(self.conn)
            .map_err(map_error)?;
        let redemptions: i64 = redemptions::table
            .filter(redemptions::store_id.eq(store_id))
            .filter(redemptions::created_at.ge(from))
            .filter(redemptions::created_at.lt(to))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        Ok(DayCounts { invoices, points_issued, redemptions })
    }
}
