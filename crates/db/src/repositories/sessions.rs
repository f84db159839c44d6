use chrono::NaiveDateTime;
use diesel::prelude::*;
use loyalty_application::ports::{RepoResult, SessionRepo};
use loyalty_application::User;

use super::users::{users_with_store, UserWithStore};
use crate::schema::{sessions, stores, users};
use crate::tx::{map_error, DbTx};

impl SessionRepo for DbTx<'_> {
    fn insert_session(
        &mut self,
        id: &str,
        user_id: i64,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> RepoResult<()> {
        diesel::insert_into(sessions::table)
            .values((
                sessions::id.eq(id),
                sessions::user_id.eq(user_id),
                sessions::created_at.eq(now),
                sessions::expires_at.eq(expires_at),
            ))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn delete_sessions_ended_before(&mut self, before: NaiveDateTime) -> RepoResult<usize> {
        diesel::delete(sessions::table.filter(sessions::expires_at.lt(before).or(sessions::revoked_at.lt(before))))
            .execute(self.conn)
            .map_err(map_error)
    }

    fn session_user(&mut self, session_id: &str, now: NaiveDateTime) -> RepoResult<Option<User>> {
        let live_session = sessions::table
            .select(sessions::user_id)
            .filter(sessions::id.eq(session_id))
            .filter(sessions::revoked_at.is_null())
            .filter(sessions::expires_at.gt(now));
        // A cashier works only while its store stands and its owner is active: deleting the
        // store or deactivating the owner stops its staff at once. Still one SELECT.
        let (owners, owned) = diesel::alias!(users as owners, stores as owned_stores);
        let live_owners = owners
            .filter(owners.field(users::is_active).eq(true))
            .filter(owners.field(users::deleted_at).is_null())
            .select(owners.field(users::id));
        let stores_of_live_owners = owned
            .filter(owned.field(stores::owner_id).eq_any(live_owners))
            .filter(owned.field(stores::deleted_at).is_null())
            .select(owned.field(stores::id));
        let row: Option<UserWithStore> = users_with_store!()
            .filter(users::id.eq_any(live_session))
            .filter(users::deleted_at.is_null())
            .filter(users::is_active.eq(true))
            .filter(users::store_id.is_null().or(users::store_id.eq_any(stores_of_live_owners.nullable())))
            .first(self.conn)
            .optional()
            .map_err(map_error)?;
        row.map(|(user, store)| user.into_user(store)).transpose()
    }

    fn revoke_session(&mut self, session_id: &str, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(sessions::table.filter(sessions::id.eq(session_id)).filter(sessions::revoked_at.is_null()))
            .set(sessions::revoked_at.eq(now))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }

    fn revoke_user_sessions(&mut self, user_id: i64, now: NaiveDateTime) -> RepoResult<()> {
        diesel::update(sessions::table.filter(sessions::user_id.eq(user_id)).filter(sessions::revoked_at.is_null()))
            .set(sessions::revoked_at.eq(now))
            .execute(self.conn)
            .map_err(map_error)?;
        Ok(())
    }
}
