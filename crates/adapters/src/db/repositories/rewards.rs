use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{RepoError, RepoResult, RewardCounts, RewardFields, RewardRepo};
use loyalty_application::{Reward, RewardType};

use crate::db::schema::{redemptions, rewards};
use crate::db::tx::{map_error, DbTx};

type Fields = (i64, i64, String, Option<String>, String, i64, i64, bool);

fn into_reward(fields: Fields, count: Option<i64>) -> RepoResult<Reward> {
    let (id, store_owner_id, name, description, kind, points_required, amount_milli, is_active) = fields;
    Ok(Reward {
        id,
        store_owner_id,
        name,
        description,
        reward_type: RewardType::parse(&kind).ok_or_else(|| RepoError::Other(format!("unknown reward type {kind}")))?,
        points_required,
        amount_milli,
        is_active,
        redemptions_count: count.unwrap_or(0),
    })
}

macro_rules! fields {
    () => {
        (
            rewards::id,
            rewards::store_owner_id,
            rewards::name,
            rewards::description,
            rewards::reward_type,
            rewards::points_required,
            rewards::amount_milli,
            rewards::is_active,
        )
    };
}

/// Live rewards with their redemption counts (a count per reward: only where it is shown).
macro_rules! counted {
    () => {
        rewards::table.filter(rewards::deleted_at.is_null()).select((
            fields!(),
            redemptions::table.filter(redemptions::reward_id.eq(rewards::id)).count().single_value(),
        ))
    };
}

/// Live rewards without counts: the counter and the public lookup need none, and counting
/// grows with every redemption.
macro_rules! uncounted {
    () => {
        rewards::table.filter(rewards::deleted_at.is_null()).select(fields!())
    };
}

impl RewardRepo for DbTx<'_> {
    fn reward_by_id(&mut self, id: i64, counts: RewardCounts) -> RepoResult<Option<Reward>> {
        let row: Option<(Fields, Option<i64>)> = match counts {
            RewardCounts::With => counted!().filter(rewards::id.eq(id)).first(self.conn).optional(),
            RewardCounts::Without => {
                uncounted!().filter(rewards::id.eq(id)).first(self.conn).optional().map(|r| r.map(|f| (f, None)))
            }
        }
        .map_err(map_error)?;
        row.map(|(fields, count)| into_reward(fields, count)).transpose()
    }

    fn list_rewards(&mut self, owner_id: i64, active_only: bool, counts: RewardCounts) -> RepoResult<Vec<Reward>> {
        let order = (rewards::points_required, rewards::id);
        let rows: Vec<(Fields, Option<i64>)> = match (counts, active_only) {
            (RewardCounts::With, true) => counted!()
                .filter(rewards::store_owner_id.eq(owner_id))
                .filter(rewards::is_active.eq(true))
                .order(order)
                .load(self.conn),
            (RewardCounts::With, false) => {
                counted!().filter(rewards::store_owner_id.eq(owner_id)).order(order).load(self.conn)
            }
            (RewardCounts::Without, true) => uncounted!()
                .filter(rewards::store_owner_id.eq(owner_id))
                .filter(rewards::is_active.eq(true))
                .order(order)
                .load::<Fields>(self.conn)
                .map(|rows| rows.into_iter().map(|f| (f, None)).collect()),
            (RewardCounts::Without, false) => uncounted!()
                .filter(rewards::store_owner_id.eq(owner_id))
                .order(order)
                .load::<Fields>(self.conn)
                .map(|rows| rows.into_iter().map(|f| (f, None)).collect()),
        }
        .map_err(map_error)?;
        rows.into_iter().map(|(fields, count)| into_reward(fields, count)).collect()
    }

    fn insert_reward(&mut self, r: &RewardFields, owner_id: i64, now: NaiveDateTime) -> RepoResult<i64> {
        diesel::insert_into(rewards::table)
            .values((
                rewards::store_owner_id.eq(owner_id),
                rewards::name.eq(&r.name),
                rewards::description.eq(&r.description),
                rewards::reward_type.eq(r.reward_type.as_str()),
                rewards::points_required.eq(r.points_required),
                rewards::amount_milli.eq(r.amount_milli),
                rewards::is_active.eq(r.is_active),
                rewards::created_at.eq(now),
                rewards::updated_at.eq(now),
            ))
            .returning(rewards::id)
            .get_result(self.conn)
            .map_err(map_error)
    }

    fn update_reward(&mut self, id: i64, r: &RewardFields, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(rewards::table.find(id))
            .set((
                rewards::name.eq(&r.name),
                rewards::description.eq(&r.description),
                rewards::reward_type.eq(r.reward_type.as_str()),
                rewards::points_required.eq(r.points_required),
                rewards::amount_milli.eq(r.amount_milli),
                rewards::is_active.eq(r.is_active),
                rewards::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }
}
