use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{RepoError, RepoResult, RewardFields, RewardRepo};
use loyalty_application::{Reward, RewardType};

use crate::db::schema::{redemptions, rewards};
use crate::db::tx::{map_error, DbTx};

type Row = (i64, i64, String, Option<String>, String, i64, i64, bool, Option<i64>);

fn into_reward(row: Row) -> RepoResult<Reward> {
    let (id, store_owner_id, name, description, kind, points_required, amount_milli, is_active, count) = row;
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

macro_rules! selected {
    () => {
        rewards::table.filter(rewards::deleted_at.is_null()).select((
            rewards::id,
            rewards::store_owner_id,
            rewards::name,
            rewards::description,
            rewards::reward_type,
            rewards::points_required,
            rewards::amount_milli,
            rewards::is_active,
            redemptions::table.filter(redemptions::reward_id.eq(rewards::id)).count().single_value(),
        ))
    };
}

impl RewardRepo for DbTx<'_> {
    fn reward_by_id(&mut self, id: i64) -> RepoResult<Option<Reward>> {
        let row: Option<Row> = selected!().filter(rewards::id.eq(id)).first(self.conn).optional().map_err(map_error)?;
        row.map(into_reward).transpose()
    }

    fn list_rewards(&mut self, owner_id: i64, active_only: bool) -> RepoResult<Vec<Reward>> {
        let rows: Vec<Row> = if active_only {
            selected!()
                .filter(rewards::store_owner_id.eq(owner_id))
                .filter(rewards::is_active.eq(true))
                .order((rewards::points_required, rewards::id))
                .load(self.conn)
        } else {
            selected!()
                .filter(rewards::store_owner_id.eq(owner_id))
                .order((rewards::points_required, rewards::id))
                .load(self.conn)
        }
        .map_err(map_error)?;
        rows.into_iter().map(into_reward).collect()
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
