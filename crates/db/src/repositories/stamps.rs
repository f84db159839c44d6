//! Stamp cards and stamp events: one card per store, one event per stamp earned (at most one
//! per sale) and per redemption. A stamp counts while it is neither redeemed (`redeemed_by`)
//! nor taken back (`revoked_at`) and not expired (`expires_at`, set when it was earned): the
//! same condition as the public lookup's statement (`lookup.rs`).

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use loyalty_application::ports::{NewStamp, NewStampRedemption, RepoResult, StampRepo};
use loyalty_application::{PageRequest, StampEvent, StampEventKind, StoreStampCard};
use loyalty_domain::stamps::StampCard;
use loyalty_domain::Money;

use super::{limits, stored};
use crate::pool::DbBackend;
use crate::schema::{stamp_cards, stamp_events, stores};
use crate::tx::{map_error, map_unique, DbTx};

#[derive(Queryable, Selectable)]
#[diesel(table_name = stamp_cards, check_for_backend(DbBackend))]
struct CardRow {
    store_id: i64,
    min_total_dirhams: i64,
    stamps_required: i64,
    reward_name: String,
    expires_after_days: Option<i64>,
    updated_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = stamp_events, check_for_backend(DbBackend))]
struct EventRow {
    id: i64,
    customer_id: i64,
    store_id: i64,
    kind: String,
    stamps: i64,
    invoice_id: Option<i64>,
    reward_name: Option<String>,
    expires_at: Option<NaiveDateTime>,
    redeemed_by: Option<i64>,
    revoked_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

fn into_event(row: EventRow) -> RepoResult<StampEvent> {
    Ok(StampEvent {
        id: row.id,
        customer_id: row.customer_id,
        store_id: row.store_id,
        kind: stored::<StampEventKind>(&row.kind)?,
        stamps: row.stamps,
        invoice_id: row.invoice_id,
        reward_name: row.reward_name,
        expires_at: row.expires_at,
        redeemed_by: row.redeemed_by,
        revoked_at: row.revoked_at,
        created_at: row.created_at,
    })
}

fn into_card(r: CardRow) -> StoreStampCard {
    StoreStampCard {
        store_id: r.store_id,
        card: StampCard {
            min_total: Money::from_dirhams(r.min_total_dirhams),
            stamps_required: r.stamps_required,
            reward_name: r.reward_name,
            expires_after_days: r.expires_after_days,
        },
        updated_at: r.updated_at,
    }
}

/// The customer's stamps that count at `now`, oldest first: from the table, or (`@from`) from
/// an alias of it, for a count inside another statement on the table.
macro_rules! counting {
    ($customer_id:expr, $now:expr) => {
        counting!(@from stamp_events::table, , $customer_id, $now)
    };
    (@from $source:expr, $($alias:ident)?, $customer_id:expr, $now:expr) => {
        $source
            .filter(counting!(@col $($alias)? customer_id).eq($customer_id))
            .filter(counting!(@col $($alias)? kind).eq(StampEventKind::Earned.as_str()))
            .filter(counting!(@col $($alias)? redeemed_by).is_null())
            .filter(counting!(@col $($alias)? revoked_at).is_null())
            .filter(counting!(@col $($alias)? expires_at).is_null().or(counting!(@col $($alias)? expires_at).gt($now)))
    };
    (@col $alias:ident $column:ident) => {
        $alias.field(stamp_events::$column)
    };
    (@col $column:ident) => {
        stamp_events::$column
    };
}

diesel::alias!(stamp_events as others: OtherStamps);

impl StampRepo for DbTx<'_> {
    fn stamp_card(&mut self, store_id: i64) -> RepoResult<Option<StoreStampCard>> {
        let row: Option<CardRow> = stamp_cards::table
            .find(store_id)
            .select(CardRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(into_card))
    }

