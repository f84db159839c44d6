use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{CardProblem, NewSubscription, PlanRepo, RepoResult};
use loyalty_application::{PackageSummary, Subscription};
use loyalty_domain::Money;

use crate::db::schema::{packages, redemption_cards, subscriptions};
use crate::db::tx::{map_error, DbTx};

type PackageRow = (i64, String, i32, i32, i64, bool);
type SubscriptionRow = ((i64, i64, NaiveDateTime, NaiveDateTime, bool), PackageRow);

fn package(row: PackageRow) -> PackageSummary {
    let (id, name, store_limit, duration_months, price, is_active) = row;
    PackageSummary {
        id,
        name,
        store_limit: i64::from(store_limit),
        duration_months: i64::from(duration_months),
        price: Money::from_dirhams(price),
        is_active,
    }
}

fn package_columns() -> (
    packages::id,
    packages::name,
    packages::store_limit,
    packages::duration_months,
    packages::price_dirhams,
    packages::is_active,
) {
    (
        packages::id,
        packages::name,
        packages::store_limit,
        packages::duration_months,
        packages::price_dirhams,
        packages::is_active,
    )
}

impl PlanRepo for DbTx<'_> {
    fn active_subscription(&mut self, owner_id: i64, now: NaiveDateTime) -> RepoResult<Option<Subscription>> {
        let row: Option<SubscriptionRow> = subscriptions::table
            .inner_join(packages::table)
            .filter(subscriptions::store_owner_id.eq(owner_id))
            .filter(subscriptions::status.eq("active"))
            .filter(subscriptions::ends_at.gt(now))
            .select((
                (
                    subscriptions::id,
                    subscriptions::store_owner_id,
                    subscriptions::starts_at,
                    subscriptions::ends_at,
                    subscriptions::auto_renew,
                ),
                package_columns(),
            ))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|((id, store_owner_id, starts_at, ends_at, auto_renew), p)| Subscription {
            id,
            store_owner_id,
            package: package(p),
            starts_at,
            ends_at,
            auto_renew,
        }))
    }

    fn end_subscription(&mut self, owner_id: i64, status: &'static str, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(
            subscriptions::table
                .filter(subscriptions::store_owner_id.eq(owner_id))
                .filter(subscriptions::status.eq("active")),
        )
        .set((subscriptions::status.eq(status), subscriptions::updated_at.eq(now)))
        .execute(self.conn)
        .map_err(map_error)?;
        Ok(())
    }

    fn insert_subscription(&mut self, s: NewSubscription) -> RepoResult<i64> {
        diesel::insert_into(subscriptions::table)
            .values((
                subscriptions::store_owner_id.eq(s.store_owner_id),
                subscriptions::package_id.eq(s.package_id),
                subscriptions::status.eq("active"),
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
            packages::table.find(id).select(package_columns()).first(self.conn).optional().map_err(map_error)?;
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
        if let Some(package_id) = claimed {
            return Ok(Ok(package_id));
        }
        let card: Option<(Option<i64>, Option<NaiveDateTime>)> = redemption_cards::table
            .filter(redemption_cards::code.eq(code))
            .select((redemption_cards::redeemed_by, redemption_cards::expires_at))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(Err(match card {
            None => CardProblem::Unknown,
            Some((Some(_), _)) => CardProblem::AlreadyRedeemed,
            Some((None, _)) => CardProblem::Expired,
        }))
    }
}
