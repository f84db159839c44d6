use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use loyalty_application::ports::{NewRedemption, RecordFilter, RedemptionRepo, RepoResult};
use loyalty_application::{PageRequest, PersonRef, Redemption, RewardRef};
use loyalty_domain::Money;

use super::store_days::DayDelta;
use super::{filter_stores, limits, person, sales_filtered, sales_page};
use crate::pool::DbBackend;
use crate::schema::{api_keys, customers, redemptions, rewards, users};
use crate::tx::{map_error, DbTx};

/// A redemption with its customer's and cashier's names and its reward, if one was bought.
#[derive(Queryable, Selectable)]
#[diesel(table_name = redemptions, check_for_backend(DbBackend))]
struct Row {
    id: i64,
    store_id: i64,
    customer_id: i64,
    #[diesel(select_expression = customers::name)]
    customer_name: String,
    points_spent: i64,
    pos_user_id: Option<i64>,
    #[diesel(select_expression = users::name.nullable())]
    pos_user_name: Option<String>,
    api_key_id: Option<i64>,
    #[diesel(select_expression = api_keys::name.nullable())]
    api_key_name: Option<String>,
    created_at: NaiveDateTime,
    value_dirhams: Option<i64>,
    #[diesel(embed)]
    reward: Option<RewardRow>,
}

/// The reward a redemption bought.
#[derive(Queryable, Selectable)]
#[diesel(table_name = rewards, check_for_backend(DbBackend))]
struct RewardRow {
    id: i64,
    name: String,
    description: Option<String>,
    points_required: i64,
}

fn into_redemption(row: Row) -> Redemption {
    Redemption {
        id: row.id,
        store_id: row.store_id,
        customer: PersonRef { id: row.customer_id, name: row.customer_name },
        reward: row.reward.map(|r| RewardRef {
            id: r.id,
            name: r.name,
            description: r.description,
            points_required: r.points_required,
        }),
        points_spent: row.points_spent,
        value: row.value_dirhams.map(Money::from_dirhams),
        pos_user: person(row.pos_user_id, row.pos_user_name),
        api_key: person(row.api_key_id, row.api_key_name),
        created_at: row.created_at,
    }
}

macro_rules! joined {
    () => {
        redemptions::table
            .inner_join(customers::table)
            .left_join(rewards::table)
            .left_join(users::table.on(redemptions::pos_user_id.eq(users::id.nullable())))
            .left_join(api_keys::table.on(redemptions::api_key_id.eq(api_keys::id.nullable())))
            .select(Row::as_select())
    };
}

impl RedemptionRepo for DbTx<'_> {
    fn insert_redemption(&mut self, r: NewRedemption) -> RepoResult<i64> {
        let id = diesel::insert_into(redemptions::table)
            .values((
                redemptions::store_id.eq(r.store_id),
                redemptions::customer_id.eq(r.customer_id),
                redemptions::reward_id.eq(r.reward_id),
                redemptions::pos_user_id.eq(r.pos_user_id),
                redemptions::api_key_id.eq(r.api_key_id),
                redemptions::points_spent.eq(r.points_spent),
                redemptions::created_at.eq(r.now),
                redemptions::value_dirhams.eq(r.value.map(Money::dirhams)),
            ))
            .returning(redemptions::id)
            .get_result(self.conn)
            .map_err(map_error)?;
        self.days.add(r.store_id, r.now, DayDelta::gift(r.points_spent));
        Ok(id)
    }

    fn redemption_by_id(&mut self, id: i64) -> RepoResult<Option<Redemption>> {
        let row: Option<Row> =
            joined!().filter(redemptions::id.eq(id)).first(self.conn).optional().map_err(map_error)?;
        Ok(row.map(into_redemption))
    }

    fn list_redemptions(&mut self, filter: &RecordFilter, page: PageRequest) -> RepoResult<(Vec<Redemption>, i64)> {
        // A redemption never changes: its change time is when it was made.
        let (rows, total) = sales_page!(self.conn, filter, page, joined!() => Row, redemptions { changed: created_at, created: created_at });
        Ok((rows.into_iter().map(into_redemption).collect(), total))
    }
}
