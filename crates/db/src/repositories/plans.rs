use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{CardProblem, NewSubscription, PlanRepo, RepoResult};
use loyalty_application::{PackageSummary, Subscription};
use loyalty_domain::Money;

use crate::pool::DbBackend;
use crate::schema::{packages, redemption_cards, subscriptions};
use crate::tx::{map_error, DbTx};

/// A package as plans and cards show it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = packages, check_for_backend(DbBackend))]
pub(super) struct PackageRow {
    id: i64,
    name: String,
    store_limit: i32,
    duration_months: i32,
    price_dirhams: i64,
    is_active: bool,
}

/// A subscription and its package.
#[derive(Queryable, Selectable)]
#[diesel(table_name = subscriptions, check_for_backend(DbBackend))]
struct SubscriptionRow {
    id: i64,
    store_owner_id: i64,
    starts_at: NaiveDateTime,
    ends_at: NaiveDateTime,
    auto_renew: bool,
    #[diesel(embed)]
    package: PackageRow,
}

/// What decides whether a card can be redeemed.
#[derive(Queryable, Selectable)]
#[diesel(table_name = redemption_cards, check_for_backend(DbBackend))]
struct CardState {
    package_id: i64,
    redeemed_by: Option<i64>,
    expires_at: Option<NaiveDateTime>,
}

pub(super) fn package(row: PackageRow) -> PackageSummary {
    PackageSummary {
        id: row.id,
        name: row.name,
        store_limit: i64::from(row.store_limit),
        duration_months: i64::from(row.duration_months),
        price: Money::from_dirhams(row.price_dirhams),
        is_active: row.is_active,
    }
}

impl DbTx<'_> {
    /// The owner's plan in effect at `now` or, with `waiting`, the one waiting to start after it.
    fn find_subscription(
        &mut self,
        owner_id: i64,
        now: NaiveDateTime,
        waiting: bool,
    ) -> RepoResult<Option<Subscription>> {
        let query = subscriptions::table
            .inner_join(packages::table)
            .filter(subscriptions::store_owner_id.eq(owner_id))
            .select(SubscriptionRow::as_select())
            .into_boxed::<DbBackend>();
        let query = if waiting {
            query
                .filter(subscriptions::status.eq("queued"))
                .filter(subscriptions::starts_at.gt(now))
                .order(subscriptions::starts_at.asc())
        } else {
            query
                .filter(subscriptions::status.eq_any(["active", "queued"]))
                .filter(subscriptions::starts_at.le(now))
                .filter(subscriptions::ends_at.gt(now))
                .order(subscriptions::starts_at.desc())
        };
        let row: Option<SubscriptionRow> = query.first(self.conn).optional().map_err(map_error)?;
        Ok(row.map(|row| Subscription {
            id: row.id,
            store_owner_id: row.store_owner_id,
            package: package(row.package),
            starts_at: row.starts_at,
            ends_at: row.ends_at,
            auto_renew: row.auto_renew,
        }))
    }
}

impl PlanRepo for DbTx<'_> {
    fn active_subscription(&mut self, owner_id: i64, now: NaiveDateTime) -> RepoResult<Option<Subscription>> {
        self.find_subscription(owner_id, now, false)
    }

    fn next_subscription(&mut self, owner_id: i64, now: NaiveDateTime) -> RepoResult<Option<Subscription>> {
        self.find_subscription(owner_id, now, true)
    }

    fn end_subscription(&mut self, owner_id: i64, status: &'static str, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(
            subscriptions::table
                .filter(subscriptions::store_owner_id.eq(owner_id))
                .filter(subscriptions::status.eq_any(["active", "queued"])),
        )
        .set((subscriptions::status.eq(status), subscriptions::updated_at.eq(now)))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(())
    }

    fn replace_subscription(&mut self, subscription_id: i64, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(subscriptions::table.find(subscription_id))
            .set((subscriptions::status.eq("replaced"), subscriptions::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn insert_subscription(&mut self, s: NewSubscription) -> RepoResult<i64> {
        diesel::insert_into(subscriptions::table)
            .values((
                subscriptions::store_owner_id.eq(s.store_owner_id),
                subscriptions::package_id.eq(s.package_id),
                subscriptions::status.eq(if s.queued { "queued" } else { "active" }),
                subscriptions::starts_at.eq(s.starts_at),
                subscriptions::ends_at.eq(s.ends_at),
                subscriptions::auto_renew.eq(s.auto_renew),
                subscriptions::source.eq(s.source),
                subscriptions::notes.eq(s.notes),
                subscriptions::created_at.eq(s.now),
                subscriptions::updated_at.eq(s.now),
            ))
            .returning(subscriptions::id)
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn set_auto_renew(&mut self, subscription_id: i64, auto_renew: bool, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(subscriptions::table.find(subscription_id))
            .set((subscriptions::auto_renew.eq(auto_renew), subscriptions::updated_at.eq(now)))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn package_summary(&mut self, id: i64) -> RepoResult<Option<PackageSummary>> {
        let row: Option<PackageRow> =
            packages::table.find(id).select(PackageRow::as_select()).first(self.conn).optional().map_err(map_error)?;
        Ok(row.map(package))
    }

    fn claim_card(&mut self, code: &str, user_id: i64, now: NaiveDateTime) -> RepoResult<Result<i64, CardProblem>> {
        // One conditional UPDATE: of any number of concurrent attempts, exactly one matches.
        let claimed: Option<i64> = diesel::update(
            redemption_cards::table
                .filter(redemption_cards::code.eq(code))
                .filter(redemption_cards::redeemed_by.is_null())
                .filter(redemption_cards::expires_at.is_null().or(redemption_cards::expires_at.gt(now))),
        )
        .set((
            redemption_cards::redeemed_by.eq(user_id),
            redemption_cards::redeemed_at.eq(now),
            redemption_cards::updated_at.eq(now),
        ))
        .returning(redemption_cards::package_id)
        .get_result(self.conn)
        .optional()
        .map_err(map_error)?;
        match claimed {
            Some(package_id) => Ok(Ok(package_id)),
            // Why not: the same answer a look without claiming gives.
            None => Ok(self.peek_card(code, now)?.and(Err(CardProblem::AlreadyRedeemed))),
        }
    }

    fn peek_card(&mut self, code: &str, now: NaiveDateTime) -> RepoResult<Result<i64, CardProblem>> {
        let card: Option<CardState> = redemption_cards::table
            .filter(redemption_cards::code.eq(code))
            .select(CardState::as_select())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(match card {
            None => Err(CardProblem::Unknown),
            Some(CardState { redeemed_by: Some(_), .. }) => Err(CardProblem::AlreadyRedeemed),
            Some(CardState { expires_at: Some(expires_at), .. }) if expires_at <= now => Err(CardProblem::Expired),
            Some(card) => Ok(card.package_id),
        })
    }
}
