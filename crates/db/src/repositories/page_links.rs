//! The customer's own page (`/me/{token}`): its links, kept by the digest of their token, and
//! what the page shows (balances per store of the owner, points expiring, the last movements).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use loyalty_application::ports::{
    NewPageLink, PageExpiryRow, PageHolder, PageLinkRepo, PageMovementRow, PageStoreRow, RepoResult,
};
use loyalty_application::{LedgerKind, StoreRef};

use super::stored;
use crate::schema::{customer_page_links, customers, point_lots, points_ledger, stores};
use crate::tx::{map_error, DbTx};

impl PageLinkRepo for DbTx<'_> {
    fn insert_page_link(&mut self, link: NewPageLink<'_>) -> RepoResult<()> {
        diesel::insert_into(customer_page_links::table)
            .values((
                customer_page_links::digest.eq(link.digest),
                customer_page_links::customer_id.eq(link.customer_id),
                customer_page_links::store_id.eq(link.store_id),
                customer_page_links::created_at.eq(link.now),
                customer_page_links::expires_at.eq(link.expires_at),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn page_holder(&mut self, digest: &str, now: NaiveDateTime) -> RepoResult<Option<PageHolder>> {
        let found: Option<(i64, i64, Option<String>, NaiveDateTime)> = customer_page_links::table
            .inner_join(customers::table.on(customers::id.eq(customer_page_links::customer_id)))
            .inner_join(stores::table.on(stores::id.eq(customers::store_id)))
            .filter(customer_page_links::digest.eq(digest))
            .filter(customer_page_links::revoked_at.is_null())
            .filter(customer_page_links::expires_at.gt(now))
            .filter(customers::deleted_at.is_null())
            .filter(stores::deleted_at.is_null())
            .select((customers::id, stores::owner_id, customers::phone, customer_page_links::expires_at))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(found.map(|(customer_id, owner_id, phone, expires_at)| PageHolder {
            customer_id,
            owner_id,
            phone,
            expires_at,
        }))
    }

    fn revoke_page_links(&mut self, customer_id: i64, now: NaiveDateTime) -> RepoResult<usize> {
        diesel::update(
            customer_page_links::table
                .filter(customer_page_links::customer_id.eq(customer_id))
                .filter(customer_page_links::revoked_at.is_null()),
        )
        .set(customer_page_links::revoked_at.eq(now))
        .execute(self.conn)
        .map_err(map_error)
    }

    fn page_stores(&mut self, holder: &PageHolder) -> RepoResult<Vec<PageStoreRow>> {
        let live = customers::table
            .inner_join(stores::table.on(stores::id.eq(customers::store_id)))
            .filter(stores::owner_id.eq(holder.owner_id))
            .filter(customers::deleted_at.is_null())
            .filter(stores::deleted_at.is_null())
            .select((customers::id, stores::id, stores::name, customers::loyalty_points))
            .order((stores::name.asc(), stores::id.asc()))
            .into_boxed::<crate::pool::DbBackend>();
        let query = match &holder.phone {
            Some(phone) => live.filter(
                customers::id
                    .eq(holder.customer_id)
                    .or(customers::phone.eq(phone.clone()).and(stores::is_sandbox.eq(false))),
            ),
            None => live.filter(customers::id.eq(holder.customer_id)),
        };
        let rows: Vec<(i64, i64, String, i64)> = query.load(self.conn).map_err(map_error)?;
        Ok(rows
            .into_iter()
            .map(|(customer_id, id, name, points)| PageStoreRow { customer_id, store: StoreRef { id, name }, points })
            .collect())
    }

    fn page_expiries(&mut self, customer_ids: &[i64], from: NaiveDate) -> RepoResult<Vec<PageExpiryRow>> {
        let rows: Vec<(i64, Option<NaiveDate>, i64)> = point_lots::table
            .filter(point_lots::customer_id.eq_any(customer_ids.to_vec()))
            .filter(point_lots::remaining.gt(0))
            .filter(point_lots::expires_on.ge(from))
            .group_by((point_lots::customer_id, point_lots::expires_on))
            .select((
                point_lots::customer_id,
                point_lots::expires_on,
                sql::<BigInt>("CAST(SUM(point_lots.remaining) AS BIGINT)"),
            ))
            .order((point_lots::customer_id.asc(), point_lots::expires_on.asc()))
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows
            .into_iter()
            .filter_map(|(customer_id, on, points)| Some(PageExpiryRow { customer_id, on: on?, points }))
            .collect())
    }

    fn page_movements(&mut self, customer_ids: &[i64], limit: i64) -> RepoResult<Vec<PageMovementRow>> {
        let rows: Vec<(i64, String, String, i64, i64, NaiveDateTime)> = points_ledger::table
            .inner_join(stores::table.on(stores::id.eq(points_ledger::store_id)))
            .filter(points_ledger::customer_id.eq_any(customer_ids.to_vec()))
            .select((
                stores::id,
                stores::name,
                points_ledger::kind,
                points_ledger::delta,
                points_ledger::balance_after,
                points_ledger::created_at,
            ))
            .order((points_ledger::created_at.desc(), points_ledger::id.desc()))
            .limit(limit)
            .load(self.conn)
            .map_err(map_error)?;
        rows.into_iter()
            .map(|(id, name, kind, delta, balance_after, created_at)| {
                Ok(PageMovementRow {
                    store: StoreRef { id, name },
                    kind: stored::<LedgerKind>(&kind)?,
                    delta,
                    balance_after,
                    created_at,
                })
            })
            .collect()
    }
}
