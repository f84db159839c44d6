use diesel::prelude::*;
use loyalty_application::ports::{RepoResult, StoreRepo};
use loyalty_application::StoreScope;
use loyalty_domain::{Money, PointsRate};

use crate::db::schema::{loyalty_settings, stores};
use crate::db::tx::{map_error, DbTx};

impl StoreRepo for DbTx<'_> {
    fn store_scope(&mut self, id: i64) -> RepoResult<Option<StoreScope>> {
        let row: Option<(i64, String, i64)> = stores::table
            .select((stores::id, stores::name, stores::owner_id))
            .filter(stores::id.eq(id))
            .filter(stores::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|(id, name, owner_id)| StoreScope { id, name, owner_id }))
    }

    fn owner_store_ids(&mut self, owner_id: i64) -> RepoResult<Vec<i64>> {
        stores::table
            .select(stores::id)
            .filter(stores::owner_id.eq(owner_id))
            .filter(stores::deleted_at.is_null())
            .order(stores::id)
            .load(self.conn)
            .map_err(map_error)
    }

    fn store_by_token(&mut self, token: &str) -> RepoResult<Option<StoreScope>> {
        let row: Option<(i64, String, i64)> = stores::table
            .select((stores::id, stores::name, stores::owner_id))
            .filter(stores::registration_token.eq(token))
            .filter(stores::deleted_at.is_null())
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map(|(id, name, owner_id)| StoreScope { id, name, owner_id }))
    }

    fn loyalty_settings(&mut self, owner_id: i64) -> RepoResult<(PointsRate, Money)> {
        let row: Option<(i64, i64)> = loyalty_settings::table
            .select((loyalty_settings::points_per_lyd_milli, loyalty_settings::min_purchase_dirhams))
            .find(owner_id)
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        Ok(row.map_or((PointsRate::DEFAULT, Money::ZERO), |(rate, min)| {
            (PointsRate::from_milli(rate), Money::from_dirhams(min))
        }))
    }
}
