use crate::repositories::stored;
use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use loyalty_application::ports::{RepoResult, RewardCounts, RewardFields, RewardRepo};
use loyalty_application::{Reward, RewardType};

use crate::pool::DbBackend;
use crate::schema::{redemptions, rewards};
use crate::tx::{map_error, DbTx};

/// A reward as stored.
#[derive(Queryable, Selectable)]
#[diesel(table_name = rewards, check_for_backend(DbBackend))]
struct Fields {
    id: i64,
    store_owner_id: i64,
    name: String,
    description: Option<String>,
    reward_type: String,
    points_required: i64,
    amount_milli: i64,
    is_active: bool,
}

fn into_reward(fields: Fields, count: i64) -> RepoResult<Reward> {
    let kind = fields.reward_type;
    Ok(Reward {
        id: fields.id,
        store_owner_id: fields.store_owner_id,
        name: fields.name,
        description: fields.description,
        reward_type: stored::<RewardType>(&kind)?,
        points_required: fields.points_required,
        amount_milli: fields.amount_milli,
        is_active: fields.is_active,
        redemptions_count: count,
    })
}

/// Live rewards.
macro_rules! live {
    () => {
        rewards::table.filter(rewards::deleted_at.is_null()).select(Fields::as_select())
    };
}

impl DbTx<'_> {
    /// The rewards with their redemption counts when asked (0 without). Counting reads every
    /// redemption of each reward, so hot paths go without.
    fn with_counts(&mut self, rows: Vec<Fields>, counts: RewardCounts) -> RepoResult<Vec<Reward>> {
        let counted: Vec<(Option<i64>, i64)> = match counts {
            RewardCounts::Without => Vec::new(),
            RewardCounts::With => redemptions::table
                .filter(redemptions::reward_id.eq_any(rows.iter().map(|r| r.id).collect::<Vec<_>>()))
                .group_by(redemptions::reward_id)
                .select((redemptions::reward_id, count_star()))
                .load(self.conn)
                .map_err(map_error)?,
        };
        rows.into_iter()
            .map(|fields| {
                let count = counted.iter().find(|(id, _)| *id == Some(fields.id)).map_or(0, |(_, n)| *n);
                into_reward(fields, count)
            })
            .collect()
    }
}

impl RewardRepo for DbTx<'_> {
    fn reward_by_id(&mut self, id: i64, counts: RewardCounts) -> RepoResult<Option<Reward>> {
        let row: Option<Fields> = live!().filter(rewards::id.eq(id)).first(self.conn).optional().map_err(map_error)?;
        Ok(self.with_counts(row.into_iter().collect(), counts)?.pop())
    }

    fn list_rewards(&mut self, owner_id: i64, active_only: bool, counts: RewardCounts) -> RepoResult<Vec<Reward>> {
        let mut query = live!().filter(rewards::store_owner_id.eq(owner_id)).into_boxed::<DbBackend>();
        if active_only {
            query = query.filter(rewards::is_active.eq(true));
        }
        let rows: Vec<Fields> =
            query.order((rewards::points_required, rewards::id)).load(self.conn).map_err(map_error)?;
        self.with_counts(rows, counts)
    }

    fn insert_reward(&mut self, r: &RewardFields, owner_id: i64, now: NaiveDateTime) -> RepoResult<i64> {
        diesel::insert_into(rewards::table)
            .values((RewardValues::of(r, now), rewards::store_owner_id.eq(owner_id), rewards::created_at.eq(now)))
            .returning(rewards::id)
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn update_reward(&mut self, id: i64, r: &RewardFields, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(rewards::table.find(id)).set(RewardValues::of(r, now)).execute(self.conn).map_err(map_error)?;
        Ok(())
    }
}

/// What the reward form writes, on insert and on update alike (a cleared description is
/// written as NULL, not skipped).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = rewards, treat_none_as_null = true)]
struct RewardValues<'a> {
    name: &'a str,
    description: Option<&'a str>,
    reward_type: &'static str,
    points_required: i64,
    amount_milli: i64,
    is_active: bool,
    updated_at: NaiveDateTime,
}

impl<'a> RewardValues<'a> {
    fn of(r: &'a RewardFields, now: NaiveDateTime) -> Self {
        RewardValues {
            name: &r.name,
            description: r.description.as_deref(),
            reward_type: r.reward_type.as_str(),
            points_required: r.points_required,
            amount_milli: r.amount_milli,
            is_active: r.is_active,
            updated_at: now,
        }
    }
}