    fn owner_stamp_cards(&mut self, owner_id: i64) -> RepoResult<Vec<StoreStampCard>> {
        let rows: Vec<CardRow> = stamp_cards::table
            .inner_join(stores::table.on(stores::id.eq(stamp_cards::store_id)))
            .filter(stores::owner_id.eq(owner_id))
            .select(CardRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        Ok(rows.into_iter().map(into_card).collect())
    }

    fn save_stamp_card(&mut self, store_id: i64, card: &StampCard, now: NaiveDateTime) -> RepoResult<()> {
        let values = (
            stamp_cards::min_total_dirhams.eq(card.min_total.dirhams()),
            stamp_cards::stamps_required.eq(card.stamps_required),
            stamp_cards::reward_name.eq(&card.reward_name),
            stamp_cards::expires_after_days.eq(card.expires_after_days),
            stamp_cards::updated_at.eq(now),
        );
        // No ON CONFLICT through the multi-backend connection: update, else insert (the
        // caller's write transaction holds the lock on SQLite, the owner's row lock on
        // PostgreSQL, so no other save of the card comes between).
        let updated =
            diesel::update(stamp_cards::table.find(store_id)).set(values).execute(self.conn).map_err(map_error)?;
        if updated == 0 {
            diesel::insert_into(stamp_cards::table)
                .values((stamp_cards::store_id.eq(store_id), values))
                .execute(self.conn)
                .map_err(map_error)?;
        }
        Ok(())
    }

    fn delete_stamp_card(&mut self, store_id: i64) -> RepoResult<bool> {
        let deleted = diesel::delete(stamp_cards::table.find(store_id)).execute(self.conn).map_err(map_error)?;
        Ok(deleted == 1)
    }

    fn insert_stamp(&mut self, stamp: NewStamp) -> RepoResult<(i64, i64)> {
        // The customer's other stamps that count, in the insert's own statement (its RETURNING):
        // one statement on the sale path instead of two. Leaving out this sale's stamp makes the
        // count the same whether a backend's subquery sees the new row (SQLite) or not
        // (PostgreSQL); the new stamp counts (it expires a day after at the earliest).
        let counted = counting!(@from others, others, stamp.customer_id, stamp.now)
            .filter(others.field(stamp_events::invoice_id).ne(stamp.invoice_id))
            .select(count_star())
            .single_value();
        let (id, others_counted): (i64, Option<i64>) = diesel::insert_into(stamp_events::table)
            .values((
                stamp_events::customer_id.eq(stamp.customer_id),
                stamp_events::store_id.eq(stamp.store_id),
                stamp_events::kind.eq(StampEventKind::Earned.as_str()),
                stamp_events::stamps.eq(1_i64),
                stamp_events::invoice_id.eq(Some(stamp.invoice_id)),
                stamp_events::expires_at.eq(stamp.expires_at),
                stamp_events::created_at.eq(stamp.now),
            ))
            .returning((stamp_events::id, counted))
            .get_result(self.conn)
            .map_err(map_unique("stamp_events.invoice_id"))?;
        Ok((id, others_counted.unwrap_or(0) + 1))
    }

    fn count_stamps(&mut self, customer_id: i64, now: NaiveDateTime) -> RepoResult<i64> {
        counting!(customer_id, now).select(count_star()).get_result(self.conn).map_err(map_error)
    }

    fn redeem_stamps(&mut self, r: NewStampRedemption<'_>) -> RepoResult<i64> {
        let id: i64 = diesel::insert_into(stamp_events::table)
            .values((
                stamp_events::customer_id.eq(r.customer_id),
                stamp_events::store_id.eq(r.store_id),
                stamp_events::kind.eq(StampEventKind::Redeemed.as_str()),
                stamp_events::stamps.eq(r.stamps),
                stamp_events::reward_name.eq(Some(r.reward_name)),
                stamp_events::actor_id.eq(Some(r.actor_id)),
                stamp_events::api_key_id.eq(r.api_key_id),
                stamp_events::created_at.eq(r.now),
            ))
            .returning(stamp_events::id)
            .get_result(self.conn)
            .map_err(map_error)?;
        let oldest: Vec<i64> = counting!(r.customer_id, r.now)
            .order((stamp_events::created_at, stamp_events::id))
            .limit(r.stamps)
            .select(stamp_events::id)
            .load(self.conn)
            .map_err(map_error)?;
        diesel::update(stamp_events::table.filter(stamp_events::id.eq_any(oldest)))
            .set(stamp_events::redeemed_by.eq(Some(id)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(id)
    }

    fn revoke_stamp(&mut self, invoice_id: i64, now: NaiveDateTime) -> RepoResult<Option<i64>> {
        // The sale's one stamp (found by its invoice), then taken back only while it still counts:
        // the conditions again in the update, so a redemption in between keeps it.
        let Some(id) = stamp_events::table
            .filter(stamp_events::invoice_id.eq(invoice_id))
            .filter(stamp_events::kind.eq(StampEventKind::Earned.as_str()))
            .select(stamp_events::id)
            .first::<i64>(self.conn)
            .optional()
            .map_err(map_error)?
        else {
            return Ok(None);
        };
        let revoked = diesel::update(
            stamp_events::table
                .find(id)
                .filter(stamp_events::redeemed_by.is_null())
                .filter(stamp_events::revoked_at.is_null()),
        )
        .set(stamp_events::revoked_at.eq(Some(now)))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok((revoked == 1).then_some(id))
    }

    fn stamp_events(&mut self, customer_id: i64, page: PageRequest) -> RepoResult<(Vec<StampEvent>, i64)> {
        let total: i64 = stamp_events::table
            .filter(stamp_events::customer_id.eq(customer_id))
            .select(count_star())
            .get_result(self.conn)
            .map_err(map_error)?;
        let (limit, offset) = limits(page);
        let rows: Vec<EventRow> = stamp_events::table
            .filter(stamp_events::customer_id.eq(customer_id))
            .order(stamp_events::id.desc())
            .limit(limit)
            .offset(offset)
            .select(EventRow::as_select())
            .load(self.conn)
            .map_err(map_error)?;
        Ok((rows.into_iter().map(into_event).collect::<RepoResult<_>>()?, total))
    }

    fn stamp_event(&mut self, id: i64) -> RepoResult<Option<StampEvent>> {
        let row: Option<EventRow> = stamp_events::table
            .find(id)
            .select(EventRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        row.map(into_event).transpose()
    }
}
