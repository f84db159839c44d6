//! Points for cash receipts: a walk-in sale's claim link, kept by the digest of its token, and
//! the claim that makes the sale a member's, once.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{ClaimRepo, NewSaleClaim, RepoResult, SaleClaim};
use loyalty_application::StoreScope;
use loyalty_domain::Money;

use super::store_days::DayDelta;
use crate::schema::{invoices, sale_claims, stores};
use crate::tx::{map_error, DbTx};

type ClaimRow = (
    (i64, i64, i64, NaiveDateTime, Option<NaiveDateTime>),
    (i64, String, i64, bool),
    (i64, NaiveDateTime, Option<NaiveDateTime>, i64),
);

impl ClaimRepo for DbTx<'_> {
    fn insert_sale_claim(&mut self, c: NewSaleClaim<'_>) -> RepoResult<()> {
        diesel::insert_into(sale_claims::table)
            .values((
                sale_claims::digest.eq(c.digest),
                sale_claims::invoice_id.eq(c.invoice_id),
                sale_claims::store_id.eq(c.store_id),
                sale_claims::points.eq(c.points),
                sale_claims::created_at.eq(c.now),
                sale_claims::expires_at.eq(c.expires_at),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn sale_claim(&mut self, digest: &str) -> RepoResult<Option<SaleClaim>> {
        let row: Option<ClaimRow> = sale_claims::table
            .inner_join(invoices::table.on(invoices::id.eq(sale_claims::invoice_id)))
            .inner_join(stores::table.on(stores::id.eq(sale_claims::store_id)))
            .filter(sale_claims::digest.eq(digest))
            .filter(stores::deleted_at.is_null())
            .select((
                (
                    sale_claims::id,
                    sale_claims::invoice_id,
                    sale_claims::points,
                    sale_claims::expires_at,
                    sale_claims::claimed_at,
                ),
                (stores::id, stores::name, stores::owner_id, stores::is_sandbox),
                (invoices::total_dirhams, invoices::created_at, invoices::voided_at, invoices::returned_dirhams),
            ))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|((id, invoice_id, points, expires_at, claimed_at), (sid, name, owner_id, sandbox), sale)| {
            let (total, sale_at, voided_at, returned) = sale;
            SaleClaim {
                id,
                invoice_id,
                store: StoreScope { id: sid, name, owner_id, sandbox },
                points,
                total: Money::from_dirhams(total),
                sale_at,
                expires_at,
                claimed_at,
                undone: voided_at.is_some() || returned > 0,
            }
        }))
    }

    fn claim_sale(&mut self, claim: &SaleClaim, customer_id: i64, now: NaiveDateTime) -> RepoResult<bool> {
        let marked = diesel::update(sale_claims::table.find(claim.id).filter(sale_claims::claimed_at.is_null()))
            .set((sale_claims::claimed_at.eq(now), sale_claims::customer_id.eq(customer_id)))
            .execute(self.conn)
            .map_err(map_error)?;
        if marked == 0 {
            return Ok(false);
        }
        let made = diesel::update(
            invoices::table
                .find(claim.invoice_id)
                .filter(invoices::customer_id.is_null())
                .filter(invoices::voided_at.is_null())
                .filter(invoices::returned_dirhams.eq(0)),
        )
        .set((
            invoices::customer_id.eq(customer_id),
            invoices::points_earned.eq(claim.points),
            invoices::updated_at.eq(now),
        ))
        .execute(self.conn)
        .map_err(map_error)?;
        if made == 0 {
            return Ok(false);
        }
        // The sale's day issued these points now that someone holds them.
        self.days.add(claim.store.id, claim.sale_at, DayDelta { points_issued: claim.points, ..DayDelta::default() });
        Ok(true)
    }
}
